"""caribbean-exact: the exact odds engine for Caribbean Stud Poker.

>>> import caribbean_exact as ce
>>> ce.ev("As Kd 7h 4c 2s", "Qh").decision
'fold'
"""

import importlib as _importlib
import importlib.util as _util
import os as _os
import sys as _sys
from typing import TYPE_CHECKING

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

from .errors import CaribbeanError, CoreError, InvalidCards, InvalidRules, UsageError

#: Each public name and the module that holds it: imported on first use, so that importing one
#: module (or the command line) loads only what it needs.
_HOME = {
    "BonusReport": "sidebets",
    "CATEGORIES": "hands",
    "CapStudy": "bet_cap",
    "Card": "cards",
    "Chart": "chart",
    "CombinedReport": "sidebets",
    "CompareRow": "paytables",
    "Counts": "counts",
    "DealTotals": "counts",
    "Decision": "odds",
    "GameReport": "game",
    "Nets": "rules",
    "Paytable": "rules",
    "ProgressiveReport": "sidebets",
    "Qualifier": "rules",
    "RankQuery": "odds",
    "Rules": "rules",
    "SampledReport": "sampling",
    "MatchRule": "seen_rules",
    "SeenCardGame": "known_cards",
    "SeenCardsGame": "known_cards",
    "SeenCellRule": "seen_rules",
    "SeenRules": "seen_rules",
    "Situation": "strategy",
    "Strategy": "strategy",
    "StrategyResult": "strategy",
    "bonus": "sidebets",
    "build_chart": "chart",
    "builtin_paytables": "rules",
    "cap_study": "bet_cap",
    "combined": "sidebets",
    "compare": "paytables",
    "compare_strategies": "strategy",
    "ev": "odds",
    "ev_many": "odds",
    "ev_ranks": "odds",
    "evaluate": "strategy",
    "format_cards": "cards",
    "get_paytable": "rules",
    "load_rule_file": "strategy_rules",
    "parse_cards": "cards",
    "parse_rule_file": "strategy_rules",
    "progressive": "sidebets",
    "sample": "sampling",
    "solve": "game",
    "solve_all_seen": "known_cards",
    "solve_known": "known_cards",
    "seen_card_rules": "seen_rules",
    "solve_seen_card": "known_cards",
    "solve_seen_cards": "known_cards",
}

if TYPE_CHECKING:  # the names as the type checker sees them
    from .bet_cap import CapStudy, cap_study
    from .cards import Card, format_cards, parse_cards
    from .chart import Chart, build_chart
    from .counts import Counts, DealTotals
    from .game import GameReport, solve
    from .hands import CATEGORIES
    from .known_cards import SeenCardGame, SeenCardsGame, solve_all_seen, solve_known, solve_seen_card, solve_seen_cards
    from .odds import Decision, RankQuery, ev, ev_many, ev_ranks
    from .paytables import CompareRow, compare
    from .rules import Nets, Paytable, Qualifier, Rules, builtin_paytables, get_paytable
    from .sampling import SampledReport, sample
    from .seen_rules import MatchRule, SeenCellRule, SeenRules, seen_card_rules
    from .sidebets import BonusReport, CombinedReport, ProgressiveReport, bonus, combined, progressive
    from .strategy import Situation, Strategy, StrategyResult, compare_strategies, evaluate
    from .strategy_rules import load_rule_file, parse_rule_file


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
    "GameReport",
    "InvalidCards",
    "InvalidRules",
    "MatchRule",
    "Nets",
    "Paytable",
    "ProgressiveReport",
    "Qualifier",
    "RankQuery",
    "Rules",
    "SampledReport",
    "SeenCardGame",
    "SeenCardsGame",
    "SeenCellRule",
    "SeenRules",
    "Situation",
    "Strategy",
    "StrategyResult",
    "UsageError",
    "__version__",
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
    "format_cards",
    "get_paytable",
    "load_rule_file",
    "parse_cards",
    "parse_rule_file",
    "progressive",
    "sample",
    "seen_card_rules",
    "solve",
    "solve_all_seen",
    "solve_known",
    "solve_seen_card",
    "solve_seen_cards",
]


def __getattr__(name: str) -> object:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(_importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
