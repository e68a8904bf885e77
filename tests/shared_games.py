"""The standard one-card Oasis game (fee 1, about 20 s of CPU) computed once per test run, shared by
the pytest-xdist workers through a file, and put in each worker's library cache
(``play.switch_game``'s recent games), so the slow tests, examples and doctests that show it (solve,
card, report, the docs) do not each count it again. tests/play/test_switch_game_exact.py checks
the game itself (and counts the other fees on their own)."""

from __future__ import annotations

import os
import pickle
import tempfile
import time
from fractions import Fraction
from pathlib import Path


def seed_one_card_game() -> None:
    """Put the standard one-card game in this process's cache: counted by the first worker that asks,
    read by the others (without xdist the library's cache alone serves the run)."""
    from caribbean_exact import Rules
    from caribbean_exact.play import switch_game

    key = (Rules(), Fraction(1), False)
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None or switch_game._one_card_games.get(key) is not None:
        return
    folder = Path(tempfile.gettempdir()) / f"caribbean-exact-tests-{run}"
    folder.mkdir(exist_ok=True)
    data, lock = folder / "one-card-fee-1.pickle", folder / "one-card-fee-1.lock"
    try:
        os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:  # another worker counts it
        for _ in range(1200):
            if data.exists():
                switch_game._one_card_games.put(key, pickle.loads(data.read_bytes()))
                return
            time.sleep(0.5)
        return  # not there after 10 minutes: this worker counts it itself when asked
    game = switch_game.solve_one_card_game(1)
    part = data.with_suffix(".part")
    part.write_bytes(pickle.dumps(game))
    part.replace(data)
