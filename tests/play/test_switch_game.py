"""Card switching, the whole game: the proven exclusions and the sampled estimate's properties."""

import json
import math
from fractions import Fraction

import pytest

from caribbean_exact import Rules
from caribbean_exact.cli import main
from caribbean_exact.play.switch_game import CATEGORY_HANDS, excluded_sizes, sample_switch_game, size_bound
from caribbean_exact.play.switching import SwitchFees, switch_ev


def test_category_counts_are_the_deck():
    assert sum(CATEGORY_HANDS) == math.comb(52, 5)


def test_five_card_switch_at_five_antes_is_never_best():
    # 1 + 2 x pay, the largest net of each final category; at most as many hands of a category among
    # 46 cards as in the deck: E <= 3 + 2 x 320,888 / C(46, 5); less the fee of 5
    bound = excluded_sizes("1,2,3,4,5")[5]
    assert bound == 3 + Fraction(2 * 320888, math.comb(46, 5)) - 5 < -1
    assert excluded_sizes("1,2,3,2,1") == {} and excluded_sizes("1") == {}
    assert size_bound(3, SwitchFees.parse("1,2,3,4,5"), Rules()) == 201 - 3  # the plain bound only
    assert size_bound(3, SwitchFees.parse("1,2"), Rules()) is None


def test_the_bound_holds_on_real_hands():
    for hand, up in [("As Ks Qs Js 2d", "5h"), ("2c 3d 5h 7s 9c", "Kd"), ("Ts Js Qs Ks As", "2c")]:
        a = switch_ev(hand, up, "1,2,3,4,5")
        for j in (4, 5):
            bound = size_bound(j, a.fees, Rules())
            assert bound is not None
            assert all(o.ev <= bound for o in a.options if len(o.discard) == j)


def test_a_prohibitive_fee_gives_the_plain_game():
    s = sample_switch_game("1000,1000,1000,1000,1000", deals=4, seed=3)
    assert s.mean_gain == 0 and s.house_edge == Fraction(142031221, 2718662100)
    assert sorted(s.excluded) == [1, 2, 3, 4, 5] and s.best_sizes == (4, 0, 0, 0, 0, 0) and s.exact


def test_one_card_tables_are_a_restriction_of_the_full_game():
    one = sample_switch_game("1", deals=6, seed=5)
    full = sample_switch_game("1,2,3,2,1", deals=6, seed=5)  # the same hands, more options
    assert one.gain_sum <= full.gain_sum and one.plain_return == full.plain_return
    assert one.best_sizes[2:] == (0, 0, 0, 0)


@pytest.mark.parametrize("n", [1, 3])
def test_sampled_switching_follows_the_raise(n):
    s = sample_switch_game("1", Rules(raise_antes=n), deals=3, seed=2)
    assert s.rules.raise_antes == n and s.gain_sum >= 0


def test_cli_solve_switch_fees(capsys):
    assert main(["solve", "--switch-fees", "1", "--sample", "--deals", "5", "--format", "json", "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["exact"] is False and doc["deals"] == 5 and sum(doc["best_switch_sizes"]) == 5
    assert main(["solve", "--switch-fees", "1", "--known-dealer-cards", "1"]) == 2
    assert main(["solve", "--switch-fees", "1", "--table", "figures"]) == 2


@pytest.mark.slow
@pytest.mark.parametrize("up_rank", [0, 5, 12])
def test_the_qualifying_table_is_current(up_rank):
    import itertools

    from caribbean_exact.model.hands import evaluate5
    from caribbean_exact.play.switch_game import AK_QUALIFIER, NOT_QUALIFYING, NOT_QUALIFYING_TOUCHING

    up = up_rank * 4
    per = [0] * 52
    n = 0
    for t in itertools.combinations([c for c in range(52) if c != up], 4):
        if evaluate5((*t, up))[0] < AK_QUALIFIER:
            n += 1
            for c in t:
                per[c] += 1
    per.sort(reverse=True)
    assert n == NOT_QUALIFYING[up_rank]
    for k, row in NOT_QUALIFYING_TOUCHING.items():
        assert sum(per[:k]) == row[up_rank]


def test_four_card_switches_at_four_antes_need_a_king_or_ace_up():
    for r in range(13):
        ex = excluded_sizes("1,2,3,4,5", up_rank=r)
        assert sorted(ex) == ([5] if r >= 11 else [4, 5])
    assert excluded_sizes("1,2,3,4,5", Rules(qualifier="pair"), up_rank=0) == {5: excluded_sizes("1,2,3,4,5")[5]}


def test_the_up_rank_bounds_hold_on_real_hands():
    for hand, up in [("As Ks Qs Js 2d", "5h"), ("2c 3d 5h 7s 9c", "Td"), ("Ts Js Qs 9s 8s", "2c")]:
        a = switch_ev(hand, up, "1,2,3,4,5")
        for j in (4, 5):
            bound = size_bound(j, a.fees, Rules(), a.up.rank)
            assert bound is not None
            assert all(o.ev <= bound for o in a.options if len(o.discard) == j)


def test_a_paired_baseline_is_the_difference_on_the_same_hands():
    paired = sample_switch_game("1,2,3,2,1", deals=4, seed=4, baseline="1")
    one = sample_switch_game("1", deals=4, seed=4)
    assert paired.mean_difference == paired.mean_gain - one.mean_gain >= 0  # more options, fees no higher
    assert paired.baseline == SwitchFees.parse("1") and paired.difference_half_width >= 0
