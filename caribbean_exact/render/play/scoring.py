"""A scored hand history (``play.scoring``): every line with its best action and exact cost, the
bad lines with their numbers, and the totals; as a table, CSV or JSON."""

from __future__ import annotations

import json
from typing import Any

from ...model.rules import exact_text
from ...play.scoring import ScoredLine, ScoreReport
from ..text import Cell, dec, describe_rules, frac, money, rules_json, table
from .game import wrap
from .russian import game_json

FIELDS = ("line", "hand", "up", "action", "best", "cost")


def _line_json(s: ScoredLine) -> dict[str, Any]:
    doc: dict[str, Any] = {"line": s.line, "hand": s.hand, "up": s.up, "action": s.action, "best": s.best,
                           "cost": str(s.cost)}
    if s.ante is not None:
        doc["ante"] = str(s.ante)
        doc["cost_money"] = str(s.cost * s.ante)
    return doc


def totals_json(r: ScoreReport) -> dict[str, Any]:
    """The totals of a scored history (field names are a public interface)."""
    money_cost = r.total_cost_money
    doc = {"rules": rules_json(r.rules), "hands": r.hands, "mistakes": r.mistakes, "total_cost": str(r.total_cost),
           "cost_per_hand": str(r.cost_per_hand), "total_cost_money": None if money_cost is None else str(money_cost),
           "errors": [{"line": b.line, "error": b.error} for b in r.errors]}
    if r.game is not None:  # a Russian Poker history: its rule set (rules then carries only the ante)
        doc = {"game": game_json(r.game), **doc}
    return doc


def _line_text(s: ScoredLine) -> str:
    """``_line_json`` as JSON text, written directly (every field is plain ASCII: cards, words, numbers)."""
    text = (f'    {{"line": {s.line}, "hand": "{s.hand}", "up": "{s.up}", "action": "{s.action}", '
            f'"best": "{s.best}", "cost": "{s.cost}"')
    if s.ante is not None:
        text += f', "ante": "{s.ante}", "cost_money": "{s.cost * s.ante}"'
    return text + "}"


def score_doc(r: ScoreReport) -> dict[str, Any]:
    """``score --format json`` as data (``ce.as_dict`` of a ``ScoreReport``): ``score_json`` parsed."""
    return {"lines": [_line_json(s) for s in r.lines], **totals_json(r)}


def score_json(r: ScoreReport) -> str:
    """``{"lines": [...], "hands", "mistakes", "total_cost", ...}``: one line of text per scored line."""
    body = ",\n".join(_line_text(s) for s in r.lines)
    rest = json.dumps(totals_json(r), indent=2, ensure_ascii=False)[1:]  # the totals after the lines
    return '{\n  "lines": [\n' + body + ("\n  ],\n" if body else "  ],\n") + rest.lstrip("\n")


def score(r: ScoreReport, fmt: str) -> str:
    """The scored history in ``fmt``: JSON, CSV (one row a line, the bad lines left out), or a table of
    every line followed by the bad lines and the totals."""
    if fmt == "json":
        return score_json(r)
    if fmt == "csv":
        out = [",".join(FIELDS)]
        out += [f"{s.line},{s.hand},{s.up},{s.action},{s.best},{s.cost}" for s in r.lines]
        return "\n".join(out)
    rows: list[list[Cell]] = [[str(s.line), s.hand, s.up, s.action, s.best, frac(s.cost),
                               dec(s.cost, 6) if s.cost else ""] for s in r.lines]
    head = f"rules: {describe_rules(r.rules)}" if r.game is None else \
        wrap(f"game: Russian Poker, {r.game.short()}; each draw decision against every option of the hand, exact")
    lines = [head, "",
             table(rows, ["line", "hand", "up", "action", "best", "cost (antes)", "decimal"], fmt)]
    if r.errors:
        lines += ["", "Lines not scored:"] + [f"line {b.line}: {b.error}" for b in r.errors]
    summary = [f"hands {r.hands:,}, mistakes {r.mistakes:,}",
               f"total cost {frac(r.total_cost)} = {dec(r.total_cost, 6)} antes, "
               f"{dec(r.cost_per_hand, 6)} antes per hand"]
    if r.total_cost_money is not None:
        summary.append(f"in money, over the lines with an ante: {money(r.total_cost_money)}"
                       + (f" (ante {exact_text(r.rules.ante)})" if r.rules.ante is not None else ""))
    return "\n".join([*lines, "", *summary])
