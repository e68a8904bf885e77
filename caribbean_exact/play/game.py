"""The whole game, exact: optimal strategy, house edge, element of risk, return table.

>>> r = solve()
>>> r.total_return, r.total_weight
(Fraction(-1041372912372, 1), 19933230517200)
>>> f"{float(r.house_edge):.4%}", r.raise_situations
('5.2243%', 63794004)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from ..engine.counts import DealTotals
from ..engine.pricing import (
    COMPLETIONS,
    IGNORE_UP,
    RAISE_ON_TIE,
    ReturnRow,
    price,
    raise_total,
    return_rows,
    solver_for,
)
from ..errors import InvalidRules
from ..model.cards import Card, CardsLike
from ..model.checks import check_bool, check_instance, check_rules
from ..model.hands import hands_by_value, value_categories
from ..model.rules import Nets, Number, PaytableLike, QualifierLike, Rules
from ..progress import ProgressFn
from .information import Information, seen_cards
from .odds import Decision, decision_from, parse_situation

__all__ = ["CategoryPlay", "DealerCategory", "Decider", "Exactness", "GameReport", "dealer_distribution", "solve"]

#: Five-card hands of a 52-card deck.
FIVE_CARD_HANDS = 2_598_960

#: How a whole-game result's house edge is known: counted exactly, only bounded (exactly), or
#: estimated from a sample (the ``whole_game.WholeGame`` protocol's ``exactness``).
Exactness = Literal["exact", "bounded", "sampled"]

#: How a strategy decides one situation: (hand, up card) -> True to raise.
Decider = Callable[[tuple[Card, ...], Card], bool]


@dataclass(frozen=True, slots=True)
class DealerCategory:
    """The dealer's five cards in one category: ``count`` of the 2,598,960 five-card hands, of them
    ``qualifying`` that qualify. The dealer's five cards are a uniformly random five-card hand (the
    player's cards and strategy do not change that, by symmetry), so this is the distribution of any
    five-card hand."""

    category: int
    count: int
    qualifying: int

    @property
    def probability(self) -> Fraction:
        """The chance of the dealer holding this category."""
        return Fraction(self.count, FIVE_CARD_HANDS)

    @property
    def not_qualifying(self) -> int:
        """Hands of the category that do not qualify."""
        return self.count - self.qualifying


def dealer_distribution(rules: Rules | None = None) -> tuple[DealerCategory, ...]:
    """The dealer's hand by category (high card first) under the rules' qualifier, exact.

    >>> d = dealer_distribution()
    >>> d[0].count, d[0].qualifying, d[-1].count, sum(x.qualifying for x in d)
    (1302540, 167280, 4, 1463700)
    """
    rules = check_rules(rules)
    cats = value_categories()
    count, qual = [0] * 10, [0] * 10
    for v, n in enumerate(hands_by_value()):
        count[cats[v]] += n
        if v >= rules.qualifier.value:
            qual[cats[v]] += n
    return tuple(DealerCategory(c, count[c], qual[c]) for c in range(10))


@dataclass(frozen=True, slots=True)
class CategoryPlay:
    """The player's hands of one category under a strategy: (hand, up card) situations folded and
    raised, and their share of all situations."""

    category: int
    fold: int
    raised: int
    situations: int

    @property
    def fold_probability(self) -> Fraction:
        """The chance of being dealt this category and folding it."""
        return Fraction(self.fold, self.situations)

    @property
    def raise_probability(self) -> Fraction:
        """The chance of being dealt this category and raising it."""
        return Fraction(self.raised, self.situations)

    @property
    def probability(self) -> Fraction:
        """The chance of being dealt this category."""
        return Fraction(self.fold + self.raised, self.situations)


@dataclass(frozen=True)
class GameReport:
    """Exact figures of the whole game under one strategy (by default the optimal one).

    ``rules``: the rules played; ``totals``: the deals counted by outcome (``DealTotals``);
    ``strategy``: the strategy's name ("optimal", or the name of a simple strategy); the other
    fields as their comments say.
    """

    rules: Rules
    totals: DealTotals
    strategy: str = "optimal"
    #: Dealer completions of each situation (163,185 with only the up card seen).
    completions: int = COMPLETIONS
    #: Dealer hole cards the player sees besides the up card (0 to 4).
    known_dealer_cards: int = 0
    #: The strategy's decision of one situation; None: the optimal strategy (raise when it pays).
    decider: Decider | None = field(default=None, repr=False, compare=False)
    #: What the player knows of the dealer's hole cards; None: ``known_dealer_cards`` whole cards seen
    #: (the ``information`` property).
    leak: Information | None = None

    @property
    def information(self) -> Information:
        """What the player knew: the leak the game was solved with, or the seen hole cards."""
        return self.leak if self.leak is not None else seen_cards(self.known_dealer_cards)

    @property
    def game_rules(self) -> Rules:
        """The rules naming the whole game: ``rules`` with what the player knew (``information``)."""
        return self.rules.with_game(information=self.information)

    @property
    def exactness(self) -> Exactness:
        """Every figure is counted exactly ("exact"; the ``WholeGame`` protocol)."""
        return "exact"

    @property
    def nets(self) -> Nets:
        """The exact net per ante of every outcome under the report's rules."""
        return self.rules.nets()

    @property
    def total_weight(self) -> int:
        """Equally likely deals counted."""
        return self.totals.total_weight

    @property
    def total_return(self) -> Fraction:
        """Net result summed over every deal, in antes (an integer for integer pays)."""
        return sum((Fraction(r.count) * r.net for r in self.return_table()), Fraction(0))

    @property
    def return_per_ante(self) -> Fraction:
        """The player's expected net per ante (negative: the house wins)."""
        return self.total_return / self.total_weight

    @property
    def house_edge(self) -> Fraction:
        """The house's expected win per ante (negative: a player advantage)."""
        return -self.return_per_ante

    @property
    def raise_situations(self) -> int:
        """Situations the strategy raises."""
        return self.totals.raise_situations

    @property
    def situations(self) -> int:
        """Situations decided: (hand, up card), or (hand, up card, seen card) with a seen card."""
        return self.totals.total_weight // self.completions

    @property
    def raise_probability(self) -> Fraction:
        """The chance that a deal is raised."""
        return Fraction(self.totals.raise_situations, self.situations)

    @property
    def expected_wager(self) -> Fraction:
        """Ante plus the expected raise, in antes."""
        return 1 + self.rules.raise_antes * self.raise_probability

    @property
    def element_of_risk(self) -> Fraction:
        """The house edge per unit of total wager (ante plus the expected raise)."""
        return self.house_edge / self.expected_wager

    @property
    def return_to_player(self) -> Fraction:
        """What comes back per ante wagered (1 - house edge)."""
        return 1 + self.return_per_ante

    @property
    def return_on_wager(self) -> Fraction:
        """What comes back per unit of total wager (1 - element of risk)."""
        return 1 - self.element_of_risk

    @property
    def variance(self) -> Fraction:
        """The variance of the net per ante of one deal, exact."""
        second = sum((r.probability * r.net * r.net for r in self.return_table()), Fraction(0))
        return second - self.return_per_ante ** 2

    @property
    def standard_deviation(self) -> float:
        """Square root of the exact variance (irrational: a float, for display)."""
        return math.sqrt(self.variance)

    @property
    def largest_win(self) -> Fraction:
        """The largest net per ante any deal pays."""
        return max(r.net for r in self.return_table() if r.count)

    def return_table(self) -> list[ReturnRow]:
        """Every outcome with its deals, probability, net per ante and contribution."""
        return return_rows(self.totals, self.nets)

    @property
    def return_rows(self) -> list[tuple[str, ReturnRow]]:
        """The return table as the ``WholeGame`` protocol gives it: ("play", row) for each row of
        ``return_table``."""
        return [("play", r) for r in self.return_table()]

    @property
    def decisions(self) -> tuple[tuple[str, Fraction], ...]:
        """What the player does (the ``WholeGame`` protocol): the share of the situations folded and
        raised, exact.

        >>> [(d, f"{float(p):.4%}") for d, p in solve().decisions]
        [('fold', '47.7745%'), ('raise', '52.2255%')]
        """
        p = self.raise_probability
        return (("fold", 1 - p), ("raise", p))

    @property
    def dealer_qualifies(self) -> Fraction:
        """The chance that the dealer qualifies (whatever the player holds or does).

        >>> solve().dealer_qualifies
        Fraction(205, 364)
        """
        return Fraction(sum(x.qualifying for x in self.dealer_distribution), FIVE_CARD_HANDS)

    @property
    def dealer_distribution(self) -> tuple[DealerCategory, ...]:
        """The dealer's hand by category, qualifying or not (``dealer_distribution(rules)``)."""
        return dealer_distribution(self.rules)

    def wager_returns(self) -> tuple[Fraction, Fraction]:
        """The expected net per ante of the ante bet and of the raise bet, as two wagers; they sum to
        ``return_per_ante``. A fold loses the ante and bets no raise; a loss loses both; a tie pushes
        both; a dealer who does not qualify pays the ante and pushes the raise; a win pays the ante
        as then and the raise the rest of the outcome's net.

        >>> ante, raise_ = solve().wager_returns()
        >>> f"{float(ante):+.5f} {float(raise_):+.5f}", ante + raise_ == solve().return_per_ante
        ('-0.22908 +0.17684', True)
        """
        n = self.nets
        ante = {"fold": n.fold, "lose": n.fold, "tie": Fraction(0), "not_qualify": n.not_qualify,
                "win": n.not_qualify}
        a = r = Fraction(0)
        for row in self.return_table():
            part = ante[row.outcome]
            a += row.probability * part
            r += row.probability * (row.net - part)
        return a, r

    def play_by_category(self) -> tuple[CategoryPlay, ...]:
        """The player's hands by category (high card first): situations folded and raised.

        >>> p = solve().play_by_category()
        >>> p[1].fold, p[9].raised, p[9].fold + p[9].raised
        (0, 188, 188)
        """
        t, k = self.totals, self.completions
        out = []
        for c in range(10):
            raised = t.not_qualify[c] + t.win[c] + t.tie[c] + t.lose[c]
            out.append(CategoryPlay(c, t.fold[c] // k, raised // k, self.situations))
        return tuple(out)

    def decision(self, hand: CardsLike, up: CardsLike) -> Decision:
        """One situation as this report's strategy plays it, with its exact EVs.

        The EVs come from the solver's counts: ``.decision`` is the strategy's, ``.optimal_decision``
        the best one.

        ``hand``: the player's five cards; ``up``: the dealer's up card; as text ("As Kd 7h 4c 2s"),
        ``Card`` objects or a list of either. Raises ``InvalidCards`` (a ``ValueError``) for cards
        that are not five distinct cards and an up card apart from them.

        >>> blind = solve(ignore_up=True)
        >>> blind.decision("As Kd Jh 8c 3s", "2h").decision, blind.decision("As Kd Jh 8c 3s", "Kh").decision
        ('raise', 'raise')
        """
        if self.known_dealer_cards:
            raise InvalidRules("decision(): with known dealer cards use ev(hand, up, dealer=...)")
        if self.leak is not None and self.leak.kind != "up-card":
            raise InvalidRules(f"decision(): the game was solved with more than the up card known ({self.leak.kind})")
        solver = solver_for(self.rules.qualifier.value)
        h, u, _, _ = parse_situation(hand, up)
        raw = solver.situation([c.index for c in h], u.index)
        played = None
        if self.decider is not None:
            played = "raise" if self.decider(h, u) else "fold"
        return decision_from(h, u, self.rules, raw, with_dealer_categories=False, played=played)


def solve(paytable: PaytableLike = None, qualifier: QualifierLike = None, ante: Number | None = None,
          max_payout: Number | None = None, *, rules: Rules | None = None, threads: int | None = None,
          raise_on_tie: bool = False, ignore_up: bool = False,
          progress: ProgressFn | None = None) -> GameReport:
    """The whole game under optimal play, exact.

    The rules as their parts, or all of them at once as ``rules``:

    - ``paytable``: the raise bet's pay table: a name ("standard", "live-dealer", ...), ten pays
      royal flush first (text "100,50,20,..." or numbers) or a ``Paytable`` (default None:
      "standard").
    - ``qualifier``: the dealer's qualifying hand ("AK", "pair", "44", five ranks, a hand value or a
      ``Qualifier``; default None: ace-king).
    - ``ante``: the ante size in money, needed only with a cap (default None).
    - ``max_payout``: the cap on what one bet can win, in money (default None: no cap).
    - ``rules``: a ``Rules`` (keyword only; it wins over the parts; default None: the rules made
      from the parts). Rules with a draw or a leak (``information``) name another game:
      ``solve_game(rules)`` solves any game.

    How it is counted:

    - ``threads``: threads for the counting core, 1 to 64 (default None: one per core of the
      machine); the figures do not depend on it.
    - ``raise_on_tie``: count the situations where raising and folding are worth exactly the same
      as raises (default False: as folds); the return is the same either way.
    - ``ignore_up``: give the best strategy that never looks at the dealer's up card instead
      (default False).
    - ``progress``: an optional callback ``progress(label, done, total)`` told how the work advances
      (``caribbean_exact.progress``); default None: silent.

    Returns a ``GameReport``. Raises ``InvalidRules`` (a ``ValueError``) for a bad pay table,
    qualifier, ante, cap, threads or progress. Known dealer cards: ``solve_known(k)`` (any k,
    exact), ``solve_seen_cards`` (one to three seen, with a chart), ``sample`` (sampled).

    >>> g = solve(qualifier="pair")
    >>> g.rules.qualifier.label, g.house_edge > solve().house_edge
    ('pair', True)
    """
    rules = Rules.make(paytable, qualifier, ante, max_payout) if rules is None else check_rules(rules)
    check_bool(raise_on_tie, "raise_on_tie")
    check_bool(ignore_up, "ignore_up")
    if not rules.is_plain:  # the registry's door, which imports this module: solve() is the plain game's solver
        what = "draw" if rules.draw is not None else "information"
        raise InvalidRules(f"rules {what}: solve() counts the plain game; a game with a draw or a leak is "
                           "solve_game(rules)'s (a WholeGame)")
    flags = (RAISE_ON_TIE if raise_on_tie else 0) | (IGNORE_UP if ignore_up else 0)
    priced = price(rules, flags=flags, threads=threads, progress=progress)
    decider = None
    if ignore_up:
        decider = _blind_decider(rules, raise_on_tie)
    elif raise_on_tie:
        decider = _tie_raiser(rules)
    return GameReport(rules, priced.totals, "ignore up card" if ignore_up else "optimal", decider=decider)


def optimal_game(rules: Rules | None = None, game: GameReport | None = None,
                 progress: ProgressFn | None = None) -> GameReport:
    """The solved game under optimal play: ``game`` when the caller has it already (a result is
    computed once and handed down), else ``solve(rules=rules)``. ``game`` must be the optimal
    up-card-only game of ``rules``.

    >>> g = solve()
    >>> optimal_game(g.rules, g) is g
    True
    """
    if game is None:
        return solve(rules=rules, progress=progress)
    check_instance(game, GameReport, "game", "a GameReport from solve()")
    if game.strategy != "optimal" or game.known_dealer_cards:
        raise InvalidRules(f"game: the {game.strategy!r} game; expected the optimal game of solve()")
    if rules is not None and check_rules(rules) != game.rules:
        raise InvalidRules("game: solved under other rules than the rules given")
    return game


def _margin(rules: Rules, hand: tuple[Card, ...], up: int) -> int:
    """EV(raise) - EV(fold) of one situation, summed over its completions, in scaled nets."""
    nets = rules.nets().scaled()
    raw = solver_for(rules.qualifier.value).situation([c.index for c in hand], up)
    return raise_total(raw, raw.player_category, nets) - raw.total * nets.fold


def _blind_decider(rules: Rules, raise_on_tie: bool) -> Decider:
    """The best strategy blind to the up card raises a hand when its margin summed over every
    up card is positive (each up card is equally likely), as cs_solver_price decides it."""
    def decide(hand: tuple[Card, ...], _up: Card) -> bool:
        held = {c.index for c in hand}
        total = sum(_margin(rules, hand, u) for u in range(52) if u not in held)
        return total > 0 or (raise_on_tie and total == 0)
    return decide


def _tie_raiser(rules: Rules) -> Decider:
    def decide(hand: tuple[Card, ...], up: Card) -> bool:
        return _margin(rules, hand, up.index) >= 0
    return decide
