"""Hand categories and rank patterns: the vocabulary of five-card hands, from the C core's tables.

A *rank pattern* is a multiset of five ranks (6,175 of them); with suitedness it fixes a hand's
value. Values run 0..7461, higher wins.

>>> CATEGORIES[CATEGORY_INDEX["flush"]], category_of_name("trips")
('flush', 3)
>>> lowest_value_of_category(CATEGORY_INDEX["pair"]), lowest_plain_value_starting((12, 11))
(1277, 1113)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from math import comb, prod

from ..engine import _ffi
from .cards import RANKS

#: Category names by category index (0 = high card .. 9 = royal flush), as in the C core.
CATEGORIES: tuple[str, ...] = (
    "high card", "pair", "two pair", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush", "royal flush",
)
CATEGORY_INDEX: dict[str, int] = {name: i for i, name in enumerate(CATEGORIES)}
#: Order of the ten numbers of a pay table: royal flush first, high card last.
PAY_ORDER: tuple[str, ...] = tuple(reversed(CATEGORIES))
#: Distinct hand values.
NUM_VALUES: int = _ffi.NUM_VALUES

_CATEGORY_ALIASES = {
    "high card": 0, "pair": 1, "one pair": 1, "two pair": 2, "two pairs": 2, "trips": 3, "three of a kind": 3,
    "set": 3, "straight": 4, "flush": 5, "full house": 6, "quads": 7, "four of a kind": 7,
    "straight flush": 8, "royal": 9, "royal flush": 9,
}


def category_of_name(text: str) -> int | None:
    """The category a name stands for ("pair", "trips", "quads", ...), or None."""
    return _CATEGORY_ALIASES.get(" ".join(text.strip().lower().split()))


@dataclass(frozen=True, slots=True)
class Pattern:
    """A multiset of five ranks, in the C core's pattern order (cs_rank_pattern)."""

    index: int
    ranks: tuple[int, ...]    # high to low
    grouped: tuple[int, ...]  # by group size, then rank: pairs first (e.g. 9 9 A 5 2)
    category: int             # when not all one suit
    value: int                # when not all one suit
    flush_category: int | None
    flush_value: int | None

    @property
    def label(self) -> str:
        """The ranks as text, groups first: "99A52"."""
        return "".join(RANKS[r] for r in self.grouped)


@cache
def patterns() -> tuple[Pattern, ...]:
    """All 6,175 rank patterns with their values, from one call to the core.

    >>> p = patterns()
    >>> royal = next(x for x in p if x.label == "AKQJT")
    >>> len(p), p[-1].label, CATEGORIES[royal.category], CATEGORIES[royal.flush_category]
    (6175, 'AAAAK', 'straight', 'royal flush')
    """
    plain, suited = _ffi.pattern_values()
    cats = _ffi.value_categories()
    out: list[Pattern] = []
    for a in range(13):
        for b in range(a + 1):
            for c in range(b + 1):
                for d in range(c + 1):
                    for e in range(d + 1):
                        if a == e:
                            continue
                        ranks = (a, b, c, d, e)
                        counts = {r: ranks.count(r) for r in ranks}
                        grouped = tuple(sorted(ranks, key=lambda r: (-counts[r], -r)))
                        k = len(out)
                        fv = suited[k] if suited[k] != 0xFFFF else None
                        out.append(Pattern(k, ranks, grouped, cats[plain[k]], plain[k],
                                           None if fv is None else cats[fv], fv))
    assert len(out) == _ffi.NUM_RANK_PATTERNS
    return tuple(out)


@cache
def hands_by_value() -> tuple[int, ...]:
    """How many of the 2,598,960 five-card hands have each value, from the rank patterns: a pattern
    of five distinct ranks is 1,020 hands not all one suit and 4 flushes; a pattern with a repeated
    rank is the product over its ranks of C(4, copies), never suited.

    >>> n = hands_by_value()
    >>> sum(n), n[-1], n[0]
    (2598960, 4, 1020)
    """
    out = [0] * NUM_VALUES
    for p in patterns():
        if p.flush_value is not None:
            out[p.value] += 4 ** 5 - 4
            out[p.flush_value] += 4
        else:
            out[p.value] += prod(comb(4, p.ranks.count(r)) for r in set(p.ranks))
    return tuple(out)


@cache
def value_categories() -> bytes:
    """The category of every value, as bytes indexed by value."""
    return _ffi.value_categories()


def evaluate5(cards: Sequence[int]) -> tuple[int, int]:
    """(value, category) of five cards given as indices 0..51 (rank * 4 + suit).

    >>> evaluate5([48, 44, 40, 36, 32])   # Ac Kc Qc Jc Tc
    (7461, 9)
    """
    return _ffi.evaluate5(cards)


@cache
def category_counts() -> tuple[int, ...]:
    """Hands of each category (0 = high card .. 9 = royal flush) among the 2,598,960."""
    return _ffi.category_counts()


@cache
def six_card_counts() -> tuple[int, ...]:
    """Six-card sets by the category of their best five cards, over all 20,358,520."""
    return _ffi.six_card_counts()


@cache
def lowest_value_of_category(category: int) -> int:
    """The lowest hand value of ``category`` or better."""
    cats = value_categories()
    return next(v for v in range(NUM_VALUES) if cats[v] >= category)


@cache
def _lowest_plain_by_prefix() -> dict[tuple[int, ...], int]:
    """For every prefix (1..5 ranks, grouped order) of a plain hand: the lowest value starting so."""
    out: dict[tuple[int, ...], int] = {}
    for p in patterns():
        for n in range(1, 6):
            key = p.grouped[:n]
            if key not in out or p.value < out[key]:
                out[key] = p.value
    return out


@cache
def _grouped_by_value() -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = [()] * NUM_VALUES
    for p in patterns():
        out[p.value] = p.grouped
        if p.flush_value is not None:
            out[p.flush_value] = p.grouped
    return tuple(out)


def value_ranks(value: int) -> tuple[int, ...]:
    """The ranks of a hand value, groups first, high to low (a flush's as its plain twin's).

    >>> "".join(RANKS[r] for r in value_ranks(1277))
    '22543'
    """
    return _grouped_by_value()[value]


def lowest_plain_value_starting(prefix: tuple[int, ...]) -> int | None:
    """The lowest value of a hand, not all one suit, whose ranks (groups first, high to low)
    start with ``prefix``; None if no hand does."""
    return _lowest_plain_by_prefix().get(prefix)
