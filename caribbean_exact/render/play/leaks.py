"""Leaks: the chart of a game with one hole card's class seen or the burn card seen (known_cards.LeakGame)."""

from __future__ import annotations

from typing import Any

from ...model.cards import RANKS
from ...model.hands import value_ranks
from ...play.known_cards import LeakCell, LeakChart, LeakGame
from ..labels import SEEN_CLASSES, marks_legend
from ..text import share, table, to_json
from .game import report_json

#: The ranks every hand of a class starts with, left out of its threshold codes (A-K high: "AK").
_STRIP = {1: 2}


def _ranks(ranks: tuple[int, ...]) -> str:
    """Ranks high to low: "KQJ"."""
    return "".join(RANKS[r] for r in sorted(ranks, reverse=True))


def _hand(value: int, strip: int = 0) -> str:
    """A hand value's ranks, groups first ("AK864"), less the first ``strip`` ranks."""
    return "".join(RANKS[r] for r in value_ranks(value)[strip:])


def column_label(chart: LeakChart, block: int, other: bool) -> str:
    """What the player sees in one column, in words."""
    info = chart.information
    if info.kind == "seen-class" and info.seen_cards:
        suit = "another suit than" if other else "the suit of"
        return f"seen card {RANKS[block]}, {suit} the up card (any class card)"
    if info.kind == "burn-card":
        suit = "another suit than" if other else "the suit of"
        if info.seen_cards:
            return f"seen card {RANKS[block]}, {suit} the up card (any burn card)"
        return f"burn card {RANKS[block]}, {suit} the up card"
    parts = []
    if info.blocks:
        ranks = chart.blocks[block]
        parts.append(f"rank {_ranks(ranks)}" if len(ranks) == 1 else f"one of {_ranks(ranks)}")
    if info.suit_split == "suit":
        parts.append("another suit than the up card" if other else "the up card's suit")
    elif info.suit_split == "colour":
        parts.append("the other colour than the up card" if other else "the up card's colour")
    return "seen card: " + ", ".join(parts) + (" (any burn card)" if info.dead_cards else "")


def cell_code(cell: LeakCell, cls: int) -> str:
    """A cell as a mark: R, F, the lowest hand raised ("86": from A-K-8-6 up), with "*" when some
    hand above it folds; "." for no situation."""
    state = cell.state
    if state == "none":
        return "."
    if state in ("R", "F"):
        return state
    assert cell.lowest_raise is not None
    code = _hand(cell.lowest_raise, _STRIP.get(cls, 0)) or "R"
    return code if state == "T" else code + "*"


def legend() -> str:
    """The meaning of the chart's marks."""
    return (marks_legend(["R", "F"]) + "; a hand (86): raise from it up, in its class (A-K high: A-K-8-6 or "
            "better); " + marks_legend(["*"]) + "; . no such situation")


def leak_chart(chart: LeakChart, fmt: str) -> str:
    """The chart: for each column (what is seen of the card) a grid of player class by up card rank;
    CSV: one row per cell with its weights and bounds."""
    if fmt == "csv":
        rows: list[list[Any]] = []
        for block, other in chart.columns():
            for cls in range(len(SEEN_CLASSES)):
                for up in range(13):
                    c = chart.cell(cls, up, block, other)
                    if c.total_weight:
                        rows.append([column_label(chart, block, other), SEEN_CLASSES[cls], RANKS[up],
                                     cell_code(c, cls), c.raise_weight, c.total_weight,
                                     "" if c.lowest_raise is None else _hand(c.lowest_raise),
                                     "" if c.highest_fold is None else _hand(c.highest_fold)])
        return table(rows, ["seen", "class", "up", "mark", "raise_weight", "total_weight", "lowest_raise",
                            "highest_fold"], fmt)
    parts = []
    for block, other in chart.columns():
        rows = []
        for cls in range(len(SEEN_CLASSES)):
            cells = [chart.cell(cls, up, block, other) for up in range(13)]
            if any(c.total_weight for c in cells):
                raised = sum(c.raise_weight for c in cells)
                total = sum(c.total_weight for c in cells)
                rows.append([SEEN_CLASSES[cls], *(cell_code(c, cls) for c in cells), share(raised, total)])
        parts.append(column_label(chart, block, other) + "\n"
                     + table(rows, ["hand", *RANKS, "raised"], fmt))
    return ("columns: the up card's rank; " + legend() + "\n\n" + "\n\n".join(parts))


def leak_chart_json(chart: LeakChart) -> list[dict[str, Any]]:
    """Every cell with a situation: its column, class, up rank, mark, weights and bounds."""
    out = []
    for block, other in chart.columns():
        for cls in range(len(SEEN_CLASSES)):
            for up in range(13):
                c = chart.cell(cls, up, block, other)
                if c.total_weight:
                    out.append({"seen": column_label(chart, block, other), "block": _ranks(chart.blocks[block]),
                                "other_suit": other, "class": SEEN_CLASSES[cls], "up": RANKS[up],
                                "mark": cell_code(c, cls), "raise_weight": c.raise_weight,
                                "total_weight": c.total_weight,
                                "lowest_raise": None if c.lowest_raise is None else _hand(c.lowest_raise),
                                "highest_fold": None if c.highest_fold is None else _hand(c.highest_fold)})
    return out


def leak_game_doc(game: LeakGame) -> dict[str, Any]:
    """``solve --seen-class/--burn-card --format json`` as data (``ce.as_dict`` of a ``LeakGame``):
    the report's fields (with "information") and "chart", flat as the command prints them."""
    obj = report_json(game.report)
    obj["chart"] = leak_chart_json(game.chart)
    return obj


def leak_game_json(game: LeakGame) -> str:
    """``solve --seen-class/--burn-card --format json``: ``leak_game_doc`` as text."""
    return to_json(leak_game_doc(game))


HEADING = "When to raise, by what is seen of the card (player class by the up card's rank):"
