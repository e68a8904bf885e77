"""Known cards: the one-seen-card chart (known_cards) and sampled games (sampling)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...model.cards import RANKS
from ...model.hands import value_ranks
from ...model.rules import Rules
from ...play.known_cards import SeenCardGame, SeenCardsGame, SeenChart, SeenSetChart
from ...play.sampling import SampledReport
from ..labels import SEEN_CLASSES, marks_legend, note_mark
from ..text import dec, describe_rules, pct, rules_json, share, table, to_json

if TYPE_CHECKING:  # numpy loads with seen_rules: only where the rules are computed
    from ...strategy.seen_chart import MatchRule, SeenCardStrategy, SeenCellRule
    from ...strategy.seen_set_chart import SeenSetCellRule, SeenSetStrategy, SetMatchRule

    AnyRule = MatchRule | SetMatchRule


def sampled_json(r: SampledReport) -> dict[str, Any]:
    """The JSON object of a sampled game."""
    lo, hi = r.house_edge_interval
    plo, phi = r.plain_house_edge_interval
    return {
        "rules": rules_json(r.rules),
        "known_dealer_cards": r.known_dealer_cards,
        "players": r.players,
        "sharing": r.sharers,
        "burn": r.burn,
        "dead_cards": r.dead_cards,
        "unseen_dead_cards": r.unseen_dead_cards,
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
        "table_house_edge": None if r.table_house_edge is None else str(r.table_house_edge),
    }


def sampled_title(r: SampledReport) -> str:
    """What a sampled game's player sees, in words."""
    parts = []
    n = r.sharers
    if n == 1 and r.players > 1:
        parts.append(f"{r.players} players, none sharing: {r.unseen_dead_cards} dealt cards unseen")
    elif n < r.players:
        parts.append(f"{r.players} players, {n} sharing their hands: each sharer sees the other {n - 1} "
                     f"hand{'s' if n != 2 else ''}, {r.unseen_dead_cards} dealt cards unseen")
    elif n > 1:
        parts.append(f"{n} colluding players: each sees the other {n - 1} hand{'s' if n > 2 else ''}")
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
    if r.sharers < r.players and r.table_house_edge is not None:
        t = r.table_house_edge
        rows.append([f"{'house edge' if t >= 0 else 'player advantage'} over the table's {r.players} seats",
                     f"{abs(float(t)) * 100:.4f}%", f"{r.sharers} sharing at the estimate, "
                     f"{r.players - r.sharers} at the exact plain edge"])
    if fmt == "csv":
        return table(rows, ["figure", "value", "detail"], fmt)
    head = f"{what}\nrules: {describe_rules(r.rules)}\n\n"
    return head + table(rows, ["figure", "value", "detail"], fmt)


def _hand(value: int, strip: int = 0) -> str:
    """A hand value's ranks, groups first ("AK864"), less the first ``strip`` ranks."""
    return "".join(RANKS[r] for r in value_ranks(value)[strip:])


def _start(g: AnyRule, strip: int = 0) -> str:
    """The hands a rule raises from: its prefix ("AK86"), else the lowest raising hand."""
    assert g.raise_from is not None
    ranks = g.prefix if g.prefix is not None else value_ranks(g.raise_from)
    return "".join(RANKS[r] for r in ranks[strip:])


#: The ranks a class's every hand starts with, left out of the chart's codes (A-K high: "AK").
_STRIP = {1: 2}


def _short(g: AnyRule, cls: int) -> str:
    """A group's rule as a code: R, F or the hands it raises from ("86": A-K-8-6 or better)."""
    if g.raise_from is None:
        return "F"
    if g.prefix == ():
        return "R"
    return _start(g, _STRIP.get(cls, 0))


def _plain(g: AnyRule) -> bool:
    return not (g.raise_also or g.fold_also or g.by_suits)


def _base_and_match(rule: tuple[MatchRule, ...]) -> tuple[MatchRule, list[MatchRule]]:
    """The group holding the fewest cards of the dealer's ranks, and the others."""
    base = min(rule, key=lambda g: (g.low_count + g.high_count, g.low_count))
    return base, [g for g in rule if g is not base]


def _code(rules: tuple[MatchRule, ...], cls: int) -> str | None:
    """A cell's code ("M", "86/R", ...), or None when it needs words (a footnote)."""
    base, match = _base_and_match(rules)
    if not _plain(base) or not all(_plain(g) for g in match):
        return None
    b = _short(base, cls)
    m = {_short(g, cls) for g in match}
    if not m or m == {b}:
        return b
    if len(m) > 1:
        return None
    (mm,) = m
    return "M" if (b, mm) == ("F", "R") else f"{b}/{mm}"


def _count_words(n: int, rank: int) -> str:
    r = RANKS[rank]
    return (f"no {r}", f"one {r}", f"two {r}s", f"three {r}s", f"four {r}s")[n]


#: Hands listed in a text rule before "and N more" (JSON lists them all).
_LIST = 6


def _hands(values: tuple[int, ...]) -> str:
    head = ", ".join(_hand(v) for v in values[:_LIST])
    return head + (f" and {len(values) - _LIST} more" if len(values) > _LIST else "")


def _group_words(g: MatchRule, low: int, high: int) -> str:
    """Which hands a group is: "with no 7 or 5", "with one 5 and no 7", "with two 3s"."""
    if low == high:
        return "with " + _count_words(g.low_count, low)
    if g.low_count == g.high_count == 0:
        return f"with no {RANKS[high]} or {RANKS[low]}"
    parts = [_count_words(g.high_count, high), _count_words(g.low_count, low)]
    return "with " + " and ".join(parts)


def _rule_words(g: AnyRule) -> str:
    """What a group does: "raise", "fold", "AK86 or better", with its exceptions."""
    if g.raise_from is None:
        text = "fold"
    elif g.prefix == ():
        text = "raise"
    else:
        text = f"{_start(g)} or better"
    if g.raise_also:
        text += "; also " + _hands(g.raise_also)
    if g.fold_also:
        text += "; not " + _hands(g.fold_also)
    if g.by_suits:
        text += f"; by which cards are of their suit: {_hands(g.by_suits)}"
    return text


def _cell_words(rules: tuple[MatchRule, ...], low: int, high: int) -> str:
    """A cell's groups in words, the hands without the dealer's ranks first; groups that decide
    alike are named together, and the rest are "otherwise" when they all decide alike."""
    base, match = _base_and_match(rules)
    said: dict[str, list[MatchRule]] = {}
    for g in (base, *match):
        said.setdefault(_rule_words(g), []).append(g)
    parts = list(said.items())
    if len(parts) == 2 and parts[0][1] == [base]:
        return f"{_group_words(base, low, high)}: {parts[0][0]}; otherwise: {parts[1][0]}"
    return "; ".join(" or ".join(_group_words(g, low, high) for g in gs) + f": {words}" for words, gs in parts)


def _suited_rows(c: SeenCellRule) -> list[list[str]]:
    """The suited rules of a cell that differ from its off-suit ones, one row per group of hands:
    class, dealer cards, the group, then a code per count of the hand's cards in the dealer's suit
    ("*": with exceptions, listed in the JSON)."""
    assert c.suited is not None
    rows = []
    for off in sorted(c.off_suit, key=lambda g: (g.low_count + g.high_count, g.low_count)):
        key = (off.low_count, off.high_count)
        by_k = {g.in_suit: g for g in c.suited if (g.low_count, g.high_count) == key}
        if all(_rule_words(g) == _rule_words(off) for g in by_k.values()):
            continue
        codes = []
        for k in range(5):
            g = by_k.get(k)
            codes.append("" if g is None else _short(g, c.cls) + ("" if _plain(g) else EXCEPTIONS_MARK))
        rows.append([SEEN_CLASSES[c.cls], _pair_label(c.low, c.high), _group_words(off, c.low, c.high)[5:], *codes])
    return rows


def _pair_label(low: int, high: int) -> str:
    return f"{RANKS[high]}-{RANKS[low]}"


def _group_json(g: MatchRule) -> dict[str, Any]:
    return {"low_count": g.low_count, "high_count": g.high_count, "in_suit": g.in_suit,
            "raise_from": None if g.raise_from is None else _hand(g.raise_from),
            "prefix": None if g.prefix is None else "".join(RANKS[r] for r in g.prefix),
            "raise_also": [_hand(v) for v in g.raise_also], "fold_also": [_hand(v) for v in g.fold_also],
            "by_suits": [{"hand": _hand(v), "raise_with": ["".join(RANKS[r] for r in q) for q in sets]}
                         for v, sets in zip(g.by_suits, g.suit_sets, strict=True)]}


def seen_rules_json(sr: SeenCardStrategy) -> list[dict[str, Any]]:
    """What decides each mixed cell, as JSON: per class and pair of dealer ranks (low, high), the
    rules for up and seen cards of two suits and (null when the same) of one suit."""
    out = []
    for (cls, low, high), c in sorted(sr.cells.items()):
        out.append({"class": SEEN_CLASSES[cls], "low": RANKS[low], "high": RANKS[high],
                    "off_suit": [_group_json(g) for g in c.off_suit],
                    "suited": None if c.suited is None else [_group_json(g) for g in c.suited],
                    "suited_decided": c.suited_share[0], "suited_total": c.suited_share[1]})
    return out


def seen_chart_json(ch: SeenChart, sr: SeenCardStrategy | None = None) -> list[dict[str, Any]]:
    """The one-seen-card chart as JSON: every class, up rank and seen rank with its raise / total
    weights, its decision (R, F or M: it depends on the rest of the hand) and, given the rules,
    the code of what decides it (as in the text grids, without the "+S") and whether dealer cards of
    one suit change that (``suited_differs``)."""
    out = []
    for cls, name in enumerate(SEEN_CLASSES):
        for up in range(13):
            for seen in range(13):
                r, t = ch.cell(cls, up, seen)
                if t:
                    row: dict[str, Any] = {"class": name, "up": RANKS[up], "seen": RANKS[seen], "raise": r,
                                           "total": t, "decision": "R" if r == t else "F" if r == 0 else "M"}
                    if sr is not None:  # the cell's code; "rules": its rules need words (see "cell_rules")
                        c = sr.cell(cls, up, seen) if row["decision"] == "M" else None
                        row["rule"] = row["decision"] if c is None else _cell_code(c, cls).removesuffix(SUIT_MARK)
                        row["suited_differs"] = c is not None and c.suited is not None
                    out.append(row)
    return out


def _cell_code(c: SeenCellRule | None, cls: int, notes: dict[tuple[int, int, int], int] | None = None) -> str:
    """A mixed cell's mark: its code, "#n" for a footnote (in JSON, "rules": see the cell's "cell_rules"),
    "+S" when suited dealer cards change it (``labels.MARKS``)."""
    assert c is not None, "a mixed cell without rules"
    code = _code(c.off_suit, cls)
    if code is None:
        key = (cls, c.low, c.high)
        code = "rules" if notes is None else note_mark(notes.setdefault(key, len(notes) + 1))
    return code + (SUIT_MARK if c.suited is not None else "")


#: The mark after a code whose rule changes when the dealer cards seen share a suit; after a suit
#: table's code that has exceptions.
SUIT_MARK, EXCEPTIONS_MARK = "+S", "*"

_LEGEND = " ".join((
    marks_legend(("R", "F", "M"), sep=". ") + ".",
    'A hand ("AK86", "4465": your ranks, pairs first) means: raise with that or better;',
    'in the A-K rows the A-K is left out ("86" means AK86).',
    marks_legend(("x/y",)) + " (your own A or K does not count).",
    marks_legend(("#n", SUIT_MARK), sep=". ") + " (the table below).",
))


def _either_order(ch: SeenChart, cls: int, high: int, low: int) -> tuple[int, int]:
    """(raise, total) weights of a class and two dealer ranks, up card and seen card either way."""
    r, t = ch.cell(cls, high, low)
    if low != high:
        r2, t2 = ch.cell(cls, low, high)
        r, t = r + r2, t + t2
    return r, t


#: The heading over the one-seen-card chart.
SEEN_CHART_HEADING = "When to raise, by the two dealer cards you see (the up card and one hole card, either way round):"


def _k1_grids(ch: SeenChart, sr: SeenCardStrategy | None, notes: dict[tuple[int, int, int], int]
              ) -> tuple[dict[int, list[list[str]]], dict[int, str], list[list[Any]]]:
    """The one-seen-card grids: per mixed class, rows high A..2 of 13 marks (columns low 2..A), the
    notes numbered into ``notes``; the classes always decided alike ("always raise"); the CSV rows."""
    grids: dict[int, list[list[str]]] = {}
    plain: dict[int, str] = {}
    rows_csv: list[list[Any]] = []
    for cls, name in enumerate(SEEN_CLASSES):
        st = ch.class_state(cls)
        if st == "none":
            continue
        if st != "M":
            plain[cls] = f"always {'raise' if st == 'R' else 'fold'}"
            continue
        grid = []
        for high in range(12, -1, -1):
            row = []
            for low in range(13):
                if low > high:
                    row.append("")
                    continue
                r, t = _either_order(ch, cls, high, low)
                mark = share(r, t)
                if sr is not None and mark not in ("R", "F", ""):
                    mark = _cell_code(sr.cell(cls, high, low), cls, notes)
                row.append(mark)
                rows_csv.append([name, RANKS[high], RANKS[low], r, t, mark])
            grid.append(row)
        grids[cls] = grid
    return grids, plain, rows_csv


def seen_chart(ch: SeenChart, fmt: str, sr: SeenCardStrategy | None = None) -> str:
    """Per class whose decision varies, one grid by the two dealer cards seen (the higher rank in
    the rows, the lower in the columns: the order of up and seen card does not matter), each mixed
    cell resolved into a rule; then the notes and the rules for dealer cards of one suit. Without
    ``sr``: the share of situations raising in each cell. JSON: ``seen_chart_doc``."""
    notes: dict[tuple[int, int, int], int] = {}
    grids, plain, rows_csv = _k1_grids(ch, sr, notes)
    parts = []
    for cls, name in enumerate(SEEN_CLASSES):
        if cls in grids:
            grid = [[RANKS[12 - i], *row] for i, row in enumerate(grids[cls])]
            parts.append(f"\n{name} (rows: the higher of the two dealer cards you see, columns: the lower)\n\n"
                         + table(grid, ["high \\ low", *RANKS], fmt if fmt != "csv" else "simple"))
        elif cls in plain:
            parts.append(f"- {name}: {plain[cls]}")
    if fmt == "csv":
        return table(rows_csv, ["class", "high", "low", "raise", "total", "rule"], "csv")
    if fmt == "json":
        return to_json(seen_chart_doc(ch, sr))
    if sr is None:
        note = ("NN% cells: the share of situations that raise; what decides them is the rest of your hand (the "
                "ranks of your other cards against the two dealer cards you see): ask ev with --dealer for one hand.")
        return "\n".join([*parts, "", note]) if any("%" in p for p in parts) else "\n".join(parts)
    out = [*parts, "", textwrap.fill(_LEGEND, 110)]
    if notes:
        out += ["", "Notes (the dealer cards seen, either order):"]
        out += [f"- {line}" for line in _k1_notes(sr, notes)]
    suited = _k1_suited(sr, fmt)
    if suited:
        out += ["", *suited]
    return "\n".join(out)


def _chart_doc(rules: Rules | None, chart: list[dict[str, Any]], cell_rules: list[dict[str, Any]] | None
               ) -> dict[str, Any]:
    out: dict[str, Any] = {} if rules is None else {"rules": rules_json(rules)}
    out["chart"] = chart
    if cell_rules is not None:
        out["cell_rules"] = cell_rules
    return out


def seen_game_doc(game: SeenCardGame | SeenCardsGame, why: Any = None) -> dict[str, Any]:
    """``solve --known-dealer-cards K --format json`` as data (``ce.as_dict`` of a ``SeenCardGame``
    or ``SeenCardsGame``): the report's fields, then "chart" and "cell_rules" (what decides each
    mixed cell: ``why``, the ``SeenCardStrategy`` or ``SeenSetStrategy`` of the game's rules,
    solved here when not given)."""
    rules = game.report.rules
    if isinstance(game, SeenCardGame):
        if why is None:
            from ...strategy.seen_chart import seen_card_strategy  # noqa: PLC0415 (numpy: when asked)

            why = seen_card_strategy(rules)
        doc = seen_chart_doc(game.chart, why, rules)
    else:
        if why is None:
            from ...strategy.seen_set_chart import seen_set_strategy  # noqa: PLC0415 (numpy: when asked)

            why = seen_set_strategy(game.k, rules)
        doc = seen_set_chart_doc(game.chart, why, rules)
    from .game import report_json  # noqa: PLC0415 (the report's fields: render.play.game)

    return {**report_json(game.report), **doc}


def seen_chart_doc(ch: SeenChart, sr: SeenCardStrategy | None = None, rules: Rules | None = None
                   ) -> dict[str, Any]:
    """The JSON object of the one-seen-card chart (``solve --known-dealer-cards 1 --table chart
    --format json``; the report's JSON has these fields too): "rules", the game's rules as in every
    JSON output (``rules``, else those ``sr`` solved; left out when neither is given), "chart"
    (``seen_chart_json``) and, given ``sr``, "cell_rules" (``seen_rules_json``). Before, k = 1 put
    the cell rules under "rules"."""
    return _chart_doc(rules if rules is not None else None if sr is None else sr.rules,
                      seen_chart_json(ch, sr), None if sr is None else seen_rules_json(sr))


def _k1_notes(sr: SeenCardStrategy, notes: dict[tuple[int, int, int], int]) -> list[str]:
    """The notes of the one-seen-card chart: "#n class, K-7: words"."""
    out = []
    for (cls, low, high), n in sorted(notes.items(), key=lambda kv: kv[1]):
        c = sr.cells[(cls, low, high)]
        out.append(f"#{n} {SEEN_CLASSES[cls]}, {_pair_label(low, high)}: {_cell_words(c.off_suit, low, high)}")
    return out


def _k1_suited(sr: SeenCardStrategy, fmt: str) -> list[str]:
    """The rules for up and seen card of one suit (the +S cells): a heading, the table, its footnote."""
    suited = [c for _, c in sorted(sr.cells.items()) if c.suited is not None]
    if not suited:
        return []
    rows = [row for c in suited for row in _suited_rows(c)]
    exceptions = sum(len(g.raise_also) + len(g.fold_also) for c in suited for g in c.suited or ())
    undecided = sorted({v for c in suited for g in c.suited or () for v in g.by_suits})
    done = sum(c.suited_share[0] for c in suited)
    total = sum(c.suited_share[1] for c in suited)
    return [f"When the up card and the seen card share a suit (the {SUIT_MARK} cells): the rule by how many "
            "of your cards are of that suit, for the hands whose rule changes (codes as in the grids):", "",
            table(rows, ["class", "dealer", "your cards", "0 in suit", "1", "2", "3", "4"], fmt),
            "", f"{EXCEPTIONS_MARK}: with exceptions ({exceptions} in all), or hands decided by which of their "
            "cards are of that "
            f"suit ({len(undecided)} hands; the counts alone decide {pct_text(done, total)} of these cells' "
            "suited situations). --format json lists every exception and, for those hands, the cards of "
            "that suit with which they raise (cell_rules: by_suits)."]


def pct_text(part: int, whole: int) -> str:
    """An exact share as a percentage for reading: never 0% or 100% unless it is."""
    if part == whole:
        return "100%"
    x = 100 * part / whole
    return f"{min(x, 99.99):.2f}%" if part else "0%"


def _ranks_text(ranks: tuple[int, ...]) -> str:
    return "".join(RANKS[r] for r in sorted(ranks, reverse=True))


_NUMBER = ("none", "one", "two", "three", "four", "five")


def _rank_count_words(counts: set[int], name: str) -> str:
    """A hand's cards of one rank, from the counts allowed: "no Q", "one x", "at most one Q"."""
    lo, hi = min(counts), max(counts)
    if counts != set(range(lo, hi + 1)):
        return " or ".join(_named_count(n, name) for n in sorted(counts))
    if lo == hi:
        return _named_count(lo, name)
    if lo == 0:
        return f"at most {_NUMBER[hi]} {name}{'s' if hi > 1 else ''}"
    return f"{_NUMBER[lo]} or more {name}s"


def _named_count(n: int, name: str) -> str:
    return "no " + name if n == 0 else f"{_NUMBER[n]} {name}{'s' if n > 1 else ''}"


def _set_groups_words(keys: list[tuple[int, ...]], every: list[tuple[int, ...]], names: list[str]) -> str:
    """Hands of the groups ``keys`` among ``every`` group of the cell (counts by the ranks ``names``),
    in words: by each rank that matters ("no Q or x", "one Q and at most one x"), else by how many of
    their cards have a dealer rank, else group by group."""
    n = len(names)
    allowed = [{k[i] for k in keys} for i in range(n)]
    if {k for k in every if all(k[i] in allowed[i] for i in range(n))} == set(keys):
        possible = [{k[i] for k in every} for i in range(n)]
        said = [i for i in range(n) if allowed[i] != possible[i]]
        if not said:
            return "with any"
        if all(allowed[i] == {0} for i in said):
            who = [names[i] for i in said][::-1]
            return "with no " + (who[0] if len(who) == 1 else ", ".join(who[:-1]) + " or " + who[-1])
        return "with " + " and ".join(_rank_count_words(allowed[i], names[i]) for i in said[::-1])
    totals = {sum(k) for k in keys}
    if {k for k in every if sum(k) in totals} == set(keys) and 0 not in totals:
        lo, top = min(totals), max(sum(k) for k in every)
        if totals == set(range(lo, top + 1)) and lo < top:
            return f"with {_NUMBER[lo]} or more cards of the dealer's ranks"
        if len(totals) == 1:
            return f"with {_NUMBER[lo]} card{'s' if lo > 1 else ''} of the dealer's ranks"
    alternatives = [" and ".join(_named_count(c, names[i]) for i, c in reversed(list(enumerate(k))) if c)
                    or "none of them" for k in sorted(keys, key=sum)]
    if len(alternatives) > 1 and any(" and " in a for a in alternatives):  # brackets: no "a or b and c"
        alternatives = [f"({a})" for a in alternatives]
    return "with " + " or ".join(alternatives)


def _set_cell_words(c: SeenSetCellRule, names: dict[int, str] | None = None) -> str:
    """A cell's rule in words: groups that decide alike named together, the largest last as
    "otherwise". ``names``: a rank's name in the words (default its letter; "x" for a lower card)."""
    said: dict[str, list[tuple[int, ...]]] = {}
    for g in c.off_suit:
        said.setdefault(_rule_words(g), []).append(g.counts)
    if len(said) == 1:
        return next(iter(said))
    every = [g.counts for g in c.off_suit]
    rank_names = [(names or {}).get(r, RANKS[r]) for r in c.distinct]
    parts = sorted(said.items(), key=lambda kv: (len(kv[1]), -min(sum(k) for k in kv[1])))
    last = parts.pop()
    words = [f"{_set_groups_words(keys, every, rank_names)}: {rule}" for rule, keys in
             sorted(parts, key=lambda kv: min(sum(k) for k in kv[1]))]
    return "; ".join([*words, f"otherwise: {last[0]}"])


def _set_code(c: SeenSetCellRule) -> str | None:
    """A cell's code as in the one-card chart: R, F, a hand, "M", "x/y" (x with none of the dealer's
    ranks, y with any), or None when it needs words."""
    base = [g for g in c.off_suit if not any(g.counts)]
    match = [g for g in c.off_suit if any(g.counts)]
    if not all(_plain(g) for g in c.off_suit):
        return None
    m = {_short(g, c.cls) for g in match}
    b = {_short(g, c.cls) for g in base}
    if len(m) > 1 or len(b) > 1:
        return None
    if not b or not m or m == b:
        return next(iter(b | m))
    (bb,), (mm,) = b, m
    return "M" if (bb, mm) == ("F", "R") else f"{bb}/{mm}"


def _lower_label(ranks: tuple[int, ...]) -> str:
    return "-".join(RANKS[r] for r in sorted(ranks, reverse=True))


def _lower_list(lows: list[tuple[int, ...]]) -> str:
    """The lower known cards of a note's part: "x = J to 2", "x = Q, 9", "x-y = 5-4, 3-3"."""
    var = "x" if len(lows[0]) == 1 else "x-y"
    if len(lows[0]) == 1:
        rs = sorted((x[0] for x in lows), reverse=True)
        if len(rs) > 2 and rs[0] - rs[-1] == len(rs) - 1:
            return f"x = {RANKS[rs[0]]} to {RANKS[rs[-1]]}"
        return "x = " + ", ".join(RANKS[r] for r in rs)
    return f"{var} = " + ", ".join(_lower_label(x) for x in sorted(lows, reverse=True))


def _lower_parts(lower: dict[str, list[tuple[int, ...]]], top: tuple[int, int]) -> list[str]:
    """A note's parts, one per rule, by the lower known cards: the part of the most lower cards last,
    as "otherwise"; a part that is exactly the lower cards making a pair among the known cards (or
    exactly those that do not) says so."""
    every = [x for xs in lower.values() for x in xs]

    def paired(x: tuple[int, ...]) -> bool:
        ranks = (*x, *top)
        return len(set(ranks)) < len(ranks)

    items = sorted(lower.items(), key=lambda kv: len(kv[1]))
    out = []
    for i, (words, xs) in enumerate(items):
        if i == len(items) - 1 and i:
            out.append(f"any other {'x' if len(xs[0]) == 1 else 'x-y'}: {words}")
            continue
        if len(xs[0]) > 1 and len(xs) > 2 and {x for x in every if paired(x)} == set(xs):
            out.append(f"a pair among the known cards: {words}")
        elif len(xs[0]) > 1 and len(xs) > 2 and {x for x in every if not paired(x)} == set(xs):
            out.append(f"{len(xs[0]) + 2} different ranks: {words}")
        else:
            out.append(f"{_lower_list(xs)}: {words}")
    return out


def _sub_words(ch: SeenSetChart, sr: SeenSetStrategy, cls: int, ranks: tuple[int, ...]) -> str | None:
    """One cell's words, its lower known ranks named "x" (and "y") when they repeat no other known
    rank, so that cells that differ only by them read alike."""
    r, t = ch.cell(cls, ranks)
    c = sr.cell(cls, ranks)
    if c is None:
        return None if not t else "raise" if r == t else "fold"
    low = ranks[:-2]
    names: dict[int, str] = {}
    if len(set(ranks)) == len(ranks):
        names = dict(zip(sorted(low, reverse=True), "xy", strict=False))
    return _set_cell_words(c, names)


#: The marks of the charts with two or three hole cards seen.
def _note_marks(notes: Sequence[str]) -> set[str]:
    """"+S" when a note says (+S): the legend then explains it."""
    return {SUIT_MARK} if any(f"({SUIT_MARK})" in n for n in notes) else set()


def _set_legend(marks: set[str]) -> str:
    """The legend of the marks a chart with two or three hole cards seen uses (``labels.MARKS``)."""
    base = {m.removesuffix(SUIT_MARK) for m in marks}
    parts = [marks_legend([m for m in ("R", "F", "M") if m in base], sep=". ") + "."]
    if any(m not in ("R", "F", "M", "") for m in base):  # the notes name hands too
        parts.append('A hand ("AK86", "4465": your ranks, pairs first) means: raise with that or better'
                     + ('; in the A-K rows of the grids the A-K is left out ("86" means AK86).'
                        if any(m not in ("R", "F", "M", "") and not m.startswith("#") for m in base) else "."))
    if any("/" in m for m in base):
        parts.append(marks_legend(("x/y",)) + ".")
    if any(m.startswith("#") for m in base):
        parts.append(marks_legend(("#n",)) + ".")
    if SUIT_MARK in marks or any(m.endswith(SUIT_MARK) for m in marks):
        parts.append(marks_legend((SUIT_MARK,)) + "; in a note, (+S) after a rule. The suit rules: "
                     "--format json, cell_rules, suited.")
    return " ".join(parts)


def _set_sub(ch: SeenSetChart, sr: SeenSetStrategy | None, cls: int, ranks: tuple[int, ...]
             ) -> tuple[str, str | None, bool]:
    """One cell of known ranks: (its mark: R, F, "" none, or its code; its words; suited rules differ)."""
    r, t = ch.cell(cls, ranks)
    c = sr.cell(cls, ranks) if sr is not None and t else None
    if c is None:
        return share(r, t), None if not t else "raise" if r == t else "fold", False
    code = _set_code(c)
    return code or "", _set_cell_words(c), c.suited is not None


@dataclass(frozen=True)
class SetChartView:
    """The chart with k = 2 or 3 hole cards seen as printed: per class, a 13 x 13 grid of marks by the
    highest and second-highest known rank; the notes (the cells whose lower ranks decide, or whose
    rule needs words); the always-raise / always-fold classes."""

    k: int
    grids: tuple[tuple[int, tuple[tuple[str, ...], ...]], ...]   # (class, rows high A..2 of 13 marks, A..2)
    notes: tuple[str, ...]       # a long note's parts after its head, a line each
    plain: tuple[str, ...]
    marks: tuple[str, ...]


def set_chart_view(ch: SeenSetChart, sr: SeenSetStrategy | None) -> SetChartView:
    """The grids and notes of the chart with k = 2 or 3 hole cards seen; without ``sr``, the share of
    situations raised in each mixed cell."""
    grids: list[tuple[int, tuple[tuple[str, ...], ...]]] = []
    notes: list[str] = []
    plain: list[str] = []
    used: set[str] = set()
    for cls, name in enumerate(SEEN_CLASSES):
        st = ch.class_state(cls)
        if st == "none":
            continue
        if st != "M":
            plain.append(f"{name}: always {'raise' if st == 'R' else 'fold'}")
            continue
        top = ch.top_two(cls)
        by_top: dict[tuple[int, int], list[tuple[int, ...]]] = {}
        for ranks, _, _ in ch.cells(cls):
            by_top.setdefault((ranks[-1], ranks[-2]), []).append(ranks)
        rows = []
        for hi in range(12, -1, -1):
            row = []
            for second in range(12, -1, -1):
                if second > hi or (hi, second) not in top:
                    row.append("")
                    continue
                r, t = top[(hi, second)]
                if sr is None or r in (0, t):
                    mark = share(r, t)
                    if sr is not None and r in (0, t) and any(sr.cell(cls, x) for x in by_top[(hi, second)]):
                        mark = "#"  # equal EVs somewhere: a note
                    row.append(mark)
                    continue
                subs = [(x, *_set_sub(ch, sr, cls, x)) for x in sorted(by_top[(hi, second)], reverse=True)]
                codes = {code for _, code, _, _ in subs if code != ""}
                suited = any(s for *_, s in subs)
                if len(codes) == 1 and all(code for _, code, _, _ in subs):
                    mark = next(iter(codes)) + (SUIT_MARK if suited else "")
                else:
                    n = len(notes) + 1
                    lower: dict[str, list[tuple[int, ...]]] = {}
                    for x, _, _, sx in subs:
                        words = _sub_words(ch, sr, cls, x)
                        if words is not None:
                            lower.setdefault(words + (f" ({SUIT_MARK})" if sx else ""), []).append(x[:-2])
                    var = "x" if ch.k == 2 else "x-y"
                    parts = _lower_parts(lower, (hi, second))
                    head = f"#{n} {name}, {RANKS[hi]}-{RANKS[second]}-{var}:"
                    one_line = f"{head} " + ". ".join(parts)
                    notes.append(one_line if len(one_line) <= 110 else "\n".join((head, *parts)))
                    mark = note_mark(n)
                row.append(mark)
            rows.append(tuple(row))
            used.update(m for m in row if m)
        grids.append((cls, tuple(rows)))
    return SetChartView(ch.k, tuple(grids), tuple(notes), tuple(plain), tuple(sorted(used)))


def seen_set_chart(ch: SeenSetChart, fmt: str, sr: SeenSetStrategy | None = None) -> str:
    """With k = 2 or 3 hole cards seen: per class whose decision varies, one 13 x 13 grid by the
    highest and second-highest rank among the dealer's k + 1 known cards, each mixed cell resolved
    into a rule (a code, or a note by the lower ranks) given ``sr``, else the share of raising over
    the lower ranks; CSV: every cell, by class and the known ranks (with its rule given ``sr``);
    JSON: ``seen_set_chart_doc``."""
    if fmt == "json":
        return to_json(seen_set_chart_doc(ch, sr))
    if fmt == "csv":
        rows_csv = []
        for cls, name in enumerate(SEEN_CLASSES):
            if ch.class_state(cls) == "none":
                continue
            for ranks, r, t in ch.cells(cls):
                row: list[Any] = [name, _ranks_text(ranks), r, t]
                if sr is not None:
                    mark, words, suited = _set_sub(ch, sr, cls, ranks)
                    row += [mark + (SUIT_MARK if suited else "") if mark else "#", words or ""]
                rows_csv.append(row)
        return table(rows_csv, ["class", "dealer known ranks", "raise", "total",
                                *(["rule", "words"] if sr is not None else [])], "csv")
    view = set_chart_view(ch, sr)
    parts = []
    grids = dict(view.grids)
    for cls, name in enumerate(SEEN_CLASSES):
        if cls in grids:
            what = ("each cell resolved into a rule" if sr is not None else
                    f"share of situations raised, over the {'third known rank' if ch.k == 2 else 'other two'}")
            parts.append(f"\n{name} (rows: the dealer's highest known rank, columns: the second highest; {what})\n\n"
                         + table([[RANKS[12 - i], *row] for i, row in enumerate(grids[cls])],
                                 ["high \\ 2nd", *RANKS[::-1]], fmt))
        elif any(p.startswith(name + ":") for p in view.plain):
            parts.append(f"- {name}: " + next(p for p in view.plain if p.startswith(name + ":")).split(": ", 1)[1])
    if sr is None:
        return "\n".join(parts)
    out = [*parts, "", textwrap.fill(_set_legend(set(view.marks) | _note_marks(view.notes)), 110)]
    if view.notes:
        out += ["", _set_notes_head(ch.k)]
        out += ["- " + n.replace("\n", "\n  - ") for n in view.notes]
    return "\n".join(out)


def _set_notes_head(k: int) -> str:
    """The heading of the notes with k = 2 or 3 hole cards seen."""
    var, what = ("x", "the lowest known card") if k == 2 else ("x-y", "the two lowest known cards, high to low")
    return (f"Notes (a cell whose rule depends on the lower known card{'s' if k == 3 else ''} or needs words; "
            f"the dealer's known cards high to low, {var} {what}):")


def seen_set_rules_json(sr: SeenSetStrategy) -> list[dict[str, Any]]:
    """What decides each mixed cell with k = 2 or 3 hole cards seen, as JSON: per class and known
    ranks (high to low), the groups of hands by their cards of each distinct known rank (``counts``,
    in the order of ``distinct``), for known cards not all of one suit and (null when the same) all of one."""
    out = []
    for (cls, ranks), c in sorted(sr.cells.items(), key=lambda kv: (kv[0][0], kv[0][1][::-1])):
        distinct = list(c.distinct)
        out.append({"class": SEEN_CLASSES[cls], "known": _ranks_text(ranks),
                    "distinct": "".join(RANKS[r] for r in distinct),
                    "code": _set_code(c), "words": _set_cell_words(c),
                    "off_suit": [_set_group_json(g) for g in c.off_suit],
                    "suited": None if c.suited is None else [_set_group_json(g) for g in c.suited],
                    "suited_decided": c.suited_share[0], "suited_total": c.suited_share[1]})
    return out


def _set_group_json(g: SetMatchRule) -> dict[str, Any]:
    return {"counts": list(g.counts), "in_suit": g.in_suit,
            "raise_from": None if g.raise_from is None else _hand(g.raise_from),
            "prefix": None if g.prefix is None else "".join(RANKS[r] for r in g.prefix),
            "raise_also": [_hand(v) for v in g.raise_also], "fold_also": [_hand(v) for v in g.fold_also],
            "by_suits": [{"hand": _hand(v), "raise_with": ["".join(RANKS[r] for r in q) for q in sets]}
                         for v, sets in zip(g.by_suits, g.suit_sets, strict=True)]}


def seen_set_chart_json(ch: SeenSetChart, sr: SeenSetStrategy | None = None) -> list[dict[str, Any]]:
    """The chart with k = 2 or 3 hole cards seen as JSON: every class and known ranks (high to low)
    with its raise / total weights, its decision (R, F or M) and, given the rules, its code ("rule":
    as in the grids; "words" when it needs them) and whether known cards of one suit change it."""
    out = []
    for cls, name in enumerate(SEEN_CLASSES):
        for ranks, r, t in ch.cells(cls):
            row: dict[str, Any] = {"class": name, "known": _ranks_text(ranks), "raise": r, "total": t,
                                   "decision": "R" if r == t else "F" if r == 0 else "M"}
            if sr is not None:
                mark, _, suited = _set_sub(ch, sr, cls, ranks)
                row["rule"] = mark or "words"
                row["suited_differs"] = suited
            out.append(row)
    return out


def seen_set_chart_doc(ch: SeenSetChart, sr: SeenSetStrategy | None = None, rules: Rules | None = None
                       ) -> dict[str, Any]:
    """The JSON object of the chart with k = 2 or 3 hole cards seen (``solve --known-dealer-cards K
    --table chart --format json``; the report's JSON has these fields too): "rules", the game's
    rules (``rules``, else those ``sr`` solved; left out when neither is given), "chart"
    (``seen_set_chart_json``) and, given ``sr``, "cell_rules" (``seen_set_rules_json``)."""
    return _chart_doc(rules if rules is not None else None if sr is None else sr.rules,
                      seen_set_chart_json(ch, sr), None if sr is None else seen_set_rules_json(sr))


@dataclass(frozen=True)
class SeenPrint:
    """A seen-card chart as the printed pages carry it (``seen_plot``): the grids of marks, the
    classes always decided alike, the legend, the notes and (one card seen) the suit table."""

    k: int
    row_head: str                                                  # the grids' corner: "high \\ low"
    columns: tuple[str, ...]                                       # the 13 column ranks, as printed
    grids: tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]     # (caption, rows A..2 of 13 marks)
    plain: tuple[str, ...]                                         # "straight: always raise"
    legend: str
    notes_head: str
    notes: tuple[str, ...]       # "#n ...": a paragraph each; a long one's parts after its head, a line each
    extra: tuple[str, ...]                                         # lines in a fixed-width font


def seen_print(ch: SeenChart, sr: SeenCardStrategy) -> SeenPrint:
    """The one-seen-card chart with its rules, for printing."""
    notes: dict[tuple[int, int, int], int] = {}
    grids, plain, _ = _k1_grids(ch, sr, notes)
    caption = "rows: the higher of the two dealer cards you see, columns: the lower"
    suited = "\n".join(_k1_suited(sr, "simple")).split("\n")
    return SeenPrint(1, "high \\ low", tuple(RANKS),
                     tuple((f"{SEEN_CLASSES[c]} ({caption})", tuple(tuple(r) for r in g)) for c, g in grids.items()),
                     tuple(f"{SEEN_CLASSES[c]}: {w}" for c, w in plain.items()), _LEGEND,
                     "Notes (the dealer cards seen, either order):", tuple(_k1_notes(sr, notes)),
                     tuple(suited))


def seen_set_print(ch: SeenSetChart, sr: SeenSetStrategy) -> SeenPrint:
    """The chart with k = 2 or 3 hole cards seen with its rules, for printing."""
    view = set_chart_view(ch, sr)
    caption = "rows: the dealer's highest known rank, columns: the second highest"
    return SeenPrint(ch.k, "high \\ 2nd", tuple(RANKS[::-1]),
                     tuple((f"{SEEN_CLASSES[c]} ({caption})", g) for c, g in view.grids), view.plain,
                     _set_legend(set(view.marks) | _note_marks(view.notes)),
                     _set_notes_head(ch.k), view.notes, ())
