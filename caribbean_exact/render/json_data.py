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

A result that the command line prints as JSON is converted by the same function the command uses;
any other dataclass of the library field by field (``Fraction`` -> string, ``Card`` -> text).
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

__all__ = ["as_dict", "to_json"]

_P = "caribbean_exact"
#: Each result type (module, class) and the function (module, name) the command line's JSON uses
#: for it; imported on first use, so that converting one decision loads neither numpy nor the
#: report's modules.
_CONVERTERS: dict[tuple[str, str], tuple[str, str]] = {
    (f"{_P}.play.odds", "Decision"): (".play.game", "decision_json"),
    (f"{_P}.play.game", "GameReport"): (".play.game", "report_json"),
    (f"{_P}.play.sampling", "SampledReport"): (".play.known_cards", "sampled_json"),
    (f"{_P}.play.edge_sorting", "SortedRanksGame"): (".play.edge_sorting", "sorted_game_json"),
    (f"{_P}.strategy.chart", "Chart"): (".strategy.chart", "chart_json"),
    (f"{_P}.strategy.strategies", "StrategyResult"): (".strategy.chart", "strategy_json"),
    (f"{_P}.strategy.simplify", "Frontier"): (".strategy.simplify", "frontier_json"),
    (f"{_P}.strategy.simplify", "FrontierPoint"): (".strategy.simplify", "point_json"),
    (f"{_P}.strategy.seen_chart", "SeenCardStrategy"): (".play.known_cards", "seen_rules_json"),
    (f"{_P}.house.paytables", "CompareRow"): (".house.paytables", "compare_row_json"),
    (f"{_P}.house.bet_cap", "CapStudy"): (".house.paytables", "cap_json"),
    (f"{_P}.house.bet_cap", "CapRow"): (".house.paytables", "cap_row_json"),
    (f"{_P}.house.sidebets", "ProgressiveReport"): (".house.sidebets", "progressive_json"),
    (f"{_P}.house.sidebets", "BonusReport"): (".house.sidebets", "bonus_json"),
    (f"{_P}.house.sidebets", "CombinedReport"): (".house.sidebets", "combined_json"),
    (f"{_P}.house.math_report", "MathReport"): (".house.math_report", "report_doc"),
    (f"{_P}.house.volatility", "NHands"): (".house.math_report", "n_hands_json"),
    (f"{_P}.house.protection", "FlashCost"): (".house.protection", "flash_json"),
    (f"{_P}.house.protection", "Detection"): (".house.protection", "detection_json"),
    (f"{_P}.model.rules", "Rules"): (".text", "rules_json"),
}


def _converter(obj: object) -> Callable[[Any], Any] | None:
    for cls in type(obj).__mro__:
        where = _CONVERTERS.get((cls.__module__, cls.__qualname__))
        if where is not None:
            return getattr(importlib.import_module(where[0], __package__), where[1])  # type: ignore[no-any-return]
    return None


def as_dict(obj: object) -> Any:
    """A result as JSON-ready data, with the field names of the command line's JSON.

    ``obj``: any result of the library (a ``GameReport``, ``Decision``, ...), or a list, tuple or
    dict of results. Returns dicts, lists, strings, integers and booleans (exact fractions as
    strings "a/b"). Raises ``InvalidType`` (a ``TypeError``) for a value with no JSON form (raw
    bytes, an object of no known kind), ``InvalidRules`` (a ``ValueError``) for one nested too
    deeply.

    >>> import caribbean_exact as ce
    >>> as_dict(ce.get_paytable("standard"))["pays"][:3]
    ['100', '50', '20']
    """
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
    convert = _converter(obj)
    if convert is not None:
        return convert(obj)
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
