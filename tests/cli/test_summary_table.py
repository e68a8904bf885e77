"""``solve ... --table summary``: any whole game in one layout, read through the ``WholeGame`` protocol alone
(``render.play.whole_game``), its figures the same as each game's own output."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from caribbean_exact.cli import main


def _run(capsys, *argv: str) -> str:
    assert main(["solve", *argv, "--quiet"]) == 0
    return capsys.readouterr().out


def _json(capsys, *argv: str) -> dict:
    return json.loads(_run(capsys, *argv, "--format", "json"))


def test_the_plain_game_summary_is_its_report(capsys):
    own = _json(capsys)
    s = _json(capsys, "--table", "summary")
    assert s["exactness"] == "exact" and s["half_width"] is None and s["rules"] == own["rules"]
    for key in ("house_edge", "element_of_risk", "expected_wager", "information", "return_table"):
        assert s[key] == [dict(r, part="play") for r in own[key]] if key == "return_table" else s[key] == own[key]
    assert s["return"] == own["return_per_ante"]
    raised = Fraction(own["raise_probability"])
    assert s["decisions"] == [{"decision": "fold", "share": str(1 - raised)},
                              {"decision": "raise", "share": str(raised)}]
    text = _run(capsys, "--table", "summary")
    assert text.startswith("the plain game: the whole game, exact\nrules: pay table standard")
    assert "\nhouse edge              142031221/2718662100       5.2243%\n" in text
    assert "\nfold        4863093/10179260  47.77%\n" in text and "player wins: royal flush" in text
    assert _run(capsys, "--table", "summary", "--format", "csv").splitlines()[0] == "figure,exact,display"


def test_a_leak_and_a_sampled_draw_in_the_same_layout(capsys):
    own, s = _json(capsys, "--burn-card"), _json(capsys, "--burn-card", "--table", "summary")
    assert (s["house_edge"], s["information"], s["exactness"]) == (own["house_edge"], own["information"], "exact")
    assert _run(capsys, "--burn-card", "--table", "summary").startswith("the game with ")
    argv = ("--switch-fees", "1,2", "--sample", "--deals", "20", "--seed", "1")
    own, s = _json(capsys, *argv), _json(capsys, *argv, "--table", "summary")
    assert s["exactness"] == "sampled" and s["house_edge"] == own["house_edge"]
    assert s["half_width"] == pytest.approx(own["half_width"]) and s["decisions"] is s["return_table"] is None
    text = _run(capsys, *argv, "--table", "summary")
    assert text.startswith("Oasis Poker (switch fees 1,2): the whole game, sampled")
    assert "95% interval" in text and "what the player does: not counted (sampled or bounded)" in text


def test_a_summary_draws_no_chart(capsys, tmp_path):
    assert main(["solve", "--known-dealer-cards", "1", "--table", "summary", "--plot", str(tmp_path / "c.pdf")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--table summary" in err and "--plot" in err
    assert not list(tmp_path.iterdir())


@pytest.mark.slow  # the one-card game and the sixth-card game, whole: about 50 s of CPU
def test_the_draw_games_summaries_are_their_own_figures(capsys):
    for argv, option in ((("--switch-fees", "1", "--deals", "0"), "switch 1"), (("--buy-fee", "1"), "buy")):
        own, s = _json(capsys, *argv), _json(capsys, *argv, "--table", "summary")
        game = own.get("one_card_game", own)  # the switching document holds its one-card game
        assert s["exactness"] == "exact" and s["house_edge"] == own["house_edge"] == game["house_edge"]
        assert s["rules"] == own["rules"] and s["expected_wager"] == game["expected_wager"]
        assert s["element_of_risk"] == game["element_of_risk"]
        cats = game["by_category"]
        n = sum(c["stand_fold"] + c["stand_raise"] + c.get("switch", 0) + c.get("buy", 0) for c in cats)
        took = sum(c.get("switch", 0) + c.get("buy", 0) for c in cats)
        assert {d["decision"]: d["share"] for d in s["decisions"]}[option] == str(Fraction(took, n))
        assert [r["contribution"] for r in s["return_table"]] == [r["contribution"] for r in game["return_table"]]
