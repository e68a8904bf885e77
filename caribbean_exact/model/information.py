"""What the player knows of the dealer's four hole cards besides the up card: the information a leak gives.

Part of the game's rules (``Rules.information``): ``solve(rules=Rules(information=...))`` solves the
game with that leak. Every whole-game result (``GameReport``) says what its player knew, so a game
solved with a leak (whole hole cards seen, edge sorting, a partly seen card, a seen burn card) is
described by data, and its JSON says so in one ``"information"`` object.

>>> UP_CARD_ONLY.kind, seen_cards(2).seen_cards
('up-card', 2)
"""

from __future__ import annotations

from dataclasses import dataclass

TYPE_CHECKING = False  # not typing's: the command line starts without typing (issue #24)

__all__ = ["UP_CARD_ONLY", "Information", "InformationKind", "seen_cards"]

#: The kinds of information: only the up card; whole hole cards seen; edge sorting (whether each hole
#: card's rank is among some ranks); one hole card's class seen (ranks or suits); dead cards seen (the
#: burn card).
if TYPE_CHECKING:
    from typing import Literal

    InformationKind = Literal["up-card", "seen-cards", "sorted-ranks", "seen-class", "burn-card"]
else:
    InformationKind = str  # at run time: the kinds above


@dataclass(frozen=True, slots=True)
class Information:
    """What the player knows of the dealer's hole cards, besides the up card.

    ``kind``: one of ``InformationKind``; the other fields hold what that kind needs, and are empty
    (0 or ``()``) otherwise. ``Rules(information=...)`` names the game with that leak.

    >>> Information("burn-card", dead_cards=1).kind, seen_cards(1) == Information("seen-cards", seen_cards=1)
    ('burn-card', True)
    """

    kind: InformationKind
    #: Whole dealer hole cards seen (kind "seen-cards": 1 to 4; kind "burn-card": 0, or 1 when one
    #: dealer hole card is seen as well as the burn card).
    seen_cards: int = 0
    #: Ranks (0 = deuce .. 12 = ace, ascending): "sorted-ranks", the ranks the player tells apart on
    #: every hole card; "seen-class", the ranks the seen card's class holds.
    ranks: tuple[int, ...] = ()
    #: Suits (0..3 = c d h s, ascending) the seen card's class holds (kind "seen-class").
    suits: tuple[int, ...] = ()
    #: Dead cards seen that are not in the dealer's hand (kind "burn-card").
    dead_cards: int = 0
    #: The blocks of ranks the seen card's class tells apart (kind "seen-class"), each ascending, in the
    #: order the class was given; the ranks not named form the last block. () where the rank is not seen.
    blocks: tuple[tuple[int, ...], ...] = ()
    #: What the seen class shows of the card's suit (kind "seen-class"): "" nothing, "colour" (red or
    #: black) or "suit".
    suit_split: Literal["", "colour", "suit"] = ""


#: The plain game: the player sees only the dealer's up card.
UP_CARD_ONLY = Information("up-card")


def seen_cards(k: int) -> Information:
    """The information of ``k`` whole hole cards seen (0: the plain game)."""
    return UP_CARD_ONLY if k == 0 else Information("seen-cards", seen_cards=k)
