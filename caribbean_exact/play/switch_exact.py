"""Card switching (Oasis Poker), the whole game counted exactly for fee schedules of up to four cards,
and of five beside them: each situation's best of standing and every allowed discard set, every
replacement set and every dealer hand counted (no bound, no sample).

The core sweeps each discard set X once per class under the permutations of the three suits other than
the up card's: with X out of play, every final hand's best (raise or fold) is summed by the cards kept,
which gives switching X its exact EV in every hand that holds X (``cs_test_switch_exact_rank``,
``csrc/switch_dead.c``); a second sweep of each class some hand chose counts the deals of the chosen
options. Its time grows with the cards: about 1 s an up rank for one card, 20 s for two, 4 minutes for
three, hours for four (on two cores). Switching all five cards (then a raise) is counted for every hand
at once by ``csrc/switch_five.c`` (about 4 s of CPU an up rank) and taken where it is strictly the best;
its situations are summed by value (the mean net of a forced raise), not by outcome.

>>> g = solve_exact_switch_game("1", up_ranks=(12,))   # one card, one up rank (an ace): a second
>>> g.exactness, g.situations, g.by_size[1]
('exact', 9396240, 749724)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..engine.counts import DealTotals
from ..engine.pricing import ReturnRow
from ..engine.recent import Recent
from ..engine.switch import EXACT_WEIGHT, ExactSwitchCounts, exact_switch_counts_many
from ..errors import CoreError, InvalidRules, shown
from ..model.rules import Rules
from ..progress import ProgressFn
from .option_game import SITUATIONS, StandOrOption, decision_shares
from .switching import SwitchFees, SwitchFeesLike, switch_game, whole_game

__all__ = ["ExactSwitchGame", "solve_exact_switch_game", "solve_exact_switch_games"]


@dataclass(frozen=True)
class ExactSwitchGame(StandOrOption):
    """Card switching under a fee schedule of one to four cards, the whole game exact: in every
    situation (hand, up card) the player stands or switches the discard set whose exact EV, the fee
    included, is the largest (ties: fewer cards, then the lower cards), then raises or folds as the
    exact counts decide. Every situation weighs ``weight`` deals (``EXACT_WEIGHT``; with all five
    cards, ``EXACT_WEIGHT_FIVE``).

    ``rules``: the table's rules; ``fees``: the schedule; ``parts``: the deals of the situations that
    stand (``parts[0]``) and of those that switch k cards (``parts[k]``, k = 1 .. 4; by the final hand's
    category; ``raise_situations`` counts the deals raised); ``by_category``: by the category of the hand
    dealt, the situations that stand and fold, stand and raise, switch 1, 2, 3, 4, 5 cards;
    ``up_ranks``: the up ranks counted (all 13 for the whole game; fewer in a test's slice);
    ``by_up_rank``: the same split of the situations against each up rank counted, in the order of
    ``up_ranks``; ``five_value``: the EVs (fee included) of the situations that switch all five,
    summed (a forced raise: one row of the return table, its mean net).
    """

    rules: Rules
    fees: SwitchFees
    parts: tuple[DealTotals, ...]
    by_category: tuple[tuple[int, ...], ...]
    up_ranks: tuple[int, ...]
    by_up_rank: tuple[tuple[int, ...], ...] = ()
    five_value: Fraction = Fraction(0)
    weight: int = EXACT_WEIGHT

    @property
    def game_rules(self) -> Rules:
        """The rules naming the whole game: the table's rules with the draw (``rules.draw``)."""
        return whole_game(self.rules, self.fees)

    @property
    def decisions(self) -> tuple[tuple[str, Fraction], ...]:
        """What the player does (the ``WholeGame`` protocol): the share of the situations that stand and
        fold, stand and raise, and switch each number of cards the fees allow, exact."""
        shares = decision_shares(("stand, fold", "stand, raise", *(f"switch {k}" for k in range(1, 6))),
                                 self.by_category)
        return shares[:2] + tuple(shares[1 + k] for k in self.fees.sizes)

    @property
    def by_size(self) -> tuple[int, ...]:
        """The situations whose best switches k cards, k = 0 (stand) .. 5."""
        return tuple(self.situations_of(k) if k else sum(c[0] + c[1] for c in self.by_category) for k in range(6))

    @property
    def total_weight(self) -> int:
        """Every deal counted: the situations x ``weight``."""
        return sum(t.total_weight for _, t, _ in self._parts()) + self.situations_of(5) * self.weight

    @property
    def switch_situations(self) -> int:
        """The situations that switch cards (any number)."""
        return self.option_situations

    @property
    def switch_probability(self) -> Fraction:
        """The chance that the player switches cards (any number)."""
        return self.option_probability

    @property
    def raise_probability(self) -> Fraction:
        """The chance that the player raises (after a switch or not), over every deal."""
        return Fraction(sum(t.raise_situations for t in self.parts) + self.situations_of(5) * self.weight,
                        self.total_weight)

    @property
    def expected_wager(self) -> Fraction:
        """The expected money put at risk per ante: the ante, the raise when raised, the fee of a switch."""
        fees = sum((self.fees.fee(k) * self.situations_of(k) for k in self.fees.sizes), Fraction(0))
        return 1 + self.rules.raise_antes * self.raise_probability + fees / self.situations

    @property
    def return_rows(self) -> list[tuple[str, ReturnRow]]:
        """The return table (``StandOrOption.return_rows``), then with all five switched ("switch 5",
        outcome "any": every outcome of the forced raise together) their share and mean net, the fee
        taken off."""
        rows = super().return_rows
        five = self.situations_of(5)
        if five:
            p, net = Fraction(five, self.situations), self.five_value / five
            rows.append(("switch 5", ReturnRow("any", None, five * self.weight, p, net, p * net)))
        return rows

    def _parts(self) -> tuple[tuple[str, DealTotals, Fraction], ...]:
        # every size up to the largest of 1 to 4, in order (a part's place is its size: ``situations_of``); a
        # size the fees do not allow is empty (no row), its fee 0; all five: ``return_rows``
        return (("stand", self.parts[0], Fraction(0)),
                *((f"switch {k}", self.parts[k], self.fees.fee(k) if self.fees.allows(k) else Fraction(0))
                  for k in range(1, min(len(self.fees.fees), 4) + 1)))


#: The last four exact games, by (rules, fees, raise on tie, up ranks).
_games: Recent[tuple[Rules, SwitchFees, bool, tuple[int, ...]], ExactSwitchGame] = Recent(4, "exact switching games")


def solve_exact_switch_game(fees: SwitchFeesLike | None = None, rules: Rules | None = None, *,
                            up_ranks: tuple[int, ...] = tuple(range(13)), raise_on_tie: bool = False,
                            threads: int | None = None, progress: ProgressFn | None = None,
                            client: Any = None, store: str | None = None) -> ExactSwitchGame:
    """The whole game of a fee schedule of one to four cards, and of all five beside them, exact (see
    ``ExactSwitchGame``).

    ``fees``: the fees of switching 1, 2, ... cards in antes ("1,1": one or two cards for 1 ante
    each; "1,x,x,x,1": one card or all five), default: the rules' draw; ``rules``: the game's rules
    (default: the standard game);
    ``up_ranks``: the up ranks counted (default all; fewer: a slice whose figures are over those ranks
    only); ``raise_on_tie``, ``threads``: as ``solve_one_card_game``; ``progress``: the discard-set
    classes swept, about every second (on a cluster: the up ranks done); if it raises, the count stops
    within a class and the exception goes on; ``client``: a ``dask.distributed.Client`` whose cluster
    counts the up ranks, a task each (the ``distributed`` extra; the integer counts are merged exactly,
    the same as in this process), default None: this process; ``store``: a folder where each up rank's
    integer counts are kept as it finishes and read back when the same game asks for them again, so that
    a run stopped part way goes on where it stopped (``engine.rank_store``), default None: none kept (with a
    store the game is read from it or counted into it, not taken from the games kept in the process).
    Time: about 15 s of CPU for one card, 8 minutes for two (4 on two cores), 80 minutes for three,
    11 hours for four, all five about 50 s more; the last four games are kept in the process. Raises
    ``InvalidRules`` for a schedule that allows only all five, a bad fee or rules.
    """
    return solve_exact_switch_games((fees,), rules, up_ranks=up_ranks, raise_on_tie=raise_on_tie, threads=threads,
                                    progress=progress, client=client, store=store)[0]


def solve_exact_switch_games(schedules: tuple[SwitchFeesLike | None, ...], rules: Rules | None = None, *,
                             up_ranks: tuple[int, ...] = tuple(range(13)), raise_on_tie: bool = False,
                             threads: int | None = None, progress: ProgressFn | None = None,
                             client: Any = None, store: str | None = None) -> tuple[ExactSwitchGame, ...]:
    """``solve_exact_switch_game`` of several fee schedules (at most 8) counted together: each class of discard
    sets is swept once for them all (the first of the count's two passes, the most of its work: 0,0,0,0,0
    beside 1,1,1,1,1 costs about a third of a count of its own, not a whole one). Each game is the one
    ``solve_exact_switch_game`` gives, figure for figure; ``store``: each schedule's ranks kept under its own
    count's keys (one schedule counted alone later reads them back; a rank kept for some of the schedules
    is counted only for the others). The arguments otherwise as ``solve_exact_switch_game``'s; raises
    ``InvalidRules`` for a bad schedule (checked before any work) or more than 8."""
    games_of = [switch_game(fees, rules) for fees in schedules]
    if not 1 <= len(games_of) <= 8:
        raise InvalidRules(f"exact switching games: 1 to 8 fee schedules at once, not {len(games_of)}")
    for _, f in games_of:
        if f.sizes == (5,):
            raise InvalidRules(f"switch fees {f.short()}: the exact game counts switches of 1 to 4 cards, and of "
                               "all five beside them; all five alone: prove_switch_sizes and solve_switch_game")
    ranks = tuple(sorted(set(up_ranks)))
    keys = [(r, f, raise_on_tie, ranks) for r, f in games_of]
    found = {k: g for k in keys if store is None and (g := _games.get(k)) is not None}  # a store is the cache
    todo = list(dict.fromkeys(k for k in keys if k not in found))
    if todo:
        counts = exact_switch_counts_many(todo[0][0], tuple(k[1].fees for k in todo), up_ranks=ranks,
                                          raise_on_tie=raise_on_tie, threads=threads, progress=progress,
                                          client=client, store=store)
        for k, c in zip(todo, counts, strict=True):
            found[k] = exact_game_from(k[0], k[1], c, ranks)
            _games.put(k, found[k])
    return tuple(found[k] for k in keys)


def exact_game_from(rules: Rules, fees: SwitchFees, c: ExactSwitchCounts, ranks: tuple[int, ...] = tuple(range(13)),
                    what: str = "exact switching game") -> ExactSwitchGame:
    """The game of the core's counts ``c`` (``exact_switch_counts`` over the up ranks ``ranks``, the
    optimal choices or given ones), checked: the deals priced are the best values summed (the core's two
    passes agree) and every situation of those ranks is counted once; else ``CoreError`` (``what``
    names the game in its message)."""
    game = ExactSwitchGame(rules, fees, c.deals, c.by_category, ranks, c.by_up_rank, c.five_value, c.weight)
    if game.return_per_ante * game.situations != c.value:  # the two passes of the core disagree
        raise CoreError(f"{what} {fees.short()}: the deals give {shown(game.return_per_ante)}, "
                        f"the best values {shown(c.value / game.situations)}")
    if game.situations != SITUATIONS * len(ranks) // 13 or game.total_weight != game.situations * c.weight \
            or [sum(x) for x in c.by_up_rank] != [SITUATIONS // 13] * len(ranks):
        raise CoreError(f"{what} {fees.short()}: {game.situations} situations counted")
    return game
