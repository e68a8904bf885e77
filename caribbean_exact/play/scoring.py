"""Scoring a hand history: the best action of every hand played and the exact cost of the action taken.

A history is CSV with a header ``hand,up,action`` and optionally ``ante``, ``dealer`` and ``dead``
columns, one line per hand. Lines without dealer or dead cards are decided all at once from the
whole-game solver's table (one call into the core); the others by ``ev``. A bad line is reported
with its number and does not stop the others. ``score_russian`` scores a Russian Poker history (the
draw decision of each hand: fold, play as dealt, an exchange, a sixth card) against every option of
the hand counted exactly (``russian_ev``).

>>> r = score(["hand,up,action", "As Kd 7h 4c 2s,Qh,raise", "Ac Ad 7h 4c 2s,Qh,raise", "x,Qh,fold"])
>>> [(s.line, s.best, s.cost) for s in r.lines], r.errors[0].line
([(2, 'fold', Fraction(1894, 10879)), (3, 'raise', Fraction(0, 1))], 4)
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..engine.many import margins
from ..errors import CaribbeanError, InvalidCards, InvalidRules, shown
from ..model.cards import RANKS, SUITS, Card, parse_cards
from ..model.checks import check_rules, check_threads
from ..model.rules import Rules, to_fraction
from ..model.russian import RussianGame
from ..progress import ProgressFn, report
from .odds import ev
from .russian import RussianAnalysis, russian_ev

__all__ = ["COLUMNS", "BadLine", "RussianGrade", "ScoreReport", "ScoredLine", "grade_russian",
           "parse_russian_action", "score", "score_russian"]

#: The columns a history may have: the first three are required.
COLUMNS = ("hand", "up", "action", "ante", "dealer", "dead")
_ACTIONS = {"raise": "raise", "r": "raise", "fold": "fold", "f": "fold"}
_ZERO = Fraction(0)


def _card_table() -> dict[str, int]:
    out = {}
    for r, rank in enumerate(RANKS):
        for s, suit in enumerate(SUITS):
            for a in {rank, rank.lower(), *(["10"] if rank == "T" else [])}:
                for b in (suit, suit.upper()):
                    out[a + b] = r * 4 + s
    return out


_CARDS = _card_table()
_NAMES = [RANKS[i >> 2] + SUITS[i & 3] for i in range(52)]
#: The cards as this package writes them ("As"): a hand written so is kept as it is.
_CANON = {name: i for i, name in enumerate(_NAMES)}


def _text(cards: Iterable[int]) -> str:
    return " ".join(_NAMES[c] for c in cards)


def _with_ante(rules: Rules, ante: Fraction) -> Rules:
    return Rules.make(rules.paytable, rules.qualifier, ante, rules.max_payout, raise_antes=rules.raise_antes)


@dataclass(frozen=True, slots=True)
class ScoredLine:
    """One hand of the history: its line number (the header is line 1), the cards, the action taken,
    the best one ("raise", "fold", or "either" on an exact tie) and the cost per ante (best EV minus
    the action's EV); ``ante`` from the line's column, else the rules' ante, else None."""

    line: int
    hand: str
    up: str
    action: str
    best: str
    cost: Fraction
    ante: Fraction | None

    @property
    def mistake(self) -> bool:
        """The action cost something."""
        return self.cost > 0


@dataclass(frozen=True, slots=True)
class BadLine:
    """A line that could not be scored, and why."""

    line: int
    error: str


@dataclass(frozen=True)
class ScoreReport:
    """Every scored line in order, the bad lines, and the totals; ``game``: the Russian Poker rule set
    of a Russian Poker history (then ``rules`` carries only the ante), else None."""

    rules: Rules
    lines: tuple[ScoredLine, ...]
    errors: tuple[BadLine, ...]
    game: RussianGame | None = None

    @property
    def hands(self) -> int:
        """Hands scored."""
        return len(self.lines)

    @property
    def mistakes(self) -> int:
        """Hands whose action cost something."""
        return sum(1 for s in self.lines if s.cost)

    @property
    def total_cost(self) -> Fraction:
        """The cost of every action, in antes."""
        return sum((s.cost for s in self.lines if s.cost), _ZERO)

    @property
    def cost_per_hand(self) -> Fraction:
        """The cost per hand, in antes (0 without hands)."""
        return self.total_cost / len(self.lines) if self.lines else _ZERO

    @property
    def total_cost_money(self) -> Fraction | None:
        """The cost in money, over the lines with an ante (None when no line has one)."""
        priced = [s.cost * s.ante for s in self.lines if s.ante is not None]
        return sum(priced, _ZERO) if priced else None


def _cards(text: str, what: str) -> list[int]:
    tokens = text.split()
    try:
        return [_CARDS[t] for t in tokens]
    except KeyError:
        pass
    try:
        return [c.index for c in parse_cards(text)]
    except InvalidCards as e:
        raise InvalidCards(f"{what}: {e}") from None


@dataclass(slots=True)
class _Parsed:
    line: int
    hand: list[int]
    up: int
    action: str
    ante: Fraction | None
    dead: list[int]
    dealer: list[int]


def _parse(n: int, row: list[str], where: dict[str, int], plain: bool = True) -> _Parsed:
    """A line's fields; ``plain``: the action is the plain game's (raise or fold), else kept as written."""
    def field(name: str) -> str:
        k = where.get(name)
        return row[k].strip() if k is not None and k < len(row) else ""

    if len(row) > len(where):
        raise InvalidRules(f"{len(row)} fields where the header has {len(where)}")
    hand = _cards(field("hand"), "hand")
    if len(hand) != 5:
        raise InvalidCards(f"hand {shown(field('hand'))}: expected 5 cards, got {len(hand)}")
    up = _cards(field("up"), "up")
    if len(up) != 1:
        raise InvalidCards(f"up card {shown(field('up'))}: expected 1 card, got {len(up)}")
    action = _ACTIONS.get(field("action").lower()) if plain else field("action")
    if action is None:
        raise InvalidRules(f"action {shown(field('action'))}: expected raise or fold")
    ante = None
    if field("ante"):
        ante = to_fraction(field("ante"), "ante")  # the one number reader, with the command line's limits
        if ante <= 0:
            raise InvalidRules(f"ante {shown(field('ante'))}: expected a positive amount")
    dead = _cards(field("dead"), "dead") if field("dead") else []
    dealer = _cards(field("dealer"), "dealer") if field("dealer") else []
    if len({*hand, *up, *dead, *dealer}) != 5 + 1 + len(dead) + len(dealer):
        raise InvalidCards("a card is given twice")
    return _Parsed(n, hand, up[0], action, ante, dead, dealer)


def _best(m: int) -> str:
    return "raise" if m > 0 else "fold" if m < 0 else "either"


def _header(row: list[str], columns: tuple[str, ...] = COLUMNS, of: str = "") -> dict[str, int]:
    """Each column's place: the first three of ``columns`` required, the rest optional, each once
    (``of``: what the history is, said after the refusal)."""
    names = [h.strip().lower() for h in row]
    where = {h: k for k, h in enumerate(names)}
    missing = [c for c in columns[:3] if c not in where]
    unknown = [h for h in names if h not in columns]
    if missing or unknown or len(where) != len(names):
        raise InvalidRules(f"the header {shown(','.join(row))}: expected the columns hand,up,action "
                           f"and optionally {', '.join(columns[3:])} (once each){of}")
    return where


def _rows(lines: Iterable[str]) -> Iterator[list[str]]:
    """The fields of each line (one line a hand: a quoted field does not run on to the next line)."""
    for raw in lines:
        if '"' in raw:
            yield next(csv.reader([raw]), [])
        else:
            yield raw.rstrip("\r\n").split(",")


class _Plain:
    """The plain lines (hand,up,action with the cards written as this package writes them), kept
    apart in columns and decided in one call: the fast path."""

    def __init__(self) -> None:
        self.line: list[int] = []
        self.hand: list[str] = []
        self.action: list[str] = []
        self.players = bytearray()
        self.ups = bytearray()

    def add(self, n: int, row: list[str]) -> bool:
        """Take line ``n`` if it is plain (a card given twice is left to the core's status)."""
        try:
            cards = [_CANON[t] for t in row[0].split(" ")]
            up = _CANON[row[1]]
            act = _ACTIONS[row[2]]
        except KeyError:
            return False
        if len(cards) != 5:
            return False
        self.line.append(n)
        self.hand.append(row[0])
        self.action.append(act)
        self.players.extend(cards)
        self.ups.append(up)
        return True

    def scored(self, rules: Rules, threads: int | None, errors: list[BadLine]) -> list[ScoredLine]:
        if not self.line:
            return []
        m = margins(bytes(self.players), bytes(self.ups), rules, threads)
        costs: dict[int, Fraction] = {}
        ante, den, names, ups, out = rules.ante, m.denominator, _NAMES, self.ups, []
        for k, (n, num, act, st) in enumerate(zip(self.line, m.numerators, self.action, m.status)):
            if st:
                errors.append(BadLine(n, m.error(k)))
                continue
            lost = -num if act == "raise" else num
            cost = _ZERO if lost <= 0 else costs.get(lost) or costs.setdefault(lost, Fraction(lost, den))
            best = "raise" if num > 0 else "fold" if num < 0 else "either"
            out.append(ScoredLine(n, self.hand[k], names[ups[k]], act, best, cost, ante))
        return out


def score(lines: Iterable[str], rules: Rules | None = None, threads: int | None = None) -> ScoreReport:
    """Score the CSV lines of a hand history (the header first) under ``rules``."""
    rules = check_rules(rules)
    threads = check_threads(threads)
    rows = _rows(lines)
    header = next(rows, None)
    if header is None:
        raise InvalidRules("the history is empty: expected a header hand,up,action")
    where = _header(header)
    parsed: list[_Parsed] = []
    errors: list[BadLine] = []
    plain = _Plain() if list(where) == list(COLUMNS[:3]) else None
    for n, row in enumerate(rows, 2):
        if plain is not None and len(row) == 3 and plain.add(n, row):
            continue
        if len(row) <= 1 and not "".join(row).strip():  # a blank line; ",," is a row of empty fields: refused
            continue
        try:
            parsed.append(_parse(n, row, where))
        except CaribbeanError as e:
            errors.append(BadLine(n, str(e)))
    scored = plain.scored(rules, threads, errors) if plain is not None else []
    scored += _scored(parsed, rules, threads, errors)
    if parsed:
        scored.sort(key=lambda x: x.line)
    return ScoreReport(rules, tuple(scored), tuple(sorted(errors, key=lambda b: b.line)))


def _scored(parsed: list[_Parsed], rules: Rules, threads: int | None, errors: list[BadLine]) -> list[ScoredLine]:
    """The lines of the general path: ante, dealer or dead columns, or cards written otherwise."""
    scored: list[ScoredLine] = []
    # lines decided from the solver's table, one call per ante that changes the nets (a cap)
    groups: dict[Fraction | None, list[_Parsed]] = {}
    for p in parsed:
        if not p.dead and not p.dealer:
            key = p.ante if rules.max_payout is not None and p.ante is not None else None
            groups.setdefault(key, []).append(p)
    for key, ps in groups.items():
        r = rules if key is None else _with_ante(rules, key)
        players = bytearray()
        for p in ps:
            players += bytes(p.hand)
        m = margins(bytes(players), bytes(p.up for p in ps), r, threads)
        for k, (p, num, st) in enumerate(zip(ps, m.numerators, m.status)):
            if st:
                errors.append(BadLine(p.line, m.error(k)))
                continue
            lost = -num if p.action == "raise" else num
            cost = _ZERO if lost <= 0 else Fraction(lost, m.denominator)
            scored.append(ScoredLine(p.line, _text(p.hand), _NAMES[p.up], p.action, _best(num), cost,
                                     p.ante if p.ante is not None else rules.ante))
    for p in parsed:
        if p.dead or p.dealer:
            r = rules if p.ante is None or rules.max_payout is None else _with_ante(rules, p.ante)
            try:
                d = ev(_text(p.hand), _NAMES[p.up], dead=_text(p.dead) or None,
                       dealer=_text(p.dealer) or None, rules=r)
            except CaribbeanError as e:
                errors.append(BadLine(p.line, str(e)))
                continue
            cost = d.ev - (d.ev_raise if p.action == "raise" else d.ev_fold)
            scored.append(ScoredLine(p.line, _text(p.hand), _NAMES[p.up], p.action,
                                     d.optimal_decision, cost, p.ante if p.ante is not None else rules.ante))
    return scored


# ---------------------------------------------------------------- Russian Poker

#: A Russian Poker history's columns (the first three required).
RUSSIAN_COLUMNS = ("hand", "up", "action", "ante")
_RU_WORDS = {"fold": "fold", "f": "fold", "play": "play", "p": "play", "raise": "play", "r": "play",
             "stand": "play", "sixth": "sixth card", "6": "sixth card", "6th": "sixth card", "buy": "sixth card",
             "sixth card": "sixth card"}


def _russian_action(text: str, hand: list[int], g: RussianGame) -> tuple[str, tuple[int, ...] | None]:
    """A Russian Poker action: ("fold" | "play" | "sixth card", None) or ("exchange", the cards
    discarded, in the hand's order). Raises ``InvalidRules`` naming what is wrong."""
    t = " ".join(text.lower().split())
    if t in _RU_WORDS:
        word = _RU_WORDS[t]
        if word == "sixth card" and g.sixth_card_fee is None:
            raise InvalidRules(f"action {shown(text)}: {g.name} sells no sixth card")
        return word, None
    head, _, rest = t.partition(" ")
    if head not in ("exchange", "x", "swap") or not rest:
        raise InvalidRules(f"action {shown(text)}: expected fold, play, sixth, or exchange and the cards "
                           "discarded (exchange 9s 2d)")
    cards = _cards(rest, "action")
    if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
        raise InvalidCards(f"action {shown(text)}: the cards exchanged must be cards of the hand, once each")
    allowed = g.exchange_sizes()
    if len(cards) not in allowed:
        raise InvalidRules(f"action {shown(text)}: an exchange of {len(cards)} card{'s' * (len(cards) != 1)}; "
                           f"{g.name} allows {_sizes_text(allowed)}")
    return "exchange", tuple(c for c in hand if c in cards)


@dataclass(frozen=True, slots=True)
class RussianGrade:
    """A Russian Poker draw decision graded: the action's label and EV, the best option's label and EV,
    and the cost (best less the action's), per ante, exact."""

    action: str
    action_ev: Fraction
    best: str
    best_ev: Fraction

    @property
    def cost(self) -> Fraction:
        """What the action cost against the best option, per ante."""
        return self.best_ev - self.action_ev


def parse_russian_action(text: str, hand: Sequence[Card], game: RussianGame) -> tuple[str, tuple[int, ...] | None]:
    """A Russian Poker action on ``hand`` (fold, play, sixth, or exchange and the cards discarded) as
    ("fold" | "play" | "sixth card" | "exchange", the discarded cards' indices or None). Raises
    ``InvalidRules`` or ``InvalidCards`` naming what is wrong."""
    return _russian_action(text, [c.index for c in hand], game)


def grade_russian(a: RussianAnalysis, kind: str, discard: tuple[int, ...] | None) -> RussianGrade:
    """The action (``parse_russian_action``'s) against every option of ``a`` (``russian_ev``)."""
    best_option, stand = a.options[0], a.stand
    if kind == "fold":
        value = a.fold_ev
    elif kind == "play":
        value = stand.play_ev
    elif kind == "sixth card":
        value = next(o.ev for o in a.options if o.kind == "buy")
    else:
        value = next(o.ev for o in a.options
                     if o.kind == "switch" and sorted(c.index for c in o.discard) == sorted(discard or ()))
    if best_option.kind == "stand":
        m = stand.play_ev - a.fold_ev
        best = "play" if m > 0 else "fold" if m < 0 else "either"
    elif best_option.kind == "buy":
        best = "sixth card"
    else:
        best = _russian_label("exchange", tuple(c.index for c in best_option.discard))
    return RussianGrade(_russian_label(kind, discard), value, best, best_option.ev)


def _sizes_text(allowed: tuple[int, ...]) -> str:
    if not allowed:
        return "no exchange"
    return f"{allowed[0]} cards" if len(allowed) == 1 else f"{allowed[0]} to {allowed[-1]} cards"


def _russian_label(kind: str, discard: tuple[int, ...] | None) -> str:
    return f"exchange {_text(discard)}" if kind == "exchange" and discard else kind


def score_russian(lines: Iterable[str], game: RussianGame | str = "lunar", ante: Fraction | None = None, *,
                  threads: int | None = None, progress: ProgressFn | None = None) -> ScoreReport:
    """Score the CSV lines of a Russian Poker history (the header first: ``hand,up,action``, and
    optionally ``ante``): each hand's draw decision (``fold``, ``play`` as dealt, ``sixth`` card, or
    ``exchange`` and the cards discarded, e.g. ``exchange 9s 2d``) against every option of the hand,
    counted exactly under ``game`` (``russian_ev``, every exchange size the rules allow: 3 to 8 s a
    hand on two cores; a hand met twice is counted once). An option's EV is its fee included, each of
    its final hands folded or played at its best, buying the game decided for every dealer hand;
    ``best`` is the best option ("play", "fold" or "either" where standing is best); ``cost`` the
    best EV less the action's, per ante. ``ante``: the ante in money for lines without an ante
    column. ``progress(label, done, total)`` is told as hands are counted. Raises ``InvalidRules``
    for a bad header; a bad line is reported (``errors``) and does not stop the others."""
    g = RussianGame.parse(game)
    threads = check_threads(threads)
    rows = _rows(lines)
    header = next(rows, None)
    if header is None:
        raise InvalidRules("the history is empty: expected a header hand,up,action")
    where = _header(header, RUSSIAN_COLUMNS, " for a Russian Poker history")
    todo: list[tuple[int, list[str]]] = [(n, row) for n, row in enumerate(rows, 2)
                                         if len(row) > 1 or "".join(row).strip()]
    rules = Rules() if ante is None else _with_ante(Rules(), ante)
    cache: dict[tuple[tuple[int, ...], int], RussianAnalysis] = {}
    scored: list[ScoredLine] = []
    errors: list[BadLine] = []
    for k, (n, row) in enumerate(todo):
        report(progress, "scoring", k, len(todo))
        try:
            p = _parse(n, row, where, plain=False)
            kind, discard = _russian_action(p.action, p.hand, g)
            key = (tuple(sorted(p.hand)), p.up)
            a = cache.get(key)
            if a is None:
                a = cache[key] = russian_ev(_text(p.hand), _NAMES[p.up], g, threads=threads)
        except CaribbeanError as e:
            errors.append(BadLine(n, str(e)))
            continue
        graded = grade_russian(a, kind, discard)
        scored.append(ScoredLine(n, _text(p.hand), _NAMES[p.up], graded.action, graded.best, graded.cost,
                                 p.ante if p.ante is not None else rules.ante))
    report(progress, "scoring", len(todo), len(todo))
    return ScoreReport(rules, tuple(scored), tuple(errors), g)
