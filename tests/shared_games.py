"""The standard one-card Oasis game (fee 1, about 20 s of CPU) and the proofs that bound the larger
switches under the fees 1,2,3,4,5 and 1,2,3,2,1 (about 110 s of CPU each), computed once per test
run, shared by the pytest-xdist workers through files, and seeded in each worker's library caches
(``engine.recent.caches()``: "one-card games", "switch proofs"), so the slow tests, examples and doctests that show
them (solve, card, report, the docs) do not each count them again. tests/play/test_switch_game_exact.py
and test_switch_bounds.py check the game and the proofs themselves."""

from __future__ import annotations

import os
import pickle
import tempfile
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any


def _seed(name: str, cache: Any, key: object, compute: Callable[[], object]) -> None:
    """Put ``compute()`` in ``cache`` under ``key``: counted by the first worker that asks, read by the
    others (without xdist the library's cache alone serves the run)."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None or cache.get(key) is not None:
        return
    folder = Path(tempfile.gettempdir()) / f"caribbean-exact-tests-{run}"
    folder.mkdir(exist_ok=True)
    data, lock = folder / f"{name}.pickle", folder / f"{name}.lock"
    try:
        os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:  # another worker counts it
        for _ in range(1200):
            if data.exists():
                cache.seed(key, pickle.loads(data.read_bytes()))
                return
            time.sleep(0.5)
        return  # not there after 10 minutes: this worker counts it itself when asked
    value = compute()
    part = data.with_suffix(".part")
    part.write_bytes(pickle.dumps(value))
    part.replace(data)


def seed_one_card_game() -> None:
    """The standard one-card game (fee 1) in this process's cache."""
    from caribbean_exact import Rules
    from caribbean_exact.engine.recent import caches
    from caribbean_exact.play import switch_game

    _seed("one-card-fee-1", caches()["one-card games"], (Rules(), Fraction(1), False),
          lambda: switch_game.solve_one_card_game(1))


def seed_proofs() -> None:
    """The proofs of the fees 1,2,3,4,5 and 1,2,3,2,1 (standard rules) in this process's cache."""
    from caribbean_exact import Rules, SwitchFees
    from caribbean_exact.engine.recent import caches
    from caribbean_exact.play import switch_game

    for name in ("linear", "peaked"):
        fees = SwitchFees.parse(name)
        _seed(f"proof-{name}", caches()["switch proofs"], (Rules(), fees, False),
              lambda f=fees: switch_game.prove_switch_sizes(f))
