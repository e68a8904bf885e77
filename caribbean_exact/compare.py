"""Pay tables side by side, and what a cap per bet costs at each ante size; exact.

Commands: ``paytables`` (list the known tables), ``compare`` (house edge, element of risk, ...
of several tables, sorted by house edge) and ``cap`` (house edge as a function of ante size
under a cap per bet, the optimal strategy re-solved at every ante).

>>> [t.name for t in paytable_list()][:2]
['standard', 'live-dealer']
>>> cap_threshold(Rules.make("standard"), 5000)
Fraction(25, 1)
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import _ffi, cli, render
from .errors import InvalidRules
from .game import GameReport, solver_for
from .rules import Paytable, Rules, builtin_paytables, get_paytable, load_paytables_file, to_fraction

#: The ante sizes of the ``cap`` command unless --antes says otherwise.
DEFAULT_ANTES: tuple[int, ...] = (5, 10, 25, 50, 100, 200, 500, 1000)

_RAISE = bytes(1 if i == 1 else 0 for i in range(256))
_FOLD = bytes(1 if i == 0 else 0 for i in range(256))


# ---------------------------------------------------------------- the list of tables


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
    if paytables_file:
        extra = load_paytables_file(paytables_file)
        out = [i for i in out if i.name.lower() not in extra]
        out += [TableInfo(t.name, t, t.where, t.source, paytables_file) for t in extra.values()]
    return out


# ---------------------------------------------------------------- comparison


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
        return self.report.rules.paytable

    def as_json(self) -> dict[str, Any]:
        r = self.report
        return {
            "name": self.name,
            "pays": [str(p) for p in self.paytable.pays],
            "where": self.paytable.where,
            "house_edge": str(r.house_edge),
            "element_of_risk": str(r.element_of_risk),
            "return_on_wager": str(r.return_on_wager),
            "raise_probability": str(r.raise_probability),
            "variance": str(r.variance),
            "standard_deviation": r.standard_deviation,
            "largest_win": str(r.largest_win),
            "raise_situations": r.raise_situations,
            "baseline": self.baseline,
            "strategy_differs": self.strategy_differs,
            "differing_situations": self.differing_situations,
            "baseline_strategy_cost": str(self.baseline_strategy_cost),
        }


def _bits(decisions: bytes, table: bytes) -> int:
    return int.from_bytes(decisions.translate(table), "little")


def _tables_for(names: Sequence[str] | None, extra: Mapping[str, Paytable] | None) -> list[Paytable]:
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


def compare(names: Sequence[str] | None = None, qualifier: object = None, ante: object = None,
            max_payout: object = None, paytables: Mapping[str, Paytable] | None = None,
            baseline: str = "standard") -> list[CompareRow]:
    """Every named pay table (default: all known) solved exactly, sorted by house edge.

    Each row's ``report`` is the same as ``game.solve(rules=...)`` for its rules.
    """
    tables = _tables_for(names, paytables)
    base_table = get_paytable(baseline, paytables)

    def rules_of(t: Paytable) -> Rules:
        r = Rules.make(None, qualifier, ante, max_payout)
        return Rules(t, r.qualifier, r.ante, r.max_payout)

    base_rules = rules_of(base_table)
    solver = solver_for(base_rules.qualifier.value)
    priced: dict[tuple[int, ...], tuple[_ffi.Totals, bytes]] = {}

    def price(rules: Rules) -> tuple[_ffi.Totals, bytes]:
        ints, _ = rules.nets().scaled()
        key = tuple(ints)
        if key not in priced:
            totals, dec = solver.price(ints, 0, decisions=True)
            assert dec is not None
            priced[key] = (totals, dec)
        return priced[key]

    _, base_dec = price(base_rules)
    base_raise_bytes = base_dec.translate(_RAISE)
    b1, b0 = _bits(base_dec, _RAISE), _bits(base_dec, _FOLD)
    rows = []
    for t in tables:
        rules = rules_of(t)
        totals, dec = price(rules)
        report = GameReport(rules, totals, "optimal", solver)
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
                played = GameReport(rules, solver.apply(base_raise_bytes), f"{base_table.name} strategy", solver)
                cost = played.house_edge - report.house_edge
        rows.append(CompareRow(t.name, report, base_table.name, differs, n_diff, cost))
    rows.sort(key=lambda r: (r.report.house_edge, r.name))
    return rows


# ---------------------------------------------------------------- the cap per bet


@dataclass(frozen=True, slots=True)
class CapRow:
    """The game at one ante size under the cap, against the same table without a cap."""

    ante: Fraction
    report: GameReport
    #: House edge added by the cap, per ante (0 while no win reaches the cap).
    cost_per_ante: Fraction
    #: The optimal strategy differs from the uncapped one somewhere.
    strategy_changed: bool

    @property
    def cost_per_round(self) -> Fraction:
        """Added expected loss per round in money (cost per ante x ante)."""
        return self.cost_per_ante * self.ante

    def as_json(self) -> dict[str, Any]:
        r = self.report
        return {
            "ante": str(self.ante),
            "house_edge": str(r.house_edge),
            "element_of_risk": str(r.element_of_risk),
            "raise_situations": r.raise_situations,
            "cost_per_ante": str(self.cost_per_ante),
            "cost_per_round": str(self.cost_per_round),
            "strategy_changed": self.strategy_changed,
        }


def cap_threshold(rules: Rules, max_payout: object) -> Fraction:
    """The largest ante at which no win on any bet exceeds the cap (royal raise win = cap)."""
    m = to_fraction(max_payout, "max_payout")
    top = max(max(rules.paytable.pays) * 2, Fraction(1))
    return m / top


@dataclass(frozen=True, slots=True)
class CapStudy:
    rules: Rules  # the uncapped rules
    max_payout: Fraction
    uncapped: GameReport
    rows: tuple[CapRow, ...]

    @property
    def threshold(self) -> Fraction:
        return cap_threshold(self.rules, self.max_payout)

    @property
    def first_costly_ante(self) -> Fraction | None:
        """The smallest ante of the study at which the cap costs the player something."""
        return next((r.ante for r in self.rows if r.cost_per_ante > 0), None)

    def as_json(self) -> dict[str, Any]:
        first = self.first_costly_ante
        return {
            "rules": self.rules.describe(),
            "max_payout": str(self.max_payout),
            "uncapped_house_edge": str(self.uncapped.house_edge),
            "uncapped_raise_situations": self.uncapped.raise_situations,
            "cap_binds_above_ante": str(self.threshold),
            "first_costly_ante": None if first is None else str(first),
            "rows": [r.as_json() for r in self.rows],
        }


def cap_study(paytable: object = None, qualifier: object = None, max_payout: object = 5000,
              antes: Sequence[object] = DEFAULT_ANTES,
              paytables: Mapping[str, Paytable] | None = None) -> CapStudy:
    """House edge at each ante size under a cap per bet, the optimal strategy solved at each.

    Ante sizes whose capped nets equal the uncapped ones share one solution (same strategy).
    """
    base = Rules.make(paytable, qualifier, paytables=paytables)  # type: ignore[arg-type]
    m = to_fraction(max_payout, "max_payout")
    ante_list = sorted({to_fraction(a, "ante") for a in antes})
    if not ante_list:
        raise InvalidRules("antes: give at least one ante size")
    solver = solver_for(base.qualifier.value)
    cache: dict[tuple[Fraction, ...], tuple[Any, bytes]] = {}

    def priced(rules: Rules) -> tuple[Any, bytes]:
        n = rules.nets()
        key = (n.fold, n.not_qualify, n.tie, n.lose, *n.win)
        if key not in cache:
            ints, _ = n.scaled()
            totals, dec = solver.price(ints, 0, decisions=True)
            assert dec is not None
            cache[key] = (totals, dec)
        return cache[key]

    u_totals, u_dec = priced(base)
    uncapped = GameReport(base, u_totals, "optimal", solver)
    rows = []
    for a in ante_list:
        rules = Rules(base.paytable, base.qualifier, a, m)  # validates ante > 0, cap >= ante
        totals, dec = priced(rules)
        rep = GameReport(rules, totals, "optimal", solver)
        rows.append(CapRow(a, rep, rep.house_edge - uncapped.house_edge, dec != u_dec))
    return CapStudy(base, m, uncapped, tuple(rows))


# ---------------------------------------------------------------- rendering


def render_paytables(infos: Sequence[TableInfo], fmt: str) -> str:
    if fmt == "json":
        return render.to_json([{"name": i.name, "pays": [str(p) for p in i.paytable.pays],
                                "where": i.where, "source": i.source, "origin": i.origin} for i in infos])
    rows = [[i.name, i.paytable.short(), i.where, i.source or i.origin] for i in infos]
    out = render.table(rows, ["name", "pays (royal .. high card, to 1)", "where used", "source"], fmt)
    if fmt == "csv":
        return out
    return out + "\n\npays are of the raise bet, royal flush first; the ante pays 1 to 1."


def render_compare(rows: Sequence[CompareRow], fmt: str) -> str:
    if fmt == "json":
        head: dict[str, Any] = {"rules": rows[0].report.rules.describe() if rows else None}
        if rows:
            head["rules"].pop("paytable")
            head["rules"].pop("pays")
        head["sorted_by"] = "house_edge"
        head["rows"] = [r.as_json() for r in rows]
        return render.to_json(head)
    exact = fmt == "csv"
    body = []
    for r in rows:
        g = r.report
        same = "no" if not r.strategy_differs else (
            f"yes ({render.grouped(r.differing_situations)} situations, cost {render.pct(r.baseline_strategy_cost)})"
            if not exact else "yes")
        body.append([
            r.name, r.paytable.short(),
            render.frac(g.house_edge) if exact else render.pct(g.house_edge),
            render.frac(g.element_of_risk) if exact else render.pct(g.element_of_risk),
            render.frac(g.return_on_wager) if exact else render.pct(g.return_on_wager),
            render.frac(g.raise_probability) if exact else render.pct(g.raise_probability),
            render.dec(g.standard_deviation, 4),
            render.frac(g.largest_win),
            same,
        ])
        if exact:
            body[-1] += [str(r.differing_situations), render.frac(r.baseline_strategy_cost)]
    base = rows[0].baseline if rows else "standard"
    headers = ["pay table", "pays", "house edge", "element of risk", "return on wager", "P(raise)",
               "SD per ante", "largest win (antes)", f"strategy differs from {base}"]
    if exact:
        headers += ["differing_situations", "baseline_strategy_cost"]
    out = render.table(body, headers, fmt)
    if exact or not rows:
        return out
    return (f"rules: dealer qualifies with {rows[0].report.rules.qualifier.label}"
            + (f", ante {rows[0].report.rules.ante}, cap {rows[0].report.rules.max_payout} per bet"
               if rows[0].report.rules.max_payout is not None else "")
            + "; optimal strategy for each table; sorted by house edge\n\n" + out
            + f"\n\nstrategy differs: situations (hand, up card; of {render.grouped(_SITUATIONS)}) where "
            f"the optimal strategy disagrees with the {base} table's, and the house edge lost by "
            f"playing the {base} strategy at that table.")


_SITUATIONS = _ffi.NUM_HANDS * 47


def render_cap(s: CapStudy, fmt: str) -> str:
    if fmt == "json":
        return render.to_json(s.as_json())
    exact = fmt == "csv"
    body = []
    for r in s.rows:
        body.append([
            render.frac(r.ante) if exact else f"{float(r.ante):,.2f}".rstrip("0").rstrip("."),
            render.frac(r.report.house_edge),
            render.pct(r.report.house_edge),
            render.frac(r.cost_per_ante) if exact else render.pct(r.cost_per_ante),
            render.frac(r.cost_per_round) if exact else f"{float(r.cost_per_round):.4f}",
            r.report.raise_situations if exact else render.grouped(r.report.raise_situations),
            "yes" if r.strategy_changed else "no",
        ])
    headers = ["ante", "house edge (exact)", "house edge", "cost of cap per ante", "cost per round",
               "raise situations", "strategy changed"]
    out = render.table(body, headers, fmt)
    if exact:
        return out
    first = s.first_costly_ante
    lines = [f"rules: {render.describe_rules(s.rules)}; cap {s.max_payout} per bet; optimal strategy "
             "solved at each ante", "",
             out, "",
             f"without a cap: house edge {render.frac(s.uncapped.house_edge)} = "
             f"{render.pct(s.uncapped.house_edge)}, {render.grouped(s.uncapped.raise_situations)} raise situations",
             f"the cap cuts the largest win once the ante exceeds {render.frac(s.threshold)} "
             f"(royal flush raise win {2 * max(s.rules.paytable.pays)} x ante > {s.max_payout})",
             "first ante of this list where the cap costs the player: "
             + ("none" if first is None else render.frac(first))]
    return "\n".join(lines)


# ---------------------------------------------------------------- commands


def _setup_paytables(p: argparse.ArgumentParser) -> None:
    p.add_argument("--paytables", metavar="FILE", default=None, help="TOML file with more pay tables")


def _run_paytables(args: argparse.Namespace) -> str:
    return render_paytables(paytable_list(args.paytables), args.format)


def _setup_compare(p: argparse.ArgumentParser) -> None:
    p.add_argument("names", nargs="*", metavar="NAME",
                   help="pay tables by name or as ten pays '100,50,...' (default: every known table)")
    p.add_argument("--paytables", metavar="FILE", default=None, help="TOML file with more pay tables")
    p.add_argument("--qualifier", default=None, help="dealer's minimum hand: AK (default), pair, ...")
    p.add_argument("--ante", default=None, help="ante size (with --max-payout)")
    p.add_argument("--max-payout", default=None, help="cap on the win of one bet, e.g. 5000")
    p.add_argument("--baseline", default="standard",
                   help="table whose optimal strategy the others are checked against (default standard)")


def _run_compare(args: argparse.Namespace) -> str:
    extra = load_paytables_file(args.paytables) if args.paytables else None
    names = list(args.names)
    if not names and extra:
        names = [*builtin_paytables(), *extra]
    rows = compare(names or None, args.qualifier, args.ante, args.max_payout, extra, args.baseline)
    return render_compare(rows, args.format)


def _setup_cap(p: argparse.ArgumentParser) -> None:
    p.add_argument("--paytable", default=None, help="built-in name or ten pays, royal first")
    p.add_argument("--paytables", metavar="FILE", default=None, help="TOML file with more pay tables")
    p.add_argument("--qualifier", default=None, help="dealer's minimum hand: AK (default), pair, ...")
    p.add_argument("--max-payout", default="5000", help="cap on the win of one bet (default 5000)")
    p.add_argument("--antes", default=",".join(str(a) for a in DEFAULT_ANTES),
                   help="ante sizes, comma separated (default 5,10,25,50,100,200,500,1000)")


def _run_cap(args: argparse.Namespace) -> str:
    extra = load_paytables_file(args.paytables) if args.paytables else None
    antes = [t for t in args.antes.replace(";", ",").replace(" ", ",").split(",") if t]
    s = cap_study(args.paytable, args.qualifier, args.max_payout, antes, extra)
    return render_cap(s, args.format)


cli.register("paytables", "list the known pay tables (built-in and --paytables FILE)",
             _setup_paytables, _run_paytables)
cli.register("compare", "pay tables side by side: house edge, element of risk, strategy, ...",
             _setup_compare, _run_compare)
cli.register("cap", "house edge by ante size under a cap per bet (strategy re-solved)", _setup_cap, _run_cap)
