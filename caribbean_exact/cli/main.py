"""``caribbean-exact <command>``: ``main(argv) -> int``.

Errors print one line on stderr and exit 2; progress goes to stderr (a bar on a terminal, else a line
every few seconds of long work) unless --quiet. The work runs in a worker thread, so that Ctrl-C acts
at once.
Exit codes: 0 done (also when a reader such as ``head`` closed the pipe early), 2 bad input or
output that cannot be written (a full disk, a closed stdout), 130 interrupted (Ctrl-C).
Text the terminal's encoding cannot show is escaped (``\\u2660``), never an error.
See docs/reliability.md.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import os
import re
import sys
import threading
from collections.abc import Sequence

from .._version import __version__
from ..errors import QUOTE_LIMIT, CaribbeanError, UsageError, cut
from ..render import check_format
from ..render.json_schema import stamped_text
from .commands import COMMANDS
from .options import add_output
from .progress import TerminalProgress

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: the command line starts without typing (issue #24)
    from collections.abc import Callable
    from typing import IO, Any, NoReturn

    from _typeshed import SupportsWrite

#: What an interrupt prints (the same line as the console script's guard before ``main()`` runs).
INTERRUPTED_LINE = "caribbean-exact: interrupted"
#: The longest error line the command line prints (a last guard; messages cut input themselves).
MESSAGE_LIMIT = 1000


class _Once(argparse.Action):
    """An option given twice is an error (argparse would keep the last value without a word)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        seen: set[str] = namespace.__dict__.setdefault("_given", set())
        if self.dest in seen:
            raise UsageError(f"{parser.prog}: {option_string} is given twice")
        seen.add(self.dest)
        setattr(namespace, self.dest, values)


def _columns() -> int:
    """``shutil.get_terminal_size().columns``, step for step, without loading shutil (and with it
    zlib, bz2, lzma: start-up, issue #24): $COLUMNS if a positive number, else the width of the
    terminal of standard output, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
        columns = columns or 80
    return columns


class _Formatter(argparse.HelpFormatter):
    """argparse's help layout, with the width it takes by default (the terminal's, less 2) found
    by ``_columns`` instead of shutil (argparse makes a formatter for every option it adds)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, _columns() - 2 if width is None else width)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """Options that store one value (no action given) may be given once."""
        if args and str(args[0]).startswith("-") and kwargs.get("action") in (None, "store"):
            kwargs["action"] = _Once
        return super().add_argument(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """Usage errors become UsageError: one line on stderr, exit 2 (quoted input cut)."""
        message = re.sub(f"'([^']{{{QUOTE_LIMIT + 1},}})'", lambda m: repr(cut(m.group(1))), message)
        raise UsageError(f"{self.prog}: {message}")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """--help and --version: a failed write is an error (argparse would drop it silently)."""
        if message:
            (file or sys.stdout).write(message)


class OutputError(OSError):
    """Standard output could not be written (a full disk, a closed stream)."""


def _escaping(stream: IO[str] | None) -> None:
    """Let ``stream`` print what its encoding cannot (a "Café ♠" table on an ASCII terminal) as
    backslash escapes instead of failing."""
    if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
        with contextlib.suppress(ValueError, OSError):  # a detached or closed stream: nothing to do
            stream.reconfigure(errors="backslashreplace")


def _say(line: str) -> None:
    """One line on stderr, if stderr can take it (a closed or full stderr leaves only the code)."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(line + "\n")
        stream.flush()
    except (OSError, ValueError):
        pass


def _why(e: OSError) -> str:
    if e.errno == errno.ENOSPC:
        return "no space left on the device"
    if e.errno == errno.EBADF:
        return "the stream is closed"
    return e.strerror or type(e).__name__


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of every command (COMMANDS); with ``command`` (a command's name), only
    that command's parser is built, so that start-up loads only what the command needs (any other
    first argument builds them all: the choices and --help list every command)."""
    parser = _Parser(prog="caribbean-exact", description="Exact odds for Caribbean Stud Poker.")
    parser.add_argument("--version", action="version", version=f"caribbean-exact {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="command", parser_class=_Parser)
    names = {c.name for c in COMMANDS}
    for c in COMMANDS:
        if command in names and c.name != command:
            continue
        p = sub.add_parser(c.name, help=c.help)
        c.setup(p)
        add_output(p, c.formatted)
        p.set_defaults(command_spec=c)
    return parser


def parse(argv: Sequence[str], parser: argparse.ArgumentParser | None = None) -> argparse.Namespace:
    """The arguments of ``argv`` parsed and checked, before any work: the format, and the command's
    ``check_NAME`` (options that change nothing or conflict); raises ``UsageError`` (one line).
    ``parse(["solve", "--rate", "5%", "--table", "chart"])`` is how a test asks whether a pair of
    options is taken without running the command."""
    args_list = list(argv)
    args = (parser or build_parser(args_list[0] if args_list else None)).parse_args(args_list)
    spec = getattr(args, "command_spec", None)
    if spec is None:
        raise UsageError("caribbean-exact: choose a command (ev, solve, ...); see --help")
    if spec.formatted:
        check_format(args.format)
    if spec.check is not None:
        spec.check(args)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line: ``main(["ev", "As Kd 7h 4c 2s", "--up", "Qh"])``; returns the exit code
    (0 done, 2 bad input, 130 interrupted).
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    progress: TerminalProgress | None = None
    _escaping(sys.stdout)
    _escaping(sys.stderr)
    try:
        if sys.stdout is None:
            raise OutputError(errno.EBADF, "standard output is closed")
        parser = build_parser(args_list[0] if args_list else None)
        if not args_list:
            parser.print_help(sys.stderr)
            return 2
        if args_list[0] in ("-h", "--help", "--version") or "-h" in args_list or "--help" in args_list:
            try:
                parser.parse_args(args_list)
            except SystemExit as e:
                _flush()
                return int(e.code or 0)
        args = parse(args_list, parser)
        spec = args.command_spec
        progress = TerminalProgress(quiet=bool(args.quiet))
        text = spec.run(args, progress) if spec.name in IN_MAIN_THREAD else _in_worker(spec.run, args, progress)
        progress.close()
        if text and spec.formatted and args.format == "json":  # every JSON document names its schema
            text = stamped_text(spec.name, text)
        if text:
            sys.stdout.write(text + ("\n" if not text.endswith("\n") else ""))
        _flush()
        return 0
    except CaribbeanError as e:
        _say("error: " + cut(" ".join(str(e).split()), MESSAGE_LIMIT))
        return 2
    except KeyboardInterrupt:
        _say(INTERRUPTED_LINE)
        if _working:  # the work goes on in C threads: end the process now, its files left whole
            _end_now()
        return 130
    except MemoryError:
        _say("error: out of memory (the input or the work is too large for the memory this process may use)")
        return 2
    except BrokenPipeError:  # the reader stopped early (| head): not an error
        return 0
    except OSError as e:  # stdout: a full disk, a closed or failing stream
        _say(f"error: cannot write the output: {_why(e)}")
        return 2
    finally:
        if progress is not None:
            progress.close()


#: Commands that run in the main thread (serve handles Ctrl-C itself: it stops and says so).
IN_MAIN_THREAD = frozenset({"serve"})
#: The threads doing a command's work now (one at most).
_working: list[threading.Thread] = []


def _in_worker(run: Callable[[argparse.Namespace, Any], str], args: argparse.Namespace, progress: Any) -> str:
    """``run(args, progress)`` in a worker thread while the main thread waits in short steps: the
    long work runs in C (cffi releases the GIL), where a Ctrl-C waited for the call to return (7-10 s
    for ``card``); the main thread now sees it within a tenth of a second."""
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            box["text"] = run(args, progress)
        except BaseException as e:  # handed to the main thread, which raises it
            box["error"] = e

    t = threading.Thread(target=work, name="caribbean-exact work", daemon=True)
    _working.append(t)
    t.start()
    while t.is_alive():
        t.join(0.1)
    _working.remove(t)
    if "error" in box:
        raise box["error"]
    return str(box["text"])


def _end_now() -> None:
    """Ctrl-C during the work: the line is said; wait at most a second for a file being renamed into
    place or a history line being appended, remove the temporary files, flush, and end with 130
    (the C threads cannot be stopped from Python)."""
    if "caribbean_exact.cli.files" in sys.modules:
        sys.modules["caribbean_exact.cli.files"].stop_writing(1.0)
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            if stream is not None:
                stream.flush()
    os._exit(130)


def _flush() -> None:
    if sys.stdout is None:
        raise OutputError(errno.EBADF, "standard output is closed")
    sys.stdout.flush()
