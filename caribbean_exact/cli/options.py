"""Options shared by several commands, each defined once: rules, output, sampling."""

from __future__ import annotations

import argparse

from ..errors import InvalidRules, UsageError
from ..model.rules import DEFAULT_RAISE_ANTES, MAX_RAISE_ANTES, Paytable, Rules, load_paytables_file, to_fraction
from .modes import Needs, Option, check_needs


def integer(text: str) -> int:
    """A whole-number option (``type=integer``), read as every number is (``rules.to_fraction``):
    "250000", "250,000", "2.5e5"; not "\u0663" nor "1.5". argparse names it "int" in its message."""
    value = to_fraction(text, "a whole number")
    if value.denominator != 1:
        raise ValueError(text)
    return int(value)


integer.__name__ = "int"  # argparse: "invalid int value: '1.5'", as before


def natural(text: str) -> int:
    """A count or a seed (``type=natural``): a whole number 0 or more, read as ``integer`` reads."""
    value = integer(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number 0 or more, not {text!r}"[:80])
    return value


natural.__name__ = "int"


def thread_count(text: str) -> int:
    """--threads: a whole number 1 to the core's limit (64), read as ``integer`` reads."""
    from ..model.checks import check_threads  # noqa: PLC0415 (the counting commands only: start-up)

    value = integer(text)
    try:
        check_threads(value)
    except InvalidRules:
        raise argparse.ArgumentTypeError(f"expected 1 to 64 threads, not {text!r}"[:80]) from None
    return value


thread_count.__name__ = "int"

ANTE_HELP = "the ante in money; with --max-payout it sets where the cap bites"


def add_rules(p: argparse.ArgumentParser, *, paytable: bool = True, ante: bool = True, cap: bool = True,
              ante_default: str | None = None, cap_default: str | None = None, ante_help: str = "") -> None:
    """--paytable, --paytables, --qualifier, --raise, and (unless turned off) --ante and --max-payout."""
    if paytable:
        p.add_argument("--paytable", default=None,
                       help="built-in name (see 'paytables') or ten pays, royal first: 100,50,20,7,5,4,3,2,1,1")
    p.add_argument("--paytables", metavar="FILE", default=None, help="TOML file with more pay tables")
    p.add_argument("--qualifier", default=None,
                   help="dealer's minimum hand: AK (default), pair, 44, AKJ83, none, ...")
    p.add_argument("--raise", dest="raise_antes", type=integer, default=DEFAULT_RAISE_ANTES, metavar="N",
                   help=f"the raise, in antes, 1 to {MAX_RAISE_ANTES} (default {DEFAULT_RAISE_ANTES})")
    if ante:
        text = ante_help or ANTE_HELP
        p.add_argument("--ante", default=ante_default,
                       help=f"{text} (default {ante_default})" if ante_default else text)
    if cap:
        p.add_argument("--max-payout", default=cap_default,
                       help=f"cap on the win of one bet (default {cap_default})" if cap_default
                       else "cap on the win of one bet, e.g. 5000")


def add_output(p: argparse.ArgumentParser, formatted: bool = True) -> None:
    """--format (where the command prints a result) and --quiet: every command has them."""
    if formatted:
        p.add_argument("--format", default="simple", type=str.lower,
                       help="json, csv or any tabulate format (simple, github, ...; any case)")
    p.add_argument("--quiet", action="store_true", help="no progress (nor notes of files written) on stderr")


def add_buy_fee(p: argparse.ArgumentParser, what: str) -> None:
    """``--buy-fee FEE`` (a sixth card for sale; the player plays the best five of six): ``what`` says
    what the command does with it."""
    p.add_argument("--buy-fee", default=None, metavar="FEE",
                   help=f"a sixth card for sale at FEE antes (Oasis 'Nicaragua' tables; the player plays the best "
                        f"five of six): {what}")


def add_sampling(p: argparse.ArgumentParser, what: str, optional: bool = False, *, deals: int | None = None,
                 seed: int | None = None) -> None:
    """--deals and --seed of a sampled figure (``optional``: None unless given, for commands where
    only some modes sample; ``deals``, ``seed``: the defaults the command uses when they are not the
    sampler's, so that the help states the real ones)."""
    from ..play.sampling import DEFAULT_DEALS, DEFAULT_SEED  # noqa: PLC0415 (the sampling commands only: start-up)

    shown_deals = DEFAULT_DEALS if deals is None else deals
    shown_seed = DEFAULT_SEED if seed is None else seed
    p.add_argument("--deals", type=natural, default=None if optional else shown_deals,
                   help=" ".join(("deals to sample", what, f"(default {shown_deals})")).replace("  ", " "))
    p.add_argument("--seed", type=natural, default=None if optional else shown_seed,
                   help=f"seed of the sample: the same seed gives the same figures (default {shown_seed})")


def add_threads(p: argparse.ArgumentParser) -> None:
    """--threads: how many threads count (default: the machine's cores)."""
    p.add_argument("--threads", type=thread_count, default=None,
                   help="threads that count, 1 to 64 (default: the machine's cores)")


def extra_paytables(args: argparse.Namespace) -> dict[str, Paytable] | None:
    """The tables of --paytables FILE, if given."""
    path = getattr(args, "paytables", None)
    return load_paytables_file(path) if path else None


#: --ante sets where a cap bites: without --max-payout it changes no figure of a command whose
#: figures are per ante.
ANTE_NEEDS = (Needs((Option("ante", "--ante"),), "--max-payout", lambda a: getattr(a, "max_payout", None) is not None),)
#: A cap is in money: where the command has --ante, --max-payout needs it (a command without --ante,
#: such as report, sets the ante another way).
CAP_NEEDS = (Needs((Option("max_payout", "--max-payout"),),
                   "--ante (the cap is in money; the ante sets where it bites)",
                   lambda a: getattr(a, "ante", "") is not None),)


def rules_from(args: argparse.Namespace, ante_alone: bool = False, name: str = "") -> Rules:
    """The rules the options describe, validated. An --ante without --max-payout changes no
    figure of most commands (they are per ante): an error unless ``ante_alone``. ``name``: the
    words an error begins with (default: the command's name)."""
    if not ante_alone:
        check_needs(name or args.command, args, ANTE_NEEDS, "the figures are per ante")
    check_needs(name or args.command, args, CAP_NEEDS)
    return Rules.make(getattr(args, "paytable", None), args.qualifier, getattr(args, "ante", None),
                      getattr(args, "max_payout", None), extra_paytables(args),
                      raise_antes=raise_antes_from(args))


def raise_antes_from(args: argparse.Namespace) -> int:
    """The raise size of --raise (the standard game's when the command has no --raise)."""
    n = getattr(args, "raise_antes", DEFAULT_RAISE_ANTES)
    if not 1 <= n <= MAX_RAISE_ANTES:
        raise UsageError(f"{args.command}: --raise {n}: expected a whole number of antes, 1 to {MAX_RAISE_ANTES}")
    return int(n)
