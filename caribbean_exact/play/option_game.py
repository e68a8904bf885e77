"""The whole games where each situation stands or takes one option of a draw for a fee (switching
cards, buying a sixth card), counted exactly: the figures they share (``StandOrOption``), read by one
renderer. Their solvers: ``switch_game`` (one card), ``switch_exact`` (up to four cards),
``sixth_game`` (a sixth card, or either).
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..engine.counts import DealTotals
from ..engine.pricing import ReturnRow, return_rows
from ..engine.switch import GAME_WEIGHT
from ..model.information import UP_CARD_ONLY, Information
from ..model.rules import Rules
from .game import Exactness

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar

__all__ = ["SITUATIONS", "StandOrOption", "decision_shares"]

#: The (hand, up card) situations of the whole game: 52 x C(51, 5).
SITUATIONS = 122151120


def decision_shares(names: tuple[str, ...], by_category: tuple[tuple[int, ...], ...]
                    ) -> tuple[tuple[str, Fraction], ...]:
    """Each column of ``by_category`` (situations by the hand's category, a column a decision) as
    (its name, its share of every situation)."""
    total = sum(map(sum, by_category))
    return tuple((name, Fraction(sum(c[k] for c in by_category), total)) for k, name in enumerate(names))


class _UpCardOnly:
    """What a switching game's player knows: the up card only (the ``WholeGame`` protocol's
    ``information``, the same for every switching result)."""

    @property
    def information(self) -> Information:
        """What the player knew: the up card only (the ``WholeGame`` protocol)."""
        return UP_CARD_ONLY


class StandOrOption(_UpCardOnly):
    """The figures of a whole game where each situation stands or takes one of its options for a fee
    (one card switched: ``OneCardGame``; a sixth card bought: ``SixthCardGame``; either:
    ``SwitchOrBuyGame``), counted exactly: the subclass gives ``rules``, ``by_category`` (by the
    category of the hand dealt: stand and fold, stand and raise, then each option) and ``_parts``
    ((name, deals, fee) of standing, then of each option); every situation weighs ``GAME_WEIGHT``
    deals."""

    rules: Rules
    by_category: tuple[tuple[int, ...], ...]
    #: The decisions of ``by_category``'s columns after standing (the ``decisions`` protocol's names).
    _options: ClassVar[tuple[str, ...]] = ()

    def _parts(self) -> tuple[tuple[str, DealTotals, Fraction], ...]:
        raise NotImplementedError

    @property
    def exactness(self) -> Exactness:
        """Every figure is counted exactly (the ``WholeGame`` protocol)."""
        return "exact"

    @property
    def total_weight(self) -> int:
        """Every deal counted: 122,151,120 situations x ``GAME_WEIGHT``."""
        return sum(t.total_weight for _, t, _ in self._parts())

    @property
    def option_situations(self) -> int:
        """The (hand, up card) situations that take an option (switch or buy)."""
        return sum(sum(c[2:]) for c in self.by_category)

    def situations_of(self, option: int) -> int:
        """The situations that take option ``option`` (1: the first after standing)."""
        return sum(c[1 + option] for c in self.by_category)

    @property
    def situations(self) -> int:
        """The (hand, up card) situations counted: 122,151,120 (fewer in a test's slice of up ranks)."""
        return sum(map(sum, self.by_category))

    @property
    def decisions(self) -> tuple[tuple[str, Fraction], ...]:
        """What the player does (the ``WholeGame`` protocol): the share of the situations that stand
        and fold, stand and raise, and take each option (``by_category``'s columns), exact."""
        return decision_shares(("stand, fold", "stand, raise", *self._options), self.by_category)

    @property
    def option_probability(self) -> Fraction:
        """The chance that the player takes an option."""
        return Fraction(self.option_situations, self.situations)

    @property
    def raise_probability(self) -> Fraction:
        """The chance that the player raises (after an option or not), over every deal."""
        (_, stand, _), *options = self._parts()
        after = sum(t.raise_situations for _, t, _ in options) * math.comb(45, 4)
        return Fraction(stand.raise_situations * GAME_WEIGHT + after, self.total_weight)

    @property
    def return_per_ante(self) -> Fraction:
        """The player's exact return per ante, the fees included (negative: the house's edge)."""
        return sum((r.contribution for _, r in self.return_rows), Fraction(0))

    @property
    def house_edge(self) -> Fraction:
        """The house edge per ante (negative: a player advantage)."""
        return -self.return_per_ante

    @property
    def expected_wager(self) -> Fraction:
        """The expected money put at risk per ante: the ante, the raise when raised, the fee when an
        option is taken (a fee is not returned)."""
        fees = sum((fee * self.situations_of(k) for k, (_, _, fee) in enumerate(self._parts()) if k), Fraction(0))
        return 1 + self.rules.raise_antes * self.raise_probability + fees / self.situations

    @property
    def element_of_risk(self) -> Fraction:
        """The house edge over the expected wager."""
        return self.house_edge / self.expected_wager

    @property
    def return_rows(self) -> list[tuple[str, ReturnRow]]:
        """The return table: ("stand", row) for each outcome after standing, then (an option's name,
        row) after taking it (nets less its fee); probabilities over every deal of the game."""
        nets = self.rules.nets()
        out: list[tuple[str, ReturnRow]] = []
        total = self.total_weight
        for part, totals, fee in self._parts():
            for r in return_rows(totals, nets) if totals.total_weight else ():
                p = Fraction(r.count, total)
                out.append((part, ReturnRow(r.outcome, r.category, r.count, p, r.net - fee, p * (r.net - fee))))
        return out
