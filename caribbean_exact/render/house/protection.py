"""Game protection (house.protection) as text, CSV and JSON: the cost of a flash rate, the hands to
detect each leak, the table of leaks."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ...house.protection import MAX_DETECT_HANDS, Detection, FlashCost, LeakDetection
from ...house.tells import Tells
from ...model.rules import Rules
from ..text import (
    Cell,
    dec,
    describe_rules,
    edge,
    frac,
    grouped,
    information_json,
    information_words,
    money,
    pct,
    rules_json,
    table,
    to_json,
)


def rate_text(x: Fraction) -> str:
    """A share of hands as a percentage: "5%", or "2.5000%" when not whole."""
    v = x * 100
    return f"{v.numerator}%" if v.denominator == 1 else pct(x, 4)


def flash_json(f: FlashCost) -> dict[str, Any]:
    """The JSON object of a flash rate (field names are a public interface)."""
    return {
        "flash_rate": str(f.rate),
        "information": information_json(f.information),
        "house_edge": str(f.house_edge),
        "base_house_edge": str(f.base.house_edge),
        "leak_house_edge": str(f.leak.house_edge),
        "cost_per_hand": str(f.cost_per_hand),
        "cost_per_hand_money": str(f.cost_per_hand_money),
        "cost_per_table_hour": str(f.cost_per_table_hour),
        "hands_per_hour": str(f.hands_per_hour),
        "average_ante": str(f.average_ante),
        "players": f.players,
        "raise_probability": str(f.raise_probability),
        "win_probability": str(f.win_probability),
    }


def flash_rows(f: FlashCost) -> list[list[Cell]]:
    """The figures of a flash rate: (figure, exact, display)."""
    who = "player advantage" if f.house_edge < 0 else "house edge"
    return [
        ["flash rate (hands with a hole card seen)", frac(f.rate), rate_text(f.rate)],
        [f"{who} against the player who uses it", frac(abs(f.house_edge)), pct(abs(f.house_edge))],
        ["house edge, no flash", frac(f.base.house_edge), pct(f.base.house_edge)],
        ["cost per hand (antes)", frac(f.cost_per_hand), pct(f.cost_per_hand)],
        [f"cost per hand at an ante of {money(f.average_ante)}", frac(f.cost_per_hand_money),
         dec(f.cost_per_hand_money, 4)],
        [f"cost per table-hour ({f.players} player{'s' if f.players > 1 else ''}, "
         f"{frac(f.hands_per_hour)} rounds)", frac(f.cost_per_table_hour), money(f.cost_per_table_hour)],
        ["probability of raising", frac(f.raise_probability), pct(f.raise_probability)],
        ["probability of winning a hand (net > 0)", frac(f.win_probability), pct(f.win_probability)],
    ]


def flash_doc(f: FlashCost) -> dict[str, Any]:
    """``solve --flash-rate X --format json`` as data (``ce.as_dict`` of a ``FlashCost``): the rules,
    then ``flash_json``'s fields."""
    return {"rules": rules_json(f.rules), **flash_json(f)}


def flash(f: FlashCost, fmt: str) -> str:
    """A flash rate: the mixture of the plain and the seen-card games, exact."""
    if fmt == "json":
        return to_json(flash_doc(f))
    text = table(flash_rows(f), ["figure", "exact", "display"], fmt)
    if fmt == "csv":
        return text
    head = (f"a dealer who exposes a hole card in {rate_text(f.rate)} of hands: the player plays the game with "
            f"{information_words(f.information)} in those hands, the plain game in the others\n"
            f"rules: {describe_rules(f.rules)}\n\n")
    return head + text


def detection_json(d: Detection) -> dict[str, Any]:
    """The JSON object of one detection (field names are a public interface)."""
    return {"statistic": d.statistic, "alpha": str(d.alpha), "beta": str(d.beta), "p0": str(d.p0),
            "p1": str(d.p1), "hands": d.hands, "critical": d.critical, "reject_when": (
                None if d.critical is None else ("at least" if d.upper else "at most")),
            "size": d.size, "power": d.power, "normal_hands": d.normal_hands, "last_failure": d.last_failure,
            "window": d.window, "checked": d.checked, "beyond": d.beyond}


def _hands(d: Detection, fmt: str = "") -> Cell:
    """The hands of a detection: grouped for reading, a plain integer in CSV, "never" for none."""
    if d.hands is None:
        return f"more than {MAX_DETECT_HANDS:,}" if d.beyond else "never"
    return d.hands if fmt == "csv" else grouped(d.hands)


def _leak_json(x: LeakDetection) -> dict[str, Any]:
    leak = x.leak
    return {"leak": x.name, "information": information_json(x.information),
            "house_edge": str(x.house_edge), "cost_per_hand": str(x.cost_per_hand),
            "raise_probability": str(leak.raise_probability),
            "flash": flash_json(leak) if isinstance(leak, FlashCost) else None,
            "detection": [detection_json(d) for d in x.detections]}


def _columns(rows: tuple[LeakDetection, ...]) -> list[tuple[str, Fraction]]:
    return [(d.statistic, d.alpha) for d in rows[0].detections] if rows else []


def detection_doc(rows: Sequence[LeakDetection]) -> dict[str, Any]:
    """``detect --format json`` as data (``ce.as_dict`` of the leaks' detections)."""
    base = rows[0].base if rows else None
    return {"rules": None if base is None else rules_json(base.rules),
            "base_raise_probability": None if base is None else str(base.raise_probability),
            "leaks": [_leak_json(x) for x in rows]}


def detection(rows: tuple[LeakDetection, ...], fmt: str) -> str:
    """The hands to detect each leak (``detect``): one row a leak, one column a statistic and error rate."""
    if fmt == "json":
        return to_json(detection_doc(rows))
    cols = _columns(rows)
    headers = ["leak", "P(raise)", *(f"hands by {s} rate, alpha = beta = {rate_text(a)}" for s, a in cols)]
    body: list[list[Cell]] = [[x.name, pct(x.leak.raise_probability, 2),
                               *(_hands(x.detection(s, a), fmt) for s, a in cols)] for x in rows]
    text = table(body, headers, fmt)
    if fmt == "csv" or not rows:
        return text
    base = rows[0].base
    return (f"hands surveillance needs to tell the leak's player from an optimal one (exact one-sided binomial "
            f"test; the optimal player raises {pct(base.raise_probability, 2)} of hands)\n"
            f"rules: {describe_rules(base.rules)}\n\n" + text)


def leak_rows(rows: tuple[LeakDetection, ...], sampled: list[list[Cell]] | None = None,
              fmt: str = "github") -> tuple[list[list[Cell]], list[str]]:
    """The leaks table (tables/standard-leaks.*): leak, information, house edge (exact and display),
    cost per hand, P(raise), hands to detect by each statistic and error rate (plain integers for
    ``fmt`` "csv"); ``sampled`` rows (collusion) follow with their estimates."""
    cols = _columns(rows)
    headers = ["leak", "information", "edge", "house edge (exact; sampled: 95% interval)", "cost per hand (antes)",
               "P(raise)",
               *(f"hands to detect by {s} rate, {rate_text(a)}" for s, a in cols)]
    out: list[list[Cell]] = []
    for x in rows:
        info = information_words(x.information)
        if isinstance(x.leak, FlashCost):
            info = f"{info}, in {rate_text(x.leak.rate)} of hands"
        out.append([x.name, info, edge(x.house_edge), frac(x.house_edge),
                    pct(x.cost_per_hand), pct(x.leak.raise_probability, 2),
                    *(_hands(x.detection(s, a), fmt) for s, a in cols)])
    for row in sampled or []:
        out.append([*row, *([""] * (len(headers) - len(row)))])
    return out, headers


def _first(t: Tells) -> Cell:
    h = t.hands_to_first
    return "never" if h is None else dec(h, 2)


def _see(t: Tells, confidence: Fraction, fmt: str) -> Cell:
    n = t.hands_to_see(confidence)
    return "never" if n is None else n if fmt == "csv" else grouped(n)


def tells(rows: list[tuple[str, Tells]], error_rates: list[Fraction], rules: Rules, fmt: str) -> str:
    """``detect --by tells``: each leak's share of hands with a tell (a decision the optimal player never
    makes: a high card below A-K raised, a pair or better folded), the hands to see one with
    probability 1 - beta for each error rate, the expected hands to the first and the commonest tell."""
    if fmt == "json":
        return to_json({"rules": rules_json(rules), "leaks": [
            {"leak": name, "tell_share": str(t.share), "raise_below_ak": t.raise_below, "fold_pair": t.fold_pair,
             "total": t.total,
             "hands_to_see": [{"confidence": str(1 - e), "hands": t.hands_to_see(1 - e)} for e in error_rates],
             "hands_to_first": None if t.hands_to_first is None else str(t.hands_to_first),
             "top": [{"tell": x.words, "share": str(Fraction(x.weight, t.total))} for x in t.top]}
            for name, t in rows]})
    headers = ["leak", "share of hands with a tell", "exact",
               *(f"hands to see one at {rate_text(1 - e)}" for e in error_rates), "expected hands to the first",
               "commonest tell"]
    body: list[list[Cell]] = [[name, pct(t.share, 2), frac(t.share), *(_see(t, 1 - e, fmt) for e in error_rates),
                               _first(t), t.top[0].words if t.top else ""] for name, t in rows]
    text = table(body, headers, fmt)
    if fmt == "csv":
        return text
    return ("hands in which the leak's player makes a decision the optimal player never makes (raises a high "
            "card below A-K, folds a pair or better), exact from each leak's chart; edge sorting has no such "
            f"chart\nrules: {describe_rules(rules)}\n\n" + text)
