"""A sixth card for sale: when to buy, in plain words, and what the words cost, exact.

The lines were read off the exact optimal choices of the whole game (``solve_sixth_game``: which of
the 2,349,060 hands beside each up card buy) at a fee of 1 ante; the first line whose condition
holds says buy, else the player stands. Their whole game is counted by the core under those choices
(``cs_sixth_game_given``: every situation, every card bought, every dealer hand), so the cost of
the words against optimal buying is exact. After the card the player raises or folds by the exact
comparison (a player applies the raise lines of the plain strategy card).

>>> BUY_LINES[1:3]
('four to an outside straight, no pair', 'a pair with four to a straight')
>>> buys("As Ks Qs Js 2d", "5h"), buys("7c 7d 7h Ks 2d", "Ac"), buys("Ac Ad 7h 4c 2s", "9h")
(True, True, False)
>>> buys("5c 5d 6h 7s 8d", "Kc"), buys("Kc Kd Kh 7s 2d", "4c")
(True, False)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from ..engine.pricing import default_threads
from ..engine.recent import Recent
from ..engine.switch import game_hands, sixth_game_given_counts
from ..errors import InvalidRules
from ..model.cards import CardsLike
from ..model.checks import check_progress, check_threads
from ..model.rules import Rules
from ..play.odds import parse_situation
from ..play.sixth_game import SixthCardGame, sixth_card_game_from, solve_sixth_game
from ..play.switching import draw_game
from ..progress import ProgressFn

__all__ = ["BUY_LINES", "BuyLinesGame", "buy_choices", "buys", "solve_buy_lines"]

#: When to buy a sixth card, in order (else stand).
BUY_LINES: tuple[str, ...] = (
    "four to a flush (a pair, a straight or a flush with four to a straight flush too)",
    "four to an outside straight, no pair",
    "a pair with four to a straight",
    "three of a kind, deuces to queens, not of the up card's rank",
)


def buy_choices(up_rank: int) -> npt.NDArray[np.uint8]:
    """The lines' choice (1: buy) for every hand of ``game_hands(up_rank)`` (numpy over the hands)."""
    hands = game_hands(up_rank).astype(np.int16)
    return _choices(hands, up_rank)


def _choices(hands: npt.NDArray[np.int16], up_rank: int) -> npt.NDArray[np.uint8]:
    n = len(hands)
    ranks, suits = hands // 4, hands % 4
    rows = np.arange(n)
    by_rank = np.zeros((n, 13), dtype=np.int8)
    by_suit = np.zeros((n, 4), dtype=np.int8)
    for k in range(5):  # one card of each row at a time: no index repeats within one assignment
        by_rank[rows, ranks[:, k]] += 1
        by_suit[rows, suits[:, k]] += 1
    most = by_rank.max(axis=1)
    pairs = (by_rank == 2).sum(axis=1)
    no_pair = most == 1
    suited = by_suit.max(axis=1)
    main_suit = by_suit.argmax(axis=1)
    # the ranks present and those of the main suit as 13-bit masks, read in tables of every mask
    bits = (1 << ranks).astype(np.uint16)
    present = np.bitwise_or.reduce(bits, axis=1)
    in_suit = np.bitwise_or.reduce(np.where(suits == main_suit[:, None], bits, 0), axis=1)
    window_most, outside_four = _mask_tables()
    four_sf = window_most[in_suit] >= 4  # four cards of the main suit within five ranks
    four_flush = suited == 4
    made_flush = suited == 5
    made_straight = no_pair & (window_most[present] == 5)
    outside = no_pair & ~made_straight & outside_four[present]
    trips = (most == 3) & (pairs == 0)
    trip_rank = by_rank.argmax(axis=1)
    low_trips = trips & (trip_rank <= 10) & (trip_rank != up_rank)
    pair_draw = (most == 2) & (pairs == 1) & (window_most[present] == 4)
    buy = four_flush | ((made_flush | made_straight) & four_sf) | outside | pair_draw | low_trips
    out: npt.NDArray[np.uint8] = buy.astype(np.uint8)
    return out


@functools.cache
def _mask_tables() -> tuple[npt.NDArray[np.int8], npt.NDArray[np.bool_]]:
    """For every 13-bit mask of ranks: the most ranks in a window of five (``_window_most``) and
    whether four consecutive ranks open at both ends are there (``_outside_four``)."""
    masks = np.arange(1 << 13)
    present = ((masks[:, None] >> np.arange(13)) & 1).astype(bool)
    return _window_most(present), _outside_four(present)


def _running(present: npt.NDArray[np.bool_]) -> npt.NDArray[np.int8]:
    """Running counts of the ranks present, the ace also low: column i counts the ranks among the
    first i of ace-low, deuce, ..., ace (so a window's count is a difference of two columns)."""
    ext = np.concatenate([np.zeros((len(present), 1), dtype=np.int8), present[:, 12:13], present], axis=1,
                         dtype=np.int8)
    out: npt.NDArray[np.int8] = np.cumsum(ext, axis=1, dtype=np.int8)
    return out


def _window_most(present: npt.NDArray[np.bool_]) -> npt.NDArray[np.int8]:
    """The most ranks present in any window of five consecutive ranks (the ace also low)."""
    run = _running(present)
    most: npt.NDArray[np.int8] = (run[:, 5:] - run[:, :-5]).max(axis=1)
    return most


def _outside_four(present: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """Four consecutive ranks open at both ends (not A-2-3-4 nor J-Q-K-A)."""
    run = _running(present)  # windows of four starting at ranks deuce .. ten
    out: npt.NDArray[np.bool_] = ((run[:, 5:14] - run[:, 1:10]) == 4).any(axis=1)
    return out


def buys(hand: CardsLike, up: CardsLike) -> bool:
    """Whether the lines buy a sixth card with ``hand`` against the up card ``up``."""
    h, u, _, _ = parse_situation(hand, up)
    return bool(_choices(np.array([[c.index for c in h]], dtype=np.int16), u.rank)[0])


@dataclass(frozen=True)
class BuyLinesGame:
    """The whole game of a sixth card bought by the lines, exact, beside the optimal buying."""

    #: The game under the lines' choices (its ``fee`` the table's).
    game: SixthCardGame
    #: The game with the optimal choices.
    optimal: SixthCardGame

    @property
    def cost(self) -> Fraction:
        """What the lines give up against optimal buying, per ante (0 or more)."""
        return self.optimal.return_per_ante - self.game.return_per_ante


def solve_buy_lines(rules: Rules | None = None, *, threads: int | None = None,
                    progress: ProgressFn | None = None) -> BuyLinesGame:
    """The whole game with the sixth card bought by ``BUY_LINES``, exact, and its cost against the
    optimal buying. ``rules``: with a buy fee (``Rules.make(buy_fee=1)``; default that); ``threads``,
    ``progress`` (after each of the 13 up ranks): as ``solve``. About 30 s on two cores (the lines'
    game and the optimal one); the last four are kept in the process. Raises ``InvalidRules``."""
    rules = Rules.make(buy_fee=1) if rules is None else rules
    table, draw = draw_game(None, rules)
    if draw.buy is None or draw.switch is not None:
        raise InvalidRules(f"draw {draw.short()}: the buying lines need a buy fee and no switching")
    threads = check_threads(threads) or default_threads()
    check_progress(progress)
    key = (table, draw.buy)
    kept = _lines_games.get(key)
    if kept is not None:
        return kept
    c = sixth_game_given_counts(table, lambda r: buy_choices(r).tobytes(), threads=threads, progress=progress)
    game = sixth_card_game_from(table, draw.buy, c)
    out = BuyLinesGame(game, solve_sixth_game(rules, threads=threads))
    _lines_games.put(key, out)
    return out


#: The last four lines' games, by (rules, fee).
_lines_games: Recent[tuple[Rules, Fraction], BuyLinesGame] = Recent(4, "buying lines' games")
