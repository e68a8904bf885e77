"""Tells: the share of hands in which a leak's player makes a decision the plain optimal player never
makes (raise a high card below A-K, fold a pair or better), recomputed by plain loops."""

from fractions import Fraction

import pytest

from caribbean_exact import InvalidRules
from caribbean_exact.engine import layout
from caribbean_exact.house.tells import Tells, leak_tells, plain_never
from caribbean_exact.play.game import solve
from caribbean_exact.play.known_cards import solve_seen_card, solve_seen_cards, solve_seen_class
from caribbean_exact.render.play.leaks import leak_chart_json
from caribbean_exact.strategy.chart import PlainRule, build_chart


def _first_n(share: Fraction, confidence: Fraction) -> int:
    """Brute force over n: the chance of at least one tell in n hands is 1 - P(no tell)^n, n = 1, 2, ..."""
    n, none = 1, 1 - share
    while 1 - none < confidence:
        n, none = n + 1, none * (1 - share)
    return n


def test_one_seen_card_by_class_blocks():
    g = solve_seen_card()
    t = leak_tells(g.chart)
    n = layout.SEEN_CLASS_CELLS  # the flat table: class 0 (below A-K) first, then A-K high, pair, ...
    raised_below = sum(g.chart.raise_weight[0:n])
    folded = sum(tw - rw for tw, rw in zip(g.chart.total_weight[2 * n:], g.chart.raise_weight[2 * n:]))
    assert (t.raise_below, t.fold_pair) == (raised_below, folded)
    assert t.total == sum(g.chart.total_weight) == g.report.situations
    assert t.share == Fraction(raised_below + folded, g.report.situations)
    assert float(Fraction(raised_below, t.total)) == pytest.approx(0.166, abs=5e-4)   # the 16.6%
    assert float(Fraction(folded, t.total)) == pytest.approx(0.0125, abs=5e-5)          # and 1.25%
    assert (t.hands_to_see(Fraction(95, 100)), t.hands_to_see(Fraction(99, 100))) == (16, 24)
    assert t.hands_to_first == 1 / t.share
    assert sum(x.weight for x in t.top) <= t.raise_below + t.fold_pair
    assert all(x.words.startswith(("raises a high card below A-K", "folds")) for x in t.top)


def test_class_leak_from_its_json_cells():
    g = solve_seen_class("picture")
    t = leak_tells(g.chart)
    tell = total = 0
    for cell in leak_chart_json(g.chart):
        total += cell["total_weight"]
        if cell["class"] == "high card below A-K":
            tell += cell["raise_weight"]
        elif cell["class"] != "A-K high":
            tell += cell["total_weight"] - cell["raise_weight"]
    assert t.share == Fraction(tell, total) and total == g.report.situations
    assert 0 < t.share < leak_tells(solve_seen_card().chart).share   # a class tells less than the card


def test_more_cards_seen_more_tells():
    shares = [leak_tells(solve_seen_card().chart).share] + [leak_tells(solve_seen_cards(k).chart).share
                                                            for k in (2, 3)]
    assert shares == sorted(shares) and len(set(shares)) == 3


@pytest.mark.parametrize("share", [Fraction(10443431, 58530745), Fraction(1, 2), Fraction(1, 1000), Fraction(7, 9)])
@pytest.mark.parametrize("confidence", [Fraction(95, 100), Fraction(99, 100), Fraction(1, 2)])
def test_hands_to_see_against_brute_force(share, confidence):
    t = Tells(share.numerator, 0, share.denominator, ())
    assert t.hands_to_see(confidence) == _first_n(share, confidence)


def test_no_tell_and_bad_confidence():
    t = Tells(0, 0, 10, ())
    assert t.share == 0 and t.hands_to_see(Fraction(1, 2)) is None and t.hands_to_first is None
    assert Tells(3, 0, 3, ()).hands_to_see(Fraction(99, 100)) == 1
    with pytest.raises(InvalidRules, match="confidence"):
        Tells(1, 0, 2, ()).hands_to_see(Fraction(1))
    with pytest.raises(InvalidRules, match="chart"):
        leak_tells(solve().totals)  # type: ignore[arg-type]


def test_plain_optimal_never_makes_a_tell():
    """The named rule is the optimal plain player's: his chart raises every pair or better and folds
    every high card below A-K (class key (0, A, K)); his totals fold no pair."""
    assert plain_never(solve())
    rules = build_chart().plain_rules
    assert PlainRule("raise", "category_or_better", 1) in rules
    assert PlainRule("fold", "below_class", 0, (0, 12, 11)) in rules


def test_every_leak_has_its_tells():
    from caribbean_exact.house.protection import LEAKS
    from caribbean_exact.house.tells import TELL_LEAKS
    assert [name for name, _ in TELL_LEAKS] == [leak.name for leak in LEAKS]


def test_edge_sorting_in_deals_against_its_totals():
    """Edge sorting's tells by a plain loop over its chart (c, value, up rank), each situation weighed by
    its deals with c sorted hole cards (the hand's ranks counted from its value), checked against the
    game's own totals by c: every deal once, the pairs or better folded and the high cards raised."""
    import math

    from caribbean_exact.engine.pricing import DEALS
    from caribbean_exact.model.hands import NUM_VALUES, value_categories, value_ranks
    from caribbean_exact.play.edge_sorting import solve_sorted_ranks
    g = solve_sorted_ranks("AK")
    cats = value_categories()
    below = fold = 0
    for c in range(5):
        deals = raised_high = folded = 0
        for v in range(NUM_VALUES):
            ranks = value_ranks(v)
            for up in range(13):
                r, t = g.chart.cell(c, v, up)
                if not t:
                    continue
                sorted_left = 8 - sum(x in (11, 12) for x in (*ranks, up))
                w = math.comb(sorted_left, c) * math.comb(46 - sorted_left, 4 - c)
                deals += t * w
                if cats[v] == 0:
                    raised_high += r * w
                    if ranks[:2] != (12, 11):
                        below += r * w
                else:
                    folded += (t - r) * w
        part = g.counts[c].totals
        assert deals == part.total_weight
        assert folded == sum(part.fold[1:])
        assert raised_high == part.not_qualify[0] + part.win[0] + part.tie[0] + part.lose[0]
        fold += folded
    t = leak_tells(g)
    assert (t.raise_below, t.fold_pair, t.total) == (below, fold, DEALS)
    assert t.share == Fraction(545236788763, 2491653814650)
    assert (t.hands_to_see(Fraction(95, 100)), t.hands_to_see(Fraction(99, 100))) == (13, 19)
    assert t.top[0].words == "raises A-Q high against a K up when no hole card is an A or K"


def _stop_brute(n, c, p):
    """E[hands watched] of the test "X >= c at n hands" stopped as soon as its verdict is certain: every
    sequence of n hands enumerated (1 = counted), in Fractions."""
    import itertools
    total = Fraction(0)
    for seq in itertools.product((0, 1), repeat=n):
        prob, x = Fraction(1), 0
        stop = n
        for m, h in enumerate(seq, 1):
            x += h
            if x >= c or x + (n - m) < c:
                stop = m
                break
        for h in seq:
            prob *= p if h else 1 - p
        total += prob * stop
    return total


@pytest.mark.parametrize("p0, p1", [(Fraction(1, 5), Fraction(4, 5)), (Fraction(4, 5), Fraction(1, 4)),
                                    (Fraction(1, 3), Fraction(5, 6))])
def test_rate_test_stopping_early_against_brute_force(p0, p1):
    from caribbean_exact.house.protection import hands_needed
    from caribbean_exact.house.tells import rate_test_exact, rate_test_hands
    d = hands_needed(p0, p1, Fraction(1, 10))
    assert d.hands is not None and d.hands <= 14 and rate_test_exact(d)
    n, c, p = d.hands, d.critical, p1
    q0 = p0
    if not d.upper:  # "X <= c": the other hands
        c, p, q0 = n - c, 1 - p1, 1 - p0
    assert rate_test_hands(d) == _stop_brute(n, c, p)
    assert rate_test_hands(d, "optimal") == _stop_brute(n, c, q0)
    assert rate_test_hands(d) <= n


def test_rate_test_stopping_early_of_one_seen_card():
    from caribbean_exact.house.protection import hands_to_detect
    from caribbean_exact.house.tells import rate_test_hands
    d = hands_to_detect(solve_seen_card().report)
    e = rate_test_hands(d)
    assert d.hands == 89 and 70 < e < 89 and f"{float(e):.2f}" == "78.68"
    with pytest.raises(InvalidRules, match="under"):
        rate_test_hands(d, "both")


def test_the_tells_of_each_leak_are_counted_once_for_the_same_rules(monkeypatch):
    """``tells_table`` counts each leak's tells once for the same rules (the second call, with other
    flash rates, reads the kept ones), hands back a list of its own each time, and counts again for
    other rules."""
    from caribbean_exact import Rules
    from caribbean_exact.engine.recent import Recent
    from caribbean_exact.house import tells

    counted: list[object] = []

    def fake_tells(chart: object) -> Tells:
        counted.append(chart)
        return Tells(1, 2, 10 * len(counted), ())

    monkeypatch.setattr(tells, "_leaks_tells", Recent(4))
    monkeypatch.setattr(tells, "TELL_LEAKS", (("one", lambda r: ("one", r)), ("two", lambda r: ("two", r))))
    monkeypatch.setattr(tells, "leak_tells", fake_tells)
    steps: list[tuple[int, int]] = []
    first = tells.tells_table(Rules(), (), lambda _what, done, total: steps.append((done, total)))
    assert [n for n, _ in first] == ["one", "two"] and len(counted) == 2 and steps == [(1, 2), (2, 2)]
    first.clear()
    again = tells.tells_table(Rules(), (Fraction(1, 10),))
    assert len(counted) == 2 and [n for n, _ in again] == ["one", "two", "flash rate 10%"]
    assert again[0][1] == Tells(1, 2, 10, ()) and again[2][1] == Tells(1, 2, 100, ())
    tells.tells_table(Rules.make(raise_antes=3))
    assert len(counted) == 4 and counted[2] == ("one", Rules.make(raise_antes=3))
