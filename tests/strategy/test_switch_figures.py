"""The Oasis figures from the exact one-card game, on a slice of it (``one_card_slice``: one up rank
standing in for the whole game): the study's pairing and the card's figure lines. Not marked csan
(the slice under ASan would add seconds to CI; the C harness counts a rank of cs_switch_game there)."""

from caribbean_exact.play.switch_game import sample_switch_game


def test_the_study_pairs_the_lines_and_the_one_card_game(sliced_oasis_studies, one_card_slice, lines_slice):
    """The optimal switch's house edge is the one-card game's (exact for one card; else that bound
    less the paired gain of switching more), and pairing with it leaves the lines' figures as they were;
    where the game is exact the lines' is counted too."""
    one, more = sliced_oasis_studies["1"], sliced_oasis_studies["1,2,3,2,1"]
    assert one.game.exact and one.game.house_edge == one_card_slice.house_edge and one.game.half_width == 0
    assert one.sample.mean_difference == 0  # the schedule is its own one-card baseline
    g = more.game
    assert not g.exact and g.house_edge_bound == one_card_slice.house_edge
    assert more.sample.mean_difference >= 0 and g.house_edge == one_card_slice.house_edge - more.sample.mean_difference
    assert one.lines_game is lines_slice and one.lines_exact and more.lines_game is None
    assert one.lines_cost == lines_slice.house_edge - one_card_slice.house_edge > 0 and one.lines_cost_half_width == 0
    for fees, st in (("1", one), ("1,2,3,2,1", more)):
        alone = sample_switch_game(fees, deals=st.sample.deals, seed=st.sample.seed, strategy=st.rules.mask)
        assert (alone.strategy_gain_sum, alone.strategy_cost_sum, alone.best_sum, alone.strategy_sizes) == (
            st.sample.strategy_gain_sum, st.sample.strategy_cost_sum, st.sample.best_sum, st.sample.strategy_sizes)


def test_the_oasis_card_figures(sliced_oasis_studies, one_card_slice, lines_slice):
    from types import SimpleNamespace

    from caribbean_exact.render.strategy.strategy_card import switch_figure_lines
    from caribbean_exact.render.text import pct

    one, more = (SimpleNamespace(switching=sliced_oasis_studies[k]) for k in ("1", "1,2,3,2,1"))
    edge = pct(one_card_slice.house_edge)
    lines = switch_figure_lines(one)
    assert lines[0] == (f"With the optimal switch (then raising or folding at best): a house edge of {edge}, exact "
                        "(every deal counted).")
    cost = pct(lines_slice.house_edge - one_card_slice.house_edge, 3)
    assert lines[1:] == [f"Switching by these lines (then raising or folding at best): a house edge of "
                         f"{pct(lines_slice.house_edge)}, exact (every deal counted). They cost {cost} of the ante "
                         "against the optimal switch, exactly."]
    assert switch_figure_lines(one, short=True) == [
        f"House edge, best switching: {edge} (exact); these lines {pct(lines_slice.house_edge)} (exact)."]
    g = more.switching.game
    lines = switch_figure_lines(more)
    assert lines[0].startswith(f"House edge with the optimal switch (then raising or folding at best): at most {edge} "
                               f"(exact, switching at most one card); about {pct(g.house_edge)} +/- ")
    assert "sampled over 2 hands (seed 4)" in lines[0] and len(lines) == 3
    assert lines[1].startswith("House edge switching by these lines: ") and "+/- " in lines[1]
    assert "(sampled, paired: the same hands)" in lines[2] and not more.switching.lines_exact
    short = switch_figure_lines(more, short=True)
    assert len(short) == 1 and f"at most {edge} (exact, switching at most one card), about" in short[0]


def test_a_negative_exact_house_edge_is_said_as_a_players_edge():
    """Where switching gives the player the edge (1,1: -2.8435%, its lines -2.4254%) the card says so in
    words, not with a minus sign; the pocket card's one line too, in as many characters."""
    from fractions import Fraction
    from types import SimpleNamespace

    from caribbean_exact.render.strategy.strategy_card import switch_figure_lines

    optimal, lines = Fraction(-369709928411, 13001902632810), Fraction(-23125689393193, 953472859739400)
    game = SimpleNamespace(exact=True, house_edge=optimal, proof=None)
    card = SimpleNamespace(switching=SimpleNamespace(
        sample=SimpleNamespace(exact=False, deals=2, seed=4, strategy_cost=0, strategy_cost_half_width=0), game=game,
        lines_exact=True,
        lines_house_edge=lines, lines_cost=lines - optimal))
    assert switch_figure_lines(card) == [
        "With the optimal switch (then raising or folding at best): a player's edge of 2.8435%, exact (every deal "
        "counted).",
        "Switching by these lines (then raising or folding at best): a player's edge of 2.4254%, exact (every deal "
        "counted). They cost 0.418% of the ante against the optimal switch, exactly."]
    assert switch_figure_lines(card, short=True) == [
        "Player's edge, best switching: 2.8435% (exact); these lines 2.4254% (exact)."]
    game.house_edge = Fraction(1, 100)  # the house's edge with the best switch, the player's with the lines
    assert switch_figure_lines(card, short=True) == [
        "House edge, best switching: 1.0000% (exact); these lines -2.4254% (exact)."]
