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
    with pytest.raises(InvalidRules):
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
