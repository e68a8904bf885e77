"""Edge sorting, counted by the core for a set of rules: the whole game when the player tells, on each
of the dealer's four hole cards, whether its rank is among some ranks (cs_solve_sorted).

One call, the binding's with the rules in place of (qualifier, nets): the totals of optimal play for
each count c = 0 .. 4 of hole cards of those ranks (raise and indifferent situations counted in
deals), the chart when asked (raise and total (hand, up card) situations by c, the player's hand
value and the up rank, ``SORTED_CHART_CELLS`` cells as read-only uint64 views), and the counts of
each probe (a situation: the player's five, the up card) for each c.

>>> from caribbean_exact.model.rules import Rules
>>> totals, _, counts = solve_sorted(0b1100000000000, Rules(), probes=[[0, 5, 10, 15, 21, 51]])
>>> sum(t.total_weight for t in totals), sum(sum(c) for c in counts[0])
(19933230517200, 163185)
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from ..model.rules import Rules
from . import _ffi
from .counts import DealTotals
from .recent import Recent

__all__ = ["SORTED_CHART_CELLS", "SORTED_COUNTS", "SORTED_SEEN_CHART_CELLS", "SORTED_SEEN_COUNTS", "SortedChartWeights",
           "chart_cell", "seen_chart_cell", "solve_sorted", "solve_sorted_misread", "solve_sorted_seen"]

#: The counts c = 0 .. 4 of hole cards of the sorted ranks.
SORTED_COUNTS: int = _ffi.SORTED_COUNTS
#: Chart cells: (c, the player's hand value, up rank).
SORTED_CHART_CELLS: int = _ffi.SORTED_CHART_CELLS
#: With one hole card seen: the counts c = 0 .. 3 of the other three hole cards of the sorted ranks.
SORTED_SEEN_COUNTS: int = _ffi.SORTED_SEEN_COUNTS
#: With one hole card seen, chart cells: (c, the player's hand value, j: the known dealer cards, up and
#: seen, of the sorted ranks).
SORTED_SEEN_CHART_CELLS: int = _ffi.SORTED_SEEN_CHART_CELLS
#: (raise situations, all situations) per chart cell, as uint64 views.
SortedChartWeights = tuple[memoryview, memoryview]


def chart_cell(count: int, value: int, up_rank: int) -> int:
    """The chart cell of c sorted hole cards, a player hand value and the up card's rank."""
    return (count * _ffi.NUM_VALUES + value) * 13 + up_rank


def seen_chart_cell(count: int, value: int, known: int) -> int:
    """The chart cell, with a hole card seen, of c sorted unseen hole cards, a player hand value and j
    (``known``) of the up and seen cards of the sorted ranks."""
    return (count * _ffi.NUM_VALUES + value) * 3 + known


def solve_sorted_seen(ranks_mask: int, rules: Rules, flags: int = 0, threads: int = 2, chart: bool = False,
                      probes: Sequence[Sequence[int]] = ()
                      ) -> tuple[list[DealTotals], SortedChartWeights | None, list[list[tuple[int, int, int, int]]]]:
    """Edge sorting with one dealer hole card seen (cs_solve_sorted_seen) for the ranks of ``ranks_mask``:
    the totals by c (of the three unseen hole cards), the chart when asked (``seen_chart_cell``), and
    the (not qualify, win, tie, lose) counts of each probe (the player's five, the up card, the seen
    card) by c. One pass takes under a second: nothing is kept."""
    return _ffi.solve_sorted_seen(ranks_mask, rules.qualifier.value, rules.nets().scaled(), flags, threads, chart,
                                  probes)


def solve_sorted(ranks_mask: int, rules: Rules, flags: int = 0, threads: int = 2, chart: bool = False,
                 probes: Sequence[Sequence[int]] = ()
                 ) -> tuple[list[DealTotals], SortedChartWeights | None, list[list[tuple[int, int, int, int]]]]:
    """Edge sorting for the ranks of ``ranks_mask`` (bit r: rank r, 0 = deuce .. 12 = ace): the totals by
    c, the chart when asked, and the (not qualify, win, tie, lose) counts of each probe by c.

    The last pass with the chart and no probes is kept (keyed by the mask, the rules and the flags; the
    result does not depend on the threads): asking again does not count again."""
    if probes:
        return _ffi.solve_sorted(ranks_mask, rules.qualifier.value, rules.nets().scaled(), flags, threads, chart,
                                 probes)
    key = (ranks_mask, rules, flags)
    with _lock:
        kept = _last.get(key)
        if kept is None or (chart and kept[1] is None):
            totals, weights, _ = _ffi.solve_sorted(ranks_mask, rules.qualifier.value, rules.nets().scaled(), flags,
                                                   threads, chart)
            kept = (totals, weights)
            _last.put(key, kept)
    return list(kept[0]), (kept[1] if chart else None), []


def solve_sorted_misread(ranks_mask: int, rules: Rules, flags: int = 0, threads: int = 2) -> list[list[DealTotals]]:
    """Edge sorting misread (cs_solve_sorted_misread) for the ranks of ``ranks_mask``: [c][c'] the totals
    of the deals of true count c played by the optimal decision for the read count c' (a c' the
    situation cannot have: the decision without the leak)."""
    return _ffi.solve_sorted_misread(ranks_mask, rules.qualifier.value, rules.nets().scaled(), flags, threads)


#: The last pass without probes, by (mask, rules, flags): at most one entry (its chart is 7.8 MB).
_last: Recent[tuple[int, Rules, int], tuple[list[DealTotals], SortedChartWeights | None]] = Recent(
    1, "edge-sorting passes")
_lock = threading.Lock()
