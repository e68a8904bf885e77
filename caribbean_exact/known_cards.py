"""Known dealer cards, exact: one hole card seen (the whole game counted) and all four seen.

>>> seen = solve_seen_card()
>>> seen.report.total_weight, f"{float(seen.report.house_edge):.4%}"
(79732922068800, '0.6160%')
>>> f"{float(solve_all_seen().house_edge):.4%}"
'-64.2816%'

Two or three hole cards seen, and colluding players, are sampled: see ``sampling``.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import _ffi
from ._validate import check_bool, check_progress, check_rules, check_threads
from .counts import DealTotals
from .game import GameReport
from .pricing import RAISE_ON_TIE, default_threads, solver_for
from .progress import ProgressFn, report
from .rules import Rules

__all__ = ["SEEN_CLASS_COUNT", "SEEN_SITUATIONS", "SeenCardGame", "SeenChart", "solve_all_seen",
           "solve_seen_card"]

#: Ordered (hand, up card, seen card) situations with one hole card seen: 2,598,960 x 47 x 46.
SEEN_SITUATIONS: int = _ffi.NUM_HANDS * 47 * 46
#: Player classes of the seen-card chart: 0 = high card below A-K, 1 = A-K high, then pair (2)
#: .. royal flush (10), as category + 1 (cs_solve_seen_one).
SEEN_CLASS_COUNT = 11


@dataclass(frozen=True)
class SeenChart:
    """Raise weight / total weight by player class, up card rank and seen card rank."""

    raise_weight: tuple[int, ...]
    total_weight: tuple[int, ...]

    def cell(self, cls: int, up: int, seen: int) -> tuple[int, int]:
        """(raise weight, total weight) of one class, up card rank and seen card rank."""
        k = (cls * 13 + up) * 13 + seen
        return self.raise_weight[k], self.total_weight[k]

    def class_state(self, cls: int) -> str:
        """"R" (always raise), "F" (always fold), "M" (mixed) or "none" (no situation)."""
        r = sum(self.raise_weight[cls * 169:(cls + 1) * 169])
        t = sum(self.total_weight[cls * 169:(cls + 1) * 169])
        return "none" if t == 0 else "R" if r == t else "F" if r == 0 else "M"


@dataclass(frozen=True)
class SeenCardGame:
    """The whole game with one dealer hole card seen: the figures and when to raise."""

    report: GameReport
    chart: SeenChart


def solve_seen_card(rules: Rules | None = None, threads: int | None = None, raise_on_tie: bool = False,
                    progress: ProgressFn | None = None) -> SeenCardGame:
    """The whole game when the player sees the up card and one dealer hole card, exact."""
    rules = check_rules(rules)
    threads = check_threads(threads)
    flags = RAISE_ON_TIE if check_bool(raise_on_tie, "raise_on_tie") else 0
    check_progress(progress)
    label = "counting every deal with one dealer hole card seen"
    report(progress, label, 0, None)
    totals, chart, _ = _ffi.solve_seen_one(rules.qualifier.value, rules.nets().scaled().as_list(), flags,
                                           threads or default_threads(), chart=True)
    report(progress, label, 1, None)
    assert chart is not None
    game = GameReport(rules, totals, "optimal, one dealer hole card seen", _ffi.SEEN_COMPLETIONS,
                      known_dealer_cards=1)
    return SeenCardGame(game, SeenChart(tuple(chart[0]), tuple(chart[1])))


def solve_all_seen(rules: Rules | None = None, progress: ProgressFn | None = None) -> GameReport:
    """The whole game when the player sees all four dealer hole cards, exact.

    With the dealer's hand known the best play is plain: raise unless the dealer qualifies and
    beats the player (raising then costs 3 antes, folding 1). So every deal is priced by its
    outcome alone, and the outcome counts over all 19,933,230,517,200 (hand, up card, hole cards)
    deals are those of "raise always" in the up-card-only game.
    """
    rules = check_rules(rules)
    solver = solver_for(rules.qualifier.value, progress=progress)
    every = solver.apply(b"\x01" * (solver.n_hands * 52))
    zero = (0,) * 10
    raised = sum(every.not_qualify) + sum(every.win) + sum(every.tie)
    totals = DealTotals(every.lose, every.not_qualify, every.win, every.tie, zero, raised, 0,
                        every.total_weight)
    return GameReport(rules, totals, "optimal, all four dealer hole cards seen", 1, known_dealer_cards=4)
