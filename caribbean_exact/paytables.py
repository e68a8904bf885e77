"""Pay tables side by side, exact: the known tables, and several tables solved and compared.

>>> [t.name for t in paytable_list()][:2]
['standard', 'live-dealer']
>>> rows = compare(["standard", "live-dealer"])
>>> [(r.name, f"{float(r.report.house_edge):.4%}", r.strategy_differs) for r in rows]
[('live-dealer', '3.7037%', False), ('standard', '5.2243%', False)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ._validate import check_progress
from .counts import DealTotals
from .errors import InvalidRules
from .game import GameReport
from .pricing import Priced, price, solver_for
from .progress import ProgressFn
from .rules import (
    Number,
    Paytable,
    QualifierLike,
    Rules,
    builtin_paytables,
    check_names,
    get_paytable,
    load_paytables_file,
)

__all__ = ["CompareRow", "TableInfo", "compare", "paytable_list"]

_RAISE = bytes(1 if i == 1 else 0 for i in range(256))
_FOLD = bytes(1 if i == 0 else 0 for i in range(256))


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A known pay table with where it is used and where that is documented."""

    name: str
    paytable: Paytable
    where: str
    source: str
    origin: str  # "built-in" or the file it came from


def paytable_list(paytables_file: str | None = None) -> list[TableInfo]:
    """The built-in pay tables, then those of ``paytables_file`` (a TOML file), in file order."""
    out = [TableInfo(t.name, t, t.where, t.source, "built-in") for t in builtin_paytables().values()]
    if paytables_file is not None:
        extra = load_paytables_file(paytables_file)
        out += [TableInfo(t.name, t, t.where, t.source, paytables_file) for t in extra.values()]
    return out


@dataclass(frozen=True, slots=True)
class CompareRow:
    """One pay table under optimal play, against a baseline table (by default "standard")."""

    name: str
    report: GameReport
    baseline: str
    #: The optimal strategy raises where the baseline's folds, or folds where it raises (exact
    #: ties, where either decision is optimal, are no difference).
    strategy_differs: bool
    #: (hand, up card) situations, of 122,151,120, where the two strategies disagree.
    differing_situations: int
    #: House edge lost by playing the baseline table's optimal strategy at this table.
    baseline_strategy_cost: Fraction

    @property
    def paytable(self) -> Paytable:
        """The pay table of the row."""
        return self.report.rules.paytable

def _bits(decisions: bytes, table: bytes) -> int:
    return int.from_bytes(decisions.translate(table), "little")


def _tables_for(names: Sequence[str] | None, extra: Mapping[str, Paytable] | None) -> list[Paytable]:
    if extra:
        check_names(extra)
    if not names:
        tables = {**builtin_paytables(), **(extra or {})}
        return list(tables.values())
    out: list[Paytable] = []
    seen: set[str] = set()
    for spec in names:
        t = get_paytable(spec, extra)
        if t.name == "custom":
            t = Paytable(t.short(), t.pays, "given on the command line")
        if t.name.lower() not in seen:
            seen.add(t.name.lower())
            out.append(t)
    return out


def compare(names: Sequence[str] | None = None, qualifier: QualifierLike = None, ante: Number | None = None,
            max_payout: Number | None = None, paytables: Mapping[str, Paytable] | None = None,
            baseline: str = "standard", progress: ProgressFn | None = None) -> list[CompareRow]:
    """Every named pay table (default: all known) solved exactly, sorted by house edge.

    Each row's ``report`` is the same as ``game.solve(rules=...)`` for its rules. ``names`` may
    be one name too.
    """
    if isinstance(names, str):
        names = [names]
    elif names is not None and not all(isinstance(n, str) for n in _listed(names, "names")):
        raise InvalidRules(f"names: {names!r} must be pay table names or ten-pay texts")
    if paytables is not None:
        _check_tables(paytables)
    if not isinstance(baseline, str):
        raise InvalidRules(f"baseline: {baseline!r} is not a pay table name")
    check_progress(progress)
    tables = _tables_for(names, paytables)
    base_table = get_paytable(baseline, paytables)

    def rules_of(t: Paytable) -> Rules:
        r = Rules.make(None, qualifier, ante, max_payout)
        return Rules(t, r.qualifier, r.ante, r.max_payout)

    base_rules = rules_of(base_table)
    solver = solver_for(base_rules.qualifier.value, progress=progress)
    cache: dict[tuple[int, ...], Priced] = {}

    def priced(rules: Rules) -> tuple[DealTotals, bytes]:
        key = tuple(rules.nets().scaled().as_list())
        if key not in cache:
            cache[key] = price(rules, decisions=True)
        p = cache[key]
        assert p.decisions is not None
        return p.totals, p.decisions

    _, base_dec = priced(base_rules)
    base_raise_bytes = base_dec.translate(_RAISE)
    b1, b0 = _bits(base_dec, _RAISE), _bits(base_dec, _FOLD)
    rows = []
    for t in tables:
        rules = rules_of(t)
        totals, dec = priced(rules)
        report = GameReport(rules, totals, "optimal")
        if dec == base_dec:
            differs, n_diff, cost = False, 0, Fraction(0)
        else:
            a1, a0 = _bits(dec, _RAISE), _bits(dec, _FOLD)
            diff = (a1 & b0) | (a0 & b1)
            if diff == 0:
                differs, n_diff, cost = False, 0, Fraction(0)
            else:
                differs = True
                n_diff = solver.apply(diff.to_bytes(len(dec), "little")).raise_situations
                played = GameReport(rules, solver.apply(base_raise_bytes), f"{base_table.name} strategy")
                cost = played.house_edge - report.house_edge
        rows.append(CompareRow(t.name, report, base_table.name, differs, n_diff, cost))
    rows.sort(key=lambda r: (r.report.house_edge, r.name))
    return rows


def _listed(values: object, name: str) -> list[object]:
    if not isinstance(values, Iterable):
        raise InvalidRules(f"{name}: {values!r} is not a list")
    try:
        return list(values)
    except TypeError:
        raise InvalidRules(f"{name}: {values!r} is not a list") from None


def _check_tables(tables: object) -> None:
    if not isinstance(tables, Mapping) or not all(isinstance(t, Paytable) for t in tables.values()):
        raise InvalidRules(f"paytables: {tables!r} must map names to Paytable objects (load_paytables_file)")

