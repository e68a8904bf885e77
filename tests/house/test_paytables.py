"""Pay tables side by side, the cap per bet by ante size, and pay-table files; exact."""

import json
from fractions import Fraction

import pytest

from caribbean_exact import InvalidRules, Rules, builtin_paytables, solve
from caribbean_exact.cli import main
from caribbean_exact.house.bet_cap import cap_study, cap_threshold
from caribbean_exact.house.paytables import compare, paytable_list
from caribbean_exact.model.rules import load_paytables_text


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


FIGURES = ("house_edge", "element_of_risk", "return_on_wager", "raise_probability", "variance",
           "largest_win", "raise_situations", "total_return")


def test_builtin_tables():
    tables = builtin_paytables()
    assert tables["standard"].short() == "100/50/20/7/5/4/3/2/1/1"
    assert tables["live-dealer"].short() == "100/50/25/10/7/5/3/2/1/1"
    assert all(t.where for t in tables.values())
    assert all(i.source for i in paytable_list())


def test_compare_rows_equal_solve():
    rows = compare()
    assert {r.name for r in rows} == {t.name for t in builtin_paytables().values()}
    assert [r.report.house_edge for r in rows] == sorted(r.report.house_edge for r in rows)
    for r in rows:
        direct = solve(rules=Rules.make(r.name))
        for f in FIGURES:
            assert getattr(r.report, f) == getattr(direct, f), (r.name, f)
        assert isinstance(r.report.house_edge, Fraction)
    by = {r.name: r for r in rows}
    assert by["standard"].report.house_edge == Fraction(142031221, 2718662100)
    assert f"{float(by['live-dealer'].report.house_edge):.2%}" == "3.70%"  # the document's RTP 96.30%
    assert f"{float(by['live-dealer'].report.return_on_wager):.2%}" == "98.19%"  # stated on total wager


def test_compare_with_cap_equals_solve():
    rows = compare(["standard", "royal-250"], ante=100, max_payout=5000)
    for r in rows:
        direct = solve(rules=Rules.make(r.name, ante=100, max_payout=5000))
        assert r.report.house_edge == direct.house_edge and r.report.largest_win == direct.largest_win


def test_strategy_difference():
    rows = {r.name: r for r in compare(["standard", "100,50,20,7,5,4,3,2,1,2", "live-dealer"])}
    std = rows["standard"]
    assert not std.strategy_differs and std.differing_situations == 0 and std.baseline_strategy_cost == 0
    # pays only change for hands that always raise: the same strategy
    assert not rows["live-dealer"].strategy_differs
    more = rows["100/50/20/7/5/4/3/2/1/2"]  # high card pays 2 to 1: raise more often
    assert more.strategy_differs and more.baseline_strategy_cost > 0
    assert more.differing_situations == more.report.raise_situations - std.report.raise_situations


def test_cli_compare_json(capsys):
    code, out, err = run(capsys, "compare", "--format", "json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    names = [r["name"] for r in doc["rows"]]
    assert set(names) == set(builtin_paytables()) and doc["sorted_by"] == "house_edge"
    for r in doc["rows"]:
        assert {"name", "house_edge", "element_of_risk", "return_on_wager", "raise_probability",
                "standard_deviation", "largest_win", "strategy_differs"} <= set(r)
        assert Fraction(r["house_edge"]) == solve(rules=Rules.make(r["name"])).house_edge
    code, out, _ = run(capsys, "compare", "standard", "live-dealer")
    assert code == 0 and "3.7037%" in out and "5.2243%" in out


def test_cli_paytables(capsys, tmp_path):
    code, out, _ = run(capsys, "paytables")
    assert code == 0 and "standard" in out and "live-dealer" in out and "100/50/25/10/7/5/3/2/1/1" in out
    f = tmp_path / "mine.toml"
    f.write_text('[[paytable]]\nname = "generous"\npays = [100, 50, 25, 10, 7, 5, 3, 2, 1, 1]\n'
                 'where = "my club"\n')
    code, out, _ = run(capsys, "paytables", "--paytables", str(f), "--format", "json")
    assert code == 0 and [t["name"] for t in json.loads(out)["rows"]][-1] == "generous"
    code, out, _ = run(capsys, "compare", "--paytables", str(f), "--format", "json")
    doc = json.loads(out)
    assert "generous" in [r["name"] for r in doc["rows"]] and len(doc["rows"]) == len(builtin_paytables()) + 1


@pytest.mark.parametrize("body,needles", [
    ('[[paytable]]\nname = "t1"\nwhere = "x"\n', ["'t1'", "'pays'", "missing"]),
    ('[[paytable]]\nname = "t2"\npays = [100, 50, 20, 7, 5, 4, 3, 2, -1, 1]\n', ["'t2'", "'pair'", "negative"]),
    ('[[paytable]]\nname = "t3"\npays = [100, 50, 20, 7, 5, 4, 3, 2, 1, 1]\ncolour = "red"\n',
     ["'t3'", "'colour'", "unknown field"]),
    ('[[paytable]]\nname = "t4"\npays = [100, 50, 20]\n', ["'t4'", "expected 10 pays"]),
    ('[[paytable]]\nname = "t5"\npays = [100, 50, 20, 7, 5, 4, 3, 2, "one", 1]\n', ["'t5'", "'pair'"]),
    ("[[paytable\nname = ", ["not valid TOML"]),
])
def test_malformed_toml(tmp_path, capsys, body, needles):
    with pytest.raises(InvalidRules) as e:
        load_paytables_text(body, "test file")
    for n in needles:
        assert n in str(e.value)
    f = tmp_path / "bad.toml"
    f.write_text(body)
    for argv in (["compare", "--paytables", str(f)], ["paytables", "--paytables", str(f)]):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
        assert all(n in err for n in needles)


def test_cap_study():
    s = cap_study("standard", None, 5000, [5, 10, 25, 50, 100, 1000])
    assert cap_threshold(s.rules, 5000) == 25 == s.threshold
    uncapped = solve().house_edge
    assert s.uncapped.house_edge == uncapped
    by = {r.ante: r for r in s.rows}
    for a in (5, 10, 25):
        assert by[a].report.house_edge == uncapped and by[a].cost_per_ante == 0
    assert s.first_costly_ante == 50
    costs = [by[a].cost_per_ante for a in (50, 100, 1000)]
    assert 0 < costs[0] < costs[1] < costs[2]
    for a in (50, 1000):
        direct = solve(rules=Rules.make("standard", ante=a, max_payout=5000))
        assert by[a].report.house_edge == direct.house_edge
        assert by[a].report.raise_situations == direct.raise_situations
        assert by[a].cost_per_round == a * (direct.house_edge - uncapped)


def test_cli_cap_json(capsys):
    code, out, _ = run(capsys, "cap", "--format", "json", "--antes", "10,100,500")
    assert code == 0
    doc = json.loads(out)
    assert [r["ante"] for r in doc["rows"]] == ["10", "100", "500"]
    for r in doc["rows"]:
        assert {"ante", "house_edge", "raise_situations"} <= set(r)
        assert Fraction(r["house_edge"]) == solve(
            rules=Rules.make(ante=r["ante"], max_payout=5000)).house_edge
    assert doc["cap_binds_above_ante"] == "25" and doc["first_costly_ante"] == "100"
    code, out, _ = run(capsys, "cap", "--paytable", "royal-250")
    assert code == 0 and "exceeds 10 " in out


@pytest.mark.parametrize("argv,needle", [
    (["cap", "--antes", "10,9000"], "below the ante"),
    (["cap", "--antes", "10,x"], "ante"),
    (["compare", "nosuchtable"], "'nosuchtable'"),
    (["compare", "--ante", "10", "--max-payout", "5"], "below the ante"),
])
def test_cli_errors(capsys, argv, needle):
    code, _out, err = run(capsys, *argv)
    assert code == 2 and len(err.strip().splitlines()) == 1 and needle in err
