"""Progress on stderr: a bar (or a spinner for one long step), only when stderr is a terminal and
``--quiet`` is not given. It is the ``ProgressFn`` the commands hand to library calls."""

from __future__ import annotations

import sys
import threading
import time

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: the command line starts without typing (issue #24)
    from typing import TextIO


class TerminalProgress:
    """``progress(label, done, total)``: a one-line bar; with ``total=None`` a spinner with the
    elapsed time between ``done=0`` and ``done=1``. Nothing is drawn unless ``stream`` is a
    terminal and ``quiet`` is False."""

    def __init__(self, stream: TextIO | None = None, quiet: bool = False) -> None:
        self.stream = stream or sys.stderr
        self.on = not quiet and hasattr(self.stream, "isatty") and self.stream.isatty()
        self._last = 0.0
        self._stop: threading.Event | None = None
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def __call__(self, label: str, done: int, total: int | None) -> None:
        if not self.on:
            return
        if total is None:
            if done == 0:
                self._start_spinner(label)
            else:
                self.close()
            return
        now = time.monotonic()
        if done < total and now - self._last < 0.1:
            return
        self._last = now
        width = 30
        fill = int(done / total * width) if total else width
        self._write(f"\r{label} [{'#' * fill}{'.' * (width - fill)}] {done}/{total}")
        if done >= total:
            self._write("\r\033[K")

    def _write(self, text: str) -> None:
        with self._lock:
            try:
                self.stream.write(text)
                self.stream.flush()
            except (OSError, ValueError):  # stderr went away (closed, full): stop drawing
                self.on = False

    def _start_spinner(self, label: str) -> None:
        self.close()
        stop = threading.Event()
        start = time.monotonic()

        def spin() -> None:
            marks = "|/-\\"
            i = 0
            while not stop.wait(0.2):
                self._write(f"\r{label} {marks[i % 4]} {time.monotonic() - start:5.1f}s")
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
            self._write("\r\033[K")
