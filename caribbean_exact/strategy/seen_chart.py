"""What decides the one-seen-card chart's mixed cells, from the exact decision of every situation.

With the up card and one dealer hole card seen, the optimal decision depends on the player's hand
value, the ranks of the two dealer cards seen and, only when those two share a suit, on which of the
player's ranks are in that suit (``cs_solve_seen_k1`` decides each such class once). A cell of
the chart is a player class and the two dealer ranks (in either order: the decision is the same).
In a mixed cell the rule is read from the decisions, never assumed:

- the hands are grouped by how many cards of the two dealer ranks they hold (``MatchRule``); in each
  group, hands from ``raise_from`` up raise and those below fold, with the exceptions listed;
- the same is done for the situations whose two dealer cards share a suit: if the rule above decides
  them too, nothing more is said; else they get their own groups, one per count of the hand's cards
  in that suit, and the few hands whose decision depends on which of their cards those are carry
  the sets they raise with (``by_suits``, ``suit_sets``).

Every stated rule reproduces the exact decision of every situation it covers (situations with
equal EVs count as both). Needs numpy.

>>> sr = seen_card_strategy()
>>> cell = sr.cell(1, 5, 3)            # A-K high; a 7 and a 5 seen
>>> [(g.low_count, g.high_count, "".join("23456789TJQKA"[r] for r in g.prefix)) for g in cell.off_suit]
[(0, 0, 'AK864'), (0, 1, ''), (1, 0, ''), (1, 1, '')]
>>> cell.group(0, 0).decides(1141), cell.group(0, 0).decides(1140)   # AK864, AK863
('raise', 'fold')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine import layout
from ..engine.layout import NUM_VALUES
from ..engine.pricing import default_threads
from ..engine.seen import seen_one_pass
from ..errors import InvalidCards
from ..model.checks import check_progress, check_rules, check_threads
from ..model.hands import patterns, value_ranks
from ..model.rules import Rules
from ..progress import ProgressFn, report

__all__ = ["MatchRule", "SeenCardStrategy", "SeenCellRule", "seen_card_strategy"]

_FOLD, _RAISE, _EITHER, _NONE = 0, 1, 2, 255
_PAIRS = layout.SEEN_RANK_PAIRS      # off-suit lanes: rank pairs a <= b
_SUITED = layout.SEEN_SUITED_PAIRS   # suited lanes per suit set: rank pairs a < b


class GroupDecision:
    """What a group of hands of a mixed seen-card cell does (the base of ``MatchRule`` and
    ``SetMatchRule``, whose fields these are): raise from ``raise_from`` up, but ``raise_also`` and
    ``fold_also``; the hands of ``by_suits`` by the ranks they hold in the dealer's suit."""

    __slots__ = ()
    raise_from: int | None
    raise_also: tuple[int, ...]
    fold_also: tuple[int, ...]
    by_suits: tuple[int, ...]
    suit_sets: tuple[tuple[tuple[int, ...], ...], ...]

    def decides(self, value: int, in_suit_ranks: Sequence[int] | None = None) -> str | None:
        """"raise" or "fold" for a hand of this group.

        ``value``: the hand's value (the core's). ``in_suit_ranks``: for a hand of ``by_suits``, the
        ranks of its cards in the dealer's suit (default None: not given, and such a hand gets None).
        """
        if value in self.by_suits:
            if in_suit_ranks is None:
                return None
            sets = self.suit_sets[self.by_suits.index(value)]
            return "raise" if tuple(sorted(in_suit_ranks, reverse=True)) in sets else "fold"
        if value in self.raise_also:
            return "raise"
        if value in self.fold_also:
            return "fold"
        return "raise" if self.raise_from is not None and value >= self.raise_from else "fold"


@dataclass(frozen=True, slots=True)
class MatchRule(GroupDecision):
    """How the hands of one cell that hold ``low_count`` cards of the lower of the two dealer ranks
    and ``high_count`` of the higher decide (the same for up and seen card either way round).

    Raise from the hand value ``raise_from`` up (None: never), that is with the hands whose ranks,
    groups first, start with ``prefix`` or better (``()``: every hand of the group raises; None
    when no prefix says it); besides, the hands of ``raise_also`` raise and those of ``fold_also``
    fold. Suited rules (the up and seen cards of one suit) are for the hands with ``in_suit`` cards
    of that suit; for those of ``by_suits`` it depends on which of their cards those are. Values
    are the core's hand values.
    """

    low_count: int
    high_count: int
    raise_from: int | None
    prefix: tuple[int, ...] | None
    raise_also: tuple[int, ...] = ()
    fold_also: tuple[int, ...] = ()
    by_suits: tuple[int, ...] = ()
    in_suit: int | None = None
    #: For each hand of ``by_suits``, in order: the sets of its ranks (high to low) in the dealer's
    #: suit with which it raises (with any other set it folds).
    suit_sets: tuple[tuple[tuple[int, ...], ...], ...] = ()


@dataclass(frozen=True, slots=True)
class SeenCellRule:
    """One mixed cell: a player class (as ``SeenChart``'s) and the two dealer ranks seen.

    ``cls``: the player class; ``low`` and ``high``: the two dealer ranks (0 = deuce .. 12 = ace).

    ``off_suit`` decides every situation whose up and seen cards are of two suits (exactly);
    ``suited`` is None when it also decides those of one suit, else the rules for those;
    ``suited_share`` = (weight the suited rules decide by the count of the hand's cards in the
    dealer's suit alone, weight of suited situations), exact integers (situations, ordered up and
    seen cards); the rest is decided by ``MatchRule.suit_sets``.
    """

    cls: int
    low: int
    high: int
    off_suit: tuple[MatchRule, ...]
    suited: tuple[MatchRule, ...] | None = None
    suited_share: tuple[int, int] = (0, 0)

    def group(self, low_count: int, high_count: int, in_suit: int | None = None) -> MatchRule | None:
        """The rule of the hands holding so many cards of the two ranks (None: no such hand).

        ``low_count`` and ``high_count``: the hand's cards of the lower and of the higher dealer rank
        (with the two ranks equal, both are the hand's cards of that rank). ``in_suit``: None for the
        up and seen cards of two suits (default), else the hand's cards in their one suit.
        """
        if in_suit is None or self.suited is None:
            return next((g for g in self.off_suit if (g.low_count, g.high_count) == (low_count, high_count)), None)
        return next((g for g in self.suited if (g.low_count, g.high_count, g.in_suit) == (low_count, high_count,
                                                                                           in_suit)), None)


@dataclass(frozen=True)
class SeenCardStrategy:
    """The rules of every mixed cell of the one-seen-card chart, by (class, low rank, high rank).

    ``rules``: the rules solved; ``cells``: a ``SeenCellRule`` per mixed cell, keyed by (player
    class 0..10, the lower dealer rank, the higher dealer rank), ranks 0 (deuce) .. 12 (ace).
    """

    rules: Rules
    cells: dict[tuple[int, int, int], SeenCellRule]

    def cell(self, cls: int, up: int, seen: int) -> SeenCellRule | None:
        """The rule of one cell; None when the cell is not mixed.

        ``cls``: the player class, 0..10 (as ``SeenChart``'s); ``up`` and ``seen``: the ranks of the
        up card and the seen card, 0 (deuce) .. 12 (ace), in either order. Raises ``InvalidCards``
        (a ``ValueError``) for a class or rank out of range.
        """
        for x in (cls, up, seen):
            if isinstance(x, bool) or not isinstance(x, int):
                raise InvalidCards(f"cell {(cls, up, seen)!r}: expected a class 0..10 and two ranks 0..12")
        if not (0 <= cls < layout.SEEN_CLASSES and 0 <= up < 13 and 0 <= seen < 13):
            raise InvalidCards(f"cell {(cls, up, seen)!r}: expected a class 0..10 and two ranks 0..12")
        return self.cells.get((cls, min(up, seen), max(up, seen)))


@cache
def _values() -> tuple[list[tuple[int, ...]], list[bool], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Every hand value's ranks (groups first, high to low), whether it is a flush, its cards of
    each rank (values x 13) and its chart class (as ``SeenChart``'s): none depends on the rules."""
    grouped = [value_ranks(v) for v in range(NUM_VALUES)]
    flush = [False] * NUM_VALUES
    for p in patterns():
        if p.flush_value is not None:
            flush[p.flush_value] = True
    mult = np.zeros((NUM_VALUES, 13), dtype=np.int64)
    for v, g in enumerate(grouped):
        for r in g:
            mult[v, r] += 1
    classes = np.frombuffer(layout.seen_classes(), dtype=np.uint8).astype(np.int64)  # the core's classes
    return grouped, flush, mult, classes


@cache
def _suit_set_weights() -> npt.NDArray[np.int64]:
    """Per hand value (rows) and set Q of its distinct ranks (a mask, columns): the (hand, suit)
    pairs whose cards of that suit have exactly the ranks Q, in cs_solve_seen_k1's closed form:
    4 x the product over its ranks of C(3, cards of the rank - [rank in Q]), less the flushes."""
    _, flush, mult, _ = _values()
    # cards of each distinct rank, ascending, 0-padded: the nonzero counts moved first, in rank order
    counts = np.take_along_axis(mult, np.argsort(mult == 0, axis=1, kind="stable")[:, :5], axis=1)
    distinct = (counts > 0).sum(axis=1)
    choose3 = np.array([0, 1, 3, 3, 1, 0])          # C(3, x) at x + 1, for x = -1 .. 4
    masks = np.arange(32)
    bits = (masks[:, None] >> np.arange(5)[None, :]) & 1                # (32, 5)
    c = choose3[counts[:, None, :] - bits[None, :, :] + 1].prod(axis=2)  # (nv, 32)
    full = (1 << distinct) - 1
    five = distinct == 5                              # less the flushes: in this suit or in another
    c -= np.where(five[:, None] & (masks[None, :] == full[:, None]), 1, 0)
    c -= np.where(five[:, None] & (masks[None, :] == 0), 3, 0)
    out: npt.NDArray[np.int64] = (4 * c).astype(np.int64)
    is_flush = np.array(flush)
    out[is_flush] = np.where(masks == 0, 12, 0)[None, :] + np.where(masks[None, :] == full[is_flush, None], 4, 0)
    return out


@cache
def _start_codes() -> npt.NDArray[np.int64]:
    """Per n = 1..5 (rows n - 1) and hand value: its first n ranks (groups first) as one base-13
    number, so that comparing two hands' first n ranks is comparing two integers."""
    grouped = _values()[0]
    ranks = np.array([g[:5] for g in grouped], dtype=np.int64)          # every value has five ranks
    out = np.zeros((5, NUM_VALUES), dtype=np.int64)
    for n in range(1, 6):
        out[n - 1] = (ranks[:, :n] * 13 ** np.arange(n - 1, -1, -1)).sum(axis=1)
    return out


def _prefix(grouped: list[tuple[int, ...]], values: npt.NDArray[np.int64], raising: npt.NDArray[np.bool_],
            start: int) -> tuple[int, ...] | None:
    """The shortest start of the ranks of hand ``start`` (whole groups) such that, among ``values``,
    the hands starting with it or better are exactly those marked raising; None when none does."""
    want = np.asarray(raising, dtype=bool)
    g = grouped[start]
    codes = _start_codes()
    for n in range(1, 6):
        if n < 5 and g[n] == g[n - 1]:
            continue  # a pair is named whole: "AA", not "A"
        if ((codes[n - 1, values] >= codes[n - 1, start]) == want).all():
            return g[:n]
    return None


def _threshold(values: npt.NDArray[np.int64], dec: npt.NDArray[Any], up: int, seen: int,
               grouped: list[tuple[int, ...]], by_suits: tuple[int, ...] = (), in_suit: int | None = None
               ) -> MatchRule:
    """The rule with the fewest exceptions for hands of ascending ``values`` deciding ``dec``
    (0 fold, 1 raise): raise from some value up."""
    n = len(values)
    folds_from = np.concatenate([[0], np.cumsum(dec == _FOLD)])     # folds among values[:i]
    raises_before = np.concatenate([[0], np.cumsum(dec == _RAISE)])
    # exceptions if raising starts at index i: raises below i + folds from i up
    cost = raises_before + (folds_from[-1] - folds_from)
    i = int(np.argmin(cost))
    if i == n:
        return MatchRule(up, seen, None, None, tuple(int(v) for v in values[dec == _RAISE]), (), by_suits, in_suit)
    raise_also = tuple(int(v) for v in values[:i][dec[:i] == _RAISE])
    fold_also = tuple(int(v) for v in values[i:][dec[i:] == _FOLD])
    start = int(values[i])
    if i == 0:  # from the group's lowest hand up: every hand but the exceptions
        prefix: tuple[int, ...] | None = ()
    else:
        mask = np.ones(n, dtype=bool)
        if raise_also or fold_also:
            mask = ~np.isin(values, np.array(raise_also + fold_also, dtype=np.int64))
        prefix = _prefix(grouped, values[mask], (values >= start)[mask], start)
    return MatchRule(up, seen, start, prefix, raise_also, fold_also, by_suits, in_suit)


def seen_card_strategy(rules: Rules | None = None, threads: int | None = None,
                    progress: ProgressFn | None = None) -> SeenCardStrategy:
    """What decides each mixed cell of the one-seen-card chart (``solve_seen_card``'s), exactly.

    A situation with equal EVs is decided by either action, so the rules hold for raising or folding
    on a tie alike.

    - ``rules``: the game's ``Rules`` (default None: the standard game: the "standard" pay table,
      the ace-king qualifier, no cap).
    - ``threads``: threads for the counting core, 1 to 64 (default None: one per core of the
      machine); the figures do not depend on it.
    - ``progress``: an optional callback ``progress(label, done, total)`` told how the work advances
      (``caribbean_exact.progress``); default None: silent.

    Returns ``SeenCardStrategy``. Raises ``InvalidRules`` (a ``ValueError``) for bad rules, threads or progress.

    >>> r = seen_card_strategy()
    >>> len(r.cells), r.cell(0, 0, 1) is r.cell(0, 1, 0)
    (152, True)
    """
    rules = check_rules(rules)
    threads = check_threads(threads)
    check_progress(progress)
    label = "reading the decisions with one dealer hole card seen"
    report(progress, label, 0, None)
    raw = seen_one_pass(rules, 0, threads or default_threads(), decisions=True).decisions
    assert raw is not None  # kept: solve_seen_card for these rules then reads the same pass
    table = np.frombuffer(raw, dtype=np.uint8).reshape(NUM_VALUES, layout.SEEN_DECISION_LANES)
    grouped, _, mult, classes = _values()
    cells: dict[tuple[int, int, int], SeenCellRule] = {}
    for cls in range(layout.SEEN_CLASSES):
        vs = np.nonzero(classes == cls)[0]
        if not len(vs):
            continue
        off = table[vs, :_PAIRS]
        suited = table[vs, _PAIRS:].reshape(len(vs), layout.SEEN_SUIT_SETS, _SUITED)
        known = (off != _NONE) & (off != _EITHER)
        if not ((off == _RAISE) & known).any() and not (suited == _RAISE).any():
            continue
        if not ((off == _FOLD) & known).any() and not (suited == _FOLD).any():
            continue
        cnt = _suit_set_weights()[vs]
        for high in range(13):
            for low in range(high + 1):
                rule = _cell(cls, low, high, vs, off[:, layout.seen_pair_lane(low, high)],
                             None if low == high else suited[:, :, layout.seen_suited_lane(low, high)],
                             cnt, mult, grouped)
                if rule is not None:
                    cells[(cls, low, high)] = rule
    report(progress, label, 1, None)
    return SeenCardStrategy(rules, cells)


def _popcounts() -> npt.NDArray[np.int64]:
    return np.array([m.bit_count() for m in range(32)])


def _raises(g: MatchRule, vs: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """Which of ``vs`` the rule raises (vectorised ``decides``; by_suits hands as folds)."""
    out = vs >= g.raise_from if g.raise_from is not None else np.zeros(len(vs), dtype=bool)
    if g.raise_also:
        out |= np.isin(vs, np.array(g.raise_also, dtype=np.int64))
    if g.fold_also or g.by_suits:
        out &= ~np.isin(vs, np.array(g.fold_also + g.by_suits, dtype=np.int64))
    return out


def _raising_sets(grouped: tuple[int, ...], lanes: npt.NDArray[np.uint8], pop: npt.NDArray[np.int64], k: int
                  ) -> tuple[tuple[int, ...], ...]:
    """The sets of k of a hand's ranks (high to low) in the dealer's suit with which it raises, from
    its decisions by suit set (a mask over its distinct ranks ascending)."""
    distinct = sorted(set(grouped))
    return tuple(sorted((tuple(sorted((distinct[j] for j in range(len(distinct)) if m >> j & 1), reverse=True))
                         for m in range(32) if pop[m] == k and lanes[m] == _RAISE), reverse=True))


def _groups(vs: npt.NDArray[np.int64], mult: npt.NDArray[np.int64], low: int, high: int
            ) -> list[tuple[int, int, npt.NDArray[np.bool_]]]:
    """The hands by how many cards of the up and seen ranks they hold: (up, seen, mask). With the
    two ranks equal, both counts are the cards of that rank."""
    a, b = mult[vs, low], mult[vs, high]
    out = []
    for x in sorted(set(zip(a.tolist(), b.tolist(), strict=True))):
        out.append((x[0], x[1], (a == x[0]) & (b == x[1])))
    return out


def _cell(cls: int, low: int, high: int, vs: npt.NDArray[np.int64], off: npt.NDArray[np.uint8],
          suited: npt.NDArray[np.uint8] | None, cnt: npt.NDArray[np.int64], mult: npt.NDArray[np.int64],
          grouped: list[tuple[int, ...]]) -> SeenCellRule | None:
    """The rule of one cell, or None when every situation of it decides the same."""
    decided = [off[(off == _FOLD) | (off == _RAISE)]]
    if suited is not None:
        decided.append(suited[(suited == _FOLD) | (suited == _RAISE)])
    every = np.concatenate(decided)
    ties = (off == _EITHER).any() or (suited is not None and (suited == _EITHER).any())
    if not len(every) or ((every == every[0]).all() and not ties):
        return None  # not mixed (a cell with equal-EV situations gets its rule: the chart may show it mixed)
    groups = _groups(vs, mult, low, high)
    off_rules = []
    for up, seen, mask in groups:
        keep = mask & ((off == _FOLD) | (off == _RAISE))
        if keep.any():
            off_rules.append(_threshold(vs[keep], off[keep], up, seen, grouped))
    if suited is None:
        return SeenCellRule(cls, low, high, tuple(off_rules))
    # suited situations: every (value, suit set) present, with its weight
    present = (suited == _FOLD) | (suited == _RAISE)
    r_w = np.where(suited == _RAISE, cnt, 0)
    f_w = np.where(suited == _FOLD, cnt, 0)
    total = int(np.where(present, cnt, 0).sum())
    predicted = np.zeros(len(vs), dtype=bool)
    by_group = {(g.low_count, g.high_count): g for g in off_rules}
    gm = {}
    for up, seen, mask in groups:
        gm[(up, seen)] = mask
        g = by_group.get((up, seen))
        if g is not None:
            predicted |= mask & _raises(g, vs)
    misses = int(np.where(predicted, f_w.sum(axis=1), r_w.sum(axis=1)).sum())
    # a group with no off-suit hand: its suited hands must be decided by a rule of their own
    if misses == 0 and all(not present[m].any() or k in by_group for k, m in gm.items()):
        return SeenCellRule(cls, low, high, tuple(off_rules), None, (total, total))
    # by the hand's cards in the dealer's suit: k = |Q|
    pop = _popcounts()
    r_k = np.stack([r_w[:, pop == k].sum(axis=1) for k in range(5)], axis=1)
    f_k = np.stack([f_w[:, pop == k].sum(axis=1) for k in range(5)], axis=1)
    suited_rules = []
    decided_w = 0
    for (up, seen), mask in gm.items():
        for k in range(5):
            has = mask & ((r_k[:, k] + f_k[:, k]) > 0)
            if not has.any():
                continue
            uniform = has & ((r_k[:, k] == 0) | (f_k[:, k] == 0))
            by_suits = tuple(int(v) for v in vs[has & ~uniform])
            if uniform.any():
                dec = np.where(r_k[uniform, k] > 0, _RAISE, _FOLD)
                g = _threshold(vs[uniform], dec, up, seen, grouped, by_suits, k)
            else:
                g = MatchRule(up, seen, None, None, (), (), by_suits, k)
            if by_suits:
                rows = np.nonzero(has & ~uniform)[0]
                g = replace(g, suit_sets=tuple(_raising_sets(grouped[int(vs[i])], suited[i], pop, k) for i in rows))
            suited_rules.append(g)
            decided_w += int((r_k[:, k] + f_k[:, k])[uniform].sum())
    return SeenCellRule(cls, low, high, tuple(off_rules), tuple(suited_rules), (decided_w, total))
