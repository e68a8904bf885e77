"""The model: what the game is made of, parsed and checked.

``cards`` (``Card``, parsing and formatting cards), ``hands`` (categories, rank patterns, hand
values), ``rules`` (``Rules``: pay table, qualifier, raise size, ante, cap; ``Paytable`` and its TOML
files) and ``checks`` (the argument checks every public function shares). Nothing here computes a
game; the only call into the core is the evaluator's look-up tables (``hands``, the qualifier).
"""
