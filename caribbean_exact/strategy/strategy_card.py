"""What a printed strategy card says: the rules, a simple strategy with its exact cost, and the
Ace-King grid (by the third card and the up card) with its exceptions. Computation only: the
drawing is ``render.card``.

>>> c = strategy_card()
>>> c.point.lines, c.point.cost_total, c.grid.rows[0], c.grid.columns[-1]
(3, Fraction(1161722784, 1), 'Q', 'A')
>>> c.grid.cells[0][0].action, len(c.grid.exceptions) > 0
('R', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..model.cards import RANKS
from ..model.checks import check_rules
from ..model.hands import patterns
from ..model.rules import Rules
from ..play.game import GameReport
from ..progress import ProgressFn
from .simplify import Frontier, FrontierPoint, cell_decisions, frontier

__all__ = ["AceKingGrid", "GridCell", "GridException", "StrategyCard", "strategy_card"]

#: The default frontier point of a card: the shortest within this cost of optimal, per ante.
DEFAULT_WITHIN = Fraction(1, 10_000)


@dataclass(frozen=True, slots=True)
class GridException:
    """Hands of one grid cell that play against the cell's letter: ``action`` "R", "F", or "S" (it
    depends on how many cards share the up card's suit: ``suited`` lists the counts that raise)."""

    number: int
    third: str
    up: str
    action: str
    hands: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GridCell:
    """One (third card, up card) cell: the action of most of its hands ("R", "F", or "M": raise exactly
    the hands holding the up card's rank), and the number of its exceptions' footnote."""

    action: str
    exception: int | None
    hands: int


@dataclass(frozen=True)
class AceKingGrid:
    """The best cell-by-cell play of A-K high hands: rows by the third-highest card (Q down to 4),
    columns by the up card's rank (2 .. A)."""

    rows: tuple[str, ...]
    columns: tuple[str, ...]
    cells: tuple[tuple[GridCell, ...], ...]
    exceptions: tuple[GridException, ...]


@dataclass(frozen=True)
class StrategyCard:
    """Everything a card prints, exact."""

    rules: Rules
    frontier: Frontier
    point: FrontierPoint
    grid: AceKingGrid


def _grid(rules: Rules, progress: ProgressFn | None) -> AceKingGrid:
    raise_by_cell = cell_decisions(rules, progress)   # {(pattern, flush, up, suited): raises}
    ak = [p for p in patterns() if p.category == 0 and p.grouped[0] == 12 and p.grouped[1] == 11]
    kept: list[str] = []                                      # third cards Q .. 4 (rows with hands)
    cells: list[tuple[GridCell, ...]] = []
    exceptions: list[GridException] = []
    for third in range(10, 0, -1):
        row = []
        for up in range(13):
            decided: list[tuple[str, str]] = []
            for p in ak:
                if p.grouped[2] != third:
                    continue
                got = [raise_by_cell[(p.index, False, up, s)] for s in range(6)
                       if (p.index, False, up, s) in raise_by_cell]
                if not got:
                    continue
                act = "R" if all(got) else "F" if not any(got) else "S"
                decided.append((p.label, act))
            pairs_up = {p.label for p in ak if p.grouped[2] == third and up in p.grouped[3:]}
            raised = {h for h, a in decided if a == "R"}
            n_r = len(raised)
            n_f = sum(a == "F" for _, a in decided)
            if pairs_up and raised == pairs_up and n_f:
                main, odd = "M", [(h, a) for h, a in decided if a == "S"]
            else:
                main = "R" if n_r >= n_f else "F"
                odd = [(h, a) for h, a in decided if a != main]
            number = None
            if odd:
                number = len({e.number for e in exceptions}) + 1
                for act in ("R", "F", "S"):
                    hands = tuple(h for h, a in odd if a == act)
                    if hands:
                        exceptions.append(GridException(number, RANKS[third], RANKS[up], act, hands))
            row.append(GridCell(main, number, len(decided)))
        if any(gc.hands for gc in row):
            cells.append(tuple(row))
            kept.append(RANKS[third])
    return AceKingGrid(tuple(kept), tuple(RANKS), tuple(cells), tuple(exceptions))


def strategy_card(rules: Rules | None = None, lines: int | None = None, within: Fraction = DEFAULT_WITHIN,
                  progress: ProgressFn | None = None, *, game: GameReport | None = None) -> StrategyCard:
    """The card of ``rules``: the frontier point with ``lines`` lines (or the shortest within
    ``within`` of optimal, per ante), and the Ace-King grid. ``game``: the solved optimal game of
    ``rules``, when the caller has it."""
    rules = check_rules(rules)
    f = frontier(rules, progress=progress, game=game)
    if lines is None:
        point = f.within(Fraction(within))
    else:
        fitting = [p for p in f.points if p.lines <= lines]
        point = fitting[-1] if fitting else f.points[0]
    return StrategyCard(rules, f, point, _grid(rules, progress))
