"""The whole game as one protocol, and the registry of its solvers.

Every whole-game result (``GameReport`` for the plain game and the leaks; ``OneCardGame``,
``OneOrFiveGame``, ``SwitchGame`` and ``SwitchSample`` for card switching, ``SixthCardGame`` for a
bought sixth card) is a ``WholeGame``: the
rules naming the whole game (``game_rules``: the table with its draw and information), the house
edge, the return per ante, the expected wager and the element of risk (None where not counted),
what the player knew, and whether its figures are exact, bounded or sampled.

``solve_game(rules)`` solves whichever game ``rules`` name, through ``SOLVERS``: one entry per kind
of game (``game_kind``): the plain game ("up-card"), each kind of information a leak gives, and a
draw ("switch", "buy"). A new variant or leak is one entry here and a field of ``Rules``.

>>> g = solve_game(Rules())
>>> isinstance(g, WholeGame), g.exactness, game_kind(g.game_rules), g.house_edge == solve().house_edge
(True, 'exact', 'up-card', True)
>>> sorted(SOLVERS)
['burn-card', 'buy', 'seen-cards', 'seen-class', 'sorted-ranks', 'switch', 'switch-or-buy', 'up-card']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol, runtime_checkable

from ..engine.pricing import ReturnRow
from ..errors import InvalidRules, shown
from ..model.checks import check_bool, check_progress, check_rules, check_threads
from ..model.information import Information
from ..model.rules import Rules
from ..progress import ProgressFn
from .edge_sorting import solve_sorted_ranks
from .game import Exactness, GameReport, solve
from .known_cards import solve_burn_card, solve_known, solve_seen_class
from .sixth_game import solve_sixth_game, solve_switch_or_buy_game
from .switch_game import solve_switch_game

__all__ = ["SOLVERS", "Exactness", "SolveOptions", "WholeGame", "game_kind", "solve_game"]

@runtime_checkable
class WholeGame(Protocol):
    """The figures every whole-game result gives: ``GameReport`` (the plain game, the leaks),
    ``OneCardGame``, ``OneOrFiveGame``, ``ExactSwitchGame``, ``SwitchGame``, ``SwitchSample`` (card
    switching), ``SixthCardGame`` and ``SwitchOrBuyGame`` (a sixth card for sale). One renderer reads any
    of them through these names (``render.play.whole_game``: ``solve ... --table summary``);
    ``exactness`` says how far to trust them.

    >>> g = solve()
    >>> isinstance(g, WholeGame), g.exactness, g.element_of_risk == g.house_edge / g.expected_wager
    (True, 'exact', True)
    """

    @property
    def game_rules(self) -> Rules:
        """The rules naming the whole game: the table, its draw and the player's information."""

    @property
    def house_edge(self) -> Fraction:
        """The house's expected win per ante (the estimate or the bound where not exact)."""

    @property
    def return_per_ante(self) -> Fraction:
        """The player's expected net per ante."""

    @property
    def expected_wager(self) -> Fraction | None:
        """Ante plus the expected raise, in antes (None where not counted)."""

    @property
    def element_of_risk(self) -> Fraction | None:
        """The house edge per unit of total wager (None where not counted)."""

    @property
    def information(self) -> Information:
        """What the player knew of the dealer's hole cards."""

    @property
    def exactness(self) -> Exactness:
        """Whether the house edge is exact, bounded or sampled."""

    @property
    def decisions(self) -> tuple[tuple[str, Fraction], ...] | None:
        """What the player does: each decision's share of the situations (hand, up card), exact, in the
        order of play: "fold", "raise" (the plain game, a leak); with a draw "stand, fold", "stand,
        raise", then each option ("switch 1" .. "switch 5", "buy"); None where not counted (sampled,
        bounded)."""

    @property
    def return_rows(self) -> Sequence[tuple[str, ReturnRow]] | None:
        """The return table: (part, row) for every outcome (some may have no deal), probabilities over every deal
        (part "play" for the plain game; with a draw, "stand" and each option's, its nets less its fee);
        None where not counted (sampled, bounded)."""


@dataclass(frozen=True, slots=True)
class SolveOptions:
    """How a game is counted, not what it is: the core's threads, whether exact ties count as
    raises, and the progress callback."""

    threads: int | None = None
    raise_on_tie: bool = False
    progress: ProgressFn | None = None


#: A solver: the whole game of rules of its kind.
Solver = Callable[[Rules, SolveOptions], WholeGame]


def game_kind(rules: Rules) -> str:
    """The kind of game the rules name: with a draw "switch" (switching cards), "buy" (buying a
    sixth card) or "switch-or-buy" (either), else the kind of the player's information ("up-card":
    the plain game). The key of ``SOLVERS``.

    >>> game_kind(Rules.make(switch_fees="1")), game_kind(Rules.make(buy_fee=1)), game_kind(Rules())
    ('switch', 'buy', 'up-card')
    """
    d = rules.draw
    if d is None:
        return rules.information.kind
    return "switch" if d.buy is None else "buy" if d.switch is None else "switch-or-buy"


def _plain(rules: Rules, o: SolveOptions) -> GameReport:
    return solve(rules=rules, threads=o.threads, raise_on_tie=o.raise_on_tie, progress=o.progress)


def _no_tie_flag(o: SolveOptions, kind: str) -> None:
    if o.raise_on_tie:
        raise InvalidRules(f"raise_on_tie: not counted for the {kind} game (its return is the same either way)")


def _seen_cards(rules: Rules, o: SolveOptions) -> GameReport:
    _no_tie_flag(o, "seen-cards")
    return solve_known(rules.information.seen_cards, rules.plain, o.threads, o.progress)


def _sorted_ranks(rules: Rules, o: SolveOptions) -> GameReport:
    return solve_sorted_ranks(rules.information.ranks, rules.plain, o.threads, o.raise_on_tie, o.progress,
                              seen_cards=rules.information.seen_cards).report


def _seen_class(rules: Rules, o: SolveOptions) -> GameReport:
    return solve_seen_class(rules.information, rules.plain, o.threads, o.raise_on_tie, o.progress).report


def _burn_card(rules: Rules, o: SolveOptions) -> GameReport:
    info = rules.information
    if info.dead_cards != 1:
        raise InvalidRules(f"information dead_cards {shown(info.dead_cards)}: one burn card is counted")
    return solve_burn_card(rules.plain, o.threads, o.raise_on_tie, o.progress, seen_cards=info.seen_cards).report


def _switch(rules: Rules, o: SolveOptions) -> WholeGame:
    _no_tie_flag(o, "card switching")
    return solve_switch_game(None, rules, threads=o.threads, progress=o.progress)


def _buy(rules: Rules, o: SolveOptions) -> WholeGame:
    return solve_sixth_game(rules, raise_on_tie=o.raise_on_tie, threads=o.threads, progress=o.progress)


def _switch_or_buy(rules: Rules, o: SolveOptions) -> WholeGame:
    return solve_switch_or_buy_game(rules, raise_on_tie=o.raise_on_tie, threads=o.threads, progress=o.progress)


#: The solver of each kind of game (``game_kind``). A new variant or leak: one entry.
SOLVERS: dict[str, Solver] = {
    "up-card": _plain,
    "seen-cards": _seen_cards,
    "sorted-ranks": _sorted_ranks,
    "seen-class": _seen_class,
    "burn-card": _burn_card,
    "switch": _switch,
    "buy": _buy,
    "switch-or-buy": _switch_or_buy,
}


def solve_game(rules: Rules | None = None, *, threads: int | None = None, raise_on_tie: bool = False,
               progress: ProgressFn | None = None) -> WholeGame:
    """The whole game the rules name, whichever it is, through ``SOLVERS``.

    ``rules``: a ``Rules`` (default None: the standard game): the plain game, a leak
    (``Rules(information=...)``) or card switching (``Rules.make(switch_fees=...)``).
    ``threads``, ``raise_on_tie``, ``progress``: as ``solve``. Returns a ``WholeGame``. Raises
    ``InvalidRules`` (a ``ValueError``) for bad rules or options, or a kind of game with no solver.

    >>> from caribbean_exact.model.information import Information
    >>> g = solve_game(Rules(information=Information("burn-card", dead_cards=1)))
    >>> f"{float(g.house_edge):.4%}", g.information.kind
    ('5.1268%', 'burn-card')
    """
    rules = check_rules(rules)
    o = SolveOptions(check_threads(threads), check_bool(raise_on_tie, "raise_on_tie"), check_progress(progress))
    kind = game_kind(rules)
    solver = SOLVERS.get(kind)
    if solver is None:
        raise InvalidRules(f"rules: no solver for a game of kind {shown(kind)} (known: {', '.join(sorted(SOLVERS))})")
    return solver(rules, o)
