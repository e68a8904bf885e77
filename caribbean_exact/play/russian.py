"""Russian Poker (Lunar Poker, Royal Poker), one hand, exact: every draw option in order of play,
each followed by its best fold or play, and buying the game against a given dealer hand.

The options: play the hand as dealt (or fold), exchange each allowed set of cards, buy a sixth
card, each for its fee. After the draw the player folds (losing the ante and the fee) or plays; his
play's EV counts every dealer completion and, where the dealer does not qualify, his choice of
taking the ante's pay or buying the game, decided for each dealer hand seeing it, every replacement
card counted (``csrc/switch_russian.c``).

>>> a = russian_ev("As Ks Qs Js 2d", "5h", "lunar", exchange_sizes=(2,))
>>> [o.kind for o in a.options][:2], a.best.kind, a.stand.decision
(['buy', 'switch'], 'buy', 'fold')
>>> a.best.ev > 3 > 0 > a.stand.ev
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..engine.russian import RussianCounts, buy_game_counts, option_counts, russian_pay
from ..errors import InvalidRules, shown
from ..model.cards import Card, CardsLike, check_distinct, parse_cards
from ..model.russian import RussianGame
from .odds import parse_situation

__all__ = ["RussianAnalysis", "RussianBuyGame", "RussianOption", "instant_pay", "russian_buy_game", "russian_ev"]


@dataclass(frozen=True)
class RussianOption:
    """One option of one hand: ``kind`` "stand" (play as dealt or fold), "switch" (exchange the
    ``discard`` cards) or "buy" (a sixth card); ``kept``: the cards kept; ``fee`` in antes; ``counts``:
    the core's sums over its final hands (``RussianCounts``); ``instant``: the dealt hand's instant pay
    on the ante, in ``ev`` and ``play_ev`` (0: none)."""

    kind: str
    discard: tuple[Card, ...]
    kept: tuple[Card, ...]
    fee: Fraction
    counts: RussianCounts
    instant: Fraction = Fraction(0)

    @property
    def ev(self) -> Fraction:
        """The EV per ante, fee included, each final hand folded or played at its best (and the dealt
        hand's instant pay, ``instant``, where it earns one)."""
        return self.counts.best_ev - self.fee + self.instant

    @property
    def play_ev(self) -> Fraction:
        """The EV per ante, fee included, playing after every replacement (the instant pay included)."""
        return self.counts.play_ev - self.fee + self.instant

    @property
    def replacements(self) -> int:
        """The final hands: C(46, j) replacement sets of j cards, 46 sixth cards, 1 as dealt."""
        return self.counts.hands

    @property
    def raise_share(self) -> Fraction:
        """The share of the final hands that are played."""
        return Fraction(self.counts.raise_hands, self.counts.hands)

    @property
    def insured_share(self) -> Fraction:
        """The share of the final hands whose play takes insurance (where the rules offer it: three of
        a kind or better, the dealer more likely not to qualify than to qualify)."""
        return Fraction(self.counts.insured_hands, self.counts.hands)

    @property
    def decision(self) -> str:
        """"play" or "fold" (after every replacement), "either" (as dealt, an exact tie) or "depends"."""
        c = self.counts
        if c.raise_hands == c.hands:
            return "play"
        if c.raise_hands == 0:
            return "either" if c.indifferent_hands == c.hands else "fold"
        return "depends"


@dataclass(frozen=True)
class RussianBuyGame:
    """Buying the game against one dealer hand that does not qualify: ``player``, the player's final
    cards, ``dealer`` the dealer's five (up card first), ``dead`` cards out of play; ``qualifies``:
    whether the dealer qualifies as dealt (then there is nothing to buy); ``replaced``: his card
    replaced (None: he draws a sixth); the replacement cards after which he ``not_qualify``, the
    player ``win``s, ``tie``s, ``lose``s, of ``cards``; ``pay``: the player's pay to 1 on a win;
    ``game``: the rules."""

    player: tuple[Card, ...]
    dealer: tuple[Card, ...]
    dead: tuple[Card, ...]
    qualifies: bool
    replaced: Card | None
    not_qualify: int
    win: int
    tie: int
    lose: int
    cards: int
    pay: Fraction
    game: RussianGame

    @property
    def take_ev(self) -> Fraction:
        """The net per ante of taking the ante's pay (the bet returned)."""
        return Fraction(1 if self.game.ante_no_qualify == "paid" else 0)

    @property
    def buy_ev(self) -> Fraction | None:
        """The net per ante of buying the game, its fee included (None: not offered, or the dealer
        qualifies)."""
        g = self.game
        if g.buy_game_fee is None or self.qualifies or not self.cards:
            return None
        win = (1 if g.ante_on_win == "paid" else 0) + g.bet * self.pay
        after = 1 if g.ante_after_buy_no_qualify == "paid" else 0
        total = self.not_qualify * after + self.win * win - self.lose * (1 + g.bet)
        return Fraction(total, self.cards) - g.buy_game_fee

    @property
    def best(self) -> str:
        """"buy" when buying the game is worth more than taking the ante, else "take"."""
        b = self.buy_ev
        return "buy" if b is not None and b > self.take_ev else "take"

    @property
    def gain(self) -> Fraction:
        """What buying is worth beside taking (negative: it costs), per ante; 0 when not offered."""
        b = self.buy_ev
        return Fraction(0) if b is None else b - self.take_ev


@dataclass(frozen=True)
class RussianAnalysis:
    """Every option of one hand, best first (EV, then standing, buying, fewer cards exchanged).

    ``hand``, ``up``: the cards; ``game``: the rule set; ``options``: every ``RussianOption``;
    ``exchange_sizes``: the exchange sizes counted; ``left_out``: the sizes the rules allow that were
    not asked for; ``buy_game``: buying the game against a given dealer hand (None: none given);
    ``instant``: the instant pay on the ante the dealt five earn (a royal or straight flush where the
    rules pay one), in every option's EV and in folding."""

    hand: tuple[Card, ...]
    up: Card
    game: RussianGame
    options: tuple[RussianOption, ...]
    exchange_sizes: tuple[int, ...]
    left_out: tuple[int, ...]
    buy_game: RussianBuyGame | None = None
    instant: Fraction = Fraction(0)

    @property
    def best(self) -> RussianOption:
        """The best option (the first)."""
        return self.options[0]

    @property
    def stand(self) -> RussianOption:
        """Playing the hand as dealt (or folding it)."""
        return next(o for o in self.options if o.kind == "stand")

    @property
    def instant_hand(self) -> str | None:
        """"royal flush" or "straight flush" where the dealt five earn an instant pay, else None."""
        if not self.instant:
            return None
        return "royal flush" if russian_pay([c.index for c in self.hand], self.game)[1] == "royal-flush" \
            else "straight flush"

    @property
    def fold_ev(self) -> Fraction:
        """Folding at once: the ante lost (an instant pay, paid as the cards are seen, kept)."""
        return Fraction(-1) + self.instant


def russian_ev(hand: CardsLike, up: CardsLike, game: RussianGame | str = "lunar", *,
               exchange_sizes: Sequence[int] | None = None, dealer: CardsLike | None = None,
               threads: int | None = None) -> RussianAnalysis:
    """The exact EV per ante of every option of one Russian Poker hand, best first.

    ``hand``: the player's five cards; ``up``: the dealer's up card; ``game``: a rule set
    (``RussianGame``, "lunar", "russian" or a TOML file); ``exchange_sizes``: the numbers of cards
    whose exchanges are counted (default: every size the rules allow; every option takes 2.6 to 6 s on
    two cores, the exchanges of up to three cards under a second, the four- and five-card ones 1 to 6 s
    each size); ``dealer``: the dealer's four
    hole cards, to price buying the game for the hand as dealt (``buy_game``); ``threads``: the core's
    threads (default: the machine's cores). Raises ``InvalidCards`` or ``InvalidRules``.

    >>> russian_ev("Ah Kd 9c 9s 3h", "2c", "lunar", exchange_sizes=()).stand.decision
    'play'
    """
    g = RussianGame.parse(game)
    h, u, _, _ = parse_situation(hand, up)
    allowed = g.exchange_sizes()
    if exchange_sizes is None:
        sizes = allowed
    else:
        if isinstance(exchange_sizes, (str, bytes)) or not all(
                isinstance(k, int) and not isinstance(k, bool) for k in exchange_sizes):
            raise InvalidRules(f"exchange sizes {shown(exchange_sizes)}: expected numbers of cards")
        sizes = tuple(sorted(set(exchange_sizes)))
        bad = [k for k in sizes if k not in allowed]
        if bad:
            raise InvalidRules(f"exchange size {bad[0]}: {g.name} allows "
                               f"{'no exchange' if not allowed else f'{allowed[0]} to {allowed[-1]} cards'}")
    mask = 1 | sum(1 << d for d in range(1, 32) if d.bit_count() in sizes)
    sixth = g.sixth_card_fee is not None
    counts = option_counts([c.index for c in h], u.index, g, mask, sixth, threads)
    bonus = instant_pay(h, g)
    options = []
    for d in range(32):
        c = counts[d]
        if c is None:
            continue
        discard = tuple(x for i, x in enumerate(h) if d >> i & 1)
        kept = tuple(x for i, x in enumerate(h) if not d >> i & 1)
        options.append(RussianOption("switch" if d else "stand", discard, kept, g.exchange_fee if d else Fraction(0),
                                     c, bonus))
    if sixth and counts[32] is not None:
        assert g.sixth_card_fee is not None
        options.append(RussianOption("buy", (), h, g.sixth_card_fee, counts[32], bonus))
    order = sorted(range(len(options)), key=lambda k: (-options[k].ev, _rank(options[k]), k))
    bg = None
    if dealer is not None:
        holes = parse_cards(dealer)
        if len(holes) != 4:
            raise InvalidRules(f"dealer {shown(dealer)}: expected the dealer's four hole cards, got {len(holes)}")
        bg = russian_buy_game(h, (u, *holes), g)
    return RussianAnalysis(h, u, g, tuple(options[k] for k in order), sizes,
                           tuple(k for k in allowed if k not in sizes), bg, bonus)


def instant_pay(hand: CardsLike, game: RussianGame | str = "lunar") -> Fraction:
    """The instant pay on the ante, per ante, that five dealt cards earn: the rule set's
    ``instant_pays`` (royal flush, straight flush) where it has them, else 0. It is paid as the cards
    are seen, whatever the player then does (our reading of the Lunar rules: an instant payout "for a
    royal or straight flush in the first five cards").

    >>> instant_pay("As Ks Qs Js Ts", "lunar"), instant_pay("9h 8h 7h 6h 5h", "lunar")
    (Fraction(1000, 1), Fraction(250, 1))
    >>> instant_pay("As Ks Qs Js Ts", "russian"), instant_pay("As Ks Qs Js 9s", "lunar")
    (Fraction(0, 1), Fraction(0, 1))
    """
    g = RussianGame.parse(game)
    h = parse_cards(hand)
    if len(h) != 5:
        raise InvalidRules(f"hand {shown(hand)}: expected the five dealt cards, got {len(h)}")
    check_distinct([("hand", h)])
    if not g.instant_pays:
        return Fraction(0)
    _, first, _ = russian_pay([c.index for c in h], g)
    return {"royal-flush": g.instant_pays[0], "straight-flush": g.instant_pays[1]}.get(first or "", Fraction(0))


def _rank(o: RussianOption) -> int:
    return 0 if o.kind == "stand" else 1 if o.kind == "buy" else 1 + len(o.discard)


def russian_buy_game(player: CardsLike, dealer: CardsLike, game: RussianGame | str = "lunar", *,
             dead: CardsLike | None = None) -> RussianBuyGame:
    """Buying the game against one dealer hand, exact: every card that may replace the dealer's.

    ``player``: the player's final cards (five, or six after buying one); ``dealer``: the dealer's
    five cards (the up card and his four hole cards); ``game``: the rule set; ``dead``: cards out of
    play (the player's discards). Returns a ``RussianBuyGame`` (``best``: "buy" or "take"; ``gain``).

    >>> b = russian_buy_game("Ah Kh 9h 6h 2h", "Qs 9d 6c 4d 2s", "lunar")
    >>> b.qualifies, str(b.replaced), b.cards, b.best, b.gain > 0
    (False, 'Qs', 42, 'buy', True)
    """
    g = RussianGame.parse(game)
    p = parse_cards(player)
    d = parse_cards(dealer)
    x = parse_cards(dead) if dead is not None else ()
    if len(p) not in (5, 6):
        raise InvalidRules(f"player {shown(player)}: expected five or six cards, got {len(p)}")
    if len(d) != 5:
        raise InvalidRules(f"dealer {shown(dealer)}: expected the dealer's five cards, got {len(d)}")
    if len(x) > 5:
        raise InvalidRules(f"dead {shown(dead)}: expected at most five cards, got {len(x)}")
    check_distinct([("player", p), ("dealer", d), ("dead", x)])
    nq, win, tie, lose, cards, replaced, qualifies = buy_game_counts(
        [c.index for c in p], [c.index for c in x], [c.index for c in d], g)
    pay, _, _ = russian_pay([c.index for c in p], g)
    return RussianBuyGame(p, d, x, bool(qualifies), None if replaced == 52 else Card(replaced), nq, win, tie,
                   lose, cards, pay, g)
