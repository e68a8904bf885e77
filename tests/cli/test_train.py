"""``caribbean-exact train``: answers from standard input, exact JSON, history files and their summary."""

import io
import json

from caribbean_exact.cli import main


def run(capsys, monkeypatch, answers, *argv):
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_train_json_is_exact(capsys, monkeypatch):
    code, out, err = run(capsys, monkeypatch, "r\nf\nr\nf\n", "train", "--seed", "5", "--hands", "4", "--format",
                         "json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    got = [(h["hand"], h["up"], h["answer"], h["best"], h["cost"]) for h in doc["hands"]]
    assert got == [("Js 6c Ks 7h Kc", "Qd", "raise", "raise", "0"),
                   ("Td 2d 9d 5s Qd", "2s", "fold", "fold", "0"),
                   ("4h 3s 7s 9h 5s", "8c", "raise", "fold", "14358/54395"),
                   ("Th 3h Jc 5s 2c", "Kh", "fold", "fold", "0")]
    s = doc["summary"]
    assert s["hands"] == 4 and s["mistakes"] == 1 and s["ev_lost"] == "14358/54395"
    assert s["ev_lost_per_hand"] == "7179/108790" and s["ev_lost_per_hour"] == "35895/10879"
    assert s["money_lost_per_hour"] == "358950/10879" and doc["hands"][2]["cost_money"] == "28716/10879"
    assert s["mistakes_by_kind"] == [{"kind": "raise_below_ace_king", "label": "raised below A-K high", "count": 1,
                                      "cost": "14358/54395"}]


def test_train_text_says_right_wrong_cost_and_why(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "raise\nx\nfold\nr\n", "train", "--seed", "5", "--hands", "3",
                       "--ante", "25")
    assert code == 0
    assert "right: RAISE is the best play" in out
    assert "answer r (raise) or f (fold), q to stop; not 'x'" in out
    assert "wrong: the best play is FOLD; RAISE costs 14358/54395 = 0.263958 antes (6.60 at ante 25)" in out
    assert "why: the dealer fails to qualify in 43.40% of deals" in out
    assert "EV lost per hour (50 hands)    4.399301 antes (109.98 at ante 25)" in out
    assert "raised below A-K high  1" in out


def test_train_stops_at_q_and_at_the_end_of_the_input(capsys, monkeypatch):
    for answers in ("r\nq\nr\n", "r\n"):
        code, out, _ = run(capsys, monkeypatch, answers, "train", "--seed", "5", "--format", "json")
        assert code == 0 and json.loads(out)["summary"]["hands"] == 1


def test_train_a_simple_strategy(capsys, monkeypatch):
    # seed 5, hand 1 is a pair of kings: "raise always" and optimal agree; answer fold
    code, out, _ = run(capsys, monkeypatch, "f\n", "train", "--seed", "5", "--hands", "1", "--strategy",
                       "raise always")
    assert code == 0 and "wrong for raise always (it plays RAISE): the best play is RAISE" in out
    code, out, _ = run(capsys, monkeypatch, "r\n", "train", "--seed", "5", "--hands", "3", "--strategy",
                       "raise always", "--format", "json")
    doc = json.loads(out)
    assert doc["strategy"] == "raise always"
    h = doc["hands"][0]
    assert h["right"] and h["optimal"]
    code, out, _ = run(capsys, monkeypatch, "r\nr\n", "train", "--seed", "5", "--hands", "2", "--strategy",
                       "raise always")
    assert "right for raise always (RAISE), but not optimal: the best play is FOLD; it costs 11702/163185" in out
    assert "right for raise always but not optimal  1" in out


def test_history_is_appended_and_summarised(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1800000000")
    hist = tmp_path / "h.jsonl"
    for seed in ("5", "6"):
        code, _, _ = run(capsys, monkeypatch, "r\nr\n", "train", "--seed", seed, "--hands", "2", "--history",
                         str(hist), "--format", "json")
        assert code == 0
    lines = [json.loads(x) for x in hist.read_text().splitlines()]
    assert len(lines) == 4 and lines[0]["session"] == "2027-01-15T08:00:00Z seed 5"
    assert lines[2]["session"] == "2027-01-15T08:00:00Z seed 6"
    assert lines[1]["cost"] == "11702/163185" and lines[1]["kind"] == "raise_below_ace_king"
    code, out, _ = run(capsys, monkeypatch, "", "train", "--summary", str(hist), "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["hands"] == 4 and [s["hands"] for s in doc["sessions"]] == [2, 2]
    code, out, _ = run(capsys, monkeypatch, "", "train", "--summary", str(hist))
    assert code == 0 and "all sessions" in out and "Mistakes by kind, over every session:" in out


def test_train_bad_input(capsys, monkeypatch, tmp_path):
    code, _, err = run(capsys, monkeypatch, "", "train", "--focus", "far")
    assert code == 2 and "focus 'far'" in err
    code, _, err = run(capsys, monkeypatch, "", "train", "--summary", str(tmp_path / "none.jsonl"))
    assert code == 2 and "No such file" in err
    code, _, err = run(capsys, monkeypatch, "", "train", "--hands-per-hour", "0")
    assert code == 2 and "--hands-per-hour '0'" in err


def test_train_csv_is_one_row_a_hand(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "r\nr\n", "train", "--seed", "5", "--hands", "2", "--format", "csv")
    rows = out.splitlines()
    assert code == 0 and rows[0].startswith("number,hand,up,answer,best,strategy_action,right,optimal,cost,")
    assert rows[1].startswith("1,Js 6c Ks 7h Kc,Qd,raise,raise,raise,true,true,0,0,")
    assert rows[2].startswith("2,Td 2d 9d 5s Qd,2s,raise,fold,fold,false,false,11702/163185,")
    assert len(rows) == 3


def test_the_csv_columns_are_the_json_fields():
    from caribbean_exact.model.cards import Card, parse_cards
    from caribbean_exact.play.trainer import Deal, grade
    from caribbean_exact.render.play.trainer import CSV_FIELDS, hand_json

    assert tuple(hand_json(grade(Deal(1, parse_cards("As Kd 7h 4c 2s"), Card("Qh")), "fold"))) == CSV_FIELDS


# ---------------------------------------------------------------- Russian Poker (train --game)

SMALL_GAME = str(__import__("pathlib").Path(__file__).resolve().parents[1] / "contract" / "data"
                 / "json_walk_russian.toml")


def test_train_game_grades_each_draw_decision_exactly(capsys, monkeypatch):
    """Three seeded hands under a rule set of two-card exchanges: each answer's cost is the best option's EV
    less its own, from russian_ev's options counted alone; a bad answer says why and asks again."""
    import caribbean_exact as ce
    from caribbean_exact.play.scoring import grade_russian, parse_russian_action
    from caribbean_exact.play.trainer import deals

    answers = ["p", "x 5s 2d", "exchange 9s 9h", "6"]
    code, out, _ = run(capsys, monkeypatch, "\n".join(answers) + "\n", "train", "--game", SMALL_GAME, "--seed",
                         "5", "--hands", "3", "--ante", "10")
    assert code == 0
    game = ce.RussianGame.parse(SMALL_GAME)
    dealt = deals(5)
    graded = []
    for answer in ("p", "x 5s 2d", "6"):
        d = next(dealt)
        graded.append(grade_russian(ce.russian_ev(d.hand, d.up, game), *parse_russian_action(answer, d.hand, game)))
    assert graded[0].cost == 0 and graded[1].cost > 0 and graded[2].cost > 0
    assert f"right: play is the best (EV {float(graded[0].best_ev):.6f} per ante" in out
    lost = graded[1].cost + graded[2].cost
    assert f"costs {graded[1].cost.numerator}/{graded[1].cost.denominator} = " in out
    assert "action 'exchange 9s 9h': the cards exchanged must be cards of the hand, once each; q to stop" in out
    assert "Session summary: Russian Poker, lunar, two cards" in out
    assert f"EV lost                      {float(lost):.6f} antes ({float(lost * 10):.2f} at ante 10)" in out


def test_train_game_refuses_what_does_not_apply(capsys, monkeypatch):
    for argv, words in ((["--strategy", "pair or better"], "train --game: --strategy does not apply"),
                        (["--format", "json"], "train --game: --format json does not apply"),
                        (["--paytable", "live-dealer"], "train --game: --paytable does not apply")):
        code, _, err = run(capsys, monkeypatch, "", "train", "--game", "lunar", *argv)
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1, err
