"""Output of the strategy family: charts (text, JSON, printed pages), strategy tables, the frontier, the card."""
