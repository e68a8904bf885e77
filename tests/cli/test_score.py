"""``caribbean-exact score FILE``: the table, CSV and JSON of a scored hand history."""

import json

from caribbean_exact.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def history(tmp_path):
    f = tmp_path / "h.csv"
    f.write_text("hand,up,action,ante,dealer,dead\nAs Kd 7h 4c 2s,Qh,raise,25,,\nAc Ad 7h 4c 2s,Qh,fold,,,Kc\n"
                 "Ah Kh 9c 5d 3s,Jc,f,,9h,\nxx,Qh,fold,,,\n")
    return str(f)


def test_score_json(capsys, tmp_path):
    code, out, err = run(capsys, "score", history(tmp_path), "--format", "json")
    assert code == 2 and err == ("error: score: 1 of 4 lines not scored (each is said in the output); --skip-bad "
                                 "leaves them out with exit 0\n")
    assert run(capsys, "score", history(tmp_path), "--format", "json", "--skip-bad") == (0, out, "")
    doc = json.loads(out)
    assert doc["lines"] == [
        {"line": 2, "hand": "As Kd 7h 4c 2s", "up": "Qh", "action": "raise", "best": "fold", "cost": "1894/10879",
         "ante": "25", "cost_money": "47350/10879"},
        {"line": 3, "hand": "Ac Ad 7h 4c 2s", "up": "Qh", "action": "fold", "best": "raise", "cost": "379744/148995"},
        {"line": 4, "hand": "Ah Kh 9c 5d 3s", "up": "Jc", "action": "fold", "best": "raise", "cost": "42/473"}]
    assert doc["hands"] == 3 and doc["mistakes"] == 3 and doc["total_cost"] == "9635012/3426885"
    assert doc["errors"] == [{"line": 5, "error": "hand: card 'xx': expected a rank (2-9, T or 10, J, Q, K, A) "
                                                  "and a suit (c d h s)"}]


def test_score_table_and_csv(capsys, tmp_path):
    code, out, _ = run(capsys, "score", history(tmp_path), "--skip-bad")
    assert code == 0 and "Lines not scored:\nline 5: hand: card 'xx'" in out
    assert "total cost 9635012/3426885 = 2.811595 antes, 0.937198 antes per hand" in out
    code, out, err = run(capsys, "score", history(tmp_path), "--format", "csv")
    assert code == 2 and err.splitlines() == [
        "not scored: line 5: hand: card 'xx': expected a rank (2-9, T or 10, J, Q, K, A) and a suit (c d h s)",
        "error: score: 1 of 4 lines not scored (each is said on stderr); --skip-bad leaves them out with exit 0"]
    assert out.splitlines() == ["line,hand,up,action,best,cost", "2,As Kd 7h 4c 2s,Qh,raise,fold,1894/10879",
                                "3,Ac Ad 7h 4c 2s,Qh,fold,raise,379744/148995", "4,Ah Kh 9c 5d 3s,Jc,fold,raise,42/473"]


def test_score_bad_file(capsys, tmp_path):
    code, _, err = run(capsys, "score", str(tmp_path / "none.csv"))
    assert code == 2 and err.startswith("error: score ") and "No such file" in err
    (tmp_path / "bad.csv").write_text("hand,up\n")
    code, _, err = run(capsys, "score", str(tmp_path / "bad.csv"))
    assert code == 2 and "expected the columns hand,up,action" in err


def test_the_json_lines_written_directly_are_the_json_of_each_line():
    from caribbean_exact.play.scoring import score
    from caribbean_exact.render.play import scoring as render

    r = score(["hand,up,action,ante", "As Kd 7h 4c 2s,Qh,raise,25", "Ac Ad 7h 4c 2s,Qh,fold,", "Ah Kh Qh Jh Th,2c,f,"])
    for s in r.lines:
        assert json.loads(render._line_text(s)) == render._line_json(s)
    assert json.loads(render.score_json(r))["lines"] == [render._line_json(s) for s in r.lines]


def test_score_reads_standard_input(capsys, monkeypatch):
    import io

    text = 'hand,up,action\r\nAs Kd 7h 4c 2s,Qh,r\r\n\r\n"Ac Ad 7h 4c 2s",Qh,fold\r\n'
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code, out, _ = run(capsys, "score", "-", "--format", "csv")
    assert code == 0 and out.splitlines() == ["line,hand,up,action,best,cost",
                                              "2,As Kd 7h 4c 2s,Qh,raise,fold,1894/10879",
                                              "4,Ac Ad 7h 4c 2s,Qh,fold,raise,418052/163185"]
