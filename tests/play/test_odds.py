"""The single-hand library API: parsing, exact pricing, caps, errors."""

from fractions import Fraction

import pytest
from reference import ref_deal

import caribbean_exact as ce
from caribbean_exact import Card, InvalidCards, InvalidRules, parse_cards


def test_known_example():
    d = ce.ev("As Kd 7h 4c 2s", "Qh")
    assert d.ev_raise == Fraction(-12773, 10879)
    assert d.ev_fold == -1 and d.decision == "fold" and d.margin == Fraction(-1894, 10879)
    assert d.counts.as_dict() == {"not_qualify": 74490, "win": 0, "tie": 0, "lose": 88695}
    assert d.probabilities()["not_qualify"] == Fraction(74490, 163185)


def test_pricing_from_counts_matches_brute_force():
    hand, up = "Qs Qd 8h 5c 3s", "Jh"
    d = ce.ev(hand, up)
    ref = ref_deal([c.index for c in parse_cards(hand)], Card.parse(up).index)
    pay = 1  # a pair pays 1 to 1
    expected = Fraction(ref["not_qualify"] * 1 + ref["win"] * (1 + 2 * pay) - 3 * ref["lose"], ref["total"])
    assert d.ev_raise == expected
    assert d.decision == "raise"


def test_card_formats_are_equivalent():
    a = ce.ev("As Kd 7h 4c 2s", "Qh")
    for hand in ("AsKd7h4c2s", "as kd 7h 4c 2s", "A♠ K♦ 7♥ 4♣ 2♠", ["As", Card.parse("Kd"), "7h", "4c", "2s"],
                 "As,Kd,7h,4c,2s"):
        assert ce.ev(hand, "qh").ev_raise == a.ev_raise
    assert ce.ev("Ts 9s 8s 7s 6s", "2c").ev_raise == ce.ev("10s 9s 8s 7s 6s", "2c").ev_raise
    assert str(Card.parse("10s")) == "Ts" and str(Card.parse("a♠")) == "As"


def test_custom_paytable_and_cap():
    hand, up = "Ah Kh Qh Jh Th", "2c"
    plain = ce.ev(hand, up)
    capped = ce.ev(hand, up, ante=100, max_payout=5000)
    c = plain.counts
    # royal pays 100 to 1 on the raise (2 antes): capped at 5000 for a 100 ante -> 50 antes
    assert plain.ev_raise == Fraction(c.not_qualify + c.win * 201 - 3 * c.lose, c.total)
    assert capped.ev_raise == Fraction(c.not_qualify + c.win * 51 - 3 * c.lose, c.total)
    table = ce.ev(hand, up, paytable="200,50,20,7,5,4,3,2,1,1")
    assert table.ev_raise == Fraction(c.not_qualify + c.win * 401 - 3 * c.lose, c.total)
    small = ce.ev(hand, up, ante=5, max_payout=5000)  # 5 x 2 x 100 = 1000 < 5000: no effect
    assert small.ev_raise == plain.ev_raise


def test_dead_and_dealer_cards():
    d = ce.ev("As Kd 7h 4c 2s", "Qh", dead="Ac Ad Kc Ks", dealer="3c")
    ref = ref_deal([c.index for c in parse_cards("As Kd 7h 4c 2s")], Card.parse("Qh").index,
                   [c.index for c in parse_cards("Ac Ad Kc Ks")], [Card.parse("3c").index])
    assert d.counts.total == ref["total"] == 10660  # C(41, 3)
    assert d.counts.as_dict() == {k: ref[k] for k in ("not_qualify", "win", "tie", "lose")}


@pytest.mark.parametrize("kwargs,token", [
    (dict(hand="As Kd 7h 4c", up="Qh"), "expected 5 cards"),
    (dict(hand="As Kd 7h 4c 2s 3s", up="Qh"), "expected 5 cards"),
    (dict(hand="As Kd 7h 4c 1s", up="Qh"), "'1s'"),
    (dict(hand="As Kd 7h 4c 2x", up="Qh"), "'2x'"),
    (dict(hand="As Kd 7h 4c 2s", up="Zh"), "'Zh'"),
    (dict(hand="As Kd 7h 4c 2s", up="Qh Qd"), "expected 1 card"),
    (dict(hand="As Kd 7h 4c As", up="Qh"), "card As"),
    (dict(hand="As Kd 7h 4c 2s", up="As"), "card As"),
    (dict(hand="As Kd 7h 4c 2s", up="Qh", dead="Qh"), "card Qh"),
    (dict(hand="As Kd 7h 4c 2s", up="Qh", dealer="3c 3c"), "card 3c"),
    (dict(hand="As Kd 7h 4c 2s", up="Qh", dead="9c", dealer="9c"), "card 9c"),
    (dict(hand="As Kd 7h 4c 2s", up="Qh", dealer="3c 3d 3h 3s 4d"), "at most 4"),
    (dict(hand=12, up="Qh"), "12"),
])
def test_bad_cards(kwargs, token):
    with pytest.raises(InvalidCards, match=None) as e:
        ce.ev(**kwargs)
    assert token in str(e.value)
    assert isinstance(e.value, ValueError)


def test_too_many_dead_cards():
    deck = [str(ce.Card(i)) for i in range(52)]
    used = {"As", "Kd", "7h", "4c", "2s", "Qh"}
    dead = [c for c in deck if c not in used]
    with pytest.raises(InvalidCards, match="only 0 cards left"):
        ce.ev("As Kd 7h 4c 2s", "Qh", dead=" ".join(dead))
    assert ce.ev("As Kd 7h 4c 2s", "Qh", dead=" ".join(dead[:42])).counts.total == 1


@pytest.mark.parametrize("kwargs,field", [
    (dict(paytable="100,50,20,7,5,4,3,2,1"), "expected 10 pays"),
    (dict(paytable="100,50,20,7,5,4,3,2,1,-1"), "'high card'"),
    (dict(paytable="100,50,20,7,5,4,3,2,x,1"), "'pair'"),
    (dict(paytable="nosuchtable"), "'nosuchtable'"),
    (dict(qualifier="XYZ"), "qualifier 'XYZ'"),
    (dict(ante=100, max_payout=50), "below the ante"),
    (dict(ante=0), "ante"),
    (dict(max_payout=5000), "needs an ante"),
    (dict(ante="abc", max_payout=5000), "ante"),
])
def test_bad_rules(kwargs, field):
    with pytest.raises(InvalidRules) as e:
        ce.ev("As Kd 7h 4c 2s", "Qh", **kwargs)
    assert field in str(e.value)
    assert isinstance(e.value, ValueError)


def test_qualifiers():
    q = ce.Qualifier.parse
    assert q("AQ").value < q("AK").value < q("pair").value < q("44").value < q("two pair").value
    assert q("none").value == 0
    # the qualifier value is the value of its lowest hand
    from caribbean_exact.engine import _ffi
    assert q("AK").value == _ffi.evaluate5([c.index for c in parse_cards("Ac Kd 4h 3s 2c")])[0]
    assert q("44").value == _ffi.evaluate5([c.index for c in parse_cards("4c 4d 5h 3s 2c")])[0]
    assert q("AKJ83").value == _ffi.evaluate5([c.index for c in parse_cards("Ac Kd Jh 8s 3c")])[0]
    # with no qualifier the dealer always qualifies
    d = ce.ev("As Kd 7h 4c 2s", "Qh", qualifier="none")
    assert d.counts.not_qualify == 0


def test_ev_many_equals_ev_one_by_one():
    import random

    from caribbean_exact.model.cards import Card

    rng = random.Random(3)
    sits = []
    for _ in range(60):
        c = rng.sample(range(52), 9)
        sits.append((tuple(Card(x) for x in c[:5]), Card(c[5]), tuple(Card(x) for x in c[6:6 + rng.randint(0, 2)]),
                     tuple(Card(x) for x in c[8:8 + rng.randint(0, 1)])))
    many = list(ce.ev_many(sits))
    assert [d.ev_raise for d in many] == [ce.ev(h, u, dead=d, dealer=k).ev_raise for h, u, d, k in sits]
    assert [d.decision for d in ce.ev_many([("As Kd 7h 4c 2s", "Qh")], rules=ce.Rules.make(qualifier="none"))] \
        == [ce.ev("As Kd 7h 4c 2s", "Qh", qualifier="none").decision]
    with pytest.raises(InvalidCards, match="situation 2"):
        list(ce.ev_many([("As Kd 7h 4c 2s", "Qh"), ("As",)]))
    with pytest.raises(InvalidCards):
        ce.ev_many("As Kd 7h 4c 2s Qh")


def test_ev_ranks_covers_every_suit_combination_exactly():
    q = ce.ev_ranks("AKQ52", "3")
    # 4^5 suit choices for five distinct ranks, the up card's suit fixed (the 3 is not in the hand)
    assert q.total == 4 ** 5 and sum(g.total for g in q.groups) == 1024
    # each group against a direct count: the 240 combinations with no card in the up card's suit fold
    zero = next(g for g in q.groups if not g.flush and g.suited == 0)
    assert zero.total == 3 ** 5 - 3 and zero.raises == 0 and zero.highest_margin < 0
    # every combination through ev(), one by one: the same groups, counts and margins
    import itertools

    by: dict = {}
    for suits in itertools.product("cdhs", repeat=5):
        d = ce.ev(" ".join(r + x for r, x in zip("AKQ52", suits)), "3c")
        key = (len(set(suits)) == 1, suits.count("c"))
        by.setdefault(key, []).append(d.margin)
    assert [(g.flush, g.suited, g.total, g.raises, g.lowest_margin, g.highest_margin) for g in q.groups] == [
        (f, n, len(m), sum(x > 0 for x in m), min(m), max(m)) for (f, n), m in sorted(by.items())]
    with pytest.raises(InvalidCards):
        ce.ev_ranks("AAAAK", "A")
