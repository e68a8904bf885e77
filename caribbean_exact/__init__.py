"""caribbean-exact: the exact odds engine for Caribbean Stud Poker.

>>> import caribbean_exact as ce
>>> ce.ev("As Kd 7h 4c 2s", "Qh").decision
'fold'

One hand: ``ev``, ``ev_many``, ``ev_ranks``. The whole game: ``solve``, ``solve_known``,
``solve_seen_card``, ``solve_seen_cards``, ``solve_all_seen``, ``sample``; with a leak:
``solve_sorted_ranks`` (edge sorting), ``solve_seen_class`` (one hole card's class seen: ``seen_class``),
``solve_burn_card``; any game its ``Rules`` name (a draw: ``Draw``; a leak: ``Information``):
``solve_game``, giving a ``WholeGame``. Strategies: ``evaluate``, ``compare_strategies``,
``build_chart``, ``seen_card_strategy``, ``seen_set_strategy``, ``parse_rule_file``. The house side:
``compare``, ``cap_study``, ``progressive``, ``bonus``, ``combined``. Game protection: ``flash_cost``,
``hands_to_detect``. Any result as JSON-ready data: ``as_dict``, ``to_json``.

The rules come as a ``Rules`` (``rules=``; None is the standard game) or, where a function takes
them, as their parts (``paytable``, ``qualifier``, ``ante``, ``max_payout``). Results are frozen
dataclasses of exact ``Fraction`` values and integers. Bad input raises ``InvalidCards`` or
``InvalidRules``, both ``ValueError`` (and ``CaribbeanError``). A long computation takes
``progress``, a callback ``progress(label, done, total)``.
"""

import importlib as _importlib
import importlib.util as _util
import os as _os
import sys as _sys

if _sys.argv[:1] == ["-m"]:  # python -m caribbean_exact: a Ctrl-C while the package loads exits 130 too
    try:
        from _caribbean_exact_entry import guard as _guard
    except ImportError:  # the source tree without an install: the check below says what to do
        pass
    else:
        _guard()

from ._version import __version__

if _util.find_spec(f"{__name__}._core") is None:  # the compiled core is not beside this package
    _WHY = (f"caribbean-exact: the compiled core (caribbean_exact._core) is not built in {_os.path.dirname(__file__)}: "
            "run from another folder (this one is the source tree, which hides the installed package), "
            "or build it here with: pip install -e .")
    if _sys.argv[:1] == ["-m"] or _os.path.basename(_sys.argv[0] if _sys.argv else "") == "caribbean-exact":
        print(_WHY, file=_sys.stderr)  # the command line: one line, exit 2, no traceback
        raise SystemExit(2)
    raise ImportError(_WHY)

from .errors import CaribbeanError, CoreError, InvalidCards, InvalidRules, InvalidType, UsageError

#: Each public name and the module that holds it: imported on first use, so that importing one
#: module (or the command line) loads only what it needs.
_HOME = {
    "BonusReport": "house.sidebets",
    "CATEGORIES": "model.hands",
    "CapStudy": "house.bet_cap",
    "Card": "model.cards",
    "Chart": "strategy.chart",
    "as_dict": "render.json_data",
    "to_json": "render.json_data",
    "CombinedReport": "house.sidebets",
    "CompareRow": "house.paytables",
    "Counts": "engine.counts",
    "DealTotals": "engine.counts",
    "Decision": "play.odds",
    "Detection": "house.protection",
    "FlashCost": "house.protection",
    "GameReport": "play.game",
    "Nets": "model.rules",
    "Paytable": "model.rules",
    "ProgressiveReport": "house.sidebets",
    "Qualifier": "model.rules",
    "RankQuery": "play.odds",
    "Rules": "model.rules",
    "SampledReport": "play.sampling",
    "MatchRule": "strategy.seen_chart",
    "SeenCardGame": "play.known_cards",
    "SeenCardsGame": "play.known_cards",
    "SortedRanksGame": "play.edge_sorting",
    "SortedSeenGame": "play.edge_sorting",
    "SeenCellRule": "strategy.seen_chart",
    "SeenCardStrategy": "strategy.seen_chart",
    "SeenSetCellRule": "strategy.seen_set_chart",
    "SeenSetStrategy": "strategy.seen_set_chart",
    "SetMatchRule": "strategy.seen_set_chart",
    "Situation": "strategy.strategies",
    "Strategy": "strategy.strategies",
    "StrategyResult": "strategy.strategies",
    "bonus": "house.sidebets",
    "build_chart": "strategy.chart",
    "builtin_paytables": "model.rules",
    "cap_study": "house.bet_cap",
    "combined": "house.sidebets",
    "compare": "house.paytables",
    "compare_strategies": "strategy.strategies",
    "ev": "play.odds",
    "flash_cost": "house.protection",
    "hands_to_detect": "house.protection",
    "ev_many": "play.odds",
    "ev_ranks": "play.odds",
    "evaluate": "strategy.strategies",
    "format_cards": "model.cards",
    "get_paytable": "model.rules",
    "load_rule_file": "strategy.rule_file",
    "parse_cards": "model.cards",
    "parse_rule_file": "strategy.rule_file",
    "progressive": "house.sidebets",
    "sample": "play.sampling",
    "solve": "play.game",
    "solve_all_seen": "play.known_cards",
    "solve_known": "play.known_cards",
    "seen_card_strategy": "strategy.seen_chart",
    "seen_set_strategy": "strategy.seen_set_chart",
    "solve_seen_card": "play.known_cards",
    "solve_seen_cards": "play.known_cards",
    "solve_sorted_ranks": "play.edge_sorting",
    "LeakCell": "play.known_cards",
    "LeakChart": "play.known_cards",
    "LeakGame": "play.known_cards",
    "seen_class": "play.known_cards",
    "solve_burn_card": "play.known_cards",
    "solve_seen_class": "play.known_cards",
    "Draw": "model.draw",
    "SwitchFees": "model.draw",
    "Information": "model.information",
    "WholeGame": "play.whole_game",
    "solve_game": "play.whole_game",
    "switch_ev": "play.switching",
    "SwitchAnalysis": "play.switching",
    "SwitchOption": "play.switching",
    "solve_switch_game": "play.switch_game",
    "sample_switch_game": "play.switch_game",
    "solve_one_card_game": "play.switch_game",
    "prove_switch_sizes": "play.switch_game",
    "SwitchGame": "play.switch_game",
    "SwitchSample": "play.switch_game",
    "OneCardGame": "play.switch_game",
    "SwitchProof": "play.switch_game",
}

TYPE_CHECKING = False  # not typing's: the command line starts without typing (issue #24)
if TYPE_CHECKING:  # the names as the type checker sees them
    from .engine.counts import Counts, DealTotals
    from .house.bet_cap import CapStudy, cap_study
    from .house.paytables import CompareRow, compare
    from .house.protection import Detection, FlashCost, flash_cost, hands_to_detect
    from .house.sidebets import BonusReport, CombinedReport, ProgressiveReport, bonus, combined, progressive
    from .model.cards import Card, format_cards, parse_cards
    from .model.draw import Draw, SwitchFees
    from .model.hands import CATEGORIES
    from .model.information import Information
    from .model.rules import Nets, Paytable, Qualifier, Rules, builtin_paytables, get_paytable
    from .play.edge_sorting import SortedRanksGame, SortedSeenGame, solve_sorted_ranks
    from .play.game import GameReport, solve
    from .play.known_cards import (
        LeakCell,
        LeakChart,
        LeakGame,
        SeenCardGame,
        SeenCardsGame,
        seen_class,
        solve_all_seen,
        solve_burn_card,
        solve_known,
        solve_seen_card,
        solve_seen_cards,
        solve_seen_class,
    )
    from .play.odds import Decision, RankQuery, ev, ev_many, ev_ranks
    from .play.sampling import SampledReport, sample
    from .play.switch_game import (
        OneCardGame,
        SwitchGame,
        SwitchProof,
        SwitchSample,
        prove_switch_sizes,
        sample_switch_game,
        solve_one_card_game,
        solve_switch_game,
    )
    from .play.switching import SwitchAnalysis, SwitchOption, switch_ev
    from .play.whole_game import WholeGame, solve_game
    from .render.json_data import as_dict, to_json
    from .strategy.chart import Chart, build_chart
    from .strategy.rule_file import load_rule_file, parse_rule_file
    from .strategy.seen_chart import MatchRule, SeenCardStrategy, SeenCellRule, seen_card_strategy
    from .strategy.seen_set_chart import SeenSetCellRule, SeenSetStrategy, SetMatchRule, seen_set_strategy
    from .strategy.strategies import Situation, Strategy, StrategyResult, compare_strategies, evaluate
del TYPE_CHECKING


__all__ = [
    "CATEGORIES",
    "BonusReport",
    "CapStudy",
    "Card",
    "CaribbeanError",
    "Chart",
    "CombinedReport",
    "CompareRow",
    "CoreError",
    "Counts",
    "DealTotals",
    "Decision",
    "Detection",
    "Draw",
    "FlashCost",
    "GameReport",
    "Information",
    "InvalidCards",
    "InvalidRules",
    "InvalidType",
    "LeakCell",
    "LeakChart",
    "LeakGame",
    "MatchRule",
    "Nets",
    "OneCardGame",
    "Paytable",
    "ProgressiveReport",
    "Qualifier",
    "RankQuery",
    "Rules",
    "SampledReport",
    "SeenCardGame",
    "SeenCardStrategy",
    "SeenCardsGame",
    "SeenCellRule",
    "SeenSetCellRule",
    "SeenSetStrategy",
    "SetMatchRule",
    "Situation",
    "SortedRanksGame",
    "SortedSeenGame",
    "Strategy",
    "StrategyResult",
    "SwitchAnalysis",
    "SwitchFees",
    "SwitchGame",
    "SwitchOption",
    "SwitchProof",
    "SwitchSample",
    "UsageError",
    "WholeGame",
    "__version__",
    "as_dict",
    "bonus",
    "build_chart",
    "builtin_paytables",
    "cap_study",
    "combined",
    "compare",
    "compare_strategies",
    "ev",
    "ev_many",
    "ev_ranks",
    "evaluate",
    "flash_cost",
    "format_cards",
    "get_paytable",
    "hands_to_detect",
    "load_rule_file",
    "parse_cards",
    "parse_rule_file",
    "progressive",
    "prove_switch_sizes",
    "sample",
    "sample_switch_game",
    "seen_card_strategy",
    "seen_class",
    "seen_set_strategy",
    "solve",
    "solve_all_seen",
    "solve_burn_card",
    "solve_game",
    "solve_known",
    "solve_one_card_game",
    "solve_seen_card",
    "solve_seen_cards",
    "solve_seen_class",
    "solve_sorted_ranks",
    "solve_switch_game",
    "switch_ev",
    "to_json",
]


#: Names this package had before (0.1), kept working: each is the public name it became. They are not
#: in ``__all__``: "rules" means the game's ``Rules`` only (docs/architecture.md).
_RENAMED = {"SeenRules": "SeenCardStrategy", "seen_card_rules": "seen_card_strategy"}


def __getattr__(name: str) -> object:
    if name in _RENAMED:
        return __getattr__(_RENAMED[name])
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names only: no imported helpers, no submodules."""
    return sorted(__all__)
