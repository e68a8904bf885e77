"""The whole game with dealer hole cards seen, counted by the core for a set of rules.

Three calls, each the binding's with the rules in place of (qualifier, nets): ``solve_seen_one``
(one hole card seen: cs_solve_seen_one, its chart by class, up card and seen card),
``seen_one_decisions`` (the decision of every class of situations with one hole card seen:
cs_seen_one_decisions) and ``solve_seen`` (k = 1..3 seen: cs_solve_seen, its chart by the ranks
of the k + 1 known cards). Each returns the totals of optimal play as ``DealTotals``; probes are
situations (the player's five, the up card, the seen cards) whose outcome counts come back too.

>>> [seen_lanes(k) for k in (1, 2, 3)]
[91, 455, 1820]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model.rules import Rules
from . import _ffi
from .counts import DealTotals

__all__ = ["ProbeCounts", "SeenChartWeights", "seen_lanes", "seen_one_decisions", "solve_seen", "solve_seen_one"]

#: (raise weight, total weight) per chart cell.
SeenChartWeights = tuple[list[int], list[int]]
#: Outcome counts (not qualify, win, tie, lose) of each probe.
ProbeCounts = list[tuple[int, int, int, int]]


def seen_lanes(k: int) -> int:
    """Rank multisets of the dealer's k + 1 known cards: 91, 455, 1820 for k = 1, 2, 3."""
    return _ffi.seen_lanes(k)


def solve_seen_one(rules: Rules, flags: int = 0, threads: int = 2, chart: bool = False,
                   probes: Sequence[Sequence[int]] = ()) -> tuple[DealTotals, SeenChartWeights | None, ProbeCounts]:
    """The whole game with one dealer hole card seen (cs_solve_seen_one): totals, the chart when
    asked (11 classes x 13 up ranks x 13 seen ranks), the counts of each probe (7 cards)."""
    return _ffi.solve_seen_one(rules.qualifier.value, rules.nets().scaled(), flags, threads, chart, probes)


def seen_one_decisions(rules: Rules, flags: int = 0, threads: int = 2) -> tuple[DealTotals, bytes]:
    """The totals and every decided class of situations with one hole card seen
    (cs_seen_one_decisions): ``layout.SEEN_DECISION_LANES`` bytes per hand value (0 fold, 1 raise,
    2 either, 255 none)."""
    return _ffi.seen_one_decisions(rules.qualifier.value, rules.nets().scaled(), flags, threads)


def solve_seen(k: int, rules: Rules, flags: int = 0, threads: int = 2, chart: bool = False,
               probes: Sequence[Sequence[int]] = ()) -> tuple[DealTotals, SeenChartWeights | None, ProbeCounts]:
    """The whole game with k = 1..3 dealer hole cards seen (cs_solve_seen): totals, the chart when
    asked (11 classes x ``seen_lanes(k)`` cells), the counts of each probe (6 + k cards)."""
    return _ffi.solve_seen(k, rules.qualifier.value, rules.nets().scaled(), flags, threads, chart, probes)
