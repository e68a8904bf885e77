"""The report command: formats, JSON field names, plots, bad input."""

import json

import pytest

import caribbean_exact as ce
from caribbean_exact.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_report_fields(tmp_path, capsys):
    path = tmp_path / "r.json"
    code, out, _ = run(capsys, "report", "--out", str(path), "--side-bets", "progressive,bonus", "--contribution",
                       "0.15", "--sf-cap", "5000", "--deals", "20000", "--hands", "500", "--quiet")
    assert code == 0 and "wrote" in out
    doc = json.loads(path.read_text(encoding="utf-8"))
    hands = [x["hands"] for x in doc["over_n_hands"]]
    assert hands == [1, 10, 100, 500, 1000, 10000]
    one = doc["over_n_hands"][0]
    assert set(one) >= {"hands", "p_ahead", "p_even", "p_behind", "quantiles", "house_win_interval_95"}
    assert one["p_even"] == "357359/22148033908"  # 321,623,100 ties of 19,933,230,517,200 deals, exact
    assert one["quantiles"] == {"5": "-3", "25": "-1", "50": "-1", "75": "1", "95": "3"}
    assert isinstance(doc["over_n_hands"][2]["p_ahead"], float)
    assert set(doc["seat_covariance"]) >= {"covariance", "interval", "method"}
    assert doc["seat_covariance"]["method"] == "sampled"
    assert set(doc["per_table_hour"]) >= {"theoretical_win", "standard_deviation"}
    assert doc["per_table_hour"]["theoretical_win"] == "710156105/3883803"  # 7 x 50 x 10 x edge
    assert doc["progressive"]["breakeven_meter"] is not None and doc["progressive"]["sf_cap"] == "5000"
    assert doc["bonus"]["rtp"] == "136879/149695"


def test_no_side_bets_no_sections(capsys):
    code, out, _ = run(capsys, "report", "--format", "json", "--deals", "2000", "--quiet")
    doc = json.loads(out)
    assert code == 0 and "progressive" not in doc and "bonus" not in doc and doc["cap"] is None


@pytest.mark.parametrize("suffix", [".md", ".html", ".pdf"])
def test_documents_and_plots(tmp_path, capsys, suffix):
    path = tmp_path / f"r{suffix}"
    code, _out, _ = run(capsys, "report", "--out", str(path), "--deals", "5000", "--max-payout", "5000",
                       "--average-ante", "100", "--quiet")
    assert code == 0
    for key in ("net-100", "net-1000", "shift"):
        png = tmp_path / f"r-{key}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    data = path.read_bytes()
    if suffix == ".pdf":
        assert data.startswith(b"%PDF") and b"CreationDate" not in data
    else:
        text = data.decode()
        assert "Results over N hands" in text and "added house edge per ante" in text
        if suffix == ".md":
            assert "(r-net-100.png)" in text
        else:
            assert "data:image/png;base64," in text


@pytest.mark.parametrize("argv,word", [
    (["--hands", "0"], "at least 1"),
    (["--hands", "1000000"], "2^23"),
    (["--seats", "0"], "1 to 7"),
    (["--seats", "8"], "1 to 7"),
    (["--pace", "-5", "--side-bets", "bonus"], "pace"),
    (["--contribution", "0", "--side-bets", "progressive"], "(0, 1]"),
    (["--contribution", "1.2", "--side-bets", "progressive"], "(0, 1]"),
    (["--contribution", "0.2"], "--side-bets progressive"),
    (["--side-bets", "keno"], "keno"),
    (["--out", "r.txt"], ".md"),
    (["--hours", "0"], "hours"),
])
def test_bad_input_is_one_line_exit_2(capsys, argv, word):
    code, out, err = run(capsys, "report", "--deals", "2000", "--quiet", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and word in err


def test_the_report_solves_the_game_once_and_hands_it_down(monkeypatch):
    """build_report solves the optimal game once and passes it to the strategies and the seats'
    covariance (they used to solve it again each): one price pass for the game, one for the best
    strategy blind to the up card."""
    from caribbean_exact.house import math_report
    from caribbean_exact.play import game as game_mod

    calls = []
    real = game_mod.price

    def counting(rules, **kw):
        calls.append(kw.get("flags", 0))
        return real(rules, **kw)

    monkeypatch.setattr(game_mod, "price", counting)
    r = math_report.build_report(covariance_deals=2_000, covariance_seed=1)
    assert calls == [0, game_mod.IGNORE_UP]
    assert r.strategies[0].report is r.game
    assert r.seat_covariance.mean == r.game.return_per_ante


def test_a_game_handed_down_must_be_the_optimal_game_of_the_rules():
    from caribbean_exact.play.game import optimal_game

    g = ce.solve()
    assert optimal_game(None, g) is g and optimal_game(ce.Rules(), g) is g
    with pytest.raises(ce.InvalidRules, match="other rules"):
        optimal_game(ce.Rules(raise_antes=3), g)
    with pytest.raises(ce.InvalidRules, match="expected the optimal game"):
        optimal_game(None, ce.solve(ignore_up=True))
    with pytest.raises(ce.InvalidRules, match="game"):
        ce.compare_strategies(game="not a game")
    rows = ce.compare_strategies(game=g)
    assert rows[0].report is g
    assert [x.report.house_edge for x in rows] == [x.report.house_edge for x in ce.compare_strategies()]
