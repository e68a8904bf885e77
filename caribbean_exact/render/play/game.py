"""One situation (odds.Decision) and the whole game (game.GameReport): tables, CSV and JSON."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ...engine.pricing import ReturnRow
from ...model.cards import RANKS, format_cards
from ...model.hands import CATEGORIES
from ...model.rules import Rules, exact_text
from ...play.odds import Decision, RankQuery
from ..labels import outcome_label
from ..text import (
    Cell,
    counted,
    dec,
    describe_rules,
    frac,
    grouped,
    information_json,
    money,
    pct,
    pick,
    rules_json,
    table,
    to_json,
    with_article,
)

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: ev renders a Decision without loading play.game (start-up, issue #24)
    from typing import Any

    from ...play.game import DealerCategory, GameReport
    from ...play.information import Information


def outcome_table(rows: Sequence[ReturnRow], fmt: str, count_label: str = "count") -> str:
    """Outcomes with count, probability, net per ante and contribution."""
    body = [[outcome_label(r.outcome, r.category), grouped(r.count) if fmt != "csv" else r.count,
             dec(r.probability, 8), frac(r.net), dec(r.contribution, 8)] for r in rows]
    return table(body, ["outcome", count_label, "probability", "net per ante", "contribution"], fmt)


def decision_json(d: Decision, with_rules: bool = True) -> dict[str, Any]:
    """The JSON object of one situation (field names are a public interface)."""
    doc = {
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
    }
    if with_rules:
        doc["rules"] = rules_json(d.rules)
    return doc


def reason(d: Decision) -> str:
    """One line on why: how often the dealer fails to qualify, and what happens when she does."""
    c = d.counts
    q = c.win + c.tie + c.lose
    line = f"the dealer fails to qualify in {pct(Fraction(c.not_qualify, c.total), 2)} of deals (your ante wins"
    line += ", the raise pushes)"
    if q:
        line += (f"; when she qualifies you win {pct(Fraction(c.win, q), 2)}, tie {pct(Fraction(c.tie, q), 2)}"
                 f" and lose {pct(Fraction(c.lose, q), 2)}")
    return line


def decision_tables(d: Decision) -> dict[str, tuple[list[list[Cell]], list[str]]]:
    """The tables of one situation, by name: "summary" and "outcomes" (of raising)."""
    summary: list[list[Cell]] = [["ev_raise", frac(d.ev_raise)], ["ev_fold", frac(d.ev_fold)],
                                 ["decision", d.decision], ["margin", frac(d.margin)]]
    outcomes: list[list[Cell]] = [[outcome_label(r.outcome, r.category), r.count, dec(r.probability, 8),
                                   frac(r.net), dec(r.contribution, 8)] for r in d.rows()]
    return {"summary": (summary, ["figure", "value"]),
            "outcomes": (outcomes, ["outcome of raising", "count", "probability", "net per ante", "contribution"])}


def decision(d: Decision, fmt: str, verbose: bool = False, table_name: str | None = None) -> str:
    """One situation: the decision, both EVs exact and decimal, the margin and why; with
    ``verbose`` the outcomes of raising too (JSON always has everything)."""
    if fmt == "json":
        return to_json(decision_json(d))
    if fmt == "csv" or table_name:
        rows, headers = decision_tables(d)[table_name or "summary"]
        if fmt != "csv":
            rows = [[grouped(x) if isinstance(x, int) else x for x in r] for r in rows]
        return table(rows, headers, fmt)
    head = f"hand {format_cards(d.hand)} ({d.player_hand_name}), dealer up card {d.up}"
    if d.dead:
        head += f", dead {format_cards(d.dead)}"
    if d.dealer:
        head += f", dealer holds {format_cards(d.dealer)}"
    summary = [
        ["EV raise", frac(d.ev_raise), dec(d.ev_raise)],
        ["EV fold", frac(d.ev_fold), dec(d.ev_fold)],
        ["margin (raise - fold)", frac(d.margin), dec(d.margin)],
    ]
    headers = ["per ante", "exact", "decimal"]
    if d.rules.ante is not None:
        a = d.rules.ante
        headers.append(f"money (ante {exact_text(a)})")
        for row, x in zip(summary, (d.ev_raise, d.ev_fold, d.margin)):
            row.append(money(x * a))
    lines = [head, f"rules: {describe_rules(d.rules)}", "",
             f"decision: {d.decision.upper()}  (over {counted(d.counts.total, 'dealer completion')})", "",
             table(summary, headers, fmt), "", wrap(f"why: {reason(d)}", indent="     ")]
    if verbose:
        lines += ["", "The outcomes of raising:", "", outcome_table(d.rows(), fmt)]
    return "\n".join(lines)


def rank_query_json(q: RankQuery) -> dict[str, Any]:
    """``ev RANKS --up RANK --format json`` as data (``ce.as_dict`` of a ``RankQuery``)."""
    return {"ranks": "".join(RANKS[r] for r in q.ranks), "up": RANKS[q.up_rank],
            "rules": rules_json(q.rules), "total": q.total, "raises": q.raises,
            "groups": [{"flush": g.flush, "suited": g.suited, "total": g.total, "raise": g.raises,
                        "lowest_margin": str(g.lowest_margin), "highest_margin": str(g.highest_margin)}
                       for g in q.groups]}


def rank_query(q: RankQuery, fmt: str, wide: bool = False) -> str:
    """Every suit combination of a rank-only query, by how many cards share the up card's suit (the
    text fits 80 columns; ``wide``: the CSV's full labels and exact margins)."""
    full = wide or fmt == "csv"
    rows: list[list[Cell]] = []
    for g in q.groups:
        what = "all five suited (flush)" if g.flush else f"{g.suited} of your cards"
        state = "RAISE" if g.raises == g.total else "FOLD" if g.raises == 0 else "mixed"
        if g.flush:  # the full label with --format csv or --wide; the text table fits 80 columns
            what = (f"all five suited (flush), {g.suited} in the up card's suit" if full else
                    f"flush, {g.suited} of them")
        rows.append([what,
                     g.total, g.raises, state, frac(g.lowest_margin) if full else dec(g.lowest_margin, 4),
                     frac(g.highest_margin) if full else dec(g.highest_margin, 4)])
    headers = (["cards in the up card's suit", "combinations", "raise", "decision", "lowest margin", "highest margin"]
               if full else
               ["in the up card's suit", "combos", "raise", "play", "margin low", "margin high"])
    a = q.rules.ante
    if a is not None:  # the margins in money too, at the ante of the rules
        headers += ["lowest (money)", "highest (money)"]
        for row, g in zip(rows, q.groups, strict=True):
            row += [money(g.lowest_margin * a), money(g.highest_margin * a)]
    if fmt == "json":
        return to_json(rank_query_json(q))
    if fmt == "csv":
        return table(rows, headers, fmt)
    ranks = "".join(RANKS[r] for r in q.ranks)
    verdict = ("RAISE with every suit combination" if q.raises == q.total else
               "FOLD with every suit combination" if q.raises == 0 else
               f"raise {q.raises} of {q.total} suit combinations, below; every other suit combination folds"
               if 2 * q.raises <= q.total else
               f"fold {q.total - q.raises} of {q.total} suit combinations, below; every other suit combination "
               "raises")
    return "\n".join([wrap(f"{ranks} against {with_article(RANKS[q.up_rank])} up card: {verdict}"),
                      f"rules: {describe_rules(q.rules)}", "",
                      table(rows, headers, fmt), "",
                      wrap("combos: distinct combinations of five cards with these ranks (the up card's suit "
                           "fixed); margin: EV(raise) - EV(fold) per ante")])


def wrap(text: str, width: int = 80, indent: str = "") -> str:
    """``text`` in lines of at most ``width`` columns (a word longer than that stays whole), the
    lines after the first indented by ``indent``: text output fits 80 columns.

    >>> print(wrap("why: " + "word " * 20, 30, "     "))
    why: word word word word word
         word word word word word
         word word word word word
         word word word word word
    """
    words = text.split(" ")
    lines: list[str] = []
    line = ""
    for w in words:
        if not w:
            continue
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = indent + w
        else:
            line = f"{line} {w}" if line else w
    lines.append(line)
    return "\n".join(lines)


BATCH_FIELDS = ["hand", "up", "dead", "dealer", "decision", "ev_raise", "ev_fold", "margin", "not_qualify",
                "win", "tie", "lose", "total"]


def batch_row(d: Decision) -> list[Cell]:
    """One situation of ``ev --batch`` as a row of BATCH_FIELDS."""
    c = d.counts
    return [format_cards(d.hand), str(d.up), format_cards(d.dead), format_cards(d.dealer), d.decision,
            str(d.ev_raise), str(d.ev_fold), str(d.margin), c.not_qualify, c.win, c.tie, c.lose, c.total]


def batch_json_line(d: Decision) -> str:
    """One situation of ``ev --batch --format json``: one compact JSON object on one line."""
    import json  # noqa: PLC0415 (only for JSON: start-up, issue #24)

    from ..json_schema import stamped  # noqa: PLC0415 (only for JSON: start-up, issue #24)

    return json.dumps(stamped("ev-batch", decision_json(d, with_rules=False)), ensure_ascii=False,
                      separators=(",", ":"))


def _seen_label(k: int, info: Information | None = None) -> str:
    if info is not None and info.kind == "seen-class":
        return ", seen card, class card" if info.seen_cards else ", class card, burn card" if info.dead_cards \
            else ", seen card"
    if info is not None and info.kind == "burn-card":
        return ", seen card, burn card" if info.seen_cards else ", burn card"
    return "" if k == 0 else ", seen card" if k == 1 else f", {k} hole cards"


def return_row_json(x: ReturnRow) -> dict[str, Any]:
    """One row of a return table (field names are a public interface): outcome, count, probability,
    net, contribution."""
    return {"outcome": outcome_label(x.outcome, x.category), "count": x.count, "probability": str(x.probability),
            "net": str(x.net), "contribution": str(x.contribution)}


def report_json(r: GameReport) -> dict[str, Any]:
    """The JSON object of a whole-game report."""
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
        "information": information_json(r.information),
        "indifferent_situations": r.totals.indifferent_situations,
        "total_weight": r.total_weight,
        "return_table": [return_row_json(x) for x in r.return_table()],
        "dealer_qualifies": str(r.dealer_qualifies),
        "dealer_distribution": dealer_distribution_json(r),
    }


def dealer_distribution_json(r: GameReport) -> list[dict[str, Any]]:
    """The dealer's hand by category: five-card hands, probability, hands that qualify."""
    return [{"category": CATEGORIES[x.category], "count": x.count, "probability": str(x.probability),
             "qualifying": x.qualifying} for x in r.dealer_distribution]


def dealer_table(dist: Sequence[DealerCategory], fmt: str) -> str:
    """The dealer's hand by category (royal first), qualifying or not, as a table."""
    rows: list[list[Cell]] = []
    for x in reversed(dist):
        rows.append([CATEGORIES[x.category], x.count if fmt == "csv" else grouped(x.count),
                     str(x.probability) if fmt == "csv" else dec(x.probability, 8),
                     x.qualifying if fmt == "csv" else grouped(x.qualifying),
                     x.not_qualifying if fmt == "csv" else grouped(x.not_qualifying)])
    return table(rows, ["dealer's hand", "five-card hands", "probability", "qualifying", "not qualifying"], fmt)


def dealer_text(rules: Rules, fmt: str, dist: Sequence[DealerCategory]) -> str:
    """P(the dealer qualifies) and the dealer's hand distribution (``play.game.dealer_distribution``
    of the rules): lines for the end of ``solve``."""
    n, q = sum(x.count for x in dist), sum(x.qualifying for x in dist)
    p = Fraction(q, n)
    head = (f"dealer qualifies ({rules.qualifier.label}): {frac(p)} = {pct(p)} ({grouped(q)} of {grouped(n)} "
            "five-card hands; the dealer's five cards are a uniformly random five-card hand)")
    return head + "\n\n" + dealer_table(dist, fmt)


def report(r: GameReport, fmt: str, table_name: str | None = None) -> str:
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
         f"of {grouped(r.situations)} (hand, up card{_seen_label(r.known_dealer_cards, r.leak)})"
         if r.information.kind != "sorted-ranks" else f"deals of {grouped(r.situations)} (each deal counted)"],
    ]
    if fmt == "csv" or table_name:
        return pick({"figures": table(figures, ["figure", "exact", "display"], fmt),
                     "outcomes": outcome_table(r.return_table(), fmt, "deals"),
                     "dealer": dealer_table(r.dealer_distribution, fmt)}, table_name, "solve")
    lines = [f"rules: {describe_rules(r.rules)}; strategy: {r.strategy}", "",
             table(figures, ["figure", "exact", "display"], fmt), "",
             outcome_table(r.return_table(), fmt, "deals")]
    return "\n".join(lines)
