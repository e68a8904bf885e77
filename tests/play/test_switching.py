"""Card switching (Oasis Poker), one hand: cs_switch against the Python ev loop over replacement
sets (cs_deal with the discards dead), and the properties of fees and restrictions."""

import itertools
import json
from fractions import Fraction

import pytest

import caribbean_exact as ce
from caribbean_exact import InvalidRules, Rules
from caribbean_exact.cli import main
from caribbean_exact.engine.switch import switch_totals
from caribbean_exact.play.switching import SwitchFees, switch_ev

pytestmark = pytest.mark.csan


def _brute(hand, up, discard, rules):
    """The EV before the fee and the replacement sets that raise, from one ev() per replacement set."""
    cards = ce.parse_cards(hand)
    u = ce.Card.parse(up)
    kept = [c for c in cards if c not in discard]
    unseen = [ce.Card(i) for i in range(52) if ce.Card(i) not in cards and i != u.index]
    total, raises, n = Fraction(0), 0, 0
    for r in itertools.combinations(unseen, len(discard)):
        d = ce.ev(kept + list(r), u, dead=list(discard), rules=rules)
        total += d.ev
        raises += d.ev_raise > d.ev_fold
        n += 1
    return total / n, raises, n


CASES = [("As Kd 7h 4c 2s", "Qh"), ("As Ks Qs Js 2d", "5h"), ("9h 9d 5c 4s 2h", "Kc"), ("7c 7d 7h Ks Kd", "Kc")]


@pytest.mark.parametrize("hand, up", CASES)
@pytest.mark.parametrize("n", [2, 3])
def test_one_card_switches_against_the_ev_loop(hand, up, n):
    rules = Rules(raise_antes=n)
    a = switch_ev(hand, up, "1", rules=rules)
    assert len(a.options) == 6
    for o in a.options:
        if not o.discard:
            assert o.game_ev == ce.ev(hand, up, rules=rules).ev and o.replacements == 1
            continue
        ev, raises, count = _brute(hand, up, o.discard, rules)
        assert (o.game_ev, o.raise_replacements, o.replacements) == (ev, raises, count)
        assert o.ev == ev - 1


@pytest.mark.parametrize("hand, up, discard", [("As Kd 7h 4c 2s", "Qh", "4c 2s"), ("As Ks Qs Js 2d", "5h", "Js 2d"),
                                               ("9h 9d 5c 4s 2h", "Kc", "9h 2h")])
def test_two_card_switches_against_the_ev_loop(hand, up, discard):
    a = switch_ev(hand, up, "1,2,3,4,5")
    o = next(o for o in a.options if {str(c) for c in o.discard} == set(discard.split()))
    ev, raises, count = _brute(hand, up, tuple(ce.parse_cards(discard)), Rules())
    assert (o.game_ev, o.raise_replacements, o.replacements) == (ev, raises, count) and count == 1035
    assert o.ev == ev - 2


def test_every_option_adds_up():
    a = switch_ev("Ah Kd 9c 6s 3h", "8d", "1,2,3,2,1")
    assert len(a.options) == 32
    assert [o.ev for o in a.options] == sorted((o.ev for o in a.options), reverse=True)
    for o in a.options:
        rows = o.rows()
        assert sum(r.probability for r in rows) == 1
        assert o.fee == (0, 1, 2, 3, 2, 1)[len(o.discard)]
        if len(o.discard) == 5:  # switching all five forces a raise
            assert o.decision == "raise" and not o.totals.fold[0]


def test_five_card_switch_may_fold_when_not_forced():
    hand, up = [51, 45, 22, 8, 3], 42
    forced = switch_totals(hand, up, 1 << 31, Rules())[31]
    free = switch_totals(hand, up, 1 << 31, Rules(), five_raises=False)[31]
    assert forced.raise_situations == 1370754 > free.raise_situations > 0
    assert forced.total_weight == free.total_weight == 1370754 * 101270


def test_a_prohibitive_fee_gives_the_plain_game():
    for hand, up in CASES:
        a = switch_ev(hand, up, "1000,1000,1000,1000,1000")
        assert a.best is a.stand and a.best.ev == ce.ev(hand, up).ev


def test_one_card_tables_are_a_restriction_of_the_full_game():
    full = {o.discard: o for o in switch_ev("As Ks Qs Js 2d", "5h", "1,2,3,4,5").options}
    one = switch_ev("As Ks Qs Js 2d", "5h", "1").options
    assert len(one) == 6
    for o in one:
        assert o.ev == full[o.discard].ev and o.totals == full[o.discard].totals
    assert max(o.ev for o in one) <= max(o.ev for o in full.values())


@pytest.mark.parametrize("hand, up", [("As Ks Qs Js 2d", "5h"), ("9c 9d Kh 5s 2c", "Qd"), ("Ah Kd 9c 6s 3h", "8d")])
def test_one_and_two_card_tables_are_a_restriction_of_the_full_game(hand, up):
    """The core fills only the tables the sets asked for read (no pairs below two cards, no triples
    below three): the one- and two-card options are the full game's, count for count."""
    full = {o.discard: o.totals for o in switch_ev(hand, up, "1,2,3,4,5").options}
    for fees, n in (("1", 6), ("1,2", 16), ("1,2,3", 26)):
        some = switch_ev(hand, up, fees).options
        assert len(some) == n
        assert all(o.totals == full[o.discard] for o in some), fees


def test_fees_are_checked():
    assert SwitchFees.parse("linear") == SwitchFees.parse("1,2,3,4,5")
    for bad in ("", "1,2,3,4,5,6", "1,-1", "x", 7):
        with pytest.raises(InvalidRules):
            SwitchFees.parse(bad)


def test_sizes_not_allowed():
    """A schedule may forbid sizes: "x" (or "-") for each; a size not allowed after the last allowed
    one is dropped; at least one size must be allowed."""
    f = SwitchFees.parse("x,1,1,1,1")
    assert f == SwitchFees.parse("-,1,1,1,1") == SwitchFees.parse([None, 1, 1, 1, 1])
    assert f.fees == (None, 1, 1, 1, 1) and f.sizes == (2, 3, 4, 5)
    assert f.allows(0) and not f.allows(1) and f.allows(2) and not f.allows(6)
    assert f.short() == "x,1,1,1,1" and f.texts() == (None, "1", "1", "1", "1")
    assert SwitchFees.parse("1,x") == SwitchFees.parse("1") and SwitchFees.parse("1,x,2").sizes == (1, 3)
    with pytest.raises(InvalidRules, match="switching 1 card is not allowed"):
        f.fee(1)
    for bad in ("x,x", "-", [None], "X, -"):
        with pytest.raises(InvalidRules, match="no size allowed"):
            SwitchFees.parse(bad)
    with pytest.raises(InvalidRules, match="ends at the most cards allowed"):
        SwitchFees((Fraction(1), None))
    with pytest.raises(InvalidRules, match="no size allowed"):
        SwitchFees((None, None))
    r = Rules.make(switch_fees="x,1,1,1,1")
    assert r.draw is not None and r.draw.switch_fees == (None, "1", "1", "1", "1") and r.draw.most_switched == 5
    assert ce.as_dict(r)["draw"]["switch_fees"] == [None, "1", "1", "1", "1"]


@pytest.mark.parametrize("hand, up", [("As Ks Qs Js 2d", "5h"), ("9c 9d Kh 5s 2c", "Qd"), ("Ah Kd 9c 6s 3h", "8d")])
def test_a_size_not_allowed_is_no_option(hand, up, capsys):
    """Two to five cards (Lunar Poker's exchange): every option but the one-card switches, each the
    same as with every size allowed; the best is the one a fee no hand pays for one card gives."""
    from caribbean_exact.play.switch_game import unreachable_fee

    full = {o.discard: o for o in switch_ev(hand, up, "1,1,1,1,1").options}
    some = switch_ev(hand, up, "x,1,1,1,1")
    assert len(some.options) == 32 - 5 and all(len(o.discard) != 1 for o in some.options)
    assert all(o.ev == full[o.discard].ev and o.totals == full[o.discard].totals for o in some.options)
    priced = switch_ev(hand, up, f"{unreachable_fee(Rules())},1,1,1,1")
    assert priced.best.discard == some.best.discard and priced.best.ev == some.best.ev
    assert main(["ev", hand, "--up", up, "--switch-fees", "x,1,1,1,1", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["switch_fees"] == [None, "1", "1", "1", "1"] and doc["rules"]["draw"]["switch_fees"][0] is None
    assert len(doc["switch"]) == 27 and Fraction(doc["switch"][0]["ev"]) == some.best.ev
    assert main(["ev", hand, "--up", up, "--switch-fees=-,1,1,1,1"]) == 0
    out = capsys.readouterr().out
    assert "fees in antes x,1,1,1,1\nfor 1, 2, 3, 4, 5 cards (x: not allowed; 2, 3, 4, 5 only)" in out


def test_cli_switch(capsys):
    assert main(["ev", "As Ks Qs Js 2d", "--up", "5h", "--switch-fees", "1,2,3,4,5", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert len(doc["switch"]) == 32 and doc["rules"]["raise_antes"] == 2
    best = doc["switch"][0]
    assert best["discard"] == ["2d"] and best["fee"] == "1" and best["decision"] == "depends"
    assert Fraction(best["ev"]) == switch_ev("As Ks Qs Js 2d", "5h").best.ev
    assert main(["ev", "As Ks Qs Js 2d", "5h", "--switch-fees", "1"]) == 0
    assert "best: switch 2d" in capsys.readouterr().out
    assert main(["ev", "AKQJ2", "--up", "5", "--switch-fees", "1"]) == 2
    assert main(["ev", "As Ks Qs Js 2d", "5h", "--switch-fees", "1", "--dead", "3c"]) == 2
    assert main(["ev", "As Ks Qs Js 2d", "5h", "--switch-fees", "1,z"]) == 2
