"""The trainer: situations dealt from a seeded shuffle, answers graded exactly against optimal play
(or against a simple strategy a player is learning), and the results of a session.

Computation only: the prompts and sentences are ``render.play.trainer``, the loop that asks is the
command line's (``caribbean-exact train``).

>>> from caribbean_exact.model.rules import Rules
>>> d = next(deals(5))
>>> str(d.up), " ".join(str(c) for c in d.hand)
('Qd', 'Js 6c Ks 7h Kc')
>>> g = grade(d, "fold", Rules())
>>> g.best, g.right, g.cost, g.kind
('raise', False, Fraction(393658, 163185), 'fold_pair_or_better')
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import InvalidRules, shown
from ..model.cards import RANKS, Card, format_cards, parse_cards, rank_index
from ..model.checks import check_rules
from ..model.hands import evaluate5
from ..model.rules import Rules, to_fraction
from .odds import Decision, ev

__all__ = ["ACTIONS", "CLOSE_CANDIDATES", "Deal", "Focus", "Graded", "HistoryRecord", "HistorySummary", "Session",
           "Trainee", "deal_number", "deals", "grade", "hand_class", "parse_answer", "parse_focus", "read_history",
           "summarize_history"]

#: The two answers.
ACTIONS = ("raise", "fold")
#: With ``--focus close``: situations drawn for each one dealt; the closest decision of them is dealt.
CLOSE_CANDIDATES = 12
#: The classes of hands mistakes are grouped by.
HAND_CLASSES = ("pair_or_better", "ace_king", "below_ace_king")


@dataclass(frozen=True, slots=True)
class Focus:
    """What the dealt situations lean towards: ``kind`` "any", "close" (small |margin|), "ak" (A-K high
    hands) or "up" (one up-card rank, ``up_rank`` 0..12)."""

    kind: str = "any"
    up_rank: int | None = None

    @property
    def text(self) -> str:
        """As written on the command line: "any", "close", "ak", "up=K"."""
        return f"up={RANKS[self.up_rank]}" if self.kind == "up" and self.up_rank is not None else self.kind


def parse_focus(text: str | None) -> Focus:
    """``None``/"any", "close", "ak" (also "ace-king"), or "up=K" (any rank: "up=10", "up=q").

    >>> parse_focus("up=10"), parse_focus("close").kind
    (Focus(kind='up', up_rank=8), 'close')
    """
    if text is None:
        return Focus()
    t = text.strip().lower()
    if t in ("", "any", "all"):
        return Focus()
    if t == "close":
        return Focus("close")
    if t in ("ak", "a-k", "ace-king", "ace king"):
        return Focus("ak")
    if t.startswith(("up=", "up:")):
        try:
            return Focus("up", rank_index(t[3:].strip()))
        except Exception:
            pass
    raise InvalidRules(f"focus {shown(text)}: expected close, ak or up=RANK (up=K, up=10)")


def parse_answer(text: str) -> str | None:
    """"raise"/"r", "fold"/"f" (any case) -> "raise"/"fold"; anything else None.

    >>> parse_answer(" R "), parse_answer("Fold"), parse_answer("maybe")
    ('raise', 'fold', None)
    """
    t = text.strip().lower()
    if t in ("r", "raise", "call"):
        return "raise"
    if t in ("f", "fold"):
        return "fold"
    return None


def hand_class(hand: Sequence[Card]) -> str:
    """"pair_or_better", "ace_king" (high card with an ace and a king) or "below_ace_king"."""
    _, category = evaluate5([c.index for c in hand])
    if category >= 1:
        return "pair_or_better"
    ranks = {c.rank for c in hand}
    return "ace_king" if {12, 11} <= ranks else "below_ace_king"


@dataclass(frozen=True, slots=True)
class Deal:
    """One dealt situation: its number in the session (from 1), the five cards and the up card."""

    number: int
    hand: tuple[Card, ...]
    up: Card


def _draw(rng: random.Random, focus: Focus) -> tuple[tuple[Card, ...], Card]:
    if focus.kind == "up" and focus.up_rank is not None:
        up = focus.up_rank * 4 + rng.randrange(4)
        picked = rng.sample([c for c in range(52) if c != up], 5)
        return tuple(Card(c) for c in picked), Card(up)
    while True:
        cards = rng.sample(range(52), 6)
        hand = tuple(Card(c) for c in cards[:5])
        if focus.kind != "ak" or hand_class(hand) == "ace_king":
            return hand, Card(cards[5])


def deals(seed: int, focus: Focus | None = None, rules: Rules | None = None) -> Iterator[Deal]:
    """Situations from a shuffle seeded by ``seed``, without end; the same seed deals the same hands.
    With ``Focus("close")`` each one is the closest decision (smallest |EV raise - EV fold| under
    ``rules``) of ``CLOSE_CANDIDATES`` drawn.

    >>> dealt = deals(1, Focus("up", 11))
    >>> [str(next(dealt).up)[0] for _ in range(3)]
    ['K', 'K', 'K']
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidRules(f"seed {shown(seed)}: expected an integer")
    focus = focus or Focus()
    rules = check_rules(rules)
    rng = random.Random(seed)
    n = 0
    while True:
        n += 1
        if focus.kind == "close":
            drawn = [_draw(rng, Focus()) for _ in range(CLOSE_CANDIDATES)]
            hand, up = min(drawn, key=lambda s: abs(ev(s[0], s[1], rules=rules).margin))
        else:
            hand, up = _draw(rng, focus)
        yield Deal(n, hand, up)


def deal_number(seed: int, number: int, focus: Focus | None = None, rules: Rules | None = None) -> Deal:
    """Situation ``number`` of ``seed`` drawn on its own (from a shuffle seeded by both), so that any
    number costs one draw: the web page's trainer asks for one deal per request. The same seed and
    number deal the same hand; it is not the ``number``-th of ``deals(seed)``, which is a sequence.

    >>> d = deal_number(5, 10_000, Focus("up", 11))
    >>> d.number, str(d.up)[0], d == deal_number(5, 10_000, Focus("up", 11))
    (10000, 'K', True)
    """
    for name, value in (("seed", seed), ("number", number)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidRules(f"{name} {shown(value)}: expected a whole number 0 or more")
    focus = focus or Focus()
    rules = check_rules(rules)
    rng = random.Random(f"deal {seed} {number}")
    if focus.kind == "close":
        drawn = [_draw(rng, Focus()) for _ in range(CLOSE_CANDIDATES)]
        hand, up = min(drawn, key=lambda s: abs(ev(s[0], s[1], rules=rules).margin))
    else:
        hand, up = _draw(rng, focus)
    return Deal(number, hand, up)


@dataclass(frozen=True)
class Trainee:
    """The strategy being learned: ``name`` and its action for a (hand, up card), or no ``decide``
    for optimal play."""

    name: str = "optimal"
    decide: Callable[[tuple[Card, ...], Card], str] | None = None

    @property
    def optimal(self) -> bool:
        """True when the strategy trained is optimal play."""
        return self.decide is None


@dataclass(frozen=True)
class Graded:
    """One answered situation, exact: the best action, what the trained strategy says, and the cost of
    the answer (best EV minus the answer's EV, per ante)."""

    number: int
    answer: str
    #: The optimal action: "raise", "fold", or "either" (an exact tie).
    best: str
    #: The trained strategy's action ("raise"/"fold"); the optimal one when training optimal play.
    strategy_action: str
    decision: Decision
    strategy: str = "optimal"
    #: Whether the strategy trained is optimal play (then every optimal answer is right).
    trains_optimal: bool = True

    @property
    def hand(self) -> tuple[Card, ...]:
        """The five cards."""
        return self.decision.hand

    @property
    def up(self) -> Card:
        """The dealer's up card."""
        return self.decision.up

    @property
    def margin(self) -> Fraction:
        """EV(raise) - EV(fold), per ante."""
        return self.decision.margin

    @property
    def cost(self) -> Fraction:
        """Best EV minus the answer's EV, per ante (0 for an optimal answer)."""
        d = self.decision
        return d.ev - (d.ev_raise if self.answer == "raise" else d.ev_fold)

    @property
    def optimal(self) -> bool:
        """The answer is an optimal one."""
        return self.cost == 0

    @property
    def right(self) -> bool:
        """The answer is what the trained strategy plays (for optimal play: an optimal answer)."""
        return self.optimal if self.trains_optimal else self.answer == self.strategy_action

    @property
    def right_not_optimal(self) -> bool:
        """Right for the trained (simple) strategy, but not the optimal play."""
        return self.right and not self.optimal

    @property
    def hand_class(self) -> str:
        """The class of the hand (``HAND_CLASSES``)."""
        return hand_class(self.hand)

    @property
    def kind(self) -> str | None:
        """The kind of a mistake against the trained strategy: "<answer>_<hand class>", e.g.
        "fold_ace_king" (folded an A-K hand that should be raised); None when right."""
        return None if self.right else f"{self.answer}_{self.hand_class}"


def grade(deal: Deal, answer: str, rules: Rules | None = None, trainee: Trainee | None = None) -> Graded:
    """The exact grade of ``answer`` ("raise" or "fold") for ``deal`` under ``rules``."""
    if answer not in ACTIONS:
        raise InvalidRules(f"answer {shown(answer)}: expected raise or fold")
    rules = check_rules(rules)
    trainee = trainee or Trainee()
    d = ev(deal.hand, deal.up, rules=rules)
    best = d.optimal_decision
    optimal_action = answer if best == "either" else best
    action = optimal_action if trainee.decide is None else trainee.decide(deal.hand, deal.up)
    return Graded(deal.number, answer, best, action, d, trainee.name, trainee.optimal)


@dataclass(frozen=True)
class Session:
    """The answers of one session, with its totals."""

    rules: Rules
    strategy: str
    seed: int
    focus: Focus
    hands: tuple[Graded, ...]

    @property
    def mistakes(self) -> int:
        """Answers the trained strategy would not give."""
        return sum(not g.right for g in self.hands)

    @property
    def not_optimal(self) -> int:
        """Answers that cost EV (not optimal), right for the trained strategy or not."""
        return sum(not g.optimal for g in self.hands)

    @property
    def right_not_optimal(self) -> int:
        """Answers right for the trained strategy but not optimal."""
        return sum(g.right_not_optimal for g in self.hands)

    @property
    def ev_lost(self) -> Fraction:
        """EV given away against optimal play, in antes, over the session."""
        return sum((g.cost for g in self.hands), Fraction(0))

    @property
    def ev_lost_per_hand(self) -> Fraction:
        """EV given away per hand, in antes (0 for no hands)."""
        return self.ev_lost / len(self.hands) if self.hands else Fraction(0)

    def ev_lost_per_hour(self, hands_per_hour: Fraction | int) -> Fraction:
        """EV given away per hour at ``hands_per_hour``, in antes."""
        return self.ev_lost_per_hand * Fraction(hands_per_hour)

    def by_kind(self) -> dict[str, tuple[int, Fraction]]:
        """Mistakes by kind (``Graded.kind``): how many and their cost in antes, most costly first."""
        out: dict[str, tuple[int, Fraction]] = {}
        for g in self.hands:
            if g.kind is not None:
                n, c = out.get(g.kind, (0, Fraction(0)))
                out[g.kind] = (n + 1, c + g.cost)
        return dict(sorted(out.items(), key=lambda kv: (-kv[1][1], -kv[1][0], kv[0])))


@dataclass(frozen=True, slots=True)
class HistoryRecord:
    """One answered hand of a saved history (one JSON line)."""

    session: str
    strategy: str
    hand: str
    up: str
    answer: str
    best: str
    right: bool
    cost: Fraction
    kind: str | None


@dataclass(frozen=True)
class HistorySummary:
    """Every session of a history file: per session (name, hands, mistakes, EV lost in antes), and
    the mistakes by kind over all of them."""

    sessions: tuple[tuple[str, int, int, Fraction], ...]
    by_kind: dict[str, tuple[int, Fraction]]

    @property
    def hands(self) -> int:
        """Hands answered over every session."""
        return sum(s[1] for s in self.sessions)

    @property
    def mistakes(self) -> int:
        """Mistakes over every session."""
        return sum(s[2] for s in self.sessions)

    @property
    def ev_lost(self) -> Fraction:
        """EV lost over every session, in antes."""
        return sum((s[3] for s in self.sessions), Fraction(0))

    @property
    def ev_lost_per_hand(self) -> Fraction:
        """EV lost per hand over every session, in antes."""
        return self.ev_lost / self.hands if self.hands else Fraction(0)


def read_history(lines: Iterable[str], origin: str = "history") -> list[HistoryRecord]:
    """The records of a history's JSON lines (blank lines skipped); a bad line is an error naming it."""
    out = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
            cost = to_fraction(obj["cost"], f"{origin} line {n}: cost")  # the one number reader, its limits
            out.append(HistoryRecord(str(obj["session"]), str(obj["strategy"]), str(obj["hand"]), str(obj["up"]),
                                     str(obj["answer"]), str(obj["best"]), bool(obj["right"]), cost,
                                     obj.get("kind")))
        except InvalidRules:
            raise
        except (ValueError, KeyError, TypeError, ZeroDivisionError, RecursionError):  # RecursionError: [[[...
            raise InvalidRules(f"{origin} line {n}: not a trainer history line") from None
    return out


def summarize_history(records: Iterable[HistoryRecord]) -> HistorySummary:
    """Sessions in the order they first appear, and the mistakes by kind over all of them."""
    sessions: dict[str, list[int | Fraction]] = {}
    kinds: dict[str, tuple[int, Fraction]] = {}
    for r in records:
        s = sessions.setdefault(r.session, [0, 0, Fraction(0)])
        s[0] = int(s[0]) + 1
        s[1] = int(s[1]) + (not r.right)
        s[2] = Fraction(s[2]) + r.cost
        if r.kind:
            n, c = kinds.get(r.kind, (0, Fraction(0)))
            kinds[r.kind] = (n + 1, c + r.cost)
    rows = tuple((name, int(v[0]), int(v[1]), Fraction(v[2])) for name, v in sessions.items())
    return HistorySummary(rows, dict(sorted(kinds.items(), key=lambda kv: (-kv[1][1], -kv[1][0], kv[0]))))


def situation_text(hand: Sequence[Card], up: Card) -> tuple[str, str]:
    """(hand, up) as the history and JSON write them."""
    return format_cards(hand), str(up)


def deal_of(hand: str, up: str, number: int = 1) -> Deal:
    """A Deal from text (the web page grades the situation it shows)."""
    h = parse_cards(hand)
    u = parse_cards(up)
    if len(h) != 5 or len(u) != 1 or len({c.index for c in (*h, *u)}) != 6:
        raise InvalidRules(f"situation {shown(hand)} / {shown(up)}: expected five cards and a different up card")
    return Deal(number, h, u[0])
