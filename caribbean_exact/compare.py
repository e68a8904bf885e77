"""Former home of ``compare``, ``cap_study`` and ``paytable_list`` (now ``paytables`` and
``bet_cap``); kept so that ``caribbean_exact.compare.compare()`` keeps working."""

from .bet_cap import DEFAULT_ANTES, CapRow, CapStudy, cap_study, cap_threshold
from .paytables import CompareRow, TableInfo, compare, paytable_list

__all__ = ["DEFAULT_ANTES", "CapRow", "CapStudy", "CompareRow", "TableInfo", "cap_study", "cap_threshold",
           "compare", "paytable_list"]
