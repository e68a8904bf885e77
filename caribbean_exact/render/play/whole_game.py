"""Any whole game through the ``WholeGame`` protocol alone (``solve ... --table summary``): the plain game,
a leak, card switching, a sixth card for sale or both. It reads only the protocol's names, so a new variant
or leak is rendered here without a line of its own; the commands' own tables add what is particular to one
game (the proofs, the charts, the counts by up card).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ...play.whole_game import WholeGame
from ..labels import outcome_label
from ..text import dec, describe_rules, frac, information_json, information_words, pct, rules_json, table, to_json
from .game import return_row_json

#: The headers of the summary's three tables.
HEADERS = (("figure", "exact", "display"), ("decision", "share", "display"),
           ("part", "outcome", "net", "probability", "contribution"))
#: How each exactness reads in the title, and beside the house edge.
_HOW = {"exact": "exact", "sampled": "sampled", "bounded": "bounded"}
_EDGE = {"exact": "", "sampled": " (estimate)", "bounded": ", at most"}


def game_name(g: WholeGame) -> str:
    """The whole game, by its rules: "Oasis Poker (switch fees 1,2,3,2,1)" with a switching draw, "A sixth
    card for sale (1 ante)" with a sixth card (both: "Oasis Poker (switch fees 1), or a sixth card for 1
    ante"), what the player knows with a leak, else "the plain game"."""
    rules = g.game_rules
    d = rules.draw
    if d is not None and d.switch is not None:
        name = f"Oasis Poker (switch fees {d.switch.short()})"
        return name if d.buy is None else f"{name}, or a sixth card for {frac(d.buy)} ante{'' if d.buy == 1 else 's'}"
    if d is not None and d.buy is not None:
        return f"A sixth card for sale ({frac(d.buy)} ante{'' if d.buy == 1 else 's'})"
    if rules.information.kind != "up-card":
        return f"the game with {information_words(rules.information)}"
    return "the plain game"


def _opt(x: Fraction | None) -> str | None:
    return None if x is None else str(x)


def half_width(g: WholeGame) -> float | None:
    """Half the 95% interval of a sampled game's house edge (its ``half_width``, beside the protocol: only
    a sampled game has one), or None."""
    hw = getattr(g, "half_width", None)
    return hw if g.exactness == "sampled" and isinstance(hw, float) and math.isfinite(hw) else None


def whole_game_json(g: WholeGame) -> dict[str, Any]:
    """Any whole game's figures (field names are a public interface): ``rules`` naming the whole game,
    ``exactness`` ("exact"; "sampled": ``house_edge`` an estimate, ``half_width`` half its 95% interval,
    a float, null otherwise; "bounded": an upper bound), the house edge and return per ante, the element
    of risk and expected wager (null where not counted), ``information`` (what the player knew),
    ``decisions`` (each decision's share of the situations) and ``return_table`` (each row with its
    ``part``): null where not counted."""
    decisions, rows = g.decisions, g.return_rows
    return {"rules": rules_json(g.game_rules), "exactness": g.exactness, "house_edge": str(g.house_edge),
            "half_width": half_width(g), "return": str(g.return_per_ante), "element_of_risk": _opt(g.element_of_risk),
            "expected_wager": _opt(g.expected_wager), "information": information_json(g.information),
            "decisions": None if decisions is None else [{"decision": d, "share": str(p)} for d, p in decisions],
            "return_table": None if rows is None else [{"part": part, **return_row_json(r)} for part, r in rows]}


def whole_game_rows(g: WholeGame) -> tuple[list[list[str]], list[list[str]], list[list[str]]]:
    """The summary's three tables as rows of text (headers ``HEADERS``): the figures (the house edge, or
    the player's edge where negative, then the return, the element of risk and the expected wager where
    counted), each decision's share, and the return table's rows with deals (empty where not counted)."""
    edge = g.house_edge
    how = _EDGE[g.exactness]
    figures = [["house edge" + how, frac(edge), pct(edge)] if edge >= 0 else
               ["player's edge" + how, frac(-edge), pct(-edge)]]
    hw = half_width(g)
    if hw is not None:
        figures.append(["95% interval", "", f"+/- {hw * 100:.4f} points"])
    figures.append(["return per ante", frac(g.return_per_ante), pct(g.return_per_ante)])
    risk, wager = g.element_of_risk, g.expected_wager
    if risk is not None:
        figures.append(["element of risk", frac(risk), pct(risk)])
    if wager is not None:
        figures.append(["expected wager (antes)", frac(wager), dec(wager)])
    decisions = [[d, frac(p), pct(p, 2)] for d, p in g.decisions or ()]
    rows = [[part, outcome_label(r.outcome, r.category), frac(r.net), dec(r.probability, 8), dec(r.contribution, 8)]
            for part, r in g.return_rows or () if r.count]
    return figures, decisions, rows


def whole_game(g: WholeGame, fmt: str) -> str:
    """Any whole game's summary: its name and rules, the figures, what the player does and the return
    table (CSV: the figures; JSON: ``whole_game_json``)."""
    if fmt == "json":
        return to_json(whole_game_json(g))
    figures, decisions, rows = whole_game_rows(g)
    if fmt == "csv":
        return table(figures, list(HEADERS[0]), fmt)
    lines = [f"{game_name(g)}: the whole game, {_HOW[g.exactness]}", f"rules: {describe_rules(g.game_rules)}", "",
             table(figures, list(HEADERS[0]), fmt), ""]
    if decisions:
        lines += ["what the player does (share of the situations):", table(decisions, list(HEADERS[1]), fmt), ""]
    else:
        lines += ["what the player does: not counted (sampled or bounded)", ""]
    if rows:
        lines += ["return table (probabilities over every deal; after an option, the nets less its fee):",
                  table(rows, list(HEADERS[2]), fmt)]
    else:
        lines.append("return table: not counted (sampled or bounded)")
    return "\n".join(lines)
