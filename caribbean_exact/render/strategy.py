"""Strategy charts (chart.Chart), strategy comparisons (strategy.StrategyResult), the chart's heat map."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from ..chart import Chart, ChartCell
from ..errors import InvalidRules, cut, shown
from ..strategy import StrategyResult
from .labels import plain_rule_text, suited_decider
from .text import describe_rules, frac, grouped, pct, pick, rules_json, share, table, to_json


def cell_mark(c: ChartCell) -> str:
    """R, F, or the share of the cell's situations that raise."""
    return share(c.raise_count, c.total)


def chart_json(ch: Chart) -> dict[str, Any]:
    """The JSON object of a chart."""
    cells = []
    for label, row in ch.rows:
        for c in row:
            d: dict[str, Any] = {"pattern": label, "up": c.up, "raise": c.raise_count, "total": c.total}
            if c.margin is not None:
                d["margin"] = str(c.margin)
            cells.append(d)
    return {"rules": rules_json(ch.rules), "plain_rules": [plain_rule_text(r) for r in ch.plain_rules],
            "cells": cells,
            "mixed": [{"pattern": c.pattern, "up": c.up, "decided_by": suited_decider(c.by_suited)}
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
                     "mixed": table([[c.pattern, c.up, suited_decider(c.by_suited)] for c in ch.mixed],
                                    ["hand", "up", "decision by cards of the up card's suit"], fmt),
                     "rules": table([[plain_rule_text(r)] for r in ch.plain_rules], ["plain rule"], fmt)},
                    table_name, "chart")
    lines = [f"Optimal strategy: {describe_rules(ch.rules)}", "",
             "Plain rules (each checked over every situation it covers):"]
    lines += [f"- {plain_rule_text(r)}" for r in ch.plain_rules]
    if body:
        lines += ["", "Where the decision depends on the dealer's up card (columns: up card rank).",
                  "R = every suit combination raises, F = none does, NN% = share of situations that raise"
                  + (", then the mean exact EV margin of raising over folding, per ante" if margins else "")
                  + ":", "", table(body, headers, fmt)]
    if ch.mixed:
        lines += ["", "What decides the mixed cells: how many of your cards share the up card's suit.", ""]
        lines.append(table([[c.pattern, c.up, suited_decider(c.by_suited)] for c in ch.mixed],
                           ["hand", "up", "decision by cards of the up card's suit"], fmt))
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


def plot_chart(ch: Chart, path: str) -> None:
    """The grid as a heat map of the share raising (.png, .svg, ...; needs matplotlib)."""
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
    # The format from the name's extension, png without one: the file written is exactly ``path``
    # (matplotlib would otherwise write "PATH.png" beside a name without an extension).
    ext = os.path.splitext(path)[1].lower().lstrip(".")
    kinds = fig.canvas.get_supported_filetypes()
    if ext and ext not in kinds:
        plt.close(fig)
        raise InvalidRules(f"--plot {shown(path)}: unknown image type {shown(ext)} (use one of "
                           + ", ".join(sorted(kinds)) + ")")
    try:
        fig.savefig(path, format=ext or "png")
    except OSError as e:
        raise InvalidRules(f"--plot {shown(path)}: {e.strerror or type(e).__name__}") from None
    except ValueError as e:
        raise InvalidRules(f"--plot {shown(path)}: {cut(str(e), 200)}") from None
    finally:
        plt.close(fig)
