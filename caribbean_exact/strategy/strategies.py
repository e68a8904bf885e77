"""Strategy charts from the exact decisions, and the exact cost of simple strategies.

A *chart cell* is what a player sees up to suit symmetry: the rank pattern of the five cards
(e.g. A K Q 5 2), whether they are suited, the up card's rank, and how many of the player's
cards share the up card's suit. Strategies are functions of a cell (``Situation``); the solver
applies them to all 122,151,120 (hand, up card) situations exactly.

>>> s = {x.name: x for x in compare_strategies()}
>>> s["optimal"].total_return, s["raise always"].total_return, s["pair or better"].total_return
(Fraction(-1041372912372, 1), Fraction(-3310360338060, 1), Fraction(-1090272101460, 1))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from ..engine import layout
from ..engine.pricing import solver_for
from ..errors import InvalidRules, shown
from ..model.cards import RANKS, Card, rank_index
from ..model.checks import check_callable, check_int, check_rules
from ..model.hands import CATEGORIES, Pattern, evaluate5, patterns
from ..model.rules import Qualifier, Rules
from ..play.game import GameReport, optimal_game, solve
from ..progress import ProgressFn

__all__ = ["BUILTIN", "Situation", "Strategy", "StrategyFn", "StrategyResult", "cell_flags", "cell_index",
           "compare_strategies", "evaluate"]

#: Chart cells: (rank pattern, suited?, up card rank, player's cards in the up card's suit).
N_CELLS = layout.NUM_CHART_CELLS


def cell_index(pattern: int, flush: bool, up_rank: int, suited: int) -> int:
    """The chart cell of a situation (cs_solver_apply_cells order)."""
    return layout.chart_cell(pattern, flush, up_rank, suited)


@dataclass(frozen=True, slots=True)
class Situation:
    """What a strategy may look at: the player's ranks and suitedness, the up card's rank, and
    how many of the player's cards share the up card's suit.

    Ranks are 0 (deuce) .. 12 (ace); ``ranks`` runs high to low with groups first. ``flush``: the
    five cards are of one suit; ``category``: the hand's category (0 = high card .. 9 = royal
    flush); ``value``: the core's hand value (higher beats lower); ``up_rank``: the up card's rank;
    ``suited``: how many of the player's cards share the up card's suit (0 to 5).
    """

    ranks: tuple[int, ...]
    flush: bool
    category: int
    value: int
    up_rank: int
    suited: int

    @property
    def category_name(self) -> str:
        """The category as words: "high card" .. "royal flush"."""
        return CATEGORIES[self.category]

    @property
    def up_matches(self) -> bool:
        """The up card's rank is one of the player's ranks."""
        return self.up_rank in self.ranks

    def holds(self, *ranks: int | str) -> bool:
        """The player holds any of the ranks.

        ``ranks``: one or more ranks, each 0 (deuce) .. 12 (ace) or text such as "Q" or "10".
        Raises ``InvalidRules`` or ``InvalidCards`` (both ``ValueError``) for a rank out of range.
        """
        want = {rank_index(r) if isinstance(r, str) else check_int(r, "rank", 0, 12) for r in ranks}
        return bool(want & set(self.ranks))

    @property
    def is_ace_king(self) -> bool:
        """High card with an ace and a king."""
        return self.category == 0 and self.ranks[0] == 12 and self.ranks[1] == 11


StrategyFn = Callable[[Situation], bool]


@dataclass(frozen=True)
class Strategy:
    """A named strategy: ``raises(situation) -> bool``.

    ``uses_suits`` False lets it be evaluated once per (pattern, suited?, up rank) instead of per
    suit-match count; ``uses_up`` False once per (pattern, suited?) for every up card. Declare
    only what is true: a strategy that reads ``suited`` or the up card must keep them True.

    ``name``: the strategy's name in reports; ``raises``: the decision, a callable on a
    ``Situation`` that returns True to raise; ``description``: one line for reports; ``flags``: as
    its comment says.
    """

    name: str
    raises: StrategyFn
    uses_suits: bool = True
    description: str = ""
    uses_up: bool = True
    #: Optional fast path: every chart cell's flag at once (as ``cell_flags`` would compute it
    #: from ``raises``), e.g. a rule file compiled to bit masks.
    flags: Callable[[ProgressFn | None], bytes] | None = field(default=None, compare=False, repr=False)


def valid_cells() -> list[tuple[Pattern, bool, int]]:
    """Every (pattern, suited?, up rank) a deal can show."""
    out = []
    for p in patterns():
        for flush in (False, True):
            if flush and p.flush_value is None:
                continue
            for up in range(13):
                if p.ranks.count(up) < 4:
                    out.append((p, flush, up))
    return out


@cache
def _hand_situations() -> tuple[tuple[int, Situation], ...]:
    """Per (pattern, suited?): its first chart cell and a situation with up rank 0.

    The 13 x 6 cells of one (pattern, suited?) are contiguous, up rank major.
    """
    out = []
    for p in patterns():
        out.append((cell_index(p.index, False, 0, 0), Situation(p.grouped, False, p.category, p.value, 0, 0)))
        if p.flush_value is not None:
            assert p.flush_category is not None
            out.append((cell_index(p.index, True, 0, 0),
                        Situation(p.grouped, True, p.flush_category, p.flush_value, 0, 0)))
    return tuple(out)


@cache
def _cell_situations() -> tuple[tuple[int, Situation], ...]:
    """(first cell index, situation with suited=0) of every valid (pattern, suited?, up rank)."""
    out = []
    for base, h in _hand_situations():
        for up in range(13):
            if h.ranks.count(up) < 4:
                out.append((base + 6 * up, Situation(h.ranks, h.flush, h.category, h.value, up, 0)))
    return tuple(out)


def cell_flags(strategy: Strategy | StrategyFn, progress: ProgressFn | None = None) -> bytes:
    """The strategy evaluated on every chart cell (bytes of 0/1, one per cell)."""
    st = strategy if isinstance(strategy, Strategy) else Strategy(getattr(strategy, "__name__", "custom"),
                                                                  strategy)
    if st.flags is not None:
        return st.flags(progress)
    flags = bytearray(N_CELLS)
    raises = st.raises
    six = b"\x01" * 6
    if not st.uses_up and not st.uses_suits:
        every_up = b"\x01" * (6 * 13)
        for base, sit in _hand_situations():
            if raises(sit):
                flags[base: base + 6 * 13] = every_up
        return bytes(flags)
    for base, sit in _cell_situations():
        if st.uses_suits:
            for suited in range(6):
                if raises(Situation(sit.ranks, sit.flush, sit.category, sit.value, sit.up_rank, suited)):
                    flags[base + suited] = 1
        elif raises(sit):
            flags[base: base + 6] = six
    return bytes(flags)


# ---------------------------------------------------------------- built-in strategies

def _at_least(spec: str) -> StrategyFn:
    """Raise with the hand ``spec`` (a qualifier spec) or better; resolved on first use."""
    threshold: list[int] = []

    def raises(s: Situation) -> bool:
        if not threshold:
            threshold.append(Qualifier.parse(spec).value)
        return s.value >= threshold[0]

    return raises


def _matching_rank(s: Situation) -> bool:
    return s.category >= 1 or (s.is_ace_king and s.up_matches)


def _rules_of_thumb(s: Situation) -> bool:
    if s.category >= 1:
        return True
    if not s.is_ace_king:
        return False
    if s.up_rank <= RANKS.index("Q") and s.up_matches:
        return True
    if s.up_rank >= RANKS.index("K") and s.holds("Q", "J"):
        return True
    return not s.up_matches and s.holds("Q") and s.up_rank < s.ranks[3]


BUILTIN: tuple[Strategy, ...] = (
    Strategy("raise always", lambda _: True, False, "raise every hand", uses_up=False),
    Strategy("pair or better", lambda s: s.category >= 1, False, "raise a pair or better, fold the rest",
             uses_up=False),
    Strategy("Ace-King or better", _at_least("AK"), False, "raise a pair or better or any A-K",
             uses_up=False),
    Strategy("A-K-J-8-3 or better", _at_least("AKJ83"), False,
             "raise a pair or better, or A-K-J-8-3 or better", uses_up=False),
    Strategy("matching rank", _matching_rank, False,
             "raise a pair or better, or A-K with a card matching the up card's rank"),
    Strategy("rules of thumb", _rules_of_thumb, False,
             "pair or better; with A-K raise if the up card is 2-Q and matches one of your ranks, "
             "or is A/K and you hold a Q or J, or matches nothing while you hold a Q and it is lower "
             "than your fourth-highest card"),
)


@dataclass(frozen=True)
class StrategyResult:
    """One strategy of a comparison: its exact report and its cost against optimal play.

    ``name``: the strategy's name; ``report``: its ``GameReport``; ``optimal_return``: the total
    return of optimal play under the same rules, in antes; ``description``: one line about it.
    """
    name: str
    report: GameReport
    optimal_return: Fraction
    description: str = ""

    @property
    def total_return(self) -> Fraction:
        """The strategy's net over every deal, in antes (exact)."""
        return self.report.total_return

    @property
    def cost(self) -> Fraction:
        """Extra house edge versus optimal play, per ante."""
        return (self.optimal_return - self.total_return) / self.report.total_weight


def evaluate(strategy: Strategy | StrategyFn, rules: Rules | None = None, name: str | None = None,
             progress: ProgressFn | None = None) -> GameReport:
    """The exact whole-game report of any strategy (a Strategy or a callable on Situation).

    - ``strategy``: a ``Strategy``, or a callable that takes a ``Situation`` and returns True to
      raise.
    - ``rules``: the game's ``Rules`` (default None: the standard game: the "standard" pay table,
      the ace-king qualifier, no cap).
    - ``name``: the report's strategy name for a callable (default None: the callable's
      ``__name__``); a ``Strategy`` keeps its own.
    - ``progress``: an optional callback ``progress(label, done, total)`` told how the work advances
      (``caribbean_exact.progress``); default None: silent.

    Returns a ``GameReport``. Raises ``InvalidRules`` (a ``ValueError``) for a strategy that is not
    callable, a name that is not text, bad rules or progress.

    >>> evaluate(lambda s: s.category >= 1).total_return
    Fraction(-1090272101460, 1)
    """
    rules = check_rules(rules)
    if name is not None and not isinstance(name, str):
        raise InvalidRules(f"name: {shown(name)} is not text")
    if isinstance(strategy, Strategy):
        st = strategy
    else:
        check_callable(strategy, "strategy")
        st = Strategy(name or str(getattr(strategy, "__name__", "custom")), strategy)
    totals = solver_for(rules.qualifier.value, progress=progress).apply_cells(cell_flags(st, progress))

    def decide(hand: tuple[Card, ...], up: Card) -> bool:
        return st.raises(situation_of(hand, up, st))

    return GameReport(rules, totals, st.name, decider=decide)


def situation_of(hand: Sequence[Card], up: Card, strategy: Strategy | None = None) -> Situation:
    """What a strategy sees of one (hand, up card). With a ``strategy`` that declares it ignores
    suits (or suits and the up card), those read 0, exactly as ``cell_flags`` evaluates it.

    >>> from caribbean_exact.model.cards import parse_cards
    >>> s = situation_of(parse_cards("As Kd Jh 8c 3s"), Card("Qs"))
    >>> s.is_ace_king, s.up_rank, s.suited, s.category_name
    (True, 10, 2, 'high card')
    """
    cards = [c.index for c in hand]
    value, category = evaluate5(cards)
    counts = {c.rank: 0 for c in hand}
    for c in hand:
        counts[c.rank] += 1
    ranks = tuple(sorted((c.rank for c in hand), key=lambda r: (-counts[r], -r)))
    flush = len({c.suit for c in hand}) == 1
    uses_suits = strategy.uses_suits if strategy is not None else True
    blind = strategy is not None and not strategy.uses_up and not uses_suits
    suited = sum(c.suit == up.suit for c in hand) if uses_suits else 0
    return Situation(ranks, flush, category, value, 0 if blind else up.rank, suited)


def compare_strategies(rules: Rules | None = None, extra: Iterable[Strategy] = (),
                       progress: ProgressFn | None = None, *, game: GameReport | None = None) -> list[StrategyResult]:
    """Optimal, the built-in simple strategies, the best blind to the up card, and any extras.

    - ``rules``: the game's ``Rules`` (default None: the standard game: the "standard" pay table,
      the ace-king qualifier, no cap).
    - ``extra``: more strategies to compare (``Strategy`` objects, each with a name of its own;
      default none).
    - ``progress``: an optional callback ``progress(label, done, total)`` told how the work advances
      (``caribbean_exact.progress``); default None: silent.
    - ``game``: the solved optimal game of ``rules``, when the caller has it (keyword only; it is
      not solved again; default None: solved here).

    Returns a list of ``StrategyResult``, optimal play first. Raises ``InvalidRules`` (a
    ``ValueError``) for an extra that is not a ``Strategy`` or has a name already taken, bad rules or
    progress.

    >>> [r.name for r in compare_strategies()][:1]
    ['optimal']
    """
    rules = check_rules(rules)
    extra = _check_extra(extra)
    opt = optimal_game(rules, game, progress)
    rows = [StrategyResult("optimal", opt, opt.total_return, "raise exactly when it pays (exact)")]
    for st in (*BUILTIN, *extra):
        rows.append(StrategyResult(st.name, evaluate(st, rules, progress=progress), opt.total_return,
                                   st.description))
    blind = solve(rules=rules, ignore_up=True)
    rows.append(StrategyResult("best ignoring the up card", blind, opt.total_return,
                               "the best strategy that never looks at the up card (exact)"))
    return rows


def _check_extra(extra: Iterable[Strategy]) -> tuple[Strategy, ...]:
    """User strategies: each a Strategy, with a name no built-in or other user strategy has."""
    try:
        items = tuple(extra)
    except TypeError:
        raise InvalidRules(f"extra: {shown(extra)} is not a list of strategies") from None
    taken = {"optimal", "best ignoring the up card"} | {b.name.lower() for b in BUILTIN}
    for st in items:
        if not isinstance(st, Strategy):
            raise InvalidRules(f"extra: {shown(st)} is not a Strategy (Strategy(name, raises))")
        key = st.name.strip().lower()
        if key in taken:
            raise InvalidRules(f"strategy {shown(st.name)}: the name is already taken (built-in strategies and other "
                               "rule files must have names of their own)")
        taken.add(key)
    return items

