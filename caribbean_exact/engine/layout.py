"""The layouts of the tables the core fills, with every size read from the core (``enum cs_layout``
of ``csrc/caribbean.h``), never retyped: the chart of the whole game, the seen-card charts and the
seen-card decision lanes. The index functions compute a position as the core's index functions
(``cs_chart_cell``, ``cs_seen_chart_cell``, ``cs_seen_decision_lane``, ``cs_seen_set_cell``) do, in
plain arithmetic on these sizes (tests/engine/test_layout.py checks them against the core).

>>> NUM_CHART_CELLS, SEEN_CLASSES, SEEN_DECISION_LANES
(963300, 11, 2587)
>>> chart_cell(0, True, 12, 5) == _ffi.chart_cell(0, 1, 12, 5)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

from . import _ffi

__all__ = [
    "CHART_PATTERN_CELLS",
    "CHART_SUIT_COUNTS",
    "CHART_UP_CELLS",
    "COMPLETIONS",
    "NUM_CHART_CELLS",
    "NUM_HANDS",
    "NUM_RANKS",
    "NUM_RANK_PATTERNS",
    "NUM_VALUES",
    "SEEN_CHART_CELLS",
    "SEEN_CLASSES",
    "SEEN_CLASS_CELLS",
    "SEEN_COMPLETIONS",
    "SEEN_DECISION_LANES",
    "SEEN_RANK_PAIRS",
    "SEEN_SUITED_PAIRS",
    "SEEN_SUIT_SETS",
    "chart_cell",
    "seen_chart_cell",
    "seen_classes",
    "seen_pair_lane",
    "seen_set_cell",
    "seen_set_lanes",
    "seen_suited_lane",
]

#: Distinct hand values.
NUM_VALUES: int = _ffi.NUM_VALUES
#: Five-card hands: C(52, 5).
NUM_HANDS: int = _ffi.NUM_HANDS
#: Dealer completions of one (hand, up card) situation: C(47, 4).
COMPLETIONS: int = _ffi.COMPLETIONS
#: Dealer completions with one hole card seen as well: C(45, 3).
SEEN_COMPLETIONS: int = _ffi.SEEN_COMPLETIONS
#: Card ranks, deuce (0) .. ace (12).
NUM_RANKS: int = _ffi.core_constant("CS_NUM_RANKS")
#: Multisets of five ranks (each rank at most four times): the rank patterns of player hands.
NUM_RANK_PATTERNS: int = _ffi.core_constant("CS_NUM_RANK_PATTERNS")
#: Counts 0 .. 5 of the player's cards in the up card's suit.
CHART_SUIT_COUNTS: int = _ffi.core_constant("CS_CHART_SUIT_COUNTS")
#: Chart cells: pattern x flush x up rank x suit count.
NUM_CHART_CELLS: int = _ffi.core_constant("CS_NUM_CHART_CELLS")
#: Cells of one rank pattern and flush: up rank x suit count (contiguous: 78).
CHART_UP_CELLS: int = NUM_RANKS * CHART_SUIT_COUNTS
#: Cells of one rank pattern: flush or not x CHART_UP_CELLS (156).
CHART_PATTERN_CELLS: int = NUM_CHART_CELLS // NUM_RANK_PATTERNS
#: Player classes of the seen-card charts: 0 high card below A-K, 1 A-K high, category + 1 from a pair (2).
SEEN_CLASSES: int = _ffi.core_constant("CS_SEEN_CLASSES")
#: One-seen-card chart cells: class x up rank x seen rank.
SEEN_CHART_CELLS: int = _ffi.core_constant("CS_SEEN_CHART_CELLS")
#: One-seen-card chart cells of one class: up rank x seen rank (contiguous: 169).
SEEN_CLASS_CELLS: int = SEEN_CHART_CELLS // SEEN_CLASSES
#: Decision lanes of two dealer ranks a <= b of two suits (the first lanes of a value's row).
SEEN_RANK_PAIRS: int = _ffi.core_constant("CS_SEEN_RANK_PAIRS")
#: Sets of a hand's distinct ranks in the dealer's suit (masks over at most five ranks).
SEEN_SUIT_SETS: int = _ffi.core_constant("CS_SEEN_SUIT_SETS")
#: Decision lanes per suit set: two dealer ranks a < b of one suit.
SEEN_SUITED_PAIRS: int = _ffi.core_constant("CS_SEEN_SUITED_PAIRS")
#: Decision lanes per hand value: the rank pairs, then the suited pairs of every suit set.
SEEN_DECISION_LANES: int = _ffi.core_constant("CS_SEEN_DECISION_LANES")


def chart_cell(pattern: int, flush: bool, up_rank: int, up_suit_cards: int) -> int:
    """The chart cell of a rank pattern, flush or not, the up card's rank and the player's cards of
    its suit (as ``cs_chart_cell``).

    >>> chart_cell(1, False, 0, 0) == 2 * NUM_RANKS * CHART_SUIT_COUNTS
    True
    """
    return ((pattern * 2 + int(flush)) * NUM_RANKS + up_rank) * CHART_SUIT_COUNTS + up_suit_cards


def seen_chart_cell(cls: int, up_rank: int, seen_rank: int) -> int:
    """The one-seen-card chart cell of a class, the up card's rank and the seen card's rank
    (as ``cs_seen_chart_cell``).

    >>> seen_chart_cell(1, 0, 0) == NUM_RANKS * NUM_RANKS
    True
    """
    return (cls * NUM_RANKS + up_rank) * NUM_RANKS + seen_rank


def seen_pair_lane(low: int, high: int) -> int:
    """The decision lane of two dealer ranks low <= high of two suits (as ``cs_seen_decision_lane``).

    >>> seen_pair_lane(12, 12) == SEEN_RANK_PAIRS - 1
    True
    """
    return high * (high + 1) // 2 + low


def seen_suited_lane(low: int, high: int) -> int:
    """The lane of two dealer ranks low < high of one suit among one suit set's
    ``SEEN_SUITED_PAIRS`` lanes (the set's block starts at SEEN_RANK_PAIRS + set x SEEN_SUITED_PAIRS).

    >>> seen_suited_lane(11, 12) == SEEN_SUITED_PAIRS - 1
    True
    """
    return high * (high - 1) // 2 + low


@cache
def seen_set_lanes(k: int) -> int:
    """Rank multisets of the dealer's k + 1 known cards with k = 1 .. 3 hole cards seen (from the core).

    >>> [seen_set_lanes(k) for k in (1, 2, 3)]
    [91, 455, 1820]
    """
    return _ffi.seen_lanes(k)


def seen_set_cell(k: int, cls: int, ranks: Sequence[int]) -> int:
    """The chart cell of a class and the k + 1 known ranks (any order), k hole cards seen (as
    ``cs_seen_set_cell``: the class's block, then the multiset index sum of C(r_j + j, j + 1) of
    the ranks sorted r0 <= r1 ...).

    >>> seen_set_cell(2, 1, (3, 0, 1)) == _ffi.seen_set_cell(2, 1, (3, 0, 1))
    True
    """
    return cls * seen_set_lanes(k) + sum(math.comb(r + j, j + 1) for j, r in enumerate(sorted(ranks)))


@cache
def seen_classes() -> bytes:
    """The seen-card chart class of every hand value, from the core (``cs_seen_classes``)."""
    return _ffi.seen_classes()
