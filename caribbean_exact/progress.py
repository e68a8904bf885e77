"""How long library work reports progress: an optional callback, never the terminal.

A ``ProgressFn`` is called as ``progress(label, done, total)``. With a known ``total`` it is
called as work advances (``done`` of ``total`` steps, the last call with ``done == total``);
for one long step whose length is unknown, ``total`` is None and it is called with ``done == 0``
when the step starts and ``done == 1`` when it ends. ``cli`` turns it into a bar on stderr.

>>> seen = []
>>> report(lambda label, done, total: seen.append((label, done, total)), "work", 1, 2)
>>> report(None, "work", 2, 2)
>>> seen
[('work', 1, 2)]
"""

from __future__ import annotations

from collections.abc import Callable

ProgressFn = Callable[[str, int, "int | None"], None]


def report(progress: ProgressFn | None, label: str, done: int, total: int | None) -> None:
    """Call ``progress`` if there is one."""
    if progress is not None:
        progress(label, done, total)
