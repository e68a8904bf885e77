"""Progress on stderr, only when stderr is a terminal and not silenced (``--quiet``)."""

from __future__ import annotations

import sys
import threading
import time
from types import TracebackType
from typing import TextIO

_quiet = False


def set_quiet(quiet: bool) -> None:
    global _quiet
    _quiet = quiet


def enabled(stream: TextIO | None = None) -> bool:
    s = stream or sys.stderr
    return not _quiet and hasattr(s, "isatty") and s.isatty()


class Progress:
    """A one-line bar: ``with Progress("solving", total=n) as p: p.advance()``.

    With ``total=None`` it shows a spinner with elapsed time (for one long C call).
    Nothing is printed unless stderr is a terminal.
    """

    def __init__(self, label: str, total: int | None = None, stream: TextIO | None = None) -> None:
        self.label = label
        self.total = total
        self.done = 0
        self.stream = stream or sys.stderr
        self.on = enabled(self.stream)
        self._start = time.monotonic()
        self._last = 0.0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> Progress:
        if self.on and self.total is None:
            self._thread = threading.Thread(target=self._spin, daemon=True)
            self._thread.start()
        return self

    def _spin(self) -> None:
        marks = "|/-\\"
        i = 0
        while not self._stop.wait(0.2):
            elapsed = time.monotonic() - self._start
            self.stream.write(f"\r{self.label} {marks[i % 4]} {elapsed:5.1f}s")
            self.stream.flush()
            i += 1

    def advance(self, n: int = 1) -> None:
        self.done += n
        if not self.on or self.total is None:
            return
        now = time.monotonic()
        if now - self._last < 0.1 and self.done < self.total:
            return
        self._last = now
        frac = self.done / self.total if self.total else 1.0
        width = 30
        fill = int(frac * width)
        self.stream.write(f"\r{self.label} [{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total}")
        self.stream.flush()

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self.on:
            self.stream.write("\r\033[K")
            self.stream.flush()
