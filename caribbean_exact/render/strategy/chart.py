"""Strategy charts (chart.Chart), strategy comparisons (strategy.StrategyResult), the chart's heat map."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..._version import __version__
from ...errors import InvalidRules, shown
from ...strategy.chart import Chart, ChartCell
from ...strategy.strategies import StrategyResult
from ..figures import OKABE_ITO, PAGE, measure, pyplot, save_pages, wrap
from ..labels import mark_meaning, marks_legend, plain_rule_text, suit_rules_text, suited_decider
from ..text import Name, describe_rules, frac, grouped, pct, pick, rules_json, table, to_json


def cell_mark(c: ChartCell) -> str:
    """R (every situation raises), F (none does), S (it depends on the cards of the up card's suit),
    or "" (no situation)."""
    if not c.total:
        return ""
    return "R" if c.raise_count == c.total else "F" if c.raise_count == 0 else "S"


def decider_text(ch: Chart, c: ChartCell) -> str:
    """What decides a mixed cell: the rule by suited count (checked on every situation), else the counts."""
    rules = ch.deciders.get((c.pattern, c.up))
    return suit_rules_text(rules) if rules else suited_decider(c.by_suited)


def _uniform_text(ch: Chart) -> list[str]:
    out = []
    for action in ("raise", "fold"):
        labels = [label for label, a in ch.uniform_rows if a == action]
        if labels:
            out.append(f"Always {action} {', '.join(labels)} (every up card).")
    return out


def chart_json(ch: Chart) -> dict[str, Any]:
    """The JSON object of a chart."""
    cells = []
    for label, row in (*ch.rows, *ch.match_rows):
        for c in row:
            d: dict[str, Any] = {"pattern": label, "up": c.up, "raise": c.raise_count, "total": c.total}
            if c.margin is not None:
                d["margin"] = str(c.margin)
            cells.append(d)
    return {"rules": rules_json(ch.rules), "plain_rules": [plain_rule_text(r) for r in ch.plain_rules]
            + _uniform_text(ch),
            "uniform_rows": [{"pattern": label, "action": a} for label, a in ch.uniform_rows],
            "cells": cells,
            "mixed": [{"pattern": c.pattern, "up": c.up, "decided_by": decider_text(ch, c),
                       "by_suited": [{"suited": r.suited, "kind": r.kind, "rank": r.rank,
                                      "sets": [list(x) for x in r.sets]}
                                     for r in ch.deciders.get((c.pattern, c.up), ())]}
                      for c in ch.mixed]}


def chart(ch: Chart, fmt: str, margins: bool = False, table_name: str | None = None) -> str:
    """A strategy chart: plain rules, the grid, what decides mixed cells."""
    if fmt == "json":
        return to_json(chart_json(ch))
    headers = ["hand", *list(ch.columns)]
    body = []
    for label, cells in ch.rows:
        row = [label]
        for c in cells:
            mark = cell_mark(c)
            if margins and c.margin is not None:
                mark = f"{mark} {float(c.margin):+.3f}"
            row.append(mark)
        body.append(row)
    if fmt == "csv" or table_name:
        return pick({"grid": table(body, headers, fmt),
                     "mixed": table([[c.pattern, c.up, decider_text(ch, c)] for c in ch.mixed],
                                    ["hand", "up", "decision by cards of the up card's suit"], fmt),
                     "rules": table([[x] for x in [plain_rule_text(r) for r in ch.plain_rules]
                                     + _uniform_text(ch)], ["plain rule"], fmt)},
                    table_name, "chart")
    lines = [f"Optimal strategy: {describe_rules(ch.rules)}", "",
             "Plain rules (each checked over every situation it covers):"]
    lines += [f"- {plain_rule_text(r)}" for r in ch.plain_rules]
    lines += [f"- {t}" for t in _uniform_text(ch)]
    if body:
        lines += ["", "Where the decision depends on the dealer's up card (columns: up card rank).",
                  marks_legend(("R", "F", "S"), up_only=True, sep=", ").replace("suit rules)", "suit rules below)")
                  + (", then the mean exact EV margin of raising over folding, per ante" if margins else "")
                  + ":", "", table(body, headers, fmt)]
    if ch.mixed:
        lines += ["", "The S cells: how many of your cards share the up card's suit, and which (checked on every "
                  "situation of the cell).", ""]
        lines.append(table([[c.pattern, c.up, decider_text(ch, c)] for c in ch.mixed],
                           ["hand", "up", "decision by your cards of the up card's suit"], fmt))
    return "\n".join(lines)


def strategy_json(r: StrategyResult) -> dict[str, Any]:
    """One strategy of the comparison's JSON."""
    tr = r.total_return
    return {
        "name": r.name,
        "description": r.description,
        "total_return": str(tr),  # a sum of money: an exact string, whole or not (#33)
        "house_edge": str(r.report.house_edge),
        "element_of_risk": str(r.report.element_of_risk),
        "raise_probability": str(r.report.raise_probability),
        "raise_situations": r.report.raise_situations,
        "cost": str(r.cost),
    }


def strategies_doc(results: Sequence[StrategyResult]) -> dict[str, Any]:
    """``strategies --format json`` as data (``ce.as_dict`` of ``ce.compare_strategies()``)."""
    return {"rules": rules_json(results[0].report.rules) if results else None,
            "total_weight": results[0].report.total_weight if results else 0,
            "strategies": [strategy_json(r) for r in results]}


def strategies(results: Sequence[StrategyResult], fmt: str) -> str:
    """The comparison of strategies."""
    if fmt == "json":
        return to_json(strategies_doc(results))
    rows = []
    for r in results:
        rep = r.report
        tr = r.total_return
        rows.append([Name(r.name), pct(rep.house_edge), pct(rep.element_of_risk), pct(rep.raise_probability, 2),
                     str(int(tr)) if tr.denominator == 1 else frac(tr), pct(r.cost)])
    headers = ["strategy", "house edge", "element of risk", "P(raise)", "total net return", "cost vs optimal"]
    if fmt == "csv":
        return table(rows, headers, fmt)
    total = results[0].report.total_weight if results else 0
    head = [f"Strategies compared: {describe_rules(results[0].report.rules)}" if results else "",
            f"total net return is exact, in antes, over {grouped(total)} equally likely deals", ""]
    return "\n".join(head) + "\n" + table(rows, headers, fmt)


# ---------------------------------------------------------------- the chart to print (--plot)

#: Okabe-Ito colours of the chart letters (colour-blind safe). The letters carry every decision: sky
#: blue and orange are the same grey, so the S cells also get a heavy border.
PLOT_COLOURS = {"R": OKABE_ITO["sky blue"], "S": OKABE_ITO["orange"], "F": "#FFFFFF", "": "#DDDDDD"}
#: The printed page, inches: inside both US Letter (8.5 x 11) and A4 (8.27 x 11.69), so it prints at
#: full size on either; nothing is drawn within PLOT_MARGIN of an edge.
PLOT_PAGE = PAGE
PLOT_MARGIN = 0.5
#: The text sizes of a page, points at full size: nothing is smaller than PLOT_MIN_PT.
PLOT_PT = {"title": 11.0, "text": 8.0, "cell": 8.0, "footer": 7.5}
PLOT_MIN_PT = 7.0
#: PDF: every page in the one file; PNG and SVG: one file a page (``plot_files``).
PLOT_FORMATS = ("pdf", "png", "svg")
_MONO = "DejaVu Sans Mono"
PLOT_LINE = 1.3                       # line height over font size (the seen-card plots' too)
_LINE = PLOT_LINE
_CELL_MIN, _CELL_MAX = 0.14, 0.22     # inches: a cell's width (an 8 pt bold letter is 0.09 wide)
_ROW_MIN, _ROW_MAX = 0.14, 0.18       # inches: a row's height
_HEAD = 0.2                           # inches: the up-card header row (above and below each panel)
_GAP = 0.25                           # inches: at least between two panels
_FOOT = 0.22                          # inches: the footer line at the bottom of the content
_MEANING = {**{m: mark_meaning(m, up_only=True) for m in ("R", "F", "S")}, "": "no such deal"}


@dataclass(frozen=True)
class PlotPage:
    """One printed page: the lines of plain rules it carries (text, indent in inches, bold) and the
    rows of the chart in each of its panels, as (start, stop) indices of ``Chart.rows``."""

    notes: tuple[tuple[str, float, bool], ...]
    panels: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class PlotLayout:
    """The printed chart: the geometry of a panel (inches) and its pages."""

    head: tuple[str, ...]             # the lines under the title on every page (the rules)
    marks: tuple[str, ...]            # the letters of the colour key: those on the chart
    legend: tuple[str, ...]           # the lines after the colour key on every page
    panels_per_page: int
    cell_w: float
    row_h: float
    label_w: float
    pages: tuple[PlotPage, ...]


def _plot_head(ch: Chart, mixed: bool) -> tuple[list[str], list[str], list[tuple[str, float, bool]]]:
    """The rules lines, the legend's lines and the plain rules (page 1), wrapped to the page."""
    width = PLOT_PAGE[0] - 2 * PLOT_MARGIN - 0.1   # a little slack: hinted PNG text runs a little wider
    text = measure(PLOT_PT["text"])
    bold = measure(PLOT_PT["text"], weight="bold")
    head = wrap(f"Rules: {describe_rules(ch.rules)}; the raise pays to 1, royal flush first.", width, text)
    legend = ("Rows: your hand, highest card first"
              + (" ('suited': five cards of one suit)" if any(" suited" in label for label, _ in ch.rows) else "")
              + ", down each panel. Columns: the dealer's up card."
              + (f" S: {mark_meaning('S', up_only=True)} (caribbean-exact chart --table mixed)." if mixed else "")
              + " Other hands: the plain rules on page 1.")
    notes: list[tuple[str, float, bool]] = [
        (line, 0.0, True) for line in wrap("Plain rules (each checked over every situation it covers):", width,
                                            bold)]
    for rule in [plain_rule_text(r) for r in ch.plain_rules] + _uniform_text(ch):
        for k, line in enumerate(wrap(rule, width - 0.15, text)):
            notes.append(("\u2022 " + line if k == 0 else line, 0.0 if k == 0 else 0.15, False))
    return head, wrap(legend, width, text), notes


def _head_height(head: Sequence[str], legend: Sequence[str]) -> float:
    """Inches from the top margin to the first line of plain rules (or the grid): title, rules, key, legend."""
    line = PLOT_PT["text"] * _LINE / 72
    return PLOT_PT["title"] * _LINE / 72 + 0.04 + len(head) * line + 0.3 + len(legend) * line + 0.12


def _rules_only_layout(ch: Chart) -> PlotLayout:
    """The printed chart when the plain rules decide every hand: the rules, on as many pages as they need."""
    w, h = PLOT_PAGE
    head, _, notes = _plot_head(ch, False)
    legend = wrap("The plain rules below decide every hand against every up card: there is no grid.",
                  w - 2 * PLOT_MARGIN - 0.1, measure(PLOT_PT["text"]))
    line = PLOT_PT["text"] * _LINE / 72
    fit = max(1, int((h - PLOT_MARGIN - _FOOT - PLOT_MARGIN - _head_height(head, legend)) / line))
    pages = tuple(PlotPage(tuple(notes[i:i + fit]), ()) for i in range(0, len(notes), fit))
    return PlotLayout(tuple(head), (), tuple(legend), 1, _CELL_MAX, _ROW_MAX, 0.0, pages)


def plot_layout(ch: Chart) -> PlotLayout:
    """How the chart is printed: the fewest pages with every row labelled, then the widest cells.

    Rows run down a panel, then into the next panel to the right, then onto the next page; the
    rows are spread evenly over the panels of those pages. Page 1 starts with the plain rules
    (they run on if they do not fit). Needs matplotlib (font metrics).
    """
    if not ch.rows and not ch.plain_rules:
        raise InvalidRules("--plot: the optimal strategy has no mixed classes under these rules")
    pyplot("--plot")
    w, h = PLOT_PAGE
    width = w - 2 * PLOT_MARGIN
    if not ch.rows:  # the plain rules decide every hand (a pair qualifier): pages of rules, no grid
        return _rules_only_layout(ch)
    mono = measure(PLOT_PT["cell"], _MONO)
    label_w = max(mono(label) for label, _ in ch.rows) + 0.08
    present = {cell_mark(c) for _, row in ch.rows for c in row}
    marks = tuple(x for x in ("R", "F", "S", "") if x in present)
    head, legend, notes = _plot_head(ch, "S" in present)
    line = PLOT_PT["text"] * _LINE / 72
    top, bottom = PLOT_MARGIN + _head_height(head, legend), h - PLOT_MARGIN - _FOOT
    best: PlotLayout | None = None
    for k in range(1, 6):
        cell_w = (width - (k - 1) * _GAP - k * label_w) / (k * len(ch.columns))
        if cell_w < _CELL_MIN:
            break
        cell_w = min(cell_w, _CELL_MAX)
        row_h = min(max(cell_w, _ROW_MIN), _ROW_MAX)
        # the pages: plain rules first, then as many rows a panel as the rest of the page holds
        plan: list[tuple[tuple[tuple[str, float, bool], ...], int]] = []
        left = list(notes)
        while sum(cap * k for _, cap in plan) < len(ch.rows):
            y = top
            if plan and left:
                left.insert(0, ("Plain rules (continued):", 0.0, True))
            fit = left[:max(1, int((bottom - y) / line))]
            left = left[len(fit):]
            if fit:
                y += len(fit) * line + 0.12
            rows = int((bottom - y - 2 * _HEAD) / row_h) if not left else 0
            plan.append((tuple(fit), rows if rows >= 3 else 0))
        # spread the rows evenly over every panel of those pages
        caps = [cap for _, cap in plan for _ in range(k)]
        start, pages = 0, []
        for p, (page_notes, _cap) in enumerate(plan):
            panels = []
            for j in range(k):
                i = p * k + j
                take = min(caps[i], -(-(len(ch.rows) - start) // max(1, sum(1 for c in caps[i:] if c))))
                if take > 0:
                    panels.append((start, start + take))
                    start += take
            pages.append(PlotPage(page_notes, tuple(panels)))
        assert start == len(ch.rows)
        layout = PlotLayout(tuple(head), marks, tuple(legend), k, cell_w, row_h, label_w, tuple(pages))
        if best is None or len(layout.pages) < len(best.pages):
            best = layout
    if best is None:
        raise InvalidRules("--plot: the row labels are too long to print")
    return best


def _draw_page(fig: Any, ch: Chart, lay: PlotLayout, number: int) -> None:
    """Page ``number`` (0-based) of the printed chart on ``fig``, in inches from the top left."""
    w, h = PLOT_PAGE
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, w)
    ax.set_ylim(h, 0)
    ax.axis("off")
    y = _draw_head(ax, lay, number)
    page = lay.pages[number]
    line = PLOT_PT["text"] * _LINE / 72
    for text, indent, bold in page.notes:
        y += line
        ax.text(PLOT_MARGIN + indent, y, text, fontsize=PLOT_PT["text"], weight="bold" if bold else "normal",
                va="baseline")
    if page.notes:
        y += 0.12
    _draw_panels(ax, ch, lay, page, y)
    where = (f"This page: {ch.rows[page.panels[0][0]][0]} to {ch.rows[page.panels[-1][1] - 1][0]}."
             if page.panels else "This page: plain rules.")
    ax.text(PLOT_MARGIN, h - PLOT_MARGIN, f"{where} caribbean-exact {__version__}: every cell decided exactly, "
            "over every deal.", fontsize=PLOT_PT["footer"], va="baseline", color="#333333")
    ax.text(w - PLOT_MARGIN, h - PLOT_MARGIN, f"page {number + 1} of {len(lay.pages)}",
            fontsize=PLOT_PT["footer"], ha="right", va="baseline", color="#333333")


def plot_page_top(ax: Any, title: str, number: int, pages: int, head: Sequence[str]) -> float:
    """The top of a printed chart's page (this chart's, the seen-card charts'): the title, "page i of
    n" and the head lines; where they end (inches from the top)."""
    w, m = PLOT_PAGE[0], PLOT_MARGIN
    text_pt, line = PLOT_PT["text"], PLOT_PT["text"] * _LINE / 72
    y = m + PLOT_PT["title"] / 72
    ax.text(m, y, title, fontsize=PLOT_PT["title"], weight="bold", va="baseline")
    ax.text(w - m, y, f"page {number + 1} of {pages}", fontsize=text_pt, ha="right", va="baseline")
    y += PLOT_PT["title"] * (_LINE - 1) / 72 + 0.04
    for text in head:
        y += line
        ax.text(m, y, text, fontsize=text_pt, va="baseline")
    return y


def _draw_head(ax: Any, lay: PlotLayout, number: int) -> float:
    """Title, page number, rules, the colour key and the legend: where they end (inches from the top)."""
    from matplotlib.patches import Rectangle

    m, text_pt, line = PLOT_MARGIN, PLOT_PT["text"], PLOT_PT["text"] * _LINE / 72
    y = plot_page_top(ax, "Caribbean Stud Poker: the optimal strategy", number, len(lay.pages), lay.head)
    # the colour key: a cell of each kind on the chart, its letter, its meaning
    x, y = m, y + 0.1
    width_of = measure(text_pt)
    for mark in lay.marks:
        meaning = _MEANING[mark]
        heavy = mark == "S"
        ax.add_patch(Rectangle((x, y), lay.cell_w, 0.17, facecolor=PLOT_COLOURS[mark],
                               edgecolor="#000000" if heavy else "#777777", linewidth=1.2 if heavy else 0.4))
        ax.text(x + lay.cell_w / 2, y + 0.17 * 0.54, mark, fontsize=PLOT_PT["cell"], weight="bold", ha="center",
                va="center")
        ax.text(x + lay.cell_w + 0.06, y + 0.085, meaning, fontsize=text_pt, va="center")
        x += lay.cell_w + 0.06 + width_of(meaning) + 0.3
    y += 0.2
    for text in lay.legend:
        y += line
        ax.text(m, y, text, fontsize=text_pt, va="baseline")
    return y + 0.12


def _draw_panels(ax: Any, ch: Chart, lay: PlotLayout, page: PlotPage, y: float) -> None:
    """The page's panels from ``y`` down, centred as a block: up-card ranks above and below, a label
    and a lettered cell a row."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Rectangle

    w = PLOT_PAGE[0]
    panel_w = lay.label_w + len(ch.columns) * lay.cell_w
    k = lay.panels_per_page
    gap = min(0.6, (w - 2 * PLOT_MARGIN - k * panel_w) / (k - 1)) if k > 1 else 0.0
    x0 = (w - k * panel_w - (k - 1) * gap) / 2
    cells: dict[bool, list[Any]] = {False: [], True: []}   # by "is an S cell" (drawn with a heavy border)
    colours: list[str] = []
    for j, (start, stop) in enumerate(page.panels):
        px = x0 + j * (panel_w + gap)
        cx = px + lay.label_w
        for yy in (y, y + _HEAD + (stop - start) * lay.row_h):
            ax.text(cx - 0.06, yy + _HEAD / 2, "hand", fontsize=PLOT_PT["text"], ha="right", va="center",
                    style="italic")
            for c, col in enumerate(ch.columns):
                ax.text(cx + (c + 0.5) * lay.cell_w, yy + _HEAD / 2, col, fontsize=PLOT_PT["cell"], weight="bold",
                        ha="center", va="center")
        for i in range(start, stop):
            label, row = ch.rows[i]
            yy = y + _HEAD + (i - start) * lay.row_h
            ax.text(cx - 0.06, yy + lay.row_h / 2, label, fontsize=PLOT_PT["cell"], family=_MONO, ha="right",
                    va="center")
            prev = ch.rows[i - 1][0]
            if i > start and label[:4] != prev[:4]:  # a line where the first four ranks change, heavier for three
                ax.plot((px, cx + len(row) * lay.cell_w), (yy, yy), color="#000000",
                        linewidth=1.2 if label[:3] != prev[:3] else 0.7, solid_capstyle="butt", zorder=3)
            for c, cell in enumerate(row):
                mark = cell_mark(cell)
                cells[mark == "S"].append(Rectangle((cx + c * lay.cell_w, yy), lay.cell_w, lay.row_h))
                if mark != "S":
                    colours.append(PLOT_COLOURS[mark])
                if mark:
                    ax.text(cx + (c + 0.5) * lay.cell_w, yy + lay.row_h * 0.54, mark, fontsize=PLOT_PT["cell"],
                            weight="bold", ha="center", va="center", zorder=4)
    ax.add_collection(PatchCollection(cells[False], facecolors=colours, edgecolors="#777777", linewidths=0.4,
                                      zorder=1))
    ax.add_collection(PatchCollection(cells[True], facecolors=PLOT_COLOURS["S"], edgecolors="#000000",
                                      linewidths=1.2, zorder=2))


def draw_chart(ch: Chart, fmt: str, layout: PlotLayout | None = None) -> list[bytes]:
    """The printed chart as bytes: one PDF of every page, or one PNG or SVG a page (``fmt``: pdf, png
    or svg), laid out by ``layout`` (default ``plot_layout(ch)``). The same chart gives the same
    bytes (no dates; fixed ids and producer)."""
    if fmt not in PLOT_FORMATS:
        raise InvalidRules(f"--plot: unknown image type {shown(fmt)} (use one of {', '.join(PLOT_FORMATS)})")
    lay = layout or plot_layout(ch)
    return save_pages(fmt, len(lay.pages), lambda fig, number: _draw_page(fig, ch, lay, number), PLOT_PAGE)


def plot_files(path: str, pages: int) -> list[str]:
    """The files ``--plot PATH`` writes: PATH itself for a PDF or a chart of one page, else one file a
    page, numbered before the extension (``chart.png`` -> ``chart-1.png`` .. ``chart-3.png``; with ten
    pages or more ``chart-01.png``, so that they sort).

    >>> plot_files("chart.pdf", 3), plot_files("chart.png", 1), plot_files("out/chart.svg", 2)
    (['chart.pdf'], ['chart.png'], ['out/chart-1.svg', 'out/chart-2.svg'])
    >>> plot_files("chart", 12)[:2]
    ['chart-01', 'chart-02']
    """
    stem, ext = os.path.splitext(path)
    if pages == 1 or ext.lower() == ".pdf":
        return [path]
    digits = len(str(pages))
    return [f"{stem}-{k:0{digits}d}{ext}" for k in range(1, pages + 1)]


def plot_format(path: str) -> str:
    """The image type ``--plot PATH`` draws, from the name's extension: pdf, png or svg (png without
    an extension; matplotlib would otherwise write "PATH.png" beside it).

    >>> plot_format("chart.PDF"), plot_format("chart")
    ('pdf', 'png')
    """
    ext = os.path.splitext(path)[1].lower().lstrip(".")
    fmt = ext or "png"
    if fmt not in PLOT_FORMATS:
        raise InvalidRules(f"--plot {shown(path)}: unknown image type {shown(ext)} (use one of "
                           + ", ".join(PLOT_FORMATS) + ")")
    return fmt


def plot_written(files: Sequence[str], pages: int) -> str:
    """The line that says what ``--plot`` wrote.

    >>> plot_written(["chart.pdf"], 2)
    'wrote chart.pdf (2 pages)'
    >>> plot_written([f"chart-{k}.png" for k in range(1, 10)], 9)
    'wrote 9 pages: chart-1.png, chart-2.png, ..., chart-9.png'
    """
    if len(files) == 1:
        return f"wrote {files[0]} ({pages} page{'s' if pages != 1 else ''})"
    shown_files = files if len(files) <= 3 else [files[0], files[1], "...", files[-1]]
    return f"wrote {len(files)} pages: " + ", ".join(shown_files)
