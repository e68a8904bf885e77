"""Progress on stderr unless ``--quiet``: on a terminal a bar (or a spinner for one long step) with an
estimate of the time left; elsewhere (a log file, a pipe) a line every few seconds, once the work has
taken more than a second. It is the ``ProgressFn`` the commands hand to library calls."""

from __future__ import annotations

import sys
import threading
import time

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: the command line starts without typing (issue #24)
    from typing import TextIO

#: Off a terminal: the first line after ``QUIET_START`` seconds of work, then one every ``EVERY``.
QUIET_START = 1.0
EVERY = 5.0


def _seconds(s: float) -> str:
    s = max(0, round(s))
    return f"{s} s" if s < 120 else f"{s // 60} min {s % 60:02d} s"


class TerminalProgress:
    """``progress(label, done, total)``: on a terminal a one-line bar, ``total=None`` a spinner with
    the elapsed time between ``done=0`` and ``done=1``; on any other stream a line
    (``label: done/total (p%), N s so far, about M s left``) every ``EVERY`` seconds once the work
    has taken ``QUIET_START``. Nothing is written when ``quiet`` is True."""

    def __init__(self, stream: TextIO | None = None, quiet: bool = False) -> None:
        self.stream = stream or sys.stderr
        self.on = not quiet and self.stream is not None
        self.terminal = self.on and hasattr(self.stream, "isatty") and self.stream.isatty()
        self._last = 0.0
        self._start = time.monotonic()  # of the whole command: "work over a second"
        self._label = ""
        self._label_start = self._start
        self._stop: threading.Event | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def __call__(self, label: str, done: int, total: int | None) -> None:
        if not self.on:
            return
        now = time.monotonic()
        if label != self._label or (total is not None and done == 0):
            self._label, self._label_start = label, now
        if total is None:
            if done == 0:
                self._start_spinner(label)
            else:
                self.close()
            return
        if not self.terminal:
            self._line(label, done, total, now)
            return
        if done < total and now - self._last < 0.1:
            return
        self._last = now
        width = 30
        fill = int(done / total * width) if total else width
        self._write(f"\r{label} [{'#' * fill}{'.' * (width - fill)}] {done}/{total}{self._left(done, total, now)}")
        if done >= total:
            self._write("\r\033[K")

    def _left(self, done: int, total: int, now: float) -> str:
        spent = now - self._label_start
        if done <= 0 or done >= total or spent < 1:
            return ""
        return f", about {_seconds(spent * (total - done) / done)} left"

    def _line(self, label: str, done: int, total: int, now: float) -> None:
        if done <= 0 or now - self._start < QUIET_START or (now - self._last < EVERY and done < total):
            return
        if done >= total and self._last < self._label_start:
            return  # finished before its first line: nothing to say
        self._last = now
        pct = f" ({100 * done // total}%)" if total else ""
        self._write(f"{label}: {done}/{total}{pct}, {_seconds(now - self._label_start)} so far"
                    f"{self._left(done, total, now)}\n")

    def _write(self, text: str) -> None:
        with self._lock:
            try:
                self.stream.write(text)
                self.stream.flush()
            except (OSError, ValueError, AttributeError):  # stderr went away (closed, full): stop writing
                self.on = False

    def _start_spinner(self, label: str) -> None:
        self.close()
        stop = threading.Event()
        start = time.monotonic()
        terminal = self.terminal

        def spin() -> None:
            marks = "|/-\\"
            i = 0
            # (capped: Event.wait overflows on an infinite or huge timeout, as the tests' QUIET_START = inf)
            wait = 0.2 if terminal else min(max(QUIET_START - (start - self._start), 0.05), 86_400.0)
            while not stop.wait(wait):
                spent = time.monotonic() - start
                if terminal:
                    self._write(f"\r{label} {marks[i % 4]} {spent:5.1f}s")
                else:  # one step of unknown length: no estimate, the time so far
                    self._write(f"{label}: {_seconds(spent)} so far\n")
                    wait = EVERY
                i += 1

        self._stop = stop
        self._thread = threading.Thread(target=spin, daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop a spinner and clear the line."""
        if self._stop is not None and self._thread is not None:
            self._stop.set()
            self._thread.join()
            self._stop = self._thread = None
            if self.terminal:
                self._write("\r\033[K")
