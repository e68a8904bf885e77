"""Output of the play family: one decision, rank queries, batch lines, the whole game, seen-card games."""
