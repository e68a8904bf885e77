"""Two and three dealer hole cards seen, exact (cs_solve_seen): every count checked another way."""

import json
import math
import random
from fractions import Fraction

import pytest
from conftest import scaled_nets

import caribbean_exact as ce
from caribbean_exact.cli import main
from caribbean_exact.engine import _ffi
from caribbean_exact.errors import InvalidCards, InvalidRules
from caribbean_exact.play import game, known_cards, sampling

pytestmark = pytest.mark.csan

STANDARD = scaled_nets([-1, 1, 0, -3, 3, 3, 5, 7, 9, 11, 15, 41, 101, 201])  # fold, nq, tie, lose, win by category
ALWAYS_RAISE = scaled_nets([-10**6, 1, 0, -3, 3, 3, 5, 7, 9, 11, 15, 41, 101, 201])  # folding costs more than any raise
AK = 1113


def test_k1_pass_equals_the_k_solve():
    """cs_solve_seen_k1 is cs_solve_seen(1) with more outputs: the same totals, and its chart by up
    and seen rank folded (both orders added) is cs_solve_seen(1)'s chart by rank multiset. (The
    solver it replaced checks it independently: tests/c/seen_reference.c, test_seen_reference.py.)"""
    for q, nets, flags in [(AK, STANDARD, 0), (AK, STANDARD, _ffi.RAISE_ON_TIE), (0, STANDARD, 0),
                           (2000, scaled_nets([-2, 2, 0, -6, 6, 6, 11, 15, 19, 22, 31, 81, 201, 401]), 0)]:
        a, by_up, dec = _ffi.solve_seen_k1(q, nets, flags, 2, decisions=False)
        b, by_set, _ = _ffi.solve_seen(1, q, nets, flags, 2, chart=True)
        assert a == b, q
        assert dec is None and by_up is not None and by_set is not None
        for cls in range(11):
            for hi in range(13):
                for lo in range(hi + 1):
                    ab, ba = (cls * 13 + lo) * 13 + hi, (cls * 13 + hi) * 13 + lo
                    m = cls * 91 + hi * (hi + 1) // 2 + lo
                    for got, want in zip(by_up, by_set, strict=True):
                        assert want[m] == (got[ab] if lo == hi else got[ab] + got[ba]), (q, cls, lo, hi)


def _situations(rng, k, n):
    return [rng.sample(range(52), 6 + k) for _ in range(n)]


@pytest.mark.parametrize("k", [2, 3])
@pytest.mark.parametrize("qualifier", [pytest.param(AK, marks=pytest.mark.csan_repeat), 0,
                                       pytest.param(3000, marks=pytest.mark.csan_repeat)])
def test_counts_equal_the_single_situation_core(k, qualifier):
    """Each situation's counts from the whole-game pass are cs_deal's. Under the sanitizer only the
    qualifier 0 runs (every dealer qualifies: the edge of the pass); the Ace-King pass runs there in
    test_exact_figures_and_order and test_random_situations_equal_ev, a higher qualifier is the
    same code."""
    rng = random.Random(k * 1000 + qualifier)
    probes = _situations(rng, k, 400)
    # suited known cards, pairs and trips among them, flushes and straights for the player
    probes += [[48, 44, 40, 36, 32, 1, 5, 9, 13][:6 + k], [0, 4, 8, 12, 17, 2, 6, 10, 14][:6 + k],
               [51, 47, 43, 39, 35, 0, 1, 2, 3][:6 + k], [0, 1, 4, 5, 8, 2, 3, 6, 7][:6 + k]]
    _, _, counts = _ffi.solve_seen(k, qualifier, STANDARD, 0, 2, probes=probes)
    for pr, got in zip(probes, counts):
        d = _ffi.deal(pr[:5], pr[5], (), pr[6:], qualifier)
        assert got == (d.not_qualify, d.win, d.tie, d.lose), pr
        assert sum(got) == known_cards.completions(k)


def test_random_situations_equal_ev():
    rng = random.Random(77)
    for k in (2, 3):
        probes = _situations(rng, k, 60)
        _, _, counts = _ffi.solve_seen(k, AK, STANDARD, 0, 2, probes=probes)
        for pr, got in zip(probes, counts):
            names = [ce.Card(c) for c in pr]
            d = ce.ev(names[:5], names[5:6], dealer=names[6:])
            assert ce.Counts(*got) == d.counts, pr
    names = [ce.Card(c) for c in probes[0]]
    assert known_cards.seen_counts(names[:5], names[5:6], names[6:]) == ce.Counts(*counts[0])


@pytest.mark.csan_repeat  # the sanitizer stage leaves it out: test_random_situations_equal_ev runs its C path
@pytest.mark.parametrize("k", [2, pytest.param(3, marks=pytest.mark.slow)])
def test_summed_over_the_last_seen_card(k):
    """sum over the last seen card s of the counts of (hand, up, seen + s) = (4 - k + 1) x the counts
    of (hand, up, seen) with one card fewer seen: each completion is counted once per card of it
    that could be the last seen: a check of each k against k - 1."""
    rng = random.Random(k)
    for _ in range(4):
        cards = rng.sample(range(52), 5 + k)
        hand, up, seen = cards[:5], cards[5], cards[6:]
        rest = [c for c in range(52) if c not in cards]
        probes = [[*hand, up, *seen, s] for s in rest]
        _, _, counts = _ffi.solve_seen(k, AK, STANDARD, 0, 2, probes=probes)
        summed = tuple(sum(c[i] for c in counts) for i in range(4))
        _, _, lower = _ffi.solve_seen(k - 1, AK, STANDARD, 0, 2, probes=[[*hand, up, *seen]])
        assert summed == tuple((5 - k) * x for x in lower[0])


@pytest.mark.parametrize("k", [1, pytest.param(2, marks=pytest.mark.csan_repeat),
                               pytest.param(3, marks=pytest.mark.csan_repeat)])
def test_deal_weights_match_the_plain_game(k):
    """Raising always, each deal's outcome does not depend on what is seen: the totals of every
    outcome are those of the up-card-only game in proportion (the class weights are right)."""
    plain = ce.solve()
    solver = _ffi.Solver(AK)
    every = solver.apply(b"\x01" * (solver.n_hands * 52))
    totals, chart, _ = _ffi.solve_seen(k, AK, ALWAYS_RAISE, 0, 2, chart=True)
    assert totals.total_weight == known_cards.total_weight(k)
    assert totals.raise_situations == known_cards.total_weight(k) // known_cards.completions(k)
    assert sum(chart[1]) == sum(chart[0]) == totals.raise_situations
    for field in ("not_qualify", "win", "tie", "lose"):
        for c in range(10):
            assert getattr(totals, field)[c] * plain.total_weight == getattr(every, field)[c] * totals.total_weight


def test_exact_figures_and_order():
    two, three = known_cards.solve_seen_cards(2), known_cards.solve_seen_cards(3)
    assert two.report.house_edge == Fraction(-397558091753, 3322205086200)
    assert three.report.house_edge == Fraction(-439218068918, 1245826907325)
    assert two.report.total_weight == 2_598_960 * 47 * math.comb(46, 2) * math.comb(44, 2)
    assert three.report.total_weight == 2_598_960 * 47 * math.comb(46, 3) * 43
    edges = [known_cards.solve_known(k).house_edge for k in range(5)]
    assert edges == sorted(edges, reverse=True)  # each card seen helps the player
    assert two.report.situations == 2_598_960 * 47 * 1035
    assert two.report.known_dealer_cards == 2 and three.report.completions == 43
    # the charts: raises add up, straight flushes and better always raise
    for g in (two, three):
        assert sum(g.chart.raise_weight) == g.report.raise_situations
        assert g.chart.class_state(9) == g.chart.class_state(10) == "R"
        assert g.chart.class_state(0) == "M"
    # the dealer showing four aces beats any four of a kind below; folding is right
    raised, total = three.chart.cell(8, (12, 12, 12, 12))
    assert total > 0 and raised == 0


@pytest.mark.slow  # four whole-game solves with probes: seconds
def test_suit_relabelling_changes_nothing():
    rng = random.Random(5)
    for k in (2, 3):
        probes, relabelled = [], []
        for _ in range(100):
            cards = rng.sample(range(52), 6 + k)
            perm = rng.sample(range(4), 4)
            probes.append(cards)
            relabelled.append([(c & ~3) | perm[c & 3] for c in cards])
        _, _, a = _ffi.solve_seen(k, AK, STANDARD, 0, 1, probes=probes)
        _, _, b = _ffi.solve_seen(k, AK, STANDARD, 0, 2, probes=relabelled)
        assert a == b


@pytest.mark.slow  # the three-seen-card game solved twice (test_concurrency.py checks threads quickly)
def test_threads_change_nothing():
    a = known_cards.solve_seen_cards(3, threads=1)
    b = known_cards.solve_seen_cards(3, threads=3)
    assert a == b


@pytest.mark.parametrize("k", [2, pytest.param(3, marks=pytest.mark.csan_repeat)])
def test_sampled_interval_contains_the_exact_figure(k):
    exact = known_cards.solve_seen_cards(k).report.house_edge
    r = sampling.sample(known_dealer_cards=k, deals=8000 if k == 2 else 20000, seed=k)
    lo, hi = r.house_edge_interval
    assert lo <= exact <= hi, (lo, float(exact), hi)


@pytest.mark.csan_repeat  # the sanitizer stage leaves it out: its C path runs in the tests above
def test_other_rules():
    """Any pay table, qualifier and cap: the report prices the counts of its own rules."""
    for rules in (ce.Rules.make("live-dealer"), ce.Rules.make(qualifier="pair of 4s"),
                  ce.Rules.make(ante=10, max_payout=500)):
        g = known_cards.solve_seen_cards(2, rules)
        assert g.report.rules == rules
        assert g.report.house_edge < known_cards.solve_seen_card(rules).report.house_edge
        d = g.decision("As Ad Jh 8c 3s", "Kh", "2c 7d")
        assert d.rules == rules and d.decision in ("raise", "fold")


@pytest.mark.csan_repeat  # the sanitizer stage leaves it out: its C path runs in the tests above
def test_decision_of_one_situation():
    g = known_cards.solve_seen_cards(2)
    d = g.decision("As Kd Jh 8c 3s", "Kh", "Kc 7d")
    assert d.counts.lose == 946 and d.decision == "fold"  # the dealer shows a pair of kings: A-K high loses
    assert d.counts == known_cards.seen_counts("As Kd Jh 8c 3s", "Kh", "Kc 7d")


@pytest.mark.parametrize("k", [-1, 5, 2.0, True, "2"])
def test_bad_k(k):
    with pytest.raises(InvalidRules):
        known_cards.solve_known(k)
    with pytest.raises(InvalidRules):
        known_cards.solve_seen_cards(k)


def test_bad_seen_cards():
    g = known_cards.solve_seen_cards(2)
    with pytest.raises(InvalidCards, match="hand"):
        g.decision("As Kd Jh 8c 3s", "Kh", "As 7d")       # a seen card in the hand
    with pytest.raises(InvalidCards, match="up card"):
        g.decision("As Kd Jh 8c 3s", "Kh", "Kh 7d")       # a seen card that is the up card
    with pytest.raises(InvalidCards, match="2 dealer hole cards"):
        g.decision("As Kd Jh 8c 3s", "Kh", "7d")
    with pytest.raises(InvalidCards):
        known_cards.seen_counts("As Kd Jh 8c 3s", "Kh", "Kh 7d 2c")
    with pytest.raises(InvalidRules):
        known_cards.seen_counts("As Kd Jh 8c 3s", "Kh", "7d 2c 3c 4c")  # four seen: nothing to count
    with pytest.raises(InvalidRules):
        known_cards.completions(5)


def test_game_report_of_seen_cards_is_a_game_report():
    r = known_cards.solve_known(2)
    assert isinstance(r, game.GameReport)
    assert r.return_per_ante == -r.house_edge and 0 < r.raise_probability < 1


@pytest.mark.csan_repeat  # the sanitizer stage leaves it out: its C path runs in the tests above
def test_cli_exact_by_default(capsys):
    assert main(["solve", "--known-dealer-cards", "2", "--format", "json", "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["house_edge"] == "-397558091753/3322205086200" and doc["known_dealer_cards"] == 2
    assert doc["total_weight"] == known_cards.total_weight(2)
    assert main(["solve", "--known-dealer-cards", "2", "--sample", "--deals", "500", "--format", "json",
                 "--quiet"]) == 0
    assert json.loads(capsys.readouterr().out)["deals"] == 500


@pytest.mark.slow  # the three-seen-card chart resolved into rules, twice: seconds (tables/ checks it quickly)
def test_cli_three_seen_cards_chart(capsys):
    assert main(["solve", "--known-dealer-cards", "3", "--quiet", "--threads", "1"]) == 0
    out = capsys.readouterr().out
    assert "35.2551%" in out and "When to raise, by the ranks of the dealer's 4 known cards" in out
    assert main(["solve", "--known-dealer-cards", "3", "--table", "chart", "--format", "csv", "--quiet"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0] == "class,dealer known ranks,raise,total,rule,words" and len(rows) > 1000


@pytest.mark.parametrize("argv,needle", [
    (["solve", "--known-dealer-cards", "5"], "expected 0 to 4"),
    (["solve", "--known-dealer-cards", "-1"], "expected 0 to 4"),
    (["solve", "--sample"], "--sample applies to --known-dealer-cards 1 to 3"),
    (["solve", "--known-dealer-cards", "4", "--sample"], "--sample applies"),
    (["solve", "--known-dealer-cards", "2", "--deals", "100"], "apply only to --sample"),
    (["solve", "--table", "chart"], "chart needs"),
    (["solve", "--known-dealer-cards", "2", "--threads", "0"], "threads"),
    (["ev", "As Kd Jh 8c 3s", "--up", "Kh", "--dealer", "As 7d"], "card As"),
    (["ev", "As Kd Jh 8c 3s", "--up", "Kh", "--dealer", "Kh 7d"], "card Kh"),
])
def test_cli_errors(capsys, argv, needle):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and needle in err, err
