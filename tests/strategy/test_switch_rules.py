"""Oasis Poker's switching lines: each line's condition on chosen hands, each line's action against
`ev --switch-fees` (the exact per-hand options), the exact per-hand cost, the sampled whole-game cost
paired with the optimum (the same hands), and the card and report that print them."""

import json
import random
from fractions import Fraction

import pytest

import caribbean_exact as ce
from caribbean_exact import InvalidRules, Rules
from caribbean_exact.cli import main
from caribbean_exact.play.switch_game import excluded_sizes, sample_switch_game, solve_one_card_game, solve_switch_game
from caribbean_exact.play.switching import switch_ev
from caribbean_exact.render.text import pct
from caribbean_exact.strategy.switch_rules import EXAMPLES, SwitchRule, rule_cost, switch_rules, switch_study

pytestmark = pytest.mark.csan


def _discard(fees, hand, up):
    return " ".join(str(c) for c in switch_rules(fees).discard(hand, up))


@pytest.mark.parametrize("fees, hand, up, discard", [
    ("1", "As 9s 6s 3s Kd", "7c", "Kd"),            # four to a flush: the odd card
    ("1", "9h 9s 6s 3s Ks", "7c", ""),              # a pair of 9s with four to a flush: stand
    ("1", "3h 3s 6s 9s Ks", "7c", "3h"),            # a pair of 3s with four to a flush: the odd card
    ("1", "8s 9s 7c 5s 6s", "Qd", ""),              # a made straight, four of one suit: stand
    ("1", "9h 8c 7d 6s 2c", "Kd", "2c"),            # four in a row, open at both ends
    ("1", "2h 3c 4d 5s Tc", "Kd", "Tc"),            # 2-3-4-5 is open (an ace or a 6)
    ("1", "Ah Kc Qd Js 4c", "8d", "4c"),            # A-K-Q-J: one end closed, high enough
    ("1", "Ks Qd Jc 9h 3s", "5d", "3s"),            # a gap, the four K high
    ("1", "Ks Qd Jc 9h 3s", "Td", ""),              # ... but the dealer holds a 10, the card needed
    ("1", "Jc Td 9h 7s 2c", "5d", ""),              # a gap, the four only J high
    ("1", "Ah 2c 3d 5s 9c", "Kd", ""),              # the wheel's four are 5 high: stand
    ("1", "5h 6c 7d 8s 9c", "Kd", ""),              # a made straight: stand
    ("1", "Kh 9c 7d 4s 2h", "2c", ""),              # nothing, one-card table: stand
    ("1,2,3,2,1", "Kh 9c 7d 4s 2h", "2c", "Kh 9c 7d 4s 2h"),  # no pair against a 2: all five
    ("1,2,3,2,1", "Kh 9c 7d 4s 2h", "8c", ""),      # ... but not against an 8
    ("1,2,3,4,5", "Kh 9c 7d 4s 2h", "2c", ""),      # five cards at 5 antes: never
    ("100,100,100,100,100", "As 9s 6s 3s Kd", "7c", ""),  # prohibitive fees: stand
    # two cards for 1 ante (1,1): the lines that switch two
    ("1,1", "Jh Jc Js Td 6c", "Ah", "Td 6c"),       # three of a kind: the other two
    ("1,1", "Jh Jc Js Td 6c", "Jd", ""),            # ... but the dealer holds the fourth jack: stand
    ("1,1", "Jh Jc Js Td 6c", "6d", "Td 6c"),       # (the dealer's card of a kicker's rank is no matter)
    ("1,1", "3c 3h Ad 8s 4d", "Th", "8s 4d"),       # a low pair below the dealer's card: pair and the ace
    ("1,1", "3c 3h Ad 8s 4d", "As", "Ad 4d"),       # ... the ace is the dealer's rank: keep the 8
    ("1,1", "6c 6h Ad 8s 4d", "5h", ""),            # a pair of 6s above the dealer's card: stand
    ("1,1", "8c 8h Ad 9s 4d", "Kh", "9s 4d"),       # a pair of 8s against a king
    ("1,1", "8c 8h Ad 9s 4d", "Qh", ""),            # ... but not against a queen
    ("1,1", "9c 9h Ad 8s 4d", "Ah", ""),            # nines: stand even against an ace
    ("1,1", "Qd Jd Td 5s 4s", "8c", "5s 4s"),       # three to a straight flush
    ("1,1", "Qd Jd 9d 5s 4s", "Ac", "5s 4s"),       # (within five ranks, whatever the dealer holds)
    ("1,1", "4d 3d 2d Qs Js", "Ac", ""),            # ... but not with its lowest below a 5
    ("1,1", "Ac Qc 9c 6h 5h", "3d", "6h 5h"),       # three to a flush, all above the dealer's card
    ("1,1", "Kc 9c 3c 6h 5d", "8d", "6h 5d"),       # two above, king high
    ("1,1", "Qc 9c 3c 6h 5d", "8d", ""),            # ... queen high: stand
    ("1,1", "Qc Jd Th 5c 2d", "3d", "5c 2d"),       # three to a straight, all above the dealer's card
    ("1,1", "Qc Jd Th 5c 2d", "Jh", ""),            # ... not above a jack: stand
    ("1,1", "9c 8d 7h 5c 2d", "3d", "5c 2d"),       # within four ranks, the lowest a 7
    ("1,1", "Jc 9d 7h 5c 2d", "3d", ""),            # within five, the lowest a 7: stand
    ("1,1", "Ks Qd Jc 9h 3s", "5d", "3s"),          # the one-card draws stay first
    ("1,1", "Kh 9c 7d 4s 2h", "2c", ""),            # nothing: stand
])
def test_each_line_on_chosen_hands(fees, hand, up, discard):
    assert _discard(fees, hand, up) == discard


#: The schedule each condition's example is checked under: the one-card table's draws, all five
#: under 1,2,3,2,1, the lines of two cards under 1,1.
EXAMPLE_FEES = {"no pair": "1,2,3,2,1", "three of a kind": "1,1", "one pair": "1,1", "three to a straight flush": "1,1",
                "three to a flush": "1,1", "three to a straight": "1,1"}


@pytest.mark.parametrize("fees, hand, up", [
    *((EXAMPLE_FEES.get(c, "1"), *EXAMPLES[c]) for c in EXAMPLES), ("1", "Kh 9c 7d 4s 3h", "Jc")])
def test_each_line_is_the_exact_best_on_its_example(fees, hand, up, capsys):
    """Each line's action on its card example, against the best option of `ev --switch-fees`
    (exact, JSON)."""
    assert main(["ev", hand, "--up", up, "--switch-fees", fees, "--format", "json"]) == 0
    best = json.loads(capsys.readouterr().out)["switch"][0]
    assert " ".join(best["discard"]) == _discard(fees, hand, up)
    c = rule_cost(hand, up, fees)
    assert c.cost == 0 and c.ev == Fraction(best["ev"])


def test_every_line_has_its_example_on_the_card():
    r = switch_rules("1,2,3,2,1")
    assert [k for k, *_ in r.examples()] == list(range(len(r.lines))) == [0, 1, 2, 3, 4]
    # 1,1: the first line of each condition (a second line of the same kind takes the first's example)
    r = switch_rules("1,1")
    assert len(r.lines) == 12 and [k for k, *_ in r.examples()] == [0, 1, 2, 4, 5, 6, 7, 8, 10]


def test_a_two_card_action_needs_its_condition():
    with pytest.raises(InvalidRules, match="only to 'one pair'"):
        SwitchRule("three of a kind", "pair and kicker")
    with pytest.raises(InvalidRules, match="keep three"):
        SwitchRule("four to a flush", "keep three")
    with pytest.raises(InvalidRules, match="span"):
        SwitchRule("three to a straight", "keep three", span=5)


def _random_hands(n, seed):
    rng = random.Random(seed)
    for _ in range(n):
        cards = [ce.Card(i) for i in rng.sample(range(52), 6)]
        yield cards[:5], cards[5]


def test_rule_actions_against_ev_switch_fees_on_random_hands(capsys):
    """On random hands, the rule's option as `ev --switch-fees` prices it is the rule's EV, and the
    cost (best - rule) is 0 or more, 0 exactly when the rule picks a best option."""
    for hand, up in _random_hands(12, 21):
        text = " ".join(map(str, hand))
        assert main(["ev", text, "--up", str(up), "--switch-fees", "1", "--format", "json"]) == 0
        options = json.loads(capsys.readouterr().out)["switch"]
        c = rule_cost(hand, up, "1")
        mine = next(o for o in options if set(o["discard"]) == {str(x) for x in c.discard})
        assert Fraction(mine["ev"]) == c.ev and Fraction(options[0]["ev"]) == c.best_ev
        assert c.cost >= 0 and (c.cost == 0) == (Fraction(mine["ev"]) == Fraction(options[0]["ev"]))


def test_the_rule_ev_against_the_plain_loop():
    """A second way: the rule's one-card switch, one ev() per replacement card (the discard dead)."""
    hand, up = "As 9s 6s 3s Kd", "7c"
    c = rule_cost(hand, up, "1")
    assert [str(x) for x in c.discard] == ["Kd"]
    kept = [x for x in ce.parse_cards(hand) if str(x) != "Kd"]
    gone = {*ce.parse_cards(hand), ce.Card.parse(up)}
    evs = [ce.ev([*kept, r], up, dead=["Kd"]).ev for r in map(ce.Card, range(52)) if r not in gone]
    assert len(evs) == 46 and c.ev == sum(evs, Fraction(0)) / 46 - 1


def test_the_sampled_cost_is_the_exact_cost_of_the_same_hands():
    s = sample_switch_game("1", deals=8, seed=7, strategy=switch_rules("1").mask)
    costs, gains = Fraction(0), Fraction(0)
    rng = random.Random(7)
    for _ in range(8):
        cards = [ce.Card(i) for i in rng.sample(range(52), 6)]
        c = rule_cost(cards[:5], cards[5], "1")
        costs += c.cost
        gains += c.ev - switch_ev(cards[:5], cards[5], "1").stand.ev
    assert s.strategy_cost_sum == costs and s.strategy_gain_sum == gains
    assert s.strategy_house_edge == s.house_edge + s.strategy_cost
    assert sum(s.strategy_sizes) == 8 and s.strategy_sizes[2:] == (0, 0, 0, 0)


def test_the_optimal_switch_as_a_strategy_costs_nothing():
    def best(hand, up):
        b = switch_ev(hand, up, "1").best
        return sum(1 << i for i, c in enumerate(hand) if c in b.discard)

    s = sample_switch_game("1", deals=5, seed=9, strategy=best)
    assert s.strategy_cost_sum == 0 and s.strategy_house_edge == s.house_edge
    assert s.strategy_half_width == s.half_width


def test_a_strategy_must_give_an_allowed_discard_set():
    with pytest.raises(InvalidRules):
        sample_switch_game("1", deals=2, strategy=lambda _hand, _up: 3)  # two cards on a one-card table
    with pytest.raises(InvalidRules):
        SwitchRule("pair or better", "odd card")
    with pytest.raises(InvalidRules):
        SwitchRule("a flush draw", "stand")


# ---------------------------------------------------------------- the properties of the issue


@pytest.mark.parametrize("hand, up, fees", [("As Ks Qs Js 2d", "5h", "100,100,100,100,100"),
                                            ("2c 3d 5h 7s 9c", "Kd", "100"), ("9h 9d 5c 4s 2h", "Kc", "100")])
def test_a_prohibitive_fee_gives_the_plain_game_per_hand(hand, up, fees):
    a = switch_ev(hand, up, fees)
    assert a.best is a.stand and a.best.ev == ce.ev(hand, up).ev
    assert all(o.ev < a.stand.ev for o in a.options if o.discard)


def test_a_prohibitive_fee_gives_the_plain_game_exactly():
    """Above the largest net plus 1 (203 antes: a royal flush's raise win nets 201) every size is
    proven never best: the whole game is solve(), exactly, whatever the sample."""
    assert excluded_sizes("202,202,202,202,202").keys() == {4, 5}
    fees = "203,203,203,203,203"
    assert excluded_sizes(fees).keys() == {1, 2, 3, 4, 5}
    s = sample_switch_game(fees, deals=3, seed=1, strategy=switch_rules(fees).mask)
    assert s.exact and s.house_edge == ce.solve().house_edge == s.strategy_house_edge
    assert s.half_width == 0 and s.best_sizes == (3, 0, 0, 0, 0, 0)
    assert switch_rules(fees).lines == () and switch_rules("100,100,100,100,100").lines == ()


@pytest.mark.parametrize("hand, up, full", [("As Ks Qs Js 2d", "5h", "1,2,3,4,5"),
                                            ("Kh 9c 7d 4s 2h", "2c", "1,2,3,2,1")])
def test_one_card_only_is_a_restriction_per_hand(hand, up, full):
    one = switch_ev(hand, up, "1")
    a = switch_ev(hand, up, full)
    same = {o.discard: o.ev for o in a.options}
    assert len(one.options) == 6 and all(same[o.discard] == o.ev for o in one.options)  # the same EVs
    assert one.best.ev <= a.best.ev


def test_switch_study_follows_the_raise():
    st = switch_study("1", Rules(raise_antes=3), deals=3, seed=2, exact=False)
    assert st.sample.rules.raise_antes == 3 and st.sample.strategy_cost_sum >= 0 and st.game is None


@pytest.mark.slow
def test_rule_actions_on_more_random_hands_all_fee_schedules(capsys):
    for fees in ("1", "1,2,3,4,5", "1,2,3,2,1"):
        for hand, up in _random_hands(6, 5):
            text = " ".join(map(str, hand))
            assert main(["ev", text, "--up", str(up), "--switch-fees", fees, "--format", "json"]) == 0
            options = json.loads(capsys.readouterr().out)["switch"]
            c = rule_cost(hand, up, fees)
            mine = next(o for o in options if set(o["discard"]) == {str(x) for x in c.discard})
            assert Fraction(mine["ev"]) == c.ev and c.cost >= 0


# ---------------------------------------------------------------- the Oasis card: card --switch-fees


@pytest.fixture(scope="module")
def oasis_card(standard_card, sliced_oasis_studies):
    import dataclasses

    return dataclasses.replace(standard_card, switching=sliced_oasis_studies["1,2,3,2,1"])


@pytest.mark.slow
def test_the_oasis_card_says_what_to_switch_then_raise(oasis_card):
    from caribbean_exact.render.strategy import strategy_card as render_card

    text = render_card.card_text(oasis_card)
    assert text.startswith("# Oasis Poker")
    assert text.index("1. First, what to switch") < text.index("2. Then, with your new cards, raise")
    assert "1 card 1 ante, 2 cards 2 antes, 3 cards 3 antes, 4 cards 2 antes, 5 cards 1 ante" in text
    assert "No pair against a dealer's 2 or 3: switch all five (then you must raise) (e.g." in text
    assert "Anything else: switch nothing." in text and "sampled over 2 hands (seed 4)" in text
    assert "| AKQJ" not in text  # no A-K grid: it is the game without switching
    assert "switching figures marked sampled are sampled" in text and "(exact, switching at most one card)" in text
    pdf = render_card.draw(oasis_card, "pdf")
    assert pdf.startswith(b"%PDF") and pdf == render_card.draw(oasis_card, "pdf")
    pocket = render_card.draw(oasis_card, "svg", "pocket")  # the compact Oasis pocket card: no pays, no examples
    assert b"Oasis Poker: strategy card" in pocket and b"Five forces a raise." in pocket


@pytest.mark.slow  # the 1,1 study and text measured at every size (about 20 s)
@pytest.mark.csan_repeat  # measures text in the card font (matplotlib: not in the sanitizer venv); no C of its own
def test_the_pocket_card_says_twelve_lines_in_few_words(standard_card, sliced_oasis_studies):
    """The lines of 1,1 (twelve) do not fit a pocket card in full words at any size: the card says them
    in few words, and fits; the one-card and peaked cards keep their full words."""
    import dataclasses

    from caribbean_exact.render.strategy import strategy_card as render_card

    card = {f: dataclasses.replace(standard_card, switching=s) for f, s in sliced_oasis_studies.items()}
    body, _, short, fits = render_card.pocket_fit(card["1,1"])
    assert fits and short and body == 7
    assert [render_card.pocket_fit(card[f])[2:] for f in ("1", "1,2,3,2,1")] == [(False, True)] * 2
    said = [t for t, *_ in render_card._blocks(card["1,1"], body, False, None, short)]
    for words in ("\u2022 Trips, his card not their rank: switch the other 2.",
                  "\u2022 Pair to 8s vs K or A: keep it + top card not his rank.",
                  "\u2022 3 in 4 ranks, all above his card, low 7+: keep 3, switch 2.",
                  "\u2022 Anything else: switch nothing."):
        assert words in said, words
    assert sum(t.startswith("\u2022") for t in said) > 13  # the 12 lines, anything else, the raise lines
    assert render_card.draw(card["1,1"], "svg", "pocket").count(b"Oasis Poker: strategy card") == 1


@pytest.mark.slow
def test_cli_card_switch_fees(tmp_path, capsys):
    out = tmp_path / "oasis.png"
    assert main(["card", "--switch-fees", "1", "--deals", "3", "--out", str(out), "--quiet"]) == 0
    said = capsys.readouterr().out
    edge = solve_one_card_game(1).house_edge
    assert (f"with switching: With the optimal switch (then raising or folding at best): a house edge of {pct(edge)}, "
            "exact (every deal counted). Switching by these lines (then raising or folding at best): a house edge of "
            ) in said
    assert out.read_bytes()[:4] == b"\x89PNG" and pct(edge) == "1.0372%"
    assert main(["card", "--switch-fees", "1,2,3,2,1", "--deals", "3", "--seed", "4", "--size", "pocket",
                 "--out", str(out), "--quiet"]) == 0
    said = capsys.readouterr().out
    g = solve_switch_game("1,2,3,2,1", deals=3, seed=4)  # exact: the five-card switch counted, the rest proven
    assert g.exact and (f"at best): a house edge of {pct(g.house_edge)}, exact (every deal counted); switching "
                        "two to four cards is never better than standing, one card or all five, in any hand "
                        "(proven).") in said
    assert main(["card", "--switch-fees", "1,2,3,4,5", "--deals", "3", "--out", str(out), "--quiet"]) == 0
    said = capsys.readouterr().out  # every larger switch proven never better: the game is the one-card game
    assert (f"at best): a house edge of {pct(edge)}, exact (every deal counted); switching two or more cards is never "
            "better than the best of one card, in any hand (proven). Switching by these lines (then raising or folding "
            "at best): a house edge of ") in said
    assert main(["card", "--deals", "3", "--out", str(out)]) == 2  # --deals only with --switch-fees

