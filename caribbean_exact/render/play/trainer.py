"""The trainer's text and JSON (``play.trainer``): the question, the verdict after each answer, the
session summary, the history's JSON lines and the summary over a history."""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ...model.cards import format_cards
from ...model.rules import Rules, exact_text
from ...model.russian import RussianGame
from ...play.scoring import RussianGrade
from ...play.trainer import Deal, Graded, HistorySummary, Session
from ..labels import mistake_label
from ..text import Cell, dec, describe_rules, frac, money, rules_json, table, to_json
from .game import reason, wrap

ANTES = 6  # decimals of an amount in antes


def question(deal: Deal, total: int | None = None) -> str:
    """The question for one dealt situation."""
    of = f" of {total}" if total else ""
    return (f"hand {deal.number}{of}: {format_cards(deal.hand)}   dealer shows {deal.up}\n"
            "raise or fold? [r/f, q to stop] ")


def _antes(x: Fraction, rules: Rules) -> str:
    text = f"{dec(x, ANTES)} antes"
    if rules.ante is not None:
        text += f" ({money(x * rules.ante)} at ante {exact_text(rules.ante)})"
    return text


def verdict(g: Graded) -> str:
    """What the trainer says after an answer: right or wrong, the exact cost, the margin and why."""
    rules = g.decision.rules
    best = "either (an exact tie)" if g.best == "either" else g.best.upper()
    margin = f"margin {'+' if g.margin > 0 else ''}{dec(g.margin, ANTES)} antes (raise - fold, exact {frac(g.margin)})"
    if g.right and g.optimal:
        head = f"right: {g.answer.upper()} is the best play"
    elif g.right:
        head = (f"right for {g.strategy} ({g.answer.upper()}), but not optimal: the best play is {best}; "
                f"it costs {frac(g.cost)} = {_antes(g.cost, rules)}")
    elif g.optimal:
        head = (f"wrong for {g.strategy}: it plays {g.strategy_action.upper()}; "
                f"your {g.answer.upper()} is the optimal play, though (costs nothing)")
    else:
        lead = "wrong" if g.trains_optimal else f"wrong for {g.strategy} (it plays {g.strategy_action.upper()})"
        head = f"{lead}: the best play is {best}; {g.answer.upper()} costs {frac(g.cost)} = {_antes(g.cost, rules)}"
    return "\n".join([head, margin, f"why: {reason(g.decision)}"])


def hand_json(g: Graded) -> dict[str, Any]:
    """One answered hand (field names are a public interface)."""
    d = g.decision
    ante = d.rules.ante
    return {
        "number": g.number,
        "hand": format_cards(g.hand),
        "up": str(g.up),
        "answer": g.answer,
        "best": g.best,
        "strategy_action": g.strategy_action,
        "right": g.right,
        "optimal": g.optimal,
        "cost": str(g.cost),
        "cost_money": None if ante is None else str(g.cost * ante),
        "ev_raise": str(d.ev_raise),
        "ev_fold": str(d.ev_fold),
        "margin": str(g.margin),
        "kind": g.kind,
        "why": reason(d),
    }


#: The columns of ``train --format csv``: the fields of ``hand_json``.
CSV_FIELDS = ("number", "hand", "up", "answer", "best", "strategy_action", "right", "optimal", "cost", "cost_money",
              "ev_raise", "ev_fold", "margin", "kind", "why")


def _cell(x: object) -> Cell:
    return "" if x is None else str(x).lower() if isinstance(x, bool) else x


def _kinds_json(kinds: dict[str, tuple[int, Fraction]]) -> list[dict[str, Any]]:
    return [{"kind": k, "label": mistake_label(k), "count": n, "cost": str(c)} for k, (n, c) in kinds.items()]


def session_json(s: Session, hands_per_hour: Fraction) -> dict[str, Any]:
    """A whole session: every hand, then the totals."""
    ante = s.rules.ante
    return {
        "strategy": s.strategy,
        "seed": s.seed,
        "focus": s.focus.text,
        "hands": [hand_json(g) for g in s.hands],
        "summary": {
            "hands": len(s.hands),
            "mistakes": s.mistakes,
            "not_optimal": s.not_optimal,
            "right_not_optimal": s.right_not_optimal,
            "ev_lost": str(s.ev_lost),
            "ev_lost_per_hand": str(s.ev_lost_per_hand),
            "hands_per_hour": str(hands_per_hour),
            "ev_lost_per_hour": str(s.ev_lost_per_hour(hands_per_hour)),
            "ante": None if ante is None else str(ante),
            "money_lost_per_hour": None if ante is None else str(s.ev_lost_per_hour(hands_per_hour) * ante),
            "mistakes_by_kind": _kinds_json(s.by_kind()),
        },
        "rules": rules_json(s.rules),  # the whole game (was only its pay table and qualifier: #33)
    }


def summary(s: Session, hands_per_hour: Fraction, fmt: str) -> str:
    """The session summary: hands, mistakes, EV lost per hand and per hour, mistakes by kind."""
    if fmt == "json":
        return to_json(session_json(s, hands_per_hour))
    if fmt == "csv":  # one row an answered hand
        return table([[_cell(hand_json(g)[k]) for k in CSV_FIELDS] for g in s.hands], CSV_FIELDS, fmt)
    per_hour = s.ev_lost_per_hour(hands_per_hour)
    rows: list[list[Cell]] = [
        ["hands", str(len(s.hands))],
        [f"mistakes (against {s.strategy})", str(s.mistakes)],
        ["answers that were not optimal", str(s.not_optimal)],
        ["EV lost", _antes(s.ev_lost, s.rules)],
        ["EV lost per hand", _antes(s.ev_lost_per_hand, s.rules)],
        [f"EV lost per hour ({exact_text(hands_per_hour)} hands)", _antes(per_hour, s.rules)],
    ]
    if not s.strategy.startswith("optimal"):
        rows.insert(3, [f"right for {s.strategy} but not optimal", str(s.right_not_optimal)])
    lines = [f"Session summary: training {s.strategy}, seed {s.seed}, focus {s.focus.text}",
             f"rules: {describe_rules(s.rules)}", "", table(rows, ["figure", "value"], fmt)]
    kinds = s.by_kind()
    if kinds:
        lines += ["", "Mistakes by kind:", "",
                  table([[mistake_label(k), str(n), f"{dec(c, ANTES)}"] for k, (n, c) in kinds.items()],
                        ["mistake", "count", "EV lost (antes)"], fmt)]
    return "\n".join(lines)


def history_lines(s: Session, session: str) -> str:
    """The session as JSON lines to append to a history file, one line an answered hand."""
    out = []
    for g in s.hands:
        doc = {"session": session, "strategy": s.strategy, "seed": s.seed, "focus": s.focus.text}
        doc |= {k: v for k, v in hand_json(g).items() if k != "why"}
        out.append(json.dumps(doc, ensure_ascii=False))
    return "".join(line + "\n" for line in out)


def history_summary_doc(h: HistorySummary) -> dict[str, Any]:
    """``train --summary FILE --format json`` as data (``ce.as_dict`` of a ``HistorySummary``)."""
    return {"sessions": [{"session": name, "hands": n, "mistakes": m, "ev_lost": str(c),
                          "ev_lost_per_hand": str(c / n if n else 0)} for name, n, m, c in h.sessions],
            "hands": h.hands, "mistakes": h.mistakes, "ev_lost": str(h.ev_lost),
            "ev_lost_per_hand": str(h.ev_lost_per_hand), "mistakes_by_kind": _kinds_json(h.by_kind)}


def history_summary(h: HistorySummary, fmt: str) -> str:
    """Every session of a history file, then the totals and the mistakes by kind."""
    if fmt == "json":
        return to_json(history_summary_doc(h))
    rows: list[list[Cell]] = [[name, str(n), str(m), dec(c / n if n else Fraction(0), ANTES)]
                              for name, n, m, c in h.sessions]
    rows.append(["all sessions", str(h.hands), str(h.mistakes), dec(h.ev_lost_per_hand, ANTES)])
    text = table(rows, ["session", "hands", "mistakes", "EV lost per hand (antes)"], fmt)
    if fmt == "csv" or not h.by_kind:
        return text
    return "\n".join([text, "", "Mistakes by kind, over every session:", "",
                      table([[mistake_label(k), str(n), dec(c, ANTES)] for k, (n, c) in h.by_kind.items()],
                            ["mistake", "count", "EV lost (antes)"], fmt)])


# ---------------------------------------------------------------- Russian Poker (train --game)


def russian_question(deal: Deal, game: RussianGame, total: int | None = None) -> str:
    """The question for one Russian Poker hand: its draw decision."""
    of = f" of {total}" if total else ""
    sixth = ", 6 sixth card" if game.sixth_card_fee is not None else ""
    return (f"hand {deal.number}{of}: {format_cards(deal.hand)}   dealer shows {deal.up}\n"
            f"f fold, p play{sixth}, x and cards to exchange (x 9s 2d)? [q stops] ")


def russian_verdict(g: RussianGrade, rules: Rules) -> str:
    """What the trainer says after a draw decision: right, or the best option and what the answer cost."""
    if not g.cost:
        return wrap(f"right: {g.action} is the best (EV {dec(g.best_ev, ANTES)} per ante, exact {frac(g.best_ev)})")
    return wrap(f"the best is {g.best} (EV {dec(g.best_ev, ANTES)} per ante); {g.action} (EV "
                f"{dec(g.action_ev, ANTES)}) costs {frac(g.cost)} = {_antes(g.cost, rules)}")


def russian_summary(game: RussianGame, seed: int, graded: Sequence[tuple[Deal, RussianGrade]],
                    hands_per_hour: Fraction, rules: Rules) -> str:
    """The summary of a Russian Poker session: every hand, then the EV lost per hand and per hour."""
    lost = sum((g.cost for _, g in graded), Fraction(0))
    per_hand = lost / len(graded) if graded else Fraction(0)
    rows: list[list[Cell]] = [[str(d.number), format_cards(d.hand), str(d.up), g.action, g.best, dec(g.cost, ANTES)]
                              for d, g in graded]
    figures: list[list[Cell]] = [
        ["hands", str(len(graded))],
        ["mistakes", str(sum(1 for _, g in graded if g.cost))],
        ["EV lost", _antes(lost, rules)],
        ["EV lost per hand", _antes(per_hand, rules)],
        [f"EV lost per hour ({exact_text(hands_per_hour)} hands)", _antes(per_hand * hands_per_hour, rules)],
    ]
    lines = [wrap(f"Session summary: Russian Poker, {game.short()}; seed {seed}")]
    if rows:
        lines += ["", table(rows, ["hand", "cards", "up", "answer", "best", "cost (antes)"], "simple")]
    return "\n".join([*lines, "", table(figures, ["figure", "value"], "simple")])
