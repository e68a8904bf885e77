"""One situation (odds.Decision) and the whole game (game.GameReport): tables, CSV and JSON."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import format_cards
from ..game import GameReport
from ..hands import CATEGORIES
from ..odds import Decision
from ..pricing import ReturnRow
from .labels import outcome_label
from .text import dec, describe_rules, frac, grouped, pct, rules_json, table, to_json


def outcome_table(rows: Sequence[ReturnRow], fmt: str, count_label: str = "count") -> str:
    """Outcomes with count, probability, net per ante and contribution."""
    body = [[outcome_label(r.outcome, r.category), grouped(r.count) if fmt != "csv" else r.count,
             dec(r.probability, 8), frac(r.net), dec(r.contribution, 8)] for r in rows]
    return table(body, ["outcome", count_label, "probability", "net per ante", "contribution"], fmt)


def decision_json(d: Decision) -> dict[str, Any]:
    return {
        "hand": format_cards(d.hand),
        "up": str(d.up),
        "dead": format_cards(d.dead),
        "dealer": format_cards(d.dealer),
        "player_hand": d.player_hand_name,
        "counts": d.counts.as_dict(),
        "total": d.counts.total,
        "probabilities": {k: str(v) for k, v in d.probabilities().items()},
        "ev_raise": str(d.ev_raise),
        "ev_fold": str(d.ev_fold),
        "decision": d.decision,
        "margin": str(d.margin),
        "dealer_categories": (None if d.dealer_categories is None else
                              {CATEGORIES[i]: n for i, n in enumerate(d.dealer_categories)}),
        "rules": rules_json(d.rules),
    }


def decision(d: Decision, fmt: str) -> str:
    """One situation: its outcomes, EVs and the decision."""
    if fmt == "json":
        return to_json(decision_json(d))
    if fmt == "csv":
        out = outcome_table(d.rows(), fmt)
        tail = [["ev_raise", frac(d.ev_raise)], ["ev_fold", frac(d.ev_fold)],
                ["decision", d.decision], ["margin", frac(d.margin)]]
        return out + "\n" + table(tail, ["figure", "value"], "csv")
    head = f"hand {format_cards(d.hand)} ({d.player_hand_name}), dealer up card {d.up}"
    if d.dead:
        head += f", dead {format_cards(d.dead)}"
    if d.dealer:
        head += f", dealer holds {format_cards(d.dealer)}"
    lines = [head, f"rules: {describe_rules(d.rules)}", "",
             outcome_table(d.rows(), fmt), ""]
    summary = [
        ["EV raise", frac(d.ev_raise), dec(d.ev_raise)],
        ["EV fold", frac(d.ev_fold), dec(d.ev_fold)],
        ["margin (raise - fold)", frac(d.margin), dec(d.margin)],
    ]
    lines.append(table(summary, ["", "exact", "decimal"], fmt))
    lines.append("")
    lines.append(f"decision: {d.decision.upper()}  (over {grouped(d.counts.total)} dealer completions)")
    return "\n".join(lines)


def _seen_label(k: int) -> str:
    return "" if k == 0 else ", seen card" if k == 1 else f", {k} hole cards"


def report_json(r: GameReport) -> dict[str, Any]:
    return {
        "rules": rules_json(r.rules),
        "strategy": r.strategy,
        "return_per_ante": str(r.return_per_ante),
        "house_edge": str(r.house_edge),
        "element_of_risk": str(r.element_of_risk),
        "return_to_player": str(r.return_to_player),
        "return_on_wager": str(r.return_on_wager),
        "raise_probability": str(r.raise_probability),
        "expected_wager": str(r.expected_wager),
        "variance": str(r.variance),
        "standard_deviation": r.standard_deviation,
        "total_return": str(r.total_return),
        "raise_situations": r.raise_situations,
        "situations": r.situations,
        "known_dealer_cards": r.known_dealer_cards,
        "indifferent_situations": r.totals.indifferent_situations,
        "total_weight": r.total_weight,
        "return_table": [
            {"outcome": outcome_label(x.outcome, x.category), "count": x.count,
             "probability": str(x.probability), "net": str(x.net), "contribution": str(x.contribution)}
            for x in r.return_table()
        ],
    }


def report(r: GameReport, fmt: str) -> str:
    """The whole game: every figure exact and for display, then the return table."""
    if fmt == "json":
        return to_json(report_json(r))
    edge = [["house edge", frac(r.house_edge), pct(r.house_edge)],
            ["element of risk", frac(r.element_of_risk), pct(r.element_of_risk)]]
    if r.house_edge < 0:  # the player has the edge: say so, with positive numbers
        edge = [["player advantage (per ante)", frac(-r.house_edge), pct(-r.house_edge)],
                ["player advantage per unit wagered", frac(-r.element_of_risk), pct(-r.element_of_risk)]]
    figures = [
        ["return per ante", frac(r.return_per_ante), pct(r.return_per_ante)],
        *edge,
        ["return to player (per ante)", frac(r.return_to_player), pct(r.return_to_player)],
        ["return on total wager", frac(r.return_on_wager), pct(r.return_on_wager)],
        ["probability of raising", frac(r.raise_probability), pct(r.raise_probability)],
        ["expected total wager (antes)", frac(r.expected_wager), dec(r.expected_wager)],
        ["variance per ante", frac(r.variance), dec(r.variance)],
        ["standard deviation per ante", "", dec(r.standard_deviation)],
        ["total net return (antes)", frac(r.total_return), f"over {grouped(r.total_weight)} deals"],
        ["raising situations", str(r.raise_situations),
         f"of {grouped(r.situations)} (hand, up card{_seen_label(r.known_dealer_cards)})"],
    ]
    if fmt == "csv":
        return table(figures, ["figure", "exact", "display"], fmt) + "\n\n" + outcome_table(
            r.return_table(), fmt, "deals")
    lines = [f"rules: {describe_rules(r.rules)}; strategy: {r.strategy}", "",
             table(figures, ["figure", "exact", "display"], fmt), "",
             outcome_table(r.return_table(), fmt, "deals")]
    return "\n".join(lines)
