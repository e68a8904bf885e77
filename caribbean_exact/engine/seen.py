"""The whole game with dealer hole cards seen, counted by the core for a set of rules.

Four calls, each the binding's with the rules in place of (qualifier, nets): ``solve_seen`` (k = 1..3
seen: cs_solve_seen, its chart by the ranks of the k + 1 known cards; probes are situations, the
player's five, the up card and the seen cards, whose outcome counts come back too) and
``seen_one_pass`` (one hole card seen: cs_solve_seen_k1, the figures, the chart by class, up card and
seen card, and the decision of every class of situations, all from one counting pass),
``seen_pass`` (k = 1..3: cs_solve_seen, or cs_solve_seen_decided with the decisions when asked, for
``strategy.seen_set_chart``; kept like ``seen_one_pass``'s, with the decisions 20 MB for k = 2 and
56 MB for k = 3) and ``solve_leak`` (cs_solve_leak: one hole card's class seen, or the burn card seen,
from the same counting). The totals of optimal play come back as ``DealTotals``.

``seen_one_pass`` keeps its last result (keyed by the rules and flags; with the decisions, 19 MB):
when ``strategy.seen_chart.seen_card_strategy`` has read the decisions, the figures and chart of
``play.known_cards.solve_seen_card`` for the same rules come from the same count. The decisions are
counted only when asked (they add about a tenth to the count, and 19 MB).

>>> [seen_lanes(k) for k in (1, 2, 3)]
[91, 455, 1820]
>>> from caribbean_exact.model.rules import Rules
>>> one = seen_one_pass(Rules(), decisions=True)
>>> one is seen_one_pass(Rules(), threads=1), len(one.chart[0]), len(one.decisions)
(True, 1859, 19304194)
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..model.rules import Rules
from . import _ffi
from .counts import DealTotals
from .recent import Recent

__all__ = ["LEAK_CHART_CELLS", "LEAK_COLUMNS", "LEAK_NO_VALUE", "LeakTables", "ProbeCounts", "SeenChartWeights",
           "SeenOnePass", "SeenPass", "SuitSplit", "seen_lanes", "seen_one_pass", "seen_pass", "solve_leak",
           "solve_seen"]

#: (raise weight, total weight) per chart cell.
SeenChartWeights = tuple[list[int], list[int]]
#: Outcome counts (not qualify, win, tie, lose) of each probe.
ProbeCounts = list[tuple[int, int, int, int]]


def seen_lanes(k: int) -> int:
    """Rank multisets of the dealer's k + 1 known cards: 91, 455, 1820 for k = 1, 2, 3."""
    return _ffi.seen_lanes(k)


@dataclass(frozen=True, eq=False)
class SeenOnePass:
    """One counting pass of the game with one dealer hole card seen (cs_solve_seen_k1)."""

    #: The totals of optimal play.
    totals: DealTotals
    #: (raise weight, total weight) by class, up rank and seen rank: 11 x 13 x 13 cells.
    chart: SeenChartWeights
    #: The decision of every class of situations, when asked: ``layout.SEEN_DECISION_LANES`` bytes
    #: per hand value (0 fold, 1 raise, 2 either, 255 none), read-only.
    decisions: memoryview | None


#: The last pass, by (rules, flags): at most one entry.
_last: Recent[tuple[Rules, int], SeenOnePass] = Recent(1, "seen-card passes")
_lock = threading.Lock()


def seen_one_pass(rules: Rules, flags: int = 0, threads: int = 2, decisions: bool = False) -> SeenOnePass:
    """The figures and chart with one dealer hole card seen and, when asked, the decisions, from one
    counting pass (cs_solve_seen_k1). The last pass is kept: asking again for the same rules and flags
    does not count again (the result does not depend on the threads), unless it now asks for the
    decisions and the kept pass has none."""
    key = (rules, flags)
    with _lock:
        kept = _last.get(key)
        if kept is not None and (kept.decisions is not None or not decisions):
            return kept
        totals, chart, table = _ffi.solve_seen_k1(rules.qualifier.value, rules.nets().scaled(), flags, threads,
                                                  decisions=decisions)
        assert chart is not None
        result = SeenOnePass(totals, chart, table)
        _last.put(key, result)
        return result


def solve_seen(k: int, rules: Rules, flags: int = 0, threads: int = 2, chart: bool = False,
               probes: Sequence[Sequence[int]] = ()) -> tuple[DealTotals, SeenChartWeights | None, ProbeCounts]:
    """The whole game with k = 1..3 dealer hole cards seen (cs_solve_seen): totals, the chart when
    asked (11 classes x ``seen_lanes(k)`` cells), the counts of each probe (6 + k cards)."""
    return _ffi.solve_seen(k, rules.qualifier.value, rules.nets().scaled(), flags, threads, chart, probes)


#: What a seen class shows of the card's suit: nothing (""), its colour, or the suit itself.
SuitSplit = Literal["", "colour", "suit"]
_SPLITS = {"": _ffi.SUITS_UNSEEN, "colour": _ffi.SUITS_COLOUR, "suit": _ffi.SUITS_SUIT}
#: The leak chart's columns per (class, up rank) cell row: 2 x block (or burn rank) + other suit.
LEAK_COLUMNS: int = _ffi.LEAK_COLUMNS
LEAK_CHART_CELLS: int = _ffi.LEAK_CHART_CELLS
#: No hand value (a leak chart cell with no hand raised, or none folded).
LEAK_NO_VALUE: int = _ffi.LEAK_NO_VALUE
#: A leak's chart: raise weight, total weight, lowest value raised, highest value folded per cell.
LeakTables = tuple[list[int], list[int], list[int], list[int]]


def solve_leak(rank_block: Sequence[int] | None, suit_split: SuitSplit, rules: Rules, flags: int = 0,
               threads: int = 2, chart: bool = False, probes: Sequence[Sequence[int]] = (), seen_cards: int = 0,
               burn: bool = False) -> tuple[DealTotals, LeakTables | None, ProbeCounts]:
    """The whole game with a leak (cs_solve_leak): one hole card's class seen (``rank_block``: the block
    of each rank 0..12, numbered from 0; ``suit_split``: what is seen of its suit; with ``seen_cards``
    = 1, another hole card seen whole as well, cs_solve_leak's CS_LEAK_SEEN_AND_CLASS, the suit unseen)
    or, with ``rank_block`` None, the burn card seen (with ``seen_cards`` = 1: one dealer hole card
    seen as well, cs_solve_leak's CS_LEAK_SEEN_AND_BURN). Returns the totals, the chart when asked,
    the counts of each probe (7 cards: the player's five, the up card, a card of the block or the burn
    card; 8 with a seen card: the player's five, the up card, the seen card, the burn card or a card of
    the block). With ``rank_block`` and ``burn``, the class and the burn card seen (cs_solve_leak's
    CS_LEAK_BURN_AND_CLASS, the suit unseen; probes: the player's five, the up card, a card of the
    block, the burn card). The last few solves without probes are kept: asking again does not count
    again."""
    if rank_block is None:
        kind = _ffi.LEAK_SEEN_AND_BURN if seen_cards == 1 else _ffi.LEAK_BURN_CARD
        blocks, split = [0] * 13, _ffi.SUITS_UNSEEN
    else:
        kind = (_ffi.LEAK_SEEN_AND_CLASS if seen_cards == 1 else _ffi.LEAK_BURN_AND_CLASS if burn
                else _ffi.LEAK_SEEN_CLASS)
        blocks, split = list(rank_block), _SPLITS[suit_split]
    key = (kind, tuple(blocks), split, rules, flags)
    if not probes:
        kept = _leaks.get(key)
        if kept is not None and (kept[1] is not None or not chart):
            return kept
    result = _ffi.solve_leak(kind, blocks, split, rules.qualifier.value, rules.nets().scaled(), flags, threads,
                             chart, probes)
    if not probes:
        _leaks.put(key, result)
    return result


#: The last eight leak solves without probes (the result does not depend on the threads).
_leaks: Recent[tuple[int, tuple[int, ...], int, Rules, int], tuple[DealTotals, LeakTables | None, ProbeCounts]] = \
    Recent(8, "leak passes")


@dataclass(frozen=True, eq=False)
class SeenPass:
    """One counting pass of the game with k = 1..3 dealer hole cards seen (cs_solve_seen, or
    cs_solve_seen_decided when the decisions were asked)."""

    #: Dealer hole cards seen.
    k: int
    #: The totals of optimal play.
    totals: DealTotals
    #: (raise weight, total weight) by class and rank multiset of the k + 1 known cards.
    chart: SeenChartWeights
    #: When asked: the decision of every class of situations whose known cards are not all of one
    #: suit, ``seen_lanes(k)`` bytes per hand value (0 fold, 1 raise, 2 either, 255 none), read-only.
    decisions: memoryview | None
    #: When asked: for known cards all of one suit, C(13, k + 1) uint64 words per hand value (the
    #: distinct-rank lanes in lane order): bit Q raise, bit 32 + Q either (Q: the player's ranks in
    #: that suit, a mask over the hand's distinct ranks ascending), read-only.
    suited: memoryview | None


#: The last pass with k = 2 or 3, by (k, rules, flags): at most one entry.
_last_k: Recent[tuple[int, Rules, int], SeenPass] = Recent(1, "seen-cards passes")


def seen_pass(k: int, rules: Rules, flags: int = 0, threads: int = 2, decisions: bool = False) -> SeenPass:
    """The figures and chart with k = 1..3 dealer hole cards seen and, when asked, the decision of
    every class of situations, from one counting pass. The last pass is kept (like
    ``seen_one_pass``): asking again for the same k, rules and flags does not count again, unless it
    now asks for the decisions and the kept pass has none."""
    key = (k, rules, flags)
    with _lock:
        kept = _last_k.get(key)
        if kept is not None and (kept.decisions is not None or not decisions):
            return kept
        q, nets = rules.qualifier.value, rules.nets().scaled()
        if decisions:
            totals, chart, dec, suited = _ffi.solve_seen_decided(k, q, nets, flags, threads)
            result = SeenPass(k, totals, chart, dec, suited)
        else:
            totals, chart_or_none, _ = _ffi.solve_seen(k, q, nets, flags, threads, True)
            assert chart_or_none is not None
            result = SeenPass(k, totals, chart_or_none, None, None)
        _last_k.put(key, result)
        return result
