"""Strategy charts from the exact decisions, and the exact cost of simple strategies.

A *chart cell* is what a player sees up to suit symmetry: the rank pattern of the five cards
(e.g. A K Q 5 2), whether they are suited, the up card's rank, and how many of the player's
cards share the up card's suit. Strategies are functions of a cell (``Situation``); the solver
applies them to all 122,151,120 (hand, up card) situations exactly.

>>> s = {x.name: x for x in compare_strategies()}
>>> s["optimal"].total_return, s["raise always"].total_return, s["pair or better"].total_return
(Fraction(-1041372912372, 1), Fraction(-3310360338060, 1), Fraction(-1090272101460, 1))
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from . import _ffi
from .errors import InvalidRules
from .game import GameReport, optimal_decisions, solve, solver_for
from .rules import (
    CATEGORIES,
    CATEGORY_INDEX,
    RANK_CHARS,
    Pattern,
    Qualifier,
    Rules,
    patterns,
    read_text_file,
)

N_CELLS = _ffi.NUM_CHART_CELLS
#: bytes.translate table: decision bytes (0 fold, 1 raise, 2 tie, 255 n/a) -> 1 for raise only
RAISE_ONLY = bytes(1 if i == 1 else 0 for i in range(256))


def cell_index(pattern: int, flush: bool, up_rank: int, suited: int) -> int:
    return ((pattern * 2 + int(flush)) * 13 + up_rank) * 6 + suited


@dataclass(frozen=True, slots=True)
class Situation:
    """What a strategy may look at: the player's ranks and suitedness, the up card's rank, and
    how many of the player's cards share the up card's suit.

    Ranks are 0 (deuce) .. 12 (ace); ``ranks`` runs high to low with groups first.
    """

    ranks: tuple[int, ...]
    flush: bool
    category: int
    value: int
    up_rank: int
    suited: int

    @property
    def category_name(self) -> str:
        return CATEGORIES[self.category]

    @property
    def up_matches(self) -> bool:
        """The up card's rank is one of the player's ranks."""
        return self.up_rank in self.ranks

    def holds(self, *ranks: int | str) -> bool:
        """The player holds any of the ranks (ints or characters such as "Q")."""
        want = {RANK_CHARS.index(r.upper()) if isinstance(r, str) else r for r in ranks}
        return bool(want & set(self.ranks))

    @property
    def is_ace_king(self) -> bool:
        """High card with an ace and a king."""
        return self.category == 0 and self.ranks[0] == 12 and self.ranks[1] == 11


StrategyFn = Callable[[Situation], bool]


@dataclass(frozen=True)
class Strategy:
    """A named strategy: ``raises(situation) -> bool``.

    ``uses_suits`` False lets it be evaluated once per (pattern, suited?, up rank) instead of per
    suit-match count; ``uses_up`` False once per (pattern, suited?) for every up card. Declare
    only what is true: a strategy that reads ``suited`` or the up card must keep them True.
    """

    name: str
    raises: StrategyFn
    uses_suits: bool = True
    description: str = ""
    uses_up: bool = True


def _valid_cells() -> list[tuple[Pattern, bool, int]]:
    out = []
    for p in patterns():
        for flush in (False, True):
            if flush and p.flush_value is None:
                continue
            for up in range(13):
                if p.ranks.count(up) < 4:
                    out.append((p, flush, up))
    return out


@cache
def _hand_situations() -> tuple[tuple[int, Situation], ...]:
    """Per (pattern, suited?): its first chart cell and a situation with up rank 0.

    The 13 x 6 cells of one (pattern, suited?) are contiguous, up rank major.
    """
    out = []
    for p in patterns():
        out.append((cell_index(p.index, False, 0, 0), Situation(p.grouped, False, p.category, p.value, 0, 0)))
        if p.flush_value is not None:
            assert p.flush_category is not None
            out.append((cell_index(p.index, True, 0, 0),
                        Situation(p.grouped, True, p.flush_category, p.flush_value, 0, 0)))
    return tuple(out)


@cache
def _cell_situations() -> tuple[tuple[int, Situation], ...]:
    """(first cell index, situation with suited=0) of every valid (pattern, suited?, up rank)."""
    out = []
    for base, h in _hand_situations():
        for up in range(13):
            if h.ranks.count(up) < 4:
                out.append((base + 6 * up, Situation(h.ranks, h.flush, h.category, h.value, up, 0)))
    return tuple(out)


def cell_flags(strategy: Strategy | StrategyFn) -> bytes:
    """The strategy evaluated on every chart cell (bytes of 0/1, one per cell)."""
    st = strategy if isinstance(strategy, Strategy) else Strategy(getattr(strategy, "__name__", "custom"),
                                                                  strategy)
    flags = bytearray(N_CELLS)
    raises = st.raises
    six = b"\x01" * 6
    if not st.uses_up and not st.uses_suits:
        every_up = b"\x01" * (6 * 13)
        for base, sit in _hand_situations():
            if raises(sit):
                flags[base: base + 6 * 13] = every_up
        return bytes(flags)
    for base, sit in _cell_situations():
        if st.uses_suits:
            for suited in range(6):
                if raises(Situation(sit.ranks, sit.flush, sit.category, sit.value, sit.up_rank, suited)):
                    flags[base + suited] = 1
        elif raises(sit):
            flags[base: base + 6] = six
    return bytes(flags)


# ---------------------------------------------------------------- built-in strategies

def _at_least(spec: str) -> StrategyFn:
    """Raise with the hand ``spec`` (a qualifier spec) or better; resolved on first use."""
    threshold: list[int] = []

    def raises(s: Situation) -> bool:
        if not threshold:
            threshold.append(Qualifier.parse(spec).value)
        return s.value >= threshold[0]

    return raises


def _matching_rank(s: Situation) -> bool:
    return s.category >= 1 or (s.is_ace_king and s.up_matches)


def _rules_of_thumb(s: Situation) -> bool:
    if s.category >= 1:
        return True
    if not s.is_ace_king:
        return False
    if s.up_rank <= RANK_CHARS.index("Q") and s.up_matches:
        return True
    if s.up_rank >= RANK_CHARS.index("K") and s.holds("Q", "J"):
        return True
    return not s.up_matches and s.holds("Q") and s.up_rank < s.ranks[3]


BUILTIN: tuple[Strategy, ...] = (
    Strategy("raise always", lambda s: True, False, "raise every hand", uses_up=False),
    Strategy("pair or better", lambda s: s.category >= 1, False, "raise a pair or better, fold the rest",
             uses_up=False),
    Strategy("Ace-King or better", _at_least("AK"), False, "raise a pair or better or any A-K",
             uses_up=False),
    Strategy("A-K-J-8-3 or better", _at_least("AKJ83"), False,
             "raise a pair or better, or A-K-J-8-3 or better", uses_up=False),
    Strategy("matching rank", _matching_rank, False,
             "raise a pair or better, or A-K with a card matching the up card's rank"),
    Strategy("rules of thumb", _rules_of_thumb, False,
             "pair or better; with A-K raise if the up card is 2-Q and matches one of your ranks, "
             "or is A/K and you hold a Q or J, or matches nothing while you hold a Q and it is lower "
             "than your fourth-highest card"),
)


@dataclass(frozen=True)
class StrategyResult:
    name: str
    report: GameReport
    optimal_return: Fraction
    description: str = ""

    @property
    def total_return(self) -> Fraction:
        return self.report.total_return

    @property
    def cost(self) -> Fraction:
        """Extra house edge versus optimal play, per ante."""
        return (self.optimal_return - self.total_return) / self.report.total_weight

    def as_json(self) -> dict[str, Any]:
        tr = self.total_return
        return {
            "name": self.name,
            "description": self.description,
            "total_return": int(tr) if tr.denominator == 1 else str(tr),
            "house_edge": str(self.report.house_edge),
            "element_of_risk": str(self.report.element_of_risk),
            "raise_probability": str(self.report.raise_probability),
            "raise_situations": self.report.raise_situations,
            "cost": str(self.cost),
        }


def evaluate(strategy: Strategy | StrategyFn, rules: Rules | None = None, name: str | None = None) -> GameReport:
    """The exact whole-game report of any strategy (a Strategy or a callable on Situation).

    >>> evaluate(lambda s: s.category >= 1).total_return
    Fraction(-1090272101460, 1)
    """
    rules = rules or Rules()
    st = strategy if isinstance(strategy, Strategy) else Strategy(
        name or str(getattr(strategy, "__name__", "custom")), strategy)
    totals = solver_for(rules.qualifier.value).apply_cells(cell_flags(st))
    return GameReport(rules, totals, st.name)


def compare_strategies(rules: Rules | None = None,
                       extra: Iterable[Strategy] = ()) -> list[StrategyResult]:
    """Optimal, the built-in simple strategies, the best blind to the up card, and any extras."""
    rules = rules or Rules()
    opt = solve(rules=rules)
    rows = [StrategyResult("optimal", opt, opt.total_return, "raise exactly when it pays (exact)")]
    for st in (*BUILTIN, *extra):
        rows.append(StrategyResult(st.name, evaluate(st, rules), opt.total_return, st.description))
    blind = solve(rules=rules, ignore_up=True)
    rows.append(StrategyResult("best ignoring the up card", blind, opt.total_return,
                               "the best strategy that never looks at the up card (exact)"))
    return rows


# ---------------------------------------------------------------- rule files

_COND = re.compile(r"\s+and\s+", re.IGNORECASE)


def _rank_set(text: str, where: str) -> set[int]:
    out: set[int] = set()
    for part in re.split(r"[\s,]+", text.strip()):
        if not part:
            continue
        m = re.fullmatch(r"(10|[2-9TJQKA])(?:-(10|[2-9TJQKA]))?", part.upper())
        if not m:
            raise InvalidRules(f"{where}: rank {part!r} (expected 2-9, T, J, Q, K, A or a range like 2-Q)")
        lo = RANK_CHARS.index("T" if m.group(1) == "10" else m.group(1))
        hi = lo if not m.group(2) else RANK_CHARS.index("T" if m.group(2) == "10" else m.group(2))
        if hi < lo:
            raise InvalidRules(f"{where}: range {part!r} runs backwards")
        out.update(range(lo, hi + 1))
    if not out:
        raise InvalidRules(f"{where}: no ranks given")
    return out


def _condition(text: str, where: str) -> StrategyFn:
    t = " ".join(text.strip().split())
    low = t.lower()
    m = re.fullmatch(r"hand\s*(>=|<|>|<=|==)\s*(.+)", t, re.IGNORECASE)
    if m:
        op, spec = m.group(1), m.group(2)
        try:
            q = Qualifier.parse(spec).value
        except InvalidRules:
            raise InvalidRules(f"{where}: hand {spec!r} (expected AK, pair, 44, AKJ83, ...)") from None
        ops: dict[str, Callable[[int], bool]] = {
            ">=": lambda v: v >= q, "<": lambda v: v < q, ">": lambda v: v > q,
            "<=": lambda v: v <= q, "==": lambda v: v == q}
        f = ops[op]
        return lambda s: f(s.value)
    if low in ("up matches", "up matches a rank"):
        return lambda s: s.up_matches
    if low in ("up matches nothing", "not up matches", "up does not match"):
        return lambda s: not s.up_matches
    m = re.fullmatch(r"up (not in|in) (.+)", t, re.IGNORECASE)
    if m:
        ranks = _rank_set(m.group(2), where)
        neg = m.group(1).lower() == "not in"
        return lambda s: (s.up_rank in ranks) != neg
    m = re.fullmatch(r"(holds|lacks) (.+)", t, re.IGNORECASE)
    if m:
        ranks = _rank_set(m.group(2), where)
        neg = m.group(1).lower() == "lacks"
        return lambda s: bool(ranks & set(s.ranks)) != neg
    m = re.fullmatch(r"up < card ([1-5])", t, re.IGNORECASE)
    if m:
        k = int(m.group(1)) - 1
        return lambda s: s.up_rank < sorted(s.ranks, reverse=True)[k]
    m = re.fullmatch(r"suited (>=|<=|==) ([0-5])", t, re.IGNORECASE)
    if m:
        n = int(m.group(2))
        cmp: dict[str, Callable[[int], bool]] = {
            ">=": lambda x: x >= n, "<=": lambda x: x <= n, "==": lambda x: x == n}
        g = cmp[m.group(1)]
        return lambda s: g(s.suited)
    if low in ("ace king", "ace-king", "ak"):
        return lambda s: s.is_ace_king
    raise InvalidRules(f"{where}: condition {text.strip()!r} not understood (see README: rule files)")


def parse_rule_file(text: str, origin: str = "rule file") -> Strategy:
    """A strategy from text: ``name: ...`` and ``raise if <cond> and <cond>`` lines (any line raises).

    >>> st = parse_rule_file("name: AK or better\\nraise if hand >= AK\\n")
    >>> evaluate(st).total_return == evaluate(_at_least("AK")).total_return
    True
    """
    name = "custom"
    clauses: list[list[StrategyFn]] = []
    uses_suits = False
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{origin} line {n}"
        if line.lower().startswith("name:"):
            name = line.split(":", 1)[1].strip() or name
            continue
        m = re.fullmatch(r"raise(?: if)?\s*(.*)", line, re.IGNORECASE)
        if not m:
            raise InvalidRules(f"{where}: {line!r} (expected 'name: ...' or 'raise if ...')")
        body = m.group(1).strip()
        if not body or body.lower() == "always":
            clauses.append([])
            continue
        parts = _COND.split(body)
        uses_suits |= any(p.strip().lower().startswith("suited") for p in parts)
        clauses.append([_condition(p, where) for p in parts])
    if not clauses:
        raise InvalidRules(f"{origin}: no 'raise if' line")

    def raises(s: Situation) -> bool:
        return any(all(c(s) for c in clause) for clause in clauses)

    return Strategy(name, raises, uses_suits, f"from {origin}")


def load_rule_file(path: str) -> Strategy:
    return parse_rule_file(read_text_file(path, "rule file"), f"rule file {path!r}")


# ---------------------------------------------------------------- charts


@dataclass(frozen=True)
class ChartCell:
    pattern: str
    up: str
    raise_count: int
    total: int
    by_suited: tuple[tuple[int, int], ...]   # (raise, total) for 0..5 cards in the up card's suit
    margin: Fraction | None = None           # mean exact EV margin (raise - fold) per situation

    @property
    def mark(self) -> str:
        from .render import share

        return share(self.raise_count, self.total)

    def decider(self) -> str:
        """What decides a mixed cell, by how many of the player's cards share the up card's suit."""
        parts = []
        for k, (r, t) in enumerate(self.by_suited):
            if not t:
                continue
            what = "R" if r == t else "F" if r == 0 else f"{r}/{t} R"
            parts.append(f"{k} suited: {what}")
        return "; ".join(parts)


@dataclass(frozen=True)
class Chart:
    rules: Rules
    plain_rules: tuple[str, ...]
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[ChartCell, ...]], ...]
    mixed: tuple[ChartCell, ...] = field(default=())

    def as_json(self) -> dict[str, Any]:
        cells = []
        for label, row in self.rows:
            for c in row:
                d: dict[str, Any] = {"pattern": label, "up": c.up, "raise": c.raise_count, "total": c.total}
                if c.margin is not None:
                    d["margin"] = str(c.margin)
                cells.append(d)
        return {"rules": self.rules.describe(), "plain_rules": list(self.plain_rules), "cells": cells,
                "mixed": [{"pattern": c.pattern, "up": c.up, "decided_by": c.decider()} for c in self.mixed]}


def _class_key(p: Pattern, cat: int) -> tuple[int, ...]:
    return (cat, *p.grouped[:2])


def _describe_key(key: tuple[int, ...]) -> str:
    cat, a, b = key
    name = CATEGORIES[cat]
    if cat == CATEGORY_INDEX["high card"]:
        return f"{RANK_CHARS[a]}-{RANK_CHARS[b]} high"
    if cat in (1, 2, 3, 7):
        return f"{name} of {RANK_CHARS[a]}s" if cat != 2 else f"two pair, {RANK_CHARS[a]}s up"
    return f"{name}, {RANK_CHARS[a]} high" if cat in (4, 5, 8) else f"{name}, {RANK_CHARS[a]}s full" \
        if cat == 6 else name


def build_chart(rules: Rules | None = None, margins: bool = False) -> Chart:
    """The optimal strategy as plain rules plus a grid for the classes where it varies."""
    rules = rules or Rules()
    solver, dec = optimal_decisions(rules)
    flags = dec.translate(RAISE_ONLY)
    raise_w, total_w = solver.chart(flags)

    # per (category, top ranks) class and per category: raise / total situations
    by_cat: dict[int, list[int]] = {}
    by_class: dict[tuple[int, ...], list[int]] = {}
    by_pattern: dict[tuple[int, bool], list[int]] = {}
    for p, flush, up in _valid_cells():
        cat = p.flush_category if flush else p.category
        assert cat is not None
        base = cell_index(p.index, flush, up, 0)
        r = sum(raise_w[base: base + 6])
        t = sum(total_w[base: base + 6])
        if not t:
            continue
        for acc in (by_cat.setdefault(cat, [0, 0]), by_class.setdefault(_class_key(p, cat), [0, 0]),
                    by_pattern.setdefault((p.index, flush), [0, 0])):
            acc[0] += r
            acc[1] += t

    def state(acc: list[int]) -> str:
        return "R" if acc[0] == acc[1] else "F" if acc[0] == 0 else "M"

    plain: list[str] = []
    cats = sorted(by_cat, reverse=True)
    k = None
    for c in cats:
        if state(by_cat[c]) != "R":
            break
        k = c
    if k is not None:
        plain.append(f"Always raise {CATEGORIES[k]} or better." if k > 0 else "Always raise.")
    for c in cats:
        if k is not None and c >= k:
            continue
        st = state(by_cat[c])
        if st == "F":
            plain.append(f"Always fold {CATEGORIES[c]}.")
        elif st == "R":
            plain.append(f"Always raise {CATEGORIES[c]}.")
    mixed_cats = [c for c in cats if state(by_cat[c]) == "M"]
    grid_classes: list[tuple[int, ...]] = []
    for c in mixed_cats:
        classes = sorted((key for key in by_class if key[0] == c), reverse=True)
        states = [(key, state(by_class[key])) for key in classes]
        # the lowest classes that always fold, the highest that always raise, the rest on the grid
        lo = len(states)
        while lo > 0 and states[lo - 1][1] == "F":
            lo -= 1
        hi = 0
        while hi < lo and states[hi][1] == "R":
            hi += 1
        if hi:
            plain.append(f"Always raise {CATEGORIES[c]} of {_describe_key(states[hi - 1][0])} or better.")
        if lo < len(states):
            plain.append(f"Always fold {CATEGORIES[c]} below {_describe_key(states[lo - 1][0])}"
                         if lo > 0 else f"Always fold {CATEGORIES[c]}.")
        for key, st in states[hi:lo]:
            if st == "M":
                grid_classes.append(key)
            else:
                plain.append(f"{'Raise' if st == 'R' else 'Fold'} {_describe_key(key)} always.")
    plain = [s if s.endswith(".") else s + "." for s in plain]

    # grid: one row per pattern (and suitedness) in a mixed class
    margin_sums = _margins(rules, solver, grid_classes) if margins else {}
    columns = tuple(RANK_CHARS)
    rows = []
    mixed_cells = []
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
                cell = ChartCell(label, RANK_CHARS[up], r, t, by_s, m)
                cells.append(cell)
                if 0 < r < t:
                    mixed_cells.append(cell)
            rows.append((label, tuple(cells)))
    return Chart(rules, tuple(plain), columns, tuple(rows), tuple(mixed_cells))


def _margins(rules: Rules, solver: _ffi.Solver, classes: Sequence[tuple[int, ...]]) -> dict[tuple[int, bool, int], Fraction]:
    """Sum over each grid cell's situations of the exact EV margin (weighted)."""
    ints, den = rules.nets().scaled()
    fold, nq_net, tie_net, lose_net, *win_net = ints
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
            m = (d.not_qualify * nq_net + d.win * win_net[cat] + d.tie * tie_net + d.lose * lose_net
                 - d.total * fold)
            key = (p.index, flush, u >> 2)
            num[key] = num.get(key, 0) + w * m
    sums = {k: Fraction(v, den * _ffi.COMPLETIONS) for k, v in num.items()}
    return sums


# ---------------------------------------------------------------- command line


def _plot(ch: Chart, path: str) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise InvalidRules("--plot needs matplotlib: pip install 'caribbean-exact[plot]'") from None
    if not ch.rows:
        raise InvalidRules("--plot: the optimal strategy has no mixed classes under these rules")
    data = [[(c.raise_count / c.total) if c.total else float("nan") for c in cells] for _, cells in ch.rows]
    fig, ax = plt.subplots(figsize=(7, min(14, max(4, 0.08 * len(data)))))
    im = ax.imshow(data, aspect="auto", cmap="RdYlGn", vmin=0, vmax=1)
    ax.set_xticks(range(len(ch.columns)), list(ch.columns))
    step = max(1, len(data) // 40)
    ax.set_yticks(range(0, len(data), step), [ch.rows[i][0] for i in range(0, len(data), step)], fontsize=6)
    ax.set_xlabel("dealer up card")
    ax.set_title(f"share of situations that raise ({ch.rules.paytable.name}, qualifier {ch.rules.qualifier.label})")
    fig.colorbar(im, ax=ax)
    fig.tight_layout()
    try:
        fig.savefig(path)
    except (OSError, ValueError) as e:
        raise InvalidRules(f"--plot {path!r}: {e}") from None
    finally:
        plt.close(fig)


def _setup_chart(p: Any) -> None:
    from .cli import _rules_args

    _rules_args(p)
    p.add_argument("--margins", action="store_true", help="show the mean exact EV margin per cell")
    p.add_argument("--plot", metavar="FILE", default=None, help="also draw a heat map (.png/.svg; needs [plot])")


def _run_chart(args: Any) -> str:
    from . import render
    from .cli import rules_from

    ch = build_chart(rules_from(args), margins=args.margins)
    if args.plot:
        _plot(ch, args.plot)
    return render.chart(ch, args.format, args.margins)


def _setup_strategies(p: Any) -> None:
    from .cli import _rules_args

    _rules_args(p)
    p.add_argument("--rules", metavar="FILE", action="append", default=[],
                   help="a strategy of your own as a rule file (repeatable; see README)")


def _run_strategies(args: Any) -> str:
    from . import render
    from .cli import rules_from

    extra = [load_rule_file(f) for f in args.rules]
    return render.strategies(compare_strategies(rules_from(args), extra), args.format)


def _register() -> None:
    from .cli import register

    register("chart", "the optimal strategy as a printed chart", _setup_chart, _run_chart)
    register("strategies", "exact cost of simple strategies versus optimal play", _setup_strategies,
             _run_strategies)


_register()
