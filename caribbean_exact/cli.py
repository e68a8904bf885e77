"""Command line: ``caribbean-exact <command>``; ``main(argv) -> int``.

Errors print one line on stderr and exit 2; progress goes to stderr only on a terminal.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from . import render
from .errors import CaribbeanError
from .progress import set_quiet
from .rules import Paytable, Rules, load_paytables_file


class UsageError(CaribbeanError, ValueError):
    """Bad command-line usage."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def _rules_args(p: argparse.ArgumentParser, cap: bool = True) -> None:
    p.add_argument("--paytable", default=None,
                   help="built-in name (see 'paytables') or ten pays, royal first: 100,50,20,7,5,4,3,2,1,1")
    p.add_argument("--paytables", metavar="FILE", default=None, help="TOML file with more pay tables")
    p.add_argument("--qualifier", default=None,
                   help="dealer's minimum hand: AK (default), pair, 44, AKJ83, none, ...")
    if cap:
        p.add_argument("--ante", default=None, help="ante size (with --max-payout)")
        p.add_argument("--max-payout", default=None, help="cap on the win of one bet, e.g. 5000")


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--format", default="simple", help="json, csv or any tabulate format (simple, github, ...)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")


def _extra_tables(args: argparse.Namespace) -> dict[str, Paytable] | None:
    return load_paytables_file(args.paytables) if getattr(args, "paytables", None) else None


def rules_from(args: argparse.Namespace) -> Rules:
    return Rules.make(args.paytable, args.qualifier, getattr(args, "ante", None),
                      getattr(args, "max_payout", None), _extra_tables(args))


def cmd_ev(args: argparse.Namespace) -> str:
    from .odds import ev

    d = ev(args.hand, args.up, dead=args.dead, dealer=args.dealer, rules=rules_from(args))
    return render.decision(d, args.format)


def cmd_solve(args: argparse.Namespace) -> str:
    from . import known
    from .game import solve

    k = args.known_dealer_cards
    rules = rules_from(args)
    if k == 0:
        return render.report(solve(rules=rules, ignore_up=args.ignore_up), args.format)
    if args.ignore_up:
        raise UsageError("solve: --ignore-up does not combine with --known-dealer-cards")
    if k == 1:
        report, chart = known.solve_seen(rules)
        if args.format == "json":
            return render.report(report, "json")
        text = render.report(report, args.format)
        if args.format == "csv":
            return text
        return text + "\n\nWhen to raise, by up card and seen hole card:\n" + known.render_seen_chart(
            chart, args.format)
    if k == 4:
        return render.report(known.solve_all_seen(rules), args.format)
    r = known.sample(rules, k, 1, args.deals, args.seed)
    return known.render_sampled(r, args.format, f"{k} dealer hole cards seen (sampled, each deal exact)")


Command = Callable[[argparse.Namespace], str]
#: Extra subcommands registered by other modules: name -> (setup(parser), run(args) -> text).
EXTRA_COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], Command]] = {}


def build_parser() -> argparse.ArgumentParser:
    from . import __version__

    parser = _Parser(prog="caribbean-exact", description="Exact odds for Caribbean Stud Poker.")
    parser.add_argument("--version", action="version", version=f"caribbean-exact {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="command", parser_class=_Parser)

    p = sub.add_parser("ev", help="exact EV of raising and folding one hand")
    p.add_argument("hand", help='the player\'s five cards, e.g. "As Kd 7h 4c 2s"')
    p.add_argument("--up", required=True, help="the dealer's up card, e.g. Qh")
    p.add_argument("--dead", default=None, help="cards known to be out of play")
    p.add_argument("--dealer", default=None, help="known dealer hole cards (0 to 4)")
    _rules_args(p)
    _common(p)
    p.set_defaults(run=cmd_ev)

    p = sub.add_parser("solve", help="the whole game under optimal play: house edge, return table")
    _rules_args(p)
    p.add_argument("--ignore-up", action="store_true", help="best strategy that ignores the up card")
    p.add_argument("--known-dealer-cards", type=int, default=0, choices=range(5), metavar="K",
                   help="the player also sees K dealer hole cards: 1 and 4 exact, 2-3 sampled")
    p.add_argument("--deals", type=int, default=20_000, help="deals to sample when K is 2 or 3")
    p.add_argument("--seed", type=int, default=20261129, help="seed of the sample when K is 2 or 3")
    _common(p)
    p.set_defaults(run=cmd_solve)

    _register_extras()
    for name, (help_, setup, run) in EXTRA_COMMANDS.items():
        p = sub.add_parser(name, help=help_)
        setup(p)
        _common(p)
        p.set_defaults(run=run)
    return parser


def _register_extras() -> None:
    """Import the modules that add subcommands (each calls ``register``)."""
    import importlib

    for mod in ("strategy", "compare", "sidebets", "tables", "known"):
        importlib.import_module(f"{__package__}.{mod}")


def register(name: str, help_: str, setup: Callable[[argparse.ArgumentParser], None], run: Command) -> None:
    EXTRA_COMMANDS[name] = (help_, setup, run)


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
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
        if getattr(args, "run", None) is None:
            raise UsageError("caribbean-exact: choose a command (ev, solve, ...); see --help")
        set_quiet(bool(getattr(args, "quiet", False)))
        render.check_format(args.format)
        text = args.run(args)
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


if __name__ == "__main__":
    sys.exit(main())
