"""Playing the game: one situation or the whole game, exactly, and what information changes.

``odds`` (one situation: ``ev`` -> ``Decision``), ``game`` (the whole game: ``solve`` ->
``GameReport``), ``known_cards`` (exact games with one to four dealer hole cards seen) and
``sampling`` (sampled games: colluding players, burn cards, cross-checks of the exact games).
"""
