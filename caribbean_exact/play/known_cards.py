"""Known dealer cards, exact: one, two or three hole cards seen (the whole game counted) and all four.

>>> seen = solve_seen_card()
>>> seen.report.total_weight, f"{float(seen.report.house_edge):.4%}"
(79732922068800, '0.6160%')
>>> two = solve_seen_cards(2)
>>> two.report.total_weight, two.report.house_edge
(119599383103200, Fraction(-397558091753, 3322205086200))
>>> f"{float(solve_known(3).house_edge):.4%}", f"{float(solve_all_seen().house_edge):.4%}"
('-35.2551%', '-64.2816%')

Leaks, exact too: one hole card's class seen (``solve_seen_class``: a picture or not, its colour,
...) and the burn card seen (``solve_burn_card``), alone or with one hole card seen as well.

>>> f"{float(solve_seen_class('picture').report.house_edge):.4%}"
'4.7319%'

Colluding players (other players' hands seen) are sampled: see ``sampling``.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass, replace

from ..engine import layout
from ..engine.counts import Counts, DealTotals
from ..engine.layout import COMPLETIONS, NUM_HANDS, SEEN_COMPLETIONS
from ..engine.pricing import RAISE_ON_TIE, default_threads, solver_for
from ..engine.seen import LEAK_COLUMNS, LEAK_NO_VALUE, SuitSplit, seen_one_pass, seen_pass, solve_leak, solve_seen
from ..errors import InvalidCards, InvalidRules
from ..model.cards import RANKS, Card, CardsLike
from ..model.checks import check_bool, check_progress, check_rules, check_threads
from ..model.rules import Rules
from ..progress import ProgressFn, report
from .game import GameReport, solve
from .information import Information
from .odds import Decision, ev, parse_situation

__all__ = ["BURN_COMPLETIONS", "SEEN_BURN_COMPLETIONS", "SEEN_CLASS_COMPLETIONS", "SEEN_CLASS_COUNT",
           "SEEN_SITUATIONS", "LeakCell", "LeakChart", "LeakGame", "SeenCardGame", "SeenCardsGame", "SeenChart",
           "SeenSetChart", "burn_card_counts",
           "completions", "seen_class", "seen_class_counts", "seen_counts", "solve_all_seen", "solve_burn_card",
           "solve_known", "solve_seen_card", "solve_seen_cards", "solve_seen_class", "total_weight"]

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


# ---------------------------------------------------------------- leaks: a seen class, the burn card

#: Dealer completions of one (hand, up card, burn card) situation: C(45, 4).
BURN_COMPLETIONS: int = math.comb(45, 4)
#: Dealer completions of one (hand, up card, seen hole card, burn card) situation: C(44, 3).
SEEN_BURN_COMPLETIONS: int = math.comb(44, 3)
#: Dealer completions of one (hand, up card, seen hole card, class card) situation: C(44, 2).
SEEN_CLASS_COMPLETIONS: int = math.comb(44, 2)
_SUIT_WORDS: dict[str, SuitSplit] = {"colour": "colour", "color": "colour", "suit": "suit", "suits": "suit"}
_PICTURES = (9, 10, 11)


def _rank_token(token: str, spec: str) -> tuple[int, ...]:
    """The ranks of one token: a range "2-7" or rank letters "JQK" (10 as T)."""
    t = token.upper().replace("10", "T")
    bad = InvalidRules(f"seen class {spec!r}: {token!r} is not a class (expected rank letters such as JQK, a "
                       "range such as 2-7, picture, rank, card, all, colour or suit)")
    if re.fullmatch(r"[2-9TJQKA]-[2-9TJQKA]", t):
        lo, hi = RANKS.index(t[0]), RANKS.index(t[2])
        if lo > hi:
            raise InvalidRules(f"seen class {spec!r}: range {token!r} runs downwards (expected low-high, 2-7)")
        return tuple(range(lo, hi + 1))
    if not t or any(c not in RANKS for c in t):
        raise bad
    return tuple(RANKS.index(c) for c in t)


def seen_class(spec: str) -> Information:
    """The information of one hole card's class seen, from its spec (``Information`` of kind "seen-class").

    ``spec``: comma-separated parts, each a block of ranks the player tells apart (rank letters "JQK",
    "A", a range "2-7"; "picture": J, Q, K; "rank": every rank on its own; "all": no rank seen), or
    what is seen of the suit ("colour" or "color": red or black; "suit": the suit itself); "card": the
    whole card. The ranks no block names form one more block: "JQK" is a picture card or not,
    "2-7,8-T,J-A" which of three. Case does not matter.

    Returns the ``Information`` (``blocks``: the rank blocks, the last the ranks not named;
    ``suit_split``; ``ranks``: the named block when there is one). Raises ``InvalidRules`` (a
    ``ValueError``) naming a part that is not a class, a rank named twice, or a spec that sees
    nothing (the whole deck one block).

    >>> i = seen_class("picture")
    >>> i.blocks, i.ranks
    (((9, 10, 11), (0, 1, 2, 3, 4, 5, 6, 7, 8, 12)), (9, 10, 11))
    >>> seen_class("2-7, colour").suit_split
    'colour'
    """
    if not isinstance(spec, str):
        raise InvalidRules(f"seen class {spec!r}: expected text such as 'JQK', '2-7', 'colour'")
    named: list[tuple[int, ...]] = []
    split: SuitSplit = ""
    every_rank = False
    parts = [p for p in re.split(r"[,+\s]+", spec.strip()) if p]
    if not parts:
        raise InvalidRules(f"seen class {spec!r}: empty (expected 'JQK', '2-7', 'colour', ...)")
    for part in parts:
        word = part.lower()
        if word in _SUIT_WORDS or word == "card":
            new = _SUIT_WORDS.get(word, "suit")
            if split and split != new:
                raise InvalidRules(f"seen class {spec!r}: {part!r}: the suit is seen once (colour or suit)")
            split = new
            every_rank = every_rank or word == "card"
        elif word in ("rank", "ranks"):
            every_rank = True
        elif word == "all":
            continue
        elif word in ("picture", "pictures", "face", "faces"):
            named.append(_PICTURES)
        else:
            named.append(_rank_token(part, spec))
    if every_rank:
        named.extend((r,) for r in range(13) if not any(r in b for b in named))
    seen: dict[int, str] = {}
    for block, part in zip(named, parts, strict=False):
        for r in block:
            if r in seen:
                raise InvalidRules(f"seen class {spec!r}: rank {RANKS[r]} is in two blocks")
            seen[r] = part
    blocks = [tuple(sorted(set(b))) for b in named]
    rest = tuple(r for r in range(13) if not any(r in b for b in blocks))
    if rest:
        blocks.append(rest)
    if len(blocks) == 1 and not split:
        raise InvalidRules(f"seen class {spec!r}: sees nothing (every card in one class: that is solve())")
    ranks = blocks[0] if len(named) == 1 and len(blocks) == 2 else ()
    return Information("seen-class", ranks=ranks, blocks=tuple(blocks) if len(blocks) > 1 else (), suit_split=split)


def _rank_blocks(info: Information) -> list[int]:
    block = [0] * 13
    for b, ranks in enumerate(info.blocks):
        for r in ranks:
            block[r] = b
    return block


def _class_info(spec: str | Information) -> Information:
    if isinstance(spec, Information):
        if spec.kind != "seen-class":
            raise InvalidRules(f"seen class: {spec.kind!r} information; expected a seen class")
        return spec
    return seen_class(spec)


@dataclass(frozen=True, slots=True)
class LeakCell:
    """One cell of a leak's chart: the situations of one player class, up card rank and column.

    ``raise_weight``, ``total_weight``: situations raised, and all (in (hand, up card, seen card) or
    (hand, up card, burn card) situations); ``lowest_raise``: the lowest hand value raised (None: no
    raise); ``highest_fold``: the highest hand value folded (None: no fold).
    """

    raise_weight: int
    total_weight: int
    lowest_raise: int | None
    highest_fold: int | None

    @property
    def state(self) -> str:
        """"R" (always raise), "F" (always fold), "T" (raise exactly from ``lowest_raise`` up: a
        threshold), "M" (mixed: some hands above the lowest raised fold) or "none" (no situation)."""
        if self.total_weight == 0:
            return "none"
        if self.raise_weight == self.total_weight:
            return "R"
        if self.raise_weight == 0:
            return "F"
        assert self.lowest_raise is not None
        assert self.highest_fold is not None
        return "T" if self.highest_fold < self.lowest_raise else "M"


@dataclass(frozen=True)
class LeakChart:
    """When to raise with a leak, by player class (``SEEN_CLASS_COUNT``), up card rank and column.

    A column is a block of the seen class (``blocks[b]``) or the burn card's rank (``blocks[b]`` is
    ``(b,)``), each split by the seen or burn card's suit: the up card's suit (or colour) or another;
    with the suit unseen every situation is in the up card's column. ``information``: the leak;
    ``raise_weight``, ``total_weight``, ``lowest_raise``, ``highest_fold``: the core's tables
    (``LEAK_NO_VALUE``: no value).
    """

    information: Information
    raise_weight: tuple[int, ...]
    total_weight: tuple[int, ...]
    lowest_raise: tuple[int, ...]
    highest_fold: tuple[int, ...]

    @property
    def blocks(self) -> tuple[tuple[int, ...], ...]:
        """The rank blocks of the columns: the seen class's, or each rank alone (the burn card; the
        seen card's rank when a whole hole card is seen as well)."""
        if self.information.kind == "burn-card" or self.information.seen_cards:
            return tuple((r,) for r in range(13))
        return self.information.blocks or (tuple(range(13)),)

    @property
    def splits_suits(self) -> bool:
        """Whether the columns tell the card of the up card's suit (or colour) from the others."""
        info = self.information
        return info.kind == "burn-card" or bool(info.seen_cards) or info.suit_split != ""

    def columns(self) -> list[tuple[int, bool]]:
        """Every (block, other suit) column that holds a situation."""
        out = []
        for b in range(len(self.blocks)):
            for other in ((False, True) if self.splits_suits else (False,)):
                if any(self.cell(c, u, b, other).total_weight for c in range(SEEN_CLASS_COUNT) for u in range(13)):
                    out.append((b, other))
        return out

    def cell(self, cls: int, up: int, block: int, other: bool = False) -> LeakCell:
        """One cell of the chart.

        ``cls``: the player class, 0..10 (``SEEN_CLASS_COUNT``); ``up``: the up card's rank, 0 (deuce)
        .. 12 (ace); ``block``: the column's block, an index into ``blocks`` (the burn card: its rank);
        ``other``: the seen (or burn) card's suit, or colour, is another than the up card's (default
        False). Returns a ``LeakCell``; raises ``InvalidCards`` for an index out of range.

        >>> solve_seen_class("picture").chart.cell(2, 12, 0).state
        'R'
        """
        if not (0 <= cls < SEEN_CLASS_COUNT and 0 <= up < 13 and 0 <= block < len(self.blocks)):
            raise InvalidCards(f"leak chart cell ({cls}, {up}, {block}): out of range")
        at = (cls * 13 + up) * LEAK_COLUMNS + 2 * block + int(other)
        lo, hi = self.lowest_raise[at], self.highest_fold[at]
        return LeakCell(self.raise_weight[at], self.total_weight[at], None if lo == LEAK_NO_VALUE else lo,
                        None if hi == LEAK_NO_VALUE else hi)


@dataclass(frozen=True)
class LeakGame:
    """The whole game with a leak (one hole card's class seen, the burn card seen): its figures
    (``report``, a ``GameReport`` whose ``information`` is the leak) and when to raise (``chart``)."""

    report: GameReport
    chart: LeakChart


def _leak_game(info: Information, rules: Rules | None, threads: int | None, raise_on_tie: bool,
               progress: ProgressFn | None, label: str, what: str) -> LeakGame:
    rules = check_rules(rules)
    threads = check_threads(threads)
    flags = RAISE_ON_TIE if check_bool(raise_on_tie, "raise_on_tie") else 0
    check_progress(progress)
    report(progress, label, 0, None)
    burn = info.kind == "burn-card"
    totals, chart, _ = solve_leak(None if burn else _rank_blocks(info), info.suit_split, rules, flags,
                                  threads or default_threads(), chart=True, seen_cards=info.seen_cards,
                                  burn=bool(info.dead_cards))
    report(progress, label, 1, None)
    assert chart is not None
    if burn or info.dead_cards:  # a class and the burn card: 3 of the 44 cards left, as a seen card's
        completions = SEEN_BURN_COMPLETIONS if info.seen_cards or not burn else BURN_COMPLETIONS
    else:
        completions = SEEN_CLASS_COMPLETIONS if info.seen_cards else SEEN_COMPLETIONS
    game = GameReport(rules, totals, what, completions, known_dealer_cards=info.seen_cards, leak=info)
    return LeakGame(game, LeakChart(info, *(tuple(t) for t in chart)))


def solve_seen_class(spec: str | Information, rules: Rules | None = None, threads: int | None = None,
                     raise_on_tie: bool = False, progress: ProgressFn | None = None, seen_cards: int = 0,
                     burn_card: bool = False) -> LeakGame:
    """The whole game when the player sees the up card and the class of one dealer hole card, exact.

    The class is the block of a partition of the 52 cards the card is in (by rank, and by colour or
    suit). The player knows nothing else of it: it is any card of its block not in the player's hand
    nor the up card, all equally likely, and the other three hole cards any of the 45 left. So a
    situation (hand, up card, block) sums the one-seen-card counts over the block's cards, and the
    player raises when the summed margin is positive (an exact comparison). Every deal is equally
    likely: ``SEEN_SITUATIONS`` (hand, up card, seen card) situations of 14,190 completions each.

    - ``spec``: the class: text as ``seen_class`` reads it ("picture", "JQK", "2-7", "A",
      "2-7,8-T,J-A", "colour", "suit", "picture,colour", ...) or an ``Information`` it made.
    - ``rules``: the game's ``Rules`` (default None: the standard game: the "standard" pay table,
      the ace-king qualifier, no cap).
    - ``threads``: threads for the counting core, 1 to 64 (default None: one per core of the
      machine); the figures do not depend on it.
    - ``raise_on_tie``: count the situations where raising and folding are worth exactly the same as
      raises (default False: as folds); the return is the same either way.
    - ``progress``: an optional callback ``progress(label, done, total)`` told how the work advances
      (``caribbean_exact.progress``); default None: silent.

    - ``seen_cards``: another dealer hole card seen whole as well, 0 or 1 (default 0; an
      ``Information`` spec with ``seen_cards`` 1 says so too). With 1 the dealer's hand is the up
      card, the seen card, a card of the class (any of the block's cards left, equally likely) and two
      of the 43 left: a situation (hand, up card, seen card, class card) has C(44, 2) = 946
      completions, its counts the sum of the two-seen-card counts over the block's cards (about 5 s);
      2,598,960 x 47 x 46 x 45 situations. Rank classes only (the class's suit unseen); the chart's
      columns are then the seen card's rank and whether it has the up card's suit (the blocks
      together).

    - ``burn_card``: the burn card seen as well (default False; an ``Information`` spec with
      ``dead_cards`` 1 says so too): the dealer's hand is the up card, a card of the class and three
      of the 44 cards left but the burn card, C(44, 3) = 13,244 completions per (hand, up card, class
      card, burn card) situation, the class's one-seen-card counts less those with the burn card in
      the dealer's hand, summed over the block's cards (about 5 s); rank classes only; the chart's
      columns are the blocks (every burn card together). Not with ``seen_cards``.

    Returns a ``LeakGame``: the figures (``report``, its ``information`` the class) and the chart.
    Raises ``InvalidRules`` (a ``ValueError``) for a bad spec (naming the part), rules, threads,
    progress or seen_cards, a class that sees a suit with a seen or burn card, or both.

    >>> g = solve_seen_class("colour")
    >>> g.report.information.suit_split, solve_seen_card().report.house_edge < g.report.house_edge < solve().house_edge
    ('colour', True)
    """
    info = _class_info(spec)
    k = max(_check_k(seen_cards, 0, 1), _check_k(info.seen_cards, 0, 1))
    burn = check_bool(burn_card, "burn_card") or info.dead_cards == 1
    if info.dead_cards not in (0, 1):
        raise InvalidRules(f"seen class: dead cards {info.dead_cards}: one burn card is counted")
    if burn and k:
        raise InvalidRules("seen class with a seen hole card and the burn card: not counted (one of them)")
    if burn:
        if info.suit_split:
            raise InvalidRules(f"seen class with the burn card: its {info.suit_split} is not counted (a class of "
                               "ranks only, such as picture or 2-7)")
        info = replace(info, dead_cards=1)
        return _leak_game(info, rules, threads, raise_on_tie, progress,
                          "counting every deal with one dealer hole card's class and the burn card seen",
                          "optimal, one dealer hole card's class and the burn card seen")
    if k:
        if info.suit_split:
            raise InvalidRules(f"seen class with a seen hole card: its {info.suit_split} is not counted (a class "
                               "of ranks only, such as picture or 2-7)")
        info = replace(info, seen_cards=1)
        return _leak_game(info, rules, threads, raise_on_tie, progress,
                          "counting every deal with one dealer hole card seen and another's class",
                          "optimal, one dealer hole card seen and another's class")
    return _leak_game(info, rules, threads, raise_on_tie, progress,
                      "counting every deal with one dealer hole card's class seen",
                      "optimal, one dealer hole card's class seen")


def solve_burn_card(rules: Rules | None = None, threads: int | None = None, raise_on_tie: bool = False,
                    progress: ProgressFn | None = None, seen_cards: int = 0) -> LeakGame:
    """The whole game when the player sees the up card and the burn card, exact.

    The burn card is one dead card, not in the dealer's hand, that the player sees (burned, or the
    bottom card shown). The dealer's four hole cards are any four of the 45 cards left: a situation
    (hand, up card, burn card) has C(45, 4) = 148,995 completions, its counts those of (hand, up
    card) less those with the burn card in the dealer's hand. Every deal is equally likely:
    2,598,960 x 47 x 46 situations.

    With ``seen_cards`` = 1 the player sees one dealer hole card as well (a hole-carder who also
    sees the burn card): the dealer's other three hole cards are any three of the 44 cards left, so
    a situation (hand, up card, seen card, burn card) has C(44, 3) = 13,244 completions, its counts
    those of (hand, up card, seen card) less those with the burn card in the dealer's hand too (the
    two-seen-card counts). 2,598,960 x 47 x 46 x 45 situations; the chart's columns are then the
    seen card's rank and whether it has the up card's suit (every burn card together).

    - ``rules``: the game's ``Rules`` (default None: the standard game: the "standard" pay table,
      the ace-king qualifier, no cap).
    - ``threads``: threads for the counting core, 1 to 64 (default None: one per core of the
      machine); the figures do not depend on it.
    - ``raise_on_tie``: count the situations where raising and folding are worth exactly the same as
      raises (default False: as folds); the return is the same either way.
    - ``progress``: an optional callback ``progress(label, done, total)`` told how the work advances
      (``caribbean_exact.progress``); default None: silent.
    - ``seen_cards``: dealer hole cards seen besides the burn card, 0 or 1 (default 0).

    Returns a ``LeakGame``: the figures (``report``, its ``information`` of kind "burn-card", with
    ``seen_cards``) and the chart, its columns the burn card's rank (the seen card's with
    ``seen_cards`` = 1) and whether it has the up card's suit. Raises ``InvalidRules`` (a
    ``ValueError``) for bad rules, threads, progress or seen_cards.

    >>> g = solve_burn_card()
    >>> f"{float(g.report.house_edge):.4%}", g.report.information.dead_cards
    ('5.1268%', 1)

    With one hole card seen as well (about 2 s; tests/play/test_leaks.py checks its exact figure,
    35073666889/6976630681020 = 0.5027%): ``solve_burn_card(seen_cards=1)``.
    """
    k = _check_k(seen_cards, 0, 1)
    if k:
        return _leak_game(Information("burn-card", seen_cards=1, dead_cards=1), rules, threads, raise_on_tie,
                          progress, "counting every deal with one dealer hole card and the burn card seen",
                          "optimal, one dealer hole card and the burn card seen")
    return _leak_game(Information("burn-card", dead_cards=1), rules, threads, raise_on_tie, progress,
                      "counting every deal with the burn card seen", "optimal, the burn card seen")


def _leak_probe(info: Information, hand: CardsLike, up: CardsLike, card: CardsLike, rules: Rules | None,
                what: str, seen: CardsLike | None = None, burn: CardsLike | None = None) -> Counts:
    rules = check_rules(rules)
    if burn is not None:  # a class card and the burn card, both apart from the dealer's known cards
        h, u, dead, other = parse_situation(hand, up, burn, card)
        if len(other) != 1 or len(dead) != 1:
            raise InvalidCards(f"{what} {card!r}, burn {burn!r}: expected one card each")
        cards = [c.index for c in (*h, u, *other, *dead)]
        _, _, counts = solve_leak(_rank_blocks(info), "", rules, 0, 1, probes=[cards], burn=True)
        return Counts(*counts[0])
    if seen is None:
        h, u, _, other = parse_situation(hand, up, None, card)
        known: tuple[Card, ...] = ()
    else:  # the burn (or class) card apart, the seen card the dealer's
        h, u, other, known = parse_situation(hand, up, card, seen)
        if len(known) != 1:
            raise InvalidCards(f"seen {seen!r}: expected one card")
    if len(other) != 1:
        raise InvalidCards(f"{what} {card!r}: expected one card")
    is_burn = info.kind == "burn-card"
    cards = [c.index for c in (*h, u, *known, *other)]
    _, _, counts = solve_leak(None if is_burn else _rank_blocks(info), info.suit_split, rules, 0, 1, probes=[cards],
                              seen_cards=len(known))
    return Counts(*counts[0])


def seen_class_counts(spec: str | Information, hand: CardsLike, up: CardsLike, seen: CardsLike,
                      rules: Rules | None = None, hole: CardsLike | None = None,
                      burn: CardsLike | None = None) -> Counts:
    """One situation of a seen class, (hand, up card, the class of ``seen``): the dealer's completions
    by outcome summed over the class's cards not in the hand nor the up card, read from the
    whole-game counting (cs_solve_leak), not enumerated: a check of it.

    ``spec``: the class (``seen_class``); ``hand``, ``up``: the player's five and the up card;
    ``seen``: any one card of the class seen (it names the class); ``rules``: the rules (only the
    qualifier counts; default None: the standard game). Raises ``InvalidCards`` or ``InvalidRules``
    (``ValueError``s) for bad cards or a bad spec.

    ``hole``: another dealer hole card seen whole (default None: none): the completions are then
    C(44, 2) = 946 per card of the class left (the whole game of a seen card and a class is counted,
    about 5 s). ``burn``: the burn card seen instead (default None): C(44, 3) = 13,244 completions
    per card of the class left.

    >>> c = seen_class_counts("picture", "As Kd Jh 8c 3s", "Kh", "Qc")
    >>> c.total == 9 * 14190
    True
    """
    info = _class_info(spec)
    if (hole is not None or burn is not None) and info.suit_split:
        raise InvalidRules(f"seen class with a seen hole card or the burn card: its {info.suit_split} is not "
                           "counted")
    if burn is not None:
        if hole is not None:
            raise InvalidRules("seen class with a seen hole card and the burn card: not counted (one of them)")
        return _leak_probe(replace(info, dead_cards=1), hand, up, seen, rules, "seen", burn=burn)
    return _leak_probe(info, hand, up, seen, rules, "seen", hole)


def burn_card_counts(hand: CardsLike, up: CardsLike, burn: CardsLike, rules: Rules | None = None,
                     seen: CardsLike | None = None) -> Counts:
    """One situation with the burn card seen: the dealer's completions by outcome (C(45, 4) of them;
    C(44, 3) with a seen hole card), read from the whole-game counting (cs_solve_leak), not
    enumerated: a check of it.

    ``hand``, ``up``: the player's five and the up card; ``burn``: the burn card; ``rules``: the
    rules (only the qualifier counts; default None: the standard game); ``seen``: one dealer hole
    card seen as well (default None: none). Raises ``InvalidCards`` (a ``ValueError``) for bad cards.

    >>> burn_card_counts("As Kd Jh 8c 3s", "Kh", "2c").total
    148995

    With ``seen`` the whole game of a seen card and the burn card is counted (about 2 s):
    ``burn_card_counts("As Kd Jh 8c 3s", "Kh", "2c", seen="Qd").total`` is 13,244.
    """
    info = Information("burn-card", seen_cards=0 if seen is None else 1, dead_cards=1)
    return _leak_probe(info, hand, up, burn, rules, "burn", seen)
