"""Card switching (Oasis Poker), one hand: every discard set with its fee, exact EV and decision."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ...model.cards import RANKS, format_cards
from ...model.draw import SwitchFees
from ...model.hands import CATEGORIES
from ...play.switch_exact import ExactSwitchGame
from ...play.switch_game import OneCardGame, OneOrFiveGame, StandOrOption, SwitchGame, SwitchProof, SwitchSample
from ...play.switching import SwitchAnalysis, SwitchOption
from ..labels import outcome_label
from ..text import Cell, counted, dec, describe_rules, frac, grouped, pct, rules_json, table, to_json
from .game import return_row_json, wrap


def _decision_text(o: SwitchOption) -> str:
    if o.decision == "depends":
        return f"raise after {o.raise_replacements:,} of {counted(o.replacements, 'replacement')}"
    return o.decision


def option_json(o: SwitchOption) -> dict[str, Any]:
    """One option as JSON (field names are a public interface)."""
    return {
        "discard": [str(c) for c in o.discard],
        "kept": [str(c) for c in o.kept],
        "fee": str(o.fee),
        "ev": str(o.ev),
        "ev_before_fee": str(o.game_ev),
        "decision": o.decision,
        "raise_replacements": o.raise_replacements,
        "replacements": o.replacements,
        "deals": o.totals.total_weight,
    }


def options_json(o: SwitchOption) -> dict[str, Any]:
    """One option in the ``"options"`` list: every option of a hand, buying included."""
    return {
        "kind": o.kind,
        "discard": [str(c) for c in o.discard],
        "fee": str(o.fee),
        "ev": str(o.ev),
        "raise_share": str(o.raise_share),
        "decision": o.decision,
    }


def switch_json(a: SwitchAnalysis) -> dict[str, Any]:
    """Every option of one hand, best first: ``"switch"`` standing and the discard sets (as before
    buying existed), ``"options"`` every option, buying a sixth card included."""
    return {
        "hand": format_cards(a.hand),
        "up": str(a.up),
        "switch_fees": list(a.draw.switch_fees),
        "switch": [option_json(o) for o in a.switches],
        "options": [options_json(o) for o in a.options],
        "rules": rules_json(a.game_rules),
    }


def _option_label(o: SwitchOption) -> str:
    if o.bought:
        return "(buy a 6th card)"
    return " ".join(str(c) for c in o.discard) or "(stand)"


def _draw_words(a: SwitchAnalysis) -> str:
    parts = []
    if a.fees is not None:
        n = len(a.fees.fees)
        parts.append(f"card switching, fee{'s' if n > 1 else ''} in antes {a.fees.short()} for "
                     f"{', '.join(str(k) for k in range(1, n + 1))} card{'s' if n > 1 else ''}"
                     + not_allowed_text(a.fees))
    if a.draw.buy is not None:
        parts.append(f"a sixth card for {a.draw.buy} ante{'' if a.draw.buy == 1 else 's'}")
    return " or ".join(parts)


def switch_options(a: SwitchAnalysis, fmt: str, wide: bool = False) -> str:
    """The options of one hand as a table, best first (CSV: the table alone). The text fits 80
    columns: the EVs as decimals, "raise after 42 of 46"; ``wide``: the exact EVs beside them and
    the replacements named (the CSV's table)."""
    if fmt == "json":
        return to_json(switch_json(a))
    full = wide or fmt == "csv"
    rows: list[list[Cell]] = []
    for o in a.options:
        label = _option_label(o)
        then = _decision_text(o)
        rows.append([label, frac(o.fee), frac(o.ev), dec(o.ev), then] if full else
                    [label, frac(o.fee), dec(o.ev), then.removesuffix(" replacements")])
    headers = (["switch", "fee", "EV per ante (exact, fee included)", "decimal", "then"] if full else
               ["switch", "fee", "EV per ante", "then"])
    if fmt == "csv":
        return table(rows, headers, fmt)
    b = a.best
    best = "buy a sixth card" if b.bought else "switch " + " ".join(str(c) for c in b.discard) if b.discard else "stand"
    lines = [f"hand {format_cards(a.hand)}, dealer up card {a.up}; {_draw_words(a)}",
             f"rules: {describe_rules(a.rules)}", "",
             f"best: {best} (EV {dec(b.ev)} per ante, fee included); then {_decision_text(b)}", "",
             table(rows, headers, fmt)]
    if full:
        return "\n".join(lines)
    lines[0], lines[3] = wrap(lines[0]), wrap(lines[3])
    return "\n".join([*lines, "", wrap("EV per ante: exact, the fee included, shown as a decimal; then: the "
                                       "decision after the draw, raise after so many of the replacement sets; "
                                       "the exact fractions with --wide or --format json")])


def switch_sample_json(s: SwitchSample) -> dict[str, Any]:
    """A sampled whole game with card switching (field names are a public interface)."""
    return {
        "switch_fees": list(s.fees.texts()),
        "deals": s.deals,
        "seed": s.seed,
        "exact": False,
        "house_edge": str(s.house_edge),
        "half_width": s.half_width,
        "plain_return": str(s.plain_return),
        "mean_gain": str(s.mean_gain),
        "best_switch_sizes": list(s.best_sizes),
        "excluded_sizes": {str(j): str(b) for j, b in s.excluded.items()},
        "excluded_sizes_by_up_rank": {RANKS[r]: sorted(ex) for r, ex in enumerate(s.excluded_by_up)},
        "rules": rules_json(s.game_rules),
    }


def switch_sample(s: SwitchSample, fmt: str) -> str:
    """The sampled whole game: the estimate, its interval, the sizes excluded by proof."""
    if fmt == "json":
        return to_json(switch_sample_json(s))
    hw = s.half_width
    rows: list[list[Cell]] = [
        ["house edge (estimate)", f"{pct(s.house_edge)} +/- {hw * 100:.4f} points", "95% interval, sampled"],
        ["plain game, exact (the control variate)", pct(-s.plain_return), frac(-s.plain_return)],
        ["mean gain of switching over standing", dec(s.mean_gain), f"over {counted(s.deals, 'sampled hand')}"],
    ]
    for j, n in enumerate(s.best_sizes):
        rows.append([f"best option switches {j} card{'s' if j != 1 else ''}", grouped(n),
                     "excluded by proof" if j in s.excluded else ""])
    for j, b in s.excluded.items():
        rows.append([f"bound on any {j}-card switch (EV per ante)", dec(b), "below -1 (stand and fold): never best"])
    for j in range(1, 6):
        ranks = "".join(RANKS[r] for r, ex in enumerate(s.excluded_by_up) if j in ex)
        if ranks and j not in s.excluded:
            rows.append([f"{j}-card switches never best against an up card of", ranks,
                         "proven by rank: a bound below -1"])
    head = [f"Card switching (Oasis Poker), fees in antes {s.fees.short()}; each sampled hand's best option exact",
            f"rules: {describe_rules(s.rules)}", ""]
    return "\n".join([*head, table(rows, ["figure", "value", "detail"], fmt)])


def one_card_game_json(g: OneCardGame) -> dict[str, Any]:
    """The exact one-card game (field names are a public interface)."""
    return {
        "fee": str(g.fee),
        "exact": True,
        "house_edge": str(g.house_edge),
        "return": str(g.return_per_ante),
        "element_of_risk": str(g.element_of_risk),
        "expected_wager": str(g.expected_wager),
        "switch_probability": str(g.switch_probability),
        "raise_probability": str(g.raise_probability),
        "situations": g.situations,
        "switch_situations": g.switch_situations,
        "by_category": [{"category": CATEGORIES[k], "stand_fold": c[0], "stand_raise": c[1], "switch": c[2]}
                        for k, c in enumerate(g.by_category)],
        "switched_rank": {RANKS[r]: n for r, n in enumerate(g.switched_rank)},
        "return_table": [{"part": part, **return_row_json(r)} for part, r in g.return_rows],
        "deals": g.total_weight,
    }


def proof_json(p: SwitchProof) -> dict[str, Any]:
    """The situation by situation bounds of the larger switches (field names are a public interface)."""
    return {
        "sizes": list(p.sizes),
        "excluded": list(p.excluded),
        "situations": p.situations,
        "undecided": {str(j): p.undecided(j) for j in p.sizes},
        "undecided_any": p.undecided(0),
        "excluded_by_up_rank": {RANKS[r]: list(p.excluded_by_up(r)) for r in p.counts.ranks},
        "examples": [{"hand": format_cards(h), "up": str(u), "discard": [str(c) for c in d]}
                     for h, u, d in p.examples],
    }


#: The situations beside an up card of one rank: 4 suits x C(51, 5) hands.
RANK_SITUATIONS = 4 * math.comb(51, 5)

#: The tables of the game with the five-card switch: their headers, in the order of ``one_or_five_rows``.
ONE_OR_FIVE_HEADERS: tuple[tuple[str, ...], ...] = (
    ("figure", "exact", "display"),
    ("hand", "situations", "stand, fold", "stand, raise", "switch one card", "switch all five"),
    ("rank", "situations", "share"),
    ("part", "outcome", "net", "probability", "contribution"),
)


def one_or_five_rows(g: OneOrFiveGame) -> tuple[list[list[str]], ...]:
    """The game with the five-card switch's four tables as rows of text (``ONE_OR_FIVE_HEADERS``):
    its figures, what the player does by his five cards' category, the card switched (one card) by
    rank, and the return table (the five-card switches in one row: their share and mean net)."""
    figures = [
        ["house edge", frac(g.house_edge), pct(g.house_edge)],
        ["element of risk", frac(g.element_of_risk), pct(g.element_of_risk)],
        ["expected wager (antes: ante, raise, fee)", frac(g.expected_wager), dec(g.expected_wager)],
        ["P(switch one card)", frac(g.one_probability), pct(g.one_probability)],
        ["P(switch all five)", frac(g.five_probability), pct(g.five_probability)],
        *([f"  against a {RANKS[r]} up", frac(Fraction(n, RANK_SITUATIONS)), pct(Fraction(n, RANK_SITUATIONS))]
          for r, n in enumerate(g.five_by_up_rank) if n),
        ["P(raise)", frac(g.raise_probability), pct(g.raise_probability)],
    ]
    acts: list[list[str]] = []
    for k, c in enumerate(g.by_category):
        n = sum(c)
        if n:
            acts.append([CATEGORIES[k], grouped(n), *(pct(Fraction(x, n), 2) for x in c)])
    one = g.part.switch_situations
    ranks = [[RANKS[r], grouped(n), pct(Fraction(n, one), 2) if one else "-"]
             for r, n in reversed(list(enumerate(g.part.switched_rank))) if n]
    ret = [[part, outcome_label(r.outcome, r.category), frac(r.net) if r.outcome != "any" else dec(r.net, 6),
            dec(r.probability, 8), dec(r.contribution, 8)] for part, r in g.return_rows if r.count]
    return figures, acts, ranks, ret


def one_or_five_json(g: OneOrFiveGame) -> dict[str, Any]:
    """The game with the five-card switch as JSON (field names are a public interface)."""
    return {
        "fees": list(g.fees.texts()),
        "house_edge": str(g.house_edge),
        "return": str(g.return_per_ante),
        "element_of_risk": str(g.element_of_risk),
        "expected_wager": str(g.expected_wager),
        "one_card_probability": str(g.one_probability),
        "five_card_probability": str(g.five_probability),
        "raise_probability": str(g.raise_probability),
        "situations": g.situations,
        "one_card_situations": g.part.switch_situations,
        "five_card_situations": g.five_situations,
        "five_card_value": str(g.five_value),
        "five_card_situations_by_up_rank": {RANKS[r]: n for r, n in enumerate(g.five_by_up_rank)},
        "by_category": {CATEGORIES[k]: dict(zip(("stand_fold", "stand_raise", "switch_one", "switch_five"), c,
                                                strict=True)) for k, c in enumerate(g.by_category)},
        "switched_rank": {RANKS[r]: n for r, n in enumerate(g.part.switched_rank)},
        "return_table": [{"part": part, **return_row_json(r)} for part, r in g.return_rows],
    }


def sizes_text(js: tuple[int, ...]) -> str:
    """Switch sizes as text: "2, 3, 4"."""
    return ", ".join(str(j) for j in js)


def not_allowed_text(f: SwitchFees) -> str:
    """After a schedule's sizes: " (x: not allowed; 2, 3 only)" where it forbids some, else ""."""
    return "" if len(f.sizes) == len(f.fees) else f" (x: not allowed; {sizes_text(f.sizes)} only)"


def best_of_base(f: SwitchFees) -> str:
    """What a larger switch is bounded against: "at most one card", or "standing" where the fees do
    not allow one card (its game is then the plain game)."""
    return "at most one card" if f.allows(1) else "standing"


def base_game(f: SwitchFees) -> str:
    """The game every larger switch is measured from, in words."""
    return "switching at most one card" if f.allows(1) else "without switching (one card is not allowed)"


def proof_text(p: SwitchProof) -> str:
    """What the bounds proved, in a line."""
    if p.exact and p.five_counted:
        return (f"than the best of {'standing, one card' if p.fees.allows(1) else 'standing'} and all five "
                f"(counted exactly), in all {p.situations:,} situations (exact bounds)")
    if p.exact:
        return f"than {best_of_base(p.fees)}, in all {p.situations:,} situations (exact bounds)"
    parts = [f"{sizes_text(p.excluded)} cards: never better than {best_of_base(p.fees)}"] if p.excluded else []
    parts += [f"{j} cards: open in {p.undecided(j):,} situations" for j in p.open_sizes]
    return "; ".join(parts)


#: The counted game's tables: their headers, in the order of ``counted_rows`` (the option columns
#: follow "stand, raise": "switch 1", "switch 2", ... up to the schedule's largest size counted).
COUNTED_HEADERS: tuple[tuple[str, ...], ...] = (
    ("figure", "exact", "display"),
    ("hand", "situations", "stand, fold", "stand, raise"),
    ("part", "outcome", "net", "probability", "contribution"),
)


def _counted_sizes(g: ExactSwitchGame) -> int:
    """The largest switch size the counted game allows."""
    return len(g.fees.fees)


def counted_sizes_text(g: ExactSwitchGame) -> str:
    """The sizes the counted game counts, for "every discard set of ... cards": "up to 3", or where some
    size between is not counted (not allowed, or proven never better) "1, 2 or 5"."""
    sizes = g.fees.sizes
    if sizes == tuple(range(1, sizes[-1] + 1)):
        return f"up to {sizes[-1]}"
    return f"{sizes_text(sizes[:-1])} or {sizes[-1]}" if len(sizes) > 1 else str(sizes[0])


def counted_rows(g: ExactSwitchGame) -> tuple[list[list[str]], ...]:
    """The counted game's three tables as rows of text (``COUNTED_HEADERS``, an option column per
    size): its figures (the chance of switching each size), what the player does by his five cards'
    category, and the return table (a switch's nets less its fee)."""
    n = _counted_sizes(g)
    figures, acts, _, ret = option_game_rows(g, tuple(f"P(switch {k} card{'s' if k > 1 else ''})"
                                                      for k in range(1, n + 1)), None)
    return figures, [a[:4 + n] for a in acts], ret


def counted_up_rows(g: ExactSwitchGame) -> list[list[str]]:
    """What the player does against each up rank (ace first; header ``COUNTED_HEADERS[1]`` with "up
    card" for "hand", an option column per size): the share of its situations standing and folding,
    standing and raising, switching each size."""
    n = _counted_sizes(g)
    rows = []
    for r, c in sorted(zip(g.up_ranks, g.by_up_rank, strict=True), reverse=True):
        t = sum(c)
        rows.append([RANKS[r], grouped(t), *(pct(Fraction(x, t), 2) for x in c[:2 + n])])
    return rows


def counted_json(g: ExactSwitchGame) -> dict[str, Any]:
    """The whole game counted exactly over every switch size up to the schedule's largest (an
    ``ExactSwitchGame``; field names are a public interface): its fees, figures, the situations of
    each choice (``by_size``: standing, then 1, 2, ... cards), what the player does by category
    (``switch``: the situations switching 1, 2, ... cards) and the return table."""
    n = _counted_sizes(g)
    return {
        "fees": list(g.fees.texts()),
        "exact": True,
        "house_edge": str(g.house_edge),
        "return": str(g.return_per_ante),
        "element_of_risk": str(g.element_of_risk),
        "expected_wager": str(g.expected_wager),
        "raise_probability": str(g.raise_probability),
        "switch_probability": [str(Fraction(g.situations_of(k), g.situations)) for k in range(1, n + 1)],
        "situations": g.situations,
        "by_size": [g.situations - g.option_situations, *(g.situations_of(k) for k in range(1, n + 1))],
        "by_category": [{"category": CATEGORIES[k], "stand_fold": c[0], "stand_raise": c[1],
                         "switch": list(c[2:2 + n])} for k, c in enumerate(g.by_category)],
        "by_up_rank": [{"up_rank": RANKS[r], "stand_fold": c[0], "stand_raise": c[1], "switch": list(c[2:2 + n])}
                       for r, c in zip(g.up_ranks, g.by_up_rank, strict=True)],
        "return_table": [{"part": part, **return_row_json(r)} for part, r in g.return_rows],
        "deals": g.total_weight,
    }


def switch_game_json(g: SwitchGame) -> dict[str, Any]:
    """The whole game with card switching: every field of the sampled game (``switch_sample_json``),
    valued for this computation, and ``house_edge_at_most``, ``one_card_game``, ``larger_switches``,
    ``proof`` (``proof_json``, or null for a one-card table), ``game`` (``one_or_five_json``: the whole
    game with the five-card switch counted, where it is exact; else null), ``counted`` (``counted_json``:
    the whole game counted over every size up to the largest the bounds left open; else null)."""
    one = g.one_card
    s = g.sample
    sampled = s is not None and not g.exact
    ret = -g.house_edge
    return {
        "switch_fees": list(g.fees.texts()),
        "deals": s.deals if s is not None else 0,
        "seed": s.seed if s is not None else None,
        "exact": g.exact,
        "house_edge": str(g.house_edge),
        "half_width": g.half_width if g.half_width != math.inf else None,
        "plain_return": str(g.plain_return),
        "mean_gain": str(ret - g.plain_return),
        "best_switch_sizes": list(s.best_sizes) if sampled and s is not None
        else [*g.counted.by_size, 0][:len(g.fees.fees) + 1] if g.counted is not None
        else [one.situations - one.switch_situations, one.switch_situations, 0, 0, 0, 0][:len(g.fees.fees) + 1],
        "excluded_sizes": {str(j): str(b) for j, b in g.excluded.items()},
        "excluded_sizes_by_up_rank": {RANKS[r]: sorted(ex) for r, ex in enumerate(g.excluded_by_up)},
        "house_edge_at_most": str(g.house_edge_bound),
        "one_card_game": one_card_game_json(one) if g.fees.allows(1) else None,  # (not allowed: the plain game)
        "larger_switches": {
            "deals": s.deals, "seed": s.seed, "mean_gain": str(s.mean_difference),
            "half_width": s.difference_half_width, "hands_switching_more": sum(s.best_sizes[2:]),
        } if sampled and s is not None else None,
        "proof": proof_json(g.proof) if g.proof is not None else None,
        "game": one_or_five_json(g.exact_game) if g.exact_game is not None else None,
        "counted": counted_json(g.counted) if g.counted is not None else None,
        "rules": rules_json(g.game_rules),
    }


#: The one-card game's tables: their headers, in the order of ``one_card_rows``.
ONE_CARD_HEADERS: tuple[tuple[str, ...], ...] = (
    ("figure", "exact", "display"),
    ("hand", "situations", "stand, fold", "stand, raise", "switch a card"),
    ("rank", "situations", "share"),
    ("part", "outcome", "net", "probability", "contribution"),
)


def one_card_rows(g: OneCardGame) -> tuple[list[list[str]], ...]:
    """The one-card game's four tables as rows of text (headers ``ONE_CARD_HEADERS``): its figures,
    what the player does by his five cards' category, the card switched by rank (ace first), and
    the return table (a switch's nets less the fee; rows with no deal left out)."""
    return option_game_rows(g, ("P(switch a card)",), g.switched_rank)


def option_game_rows(g: StandOrOption, options: tuple[str, ...], by_rank: tuple[int, ...] | None
                     ) -> tuple[list[list[str]], ...]:
    """A stand-or-option game's four tables as rows of text: its figures (``options``: the label of
    each option's probability), what the player does by his five cards' category (stand and fold,
    stand and raise, each option), the situations of ``by_rank`` (13 counts, deuce first; shown ace
    first, with their share; None: no rows), and the return table."""
    figures = [
        ["house edge", frac(g.house_edge), pct(g.house_edge)],
        ["element of risk", frac(g.element_of_risk), pct(g.element_of_risk)],
        ["expected wager (antes: ante, raise, fee)", frac(g.expected_wager), dec(g.expected_wager)],
    ]
    for k, label in enumerate(options, 1):
        p = Fraction(g.situations_of(k), g.situations)
        figures.append([label, frac(p), pct(p)])
    figures.append(["P(raise)", frac(g.raise_probability), pct(g.raise_probability)])
    acts: list[list[str]] = []
    for k, c in enumerate(g.by_category):
        n = sum(c)
        if n:
            acts.append([CATEGORIES[k], grouped(n), *(pct(Fraction(x, n), 2) for x in c)])
    return figures, acts, rank_rows(by_rank) if by_rank is not None else [], [
        [part, outcome_label(r.outcome, r.category), frac(r.net), dec(r.probability, 8), dec(r.contribution, 8)]
        for part, r in g.return_rows if r.count]


def rank_rows(by_rank: tuple[int, ...]) -> list[list[str]]:
    """13 counts by rank (deuce first) as rows, ace first, with their shares (ranks with none left out)."""
    total = sum(by_rank)
    return [[RANKS[r], grouped(n), pct(Fraction(n, total), 2) if total else "-"]
            for r, n in reversed(list(enumerate(by_rank))) if n]


def one_card_tables(g: OneCardGame, fmt: str) -> list[str]:
    """The one-card game's figures, what the player does by hand, the card switched, the return table."""
    figures, acts, ranks, ret = one_card_rows(g)
    h = ONE_CARD_HEADERS
    return [table(figures, list(h[0]), fmt), "",
            "what the player does, by his five cards (share of the situations of each category):",
            table(acts, list(h[1]), fmt), "",
            "the card switched, by rank:", table(ranks, list(h[2]), fmt), "",
            "return table (probabilities over every deal; a switch's nets less the fee):",
            table(ret, list(h[3]), fmt)]


def switch_game(g: SwitchGame, fmt: str) -> str:
    """The whole game with card switching: the exact one-card game, and the sampled gain of
    switching more than one card where the fees allow it."""
    if fmt == "json":
        return to_json(switch_game_json(g))
    one = g.one_card
    n = len(g.fees.fees)
    head = [f"Card switching (Oasis Poker), fees in antes {g.fees.short()}"
            + (" (one card only)" if n == 1 else f" for 1 to {n} cards" + not_allowed_text(g.fees)),
            f"rules: {describe_rules(one.rules)}", ""]
    rows: list[list[Cell]] = []
    counted_game = g.counted
    if counted_game is not None and g.proof is not None:
        m = _counted_sizes(counted_game)
        more = tuple(k for k in counted_game.fees.sizes if k >= 2)
        rows.append(["house edge (exact)", pct(g.house_edge), frac(g.house_edge)])
        rows.append([f"switching 2{' to ' + str(m) if m > 2 else ''} cards" if more == tuple(range(2, m + 1))
                     else f"switching {sizes_text(more)} cards", "counted exactly",
                     f"every discard set of {counted_sizes_text(counted_game)} cards in all "
                     f"{counted_game.situations:,} situations"])
        if g.proof.excluded:
            rows.append([f"switching {sizes_text(g.proof.excluded)} cards", "never better",
                         f"than {best_of_base(g.fees)}, in all {g.proof.situations:,} situations (exact bounds)"])
        rows.append([f"house edge, {base_game(g.fees)}", pct(one.house_edge), frac(one.house_edge)])
    elif g.exact:
        rows.append(["house edge (exact)", pct(g.house_edge), frac(g.house_edge)])
        if g.proof is not None:
            rows.append([f"switching {sizes_text(g.proof.sizes)} cards", "never better", proof_text(g.proof)])
    else:
        s = g.sample
        rows.append(["house edge, at most (exact)", pct(one.house_edge),
                     f"{frac(one.house_edge)}: {base_game(g.fees)}"])
        if s is not None:
            rows.append(["house edge (estimate)", f"{pct(g.house_edge)} +/- {g.half_width * 100:.4f} points",
                         "95% interval: the exact bound less the sampled gain of switching more"])
            rows.append(["gain of switching 2 or more cards", dec(s.mean_difference),
                         f"mean over {counted(s.deals, 'sampled hand')}; best in {sum(s.best_sizes[2:]):,} of them"])
        else:
            rows.append(["gain of switching 2 or more cards", "not sampled", "--deals N to sample it"])
        if g.proof is not None:
            rows.append(["larger switches, bounded", "exact bounds", proof_text(g.proof)])
    rows.append(["plain game (no switching), exact", pct(-g.plain_return), frac(-g.plain_return)])
    lines = [*head, table(rows, ["figure", "value", "detail"], fmt), ""]
    if counted_game is not None:
        m = _counted_sizes(counted_game)
        figures, acts, ret = counted_rows(counted_game)
        h = COUNTED_HEADERS
        sizes = [f"switch {k}" for k in range(1, m + 1)]
        lines += [f"The whole game, exact (each of the {counted_game.situations:,} situations stands or switches "
                  f"whichever set of {counted_sizes_text(counted_game)} cards is worth the most, fees included; every "
                  "replacement, every "
                  "dealer hand):",
                  table(figures, list(h[0]), fmt), "",
                  "what the player does, by his five cards (share of the situations of each category):",
                  table(acts, [*h[1], *sizes], fmt), "",
                  "what the player does, by the dealer's up card (share of its situations):",
                  table(counted_up_rows(counted_game), ["up card", *h[1][1:], *sizes], fmt), "",
                  "return table (probabilities over every deal; a switch's nets less the fee):",
                  table(ret, list(h[2]), fmt)]
        return "\n".join(lines)
    five = g.exact_game
    if five is not None:
        figures, acts, ranks, ret = one_or_five_rows(five)
        h = ONE_OR_FIVE_HEADERS
        lines += [f"The whole game, exact (each of the {five.situations:,} situations stands, switches one card or "
                  "switches all five, whichever is worth the most; every replacement, every dealer hand):",
                  table(figures, list(h[0]), fmt), "",
                  "what the player does, by his five cards (share of the situations of each category):",
                  table(acts, list(h[1]), fmt), "",
                  "the card switched (one card), by rank:", table(ranks, list(h[2]), fmt), "",
                  "return table (probabilities over every deal; a switch's nets less the fee; the five-card "
                  "switches in one row, their mean net):", table(ret, list(h[3]), fmt)]
        return "\n".join(lines)
    if not g.fees.allows(1):
        lines.append(f"One card may not be switched: the game {base_game(g.fees)} is the plain game.")
        return "\n".join(lines)
    lines += [f"The game with at most one card switched, exact (fee {frac(one.fee)} ante"
             f"{'s' if one.fee != 1 else ''}; every one of the {one.situations:,} situations, every replacement):",
             *one_card_tables(one, fmt)]
    return "\n".join(lines)
