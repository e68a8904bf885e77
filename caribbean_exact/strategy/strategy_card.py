"""What a printed strategy card says: the rules, a simple strategy of at most five lines with its
exact cost, and the Ace-King grid of that same strategy (by the third card and the up card) with its
exceptions. Computation only: the drawing is ``render.strategy.strategy_card``.

The grid shows the printed strategy, cell by cell, not the optimal play: a card states one strategy,
and the grid is the lines read out for the A-K hands, where they are hardest to apply at the table.
The optimal play and its suit rules are ``chart``'s; the card states what its lines cost against it.

>>> c = strategy_card()
>>> c.point.lines, c.point.cost_total, c.grid.rows[:3], c.grid.columns[-1]
(3, Fraction(1161722784, 1), ('AKQJ', 'AKQ 32-T9', 'AKJ'), 'A')
>>> c.grid.cells[0][0].action, c.grid.cells[1][0].action, c.grid.exceptions
('R', 'M', ())
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..errors import InvalidRules
from ..model.cards import RANKS
from ..model.checks import check_rules
from ..model.hands import Pattern, patterns
from ..model.rules import Number, Rules
from ..play.game import GameReport
from ..play.switching import SwitchFeesLike
from ..progress import ProgressFn
from .buy_lines import BuyLinesGame, solve_buy_lines
from .rule_file import parse_rule_file
from .simplify import Frontier, FrontierPoint, frontier
from .strategies import Situation, Strategy
from .switch_rules import DEFAULT_SWITCH_DEALS, SwitchStudy, switch_study

__all__ = ["DEFAULT_SWITCH_DEALS", "MAX_CARD_LINES", "AceKingGrid", "GridCell", "GridException", "StrategyCard",
           "strategy_card"]

#: The default frontier point of a card: the shortest within this cost of optimal, per ante.
DEFAULT_WITHIN = Fraction(1, 10_000)
#: Most lines a card prints by default (a card a player reads at the table).
MAX_CARD_LINES = 5


@dataclass(frozen=True, slots=True)
class GridException:
    """Hands of one grid cell that play against the cell's letter: ``action`` "R" (raise), "F"
    (fold), or "S" (it depends on how many of your cards share the up card's suit: ``suited`` lists
    the counts that raise, ``possible`` the counts these hands can have). ``hands``: the five ranks,
    high to low ("AKQ42")."""

    number: int
    row: str
    up: str
    action: str
    hands: tuple[str, ...]
    suited: tuple[int, ...] = ()
    possible: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class GridCell:
    """One (third card, up card) cell: the action of most of its hands ("R", "F", or "M": raise exactly
    the hands holding the up card's rank), and the number of its exceptions' footnote."""

    action: str
    exception: int | None
    hands: int


@dataclass(frozen=True)
class AceKingGrid:
    """The card's strategy on A-K high hands: rows by the third-highest card (Q down to 4; a row
    split by hand value where that removes every exception), columns by the up card's rank
    (2 .. A). ``rows``: the rows' labels ("AKQJ", "AKQ 32-T9", "AKJ")."""

    rows: tuple[str, ...]
    columns: tuple[str, ...]
    cells: tuple[tuple[GridCell, ...], ...]
    exceptions: tuple[GridException, ...]
    #: Each row's hands ("AKQJ9", ...), highest first.
    keys: tuple[tuple[str, ...], ...] = ()

    def row_of(self, hand: str) -> int:
        """The row of an A-K high hand ("AKQ42")."""
        return next(i for i, hands in enumerate(self.keys) if hand in hands)

    def raises(self, hand: str, up: str, suited: int) -> bool:
        """What the grid says for an A-K high hand ("AKQ42"), the up card's rank and the number of
        the hand's cards of the up card's suit: the cell's letter, unless a footnote names the hand."""
        row, col = self.row_of(hand), self.columns.index(up)
        cell = self.cells[row][col]
        for e in self.exceptions:
            if e.number == cell.exception and hand in e.hands:
                return e.action == "R" or (e.action == "S" and suited in e.suited)
        return cell.action == "R" or (cell.action == "M" and up in hand)


@dataclass(frozen=True)
class StrategyCard:
    """Everything a card prints, exact (but an Oasis card's sampled figures: the lines' house edge
    and cost, and the optimal switch's estimate where more than one card may be switched)."""

    rules: Rules
    frontier: Frontier
    point: FrontierPoint
    grid: AceKingGrid
    #: Card switching (Oasis Poker): what to switch before raising or folding, or None.
    switching: SwitchStudy | None = None
    #: A sixth card for sale: the buying lines' whole game beside optimal buying (exact), or None.
    buying: BuyLinesGame | None = None

    @property
    def drawing(self) -> bool:
        """Whether the card is of a game with a draw (switching or buying), whose A-K grid is omitted."""
        return self.switching is not None or self.buying is not None


def _possible_suited(ranks: tuple[int, ...], up: int) -> tuple[int, ...]:
    """How many cards of an A-K high hand (five ranks, no flush) can share the up card's suit: none
    of the hand's cards of the up card's rank can, and not all five."""
    free = 5 - ranks.count(up)
    return tuple(range(min(free, 4) + 1))


_Decided = tuple[str, str, tuple[int, ...], tuple[int, ...]]   # hand, R/F/S, counts raising, counts possible


def _cell(strategy: Strategy, hands: list[Pattern], up: int) -> tuple[str, list[_Decided]]:
    """A cell's letter (the one with the fewest exceptions; R, F before M) and its exceptions."""
    decided: list[_Decided] = []
    for p in hands:
        possible = _possible_suited(p.ranks, up)
        yes = tuple(s for s in possible if strategy.raises(Situation(p.grouped, False, p.category, p.value, up, s)))
        decided.append((p.label, "R" if yes == possible else "F" if not yes else "S", yes, possible))
    holding = {h for h, *_ in decided if RANKS[up] in h}
    options = {"R": [d for d in decided if d[1] != "R"], "F": [d for d in decided if d[1] != "F"]}
    if holding and len(holding) < len(decided):
        options["M"] = [d for d in decided if d[1] != ("R" if d[0] in holding else "F")]
    main = min(options, key=lambda k: (len(options[k]), "RFM".index(k)))
    return main, options[main]


#: Most rows one third card's row may split into (by hand value) to leave no exceptions.
MAX_SPLIT = 3


def _row_label(third: int, group: list[Pattern], hands: list[Pattern]) -> str:
    """ "AKJ" (every hand of the third card), "AKQJ" (every hand of a fourth card), or the range of
    the last two cards ("AKJ 83-T9": A-K-J-8-3 to A-K-J-10-9)."""
    if len(group) == len(hands):
        return f"AK{RANKS[third]}"
    fourth = {p.grouped[3] for p in group}
    if len(fourth) == 1 and len(group) == sum(p.grouped[3] in fourth for p in hands):
        return f"AK{RANKS[third]}{RANKS[next(iter(fourth))]}"
    lo, hi = min(group, key=lambda p: p.value), max(group, key=lambda p: p.value)
    return f"AK{RANKS[third]} {lo.label[3:]}-{hi.label[3:]}"


def _grid(strategy: Strategy) -> AceKingGrid:
    """The A-K grid of ``strategy``: a row per third card, split by hand value into at most
    ``MAX_SPLIT`` rows where that leaves no exceptions (the A-K-Q-J hands of an "A-K-Q-J or
    better" line)."""
    ak = [p for p in patterns() if p.category == 0 and p.grouped[0] == 12 and p.grouped[1] == 11]
    labels: list[str] = []
    keys: list[tuple[str, ...]] = []
    cells: list[tuple[GridCell, ...]] = []
    exceptions: list[GridException] = []

    def row_of(hands: list[Pattern]) -> list[tuple[str, list[_Decided]]]:
        return [_cell(strategy, hands, up) for up in range(13)]

    def clean(hands: list[Pattern]) -> bool:
        return not any(odd for _, odd in row_of(hands))

    for third in range(10, 0, -1):
        hands = sorted((p for p in ak if p.grouped[2] == third), key=lambda p: -p.value)
        if not hands:
            continue
        groups: list[list[Pattern]] = []
        for p in hands:   # high to low: grow a group while it has no exceptions
            if groups and clean([*groups[-1], p]):
                groups[-1].append(p)
            else:
                groups.append([p])
        if len(groups) > MAX_SPLIT or not all(clean(g) for g in groups):
            groups = [hands]
        for g in groups:
            label = _row_label(third, g, hands)
            out = []
            for up, (main, odd) in enumerate(row_of(g)):
                number = None
                if odd:
                    number = len({e.number for e in exceptions}) + 1
                    for act in ("R", "F"):
                        listed = tuple(h for h, a, _, _ in odd if a == act)
                        if listed:
                            exceptions.append(GridException(number, label, RANKS[up], act, listed))
                    by_counts: dict[tuple[tuple[int, ...], tuple[int, ...]], list[str]] = {}
                    for h, a, yes, possible in odd:
                        if a == "S":
                            by_counts.setdefault((yes, possible), []).append(h)
                    for (yes, possible), listed_s in by_counts.items():
                        exceptions.append(GridException(number, label, RANKS[up], "S", tuple(listed_s), yes,
                                                        possible))
                out.append(GridCell(main, number, len(g)))
            cells.append(tuple(out))
            labels.append(label)
            keys.append(tuple(p.label for p in g))
    return AceKingGrid(tuple(labels), tuple(RANKS), tuple(cells), tuple(exceptions), tuple(keys))


def strategy_card(rules: Rules | None = None, lines: int | None = None, within: Fraction = DEFAULT_WITHIN,
                  progress: ProgressFn | None = None, *, game: GameReport | None = None,
                  switch_fees: SwitchFeesLike | None = None, deals: int = DEFAULT_SWITCH_DEALS, seed: int = 1,
                  threads: int | None = None, buy_fee: Number | None = None) -> StrategyCard:
    """The card of ``rules``: the frontier point with at most ``lines`` lines (by default the
    shortest within ``within`` of optimal, per ante, of at most ``MAX_CARD_LINES`` lines, else the
    cheapest of those), and the Ace-King grid of that strategy. ``game``: the solved optimal game of
    ``rules``, when the caller has it. ``switch_fees`` (Oasis Poker: the fee in antes of switching
    1, 2, ... cards): the card also says what to switch first (``switch_rules``), with the house
    edge of the optimal switch from the exact one-card game (exact for a one-card schedule, else
    that exact bound and an estimate) and the lines' house edge and cost sampled over ``deals``
    hands from ``seed`` (``switch_rules.switch_study``; each hand exact; ``threads`` for the core).
    ``buy_fee`` (a sixth card for sale, in antes): the card also says when to buy (``buy_lines``),
    with the exact house edge of those lines and of optimal buying (about 30 s on two cores).
    Rules with a draw (``Rules.make(switch_fees=..., buy_fee=...)``) are the same as ``switch_fees``
    and ``buy_fee``; a card of switching and buying together is refused (``InvalidRules``)."""
    rules = check_rules(rules)
    if rules.draw is not None:
        if rules.draw.switch is not None and switch_fees is None:
            switch_fees = rules.draw.switch
        if rules.draw.buy is not None and buy_fee is None:
            buy_fee = rules.draw.buy
        rules = rules.plain
    if switch_fees is not None and buy_fee is not None:
        raise InvalidRules("card: switch fees and a buy fee: a card says one draw (give switching or buying)")
    buy_rules = None if buy_fee is None else rules.with_game(buy_fee=buy_fee)  # the fee checked before the work
    f = frontier(rules, progress=progress, game=game)
    fitting = [p for p in f.points if p.lines <= (MAX_CARD_LINES if lines is None else lines)] or [f.points[0]]
    point = fitting[-1]
    if lines is None:
        point = next((p for p in fitting if p.cost <= Fraction(within)), point)
    switching = None
    if switch_fees is not None:
        switching = switch_study(switch_fees, rules, deals, seed, threads=threads, progress=progress)
    buying = None if buy_rules is None else solve_buy_lines(buy_rules, threads=threads, progress=progress)
    return StrategyCard(rules, f, point, _grid(parse_rule_file(point.rules_text, "the card's strategy")),
                        switching, buying)
