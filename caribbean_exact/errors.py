"""Exceptions of caribbean-exact: every one is a ``CaribbeanError``; bad input is also a ``ValueError``.

>>> issubclass(InvalidCards, ValueError), issubclass(UsageError, CaribbeanError)
(True, True)
"""

from __future__ import annotations


class CaribbeanError(Exception):
    """Base class of every error raised by caribbean-exact."""


class InvalidCards(CaribbeanError, ValueError):
    """A card, or a set of cards, that cannot be used (message names the token)."""


class InvalidRules(CaribbeanError, ValueError):
    """A pay table, qualifier, ante or cap that cannot be used (message names the field)."""


class UsageError(CaribbeanError, ValueError):
    """Bad command-line usage (an unknown command or option, a missing argument)."""


class CoreError(CaribbeanError, RuntimeError):
    """The C core refused a call that the Python layer should have prevented."""
