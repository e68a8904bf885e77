"""Game protection (house/protection.py): the flash rate, the hands to detect a leak, colluding players
of whom only some share. Exact figures against the exact games they mix, brute-force binomial sums
against the search, and the unseen dead cards against the exact one-situation engine."""

import math
from fractions import Fraction

import pytest

import caribbean_exact as ce
from caribbean_exact import InvalidRules, ev
from caribbean_exact.engine import _ffi
from caribbean_exact.engine.pricing import solver_for
from caribbean_exact.engine.sampler import sample_deals
from caribbean_exact.house import protection as pr
from caribbean_exact.house.volatility import outcome_distribution
from caribbean_exact.model.cards import Card
from caribbean_exact.model.rules import Rules
from caribbean_exact.play.known_cards import solve_known
from caribbean_exact.play.sampling import sample

F = Fraction


class _Games(dict):
    """The exact games with k hole cards seen, each solved when a test first asks for it."""

    def __missing__(self, k):
        self[k] = solve_known(k)
        return self[k]


@pytest.fixture(scope="module")
def games():
    return _Games()


# ---------------------------------------------------------------- the flash rate


def test_flash_rate_zero_one_and_linear(games):
    base, one = games[0], games[1]
    gap = base.house_edge - one.house_edge
    zero = pr.flash_cost(0, game=base, leak=one)
    assert zero.house_edge == base.house_edge and zero.cost_per_hand == 0 and zero.cost_per_table_hour == 0
    assert zero.raise_probability == base.raise_probability
    full = pr.flash_cost("100%", game=base, leak=one)
    assert full.house_edge == one.house_edge and full.cost_per_hand == gap
    assert full.raise_probability == one.raise_probability
    assert full.win_probability == pr.win_probability(one)
    for r in (F(1, 20), F(1, 7), F(1, 3), F(9, 10)):
        f = pr.flash_cost(r, game=base, leak=one)
        assert f.cost_per_hand == r * gap
        assert f.house_edge == base.house_edge - r * gap
        assert f.raise_probability == base.raise_probability + r * (one.raise_probability - base.raise_probability)
    # the standard figures: 0.2304% of an ante per hand at 5%, $1.15 an hour for one player at $10 x 50
    f = pr.flash_cost("5%", game=base, leak=one)
    assert f.cost_per_hand == F(76548088303, 33222050862000)
    assert f.cost_per_table_hour == 50 * 10 * f.cost_per_hand
    assert f"{float(f.cost_per_table_hour):.4f}" == "1.1521"


def test_flash_per_hour_settings_and_default_leak(games):
    base = games[0]
    f = pr.flash_cost("1/10", hands_per_hour=60, average_ante=25, players=3, game=base)
    assert f.leak.house_edge == games[1].house_edge  # the one-seen-card game by default
    assert f.cost_per_hand_money == 25 * f.cost_per_hand
    assert f.cost_per_table_hour == 3 * 60 * 25 * f.cost_per_hand
    capped = Rules.make(None, None, 50, 5000)  # a rules' ante is the default average ante
    assert pr.flash_cost("1%", capped).average_ante == 50
    assert pr.flash_cost("1%", game=base, leak=games[1]).average_ante == 10  # the report's default
    # the mixture's house edge is the mean of the mixed outcome distribution (computed apart)
    r = F(1, 4)
    d0, d1 = outcome_distribution(base), outcome_distribution(games[1])
    mean = sum((n * c for n, c in zip(d0.nets, d0.counts)), F(0)) / d0.total * (1 - r) + \
        sum((n * c for n, c in zip(d1.nets, d1.counts)), F(0)) / d1.total * r
    assert -mean == pr.flash_cost(r, game=base, leak=games[1]).house_edge


@pytest.mark.parametrize("bad", ["120%", "-1", "1.5", "abc", "", True, None])
def test_flash_rate_refused(bad):
    """A bad value is InvalidRules; a wrong type (a bool, None) is InvalidType, a TypeError (#33)."""
    with pytest.raises(TypeError if bad is None or isinstance(bad, bool) else InvalidRules):
        pr.check_rate(bad)


def test_flash_refuses_other_rules(games):
    with pytest.raises(InvalidRules, match="other rules"):
        pr.flash_cost("5%", Rules.make("live-dealer"), leak=games[1])
    with pytest.raises(InvalidRules):
        pr.flash_cost("5%", game=games[0], players=8)
    assert pr.check_rate("5%") == pr.check_rate("0.05") == pr.check_rate("1/20") == F(1, 20)


# ---------------------------------------------------------------- detection


def _upper(n, c, p):
    """P(X >= c), X ~ binomial(n, p): the plain sum, Fractions."""
    return sum((math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(max(c, 0), n + 1)), F(0))


def _brute(p0, p1, a, b, most):
    """The smallest n (and its c) for which some c keeps both error rates, every n tried, and at each
    every c that keeps alpha (the tail under p0 only shrinks as c moves away, the power too)."""
    for n in range(1, most):
        cs = range(n + 2) if p1 > p0 else range(n, -2, -1)
        for c in cs:
            size = _upper(n, c, p0) if p1 > p0 else 1 - _upper(n, c + 1, p0)
            if size > a:
                continue
            power = _upper(n, c, p1) if p1 > p0 else 1 - _upper(n, c + 1, p1)
            if power >= 1 - b:
                return n, c
            break  # the first c keeping alpha has the most power: no other c passes at this n
    return None


@pytest.mark.parametrize("p0, p1, a, b", [
    (F(1, 2), F(3, 4), F(1, 20), F(1, 20)),
    (F(2, 5), F(7, 10), F(1, 100), F(1, 20)),
    (F(3, 4), F(2, 5), F(1, 20), F(1, 10)),   # p1 < p0: the mirrored test, "X <= c"
    (F(1, 10), F(2, 5), F(1, 20), F(1, 20)),
])
def test_hands_needed_against_brute_force(p0, p1, a, b):
    d = pr.hands_needed(p0, p1, a, b)
    assert (d.hands, d.critical) == _brute(p0, p1, a, b, d.hands + 1)
    assert d.checked == "exact" and d.upper == (p1 > p0)
    assert abs(d.hands - d.normal_hands) <= 0.25 * d.hands


@pytest.mark.slow
def test_detect_the_seen_card_games(games):
    base = games[0]
    found = {}
    for k in (1, 2, 3):
        for s in pr.STATISTICS:
            for e in pr.DEFAULT_ERROR_RATES:
                d = pr.hands_to_detect(games[k], base, e, statistic=s)
                found[k, s, e] = d.hands
                assert d.checked == "exact"
                assert abs(d.hands - d.normal_hands) <= 0.1 * d.hands  # the normal formula is close
                p0, p1 = d.p0, d.p1
                assert p0 == (base.raise_probability if s == "raise" else pr.win_probability(base))
                # the answer passes and n - 1 fails, summed here again in Fractions
                c = d.critical
                assert _upper(d.hands, c, p0) <= e and _upper(d.hands, c, p1) >= 1 - e
    assert found[1, "raise", F(1, 20)] == 89 and found[1, "raise", F(1, 100)] == 171
    assert found[1, "win", F(1, 20)] == 280 and found[2, "raise", F(1, 20)] == 44
    assert found[3, "win", F(1, 100)] == 126


def test_the_saw_tooth(games):
    """One seen card, by raise rate at 5%: 89 hands pass, 90 fail (the critical value is whole)."""
    d = pr.hands_to_detect(games[1], games[0])
    assert d.hands == 89 and d.last_failure == 90
    p0, p1 = d.p0, d.p1
    assert not any(_upper(90, c, p0) <= F(1, 20) and _upper(90, c, p1) >= F(19, 20) for c in range(40, 75))
    assert not any(_upper(88, c, p0) <= F(1, 20) and _upper(88, c, p1) >= F(19, 20) for c in range(40, 75))


def test_the_bounded_sums_against_integers():
    """The decimal sums with their proven bound (past 2,000 hands: Stirling's series too) hold the
    exact tail within the bound, and the bound is tiny."""
    p = F(5316167, 10179260)
    for prec, tight in zip(pr.PRECISIONS, (F(1, 10 ** 21), F(1, 10 ** 51))):
        for n, c, upper in ((3000, 1640, True), (3000, 1500, False), (2500, 1200, True), (40, 30, True)):
            value, bound = pr._tail_bounded(n, c, p, upper, prec)
            exact = pr._tail_exact(n, c, p, upper)
            assert abs(F(value) - exact) <= F(bound)
            assert F(bound) < tight * exact


def test_detect_a_flash_rate_checked_by_the_bound(games):
    f = pr.flash_cost("10%", game=games[0], leak=games[1])
    d = pr.hands_to_detect(f, games[0])
    assert d.hands == 8968 and d.checked == "bound" and abs(d.hands - d.normal_hands) < 50
    assert d.p1 == f.raise_probability


def test_detection_table_and_bad_input(games):
    rows = pr.detection_table([("k1", games[1]), ("k1 again", games[1])], games[0])
    assert [x.name for x in rows] == ["k1", "k1 again"] and len(rows[0].detections) == 4
    assert rows[1].detection("win", F(1, 100)).hands == 554 and rows[0].detection("raise", F(1, 20)).hands == 89
    assert rows[0].cost_per_hand == games[0].house_edge - games[1].house_edge
    assert pr.hands_needed(F(1, 3), F(1, 3)).hands is None  # the same rate: never
    for bad in (dict(alpha=F(1, 2)), dict(alpha=0), dict(beta=F(3, 4)), dict(statistic="fold")):
        with pytest.raises(InvalidRules):
            pr.hands_needed(F(1, 3), F(1, 2), **bad)
    with pytest.raises(InvalidRules):
        pr.hands_needed(F(0), F(1, 2))
    with pytest.raises(InvalidRules):
        pr.hands_to_detect("k1")


@pytest.mark.slow
def test_leaks_list():
    named = pr.leaks(flash_rates=["25%"])
    assert [n for n, _ in named] == [x.name for x in pr.LEAKS] + ["flash rate 25%"]
    assert [g.information.seen_cards for _, g in named[:3]] == [1, 2, 3]


def test_win_probability_is_the_hit_frequency(games):
    from caribbean_exact.house.math_report import MathReport

    d = outcome_distribution(games[0])
    fake = MathReport.__new__(MathReport)
    object.__setattr__(fake, "distribution", d)
    assert pr.win_probability(games[0]) == fake.hit_frequency == F(160068962336, 415275635775)


# ---------------------------------------------------------------- colluding players, some sharing


def test_unseen_dead_cards_do_not_change_the_expectation(rng):
    """The mean over every unseen card of the EV with that card dead is the EV without it, exactly
    (the engine's exact counts): the identity behind --sharing."""
    for _ in range(3):
        cards = rng.sample(range(52), 11)
        hand, up, seen = [Card(c) for c in cards[:5]], Card(cards[5]), [Card(c) for c in cards[6:11]]
        plain = ev(hand, up, dead=seen)
        unseen = [Card(c) for c in range(52) if c not in cards]
        mean = sum((ev(hand, up, dead=[*seen, d]).ev_raise for d in unseen), F(0)) / len(unseen)
        assert mean == plain.ev_raise


@pytest.mark.csan
def test_hidden_hands_fast_and_card_by_card_agree():
    rules, base = Rules(), solver_for(1113)
    for known, others, burn, hidden in ((0, 0, 0, 6), (1, 2, 1, 4), (2, 1, 0, 3), (4, 0, 0, 2)):
        a = sample_deals(rules, known, others, 5, 0, 150, 2, base, burn, 0, hidden)
        b = sample_deals(rules, known, others, 5, 0, 150, 1, base, burn, _ffi.SAMPLE_GENERIC, hidden)
        assert a == b
        assert a.completions == math.comb(52 - 6 - known - 5 * (others + hidden) - burn, 4 - known)
    # the decisions are those of what is seen: the same raises as without the hidden hands
    assert (sample_deals(rules, 1, 2, 5, 0, 300, 2, base, 1, 0, 4).raises
            == sample_deals(rules, 1, 2, 5, 0, 300, 2, base, 1).raises)


def test_sharing_consistency(games):
    everyone = sample(players=7, deals=2000, seed=3)
    assert sample(players=7, sharing=7, deals=2000, seed=3).sums == everyone.sums  # today's collusion
    plain = games[0].house_edge
    one = sample(players=7, sharing=1, deals=10000, seed=4)
    lo, hi = one.house_edge_interval
    assert lo < plain < hi and one.house_edge != plain  # a real sample, the plain game within it
    assert one.dead_cards == 0 and one.unseen_dead_cards == 30
    three = sample(players=7, sharing=3, deals=10000, seed=5)
    alone = sample(players=3, deals=10000, seed=5)
    lo, hi = three.house_edge_interval
    assert lo < float(alone.house_edge) < hi  # the same expectation as three players alone
    assert three.table_house_edge == (3 * three.house_edge + 4 * plain) / 7
    with pytest.raises(InvalidRules, match="sharing"):
        sample(players=3, sharing=4)
    with pytest.raises(InvalidRules, match="burn"):
        sample(players=7, sharing=2, burn=13)




def test_leak_detection_by_name():
    """One leak by name (``report --leak``): detect's row of it with its tells, at the table's settings."""
    from caribbean_exact.house.protection import LEAKS, leak_named
    from caribbean_exact.house.tells import leak_detection, leak_tells

    assert [leak_named(x.name.upper()) for x in LEAKS] == list(LEAKS)
    for bad in ("x-ray vision", "", None, 3):
        with pytest.raises(ce.InvalidRules, match="expected one of one hole card seen; two hole cards seen"):
            leak_named(bad)
    x = leak_detection("one hole card seen", hands_per_hour=60, average_ante=25, players=2)
    seen = ce.solve_seen_card()
    assert x.house_edge == seen.report.house_edge and x.cost_per_hand == ce.solve().house_edge - x.house_edge
    assert x.cost_per_table_hour == 2 * 60 * 25 * x.cost_per_hand
    assert x.tells is not None and x.tells.share == leak_tells(seen.chart).share
    assert x.detection("raise", Fraction(1, 20)).hands == 89 and x.detection("win", Fraction(1, 100)).hands == 554
