"""Many situations at once, from the whole-game solver's table: one call into the core (on both
cores) for the counts of every situation, priced into exact margins with numpy (integers only).

>>> from caribbean_exact.model.rules import Rules
>>> m = margins(bytes([51, 46, 22, 8, 1]), bytes([42]), Rules())
>>> m.status, m.numerators, m.denominator
([0], [-28078], 163185)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..model.rules import Rules
from .pricing import COMPLETIONS, default_threads, solver_for, status_text

__all__ = ["Margins", "margins"]


@dataclass(frozen=True)
class Margins:
    """EV(raise) - EV(fold) of each situation, per ante, as ``numerators[k] / denominator`` (exact
    integers); ``status[k]`` 0 for a valid situation, else the core's status (its numerator is 0)."""

    numerators: list[int]
    denominator: int
    status: list[int]

    def error(self, k: int) -> str:
        """Why situation ``k`` was refused (its status as words, "a card is given twice")."""
        return status_text(self.status[k])


def margins(players: bytes, ups: bytes, rules: Rules, threads: int | None = None) -> Margins:
    """The exact margins of situations ``players[5k:5k+5]`` against ``ups[k]`` under ``rules``."""
    solver = solver_for(rules.qualifier.value)
    counts, cats, status = solver.situations(players, ups, threads or default_threads())
    nets = rules.nets().scaled()
    c: np.ndarray = np.frombuffer(counts, dtype=np.uint32).astype(np.int64).reshape(-1, 4)
    cat = np.frombuffer(cats, dtype=np.uint8)
    big = max(abs(nets.fold), abs(nets.not_qualify), abs(nets.tie), abs(nets.lose), *(abs(w) for w in nets.win))
    dt: type = np.int64 if big * COMPLETIONS * 5 < 2**62 else object
    win: np.ndarray = np.asarray(nets.win, dtype=dt)[cat]
    c = c.astype(dt)
    m = (c[:, 0] * nets.not_qualify + c[:, 1] * win + c[:, 2] * nets.tie + c[:, 3] * nets.lose
         - COMPLETIONS * nets.fold)
    st = np.frombuffer(status, dtype=np.int32)
    m = np.where(st == 0, m, 0)
    return Margins(m.tolist(), COMPLETIONS * nets.denominator, st.tolist())  # tolist: Python ints
