"""The player's draw: what he may do before his raise decision, as a rule of the game (``Rules.draw``).

Oasis Poker lets the player switch cards once, for a fee in antes by how many he switches;
``SwitchFees`` is that schedule and ``Draw`` the whole draw, the value ``Rules`` holds (``None``:
the plain game, no draw). A solver reads the draw from the rules: ``solve(rules=Rules.make(
switch_fees="1"))`` solves Oasis Poker with a one-card switch at 1 ante.

A bought sixth card (Oasis "Nicaragua" tables; Russian and Lunar Poker) is the field ``buy``: its
fee in antes; the player then plays the best five of his six cards. A draw with both switching and
buying lets the player take one of them. A new draw option (Russian Poker's exchange) is a new field
of ``Draw``, never a parallel value passed beside ``Rules``.

>>> d = Draw.parse("1,2,3,2,1")
>>> d.switch.fee(4), d.switch.allows(5), d.most_switched, d.short()
(Fraction(2, 1), True, 5, 'switch fees 1,2,3,2,1')
>>> Draw.parse("one-card") == Draw(SwitchFees((Fraction(1),)))
True
>>> Draw.make(buy=1).short(), Draw.make("1,2,3,2,1", buy="1/2").short()
('buy a sixth card for 1', 'switch fees 1,2,3,2,1 or buy a sixth card for 1/2')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import InvalidRules, shown
from .numbers import Number, to_fraction

__all__ = ["FEE_SCHEDULES", "FORBIDDEN_MARKS", "Draw", "DrawLike", "SwitchFees", "SwitchFeesLike"]


#: How a fee schedule marks a size the table does not allow ("x,1,1,1,1": two to five cards only; "-"
#: is read too, but on the command line it must follow an equals sign: --switch-fees=-,1,1,1,1).
FORBIDDEN_MARKS = ("x", "-")


@dataclass(frozen=True, slots=True)
class SwitchFees:
    """The fee, in antes, of switching 1, 2, ... cards; a table that allows at most k cards has
    k fees (``fees[k - 1]`` for k cards), None for a size it does not allow (written "x": Lunar
    Poker's exchange of two to five cards is "x,1,1,1,1").

    >>> SwitchFees.parse("1,2,3,2,1").fee(4), SwitchFees.parse("1").allows(2)
    (Fraction(2, 1), False)
    >>> f = SwitchFees.parse("x,1,1,1,1")
    >>> f.allows(1), f.sizes, f.short(), f.texts(), SwitchFees.parse("-,1,1,1,1") == f
    (False, (2, 3, 4, 5), 'x,1,1,1,1', (None, '1', '1', '1', '1'), True)
    """

    #: The fee of switching k cards, in antes, at ``fees[k - 1]`` (exact, 0 or more; None: not allowed).
    fees: tuple[Fraction | None, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.fees, tuple) or not 1 <= len(self.fees) <= 5:
            raise InvalidRules(f"switch fees {shown(self.fees)}: expected 1 to 5 fees (for 1, 2, ... cards)")
        for f in self.fees:
            if f is not None and (not isinstance(f, Fraction) or f < 0):
                raise InvalidRules(f"switch fee {shown(f)}: expected an exact number of antes, 0 or more")
        if all(f is None for f in self.fees):
            raise InvalidRules(f"switch fees {self.short()}: no size allowed (give a fee for at least one; 'x' "
                               "marks a size not allowed)")
        if self.fees[-1] is None:
            raise InvalidRules(f"switch fees {self.short()}: the schedule ends at the most cards allowed (its last "
                               "fee is a number; a size not allowed is 'x')")

    @classmethod
    def parse(cls, spec: SwitchFeesLike) -> SwitchFees:
        """Fees from ``spec``: text ("1,2,3,4,5"), numbers, a name of ``FEE_SCHEDULES`` or fees.

        A size not allowed is "x" or "-" in text ("x,1,1,1,1": two to five cards), None among
        numbers; sizes not allowed after the last allowed one are dropped ("1,x" is "1").
        """
        if isinstance(spec, SwitchFees):
            return spec
        if isinstance(spec, str):
            key = spec.strip().lower()
            if key in FEE_SCHEDULES:
                return FEE_SCHEDULES[key]
            items: list[object] = [t for t in re.split(r"[\s,;]+", spec.strip()) if t]
        elif isinstance(spec, (list, tuple)) or (type(spec).__module__ == "numpy" and getattr(spec, "ndim", 0) == 1):
            items = list(spec)
        else:
            raise InvalidRules(f"switch fees {shown(spec)}: expected fees such as '1,2,3,4,5' or a name "
                               f"({', '.join(FEE_SCHEDULES)})")
        if not 1 <= len(items) <= 5:
            raise InvalidRules(f"switch fees {shown(spec)}: expected 1 to 5 fees (for 1, 2, ... cards), "
                               f"got {len(items)}")
        fees = tuple(None if x is None or (isinstance(x, str) and x.strip().lower() in FORBIDDEN_MARKS)
                     else to_fraction(x, f"switch fee for {k} card{'s' if k > 1 else ''}")
                     for k, x in enumerate(items, 1))
        while fees and fees[-1] is None:
            fees = fees[:-1]
        if not fees:
            raise InvalidRules(f"switch fees {shown(spec)}: no size allowed (give a fee for at least one; "
                               "'x' marks a size not allowed)")
        return cls(fees)

    def allows(self, cards: int) -> bool:
        """Whether switching ``cards`` cards is allowed (0: standing, always)."""
        return cards == 0 or (1 <= cards <= len(self.fees) and self.fees[cards - 1] is not None)

    def fee(self, cards: int) -> Fraction:
        """The fee of switching ``cards`` cards (0 for standing); InvalidRules for a size not allowed."""
        if cards == 0:
            return Fraction(0)
        f = self.fees[cards - 1] if 1 <= cards <= len(self.fees) else None
        if f is None:
            raise InvalidRules(f"switch fees {self.short()}: switching {cards} card{'s' if cards != 1 else ''} "
                               "is not allowed")
        return f

    @property
    def sizes(self) -> tuple[int, ...]:
        """The numbers of cards the player may switch, ascending."""
        return tuple(k for k, f in enumerate(self.fees, 1) if f is not None)

    def texts(self) -> tuple[str | None, ...]:
        """The fees as exact text, 1 card first, None for a size not allowed (the JSON's fee lists)."""
        return tuple(None if f is None else str(f) for f in self.fees)

    def short(self) -> str:
        """The fees as text: "1,2,3,4,5" ("x" for a size not allowed)."""
        return ",".join("x" if f is None else str(f) for f in self.fees)


SwitchFeesLike = SwitchFees | str | Sequence[Number | None]

#: The fee schedules in use: by the number of cards switched, 1 to 5.
FEE_SCHEDULES: dict[str, SwitchFees] = {
    "linear": SwitchFees(tuple(Fraction(x) for x in (1, 2, 3, 4, 5))),
    "peaked": SwitchFees(tuple(Fraction(x) for x in (1, 2, 3, 2, 1))),
    "one-card": SwitchFees((Fraction(1),)),
}


@dataclass(frozen=True, slots=True)
class Draw:
    """What the player may do after seeing his cards and the up card, before he folds or raises.

    ``switch``: the fee schedule of switching cards (``SwitchFees``), or None (no switching);
    ``buy``: the fee in antes of buying a sixth card (he then plays the best five of six), or None
    (no buying); with both, he takes one of the two or stands. ``five_forces_raise``: whether
    switching all five cards forces a raise (Oasis Poker: it does; the engine counts only that rule,
    so False is refused until a variant needs it).

    Make one with ``Draw.parse`` from fees ("1,2,3,4,5", a name of ``FEE_SCHEDULES``, numbers),
    ``SwitchFees`` or a ``Draw``, or with ``Draw.make(switch, buy=fee)``. A ``Rules`` holds it as ``draw``.

    >>> Draw.parse([1]).most_switched, Draw.parse("linear").switch_fees
    (1, ('1', '2', '3', '4', '5'))
    >>> Draw.make(buy=1).buy, Draw.make(buy=1).most_switched
    (Fraction(1, 1), 0)
    """

    switch: SwitchFees | None = None
    five_forces_raise: bool = True
    buy: Fraction | None = None

    def __post_init__(self) -> None:
        if self.switch is not None and not isinstance(self.switch, SwitchFees):
            object.__setattr__(self, "switch", SwitchFees.parse(self.switch))
        if self.buy is not None:
            object.__setattr__(self, "buy", _buy_fee(self.buy))
        if self.five_forces_raise is not True:
            raise InvalidRules(f"draw five_forces_raise {shown(self.five_forces_raise)}: only True is counted "
                               "(switching all five cards forces a raise)")
        if self.switch is None and self.buy is None:
            raise InvalidRules("draw: no option (give switch fees such as '1,2,3,4,5' or a buy fee; no draw is "
                               "Rules(draw=None))")

    @classmethod
    def parse(cls, spec: DrawLike) -> Draw:
        """A draw from ``spec``: a ``Draw``, ``SwitchFees``, fee text ("1,2,3,2,1", "linear") or numbers.

        Raises ``InvalidRules`` (a ``ValueError``) naming the bad fee.
        """
        if isinstance(spec, Draw):
            return spec
        return cls(SwitchFees.parse(spec))

    @classmethod
    def make(cls, switch: SwitchFeesLike | None = None, *, buy: Number | None = None) -> Draw:
        """A draw from switch fees and the fee of a sixth card.

        ``switch``: switch fees as ``parse`` takes them (None: no switching); ``buy``: the fee of a
        sixth card in antes (None: no buying). Raises ``InvalidRules`` naming the bad fee.
        """
        return cls(None if switch is None else SwitchFees.parse(switch), buy=None if buy is None else _buy_fee(buy))

    @property
    def fees(self) -> SwitchFees:
        """The switch fees (a draw that switches)."""
        if self.switch is None:
            raise InvalidRules("draw: no switching (it buys a sixth card only)")
        return self.switch

    @property
    def most_switched(self) -> int:
        """The most cards the player may switch (0: no switching)."""
        return 0 if self.switch is None else len(self.switch.fees)

    @property
    def switch_fees(self) -> tuple[str | None, ...]:
        """The fees as exact text, 1 card first, None for a size not allowed (the JSON ``"switch_fees"``)."""
        return () if self.switch is None else self.switch.texts()

    def short(self) -> str:
        """The draw in words: "switch fees 1,2,3,4,5", "buy a sixth card for 1"."""
        parts = [] if self.switch is None else [f"switch fees {self.switch.short()}"]
        if self.buy is not None:
            parts.append(f"buy a sixth card for {self.buy}")
        return " or ".join(parts)


def _buy_fee(value: object) -> Fraction:
    """The fee of a sixth card: an exact number of antes, 0 or more."""
    fee = to_fraction(value, "buy fee")
    if fee < 0:
        raise InvalidRules(f"buy fee {shown(value)}: expected an exact number of antes, 0 or more")
    return fee


DrawLike = Draw | SwitchFeesLike
