"""Every command of ``caribbean-exact``, in the order ``--help`` lists them (``COMMANDS``), by family.

A command is a name, a help line and the module of this package that holds its two functions:
``setup_NAME(parser)`` adding its own options (shared ones come from ``cli.options``), and
``run_NAME(args, progress) -> text``, and where the command has one ``check_NAME(args)``, which
``main.parse`` runs before ``run_NAME`` (every refusal of options that change nothing or cannot go
together, before any work). ``run_NAME`` calls the library, hands ``progress`` to long work and
renders the result with ``render``. The modules follow the library's families: ``play`` (ev,
solve), ``strategy`` (chart, strategies, simplify, card), ``practice`` (train, score, serve, page),
``house`` (pay tables, side bets, report, tables) and ``protection`` (collusion, detect); what
they share is in ``common``. A command's module is imported only when the command runs (start-up,
issue #24). A new command: its two functions in its family's module, and one entry here.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

TYPE_CHECKING = False  # not typing's: the command line starts without typing (issue #24)
if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    from ...progress import ProgressFn


@dataclass(frozen=True)
class Command:
    """One command: its name, help line, the module of its functions and whether --format applies."""
    name: str
    help: str
    #: The module of this package holding ``setup_<name>`` and ``run_<name>``.
    module: str
    #: Whether --format applies (tables, page and card write files of fixed formats and print a
    #: sentence: they have no --format).
    formatted: bool = True

    def _function(self, kind: str) -> Callable[..., object]:
        module = importlib.import_module(f"{__name__}.{self.module}")
        f: Callable[..., object] = getattr(module, f"{kind}_{self.name.replace('-', '_')}")
        return f

    @property
    def setup(self) -> Callable[[argparse.ArgumentParser], None]:
        """Adds the command's own options to its parser."""
        return self._function("setup")  # type: ignore[return-value]

    @property
    def check(self) -> Callable[[argparse.Namespace], object] | None:
        """Checks the arguments before any work (``check_<name>``: every option given that would
        change nothing, or conflicts with another, refused in one line), if the command has one."""
        module = importlib.import_module(f"{__name__}.{self.module}")
        f: Callable[[argparse.Namespace], object] | None = getattr(module, f"check_{self.name.replace('-', '_')}",
                                                                    None)
        return f

    @property
    def run(self) -> Callable[[argparse.Namespace, ProgressFn], str]:
        """Runs the command: its text output."""
        return self._function("run")  # type: ignore[return-value]


COMMANDS: tuple[Command, ...] = (
    Command("ev", "exact EV of raising and folding one hand", "play"),
    Command("solve", "the whole game under optimal play: house edge, return table", "play"),
    Command("chart", "the optimal strategy as a printed chart", "strategy"),
    Command("strategies", "exact cost of simple strategies versus optimal play", "strategy"),
    Command("simplify", "the simplest strategies, 1, 2, 3, ... rule lines, each with its exact cost",
            "strategy"),
    Command("card", "a printable strategy card (PDF, SVG or PNG): rules, a simple strategy, its exact cost",
            "strategy", formatted=False),
    Command("train", "practise: deals hands, asks raise or fold, says what a mistake costs exactly", "practice"),
    Command("score", "score a hand history (CSV hand,up,action): the best action and exact cost of each hand",
            "practice"),
    Command("serve", "the player's page on a local web server: tap the cards, read raise or fold; the trainer too",
            "practice", formatted=False),
    Command("page", "the player's page as a folder for a phone: works offline, from any static host or the folder",
            "practice", formatted=False),
    Command("paytables", "list the known pay tables (built-in and --paytables FILE)", "house"),
    Command("compare", "pay tables side by side: house edge, element of risk, strategy, ...", "house"),
    Command("cap", "house edge by ante size under a cap per bet (strategy re-solved)", "house"),
    Command("progressive", "the $1 progressive jackpot: exact odds, return by meter, break-even meter",
            "house"),
    Command("bonus", "the 5+1 Bonus side bet: exact six-card frequencies, return table, RTP", "house"),
    Command("combined", "expected loss per round and per hour: ante game plus a side bet", "house"),
    Command("report", "a math report for table-game managers: volatility, N hands, table-hour, side bets",
            "house"),
    Command("tables", "rebuild the generated strategy charts and reports in tables/", "house",
            formatted=False),
    Command("collusion", "sampled house edge when players share their hands", "protection"),
    Command("detect", "hands surveillance needs to tell a leak's player (seen hole cards, a flash rate) from an "
            "optimal one", "protection"),
)
