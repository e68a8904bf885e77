"""The whole game, exact: optimal strategy, house edge, element of risk, return table.

>>> r = solve()
>>> r.total_return, r.total_weight
(Fraction(-1041372912372, 1), 19933230517200)
>>> f"{float(r.house_edge):.4%}", r.raise_situations
('5.2243%', 63794004)
"""

from __future__ import annotations

import math
import os
import threading
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import _ffi
from .cards import CardsLike
from .errors import InvalidRules
from .odds import Counts, Decision, OutcomeRow, parse_situation, raise_ev
from .progress import Progress
from .rules import CATEGORIES, Nets, PaytableLike, Rules

#: (hand, up card) situations of the game: 2,598,960 x 47.
SITUATIONS = _ffi.NUM_HANDS * 47
#: Equally likely deals: situations x 163,185 dealer completions.
DEALS = SITUATIONS * _ffi.COMPLETIONS

_solvers: dict[int, _ffi.Solver] = {}
_solvers_lock = threading.Lock()


def default_threads() -> int:
    return max(1, min(os.cpu_count() or 1, 8))


def solver_for(qualifier_value: int, threads: int | None = None) -> _ffi.Solver:
    """The per-situation counts for one qualifier, computed once and cached (thread-safe)."""
    with _solvers_lock:
        s = _solvers.get(qualifier_value)
        if s is None:
            with Progress(f"counting every deal (qualifier value {qualifier_value})"):
                s = _ffi.Solver(qualifier_value, threads or default_threads())
            _solvers[qualifier_value] = s
        return s


def clear_cache() -> None:
    """Forget cached solvers (about 30 MB each)."""
    with _solvers_lock:
        _solvers.clear()


def outcome_rows(totals: _ffi.Totals, nets: Nets) -> list[tuple[str, int, Fraction]]:
    """(outcome, count of deals, net per ante) in the order of the return table."""
    rows: list[tuple[str, int, Fraction]] = [
        ("fold", sum(totals.fold), nets.fold),
        ("dealer wins", sum(totals.lose), nets.lose),
        ("push", sum(totals.tie), nets.tie),
        ("dealer does not qualify", sum(totals.not_qualify), nets.not_qualify),
    ]
    for c in reversed(range(10)):
        rows.append((f"player wins: {CATEGORIES[c]}", totals.win[c], nets.win[c]))
    return rows


@dataclass(frozen=True)
class GameReport:
    """Exact figures of the whole game under one strategy (by default the optimal one)."""

    rules: Rules
    totals: _ffi.Totals
    strategy: str = "optimal"
    _solver: _ffi.Solver | None = None
    completions: int = _ffi.COMPLETIONS  # dealer completions of each situation
    known_dealer_cards: int = 0

    @property
    def nets(self) -> Nets:
        return self.rules.nets()

    @property
    def total_weight(self) -> int:
        return self.totals.total_weight

    @property
    def total_return(self) -> Fraction:
        """Net result summed over every deal, in antes (an integer for integer pays)."""
        return sum((Fraction(n) * net for _, n, net in outcome_rows(self.totals, self.nets)), Fraction(0))

    @property
    def return_per_ante(self) -> Fraction:
        return self.total_return / self.total_weight

    @property
    def house_edge(self) -> Fraction:
        return -self.return_per_ante

    @property
    def raise_situations(self) -> int:
        return self.totals.raise_situations

    @property
    def situations(self) -> int:
        """Situations decided: (hand, up card), or (hand, up card, seen card) with a seen card."""
        return self.totals.total_weight // self.completions

    @property
    def raise_probability(self) -> Fraction:
        return Fraction(self.totals.raise_situations, self.situations)

    @property
    def expected_wager(self) -> Fraction:
        """Ante plus the expected raise, in antes."""
        return 1 + 2 * self.raise_probability

    @property
    def element_of_risk(self) -> Fraction:
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
        w = self.total_weight
        second = sum((Fraction(n) * net * net for _, n, net in outcome_rows(self.totals, self.nets)),
                     Fraction(0)) / w
        return second - self.return_per_ante ** 2

    @property
    def standard_deviation(self) -> float:
        """Square root of the exact variance (irrational: a float, for display)."""
        return math.sqrt(self.variance)

    @property
    def largest_win(self) -> Fraction:
        return max(net for _, n, net in outcome_rows(self.totals, self.nets) if n)

    def return_table(self) -> list[OutcomeRow]:
        w = self.total_weight
        out = []
        for name, n, net in outcome_rows(self.totals, self.nets):
            p = Fraction(n, w)
            out.append(OutcomeRow(name, n, p, net, p * net))
        return out

    def decision(self, hand: CardsLike, up: CardsLike) -> Decision:
        """The exact optimal decision of one situation, from the solver's counts."""
        if self.known_dealer_cards:
            raise InvalidRules("decision(): with known dealer cards use ev(hand, up, dealer=...)")
        solver = self._solver or solver_for(self.rules.qualifier.value)
        h, u, _, _ = parse_situation(hand, up)
        raw = solver.situation([c.index for c in h], u.index)
        counts = Counts(raw.not_qualify, raw.win, raw.tie, raw.lose)
        nets = self.nets
        return Decision(h, u, (), (), self.rules, counts, raw.player_category, None,
                        raise_ev(counts, raw.player_category, nets), nets.fold)

    def as_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules.describe(),
            "strategy": self.strategy,
            "return_per_ante": str(self.return_per_ante),
            "house_edge": str(self.house_edge),
            "element_of_risk": str(self.element_of_risk),
            "return_to_player": str(self.return_to_player),
            "return_on_wager": str(self.return_on_wager),
            "raise_probability": str(self.raise_probability),
            "expected_wager": str(self.expected_wager),
            "variance": str(self.variance),
            "standard_deviation": self.standard_deviation,
            "total_return": str(self.total_return),
            "raise_situations": self.raise_situations,
            "situations": self.situations,
            "known_dealer_cards": self.known_dealer_cards,
            "indifferent_situations": self.totals.indifferent_situations,
            "total_weight": self.total_weight,
            "return_table": [
                {"outcome": r.outcome, "count": r.count, "probability": str(r.probability),
                 "net": str(r.net), "contribution": str(r.contribution)}
                for r in self.return_table()
            ],
        }


def solve(paytable: PaytableLike = None, qualifier: object = None, ante: object = None,
          max_payout: object = None, *, rules: Rules | None = None, threads: int | None = None,
          raise_on_tie: bool = False, ignore_up: bool = False, known_dealer_cards: int = 0,
          deals: int | None = None, seed: int | None = None) -> Any:
    """The whole game under optimal play, exact.

    ``raise_on_tie`` counts situations where raising and folding are worth exactly the same
    as raises (default: folds); ``ignore_up`` gives the best strategy that never looks at the
    dealer's up card. ``known_dealer_cards=1`` or ``4``: the player also sees one or all hole
    cards (exact GameReport); 2 or 3: sampled deals, each decided exactly (a
    ``known.SampledReport``).
    """
    if rules is None:
        rules = Rules.make(paytable, qualifier, ante, max_payout)
    if known_dealer_cards:
        from . import known

        if ignore_up:
            raise InvalidRules("ignore_up: not available with known dealer cards")
        if known_dealer_cards == 1:
            return known.solve_seen(rules, threads, raise_on_tie)[0]
        if known_dealer_cards == 4:
            return known.solve_all_seen(rules)
        return known.sample(rules, known_dealer_cards, 1, deals or known.DEFAULT_DEALS,
                            known.DEFAULT_SEED if seed is None else seed, threads)
    solver = solver_for(rules.qualifier.value, threads)
    ints, _ = rules.nets().scaled()
    flags = (_ffi.RAISE_ON_TIE if raise_on_tie else 0) | (_ffi.IGNORE_UP if ignore_up else 0)
    totals, _ = solver.price(ints, flags)
    return GameReport(rules, totals, "ignore up card" if ignore_up else "optimal", solver)


def optimal_decisions(rules: Rules) -> tuple[_ffi.Solver, bytes]:
    """Per-situation decisions (solver order, hand * 52 + up): 0 fold, 1 raise, 2 tie, 255 n/a."""
    solver = solver_for(rules.qualifier.value)
    ints, _ = rules.nets().scaled()
    _, dec = solver.price(ints, 0, decisions=True)
    assert dec is not None
    return solver, dec
