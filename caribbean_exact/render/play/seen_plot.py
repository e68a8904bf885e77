"""The seen-card charts for printing (``solve --known-dealer-cards K --plot FILE``), through the
chart's printing (``render.strategy.chart``: the page, its margins, text sizes, colours and files)
and ``render.figures`` (matplotlib, reproducible bytes).

Every page: the title with "page i of n", the rules, a colour key and the legend of the marks used
(``labels.MARKS``); then, flowing over the pages, one 13 x 13 grid a class (every row and column
labelled), the classes always decided alike, the notes and (one card seen) the suit table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..._version import __version__
from ...errors import InvalidRules, shown
from ...model.cards import RANKS
from ...model.rules import Rules
from ..figures import measure, pyplot, save_pages, wrap, wrap_chars
from ..strategy.chart import (
    PLOT_COLOURS,
    PLOT_FORMATS,
    PLOT_LINE,
    PLOT_MARGIN,
    PLOT_MIN_PT,
    PLOT_PAGE,
    PLOT_PT,
    plot_page_top,
)
from ..text import describe_rules
from .known_cards import SeenPrint

__all__ = ["SeenPlotLayout", "draw_seen_chart", "seen_plot_layout"]

_LINE = PLOT_LINE
_ROW = 0.16                  # inches: a grid row
_LABEL = 0.32                # inches: the row labels' column
_FOOT = 0.22                 # inches: the footer line at the bottom of the content
_MONO = "DejaVu Sans Mono"
_WORDS = {1: "one dealer hole card seen", 2: "two dealer hole cards seen", 3: "three dealer hole cards seen"}


@dataclass(frozen=True)
class SeenPlotLayout:
    """The printed seen-card chart: the lines on every page, a grid's geometry and what each page
    carries: ("grid", index), ("text", line, indent, bold) or ("mono", line) items from the top."""

    title: str
    head: tuple[str, ...]
    legend: tuple[str, ...]
    cell_w: float
    cell_pt: float
    cell_weight: str
    pages: tuple[tuple[tuple[Any, ...], ...], ...]


def _grid_height() -> float:
    return 0.22 + _ROW * 14 + 0.18     # caption, the column ranks, 13 rows, the gap after


def _head_height(head: Sequence[str], legend: Sequence[str]) -> float:
    line = PLOT_PT["text"] * _LINE / 72
    return PLOT_PT["title"] * _LINE / 72 + 0.04 + len(head) * line + 0.32 + len(legend) * line + 0.14


def _paragraphs(view: SeenPrint, width: float) -> list[list[tuple[Any, ...]]]:
    """The notes and the fixed-width lines as the pages carry them: a list of lines a note (a long
    note: its head and first part, then each further part headed "#n (continued)")."""
    paragraphs: list[list[tuple[Any, ...]]] = []
    if view.plain:  # kept together
        paragraphs.append([("text", "Always decided alike:", 0.0, True),
                           *(("text", "\u2022 " + p, 0.0, False) for p in view.plain), ("gap",)])
    if view.notes:
        bold = measure(PLOT_PT["text"], weight="bold")
        paragraphs.append([("text", ln, 0.0, True) for ln in wrap(view.notes_head, width - 0.1, bold)])
        for note in view.notes:
            first, *parts = note.split("\n")
            para = [("text", ln, 0.0 if k == 0 else 0.2, False)
                    for k, ln in enumerate(wrap_chars(first, PLOT_PT["text"], (width - 0.2) * 0.93))]
            for j, part in enumerate(parts):  # a long note: a part a line, "x = ..." first, wrapped under it
                lines = [("text", ("\u2022 " if k == 0 else "") + ln, 0.2 if k == 0 else 0.4, False)
                         for k, ln in enumerate(wrap_chars(part, PLOT_PT["text"], (width - 0.5) * 0.93))]
                if j:  # the parts after the first may start a page: the note's number heads them there
                    paragraphs.append(para)
                    para = [("cont", first.split(" ", 1)[0] + " (continued)", 0.0, False)]
                para += lines
            paragraphs.append(para)
    if view.extra:  # a table (fixed-width lines) with its heading and footnote (wrapped)
        paragraphs.append([("gap",)])
        for ln in view.extra:
            if "  " in ln or ln.startswith("-"):
                paragraphs.append([("mono", ln, 0.0, False)])
            else:
                paragraphs.append([("text", part, 0.0, False) for part in
                                   (wrap_chars(ln, PLOT_PT["text"], width * 0.93) if ln else [""])])
    return paragraphs


def seen_plot_layout(view: SeenPrint, rules: Rules) -> SeenPlotLayout:
    """How the chart is printed: the grids first, then the notes (a paragraph each, wrapped to the
    page, never split from its first line) and the fixed-width lines, over as many pages as they
    need. Needs matplotlib (font metrics)."""
    pyplot("--plot")
    w, h = PLOT_PAGE
    width = w - 2 * PLOT_MARGIN
    text = measure(PLOT_PT["text"])
    head = wrap(f"Rules: {describe_rules(rules)}; the raise pays to 1, royal flush first. "
                f"The dealer's up card and {view.k} hole card{'s' if view.k > 1 else ''} seen.", width - 0.1, text)
    legend = wrap(view.legend, width - 0.1, text)
    marks = {m for _, rows in view.grids for row in rows for m in row}
    cell_w = (width - _LABEL) / 13
    # the marks in bold at the largest size that fits a cell, else in regular weight
    fits = [(pt, weight) for weight in ("bold", "normal") for pt in (PLOT_PT["cell"], 7.5, PLOT_MIN_PT)
            if max((measure(pt, weight=weight)(m) for m in marks), default=0) <= cell_w - 0.04]
    if not fits:
        raise InvalidRules("--plot: a cell's rule is too long to print")
    pt, weight = fits[0]
    line = PLOT_PT["text"] * _LINE / 72
    top, bottom = PLOT_MARGIN + _head_height(head, legend), h - PLOT_MARGIN - _FOOT
    items: list[tuple[tuple[Any, ...], float]] = [(("grid", i), _grid_height()) for i in range(len(view.grids))]
    paragraphs = _paragraphs(view, width)
    pages: list[list[tuple[Any, ...]]] = [[]]
    y = top
    for item, height in items:
        if y + height > bottom and pages[-1]:
            pages.append([])
            y = top
        pages[-1].append(item)
        y += height
    room = bottom - top
    mono = [p[0] for p in paragraphs if p and p[0][0] == "mono"][:2]   # a table's header and rule
    for para in paragraphs:  # a note, or a part of a long one (then headed "#n (continued)")
        cont = para[0][0] == "cont"
        body = para[1:] if cont else para
        whole = len(body) * line
        for k, item in enumerate(body):
            height = 0.1 if item[0] == "gap" else line
            need = min(whole, room) if k == 0 else height  # kept on one page when it fits on one
            if y + need > bottom and pages[-1]:
                pages.append([])
                y = top
                if k or cont:  # split over two pages: where it goes on
                    pages[-1].append(("text", para[0][1] if cont else "(continued)", 0.0, True))
                    y += line
                if item[0] == "mono" and item not in mono:  # a table goes on under its header again
                    pages[-1] += mono
                    y += len(mono) * line
            pages[-1].append(item)
            y += height
    title = f"Caribbean Stud Poker: the optimal strategy, {_WORDS[view.k]}"
    return SeenPlotLayout(title, tuple(head), tuple(legend), cell_w, pt, weight, tuple(tuple(p) for p in pages))


def _draw_page(fig: Any, view: SeenPrint, lay: SeenPlotLayout, number: int) -> None:
    from matplotlib.patches import Rectangle

    w, h = PLOT_PAGE
    m = PLOT_MARGIN
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, w)
    ax.set_ylim(h, 0)
    ax.axis("off")
    text_pt, line = PLOT_PT["text"], PLOT_PT["text"] * _LINE / 72
    y = plot_page_top(ax, lay.title, number, len(lay.pages), lay.head)
    x, y = m, y + 0.1
    width_of = measure(text_pt)
    for mark, meaning in (("R", "raise"), ("F", "fold"), ("S", "it depends: the rule in the cell, or its note")):
        heavy = mark == "S"
        ax.add_patch(Rectangle((x, y), 0.3, 0.17, facecolor=PLOT_COLOURS[mark],
                               edgecolor="#000000" if heavy else "#777777", linewidth=1.2 if heavy else 0.4))
        ax.text(x + 0.15, y + 0.17 * 0.54, "#n" if heavy else mark, fontsize=lay.cell_pt, weight="bold",
                ha="center", va="center")
        ax.text(x + 0.36, y + 0.085, meaning, fontsize=text_pt, va="center")
        x += 0.36 + width_of(meaning) + 0.3
    y += 0.22
    for t in lay.legend:
        y += line
        ax.text(m, y, t, fontsize=text_pt, va="baseline")
    y += 0.14
    shown_grids = []
    for item in lay.pages[number]:
        kind = item[0]
        if kind == "grid":
            _draw_grid(ax, view, lay, item[1], y)
            shown_grids.append(view.grids[item[1]][0].split(" (")[0])
            y += _grid_height()
        elif kind == "gap":
            y += 0.1
        else:
            y += line
            _, t, indent, bold = item
            x = m + indent
            if kind == "text" and not indent and t.startswith("#"):  # a note: its number in bold, to find it
                number_text, t = t.split(" ", 1)
                ax.text(x, y, number_text, fontsize=text_pt, weight="bold", va="baseline")
                x += measure(text_pt, weight="bold")(number_text + " ")
            ax.text(x, y, t, fontsize=text_pt, weight="bold" if bold else "normal", va="baseline",
                    family=_MONO if kind == "mono" else None)
    where = ("This page: " + ", ".join(shown_grids) + "." if shown_grids else "This page: notes.")
    ax.text(m, h - m, f"{where} caribbean-exact {__version__}: every rule checked against the exact decision.",
            fontsize=PLOT_PT["footer"], va="baseline", color="#333333")
    ax.text(w - m, h - m, f"page {number + 1} of {len(lay.pages)}", fontsize=PLOT_PT["footer"], ha="right",
            va="baseline", color="#333333")


def _draw_grid(ax: Any, view: SeenPrint, lay: SeenPlotLayout, index: int, y: float) -> None:
    """One class's grid from ``y`` down: its caption, the column ranks, a labelled row a rank."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Rectangle

    caption, rows = view.grids[index]
    m = PLOT_MARGIN
    ax.text(m, y + 0.15, caption, fontsize=PLOT_PT["text"], weight="bold", va="baseline")
    y += 0.22
    cx = m + _LABEL
    ax.text(cx - 0.05, y + _ROW / 2, view.row_head, fontsize=PLOT_PT["text"] - 1, ha="right", va="center",
            style="italic")
    for c, col in enumerate(view.columns):
        ax.text(cx + (c + 0.5) * lay.cell_w, y + _ROW / 2, col, fontsize=PLOT_PT["cell"], weight="bold",
                ha="center", va="center")
    y += _ROW
    plain, colours, heavy = [], [], []
    for i, row in enumerate(rows):
        yy = y + i * _ROW
        ax.text(cx - 0.06, yy + _ROW / 2, RANKS[12 - i], fontsize=PLOT_PT["cell"], weight="bold", ha="right",
                va="center")
        for c, mark in enumerate(row):
            box = Rectangle((cx + c * lay.cell_w, yy), lay.cell_w, _ROW)
            kind = mark if mark in ("R", "F", "") else "S"
            if kind == "S":
                heavy.append(box)
            else:
                plain.append(box)
                colours.append(PLOT_COLOURS[kind])
            if mark:
                ax.text(cx + (c + 0.5) * lay.cell_w, yy + _ROW * 0.54, mark, fontsize=lay.cell_pt,
                        weight=lay.cell_weight, ha="center", va="center", zorder=4)
    ax.add_collection(PatchCollection(plain, facecolors=colours, edgecolors="#777777", linewidths=0.4, zorder=1))
    ax.add_collection(PatchCollection(heavy, facecolors=PLOT_COLOURS["S"], edgecolors="#000000", linewidths=1.0,
                                      zorder=2))


def draw_seen_chart(view: SeenPrint, rules: Rules, fmt: str, layout: SeenPlotLayout | None = None) -> list[bytes]:
    """The printed seen-card chart as bytes: one PDF of every page, or one PNG or SVG a page (``fmt``:
    pdf, png or svg), laid out by ``layout`` (default ``seen_plot_layout``). The same chart gives the
    same bytes (no dates; fixed ids and producer)."""
    if fmt not in PLOT_FORMATS:
        raise InvalidRules(f"--plot: unknown image type {shown(fmt)} (use one of {', '.join(PLOT_FORMATS)})")
    lay = layout or seen_plot_layout(view, rules)
    return save_pages(fmt, len(lay.pages), lambda fig, number: _draw_page(fig, view, lay, number))
