"""Work shared by the pytest-xdist workers of one test run, through files: ``share_caches``. While a
slow test runs, what the library puts in one of the ``SHARED`` caches is written to a file of the run,
and a miss in any worker reads it from there, or waits while the other worker counts it (the whole
games of seconds to minutes that tests in files on both workers ask for: the one-card Oasis game, the
proofs that bound the larger switches under the fees 1,2,3,4,5 and 1,2,3,2,1, about 100 and 190 s
of CPU, the sixth card, buying, the switching lines, the frontiers). So no whole game is counted twice
in a run, and two games asked for at once are counted one on each worker. The package's slow doctests
share too (tests/conftest.py registers the hooks for the whole run). ``CARIBBEAN_EXACT_SHARED_LOG=FILE``
writes a line for each game counted (``_log_count``).
tests/play/test_switch_game_exact.py and test_switch_bounds.py check the game and the proofs themselves."""

from __future__ import annotations

import hashlib
import os
import pickle
import re
import tempfile
import time
from pathlib import Path
from typing import Any

#: The library's caches shared between the workers during slow tests (results of seconds or more,
#: frozen, pickled in milliseconds).
SHARED = frozenset({"one-card games", "switch proofs", "switch-or-buy games", "sixth-card games",
                    "switch lines games", "buying lines' games", "frontiers", "seen-cards strategies",
                    "tables' pay-table games", "hands needed", "exact switching games"})

_sharing = {"on": False}


def _folder() -> Path | None:
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    if run is None:
        return None
    folder = Path(tempfile.gettempdir()) / f"caribbean-exact-tests-{run}" / "caches"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _file(cache: Any, key: object) -> Path | None:
    folder = _folder() if _sharing["on"] and cache.name in SHARED else None
    if folder is None:
        return None
    text = f"{cache.name}|{key!r}"
    if " at 0x" in text:  # an object shown by its address: not the same key in another process
        return None
    digest = hashlib.sha256(text.encode()).hexdigest()[:32]
    return folder / f"{digest}.pickle"


#: The lock files this process took (a miss it counts): removed once it puts, or after its test.
_owned: set[Path] = set()
#: When each lock of ``_owned`` was taken (monotonic seconds, this process's CPU seconds): the
#: ``CARIBBEAN_EXACT_SHARED_LOG`` diagnostic.
_started: dict[Path, tuple[float, float]] = {}


def _read_or_wait(path: Path) -> object | None:
    """The value of a file of the run; None if this process is to count it (it then holds the lock,
    ``_owned``). Another worker counting it (its lock there, no file yet): wait for its file, at most
    ten minutes, or until its lock goes without a file (its test ended without the value)."""
    lock = path.with_suffix(".lock")
    if lock in _owned:  # this process counts it (a miss inside its own count)
        return None
    deadline = time.monotonic() + 600
    while True:
        if path.exists():
            return pickle.loads(path.read_bytes())
        try:
            os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            if time.monotonic() > deadline:
                return None
            time.sleep(0.2)
            continue
        _owned.add(lock)
        _started[lock] = (time.monotonic(), time.process_time())
        return None


def _short(key: object) -> str:
    """A cache key in a line: pay tables by name, the up-card-only information left out, fractions
    as n/d."""
    t = re.sub(r"Paytable\(name='([^']*)'.*?source='[^']*'\)", r"\1", repr(key))
    t = re.sub(r", information=Information\(kind='up-card'.*?suit_split=''\)", "", t)
    t = re.sub(r"Fraction\((-?\d+), 1\)", r"\1", t)
    return re.sub(r"Fraction\((-?\d+), (\d+)\)", r"\1/\2", t)[:400]


def _log_count(name: str, key: object, wall0: float, cpu0: float) -> None:
    """With ``CARIBBEAN_EXACT_SHARED_LOG=FILE``: a line for each whole game a worker counted for the
    run (wall and CPU seconds, pid, cache, key, the test that asked): which games a run counts, and
    whether one is counted twice."""
    log = os.environ.get("CARIBBEAN_EXACT_SHARED_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as fh:
            fh.write(f"{time.monotonic() - wall0:.1f}\t{time.process_time() - cpu0:.1f}\t{os.getpid()}\t{name}\t"
                     f"{_short(key)}\t{os.environ.get('PYTEST_CURRENT_TEST', '')}\n")


def share_caches() -> None:
    """Wrap ``Recent.get`` and ``Recent.put`` once a process: under xdist and while ``sharing(True)``,
    a put of a ``SHARED`` cache is also written to the run's folder and a miss reads it from there,
    or waits while another worker counts it. A cache cleared (``clear_caches``: a test that counts
    again) is not read from files afterwards."""
    from caribbean_exact.engine.recent import Recent

    if getattr(Recent, "_shared_by_tests", False):
        return
    get, put, clear = Recent.get, Recent.put, Recent.clear

    def shared_get(self: Any, key: object) -> object:
        value = get(self, key)
        path = None if value is not None or getattr(self, "_cleared", False) else _file(self, key)
        if path is not None:
            value = _read_or_wait(path)
            if value is not None:
                put(self, key, value)
        return value

    def shared_put(self: Any, key: object, value: object) -> None:
        put(self, key, value)
        path = _file(self, key)
        if path is not None and not path.exists():
            part = path.with_suffix(f".{os.getpid()}.part")
            part.write_bytes(pickle.dumps(value))
            part.replace(path)
        if path is not None and path.with_suffix(".lock") in _started:
            _log_count(self.name, key, *_started.pop(path.with_suffix(".lock")))
        if path is not None and path.with_suffix(".lock") in _owned:
            _owned.discard(path.with_suffix(".lock"))
            path.with_suffix(".lock").unlink(missing_ok=True)

    def cleared(self: Any) -> None:
        clear(self)
        self._cleared = True

    Recent.get, Recent.put, Recent.clear = shared_get, shared_put, cleared  # type: ignore[method-assign]
    Recent._shared_by_tests = True  # type: ignore[attr-defined]


def release() -> None:
    """After a test: the locks it took for values it did not put (an error, a value not kept)."""
    for lock in list(_owned):
        lock.unlink(missing_ok=True)
    _owned.clear()
    _started.clear()


def sharing(on: bool) -> None:
    """Share (or stop sharing) the ``SHARED`` caches from now on in this process."""
    _sharing["on"] = on
