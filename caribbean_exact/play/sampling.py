"""Sampled known-card games: players sharing their hands, a burn card seen, dealer hole cards seen.

Deals are sampled, and each is decided *exactly* by counting the dealer's remaining
completions (by rank multisets: about a microsecond a deal); the exact per-deal EVs are averaged
(far lower variance than sampling outcomes). The result carries the deals, the seed and the
exact sums behind a 95% interval.

>>> r = sample(players=7, deals=2000, seed=1)
>>> r.deals, r.seed, r.house_edge_interval[0] < r.house_edge_interval[1]
(2000, 1, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ..engine.counts import SampleSums
from ..engine.pricing import COMPLETIONS, default_threads, solver_for
from ..engine.sampler import sample_deals, sample_nets
from ..errors import InvalidRules, shown
from ..model.checks import check_bool, check_int, check_progress, check_rules, check_threads
from ..model.rules import Rules
from ..progress import ProgressFn, report
from .game import solve

__all__ = ["DEFAULT_DEALS", "DEFAULT_SEED", "MAX_DEALS", "TARGET_POINTS", "Z95", "SampledReport", "sample"]

DEFAULT_DEALS = 20_000
#: Most deals one sample takes: 100 million, 10x what the finest target (TARGET_POINTS) needs,
#: about 35 minutes on two cores in the slowest mode (two hole cards seen).
MAX_DEALS = 100_000_000
DEFAULT_SEED = 20261129
#: The 97.5% point of the standard normal distribution.
Z95 = 1.959963984540054
#: Target half-width of the interval, in house-edge points (0.05% of the ante).
TARGET_POINTS = 0.05


@dataclass(frozen=True)
class SampledReport:
    """Sampled deals, each decided exactly. EV figures are per ante.

    ``rules``, ``known_dealer_cards``, ``players``, ``seed``, ``burn`` and ``sharing``: as given to
    ``sample``;
    ``sums``: the sampled sums the estimates come from; ``scale``: completions per deal times the
    nets' common denominator (the sums are in those units); ``base_return``: the exact optimal
    return per ante knowing only the up card (None without the control variate).

    The estimate uses a control variate: for every sampled deal the EV knowing only the up card
    is also computed exactly; its mean over all deals, the exact optimal return, is known, so
    the estimate is that exact return plus the sampled mean of the difference (the value of the
    extra knowledge), whose variance is far smaller. ``plain_*`` figures ignore the control.
    """

    rules: Rules
    known_dealer_cards: int
    players: int
    seed: int
    sums: SampleSums
    scale: int                       # completions per deal x common denominator of the nets
    base_return: Fraction | None     # exact optimal return per ante knowing only the up card
    burn: int = 0                    # burned cards the player sees
    #: The players who share their hands, of the ``players`` at the table (None: all of them).
    sharing: int | None = None

    @property
    def sharers(self) -> int:
        """The players who share their hands (the player and those whose hands he sees)."""
        return self.players if self.sharing is None else self.sharing

    @property
    def dead_cards(self) -> int:
        """Cards the player sees out of play: the other sharers' hands and the burned cards."""
        return 5 * (self.sharers - 1) + self.burn

    @property
    def unseen_dead_cards(self) -> int:
        """Cards dealt to the players who do not share: out of play, unseen."""
        return 5 * (self.players - self.sharers)

    @property
    def table_house_edge(self) -> Fraction | None:
        """The house edge per ante over every seat of the table: the sharers at the estimate, the
        others (optimal, up card only) at the exact plain edge; None without the control variate."""
        if self.base_return is None:
            return None
        others = self.players - self.sharers
        return (self.sharers * self.house_edge - others * self.base_return) / self.players

    @property
    def deals(self) -> int:
        """Deals sampled."""
        return self.sums.deals

    @property
    def plain_return(self) -> Fraction:
        """Exact mean over the sampled deals of the optimal EV per ante."""
        return Fraction(self.sums.total, self.deals * self.scale)

    @property
    def _dscale(self) -> int:
        return self.scale * COMPLETIONS

    @property
    def mean_return(self) -> Fraction:
        """The estimate of the return per ante (control variate when available)."""
        if self.base_return is None:
            return self.plain_return
        return self.base_return + Fraction(self.sums.diff, self.deals * self._dscale)

    @property
    def house_edge(self) -> Fraction:
        """The estimate of the house edge per ante (negative: a player advantage)."""
        return -self.mean_return

    @staticmethod
    def _sd(total: int, squares: int, n: int, scale: int) -> float:
        if n < 2:
            return float("nan")
        return math.sqrt(Fraction(squares * n - total * total, n * (n - 1)) / scale ** 2)

    @property
    def plain_standard_deviation(self) -> float:
        """Sample standard deviation of the per-deal optimal EV (per ante)."""
        return self._sd(self.sums.total, self.sums.total_squares, self.deals, self.scale)

    @property
    def standard_deviation(self) -> float:
        """Per-deal standard deviation behind the estimate (of the difference, with the control)."""
        if self.base_return is None:
            return self.plain_standard_deviation
        return self._sd(self.sums.diff, self.sums.diff_squares, self.deals, self._dscale)

    @property
    def half_width(self) -> float:
        """Half the width of the 95% confidence interval of the house edge (a float)."""
        return Z95 * self.standard_deviation / math.sqrt(self.deals)

    @property
    def house_edge_interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the house edge (floats, per ante)."""
        he = float(self.house_edge)
        return he - self.half_width, he + self.half_width

    @property
    def plain_house_edge_interval(self) -> tuple[float, float]:
        """The same interval without the control variate."""
        he = -float(self.plain_return)
        hw = Z95 * self.plain_standard_deviation / math.sqrt(self.deals)
        return he - hw, he + hw

    @property
    def raise_probability(self) -> Fraction:
        """The share of sampled deals that raise (an estimate)."""
        return Fraction(self.sums.raises, self.deals)

    def deals_for(self, points: float = TARGET_POINTS) -> int:
        """Deals needed for a 95% half-width of ``points`` house-edge points (percent of the ante)."""
        return max(1, math.ceil((Z95 * self.standard_deviation / (points / 100)) ** 2))


def _check_int(value: object, name: str, lo: int, hi: int, expected: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidRules(f"{name} {shown(value)}: expected {expected}")
    return value


def sample(rules: Rules | None = None, known_dealer_cards: int = 0, players: int = 1,
           deals: int = DEFAULT_DEALS, seed: int = DEFAULT_SEED, threads: int | None = None,
           chunk: int | None = None, control_variate: bool = True,
           progress: ProgressFn | None = None, burn: int = 0, sharing: int | None = None) -> SampledReport:
    """Sample deals, each decided exactly for what the player sees.

    The player sees the up card, ``known_dealer_cards`` hole cards, the hands of the other
    ``players - 1`` players and ``burn`` burned cards.

    The same seed gives the same figures whatever the thread count (deal i depends only on the
    seed and i).

    - ``rules``: the game's ``Rules`` (default None: the standard game: the "standard" pay table,
      the ace-king qualifier, no cap).
    - ``known_dealer_cards``: the dealer hole cards the player sees, 0 to 4 (default 0).
    - ``players``: the players at the table, 1 to 7 (default 1); the player sees the others' hands.
    - ``deals``: how many deals to sample, 2 to 100,000,000 (default 20,000).
    - ``seed``: the seed, an integer 0 .. 2**64 - 1 (default 20261129).
    - ``threads``: threads for the counting core, 1 to 64 (default None: one per core of the
      machine); the figures do not depend on it.
    - ``chunk``: deals per call of the core, 1 to 32,768 (default None: 10,000); progress is told
      after each chunk.
    - ``control_variate``: estimate with the exact up-card-only EV as a control (default True; False
      gives the plain mean alone).
    - ``progress``: an optional callback ``progress(label, done, total)`` told how the work advances
      (``caribbean_exact.progress``); default None: silent.
    - ``burn``: burned cards the player sees, 0 up to what the table leaves (default 0).
    - ``sharing``: how many of the ``players`` share their hands, 1 to ``players`` (default None:
      all). The hands of the others are dealt but unseen: each deal is decided on what the sharers
      see and valued over the dealer completions from the cards actually left. Unseen dead cards do
      not change the expectation (the sharers' edge is that of ``players=sharing``), only the spread.

    Returns a ``SampledReport``. Raises ``InvalidRules`` (a ``ValueError``) for any value out of
    its range, as below.

    >>> r = sample(players=7, burn=1, known_dealer_cards=1, deals=500, seed=2)
    >>> r.players, r.burn, r.known_dealer_cards, r.dead_cards
    (7, 1, 1, 31)
    >>> sample(players=7, burn=13)
    Traceback (most recent call last):
    ...
    caribbean_exact.errors.InvalidRules: burn 13: too few cards left: 7 hands and the dealer's 5 leave 12 cards to burn
    """
    rules = check_rules(rules)
    threads = check_threads(threads)
    check_bool(control_variate, "control_variate")
    check_progress(progress)
    if chunk is not None:
        check_int(chunk, "chunk", 1, 1 << 15)
    _check_int(known_dealer_cards, "known dealer cards", 0, 4, "0 to 4")
    _check_int(players, "players", 1, 7, "1 to 7 (a full table)")
    sharers = players if sharing is None else _check_int(sharing, "sharing", 1, players,
                                                         f"1 to {players} (the players at the table)")
    _check_int(burn, "burn", 0, 52, "a number of burned cards 0 .. 52")
    left = 52 - 5 * players - 5
    if burn > left:
        raise InvalidRules(f"burn {burn}: too few cards left: {players} hand{'s' if players > 1 else ''} and "
                           f"the dealer's 5 leave {left} cards to burn")
    _check_int(deals, "deals", 2, MAX_DEALS, f"2 to {MAX_DEALS:,} (the limit)")
    _check_int(seed, "seed", 0, (1 << 64) - 1, "an integer 0 .. 2^64-1")
    scaled = sample_nets(rules)
    threads = threads or default_threads()
    base = base_return = None
    if control_variate:
        base = solver_for(rules.qualifier.value, threads, progress)
        base_return = solve(rules=rules).return_per_ante
    step = min(chunk or 10_000, 1 << 15)
    total = SampleSums(0, 0, 0, 0, 0)
    first = 0
    while first < deals:
        n = min(step, deals - first)
        total = total + sample_deals(rules, known_dealer_cards, sharers - 1, seed, first, n, threads, base, burn,
                                     hidden_players=players - sharers)
        first += n
        report(progress, "sampling deals", first, deals)
    return SampledReport(rules, known_dealer_cards, players, seed, total, total.completions * scaled.denominator,
                         base_return, burn, sharing)
