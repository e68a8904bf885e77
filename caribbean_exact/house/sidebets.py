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

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from ..errors import InvalidRules, shown
from ..model import hands
from ..model.checks import TABLE_SEATS, check_instance, check_rules, check_seats
from ..model.hands import CATEGORIES
from ..model.rules import Number, Rules, to_fraction
from ..play.game import GameReport, optimal_game

FIVE_CARD_HANDS = math.comb(52, 5)  # 2,598,960
SIX_CARD_SETS = math.comb(52, 6)  # 20,358,520
CONVENTIONS = ("for", "to")
#: Hands the progressive pays, best first (category indices 9 .. 5).
PROGRESSIVE_HANDS: tuple[str, ...] = ("royal flush", "straight flush", "four of a kind", "full house", "flush")
#: Most players a table seats for the sharing table (a 52-card deck holds 9 hands besides the dealer's).
MAX_PLAYERS = TABLE_SEATS
DEFAULT_METERS: tuple[int, ...] = (10_000, 25_000, 50_000, 100_000, 150_000, 200_000, 250_000,
                                   300_000, 500_000, 1_000_000)
DEFAULT_METER = 100_000
DEFAULT_BONUS_PAYS: tuple[int, ...] = (1000, 200, 100, 20, 15, 10, 7)


@cache
def five_card_counts() -> tuple[int, ...]:
    """Hands of each category (0 = high card .. 9 = royal flush) among the 2,598,960."""
    return hands.category_counts()


@cache
def six_card_counts() -> tuple[int, ...]:
    """Six-card sets by the category of their best five cards, over all 20,358,520 (C core)."""
    return hands.six_card_counts()


def to_money(x: object, what: str) -> Fraction:
    """An amount of money: a number, or text such as "250000", "$250,000" or "$1.5"."""
    if isinstance(x, str):
        t = x.strip().removeprefix("$").strip()
        if re.fullmatch(r"\d{1,3}(,\d{3})+(\.\d*)?", t):
            t = t.replace(",", "")
        return to_fraction(t, what)
    return to_fraction(x, what)


def _pay_items(spec: object, what: str) -> list[Number | Pay]:
    """The pays of a side bet, from text ("500,100,50") or a sequence."""
    if isinstance(spec, str):
        return [t for t in re.split(r"[\s,;/]+", spec.strip()) if t]
    if isinstance(spec, (list, tuple)):
        return list(spec)
    raise InvalidRules(f"{what} {shown(spec)}: expected text like '500,100,50' or a list of numbers")


def _check_convention(c: str) -> str:
    if not isinstance(c, str):
        raise InvalidRules(f"convention {shown(c)}: expected 'for' or 'to'")
    c = c.strip().lower()
    if c not in CONVENTIONS:
        raise InvalidRules(f"convention {shown(c)}: expected 'for' (win includes the stake) or 'to' "
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
        """What the pay is worth at this meter, per $1 bet."""
        return self.fixed + self.share * meter

    @classmethod
    def parse(cls, text: Number | Pay, what: str) -> Pay:
        """A pay from text: "$500", "500", "10%" (of the meter) or "meter"."""
        if isinstance(text, Pay):
            return text
        if not isinstance(text, str):
            v = to_fraction(text, f"progressive pay {shown(what)}")
            return cls._checked(v, Fraction(0), what)
        t = text.strip().lower().replace(",", "").replace("$", "")
        if t in ("meter", "jackpot"):
            return cls(Fraction(0), Fraction(1))
        m = re.fullmatch(r"(.*?)\s*%(\s*(of\s*)?(the\s*)?(meter|jackpot))?", t)
        if m:
            return cls._checked(Fraction(0), to_fraction(m.group(1), f"progressive pay {shown(what)}") / 100, what)
        return cls._checked(to_fraction(t, f"progressive pay {shown(what)}"), Fraction(0), what)

    @classmethod
    def _checked(cls, fixed: Fraction, share: Fraction, what: str) -> Pay:
        if fixed < 0 or share < 0:
            raise InvalidRules(f"progressive pay {shown(what)}: must not be negative")
        return cls(fixed, share)

DEFAULT_PROGRESSIVE: tuple[Pay, ...] = (
    Pay(share=Fraction(1)), Pay(share=Fraction(1, 10)), Pay(Fraction(500)), Pay(Fraction(100)), Pay(Fraction(50)))


PaysLike = str | Sequence[Number] | None


def parse_progressive_pays(spec: str | Sequence[Number | Pay] | None) -> tuple[Pay, ...]:
    """Three fixed pays (four of a kind, full house, flush; royal 100% and straight flush 10% of the
    meter) or five pays royal first, each "$N", "N" or "P%" (of the meter).

    >>> [(p.fixed, p.share) for p in parse_progressive_pays("100,75,50")][1:3]
    [(Fraction(0, 1), Fraction(1, 10)), (Fraction(100, 1), Fraction(0, 1))]
    """
    if spec is None:
        return DEFAULT_PROGRESSIVE
    items = _pay_items(spec, "progressive pays")
    if len(items) == 3:
        return DEFAULT_PROGRESSIVE[:2] + tuple(Pay.parse(x, h) for x, h in zip(items, PROGRESSIVE_HANDS[2:]))
    if len(items) == 5:
        return tuple(Pay.parse(x, h) for x, h in zip(items, PROGRESSIVE_HANDS))
    raise InvalidRules(f"progressive pays {shown(spec)}: expected 3 (four of a kind, full house, flush) or 5 "
                       f"(royal flush .. flush) pays, got {len(items)}")


def royal_share(players: int) -> Fraction:
    """Expected share of the meter a royal flush gets with ``players`` progressive players at the
    table, the others' royals on the same deal splitting it equally; exact.

    Given your royal, the other players' hands are disjoint 5-card sets from the 47 other cards.
    With S_j = C(N-1, j) * 3!/(3-j)! / prod_{i<j} C(47-5i, 5) (factorial moments of K, the number
    of other royals), P(K = k) = sum_j (-1)^(j-k) C(j, k) S_j and the share is E[1/(1+K)].

    >>> royal_share(1), royal_share(2) == 1 - Fraction(3, 2 * math.comb(47, 5))
    (Fraction(1, 1), True)
    """
    check_seats(players, "players")
    return _royal_share(players)


@cache
def _royal_share(players: int) -> Fraction:
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
    """One paying hand of the progressive: its count among 2,598,960, probability and pay."""
    hand: str
    count: int
    probability: Fraction
    pay: Pay


@dataclass(frozen=True)
class ProgressiveReport:
    """The $1 progressive: return per $1 = ``constant + per_meter * meter`` (exact).

    ``pays``: the five pays, royal flush first (fixed money or a share of the meter);
    ``convention``: "for" or "to"; ``players``: the progressive players at the table; ``counts``:
    the paying hands' counts among 2,598,960; ``meter``: the meter priced; ``meters``: the meter
    values of the table of returns.
    """

    pays: tuple[Pay, ...]
    convention: str
    players: int
    counts: tuple[int, ...]  # royal .. flush, of 2,598,960
    meter: Fraction
    meters: tuple[Fraction, ...]

    @property
    def royal_share(self) -> Fraction:
        """The expected share of the meter a royal flush gets at this table."""
        return royal_share(self.players)

    def rows(self) -> list[ProgressiveRow]:
        """The paying hands, royal flush first."""
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
        """Expected amount back per $1 bet at this meter (1 = break-even).

        ``meter``: the jackpot meter, in money (an exact number).
        """
        return self.constant + self.per_meter * meter

    def house_edge_at(self, meter: Fraction | int) -> Fraction:
        """The house edge per $1 at this meter (negative: the bet favours the player).

        ``meter``: the jackpot meter, in money (an exact number).
        """
        return 1 - self.return_at(meter)

    @property
    def breakeven_meter(self) -> Fraction | None:
        """Meter at which the bet returns exactly $1 per $1 (None if no pay grows with the meter)."""
        if self.per_meter == 0:
            return None
        return max(Fraction(0), (1 - self.constant) / self.per_meter)

    def sharing(self) -> list[tuple[int, Fraction, Fraction | None]]:
        """(players, expected royal share, break-even meter) for 1..7 players, or up to the
        report's own count of players when it is larger."""
        out = []
        for n in range(1, max(7, self.players) + 1):
            r = ProgressiveReport(self.pays, self.convention, n, self.counts, self.meter, self.meters)
            out.append((n, r.royal_share, r.breakeven_meter))
        return out


def progressive(pays: str | Sequence[Number | Pay] | None = None, convention: str = "for", players: int = 1,
                meter: Number = DEFAULT_METER, meters: Sequence[Number] = DEFAULT_METERS) -> ProgressiveReport:
    """The $1 progressive jackpot bet, exact.

    - ``pays``: the pays of the paying hands, each "$N" or "N" (money per $1 bet) or "P%" (a share
      of the meter): three of them (four of a kind, full house, flush; the royal flush then wins
      100% and the straight flush 10% of the meter) or five, royal flush first; as text
      ("500,100,50") or a sequence. Default None: the usual table (100%, 10%, $500, $100, $50).
    - ``convention``: "for" (default: a pay includes the $1 stake) or "to" (the stake comes back on
      top of the pay).
    - ``players``: how many players at the table play the progressive, 1 to 7 (default 1); their
      royals on the same deal split the meter.
    - ``meter``: the jackpot meter in money (a number, or text such as "$250,000"; default 100,000)
      at which the report is priced.
    - ``meters``: the meter values of the report's table of returns (a sequence or text "10000,
      25000"), sorted and deduplicated.

    Returns a ``ProgressiveReport``. Raises ``InvalidRules`` (a ``ValueError``) for pays,
    convention, players or meters out of range.

    >>> r = progressive()
    >>> r.meter, r.players, r.house_edge_at(r.meter) > 0, r.house_edge_at(250000) > 0
    (Fraction(100000, 1), 1, True, False)
    """
    c = five_card_counts()
    counts = tuple(c[k] for k in (9, 8, 7, 6, 5))
    royal_share(players)  # validates
    m = to_money(meter, "meter")
    if isinstance(meters, str):
        meters = [t for t in re.split(r"[\s,;]+", meters.strip()) if t]
    if not isinstance(meters, (list, tuple)):
        raise InvalidRules(f"meters: {shown(meters)} is not a list of meter values")
    ms = tuple(sorted({to_money(x, "meter") for x in meters}))
    if m < 0 or any(x < 0 for x in ms):
        raise InvalidRules("meter: must not be negative")
    return ProgressiveReport(parse_progressive_pays(pays), _check_convention(convention), players, counts, m, ms)


# ---------------------------------------------------------------- 5+1 Bonus


@dataclass(frozen=True, slots=True)
class BonusRow:
    """One hand of the 5+1 Bonus: its count among 20,358,520 six-card sets, pay (None: loses) and
    net per unit bet.
    """
    hand: str
    count: int
    probability: Fraction
    pays: Fraction | None  # None: the bet loses
    net: Fraction  # per unit bet
    contribution: Fraction


def parse_bonus_pays(spec: PaysLike) -> tuple[Fraction, ...]:
    """7 to 10 pays, royal flush first (7: down to three of a kind; more: two pair, pair, high card).

    >>> parse_bonus_pays("1000/200/100/20/15/10/7")[-1]
    Fraction(7, 1)
    """
    if spec is None:
        return tuple(Fraction(p) for p in DEFAULT_BONUS_PAYS)
    items = _pay_items(spec, "bonus pays")
    if not 1 <= len(items) <= 10:
        raise InvalidRules(f"bonus pays {shown(spec)}: expected up to 10 pays, royal flush first "
                           f"(7 for the usual table), got {len(items)}")
    out = []
    for x, cat in zip(items, reversed(CATEGORIES)):
        v = to_fraction(x, f"bonus pay {shown(cat)}")
        if v < 0:
            raise InvalidRules(f"bonus pay {shown(cat)}: {v} is negative")
        out.append(v)
    return tuple(out)


@dataclass(frozen=True)
class BonusReport:
    """The 5+1 Bonus over all 20,358,520 six-card sets (player's five + dealer's up card).

    ``pays``: the pays, royal flush first (hands past the last lose); ``convention``: "to" or
    "for"; ``counts``: the six-card sets by the category of their best five (0 = high card ..
    9 = royal flush).
    """

    pays: tuple[Fraction, ...]  # royal first; categories beyond the list lose
    convention: str
    counts: tuple[int, ...]  # by category 0..9

    def pay(self, category: int) -> Fraction | None:
        """The pay of a category, or None if it loses.

        ``category``: the category of the best five cards, 0 (high card) .. 9 (royal flush).
        """
        i = 9 - category
        return self.pays[i] if i < len(self.pays) else None

    def rows(self) -> list[BonusRow]:
        """Every hand, royal flush first, with its pay and contribution."""
        out = []
        for cat in reversed(range(10)):
            p = self.pay(cat)
            n = self.counts[cat]
            prob = Fraction(n, SIX_CARD_SETS)
            net = Fraction(-1) if p is None else p if self.convention == "to" else p - 1
            out.append(BonusRow(CATEGORIES[cat], n, prob, p, net, prob * net))
        return out

    @property
    def expected_net(self) -> Fraction:
        """The player's expected net per unit bet."""
        return sum((r.contribution for r in self.rows()), Fraction(0))

    @property
    def rtp(self) -> Fraction:
        """Return to player per unit bet (1 + expected net)."""
        return 1 + self.expected_net

    @property
    def house_edge(self) -> Fraction:
        """The house edge per unit bet."""
        return -self.expected_net

    @property
    def hit_probability(self) -> Fraction:
        """The chance that the bet pays."""
        return sum((r.probability for r in self.rows() if r.pays is not None), Fraction(0))

    @property
    def variance(self) -> Fraction:
        """The variance of the net per unit bet, exact."""
        second = sum((r.probability * r.net * r.net for r in self.rows()), Fraction(0))
        return second - self.expected_net ** 2

def bonus(pays: PaysLike = None, convention: str = "to") -> BonusReport:
    """The 5+1 Bonus side bet, exact (pays "to 1" by default, as in the live-dealer rules).

    The bet pays on the best five of the player's five cards and the dealer's up card.

    - ``pays``: 1 to 10 pays, royal flush first, as text ("1000/200/100/20/15/10/7") or a sequence
      of numbers; hands past the last pay lose. Default None: 1000, 200, 100, 20, 15, 10, 7 (down to
      three of a kind).
    - ``convention``: "to" (default: the stake comes back on top of the pay) or "for" (a pay
      includes the stake).

    Returns a ``BonusReport``. Raises ``InvalidRules`` (a ``ValueError``) for bad pays or convention.

    >>> b = bonus()
    >>> b.pay(9), b.pay(0), b.house_edge > 0
    (Fraction(1000, 1), None, True)
    """
    counts = six_card_counts()
    if sum(counts) != SIX_CARD_SETS:  # pragma: no cover - a broken core
        raise InvalidRules("six-card counts do not add up")
    return BonusReport(parse_bonus_pays(pays), _check_convention(convention), counts)


# ---------------------------------------------------------------- combined view


@dataclass(frozen=True, slots=True)
class CombinedRow:
    #: "game" (the ante game alone), "progressive" or "bonus" (the game plus that one side bet),
    #: "all" (the game plus both side bets)
    """Expected wager and loss per round of the ante game with some side bets, in money."""
    bets: str
    wager: Fraction  # expected money wagered per round (ante + expected raise + side bet)
    loss: Fraction  # expected loss per round, money
    ante: Fraction
    rounds_per_hour: Fraction

    @property
    def per_ante(self) -> Fraction:
        """Expected loss per unit of ante."""
        return self.loss / self.ante

    @property
    def per_hour(self) -> Fraction:
        """Expected loss per hour at the report's pace."""
        return self.loss * self.rounds_per_hour

@dataclass(frozen=True)
class CombinedReport:
    """The ante game alone, with each side bet, and with both: expected loss per round and hour.

    ``rules`` and ``ante``: the game priced; ``rounds_per_hour``: the pace; ``game_house_edge``:
    the game's house edge under optimal play; ``progressive`` and ``bonus``: the side bets' reports;
    ``progressive_stake`` and ``bonus_stake``: their stakes; ``rows``: "game", "progressive",
    "bonus" and "all", each a ``CombinedRow`` in money.

    >>> c = combined(ante=10)
    >>> [r.bets for r in c.rows]
    ['game', 'progressive', 'bonus', 'all']
    """
    rules: Rules
    ante: Fraction
    rounds_per_hour: Fraction
    game_house_edge: Fraction
    progressive: ProgressiveReport
    progressive_stake: Fraction
    bonus: BonusReport
    bonus_stake: Fraction
    rows: tuple[CombinedRow, ...]

def combined(rules: Rules | None = None, ante: Number = 10, rounds_per_hour: Number = 50,
             progressive_report: ProgressiveReport | None = None, progressive_stake: Number = 1,
             bonus_report: BonusReport | None = None, bonus_stake: Number = 1, *,
             game: GameReport | None = None) -> CombinedReport:
    """Expected loss per round of optimal ante play alone and with either side bet (exact).

    - ``rules``: the game's ``Rules`` (default None: the standard game).
    - ``ante``: the ante in money (a positive number, default 10); a cap in ``rules`` applies at
      ``rules.ante`` (set it equal).
    - ``rounds_per_hour``: the pace, for the losses per hour (positive, default 50).
    - ``progressive_report``: the priced progressive bet (default None: ``progressive()``).
    - ``progressive_stake``: its stake per round in money (positive, default 1).
    - ``bonus_report``: the priced 5+1 Bonus (default None: ``bonus()``).
    - ``bonus_stake``: its stake per round in money (positive, default 1).
    - ``game``: the solved game of these rules at this ante, when the caller has it (keyword only;
      default None: solved here).

    Expected losses add whatever the correlation of the bets, so each is priced on its own.
    Returns a ``CombinedReport`` with the rows "game", "progressive", "bonus" and "all". Raises
    ``InvalidRules`` (a ``ValueError``) for a stake, ante or pace that is not a positive number.

    >>> c = combined(ante=25, rounds_per_hour=60)
    >>> c.rows[0].bets, c.rows[0].loss == c.game_house_edge * 25
    ('game', True)
    """
    rules = check_rules(rules)
    if progressive_report is not None:
        check_instance(progressive_report, ProgressiveReport, "progressive_report", "a ProgressiveReport")
    if bonus_report is not None:
        check_instance(bonus_report, BonusReport, "bonus_report", "a BonusReport")
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
    rep = optimal_game(rules, game)
    game_loss = rep.house_edge * a
    game_wager = rep.expected_wager * a
    prog_loss = prog.house_edge_at(prog.meter) * ps
    bonus_loss = bon.house_edge * bs
    rows = (
        CombinedRow("game", game_wager, game_loss, a, rph),
        CombinedRow("progressive", game_wager + ps, game_loss + prog_loss, a, rph),
        CombinedRow("bonus", game_wager + bs, game_loss + bonus_loss, a, rph),
        CombinedRow("all", game_wager + ps + bs, game_loss + prog_loss + bonus_loss, a, rph),
    )
    return CombinedReport(rules, a, rph, rep.house_edge, prog, ps, bon, bs, rows)


# ---------------------------------------------------------------- the house's side


@dataclass(frozen=True, slots=True)
class FixedPayTable:
    """Progressive pays seen at a casino, with where they were read."""

    name: str
    pays: tuple[Pay, ...]
    source: str
    note: str = ""


def _fixed(quads: int, full: int, flush: int) -> tuple[Pay, ...]:
    return (*DEFAULT_PROGRESSIVE[:2], Pay(Fraction(quads)), Pay(Fraction(full)), Pay(Fraction(flush)))


#: Progressive pay tables with a public source (four of a kind / full house / flush; the royal
#: takes the meter, the straight flush 10% of it). Tables without a source at hand are left out.
FIXED_PAY_TABLES: tuple[FixedPayTable, ...] = (
    FixedPayTable("500/100/50", _fixed(500, 100, 50),
                  "http://www.argosykansascity.com/Casino/Tables/Caribbean%20Stud",
                  "the default pays of `progressive`"),
    FixedPayTable("500/150/100", _fixed(500, 150, 100),
                  "https://grandcasino.co.nz/grand-casino/how-to-play/caribbean-stud-poker/",
                  "the straight flush at least $1,000, the royal at least $10,000 (its reset)"),
    FixedPayTable("250/150/100", _fixed(250, 150, 100),
                  "https://www.bermuda-poker.com/bermuda-poker-progressive-jackpot.html"),
)


def _nonnegative(x: object, what: str) -> Fraction:
    v = to_money(x, what)
    if v < 0:
        raise InvalidRules(f"{what}: {v} must not be negative")
    return v


@dataclass(frozen=True)
class ProgressiveHouse:
    """The $1 progressive from the house's side (one progressive player per hand: no royal sharing).

    Each $1 puts ``contribution`` on the meter; a royal flush takes the whole meter, which starts
    again at ``reset`` (the house's money); the straight flush's share is paid out of the meter and
    capped at ``sf_cap``; fixed pays come from the house. In the long run every dollar on the meter
    goes to players, so the house keeps 1 - fixed pays - contribution - P(royal) x reset per $1.
    """

    report: ProgressiveReport
    contribution: Fraction | None
    reset: Fraction
    sf_cap: Fraction | None
    #: Progressive bets per hour and hours a year (the pace).
    bets_per_hour: Fraction
    hours_per_year: Fraction

    @property
    def meter(self) -> Fraction:
        """The meter the instantaneous figures are given at."""
        return self.report.meter

    def pay_at(self, index: int, meter: Fraction | int) -> Fraction:
        """What paying hand ``index`` (0 = royal .. 4 = flush) pays at this meter (the straight flush capped)."""
        p = self.report.pays[index]
        share = p.share * meter
        if index == 1 and self.sf_cap is not None:
            share = min(share, self.sf_cap)
        back = 1 if self.report.convention == "to" else 0
        return p.fixed + share + back

    def return_at(self, meter: Fraction | int) -> Fraction:
        """What a player gets back per $1 at this meter."""
        return sum((r.probability * self.pay_at(i, meter) for i, r in enumerate(self.report.rows())),
                   Fraction(0))

    def hold_at(self, meter: Fraction | int) -> Fraction:
        """The house edge (hold) per $1 at this meter: what a player loses on average."""
        return 1 - self.return_at(meter)

    def variance_at(self, meter: Fraction | int) -> Fraction:
        """The variance of the player's net per $1 at this meter."""
        rows = self.report.rows()
        win = sum((r.probability for r in rows), Fraction(0))
        second = sum((r.probability * (self.pay_at(i, meter) - 1) ** 2 for i, r in enumerate(rows)), Fraction(0))
        second += 1 - win  # the losing hands' net is -1
        return second - (self.return_at(meter) - 1) ** 2

    @property
    def hit_probability(self) -> Fraction:
        """The chance the bet pays (a flush or better)."""
        return sum((r.probability for r in self.report.rows()), Fraction(0))

    @property
    def breakeven_meter(self) -> Fraction | None:
        """The meter at which the bet returns $1 per $1 (the straight flush's cap included)."""
        rows = self.report.rows()
        fixed = sum((r.probability * (self.pay_at(i, 0)) for i, r in enumerate(rows)), Fraction(0))
        slope = sum((r.probability * r.pay.share for r in rows), Fraction(0))
        if slope == 0:
            return None
        m = max(Fraction(0), (1 - fixed) / slope)
        sf = rows[1]
        if self.sf_cap is not None and sf.pay.share and sf.pay.share * m > self.sf_cap:
            slope -= sf.probability * sf.pay.share
            fixed += sf.probability * self.sf_cap
            if slope == 0:
                return None
            m = max(Fraction(0), (1 - fixed) / slope)
        return m

    @property
    def bets_per_year(self) -> Fraction:
        """Progressive bets a year at the pace."""
        return self.bets_per_hour * self.hours_per_year

    def hits_per_year(self) -> list[tuple[str, Fraction]]:
        """Expected hits a year of each paying hand, royal first."""
        return [(r.hand, r.probability * self.bets_per_year) for r in self.report.rows()]

    def growth_per_bet(self, meter: Fraction | int) -> Fraction | None:
        """The meter's expected change per bet at this meter: + contribution, - the straight flush's
        share, - (meter - reset) on a royal. None without a contribution rate."""
        if self.contribution is None:
            return None
        rows = self.report.rows()
        sf = rows[1].probability * (self.pay_at(1, meter) - self.pay_at(1, 0))
        royal = rows[0].probability * (meter - self.reset) if self.report.pays[0].share else Fraction(0)
        return self.contribution - sf - royal

    def growth_per_hour(self, meter: Fraction | int) -> Fraction | None:
        """The meter's expected change per hour at the pace."""
        g = self.growth_per_bet(meter)
        return None if g is None else g * self.bets_per_hour

    @property
    def contribution_only_growth(self) -> Fraction | None:
        """What the contributions alone add to the meter per hour."""
        return None if self.contribution is None else self.contribution * self.bets_per_hour

    @property
    def equilibrium_meter(self) -> Fraction | None:
        """The meter at which its expected change is 0 (where it hovers on average when the straight
        flush share is uncapped: the change is linear in the meter)."""
        if self.contribution is None or not self.report.pays[0].share:
            return None
        rows = self.report.rows()
        pr, psf = rows[0].probability, rows[1].probability
        s = self.report.pays[1].share
        m = (self.contribution + pr * self.reset) / (psf * s + pr)
        if self.sf_cap is not None and s * m > self.sf_cap:
            m = (self.contribution - psf * self.sf_cap + pr * self.reset) / pr
        return m

    @property
    def long_run_hold(self) -> Fraction | None:
        """The house's keep per $1 over many royals: 1 - fixed pays - contribution - P(royal) x reset."""
        if self.contribution is None:
            return None
        rows = self.report.rows()
        back = 1 if self.report.convention == "to" else 0
        fixed = sum((r.probability * (r.pay.fixed + back) for r in rows), Fraction(0))
        seeds = rows[0].probability * self.reset if self.report.pays[0].share else Fraction(0)
        return 1 - fixed - self.contribution - seeds

    @property
    def bets_between_royals(self) -> Fraction:
        """Expected bets from one royal flush to the next."""
        return 1 / self.report.rows()[0].probability


def progressive_house(pays: str | Sequence[Number | Pay] | None = None, convention: str = "for",
                      meter: Number = DEFAULT_METER, contribution: Number | None = None, reset: Number = 10_000,
                      sf_cap: Number | None = None, bets_per_hour: Number = 350,
                      hours_per_year: Number = 8760) -> ProgressiveHouse:
    """The progressive from the house's side, exact.

    >>> h = progressive_house(contribution="0.15")
    >>> h.breakeven_meter == progressive().breakeven_meter, f"{float(h.long_run_hold):.4f}"
    (True, '0.4722')
    """
    rep = progressive(pays, convention, 1, meter, ())
    c = None
    if contribution is not None:
        c = to_fraction(contribution, "contribution")
        if not 0 < c <= 1:
            raise InvalidRules(f"contribution {c}: the share of each $1 put on the meter must be in (0, 1]")
    cap = None if sf_cap is None else _nonnegative(sf_cap, "sf_cap")
    if cap is not None and cap == 0:
        raise InvalidRules("sf_cap: must be positive (leave it out for no cap)")
    pace = _nonnegative(bets_per_hour, "pace (progressive bets per hour)")
    hours = _nonnegative(hours_per_year, "hours per year")
    if hours > 8784:
        raise InvalidRules(f"hours per year {hours}: a year has at most 8,784 hours")
    return ProgressiveHouse(rep, c, _nonnegative(reset, "reset"), cap, pace, hours)
