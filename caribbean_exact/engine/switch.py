"""Card switching (Oasis Poker) in one situation, counted by the core (``cs_switch``).

For each discard set (bit i: the hand's i-th card is switched) the core counts every replacement
set and every dealer completion under the best final decision for the nets, and returns the deal
counts by the final hand's category, as a whole game's totals: ``pricing.return_rows`` prices them.

>>> from ..model.rules import Rules
>>> t = switch_totals([51, 45, 22, 8, 3], 42, 1 << 0 | 1 << 1, Rules())
>>> t[0].total_weight, t[1].total_weight == 46 * 148995, t[2].total_weight
(163185, True, 0)
"""

from __future__ import annotations

import functools
import hashlib
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..errors import InvalidRules, shown
from ..model.checks import check_progress, check_threads
from ..model.rules import Rules, ScaledNets
from ..progress import ProgressFn, report
from . import _ffi, rank_store
from .counts import DealTotals, sum_totals
from .pricing import default_threads

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "BOUND_NET_LIMIT",
    "DISCARD_SETS",
    "DRAW_CHOICES",
    "EXACT_FIVE_NET_LIMIT",
    "EXACT_NET_LIMIT",
    "EXACT_WEIGHT",
    "EXACT_WEIGHT_FIVE",
    "FIVE_DEALS",
    "GAME_CHOICES",
    "GAME_HANDS",
    "GAME_WEIGHT",
    "NO_SWITCH",
    "SWITCH_FIVE_RAISES",
    "BoundCounts",
    "DrawCounts",
    "ExactSwitchCounts",
    "FiveGameCounts",
    "OneCardCounts",
    "bound_counts",
    "bound_scale",
    "buy_totals",
    "draw_game_counts",
    "exact_switch_counts",
    "exact_switch_counts_many",
    "game_hands",
    "given_game_counts",
    "kept_exact_ranks",
    "one_card_game_counts",
    "sixth_game_counts",
    "sixth_game_given_counts",
    "switch_totals",
]

#: Discard sets of one hand: every subset of its five cards, standing (0) included.
DISCARD_SETS: int = _ffi.DISCARD_SETS
#: Flag: a player who switches all five cards must raise.
SWITCH_FIVE_RAISES: int = _ffi.SWITCH_FIVE_RAISES


def switch_totals(player: list[int], up: int, set_mask: int, rules: Rules, *, five_raises: bool = True,
                  raise_on_tie: bool = False, threads: int | None = None) -> list[DealTotals]:
    """The deal counts of every discard set in ``set_mask`` (bit d: discard set d), the final
    decision optimal for ``rules``; the sets not asked for are all zero. Cards are checked by the
    core (``InvalidCards``)."""
    threads = check_threads(threads)
    flags = (SWITCH_FIVE_RAISES if five_raises else 0) | (_ffi.RAISE_ON_TIE if raise_on_tie else 0)
    return _ffi.switch(player, up, set_mask & 0xFFFFFFFF, rules.qualifier.value, rules.nets().scaled(), flags,
                       threads or default_threads())


#: cs_switch_game's choices: 3 per category of the hand (stand and fold, stand and raise, switch),
#: then the switching situations by the rank of the card switched (deuce first).
GAME_CHOICES: int = _ffi.SWITCH_GAME_CHOICE_CELLS
#: Every situation of the one-card game weighs 46 x C(45, 4) deals (a stand's completions x 42).
GAME_WEIGHT: int = 46 * math.comb(45, 4)
#: The most a fee or a net may be, scaled, in the one-card game (cs_switch_game).
GAME_NET_LIMIT: int = 1 << 36


@dataclass(frozen=True, slots=True)
class OneCardCounts:
    """The whole game with at most one card switched, counted by the core (``cs_switch_game``):
    ``stand`` the deals of the situations that stand, ``switch`` of those that switch a card (by the
    final hand's category; every situation weighs ``GAME_WEIGHT``), ``choices`` as ``GAME_CHOICES``
    says, ``probes`` (a test's) six numerators over ``GAME_WEIGHT`` each."""

    stand: DealTotals
    switch: DealTotals
    choices: tuple[int, ...]
    probes: tuple[tuple[int, ...], ...] = ()


def _game_nets(rules: Rules, fee: Fraction, *more: Fraction) -> tuple[ScaledNets, int]:
    """The nets and the fee over one common denominator, within the core's limit (``more`` fees: over
    the same denominator; ``_game_fees`` gives them)."""
    nets, fees = _game_fees(rules, (fee, *more))
    return nets, fees[0]


def _game_fees(rules: Rules, fees: tuple[Fraction, ...]) -> tuple[ScaledNets, list[int]]:
    s = rules.nets().scaled()
    den = math.lcm(s.denominator, *(f.denominator for f in fees))
    k = den // s.denominator
    nets = ScaledNets(s.fold * k, s.not_qualify * k, s.tie * k, s.lose * k, tuple(w * k for w in s.win), den)
    scaled = [int(f * den) for f in fees]
    if max(abs(x) for x in (*nets.as_list(), *scaled)) > GAME_NET_LIMIT:
        raise InvalidRules(f"fee {'/'.join(shown(f) for f in fees)}: the fees and the pays over one denominator are "
                           "too large for exact counting of the whole game (at most 2^36)")
    return nets, scaled


def one_card_game_counts(rules: Rules, fee: Fraction, *, up_ranks: tuple[int, ...] = tuple(range(13)),
                         raise_on_tie: bool = False, threads: int | None = None,
                         progress: ProgressFn | None = None,
                         probes: tuple[tuple[int, ...], ...] = ()) -> OneCardCounts:
    """The counts of the one-card game (``cs_switch_game``) for the up ranks asked, one rank per
    call (progress after each); probes (the player's five cards and an up card of suit 0, a test's)
    are answered by the call of their rank."""
    return _game_by_rank(_ffi.switch_game, "solving the one-card switching game by up card", rules, fee, up_ranks,
                         raise_on_tie, threads, progress, probes)


def sixth_game_counts(rules: Rules, fee: Fraction, *, up_ranks: tuple[int, ...] = tuple(range(13)),
                      raise_on_tie: bool = False, threads: int | None = None, progress: ProgressFn | None = None,
                      probes: tuple[tuple[int, ...], ...] = ()) -> OneCardCounts:
    """The counts of the whole game where each situation stands or buys a sixth card for ``fee``
    (``cs_sixth_game``), as ``one_card_game_counts``'s with ``switch`` the situations that buy and
    ``choices[30 + r]`` those that buy beside an up card of rank r; each probe gets two numerators
    over ``GAME_WEIGHT``: standing, and buying before its fee."""
    return _game_by_rank(_ffi.sixth_game, "solving the sixth-card game by up card", rules, fee, up_ranks,
                         raise_on_tie, threads, progress, probes)


@dataclass(frozen=True, slots=True)
class DrawCounts:
    """The draw that switches one card or buys a sixth card, counted by the core (``cs_draw_game``):
    the deals of the situations that stand, switch and buy (every situation weighs ``GAME_WEIGHT``),
    and ``choices`` (``DRAW_CHOICES``: 4 per category, then 13 by the rank switched, 13 by the up
    rank of the situations that buy)."""

    stand: DealTotals
    switch: DealTotals
    buy: DealTotals
    choices: tuple[int, ...]


#: cs_draw_game's choice cells.
DRAW_CHOICES: int = _ffi.DRAW_GAME_CHOICE_CELLS


def draw_game_counts(rules: Rules, switch_fee: Fraction, buy_fee: Fraction, *,
                     up_ranks: tuple[int, ...] = tuple(range(13)), raise_on_tie: bool = False,
                     threads: int | None = None, progress: ProgressFn | None = None) -> DrawCounts:
    """The counts of the whole game where each situation stands, switches one card for
    ``switch_fee`` or buys a sixth card for ``buy_fee`` (``cs_draw_game``), one up rank per call
    (progress after each)."""
    threads = check_threads(threads) or default_threads()
    check_progress(progress)
    nets, (sw, buy) = _game_fees(rules, (switch_fee, buy_fee))
    flags = _ffi.RAISE_ON_TIE if raise_on_tie else 0
    ranks = _check_ranks(up_ranks)
    parts: list[list[DealTotals]] = [[], [], []]
    choices = [0] * DRAW_CHOICES
    for i, r in enumerate(ranks):
        out, ch = _ffi.draw_game(rules.qualifier.value, nets, sw, buy, 1 << r, flags, threads)
        for k in range(3):
            parts[k].append(out[k])
        choices = [a + b for a, b in zip(choices, ch, strict=True)]
        report(progress, "solving the switch-or-buy game by up card", i + 1, len(ranks))
    stand, switch, bought = (sum_totals(p) for p in parts)
    return DrawCounts(stand, switch, bought, tuple(choices))


def _check_ranks(up_ranks: tuple[int, ...]) -> list[int]:
    ranks = sorted(set(up_ranks))
    if not ranks or not all(isinstance(r, int) and 0 <= r <= 12 for r in ranks):
        raise InvalidRules(f"up_ranks {shown(up_ranks)}: expected ranks 0 .. 12, at least one")
    return ranks


_GameCall = Callable[..., tuple[DealTotals, DealTotals, list[int], list[list[int]]]]


def _game_by_rank(call: _GameCall, what: str, rules: Rules, fee: Fraction, up_ranks: tuple[int, ...],
                  raise_on_tie: bool, threads: int | None, progress: ProgressFn | None,
                  probes: tuple[tuple[int, ...], ...]) -> OneCardCounts:
    """A stand-or-one-option game counted by the core one up rank per call, summed."""
    threads = check_threads(threads) or default_threads()
    check_progress(progress)
    nets, fee_scaled = _game_nets(rules, fee)
    flags = _ffi.RAISE_ON_TIE if raise_on_tie else 0
    stands: list[DealTotals] = []
    options: list[DealTotals] = []
    choices = [0] * GAME_CHOICES
    answers: list[tuple[int, ...]] = [() for _ in probes]
    ranks = _check_ranks(up_ranks)
    for i, r in enumerate(ranks):
        mine = [k for k, p in enumerate(probes) if p[5] >> 2 == r]
        st, op, ch, ans = call(rules.qualifier.value, nets, fee_scaled, 1 << r, flags, threads,
                               [probes[k] for k in mine])
        for k, a in zip(mine, ans, strict=True):
            answers[k] = tuple(a)
        stands.append(st)
        options.append(op)
        choices = [a + b for a, b in zip(choices, ch, strict=True)]
        report(progress, what, i + 1, len(ranks))
    return OneCardCounts(sum_totals(stands), sum_totals(options), tuple(choices), tuple(answers))


def sixth_game_given_counts(rules: Rules, choose: Callable[[int], bytes], *, threads: int | None = None,
                            progress: ProgressFn | None = None) -> OneCardCounts:
    """The counts of the sixth-card game under given choices (``cs_sixth_game_given``), one up rank per
    call (progress after each): ``choose(r)`` gives ``GAME_HANDS`` bytes beside the up card of rank r
    (as ``game_hands(r)``'s rows: 1 buy, 0 stand). The counts are ``sixth_game_counts``'s, with
    ``switch`` the situations that buy and its ``indifferent_situations`` 0."""
    threads = check_threads(threads) or default_threads()
    check_progress(progress)
    nets, _ = _game_nets(rules, Fraction(0))
    stands: list[DealTotals] = []
    bought: list[DealTotals] = []
    choices = [0] * GAME_CHOICES
    for r in range(13):
        st, by, ch = _ffi.sixth_game_given(rules.qualifier.value, nets, 1 << r, choose(r), threads=threads)
        stands.append(st)
        bought.append(by)
        choices = [a + b for a, b in zip(choices, ch, strict=True)]
        report(progress, "the sixth-card game under given choices, by up card", r + 1, 13)
    return OneCardCounts(sum_totals(stands), sum_totals(bought), tuple(choices))


def buy_totals(player: list[int], up: int, rules: Rules, *, raise_on_tie: bool = False) -> DealTotals:
    """The deal counts of buying a sixth card in one situation (``cs_buy_sixth``): every one of the
    46 replacements and every dealer completion, under the best decision for ``rules``, by the final
    hand's category (the best five of six). Cards are checked by the core (``InvalidCards``).

    >>> from ..model.rules import Rules
    >>> t = buy_totals([51, 45, 22, 8, 3], 40, Rules())
    >>> t.total_weight == 46 * 148995, t.raise_situations
    (True, 18)
    """
    flags = _ffi.RAISE_ON_TIE if raise_on_tie else 0
    return _ffi.buy_sixth(player, up, rules.qualifier.value, rules.nets().scaled(), flags)


#: The hands beside one up card in the one-card game's layout: C(51, 5).
GAME_HANDS: int = _ffi.SWITCH_GAME_HANDS
#: A given choice that stands (``given_game_counts``).
NO_SWITCH: int = _ffi.SWITCH_NO_SWITCH


def game_hands(up_rank: int) -> npt.NDArray[np.uint8]:
    """The ``GAME_HANDS`` hands of the one-card game's layout beside the up card of rank ``up_rank``
    and suit 0 (clubs), as a (GAME_HANDS, 5) array of cards (ascending in each row), row i the hand
    of colex index i: its positions p among the 51 other cards (card p below the up card, p + 1
    above), index sum of C(p_j, j + 1). ``given_game_counts`` reads a choice per row.

    >>> h = game_hands(12)
    >>> h.shape, h[0].tolist(), h[1].tolist(), h[-1].tolist()
    ((2349060, 5), [0, 1, 2, 3, 4], [0, 1, 2, 3, 5], [46, 47, 49, 50, 51])
    """
    if not (isinstance(up_rank, int) and 0 <= up_rank <= 12):
        raise InvalidRules(f"up_rank {shown(up_rank)}: expected a rank 0 .. 12")
    level = _positions()
    return level + (level >= 4 * up_rank).view(level.dtype)


@functools.cache
def _positions() -> npt.NDArray[np.uint8]:
    """The 5-sets of the positions 0 .. 50 in colex order (read only)."""
    import numpy as np  # loaded by the commands that need it, not at start-up

    # the k-sets of 0 .. 50 in colex order: those of 0 .. t - 1 first, so each level is the level
    # below's first C(t, k - 1) rows with t added, for t = k - 1 .. 50
    level = np.arange(51, dtype=np.uint8)[:, None]
    for k in range(2, 6):
        level = np.concatenate([np.hstack([level[:math.comb(t, k - 1)],
                                           np.full((math.comb(t, k - 1), 1), t, dtype=np.uint8)])
                                for t in range(k - 1, 51)])
    level.flags.writeable = False
    return level


def given_game_counts(rules: Rules, choose: Callable[[int], npt.NDArray[np.uint8] | bytes], *,
                      up_ranks: tuple[int, ...] = tuple(range(13)), raise_on_tie: bool = False,
                      threads: int | None = None, progress: ProgressFn | None = None) -> OneCardCounts:
    """The counts of the one-card game under given choices (``cs_switch_game_given``), one up rank
    per call (progress after each): ``choose(r)`` gives the ``GAME_HANDS`` choices beside the up card
    of rank r (as ``game_hands(r)``'s rows: the card switched, or ``NO_SWITCH``), each one of its
    hand's cards (else ``InvalidCards``; a wrong length: ``InvalidRules``). The counts are
    ``one_card_game_counts``'s, with ``switch.indifferent_situations`` 0 and no probes."""
    threads = check_threads(threads) or default_threads()
    check_progress(progress)
    nets, _ = _game_nets(rules, Fraction(0))
    flags = _ffi.RAISE_ON_TIE if raise_on_tie else 0
    ranks = _check_ranks(up_ranks)
    if not callable(choose):
        raise InvalidRules(f"choose {shown(choose)}: expected a function of the up rank")
    stands: list[DealTotals] = []
    switches: list[DealTotals] = []
    choices = [0] * GAME_CHOICES
    for i, r in enumerate(ranks):
        given = memoryview(choose(r)).cast("B")  # type: ignore[arg-type]
        if given.nbytes != GAME_HANDS:
            raise InvalidRules(f"choices of up rank {r}: {given.nbytes} bytes, expected {GAME_HANDS:,}")
        st, sw, ch = _ffi.switch_game_given(rules.qualifier.value, nets, 1 << r, given, flags, threads)
        stands.append(st)
        switches.append(sw)
        choices = [a + b for a, b in zip(choices, ch, strict=True)]
        report(progress, "counting the switching game under given choices by up card", i + 1, len(ranks))
    return OneCardCounts(sum_totals(stands), sum_totals(switches), tuple(choices))


#: The most a fee or a net may be, scaled, in the bounds of the larger switches (cs_switch_bounds).
BOUND_NET_LIMIT: int = _ffi.SWITCH_BOUND_LIMIT


def bound_scale(size: int) -> int:
    """The denominator of a probe's bound of a ``size``-card switch (``BoundCounts.probes``):
    size x C(46, size) x C(46 - size, 4)."""
    return size * math.comb(46, size) * math.comb(46 - size, 4)


#: The deals of a five-card switch: C(46, 5) replacement sets x C(41, 4) dealer hands.
FIVE_DEALS: int = math.comb(46, 5) * math.comb(41, 4)


@dataclass(frozen=True, slots=True)
class FiveGameCounts:
    """The game with the five-card switch counted exactly (``cs_switch_bounds`` with five): ``stand``
    and ``one`` the deals of the situations that stand and that switch one card (as ``OneCardCounts``:
    every situation weighs ``GAME_WEIGHT``), ``choices`` as ``GAME_CHOICES`` over the situations that
    do not switch five; ``five_situations`` those that switch all five, ``five_by_category`` by the
    hand's category, ``five_by_up_rank`` by the up card's rank (deuce first; 0 for a rank not
    counted); ``five_value`` the sum of their EVs per ante, the fee included, exact."""

    stand: DealTotals
    one: DealTotals
    choices: tuple[int, ...]
    five_situations: int
    five_by_category: tuple[int, ...]
    five_value: Fraction
    five_by_up_rank: tuple[int, ...] = (0,) * 13


@dataclass(frozen=True, slots=True)
class BoundCounts:
    """The larger switches against the best of at most one card, counted by the core
    (``cs_switch_bounds``), by up rank asked: ``undecided[r][k]`` the situations of up rank ``r``
    (4 x C(51, 5) a rank) where some switch of k cards (k = 2 .. 5) is not proven never better,
    ``undecided[r][0]`` where any is not; ``pairs[r][k]`` the (situation, discard set) pairs not
    excluded; ``listed`` the first of them (five cards, up card, discard mask over the five, size)
    and ``n_listed`` how many there were; ``probes`` (a test's) 33 numerators each: the best of at
    most one card over ``GAME_WEIGHT``, then each discard mask's bound over ``bound_scale(size)``
    (with ``five``: at 32 the five-card switch's exact value, fee included, over ``FIVE_DEALS``, the
    nets' scale ``scale`` times); ``five``: the game with the five-card switch counted exactly, when
    asked."""

    ranks: tuple[int, ...]
    undecided: tuple[tuple[int, ...], ...]
    pairs: tuple[tuple[int, ...], ...]
    listed: tuple[tuple[tuple[int, ...], int, int, int], ...]
    n_listed: int
    probes: tuple[tuple[int, ...], ...] = ()
    five: FiveGameCounts | None = None
    scale: int = 1


def bound_counts(rules: Rules, fees: tuple[Fraction | None, ...], *, up_ranks: tuple[int, ...] = tuple(range(13)),
                 raise_on_tie: bool = False, threads: int | None = None, progress: ProgressFn | None = None,
                 max_list: int = 20, probes: tuple[tuple[int, ...], ...] = (), five: bool = False) -> BoundCounts:
    """The core's bounds of every larger switch (``cs_switch_bounds``), one up rank per call (progress
    after each). ``fees[k - 1]``: the fee of k cards in antes, None where the schedule does not allow
    k; probes (the player's five cards and an up card of suit 0, a test's) are answered by the call of
    their rank. ``five`` (the fees must allow five cards): the five-card switch counted exactly, not
    bounded, and the game with it."""
    threads = check_threads(threads) or default_threads()
    check_progress(progress)
    s = rules.nets().scaled()
    known = [f for f in fees if f is not None]
    den = math.lcm(s.denominator, *(f.denominator for f in known))
    k = den // s.denominator
    nets = ScaledNets(s.fold * k, s.not_qualify * k, s.tie * k, s.lose * k, tuple(w * k for w in s.win), den)
    scaled = [0] * _ffi.SWITCH_BOUND_SIZES
    sizes = 0
    for j, f in enumerate(fees[:5], start=1):
        if f is not None:
            scaled[j] = int(f * den)
            sizes |= 1 << j
    if max(abs(x) for x in (*nets.as_list(), *scaled)) > BOUND_NET_LIMIT:
        raise InvalidRules(f"switch fees {shown(tuple(fees))}: the fees and the pays over one denominator are too "
                           f"large for the bounds of the larger switches (at most 2^20)")
    ranks = _check_ranks(up_ranks)
    flags = _ffi.RAISE_ON_TIE if raise_on_tie else 0
    undecided: list[tuple[int, ...]] = []
    pairs: list[tuple[int, ...]] = []
    listed: list[tuple[tuple[int, ...], int, int, int]] = []
    n_listed = 0
    if five and not sizes >> 5 & 1:
        raise InvalidRules(f"switch fees {shown(tuple(fees))}: five cards are not allowed, nothing to count")
    answers: list[tuple[int, ...]] = [() for _ in probes]
    parts: list[tuple[DealTotals, DealTotals, list[int], int, list[int], int]] = []
    by_up = [0] * 13
    for i, r in enumerate(ranks):
        mine = [j for j, p in enumerate(probes) if p[5] >> 2 == r]
        und, pr, lst, n, ans, game = _ffi.switch_bounds(rules.qualifier.value, nets, scaled, sizes, 1 << r, flags,
                                                        threads, max(0, max_list - len(listed)),
                                                        [probes[j] for j in mine], five)
        for j, a in zip(mine, ans, strict=True):
            answers[j] = tuple(a)
        if game is not None:
            parts.append(game)
            by_up[r] = game[3]
        undecided.append(tuple(und))
        pairs.append(tuple(pr))
        listed += [(tuple(e[:5]), e[5], e[6], e[7]) for e in lst]
        n_listed += n
        report(progress, "bounding the larger switches by up card", i + 1, len(ranks))
    counts = None
    if parts:
        counts = FiveGameCounts(sum_totals([p[0] for p in parts]), sum_totals([p[1] for p in parts]),
                                tuple(map(sum, zip(*(p[2] for p in parts), strict=True))),
                                sum(p[3] for p in parts), tuple(map(sum, zip(*(p[4] for p in parts), strict=True))),
                                Fraction(sum(p[5] for p in parts), FIVE_DEALS * den), tuple(by_up))
    return BoundCounts(tuple(ranks), tuple(undecided), tuple(pairs), tuple(listed), n_listed, tuple(answers), counts,
                       den)


#: Every situation of the exact switching game (``exact_switch_counts``) weighs C(46, 4) x 447,720 deals
#: (447,720: the lcm of C(42, k), k = 0 .. 4; a switch of k cards meets C(46, k) x C(46 - k, 4) deals).
EXACT_WEIGHT: int = math.comb(46, 4) * 447720
#: With the switch of all five cards counted too: C(46, 4) x 8,506,680 (the lcm of C(42, k), k = 0 .. 5).
EXACT_WEIGHT_FIVE: int = math.comb(46, 4) * 8506680
#: The most a net may be, scaled, where the exact switching game counts the switch of all five
#: (switch_five.c's limit).
EXACT_FIVE_NET_LIMIT: int = 1 << 20
#: The most a fee or a net may be, scaled, in the exact switching game (cs_test_switch_exact_rank).
EXACT_NET_LIMIT: int = _ffi.SWITCH_DEAD_NET_LIMIT


@dataclass(frozen=True, slots=True)
class ExactSwitchCounts:
    """The whole game with switches of up to four cards, each situation's best option exact
    (``cs_test_switch_exact_rank``, one up rank a call, the four suits of the up card counted):
    ``deals[k]`` the deals of the situations whose best switches k cards (0: stand; each situation
    weighs ``EXACT_WEIGHT``; ``raise_situations``: the deals raised), ``by_category`` by the category
    of the hand dealt the situations that stand and fold, stand and raise, switch 1 .. 4 cards;
    ``value`` the best EVs (fees taken off) summed over the situations, ``raise_share`` their raise
    shares summed: a second count of what ``deals`` give; ``probes`` per probe (a test's: five cards and
    an up card of suit 0) its best EV and discard mask (bit i: its i-th card); ``by_up_rank``: for each
    up rank counted, in order, the situations as ``by_category`` splits them (stand and fold, stand and
    raise, switch 1 .. 5 cards). With the switch of all five counted (a fifth fee): ``five_value`` the
    best EVs of the situations that switch all five, summed (their deals are not in ``deals``), and every
    situation weighs ``weight`` = ``EXACT_WEIGHT_FIVE`` deals (else ``EXACT_WEIGHT``)."""

    deals: tuple[DealTotals, ...]
    by_category: tuple[tuple[int, ...], ...]
    value: Fraction
    raise_share: Fraction
    probes: tuple[tuple[Fraction, int], ...] = ()
    by_up_rank: tuple[tuple[int, ...], ...] = ()
    five_value: Fraction = Fraction(0)
    weight: int = EXACT_WEIGHT


#: The version of the exact count's integers that a rank store keeps (``rank_store``'s key): the core ABI at which
#: their meaning last changed (15). Raise it when ``cs_test_switch_exact_rank``'s results change, not when the API
#: grows (ABI 16 added ``cs_test_switch_exact_many``, whose results are the same integers), so that ranks kept
#: over hours stay readable.
EXACT_COUNT_VERSION = 15

#: One game of an exact count: its scaled fees (``[0, fee(1), .. fee(4)]``, and fee(5) with all five) and
#: its sizes (bit k: k cards may be switched).
_Game = tuple[list[int], int]


def _exact_rank(rank: int, qualifier: int, nets: ScaledNets, games: list[_Game], flags: int, threads: int,
                probes: list[tuple[int, ...]], given: bytes | None = None,
                poll: Callable[[int, int], None] | None = None) -> list[_ffi.ExactRank]:
    """One up rank of the exact switching game of each of ``games`` (fee schedules of the same nets: one
    sweep of each class serves them all): a task of its own (in this process or on a worker of a Dask
    cluster: a module-level function, its arguments and result plain data); ``given``: each hand's option
    given (``_ffi.switch_exact_rank``; one game); ``poll``: its progress in this process."""
    if len(games) == 1:
        (fees, sizes), = games
        return [_ffi.switch_exact_rank(rank, qualifier, nets, fees, sizes, flags, threads, probes, poll, given)]
    return _ffi.switch_exact_many(rank, qualifier, nets, [[*f, 0][:6] for f, _ in games],
                                  [z for _, z in games], flags, threads, poll)


def _exact_scale(rules: Rules, schedules: list[tuple[Fraction | None, ...]]) -> tuple[ScaledNets, list[_Game]]:
    """The nets and each schedule's fees over one denominator (their lcm and the nets'), and each one's sizes;
    ``InvalidRules`` for a schedule the exact count does not take or a figure too large for it."""
    for fees in schedules:
        if not 1 <= len(fees) <= 5 or all(f is None for f in fees[:4]):
            raise InvalidRules(f"switch fees {shown(fees)}: the exact game counts switches of 1 to 4 cards (and of "
                               "all five beside them)")
    s = rules.nets().scaled()
    den = math.lcm(s.denominator, *(f.denominator for fees in schedules for f in fees if f is not None))
    k = den // s.denominator
    nets = ScaledNets(s.fold * k, s.not_qualify * k, s.tie * k, s.lose * k, tuple(w * k for w in s.win), den)
    games: list[_Game] = []
    for fees in schedules:
        five = len(fees) == 5 and fees[4] is not None
        scaled = [0, *(0 if f is None else int(f * den) for f in fees[:4])] + [0] * (4 - len(fees[:4]))
        if five:
            scaled.append(int(fees[4] * den))  # type: ignore[operator]
        if max(abs(x) for x in (*nets.as_list(), *scaled)) > EXACT_NET_LIMIT or \
                (five and max(map(abs, nets.as_list())) > EXACT_FIVE_NET_LIMIT):
            raise InvalidRules(f"switch fees {shown(fees)}: the fees and the pays over one denominator are too large "
                               "for exact counting of the whole game (at most 2^28; the pays at most 2^20 with all "
                               "five)")
        games.append((scaled, sum(1 << j for j, f in enumerate(fees, 1) if f is not None)))
    return nets, games


def _exact_key(rank: int, qualifier: int, nets: ScaledNets, game: _Game, flags: int, probes: list[tuple[int, ...]],
               given: bytes | None) -> dict[str, Any]:
    """A rank's key in a rank store: everything its counts depend on."""
    return {"count": "switch-exact", "core": EXACT_COUNT_VERSION, "up_rank": rank, "qualifier": qualifier,
            "nets": [*nets.as_list(), nets.denominator], "fees": game[0], "sizes": game[1], "flags": flags,
            "probes": [list(p) for p in probes], "given": None if given is None else hashlib.sha256(given).hexdigest()}


def _exact_merge(ranks: list[int], results: dict[int, _ffi.ExactRank], probes: tuple[tuple[int, ...], ...],
                 mine: dict[int, list[int]], den: int, five: bool) -> ExactSwitchCounts:
    """One game's ranks merged (in rank order: the same sums whatever finished first), the up card's four
    suits counted."""
    deals: list[list[DealTotals]] = [[] for _ in range(5)]
    by_category = [[0] * 7 for _ in range(10)]
    value, raise_share, five_value = Fraction(0), Fraction(0), Fraction(0)
    answers: list[tuple[Fraction, int]] = [(Fraction(0), 0) for _ in probes]
    by_rank: list[tuple[int, ...]] = []
    for r in ranks:
        v, unit, raised, runit, _, ans, d, cats, v5 = results[r]
        by_rank.append(tuple(4 * sum(c[j] for c in cats) for j in range(7)))
        for j, (pv, mask) in zip(mine[r], ans, strict=True):
            answers[j] = (Fraction(pv, unit * den), mask)
        value += Fraction(4 * v, unit * den)
        five_value += Fraction(4 * v5, unit * den)
        raise_share += Fraction(4 * raised, runit)
        for size in range(5):
            deals[size].append(_times(d[size], 4))
        for c in range(10):
            by_category[c] = [a + 4 * b for a, b in zip(by_category[c], cats[c], strict=True)]
    return ExactSwitchCounts(tuple(sum_totals(x) for x in deals), tuple(tuple(c) for c in by_category), value,
                             raise_share, tuple(answers), tuple(by_rank), five_value,
                             EXACT_WEIGHT_FIVE if five else EXACT_WEIGHT)


def exact_switch_counts(rules: Rules, fees: tuple[Fraction | None, ...], *,
                        up_ranks: tuple[int, ...] = tuple(range(13)), raise_on_tie: bool = False,
                        threads: int | None = None, progress: ProgressFn | None = None,
                        probes: tuple[tuple[int, ...], ...] = (), client: Any = None,
                        given: Callable[[int], bytes] | None = None, store: str | None = None) -> ExactSwitchCounts:
    """The counts of the exact switching game (``fees[k - 1]``: switching k cards, k = 1 .. 5, in antes;
    None where k cards may not be switched; all five, then a raise, counted by ``cs__switch_five_rank``,
    about 4 s of CPU a rank more) for the up ranks asked, one rank per call (a rank takes about a second
    with one card, 20 s with two, 4 minutes with three on two cores; progress: in this process the
    discard-set classes swept, about every second, the ranks done on a cluster).
    ``client``: a ``dask.distributed.Client`` to run the
    ranks as tasks on its cluster (each with ``threads`` core threads, default 1), their integer counts
    merged exactly here; default None: this process, one rank after another. ``given(r)``: each hand's
    option beside the up card of rank r given instead of sought (C(51, 5) bytes in ``game_hands(r)``'s
    order: k x 32 + the discard mask over the hand's cards ascending; a size ``fees`` allows), no probes:
    the game of a strategy, its counts laid out the same. ``store``: a folder where each rank's integer
    counts are kept as it finishes (``rank_store``), and read back instead of counted when a rank of the
    same game is kept there already: a run stopped part way goes on where it stopped; default None."""
    nets, games = _exact_scale(rules, [fees])
    threads = check_threads(threads) or (1 if client is not None else default_threads())
    check_progress(progress)
    flags = _ffi.RAISE_ON_TIE if raise_on_tie else 0
    ranks = _check_ranks(up_ranks)
    mine = {r: [j for j, p in enumerate(probes) if p[5] >> 2 == r] for r in ranks}
    if given is not None and probes:
        raise InvalidRules("exact switching game: no probes with given choices")
    args = {r: (r, rules.qualifier.value, nets, games, flags, threads, [probes[j][:5] for j in mine[r]],
                None if given is None else bytes(given(r)))
            for r in ranks}
    keys = {r: [_exact_key(r, a[1], nets, games[0], flags, a[6], a[7])]
            for r, a in args.items()} if store is not None else {}  # keys only where ranks are kept
    results = _run_ranks(args, keys, store, client, progress)
    return _exact_merge(ranks, {r: results[r][0] for r in ranks}, probes, mine, nets.denominator,
                        bool(games[0][1] >> 5 & 1))


def exact_switch_counts_many(rules: Rules, schedules: tuple[tuple[Fraction | None, ...], ...], *,
                             up_ranks: tuple[int, ...] = tuple(range(13)), raise_on_tie: bool = False,
                             threads: int | None = None, progress: ProgressFn | None = None, client: Any = None,
                             store: str | None = None) -> tuple[ExactSwitchCounts, ...]:
    """``exact_switch_counts`` of several fee schedules (at most 8) of the same rules at once: each up rank's
    classes of discard sets are swept once for them all (the count's first pass, the most of its work; the
    second pass, each game's chosen options tallied, is each game's). Each schedule's counts equal its own
    ``exact_switch_counts``'. ``store``: each (rank, schedule) kept under the key its own count would use where
    the fees share the nets' denominator (whole-ante fees; else under the common denominator's), so ranks kept
    by a count of one schedule are read back, and a rank is counted only for the schedules not kept."""
    if not 1 <= len(schedules) <= 8:
        raise InvalidRules(f"exact switching games: 1 to 8 fee schedules at once, not {len(schedules)}")
    nets, games = _exact_scale(rules, list(schedules))
    threads = check_threads(threads) or (1 if client is not None else default_threads())
    check_progress(progress)
    flags = _ffi.RAISE_ON_TIE if raise_on_tie else 0
    ranks = _check_ranks(up_ranks)
    args: dict[int, _RankArgs] = {r: (r, rules.qualifier.value, nets, games, flags, threads, [], None) for r in ranks}
    keys = {r: [_exact_key(r, rules.qualifier.value, nets, g, flags, [], None) for g in games]
            for r in ranks} if store is not None else {}
    results = _run_ranks(args, keys, store, client, progress)
    return tuple(_exact_merge(ranks, {r: results[r][j] for r in ranks}, (), {r: [] for r in ranks}, nets.denominator,
                              bool(g[1] >> 5 & 1)) for j, g in enumerate(games))


def kept_exact_ranks(rules: Rules, fees: tuple[Fraction | None, ...], store: str, *,
                     raise_on_tie: bool = False) -> tuple[int, ...]:
    """The up ranks of the exact switching game of ``fees`` (as ``exact_switch_counts``) whose counts are
    kept in the folder ``store`` under the key its count uses now (a file written by an older count's
    version is not one of them); nothing is read or counted. Raises ``InvalidRules`` for fees the count
    does not take."""
    nets, games = _exact_scale(rules, [fees])
    flags = _ffi.RAISE_ON_TIE if raise_on_tie else 0
    return tuple(r for r in range(13) if os.path.isfile(
        rank_store.path_of(store, _exact_key(r, rules.qualifier.value, nets, games[0], flags, [], None))))


#: The arguments of one rank's ``_exact_rank`` (before ``poll``).
_RankArgs = tuple[int, int, ScaledNets, list[_Game], int, int, list[tuple[int, ...]], bytes | None]


def _run_ranks(args: dict[int, _RankArgs], keys: dict[int, list[dict[str, Any]]], store: str | None, client: Any,
               progress: ProgressFn | None) -> dict[int, list[Any]]:
    """Each rank's ``_exact_rank`` results, one for each game of its arguments (the ranks of ``args``): read
    back from ``store`` where kept there, else counted (only the games not kept) in this process or on
    ``client``'s cluster, and kept in ``store`` as each rank finishes."""
    results: dict[int, list[Any]] = {r: [None] * len(a[3]) for r, a in args.items()}
    if store is not None:
        rank_store.check(store)
        for r in args:
            for j, key in enumerate(keys[r]):
                results[r][j] = rank_store.load(store, key)
    missing = {r: [j for j, x in enumerate(results[r]) if x is None] for r in args}
    todo = [r for r in args if missing[r]]

    def task(r: int) -> _RankArgs:
        a = args[r]
        return (a[0], a[1], a[2], [a[3][j] for j in missing[r]], a[4], a[5], a[6], a[7])

    def done(r: int, counted: list[Any]) -> None:
        for j, result in zip(missing[r], counted, strict=True):
            results[r][j] = result
            if store is not None:
                rank_store.save(store, keys[r][j], result)
    if client is None:
        # a rank's sweeps: its classes once, then once more for each game counted (the classes about the same)
        units = [1 + len(missing[r]) for r in todo]
        for i, r in enumerate(todo):
            def poll(swept: int, sweeps: int, i: int = i) -> None:
                per = sweeps // units[i]
                report(progress, "counting every switch exactly (discard-set classes swept)",
                       per * sum(units[:i]) + swept, per * sum(units))
            done(r, _exact_rank(*task(r), poll if progress is not None else None))
    elif todo:  # a task a rank on the cluster, gathered as they finish
        from distributed import as_completed

        futures = {client.submit(_exact_rank, *task(r), pure=False): r for r in todo}
        for i, fut in enumerate(as_completed(list(futures))):  # type: ignore[no-untyped-call]
            done(futures[fut], fut.result())
            report(progress, "solving the switching game exactly by up card", i + 1, len(todo))
    return results


def _times(t: DealTotals, m: int) -> DealTotals:
    """Every count of ``t`` times m (the up card's four suits)."""
    def times(xs: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(m * x for x in xs)
    return DealTotals(times(t.fold), times(t.not_qualify), times(t.win), times(t.tie), times(t.lose),
                      m * t.raise_situations, m * t.indifferent_situations, m * t.total_weight)
