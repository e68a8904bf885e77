"""caribbean-exact: the exact odds engine for Caribbean Stud Poker.

>>> import caribbean_exact as ce
>>> ce.ev("As Kd 7h 4c 2s", "Qh").decision
'fold'
"""

from .cards import Card, format_cards, parse_cards
from .errors import CaribbeanError, CoreError, InvalidCards, InvalidRules
from .game import GameReport, solve
from .odds import Counts, Decision, ev
from .rules import CATEGORIES, Nets, Paytable, Qualifier, Rules, builtin_paytables, get_paytable

__all__ = [
    "CATEGORIES", "Card", "CaribbeanError", "CoreError", "Counts", "Decision", "GameReport", "InvalidCards",
    "InvalidRules", "Nets", "Paytable", "Qualifier", "Rules", "builtin_paytables", "ev",
    "format_cards", "get_paytable", "parse_cards", "solve",
]
__version__ = "0.1.0"
