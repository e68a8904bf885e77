"""Card switching, the one-card game exact (``cs_switch_game``): checked against every hand counted
alone (``cs_switch``), the plain game's solver, a sample of situations, and its own identities.

One up rank is a 13th of the game (a second or two of CPU: the default run); the whole game (about
20 s of CPU) is checked in the tests marked ``slow``.
"""

import math
import random
from fractions import Fraction

import pytest
from conftest import priced_totals

from caribbean_exact import Rules
from caribbean_exact.cli import main
from caribbean_exact.engine import _ffi, pricing
from caribbean_exact.engine.switch import GAME_WEIGHT, one_card_game_counts, switch_totals
from caribbean_exact.errors import InvalidRules
from caribbean_exact.play.game import solve
from caribbean_exact.play.option_game import SITUATIONS
from caribbean_exact.play.switch_game import (
    one_card_game_from,
    sample_switch_game,
    solve_one_card_game,
    solve_switch_game,
)

# Not marked csan: the C harness counts one up rank of cs_switch_game under ASan (.ci/harness), and
# these slices under ASan would add a minute to CI for the same entry point.

HANDS_BESIDE_AN_UP_CARD = math.comb(51, 5)
ONE_CARD_SETS = (0, 1, 2, 4, 8, 16)


def _probes(rank: int, n: int, seed: int) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    up = rank * 4  # the core's probes have an up card of suit 0 (the game is counted that way)
    return [(*rng.sample([c for c in range(52) if c != up], 5), up) for _ in range(n)]


def _options(rules: Rules, probe: tuple[int, ...], fee: Fraction) -> list[Fraction]:
    """Standing and switching each card, each counted alone by cs_switch, the fee taken off."""
    t = switch_totals(list(probe[:5]), probe[5], sum(1 << d for d in ONE_CARD_SETS), rules, five_raises=False)
    return [priced_totals(rules, t[0])] + [priced_totals(rules, t[1 << i]) - fee for i in range(5)]


@pytest.fixture(scope="module")
def queen_slice():
    """The up card a queen, fee 1, with 40 probes (about 2 s of CPU)."""
    rules = Rules()
    probes = _probes(10, 40, 7)
    return rules, probes, one_card_game_counts(rules, Fraction(1), up_ranks=(10,), probes=tuple(probes))


def test_every_probe_is_every_hand_counted_alone(queen_slice):
    rules, probes, c = queen_slice
    for p, answer in zip(probes, c.probes, strict=True):
        assert [Fraction(a, GAME_WEIGHT) for a in answer] == _options(rules, p, Fraction(1)), p


def test_the_slice_adds_up(queen_slice):
    rules, _, c = queen_slice
    g = one_card_game_from(rules, Fraction(1), c)
    situations = 4 * HANDS_BESIDE_AN_UP_CARD
    assert sum(map(sum, g.by_category)) == situations
    assert g.total_weight == situations * GAME_WEIGHT
    assert g.switch.total_weight == g.switch_situations * GAME_WEIGHT
    assert sum(g.switched_rank) == g.switch_situations > 0
    assert g.switched_rank[10] > 0 and g.by_category[9][2] == 0  # nobody breaks a royal flush
    stand_raise = sum(x[1] for x in g.by_category)
    assert g.stand.raise_situations == stand_raise
    # the return table's contributions are the totals priced, the fee taken off each switch
    ev = (priced_totals(rules, g.stand) * g.stand.total_weight + priced_totals(rules, g.switch) * g.switch.total_weight
          - g.switch.total_weight) / g.total_weight
    assert g.return_per_ante == ev
    assert sum(r.probability for _, r in g.return_rows) == 1


@pytest.mark.slow
def test_the_slice_is_within_a_sample_of_its_situations(queen_slice):
    """Situations with a queen up drawn at random, each decided by cs_switch alone: the exact slice
    lies within 4 standard errors of their mean best EV."""
    rules, _, c = queen_slice
    g = one_card_game_from(rules, Fraction(1), c)
    rng = random.Random(11)
    best = []
    for _ in range(400):
        up = 40 + rng.randrange(4)
        p = (*rng.sample([x for x in range(52) if x != up], 5), up)
        best.append(float(max(_options(rules, p, Fraction(1)))))
    mean = sum(best) / len(best)
    sd = math.sqrt(sum((b - mean) ** 2 for b in best) / (len(best) - 1))
    assert abs(float(g.return_per_ante) - mean) < 4 * sd / math.sqrt(len(best))


def test_a_prohibitive_fee_is_the_plain_game_slice():
    """No switch at 202 antes: the ace-up slice is the plain game's (its solver, optimal decisions
    kept for the ace up cards only, every other situation folded)."""
    rules = Rules()
    c = one_card_game_counts(rules, Fraction(202), up_ranks=(12,))
    g = one_card_game_from(rules, Fraction(202), c)
    assert g.switch_situations == 0 and g.switch.total_weight == 0
    solver = pricing.solver_for(rules.qualifier.value)
    _, dec = solver.price(rules.nets().scaled(), 0, decisions=True)
    assert dec is not None
    flags = bytes(d if i % 52 >> 2 == 12 else 0 for i, d in enumerate(dec))
    t = solver.apply(flags)
    others = t.total_weight * 12 // 13  # every up rank has the same deals; folding nets -1
    plain = (priced_totals(rules, t) * t.total_weight + others) / (t.total_weight - others)
    assert g.return_per_ante == plain


def test_a_bad_fee_is_refused_before_any_work():
    with pytest.raises(InvalidRules, match="fee"):
        solve_one_card_game(-1)
    with pytest.raises(InvalidRules, match="fee"):
        solve_one_card_game(Fraction(1, 3) * 2**40)
    with pytest.raises(InvalidRules):
        one_card_game_counts(Rules(), Fraction(1), up_ranks=())
    with pytest.raises(InvalidRules, match="up_ranks"):
        one_card_game_counts(Rules(), Fraction(1), up_ranks=(13,))


def test_the_weights():
    assert GAME_WEIGHT == 46 * math.comb(45, 4) == 42 * math.comb(46, 4)
    assert SITUATIONS == math.comb(52, 5) * 47 == 13 * 4 * HANDS_BESIDE_AN_UP_CARD
    assert _ffi.SWITCH_GAME_CHOICE_CELLS == 10 * 3 + 13


@pytest.fixture(scope="module")
def whole():
    return solve_one_card_game(1)


@pytest.mark.slow
def test_the_whole_one_card_game(whole):
    g = whole
    assert g.situations == SITUATIONS and g.total_weight == SITUATIONS * GAME_WEIGHT
    assert sum(g.switched_rank) == g.switch_situations
    assert g.house_edge == -g.return_per_ante and 0 < g.house_edge < solve().house_edge
    # the probabilities of the return table sum to one, and it prices to the return
    assert sum(r.probability for _, r in g.return_rows) == 1
    assert g.expected_wager == 1 + 2 * g.raise_probability + g.switch_probability
    # a sample of hands, each decided exactly by cs_switch (the plain game as control variate)
    s = sample_switch_game("1", deals=1000, seed=21)
    assert abs(float(g.house_edge - s.house_edge)) < 2.1 * s.half_width


@pytest.mark.slow
def test_a_prohibitive_fee_is_the_plain_game():
    g = solve_one_card_game(202)
    assert g.switch_situations == 0 and g.house_edge == solve().house_edge == Fraction(142031221, 2718662100)


@pytest.mark.slow
def test_the_fee_orders_the_games():
    """On a slice (a five up), fees 0 < 1/2 < 1: the house edge rises, fewer hands switch."""
    rules = Rules()
    free, half, one = (one_card_game_from(rules, f, one_card_game_counts(rules, f, up_ranks=(3,)))
                       for f in (Fraction(0), Fraction(1, 2), Fraction(1)))
    assert free.house_edge < half.house_edge < one.house_edge
    assert free.switch_situations > half.switch_situations > one.switch_situations > 0


@pytest.mark.slow
def test_solve_switch_fees_from_the_cli(whole, capsys):
    import json

    assert main(["solve", "--switch-fees", "1", "--format", "json", "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["exact"] is True and doc["house_edge"] == str(whole.house_edge) == doc["house_edge_at_most"]
    assert doc["one_card_game"]["switch_situations"] == whole.switch_situations
    assert doc["larger_switches"] is None and doc["deals"] == 0
    assert main(["solve", "--switch-fees", "1,2,3,2,1", "--deals", "4", "--seed", "5", "--format", "json",
                 "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    # 2 to 4 cards proven never better, the five-card switch counted: exact, nothing sampled
    assert doc["exact"] is True and doc["larger_switches"] is None and doc["deals"] == 0
    assert doc["house_edge_at_most"] == str(whole.house_edge)
    g = solve_switch_game("1,2,3,2,1", deals=4, seed=5)
    assert doc["house_edge"] == str(g.house_edge) == doc["game"]["house_edge"] and g.house_edge < whole.house_edge
    proof = doc["proof"]
    assert proof["excluded"] == [2, 3, 4] and proof["sizes"] == [2, 3, 4] and proof["situations"] == SITUATIONS
    assert proof["undecided_any"] == 0 and proof["examples"] == []
    game = doc["game"]
    assert game["situations"] == SITUATIONS and game["five_card_situations"] == g.exact_game.five_situations > 0
    assert Fraction(game["five_card_probability"]) == g.exact_game.five_probability
    assert sum(Fraction(r["contribution"]) for r in game["return_table"]) == -Fraction(doc["house_edge"])
    assert game["return_table"][-1]["outcome"].startswith("every outcome")


@pytest.mark.slow
def test_the_one_card_game_on_three_threads_is_the_one_thread_game():
    """cs_switch_game's threads (standing beside the 25 classes of the switched card, each thread's best
    switches merged, the chosen switches counted in a second pass) give exactly the one-thread counts
    and probe answers. (Not in tests/engine/test_concurrency.py: under ThreadSanitizer a rank takes
    over a minute.)"""
    rng = random.Random(5)
    probes = tuple((*rng.sample(range(1, 52), 5), 0) for _ in range(20))  # a deuce of suit 0 up
    one, three = (one_card_game_counts(Rules(), Fraction(1), up_ranks=(0,), threads=t, probes=probes)
                  for t in (1, 3))
    assert one == three and one.switch.total_weight > 0
