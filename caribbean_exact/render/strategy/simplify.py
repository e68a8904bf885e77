"""The frontier of simple strategies (simplify.Frontier): table, JSON, rule files."""

from __future__ import annotations

import re
from typing import Any

from ...strategy.simplify import Frontier, FrontierPoint
from ..text import describe_rules, edge, frac, grouped, pct, rules_json, table, to_json


def point_json(p: FrontierPoint) -> dict[str, Any]:
    """One frontier point as JSON (public names: lines, rule_file, total_return, total_weight,
    house_edge, cost). "rules" is the game's rules everywhere: the strategy's lines are "rule_file"
    (issue #33); sums of money are exact strings."""
    return {"lines": p.lines, "rule_file": p.rules_text, "total_return": str(p.total_return),
            "total_weight": p.total_weight, "house_edge": str(p.house_edge), "cost": str(p.cost),
            "cost_total": str(p.cost_total), "raise_probability": str(p.raise_probability)}


def frontier_json(f: Frontier) -> dict[str, Any]:
    """The frontier as the JSON of ``simplify --format json``."""
    return {"rules": rules_json(f.rules), "total_weight": f.optimal.total_weight,
            "optimal_return": str(f.optimal.total_return),
            "optimal_house_edge": str(f.optimal.house_edge),
            "frontier": [point_json(p) for p in f.points]}


def frontier(f: Frontier, fmt: str) -> str:
    """The frontier: one row per point, then the rules of each (text formats)."""
    if fmt == "json":
        return to_json(frontier_json(f))
    headers = ["lines", "house edge", "cost vs optimal", "cost (deals)", "P(raise)", "total net return"]
    rows = [[str(p.lines), edge(p.house_edge), pct(p.cost, 6), frac(p.cost_total), pct(p.raise_probability, 2),
             frac(p.total_return)] for p in f.points]
    rows.append(["optimal", edge(f.optimal.house_edge), pct(0, 6), "0", pct(f.optimal.raise_probability, 2),
                 frac(f.optimal.total_return)])
    if fmt == "csv":
        return table(rows, headers, fmt)
    out = [f"Simplest strategies: {describe_rules(f.rules)}",
           f"exact over {grouped(f.optimal.total_weight)} equally likely deals; cost (deals) is the total "
           "given up against optimal play, in antes", "", table(rows, headers, fmt)]
    for p in f.points:
        out += ["", f"{p.lines} line{'s' if p.lines != 1 else ''} (cost {pct(p.cost, 6)}):"]
        body = p.rules_text.splitlines()[1:]
        shown = body if len(body) <= 12 else [*body[:10], f"... {len(body) - 10} more lines (--out DIR writes them)"]
        out += [f"  {line}" for line in shown]
    return "\n".join(out)


def rule_files(f: Frontier) -> dict[str, str]:
    """One rule file per point, by file name: simplest-01-lines.txt, ..."""
    out = {}
    for p in f.points:
        stem = re.sub(r"[^a-z0-9]+", "-", p.rules_text.splitlines()[0].removeprefix("name:").strip().lower())
        out[f"{p.lines:03d}-{stem.strip('-')}.txt"] = p.rules_text
    return out
