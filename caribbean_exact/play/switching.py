"""The player's draw, one hand: the exact EV of every discard set (Oasis Poker's card switching)
and of buying a sixth card, fee included.

After seeing his five cards and the dealer's up card the player may once replace any of his
cards by the next cards of the deck, paying a non-refundable fee (in antes) by how many he
switches; then he folds or raises as usual (switching all five forces a raise). The discards
are out of play; the replacements and the dealer's hole cards come from the 46 unseen cards.

Where a sixth card may be bought (``Rules.make(buy_fee=1)``) the player may instead receive one
of the 46 unseen cards and play the best five of his six; the dealer's cards come from the 45 left.

Each option is exact: every replacement set (C(46, j) for j cards) and every dealer completion
(C(46 - j, 4)) is counted by the core, the final decision taken for each replacement set by exact
comparison.

>>> a = switch_ev("As Ks Qs Js 2d", "5h", "1,2,3,4,5")
>>> len(a.options), a.best.fee, [str(c) for c in a.best.discard], a.best.decision
(32, Fraction(1, 1), ['2d'], 'depends')
>>> a.best.ev > 2 > a.stand.ev
True
>>> b = switch_ev("As Ks Qs Js 2d", "5h", rules=Rules.make(buy_fee=1))
>>> [o.kind for o in b.options], b.best.replacements, b.best.raise_replacements
(['buy', 'stand'], 46, 44)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ..engine.counts import DealTotals
from ..engine.pricing import ReturnRow, return_rows
from ..engine.switch import DISCARD_SETS, buy_totals, switch_totals
from ..errors import InvalidRules, shown
from ..model.cards import Card, CardsLike
from ..model.checks import check_rules
from ..model.draw import FEE_SCHEDULES, Draw, SwitchFees, SwitchFeesLike
from ..model.information import UP_CARD_ONLY
from ..model.numbers import Number
from ..model.rules import Rules
from .odds import parse_situation

__all__ = ["FEE_SCHEDULES", "SwitchAnalysis", "SwitchFees", "SwitchFeesLike", "SwitchOption", "draw_game",
           "switch_ev", "switch_game", "whole_game"]


def switch_game(fees: SwitchFeesLike | None, rules: Rules | None, default: SwitchFeesLike | None = None
                ) -> tuple[Rules, SwitchFees]:
    """The table's plain rules and the switch fees of a switching game: the ``fees`` given (the
    old keyword, mapped onto the rules), else the rules' draw, else ``default``.

    >>> r, f = switch_game(None, Rules.make(switch_fees="1,2,3,2,1"))
    >>> r == Rules(), f.short()
    (True, '1,2,3,2,1')
    """
    rules = check_rules(rules)
    if rules.information != UP_CARD_ONLY:
        raise InvalidRules(f"rules information {shown(rules.information.kind)}: card switching is counted "
                           "with the up card only")
    if fees is None:
        fees = rules.draw.switch if rules.draw is not None and rules.draw.switch is not None else default
    if fees is None:
        raise InvalidRules("switch fees: give fees (such as '1,2,3,4,5') or rules with a draw "
                           "(Rules.make(switch_fees=...))")
    return rules.plain, SwitchFees.parse(fees)


def draw_game(fees: SwitchFeesLike | None, rules: Rules | None, default: SwitchFeesLike | None = None,
              buy_fee: Number | None = None) -> tuple[Rules, Draw]:
    """The table's plain rules and the draw of a game: switch fees (the ``fees`` given, else the
    rules' own) and a sixth card's fee (``buy_fee``, else the rules' own); with neither,
    ``default`` switch fees.

    >>> r, d = draw_game(None, Rules.make(buy_fee=1))
    >>> r == Rules(), d.short()
    (True, 'buy a sixth card for 1')
    """
    rules = check_rules(rules)
    if rules.information != UP_CARD_ONLY:
        raise InvalidRules(f"rules information {shown(rules.information.kind)}: the draw is counted with the up "
                           "card only")
    own = rules.draw
    switch = fees if fees is not None else (own.switch if own is not None else None)
    buy = buy_fee if buy_fee is not None else (own.buy if own is not None else None)
    if switch is None and buy is None:
        switch = default
    if switch is None and buy is None:
        raise InvalidRules("draw: give switch fees (such as '1,2,3,4,5'), a buy fee or rules with a draw")
    return rules.plain, Draw.make(switch, buy=buy)


def whole_game(rules: Rules, fees: SwitchFees | Draw) -> Rules:
    """The rules that name the whole switching game: the table's rules with the draw.

    >>> whole_game(Rules(), SwitchFees.parse("1")).draw.short()
    'switch fees 1'
    """
    return rules.with_game(draw=fees if isinstance(fees, Draw) else Draw(fees))


@dataclass(frozen=True, slots=True)
class SwitchOption:
    """One option of one hand, exact: a discard set (standing: none), or buying a sixth card
    (``bought``); its deal counts under the best final decision for each replacement set, its fee,
    and its EV per ante (fee included).

    ``discard``: the cards switched (none: standing); ``kept``: the cards kept; ``fee``: the fee in
    antes; ``totals``: the deal counts (``DealTotals``) over every replacement set and dealer
    completion; ``rules``: the table's rules (without the draw).
    """

    discard: tuple[Card, ...]
    kept: tuple[Card, ...]
    fee: Fraction
    totals: DealTotals
    rules: Rules
    bought: bool = False

    @property
    def kind(self) -> str:
        """"stand", "switch" or "buy" (the JSON ``"options"``' ``"kind"``)."""
        return "buy" if self.bought else "switch" if self.discard else "stand"

    @property
    def replacements(self) -> int:
        """Replacement sets: C(46, j) for j cards switched (1 for standing), 46 cards when buying."""
        return self.totals.total_weight // _completions(1 if self.bought else len(self.discard))

    @property
    def raise_share(self) -> Fraction:
        """The share of the replacements after which the player raises (standing: 1 or 0)."""
        return Fraction(self.raise_replacements, self.replacements)

    @property
    def raise_replacements(self) -> int:
        """Replacement sets after which the player raises."""
        return self.totals.raise_situations

    @property
    def game_ev(self) -> Fraction:
        """Expected net of the ante and raise after the switch, per ante, before the fee."""
        total = sum((Fraction(r.count) * r.net for r in self.rows()), Fraction(0))
        return total / self.totals.total_weight

    @property
    def ev(self) -> Fraction:
        """Expected net per ante, the fee included."""
        return self.game_ev - self.fee

    @property
    def decision(self) -> str:
        """The final decision: "raise" or "fold" (after every replacement set), "either" (standing
        on an exact tie), or "depends" (on the replacement cards)."""
        if self.kind == "stand":
            if self.totals.indifferent_situations:
                return "either"
            return "raise" if self.raise_replacements else "fold"
        if self.raise_replacements == self.replacements:
            return "raise"
        return "fold" if self.raise_replacements == 0 else "depends"

    def rows(self) -> list[ReturnRow]:
        """The outcomes over every replacement set and dealer completion (fold, lose, tie, not
        qualify, wins by the final hand, royal flush first)."""
        return return_rows(self.totals, self.rules.nets())


def _completions(j: int) -> int:
    return math.comb(46 - j, 4)


@dataclass(frozen=True)
class SwitchAnalysis:
    """Every option of one hand's draw, best first (EV, then standing, buying, fewer cards switched).

    ``hand``: the player's five cards; ``up``: the dealer's up card; ``rules``: the table's rules
    (``game_rules`` is the whole game, with ``draw``); ``draw``: the draw (``Draw``: switch fees,
    a sixth card's fee); ``options``: every ``SwitchOption``, best first.
    """

    hand: tuple[Card, ...]
    up: Card
    rules: Rules
    draw: Draw
    options: tuple[SwitchOption, ...]

    @property
    def fees(self) -> SwitchFees | None:
        """The switch fees (None: the draw only buys a sixth card)."""
        return self.draw.switch

    @property
    def switches(self) -> tuple[SwitchOption, ...]:
        """Standing and the discard sets, best first (without buying)."""
        return tuple(o for o in self.options if not o.bought)

    @property
    def best(self) -> SwitchOption:
        """The best option (the first)."""
        return self.options[0]

    @property
    def game_rules(self) -> Rules:
        """The rules naming the whole game: the table's rules with the draw (``rules.draw``)."""
        return whole_game(self.rules, self.draw)

    @property
    def stand(self) -> SwitchOption:
        """Standing: no card switched."""
        return next(o for o in self.options if not o.discard)


def switch_ev(hand: CardsLike, up: CardsLike, fees: SwitchFeesLike | None = None, *, rules: Rules | None = None,
              buy_fee: Number | None = None, threads: int | None = None) -> SwitchAnalysis:
    """The exact EV (per ante, fee included) of every option of the draw, best first.

    The options: standing, every discard set the fees allow, and buying a sixth card where it may
    be bought.

    ``hand``: the player's five cards ("As Kd 7h 4c 2s"); ``up``: the dealer's up card.
    ``fees``: the fee in antes of switching 1, 2, ... cards ("1,2,3,4,5", "1,2,3,2,1", "1" for a
    table that allows one card; or a name of ``FEE_SCHEDULES``). Switching all five forces a raise.
    ``buy_fee``: the fee of a sixth card (the player then plays the best five of six). None (the
    default) for both: the draw of ``rules`` (``Rules.make(switch_fees=..., buy_fee=...)``), else
    "linear" switching. ``rules``: the table's rules (default None: the standard game);
    ``threads``: the core's threads (default: the machine's cores). Returns a ``SwitchAnalysis``;
    raises ``InvalidCards`` or ``InvalidRules`` for bad input.

    >>> switch_ev("As Ks Qs Js 2d", "5h", rules=Rules.make(switch_fees="1")).best.fee
    Fraction(1, 1)
    """
    rules, draw = draw_game(fees, rules, "linear", buy_fee)
    h, u, _, _ = parse_situation(hand, up)
    f = draw.switch if draw.switch is not None else SwitchFees((Fraction(0),))
    sets = [d for d in range(DISCARD_SETS) if (d == 0 or draw.switch is not None) and f.allows(d.bit_count())]
    mask = sum(1 << d for d in sets)
    totals = switch_totals([c.index for c in h], u.index, mask, rules, threads=threads)
    options = []
    for d in sets:
        discard = tuple(c for i, c in enumerate(h) if d >> i & 1)
        kept = tuple(c for i, c in enumerate(h) if not d >> i & 1)
        options.append(SwitchOption(discard, kept, f.fee(len(discard)), totals[d], rules))
    if draw.buy is not None:
        options.append(SwitchOption((), h, draw.buy, buy_totals([c.index for c in h], u.index, rules), rules, True))
    order = sorted(range(len(options)), key=lambda k: (-options[k].ev, _rank(options[k]), k))
    return SwitchAnalysis(h, u, rules, draw, tuple(options[k] for k in order))


def _rank(o: SwitchOption) -> int:
    """Ties: standing first, then buying, then fewer cards switched."""
    return 0 if o.kind == "stand" else 1 if o.bought else 1 + len(o.discard)
