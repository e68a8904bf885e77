"""Russian Poker (Lunar Poker, Royal Poker) as data: ``RussianGame``, one rule set, and the named
rule sets shipped in ``data/russian.toml`` (``lunar``, ``russian``).

The player sees his five cards and the up card, may take one draw option for a fee (exchange
some cards, or buy a sixth card), then folds or plays a bet of ``bet`` antes. A winning hand is paid
for two combinations (``pays``, ``doubles``). When the dealer does not qualify the player takes the
ante's pay or buys the game: the dealer replaces a card and the hand is settled again.

>>> g = RussianGame.parse("lunar")
>>> g.exchange, g.sixth_card_fee, g.ante_on_win, g.qualifier.label, g.pay("pair"), g.pays_double("pair", "ace-king")
((2, 5), Fraction(1, 1), 'push', 'AK', Fraction(1, 1), True)
>>> RussianGame.parse("russian").exchange, RussianGame.parse("russian").ante_on_win
((1, 5), 'paid')
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from ..errors import InvalidRules, cut, shown
from .numbers import to_fraction
from .rules import Qualifier, read_text_file

__all__ = ["COMBINATIONS", "GAME_NAMES", "RussianGame", "builtin_games", "doubles_tables"]

#: The combinations paid, in the order of every list of pays (ace-king first).
COMBINATIONS: tuple[str, ...] = ("ace-king", "pair", "two-pair", "three-of-a-kind", "straight", "flush",
                                 "full-house", "four-of-a-kind", "straight-flush", "royal-flush")
#: The built-in rule sets, by name.
GAME_NAMES: tuple[str, ...] = ("lunar", "russian")

_CHOICES = {
    "straight_with_pair": ("two-straights", "straight-and-pair"),
    "ante_on_win": ("push", "paid"),
    "ante_no_qualify": ("paid", "push"),
    "buy_game_replaces": ("highest", "lowest", "sixth"),
    "ante_after_buy_no_qualify": ("paid", "push"),
}
_FIELDS = ("name", "where", "source", "pays", "pays_source", "doubles", "straight_with_pair", "exchange",
           "exchange_fee", "sixth_card_fee", "qualifier", "bet", "ante_on_win", "ante_no_qualify", "buy_game_fee",
           "buy_game_replaces", "buy_game_redraw", "ante_after_buy_no_qualify", "insurance", "instant_pays")


@dataclass(frozen=True)
class RussianGame:
    """One rule set of Russian Poker, every point that varies from house to house a field.

    ``name``: its name; ``pays``: the bet's pay to 1 of each combination of ``COMBINATIONS``;
    ``doubles``: the pairs (first, second) of combination indices paid together, ``doubles_name`` the
    table's name; ``straight_with_pair``: "two-straights" or "straight-and-pair"; ``exchange``: the
    least and most cards exchanged, or None; ``exchange_fee``, ``sixth_card_fee`` (None: not offered)
    and ``buy_game_fee`` (None: not offered) in antes; ``qualifier``: the dealer's; ``bet``: the bet in
    antes; ``ante_on_win``: "push" or "paid"; ``ante_no_qualify``: "paid" or "push";
    ``buy_game_replaces``: "highest", "lowest" or "sixth"; ``buy_game_redraw``: a card of the replaced
    rank is drawn again; ``ante_after_buy_no_qualify``: "paid" or "push"; ``insurance``: a played
    hand of three of a kind or better may insure against the dealer not qualifying, up to what its
    bet can win, paid 1:1 (on the dealer's hand as dealt; counted: insured in full where that gains,
    else not); ``instant_pays``: the pays on the ante of a dealt royal and straight flush, paid at once whatever
    the player does (``play.russian.instant_pay``); ``where``,
    ``source``, ``pays_source``: where it is dealt and published.
    """

    name: str
    pays: tuple[Fraction, ...]
    doubles: frozenset[tuple[int, int]]
    doubles_name: str
    straight_with_pair: str
    exchange: tuple[int, int] | None
    exchange_fee: Fraction
    sixth_card_fee: Fraction | None
    qualifier: Qualifier
    bet: int
    ante_on_win: str
    ante_no_qualify: str
    buy_game_fee: Fraction | None
    buy_game_replaces: str
    buy_game_redraw: bool
    ante_after_buy_no_qualify: str
    insurance: bool = False
    instant_pays: tuple[Fraction, ...] = ()
    where: str = ""
    source: str = ""
    pays_source: str = field(default="", compare=False)
    _core: dict[str, object] = field(default_factory=dict, init=False, compare=False, repr=False)

    @classmethod
    def parse(cls, spec: RussianGame | str) -> RussianGame:
        """A rule set by name, from a file, or as it is.

        ``spec``: a ``RussianGame`` (returned as it is), a built-in name ("lunar", "russian") or a TOML
        file's path holding one ``[[game]]`` (the form of ``data/russian.toml``). Raises ``InvalidRules``
        naming the bad field.

        >>> RussianGame.parse("Lunar").name
        'lunar'
        """
        if isinstance(spec, RussianGame):
            return spec
        if not isinstance(spec, str):
            raise InvalidRules(f"game {shown(spec)}: expected {' or '.join(GAME_NAMES)} or a TOML file")
        key = spec.strip().lower()
        games = builtin_games()
        if key in games:
            return games[key]
        if not os.path.exists(spec):
            raise InvalidRules(f"game {shown(spec)}: expected {' or '.join(GAME_NAMES)} or a TOML file "
                               "(no such file)")
        origin = f"game file {shown(spec)}"
        found = load_games_text(read_text_file(spec, "game file"), origin)
        if len(found) != 1:
            raise InvalidRules(f"{origin}: expected one [[game]], found {len(found)}")
        return next(iter(found.values()))

    def pay(self, combination: str) -> Fraction:
        """The bet's pay to 1 of ``combination`` (a name of ``COMBINATIONS``, "pair").

        >>> RussianGame.parse("lunar").pay("flush")
        Fraction(5, 1)
        """
        return self.pays[_combination(combination, "combination")]

    def pays_double(self, first: str, second: str) -> bool:
        """Whether two combinations are paid together.

        ``first``: a hand's best combination, ``second``: another found among its cards (names of
        ``COMBINATIONS``).

        >>> RussianGame.parse("lunar").pays_double("straight", "straight")
        True
        """
        return (_combination(first, "combination"), _combination(second, "combination")) in self.doubles

    @property
    def scale(self) -> int:
        """The common denominator of the pays and the fee of buying the game (the core counts in it)."""
        return math.lcm(*(p.denominator for p in self.pays),
                        1 if self.buy_game_fee is None else self.buy_game_fee.denominator)

    def core(self) -> dict[str, object]:
        """The rules as the core's integers (``cs_russian_rules``), money times ``scale`` (made once)."""
        if not self._core:
            self._core.update(self._make_core())
        return self._core

    def _make_core(self) -> dict[str, object]:
        s = self.scale
        doubles = [0] * len(COMBINATIONS)
        for a, b in self.doubles:
            doubles[a] |= 1 << b
        flags = ((1 if self.buy_game_fee is not None else 0) | (2 if self.straight_with_pair == "straight-and-pair"
                                                                 else 0) | (4 if self.buy_game_redraw else 0)
                 | (8 if self.insurance else 0))
        return {
            "pay": [int(p * s) for p in self.pays], "doubles": doubles, "bet": self.bet,
            "ante_win": s if self.ante_on_win == "paid" else 0, "lose": -(1 + self.bet) * s, "fold": -s,
            "no_qualify": s if self.ante_no_qualify == "paid" else 0,
            "game_fee": 0 if self.buy_game_fee is None else int(self.buy_game_fee * s),
            "game_no_qualify": s if self.ante_after_buy_no_qualify == "paid" else 0,
            "qualifier": self.qualifier.value, "replace": _CHOICES["buy_game_replaces"].index(self.buy_game_replaces),
            "flags": flags,
        }

    def exchange_sizes(self) -> tuple[int, ...]:
        """The numbers of cards the player may exchange (none: ())."""
        return () if self.exchange is None else tuple(range(self.exchange[0], self.exchange[1] + 1))

    def short(self) -> str:
        """The rule set in a few words."""
        parts = []
        if self.exchange:
            lo, hi = self.exchange
            parts.append(f"exchange {lo}-{hi} for {self.exchange_fee}" if lo < hi else
                         f"exchange {lo} for {self.exchange_fee}")
        if self.sixth_card_fee is not None:
            parts.append(f"sixth card {self.sixth_card_fee}")
        parts.append(f"ante {'pushes' if self.ante_on_win == 'push' else 'paid'} on a win")
        if self.buy_game_fee is not None:
            parts.append(f"buy the game {self.buy_game_fee}")
        return f"{self.name}: " + ", ".join(parts)


def _combination(name: object, what: str) -> int:
    if isinstance(name, str) and name.strip().lower().replace(" ", "-") in COMBINATIONS:
        return COMBINATIONS.index(name.strip().lower().replace(" ", "-"))
    raise InvalidRules(f"{what} {shown(name)}: expected one of {', '.join(COMBINATIONS)}")


def _toml(text: str, origin: str) -> dict[str, object]:
    import tomllib  # noqa: PLC0415 (start-up, issue #24)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise InvalidRules(f"{origin}: not valid TOML ({cut(str(e), 200)})") from None
    except RecursionError:
        raise InvalidRules(f"{origin}: arrays or tables nested too deeply to read") from None


def _doubles(data: dict[str, object], origin: str) -> dict[str, tuple[frozenset[tuple[int, int]], str]]:
    out: dict[str, tuple[frozenset[tuple[int, int]], str]] = {}
    tables = data.get("doubles", {})
    if not isinstance(tables, dict):
        raise InvalidRules(f"{origin}: [doubles] must hold tables [doubles.NAME]")
    for name, t in tables.items():
        where = f"{origin}: doubles {shown(name)}"
        if not isinstance(t, dict) or not isinstance(t.get("pairs"), list):
            raise InvalidRules(f"{where}: expected pairs = [[first, second], ...]")
        pairs = set()
        for p in t["pairs"]:
            if not (isinstance(p, list) and len(p) == 2):
                raise InvalidRules(f"{where}: pair {shown(p)}: expected [first, second]")
            a, b = _combination(p[0], f"{where} pair"), _combination(p[1], f"{where} pair")
            pairs.add((a, b))
        out[name.strip().lower()] = (frozenset(pairs), str(t.get("source", "")))
    return out


def _fee(value: object, what: str, optional: bool) -> Fraction | None:
    if optional and value is False:
        return None
    if isinstance(value, bool):
        raise InvalidRules(f"{what} {shown(value)}: expected a number of antes{' or false' if optional else ''}")
    fee = to_fraction(value, what)
    if fee < 0:
        raise InvalidRules(f"{what} {shown(value)}: expected a number of antes, 0 or more")
    return fee


def _game(g: object, origin: str, doubles: dict[str, tuple[frozenset[tuple[int, int]], str]]) -> RussianGame:
    if not isinstance(g, dict):
        raise InvalidRules(f"{origin}: each [[game]] must be a table")
    name = g.get("name")
    if not isinstance(name, str) or not name.strip():
        raise InvalidRules(f"{origin}: a [[game]] needs a name")
    where = f"{origin}: game {shown(name)}"
    for k in g:
        if k not in _FIELDS:
            raise InvalidRules(f"{where}: unknown field {shown(k)} (expected {', '.join(_FIELDS)})")
    for k in _FIELDS:
        if k not in g and k not in ("where", "source", "pays_source", "insurance", "instant_pays"):
            raise InvalidRules(f"{where}: field {k} is missing")
    for k, choices in _CHOICES.items():
        if g[k] not in choices:
            raise InvalidRules(f"{where}: {k} {shown(g[k])}: expected {' or '.join(choices)}")
    pays = g["pays"]
    if not isinstance(pays, list) or len(pays) != len(COMBINATIONS):
        raise InvalidRules(f"{where}: pays {shown(pays)}: expected {len(COMBINATIONS)} pays, ace-king first")
    pay = tuple(to_fraction(p, f"{where}: pay of {c}") for p, c in zip(pays, COMBINATIONS, strict=True))
    if any(p < 0 or p > 10**6 for p in pay):
        raise InvalidRules(f"{where}: pays {shown(pays)}: expected pays from 0 to 1,000,000")
    dname = g["doubles"]
    if not isinstance(dname, str) or (dname.strip().lower() not in doubles and dname.strip().lower() != "none"):
        raise InvalidRules(f"{where}: doubles {shown(dname)}: expected 'none' or a table "
                           f"({', '.join(doubles) or 'none defined'})")
    dkey = dname.strip().lower()
    pairs = frozenset() if dkey == "none" else doubles[dkey][0]
    ex = g["exchange"]
    if not isinstance(ex, list) or not (ex == [] or (len(ex) == 2 and all(isinstance(x, int) and not
                                                                          isinstance(x, bool) for x in ex)
                                                      and 1 <= ex[0] <= ex[1] <= 5)):
        raise InvalidRules(f"{where}: exchange {shown(ex)}: expected [least, most] from 1 to 5, or []")
    bet = g["bet"]
    if not isinstance(bet, int) or isinstance(bet, bool) or not 1 <= bet <= 10:
        raise InvalidRules(f"{where}: bet {shown(bet)}: expected a whole number of antes from 1 to 10")
    redraw = g["buy_game_redraw"]
    if not isinstance(redraw, bool):
        raise InvalidRules(f"{where}: buy_game_redraw {shown(redraw)}: expected true or false")
    if redraw and g["buy_game_replaces"] == "sixth":
        raise InvalidRules(f"{where}: buy_game_redraw: the dealer replaces no card when he draws a sixth")
    insurance = g.get("insurance", False)
    if not isinstance(insurance, bool):
        raise InvalidRules(f"{where}: insurance {shown(insurance)}: expected true or false")
    instant = g.get("instant_pays", [])
    if not isinstance(instant, list) or len(instant) not in (0, 2):
        raise InvalidRules(f"{where}: instant_pays {shown(instant)}: expected [royal flush, straight flush] or []")
    texts = {k: g.get(k, "") for k in ("where", "source", "pays_source")}
    for k, v in texts.items():
        if not isinstance(v, str):
            raise InvalidRules(f"{where}: {k} must be text")
    game_fee = _fee(g["buy_game_fee"], f"{where}: buy_game_fee", True)
    rules = RussianGame(
        name=name.strip(), pays=pay, doubles=pairs, doubles_name=dkey, straight_with_pair=g["straight_with_pair"],
        exchange=None if ex == [] else (ex[0], ex[1]),
        exchange_fee=_fee(g["exchange_fee"], f"{where}: exchange_fee", False) or Fraction(0),
        sixth_card_fee=_fee(g["sixth_card_fee"], f"{where}: sixth_card_fee", True),
        qualifier=_qualifier(g["qualifier"], where), bet=bet, ante_on_win=g["ante_on_win"],
        ante_no_qualify=g["ante_no_qualify"], buy_game_fee=game_fee, buy_game_replaces=g["buy_game_replaces"],
        buy_game_redraw=redraw, ante_after_buy_no_qualify=g["ante_after_buy_no_qualify"], insurance=insurance,
        instant_pays=tuple(to_fraction(x, f"{where}: instant pay") for x in instant),
        where=texts["where"], source=texts["source"], pays_source=texts["pays_source"])
    if rules.scale * max(rules.pays) * (rules.bet + 1) > 1 << 23 or rules.scale > 1 << 16:
        raise InvalidRules(f"{where}: pays {shown(pays)}: their denominators are too large to count exactly")
    return rules


def _qualifier(spec: object, where: str) -> Qualifier:
    try:
        return Qualifier.parse(spec)  # type: ignore[arg-type]
    except InvalidRules as e:
        raise InvalidRules(f"{where}: {e}") from None


def load_games_text(text: str, origin: str, base: dict[str, tuple[frozenset[tuple[int, int]], str]] | None = None
                    ) -> dict[str, RussianGame]:
    """The rule sets of a TOML text (``[[game]]`` tables, ``[doubles.NAME]`` tables; a file may name
    the built-in double tables), by lower-case name."""
    data = _toml(text, origin)
    for k in data:
        if k not in ("game", "doubles"):
            raise InvalidRules(f"{origin}: unknown table {shown(k)} (expected [[game]] and [doubles.NAME])")
    doubles = dict(base if base is not None else doubles_tables())
    doubles.update(_doubles(data, origin))
    games = data.get("game", [])
    if not isinstance(games, list):
        raise InvalidRules(f"{origin}: expected [[game]] tables")
    out: dict[str, RussianGame] = {}
    for g in games:
        r = _game(g, origin, doubles)
        if r.name.lower() in out:
            raise InvalidRules(f"{origin}: game {shown(r.name)} is defined twice")
        out[r.name.lower()] = r
    return out


def _builtin_text() -> str:
    from importlib.resources import files  # noqa: PLC0415 (start-up)
    return files("caribbean_exact.data").joinpath("russian.toml").read_text(encoding="utf-8")


@cache
def doubles_tables() -> dict[str, tuple[frozenset[tuple[int, int]], str]]:
    """The built-in tables of double combinations: name -> (pairs, source)."""
    return _doubles(_toml(_builtin_text(), "data/russian.toml"), "data/russian.toml")


@cache
def builtin_games() -> dict[str, RussianGame]:
    """The built-in rule sets (``data/russian.toml``), by lower-case name."""
    return load_games_text(_builtin_text(), "data/russian.toml", {})
