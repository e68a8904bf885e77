"""Strategy charts (chart.Chart), strategy comparisons (strategy.StrategyResult), the chart's heat map."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from ..chart import Chart, ChartCell
from ..errors import InvalidRules, cut, shown
from ..strategy import StrategyResult
from .labels import plain_rule_text, suit_rules_text, suited_decider
from .text import describe_rules, frac, grouped, pct, pick, rules_json, table, to_json


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
    for label, row in ch.rows:
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
                  "R = raise, F = fold, S = it depends on your cards of the up card's suit (below)"
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
        "total_return": int(tr) if tr.denominator == 1 else str(tr),
        "house_edge": str(r.report.house_edge),
        "element_of_risk": str(r.report.element_of_risk),
        "raise_probability": str(r.report.raise_probability),
        "raise_situations": r.report.raise_situations,
        "cost": str(r.cost),
    }


def strategies(results: Sequence[StrategyResult], fmt: str) -> str:
    """The comparison of strategies."""
    if fmt == "json":
        rules = rules_json(results[0].report.rules) if results else {}
        return to_json({"rules": rules, "total_weight": results[0].report.total_weight if results else 0,
                        "strategies": [strategy_json(r) for r in results]})
    rows = []
    for r in results:
        rep = r.report
        tr = r.total_return
        rows.append([r.name, pct(rep.house_edge), pct(rep.element_of_risk), pct(rep.raise_probability, 2),
                     str(int(tr)) if tr.denominator == 1 else frac(tr), pct(r.cost)])
    headers = ["strategy", "house edge", "element of risk", "P(raise)", "total net return", "cost vs optimal"]
    if fmt == "csv":
        return table(rows, headers, fmt)
    total = results[0].report.total_weight if results else 0
    head = [f"Strategies compared: {describe_rules(results[0].report.rules)}" if results else "",
            f"total net return is exact, in antes, over {grouped(total)} equally likely deals", ""]
    return "\n".join(head) + "\n" + table(rows, headers, fmt)


#: Okabe-Ito colours of the chart letters (colour-blind safe; distinct in greyscale): the letters decide.
PLOT_COLOURS = {"R": "#56B4E9", "S": "#E69F00", "F": "#FFFFFF", "": "#DDDDDD"}
PLOT_ROWS_PER_PANEL = 60


def plot_chart(ch: Chart, path: str) -> None:
    """The grid as a printable picture: every row labelled, R/F/S in each cell (.png, .svg, .pdf;
    needs matplotlib); rows run top to bottom, then into the next panel."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.patches import Rectangle
    except ImportError:
        raise InvalidRules("--plot needs matplotlib: pip install 'caribbean-exact[plot]'") from None
    if not ch.rows:
        raise InvalidRules("--plot: the optimal strategy has no mixed classes under these rules")
    per = min(PLOT_ROWS_PER_PANEL, len(ch.rows))
    panels = -(-len(ch.rows) // per)
    cell, label_w = 0.2, 0.75                        # inches: 8 pt letters fit a 0.2 in cell
    panel_w = label_w + 13 * cell + 0.25
    w, h = max(4.0, panels * panel_w + 0.3), per * cell + 1.6
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "caribbean-exact", "pdf.fonttype": 42}):
        fig = plt.figure(figsize=(w, h))
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_xlim(0, w)
        ax.set_ylim(h, 0)
        ax.axis("off")
        ax.text(0.2, 0.3, f"Optimal strategy: {ch.rules.paytable.name} ({ch.rules.paytable.short()}), dealer "
                f"qualifies with {ch.rules.qualifier.label}", fontsize=10, weight="bold", va="center")
        ax.text(0.2, 0.55, "R raise, F fold, S depends on your cards of the up card's suit (see the chart's "
                "table); columns: the dealer's up card", fontsize=8, va="center")
        for k, (label, cells) in enumerate(ch.rows):
            px = 0.2 + (k // per) * panel_w
            yy = 1.0 + (k % per) * cell
            if k % per == 0:
                for j, col in enumerate(ch.columns):
                    ax.text(px + label_w + (j + 0.5) * cell, yy - 0.12, col, ha="center", va="center", fontsize=8,
                            weight="bold")
            ax.text(px + label_w - 0.05, yy + cell / 2, label, ha="right", va="center", fontsize=7.5,
                    family="DejaVu Sans Mono")
            for j, c in enumerate(cells):
                mark = cell_mark(c)
                ax.add_patch(Rectangle((px + label_w + j * cell, yy), cell, cell, facecolor=PLOT_COLOURS[mark],
                                       edgecolor="#777777", linewidth=0.4))
                ax.text(px + label_w + (j + 0.5) * cell, yy + cell * 0.55, mark, ha="center", va="center",
                        fontsize=7.5, weight="bold")
        # The format from the name's extension, png without one: the file written is exactly ``path``
        # (matplotlib would otherwise write "PATH.png" beside a name without an extension).
        ext = os.path.splitext(path)[1].lower().lstrip(".")
        kinds = fig.canvas.get_supported_filetypes()
        if ext and ext not in kinds:
            plt.close(fig)
            raise InvalidRules(f"--plot {shown(path)}: unknown image type {shown(ext)} (use one of "
                               + ", ".join(sorted(kinds)) + ")")
        meta = {"png": {"Software": None}, "pdf": {"CreationDate": None, "Producer": "caribbean-exact"},
                "svg": {"Date": None}}.get(ext or "png")
        try:
            fig.savefig(path, format=ext or "png", dpi=200, metadata=meta)
        except OSError as e:
            raise InvalidRules(f"--plot {shown(path)}: {e.strerror or type(e).__name__}") from None
        except ValueError as e:
            raise InvalidRules(f"--plot {shown(path)}: {cut(str(e), 200)}") from None
        finally:
            plt.close(fig)
