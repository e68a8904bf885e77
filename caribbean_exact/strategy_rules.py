"""Strategy rule files: a small language for simple strategies, parsed into a ``Strategy``.

A file has a ``name:`` line and ``raise if`` lines whose conditions are joined by ``and``; a
hand raises when any line holds. Conditions: ``hand >= AK`` (also ``<``, ``>``, ``<=``, ``==``
with any qualifier spec), ``ace king``, ``up in 2-Q`` / ``up not in A,K``, ``up matches`` /
``up matches nothing``, ``holds Q`` (``holds Q,J`` and ``holds Q or J``: either; ``holds Q and J``: both),
``lacks Q`` (``lacks Q,J`` and ``lacks Q and J``: neither), ``up < card 4`` and ``up > card 4`` (the up
card's rank against the player's 4th-highest card, repeats counted), ``card 3 >= J``, ``card 3 <= 9``,
``card 3 in 9-J`` and ``card 3 not in 9-J`` (the player's 3rd-highest card), ``suited >= 2`` and
``suited <= 1`` (how many of the player's cards share the up card's suit; also ``==``).
``raise always`` raises every hand; a ``raise if`` with no condition is an error.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from .cards import rank_index
from .errors import InvalidRules
from .rules import Qualifier, read_text_file
from .strategy import Situation, Strategy, StrategyFn

__all__ = ["load_rule_file", "parse_rule_file"]

_COND = re.compile(r"\s+and\s+", re.IGNORECASE)


def _rank_set(text: str, where: str) -> set[int]:
    out: set[int] = set()
    for part in re.split(r"[\s,]+", text.strip()):
        if not part:
            continue
        m = re.fullmatch(r"(10|[2-9TJQKA])(?:-(10|[2-9TJQKA]))?", part.upper())
        if not m:
            raise InvalidRules(f"{where}: rank {part!r} (expected 2-9, T, J, Q, K, A or a range like 2-Q)")
        lo = rank_index(m.group(1))
        hi = lo if not m.group(2) else rank_index(m.group(2))
        if hi < lo:
            raise InvalidRules(f"{where}: range {part!r} runs backwards")
        out.update(range(lo, hi + 1))
    if not out:
        raise InvalidRules(f"{where}: no ranks given")
    return out


def _condition(text: str, where: str) -> StrategyFn:
    t = " ".join(text.strip().split())
    low = t.lower()
    m = re.fullmatch(r"hand\s*(>=|<=|==|<|>)\s*(.+)", t, re.IGNORECASE)
    if m:
        op, spec = m.group(1), m.group(2)
        try:
            q = Qualifier.parse(spec).value
        except InvalidRules:
            raise InvalidRules(f"{where}: hand {spec!r} (expected AK, pair, 44, AKJ83, ...)") from None
        ops: dict[str, Callable[[int], bool]] = {
            ">=": lambda v: v >= q, "<": lambda v: v < q, ">": lambda v: v > q,
            "<=": lambda v: v <= q, "==": lambda v: v == q}
        f = ops[op]
        return lambda s: f(s.value)
    if low in ("up matches", "up matches a rank"):
        return lambda s: s.up_matches
    if low in ("up matches nothing", "not up matches", "up does not match"):
        return lambda s: not s.up_matches
    m = re.fullmatch(r"up (not in|in) (.+)", t, re.IGNORECASE)
    if m:
        ranks = _rank_set(m.group(2), where)
        neg = m.group(1).lower() == "not in"
        return lambda s: (s.up_rank in ranks) != neg
    m = re.fullmatch(r"(holds|lacks) (.+)", t, re.IGNORECASE)
    if m:
        verb, listed = m.group(1).lower(), m.group(2)
        if re.search(r"\bor\b", listed, re.IGNORECASE):
            if verb == "lacks":
                raise InvalidRules(f"{where}: 'lacks ... or ...' is ambiguous: write 'lacks Q and J' (neither) "
                                   "or two 'raise if' lines")
            listed = re.sub(r"\s+or\s+", ",", listed, flags=re.IGNORECASE)
        ranks = _rank_set(listed, where)
        neg = verb == "lacks"
        return lambda s: bool(ranks & set(s.ranks)) != neg
    m = re.fullmatch(r"up (<|>) card ([1-5])", t, re.IGNORECASE)
    if m:
        k = int(m.group(2)) - 1
        if m.group(1) == "<":
            return lambda s: s.up_rank < sorted(s.ranks, reverse=True)[k]
        return lambda s: s.up_rank > sorted(s.ranks, reverse=True)[k]
    m = re.fullmatch(r"card ([1-5]) (>=|<=|in|not in) (.+)", t, re.IGNORECASE)
    if m:
        k, op = int(m.group(1)) - 1, m.group(2).lower()
        if op in ("in", "not in"):
            ranks = _rank_set(m.group(3), where)
            neg = op == "not in"
            return lambda s: (sorted(s.ranks, reverse=True)[k] in ranks) != neg
        listed = _rank_set(m.group(3), where)
        if len(listed) != 1:
            raise InvalidRules(f"{where}: 'card {k + 1} {op}' takes one rank, not {m.group(3)!r}")
        r = next(iter(listed))
        if op == ">=":
            return lambda s: sorted(s.ranks, reverse=True)[k] >= r
        return lambda s: sorted(s.ranks, reverse=True)[k] <= r
    m = re.fullmatch(r"suited (>=|<=|==) ([0-5])", t, re.IGNORECASE)
    if m:
        n = int(m.group(2))
        cmp: dict[str, Callable[[int], bool]] = {
            ">=": lambda x: x >= n, "<=": lambda x: x <= n, "==": lambda x: x == n}
        g = cmp[m.group(1)]
        return lambda s: g(s.suited)
    if low in ("ace king", "ace-king", "ak"):
        return lambda s: s.is_ace_king
    raise InvalidRules(f"{where}: condition {text.strip()!r} not understood (see README: rule files)")


_RANK_LIST = re.compile(r"(10|[2-9TJQKA])(\s*,\s*(10|[2-9TJQKA]))*", re.IGNORECASE)


def _joined_ranks(parts: list[str]) -> list[str]:
    """``holds Q and J``: a bare rank after a holds/lacks condition is that verb again (both)."""
    out: list[str] = []
    for p in parts:
        verb = out[-1].strip().split(" ", 1)[0].lower() if out else ""
        if _RANK_LIST.fullmatch(p.strip()) and verb in ("holds", "lacks"):
            out.append(f"{verb} {p.strip()}")
        else:
            out.append(p)
    return out


def _value_bounds(parts: list[str]) -> tuple[int, int]:
    """The hand values a clause's ``hand`` conditions allow, as an inclusive range (a prefilter:
    the conditions themselves still decide)."""
    lo, hi = 0, 1 << 30
    for p in parts:
        m = re.fullmatch(r"\s*hand\s*(>=|<=|==|<|>)\s*(.+?)\s*", p, re.IGNORECASE)
        if not m:
            continue
        try:
            v = Qualifier.parse(m.group(2)).value
        except InvalidRules:
            continue
        op = m.group(1)
        if op in (">=", "=="):
            lo = max(lo, v)
        if op in ("<=", "=="):
            hi = min(hi, v)
        if op == ">":
            lo = max(lo, v + 1)
        if op == "<":
            hi = min(hi, v - 1)
    return lo, hi


def parse_rule_file(text: str, origin: str = "rule file", default_name: str = "custom") -> Strategy:
    """A strategy from text: ``name: ...`` and ``raise if <cond> and <cond>`` lines (any line raises).

    >>> st = parse_rule_file("name: AK or better\\nraise if hand >= AK\\n")
    >>> from caribbean_exact.strategy import evaluate
    >>> st.name, evaluate(st).total_return
    ('AK or better', Fraction(-1132600203540, 1))
    """
    if not isinstance(text, str) or not isinstance(origin, str):
        raise InvalidRules(f"rule file: {text!r} from {origin!r} is not text")
    name = default_name
    clauses: list[list[StrategyFn]] = []
    bounds: list[tuple[int, int]] = []
    uses_suits = False
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{origin} line {n}"
        if line.lower().startswith("name:"):
            name = line.split(":", 1)[1].strip() or name
            continue
        m = re.fullmatch(r"raise(?: if)?\s*(.*)", line, re.IGNORECASE)
        if not m:
            raise InvalidRules(f"{where}: {line!r} (expected 'name: ...' or 'raise if ...')")
        body = m.group(1).strip()
        if body.lower() == "always":
            clauses.append([])
            bounds.append((0, 1 << 30))
            continue
        if not body:
            raise InvalidRules(f"{where}: {line!r} has no condition (write 'raise always' to raise every hand)")
        parts = _joined_ranks(_COND.split(body))
        uses_suits |= any(p.strip().lower().startswith("suited") for p in parts)
        clauses.append([_condition(p, where) for p in parts])
        bounds.append(_value_bounds(parts))
    if not clauses:
        raise InvalidRules(f"{origin}: no 'raise if' line")
    # the clauses that can hold for a hand value, found once per value (long files: one clause a cell)
    by_value: dict[int, list[list[StrategyFn]]] = {}

    def raises(s: Situation) -> bool:
        todo = by_value.get(s.value)
        if todo is None:
            todo = by_value[s.value] = [c for c, (lo, hi) in zip(clauses, bounds) if lo <= s.value <= hi]
        return any(all(c(s) for c in clause) for clause in todo)

    return Strategy(name, raises, uses_suits, f"from {origin}")


def load_rule_file(path: str) -> Strategy:
    """A strategy from a rule file; without a ``name:`` line it is named after the file."""
    stem = os.path.splitext(os.path.basename(path))[0] if isinstance(path, str) else "custom"
    return parse_rule_file(read_text_file(path, "rule file"), f"rule file {path!r}", stem or "custom")
