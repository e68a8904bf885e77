"""Card switching, the larger switches bounded in every situation (``cs_switch_bounds``,
``prove_switch_sizes``): each bound checked against the exact value of its switch counted alone
(``cs_switch``), the best of at most one card against the same, and the proofs the docs quote.

One up rank takes a few seconds of CPU (the one-card game's counts, each single card out of play,
then every situation's bounds): those checks are marked ``slow``, and the whole game (about 100 s of
CPU) too. The default run checks what needs no counting.
"""

import math
import random
from fractions import Fraction

import pytest
from conftest import priced_totals

from caribbean_exact import Rules
from caribbean_exact.engine.switch import (
    FIVE_DEALS,
    GAME_WEIGHT,
    bound_counts,
    bound_scale,
    one_card_game_counts,
    switch_totals,
)
from caribbean_exact.errors import InvalidRules
from caribbean_exact.play.switch_game import (
    one_card_game_from,
    one_or_five_game,
    prove_switch_sizes,
    sample_switch_game,
    solve_one_card_game,
    solve_switch_game,
)
from caribbean_exact.play.switching import SwitchFees

LINEAR = tuple(Fraction(x) for x in (1, 2, 3, 4, 5))
PEAKED = tuple(Fraction(x) for x in (1, 2, 3, 2, 1))


def _probes(rank: int, n: int, seed: int) -> list[tuple[int, ...]]:
    """Random hands beside an up card of suit 0, and hands a player might switch more of: trips
    (keep three, switch two), four to a flush with the up card's suit, a small pair, nothing."""
    rng = random.Random(seed)
    up = rank * 4
    out = [(*rng.sample([c for c in range(52) if c != up], 5), up) for _ in range(n)]
    special = [(1, 2, 3, 17, 50), (5, 9, 13, 25, 34), (2, 7, 21, 30, 47), (6, 10, 22, 27, 31)]
    out += [(*(c if c != up else 51 for c in h), up) for h in special]
    return out


def _exact(rules: Rules, probe: tuple[int, ...], fees: tuple[Fraction, ...]) -> list[Fraction]:
    """Every discard set's exact EV (the fee taken off), each counted alone by cs_switch."""
    sets = [d for d in range(32) if d.bit_count() <= len(fees)]
    t = switch_totals(list(probe[:5]), probe[5], sum(1 << d for d in sets), rules)
    return [priced_totals(rules, t[d]) - (fees[d.bit_count() - 1] if d else 0) if d in sets else Fraction(0)
            for d in range(32)]


def _check_probes(rules: Rules, fees: tuple[Fraction, ...], probes, counts) -> dict[int, Fraction]:
    """Each probe's best of at most one card exact, and every bound at least the exact value; the
    largest slack by size."""
    slack: dict[int, Fraction] = {}
    for p, answer in zip(probes, counts.probes, strict=True):
        ev = _exact(rules, p, fees)
        best1 = max(ev[d] for d in (0, 1, 2, 4, 8, 16))
        assert Fraction(answer[0], GAME_WEIGHT) == best1, p
        for d in range(1, 32):
            k = d.bit_count()
            if k < 2 or k > len(fees):
                assert answer[1 + d] == 0
                continue
            bound = Fraction(answer[1 + d], bound_scale(k))
            assert bound >= ev[d], (p, d)
            slack[k] = max(slack.get(k, Fraction(0)), bound - ev[d])
    return slack


def test_a_one_card_schedule_has_nothing_to_prove():
    with pytest.raises(InvalidRules, match="one card only"):
        prove_switch_sizes("1")


def test_fees_too_fine_to_scale_are_refused_before_counting():
    with pytest.raises(InvalidRules, match="too large for the bounds"):
        bound_counts(Rules(), (Fraction(1), Fraction(1, 1048573), None, None, None))
    with pytest.raises(InvalidRules, match="up_ranks"):
        bound_counts(Rules(), LINEAR, up_ranks=(13,))
    with pytest.raises(InvalidRules, match="five cards are not allowed"):
        bound_counts(Rules(), (Fraction(1), Fraction(2), None, None, None), five=True)


@pytest.mark.slow
def test_linear_fees_against_a_queen_every_bound_holds_and_nothing_is_open():
    rules = Rules()
    probes = _probes(10, 10, 3)
    c = bound_counts(rules, LINEAR, up_ranks=(10,), probes=tuple(probes))
    slack = _check_probes(rules, LINEAR, probes, c)
    # the bound is close: a two-card switch's within 0.1 ante of its exact value on these hands
    assert sorted(slack) == [2, 3, 4, 5] and slack[2] < Fraction(1, 10) and max(slack.values()) < Fraction(1, 2)
    assert c.undecided == ((0, 0, 0, 0, 0, 0),) and c.n_listed == 0 and c.listed == ()


@pytest.mark.slow
def test_peaked_fees_against_an_ace_leave_only_the_five_card_switch_open():
    rules = Rules()
    probes = _probes(12, 6, 4)
    c = bound_counts(rules, PEAKED, up_ranks=(12,), probes=tuple(probes), max_list=5)
    _check_probes(rules, PEAKED, probes, c)
    und = c.undecided[0]
    assert und[2] == und[3] == und[4] == 0 < und[5] == und[0] <= 4 * math.comb(51, 5)
    assert c.pairs[0][5] == und[5] and c.n_listed == und[5] // 4 and len(c.listed) == 5
    for cards, up, mask, size in c.listed:  # each listed switch: all five cards, beside the ace
        assert up == 48 and mask == 31 and size == 5 and 48 not in cards and list(cards) == sorted(cards)


@pytest.mark.slow
def test_a_free_two_card_switch_is_open_where_it_is_better():
    """With the two-card switch free, the bound must leave open every situation where a two-card
    switch beats the best of one card: the probes where it does are listed as open by their bound."""
    rules = Rules()
    fees = (Fraction(1), Fraction(0))
    probes = _probes(5, 8, 5)
    c = bound_counts(rules, fees, up_ranks=(5,), probes=tuple(probes))
    better = 0
    for p, answer in zip(probes, c.probes, strict=True):
        ev = _exact(rules, p, fees)
        best1 = max(ev[d] for d in (0, 1, 2, 4, 8, 16))
        for d in (d for d in range(32) if d.bit_count() == 2):
            if ev[d] > best1:
                better += 1
                assert Fraction(answer[1 + d], bound_scale(2)) > best1
    assert better > 0 and c.undecided[0][2] > 0 and c.undecided[0][3:] == (0, 0, 0)


@pytest.mark.slow
def test_linear_fees_whole_game_every_larger_switch_is_excluded():
    """The figure docs/variants.md quotes: under 1,2,3,4,5 no switch of 2 to 5 cards is better than
    the best of at most one card in any of the 122,151,120 situations, so the schedule's game is the
    one-card game, exactly."""
    p = prove_switch_sizes("linear")
    assert p.exact and p.excluded == (2, 3, 4, 5) and p.open_sizes == () and p.situations == 122151120
    assert all(row == (0, 0, 0, 0, 0, 0) for row in p.counts.undecided)
    g = solve_switch_game("linear")
    assert g.exact and g.sample is None and g.proof is p
    assert g.house_edge == solve_one_card_game(1).house_edge == Fraction(723583636439, 69766306810200)


# ---------------------------------------------------------------- the five-card switch counted exactly


@pytest.mark.slow
def test_the_five_card_switch_counted_on_a_slice_is_each_hand_counted_alone():
    """Against a 3 under 1,2,3,2,1: each probe's five-card switch (a raise forced) equals cs_switch's
    count of it alone, the smaller switches are all excluded against the best of standing, one card
    and five, and the situations add up."""
    rules = Rules()
    probes = _probes(1, 8, 9)
    c = bound_counts(rules, PEAKED, up_ranks=(1,), probes=tuple(probes), five=True)
    for p, answer in zip(probes, c.probes, strict=True):
        ev = _exact(rules, p, PEAKED)
        assert Fraction(answer[32], FIVE_DEALS) == ev[31], p
        assert Fraction(answer[0], GAME_WEIGHT) == max(ev[d] for d in (0, 1, 2, 4, 8, 16)), p
    assert c.undecided == ((0, 0, 0, 0, 0, 0),)
    f = c.five
    assert f is not None and 0 < f.five_situations == sum(f.five_by_category)
    assert f.five_situations + (f.stand.total_weight + f.one.total_weight) // GAME_WEIGHT == 4 * math.comb(51, 5)
    game = one_or_five_game(rules, SwitchFees.parse(PEAKED), f)
    assert game.situations == 4 * math.comb(51, 5) and game.five_probability > 0
    # a five-card switch is chosen only over a worse best of at most one card: the game beats the one-card game
    one = one_card_game_from(rules, Fraction(1), one_card_game_counts(rules, Fraction(1), up_ranks=(1,)))
    assert game.return_per_ante > one.return_per_ante
    assert sum(r.probability for _, r in game.return_rows) == 1
    assert sum(r.contribution for _, r in game.return_rows) == game.return_per_ante
    shares = dict(game.decisions)  # the WholeGame protocol's decisions: stand (fold, raise), one card, five
    assert list(shares) == ["stand, fold", "stand, raise", "switch 1", "switch 5"] and sum(shares.values()) == 1
    assert (shares["switch 1"], shares["switch 5"]) == (game.one_probability, game.five_probability)


@pytest.mark.slow
def test_a_prohibitive_five_card_fee_gives_the_one_card_game():
    """With the five-card switch at 203 antes it is never chosen: the counts are the one-card game's,
    exactly (against an ace)."""
    rules = Rules()
    c = bound_counts(rules, (Fraction(1), Fraction(2), Fraction(3), Fraction(2), Fraction(203)), up_ranks=(12,),
                     five=True)
    one = one_card_game_counts(rules, Fraction(1), up_ranks=(12,))
    assert c.five is not None and c.five.five_situations == 0 and c.five.five_value == 0
    assert c.five.stand == one.stand and c.five.one == one.switch and c.five.choices == one.choices


@pytest.mark.slow
def test_peaked_fees_whole_game_exact():
    """The figures docs/variants.md quotes for 1,2,3,2,1: every 2- to 4-card switch proven never better
    than the best of standing, one card and five, the five-card switch counted in every situation; the
    house edge exact, inside a 200-hand sample's interval (each hand's best option by cs_switch)."""
    p = prove_switch_sizes("peaked")
    assert p.exact and p.five_counted and p.excluded == (2, 3, 4) and p.sizes == (2, 3, 4)
    g = p.game
    assert g is not None and g.situations == 122151120 and g.five_situations == 8188332
    assert g.house_edge == Fraction(3243255198184843, 471015592711263600)
    assert g.five_probability == Fraction(682361, 10179260) and g.one_probability == Fraction(849267, 10179260)
    whole = solve_switch_game("peaked")
    assert whole.house_edge == g.house_edge < solve_one_card_game(1).house_edge
    assert (whole.decisions, whole.return_rows) == (g.decisions, g.return_rows)  # the protocol's, the exact game's
    s = sample_switch_game("peaked", deals=200, seed=32, baseline="1", proof=p)
    estimate = solve_one_card_game(1).house_edge - s.mean_difference
    assert abs(float(estimate - g.house_edge)) <= s.difference_half_width


@pytest.mark.slow
def test_two_antes_for_any_number_against_an_ace_leave_nothing_open():
    """Fees 2,2,2,2,2 against an ace (the five-card switch counted exactly, as the whole game counts
    it): no switch of 2 to 4 cards is ever better than the best of standing, one card and five, and
    all five is never the best; probes' bounds hold against each discard set counted alone."""
    fees = (Fraction(2),) * 5
    probes = _probes(12, 8, 22)
    c = bound_counts(Rules(), fees, up_ranks=(12,), five=True, probes=tuple(probes))
    assert c.undecided == ((0,) * 6,) and c.pairs == ((0,) * 6,) and c.n_listed == 0
    assert c.five is not None and c.five.five_situations == 0 and c.five.five_by_up_rank[12] == 0
    _check_probes(Rules(), fees, probes, c)


@pytest.mark.exhaustive  # about 4 minutes on two cores (the proof with the five-card count): run by hand
def test_two_antes_for_any_number_is_the_one_card_game_at_two_antes():
    """The figure docs/variants.md quotes for 2,2,2,2,2: every larger size excluded, all five never
    the best, so the whole game is the one-card game at a fee of 2, exactly; with a sixth card for 2
    beside it, the game of one card or buying."""
    p = prove_switch_sizes("2,2,2,2,2")
    assert p.exact and p.five_counted and p.excluded == (2, 3, 4)
    assert p.game is not None and p.game.five_situations == 0
    one = solve_one_card_game(2)
    assert p.game.house_edge == one.house_edge == Fraction(685620176077, 13953261362040)   # 4.9137%
    assert solve_switch_game("2,2,2,2,2", deals=0).house_edge == one.house_edge
    from caribbean_exact.play.sixth_game import solve_switch_or_buy_game
    g = solve_switch_or_buy_game(Rules.make(switch_fees="2,2,2,2,2", buy_fee=2))
    assert g.proof is not None and g.house_edge == solve_switch_or_buy_game(
        Rules.make(switch_fees="2", buy_fee=2)).house_edge
