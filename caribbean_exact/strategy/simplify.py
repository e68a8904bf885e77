"""The simplest strategies for any rules, exactly priced: the frontier of lines against cost.

A strategy here is a rule file (``strategy_rules``): ``raise if`` lines joined by *or*, each a
conjunction of conditions. ``frontier(rules)`` finds, for 1, 2, 3, ... lines, a strategy as good
as the search can find, down to the best strategy a chart cell can express (and it states the
cost of that one against the optimal strategy, which also sees *which* cards share the up card's
suit). The search is heuristic; every price is exact: each point is priced by the solver
(``cs_solver_apply_cells``, the same count ``strategy.evaluate`` of its rule file makes).

The search works on per-cell margins: the exact integer gain of raising over folding summed over
every situation of a chart cell (``Solver.cell_counts`` priced with the rules' nets). A
strategy's total return is the fold-everything return plus the margins of the cells it raises.

- Line 1 is ``raise if hand >= X``: exhaustive over every hand value X. The search grows from it
  and from a few other thresholds (the value from which every cell raises, the ends of the
  largest bands).
- Each further line is a *band* (a class of hands, category and top two ranks, or every such class
  of a category, where the per-cell optimum raises below the threshold) and up to four conditions:
  up card rank ranges, up matches / matches nothing, up against the player's k-th card, holds /
  lacks one or two ranks, the k-th card's rank, cards in the up card's suit. Single conditions and
  every pair of them are searched exhaustively (pairs that cannot beat the best single condition
  are pruned by a bound), longer conjunctions by a beam. At each step the best of adding a line or
  of replacing one line by two is kept, then every line is re-optimised once given the others.
- The last point is written cell by cell: the best strategy over chart cells (every cell whose
  exact margin is positive), one line per run of hand values with the same condition.

Points are kept only when they cost strictly less than every shorter one, so the cost falls with
each further line. Guarantees: the 1-line point is the best threshold; every price is exact.
Beyond that the search is greedy: a shorter strategy may exist that it does not find.

>>> f = frontier(max_lines=4)
>>> [(p.lines, p.cost_total) for p in f.points][:4]
[(1, Fraction(18342488208, 1)), (2, Fraction(7210510872, 1)), (3, Fraction(1161722784, 1)), (4, Fraction(44846352, 1))]
>>> f.points[3].rules_text.splitlines()[1]
'raise if hand >= pair'
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

# The search's matrix products are small: one BLAS thread is faster, and several threads spinning on
# a busy machine made them 5x slower. Only a default (before numpy loads): the environment wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np

from ..engine import layout
from ..engine.pricing import solver_for
from ..engine.recent import Recent
from ..model.cards import RANKS
from ..model.checks import check_int, check_progress, check_rules
from ..model.hands import CATEGORIES, lowest_plain_value_starting, lowest_value_of_category, patterns, value_categories
from ..model.rules import Rules
from ..play.game import GameReport, optimal_game
from ..progress import ProgressFn, report

__all__ = ["Frontier", "FrontierPoint", "cell_decisions", "frontier"]

NDArray = np.ndarray[Any, Any]

#: Weights of a fold a new line would raise, one greedy run each: 1 is the exact gain; larger
#: weights prefer pure lines, which leave room for the lines after them.
PENALTIES: tuple[float, ...] = (1.0, 4.0)
#: A band spanning several classes is searched only up to this many cells (time).
MAX_BAND_CELLS = 120_000
#: Threshold lines the greedy search grows from.
MAX_STARTS = 4


@dataclass(frozen=True)
class FrontierPoint:
    """One strategy of the frontier: its rule-file text, line count and exact report."""

    lines: int
    rules_text: str
    report: GameReport
    optimal_return: Fraction

    @property
    def total_return(self) -> Fraction:
        """Net over every deal, in antes (exact)."""
        return self.report.total_return

    @property
    def total_weight(self) -> int:
        """Equally likely deals counted."""
        return self.report.total_weight

    @property
    def house_edge(self) -> Fraction:
        """The house's expected win per ante."""
        return self.report.house_edge

    @property
    def cost_total(self) -> Fraction:
        """What the strategy gives up against optimal play, summed over every deal (in antes)."""
        return self.optimal_return - self.total_return

    @property
    def cost(self) -> Fraction:
        """Extra house edge against optimal play, per ante."""
        return self.cost_total / self.total_weight

    @property
    def raise_probability(self) -> Fraction:
        """The chance that a deal is raised."""
        return self.report.raise_probability


@dataclass(frozen=True)
class Frontier:
    """The frontier of one set of rules, shortest strategy first, and the optimal report."""

    rules: Rules
    optimal: GameReport
    points: tuple[FrontierPoint, ...]

    def within(self, cost: Fraction) -> FrontierPoint:
        """The shortest point whose cost per ante is at most ``cost`` (else the cheapest)."""
        for p in self.points:
            if p.cost <= cost:
                return p
        return self.points[-1]


# ---------------------------------------------------------------- cell features


@dataclass(frozen=True)
class _Cells:
    """The valid chart cells of one qualifier's solver, as feature columns."""

    index: NDArray     # chart cell index
    nq: NDArray
    win: NDArray
    tie: NDArray
    lose: NDArray
    value: NDArray
    category: NDArray
    cls: NDArray       # class code: (category * 13 + grouped[0]) * 13 + grouped[1]
    ranks: NDArray     # (5, n): ranks high to low (repeats counted)
    up: NDArray
    suited: NDArray
    matches: NDArray
    order: NDArray     # positions sorted by value


@cache
def _pattern_columns() -> tuple[NDArray, NDArray, NDArray, NDArray, NDArray]:
    ps = patterns()
    plain = np.array([p.value for p in ps], dtype=np.int64)
    suited = np.array([-1 if p.flush_value is None else p.flush_value for p in ps], dtype=np.int64)
    ranks = np.array([p.ranks for p in ps], dtype=np.int64)
    g0 = np.array([p.grouped[0] for p in ps], dtype=np.int64)
    g1 = np.array([p.grouped[1] for p in ps], dtype=np.int64)
    return plain, suited, ranks, g0, g1


#: The cells of the chart by qualifier value (numpy columns, computed once per qualifier).
_cells_cache: Recent[int, _Cells] = Recent(8, "chart cells")


def _cells(qualifier: int, progress: ProgressFn | None) -> _Cells:
    got = _cells_cache.get(qualifier)
    if got is not None:
        return got
    counts = [np.array(x, dtype=np.int64) for x in solver_for(qualifier, progress=progress).cell_counts()]
    nq, win, tie, lose = counts
    idx = np.flatnonzero(nq + win + tie + lose)
    plain, suited_v, ranks, g0, g1 = _pattern_columns()
    pat = idx // layout.CHART_PATTERN_CELLS
    flush = (idx // layout.CHART_UP_CELLS) % 2 == 1
    value = np.where(flush, suited_v[pat], plain[pat])
    cats = np.frombuffer(value_categories(), dtype=np.uint8).astype(np.int64)
    category = cats[value]
    up = (idx // layout.CHART_SUIT_COUNTS) % layout.NUM_RANKS
    r = ranks[pat].T
    out = _Cells(idx, nq[idx], win[idx], tie[idx], lose[idx], value, category,
                 (category * 13 + g0[pat]) * 13 + g1[pat], r, up, idx % layout.CHART_SUIT_COUNTS,
                 (r == up[None, :]).any(axis=0), np.argsort(value, kind="stable"))
    _cells_cache.put(qualifier, out)
    return out


def _margins(c: _Cells, rules: Rules) -> tuple[NDArray, int]:
    """Per cell: the scaled exact gain of raising over folding; and the fold-everything total."""
    n = rules.nets().scaled()
    win_net = [int(x) for x in n.win]
    total = c.nq + c.win + c.tie + c.lose
    # bound the int64 arithmetic; beyond it, exact Python integers (object arrays)
    big = max(abs(int(x)) for x in (n.not_qualify, n.tie, n.lose, n.fold, *win_net))
    safe = int(total.sum()) * big * 4 < 2 ** 62
    dt: Any = np.int64 if safe else object
    w = np.array(win_net, dtype=dt)[c.category]
    m = (c.nq.astype(dt) * (int(n.not_qualify) - int(n.fold)) + c.win.astype(dt) * (w - int(n.fold))
         + c.tie.astype(dt) * (int(n.tie) - int(n.fold)) + c.lose.astype(dt) * (int(n.lose) - int(n.fold)))
    return m, int(total.sum()) * int(n.fold)


# ---------------------------------------------------------------- conditions


def _ranks_text(ranks: Sequence[int]) -> str:
    rs = sorted(set(ranks))
    parts: list[str] = []
    i = 0
    while i < len(rs):
        j = i
        while j + 1 < len(rs) and rs[j + 1] == rs[j] + 1:
            j += 1
        parts.append(RANKS[rs[i]] if i == j else f"{RANKS[rs[i]]}-{RANKS[rs[j]]}" if j > i + 1
                     else f"{RANKS[rs[i]]},{RANKS[rs[j]]}")
        i = j + 1
    return ",".join(parts)


@cache
def _exact_spec(value: int) -> str:
    """Qualifier text of exactly ``value``: all five ranks ("AK743"), or "value N" (a flush)."""
    for p in patterns():
        if p.value == value:
            return p.label
    return f"value {value}"


@cache
def _value_spec(value: int) -> str:
    """Qualifier text that parses back to ``value``: a category name, ranks, or "value N"."""
    for cat in range(1, len(CATEGORIES)):
        if lowest_value_of_category(cat) == value:
            return CATEGORIES[cat]
    for p in patterns():
        if p.value == value:
            for k in range(1, 6):
                if lowest_plain_value_starting(p.grouped[:k]) == value:
                    return "".join(RANKS[r] for r in p.grouped[:k])
    return f"value {value}"


_Cond = tuple[str, NDArray]
#: A candidate line of the beam: (gain, indices of its conditions, mask over the band's cells).
_Cand = tuple[float, tuple[int, ...], NDArray]


_Features = tuple[NDArray, NDArray, NDArray, NDArray, list[NDArray]]   # up, ranks, suited, matches, held


def _condition_specs() -> list[tuple[str, Any]]:
    """Every condition a line of the search may use: its rule-file text, and its mask as a function
    of the cells' features (up rank, ranks high to low, suited count, up matches, held by rank)."""
    out: list[tuple[str, Any]] = []
    for a in range(13):
        for b in range(a, 13):
            if (a, b) != (0, 12):
                out.append((f"up in {_ranks_text(range(a, b + 1))}", lambda f, a=a, b=b: (f[0] >= a) & (f[0] <= b)))
    out.append(("up matches", lambda f: f[3]))
    out.append(("up matches nothing", lambda f: ~f[3]))
    for k in range(5):
        out.append((f"up < card {k + 1}", lambda f, k=k: f[0] < f[1][k]))
        out.append((f"up > card {k + 1}", lambda f, k=k: f[0] > f[1][k]))
    for a in range(13):
        out.append((f"holds {RANKS[a]}", lambda f, a=a: f[4][a]))
        out.append((f"lacks {RANKS[a]}", lambda f, a=a: ~f[4][a]))
        for b in range(a):
            out.append((f"holds {RANKS[a]} or {RANKS[b]}", lambda f, a=a, b=b: f[4][a] | f[4][b]))
    for k in range(1, 5):
        for a in range(1, 13):
            out.append((f"card {k + 1} >= {RANKS[a]}", lambda f, k=k, a=a: f[1][k] >= a))
            out.append((f"card {k + 1} <= {RANKS[a - 1]}", lambda f, k=k, a=a: f[1][k] <= a - 1))
    for n in range(1, 6):
        out.append((f"suited >= {n}", lambda f, n=n: f[2] >= n))
        out.append((f"suited <= {n - 1}", lambda f, n=n: f[2] <= n - 1))
    return out


def condition_texts() -> list[str]:
    """The rule-file text of every condition the search may add to a line (the card translates
    each into words; a test checks that every one does, exactly)."""
    return [t for t, _ in _condition_specs()]


def _conditions(c: _Cells, pos: NDArray) -> list[_Cond]:
    """The candidate conditions of a line, evaluated on the cells at ``pos``."""
    r = c.ranks[:, pos]
    f: _Features = (c.up[pos], r, c.suited[pos], c.matches[pos], [(r == k).any(axis=0) for k in range(13)])
    out: list[_Cond] = [(t, build(f)) for t, build in _condition_specs()]
    # keep only conditions that split the band
    return [(t, m) for t, m in out if m.any() and not m.all()]


@dataclass
class _Line:
    text: str
    mask: NDArray     # over all valid cells


@dataclass
class _Band:
    text: str
    pos: NDArray
    conds: list[_Cond]
    matrix: NDArray   # conditions x cells, 0/1


class _Search:
    def __init__(self, c: _Cells, m: NDArray, fold_total: int) -> None:
        self.c, self.m, self.fold_total = c, m, fold_total
        self.n = len(m)
        self.exact = m.dtype == object
        self.mf = m.astype(np.float64)  # the search ranks in floats; prices stay exact integers
        self.bands = self._bands()
        vals = c.value[c.order]
        self.value_starts = np.flatnonzero(np.r_[True, vals[1:] != vals[:-1]])
        self.start_values = vals[self.value_starts]

    def _bands(self) -> list[_Band]:
        c, m = self.c, self.m
        classes = np.unique(c.cls)
        pos_all = np.argsort(c.cls, kind="stable")
        bounds = np.searchsorted(c.cls[pos_all], classes)
        bounds = np.r_[bounds, len(pos_all)]
        positive = m > 0
        # the lowest value from which every cell raises (or is indifferent)
        neg_vals = c.value[m < 0]
        top = int(neg_vals.max()) + 1 if len(neg_vals) else 0
        out = []
        by_cat: dict[int, list[NDArray]] = {}
        for k, code in enumerate(classes):
            pos = pos_all[bounds[k]: bounds[k + 1]]
            if not positive[pos].any():
                continue
            if int(c.value[pos].min()) >= top:
                continue
            cat, g0, g1 = int(code) // 169, int(code) // 13 % 13, int(code) % 13
            lo = int(c.value[pos].min())
            hi = int(c.value[pos].max())
            if cat == 0 and g0 == 12 and g1 == 11:
                text = "ace king"
            else:
                above = c.value[c.value > hi]
                text = f"hand >= {_value_spec(lo)}"
                if len(above):
                    text += f" and hand < {_value_spec(int(above.min()))}"
            out.append(self._band(text, pos))
            by_cat.setdefault(cat, []).append(pos)
        for parts in by_cat.values():
            if len(parts) < 2:
                continue
            pos = np.concatenate(parts)
            if len(pos) > MAX_BAND_CELLS:
                continue
            hi = int(c.value[pos].max())
            above = c.value[c.value > hi]
            text = f"hand >= {_value_spec(int(c.value[pos].min()))}"
            if len(above):
                text += f" and hand < {_value_spec(int(above.min()))}"
            # the band's cells between its classes (all fold) belong to it as well
            inside = np.flatnonzero((c.value >= int(c.value[pos].min())) & (c.value <= hi))
            out.append(self._band(text, inside))
        return out

    def _band(self, text: str, pos: NDArray) -> _Band:
        conds = _conditions(self.c, pos)
        matrix = np.array([cm for _, cm in conds], dtype=np.float64)
        return _Band(text, pos, conds, matrix.reshape(len(conds), len(pos)))

    # total return (scaled) of a union
    def total(self, mask: NDArray) -> int:
        return self.fold_total + int(self.m[mask].sum())

    def best_threshold(self, covered: NDArray) -> tuple[int, _Line]:
        g = np.where(covered, 0, self.mf)[self.c.order]
        suffix = np.cumsum(g[::-1])[::-1]
        at = suffix[self.value_starts]
        k = int(np.argmax(at))
        v = int(self.start_values[k])
        text = "raise always" if k == 0 else f"raise if hand >= {_value_spec(v)}"
        return k, _Line(text, self.c.value >= v)

    def best_line(self, covered: NDArray, penalty: float = 1.0, beam: int = 12,
                  depth: int = 4) -> tuple[float, _Line] | None:
        """The conjunction (a band and up to ``depth`` conditions) of largest gain on the cells not
        yet ``covered``; folds that a line would raise count ``penalty`` times."""
        best: tuple[float, _Line] | None = None
        weights = []
        for band in self.bands:
            g = np.where(covered[band.pos], 0.0, self.mf[band.pos])
            weights.append((float(np.maximum(g, 0.0).sum()), band, g))
        for mass, band, left in sorted(weights, key=lambda x: -x[0]):
            # a line of a band gains at most the positive margin left in it
            if mass <= 0 or (best is not None and mass <= best[0]):
                break
            g = np.where(left > 0, left, penalty * left)
            conds, mat = band.conds, band.matrix
            found: list[_Cand] = [
                (float(g.sum()), (), np.ones(len(band.pos), dtype=bool))]
            singles = mat @ g
            found += [(float(singles[j]), (j,), conds[j][1]) for j in np.argsort(-singles, kind="stable")[:beam]]
            # every pair of conditions, exhaustively ((M * g) @ M.T), except those that cannot beat the
            # best single one: a pair gains at most the positive margin either condition covers
            bound = max(x[0] for x in found)
            keep = np.flatnonzero(mat @ np.maximum(g, 0.0) > bound)
            sub = mat[keep]
            pairs = np.triu((sub * g) @ sub.T, 1)
            top = np.argsort(-pairs, axis=None, kind="stable")[:beam]
            cand: list[_Cand] = []
            for t in top:
                a, b = divmod(int(t), len(keep))
                if a < b:
                    i, j = int(keep[a]), int(keep[b])
                    cand.append((float(pairs.flat[t]), (i, j), conds[i][1] & conds[j][1]))
            found += cand
            for _ in range(depth - 2):
                if not cand:
                    break
                gains = mat @ np.stack([np.where(mask, g, 0.0) for _, _, mask in cand], axis=1)
                nxt: list[_Cand] = []
                for k, (gain, used, mask) in enumerate(cand):
                    col = gains[:, k]
                    for jj in np.argsort(-col, kind="stable")[:beam]:
                        j = int(jj)
                        if j in used:
                            continue
                        if col[j] <= gain:
                            break
                        nxt.append((float(col[j]), (*used, j), mask & conds[j][1]))
                nxt.sort(key=lambda x: -x[0])
                cand = nxt[:beam]
                found += cand
            gain, used, mask = max(found, key=lambda x: (x[0], -len(x[1])))
            if gain <= 0:
                continue
            if best is None or gain > best[0]:
                full = np.zeros(self.n, dtype=bool)
                full[band.pos[mask]] = True
                text = " and ".join([band.text, *(band.conds[j][0] for j in sorted(used))])
                best = (gain, _Line(f"raise if {text}", full))
        return best

    def union(self, lines: Sequence[_Line], skip: int = -1) -> NDArray:
        out = np.zeros(self.n, dtype=bool)
        for i, ln in enumerate(lines):
            if i != skip:
                out |= ln.mask
        return out

    def starts(self) -> list[_Line]:
        """First lines to grow from: the best threshold, the value from which every cell raises,
        and both ends of every band."""
        _, best = self.best_threshold(np.zeros(self.n, dtype=bool))
        values = {int(self.c.value[self.m < 0].max()) + 1 if (self.m < 0).any() else 0}
        for band in sorted(self.bands, key=lambda b: -float(np.maximum(self.mf[b.pos], 0).sum()))[:2]:
            lo = int(self.c.value[band.pos].min())
            hi = self.c.value[self.c.value > int(self.c.value[band.pos].max())]
            values.add(lo)
            if len(hi):
                values.add(int(hi.min()))
        out = [best]
        for v in sorted(values, reverse=True)[: MAX_STARTS - 1]:
            line = _Line("raise always" if v == 0 else f"raise if hand >= {_value_spec(v)}", self.c.value >= v)
            if line.text != best.text:
                out.append(line)
        return out

    def _grow(self, lines: list[_Line], penalty: float, count: int) -> list[_Line] | None:
        """``lines`` plus up to ``count`` best lines, added one at a time (None: none gains)."""
        out = lines[:]
        for _ in range(count):
            got = self.best_line(self.union(out), penalty)
            if got is None:
                break
            out.append(got[1])
        return out if len(out) > len(lines) else None

    def greedy(self, first: _Line, max_lines: int, penalty: float) -> list[list[_Line]]:
        """From one threshold line, a line more at each step: the best of adding a line, or of
        replacing one line by two; then every line re-optimised once given the others."""
        lines = [first]
        out = [lines[:]]
        while len(lines) < max_lines:
            options = [self._grow(lines, penalty, 1)]
            for i in range(1, len(lines)):
                grown = self._grow(lines[:i] + lines[i + 1:], penalty, 2)
                if grown is not None and len(grown) == len(lines) + 1:
                    options.append(grown)
            found = [o for o in options if o is not None]
            if not found:
                break
            lines = max(found, key=lambda ls: self.total(self.union(ls)))
            for i in range(1, len(lines)):
                others = self.union(lines, skip=i)
                repl = self.best_line(others, penalty)
                if repl is not None and self.total(others | repl[1].mask) > self.total(others | lines[i].mask):
                    lines[i] = repl[1]
            if out and self.total(self.union(lines)) <= self.total(self.union(out[-1])):
                break
            out.append(lines[:])
        return out

    def cellwise(self) -> list[_Line]:
        """The best strategy over chart cells, as lines: a threshold, then one line per run of hand
        values below it with the same condition."""
        c, m = self.c, self.m
        neg = c.value[m < 0]
        top = int(neg.max()) + 1 if len(neg) else 0
        lines = [_Line("raise always" if top == 0 else f"raise if hand >= {_value_spec(top)}", c.value >= top)]
        below = np.flatnonzero(c.value < top)
        below = below[np.argsort(c.value[below], kind="stable")]
        vals = c.value[below]
        cuts = np.flatnonzero(np.r_[True, vals[1:] != vals[:-1], True])
        runs: list[tuple[int, int, str, NDArray]] = []   # (first value, last value, condition, positions)
        for a, b in itertools.pairwise(cuts):
            pos = below[a:b]
            cond = _cell_condition(c, pos, m[pos] > 0)
            if cond is None:
                continue
            v = int(vals[a])
            if runs and runs[-1][2] == cond and runs[-1][1] == _prev_value(vals, int(a)):
                f, _, t, p = runs[-1]
                runs[-1] = (f, v, t, np.r_[p, pos])
            else:
                runs.append((v, v, cond, pos))
        for f, last, cond, _pos in runs:
            hand = f"hand == {_exact_spec(f)}" if f == last else \
                f"hand >= {_exact_spec(f)} and hand <= {_exact_spec(last)}"
            text = f"raise if {hand}" + (f" and {cond}" if cond else "")
            mask = (c.value >= f) & (c.value <= last) & _apply_condition(c, cond)
            lines.append(_Line(text, mask))
        return lines


def _prev_value(vals: NDArray, a: int) -> int | None:
    return int(vals[a - 1]) if a > 0 else None


def _cell_condition(c: _Cells, pos: NDArray, want: NDArray) -> str | None:
    """A condition on up rank and suited count selecting exactly ``want`` among the cells of one
    hand value (None: raise none; "": raise all). Lines of ``up in S`` and suited bounds."""
    if not want.any():
        return None
    if want.all():
        return ""
    ups = c.up[pos]
    all_up = sorted(int(u) for u in np.unique(ups[want]) if want[ups == u].all())
    mixed = sorted(int(u) for u in np.unique(ups[want]) if not want[ups == u].all())
    parts = []
    if all_up:
        parts.append(f"up in {_ranks_text(all_up)}")
    for u in mixed:
        sel = ups == u
        s_yes = sorted({int(x) for x in c.suited[pos][sel & want]})
        s_no = sorted({int(x) for x in c.suited[pos][sel & ~want]})
        lo, hi = min(s_yes), max(s_yes)
        if any(lo <= x <= hi for x in s_no):
            # not an interval: one clause per suited count
            for x in s_yes:
                parts.append(f"up in {RANKS[u]} and suited == {x}")
            continue
        bits = [f"up in {RANKS[u]}"]
        if any(x < lo for x in s_no):
            bits.append(f"suited >= {lo}")
        if any(x > hi for x in s_no):
            bits.append(f"suited <= {hi}")
        parts.append(" and ".join(bits))
    return " | ".join(parts)


def _apply_condition(c: _Cells, cond: str) -> NDArray:
    if not cond:
        return np.ones(len(c.value), dtype=bool)
    out = np.zeros(len(c.value), dtype=bool)
    for clause in cond.split(" | "):
        mask = np.ones(len(c.value), dtype=bool)
        for part in clause.split(" and "):
            kind, _, arg = part.partition(" ")
            if kind == "up":
                ranks = _parse_ranks(arg.removeprefix("in "))
                mask &= np.isin(c.up, ranks)
            else:
                op, n = arg.split(" ")
                mask &= {">=": c.suited >= int(n), "<=": c.suited <= int(n), "==": c.suited == int(n)}[op]
        out |= mask
    return out


def _parse_ranks(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        lo = RANKS.index(a)
        out.extend(range(lo, RANKS.index(b) + 1) if b else [lo])
    return out


def _expand(lines: list[_Line]) -> list[str]:
    """Rule-file lines: a line holding " | " (alternatives) becomes one line per alternative."""
    out = []
    for ln in lines:
        head, sep, rest = ln.text.partition(" and ")
        if " | " not in ln.text:
            out.append(ln.text)
            continue
        hand, conds = _split_hand(ln.text)
        out.extend(f"{hand} and {alt}" for alt in conds.split(" | "))
        del head, sep, rest
    return out


def _split_hand(text: str) -> tuple[str, str]:
    """("raise if hand ... [and hand ...]", the conditions after the hand bounds)."""
    parts = text.split(" and ")
    k = 1
    while k < len(parts) and parts[k].startswith("hand "):
        k += 1
    return " and ".join(parts[:k]), " and ".join(parts[k:])


def _text(name: str, lines: list[str]) -> str:
    return "\n".join([f"name: {name}", *lines]) + "\n"


def cell_decisions(rules: Rules | None = None, progress: ProgressFn | None = None
                   ) -> dict[tuple[int, bool, int, int], bool]:
    """The best play of every chart cell: {(pattern, suited?, up rank, cards in the up card's suit):
    raise?}, raising where the cell's exact margin is positive.

    >>> d = cell_decisions()
    >>> len(d), sum(d.values())
    (378586, 299948)
    """
    rules = check_rules(rules)
    c = _cells(rules.qualifier.value, progress)
    m, _ = _margins(c, rules)
    pat, flush = c.index // layout.CHART_PATTERN_CELLS, (c.index // layout.CHART_UP_CELLS) % 2 == 1
    return {(int(a), bool(b), int(u), int(k)): bool(r)
            for a, b, u, k, r in zip(pat, flush, c.up, c.suited, m > 0)}


def frontier(rules: Rules | None = None, max_lines: int = 8,
             progress: ProgressFn | None = None, *, game: GameReport | None = None) -> Frontier:
    """The simplest strategies of ``rules``: for 1, 2, ... lines (greedy up to ``max_lines``), then
    the best strategy over chart cells; each exactly priced, each cheaper than the shorter ones.

    >>> p = frontier(max_lines=1).points[0]
    >>> p.lines, p.rules_text.splitlines()[1], p.total_return
    (1, 'raise if hand >= AKJ83', Fraction(-1059715400580, 1))
    """
    rules = check_rules(rules)
    check_int(max_lines, "max_lines", 1, 64)
    check_progress(progress)
    key = (rules, max_lines)
    kept = _frontiers.get(key)
    if kept is not None:
        if game is not None:
            optimal_game(rules, game, progress)  # a game handed down is checked as on the first call
        return kept
    found = _search_frontier(rules, max_lines, progress, game)
    _frontiers.put(key, found)
    return found


#: The last four frontiers found, by (rules, max_lines): a frontier is frozen and does not depend on
#: the game handed down, and its search takes seconds (a card, a report and the tables ask again).
_frontiers: Recent[tuple[Rules, int], Frontier] = Recent(4, "frontiers")


def _search_frontier(rules: Rules, max_lines: int, progress: ProgressFn | None, game: GameReport | None
                     ) -> Frontier:
    """The search of ``frontier``, its arguments checked."""
    q = rules.qualifier.value
    c = _cells(q, progress)
    m, fold_total = _margins(c, rules)
    search = _Search(c, m, fold_total)
    opt = optimal_game(rules, game, progress)
    solver = solver_for(q)
    candidates: list[list[_Line]] = []
    starts = search.starts()
    for k, (first, penalty) in enumerate((f, p) for f in starts for p in PENALTIES):
        report(progress, "searching simple strategies", k, len(starts) * len(PENALTIES))
        candidates += search.greedy(first, max_lines, penalty)
    candidates.append(search.cellwise())
    best: dict[int, tuple[int, list[_Line]]] = {}
    for k, lines in enumerate(candidates):
        n = len(_expand(lines))
        tot = search.total(search.union(lines))
        if k == len(candidates) - 1 or n not in best or tot > best[n][0]:
            best[n] = (tot, lines)
    cell_lines = candidates[-1]
    priced: list[tuple[int, str, GameReport]] = []
    scale = rules.nets().scaled().denominator
    for _, lines in best.values():
        text_lines = _expand(lines)
        mask = search.union(lines)
        flags = np.zeros(layout.NUM_CHART_CELLS, dtype=np.uint8)
        flags[c.index[mask]] = 1
        n = len(text_lines)
        name = "best by chart cell" if lines is cell_lines else f"simplest {n} line{'s' if n != 1 else ''}"
        rep = GameReport(rules, solver.apply_cells(flags.tobytes()), name)
        if rep.total_return != Fraction(search.total(mask), scale):
            raise AssertionError("simplify: the solver's price differs from the cell margins")  # a bug
        priced.append((n, _text(name, text_lines), rep))
    points: list[FrontierPoint] = []
    for n, text, rep in sorted(priced, key=lambda x: (x[0], -x[2].total_return)):
        if points and (n == points[-1].lines or rep.total_return <= points[-1].total_return):
            continue
        points.append(FrontierPoint(n, text, rep, opt.total_return))
    report(progress, "searching simple strategies", 1, 1)
    return Frontier(rules, opt, tuple(points))
