"""Card switching, the whole game exact for fee schedules of up to four cards (``solve_exact_switch_game``).

The core's own checks (each discard set against ``cs_switch``, the two passes against each other) are
tests/engine/test_switch_dead.py's. Here the library's game: with one card it is the one-card game
(``switch_game.c``'s own driver) figure for figure; where the bounds of the larger switches prove that
two cards never beat one (a fee of 2 antes), the exact two-card game is the one-card game exactly (two
independent counts agreeing); a lower fee is never worth less; what cannot be counted is refused.
"""

from fractions import Fraction

import pytest

from caribbean_exact import Rules
from caribbean_exact.engine.switch import one_card_game_counts
from caribbean_exact.errors import InvalidRules
from caribbean_exact.model.information import seen_cards
from caribbean_exact.play.switch_exact import solve_exact_switch_game
from caribbean_exact.play.switch_game import one_card_game_from, prove_one_rank


def _one_card(fee: int, ranks: tuple[int, ...]):
    rules = Rules()
    return one_card_game_from(rules, Fraction(fee), one_card_game_counts(rules, Fraction(fee), up_ranks=ranks))


def _same_game(a, b) -> None:
    """Two games of the same play, counted on different weights: every figure equal."""
    assert a.situations == b.situations
    for name in ("house_edge", "expected_wager", "element_of_risk", "raise_probability", "option_probability"):
        assert getattr(a, name) == getattr(b, name), name
    rows = lambda g: sorted((r.outcome, r.category, r.probability, r.contribution) for _, r in g.return_rows)  # noqa: E731
    assert rows(a) == rows(b)


def test_one_card_is_the_one_card_game():
    """One card for 1 ante against a queen: the exact game is the one-card game of that rank, every
    figure and return row, and what the player does by the hand dealt."""
    g = solve_exact_switch_game("1", up_ranks=(10,))
    one = _one_card(1, (10,))
    _same_game(g, one)
    assert [c[:3] for c in g.by_category] == list(one.by_category)
    assert g.by_size == (g.situations - one.switch_situations, one.switch_situations, 0, 0, 0)
    assert g.exactness == "exact" and g.game_rules == Rules.make(switch_fees="1")
    assert g.return_rows[0][0] == "stand" and {p for p, _ in g.return_rows} == {"stand", "switch 1"}


def test_what_cannot_be_counted_is_refused():
    with pytest.raises(InvalidRules, match="up to four cards"):
        solve_exact_switch_game("1,1,1,1,1", up_ranks=(12,))
    with pytest.raises(InvalidRules, match=r"2\^28|too large"):
        solve_exact_switch_game([Fraction(1, 10**9 + 7), 1], up_ranks=(12,))
    with pytest.raises(InvalidRules, match="up card only"):
        solve_exact_switch_game("1,1", Rules(information=seen_cards(1)), up_ranks=(12,))
    with pytest.raises(InvalidRules, match="ranks"):
        solve_exact_switch_game("1,1", up_ranks=(13,))


@pytest.mark.slow  # one up rank of the two-card game twice: about 45 s of CPU
def test_two_cards_where_the_bounds_exclude_them_is_the_one_card_game():
    """Two antes for one or two cards, against an ace: the bounds prove that two cards
    never beat the best of standing and one, and the exact count agrees: the same game as one card for
    2. With the two-card fee 1 instead, the player switches two cards in some hands, and his return is
    higher, never lower."""
    ranks = (12,)
    for r in ranks:
        assert prove_one_rank("2,2", up_rank=r).open_sizes == ()
    g = solve_exact_switch_game("2,2", up_ranks=ranks)
    assert g.by_size[2] == 0
    _same_game(g, _one_card(2, ranks))
    cheaper = solve_exact_switch_game("2,1", up_ranks=ranks)
    assert cheaper.by_size[2] > 0 and cheaper.return_per_ante > g.return_per_ante
