"""simplify: the frontier of simple strategies, each price equal to its rule file's evaluation."""

import itertools
import json
import random
from fractions import Fraction

import pytest

from caribbean_exact.cli import main
from caribbean_exact.errors import InvalidRules
from caribbean_exact.model.rules import Paytable, Rules
from caribbean_exact.strategy.rule_file import load_rule_file, parse_rule_file
from caribbean_exact.strategy.simplify import frontier
from caribbean_exact.strategy.strategies import evaluate

#: The built-in rules of thumb, exactly (strategy.BUILTIN "rules of thumb").
THUMB_TOTAL = -1_041_417_758_724
OPTIMAL_TOTAL = -1_041_372_912_372


@pytest.fixture(scope="module")
def standard():
    return frontier()


@pytest.mark.slow  # the standard frontier search (frontier(max_lines=1) is a doctest of the default run)
def test_standard_frontier(standard):
    pts = standard.points
    assert [p.lines for p in pts][:4] == [1, 2, 3, 4]
    assert standard.optimal.total_return == OPTIMAL_TOTAL
    four = next(p for p in pts if p.lines == 4)
    assert four.total_return >= THUMB_TOTAL           # no worse than the rules of thumb
    assert four.cost_total == 44_846_352
    # each further line never costs more (here: strictly less)
    assert all(b.cost < a.cost for a, b in itertools.pairwise(pts))
    assert all(b.lines > a.lines for a, b in itertools.pairwise(pts))
    assert pts[0].rules_text == "name: simplest 1 line\nraise if hand >= AKJ83\n"
    assert pts[0].total_return == -1_059_715_400_580
    last = pts[-1]
    assert last.rules_text.startswith("name: best by chart cell\n") and last.cost_total == 50_364


@pytest.mark.slow  # the standard frontier search (frontier(max_lines=1) is a doctest of the default run)
def test_prices_equal_rule_file_evaluation(standard):
    for p in standard.points:
        st = parse_rule_file(p.rules_text)
        rep = evaluate(st, standard.rules)
        assert rep.total_return == p.total_return, p.lines
        assert rep.raise_situations == p.report.raise_situations


def _random_rules(rng: random.Random) -> Rules:
    pays = sorted((rng.randint(1, 120) for _ in range(8)), reverse=True)
    table = Paytable.from_numbers([*pays, 1, 1], name=f"random {rng.randint(0, 999)}")
    cap = rng.choice([None, None, 2000])
    return Rules.make(table, rng.choice(["AK", "pair"]), 10 if cap else None, cap)


@pytest.mark.slow  # three more frontier searches, for random rules
def test_property_random_rules_priced_as_their_rule_files():
    rng = random.Random(20261201)
    for _ in range(3):
        rules = _random_rules(rng)
        f = frontier(rules, max_lines=3)
        assert f.points and f.points[0].lines == 1
        for a, b in itertools.pairwise(f.points):
            assert b.total_return > a.total_return and b.lines > a.lines
        for p in f.points:
            assert p.cost_total >= 0
            rep = evaluate(parse_rule_file(p.rules_text), rules)
            assert rep.total_return == p.total_return, (rules, p.rules_text)
            assert p.cost == (f.optimal.total_return - rep.total_return) / rep.total_weight


@pytest.mark.slow  # the simplify command runs its own frontier search (the fixture's is in-process)
def test_cli_json_and_out(tmp_path, capsys):
    assert main(["simplify", "--max-lines", "4", "--format", "json", "--out", str(tmp_path), "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out)
    pts = out["frontier"]
    assert [p["lines"] for p in pts][:4] == [1, 2, 3, 4]
    four = pts[3]
    assert set(four) >= {"lines", "rule_file", "total_return", "total_weight", "house_edge", "cost"}
    assert four["total_return"] == "-1041417758724" and four["total_weight"] == 19_933_230_517_200
    assert Fraction(four["cost"]) == Fraction(44_846_352, 19_933_230_517_200)
    assert Fraction(four["house_edge"]) == Fraction(1_041_417_758_724, 19_933_230_517_200)
    files = sorted(tmp_path.iterdir())
    assert len(files) == len(pts)
    # strategies --rules FILE prices each file exactly as simplify did
    args = ["strategies", "--format", "json", "--quiet"]
    for f in files:
        args += ["--rules", str(f)]
    assert main(args) == 0
    got = {s["name"]: s["total_return"] for s in json.loads(capsys.readouterr().out)["strategies"]}
    for p, f in zip(pts, files):
        assert got[load_rule_file(str(f)).name] == p["total_return"]


def test_bad_input(capsys):
    assert main(["simplify", "--max-lines", "0"]) == 2
    assert "max-lines" in capsys.readouterr().err
    with pytest.raises(InvalidRules):
        frontier(max_lines=0)  # type: ignore[arg-type]


def test_new_rule_conditions():
    st = parse_rule_file("raise if ace king and card 3 >= Q and up > card 5\n"
                         "raise if hand <= AQJT9 and card 3 in 9-J\n")
    from caribbean_exact.model.cards import Card, parse_cards
    from caribbean_exact.strategy.strategies import situation_of
    assert st.raises(situation_of(parse_cards("As Kd Qh 5c 3s"), Card("4h")))
    assert not st.raises(situation_of(parse_cards("As Kd Qh 5c 3s"), Card("2h")))
    assert not st.raises(situation_of(parse_cards("As Kd 8h 5c 3s"), Card("4h")))
    assert st.raises(situation_of(parse_cards("Qs Jd 9h 5c 3s"), Card("4h")))
    assert not st.raises(situation_of(parse_cards("Qs Jd 8h 5c 3s"), Card("4h")))
    assert not st.raises(situation_of(parse_cards("3s 3d Jh 5c 2s"), Card("4h")))
    with pytest.raises(InvalidRules, match="one rank"):
        parse_rule_file("raise if card 3 >= Q,J\n")


@pytest.mark.slow  # two frontier searches (standard, pair qualifier): seconds
def test_a_frontier_is_kept_and_its_arguments_still_checked():
    """The last frontiers are kept by rules: asking again returns the same frozen result at once,
    and still refuses a bad progress callback or a game that is not the rules' optimal game."""
    from caribbean_exact.play.game import solve

    first = frontier(max_lines=1)
    assert frontier(max_lines=1) is first
    assert frontier(max_lines=1, game=solve()) is first
    with pytest.raises(InvalidRules):
        frontier(max_lines=1, progress=5)  # type: ignore[arg-type]
    with pytest.raises(InvalidRules):
        frontier(max_lines=1, game=solve(qualifier="pair"))
    assert frontier(Rules.make("standard", "pair"), max_lines=1) is not first
