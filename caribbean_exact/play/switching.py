"""Card switching (Oasis Poker), one hand: the exact EV of every discard set, fee included.

After seeing his five cards and the dealer's up card the player may once replace any of his
cards by the next cards of the deck, paying a non-refundable fee (in antes) by how many he
switches; then he folds or raises as usual (switching all five forces a raise). The discards
are out of play; the replacements and the dealer's hole cards come from the 46 unseen cards.

Each option is exact: every replacement set (C(46, j) for j cards) and every dealer completion
(C(46 - j, 4)) is counted by the core, the final decision taken for each replacement set by exact
comparison.

>>> a = switch_ev("As Ks Qs Js 2d", "5h", "1,2,3,4,5")
>>> len(a.options), a.best.fee, [str(c) for c in a.best.discard], a.best.decision
(32, Fraction(1, 1), ['2d'], 'depends')
>>> a.best.ev > 2 > a.stand.ev
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ..engine.counts import DealTotals
from ..engine.pricing import ReturnRow, return_rows
from ..engine.switch import DISCARD_SETS, switch_totals
from ..errors import InvalidRules, shown
from ..model.cards import Card, CardsLike
from ..model.checks import check_rules
from ..model.draw import FEE_SCHEDULES, Draw, SwitchFees, SwitchFeesLike
from ..model.information import UP_CARD_ONLY
from ..model.rules import Rules
from .odds import parse_situation

__all__ = ["FEE_SCHEDULES", "SwitchAnalysis", "SwitchFees", "SwitchFeesLike", "SwitchOption", "switch_ev",
           "switch_game", "whole_game"]


def switch_game(fees: SwitchFeesLike | None, rules: Rules | None, default: SwitchFeesLike | None = None
                ) -> tuple[Rules, SwitchFees]:
    """The table's plain rules and the switch fees of a switching game: the ``fees`` given (the
    old keyword, mapped onto the rules), else the rules' draw, else ``default``.

    >>> r, f = switch_game(None, Rules.make(switch_fees="1,2,3,2,1"))
    >>> r == Rules(), f.short()
    (True, '1,2,3,2,1')
    """
    rules = check_rules(rules)
    if rules.information != UP_CARD_ONLY:
        raise InvalidRules(f"rules information {shown(rules.information.kind)}: card switching is counted "
                           "with the up card only")
    if fees is None:
        fees = rules.draw.switch if rules.draw is not None and rules.draw.switch is not None else default
    if fees is None:
        raise InvalidRules("switch fees: give fees (such as '1,2,3,4,5') or rules with a draw "
                           "(Rules.make(switch_fees=...))")
    return rules.plain, SwitchFees.parse(fees)


def whole_game(rules: Rules, fees: SwitchFees) -> Rules:
    """The rules that name the whole switching game: the table's rules with the draw.

    >>> whole_game(Rules(), SwitchFees.parse("1")).draw.short()
    'switch fees 1'
    """
    return rules.with_game(draw=Draw(fees))


@dataclass(frozen=True, slots=True)
class SwitchOption:
    """One discard set of one hand, exact: its deal counts under the best final decision for
    each replacement set, its fee, and its EV per ante (fee included).

    ``discard``: the cards switched (none: standing); ``kept``: the cards kept; ``fee``: the fee in
    antes; ``totals``: the deal counts (``DealTotals``) over every replacement set and dealer
    completion; ``rules``: the table's rules (without the draw).
    """

    discard: tuple[Card, ...]
    kept: tuple[Card, ...]
    fee: Fraction
    totals: DealTotals
    rules: Rules

    @property
    def replacements(self) -> int:
        """Replacement sets: C(46, j) for j cards switched (1 for standing)."""
        return self.totals.total_weight // _completions(len(self.discard))

    @property
    def raise_replacements(self) -> int:
        """Replacement sets after which the player raises."""
        return self.totals.raise_situations

    @property
    def game_ev(self) -> Fraction:
        """Expected net of the ante and raise after the switch, per ante, before the fee."""
        total = sum((Fraction(r.count) * r.net for r in self.rows()), Fraction(0))
        return total / self.totals.total_weight

    @property
    def ev(self) -> Fraction:
        """Expected net per ante, the fee included."""
        return self.game_ev - self.fee

    @property
    def decision(self) -> str:
        """The final decision: "raise" or "fold" (after every replacement set), "either" (standing
        on an exact tie), or "depends" (on the replacement cards)."""
        if not self.discard:
            if self.totals.indifferent_situations:
                return "either"
            return "raise" if self.raise_replacements else "fold"
        if self.raise_replacements == self.replacements:
            return "raise"
        return "fold" if self.raise_replacements == 0 else "depends"

    def rows(self) -> list[ReturnRow]:
        """The outcomes over every replacement set and dealer completion (fold, lose, tie, not
        qualify, wins by the final hand, royal flush first)."""
        return return_rows(self.totals, self.rules.nets())


def _completions(j: int) -> int:
    return math.comb(46 - j, 4)


@dataclass(frozen=True)
class SwitchAnalysis:
    """Every allowed discard set of one hand, best first (EV, then fewer cards switched).

    ``hand``: the player's five cards; ``up``: the dealer's up card; ``rules``: the table's rules
    (the draw is ``fees``: ``game_rules`` is the whole game); ``fees``: the fee schedule
    (``SwitchFees``); ``options``: every ``SwitchOption``, best first.
    """

    hand: tuple[Card, ...]
    up: Card
    rules: Rules
    fees: SwitchFees
    options: tuple[SwitchOption, ...]

    @property
    def best(self) -> SwitchOption:
        """The best option (the first)."""
        return self.options[0]

    @property
    def game_rules(self) -> Rules:
        """The rules naming the whole game: the table's rules with the draw (``rules.draw``)."""
        return whole_game(self.rules, self.fees)

    @property
    def stand(self) -> SwitchOption:
        """Standing: no card switched."""
        return next(o for o in self.options if not o.discard)


def switch_ev(hand: CardsLike, up: CardsLike, fees: SwitchFeesLike | None = None, *, rules: Rules | None = None,
              threads: int | None = None) -> SwitchAnalysis:
    """The exact EV (per ante, fee included) of every discard set the fees allow, best first.

    ``hand``: the player's five cards ("As Kd 7h 4c 2s"); ``up``: the dealer's up card.
    ``fees``: the fee in antes of switching 1, 2, ... cards ("1,2,3,4,5", "1,2,3,2,1", "1" for a
    table that allows one card; or a name of ``FEE_SCHEDULES``). Switching all five forces a raise.
    None (the default): the draw of ``rules`` (``Rules.make(switch_fees=...)``), else "linear".
    ``rules``: the table's rules (default None: the standard game); ``threads``: the core's threads
    (default: the machine's cores). Returns a ``SwitchAnalysis``; raises ``InvalidCards`` or
    ``InvalidRules`` for bad input.

    >>> switch_ev("As Ks Qs Js 2d", "5h", rules=Rules.make(switch_fees="1")).best.fee
    Fraction(1, 1)
    """
    rules, f = switch_game(fees, rules, "linear")
    h, u, _, _ = parse_situation(hand, up)
    sets = [d for d in range(DISCARD_SETS) if f.allows(d.bit_count())]
    mask = sum(1 << d for d in sets)
    totals = switch_totals([c.index for c in h], u.index, mask, rules, threads=threads)
    options = []
    for d in sets:
        discard = tuple(c for i, c in enumerate(h) if d >> i & 1)
        kept = tuple(c for i, c in enumerate(h) if not d >> i & 1)
        options.append(SwitchOption(discard, kept, f.fee(len(discard)), totals[d], rules))
    order = sorted(range(len(sets)), key=lambda k: (-options[k].ev, len(options[k].discard), sets[k]))
    return SwitchAnalysis(h, u, rules, f, tuple(options[k] for k in order))

