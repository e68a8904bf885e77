"""The core's samplers for a set of rules: sampled deals of one player (cs_sample_deals) and of
seats at one dealer (cs_sample_table), each deal decided exactly; and the one check of the nets
they take (``sample_nets``: sums of squares must fit the core's 128-bit totals).

>>> sample_nets(Rules()).as_list()
[-1, 1, 0, -3, 3, 3, 5, 7, 9, 11, 15, 41, 101, 201]
>>> sample_deals(Rules(), 0, 0, 1, 0, 100).deals
100
"""

from __future__ import annotations

from ..errors import InvalidRules
from ..model.rules import Rules, ScaledNets
from . import _ffi
from .counts import SampleSums, TableSums
from .pricing import Solver, solver_for

__all__ = ["SAMPLE_GENERIC", "SAMPLE_NET_LIMIT", "sample_deals", "sample_nets", "sample_table"]

#: Largest scaled net the samplers accept (cs_sample_deals, cs_sample_table).
SAMPLE_NET_LIMIT = 1 << 20
#: Flag of ``sample_deals``: count each deal card by card (cs_deal), the check of the fast count.
SAMPLE_GENERIC: int = _ffi.SAMPLE_GENERIC


def sample_nets(rules: Rules) -> ScaledNets:
    """The rules' scaled nets, if the samplers can take them (else ``InvalidRules``)."""
    scaled = rules.nets().scaled()
    if max(abs(x) for x in scaled.as_list()) > SAMPLE_NET_LIMIT:
        raise InvalidRules("pay table: pays too large or too finely divided for sampling (nets > 2^20)")
    return scaled


def sample_deals(rules: Rules, known_dealer: int, other_players: int, seed: int, first: int, count: int,
                 threads: int = 2, base: Solver | None = None, burn: int = 0, flags: int = 0,
                 hidden_players: int = 0) -> SampleSums:
    """Deals ``first`` .. ``first + count - 1`` of the seed (at most 32,768 a call), each decided
    exactly: the player sees the up card, ``known_dealer`` hole cards, ``other_players`` hands and
    ``burn`` burned cards; ``hidden_players`` more hands are dealt that he does not see (each deal is
    then valued over the dealer completions actually left); ``base`` (the rules' solver) adds the
    control variate."""
    return _ffi.sample_deals(rules.qualifier.value, sample_nets(rules), known_dealer, other_players, seed, first,
                             count, threads, base, burn, flags, hidden_players)


def sample_table(rules: Rules, seats: int, seed: int, first: int, count: int, threads: int = 2) -> TableSums:
    """Rounds ``first`` .. ``first + count - 1`` of the seed (at most 32,768 a call) of ``seats``
    optimal players at one dealer (the rules' solver, ``pricing.solver_for``)."""
    return _ffi.sample_table(solver_for(rules.qualifier.value), sample_nets(rules), seats, seed, first, count,
                             threads)
