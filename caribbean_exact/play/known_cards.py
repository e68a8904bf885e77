"""Known dealer cards, exact: one, two or three hole cards seen (the whole game counted) and all four.

>>> seen = solve_seen_card()
>>> seen.report.total_weight, f"{float(seen.report.house_edge):.4%}"
(79732922068800, '0.6160%')
>>> two = solve_seen_cards(2)
>>> two.report.total_weight, two.report.house_edge
(119599383103200, Fraction(-397558091753, 3322205086200))
>>> f"{float(solve_known(3).house_edge):.4%}", f"{float(solve_all_seen().house_edge):.4%}"
('-35.2551%', '-64.2816%')

Colluding players (other players' hands seen) are sampled: see ``sampling``.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from ..engine import layout
from ..engine.counts import Counts, DealTotals
from ..engine.layout import COMPLETIONS, NUM_HANDS, SEEN_COMPLETIONS
from ..engine.pricing import RAISE_ON_TIE, default_threads, solver_for
from ..engine.seen import seen_one_pass, seen_pass, solve_seen
from ..errors import InvalidCards, InvalidRules
from ..model.cards import CardsLike
from ..model.checks import check_bool, check_progress, check_rules, check_threads
from ..model.rules import Rules
from ..progress import ProgressFn, report
from .game import GameReport, solve
from .odds import Decision, ev, parse_situation

__all__ = ["SEEN_CLASS_COUNT", "SEEN_SITUATIONS", "SeenCardGame", "SeenCardsGame", "SeenChart", "SeenSetChart",
           "completions", "seen_counts", "solve_all_seen", "solve_known", "solve_seen_card", "solve_seen_cards",
           "total_weight"]

#: Ordered (hand, up card, seen card) situations with one hole card seen: 2,598,960 x 47 x 46.
SEEN_SITUATIONS: int = NUM_HANDS * 47 * 46
#: Player classes of the seen-card chart: 0 = high card below A-K, 1 = A-K high, then pair (2)
#: .. royal flush (10), as category + 1 (cs_solve_seen, cs_solve_seen_k1).
SEEN_CLASS_COUNT: int = layout.SEEN_CLASSES
_WORDS = {1: "one", 2: "two", 3: "three", 4: "all four"}


def _check_k(k: object, lo: int = 0, hi: int = 4) -> int:
    if isinstance(k, bool) or not isinstance(k, int) or not lo <= k <= hi:
        raise InvalidRules(f"known dealer cards {k!r}: expected {lo} to {hi} (the dealer has four hole cards)")
    return k


def completions(k: int) -> int:
    """Dealer completions of one situation with k hole cards seen: C(46 - k, 4 - k).

    >>> [completions(k) for k in range(5)]
    [163185, 14190, 946, 43, 1]
    """
    k = _check_k(k)
    return math.comb(46 - k, 4 - k) if k else COMPLETIONS


def total_weight(k: int) -> int:
    """Equally likely deals with k hole cards seen: C(52,5) x 47 x C(46,k) x C(46-k,4-k).

    >>> total_weight(2) == 2_598_960 * 47 * 1035 * 946
    True
    """
    k = _check_k(k)
    return NUM_HANDS * 47 * math.comb(46, k) * completions(k)


@dataclass(frozen=True)
class SeenChart:
    """Raise weight / total weight by player class, up card rank and seen card rank."""

    raise_weight: tuple[int, ...]
    total_weight: tuple[int, ...]

    def cell(self, cls: int, up: int, seen: int) -> tuple[int, int]:
        """(raise weight, total weight) of one class, up card rank and seen card rank."""
        k = layout.seen_chart_cell(cls, up, seen)
        return self.raise_weight[k], self.total_weight[k]

    def class_state(self, cls: int) -> str:
        """"R" (always raise), "F" (always fold), "M" (mixed) or "none" (no situation)."""
        n = layout.SEEN_CLASS_CELLS
        r = sum(self.raise_weight[cls * n:(cls + 1) * n])
        t = sum(self.total_weight[cls * n:(cls + 1) * n])
        return "none" if t == 0 else "R" if r == t else "F" if r == 0 else "M"


@dataclass(frozen=True)
class SeenCardGame:
    """The whole game with one dealer hole card seen: the figures and when to raise.

    ``report``: the ``GameReport`` of the game; ``chart``: when to raise, by hand, up card and
    seen card.
    """

    report: GameReport
    chart: SeenChart


def solve_seen_card(rules: Rules | None = None, threads: int | None = None, raise_on_tie: bool = False,
                    progress: ProgressFn | None = None) -> SeenCardGame:
    """The whole game when the player sees the up card and one dealer hole card, exact.

    - ``rules``: the game's ``Rules`` (default None: the standard game: the "standard" pay table,
      the ace-king qualifier, no cap).
    - ``threads``: threads for the counting core, 1 to 64 (default None: one per core of the
      machine); the figures do not depend on it.
    - ``raise_on_tie``: count the situations where raising and folding are worth exactly the same as
      raises (default False: as folds); the return is the same either way.
    - ``progress``: an optional callback ``progress(label, done, total)`` told how the work advances
      (``caribbean_exact.progress``); default None: silent.

    Returns a ``SeenCardGame``: the figures (``report``) and the chart of when to raise (``chart``).
    Raises ``InvalidRules`` (a ``ValueError``) for bad rules, threads or progress.

    >>> g = solve_seen_card()
    >>> g.report.known_dealer_cards, g.report.house_edge < solve().house_edge
    (1, True)
    """
    rules = check_rules(rules)
    threads = check_threads(threads)
    flags = RAISE_ON_TIE if check_bool(raise_on_tie, "raise_on_tie") else 0
    check_progress(progress)
    label = "counting every deal with one dealer hole card seen"
    report(progress, label, 0, None)
    one = seen_one_pass(rules, flags, threads or default_threads())  # seen_card_strategy' pass when it ran first
    report(progress, label, 1, None)
    totals, chart = one.totals, one.chart
    game = GameReport(rules, totals, "optimal, one dealer hole card seen", SEEN_COMPLETIONS,
                      known_dealer_cards=1)
    return SeenCardGame(game, SeenChart(tuple(chart[0]), tuple(chart[1])))


def solve_all_seen(rules: Rules | None = None, progress: ProgressFn | None = None) -> GameReport:
    """The whole game when the player sees all four dealer hole cards, exact.

    With the dealer's hand known the best play is plain: raise unless the dealer qualifies and
    beats the player (raising then costs 1 + raise_antes antes, folding 1). So every deal is priced by its
    outcome alone, and the outcome counts over all 19,933,230,517,200 (hand, up card, hole cards)
    deals are those of "raise always" in the up-card-only game.

    - ``rules``: the game's ``Rules`` (default None: the standard game: the "standard" pay table,
      the ace-king qualifier, no cap).
    - ``progress``: an optional callback ``progress(label, done, total)`` told how the work advances
      (``caribbean_exact.progress``); default None: silent.

    Returns a ``GameReport`` (``known_dealer_cards`` 4). Raises ``InvalidRules`` (a ``ValueError``)
    for bad rules.

    >>> solve_all_seen().house_edge < 0
    True
    """
    rules = check_rules(rules)
    solver = solver_for(rules.qualifier.value, progress=progress)
    every = solver.apply(b"\x01" * (solver.n_hands * 52))
    zero = (0,) * 10
    raised = sum(every.not_qualify) + sum(every.win) + sum(every.tie)
    totals = DealTotals(every.lose, every.not_qualify, every.win, every.tie, zero, raised, 0,
                        every.total_weight)
    return GameReport(rules, totals, "optimal, all four dealer hole cards seen", 1, known_dealer_cards=4)


@dataclass(frozen=True)
class SeenSetChart:
    """Raise weight / total weight (in situations) by player class and the ranks of the dealer's
    k + 1 known cards (up card and seen hole cards: only their set matters to the counts)."""

    k: int
    raise_weight: tuple[int, ...]
    total_weight: tuple[int, ...]

    @property
    def lanes(self) -> int:
        """Rank multisets of the k + 1 known cards: 91, 455 or 1820."""
        return layout.seen_set_lanes(self.k)

    def cell(self, cls: int, ranks: tuple[int, ...]) -> tuple[int, int]:
        """(raise weight, total weight) of one class and the k + 1 known ranks (any order)."""
        if len(ranks) != self.k + 1 or not all(0 <= r < 13 for r in ranks):
            raise InvalidCards(f"ranks {ranks!r}: expected {self.k + 1} ranks 0..12")
        at = layout.seen_set_cell(self.k, cls, ranks)
        return self.raise_weight[at], self.total_weight[at]

    def class_state(self, cls: int) -> str:
        """"R" (always raise), "F" (always fold), "M" (mixed) or "none" (no situation)."""
        lo, hi = cls * self.lanes, (cls + 1) * self.lanes
        r, t = sum(self.raise_weight[lo:hi]), sum(self.total_weight[lo:hi])
        return "none" if t == 0 else "R" if r == t else "F" if r == 0 else "M"

    def cells(self, cls: int) -> list[tuple[tuple[int, ...], int, int]]:
        """Every (known ranks ascending, raise weight, total weight) of a class with situations."""
        out = []
        for ranks in itertools.combinations_with_replacement(range(13), self.k + 1):
            r, t = self.cell(cls, ranks)
            if t:
                out.append((ranks, r, t))
        return out

    def top_two(self, cls: int) -> dict[tuple[int, int], tuple[int, int]]:
        """The cells of a class summed by the highest and second-highest known rank."""
        out: dict[tuple[int, int], tuple[int, int]] = {}
        for ranks, r, t in self.cells(cls):
            key = (ranks[-1], ranks[-2])
            a, b = out.get(key, (0, 0))
            out[key] = (a + r, b + t)
        return out


@dataclass(frozen=True)
class SeenCardsGame:
    """The whole game with k = 1, 2 or 3 dealer hole cards seen: the figures and when to raise.

    ``report``: the ``GameReport`` of the game; ``chart``: when to raise, by the ranks of the
    hand, the up card and the seen cards.
    """

    report: GameReport
    chart: SeenSetChart

    @property
    def k(self) -> int:
        """Dealer hole cards seen."""
        return self.chart.k

    def decision(self, hand: CardsLike, up: CardsLike, seen: CardsLike) -> Decision:
        """One situation as the optimal strategy plays it (``ev`` with the seen cards as the dealer's).

        ``hand``: the player's five cards; ``up``: the dealer's up card; ``seen``: the k dealer hole
        cards seen; each as text, ``Card`` objects or a list of either. Raises ``InvalidCards`` (a
        ``ValueError``) for cards that do not parse, repeat, or are not k seen cards.

        >>> g = solve_seen_cards(2)
        >>> g.decision("As Kd Jh 8c 3s", "Kh", "2c 7d").decision
        'raise'
        """
        d = ev(hand, up, dealer=seen, rules=self.report.rules)
        if len(d.dealer) != self.k:
            raise InvalidCards(f"seen cards {seen!r}: expected {self.k} dealer hole cards, got {len(d.dealer)}")
        return d


def solve_seen_cards(k: int, rules: Rules | None = None, threads: int | None = None, raise_on_tie: bool = False,
                     progress: ProgressFn | None = None) -> SeenCardsGame:
    """The whole game when the player sees the up card and k = 1, 2 or 3 dealer hole cards, exact.

    Every deal is equally likely and the player plays optimally for what is seen (hand, up card,
    seen set): ``total_weight(k)`` deals. The chart is by the ranks of all k + 1 known cards.

    - ``k``: the dealer hole cards seen, 1, 2 or 3.
    - ``rules``: the game's ``Rules`` (default None: the standard game: the "standard" pay table,
      the ace-king qualifier, no cap).
    - ``threads``: threads for the counting core, 1 to 64 (default None: one per core of the
      machine); the figures do not depend on it.
    - ``raise_on_tie``: count the situations where raising and folding are worth exactly the same as
      raises (default False: as folds); the return is the same either way.
    - ``progress``: an optional callback ``progress(label, done, total)`` told how the work advances
      (``caribbean_exact.progress``); default None: silent.

    Returns a ``SeenCardsGame``: the figures (``report``) and the chart (``chart``). Raises
    ``InvalidRules`` (a ``ValueError``) for a ``k`` out of range, bad rules, threads or progress.

    >>> g = solve_seen_cards(2)
    >>> g.k, g.report.house_edge == solve_known(2).house_edge
    (2, True)
    """
    k = _check_k(k, 1, 3)
    rules = check_rules(rules)
    threads = check_threads(threads)
    flags = RAISE_ON_TIE if check_bool(raise_on_tie, "raise_on_tie") else 0
    check_progress(progress)
    label = f"counting every deal with {_WORDS[k]} dealer hole card{'s' if k > 1 else ''} seen"
    report(progress, label, 0, None)
    kept = seen_pass(k, rules, flags, threads or default_threads())  # seen_set_strategy's pass when it ran first
    totals, chart = kept.totals, kept.chart
    report(progress, label, 1, None)
    what = f"optimal, {_WORDS[k]} dealer hole card{'s' if k > 1 else ''} seen"
    game = GameReport(rules, totals, what, completions(k), known_dealer_cards=k)
    return SeenCardsGame(game, SeenSetChart(k, tuple(chart[0]), tuple(chart[1])))


def solve_known(k: int, rules: Rules | None = None, threads: int | None = None,
                progress: ProgressFn | None = None) -> GameReport:
    """The exact whole game with k = 0 .. 4 dealer hole cards seen, as one report.

    - ``k``: the dealer hole cards the player sees besides the up card, 0 to 4 (0 is ``solve()``).
    - ``rules``: the game's ``Rules`` (default None: the standard game: the "standard" pay table,
      the ace-king qualifier, no cap).
    - ``threads``: threads for the counting core, 1 to 64 (default None: one per core of the
      machine); the figures do not depend on it.
    - ``progress``: an optional callback ``progress(label, done, total)`` told how the work advances
      (``caribbean_exact.progress``); default None: silent.

    Returns a ``GameReport``. Raises ``InvalidRules`` (a ``ValueError``) for a ``k`` out of range,
    bad rules, threads or progress.

    >>> f"{float(solve_known(0).house_edge):.4%}", f"{float(solve_known(2).house_edge):.4%}"
    ('5.2243%', '-11.9667%')
    """
    k = _check_k(k)
    rules = check_rules(rules)
    if k == 0:
        return solve(rules=rules, threads=threads, progress=progress)
    if k == 1:
        return solve_seen_card(rules, threads, progress=progress).report
    if k == 4:
        return solve_all_seen(rules, progress)
    return solve_seen_cards(k, rules, threads, progress=progress).report


def seen_counts(hand: CardsLike, up: CardsLike, seen: CardsLike, rules: Rules | None = None) -> Counts:
    """One situation's completions by outcome, read from the whole-game counting (cs_solve_seen)
    rather than enumerated: a check of the solver against ``ev``.

    >>> seen_counts("As Kd Jh 8c 3s", "Kh", "2c 7d").total
    946
    """
    rules = check_rules(rules)
    h, u, _, dealer = parse_situation(hand, up, None, seen)
    k = _check_k(len(dealer), 1, 3)
    cards = [c.index for c in (*h, u, *dealer)]
    _, _, counts = solve_seen(k, rules, 0, 1, probes=[cards])
    return Counts(*counts[0])
