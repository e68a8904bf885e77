"""Edge sorting, exact (cs_solve_sorted): every count checked another way.

The per-situation counts by c against a plain-Python enumeration of every dealer completion
(tests/reference.py), and against the plain game's counts summed over c; the whole game against the
plain game (no rank, all thirteen), its complement (knowing c of R is knowing 4 - c of the other
ranks) and the bounds of the plain and the all-seen games.
"""

import json
import math
import random
from fractions import Fraction
from itertools import combinations

import pytest
from conftest import scaled_nets
from reference import ref_key

import caribbean_exact as ce
from caribbean_exact.cli import main
from caribbean_exact.engine import _ffi
from caribbean_exact.engine.pricing import DEALS
from caribbean_exact.engine.sorted import chart_cell
from caribbean_exact.errors import InvalidCards
from caribbean_exact.model.hands import evaluate5
from caribbean_exact.play import edge_sorting, known_cards
from caribbean_exact.play.information import Information

pytestmark = pytest.mark.csan

STANDARD = scaled_nets([-1, 1, 0, -3, 3, 3, 5, 7, 9, 11, 15, 41, 101, 201])  # fold, nq, tie, lose, win by category
AK = 1113
AK_MASK = (1 << 12) | (1 << 11)


def _keys():
    cache = {}

    def key(cards):
        ranks = tuple(sorted(c // 4 for c in cards))
        flush = len({c % 4 for c in cards}) == 1
        k = cache.get((ranks, flush))
        if k is None:
            k = cache[(ranks, flush)] = ref_key(cards)
        return k
    return key


def brute_force(player, up, mask, qualifier_key):
    """Every dealer completion, by c (hole cards with a rank in mask) and outcome: (nq, win, tie, lose)."""
    key = _keys()
    pk = ref_key(player)
    unseen = [c for c in range(52) if c not in player and c != up]
    out = [[0, 0, 0, 0] for _ in range(5)]
    for hole in combinations(unseen, 4):
        dk = key((up, *hole))
        c = sum(mask >> (h // 4) & 1 for h in hole)
        o = 0 if dk < qualifier_key else 1 if dk < pk else 2 if dk == pk else 3
        out[c][o] += 1
    return [tuple(x) for x in out]


#: Qualifiers by value, with the reference key of their lowest hand: AK 4 3 2, a pair of deuces 5 4 3.
QUALIFIER_KEYS = {AK: ref_key([48, 45, 8, 4, 0]), 1277: ref_key([0, 1, 12, 8, 4])}


def _check_brute_force(rng, mask, qualifier, n):
    probes = [rng.sample(range(52), 6) for _ in range(n)]
    _, _, counts = _ffi.solve_sorted(mask, qualifier, STANDARD, 0, 2, probes=probes)
    for pr, got in zip(probes, counts, strict=True):
        assert got == brute_force(pr[:5], pr[5], mask, QUALIFIER_KEYS[qualifier]), (pr, mask)


@pytest.mark.slow
def test_counts_by_c_equal_brute_force_pair_qualifier():
    _check_brute_force(random.Random(1277), AK_MASK, 1277, 4)
    _check_brute_force(random.Random(1278), 0b0000000001111, 1277, 4)


def test_counts_by_c_equal_brute_force():
    """Two random situations, every one of their 163,185 completions enumerated in plain Python."""
    _check_brute_force(random.Random(21), AK_MASK, AK, 1)
    _check_brute_force(random.Random(22), 0b0000001010101, AK, 1)


@pytest.mark.slow
@pytest.mark.parametrize("mask", [AK_MASK, 1 << 12, 0b1111000000000, 0b0000000111111, 0b1010101010101])
def test_counts_by_c_equal_brute_force_more(mask):
    rng = random.Random(mask)
    _check_brute_force(rng, mask, AK, 6)
    # a player holding sorted ranks, a flush, quads, the up card of a sorted rank
    probes = [[51, 50, 49, 47, 0, 48], [48, 44, 40, 36, 32, 1], [0, 1, 2, 3, 51, 46], [51, 47, 43, 39, 3, 50]]
    _, _, counts = _ffi.solve_sorted(mask, AK, STANDARD, 0, 2, probes=probes)
    for pr, got in zip(probes, counts, strict=True):
        assert got == brute_force(pr[:5], pr[5], mask, QUALIFIER_KEYS[AK]), (pr, mask)


@pytest.mark.parametrize("mask,qualifier", [(AK_MASK, AK), (0b0110011001101, 0), (0b1000000010011, 3000)])
def test_counts_summed_over_c_are_the_plain_situation(mask, qualifier):
    """Summed over c, a situation's counts are the plain game's (cs_deal); the completions with c are
    C(a, c) C(46 - a, 4 - c), a the unseen cards of the sorted ranks."""
    rng = random.Random(mask + qualifier)
    probes = [rng.sample(range(52), 6) for _ in range(300)]
    probes += [[48, 44, 40, 36, 32, 1], [0, 1, 2, 3, 51, 46], [51, 50, 49, 48, 0, 47], [0, 4, 8, 12, 17, 2]]
    _, chart, counts = _ffi.solve_sorted(mask, qualifier, STANDARD, 0, 2, chart=True, probes=probes)
    assert chart is not None
    decided = 0
    for pr, got in zip(probes, counts, strict=True):
        d = _ffi.deal(pr[:5], pr[5], (), (), qualifier)
        assert tuple(map(sum, zip(*got, strict=True))) == (d.not_qualify, d.win, d.tie, d.lose), pr
        a = sum(1 for x in range(52) if mask >> (x // 4) & 1 and x not in pr)
        assert [sum(g) for g in got] == [math.comb(a, c) * math.comb(46 - a, 4 - c) for c in range(5)], pr
        # the chart's cell of (c, hand value, up rank): where all its situations decide alike, this
        # one's exact margin (Python's integers) must say the same
        for c, (nq, win, tie, lose) in enumerate(got):
            raised, total = (w[chart_cell(c, d.player_value, pr[5] // 4)] for w in chart)
            margin = (nq * STANDARD.not_qualify + win * STANDARD.win[d.player_category] + tie * STANDARD.tie
                      + lose * STANDARD.lose - (nq + win + tie + lose) * STANDARD.fold)
            assert total > 0 or nq + win + tie + lose == 0, (pr, c)
            if raised in (0, total) and total:
                assert (raised == total) == (margin > 0), (pr, c)
                decided += 1
    assert decided > 1000
    if mask == AK_MASK:  # the threads share the values: the same totals on one
        assert _ffi.solve_sorted(mask, qualifier, STANDARD, 0, 1)[0] == _ffi.solve_sorted(mask, qualifier, STANDARD,
                                                                                          0, 3)[0]


def test_nothing_told_is_the_plain_game():
    """No rank and all thirteen tell nothing: exactly the plain game's figures."""
    plain = ce.solve()
    for ranks in ("", "23456789TJQKA"):
        g = edge_sorting.solve_sorted_ranks(ranks)
        r = g.report
        assert r.return_table() == plain.return_table(), ranks
        assert r.return_per_ante == plain.return_per_ante and r.variance == plain.variance
        assert r.raise_probability == plain.raise_probability
        assert r.raise_situations == plain.raise_situations * _ffi.COMPLETIONS  # in deals
        assert [c.probability for c in g.counts] == ([1, 0, 0, 0, 0] if not ranks else [0, 0, 0, 0, 1])
        assert r.information == Information("sorted-ranks", ranks=edge_sorting.parse_ranks(ranks))


def test_aces_and_kings_exact_and_bounded():
    """AK sorted: the exact optimum, above Jacobson's practical +6.90%; between the plain game and
    the game with all four hole cards seen; the same as sorting the other eleven ranks (c of AK is
    4 - c of the rest)."""
    g = edge_sorting.solve_sorted_ranks("AK")
    edge = -g.report.house_edge
    assert edge == Fraction(27217378189, 383331356100)
    assert edge > Fraction(69, 1000)
    assert ce.solve().return_per_ante < g.report.return_per_ante < known_cards.solve_all_seen().return_per_ante
    tie = edge_sorting.solve_sorted_ranks("AK", raise_on_tie=True)  # raising where it is worth folding's
    assert tie.report.return_per_ante == g.report.return_per_ante
    assert tie.report.raise_situations - g.report.raise_situations == g.report.totals.indifferent_situations == 2527200
    rest = edge_sorting.solve_sorted_ranks("23456789TJQ")
    assert rest.report.return_table() == g.report.return_table()
    assert [c.totals for c in rest.counts] == [c.totals for c in reversed(g.counts)]
    assert sum(c.totals.total_weight for c in g.counts) == DEALS
    # the dealer's hole cards are four cards at random: c is hypergeometric
    assert [c.probability for c in g.counts] == [
        Fraction(math.comb(8, c) * math.comb(44, 4 - c), math.comb(52, 4)) for c in range(5)]
    assert sum(c.probability * c.return_per_ante for c in g.counts) == g.report.return_per_ante
    assert g.report.information == Information("sorted-ranks", ranks=(11, 12))
    with pytest.raises(ce.InvalidRules, match="sorted-ranks"):  # a plain-game decision would mislead
        g.report.decision("As Kd Jh 8c 3s", "Kh")
    d = g.decision("As Kd Jh 8c 3s", "Kh", 1)  # A-K high against a king, one more ace or king in the hole
    assert d.counts == edge_sorting.sorted_counts("As Kd Jh 8c 3s", "Kh", "AK")[1] and d.decision == "fold"
    assert d.ev_raise == Fraction(3 * d.counts.not_qualify + 3 * d.counts.win - 3 * d.counts.lose, d.counts.total)
    value = evaluate5([c.index for c in d.hand])[0]  # its chart cell (c = 1, AKJ83, up K): every situation folds
    assert g.chart.cell(1, value, 11) == (0, 3060)
    with pytest.raises(InvalidCards, match="count 4"):  # four aces and kings held, one up: three left
        g.decision("As Ks Ah Kh 2c", "Ad", 4)
    # the chart: its situations that raise, weighted by the completions of their c, are the raised deals
    rw, tw = g.chart.raise_weight, g.chart.total_weight
    assert all(r <= t for r, t in zip(rw, tw, strict=True))
    one = g.counts[1]  # exactly one ace or king among the hole cards: raise everything against 2 .. Q up
    assert [t.raise_from for t in one.thresholds] == [0] * 11 + [1230, 1230]
    assert g.chart.cell(1, 0, 0)[0] == g.chart.cell(1, 0, 0)[1] > 0
    assert [c.raise_probability for c in g.counts][1] == Fraction(1797381167, 1934808392)


def test_sorted_counts_and_bad_input():
    got = edge_sorting.sorted_counts("As Kd Jh 8c 3s", "Kh", "AK")
    assert [c.total for c in got] == [101270, 53300, 8200, 410, 5]
    assert sum(c.not_qualify for c in got) == ce.ev("As Kd Jh 8c 3s", "Kh").counts.not_qualify
    for bad in ("AX", "AA", [13], [True], "A1"):
        with pytest.raises(InvalidCards):
            edge_sorting.parse_ranks(bad)
    with pytest.raises(InvalidCards):
        edge_sorting.sorted_counts("As Kd Jh 8c 3s", "As", "AK")
    assert edge_sorting.parse_ranks(["A", 0, "10"]) == (0, 8, 12)


def test_cli_json_has_the_fields_of_solve(capsys):
    assert main(["solve", "--format", "json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main(["solve", "--sorted-ranks", "KA", "--format", "json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert set(plain) <= set(got)
    assert got["information"]["kind"] == "sorted-ranks" and got["information"]["ranks"] == "AK"
    assert Fraction(got["house_edge"]) == -Fraction(27217378189, 383331356100)
    assert [Fraction(c["probability"]) for c in got["counts"]] == [  # hypergeometric: C(8, c) C(44, 4 - c) / C(52, 4)
        Fraction(19393, 38675), Fraction(15136, 38675), Fraction(3784, 38675), Fraction(352, 38675), Fraction(2, 7735)]
    assert got["sorted_ranks"] == "AK" and got["counts"][1]["thresholds"][0]["raise_from_value"] == 0
    assert ce.as_dict(edge_sorting.solve_sorted_ranks("AK")) == got  # the library's JSON is the command's
    assert main(["solve", "--sorted-ranks", "AK", "--table", "chart", "--format", "csv"]) == 0
    rows = [line.split(",") for line in capsys.readouterr().out.splitlines()]
    assert rows[0] == ["up card", "c = 0", "c = 1", "c = 2", "c = 3", "c = 4"]
    by_up = {r[0]: r[1:] for r in rows[1:]}
    assert by_up["2"][:2] == ["22543", "any"] and by_up["A"][0] == "any" and by_up["A"][3].startswith("A5432 suited")
    assert main(["solve", "--sorted-ranks", "AX"]) == 2
    assert "X" in capsys.readouterr().err


@pytest.mark.slow
def test_concurrent_calls_give_the_sequential_results():
    """The call releases the GIL and shares nothing between calls: four at once, on 1 and 2 threads each."""
    from concurrent.futures import ThreadPoolExecutor

    jobs = [(AK_MASK, 1), (1 << 12, 2), (0b0000000111111, 1), (AK_MASK, 2)]
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda j: _ffi.solve_sorted(j[0], AK, STANDARD, 0, j[1], chart=True), jobs))
    for (mask, _), (totals, chart, _) in zip(jobs, got, strict=True):
        want, want_chart, _ = _ffi.solve_sorted(mask, AK, STANDARD, 0, 2, chart=True)
        assert totals == want and chart is not None and want_chart is not None
        assert chart[0] == want_chart[0] and chart[1] == want_chart[1]
