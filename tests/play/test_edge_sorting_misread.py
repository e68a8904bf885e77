"""Edge sorting read with accuracy q (solve_sorted_misread): the deals of each true count c played by the
decision of each read count c', mixed by P(c' | c), exact."""

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from caribbean_exact import InvalidRules
from caribbean_exact.cli import main
from caribbean_exact.engine import _ffi
from caribbean_exact.model.rules import Rules
from caribbean_exact.play.edge_sorting import misread_probabilities, solve_sorted_misread, solve_sorted_ranks
from caribbean_exact.play.game import solve


def _brute_probabilities(q):
    """P(c' | c) by every one of the 2^4 read patterns of the four hole cards (card i sorted when i < c)."""
    out = [[Fraction(0)] * 5 for _ in range(5)]
    for c in range(5):
        for pattern in range(16):
            p, read = Fraction(1), 0
            for i in range(4):
                right = pattern >> i & 1
                p *= q if right else 1 - q
                read += (i < c) == bool(right)
            out[c][read] += p
    return out


@pytest.mark.parametrize("q", [Fraction(9, 10), Fraction(1, 2), Fraction(0), Fraction(1), Fraction(2, 7)])
def test_read_probabilities_against_every_pattern(q):
    probs = misread_probabilities(q)
    assert [list(row) for row in probs] == _brute_probabilities(q)
    assert all(sum(row) == 1 for row in probs)


def test_the_diagonal_is_perfect_edge_sorting_and_the_ends():
    perfect = solve_sorted_ranks("AK")
    r = Rules()
    table = _ffi.solve_sorted_misread(0b1100000000000, r.qualifier.value, r.nets().scaled())
    for c in range(5):
        # read right: the perfect game's deals of c, field by field (ties are not counted apart here)
        assert table[c][c] == replace(perfect.counts[c].totals, indifferent_situations=0)
        assert len({t.total_weight for t in table[c]}) == 1
    assert solve_sorted_misread("AK", 1).house_edge == perfect.report.house_edge
    assert solve_sorted_misread("AK", "100%").raise_probability == perfect.report.raise_probability


def test_nothing_sorted_is_the_plain_game_at_any_accuracy():
    """No rank sorted: every count but 0 is impossible, so every read plays the plain decision: the plain
    game exactly, whatever q (also every rank sorted: only c = 4)."""
    plain = solve()
    for ranks in ("", "AKQJT98765432"):
        for q in (Fraction(9, 10), Fraction(1, 3)):
            g = solve_sorted_misread(ranks, q)
            assert g.house_edge == plain.house_edge and g.raise_probability == plain.raise_probability


def test_accuracy_between_the_ends():
    """Reading worse never helps here: q = 1 > 99% > 95% > 90% > 1/2 for the player (exact figures); at
    1/2 the read says nothing and costs him more than the plain game."""
    edges = [solve_sorted_misread("AK", q).house_edge for q in ("1", "99%", "95%", "90%", "1/2")]
    assert edges == sorted(edges) and len(set(edges)) == 5
    assert edges[2] == Fraction(-16908047247313687, 797329220688000000)   # 95%: 2.1206% player
    assert edges[3] > 0 and edges[4] > solve().house_edge


def test_cli(capsys):
    assert main(["solve", "--sorted-ranks", "AK", "--accuracy", "95%", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["house_edge"] == "-16908047247313687/797329220688000000"
    for argv in (["--accuracy", "95%"], ["--sorted-ranks", "AK", "--accuracy", "2"],
                 ["--sorted-ranks", "AK", "--accuracy", "95%", "--table", "chart"]):
        assert main(["solve", *argv]) == 2
        assert len(capsys.readouterr().err.strip().splitlines()) == 1
    with pytest.raises(InvalidRules, match="accuracy"):
        solve_sorted_misread("AK", "x")
