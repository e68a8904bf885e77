"""One situation: the player's five cards and the dealer's up card -> exact EVs and the decision.

>>> d = ev("As Kd 7h 4c 2s", "Qh")
>>> d.decision, d.ev_raise, d.counts.total
('fold', Fraction(-12773, 10879), 163185)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..engine.counts import Counts, DealCounts
from ..engine.deals import deal
from ..engine.pricing import ReturnRow, raise_ev, raise_rows
from ..errors import InvalidCards, shown
from ..model.cards import RANKS, Card, CardsLike, check_distinct, format_cards, parse_cards, rank_index
from ..model.checks import check_rules
from ..model.hands import CATEGORIES
from ..model.rules import Number, PaytableLike, QualifierLike, Rules

__all__ = ["Counts", "Decision", "RankQuery", "SuitGroup", "decide", "ev", "ev_many", "ev_ranks", "parse_situation"]


def decide(ev_raise: Fraction, ev_fold: Fraction) -> str:
    """"raise", "fold", or "either" on an exact tie."""
    return "raise" if ev_raise > ev_fold else "fold" if ev_raise < ev_fold else "either"


@dataclass(frozen=True, slots=True)
class Decision:
    """The exact answer for one situation (EVs per ante).

    ``hand``, ``up``, ``dead`` and ``dealer``: the cards as ``ev`` read them; ``rules``: the rules
    priced; ``counts``: the dealer completions by outcome; ``player_category``: the player's hand
    category (0 = high card .. 9 = royal flush); ``ev_raise`` and ``ev_fold``: the exact EV of
    raising and of folding, per ante; the other fields as their comments say.
    """

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
        """The category of the player's hand: "high card" .. "royal flush"."""
        return CATEGORIES[self.player_category]

    def probabilities(self) -> dict[str, Fraction]:
        """The four outcomes as exact probabilities over the completions."""
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
        raise InvalidCards(f"hand {shown(format_cards(h) or hand)}: expected 5 cards, got {len(h)}")
    u = parse_cards(up)
    if len(u) != 1:
        raise InvalidCards(f"up card {shown(format_cards(u) or up)}: expected 1 card, got {len(u)}")
    d = parse_cards(dead)
    k = parse_cards(dealer)
    if len(k) > 4:
        raise InvalidCards(f"dealer cards {shown(format_cards(k))}: at most 4 hole cards can be known, got {len(k)}")
    check_distinct([("the hand", h), ("the up card", u), ("the dead cards", d), ("the dealer cards", k)])
    unseen = 52 - 6 - len(d) - len(k)
    if unseen < 4 - len(k):
        raise InvalidCards(f"dead cards {shown(format_cards(d))}: only {unseen} cards left, the dealer needs "
                           f"{4 - len(k)} more")
    return h, u[0], d, k


def decision_from(hand: tuple[Card, ...], up: Card, rules: Rules, raw: DealCounts,
                  dead: tuple[Card, ...] = (), dealer: tuple[Card, ...] = (),
                  with_dealer_categories: bool = True, played: str | None = None) -> Decision:
    """The Decision of one counted situation."""
    counts = Counts(raw.not_qualify, raw.win, raw.tie, raw.lose)
    nets = rules.nets()
    return Decision(hand, up, dead, dealer, rules, counts, raw.player_category,
                    raw.dealer_categories if with_dealer_categories else None,
                    raise_ev(counts, raw.player_category, nets), nets.fold, played)


def ev(hand: CardsLike, up: CardsLike, *more: object, dead: CardsLike | None = None,
       dealer: CardsLike | None = None, paytable: PaytableLike = None, qualifier: QualifierLike = None,
       ante: Number | None = None, max_payout: Number | None = None, rules: Rules | None = None) -> Decision:
    """Exact EV of raising and folding for one situation, by enumerating every dealer completion.

    Cards as text ("As Kd", "AsKd", "10d"), ``Card`` objects or a list of either:

    - ``hand``: your five cards ("As Kd 7h 4c 2s").
    - ``up``: the dealer's up card.
    - ``dead``: cards seen elsewhere (other players' hands, the burn card), out of the dealer's hand
      (default None: none).
    - ``dealer``: the dealer's hole cards you know, 0 to 4 (default None: none).

    The rules as their parts, or all of them at once (keyword only, like ``dead`` and ``dealer``):

    - ``paytable``: a name, ten pays royal flush first, or a ``Paytable`` (default None: "standard").
    - ``qualifier``: "AK", "pair", "44", five ranks, a hand value or a ``Qualifier`` (default None:
      ace-king).
    - ``ante``: the ante size in money, needed only with a cap (default None).
    - ``max_payout``: the cap on what one bet can win, in money (default None: no cap).
    - ``rules``: a ``Rules``; it wins over the parts (default None: the rules made from the parts).

    Ranks without suits: ``ev_ranks``.

    Returns a ``Decision`` (EVs per ante). Raises ``InvalidCards`` (a ``ValueError``) for a card
    that does not parse, a repeated card, or a hand of other than five cards, and ``InvalidRules``
    (a ``ValueError``) for bad rules.

    >>> d = ev("Ah Kh Qh Jh Th", "2c")
    >>> d.player_hand_name, d.decision, d.ev_raise > 100
    ('royal flush', 'raise', True)
    """
    if more:
        raise InvalidCards(f"ev: {len(more) + 2} cards or groups given where 2 go (the hand and the up card); "
                           f"name the others: dead={shown(more[0])} or dealer={shown(more[0])}")
    rules = Rules.make(paytable, qualifier, ante, max_payout) if rules is None else check_rules(rules)
    h, u, d, k = parse_situation(hand, up, dead, dealer)
    raw = deal([c.index for c in h], u.index, [c.index for c in d], [c.index for c in k],
               rules.qualifier.value)
    return decision_from(h, u, rules, raw, d, k)


#: One situation for ``ev_many``: (hand, up), (hand, up, dead) or (hand, up, dead, dealer).
SituationLike = tuple[CardsLike | None, ...]


def ev_many(situations: Iterable[SituationLike], *, rules: Rules | None = None) -> Iterator[Decision]:
    """``ev`` for many situations under one set of rules, lazily.

    One ``Decision`` per situation, in order; each situation is (hand, up[, dead[, dealer]]).

    - ``situations``: an iterable of such tuples, cards as ``ev`` takes them.
    - ``rules``: the game's ``Rules``, for every situation (keyword only; default None: the standard
      game).

    Yields one ``Decision`` per situation; raises ``InvalidCards`` / ``InvalidRules`` (both
    ``ValueError``) as ``ev`` does, when the bad situation is reached.

    >>> [d.decision for d in ev_many([("As Kd 7h 4c 2s", "Qh"), ("Ac Ad 7h 4c 2s", "Qh", "Kc")])]
    ['fold', 'raise']
    """
    rules = check_rules(rules)
    if isinstance(situations, (str, bytes)) or not isinstance(situations, Iterable):
        raise InvalidCards(f"situations: {shown(situations)} is not a list of (hand, up[, dead, dealer])")
    return _ev_many(situations, rules)


def _ev_many(situations: Iterable[SituationLike], rules: Rules) -> Iterator[Decision]:
    q = rules.qualifier.value
    for n, s in enumerate(situations, 1):
        if not isinstance(s, (tuple, list)) or not 2 <= len(s) <= 4:
            raise InvalidCards(f"situation {n}: {shown(s)} is not (hand, up[, dead, dealer])")
        hand, up, *extra = s
        if hand is None or up is None:
            raise InvalidCards(f"situation {n}: a hand and an up card are needed")
        h, u, d, k = parse_situation(hand, up, *extra)
        raw = deal([c.index for c in h], u.index, [c.index for c in d], [c.index for c in k], q)
        yield decision_from(h, u, rules, raw, d, k)


@dataclass(frozen=True, slots=True)
class SuitGroup:
    """The suit combinations of a rank-only query that look alike to a chart: all five cards
    suited or not, and how many of them share the up card's suit."""

    flush: bool
    suited: int
    raises: int                 # combinations (distinct sets of cards) that raise
    total: int
    lowest_margin: Fraction     # EV(raise) - EV(fold), per ante, over the group
    highest_margin: Fraction


@dataclass(frozen=True)
class RankQuery:
    """Every suit combination of five ranks against an up card's rank: how many raise, and what
    decides (``groups``, by suitedness).

    ``ranks``: the five ranks (0 = deuce .. 12 = ace), high to low, groups first; ``up_rank``: the
    up card's rank; ``rules``: the rules priced; ``groups``: the combinations grouped by how many
    of the player's cards share the up card's suit and whether the hand is a flush.
    """

    ranks: tuple[int, ...]      # high to low, groups first
    up_rank: int
    rules: Rules
    groups: tuple[SuitGroup, ...]

    @property
    def total(self) -> int:
        """Suit combinations counted."""
        return sum(g.total for g in self.groups)

    @property
    def raises(self) -> int:
        """Suit combinations that raise."""
        return sum(g.raises for g in self.groups)


def ev_ranks(ranks: str | Sequence[int], up_rank: str | int, *, rules: Rules | None = None) -> RankQuery:
    """Five ranks without suits against an up card's rank: every suit combination, decided exactly.

    The up card's suit is fixed (the others give the same answers by symmetry); each distinct set
    of five cards counts once.

    - ``ranks``: the five ranks, as text ("AKJ83", "KK T 9 5"; "10" reads as T) or a list of rank
      indexes 0 (deuce) .. 12 (ace).
    - ``up_rank``: the up card's rank, as a character ("K") or an index 0 .. 12.
    - ``rules``: the game's ``Rules`` (keyword only; default None: the standard game).

    Returns a ``RankQuery``. Raises ``InvalidCards`` (a ``ValueError``) for ranks that are not five
    ranks, or an up rank the hand holds all four of; ``InvalidRules`` for bad rules.

    >>> q = ev_ranks("AKJ83", "K")
    >>> q.total, q.raises, [(g.suited, g.raises, g.total) for g in q.groups][:2]
    (768, 768, [(0, 240, 240), (1, 324, 324)])
    """
    rules = check_rules(rules)
    rs = _ranks_of(ranks)
    up = rank_index(up_rank) if isinstance(up_rank, str) else up_rank
    if isinstance(up, bool) or not isinstance(up, int) or not 0 <= up <= 12:
        raise InvalidCards(f"up card rank {shown(up_rank)}: expected 2-9, T, J, Q, K or A")
    if rs.count(up) >= 4:
        raise InvalidCards(f"up card rank {RANKS[up]}: the hand holds all four")
    up_card = up * 4  # clubs
    counts = {r: rs.count(r) for r in rs}
    choices = [[c for c in itertools.combinations(range(4), m) if not (r == up and 0 in c)]
               for r, m in counts.items()]
    margins: dict[tuple[bool, int], list[Fraction]] = {}
    nets = rules.nets()
    for pick in itertools.product(*choices):
        cards = [r * 4 + s for (r, _), suits in zip(counts.items(), pick) for s in suits]
        raw = deal(cards, up_card, (), (), rules.qualifier.value)
        c = Counts(raw.not_qualify, raw.win, raw.tie, raw.lose)
        key = (len({x & 3 for x in cards}) == 1, sum(x & 3 == 0 for x in cards))
        margins.setdefault(key, []).append(raise_ev(c, raw.player_category, nets) - nets.fold)
    groups = tuple(SuitGroup(f, n, sum(m > 0 for m in ms), len(ms), min(ms), max(ms))
                   for (f, n), ms in sorted(margins.items()))
    grouped = tuple(sorted(rs, key=lambda r: (-counts[r], -r)))
    return RankQuery(grouped, up, rules, groups)


def _ranks_of(ranks: str | Sequence[int]) -> list[int]:
    if isinstance(ranks, str):
        text = ranks.replace(" ", "").replace(",", "").upper().replace("10", "T")
        out = [rank_index(ch) for ch in text]
    elif isinstance(ranks, (list, tuple)) and all(isinstance(r, int) and not isinstance(r, bool) for r in ranks):
        out = list(ranks)
    else:
        raise InvalidCards(f"ranks {shown(ranks)}: expected five ranks such as 'AKJ83'")
    if len(out) != 5 or not all(0 <= r <= 12 for r in out):
        raise InvalidCards(f"ranks {shown(ranks)}: expected five ranks such as 'AKJ83'")
    if any(out.count(r) > 4 for r in out):
        raise InvalidCards(f"ranks {shown(ranks)}: a rank appears more than four times")
    return out
