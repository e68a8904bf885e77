"""The switching lines' whole game, exact (``solve_switch_lines``): the core's one-card game under
given choices (``cs_switch_game_given``) checked against the optimal game's own choices given back,
against hands changed one by one and counted alone (``cs_switch``), against the plain game when every
hand stands; the lines' choices (numpy over the hands) against ``SwitchRules.mask`` one hand at a time.

One up rank is a 13th of the game (a second or two of CPU: the default run); the whole game (about
10 s of CPU) and every hand of one up rank against ``mask`` (about a minute) are marked ``slow``.
"""

import math
import random
from fractions import Fraction

import numpy as np
import pytest
from conftest import priced_totals

from caribbean_exact import InvalidCards, InvalidRules, Rules
from caribbean_exact.engine import _ffi, pricing
from caribbean_exact.engine.switch import (
    GAME_HANDS,
    GAME_WEIGHT,
    NO_SWITCH,
    _game_nets,
    exact_switch_counts,
    game_hands,
    given_game_counts,
)
from caribbean_exact.errors import CoreError
from caribbean_exact.model.cards import Card
from caribbean_exact.play.switch_game import (
    SITUATIONS,
    one_card_game_from,
    sample_switch_game,
    solve_one_card_game,
    solve_switch_game,
)
from caribbean_exact.play.switching import switch_ev
from caribbean_exact.strategy.switch_rules import (
    SwitchRule,
    SwitchRules,
    solve_switch_lines,
    switch_rules,
    switch_study,
)

#: The optimal one-card game at fee 1 and the plain game (tests/play/test_switch_game_exact.py).
OPTIMAL_FEE_1 = Fraction(723583636439, 69766306810200)
PLAIN = Fraction(142031221, 2718662100)
#: The lines' whole game at fee 1, exact (this module's slow test; docs/variants.md).
LINES_FEE_1 = Fraction(12790475911, 1073327797080)
#: Under 1,2,3,2,1: the optimal game (tests/play/test_switch_bounds.py) and the lines' (this module).
OPTIMAL_PEAKED = Fraction(3243255198184843, 471015592711263600)
LINES_PEAKED = Fraction(190032283785093, 19625649696302650)


def _value(rules, *totals):
    """The sum of the totals' nets, in antes (not divided by the deals)."""
    return sum(priced_totals(rules, t) * t.total_weight for t in totals if t.total_weight)


@pytest.fixture(scope="module")
def queen_optimal():
    """The up card a queen, fee 1: the optimal game's counts and each hand's choice (about 2 s of CPU)."""
    rules = Rules()
    nets, fee = _game_nets(rules, Fraction(1))
    st, sw, ch, chosen = _ffi.switch_game_chosen(rules.qualifier.value, nets, fee, 1 << 10, 0, 2)
    return rules, st, sw, ch, np.frombuffer(chosen, dtype=np.uint8).copy()


@pytest.mark.csan
def test_the_optimal_choices_given_back_are_the_optimal_game(queen_optimal):
    rules, st, sw, ch, chosen = queen_optimal
    c = given_game_counts(rules, lambda _: chosen, up_ranks=(10,))
    assert c.stand == st
    assert c.switch == sw  # its indifferent situations: 0 here as well (none at fee 1 with a queen up)
    assert c.switch.total_weight == 4 * int(np.count_nonzero(chosen != NO_SWITCH)) * GAME_WEIGHT > 0
    assert list(c.choices) == ch


@pytest.mark.csan
def test_hands_changed_one_by_one_are_each_counted_alone(queen_optimal):
    """25 hands' choices changed at random (to standing or another card): the game changes by the sum
    of their exact differences, each hand counted alone by cs_switch, times its four up suits."""
    rules, st, sw, _, chosen = queen_optimal
    hands = game_hands(10)
    rng = random.Random(3)
    given = chosen.copy()
    expect = Fraction(0)
    for i in rng.sample(range(GAME_HANDS), 25):
        h = [int(x) for x in hands[i]]
        old, new = int(chosen[i]), rng.choice([NO_SWITCH, *h])
        given[i] = new
        ev = switch_ev([Card(x) for x in h], Card(40), "1", rules=rules)

        def worth(card, ev=ev):
            return next(o.ev for o in ev.options if o.discard == (() if card == NO_SWITCH else (Card(card),)))

        expect += 4 * (worth(new) - worth(old))
    c = given_game_counts(rules, lambda _: given, up_ranks=(10,))
    g = one_card_game_from(rules, Fraction(1), c)
    fee = c.switch.total_weight - sw.total_weight  # the switches' fees, in deals
    assert (_value(rules, c.stand, c.switch) - _value(rules, st, sw) - fee) / GAME_WEIGHT == expect
    assert g.switch_situations == 4 * int(np.count_nonzero(given != NO_SWITCH))


@pytest.mark.csan
def test_every_hand_standing_is_the_plain_game_slice():
    """Every hand stands against an ace: the plain game's solver, its optimal decisions kept for the
    ace up cards only."""
    rules = Rules()
    c = given_game_counts(rules, lambda _: bytes([NO_SWITCH]) * GAME_HANDS, up_ranks=(12,))
    g = one_card_game_from(rules, Fraction(1), c)
    assert g.switch_situations == 0 and c.switch.total_weight == 0
    solver = pricing.solver_for(rules.qualifier.value)
    _, dec = solver.price(rules.nets().scaled(), 0, decisions=True)
    assert dec is not None
    t = solver.apply(bytes(d if i % 52 >> 2 == 12 else 0 for i, d in enumerate(dec)))
    others = t.total_weight * 12 // 13  # every up rank has the same deals; folding nets -1
    assert g.return_per_ante == (priced_totals(rules, t) * t.total_weight + others) / (t.total_weight - others)


@pytest.mark.csan
def test_bad_choices_are_refused():
    rules = Rules()
    stand = np.full(GAME_HANDS, NO_SWITCH, dtype=np.uint8)
    bad = stand.copy()
    bad[0] = 6  # hand 0 beside the deuce of clubs is 1, 2, 3, 4, 5 (cards): 6 is not in it
    assert game_hands(0)[0].tolist() == [1, 2, 3, 4, 5]
    with pytest.raises(InvalidCards, match="not one of its cards"):
        given_game_counts(rules, lambda _: bad, up_ranks=(0,))
    bad[0] = 0  # the up card
    with pytest.raises(InvalidCards, match="not one of its cards"):
        given_game_counts(rules, lambda _: bad, up_ranks=(0,))
    with pytest.raises(InvalidRules, match="bytes"):
        given_game_counts(rules, lambda _: stand[:-1], up_ranks=(0,))
    with pytest.raises(InvalidRules, match="up_ranks"):
        given_game_counts(rules, lambda _: stand, up_ranks=(13,))
    with pytest.raises(InvalidRules, match="more than one card"):
        switch_rules("1,2,3,2,1").choices(0)
    # the exact switching game's core given options: each an option of the sizes asked, C(51, 5) of them
    fees = (Fraction(1), None, None, None, Fraction(1))
    rest = bytes(GAME_HANDS - 1)  # the other hands stand
    for bad in (bytes([2 * 32 + 1]) + rest,  # two cards said, one in the mask
                bytes([2 * 32 + 3]) + rest,  # two cards: a size the fees do not allow
                bytes([255]) + rest, rest):  # no option; one hand short
        with pytest.raises((CoreError, ValueError)):
            exact_switch_counts(Rules(), fees, up_ranks=(0,), given=lambda _, b=bad: b)
    with pytest.raises((CoreError, ValueError)):  # all five without the five-card fee
        exact_switch_counts(Rules(), fees[:1], up_ranks=(0,), given=lambda _: bytes([5 * 32 + 31]) * GAME_HANDS)


@pytest.mark.slow  # two exact cores of a rank (about 4 s)
def test_the_exact_core_given_the_one_card_lines_is_the_one_card_core():
    """The lines of the one-card table given to the exact switching game's core (``option_ids``: the
    classes some hand chose swept, its own merge and tallies) against a queen: the one-card game's core
    under the same choices (``cs_switch_game_given``), figure for figure and row for row."""
    from caribbean_exact.play.switch_exact import ExactSwitchGame
    from caribbean_exact.play.switching import SwitchFees

    rules, sr = Rules(), switch_rules("1")
    ids = sr.option_ids(10)
    assert sorted(set(ids)) == [0, 33, 34, 36, 40, 48]  # stand, or one card: 1 x 32 + its bit
    c = exact_switch_counts(rules, (Fraction(1),), up_ranks=(10,), given=lambda _: ids)
    g = ExactSwitchGame(rules, SwitchFees.parse("1"), c.deals, c.by_category, (10,), c.by_up_rank)
    assert g.return_per_ante * g.situations == c.value  # the core's two passes agree
    one = one_card_game_from(rules, Fraction(1), given_game_counts(rules, sr.choices, up_ranks=(10,)))
    for name in ("house_edge", "expected_wager", "raise_probability", "situations", "switch_situations"):
        assert getattr(g, name) == getattr(one, name), name
    assert [x[:3] for x in g.by_category] == list(one.by_category)
    rows = lambda h: sorted((r.outcome, r.category, r.probability, r.net) for _, r in h.return_rows)  # noqa: E731
    assert rows(g) == rows(one)


@pytest.mark.slow  # two given games of the deuce's rank, all five counted: about 10 s of CPU
def test_given_options_changed_one_by_one_are_each_counted_alone():
    """The 1,2,3,2,1 lines against a deuce (one card, or all five with no pair): 25 hands' options
    changed at random (to standing, one card or all five) change the exact game by the sum of their
    exact differences, each hand counted alone by ``switch_ev`` (every replacement set and dealer
    hand), times its four up suits."""
    from caribbean_exact.play.switching import SwitchFees

    rules, sr = Rules(), switch_rules("1,2,3,2,1")
    fees = SwitchFees.parse("1,x,x,x,1")
    ids = bytearray(sr.option_ids(0))
    assert {x >> 5 for x in ids} == {0, 1, 5}
    base = exact_switch_counts(rules, fees.fees, up_ranks=(0,), given=lambda _: bytes(ids))
    hands = game_hands(0)
    rng = random.Random(8)
    expect = Fraction(0)
    changed = bytearray(ids)
    for i in rng.sample(range(GAME_HANDS), 25):
        h = [Card(int(x)) for x in hands[i]]
        new = rng.choice([0, 5 * 32 + 31, *(32 + (1 << j) for j in range(5))])
        a = switch_ev(h, Card(0), fees, rules=rules)

        def worth(option: int, a=a, h=h) -> Fraction:
            return next(o.ev for o in a.options if o.discard == tuple(c for j, c in enumerate(h) if option >> j & 1))

        expect += 4 * (worth(new & 31) - worth(ids[i] & 31))
        changed[i] = new
    after = exact_switch_counts(rules, fees.fees, up_ranks=(0,), given=lambda _: bytes(changed))
    assert after.value - base.value == expect != 0
    five = 5 * 32 + 31
    assert after.by_up_rank[0][6] - base.by_up_rank[0][6] == 4 * (changed.count(five) - ids.count(five))


def test_the_layout_of_the_hands():
    """Row i of game_hands is the hand whose positions among the 51 cards have colex index i."""
    for rank in (0, 7, 12):
        h = game_hands(rank)
        up = 4 * rank
        assert h.shape == (math.comb(51, 5), 5) and not np.any(h == up)
        for i in random.Random(rank).sample(range(GAME_HANDS), 200):
            pos = [c - (c > up) for c in h[i].tolist()]
            assert pos == sorted(pos) and sum(math.comb(p, k + 1) for k, p in enumerate(pos)) == i


#: The hands of tests/strategy/test_switch_rules.py's lines, and a few more at the edges.
EDGE_HANDS = [
    ("As 9s 6s 3s Kd", "7c"), ("9h 9s 6s 3s Ks", "7c"), ("3h 3s 6s 9s Ks", "7c"), ("4h 4s 6s 9s Ks", "7c"),
    ("5h 5s 6s 9s Ks", "7c"), ("8s 9s 7c 5s 6s", "Qd"), ("9h 8c 7d 6s 2c", "Kd"), ("2h 3c 4d 5s Tc", "Kd"),
    ("Ah Kc Qd Js 4c", "8d"), ("Ks Qd Jc 9h 3s", "5d"), ("Ks Qd Jc 9h 3s", "Td"), ("Jc Td 9h 7s 2c", "5d"),
    ("Ah 2c 3d 5s 9c", "Kd"), ("5h 6c 7d 8s 9c", "Kd"), ("Kh 9c 7d 4s 2h", "2c"), ("Ah 2c 3d 4s 9c", "Kd"),
    ("Ah Kh Qh Jh 2c", "3d"), ("2c 3d 4h 5s 7c", "6d"), ("2c 3d 4h 5s 7c", "Kd"), ("Qc Jd Th 8s 3c", "9d"),
    ("Qc Jd Th 8s 3c", "Ad"), ("Qh Jh Th 8h 8c", "2d"), ("Ac Ad Kh Qs Jc", "2d"), ("Kc Qd Jh Ts 8c", "9d"),
    # the lines of two cards (1,1): trips, a pair and its kicker, the draws of three
    ("Jh Jc Js Td 6c", "Ah"), ("Jh Jc Js Td 6c", "Jd"), ("3c 3h Ad 8s 4d", "Th"), ("3c 3h Ad 8s 4d", "As"),
    ("8c 8h Ad 9s 4d", "Kh"), ("8c 8h Ad 9s 4d", "Qh"), ("Qd Jd Td 5s 4s", "8c"), ("4d 3d 2d Qs Js", "Ac"),
    ("Ac Qc 9c 6h 5h", "3d"), ("Kc 9c 3c 6h 5d", "8d"), ("Qc Jd Th 5c 2d", "3d"), ("9c 8d 7h 5c 2d", "3d"),
    ("Ac Kd Qh Jc 9d", "8s"), ("Ac Kc Qc 5c 9d", "8s"), ("7h 7c 2d 2s 9c", "Ks"), ("5h 5c 5d Kc Ks", "2d"),
]


@pytest.mark.parametrize("fees", ["1", "1,2,3,2,1", "1,1"])  # 1,2,3,4,5 has the lines of 1 (test_the_lines_whole_game)
def test_the_lines_masks_are_their_masks_one_at_a_time(fees):
    """The lines over many hands at once (numpy) are ``SwitchRules.mask`` one hand at a time: the
    edge hands and 500 random hands (every hand of two up ranks: the slow test below)."""
    sr = switch_rules(fees)
    rng = random.Random(fees)
    pairs = [([Card(x) for x in h.split()], Card(u)) for h, u in EDGE_HANDS]
    for _ in range(500):
        c = rng.sample(range(52), 6)
        pairs.append(([Card(x) for x in c[:5]], Card(c[5])))
    for hand, up in pairs:
        row = np.array([[c.index for c in hand]], dtype=np.uint8)
        assert sr.masks(row, up.index)[0] == sr.mask(hand, up), (hand, up)


def test_the_lines_choices_are_their_discards():
    """``choices`` of an up rank (the one-card layout) against ``discard`` on every 2,999th hand."""
    sr = switch_rules("1")
    hands = game_hands(3)
    choices = sr.choices(3)
    assert np.count_nonzero(choices != NO_SWITCH) == 194295  # of 2,349,060 (slow: every 7th; exhaustive: each)
    for i in range(0, GAME_HANDS, 2999):
        d = sr.discard([Card(x) for x in hands[i].tolist()], Card(12))
        assert choices[i] == (NO_SWITCH if not d else d[0].index)


@pytest.mark.parametrize(("rank", "step"), [  # a queen (10); the default run: a five (3), every 2,999th hand
    pytest.param(10, 7, marks=pytest.mark.slow),  # CI: every 7th hand, about 9 s
    pytest.param(10, 1, marks=pytest.mark.exhaustive),  # by hand (-m exhaustive): every hand, about a minute
])
def test_every_hand_of_an_up_rank_is_its_mask(rank, step):
    """Every ``step``-th of the 2,349,060 hands beside one up card (every one with step 1): ``choices``
    is ``decide``."""
    sr = switch_rules("1")
    hands = game_hands(rank).tolist()[::step]
    choices = sr.choices(rank).tolist()[::step]
    cards = [Card(i) for i in range(52)]
    up = cards[4 * rank]
    for h, got in zip(hands, choices, strict=True):
        d = sr.decide(tuple(cards[x] for x in h), up)[1]
        assert got == (NO_SWITCH if not d else d[0].index), h


@pytest.fixture(scope="module")
def lines_game():
    return solve_switch_lines("1")


@pytest.mark.slow
def test_the_lines_whole_game(lines_game):
    """The exact figures, and the order of the games: the optimal one-card game is at least as good
    as the lines, the lines better than the plain game; every situation counted once."""
    g = lines_game
    assert g.house_edge == LINES_FEE_1
    assert OPTIMAL_FEE_1 == solve_one_card_game(1).house_edge < g.house_edge < PLAIN
    assert g.cost(solve_one_card_game(1)) == LINES_FEE_1 - OPTIMAL_FEE_1
    assert g.game.situations == SITUATIONS and g.game.total_weight == SITUATIONS * GAME_WEIGHT
    assert g.game.switch_situations == 9705540 and g.switch_probability == Fraction(9705540, SITUATIONS)
    assert g.game.by_category[9][2] == 0 and g.game.switch.indifferent_situations == 0
    assert sum(r.probability for _, r in g.game.return_rows) == 1
    # the lines play the same under 1,2,3,4,5 (a one-card fee of 1, larger switches too dear): one game
    assert switch_rules("1,2,3,4,5").lines == g.lines.lines
    assert solve_switch_lines(SwitchRules(switch_rules("1,2,3,4,5").fees, g.lines.lines)).house_edge == g.house_edge


@pytest.mark.slow
def test_no_line_is_the_plain_game():
    """Lines that never switch: the whole plain game, exact."""
    sr = SwitchRules(switch_rules("1").fees, (SwitchRule("anything", "stand"),))
    assert solve_switch_lines(sr).house_edge == PLAIN


@pytest.mark.slow
def test_the_lines_game_lies_within_a_sample_of_hands(lines_game):
    """4,000 hands (seed 7), each the lines' option counted alone: the exact edge and cost lie
    within their 95% intervals. (The card's 1,000 hands of seed 1 put the cost at 0.067% +/- 0.063:
    the exact 0.155% is outside; the cost's distribution is heavy-tailed, few hands cost much.)"""
    sr = lines_game.lines
    s = sample_switch_game("1", deals=4000, seed=7, strategy=sr.mask)
    cost = lines_game.house_edge - OPTIMAL_FEE_1
    assert abs(float(cost - s.strategy_cost)) < s.strategy_cost_half_width
    assert abs(float(lines_game.house_edge - s.strategy_house_edge)) < s.strategy_half_width


@pytest.mark.slow
@pytest.mark.parametrize("fees", ["1", "1,2,3,4,5"])
def test_the_study_is_exact_where_the_game_is(fees):
    st = switch_study(fees, deals=20)
    assert st.lines_exact and st.lines_half_width == 0 and st.lines_cost_half_width == 0
    assert st.lines_house_edge == LINES_FEE_1 and st.lines_cost == LINES_FEE_1 - OPTIMAL_FEE_1
    assert st.game is not None and st.game.exact and solve_switch_game(fees).exact


@pytest.mark.slow  # the lines' whole game (about 90 s of CPU, shared with the card's test) and the proof
def test_the_lines_of_1_2_3_2_1_are_exact():
    """The peaked schedule's lines switch one card or all five (against a 2 or 3): their whole game
    counted with each hand's option given, exact; they cost the difference of the two exact house
    edges (the optimal game's: the proof's, stand, one card or five), more than nothing; the study
    says so, with no interval."""
    g = solve_switch_lines("1,2,3,2,1")
    assert g.house_edge == LINES_PEAKED and g.game.situations == SITUATIONS
    optimal = solve_switch_game("1,2,3,2,1", deals=0)
    assert optimal.exact and optimal.house_edge == OPTIMAL_PEAKED < LINES_PEAKED < PLAIN
    assert g.cost(optimal.exact_game) == LINES_PEAKED - OPTIMAL_PEAKED
    assert g.game.by_size == (104553420, 9705540, 0, 0, 0, 7892160)  # the one-card lines' 9,705,540 switches
    assert sum(r.probability for _, r in g.game.return_rows) == 1
    st = switch_study("1,2,3,2,1", deals=20)
    assert st.lines_exact and st.lines_game is not None and st.lines_half_width == 0
    assert st.lines_cost == LINES_PEAKED - OPTIMAL_PEAKED and st.lines_house_edge == LINES_PEAKED


# ---------------------------------------------------------------- the lines of two cards (1,1)

#: The lines of 1,1 (two cards for 1 ante), their whole game exact (docs/variants.md; measured, not
#: recounted here: about 8 minutes of CPU with the optimal game).
LINES_TWO = Fraction(-23125689393193, 953472859739400)


def test_the_two_card_lines_options_are_their_discards():
    """``option_ids`` of the 1,1 lines (the cards switched x 32 + their mask over the hand's cards
    ascending) against ``decide`` on every 2,999th hand beside a king; they stand, switch one card and
    switch two."""
    sr = switch_rules("1,1")
    ids = sr.option_ids(11)
    hands = game_hands(11)
    assert {x >> 5 for x in ids} == {0, 1, 2}
    for i in range(0, GAME_HANDS, 2999):
        h = [Card(int(x)) for x in hands[i]]
        order = sorted(h, key=lambda c: c.index)
        gone = set(sr.decide(h, Card(44))[1])
        mask = sum(1 << j for j, c in enumerate(order) if c in gone)
        assert ids[i] == len(gone) * 32 + mask, h


@pytest.mark.slow  # one up rank of three games (the lines of 1,1 and of 1, the optimal 1,1): about a minute
def test_the_two_card_lines_on_one_up_rank():
    """Against an ace, exact: the optimal 1,1 game is at least as good as its lines, which beat the
    one-card table's lines there; and 400 hands against an ace (seed 11), each the lines' option
    counted alone (``rule_cost``: ``switch_ev``), put the lines' return within their 99% interval."""
    from caribbean_exact.play.switch_exact import exact_game_from, solve_exact_switch_game
    from caribbean_exact.play.switching import SwitchFees
    from caribbean_exact.strategy.switch_rules import rule_cost

    rules, sr = Rules(), switch_rules("1,1")
    fees = SwitchFees.parse("1,1")
    c = exact_switch_counts(rules, fees.fees, up_ranks=(12,), given=sr.option_ids)
    lines = exact_game_from(rules, fees, c, (12,))
    optimal = solve_exact_switch_game("1,1", up_ranks=(12,))
    one = one_card_game_from(rules, Fraction(1), given_game_counts(rules, switch_rules("1").choices, up_ranks=(12,)))
    assert optimal.house_edge < lines.house_edge < one.house_edge
    rng = random.Random(11)
    evs = []
    for _ in range(400):
        up = Card(48 + rng.randrange(4))
        cards = rng.sample([c for c in range(52) if c != up.index], 5)
        evs.append(float(rule_cost([Card(x) for x in cards], up, "1,1").ev))
    mean = sum(evs) / len(evs)
    half = 2.576 * (sum((x - mean) ** 2 for x in evs) / (len(evs) - 1) / len(evs)) ** 0.5
    assert abs(float(lines.return_per_ante) - mean) < half
