"""A few recent results kept by key: the exact solves that take seconds are asked again for the same
rules (a card, a report, the tables, the tests), and each result is frozen and does not depend on the
threads or the progress callback. One small class for every such cache of the library: bounded,
locked, and, when named, listed by ``caches()`` so that a test can seed one (``seed``) or clear them
all (``clear_caches``) without reaching into a module's private names.

>>> r = Recent[str, int](2)
>>> r.put("a", 1); r.put("b", 2); r.put("c", 3)
>>> r.get("a"), r.get("c")
(None, 3)
"""

from __future__ import annotations

import threading
from typing import Any, Generic, TypeVar

__all__ = ["Recent", "caches", "clear_caches"]

K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """At most ``size`` results by key, the oldest put first out; safe across threads. ``name``: the
    name ``caches()`` lists it by (default "": not listed)."""

    def __init__(self, size: int, name: str = "") -> None:
        self._size = size
        self._kept: dict[K, V] = {}
        self._lock = threading.Lock()
        self.name = name
        if name:
            _CACHES[name] = self

    def __len__(self) -> int:
        with self._lock:
            return len(self._kept)

    def seed(self, key: K, value: V) -> None:
        """Put a result computed elsewhere (a test's shared game): the same as ``put``."""
        self.put(key, value)

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


#: Every named cache of the library, by name (filled as the modules that own them load).
_CACHES: dict[str, Recent[Any, Any]] = {}


def caches() -> dict[str, Recent[Any, Any]]:
    """The named caches loaded so far, by name (a copy of the list; the caches themselves)."""
    return dict(_CACHES)


def clear_caches() -> None:
    """Forget every result of every named cache (a test or a benchmark counts again)."""
    for c in list(_CACHES.values()):
        c.clear()
