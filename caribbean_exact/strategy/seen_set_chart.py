"""What decides the mixed cells of the charts with two or three dealer hole cards seen, from the
exact decision of every situation.

With the up card and k = 2 or 3 hole cards seen, the dealer's k + 1 known cards count only as a
set: the optimal decision depends on the player's hand value, the ranks of the known cards and,
only when they are all of one suit, on which of the player's ranks are in that suit
(``cs_solve_seen_decided`` decides each such class once). A cell is a player class and the known
ranks (as a multiset, any order). In a mixed cell the rule is read from the decisions, never
assumed, as for one card seen (``seen_chart``):

- the hands are grouped by how many cards of each known rank they hold (``SetMatchRule.counts``);
  in each group, the hands from ``raise_from`` up raise and those below fold, with the exceptions
  listed;
- for known cards all of one suit: if the rule above decides them too, nothing more is said; else
  they get their own groups, one per count of the hand's cards in that suit, and the hands whose
  decision depends on which of their cards those are carry the sets they raise with.

Every stated rule reproduces the exact decision of every situation it covers (situations with
equal EVs count as both). Needs numpy.

>>> sr = seen_set_strategy(2)
>>> cell = sr.cell(0, (12, 10, 3))       # high card below A-K; the dealer shows A, Q, 5
>>> cell.distinct                        # counts are by these ranks: 5, Q, A
(3, 10, 12)
>>> cell.group((0, 0, 0)).decides(value_of("KJ964")), cell.group((1, 0, 0)).decides(value_of("KJ965"))
('fold', 'raise')
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from ..engine import layout
from ..engine.layout import NUM_VALUES
from ..engine.pricing import default_threads
from ..engine.recent import Recent
from ..engine.seen import seen_pass
from ..errors import InvalidCards, InvalidRules
from ..model.checks import check_progress, check_rules, check_threads
from ..model.hands import value_ranks
from ..model.rules import Rules
from ..progress import ProgressFn, report
from .seen_chart import (
    _EITHER,
    _FOLD,
    _NONE,
    _RAISE,
    GroupDecision,
    _popcounts,
    _suit_set_weights,
    _threshold,
    _values,
)

__all__ = ["SeenSetCellRule", "SeenSetStrategy", "SetMatchRule", "seen_set_strategy", "value_of"]


def value_of(ranks: str) -> int:
    """The core's value of a hand of five ranks of at least two suits ("AK864", any order).

    >>> value_ranks(value_of("48K6A"))
    (12, 11, 6, 4, 2)
    """
    want = tuple(sorted(("23456789TJQKA".index(c) for c in ranks.upper()), reverse=True))
    for v in range(NUM_VALUES):
        g = value_ranks(v)
        if tuple(sorted(g, reverse=True)) == want and not _values()[1][v]:
            return v
    raise InvalidCards(f"hand {ranks!r}: expected five ranks such as AK864")


@dataclass(frozen=True, slots=True)
class SetMatchRule(GroupDecision):
    """How the hands of one cell that hold ``counts[i]`` cards of the i-th distinct known rank
    (ascending) decide.

    ``counts``: the group's cards of each distinct known rank, in the order of
    ``SeenSetCellRule.distinct``.

    Raise from the hand value ``raise_from`` up (None: never), that is with the hands whose ranks,
    groups first, start with ``prefix`` or better (``()``: every hand of the group raises; None
    when no prefix says it); besides, the hands of ``raise_also`` raise and those of ``fold_also``
    fold. Suited rules (the known cards all of one suit) are for the hands with ``in_suit`` cards of
    that suit; for those of ``by_suits`` it depends on which of their cards those are
    (``suit_sets``: for each, the sets of its ranks, high to low, in that suit with which it
    raises). Values are the core's hand values.
    """

    counts: tuple[int, ...]
    raise_from: int | None
    prefix: tuple[int, ...] | None
    raise_also: tuple[int, ...] = ()
    fold_also: tuple[int, ...] = ()
    by_suits: tuple[int, ...] = ()
    in_suit: int | None = None
    suit_sets: tuple[tuple[tuple[int, ...], ...], ...] = ()


@dataclass(frozen=True, slots=True)
class SeenSetCellRule:
    """One mixed cell: a player class (as ``SeenSetChart``'s) and the k + 1 known ranks.

    ``cls``: the player class; ``ranks``: the known ranks ascending (0 = deuce .. 12 = ace);
    ``off_suit`` decides every situation whose known cards are not all of one suit; ``suited`` is
    None when it also decides those of one suit, else the rules for those; ``suited_share`` = (weight
    the suited rules decide by the count of the hand's cards in the dealer's suit alone, weight of
    suited situations), exact integers (situations).
    """

    cls: int
    ranks: tuple[int, ...]
    off_suit: tuple[SetMatchRule, ...]
    suited: tuple[SetMatchRule, ...] | None = None
    suited_share: tuple[int, int] = (0, 0)

    @property
    def distinct(self) -> tuple[int, ...]:
        """The distinct known ranks, ascending (``SetMatchRule.counts`` follows them)."""
        return tuple(sorted(set(self.ranks)))

    def group(self, counts: Sequence[int], in_suit: int | None = None) -> SetMatchRule | None:
        """The rule of a group of hands; None when no hand of the cell is in it.

        ``counts``: the group's cards of each distinct known rank (ascending, ``distinct``);
        ``in_suit``: None for known cards not all of one suit (default), else the hand's cards in
        their suit.
        """
        key = tuple(counts)
        if in_suit is None or self.suited is None:
            return next((g for g in self.off_suit if g.counts == key), None)
        return next((g for g in self.suited if (g.counts, g.in_suit) == (key, in_suit)), None)

    def decides(self, value: int, hand_ranks: Sequence[int], in_suit_ranks: Sequence[int] | None = None
                ) -> str | None:
        """The rule's decision for a hand: "raise" or "fold" (None when no rule covers it).

        ``value``: the hand's value (the core's); ``hand_ranks``: its five ranks; ``in_suit_ranks``:
        its ranks in the known cards' suit when those are all of one suit (default None: they are not).
        """
        counts = tuple(sum(1 for r in hand_ranks if r == a) for a in self.distinct)
        if in_suit_ranks is None or self.suited is None:
            g = self.group(counts)
        else:
            g = self.group(counts, len(in_suit_ranks))
        return None if g is None else g.decides(value, in_suit_ranks)


@dataclass(frozen=True)
class SeenSetStrategy:
    """The rules of every mixed cell of the chart with k = 2 or 3 hole cards seen.

    ``rules``: the rules solved; ``k``: hole cards seen; ``cells``: a ``SeenSetCellRule`` per mixed
    cell, keyed by (player class 0..10, the known ranks ascending).
    """

    rules: Rules
    k: int
    cells: dict[tuple[int, tuple[int, ...]], SeenSetCellRule]

    def cell(self, cls: int, ranks: Sequence[int]) -> SeenSetCellRule | None:
        """The rule of one cell; None when the cell is not mixed.

        ``cls``: the player class, 0..10; ``ranks``: the k + 1 known ranks, 0 (deuce) .. 12 (ace),
        any order. Raises ``InvalidCards`` (a ``ValueError``) for a class or ranks out of range.
        """
        rs = tuple(ranks)
        if (isinstance(cls, bool) or not isinstance(cls, int) or not 0 <= cls < layout.SEEN_CLASSES
                or len(rs) != self.k + 1
                or not all(isinstance(r, int) and not isinstance(r, bool) and 0 <= r < 13 for r in rs)):
            raise InvalidCards(f"cell {(cls, rs)!r}: expected a class 0..10 and {self.k + 1} ranks 0..12")
        return self.cells.get((cls, tuple(sorted(rs))))


@cache
def lane_ranks(k: int) -> tuple[tuple[int, ...], ...]:
    """The known ranks (ascending) of every lane of the core's tables with k hole cards seen."""
    out: list[tuple[int, ...]] = [()] * layout.seen_set_lanes(k)
    for rs in itertools.combinations_with_replacement(range(13), k + 1):
        out[layout.seen_set_cell(k, 0, rs)] = rs
    return tuple(out)


@cache
def suited_index(k: int) -> dict[int, int]:
    """Lane -> index in the suited table, for the lanes of distinct ranks (in lane order)."""
    distinct = [lane for lane, rs in enumerate(lane_ranks(k)) if len(set(rs)) == len(rs)]
    assert len(distinct) == math.comb(13, k + 1)
    return {lane: i for i, lane in enumerate(distinct)}


@cache
def _rank_bits() -> npt.NDArray[np.int64]:
    """Per hand value and suit set Q (a mask over its distinct ranks ascending): Q as a 13-bit rank mask."""
    _, _, mult, _ = _values()
    out = np.zeros((NUM_VALUES, 32), dtype=np.int64)
    for v in range(NUM_VALUES):
        dr = [a for a in range(13) if mult[v, a]]
        for m in range(1 << len(dr)):
            out[v, m] = sum(1 << dr[i] for i in range(len(dr)) if m >> i & 1)
    return out


def situation_weights(k: int, ranks: Sequence[int], vs: npt.NDArray[np.int64]
                      ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64] | None]:
    """The situations of hand values ``vs`` with known ranks ``ranks`` (ascending): (not all of one
    suit: per value; all of one suit: per value and suit set Q, None for a repeated rank), as
    cs_solve_seen counts them (each set of known cards times its k + 1 choices of the up card)."""
    _, _, mult, _ = _values()
    cnt = _suit_set_weights()[vs]
    hands = cnt.sum(axis=1) // 4
    w = hands.copy()
    for a in sorted(set(ranks)):
        m = ranks.count(a)
        w *= np.array([math.comb(4 - int(x), m) for x in range(5)], dtype=np.int64)[mult[vs, a]]
    nk = k + 1
    if len(set(ranks)) != len(ranks):
        return w * nk, None
    amask = sum(1 << r for r in ranks)
    ok = (_rank_bits()[vs] & amask) == 0
    suited = np.where(ok, cnt, 0)
    return (w - suited.sum(axis=1)) * nk, suited * nk


@cache
def _set_ranks(v: int) -> tuple[tuple[int, ...], ...]:
    """Per suit set Q (a mask over hand value v's distinct ranks ascending): its ranks, high to low."""
    dr = sorted(set(value_ranks(v)))
    return tuple(tuple(sorted((dr[i] for i in range(len(dr)) if m >> i & 1), reverse=True)) if m < 1 << len(dr)
                 else () for m in range(32))


def _raising_sets(vs: npt.NDArray[np.int64], lanes: npt.NDArray[np.uint8], pop: npt.NDArray[np.int64], k: int
                  ) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each hand value of ``vs``: the sets of k of its ranks (high to low) in the dealer's suit
    with which it raises, from its decisions by suit set (``lanes``, a row each)."""
    rows, sets = np.nonzero((pop == k)[None, :] & (lanes == _RAISE))
    found: list[list[tuple[int, ...]]] = [[] for _ in range(len(vs))]
    values = vs.tolist()
    for i, m in zip(rows.tolist(), sets.tolist(), strict=True):
        found[i].append(_set_ranks(values[i])[m])
    return tuple(tuple(sorted(x, reverse=True)) for x in found)


def _unpack(words: npt.NDArray[np.uint64], present: npt.NDArray[np.bool_]) -> npt.NDArray[np.uint8]:
    """Suited words (bit Q raise, bit 32 + Q either) -> decisions by Q (0 fold, 1 raise, 2 either, 255 none)."""
    q = np.arange(32, dtype=np.uint64)
    r = (words[:, None] >> q[None, :]) & np.uint64(1)
    e = (words[:, None] >> (q[None, :] + np.uint64(32))) & np.uint64(1)
    out = np.where(e == 1, _EITHER, np.where(r == 1, _RAISE, _FOLD)).astype(np.uint8)
    out[~present] = _NONE
    return out


def _groups(vs: npt.NDArray[np.int64], mult: npt.NDArray[np.int64], distinct: Sequence[int]
            ) -> list[tuple[tuple[int, ...], npt.NDArray[np.bool_]]]:
    cols = mult[vs][:, list(distinct)]
    code = cols @ (5 ** np.arange(len(distinct) - 1, -1, -1))   # the counts in base 5, first rank first
    out = []
    for c in np.unique(code).tolist():
        key = tuple(int(c) // 5 ** (len(distinct) - 1 - i) % 5 for i in range(len(distinct)))
        out.append((key, code == c))
    return out


def _rule(values: npt.NDArray[np.int64], dec: npt.NDArray[np.uint8], counts: tuple[int, ...],
          grouped: list[tuple[int, ...]], by_suits: tuple[int, ...] = (), in_suit: int | None = None,
          suit_sets: tuple[tuple[tuple[int, ...], ...], ...] = ()) -> SetMatchRule:
    """``seen_chart._threshold``'s rule for hands of ascending ``values`` deciding ``dec``, the
    groups that all decide alike (most) without its search."""
    if (dec == _RAISE).all():
        return SetMatchRule(counts, int(values[0]), (), (), (), by_suits, in_suit, suit_sets)
    if (dec == _FOLD).all():
        return SetMatchRule(counts, None, None, (), (), by_suits, in_suit, suit_sets)
    t = _threshold(values, dec, 0, 0, grouped, by_suits, in_suit)
    return SetMatchRule(counts, t.raise_from, t.prefix, t.raise_also, t.fold_also, by_suits, in_suit, suit_sets)


def _raises(g: SetMatchRule, vs: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    out = vs >= g.raise_from if g.raise_from is not None else np.zeros(len(vs), dtype=bool)
    if g.raise_also:
        out |= np.isin(vs, np.array(g.raise_also, dtype=np.int64))
    if g.fold_also or g.by_suits:
        out &= ~np.isin(vs, np.array(g.fold_also + g.by_suits, dtype=np.int64))
    return out


def _cell(cls: int, ranks: tuple[int, ...], vs: npt.NDArray[np.int64], off: npt.NDArray[np.uint8],
          suited: npt.NDArray[np.uint8] | None, cnt: npt.NDArray[np.int64], mult: npt.NDArray[np.int64],
          grouped: list[tuple[int, ...]]) -> SeenSetCellRule | None:
    """The rule of one cell, or None when every situation of it decides the same."""
    decided = [off[(off == _FOLD) | (off == _RAISE)]]
    if suited is not None:
        decided.append(suited[(suited == _FOLD) | (suited == _RAISE)])
    every = np.concatenate(decided)
    ties = (off == _EITHER).any() or (suited is not None and (suited == _EITHER).any())
    if not len(every) or ((every == every[0]).all() and not ties):
        return None
    distinct = tuple(sorted(set(ranks)))
    groups = _groups(vs, mult, distinct)
    off_rules = []
    for key, mask in groups:
        keep = mask & ((off == _FOLD) | (off == _RAISE))
        if keep.any():
            off_rules.append(_rule(vs[keep], off[keep], key, grouped))
    if suited is None:
        return SeenSetCellRule(cls, ranks, tuple(off_rules))
    present = (suited == _FOLD) | (suited == _RAISE)
    r_w = np.where(suited == _RAISE, cnt, 0)
    f_w = np.where(suited == _FOLD, cnt, 0)
    total = int(np.where(present, cnt, 0).sum())
    if total == 0:
        return SeenSetCellRule(cls, ranks, tuple(off_rules), None, (0, 0))
    predicted = np.zeros(len(vs), dtype=bool)
    by_group = {g.counts: g for g in off_rules}
    for key, mask in groups:
        g = by_group.get(key)
        if g is not None:
            predicted |= mask & _raises(g, vs)
    misses = int(np.where(predicted, f_w.sum(axis=1), r_w.sum(axis=1)).sum())
    if misses == 0 and all(not present[m].any() or key in by_group for key, m in groups):
        return SeenSetCellRule(cls, ranks, tuple(off_rules), None, (total, total))
    pop = _popcounts()
    by_size = (pop[:, None] == np.arange(5)[None, :]).astype(np.int64)   # suit set -> its size
    r_k, f_k = r_w @ by_size, f_w @ by_size
    suited_rules = []
    decided_w = 0
    for key, mask in groups:
        for j in range(5):
            has = mask & ((r_k[:, j] + f_k[:, j]) > 0)
            if not has.any():
                continue
            uniform = has & ((r_k[:, j] == 0) | (f_k[:, j] == 0))
            by_suits = tuple(int(v) for v in vs[has & ~uniform])
            sets: tuple[tuple[tuple[int, ...], ...], ...] = ()
            if by_suits:
                sets = _raising_sets(vs[has & ~uniform], suited[has & ~uniform], pop, j)
            if uniform.any():
                dec = np.where(r_k[uniform, j] > 0, _RAISE, _FOLD).astype(np.uint8)
                g = _rule(vs[uniform], dec, key, grouped, by_suits, j, sets)
            else:
                g = SetMatchRule(key, None, None, (), (), by_suits, j, sets)
            suited_rules.append(g)
            decided_w += int((r_k[:, j] + f_k[:, j])[uniform].sum())
    return SeenSetCellRule(cls, ranks, tuple(off_rules), tuple(suited_rules), (decided_w, total))


def seen_set_strategy(k: int, rules: Rules | None = None, threads: int | None = None,
                      progress: ProgressFn | None = None) -> SeenSetStrategy:
    """What decides each mixed cell of the chart with k = 2 or 3 hole cards seen, exactly.

    The chart is ``solve_seen_cards``'s.

    A situation with equal EVs is decided by either action, so the rules hold for raising or folding
    on a tie alike. The last result is kept: asking again for the same k and rules reads nothing again.

    - ``k``: the dealer hole cards seen, 2 or 3.
    - ``rules``: the game's ``Rules`` (default None: the standard game: the "standard" pay table,
      the ace-king qualifier, no cap).
    - ``threads``: threads for the counting core, 1 to 64 (default None: one per core of the
      machine); the figures do not depend on it.
    - ``progress``: an optional callback ``progress(label, done, total)`` told how the work advances
      (``caribbean_exact.progress``); default None: silent.

    Returns ``SeenSetStrategy``. Raises ``InvalidRules`` (a ``ValueError``) for a ``k`` other than 2
    or 3, bad rules, threads or progress.

    >>> r = seen_set_strategy(3)
    >>> r.k, r.cell(2, (12, 12, 12, 11)) is r.cell(2, (11, 12, 12, 12))
    (3, True)
    """
    if isinstance(k, bool) or k not in (2, 3):
        raise InvalidRules(f"known dealer cards {k!r}: the rules by cell are for 2 or 3 (one: seen_card_strategy)")
    rules = check_rules(rules)
    threads = check_threads(threads)
    check_progress(progress)
    kept = _last.get((k, rules))
    if kept is not None:  # the rules do not depend on the threads
        return kept
    label = f"reading the decisions with {('two', 'three')[k - 2]} dealer hole cards seen"
    report(progress, label, 0, None)
    one = seen_pass(k, rules, 0, threads or default_threads(), decisions=True)
    assert one.decisions is not None
    assert one.suited is not None
    lanes = layout.seen_set_lanes(k)
    off_all = np.frombuffer(one.decisions, dtype=np.uint8).reshape(NUM_VALUES, lanes)
    words = np.frombuffer(one.suited, dtype=np.uint64).reshape(NUM_VALUES, math.comb(13, k + 1))
    grouped, _, mult, classes = _values()
    raise_w, total_w = one.chart
    at = suited_index(k)
    cells: dict[tuple[int, tuple[int, ...]], SeenSetCellRule] = {}
    for cls in range(layout.SEEN_CLASSES):
        vs = np.nonzero(classes == cls)[0]
        if not len(vs):
            continue
        cnt = _suit_set_weights()[vs]
        bits = _rank_bits()[vs]
        for lane, ranks in enumerate(lane_ranks(k)):
            r, t = raise_w[cls * lanes + lane], total_w[cls * lanes + lane]
            off = off_all[vs, lane]
            if t == 0:
                continue
            if r in (0, t) and not (off == _EITHER).any() and not (
                    lane in at and (words[vs, at[lane]] >> np.uint64(32)).any()):
                continue  # one decision throughout, no equal EVs: not mixed
            suited = None
            if lane in at:
                amask = sum(1 << x for x in ranks)
                present = (cnt > 0) & ((bits & amask) == 0)
                suited = _unpack(words[vs, at[lane]], present)
            rule = _cell(cls, ranks, vs, off, suited, cnt, mult, grouped)
            if rule is not None:
                cells[(cls, ranks)] = rule
    report(progress, label, 1, None)
    result = SeenSetStrategy(rules, k, cells)
    _last.put((k, rules), result)
    return result


#: The last strategy read, by (k, rules): at most one.
_last: Recent[tuple[int, Rules], SeenSetStrategy] = Recent(1, "seen-cards strategies")
