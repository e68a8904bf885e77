"""One situation counted by the core: every completion of the dealer's hand (``cs_deal``).

The counts do not depend on the pay table (no nets are handed in); ``pricing.raise_ev`` prices
them. ``deal`` is the binding's own function, re-exported: a single situation is counted in a few
microseconds and a wrapper would be a measurable part of ``ev``.

>>> d = deal([51, 45, 22, 8, 3], 42, qualifier=1113)   # As Kd 7h 4c 2s against Qh
>>> d.not_qualify + d.win + d.tie + d.lose == d.total == 163185
True
"""

from __future__ import annotations

from ._ffi import deal
from .counts import DealCounts

__all__ = ["DealCounts", "deal"]
