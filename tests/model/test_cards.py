"""Cards as people write them."""

import pytest

import caribbean_exact as ce
from caribbean_exact.model.cards import Card, parse_cards


def test_card_constructs_from_text_and_index():
    assert Card("As") == Card(51) == Card.parse("a♠")
    assert repr(Card("10d")) == "Card('Td')" and eval(repr(Card("Qh")), {"Card": Card}) == Card("Qh")
    for bad in ("Zz", "", True, 52, -1, 1.0, None):
        with pytest.raises(ce.InvalidCards):
            Card(bad)


def test_emoji_suits_from_phones():
    # U+FE0F (variation selector) follows the suit symbol when a phone draws it as an emoji
    assert parse_cards("A\u2660\ufe0f K\u2665\ufe0f Q\u2666\ufe0f J\u2663\ufe0f") == parse_cards("As Kh Qd Jc")
    assert Card.parse("A\u2660\ufe0f") == Card("As")
    assert ce.ev("A\u2660\ufe0fKd 7h 4c 2s", "Q\u2665\ufe0f").ev_raise == ce.ev("As Kd 7h 4c 2s", "Qh").ev_raise
