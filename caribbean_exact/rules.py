"""Rules of the game as exact values: pay tables, the dealer's qualifier, ante size and bet cap.

>>> r = Rules()
>>> r.paytable.name, r.qualifier.label, str(r.nets().win[CATEGORY_INDEX["flush"]])
('standard', 'AK', '11')
>>> Rules(ante=100, max_payout=5000).nets().win[CATEGORY_INDEX["royal flush"]]
Fraction(51, 1)
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from importlib import resources
from typing import Any, Union

from . import _ffi
from .errors import InvalidRules

#: Category names by category index (0 = high card .. 9 = royal flush), as in the C core.
CATEGORIES: tuple[str, ...] = (
    "high card", "pair", "two pair", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush", "royal flush",
)
CATEGORY_INDEX: dict[str, int] = {name: i for i, name in enumerate(CATEGORIES)}
#: Order of the ten numbers of a pay table: royal flush first, high card last.
PAY_ORDER: tuple[str, ...] = tuple(reversed(CATEGORIES))

Number = Union[int, Fraction, str, float]


def to_fraction(x: object, what: str) -> Fraction:
    """An exact number from int, Fraction, decimal text or "a/b"; floats only if finite."""
    if isinstance(x, bool):
        raise InvalidRules(f"{what}: {x!r} is not a number")
    if isinstance(x, (int, Fraction)):
        return Fraction(x)
    if isinstance(x, float):
        if not math.isfinite(x):
            raise InvalidRules(f"{what}: {x!r} is not a finite number")
        return Fraction(str(x))
    if isinstance(x, str):
        t = x.strip().replace("_", "")
        if re.fullmatch(r"[+-]?(\d+(\.\d*)?|\.\d+)(/\d+)?", t):
            try:
                return Fraction(t)
            except (ValueError, ZeroDivisionError):
                pass
        raise InvalidRules(f"{what}: {x!r} is not a number")
    raise InvalidRules(f"{what}: {x!r} is not a number")


@dataclass(frozen=True, slots=True)
class Paytable:
    """Raise-bet pays "to 1", royal flush first (ten numbers).

    >>> Paytable.from_numbers("100,50,20,7,5,4,3,2,1,1").pay(CATEGORY_INDEX["full house"])
    Fraction(7, 1)
    """

    name: str
    pays: tuple[Fraction, ...]
    where: str = ""
    source: str = ""

    def __post_init__(self) -> None:
        if len(self.pays) != 10:
            raise InvalidRules(f"pay table {self.name!r}: expected 10 pays (royal flush .. high card), "
                               f"got {len(self.pays)}")
        for label, p in zip(PAY_ORDER, self.pays):
            if not isinstance(p, Fraction):
                raise InvalidRules(f"pay table {self.name!r} field {label!r}: {p!r} is not exact")
            if p < 0:
                raise InvalidRules(f"pay table {self.name!r} field {label!r}: {p} is negative")

    def pay(self, category: int) -> Fraction:
        """Pay to 1 of a win with the player's category (0 = high card .. 9 = royal)."""
        return self.pays[9 - category]

    @classmethod
    def from_numbers(cls, numbers: str | Sequence[Number], name: str = "custom") -> Paytable:
        """Ten numbers, royal flush first, as text "100,50,..." or a sequence."""
        if isinstance(numbers, str):
            items: list[object] = [t for t in re.split(r"[\s,;]+", numbers.strip()) if t]
            if len(items) == 1 and "/" in numbers:  # "100/50/20/..." (fractions need commas)
                items = [t for t in numbers.strip().split("/") if t]
        else:
            items = list(numbers)
        if len(items) != 10:
            raise InvalidRules(f"pay table {name!r}: expected 10 pays (royal flush .. high card), got "
                               f"{len(items)}: {numbers!r}")
        pays = tuple(to_fraction(x, f"pay table {name!r} field {label!r}") for label, x in zip(PAY_ORDER, items))
        return cls(name, pays)

    def short(self) -> str:
        """The pays joined by "/".

        >>> Paytable.from_numbers([100,50,20,7,5,4,3,2,1,1]).short()
        '100/50/20/7/5/4/3/2/1/1'
        """
        return "/".join(str(p) for p in self.pays)


_TABLE_FIELDS = {"name", "pays", "where", "source"}


def load_paytables_text(text: str, origin: str) -> dict[str, Paytable]:
    """Pay tables from TOML: ``[[paytable]]`` entries with name, pays (10 numbers), where."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise InvalidRules(f"{origin}: not valid TOML ({e})") from None
    extra = set(doc) - {"paytable"}
    if extra:
        raise InvalidRules(f"{origin}: unknown field {sorted(extra)[0]!r} (expected [[paytable]] entries)")
    entries = doc.get("paytable")
    if not isinstance(entries, list) or not entries:
        raise InvalidRules(f"{origin}: no [[paytable]] entries")
    out: dict[str, Paytable] = {}
    for n, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            raise InvalidRules(f"{origin}: paytable #{n} is not a table")
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InvalidRules(f"{origin}: paytable #{n} field 'name' is missing")
        unknown = set(entry) - _TABLE_FIELDS
        if unknown:
            raise InvalidRules(f"{origin}: pay table {name!r} has unknown field {sorted(unknown)[0]!r}")
        if "pays" not in entry:
            raise InvalidRules(f"{origin}: pay table {name!r} field 'pays' is missing")
        pays = entry["pays"]
        if not isinstance(pays, list):
            raise InvalidRules(f"{origin}: pay table {name!r} field 'pays' must be a list of 10 numbers")
        table = Paytable.from_numbers(pays, name=name)
        where = entry.get("where", "")
        source = entry.get("source", "")
        for fname, val in (("where", where), ("source", source)):
            if not isinstance(val, str):
                raise InvalidRules(f"{origin}: pay table {name!r} field {fname!r} must be text")
        key = name.strip().lower()
        if key in out:
            raise InvalidRules(f"{origin}: pay table {name!r} is defined twice")
        out[key] = Paytable(name.strip(), table.pays, where, source)
    return out


@cache
def builtin_paytables() -> dict[str, Paytable]:
    """The pay tables shipped with the package (data/paytables.toml), by lower-case name."""
    text = resources.files(__package__).joinpath("data/paytables.toml").read_text(encoding="utf-8")
    return load_paytables_text(text, "built-in paytables.toml")


def read_text_file(path: str, what: str) -> str:
    """A UTF-8 text file; any failure is InvalidRules naming ``what`` and the path."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        raise InvalidRules(f"{what} {path!r}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise InvalidRules(f"{what} {path!r}: not UTF-8 text") from None
    except (ValueError, TypeError):  # a path open() cannot take, e.g. one with a NUL character
        raise InvalidRules(f"{what} {path!r}: not a usable file name") from None


def load_paytables_file(path: str) -> dict[str, Paytable]:
    return load_paytables_text(read_text_file(path, "pay table file"), f"pay table file {path!r}")


PaytableLike = Union[str, Paytable, Sequence[Number], None]


def get_paytable(spec: PaytableLike, extra: Mapping[str, Paytable] | None = None) -> Paytable:
    """A pay table from a name (built-in or in ``extra``), ten numbers, or a Paytable."""
    if spec is None:
        return builtin_paytables()["standard"]
    if isinstance(spec, Paytable):
        return spec
    if isinstance(spec, str):
        key = spec.strip().lower()
        tables = {**builtin_paytables(), **(extra or {})}
        if key in tables:
            return tables[key]
        if re.search(r"\d", spec):
            return Paytable.from_numbers(spec)
        raise InvalidRules(f"pay table {spec!r}: unknown name (known: {', '.join(sorted(tables))}) "
                           "and not ten numbers")
    if isinstance(spec, Iterable):
        return Paytable.from_numbers(list(spec))
    raise InvalidRules(f"pay table {spec!r}: expected a name, ten numbers or a Paytable")


# ---------------------------------------------------------------- qualifier

_CATEGORY_ALIASES = {
    "pair": 1, "one pair": 1, "two pair": 2, "two pairs": 2, "trips": 3, "three of a kind": 3,
    "set": 3, "straight": 4, "flush": 5, "full house": 6, "quads": 7, "four of a kind": 7,
    "straight flush": 8, "royal": 9, "royal flush": 9,
}


RANK_CHARS = "23456789TJQKA"


@dataclass(frozen=True, slots=True)
class Pattern:
    """A multiset of five ranks, in the C core's pattern order (cs_rank_pattern)."""

    index: int
    ranks: tuple[int, ...]    # high to low
    grouped: tuple[int, ...]  # by group size, then rank: pairs first (e.g. 9 9 A 5 2)
    category: int             # when not all one suit
    value: int                # when not all one suit
    flush_category: int | None
    flush_value: int | None

    @property
    def label(self) -> str:
        return "".join(RANK_CHARS[r] for r in self.grouped)


@cache
def patterns() -> tuple[Pattern, ...]:
    """All 6,175 rank patterns with their values, from one call to the core.

    >>> p = patterns()
    >>> royal = next(x for x in p if x.label == "AKQJT")
    >>> len(p), p[-1].label, CATEGORIES[royal.category], CATEGORIES[royal.flush_category]
    (6175, 'AAAAK', 'straight', 'royal flush')
    """
    plain, suited = _ffi.pattern_values()
    cats = _ffi.value_categories()
    out: list[Pattern] = []
    for a in range(13):
        for b in range(a + 1):
            for c in range(b + 1):
                for d in range(c + 1):
                    for e in range(d + 1):
                        if a == e:
                            continue
                        ranks = (a, b, c, d, e)
                        counts = {r: ranks.count(r) for r in ranks}
                        grouped = tuple(sorted(ranks, key=lambda r: (-counts[r], -r)))
                        k = len(out)
                        fv = suited[k] if suited[k] != 0xFFFF else None
                        out.append(Pattern(k, ranks, grouped, cats[plain[k]], plain[k],
                                           None if fv is None else cats[fv], fv))
    assert len(out) == _ffi.NUM_RANK_PATTERNS
    return tuple(out)


@cache
def _value_table() -> tuple[tuple[int, tuple[int, ...], bool], ...]:
    """(value, grouped ranks, suited) of every hand class, by value."""
    rows = [(p.value, p.grouped, False) for p in patterns()]
    rows += [(p.flush_value, p.grouped, True) for p in patterns() if p.flush_value is not None]
    return tuple(sorted(rows))


@dataclass(frozen=True, slots=True)
class Qualifier:
    """The dealer qualifies with a hand value >= ``value`` (values 0..7461; 0 = always).

    >>> Qualifier.parse("AK").value, Qualifier.parse("pair").value, Qualifier.parse("none").value
    (1113, 1277, 0)
    >>> Qualifier.parse("As Kd Jh 8c 3s").value == Qualifier.parse("AKJ83").value
    True
    """

    label: str
    value: int

    @classmethod
    def parse(cls, spec: object) -> Qualifier:
        if isinstance(spec, Qualifier):
            return spec
        if spec is None:
            return cls.parse("AK")
        if isinstance(spec, int) and not isinstance(spec, bool):
            if not 0 <= spec <= _ffi.NUM_VALUES:
                raise InvalidRules(f"qualifier {spec!r}: a hand value must be 0..{_ffi.NUM_VALUES}")
            return cls(str(spec), spec)
        if not isinstance(spec, str):
            raise InvalidRules(f"qualifier {spec!r}: expected text like 'AK', 'pair', '44' or 'none'")
        t = " ".join(spec.strip().lower().replace("-", " ").replace("_", " ").split())
        t = t.removesuffix(" or better")
        if t in ("none", "any", "no qualifier", "always"):
            return cls("none", 0)
        if t in _CATEGORY_ALIASES:
            cat = _CATEGORY_ALIASES[t]
            cats = _ffi.value_categories()
            v = min(v for v, g, f in _value_table() if cats[v] >= cat)
            return cls(t, v)
        compact = t.replace(" ", "").replace("10", "t").upper()
        if compact and all(ch in RANK_CHARS for ch in compact) and len(compact) <= 5:
            prefix = tuple(RANK_CHARS.index(ch) for ch in compact)
            found = [v for v, g, f in _value_table() if not f and g[: len(prefix)] == prefix]
            if not found:
                raise InvalidRules(f"qualifier {spec!r}: no hand starts with those ranks")
            return cls(compact, min(found))
        hand = _five_cards(spec)
        if hand is not None:  # a five-card hand with suits: "As Kd Jh 8c 3s", or a suited "AhKhQh9h2h"
            v, _ = _ffi.evaluate5([c.index for c in hand])
            return cls(" ".join(str(c) for c in hand), v)
        raise InvalidRules(f"qualifier {spec!r}: expected 'AK', 'pair', '44', a five-rank hand like "
                           "'AKJ83' or five cards, a category name, or 'none'")


def _five_cards(text: str) -> tuple[Any, ...] | None:
    from .cards import parse_cards
    from .errors import InvalidCards

    try:
        hand = parse_cards(text)
    except InvalidCards:
        return None
    if len(hand) != 5 or len({c.index for c in hand}) != 5:
        return None
    return hand


# ---------------------------------------------------------------- rules and nets


@dataclass(frozen=True, slots=True)
class Nets:
    """Exact net result per ante of every outcome (win by the player's category index)."""

    fold: Fraction
    not_qualify: Fraction
    tie: Fraction
    lose: Fraction
    win: tuple[Fraction, ...]

    def scaled(self) -> tuple[list[int], int]:
        """Integers (fold, nq, tie, lose, win x 10) over one common denominator, for the core."""
        all_ = [self.fold, self.not_qualify, self.tie, self.lose, *self.win]
        den = math.lcm(*(x.denominator for x in all_))
        ints = [int(x * den) for x in all_]
        if max(abs(i) for i in ints) > 1 << 40:
            raise InvalidRules("pay table: pays too large or too finely divided for exact counting "
                               "(scaled nets exceed 2^40)")
        return ints, den


@dataclass(frozen=True, slots=True)
class Rules:
    """Pay table, qualifier, and optionally an ante size with a cap per bet.

    A win on one bet never pays more than ``max_payout``; nets are per ante.
    """

    paytable: Paytable = field(default_factory=lambda: get_paytable(None))
    qualifier: Qualifier = field(default_factory=lambda: Qualifier.parse("AK"))
    ante: Fraction | None = None
    max_payout: Fraction | None = None

    @classmethod
    def make(cls, paytable: PaytableLike = None, qualifier: object = None, ante: object = None,
             max_payout: object = None, paytables: Mapping[str, Paytable] | None = None) -> Rules:
        """Rules from loose input (names, numbers, text), validated."""
        a = None if ante is None else to_fraction(ante, "ante")
        m = None if max_payout is None else to_fraction(max_payout, "max_payout")
        return cls(get_paytable(paytable, paytables), Qualifier.parse(qualifier), a, m)

    def __post_init__(self) -> None:
        if not isinstance(self.paytable, Paytable):
            object.__setattr__(self, "paytable", get_paytable(self.paytable))
        if not isinstance(self.qualifier, Qualifier):
            object.__setattr__(self, "qualifier", Qualifier.parse(self.qualifier))
        for name in ("ante", "max_payout"):
            v = getattr(self, name)
            if v is not None and not isinstance(v, Fraction):
                object.__setattr__(self, name, to_fraction(v, name))
        if self.ante is not None and self.ante <= 0:
            raise InvalidRules(f"ante: {self.ante} must be positive")
        if self.max_payout is not None:
            if self.max_payout <= 0:
                raise InvalidRules(f"max_payout: {self.max_payout} must be positive")
            if self.ante is None:
                raise InvalidRules("max_payout: a cap needs an ante size (ante=...)")
            if self.max_payout < self.ante:
                raise InvalidRules(f"max_payout: the cap {self.max_payout} is below the ante {self.ante}")

    def nets(self) -> Nets:
        a = Fraction(1)
        raise_win = [2 * self.paytable.pay(c) for c in range(10)]
        if self.max_payout is not None:
            assert self.ante is not None
            a = min(self.ante, self.max_payout) / self.ante
            raise_win = [min(r * self.ante, self.max_payout) / self.ante for r in raise_win]
        return Nets(Fraction(-1), a, Fraction(0), Fraction(-3), tuple(a + r for r in raise_win))

    def describe(self) -> dict[str, Any]:
        return {
            "paytable": self.paytable.name,
            "pays": [str(p) for p in self.paytable.pays],
            "qualifier": self.qualifier.label,
            "qualifier_value": self.qualifier.value,
            "ante": None if self.ante is None else str(self.ante),
            "max_payout": None if self.max_payout is None else str(self.max_payout),
        }
