"""Rules of the game as exact values: pay tables, the dealer's qualifier, ante size and bet cap.

>>> r = Rules()
>>> r.paytable.name, r.qualifier.label, str(r.nets().win[CATEGORY_INDEX["flush"]])
('standard', 'AK', '11')
>>> Rules(ante=100, max_payout=5000).nets().win[CATEGORY_INDEX["royal flush"]]
Fraction(51, 1)
"""

from __future__ import annotations

import contextlib
import math
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache, lru_cache

from ..engine import _ffi
from ..errors import InvalidCards, InvalidRules, InvalidType, cut, shown
from .cards import RANKS, Card, parse_cards
from .draw import Draw, DrawLike
from .hands import (
    CATEGORIES,
    CATEGORY_INDEX,
    NUM_VALUES,
    PAY_ORDER,
    category_of_name,
    lowest_plain_value_starting,
    lowest_value_of_category,
)
from .information import UP_CARD_ONLY, Information
from .numbers import MAX_DIGITS, Number, to_fraction
from .paytable_data import TABLES as _BUILTIN_TABLES

__all__ = [
    "CATEGORIES", "CATEGORY_INDEX", "MAX_DIGITS", "MAX_FILE_BYTES", "MAX_TABLES", "PAY_ORDER",
    "Nets", "Number", "Paytable", "PaytableLike", "Qualifier",
    "QualifierLike", "Rules", "ScaledNets", "builtin_paytables", "get_paytable", "load_paytables_file",
    "load_paytables_text", "read_text_file", "to_fraction",
]

@dataclass(frozen=True, slots=True)
class Paytable:
    """Raise-bet pays "to 1", royal flush first (ten numbers).

    ``name``: the table's name; ``pays``: the ten exact pays, royal flush, straight flush, four of
    a kind, full house, flush, straight, three of a kind, two pair, pair, high card; ``where`` and
    ``source``: where the table is played and where it was read (built-in tables; else "").

    >>> Paytable.from_numbers("100,50,20,7,5,4,3,2,1,1").pay(CATEGORY_INDEX["full house"])
    Fraction(7, 1)
    """

    name: str
    pays: tuple[Fraction, ...]
    where: str = ""
    source: str = ""

    def __post_init__(self) -> None:
        if len(self.pays) != 10:
            raise InvalidRules(f"pay table {shown(self.name)}: expected 10 pays (royal flush .. high card), "
                               f"got {len(self.pays)}")
        for label, p in zip(PAY_ORDER, self.pays):
            if not isinstance(p, Fraction):
                raise InvalidRules(f"pay table {shown(self.name)} field {shown(label)}: {shown(p)} is not exact")
            if p < 0:
                raise InvalidRules(f"pay table {shown(self.name)} field {shown(label)}: {p} is negative")

    def pay(self, category: int) -> Fraction:
        """Pay to 1 of a win with the player's category.

        ``category``: the player's hand category, 0 (high card) .. 9 (royal flush).
        """
        return self.pays[9 - category]

    @classmethod
    def from_numbers(cls, numbers: str | Sequence[Number], name: str = "custom") -> Paytable:
        """A pay table from ten numbers, royal flush first.

        ``numbers``: the ten pays "to 1", as text ("100,50,20,7,5,4,3,2,1,1", "100/50/..."; commas
        when a pay is a fraction "4/3") or a list or tuple of numbers; each a non-negative exact
        number (int, Fraction, decimal text, a finite float). ``name``: the table's name (default
        "custom"). A numpy array of numbers is a list too. Raises ``InvalidRules`` (a ``ValueError``)
        for anything but ten such numbers, ``InvalidType`` (a ``TypeError``) for a value of the
        wrong type (an object, None, a list where a pay goes).
        """
        if isinstance(numbers, str):
            items: list[object] = [t for t in re.split(r"[\s,;]+", numbers.strip()) if t]
            if len(items) == 1 and "/" in numbers:  # "100/50/20/..." (fractions need commas)
                items = [t for t in numbers.strip().split("/") if t]
        elif isinstance(numbers, (list, tuple)) or _is_array(numbers):
            items = list(numbers)
        else:
            raise InvalidType(f"pay table {shown(name)}: {shown(numbers)} is not ten numbers (text, a list or "
                              "an array)")
        if not isinstance(name, str):
            raise InvalidRules(f"pay table name {shown(name)}: expected text")
        if len(items) != 10:
            raise InvalidRules(f"pay table {shown(name)}: expected 10 pays (royal flush .. high card), got "
                               f"{len(items)}: {shown(numbers)}")
        pays = tuple(to_fraction(x, f"pay table {shown(name)} field {shown(label)}")
                     for label, x in zip(PAY_ORDER, items))
        return cls(name, pays)

    def short(self) -> str:
        """The ten pays in one line, royal flush first: "/" between them, or ", " when a pay is
        a fraction that has no exact decimal, so that ten pays always read as ten.

        >>> Paytable.from_numbers([100,50,20,7,5,4,3,2,1,1]).short()
        '100/50/20/7/5/4/3/2/1/1'
        >>> Paytable.from_numbers("100,50,20,7,5,4,3,2,1.5,1").short()
        '100/50/20/7/5/4/3/2/1.5/1'
        >>> Paytable.from_numbers("100,50,20,7,5,4,3,2,4/3,1").short()
        '100, 50, 20, 7, 5, 4, 3, 2, 4/3, 1'
        """
        parts = [exact_text(p) for p in self.pays]
        return ", ".join(parts) if any("/" in x for x in parts) else "/".join(parts)


def exact_text(x: Fraction) -> str:
    """An exact number as short text: an integer, a terminating decimal ("1.5"), else "a/b".

    >>> exact_text(Fraction(3, 2)), exact_text(Fraction(7)), exact_text(Fraction(1, 3))
    ('1.5', '7', '1/3')
    """
    if x.denominator == 1:
        return str(x.numerator)
    d = x.denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1 or max(twos, fives) > 12:
        return str(x)
    places = max(twos, fives)
    digits = str(abs(x.numerator) * 10 ** places // x.denominator).rjust(places + 1, "0")
    return ("-" if x < 0 else "") + digits[:-places] + "." + digits[-places:]


_TABLE_FIELDS = {"name", "pays", "where", "source"}

#: Largest pay-table or rule file read (1 MB: the built-in file is 1.3 KB).
MAX_FILE_BYTES = 1_000_000
#: Most pay tables a file may hold (and ``compare`` takes): each is solved in about 20 ms.
MAX_TABLES = 1_000


def load_paytables_text(text: str, origin: str) -> dict[str, Paytable]:
    """Pay tables from TOML: ``[[paytable]]`` entries with name, pays (10 numbers), where.

    At most ``MAX_TABLES`` tables; TOML nested too deeply to read is refused, not a crash.
    """
    if not isinstance(text, str):
        raise InvalidRules(f"{origin}: {shown(text)} is not text")
    doc = _read_toml(text, origin)
    extra = set(doc) - {"paytable"}
    if extra:
        raise InvalidRules(f"{origin}: unknown field {shown(min(extra))} (expected [[paytable]] entries)")
    entries = doc.get("paytable")
    if not isinstance(entries, list) or not entries:
        raise InvalidRules(f"{origin}: no [[paytable]] entries")
    if len(entries) > MAX_TABLES:
        raise InvalidRules(f"{origin}: {len(entries):,} pay tables, more than the limit of {MAX_TABLES:,}")
    out: dict[str, Paytable] = {}
    for n, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            raise InvalidRules(f"{origin}: paytable #{n} is not a table")
        if "name" not in entry:
            raise InvalidRules(f"{origin}: paytable #{n} field 'name' is missing")
        name = entry["name"]
        if not isinstance(name, str):
            raise InvalidRules(f"{origin}: paytable #{n} field 'name' must be text, not {shown(name)}")
        if not name.strip():
            raise InvalidRules(f"{origin}: paytable #{n} field 'name' is empty")
        if _reads_as_pays(name):
            raise InvalidRules(f"{origin}: pay table name {shown(name)} reads as a list of pays: "
                               "a name must not be numbers (it would stand for other pays than its own)")
        unknown = set(entry) - _TABLE_FIELDS
        if unknown:
            raise InvalidRules(f"{origin}: pay table {shown(name)} has unknown field {shown(min(unknown))}")
        if "pays" not in entry:
            raise InvalidRules(f"{origin}: pay table {shown(name)} field 'pays' is missing")
        pays = entry["pays"]
        if not isinstance(pays, list):
            raise InvalidRules(f"{origin}: pay table {shown(name)} field 'pays' must be a list of 10 numbers")
        try:
            table = Paytable.from_numbers(pays, name=name)
        except InvalidRules as e:
            raise InvalidRules(f"{origin}: {e}") from None
        where = entry.get("where", "")
        source = entry.get("source", "")
        for fname, val in (("where", where), ("source", source)):
            if not isinstance(val, str):
                raise InvalidRules(f"{origin}: pay table {shown(name)} field {shown(fname)} must be text")
        key = name.strip().lower()
        if key in out:
            raise InvalidRules(f"{origin}: pay table {shown(name)} is defined twice")
        out[key] = Paytable(name.strip(), table.pays, where, source)
    return out


def _read_toml(text: str, origin: str) -> dict[str, object]:
    """A TOML document; the reader loads only here, for a user's file (the built-in tables are
    Python data: the command line starts without it)."""
    import tomllib  # noqa: PLC0415 (start-up, issue #24)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise InvalidRules(f"{origin}: not valid TOML ({cut(str(e), 200)})") from None
    except RecursionError:  # tomllib reads nested arrays and inline tables recursively
        raise InvalidRules(f"{origin}: arrays or tables nested too deeply to read") from None


def _reads_as_pays(name: str) -> bool:
    """Whether ``name`` would be read as ten pays where a pay table is asked for."""
    if not re.search(r"\d", name):
        return False
    try:
        Paytable.from_numbers(name)
    except InvalidRules:
        return False
    return True


@cache
def builtin_paytables() -> dict[str, Paytable]:
    """The pay tables shipped with the package (data/paytables.toml), by lower-case name.

    Built from ``model/paytable_data.py``, the same tables as Python data (no TOML read at start-up).
    """
    return {name.strip().lower(): Paytable(name.strip(), tuple(Fraction(n, d) for n, d in pays), where, source)
            for name, pays, where, source in _BUILTIN_TABLES}


def read_text_file(path: str, what: str, max_bytes: int = MAX_FILE_BYTES) -> str:
    """A UTF-8 text file of at most ``max_bytes`` bytes; any failure is InvalidRules naming
    ``what`` and the path (a larger file is refused before it is read whole)."""
    if not isinstance(path, (str, os.PathLike)):
        raise InvalidRules(f"{what} {shown(path)}: not a file name (open() would take a number as a file descriptor)")
    try:
        with open(path, "rb") as f:
            data = f.read(max_bytes + 1)
    except OSError as e:
        raise InvalidRules(f"{what} {shown(path)}: {e.strerror}") from None
    except (ValueError, TypeError):  # a path open() cannot take, e.g. one with a NUL character
        raise InvalidRules(f"{what} {shown(path)}: not a usable file name") from None
    if len(data) > max_bytes:
        raise InvalidRules(f"{what} {shown(path)}: larger than the limit of {max_bytes:,} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidRules(f"{what} {shown(path)}: not UTF-8 text") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")  # as open() in text mode reads it


def load_paytables_file(path: str) -> dict[str, Paytable]:
    """A user's pay tables (TOML); a name taken by a built-in table is refused."""
    origin = f"pay table file {shown(path)}"
    tables = load_paytables_text(read_text_file(path, "pay table file"), origin)
    check_names(tables, origin)
    return tables


def check_names(extra: Mapping[str, Paytable], origin: str = "pay tables") -> None:
    """Refuse user tables named like a built-in table (any case): one name, one table."""
    if not isinstance(extra, Mapping) or not all(
            isinstance(k, str) and isinstance(t, Paytable) for k, t in extra.items()):
        raise InvalidRules(f"{origin}: {shown(extra)} must map names to Paytable objects (load_paytables_file)")
    for key, table in extra.items():
        if key.strip().lower() in builtin_paytables():
            raise InvalidRules(f"{origin}: pay table {shown(table.name)} has the name of a built-in table; "
                               "rename it (the built-in tables: " + ", ".join(sorted(builtin_paytables())) + ")")


PaytableLike = str | Paytable | Sequence[Number] | None


def _some_names(tables: Mapping[str, Paytable], most: int = 12) -> str:
    """The first names of a mapping of tables for a message, with how many more there are."""
    names = sorted(tables)
    text = ", ".join(shown(n)[1:-1] for n in names[:most])
    return text + (f" and {len(names) - most:,} more" if len(names) > most else "")


def get_paytable(spec: PaytableLike, extra: Mapping[str, Paytable] | None = None) -> Paytable:
    """A pay table from a name (built-in or in ``extra``), ten numbers, or a Paytable.

    - ``spec``: a table's name (any case: "standard", "live-dealer", ...), ten pays royal flush
      first as text ("100,50,20,7,5,4,3,2,1,1") or numbers, a ``Paytable`` (returned as it is), or
      None (the "standard" table).
    - ``extra``: pay tables of your own by name (from ``load_paytables_file`` in
      ``caribbean_exact.model.rules``), looked up with the built-in ones (default None: the
      built-in only).

    Returns the ``Paytable``. Raises ``InvalidRules`` (a ``ValueError``) for an unknown name, pays
    that are not ten non-negative numbers, or ``extra`` names that clash with built-in tables.

    >>> get_paytable("standard").short(), get_paytable("100,50,20,7,5,4,3,2,1,1").name
    ('100/50/20/7/5/4/3/2/1/1', 'custom')
    """
    if spec is None:
        return builtin_paytables()["standard"]
    if isinstance(spec, Paytable):
        return spec
    if isinstance(spec, str):
        key = spec.strip().lower()
        if extra:
            check_names(extra)
        tables = {**builtin_paytables(), **(extra or {})}
        if key in tables:
            return tables[key]
        if re.search(r"\d", spec):
            return Paytable.from_numbers(spec)
        raise InvalidRules(f"pay table {shown(spec)}: unknown name (known: {_some_names(tables)}) "
                           "and not ten numbers")
    if isinstance(spec, Iterable) and not isinstance(spec, (bytes, Mapping)):
        return Paytable.from_numbers(list(spec))
    raise InvalidType(f"pay table {shown(spec)}: expected a name, ten numbers or a Paytable")


def _is_array(x: object) -> bool:
    """Whether ``x`` is a one-dimensional numpy array (a pay table or fee list as numbers), told
    without importing numpy."""
    return type(x).__module__ == "numpy" and getattr(x, "ndim", None) == 1


# ---------------------------------------------------------------- qualifier


@dataclass(frozen=True, slots=True)
class Qualifier:
    """The dealer qualifies with a hand value >= ``value`` (values 0..7461; 0 = always, 7462 = never).

    ``label``: the qualifier as read ("AK", "pair", "pair of 4s", "none", ...); ``value``: the
    lowest hand value that qualifies (the core's values: higher beats lower). Make one with
    ``Qualifier.parse``.

    >>> Qualifier.parse("AK").value, Qualifier.parse("pair").value, Qualifier.parse("none").value
    (1113, 1277, 0)
    >>> Qualifier.parse("As Kd Jh 8c 3s").value == Qualifier.parse("AKJ83").value
    True
    >>> [Qualifier.parse(x).value for x in ("Ace-King", "pair of 4s", "value 1113", "1113", "high card")]
    [1113, 1717, 1113, 1113, 0]
    """

    label: str
    value: int

    @classmethod
    def parse(cls, spec: QualifierLike) -> Qualifier:
        """A qualifier from text, a hand value or a ``Qualifier``.

        The text: ranks high to low ("AK", "44", "AKJ83"), a category ("pair", "two pair"),
        "pair of 4s", rank words ("ace king"), five cards, a hand value (an int, "value 1113" or a
        number that is not a list of ranks), or "none".

        ``spec``: that text, an int hand value 0..7462, a ``Qualifier`` (returned as it is) or None
        (ace-king). Raises ``InvalidRules`` (a ``ValueError``) for anything else.
        """
        if isinstance(spec, Qualifier):
            return spec
        if spec is None:
            return _default_qualifier()
        if isinstance(spec, int) and not isinstance(spec, bool):
            return cls._of_value(spec, spec)
        if not isinstance(spec, str):
            raise InvalidRules(f"qualifier {shown(spec)}: expected text like 'AK', 'pair', '44' or 'none'")
        if _STRAY_HYPHEN.search(spec) or any(ch.isnumeric() and not ch.isascii() for ch in spec):
            # a sign ("-1", "--5", "value -3") or a digit that is not 0-9 ("\u0663", "\u00b2")
            raise InvalidRules(_qualifier_expected(spec))
        t = " ".join(spec.strip().lower().replace("-", " ").replace("_", " ").split())
        t = t.removesuffix(" or better")
        if t in ("none", "any", "no qualifier", "always"):
            return cls("none", 0)
        m = re.fullmatch(r"(?:value|#)\s*([0-9]+)|([0-9]+)", t)
        if m and (m.group(1) or not _is_rank_list(t)):
            digits = m.group(1) or m.group(2)  # more than 9 digits is out of range (and int() of 4,300 fails)
            return cls._of_value(spec, int(digits) if len(digits.lstrip("0")) <= 9 else 10**9)
        cat = category_of_name(t)
        if cat is not None:
            return cls(t, lowest_value_of_category(cat))
        m = re.fullmatch(r"(?:a )?pair of (\w+?)s?", t)
        if m:
            rank = _rank_char(m.group(1))
            if rank is None:
                raise InvalidRules(f"qualifier {shown(spec)}: 'pair of' takes a rank (2-9, T, J, Q, K, A)")
            return cls(f"pair of {rank}s", _lowest_starting(spec, rank * 2))
        words = [_rank_char(w) for w in t.split()]
        if len(words) > 1 and all(words):
            return cls("".join(w for w in words if w), _lowest_starting(spec, "".join(w for w in words if w)))
        compact = t.replace(" ", "").replace("10", "t").upper()
        if compact and all(ch in RANKS for ch in compact) and len(compact) <= 5:
            return cls(compact, _lowest_starting(spec, compact))
        hand = _five_cards(spec)
        if hand is not None:  # a five-card hand with suits: "As Kd Jh 8c 3s", or a suited "AhKhQh9h2h"
            v, _ = _ffi.evaluate5([c.index for c in hand])
            return cls(" ".join(str(c) for c in hand), v)
        raise InvalidRules(_qualifier_expected(spec))

    @classmethod
    def _of_value(cls, spec: object, value: int) -> Qualifier:
        if not 0 <= value <= NUM_VALUES:
            raise InvalidRules(f"qualifier {shown(spec)}: a hand value must be 0..{NUM_VALUES}")
        return cls(str(value), value)


#: A hyphen that does not join two words ("Ace-King"): a sign ("-1113", "--5", "value -3") or stray.
_STRAY_HYPHEN = re.compile(r"(?<![A-Za-z0-9])-|-(?![A-Za-z0-9])")


def _qualifier_expected(spec: object) -> str:
    return (f"qualifier {shown(spec)}: expected 'AK', 'pair', '44', a five-rank hand like 'AKJ83' or five cards, "
            "a category name, a hand value, or 'none'")


_RANK_WORDS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "T", "nine": "9", "eight": "8",
               "seven": "7", "six": "6", "five": "5", "four": "4", "three": "3", "two": "2", "deuce": "2"}


def _rank_char(word: str) -> str | None:
    """A rank character from a rank word or character ("ace", "aces", "a", "10"), or None."""
    w = word.lower()
    if w in _RANK_WORDS or w.removesuffix("s") in _RANK_WORDS or w.removesuffix("es") in _RANK_WORDS:
        return _RANK_WORDS.get(w) or _RANK_WORDS.get(w.removesuffix("s")) or _RANK_WORDS[w.removesuffix("es")]
    w = "t" if w == "10" else w
    return w.upper() if len(w) == 1 and w.upper() in RANKS else None


def _is_rank_list(digits: str) -> bool:
    """Whether a digit string reads as ranks high to low (such as "44" or "5432"), not a hand value."""
    return len(digits) <= 5 and all(ch in RANKS for ch in digits) and lowest_plain_value_starting(
        tuple(RANKS.index(ch) for ch in digits)) is not None


def _lowest_starting(spec: object, ranks: str) -> int:
    """The lowest plain hand value whose ranks (groups first, high to low) start with ``ranks``."""
    prefix = tuple(RANKS.index(ch) for ch in ranks)
    found = lowest_plain_value_starting(prefix)
    if found is not None:
        return found
    ordered = "".join(sorted(ranks, key=lambda ch: (-ranks.count(ch), -RANKS.index(ch))))
    if ordered != ranks and lowest_plain_value_starting(tuple(RANKS.index(ch) for ch in ordered)) is not None:
        raise InvalidRules(f"qualifier {shown(spec)}: ranks go high to low, pairs first ({shown(ordered)})")
    raise InvalidRules(f"qualifier {shown(spec)}: no hand starts with those ranks")


def _five_cards(text: str) -> tuple[Card, ...] | None:
    try:
        hand = parse_cards(text)
    except InvalidCards:
        return None
    if len(hand) != 5 or len({c.index for c in hand}) != 5:
        return None
    return hand


QualifierLike = Qualifier | str | int | None


@cache
def _default_qualifier() -> Qualifier:
    """Ace-King: the lowest hand starting A K is A K 4 3 2 of mixed suits. Its value comes from one
    evaluation, not from the table of every rank pattern that ``parse`` builds for a prefix
    (about 50 ms at start-up); a test checks that the two agree."""
    value, _ = _ffi.evaluate5([Card.parse(c).index for c in ("As", "Kd", "4h", "3c", "2s")])
    return Qualifier("AK", value)


# ---------------------------------------------------------------- rules and nets


@dataclass(frozen=True, slots=True)
class Nets:
    """Exact net result per ante of every outcome (win by the player's category index).

    ``fold``: folding (-1); ``not_qualify``: the dealer does not qualify (the ante wins 1 to 1,
    less under a cap); ``tie``: a tie (0); ``lose``: the dealer qualifies and wins (-1 - the raise);
    ``win``: the player wins, one net per category of the player's hand (0 = high card .. 9 =
    royal flush).
    """

    fold: Fraction
    not_qualify: Fraction
    tie: Fraction
    lose: Fraction
    win: tuple[Fraction, ...]
    _scaled: ScaledNets | None = field(default=None, init=False, repr=False, compare=False)

    def scaled(self) -> ScaledNets:
        """The nets as integers over one common denominator, for the core (computed once)."""
        if self._scaled is None:
            object.__setattr__(self, "_scaled", self._scale())
        assert self._scaled is not None
        return self._scaled

    def _scale(self) -> ScaledNets:
        all_ = [self.fold, self.not_qualify, self.tie, self.lose, *self.win]
        den = math.lcm(*(x.denominator for x in all_))
        ints = [int(x * den) for x in all_]
        if max(abs(i) for i in ints) > SCALED_NET_LIMIT:
            raise InvalidRules("pay table: pays too large or too finely divided for exact counting "
                               "(scaled nets exceed 2^40)")
        fold, nq, tie, lose, *win = ints
        return ScaledNets(fold, nq, tie, lose, tuple(win), den)


#: The raise of the standard game, in antes, and the largest raise the rules take.
DEFAULT_RAISE_ANTES = 2
MAX_RAISE_ANTES = 10

#: The largest scaled net the core accepts (cs_nets limit).
SCALED_NET_LIMIT = 1 << 40


@dataclass(frozen=True, slots=True)
class ScaledNets:
    """``Nets`` times ``denominator``: integers, as the core takes them."""

    fold: int
    not_qualify: int
    tie: int
    lose: int
    win: tuple[int, ...]
    denominator: int

    def as_list(self) -> list[int]:
        """(fold, not qualify, tie, lose, win x 10): the order of cs_nets."""
        return [self.fold, self.not_qualify, self.tie, self.lose, *self.win]


@dataclass(frozen=True, slots=True)
class Rules:
    """Pay table, qualifier, the raise size, and optionally an ante size with a cap per bet.

    ``paytable``: the raise bet's ``Paytable`` (default: "standard"); ``qualifier``: the dealer's
    ``Qualifier`` (default: ace-king); ``ante``: the ante size in money (None: no size; needed for
    a cap); ``max_payout``: the most one bet can win, in money (None: no cap; at least ``ante``).
    ``Rules.make`` builds them from names, numbers and text. Bad fields raise ``InvalidRules``.

    The player raises ``raise_antes`` antes (2 in the standard game; 1 to 10). A win on one bet never
    pays more than ``max_payout``; nets are per ante.

    The rules name the whole game: ``draw`` is what the player may do before his raise decision
    (a ``Draw``: Oasis Poker's switch fees; None, the default: no draw) and ``information`` what he
    knows of the dealer's hole cards (an ``Information``; default ``UP_CARD_ONLY``: the up card
    only). ``plain`` is the same table without them. ``solve(rules=...)`` solves whichever game the
    rules name.

    >>> Rules().nets().lose, Rules(raise_antes=3).nets().lose
    (Fraction(-3, 1), Fraction(-4, 1))
    >>> oasis = Rules.make("standard", switch_fees="1,2,3,2,1")
    >>> oasis.draw.switch.fee(4), oasis.plain == Rules(), oasis.is_plain, Rules().is_plain
    (Fraction(2, 1), True, False, True)
    """

    paytable: Paytable = field(default_factory=lambda: get_paytable(None))
    qualifier: Qualifier = field(default_factory=_default_qualifier)
    ante: Fraction | None = None
    max_payout: Fraction | None = None
    #: The raise, in antes (the standard game: 2).
    raise_antes: int = DEFAULT_RAISE_ANTES
    #: What the player may do before his raise decision (a ``Draw``); None: no draw.
    draw: Draw | None = None
    #: What the player knows of the dealer's hole cards besides the up card.
    information: Information = UP_CARD_ONLY
    _nets: Nets | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def make(cls, paytable: PaytableLike = None, qualifier: QualifierLike = None, ante: Number | None = None,
             max_payout: Number | None = None, paytables: Mapping[str, Paytable] | None = None, *,
             raise_antes: int = DEFAULT_RAISE_ANTES, draw: DrawLike | None = None,
             switch_fees: DrawLike | None = None, buy_fee: Number | None = None,
             information: Information | None = None) -> Rules:
        """Rules from loose input (names, numbers, text), validated.

        Repeated calls with the same text or numbers share one ``Rules`` (and its nets).

        - ``paytable``: a name (built-in, or in ``paytables``), ten pays royal flush first (text or
          numbers) or a ``Paytable`` (default None: "standard").
        - ``qualifier``: "AK", "pair", "44", five ranks, a hand value or a ``Qualifier`` (default
          None: ace-king).
        - ``ante``: the ante size in money, needed only with a cap (default None).
        - ``max_payout``: the most one bet can win, in money (default None: no cap).
        - ``paytables``: pay tables of your own by name (from ``load_paytables_file`` in
          ``caribbean_exact.model.rules``), looked up with the built-in ones (default None: the
          built-in only).
        - ``raise_antes``: the raise, in antes, 1 to 10 (keyword only; default 2).
        - ``draw``: the player's draw: a ``Draw``, or switch fees ("1,2,3,4,5", "1", a name of
          ``FEE_SCHEDULES``, numbers) (keyword only; default None: no draw). ``switch_fees`` is the
          same, by the name the command line uses; give one of the two.
        - ``buy_fee``: the fee in antes of buying a sixth card (keyword only; default None: no
          buying); with switch fees the player takes one of the two.
        - ``information``: what the player knows of the hole cards (an ``Information``; keyword
          only; default None: the up card only).

        Raises ``InvalidRules`` (a ``ValueError``) for any bad part.

        >>> Rules.make("live-dealer", "pair").qualifier.label
        'pair'
        >>> Rules.make(switch_fees="1").draw.most_switched
        1
        """
        plain: Rules | None = None
        if paytables is None:
            with contextlib.suppress(TypeError):  # an unhashable spec (a list of pays): build it each time
                plain = _made_rules(paytable, qualifier, ante, max_payout, raise_antes)  # type: ignore[arg-type]
        if plain is None:
            plain = cls._make(paytable, qualifier, ante, max_payout, paytables, raise_antes)
        return plain.with_game(draw=draw, switch_fees=switch_fees, buy_fee=buy_fee, information=information)

    def with_game(self, *, draw: DrawLike | None = None, switch_fees: DrawLike | None = None,
                  buy_fee: Number | None = None, information: Information | None = None) -> Rules:
        """These rules with a draw and/or information (None keeps what they have).

        ``draw`` and ``switch_fees`` are the same thing (a ``Draw`` or switch fees); give one.
        ``buy_fee``: the fee of a sixth card, added to the draw given (or to the rules' own switching).
        ``information``: an ``Information`` (what the player knows of the hole cards).

        >>> Rules().with_game(switch_fees="1,2,3,4,5").draw.short()
        'switch fees 1,2,3,4,5'
        """
        if draw is not None and switch_fees is not None:
            raise InvalidRules("draw and switch_fees: give one of the two (both are the player's draw)")
        spec = draw if draw is not None else switch_fees
        if spec is None and information is None and buy_fee is None:
            return self
        d = self.draw if spec is None else Draw.parse(spec)
        if buy_fee is not None:
            d = Draw.make(None if d is None else d.switch, buy=buy_fee)
        i = self.information if information is None else information
        if d == self.draw and i == self.information:
            return self
        return Rules(self.paytable, self.qualifier, self.ante, self.max_payout, self.raise_antes, d, i)

    @property
    def plain(self) -> Rules:
        """The same table (pay table, qualifier, raise, ante, cap) with no draw and the up card only:
        what the counting core prices. ``self`` when the rules have neither."""
        if self.is_plain:
            return self
        return Rules(self.paytable, self.qualifier, self.ante, self.max_payout, self.raise_antes)

    @property
    def is_plain(self) -> bool:
        """Whether the rules have no draw and the player sees only the up card."""
        return self.draw is None and self.information == UP_CARD_ONLY

    @classmethod
    def _make(cls, paytable: PaytableLike, qualifier: QualifierLike, ante: Number | None,
              max_payout: Number | None, paytables: Mapping[str, Paytable] | None,
              raise_antes: int = DEFAULT_RAISE_ANTES) -> Rules:
        a = None if ante is None else to_fraction(ante, "ante")
        m = None if max_payout is None else to_fraction(max_payout, "max_payout")
        return cls(get_paytable(paytable, paytables), Qualifier.parse(qualifier), a, m, check_raise_antes(raise_antes))

    def __post_init__(self) -> None:
        if not isinstance(self.paytable, Paytable):
            object.__setattr__(self, "paytable", get_paytable(self.paytable))
        if not isinstance(self.qualifier, Qualifier):
            object.__setattr__(self, "qualifier", Qualifier.parse(self.qualifier))
        for name in ("ante", "max_payout"):
            v = getattr(self, name)
            if v is not None and not isinstance(v, Fraction):
                object.__setattr__(self, name, to_fraction(v, name))
        check_raise_antes(self.raise_antes)
        if self.draw is not None and not isinstance(self.draw, Draw):
            object.__setattr__(self, "draw", Draw.parse(self.draw))
        if not isinstance(self.information, Information):
            raise InvalidRules(f"information: {shown(self.information)} is not an Information")
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
        """The exact net per ante of every outcome under these rules (computed once)."""
        if self._nets is None:
            object.__setattr__(self, "_nets", self._compute_nets())
        assert self._nets is not None
        return self._nets

    def _compute_nets(self) -> Nets:
        a = Fraction(1)
        r = self.raise_antes
        raise_win = [r * self.paytable.pay(c) for c in range(10)]
        if self.max_payout is not None:
            assert self.ante is not None
            a = min(self.ante, self.max_payout) / self.ante
            raise_win = [min(w * self.ante, self.max_payout) / self.ante for w in raise_win]
        return Nets(Fraction(-1), a, Fraction(0), Fraction(-1 - r), tuple(a + w for w in raise_win))

    @property
    def top_raise_win(self) -> Fraction:
        """The largest win of the raise bet, in antes, before any cap (the raise times the royal's pay)."""
        return self.raise_antes * max(self.paytable.pays)


def check_raise_antes(value: object) -> int:
    """The raise size: a whole number of antes, 1 to 10."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_RAISE_ANTES:
        raise InvalidRules(f"raise_antes {shown(value)}: expected a whole number of antes, 1 to {MAX_RAISE_ANTES}")
    return value


@lru_cache(maxsize=256, typed=True)
def _made_rules(paytable: PaytableLike, qualifier: QualifierLike, ante: Number | None,
                max_payout: Number | None, raise_antes: int) -> Rules:
    """Rules.make for hashable arguments (typed: 1, 1.0 and True stay apart)."""
    return Rules._make(paytable, qualifier, ante, max_payout, None, raise_antes)
