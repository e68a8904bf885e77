"""The optimal strategy as a chart: plain rules for whole classes, a grid where it varies.

A *chart cell* is what a player sees up to suit symmetry: the rank pattern of the five cards,
whether they are suited, the up card's rank, and how many of the player's cards share the up
card's suit. Plain rules are discovered, not assumed: every situation of a class (a category,
then its top ranks) is checked.

>>> ch = build_chart()
>>> [(r.action, r.scope, r.category) for r in ch.plain_rules]
[('raise', 'category_or_better', 1), ('fold', 'below_class', 0)]
>>> len(ch.rows), len(ch.uniform_rows), len(ch.mixed)
(156, 8, 69)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ..engine import layout
from ..engine.pricing import COMPLETIONS, Solver, price, raise_total, solver_for
from ..model.cards import RANKS
from ..model.checks import check_bool, check_rules
from ..model.hands import Pattern, patterns
from ..model.rules import Rules
from ..progress import ProgressFn
from .strategies import cell_index

__all__ = ["Chart", "ChartCell", "ClassKey", "PlainRule", "SuitRule", "build_chart"]

#: bytes.translate table: decision bytes (0 fold, 1 raise, 2 tie, 255 n/a) -> 1 for raise only.
RAISE_ONLY = bytes(1 if i == 1 else 0 for i in range(256))

#: A class of hands: (category, first rank, second rank) with ranks in grouped order.
ClassKey = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class PlainRule:
    """A rule that holds for every situation it covers.

    ``scope`` is one of ``all`` (every hand), ``category_or_better`` (``category`` and above),
    ``category`` (exactly ``category``), ``class_or_better`` (the class ``key`` and every hand
    above it, other categories included), ``class_up`` (``key`` and the classes above it in its
    category), ``below_class`` (the classes of ``category`` below ``key``), ``class`` (exactly
    ``key``) and ``match_rest`` (every hand no other rule covers: raise exactly when one of the
    player's cards has the up card's rank). ``action`` is "raise" or "fold". Rules come best hands
    first.
    """

    action: str
    scope: str
    category: int
    key: ClassKey | None = None


@dataclass(frozen=True)
class ChartCell:
    """One (rank pattern, suited?, up rank): raise and total (hand, up card) situations."""

    pattern: str
    up: str
    raise_count: int
    total: int
    by_suited: tuple[tuple[int, int], ...]   # (raise, total) for 0..5 cards in the up card's suit
    margin: Fraction | None = None           # mean exact EV margin (raise - fold) per situation

    @property
    def mixed(self) -> bool:
        """Some of the cell's situations raise and some fold."""
        return 0 < self.raise_count < self.total


@dataclass(frozen=True, slots=True)
class SuitRule:
    """How one mixed chart cell decides, for one count of the player's cards in the up card's suit.

    ``kind``: "R" / "F" (every such situation raises / folds); "with" (raise exactly when the
    player's cards of the up card's suit include a card of ``rank``); "without" (raise exactly when
    they include none); "sets" (raise exactly when those cards' ranks, high to low, are one of
    ``sets``); "share" (not decided by those ranks: ``raise_count`` of ``total`` raise).
    """

    suited: int
    kind: str
    rank: int | None = None
    sets: tuple[tuple[int, ...], ...] = ()
    raise_count: int = 0
    total: int = 0


@dataclass(frozen=True)
class Chart:
    """The optimal strategy of some rules as plain rules, a grid of the classes where it varies (one
    row per rank pattern, one column per up card rank) and the mixed cells of that grid.

    ``rules``: the rules solved; ``plain_rules``: the rules that decide whole classes of hands;
    ``columns``: the up card ranks of the grid ("2" .. "A"); ``rows``: the grid, (pattern label,
    one ``ChartCell`` per column); ``mixed``: the grid's cells that neither always raise nor
    always fold; the other fields as their comments say.

    >>> ch = build_chart()
    >>> ch.columns[:3], ch.rows[0][0], ch.rows[0][1][0].raise_count > 0, ch.uniform_rows[0]
    (('2', '3', '4'), 'AKQT9', True, ('AKQJ9', 'raise'))
    """
    rules: Rules
    plain_rules: tuple[PlainRule, ...]
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[ChartCell, ...]], ...]
    mixed: tuple[ChartCell, ...] = field(default=())
    #: Rows of the mixed classes that raise (or fold) against every up card: (label, "raise"/"fold").
    uniform_rows: tuple[tuple[str, str], ...] = field(default=())
    #: What decides each mixed cell, by (pattern label, up rank): one rule per suited count.
    deciders: dict[tuple[str, str], tuple[SuitRule, ...]] = field(default_factory=dict, compare=False)
    #: Rows the ``match_rest`` rule decides (every cell: raise exactly when the hand holds the up card's
    #: rank), kept out of the grid; empty unless that rule is among the plain rules.
    match_rows: tuple[tuple[str, tuple[ChartCell, ...]], ...] = field(default=())


def _class_key(p: Pattern, cat: int) -> ClassKey:
    return (cat, p.grouped[0], p.grouped[1])


def _state(acc: list[int]) -> str:
    return "R" if acc[0] == acc[1] else "F" if acc[0] == 0 else "M"


def _class_weights(raise_w: Sequence[int], total_w: Sequence[int]
                   ) -> tuple[dict[int, list[int]], dict[ClassKey, list[int]]]:
    """Raise / total situations per category and per class."""
    by_cat: dict[int, list[int]] = {}
    by_class: dict[ClassKey, list[int]] = {}
    for p in patterns():
        for flush in (False, True):
            cat = p.flush_category if flush else p.category
            if cat is None:
                continue
            base = cell_index(p.index, flush, 0, 0)  # its 13 up ranks x 6 suit counts are contiguous
            r = sum(raise_w[base: base + layout.CHART_UP_CELLS])
            t = sum(total_w[base: base + layout.CHART_UP_CELLS])
            if not t:
                continue
            for acc in (by_cat.setdefault(cat, [0, 0]), by_class.setdefault(_class_key(p, cat), [0, 0])):
                acc[0] += r
                acc[1] += t
    return by_cat, by_class


def _plain_rules(by_cat: dict[int, list[int]], by_class: dict[ClassKey, list[int]]
                 ) -> tuple[list[PlainRule], list[ClassKey]]:
    """The plain rules, best hands first, and the classes left for the grid.

    The categories that always raise from the top down make one rule ("pair or better"); when the
    next category raises from some class up, that class ends the same rule ("pair of 4s or better").
    """
    plain: list[PlainRule] = []
    grid: list[ClassKey] = []
    cats = sorted(by_cat, reverse=True)
    leading: PlainRule | None = None  # the top-down "or better" rule while it grows
    top = True                        # every category so far always raises
    for c in cats:
        st = _state(by_cat[c])
        if top and st == "R":
            leading = PlainRule("raise", "category_or_better" if c > 0 else "all", c)
            continue
        if st in "RF":
            top = _close(plain, leading, top)
            plain.append(PlainRule("raise" if st == "R" else "fold", "category", c))
            continue
        states = [(key, _state(by_class[key])) for key in sorted((k for k in by_class if k[0] == c), reverse=True)]
        # the lowest classes that always fold, the highest that always raise, the rest on the grid
        lo = len(states)
        while lo > 0 and states[lo - 1][1] == "F":
            lo -= 1
        hi = 0
        while hi < lo and states[hi][1] == "R":
            hi += 1
        if hi and top:
            leading = PlainRule("raise", "class_or_better", c, states[hi - 1][0])
        top = _close(plain, leading, top)
        if hi and plain[-1:] != [leading]:
            plain.append(PlainRule("raise", "class_up", c, states[hi - 1][0]))
        if lo < len(states):
            plain.append(PlainRule("fold", "below_class", c, states[lo - 1][0]) if lo > 0
                         else PlainRule("fold", "category", c))
        for key, state in states[hi:lo]:
            if state == "M":
                grid.append(key)
            else:
                plain.append(PlainRule("raise" if state == "R" else "fold", "class", c, key))
    _close(plain, leading, top)
    return plain, grid


def _close(plain: list[PlainRule], leading: PlainRule | None, top: bool) -> bool:
    """End the top-down rule (once): append it first. Returns False: the top run is over."""
    if top and leading is not None:
        plain.append(leading)
    return False


def build_chart(rules: Rules | None = None, margins: bool = False,
                progress: ProgressFn | None = None) -> Chart:
    """The optimal strategy as plain rules plus a grid for the classes where it varies.

    - ``rules``: the game's ``Rules`` (default None: the standard game: the "standard" pay table,
      the ace-king qualifier, no cap).
    - ``margins``: also sum EV(raise) - EV(fold) over each grid cell (default False; it costs one
      more pass over the grid's situations).
    - ``progress``: an optional callback ``progress(label, done, total)`` told how the work advances
      (``caribbean_exact.progress``); default None: silent.

    Returns a ``Chart``. Raises ``InvalidRules`` (a ``ValueError``) for bad rules, a ``margins``
    that is not a bool, or bad progress.

    >>> build_chart().columns[-1]
    'A'
    """
    rules = check_rules(rules)
    check_bool(margins, "margins")
    dec = price(rules, decisions=True, progress=progress).decisions
    assert dec is not None
    solver = solver_for(rules.qualifier.value)
    raise_w, total_w = solver.chart(dec.translate(RAISE_ONLY))
    plain, grid_classes = _plain_rules(*_class_weights(raise_w, total_w))

    # grid: one row per pattern (and suitedness) in a mixed class
    margin_sums = _margins(rules, solver, grid_classes) if margins else {}
    rows = []
    mixed_cells: list[ChartCell] = []
    uniform: list[tuple[str, str]] = []
    wanted_cells: dict[tuple[int, bool, int], tuple[str, str]] = {}
    wanted = set(grid_classes)
    for p in sorted(patterns(), key=lambda p: p.grouped, reverse=True):
        for flush in (False, True):
            if flush and p.flush_value is None:
                continue
            cat = p.flush_category if flush else p.category
            assert cat is not None
            if _class_key(p, cat) not in wanted:
                continue
            label = p.label + (" suited" if flush else "")
            cells = []
            for up in range(13):
                base = cell_index(p.index, flush, up, 0)
                by_s = tuple((raise_w[base + s], total_w[base + s]) for s in range(6))
                r = sum(x for x, _ in by_s)
                t = sum(y for _, y in by_s)
                m = None
                if margins and t:
                    num = margin_sums.get((p.index, flush, up))
                    m = None if num is None else num / t
                cells.append(ChartCell(label, RANKS[up], r, t, by_s, m))
            filled = [c for c in cells if c.total]
            if all(c.raise_count == c.total for c in filled) or all(c.raise_count == 0 for c in filled):
                uniform.append((label, "raise" if filled and filled[0].raise_count else "fold"))
                continue
            rows.append((label, tuple(cells)))
            mixed_cells += [c for c in cells if c.mixed]
            for c in cells:
                if c.mixed:
                    wanted_cells[(p.index, flush, RANKS.index(c.up))] = (label, c.up)
    match_rows: tuple[tuple[str, tuple[ChartCell, ...]], ...] = ()
    if rows and all(_matches(label, cells) for label, cells in rows):
        # every row left: raise exactly when the hand holds the up card's rank (under a pair
        # qualifier, 1,497 rows): one rule says it all, checked cell by cell
        match_rows, rows = tuple(rows), []
        plain.append(PlainRule("raise", "match_rest", 0))
    deciders = _deciders(solver, dec, wanted_cells)
    return Chart(rules, tuple(plain), tuple(RANKS), tuple(rows), tuple(mixed_cells), tuple(uniform), deciders,
                 match_rows)


def _matches(label: str, cells: Sequence[ChartCell]) -> bool:
    """Every situation of the row raises exactly when the hand holds a card of the up card's rank."""
    ranks = label.split(maxsplit=1)[0]
    return all(c.raise_count == (c.total if c.up in ranks else 0) for c in cells if c.total)


def _deciders(solver: Solver, dec: bytes, wanted: dict[tuple[int, bool, int], tuple[str, str]]
              ) -> dict[tuple[str, str], tuple[SuitRule, ...]]:
    """What decides each mixed cell: the ranks of the player's cards in the up card's suit, read from
    the exact decision of every situation of the cell (solver order)."""
    pattern_of = {p.ranks: p for p in patterns()}
    seen: dict[tuple[int, bool, int], dict[int, dict[tuple[int, ...], list[int]]]] = {}
    wanted_patterns = {k[0] for k in wanted}
    for i, (cards, w) in enumerate(solver.hands()):
        ranks = tuple(sorted((c >> 2 for c in cards), reverse=True))
        p = pattern_of[ranks]
        if p.index not in wanted_patterns:
            continue
        flush = len({c & 3 for c in cards}) == 1
        for u in range(52):
            key = (p.index, flush, u >> 2)
            if u in cards or key not in wanted:
                continue
            suited = tuple(sorted((c >> 2 for c in cards if c & 3 == u & 3), reverse=True))
            acc = seen.setdefault(key, {}).setdefault(len(suited), {}).setdefault(suited, [0, 0])
            acc[0] += w * (dec[i * 52 + u] == 1)
            acc[1] += w
    out: dict[tuple[str, str], tuple[SuitRule, ...]] = {}
    for key, by_count in seen.items():
        out[wanted[key]] = tuple(_suit_rule(k, by_count[k]) for k in sorted(by_count))
    return out


def _suit_rule(k: int, by_set: dict[tuple[int, ...], list[int]]) -> SuitRule:
    """The simplest rule that gives the exact decision of every set of suited ranks of one count."""
    r = sum(a for a, _ in by_set.values())
    t = sum(b for _, b in by_set.values())
    if r in (t, 0):
        return SuitRule(k, "R" if r == t else "F")
    if any(0 < a < b for a, b in by_set.values()):
        return SuitRule(k, "share", raise_count=r, total=t)
    raising = {s for s, (a, _) in by_set.items() if a}
    for rank in sorted({x for s in by_set for x in s}, reverse=True):
        with_rank = {s for s in by_set if rank in s}
        if with_rank == raising:
            return SuitRule(k, "with", rank)
        if set(by_set) - with_rank == raising:
            return SuitRule(k, "without", rank)
    return SuitRule(k, "sets", sets=tuple(sorted(raising, reverse=True)))


def _margins(rules: Rules, solver: Solver, classes: Sequence[ClassKey]
             ) -> dict[tuple[int, bool, int], Fraction]:
    """Sum over each grid cell's situations of the exact EV margin (weighted)."""
    nets = rules.nets().scaled()
    want = set(classes)
    pattern_of = {p.ranks: p for p in patterns()}
    num: dict[tuple[int, bool, int], int] = {}
    for cards, w in solver.hands():
        ranks = tuple(sorted((c >> 2 for c in cards), reverse=True))
        p = pattern_of[ranks]
        flush = len({c & 3 for c in cards}) == 1
        cat = p.flush_category if flush else p.category
        assert cat is not None
        if _class_key(p, cat) not in want:
            continue
        hand = list(cards)
        for u in range(52):
            if u in cards:
                continue
            d = solver.situation(hand, u)
            m = raise_total(d, cat, nets) - d.total * nets.fold
            key = (p.index, flush, u >> 2)
            num[key] = num.get(key, 0) + w * m
    return {k: Fraction(v, nets.denominator * COMPLETIONS) for k, v in num.items()}
