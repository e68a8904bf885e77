"""The commands of practice: ``train``, ``score``, ``serve`` and ``page``."""

from __future__ import annotations

import argparse
import sys

from ...errors import UsageError, shown
from ...progress import ProgressFn
from ..modes import Mode, Option, check
from ..options import add_rules, add_threads, integer, natural, rules_from
from .common import note

TYPE_CHECKING = False  # not typing's: the command line starts without typing (issue #24)
if TYPE_CHECKING:  # the type checker sees the modules; at run time each loads when a command uses it
    from .. import batch
else:
    from ..lazy import lazy
    batch = lazy("caribbean_exact.cli.batch")  # score only


# ---------------------------------------------------------------- practice: train, score, serve, page


def setup_train(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=natural, default=None,
                   help="seed of the shuffle: the same seed deals the same hands (default: a new one, printed)")
    p.add_argument("--hands", type=integer, default=None,
                   help="stop after N hands (default: q or the end of the input)")
    p.add_argument("--focus", default=None,
                   help="lean the deals towards: close (close decisions, small |margin|), ak (A-K high hands), "
                        "up=RANK (one up-card rank, e.g. up=K)")
    p.add_argument("--strategy", default=None, metavar="NAME|FILE",
                   help="the strategy to learn: optimal (default), a built-in name ('pair or better', "
                        "'rules of thumb', ...), card (the strategy card's) or a rule file")
    p.add_argument("--hands-per-hour", default="50", help="hands dealt per hour, for the EV lost per hour (default 50)")
    p.add_argument("--history", metavar="FILE", default=None,
                   help="append the session to this JSON-lines file (one line a hand)")
    p.add_argument("--summary", metavar="FILE", default=None,
                   help="summarise a history file over its sessions (and deal nothing)")
    p.add_argument("--game", default=None, metavar="GAME",
                   help="train Russian Poker's draw decision under this rule set (lunar, russian or a TOML file): "
                        "f, p, 6 or x and the cards to exchange, graded against every option of the hand counted "
                        "exactly (3 to 8 s a hand, begun as the hand is dealt)")
    add_rules(p, ante_default="10", ante_help="the ante in money: costs are also shown in money")


#: The options of ``train`` that only dealing takes (``--summary`` deals nothing, and prices nothing:
#: a history's costs were priced under the rules of each session when it was dealt).
TRAIN_OPTIONS = (Option("history", "--history"), Option("seed", "--seed"), Option("hands", "--hands"),
                 Option("focus", "--focus"), Option("strategy", "--strategy"),
                 Option("hands_per_hour", "--hands-per-hour", "50"), Option("paytable", "--paytable"),
                 Option("paytables", "--paytables"), Option("qualifier", "--qualifier"),
                 Option("raise_antes", "--raise", 2), Option("ante", "--ante", "10"),
                 Option("max_payout", "--max-payout"), Option("game", "--game"))
TRAIN_SUMMARY = Mode("train --summary", frozenset(), why="it deals nothing: the history holds its costs")
TRAIN_GAME = Mode("train --game", frozenset({"game", "seed", "hands", "hands_per_hour", "ante"}),
                  why="the rule set names the pays, the qualifier and the bet; no strategy but the exact best")


def check_train(args: argparse.Namespace) -> None:
    """Before any work: --summary deals nothing; dealing, its rules and --focus."""
    if args.summary is not None:
        check(TRAIN_SUMMARY, args, TRAIN_OPTIONS)
        return
    if args.game is not None:
        check(TRAIN_GAME, args, TRAIN_OPTIONS)
        if args.format in ("json", "csv"):
            raise UsageError(f"train --game: --format {args.format} does not apply (the session is shown as text; "
                             "score --game gives a history's JSON)")
        from ...model.russian import RussianGame  # train --game only

        RussianGame.parse(args.game)
        return
    from ...play.trainer import parse_focus

    rules_from(args, ante_alone=True)
    parse_focus(args.focus)


def run_train(args: argparse.Namespace, progress: ProgressFn) -> str:
    from ...play.trainer import parse_focus
    from ...strategy.trainee import trainee
    from .. import train

    if args.summary is not None:
        return train.summary_of(args.summary, args.format)
    rules = rules_from(args, ante_alone=True)
    if args.game is not None:
        from ...model.russian import RussianGame

        return train.run_russian(args, rules, RussianGame.parse(args.game), train.standard_input(), sys.stdout)
    focus = parse_focus(args.focus)
    return train.run(args, rules, trainee(args.strategy, rules, progress), focus, train.standard_input(),
                     sys.stdout)


def setup_score(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE",
                   help="a hand history: CSV with the header hand,up,action (optional columns ante, dealer, dead), "
                        "one line a hand played; '-' reads standard input")
    add_rules(p, ante_help="the ante in money, for lines without an ante column: costs also in money")
    p.add_argument("--game", default=None, metavar="GAME",
                   help="a Russian Poker history, under this rule set (lunar, russian or a TOML file): the action "
                        "is fold, play, sixth, or exchange and the cards discarded (exchange 9s 2d), scored against "
                        "every option of the hand counted exactly (3 to 8 s a hand)")
    add_threads(p)
    p.add_argument("--skip-bad", action="store_true",
                   help="leave out the lines that are not understood (each is still said) and exit 0; without it "
                        "they are said and the exit code is 2")


def check_score(args: argparse.Namespace) -> None:
    """Before any work: the rules (and the Russian Poker rule set, alone beside the ante)."""
    rules = rules_from(args, ante_alone=True)
    if args.game is not None:
        from ...model.rules import Rules
        from ...model.russian import RussianGame  # score --game only

        if rules.paytable != Rules().paytable or rules.qualifier != Rules().qualifier or \
                rules.raise_antes != Rules().raise_antes or rules.max_payout is not None:
            raise UsageError("score --game: the rule set names the pays, the qualifier and the bet (--paytable, "
                             "--qualifier, --raise and --max-payout do not apply; --ante does)")
        RussianGame.parse(args.game)


def run_score(args: argparse.Namespace, progress: ProgressFn) -> str:
    from ...play.scoring import score, score_russian
    from ...render.play import scoring as render_scoring

    rules = rules_from(args, ante_alone=True)
    stream = batch.open_input(args.file, "score")  # bytes, read a bounded line at a time
    try:
        lines = batch.text_lines(stream, f"score {shown(args.file)}")
        if args.game is not None:
            report = score_russian(lines, args.game, rules.ante, threads=args.threads, progress=progress)
        else:
            report = score(lines, rules, threads=args.threads)
    finally:
        if stream is not getattr(sys.stdin, "buffer", None):
            stream.close()
    text = render_scoring.score(report, args.format)
    if not report.errors:
        return text
    if args.format == "csv":  # the table has no column for them: each is said on stderr
        for b in report.errors:
            note(f"{'skipped' if args.skip_bad else 'not scored'}: line {b.line:,}: {b.error}")
    if args.skip_bad:
        return text
    if args.format == "json":  # written here, not by main: the schema as main writes it
        from ...render.json_schema import stamped_text

        text = stamped_text("score", text)
    sys.stdout.write(text + "\n")  # the lines scored, then the one error line and exit 2
    sys.stdout.flush()
    where = "on stderr" if args.format == "csv" else "in the output"
    raise UsageError(f"score: {len(report.errors):,} of {report.hands + len(report.errors):,} lines not scored "
                     f"(each is said {where}); --skip-bad leaves them out with exit 0")


def setup_serve(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", type=integer, default=0, help="the port (default 0: a free one, printed)")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to serve on (default 127.0.0.1: this machine only; 0.0.0.0: every "
                        "address, for a phone on the same network, with a warning)")


def run_serve(args: argparse.Namespace, progress: ProgressFn) -> str:
    from .. import serve

    return serve.serve(args.port, sys.stdout, host=args.host)


def setup_page(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", required=True, metavar="DIR",
                   help="the folder to write (created when missing): index.html, sw.js, manifest.webmanifest, "
                        "icon.svg; copy it to any static web host, or open index.html from it")


def run_page(args: argparse.Namespace, progress: ProgressFn) -> str:
    from .. import page
    from ..files import check_folder
    from .common import write_folder

    created = check_folder("--out", args.out, create=True)
    files = page.files()
    size = sum(len(v) for v in files.values())
    where = write_folder(args.out, files, created)
    return (f"wrote {len(files)} files ({size:,} bytes) to {where}\n"
            "open its index.html, or copy the folder to any static web host: once opened it works offline")
