"""The bought sixth card, the whole game: its exact figures, what the player does, the return table."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...model.cards import RANKS
from ...model.hands import CATEGORIES
from ...play.sixth_game import SixthCardGame, SwitchOrBuyGame
from ..text import describe_rules, rules_json, table, to_json
from .game import return_row_json
from .switching import option_game_rows, proof_json, rank_rows, sizes_text

#: The sixth-card game's tables: their headers, in the order of ``option_game_rows``.
SIXTH_HEADERS: tuple[tuple[str, ...], ...] = (
    ("figure", "exact", "display"),
    ("hand dealt", "situations", "stand, fold", "stand, raise", "buy a card"),
    ("up card", "situations that buy", "share"),
    ("part", "outcome", "net", "probability", "contribution"),
)


def sixth_game_json(g: SixthCardGame) -> dict[str, Any]:
    """The exact sixth-card game (field names are a public interface)."""
    return {
        "buy_fee": str(g.fee),
        "exact": True,
        "house_edge": str(g.house_edge),
        "return": str(g.return_per_ante),
        "element_of_risk": str(g.element_of_risk),
        "expected_wager": str(g.expected_wager),
        "buy_probability": str(g.buy_probability),
        "raise_probability": str(g.raise_probability),
        "buy_raise_share": str(g.buy_raise_share),
        "situations": g.situations,
        "buy_situations": g.buy_situations,
        "by_category": [{"category": CATEGORIES[k], "stand_fold": c[0], "stand_raise": c[1], "buy": c[2]}
                        for k, c in enumerate(g.by_category)],
        "buy_by_up_rank": {RANKS[r]: n for r, n in enumerate(g.buy_by_up_rank)},
        "return_table": [{"part": part, **return_row_json(r)} for part, r in g.return_rows],
        "deals": g.total_weight,
        "rules": rules_json(g.game_rules),
    }


def sixth_game(g: SixthCardGame, fmt: str) -> str:
    """The whole game with a sixth card for sale: the figures, what the player does by the hand
    dealt and by the up card, the return table (CSV: the figures)."""
    if fmt == "json":
        return to_json(sixth_game_json(g))
    figures, acts, ranks, ret = option_game_rows(g, ("P(buy a sixth card)",), g.buy_by_up_rank)
    h = SIXTH_HEADERS
    if fmt == "csv":
        return table(figures, list(h[0]), fmt)
    fee = f"{g.fee} ante{'' if g.fee == 1 else 's'}"
    head = [f"A sixth card for {fee} (the player plays the best five of six), the whole game exact",
            f"rules: {describe_rules(g.rules)}", "",
            f"every one of the {g.situations:,} situations counted: standing, and each of the 46 cards bought,",
            "against every dealer hand; the better option taken (ties: stand), then raise or fold", ""]
    return "\n".join([*head, table(figures, list(h[0]), fmt), "",
                      "what the player does, by his five cards (share of the situations of each category):",
                      table(acts, list(h[1]), fmt), "",
                      "the situations that buy, by the dealer's up card:", table(ranks, list(h[2]), fmt), "",
                      "return table (probabilities over every deal; after buying, the nets less the fee):",
                      table(ret, list(h[3]), fmt)])


def switch_or_buy_json(g: SwitchOrBuyGame) -> dict[str, Any]:
    """The exact switch-or-buy game (field names are a public interface): ``switch_fee`` the fee of one
    card, ``switch_fees`` the whole schedule, ``proof`` (``proof_json``) where it allows more cards."""
    return {
        "switch_fee": str(g.switch_fee),
        "switch_fees": list(g.proof.fees.texts()) if g.proof is not None else [str(g.switch_fee)],
        "buy_fee": str(g.buy_fee),
        "exact": True,
        "house_edge": str(g.house_edge),
        "return": str(g.return_per_ante),
        "element_of_risk": str(g.element_of_risk),
        "expected_wager": str(g.expected_wager),
        "switch_probability": str(Fraction(g.switch_situations, g.situations)),
        "buy_probability": str(Fraction(g.buy_situations, g.situations)),
        "raise_probability": str(g.raise_probability),
        "situations": g.situations,
        "switch_situations": g.switch_situations,
        "buy_situations": g.buy_situations,
        "by_category": [{"category": CATEGORIES[k], "stand_fold": c[0], "stand_raise": c[1], "switch": c[2],
                         "buy": c[3]} for k, c in enumerate(g.by_category)],
        "switched_rank": {RANKS[r]: n for r, n in enumerate(g.switched_rank)},
        "buy_by_up_rank": {RANKS[r]: n for r, n in enumerate(g.buy_by_up_rank)},
        "return_table": [{"part": part, **return_row_json(r)} for part, r in g.return_rows],
        "deals": g.total_weight,
        "proof": proof_json(g.proof) if g.proof is not None else None,
        "rules": rules_json(g.game_rules),
    }


def switch_or_buy(g: SwitchOrBuyGame, fmt: str) -> str:
    """The whole game where the player may switch one card or buy a sixth card (CSV: the figures)."""
    if fmt == "json":
        return to_json(switch_or_buy_json(g))
    figures, acts, switched, ret = option_game_rows(g, ("P(switch a card)", "P(buy a sixth card)"), g.switched_rank)
    if fmt == "csv":
        return table(figures, ["figure", "exact", "display"], fmt)
    p = g.proof
    if p is None:
        head = [f"Switch one card for {g.switch_fee} or buy a sixth card for {g.buy_fee} (antes), the whole game exact"]
    else:
        sizes = sizes_text(p.sizes)
        head = [f"Switch cards for fees {p.fees.short()} (1 to {len(p.fees.fees)} cards) or buy a sixth card for "
                f"{g.buy_fee} (antes), the whole game exact",
                f"switching {sizes} cards never beats the best of standing, one card and all five (exact bounds), "
                f"and all five (counted exactly) never beats one card, in all {p.situations:,} situations,"
                if p.five_counted else
                f"switching {sizes} cards never beats the best of standing and one card, in all {p.situations:,} "
                "situations (exact bounds),",
                "so none beats it beside buying either: the game of one card or buying is the whole game"]
    head += [f"rules: {describe_rules(g.rules)}", "",
            f"every one of the {g.situations:,} situations counted: standing, each card switched and each card",
            "bought, against every dealer hand; the best taken (ties: stand, then switch), then raise or fold", ""]
    return "\n".join([*head, table(figures, ["figure", "exact", "display"], fmt), "",
                      "what the player does, by his five cards (share of the situations of each category):",
                      table(acts, ["hand dealt", "situations", "stand, fold", "stand, raise", "switch", "buy"], fmt),
                      "", "the card switched, by rank:", table(switched, ["rank", "situations", "share"], fmt), "",
                      "the situations that buy, by the dealer's up card:",
                      table(rank_rows(g.buy_by_up_rank), ["up card", "situations", "share"], fmt), "",
                      "return table (probabilities over every deal; after an option, the nets less its fee):",
                      table(ret, ["part", "outcome", "net", "probability", "contribution"], fmt)])
