"""Card switching (Oasis Poker), the whole game: proven bounds that exclude switch sizes, and a
sampled house edge (each sampled hand decided exactly over every option left).

The exact whole game (every (hand, up card) situation, every discard set, every replacement set)
is beyond reach of one machine here: one situation with all 32 options takes about 0.25 s of CPU,
and there are about 6 million situations up to suit symmetry. What is exact:

- ``excluded_sizes``: for a switch of j cards, an upper bound on its EV valid in every situation,
  from the largest net of each final category and the number of hands of each category (the
  replacements come from 46 of the 52 cards, so a category has at most as many hands there as in
  the whole deck); by the up card's rank, also a lower bound on how often the dealer fails to
  qualify. Where the bound is below -1 (standing and folding), the size is never optimal.
- ``sample_switch_game``: situations drawn uniformly; in each, the best option exactly (cs_switch).
  The plain game's exact optimal return is a control variate: the estimate is that return plus the
  mean gain of switching, whose spread is much smaller than the EV's.

>>> b = excluded_sizes("1,2,3,4,5")
>>> sorted(b), b[5] < -1
([5], True)
>>> sorted(excluded_sizes("1,2,3,4,5", up_rank=10)), sorted(excluded_sizes("1,2,3,4,5", up_rank=11))
([4, 5], [5])
"""

from __future__ import annotations

import math
import numbers
import random
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from typing import Any

from ..engine import rank_store
from ..engine.counts import DealTotals
from ..engine.pricing import ReturnRow
from ..engine.recent import Recent
from ..engine.switch import (
    DISCARD_SETS,
    GAME_WEIGHT,
    BoundCounts,
    FiveGameCounts,
    OneCardCounts,
    bound_counts,
    one_card_game_counts,
    switch_totals,
)
from ..errors import InvalidRules, shown
from ..model.cards import Card
from ..model.checks import check_int, check_progress, check_threads
from ..model.hands import CATEGORIES
from ..model.rules import Number, Rules
from ..progress import ProgressFn, report
from .game import Exactness, solve
from .option_game import SITUATIONS, StandOrOption, _UpCardOnly, decision_shares  # noqa: F401 (SITUATIONS: still read from here)
from .sampling import Z95
from .switch_exact import ExactSwitchGame, solve_exact_switch_games
from .switching import SwitchFees, SwitchFeesLike, switch_game, whole_game

__all__ = ["OneCardGame", "OneOrFiveGame", "StandOrOption", "SwitchGame", "SwitchProof", "SwitchSample",
           "SwitchStrategy",
           "count_open_sizes", "excluded_sizes", "prove_switch_sizes", "sample_switch_game", "solve_one_card_game",
           "solve_switch_game"]

#: A switching strategy as the sampler takes it: (the hand's five cards, the up card) -> the discard
#: set as a bit mask over the five (bit i: the i-th card), e.g. ``strategy.switch_rules.SwitchRules.mask``.
SwitchStrategy = Callable[[tuple[Card, ...], Card], int]

#: Five-card hands of each category in a 52-card deck, high card first.
CATEGORY_HANDS = (1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 36, 4)

#: With the A-K qualifier (hand value 1113), by the up card's rank (deuce first): the dealer hands
#: (four of the 51 other cards) that do not qualify, and the most of them that hold any 9 and any
#: 10 given cards (the sum of the 9 or 10 largest per-card counts). Recomputed by
#: tests/play/test_switch_game.py::test_the_qualifying_table_is_current.
AK_QUALIFIER = 1113
NOT_QUALIFYING = (114240, 113985, 113730, 113475, 113475, 113475, 113475, 113475, 113730, 113985, 114240, 83895,
                  83895)
NOT_QUALIFYING_TOUCHING = {
    9: (89856, 89856, 89856, 89856, 89664, 89664, 89664, 89856, 89856, 89856, 89856, 69120, 69120),
    10: (99840, 99840, 99840, 99776, 99584, 99584, 99584, 99776, 99840, 99840, 99840, 76800, 76800),
}


def not_qualifying_share(cards: int, up_rank: int, qualifier: int) -> Fraction:
    """A lower bound on the share of dealer hands that do not qualify after a switch of ``cards``
    cards (4 or 5) against an up card of ``up_rank``: of the 51 cards other than the up card, the
    player's five and the replacements (5 + j cards) are gone, and each takes at most its own count
    of non-qualifying hands (Bonferroni). 0 for a qualifier other than A-K (not tabulated)."""
    if qualifier != AK_QUALIFIER or cards not in (4, 5):
        return Fraction(0)
    gone = NOT_QUALIFYING_TOUCHING[5 + cards][up_rank]
    return Fraction(max(0, NOT_QUALIFYING[up_rank] - gone), math.comb(46 - cards, 4))


def size_bound(cards: int, fees: SwitchFees, rules: Rules, up_rank: int | None = None) -> Fraction | None:
    """An upper bound on the EV (per ante, fee included) of switching ``cards`` cards, valid in
    every situation (with ``up_rank``: every situation with an up card of that rank); None where the
    fees do not allow the size. For 1 to 3 cards (kept cards whose hands this bound does not cover)
    only the plain bound: the largest net of any outcome (a royal flush's raise win), less the fee;
    it excludes a size at a prohibitive fee (above that net plus 1), where the game is the plain game.

    The final hand H ends in one outcome of one bet; its net is at most m(H), the largest net
    any outcome can have with H's category. Over the replacement sets, E[m] <= m_low + sum over
    categories c of N_c(K) (m_c - m_low) / C(46, j), with N_c(K) the hands of category c that
    hold the kept cards K in the whole deck (at least as many as among the cards left): for
    j = 5 (K empty) N_c is the deck's count, for j = 4 (one card kept) it is 5/52 of it.
    With ``up_rank``, a share L of the dealer hands at least fails to qualify (``not_qualifying_share``),
    and raising H nets at most L x (the not-qualify net) + (1 - L) m(H) (less as L grows, m(H) being
    at least the not-qualify net); folding nets the fold: m is replaced by the larger of the two.
    """
    if not 1 <= cards <= 5 or not fees.allows(cards):
        return None
    if cards < 4:
        return _largest_net(rules) - fees.fee(cards)
    n = rules.nets()
    m = [max(n.win[c], n.not_qualify, n.tie, n.fold, n.lose) for c in range(len(CATEGORIES))]
    if up_rank is not None:
        share = not_qualifying_share(cards, up_rank, rules.qualifier.value)
        m = [max(n.fold, share * n.not_qualify + (1 - share) * x) for x in m]
    low = min(m)
    share = Fraction(1) if cards == 5 else Fraction(5, 52)
    extra = sum((share * CATEGORY_HANDS[c] * (m[c] - low) for c in range(len(m))), Fraction(0))
    return low + extra / math.comb(46, cards) - fees.fee(cards)


def _largest_net(rules: Rules) -> Fraction:
    """The largest net of any outcome, in antes (a royal flush's raise win at the standard table)."""
    n = rules.nets()
    return max(*n.win, n.not_qualify, n.tie, n.fold, n.lose)


def unreachable_fee(rules: Rules) -> Fraction:
    """A one-card fee no hand ever pays: above the largest net of any outcome plus 1 (a switch is
    worth at most that net, standing at least the fold, -1), so every hand stands where switching one
    card would cost it. A schedule that does not allow one card ("x,1,1,1,1") has its one-card game
    counted at this fee: the plain game in the one-card game's shape, and the baseline the larger
    switches are bounded and counted against."""
    return _largest_net(rules) + 2


def one_card_fee(fees: SwitchFees, rules: Rules) -> Fraction:
    """The fee of the schedule's one-card game: its one-card fee, or ``unreachable_fee`` where it
    does not allow one card."""
    return fees.fee(1) if fees.allows(1) else unreachable_fee(rules)


def excluded_sizes(fees: SwitchFeesLike | None, rules: Rules | None = None, up_rank: int | None = None
                   ) -> dict[int, Fraction]:
    """The switch sizes proven never optimal (with ``up_rank``: against an up card of that rank),
    with the bound on their EV: below -1, the EV of standing and folding, so standing beats them.
    ``fees`` None: the draw of ``rules``."""
    rules, f = switch_game(fees, rules)
    if up_rank is not None:
        check_int(up_rank, "up_rank", 0, 12)
    out = {}
    for j in range(1, 6):
        b = size_bound(j, f, rules, up_rank)
        if b is not None and b < -1:
            out[j] = b
    return out


@dataclass(frozen=True)
class SwitchSample(_UpCardOnly):
    """A sampled whole game with card switching: each hand's best option exact.

    ``fees``: the fee schedule; ``rules``: the table's rules; ``deals``: hands sampled; ``seed``:
    the sample's seed; ``stand_sum``, ``gain_sum``, ``gain_squares``: the sums over the hands of the
    standing EV, of the gain (best - standing) and of its square (``best_sum``: of the best
    option's EV); ``excluded``: the switch sizes excluded by proof, with their bounds;
    ``diff_sum``, ``diff_squares``: with a ``baseline``, the sums of the difference of the best
    options and of its square; ``strategy_gain_squares``, ``strategy_cost_sum``,
    ``strategy_cost_squares``, ``strategy_sizes``: with a strategy, as the comments below say.
    """

    fees: SwitchFees
    rules: Rules
    deals: int
    seed: int
    #: The plain game's exact optimal return per ante (the control variate's known mean).
    plain_return: Fraction
    #: Sum over the sampled hands of the best option's EV, of the standing EV, and of the gain
    #: (best - standing) and its square.
    best_sum: Fraction
    stand_sum: Fraction
    gain_sum: Fraction
    gain_squares: Fraction
    #: How often the best option switches 0, 1, ..., 5 cards.
    best_sizes: tuple[int, ...]
    excluded: dict[int, Fraction]
    #: The sizes excluded against an up card of each rank (deuce first), with their bounds.
    excluded_by_up: tuple[dict[int, Fraction], ...] = ()
    #: With a baseline fee schedule: on the same hands, the sum of (best option under ``fees``)
    #: - (best option under the baseline), and of its square.
    baseline: SwitchFees | None = None
    diff_sum: Fraction = Fraction(0)
    diff_squares: Fraction = Fraction(0)
    #: With a strategy: on the same hands, the sums of its gain over standing (strategy - standing)
    #: and its square, of its cost (best - strategy) and its square, and how often it switches 0..5.
    strategy_gain_sum: Fraction | None = None
    strategy_gain_squares: Fraction = Fraction(0)
    strategy_cost_sum: Fraction = Fraction(0)
    strategy_cost_squares: Fraction = Fraction(0)
    strategy_sizes: tuple[int, ...] = ()

    @property
    def game_rules(self) -> Rules:
        """The rules naming the whole game: the table's rules with the draw (``rules.draw``)."""
        return whole_game(self.rules, self.fees)

    @property
    def exactness(self) -> Exactness:
        """The house edge is estimated from the sampled hands (the ``WholeGame`` protocol)."""
        return "sampled"

    @property
    def expected_wager(self) -> Fraction | None:
        """Not counted by a sample (None)."""
        return None

    @property
    def decisions(self) -> tuple[tuple[str, Fraction], ...] | None:
        """Not counted by a sample (None; ``best_sizes``: how often the sampled hands' best switches
        each number of cards)."""
        return None

    @property
    def return_rows(self) -> list[tuple[str, ReturnRow]] | None:
        """Not counted by a sample (None)."""
        return None

    @property
    def element_of_risk(self) -> Fraction | None:
        """Not counted by a sample (None)."""
        return None

    @property
    def strategy_cost(self) -> Fraction:
        """With a strategy: its mean cost against the best option, per ante, over the sample."""
        return self.strategy_cost_sum / self.deals

    @property
    def strategy_cost_half_width(self) -> float:
        """Half the 95% interval of ``strategy_cost``."""
        return _half_width(self.strategy_cost_sum, self.strategy_cost_squares, self.deals)

    @property
    def strategy_house_edge(self) -> Fraction:
        """With a strategy: the estimated house edge when switching by it (the plain game's exact
        return plus the strategy's mean gain over standing, negated)."""
        if self.strategy_gain_sum is None:
            raise ValueError("this sample was drawn without a strategy")
        return -(self.plain_return + self.strategy_gain_sum / self.deals)

    @property
    def strategy_half_width(self) -> float:
        """Half the 95% interval of ``strategy_house_edge``."""
        return _half_width(self.strategy_gain_sum or Fraction(0), self.strategy_gain_squares, self.deals)

    @property
    def mean_difference(self) -> Fraction:
        """With a baseline: the mean of best EV minus the baseline's best EV over the same hands
        (the baseline's house edge less this is the house edge's estimate under ``fees``)."""
        return self.diff_sum / self.deals

    @property
    def difference_half_width(self) -> float:
        """Half the 95% interval of ``mean_difference``."""
        n = self.deals
        if n < 2:
            return math.inf
        var = (self.diff_squares - self.diff_sum * self.diff_sum / n) / (n - 1)
        return Z95 * math.sqrt(max(0.0, float(var)) / n)

    @property
    def mean_gain(self) -> Fraction:
        """The sample's mean gain of switching over standing, per ante (exact over the sample)."""
        return self.gain_sum / self.deals

    @property
    def return_per_ante(self) -> Fraction:
        """The estimate: the plain game's exact return plus the mean gain."""
        return self.plain_return + self.mean_gain

    @property
    def house_edge(self) -> Fraction:
        """The estimated house edge per ante (negative: a player advantage)."""
        return -self.return_per_ante

    @property
    def half_width(self) -> float:
        """Half the 95% interval of the estimate (from the gain's sample standard deviation)."""
        n = self.deals
        if n < 2:
            return math.inf
        var = (self.gain_squares - self.gain_sum * self.gain_sum / n) / (n - 1)
        return Z95 * math.sqrt(max(0.0, float(var)) / n)

    @property
    def exact(self) -> bool:
        """Whether the estimate is exact: every switch size proven never best (a prohibitive fee),
        so the game is the plain game, whatever the sample."""
        return all(j in self.excluded for j in self.fees.sizes)

    @property
    def plain_estimate(self) -> Fraction:
        """The estimate without the control variate: the mean best EV over the sample."""
        return self.best_sum / self.deals


def _usable_sets(f: SwitchFees, rules: Rules, proof: SwitchProof | None = None) -> list[list[int]]:
    """By the up card's rank: the discard sets the fees allow and no proof excludes (the global
    bounds, and ``proof``'s situation by situation bounds when it is for these fees and rules)."""
    out = []
    for r in range(13):
        ex = set(excluded_sizes(f, rules, r))
        if proof is not None and proof.fees == f and proof.rules == rules and r in proof.counts.ranks:
            ex |= set(proof.excluded_by_up(r))
        out.append([d for d in range(DISCARD_SETS) if f.allows(d.bit_count()) and d.bit_count() not in ex])
    return out


def _chosen(strategy: SwitchStrategy, cards: list[int], f: SwitchFees) -> int:
    """The strategy's discard set for a sampled hand, checked."""
    chosen = strategy(tuple(Card(c) for c in cards[:5]), Card(cards[5]))
    if not (isinstance(chosen, int) and 0 <= chosen < DISCARD_SETS and f.allows(chosen.bit_count())):
        raise InvalidRules(f"strategy: discard set {shown(chosen)} is not one the fees {f.short()} allow")
    return chosen


def _games(cards: list[int], wanted: set[int], rules: Rules, threads: int | None) -> dict[int, Fraction]:
    """The exact EV before the fee of each discard set in ``wanted`` of a sampled hand."""
    s = rules.nets().scaled()
    totals = switch_totals(cards[:5], cards[5], sum(1 << d for d in wanted), rules, threads=threads)
    games = {}
    for d in wanted:
        t = totals[d]
        x = (sum(t.fold) * s.fold + sum(t.not_qualify) * s.not_qualify + sum(t.tie) * s.tie
             + sum(t.lose) * s.lose + sum(w * s.win[c] for c, w in enumerate(t.win)))
        games[d] = Fraction(x, t.total_weight * s.denominator)
    return games


def _half_width(total: Fraction, squares: Fraction, n: int) -> float:
    if n < 2:
        return math.inf
    var = (squares - total * total / n) / (n - 1)
    return Z95 * math.sqrt(max(0.0, float(var)) / n)


def sample_switch_game(fees: SwitchFeesLike | None, rules: Rules | None = None, deals: int = 1000, seed: int = 1,
                       threads: int | None = None, progress: ProgressFn | None = None,
                       baseline: SwitchFeesLike | None = None, strategy: SwitchStrategy | None = None,
                       proof: SwitchProof | None = None) -> SwitchSample:
    """A sampled whole game with card switching: each sampled hand's best option exact.

    Sample ``deals`` situations (hand and up card) uniformly; in each, the exact best option
    of every discard set the fees allow, except the sizes ``excluded_sizes`` proves never optimal.
    The same seed gives the same hands, whatever the fees. With ``baseline`` (another fee schedule)
    the best option under it too, on the same hands (the counts do not depend on the fees): the
    paired difference of the two games has a much smaller spread than either. With ``strategy`` (a
    function of the hand and the up card giving the discard set, e.g. ``switch_rules(fees).mask``):
    its option too, on the same hands: its exact cost against the best, and its own house edge.
    With ``proof`` (``prove_switch_sizes`` of the same fees and rules) the sizes it excludes against
    each up rank are not counted either (the sample is the same, and quicker). ``fees`` None: the
    draw of ``rules``. ``seed``: the sample's seed (the same hands for the same seed); ``threads``:
    the core's threads (default: the machine's cores); ``progress``: called as the hands are
    counted. Returns a ``SwitchSample``; raises ``InvalidRules`` for a bad fee, count or rules."""
    rules, f = switch_game(fees, rules)
    base = None if baseline is None else SwitchFees.parse(baseline)
    check_int(deals, "deals", 1, 10**7)
    check_int(seed, "seed", 0, 2**64 - 1)
    threads = check_threads(threads)
    check_progress(progress)
    excluded = excluded_sizes(f, rules)
    by_up = [excluded_sizes(f, rules, r) for r in range(13)]
    sets_by_up = _usable_sets(f, rules, proof)
    base_by_up = _usable_sets(base, rules) if base is not None else []
    plain = solve(rules=rules, threads=threads).return_per_ante
    rng = random.Random(seed)
    if strategy is not None and not callable(strategy):
        raise InvalidRules(f"strategy {shown(strategy)}: expected a function (hand, up card) -> discard mask")
    best_sum = stand_sum = gain_sum = gain_sq = diff_sum = diff_sq = Fraction(0)
    s_gain = s_gain_sq = s_cost = s_cost_sq = Fraction(0)
    sizes = [0] * 6
    s_sizes = [0] * 6
    for i in range(deals):
        cards = rng.sample(range(52), 6)
        sets = sets_by_up[cards[5] >> 2]
        bsets = base_by_up[cards[5] >> 2] if base is not None else []
        chosen = None if strategy is None else _chosen(strategy, cards, f)
        wanted = {*sets, *bsets, *(() if chosen is None else (chosen,))}
        games = _games(cards, wanted, rules, threads)
        evs = {d: games[d] - f.fee(d.bit_count()) for d in wanted if f.allows(d.bit_count())}
        best = max(sets, key=lambda d: (evs[d], -d.bit_count()))
        if chosen is not None:
            # the exclusions are proofs: an excluded option is never above the best of the others
            best = max((best, chosen), key=lambda d: (evs[d], -d.bit_count()))
            g, c = evs[chosen] - evs[0], evs[best] - evs[chosen]
            s_gain += g
            s_gain_sq += g * g
            s_cost += c
            s_cost_sq += c * c
            s_sizes[chosen.bit_count()] += 1
        if base is not None:
            b = max(games[d] - base.fee(d.bit_count()) for d in bsets)
            diff_sum += evs[best] - b
            diff_sq += (evs[best] - b) ** 2
        gain = evs[best] - evs[0]
        best_sum += evs[best]
        stand_sum += evs[0]
        gain_sum += gain
        gain_sq += gain * gain
        sizes[best.bit_count()] += 1
        report(progress, "sampling hands with card switching", i + 1, deals)
    return SwitchSample(f, rules, deals, seed, plain, best_sum, stand_sum, gain_sum, gain_sq, tuple(sizes),
                        excluded, tuple(by_up), base, diff_sum, diff_sq,
                        None if strategy is None else s_gain, s_gain_sq, s_cost, s_cost_sq,
                        tuple(s_sizes) if strategy is not None else ())


#: (hand, up card) situations of the whole game: 2,598,960 x 47.


@dataclass(frozen=True)
class OneCardGame(StandOrOption):
    """Card switching when at most one card may be switched, the whole game exact: the one-card
    table, or any fee schedule's game restricted to one card (its return is then a lower bound of
    the schedule's: the player can always switch at most one card).

    In every situation (hand, up card) the player stands or switches the one card whose exact EV,
    the fee included, is the largest (ties: standing, then the lowest card), then raises or folds
    as the exact counts decide. Every situation weighs ``GAME_WEIGHT`` deals (46 replacements x
    C(45, 4) completions; a stand's C(46, 4) completions x 42).

    ``rules``: the table's rules; ``switch``: the fee of switching one card (the other fields: the
    comments below).
    """

    rules: Rules
    #: The fee of switching one card, in antes.
    fee: Fraction
    #: The deals of the situations that stand, and of those that switch (the final hand's category).
    stand: DealTotals
    switch: DealTotals
    #: Situations by the hand's category (high card first): (stand and fold, stand and raise, switch).
    by_category: tuple[tuple[int, int, int], ...]
    #: Situations that switch a card of each rank (deuce first).
    switched_rank: tuple[int, ...]
    _options = ("switch 1",)

    @property
    def game_rules(self) -> Rules:
        """The rules naming the whole game: the table's rules with the draw (``rules.draw``)."""
        return whole_game(self.rules, SwitchFees((self.fee,)))

    @property
    def switch_situations(self) -> int:
        """The (hand, up card) situations that switch a card."""
        return self.option_situations

    @property
    def switch_probability(self) -> Fraction:
        """The chance that the player switches a card."""
        return self.option_probability

    def _parts(self) -> tuple[tuple[str, DealTotals, Fraction], ...]:
        return (("stand", self.stand, Fraction(0)), ("switch", self.switch, self.fee))


def solve_one_card_game(fee: Number | SwitchFeesLike | None = None, rules: Rules | None = None, *,
                        raise_on_tie: bool = False,
                        threads: int | None = None, progress: ProgressFn | None = None) -> OneCardGame:
    """The whole game when at most one card may be switched, exact (see ``OneCardGame``).

    ``fee``: the fee of a one-card switch in antes (0 or more), or a fee schedule (its one-card fee
    is taken); default None: the draw of ``rules``, else 1; ``rules``: the game's rules (default: the standard game);
    ``raise_on_tie``: raise when raising and folding are worth the same (default: fold; the EV is
    the same); ``threads``: the core's threads (default: the machine's cores); ``progress``: called
    after each of the 13 up ranks. It takes about 23 s of CPU, 13 s on two cores (every one of the
    122,151,120 situations, every replacement); the last four games are kept in the process. Raises
    ``InvalidRules`` for a bad fee or rules.

    >>> g = solve_one_card_game(1)
    >>> g.house_edge, g.switch_situations
    (Fraction(723583636439, 69766306810200), 10257468)
    """
    one = isinstance(fee, (int, float, Fraction, Decimal, numbers.Rational))  # one fee, any exact number
    spec: SwitchFeesLike | None = (fee,) if one else fee  # type: ignore[assignment]
    rules, fees = switch_game(spec, rules, (1,))
    f = one_card_fee(fees, rules)
    key = (rules, f, raise_on_tie)
    kept = _one_card_games.get(key)
    if kept is not None:
        return kept
    c = one_card_game_counts(rules, f, raise_on_tie=raise_on_tie, threads=threads, progress=progress)
    game = one_card_game_from(rules, f, c)
    _one_card_games.put(key, game)
    return game


#: The last four one-card games, by (rules, fee, raise on tie): seconds of CPU each, asked again by
#: the card, the report and solve (a game is frozen; it does not depend on the threads).
_one_card_games: Recent[tuple[Rules, Fraction, bool], OneCardGame] = Recent(4, "one-card games")


def one_card_game_from(rules: Rules, fee: Fraction, c: OneCardCounts) -> OneCardGame:
    """The game from the core's counts (of all 13 up ranks, or a slice of them in a test)."""
    cats = tuple((c.choices[3 * k], c.choices[3 * k + 1], c.choices[3 * k + 2]) for k in range(len(CATEGORIES)))
    return OneCardGame(rules, fee, c.stand, c.switch, cats, tuple(c.choices[30:43]))


@dataclass(frozen=True)
class OneOrFiveGame(_UpCardOnly):
    """Card switching where each situation stands, switches one card or switches all five (then
    raises), whichever is worth the most, exact in every situation (ties: fewer cards): the whole game
    of a schedule whose 2- to 4-card switches are proven never better (``prove_switch_sizes``, e.g.
    1,2,3,2,1). ``part`` is the one-card game over the situations that do not switch five; the
    five-card switches are counted by their value (the core sums each one's raise over every
    replacement set and dealer hand), not by outcome."""

    rules: Rules
    fees: SwitchFees
    #: The situations that stand or switch one card, as a ``OneCardGame`` of their own.
    part: OneCardGame
    #: The situations that switch all five, in all and by the hand's category (high card first).
    five_situations: int
    five_by_category: tuple[int, ...]
    #: The sum of their EVs per ante, the fee included, exact.
    five_value: Fraction
    #: The situations that switch all five, by the up card's rank (deuce first).
    five_by_up_rank: tuple[int, ...] = (0,) * 13

    @property
    def game_rules(self) -> Rules:
        """The rules naming the whole game: the table's rules with the draw (``rules.draw``)."""
        return whole_game(self.rules, self.fees)

    @property
    def exactness(self) -> Exactness:
        """Every figure is counted exactly (the ``WholeGame`` protocol)."""
        return "exact"

    @property
    def situations(self) -> int:
        """The (hand, up card) situations counted: 122,151,120 (fewer in a test's slice of up ranks)."""
        return self.part.situations + self.five_situations

    @property
    def return_per_ante(self) -> Fraction:
        """The player's exact return per ante, the fees included (negative: the house's edge)."""
        return (self.part.return_per_ante * self.part.situations + self.five_value) / self.situations

    @property
    def house_edge(self) -> Fraction:
        """The house edge per ante (negative: a player advantage)."""
        return -self.return_per_ante

    @property
    def one_probability(self) -> Fraction:
        """The chance that the player switches one card."""
        return Fraction(self.part.switch_situations, self.situations)

    @property
    def five_probability(self) -> Fraction:
        """The chance that the player switches all five cards."""
        return Fraction(self.five_situations, self.situations)

    @property
    def raise_probability(self) -> Fraction:
        """The chance that the player raises (a switch of five always does), over every deal."""
        return (self.part.raise_probability * self.part.situations + self.five_situations) / self.situations

    @property
    def expected_wager(self) -> Fraction:
        """The expected money put at risk per ante: the ante, the raise when raised, the fees."""
        return (1 + self.rules.raise_antes * self.raise_probability + self.part.fee * self.one_probability
                + self.fees.fee(5) * self.five_probability)

    @property
    def element_of_risk(self) -> Fraction:
        """The house edge over the expected wager."""
        return self.house_edge / self.expected_wager

    @property
    def by_category(self) -> tuple[tuple[int, int, int, int], ...]:
        """Situations by the hand's category: (stand and fold, stand and raise, switch one, switch five)."""
        return tuple((*c, f) for c, f in zip(self.part.by_category, self.five_by_category, strict=True))

    @property
    def decisions(self) -> tuple[tuple[str, Fraction], ...]:
        """What the player does (the ``WholeGame`` protocol): the share of the situations that stand and
        fold, stand and raise, switch one card and switch all five, exact."""
        return decision_shares(("stand, fold", "stand, raise", "switch 1", "switch 5"), self.by_category)

    @property
    def return_rows(self) -> list[tuple[str, ReturnRow]]:
        """The return table: the one-card part's rows (``OneCardGame.return_rows``) as shares of the
        whole game, then ("switch five", row) with the five-card switches' share and mean net, the
        fee taken off (outcome "any": every outcome of a forced raise together)."""
        share = Fraction(self.part.situations, self.situations)
        out = [(part, ReturnRow(r.outcome, r.category, r.count, r.probability * share, r.net,
                                r.contribution * share)) for part, r in self.part.return_rows]
        if self.five_situations:
            p = self.five_probability
            net = self.five_value / self.five_situations
            out.append(("switch five", ReturnRow("any", None, self.five_situations * GAME_WEIGHT, p, net, p * net)))
        return out


def one_or_five_game(rules: Rules, fees: SwitchFees, c: FiveGameCounts) -> OneOrFiveGame:
    """The game from the core's counts (``bound_counts(..., five=True)``)."""
    part = one_card_game_from(rules, one_card_fee(fees, rules), OneCardCounts(c.stand, c.one, c.choices))
    return OneOrFiveGame(rules, fees, part, c.five_situations, c.five_by_category, c.five_value, c.five_by_up_rank)


@dataclass(frozen=True)
class SwitchProof:
    """Every switch of 2 to 5 cards the fees allow, bounded situation by situation against the
    exact best of standing and switching one card, over every one of the 122,151,120 situations
    (``prove_switch_sizes``). A size whose switches are never above that best in any situation is
    proven never better than switching at most one card; with every size so, the schedule's whole
    game is the one-card game, exactly.

    The bound (``cs_switch_bounds`` in csrc/switch_bounds.c): a switch's value is a sum, over its
    replacement sets, of each final hand's best decision with the discards out of play. The raise's
    dealer hands without the discards are bounded from the exact counts of standing and of each
    single card out of play (the one-card game's), by Bonferroni (less the hands holding two
    discards, at the hand's largest net); the larger of fold and that bound is at most the mean over
    the discards of the same with one discard's effect taken k times (convexity); summed over the
    replacement sets that miss the discards by exact inclusion-exclusion. Every step is an integer;
    the comparison is exact.

    ``fees``: the fee schedule; ``rules``: the table's rules; ``counts``: the core's counts of the
    bounded situations by size (the other fields: the comments below).
    """

    fees: SwitchFees
    rules: Rules
    counts: BoundCounts

    @property
    def game_rules(self) -> Rules:
        """The rules naming the whole game: the table's rules with the draw (``rules.draw``)."""
        return whole_game(self.rules, self.fees)

    @property
    def five_counted(self) -> bool:
        """Whether the five-card switch was counted exactly in every situation (not bounded): then
        ``game`` is the whole game, with it, and the sizes bounded are 2 to 4."""
        return self.counts.five is not None

    @cached_property
    def game(self) -> OneOrFiveGame | None:
        """With the five-card switch counted: the game where each situation stands, switches one card
        or switches all five, whichever is worth the most; the schedule's whole game when ``exact``."""
        c = self.counts.five
        return None if c is None else one_or_five_game(self.rules, self.fees, c)

    @property
    def situations(self) -> int:
        """The situations bounded: 4 x C(51, 5) = 9,396,240 an up rank."""
        return 4 * math.comb(51, 5) * len(self.counts.ranks)

    def undecided(self, cards: int) -> int:
        """The situations where some switch of ``cards`` cards (2 .. 5) is not proven never better.

        0 for a size the fees do not allow; ``cards`` = 0: where any size is not.
        """
        check_int(cards, "cards", 0, 5)
        return sum(u[cards] for u in self.counts.undecided)

    @property
    def sizes(self) -> tuple[int, ...]:
        """The sizes bounded: those of 2 or more cards the fees allow (not 5 when it is counted)."""
        return tuple(j for j in self.fees.sizes if j >= 2 and not (j == 5 and self.five_counted))

    @property
    def excluded(self) -> tuple[int, ...]:
        """The sizes proven never better than switching at most one card, in every situation."""
        return tuple(j for j in self.sizes if self.undecided(j) == 0)

    @property
    def open_sizes(self) -> tuple[int, ...]:
        """The sizes not excluded everywhere."""
        return tuple(j for j in self.sizes if self.undecided(j))

    def excluded_by_up(self, up_rank: int) -> tuple[int, ...]:
        """The sizes proven never better against an up card of rank ``up_rank`` (0 = deuce .. 12)."""
        check_int(up_rank, "up_rank", 0, 12)
        row = self.counts.undecided[self.counts.ranks.index(up_rank)]
        return tuple(j for j in self.sizes if row[j] == 0)

    @property
    def exact(self) -> bool:
        """Whether the proof covers every size: the schedule's game is then the one-card game (or,
        with the five-card switch counted, ``game``)."""
        return len(self.counts.ranks) == 13 and not self.open_sizes

    @property
    def examples(self) -> tuple[tuple[tuple[Card, ...], Card, tuple[Card, ...]], ...]:
        """The first situations not decided (the hand, the up card, the discards), at most 20."""
        return tuple((tuple(Card(c) for c in cards), Card(up),
                      tuple(Card(c) for i, c in enumerate(cards) if m >> i & 1))
                     for cards, up, m, _ in self.counts.listed)


def prove_switch_sizes(fees: SwitchFeesLike | None, rules: Rules | None = None, *, raise_on_tie: bool = False,
                       threads: int | None = None, progress: ProgressFn | None = None) -> SwitchProof:
    """Bound every switch of 2 to 5 cards the fees allow, in every situation (see ``SwitchProof``).

    Each is bounded against the exact best of standing and one card; where the fees allow five cards and the global
    bound (``excluded_sizes``) does not exclude them, the five-card switch is counted exactly in
    every situation instead, and the smaller sizes are bounded against the best of standing, one
    card and five (``SwitchProof.game``). ``fees``: a fee schedule (at least two sizes); ``rules``,
    ``raise_on_tie``, ``threads``: as ``solve_one_card_game``; ``progress``: after each of the 13 up
    ranks. It counts the one-card game again and each single card out of play: about 100 s of CPU,
    54 s on two cores, and with the five-card switch counted about 190 s, 97 s; the last four proofs are
    kept in the process. Raises ``InvalidRules`` (a one-card schedule has nothing to prove; fees too
    fine to scale).

    >>> p = prove_switch_sizes("1,2,3,4,5")
    >>> p.excluded, p.exact, p.five_counted
    ((2, 3, 4, 5), True, False)
    >>> p = prove_switch_sizes("1,2,3,2,1")
    >>> p.excluded, p.exact, p.five_counted, p.game.five_situations
    ((2, 3, 4), True, True, 8188332)
    """
    rules, f = _larger_switches(fees, rules)
    key = (rules, f, raise_on_tie)
    kept = _proofs.get(key)
    if kept is not None:
        return kept
    proof = _bounded(f, rules, tuple(range(13)), raise_on_tie, threads, progress)
    _proofs.put(key, proof)
    return proof


def _larger_switches(fees: SwitchFeesLike | None, rules: Rules | None) -> tuple[Rules, SwitchFees]:
    """The table's rules and a schedule with sizes to bound (``InvalidRules`` for a one-card schedule)."""
    rules, f = switch_game(fees, rules)
    if len(f.fees) < 2:
        raise InvalidRules(f"switch fees {f.short()}: one card only, no larger switch to bound")
    return rules, f


def _bounded(f: SwitchFees, rules: Rules, up_ranks: tuple[int, ...], raise_on_tie: bool, threads: int | None,
             progress: ProgressFn | None) -> SwitchProof:
    """The core's bounds of the up ranks asked, the five-card switch counted exactly where the global
    bound does not exclude it."""
    five = f.allows(5) and 5 not in excluded_sizes(f, rules)
    counts = bound_counts(rules, tuple(f.fees) + (None,) * (5 - len(f.fees)), up_ranks=up_ranks,
                          raise_on_tie=raise_on_tie, threads=threads, progress=progress, five=five)
    return SwitchProof(f, rules, counts)


#: The last four proofs, by (rules, fees, raise on tie).
_proofs: Recent[tuple[Rules, SwitchFees, bool], SwitchProof] = Recent(4, "switch proofs")


def kept_proof(fees: SwitchFeesLike | None, rules: Rules | None = None, *,
               raise_on_tie: bool = False) -> SwitchProof | None:
    """The proof of ``prove_switch_sizes`` with these arguments if the process keeps it, else None."""
    rules, f = switch_game(fees, rules)
    return _proofs.get((rules, f, raise_on_tie))


def prove_one_rank(fees: SwitchFeesLike | None, rules: Rules | None = None, up_rank: int = 12, *,
                   raise_on_tie: bool = False, threads: int | None = None,
                   progress: ProgressFn | None = None) -> SwitchProof:
    """``prove_switch_sizes`` against an up card of one rank only (0 = deuce .. 12 = ace, the
    default), in a few seconds: where some larger switch stays open there, the whole proof cannot
    exclude it (``SwitchProof.open_sizes``, and with the five-card switch counted,
    ``game.five_situations``, are that rank's); not kept."""
    rules, f = _larger_switches(fees, rules)
    check_int(up_rank, "up_rank", 0, 12)
    return _bounded(f, rules, (up_rank,), raise_on_tie, threads, progress)


@dataclass(frozen=True)
class SwitchGame(_UpCardOnly):
    """Card switching, the whole game: the exact one-card game, and for a schedule that allows
    more cards, a sample of what switching more than one card adds (each sampled hand's best
    option over every size exact, paired with its best of at most one card).

    ``fees``: the fee schedule; ``one_card``: the exact one-card game (``OneCardGame``); the other
    fields: the comments below.
    """

    fees: SwitchFees
    one_card: OneCardGame
    #: With more than one card allowed and a sample asked for: paired with the one-card game.
    sample: SwitchSample | None
    #: The plain game's exact optimal return per ante (no switching).
    plain_return: Fraction
    #: With more than one card allowed: every larger switch bounded in every situation.
    proof: SwitchProof | None = None
    #: Where the bounds leave open only switches of 2 to ``count_up_to`` cards: the whole game counted
    #: exactly over every size up to the largest open one, and all five beside them where the proof
    #: counted them (``switch_exact.ExactSwitchGame``).
    counted: ExactSwitchGame | None = None

    @property
    def game_rules(self) -> Rules:
        """The rules naming the whole game: the table's rules with the draw (``rules.draw``)."""
        return whole_game(self.one_card.rules, self.fees)

    @property
    def exactness(self) -> Exactness:
        """"exact" (``exact``), "sampled" (larger switches sampled) or "bounded" (no sample: the
        one-card game's edge bounds the house edge)."""
        if self.exact:
            return "exact"
        return "bounded" if self.sample is None else "sampled"

    @property
    def return_per_ante(self) -> Fraction:
        """The player's expected net per ante: minus ``house_edge``."""
        return -self.house_edge

    @property
    def expected_wager(self) -> Fraction | None:
        """Ante plus the expected raise, in antes, where the game is exact (else None)."""
        g = self._exact_whole
        return None if g is None else g.expected_wager

    @property
    def element_of_risk(self) -> Fraction | None:
        """The house edge per unit of total wager, where the game is exact (else None)."""
        w = self.expected_wager
        return None if w is None else self.house_edge / w

    @property
    def exact(self) -> bool:
        """Whether the house edge is exact: one card only, every larger size proven never better
        than at most one card (by the global bounds, or in every situation by ``proof``), or the
        sizes left open counted (``counted``)."""
        if self.counted is not None or (self.proof is not None and self.proof.exact):
            return True
        ex = excluded_sizes(self.fees, self.one_card.rules)
        return all(j in ex for j in self.fees.sizes if j >= 2)

    @property
    def excluded(self) -> dict[int, Fraction]:
        """The switch sizes proven never optimal by the global bounds, with their bound
        (``excluded_sizes`` of the fees and rules)."""
        return excluded_sizes(self.fees, self.one_card.rules)

    @property
    def excluded_by_up(self) -> tuple[dict[int, Fraction], ...]:
        """The sizes the bounds exclude against an up card of each rank (deuce first)."""
        return tuple(excluded_sizes(self.fees, self.one_card.rules, r) for r in range(13))

    @property
    def exact_game(self) -> OneOrFiveGame | None:
        """Where the proof counted the five-card switch and excluded every other larger size: the
        schedule's whole game (stand, one card or five), exact."""
        if self.proof is not None and self.proof.exact:
            return self.proof.game
        return None

    @property
    def house_edge(self) -> Fraction:
        """Exact, or the one-card game's exact edge less the sampled mean gain of switching more."""
        g = self.counted or self.exact_game
        if g is not None:
            return g.house_edge
        if self.exact or self.sample is None:
            return self.one_card.house_edge
        return self.one_card.house_edge - self.sample.mean_difference

    @property
    def _exact_whole(self) -> OneCardGame | OneOrFiveGame | ExactSwitchGame | None:
        """The exact game whose figures these are, where the house edge is exact (else None)."""
        g = self.counted or self.exact_game
        if g is not None:
            return g
        return self.one_card if self.exact else None

    @property
    def decisions(self) -> tuple[tuple[str, Fraction], ...] | None:
        """What the player does, exact, where the game is (the ``WholeGame`` protocol; else None)."""
        g = self._exact_whole
        return None if g is None else g.decisions

    @property
    def return_rows(self) -> list[tuple[str, ReturnRow]] | None:
        """The return table, where the game is exact (the ``WholeGame`` protocol; else None)."""
        g = self._exact_whole
        return None if g is None else g.return_rows

    @property
    def half_width(self) -> float:
        """Half the 95% interval of ``house_edge`` (0 when exact; inf with no sample)."""
        if self.exact:
            return 0.0
        return math.inf if self.sample is None else self.sample.difference_half_width

    @property
    def house_edge_bound(self) -> Fraction:
        """Exact: the house edge is at most the one-card game's (a player may switch at most one card)."""
        return self.one_card.house_edge


def count_open_sizes(proof: SwitchProof, count_up_to: int = 2, *, threads: int | None = None,
                     progress: ProgressFn | None = None, client: Any = None,
                     store: str | None = None, beside: tuple[SwitchProof, ...] = ()) -> ExactSwitchGame | None:
    """The whole game counted exactly where ``proof`` leaves open only switches of 2 to ``count_up_to``
    cards: over every size up to the largest open one (a larger size of 2 to 4 cards is proven never
    better than the best of at most one card, and of all five where the proof counted them, so cutting
    the schedule there changes no choice), with all five beside them where the proof counted them
    (``switch_exact.solve_exact_switch_games``); else None (nothing open, five open, or a size above
    ``count_up_to`` open). ``threads``, ``progress``, ``client``, ``store``: as that function. ``beside``:
    the proofs of other schedules (of the same rules) whose games are counted in the same sweeps where they
    too are counted (``solve_exact_switch_games``), kept in ``store`` for their own solve to read back."""
    check_int(count_up_to, "count_up_to", 0, 4)
    fees = _counted_fees(proof, count_up_to)
    if fees is None:
        return None
    others = [f for p in beside if (f := _counted_fees(p, count_up_to)) is not None]
    return solve_exact_switch_games((fees, *others), proof.rules, threads=threads, progress=progress,
                                    client=client, store=store)[0]


def _counted_fees(proof: SwitchProof, count_up_to: int) -> SwitchFees | None:
    """The schedule ``count_open_sizes`` counts for ``proof`` (cut at its largest open size, all five beside
    where the proof counted them), or None where it counts nothing."""
    if proof.exact or not proof.open_sizes or max(proof.open_sizes) > count_up_to:
        return None
    top = max(proof.open_sizes)
    fees = proof.fees.fees[:top]
    if proof.five_counted:  # all five beside them (the sizes between proven never better than the best with it)
        fees = (*fees, *(None,) * (4 - top), proof.fees.fees[4])
    return SwitchFees(fees)


def solve_switch_game(fees: SwitchFeesLike | None = None, rules: Rules | None = None, deals: int = 1000, seed: int = 1,
                      threads: int | None = None, progress: ProgressFn | None = None, *, count_up_to: int = 2,
                      client: Any = None, store: str | None = None,
                      beside: tuple[SwitchFeesLike, ...] = ()) -> SwitchGame:
    """Card switching under a fee schedule, the whole game: exact, counted or bounded, else sampled.

    The one-card game exact (``solve_one_card_game`` with the schedule's one-card fee); when the
    schedule allows more than one card, every larger switch bounded in every situation
    (``prove_switch_sizes``): where every size is proven never better than at most one card, the
    game is the one-card game, exactly. Where the sizes left open are 2 to ``count_up_to`` cards,
    the whole game is counted exactly over every size up to the largest open one, all five beside them
    where the proof counted them (``switch_exact.solve_exact_switch_games``; ``counted``):
    ``count_up_to`` 2 (the default) takes about 8 minutes of CPU (4 on two cores), 3 about 80
    minutes, 4 about 12 hours, where ``client`` (a ``dask.distributed.Client``) can spread them and
    ``store`` (a folder) keeps each up rank's counts as it finishes, so that a run stopped part way goes
    on where it stopped; 0 or 1: never counted. ``beside``: other fee schedules (of these rules, at most 7)
    whose exact games are counted in the same sweeps where this one is counted and theirs too would be (each
    proven first); they need ``store``, where they are kept for their own solve to read back.
    Otherwise ``deals`` sampled hands (seeded by ``seed``; 0: none), each giving the exact gain of its
    best option (over the sizes not excluded) over its best of at most one card; the house edge is
    the one-card game's exact edge less their mean, with its 95% interval. ``threads``,
    ``progress``: as ``solve_one_card_game``. ``fees`` None: the draw of ``rules``
    (``solve(rules=Rules.make(switch_fees=...))`` comes here). Raises ``InvalidRules``.

    >>> g = solve_switch_game("1,2,3,4,5")
    >>> g.exact, g.house_edge == solve_one_card_game(1).house_edge, g.proof.excluded
    (True, True, (2, 3, 4, 5))
    >>> g = solve_switch_game("1,2,3,2,1")
    >>> g.exact, g.proof.excluded, g.house_edge, g.exact_game.five_situations
    (True, (2, 3, 4), Fraction(3243255198184843, 471015592711263600), 8188332)
    """
    rules, f = switch_game(fees, rules)
    check_int(deals, "deals", 0, 10**7)
    check_int(seed, "seed", 0, 2**64 - 1)
    check_int(count_up_to, "count_up_to", 0, 4)
    others = [switch_game(b, rules)[1] for b in beside]
    if beside and (store is None or len(beside) > 7):
        raise InvalidRules("switch game: schedules counted beside need a store to keep them (store=), at most 7")
    if store is not None:
        rank_store.check(store)
    threads = check_threads(threads)
    check_progress(progress)
    one = solve_one_card_game(f, rules, threads=threads, progress=progress)
    ex = excluded_sizes(f, rules)
    more = any(j not in ex for j in f.sizes if j >= 2)
    sample = proof = counted = None
    if more:
        proof = prove_switch_sizes(f, rules, threads=threads, progress=progress)
    if proof is not None:
        if others and _counted_fees(proof, count_up_to) is not None:  # their proofs only where this one counts
            bp = tuple(prove_switch_sizes(b, rules, threads=threads, progress=progress) for b in others)
        else:
            bp = ()
        counted = count_open_sizes(proof, count_up_to, threads=threads, progress=progress, client=client,
                                   store=store, beside=bp)
    if counted is None and more and deals and proof is not None and not proof.exact:
        sample = sample_switch_game(f, rules, deals, seed, threads=threads, progress=progress,
                                    baseline=SwitchFees((one_card_fee(f, rules),)), proof=proof)
    return SwitchGame(f, one, sample, solve(rules=rules, threads=threads).return_per_ante, proof, counted)
