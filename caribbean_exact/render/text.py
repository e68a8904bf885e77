"""The building blocks of every output: formats, exact and display numbers, tables, JSON.

Floats appear only here, for display; exact values are written as fractions ("-12773/10879").

>>> frac(Fraction(-12773, 10879)), pct(Fraction(1, 8)), share(1, 3), grouped(163185)
('-12773/10879', '12.5000%', '33%', '163,185')
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from tabulate import tabulate, tabulate_formats

from ..errors import InvalidRules
from ..rules import Paytable, Rules

EXTRA_FORMATS = ("json", "csv")
Cell = Any  # a table cell: text, or an integer for CSV


def formats() -> list[str]:
    """Every accepted --format: json, csv and the tabulate formats."""
    return sorted(set(tabulate_formats) | set(EXTRA_FORMATS))


def check_format(fmt: str) -> str:
    """The format if it is json, csv or a tabulate format; else InvalidRules."""
    if fmt not in tabulate_formats and fmt not in EXTRA_FORMATS:
        raise InvalidRules(f"format {fmt!r}: unknown (use json, csv or a tabulate format such as "
                           "simple, github, grid, plain)")
    return fmt


def frac(x: Fraction) -> str:
    """Exact fraction as text: "-12773/10879" (integers without "/1")."""
    return str(x)


def dec(x: Fraction | float, places: int = 6) -> str:
    """A decimal for display."""
    return f"{float(x):.{places}f}"


def pct(x: Fraction | float, places: int = 4) -> str:
    """A percentage for display."""
    return f"{float(x) * 100:.{places}f}%"


def edge(house_edge: Fraction | float, places: int = 4) -> str:
    """Who has the edge, as a positive percentage: "5.2243% house" or "64.2816% player"."""
    x = float(house_edge)
    return f"{abs(x) * 100:.{places}f}% " + ("player" if x < 0 else "house")


def money_text(x: Fraction) -> str:
    """An amount as people write it: "100,000", "1,000.50" (cents only when there are some)."""
    return f"{x.numerator // x.denominator:,}" if x.denominator == 1 else money(x)


def money(x: Fraction) -> str:
    """Money for display, with thousands separators and cents."""
    return f"{float(x):,.2f}"


def share(r: int, t: int) -> str:
    """Chart mark: R (all raise), F (none), else the share raising; never rounds to 0% or 100%."""
    if t == 0:
        return ""
    if r == t:
        return "R"
    if r == 0:
        return "F"
    x = 100 * r / t
    return "<1%" if x < 1 else ">99%" if x > 99 else f"{x:.0f}%"


def grouped(n: int) -> str:
    """An integer with thousands separators."""
    return f"{n:,}"


def table(rows: Sequence[Sequence[Cell]], headers: Sequence[str], fmt: str) -> str:
    """Rows as a tabulate table, or CSV when fmt == "csv"."""
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(headers)
        for r in rows:
            w.writerow(r)
        return buf.getvalue().rstrip("\n")
    return str(tabulate(rows, headers=list(headers), tablefmt=fmt, disable_numparse=True))


def pick(tables: dict[str, str], name: str | None, what: str) -> str:
    """One of a command's named tables (the first by default): CSV holds one table per output."""
    if name is None:
        return next(iter(tables.values()))
    if name not in tables:
        raise InvalidRules(f"--table {name!r}: {what} has the tables " + ", ".join(tables))
    return tables[name]


def to_json(obj: object) -> str:
    """JSON text, indented, UTF-8 kept."""
    return json.dumps(obj, indent=2, ensure_ascii=False)


def pays_text(paytable: Paytable) -> str:
    """The pays joined by "/", royal flush first."""
    return paytable.short()


def describe_rules(rules: Rules) -> str:
    """The rules in one line: pay table, qualifier, ante and cap."""
    s = (f"pay table {rules.paytable.name} ({pays_text(rules.paytable)}), dealer qualifies with "
         f"{rules.qualifier.label}")
    if rules.ante is not None:
        s += f", ante {rules.ante}"
    if rules.max_payout is not None:
        s += f", cap {rules.max_payout} per bet"
    return s


def rules_json(rules: Rules) -> dict[str, Any]:
    """The rules as the "rules" object of every JSON output."""
    return {
        "paytable": rules.paytable.name,
        "pays": [str(p) for p in rules.paytable.pays],
        "qualifier": rules.qualifier.label,
        "qualifier_value": rules.qualifier.value,
        "ante": None if rules.ante is None else str(rules.ante),
        "max_payout": None if rules.max_payout is None else str(rules.max_payout),
    }
