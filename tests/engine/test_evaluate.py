"""The five-card evaluator against exhaustive counts and an independent Python evaluator."""

import random
import subprocess
import sys
from itertools import combinations

import pytest
from reference import AK_KEY, ref_key

from caribbean_exact.engine import _ffi
from caribbean_exact.model.rules import CATEGORIES, Qualifier

pytestmark = pytest.mark.csan


def test_category_counts_of_all_hands():
    counts = dict(zip(CATEGORIES, _ffi.category_counts()))
    assert counts == {
        "royal flush": 4, "straight flush": 36, "four of a kind": 624, "full house": 3744,
        "flush": 5108, "straight": 10200, "three of a kind": 54912, "two pair": 123552,
        "pair": 1098240, "high card": 1302540,
    }
    assert sum(counts.values()) == 2598960


def test_distinct_values_and_qualifying_hands():
    per_value = _ffi.value_counts()
    assert len(per_value) == 7462
    assert all(n > 0 for n in per_value)  # exactly 7,462 distinct values, all used
    q = Qualifier.parse("AK").value
    assert sum(per_value[q:]) == 1463700
    assert sum(per_value) == 2598960


def _check_monotone(pairs):
    """The C value must be a strictly increasing function of the reference key."""
    by_key = {}
    for key, value in pairs:
        assert by_key.setdefault(key, value) == value, key
    keys = sorted(by_key)
    values = [by_key[k] for k in keys]
    assert values == sorted(values) and len(set(values)) == len(values)


def test_order_agrees_with_reference_on_random_hands():
    rng = random.Random(7)
    pairs = []
    for _ in range(150_000):
        hand = rng.sample(range(52), 5)
        v, cat = _ffi.evaluate5(hand)
        key = ref_key(hand)
        assert cat == key[0], hand
        pairs.append((key, v))
    _check_monotone(pairs)


def test_order_agrees_with_reference_on_every_rank_class():
    """One hand per rank pattern and flush status: all 7,462 classes, so every value is compared."""
    pairs = []
    for ranks in combinations(range(13), 5):
        pairs.append((ref_key([r * 4 for r in ranks]), _ffi.evaluate5([r * 4 for r in ranks])[0]))
    for hand in _one_hand_per_multiset():
        pairs.append((ref_key(hand), _ffi.evaluate5(hand)[0]))
    assert len({k for k, _ in pairs}) == 7462
    _check_monotone(pairs)


def _one_hand_per_multiset():
    from itertools import combinations_with_replacement

    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        used = {}
        hand = []
        for i, r in enumerate(ranks):
            s = used.get(r, 0)
            used[r] = s + 1
            hand.append(r * 4 + (s if ranks.count(r) > 1 else i % 2))
        yield hand


def test_special_hands():
    def v(text):
        from caribbean_exact import parse_cards
        return _ffi.evaluate5([c.index for c in parse_cards(text)])

    wheel, six_high = v("Ac 2d 3h 4s 5c"), v("2c 3d 4h 5s 6c")
    assert wheel[1] == 4 and six_high[0] > wheel[0]
    assert v("Ah 2h 3h 4h 5h")[1] == 8 and v("Ah Kh Qh Jh Th")[1] == 9
    assert v("Ah Kh Qh Jh Th")[0] == 7461 and v("2c 3d 4h 5s 7c")[0] == 0
    # suits never break ties
    assert v("As Kd 7h 4c 2s")[0] == v("Ad Kc 7s 4h 2d")[0]
    assert ref_key([51, 46, 8, 4, 0]) >= AK_KEY


def test_the_small_tables_give_the_full_tables_values():
    """evaluate5 (and cs_deal's player) read the small tables, not the 2,598,960-hand table, so that
    a command starts without building it; evaluate6 reads that table: the best of six by evaluate5
    is evaluate6's value, and in a fresh process evaluate5 and ev work before the table exists."""
    rng = random.Random(24)
    for _ in range(3000):
        six = rng.sample(range(52), 6)
        best = max((_ffi.evaluate5(list(five)) for five in combinations(six, 5)), key=lambda vc: vc[0])
        assert _ffi.evaluate6(six) == best, six
    code = ("from caribbean_exact.engine import _ffi\nimport caribbean_exact as ce\n"
            "before = _ffi.evaluate5([48, 45, 22, 8, 3]), ce.ev('As Kd 7h 4c 2s', 'Qh').counts\n"
            "_ffi.value_counts()\n"  # builds the full table
            "assert before == (_ffi.evaluate5([48, 45, 22, 8, 3]), ce.ev('As Kd 7h 4c 2s', 'Qh').counts)\n"
            "print(before[0], before[1].total)")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert p.stdout.split() == ["(1124,", "0)", "163185"], p.stdout
