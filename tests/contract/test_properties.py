"""Property tests (hypothesis) over random valid situations, including dead and known dealer cards.

- the whole-game solver's fast path equals the exhaustive single-situation enumeration;
- the exhaustive enumeration equals a plain-Python brute force (tests/reference.py) on small cases;
- the counts sum to the number of completions, C(unseen, unknown);
- relabelling the suits changes nothing;
- adding a dead card never increases any count (and the counts split exactly: with or without it);
- EV(raise) lies in [-3, 1 + 2 x the largest pay], for random pay tables, qualifiers and caps.

Runs are reproducible (derandomize=True, no example database); CARIBBEAN_EXACT_FUZZ_SCALE=N
multiplies the number of examples for a longer local run.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from fuzzutil import fuzz_settings, write_stats
from hypothesis import given
from hypothesis import strategies as st
from reference import ref_category, ref_deal, ref_key

import caribbean_exact as ce
from caribbean_exact.engine import _ffi, pricing
from caribbean_exact.model.rules import Qualifier

pytestmark = pytest.mark.csan

AK = Qualifier.parse("AK").value
#: whole-game solvers are cached per qualifier (about 2 s to build each); test_solve.py covers more
SOLVER_QUALIFIERS = ("AK",)
COUNT_FIELDS = ("not_qualify", "win", "tie", "lose", "total")
EXAMPLES = {"n": 0}


@pytest.fixture(scope="module", autouse=True)
def _report_stats():
    yield
    write_stats({"module": "properties", "inputs": EXAMPLES["n"], "paths": []})


def counted(fn):
    def wrapper(*a, **k):
        EXAMPLES["n"] += 1
        return fn(*a, **k)
    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


DEAD_COUNT, DEALER_COUNT = st.integers(0, 20), st.integers(0, 4)


@st.composite
def situations(draw, dead=DEAD_COUNT, dealer=DEALER_COUNT):
    """(player, up, dead, dealer) as card indices, all distinct."""
    deck = draw(st.permutations(range(52)))
    nk = draw(dealer)
    nd = min(draw(dead), 46 - nk - (4 - nk))
    return list(deck[:5]), deck[5], list(deck[6:6 + nd]), list(deck[6 + nd:6 + nd + nk])


BRUTE_LIMIT = 2000  # completions per brute-force example: keeps the plain-Python side fast


@st.composite
def small_situations(draw):
    """Situations with at most BRUTE_LIMIT completions: many dead cards or 1-4 known dealer cards."""
    nk = draw(st.integers(0, 4))
    unseen_max = 46 - nk
    while math.comb(unseen_max, 4 - nk) > BRUTE_LIMIT:
        unseen_max -= 1
    unseen = draw(st.integers(4 - nk, unseen_max))
    return draw(situations(dead=st.just(46 - nk - unseen), dealer=st.just(nk)))


@st.composite
def qualifiers(draw):
    """(C qualifier value, reference key): none, never, or 'at least this random hand'."""
    kind = draw(st.sampled_from(["hand", "hand", "hand", "none", "never", "AK"]))
    if kind == "none":
        return 0, ()
    if kind == "never":
        return _ffi.NUM_VALUES, (10,)  # above every hand: the dealer never qualifies
    if kind == "AK":
        return AK, ref_key([48, 45, 8, 4, 0])
    hand = draw(st.permutations(range(52)))[:5]
    return _ffi.evaluate5(hand)[0], ref_key(hand)


def as_dict(d: _ffi.DealCounts) -> dict:
    return {k: getattr(d, k) for k in COUNT_FIELDS} | {"dealer_categories": d.dealer_categories}


def relabel(perm, cards):
    return [c - c % 4 + perm[c % 4] for c in cards]


# ---------------------------------------------------------------- fast path = exhaustive path

@fuzz_settings(150)
@given(sit=situations(dead=st.just(0), dealer=st.just(0)), qual=st.sampled_from(SOLVER_QUALIFIERS))
@counted
def test_fast_path_equals_exhaustive(sit, qual):
    p, u, _, _ = sit
    q = Qualifier.parse(qual).value
    fast = pricing.solver_for(q).situation(p, u)
    slow = _ffi.deal(p, u, (), (), q)
    assert {k: getattr(fast, k) for k in COUNT_FIELDS} == {k: getattr(slow, k) for k in COUNT_FIELDS}
    assert (fast.player_value, fast.player_category) == (slow.player_value, slow.player_category)


@fuzz_settings(150)
@given(sit=small_situations(), qual=qualifiers())
@counted
def test_exhaustive_equals_brute_force_with_dead_and_known_cards(sit, qual):
    p, u, dead, dealer = sit
    value, key = qual
    got = as_dict(_ffi.deal(p, u, dead, dealer, value))
    assert got == ref_deal(p, u, dead, dealer, key)


# ---------------------------------------------------------------- invariants

@fuzz_settings(150)
@given(sit=situations(dead=st.integers(0, 42)), qual=st.integers(0, _ffi.NUM_VALUES))
@counted
def test_counts_sum_to_completions(sit, qual):
    p, u, dead, dealer = sit
    d = _ffi.deal(p, u, dead, dealer, qual)
    unseen = 52 - 6 - len(dead) - len(dealer)
    assert d.total == math.comb(unseen, 4 - len(dealer))
    assert d.not_qualify + d.win + d.tie + d.lose == d.total
    assert sum(d.dealer_categories) == d.total
    assert d.player_category == ref_category(p)
    if qual == 0:
        assert d.not_qualify == 0
    if qual == _ffi.NUM_VALUES:
        assert d.not_qualify == d.total


@fuzz_settings(100)
@given(sit=situations(), perm=st.permutations(range(4)), qual=st.integers(0, _ffi.NUM_VALUES))
@counted
def test_relabelling_suits_changes_nothing(sit, perm, qual):
    p, u, dead, dealer = sit
    a = _ffi.deal(p, u, dead, dealer, qual)
    b = _ffi.deal(relabel(perm, p), relabel(perm, [u])[0], relabel(perm, dead), relabel(perm, dealer), qual)
    assert a == b
    if not dead and not dealer:
        s = pricing.solver_for(AK)
        assert s.situation(p, u) == s.situation(relabel(perm, p), relabel(perm, [u])[0])


@fuzz_settings(100)
@given(sit=situations(dead=st.integers(0, 30), dealer=st.integers(0, 3)), pick=st.integers(0, 51),
       qual=st.integers(0, _ffi.NUM_VALUES))
@counted
def test_adding_a_dead_card_never_increases_a_count(sit, pick, qual):
    p, u, dead, dealer = sit
    unseen = [c for c in range(52) if c not in {*p, u, *dead, *dealer}]
    c = unseen[pick % len(unseen)]
    base = _ffi.deal(p, u, dead, dealer, qual)
    if len(unseen) - 1 < 4 - len(dealer):
        with pytest.raises(ce.InvalidCards):  # the core refuses: not enough cards left
            _ffi.deal(p, u, [*dead, c], dealer, qual)
        return
    without = _ffi.deal(p, u, [*dead, c], dealer, qual)
    with_c = _ffi.deal(p, u, dead, [*dealer, c], qual)  # completions that hold c
    for k in COUNT_FIELDS:
        assert getattr(without, k) <= getattr(base, k)
        assert getattr(without, k) + getattr(with_c, k) == getattr(base, k)
    for a, b, t in zip(without.dealer_categories, with_c.dealer_categories, base.dealer_categories):
        assert a <= t and a + b == t


# ---------------------------------------------------------------- prices

pays = st.one_of(st.integers(0, 1000), st.fractions(0, 500, max_denominator=12))


@st.composite
def rules(draw):
    table = draw(st.lists(pays, min_size=10, max_size=10))
    qual = draw(st.one_of(st.sampled_from(["AK", "pair", "none", "44", "AKJ83", "two pair", "flush"]),
                          st.integers(0, _ffi.NUM_VALUES)))
    ante = cap = None
    if draw(st.booleans()):
        ante = draw(st.integers(1, 500))
        cap = draw(st.integers(ante, 20_000))
    return ce.Rules.make([Fraction(x) for x in table], qual, ante, cap)


@fuzz_settings(100)
@given(sit=situations(dead=st.integers(0, 30)), r=rules())
@counted
def test_ev_raise_bounds(sit, r):
    p, u, dead, dealer = sit
    d = ce.ev([ce.Card(c) for c in p], ce.Card(u), dead=[ce.Card(c) for c in dead],
              dealer=[ce.Card(c) for c in dealer], rules=r)
    top = max(r.paytable.pays)
    assert -3 <= d.ev_raise <= 1 + 2 * top
    assert d.ev_fold == -1
    assert d.decision == ("raise" if d.margin > 0 else "fold" if d.margin < 0 else "either")
    assert d.ev == max(d.ev_raise, d.ev_fold)
    assert sum(row.contribution for row in d.rows()) == d.ev_raise
    if r.max_payout is not None:  # a cap never helps the player
        plain = ce.ev(d.hand, d.up, dead=d.dead, dealer=d.dealer, paytable=r.paytable, qualifier=r.qualifier)
        assert d.ev_raise <= plain.ev_raise
