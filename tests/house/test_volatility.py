"""Results over N hands, the seats' covariance, the table-hour figures and the house's progressive."""

import itertools
import math
import random
from fractions import Fraction

import pytest

from caribbean_exact import solve
from caribbean_exact.engine import _ffi
from caribbean_exact.engine.pricing import raise_total, solver_for
from caribbean_exact.errors import InvalidRules
from caribbean_exact.house import volatility
from caribbean_exact.house.sidebets import progressive, progressive_house
from caribbean_exact.house.volatility import (
    MAX_FFT_POINTS,
    MAX_HANDS,
    WINDOW_TAIL,
    OutcomeDistribution,
    _exact_power,
    outcome_distribution,
    over_n_hands,
    seat_covariance,
    table_hour,
)
from caribbean_exact.model.rules import Rules


@pytest.fixture(scope="module")
def game():
    return solve()


@pytest.fixture(scope="module")
def dist(game):
    return outcome_distribution(game)


def test_the_one_hand_distribution_is_the_return_table(game, dist):
    by_net: dict[Fraction, int] = {}
    for r in game.return_table():
        by_net[r.net] = by_net.get(r.net, 0) + r.count
    assert dict(zip(dist.nets, dist.counts)) == {k: v for k, v in by_net.items() if v}
    assert dist.total == game.total_weight == 19933230517200
    assert dist.mean == game.return_per_ante and dist.variance == game.variance
    one = over_n_hands(dist, 1)
    assert one.exact
    assert one.p_ahead == Fraction(sum(c for n, c in by_net.items() if n > 0), dist.total)
    assert one.p_even == Fraction(by_net[Fraction(0)], dist.total)
    assert one.quantiles == {5: -3, 25: -1, 50: -1, 75: 1, 95: 3}


def _enumerate(dist, n):
    """The distribution over n hands by explicit enumeration of n-tuples of outcomes."""
    out: dict[Fraction, int] = {}
    for combo in itertools.product(range(len(dist.nets)), repeat=n):
        net = sum((dist.nets[i] for i in combo), Fraction(0))
        out[net] = out.get(net, 0) + math.prod(dist.counts[i] for i in combo)
    return out


@pytest.mark.parametrize("n", [2, 3])
def test_two_and_three_hands_equal_an_explicit_enumeration(dist, n):
    want = _enumerate(dist, n)
    offset, counts = dist.steps()
    coef = _exact_power(counts, n)
    got = {(offset * n + i) * dist.unit: c for i, c in enumerate(coef) if c}
    assert got == want
    r = over_n_hands(dist, n)
    denom = dist.total ** n
    assert r.p_ahead == Fraction(sum(c for x, c in want.items() if x > 0), denom)
    assert r.p_even == Fraction(want.get(Fraction(0), 0), denom)
    assert r.p_behind == Fraction(sum(c for x, c in want.items() if x < 0), denom)
    cum = 0
    for x in sorted(want):
        cum += want[x]
        for level, q in r.quantiles.items():
            if q == x:
                assert Fraction(cum, denom) >= Fraction(level, 100)
                assert Fraction(cum - want[x], denom) < Fraction(level, 100)


@pytest.mark.parametrize("n", [2, 3, 10])
def test_mean_and_variance_over_n_hands_are_exactly_n_times(dist, n):
    offset, counts = dist.steps()
    coef = _exact_power(counts, n)
    denom = dist.total ** n
    nets = [(offset * n + i) * dist.unit for i in range(len(coef))]
    mean = sum((c * x for c, x in zip(coef, nets)), Fraction(0)) / denom
    second = sum((c * x * x for c, x in zip(coef, nets)), Fraction(0)) / denom
    assert sum(coef) == denom
    assert mean == n * dist.mean
    assert second - mean ** 2 == n * dist.variance
    r = over_n_hands(dist, n)
    assert (r.mean, r.variance) == (n * dist.mean, n * dist.variance)


@pytest.mark.parametrize("n", [100, 1000])
def test_the_fft_distribution_keeps_mean_and_variance(dist, n):
    r = over_n_hands(dist, n, keep=True)
    assert not r.exact and r.error_bound is not None and r.error_bound < 1e-8
    p = r.probabilities
    nets = [float((r.offset + i) * r.unit) for i in range(len(p))]
    assert abs(math.fsum(p) - 1) <= r.error_bound
    m = math.fsum(a * b for a, b in zip(p, nets))
    v = math.fsum(a * (b - m) ** 2 for a, b in zip(p, nets))
    reach = max(abs(x) for x in nets)  # each probability errs by at most the bound: so does the mean, x reach
    assert abs(m - float(n * dist.mean)) <= r.error_bound * reach
    assert abs(v - float(n * dist.variance)) <= r.error_bound * (2 * reach) ** 2
    assert m == pytest.approx(float(n * dist.mean), rel=1e-6)
    assert v == pytest.approx(float(n * dist.variance), rel=1e-5)  # the far tail's noise x nets^2


def test_fft_agrees_with_the_exact_power_within_its_bound(dist):
    exact = over_n_hands(dist, 10, method="exact")
    fft = over_n_hands(dist, 10, method="fft")
    assert fft.error_bound is not None
    for a, b in ((exact.p_ahead, fft.p_ahead), (exact.p_even, fft.p_even), (exact.p_behind, fft.p_behind)):
        assert abs(float(a) - b) <= fft.error_bound
    assert fft.quantiles == exact.quantiles and fft.quantiles_certain
    assert fft.house_win_interval_95 == exact.house_win_interval_95


def test_standard_table_figures(dist):
    r100, r1000 = over_n_hands(dist, 100), over_n_hands(dist, 1000)
    assert r100.p_ahead == pytest.approx(0.376096, abs=2e-6)
    assert r1000.p_ahead == pytest.approx(0.222967, abs=2e-6)
    assert r1000.quantiles == {5: -166, 25: -100, 50: -54, 75: -6, 95: 66}
    assert r1000.house_win_interval_95 == (-90, 188)
    assert r1000.volatility_index == pytest.approx(1.959964 * 2.242950, rel=1e-5)


def test_hands_limits(dist, monkeypatch):
    with pytest.raises(InvalidRules, match="at least 1"):
        over_n_hands(dist, 0)
    with pytest.raises(InvalidRules, match="more than the limit of 1,000,000"):
        over_n_hands(dist, MAX_HANDS + 1)
    with pytest.raises(InvalidRules):
        over_n_hands(dist, 2.5)  # type: ignore[arg-type]
    # the window of 1,000 hands takes 5,456 points: more than a limit of 2^12
    monkeypatch.setattr(volatility, "MAX_FFT_POINTS", 1 << 12)
    with pytest.raises(InvalidRules, match=r"5,456 points .* the limit is 4,096 = 2\^12"):
        over_n_hands(dist, 1000)


@pytest.mark.parametrize("n", [1000, 10_000])
def test_the_window_gives_the_whole_transforms_answers(dist, monkeypatch, n):
    """Where the whole transform fits, a window about the mean (forced by a lower limit) gives the
    same quantiles and interval, and every probability within the two bounds."""
    whole = over_n_hands(dist, n, keep=True)
    assert whole.offset == -3 * n and len(whole.probabilities) == 204 * n + 1
    monkeypatch.setattr(volatility, "MAX_FFT_POINTS", 1 << 16)
    window = over_n_hands(dist, n, keep=True)
    assert window.offset > whole.offset and len(window.probabilities) < 1 << 16
    assert window.error_bound >= WINDOW_TAIL
    assert window.quantiles == whole.quantiles and window.quantiles_certain
    assert window.house_win_interval_95 == whole.house_win_interval_95
    tol = whole.error_bound + window.error_bound
    for a, b in ((window.p_ahead, whole.p_ahead), (window.p_even, whole.p_even), (window.p_behind, whole.p_behind)):
        assert abs(a - b) <= tol
    shift = window.offset - whole.offset
    assert all(abs(a - b) <= tol for a, b in zip(window.probabilities, whole.probabilities[shift:]))
    assert sum(window.probabilities) == pytest.approx(1, abs=1e-9)


def test_fine_nets_and_many_hands_beyond_the_whole_transform(dist):
    """Nets in tenths of an ante (every net less a fee of 9/10): 10,000 hands take 20,400,001 points
    of a tenth, beyond the whole transform; the window gives the standard game's quantiles less
    exactly 9,000 antes. And the standard game runs to the limit of hands."""
    fee = Fraction(9, 10)
    fine = OutcomeDistribution(tuple(x - fee for x in dist.nets), dist.counts)
    assert fine.unit == Fraction(1, 10) and MAX_FFT_POINTS < 204 * 10 * 10_000 + 1
    n = 10_000
    plain, less = over_n_hands(dist, n), over_n_hands(fine, n)
    assert less.quantiles == {k: q - fee * n for k, q in plain.quantiles.items()} and less.quantiles_certain
    assert less.house_win_interval_95 == tuple(x + fee * n for x in plain.house_win_interval_95)
    assert less.mean == plain.mean - fee * n and less.variance == plain.variance
    assert less.p_ahead < plain.p_ahead
    most = over_n_hands(dist, MAX_HANDS)
    mean, sd = float(most.mean), math.sqrt(most.variance)
    assert mean - 2 * sd < most.quantiles[5] < mean - sd < most.quantiles[50] < mean + sd < most.quantiles[95]
    assert most.p_ahead <= most.error_bound and most.quantiles_certain


def _direct_rounds(rules, rounds, seats, seed):
    """Several seats at one dealer, dealt from a shuffled deck in Python: each seat decides from the
    solver's counts of its own (hand, up card) and is settled by cs_deal with the dealer's four hole
    cards given (one completion)."""
    rng = random.Random(seed)
    solver = solver_for(rules.qualifier.value)
    nets = rules.nets()
    scaled = nets.scaled()
    pair_means = []
    for _ in range(rounds):
        deck = rng.sample(range(52), 5 + 5 * seats)
        up, hole = deck[0], deck[1:5]
        xs = []
        for s in range(seats):
            hand = deck[5 + 5 * s: 10 + 5 * s]
            c = solver.situation(hand, up)
            if raise_total(c, c.player_category, scaled) - c.total * scaled.fold <= 0:
                xs.append(nets.fold)
                continue
            d = _ffi.deal(hand, up, dealer=hole, qualifier=rules.qualifier.value)
            assert d.total == 1
            xs.append(nets.not_qualify if d.not_qualify else nets.win[d.player_category] if d.win
                      else nets.tie if d.tie else nets.lose)
        pairs = [a * b for a, b in itertools.combinations(xs, 2)]
        pair_means.append(float(sum(pairs)) / len(pairs))
    m = math.fsum(pair_means) / rounds
    var = math.fsum((x - m) ** 2 for x in pair_means) / (rounds - 1)
    return m, math.sqrt(var / rounds)


def test_seat_covariance_agrees_with_a_direct_simulation(game):
    rules = Rules()
    c = seat_covariance(rules, deals=100_000, seed=5)
    lo, hi = c.interval
    assert lo < float(c.covariance) < hi and hi - lo < 0.03
    assert 0.5 < c.covariance < 0.62 and 0.09 < c.correlation < 0.13
    assert abs(float(c.sample_mean - game.return_per_ante)) < 0.01
    m, se = _direct_rounds(rules, 4000, 7, 11)
    direct_cov = m - float(game.return_per_ante) ** 2
    assert abs(direct_cov - float(c.covariance)) < 4 * math.hypot(se, c.half_width / 1.96)
    again = seat_covariance(rules, deals=100_000, seed=5, threads=1)
    assert again.covariance == c.covariance  # deal i depends only on the seed and i


def test_table_hour(game):
    cov = seat_covariance(deals=20_000, seed=1)
    t = table_hour(game, cov, seats=7, hands_per_hour=50, average_ante=10, hours=8)
    assert t.theoretical_win == 7 * 50 * 10 * game.house_edge
    var = 50 * 100 * (7 * float(game.variance) + 42 * float(cov.covariance))
    assert t.standard_deviation == pytest.approx(math.sqrt(var))
    lo, hi = t.shift_range_95
    assert (lo + hi) / 2 == pytest.approx(float(t.shift_win))
    assert 0 < t.p_house_loses < 0.5
    assert t.independent is not None and t.independent.hands == 7 * 50 * 8
    one = table_hour(game, cov, seats=1, hands_per_hour=50, average_ante=10, hours=1)
    assert one.standard_deviation == pytest.approx(10 * math.sqrt(50 * float(game.variance)))
    for bad in (dict(seats=0), dict(seats=8), dict(hands_per_hour=0), dict(average_ante=-1), dict(hours=0)):
        with pytest.raises(InvalidRules):
            table_hour(game, cov, **bad)


def test_progressive_house_reproduces_the_breakeven_meter():
    h = progressive_house(contribution="0.15")
    assert h.breakeven_meter == progressive().breakeven_meter == Fraction(4142900, 19)
    assert h.hold_at(h.meter) == progressive().house_edge_at(h.meter)
    capped = progressive_house(contribution="0.15", sf_cap=5000)
    be = capped.breakeven_meter
    assert be is not None and capped.return_at(be) == 1 and be > h.breakeven_meter
    eq = h.equilibrium_meter
    assert eq is not None and h.growth_per_bet(eq) == 0
    assert capped.equilibrium_meter is not None and capped.growth_per_bet(capped.equilibrium_meter) == 0
    rows = h.report.rows()
    fixed = sum(r.probability * r.pay.fixed for r in rows)
    assert h.long_run_hold == 1 - fixed - Fraction(15, 100) - rows[0].probability * 10_000
    assert dict(h.hits_per_year())["royal flush"] == Fraction(4, 2598960) * 350 * 8760
    assert progressive_house().growth_per_bet(100_000) is None


@pytest.mark.parametrize("kw", [dict(contribution=0), dict(contribution="1.5"), dict(contribution=-0.1),
                                dict(bets_per_hour=-1), dict(sf_cap=0), dict(reset=-5), dict(hours_per_year=9000)])
def test_progressive_house_bad_input(kw):
    with pytest.raises(InvalidRules):
        progressive_house(**kw)
