import os
import random
import sys
from pathlib import Path
from typing import Any

# Two test workers share the two cores: numpy's BLAS threads (the matrix products of the frontier
# search) would only contend with the other worker and spin (about 5% of the slow tests' CPU, measured
# with perf): one BLAS thread a worker. Set before numpy loads; a single run keeps the default.
if os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

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
    "caribbean_exact.strategy.switch_rules.solve_switch_lines":
        "tests/strategy/test_switch_lines_game.py::test_the_lines_whole_game",
    "caribbean_exact.play.sixth_game":
        "tests/play/test_sixth_game.py::test_a_prohibitive_fee_is_the_plain_game_exactly",
    "caribbean_exact.play.switch_game.prove_switch_sizes":
        "tests/play/test_switch_bounds.py::test_linear_fees_whole_game_every_larger_switch_is_excluded",
}


def pytest_collection_modifyitems(items):
    """Mark the doctests of SLOW_DOCTESTS slow (matched by the doctest's name, so the installed
    package's doctests, collected with --pyargs, are matched too)."""
    for item in items:
        if type(item).__name__ == "DoctestItem" and item.name in SLOW_DOCTESTS:
            item.add_marker(pytest.mark.slow)


class _SharedWork:
    """The workers share the whole games of slow tests (``shared_games``), the package's slow
    doctests among them: a plugin of the whole run, not this folder's hooks, which the doctests
    collected from the installed package (``--pyargs``) never reach (the proofs of
    ``prove_switch_sizes``'s doctest were counted a second time, about 220 s of CPU)."""

    @staticmethod
    def pytest_runtest_setup(item):
        from shared_games import share_caches, sharing

        share_caches()
        sharing(item.get_closest_marker("slow") is not None)

    @staticmethod
    def pytest_runtest_teardown(item):  # noqa: ARG004 (the hook's argument)
        from shared_games import release, sharing

        release()
        sharing(False)


def pytest_configure(config):
    config.pluginmanager.register(_SharedWork(), "caribbean-exact-shared-work")


@pytest.fixture(autouse=True)
def _no_progress_lines(monkeypatch):
    """In-process commands print no progress line off a terminal (a loaded machine can make any
    solve last the second after which one is printed); the tests of progress set their own start."""
    monkeypatch.setattr("caribbean_exact.cli.progress.QUIET_START", float("inf"))


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261129)


@pytest.fixture(scope="session")
def standard_card():
    """The standard table's strategy card (a frontier search and a grid: seconds), built once a run
    for the card's tests and tables/'s."""
    from caribbean_exact.strategy.strategy_card import strategy_card

    return strategy_card()


@pytest.fixture(scope="session")
def one_card_slice():
    """The one-card game (standard rules, fee 1) counted over one up rank only (a queen): a real
    ``OneCardGame`` in about 2 s of CPU, for the default run's tests of what prints the whole game
    (which costs about 20 s: the tests marked slow)."""
    from fractions import Fraction

    from caribbean_exact import Rules
    from caribbean_exact.engine.switch import one_card_game_counts
    from caribbean_exact.play.switch_game import one_card_game_from

    return one_card_game_from(Rules(), Fraction(1), one_card_game_counts(Rules(), Fraction(1), up_ranks=(10,)))


@pytest.fixture(scope="session")
def lines_slice():
    """The switching lines' game of the fee 1 (standard rules) counted over one up rank only (a
    queen): a real ``SwitchLinesGame`` in about a second of CPU, for the default run's tests of what
    prints it (the whole game, about 10 s of CPU: tests/strategy/test_switch_lines_game.py, slow)."""
    from fractions import Fraction

    from caribbean_exact import Rules
    from caribbean_exact.engine.switch import given_game_counts
    from caribbean_exact.play.switch_game import one_card_game_from
    from caribbean_exact.strategy.switch_rules import SwitchLinesGame, switch_rules

    sr = switch_rules("1")
    return SwitchLinesGame(sr, one_card_game_from(Rules(), Fraction(1),
                                                  given_game_counts(Rules(), sr.choices, up_ranks=(10,))))


def seed_counted_switch(fees: str, rules: Any = None) -> None:
    """A schedule whose two-card switches the bounds leave open, counted in seconds: the ace's slices
    of the proof (``prove_one_rank``) and of the exact count seeded as the whole game's (the caches
    of ``prove_switch_sizes`` and ``solve_exact_switch_game``), so ``solve --switch-fees`` and
    ``report --switch-fees`` show the counted game's shape. Use fees whose whole game no test asks
    for (the caches then hold no whole game a test could read); tests seeding the same fees share the
    slice (the walk's and the report's "2,1"). ``rules``: the table's rules the command
    solves (a capped report's own, say); the default rules unless given."""
    from caribbean_exact.play import switch_exact
    from caribbean_exact.play import switch_game as sg
    from caribbean_exact.play.switching import switch_game

    rules, f = switch_game(fees, rules)
    sg._proofs.seed((rules, f, False), sg.prove_one_rank(f, rules, 12))
    switch_exact._games.seed((rules, f, False, tuple(range(13))),
                             switch_exact.solve_exact_switch_game(f, rules, up_ranks=(12,)))


@pytest.fixture(scope="session")
def sliced_oasis_studies(one_card_slice, lines_slice):
    """``switch_study`` of the fees 1 (6 hands, seed 3), 1,2,3,2,1 (2 hands, seed 4) and 1,1 (2 hands,
    seed 5, unproven: sampled), standard
    rules, with ``one_card_slice`` standing in for the whole one-card game and ``lines_slice`` for the
    lines' game (about 1 s of CPU)."""
    from caribbean_exact import Rules
    from caribbean_exact.strategy import switch_rules

    def sliced(fees, rules, *, threads=None, progress=None):  # noqa: ARG001 (solve_one_card_game's arguments)
        assert fees.fee(1) == 1 and rules == Rules()
        return one_card_slice

    def unproven(fees, rules, *, threads=None, progress=None):  # noqa: ARG001 (prove_switch_sizes's arguments)
        return None  # the proof (a minute of CPU) is the slow tests' (tests/play/test_switch_bounds.py)

    def lines(sr, rules, *, threads=None, progress=None):  # noqa: ARG001 (solve_switch_lines's arguments)
        assert sr.lines == lines_slice.lines.lines and rules == Rules()
        return lines_slice

    with pytest.MonkeyPatch.context() as m:
        m.setattr(switch_rules, "solve_one_card_game", sliced)
        m.setattr(switch_rules, "prove_switch_sizes", unproven)
        m.setattr(switch_rules, "solve_switch_lines", lines)
        return {"1": switch_rules.switch_study("1", deals=6, seed=3),
                "1,2,3,2,1": switch_rules.switch_study("1,2,3,2,1", deals=2, seed=4),
                "1,1": switch_rules.switch_study("1,1", deals=2, seed=5)}


def random_situation(rng: random.Random, n_dead: int = 0, n_dealer: int = 0):
    cards = rng.sample(range(52), 6 + n_dead + n_dealer)
    return cards[:5], cards[5], cards[6:6 + n_dead], cards[6 + n_dead:]


def scaled_nets(ints):
    """Nets written as the 14 integers of cs_nets (fold, not qualify, tie, lose, win by category), as
    the ScaledNets the binding takes (denominator 1)."""
    from caribbean_exact.model.rules import ScaledNets

    fold, nq, tie, lose, *win = ints
    return ScaledNets(fold, nq, tie, lose, tuple(win), 1)


def priced_totals(rules, t):
    """A cs_totals's EV per ante (fold, not qualify, tie, lose, wins priced by the rules' nets), exact."""
    from fractions import Fraction

    s = rules.nets().scaled()
    x = (sum(t.fold) * s.fold + sum(t.not_qualify) * s.not_qualify + sum(t.tie) * s.tie + sum(t.lose) * s.lose
         + sum(w * s.win[c] for c, w in enumerate(t.win)))
    return Fraction(x, t.total_weight * s.denominator)


@pytest.fixture(autouse=True)
def _json_outputs_are_validated(monkeypatch):
    """Every JSON document a command writes in a test is checked against its schema on the way out
    (issue #33): the command line's one stamp, ``render.json_schema.stamped_text``, is wrapped."""
    import importlib

    from caribbean_exact.render import json_schema

    cli_main = importlib.import_module("caribbean_exact.cli.main")  # the module (cli's main is the function)

    original = json_schema.stamped_text

    def stamped_and_checked(command: str, text: str) -> str:
        out = original(command, text)
        from json_schemas import validated

        validated(out, command)
        return out

    monkeypatch.setattr(json_schema, "stamped_text", stamped_and_checked)
    monkeypatch.setattr(cli_main, "stamped_text", stamped_and_checked)
