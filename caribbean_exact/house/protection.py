"""Game protection, exact: what a leak costs the house, and how many hands surveillance needs to see it.

A *leak* is any whole game whose player knew more than the up card: a ``GameReport`` whose
``information`` says what he knew (one to four hole cards seen, and whatever leak the library solves
next). Two figures of every leak are computed here:

- ``flash_cost(rate)``: a dealer who exposes a hole card in a fraction ``rate`` of hands. The player
  plays the one-seen-card game in those hands and the plain game in the others, so every figure is
  the exact mixture of the two exact games: the house edge, its cost per hand (in antes and money)
  and per table-hour at the report's table settings.
- ``hands_to_detect(leak)``: how many hands surveillance must watch to tell a player who raises by
  the leak's strategy from an optimal player, from his raise rate or his win rate, by an exact
  one-sided binomial test at stated error rates.

>>> f = flash_cost("5%")
>>> f.cost_per_hand == Fraction(1, 20) * (solve().house_edge - solve_seen_card().report.house_edge)
True
>>> hands_to_detect(solve_seen_card().report).hands
89
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import MAX_EMAX, MIN_EMIN, Context, Decimal
from fractions import Fraction
from functools import partial
from statistics import NormalDist
from typing import TYPE_CHECKING, Literal

from ..engine.recent import Recent
from ..errors import InvalidRules, shown
from ..model.checks import check_instance, check_rules, check_seats, check_threads
from ..model.rules import Number, Rules, to_fraction
from ..play.edge_sorting import solve_sorted_ranks
from ..play.game import GameReport, optimal_game, solve
from ..play.information import Information
from ..play.known_cards import solve_burn_card, solve_known, solve_seen_card, solve_seen_class
from ..progress import ProgressFn, report
from .volatility import DEFAULT_AVERAGE_ANTE, DEFAULT_HANDS_PER_HOUR

if TYPE_CHECKING:  # numpy is imported where the search runs: the command line starts without it
    import numpy as np

__all__ = ["DEFAULT_ERROR_RATES", "FLASH_RATES", "LEAKS", "MAX_DETECT_HANDS", "MIN_ERROR_RATE", "PRECISIONS",
           "STATISTICS", "Detection", "FlashCost", "Leak", "LeakDetection", "Statistic", "Tell", "Tells",
           "check_error_rate", "check_rate", "detection_table", "flash_cost", "hands_needed", "hands_to_detect",
           "leak_named", "leaks", "win_probability"]

#: What surveillance counts: "raise", the hands raised; "win", the hands won (net > 0).
Statistic = Literal["raise", "win"]
STATISTICS: tuple[Statistic, ...] = ("raise", "win")
#: The error rates of the detection table: alpha = beta = 5% and 1%.
DEFAULT_ERROR_RATES: tuple[Fraction, ...] = (Fraction(1, 20), Fraction(1, 100))
#: The most hands a detection is searched for: ten million hands, decades of one player's play (50
#: rounds an hour, 8 hours a day); a leak that needs more is reported as not told apart.
MAX_DETECT_HANDS = 10 ** 7
#: The smallest error rate a detection takes: one in a million.
MIN_ERROR_RATE = Fraction(1, 10 ** 6)
#: The most hands after the answer searched for a failure again (the saw-tooth): 2 sqrt(n) + 20, at
#: most this.
MAX_WINDOW = 2_000
#: Up to this many decimal digits in the exact check's numbers (n x digits of the rate's
#: denominator), the answer n and n - 1 are checked in integers; beyond, by the bounded decimal sums.
EXACT_DIGITS = 40_000
#: Decimal digits of the bounded sums (every operation correctly rounded to these): the first, and
#: the second when the margin of a decision is inside the first's bound.
PRECISIONS: tuple[int, ...] = (30, 60)


#: The smallest share of hands a leak may be seen in, besides 0 (one in a billion).
MIN_RATE = Fraction(1, 10**9)


def check_rate(rate: object, what: str = "flash rate") -> Fraction:
    """A share of hands, 0 to 1: a number (0.05, "1/20", Fraction) or a percentage ("5%"), read
    exactly by the one number reader (``rules.to_fraction``).

    >>> check_rate("5%"), check_rate("0.05"), check_rate(1)
    (Fraction(1, 20), Fraction(1, 20), Fraction(1, 1))
    """
    if isinstance(rate, str) and rate.strip().endswith("%"):
        value = to_fraction(rate.strip()[:-1], what) / 100
    else:
        value = to_fraction(rate, what)
    if not 0 <= value <= 1:
        raise InvalidRules(f"{what} {shown(rate)}: expected 0 to 1, or 0% to 100%")
    if 0 < value < MIN_RATE:  # it would vanish in the detection's floats
        raise InvalidRules(f"{what} {shown(rate)}: expected 0 or at least one hand in a billion (1e-9)")
    return value


def check_error_rate(rate: object, what: str = "error rate") -> Fraction:
    """An error rate of a test (alpha or beta): at least ``MIN_ERROR_RATE`` (one in a million) and
    below 1/2, read as ``check_rate`` reads.

    >>> check_error_rate("1%")
    Fraction(1, 100)
    """
    value = check_rate(rate, what)
    if not MIN_ERROR_RATE <= value < Fraction(1, 2):
        raise InvalidRules(f"{what} {shown(rate)}: expected an error rate from 1/1000000 (0.0001%) up to, "
                           "not including, 1/2 (50%)")
    return value


def win_probability(game: GameReport) -> Fraction:
    """P(the player's net of one deal > 0): the share of the game's deals that pay him (the dealer does
    not qualify, or is beaten), read from the return table; a tie (net 0) is not a win.

    ``game``: any whole-game ``GameReport``. Returns an exact Fraction.

    >>> win_probability(solve())
    Fraction(160068962336, 415275635775)
    """
    game = check_instance(game, GameReport, "game", "a GameReport")
    return sum((Fraction(r.count, game.total_weight) for r in game.return_table() if r.net > 0), Fraction(0))


# ---------------------------------------------------------------- the flash rate


@dataclass(frozen=True)
class FlashCost:
    """A dealer who exposes one hole card in a share ``rate`` of hands, to ``players`` players who use it.

    ``base``: the plain game (the up card only); ``leak``: the game played when the card is seen (by
    default the one-seen-card game); ``hands_per_hour`` (rounds dealt an hour) and ``average_ante``
    (money): the table settings of ``report``. Every figure is exact: the player plays ``leak``'s
    strategy in a share ``rate`` of hands and ``base``'s in the rest, so each figure per hand is the
    mixture ``(1 - rate) x base + rate x leak``.
    """

    rate: Fraction
    base: GameReport
    leak: GameReport
    hands_per_hour: Fraction
    average_ante: Fraction
    players: int = 1

    @property
    def information(self) -> Information:
        """What the player knows in the hands where the card is seen."""
        return self.leak.information

    @property
    def rules(self) -> Rules:
        """The rules of both games."""
        return self.base.rules

    @property
    def house_edge(self) -> Fraction:
        """The house edge per ante against the player who uses the flashes (negative: his advantage)."""
        return (1 - self.rate) * self.base.house_edge + self.rate * self.leak.house_edge

    @property
    def cost_per_hand(self) -> Fraction:
        """What the flashes cost the house per hand of the player, in antes: ``rate`` x (base edge -
        leak edge)."""
        return self.base.house_edge - self.house_edge

    @property
    def cost_per_hand_money(self) -> Fraction:
        """The cost per hand in money, at the average ante."""
        return self.cost_per_hand * self.average_ante

    @property
    def cost_per_table_hour(self) -> Fraction:
        """The cost per table-hour in money: ``players`` x rounds an hour x the cost per hand."""
        return self.players * self.hands_per_hour * self.cost_per_hand_money

    @property
    def raise_probability(self) -> Fraction:
        """The share of the player's hands raised."""
        return (1 - self.rate) * self.base.raise_probability + self.rate * self.leak.raise_probability

    @property
    def win_probability(self) -> Fraction:
        """The share of the player's hands won (net > 0)."""
        return (1 - self.rate) * win_probability(self.base) + self.rate * win_probability(self.leak)


def flash_cost(rate: Number | str, rules: Rules | None = None, *, hands_per_hour: Number = DEFAULT_HANDS_PER_HOUR,
               average_ante: Number | None = None, players: int = 1, game: GameReport | None = None,
               leak: GameReport | None = None, threads: int | None = None,
               progress: ProgressFn | None = None) -> FlashCost:
    """The house's cost of a dealer who exposes a hole card in a share ``rate`` of hands, exact.

    - ``rate``: the share of hands flashed, 0 to 1: a number, a fraction "1/20" or a percentage "5%".
    - ``rules``: the game's ``Rules`` (default None: the standard game).
    - ``hands_per_hour``: rounds dealt an hour (default ``DEFAULT_HANDS_PER_HOUR``, 50, the report's).
    - ``average_ante``: the ante in money (default None: the rules' ante if they have one, else the
      report's ``DEFAULT_AVERAGE_ANTE``, 10).
    - ``players``: players at the table who see the flashed card and use it, 1 to 7 (default 1).
    - ``game``: the plain game of ``rules`` if already solved (default None: solved here).
    - ``leak``: the game played in the flashed hands (default None: one hole card seen,
      ``solve_seen_card``); any leak's ``GameReport`` under the same rules.
    - ``threads``, ``progress``: as for ``solve``.

    Returns a ``FlashCost``. Raises ``InvalidRules`` (a ``ValueError``) for a rate outside 0..1, bad
    settings, or games under other rules.

    >>> f = flash_cost("10%")
    >>> f"{float(f.house_edge):.4%}", f"{float(f.cost_per_hand):.4%}", f"{float(f.cost_per_table_hour):.2f}"
    ('4.7635%', '0.4608%', '2.30')
    """
    r = check_rate(rate)
    rules = check_rules(rules)
    threads = check_threads(threads)
    players = check_seats(players, "players")
    h = to_fraction(hands_per_hour, "hands per hour")
    if h <= 0:
        raise InvalidRules(f"hands per hour: {h} must be positive")
    if average_ante is None:
        ante = rules.ante if rules.ante is not None else Fraction(DEFAULT_AVERAGE_ANTE)
    else:
        ante = to_fraction(average_ante, "average ante")
        if ante <= 0:
            raise InvalidRules(f"average ante: {ante} must be positive")
    base = optimal_game(rules, game, progress)
    if leak is None:
        leak = solve_seen_card(rules, threads, progress=progress).report
    check_instance(leak, GameReport, "leak", "a GameReport")
    if leak.rules != rules:
        raise InvalidRules("leak: solved under other rules than the rules given")
    return FlashCost(r, base, leak, h, ante, players)


# ---------------------------------------------------------------- detection


@dataclass(frozen=True)
class Detection:
    """The hands an exact one-sided binomial test needs to tell the leak's player from an optimal one.

    Surveillance counts X, the hands raised (or won) among n hands. H0: the rate is ``p0`` (the
    optimal player's); H1: it is ``p1`` (the leak's player's). With ``p1 > p0`` the test says "leak"
    when X >= ``critical``, with ``p1 < p0`` when X <= ``critical``. ``hands`` is the smallest n for
    which some critical value gives P(say leak | p0) <= ``alpha`` and P(say leak | p1) >= 1 - ``beta``;
    None when no n up to ``MAX_DETECT_HANDS`` does (``beyond``), or when ``p0 == p1`` (never).

    The error of the test is not monotone in n (the critical value is a whole number: a saw-tooth):
    a few n above ``hands`` may fail again. ``last_failure`` is the largest such n found in the
    ``window`` of n after ``hands`` (None: every n of the window passes).
    """

    #: What surveillance counts: "raise" (hands raised) or "win" (hands won, net > 0).
    statistic: str
    p0: Fraction
    p1: Fraction
    alpha: Fraction
    beta: Fraction
    hands: int | None
    critical: int | None
    #: The test's chance of accusing the optimal player at ``hands`` (a float for display).
    size: float | None
    #: The test's chance of catching the leak's player at ``hands`` (a float for display).
    power: float | None
    #: The normal approximation's n: ((z(1-alpha) sqrt(p0 q0) + z(1-beta) sqrt(p1 q1)) / |p1 - p0|)^2.
    normal_hands: int | None
    last_failure: int | None
    window: int
    #: How the answer was checked at ``hands`` (passes) and ``hands - 1`` (fails): "exact" (integer
    #: sums) or "bound" (decimal sums of 50 digits with a proven error bound narrower than the margin).
    checked: str

    @property
    def beyond(self) -> bool:
        """The rates differ but more than ``MAX_DETECT_HANDS`` hands would be needed."""
        return self.hands is None and self.p0 != self.p1

    @property
    def upper(self) -> bool:
        """The test says "leak" for many hands counted (True) or for few."""
        return self.p1 > self.p0


def _z(p: Fraction) -> float:
    return -NormalDist().inv_cdf(float(p))


def _normal_hands(p0: Fraction, p1: Fraction, alpha: Fraction, beta: Fraction) -> int:
    a = _z(alpha) * math.sqrt(p0 * (1 - p0)) + _z(beta) * math.sqrt(p1 * (1 - p1))
    return max(1, math.ceil((a / abs(float(p1 - p0))) ** 2))


class _Window:
    """The binomial(n, p) probabilities over mode +- 12 SD (floats; outside it below 1e-30 in all),
    with prefix sums: every tail the search needs is a look-up."""

    def __init__(self, n: int, p: float) -> None:
        import numpy as np

        q = 1.0 - p
        sd = math.sqrt(n * p * q)
        mode = min(n, max(0, math.floor((n + 1) * p)))
        span = math.ceil(12 * sd) + 40
        self.lo, self.hi = max(0, mode - span), min(n, mode + span)
        log_mode = (math.lgamma(n + 1) - math.lgamma(mode + 1) - math.lgamma(n - mode + 1)
                    + mode * math.log(p) + (n - mode) * math.log1p(-p)) if 0 < p < 1 else 0.0
        up = np.arange(mode, self.hi, dtype=np.float64)  # t(k+1)/t(k) for k = mode .. hi-1
        right = np.cumsum(np.log((n - up) * p) - np.log((up + 1) * q)) if len(up) else np.zeros(0)
        down = np.arange(mode, self.lo, -1, dtype=np.float64)  # t(k-1)/t(k) for k = mode .. lo+1
        left = np.cumsum(np.log(down * q) - np.log((n - down + 1) * p)) if len(down) else np.zeros(0)
        logs = np.concatenate([left[::-1], [0.0], right]) + log_mode
        self.pmf: np.ndarray = np.exp(logs)
        self.prefix: np.ndarray = np.cumsum(self.pmf)  # P(X <= lo + i)
        self.suffix: np.ndarray = np.cumsum(self.pmf[::-1])[::-1]  # P(X >= lo + i)

    def upper(self, c: int) -> float:
        """P(X >= c)."""
        if c <= self.lo:
            return 1.0 if c <= 0 else float(self.suffix[0])
        return 0.0 if c > self.hi else float(self.suffix[c - self.lo])

    def lower(self, c: int) -> float:
        """P(X <= c)."""
        if c >= self.hi:
            return 1.0 if c >= 0 else 0.0
        return 0.0 if c < self.lo else float(self.prefix[c - self.lo])

    def at(self, k: int) -> float:
        """P(X = k)."""
        return float(self.pmf[k - self.lo]) if self.lo <= k <= self.hi else 0.0

    def critical(self, alpha: float) -> int:
        """The smallest c with P(X >= c) <= alpha (n + 1: none)."""
        import numpy as np

        i = int(np.searchsorted(-self.suffix, -alpha, side="left"))  # suffix decreases
        return self.lo + i if i < len(self.suffix) else self.hi + 1


def _evaluate(n: int, p0: float, p1: float, alpha: float, beta: float) -> tuple[int, bool, float]:
    """(critical value, the test passes, the randomized test's power) at n hands (floats)."""
    w0, w1 = _Window(n, p0), _Window(n, p1)
    c = w0.critical(alpha)
    miss = w1.lower(c - 1)  # P(X <= c - 1 | p1): the leak player not caught
    p_at = w0.at(c - 1)
    gamma = (alpha - w0.upper(c)) / p_at if p_at > 0 else 0.0
    power = 1 - miss + min(1.0, max(0.0, gamma)) * w1.at(c - 1)
    return c, c <= n and miss <= beta, power


# ---- the checks: exact integer sums, or decimal sums with a proven bound


def _tail_exact(n: int, c: int, p: Fraction, upper: bool) -> Fraction:
    """P(X >= c) (upper) or P(X <= c), X ~ binomial(n, p), exact."""
    if upper:
        return 1 - _tail_exact(n, c - 1, p, False) if c > 0 else Fraction(1)
    if c < 0:
        return Fraction(0)
    if c >= n:
        return Fraction(1)
    a, b = p.numerator, p.denominator
    q = b - a
    term = q ** n  # k = 0: C(n, 0) a^0 q^n
    total = term
    for k in range(c):
        term = term * (n - k) * a // ((k + 1) * q) if q else 0
        total += term
    return Fraction(total, b ** n)


_PI = Decimal("3.14159265358979323846264338327950288419716939937510582097494459230781640628620899863")
#: (B_2j) for the Stirling series, j = 1..8, then B_18 for its remainder.
_BERNOULLI = (Fraction(1, 6), Fraction(-1, 30), Fraction(1, 42), Fraction(-1, 30), Fraction(5, 66),
              Fraction(-691, 2730), Fraction(7, 6), Fraction(-3617, 510))
_B18 = Fraction(43867, 798)


def _ctx(prec: int) -> Context:
    return Context(prec=prec, Emax=MAX_EMAX, Emin=MIN_EMIN)


def _log_factorial(x: int, ctx: Context, eps: Decimal) -> tuple[Decimal, Decimal]:
    """ln(x!) and a bound on its absolute error. Exact factorial up to 2,000 (one correctly rounded
    ln); beyond, Stirling's series for ln Gamma(z), z = x + 1, to z^-15, whose remainder for real
    z > 0 is below the first term left out, |B_18| / (18 x 17 z^17)."""
    if x <= 2000:
        v = ctx.ln(Decimal(math.factorial(x)))
        return v, abs(v) * eps
    z = Decimal(x + 1)
    lz = ctx.ln(z)
    v = ctx.subtract(ctx.multiply(ctx.subtract(z, Decimal("0.5")), lz), z)
    v = ctx.add(v, ctx.divide(ctx.ln(ctx.multiply(2, _PI)), 2))
    zpow = z
    z2 = ctx.multiply(z, z)
    for j, b in enumerate(_BERNOULLI, 1):
        coef = ctx.divide(Decimal(b.numerator), Decimal(b.denominator * 2 * j * (2 * j - 1)))
        v = ctx.add(v, ctx.divide(coef, zpow))
        zpow = ctx.multiply(zpow, z2)
    remainder = Decimal(float(_B18) / (18 * 17)) * 2 / ctx.power(z, 17)
    err = 40 * eps * (z * abs(lz) + z + 10) + remainder
    return v, err


def _tail_bounded(n: int, c: int, p: Fraction, upper: bool, prec: int = PRECISIONS[0]) -> tuple[Decimal, Decimal]:
    """P(X >= c) (upper) or P(X <= c), X ~ binomial(n, p), as a decimal and a bound on its error.

    Every decimal operation is correctly rounded to ``prec`` digits (relative error below
    eps = 10^(1 - prec)). The first term C(n, c) p^c q^(n-c) comes from ln(x!) (``_log_factorial``,
    with its bound) and correctly rounded ln and exp; each next term is the last times an exact
    integer ratio, (n - k) a / ((k + 1)(b - a)) upward or k (b - a) / ((n - k + 1) a) downward
    (p = a / b): two roundings a term. The sum stops once a ratio is at most 1/2 (the ratios only
    fall from there) and the next term is below 10^(10 - prec) of the sum, so what is left is at most
    twice that term. The bound adds the relative error of the first term, 4 eps a term, and the tail."""
    ctx = _ctx(prec)
    eps = Decimal(10) ** (1 - prec)
    if (upper and c <= 0) or (not upper and c >= n):
        return Decimal(1), Decimal(0)
    if (upper and c > n) or (not upper and c < 0):
        return Decimal(0), Decimal(0)
    a, b = p.numerator, p.denominator
    q = b - a
    if a == 0 or q == 0:
        mass_at = 0 if a == 0 else n
        hit = mass_at >= c if upper else mass_at <= c
        return Decimal(1 if hit else 0), Decimal(0)
    ln_a, ln_b, ln_q = ctx.ln(Decimal(a)), ctx.ln(Decimal(b)), ctx.ln(Decimal(q))
    ln_p, ln_qq = ctx.subtract(ln_a, ln_b), ctx.subtract(ln_q, ln_b)
    err_lp = eps * (abs(ln_a) + abs(ln_b) + abs(ln_p))
    err_lq = eps * (abs(ln_q) + abs(ln_b) + abs(ln_qq))
    fn, en = _log_factorial(n, ctx, eps)
    fc, ec = _log_factorial(c, ctx, eps)
    fr, er = _log_factorial(n - c, ctx, eps)
    parts = (fn, ctx.minus(fc), ctx.minus(fr), ctx.multiply(c, ln_p), ctx.multiply(n - c, ln_qq))
    log_t = Decimal(0)
    for x in parts:
        log_t = ctx.add(log_t, x)
    err_log = en + ec + er + c * err_lp + (n - c) * err_lq + 8 * eps * sum(abs(x) for x in parts)
    term = ctx.exp(log_t)
    rel = 2 * err_log + eps  # exp(e) - 1 <= 2e for the small e here
    total = Decimal(0)
    k, m = c, 0
    stop = Decimal(10) ** (10 - prec)
    while True:
        total = ctx.add(total, term)
        m += 1
        if upper:
            if k == n:
                return total, total * (rel + 4 * m * eps) * 2
            num, den = (n - k) * a, (k + 1) * q
            k += 1
        else:
            if k == 0:
                return total, total * (rel + 4 * m * eps) * 2
            num, den = k * q, (n - k + 1) * a
            k -= 1
        term = ctx.multiply(term, ctx.divide(Decimal(num), Decimal(den)))
        if 2 * num <= den and term <= total * stop:
            left = 3 * term  # <= 2 x the next term, with room for its rounding
            return total, total * (rel + 4 * m * eps) * 2 + left


def _decide(n: int, c: int, p: Fraction, upper: bool, limit: Fraction, exact: bool) -> bool:
    """Whether the tail P(X >= c) (upper) or P(X <= c) is at most ``limit``, for certain."""
    if exact:
        return _tail_exact(n, c, p, upper) <= limit
    for prec in PRECISIONS:
        value, bound = _tail_bounded(n, c, p, upper, prec)
        ctx = _ctx(prec)
        lim = ctx.divide(Decimal(limit.numerator), Decimal(limit.denominator))
        margin = ctx.subtract(value, lim)
        if abs(margin) > bound + 4 * Decimal(10) ** (1 - prec) * (abs(value) + lim):
            return value < lim
    raise ArithmeticError(f"binomial tail at n = {n}, c = {c} within the error bound of {float(limit)}")


def _passes(n: int, c: int, p0: Fraction, p1: Fraction, alpha: Fraction, beta: Fraction, exact: bool) -> bool:
    """The test "X >= c" at n hands keeps both error rates (checked)."""
    return c <= n and _decide(n, c, p0, True, alpha, exact) and _decide(n, c - 1, p1, False, beta, exact)


def _fails(n: int, p0: Fraction, p1: Fraction, alpha: Fraction, beta: Fraction, exact: bool, c: int) -> bool:
    """No critical value keeps both error rates at n hands (checked): ``c`` is the smallest with
    P(X >= c | p0) <= alpha (checked both ways), and at it the leak player escapes too often. A
    larger c only lets him escape more, a smaller one breaks alpha."""
    if n < 1:
        return True
    if (c > 1 and _decide(n, c - 1, p0, True, alpha, exact)) or (c <= n and not _decide(n, c, p0, True, alpha,
                                                                                         exact)):
        raise ArithmeticError(f"n = {n}: {c} is not the smallest critical value")
    return c > n or not _decide(n, c - 1, p1, False, beta, exact)


def _digits(n: int, p0: Fraction, p1: Fraction) -> int:
    return n * max(len(str(p0.denominator)), len(str(p1.denominator)))


def hands_needed(p0: Fraction, p1: Fraction, alpha: Number = Fraction(1, 20), beta: Number | None = None,
                 statistic: str = "raise") -> Detection:
    """The smallest number of hands an exact one-sided binomial test needs to tell rate ``p1`` from ``p0``.

    - ``p0``: the rate of the optimal player (H0), a Fraction strictly between 0 and 1.
    - ``p1``: the rate of the leak's player (H1), likewise.
    - ``alpha``: the chance of accusing the optimal player, 0 < alpha < 1/2 (default 1/20).
    - ``beta``: the chance of missing the leak's player, 0 < beta < 1/2 (default None: ``alpha``).
    - ``statistic``: what the rates count, a label carried into the result (default "raise").

    How it is computed: floats find the answer (the binomial probabilities over mode +- 12 SD,
    from ``math.lgamma`` and ratio sums). The randomized test's power never falls as n grows (a
    longer watch can ignore hands), so a binary search finds the first n where even it reaches
    1 - beta, a lower bound; from there n climbs until the plain test passes. The answer is then
    checked: at n the test passes and at n - 1 none passes, in integer arithmetic (exact) while the
    numbers have at most ``EXACT_DIGITS`` digits, else by decimal sums of 30 digits (60 where the
    margin is narrower: ``PRECISIONS``) whose proven error bound is narrower than the margin
    (``Detection.checked`` says which; a margin inside both bounds raises ``ArithmeticError``). The
    n below the lower bound fail by the randomized test's power; those between it and the answer
    were each found failing in floats. Past ``MAX_DETECT_HANDS`` (the randomized test still short
    of 1 - beta there) the result has no ``hands`` and ``beyond`` is True.

    Returns a ``Detection``. Raises ``InvalidRules`` (a ``ValueError``) for rates or error rates
    out of range.

    >>> d = hands_needed(Fraction(1, 2), Fraction(3, 4))
    >>> d.hands, d.critical, d.checked
    (42, 27, 'exact')
    """
    p0, p1 = to_fraction(p0, "p0"), to_fraction(p1, "p1")
    a = check_error_rate(alpha, "alpha")
    b = a if beta is None else check_error_rate(beta, "beta")
    for name, v in (("p0", p0), ("p1", p1)):
        if not 0 < v < 1:
            raise InvalidRules(f"{name} {v}: expected a rate strictly between 0 and 1")
    if statistic not in STATISTICS:
        raise InvalidRules(f"statistic {shown(statistic)}: expected raise or win")
    key = (p0, p1, a, b, statistic)
    kept = _needed.get(key)
    if kept is None:
        kept = _hands_needed(p0, p1, a, b, statistic)
        _needed.put(key, kept)
    return kept


#: The last answers of ``hands_needed`` (a search of seconds; ``detect`` asks the same ones again
#: for its tells, its cost per hour and its formats), by the checked arguments.
_needed: Recent[tuple[Fraction, Fraction, Fraction, Fraction, str], Detection] = Recent(256, "hands needed")


def _hands_needed(p0: Fraction, p1: Fraction, a: Fraction, b: Fraction, statistic: str) -> Detection:
    if p0 == p1:
        return Detection(statistic, p0, p1, a, b, None, None, None, None, None, None, 0, "exact")
    normal = _normal_hands(p0, p1, a, b)
    flip = p1 < p0  # "X <= c" for p1 < p0 is "n - X >= n - c" with the rates 1 - p
    q0, q1 = (1 - p0, 1 - p1) if flip else (p0, p1)
    f0, f1, fa, fb = float(q0), float(q1), float(a), float(b)
    beyond = Detection(statistic, p0, p1, a, b, None, None, None, None, normal, None, 0, "exact")
    # the randomized test's power rises with n: short of 1 - beta at MAX_DETECT_HANDS, no n up to it
    # passes; else a binary search finds the first n where it reaches 1 - beta
    if normal > 4 * MAX_DETECT_HANDS or _evaluate(MAX_DETECT_HANDS, f0, f1, fa, fb)[2] < 1 - fb:
        return beyond
    hi = min(max(1, normal), MAX_DETECT_HANDS)
    while _evaluate(hi, f0, f1, fa, fb)[2] < 1 - fb:
        hi = min(2 * hi, MAX_DETECT_HANDS)
    lo = 0  # the power at lo falls short (n = 0: no test)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if _evaluate(mid, f0, f1, fa, fb)[2] >= 1 - fb:
            hi = mid
        else:
            lo = mid
    n = hi
    while True:
        c, ok, _ = _evaluate(n, f0, f1, fa, fb)
        if ok:
            break
        n += 1
    if n > MAX_DETECT_HANDS:
        return beyond
    exact = _digits(n, q0, q1) <= EXACT_DIGITS
    if not _passes(n, c, q0, q1, a, b, exact):
        raise ArithmeticError(f"n = {n}: the floats' answer did not pass the check")
    c_before = _evaluate(n - 1, f0, f1, fa, fb)[0] if n > 1 else 1
    if not _fails(n - 1, q0, q1, a, b, exact, c_before):
        raise ArithmeticError(f"n = {n - 1}: the floats said it fails; the check says it passes")
    w0, w1 = _Window(n, f0), _Window(n, f1)
    size, power = w0.upper(c), 1 - w1.lower(c - 1)
    window = min(2 * math.isqrt(n) + 20, MAX_WINDOW)
    last = None
    for m in range(n + 1, n + window + 1):
        if not _evaluate(m, f0, f1, fa, fb)[1]:
            last = m
    critical = n - c if flip else c
    return Detection(statistic, p0, p1, a, b, n, critical, size, power, normal, last, window,
                     "exact" if exact else "bound")


def _rate(game: GameReport | FlashCost, statistic: str) -> Fraction:
    if statistic == "raise":
        return game.raise_probability
    return game.win_probability if isinstance(game, FlashCost) else win_probability(game)


def hands_to_detect(leak: GameReport | FlashCost, base: GameReport | None = None, alpha: Number = Fraction(1, 20),
                    beta: Number | None = None, statistic: str = "raise") -> Detection:
    """How many hands surveillance needs to tell a player who plays by a leak from an optimal player.

    - ``leak``: the leak's whole game (a ``GameReport``: seen hole cards, or any leak the library
      solves) or a ``FlashCost`` (a share of hands flashed).
    - ``base``: the optimal player's game (default None: ``solve`` under the leak's rules).
    - ``alpha``: the chance of accusing the optimal player (default 1/20).
    - ``beta``: the chance of missing the leak's player (default None: ``alpha``).
    - ``statistic``: "raise" (default): the hands he raises, ``raise_probability``; "win": the hands
      he wins, ``win_probability`` (net > 0: the dealer does not qualify or is beaten).

    Returns a ``Detection`` (``hands_needed`` of the two exact rates: how it is computed and
    checked). Raises ``InvalidRules`` (a ``ValueError``) for a bad statistic or error rates.

    >>> d = hands_to_detect(solve_seen_card().report, statistic="win")
    >>> d.hands, d.normal_hands
    (280, 275)
    """
    if not isinstance(leak, (GameReport, FlashCost)):
        raise InvalidRules(f"leak: {shown(leak)} is not a GameReport or a FlashCost")
    if statistic not in STATISTICS:
        raise InvalidRules(f"statistic {shown(statistic)}: expected raise or win")
    base = solve(rules=leak.rules) if base is None else check_instance(base, GameReport, "base", "a GameReport")
    return hands_needed(_rate(base, statistic), _rate(leak, statistic), alpha, beta, statistic)


# ---------------------------------------------------------------- the leaks, side by side


@dataclass(frozen=True)
class Leak:
    """A leak of the protection tables: its name and how its exact whole game is solved under a set
    of rules (``solve(rules) -> GameReport``, the game's ``information`` says what the player knew)."""

    name: str
    solve: Callable[[Rules], GameReport]


#: The exact leaks of the protection tables (``detect``, tables/standard-leaks.*), in order. A new
#: leak is one more entry: its name and the function that solves its whole game.
LEAKS: tuple[Leak, ...] = (
    Leak("one hole card seen", partial(solve_known, 1)),
    Leak("two hole cards seen", partial(solve_known, 2)),
    Leak("three hole cards seen", partial(solve_known, 3)),
    Leak("edge sorting: aces and kings", lambda rules: solve_sorted_ranks("AK", rules).report),
    Leak("one hole card's class seen: a picture card or not", lambda rules: solve_seen_class("picture", rules).report),
    Leak("one hole card's class seen: 2-7 or not", lambda rules: solve_seen_class("2-7", rules).report),
    Leak("one hole card's suit seen", lambda rules: solve_seen_class("suit", rules).report),
    Leak("the burn card seen", lambda rules: solve_burn_card(rules).report),
    Leak("one hole card and the burn card seen", lambda rules: solve_burn_card(rules, seen_cards=1).report),
    Leak("one hole card seen and another's class: a picture card or not",
         lambda rules: solve_seen_class("picture", rules, seen_cards=1).report),
    Leak("one hole card seen and edge sorting: aces and kings",
         lambda rules: solve_sorted_ranks("AK", rules, seen_cards=1).report),
)
#: The flash rates of the protection tables: a hole card exposed in 5%, 10% and 25% of hands.
FLASH_RATES: tuple[Fraction, ...] = (Fraction(1, 20), Fraction(1, 10), Fraction(1, 4))


@dataclass(frozen=True)
class Tell:
    """One kind of tell: the decision in words and its weight (in the chart's units)."""

    words: str
    weight: int


@dataclass(frozen=True)
class Tells:
    """A leak's tells: ``raise_below`` (weight of the high cards below A-K raised), ``fold_pair``
    (weight of the pairs or better folded), ``total`` (every situation's weight) and the ``top`` tells
    by frequency, in words."""

    raise_below: int
    fold_pair: int
    total: int
    top: tuple[Tell, ...]

    @property
    def share(self) -> Fraction:
        """The exact share of hands with a tell."""
        return Fraction(self.raise_below + self.fold_pair, self.total)

    @property
    def hands_to_first(self) -> Fraction | None:
        """The expected number of hands until the first tell (1 / share; None: no tell)."""
        return None if self.share == 0 else 1 / self.share

    def hands_to_see(self, confidence: Fraction) -> int | None:
        """The fewest hands in which surveillance sees at least one tell with probability
        ``confidence`` (0 < confidence < 1): the least n with (1 - share)^n <= 1 - confidence, decided
        in Fractions. None: no tell.

        >>> Tells(1, 0, 2, ()).hands_to_see(Fraction(95, 100))   # a coin: 5 tosses to see heads at 95%
        5
        """
        c = Fraction(confidence)
        if not 0 < c < 1:
            raise InvalidRules(f"confidence {confidence}: expected a share strictly between 0 and 1")
        p = self.share
        if p == 0:
            return None
        if p == 1:
            return 1
        q, miss = 1 - p, 1 - c
        n = max(1, math.floor(math.log(float(miss)) / math.log(float(q))) - 1)
        while n > 1 and q ** (n - 1) <= miss:
            n -= 1
        while q ** n > miss:
            n += 1
        return n


@dataclass(frozen=True)
class LeakDetection:
    """One leak's figures: its game (a ``GameReport`` or a ``FlashCost``) and the ``Detection`` of each
    statistic at each error rate (alpha = beta), in the order of ``statistics`` x ``error_rates``."""

    name: str
    leak: GameReport | FlashCost
    base: GameReport
    detections: tuple[Detection, ...]
    #: The table settings of the cost per table-hour (``report``'s defaults: 50 rounds an hour, an
    #: average ante of 10, one player using the leak).
    hands_per_hour: Fraction = Fraction(DEFAULT_HANDS_PER_HOUR)
    average_ante: Fraction = Fraction(DEFAULT_AVERAGE_ANTE)
    players: int = 1
    #: The leak's tells (``house.tells``), when ``detection_table`` was given them; None otherwise.
    tells: Tells | None = None

    def detection(self, statistic: str, error_rate: Fraction, beta: Fraction | None = None) -> Detection:
        """The detection by one statistic at alpha = ``error_rate`` and beta = ``beta`` (default None:
        the same)."""
        b = error_rate if beta is None else beta
        for d in self.detections:
            if d.statistic == statistic and d.alpha == error_rate and d.beta == b:
                return d
        raise InvalidRules(f"no detection by {statistic!r} at alpha {error_rate}, beta {b}")

    @property
    def cost_per_hand_money(self) -> Fraction:
        """The cost per hand in money, at ``average_ante``."""
        return self.cost_per_hand * self.average_ante

    @property
    def cost_per_table_hour(self) -> Fraction:
        """The cost per table-hour in money: ``players`` x rounds an hour x the cost per hand in
        money (``FlashCost``'s and the math report's ``TableHour.theoretical_win`` difference)."""
        return self.players * self.hands_per_hour * self.cost_per_hand_money

    @property
    def house_edge(self) -> Fraction:
        """The house edge against the leak's player."""
        return self.leak.house_edge

    @property
    def cost_per_hand(self) -> Fraction:
        """What the leak costs the house per hand of the player, in antes."""
        return self.base.house_edge - self.leak.house_edge

    @property
    def information(self) -> Information:
        """What the leak's player knows (in the flashed hands, for a flash rate)."""
        return self.leak.information


def leaks(rules: Rules | None = None, flash_rates: Sequence[Number | str] = (), *, game: GameReport | None = None,
          progress: ProgressFn | None = None) -> list[tuple[str, GameReport | FlashCost]]:
    """Every leak of ``LEAKS`` solved under ``rules``, then a ``flash_cost`` for each of ``flash_rates``.

    - ``rules``: the game's ``Rules`` (default None: the standard game).
    - ``flash_rates``: shares of hands flashed (each as ``check_rate`` reads it; default none).
    - ``game``: the plain game of ``rules`` if already solved (default None: solved here).
    - ``progress``: as for ``solve``.

    Returns (name, game) pairs. Raises ``InvalidRules`` (a ``ValueError``) for bad rules or rates.

    >>> names = [name for name, _ in leaks(flash_rates=["5%"])]
    >>> names[:3], names[-1], len(names) == len(LEAKS) + 1
    (['one hole card seen', 'two hole cards seen', 'three hole cards seen'], 'flash rate 5%', True)
    """
    rules = check_rules(rules)
    rates = [check_rate(r) for r in flash_rates]
    base = optimal_game(rules, game, progress)
    out: list[tuple[str, GameReport | FlashCost]] = [(leak.name, leak.solve(rules)) for leak in LEAKS]
    one = next((g for _, g in out if isinstance(g, GameReport) and g.information.kind == "seen-cards"
                and g.information.seen_cards == 1), None)
    for r in rates:
        out.append((f"flash rate {_percent(r)}", flash_cost(r, rules, game=base, leak=one, progress=progress)))
    return out


def leak_named(name: object) -> Leak:
    """The leak of ``LEAKS`` called ``name`` (case and runs of spaces aside).

    Raises ``InvalidRules`` (a ``ValueError``) naming the leaks there are, for any other name.

    >>> leak_named("One hole card seen").name
    'one hole card seen'
    """
    if isinstance(name, str):
        key = " ".join(name.lower().split())
        for leak in LEAKS:
            if leak.name == key:
                return leak
    raise InvalidRules(f"leak {shown(name)}: expected one of " + "; ".join(leak.name for leak in LEAKS))


def _percent(r: Fraction) -> str:
    x = r * 100
    return f"{x.numerator}%" if x.denominator == 1 else f"{float(x):g}%"


def detection_table(named: Sequence[tuple[str, GameReport | FlashCost]], base: GameReport | None = None,
                    error_rates: Sequence[Number | tuple[Number, Number]] = DEFAULT_ERROR_RATES,
                    statistics: Sequence[str] = STATISTICS,
                    progress: ProgressFn | None = None, *, hands_per_hour: Number = DEFAULT_HANDS_PER_HOUR,
                    average_ante: Number = DEFAULT_AVERAGE_ANTE, players: int = 1,
                    tells: Mapping[str, Tells] | None = None) -> tuple[LeakDetection, ...]:
    """The hands to detect each leak, by each statistic, at each error rate alpha = beta.

    - ``named``: (name, leak) pairs: a leak's ``GameReport`` or a ``FlashCost`` (``leaks()`` gives them).
    - ``base``: the optimal player's game (default None: ``solve`` under the first leak's rules).
    - ``error_rates``: the alpha = beta of each column, or an (alpha, beta) pair (default
      ``DEFAULT_ERROR_RATES``: 5% and 1%).
    - ``statistics``: "raise" and/or "win" (default both).
    - ``progress``: an optional callback told after each leak.
    - ``hands_per_hour``, ``average_ante``, ``players``: the table settings of each row's cost per
      table-hour (default ``report``'s: 50 rounds an hour, an average ante of 10, one player).
    - ``tells``: each leak's tells by name (``house.tells.tells_table``), kept on its row (default
      None: rows without tells).

    Returns one ``LeakDetection`` a leak. Raises ``InvalidRules`` (a ``ValueError``) for bad input.

    >>> rows = detection_table([("one hole card seen", solve_seen_card().report)])
    >>> rows[0].detection("raise", Fraction(1, 20)).hands, rows[0].detection("win", Fraction(1, 100)).hands
    (89, 554)
    """
    if not named:
        raise InvalidRules("leaks: expected at least one (name, game)")
    rates = [(check_error_rate(e[0], "alpha"), check_error_rate(e[1], "beta")) if isinstance(e, tuple)
             else (check_error_rate(e),) * 2 for e in error_rates]
    for s in statistics:
        if s not in STATISTICS:
            raise InvalidRules(f"statistic {shown(s)}: expected raise or win")
    h = to_fraction(hands_per_hour, "hands per hour")
    ante = to_fraction(average_ante, "average ante")
    if h <= 0 or ante <= 0:
        raise InvalidRules(f"hands per hour {h}, average ante {ante}: expected both positive")
    players = check_seats(players, "players")
    base = solve(rules=named[0][1].rules) if base is None else check_instance(base, GameReport, "base",
                                                                               "a GameReport")
    out = []
    for i, (name, leak) in enumerate(named, 1):
        ds = tuple(hands_to_detect(leak, base, a, b, s) for s in statistics for a, b in rates)
        out.append(LeakDetection(name, leak, base, ds, h, ante, players, None if tells is None else tells.get(name)))
        report(progress, "hands to detect each leak", i, len(named))
    return tuple(out)
