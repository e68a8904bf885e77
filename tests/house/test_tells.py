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
