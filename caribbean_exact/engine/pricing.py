"""The one place where counts meet money: per-qualifier solvers, pricing, raise EVs, return rows.

The per-situation counts of the whole game do not depend on the pay table: they are computed
once per qualifier (``solver_for``, cached) and priced for any nets (``price``). Everything
here is exact: integer counts times exact ``Fraction`` nets.

>>> from ..model.rules import Rules
>>> priced = price(Rules())
>>> priced.totals.raise_situations, priced.decisions is None
(63794004, True)
>>> raise_ev(Counts(74490, 0, 0, 88695), 0, Rules().nets())
Fraction(-12773, 10879)
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from fractions import Fraction

from ..model.checks import check_int, check_progress, check_threads
from ..model.rules import Nets, Rules, ScaledNets
from ..progress import ProgressFn, report
from . import _ffi
from .counts import Counts, DealCounts, DealTotals

TYPE_CHECKING = False
if TYPE_CHECKING:  # the command line starts without typing (issue #24)
    from typing import overload
else:
    def overload(f: object) -> object:
        """typing.overload at run time: the last definition of the name is the function (ruff
        does not know this one for typing's, hence the F811 exceptions at the overloads)."""
        return f

#: (hand, up card) situations of the game: 2,598,960 x 47.
SITUATIONS: int = _ffi.NUM_HANDS * 47
#: Dealer completions of one situation.
COMPLETIONS: int = _ffi.COMPLETIONS
#: Equally likely deals: situations x 163,185 dealer completions.
DEALS: int = SITUATIONS * COMPLETIONS
#: Flags of ``price``: count exact ties as raises; one decision per hand for every up card.
RAISE_ON_TIE: int = _ffi.RAISE_ON_TIE
IGNORE_UP: int = _ffi.IGNORE_UP
#: The per-qualifier counts (``solver_for`` returns one): the type, for modules that read one.
Solver = _ffi.Solver

_solvers: dict[int, Solver] = {}
_solvers_lock = threading.Lock()


#: What a status of the core means ("a card is given twice"): for results that keep a status per item.
status_text = _ffi.status_text


def default_threads() -> int:
    """Threads for the counting: the machine's cores, at most 8."""
    return max(1, min(os.cpu_count() or 1, 8))


def solver_for(qualifier_value: int, threads: int | None = None,
               progress: ProgressFn | None = None) -> Solver:
    """The per-situation counts for one qualifier, computed once and cached (thread-safe).

    ``threads`` (1..64, default: the machine's cores) is used for that counting pass, the first
    time a qualifier is solved; later calls reuse its counts, which do not depend on it.
    """
    check_int(qualifier_value, "qualifier value", 0, _ffi.NUM_VALUES)
    threads = check_threads(threads)
    check_progress(progress)
    with _solvers_lock:
        s = _solvers.get(qualifier_value)
        if s is None:
            label = f"counting every deal (qualifier value {qualifier_value})"
            report(progress, label, 0, None)
            s = Solver(qualifier_value, threads or default_threads())
            report(progress, label, 1, None)
            _solvers[qualifier_value] = s
        return s


@dataclass(frozen=True, slots=True)
class Priced:
    """The optimal strategy for one set of rules: its totals, and optionally every decision
    (solver order, hand * 52 + up card: 0 fold, 1 raise, 2 exact tie, 255 up card in the hand)."""

    totals: DealTotals
    decisions: bytes | None


def price(rules: Rules, *, flags: int = 0, decisions: bool = False, threads: int | None = None,
          progress: ProgressFn | None = None) -> Priced:
    """The optimal strategy under ``rules`` over every (hand, up card), exact."""
    solver = solver_for(rules.qualifier.value, threads, progress)
    totals, dec = solver.price(rules.nets().scaled(), flags, decisions=decisions)
    return Priced(totals, dec)

CountsLike = Counts | DealCounts


@overload
def raise_total(counts: CountsLike, category: int, nets: Nets) -> Fraction: ...
@overload
def raise_total(counts: CountsLike, category: int, nets: ScaledNets) -> int: ...  # noqa: F811 (overloads: see above)
def raise_total(counts: CountsLike, category: int, nets: Nets | ScaledNets) -> Fraction | int:  # noqa: F811
    """The net of raising summed over the completions of ``counts``, in the units of ``nets``
    (an integer for ``ScaledNets``). The one raise formula of the Python layer."""
    return (counts.not_qualify * nets.not_qualify + counts.win * nets.win[category]
            + counts.tie * nets.tie + counts.lose * nets.lose)


def raise_ev(counts: Counts, category: int, nets: Nets) -> Fraction:
    """Exact EV per ante of raising, from the counts (in integers, then one exact division)."""
    scaled = nets.scaled()
    return Fraction(raise_total(counts, category, scaled), counts.total * scaled.denominator)


@dataclass(frozen=True, slots=True)
class ReturnRow:
    """One outcome of the return table: ``outcome`` is fold, lose, tie, not_qualify or win
    (then ``category`` is the player's), with its deals, probability, net and contribution."""

    outcome: str
    category: int | None
    count: int
    probability: Fraction
    net: Fraction
    contribution: Fraction


_Raw = list[tuple[str, "int | None", int, Fraction]]


def _rows(raw: _Raw, total: int) -> list[ReturnRow]:
    out = []
    for outcome, cat, n, net in raw:
        p = Fraction(n, total)
        out.append(ReturnRow(outcome, cat, n, p, net, p * net))
    return out


def return_rows(totals: DealTotals, nets: Nets) -> list[ReturnRow]:
    """The return table of a whole game: fold, lose, tie, not qualify, then wins royal first."""
    raw: _Raw = [
        ("fold", None, sum(totals.fold), nets.fold),
        ("lose", None, sum(totals.lose), nets.lose),
        ("tie", None, sum(totals.tie), nets.tie),
        ("not_qualify", None, sum(totals.not_qualify), nets.not_qualify),
    ]
    raw += [("win", c, totals.win[c], nets.win[c]) for c in reversed(range(10))]
    return _rows(raw, totals.total_weight)


def raise_rows(counts: Counts, category: int, nets: Nets) -> list[ReturnRow]:
    """The outcomes of raising in one situation: not qualify, win, tie, lose (over its completions)."""
    raw: _Raw = [
        ("not_qualify", None, counts.not_qualify, nets.not_qualify),
        ("win", category, counts.win, nets.win[category]),
        ("tie", None, counts.tie, nets.tie),
        ("lose", None, counts.lose, nets.lose),
    ]
    return _rows(raw, counts.total)
