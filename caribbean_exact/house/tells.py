"""Tells, exact: the share of hands in which a leak's player makes a decision the plain player never makes.

The plain optimal player of the standard game raises every pair or better and folds every high card
below A-K (only A-K high is mixed for him). A player who folds a pair or better, or raises a high
card below A-K, makes a decision the optimal player never makes: one such hand is a *tell*, whatever
the rate test says. The named simple strategy here is that class rule ("raise a pair or better, fold
below A-K"); ``plain_never`` checks the optimal plain game of the rules makes none of these decisions.

A leak's tell share is read from its exact chart (raise weight and total weight of every cell by
player class), so it is as exact as the chart: the seen hole cards (one, two, three), a hole card's
class, the burn card and edge sorting. Edge sorting's chart counts (hand, up card) situations by the
sorted count c, the hand value and the up rank; a value fixes the hand's ranks, so with the up rank
it fixes m, the known cards of the sorted ranks, and every situation of the cell has the same
C(S - m, c) x C(46 - S + m, 4 - c) deals with c sorted hole cards (S = 4 x the ranks sorted): the
share is read in deals. A value also names the high card ("raises K-Q high against a 5 up").

>>> t = leak_tells(solve_seen_card().chart)
>>> t.share, t.hands_to_see(Fraction(95, 100)), t.hands_to_see(Fraction(99, 100))
(Fraction(10443431, 58530745), 16, 24)
>>> t.top[0].words
'raises a high card below A-K against a 2 up'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction

from ..engine.recent import Recent
from ..errors import InvalidRules
from ..model.cards import RANKS
from ..model.checks import check_rules
from ..model.hands import CATEGORIES, NUM_VALUES, value_categories, value_ranks
from ..model.rules import Number, Rules
from ..play.edge_sorting import SortedRanksGame, SortedSeenGame, solve_sorted_ranks, sorted_seen_deals
from ..play.game import GameReport, optimal_game
from ..play.known_cards import (
    SEEN_CLASS_COUNT,
    LeakChart,
    SeenChart,
    SeenSetChart,
    solve_burn_card,
    solve_seen_card,
    solve_seen_cards,
    solve_seen_class,
)
from ..progress import ProgressFn, report
from .protection import (
    DEFAULT_ERROR_RATES,
    Detection,
    LeakDetection,
    Tell,
    Tells,
    detection_table,
    leak_named,
)
from .volatility import DEFAULT_AVERAGE_ANTE, DEFAULT_HANDS_PER_HOUR

__all__ = ["SEQUENTIAL_DIGITS", "TELL_LEAKS", "Tell", "Tells", "flashed", "leak_detection", "leak_tells",
           "plain_never", "rate_test_exact", "rate_test_hands", "sorted_deals", "tells_table"]

#: Player classes (``SEEN_CLASSES``): 0 = high card below A-K, 1 = A-K high, 2 = pair, ... 10 = royal.
_BELOW_AK, _AK = 0, 1
#: How many tells are named by frequency.
TOP = 5

#: Ranks in the plural ("a pair of 7s").
_PLURAL = ("2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings", "aces")
#: The classes' names (as the charts print them).
_CLASSES: tuple[str, ...] = ("high card below A-K", "A-K high", *CATEGORIES[1:])

Chart = SeenChart | SeenSetChart | LeakChart | SortedRanksGame | SortedSeenGame


def _cells(chart: Chart) -> Iterator[tuple[int, str, str, int, int]]:
    """Every (class, the hand in words, the up card or highest known rank in words, raise weight,
    total weight) of a chart's cells; the words group the cells whose tells are named together."""
    if isinstance(chart, SeenChart):
        for cls in range(SEEN_CLASS_COUNT):
            for up in range(13):
                for seen in range(13):
                    r, t = chart.cell(cls, up, seen)
                    if t:
                        yield cls, _hand(cls), f"against {_a(RANKS[up])} up", r, t
    elif isinstance(chart, SeenSetChart):
        for cls in range(SEEN_CLASS_COUNT):
            for ranks, r, t in chart.cells(cls):
                yield cls, _hand(cls), f"when the dealer's highest known card is {_a(RANKS[ranks[-1]])}", r, t
    elif isinstance(chart, LeakChart):
        for block, other in chart.columns():
            for cls in range(SEEN_CLASS_COUNT):
                for up in range(13):
                    c = chart.cell(cls, up, block, other)
                    if c.total_weight:
                        yield cls, _hand(cls), f"against {_a(RANKS[up])} up", c.raise_weight, c.total_weight
    elif isinstance(chart, SortedRanksGame):
        yield from _sorted_cells(chart)
    elif isinstance(chart, SortedSeenGame):
        yield from _sorted_seen_cells(chart)
    else:
        raise InvalidRules(f"chart: {type(chart).__name__} is not a seen-card, seen-set, leak or edge-sorting "
                           "chart")


def sorted_deals(ranks: Sequence[int], value: int, up: int, count: int) -> int:
    """The deals of one (hand, up card) situation of edge sorting's chart cell (c = ``count`` sorted
    hole cards, a hand ``value``, the ``up`` rank): C(S - m, c) x C(46 - S + m, 4 - c), S the cards
    of the sorted ``ranks`` in the deck, m those among the hand (its ranks, fixed by the value) and
    the up card.

    >>> sorted_deals((11, 12), 7461, 12, 0)   # a royal flush, an ace up: 5 aces and kings left
    101270
    """
    held = sum(1 for r in value_ranks(value) if r in ranks) + (up in ranks)
    left = 4 * len(ranks) - held
    return math.comb(left, count) * math.comb(46 - left, 4 - count)


def _hand(cls: int) -> str:
    return "a high card below A-K" if cls == _BELOW_AK else _article(_CLASSES[cls])


def _sorted_cells(game: SortedRanksGame) -> Iterator[tuple[int, str, str, int, int]]:
    """Edge sorting's cells in deals: (class, words, raise deals, deals), the words naming the high
    card (its two highest ranks), the up card and the count c."""
    cats = value_categories()
    names = " or ".join(RANKS[r] for r in reversed(game.ranks)) or "sorted"
    for c in range(5):
        art = ("an " if names[0] in "A8" else "a ") if c < 2 else ""
        when = ("when no hole card is" if c == 0 else "when one hole card is" if c == 1 else
                f"when {c} hole cards are") + f" {art}{names}"
        for value in range(NUM_VALUES):
            cat = cats[value]
            ranks = value_ranks(value)
            if cat == 0:
                cls = _AK if ranks[:2] == (12, 11) else _BELOW_AK
                hand = f"{RANKS[ranks[0]]}-{RANKS[ranks[1]]} high"
            else:
                cls = cat + 1
                hand = f"a pair of {_PLURAL[ranks[0]]}" if cat == 1 else _article(_CLASSES[cls])
            for up in range(13):
                r, t = game.chart.cell(c, value, up)
                if t:
                    w = sorted_deals(game.ranks, value, up, c)
                    yield cls, hand, f"against {_a(RANKS[up])} up {when}", r * w, t * w


def _value_hand(cats: Sequence[int], value: int) -> tuple[int, str]:
    """A hand value's class and its words (a high card by its two highest ranks, a pair by its rank)."""
    cat = cats[value]
    ranks = value_ranks(value)
    if cat == 0:
        return (_AK if ranks[:2] == (12, 11) else _BELOW_AK), f"{RANKS[ranks[0]]}-{RANKS[ranks[1]]} high"
    return cat + 1, (f"a pair of {_PLURAL[ranks[0]]}" if cat == 1 else _article(_CLASSES[cat + 1]))


def _sorted_seen_cells(game: SortedSeenGame) -> Iterator[tuple[int, str, str, int, int]]:
    """Edge sorting with a seen hole card, its cells in deals: each (hand, up card, seen card) situation of
    cell (c, value, j) has ``sorted_seen_deals`` completions; the words name the high card, the count c
    of the three unseen hole cards and j, the up and seen cards of the sorted ranks."""
    cats = value_categories()
    names = " or ".join(RANKS[r] for r in reversed(game.ranks)) or "sorted"
    for c in range(4):
        art = ("an " if names[0] in "A8" else "a ") if c < 2 else ""
        when = ("when no unseen hole card is" if c == 0 else "when one unseen hole card is" if c == 1 else
                f"when {c} unseen hole cards are") + f" {art}{names}"
        for j, known in enumerate(("none", "one", "two")):
            words = f"{when} ({known} among the up and seen cards)"
            for value in range(NUM_VALUES):
                r, t = game.chart.cell(c, value, j)
                if t:
                    cls, hand = _value_hand(cats, value)
                    w = sorted_seen_deals(game.ranks, value, j, c)
                    yield cls, hand, words, r * w, t * w


def leak_tells(chart: Chart) -> Tells:
    """The tells of a leak's player, from his exact chart (``SeenCardGame.chart``,
    ``SeenCardsGame.chart`` or ``LeakGame.chart``) or edge sorting's game (``SortedRanksGame``, or
    ``SortedSeenGame`` with a hole card seen: its weights are deals).

    Returns ``Tells``; raises ``InvalidRules`` (a ``ValueError``) for anything else.

    >>> leak_tells(solve_seen_cards(2).chart).share > leak_tells(solve_seen_card().chart).share
    True
    """
    raise_below = fold_pair = total = 0
    tells: dict[str, int] = {}
    for cls, hand, known, r, t in _cells(chart):
        total += t
        if cls == _BELOW_AK and r:
            raise_below += r
            words = f"raises {hand} {known}"
            tells[words] = tells.get(words, 0) + r
        elif cls > _AK and r < t:
            fold_pair += t - r
            words = f"folds {hand} {known}"
            tells[words] = tells.get(words, 0) + t - r
    top = tuple(Tell(w, n) for w, n in sorted(tells.items(), key=lambda x: (-x[1], x[0]))[:TOP])
    return Tells(raise_below, fold_pair, total, top)


def _a(rank: str) -> str:
    return ("an " if rank in "A8" else "a ") + rank


def _article(category: str) -> str:
    return category if category in ("two pair", "three of a kind", "four of a kind") else "a " + category


def plain_never(game: GameReport) -> bool:
    """Whether a plain game's strategy never folds a pair or better (from its exact totals by
    category); with ``solve``'s optimal game of the standard rules, True.

    >>> from ..play.game import solve
    >>> plain_never(solve())
    True
    """
    return not any(game.totals.fold[1:])



#: The leaks of ``protection.LEAKS`` whose tells are read, by the same names, each with the function
#: that solves its chart under a set of rules: every leak of ``protection.LEAKS``, in its order.
TELL_LEAKS: tuple[tuple[str, Callable[[Rules], Chart]], ...] = (
    ("one hole card seen", lambda rules: solve_seen_card(rules).chart),
    ("two hole cards seen", lambda rules: solve_seen_cards(2, rules).chart),
    ("three hole cards seen", lambda rules: solve_seen_cards(3, rules).chart),
    ("edge sorting: aces and kings", lambda rules: solve_sorted_ranks("AK", rules)),
    ("one hole card's class seen: a picture card or not", lambda rules: solve_seen_class("picture", rules).chart),
    ("one hole card's class seen: 2-7 or not", lambda rules: solve_seen_class("2-7", rules).chart),
    ("one hole card's suit seen", lambda rules: solve_seen_class("suit", rules).chart),
    ("the burn card seen", lambda rules: solve_burn_card(rules).chart),
    ("one hole card and the burn card seen", lambda rules: solve_burn_card(rules, seen_cards=1).chart),
    ("one hole card seen and another's class: a picture card or not",
     lambda rules: solve_seen_class("picture", rules, seen_cards=1).chart),
    ("one hole card seen and edge sorting: aces and kings",
     lambda rules: solve_sorted_ranks("AK", rules, seen_cards=1)),
)


def leak_detection(name: object, rules: Rules | None = None, *, game: GameReport | None = None,
                   hands_per_hour: Number = DEFAULT_HANDS_PER_HOUR, average_ante: Number = DEFAULT_AVERAGE_ANTE,
                   players: int = 1, error_rates: Sequence[Number | tuple[Number, Number]] = DEFAULT_ERROR_RATES,
                   progress: ProgressFn | None = None) -> LeakDetection:
    """One leak of ``protection.LEAKS`` (``protection.leak_named``) as ``detect`` reads it, with its
    tells: its exact game, its cost per hand and per table-hour at the table's settings, and the hands
    to detect it by each rate at each error rate (``protection.detection_table``); ``report --leak
    NAME`` prints it.

    - ``name``: the leak's name; ``rules``: the game's ``Rules`` (default None: the standard game);
      ``game``: the plain game of ``rules`` if already solved.
    - ``hands_per_hour``, ``average_ante``, ``players``, ``error_rates``: as ``detection_table``'s.

    Raises ``InvalidRules`` (a ``ValueError``) for an unknown leak or bad input.

    >>> x = leak_detection("one hole card seen")
    >>> x.cost_per_hand, x.tells.hands_to_see(Fraction(95, 100)), x.detection("raise", Fraction(1, 20)).hands
    (Fraction(76548088303, 1661102543100), 16, 89)
    """
    leak = leak_named(name)
    rules = check_rules(rules)
    base = optimal_game(rules, game, progress)
    played = leak.solve(rules)
    tells = leak_tells(dict(TELL_LEAKS)[leak.name](rules))
    return detection_table([(leak.name, played)], base, error_rates, progress=progress,
                           hands_per_hour=hands_per_hour, average_ante=average_ante, players=players,
                           tells={leak.name: tells})[0]


#: Up to this many decimal digits in the sequential view's integers (n x digits of the rate's
#: denominator), the expected hands are summed exactly; beyond, the exact bound n is given.
SEQUENTIAL_DIGITS = 40_000


def rate_test_hands(d: Detection, under: str = "leak") -> Fraction | None:
    """The sequential view of the rate test: the exact expected number of hands until the test of
    ``d`` (``protection.hands_to_detect``: n = ``d.hands`` hands, "leak" when X >= c) decides, when
    surveillance stops as soon as the verdict at n is certain: at the c-th counted hand ("leak"), or
    when too few hands are left to reach c (no leak). The verdict is the fixed test's; only the hands
    watched change. ``under``: "leak" (the leak's player, rate p1; default) or "optimal" (rate p0).

    E[T] = sum over m = 0 .. n - 1 of P(T > m), and T > m exactly when c - (n - m) <= X_m <= c - 1:
    summed in integers over the rate's denominator (a mirrored test, "leak" when X <= c, counts the
    other hands with rate 1 - p). None when the test has no n; when n x the digits of the rate's
    denominator exceed ``SEQUENTIAL_DIGITS`` the sum is not done and n itself, an exact upper bound,
    is returned as a Fraction (``rate_test_exact`` says which).

    >>> from caribbean_exact.house.protection import hands_needed
    >>> d = hands_needed(Fraction(1, 2), Fraction(3, 4))   # n = 42, "leak" when X >= 27
    >>> f"{float(rate_test_hands(d)):.4f}", f"{float(rate_test_hands(d, 'optimal')):.4f}"
    ('35.7652', '31.7612')
    """
    n, crit = d.hands, d.critical
    if n is None or crit is None:
        return None
    if under not in ("leak", "optimal"):
        raise InvalidRules(f"under {under!r}: expected leak or optimal")
    p = d.p1 if under == "leak" else d.p0
    c = crit
    if not d.upper:  # "leak" when X <= crit: the other hands, n - X >= n - crit, at rate 1 - p
        p, c = 1 - p, n - crit
    if not rate_test_exact(d):
        return Fraction(n)
    a, b = p.numerator, p.denominator
    q = b - a
    # v[s]: P(X_m = s, still undecided) x b^m, for s in the undecided window
    v = {0: 1} if c > 0 and n - c >= 0 else {}
    num = 0
    for m in range(n):
        lo = max(0, c - (n - m))
        alive = sum(w for s, w in v.items() if lo <= s <= c - 1)
        num += alive * b ** (n - 1 - m)
        nxt: dict[int, int] = {}
        for s, w in v.items():
            if not lo <= s <= c - 1:
                continue
            nxt[s] = nxt.get(s, 0) + w * q
            nxt[s + 1] = nxt.get(s + 1, 0) + w * a
        v = nxt
    return Fraction(num, b ** (n - 1))


def rate_test_exact(d: Detection) -> bool:
    """Whether ``rate_test_hands`` sums the rate test's expected hands exactly (True) or gives the
    bound n."""
    if d.hands is None:
        return False
    return d.hands * max(len(str(d.p0.denominator)), len(str(d.p1.denominator))) <= SEQUENTIAL_DIGITS


def flashed(tells: Tells, rate: Fraction) -> Tells:
    """The tells of a player who sees a hole card in a share ``rate`` of hands (``tells``: the
    one-seen-card game's): the plain hands have none, so every weight but the total scales by rate.

    >>> flashed(Tells(1, 1, 4, (Tell("x", 1),)), Fraction(1, 10)).share
    Fraction(1, 20)
    """
    a, b = rate.numerator, rate.denominator
    return Tells(tells.raise_below * a, tells.fold_pair * a, tells.total * b,
                 tuple(Tell(t.words, t.weight * a) for t in tells.top))


#: The tells of every leak of ``TELL_LEAKS`` by rules, the last four (seconds each; ``detect`` and
#: a program asking for the same rules again read them here).
_leaks_tells: Recent[Rules, tuple[tuple[str, Tells], ...]] = Recent(4, "leaks' tells")


def tells_table(rules: Rules | None = None, flash_rates: Sequence[Fraction] = (),
                progress: ProgressFn | None = None) -> list[tuple[str, Tells]]:
    """The tells of every leak of ``TELL_LEAKS`` under ``rules`` (default the standard game), then of
    each flash rate (named as ``protection.leaks`` names it). The leaks' tells of the last four rules
    are kept in the process (``progress`` is then not called).

    >>> [(name, t.hands_to_see(Fraction(95, 100))) for name, t in tells_table()][:2]
    [('one hole card seen', 16), ('two hole cards seen', 9)]
    """
    rules = check_rules(rules)
    kept = _leaks_tells.get(rules)
    if kept is None:
        counted = []
        for i, (name, chart) in enumerate(TELL_LEAKS, 1):
            counted.append((name, leak_tells(chart(rules))))
            report(progress, "tells of each leak", i, len(TELL_LEAKS))
        kept = tuple(counted)
        _leaks_tells.put(rules, kept)
    out = list(kept)
    one = out[0][1]
    for r in flash_rates:
        x = r * 100
        label = f"{x.numerator}%" if x.denominator == 1 else f"{float(x):g}%"
        out.append((f"flash rate {label}", flashed(one, r)))
    return out
