"""Cards: parse "As Kd", "AsKd", "10s", "A♠", lower case; format back as "As".

A card is ``rank * 4 + suit`` (rank 0 = deuce .. 12 = ace, suits c d h s), as in the C core.

>>> parse_cards("As kd 10h 4♣ 2S")
(Card('As'), Card('Kd'), Card('Th'), Card('4c'), Card('2s'))
>>> str(Card.parse("A♠")), Card.parse("As").index, Card("As") == Card(51)
('As', 51, True)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from ..errors import InvalidCards, shown

#: The one rank alphabet, deuce (0) .. ace (12).
RANKS = "23456789TJQKA"
SUITS = "cdhs"
_SUIT_ALIASES = {"♣": "c", "♧": "c", "♦": "d", "♢": "d", "♥": "h", "♡": "h", "♠": "s", "♤": "s"}
#: U+FE0F and U+FE0E: phones and keyboards add one after a suit symbol to draw it as an emoji
#: ("A♠️") or as text; either is ignored.
_VARIATION_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")
_RANKS_ONLY = re.compile(r"(?:10|[2-9tjqka])+", re.IGNORECASE)


def _bad_card(token: str, text: str) -> InvalidCards:
    """The error for a token that is not a card; ranks without suits get a pointer to ev_ranks."""
    if _RANKS_ONLY.fullmatch(re.sub(r"[\s,;]+", "", text)):
        return InvalidCards(f"cards {shown(text)}: ranks without suits; give each card a suit (c d h s), or ask "
                            "for every suit combination at once with ev_ranks (the command line's "
                            "'ev AKJ83 --up K')")
    return InvalidCards(f"card {shown(token)}: expected a rank (2-9, T or 10, J, Q, K, A) and a suit (c d h s)")
_TOKEN = re.compile(r"(10|[2-9tjqka])([cdhs♣♧♦♢♥♡♠♤])", re.IGNORECASE)


@dataclass(frozen=True, order=True, slots=True, init=False)
class Card:
    """One card of the 52-card deck, from its index 0..51 or its text.

    ``index``: 4 x rank + suit, rank 0 (deuce) .. 12 (ace), suit 0 (clubs), 1 (diamonds),
    2 (hearts), 3 (spades). ``Card(card)`` takes the index or text such as "As"; it raises
    ``InvalidCards`` (a ``ValueError``) for anything else.

    >>> Card.parse("10d"), Card(0), Card("Qh").rank_char
    (Card('Td'), Card('2c'), 'Q')
    """

    index: int

    def __init__(self, card: int | str) -> None:
        """``card``: the index 0..51, or text as ``Card.parse`` reads it. Raises ``InvalidCards``."""
        if isinstance(card, str):
            card = Card.parse(card).index
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < 52:
            raise InvalidCards(f"card index {shown(card)}: expected an integer 0..51 or text like 'As'")
        object.__setattr__(self, "index", card)

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
        """The rank as one character: 2-9, T, J, Q, K, A."""
        return RANKS[self.rank]

    @property
    def suit_char(self) -> str:
        """The suit as one character: c, d, h, s."""
        return SUITS[self.suit]

    @classmethod
    def parse(cls, token: str) -> Card:
        """One card from text such as "As", "10s", "a♠" (an emoji variation selector is ignored).

        ``token``: the text of one card: a rank (2-9, T or 10, J, Q, K, A) and a suit (c, d, h, s
        or a suit symbol), either case. Raises ``InvalidCards`` (a ``ValueError``) for anything else.
        """
        if not isinstance(token, str):
            raise InvalidCards(f"card {shown(token)}: expected text like 'As' or '10s'")
        card = _by_token().get(token.strip().translate(_VARIATION_SELECTORS).lower())
        if card is None:
            raise _bad_card(token, token)
        return card

    def __str__(self) -> str:
        return _TEXT[self.index]

    def __repr__(self) -> str:
        return f"Card('{self}')"


@cache
def _by_token() -> dict[str, Card]:
    """Every accepted spelling of every card, lower case: "as", "10s", "a♠", ..."""
    out: dict[str, Card] = {}
    for rank, r in enumerate(RANKS):
        for spelling in ([r.lower(), "10"] if r == "T" else [r.lower()]):
            for suit_text, suit in [*((c, c) for c in SUITS), *_SUIT_ALIASES.items()]:
                out[spelling + suit_text] = Card(rank * 4 + SUITS.index(suit))
    return out


def rank_index(text: str) -> int:
    """A rank from its character ("A", "t", or "10"); 0 = deuce .. 12 = ace.

    >>> rank_index("10"), rank_index("a")
    (8, 12)
    """
    t = text.strip().upper()
    t = "T" if t == "10" else t
    if len(t) != 1 or t not in RANKS:
        raise InvalidCards(f"rank {shown(text)}: expected 2-9, T or 10, J, Q, K or A")
    return RANKS.index(t)


_TEXT = tuple(r + s for r in RANKS for s in SUITS)

CardsLike = str | Card | Iterable[str | Card]


def _split(text: str) -> list[str]:
    """Split text into card tokens; "AsKd" and "As,Kd" are both two cards."""
    out: list[str] = []
    for chunk in re.split(r"[\s,;]+", text.strip().translate(_VARIATION_SELECTORS)):
        if not chunk:
            continue
        pos = 0
        while pos < len(chunk):
            m = _TOKEN.match(chunk, pos)
            if not m:
                raise _bad_card(chunk[pos:] if pos else chunk, text)
            out.append(m.group(0))
            pos = m.end()
    return out


def parse_cards(cards: CardsLike | None) -> tuple[Card, ...]:
    """Cards from text, a Card, or an iterable of either. No duplicate check here.

    ``cards``: text ("As Kd", "AsKd", "As,Kd", "10d"; ranks 2-9 T J Q K A, suits c d h s, either
    case, suit symbols too), a ``Card``, an iterable of texts and ``Card`` objects, or None (no
    cards). Returns the cards in order, as a tuple of ``Card``. Raises ``InvalidCards`` (a
    ``ValueError``) for a token that is not a card.

    >>> parse_cards("AsKd 10h"), parse_cards(None)
    ((Card('As'), Card('Kd'), Card('Th')), ())
    """
    if cards is None:
        return ()
    if isinstance(cards, Card):
        return (cards,)
    if isinstance(cards, str):
        return _parse_text(cards)
    try:
        items = list(cards)
    except TypeError:
        raise InvalidCards(f"cards {shown(cards)}: expected text like 'As Kd' or a list of cards") from None
    out: list[Card] = []
    for item in items:
        if isinstance(item, Card):
            out.append(item)
        elif isinstance(item, str):
            out.extend(parse_cards(item))
        else:
            raise InvalidCards(f"card {shown(item)}: expected text like 'As' or a Card")
    return tuple(out)


@lru_cache(maxsize=4096)
def _parse_text(text: str) -> tuple[Card, ...]:
    table = _by_token()
    fast = [table.get(t.lower()) for t in text.replace(",", " ").replace(";", " ").split()]
    if all(c is not None for c in fast):  # every token one card: no regex needed
        return tuple(c for c in fast if c is not None)
    return tuple(Card.parse(t) for t in _split(text))


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as text, space separated.

    ``cards``: an iterable of ``Card`` (such as ``parse_cards`` returns). Returns the text.

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
