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

A file has at most ``MAX_RULE_LINES`` lines (and ``rules.MAX_FILE_BYTES`` bytes). Parsing is one
pass over the lines; evaluating the strategy on the 963,300 chart cells compiles every condition
to a bit mask over the cells (one per distinct condition) and combines them with integer
and/or, so the time grows with the distinct conditions, not with lines x cells.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import layout
from ..errors import InvalidRules, shown
from ..model.cards import rank_index
from ..model.rules import Qualifier, read_text_file
from ..progress import ProgressFn, report
from .strategies import N_CELLS, Situation, Strategy, StrategyFn, _cell_situations, _hand_situations

__all__ = ["MAX_RULE_LINES", "load_rule_file", "parse_rule_file"]

#: Most lines a rule file may have (a strategy worth writing down fits in a few dozen).
MAX_RULE_LINES = 1_000

#: A mask over the chart cells: one byte per cell (0 or 1) read as one little-endian integer,
#: so that and / or / not of whole strategies are single integer operations.
Mask = int


class _Masks:
    """The masks conditions are built from, each computed once per compilation."""

    def __init__(self) -> None:
        self._cache: dict[object, Mask] = {}

    def _get(self, key: object, build: Callable[[], Mask]) -> Mask:
        m = self._cache.get(key)
        if m is None:
            m = self._cache[key] = build()
        return m

    def valid(self) -> Mask:
        """Every cell a deal can show (all six suit matches of each valid pattern and up rank)."""
        return self._get("valid", lambda: self.cells(lambda _s: True))

    def cells(self, f: StrategyFn) -> Mask:
        """Cells of the (pattern, suited?, up rank) where ``f`` holds, all six suit matches."""
        flags = bytearray(N_CELLS)
        six = b"\x01" * 6
        for base, sit in _cell_situations():
            if f(sit):
                flags[base: base + 6] = six
        return int.from_bytes(flags, "little")

    def hands(self, key: object, f: StrategyFn) -> Mask:
        """Cells of the hands (pattern, suited?) where ``f`` holds, every up rank (kept under
        ``key`` unless it is None: a mask one condition alone uses is not kept)."""
        def build() -> Mask:
            flags = bytearray(N_CELLS)
            block = b"\x01" * (6 * 13)
            for base, sit in _hand_situations():
                if f(sit):
                    flags[base: base + 6 * 13] = block
            return int.from_bytes(flags, "little") & self.valid()
        return build() if key is None else self._get(("hands", key), build)

    def up(self, rank: int) -> Mask:
        return self._get(("up", rank), lambda: self.cells(lambda s: s.up_rank == rank))

    def holds(self, rank: int) -> Mask:
        return self.hands(("holds", rank), lambda s: rank in s.ranks)

    def suited(self, n: int) -> Mask:
        one = b"\x00" * n + b"\x01" + b"\x00" * (5 - n)
        return self._get(("suited", n), lambda: int.from_bytes(one * (N_CELLS // layout.CHART_SUIT_COUNTS), "little")
                         & self.valid())

    def keyed(self, key: object, build: Callable[[], Mask]) -> Mask:
        return self._get(key, build)

    def union(self, masks: list[Mask]) -> Mask:
        out = 0
        for m in masks:
            out |= m
        return out

    def negated(self, m: Mask) -> Mask:
        return self.valid() & ~m


@dataclass(frozen=True)
class _Cond:
    """One condition: the predicate on a situation, and its mask over every chart cell."""

    test: StrategyFn
    mask: Callable[[_Masks], Mask] = field(repr=False)

_COND = re.compile(r"\s+and\s+", re.IGNORECASE)


def _rank_set(text: str, where: str) -> set[int]:
    out: set[int] = set()
    for part in re.split(r"[\s,]+", text.strip()):
        if not part:
            continue
        m = re.fullmatch(r"(10|[2-9TJQKA])(?:-(10|[2-9TJQKA]))?", part.upper())
        if not m:
            raise InvalidRules(f"{where}: rank {shown(part)} (expected 2-9, T, J, Q, K, A or a range like 2-Q)")
        lo = rank_index(m.group(1))
        hi = lo if not m.group(2) else rank_index(m.group(2))
        if hi < lo:
            raise InvalidRules(f"{where}: range {shown(part)} runs backwards")
        out.update(range(lo, hi + 1))
    if not out:
        raise InvalidRules(f"{where}: no ranks given")
    return out


def _position_condition(t: str, where: str) -> _Cond | None:
    """``up < card N`` / ``up > card N`` and ``card N >= R`` / ``<= R`` / ``in RANKS`` / ``not in
    RANKS`` (card N: the player's N-th highest rank), or None for another condition."""
    m = re.fullmatch(r"up (<|>) card ([1-5])", t, re.IGNORECASE)
    if m:
        k, op = int(m.group(2)) - 1, m.group(1)

        def versus(s: Situation) -> bool:
            card = sorted(s.ranks, reverse=True)[k]
            return s.up_rank < card if op == "<" else s.up_rank > card
        return _Cond(versus, lambda ms: ms.keyed(("up", op, k), lambda: ms.cells(versus)))
    m = re.fullmatch(r"card ([1-5]) (>=|<=|in|not in) (.+)", t, re.IGNORECASE)
    if m:
        k, op = int(m.group(1)) - 1, m.group(2).lower()
        listed = _rank_set(m.group(3), where)
        if op in (">=", "<=") and len(listed) != 1:
            raise InvalidRules(f"{where}: 'card {k + 1} {op}' takes one rank, not {shown(m.group(3))}")
        r = next(iter(listed))

        def card_test(s: Situation) -> bool:
            card = sorted(s.ranks, reverse=True)[k]
            if op == ">=":
                return card >= r
            if op == "<=":
                return card <= r
            return (card in listed) != (op == "not in")
        key = ("card", k, op, tuple(sorted(listed)))
        return _Cond(card_test, lambda ms: ms.keyed(key, lambda: ms.cells(card_test)))
    return None


def _condition(text: str, where: str) -> _Cond:
    t = " ".join(text.strip().split())
    low = t.lower()
    m = re.fullmatch(r"hand\s*(>=|<=|==|<|>)\s*(.+)", t, re.IGNORECASE)
    if m:
        op, spec = m.group(1), m.group(2)
        try:
            q = Qualifier.parse(spec).value
        except InvalidRules:
            raise InvalidRules(f"{where}: hand {shown(spec)} (expected AK, pair, 44, AKJ83, ...)") from None
        ops: dict[str, Callable[[int], bool]] = {
            ">=": lambda v: v >= q, "<": lambda v: v < q, ">": lambda v: v > q,
            "<=": lambda v: v <= q, "==": lambda v: v == q}
        f = ops[op]
        return _Cond(lambda s: f(s.value), lambda ms: ms.hands(None, lambda s: f(s.value)))
    if low in ("up matches", "up matches a rank"):
        return _Cond(lambda s: s.up_matches, lambda ms: ms.keyed("matches", lambda: ms.cells(lambda s: s.up_matches)))
    if low in ("up matches nothing", "not up matches", "up does not match"):
        return _Cond(lambda s: not s.up_matches,
                     lambda ms: ms.negated(ms.keyed("matches", lambda: ms.cells(lambda s: s.up_matches))))
    m = re.fullmatch(r"up (not in|in) (.+)", t, re.IGNORECASE)
    if m:
        ranks = _rank_set(m.group(2), where)
        neg = m.group(1).lower() == "not in"

        def up_mask(ms: _Masks) -> Mask:
            u = ms.union([ms.up(r) for r in sorted(ranks)])
            return ms.negated(u) if neg else u
        return _Cond(lambda s: (s.up_rank in ranks) != neg, up_mask)
    m = re.fullmatch(r"(holds|lacks) (.+)", t, re.IGNORECASE)
    if m:
        verb, listed = m.group(1).lower(), m.group(2)
        if re.search(r"\bor\b", listed, re.IGNORECASE):
            if verb == "lacks":
                raise InvalidRules(f"{where}: 'lacks ... or ...' is ambiguous: write 'lacks Q and J' (neither) "
                                   "or two 'raise if' lines")
            listed = re.sub(r"\s+or\s+", ",", listed, flags=re.IGNORECASE)
        held = _rank_set(listed, where)
        lacks = verb == "lacks"

        def holds_mask(ms: _Masks) -> Mask:
            u = ms.union([ms.holds(r) for r in sorted(held)])
            return ms.negated(u) if lacks else u
        return _Cond(lambda s: bool(held & set(s.ranks)) != lacks, holds_mask)
    positional = _position_condition(t, where)
    if positional is not None:
        return positional
    m = re.fullmatch(r"suited (>=|<=|==) ([0-5])", t, re.IGNORECASE)
    if m:
        n = int(m.group(2))
        cmp: dict[str, Callable[[int], bool]] = {
            ">=": lambda x: x >= n, "<=": lambda x: x <= n, "==": lambda x: x == n}
        g = cmp[m.group(1)]
        return _Cond(lambda s: g(s.suited), lambda ms: ms.union([ms.suited(x) for x in range(6) if g(x)]))
    if low in ("ace king", "ace-king", "ak"):
        return _Cond(lambda s: s.is_ace_king, lambda ms: ms.hands("ace king", lambda s: s.is_ace_king))
    raise InvalidRules(f"{where}: condition {shown(text.strip())} not understood (see docs/strategy.md: rule files)")


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


def parse_rule_file(text: str, origin: str = "rule file", default_name: str = "custom") -> Strategy:
    """A strategy from text: ``name: ...`` and ``raise if <cond> and <cond>`` lines (any line raises).

    - ``text``: the rule file's text.
    - ``origin``: where the text came from, to begin each error message (default "rule file").
    - ``default_name``: the strategy's name when the text has no ``name:`` line (default "custom").

    Returns a ``Strategy``. Raises ``InvalidRules`` (a ``ValueError``) for a line that does not
    parse, naming ``origin`` and the line.

    >>> st = parse_rule_file("name: AK or better\\nraise if hand >= AK\\n")
    >>> from caribbean_exact.strategy.strategies import evaluate
    >>> st.name, evaluate(st).total_return
    ('AK or better', Fraction(-1132600203540, 1))
    """
    if not isinstance(text, str) or not isinstance(origin, str):
        raise InvalidRules(f"rule file: {shown(text)} from {shown(origin)} is not text")
    name = default_name
    clauses: list[list[_Cond]] = []
    uses_suits = False
    lines = text.splitlines()
    if len(lines) > MAX_RULE_LINES:
        raise InvalidRules(f"{origin}: {len(lines):,} lines, more than the limit of {MAX_RULE_LINES:,}")
    for n, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{origin} line {n}"
        if line.lower().startswith("name:"):
            name = line.split(":", 1)[1].strip() or name
            continue
        m = re.fullmatch(r"raise(?: if)?\s*(.*)", line, re.IGNORECASE)
        if not m:
            raise InvalidRules(f"{where}: {shown(line)} (expected 'name: ...' or 'raise if ...')")
        body = m.group(1).strip()
        if body.lower() == "always":
            clauses.append([])
            continue
        if not body:
            raise InvalidRules(f"{where}: {shown(line)} has no condition (write 'raise always' to raise every hand)")
        parts = _joined_ranks(_COND.split(body))
        uses_suits |= any(p.strip().lower().startswith("suited") for p in parts)
        clauses.append([_condition(p, where) for p in parts])
    if not clauses:
        raise InvalidRules(f"{origin}: no 'raise if' line")
    tests = [[c.test for c in clause] for clause in clauses]

    def raises(s: Situation) -> bool:
        return any(all(c(s) for c in clause) for clause in tests)

    def flags(progress: ProgressFn | None) -> bytes:
        ms = _Masks()
        out: Mask = 0
        label = f"evaluating {name[:40]}"
        for i, clause in enumerate(clauses):
            m = ms.valid()
            for c in clause:
                m &= c.mask(ms)
            out |= m
            report(progress, label, i + 1, len(clauses))
        return out.to_bytes(N_CELLS, "little")

    return Strategy(name, raises, uses_suits, f"from {origin}", flags=flags)


def load_rule_file(path: str) -> Strategy:
    """A strategy from a rule file; without a ``name:`` line it is named after the file.

    ``path``: the rule file's path (UTF-8 text, at most 1 MB). Returns a
    ``Strategy`` (see ``parse_rule_file`` for the lines it reads). Raises ``InvalidRules`` (a
    ``ValueError``) for a file that cannot be read or a line that does not parse.

    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder, "pairs.txt")
    ...     _ = path.write_text("raise if hand >= pair\\n")
    ...     load_rule_file(str(path)).name
    'pairs'
    """
    stem = os.path.splitext(os.path.basename(path))[0] if isinstance(path, str) else "custom"
    return parse_rule_file(read_text_file(path, "rule file"), f"rule file {shown(path)}", stem or "custom")
