"""Everything a person or a program reads: tables in any tabulate format, CSV, JSON, labels, plots.

One module per result family: ``game`` (one situation, the whole game), ``strategy`` (charts,
strategy comparisons), ``paytables`` (tables compared, the cap), ``sidebets``, ``known_cards``
(seen-card charts, sampled games), ``tables_folder`` (the generated ``tables/``). ``text`` holds
the shared pieces; ``labels`` every name of an outcome, class or rule. Results never format
themselves, and nothing outside this package and ``cli`` formats a number.
"""

from .text import check_format, formats

__all__ = ["check_format", "formats"]
