"""What the commands of every family share: lists from one option, notes on stderr, files and
plots written (each through ``cli.files``)."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Mapping

from ...errors import InvalidRules, UsageError, shown
from ..files import display, write_files

TYPE_CHECKING = False  # not typing's: the command line starts without typing (issue #24)
if TYPE_CHECKING:  # the type checker sees the modules; at run time each loads when a command uses it
    from ...render.strategy import chart as render_strategy
else:
    from ..lazy import lazy
    render_strategy = lazy("caribbean_exact.render.strategy.chart")


def split_list(text: str) -> list[str]:
    """The items of a comma, semicolon or space separated option value."""
    return [t for t in re.split(r"[\s,;]+", text.strip()) if t]


def note(line: str) -> None:
    """A line on stderr beside a command's output (the files it wrote); a closed or full stderr is
    not a failure."""
    if sys.stderr is None:
        return
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def write_folder(folder: str, files: Mapping[str, str | bytes], created: bool) -> str:
    """Write ``files`` (name -> data) into ``folder`` (checked by ``check_folder`` before the work);
    the words for the line that says so."""
    write_files("--out", {os.path.join(folder, name): data for name, data in files.items()})
    return f"{display(folder)} (a new folder)" if created else display(folder)


def write_plot(args: argparse.Namespace, pages: int, draw: Callable[[str], list[bytes]]) -> None:
    """--plot FILE: the pages drawn (PDF: one file; PNG, SVG: a file a page) and written, all or none."""
    fmt = render_strategy.plot_format(args.plot)
    names = render_strategy.plot_files(args.plot, pages)
    if len(names) > 1 and os.path.exists(args.plot) and not os.path.isfile(args.plot):  # /dev/null
        raise InvalidRules(f"--plot {shown(args.plot)}: not a file, and the chart takes {pages} pages, "
                           f"a file each ({os.path.basename(names[0])}, ...): name a file, or a .pdf for one file")
    write_files("--plot", dict(zip(names, draw(fmt), strict=True)))
    if not args.quiet:
        note(render_strategy.plot_written([display(n) for n in names], pages))


def check_wide(command: str, args: argparse.Namespace) -> None:
    """--wide widens a text table: with --format json or csv (always full) it changes nothing and is
    refused, before any work."""
    if getattr(args, "wide", False) and args.format in ("json", "csv"):
        raise UsageError(f"{command}: --wide changes nothing with --format {args.format} (its output is always full)")
