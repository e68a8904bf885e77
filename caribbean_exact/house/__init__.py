"""The house's side: pay tables compared, the cap, side bets, volatility and the math report.

``paytables`` (the known tables, solved side by side), ``bet_cap`` (the cost of a cap per bet),
``sidebets`` (the progressive jackpot, the 5+1 Bonus, the game plus a side bet), ``volatility``
(results over N hands, seats at one table, per table-hour) and ``math_report`` (every figure of the
report as one ``MathReport``).
"""
