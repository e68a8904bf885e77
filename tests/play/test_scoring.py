"""Scoring a hand history (play/scoring.py): exact costs, bad lines, the batch path against ev."""

from fractions import Fraction
from pathlib import Path

import pytest

import caribbean_exact as ce
from caribbean_exact.cli.main import main
from caribbean_exact.errors import InvalidRules
from caribbean_exact.play.scoring import score, score_russian

HISTORY = [
    "hand,up,action,ante,dealer,dead",
    "As Kd 7h 4c 2s,Qh,raise,25,,",
    "Ac Ad 7h 4c 2s,Qh,fold,,,Kc",
    "Ah Kh 9c 5d 3s,Jc,f,,9h,",
    "xx,Qh,fold,,,",
    "As Kd 7h 4c 2s,Qh,maybe,,,",
    "",
    "as kd 7H 4C 2s,qh,FOLD,,,",
    "As As 7h 4c 2s,Qh,fold,,,",
]


def test_every_line_is_scored_exactly():
    r = score(HISTORY)
    got = [(s.line, s.hand, s.up, s.action, s.best, s.cost, s.ante) for s in r.lines]
    assert got == [(2, "As Kd 7h 4c 2s", "Qh", "raise", "fold", Fraction(1894, 10879), Fraction(25)),
                   (3, "Ac Ad 7h 4c 2s", "Qh", "fold", "raise", Fraction(379744, 148995), None),
                   (4, "Ah Kh 9c 5d 3s", "Jc", "fold", "raise", Fraction(42, 473), None),
                   (8, "As Kd 7h 4c 2s", "Qh", "fold", "fold", Fraction(0), None)]
    assert [(b.line, b.error) for b in r.errors] == [
        (5, "hand: card 'xx': expected a rank (2-9, T or 10, J, Q, K, A) and a suit (c d h s)"),
        (6, "action 'maybe': expected raise or fold"),
        (9, "a card is given twice")]
    assert r.hands == 4 and r.mistakes == 3
    assert r.total_cost == Fraction(1894, 10879) + Fraction(379744, 148995) + Fraction(42, 473)
    assert r.cost_per_hand == r.total_cost / 4 and r.total_cost_money == Fraction(1894 * 25, 10879)


def test_the_batch_path_agrees_with_ev(rng):
    lines = ["hand,up,action"]
    want = []
    for _ in range(300):
        cards = rng.sample(range(52), 6)
        hand = " ".join(str(ce.Card(c)) for c in cards[:5])
        up = str(ce.Card(cards[5]))
        action = rng.choice(("raise", "fold"))
        lines.append(f"{hand},{up},{action}")
        d = ce.ev(hand, up)
        want.append((d.optimal_decision, d.ev - (d.ev_raise if action == "raise" else d.ev_fold)))
    r = score(lines)
    assert [(s.best, s.cost) for s in r.lines] == want


def test_a_cap_prices_each_ante_of_its_own():
    rules = ce.Rules.make(ante=100, max_payout=5000)
    r = score(["hand,up,action,ante", "Ah Kh Qh Jh Th,2c,fold,100", "Ah Kh Qh Jh Th,2c,fold,10",
               "Ah Kh Qh Jh Th,2c,fold,"], rules)
    capped = ce.ev("Ah Kh Qh Jh Th", "2c", ante=100, max_payout=5000).margin
    free = ce.ev("Ah Kh Qh Jh Th", "2c", ante=10, max_payout=5000).margin
    assert [s.cost for s in r.lines] == [capped, free, capped] and capped < free
    assert r.lines[2].ante == 100


def test_bad_headers():
    for header in ("hand,up", "hand,up,action,colour", "hand,up,action,up"):
        with pytest.raises(InvalidRules, match="expected the columns hand,up,action"):
            score([header, "As Kd 7h 4c 2s,Qh,raise"])
    with pytest.raises(InvalidRules, match="the history is empty"):
        score([])
    r = score(["hand,up,action", "As Kd 7h 4c 2s,Qh,raise,extra"])
    assert r.errors[0].error == "4 fields where the header has 3"



def test_a_row_of_empty_fields_is_a_bad_line_not_a_blank_one():
    """",," is a line with three empty fields: refused (issue #33), while a blank line is skipped."""
    r = score(["hand,up,action", "", "   ", ",,", "As Kd 7h 4c 2s,Qh,fold"])
    assert [s.line for s in r.lines] == [5] and r.hands == 1
    assert [(b.line, b.error) for b in r.errors] == [(4, "hand '': expected 5 cards, got 0")]


def test_score_refuses_a_row_of_commas_on_the_command_line(tmp_path, capsys):
    from caribbean_exact.cli import main

    path = tmp_path / "h.csv"
    path.write_text("hand,up,action\n,,\n", encoding="utf-8")
    assert main(["score", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("error: score: 1 of 1 lines not scored (each is said in the output); --skip-bad leaves them "
                   "out with exit 0")
    assert main(["score", str(path), "--skip-bad"]) == 0
    assert "line 2: hand '': expected 5 cards, got 0" in capsys.readouterr().out


# ---------------------------------------------------------------- a Russian Poker history (score --game)

RUSSIAN_GAME = Path(__file__).resolve().parents[1] / "contract" / "data" / "json_walk_russian.toml"
RUSSIAN_HISTORY = [
    "hand,up,action,ante",
    "9s 9h Qc 6d 2s,5h,play,",
    "9s 9h Qc 6d 2s,5h,exchange 6d 2s,10",
    "Kh 8c 6d 4s 2h,Jd,fold,",
    "Kh 8c 6d 4s 2h,Jd,Sixth,",
    "Kh 8c 6d 4s 2h,Jd,x 4s 2h,",
    "As Ks Qs Js 2d,5h,exchange 2d 5h,",
    "As Ks Qs Js 2d,5h,exchange As Ks Qs,",
    "As Ks Qs Js 2d,5h,raise,",
    "As Ks Qs Js 2d,5h,maybe,",
    "As Ks Qs Js 2d,5h,exchange Js 2d,",
]


def _russian_expected(hand: str, up: str, action: str) -> tuple[str, str, Fraction]:
    """The action's label, the best option's and the cost, from russian_ev's options directly."""
    a = ce.russian_ev(hand, up, ce.RussianGame.parse(str(RUSSIAN_GAME)))
    values = {"fold": a.fold_ev, "play": a.stand.play_ev}
    for o in a.options:
        if o.kind == "buy":
            values["sixth card"] = o.ev
        elif o.kind == "switch":
            values["exchange " + " ".join(str(c) for c in o.discard)] = o.ev
    best = max(values.values())
    label = next(k for k, v in values.items() if v == best)
    return action, label, best - values[action]


def test_a_russian_history_is_scored_against_every_option(monkeypatch):
    """Each draw decision's cost is the best of folding, playing as dealt, the two-card exchanges and the
    sixth card less the action's, exact; a bad action is a bad line naming it; a hand met twice is counted
    once."""
    from caribbean_exact.play import scoring

    calls = []
    real = scoring.russian_ev
    monkeypatch.setattr(scoring, "russian_ev", lambda *a, **k: calls.append(a[:2]) or real(*a, **k))
    r = score_russian(RUSSIAN_HISTORY, str(RUSSIAN_GAME))
    got = [(s.line, s.action, s.best, s.cost) for s in r.lines]
    want = [(2, *_russian_expected("9s 9h Qc 6d 2s", "5h", "play")),
            (3, *_russian_expected("9s 9h Qc 6d 2s", "5h", "exchange 6d 2s")),
            (4, *_russian_expected("Kh 8c 6d 4s 2h", "Jd", "fold")),
            (5, *_russian_expected("Kh 8c 6d 4s 2h", "Jd", "sixth card")),
            (6, *_russian_expected("Kh 8c 6d 4s 2h", "Jd", "exchange 4s 2h")),
            (9, *_russian_expected("As Ks Qs Js 2d", "5h", "play")),
            (11, *_russian_expected("As Ks Qs Js 2d", "5h", "exchange Js 2d"))]
    assert got == want
    assert [g[2] for g in got][:2] == ["play", "play"] and got[0][3] == 0 and got[1][3] > 0
    assert got[2][2] == "fold" and got[2][3] == 0  # K-high against a jack: fold beats every draw here
    assert sorted(calls) == sorted({("9s 9h Qc 6d 2s", "5h"), ("Kh 8c 6d 4s 2h", "Jd"), ("As Ks Qs Js 2d", "5h")})
    assert [(b.line, b.error) for b in r.errors] == [
        (7, "action 'exchange 2d 5h': the cards exchanged must be cards of the hand, once each"),
        (8, "action 'exchange As Ks Qs': an exchange of 3 cards; lunar, two cards allows 2 cards"),
        (10, "action 'maybe': expected fold, play, sixth, or exchange and the cards discarded (exchange 9s 2d)")]
    assert r.game is not None and r.game.name == "lunar, two cards"
    assert r.lines[1].ante == 10 and r.total_cost_money == r.lines[1].cost * 10
    assert r.total_cost == sum(s.cost for s in r.lines) and r.mistakes == sum(1 for s in r.lines if s.cost)


def test_a_russian_history_needs_its_header():
    with pytest.raises(InvalidRules, match="hand,up,action and optionally ante"):
        score_russian(["hand,up,action,dealer", "9s 9h Qc 6d 2s,5h,play,Kd"], str(RUSSIAN_GAME))
    with pytest.raises(InvalidRules, match="empty"):
        score_russian([], str(RUSSIAN_GAME))


def test_score_game_on_the_command_line(tmp_path, capsys):
    """score --game: the table names the rule set; --raise does not apply beside it (one line, exit 2)."""
    history = tmp_path / "h.csv"
    history.write_text("\n".join(RUSSIAN_HISTORY[:3]) + "\n")
    assert main(["score", str(history), "--game", str(RUSSIAN_GAME), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("game: Russian Poker, lunar, two cards: exchange 2 for 1, sixth card 1")
    assert "exchange 6d 2s" in out and "hands 2, mistakes 1" in out
    assert main(["score", str(history), "--game", str(RUSSIAN_GAME), "--raise", "3"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--raise" in err[0]
