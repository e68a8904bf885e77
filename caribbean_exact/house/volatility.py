"""Results over many hands and at a whole table: the exact per-deal outcome distribution, its
N-fold sum (exact for small N, FFT with a stated error bound beyond), the covariance of two seats
at one dealer (sampled) and the house's figures per table-hour.

The per-deal distribution of the player's net is the return table: a few nets per ante (integers
for integer pays) with integer deal counts. The net over N hands is its N-fold convolution.

>>> from caribbean_exact import solve
>>> d = outcome_distribution(solve())
>>> d.nets[:4], d.total
((Fraction(-3, 1), Fraction(-1, 1), Fraction(0, 1), Fraction(1, 1)), 19933230517200)
>>> r = over_n_hands(d, 2)
>>> r.exact, r.p_even == sum(Fraction(a * b, d.total ** 2) for a, b in d.pairs_summing_to_zero())
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from statistics import NormalDist
from typing import TYPE_CHECKING

from ..engine.counts import TableSums
from ..engine.pricing import ReturnRow, default_threads, solver_for
from ..engine.sampler import sample_nets, sample_table
from ..errors import InvalidRules, shown
from ..model.checks import TABLE_SEATS, check_progress, check_seats, check_threads
from ..model.rules import Number, Rules, to_fraction
from ..play.game import GameReport, optimal_game
from ..play.sampling import MAX_DEALS
from ..progress import ProgressFn, report

if TYPE_CHECKING:  # numpy is imported where the FFT runs: the command line starts without it
    import numpy as np

__all__ = ["DEFAULT_AVERAGE_ANTE", "DEFAULT_HANDS", "DEFAULT_HANDS_PER_HOUR", "MAX_FFT_POINTS", "WINDOW_TAIL",
           "NHands", "OutcomeDistribution", "SeatCovariance", "TableHour",
           "net_distribution", "outcome_distribution", "over_n_hands", "seat_covariance", "table_hour"]

#: Rounds dealt an hour unless given: an assumption of the report, not a measured rate.
DEFAULT_HANDS_PER_HOUR = 50
#: The average ante (money) of the report's table unless given.
DEFAULT_AVERAGE_ANTE = 10
#: The N of the report's table of results over N hands.
DEFAULT_HANDS: tuple[int, ...] = (1, 10, 100, 1_000, 10_000)
#: Exact (Python integer) N-fold powers up to this N; floating point (FFT) beyond.
EXACT_MAX_HANDS = 10
#: The largest FFT (points) the N-hand distribution may take: 2^23 doubles are 64 MB per array and the
#: transform holds a few of them. Up to N x (largest - smallest net, in the smallest unit of the nets)
#: < 2^23 (N <= 41,120 for the standard table, nets -3 .. 201 antes) the transform holds every net the
#: N hands can reach; beyond, only a window about the mean that Bernstein's inequality shows holds all
#: but ``WINDOW_TAIL`` of the probability (``_window``), so N may go to ``MAX_HANDS`` and the nets may
#: be fine (fractional fees).
MAX_FFT_POINTS = 1 << 23
#: The probability a window may leave outside (both tails together): it is added to the error bound.
WINDOW_TAIL = 2.0 ** -50
#: Quantile levels of the player's net (percent).
QUANTILE_LEVELS: tuple[int, ...] = (5, 25, 50, 75, 95)
#: z of a two-sided 95% interval.
Z95 = NormalDist().inv_cdf(0.975)
#: Unit roundoff of IEEE double precision.
UNIT_ROUNDOFF = 2.0 ** -53
#: The most hands of one "results over N hands" row (beyond 41,120 standard hands the transform holds
#: a window about the mean: 40,318 points at this limit).
MAX_HANDS = 1_000_000
#: The most rounds sampled for the seats' covariance (as every sampled figure: about ten minutes).
MAX_TABLE_DEALS = MAX_DEALS
#: Deals and seed of the seat covariance unless given (7 seats a deal: 21 seat pairs each).
DEFAULT_TABLE_DEALS = 2_000_000
DEFAULT_TABLE_SEED = 20261129
#: Seats at a Caribbean Stud table.
MAX_SEATS = TABLE_SEATS


# ---------------------------------------------------------------- the per-deal distribution


@dataclass(frozen=True)
class OutcomeDistribution:
    """The player's net per ante of one deal: distinct nets (ascending) with their deal counts."""

    nets: tuple[Fraction, ...]
    counts: tuple[int, ...]

    @property
    def total(self) -> int:
        """Equally likely deals counted."""
        return sum(self.counts)

    @property
    def unit(self) -> Fraction:
        """The largest step every net is a whole multiple of (1 for integer pays)."""
        den = math.lcm(*(n.denominator for n in self.nets))
        num = math.gcd(*(int(n * den) for n in self.nets))
        return Fraction(num or 1, den)

    def steps(self) -> tuple[int, list[int]]:
        """(offset, counts by position): net = (offset + position) x unit."""
        u = self.unit
        ks = [int(n / u) for n in self.nets]
        lo = ks[0]
        out = [0] * (ks[-1] - lo + 1)
        for k, c in zip(ks, self.counts):
            out[k - lo] += c
        return lo, out

    @property
    def mean(self) -> Fraction:
        """Expected net per ante, exact."""
        return sum((n * c for n, c in zip(self.nets, self.counts)), Fraction(0)) / self.total

    @property
    def variance(self) -> Fraction:
        """Variance of the net per ante, exact."""
        second = sum((n * n * c for n, c in zip(self.nets, self.counts)), Fraction(0)) / self.total
        return second - self.mean ** 2

    def pairs_summing_to_zero(self) -> list[tuple[int, int]]:
        """Count pairs (a, b) of two outcomes whose nets add to 0 (a check of the N = 2 power)."""
        return [(a, b) for x, a in zip(self.nets, self.counts) for y, b in zip(self.nets, self.counts)
                if x + y == 0]


def outcome_distribution(game: GameReport) -> OutcomeDistribution:
    """The per-deal distribution of a game's net: its return table with equal nets merged."""
    return net_distribution(game.return_table())


def net_distribution(rows: Iterable[ReturnRow]) -> OutcomeDistribution:
    """The per-deal distribution of the net from a return table's rows (their counts on one scale:
    each row's probability is its count over their sum), equal nets merged. A whole game's rows
    (the one-card game's ``return_rows``, nets less the fee) give its distribution the same way."""
    by_net: dict[Fraction, int] = {}
    for r in rows:
        if r.count:
            by_net[r.net] = by_net.get(r.net, 0) + r.count
    nets = tuple(sorted(by_net))
    return OutcomeDistribution(nets, tuple(by_net[n] for n in nets))


# ---------------------------------------------------------------- N hands


@dataclass(frozen=True)
class NHands:
    """The player's net over ``hands`` independent hands (each of one ante).

    Exact (``exact``): probabilities and quantiles are Fractions. Otherwise probabilities are floats
    within ``error_bound`` of the true values and quantiles are the support points the computed
    distribution gives (``quantiles_certain``: no level falls within the error bound of the
    cumulative distribution, so each is also the true quantile).
    """

    hands: int
    exact: bool
    p_ahead: Fraction | float
    p_even: Fraction | float
    p_behind: Fraction | float
    #: Level (percent) -> the smallest net x (antes) with P(net <= x) >= level.
    quantiles: dict[int, Fraction]
    #: The house's win (antes): from minus the 97.5% point to minus the 2.5% point of the player's net.
    house_win_interval_95: tuple[Fraction, Fraction]
    #: N x the exact mean and variance per hand.
    mean: Fraction
    variance: Fraction
    error_bound: float | None = None
    quantiles_certain: bool = True
    #: The computed distribution: net = (offset + i) x unit has probability probabilities[i].
    offset: int = field(default=0, repr=False, compare=False)
    unit: Fraction = field(default=Fraction(1), repr=False, compare=False)
    probabilities: Sequence[float] = field(default=(), repr=False, compare=False)

    @property
    def house_win(self) -> Fraction:
        """The house's expected win over the hands, in antes (exact)."""
        return -self.mean

    @property
    def standard_deviation(self) -> float:
        """SD of the net over the hands (antes)."""
        return math.sqrt(self.variance)

    @property
    def volatility_index(self) -> float:
        """z x SD of one hand (z = 1.96): the normal approximation's half-width is this x sqrt(N)."""
        return Z95 * math.sqrt(self.variance / self.hands)

    @property
    def normal_interval_95(self) -> tuple[float, float]:
        """The house win's 95% interval by the normal approximation (house win +- VI x sqrt(N))."""
        h = self.volatility_index * math.sqrt(self.hands)
        return float(self.house_win) - h, float(self.house_win) + h


def check_hands(n: object, what: str = "hands") -> int:
    """A number of hands: an integer 1 .. ``MAX_HANDS`` (the size of the transform, which depends on
    the nets, is checked with the distribution)."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise InvalidRules(f"{what} {shown(n)}: expected a whole number of hands, 1 or more")
    if n < 1:
        raise InvalidRules(f"{what} {n}: must be at least 1")
    if n > MAX_HANDS:
        raise InvalidRules(f"{what} {n:,}: more than the limit of {MAX_HANDS:,} hands")
    return n


def check_table_sample(deals: object, seed: object) -> tuple[int, int]:
    """The deals (2 .. ``MAX_TABLE_DEALS``) and seed (0 .. 2^64-1) of the seats' covariance sample."""
    if isinstance(deals, bool) or not isinstance(deals, int) or not 2 <= deals <= MAX_TABLE_DEALS:
        raise InvalidRules(f"deals {shown(deals)}: expected 2 to {MAX_TABLE_DEALS:,} (the limit)")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise InvalidRules(f"seed {shown(seed)}: expected an integer 0 .. 2^64-1")
    return deals, seed


def _fft_points(points: int) -> int:
    """The FFT length (a power of two) for ``points`` points."""
    return 1 << (points - 1).bit_length()


def _window(counts: list[int], n: int) -> tuple[int, int]:
    """(first position, points) of the window of the sum of ``n`` hands (positions 0 .. n x span)
    that holds all but ``WINDOW_TAIL`` of its probability, by Bernstein's inequality: a sum S of n
    independent hands of mean m, variance v and deviation at most M above (below) the mean has
    P(S - n m >= t) <= exp(-t^2 / (2 (n v + M t / 3))) (and so below), <= WINDOW_TAIL / 2 for
    t = L M / 3 + sqrt((L M / 3)^2 + 2 L n v), L = ln(2 / WINDOW_TAIL). The mean and variance are
    exact; t is widened by 0.1% and 2 positions against the floating point of the root.
    InvalidRules if even the window exceeds ``MAX_FFT_POINTS``."""
    total = sum(counts)
    span = len(counts) - 1
    m = Fraction(sum(k * c for k, c in enumerate(counts)), total)
    v = Fraction(sum(k * k * c for k, c in enumerate(counts)), total) - m * m
    big_l = math.log(2 / WINDOW_TAIL)

    def reach(dev: Fraction) -> float:
        a = big_l * float(dev) / 3
        return (a + math.sqrt(a * a + 2 * big_l * n * float(v))) * 1.001 + 2

    centre = n * m
    lo = max(0, math.floor(centre - Fraction(reach(m))))
    hi = min(n * span, math.ceil(centre + Fraction(reach(span - m))))
    points = hi - lo + 1
    if points > MAX_FFT_POINTS:
        raise InvalidRules(
            f"hands {n}: too many for the distribution over N hands (the nets over {n:,} hands spread over "
            f"{points:,} points of their smallest unit; the limit is {MAX_FFT_POINTS:,} = "
            f"2^{MAX_FFT_POINTS.bit_length() - 1} so the "
            f"transform stays within a few hundred MB)")
    return lo, points


def _exact_power(counts: list[int], n: int) -> list[int]:
    """The coefficients of (sum counts[j] x^j)^n, exact, by Kronecker substitution: the polynomial
    packed into one Python integer (slots wide enough that no coefficient carries), raised to n."""
    total = sum(counts)
    points = (len(counts) - 1) * n + 1
    bits = n * total.bit_length() + points.bit_length() + 1
    width = (bits + 7) // 8
    packed = int.from_bytes(b"".join(c.to_bytes(width, "little") for c in counts), "little")
    raw = (packed ** n).to_bytes(width * points, "little")
    return [int.from_bytes(raw[i * width:(i + 1) * width], "little") for i in range(points)]


def fft_error_bound(p_norm2: float, n: int, length: int) -> float:
    """A bound on the error of any probability (a sum of coefficients) of the FFT power.

    eps_f = log2(L) eta / (1 - log2(L) eta), eta = mu + gamma_4 (sqrt 2 + mu), mu = 2u (twiddle
    factors), bounds the relative 2-norm error of one transform (Higham, Accuracy and Stability of
    Numerical Algorithms, 2nd ed., Thm 24.2); d = eps_f sqrt(L) |p|_2 bounds each spectral error; the
    power r^n exp(i n theta) adds a relative rho = (2n + 2 pi n + 4) u. The coefficient vector's 2-norm
    error is then E2 = (n (1 + d)^(n-1) eps_f |p|_2 + rho (1 + d)^n)(1 + eps_f) + 1.01 eps_f, and a sum
    of up to L coefficients errs by at most sqrt(L) E2 + L u (the summation itself).
    """
    u = UNIT_ROUNDOFF
    mu = 2 * u
    gamma4 = 4 * u / (1 - 4 * u)
    eta = mu + gamma4 * (math.sqrt(2) + mu)
    lg = math.log2(length)
    eps_f = lg * eta / (1 - lg * eta)
    d = eps_f * math.sqrt(length) * p_norm2
    rho = (2 * n + 2 * math.pi * n + 4) * u
    e2 = (n * (1 + d) ** (n - 1) * eps_f * p_norm2 + rho * (1 + d) ** n) * (1 + eps_f) + 1.01 * eps_f
    return math.sqrt(length) * e2 + length * u


def _fft_power(p: np.ndarray, n: int, length: int, first: int = 0, points: int | None = None) -> np.ndarray:
    """The n-fold power of ``p`` by a transform of ``length`` points, positions ``first`` ..
    ``first + points - 1`` (default: every position, 0 .. n x span). The transform is cyclic: a
    window shorter than the whole sum folds the mass outside it onto it (``_window`` bounds that)."""
    import numpy as np

    if points is None:
        points = (len(p) - 1) * n + 1
    folded = np.zeros(length)
    np.add.at(folded, np.arange(len(p)) % length, p)
    spectrum = np.fft.rfft(folded)
    r = np.abs(spectrum)
    theta = np.angle(spectrum)
    powered = (r ** n) * np.exp(1j * (n * theta))
    out: np.ndarray = np.roll(np.fft.irfft(powered, length), -(first % length))[:points]
    clipped: np.ndarray = np.clip(out, 0.0, None)
    return clipped


def _quantile_index(cdf: Sequence[float] | np.ndarray, level: float) -> int:
    import numpy as np

    return int(np.searchsorted(np.asarray(cdf), level, side="left"))


#: The quantile levels as fractions, and the levels of the 95% interval's ends.
_LEVELS = {q: Fraction(q, 100) for q in QUANTILE_LEVELS}
_TAILS = (Fraction(25, 1000), Fraction(975, 1000))


def _exact_n_hands(counts: list[int], n: int, base: int, unit: Fraction, mean: Fraction, var: Fraction,
                   keep: bool) -> NHands:
    """``over_n_hands`` by the exact power: net (base + position) x unit."""
    total = sum(counts)
    zero = -base
    coef = _exact_power(counts, n)
    denom = total ** n
    cum = []
    acc = 0
    for c in coef:
        acc += c
        cum.append(acc)
    below = cum[zero - 1] if 0 < zero <= len(coef) else (0 if zero <= 0 else denom)
    at = coef[zero] if 0 <= zero < len(coef) else 0

    def q_exact(level: Fraction) -> Fraction:
        target = level * denom
        i = next(k for k, c in enumerate(cum) if c >= target)
        return (base + i) * unit

    qs = {k: q_exact(v) for k, v in _LEVELS.items()}
    interval = (-q_exact(_TAILS[1]), -q_exact(_TAILS[0]))
    probs: Sequence[float] = [c / denom for c in coef] if keep else ()
    return NHands(n, True, Fraction(denom - below - at, denom), Fraction(at, denom), Fraction(below, denom),
                  qs, interval, mean, var, None, True, base, unit, probs)


def over_n_hands(dist: OutcomeDistribution, n: int, *, keep: bool = False, method: str = "auto") -> NHands:
    """The player's net over ``n`` hands from the exact per-deal distribution.

    Exact (Python integers) for n <= EXACT_MAX_HANDS; beyond, numpy's FFT with the bound of
    ``fft_error_bound`` on every probability (``method`` "exact" or "fft" forces one way, for
    checks): over every net the n hands can reach while they take at most ``MAX_FFT_POINTS``
    points, else over the window of ``_window`` (its tail, ``WINDOW_TAIL``, added to the bound).
    ``keep`` keeps the distribution (for plots; over the window, the window's).
    """
    n = check_hands(n)
    if method not in ("auto", "exact", "fft"):
        raise InvalidRules(f"method {method!r}: expected auto, exact or fft")
    offset, counts = dist.steps()
    unit = dist.unit
    span = len(counts) - 1
    points = span * n + 1
    total = dist.total
    mean, var = n * dist.mean, n * dist.variance
    base = offset * n  # net of position 0, in units
    zero = -base  # position of net 0 (may fall outside the support)
    if method == "exact" or (method == "auto" and n <= EXACT_MAX_HANDS):
        return _exact_n_hands(counts, n, base, unit, mean, var, keep)
    import numpy as np

    first, tail = 0, 0.0
    if points > MAX_FFT_POINTS:
        first, points = _window(counts, n)
        tail = WINDOW_TAIL
        base += first
        zero -= first
    length = _fft_points(points)
    p = np.array(counts, dtype=np.float64) / float(total)
    pmf = _fft_power(p, n, length, first, points)
    bound = fft_error_bound(float(np.linalg.norm(p)), n, length) + tail
    cdf = np.cumsum(pmf)
    below_f = float(cdf[zero - 1]) if 0 < zero <= len(pmf) else (0.0 if zero <= 0 else 1.0)
    at_f = float(pmf[zero]) if 0 <= zero < len(pmf) else 0.0
    certain = True

    def q_float(level: Fraction) -> Fraction:
        nonlocal certain
        lv = float(level)
        i = min(_quantile_index(cdf, lv), len(cdf) - 1)
        if abs(float(cdf[i]) - lv) <= bound or (i > 0 and abs(float(cdf[i - 1]) - lv) <= bound):
            certain = False
        return (base + i) * unit

    qs = {k: q_float(v) for k, v in _LEVELS.items()}
    interval = (-q_float(_TAILS[1]), -q_float(_TAILS[0]))
    return NHands(n, False, max(0.0, 1.0 - below_f - at_f), at_f, below_f, qs, interval, mean, var, bound,
                  certain, base, unit, tuple(pmf.tolist()) if keep else ())


# ---------------------------------------------------------------- seats at one dealer


@dataclass(frozen=True)
class SeatCovariance:
    """The covariance of two seats' nets per ante at the same round (sampled; both play optimally).

    ``seats`` players are dealt each sampled round (every pair of them counts); the covariance does
    not depend on how many seats are dealt (the others' cards are as good as unseen).
    """

    rules: Rules
    deals: int
    seats: int
    seed: int
    sums: TableSums = field(repr=False)
    #: The exact mean and variance per seat (from the exact game).
    mean: Fraction
    variance: Fraction
    denominator: int = 1

    @property
    def pairs(self) -> int:
        """Seat pairs per round."""
        return self.seats * (self.seats - 1) // 2

    @property
    def pair_mean(self) -> Fraction:
        """The sample mean of x_i x_j over seat pairs and rounds (antes^2), exact."""
        return Fraction(self.sums.pairs, self.deals * self.pairs * self.denominator ** 2)

    @property
    def covariance(self) -> Fraction:
        """E[x_i x_j] (sampled) minus the exact mean squared: the estimate, exact as a fraction."""
        return self.pair_mean - self.mean ** 2

    @property
    def half_width(self) -> float:
        """Half-width of the 95% interval (rounds are independent; a round's pairs average to one value)."""
        n = self.deals
        scale = (self.pairs * self.denominator ** 2) ** 2
        m2 = Fraction(self.sums.pairsq, n * scale)
        m1 = Fraction(self.sums.pairs, n * self.pairs * self.denominator ** 2)
        var = max(Fraction(0), (m2 - m1 * m1) * Fraction(n, n - 1))
        return Z95 * math.sqrt(var / n)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the covariance."""
        c = float(self.covariance)
        return c - self.half_width, c + self.half_width

    @property
    def correlation(self) -> float:
        """Covariance over the exact variance."""
        return float(self.covariance / self.variance)

    @property
    def sample_mean(self) -> Fraction:
        """The sample's mean net per seat (a cross-check against the exact mean)."""
        return Fraction(self.sums.sum, self.deals * self.seats * self.denominator)

    @property
    def sample_variance(self) -> Fraction:
        """The sample's second moment per seat minus the exact mean squared (a cross-check)."""
        return Fraction(self.sums.sumsq, self.deals * self.seats * self.denominator ** 2) - self.mean ** 2


def seat_covariance(rules: Rules | None = None, deals: int = DEFAULT_TABLE_DEALS, seed: int = DEFAULT_TABLE_SEED,
                    seats: int = MAX_SEATS, threads: int | None = None,
                    progress: ProgressFn | None = None, *, game: GameReport | None = None) -> SeatCovariance:
    """Sample ``deals`` rounds of ``seats`` optimal players at one dealer (C core, deal i depends
    only on the seed and i) and estimate the covariance of two seats' nets.

    >>> c = seat_covariance(deals=20_000, seed=1)
    >>> c.interval[0] < float(c.covariance) < c.interval[1], 0.3 < c.covariance < 0.8
    (True, True)
    """
    rules = rules if rules is not None else Rules()
    if not isinstance(rules, Rules):
        raise InvalidRules(f"rules {rules!r}: expected a Rules")
    deals, seed = check_table_sample(deals, seed)
    if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= MAX_SEATS:
        raise InvalidRules(f"seats {seats!r}: sampling needs 2 .. {MAX_SEATS} seats")
    threads = check_threads(threads) or default_threads()
    check_progress(progress)
    scaled = sample_nets(rules)
    solver_for(rules.qualifier.value, progress=progress)  # counted here, with progress; sample_table reuses it
    game = optimal_game(rules, game)
    total = TableSums(0, 0, seats, 0, 0, 0, 0)
    first = 0
    step = 1 << 15
    while first < deals:
        k = min(step, deals - first)
        total = total + sample_table(rules, seats, seed, first, k, threads)
        first += k
        report(progress, "sampling table rounds", first, deals)
    return SeatCovariance(rules, deals, seats, seed, total, game.return_per_ante, game.variance,
                          scaled.denominator)


# ---------------------------------------------------------------- per table-hour


@dataclass(frozen=True)
class TableHour:
    """The house's win at a table of ``seats`` players (all at the average ante, optimal play).

    Per round the table's win is -ante x (sum of the seats' nets): its mean is exact; its variance
    is ante^2 (S var + S(S-1) cov), with the sampled covariance. The shift range and P(the house
    loses the shift) use the normal approximation with that mean and SD; ``independent`` is the
    exact distribution over the same number of seat-hands as if the seats were independent (it
    shows the skew the normal curve leaves out).
    """

    seats: int
    hands_per_hour: Fraction
    average_ante: Fraction
    hours: Fraction
    house_edge: Fraction
    variance: Fraction
    covariance: SeatCovariance
    independent: NHands | None = None

    @property
    def theoretical_win(self) -> Fraction:
        """The house's expected win per table-hour, in money (exact)."""
        return self.seats * self.hands_per_hour * self.average_ante * self.house_edge

    def _sd_per_hour(self, cov: float) -> float:
        """sqrt(rounds x ante^2 x (S var + S(S-1) cov)); for an ante whose square is past the float
        range, the ante is taken outside the root."""
        s = self.seats
        per_ante = float(self.hands_per_hour) * (s * float(self.variance) + s * (s - 1) * cov)
        try:
            return math.sqrt(max(0.0, float(self.hands_per_hour) * float(self.average_ante) ** 2 * (
                s * float(self.variance) + s * (s - 1) * cov)))
        except OverflowError:
            return float(self.average_ante) * math.sqrt(max(0.0, per_ante))

    @property
    def standard_deviation(self) -> float:
        """SD of the win per table-hour, in money (with the sampled covariance)."""
        return self._sd_per_hour(float(self.covariance.covariance))

    @property
    def standard_deviation_interval(self) -> tuple[float, float]:
        """The SD per hour at the ends of the covariance's 95% interval."""
        lo, hi = self.covariance.interval
        return self._sd_per_hour(lo), self._sd_per_hour(hi)

    @property
    def rounds_per_shift(self) -> Fraction:
        """Rounds dealt in a shift."""
        return self.hands_per_hour * self.hours

    @property
    def shift_win(self) -> Fraction:
        """The house's expected win over the shift (exact)."""
        return self.theoretical_win * self.hours

    @property
    def shift_standard_deviation(self) -> float:
        """SD of the shift's win."""
        return self.standard_deviation * math.sqrt(float(self.hours))

    @property
    def shift_range_95(self) -> tuple[float, float]:
        """The house win's 95% range over the shift (normal approximation)."""
        h = Z95 * self.shift_standard_deviation
        return float(self.shift_win) - h, float(self.shift_win) + h

    @property
    def p_house_loses(self) -> float:
        """P(the house's win over the shift < 0), normal approximation."""
        sd = self.shift_standard_deviation
        return NormalDist().cdf(-float(self.shift_win) / sd) if sd > 0 else float(self.shift_win < 0)

    @property
    def independent_range_95(self) -> tuple[Fraction, Fraction] | None:
        """The shift's 95% range in money were the seats independent (exact distribution)."""
        if self.independent is None:
            return None
        lo, hi = self.independent.house_win_interval_95
        return lo * self.average_ante, hi * self.average_ante

    @property
    def independent_p_house_loses(self) -> Fraction | float | None:
        """P(the house loses the shift) were the seats independent (exact distribution)."""
        return None if self.independent is None else self.independent.p_ahead


#: The range of each figure of a table-hour (exact, but the SDs and ranges are floats: a figure
#: outside it would overflow or vanish in them): (least, most, the words of the range).
LIMITS = {"hands per hour": (Fraction(1, 1000), Fraction(10_000), "1/1000 to 10,000"),
          "hours": (Fraction(1, 3600), Fraction(8784), "1/3600 (a second) to 8,784 (a leap year)"),
          "average ante": (Fraction(1, 100), Fraction(10**9), "0.01 to 1,000,000,000")}


def _positive(x: Number, what: str) -> Fraction:
    v = to_fraction(x, what)
    if v <= 0:
        raise InvalidRules(f"{what}: {v} must be positive")
    least, most, words = LIMITS.get(what, (None, None, ""))
    if least is not None and most is not None and not least <= v <= most:
        raise InvalidRules(f"{what}: {shown(x)} is out of range: expected {words}")
    return v


def check_average_ante(average_ante: Number) -> Fraction:
    """The average ante in money, positive and in its range (``LIMITS``)."""
    return _positive(average_ante, "average ante")


def check_shift(hands_per_hour: Number, hours: Number) -> tuple[Fraction, Fraction]:
    """The rounds dealt an hour and the hours of a shift, each a positive exact number in its range
    (``LIMITS``): the checks of ``table_hour``, for a caller that makes them before its work (``report``)."""
    return _positive(hands_per_hour, "hands per hour"), _positive(hours, "hours")


def table_hour(game: GameReport, covariance: SeatCovariance, seats: int = MAX_SEATS,
               hands_per_hour: Number = DEFAULT_HANDS_PER_HOUR, average_ante: Number = DEFAULT_AVERAGE_ANTE,
               hours: Number = 8, *, independent: bool = True) -> TableHour:
    """The house's win per table-hour and over a shift of ``hours`` (see ``TableHour``)."""
    seats = check_seats(seats)
    h = _positive(hands_per_hour, "hands per hour")
    a = _positive(average_ante, "average ante")
    t = _positive(hours, "hours")
    ind = None
    if independent:
        n = seats * h * t
        if n.denominator == 1:
            dist = outcome_distribution(game)
            try:
                ind = over_n_hands(dist, int(n))
            except InvalidRules:
                ind = None  # too many seat-hands for the exact distribution: the normal figures stand alone
    return TableHour(seats, h, a, t, game.house_edge, game.variance, covariance, ind)
