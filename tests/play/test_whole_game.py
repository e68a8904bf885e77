"""The game as one value (``Rules`` with its draw and information), the ``WholeGame`` protocol and the
solver registry (``play.whole_game``): each checked against the solvers called the old way."""

from __future__ import annotations

from fractions import Fraction

import pytest

from caribbean_exact import InvalidRules, Rules, solve
from caribbean_exact.engine.pricing import return_rows
from caribbean_exact.engine.switch import one_card_game_counts, sixth_game_counts
from caribbean_exact.model.draw import FEE_SCHEDULES, Draw, SwitchFees
from caribbean_exact.model.information import UP_CARD_ONLY, Information, seen_cards
from caribbean_exact.play import information as old_information
from caribbean_exact.play import switching as old_switching
from caribbean_exact.play.game import GameReport
from caribbean_exact.play.known_cards import solve_burn_card
from caribbean_exact.play.sixth_game import sixth_card_game_from
from caribbean_exact.play.switch_exact import solve_exact_switch_game
from caribbean_exact.play.switch_game import SwitchGame, excluded_sizes, one_card_game_from, sample_switch_game
from caribbean_exact.play.switching import switch_ev, switch_game
from caribbean_exact.play.whole_game import SOLVERS, WholeGame, game_kind, solve_game
from caribbean_exact.render.text import rules_json

BURN = Information("burn-card", dead_cards=1)


def test_the_plain_rules_are_unchanged_and_name_no_draw():
    r = Rules()
    assert r.draw is None and r.information == UP_CARD_ONLY and r.is_plain and r.plain is r
    assert list(rules_json(r)) == ["paytable", "pays", "qualifier", "qualifier_value", "ante", "max_payout",
                                   "raise_antes"]
    assert Rules.make("live-dealer", "pair") is Rules.make("live-dealer", "pair")  # still shared


def test_a_draw_is_part_of_the_rules():
    oasis = Rules.make(switch_fees="1,2,3,2,1")
    assert oasis == Rules(draw=Draw(SwitchFees.parse("peaked"))) == Rules.make(draw=FEE_SCHEDULES["peaked"])
    assert oasis != Rules() and oasis.plain == Rules() and not oasis.is_plain
    assert oasis.draw is not None and [oasis.draw.switch.fee(k) for k in range(6)] == [0, 1, 2, 3, 2, 1]
    assert len({oasis, Rules.make(switch_fees=[1, 2, 3, 2, 1]), Rules()}) == 2  # hashed by value
    assert rules_json(oasis)["draw"] == {"switch_fees": ["1", "2", "3", "2", "1"], "five_forces_raise": True}
    assert rules_json(Rules(information=BURN))["information"]["kind"] == "burn-card"
    # the old names are the same values
    assert old_switching.SwitchFees is SwitchFees and old_information.Information is Information


@pytest.mark.parametrize(("make", "word"), [
    (lambda: Rules.make(switch_fees="1,z"), "switch fee for 2 cards"),
    (lambda: Rules.make(switch_fees="1,2,3,4,5,6"), "switch fees"),
    (lambda: Rules.make(switch_fees="-1"), "switch fee"),
    (lambda: Rules.make(draw="1", switch_fees="1"), "draw and switch_fees"),
    (lambda: Draw(SwitchFees.parse("1"), five_forces_raise=False), "five_forces_raise"),
    (Draw, "draw"),
    (lambda: Rules(information="burn"), "information"),
])
def test_bad_draws_name_the_field(make, word):
    with pytest.raises(InvalidRules, match=word):
        make()


def test_the_old_fees_keyword_maps_onto_the_rules():
    by_rules = switch_ev("5c Kc 2c 7h Td", "3c", rules=Rules.make(switch_fees="1,1,1"))
    by_fees = switch_ev("5c Kc 2c 7h Td", "3c", "1,1,1")
    assert [(o.discard, o.ev) for o in by_rules.options] == [(o.discard, o.ev) for o in by_fees.options]
    assert by_rules.rules == by_fees.rules == Rules()  # the counted table; the whole game is game_rules
    assert by_rules.game_rules == Rules.make(switch_fees="1,1,1") == by_fees.game_rules
    # the fees given win over the rules' draw (the old keyword), and a leak has no switching
    assert switch_game("1", Rules.make(switch_fees="1,2"))[1] == SwitchFees.parse("1")
    with pytest.raises(InvalidRules, match="information"):
        switch_game("1", Rules(information=BURN))
    with pytest.raises(InvalidRules, match="switch fees"):
        switch_game(None, Rules())


def test_the_registry_solves_each_kind_like_its_own_solver():
    assert set(SOLVERS) == {"up-card", "seen-cards", "sorted-ranks", "seen-class", "burn-card", "switch", "buy",
                            "switch-or-buy"}
    plain = solve_game()
    assert isinstance(plain, GameReport) and plain.house_edge == solve().house_edge
    burn = solve_game(Rules(information=BURN))
    own = solve_burn_card().report
    assert isinstance(burn, GameReport) and (burn.totals, burn.information) == (own.totals, own.information)
    assert burn.game_rules == Rules(information=BURN) and game_kind(burn.game_rules) == "burn-card"
    assert burn.house_edge < plain.house_edge  # the burn card helps the player
    for game in (Rules.make(switch_fees="1"), Rules(information=BURN)):  # solve() is the plain game's
        with pytest.raises(InvalidRules, match="solve_game"):
            solve(rules=game)
    with pytest.raises(InvalidRules, match="dead_cards"):
        solve_game(Rules(information=Information("burn-card")))
    with pytest.raises(InvalidRules, match="raise_on_tie"):
        solve_game(Rules(information=seen_cards(1)), raise_on_tie=True)


def _figures_agree(g: WholeGame) -> None:
    """The protocol's figures against each other: the edge is minus the return, the element of risk
    the edge over the expected wager; where exact, the decisions' shares add up to every situation, the
    return table's probabilities to every deal and its contributions to the return."""
    assert isinstance(g, WholeGame)
    assert g.house_edge == -g.return_per_ante
    if g.expected_wager is not None:
        assert g.element_of_risk == g.house_edge / g.expected_wager
        assert 1 < g.expected_wager < 1 + g.game_rules.raise_antes
    decisions, rows = g.decisions, g.return_rows
    if g.exactness != "exact":
        assert decisions is None and rows is None
        return
    assert decisions is not None and rows is not None
    assert sum(p for _, p in decisions) == 1 and all(0 <= p <= 1 for _, p in decisions)
    assert len({d for d, _ in decisions}) == len(decisions) and decisions[-1][0] in ("raise", "switch 1", "switch 5",
                                                                                       "buy")
    assert sum(r.probability for _, r in rows) == 1 and sum(r.contribution for _, r in rows) == g.return_per_ante


def test_every_whole_game_result_is_a_whole_game():
    plain = solve()
    _figures_agree(plain)
    assert plain.decisions == (("fold", 1 - plain.raise_probability), ("raise", plain.raise_probability))
    assert [r for _, r in plain.return_rows] == plain.return_table()
    assert (plain.exactness, plain.information, plain.game_rules) == ("exact", UP_CARD_ONLY, Rules())
    # one up rank of the one-card game (the whole game takes seconds): its return counted from its rows
    one = one_card_game_from(Rules(), Fraction(1), one_card_game_counts(Rules(), Fraction(1), up_ranks=(12,)))
    nets = Rules().nets()
    counted = sum(Fraction(r.count) * r.net for r in return_rows(one.stand, nets)) + sum(
        Fraction(r.count) * (r.net - 1) for r in return_rows(one.switch, nets))  # the fee: 1 ante a switch
    assert one.return_per_ante == counted / (one.stand.total_weight + one.switch.total_weight)
    _figures_agree(one)
    assert one.game_rules == Rules.make(switch_fees="1") and one.exactness == "exact"
    exact = solve_exact_switch_game("1", up_ranks=(12,))  # every switch counted: the same game
    _figures_agree(exact)
    assert (exact.exactness, exact.house_edge, exact.expected_wager, exact.element_of_risk) == (
        "exact", one.house_edge, one.expected_wager, one.element_of_risk)
    # the two counts' decisions, each from its own by_category: stand and fold, stand and raise, switch 1
    assert exact.decisions == one.decisions and [d for d, _ in one.decisions] == ["stand, fold", "stand, raise",
                                                                                  "switch 1"]
    assert dict(one.decisions)["switch 1"] == one.switch_probability
    six = sixth_card_game_from(Rules(), Fraction(1), sixth_game_counts(Rules(), Fraction(1), up_ranks=(12,)))
    _figures_agree(six)
    assert [d for d, _ in six.decisions] == ["stand, fold", "stand, raise", "buy"]
    assert dict(six.decisions)["buy"] == six.buy_probability and {p for p, _ in six.return_rows} == {"stand", "buy"}
    game = SwitchGame(SwitchFees.parse("1"), one, None, plain.return_per_ante)
    _figures_agree(game)
    assert (game.decisions, game.return_rows) == (one.decisions, one.return_rows)  # the exact game's own
    assert (game.exactness, game.expected_wager, game.house_edge) == ("exact", one.expected_wager, one.house_edge)
    sample = sample_switch_game(None, Rules.make(switch_fees="1,1"), deals=4, seed=3)
    _figures_agree(sample)
    assert (sample.exactness, sample.expected_wager, sample.game_rules.draw) == (
        "sampled", None, Draw.parse("1,1"))
    sampled = SwitchGame(SwitchFees.parse("1,1"), one, sample, plain.return_per_ante)
    _figures_agree(sampled)
    assert (sampled.exactness, sampled.element_of_risk) == ("sampled", None)
    assert SwitchGame(SwitchFees.parse("1,1"), one, None, plain.return_per_ante).exactness == "bounded"
    # the result holds what the renderer used to compute: the sizes the bounds exclude
    linear = SwitchGame(SwitchFees.parse("linear"), one, None, plain.return_per_ante)
    assert linear.excluded == excluded_sizes("1,2,3,4,5") and 5 in linear.excluded
    assert all(linear.excluded.keys() <= ex.keys() == excluded_sizes("1,2,3,4,5", up_rank=r).keys()
               for r, ex in enumerate(linear.excluded_by_up))  # an up rank's bound is tighter
