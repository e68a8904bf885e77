"""Integer counts as the C core returns them, as plain frozen data: no money, no text.

``Counts`` splits one situation's dealer completions by outcome (``DealCounts``: with the
dealer's categories and the player's value, as ``cs_deal`` fills them); ``DealTotals`` aggregates
the whole game under one strategy by the player's category; ``SampleSums`` and ``TableSums`` hold
the exact integer sums of a sample of deals (one player; seats at one dealer). The binding fills
them; pricing them is ``pricing``'s job.

>>> Counts(not_qualify=1, win=2, tie=0, lose=3).total
6
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import CoreError


@dataclass(frozen=True, slots=True)
class Counts:
    """Dealer completions of one situation, split by outcome (integers).

    ``not_qualify``: the dealer does not qualify; ``win``, ``tie`` and ``lose``: the dealer
    qualifies and the player wins, ties or loses.
    """

    not_qualify: int
    win: int
    tie: int
    lose: int

    @property
    def total(self) -> int:
        """Every completion counted."""
        return self.not_qualify + self.win + self.tie + self.lose

    def as_dict(self) -> dict[str, int]:
        """The four counts by outcome name."""
        return {"not_qualify": self.not_qualify, "win": self.win, "tie": self.tie, "lose": self.lose}


@dataclass(frozen=True, slots=True)
class DealCounts:
    """Integer counts of one situation (see cs_deal_counts in caribbean.h)."""

    not_qualify: int
    win: int
    tie: int
    lose: int
    total: int
    dealer_categories: tuple[int, ...]
    player_value: int
    player_category: int


@dataclass(frozen=True, slots=True)
class DealTotals:
    """Weighted deal counts of a whole game under one strategy, each by the player's category
    (0 = high card .. 9 = royal flush).

    ``fold``: deals folded; ``not_qualify``: raised, the dealer does not qualify; ``win``, ``tie``
    and ``lose``: raised, the dealer qualifies and the player wins, ties or loses; the other
    fields as their comments say.
    """

    fold: tuple[int, ...]
    not_qualify: tuple[int, ...]
    win: tuple[int, ...]
    tie: tuple[int, ...]
    lose: tuple[int, ...]
    #: Situations decided "raise" (hand, up card; with seen cards, the seen cards too).
    raise_situations: int
    #: Situations where raising and folding are worth exactly the same.
    indifferent_situations: int
    #: Equally likely deals counted.
    total_weight: int


def sum_totals(parts: Sequence[DealTotals]) -> DealTotals:
    """Totals added field by field: the parts of one game (by up rank, by the count of sorted hole
    cards, ...)."""
    def by_category(name: str) -> tuple[int, ...]:
        return tuple(sum(getattr(t, name)[k] for t in parts) for k in range(10))
    return DealTotals(by_category("fold"), by_category("not_qualify"), by_category("win"), by_category("tie"),
                      by_category("lose"), sum(t.raise_situations for t in parts),
                      sum(t.indifferent_situations for t in parts), sum(t.total_weight for t in parts))


@dataclass(frozen=True, slots=True)
class SampleSums:
    """Exact sums over sampled deals of the scaled per-deal optimal EV ``x`` (see cs_sample_deals)."""

    deals: int
    raises: int
    completions: int
    total: int
    total_squares: int
    diff: int = 0           # control variate: sum of x * 163185 - x0 * completions
    diff_squares: int = 0

    def __add__(self, other: SampleSums) -> SampleSums:
        return SampleSums(self.deals + other.deals, self.raises + other.raises,
                          other.completions or self.completions, self.total + other.total,
                          self.total_squares + other.total_squares, self.diff + other.diff,
                          self.diff_squares + other.diff_squares)


@dataclass(frozen=True, slots=True)
class TableSums:
    """Sums of sampled table deals (see cs_sample_table): nets in the scaled units handed in."""

    deals: int
    raises: int
    seats: int
    sum: int
    sumsq: int
    pairs: int
    pairsq: int

    def __add__(self, other: TableSums) -> TableSums:
        """Two samples' sums (the same number of seats)."""
        if self.deals and other.deals and self.seats != other.seats:
            raise CoreError("table sums of different seat counts")
        return TableSums(self.deals + other.deals, self.raises + other.raises, self.seats or other.seats,
                         self.sum + other.sum, self.sumsq + other.sumsq, self.pairs + other.pairs,
                         self.pairsq + other.pairsq)
