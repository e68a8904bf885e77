"""What a cap per bet costs at each ante size, exact: the optimal strategy re-solved at every ante.

>>> cap_threshold(Rules.make("standard"), 5000)
Fraction(25, 1)
>>> s = cap_study(antes=[25, 50])
>>> [(r.ante, f"{float(r.report.house_edge):.4%}") for r in s.rows]
[(Fraction(25, 1), '5.2243%'), (Fraction(50, 1), '5.2327%')]
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..engine.counts import DealTotals
from ..engine.pricing import price
from ..errors import InvalidRules, shown
from ..model.checks import check_progress
from ..model.rules import DEFAULT_RAISE_ANTES, Number, Paytable, PaytableLike, QualifierLike, Rules, to_fraction
from ..play.game import GameReport
from ..progress import ProgressFn, report

__all__ = ["DEFAULT_ANTES", "MAX_ANTES", "CapRow", "CapStudy", "cap_study", "cap_threshold"]

#: The ante sizes of the ``cap`` command unless --antes says otherwise.
DEFAULT_ANTES: tuple[int, ...] = (5, 10, 25, 50, 100, 200, 500, 1000)
#: Most ante sizes one study takes (each is solved in about 15 ms; its row is kept).
MAX_ANTES = 1_000


@dataclass(frozen=True, slots=True)
class CapRow:
    """The game at one ante size under the cap, against the same table without a cap."""

    ante: Fraction
    report: GameReport
    #: House edge added by the cap, per ante (0 while no win reaches the cap).
    cost_per_ante: Fraction
    #: The optimal strategy differs from the uncapped one somewhere.
    strategy_changed: bool

    @property
    def cost_per_round(self) -> Fraction:
        """Added expected loss per round in money (cost per ante x ante)."""
        return self.cost_per_ante * self.ante

def cap_threshold(rules: Rules, max_payout: Number) -> Fraction:
    """The largest ante at which no win on any bet exceeds the cap (royal raise win = cap)."""
    m = to_fraction(max_payout, "max_payout")
    top = max(rules.top_raise_win, Fraction(1))
    return m / top


@dataclass(frozen=True, slots=True)
class CapStudy:
    """The house edge at each ante size under a cap, against the uncapped game.

    ``rules``: the uncapped rules; ``max_payout``: the cap per bet, in money; ``uncapped``: the
    solved uncapped game; ``rows``: one ``CapRow`` per ante size, smallest first.

    >>> s = cap_study(antes=[100])
    >>> s.threshold, s.first_costly_ante
    (Fraction(25, 1), Fraction(100, 1))
    """
    rules: Rules  # the uncapped rules
    max_payout: Fraction
    uncapped: GameReport
    rows: tuple[CapRow, ...]

    @property
    def threshold(self) -> Fraction:
        """The largest ante at which no win reaches the cap."""
        return cap_threshold(self.rules, self.max_payout)

    @property
    def first_costly_ante(self) -> Fraction | None:
        """The smallest ante of the study at which the cap costs the player something."""
        return next((r.ante for r in self.rows if r.cost_per_ante > 0), None)

def cap_study(paytable: PaytableLike = None, qualifier: QualifierLike = None, max_payout: Number = 5000,
              antes: Sequence[Number] = DEFAULT_ANTES, paytables: Mapping[str, Paytable] | None = None,
              progress: ProgressFn | None = None, *, raise_antes: int = DEFAULT_RAISE_ANTES) -> CapStudy:
    """House edge at each ante size under a cap per bet, the optimal strategy solved at each.

    Ante sizes whose capped nets equal the uncapped ones share one solution (same strategy).
    Memory stays bounded whatever the number of antes: each ante's decisions are compared with
    the uncapped ones and released; only the totals and that comparison are kept.

    - ``paytable``: the raise bet's pay table: a name (built-in, or in ``paytables``), ten pays
      royal flush first (text or numbers) or a ``Paytable``; default None: "standard".
    - ``qualifier``: the dealer's qualifying hand ("AK", "pair", "44", five ranks, a hand value or a
      ``Qualifier``; default None: ace-king).
    - ``max_payout``: the cap on what one bet can win, in money (positive; default 5000).
    - ``antes``: the ante sizes to study, in money (a sequence or text "5,10,25"; sorted and
      deduplicated; at most 1,000).
    - ``paytables``: pay tables of your own by name (from ``load_paytables_file`` in
      ``caribbean_exact.model.rules``), looked up with the built-in ones; default None: the
      built-in only.
    - ``progress``: an optional callback ``progress(label, done, total)`` told how the work advances
      (``caribbean_exact.progress``); default None: silent.
    - ``raise_antes``: the raise, in antes (1 to 10; default 2, the standard game).

    Returns a ``CapStudy``. Raises ``InvalidRules`` (a ``ValueError``) for a bad table, qualifier,
    cap or ante list.

    >>> [row.ante for row in cap_study(max_payout=5000, antes="10,100").rows]
    [Fraction(10, 1), Fraction(100, 1)]
    """
    base = Rules.make(paytable, qualifier, paytables=paytables, raise_antes=raise_antes)
    m = to_fraction(max_payout, "max_payout")
    if isinstance(antes, str):
        antes = [t for t in re.split(r"[\s,;]+", antes.strip()) if t]
    try:
        ante_list = sorted({to_fraction(a, "ante") for a in antes})
    except TypeError:
        raise InvalidRules(f"antes: {shown(antes)} is not a list of ante sizes") from None
    check_progress(progress)
    if not ante_list:
        raise InvalidRules("antes: give at least one ante size")
    if len(ante_list) > MAX_ANTES:
        raise InvalidRules(f"antes: {len(ante_list):,} ante sizes, more than the limit of {MAX_ANTES:,}")
    first = price(base, decisions=True, progress=progress)
    u_dec = first.decisions
    assert u_dec is not None
    # per distinct nets: the totals and whether the strategy differs from the uncapped one
    cache: dict[tuple[Fraction, ...], tuple[DealTotals, bool]] = {_key(base): (first.totals, False)}
    uncapped = GameReport(base, first.totals, "optimal")
    rows = []
    for i, a in enumerate(ante_list):
        rules = Rules(base.paytable, base.qualifier, a, m, base.raise_antes)  # validates ante > 0, cap >= ante
        key = _key(rules)
        if key not in cache:
            p = price(rules, decisions=True)
            cache[key] = (p.totals, p.decisions != u_dec)
            del p  # the decisions (one byte per situation) are not kept
        totals, changed = cache[key]
        rep = GameReport(rules, totals, "optimal")
        rows.append(CapRow(a, rep, rep.house_edge - uncapped.house_edge, changed))
        report(progress, "solving each ante size", i + 1, len(ante_list))
    return CapStudy(base, m, uncapped, tuple(rows))


def _key(rules: Rules) -> tuple[Fraction, ...]:
    n = rules.nets()
    return (n.fold, n.not_qualify, n.tie, n.lose, *n.win)
