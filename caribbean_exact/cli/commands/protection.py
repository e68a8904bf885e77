"""The commands of game protection: ``collusion`` and ``detect``."""

from __future__ import annotations

import argparse

from ...errors import UsageError
from ...model.checks import check_seats
from ...progress import ProgressFn
from ..options import add_rules, add_sampling, add_threads, integer, rules_from
from .common import split_list

TYPE_CHECKING = False  # not typing's: the command line starts without typing (issue #24)
if TYPE_CHECKING:  # the type checker sees the modules; at run time each loads when a command uses it
    from ...house import protection, tells
    from ...play import sampling
    from ...play.game import solve
    from ...render.house import protection as render_protection
    from ...render.play import known_cards as render_known
else:
    from ..lazy import lazy, lazy_function
    protection = lazy("caribbean_exact.house.protection")
    tells = lazy("caribbean_exact.house.tells")
    render_protection = lazy("caribbean_exact.render.house.protection")
    sampling = lazy("caribbean_exact.play.sampling")
    render_known = lazy("caribbean_exact.render.play.known_cards")
    solve = lazy_function("caribbean_exact.play.game", "solve")


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
    p.add_argument("--by", choices=("tells", "raise-rate", "win-rate"), default=None,
                   help="what surveillance counts: tells (decisions the optimal player never makes; a column "
                        "a confidence 1 - error rate), the raise rate or the win rate (default: both rates)")


def run_detect(args: argparse.Namespace, progress: ProgressFn) -> str:
    rules = rules_from(args)
    rates = [protection.check_error_rate(x) for x in split_list(args.error_rates)]
    if not rates:
        raise UsageError("detect: --error-rates: give at least one error rate")
    for x in args.flash_rate:
        protection.check_rate(x)  # before the work
    if args.by == "tells":
        flash = [protection.check_rate(x) for x in args.flash_rate]
        return render_protection.tells(tells.tells_table(rules, flash, progress), rates, rules, args.format)
    game = solve(rules=rules, progress=progress)
    named = protection.leaks(rules, args.flash_rate, game=game, progress=progress)
    statistics = {"raise-rate": ("raise",), "win-rate": ("win",)}.get(args.by or "", protection.STATISTICS)
    rows = protection.detection_table(named, game, rates, statistics, progress=progress)
    return render_protection.detection(rows, args.format)
