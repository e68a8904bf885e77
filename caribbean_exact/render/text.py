"""The building blocks of every output: formats, exact and display numbers, tables, JSON.

Floats appear only here, for display; exact values are written as fractions ("-12773/10879").
A value too large for a float (or for plain decimals, from 10^16) is shown in scientific
notation computed from the exact value, so no size of input can overflow a display.

>>> frac(Fraction(-12773, 10879)), pct(Fraction(1, 8)), share(1, 3), grouped(163185)
('-12773/10879', '12.5000%', '33%', '163,185')
>>> dec(Fraction(2 * 10**308)), money(Fraction(10**157, 3)), pct(Fraction(-10**400))
('2.000000e+308', '3.33e+156', '-1.0000e+402%')
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Sequence
from fractions import Fraction

from ..errors import InvalidRules, shown
from ..model.cards import RANKS
from ..model.information import Information
from ..model.rules import DEFAULT_RAISE_ANTES, Paytable, Rules, exact_text

EXTRA_FORMATS = ("json", "csv")

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: the command line starts without typing (issue #24)
    from typing import Any

    Cell = Any  # a table cell: text, or an integer for CSV
else:
    Cell = object  # the same at run time, where nothing reads it


#: The default table format, drawn here without loading tabulate (``table``); tabulate has it too.
SIMPLE = "simple"


def _tabulate() -> Any:
    """The tabulate module, loaded when a table needs it (its import takes longer than a whole
    ``ev``: tabulate 0.10 reads its version through importlib.metadata)."""
    import tabulate  # noqa: PLC0415 (on purpose: only when a table is drawn by it)

    return tabulate


def formats() -> list[str]:
    """Every accepted --format: json, csv and the tabulate formats."""
    return sorted(set(_tabulate().tabulate_formats) | set(EXTRA_FORMATS))


def check_format(fmt: str) -> str:
    """The format if it is json, csv or a tabulate format; else InvalidRules."""
    if fmt in (SIMPLE, *EXTRA_FORMATS):
        return fmt
    if fmt not in _tabulate().tabulate_formats:
        raise InvalidRules(f"format {shown(fmt)}: unknown (use json, csv or a tabulate format such as "
                           "simple, github, grid, plain)")
    return fmt


def frac(x: Fraction) -> str:
    """Exact fraction as text: "-12773/10879" (integers without "/1")."""
    return str(x)


#: From this size on, display numbers are written in scientific notation.
PLAIN_LIMIT = 10**16


def displayable(x: Fraction | int | float) -> float | None:
    """``x`` as a float if it is one below ``PLAIN_LIMIT`` in size, else None (too large to show
    as plain decimals, or beyond the float range altogether)."""
    try:
        f = float(x)
    except OverflowError:
        return None
    return f if math.isfinite(f) and abs(f) < PLAIN_LIMIT else None


def sci(x: Fraction | int | float, places: int = 6) -> str:
    """Scientific notation from the exact value, any size (rounded half up): "2.000000e+308".

    >>> sci(Fraction(-2, 3), 3), sci(0, 2), sci(Fraction(10**500 - 1), 2)
    ('-6.667e-01', '0.00e+00', '1.00e+500')
    """
    if isinstance(x, float) and not math.isfinite(x):
        return str(x)
    v = Fraction(x)
    if v == 0:
        return f"{0:.{places}e}"
    n, d = abs(v.numerator), v.denominator
    e = int((n.bit_length() - d.bit_length()) * 0.30102999566398120)  # within 1 of the exponent

    def digits(exp: int) -> int:  # floor(n / d * 10^(places + 1 - exp))
        k = places + 1 - exp
        return int((n * 10**k) // d if k >= 0 else n // (d * 10**-k))

    while digits(e) < 10 ** (places + 1):
        e -= 1
    while digits(e) >= 10 ** (places + 2):
        e += 1
    m = (digits(e) + 5) // 10
    if m >= 10 ** (places + 1):
        m //= 10
        e += 1
    text = str(m)
    body = text[0] + ("." + text[1:] if places else "")
    return f"{'-' if v < 0 else ''}{body}e{'-' if e < 0 else '+'}{abs(e):02d}"


def dec(x: Fraction | float, places: int = 6) -> str:
    """A decimal for display."""
    f = displayable(x)
    return sci(x, places) if f is None else f"{f:.{places}f}"


def pct(x: Fraction | float, places: int = 4) -> str:
    """A percentage for display."""
    f = displayable(x * 100)
    return (sci(x * 100, places) if f is None else f"{f:.{places}f}") + "%"


def edge(house_edge: Fraction | float, places: int = 4) -> str:
    """Who has the edge, as a positive percentage: "5.2243% house" or "64.2816% player"."""
    size = -house_edge if house_edge < 0 else house_edge
    return pct(size, places) + (" player" if house_edge < 0 else " house")


def money_text(x: Fraction) -> str:
    """An amount as people write it: "100,000", "1,000.50" (cents only when there are some)."""
    return f"{x.numerator // x.denominator:,}" if x.denominator == 1 else money(x)


def money(x: Fraction) -> str:
    """Money for display, with thousands separators and cents."""
    f = displayable(x)
    return sci(x, 2) if f is None else f"{f:,.2f}"


def stake(x: Fraction) -> str:
    """An ante or a cap as written, exactly: whole amounts as they are ("100"), cents with two places
    ("100.50", not "201/2"), other amounts as a decimal or a fraction ("0.125", "1/3").

    >>> stake(Fraction(201, 2)), stake(Fraction(100)), stake(Fraction(1, 8)), stake(Fraction(1, 3))
    ('100.50', '100', '0.125', '1/3')
    """
    if x.denominator == 1:
        return str(x.numerator)
    cents = x * 100
    if cents.denominator == 1:
        whole, rest = divmod(abs(cents.numerator), 100)
        return f"{'-' if x < 0 else ''}{whole}.{rest:02d}"
    return exact_text(x)


def root(x: Fraction, places: int = 4) -> str:
    """The square root of an exact non-negative value, for display (a standard deviation)."""
    f = float_root(x)
    return f"{f:.{places}f}" if isinstance(f, float) and abs(f) < PLAIN_LIMIT else sci(exact_root(x), places)


def exact_root(x: Fraction) -> Fraction:
    """A close rational square root of a non-negative value of any size (relative error below 10^-12)."""
    n, d = x.numerator, x.denominator
    scale = 10**12
    return Fraction(math.isqrt(n * d * scale * scale), d * scale) if n > 0 else Fraction(0)


def float_root(x: Fraction) -> float | str:
    """The square root as a float for JSON (of a close exact root when ``x`` itself is beyond the
    float range), or as scientific text only when the root is beyond it too (a JSON float cannot
    hold it; the schemas say so)."""
    try:
        return math.sqrt(x)
    except OverflowError:
        r = exact_root(x)
        try:
            return float(r)
        except OverflowError:
            return sci(r, 12)


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


class Name(str):
    """Text a user wrote (a pay table's or a strategy's name, where it is used, its source): a table
    cell that ``table`` escapes for the format, so that it shows as text (Markdown: ``markdown_text``)."""

    __slots__ = ()


#: The formats read as Markdown, where a name's "<", "|", "`" ... would be markup.
MARKDOWN_FORMATS = ("github", "pipe")
_MARKDOWN = {"\\": "\\\\", "`": "\\`", "|": "\\|", "&": "&amp;", "<": "&lt;", ">": "&gt;", "\n": " ", "\r": " "}


def markdown_text(text: str) -> str:
    """Text shown as itself in Markdown (a table cell or a heading): ``& < >`` as entities, ``\\ ` |``
    behind a backslash, line breaks as spaces.

    >>> markdown_text("<script>|a`b")
    '&lt;script&gt;\\\\|a\\\\`b'
    """
    return "".join(_MARKDOWN.get(ch, ch) for ch in text)


#: What a spreadsheet would read as the start of a formula (OWASP: CSV injection).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_SHOWN_NUMBER = r"[+-]?\$?(?:[0-9][0-9,]*(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?(?:/[0-9]+)?%?"
#: A number as the outputs show it ("-12773/10879", "-1.174097", "-2.35e+308", "-2.9% .. -2.2%"), or "-"
#: for none: left as it is.
_NUMBER_CELL = re.compile(rf"{_SHOWN_NUMBER}(?: \.\. {_SHOWN_NUMBER})?|-")


def csv_cell(cell: Cell) -> Cell:
    """A CSV cell that a spreadsheet shows as text: a text cell starting with ``= + - @``, a tab or a
    carriage return gets a leading apostrophe; numbers (also negative ones) are left as they are.

    >>> csv_cell("=HYPERLINK(1)"), csv_cell("-12773/10879"), csv_cell("-1+cmd|x"), csv_cell(-3)
    ("'=HYPERLINK(1)", '-12773/10879', "'-1+cmd|x", -3)
    """
    if isinstance(cell, str) and cell.startswith(_FORMULA_START) and not _NUMBER_CELL.fullmatch(cell):
        return "'" + cell
    return cell


def table(rows: Sequence[Sequence[Cell]], headers: Sequence[str], fmt: str) -> str:
    """Rows as a tabulate table, or CSV when fmt == "csv". CSV text cells that a spreadsheet would
    take for a formula are quoted (``csv_cell``); ``Name`` cells are escaped in Markdown formats."""
    if fmt == "csv":
        import csv  # noqa: PLC0415 (only for CSV: start-up, issue #24)

        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        quoted = csv.writer(buf, lineterminator="\n", quoting=csv.QUOTE_ALL)  # csv leaves a lone "\r" bare
        w.writerow(headers)
        for r in rows:
            cells = [csv_cell(c) for c in r]
            (quoted if any(isinstance(c, str) and "\r" in c for c in cells) else w).writerow(cells)
        return buf.getvalue().rstrip("\n")
    if fmt in MARKDOWN_FORMATS:
        rows = [[markdown_text(c) if isinstance(c, Name) else c for c in r] for r in rows]
    if fmt == SIMPLE:
        drawn = simple_table(rows, headers)
        if drawn is not None:
            return drawn
    return str(_tabulate().tabulate(rows, headers=list(headers), tablefmt=fmt, disable_numparse=True))


#: A cell ``simple_table`` draws as tabulate would: printable ASCII, no space at either end (or empty).
_PLAIN_CELL = re.compile(r"(?:[!-~](?:[ -~]*[!-~])?)?")


def simple_table(rows: Sequence[Sequence[Cell]], headers: Sequence[str]) -> str | None:
    """tabulate's "simple" format (``disable_numparse``), byte for byte, for cells of printable ASCII
    text and integers, without loading tabulate; None for any other table (tabulate draws it). A test
    checks it against tabulate on random tables.

    >>> print(simple_table([["a", "bb"]], ["x", "y"]))
    x    y
    ---  ---
    a    bb
    """
    n = len(headers)
    if n == 0 or any(len(r) != n for r in rows):
        return None
    if not all(isinstance(h, str) and _PLAIN_CELL.fullmatch(h) for h in headers):
        return None
    texts = [[c if isinstance(c, str) else str(c) if type(c) is int else "\n" for c in r] for r in rows]
    if not all(_PLAIN_CELL.fullmatch(c) for r in texts for c in r):
        return None
    widths = [max([len(h) + 2, *(len(r[i]) for r in texts)]) for i, h in enumerate(headers)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip(), "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in texts]
    return "\n".join(lines)


def pick(tables: dict[str, str], name: str | None, what: str) -> str:
    """One of a command's named tables (the first by default): CSV holds one table per output."""
    if name is None:
        return next(iter(tables.values()))
    if name not in tables:
        raise InvalidRules(f"--table {shown(name)}: {what} has the tables " + ", ".join(tables))
    return tables[name]


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and its noun, singular for one, grouped by thousands.

    >>> counted(1, "line"), counted(2, "line"), counted(1_000, "dealer completion")
    ('1 line', '2 lines', '1,000 dealer completions')
    """
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


def with_article(word: str) -> str:
    """``word`` after "a" or "an" as it is read aloud: an A, an 8, a K, a 2.

    >>> with_article("A"), with_article("8"), with_article("K"), with_article("ace")
    ('an A', 'an 8', 'a K', 'an ace')
    """
    return ("an " if word[:1].upper() in "AEIOU8" else "a ") + word


def to_json(obj: object) -> str:
    """JSON text, indented, UTF-8 kept."""
    import json  # noqa: PLC0415 (only for JSON: start-up, issue #24)

    return json.dumps(obj, indent=2, ensure_ascii=False)


def pays_text(paytable: Paytable) -> str:
    """The pays joined by "/", royal flush first."""
    return paytable.short()


def describe_rules(rules: Rules) -> str:
    """The rules in one line: pay table, qualifier, the raise (when it is not the standard 2 antes),
    ante and cap."""
    s = (f"pay table {rules.paytable.name} ({pays_text(rules.paytable)}), dealer qualifies with "
         f"{rules.qualifier.label}")
    if rules.raise_antes != DEFAULT_RAISE_ANTES:
        s += f", raise {counted(rules.raise_antes, 'ante')}"
    if rules.ante is not None:
        s += f", ante {stake(rules.ante)}"
    if rules.max_payout is not None:
        s += f", cap {stake(rules.max_payout)} per bet"
    return s


def rules_json(rules: Rules) -> dict[str, Any]:
    """The rules as the "rules" object of every JSON output: the whole game. The plain game has the
    seven keys of the table; a draw adds ``"draw"`` (``{"switch_fees": ["1", ...],
    "five_forces_raise": true}``, with ``"buy_fee": "1"`` where a sixth card may be bought) and a
    leak ``"information"`` (as a whole game's ``"information"``).

    >>> sorted(rules_json(Rules.make(switch_fees="1"))["draw"].items())
    [('five_forces_raise', True), ('switch_fees', ['1'])]
    """
    out: dict[str, Any] = {
        "paytable": rules.paytable.name,
        "pays": [str(p) for p in rules.paytable.pays],
        "qualifier": rules.qualifier.label,
        "qualifier_value": rules.qualifier.value,
        "ante": None if rules.ante is None else str(rules.ante),
        "max_payout": None if rules.max_payout is None else str(rules.max_payout),
        "raise_antes": rules.raise_antes,
    }
    if rules.draw is not None:
        out["draw"] = {"switch_fees": list(rules.draw.switch_fees), "five_forces_raise": rules.draw.five_forces_raise}
        if rules.draw.buy is not None:
            out["draw"]["buy_fee"] = str(rules.draw.buy)
    if rules.information.kind != "up-card":
        out["information"] = information_json(rules.information)
    return out


_SUITS = "cdhs"


def information_words(info: Information) -> str:
    """What the player knows of the dealer's hole cards, in words."""
    ranks = "".join(RANKS[r] for r in sorted(info.ranks, reverse=True))
    if info.kind == "seen-cards":
        return f"{info.seen_cards} dealer hole card{'s' if info.seen_cards > 1 else ''} seen"
    if info.kind == "sorted-ranks":
        if info.seen_cards:
            return (f"1 dealer hole card seen and edge sorting: on each other hole card, whether its rank is one "
                    f"of {ranks or 'no rank'}")
        return f"edge sorting: on each dealer hole card, whether its rank is one of {ranks or 'no rank'}"
    if info.kind == "seen-class":
        if info.blocks or info.suit_split:
            what = [" / ".join("".join(RANKS[r] for r in sorted(b, reverse=True)) for b in info.blocks)
                    if info.blocks else ""]
            what = [f"which of {what[0]}"] if what[0] else []
            what += [f"its {info.suit_split}"] if info.suit_split else []
            if info.seen_cards:
                return f"1 dealer hole card seen and another's class: {' and '.join(what)}"
            if info.dead_cards:
                return f"one dealer hole card's class and the burn card seen: {' and '.join(what)}"
            return f"one dealer hole card's class seen: {' and '.join(what)}"
        what = [f"ranks {ranks}"] if info.ranks else []
        what += [f"suits {''.join(_SUITS[s] for s in info.suits)}"] if info.suits else []
        return f"one dealer hole card's class seen ({', '.join(what)})"
    if info.kind == "burn-card":
        dead = "the burn card seen" if info.dead_cards == 1 else f"{info.dead_cards} dead cards seen"
        if info.seen_cards:
            holes = f"{info.seen_cards} dealer hole card{'s' if info.seen_cards > 1 else ''}"
            return f"{holes} and {dead.removesuffix(' seen')} seen"
        return dead
    return "the dealer's up card only"


def information_json(info: Information) -> dict[str, Any]:
    """The ``"information"`` object of a whole-game JSON: the kind, its words and its fields."""
    return {"kind": info.kind, "description": information_words(info), "seen_cards": info.seen_cards,
            "ranks": "".join(RANKS[r] for r in sorted(info.ranks, reverse=True)),
            "suits": "".join(_SUITS[s] for s in info.suits), "dead_cards": info.dead_cards,
            "blocks": ["".join(RANKS[r] for r in sorted(b, reverse=True)) for b in info.blocks],
            "suit_split": info.suit_split}
