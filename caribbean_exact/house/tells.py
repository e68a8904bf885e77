"""Tells, exact: the share of hands in which a leak's player makes a decision the plain player never makes.

The plain optimal player of the standard game raises every pair or better and folds every high card
below A-K (only A-K high is mixed for him). A player who folds a pair or better, or raises a high
card below A-K, makes a decision the optimal player never makes: one such hand is a *tell*, whatever
the rate test says. The named simple strategy here is that class rule ("raise a pair or better, fold
below A-K"); ``plain_never`` checks the optimal plain game of the rules makes none of these decisions.

A leak's tell share is read from its exact chart (raise weight and total weight of every cell by
player class), so it is as exact as the chart: the seen hole cards (one, two, three), a hole card's
class and the burn card. (Edge sorting's chart counts situations by the sorted count c without the
weight of each c, so it is not read here.)

>>> t = leak_tells(solve_seen_card().chart)
>>> t.share, t.hands_to_see(Fraction(95, 100)), t.hands_to_see(Fraction(99, 100))
(Fraction(10443431, 58530745), 16, 24)
>>> t.top[0].words
'raises a high card below A-K against a 2 up'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import InvalidRules
from ..model.cards import RANKS
from ..model.checks import check_rules
from ..model.hands import CATEGORIES
from ..model.rules import Rules
from ..play.game import GameReport
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

__all__ = ["TELL_LEAKS", "Tell", "Tells", "flashed", "leak_tells", "plain_never", "tells_table"]

#: Player classes (``SEEN_CLASSES``): 0 = high card below A-K, 1 = A-K high, 2 = pair, ... 10 = royal.
_BELOW_AK, _AK = 0, 1
#: How many tells are named by frequency.
TOP = 5

#: The classes' names (as the charts print them).
_CLASSES: tuple[str, ...] = ("high card below A-K", "A-K high", *CATEGORIES[1:])

Chart = SeenChart | SeenSetChart | LeakChart


@dataclass(frozen=True)
class Tell:
    """One kind of tell: the decision in words and its weight (in the chart's units)."""

    words: str
    weight: int


@dataclass(frozen=True)
class Tells:
    """A leak's tells: ``raise_below`` (weight of the high cards below A-K raised), ``fold_pair``
    (weight of the pairs or better folded), ``total`` (every situation's weight) and the ``top`` tells
    by frequency, in words."""

    raise_below: int
    fold_pair: int
    total: int
    top: tuple[Tell, ...]

    @property
    def share(self) -> Fraction:
        """The exact share of hands with a tell."""
        return Fraction(self.raise_below + self.fold_pair, self.total)

    @property
    def hands_to_first(self) -> Fraction | None:
        """The expected number of hands until the first tell (1 / share; None: no tell)."""
        return None if self.share == 0 else 1 / self.share

    def hands_to_see(self, confidence: Fraction) -> int | None:
        """The fewest hands in which surveillance sees at least one tell with probability
        ``confidence`` (0 < confidence < 1): the least n with (1 - share)^n <= 1 - confidence, decided
        in Fractions. None: no tell.

        >>> Tells(1, 0, 2, ()).hands_to_see(Fraction(95, 100))   # a coin: 5 tosses to see heads at 95%
        5
        """
        c = Fraction(confidence)
        if not 0 < c < 1:
            raise InvalidRules(f"confidence {confidence}: expected a share strictly between 0 and 1")
        p = self.share
        if p == 0:
            return None
        if p == 1:
            return 1
        q, miss = 1 - p, 1 - c
        n = max(1, math.floor(math.log(float(miss)) / math.log(float(q))) - 1)
        while n > 1 and q ** (n - 1) <= miss:
            n -= 1
        while q ** n > miss:
            n += 1
        return n


def _cells(chart: Chart) -> Iterator[tuple[int, str, int, int]]:
    """Every (class, the up card or highest known rank in words, raise weight, total weight) of a
    chart's cells; the words group the cells whose tells are named together."""
    if isinstance(chart, SeenChart):
        for cls in range(SEEN_CLASS_COUNT):
            for up in range(13):
                for seen in range(13):
                    r, t = chart.cell(cls, up, seen)
                    if t:
                        yield cls, f"against {_a(RANKS[up])} up", r, t
    elif isinstance(chart, SeenSetChart):
        for cls in range(SEEN_CLASS_COUNT):
            for ranks, r, t in chart.cells(cls):
                yield cls, f"when the dealer's highest known card is {_a(RANKS[ranks[-1]])}", r, t
    elif isinstance(chart, LeakChart):
        for block, other in chart.columns():
            for cls in range(SEEN_CLASS_COUNT):
                for up in range(13):
                    c = chart.cell(cls, up, block, other)
                    if c.total_weight:
                        yield cls, f"against {_a(RANKS[up])} up", c.raise_weight, c.total_weight
    else:
        raise InvalidRules(f"chart: {type(chart).__name__} is not a seen-card, seen-set or leak chart")


def leak_tells(chart: Chart) -> Tells:
    """The tells of a leak's player, from his exact chart (``SeenCardGame.chart``,
    ``SeenCardsGame.chart`` or ``LeakGame.chart``).

    Returns ``Tells``; raises ``InvalidRules`` (a ``ValueError``) for anything else.

    >>> leak_tells(solve_seen_cards(2).chart).share > leak_tells(solve_seen_card().chart).share
    True
    """
    raise_below = fold_pair = total = 0
    tells: dict[str, int] = {}
    for cls, known, r, t in _cells(chart):
        total += t
        if cls == _BELOW_AK and r:
            raise_below += r
            words = f"raises a high card below A-K {known}"
            tells[words] = tells.get(words, 0) + r
        elif cls > _AK and r < t:
            fold_pair += t - r
            words = f"folds {_article(_CLASSES[cls])} {known}"
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
#: that solves its chart under a set of rules (edge sorting's chart has no weight per sorted count).
TELL_LEAKS: tuple[tuple[str, Callable[[Rules], Chart]], ...] = (
    ("one hole card seen", lambda rules: solve_seen_card(rules).chart),
    ("two hole cards seen", lambda rules: solve_seen_cards(2, rules).chart),
    ("three hole cards seen", lambda rules: solve_seen_cards(3, rules).chart),
    ("one hole card's class seen: a picture card or not", lambda rules: solve_seen_class("picture", rules).chart),
    ("one hole card's class seen: 2-7 or not", lambda rules: solve_seen_class("2-7", rules).chart),
    ("one hole card's suit seen", lambda rules: solve_seen_class("suit", rules).chart),
    ("the burn card seen", lambda rules: solve_burn_card(rules).chart),
    ("one hole card and the burn card seen", lambda rules: solve_burn_card(rules, seen_cards=1).chart),
)


def flashed(tells: Tells, rate: Fraction) -> Tells:
    """The tells of a player who sees a hole card in a share ``rate`` of hands (``tells``: the
    one-seen-card game's): the plain hands have none, so every weight but the total scales by rate.

    >>> flashed(Tells(1, 1, 4, (Tell("x", 1),)), Fraction(1, 10)).share
    Fraction(1, 20)
    """
    a, b = rate.numerator, rate.denominator
    return Tells(tells.raise_below * a, tells.fold_pair * a, tells.total * b,
                 tuple(Tell(t.words, t.weight * a) for t in tells.top))


def tells_table(rules: Rules | None = None, flash_rates: Sequence[Fraction] = (),
                progress: ProgressFn | None = None) -> list[tuple[str, Tells]]:
    """The tells of every leak of ``TELL_LEAKS`` under ``rules`` (default the standard game), then of
    each flash rate (named as ``protection.leaks`` names it).

    >>> [(name, t.hands_to_see(Fraction(95, 100))) for name, t in tells_table()][:2]
    [('one hole card seen', 16), ('two hole cards seen', 9)]
    """
    rules = check_rules(rules)
    out = []
    for i, (name, chart) in enumerate(TELL_LEAKS, 1):
        out.append((name, leak_tells(chart(rules))))
        report(progress, "tells of each leak", i, len(TELL_LEAKS))
    one = out[0][1]
    for r in flash_rates:
        x = r * 100
        label = f"{x.numerator}%" if x.denominator == 1 else f"{float(x):g}%"
        out.append((f"flash rate {label}", flashed(one, r)))
    return out
