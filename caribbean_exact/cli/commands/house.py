"""The commands of the house: pay tables (``paytables``, ``compare``, ``cap``), side bets
(``progressive``, ``bonus``, ``combined``), the math report (``report``) and ``tables``."""

from __future__ import annotations

import argparse
import os

from ...errors import UsageError, shown
from ...model.checks import check_seats
from ...model.rules import builtin_paytables
from ...progress import ProgressFn
from ..files import check_file, check_folder, display, write_files
from ..modes import Conflict, Needs, Option, check_conflicts, check_needs, check_table_json
from ..options import (
    ANTE_NEEDS,
    CAP_NEEDS,
    add_buy_fee,
    add_rules,
    extra_paytables,
    integer,
    natural,
    raise_antes_from,
    rules_from,
)
from .common import check_wide, split_list, write_folder

TYPE_CHECKING = False  # not typing's: the command line starts without typing (issue #24)
if TYPE_CHECKING:  # the type checker sees the modules; at run time each loads when a command uses it
    from ...house import bet_cap, math_report, paytables, sidebets, volatility
    from ...render import documents, figures
    from ...render.house import paytables as render_paytables
    from ...render.house import sidebets as render_sidebets
else:
    from ..lazy import lazy
    bet_cap, paytables = lazy("caribbean_exact.house.bet_cap"), lazy("caribbean_exact.house.paytables")
    sidebets, volatility = lazy("caribbean_exact.house.sidebets"), lazy("caribbean_exact.house.volatility")
    math_report = lazy("caribbean_exact.house.math_report")
    figures = lazy("caribbean_exact.render.figures")
    documents = lazy("caribbean_exact.render.documents")
    render_paytables = lazy("caribbean_exact.render.house.paytables")
    render_sidebets = lazy("caribbean_exact.render.house.sidebets")


# ---------------------------------------------------------------- pay tables


def setup_paytables(p: argparse.ArgumentParser) -> None:
    p.add_argument("--paytables", metavar="FILE", default=None, help="TOML file with more pay tables")
    p.add_argument("--wide", action="store_true",
                   help="every column in one table, wider than 80 columns (the CSV's)")


def check_paytables(args: argparse.Namespace) -> None:
    """Before any work: --wide only where it widens."""
    check_wide("paytables", args, always_full=args.format != "simple")  # a document's format: the full table


def run_paytables(args: argparse.Namespace, progress: ProgressFn) -> str:
    return render_paytables.paytables(paytables.paytable_list(args.paytables), args.format, args.wide)


def setup_compare(p: argparse.ArgumentParser) -> None:
    p.add_argument("names", nargs="*", metavar="NAME",
                   help="pay tables by name or as ten pays '100,50,...' (default: every known table)")
    add_rules(p, paytable=False)
    p.add_argument("--baseline", default="standard",
                   help="table whose optimal strategy the others are checked against (default standard)")


def check_compare(args: argparse.Namespace) -> None:
    """Before any work: --ante only with --max-payout, --max-payout only with --ante."""
    check_needs("compare", args, ANTE_NEEDS, "the figures are per ante")
    check_needs("compare", args, CAP_NEEDS)


def run_compare(args: argparse.Namespace, progress: ProgressFn) -> str:
    extra = extra_paytables(args)
    names = list(args.names)
    if not names and extra:
        names = [*builtin_paytables(), *extra]
    rows = paytables.compare(names or None, args.qualifier, args.ante, args.max_payout, extra, args.baseline,
                             progress, raise_antes=raise_antes_from(args))
    return render_paytables.compare(rows, args.format)


def setup_cap(p: argparse.ArgumentParser) -> None:
    add_rules(p, ante=False, cap_default="5000")
    p.add_argument("--antes", default=",".join(str(a) for a in bet_cap.DEFAULT_ANTES),
                   help="ante sizes, comma separated (default 5,10,25,50,100,200,500,1000)")


def run_cap(args: argparse.Namespace, progress: ProgressFn) -> str:
    s = bet_cap.cap_study(args.paytable, args.qualifier, args.max_payout, split_list(args.antes),
                          extra_paytables(args), progress, raise_antes=raise_antes_from(args))
    return render_paytables.cap(s, args.format)


# ---------------------------------------------------------------- side bets


def _progressive_options(p: argparse.ArgumentParser, meter_help: str) -> None:
    p.add_argument("--meter", default=str(sidebets.DEFAULT_METER), help=meter_help)
    p.add_argument("--pays", dest="progressive_pays", default=None,
                   help="3 pays (four of a kind, full house, flush; default 500,100,50) or 5 royal first, "
                        "each $N or P%% of the meter (default 100%%,10%%,500,100,50)")
    p.add_argument("--convention", default="for", choices=sidebets.CONVENTIONS,
                   help="'for' (default): the $1 is collected, a win is the whole payout; "
                        "'to': the $1 is returned on top of a win")
    p.add_argument("--players", type=integer, default=1,
                   help="players betting the progressive at the table (royal sharing), 1..7; default 1")


def setup_progressive(p: argparse.ArgumentParser) -> None:
    _progressive_options(p, "meter for the featured row (default 100000)")
    p.add_argument("--meters", default=",".join(str(m) for m in sidebets.DEFAULT_METERS),
                   help="meter values of the return table, comma separated")
    p.add_argument("--table", choices=("hands", "meters", "sharing"), default=None,
                   help="only this table (CSV: hands by default)")


def check_progressive(args: argparse.Namespace) -> None:
    """Before any work: --players, --table beside --format json."""
    check_seats(args.players, "progressive: --players")
    check_table_json("progressive", args)


def run_progressive(args: argparse.Namespace, progress: ProgressFn) -> str:
    r = sidebets.progressive(args.progressive_pays, args.convention, args.players, args.meter,
                             split_list(args.meters))
    return render_sidebets.progressive(r, args.format, args.table)


def setup_bonus(p: argparse.ArgumentParser) -> None:
    p.add_argument("--pays", default=None,
                   help="1 to 10 pays, royal flush first; hands past the last pay lose "
                        "(default 1000,200,100,20,15,10,7: down to three of a kind)")
    p.add_argument("--convention", default="to", choices=sidebets.CONVENTIONS,
                   help="'to' (default): the stake comes back with a win; 'for': the win includes it")
    p.add_argument("--table", choices=("hands", "figures"), default=None,
                   help="only this table (CSV: hands by default)")


def check_bonus(args: argparse.Namespace) -> None:
    """Before any work: --table beside --format json."""
    check_table_json("bonus", args)


def run_bonus(args: argparse.Namespace, progress: ProgressFn) -> str:
    return render_sidebets.bonus(sidebets.bonus(args.pays, args.convention), args.format, args.table)


def setup_combined(p: argparse.ArgumentParser) -> None:
    add_rules(p, ante_default="10")
    p.add_argument("--rounds-per-hour", default="50", help="rounds dealt per hour (default 50)")
    _progressive_options(p, "progressive meter (default 100000)")
    p.add_argument("--progressive-stake", default="1", help="progressive bet (default $1)")
    p.add_argument("--bonus-pays", default=None, help="5+1 Bonus pays, royal first (default 1000,...,7)")
    p.add_argument("--bonus-stake", default="1", help="5+1 Bonus bet (default 1)")


def check_combined(args: argparse.Namespace) -> None:
    """Before any work: the rules."""
    rules_from(args, ante_alone=True)


def run_combined(args: argparse.Namespace, progress: ProgressFn) -> str:
    rules = rules_from(args, ante_alone=True)
    prog = sidebets.progressive(args.progressive_pays, args.convention, args.players, args.meter, ())
    c = sidebets.combined(rules, args.ante, args.rounds_per_hour, prog, args.progressive_stake,
                          sidebets.bonus(args.bonus_pays), args.bonus_stake)
    return render_sidebets.combined(c, args.format)


# ---------------------------------------------------------------- generated tables, collusion


def setup_tables(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", default="tables", help="folder to write (default: tables)")


def run_tables(args: argparse.Namespace, progress: ProgressFn) -> str:
    from ...render.tables_folder import generate

    created = check_folder("--out", args.out, create=True)
    files = generate(progress)
    return f"wrote {len(files)} files to {write_folder(args.out, files, created)}"


# ---------------------------------------------------------------- the math report


REPORT_SUFFIXES = (".md", ".html", ".pdf", ".json")


def setup_report(p: argparse.ArgumentParser) -> None:
    add_rules(p, ante=False)
    p.add_argument("--out", metavar="FILE", default=None,
                   help="write the report: FILE.md, .html or .pdf (with the plots, also as FILE-*.png beside it) "
                        "or FILE.json; without it the report prints (Markdown, or JSON with --format json)")
    p.add_argument("--side-bets", default=None, help="side bets to include: progressive, bonus (comma separated)")
    p.add_argument("--hands", type=integer, action="append", default=[], metavar="N",
                   help="also the results over N hands (repeatable; besides 1, 10, 100, 1,000, 10,000)")
    p.add_argument("--seats", type=integer, default=7, help="seats at the table, 1..7 (default 7)")
    p.add_argument("--hands-per-hour", default="50",
                   help="rounds dealt per hour (default 50: an assumption, not a measured rate)")
    p.add_argument("--average-ante", default="10", help="the average ante in money (default 10)")
    p.add_argument("--hours", default="8", help="hours in a shift (default 8)")
    p.add_argument("--deals", type=natural, default=volatility.DEFAULT_TABLE_DEALS,
                   help=f"rounds sampled for the seats' covariance (default {volatility.DEFAULT_TABLE_DEALS:,})")
    p.add_argument("--seed", type=natural, default=volatility.DEFAULT_TABLE_SEED, help="seed of that sample")
    p.add_argument("--meter", default=str(sidebets.DEFAULT_METER), help="progressive meter (default 100000)")
    p.add_argument("--progressive-pays", default=None,
                   help="3 pays (four of a kind, full house, flush) or 5 royal first (default 100%%,10%%,500,100,50)")
    p.add_argument("--contribution", default=None,
                   help="share of each progressive $1 put on the meter, in (0, 1], e.g. 0.15")
    p.add_argument("--reset", default="10000", help="the meter's reset (seed) after a royal flush (default 10000)")
    p.add_argument("--sf-cap", default=None, help="cap on the straight flush's share of the meter, e.g. 5000")
    p.add_argument("--bonus-pays", default=None, help="5+1 Bonus pays, royal first (default 1000,...,7)")
    p.add_argument("--pace", default=None,
                   help="side-bet bets per hour (default: every seat every round, seats x hands per hour)")
    p.add_argument("--hours-per-year", default="8760", help="hours the table is open a year (default 8760)")
    p.add_argument("--flash-rate", default=None, metavar="X",
                   help="add what a dealer who exposes a hole card in X of hands (5%% or 0.05) costs, per hand and "
                        "per table-hour")
    p.add_argument("--leak", default=None, metavar="NAME",
                   help="add a section on a leak of the protection table (as detect names it, e.g. 'one hole card "
                        "seen'): its house edge, cost per hand and per table-hour, tells and hands to detect")
    p.add_argument("--switch-fees", default=None, metavar="FEES",
                   help="Oasis Poker (card switching), fees in antes for 1, 2, ... cards (x: a size not allowed): "
                        "adds a section (proven "
                        "exclusions, the exact game with at most one card switched, the sampled gain of switching "
                        "more, the switching lines and their sampled cost)")
    p.add_argument("--switch-deals", type=natural, default=1000,
                   help="hands sampled for the Oasis section (default 1,000; each hand exact)")
    p.add_argument("--switch-seed", type=natural, default=1, help="seed of that sample (default 1)")
    add_buy_fee(p, "the report prices the game with optimal buying and adds a section on it (the whole game "
                   "and the buying lines, exact; about 30 s more)")


def _sides(args: argparse.Namespace) -> set[str]:
    return {x.strip().lower() for x in split_list(args.side_bets or "")}


#: The options of ``report`` that describe what another option asks for: given without it they change
#: nothing and are refused before any work, naming each.
REPORT_NEEDS = (
    Needs((Option("progressive_pays", "--progressive-pays"), Option("contribution", "--contribution"),
           Option("sf_cap", "--sf-cap")), "--side-bets progressive", lambda a: "progressive" in _sides(a)),
    Needs((Option("bonus_pays", "--bonus-pays"),), "--side-bets bonus", lambda a: "bonus" in _sides(a)),
    Needs((Option("meter", "--meter", str(sidebets.DEFAULT_METER)), Option("reset", "--reset", "10000"),
           Option("pace", "--pace"), Option("hours_per_year", "--hours-per-year", "8760")),
          "--side-bets progressive or bonus", lambda a: bool(_sides(a))),
    Needs((Option("switch_deals", "--switch-deals", 1000), Option("switch_seed", "--switch-seed", 1)),
          "--switch-fees", lambda a: a.switch_fees is not None),
)


#: The report's options whose argument has another name (the others are named as the fields).
REPORT_ARGUMENTS = {"covariance_deals": "deals", "covariance_seed": "seed"}


def report_options(args: argparse.Namespace) -> math_report.ReportOptions:
    """The report's options, one value, from the command's arguments: each field of
    ``ReportOptions`` from its argument (``REPORT_ARGUMENTS`` where named otherwise)."""
    import dataclasses

    given = {f.name: getattr(args, REPORT_ARGUMENTS.get(f.name, f.name))
             for f in dataclasses.fields(math_report.ReportOptions) if f.name not in ("paytables", "raise_antes")}
    return math_report.ReportOptions(**given, paytables=extra_paytables(args), raise_antes=raise_antes_from(args))


#: The report's options that change nothing beside another.
REPORT_CONFLICTS = (
    Conflict(Option("out", "--out"), (Option("format", "--format", "simple"),),
             "the file's suffix chooses its format; the line printed is a sentence"),
)


def check_report(args: argparse.Namespace) -> None:
    """Before any work: the options that need another, the pairs that conflict, --out, --seats."""
    check_needs("report", args, REPORT_NEEDS)
    check_conflicts("report", args, REPORT_CONFLICTS)
    if args.switch_fees is not None and args.buy_fee is not None:
        raise UsageError("report: --switch-fees with --buy-fee: a report prices one draw (give one of the two)")
    out = args.out
    suffix = os.path.splitext(out)[1].lower() if out else ""
    if out is not None and suffix not in REPORT_SUFFIXES:
        raise UsageError(f"report: --out {out!r}: the file name must end in " + ", ".join(REPORT_SUFFIXES))
    check_seats(args.seats, "report: --seats")
    if out is not None:
        check_file("--out", out)
        if suffix != ".json":
            figures.pyplot("report --out " + shown(out), " (or write --out FILE.json)")
        if suffix == ".pdf":
            documents.reportlab("report --out " + shown(out), " (or write --out FILE.md, .html or .json)")
    report_options(args).checked()  # every value, before the minutes of the report


def run_report(args: argparse.Namespace, progress: ProgressFn) -> str:
    out = args.out
    suffix = os.path.splitext(out)[1].lower() if out else ""
    from ...render.house import math_report as render_report

    r = math_report.report_of(report_options(args), progress)
    if out is None:
        return render_report.json_text(r) if args.format == "json" else render_report.markdown(r)
    if suffix == ".json":
        write_files("--out", {out: render_report.json_text(r) + "\n"})
        return f"wrote {display(out)}: " + render_report.summary(r)
    stem = os.path.splitext(out)[0]
    pngs = render_report.plots(r)
    names = {k: f"{stem}-{k}.png" for k in pngs}
    if suffix == ".md":
        doc: str | bytes = render_report.markdown(r, {k: os.path.basename(v) for k, v in names.items()})
    elif suffix == ".html":
        doc = render_report.html_page(r, pngs)
    else:
        doc = render_report.pdf(r)
    write_files("--out", {out: doc} | {names[k]: data for k, data in pngs.items()})  # all or none
    plots = ", ".join(display(os.path.basename(v)) for v in names.values())
    return f"wrote {display(out)} and {len(pngs)} plots ({plots}): " + render_report.summary(r)
