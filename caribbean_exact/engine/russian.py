"""Russian Poker's counts from the core (``csrc/switch_russian.c``): one situation's draw options,
a final hand's two-combination pay, buying the game against one dealer hand. Integers in, exact
numbers out; the pricing of fees is the caller's.

>>> from ..model.russian import RussianGame
>>> g = RussianGame.parse("lunar")
>>> russian_pay([51, 47, 46, 8, 3], g)  # A K K 4 3: a pair of kings and ace-king
(Fraction(2, 1), 'pair', 'ace-king')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..model.checks import check_threads
from ..model.russian import COMBINATIONS, RussianGame
from . import _ffi
from .pricing import default_threads

__all__ = ["OPTIONS", "RussianCounts", "buy_game_counts", "option_counts", "russian_pay"]

#: The options of one situation: 32 discard sets (0: play as dealt), then the sixth card (32).
OPTIONS: int = _ffi.RUSSIAN_OPTIONS


@dataclass(frozen=True, slots=True)
class RussianCounts:
    """One option's sums from the core: ``best`` (the better of play and fold after each
    replacement set) and ``play`` (always playing), summed over ``hands`` final hands in units of
    1 / (``scale`` x ``unit``) ante; ``raise_hands`` final hands after which he plays,
    ``indifferent_hands`` where playing equals folding; ``insured_hands`` those whose play insures
    (insurance offered: three of a kind or better against a dealer who is more likely not to qualify
    than to qualify; its value is in ``best`` and ``play``)."""

    best: int
    play: int
    hands: int
    raise_hands: int
    indifferent_hands: int
    unit: int
    scale: int
    insured_hands: int = 0

    @property
    def best_ev(self) -> Fraction:
        """The option's EV per ante before its fee, the final decision optimal."""
        return Fraction(self.best, self.scale * self.unit * self.hands)

    @property
    def play_ev(self) -> Fraction:
        """The option's EV per ante before its fee, always playing."""
        return Fraction(self.play, self.scale * self.unit * self.hands)


def option_counts(player: Sequence[int], up: int, game: RussianGame, set_mask: int, sixth: bool,
                  threads: int | None = None) -> list[RussianCounts | None]:
    """The counts of the discard sets in ``set_mask`` (bit d: discard set d; d = 0 plays as dealt) and
    of the sixth card (index 32) when ``sixth``; None where not asked. Cards are checked by the core."""
    threads = check_threads(threads)
    rows = _ffi.russian_options(player, up, game.core(), set_mask & 0xFFFFFFFF, sixth, threads or default_threads())
    s = game.scale
    return [RussianCounts(b, p, h, r, i, u, s, ins) if h else None for b, p, h, r, i, u, ins in rows]


def russian_pay(cards: Sequence[int], game: RussianGame) -> tuple[Fraction, str | None, str | None]:
    """A final hand's pay to 1 of the bet (five or six cards) and its first and second combinations."""
    pay, first, second = _ffi.russian_pay(cards, game.core())
    return (Fraction(pay, game.scale), COMBINATIONS[first] if first < len(COMBINATIONS) else None,
            COMBINATIONS[second] if second < len(COMBINATIONS) else None)


def buy_game_counts(player: Sequence[int], dead: Sequence[int], dealer: Sequence[int], game: RussianGame
                    ) -> tuple[int, ...]:
    """Buying the game against one dealer hand: (not qualifying, wins, ties, losses, cards, the card
    replaced (52: none), qualifies as dealt) over the replacement cards."""
    return _ffi.russian_buy_game(player, dead, dealer, game.core())
