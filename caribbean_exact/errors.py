"""Exceptions of caribbean-exact: every one is a ``CaribbeanError``; a bad value is also a ``ValueError``.

A value of the wrong type is ``InvalidType``, a ``TypeError``.

>>> issubclass(InvalidCards, ValueError), issubclass(UsageError, CaribbeanError), issubclass(InvalidType, TypeError)
(True, True, True)
"""

from __future__ import annotations


class CaribbeanError(Exception):
    """Base class of every error raised by caribbean-exact."""


class InvalidCards(CaribbeanError, ValueError):
    """A card, or a set of cards, that cannot be used (message names the token)."""


class InvalidRules(CaribbeanError, ValueError):
    """A pay table, qualifier, ante or cap that cannot be used (message names the field)."""


class InvalidType(CaribbeanError, TypeError):
    """A value of the wrong type where a number, cards or rules are expected (an ``object()``, a list
    where one number goes, None where it is not allowed): a ``TypeError`` (message names the field)."""


class UsageError(CaribbeanError, ValueError):
    """Bad command-line usage (an unknown command or option, a missing argument)."""


class CoreError(CaribbeanError, RuntimeError):
    """The C core refused a call that the Python layer should have prevented."""


#: Longest piece of user input an error message quotes (longer input is cut, with its length).
QUOTE_LIMIT = 60


def cut(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to about ``limit`` characters: its start, "...", its end and its length.

    >>> cut("A" * 100 + ".toml")
    'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA...AAAAAAAAAAAAAAA.toml (105 characters)'
    """
    if len(text) <= limit:
        return text
    head = (2 * limit) // 3
    return f"{text[:head]}...{text[head - limit:]} ({len(text):,} characters)"


def shown(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut (``cut``) so that a huge input never becomes a
    huge message: every message quoting user input goes through here.

    >>> shown("AK")
    "'AK'"
    >>> shown("A" * 100 + ".toml")
    "'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA...AAAAAAAAAAAAAA.toml' (107 characters)"
    """
    try:
        text = repr(value)
    except Exception:  # a user object whose repr fails still gets a message
        text = f"<{type(value).__name__}>"
    return cut(text, limit)
