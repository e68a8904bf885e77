"""Every command of ``caribbean-exact``, in the order ``--help`` lists them (``COMMANDS``).

A command is a name, a help line, ``setup(parser)`` adding its own options (shared ones come
from ``options``), and ``run(args, progress) -> text``: it calls the library, hands
``progress`` to long work and renders the result with ``render``. A new command: write its two
functions here and add it to ``COMMANDS``.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..errors import InvalidCards, InvalidRules, UsageError, shown
from ..model.cards import Card, parse_cards, rank_index
from ..model.checks import check_seats
from ..model.rules import Rules, builtin_paytables
from ..play.odds import ev, ev_ranks
from ..progress import ProgressFn
from ..render.play import game as render_game
from ..render.text import counted, to_json
from .files import check_file, check_folder, display, write_files
from .options import add_rules, add_sampling, add_threads, extra_paytables, integer, raise_antes_from, rules_from

TYPE_CHECKING = False  # not typing's: the command line starts without typing (issue #24)
if TYPE_CHECKING:  # the type checker sees the modules; at run time each loads when a command uses it
    from typing import Any

    from ..house import bet_cap, paytables, protection, sidebets, volatility
    from ..play import edge_sorting, known_cards, sampling
    from ..play.game import GameReport, solve
    from ..play.switch_game import sample_switch_game, solve_switch_game
    from ..play.switching import switch_ev
    from ..render import documents, figures
    from ..render.house import paytables as render_paytables
    from ..render.house import protection as render_protection
    from ..render.house import sidebets as render_sidebets
    from ..render.play import edge_sorting as render_sorting
    from ..render.play import known_cards as render_known
    from ..render.play import seen_plot
    from ..render.play import switching as render_switching
    from ..render.strategy import chart as render_strategy
    from ..strategy.chart import build_chart
    from ..strategy.rule_file import load_rule_file
    from ..strategy.strategies import compare_strategies
    from . import batch
else:
    from .lazy import lazy, lazy_function
    bet_cap, paytables = lazy("caribbean_exact.house.bet_cap"), lazy("caribbean_exact.house.paytables")
    sidebets, volatility = lazy("caribbean_exact.house.sidebets"), lazy("caribbean_exact.house.volatility")
    protection = lazy("caribbean_exact.house.protection")
    render_protection = lazy("caribbean_exact.render.house.protection")
    known_cards, sampling = lazy("caribbean_exact.play.known_cards"), lazy("caribbean_exact.play.sampling")
    edge_sorting = lazy("caribbean_exact.play.edge_sorting")
    render_sorting = lazy("caribbean_exact.render.play.edge_sorting")
    figures = lazy("caribbean_exact.render.figures")
    documents = lazy("caribbean_exact.render.documents")
    render_paytables = lazy("caribbean_exact.render.house.paytables")
    render_sidebets = lazy("caribbean_exact.render.house.sidebets")
    render_known = lazy("caribbean_exact.render.play.known_cards")
    seen_plot = lazy("caribbean_exact.render.play.seen_plot")
    render_switching = lazy("caribbean_exact.render.play.switching")
    render_strategy = lazy("caribbean_exact.render.strategy.chart")
    build_chart = lazy_function("caribbean_exact.strategy.chart", "build_chart")
    load_rule_file = lazy_function("caribbean_exact.strategy.rule_file", "load_rule_file")
    compare_strategies = lazy_function("caribbean_exact.strategy.strategies", "compare_strategies")
    solve_switch_game = lazy_function("caribbean_exact.play.switch_game", "solve_switch_game")
    sample_switch_game = lazy_function("caribbean_exact.play.switch_game", "sample_switch_game")
    switch_ev = lazy_function("caribbean_exact.play.switching", "switch_ev")
    solve = lazy_function("caribbean_exact.play.game", "solve")
    batch = lazy("caribbean_exact.cli.batch")  # ev --batch and score only

#: The sizes of `card --size` (render.card.SIZES; a test checks they agree).
CARD_SIZES = ("page", "pocket")


@dataclass(frozen=True)
class Command:
    """One command: its name, help line, options and what it runs."""
    name: str
    help: str
    setup: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, ProgressFn], str]
    #: Whether --format applies (tables writes files of fixed formats: it has no --format).
    formatted: bool = True


def _split(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,;]+", text.strip()) if t]


# ---------------------------------------------------------------- one hand, the whole game


def setup_ev(p: argparse.ArgumentParser) -> None:
    p.add_argument("hand", nargs="*", metavar="CARDS",
                   help='the player\'s five cards, quoted or not ("As Kd 7h 4c 2s" or As Kd 7h 4c 2s), then '
                        "the up card if --up is not given; ranks alone (AKJ83 --up K) answer for every suit")
    p.add_argument("--up", default=None, help="the dealer's up card, e.g. Qh (or its rank alone)")
    p.add_argument("--dead", default=None, help="cards known to be out of play")
    p.add_argument("--dealer", default=None, help="known dealer hole cards (0 to 4)")
    p.add_argument("--verbose", action="store_true", help="also the outcomes of raising, with their counts")
    p.add_argument("--batch", metavar="FILE", default=None,
                   help="one situation per line ('-': standard input), e.g. 'As Kd 7h 4c 2s Qh dead Ac': "
                        "one JSON object per line with --format json, one CSV table with --format csv")
    p.add_argument("--skip-bad", action="store_true",
                   help="with --batch: leave out the lines that are not understood (each is still said on stderr) "
                        "and exit 0; without it they are said and the exit code is 2")
    p.add_argument("--table", choices=("summary", "outcomes"), default=None,
                   help="only this table (CSV: summary by default)")
    p.add_argument("--switch-fees", default=None, metavar="FEES",
                   help="card switching (Oasis Poker): the fee in antes of switching 1, 2, ... cards, e.g. "
                        "1,2,3,4,5 or 1,2,3,2,1 (1: one card only); every discard set, exact, best first")
    add_rules(p, ante_help="the ante in money: the EVs are also shown in money")


_RANKS_ONLY = re.compile(r"(?:10|[2-9TJQKA])(?:[\s,]*(?:10|[2-9TJQKA]))*", re.IGNORECASE)


def _up_rank(text: str) -> int:
    """The rank of --up for a rank-only query: "K", "10", or a card such as "Kh"."""
    try:
        return rank_index(text)
    except InvalidCards:
        return Card.parse(text).rank


def run_ev(args: argparse.Namespace, progress: ProgressFn) -> str:
    rules = rules_from(args, ante_alone=True)
    if args.batch is not None:
        if args.hand or args.up or args.dead or args.dealer or args.verbose or args.table:
            raise UsageError("ev --batch: the situations come from the file; give no cards, --up, --dead, "
                             "--dealer, --verbose or --table")
        done = batch.run(args.batch, rules, args.format, sys.stdout, _note, args.skip_bad)
        if done.refused and not args.skip_bad:
            raise UsageError(f"ev --batch: {done.refused:,} of {done.refused + done.answered:,} lines not answered "
                             "(each is said above); --skip-bad leaves them out with exit 0")
        return ""
    if args.skip_bad:
        raise UsageError("ev: --skip-bad applies to --batch")
    if not args.hand:
        raise UsageError("ev: give the player's five cards (or --batch FILE)")
    text = " ".join(args.hand)
    up = args.up
    if args.switch_fees is not None:
        return _run_switch(args, text, up, rules)
    if _RANKS_ONLY.fullmatch(text.strip()):
        compact = text.replace(" ", "").replace(",", "").upper().replace("10", "T")
        if up is None and len(compact) == 6:
            compact, up = compact[:5], compact[5]
        if up is None:
            raise UsageError("ev with ranks alone: give the up card's rank too (ev AKJ83 --up K)")
        if args.dead or args.dealer or args.verbose or args.table:
            raise UsageError("ev with ranks alone: --dead, --dealer, --verbose and --table need cards with suits")
        return render_game.rank_query(ev_ranks(compact, _up_rank(up), rules=rules), args.format)
    if up is None:
        cards = parse_cards(text)
        if len(cards) != 6:
            raise UsageError(f"ev: give five cards and the up card (or --up), got {len(cards)} cards")
        hand, up_cards = cards[:5], cards[5:]
        d = ev(hand, up_cards, dead=args.dead, dealer=args.dealer, rules=rules)
    else:
        d = ev(text, up, dead=args.dead, dealer=args.dealer, rules=rules)
    return render_game.decision(d, args.format, args.verbose, args.table)


def _run_switch(args: argparse.Namespace, text: str, up: str | None, rules: Rules) -> str:
    """ev --switch-fees: every discard set of one hand (cards with suits; no dead or dealer cards)."""
    if args.dead or args.dealer or args.verbose or args.table or rules.ante is not None:
        raise UsageError("ev --switch-fees: --dead, --dealer, --verbose, --table and --ante do not apply "
                         "(every option is per ante)")
    if _RANKS_ONLY.fullmatch(text.strip()):
        raise UsageError("ev --switch-fees: give the cards with their suits (the replacements depend on them)")
    cards = parse_cards(text if up is None else text + " " + up)
    if len(cards) != 6:
        raise UsageError(f"ev --switch-fees: give five cards and the up card (or --up), got {len(cards)} cards")
    return render_switching.switch_options(switch_ev(cards[:5], cards[5:], args.switch_fees, rules=rules),
                                           args.format)


def setup_solve(p: argparse.ArgumentParser) -> None:
    add_rules(p)
    p.add_argument("--ignore-up", action="store_true", help="best strategy that ignores the up card")
    p.add_argument("--known-dealer-cards", type=integer, default=0, metavar="K",
                   help="the player also sees K (0 to 4) dealer hole cards; exact for every K")
    p.add_argument("--sorted-ranks", default=None, metavar="RANKS",
                   help="edge sorting: the player tells, on each dealer hole card, whether its rank is among RANKS "
                        "(e.g. AK; any of the 13 ranks, none or all: the plain game), so he knows how many are; "
                        "exact; tables counts and chart give the deals and the strategy by that count")
    p.add_argument("--sample", action="store_true",
                   help="with K of 1 to 3: sample deals instead (each decided exactly), for a cross-check; with "
                        "--switch-fees: the quick sampled house edge instead of the exact one-card game")
    add_sampling(p, "with --sample", optional=True)
    add_threads(p)
    p.add_argument("--table", choices=("figures", "outcomes", "dealer", "chart", "counts"), default=None,
                   help="only this table (CSV: figures by default; dealer: the dealer's hand by category; "
                        "chart: with --known-dealer-cards 1 to 3, --sorted-ranks, --seen-class or --burn-card; "
                        "counts: with --sorted-ranks)")
    p.add_argument("--plot", metavar="FILE", default=None,
                   help="with --known-dealer-cards 1 to 3: also draw the chart and its rules for printing, on "
                        "pages that fit Letter and A4: FILE.pdf (all pages), .png or .svg (a file a page, FILE-1.png "
                        "..., when there are several); says on stderr what it wrote; needs [plot]")
    p.add_argument("--seen-class", default=None, metavar="SPEC",
                   help="the player also sees the class of one dealer hole card, exact: rank blocks (JQK, "
                        "picture, 2-7, A, 2-7,8-T,J-A: the ranks not named are one more block), colour or suit, "
                        "or both (picture,colour)")
    p.add_argument("--burn-card", action="store_true",
                   help="the player also sees the burn card (one dead card not in the dealer's hand), exact; "
                        "with --known-dealer-cards 1, one dealer hole card as well")
    p.add_argument("--flash-rate", default=None, metavar="X",
                   help="a dealer who exposes a hole card in X of hands (5%% or 0.05): the house's exact cost per "
                        "hand and per table-hour (the report's 50 rounds an hour, ante 10 or --ante)")
    p.add_argument("--switch-fees", default=None, metavar="FEES",
                   help="card switching (Oasis Poker), fees in antes for 1, 2, ... cards: the game with at most "
                        "one card switched, exact (about 23 s of CPU); where more cards may be switched, the gain of "
                        "switching more, sampled (--deals, default 1,000, 0: none; each hand's best option exact); "
                        "with --sample, only a sampled estimate (quick)")


def run_solve(args: argparse.Namespace, progress: ProgressFn) -> str:
    text = _solve_text(args, progress)
    if args.format in ("json", "csv") or args.table or args.sample or args.flash_rate is not None:
        return text
    # P(the dealer qualifies) and the dealer's hands, after everything else (the same for every game)
    return text + "\n\n" + render_game.dealer_text(rules_from(args), args.format)


def _sorted_text(args: argparse.Namespace, rules: Rules, progress: ProgressFn) -> str:
    """solve --sorted-ranks: edge sorting, the whole game exact."""
    if args.known_dealer_cards or args.sample or args.ignore_up:
        raise UsageError("solve --sorted-ranks: --known-dealer-cards, --sample and --ignore-up do not apply")
    if args.deals is not None or args.seed is not None:
        raise UsageError("solve: --deals and --seed apply only to --sample (sampling --known-dealer-cards 1 to 3)")
    ranks = edge_sorting.parse_ranks(args.sorted_ranks)  # a bad rank: one line, before the work
    game = edge_sorting.solve_sorted_ranks(ranks, rules, args.threads, progress=progress)
    return render_sorting.sorted_game(game, args.format, args.table)


def _flash_text(args: argparse.Namespace, rules: Rules, progress: ProgressFn) -> str:
    """solve --flash-rate X: the exact cost of a dealer who exposes a hole card in X of hands."""
    if args.known_dealer_cards or args.sample or args.ignore_up or args.table or args.switch_fees is not None \
            or args.sorted_ranks is not None:
        raise UsageError("solve --flash-rate: --known-dealer-cards, --sorted-ranks, --sample, --ignore-up, "
                         "--table and --switch-fees do not apply")
    return render_protection.flash(protection.flash_cost(args.flash_rate, rules, threads=args.threads,
                                                         progress=progress), args.format)


def _solve_text(args: argparse.Namespace, progress: ProgressFn) -> str:
    k = args.known_dealer_cards
    if not 0 <= k <= 4:
        raise UsageError(f"solve: --known-dealer-cards {k}: expected 0 to 4 (the dealer has four hole cards)")
    rules = rules_from(args)
    if args.plot:  # checked before the work
        if not 1 <= k <= 3 or args.sample or args.switch_fees is not None or args.sorted_ranks is not None \
                or args.seen_class is not None or args.burn_card or args.flash_rate is not None:
            raise UsageError("solve --plot: draws the chart of --known-dealer-cards 1 to 3 (not sampled)")
        render_strategy.plot_format(args.plot)
        check_file("--plot", args.plot)
        figures.pyplot("--plot")
    if args.seen_class is not None or args.burn_card:
        return _leak_text(args, rules, progress)
    if args.flash_rate is not None:
        return _flash_text(args, rules, progress)
    if args.switch_fees is not None:
        if k or args.ignore_up or args.table or args.sorted_ranks is not None:
            raise UsageError("solve --switch-fees: --known-dealer-cards, --sorted-ranks, --ignore-up and --table "
                             "do not apply")
        if args.sample:  # the quick estimate: sampled hands, each one's best option exact
            s = sample_switch_game(args.switch_fees, rules, 1000 if args.deals is None else args.deals,
                                   1 if args.seed is None else args.seed, threads=args.threads, progress=progress)
            return render_switching.switch_sample(s, args.format)
        g = solve_switch_game(args.switch_fees, rules, 1000 if args.deals is None else args.deals,
                              1 if args.seed is None else args.seed, threads=args.threads, progress=progress)
        return render_switching.switch_game(g, args.format)
    if args.sorted_ranks is not None:
        return _sorted_text(args, rules, progress)
    if args.table == "counts":
        raise UsageError("solve: --table counts needs --sorted-ranks")
    if args.sample and not 1 <= k <= 3:
        raise UsageError("solve: --sample applies to --known-dealer-cards 1 to 3")
    if not args.sample and (args.deals is not None or args.seed is not None):
        raise UsageError("solve: --deals and --seed apply only to --sample (sampling --known-dealer-cards 1 to 3)")
    if args.table == "chart" and not 1 <= k <= 3:
        raise UsageError("solve: --table chart needs --known-dealer-cards 1 to 3 or --sorted-ranks")
    if args.sample and args.table:
        raise UsageError("solve: a sampled game has one table (no --table)")
    if k == 0:
        report = solve(rules=rules, ignore_up=args.ignore_up, threads=args.threads, progress=progress)
        return render_game.report(report, args.format, args.table)
    if args.ignore_up:
        raise UsageError("solve: --ignore-up does not combine with --known-dealer-cards")
    if args.sample:
        deals = sampling.DEFAULT_DEALS if args.deals is None else args.deals
        seed = sampling.DEFAULT_SEED if args.seed is None else args.seed
        r = sampling.sample(rules, k, 1, deals, seed, threads=args.threads, progress=progress)
        return render_known.sampled(r, args.format, f"{k} dealer hole card{'s' if k > 1 else ''} seen "
                                                    "(sampled, each deal exact)")
    if k == 4:
        return render_game.report(known_cards.solve_all_seen(rules, progress=progress), args.format, args.table)
    out = _seen_text(args, rules, k, progress)
    if isinstance(out, str):
        return out
    report, chart, heading = out
    if args.table == "chart":
        return chart
    text = render_game.report(report, args.format, args.table)
    if args.format in ("json", "csv") or args.table:
        return text
    return text + "\n\n" + heading + "\n" + chart


def _leak_text(args: argparse.Namespace, rules: Rules, progress: ProgressFn) -> str:
    """solve --seen-class SPEC / --burn-card: the exact game with the leak, its figures and chart."""
    from ..render.play import leaks as render_leaks

    if args.seen_class is not None and args.burn_card:
        raise UsageError("solve: --seen-class and --burn-card are two games: give one")
    k = args.known_dealer_cards
    if k and (args.seen_class is not None or k != 1):
        raise UsageError("solve: --known-dealer-cards combines only as 1 with --burn-card (one hole card and the "
                         "burn card seen)" if args.burn_card else
                         "solve --seen-class: --known-dealer-cards does not apply")
    if (args.sample or args.ignore_up or args.switch_fees is not None
            or args.sorted_ranks is not None or args.deals is not None or args.seed is not None):
        raise UsageError("solve --seen-class/--burn-card: --sorted-ranks, --sample, --deals, "
                         "--seed, --ignore-up and --switch-fees do not apply (the game is exact)")
    if args.seen_class is not None:
        game = known_cards.solve_seen_class(args.seen_class, rules, args.threads, progress=progress)
    else:
        game = known_cards.solve_burn_card(rules, args.threads, progress=progress, seen_cards=k)
    if args.format == "json" and args.table in (None, "chart"):
        return render_leaks.leak_game_json(game) if args.table is None else \
            to_json(render_leaks.leak_chart_json(game.chart))
    chart = render_leaks.leak_chart(game.chart, args.format)
    if args.table == "chart":
        return chart
    text = render_game.report(game.report, args.format, args.table)
    if args.format in ("json", "csv") or args.table:
        return text
    what = render_game.information_words(game.report.information)
    return f"{what}\n{text}\n\n{render_leaks.HEADING}\n{chart}"


def _seen_text(args: argparse.Namespace, rules: Rules, k: int, progress: ProgressFn
               ) -> str | tuple[GameReport, str, str]:
    """solve --known-dealer-cards 1..3: the JSON report (with its chart and cell rules) or chart, or the report,
    the chart resolved into rules and its heading; --plot draws the chart for printing."""
    why: Any = None  # SeenCardStrategy (k = 1) or SeenSetStrategy
    if args.table in (None, "chart") or args.plot:  # what decides the chart's mixed cells
        if k == 1:
            from ..strategy.seen_chart import seen_card_strategy  # numpy: loaded by the commands that need it

            why = seen_card_strategy(rules, threads=args.threads, progress=progress)
        else:
            from ..strategy.seen_set_chart import seen_set_strategy

            why = seen_set_strategy(k, rules, threads=args.threads, progress=progress)
    # after the rules: the figures and chart come from the pass that counted their decisions
    ch: Any  # SeenChart (k = 1) or SeenSetChart
    if k == 1:
        seen = known_cards.solve_seen_card(rules, args.threads, progress=progress)
        report, ch = seen.report, seen.chart
    else:
        game = known_cards.solve_seen_cards(k, rules, args.threads, progress=progress)
        report, ch = game.report, game.chart
    if args.plot:
        view = render_known.seen_print(ch, why) if k == 1 else render_known.seen_set_print(ch, why)
        lay = seen_plot.seen_plot_layout(view, rules)
        _write_plot(args, len(lay.pages), lambda fmt: seen_plot.draw_seen_chart(view, rules, fmt, lay))
    if args.format == "json" and args.table in (None, "chart"):
        # "rules" is the game's rules, as in every JSON output; the cells' rules are "cell_rules"
        # (before, k = 1 put them under "rules"); the report's JSON carries the chart's fields too
        doc = render_known.seen_chart_doc(ch, why, rules) if k == 1 else \
            render_known.seen_set_chart_doc(ch, why, rules)
        return to_json(doc if args.table else {**render_game.report_json(report), **doc})
    if k == 1:
        return report, render_known.seen_chart(ch, args.format, why), render_known.SEEN_CHART_HEADING
    heading = f"When to raise, by the ranks of the dealer's {k + 1} known cards (up card and seen hole cards):"
    return report, render_known.seen_set_chart(ch, args.format, why), heading


def _write_plot(args: argparse.Namespace, pages: int, draw: Callable[[str], list[bytes]]) -> None:
    """--plot FILE: the pages drawn (PDF: one file; PNG, SVG: a file a page) and written, all or none."""
    fmt = render_strategy.plot_format(args.plot)
    names = render_strategy.plot_files(args.plot, pages)
    if len(names) > 1 and os.path.exists(args.plot) and not os.path.isfile(args.plot):  # /dev/null
        raise InvalidRules(f"--plot {shown(args.plot)}: not a file, and the chart takes {pages} pages, "
                           f"a file each ({os.path.basename(names[0])}, ...): name a file, or a .pdf for one file")
    write_files("--plot", dict(zip(names, draw(fmt), strict=True)))
    if not args.quiet:
        _note(render_strategy.plot_written([display(n) for n in names], pages))


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


def run_chart(args: argparse.Namespace, progress: ProgressFn) -> str:
    if args.plot:
        fmt = render_strategy.plot_format(args.plot)
        check_file("--plot", args.plot)
        figures.pyplot("--plot")
    ch = build_chart(rules_from(args), margins=args.margins, progress=progress)
    if args.plot:
        lay = render_strategy.plot_layout(ch)
        names = render_strategy.plot_files(args.plot, len(lay.pages))
        if len(names) > 1 and os.path.exists(args.plot) and not os.path.isfile(args.plot):  # /dev/null
            raise InvalidRules(f"--plot {shown(args.plot)}: not a file, and the chart takes {len(lay.pages)} pages, "
                               f"a file each ({os.path.basename(names[0])}, ...): name a file, or a .pdf for one file")
        write_files("--plot", dict(zip(names, render_strategy.draw_chart(ch, fmt, lay), strict=True)))
        if not args.quiet:
            _note(render_strategy.plot_written([display(n) for n in names], len(lay.pages)))
    return render_strategy.chart(ch, args.format, args.margins, args.table)


def _note(line: str) -> None:
    """A line on stderr beside a command's output (the files it wrote); a closed or full stderr is
    not a failure."""
    if sys.stderr is None:
        return
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def setup_strategies(p: argparse.ArgumentParser) -> None:
    add_rules(p)
    p.add_argument("--strategy-file", "--rules", dest="rules", metavar="FILE", action="append", default=[],
                   help="a strategy of your own as a rule file (repeatable; see docs/strategy.md; --rules is "
                        "its older name)")


def run_strategies(args: argparse.Namespace, progress: ProgressFn) -> str:
    extra = [load_rule_file(f) for f in args.rules]
    return render_strategy.strategies(compare_strategies(rules_from(args), extra, progress), args.format)


def setup_simplify(p: argparse.ArgumentParser) -> None:
    add_rules(p)
    p.add_argument("--max-lines", type=integer, default=8,
                   help="lines the search grows to before the last, cell-by-cell point (1-64, default 8)")
    p.add_argument("--out", metavar="DIR", default=None,
                   help="write each strategy as a rule file that 'strategies --rules FILE' reads")


def _write_folder(folder: str, files: Mapping[str, str | bytes], created: bool) -> str:
    """Write ``files`` (name -> data) into ``folder`` (checked by ``check_folder`` before the work);
    the words for the line that says so."""
    write_files("--out", {os.path.join(folder, name): data for name, data in files.items()})
    return f"{display(folder)} (a new folder)" if created else display(folder)


def run_simplify(args: argparse.Namespace, progress: ProgressFn) -> str:
    if not 1 <= args.max_lines <= 64:
        raise UsageError(f"--max-lines {args.max_lines}: expected 1 to 64")
    from ..render.strategy import simplify as render_simplify
    from ..strategy import simplify  # numpy: loaded by the commands that need it, not at start-up

    created = check_folder("--out", args.out, create=True) if args.out else False
    f = simplify.frontier(rules_from(args), args.max_lines, progress)
    if args.out:
        files = render_simplify.rule_files(f)
        where = _write_folder(args.out, files, created)
        if not args.quiet:
            _note(f"wrote {len(files)} rule files to {where}")
    return render_simplify.frontier(f, args.format)


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
    add_sampling(p, "with --switch-fees (hands)", optional=True)


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


def run_card(args: argparse.Namespace, progress: ProgressFn) -> str:
    date = card_date()  # a malformed SOURCE_DATE_EPOCH is refused before any work
    if args.lines is not None and not 1 <= args.lines <= 10_000:
        raise UsageError(f"--lines {args.lines}: expected 1 or more")
    from ..render.strategy import strategy_card as render_card
    from ..strategy import strategy_card as card

    render_card.check_format(args.out, args.size)
    check_file("--out", args.out)
    figures.pyplot("card")
    if args.switch_fees is None and (args.deals is not None or args.seed is not None):
        raise UsageError("card: --deals and --seed apply only with --switch-fees")
    c = card.strategy_card(rules_from(args), args.lines, progress=progress, switch_fees=args.switch_fees,
                           deals=card.DEFAULT_SWITCH_DEALS if args.deals is None else args.deals,
                           seed=1 if args.seed is None else args.seed)
    side = (sidebets.progressive(), sidebets.bonus())
    write_files("--out", {args.out: render_card.draw(c, args.out, args.size, date, side_bets=side)})
    done = (f"wrote {display(args.out)}: {counted(c.point.lines, 'line')}, house edge {c.point.house_edge} "
            f"(cost {c.point.cost} per ante)")
    if c.switching is not None:
        done += "; with switching: " + " ".join(render_card.switch_figure_lines(c))
    return done


# ---------------------------------------------------------------- practice: train, score, serve


def setup_train(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=None,
                   help="seed of the shuffle: the same seed deals the same hands (default: a new one, printed)")
    p.add_argument("--hands", type=int, default=None, help="stop after N hands (default: q or the end of the input)")
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
    add_rules(p, ante_default="10", ante_help="the ante in money: costs are also shown in money")


def run_train(args: argparse.Namespace, progress: ProgressFn) -> str:
    from ..play.trainer import parse_focus
    from ..strategy.trainee import trainee
    from . import train

    if args.summary is not None:
        if args.history is not None or args.seed is not None or args.hands is not None:
            raise UsageError("train --summary: give no --history, --seed or --hands (it deals nothing)")
        return train.summary_of(args.summary, args.format)
    rules = rules_from(args, ante_alone=True)
    focus = parse_focus(args.focus)
    return train.run(args, rules, trainee(args.strategy, rules, progress), focus, train.standard_input(),
                     sys.stdout)


def setup_score(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE",
                   help="a hand history: CSV with the header hand,up,action (optional columns ante, dealer, dead), "
                        "one line a hand played; '-' reads standard input")
    add_rules(p, ante_help="the ante in money, for lines without an ante column: costs also in money")
    add_threads(p)


def run_score(args: argparse.Namespace, progress: ProgressFn) -> str:
    from ..play.scoring import score
    from ..render.play import scoring as render_scoring

    rules = rules_from(args, ante_alone=True)
    stream = batch.open_text(args.file, "score")
    try:
        report = score(stream, rules, threads=args.threads)
    except UnicodeDecodeError:
        raise InvalidRules(f"score {shown(args.file)}: not UTF-8 text") from None
    finally:
        if stream is not sys.stdin:
            stream.close()
    return render_scoring.score(report, args.format)


def setup_serve(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", type=int, default=0, help="the port on 127.0.0.1 (default 0: a free one, printed)")


def run_serve(args: argparse.Namespace, progress: ProgressFn) -> str:
    from . import serve

    return serve.serve(args.port, sys.stdout)


# ---------------------------------------------------------------- pay tables


def setup_paytables(p: argparse.ArgumentParser) -> None:
    p.add_argument("--paytables", metavar="FILE", default=None, help="TOML file with more pay tables")


def run_paytables(args: argparse.Namespace, progress: ProgressFn) -> str:
    return render_paytables.paytables(paytables.paytable_list(args.paytables), args.format)


def setup_compare(p: argparse.ArgumentParser) -> None:
    p.add_argument("names", nargs="*", metavar="NAME",
                   help="pay tables by name or as ten pays '100,50,...' (default: every known table)")
    add_rules(p, paytable=False)
    p.add_argument("--baseline", default="standard",
                   help="table whose optimal strategy the others are checked against (default standard)")


def run_compare(args: argparse.Namespace, progress: ProgressFn) -> str:
    if args.ante is not None and args.max_payout is None:
        raise UsageError("compare: --ante changes nothing without --max-payout (the figures are per ante)")
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
    s = bet_cap.cap_study(args.paytable, args.qualifier, args.max_payout, _split(args.antes),
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


def run_progressive(args: argparse.Namespace, progress: ProgressFn) -> str:
    check_seats(args.players, "progressive: --players")
    r = sidebets.progressive(args.progressive_pays, args.convention, args.players, args.meter,
                             _split(args.meters))
    return render_sidebets.progressive(r, args.format, args.table)


def setup_bonus(p: argparse.ArgumentParser) -> None:
    p.add_argument("--pays", default=None,
                   help="1 to 10 pays, royal flush first; hands past the last pay lose "
                        "(default 1000,200,100,20,15,10,7: down to three of a kind)")
    p.add_argument("--convention", default="to", choices=sidebets.CONVENTIONS,
                   help="'to' (default): the stake comes back with a win; 'for': the win includes it")
    p.add_argument("--table", choices=("hands", "figures"), default=None,
                   help="only this table (CSV: hands by default)")


def run_bonus(args: argparse.Namespace, progress: ProgressFn) -> str:
    return render_sidebets.bonus(sidebets.bonus(args.pays, args.convention), args.format, args.table)


def setup_combined(p: argparse.ArgumentParser) -> None:
    add_rules(p, ante_default="10")
    p.add_argument("--rounds-per-hour", default="50", help="rounds dealt per hour (default 50)")
    _progressive_options(p, "progressive meter (default 100000)")
    p.add_argument("--progressive-stake", default="1", help="progressive bet (default $1)")
    p.add_argument("--bonus-pays", default=None, help="5+1 Bonus pays, royal first (default 1000,...,7)")
    p.add_argument("--bonus-stake", default="1", help="5+1 Bonus bet (default 1)")


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
    from ..render.tables_folder import generate

    created = check_folder("--out", args.out, create=True)
    files = generate(progress)
    return f"wrote {len(files)} files to {_write_folder(args.out, files, created)}"


def setup_collusion(p: argparse.ArgumentParser) -> None:
    add_rules(p)
    p.add_argument("--players", type=integer, default=7, help="players at the table who share hands (1-7)")
    p.add_argument("--sharing", type=integer, default=None, metavar="S",
                   help="only S of the --players share their hands (default: all); the others' hands are dealt "
                        "but unseen")
    p.add_argument("--burn", type=integer, nargs="?", const=1, default=0, metavar="N",
                   help="the player also sees the burn card (--burn) or N burned cards (--burn N)")
    p.add_argument("--known-dealer-cards", type=integer, default=0, metavar="K",
                   help="the player also sees K (0 to 4) dealer hole cards, e.g. 1 flashed by the dealer")
    add_sampling(p, "")
    add_threads(p)


def run_collusion(args: argparse.Namespace, progress: ProgressFn) -> str:
    k = args.known_dealer_cards
    if not 0 <= k <= 4:
        raise UsageError(f"collusion: --known-dealer-cards {k}: expected 0 to 4 (the dealer has four hole cards)")
    check_seats(args.players, "collusion: --players")
    if args.sharing is not None and not 1 <= args.sharing <= args.players:
        raise UsageError(f"collusion: --sharing {args.sharing}: expected 1 to --players ({args.players})")
    r = sampling.sample(rules_from(args), k, args.players, args.deals, args.seed, threads=args.threads,
                        progress=progress, burn=args.burn, sharing=args.sharing)
    return render_known.sampled(r, args.format, render_known.sampled_title(r))


def setup_detect(p: argparse.ArgumentParser) -> None:
    add_rules(p, ante=False, cap=False)
    p.add_argument("--flash-rate", action="append", default=[], metavar="X",
                   help="also a dealer who exposes a hole card in X of hands (5%% or 0.05; repeatable)")
    p.add_argument("--error-rates", default="5%,1%",
                   help="the error rates alpha = beta of the columns, comma separated (default 5%%,1%%)")


def run_detect(args: argparse.Namespace, progress: ProgressFn) -> str:
    rules = rules_from(args)
    rates = [protection.check_error_rate(x) for x in _split(args.error_rates)]
    if not rates:
        raise UsageError("detect: --error-rates: give at least one error rate")
    for x in args.flash_rate:
        protection.check_rate(x)  # before the work
    game = solve(rules=rules, progress=progress)
    named = protection.leaks(rules, args.flash_rate, game=game, progress=progress)
    rows = protection.detection_table(named, game, rates, progress=progress)
    return render_protection.detection(rows, args.format)


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
    p.add_argument("--deals", type=integer, default=volatility.DEFAULT_TABLE_DEALS,
                   help=f"rounds sampled for the seats' covariance (default {volatility.DEFAULT_TABLE_DEALS:,})")
    p.add_argument("--seed", type=integer, default=volatility.DEFAULT_TABLE_SEED, help="seed of that sample")
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
    p.add_argument("--switch-fees", default=None, metavar="FEES",
                   help="Oasis Poker (card switching), fees in antes for 1, 2, ... cards: adds a section (proven "
                        "exclusions, the exact game with at most one card switched, the sampled gain of switching "
                        "more, the switching lines and their sampled cost)")
    p.add_argument("--switch-deals", type=integer, default=1000,
                   help="hands sampled for the Oasis section (default 1,000; each hand exact)")
    p.add_argument("--switch-seed", type=integer, default=1, help="seed of that sample (default 1)")


def run_report(args: argparse.Namespace, progress: ProgressFn) -> str:
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
    from ..house import math_report
    from ..render.house import math_report as render_report

    r = math_report.build_report(
        args.paytable, args.qualifier, args.max_payout, paytables=extra_paytables(args), hands=args.hands,
        seats=args.seats, hands_per_hour=args.hands_per_hour, average_ante=args.average_ante, hours=args.hours,
        side_bets=args.side_bets, progressive_pays=args.progressive_pays, meter=args.meter,
        contribution=args.contribution, reset=args.reset, sf_cap=args.sf_cap, bonus_pays=args.bonus_pays,
        hours_per_year=args.hours_per_year, pace=args.pace, covariance_deals=args.deals,
        covariance_seed=args.seed, progress=progress, raise_antes=raise_antes_from(args), flash_rate=args.flash_rate,
        switch_fees=args.switch_fees, switch_deals=args.switch_deals, switch_seed=args.switch_seed)
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


COMMANDS: tuple[Command, ...] = (
    Command("ev", "exact EV of raising and folding one hand", setup_ev, run_ev),
    Command("solve", "the whole game under optimal play: house edge, return table", setup_solve, run_solve),
    Command("chart", "the optimal strategy as a printed chart", setup_chart, run_chart),
    Command("strategies", "exact cost of simple strategies versus optimal play", setup_strategies,
            run_strategies),
    Command("simplify", "the simplest strategies, 1, 2, 3, ... rule lines, each with its exact cost",
            setup_simplify, run_simplify),
    Command("card", "a printable strategy card (PDF, SVG or PNG): rules, a simple strategy, its exact cost",
            setup_card, run_card),
    Command("train", "practise: deals hands, asks raise or fold, says what a mistake costs exactly", setup_train,
            run_train),
    Command("score", "score a hand history (CSV hand,up,action): the best action and exact cost of each hand",
            setup_score, run_score),
    Command("serve", "a local web page for players: tap the cards, read raise or fold; the trainer too",
            setup_serve, run_serve, formatted=False),
    Command("paytables", "list the known pay tables (built-in and --paytables FILE)", setup_paytables,
            run_paytables),
    Command("compare", "pay tables side by side: house edge, element of risk, strategy, ...", setup_compare,
            run_compare),
    Command("cap", "house edge by ante size under a cap per bet (strategy re-solved)", setup_cap, run_cap),
    Command("progressive", "the $1 progressive jackpot: exact odds, return by meter, break-even meter",
            setup_progressive, run_progressive),
    Command("bonus", "the 5+1 Bonus side bet: exact six-card frequencies, return table, RTP", setup_bonus,
            run_bonus),
    Command("combined", "expected loss per round and per hour: ante game plus a side bet", setup_combined,
            run_combined),
    Command("report", "a math report for table-game managers: volatility, N hands, table-hour, side bets",
            setup_report, run_report),
    Command("tables", "rebuild the generated strategy charts and reports in tables/", setup_tables, run_tables,
            formatted=False),
    Command("collusion", "sampled house edge when players share their hands", setup_collusion, run_collusion),
    Command("detect", "hands surveillance needs to tell a leak's player (seen hole cards, a flash rate) from an "
            "optimal one", setup_detect, run_detect),
)
