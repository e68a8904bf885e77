"""The buying lines: each condition against a plain reading of the words on random hands, the core's
game under given choices against its optimal game (given the optimal choices, the same counts), and
the lines' exact whole game and cost."""

import dataclasses
import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from caribbean_exact.engine import _ffi
from caribbean_exact.errors import InvalidCards
from caribbean_exact.model.rules import Rules
from caribbean_exact.strategy.buy_lines import BUY_LINES, buy_choices, buys, solve_buy_lines


def _plain(hand: list[int], up_rank: int) -> bool:
    """The lines read word for word, one hand at a time."""
    ranks = [c // 4 for c in hand]
    suits = Counter(c % 4 for c in hand)
    counts = Counter(ranks)
    suit, n_suit = suits.most_common(1)[0]

    def windows(rs: set[int]) -> int:
        ext = {r + 1 for r in rs} | ({0} if 12 in rs else set())  # the ace also low
        return max(len(ext & set(range(s, s + 5))) for s in range(10))

    in_suit = {c // 4 for c in hand if c % 4 == suit}
    distinct = set(ranks)
    no_pair = len(distinct) == 5
    straight = no_pair and windows(distinct) == 5
    if n_suit == 4 or ((n_suit == 5 or straight) and windows(in_suit) >= 4):
        return True
    ext = {r + 1 for r in distinct} | ({0} if 12 in distinct else set())
    if no_pair and not straight and any(set(range(s, s + 4)) <= ext for s in range(1, 10)):
        return True
    shape = sorted(counts.values())
    if shape == [1, 1, 1, 2] and windows(distinct) == 4:
        return True
    trip = [r for r, k in counts.items() if k == 3]
    return shape == [1, 1, 3] and trip[0] <= 10 and trip[0] != up_rank


def test_the_lines_read_as_written():
    assert len(BUY_LINES) == 4
    rng = random.Random(5)
    hands = np.array([sorted(rng.sample(range(52), 5)) for _ in range(20000)], dtype=np.int16)
    from caribbean_exact.strategy.buy_lines import _choices

    for up_rank in (0, 7, 12):
        got = _choices(hands, up_rank)
        want = [_plain(list(map(int, h)), up_rank) for h in hands]
        assert got.astype(bool).tolist() == want
    assert buys("As Ks Qs Js 2d", "5h") and not buys("Ac Ad 7h 4c 2s", "9h")
    assert buy_choices(7).shape == (2349060,)


def test_given_the_optimal_choices_the_core_counts_the_optimal_game():
    """One up rank: the optimal choices (cs_test_sixth_game_chosen) handed back to cs_sixth_game_given
    give the same deals; a choice that is neither 0 nor 1 is refused before any work."""
    r = Rules()
    nets = r.nets().scaled()
    st, by, ch, chosen = _ffi.sixth_game_chosen(r.qualifier.value, nets, 1, 1 << 4)
    gst, gby, gch = _ffi.sixth_game_given(r.qualifier.value, nets, 1 << 4, chosen)
    assert (gst, gch) == (st, ch)
    assert dataclasses.replace(gby, indifferent_situations=0) == dataclasses.replace(by, indifferent_situations=0)
    assert sum(chosen) * 4 == sum(ch[2:30:3])
    with pytest.raises(InvalidCards):
        _ffi.sixth_game_given(r.qualifier.value, nets, 1 << 4, bytes([2]) * len(chosen))


@pytest.mark.slow
def test_the_lines_whole_game():
    g = solve_buy_lines(Rules.make(buy_fee=1))
    assert g.cost > 0
    assert g.game.house_edge > g.optimal.house_edge == Fraction(-175122925259, 9966615258600)
    assert 0 < g.game.buy_probability < g.optimal.buy_probability
    assert g.game.situations == 2598960 * 47
