"""Every table and document the package prints: tabulate formats, plus json and csv.

Results never format themselves; floats appear only here, for display.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from tabulate import tabulate, tabulate_formats

from .errors import InvalidRules

EXTRA_FORMATS = ("json", "csv")


def formats() -> list[str]:
    return sorted(set(tabulate_formats) | set(EXTRA_FORMATS))


def check_format(fmt: str) -> str:
    if fmt not in tabulate_formats and fmt not in EXTRA_FORMATS:
        raise InvalidRules(f"format {fmt!r}: unknown (use json, csv or a tabulate format such as "
                           "simple, github, grid, plain)")
    return fmt


def frac(x: Fraction) -> str:
    """Exact fraction as text: "-12773/10879" (integers without "/1")."""
    return str(x)


def dec(x: Fraction | float, places: int = 6) -> str:
    return f"{float(x):.{places}f}"


def pct(x: Fraction | float, places: int = 4) -> str:
    return f"{float(x) * 100:.{places}f}%"


def share(r: int, t: int) -> str:
    """Chart mark: R (all raise), F (none), else the share raising; never rounds to 0% or 100%."""
    if t == 0:
        return ""
    if r == t:
        return "R"
    if r == 0:
        return "F"
    x = 100 * r / t
    return "<1%" if x < 1 else ">99%" if x > 99 else f"{x:.0f}%"


def grouped(n: int) -> str:
    return f"{n:,}"


def table(rows: Sequence[Sequence[Any]], headers: Sequence[str], fmt: str) -> str:
    """Rows as a tabulate table, or CSV when fmt == "csv"."""
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(headers)
        for r in rows:
            w.writerow(r)
        return buf.getvalue().rstrip("\n")
    return str(tabulate(rows, headers=list(headers), tablefmt=fmt, disable_numparse=True))


def to_json(obj: Any) -> str:
    return json.dumps(obj, indent=2, ensure_ascii=False)


def key_values(pairs: Sequence[tuple[str, str]], fmt: str) -> str:
    return table([list(p) for p in pairs], ["figure", "value"], fmt)


def _outcome_table(rows: Sequence[Any], fmt: str, count_label: str = "count") -> str:
    body = [[r.outcome, grouped(r.count) if fmt != "csv" else r.count,
             dec(r.probability, 8), frac(r.net), dec(r.contribution, 8)] for r in rows]
    return table(body, ["outcome", count_label, "probability", "net per ante", "contribution"], fmt)


def decision(d: Any, fmt: str) -> str:
    """One situation (odds.Decision)."""
    if fmt == "json":
        return to_json(d.as_json())
    if fmt == "csv":
        out = _outcome_table(d.rows(), fmt)
        tail = [["ev_raise", frac(d.ev_raise)], ["ev_fold", frac(d.ev_fold)],
                ["decision", d.decision], ["margin", frac(d.margin)]]
        return out + "\n" + table(tail, ["figure", "value"], "csv")
    from .cards import format_cards

    head = f"hand {format_cards(d.hand)} ({d.player_hand_name}), dealer up card {d.up}"
    if d.dead:
        head += f", dead {format_cards(d.dead)}"
    if d.dealer:
        head += f", dealer holds {format_cards(d.dealer)}"
    lines = [head, f"rules: {describe_rules(d.rules)}", "",
             _outcome_table(d.rows(), fmt), ""]
    summary = [
        ["EV raise", frac(d.ev_raise), dec(d.ev_raise)],
        ["EV fold", frac(d.ev_fold), dec(d.ev_fold)],
        ["margin (raise - fold)", frac(d.margin), dec(d.margin)],
    ]
    lines.append(table(summary, ["", "exact", "decimal"], fmt))
    lines.append("")
    lines.append(f"decision: {d.decision.upper()}  (over {grouped(d.counts.total)} dealer completions)")
    return "\n".join(lines)


def describe_rules(rules: Any) -> str:
    s = f"pay table {rules.paytable.name} ({rules.paytable.short()}), dealer qualifies with " \
        f"{rules.qualifier.label}"
    if rules.ante is not None:
        s += f", ante {rules.ante}"
    if rules.max_payout is not None:
        s += f", cap {rules.max_payout} per bet"
    return s


def _seen_label(k: int) -> str:
    return "" if k == 0 else ", seen card" if k == 1 else f", {k} hole cards"


def report(r: Any, fmt: str) -> str:
    """The whole game (game.GameReport)."""
    if fmt == "json":
        return to_json(r.as_json())
    figures = [
        ["return per ante", frac(r.return_per_ante), pct(r.return_per_ante)],
        ["house edge", frac(r.house_edge), pct(r.house_edge)],
        ["element of risk", frac(r.element_of_risk), pct(r.element_of_risk)],
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
        return table(figures, ["figure", "exact", "display"], fmt) + "\n\n" + _outcome_table(
            r.return_table(), fmt, "deals")
    lines = [f"rules: {describe_rules(r.rules)}; strategy: {r.strategy}", "",
             table(figures, ["figure", "exact", "display"], fmt), "",
             _outcome_table(r.return_table(), fmt, "deals")]
    return "\n".join(lines)


# ---------------------------------------------------------------- strategy charts and comparisons


def chart(ch: Any, fmt: str, margins: bool = False) -> str:
    """A strategy chart (strategy.Chart): plain rules, the grid, what decides mixed cells."""
    if fmt == "json":
        return to_json(ch.as_json())
    headers = ["hand"] + list(ch.columns)
    body = []
    for label, cells in ch.rows:
        row = [label]
        for c in cells:
            mark = c.mark
            if margins and c.margin is not None:
                mark = f"{mark} {float(c.margin):+.3f}"
            row.append(mark)
        body.append(row)
    if fmt == "csv":
        return table(body, headers, "csv")
    lines = [f"Optimal strategy: {describe_rules(ch.rules)}", "",
             "Plain rules (each checked over every situation it covers):"]
    lines += [f"- {r}" for r in ch.plain_rules]
    if body:
        lines += ["", "Where the decision depends on the dealer's up card (columns: up card rank).",
                  "R = every suit combination raises, F = none does, NN% = share of situations that raise"
                  + (", then the mean exact EV margin of raising over folding, per ante" if margins else "")
                  + ":", "", table(body, headers, fmt)]
    if ch.mixed:
        lines += ["", "What decides the mixed cells: how many of your cards share the up card's suit.", ""]
        lines.append(table([[c.pattern, c.up, c.decider()] for c in ch.mixed],
                           ["hand", "up", "decision by cards of the up card's suit"], fmt))
    return "\n".join(lines)


def strategies(results: Sequence[Any], fmt: str) -> str:
    """The comparison of strategies (strategy.StrategyResult list)."""
    if fmt == "json":
        rules = results[0].report.rules.describe() if results else {}
        return to_json({"rules": rules, "total_weight": results[0].report.total_weight if results else 0,
                        "strategies": [r.as_json() for r in results]})
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
