"""caribbean-exact: the exact odds engine for Caribbean Stud Poker.

>>> import caribbean_exact as ce
>>> ce.ev("As Kd 7h 4c 2s", "Qh").decision
'fold'
"""

import importlib.util as _util
import os as _os
import sys as _sys

from ._version import __version__

if _util.find_spec(f"{__name__}._core") is None:  # the compiled core is not beside this package
    _WHY = (f"caribbean-exact: the compiled core (caribbean_exact._core) is not built in {_os.path.dirname(__file__)}: "
            "run from another folder (this one is the source tree, which hides the installed package), "
            "or build it here with: pip install -e .")
    if _sys.argv[:1] == ["-m"] or _os.path.basename(_sys.argv[0] if _sys.argv else "") == "caribbean-exact":
        print(_WHY, file=_sys.stderr)  # the command line: one line, exit 2, no traceback
        raise SystemExit(2)
    raise ImportError(_WHY)

from .bet_cap import CapStudy, cap_study
from .cards import Card, format_cards, parse_cards
from .chart import Chart, build_chart
from .counts import Counts, DealTotals
from .errors import CaribbeanError, CoreError, InvalidCards, InvalidRules, UsageError
from .game import GameReport, solve
from .hands import CATEGORIES
from .known_cards import SeenCardGame, SeenCardsGame, solve_all_seen, solve_known, solve_seen_card, solve_seen_cards
from .odds import Decision, RankQuery, ev, ev_many, ev_ranks
from .paytables import CompareRow, compare
from .rules import Nets, Paytable, Qualifier, Rules, builtin_paytables, get_paytable
from .sampling import SampledReport, sample
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
    "Nets",
    "Paytable",
    "ProgressiveReport",
    "Qualifier",
    "RankQuery",
    "Rules",
    "SampledReport",
    "SeenCardGame",
    "SeenCardsGame",
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
    "solve",
    "solve_all_seen",
    "solve_known",
    "solve_seen_card",
    "solve_seen_cards",
]
