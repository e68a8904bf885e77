import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

#: Doctests of the package that repeat, at seconds each, what a test checks with the same figures:
#: marked ``slow`` (out of the default run, in CI's full run). The docstring -> the test with its figures.
SLOW_DOCTESTS = {
    "caribbean_exact.strategy.simplify": "tests/strategy/test_simplify.py::test_standard_frontier",
    "caribbean_exact.strategy.strategy_card": "tests/strategy/test_strategy_card.py::test_grid_from_exact_cells",
    "caribbean_exact.strategy.seen_set_chart.seen_set_strategy":
        "tests/strategy/test_seen_set_rules.py (the three-seen-card rules against ev)",
    "caribbean_exact.house.protection.leaks": "tests/house/test_protection.py::test_leaks_list",
    "caribbean_exact.play.switch_game.solve_one_card_game":
        "tests/play/test_switch_game_exact.py::test_the_whole_one_card_game",
    "caribbean_exact.play.switch_game.solve_switch_game":
        "tests/play/test_switch_game_exact.py::test_solve_switch_fees_from_the_cli",
}


def pytest_collection_modifyitems(items):
    """Mark the doctests of SLOW_DOCTESTS slow (matched by the doctest's name, so the installed
    package's doctests, collected with --pyargs, are matched too)."""
    for item in items:
        if type(item).__name__ == "DoctestItem" and item.name in SLOW_DOCTESTS:
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261129)


@pytest.fixture(scope="session")
def standard_card():
    """The standard table's strategy card (a frontier search and a grid: seconds), built once a run
    for the card's tests and tables/'s."""
    from caribbean_exact.strategy.strategy_card import strategy_card

    return strategy_card()


def random_situation(rng: random.Random, n_dead: int = 0, n_dealer: int = 0):
    cards = rng.sample(range(52), 6 + n_dead + n_dealer)
    return cards[:5], cards[5], cards[6:6 + n_dead], cards[6 + n_dead:]


def scaled_nets(ints):
    """Nets written as the 14 integers of cs_nets (fold, not qualify, tie, lose, win by category), as
    the ScaledNets the binding takes (denominator 1)."""
    from caribbean_exact.model.rules import ScaledNets

    fold, nq, tie, lose, *win = ints
    return ScaledNets(fold, nq, tie, lose, tuple(win), 1)
