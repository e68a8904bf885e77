"""``caribbean-exact <command>``: ``main(argv) -> int``.

Errors print one line on stderr and exit 2; progress goes to stderr only on a terminal.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from .._version import __version__
from ..errors import CaribbeanError, UsageError
from ..render import check_format
from .commands import COMMANDS
from .options import add_output
from .progress import TerminalProgress


class _Once(argparse.Action):
    """An option given twice is an error (argparse would keep the last value without a word)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        seen: set[str] = namespace.__dict__.setdefault("_given", set())
        if self.dest in seen:
            raise UsageError(f"{parser.prog}: {option_string} is given twice")
        seen.add(self.dest)
        setattr(namespace, self.dest, values)


class _Parser(argparse.ArgumentParser):
    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """Options that store one value (no action given) may be given once."""
        if args and str(args[0]).startswith("-") and kwargs.get("action") in (None, "store"):
            kwargs["action"] = _Once
        return super().add_argument(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """Usage errors become UsageError: one line on stderr, exit 2."""
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every command (COMMANDS)."""
    parser = _Parser(prog="caribbean-exact", description="Exact odds for Caribbean Stud Poker.")
    parser.add_argument("--version", action="version", version=f"caribbean-exact {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="command", parser_class=_Parser)
    for c in COMMANDS:
        p = sub.add_parser(c.name, help=c.help)
        c.setup(p)
        add_output(p, c.formatted)
        p.set_defaults(command_spec=c)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line: ``main(["ev", "As Kd 7h 4c 2s", "--up", "Qh"])``; returns the exit code
    (0 done, 2 bad input, 130 interrupted).
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    progress: TerminalProgress | None = None
    try:
        parser = build_parser()
        if not args_list:
            parser.print_help(sys.stderr)
            return 2
        if args_list[0] in ("-h", "--help", "--version") or "-h" in args_list or "--help" in args_list:
            try:
                parser.parse_args(args_list)
            except SystemExit as e:
                return int(e.code or 0)
        args = parser.parse_args(args_list)
        spec = getattr(args, "command_spec", None)
        if spec is None:
            raise UsageError("caribbean-exact: choose a command (ev, solve, ...); see --help")
        if spec.formatted:
            check_format(args.format)
        progress = TerminalProgress(quiet=bool(args.quiet))
        text = spec.run(args, progress)
        progress.close()
        if text:
            sys.stdout.write(text + ("\n" if not text.endswith("\n") else ""))
        sys.stdout.flush()
        return 0
    except CaribbeanError as e:
        msg = " ".join(str(e).split())
        print(f"error: {msg}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    finally:
        if progress is not None:
            progress.close()
