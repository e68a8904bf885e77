"""Card switching (Oasis Poker), one hand: every discard set with its fee, exact EV and decision."""

from __future__ import annotations

from typing import Any

from ...model.cards import RANKS, format_cards
from ...play.switch_game import SwitchSample
from ...play.switching import SwitchAnalysis, SwitchOption
from ..text import Cell, counted, dec, describe_rules, frac, grouped, pct, rules_json, table, to_json


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


def switch_json(a: SwitchAnalysis) -> dict[str, Any]:
    """Every option of one hand, best first."""
    return {
        "hand": format_cards(a.hand),
        "up": str(a.up),
        "switch_fees": [str(f) for f in a.fees.fees],
        "switch": [option_json(o) for o in a.options],
        "rules": rules_json(a.rules),
    }


def switch_options(a: SwitchAnalysis, fmt: str) -> str:
    """The options of one hand as a table, best first (CSV: the table alone)."""
    if fmt == "json":
        return to_json(switch_json(a))
    rows: list[list[Cell]] = []
    for o in a.options:
        rows.append([" ".join(str(c) for c in o.discard) or "(stand)", frac(o.fee), frac(o.ev), dec(o.ev),
                     _decision_text(o)])
    headers = ["switch", "fee", "EV per ante (exact, fee included)", "decimal", "then"]
    if fmt == "csv":
        return table(rows, headers, fmt)
    b = a.best
    best = " ".join(str(c) for c in b.discard)
    n = len(a.fees.fees)
    lines = [f"hand {format_cards(a.hand)}, dealer up card {a.up}; card switching, fee{'s' if n > 1 else ''} in "
             f"antes {a.fees.short()} for {', '.join(str(k) for k in range(1, n + 1))} card{'s' if n > 1 else ''}",
             f"rules: {describe_rules(a.rules)}", "",
             f"best: {'switch ' + best if best else 'stand'} (EV {dec(b.ev)} per ante, fee included); then "
             f"{_decision_text(b)}", "", table(rows, headers, fmt)]
    return "\n".join(lines)


def switch_sample_json(s: SwitchSample) -> dict[str, Any]:
    """A sampled whole game with card switching (field names are a public interface)."""
    return {
        "switch_fees": [str(f) for f in s.fees.fees],
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
        "rules": rules_json(s.rules),
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
