"""A few recent results kept by key: the exact solves that take seconds are asked again for the same
rules (a card, a report, the tables, the tests), and each result is frozen and does not depend on the
threads or the progress callback. One small class for every such cache of the library.

>>> r = Recent[str, int](2)
>>> r.put("a", 1); r.put("b", 2); r.put("c", 3)
>>> r.get("a"), r.get("c")
(None, 3)
"""

from __future__ import annotations

import threading
from typing import Generic, TypeVar

__all__ = ["Recent"]

K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """At most ``size`` results by key, the oldest put first out; safe across threads."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._kept: dict[K, V] = {}
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The result kept for ``key``, or None."""
        with self._lock:
            return self._kept.get(key)

    def clear(self) -> None:
        """Forget every result (a benchmark times the work again)."""
        with self._lock:
            self._kept.clear()

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key`` (the oldest entry goes when full)."""
        with self._lock:
            self._kept.pop(key, None)
            if len(self._kept) >= self._size:
                del self._kept[next(iter(self._kept))]
            self._kept[key] = value
