"""Sizes of the core's tables and results, for the modules outside the engine.

Re-exported from ``_ffi`` (which reads them from the compiled core), so that no module outside
the engine needs the binding for a size.

>>> NUM_VALUES, NUM_CHART_CELLS, COMPLETIONS, SEEN_COMPLETIONS
(7462, 963300, 163185, 14190)
"""

from __future__ import annotations

from . import _ffi

#: Distinct hand values.
NUM_VALUES: int = _ffi.NUM_VALUES
#: Five-card hands: C(52, 5).
NUM_HANDS: int = _ffi.NUM_HANDS
#: Cells of the up-card chart: (rank pattern, suited?, up card rank, player's cards in its suit).
NUM_CHART_CELLS: int = _ffi.NUM_CHART_CELLS
#: Dealer completions of one (hand, up card) situation: C(47, 4).
COMPLETIONS: int = _ffi.COMPLETIONS
#: Dealer completions with one hole card seen as well: C(45, 3).
SEEN_COMPLETIONS: int = _ffi.SEEN_COMPLETIONS
#: Decision bytes per hand value of cs_solve_seen_k1's decision table.
SEEN_DECISION_LANES: int = _ffi.SEEN_DECISION_LANES
#: Player classes of the seen-card charts (high card below A-K, A-K high, pair .. royal flush).
SEEN_CLASSES: int = _ffi.SEEN_CLASSES
