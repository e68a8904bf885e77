"""Exact numbers from loose input: ``to_fraction`` reads every ``numbers.Rational`` (int, Fraction,
numpy's integers), ``decimal.Decimal`` (its exact value), finite floats and text the same way
everywhere (the pay tables, the ante and cap, the switch fees).

>>> from decimal import Decimal
>>> to_fraction("1,000.5", "ante"), to_fraction(Decimal("2.5"), "ante"), MAX_DIGITS
(Fraction(2001, 2), Fraction(5, 2), 1000)
"""

from __future__ import annotations

import math
import numbers
import re
from decimal import Decimal
from fractions import Fraction

from ..errors import InvalidRules, InvalidType, shown

__all__ = ["MAX_DIGITS", "Number", "to_fraction"]

#: An exact number as the library accepts it: any ``numbers.Rational`` (int, Fraction, numpy's
#: integers), a ``Decimal`` (its exact value), text, or a float (only if finite, taken at its
#: shortest repr: ``0.1`` is 1/10).
Number = int | Fraction | Decimal | str | float | numbers.Rational


#: Most digits a number may have (numerator or denominator): far beyond any pay or stake, and
#: short enough that every exact value can be printed (Python refuses int text past 4,300 digits).
MAX_DIGITS = 1000
_MAX_BITS = int(MAX_DIGITS * 3.3219280948873626)


#: A number as text: a sign, digits (plain, or in well-formed groups of three: "250,000"), a
#: decimal part, an exponent ("1e6", "2.5E-3"), and "/" with a denominator of the same form.
#: ASCII digits only: "\u0663" (Arabic-Indic three) or "\u00b2" are not numbers.
_UNSIGNED = r"(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]*)?|\.[0-9]+"
_NUMBER = re.compile(rf"(?P<sign>[+-]?)(?P<num>{_UNSIGNED})(?:[eE](?P<exp>[+-]?[0-9]+))?"
                     rf"(?:/(?P<den>{_UNSIGNED})(?:[eE](?P<dexp>[+-]?[0-9]+))?)?", re.ASCII)
#: The largest exponent read: beyond it every value but zero has more than ``MAX_DIGITS`` digits
#: (refused before a power of ten of that size is built).
_MAX_EXPONENT = 4 * MAX_DIGITS


def to_fraction(x: object, what: str) -> Fraction:
    """An exact number, at most ``MAX_DIGITS`` digits, from:

    - any ``numbers.Rational``: int, ``Fraction``, numpy's integer types (``numpy.int64(25)``);
    - a ``decimal.Decimal``: its exact value (``Decimal("2.5")`` is 5/2), if finite;
    - a float (and numpy's floats), the one inexact input, documented: only if finite, taken at
      its shortest repr (``0.1`` is 1/10, not the binary double's value);
    - text, read the same everywhere: plain decimals ("100.50"), fractions "a/b", scientific
      notation read exactly ("1e2" is 100, "1e-300" is 1/10^300), thousands separators in groups
      of three ("250,000"); not Unicode digits, "nan" or "inf".

    ``what`` names the field in the error. Raises ``InvalidRules`` (a ``ValueError``) for a bad
    value (text that is no number, nan, too many digits) and ``InvalidType`` (a ``TypeError``) for
    a wrong type: a bool, None, a list, any other object.

    >>> [str(to_fraction(t, "x")) for t in ("1e2", "250,000", "-2.5", "3/4", "1.5e-3", "1,000.5")]
    ['100', '250000', '-5/2', '3/4', '3/2000', '2001/2']
    >>> to_fraction([1], "ante")
    Traceback (most recent call last):
    ...
    caribbean_exact.errors.InvalidType: ante: [1] is a list, not a number
    """
    if isinstance(x, bool):
        raise InvalidType(f"{what}: {shown(x)} is a bool, not a number")
    if isinstance(x, (int, Fraction)):
        return _sized(Fraction(x), x, what)
    if isinstance(x, numbers.Rational):  # numpy's integers, any other registered rational
        return _sized(Fraction(int(x.numerator), int(x.denominator)), x, what)
    if isinstance(x, Decimal):
        if not x.is_finite():
            raise InvalidRules(f"{what}: {shown(x)} is not a finite number")
        _, digits, exponent = x.as_tuple()
        if isinstance(exponent, int) and abs(exponent) > _MAX_EXPONENT:  # refused before 10**exponent is built
            if any(digits):
                raise InvalidRules(f"{what}: {shown(x)} has more than the limit of {MAX_DIGITS:,} digits")
            return Fraction(0)
        return _sized(Fraction(x), x, what)
    if isinstance(x, float | numbers.Real):  # float, numpy's floats: documented as the one inexact input
        f = float(x)
        if not math.isfinite(f):
            raise InvalidRules(f"{what}: {shown(x)} is not a finite number")
        return _sized(Fraction(repr(f)), x, what)
    if isinstance(x, str):
        t = x.strip().replace("_", "")
        if len(t) > 2 * MAX_DIGITS + 2 + MAX_DIGITS // 3:  # room for the separators of 1,000 digits
            raise InvalidRules(f"{what}: {shown(x)} has more than the limit of {MAX_DIGITS:,} digits")
        m = _NUMBER.fullmatch(t)
        if m:
            value = _decimal(m.group("num"), m.group("exp"), x, what)
            if m.group("den") is not None:
                den = _decimal(m.group("den"), m.group("dexp"), x, what)
                if den == 0:
                    raise InvalidRules(f"{what}: {shown(x)} divides by zero")
                value /= den
            return _sized(-value if m.group("sign") == "-" else value, x, what)
        raise InvalidRules(f"{what}: {shown(x)} is not a number")
    kind = type(x).__name__
    raise InvalidType(f"{what}: {shown(x)} is {'an' if kind[:1] in 'aeiou' else 'a'} {kind}, not a number")


def _decimal(digits: str, exponent: str | None, x: object, what: str) -> Fraction:
    """The exact value of unsigned decimal text ("1,000.25") times 10^exponent."""
    whole, _, part = digits.replace(",", "").partition(".")
    mantissa = int((whole + part) or "0")
    if mantissa == 0:
        return Fraction(0)
    e = (int(exponent) if exponent else 0) - len(part)
    if abs(e) > _MAX_EXPONENT:
        raise InvalidRules(f"{what}: {shown(x)} has more than the limit of {MAX_DIGITS:,} digits")
    return Fraction(mantissa * 10**e) if e >= 0 else Fraction(mantissa, 10**-e)


def _sized(f: Fraction, x: object, what: str) -> Fraction:
    if f.numerator.bit_length() > _MAX_BITS or f.denominator.bit_length() > _MAX_BITS:
        raise InvalidRules(f"{what}: {shown(x)} has more than the limit of {MAX_DIGITS:,} digits")
    return f
