"""Known cards: the one-seen-card chart (known_cards) and sampled games (sampling)."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from ...model.cards import RANKS
from ...model.hands import value_ranks
from ...play.known_cards import SeenChart, SeenSetChart
from ...play.sampling import SampledReport
from ..labels import SEEN_CLASSES, marks_legend, note_mark
from ..text import dec, describe_rules, pct, rules_json, share, table, to_json

if TYPE_CHECKING:  # numpy loads with seen_rules: only where the rules are computed
    from ...strategy.seen_chart import MatchRule, SeenCardStrategy, SeenCellRule


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


def _start(g: MatchRule, strip: int = 0) -> str:
    """The hands a rule raises from: its prefix ("AK86"), else the lowest raising hand."""
    assert g.raise_from is not None
    ranks = g.prefix if g.prefix is not None else value_ranks(g.raise_from)
    return "".join(RANKS[r] for r in ranks[strip:])


#: The ranks a class's every hand starts with, left out of the chart's codes (A-K high: "AK").
_STRIP = {1: 2}


def _short(g: MatchRule, cls: int) -> str:
    """A group's rule as a code: R, F or the hands it raises from ("86": A-K-8-6 or better)."""
    if g.raise_from is None:
        return "F"
    if g.prefix == ():
        return "R"
    return _start(g, _STRIP.get(cls, 0))


def _plain(g: MatchRule) -> bool:
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


def _rule_words(g: MatchRule) -> str:
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
                    if sr is not None:  # the cell's code; "rules": its rules need words (see "rules")
                        c = sr.cell(cls, up, seen) if row["decision"] == "M" else None
                        row["rule"] = row["decision"] if c is None else _cell_code(c, cls).removesuffix(SUIT_MARK)
                        row["suited_differs"] = c is not None and c.suited is not None
                    out.append(row)
    return out


def _cell_code(c: SeenCellRule | None, cls: int, notes: dict[tuple[int, int, int], int] | None = None) -> str:
    """A mixed cell's mark: its code, "#n" for a footnote (in JSON, "rules": see the cell's rules),
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


def seen_chart(ch: SeenChart, fmt: str, sr: SeenCardStrategy | None = None) -> str:
    """Per class whose decision varies, one grid by the two dealer cards seen (the higher rank in
    the rows, the lower in the columns: the order of up and seen card does not matter), each mixed
    cell resolved into a rule; then the notes and the rules for dealer cards of one suit. Without
    ``sr``: the share of situations raising in each cell."""
    parts = []
    rows_csv = []
    notes: dict[tuple[int, int, int], int] = {}
    for cls, name in enumerate(SEEN_CLASSES):
        st = ch.class_state(cls)
        if st == "none":
            continue
        if st != "M":
            parts.append(f"- {name}: always {'raise' if st == 'R' else 'fold'}")
            continue
        grid = []
        for high in range(12, -1, -1):
            row = [RANKS[high]]
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
        parts.append(f"\n{name} (rows: the higher of the two dealer cards you see, columns: the lower)\n\n"
                     + table(grid, ["high \\ low", *RANKS], fmt if fmt != "csv" else "simple"))
    if fmt == "csv":
        return table(rows_csv, ["class", "high", "low", "raise", "total", "rule"], "csv")
    if fmt == "json":
        return to_json({"chart": seen_chart_json(ch, sr), **({"rules": seen_rules_json(sr)} if sr else {})})
    if sr is None:
        note = ("NN% cells: the share of situations that raise; what decides them is the rest of your hand (the "
                "ranks of your other cards against the two dealer cards you see): ask ev with --dealer for one hand.")
        return "\n".join([*parts, "", note]) if any("%" in p for p in parts) else "\n".join(parts)
    out = [*parts, "", textwrap.fill(_LEGEND, 110)]
    if notes:
        out += ["", "Notes (the dealer cards seen, either order):"]
        for (cls, low, high), n in sorted(notes.items(), key=lambda kv: kv[1]):
            c = sr.cells[(cls, low, high)]
            words = _cell_words(c.off_suit, low, high)
            out.append(f"- #{n} {SEEN_CLASSES[cls]}, {_pair_label(low, high)}: {words}")
    suited = [c for _, c in sorted(sr.cells.items()) if c.suited is not None]
    if suited:
        rows = [row for c in suited for row in _suited_rows(c)]
        exceptions = sum(len(g.raise_also) + len(g.fold_also) for c in suited for g in c.suited or ())
        undecided = sorted({v for c in suited for g in c.suited or () for v in g.by_suits})
        done = sum(c.suited_share[0] for c in suited)
        total = sum(c.suited_share[1] for c in suited)
        out += ["", f"When the up card and the seen card share a suit (the {SUIT_MARK} cells): the rule by how many "
                "of your cards are of that suit, for the hands whose rule changes (codes as in the grids):", "",
                table(rows, ["class", "dealer", "your cards", "0 in suit", "1", "2", "3", "4"], fmt),
                "", f"{EXCEPTIONS_MARK}: with exceptions ({exceptions} in all), or hands decided by which of their "
                "cards are of that "
                f"suit ({len(undecided)} hands; the counts alone decide {pct_text(done, total)} of these cells' "
                "suited situations). --format json lists every exception and, for those hands, the cards of "
                "that suit with which they raise (rules: by_suits)."]
    return "\n".join(out)


def pct_text(part: int, whole: int) -> str:
    """An exact share as a percentage for reading: never 0% or 100% unless it is."""
    if part == whole:
        return "100%"
    x = 100 * part / whole
    return f"{min(x, 99.99):.2f}%" if part else "0%"


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
