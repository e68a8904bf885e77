"""Known-card analysis: what a flashed dealer hole card or shared player hands are worth.

* One dealer hole card seen: the whole game, exact (``solve_seen``).
* Two to four dealer hole cards seen, or colluding players who see each other's hands: deals
  are sampled, each decided *exactly* by enumerating the dealer's remaining completions, and
  the exact per-deal EVs are averaged (far lower variance than sampling outcomes). The result
  carries a 95% confidence interval, the number of deals and the seed (``sample``).

>>> r = sample(players=7, deals=2000, seed=1)
>>> r.deals, r.seed, r.house_edge_interval[0] < r.house_edge_interval[1]
(2000, 1, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import _ffi, render
from .errors import InvalidRules
from .game import GameReport, default_threads, solve, solver_for
from .progress import Progress
from .rules import CATEGORIES, Rules

#: Ordered (hand, up card, seen card) situations with one hole card seen: 2,598,960 x 47 x 46.
SEEN_SITUATIONS = _ffi.NUM_HANDS * 47 * 46
#: The chart's player classes (cs_solve_seen_one).
SEEN_CLASSES: tuple[str, ...] = ("high card below A-K", "A-K high", *CATEGORIES[1:])
DEFAULT_DEALS = 20_000
DEFAULT_SEED = 20261129
Z95 = 1.959963984540054
#: Target half-width of the interval, in house-edge points (0.05% of the ante).
TARGET_POINTS = 0.05


@dataclass(frozen=True)
class SeenChart:
    """Raise weight / total weight by player class, up card rank and seen card rank."""

    raise_weight: tuple[int, ...]
    total_weight: tuple[int, ...]

    def cell(self, cls: int, up: int, seen: int) -> tuple[int, int]:
        k = (cls * 13 + up) * 13 + seen
        return self.raise_weight[k], self.total_weight[k]

    def class_state(self, cls: int) -> str:
        r = sum(self.raise_weight[cls * 169:(cls + 1) * 169])
        t = sum(self.total_weight[cls * 169:(cls + 1) * 169])
        return "none" if t == 0 else "R" if r == t else "F" if r == 0 else "M"


def solve_seen(rules: Rules | None = None, threads: int | None = None,
               raise_on_tie: bool = False) -> tuple[GameReport, SeenChart]:
    """The whole game when the player sees the up card and one dealer hole card, exact."""
    rules = rules or Rules()
    ints, _ = rules.nets().scaled()
    flags = _ffi.RAISE_ON_TIE if raise_on_tie else 0
    with Progress("counting every deal with one dealer hole card seen"):
        totals, chart, _ = _ffi.solve_seen_one(rules.qualifier.value, ints, flags,
                                               threads or default_threads(), chart=True)
    assert chart is not None
    report = GameReport(rules, totals, "optimal, one dealer hole card seen", None,
                        _ffi.SEEN_COMPLETIONS, known_dealer_cards=1)
    return report, SeenChart(tuple(chart[0]), tuple(chart[1]))


def solve_all_seen(rules: Rules | None = None) -> GameReport:
    """The whole game when the player sees all four dealer hole cards, exact.

    With the dealer's hand known the best play is plain: raise unless the dealer qualifies and
    beats the player (raising then costs 3 antes, folding 1). So every deal is priced by its
    outcome alone, and the outcome counts over all 19,933,230,517,200 (hand, up card, hole cards)
    deals are those of "raise always" in the up-card-only game.
    """
    rules = rules or Rules()
    solver = solver_for(rules.qualifier.value)
    every = solver.apply(b"\x01" * (solver.n_hands * 52))
    zero = (0,) * 10
    raised = sum(every.not_qualify) + sum(every.win) + sum(every.tie)
    totals = _ffi.Totals(every.lose, every.not_qualify, every.win, every.tie, zero, raised, 0,
                         every.total_weight)
    return GameReport(rules, totals, "optimal, all four dealer hole cards seen", None, 1,
                      known_dealer_cards=4)


@dataclass(frozen=True)
class SampledReport:
    """Sampled deals, each decided exactly. EV figures are per ante.

    The estimate uses a control variate: for every sampled deal the EV knowing only the up card
    is also computed exactly; its mean over all deals, the exact optimal return, is known, so
    the estimate is that exact return plus the sampled mean of the difference (the value of the
    extra knowledge), whose variance is far smaller. ``plain_*`` figures ignore the control.
    """

    rules: Rules
    known_dealer_cards: int
    players: int
    seed: int
    sums: _ffi.SampleSums
    scale: int                       # completions per deal x common denominator of the nets
    base_return: Fraction | None     # exact optimal return per ante knowing only the up card

    @property
    def deals(self) -> int:
        return self.sums.deals

    @property
    def plain_return(self) -> Fraction:
        """Exact mean over the sampled deals of the optimal EV per ante."""
        return Fraction(self.sums.total, self.deals * self.scale)

    @property
    def _dscale(self) -> int:
        return self.scale * _ffi.COMPLETIONS

    @property
    def mean_return(self) -> Fraction:
        """The estimate of the return per ante (control variate when available)."""
        if self.base_return is None:
            return self.plain_return
        return self.base_return + Fraction(self.sums.diff, self.deals * self._dscale)

    @property
    def house_edge(self) -> Fraction:
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
        return Z95 * self.standard_deviation / math.sqrt(self.deals)

    @property
    def house_edge_interval(self) -> tuple[float, float]:
        he = float(self.house_edge)
        return he - self.half_width, he + self.half_width

    @property
    def plain_house_edge_interval(self) -> tuple[float, float]:
        he = -float(self.plain_return)
        hw = Z95 * self.plain_standard_deviation / math.sqrt(self.deals)
        return he - hw, he + hw

    @property
    def raise_probability(self) -> Fraction:
        return Fraction(self.sums.raises, self.deals)

    def deals_for(self, points: float = TARGET_POINTS) -> int:
        """Deals needed for a 95% half-width of ``points`` house-edge points (percent of the ante)."""
        return max(1, math.ceil((Z95 * self.standard_deviation / (points / 100)) ** 2))

    def as_json(self) -> dict[str, Any]:
        lo, hi = self.house_edge_interval
        plo, phi = self.plain_house_edge_interval
        return {
            "rules": self.rules.describe(),
            "known_dealer_cards": self.known_dealer_cards,
            "players": self.players,
            "house_edge": str(self.house_edge),
            "house_edge_estimate": float(self.house_edge),
            "house_edge_interval": [lo, hi],
            "confidence": 0.95,
            "return_per_ante": str(self.mean_return),
            "raise_probability": str(self.raise_probability),
            "per_deal_standard_deviation": self.standard_deviation,
            "control_variate": self.base_return is not None,
            "plain_house_edge": str(-self.plain_return),
            "plain_house_edge_interval": [plo, phi],
            "deals": self.deals,
            "seed": self.seed,
            "completions_per_deal": self.sums.completions,
            "deals_for_0.05_points": self.deals_for(),
        }


def sample(rules: Rules | None = None, known_dealer_cards: int = 0, players: int = 1,
           deals: int = DEFAULT_DEALS, seed: int = DEFAULT_SEED, threads: int | None = None,
           chunk: int | None = None, control_variate: bool = True) -> SampledReport:
    """Sample deals; the player sees the up card, ``known_dealer_cards`` hole cards and the hands
    of the other ``players - 1`` players, and decides each deal exactly.

    The same seed gives the same figures whatever the thread count (deal i depends only on the
    seed and i).
    """
    rules = rules or Rules()
    if isinstance(known_dealer_cards, bool) or not isinstance(known_dealer_cards, int) \
            or not 0 <= known_dealer_cards <= 4:
        raise InvalidRules(f"known dealer cards {known_dealer_cards!r}: expected 0 to 4")
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 7:
        raise InvalidRules(f"players {players!r}: expected 1 to 7 (a full table)")
    if known_dealer_cards and players > 1:
        raise InvalidRules("known dealer cards and colluding players: choose one")
    if isinstance(deals, bool) or not isinstance(deals, int) or not 2 <= deals <= 10**12:
        raise InvalidRules(f"deals {deals!r}: expected 2 to 10^12")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
        raise InvalidRules(f"seed {seed!r}: expected an integer 0 .. 2^64-1")
    ints, den = rules.nets().scaled()
    if max(abs(x) for x in ints) > 1 << 20:
        raise InvalidRules("pay table: pays too large or too finely divided for sampling (nets > 2^20)")
    threads = threads or default_threads()
    base = base_return = None
    if control_variate:
        base = solver_for(rules.qualifier.value, threads)
        base_return = solve(rules=rules).return_per_ante
    step = min(chunk or (2_000 if players == 2 else 10_000), 1 << 15)
    total = _ffi.SampleSums(0, 0, 0, 0, 0)
    with Progress("sampling deals", total=deals) as bar:
        first = 0
        while first < deals:
            n = min(step, deals - first)
            total = total + _ffi.sample_deals(rules.qualifier.value, ints, known_dealer_cards, players - 1,
                                              seed, first, n, threads, base)
            first += n
            bar.advance(n)
    return SampledReport(rules, known_dealer_cards, players, seed, total, total.completions * den, base_return)


# ---------------------------------------------------------------- rendering and command line


def render_sampled(r: SampledReport, fmt: str, what: str) -> str:
    if fmt == "json":
        return render.to_json(r.as_json())
    lo, hi = r.house_edge_interval
    rows = [
        ["house edge (estimate)", render.pct(r.house_edge), render.frac(r.house_edge)],
        ["95% interval", f"{lo * 100:.4f}% .. {hi * 100:.4f}%", f"+/- {r.half_width * 100:.4f} points"],
        ["probability of raising", render.pct(r.raise_probability, 2), render.frac(r.raise_probability)],
        ["per-deal standard deviation", render.dec(r.standard_deviation),
         "of the gain over knowing only the up card" if r.base_return is not None else "of the EV"],
        ["without the control variate", render.pct(-r.plain_return),
         "95%: {:.4f}% .. {:.4f}%".format(*(x * 100 for x in r.plain_house_edge_interval))],
        ["deals (each decided exactly)", str(r.deals), f"{r.sums.completions} completions each"],
        ["seed", str(r.seed), ""],
        ["deals for +/-0.05 points", str(r.deals_for()), "at this standard deviation"],
    ]
    if fmt == "csv":
        return render.table(rows, ["figure", "value", "detail"], fmt)
    head = f"{what}\nrules: {render.describe_rules(r.rules)}\n\n"
    return head + render.table(rows, ["figure", "value", "detail"], fmt)


def render_seen_chart(ch: SeenChart, fmt: str) -> str:
    """One 13 x 13 grid (up card rank x seen card rank) per class whose decision varies."""
    ranks = "23456789TJQKA"
    parts = []
    rows_csv = []
    for cls, name in enumerate(SEEN_CLASSES):
        st = ch.class_state(cls)
        if st == "none":
            continue
        if st != "M":
            parts.append(f"- {name}: always {'raise' if st == 'R' else 'fold'}")
            continue
        grid = []
        for up in range(13):
            row = [ranks[up]]
            for seen in range(13):
                r, t = ch.cell(cls, up, seen)
                row.append(render.share(r, t))
                rows_csv.append([name, ranks[up], ranks[seen], r, t])
            grid.append(row)
        parts.append(f"\n{name} (rows: up card, columns: seen hole card)\n\n"
                     + render.table(grid, ["up \\ seen", *ranks], fmt if fmt != "csv" else "simple"))
    if fmt == "csv":
        return render.table(rows_csv, ["class", "up", "seen", "raise", "total"], "csv")
    return "\n".join(parts)


#: Sample sizes of the committed tables (deals, fixed seed): reproducible, seconds to rebuild.
TABLE_SEED = 20261129
TABLE_KNOWN_DEALS = {2: 20_000, 3: 100_000}
TABLE_COLLUSION_DEALS = {1: 1_000, 2: 20_000, 3: 50_000, 4: 50_000, 5: 50_000, 6: 50_000, 7: 50_000}


def table_files() -> dict[str, str]:
    """tables/: the standard pay table with known dealer cards and with colluding players."""
    rules = Rules()
    report, chart = solve_seen(rules)
    exact0 = solve(rules=rules)
    seen_md = ("# Standard pay table: one dealer hole card seen (exact)\n\n"
               + render.report(report, "github") + "\n\nWhen to raise, by up card and seen hole card:\n"
               + render_seen_chart(chart, "github") + "\n")
    rows = [["0 (up card only)", "exact", render.pct(exact0.house_edge), "", render.frac(exact0.house_edge),
             "", ""],
            ["1", "exact", render.pct(report.house_edge), "", render.frac(report.house_edge), "", ""]]
    for k, deals in TABLE_KNOWN_DEALS.items():
        r = sample(rules, k, 1, deals, TABLE_SEED)
        lo, hi = r.house_edge_interval
        rows.append([str(k), f"sampled, {deals} deals", render.pct(r.house_edge),
                     f"{lo * 100:.4f}% .. {hi * 100:.4f}%", render.frac(r.house_edge), str(r.deals_for()),
                     str(TABLE_SEED)])
    all_seen = solve_all_seen(rules)
    rows.append(["4", "exact", render.pct(all_seen.house_edge), "", render.frac(all_seen.house_edge), "", ""])
    crow = []
    for n, deals in TABLE_COLLUSION_DEALS.items():
        r = sample(rules, 0, n, deals, TABLE_SEED)
        lo, hi = r.house_edge_interval
        crow.append([str(n), str(5 * (n - 1)), str(deals), render.pct(r.house_edge),
                     f"{lo * 100:.4f}% .. {hi * 100:.4f}%", str(r.deals_for()), str(TABLE_SEED)])
    kh = ["dealer hole cards seen", "method", "house edge", "95% interval", "exact / sample mean",
          "deals for +/-0.05 points", "seed"]
    ch = ["players sharing hands", "dead cards known", "deals", "house edge", "95% interval",
          "deals for +/-0.05 points", "seed"]
    note = ("Sampled rows: each deal is decided exactly by enumerating the dealer's remaining "
            "completions; the estimate uses the exact up-card-only game as a control variate.")
    known_md = ("# Standard pay table: known cards\n\n" + note + "\n\n## Dealer hole cards seen\n\n"
                + render.table(rows, kh, "github") + "\n\n## Colluding players\n\n"
                + render.table(crow, ch, "github") + "\n")
    return {
        "standard-seen-card.md": seen_md,
        "standard-seen-card-chart.csv": render_seen_chart(chart, "csv") + "\n",
        "standard-known-cards.md": known_md,
        "standard-known-cards.csv": render.table(rows, kh, "csv") + "\n",
        "standard-collusion.csv": render.table(crow, ch, "csv") + "\n",
    }


def _setup_collusion(p: Any) -> None:
    from .cli import _rules_args

    _rules_args(p)
    p.add_argument("--players", type=int, default=7, help="players at the table who share hands (1-7)")
    p.add_argument("--deals", type=int, default=DEFAULT_DEALS, help=f"deals to sample (default {DEFAULT_DEALS})")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed: the same seed gives the same figures")


def _run_collusion(args: Any) -> str:
    from .cli import rules_from

    r = sample(rules_from(args), 0, args.players, args.deals, args.seed)
    return render_sampled(r, args.format, f"{args.players} colluding players: each sees the other "
                                          f"{args.players - 1} hands ({5 * (args.players - 1)} dead cards)")


def _register() -> None:
    from .cli import register

    register("collusion", "sampled house edge when players share their hands", _setup_collusion,
             _run_collusion)


_register()
