"""Card switching (Oasis Poker): a short switching strategy in plain words, and its exact cost.

The rules are data: lines read in order, the first whose condition holds deciding what to switch
(nothing, the odd card of a draw, or all five). They were read off the exact per-hand results
(``play.switching.switch_ev``) over sampled hands; what they cost against the optimal switching
is exact for one hand (``rule_cost``) and sampled for the whole game
(``play.switch_game.sample_switch_game(..., strategy=...)``, paired with the optimum on the same
deals). After the switch the cost counts the exact best raise-or-fold decision for the cards
drawn (as ``switch_ev`` does); a player applies the raise lines of the plain strategy card.

>>> r = switch_rules("1")
>>> [(x.condition, x.action) for x in r.lines][:2]
[('four to a flush', 'odd card'), ('pair or better', 'stand')]
>>> [str(c) for c in r.discard("As Ks Qs Js 2d", "5h")]
['2d']
>>> c = rule_cost("As Ks Qs Js 2d", "5h", "1")
>>> c.line, c.cost
(0, Fraction(0, 1))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING

from ..engine.recent import Recent
from ..engine.switch import NO_SWITCH, exact_switch_counts, game_hands, given_game_counts
from ..errors import InvalidRules, shown
from ..model.cards import Card, CardsLike
from ..model.checks import check_progress, check_rules, check_threads
from ..model.rules import Rules
from ..play.odds import parse_situation
from ..play.switch_exact import ExactSwitchGame, exact_game_from
from ..play.switch_game import (
    OneCardGame,
    OneOrFiveGame,
    SwitchGame,
    SwitchSample,
    count_open_sizes,
    one_card_fee,
    one_card_game_from,
    prove_switch_sizes,
    sample_switch_game,
    solve_one_card_game,
)
from ..play.switching import SwitchFees, SwitchFeesLike, switch_ev, switch_game
from ..progress import ProgressFn

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["CONDITIONS", "DEFAULT_SWITCH_DEALS", "RuleCost", "SwitchLinesGame", "SwitchRule", "SwitchRules",
           "SwitchStudy", "rule_cost", "solve_switch_lines", "switch_rules", "switch_study"]

#: Hands sampled for the whole game with switching unless told (each hand's options exact).
DEFAULT_SWITCH_DEALS = 1000

#: The conditions a line may test (the words a card prints for them are render's).
CONDITIONS: tuple[str, ...] = ("four to a flush", "pair or better", "four to an outside straight",
                               "four to an inside straight", "no pair", "anything", "three of a kind", "one pair",
                               "three to a straight flush", "three to a flush", "three to a straight")
#: The conditions that are draws: a line on them may switch the odd card.
DRAWS: tuple[str, ...] = ("four to a flush", "four to an outside straight", "four to an inside straight")
#: The draws of three cards (no pair): a line on them may keep the three and switch the other two.
THREE_DRAWS: tuple[str, ...] = ("three to a straight flush", "three to a flush", "three to a straight")
#: What a line may do: switch nothing, the one card outside the draw, all five cards, the two cards
#: beside three of a kind, the two cards beside a pair and its kicker (the highest other card not of the
#: dealer's card's rank), or the two cards beside a draw of three.
ACTIONS: tuple[str, ...] = ("stand", "odd card", "all five", "two odd cards", "pair and kicker", "keep three")
#: How many cards each action switches.
CARDS_SWITCHED: dict[str, int] = {"stand": 0, "odd card": 1, "all five": 5, "two odd cards": 2, "pair and kicker": 2,
                                  "keep three": 2}
#: The one condition each two-card action applies to (or the set of them).
_TWO_CARD_ACTIONS: dict[str, tuple[str, ...]] = {"two odd cards": ("three of a kind",),
                                                 "pair and kicker": ("one pair",), "keep three": THREE_DRAWS}


@dataclass(frozen=True, slots=True)
class SwitchRule:
    """One line of a switching strategy: when ``condition`` (one of ``CONDITIONS``) holds, do
    ``action`` (one of ``ACTIONS``). ``high``: for the straights, the least rank (0 = deuce ..
    12 = ace) the four cards' highest must reach, for the draws of three the highest of the three;
    ``up_ranks``: the up card ranks the line applies to (empty: every up card); ``pair_up_to``: for
    the flush, the highest rank of a pair the hand may hold besides (-1: no pair); for one pair the
    highest rank of the pair (-1: any). For a pair, ``below_up``: the dealer's card higher than the
    pair; for three of a kind, ``not_up_rank``: the dealer's card not of its rank. For the draws of
    three (three cards within five ranks, ace high, for a straight; exactly three of one suit for a
    flush): ``low``, the least rank of the lowest of the three; ``span``, the most ranks between the
    highest and the lowest (4: within five ranks); ``above_up``, how many of the three at least are
    higher than the dealer's card. Where several sets of three fit, the highest (by their ranks, the
    highest first) is kept."""

    condition: str
    action: str
    high: int = 0
    up_ranks: tuple[int, ...] = ()
    pair_up_to: int = -1
    below_up: bool = False
    not_up_rank: bool = False
    low: int = 0
    span: int = 4
    above_up: int = 0

    def __post_init__(self) -> None:
        if self.condition not in CONDITIONS:
            raise InvalidRules(f"switch rule condition {shown(self.condition)}: expected one of "
                               + ", ".join(CONDITIONS))
        if self.action not in ACTIONS:
            raise InvalidRules(f"switch rule action {shown(self.action)}: expected one of {', '.join(ACTIONS)}")
        if self.action == "odd card" and self.condition not in DRAWS:
            raise InvalidRules(f"switch rule: {self.condition!r} has no odd card")
        if self.action in _TWO_CARD_ACTIONS and self.condition not in _TWO_CARD_ACTIONS[self.action]:
            raise InvalidRules(f"switch rule: {self.action!r} does not apply to {self.condition!r} (only to "
                               + " or ".join(map(repr, _TWO_CARD_ACTIONS[self.action])) + ")")
        if not (0 <= self.span <= 4 and 0 <= self.above_up <= 3 and 0 <= self.low <= 12):
            raise InvalidRules(f"switch rule {self.condition!r}: span {shown(self.span)} (0 to 4), above_up "
                               f"{shown(self.above_up)} (0 to 3) or low {shown(self.low)} (0 to 12) out of range")

    def odd_card(self, hand: tuple[Card, ...], up: Card) -> Card | None:
        """The card this line switches when its condition holds for ``hand`` (the odd card of a
        draw; for other actions the first card it switches, or any card when it stands), or None when
        it does not hold."""
        d = self.discards(hand, up)
        return None if d is None else (d[0] if d else hand[0])

    def discards(self, hand: tuple[Card, ...], up: Card) -> tuple[Card, ...] | None:
        """The cards this line switches when its condition holds for ``hand`` (empty: it stands; all
        five for "all five"), in the hand's order, or None when it does not hold."""
        if self.up_ranks and up.rank not in self.up_ranks:
            return None
        if self.condition in THREE_DRAWS or self.condition in ("three of a kind", "one pair"):
            kept = self._kept(hand, up)
            if kept is None:
                return None
            return self._act(hand, tuple(c for c in hand if c not in kept))
        odd = self._odd(hand, up)
        if odd is None:
            return None
        return self._act(hand, (odd,))

    def _act(self, hand: tuple[Card, ...], switched: tuple[Card, ...]) -> tuple[Card, ...]:
        return () if self.action == "stand" else hand if self.action == "all five" else switched

    def _kept(self, hand: tuple[Card, ...], up: Card) -> tuple[Card, ...] | None:
        """The three cards kept under the conditions on three cards (or a pair and its kicker), or None."""
        ranks = [c.rank for c in hand]
        counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
        if self.condition == "three of a kind":
            if counts != [3, 1, 1]:
                return None
            trips = next(r for r in ranks if ranks.count(r) == 3)
            return None if self.not_up_rank and up.rank == trips else tuple(c for c in hand if c.rank == trips)
        if self.condition == "one pair":
            if counts != [2, 1, 1, 1]:
                return None
            pair = next(r for r in ranks if ranks.count(r) == 2)
            if (self.pair_up_to >= 0 and pair > self.pair_up_to) or (self.below_up and up.rank <= pair):
                return None
            kicker = max((c for c in hand if c.rank != pair), key=lambda c: (c.rank != up.rank, c.rank))
            return tuple(c for c in hand if c.rank == pair or c is kicker)
        if counts[0] > 1 or _made(hand):
            return None
        best: tuple[list[int], tuple[Card, ...]] | None = None
        suits = [c.suit for c in hand]
        for three in combinations(hand, 3):
            rs = sorted((c.rank for c in three), reverse=True)
            suited = len({c.suit for c in three}) == 1 and suits.count(three[0].suit) == 3
            if self.condition != "three to a straight" and not suited:
                continue
            if self.condition != "three to a flush" and rs[0] - rs[2] > self.span:
                continue
            if rs[2] < self.low or rs[0] < self.high or sum(r > up.rank for r in rs) < self.above_up:
                continue
            if best is None or rs > best[0]:
                best = (rs, three)
        return None if best is None else best[1]

    def _odd(self, hand: tuple[Card, ...], up: Card) -> Card | None:
        ranks = [c.rank for c in hand]
        paired = len(set(ranks)) < 5
        if self.condition == "anything":
            return hand[0]
        if self.condition == "pair or better":
            return hand[0] if paired or _made(hand) else None
        if self.condition == "no pair":
            return None if paired or _made(hand) else hand[0]
        if self.condition == "four to a flush":  # four of a suit: at most one pair, the fifth card in it
            suits = [c.suit for c in hand]
            odd = [c for c in hand if suits.count(c.suit) == 1]
            if len(odd) != 1 or max(suits.count(s) for s in suits) != 4 or _made(hand):
                return None
            return odd[0] if not paired or odd[0].rank <= self.pair_up_to else None
        if paired or _made(hand):
            return None
        window = _straight_window(ranks, self.condition == "four to an outside straight")
        if window is None:
            return None
        four = [r for r in ranks if _in_window(r, window)]
        if (3 if window == -1 else max(four)) < self.high:  # the wheel's highest card is its 5
            return None
        if self.condition == "four to an inside straight" and _in_window(up.rank, window) and up.rank not in ranks:
            return None  # the dealer's card is of the one rank the straight needs
        return next(c for c in hand if not _in_window(c.rank, window))


def _made(hand: tuple[Card, ...]) -> bool:
    """A straight or a flush (or better): nothing to draw to."""
    ranks = sorted({c.rank for c in hand})
    flush = len({c.suit for c in hand}) == 1
    straight = len(ranks) == 5 and (ranks[4] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12])
    return flush or straight


def _in_window(rank: int, low: int) -> bool:
    """Whether ``rank`` is one of the five ranks from ``low`` up (low -1: A-2-3-4-5, the ace low)."""
    return low <= rank <= low + 4 or (low == -1 and rank == 12)


def _straight_window(ranks: list[int], outside: bool) -> int | None:
    """The lowest rank of the five-rank window holding four of five distinct ``ranks`` (the highest
    such window; -1: the wheel's), or None. ``outside``: only four consecutive ranks that a card at
    either end completes (not A-K-Q-J, not A-2-3-4)."""
    found = None
    for low in range(-1, 9):
        inside = sum(_in_window(r, low) for r in ranks)
        if inside != 4:
            continue
        if outside:
            four = sorted(r for r in ranks if _in_window(r, low))
            if four[3] - four[0] == 3 and four[3] < 12:
                found = low
        else:
            found = low
    return found


#: A typical hand of each condition (hand, up card), for a card's examples; on each, the line's
#: action is the exact best option (tests/strategy/test_switch_rules.py).
EXAMPLES: dict[str, tuple[str, str]] = {
    "four to a flush": ("As 9s 6s 3s Kd", "7c"),
    "pair or better": ("9h 9d Kc 4s 2h", "Ac"),
    "four to an outside straight": ("9h 8c 7d 6s 2c", "Kd"),
    "four to an inside straight": ("Ks Qd Jc 9h 3s", "5d"),
    "no pair": ("Kh 9c 7d 4s 2h", "2c"),
    "three of a kind": ("Jh Jc Js Td 6c", "Ah"),
    "one pair": ("3c 3h Ad 8s 4d", "Th"),
    "three to a straight flush": ("Qd Jd Td 5s 4s", "8c"),
    "three to a flush": ("Ac Qc 9c 6h 5h", "3d"),
    "three to a straight": ("Qc Jd Th 5c 2d", "3d"),
}


@dataclass(frozen=True)
class SwitchRules:
    """A switching strategy: its lines in order (the first that holds decides; none holding:
    stand), for the fee schedule ``fees``. Then raise or fold."""

    fees: SwitchFees
    lines: tuple[SwitchRule, ...]

    def decide(self, hand: CardsLike, up: CardsLike) -> tuple[int | None, tuple[Card, ...]]:
        """The line that decides (its index; None: no line holds, stand) and the cards to switch."""
        h, u, _, _ = parse_situation(hand, up)
        for k, line in enumerate(self.lines):
            d = line.discards(h, u)
            if d is not None:
                return k, d
        return None, ()

    def examples(self) -> list[tuple[int, tuple[Card, ...], Card, tuple[Card, ...]]]:
        """For each line with an example in ``EXAMPLES`` that it decides: (the line's index, the
        hand, the up card, the cards it switches)."""
        out = []
        for k, line in enumerate(self.lines):
            if line.condition in EXAMPLES:
                h, u, _, _ = parse_situation(*EXAMPLES[line.condition])
                got, discard = self.decide(h, u)
                if got == k:
                    out.append((k, h, u, discard))
        return out

    def discard(self, hand: CardsLike, up: CardsLike) -> tuple[Card, ...]:
        """The cards to switch (empty: stand)."""
        return self.decide(hand, up)[1]

    def mask(self, hand: CardsLike, up: CardsLike) -> int:
        """The discard set as a bit mask over the hand's cards in the given order (bit i: card i)."""
        h = parse_situation(hand, up)[0]
        gone = set(self.discard(hand, up))
        return sum(1 << i for i, c in enumerate(h) if c in gone)

    def masks(self, hands: npt.NDArray[np.uint8], up: int) -> npt.NDArray[np.uint8]:
        """``mask`` of many hands at once (numpy over the hands): ``hands`` a (N, 5) array of cards
        (0 .. 51, rank * 4 + suit, five distinct in each row), ``up`` the up card (not in any row);
        the discard masks over each row's order, as ``mask`` gives them one at a time."""
        import numpy as np  # loaded by the commands that need it, not at start-up

        h = np.asarray(hands, dtype=np.int16)
        if h.ndim != 2 or h.shape[1] != 5:
            raise InvalidRules(f"hands of shape {shown(h.shape)}: expected (N, 5)")
        return _line_masks(self.lines, h >> 2, h & 3, up >> 2)

    def choices(self, up_rank: int) -> npt.NDArray[np.uint8]:
        """Every hand's choice beside the up card of rank ``up_rank`` and suit 0 in the one-card game's
        layout (``engine.switch.game_hands``): the card the lines switch, or ``NO_SWITCH`` (stand).
        Raises ``InvalidRules`` when a line switches more than one card (the one-card game cannot
        count it)."""
        import numpy as np  # loaded by the commands that need it, not at start-up

        if any(x.action == "all five" and (not x.up_ranks or up_rank in x.up_ranks) for x in self.lines) or not (
                isinstance(up_rank, int) and 0 <= up_rank <= 12):
            raise InvalidRules(f"switch rules {self.fees.short()}: a line switches more than one card against up rank "
                               f"{shown(up_rank)}, beyond the one-card game's exact counting (or no such rank)")
        hands = game_hands(up_rank)
        m = self.masks(hands, 4 * up_rank)
        if np.any(m & (m - 1)):
            raise InvalidRules(f"switch rules {self.fees.short()}: a line switches more than one card, beyond the "
                               f"one-card game's exact counting")
        odd = np.argmax(m[:, None] >> np.arange(5, dtype=np.uint8) & 1, axis=1)
        card = hands[np.arange(len(hands)), odd]
        return np.where(m == 0, np.uint8(NO_SWITCH), card).astype(np.uint8)


    def option_ids(self, up_rank: int) -> bytes:
        """Every hand's option beside the up card of rank ``up_rank`` and suit 0, as the exact switching
        game's core takes it given (``engine.switch.exact_switch_counts(given=)``): the number of cards
        the lines switch x 32 + their mask over the hand's cards ascending, in ``game_hands``' order."""
        import numpy as np  # loaded by the commands that need it, not at start-up

        if not (isinstance(up_rank, int) and 0 <= up_rank <= 12):
            raise InvalidRules(f"up_rank {shown(up_rank)}: expected a rank 0 .. 12")
        m = self.masks(game_hands(up_rank), 4 * up_rank)
        count = np.array([i.bit_count() for i in range(32)], dtype=np.uint8)
        return (count[m] * 32 + m).astype(np.uint8).tobytes()


def _line_masks(lines: tuple[SwitchRule, ...], ranks: npt.NDArray[np.int16], suits: npt.NDArray[np.int16],
                up_rank: int) -> npt.NDArray[np.uint8]:
    """The discard masks of the lines (``SwitchRules.decide``) for hands given by their ranks and suits
    ((N, 5) arrays), against an up card of rank ``up_rank``, over every hand at once; the first line
    that holds decides. What a hand's suits say (a flush, four to a flush and its odd suit) is looked
    up by the counts of each suit; a straight line depends only on the hand's set of ranks (five
    distinct, no flush): it is decided once for each of the 1,287 sets by ``SwitchRule.odd_card``
    itself on a hand of those ranks, and looked up."""
    import numpy as np

    n = len(ranks)
    rk = [np.ascontiguousarray(ranks[:, i], dtype=np.int16) for i in range(5)]
    su = [np.ascontiguousarray(suits[:, i], dtype=np.int16) for i in range(5)]
    bits = np.zeros(n, dtype=np.int16)  # the set of ranks
    packed = np.zeros(n, dtype=np.int16)  # the count of each suit, 3 bits each
    for i in range(5):
        bits |= np.left_shift(1, rk[i], dtype=np.int16)
        packed += np.left_shift(1, 3 * su[i], dtype=np.int16)
    straight, distinct, flush_tab, odd_suit_tab = _hand_tables()
    paired = ~distinct[bits]
    flush = flush_tab[packed]
    made = flush | straight[bits]
    odd_suit = odd_suit_tab[packed]
    flush_odd, flush_odd_rank = _odd_of_suit(rk, su, odd_suit)
    four_flush = (odd_suit >= 0) & ~made
    decided = np.zeros(n, dtype=bool)
    out = np.zeros(n, dtype=np.uint8)
    groups = None
    for line in lines:
        if line.up_ranks and up_rank not in line.up_ranks:
            continue
        if line.condition in THREE_DRAWS or line.condition in ("three of a kind", "one pair"):
            groups = groups or _rank_groups(rk, bits)
            holds, switched = _kept_masks(line, rk, su, packed, groups, ~(paired | made), up_rank)
            now = holds & ~decided
            out[now] = 0 if line.action == "stand" else 31 if line.action == "all five" else switched[now]
            decided |= holds
            continue
        odd = np.zeros(n, dtype=np.int64)
        if line.condition == "anything":
            holds = np.ones(n, dtype=bool)
        elif line.condition == "pair or better":
            holds = paired | made
        elif line.condition == "no pair":
            holds = ~(paired | made)
        elif line.condition == "four to a flush":  # a pair holds the odd card: it is the pair's rank
            odd = flush_odd
            holds = four_flush & (~paired | (flush_odd_rank <= line.pair_up_to))
        else:
            want = _straight_table(line, up_rank)[bits]
            holds = (want >= 0) & ~flush
            for i in range(5):
                odd[rk[i] == want] = i
        now = holds & ~decided
        if line.action == "odd card":
            out[now] = np.left_shift(1, odd[now]).astype(np.uint8)
        elif line.action == "all five":
            out[now] = 31
        decided |= holds
    return out


def _odd_of_suit(rk: list[npt.NDArray[np.int16]], su: list[npt.NDArray[np.int16]], odd_suit: npt.NDArray[np.int16]
                 ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int16]]:
    """The position and the rank of the card of suit ``odd_suit`` (the odd card of four to a flush)."""
    import numpy as np

    n = len(odd_suit)
    flush_odd = np.zeros(n, dtype=np.int64)
    flush_odd_rank = np.zeros(n, dtype=np.int16)
    for i in range(5):
        at = su[i] == odd_suit
        flush_odd[at] = i
        flush_odd_rank[at] = rk[i][at]
    return flush_odd, flush_odd_rank


def _rank_groups(rk: list[npt.NDArray[np.int16]], bits: npt.NDArray[np.int16]
                 ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.int16],
                            list[npt.NDArray[np.bool_]]]:
    """Three of a kind (no full house), exactly one pair, the rank of the trips or the pair, and for each
    position whether its card is alone of its rank."""
    import numpy as np

    mult = [sum((rk[i] == rk[j]).astype(np.int16) for j in range(5)) for i in range(5)]
    distinct = np.array([b.bit_count() for b in range(1 << 13)], dtype=np.int16)[bits]
    top = np.maximum.reduce(mult)
    trips = (distinct == 3) & (top == 3)
    one_pair = distinct == 4
    grouped = np.zeros(len(bits), dtype=np.int16)
    for i in range(5):
        at = mult[i] >= 2
        grouped[at] = rk[i][at]
    return trips, one_pair, grouped, [m == 1 for m in mult]


def _kept_masks(line: SwitchRule, rk: list[npt.NDArray[np.int16]], su: list[npt.NDArray[np.int16]],
                packed: npt.NDArray[np.int16],
                groups: tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.int16],
                              list[npt.NDArray[np.bool_]]],
                no_pair: npt.NDArray[np.bool_], up_rank: int) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.uint8]]:
    """A line on three of a kind, one pair or a draw of three (``SwitchRule._kept``), over every hand at
    once: where it holds, and the mask of the two cards it switches."""
    import numpy as np

    n = len(packed)
    trips, one_pair, grouped, alone = groups
    switched = np.zeros(n, dtype=np.uint8)
    if line.condition == "three of a kind":
        holds = trips & ~(line.not_up_rank & (grouped == up_rank))
        for i in range(5):
            switched |= np.where(alone[i], np.uint8(1 << i), np.uint8(0))
        return holds, switched
    if line.condition == "one pair":
        holds = one_pair.copy()
        if line.pair_up_to >= 0:
            holds &= grouped <= line.pair_up_to
        if line.below_up:
            holds &= grouped < up_rank
        key = [np.where(alone[i], (rk[i] != up_rank) * 16 + rk[i], -1) for i in range(5)]
        kicker = np.argmax(np.stack(key), axis=0)
        for i in range(5):
            switched |= np.where(alone[i] & (kicker != i), np.uint8(1 << i), np.uint8(0))
        return holds, switched
    best = np.full(n, -1, dtype=np.int32)
    for a, b, c in combinations(range(5), 3):
        hi = np.maximum(np.maximum(rk[a], rk[b]), rk[c])
        lo = np.minimum(np.minimum(rk[a], rk[b]), rk[c])
        mid = rk[a] + rk[b] + rk[c] - hi - lo
        ok = no_pair & (lo >= line.low) & (hi >= line.high)
        ok &= ((rk[a] > up_rank).astype(np.int16) + (rk[b] > up_rank) + (rk[c] > up_rank)) >= line.above_up
        if line.condition != "three to a straight":
            ok &= (su[a] == su[b]) & (su[b] == su[c]) & ((packed >> (3 * su[a])) & 7 == 3)
        if line.condition != "three to a flush":
            ok &= hi - lo <= line.span
        score = (hi.astype(np.int32) * 169 + mid * 13 + lo)
        better = ok & (score > best)
        best[better] = score[better]
        switched[better] = np.uint8(31 ^ (1 << a | 1 << b | 1 << c))
    return best >= 0, switched


@functools.cache
def _hand_tables() -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.bool_],
                            npt.NDArray[np.int16]]:
    """By a hand's set of ranks (13 bits): a straight, five distinct ranks; by its count of each suit
    (3 bits a suit): a flush, the odd suit of four to a flush (-1: none)."""
    import numpy as np

    straight = np.zeros(1 << 13, dtype=bool)
    straight[[0b1000000001111] + [0b11111 << k for k in range(9)]] = True
    distinct = np.zeros(1 << 13, dtype=bool)
    distinct[[sum(1 << r for r in c) for c in combinations(range(13), 5)]] = True
    by_suits = [[p >> 3 * x & 7 for x in range(4)] for p in range(1 << 12)]
    flush = np.array([5 in c for c in by_suits])
    odd_suit = np.array([c.index(1) if 4 in c and 1 in c else -1 for c in by_suits], dtype=np.int16)
    return straight, distinct, flush, odd_suit


@functools.cache
def _straight_table(line: SwitchRule, up_rank: int) -> npt.NDArray[np.int16]:
    """A straight line by the hand's set of ranks (13 bits): the rank of the card it switches (-1:
    the line does not hold), decided by ``line.odd_card`` on a hand of those ranks of three suits
    (no flush, never the up card's suit) against the up card of ``up_rank``."""
    import numpy as np

    up = Card(4 * up_rank)
    table = np.full(1 << 13, -1, dtype=np.int16)
    for c in combinations(range(13), 5):
        odd = line.odd_card(tuple(Card(r * 4 + 1 + k % 3) for k, r in enumerate(c)), up)
        table[sum(1 << r for r in c)] = -1 if odd is None else odd.rank
    return table


def switch_rules(fees: SwitchFeesLike) -> SwitchRules:
    """The built-in switching strategy for ``fees``: the draws' odd card when one card costs at most
    1 ante (four to a flush, with no pair or a pair of 4s or lower; four to an outside straight; four
    to an inside straight whose highest card is a queen or better, unless the dealer's card is of
    the rank it needs), and all five cards of a hand with
    no pair against a dealer's 2 or 3 when five cards cost at most 1 ante; otherwise stand. Fees
    where no switch is cheap enough give the plain game's play (stand). Where one card and two each
    cost at most 1 ante (read for 1,1), two cards too: beside three of a kind (unless the dealer's card is the
    fourth), beside a pair of 6s or lower below the dealer's card (8s or lower against a king or ace)
    and its kicker, beside three to a straight flush (the lowest a 5 or higher), three to a flush (all
    above the dealer's card, or two and king high) or three to a straight (all above the dealer's card:
    within five ranks from a 9, within four from a 7); the inside straight then needs a king high
    (4,000 drawn hands' exact options under 1,1; docs/variants.md).

    Read off the exact per-hand options (``switch_ev``, one-card table, 1,500 drawn hands of each
    kind): the odd card of four to an outside straight beat standing on 316 of 319 such hands; of an
    inside straight with the four queen high or better on 257 of 336 (mean gain 0.08 ante), with the
    four jack high or lower (or a wheel) on 78 of 653 (mean loss 0.18); of four to a flush with a pair of 2s, 3s
    or 4s on 30 of 35, with a pair of 5s or higher on 26 of 157."""
    f = SwitchFees.parse(fees)
    lines: list[SwitchRule] = []
    one = f.allows(1) and f.fee(1) <= 1
    two = one and f.allows(2) and f.fee(2) <= 1  # read for 1,1: where one card is dearer, not checked
    if one:
        lines.append(SwitchRule("four to a flush", "odd card", pair_up_to=2))
    if two:
        lines += [SwitchRule("three of a kind", "two odd cards", not_up_rank=True),
                  SwitchRule("one pair", "pair and kicker", pair_up_to=4, below_up=True),
                  SwitchRule("one pair", "pair and kicker", pair_up_to=6, up_ranks=(11, 12))]
    lines.append(SwitchRule("pair or better", "stand"))
    if one:
        lines.append(SwitchRule("four to an outside straight", "odd card"))
    if two:
        lines.append(SwitchRule("three to a straight flush", "keep three", low=3))
    if one:
        lines.append(SwitchRule("four to an inside straight", "odd card", high=11 if two else 10))
    if two:
        lines += [SwitchRule("three to a flush", "keep three", above_up=3),
                  SwitchRule("three to a flush", "keep three", above_up=2, high=11),
                  SwitchRule("three to a straight", "keep three", above_up=3, low=7),
                  SwitchRule("three to a straight", "keep three", above_up=3, low=5, span=3)]
    if f.allows(5) and f.fee(5) <= 1:
        lines.append(SwitchRule("no pair", "all five", up_ranks=(0, 1)))
    if len(lines) == 1:
        lines = []
    return SwitchRules(f, tuple(lines))


@dataclass(frozen=True)
class SwitchLinesGame:
    """The whole game switching by the lines (``SwitchRules``), exact: every one of the 122,151,120
    (hand, up card) situations switches what the lines say (or stands), then raises or folds at best
    for the final hand, every replacement set and dealer hand counted (``solve_switch_lines``)."""

    #: The lines played.
    lines: SwitchRules
    #: The game's counts and figures: where the lines switch at most one card, laid out as the optimal
    #: one-card game's (``OneCardGame``: the fee is the schedule's one-card fee;
    #: ``switch.indifferent_situations`` is 0, no best is sought); where a line switches two cards or
    #: all five, as the exact switching game's (``ExactSwitchGame``, its fees the sizes the lines use).
    game: OneCardGame | ExactSwitchGame

    @property
    def return_per_ante(self) -> Fraction:
        """The player's exact return per ante, the fees included."""
        return self.game.return_per_ante

    @property
    def house_edge(self) -> Fraction:
        """The exact house edge per ante switching by the lines."""
        return self.game.house_edge

    @property
    def switch_probability(self) -> Fraction:
        """The chance that the lines switch a card."""
        return self.game.switch_probability

    def cost(self, optimal: OneCardGame | OneOrFiveGame | ExactSwitchGame) -> Fraction:
        """What the lines give up per ante against ``optimal`` (the optimal game of the same rules and
        fees): the difference of the two exact house edges, 0 or more."""
        return self.house_edge - optimal.house_edge


def solve_switch_lines(fees: SwitchFeesLike | SwitchRules, rules: Rules | None = None, *, raise_on_tie: bool = False,
                       threads: int | None = None, progress: ProgressFn | None = None) -> SwitchLinesGame:
    """The whole game switching by the lines, exact (see ``SwitchLinesGame``): each hand's choice
    from the lines (``SwitchRules.choices``, numpy over the hands), counted by the core under those
    choices (``engine.switch.given_game_counts``); where a line switches two cards (1,1) or all five
    (1,2,3,2,1), by the exact switching game's core given each hand's option (``SwitchRules.option_ids``,
    ``engine.switch.exact_switch_counts``: the discard-set classes some hand chose, all five by their
    value).
    ``fees``: a fee schedule (its lines, ``switch_rules(fees)``) or the lines themselves; ``rules``:
    the game's rules (default: the standard game); ``raise_on_tie``, ``threads``: as
    ``solve_one_card_game``; ``progress``: after each of the 13 up ranks (with all five: the classes
    swept). About as much work as the optimal one-card game (less: pass 1 only stands), 10 s or so on
    two cores, with all five about a minute, with two cards a few minutes; the last four games are kept
    in the process. Raises
    ``InvalidRules`` for bad rules.

    >>> g = solve_switch_lines("1")
    >>> g.house_edge, g.switch_probability, g.cost(solve_one_card_game(1))
    (Fraction(12790475911, 1073327797080), Fraction(12443, 156604), Fraction(641650582, 415275635775))
    """
    sr = fees if isinstance(fees, SwitchRules) else switch_rules(fees)
    rules = check_rules(rules)
    threads = check_threads(threads)
    check_progress(progress)
    key = (sr, rules, raise_on_tie)
    kept = _lines_games.get(key)
    if kept is not None:
        return kept
    if any(x.action not in ("stand", "odd card") for x in sr.lines):
        game = SwitchLinesGame(sr, _given_exact_game(sr, rules, raise_on_tie, threads, progress))
    else:
        fee = one_card_fee(sr.fees, rules)
        c = given_game_counts(rules, sr.choices, raise_on_tie=raise_on_tie, threads=threads, progress=progress)
        game = SwitchLinesGame(sr, one_card_game_from(rules, fee, c))
    _lines_games.put(key, game)
    return game


def _given_exact_game(sr: SwitchRules, rules: Rules, raise_on_tie: bool, threads: int | None,
                      progress: ProgressFn | None) -> ExactSwitchGame:
    """The lines' game counted by the exact switching game's core, each hand's option given: over the
    sizes the lines use (``CARDS_SWITCHED``: one card, two, all five), checked as that game
    is (its two passes agree)."""
    used = {CARDS_SWITCHED[x.action] for x in sr.lines if x.action != "stand"}
    for k in used:
        if not sr.fees.allows(k):
            raise InvalidRules(f"switch rules: switching {k} card{'s' if k > 1 else ''} is not allowed by the fees "
                               f"{sr.fees.short()}")
    fees = SwitchFees(tuple(sr.fees.fee(k) if k in used else None for k in range(1, max(used) + 1)))
    c = exact_switch_counts(rules, fees.fees, raise_on_tie=raise_on_tie, threads=threads, progress=progress,
                            given=sr.option_ids)
    return exact_game_from(rules, fees, c, what="the switch lines' game")


#: The last four lines' games, by (lines, rules, raise on tie).
_lines_games: Recent[tuple[SwitchRules, Rules, bool], SwitchLinesGame] = Recent(4, "switch lines games")


@dataclass(frozen=True, slots=True)
class RuleCost:
    """One hand under a switching strategy, exact: the line that decided (None: none held, stand),
    the cards it switches, its EV and the optimal option's (per ante, fees included), and the cost
    (best EV - the rule's EV, 0 or more)."""

    hand: tuple[Card, ...]
    up: Card
    line: int | None
    discard: tuple[Card, ...]
    ev: Fraction
    best_ev: Fraction
    best_discard: tuple[Card, ...]

    @property
    def cost(self) -> Fraction:
        """What the rule gives up against the optimal switch, per ante."""
        return self.best_ev - self.ev


def rule_cost(hand: CardsLike, up: CardsLike, fees: SwitchFeesLike | None, strategy: SwitchRules | None = None, *,
              rules: Rules | None = None, threads: int | None = None) -> RuleCost:
    """The exact cost of ``strategy`` (default ``switch_rules(fees)``) on one hand: every option of
    ``switch_ev`` counted, the rule's option against the best. ``fees`` None: the draw of ``rules``."""
    rules, f = switch_game(fees, rules)
    s = switch_rules(f) if strategy is None else strategy
    a = switch_ev(hand, up, f, rules=rules, threads=threads)
    line, discard = s.decide(a.hand, a.up)
    if not f.allows(len(discard)):
        raise InvalidRules(f"switch rules: switching {len(discard)} cards is not allowed by the fees {f.short()}")
    chosen = next(o for o in a.options if set(o.discard) == set(discard))
    return RuleCost(a.hand, a.up, line, discard, chosen.ev, a.best.ev, a.best.discard)


@dataclass(frozen=True)
class SwitchStudy:
    """The whole game with card switching for one fee schedule: the switching lines
    (``switch_rules``) and a sample of hands (each hand's options exact) in which the lines are
    paired with the optimal switch: both house edges and the lines' cost, with intervals, and the
    switch sizes proven never best (``sample.excluded``, ``sample.excluded_by_up``). ``game``: the
    optimal switching's house edge from the exact one-card game (``play.switch_game.SwitchGame``:
    exact for a one-card schedule, else that exact edge as a bound less the gain of switching more,
    sampled on the same hands); None when not asked for (``switch_study(..., exact=False)``)."""

    rules: SwitchRules
    sample: SwitchSample
    game: SwitchGame | None = None
    #: The whole game switching by the lines, exact (``solve_switch_lines``), where the schedule's
    #: game is exact (``game.exact``); else None.
    lines_game: SwitchLinesGame | None = None

    @property
    def lines_exact(self) -> bool:
        """Whether the lines' house edge and cost are exact (``lines_game``)."""
        return self.lines_game is not None

    @property
    def lines_house_edge(self) -> Fraction:
        """The house edge switching by the lines: exact with ``lines_game``; else, with the exact
        game, the optimal switching's house edge (exact, or the bound less the sampled gain) plus the
        lines' sampled cost on the same hands (whose spread is far smaller than the sample's house
        edge); else the sample's own estimate (``sample.strategy_house_edge``)."""
        if self.lines_game is not None:
            return self.lines_game.house_edge
        if self.game is None:
            return self.sample.strategy_house_edge
        return self.game.house_edge + self.sample.strategy_cost

    @property
    def lines_half_width(self) -> float:
        """Half the 95% interval of ``lines_house_edge`` (0 when exact; with a sampled optimal edge,
        the two half widths added: both come from the same hands)."""
        if self.lines_game is not None:
            return 0.0
        if self.game is None:
            return self.sample.strategy_half_width
        return self.game.half_width + self.sample.strategy_cost_half_width

    @property
    def lines_cost(self) -> Fraction:
        """What the lines give up per ante against the optimal switching: exact with ``lines_game``
        (the difference of the two exact house edges), else sampled (``sample.strategy_cost``)."""
        if self.lines_game is not None and self.game is not None:
            return self.lines_game.house_edge - self.game.house_edge
        return self.sample.strategy_cost

    @property
    def lines_cost_half_width(self) -> float:
        """Half the 95% interval of ``lines_cost`` (0 when exact)."""
        return 0.0 if self.lines_exact else self.sample.strategy_cost_half_width


def switch_study(fees: SwitchFeesLike | None, rules: Rules | None = None, deals: int = DEFAULT_SWITCH_DEALS,
                 seed: int = 1, *, threads: int | None = None, progress: ProgressFn | None = None, exact: bool = True
                 ) -> SwitchStudy:
    """The switching lines of ``fees`` and the whole game sampled over ``deals`` hands from ``seed``
    (``play.switch_game.sample_switch_game`` with the lines as its strategy, and paired with the
    best switch of at most one card). ``exact`` (default True): also the exact one-card game
    (``play.switch_game.solve_one_card_game``, seconds of CPU, kept in-process) and, where more cards
    may be switched, every larger switch bounded in every situation (``prove_switch_sizes``, about a
    minute), for the optimal switching's house edge: exact for a one-card schedule, wherever every
    larger size is proven never better (1,2,3,4,5), and where only two-card switches stay open, counted
    (``play.switch_game.count_open_sizes``, about 5 minutes on two cores: 1,1); else bounded exactly
    and estimated; where it is exact, the lines' whole game too (``solve_switch_lines``, seconds, or
    about a minute where a line switches all five: 1,2,3,2,1), so their house edge and cost are exact.
    ``threads``: the core's threads; ``progress``: called as the work goes. ``fees`` None: the draw
    of ``rules``."""
    rules, f = switch_game(fees, rules)
    sr = switch_rules(f)
    proof = None
    if exact and len(sr.fees.fees) > 1:
        proof = prove_switch_sizes(sr.fees, rules, threads=threads, progress=progress)
    sample = sample_switch_game(sr.fees, rules, deals, seed, threads=threads, progress=progress, strategy=sr.mask,
                                baseline=SwitchFees((one_card_fee(sr.fees, rules),)), proof=proof)
    game = lines = None
    if exact:
        one = solve_one_card_game(sr.fees, rules, threads=threads, progress=progress)
        counted = None if proof is None else count_open_sizes(proof, threads=threads, progress=progress)
        game = SwitchGame(sr.fees, one, sample, sample.plain_return, proof, counted)
        if game.exact:
            lines = solve_switch_lines(sr, rules, threads=threads, progress=progress)
    return SwitchStudy(sr, sample, game, lines)
