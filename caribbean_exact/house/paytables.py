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

from ..engine.counts import DealTotals
from ..engine.pricing import price, solver_for
from ..errors import InvalidRules, shown
from ..model.checks import check_progress
from ..model.rules import (
    DEFAULT_RAISE_ANTES,
    MAX_TABLES,
    Number,
    Paytable,
    QualifierLike,
    Rules,
    builtin_paytables,
    check_names,
    get_paytable,
    load_paytables_file,
)
from ..play.game import GameReport
from ..progress import ProgressFn, report

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
    """One pay table under optimal play, against a baseline table (by default "standard").

    ``name``: the pay table's name; ``report``: its game under optimal play; ``baseline``: the
    baseline table's name; the other fields as their comments say.
    """

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
            baseline: str = "standard", progress: ProgressFn | None = None, *,
            raise_antes: int = DEFAULT_RAISE_ANTES) -> list[CompareRow]:
    """Every named pay table (default: all known) solved exactly, sorted by house edge.

    Each row's ``report`` is the same as ``solve(rules=...)`` for its rules. Memory stays
    bounded whatever the number of tables: a table's decisions are compared with the baseline's
    and released; only the baseline's are kept.

    - ``names``: the pay tables to compare, by name (built-in or in ``paytables``); one name is
      taken too; default None: every known table. At most 1,000 tables.
    - ``qualifier``: the dealer's qualifying hand ("AK", "pair", "44", five ranks, a hand value or a
      ``Qualifier``; default None: ace-king).
    - ``ante``: the ante size in money, needed only with a cap (default None: no size).
    - ``max_payout``: the cap on what one bet can win, in money (default None: no cap).
    - ``paytables``: pay tables of your own by name (from ``load_paytables_file`` in
      ``caribbean_exact.model.rules``), looked up with the built-in ones; default None: the
      built-in only.
    - ``baseline``: the table each row is compared with (default "standard").
    - ``progress``: an optional callback ``progress(label, done, total)`` told how the work advances
      (``caribbean_exact.progress``); default None: silent.
    - ``raise_antes``: the raise, in antes (1 to 10; default 2, the standard game).

    Returns a list of ``CompareRow``, lowest house edge first. Raises ``InvalidRules`` (a
    ``ValueError``) for an unknown name, a bad qualifier, ante or cap.

    >>> [row.name for row in compare(["standard", "live-dealer"])]
    ['live-dealer', 'standard']
    """
    tables = _compared_tables(names, paytables, baseline, progress)
    base_table = get_paytable(baseline, paytables)

    def rules_of(t: Paytable) -> Rules:
        r = Rules.make(None, qualifier, ante, max_payout, raise_antes=raise_antes)
        return Rules(t, r.qualifier, r.ante, r.max_payout, r.raise_antes)

    base_rules = rules_of(base_table)
    solver = solver_for(base_rules.qualifier.value, progress=progress)
    base_priced = price(base_rules, decisions=True)
    base_dec = base_priced.decisions
    assert base_dec is not None
    base_raise_bytes = base_dec.translate(_RAISE)
    b1, b0 = _bits(base_dec, _RAISE), _bits(base_dec, _FOLD)
    played_totals = None  # the baseline strategy's totals: one per solver, the same for every table

    # per distinct scaled nets: the totals and the comparison with the baseline (no decisions)
    cache: dict[tuple[int, ...], tuple[DealTotals, int | None]] = {}

    def priced(rules: Rules) -> tuple[DealTotals, int | None]:
        """Totals, and the situations where the strategy differs from the baseline's (None: nowhere)."""
        key = tuple(rules.nets().scaled().as_list())
        if key not in cache:
            p = price(rules, decisions=True)
            dec = p.decisions
            assert dec is not None
            n_diff = None
            if dec != base_dec:
                a1, a0 = _bits(dec, _RAISE), _bits(dec, _FOLD)
                diff = (a1 & b0) | (a0 & b1)
                if diff:
                    n_diff = solver.apply(diff.to_bytes(len(dec), "little")).raise_situations
            cache[key] = (p.totals, n_diff)
            del p, dec  # released: memory does not grow with the number of tables
        return cache[key]

    rows = []
    for i, t in enumerate(tables):
        rules = rules_of(t)
        totals, n_diff = priced(rules)
        report_ = GameReport(rules, totals, "optimal")
        if n_diff is None:
            differs, n, cost = False, 0, Fraction(0)
        else:
            if played_totals is None:
                played_totals = solver.apply(base_raise_bytes)
            played = GameReport(rules, played_totals, f"{base_table.name} strategy")
            differs, n, cost = True, n_diff, played.house_edge - report_.house_edge
        rows.append(CompareRow(t.name, report_, base_table.name, differs, n, cost))
        report(progress, "solving each pay table", i + 1, len(tables))
    rows.sort(key=lambda r: (r.report.house_edge, r.name))
    return rows


def _compared_tables(names: Sequence[str] | str | None, paytables: Mapping[str, Paytable] | None,
                     baseline: object, progress: object) -> list[Paytable]:
    """The tables ``compare`` solves, its arguments checked (at most ``MAX_TABLES``)."""
    if isinstance(names, str):
        names = [names]
    elif names is not None and not all(isinstance(n, str) for n in _listed(names, "names")):
        raise InvalidRules(f"names: {shown(names)} must be pay table names or ten-pay texts")
    if paytables is not None:
        _check_tables(paytables)
    if not isinstance(baseline, str):
        raise InvalidRules(f"baseline: {shown(baseline)} is not a pay table name")
    check_progress(progress)
    builtin = builtin_paytables()
    if names is not None and len(names) > MAX_TABLES + len(builtin):  # before the names are looked up
        _too_many(len(names) - len(builtin))
    tables = _tables_for(names, paytables)
    counted = sum(1 for t in tables if builtin.get(t.name.lower()) != t)
    if counted > MAX_TABLES:
        _too_many(counted)
    return tables


def _too_many(count: int) -> None:
    raise InvalidRules(f"compare: {count:,} pay tables, more than the limit of {MAX_TABLES:,} "
                       "(the built-in tables are not counted)")


def _listed(values: object, name: str) -> list[object]:
    if not isinstance(values, Iterable):
        raise InvalidRules(f"{name}: {shown(values)} is not a list")
    try:
        return list(values)
    except TypeError:
        raise InvalidRules(f"{name}: {shown(values)} is not a list") from None


def _check_tables(tables: object) -> None:
    if not isinstance(tables, Mapping) or not all(isinstance(t, Paytable) for t in tables.values()):
        raise InvalidRules(f"paytables: {shown(tables)} must map names to Paytable objects (load_paytables_file)")

