"""Output of the house family: pay tables compared, the cap, side bets and the math report."""
