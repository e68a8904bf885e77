"""Russian Poker (Lunar Poker), one hand: every draw option with its fee, exact EV and decision, and
buying the game against a given dealer hand."""

from __future__ import annotations

from typing import Any

from ...model.cards import format_cards
from ...model.russian import COMBINATIONS, RussianGame
from ...play.russian import RussianAnalysis, RussianBuyGame, RussianOption
from ..text import Cell, counted, dec, frac, table, to_json
from .game import wrap


def game_json(g: RussianGame) -> dict[str, Any]:
    """A rule set as JSON (field names are a public interface)."""
    return {
        "name": g.name,
        "pays": {c: str(p) for c, p in zip(COMBINATIONS, g.pays, strict=True)},
        "doubles": g.doubles_name,
        "straight_with_pair": g.straight_with_pair,
        "exchange": list(g.exchange) if g.exchange else [],
        "exchange_fee": str(g.exchange_fee),
        "sixth_card_fee": None if g.sixth_card_fee is None else str(g.sixth_card_fee),
        "qualifier": g.qualifier.label,
        "bet": g.bet,
        "ante_on_win": g.ante_on_win,
        "ante_no_qualify": g.ante_no_qualify,
        "buy_game_fee": None if g.buy_game_fee is None else str(g.buy_game_fee),
        "buy_game_replaces": g.buy_game_replaces,
        "buy_game_redraw": g.buy_game_redraw,
        "ante_after_buy_no_qualify": g.ante_after_buy_no_qualify,
        "insurance": g.insurance,
        "instant_pays": [str(x) for x in g.instant_pays],
    }


def option_json(o: RussianOption) -> dict[str, Any]:
    """One option in the ``"options"`` list (the draw issue's fields, then Russian Poker's)."""
    return {
        "kind": o.kind,
        "discard": [str(c) for c in o.discard],
        "fee": str(o.fee),
        "ev": str(o.ev),
        "raise_share": str(o.raise_share),
        "insured_share": str(o.insured_share),
        "decision": o.decision,
        "play_ev": str(o.play_ev),
        "replacements": o.replacements,
    }


def buy_game_json(b: RussianBuyGame) -> dict[str, Any]:
    """Buying the game against one dealer hand as JSON."""
    buy = b.buy_ev
    return {
        "player": format_cards(b.player),
        "dealer": format_cards(b.dealer),
        "qualifies": b.qualifies,
        "replaced": None if b.replaced is None else str(b.replaced),
        "not_qualify": b.not_qualify,
        "win": b.win,
        "tie": b.tie,
        "lose": b.lose,
        "cards": b.cards,
        "pay": str(b.pay),
        "take_ev": str(b.take_ev),
        "buy_ev": None if buy is None else str(buy),
        "best": b.best,
        "gain": str(b.gain),
    }


def russian_json(a: RussianAnalysis) -> dict[str, Any]:
    """Every option of one hand, best first, and buying the game (``ev --game``)."""
    return {
        "hand": format_cards(a.hand),
        "up": str(a.up),
        "game": game_json(a.game),
        "fold_ev": str(a.fold_ev),
        "instant_pay": str(a.instant),
        "options": [option_json(o) for o in a.options],
        "exchange_sizes": list(a.exchange_sizes),
        "left_out": list(a.left_out),
        "buy_game": None if a.buy_game is None else buy_game_json(a.buy_game),
    }


def _label(o: RussianOption) -> str:
    if o.kind == "buy":
        return "(buy a 6th card)"
    return "exchange " + " ".join(str(c) for c in o.discard) if o.discard else "(play as dealt)"


def _then(o: RussianOption) -> str:
    then = f"play {o.counts.raise_hands:,}/{o.replacements:,}" if o.decision == "depends" else o.decision
    insured = o.counts.insured_hands
    if insured:
        then += ", insure" if insured == o.replacements else f", insure {insured:,}"
    return then


def _buy_lines(b: RussianBuyGame) -> list[str]:
    head = f"buying the game, dealer {format_cards(b.dealer)}:"
    if b.qualifies:
        return [f"{head} he qualifies; nothing to buy"]
    buy = b.buy_ev
    if buy is None:
        return [f"{head} not offered by these rules; the ante's pay {dec(b.take_ev)}"]
    gone = "draws a sixth card" if b.replaced is None else f"replaces {b.replaced}"
    return [wrap(f"{head} he {gone}; of {counted(b.cards, 'card')} the player wins after {b.win}, ties {b.tie}, "
                 f"loses {b.lose}, the dealer still fails to qualify after {b.not_qualify}"),
            wrap(f"buy: {dec(buy)} per ante (fee included), take the ante: {dec(b.take_ev)}; best: "
                 f"{'buy the game' if b.best == 'buy' else 'take the ante'} ({'gain' if b.gain >= 0 else 'cost'} "
                 f"of buying {frac(abs(b.gain))})")]


def russian_options(a: RussianAnalysis, fmt: str) -> str:
    """The options of one hand as a table, best first (CSV: the table alone); text in 80 columns."""
    if fmt == "json":
        return to_json(russian_json(a))
    rows: list[list[Cell]] = []
    for o in a.options:
        rows.append([_label(o), frac(o.fee), dec(o.ev), dec(o.play_ev), _then(o)] if fmt != "csv" else
                    [_label(o), frac(o.fee), frac(o.ev), frac(o.play_ev), o.counts.raise_hands, o.replacements])
    if fmt == "csv":
        return table(rows, ["option", "fee", "ev", "play_ev", "played", "replacements"], fmt)
    headers = ["option", "fee", "EV", "EV played", "then"]
    b = a.best
    lines = [wrap(f"hand {format_cards(a.hand)}, dealer up card {a.up}; Russian Poker, {a.game.short()}"),
             "", wrap(f"best: {_label(b).strip('()')} (EV {dec(b.ev)} per ante, fee included); then {_then(b)}"),
             "", table(rows, headers, fmt), "", f"fold at once: {dec(a.fold_ev) if a.instant else '-1'}"]
    if a.instant:
        lines.append(wrap(f"instant pay: the dealt {a.instant_hand} is paid {frac(a.instant)} to 1 on the "
                          "ante at once, whatever the player does (in every EV above and in folding)"))
    if a.left_out:
        sizes = ", ".join(str(k) for k in a.left_out)
        lines.append(wrap(f"not counted: the exchanges of {sizes} cards (--exchange all counts them, in a few "
                          "seconds)"))
    if a.buy_game is not None:
        lines += ["", *_buy_lines(a.buy_game)]
    lines += ["", wrap("EV: per ante, exact, the fee included, as a decimal (exact fractions with --format json "
                       "or csv), each final hand then played or folded at its best; EV played: playing after "
                       "every replacement; then: what follows the draw (play 22/46: play 22 of the 46 final "
                       "hands, fold the others); buying the game is decided for each dealer hand that does not "
                       "qualify, every replacement card counted"
                       + ("; insure: with three of a kind or better, insure for all the bet can win when the "
                          "dealer is more likely not to qualify than to qualify (the insurance's value is in the EV)"
                          if a.game.insurance else ""))]
    return "\n".join(lines)
