"""What a cap per bet costs at each ante size, exact: the optimal strategy re-solved at every ante.

>>> cap_threshold(Rules.make("standard"), 5000)
Fraction(25, 1)
>>> s = cap_study(antes=[25, 50])
>>> [(r.ante, f"{float(r.report.house_edge):.4%}") for r in s.rows]
[(Fraction(25, 1), '5.2243%'), (Fraction(50, 1), '5.2327%')]
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ._validate import check_progress
from .counts import DealTotals
from .errors import InvalidRules, shown
from .game import GameReport
from .pricing import price
from .progress import ProgressFn
from .rules import Number, Paytable, PaytableLike, QualifierLike, Rules, to_fraction

__all__ = ["DEFAULT_ANTES", "CapRow", "CapStudy", "cap_study", "cap_threshold"]

#: The ante sizes of the ``cap`` command unless --antes says otherwise.
DEFAULT_ANTES: tuple[int, ...] = (5, 10, 25, 50, 100, 200, 500, 1000)


@dataclass(frozen=True, slots=True)
class CapRow:
    """The game at one ante size under the cap, against the same table without a cap."""

    ante: Fraction
    report: GameReport
    #: House edge added by the cap, per ante (0 while no win reaches the cap).
    cost_per_ante: Fraction
    #: The optimal strategy differs from the uncapped one somewhere.
    strategy_changed: bool

    @property
    def cost_per_round(self) -> Fraction:
        """Added expected loss per round in money (cost per ante x ante)."""
        return self.cost_per_ante * self.ante

def cap_threshold(rules: Rules, max_payout: Number) -> Fraction:
    """The largest ante at which no win on any bet exceeds the cap (royal raise win = cap)."""
    m = to_fraction(max_payout, "max_payout")
    top = max(max(rules.paytable.pays) * 2, Fraction(1))
    return m / top


@dataclass(frozen=True, slots=True)
class CapStudy:
    """The house edge at each ante size under a cap, against the uncapped game.

    >>> s = cap_study(antes=[100])
    >>> s.threshold, s.first_costly_ante
    (Fraction(25, 1), Fraction(100, 1))
    """
    rules: Rules  # the uncapped rules
    max_payout: Fraction
    uncapped: GameReport
    rows: tuple[CapRow, ...]

    @property
    def threshold(self) -> Fraction:
        """The largest ante at which no win reaches the cap."""
        return cap_threshold(self.rules, self.max_payout)

    @property
    def first_costly_ante(self) -> Fraction | None:
        """The smallest ante of the study at which the cap costs the player something."""
        return next((r.ante for r in self.rows if r.cost_per_ante > 0), None)

def cap_study(paytable: PaytableLike = None, qualifier: QualifierLike = None, max_payout: Number = 5000,
              antes: Sequence[Number] = DEFAULT_ANTES, paytables: Mapping[str, Paytable] | None = None,
              progress: ProgressFn | None = None) -> CapStudy:
    """House edge at each ante size under a cap per bet, the optimal strategy solved at each.

    Ante sizes whose capped nets equal the uncapped ones share one solution (same strategy).
    """
    base = Rules.make(paytable, qualifier, paytables=paytables)
    m = to_fraction(max_payout, "max_payout")
    if isinstance(antes, str):
        antes = [t for t in re.split(r"[\s,;]+", antes.strip()) if t]
    try:
        ante_list = sorted({to_fraction(a, "ante") for a in antes})
    except TypeError:
        raise InvalidRules(f"antes: {shown(antes)} is not a list of ante sizes") from None
    check_progress(progress)
    if not ante_list:
        raise InvalidRules("antes: give at least one ante size")
    cache: dict[tuple[Fraction, ...], tuple[DealTotals, bytes]] = {}

    def priced(rules: Rules) -> tuple[DealTotals, bytes]:
        n = rules.nets()
        key = (n.fold, n.not_qualify, n.tie, n.lose, *n.win)
        if key not in cache:
            p = price(rules, decisions=True, progress=progress)
            assert p.decisions is not None
            cache[key] = (p.totals, p.decisions)
        return cache[key]

    u_totals, u_dec = priced(base)
    uncapped = GameReport(base, u_totals, "optimal")
    rows = []
    for a in ante_list:
        rules = Rules(base.paytable, base.qualifier, a, m)  # validates ante > 0, cap >= ante
        totals, dec = priced(rules)
        rep = GameReport(rules, totals, "optimal")
        rows.append(CapRow(a, rep, rep.house_edge - uncapped.house_edge, dec != u_dec))
    return CapStudy(base, m, uncapped, tuple(rows))
