"""Single-situation enumeration against a plain-Python brute force and invariants."""

import math
import random

import pytest
from conftest import random_situation
from reference import ref_deal

from caribbean_exact.engine import _ffi
from caribbean_exact.model.rules import Qualifier

pytestmark = pytest.mark.csan
AK = Qualifier.parse("AK").value


def _c(player, up, dead=(), dealer=()):
    d = _ffi.deal(player, up, dead, dealer, AK)
    return {"not_qualify": d.not_qualify, "win": d.win, "tie": d.tie, "lose": d.lose,
            "total": d.total, "dealer_categories": d.dealer_categories}


def cards(text):
    from caribbean_exact import parse_cards
    return [c.index for c in parse_cards(text)]


# full 163,185-completion brute force is ~1 s each in pure Python: a few chosen situations, one in
# the default run, the others marked slow
SLOW = pytest.mark.slow
@pytest.mark.parametrize("hand,up", [
    ("As Kd 7h 4c 2s", "Qh"),      # AK high, up card not matching
    pytest.param("Ah Kh Qh Jh Th", "2c", marks=SLOW),      # royal flush
    pytest.param("5c 4d 3h 2s Ac", "Ad", marks=SLOW),      # wheel, up card matches the player's ace
    pytest.param("9c 9d 5h 4s 2c", "9h", marks=SLOW),      # pair, up card of the pair's rank
])
def test_brute_force_full(hand, up):
    p, u = cards(hand), cards(up)[0]
    assert _c(p, u) == ref_deal(p, u)


def test_brute_force_dead_and_known_cards():
    rng = random.Random(11)
    for n_dead, n_dealer in [(10, 0), (20, 1), (0, 2), (5, 3), (0, 4), (30, 2)]:
        p, u, dead, dealer = random_situation(rng, n_dead, n_dealer)
        got = _c(p, u, dead, dealer)
        assert got == ref_deal(p, u, dead, dealer)
        unseen = 52 - 6 - n_dead - n_dealer
        assert got["total"] == math.comb(unseen, 4 - n_dealer)


def test_counts_sum_and_suit_symmetry():
    rng = random.Random(5)
    for _ in range(200):
        n_dead = rng.randrange(0, 12)
        n_dealer = rng.randrange(0, 5)
        p, u, dead, dealer = random_situation(rng, n_dead, n_dealer)
        got = _c(p, u, dead, dealer)
        assert got["not_qualify"] + got["win"] + got["tie"] + got["lose"] == got["total"]
        assert sum(got["dealer_categories"]) == got["total"]
        assert got["total"] == math.comb(52 - 6 - n_dead - n_dealer, 4 - n_dealer)
        perm = rng.sample(range(4), 4)

        def relabel(cs, perm=perm):
            return [c - c % 4 + perm[c % 4] for c in cs]

        assert _c(relabel(p), relabel([u])[0], relabel(dead), relabel(dealer)) == got


def test_player_value_and_ties():
    p, u = cards("Ah Kd Qs Jd 9h"), cards("9c")[0]
    d = _ffi.deal(p, u, (), (), AK)
    # a tie needs the same ranks: A K Q J in suits other than the player's, with the up card 9c
    assert d.tie == 3 * 3 * 3 * 3 - 1  # 81 suit choices for A K Q J, minus the all-clubs flush
    assert d.player_category == 0
    p2 = cards("Ah Kd Qs Jc 9h")  # Jc held: no all-clubs dealer hand, so all 81 tie
    assert _ffi.deal(p2, u, (), (), AK).tie == 81
