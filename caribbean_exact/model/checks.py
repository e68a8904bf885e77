"""Checks of public arguments: anything wrong is ``InvalidRules`` naming the argument, never a
``TypeError`` or ``AttributeError`` from deep inside.

>>> check_int(2, "threads", 1, 64)
2
>>> check_bool("yes", "margins")
Traceback (most recent call last):
...
caribbean_exact.errors.InvalidRules: margins: 'yes' must be True or False
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine._ffi import MAX_THREADS
from ..errors import InvalidRules, shown
from ..progress import ProgressFn
from .rules import Rules

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: the command line starts without typing (issue #24)
    from typing import TypeVar

    T = TypeVar("T")


def check_int(value: object, name: str, lo: int, hi: int) -> int:
    """An int (not a bool) in lo..hi."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidRules(f"{name}: {shown(value)} must be a whole number {lo}..{hi}")
    return value


#: Seats at a Caribbean Stud table: every limit on players or seats (the report's seats, colluding
#: players, players sharing a progressive royal) is this one.
TABLE_SEATS = 7


def check_seats(value: object, name: str = "seats") -> int:
    """Players or seats at one table: a whole number 1 .. 7."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= TABLE_SEATS:
        raise InvalidRules(f"{name} {shown(value)}: expected 1 to {TABLE_SEATS} "
                           f"(a Caribbean Stud table has {TABLE_SEATS} seats)")
    return value


def check_bool(value: object, name: str) -> bool:
    """A bool: True or False, nothing truthy."""
    if not isinstance(value, bool):
        raise InvalidRules(f"{name}: {shown(value)} must be True or False")
    return value


def check_threads(value: object) -> int | None:
    """None (the machine's cores) or 1..MAX_THREADS (64: the core's CS_MAX_THREADS)."""
    return None if value is None else check_int(value, "threads", 1, MAX_THREADS)


def check_rules(value: object) -> Rules:
    """A ``Rules`` (None: the standard rules)."""
    if value is None:
        return Rules()
    if not isinstance(value, Rules):
        raise InvalidRules(f"rules: {shown(value)} is not a Rules (build one with Rules.make(paytable, qualifier, "
                           "ante, max_payout))")
    return value


def check_progress(value: object) -> ProgressFn | None:
    """None or a callable progress(label, done, total)."""
    if value is not None and not callable(value):
        raise InvalidRules(f"progress: {shown(value)} is not callable (progress(label, done, total))")
    return value


def check_instance(value: object, kind: type[T], name: str, expected: str) -> T:
    """A value of the given type."""
    if not isinstance(value, kind):
        raise InvalidRules(f"{name}: {shown(value)} is not {expected}")
    return value


def check_callable(value: object, name: str) -> Callable[..., object]:
    """A callable."""
    if not callable(value):
        raise InvalidRules(f"{name}: {shown(value)} is not callable")
    return value
