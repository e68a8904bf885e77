"""Known cards: the one-seen-card chart (known_cards) and sampled games (sampling)."""

from __future__ import annotations

from typing import Any

from ..cards import RANKS
from ..known_cards import SeenChart, SeenSetChart
from ..sampling import SampledReport
from .labels import SEEN_CLASSES
from .text import dec, describe_rules, pct, rules_json, share, table, to_json


def sampled_json(r: SampledReport) -> dict[str, Any]:
    """The JSON object of a sampled game."""
    lo, hi = r.house_edge_interval
    plo, phi = r.plain_house_edge_interval
    return {
        "rules": rules_json(r.rules),
        "known_dealer_cards": r.known_dealer_cards,
        "players": r.players,
        "burn": r.burn,
        "dead_cards": r.dead_cards,
        "house_edge": str(r.house_edge),
        "house_edge_estimate": float(r.house_edge),
        "house_edge_interval": [lo, hi],
        "confidence": 0.95,
        "return_per_ante": str(r.mean_return),
        "raise_probability": str(r.raise_probability),
        "per_deal_standard_deviation": r.standard_deviation,
        "control_variate": r.base_return is not None,
        "plain_house_edge": str(-r.plain_return),
        "plain_house_edge_interval": [plo, phi],
        "deals": r.deals,
        "seed": r.seed,
        "completions_per_deal": r.sums.completions,
        "deals_for_0.05_points": r.deals_for(),
    }


def sampled_title(r: SampledReport) -> str:
    """What a sampled game's player sees, in words."""
    parts = []
    if r.players > 1:
        parts.append(f"{r.players} colluding players: each sees the other {r.players - 1} "
                     f"hand{'s' if r.players > 2 else ''}")
    if r.burn:
        parts.append("the burn card seen" if r.burn == 1 else f"{r.burn} burned cards seen")
    if r.known_dealer_cards:
        k = r.known_dealer_cards
        parts.append(f"{k} dealer hole card{'s' if k > 1 else ''} seen")
    what = "; ".join(parts) or "only the up card seen"
    if r.dead_cards:
        what += f" ({r.dead_cards} dead card{'s' if r.dead_cards > 1 else ''})"
    return what


def sampled(r: SampledReport, fmt: str, what: str) -> str:
    """A sampled game: the estimate with its interval, the sample and the seed."""
    if fmt == "json":
        return to_json(sampled_json(r))
    lo, hi = r.house_edge_interval
    who, sign = ("player advantage", -1) if r.house_edge < 0 else ("house edge", 1)
    a, b = sorted((sign * lo * 100, sign * hi * 100))
    rows = [
        [f"{who} (estimate)", f"{sign * float(r.house_edge) * 100:.2f}% +/- {r.half_width * 100:.2f} points",
         "95% confidence interval"],
        ["95% interval", f"{a:.4f}% .. {b:.4f}%", f"+/- {r.half_width * 100:.4f} points"],
        ["probability of raising (estimate)", pct(r.raise_probability, 2), f"{r.sums.raises} of {r.deals} deals"],
        ["per-deal standard deviation", dec(r.standard_deviation),
         "of the gain over knowing only the up card" if r.base_return is not None else "of the EV"],
        [f"{who}, without the control variate", f"{-sign * float(r.plain_return) * 100:.4f}%",
         "95%: {:.4f}% .. {:.4f}%".format(*sorted(sign * x * 100 for x in r.plain_house_edge_interval))],
        ["deals (each decided exactly)", str(r.deals), f"{r.sums.completions} completions each"],
        ["seed", str(r.seed), ""],
        ["deals for +/-0.05 points", str(r.deals_for()), "at this standard deviation"],
    ]
    if fmt == "csv":
        return table(rows, ["figure", "value", "detail"], fmt)
    head = f"{what}\nrules: {describe_rules(r.rules)}\n\n"
    return head + table(rows, ["figure", "value", "detail"], fmt)


def seen_chart_json(ch: SeenChart) -> list[dict[str, Any]]:
    """The one-seen-card chart as JSON: every class, up rank and seen rank with its raise / total
    weights and its decision (R, F or M: it depends on the rest of the hand)."""
    out = []
    for cls, name in enumerate(SEEN_CLASSES):
        for up in range(13):
            for seen in range(13):
                r, t = ch.cell(cls, up, seen)
                if t:
                    out.append({"class": name, "up": RANKS[up], "seen": RANKS[seen], "raise": r, "total": t,
                                "decision": "R" if r == t else "F" if r == 0 else "M"})
    return out


def seen_chart(ch: SeenChart, fmt: str) -> str:
    """One 13 x 13 grid (up card rank x seen card rank) per class whose decision varies."""
    ranks = RANKS
    parts = []
    rows_csv = []
    for cls, name in enumerate(SEEN_CLASSES):
        st = ch.class_state(cls)
        if st == "none":
            continue
        if st != "M":
            parts.append(f"- {name}: always {'raise' if st == 'R' else 'fold'}")
            continue
        grid = []
        for up in range(13):
            row = [ranks[up]]
            for seen in range(13):
                r, t = ch.cell(cls, up, seen)
                row.append(share(r, t))
                rows_csv.append([name, ranks[up], ranks[seen], r, t])
            grid.append(row)
        parts.append(f"\n{name} (rows: up card, columns: seen hole card)\n\n"
                     + table(grid, ["up \\ seen", *ranks], fmt if fmt != "csv" else "simple"))
    if fmt == "csv":
        return table(rows_csv, ["class", "up", "seen", "raise", "total"], "csv")
    if fmt == "json":
        return to_json({"chart": seen_chart_json(ch)})
    note = ("NN% cells: the share of situations that raise; what decides them is the rest of your hand (the "
            "ranks of your other cards against the two dealer cards you see): ask ev with --dealer for one hand.")
    return "\n".join([*parts, "", note]) if any("%" in p for p in parts) else "\n".join(parts)


def _ranks_text(ranks: tuple[int, ...]) -> str:
    return "".join(RANKS[r] for r in sorted(ranks, reverse=True))


def seen_set_chart(ch: SeenSetChart, fmt: str) -> str:
    """With k = 2 or 3 hole cards seen: per class whose decision varies, one 13 x 13 grid by the
    highest and second-highest rank among the dealer's k + 1 known cards (the share of raising over
    the lower ranks); CSV: every cell, by class and the known ranks."""
    parts = []
    rows_csv = []
    for cls, name in enumerate(SEEN_CLASSES):
        st = ch.class_state(cls)
        if st == "none":
            continue
        for ranks, r, t in ch.cells(cls):
            rows_csv.append([name, _ranks_text(ranks), r, t])
        if st != "M":
            parts.append(f"- {name}: always {'raise' if st == 'R' else 'fold'}")
            continue
        top = ch.top_two(cls)
        grid = []
        for hi in range(12, -1, -1):
            row = [RANKS[hi]]
            for second in range(12, -1, -1):
                r, t = top.get((hi, second), (0, 0))
                row.append(share(r, t) if second <= hi else "")
            grid.append(row)
        parts.append(f"\n{name} (rows: the dealer's highest known rank, columns: the second highest; "
                     f"share of situations raised, over the {'third known rank' if ch.k == 2 else 'other two'})\n\n"
                     + table(grid, ["high \\ 2nd", *RANKS[::-1]], fmt if fmt != "csv" else "simple"))
    if fmt == "csv":
        return table(rows_csv, ["class", "dealer known ranks", "raise", "total"], "csv")
    return "\n".join(parts)
