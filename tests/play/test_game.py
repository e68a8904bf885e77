"""The whole-game solver: published figures, agreement with the single-hand core, invariants."""

import random
from fractions import Fraction

import pytest
from conftest import random_situation

import caribbean_exact as ce
from caribbean_exact.engine import _ffi, pricing
from caribbean_exact.errors import InvalidRules
from caribbean_exact.model.rules import Qualifier
from caribbean_exact.play import game

pytestmark = pytest.mark.csan
DEALS = 19_933_230_517_200


def test_standard_table_published_figures():
    r = game.solve()
    assert r.total_weight == DEALS
    assert r.total_return == -1_041_372_912_372
    assert r.house_edge == Fraction(1_041_372_912_372, DEALS)
    assert round(float(r.house_edge) * 100, 4) == 5.2243
    assert round(float(r.element_of_risk) * 100, 3) == 2.555
    assert round(float(r.raise_probability) * 100, 2) == 52.23
    assert r.raise_situations == 63_794_004
    assert sum(row.count for row in r.return_table()) == DEALS
    assert sum(row.contribution for row in r.return_table()) == r.return_per_ante
    assert r.variance > 0 and 2.2 < r.standard_deviation < 2.3


def test_live_dealer_table_document_figures():
    r = game.solve(paytable="live-dealer")
    assert round(float(r.return_to_player) * 100, 2) == 96.30
    assert round(float(r.return_on_wager) * 100, 2) == 98.19


def _assert_same(solver, p, u, q):
    fast = solver.situation(p, u)
    slow = _ffi.deal(p, u, (), (), q)
    assert (fast.not_qualify, fast.win, fast.tie, fast.lose) == (
        slow.not_qualify, slow.win, slow.tie, slow.lose), (p, u)
    assert fast.not_qualify + fast.win + fast.tie + fast.lose == 163185


def cards(text):
    return [c.index for c in ce.parse_cards(text)]


EDGE_CASES = [
    ("5c 4d 3h 2s Ac", "Ad"), ("5h 4h 3h 2h Ah", "Kh"), ("Ah Kh Qh Jh Th", "9h"), ("Ah Kh Qh Jh Th", "2c"),
    ("Ac Kd 4h 3s 2c", "Qh"),   # exactly the qualifier
    ("Ac Qd Jh Ts 9c", "Kh"),   # just below it
    ("Ac Kd 5h 3s 2c", "2d"),   # just above, up card matches a rank
    ("Ac Kd Qh Js 9c", "9d"), ("Qs Qd 8h 5c 3s", "Qh"), ("7c 7d 7h 7s 2c", "2d"),
    ("Kc Kd Kh 2s 2c", "Ks"), ("2c 3d 4h 5s 7c", "8h"),
]


@pytest.mark.parametrize("qual", ["AK", "pair", "none", "AKJ83"])
def test_fast_counts_equal_enumeration(qual):
    q = Qualifier.parse(qual).value
    solver = pricing.solver_for(q)
    rng = random.Random(2000 + q)
    n = 2000 if qual == "AK" else 300
    for _ in range(n):
        p, u, _, _ = random_situation(rng)
        _assert_same(solver, p, u, q)
    for hand, up in EDGE_CASES:
        _assert_same(solver, cards(hand), cards(up)[0], q)


def test_threads_and_suit_relabelling_give_identical_reports():
    q = Qualifier.parse("AK").value
    one = _ffi.Solver(q, threads=1)
    two = _ffi.Solver(q, threads=2)
    nets = ce.Rules().nets().scaled()
    assert one.price(nets) == two.price(nets)
    rng = random.Random(3)
    for _ in range(300):
        p, u, _, _ = random_situation(rng)
        perm = rng.sample(range(4), 4)
        rp = [c - c % 4 + perm[c % 4] for c in p]
        ru = u - u % 4 + perm[u % 4]
        assert one.situation(p, u) == two.situation(rp, ru)


def test_report_decision_is_exact_and_agrees_with_ev():
    r = game.solve()
    d = r.decision("As Kd 7h 4c 2s", "Qh")
    assert d.ev_raise == Fraction(-12773, 10879) and d.decision == "fold"
    e = ce.ev("Ac Kd Qh 5s 3c", "Qd")
    assert r.decision("Ac Kd Qh 5s 3c", "Qd").ev_raise == e.ev_raise


def test_capped_report_depends_on_ante():
    plain = game.solve()
    small = game.solve(ante=5, max_payout=5000)
    big = game.solve(ante=100, max_payout=5000)
    assert small.total_return == plain.total_return  # 5 x 2 x 100 = 1000: cap never binds
    assert big.house_edge > plain.house_edge


def test_price_and_apply_agree():
    solver = pricing.solver_for(ce.Rules().qualifier.value)
    dec = pricing.price(ce.Rules(), decisions=True).decisions
    flags = dec.translate(bytes(1 if i == 1 else 0 for i in range(256)))
    nets = ce.Rules().nets().scaled()
    opt, _ = solver.price(nets)
    assert solver.apply(flags) == opt
    always = solver.apply(bytes([1]) * len(dec))
    assert always.raise_situations == 122_151_120
    assert sum(always.fold) == 0


@pytest.mark.parametrize("kwargs", [
    dict(paytable="100,50,20,7,5,4,3,2,1,-1"), dict(paytable="1,2,3"), dict(paytable="a,b,c,d,e,f,g,h,i,j"),
    dict(qualifier="best hand"), dict(ante=10, max_payout=5), dict(paytable=[100] * 9 + [None]),
])
def test_bad_rules(kwargs):
    """A bad value is InvalidRules; a pay of the wrong type (None) is InvalidType, a TypeError (#33)."""
    with pytest.raises(ce.InvalidType if isinstance(kwargs.get("paytable"), list) else InvalidRules):
        game.solve(**kwargs)


def test_decision_follows_the_reports_strategy():
    """A report answers with the decision of the strategy it describes (issue: ignore_up folded)."""
    blind = game.solve(ignore_up=True)
    opt = game.solve()
    d2, dk = blind.decision("As Kd Jh 8c 3s", "2h"), blind.decision("As Kd Jh 8c 3s", "Kh")
    assert d2.decision == dk.decision  # one decision whatever the up card
    assert opt.decision("As Kd Jh 8c 3s", "2h").decision != opt.decision("As Kd Jh 8c 3s", "Kh").decision
    assert d2.optimal_decision == opt.decision("As Kd Jh 8c 3s", "2h").decision
    # against the core's own blind decisions, on canonical hands of every kind
    rules = ce.Rules()
    solver = pricing.solver_for(rules.qualifier.value)
    dec = pricing.price(rules, flags=pricing.IGNORE_UP, decisions=True).decisions
    hands = solver.hands()
    rng = random.Random(17)
    for i in rng.sample(range(len(hands)), 120):
        cards = tuple(ce.Card(c) for c in hands[i][0])
        ups = [u for u in range(52) if u not in hands[i][0]]
        want = {dec[i * 52 + u] for u in ups}
        assert len(want) == 1
        got = blind.decision(cards, ce.Card(ups[0])).decision
        assert got == ("raise" if want == {1} else "fold"), (cards, want, got)


def _brute_force_dealer_hands():
    """Every one of the 2,598,960 five-card hands, classified by a plain evaluator independent of the
    core: (hands by category, hands by category that are A-K high or better)."""
    from itertools import combinations

    cats, ak = [0] * 10, [0] * 10
    for a, b, c, d, e in combinations(range(52), 5):
        r0, r1, r2, r3, r4 = a >> 2, b >> 2, c >> 2, d >> 2, e >> 2  # ascending: card = rank * 4 + suit
        pairs = (r0 == r1) + (r1 == r2) + (r2 == r3) + (r3 == r4)
        if pairs == 0:
            flush = (a & 3) == (b & 3) == (c & 3) == (d & 3) == (e & 3)
            straight = r4 - r0 == 4 or (r3 == 3 and r4 == 12)  # the wheel: 2 3 4 5 A
            cat = (9 if r0 == 8 else 8) if straight and flush else 5 if flush else 4 if straight else 0
        elif pairs == 1:
            cat = 1
        elif pairs == 2:
            cat = 3 if r0 == r2 or r1 == r3 or r2 == r4 else 2
        else:
            cat = 7 if r0 == r3 or r1 == r4 else 6
        cats[cat] += 1
        if cat or (r4 == 12 and r3 == 11):
            ak[cat] += 1
    return cats, ak


def test_dealer_distribution_and_qualifying_against_brute_force():
    """The dealer's hand is a uniformly random five-card hand: its distribution counted from the
    evaluator's rank patterns equals a brute force over every hand, and the textbook counts."""
    cats, ak = _brute_force_dealer_hands()
    assert cats == [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4]
    d = game.dealer_distribution()
    assert [x.count for x in d] == cats
    assert [x.qualifying for x in d] == ak
    assert sum(ak) == 1_463_700  # A-K high (C(11,3) - 1 rank sets x 1,020 suitings) plus a pair or better
    r = game.solve()
    assert r.dealer_qualifies == Fraction(1_463_700, 2_598_960) == Fraction(205, 364)
    assert r.dealer_distribution == d
    assert sum(x.probability for x in d) == 1
    # another qualifier: a pair or better; none: always
    pair = game.dealer_distribution(ce.Rules(qualifier="pair"))
    assert [x.qualifying for x in pair] == [0, *cats[1:]]
    assert game.solve(qualifier="none").dealer_qualifies == 1


def test_ante_and_raise_returns_sum_to_the_games_return():
    """The ante and the raise as two wagers, per ante: the sum is the game's return exactly, and each
    equals its own sum over the outcome totals."""
    for kwargs in ({}, {"paytable": "royal-250"}, {"max_payout": 5000, "ante": 100}):
        r = game.solve(**kwargs)
        ante, raise_ = r.wager_returns()
        assert ante + raise_ == r.return_per_ante
        t, n, w = r.totals, r.nets, r.total_weight
        # the ante: lost on a fold or a loss, paid (capped like any win) when the dealer fails or is beaten
        assert ante == (-sum(t.fold) - sum(t.lose) + (sum(t.not_qualify) + sum(t.win)) * n.not_qualify) / w
        raise_direct = sum((Fraction(t.win[c]) * (n.win[c] - n.not_qualify) for c in range(10)), Fraction(0))
        raise_direct -= sum(t.lose) * r.rules.raise_antes
        assert raise_ == raise_direct / w
    ante, raise_ = game.solve().wager_returns()
    assert ante == Fraction(-380_524_042_487, 1_661_102_543_100)
    assert raise_ == Fraction(24_478_580_538, 138_425_211_925)


def test_play_by_category_splits_every_situation():
    r = game.solve()
    p = r.play_by_category()
    assert sum(x.fold + x.raised for x in p) == r.situations == 2_598_960 * 47
    assert [x.fold + x.raised for x in p] == [n * 47 for n in
                                              (1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4)]
    assert sum(x.raised for x in p) == r.raise_situations
    assert all(x.fold == 0 for x in p[1:])  # the optimal strategy raises every pair or better
