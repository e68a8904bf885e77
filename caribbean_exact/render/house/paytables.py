"""Pay tables: the list of known tables, tables compared (paytables), the cap study (bet_cap)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ...engine.pricing import SITUATIONS
from ...house.bet_cap import CapRow, CapStudy
from ...house.paytables import CompareRow, TableInfo
from ..play.game import wrap
from ..text import Name, dec, describe_rules, frac, grouped, money, pays_text, pct, rules_json, table, to_json


def _short_money(x: Fraction) -> str:
    """Money without trailing zero cents: "25", "12.5" (scientific notation for huge amounts)."""
    t = money(x)
    return t if "e" in t else t.rstrip("0").rstrip(".")


def compare_row_json(r: CompareRow) -> dict[str, Any]:
    """One row of compare's JSON."""
    rep = r.report
    return {
        "name": r.name,
        "pays": [str(p) for p in r.paytable.pays],
        "where": r.paytable.where,
        "house_edge": str(rep.house_edge),
        "element_of_risk": str(rep.element_of_risk),
        "return_on_wager": str(rep.return_on_wager),
        "raise_probability": str(rep.raise_probability),
        "variance": str(rep.variance),
        "standard_deviation": rep.standard_deviation,
        "largest_win": str(rep.largest_win),
        "raise_situations": rep.raise_situations,
        "baseline": r.baseline,
        "strategy_differs": r.strategy_differs,
        "differing_situations": r.differing_situations,
        "baseline_strategy_cost": str(r.baseline_strategy_cost),
        "rules": rules_json(rep.rules),
    }


def cap_row_json(r: CapRow) -> dict[str, Any]:
    """One row of cap's JSON."""
    rep = r.report
    return {
        "ante": str(r.ante),
        "house_edge": str(rep.house_edge),
        "element_of_risk": str(rep.element_of_risk),
        "raise_situations": rep.raise_situations,
        "cost_per_ante": str(r.cost_per_ante),
        "cost_per_round": str(r.cost_per_round),
        "strategy_changed": r.strategy_changed,
    }


def cap_json(s: CapStudy) -> dict[str, Any]:
    """The JSON object of a cap study."""
    first = s.first_costly_ante
    return {
        "rules": rules_json(s.rules),
        "max_payout": str(s.max_payout),
        "uncapped_house_edge": str(s.uncapped.house_edge),
        "uncapped_raise_situations": s.uncapped.raise_situations,
        "cap_binds_above_ante": str(s.threshold),
        "first_costly_ante": None if first is None else str(first),
        "rows": [cap_row_json(r) for r in s.rows],
    }


def paytables(infos: Sequence[TableInfo], fmt: str, wide: bool = False) -> str:
    """The list of known pay tables. The terminal's text ("simple", the default format) fits 80
    columns: the names and pays as a table, then where each is used and its source in wrapped lines;
    ``wide``, and every other format (a document's: github, html, grid, CSV): one table with every
    column, its names escaped as the format needs."""
    if fmt == "json":
        return to_json([{"name": i.name, "pays": [str(p) for p in i.paytable.pays],
                                "where": i.where, "source": i.source, "origin": i.origin} for i in infos])
    note = "pays are of the raise bet, royal flush first; the ante pays 1 to 1."
    if wide or fmt != "simple":
        rows = [[Name(i.name), pays_text(i.paytable), Name(i.where), Name(i.source or i.origin)] for i in infos]
        out = table(rows, ["name", "pays (royal .. high card, to 1)", "where used", "source"], fmt)
        return out if fmt == "csv" else out + "\n\n" + note
    out = table([[Name(i.name), pays_text(i.paytable)] for i in infos], ["name", "pays (royal .. high card, to 1)"],
                fmt)
    about = [wrap(f"{i.name}: {i.where}" + (f" (source: {i.source or i.origin})" if i.source or i.origin else ""),
                  indent="  ") for i in infos]
    return "\n\n".join([out, "\n".join(about), wrap(note + " Every column in one table: --wide.")])


def compare_doc(rows: Sequence[CompareRow]) -> dict[str, Any]:
    """``compare --format json`` as data (``ce.as_dict`` of ``ce.compare(...)``'s rows). "rules" is
    the whole game everywhere (#33): the first row's (the rows differ only in the pay table); each
    row has its own."""
    return {"rules": rules_json(rows[0].report.rules) if rows else None, "sorted_by": "house_edge",
            "rows": [compare_row_json(r) for r in rows]}


def compare(rows: Sequence[CompareRow], fmt: str) -> str:
    """Pay tables side by side, sorted by house edge."""
    if fmt == "json":
        return to_json(compare_doc(rows))
    exact = fmt == "csv"
    body = []
    for r in rows:
        g = r.report
        same = "no" if not r.strategy_differs else (
            f"yes ({grouped(r.differing_situations)} situations, cost {pct(r.baseline_strategy_cost)})"
            if not exact else "yes")
        body.append([
            Name(r.name), pays_text(r.paytable),
            frac(g.house_edge) if exact else pct(g.house_edge),
            frac(g.element_of_risk) if exact else pct(g.element_of_risk),
            frac(g.return_on_wager) if exact else pct(g.return_on_wager),
            frac(g.raise_probability) if exact else pct(g.raise_probability),
            dec(g.standard_deviation, 4),
            frac(g.largest_win),
            same,
        ])
        if exact:
            body[-1] += [str(r.differing_situations), frac(r.baseline_strategy_cost)]
    base = rows[0].baseline if rows else "standard"
    headers = ["pay table", "pays", "house edge", "element of risk", "return on wager", "P(raise)",
               "SD per ante", "largest win (antes)", f"strategy differs from {base}"]
    if exact:
        headers += ["differing_situations", "baseline_strategy_cost"]
    out = table(body, headers, fmt)
    if exact or not rows:
        return out
    return (f"rules: dealer qualifies with {rows[0].report.rules.qualifier.label}"
            + (f", ante {rows[0].report.rules.ante}, cap {rows[0].report.rules.max_payout} per bet"
               if rows[0].report.rules.max_payout is not None else "")
            + "; optimal strategy for each table; sorted by house edge\n\n" + out
            + f"\n\nstrategy differs: situations (hand, up card; of {grouped(SITUATIONS)}) where "
            f"the optimal strategy disagrees with the {base} table's, and the house edge lost by "
            f"playing the {base} strategy at that table.")



def cap(s: CapStudy, fmt: str) -> str:
    """The house edge at each ante size under the cap."""
    if fmt == "json":
        return to_json(cap_json(s))
    exact = fmt == "csv"
    body = []
    for r in s.rows:
        body.append([
            frac(r.ante) if exact else _short_money(r.ante),
            frac(r.report.house_edge),
            pct(r.report.house_edge),
            frac(r.cost_per_ante) if exact else pct(r.cost_per_ante),
            frac(r.cost_per_round) if exact else dec(r.cost_per_round, 4),
            r.report.raise_situations if exact else grouped(r.report.raise_situations),
            "yes" if r.strategy_changed else "no",
        ])
    headers = ["ante", "house edge (exact)", "house edge", "cost of cap per ante", "cost per round",
               "raise situations", "strategy changed"]
    out = table(body, headers, fmt)
    if exact:
        return out
    first = s.first_costly_ante
    lines = [f"rules: {describe_rules(s.rules)}; cap {s.max_payout} per bet; optimal strategy "
             "solved at each ante", "",
             out, "",
             f"without a cap: house edge {frac(s.uncapped.house_edge)} = "
             f"{pct(s.uncapped.house_edge)}, {grouped(s.uncapped.raise_situations)} raise situations",
             f"the cap cuts the largest win once the ante exceeds {frac(s.threshold)} "
             f"(royal flush raise win {s.rules.top_raise_win} x ante > {s.max_payout})",
             "first ante of this list where the cap costs the player: "
             + ("none" if first is None else frac(first))]
    return "\n".join(lines)
