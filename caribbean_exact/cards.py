"""Cards: parse "As Kd", "AsKd", "10s", "A♠", lower case; format back as "As".

A card is ``rank * 4 + suit`` (rank 0 = deuce .. 12 = ace, suits c d h s), as in the C core.

>>> parse_cards("As kd 10h 4♣ 2S")
(Card('As'), Card('Kd'), Card('Th'), Card('4c'), Card('2s'))
>>> str(Card.parse("A♠")), Card.parse("As").index
('As', 51)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import InvalidCards

#: The one rank alphabet, deuce (0) .. ace (12).
RANKS = "23456789TJQKA"
SUITS = "cdhs"
_SUIT_ALIASES = {"♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h", "♠": "s", "♤": "s"}
_TOKEN = re.compile(r"(10|[2-9tjqka])([cdhs♣♧♦♢♥♡♠♤])", re.IGNORECASE)


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card of the 52-card deck.

    >>> Card.parse("10d"), Card(0), Card.parse("Qh").rank_char
    (Card('Td'), Card('2c'), 'Q')
    """

    index: int

    def __post_init__(self) -> None:
        if not isinstance(self.index, int) or isinstance(self.index, bool) or not 0 <= self.index < 52:
            raise InvalidCards(f"card index {self.index!r}: expected an integer 0..51")

    @property
    def rank(self) -> int:
        """0 = deuce .. 12 = ace."""
        return self.index >> 2

    @property
    def suit(self) -> int:
        """0..3 = clubs, diamonds, hearts, spades."""
        return self.index & 3

    @property
    def rank_char(self) -> str:
        return RANKS[self.rank]

    @property
    def suit_char(self) -> str:
        return SUITS[self.suit]

    @classmethod
    def parse(cls, token: str) -> Card:
        """One card from text such as "As", "10s", "a♠"."""
        if not isinstance(token, str):
            raise InvalidCards(f"card {token!r}: expected text like 'As' or '10s'")
        t = token.strip()
        m = _TOKEN.fullmatch(t)
        if not m:
            raise InvalidCards(f"card {token!r}: expected a rank (2-9, T or 10, J, Q, K, A) and a suit (c d h s)")
        r, s = m.group(1).upper(), m.group(2).lower()
        rank = rank_index(r)
        suit = SUITS.index(_SUIT_ALIASES.get(s, s))
        return cls(rank * 4 + suit)

    def __str__(self) -> str:
        return self.rank_char + self.suit_char

    def __repr__(self) -> str:
        return f"Card('{self}')"


def rank_index(text: str) -> int:
    """A rank from its character ("A", "t", or "10"); 0 = deuce .. 12 = ace.

    >>> rank_index("10"), rank_index("a")
    (8, 12)
    """
    t = text.strip().upper()
    t = "T" if t == "10" else t
    if len(t) != 1 or t not in RANKS:
        raise InvalidCards(f"rank {text!r}: expected 2-9, T or 10, J, Q, K or A")
    return RANKS.index(t)


CardsLike = str | Card | Iterable[str | Card]


def _split(text: str) -> list[str]:
    """Split text into card tokens; "AsKd" and "As,Kd" are both two cards."""
    out: list[str] = []
    for chunk in re.split(r"[\s,;]+", text.strip()):
        if not chunk:
            continue
        pos = 0
        while pos < len(chunk):
            m = _TOKEN.match(chunk, pos)
            if not m:
                bad = chunk[pos:] if pos else chunk
                raise InvalidCards(
                    f"card {bad!r}: expected a rank (2-9, T or 10, J, Q, K, A) and a suit (c d h s)"
                )
            out.append(m.group(0))
            pos = m.end()
    return out


def parse_cards(cards: CardsLike | None) -> tuple[Card, ...]:
    """Cards from text, a Card, or an iterable of either. No duplicate check here."""
    if cards is None:
        return ()
    if isinstance(cards, Card):
        return (cards,)
    if isinstance(cards, str):
        return tuple(Card.parse(t) for t in _split(cards))
    try:
        items = list(cards)
    except TypeError:
        raise InvalidCards(f"cards {cards!r}: expected text like 'As Kd' or a list of cards") from None
    out: list[Card] = []
    for item in items:
        if isinstance(item, Card):
            out.append(item)
        elif isinstance(item, str):
            out.extend(parse_cards(item))
        else:
            raise InvalidCards(f"card {item!r}: expected text like 'As' or a Card")
    return tuple(out)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as text, space separated.

    >>> format_cards(parse_cards("AsKd"))
    'As Kd'
    """
    return " ".join(str(c) for c in cards)


def check_distinct(groups: Iterable[tuple[str, tuple[Card, ...]]]) -> None:
    """Raise InvalidCards naming a card that appears twice across the named groups."""
    seen: dict[int, str] = {}
    for name, group in groups:
        for c in group:
            if c.index in seen:
                where = seen[c.index]
                also = f"in {where} and {name}" if where != name else f"twice in {name}"
                raise InvalidCards(f"card {c} is given {also}")
            seen[c.index] = name
