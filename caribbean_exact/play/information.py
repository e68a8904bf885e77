"""What the player knows of the dealer's hole cards: now part of the game's rules (``Rules.information``).

The value lives in ``caribbean_exact.model.information``; this module keeps the old import path.

>>> from caribbean_exact.model.information import Information as Moved
>>> Information is Moved, UP_CARD_ONLY.kind
(True, 'up-card')
"""

from __future__ import annotations

from ..model.information import UP_CARD_ONLY, Information, InformationKind, seen_cards

__all__ = ["UP_CARD_ONLY", "Information", "InformationKind", "seen_cards"]
