"""A command's modes and the options each takes: "does not apply" is computed, not listed.

A command with several modes (``solve``: the plain game, seen hole cards, a leak, edge sorting, a
flash rate, card switching, sampling; ``ev``: one hand, ranks alone, switching, a batch) declares its
mode-specific options once, in the order its errors name them (``Option``), and each mode once: the
words an error begins with, the options it takes and the ``--table`` values it has (``Mode``). The
command picks its mode from the arguments, then ``check`` refuses, in one line and before any work,
every option given that the mode does not take, naming each; options that each have a ``hint``
saying where they apply are refused with their hints instead. Options that describe something another option asks for
(``report --meter`` describes the progressive of ``--side-bets progressive``) are declared with what
they need (``Needs``): given without it, they change nothing and ``check_needs`` refuses them. Two
options that a mode takes each but not together (``solve --rate`` and ``--table``) are declared once as a
``Conflict``: ``check_conflicts`` refuses the pair in one line naming both. A new option or mode is one
declaration: no list of what does not apply is written by hand; ``tests/cli/test_modes.py`` walks every
pair of every command's options from its parser.

>>> import argparse
>>> opts = (Option("sample", "--sample", False), Option("table", "--table"))
>>> plain = Mode("solve", frozenset({"table"}), tables=("figures",))
>>> check(plain, argparse.Namespace(sample=False, table="figures"), opts)
>>> check(plain, argparse.Namespace(sample=True, table=None), opts)
Traceback (most recent call last):
...
caribbean_exact.errors.UsageError: solve: --sample does not apply
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import UsageError


@dataclass(frozen=True)
class Option:
    """An option that only some modes take."""
    #: Its attribute on the parsed arguments.
    dest: str
    #: How errors name it ("--known-dealer-cards").
    flag: str
    #: Its value when it is not given.
    default: object = None
    #: Where it applies, said instead of "does not apply" when it is refused alone or with options of
    #: the same hint ("--deals and --seed apply only to --sample (...)").
    hint: str = ""


@dataclass(frozen=True)
class Mode:
    """One mode of a command: the words its errors begin with and what it takes."""
    #: The words an error of this mode begins with ("solve --flash-rate").
    name: str
    #: The ``dest`` of every mode-specific option it takes.
    takes: frozenset[str]
    #: The ``--table`` values it has (none: it takes no ``--table``).
    tables: tuple[str, ...] = ()
    #: Why the options it does not take do not apply, said after them ("every option is per ante").
    why: str = ""
    #: The ``--table`` values whose ``--format json`` is a document of its own (the others print the
    #: whole JSON, which holds every table: with --format json they change nothing and are refused).
    json_tables: tuple[str, ...] = ()


def given(args: argparse.Namespace, options: tuple[Option, ...]) -> list[Option]:
    """The options of ``options`` given on the command line (their value is not the default)."""
    return [o for o in options if getattr(args, o.dest, o.default) != o.default]


def _listed(flags: list[str]) -> str:
    return flags[0] if len(flags) == 1 else ", ".join(flags[:-1]) + " and " + flags[-1]


def check(mode: Mode, args: argparse.Namespace, options: tuple[Option, ...],
          table_hints: dict[str, str] | None = None) -> None:
    """Refuse (``UsageError``, one line) the options given that ``mode`` does not take, and a
    ``--table`` value it does not have (``table_hints``: where each value applies)."""
    extra = [o for o in given(args, options) if o.dest not in mode.takes]
    if extra:
        if all(o.hint for o in extra):  # each says where it applies, once
            raise UsageError(f"{mode.name}: " + "; ".join(dict.fromkeys(o.hint for o in extra)))
        flags = [o.flag for o in extra]
        why = f" ({mode.why})" if mode.why else ""
        raise UsageError(f"{mode.name}: {_listed(flags)} {'does' if len(flags) == 1 else 'do'} not apply{why}")
    table = getattr(args, "table", None)
    if table is not None and "table" in mode.takes and table not in mode.tables:
        where = (table_hints or {}).get(table)
        raise UsageError(f"{mode.name}: --table {table} " + (f"needs {where}" if where else "does not apply"))
    if table is not None and getattr(args, "format", None) == "json" and table not in mode.json_tables:
        raise UsageError(f"{mode.name}: {TABLE_IN_JSON.format(table=table)}")


#: What a --table whose JSON is the whole document is refused with beside --format json.
TABLE_IN_JSON = "--table {table} changes nothing with --format json (the JSON holds every table)"


def check_table_json(command: str, args: argparse.Namespace) -> None:
    """A command without modes whose --table selects a text table only: refused with --format json."""
    if getattr(args, "table", None) is not None and getattr(args, "format", None) == "json":
        raise UsageError(f"{command}: {TABLE_IN_JSON.format(table=args.table)}")


@dataclass(frozen=True)
class Needs:
    """Options that change nothing without something else the command is asked for."""
    #: The options (their ``hint`` is not used).
    options: tuple[Option, ...]
    #: What they need, in words ("--side-bets progressive").
    what: str
    #: Whether the arguments ask for it.
    present: Callable[[argparse.Namespace], bool]


def check_needs(command: str, args: argparse.Namespace, needs: tuple[Needs, ...], why: str = "") -> None:
    """Refuse (one line, before any work) the options given whose need is absent, the first such
    need's options named together: ``report: --meter and --reset change nothing without ...``."""
    for n in needs:
        flags = [o.flag for o in given(args, n.options)]
        if flags and not n.present(args):
            verb = "changes" if len(flags) == 1 else "change"
            raise UsageError(f"{command}: {_listed(flags)} {verb} nothing without {n.what}"
                             + (f" ({why})" if why else ""))


@dataclass(frozen=True)
class Conflict:
    """Options that each work but not together: the second changes nothing (or cannot be honoured)
    in the presence of the first."""
    #: The option whose presence makes the others moot.
    option: Option
    #: The options refused beside it.
    others: tuple[Option, ...]
    #: Why, said after them ("the file's suffix chooses its format").
    why: str
    #: Whether ``option`` counts as given (default: its value is not its default).
    present: Callable[[argparse.Namespace], bool] | None = None


def check_conflicts(command: str, args: argparse.Namespace, conflicts: tuple[Conflict, ...]) -> None:
    """Refuse (one line, before any work) the first declared pair given together:
    ``report: --format json changes nothing with --out (...)``."""
    for c in conflicts:
        on = c.present(args) if c.present is not None else bool(given(args, (c.option,)))
        flags = [_shown(o, args) for o in given(args, c.others)]
        if on and flags:
            verb = "changes" if len(flags) == 1 else "change"
            raise UsageError(f"{command}: {_listed(flags)} {verb} nothing with {_shown(c.option, args)} ({c.why})")


def _shown(o: Option, args: argparse.Namespace) -> str:
    """An option as an error names it: its flag, with its value when the value is what matters
    (``--format json``)."""
    return f"{o.flag} {getattr(args, o.dest)}" if o.dest in ("format", "table") else o.flag
