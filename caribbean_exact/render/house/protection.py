"""Game protection (house.protection) as text, CSV and JSON: the cost of a flash rate, the hands to
detect each leak, the table of leaks."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ...house.protection import MAX_DETECT_HANDS, Detection, FlashCost, LeakDetection
from ...house.tells import Tells, rate_test_exact, rate_test_hands
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


def _is_flash(f: FlashCost) -> bool:
    """A flash rate (one hole card seen in a share of hands), not another leak in a share of hands."""
    return f.information.kind == "seen-cards" and f.information.seen_cards == 1


def flash_rows(f: FlashCost) -> list[list[Cell]]:
    """The figures of a flash rate (or of any leak seen in a share of hands): (figure, exact, display)."""
    who = "player advantage" if f.house_edge < 0 else "house edge"
    flash = _is_flash(f)
    return [
        ["flash rate (hands with a hole card seen)" if flash else "rate (hands with the leak)", frac(f.rate),
         rate_text(f.rate)],
        [f"{who} against the player who uses it", frac(abs(f.house_edge)), pct(abs(f.house_edge))],
        ["house edge, no flash" if flash else "house edge, no leak", frac(f.base.house_edge), pct(f.base.house_edge)],
        *([] if flash else [[f"{'player advantage' if f.leak.house_edge < 0 else 'house edge'}, the leak in "
                               "every hand", frac(abs(f.leak.house_edge)), pct(abs(f.leak.house_edge))]]),
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
    who = "a dealer who exposes a hole card" if _is_flash(f) else "a leak seen"
    head = (f"{who} in {rate_text(f.rate)} of hands: the player plays the game with "
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


def tells_json(t: Tells, confidences: list[Fraction]) -> dict[str, Any]:
    """The JSON object of a leak's tells (field names are a public interface)."""
    return {"tell_share": str(t.share), "raise_below_ak": t.raise_below, "fold_pair": t.fold_pair,
            "total": t.total,
            "hands_to_see": [{"confidence": str(c), "hands": t.hands_to_see(c)} for c in confidences],
            "hands_to_first": None if t.hands_to_first is None else str(t.hands_to_first),
            "top": [{"tell": x.words, "share": str(Fraction(x.weight, t.total))} for x in t.top]}


def _leak_json(x: LeakDetection, tells: dict[str, Tells | None] | None = None) -> dict[str, Any]:
    leak = x.leak
    out = {"leak": x.name, "information": information_json(x.information),
           "house_edge": str(x.house_edge), "cost_per_hand": str(x.cost_per_hand),
           "cost_per_hand_money": str(x.cost_per_hand_money), "cost_per_table_hour": str(x.cost_per_table_hour),
           "hands_per_hour": str(x.hands_per_hour), "average_ante": str(x.average_ante), "players": x.players,
           "raise_probability": str(leak.raise_probability),
           "flash": flash_json(leak) if isinstance(leak, FlashCost) else None,
           "detection": [detection_json(d) for d in x.detections]}
    if tells is not None:
        t = tells.get(x.name)
        out["tells"] = None if t is None else tells_json(t, sorted({1 - d.beta for d in x.detections},
                                                                     reverse=True))
    return out


def leak_json(x: LeakDetection, seats: int) -> dict[str, Any]:
    """The math report's ``"leak"`` object (``report --leak NAME``; field names are a public interface):
    ``detect``'s object of the leak but ``flash`` (its ``leak`` the name, one player at the report's table,
    ``tells``),
    with ``base_house_edge``, ``base_raise_probability``, ``seats`` and ``cost_per_table_hour_all_seats``."""
    out = _leak_json(x, {x.name: x.tells})
    del out["flash"]  # a leak of the table, in every hand (a flash rate is the report's "flash")
    out.update({"base_house_edge": str(x.base.house_edge), "base_raise_probability": str(x.base.raise_probability),
                "seats": seats, "cost_per_table_hour_all_seats": str(seats * x.cost_per_table_hour)})
    return out


def _columns(rows: tuple[LeakDetection, ...]) -> list[tuple[str, Fraction, Fraction]]:
    return [(d.statistic, d.alpha, d.beta) for d in rows[0].detections] if rows else []


def _errors(alpha: Fraction, beta: Fraction) -> str:
    if alpha == beta:
        return f"alpha = beta = {rate_text(alpha)}"
    return f"alpha = {rate_text(alpha)}, beta = {rate_text(beta)}"


def _settings(x: LeakDetection) -> str:
    return (f"{x.players} player{'s' if x.players > 1 else ''}, {frac(x.hands_per_hour)} rounds an hour, "
            f"ante {money(x.average_ante)}")


def _row_tells(rows: Sequence[LeakDetection]) -> dict[str, Tells | None] | None:
    """The tells kept on the rows, by leak name (None when no row has them)."""
    return {x.name: x.tells for x in rows} if any(x.tells is not None for x in rows) else None


def detection_doc(rows: Sequence[LeakDetection]) -> dict[str, Any]:
    """``detect --format json`` as data (``ce.as_dict`` of the leaks' detections, with their tells
    where ``detection_table`` was given them)."""
    tells = _row_tells(rows)
    base = rows[0].base if rows else None
    return {"rules": None if base is None else rules_json(base.rules),
            "base_raise_probability": None if base is None else str(base.raise_probability),
            "leaks": [_leak_json(x, tells) for x in rows]}


def detection(rows: tuple[LeakDetection, ...], fmt: str) -> str:
    """The hands to detect each leak (``detect``): one row a leak, its edge and cost (per hand in
    antes, per table-hour in money), its tell share and the hands to see a tell (when the rows have
    their tells; at the first column's 1 - beta), one column a statistic and error rates."""
    if fmt == "json":
        return to_json(detection_doc(rows))
    tells = _row_tells(rows)
    cols = _columns(rows)
    confidence = 1 - cols[0][2] if cols else Fraction(95, 100)
    tell_heads = ["tell share", f"hands to see a tell at {rate_text(confidence)}"] if tells is not None else []
    headers = ["leak", "edge", "cost per hand (antes)", "cost per table-hour", "P(raise)", *tell_heads,
               *(f"hands by {s} rate, {_errors(a, b)}" for s, a, b in cols)]
    body: list[list[Cell]] = []
    for x in rows:
        t = None if tells is None else tells.get(x.name)
        tell_cells: list[Cell] = [] if tells is None else (
            ["", ""] if t is None else [pct(t.share, 2), _see(t, confidence, fmt)])
        body.append([x.name, edge(x.house_edge), pct(x.cost_per_hand), money(x.cost_per_table_hour),
                     pct(x.leak.raise_probability, 2), *tell_cells,
                     *(_hands(x.detection(s, a, b), fmt) for s, a, b in cols)])
    text = table(body, headers, fmt)
    if fmt == "csv" or not rows:
        return text
    base = rows[0].base
    return (f"hands surveillance needs to tell the leak's player from an optimal one (exact one-sided binomial "
            f"test; the optimal player raises {pct(base.raise_probability, 2)} of hands); the cost per table-hour "
            f"at {_settings(rows[0])}\n"
            f"rules: {describe_rules(base.rules)}\n\n" + text)


def leak_rows(rows: tuple[LeakDetection, ...], sampled: list[list[Cell]] | None = None,
              fmt: str = "github", tells: dict[str, Tells] | None = None) -> tuple[list[list[Cell]], list[str]]:
    """The leaks table (tables/standard-leaks.*): leak, information, house edge (exact and display),
    cost per hand and per table-hour, P(raise), the tell share and the hands to see a tell at 95%
    (when ``tells`` is given), hands to detect by each statistic and error rate (plain integers for
    ``fmt`` "csv"); ``sampled`` rows (collusion) follow with their estimates."""
    cols = _columns(rows)
    tell_heads = ["tell share", "hands to see a tell, 95%"] if tells is not None else []
    headers = ["leak", "information", "edge", "house edge (exact; sampled: 95% interval)", "cost per hand (antes)",
               "cost per table-hour", "P(raise)", *tell_heads,
               *(f"hands to detect by {s} rate, {rate_text(a) if a == b else _errors(a, b)}" for s, a, b in cols)]
    out: list[list[Cell]] = []
    for x in rows:
        info = information_words(x.information)
        if isinstance(x.leak, FlashCost):
            info = f"{info}, in {rate_text(x.leak.rate)} of hands"
        t = None if tells is None else tells.get(x.name)
        tell_cells: list[Cell] = [] if tells is None else (
            ["", ""] if t is None else [pct(t.share, 2), _see(t, Fraction(95, 100), fmt)])
        out.append([x.name, info, edge(x.house_edge), frac(x.house_edge),
                    pct(x.cost_per_hand), money(x.cost_per_table_hour), pct(x.leak.raise_probability, 2),
                    *tell_cells, *(_hands(x.detection(s, a, b), fmt) for s, a, b in cols)])
    for row in sampled or []:
        out.append([*row[:5], "", *row[5:], *([""] * (len(headers) - len(row) - 1))])
    return out, headers


def leak_figures(x: LeakDetection, seats: int) -> list[list[Cell]]:
    """One leak's figures for the math report (``report --leak NAME``): (figure, exact, display): its
    house edge, the cost per hand and per table-hour (one player, and every one of ``seats``), the
    raise rates, the tells and the hands to detect it by each rate test."""
    leak = x.leak
    who = "player advantage of" if x.house_edge < 0 else "house edge against"
    hour = x.hands_per_hour * x.cost_per_hand_money
    rows: list[list[Cell]] = [
        [f"{who} the leak's player", frac(abs(x.house_edge)), pct(abs(x.house_edge))],
        ["house edge, optimal play without the leak", frac(x.base.house_edge), pct(x.base.house_edge)],
        ["cost per hand (antes)", frac(x.cost_per_hand), pct(x.cost_per_hand)],
        [f"cost per hand at an ante of {money(x.average_ante)}", frac(x.cost_per_hand_money),
         dec(x.cost_per_hand_money, 4)],
        [f"cost per table-hour (1 player, {frac(x.hands_per_hour)} rounds)", frac(hour), money(hour)],
        [f"cost per table-hour (all {seats} seats)", frac(seats * hour), money(seats * hour)],
        ["probability of raising, the leak's player", frac(leak.raise_probability), pct(leak.raise_probability)],
        ["probability of raising, the optimal player", frac(x.base.raise_probability),
         pct(x.base.raise_probability)],
    ]
    t = x.tells
    if t is not None:
        rows += [["share of hands with a tell", frac(t.share), pct(t.share)]]
        rows += [[f"hands to see a tell, {rate_text(c)}", "", _see(t, c, "")]
                 for c in (Fraction(95, 100), Fraction(99, 100))]
        if t.hands_to_first is not None:
            rows += [["expected hands to the first tell", frac(t.hands_to_first), dec(t.hands_to_first, 2)]]
    for d in x.detections:
        what = "raise rate" if d.statistic == "raise" else "win rate"
        rows.append([f"hands to detect by {what}, {_errors(d.alpha, d.beta)}", "", _hands(d)])
    return rows


def _first(t: Tells) -> Cell:
    h = t.hands_to_first
    return "never" if h is None else dec(h, 2)


def _see(t: Tells, confidence: Fraction, fmt: str) -> Cell:
    n = t.hands_to_see(confidence)
    return "never" if n is None else n if fmt == "csv" else grouped(n)


def _decimal(x: Fraction, places: int = 10) -> str:
    """An exact Fraction rounded to ``places`` decimals (half up), as text: the expected hands' exact
    fractions have thousands of digits."""
    n = (x * 10 ** places * 2 + 1) // 2
    sign = "-" if n < 0 else ""
    whole, part = divmod(abs(n), 10 ** places)
    return f"{sign}{whole}.{part:0{places}d}"


def _exact_or_bound(d: Detection) -> Cell:
    e = rate_test_hands(d)
    if e is None:
        return "never"
    return dec(e, 2) if rate_test_exact(d) else f"at most {grouped(d.hands or 0)}"


def tells(rows: list[tuple[str, Tells]], error_rates: list[Fraction], rules: Rules, fmt: str,
          detections: dict[str, Detection] | None = None) -> str:
    """``detect --by tells``: each leak's share of hands with a tell (a decision the optimal player never
    makes: a high card below A-K raised, a pair or better folded), the hands to see one with
    probability 1 - beta for each error rate (``error_rates``: the betas), the expected hands to the
    first (1 / share, exact) and the commonest tells; with ``detections`` (by leak name: the raise-rate
    test at the first error rate) the sequential view of the rate test: its hands n and the exact
    expected hands until it decides when surveillance stops as soon as the verdict is certain."""
    if fmt == "json":
        def one(name: str, t: Tells) -> dict[str, Any]:
            out = {"leak": name, **tells_json(t, [1 - e for e in error_rates])}
            d = None if detections is None else detections.get(name)
            if d is not None:
                e = rate_test_hands(d)
                out["rate_test"] = {**detection_json(d), "expected_hands": None if e is None else _decimal(e),
                                    "expected_hands_exact": rate_test_exact(d)}
            return out
        return to_json({"rules": rules_json(rules), "leaks": [one(name, t) for name, t in rows]})
    seq = detections is not None
    first = error_rates[0] if error_rates else Fraction(1, 20)
    headers = ["leak", "share of hands with a tell", "exact",
               *(f"hands to see one at {rate_text(1 - e)}" for e in error_rates), "expected hands to the first",
               "exact", *([f"raise-rate test at {rate_text(first)}: hands", "expected hands, stopping early"]
                          if seq else []), "commonest tell"]
    body: list[list[Cell]] = []
    for name, t in rows:
        d = None if detections is None else detections.get(name)
        rate: list[Cell] = [] if not seq else ["", ""] if d is None else [_hands(d, fmt), _exact_or_bound(d)]
        body.append([name, pct(t.share, 2), frac(t.share), *(_see(t, 1 - e, fmt) for e in error_rates),
                     _first(t), "" if t.hands_to_first is None else frac(t.hands_to_first), *rate,
                     t.top[0].words if t.top else ""])
    text = table(body, headers, fmt)
    if fmt == "csv":
        return text
    more = ""
    if seq:
        more = ("; the rate test watches n hands, or stops as soon as its verdict at n is certain (the expected "
                "hands of that, exact, for the leak's player)")
    return ("hands in which the leak's player makes a decision the optimal player never makes (raises a high "
            "card below A-K, folds a pair or better), exact from each leak's chart (edge sorting's in deals); "
            f"the first tell comes after 1 / share hands on average{more}\n"
            f"rules: {describe_rules(rules)}\n\n" + text + _top_text(rows))


def _top_text(rows: list[tuple[str, Tells]]) -> str:
    """The top tells of each leak in words, with their share of hands."""
    lines = ["", "", "the commonest tells (share of hands):"]
    for name, t in rows:
        if not t.top or name.startswith("flash rate"):
            continue
        lines.append(f"{name}:")
        lines.extend(f"  {pct(Fraction(x.weight, t.total), 2):>7}  {x.words}" for x in t.top)
    return "\n".join(lines)
