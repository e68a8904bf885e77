"""A switch of any size exact for every hand that makes it, one sweep with the discarded cards out of play
(``cs_test_switch_dead``), and the whole game of one up rank built from those sweeps, each situation's
best option exact (``cs_test_switch_exact_rank``): the larger switches of issue #31 counted, not bounded.

Every figure is checked another way: each kept set's sum against ``cs_switch`` (one situation counted
alone: its dealer hands tabled, inclusion-exclusion over each replacement set), priced with the same nets;
the whole rank's standing against the plain game, its one-card game against the one-card game's own driver
(``switch_game.c``), and with two cards allowed, random hands' best options against ``cs_switch`` and a
prohibitive fee against the one-card game.
"""

import itertools
import math
import random
from fractions import Fraction

import pytest
from conftest import scaled_nets

import caribbean_exact as ce
from caribbean_exact import Rules
from caribbean_exact.engine import _ffi
from caribbean_exact.engine.counts import sum_totals
from caribbean_exact.engine.switch import one_card_game_counts
from caribbean_exact.errors import CoreError, InvalidCards
from caribbean_exact.play.switch_game import one_card_game_from

pytestmark = pytest.mark.csan

STANDARD = scaled_nets([-1, 1, 0, -3, 3, 3, 5, 7, 9, 11, 15, 41, 101, 201])  # fold, nq, tie, lose, win by category
#: a pair qualifier and other pays (the live-dealer-like table, doubled: even nets)
OTHER = scaled_nets([-2, 2, 0, -6, 6, 6, 11, 15, 19, 22, 31, 81, 201, 401])
AK, PAIR = 1113, 1277 + 1  # Ace-King; a pair of twos (the first value above every high-card hand)


def _priced(t, s) -> int:
    """A cs_totals's deals priced with the scaled nets s: its EV times its deals."""
    return (sum(f * s.fold for f in t.fold) + sum(t.not_qualify) * s.not_qualify
            + sum(w * s.win[c] for c, w in enumerate(t.win)) + sum(t.tie) * s.tie + sum(t.lose) * s.lose)


def _consistent(run, nets, fees) -> list:
    """The two passes of a rank agree: the deals of the chosen options, priced, less the fees paid, are
    the best values summed; their raised deals are the raise shares summed; every hand weighs the unit.
    All five (summed by value, not tallied) add their values and raise every time. Returns the deals by
    size."""
    value, unit, raised, runit, chosen, _, deals, by_cat, five = run
    hands = math.comb(51, 5)
    assert sum(chosen) == hands and sum(c[6] for c in by_cat) == chosen[5]
    assert five == 0 or chosen[5] > 0
    for k in range(5):
        assert deals[k].total_weight == chosen[k] * unit
        assert sum(c[k + 1] if k else c[0] + c[1] for c in by_cat) == chosen[k]
    assert sum(_priced(t, nets) for t in deals) - sum(fees[k] * chosen[k] * unit for k in range(1, 5)) + five == value
    assert Fraction(sum(t.raise_situations for t in deals), unit) + chosen[5] == Fraction(raised, runit)
    return deals


def _proportional(a, b) -> None:
    """Two DealTotals of the same game on different weights: every field in the same proportion."""
    for field in ("fold", "not_qualify", "win", "tie", "lose"):
        for c in range(10):
            assert getattr(a, field)[c] * b.total_weight == getattr(b, field)[c] * a.total_weight, (field, c)


def _colex(positions: list[int]) -> int:
    return sum(math.comb(p, i + 1) for i, p in enumerate(sorted(positions)))


@pytest.mark.parametrize(("qualifier", "nets", "flags"), [
    (AK, STANDARD, 0), pytest.param(PAIR, OTHER, _ffi.RAISE_ON_TIE, marks=pytest.mark.csan_repeat)])
def test_each_kept_set_is_the_hand_counted_alone(qualifier, nets, flags):
    """For random hands and discard sets of every size 1 .. 4 (the up card's rank and suit among
    them), the sweep's sum at the kept set is cs_switch's count of that one situation, priced."""
    rng = random.Random(qualifier)
    cases = [rng.sample(range(52), 6) for _ in range(6)]
    cases += [[1, 2, 3, 17, 30, 0], [4, 8, 12, 16, 51, 0]]  # the up card's rank; its suit, a straight flush draw
    for i, cards in enumerate(cases):
        hand, up = cards[:5], cards[5]
        k = 1 + i % 4
        d = sum(1 << j for j in rng.sample(range(5), k))
        dead = [hand[j] for j in range(5) if d >> j & 1]
        kept = [hand[j] for j in range(5) if not d >> j & 1]
        sums = _ffi.switch_dead(qualifier, nets, up, dead, flags)
        others = [c for c in range(52) if c != up and c not in dead]
        assert len(sums) == math.comb(51 - k, 5 - k)
        alone = _ffi.switch(hand, up, 1 << d, qualifier, nets, flags, 2)[d]
        assert alone.total_weight == math.comb(46, k) * math.comb(46 - k, 4)
        assert sums[_colex([others.index(c) for c in kept])] == _priced(alone, nets), (hand, up, dead)


def test_bad_arguments_are_statuses():
    for dead, up in [([], 0), ([1, 2, 3, 4, 5], 0), ([52], 0), ([1, 1], 0), ([0, 1], 0), ([1], 52)]:
        with pytest.raises((CoreError, InvalidCards)):
            _ffi.switch_dead(AK, STANDARD, up, dead)
    with pytest.raises(CoreError, match=r"overflow|fit"):
        _ffi.switch_dead(AK, scaled_nets([-(1 << 29), 1, 0, -3, 3, 3, 5, 7, 9, 11, 15, 41, 101, 201]), 0, [1])
    out = _ffi.ffi.new("int64_t[]", 10)
    nets = _ffi._nets_struct(STANDARD)
    assert _ffi.lib.cs_test_switch_dead(AK, nets, 0, 0, _ffi.ffi.new("uint8_t[]", [1]), 1, out, 10) == \
        _ffi.lib.CS_E_SIZE
    assert _ffi.lib.cs_test_switch_dead(AK, nets, 4, 0, _ffi.ffi.new("uint8_t[]", [1]), 1, out, 10) == \
        _ffi.lib.CS_E_ARG
    fees = [0, 1, 1, 1, 1]
    for args in [dict(up_rank=13), dict(sizes=1 << 5), dict(sizes=1 << 6), dict(fees=[0, -1, 0, 0, 0]),
                 dict(fees=[0, 1]), dict(threads=0), dict(probes=[[0, 1, 2, 3, 5]])]:
        call = dict(up_rank=0, qualifier=AK, nets=STANDARD, fees=fees, sizes=2, threads=1) | args
        with pytest.raises((CoreError, ValueError)):
            _ffi.switch_exact_rank(**call)


@pytest.mark.slow  # a whole rank standing (about 5 s)
@pytest.mark.csan_repeat  # the sanitizer stage leaves it out: the C harness runs the driver's standing under ASan
def test_standing_alone_is_the_plain_game():
    """No switch allowed: the 13 ranks' best summed is the plain game's return, exactly."""
    total, weight, deals = Fraction(0), 0, []
    for rank in range(13):
        run = _ffi.switch_exact_rank(rank, AK, STANDARD, [0] * 5, 0)
        value, unit, _, _, chosen, _, _, _, five = run
        assert chosen == [math.comb(51, 5), 0, 0, 0, 0, 0] and five == 0
        deals.append(_consistent(run, STANDARD, [0] * 5)[0])
        total += Fraction(value, unit)
        weight += math.comb(51, 5)
    plain = ce.solve()
    assert total / weight == plain.return_per_ante
    _proportional(sum_totals(deals), plain.totals)


@pytest.mark.slow  # a rank's one-card count twice (about 4 s)
@pytest.mark.csan_repeat  # the sanitizer stage leaves it out: the C harness runs the driver under ASan
def test_one_card_rank_is_the_one_card_game():
    """One card for 1 ante against a queen: the rank's best summed is switch_game.c's one-card game of
    that rank (its own driver: classes, merge, counts), and random hands' best is cs_switch's."""
    rules = Rules()
    game = one_card_game_from(rules, Fraction(1), one_card_game_counts(rules, Fraction(1), up_ranks=(10,)))
    s = rules.nets().scaled()
    rng = random.Random(10)
    probes = [rng.sample([c for c in range(52) if c != 40], 5) for _ in range(20)]
    fees = [0, s.denominator, 0, 0, 0]
    run = _ffi.switch_exact_rank(10, rules.qualifier.value, s, fees, 0b10, probes=probes)
    value, unit, raised, runit, chosen, answers, _, by_cat, _ = run
    assert [tuple(4 * n for n in c[:3]) for c in by_cat] == list(game.by_category)  # the up card's four suits
    deals = _consistent(run, s, fees)
    assert Fraction(value, unit * math.comb(51, 5)) == game.return_per_ante
    assert chosen[0] + chosen[1] == math.comb(51, 5) and chosen[1] * 4 == game.switch_situations
    assert Fraction(raised, runit * math.comb(51, 5)) == game.raise_probability
    # the deals after standing and after switching, each in the one-card game's proportions
    both = sum_totals(deals[:2])
    for mine, theirs in ((deals[0], game.stand), (deals[1], game.switch)):
        for field in ("fold", "not_qualify", "win", "tie", "lose"):
            for c in range(10):
                assert getattr(mine, field)[c] * game.total_weight == getattr(theirs, field)[c] * both.total_weight
    _check_probes(probes, answers, 40, rules.qualifier.value, s, [0, s.denominator], unit)


def _check_probes(probes, answers, up, qualifier, nets, fees, unit):
    """Each probe's best value and option against cs_switch over every allowed discard set."""
    allowed = [d for d in range(32) if d.bit_count() < len(fees)]
    for hand, (v, mask) in zip(probes, answers, strict=True):
        tots = _ffi.switch(hand, up, sum(1 << d for d in allowed), qualifier, nets, 0, 2)
        evs = {d: Fraction(_priced(tots[d], nets), tots[d].total_weight) - (fees[d.bit_count()] if d else 0)
               for d in allowed}
        best = max(evs.values())
        assert Fraction(v, unit) == best, hand
        assert evs[mask] == best and mask.bit_count() == min(d.bit_count() for d in allowed if evs[d] == best)


@pytest.mark.slow  # the two-card sweeps of a rank: about 20 s of CPU
def test_two_cards_exact_against_each_hand():
    """One or two cards for 1 ante each against an ace: random hands' best against cs_switch over
    every allowed discard set (tests/play/test_switch_exact.py: a prohibitive or bounded two-card fee
    gives the one-card game)."""
    rules = Rules()
    s = rules.nets().scaled()
    q = rules.qualifier.value
    rng = random.Random(12)
    probes = [rng.sample([c for c in range(52) if c != 48], 5) for _ in range(25)]
    probes += [[49, 50, 51, 0, 5], [44, 40, 36, 32, 2], [51, 47, 43, 39, 1]]  # trips of the up rank; draws
    run = _ffi.switch_exact_rank(12, q, s, [0, 1, 1, 0, 0], 0b110, probes=probes)
    _, unit, _, _, chosen, answers, _, _, _ = run
    assert chosen[2] > 0 and sum(chosen) == math.comb(51, 5)
    _consistent(run, s, [0, 1, 1, 0, 0])
    _check_probes(probes, answers, 48, q, s, [0, 1, 1], unit)


def test_progress_is_read_while_it_counts_and_a_raise_stops_it(monkeypatch):
    """The count runs in a thread of its own while ``poll`` reads its class sweeps (never fewer than
    before, never more than their most, all of them at the end); a ``poll`` that raises stops the core
    within a class (``CS_E_STOPPED`` under it), and the next count is whole and the same."""
    monkeypatch.setattr(_ffi, "POLL_SECONDS", 0.02)
    s = Rules().nets().scaled()
    fees = [0, s.denominator, 0, 0, 0]
    seen: list[tuple[int, int]] = []
    whole = _ffi.switch_exact_rank(10, AK, s, fees, 0b10, poll=lambda done, most: seen.append((done, most)))
    most = seen[-1][1]
    assert len(seen) > 3 and seen[-1] == (most, most) and most % 2 == 0
    assert all(a <= b <= most for (a, _), (b, _) in itertools.pairwise(seen)) and {m for _, m in seen} == {most}

    class Enough(Exception):
        pass

    def stop(*_: int) -> None:
        raise Enough

    with pytest.raises(Enough):
        _ffi.switch_exact_rank(10, AK, s, fees, 0b10, poll=stop)
    assert _ffi.switch_exact_rank(10, AK, s, fees, 0b10) == whole
    assert _ffi.lib.CS_E_STOPPED == 8 and _ffi.ffi.string(_ffi.lib.cs_strerror(8)) == b"stopped by the caller"


def test_the_whole_game_reports_its_sweeps(monkeypatch):
    """``exact_switch_counts`` turns the sweeps of each rank into one progress over the ranks asked."""
    from caribbean_exact.engine.switch import exact_switch_counts

    monkeypatch.setattr(_ffi, "POLL_SECONDS", 0.02)
    seen: list[tuple[str, int, int]] = []
    exact_switch_counts(Rules(), (Fraction(1),), up_ranks=(3, 10), progress=lambda *a: seen.append(a))
    labels, done, total = zip(*seen, strict=True)
    assert set(labels) == {"counting every switch exactly (discard-set classes swept)"} and len(set(total)) == 1
    assert list(done) == sorted(done) and done[-1] == total[0] and total[0] % 4 == 0
    assert any(d < total[0] // 2 for d in done) and any(total[0] // 2 < d < total[0] for d in done)


@pytest.mark.csan_repeat  # the sanitizer stage leaves it out: the C harness counts two schedules at once under ASan
def test_several_schedules_at_once_are_each_counted_alone():
    """``cs_test_switch_exact_many``: against a king, one card for 1 ante, one card free, and one card for 2
    (the other pays), each class swept once for the three; each game's results are its own count's, integer
    for integer, and the sweeps are the classes once plus each game's second pass."""
    fees = [[0, f * OTHER.denominator, 0, 0, 0, 0] for f in (1, 0, 2)]
    many = _ffi.switch_exact_many(11, PAIR, OTHER, fees, [0b10] * 3, threads=2)
    alone = [_ffi.switch_exact_rank(11, PAIR, OTHER, f[:5], 0b10, threads=2) for f in fees]
    assert many == alone
    switched = [m[4][1] for m in many]  # the hands that switch a card: most when free, fewest at 2 antes
    assert switched[1] > switched[0] > switched[2] > 0
    seen = []
    _ffi.switch_exact_many(11, PAIR, OTHER, fees[:2], [0b10, 0], threads=2, poll=lambda a, b: seen.append((a, b)))
    assert seen[-1] == (3 * 26, 3 * 26)  # standing and the 25 classes of one card, once, then two second passes
    for bad in [dict(fees=fees, sizes=[0b10] * 2), dict(fees=[f[:5] for f in fees], sizes=[0b10] * 3),
                dict(fees=fees[:1] * 9, sizes=[0b10] * 9), dict(fees=fees[:1], sizes=[1 << 6])]:
        with pytest.raises(CoreError):
            _ffi.switch_exact_many(11, PAIR, OTHER, bad["fees"], bad["sizes"])


@pytest.mark.slow  # two ranks' one-card and all-five counts, several times: about 30 s
def test_several_schedules_with_all_five_and_a_store_are_each_counted_alone(tmp_path, monkeypatch):
    """``exact_switch_counts_many``: 1,x,x,x,1 (one card or all five for 1 ante), one card free and one card
    for 1 ante, against a deuce and an ace: each schedule's counts are its own ``exact_switch_counts``'; kept
    in a store under the keys a count of one schedule uses, so a rank kept by such a count is read back and
    the rank is counted only for the others."""
    from caribbean_exact.engine import switch

    rules = Rules()
    one, free, five = (Fraction(1),), (Fraction(0),), (Fraction(1), None, None, None, Fraction(1))
    store = str(tmp_path)
    alone = switch.exact_switch_counts(rules, one, up_ranks=(0, 12), store=store)
    asked = []
    real = switch._exact_rank

    def tracked(rank, qualifier, nets, games, *args):
        asked.append((rank, [g[1] for g in games]))
        return real(rank, qualifier, nets, games, *args)
    monkeypatch.setattr(switch, "_exact_rank", tracked)
    got = switch.exact_switch_counts_many(rules, (five, free, one), up_ranks=(0, 12), store=store)
    assert asked == [(0, [0b100010, 0b10]), (12, [0b100010, 0b10])]  # one card for 1 was read back
    assert got[2] == alone
    asked.clear()
    assert got[:2] == tuple(switch.exact_switch_counts(rules, f, up_ranks=(0, 12)) for f in (five, free))
    assert [a[1] for a in asked] == [[0b100010], [0b100010], [0b10], [0b10]]
    assert got[0].five_value != 0 and got[0].weight == switch.EXACT_WEIGHT_FIVE != got[1].weight
    asked.clear()
    assert switch.exact_switch_counts_many(rules, (one, five), up_ranks=(12, 0), store=store) == (got[2], got[0])
    assert asked == []  # every rank of both kept
    # one progress over the ranks, each rank's sweeps its classes once and once more per game it counts
    monkeypatch.setattr(_ffi, "POLL_SECONDS", 0.02)
    seen: list[tuple[int, int]] = []
    switch.exact_switch_counts_many(rules, (one, (Fraction(2),)), up_ranks=(0, 12, 5), store=store,
                                    progress=lambda _what, done, total: seen.append((done, total)))
    assert dict(asked) == {0: [0b10], 12: [0b10], 5: [0b10, 0b10]}  # 2 antes only at 0 and 12; both at 5
    done, total = zip(*seen, strict=True)
    assert set(total) == {7 * 26} and list(done) == sorted(done) and done[-1] == 7 * 26  # 2 + 2 + 3 passes
    with pytest.raises(ce.InvalidRules, match="1 to 8"):
        switch.exact_switch_counts_many(rules, (one,) * 9)
    with pytest.raises(ce.InvalidRules, match="switch fees"):
        switch.exact_switch_counts_many(rules, (one, (None,)))
