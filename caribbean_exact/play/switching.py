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
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..engine.counts import DealTotals
from ..engine.pricing import ReturnRow, return_rows
from ..engine.switch import DISCARD_SETS, switch_totals
from ..errors import InvalidRules, shown
from ..model.cards import Card, CardsLike
from ..model.checks import check_rules
from ..model.rules import Number, Rules, to_fraction
from .odds import parse_situation

__all__ = ["FEE_SCHEDULES", "SwitchAnalysis", "SwitchFees", "SwitchOption", "switch_ev"]


@dataclass(frozen=True, slots=True)
class SwitchFees:
    """The fee, in antes, of switching 1, 2, ... cards; a table that allows at most k cards has
    k fees (``fees[k - 1]`` for k cards).

    >>> SwitchFees.parse("1,2,3,2,1").fee(4), SwitchFees.parse("1").allows(2)
    (Fraction(2, 1), False)
    """

    fees: tuple[Fraction, ...]

    def __post_init__(self) -> None:
        if not 1 <= len(self.fees) <= 5:
            raise InvalidRules(f"switch fees {shown(self.fees)}: expected 1 to 5 fees (for 1, 2, ... cards)")
        for f in self.fees:
            if not isinstance(f, Fraction) or f < 0:
                raise InvalidRules(f"switch fee {shown(f)}: expected an exact number of antes, 0 or more")

    @classmethod
    def parse(cls, spec: SwitchFeesLike) -> SwitchFees:
        """Fees from text ("1,2,3,4,5"), numbers, or a name of ``FEE_SCHEDULES``."""
        if isinstance(spec, SwitchFees):
            return spec
        if isinstance(spec, str):
            key = spec.strip().lower()
            if key in FEE_SCHEDULES:
                return FEE_SCHEDULES[key]
            items: list[object] = [t for t in re.split(r"[\s,;]+", spec.strip()) if t]
        elif isinstance(spec, (list, tuple)):
            items = list(spec)
        else:
            raise InvalidRules(f"switch fees {shown(spec)}: expected fees such as '1,2,3,4,5' or a name "
                               f"({', '.join(FEE_SCHEDULES)})")
        if not 1 <= len(items) <= 5:
            raise InvalidRules(f"switch fees {shown(spec)}: expected 1 to 5 fees (for 1, 2, ... cards), "
                               f"got {len(items)}")
        return cls(tuple(to_fraction(x, f"switch fee for {k} card{'s' if k > 1 else ''}")
                         for k, x in enumerate(items, 1)))

    def allows(self, cards: int) -> bool:
        """Whether switching ``cards`` cards is allowed (0: standing, always)."""
        return 0 <= cards <= len(self.fees)

    def fee(self, cards: int) -> Fraction:
        """The fee of switching ``cards`` cards (0 for standing)."""
        return Fraction(0) if cards == 0 else self.fees[cards - 1]

    def short(self) -> str:
        """The fees as text: "1,2,3,4,5"."""
        return ",".join(str(f) for f in self.fees)


SwitchFeesLike = SwitchFees | str | Sequence[Number]

#: The fee schedules in use: by the number of cards switched, 1 to 5.
FEE_SCHEDULES: dict[str, SwitchFees] = {
    "linear": SwitchFees(tuple(Fraction(x) for x in (1, 2, 3, 4, 5))),
    "peaked": SwitchFees(tuple(Fraction(x) for x in (1, 2, 3, 2, 1))),
    "one-card": SwitchFees((Fraction(1),)),
}


@dataclass(frozen=True, slots=True)
class SwitchOption:
    """One discard set of one hand, exact: its deal counts under the best final decision for
    each replacement set, its fee, and its EV per ante (fee included)."""

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
    """Every allowed discard set of one hand, best first (EV, then fewer cards switched)."""

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
    def stand(self) -> SwitchOption:
        """Standing: no card switched."""
        return next(o for o in self.options if not o.discard)


def switch_ev(hand: CardsLike, up: CardsLike, fees: SwitchFeesLike = "linear", *, rules: Rules | None = None,
              threads: int | None = None) -> SwitchAnalysis:
    """The exact EV (per ante, fee included) of every discard set the fees allow, best first.

    ``fees``: the fee in antes of switching 1, 2, ... cards ("1,2,3,4,5", "1,2,3,2,1", "1" for a
    table that allows one card; or a name of ``FEE_SCHEDULES``). Switching all five forces a raise.
    """
    rules = check_rules(rules)
    f = SwitchFees.parse(fees)
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

