"""The commands of game protection: ``collusion`` and ``detect``."""

from __future__ import annotations

import argparse
from fractions import Fraction

from ...errors import UsageError
from ...model.checks import check_seats
from ...model.rules import to_fraction
from ...progress import ProgressFn
from ..options import add_rules, add_sampling, add_threads, integer, rules_from
from .common import split_list

TYPE_CHECKING = False  # not typing's: the command line starts without typing (issue #24)
if TYPE_CHECKING:  # the type checker sees the modules; at run time each loads when a command uses it
    from typing import Any

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


def check_collusion(args: argparse.Namespace) -> None:
    """Before any work: K, --players, --sharing, the rules."""
    k = args.known_dealer_cards
    if not 0 <= k <= 4:
        raise UsageError(f"collusion: --known-dealer-cards {k}: expected 0 to 4 (the dealer has four hole cards)")
    check_seats(args.players, "collusion: --players")
    if args.sharing is not None and not 1 <= args.sharing <= args.players:
        raise UsageError(f"collusion: --sharing {args.sharing}: expected 1 to --players ({args.players})")
    rules_from(args)


def run_collusion(args: argparse.Namespace, progress: ProgressFn) -> str:
    r = sampling.sample(rules_from(args), args.known_dealer_cards, args.players, args.deals, args.seed,
                        threads=args.threads, progress=progress, burn=args.burn, sharing=args.sharing)
    return render_known.sampled(r, args.format, render_known.sampled_title(r))


def setup_detect(p: argparse.ArgumentParser) -> None:
    add_rules(p, ante=False, cap=False)
    p.add_argument("--flash-rate", action="append", default=[], metavar="X",
                   help="also a dealer who exposes a hole card in X of hands (5%% or 0.05; repeatable)")
    p.add_argument("--error-rates", default=None,
                   help="the error rates alpha = beta of the columns, comma separated (default 5%%,1%%)")
    p.add_argument("--alpha", default=None, metavar="A",
                   help="one column at this alpha (the chance of accusing an optimal player; 0.0001%% to "
                        "below 50%%) instead of --error-rates")
    p.add_argument("--beta", default=None, metavar="B",
                   help="its beta (the chance of missing the leak's player; default: --alpha, or 5%%)")
    p.add_argument("--by", choices=("tells", "raise-rate", "win-rate"), default=None,
                   help="what surveillance counts: tells (decisions the optimal player never makes; a column "
                        "a confidence 1 - beta, and the raise-rate test's hands, fixed and stopping early), the "
                        "raise rate or the win rate (default: both rates and the tell share)")
    p.add_argument("--hands-per-hour", default="50", help="rounds dealt an hour, for the cost per table-hour "
                                                         "(default 50, as report)")
    p.add_argument("--average-ante", default="10", help="the average ante in money (default 10, as report)")
    p.add_argument("--players", type=integer, default=1,
                   help="players at the table using the leak, for the cost per table-hour (1-7, default 1)")


def _error_columns(args: argparse.Namespace) -> list[tuple[Fraction, Fraction]]:
    """The (alpha, beta) of each column: --alpha/--beta (one column) or --error-rates (alpha = beta)."""
    if args.alpha is not None or args.beta is not None:
        if args.error_rates is not None:
            raise UsageError("detect: --error-rates: give it or --alpha/--beta, not both")
        a = protection.check_error_rate(args.alpha if args.alpha is not None else "5%", "alpha")
        b = protection.check_error_rate(args.beta, "beta") if args.beta is not None else a
        return [(a, b)]
    rates = [protection.check_error_rate(x) for x in split_list(args.error_rates or "5%,1%")]
    if not rates:
        raise UsageError("detect: --error-rates: give at least one error rate")
    return [(e, e) for e in rates]


def _hour(args: argparse.Namespace) -> dict[str, Any]:
    """The table-hour of the cost columns: --hands-per-hour, --average-ante, --players, checked."""
    check_seats(args.players, "detect: --players")
    hour: dict[str, Any] = {"hands_per_hour": to_fraction(args.hands_per_hour, "--hands-per-hour"),
                            "average_ante": to_fraction(args.average_ante, "--average-ante"), "players": args.players}
    for name in ("hands_per_hour", "average_ante"):
        if hour[name] <= 0:
            raise UsageError(f"detect: --{name.replace('_', '-')} {getattr(args, name)}: expected a positive number")
    return hour


def check_detect(args: argparse.Namespace) -> None:
    """Before any work: the rules, the error rates, the flash rates, the table-hour."""
    rules_from(args)
    _error_columns(args)
    for x in args.flash_rate:
        protection.check_rate(x)
    _hour(args)


def run_detect(args: argparse.Namespace, progress: ProgressFn) -> str:
    rules = rules_from(args)
    columns = _error_columns(args)
    hour = _hour(args)
    flash = [protection.check_rate(x) for x in args.flash_rate]
    game = solve(rules=rules, progress=progress)
    named = protection.leaks(rules, args.flash_rate, game=game, progress=progress)
    if args.by == "tells":
        rows = protection.detection_table(named, game, columns[:1], ("raise",), progress=progress, **hour)
        by_name = {x.name: x.detections[0] for x in rows}
        return render_protection.tells(tells.tells_table(rules, flash, progress), [b for _, b in columns], rules,
                                       args.format, by_name)
    statistics = {"raise-rate": ("raise",), "win-rate": ("win",)}.get(args.by or "", protection.STATISTICS)
    shares = dict(tells.tells_table(rules, flash, progress)) if args.by is None else None
    rows = protection.detection_table(named, game, columns, statistics, progress=progress, tells=shares, **hour)
    return render_protection.detection(rows, args.format)
