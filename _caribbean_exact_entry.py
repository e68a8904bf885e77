"""The ``caribbean-exact`` command's entry point, kept outside the package on purpose.

Importing ``caribbean_exact`` takes a while (the compiled core, every module). A Ctrl-C in that
time would end in a KeyboardInterrupt traceback, so this module, which imports nothing but the
standard library, installs a SIGINT handler first: until ``main()`` runs, an interrupt prints one
line and exits 130. After ``main()`` it makes sure the output streams can be flushed, so a full
disk or a closed stream ends with exit code 2, never with Python's exit-time "Exception ignored".
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: the command line starts without typing (issue #24)
    from typing import TextIO

INTERRUPTED = 130
#: The one line an interrupt prints, here and in ``main()``.
INTERRUPTED_LINE = "caribbean-exact: interrupted"


def _inherited_ignore() -> bool:
    """Whether the process started with SIGINT ignored (``nohup``, a background job of a script):
    then a Ctrl-C is not ours to handle and stays ignored."""
    try:
        return signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    except (ValueError, OSError):
        return False


#: Read once, when this module is first imported (before any handler of ours is installed).
IGNORED_AT_START = _inherited_ignore()


def _interrupted(_signum: int, _frame: object) -> None:
    with contextlib.suppress(OSError):
        os.write(2, INTERRUPTED_LINE.encode() + b"\n")
    os._exit(INTERRUPTED)


def guard() -> None:
    """Until ``main()`` takes over, a Ctrl-C prints one line and exits 130 (main thread only); an
    inherited "ignore SIGINT" is kept."""
    if IGNORED_AT_START:
        return
    with contextlib.suppress(ValueError, OSError):  # not the main thread: nothing to guard
        signal.signal(signal.SIGINT, _interrupted)


def _flush_or_discard(stream: TextIO | None, fd: int) -> Exception | None:
    """Flush a standard stream; if that fails, point its descriptor at /dev/null so that the
    interpreter's own flush at exit cannot fail again. Returns the failure, if any."""
    if stream is None:
        return None
    try:
        stream.flush()
    except (OSError, ValueError) as e:
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, fd)
            os.close(null)
        except OSError:
            pass
        return e
    return None


def run() -> int:
    """Run the command line; returns the exit code (0 done, 2 bad input or output, 130 interrupted)."""
    guard()
    try:
        from caribbean_exact.cli.main import main  # noqa: PLC0415 (the point: after the guard)
    except ImportError as e:
        with contextlib.suppress(OSError, ValueError, AttributeError):
            sys.stderr.write(f"caribbean-exact: cannot import the package: {e}\n")
        return 2
    if not IGNORED_AT_START:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        code = main()
    except KeyboardInterrupt:  # between the handler swap and main's own guard
        code = INTERRUPTED
    guard()  # from here on, nothing is left to clean up
    failed = _flush_or_discard(sys.stdout, 1)
    _flush_or_discard(sys.stderr, 2)
    if failed is not None and code == 0 and not isinstance(failed, BrokenPipeError):
        code = 2
    # The work is done and the streams flushed: the exit of the process frees what is left, so the
    # interpreter's last collections need not visit the ~15,000 objects of the loaded modules (a
    # seventh of ev's time, issue #24). Exit handlers, threads and streams close as usual.
    gc.freeze()
    return code


if __name__ == "__main__":
    sys.exit(run())
