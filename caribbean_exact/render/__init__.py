"""Everything a person or a program reads: tables in any tabulate format, CSV, JSON, labels, plots.

A folder per library family (``play``, ``strategy``, ``house``), mirroring the library's;
``tables_folder`` (the generated ``tables/``). ``text`` holds the shared pieces; ``labels`` every
name of an outcome, class or rule. Results never format
themselves, and nothing outside this package and ``cli`` formats a number.
"""

from .text import check_format, formats

__all__ = ["check_format", "formats"]
