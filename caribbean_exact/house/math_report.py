"""A math report for table-game managers: every wager's figures, results over N hands, the
table's win per hour, the side bets from the house's side and the cap, as one frozen result.

>>> r = build_report(hands=(), covariance_deals=20_000)
>>> r.game.strategy, [x.hands for x in r.over_n_hands][:2], r.table_hour.seats
('optimal', [1, 10], 7)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import InvalidRules, shown
from ..model.checks import check_int, check_progress, check_seats
from ..model.draw import Draw
from ..model.rules import DEFAULT_RAISE_ANTES, Number, Paytable, PaytableLike, QualifierLike, Rules, to_fraction
from ..play.game import FIVE_CARD_HANDS, GameReport, solve
from ..play.sixth_game import SixthCardGame
from ..play.switch_game import SwitchGame
from ..play.switching import SwitchFees, SwitchFeesLike
from ..play.whole_game import WholeGame
from ..progress import ProgressFn, report
from ..strategy.buy_lines import BuyLinesGame, solve_buy_lines
from ..strategy.chart import Chart, build_chart
from ..strategy.strategies import StrategyResult, compare_strategies
from ..strategy.switch_rules import DEFAULT_SWITCH_DEALS, SwitchStudy, switch_study
from .bet_cap import CapStudy, cap_study
from .protection import FlashCost, LeakDetection, check_rate, flash_cost, leak_named
from .sidebets import BonusReport, Pay, PaysLike, ProgressiveHouse, bonus, progressive_house
from .tells import leak_detection
from .volatility import (
    DEFAULT_AVERAGE_ANTE,
    DEFAULT_HANDS,
    DEFAULT_HANDS_PER_HOUR,
    DEFAULT_TABLE_DEALS,
    DEFAULT_TABLE_SEED,
    NHands,
    OutcomeDistribution,
    SeatCovariance,
    TableHour,
    check_average_ante,
    check_hands,
    check_shift,
    check_table_sample,
    net_distribution,
    outcome_distribution,
    over_n_hands,
    seat_covariance,
    table_hour,
)

__all__ = ["DEFAULT_HANDS_PER_HOUR", "PLOT_HANDS", "SIDE_BETS", "TOP_AWARD_ODDS_LIMIT", "CheckedOptions", "MathReport",
           "ReportOptions", "TopAward", "build_report", "priced_over_n_hands", "report_of"]

#: Side bets the report can include.
SIDE_BETS: tuple[str, ...] = ("progressive", "bonus")
#: The most values of ``hands`` besides DEFAULT_HANDS (each is a transform of up to a few hundred MB).
MAX_EXTRA_HANDS = 20
#: The hands whose distribution of the player's net is plotted.
PLOT_HANDS: tuple[int, ...] = (100, 1_000)
#: The display rule checked for the top award: its odds no longer than 1 in this many.
TOP_AWARD_ODDS_LIMIT = 100_000_000


@dataclass(frozen=True)
class TopAward:
    """The ante game's largest pay (the raise's, on the best category paying it) and how often it
    comes: dealt to the player, and paid (raised, the dealer qualifies and is beaten)."""

    category: int
    pays: Fraction
    net: Fraction
    dealt: Fraction
    paid: Fraction

    @property
    def meets_display_rule(self) -> bool:
        """The award is paid at least once in TOP_AWARD_ODDS_LIMIT deals."""
        return self.paid * TOP_AWARD_ODDS_LIMIT >= 1


@dataclass(frozen=True)
class BonusHouse:
    """The 5+1 Bonus with the pace of the table: its exact report and expected hits a year."""

    report: BonusReport
    bets_per_hour: Fraction
    hours_per_year: Fraction

    def hits_per_year(self) -> list[tuple[str, Fraction]]:
        """Expected hits a year of each paying hand, royal first."""
        n = self.bets_per_hour * self.hours_per_year
        return [(r.hand, r.probability * n) for r in self.report.rows() if r.pays is not None]


@dataclass(frozen=True)
class MathReport:
    """Everything the report shows, exact where it can be (see docs/report.md)."""

    rules: Rules
    game: GameReport
    strategies: tuple[StrategyResult, ...]
    distribution: OutcomeDistribution
    over_n_hands: tuple[NHands, ...]
    #: The kept distributions of PLOT_HANDS, for the plots.
    plotted: tuple[NHands, ...]
    seat_covariance: SeatCovariance
    table_hour: TableHour
    cap: CapStudy | None
    progressive: ProgressiveHouse | None
    bonus: BonusHouse | None
    #: The strategy assumed (the optimal chart: plain rules and grid), attached to the report.
    chart: Chart | None = None
    #: A dealer who exposes a hole card in a share of hands (``flash_rate``), at the table's settings.
    flash: FlashCost | None = None
    #: A named leak of ``protection.LEAKS`` (``leak``): its game, cost per hand and per table-hour at the
    #: table's settings (one player using it), tells and hands to detect.
    leak: LeakDetection | None = None
    #: Card switching (Oasis Poker), when a fee schedule was given: the switching lines and the
    #: sampled whole game (proven exclusions, house edges and the lines' cost, with intervals).
    switching: SwitchStudy | None = None
    #: The results over N hands (the same N) of the whole game priced (``priced``) where its
    #: per-deal distribution is counted (``priced_over_n_hands``); else empty.
    priced_n_hands: tuple[NHands, ...] = ()
    #: A sixth card for sale, when a buy fee was given: the whole game with optimal buying and the
    #: buying lines' game, both exact (``buy_lines.solve_buy_lines``).
    buying: BuyLinesGame | None = None

    @property
    def oasis(self) -> SwitchGame | None:
        """With card switching (``switching``): the Oasis game the report prices, optimal switching
        (a ``WholeGame``: exact, or the exact one-card bound less a sampled gain); else None."""
        return None if self.switching is None else self.switching.game

    @property
    def sixth(self) -> SixthCardGame | None:
        """With a sixth card for sale (``buying``): the game the report prices, optimal buying
        (exact); else None."""
        return None if self.buying is None else self.buying.optimal

    @property
    def draw_word(self) -> str | None:
        """What the player draws in the game priced, in one word ("switching", "buying"), or None."""
        return "switching" if self.switching is not None else "buying" if self.buying is not None else None

    @property
    def priced(self) -> WholeGame:
        """The whole game whose house edge the title, the summary and the table-hour's win give:
        the Oasis game with switching (when counted), the game with a sixth card for sale, else the
        plain game."""
        if self.oasis is not None:
            return self.oasis
        return self.sixth if self.sixth is not None else self.game

    @property
    def top_award(self) -> TopAward:
        """The top award of the ante game and its odds."""
        pt, g = self.rules.paytable, self.game
        top = max(pt.pay(c) for c in range(10))
        cat = max(c for c in range(10) if pt.pay(c) == top)
        dealt = next(x.count for x in g.dealer_distribution if x.category == cat)
        return TopAward(cat, top, g.nets.win[cat], Fraction(dealt, FIVE_CARD_HANDS),
                        Fraction(g.totals.win[cat], g.total_weight))

    @property
    def hit_frequency(self) -> Fraction:
        """P(the player's net > 0) of one deal of the ante game."""
        return sum((Fraction(c, self.distribution.total) for n, c in zip(self.distribution.nets,
                                                                        self.distribution.counts) if n > 0),
                   Fraction(0))

    @property
    def variance_per_wager(self) -> Fraction:
        """The variance per ante over the expected total wager squared (per unit wagered)."""
        return self.game.variance / self.game.expected_wager ** 2

    @property
    def standard_deviation_per_wager(self) -> float:
        """The SD per ante over the expected total wager (per unit wagered)."""
        return float(self.game.standard_deviation / self.game.expected_wager)


def priced_over_n_hands(switching: SwitchStudy | None, hands: Sequence[int],
                        progress: ProgressFn | None = None, buying: BuyLinesGame | None = None
                        ) -> tuple[NHands, ...]:
    """The results over each of ``hands`` of the game priced where its per-deal distribution is
    counted: the Oasis game whose whole game is the one-card game (exact: a one-card schedule, or
    every larger switch proven never better) or the larger switches counted (``SwitchGame.counted``),
    whose return table (nets less the fees) is exact; the
    game with a sixth card for sale (``buying``: its return table, exact). Else () (the five-card
    switch is counted by its value, not by outcome)."""
    if buying is not None:
        dist = net_distribution(r for _, r in buying.optimal.return_rows)
    else:
        g = None if switching is None else switching.game
        if g is None or not g.exact or g.exact_game is not None:
            return ()
        whole = g.counted if g.counted is not None else g.one_card
        dist = net_distribution(r for _, r in whole.return_rows)
    out = []
    for k, n in enumerate(hands, 1):
        out.append(over_n_hands(dist, n))
        report(progress, "results over N hands, " + ("buying" if buying is not None else "switching"), k,
               len(hands))
    return tuple(out)


def _side_bets(side_bets: Sequence[str] | str | None) -> tuple[str, ...]:
    if side_bets is None:
        return ()
    items = side_bets.replace(",", " ").split() if isinstance(side_bets, str) else list(side_bets)
    out = []
    for s in items:
        if not isinstance(s, str) or s.strip().lower() not in SIDE_BETS:
            raise InvalidRules(f"side bet {s!r}: expected one of {', '.join(SIDE_BETS)}")
        if s.strip().lower() not in out:
            out.append(s.strip().lower())
    return tuple(out)


def _check_side_bets(sides: tuple[str, ...], progressive_pays: str | Sequence[Number | Pay] | None, meter: Number,
                     contribution: Number | None, reset: Number, sf_cap: Number | None, bonus_pays: PaysLike,
                     pace: Number | None, hours_per_year: Number) -> BonusReport | None:
    """The side bets' figures checked before the game is solved (seconds of work): the same
    refusals as where they are used, a bad ``contribution`` (say 1.5) among them. Returns the 5+1
    Bonus report when ``sides`` has it."""
    bets = Fraction(0) if pace is None else to_fraction(pace, "pace")  # by default seats x hands per hour, >= 0
    if bets < 0:
        raise InvalidRules(f"pace {bets}: side-bet bets per hour must not be negative")
    if "progressive" in sides:
        progressive_house(progressive_pays, "for", meter, contribution, reset, sf_cap, bets, hours_per_year)
    elif contribution is not None or sf_cap is not None:
        raise InvalidRules("--contribution and --sf-cap describe the progressive: add --side-bets progressive")
    if "bonus" not in sides:
        return None
    progressive_house(None, "for", meter, None, reset, None, bets, hours_per_year)  # the meter, reset, pace, hours
    return bonus(bonus_pays)


@dataclass(frozen=True)
class ReportOptions:
    """Every option of the report, as one value: what ``build_report`` takes by keyword and the
    ``report`` command reads from its arguments; ``checked()`` checks them all before any work.

    ``hands``: more N besides DEFAULT_HANDS; ``pace``: side-bet bets per hour (default every seat
    every round: seats x hands_per_hour). With ``max_payout`` the game is solved at the average ante
    under the cap, and the cap's cost at that ante is reported. ``flash_rate`` (a share of hands,
    "5%" or 0.05; default None: none) adds what a dealer who exposes a hole card that often costs,
    per hand and per table-hour at the report's rounds an hour and average ante
    (``protection.flash_cost``, one player using it). ``leak`` (a name of ``protection.LEAKS``, as
    ``detect`` names its rows; default None: none) adds that leak's section: its exact house edge, its
    cost per hand and per table-hour at the report's rounds an hour and average ante (one player, and
    every seat), its tells and the hands to detect it (``tells.leak_detection``). With
    ``switch_fees`` (Oasis Poker, the fee in antes of switching 1, 2, ... cards) the report prices the
    Oasis game, and a section on card switching: ``switch_study`` over ``switch_deals`` hands from
    ``switch_seed``. With ``buy_fee`` (a sixth card for sale, in antes) it prices the game with
    optimal buying and adds a section on it with the buying lines (``buy_lines.solve_buy_lines``:
    both exact, about 30 s more).

    >>> ReportOptions(seats=5).checked().seats
    5
    """

    paytable: PaytableLike = None
    qualifier: QualifierLike = None
    max_payout: Number | None = None
    paytables: dict[str, Paytable] | None = None
    hands: Sequence[int] = ()
    seats: int = 7
    hands_per_hour: Number = DEFAULT_HANDS_PER_HOUR
    average_ante: Number = DEFAULT_AVERAGE_ANTE
    hours: Number = 8
    side_bets: Sequence[str] | str | None = None
    progressive_pays: str | Sequence[Number | Pay] | None = None
    meter: Number = 100_000
    contribution: Number | None = None
    reset: Number = 10_000
    sf_cap: Number | None = None
    bonus_pays: PaysLike = None
    hours_per_year: Number = 8760
    pace: Number | None = None
    covariance_deals: int = DEFAULT_TABLE_DEALS
    covariance_seed: int = DEFAULT_TABLE_SEED
    raise_antes: int = DEFAULT_RAISE_ANTES
    flash_rate: Number | str | None = None
    leak: str | None = None
    switch_fees: SwitchFeesLike | None = None
    switch_deals: int = DEFAULT_SWITCH_DEALS
    switch_seed: int = 1
    buy_fee: Number | str | None = None

    def checked(self) -> CheckedOptions:
        """Every option checked (seconds of work at most, before the minutes of the report):
        raises ``InvalidRules`` naming the first bad one."""
        seats = check_seats(self.seats)
        hands = self.hands
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
            raise InvalidRules(f"hands {shown(hands)}: expected a list of numbers of hands")
        extra = {check_hands(n) for n in hands} - set(DEFAULT_HANDS)
        if len(extra) > MAX_EXTRA_HANDS:
            raise InvalidRules(f"hands: {len(extra):,} values besides {', '.join(f'{n:,}' for n in DEFAULT_HANDS)}, "
                               f"more than the limit of {MAX_EXTRA_HANDS}")
        check_table_sample(self.covariance_deals, self.covariance_seed)  # before the work, not after it
        if self.flash_rate is not None:
            check_rate(self.flash_rate)
        if self.leak is not None:
            leak_named(self.leak)
        fees = None if self.switch_fees is None else SwitchFees.parse(self.switch_fees)
        if fees is not None:
            check_int(self.switch_deals, "switch_deals", 1, 10**7)
            check_int(self.switch_seed, "switch_seed", 0, 2**64 - 1)
        buy = None if self.buy_fee is None else Draw.make(buy=self.buy_fee).buy
        if fees is not None and buy is not None:
            raise InvalidRules("switch fees and a buy fee: a report prices one draw (give switching or buying)")
        ante = check_average_ante(self.average_ante)
        check_shift(self.hands_per_hour, self.hours)  # before the work too: table_hour checks them after seconds
        sides = _side_bets(self.side_bets)
        bonus_report = _check_side_bets(sides, self.progressive_pays, self.meter, self.contribution, self.reset,
                                         self.sf_cap, self.bonus_pays, self.pace, self.hours_per_year)
        rules = Rules.make(self.paytable, self.qualifier, ante if self.max_payout is not None else None,
                           self.max_payout, self.paytables, raise_antes=self.raise_antes)
        return CheckedOptions(self, rules, seats, tuple(sorted(set(DEFAULT_HANDS) | extra)), ante, sides, fees,
                              bonus_report, buy)


@dataclass(frozen=True)
class CheckedOptions:
    """The report's options checked once (``ReportOptions.checked``): the rules they name and the
    values every part of the report reads."""

    options: ReportOptions
    rules: Rules
    seats: int
    #: Every N of the results over N hands, sorted.
    hands: tuple[int, ...]
    average_ante: Fraction
    side_bets: tuple[str, ...]
    fees: SwitchFees | None
    #: The 5+1 Bonus report when the side bets have it (seconds of work, done in the checks).
    bonus: BonusReport | None
    #: The fee of a sixth card for sale, or None.
    buy_fee: Fraction | None = None


def build_report(paytable: PaytableLike = None, qualifier: QualifierLike = None, max_payout: Number | None = None,
                 *, progress: ProgressFn | None = None, **options: Any) -> MathReport:
    """The whole report: ``report_of(ReportOptions(paytable, qualifier, max_payout, **options))``
    (each option is a field of ``ReportOptions``)."""
    return report_of(ReportOptions(paytable, qualifier, max_payout, **options), progress)


def report_of(options: ReportOptions, progress: ProgressFn | None = None) -> MathReport:
    """The whole report of ``options`` (see ``ReportOptions``): every option checked first, then the
    game solved once and handed to each part that needs it."""
    check_progress(progress)
    c = options.checked()
    o, rules, ante = c.options, c.rules, c.average_ante
    game = solve(rules=rules, progress=progress)
    dist = outcome_distribution(game)
    results = []
    for k, n in enumerate(c.hands, 1):
        results.append(over_n_hands(dist, n))
        report(progress, "results over N hands", k, len(c.hands))
    plotted = tuple(over_n_hands(dist, n, keep=True) for n in PLOT_HANDS)
    strategies = tuple(compare_strategies(rules, progress=progress, game=game))  # the game, solved once
    chart = build_chart(rules, progress=progress)  # the strategy assumed: needs every decision (a price pass)
    cov = seat_covariance(rules, o.covariance_deals, o.covariance_seed, progress=progress, game=game)
    hour = table_hour(game, cov, c.seats, o.hands_per_hour, ante, o.hours)
    cap = None
    if o.max_payout is not None:
        cap = cap_study(rules.paytable, rules.qualifier, o.max_payout, [ante], o.paytables, progress)
    bets = hour.hands_per_hour * c.seats if o.pace is None else to_fraction(o.pace, "pace")
    prog = None
    if "progressive" in c.side_bets:
        prog = progressive_house(o.progressive_pays, "for", o.meter, o.contribution, o.reset, o.sf_cap, bets,
                                 o.hours_per_year)
    bon = None
    if c.bonus is not None:
        b = progressive_house(None, "for", o.meter, None, o.reset, None, bets, o.hours_per_year)
        bon = BonusHouse(c.bonus, b.bets_per_hour, b.hours_per_year)
    flash = None
    if o.flash_rate is not None:
        flash = flash_cost(o.flash_rate, rules, hands_per_hour=hour.hands_per_hour, average_ante=ante, game=game,
                           progress=progress)
    leak = None
    if o.leak is not None:
        leak = leak_detection(o.leak, rules, game=game, hands_per_hour=hour.hands_per_hour, average_ante=ante,
                              progress=progress)
    switching = None
    if c.fees is not None:
        switching = switch_study(c.fees, rules, o.switch_deals, o.switch_seed, progress=progress)
    buying = None
    if c.buy_fee is not None:
        buying = solve_buy_lines(rules.with_game(buy_fee=c.buy_fee), progress=progress)
    return MathReport(rules, game, strategies, dist, tuple(results), plotted, cov, hour, cap, prog, bon, chart,
                      flash=flash, leak=leak, switching=switching,
                      priced_n_hands=priced_over_n_hands(switching, c.hands, progress, buying), buying=buying)
