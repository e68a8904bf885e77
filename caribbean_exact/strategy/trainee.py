"""The strategy a player trains (``train --strategy``): optimal play, a built-in simple strategy by
name, the strategy card's simple strategy ("card"), or a rule file.

>>> t = trainee("pair or better")
>>> t.name, t.optimal
('pair or better', False)
>>> from caribbean_exact.model.cards import parse_cards, Card
>>> t.decide(parse_cards("As Kd Jh 8c 3s"), Card("Qs"))
'fold'
"""

from __future__ import annotations

import os
from collections.abc import Callable

from ..errors import InvalidRules, shown
from ..model.cards import Card
from ..model.checks import check_rules
from ..model.rules import Rules
from ..play.trainer import Trainee
from ..progress import ProgressFn
from .rule_file import load_rule_file, parse_rule_file
from .strategies import BUILTIN, Strategy, situation_of

__all__ = ["NAMES", "trainee"]

#: The names ``trainee`` knows besides the built-in strategies and rule files.
NAMES = ("optimal", "card")


def _decider(st: Strategy) -> Callable[[tuple[Card, ...], Card], str]:
    def decide(hand: tuple[Card, ...], up: Card) -> str:
        return "raise" if st.raises(situation_of(hand, up, st)) else "fold"
    return decide


def trainee(spec: str | None = None, rules: Rules | None = None, progress: ProgressFn | None = None) -> Trainee:
    """The strategy named by ``spec``: None or "optimal"; a built-in strategy's name (any case:
    "pair or better", "rules of thumb", ...); "card": the simple strategy of the strategy card of
    ``rules`` (``strategy_card``: takes a few seconds); else the path of a rule file."""
    if spec is None or spec.strip().lower() == "optimal":
        return Trainee()
    key = spec.strip().lower()
    for st in BUILTIN:
        if st.name.lower() == key:
            return Trainee(st.name, _decider(st))
    if key == "card":
        from .strategy_card import strategy_card  # noqa: PLC0415 (numpy: loaded only for the card)

        point = strategy_card(check_rules(rules), progress=progress).point
        st = parse_rule_file(point.rules_text, "the strategy card", "the strategy card")
        return Trainee(f"the {point.lines}-line strategy card", _decider(st))
    if os.path.exists(spec):
        st = load_rule_file(spec)
        return Trainee(st.name, _decider(st))
    names = ", ".join(["optimal", *(s.name for s in BUILTIN), "card"])
    raise InvalidRules(f"strategy {shown(spec)}: not a strategy name ({names}) nor a rule file")
