"""Card switching (Oasis Poker) in one situation, counted by the core (``cs_switch``).

For each discard set (bit i: the hand's i-th card is switched) the core counts every replacement
set and every dealer completion under the best final decision for the nets, and returns the deal
counts by the final hand's category, as a whole game's totals: ``pricing.return_rows`` prices them.

>>> from ..model.rules import Rules
>>> t = switch_totals([51, 45, 22, 8, 3], 42, 1 << 0 | 1 << 1, Rules())
>>> t[0].total_weight, t[1].total_weight == 46 * 148995, t[2].total_weight
(163185, True, 0)
"""

from __future__ import annotations

from ..model.checks import check_threads
from ..model.rules import Rules
from . import _ffi
from .counts import DealTotals
from .pricing import default_threads

__all__ = ["DISCARD_SETS", "SWITCH_FIVE_RAISES", "switch_totals"]

#: Discard sets of one hand: every subset of its five cards, standing (0) included.
DISCARD_SETS: int = _ffi.DISCARD_SETS
#: Flag: a player who switches all five cards must raise.
SWITCH_FIVE_RAISES: int = _ffi.SWITCH_FIVE_RAISES


def switch_totals(player: list[int], up: int, set_mask: int, rules: Rules, *, five_raises: bool = True,
                  raise_on_tie: bool = False, threads: int | None = None) -> list[DealTotals]:
    """The deal counts of every discard set in ``set_mask`` (bit d: discard set d), the final
    decision optimal for ``rules``; the sets not asked for are all zero. Cards are checked by the
    core (``InvalidCards``)."""
    threads = check_threads(threads)
    flags = (SWITCH_FIVE_RAISES if five_raises else 0) | (_ffi.RAISE_ON_TIE if raise_on_tie else 0)
    return _ffi.switch(player, up, set_mask & 0xFFFFFFFF, rules.qualifier.value, rules.nets().scaled(), flags,
                       threads or default_threads())
