"""Edge sorting, exact: the player tells, on each of the dealer's four hole cards, whether its rank is
among some ranks (the cards were turned so their backs show it), so he knows how many of them are.

A situation is (hand, up card, c), c = 0 .. 4 hole cards of the sorted ranks; every deal is equally
likely and each situation is decided optimally (an exact comparison of the counts, cs_solve_sorted).

>>> g = solve_sorted_ranks("AK")
>>> f"{float(-g.report.house_edge):+.4%}", g.ranks
('+7.1002%', (11, 12))
>>> [f"{float(c.probability):.4f}" for c in g.counts]
['0.5014', '0.3914', '0.0978', '0.0091', '0.0003']
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, overload

from ..engine.counts import Counts, DealCounts, DealTotals, sum_totals
from ..engine.pricing import DEALS, RAISE_ON_TIE, default_threads, return_rows
from ..engine.sorted import (
    SORTED_COUNTS,
    SORTED_SEEN_COUNTS,
    chart_cell,
    seen_chart_cell,
    solve_sorted,
    solve_sorted_seen,
)
from ..engine.sorted import solve_sorted_misread as _misread_pass
from ..errors import InvalidCards, InvalidRules, shown
from ..model.cards import RANKS, CardsLike, rank_index
from ..model.checks import check_bool, check_progress, check_rules, check_threads
from ..model.hands import NUM_VALUES, evaluate5, value_ranks
from ..model.rules import Rules, to_fraction
from ..progress import ProgressFn, report
from .game import GameReport
from .information import Information
from .odds import Decision, decision_from, parse_situation

__all__ = ["SortedChart", "SortedCount", "SortedSeenChart", "SortedSeenCount", "SortedSeenGame", "SortedThreshold",
           "misread_probabilities", "parse_ranks", "solve_sorted_misread", "solve_sorted_ranks", "sorted_counts",
           "sorted_seen_counts", "sorted_seen_deals"]

RanksLike = str | Iterable[int | str]


def parse_ranks(ranks: RanksLike) -> tuple[int, ...]:
    """A set of ranks, ascending (0 = deuce .. 12 = ace), from text ("AK", "A K", "a,k,10") or a
    sequence of rank indices or rank characters; empty: no rank.

    ``ranks``: the text or sequence. Raises ``InvalidCards`` (a ``ValueError``) naming a token that
    is not a rank, or a rank given twice.

    >>> parse_ranks("AK"), parse_ranks("10 9"), parse_ranks([12, 0]), parse_ranks("")
    ((11, 12), (7, 8), (0, 12), ())
    """
    if isinstance(ranks, str):
        text = ranks.replace(",", " ").replace("10", "T")
        tokens: list[int | str] = [ch for ch in text if not ch.isspace()]
    else:
        try:
            tokens = list(ranks)
        except TypeError:
            raise InvalidCards(f"ranks {ranks!r}: expected text such as 'AK' or a sequence of ranks") from None
    out: list[int] = []
    for t in tokens:
        if isinstance(t, bool) or not isinstance(t, int | str):
            raise InvalidCards(f"rank {t!r}: expected 2-9, T or 10, J, Q, K or A, or an index 0..12")
        r = rank_index(t) if isinstance(t, str) else t
        if not 0 <= r <= 12:
            raise InvalidCards(f"rank {t!r}: expected an index 0 (deuce) .. 12 (ace)")
        if r in out:
            raise InvalidCards(f"rank {RANKS[r]} given twice")
        out.append(r)
    return tuple(sorted(out))


@dataclass(frozen=True, slots=True)
class SortedThreshold:
    """The optimal strategy against one up card rank when c hole cards are of the sorted ranks.

    Hand values run 0 (the lowest high card) .. 7461 (a royal flush); only values with a situation
    count. ``fold_through``: the highest value such that it and every lower value always fold (None:
    the lowest hand does not always fold); ``raise_from``: the lowest value such that it and every
    higher value always raise (the threshold hand; None: the best hand does not always raise);
    ``mixed``: the values between them (some of their situations raise, or they raise while a lower
    value folds).
    """

    up: int
    fold_through: int | None
    raise_from: int | None
    mixed: int


@dataclass(frozen=True, slots=True)
class SortedCount:
    """The deals where c of the dealer's hole cards are of the sorted ranks, played optimally.

    ``count``: c (0 .. 4); ``totals``: those deals by outcome (raise situations in deals);
    ``probability``: the chance of c; ``raise_probability``: the chance of raising given c;
    ``return_per_ante``: the expected net per ante given c; ``thresholds``: the strategy against each up
    card rank (2 .. A), as the lowest hand that always raises.
    """

    count: int
    totals: DealTotals
    probability: Fraction
    raise_probability: Fraction
    return_per_ante: Fraction
    thresholds: tuple[SortedThreshold, ...]


@dataclass(frozen=True, eq=False)
class SortedChart:
    """(hand, up card) situations that raise, and all of them, by c, the player's hand value and the up
    card's rank (``cell``); situations where c cannot happen are not counted."""

    raise_weight: memoryview
    total_weight: memoryview

    def cell(self, count: int, value: int, up: int) -> tuple[int, int]:
        """(raise situations, situations) of c sorted hole cards, a hand value and an up rank."""
        if not (0 <= count < SORTED_COUNTS and 0 <= value < NUM_VALUES and 0 <= up < 13):
            raise InvalidCards(f"chart cell ({count}, {value}, {up}): expected c 0..4, a value 0..7461, "
                               "an up rank 0..12")
        k = chart_cell(count, value, up)
        return self.raise_weight[k], self.total_weight[k]


@dataclass(frozen=True, eq=False)
class SortedRanksGame:
    """The whole game with edge sorting: the figures, and the optimal strategy for each count c.

    ``report``: the ``GameReport`` (its ``information`` says which ranks were sorted; its "situations"
    are deals, each weighted alike); ``ranks``: the sorted ranks, ascending; ``counts``: the deals by
    c = 0 .. 4; ``chart``: the decisions by c, hand value and up rank.
    """

    report: GameReport
    ranks: tuple[int, ...]
    counts: tuple[SortedCount, ...]
    chart: SortedChart

    def decision(self, hand: CardsLike, up: CardsLike, count: int) -> Decision:
        """One situation (hand, up card, c) as the optimal strategy plays it, with its exact EVs.

        c is the number of the dealer's hole cards of the sorted ranks; the EVs are over the completions
        with c such cards.

        ``hand``: the player's five cards; ``up``: the dealer's up card (text, ``Card`` objects or a
        list); ``count``: c, 0 to 4. Raises ``InvalidCards`` (a ``ValueError``) for bad cards, or a c
        these cards leave impossible (more sorted hole cards than are left).

        >>> g = solve_sorted_ranks("AK")
        >>> [g.decision("As Kd Jh 8c 3s", "Kh", c).decision for c in range(5)]
        ['raise', 'fold', 'fold', 'fold', 'fold']
        """
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count < SORTED_COUNTS:
            raise InvalidCards(f"count {count!r}: expected 0 to 4 sorted hole cards")
        h, u, _, _ = parse_situation(hand, up)
        counts = sorted_counts(h, (u,), self.ranks, self.report.rules)[count]
        if not counts.total:
            raise InvalidCards(f"count {count}: these cards leave fewer than {count} cards of the sorted ranks")
        cat = evaluate5([c.index for c in h])[1]
        raw = DealCounts(counts.not_qualify, counts.win, counts.tie, counts.lose, counts.total, (), 0, cat)
        return decision_from(h, u, self.report.rules, raw, with_dealer_categories=False)


def _thresholds(chart: SortedChart, c: int) -> tuple[SortedThreshold, ...]:
    out = []
    for up in range(13):
        first, stop = chart_cell(c, 0, up), chart_cell(c + 1, 0, up)
        raised = chart.raise_weight[first:stop:13].tolist()
        every = chart.total_weight[first:stop:13].tolist()
        cells = [(v, raised[v], t) for v, t in enumerate(every) if t]
        lo = 0
        while lo < len(cells) and cells[lo][1] == 0:
            lo += 1
        hi = len(cells)
        while hi > lo and cells[hi - 1][1] == cells[hi - 1][2]:
            hi -= 1
        out.append(SortedThreshold(up, cells[lo - 1][0] if lo else None,
                                   cells[hi][0] if hi < len(cells) else None, hi - lo))
    return tuple(out)


def _mask(ranks: tuple[int, ...]) -> int:
    return sum(1 << r for r in ranks)


@dataclass(frozen=True, slots=True)
class SortedSeenCount:
    """With one hole card seen: the deals where c of the three unseen hole cards are of the sorted ranks,
    played optimally. ``count``: c (0 .. 3); ``totals``: those deals by outcome (raise situations in
    deals); ``probability``: the chance of c; ``raise_probability``: the chance of raising given c;
    ``return_per_ante``: the expected net per ante given c."""

    count: int
    totals: DealTotals
    probability: Fraction
    raise_probability: Fraction
    return_per_ante: Fraction


@dataclass(frozen=True, eq=False)
class SortedSeenChart:
    """With one hole card seen: (hand, up card, seen card) situations that raise, and all of them, by c
    (of the three unseen hole cards), the player's hand value and j, the known dealer cards (up and
    seen) of the sorted ranks (``cell``); situations where c cannot happen are not counted."""

    raise_weight: memoryview
    total_weight: memoryview

    def cell(self, count: int, value: int, known: int) -> tuple[int, int]:
        """(raise situations, situations) of c sorted unseen hole cards, a hand value and j known."""
        if not (0 <= count < SORTED_SEEN_COUNTS and 0 <= value < NUM_VALUES and 0 <= known <= 2):
            raise InvalidCards(f"chart cell ({count}, {value}, {known}): expected c 0..3, a value 0..7461, "
                               "j 0..2")
        k = seen_chart_cell(count, value, known)
        return self.raise_weight[k], self.total_weight[k]


@dataclass(frozen=True, eq=False)
class SortedSeenGame:
    """The whole game with edge sorting and one dealer hole card seen: the figures and, by c, the deals.

    ``report``: the ``GameReport`` (``information``: the sorted ranks, one hole card seen; its
    "situations" are deals, each (deal, seen hole card) weighted alike); ``ranks``: the sorted ranks,
    ascending; ``counts``: the deals by c = 0 .. 3 sorted cards among the three unseen hole cards;
    ``chart``: the decisions by c, hand value and the known dealer cards of the sorted ranks.
    """

    report: GameReport
    ranks: tuple[int, ...]
    counts: tuple[SortedSeenCount, ...]
    chart: SortedSeenChart


def sorted_seen_deals(ranks: Iterable[int], value: int, known: int, count: int) -> int:
    """The completions of one (hand, up card, seen card) situation of the seen-card edge-sorting chart
    cell (c = ``count`` of the three unseen hole cards sorted, a hand ``value``, ``known`` of the up and
    seen cards sorted): C(a, c) x C(45 - a, 3 - c), a the sorted ranks' cards left unseen.

    >>> sorted_seen_deals((11, 12), 7461, 2, 0)   # a royal flush, two aces or kings known: 4 left
    10660
    """
    rs = set(ranks)
    left = 4 * len(rs) - sum(1 for r in value_ranks(value) if r in rs) - known
    return math.comb(left, count) * math.comb(45 - left, 3 - count)


def _solve_sorted_seen(sorted_ranks: tuple[int, ...], rules: Rules, threads: int | None, flags: int,
                       progress: ProgressFn | None) -> SortedSeenGame:
    label = "counting every deal with the sorted ranks and a seen hole card"
    report(progress, label, 0, None)
    parts, weights, _ = solve_sorted_seen(_mask(sorted_ranks), rules, flags, threads or default_threads(), chart=True)
    report(progress, label, 1, None)
    assert weights is not None
    nets = rules.nets()
    every = sum(t.total_weight for t in parts)
    counts = []
    for c, t in enumerate(parts):
        raised = ret = Fraction(0)
        if t.total_weight:
            raised = Fraction(t.raise_situations, t.total_weight)
            ret = sum((r.probability * r.net for r in return_rows(t, nets)), Fraction(0))
        counts.append(SortedSeenCount(c, t, Fraction(t.total_weight, every), raised, ret))
    names = "".join(RANKS[r] for r in reversed(sorted_ranks))
    info = Information("sorted-ranks", seen_cards=1, ranks=sorted_ranks)
    game = GameReport(rules, sum_totals(parts), f"optimal, edge sorting ({names or 'no rank'}) and a hole card seen",
                      1, leak=info)
    return SortedSeenGame(game, sorted_ranks, tuple(counts), SortedSeenChart(*weights))


def sorted_seen_counts(hand: CardsLike, up: CardsLike, seen: CardsLike, ranks: RanksLike,
                       rules: Rules | None = None) -> tuple[Counts, ...]:
    """One situation's completions by outcome for each c = 0 .. 3 of the three unseen hole cards of the
    sorted ranks, with the hole card ``seen``, read from the whole-game counting (cs_solve_sorted_seen):
    a check of the solver.

    ``hand``: the player's five cards; ``up``, ``seen``: the dealer's up card and seen hole card;
    ``ranks``: the sorted ranks (as ``solve_sorted_ranks``); ``rules``: as ``solve``. Raises
    ``InvalidCards`` (a ``ValueError``) for bad cards or ranks.

    >>> [c.total for c in sorted_seen_counts("As Kd Jh 8c 3s", "Kh", "Qc", "AK")]
    [9880, 3900, 400, 10]
    """
    rules = check_rules(rules)
    h, u, _, known = parse_situation(hand, up, None, seen)
    if len(known) != 1:
        raise InvalidCards(f"seen {shown(seen)}: expected one dealer hole card")
    _, _, counts = solve_sorted_seen(_mask(parse_ranks(ranks)), rules, 0, 1,
                                     probes=[[c.index for c in (*h, u, *known)]])
    return tuple(Counts(*x) for x in counts[0])


@overload
def solve_sorted_ranks(ranks: RanksLike, rules: Rules | None = None, threads: int | None = None,
                       raise_on_tie: bool = False, progress: ProgressFn | None = None,
                       seen_cards: Literal[0] = 0) -> SortedRanksGame: ...


@overload
def solve_sorted_ranks(ranks: RanksLike, rules: Rules | None = None, threads: int | None = None,
                       raise_on_tie: bool = False, progress: ProgressFn | None = None, *,
                       seen_cards: Literal[1]) -> SortedSeenGame: ...


@overload
def solve_sorted_ranks(ranks: RanksLike, rules: Rules | None = None, threads: int | None = None,
                       raise_on_tie: bool = False, progress: ProgressFn | None = None,
                       seen_cards: int = 0) -> SortedRanksGame | SortedSeenGame: ...


def solve_sorted_ranks(ranks: RanksLike, rules: Rules | None = None, threads: int | None = None,
                       raise_on_tie: bool = False, progress: ProgressFn | None = None,
                       seen_cards: int = 0) -> SortedRanksGame | SortedSeenGame:
    """The whole game with edge sorting, exact, played optimally for what the backs tell.

    The player tells, on each of the dealer's four hole cards, whether its rank is among ``ranks``, so
    he knows how many of them are (c = 0 .. 4), and plays each (hand, up card, c) optimally.

    - ``ranks``: the sorted ranks, any set of 0 to 13: text ("AK", "A K", "AKQJ") or a sequence of
      rank indices (0 = deuce .. 12 = ace) or characters. No rank, or all thirteen, tell nothing:
      the plain game.
    - ``rules``: the game's ``Rules`` (default None: the standard game: the "standard" pay table,
      the ace-king qualifier, no cap).
    - ``threads``: threads for the counting core, 1 to 64 (default None: one per core of the
      machine); the figures do not depend on it.
    - ``raise_on_tie``: count the situations where raising and folding are worth exactly the same as
      raises (default False: as folds); the return is the same either way.
    - ``progress``: an optional callback ``progress(label, done, total)`` told how the work advances
      (``caribbean_exact.progress``); default None: silent.
    - ``seen_cards``: dealer hole cards the player also sees whole, 0 or 1 (default 0). With 1 he sees
      the up card and one hole card, and tells on each of the other three whether its rank is sorted
      (c = 0 .. 3 of them): a ``SortedSeenGame`` (cs_solve_sorted_seen); with no rank sorted (or all
      thirteen) it is the one-seen-card game exactly.

    Returns a ``SortedRanksGame`` (``SortedSeenGame`` with ``seen_cards`` 1): the figures (``report``,
    a ``GameReport`` whose ``information`` is ``Information("sorted-ranks", ranks=...)``; its
    situations and raise situations are counted in deals), the figures and strategy for each c
    (``counts``) and the chart (``chart``). Raises ``InvalidCards`` (a ``ValueError``) for a bad rank,
    ``InvalidRules`` for bad rules, threads, progress or seen_cards.

    >>> g = solve_sorted_ranks("AK")
    >>> g.report.information.ranks, g.report.house_edge < 0, g.counts[1].raise_probability
    ((11, 12), True, Fraction(1797381167, 1934808392))
    """
    sorted_ranks = parse_ranks(ranks)
    rules = check_rules(rules)
    threads = check_threads(threads)
    flags = RAISE_ON_TIE if check_bool(raise_on_tie, "raise_on_tie") else 0
    check_progress(progress)
    if isinstance(seen_cards, bool) or not isinstance(seen_cards, int) or seen_cards not in (0, 1):
        raise InvalidRules(f"seen_cards {shown(seen_cards)}: expected 0 or 1 (edge sorting with one hole card seen)")
    if seen_cards:
        return _solve_sorted_seen(sorted_ranks, rules, threads, flags, progress)
    label = "counting every deal with the sorted ranks" if sorted_ranks else "counting every deal"
    report(progress, label, 0, None)
    parts, weights, _ = solve_sorted(_mask(sorted_ranks), rules, flags, threads or default_threads(), chart=True)
    report(progress, label, 1, None)
    assert weights is not None
    chart = SortedChart(*weights)
    nets = rules.nets()
    counts = []
    for c, t in enumerate(parts):
        raised = ret = Fraction(0)
        if t.total_weight:  # a c that cannot happen (no rank sorted, or all): 0
            raised = Fraction(t.raise_situations, t.total_weight)
            ret = sum((r.probability * r.net for r in return_rows(t, nets)), Fraction(0))
        counts.append(SortedCount(c, t, Fraction(t.total_weight, DEALS), raised, ret, _thresholds(chart, c)))
    names = "".join(RANKS[r] for r in reversed(sorted_ranks))
    info = Information("sorted-ranks", ranks=sorted_ranks)  # no rank too: the game asked for, which is the plain one
    game = GameReport(rules, sum_totals(parts), f"optimal, edge sorting ({names or 'no rank'})", 1, leak=info)
    return SortedRanksGame(game, sorted_ranks, tuple(counts), chart)


def sorted_counts(hand: CardsLike, up: CardsLike, ranks: RanksLike, rules: Rules | None = None) -> tuple[Counts, ...]:
    """One situation's completions by outcome for each c = 0 .. 4 hole cards of the sorted ranks, read
    from the whole-game counting (cs_solve_sorted) rather than enumerated: a check of the solver.

    ``hand``: the player's five cards; ``up``: the dealer's up card (text, ``Card`` objects or a
    list); ``ranks``: the sorted ranks (as ``solve_sorted_ranks``); ``rules``: as ``solve``. Raises
    ``InvalidCards`` (a ``ValueError``) for bad cards or ranks.

    >>> [c.total for c in sorted_counts("As Kd Jh 8c 3s", "Kh", "AK")]
    [101270, 53300, 8200, 410, 5]
    """
    rules = check_rules(rules)
    h, u, _, _ = parse_situation(hand, up)
    _, _, counts = solve_sorted(_mask(parse_ranks(ranks)), rules, 0, 1,
                                probes=[[c.index for c in (*h, u)]])
    return tuple(Counts(*x) for x in counts[0])


def misread_probabilities(accuracy: Fraction) -> tuple[tuple[Fraction, ...], ...]:
    """P(the player reads c' | c of the dealer's hole cards are of the sorted ranks), [c][c'], when he
    reads each hole card's back right with probability ``accuracy``, each card on its own: c' = c - x
    + y, x of the c sorted cards read as not sorted, y of the 4 - c others read as sorted.

    >>> [str(p) for p in misread_probabilities(Fraction(9, 10))[1]]
    ['729/10000', '1701/2500', '1107/5000', '61/2500', '9/10000']
    """
    q = Fraction(accuracy)
    e = 1 - q
    out = []
    for c in range(SORTED_COUNTS):
        row = [Fraction(0)] * SORTED_COUNTS
        for x in range(c + 1):
            for y in range(SORTED_COUNTS - c):
                row[c - x + y] += (math.comb(c, x) * e ** x * q ** (c - x)
                                   * math.comb(4 - c, y) * e ** y * q ** (4 - c - y))
        out.append(tuple(row))
    return tuple(out)


def solve_sorted_misread(ranks: RanksLike, accuracy: object, rules: Rules | None = None, threads: int | None = None,
                         raise_on_tie: bool = False, progress: ProgressFn | None = None) -> GameReport:
    """Edge sorting read with accuracy q, exact: the player reads each of the dealer's hole cards right
    (sorted or not) with probability q, each card on its own and whatever the cards, and believes
    what he reads: he plays the optimal strategy of perfect edge sorting for the count c' he reads
    (a count his own cards and the up card rule out: the plain optimal decision).

    The core tallies the deals of each true count c under the decision of each read c'
    (cs_solve_sorted_misread, one pass); the return is their mixture by P(c' | c), a polynomial in q
    (``misread_probabilities``), so every figure is exact for a rational q. q = 1 is perfect edge
    sorting; q = 1/2 reads nothing (c' is independent of c).

    - ``ranks``: the sorted ranks (as ``solve_sorted_ranks``).
    - ``accuracy``: q, 0 to 1: a number, a fraction "9/10" or a percentage "90%".
    - ``rules``, ``threads``, ``raise_on_tie``, ``progress``: as ``solve_sorted_ranks``.

    Returns a ``GameReport`` (``information``: the sorted ranks; its deals weighted by the read
    probabilities' common denominator). Raises ``InvalidCards`` or ``InvalidRules`` (``ValueError``s)
    for a bad rank, accuracy, rules, threads or progress.

    >>> g = solve_sorted_misread("AK", 1)
    >>> g.house_edge == solve_sorted_ranks("AK").report.house_edge
    True
    """
    q = _accuracy(accuracy)
    sorted_ranks = parse_ranks(ranks)
    rules = check_rules(rules)
    threads = check_threads(threads)
    flags = RAISE_ON_TIE if check_bool(raise_on_tie, "raise_on_tie") else 0
    check_progress(progress)
    label = "counting every deal with the sorted ranks, read and misread"
    report(progress, label, 0, None)
    table = _misread_pass(_mask(sorted_ranks), rules, flags, threads or default_threads())
    report(progress, label, 1, None)
    probs = misread_probabilities(q)
    scale = math.lcm(*(p.denominator for row in probs for p in row))
    parts = []
    for c in range(SORTED_COUNTS):
        for x in range(SORTED_COUNTS):
            n = probs[c][x] * scale
            assert n.denominator == 1
            if n:
                parts.append(_scaled(table[c][x], n.numerator))
    names = "".join(RANKS[r] for r in reversed(sorted_ranks))
    info = Information("sorted-ranks", ranks=sorted_ranks)
    what = f"edge sorting ({names or 'no rank'}) read with accuracy {q}, playing the read"
    return GameReport(rules, sum_totals(parts), what, 1, leak=info)


def _accuracy(value: object) -> Fraction:
    """A read accuracy, 0 to 1: a number, "9/10" or a percentage "90%", read exactly."""
    if isinstance(value, str) and value.strip().endswith("%"):
        q = to_fraction(value.strip()[:-1], "accuracy") / 100
    else:
        q = to_fraction(value, "accuracy")
    if not 0 <= q <= 1:
        raise InvalidRules(f"accuracy {shown(value)}: expected 0 to 1, or 0% to 100%")
    return q


def _scaled(t: DealTotals, n: int) -> DealTotals:
    return DealTotals(tuple(n * x for x in t.fold), tuple(n * x for x in t.not_qualify), tuple(n * x for x in t.win),
                      tuple(n * x for x in t.tie), tuple(n * x for x in t.lose), n * t.raise_situations,
                      n * t.indifferent_situations, n * t.total_weight)
