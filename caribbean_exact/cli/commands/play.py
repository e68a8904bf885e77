"""The commands of one hand and the whole game: ``ev`` and ``solve`` (with every mode of ``solve``:
the leaks, edge sorting, a flash rate, card switching, sampling)."""

from __future__ import annotations

import argparse
import re
import sys

from ...errors import InvalidCards, InvalidRules, UsageError
from ...model.cards import Card, parse_cards, rank_index
from ...model.rules import DEFAULT_RAISE_ANTES, Rules
from ...play.odds import ev, ev_ranks
from ...progress import ProgressFn
from ...render.play import game as render_game
from ...render.text import information_words, to_json
from ..files import check_file, check_folder
from ..modes import Conflict, Mode, Option, check, check_conflicts
from ..options import add_buy_fee, add_rules, add_sampling, add_threads, integer, rules_from
from .common import check_wide, note, write_plot

TYPE_CHECKING = False  # not typing's: the command line starts without typing (issue #24)
if TYPE_CHECKING:  # the type checker sees the modules; at run time each loads when a command uses it
    from typing import Any

    from ...house import protection
    from ...play import edge_sorting, known_cards, sampling
    from ...play.game import GameReport, solve
    from ...play.russian import russian_ev
    from ...play.sixth_game import solve_sixth_game, solve_switch_or_buy_game
    from ...play.switch_game import SwitchGame, SwitchSample, sample_switch_game, solve_switch_game
    from ...play.switching import switch_ev
    from ...play.whole_game import WholeGame
    from ...render import figures
    from ...render.house import protection as render_protection
    from ...render.play import edge_sorting as render_sorting
    from ...render.play import known_cards as render_known
    from ...render.play import russian as render_russian
    from ...render.play import seen_plot
    from ...render.play import sixth as render_sixth
    from ...render.play import switching as render_switching
    from ...render.play import whole_game as render_whole
    from ...render.strategy import chart as render_strategy
    from .. import batch
else:
    from ..lazy import lazy, lazy_function
    protection = lazy("caribbean_exact.house.protection")
    render_protection = lazy("caribbean_exact.render.house.protection")
    known_cards, sampling = lazy("caribbean_exact.play.known_cards"), lazy("caribbean_exact.play.sampling")
    edge_sorting = lazy("caribbean_exact.play.edge_sorting")
    render_sorting = lazy("caribbean_exact.render.play.edge_sorting")
    figures = lazy("caribbean_exact.render.figures")
    render_known = lazy("caribbean_exact.render.play.known_cards")
    seen_plot = lazy("caribbean_exact.render.play.seen_plot")
    render_switching = lazy("caribbean_exact.render.play.switching")
    render_whole = lazy("caribbean_exact.render.play.whole_game")
    render_sixth = lazy("caribbean_exact.render.play.sixth")
    render_russian = lazy("caribbean_exact.render.play.russian")
    russian_ev = lazy_function("caribbean_exact.play.russian", "russian_ev")
    solve_sixth_game = lazy_function("caribbean_exact.play.sixth_game", "solve_sixth_game")
    solve_switch_or_buy_game = lazy_function("caribbean_exact.play.sixth_game", "solve_switch_or_buy_game")
    render_strategy = lazy("caribbean_exact.render.strategy.chart")
    solve_switch_game = lazy_function("caribbean_exact.play.switch_game", "solve_switch_game")
    sample_switch_game = lazy_function("caribbean_exact.play.switch_game", "sample_switch_game")
    switch_ev = lazy_function("caribbean_exact.play.switching", "switch_ev")
    solve = lazy_function("caribbean_exact.play.game", "solve")
    batch = lazy("caribbean_exact.cli.batch")  # ev --batch only


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
                        "1,2,3,4,5 or 1,2,3,2,1 (1: one card only; x: a size not allowed, x,1,1,1,1: two to five "
                        "cards); every discard set, exact, best first")
    p.add_argument("--wide", action="store_true",
                   help="the full table of ranks alone or of --switch-fees, wider than 80 columns: the exact "
                        "fractions and full labels (the CSV's)")
    add_buy_fee(p, "its exact EV beside standing (and beside every discard set with --switch-fees)")
    p.add_argument("--game", default=None, metavar="GAME",
                   help="Russian Poker (Lunar Poker): the rule set lunar or russian, or a TOML file of one (the "
                        "form of the package's data/russian.toml); every draw option of the hand, exact, best "
                        "first; with --dealer (his four hole cards) the value of buying the game")
    p.add_argument("--exchange", default=None, metavar="SIZES",
                   help="with --game: the exchange sizes counted, e.g. 2 or 2,3, all or none (default: those of at "
                        "most three cards the rules allow, under a second; all of them take a few seconds)")
    add_rules(p, ante_help="the ante in money: the EVs are also shown in money")


_RANKS_ONLY = re.compile(r"(?:10|[2-9TJQKA])(?:[\s,]*(?:10|[2-9TJQKA]))*", re.IGNORECASE)


def _up_rank(text: str) -> int:
    """The rank of --up for a rank-only query: "K", "10", or a card such as "Kh"."""
    try:
        return rank_index(text)
    except InvalidCards:
        return Card.parse(text).rank


#: The options of ``ev`` that only some of its modes take, in the order its errors name them.
EV_OPTIONS = (
    Option("hand", "CARDS", []),
    Option("up", "--up"),
    Option("dead", "--dead"),
    Option("dealer", "--dealer"),
    Option("verbose", "--verbose", False),
    Option("table", "--table"),
    Option("ante", "--ante"),
    Option("switch_fees", "--switch-fees"),
    Option("wide", "--wide", False),
    Option("buy_fee", "--buy-fee"),
    Option("game", "--game"),
    Option("exchange", "--exchange", None, "--exchange applies to --game"),
    Option("skip_bad", "--skip-bad", False, "--skip-bad applies to --batch"),
)
_EV_TABLES = ("summary", "outcomes")
#: The modes of ``ev``: one hand, ranks alone (every suit combination), switching, a batch file.
EV_MODES = {
    "hand": Mode("ev", frozenset({"hand", "up", "dead", "dealer", "verbose", "table", "ante"}), _EV_TABLES),
    "ranks": Mode("ev with ranks alone", frozenset({"hand", "up", "ante", "wide"}), why="they need cards with suits"),
    "switching": Mode("ev --switch-fees/--buy-fee", frozenset({"hand", "up", "switch_fees", "buy_fee", "wide"}),
                      why="every option is per ante"),
    "russian": Mode("ev --game", frozenset({"hand", "up", "dealer", "game", "exchange"}),
                    why="the rule set names the game"),
    "batch": Mode("ev --batch", frozenset({"skip_bad", "ante"}), why="the situations come from the file"),
}


#: Options of ``ev`` that change nothing beside another.
EV_CONFLICTS = (
    Conflict(Option("format", "--format", "simple"), (Option("verbose", "--verbose", False),),
             "JSON always holds the outcomes; CSV is one table: --table outcomes",
             present=lambda a: a.format in ("json", "csv")),
    Conflict(Option("table", "--table"), (Option("verbose", "--verbose", False),),
             "it prints one table"),
    Conflict(Option("table", "--table"), (Option("ante", "--ante"),),
             "the tables are per ante; with --max-payout the ante sets where the cap bites",
             present=lambda a: a.table is not None and a.max_payout is None),
)


def ev_mode(args: argparse.Namespace) -> str:
    """The mode of ``ev`` its arguments choose (a key of ``EV_MODES``), checked before any work."""
    if args.batch is not None:
        mode = "batch"
    elif args.game is not None:
        mode = "russian"
    elif args.switch_fees is not None or args.buy_fee is not None:
        mode = "switching"
    elif args.hand and _RANKS_ONLY.fullmatch(" ".join(args.hand).strip()):
        mode = "ranks"
    else:
        mode = "hand"
    check(EV_MODES[mode], args, EV_OPTIONS)
    check_conflicts(EV_MODES[mode].name, args, EV_CONFLICTS)
    check_wide("ev", args)
    return mode


#: The table's options a Russian Poker rule set names itself (``ev --game`` refuses them).
_GAME_NAMES = (("paytable", "--paytable"), ("paytables", "--paytables"), ("qualifier", "--qualifier"),
               ("max_payout", "--max-payout"), ("ante", "--ante"))


def check_ev(args: argparse.Namespace) -> None:
    """Before any work: the mode's options and the rules (a batch's answers are per ante: --ante
    there only sets where --max-payout bites)."""
    mode = ev_mode(args)
    if mode == "russian":
        given = [flag for dest, flag in _GAME_NAMES if getattr(args, dest, None) is not None]
        if getattr(args, "raise_antes", DEFAULT_RAISE_ANTES) != DEFAULT_RAISE_ANTES:
            given.append("--raise")
        if given:
            raise UsageError(f"ev --game with {given[0]}: the rule set names the pays, the qualifier and the bet "
                             "(--paytable, --qualifier, --raise and --max-payout do not apply)")
    rules_from(args, ante_alone=mode != "batch", name=EV_MODES[mode].name)


def run_ev(args: argparse.Namespace, progress: ProgressFn) -> str:
    mode = ev_mode(args)
    rules = rules_from(args, ante_alone=True)
    if mode == "batch":
        done = batch.run(args.batch, rules, args.format, sys.stdout, note, args.skip_bad)
        if done.refused and not args.skip_bad:
            raise UsageError(f"ev --batch: {done.refused:,} of {done.refused + done.answered:,} lines not answered "
                             "(each is said above); --skip-bad leaves them out with exit 0")
        return ""
    if not args.hand:
        raise UsageError("ev: give the player's five cards (or --batch FILE)")
    text = " ".join(args.hand)
    up = args.up
    if mode == "switching":
        return _run_switch(args, text, up, rules)
    if mode == "russian":
        return _run_russian(args, text, up, rules)
    if mode == "ranks":
        compact = text.replace(" ", "").replace(",", "").upper().replace("10", "T")
        if up is None and len(compact) == 6:
            compact, up = compact[:5], compact[5]
        if up is None:
            raise UsageError("ev with ranks alone: give the up card's rank too (ev AKJ83 --up K)")
        return render_game.rank_query(ev_ranks(compact, _up_rank(up), rules=rules), args.format, args.wide)
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
    """ev --switch-fees/--buy-fee: every option of one hand's draw (cards with suits; no dead or
    dealer cards)."""
    flag = "--switch-fees" if args.switch_fees is not None else "--buy-fee"
    if _RANKS_ONLY.fullmatch(text.strip()):
        raise UsageError(f"ev {flag}: give the cards with their suits (the replacements depend on them)")
    cards = parse_cards(text if up is None else text + " " + up)
    if len(cards) != 6:
        raise UsageError(f"ev {flag}: give five cards and the up card (or --up), got {len(cards)} cards")
    return render_switching.switch_options(switch_ev(cards[:5], cards[5:], args.switch_fees, rules=rules,
                                                     buy_fee=args.buy_fee), args.format, args.wide)


def _exchange_sizes(spec: str | None, allowed: tuple[int, ...]) -> tuple[int, ...]:
    """--exchange: "all", "none" (playing as dealt and the sixth card only), or sizes such as "2" or
    "2,3"; default: the allowed sizes of at most three cards."""
    if spec is None:
        return tuple(k for k in allowed if k <= 3)
    if spec.strip().lower() == "all":
        return allowed
    if spec.strip().lower() == "none":
        return ()
    sizes = []
    for token in re.split(r"[\s,]+", spec.strip()):
        if not re.fullmatch(r"[1-5]", token):
            raise UsageError(f"ev --exchange {spec!r}: expected sizes from 1 to 5 such as 2 or 2,3, all or none")
        sizes.append(int(token))
    return tuple(sorted(set(sizes)))


def _run_russian(args: argparse.Namespace, text: str, up: str | None, rules: Rules) -> str:
    """ev --game: every draw option of one Russian Poker hand (cards with suits)."""
    from ...model.russian import RussianGame  # ev --game only: ev starts without it

    if rules != Rules():
        raise UsageError("ev --game: the rule set names the pays, the qualifier and the bet (--paytable, "
                         "--qualifier, --raise and --max-payout do not apply)")
    if _RANKS_ONLY.fullmatch(text.strip()):
        raise UsageError("ev --game: give the cards with their suits (the replacements depend on them)")
    game = RussianGame.parse(args.game)
    cards = parse_cards(text if up is None else text + " " + up)
    if len(cards) != 6:
        raise UsageError(f"ev --game: give five cards and the up card (or --up), got {len(cards)} cards")
    sizes = _exchange_sizes(args.exchange, game.exchange_sizes())
    return render_russian.russian_options(russian_ev(cards[:5], cards[5:], game, exchange_sizes=sizes,
                                                     dealer=args.dealer), args.format)


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
    p.add_argument("--table", choices=("figures", "outcomes", "dealer", "chart", "counts", "summary"), default=None,
                   help="only this table (CSV: figures by default; dealer: the dealer's hand by category; "
                        "chart: with --known-dealer-cards 1 to 3, --sorted-ranks, --seen-class or --burn-card; "
                        "counts: with --sorted-ranks; summary: any whole game (the plain game, a leak, --switch-fees, "
                        "--buy-fee) in one layout: its figures, what the player does, the return table)")
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
    p.add_argument("--accuracy", default=None, metavar="Q",
                   help="with --sorted-ranks: the player reads each hole card's back right with probability Q "
                        "(90%% or 0.9) and plays the count he reads: exact")
    p.add_argument("--rate", default=None, metavar="X",
                   help="with a leak (--known-dealer-cards, --sorted-ranks, --seen-class, --burn-card): the leak "
                        "seen in only a share X of hands (5%% or 0.05), the plain game in the others: the exact "
                        "mixture, its cost per hand and per table-hour")
    p.add_argument("--switch-fees", default=None, metavar="FEES",
                   help="card switching (Oasis Poker), fees in antes for 1, 2, ... cards (x: a size not allowed, "
                        "x,1,1,1,1: two to five cards): the game with at most one card switched, exact (about 23 "
                        "s of CPU), and every larger switch bounded in every situation; where the bounds leave "
                        "open only switches of up to --count-up-to cards, the whole game counted exactly; else the "
                        "gain of switching more, sampled (--deals, default 1,000, 0: none; each hand's best option "
                        "exact); with --sample, only a sampled estimate")
    p.add_argument("--count-up-to", type=integer, default=None, metavar="K",
                   help="with --switch-fees: count the whole game exactly where the bounds leave open switches of "
                        "2 to K cards only (all five beside them, counted for every hand); default 2, about 5 "
                        "minutes on two cores; 3: about 80 minutes of CPU, 4: about 12 hours (see --scheduler); 0: "
                        "never, sample instead")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="with --switch-fees: count the exact game's 13 up ranks as tasks on the Dask cluster whose "
                        "scheduler is at ADDRESS (tcp://host:8786; needs [distributed]); default: this machine")
    p.add_argument("--keep-ranks", default=None, metavar="DIR",
                   help="with --switch-fees: keep the exact game's counts of each up rank in the folder DIR as it "
                        "finishes; run the same command again with DIR to count only the ranks not kept there "
                        "(a long count stopped part way goes on where it stopped)")
    p.add_argument("--count-beside", action="append", default=None, metavar="FEES",
                   help="with --switch-fees and --keep-ranks: count the exact game of this other fee schedule in the "
                        "same sweeps, where both are counted (repeatable, at most 7; 0,0,0,0,0 beside 1,1,1,1,1 "
                        "adds about a third of the time, not a whole count) and keep its ranks in DIR: solve it "
                        "later with --keep-ranks DIR to read them back; the output is --switch-fees' game")
    add_buy_fee(p, "the whole game exact, every situation standing or buying (about 10 s on two cores)")


def run_solve(args: argparse.Namespace, progress: ProgressFn) -> str:
    text = _solve_text(args, progress)
    if args.format in ("json", "csv") or args.table or args.sample or args.flash_rate is not None \
            or args.rate is not None:
        return text
    # P(the dealer qualifies) and the dealer's hands, after everything else (the same for every game)
    from ...play.game import dealer_distribution  # solve only: ev starts without play.game

    rules = rules_from(args)
    return text + "\n\n" + render_game.dealer_text(rules, args.format, dealer_distribution(rules))


_SAMPLING_HINT = "--deals and --seed apply only to --sample (sampling --known-dealer-cards 1 to 3) and to --switch-fees"
#: The options of ``solve`` that only some of its modes take, in the order its errors name them.
SOLVE_OPTIONS = (
    Option("known_dealer_cards", "--known-dealer-cards", 0),
    Option("sorted_ranks", "--sorted-ranks"),
    Option("seen_class", "--seen-class"),
    Option("burn_card", "--burn-card", False),
    Option("flash_rate", "--flash-rate", None, "--flash-rate X prices one hole card seen in X of hands (the plain "
                                               "game otherwise); this leak in a share X of hands: --rate X"),
    Option("accuracy", "--accuracy"),
    Option("rate", "--rate", None, "--rate applies to a leak: --known-dealer-cards, --sorted-ranks, --seen-class "
                                   "or --burn-card (not sampled, no --table)"),
    Option("switch_fees", "--switch-fees"),
    Option("buy_fee", "--buy-fee"),
    Option("sample", "--sample", False, "--sample applies to --known-dealer-cards 1 to 3 and to --switch-fees"),
    Option("count_up_to", "--count-up-to", None, "--count-up-to applies to --switch-fees (not with --buy-fee or "
                                                  "--sample)"),
    Option("scheduler", "--scheduler", None, "--scheduler applies to --switch-fees (not with --buy-fee or "
                                              "--sample)"),
    Option("keep_ranks", "--keep-ranks", None, "--keep-ranks applies to --switch-fees (not with --buy-fee or "
                                                "--sample)"),
    Option("count_beside", "--count-beside", None, "--count-beside applies to --switch-fees (not with --buy-fee "
                                                    "or --sample)"),
    Option("deals", "--deals", None, _SAMPLING_HINT),
    Option("seed", "--seed", None, _SAMPLING_HINT),
    Option("ignore_up", "--ignore-up", False),
    Option("table", "--table"),
    Option("plot", "--plot", None, "--plot draws the chart of --known-dealer-cards 1 to 3 (not sampled)"),
)
#: Where each --table value of ``solve`` applies (said when a mode has not that table).
SOLVE_TABLES = {"chart": "--known-dealer-cards 1 to 3, --sorted-ranks, --seen-class or --burn-card",
                "counts": "--sorted-ranks"}
_FIGURES = ("figures", "outcomes", "dealer", "summary")
#: The --table value every whole game takes: its JSON is a document of its own (``render.play.whole_game``).
_SUMMARY = ("summary",)
#: The modes of ``solve``: each takes its own options (beside the rules, --threads and --format).
SOLVE_MODES = {
    "plain": Mode("solve", frozenset({"ignore_up", "table"}), _FIGURES, json_tables=_SUMMARY),
    "seen": Mode("solve --known-dealer-cards", frozenset({"known_dealer_cards", "table", "plot", "rate"}),
                 (*_FIGURES, "chart"), json_tables=(*_FIGURES, "chart")),
    "all seen": Mode("solve --known-dealer-cards 4", frozenset({"known_dealer_cards", "table", "rate"}), _FIGURES,
                     json_tables=_SUMMARY),
    "sampled": Mode("solve --sample", frozenset({"known_dealer_cards", "sample", "deals", "seed"})),
    "sorted": Mode("solve --sorted-ranks", frozenset({"sorted_ranks", "table", "rate", "accuracy"}),
                   (*_FIGURES, "chart", "counts"), json_tables=_SUMMARY),
    "sorted seen": Mode("solve --sorted-ranks --known-dealer-cards 1",
                        frozenset({"sorted_ranks", "known_dealer_cards", "table", "rate"}), (*_FIGURES, "counts"),
                        json_tables=_SUMMARY),
    "seen class": Mode("solve --seen-class", frozenset({"seen_class", "known_dealer_cards", "burn_card", "table",
                                                        "rate"}), (*_FIGURES, "chart"),
                       json_tables=(*_FIGURES, "chart")),
    "burn card": Mode("solve --burn-card", frozenset({"burn_card", "known_dealer_cards", "table", "rate"}),
                      (*_FIGURES, "chart"), json_tables=(*_FIGURES, "chart")),
    "flash rate": Mode("solve --flash-rate", frozenset({"flash_rate"}),
                       why="it prices one hole card seen; any leak seen in a share X of hands: the leak with --rate X"),
    "switching": Mode("solve --switch-fees", frozenset({"switch_fees", "sample", "deals", "seed", "count_up_to",
                                                         "scheduler", "keep_ranks", "count_beside", "table"}),
                      _SUMMARY, json_tables=_SUMMARY),
    "buying": Mode("solve --buy-fee", frozenset({"buy_fee", "table"}), _SUMMARY, json_tables=_SUMMARY),
    "switch or buy": Mode("solve --switch-fees --buy-fee", frozenset({"switch_fees", "buy_fee", "table"}), _SUMMARY,
                          json_tables=_SUMMARY),
}


#: Options a mode of ``solve`` takes each but not together.
SOLVE_CONFLICTS = (
    Conflict(Option("rate", "--rate"), (Option("table", "--table"), Option("plot", "--plot")),
             "the mixture's figures are one table"),
)


def solve_mode(args: argparse.Namespace) -> str:
    """The mode of ``solve`` its arguments choose (a key of ``SOLVE_MODES``), checked: a mode-specific
    option the mode does not take is refused in one line, before any work."""
    k = args.known_dealer_cards
    if not 0 <= k <= 4:
        raise UsageError(f"solve: --known-dealer-cards {k}: expected 0 to 4 (the dealer has four hole cards)")
    if args.seen_class is not None:
        mode = "seen class"
        if k not in (0, 1):
            raise UsageError("solve --seen-class: --known-dealer-cards combines only as 1 (one hole card seen and "
                             "another's class)")
        if k and args.burn_card:
            raise UsageError("solve --seen-class: --known-dealer-cards 1 and --burn-card together are not counted "
                             "(one of them)")
    elif args.burn_card:
        mode = "burn card"
        if k not in (0, 1):
            raise UsageError("solve --burn-card: --known-dealer-cards combines only as 1 (one hole card and the "
                             "burn card seen)")
    elif args.flash_rate is not None:
        mode = "flash rate"
    elif args.switch_fees is not None and args.buy_fee is not None:
        mode = "switch or buy"
    elif args.switch_fees is not None:
        mode = "switching"
    elif args.buy_fee is not None:
        mode = "buying"
    elif args.sorted_ranks is not None:
        mode = "sorted seen" if k else "sorted"
        if k not in (0, 1):
            raise UsageError("solve --sorted-ranks: --known-dealer-cards combines only as 1 (edge sorting with one "
                             "hole card seen)")
    elif k and args.sample and k < 4:
        mode = "sampled"
    elif k == 4:
        mode = "all seen"
    else:
        mode = "seen" if k else "plain"
    check(SOLVE_MODES[mode], args, SOLVE_OPTIONS, SOLVE_TABLES)
    check_conflicts(SOLVE_MODES[mode].name, args, SOLVE_CONFLICTS)
    given = [f for f, v in (("--count-up-to", args.count_up_to), ("--scheduler", args.scheduler),
                            ("--keep-ranks", args.keep_ranks), ("--count-beside", args.count_beside)) if v is not None]
    if args.sample and given:
        flag = given[0]
        raise UsageError(f"solve --switch-fees --sample: {flag} applies to the exact game (without --sample)")
    if args.count_beside is not None and (args.keep_ranks is None or len(args.count_beside) > 7):
        raise UsageError("solve --count-beside: needs --keep-ranks DIR, where the games counted beside are kept "
                         "(at most 7 of them)")
    if args.count_up_to is not None and not 0 <= args.count_up_to <= 4:
        raise UsageError(f"solve --count-up-to {args.count_up_to}: expected 0 to 4 (cards switched; all five are "
                         "counted for every hand beside them)")
    if args.accuracy is not None and args.table not in (None, *_FIGURES):
        raise UsageError(f"solve --sorted-ranks --accuracy: --table {args.table} does not apply (the "
                         "figures, outcomes and dealer tables)")
    return mode


def _priced_per_hour(args: argparse.Namespace) -> bool:
    """Whether the output prices a table-hour (--flash-rate, --rate): there --ante is its ante
    (default 10), not only where a cap bites."""
    return args.flash_rate is not None or args.rate is not None


def check_solve(args: argparse.Namespace) -> None:
    """Before any work: the mode's options, the rules, the values of --rate, --accuracy, --flash-rate
    and the --plot file."""
    solve_mode(args)
    rules_from(args, ante_alone=_priced_per_hour(args))
    for name, what in (("rate", "rate"), ("accuracy", "accuracy"), ("flash_rate", "flash rate")):
        if getattr(args, name) is not None:
            protection.check_rate(getattr(args, name), what)
    if args.keep_ranks is not None:
        check_folder("--keep-ranks", args.keep_ranks)
    for fees in args.count_beside or ():  # each schedule read before any work
        try:
            rules_from(args).with_game(switch_fees=fees)
        except InvalidRules as e:
            raise UsageError(f"solve --count-beside {fees}: {e}") from None
    if args.plot and args.table == "summary":
        raise UsageError("solve --table summary: the summary draws no chart (--plot applies without it)")
    if args.plot:
        render_strategy.plot_format(args.plot)
        check_file("--plot", args.plot)
        figures.pyplot("--plot")


def _dask_client(address: str | None) -> Any:
    """A ``dask.distributed.Client`` of the scheduler at ``address``, or None (this machine)."""
    if address is None:
        return None
    try:
        from dask.distributed import Client  # the distributed extra, only when asked for
    except ImportError:
        raise UsageError("solve --scheduler: needs Dask distributed: pip install 'caribbean-exact[distributed]'") \
            from None
    try:
        return Client(address, timeout=10)  # type: ignore[no-untyped-call]
    except (OSError, ValueError, TimeoutError) as e:
        raise UsageError(f"solve --scheduler {address}: no Dask scheduler answered ({e})") from None


def _solve_text(args: argparse.Namespace, progress: ProgressFn) -> str:
    mode = solve_mode(args)
    k = args.known_dealer_cards
    rules = rules_from(args, ante_alone=_priced_per_hour(args))
    if args.rate is not None:  # a leak in a share of hands: the exact mixture with the plain game
        rate = protection.check_rate(args.rate, "rate")
        leak = _leak_report(mode, args, rules, progress)
        return render_protection.flash(protection.flash_cost(rate, rules, threads=args.threads, leak=leak,
                                                             progress=progress), args.format)
    if args.table == "summary":  # any whole game in one layout, read through the WholeGame protocol
        return render_whole.whole_game(_whole_game(mode, args, rules, progress), args.format)
    if mode in ("seen class", "burn card"):
        return _leak_text(args, rules, progress)
    if mode == "flash rate":  # the exact cost of a dealer who exposes a hole card in X of hands
        return render_protection.flash(protection.flash_cost(args.flash_rate, rules, threads=args.threads,
                                                             progress=progress), args.format)
    if mode == "switching":
        if args.sample:  # the quick estimate: sampled hands, each one's best option exact
            return render_switching.switch_sample(_switch_sample(args, rules, progress), args.format)
        return render_switching.switch_game(_switch_game(args, rules, progress), args.format)
    if mode == "switch or buy":  # switching one card or buying, the whole game exact
        return render_sixth.switch_or_buy(solve_switch_or_buy_game(rules.with_game(switch_fees=args.switch_fees,
                                                                                   buy_fee=args.buy_fee),
                                                                   threads=args.threads, progress=progress),
                                          args.format)
    if mode == "buying":  # a sixth card for sale, the whole game exact
        return render_sixth.sixth_game(solve_sixth_game(rules, args.buy_fee, threads=args.threads,
                                                        progress=progress), args.format)
    if mode == "sorted seen":  # edge sorting with a seen hole card, the whole game exact
        ranks = edge_sorting.parse_ranks(args.sorted_ranks)
        seen = edge_sorting.solve_sorted_ranks(ranks, rules, args.threads, progress=progress, seen_cards=1)
        return render_sorting.sorted_seen_game(seen, args.format, args.table)
    if mode == "sorted":  # edge sorting, the whole game exact
        ranks = edge_sorting.parse_ranks(args.sorted_ranks)  # a bad rank: one line, before the work
        if args.accuracy is not None:  # read with accuracy Q: the exact mixture of the misread counts
            misread = edge_sorting.solve_sorted_misread(ranks, args.accuracy, rules, args.threads, progress=progress)
            return render_game.report(misread, args.format, args.table)
        game = edge_sorting.solve_sorted_ranks(ranks, rules, args.threads, progress=progress)
        return render_sorting.sorted_game(game, args.format, args.table)
    if mode == "plain":
        report = solve(rules=rules, ignore_up=args.ignore_up, threads=args.threads, progress=progress)
        return render_game.report(report, args.format, args.table)
    if mode == "sampled":
        deals = sampling.DEFAULT_DEALS if args.deals is None else args.deals
        seed = sampling.DEFAULT_SEED if args.seed is None else args.seed
        r = sampling.sample(rules, k, 1, deals, seed, threads=args.threads, progress=progress)
        return render_known.sampled(r, args.format, f"{k} dealer hole card{'s' if k > 1 else ''} seen "
                                                    "(sampled, each deal exact)")
    if mode == "all seen":
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


def _switch_sample(args: argparse.Namespace, rules: Rules, progress: ProgressFn) -> SwitchSample:
    """solve --switch-fees --sample: sampled hands, each one's best option exact."""
    return sample_switch_game(args.switch_fees, rules, 1000 if args.deals is None else args.deals,
                              1 if args.seed is None else args.seed, threads=args.threads, progress=progress)


def _switch_game(args: argparse.Namespace, rules: Rules, progress: ProgressFn) -> SwitchGame:
    """solve --switch-fees: the game, exact, counted or bounded (on a Dask cluster with --scheduler)."""
    client = _dask_client(args.scheduler)
    try:
        return solve_switch_game(args.switch_fees, rules, 1000 if args.deals is None else args.deals,
                                 1 if args.seed is None else args.seed, threads=args.threads, progress=progress,
                                 count_up_to=2 if args.count_up_to is None else args.count_up_to, client=client,
                                 store=args.keep_ranks, beside=tuple(args.count_beside or ()))
    finally:
        if client is not None:
            client.close()


def _whole_game(mode: str, args: argparse.Namespace, rules: Rules, progress: ProgressFn) -> WholeGame:
    """The whole game a mode of ``solve`` counts (``--table summary``), as a ``WholeGame``."""
    if mode == "switching":
        return _switch_sample(args, rules, progress) if args.sample else _switch_game(args, rules, progress)
    if mode == "switch or buy":
        return solve_switch_or_buy_game(rules.with_game(switch_fees=args.switch_fees, buy_fee=args.buy_fee),
                                        threads=args.threads, progress=progress)
    if mode == "buying":
        return solve_sixth_game(rules, args.buy_fee, threads=args.threads, progress=progress)
    if mode == "plain":
        return solve(rules=rules, ignore_up=args.ignore_up, threads=args.threads, progress=progress)
    if mode == "all seen":
        return known_cards.solve_all_seen(rules, progress=progress)
    return _leak_report(mode, args, rules, progress)


def _leak_report(mode: str, args: argparse.Namespace, rules: Rules, progress: ProgressFn) -> GameReport:
    """The whole game of the leak a mode of ``solve`` names (its ``GameReport``)."""
    k = args.known_dealer_cards
    if mode == "sorted seen":
        return edge_sorting.solve_sorted_ranks(edge_sorting.parse_ranks(args.sorted_ranks), rules, args.threads,
                                               progress=progress, seen_cards=1).report
    if mode == "sorted":
        ranks = edge_sorting.parse_ranks(args.sorted_ranks)
        if args.accuracy is not None:
            return edge_sorting.solve_sorted_misread(ranks, args.accuracy, rules, args.threads, progress=progress)
        return edge_sorting.solve_sorted_ranks(ranks, rules, args.threads, progress=progress).report
    if mode == "seen class":
        return known_cards.solve_seen_class(args.seen_class, rules, args.threads, progress=progress, seen_cards=k,
                                            burn_card=args.burn_card).report
    if mode == "burn card":
        return known_cards.solve_burn_card(rules, args.threads, progress=progress, seen_cards=k).report
    return known_cards.solve_known(k, rules, args.threads, progress=progress)


def _leak_text(args: argparse.Namespace, rules: Rules, progress: ProgressFn) -> str:
    """solve --seen-class SPEC / --burn-card: the exact game with the leak, its figures and chart."""
    from ...render.play import leaks as render_leaks

    if args.seen_class is not None:
        game = known_cards.solve_seen_class(args.seen_class, rules, args.threads, progress=progress,
                                            seen_cards=args.known_dealer_cards, burn_card=args.burn_card)
    else:
        game = known_cards.solve_burn_card(rules, args.threads, progress=progress,
                                           seen_cards=args.known_dealer_cards)
    if args.format == "json" and args.table in (None, "chart"):
        return render_leaks.leak_game_json(game) if args.table is None else \
            to_json(render_leaks.leak_chart_json(game.chart))
    chart = render_leaks.leak_chart(game.chart, args.format)
    if args.table == "chart":
        return chart
    text = render_game.report(game.report, args.format, args.table)
    if args.format in ("json", "csv") or args.table:
        return text
    what = information_words(game.report.information)
    return f"{what}\n{text}\n\n{render_leaks.HEADING}\n{chart}"


def _seen_text(args: argparse.Namespace, rules: Rules, k: int, progress: ProgressFn
               ) -> str | tuple[GameReport, str, str]:
    """solve --known-dealer-cards 1..3: the JSON report (with its chart and cell rules) or chart, or the report,
    the chart resolved into rules and its heading; --plot draws the chart for printing."""
    why: Any = None  # SeenCardStrategy (k = 1) or SeenSetStrategy
    if args.table in (None, "chart") or args.plot:  # what decides the chart's mixed cells
        if k == 1:
            from ...strategy.seen_chart import seen_card_strategy  # numpy: loaded by the commands that need it

            why = seen_card_strategy(rules, threads=args.threads, progress=progress)
        else:
            from ...strategy.seen_set_chart import seen_set_strategy

            why = seen_set_strategy(k, rules, threads=args.threads, progress=progress)
    # after the rules: the figures and chart come from the pass that counted their decisions
    ch: Any  # SeenChart (k = 1) or SeenSetChart
    game: Any  # SeenCardGame (k = 1) or SeenCardsGame
    if k == 1:
        game = known_cards.solve_seen_card(rules, args.threads, progress=progress)
    else:
        game = known_cards.solve_seen_cards(k, rules, args.threads, progress=progress)
    report, ch = game.report, game.chart
    if args.plot:
        view = render_known.seen_print(ch, why) if k == 1 else render_known.seen_set_print(ch, why)
        lay = seen_plot.seen_plot_layout(view, rules)
        write_plot(args, len(lay.pages), lambda fmt: seen_plot.draw_seen_chart(view, rules, fmt, lay))
    if args.format == "json" and args.table in (None, "chart"):
        # "rules" is the game's rules, as in every JSON output; the cells' rules are "cell_rules"
        # (before, k = 1 put them under "rules"); the report's JSON carries the chart's fields too
        if args.table is None:  # the library's as_dict of the game is the same document
            return to_json(render_known.seen_game_doc(game, why))
        return to_json(render_known.seen_chart_doc(ch, why, rules) if k == 1 else
                       render_known.seen_set_chart_doc(ch, why, rules))
    if k == 1:
        return report, render_known.seen_chart(ch, args.format, why), render_known.SEEN_CHART_HEADING
    heading = f"When to raise, by the ranks of the dealer's {k + 1} known cards (up card and seen hole cards):"
    return report, render_known.seen_set_chart(ch, args.format, why), heading
