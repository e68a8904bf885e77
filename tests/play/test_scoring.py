"""Scoring a hand history (play/scoring.py): exact costs, bad lines, the batch path against ev."""

from fractions import Fraction

import pytest

import caribbean_exact as ce
from caribbean_exact.errors import InvalidRules
from caribbean_exact.play.scoring import score

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
