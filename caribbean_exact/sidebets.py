"""Side bets, exact: the $1 progressive jackpot and the 5+1 Bonus; and the ante game plus a side bet.

Progressive (seed texts 000, 001, 004): paid on the player's five cards whatever the dealer holds;
royal flush 100% of the meter, straight flush 10%, four of a kind $500, full house $100, flush $50.
The $1 goes into the acceptor when the bet is made, so a win of "$500" is all the player gets back
("for 1"); ``convention="to"`` returns the $1 on top of every win.

>>> p = progressive()
>>> p.counts
(4, 36, 624, 3744, 5108)
>>> p.breakeven_meter, f"{float(p.breakeven_meter):,.2f}"
(Fraction(4142900, 19), '218,047.37')

5+1 Bonus (seed text 003): the best five of the player's five cards and the dealer's up card;
three of a kind or better pays 1000/200/100/20/15/10/7 to 1 (stake returned).

>>> b = bonus()
>>> b.rtp, f"{float(b.rtp):.2%}"
(Fraction(136879, 149695), '91.44%')
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from . import _ffi, cli, render
from .errors import InvalidRules
from .rules import CATEGORIES, Rules, to_fraction

FIVE_CARD_HANDS = math.comb(52, 5)  # 2,598,960
SIX_CARD_SETS = math.comb(52, 6)  # 20,358,520
CONVENTIONS = ("for", "to")
#: Hands the progressive pays, best first (category indices 9 .. 5).
PROGRESSIVE_HANDS: tuple[str, ...] = ("royal flush", "straight flush", "four of a kind", "full house", "flush")
#: Most players a table seats for the sharing table (a 52-card deck holds 9 hands besides the dealer's).
MAX_PLAYERS = 9
DEFAULT_METERS: tuple[int, ...] = (10_000, 25_000, 50_000, 100_000, 150_000, 200_000, 250_000,
                                   300_000, 500_000, 1_000_000)
DEFAULT_METER = 100_000
DEFAULT_BONUS_PAYS: tuple[int, ...] = (1000, 200, 100, 20, 15, 10, 7)


@cache
def five_card_counts() -> tuple[int, ...]:
    """Hands of each category (0 = high card .. 9 = royal flush) among the 2,598,960."""
    return _ffi.category_counts()


@cache
def six_card_counts() -> tuple[int, ...]:
    """Six-card sets by the category of their best five cards, over all 20,358,520 (C core)."""
    return _ffi.six_card_counts()


def _check_convention(c: str) -> str:
    c = c.strip().lower()
    if c not in CONVENTIONS:
        raise InvalidRules(f"convention {c!r}: expected 'for' (win includes the stake) or 'to' "
                           "(stake returned on top of the win)")
    return c


# ---------------------------------------------------------------- progressive


@dataclass(frozen=True, slots=True)
class Pay:
    """A progressive pay: ``fixed`` dollars plus ``share`` of the meter (per $1 bet).

    >>> Pay.parse("10%", "straight flush"), Pay.parse("$500", "four of a kind").amount(10**5)
    (Pay(fixed=Fraction(0, 1), share=Fraction(1, 10)), Fraction(500, 1))
    """

    fixed: Fraction = Fraction(0)
    share: Fraction = Fraction(0)

    def amount(self, meter: Fraction | int) -> Fraction:
        return self.fixed + self.share * meter

    @classmethod
    def parse(cls, text: object, what: str) -> Pay:
        if isinstance(text, Pay):
            return text
        if not isinstance(text, str):
            v = to_fraction(text, f"progressive pay {what!r}")
            return cls._checked(v, Fraction(0), what)
        t = text.strip().lower().replace(",", "").replace("$", "")
        if t in ("meter", "jackpot"):
            return cls(Fraction(0), Fraction(1))
        m = re.fullmatch(r"(.*?)\s*%(\s*(of\s*)?(the\s*)?(meter|jackpot))?", t)
        if m:
            return cls._checked(Fraction(0), to_fraction(m.group(1), f"progressive pay {what!r}") / 100, what)
        return cls._checked(to_fraction(t, f"progressive pay {what!r}"), Fraction(0), what)

    @classmethod
    def _checked(cls, fixed: Fraction, share: Fraction, what: str) -> Pay:
        if fixed < 0 or share < 0:
            raise InvalidRules(f"progressive pay {what!r}: must not be negative")
        return cls(fixed, share)

    def label(self) -> str:
        parts = []
        if self.share:
            parts.append(f"{float(self.share * 100):g}% of meter")
        if self.fixed or not parts:
            parts.append(f"${self.fixed}")
        return " + ".join(parts)


DEFAULT_PROGRESSIVE: tuple[Pay, ...] = (
    Pay(share=Fraction(1)), Pay(share=Fraction(1, 10)), Pay(Fraction(500)), Pay(Fraction(100)), Pay(Fraction(50)))


def parse_progressive_pays(spec: str | Sequence[object] | None) -> tuple[Pay, ...]:
    """Three fixed pays (four of a kind, full house, flush; royal 100% and straight flush 10% of the
    meter) or five pays royal first, each "$N", "N" or "P%" (of the meter).

    >>> [p.label() for p in parse_progressive_pays("100,75,50")]
    ['100% of meter', '10% of meter', '$100', '$75', '$50']
    """
    if spec is None:
        return DEFAULT_PROGRESSIVE
    items = [t for t in re.split(r"[\s,;/]+", spec.strip()) if t] if isinstance(spec, str) else list(spec)
    if len(items) == 3:
        return DEFAULT_PROGRESSIVE[:2] + tuple(Pay.parse(x, h) for x, h in zip(items, PROGRESSIVE_HANDS[2:]))
    if len(items) == 5:
        return tuple(Pay.parse(x, h) for x, h in zip(items, PROGRESSIVE_HANDS))
    raise InvalidRules(f"progressive pays {spec!r}: expected 3 (four of a kind, full house, flush) or 5 "
                       f"(royal flush .. flush) pays, got {len(items)}")


@cache
def royal_share(players: int) -> Fraction:
    """Expected share of the meter a royal flush gets with ``players`` progressive players at the
    table, the others' royals on the same deal splitting it equally; exact.

    Given your royal, the other players' hands are disjoint 5-card sets from the 47 other cards.
    With S_j = C(N-1, j) * 3!/(3-j)! / prod_{i<j} C(47-5i, 5) (factorial moments of K, the number
    of other royals), P(K = k) = sum_j (-1)^(j-k) C(j, k) S_j and the share is E[1/(1+K)].

    >>> royal_share(1), royal_share(2) == 1 - Fraction(3, 2 * math.comb(47, 5))
    (Fraction(1, 1), True)
    """
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= MAX_PLAYERS:
        raise InvalidRules(f"players: {players!r} must be 1..{MAX_PLAYERS}")
    return expected_share(players - 1, 3, 47, 5)


def expected_share(others: int, prizes: int, pool: int, hand: int) -> Fraction:
    """E[1/(1+K)], K = how many of ``others`` players, each dealt ``hand`` cards from ``pool``
    (disjoint hands), hold one of ``prizes`` disjoint winning ``hand``-card sets (royal flushes).

    >>> expected_share(2, 3, 7, 1)
    Fraction(13, 21)
    """
    top = min(others, prizes)
    s = []  # factorial moments E[C(K, j)]
    for j in range(top + 1):
        p = Fraction(math.comb(others, j) * math.perm(prizes, j))
        for i in range(j):
            p /= math.comb(pool - hand * i, hand)
        s.append(p)
    share = Fraction(0)
    for k in range(top + 1):
        pk = sum((Fraction((-1) ** (j - k) * math.comb(j, k)) * s[j] for j in range(k, top + 1)), Fraction(0))
        share += pk / (k + 1)
    return share


@dataclass(frozen=True, slots=True)
class ProgressiveRow:
    hand: str
    count: int
    probability: Fraction
    pay: Pay


@dataclass(frozen=True)
class ProgressiveReport:
    """The $1 progressive: return per $1 = ``constant + per_meter * meter`` (exact)."""

    pays: tuple[Pay, ...]
    convention: str
    players: int
    counts: tuple[int, ...]  # royal .. flush, of 2,598,960
    meter: Fraction
    meters: tuple[Fraction, ...]

    @property
    def royal_share(self) -> Fraction:
        return royal_share(self.players)

    def rows(self) -> list[ProgressiveRow]:
        return [ProgressiveRow(h, n, Fraction(n, FIVE_CARD_HANDS), p)
                for h, n, p in zip(PROGRESSIVE_HANDS, self.counts, self.pays)]

    def _weights(self) -> list[Fraction]:
        w = [r.probability for r in self.rows()]
        w[0] *= self.royal_share if self.pays[0].share else 1
        return w

    @property
    def constant(self) -> Fraction:
        """Return per $1 that does not depend on the meter (includes the returned stake for "to")."""
        c = sum((r.probability * r.pay.fixed for r in self.rows()), Fraction(0))
        if self.convention == "to":
            c += sum((r.probability for r in self.rows()), Fraction(0))
        return c

    @property
    def per_meter(self) -> Fraction:
        """Return per $1 added by each dollar on the meter (royal sharing included)."""
        rows = self.rows()
        out = sum((r.probability * r.pay.share for r in rows[1:]), Fraction(0))
        return out + rows[0].probability * rows[0].pay.share * self.royal_share

    def return_at(self, meter: Fraction | int) -> Fraction:
        """Expected amount back per $1 bet at this meter (1 = break-even)."""
        return self.constant + self.per_meter * meter

    def house_edge_at(self, meter: Fraction | int) -> Fraction:
        return 1 - self.return_at(meter)

    @property
    def breakeven_meter(self) -> Fraction | None:
        """Meter at which the bet returns exactly $1 per $1 (None if no pay grows with the meter)."""
        if self.per_meter == 0:
            return None
        return max(Fraction(0), (1 - self.constant) / self.per_meter)

    def sharing(self) -> list[tuple[int, Fraction, Fraction | None]]:
        """(players, expected royal share, break-even meter) for 1..7 players."""
        out = []
        for n in range(1, 8):
            r = ProgressiveReport(self.pays, self.convention, n, self.counts, self.meter, self.meters)
            out.append((n, r.royal_share, r.breakeven_meter))
        return out

    def as_json(self) -> dict[str, Any]:
        be = self.breakeven_meter
        return {
            "convention": self.convention,
            "players": self.players,
            "royal_share": str(self.royal_share),
            "total_hands": FIVE_CARD_HANDS,
            "probabilities": [
                {"hand": r.hand, "count": r.count, "probability": str(r.probability),
                 "pays_fixed": str(r.pay.fixed), "pays_meter_share": str(r.pay.share), "pays": r.pay.label()}
                for r in self.rows()],
            "return_constant": str(self.constant),
            "return_per_meter_dollar": str(self.per_meter),
            "breakeven_meter": None if be is None else str(be),
            "breakeven_meter_dollars": None if be is None else f"{float(be):.2f}",
            "meter": str(self.meter),
            "return_at_meter": str(self.return_at(self.meter)),
            "house_edge_at_meter": str(self.house_edge_at(self.meter)),
            "meters": [{"meter": str(m), "return": str(self.return_at(m)),
                        "house_edge": str(self.house_edge_at(m))} for m in self.meters],
            "sharing": [{"players": n, "royal_share": str(s), "breakeven_meter": None if b is None else str(b)}
                        for n, s, b in self.sharing()],
        }


def progressive(pays: str | Sequence[object] | None = None, convention: str = "for", players: int = 1,
                meter: object = DEFAULT_METER, meters: Sequence[object] = DEFAULT_METERS) -> ProgressiveReport:
    """The $1 progressive jackpot bet, exact."""
    c = five_card_counts()
    counts = tuple(c[k] for k in (9, 8, 7, 6, 5))
    royal_share(players)  # validates
    m = to_fraction(meter, "meter")
    ms = tuple(sorted({to_fraction(x, "meter") for x in meters}))
    if m < 0 or any(x < 0 for x in ms):
        raise InvalidRules("meter: must not be negative")
    return ProgressiveReport(parse_progressive_pays(pays), _check_convention(convention), players, counts, m, ms)


# ---------------------------------------------------------------- 5+1 Bonus


@dataclass(frozen=True, slots=True)
class BonusRow:
    hand: str
    count: int
    probability: Fraction
    pays: Fraction | None  # None: the bet loses
    net: Fraction  # per unit bet
    contribution: Fraction


def parse_bonus_pays(spec: str | Sequence[object] | None) -> tuple[Fraction, ...]:
    """7 to 10 pays, royal flush first (7: down to three of a kind; more: two pair, pair, high card).

    >>> parse_bonus_pays("1000/200/100/20/15/10/7")[-1]
    Fraction(7, 1)
    """
    if spec is None:
        return tuple(Fraction(p) for p in DEFAULT_BONUS_PAYS)
    items = [t for t in re.split(r"[\s,;/]+", spec.strip()) if t] if isinstance(spec, str) else list(spec)
    if not 1 <= len(items) <= 10:
        raise InvalidRules(f"bonus pays {spec!r}: expected up to 10 pays, royal flush first "
                           f"(7 for the usual table), got {len(items)}")
    out = []
    for x, cat in zip(items, reversed(CATEGORIES)):
        v = to_fraction(x, f"bonus pay {cat!r}")
        if v < 0:
            raise InvalidRules(f"bonus pay {cat!r}: {v} is negative")
        out.append(v)
    return tuple(out)


@dataclass(frozen=True)
class BonusReport:
    """The 5+1 Bonus over all 20,358,520 six-card sets (player's five + dealer's up card)."""

    pays: tuple[Fraction, ...]  # royal first; categories beyond the list lose
    convention: str
    counts: tuple[int, ...]  # by category 0..9

    def pay(self, category: int) -> Fraction | None:
        i = 9 - category
        return self.pays[i] if i < len(self.pays) else None

    def rows(self) -> list[BonusRow]:
        out = []
        for cat in reversed(range(10)):
            p = self.pay(cat)
            n = self.counts[cat]
            prob = Fraction(n, SIX_CARD_SETS)
            if p is None:
                net = Fraction(-1)
            else:
                net = p if self.convention == "to" else p - 1
            out.append(BonusRow(CATEGORIES[cat], n, prob, p, net, prob * net))
        return out

    @property
    def expected_net(self) -> Fraction:
        return sum((r.contribution for r in self.rows()), Fraction(0))

    @property
    def rtp(self) -> Fraction:
        """Return to player per unit bet (1 + expected net)."""
        return 1 + self.expected_net

    @property
    def house_edge(self) -> Fraction:
        return -self.expected_net

    @property
    def hit_probability(self) -> Fraction:
        return sum((r.probability for r in self.rows() if r.pays is not None), Fraction(0))

    @property
    def variance(self) -> Fraction:
        second = sum((r.probability * r.net * r.net for r in self.rows()), Fraction(0))
        return second - self.expected_net ** 2

    def as_json(self) -> dict[str, Any]:
        return {
            "convention": self.convention,
            "total": SIX_CARD_SETS,
            "rtp": str(self.rtp),
            "house_edge": str(self.house_edge),
            "hit_probability": str(self.hit_probability),
            "variance": str(self.variance),
            "standard_deviation": math.sqrt(self.variance),
            "rows": [{"hand": r.hand, "count": r.count, "probability": str(r.probability),
                      "pays": None if r.pays is None else str(r.pays), "net": str(r.net),
                      "contribution": str(r.contribution)} for r in self.rows()],
        }


def bonus(pays: str | Sequence[object] | None = None, convention: str = "to") -> BonusReport:
    """The 5+1 Bonus side bet, exact (pays "to 1" by default, as in the live-dealer rules)."""
    counts = six_card_counts()
    if sum(counts) != SIX_CARD_SETS:  # pragma: no cover - a broken core
        raise InvalidRules("six-card counts do not add up")
    return BonusReport(parse_bonus_pays(pays), _check_convention(convention), counts)


# ---------------------------------------------------------------- combined view


@dataclass(frozen=True, slots=True)
class CombinedRow:
    label: str
    wager: Fraction  # expected money wagered per round (ante + expected raise + side bet)
    loss: Fraction  # expected loss per round, money
    ante: Fraction
    rounds_per_hour: Fraction

    @property
    def per_ante(self) -> Fraction:
        return self.loss / self.ante

    @property
    def per_hour(self) -> Fraction:
        return self.loss * self.rounds_per_hour

    def as_json(self) -> dict[str, Any]:
        return {"label": self.label, "expected_wager": str(self.wager), "expected_loss": str(self.loss),
                "loss_per_ante": str(self.per_ante), "loss_per_hour": str(self.per_hour)}


@dataclass(frozen=True)
class CombinedReport:
    rules: Rules
    ante: Fraction
    rounds_per_hour: Fraction
    game_house_edge: Fraction
    progressive: ProgressiveReport
    progressive_stake: Fraction
    bonus: BonusReport
    bonus_stake: Fraction
    rows: tuple[CombinedRow, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules.describe(),
            "ante": str(self.ante),
            "rounds_per_hour": str(self.rounds_per_hour),
            "game_house_edge": str(self.game_house_edge),
            "progressive_stake": str(self.progressive_stake),
            "progressive_meter": str(self.progressive.meter),
            "progressive_house_edge": str(self.progressive.house_edge_at(self.progressive.meter)),
            "bonus_stake": str(self.bonus_stake),
            "bonus_house_edge": str(self.bonus.house_edge),
            "rows": [r.as_json() for r in self.rows],
        }


def combined(rules: Rules | None = None, ante: object = 10, rounds_per_hour: object = 50,
             progressive_report: ProgressiveReport | None = None, progressive_stake: object = 1,
             bonus_report: BonusReport | None = None, bonus_stake: object = 1) -> CombinedReport:
    """Expected loss per round of optimal ante play alone and with either side bet (exact).

    ``ante`` is the ante in money; a cap in ``rules`` applies at ``rules.ante`` (set it equal).
    Expected losses add whatever the correlation of the bets, so each is priced on its own.
    """
    from .game import solve

    rules = rules or Rules()
    a = to_fraction(ante, "ante")
    if a <= 0:
        raise InvalidRules(f"ante: {a} must be positive")
    if rules.ante is not None and rules.ante != a:
        rules = Rules(rules.paytable, rules.qualifier, a, rules.max_payout)
    rph = to_fraction(rounds_per_hour, "rounds_per_hour")
    if rph <= 0:
        raise InvalidRules(f"rounds_per_hour: {rph} must be positive")
    ps = to_fraction(progressive_stake, "progressive_stake")
    bs = to_fraction(bonus_stake, "bonus_stake")
    if ps <= 0 or bs <= 0:
        raise InvalidRules("stake: side-bet stakes must be positive")
    prog = progressive_report or progressive()
    bon = bonus_report or bonus()
    rep = solve(rules=rules)
    game_loss = rep.house_edge * a
    game_wager = rep.expected_wager * a
    prog_loss = prog.house_edge_at(prog.meter) * ps
    bonus_loss = bon.house_edge * bs
    rows = (
        CombinedRow("ante game (optimal)", game_wager, game_loss, a, rph),
        CombinedRow(f"+ progressive (${ps}, meter ${prog.meter})", game_wager + ps, game_loss + prog_loss, a, rph),
        CombinedRow(f"+ 5+1 Bonus (${bs})", game_wager + bs, game_loss + bonus_loss, a, rph),
    )
    return CombinedReport(rules, a, rph, rep.house_edge, prog, ps, bon, bs, rows)


# ---------------------------------------------------------------- rendering


def _money(x: Fraction) -> str:
    return f"{float(x):,.2f}"


def render_progressive(r: ProgressiveReport, fmt: str) -> str:
    if fmt == "json":
        return render.to_json(r.as_json())
    exact = fmt == "csv"
    probs = [[x.hand, x.count if exact else render.grouped(x.count), render.frac(x.probability),
              render.dec(x.probability, 10), x.pay.label()] for x in r.rows()]
    t1 = render.table(probs, ["hand", "count", "probability", "decimal", "pays"], fmt)
    be = r.breakeven_meter
    meters = sorted(set(r.meters) | {r.meter})
    t2 = render.table([[render.frac(m) if exact else _money(m), render.frac(r.return_at(m)),
                        render.pct(r.return_at(m)), render.pct(r.house_edge_at(m))] for m in meters],
                      ["meter", "return per $1 (exact)", "return", "house edge"], fmt)
    t3 = render.table([[n, render.frac(s), render.dec(s, 10),
                        "-" if b is None else (render.frac(b) if exact else _money(b))]
                       for n, s, b in r.sharing()],
                      ["players", "royal share (exact)", "royal share", "break-even meter"], fmt)
    if exact:
        return "\n\n".join([t1, t2, t3])
    conv = ("for 1: the $1 is collected when bet, a win is all that is paid"
            if r.convention == "for" else "to 1: the $1 comes back on top of every win")
    lines = [f"progressive jackpot, $1 bet on the player's five cards; convention {conv}",
             f"players betting the progressive at the table: {r.players} (royal share {render.frac(r.royal_share)})",
             "", t1, "",
             f"return per $1 = {render.frac(r.constant)} + {render.frac(r.per_meter)} x meter",
             f"             = {render.dec(r.constant, 8)} + {float(r.per_meter):.6e} x meter",
             "break-even meter: " + ("none (no pay grows with the meter)" if be is None
                                     else f"{render.frac(be)} = ${_money(be)}"),
             "", t2, "",
             "royal sharing: several royals on one deal split the meter equally; expected share of a "
             "royal and the break-even meter by players at the table:", "", t3]
    return "\n".join(lines)


def render_bonus(b: BonusReport, fmt: str) -> str:
    if fmt == "json":
        return render.to_json(b.as_json())
    exact = fmt == "csv"
    body = [[r.hand, r.count if exact else render.grouped(r.count), render.frac(r.probability),
             render.dec(r.probability, 8), "-" if r.pays is None else f"{r.pays} {b.convention} 1",
             render.frac(r.net), render.dec(r.contribution, 8)] for r in b.rows()]
    out = render.table(body, ["hand", "count", "probability", "decimal", "pays", "net", "contribution"], fmt)
    if exact:
        return out + "\n" + render.table([["rtp", render.frac(b.rtp)], ["house_edge", render.frac(b.house_edge)]],
                                         ["figure", "value"], "csv")
    lines = [f"5+1 Bonus: best five of the player's five cards and the dealer's up card, over all "
             f"{render.grouped(SIX_CARD_SETS)} six-card sets; pays {b.convention} 1", "", out, "",
             f"return to player: {render.frac(b.rtp)} = {render.pct(b.rtp)}",
             f"house edge:       {render.frac(b.house_edge)} = {render.pct(b.house_edge)}",
             f"hit frequency:    {render.pct(b.hit_probability)};  standard deviation per unit "
             f"{math.sqrt(b.variance):.4f}"]
    return "\n".join(lines)


def render_combined(c: CombinedReport, fmt: str) -> str:
    if fmt == "json":
        return render.to_json(c.as_json())
    exact = fmt == "csv"
    body = [[r.label, render.frac(r.wager) if exact else _money(r.wager),
             render.frac(r.loss) if exact else _money(r.loss),
             render.frac(r.per_ante) if exact else render.pct(r.per_ante),
             render.frac(r.per_hour) if exact else _money(r.per_hour)] for r in c.rows]
    out = render.table(body, ["bets", "expected wager / round", "expected loss / round",
                              "loss per unit of ante", f"loss / hour ({c.rounds_per_hour} rounds)"], fmt)
    if exact:
        return out
    return "\n".join([
        f"ante {c.ante}; rules: {render.describe_rules(c.rules)}; optimal play; "
        f"{c.rounds_per_hour} rounds per hour", "", out, "",
        f"house edge per ante {render.pct(c.game_house_edge)}; progressive house edge at meter "
        f"${c.progressive.meter}: {render.pct(c.progressive.house_edge_at(c.progressive.meter))} "
        f"({c.progressive.convention} 1); 5+1 Bonus house edge {render.pct(c.bonus.house_edge)}"])


# ---------------------------------------------------------------- commands


def _split(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,;]+", text.strip()) if t]


def _progressive_args(p: argparse.ArgumentParser, meter_help: str) -> None:
    p.add_argument("--meter", default=str(DEFAULT_METER), help=meter_help)
    p.add_argument("--pays", dest="progressive_pays", default=None,
                   help="3 pays (four of a kind, full house, flush; default 500,100,50) or 5 royal first, "
                        "each $N or P%% of the meter (default 100%%,10%%,500,100,50)")
    p.add_argument("--convention", default="for", choices=CONVENTIONS,
                   help="'for' (default): the $1 is collected, a win is the whole payout; "
                        "'to': the $1 is returned on top of a win")
    p.add_argument("--players", type=int, default=1,
                   help="players betting the progressive at the table (royal sharing), 1..9; default 1")


def _setup_progressive(p: argparse.ArgumentParser) -> None:
    _progressive_args(p, "meter for the featured row (default 100000)")
    p.add_argument("--meters", default=",".join(str(m) for m in DEFAULT_METERS),
                   help="meter values of the return table, comma separated")


def _run_progressive(args: argparse.Namespace) -> str:
    r = progressive(args.progressive_pays, args.convention, args.players, args.meter, _split(args.meters))
    return render_progressive(r, args.format)


def _setup_bonus(p: argparse.ArgumentParser) -> None:
    p.add_argument("--pays", default=None,
                   help="pays royal flush first, 7 (down to three of a kind) to 10 numbers; "
                        "default 1000,200,100,20,15,10,7")
    p.add_argument("--convention", default="to", choices=CONVENTIONS,
                   help="'to' (default): the stake comes back with a win; 'for': the win includes it")


def _run_bonus(args: argparse.Namespace) -> str:
    return render_bonus(bonus(args.pays, args.convention), args.format)


def _setup_combined(p: argparse.ArgumentParser) -> None:
    cli._rules_args(p, cap=False)
    p.add_argument("--ante", default="10", help="ante in money (default 10)")
    p.add_argument("--max-payout", default=None, help="cap on the win of one bet, e.g. 5000")
    p.add_argument("--rounds-per-hour", default="50", help="rounds dealt per hour (default 50)")
    _progressive_args(p, "progressive meter (default 100000)")
    p.add_argument("--progressive-stake", default="1", help="progressive bet (default $1)")
    p.add_argument("--bonus-pays", default=None, help="5+1 Bonus pays, royal first (default 1000,...,7)")
    p.add_argument("--bonus-stake", default="1", help="5+1 Bonus bet (default 1)")


def _run_combined(args: argparse.Namespace) -> str:
    rules = cli.rules_from(args)
    prog = progressive(args.progressive_pays, args.convention, args.players, args.meter, ())
    c = combined(rules, args.ante, args.rounds_per_hour, prog, args.progressive_stake,
                 bonus(args.bonus_pays), args.bonus_stake)
    return render_combined(c, args.format)


cli.register("progressive", "the $1 progressive jackpot: exact odds, return by meter, break-even meter",
             _setup_progressive, _run_progressive)
cli.register("bonus", "the 5+1 Bonus side bet: exact six-card frequencies, return table, RTP",
             _setup_bonus, _run_bonus)
cli.register("combined", "expected loss per round and per hour: ante game plus a side bet",
             _setup_combined, _run_combined)
