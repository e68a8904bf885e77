"""Known-card analysis: one dealer hole card seen (exact), sampled k >= 2 and collusion."""

import itertools
import json
import math
import random
from fractions import Fraction

import pytest
from conftest import random_situation, scaled_nets

import caribbean_exact as ce
from caribbean_exact.cli import main
from caribbean_exact.engine import _ffi
from caribbean_exact.engine.recent import Recent
from caribbean_exact.errors import InvalidRules
from caribbean_exact.play import game, known_cards, sampling

SEEN_DEALS = 2_598_960 * 47 * 46 * 14_190
STANDARD = scaled_nets([-1, 1, 0, -3, 3, 3, 5, 7, 9, 11, 15, 41, 101, 201])  # fold, nq, tie, lose, win by category


def cards(text):
    return [c.index for c in ce.parse_cards(text)]


@pytest.fixture(scope="module")
def seen_one():
    """One exact solve with probes: random situations plus edge cases."""
    rng = random.Random(4242)
    probes = []
    for _ in range(300):
        p, u, _, dealer = random_situation(rng, 0, 1)
        probes.append([*p, u, dealer[0]])
    for hand, up, seen in [("Ac Kd 4h 3s 2c", "Qh", "Jd"), ("Ac Qd Jh Ts 9c", "Kh", "Ad"),
                           ("5c 4d 3h 2s Ac", "Ad", "5h"), ("Ah Kh Qh Jh Th", "9h", "8h"),
                           ("Qs Qd 8h 5c 3s", "Qh", "Qc"), ("7c 7d 7h 7s 2c", "2d", "2h"),
                           ("Ac Kd Qh Js 9c", "9d", "9h")]:
        probes.append([*cards(hand), cards(up)[0], cards(seen)[0]])
    totals, chart, _ = _ffi.solve_seen_k1(1113, STANDARD, 0, 2, decisions=False)
    totals_k, _, counts = _ffi.solve_seen(1, 1113, STANDARD, 0, 2, probes=probes)
    assert totals == totals_k
    return probes, totals, chart, counts


def test_seen_counts_equal_single_hand_core(seen_one):
    probes, _, _, counts = seen_one
    for pr, got in zip(probes, counts):
        d = _ffi.deal(pr[:5], pr[5], (), [pr[6]], 1113)
        assert got == (d.not_qualify, d.win, d.tie, d.lose), pr
        assert sum(got) == 14_190


def test_seen_totals_are_consistent_with_the_plain_game(seen_one):
    _, totals, chart, _ = seen_one
    assert totals.total_weight == SEEN_DEALS
    plain = game.solve()
    # the player's hand is dealt the same way: deals per player category, in proportion
    for c in range(10):
        seen_c = totals.fold[c] + totals.not_qualify[c] + totals.win[c] + totals.tie[c] + totals.lose[c]
        plain_c = (plain.totals.fold[c] + plain.totals.not_qualify[c] + plain.totals.win[c]
                   + plain.totals.tie[c] + plain.totals.lose[c])
        assert seen_c * plain.total_weight == plain_c * SEEN_DEALS
    report = game.GameReport(ce.Rules(), totals, "seen", _ffi.SEEN_COMPLETIONS, 1)
    # seeing a card can only help: strictly better than the plain optimal game
    assert report.house_edge < plain.house_edge
    assert report.situations == 2_598_960 * 47 * 46
    assert sum(chart[1]) == 2_598_960 * 47 * 46 and 0 < sum(chart[0]) == totals.raise_situations


def test_sampling_is_reproducible_and_thread_independent():
    a = sampling.sample(known_dealer_cards=3, deals=3000, seed=9, threads=1)
    b = sampling.sample(known_dealer_cards=3, deals=3000, seed=9, threads=2, chunk=700)
    assert a.sums == b.sums and a.house_edge == b.house_edge
    c = sampling.sample(known_dealer_cards=3, deals=3000, seed=10)
    assert c.sums != a.sums


def test_sampled_interval_contains_exact_figures(seen_one):
    exact0 = game.solve().house_edge
    r = sampling.sample(players=1, deals=4000, seed=3, control_variate=False)
    lo, hi = r.house_edge_interval
    assert lo <= exact0 <= hi
    _, totals, _, _ = seen_one
    exact1 = game.GameReport(ce.Rules(), totals, "seen", _ffi.SEEN_COMPLETIONS, 1).house_edge
    for cv in (True, False):
        r1 = sampling.sample(known_dealer_cards=1, deals=6000, seed=11, control_variate=cv)
        lo, hi = r1.house_edge_interval
        assert lo <= exact1 <= hi, (cv, lo, float(exact1), hi)
    # with the control variate and nothing extra known, the estimate is the exact figure
    r0 = sampling.sample(players=1, deals=200, seed=3)
    assert r0.house_edge == exact0 and r0.half_width == 0


def test_more_knowledge_helps():
    two = sampling.sample(players=2, deals=1500, seed=1)
    seven = sampling.sample(players=7, deals=6000, seed=1)
    exact0 = game.solve().house_edge
    assert seven.house_edge < two.house_edge < exact0
    assert seven.deals_for() > 0 and seven.deals == 6000


@pytest.mark.parametrize("kwargs", [dict(players=8), dict(players=0), dict(known_dealer_cards=5),
                                    dict(known_dealer_cards=-1), dict(deals=1), dict(seed=-1), dict(burn=-1),
                                    dict(players=7, burn=13), dict(players=1, burn=43), dict(burn=True)])
def test_bad_sampling_arguments(kwargs):
    with pytest.raises(InvalidRules):
        sampling.sample(**kwargs)


def test_cli_known_and_collusion(capsys):
    assert main(["solve", "--known-dealer-cards", "2", "--sample", "--deals", "2000", "--seed", "5",
                 "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["deals"] == 2000 and doc["seed"] == 5 and len(doc["house_edge_interval"]) == 2
    assert doc["house_edge_interval"][0] <= float(doc["house_edge_estimate"]) <= doc["house_edge_interval"][1]
    assert main(["collusion", "--players", "3", "--deals", "1000", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["players"] == 3 and isinstance(doc["deals"], int) and "/" in doc["house_edge"]
    assert main(["collusion", "--players", "9"]) == 2
    assert "players" in capsys.readouterr().err


@pytest.mark.slow  # the whole game with all four hole cards seen, and its brute-force checks: seconds
def test_all_four_hole_cards_seen_exact():
    r = known_cards.solve_all_seen()
    assert r.total_weight == 19_933_230_517_200
    assert r.house_edge == Fraction(-71185534689, 110740169540)
    # one situation, every hole-card combination through the single-hand core: the same pricing
    rng = random.Random(8)
    p, u, _, _ = random_situation(rng)
    unseen = [c for c in range(52) if c not in p and c != u]
    base = _ffi.deal(p, u, (), (), 1113)
    nets = ce.Rules().nets()
    total = Fraction(0)
    for hole in itertools.combinations(unseen, 4):
        d = _ffi.deal(p, u, (), hole, 1113)
        raised = (d.not_qualify * nets.not_qualify + d.win * nets.win[d.player_category] + d.tie * nets.tie
                  + d.lose * nets.lose)
        total += max(raised, nets.fold)
    expected = (base.not_qualify * nets.not_qualify + base.win * nets.win[base.player_category]
                + base.tie * nets.tie + base.lose * nets.fold)
    assert total == expected
    # the sampled estimate agrees with the exact figure
    s = sampling.sample(known_dealer_cards=4, deals=200_000, seed=3)
    lo, hi = s.house_edge_interval
    assert lo <= r.house_edge <= hi


@pytest.mark.csan
@pytest.mark.parametrize("qualifier", ["AK", "none", "pair of 8s"])
def test_dedicated_sampling_equals_card_by_card(qualifier):
    """The rank-multiset count of each deal (the default) against cs_deal on the same deals: the
    same exact sums, for every combination of seen hole cards, other hands and burn cards."""
    rules = ce.Rules.make(qualifier=qualifier)
    nets = rules.nets().scaled()
    q = rules.qualifier.value
    base = _ffi.Solver(q)
    for k in range(5):
        for others in (0, 1, 3, 6):
            for burn in (0, 1, 2):
                a = _ffi.sample_deals(q, nets, k, others, 11, 0, 120, 2, base, burn)
                b = _ffi.sample_deals(q, nets, k, others, 11, 0, 120, 1, base, burn, _ffi.SAMPLE_GENERIC)
                assert a == b, (k, others, burn)


@pytest.mark.csan
def test_burn_card_and_collusion_with_a_seen_card():
    plain = sampling.sample(players=7, deals=6000, seed=4)
    burned = sampling.sample(players=7, deals=6000, seed=4, burn=1)
    both = sampling.sample(players=7, deals=6000, seed=4, burn=1, known_dealer_cards=1)
    assert burned.dead_cards == 31 and burned.sums.completions == math.comb(15, 4)
    assert both.sums.completions == math.comb(14, 3)
    # seeing more can only help the player; the seen hole card by far the most
    assert both.house_edge < burned.house_edge and both.house_edge < plain.house_edge - Fraction(5, 100)
    # a burn card seen alone is one dead card: the estimate stays near the plain game's
    one = sampling.sample(burn=1, deals=4000, seed=4)
    lo, hi = one.house_edge_interval
    assert lo < game.solve().house_edge < hi + 0.01


@pytest.mark.csan
def test_cli_collusion_options(capsys):
    assert main(["collusion", "--players", "4", "--burn", "--known-dealer-cards", "1", "--deals", "800",
                 "--threads", "1", "--format", "json", "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["players"] == 4 and doc["burn"] == 1 and doc["dead_cards"] == 16 and doc["known_dealer_cards"] == 1
    assert doc["deals_for_0.05_points"] > 0
    assert main(["collusion", "--players", "2", "--burn", "3", "--deals", "500", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 colluding players: each sees the other 1 hand; 3 burned cards seen (8 dead cards)\n")
    for argv, needle in [(["--players", "0"], "--players 0"), (["--players", "8"], "--players 8"),
                         (["--burn", "13"], "too few cards left"), (["--known-dealer-cards", "5"], "0 to 4"),
                         (["--threads", "0"], "threads")]:
        assert main(["collusion", *argv]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and needle in err, err


@pytest.mark.parametrize("argv", [[], ["--format", "json"], ["--table", "chart"], ["--format", "csv"]])
def test_the_k1_command_counts_once(monkeypatch, capsys, argv):
    """``solve --known-dealer-cards 1`` takes the figures, the chart and the decisions its rules read
    from one counting pass (engine.seen.seen_one_pass keeps it), never a second solve."""
    from caribbean_exact.engine import seen

    calls = []
    real = _ffi.solve_seen_k1

    def counting(*args, **kwargs):
        calls.append(args[:3])
        return real(*args, **kwargs)

    def refused(*_args, **_kwargs):
        pytest.fail("cs_solve_seen called for k = 1")

    monkeypatch.setattr(seen, "_last", Recent(1))  # an empty cache of its own, not listed
    monkeypatch.setattr(_ffi, "solve_seen_k1", counting)
    monkeypatch.setattr(_ffi, "solve_seen", refused)
    assert main(["solve", "--known-dealer-cards", "1", *argv]) == 0
    assert capsys.readouterr().out
    assert len(calls) == 1
    # another set of rules counts again (the pass is keyed by the rules)
    assert main(["solve", "--known-dealer-cards", "1", "--qualifier", "pair", "--table", "figures"]) == 0
    assert len(calls) == 2 and calls[1][0] != calls[0][0]


def test_seen_one_pass_keeps_the_last(monkeypatch):
    """engine.seen.seen_one_pass counts again only for other rules or flags, or for the decisions
    when the kept pass has none; the decisions are a read-only view of the core's table."""
    from caribbean_exact.engine import seen

    calls = []
    real = _ffi.solve_seen_k1

    def counting(*args, **kwargs):
        calls.append(kwargs.get("decisions"))
        return real(*args, **kwargs)

    monkeypatch.setattr(seen, "_last", Recent(1))  # an empty cache of its own, not listed
    monkeypatch.setattr(_ffi, "solve_seen_k1", counting)
    rules = ce.Rules()
    plain = seen.seen_one_pass(rules)
    assert plain.decisions is None
    assert seen.seen_one_pass(rules, threads=1) is plain and calls == [False]
    full = seen.seen_one_pass(rules, decisions=True)
    assert calls == [False, True] and full.totals == plain.totals and full.chart == plain.chart
    assert seen.seen_one_pass(rules) is full and seen.seen_one_pass(rules, decisions=True) is full
    assert full.decisions is not None and full.decisions.readonly and len(full.decisions) == 7462 * 2587
    assert seen.seen_one_pass(rules, _ffi.RAISE_ON_TIE) is not full and len(calls) == 3
    assert seen.seen_one_pass(rules) is not full and len(calls) == 4  # one pass kept, the last
