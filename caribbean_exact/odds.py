"""One situation: the player's five cards and the dealer's up card -> exact EVs and the decision.

>>> d = ev("As Kd 7h 4c 2s", "Qh")
>>> d.decision, d.ev_raise, d.counts.total
('fold', Fraction(-12773, 10879), 163185)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from . import _ffi
from ._validate import check_rules
from .cards import Card, CardsLike, check_distinct, format_cards, parse_cards
from .counts import Counts
from .errors import InvalidCards
from .hands import CATEGORIES
from .pricing import ReturnRow, raise_ev, raise_rows
from .rules import Number, PaytableLike, QualifierLike, Rules

__all__ = ["Counts", "Decision", "decide", "ev", "parse_situation"]


def decide(ev_raise: Fraction, ev_fold: Fraction) -> str:
    """"raise", "fold", or "either" on an exact tie."""
    return "raise" if ev_raise > ev_fold else "fold" if ev_raise < ev_fold else "either"


@dataclass(frozen=True, slots=True)
class Decision:
    """The exact answer for one situation (EVs per ante)."""

    hand: tuple[Card, ...]
    up: Card
    dead: tuple[Card, ...]
    dealer: tuple[Card, ...]
    rules: Rules
    counts: Counts
    player_category: int
    #: Every completion by the dealer's category (None when decided from the whole-game solver).
    dealer_categories: tuple[int, ...] | None
    ev_raise: Fraction
    ev_fold: Fraction
    #: The decision of the strategy this answer comes from, when it is not the optimal one
    #: (``GameReport.decision`` of a simple strategy's report); None: optimal play.
    played: str | None = None

    @property
    def decision(self) -> str:
        """"raise" or "fold" (optimal play: "either" on an exact tie), as the strategy decides."""
        return self.played or self.optimal_decision

    @property
    def optimal_decision(self) -> str:
        """The optimal decision: "raise", "fold", or "either" on an exact tie."""
        return decide(self.ev_raise, self.ev_fold)

    @property
    def margin(self) -> Fraction:
        """EV(raise) - EV(fold): positive means raise."""
        return self.ev_raise - self.ev_fold

    @property
    def ev(self) -> Fraction:
        """EV of the better decision."""
        return max(self.ev_raise, self.ev_fold)

    @property
    def player_hand_name(self) -> str:
        return CATEGORIES[self.player_category]

    def probabilities(self) -> dict[str, Fraction]:
        t = self.counts.total
        return {k: Fraction(v, t) for k, v in self.counts.as_dict().items()}

    def rows(self) -> list[ReturnRow]:
        """The raise outcomes with count, probability, net per ante and contribution to EV(raise)."""
        return raise_rows(self.counts, self.player_category, self.rules.nets())


def parse_situation(hand: CardsLike, up: CardsLike, dead: CardsLike | None = None,
                    dealer: CardsLike | None = None) -> tuple[tuple[Card, ...], Card, tuple[Card, ...],
                                                              tuple[Card, ...]]:
    """Parse and validate the cards of one situation; errors name the offending card."""
    h = parse_cards(hand)
    if len(h) != 5:
        raise InvalidCards(f"hand {format_cards(h) or hand!r}: expected 5 cards, got {len(h)}")
    u = parse_cards(up)
    if len(u) != 1:
        raise InvalidCards(f"up card {format_cards(u) or up!r}: expected 1 card, got {len(u)}")
    d = parse_cards(dead)
    k = parse_cards(dealer)
    if len(k) > 4:
        raise InvalidCards(f"dealer cards {format_cards(k)!r}: at most 4 hole cards can be known, got {len(k)}")
    check_distinct([("the hand", h), ("the up card", u), ("the dead cards", d), ("the dealer cards", k)])
    unseen = 52 - 6 - len(d) - len(k)
    if unseen < 4 - len(k):
        raise InvalidCards(f"dead cards {format_cards(d)!r}: only {unseen} cards left, the dealer needs "
                           f"{4 - len(k)} more")
    return h, u[0], d, k


def decision_from(hand: tuple[Card, ...], up: Card, rules: Rules, raw: _ffi.DealCounts,
                  dead: tuple[Card, ...] = (), dealer: tuple[Card, ...] = (),
                  with_dealer_categories: bool = True, played: str | None = None) -> Decision:
    """The Decision of one counted situation."""
    counts = Counts(raw.not_qualify, raw.win, raw.tie, raw.lose)
    nets = rules.nets()
    return Decision(hand, up, dead, dealer, rules, counts, raw.player_category,
                    raw.dealer_categories if with_dealer_categories else None,
                    raise_ev(counts, raw.player_category, nets), nets.fold, played)


def ev(hand: CardsLike, up: CardsLike, *, dead: CardsLike | None = None, dealer: CardsLike | None = None,
       paytable: PaytableLike = None, qualifier: QualifierLike = None, ante: Number | None = None,
       max_payout: Number | None = None, rules: Rules | None = None) -> Decision:
    """Exact EV of raising and folding for one situation, by enumerating every dealer completion.

    >>> d = ev("Ah Kh Qh Jh Th", "2c")
    >>> d.player_hand_name, d.decision, d.ev_raise > 100
    ('royal flush', 'raise', True)
    """
    rules = Rules.make(paytable, qualifier, ante, max_payout) if rules is None else check_rules(rules)
    h, u, d, k = parse_situation(hand, up, dead, dealer)
    raw = _ffi.deal([c.index for c in h], u.index, [c.index for c in d], [c.index for c in k],
                    rules.qualifier.value)
    return decision_from(h, u, rules, raw, d, k)
