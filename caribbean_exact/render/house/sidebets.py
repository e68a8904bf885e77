"""Side bets: the progressive, the 5+1 Bonus, and the ante game with a side bet (sidebets)."""

from __future__ import annotations

from typing import Any

from ...house.sidebets import (
    FIVE_CARD_HANDS,
    SIX_CARD_SETS,
    BonusReport,
    CombinedReport,
    CombinedRow,
    ProgressiveReport,
)
from ...model.rules import exact_text
from ..labels import pay_label
from ..text import (
    dec,
    describe_rules,
    float_root,
    frac,
    grouped,
    money,
    money_text,
    pct,
    pick,
    root,
    rules_json,
    sci,
    table,
    to_json,
)


def combined_label(c: CombinedReport, row: CombinedRow) -> str:
    """Each row names every bet it holds: rows are alternatives, not a running total."""
    prog = f"progressive (${exact_text(c.progressive_stake)}, meter ${money_text(c.progressive.meter)})"
    bonus = f"5+1 Bonus (${exact_text(c.bonus_stake)})"
    return {"game": "ante game alone (optimal play)", "progressive": f"ante game + {prog} only",
            "bonus": f"ante game + {bonus} only", "all": f"ante game + {prog} + {bonus}"}[row.bets]


def progressive_json(p: ProgressiveReport) -> dict[str, Any]:
    """The JSON object of the progressive."""
    be = p.breakeven_meter
    return {
        "convention": p.convention,
        "players": p.players,
        "royal_share": str(p.royal_share),
        "total_hands": FIVE_CARD_HANDS,
        "probabilities": [
            {"hand": r.hand, "count": r.count, "probability": str(r.probability),
             "pays_fixed": str(r.pay.fixed), "pays_meter_share": str(r.pay.share), "pays": pay_label(r.pay)}
            for r in p.rows()],
        "return_constant": str(p.constant),
        "return_per_meter_dollar": str(p.per_meter),
        "breakeven_meter": None if be is None else str(be),
        "breakeven_meter_dollars": None if be is None else dec(be, 2),
        "meter": str(p.meter),
        "return_at_meter": str(p.return_at(p.meter)),
        "house_edge_at_meter": str(p.house_edge_at(p.meter)),
        "meters": [{"meter": str(m), "return": str(p.return_at(m)),
                    "house_edge": str(p.house_edge_at(m))} for m in p.meters],
        "sharing": [{"players": n, "royal_share": str(s), "breakeven_meter": None if b is None else str(b)}
                    for n, s, b in p.sharing()],
    }


def bonus_json(b: BonusReport) -> dict[str, Any]:
    """The JSON object of the 5+1 Bonus."""
    return {
        "convention": b.convention,
        "total": SIX_CARD_SETS,
        "rtp": str(b.rtp),
        "house_edge": str(b.house_edge),
        "hit_probability": str(b.hit_probability),
        "variance": str(b.variance),
        "standard_deviation": float_root(b.variance),
        "rows": [{"hand": r.hand, "count": r.count, "probability": str(r.probability),
                  "pays": None if r.pays is None else str(r.pays), "net": str(r.net),
                  "contribution": str(r.contribution)} for r in b.rows()],
    }


def combined_json(c: CombinedReport) -> dict[str, Any]:
    """The JSON object of the combined view."""
    return {
        "rules": rules_json(c.rules),
        "ante": str(c.ante),
        "rounds_per_hour": str(c.rounds_per_hour),
        "game_house_edge": str(c.game_house_edge),
        "progressive_stake": str(c.progressive_stake),
        "progressive_meter": str(c.progressive.meter),
        "progressive_house_edge": str(c.progressive.house_edge_at(c.progressive.meter)),
        "bonus_stake": str(c.bonus_stake),
        "bonus_house_edge": str(c.bonus.house_edge),
        "rows": [{"label": combined_label(c, r), "expected_wager": str(r.wager), "expected_loss": str(r.loss),
                  "loss_per_ante": str(r.per_ante), "loss_per_hour": str(r.per_hour)} for r in c.rows],
    }


def progressive(r: ProgressiveReport, fmt: str, table_name: str | None = None) -> str:
    """The progressive: hand odds, return by meter, break-even meter, royal sharing."""
    if fmt == "json":
        return to_json(progressive_json(r))
    exact = fmt == "csv"
    probs = [[x.hand, x.count if exact else grouped(x.count), frac(x.probability),
              dec(x.probability, 10), pay_label(x.pay)] for x in r.rows()]
    t1 = table(probs, ["hand", "count", "probability", "decimal", "pays"], fmt)
    be = r.breakeven_meter
    meters = sorted(set(r.meters) | {r.meter})
    t2 = table([[frac(m) if exact else money(m), frac(r.return_at(m)),
                        pct(r.return_at(m)), pct(r.house_edge_at(m))] for m in meters],
                      ["meter", "return per $1 (exact)", "return", "house edge"], fmt)
    t3 = table([[n, frac(s), dec(s, 10),
                        "-" if b is None else (frac(b) if exact else money(b))]
                       for n, s, b in r.sharing()],
                      ["players", "royal share (exact)", "royal share", "break-even meter"], fmt)
    if exact or table_name:
        return pick({"hands": t1, "meters": t2, "sharing": t3}, table_name, "progressive")
    conv = ("for 1: the $1 is collected when bet, a win is all that is paid"
            if r.convention == "for" else "to 1: the $1 comes back on top of every win")
    lines = [f"progressive jackpot, $1 bet on the player's five cards; convention {conv}",
             f"players betting the progressive at the table: {r.players} (royal share {frac(r.royal_share)})",
             "", t1, "",
             f"return per $1 = {frac(r.constant)} + {frac(r.per_meter)} x meter",
             f"             = {dec(r.constant, 8)} + {sci(r.per_meter, 6)} x meter",
             "break-even meter: " + ("none (no pay grows with the meter)" if be is None
                                     else f"{frac(be)} = ${money(be)}"),
             "", t2, "",
             "royal sharing: several royals on one deal split the meter equally; expected share of a "
             "royal and the break-even meter by players at the table:", "", t3]
    return "\n".join(lines)


def bonus(b: BonusReport, fmt: str, table_name: str | None = None) -> str:
    """The 5+1 Bonus: hand odds, pays, return to player."""
    if fmt == "json":
        return to_json(bonus_json(b))
    exact = fmt == "csv"
    body = [[r.hand, r.count if exact else grouped(r.count), frac(r.probability),
             dec(r.probability, 8), "-" if r.pays is None else f"{r.pays} {b.convention} 1",
             frac(r.net), dec(r.contribution, 8)] for r in b.rows()]
    out = table(body, ["hand", "count", "probability", "decimal", "pays", "net", "contribution"], fmt)
    if exact or table_name:
        figures = table([["rtp", frac(b.rtp)], ["house_edge", frac(b.house_edge)],
                         ["hit_probability", frac(b.hit_probability)], ["variance", frac(b.variance)]],
                        ["figure", "value"], fmt)
        return pick({"hands": out, "figures": figures}, table_name, "bonus")
    lines = [f"5+1 Bonus: best five of the player's five cards and the dealer's up card, over all "
             f"{grouped(SIX_CARD_SETS)} six-card sets; pays {b.convention} 1", "", out, "",
             f"return to player: {frac(b.rtp)} = {pct(b.rtp)}",
             f"house edge:       {frac(b.house_edge)} = {pct(b.house_edge)}",
             f"hit frequency:    {pct(b.hit_probability)};  standard deviation per unit "
             f"{root(b.variance)}"]
    return "\n".join(lines)


def combined(c: CombinedReport, fmt: str) -> str:
    """The ante game with side bets: expected wager and loss per round and per hour."""
    if fmt == "json":
        return to_json(combined_json(c))
    exact = fmt == "csv"
    body = [[combined_label(c, r), frac(r.wager) if exact else money(r.wager),
             frac(r.loss) if exact else money(r.loss),
             frac(r.per_ante) if exact else pct(r.per_ante),
             frac(r.per_hour) if exact else money(r.per_hour)] for r in c.rows]
    out = table(body, ["bets", "expected wager / round", "expected loss / round",
                              "loss per unit of ante", f"loss / hour ({c.rounds_per_hour} rounds)"], fmt)
    if exact:
        return out
    return "\n".join([
        f"rules: {describe_rules(c.rules)}; optimal play; "
        f"{c.rounds_per_hour} rounds per hour", "", out, "",
        f"house edge per ante {pct(c.game_house_edge)}; progressive house edge at meter "
        f"${money_text(c.progressive.meter)}: {pct(c.progressive.house_edge_at(c.progressive.meter))} "
        f"({c.progressive.convention} 1); 5+1 Bonus house edge {pct(c.bonus.house_edge)}"])
