"""Any result as JSON-ready data: the same field names as the command line's ``--format json``.

``as_dict(result)`` gives plain dicts, lists, strings, integers and booleans (exact fractions as
strings like ``"-12773/10879"``, integers as integers), so that ``json.dumps`` takes it as it is:

>>> import json
>>> import caribbean_exact as ce
>>> d = ce.as_dict(ce.ev("As Kd 7h 4c 2s", "Qh"))
>>> d["decision"], d["ev_raise"], d["total"]
('fold', '-12773/10879', 163185)
>>> json.loads(ce.to_json(ce.solve()))["house_edge"]
'142031221/2718662100'

A result that the command line prints as JSON is converted by the same function the command uses,
and names its schema (``"schema"``, as the command's output does); any other dataclass of the
library field by field (``Fraction`` -> string, ``Card`` -> text).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from ..errors import InvalidRules, InvalidType
from ..model.cards import Card
from ..model.rules import Paytable, Qualifier
from .json_schema import stamped

__all__ = ["as_dict", "to_json"]

_P = "caribbean_exact"
#: Each result type (module, class): the function (module, name) the command line's JSON uses for
#: it, and the command whose document it is (None: a part of a document, converted without a
#: schema); imported on first use, so that converting one decision loads neither numpy nor the
#: report's modules.
_CONVERTERS: dict[tuple[str, str], tuple[str, str, str | None]] = {
    (f"{_P}.play.odds", "Decision"): (".play.game", "decision_json", "ev"),
    (f"{_P}.play.odds", "RankQuery"): (".play.game", "rank_query_json", "ev"),
    (f"{_P}.play.switching", "SwitchAnalysis"): (".play.switching", "switch_json", "ev"),
    (f"{_P}.play.game", "GameReport"): (".play.game", "report_json", "solve"),
    (f"{_P}.play.sampling", "SampledReport"): (".play.known_cards", "sampled_json", "solve"),
    (f"{_P}.play.edge_sorting", "SortedRanksGame"): (".play.edge_sorting", "sorted_game_json", "solve"),
    (f"{_P}.play.edge_sorting", "SortedSeenGame"): (".play.edge_sorting", "sorted_seen_game_json", "solve"),
    (f"{_P}.play.known_cards", "SeenCardGame"): (".play.known_cards", "seen_game_doc", "solve"),
    (f"{_P}.play.known_cards", "SeenCardsGame"): (".play.known_cards", "seen_game_doc", "solve"),
    (f"{_P}.play.known_cards", "LeakGame"): (".play.leaks", "leak_game_doc", "solve"),
    (f"{_P}.play.switch_game", "SwitchGame"): (".play.switching", "switch_game_json", "solve"),
    (f"{_P}.play.switch_game", "SwitchSample"): (".play.switching", "switch_sample_json", "solve"),
    (f"{_P}.play.sixth_game", "SixthCardGame"): (".play.sixth", "sixth_game_json", "solve"),
    (f"{_P}.play.sixth_game", "SwitchOrBuyGame"): (".play.sixth", "switch_or_buy_json", "solve"),
    (f"{_P}.house.protection", "FlashCost"): (".house.protection", "flash_doc", "solve"),
    (f"{_P}.play.scoring", "ScoreReport"): (".play.scoring", "score_doc", "score"),
    (f"{_P}.play.trainer", "HistorySummary"): (".play.trainer", "history_summary_doc", "train"),
    (f"{_P}.strategy.chart", "Chart"): (".strategy.chart", "chart_json", "chart"),
    (f"{_P}.strategy.strategies", "StrategyResult"): (".strategy.chart", "strategy_json", None),
    (f"{_P}.strategy.simplify", "Frontier"): (".strategy.simplify", "frontier_json", "simplify"),
    (f"{_P}.strategy.simplify", "FrontierPoint"): (".strategy.simplify", "point_json", None),
    (f"{_P}.strategy.seen_chart", "SeenCardStrategy"): (".play.known_cards", "seen_rules_json", None),
    (f"{_P}.house.paytables", "CompareRow"): (".house.paytables", "compare_row_json", None),
    (f"{_P}.house.bet_cap", "CapStudy"): (".house.paytables", "cap_json", "cap"),
    (f"{_P}.house.bet_cap", "CapRow"): (".house.paytables", "cap_row_json", None),
    (f"{_P}.house.sidebets", "ProgressiveReport"): (".house.sidebets", "progressive_json", "progressive"),
    (f"{_P}.house.sidebets", "BonusReport"): (".house.sidebets", "bonus_json", "bonus"),
    (f"{_P}.house.sidebets", "CombinedReport"): (".house.sidebets", "combined_json", "combined"),
    (f"{_P}.house.math_report", "MathReport"): (".house.math_report", "report_doc", "report"),
    (f"{_P}.house.volatility", "NHands"): (".house.math_report", "n_hands_json", None),
    (f"{_P}.house.protection", "Detection"): (".house.protection", "detection_json", None),
    (f"{_P}.model.rules", "Rules"): (".text", "rules_json", None),
}
#: A list of these results is one command's document (``ce.compare(...)``'s rows are compare's):
#: the result type (module, class) and the function (module, name) and command of the list.
_LIST_CONVERTERS: dict[tuple[str, str], tuple[str, str, str]] = {
    (f"{_P}.house.paytables", "CompareRow"): (".house.paytables", "compare_doc", "compare"),
    (f"{_P}.strategy.strategies", "StrategyResult"): (".strategy.chart", "strategies_doc", "strategies"),
    (f"{_P}.house.protection", "LeakDetection"): (".house.protection", "detection_doc", "detect"),
}


def _key(cls: type) -> tuple[str, str]:
    return cls.__module__, cls.__qualname__


def _converter(obj: object) -> tuple[Callable[[Any], Any], str | None] | None:
    for cls in type(obj).__mro__:
        where = _CONVERTERS.get(_key(cls))
        if where is not None:
            return getattr(importlib.import_module(where[0], __package__), where[1]), where[2]
    return None


def _document(obj: object) -> tuple[Any, str] | None:
    """A result a command prints (or a list of results one command prints as one document) as
    that command's data, and the command; None for anything else."""
    if isinstance(obj, list | tuple) and obj:
        kinds = {_key(type(x)) for x in obj}
        where = _LIST_CONVERTERS.get(next(iter(kinds))) if len(kinds) == 1 else None
        if where is not None:
            return getattr(importlib.import_module(where[0], __package__), where[1])(obj), where[2]
        return None
    found = _converter(obj)
    if found is None or found[1] is None:
        return None
    command = found[1]
    if command == "solve" and getattr(obj, "players", 1) > 1:  # a sample of seats sharing hands: collusion's
        command = "collusion"
    return found[0](obj), command


def as_dict(obj: object) -> Any:
    """A result as JSON-ready data, with the field names of the command line's JSON.

    ``obj``: any result of the library (a ``GameReport``, ``Decision``, ...), or a list, tuple or
    dict of results. Returns dicts, lists, strings, integers and booleans (exact fractions as
    strings "a/b"). Raises ``InvalidType`` (a ``TypeError``) for a value with no JSON form (raw
    bytes, an object of no known kind), ``InvalidRules`` (a ``ValueError``) for one nested too
    deeply.

    A result that a command prints (a ``Decision``, ``GameReport``, ``ce.compare``'s rows, ...)
    begins with ``"schema"``, as the command's JSON does (``render.json_schema``); its parts (one
    ``CompareRow``, ``Rules``, ...) have none.

    >>> import caribbean_exact as ce
    >>> as_dict(ce.get_paytable("standard"))["pays"][:3]
    ['100', '50', '20']
    >>> as_dict(ce.ev("As Kd 7h 4c 2s", "Qh"))["schema"]
    {'id': 'urn:caribbean-exact:ev', 'version': 1}
    """
    found = _document(obj)
    if found is not None:
        return stamped(found[1], found[0])
    return _plain(obj, 0)


def to_json(obj: object, indent: int | None = 2) -> str:
    """``as_dict(obj)`` as JSON text.

    - ``obj``: what ``as_dict`` takes.
    - ``indent``: spaces per nesting level (default 2; None: all on one line).

    Returns the JSON text (non-ASCII characters kept as they are). Raises as ``as_dict`` does.

    >>> import caribbean_exact as ce
    >>> to_json({"cards": ce.parse_cards("As Kd")}, indent=None)
    '{"cards": ["As", "Kd"]}'
    """
    return json.dumps(as_dict(obj), indent=indent, ensure_ascii=False)


def _plain(obj: object, depth: int) -> Any:
    if depth > 50:
        raise InvalidRules("as_dict: the value is nested too deeply")
    found = _converter(obj)
    if found is not None:
        return found[0](obj)
    if obj is None or isinstance(obj, bool | int | str):
        return obj
    if isinstance(obj, Fraction):
        return str(obj)
    if isinstance(obj, float):
        return obj
    if isinstance(obj, Card):
        return str(obj)
    if isinstance(obj, Paytable):
        return {"name": obj.name, "pays": [str(p) for p in obj.pays]}
    if isinstance(obj, Qualifier):
        return {"label": obj.label, "value": obj.value}
    if isinstance(obj, bytes):
        raise InvalidType("as_dict: raw bytes (a drawing) have no JSON form")
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: _plain(getattr(obj, f.name), depth + 1) for f in dataclasses.fields(obj)
                if not f.name.startswith("_") and f.repr is not False}
    if isinstance(obj, Mapping):
        return {k if isinstance(k, str) else str(k): _plain(v, depth + 1) for k, v in obj.items()}
    if isinstance(obj, list | tuple | set | frozenset):
        return [_plain(x, depth + 1) for x in obj]
    raise InvalidType(f"as_dict: a {type(obj).__name__} has no JSON form")
