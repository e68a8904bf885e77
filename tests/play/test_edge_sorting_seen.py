"""Edge sorting with one hole card seen, exact (cs_solve_sorted_seen): every count checked another way.

The per-situation counts by c (of the three unseen hole cards) against a plain-Python enumeration of
every dealer completion (tests/reference.py's key), and summed over c against the one-seen-card
situation (cs_deal); the whole game against the one-seen-card game (no rank sorted, all thirteen), its
complement (c of R is 3 - c of the other ranks), sorting alone and the seen card alone (seeing more is
never worth less) and two whole cards seen (worth more: the class of a card, not the card).
"""

import io
import json
import math
import random
from contextlib import redirect_stderr, redirect_stdout
from fractions import Fraction
from itertools import combinations

import pytest
from conftest import scaled_nets
from reference import ref_key

import caribbean_exact as ce
from caribbean_exact.cli import main
from caribbean_exact.engine import _ffi
from caribbean_exact.engine.pricing import DEALS
from caribbean_exact.engine.sorted import seen_chart_cell
from caribbean_exact.errors import InvalidCards, InvalidRules
from caribbean_exact.play import edge_sorting, known_cards
from caribbean_exact.play.information import Information

pytestmark = pytest.mark.csan

STANDARD = scaled_nets([-1, 1, 0, -3, 3, 3, 5, 7, 9, 11, 15, 41, 101, 201])  # fold, nq, tie, lose, win by category
AK = 1113
AK_MASK = (1 << 12) | (1 << 11)
#: Qualifiers by value, with the reference key of their lowest hand: AK 4 3 2, a pair of deuces 5 4 3.
QUALIFIER_KEYS = {AK: ref_key([48, 45, 8, 4, 0]), 1277: ref_key([0, 1, 12, 8, 4])}


def brute_force(player, up, seen, mask, qualifier_key):
    """Every completion of the dealer's hand (the up card, the seen card and three of the 45 left), by c
    (the three with a rank in mask) and outcome: (nq, win, tie, lose)."""
    cache = {}
    pk = ref_key(player)
    unseen = [c for c in range(52) if c not in player and c not in (up, seen)]
    out = [[0, 0, 0, 0] for _ in range(4)]
    for hole in combinations(unseen, 3):
        hand = (up, seen, *hole)
        shape = (tuple(sorted(c // 4 for c in hand)), len({c % 4 for c in hand}) == 1)
        dk = cache.get(shape)
        if dk is None:
            dk = cache[shape] = ref_key(hand)
        c = sum(mask >> (h // 4) & 1 for h in hole)
        out[c][0 if dk < qualifier_key else 1 if dk < pk else 2 if dk == pk else 3] += 1
    return [tuple(x) for x in out]


#: Chosen situations: up and seen cards of one suit (the player holding some of it, none of it), a flush,
#: quads, a pair of the up and seen cards' rank, sorted ranks everywhere, the seen card paired with a
#: player's card.
CHOSEN = [[51, 50, 49, 47, 0, 46, 42], [48, 44, 40, 36, 32, 1, 5], [0, 1, 2, 3, 51, 46, 42],
          [51, 47, 43, 39, 3, 50, 49], [4, 9, 14, 19, 24, 3, 7], [12, 13, 30, 35, 40, 48, 44],
          [0, 5, 10, 15, 21, 51, 50], [28, 29, 33, 38, 43, 2, 6]]


def _check(probes, mask, qualifier):
    _, _, counts = _ffi.solve_sorted_seen(mask, qualifier, STANDARD, 0, 2, probes=probes)
    for pr, got in zip(probes, counts, strict=True):
        assert got == brute_force(pr[:5], pr[5], pr[6], mask, QUALIFIER_KEYS[qualifier]), (pr, mask)


def test_counts_by_c_equal_brute_force():
    """Random and chosen situations, every one of their 14,190 completions enumerated in plain Python."""
    rng = random.Random(34)
    _check([rng.sample(range(52), 7) for _ in range(6)] + CHOSEN[:4], AK_MASK, AK)
    _check([rng.sample(range(52), 7) for _ in range(3)] + CHOSEN[4:], 0b0000001010101, AK)


@pytest.mark.slow
@pytest.mark.parametrize("mask,qualifier", [(1 << 12, AK), (0b1111000000000, AK), (0b1010101010101, AK),
                                            (AK_MASK, 1277), (0b0000000111111, 1277)])
def test_counts_by_c_equal_brute_force_more(mask, qualifier):
    rng = random.Random(mask + qualifier)
    _check([rng.sample(range(52), 7) for _ in range(12)] + CHOSEN, mask, qualifier)


@pytest.mark.parametrize("mask,qualifier", [(AK_MASK, AK), (0b0110011001101, 0), (0b1000000010011, 3000)])
def test_counts_summed_over_c_are_the_seen_card_situation(mask, qualifier):
    """Summed over c, a situation's counts are the one-seen-card situation's (cs_deal with the seen card
    the dealer's); the completions with c are C(a, c) C(45 - a, 3 - c); the chart's unanimous cells
    decide as each situation's exact margin does."""
    rng = random.Random(mask + qualifier)
    probes = [rng.sample(range(52), 7) for _ in range(300)] + CHOSEN
    _, chart, counts = _ffi.solve_sorted_seen(mask, qualifier, STANDARD, 0, 2, chart=True, probes=probes)
    assert chart is not None
    decided = 0
    for pr, got in zip(probes, counts, strict=True):
        d = _ffi.deal(pr[:5], pr[5], (), (pr[6],), qualifier)
        assert tuple(map(sum, zip(*got, strict=True))) == (d.not_qualify, d.win, d.tie, d.lose), pr
        a = sum(1 for x in range(52) if mask >> (x // 4) & 1 and x not in pr)
        assert [sum(g) for g in got] == [math.comb(a, c) * math.comb(45 - a, 3 - c) for c in range(4)], pr
        j = (mask >> (pr[5] // 4) & 1) + (mask >> (pr[6] // 4) & 1)
        for c, (nq, win, tie, lose) in enumerate(got):
            raised, total = (w[seen_chart_cell(c, d.player_value, j)] for w in chart)
            margin = (nq * STANDARD.not_qualify + win * STANDARD.win[d.player_category] + tie * STANDARD.tie
                      + lose * STANDARD.lose - (nq + win + tie + lose) * STANDARD.fold)
            assert total > 0 or nq + win + tie + lose == 0, (pr, c)
            if raised in (0, total) and total:
                assert (raised == total) == (margin > 0), (pr, c)
                decided += 1
    assert decided > 500  # most cells decide alike: the check is not empty
    if mask == AK_MASK:  # the threads share the values: the same totals on one
        assert _ffi.solve_sorted_seen(mask, qualifier, STANDARD, 0, 1)[0] == \
            _ffi.solve_sorted_seen(mask, qualifier, STANDARD, 0, 3)[0]


def test_nothing_sorted_is_the_seen_card_game():
    """No rank sorted and all thirteen tell nothing more: the one-seen-card game exactly (its outcomes in
    deals, its raise rate), c fixed at 0 or 3; the trivial class of edge sorting."""
    seen = known_cards.solve_seen_card().report
    for ranks, c in (("", 0), ("AKQJT98765432", 3)):
        g = edge_sorting.solve_sorted_ranks(ranks, seen_cards=1)
        assert [x.totals.total_weight > 0 for x in g.counts] == [x == c for x in range(4)]
        t, s = g.report.totals, seen.totals
        assert (t.fold, t.not_qualify, t.win, t.tie, t.lose, t.total_weight) == \
            (s.fold, s.not_qualify, s.win, s.tie, s.lose, s.total_weight)
        assert g.report.house_edge == seen.house_edge == Fraction(2558246932, 415275635775)
        assert g.report.raise_probability == seen.raise_probability
        assert g.report.information == Information("sorted-ranks", seen_cards=1, ranks=edge_sorting.parse_ranks(ranks))


@pytest.mark.parametrize("ranks", [pytest.param("AK", marks=pytest.mark.csan_repeat), "A",
                                   pytest.param("765432", marks=pytest.mark.csan_repeat)])
def test_more_seen_is_never_worth_less(ranks):
    """Sorting with a seen card beats sorting alone and the seen card alone, and the complement of the
    ranks is the same game (c of R tells 3 - c of the rest); every deal is there, four times."""
    g = edge_sorting.solve_sorted_ranks(ranks, seen_cards=1)
    alone = edge_sorting.solve_sorted_ranks(ranks).report.house_edge
    seen = known_cards.solve_seen_card().report.house_edge
    assert g.report.house_edge < alone and g.report.house_edge < seen
    assert sum(c.probability for c in g.counts) == 1
    assert g.report.totals.total_weight == 4 * DEALS  # each deal once for each hole card seen
    rest = "".join(r for r in "AKQJT98765432" if r not in ranks)
    other = edge_sorting.solve_sorted_ranks(rest, seen_cards=1)
    assert [c.totals for c in other.counts] == [c.totals for c in reversed(g.counts)]


def test_aces_and_kings_with_a_seen_card():
    """AK sorted and a hole card seen: between the two leaks alone and two whole cards seen; the chart's
    weights are the deals of each count, and the tells read from it."""
    g = edge_sorting.solve_sorted_ranks("AK", seen_cards=1)
    assert g.report.house_edge == Fraction(-27674055218, 249165381465)  # 11.1067% player
    assert g.report.house_edge > known_cards.solve_known(2).house_edge  # two whole cards: 11.9667%
    for c in g.counts:
        deals = sum(g.chart.cell(c.count, v, j)[1] * edge_sorting.sorted_seen_deals(g.ranks, v, j, c.count)
                    for v in range(7462) for j in range(3))
        raised = sum(g.chart.cell(c.count, v, j)[0] * edge_sorting.sorted_seen_deals(g.ranks, v, j, c.count)
                     for v in range(7462) for j in range(3))
        assert deals == c.totals.total_weight and raised == c.totals.raise_situations
    assert [c.totals.total_weight for c in g.counts] == [47782028048832, 27304016027904, 4444839818496,
                                                         202038173568]


@pytest.mark.csan_repeat  # the sanitizer stage leaves it out: its C path runs in the library's tests above
def test_library_and_command_line():
    got = edge_sorting.sorted_seen_counts("As Kd Jh 8c 3s", "Kh", "Qc", "AK")
    assert [c.total for c in got] == [9880, 3900, 400, 10]
    assert got == tuple(ce.Counts(*x) for x in brute_force([51, 45, 38, 24, 7], 46, 40,
                                                            AK_MASK, QUALIFIER_KEYS[AK]))
    with pytest.raises(InvalidCards, match="one dealer hole card"):
        edge_sorting.sorted_seen_counts("As Kd Jh 8c 3s", "Kh", "Qc Qd", "AK")
    with pytest.raises(InvalidRules, match="seen_cards 2"):
        edge_sorting.solve_sorted_ranks("AK", seen_cards=2)  # type: ignore[call-overload]
    # the whole-game registry: the information names the game
    rules = ce.Rules(information=Information("sorted-ranks", seen_cards=1, ranks=(11, 12)))
    assert ce.solve_game(rules).house_edge == Fraction(-27674055218, 249165381465)


@pytest.mark.csan_repeat  # the sanitizer stage leaves it out: its C path runs in the library's tests above
def test_command_line():
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["solve", "--sorted-ranks", "KA", "--known-dealer-cards", "1", "--format", "json"]) == 0
    got = json.loads(out.getvalue())
    assert got["house_edge"] == "-27674055218/249165381465" and got["sorted_ranks"] == "AK"
    assert got["information"]["kind"] == "sorted-ranks" and got["information"]["seen_cards"] == 1
    assert [c["deals"] for c in got["counts"]] == [47782028048832, 27304016027904, 4444839818496, 202038173568]
    assert ce.as_dict(edge_sorting.solve_sorted_ranks("AK", seen_cards=1)) == got  # the library's JSON
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["solve", "--sorted-ranks", "AK", "--known-dealer-cards", "1"]) == 0
    assert "11.1067%" in out.getvalue() and "By c, the three unseen hole cards" in out.getvalue()
    with redirect_stdout(io.StringIO()):
        assert main(["solve", "--sorted-ranks", "AK", "--known-dealer-cards", "1", "--table", "counts",
                     "--format", "csv"]) == 0
    for bad in (["--known-dealer-cards", "2"], ["--known-dealer-cards", "1", "--accuracy", "90%"],
                ["--known-dealer-cards", "1", "--table", "chart"]):
        err = io.StringIO()
        with redirect_stderr(err):
            assert main(["solve", "--sorted-ranks", "AK", *bad]) == 2
        assert err.getvalue().count("\n") == 1 and err.getvalue().startswith("error: solve --sorted-ranks"), bad


def test_tells_read_in_deals():
    """The tells of the leak (house/tells.py) read the chart in deals: the total is every deal, four
    times; the pairs or better folded are the game's folded deals of those categories; the share
    again by a plain loop over the cells."""
    from caribbean_exact.house.tells import leak_tells
    from caribbean_exact.model.hands import value_categories, value_ranks

    g = edge_sorting.solve_sorted_ranks("AK", seen_cards=1)
    t = leak_tells(g)
    assert t.total == 4 * DEALS and t.fold_pair == sum(g.report.totals.fold[1:])
    cats = value_categories()
    below = folded = 0
    for c in range(4):
        for j in range(3):
            for v in range(7462):
                r, n = g.chart.cell(c, v, j)
                w = edge_sorting.sorted_seen_deals((11, 12), v, j, c)
                if cats[v] == 0 and value_ranks(v)[:2] != (12, 11):
                    below += r * w
                elif cats[v] > 0:
                    folded += (n - r) * w
    assert (below, folded) == (t.raise_below, t.fold_pair)
    assert t.share == Fraction(1167727650461, 4983307629300)  # 23.43%: 12 hands to see one at 95%
    assert t.hands_to_see(Fraction(95, 100)) == 12
