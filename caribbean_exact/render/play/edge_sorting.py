"""Edge sorting: the whole game's figures (as ``solve``'s), then the deals and strategy by the count c
of hole cards of the sorted ranks."""

from __future__ import annotations

from typing import Any

from ...model.cards import RANKS
from ...model.hands import CATEGORIES, value_categories, value_ranks
from ...play.edge_sorting import SortedRanksGame, SortedSeenGame, SortedThreshold
from ..text import Cell, frac, grouped, pct, pick, table, to_json
from .game import outcome_table, report, report_json

__all__ = ["sorted_game", "sorted_game_json", "sorted_seen_game", "sorted_seen_game_json"]

_FLUSHES = {"flush", "straight flush", "royal flush"}


def hand_label(value: int) -> str:
    """A hand value as its ranks, groups first ("AKJ83", "22543"), "suited" for a flush."""
    flush = CATEGORIES[value_categories()[value]] in _FLUSHES
    return "".join(RANKS[r] for r in value_ranks(value)) + (" suited" if flush else "")


def _threshold_cell(t: SortedThreshold) -> str:
    """What one up rank's strategy says: the lowest hand that always raises, and the mixed values."""
    if t.raise_from is None:
        return "never" if t.fold_through is not None and not t.mixed else f"none always ({t.mixed} mixed)"
    if t.fold_through is None and not t.mixed:
        return "any"
    return hand_label(t.raise_from) + (f" ({t.mixed} mixed)" if t.mixed else "")


def _threshold_json(t: SortedThreshold) -> dict[str, Any]:
    return {"up": RANKS[t.up],
            "raise_from": None if t.raise_from is None else hand_label(t.raise_from),
            "raise_from_value": t.raise_from,
            "fold_through": None if t.fold_through is None else hand_label(t.fold_through),
            "fold_through_value": t.fold_through, "mixed": t.mixed}


def sorted_game_json(g: SortedRanksGame) -> dict[str, Any]:
    """``solve --format json``'s object, plus the sorted ranks and, by c, the deals and strategy."""
    obj = report_json(g.report)
    obj["sorted_ranks"] = "".join(RANKS[r] for r in reversed(g.ranks))
    obj["counts"] = [
        {"count": c.count, "deals": c.totals.total_weight, "probability": str(c.probability),
         "raised_deals": c.totals.raise_situations, "raise_probability": str(c.raise_probability),
         "return_per_ante": str(c.return_per_ante), "thresholds": [_threshold_json(t) for t in c.thresholds]}
        for c in g.counts]
    return obj


def sorted_seen_game_json(g: SortedSeenGame) -> dict[str, Any]:
    """``solve --sorted-ranks R --known-dealer-cards 1 --format json``'s object: the report's, plus the
    sorted ranks and, by c (of the three unseen hole cards), the deals."""
    obj = report_json(g.report)
    obj["sorted_ranks"] = "".join(RANKS[r] for r in reversed(g.ranks))
    obj["counts"] = [
        {"count": c.count, "deals": c.totals.total_weight, "probability": str(c.probability),
         "raised_deals": c.totals.raise_situations, "raise_probability": str(c.raise_probability),
         "return_per_ante": str(c.return_per_ante)}
        for c in g.counts]
    return obj


def sorted_seen_game(g: SortedSeenGame, fmt: str, table_name: str | None = None) -> str:
    """Edge sorting with a seen hole card as ``solve`` prints it: the figures, then the deals by c."""
    if fmt == "json":
        return to_json(sorted_seen_game_json(g))
    r = g.report
    if fmt == "csv" or table_name:
        return pick({"figures": report(r, fmt, "figures"), "outcomes": outcome_table(r.return_table(), fmt, "deals"),
                     "dealer": report(r, fmt, "dealer"), "counts": _counts_table(g, fmt)}, table_name,
                    "solve --sorted-ranks --known-dealer-cards 1")
    names = "".join(RANKS[x] for x in reversed(g.ranks)) or "no rank"
    return "\n".join([
        report(r, fmt), "",
        f"By c, the three unseen hole cards of the sorted ranks ({names}), as the backs tell",
        "(each deal counted once for each hole card seen):",
        _counts_table(g, fmt)])


def _counts_table(g: SortedRanksGame | SortedSeenGame, fmt: str) -> str:
    rows: list[list[Cell]] = []
    for c in g.counts:
        if fmt == "csv":
            rows.append([c.count, c.totals.total_weight, str(c.probability), str(c.raise_probability),
                         str(c.return_per_ante)])
        else:
            happens = c.totals.total_weight > 0
            rows.append([c.count, grouped(c.totals.total_weight), pct(c.probability),
                         pct(c.raise_probability) if happens else "", pct(c.return_per_ante) if happens else "",
                         frac(c.return_per_ante) if happens else ""])
    headers = ["sorted hole cards", "deals", "probability", "P(raise)", "return per ante"]
    return table(rows, headers + ([] if fmt == "csv" else ["exact"]), fmt)


def _thresholds_table(g: SortedRanksGame, fmt: str) -> str:
    """By up rank (rows, ace first) and c (columns): the lowest hand that always raises."""
    rows: list[list[Cell]] = []
    for up in reversed(range(13)):
        rows.append([RANKS[up], *(_threshold_cell(c.thresholds[up]) if c.totals.total_weight else ""
                                  for c in g.counts)])
    return table(rows, ["up card", *(f"c = {c.count}" for c in g.counts)], fmt)


def sorted_game(g: SortedRanksGame, fmt: str, table_name: str | None = None) -> str:
    """The whole game as ``solve`` prints it, then the deals by c and the threshold hands."""
    if fmt == "json":
        return to_json(sorted_game_json(g))
    r = g.report
    if fmt == "csv" or table_name:
        return pick({"figures": report(r, fmt, "figures"), "outcomes": outcome_table(r.return_table(), fmt, "deals"),
                     "dealer": report(r, fmt, "dealer"), "counts": _counts_table(g, fmt),
                     "chart": _thresholds_table(g, fmt)}, table_name, "solve --sorted-ranks")
    names = "".join(RANKS[x] for x in reversed(g.ranks)) or "no rank"
    return "\n".join([
        report(r, fmt), "",
        f"By c, the dealer's hole cards of the sorted ranks ({names}), as the backs tell:",
        _counts_table(g, fmt), "",
        "The lowest hand that always raises, and every better hand too, by up card and c (mixed: the hand values "
        "below it that raise in some situations, or fold above a raise):",
        _thresholds_table(g, fmt)])
