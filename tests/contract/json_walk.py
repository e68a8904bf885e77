"""Every command's JSON, one question each way: the command line's argv and the library's call that
answers the same question (None where the answer has no result type of its own: a table of a
result, the trainer's interactive session, tells). ``test_json_schemas.py`` validates each output
and checks ``ce.as_dict(call())`` equals it; ``python tests/contract/test_json_schemas.py
--refresh`` writes the schemas from these outputs' shapes (``caribbean_exact/schemas/``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import caribbean_exact as ce

HERE = Path(__file__).resolve().parent
HISTORY = HERE / "data" / "json_walk_history.jsonl"
SCORE = HERE / "data" / "json_walk_score.csv"
SCORE_RUSSIAN = HERE / "data" / "json_walk_score_russian.csv"
RUSSIAN_GAME = HERE / "data" / "json_walk_russian.toml"


def _seen_class() -> Any:
    return ce.solve_seen_class("picture")


def _score_russian() -> Any:
    from caribbean_exact.play.scoring import score_russian

    return score_russian(SCORE_RUSSIAN.read_text(encoding="utf-8").splitlines(), str(RUSSIAN_GAME))


def _score() -> Any:
    from caribbean_exact.play.scoring import score

    return score(SCORE.read_text(encoding="utf-8").splitlines(), ce.Rules(raise_antes=3))


def _summary() -> Any:
    from caribbean_exact.play.trainer import read_history, summarize_history

    return summarize_history(read_history(HISTORY.read_text(encoding="utf-8").splitlines()))


def _switch_ev() -> Any:
    from caribbean_exact.play.switching import switch_ev

    return switch_ev("As Kd 7h 4c 2s", "Qh", "1,2")


def _switch_ev_sizes() -> Any:
    from caribbean_exact.play.switching import switch_ev

    return switch_ev("As Kd 7h 4c 2s", "Qh", "x,1,1,1,1")


def _detect() -> Any:
    from caribbean_exact.house import protection, tells

    game = ce.solve()
    rates = [protection.check_error_rate(x) for x in ("5%", "1%")]
    named = protection.leaks(ce.Rules(), [], game=game)
    return protection.detection_table(named, game, rates, protection.STATISTICS, tells=dict(tells.tells_table()))


def _switch_sample() -> Any:
    from caribbean_exact.play.switch_game import sample_switch_game

    return sample_switch_game("1,2", ce.Rules(), 200, 1)


#: The schedule of the walk's counted switching games, ``solve`` and ``report`` (two-card switches left
#: open by the bounds): the ace's slice seeded as the whole game. The same fees as
#: tests/house/test_math_report.py and tests/play/test_switch_exact.py seed or count on that slice, so
#: the run counts it once; no test asks for the whole game of these fees.
COUNTED_FEES = "2,1"


def _seed_counted_switch() -> None:
    """``solve --switch-fees 2,1`` and ``report --switch-fees 2,1`` count the game exactly: their
    shape, in seconds, from the ace's slice seeded as the whole game's proof and count."""
    from conftest import seed_counted_switch

    seed_counted_switch(COUNTED_FEES)


def _counted_switch() -> Any:
    from caribbean_exact.play.switch_game import solve_switch_game

    return solve_switch_game(COUNTED_FEES)


#: The walk's capped report (the plain game's, which counts in seconds under any cap): its cap in
#: money, at the report's average ante.
REPORT_MAX_PAYOUT = 5000


def _report_plain() -> Any:
    from caribbean_exact.house.math_report import build_report

    return build_report(max_payout=REPORT_MAX_PAYOUT, covariance_deals=2_000, covariance_seed=1)


#: What a case needs done before its command runs, by the case's name.
PREPARE: dict[str, Callable[[], None]] = {"solve switch counted": _seed_counted_switch,
                                          "report switching": _seed_counted_switch}

#: The trainer's answers on standard input (raise, fold, raise).
ANSWERS = "r\nf\nr\n"

#: (name, command, argv after the command, the library's call or None, slow)
Case = tuple[str, str, list[str], Callable[[], Any] | None, bool]
CASES: list[Case] = [
    ("ev", "ev", ["As Kd 7h 4c 2s", "--up", "Qh", "--ante", "10"], lambda: ce.ev("As Kd 7h 4c 2s", "Qh", ante=10),
     False),
    ("ev dealer", "ev", ["As Kd 7h 4c 2s", "--up", "Qh", "--dealer", "2c"],
     lambda: ce.ev("As Kd 7h 4c 2s", "Qh", dealer="2c"), False),
    ("ev ranks", "ev", ["AKJ83", "--up", "K"], lambda: ce.ev_ranks("AKJ83", "K"), False),
    ("ev switch", "ev", ["As Kd 7h 4c 2s", "--up", "Qh", "--switch-fees", "1,2"], _switch_ev, False),
    # a size not allowed: null in the fee lists (Lunar Poker's exchange of two to five cards)
    ("ev switch sizes", "ev", ["As Kd 7h 4c 2s", "--up", "Qh", "--switch-fees", "x,1,1,1,1"], _switch_ev_sizes,
     False),
    ("ev buy", "ev", ["As Ks Qs Js 2d", "--up", "5h", "--buy-fee", "1"],
     lambda: ce.switch_ev("As Ks Qs Js 2d", "5h", buy_fee=1), False),
    ("ev russian", "ev", ["Ah Ad Kc Ks 7h", "--up", "Qs", "--game", "russian", "--exchange", "1", "--dealer",
                          "9d 6c 4d 2s"],
     lambda: ce.russian_ev("Ah Ad Kc Ks 7h", "Qs", "russian", exchange_sizes=(1,), dealer="9d 6c 4d 2s"), False),
    ("ev lunar", "ev", ["Ah Ad Kc Ks 7h", "--up", "Qs", "--game", "lunar", "--dealer", "Qd 6c 4d 2s"],
     lambda: ce.russian_ev("Ah Ad Kc Ks 7h", "Qs", "lunar", exchange_sizes=(2, 3), dealer="Qd 6c 4d 2s"), False),
    ("solve", "solve", [], ce.solve, False),
    ("solve raise 3", "solve", ["--raise", "3", "--max-payout", "5000", "--ante", "100"],
     lambda: ce.solve(rules=ce.Rules.make(ante=100, max_payout=5000, raise_antes=3)), False),
    ("solve ignore up", "solve", ["--ignore-up"], lambda: ce.solve(ignore_up=True), False),
    ("solve seen card", "solve", ["--known-dealer-cards", "1"], ce.solve_seen_card, False),
    ("solve seen card chart", "solve", ["--known-dealer-cards", "1", "--table", "chart"], None, False),
    ("solve two seen", "solve", ["--known-dealer-cards", "2"], lambda: ce.solve_seen_cards(2), True),
    ("solve all seen", "solve", ["--known-dealer-cards", "4"], ce.solve_all_seen, False),
    ("solve sample", "solve", ["--known-dealer-cards", "1", "--sample", "--deals", "2000", "--seed", "1"],
     lambda: ce.sample(known_dealer_cards=1, deals=2000, seed=1), False),
    ("solve sorted", "solve", ["--sorted-ranks", "AK"], lambda: ce.solve_sorted_ranks("AK"), False),
    ("solve sorted and seen", "solve", ["--sorted-ranks", "AK", "--known-dealer-cards", "1"],
     lambda: ce.solve_sorted_ranks("AK", seen_cards=1), False),
    ("solve seen class", "solve", ["--seen-class", "picture"], _seen_class, False),
    ("solve seen class chart", "solve", ["--seen-class", "picture", "--table", "chart"], None, False),
    ("solve burn card", "solve", ["--burn-card"], ce.solve_burn_card, False),
    ("solve burn and hole card", "solve", ["--burn-card", "--known-dealer-cards", "1"],
     lambda: ce.solve_burn_card(seen_cards=1), False),
    ("solve flash", "solve", ["--flash-rate", "5%"], lambda: ce.flash_cost("5%"), False),
    ("solve switch sample", "solve", ["--switch-fees", "1,2", "--sample", "--deals", "200", "--seed", "1"],
     _switch_sample, False),
    ("solve switch", "solve", ["--switch-fees", "1", "--deals", "0"],
     lambda: __import__("caribbean_exact.play.switch_game", fromlist=["x"]).solve_switch_game("1", deals=0), True),
    ("solve switch counted", "solve", ["--switch-fees", COUNTED_FEES], _counted_switch, True),  # PREPARE
    ("solve buy", "solve", ["--buy-fee", "1"],
     lambda: __import__("caribbean_exact.play.sixth_game", fromlist=["x"]).solve_sixth_game(fee=1), True),
    ("solve switch or buy", "solve", ["--switch-fees", "1", "--buy-fee", "2"], None, True),
    ("solve summary", "solve", ["--table", "summary"], None, False),
    ("solve summary burn card", "solve", ["--burn-card", "--table", "summary"], None, False),
    ("solve summary switch sample", "solve", ["--switch-fees", "1,2", "--sample", "--deals", "20", "--seed", "1",
                                              "--table", "summary"], None, False),
    ("solve summary buy", "solve", ["--buy-fee", "1", "--table", "summary"], None, True),
    ("solve larger switches or buy", "solve", ["--switch-fees", "1,2,3,4,5", "--buy-fee", "2"],
     lambda: __import__("caribbean_exact.play.sixth_game", fromlist=["x"]).solve_switch_or_buy_game(
         ce.Rules.make(switch_fees="1,2,3,4,5", buy_fee=2)), True),
    ("chart", "chart", [], ce.build_chart, False),
    ("strategies", "strategies", [], ce.compare_strategies, False),
    ("simplify", "simplify", ["--max-lines", "2"],
     lambda: __import__("caribbean_exact.strategy.simplify", fromlist=["x"]).frontier(max_lines=2), True),
    ("train summary", "train", ["--summary", str(HISTORY)], _summary, False),
    ("train session", "train", ["--seed", "5", "--hands", "3", "--raise", "3"], None, False),  # answers: ANSWERS
    ("score", "score", [str(SCORE), "--raise", "3", "--skip-bad"], _score, False),
    ("score ante", "score", [str(SCORE), "--ante", "10", "--skip-bad"], None, False),
    ("score russian", "score", [str(SCORE_RUSSIAN), "--game", str(RUSSIAN_GAME), "--skip-bad"], _score_russian, False),
    ("cap never costly", "cap", ["--antes", "1", "--max-payout", "1000000"], None, False),
    ("paytables", "paytables", [], None, False),
    ("compare", "compare", ["standard", "live-dealer"], lambda: ce.compare(["standard", "live-dealer"]), False),
    ("cap", "cap", ["--antes", "25,100"], lambda: ce.cap_study(antes=[25, 100]), False),
    ("progressive", "progressive", [], ce.progressive, False),
    # every pay fixed: no meter to break even at (breakeven_meter and its dollars null)
    ("progressive fixed pays", "progressive", ["--pays", "500,100,50,20,10", "--players", "3"],
     lambda: ce.progressive("500,100,50,20,10", players=3), False),
    ("bonus", "bonus", [], ce.bonus, False),
    ("combined", "combined", [], lambda: ce.combined(rules=ce.Rules.make(ante=10)), False),
    ("report plain and cap", "report", ["--deals", "2000", "--seed", "1", "--max-payout", str(REPORT_MAX_PAYOUT)],
     _report_plain, True),
    ("report switching", "report", ["--deals", "2000", "--seed", "1", "--switch-fees", COUNTED_FEES,
                                    "--switch-deals", "30"], None, True),  # PREPARE
    ("report", "report", ["--hands", "10", "--deals", "2000", "--seed", "1", "--side-bets", "progressive,bonus",
                          "--flash-rate", "5%", "--leak", "one hole card seen", "--buy-fee", "1"], None, True),  # the
    # sixth card's section too; validated; the library's equality is "report plain and cap"'s (both are report_doc of
    # report_of): a second whole report here cost CI minutes
    ("collusion", "collusion", ["--deals", "2000", "--seed", "1"], lambda: ce.sample(players=7, deals=2000, seed=1),
     False),
    ("detect", "detect", [], _detect, True),
    ("detect tells", "detect", ["--by", "tells"], None, True),
    ("detect tells flash", "detect", ["--by", "tells", "--flash-rate", "5%", "--error-rates", "5%"], None, True),
    ("detect cost", "detect", ["--by", "raise-rate", "--alpha", "1%", "--beta", "10%", "--players", "3",
                               "--hands-per-hour", "60", "--average-ante", "25"], None, True),
]
