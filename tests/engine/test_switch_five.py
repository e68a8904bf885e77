"""The five-card switch counted exactly for every hand of an up rank (``cs_test_switch_five``).

Each probe's sum (the raise of switching all five, over every replacement set and dealer hand) is
checked against the same hand counted alone by ``cs_switch`` (an independent count: one situation,
its dealer hands tabled, inclusion-exclusion over the replacement set), discard set 31 with the raise
forced, priced exactly; against suit relabelling (suits other than the up card's swapped); and, all
2,349,060 hands of the rank at once, their sum against C(42, 5) x the nets summed over every
(replacement, dealer hand) pair, which standing's counts give (the one-card game's trusted sweep).

One up rank counts every one of its 2,349,060 hands (about 3.6 s of CPU, more than the default run's
budget): every count is marked ``slow`` (CI runs them; the C harness also counts one rank and checks a
probe against cs_switch); the default run checks the arguments.
"""

import math
import random

import pytest

from caribbean_exact import Rules
from caribbean_exact.engine import _ffi
from caribbean_exact.model.rules import ScaledNets

pytestmark = pytest.mark.csan

#: Replacement sets x dealer hands of one situation's five-card switch.
DEALS = math.comb(46, 5) * math.comb(41, 4)


def _alone(rules: Rules | tuple[int, ScaledNets], hand: list[int], up: int) -> int:
    """cs_switch's five-card switch of one hand, the raise forced, summed with the nets."""
    q, s = (rules.qualifier.value, rules.nets().scaled()) if isinstance(rules, Rules) else rules
    t = _ffi.switch(hand, up, 1 << 31, q, s, _ffi.SWITCH_FIVE_RAISES, 2)[31]
    assert t.total_weight == DEALS and t.raise_situations == math.comb(46, 5) and not any(t.fold)
    return (sum(t.not_qualify) * s.not_qualify + sum(w * s.win[c] for c, w in enumerate(t.win))
            + sum(t.tie) * s.tie + sum(t.lose) * s.lose)


def _swap(card: int, a: int, b: int) -> int:
    suit = card & 3
    return (card & ~3) | (b if suit == a else a if suit == b else suit)


def _probes(rank: int, n: int, seed: int) -> list[list[int]]:
    """n random hands beside the up card 4 x rank, and hands that share its rank and suit."""
    rng = random.Random(seed)
    up = 4 * rank
    deck = [c for c in range(52) if c != up]
    hands = [rng.sample(deck, 5) for _ in range(n)]
    others = [c for c in deck if c // 4 != rank]
    hands.append([up + 1, up + 2, up + 3, *rng.sample(others, 2)])  # the three other cards of the up rank
    hands.append(rng.sample([c for c in deck if c % 4 == 0], 5))  # all of the up card's suit
    hands.append([up + 1, *rng.sample([c for c in deck if c % 4 == 0], 4)])  # the up rank and its suit
    return hands


def _check(rules: Rules | tuple[int, ScaledNets], rank: int, hands: list[list[int]]) -> list[int]:
    up = 4 * rank
    q, s = (rules.qualifier.value, rules.nets().scaled()) if isinstance(rules, Rules) else rules
    relabelled = [[_swap(c, 1, 2) for c in h] for h in hands[:3]] + [[_swap(c, 1, 3) for c in h] for h in hands[:3]]
    got, totals = _ffi.switch_five(rank, q, s, hands + relabelled, totals=True)
    assert totals is not None and totals[0] == totals[1] != 0  # all 2,349,060 hands' sum, as it must be
    assert got[len(hands):] == got[:3] + got[:3]  # the other suits are interchangeable
    want = [_alone(rules, h, up) for h in hands]
    assert got[:len(hands)] == want
    assert len(set(want)) == len(want)  # different hands, different sums: the check can tell them apart
    return got


@pytest.mark.slow
def test_one_rank_against_cs_switch():
    """The queen as up card, standard rules: 7 hands counted alone agree exactly."""
    rules = Rules()
    got = _check(rules, 10, _probes(10, 4, 5))
    # holding the up rank's three other cards, the dealer can never pair his up card: the best switch
    # here (about +0.27 ante before the fee), the random hands' all lose (-0.16 to -0.35)
    assert max(got[:7]) == got[4] > 0 > max(got[:4])


@pytest.mark.slow
@pytest.mark.parametrize("rank", [0, 5, 12])
def test_ranks_against_cs_switch(rank):
    """Deuce, seven, ace: 13 hands each (39 with the queen's), standard rules."""
    _check(Rules(), rank, _probes(rank, 10, 100 + rank))


@pytest.mark.slow
def test_other_paytable_and_qualifier():
    """Other pay tables and qualifiers: royal-250 with a pair to qualify, live-dealer with no
    qualifier (every dealer hand qualifies)."""
    _check(Rules.make(paytable="royal-250", qualifier="pair"), 7, _probes(7, 8, 31))
    _check(Rules.make(paytable="live-dealer", qualifier="none"), 2, _probes(2, 6, 32))


#: Nets no pay table has: a tie that is not 0 (the pay tables' ties all are), a negative win, the largest
#: net the call allows, a fold that pays.
ODD_NETS = ScaledNets(fold=2, not_qualify=-5, tie=7, lose=-11, win=(13, -17, 19, 23, 29, 31, 37, 41, 43, 1 << 20),
                      denominator=1)


@pytest.mark.slow
@pytest.mark.parametrize(("rank", "qualifier"), [(12, 1113), (4, 0), (1, 3000)])
def test_odd_nets_against_cs_switch(rank, qualifier):
    """Ties, a negative win and a win of 2^20 priced; qualifiers A-K, none (0) and a pair (3000)."""
    _check((qualifier, ODD_NETS), rank, _probes(rank, 3, 200 + rank))


def test_arguments():
    """Bad input is refused before any work; no probes, nothing counted."""
    s = Rules().nets().scaled()
    assert _ffi.switch_five(10, 1113, s, []) == ([], None)
    with pytest.raises(Exception, match="five"):
        _ffi.switch_five(10, 1113, s, [[1, 2, 3, 4]])
