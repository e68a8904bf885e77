"""The commands of strategy: ``chart``, ``strategies``, ``simplify`` and ``card``."""

from __future__ import annotations

import argparse
import os

from ...errors import UsageError, shown
from ...progress import ProgressFn
from ...render.text import counted
from ..files import check_file, check_folder, display, write_files
from ..modes import Needs, Option, check_needs, check_table_json
from ..options import add_buy_fee, add_rules, add_sampling, integer, rules_from
from .common import note, write_folder, write_plot

TYPE_CHECKING = False  # not typing's: the command line starts without typing (issue #24)
if TYPE_CHECKING:  # the type checker sees the modules; at run time each loads when a command uses it
    from ...house import sidebets
    from ...render import figures
    from ...render.strategy import chart as render_strategy
    from ...strategy.chart import build_chart
    from ...strategy.rule_file import load_rule_file
    from ...strategy.strategies import compare_strategies
else:
    from ..lazy import lazy, lazy_function
    sidebets = lazy("caribbean_exact.house.sidebets")
    figures = lazy("caribbean_exact.render.figures")
    render_strategy = lazy("caribbean_exact.render.strategy.chart")
    build_chart = lazy_function("caribbean_exact.strategy.chart", "build_chart")
    load_rule_file = lazy_function("caribbean_exact.strategy.rule_file", "load_rule_file")
    compare_strategies = lazy_function("caribbean_exact.strategy.strategies", "compare_strategies")

#: The sizes of `card --size` (render.card.SIZES; a test checks they agree).
CARD_SIZES = ("page", "pocket")


# ---------------------------------------------------------------- strategy


def setup_chart(p: argparse.ArgumentParser) -> None:
    add_rules(p)
    p.add_argument("--margins", action="store_true", help="show the mean exact EV margin per cell")
    p.add_argument("--plot", metavar="FILE", default=None,
                   help="also draw the grid for printing, on pages that fit Letter and A4: FILE.pdf (all pages), "
                        ".png or .svg (a file a page, FILE-1.png ..., when there are several); says on stderr "
                        "what it wrote; needs [plot]")
    p.add_argument("--table", choices=("grid", "mixed", "rules"), default=None,
                   help="only this table (CSV: grid by default)")


def check_chart(args: argparse.Namespace) -> None:
    """Before any work: --table beside --format json, the rules and the --plot file."""
    check_table_json("chart", args)
    rules_from(args)
    if args.plot:
        render_strategy.plot_format(args.plot)
        check_file("--plot", args.plot)
        figures.pyplot("--plot")


def run_chart(args: argparse.Namespace, progress: ProgressFn) -> str:
    ch = build_chart(rules_from(args), margins=args.margins, progress=progress)
    if args.plot:
        lay = render_strategy.plot_layout(ch)
        write_plot(args, len(lay.pages), lambda fmt: render_strategy.draw_chart(ch, fmt, lay))
    return render_strategy.chart(ch, args.format, args.margins, args.table)




def setup_strategies(p: argparse.ArgumentParser) -> None:
    add_rules(p)
    p.add_argument("--strategy-file", "--rules", dest="rules", metavar="FILE", action="append", default=[],
                   help="a strategy of your own as a rule file (repeatable; see docs/strategy.md; --rules is "
                        "its older name)")


def check_strategies(args: argparse.Namespace) -> None:
    """Before any work: the rules."""
    rules_from(args)


def run_strategies(args: argparse.Namespace, progress: ProgressFn) -> str:
    extra = [load_rule_file(f) for f in args.rules]
    return render_strategy.strategies(compare_strategies(rules_from(args), extra, progress), args.format)


def setup_simplify(p: argparse.ArgumentParser) -> None:
    add_rules(p)
    p.add_argument("--max-lines", type=integer, default=8,
                   help="lines the search grows to before the last, cell-by-cell point (1-64, default 8)")
    p.add_argument("--out", metavar="DIR", default=None,
                   help="write each strategy as a rule file that 'strategies --rules FILE' reads")



def check_simplify(args: argparse.Namespace) -> None:
    """Before any work: --max-lines and the rules (the --out folder is made by the run)."""
    if not 1 <= args.max_lines <= 64:
        raise UsageError(f"--max-lines {args.max_lines}: expected 1 to 64")
    rules_from(args)


def run_simplify(args: argparse.Namespace, progress: ProgressFn) -> str:
    from ...render.strategy import simplify as render_simplify
    from ...strategy import simplify  # numpy: loaded by the commands that need it, not at start-up

    created = check_folder("--out", args.out, create=True) if args.out else False
    f = simplify.frontier(rules_from(args), args.max_lines, progress)
    if args.out:
        files = render_simplify.rule_files(f)
        where = write_folder(args.out, files, created)
        if not args.quiet:
            note(f"wrote {len(files)} rule files to {where}")
    return render_simplify.frontier(f, args.format)


#: The card's sample with --switch-fees when --deals, --seed are not given (the card module's
#: DEFAULT_SWITCH_DEALS; kept here so that the help needs no import of the card's modules).
CARD_SWITCH_DEALS = 1_000
CARD_SWITCH_SEED = 1


def setup_card(p: argparse.ArgumentParser) -> None:
    add_rules(p)
    p.add_argument("--out", metavar="FILE", required=True, help="the card to write: .pdf, .svg or .png")
    p.add_argument("--size", choices=CARD_SIZES, default="page",
                   help="page (fits Letter and A4, with the Ace-King grid) or pocket (3.5 x 5 in)")
    p.add_argument("--lines", type=integer, default=None,
                   help="the frontier point with at most this many lines (default: the shortest within 0.01%% "
                        "of optimal)")
    p.add_argument("--switch-fees", default=None, metavar="FEES",
                   help="Oasis Poker (card switching), fees in antes for 1, 2, ... cards, e.g. 1,2,3,4,5: the card "
                        "also says what to switch first; the house edge with the optimal switch from the exact "
                        "one-card game (exact for one card; else at most that, and sampled), the lines' sampled "
                        "(--deals hands, default 1,000, each exact)")
    add_buy_fee(p, "the card also says when to buy, with the exact house edge of those lines and of optimal "
                   "buying (about 30 s on two cores)")
    add_sampling(p, "with --switch-fees (hands)", optional=True, deals=CARD_SWITCH_DEALS, seed=CARD_SWITCH_SEED)


def card_date() -> str:
    """The date printed on a card: SOURCE_DATE_EPOCH when set (reproducible builds), else today."""
    import datetime  # only to print a card: start-up, issue #24

    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if not epoch:
        return datetime.datetime.now(datetime.UTC).date().isoformat()
    try:
        if not (epoch.isascii() and epoch.isdigit()):
            raise ValueError(epoch)
        return datetime.datetime.fromtimestamp(int(epoch), datetime.UTC).date().isoformat()
    except (ValueError, OverflowError, OSError):  # "²", "-1", 10^20 or a year past 9999
        raise UsageError(f"SOURCE_DATE_EPOCH={shown(epoch)}: expected seconds since 1970-01-01 UTC, "
                         "a whole number 0 or more up to the year 9999") from None


#: The card's options that only its switching part uses.
CARD_NEEDS = (Needs((Option("deals", "--deals"), Option("seed", "--seed")), "--switch-fees",
                    lambda a: a.switch_fees is not None),)


def check_card(args: argparse.Namespace) -> None:
    """Before any work: SOURCE_DATE_EPOCH, --lines, the --out file and its format, the options that
    need --switch-fees, the rules."""
    card_date()  # a malformed SOURCE_DATE_EPOCH is refused before any work
    if args.lines is not None and not 1 <= args.lines <= 10_000:
        raise UsageError(f"--lines {args.lines}: expected 1 or more")
    from ...render.strategy import strategy_card as render_card

    render_card.check_format(args.out, args.size)
    check_file("--out", args.out)
    figures.pyplot("card")
    check_needs("card", args, CARD_NEEDS)
    if args.switch_fees is not None and args.buy_fee is not None:
        raise UsageError("card: --switch-fees with --buy-fee: a card says one draw (give one of the two)")
    rules = rules_from(args)
    if args.buy_fee is not None:
        rules.with_game(buy_fee=args.buy_fee)  # the fee checked before the work


def run_card(args: argparse.Namespace, progress: ProgressFn) -> str:
    date = card_date()
    from ...render.strategy import strategy_card as render_card
    from ...strategy import strategy_card as card

    rules = rules_from(args)
    if args.buy_fee is not None:
        rules = rules.with_game(buy_fee=args.buy_fee)
    c = card.strategy_card(rules, args.lines, progress=progress, switch_fees=args.switch_fees,
                           deals=CARD_SWITCH_DEALS if args.deals is None else args.deals,
                           seed=CARD_SWITCH_SEED if args.seed is None else args.seed)
    side = (sidebets.progressive(), sidebets.bonus())
    write_files("--out", {args.out: render_card.draw(c, args.out, args.size, date, side_bets=side)})
    done = (f"wrote {display(args.out)}: {counted(c.point.lines, 'line')}, house edge {c.point.house_edge} "
            f"(cost {c.point.cost} per ante)")
    if c.switching is not None:
        done += "; with switching: " + " ".join(render_card.switch_figure_lines(c))
    if c.buying is not None:
        done += "; with a sixth card for sale: " + " ".join(render_card.buy_figure_lines(c))
    return done
