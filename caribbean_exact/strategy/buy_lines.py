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

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from ..engine import _ffi
from ..engine.counts import sum_totals
from ..engine.pricing import default_threads
from ..engine.recent import Recent
from ..engine.switch import GAME_CHOICES, OneCardCounts, _game_nets, game_hands
from ..errors import InvalidRules
from ..model.cards import CardsLike
from ..model.checks import check_progress, check_threads
from ..model.rules import Rules
from ..play.odds import parse_situation
from ..play.sixth_game import SixthCardGame, sixth_card_game_from, solve_sixth_game
from ..play.switching import draw_game
from ..progress import ProgressFn, report

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
    for k in range(5):
        np.add.at(by_rank, (rows, ranks[:, k]), 1)
        np.add.at(by_suit, (rows, suits[:, k]), 1)
    most = by_rank.max(axis=1)
    pairs = (by_rank == 2).sum(axis=1)
    no_pair = most == 1
    suited = by_suit.max(axis=1)
    main_suit = by_suit.argmax(axis=1)
    # four to a straight flush: four cards of the main suit within a window of five ranks
    in_suit = np.zeros((n, 13), dtype=bool)
    for k in range(5):
        hit = suits[:, k] == main_suit
        in_suit[rows[hit], ranks[hit, k]] = True
    four_sf = _window_most(in_suit) >= 4
    four_flush = suited == 4
    made_flush = suited == 5
    made_straight = no_pair & (_window_most(by_rank > 0) == 5)
    outside = no_pair & ~made_straight & _outside_four(by_rank > 0)
    trips = (most == 3) & (pairs == 0)
    trip_rank = by_rank.argmax(axis=1)
    low_trips = trips & (trip_rank <= 10) & (trip_rank != up_rank)
    pair_draw = (most == 2) & (pairs == 1) & (_window_most(by_rank > 0) == 4)
    buy = four_flush | ((made_flush | made_straight) & four_sf) | outside | pair_draw | low_trips
    out: npt.NDArray[np.uint8] = buy.astype(np.uint8)
    return out


def _window_most(present: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """The most ranks present in any window of five consecutive ranks (the ace also low)."""
    ext = np.concatenate([present[:, 12:13], present], axis=1)
    most: npt.NDArray[np.int64] = np.max(np.stack([ext[:, s:s + 5].sum(axis=1) for s in range(10)], axis=1), axis=1)
    return most


def _outside_four(present: npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    """Four consecutive ranks open at both ends (not A-2-3-4 nor J-Q-K-A)."""
    ext = np.concatenate([present[:, 12:13], present], axis=1)  # ranks ace-low .. ace
    out = np.zeros(len(present), dtype=bool)
    for s in range(1, 10):
        out |= ext[:, s:s + 4].sum(axis=1) == 4
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
    nets, _ = _game_nets(table, draw.buy)
    stands, bought = [], []
    choices = [0] * GAME_CHOICES
    for r in range(13):
        st, by, ch = _ffi.sixth_game_given(table.qualifier.value, nets, 1 << r, buy_choices(r).tobytes(),
                                           threads=threads)
        stands.append(st)
        bought.append(by)
        choices = [a + b for a, b in zip(choices, ch, strict=True)]
        report(progress, "the buying lines' game by up card", r + 1, 13)
    game = sixth_card_game_from(table, draw.buy, OneCardCounts(sum_totals(stands), sum_totals(bought),
                                                               tuple(choices)))
    out = BuyLinesGame(game, solve_sixth_game(rules, threads=threads))
    _lines_games.put(key, out)
    return out


#: The last four lines' games, by (rules, fee).
_lines_games: Recent[tuple[Rules, Fraction], BuyLinesGame] = Recent(4, "buying lines' games")
