"""The only importer of the compiled core: thin wrappers that check every status code.

Cards are passed as integer indices 0..51 (rank * 4 + suit); nets as ``model.rules.ScaledNets``
(integers over one common denominator). Callers validate first; a status the core still returns
is raised as ``InvalidCards`` (card problems) or ``CoreError``. Only the engine's modules (and the
evaluator look-ups of ``model.hands`` and ``model.rules``) call this module.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence

from .._core import ffi, lib
from .._version import __version__
from ..errors import CoreError, InvalidCards
from .counts import DealCounts, DealTotals, SampleSums, TableSums

TYPE_CHECKING = False  # not typing's: the command line starts without typing (issue #24)
if TYPE_CHECKING:
    from typing import Any

#: The version of the C API this Python code is written for: CS_ABI_VERSION of csrc/caribbean.h
#: (tests/engine/test_version.py checks that the two agree). Raise both when the API changes.
CORE_ABI_VERSION = 16


def core_version() -> int | None:
    """The compiled core's ABI version (cs_version); None for a core older than cs_version."""
    fn = getattr(lib, "cs_version", None)
    if fn is None:
        return None
    out = ffi.new("uint32_t *")
    if fn(out) != 0:
        return None
    return int(out[0])


def check_core_version() -> None:
    """ImportError, in one line, when the compiled core is not the version this Python code needs
    (a stale build: an old _core beside newer Python, or the reverse)."""
    found = core_version()
    if found != CORE_ABI_VERSION:
        shown = "older than version 1 (it has no cs_version)" if found is None else f"version {found}"
        raise ImportError(f"the compiled core (caribbean_exact._core) is {shown}, the package {__version__} needs "
                          f"version {CORE_ABI_VERSION}: rebuild it with pip install -e . (or reinstall the package)")


check_core_version()

NUM_VALUES: int = lib.CS_NUM_VALUES
NUM_HANDS: int = lib.CS_NUM_HANDS
NUM_CHART_CELLS: int = lib.CS_NUM_CHART_CELLS
NUM_RANK_PATTERNS: int = lib.CS_NUM_RANK_PATTERNS
#: Dealer completions of one (hand, up card) situation: C(47, 4).
COMPLETIONS: int = lib.CS_NUM_COMPLETIONS
#: Dealer completions with one hole card seen as well: C(45, 3).
SEEN_COMPLETIONS: int = lib.CS_NUM_SEEN_COMPLETIONS
SEEN_CHART_CELLS: int = lib.CS_SEEN_CHART_CELLS
SEEN_DECISION_LANES: int = lib.CS_SEEN_DECISION_LANES
#: Edge sorting: the counts c = 0 .. 4 of sorted hole cards, and the chart cells (c, value, up rank).
SORTED_COUNTS: int = lib.CS_SORTED_COUNTS
SORTED_CHART_CELLS: int = lib.CS_SORTED_CHART_CELLS
#: Edge sorting with a seen hole card: the counts c = 0 .. 3 of the other three sorted, the chart cells
#: (c, value, j: the known dealer cards of the sorted ranks).
SORTED_SEEN_COUNTS: int = lib.CS_SORTED_SEEN_COUNTS
SORTED_SEEN_CHART_CELLS: int = lib.CS_SORTED_SEEN_CHART_CELLS
#: Most threads a counting call takes (the core's CS_MAX_THREADS).
MAX_THREADS: int = lib.CS_MAX_THREADS
#: Player classes of the seen-card charts (high card below A-K, A-K high, pair .. royal flush).
SEEN_CLASSES: int = lib.CS_SEEN_CLASSES
RAISE_ON_TIE: int = lib.CS_RAISE_ON_TIE
SWITCH_FIVE_RAISES: int = lib.CS_SWITCH_FIVE_RAISES
IGNORE_UP: int = lib.CS_IGNORE_UP
_CARD_STATUSES = (lib.CS_E_CARD, lib.CS_E_DUPLICATE)


def core_constant(name: str) -> int:
    """An integer constant of the core's headers (an enum of caribbean.h), by its C name."""
    if not name.startswith("CS_") or not isinstance(getattr(lib, name, None), int):
        raise CoreError(f"{name!r} is not a constant of the core")
    return int(getattr(lib, name))


def status_text(status: int) -> str:
    """What a status of the core means ("a card is given twice")."""
    return str(ffi.string(lib.cs_strerror(status)).decode())


def check(status: int, what: str) -> None:
    """Raise for a non-zero status of a core call."""
    if status == lib.CS_OK:
        return
    text = ffi.string(lib.cs_strerror(status)).decode()
    if status in _CARD_STATUSES:
        raise InvalidCards(f"{what}: {text}")
    raise CoreError(f"{what}: {text} (status {status})")


def _cards(cards: Sequence[int]) -> object:
    return ffi.new("uint8_t[]", list(cards)) if cards else ffi.NULL


def _deal_counts(out: object) -> DealCounts:
    return DealCounts(
        out.not_qualify, out.win, out.tie, out.lose, out.total,  # type: ignore[attr-defined]
        tuple(out.dealer_categories),  # type: ignore[attr-defined]
        out.player_value, out.player_category,  # type: ignore[attr-defined]
    )


def evaluate5(cards: Sequence[int]) -> tuple[int, int]:
    """(value, category) of five cards."""
    if len(cards) != 5:
        raise InvalidCards(f"expected 5 cards, got {len(cards)}")
    value = ffi.new("uint16_t *")
    cat = ffi.new("uint8_t *")
    check(lib.cs_evaluate5(_cards(cards), value, cat), "evaluate5")
    return int(value[0]), int(cat[0])


def evaluate6(cards: Sequence[int]) -> tuple[int, int]:
    """(value, category) of the best five of six cards."""
    if len(cards) != 6:
        raise InvalidCards(f"expected 6 cards, got {len(cards)}")
    value = ffi.new("uint16_t *")
    cat = ffi.new("uint8_t *")
    check(lib.cs_evaluate6(_cards(cards), value, cat), "evaluate6")
    return int(value[0]), int(cat[0])


def value_category(value: int) -> int:
    """The category of a hand value."""
    cat = ffi.new("uint8_t *")
    check(lib.cs_value_category(value, cat), "value_category")
    return int(cat[0])


def category_counts() -> tuple[int, ...]:
    """Hands of each category among the 2,598,960 (high card first)."""
    out = ffi.new("uint64_t[10]")
    check(lib.cs_category_counts(out), "category_counts")
    return tuple(out)


def value_counts() -> tuple[int, ...]:
    """How many of the 2,598,960 hands have each value."""
    out = ffi.new("uint64_t[]", NUM_VALUES)
    check(lib.cs_value_counts(out, NUM_VALUES), "value_counts")
    return tuple(out)


def six_card_counts() -> tuple[int, ...]:
    """Six-card sets by the category of their best five cards, over all 20,358,520."""
    out = ffi.new("uint64_t[10]")
    check(lib.cs_six_card_counts(out), "six_card_counts")
    return tuple(out)


def pattern_values() -> tuple[list[int], list[int]]:
    """Values of every rank pattern, not suited and suited (0xFFFF: cannot be suited)."""
    plain = ffi.new("uint16_t[]", NUM_RANK_PATTERNS)
    suited = ffi.new("uint16_t[]", NUM_RANK_PATTERNS)
    check(lib.cs_pattern_values(plain, suited, NUM_RANK_PATTERNS), "pattern_values")
    return list(plain), list(suited)


def value_categories() -> bytes:
    """The category of every value, as bytes indexed by value."""
    out = ffi.new("uint8_t[]", NUM_VALUES)
    check(lib.cs_value_categories(out, NUM_VALUES), "value_categories")
    return bytes(ffi.buffer(out))


def rank_pattern(ranks: Sequence[int]) -> int:
    """The pattern index of five ranks (0..6174)."""
    out = ffi.new("uint32_t *")
    check(lib.cs_rank_pattern(bytes(ranks), out), "rank_pattern")
    return int(out[0])


def deal(player: Sequence[int], up: int, dead: Sequence[int] = (), dealer: Sequence[int] = (),
         qualifier: int = 0) -> DealCounts:
    """Every completion of the dealer's hand for one situation."""
    out = ffi.new("cs_deal_counts *")
    st = lib.cs_deal(_cards(player), up, _cards(dead), len(dead), _cards(dealer), len(dealer),
                     qualifier, out)
    check(st, "deal")
    return _deal_counts(out)


def _totals(t: object) -> DealTotals:
    return DealTotals(
        tuple(t.fold), tuple(t.not_qualify), tuple(t.win),  # type: ignore[attr-defined]
        tuple(t.tie), tuple(t.lose),  # type: ignore[attr-defined]
        t.raise_situations, t.indifferent_situations, t.total_weight,  # type: ignore[attr-defined]
    )


TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: the command line starts without typing (issue #24)
    from typing import Protocol

    class ScaledNetsLike(Protocol):
        """The nets of a core call: ``model.rules.ScaledNets`` (named by its fields: ``model`` imports
        this module, so this module does not import ``model``)."""

        @property
        def fold(self) -> int: ...
        @property
        def not_qualify(self) -> int: ...
        @property
        def tie(self) -> int: ...
        @property
        def lose(self) -> int: ...
        @property
        def win(self) -> tuple[int, ...]: ...


def _nets_struct(nets: ScaledNetsLike) -> object:
    return ffi.new("cs_nets *", {"fold": nets.fold, "not_qualify": nets.not_qualify, "tie": nets.tie,
                                 "lose": nets.lose, "win": list(nets.win)})


class Solver:
    """Per-situation counts of the whole game for one qualifier (owns a cs_solver)."""

    def __init__(self, qualifier: int, threads: int = 2) -> None:
        ptr = ffi.new("cs_solver **")
        check(lib.cs_solver_new(qualifier, threads, ptr), "solver")
        self._s = ffi.gc(ptr[0], lib.cs_solver_free)
        #: The cs_solver pointer, for core calls that read a solver.
        self.handle = self._s
        n = ffi.new("uint32_t *")
        check(lib.cs_solver_size(self._s, n), "solver size")
        self.qualifier = qualifier
        self.n_hands: int = int(n[0])
        self._hands: list[tuple[tuple[int, ...], int]] | None = None
        self._lock = threading.Lock()

    def hands(self) -> list[tuple[tuple[int, ...], int]]:
        """Canonical hands (sorted card indices, weight) in the solver's order."""
        with self._lock:
            if self._hands is None:
                cards = ffi.new("uint8_t[5]")
                w = ffi.new("uint32_t *")
                out = []
                for i in range(self.n_hands):
                    check(lib.cs_solver_hand(self._s, i, cards, w), "solver hand")
                    out.append((tuple(cards), int(w[0])))
                self._hands = out
            return self._hands

    def situation(self, player: Sequence[int], up: int) -> DealCounts:
        """The counts of one (hand, up card) situation, read from the solver's table."""
        out = ffi.new("cs_deal_counts *")
        check(lib.cs_solver_situation(self._s, bytes(player), up, out), "situation")
        return _deal_counts(out)

    def situations(self, players: bytes, ups: bytes, threads: int = 2) -> tuple[bytes, bytes, bytes]:
        """Many situations at once (``players``: 5 cards a situation, ``ups``: one each), as the core's
        arrays: the counts (uint32 not qualify, win, tie, lose of each), the player's categories
        (uint8) and a status each (int32)."""
        n = len(ups)
        if len(players) != 5 * n:
            raise CoreError(f"situations: {len(players)} player cards for {n} up cards")
        counts = ffi.new("uint32_t[]", 4 * n)
        cats = ffi.new("uint8_t[]", n)
        status = ffi.new("int32_t[]", n)
        check(lib.cs_solver_situations(self._s, players, ups, n, threads, counts, cats, status), "situations")
        return (bytes(ffi.buffer(counts)), bytes(ffi.buffer(cats)), bytes(ffi.buffer(status)))

    def price(self, nets: ScaledNetsLike, flags: int = 0,
              decisions: bool = False) -> tuple[DealTotals, bytes | None]:
        """Optimal strategy for scaled nets (fold, nq, tie, lose, win x 10)."""
        out = ffi.new("cs_totals *")
        size = self.n_hands * 52
        buf = ffi.new("uint8_t[]", size) if decisions else ffi.NULL
        check(lib.cs_solver_price(self._s, _nets_struct(nets), flags, out, buf,
                                  size if decisions else 0), "price")
        return _totals(out), (bytes(ffi.buffer(buf)) if decisions else None)

    def apply(self, raise_flags: bytes) -> DealTotals:
        """Totals of the strategy that raises where raise_flags[hand * 52 + up] is 1."""
        out = ffi.new("cs_totals *")
        check(lib.cs_solver_apply(self._s, raise_flags, len(raise_flags), out), "apply")
        return _totals(out)

    def apply_cells(self, raise_cells: bytes) -> DealTotals:
        """Totals of the strategy that raises where raise_cells[chart cell] is 1."""
        out = ffi.new("cs_totals *")
        check(lib.cs_solver_apply_cells(self._s, raise_cells, len(raise_cells), out), "apply cells")
        return _totals(out)

    def chart(self, raise_flags: bytes) -> tuple[list[int], list[int]]:
        """(raise weight, total weight) per chart cell."""
        rw = ffi.new("uint64_t[]", NUM_CHART_CELLS)
        tw = ffi.new("uint64_t[]", NUM_CHART_CELLS)
        check(lib.cs_solver_chart(self._s, raise_flags, len(raise_flags), rw, tw, NUM_CHART_CELLS),
              "chart")
        return list(rw), list(tw)

    def cell_counts(self) -> tuple[list[int], list[int], list[int], list[int]]:
        """Per chart cell: weighted completions (not qualify, win, tie, lose) of raising there."""
        bufs = [ffi.new("uint64_t[]", NUM_CHART_CELLS) for _ in range(4)]
        check(lib.cs_solver_cell_counts(self._s, *bufs, NUM_CHART_CELLS), "cell counts")
        nq, win, tie, lose = (list(b) for b in bufs)
        return nq, win, tie, lose


#: For buffers the core fills whole: not zeroed first (19 MB for the seen-card decisions).
_new_unzeroed = ffi.new_allocator(should_clear_after_alloc=False)


def solve_seen_k1(qualifier: int, nets: ScaledNetsLike, flags: int = 0, threads: int = 2, chart: bool = True,
                  decisions: bool = True) -> tuple[DealTotals, tuple[list[int], list[int]] | None, memoryview | None]:
    """cs_solve_seen_k1: one dealer hole card seen, in one counting pass: the totals, the chart by
    class, up rank and seen rank (SEEN_CHART_CELLS) when asked, and the decision of every class of
    situations when asked (SEEN_DECISION_LANES bytes per hand value: 0 fold, 1 raise, 2 either,
    255 none; a read-only view of the core's buffer, not a copy)."""
    out = ffi.new("cs_totals *")
    n_dec = NUM_VALUES * SEEN_DECISION_LANES
    rw = ffi.new("uint64_t[]", SEEN_CHART_CELLS) if chart else ffi.NULL
    tw = ffi.new("uint64_t[]", SEEN_CHART_CELLS) if chart else ffi.NULL
    buf = _new_unzeroed("uint8_t[]", n_dec) if decisions else ffi.NULL
    k1 = ffi.new("cs_seen_k1_outputs *", {"chart_raise": rw, "chart_total": tw,
                                           "n_chart": SEEN_CHART_CELLS if chart else 0,
                                           "decisions": buf, "n_decisions": n_dec if decisions else 0})
    check(lib.cs_solve_seen_k1(qualifier, _nets_struct(nets), flags, threads, out, k1), "solve with a seen card")
    return (_totals(out), ((list(rw), list(tw)) if chart else None),
            (memoryview(ffi.buffer(buf, n_dec)).toreadonly() if decisions else None))


def solve_seen_decided(k: int, qualifier: int, nets: ScaledNetsLike, flags: int = 0, threads: int = 2
                       ) -> tuple[DealTotals, tuple[list[int], list[int]], memoryview, memoryview]:
    """cs_solve_seen_decided: k = 1..3 dealer hole cards seen, in one counting pass: the totals, the
    chart (as ``solve_seen``'s) and the decision of every class of situations: NUM_VALUES x
    seen_lanes(k) bytes for the known cards not all of one suit (0 fold, 1 raise, 2 either, 255
    none), NUM_VALUES x C(13, k + 1) uint64 words for those of one suit (bit Q raise, bit 32 + Q
    either); read-only views of the core's buffers, not copies."""
    out = ffi.new("cs_totals *")
    lanes = seen_lanes(k)
    cells = SEEN_CLASSES * lanes
    n_dec, n_suited = NUM_VALUES * lanes, NUM_VALUES * math.comb(13, k + 1)
    rw = ffi.new("uint64_t[]", cells)
    tw = ffi.new("uint64_t[]", cells)
    dec = _new_unzeroed("uint8_t[]", n_dec)
    suited = _new_unzeroed("uint64_t[]", n_suited)
    o = ffi.new("cs_seen_decision_outputs *", {"chart_raise": rw, "chart_total": tw, "n_chart": cells,
                                                "decisions": dec, "n_decisions": n_dec,
                                                "suited": suited, "n_suited": n_suited})
    check(lib.cs_solve_seen_decided(k, qualifier, _nets_struct(nets), flags, threads, out, o),
          f"solve with {k} seen cards")
    return (_totals(out), (list(rw), list(tw)), memoryview(ffi.buffer(dec, n_dec)).toreadonly(),
            memoryview(ffi.buffer(suited, 8 * n_suited)).toreadonly())


def seen_lanes(k: int) -> int:
    """Rank multisets of the dealer's k + 1 known cards: 91, 455, 1820 for k = 1, 2, 3 (cs_seen_set_lanes)."""
    out = ffi.new("uint32_t *")
    check(lib.cs_seen_set_lanes(k, out), "seen set lanes")
    return int(out[0])


def chart_cell(pattern: int, flush: int, up_rank: int, up_suit_cards: int) -> int:
    """cs_chart_cell: the chart cell of a situation class."""
    out = ffi.new("uint32_t *")
    check(lib.cs_chart_cell(pattern, flush, up_rank, up_suit_cards, out), "chart cell")
    return int(out[0])


def seen_chart_cell(cls: int, up_rank: int, seen_rank: int) -> int:
    """cs_seen_chart_cell: the one-seen-card chart cell of a class and the two dealer ranks."""
    out = ffi.new("uint32_t *")
    check(lib.cs_seen_chart_cell(cls, up_rank, seen_rank, out), "seen chart cell")
    return int(out[0])


def seen_decision_lane(low: int, high: int, suited: int, suit_set: int = 0) -> int:
    """cs_seen_decision_lane: the lane of cs_solve_seen_k1's decision table for two dealer ranks low <= high."""
    out = ffi.new("uint32_t *")
    check(lib.cs_seen_decision_lane(low, high, suited, suit_set, out), "seen decision lane")
    return int(out[0])


def seen_set_cell(k: int, cls: int, ranks: Sequence[int]) -> int:
    """cs_seen_set_cell: the chart cell of a class and the k + 1 known ranks with k hole cards seen."""
    if len(ranks) != k + 1:
        raise InvalidCards(f"expected {k + 1} ranks, got {len(ranks)}")
    out = ffi.new("uint32_t *")
    check(lib.cs_seen_set_cell(k, cls, bytes(ranks), out), "seen set cell")
    return int(out[0])


def seen_classes() -> bytes:
    """The seen-card chart class of every value, as bytes indexed by value (cs_seen_classes)."""
    out = ffi.new("uint8_t[]", NUM_VALUES)
    check(lib.cs_seen_classes(out, NUM_VALUES), "seen classes")
    return bytes(ffi.buffer(out))


def solve_seen(k: int, qualifier: int, nets: ScaledNetsLike, flags: int = 0, threads: int = 2,
               chart: bool = False, probes: Sequence[Sequence[int]] = ()
               ) -> tuple[DealTotals, tuple[list[int], list[int]] | None, list[tuple[int, int, int, int]]]:
    """The whole game with k = 1..3 dealer hole cards seen (cs_solve_seen): totals, optional chart
    (11 classes x seen_lanes(k) cells), the counts of each probe (6 + k cards)."""
    out = ffi.new("cs_totals *")
    cells = SEEN_CLASSES * seen_lanes(k) if chart and 1 <= k <= 3 else 0
    rw = ffi.new("uint64_t[]", cells) if chart else ffi.NULL
    tw = ffi.new("uint64_t[]", cells) if chart else ffi.NULL
    if any(len(pr) != 6 + k for pr in probes):
        raise InvalidCards(f"a probe is {6 + k} cards: the player's five, the up card, the {k} seen")
    flat = [c for pr in probes for c in pr]
    pout = ffi.new("uint64_t[]", 4 * len(probes)) if probes else ffi.NULL
    if probes:  # the test-only entry point of testing.h; the public call carries no probes
        st = lib.cs_test_solve_seen(k, qualifier, _nets_struct(nets), flags, threads, out, rw, tw, cells,
                                    ffi.new("uint8_t[]", flat), len(probes), pout)
    else:
        st = lib.cs_solve_seen(k, qualifier, _nets_struct(nets), flags, threads, out, rw, tw, cells)
    check(st, f"solve with {k} seen cards")
    counts = [(int(pout[4 * x]), int(pout[4 * x + 1]), int(pout[4 * x + 2]), int(pout[4 * x + 3]))
              for x in range(len(probes))]
    return _totals(out), ((list(rw), list(tw)) if chart else None), counts


def solve_sorted(sorted_ranks: int, qualifier: int, nets: ScaledNetsLike, flags: int = 0, threads: int = 2,
                 chart: bool = False, probes: Sequence[Sequence[int]] = ()
                 ) -> tuple[list[DealTotals], tuple[memoryview, memoryview] | None,
                            list[list[tuple[int, int, int, int]]]]:
    """Edge sorting, the whole game (cs_solve_sorted; sorted_ranks a 13-bit mask): the totals for each
    count c = 0 .. 4 of sorted hole cards (raise and indifferent situations in deals), the chart when
    asked (raise, total situations at (c * NUM_VALUES + value) * 13 + up rank; read-only uint64 views),
    and the counts of each probe (6 cards: the player's five, the up card) for each c: (not qualify, win, tie, lose)."""
    out = ffi.new("cs_totals[]", SORTED_COUNTS)
    cells = SORTED_CHART_CELLS if chart else 0
    rw = _new_unzeroed("uint64_t[]", cells) if chart else ffi.NULL
    tw = _new_unzeroed("uint64_t[]", cells) if chart else ffi.NULL
    if any(len(pr) != 6 for pr in probes):
        raise InvalidCards("a probe is 6 cards: the player's five, the up card")
    flat = [c for pr in probes for c in pr]
    pout = ffi.new("uint64_t[]", SORTED_COUNTS * 4 * len(probes)) if probes else ffi.NULL
    if probes:  # the test-only entry point of testing.h; the public call carries no probes
        st = lib.cs_test_solve_sorted(sorted_ranks, qualifier, _nets_struct(nets), flags, threads, out,
                                      SORTED_COUNTS, rw, tw, cells, ffi.new("uint8_t[]", flat), len(probes), pout)
    else:
        st = lib.cs_solve_sorted(sorted_ranks, qualifier, _nets_struct(nets), flags, threads, out, SORTED_COUNTS,
                                 rw, tw, cells)
    check(st, "solve with sorted ranks")
    counts = [[(int(pout[(x * SORTED_COUNTS + c) * 4]), int(pout[(x * SORTED_COUNTS + c) * 4 + 1]),
                int(pout[(x * SORTED_COUNTS + c) * 4 + 2]), int(pout[(x * SORTED_COUNTS + c) * 4 + 3]))
               for c in range(SORTED_COUNTS)] for x in range(len(probes))]
    views = None
    if chart:
        views = (memoryview(bytes(ffi.buffer(rw))).cast("Q").toreadonly(),
                 memoryview(bytes(ffi.buffer(tw))).cast("Q").toreadonly())
    return [_totals(out[c]) for c in range(SORTED_COUNTS)], views, counts


def solve_sorted_seen(sorted_ranks: int, qualifier: int, nets: ScaledNetsLike, flags: int = 0, threads: int = 2,
                      chart: bool = False, probes: Sequence[Sequence[int]] = ()
                      ) -> tuple[list[DealTotals], tuple[memoryview, memoryview] | None,
                                 list[list[tuple[int, int, int, int]]]]:
    """Edge sorting with one hole card seen (cs_solve_sorted_seen; sorted_ranks a 13-bit mask): the
    totals for each count c = 0 .. 3 of the three unseen hole cards of the sorted ranks (raise and
    indifferent situations in deals), the chart when asked (raise, total situations at (c * NUM_VALUES +
    value) * 3 + j; read-only uint64 views), and the counts of each probe (7 cards: the player's five,
    the up card, the seen card) for each c: (not qualify, win, tie, lose)."""
    n = SORTED_SEEN_COUNTS
    out = ffi.new("cs_totals[]", n)
    cells = SORTED_SEEN_CHART_CELLS if chart else 0
    rw = _new_unzeroed("uint64_t[]", cells) if chart else ffi.NULL
    tw = _new_unzeroed("uint64_t[]", cells) if chart else ffi.NULL
    if any(len(pr) != 7 for pr in probes):
        raise InvalidCards("a probe is 7 cards: the player's five, the up card, the seen card")
    flat = [c for pr in probes for c in pr]
    pout = ffi.new("uint64_t[]", n * 4 * len(probes)) if probes else ffi.NULL
    if probes:  # the test-only entry point of testing.h; the public call carries no probes
        st = lib.cs_test_solve_sorted_seen(sorted_ranks, qualifier, _nets_struct(nets), flags, threads, out, n,
                                           rw, tw, cells, ffi.new("uint8_t[]", flat), len(probes), pout)
    else:
        st = lib.cs_solve_sorted_seen(sorted_ranks, qualifier, _nets_struct(nets), flags, threads, out, n, rw, tw,
                                      cells)
    check(st, "solve with sorted ranks and a seen card")
    counts = [[(int(pout[(x * n + c) * 4]), int(pout[(x * n + c) * 4 + 1]), int(pout[(x * n + c) * 4 + 2]),
                int(pout[(x * n + c) * 4 + 3])) for c in range(n)] for x in range(len(probes))]
    views = None
    if chart:
        views = (memoryview(bytes(ffi.buffer(rw))).cast("Q").toreadonly(),
                 memoryview(bytes(ffi.buffer(tw))).cast("Q").toreadonly())
    return [_totals(out[c]) for c in range(n)], views, counts


def solve_sorted_misread(sorted_ranks: int, qualifier: int, nets: ScaledNetsLike, flags: int = 0,
                         threads: int = 2) -> list[list[DealTotals]]:
    """Edge sorting misread (cs_solve_sorted_misread): [c][c'] the totals of the deals of true count c
    played by the optimal decision for count c' (where c' cannot be: the decision without the leak)."""
    n = SORTED_COUNTS * SORTED_COUNTS
    out = ffi.new("cs_totals[]", n)
    check(lib.cs_solve_sorted_misread(sorted_ranks, qualifier, _nets_struct(nets), flags, threads, out, n),
          "solve with sorted ranks misread")
    return [[_totals(out[c * SORTED_COUNTS + x]) for x in range(SORTED_COUNTS)] for c in range(SORTED_COUNTS)]
#: cs_solve_leak: the kinds of leak, what is seen of the suit, and the chart's columns and cells.
LEAK_SEEN_CLASS: int = lib.CS_LEAK_SEEN_CLASS
LEAK_BURN_CARD: int = lib.CS_LEAK_BURN_CARD
LEAK_SEEN_AND_BURN: int = lib.CS_LEAK_SEEN_AND_BURN
LEAK_SEEN_AND_CLASS: int = lib.CS_LEAK_SEEN_AND_CLASS
LEAK_BURN_AND_CLASS: int = lib.CS_LEAK_BURN_AND_CLASS
SUITS_UNSEEN: int = lib.CS_SUITS_UNSEEN
SUITS_COLOUR: int = lib.CS_SUITS_COLOUR
SUITS_SUIT: int = lib.CS_SUITS_SUIT
LEAK_COLUMNS: int = lib.CS_LEAK_COLUMNS
LEAK_CHART_CELLS: int = lib.CS_LEAK_CHART_CELLS
LEAK_NO_VALUE: int = lib.CS_LEAK_NO_VALUE


def solve_leak(kind: int, rank_block: Sequence[int], suit_split: int, qualifier: int, nets: ScaledNetsLike,
               flags: int = 0, threads: int = 2, chart: bool = False, probes: Sequence[Sequence[int]] = ()
               ) -> tuple[DealTotals, tuple[list[int], list[int], list[int], list[int]] | None,
                          list[tuple[int, int, int, int]]]:
    """The whole game with a leak (cs_solve_leak): a seen class of one hole card (``rank_block``: the
    block of each of the 13 ranks; ``suit_split``: SUITS_UNSEEN, SUITS_COLOUR or SUITS_SUIT) or the burn
    card, or (LEAK_SEEN_AND_BURN) one hole card and the burn card (rank_block all 0, SUITS_UNSEEN): the
    totals; the chart when asked (LEAK_CHART_CELLS each: raise weight, total weight, lowest value
    raised, highest value folded; LEAK_NO_VALUE: none); the counts of each probe (7 cards: hand, up
    card, a card of the block or the burn card; 8 for LEAK_SEEN_AND_BURN: hand, up, seen, burn card;
    8 for LEAK_SEEN_AND_CLASS, one hole card seen and another's class: hand, up, seen, a card of the
    block; 8 for LEAK_BURN_AND_CLASS, the burn card and a hole card's class: hand, up, a card of the
    block, burn)."""
    if len(rank_block) != 13:
        raise CoreError(f"rank_block: expected 13 blocks, got {len(rank_block)}")
    leak = ffi.new("cs_leak *", {"kind": kind, "suit_split": suit_split, "rank_block": list(rank_block)})
    out = ffi.new("cs_totals *")
    n = LEAK_CHART_CELLS
    tables = (ffi.new("uint64_t[]", n), ffi.new("uint64_t[]", n), ffi.new("uint16_t[]", n),
              ffi.new("uint16_t[]", n)) if chart else None
    spec = ffi.new("cs_leak_chart *", {"raise_weight": tables[0], "total_weight": tables[1],
                                       "lowest_raise": tables[2], "highest_fold": tables[3],
                                       "n": n}) if tables else ffi.NULL
    width = 8 if kind in (LEAK_SEEN_AND_BURN, LEAK_SEEN_AND_CLASS, LEAK_BURN_AND_CLASS) else 7
    if any(len(pr) != width for pr in probes):
        raise InvalidCards(f"a probe is {width} cards: the player's five, the up card, "
                           + ("the seen card and the burn card (or a card of the class)" if width == 8
                              else "a seen or burn card"))
    if probes:  # the test-only entry point of testing.h; the public call carries no probes
        pout = ffi.new("uint64_t[]", 4 * len(probes))
        st = lib.cs_test_solve_leak(leak, qualifier, _nets_struct(nets), flags, threads, out, spec,
                                    ffi.new("uint8_t[]", [c for pr in probes for c in pr]), len(probes), pout)
    else:
        pout = ffi.NULL
        st = lib.cs_solve_leak(leak, qualifier, _nets_struct(nets), flags, threads, out, spec)
    check(st, "solve with a leak")
    counts = [(int(pout[4 * x]), int(pout[4 * x + 1]), int(pout[4 * x + 2]), int(pout[4 * x + 3]))
              for x in range(len(probes))]
    charts = (list(tables[0]), list(tables[1]), list(tables[2]), list(tables[3])) if tables else None
    return _totals(out), charts, counts


#: Discard sets of one hand: every subset of its five cards (bit i: the i-th card).
DISCARD_SETS = 32


def switch(player: Sequence[int], up: int, set_mask: int, qualifier: int, nets: ScaledNetsLike,
           flags: int = 0, threads: int = 2) -> list[DealTotals]:
    """Card switching, one situation (cs_switch): for each discard set d in ``set_mask`` (bit d),
    the deal counts over every replacement set under the best decision; others all zero."""
    out = ffi.new("cs_totals[]", DISCARD_SETS)
    check(lib.cs_switch(_cards(player), up, set_mask, qualifier, _nets_struct(nets), flags, threads,
                        out, DISCARD_SETS), "switch")
    return [_totals(out[d]) for d in range(DISCARD_SETS)]


#: cs_switch_game's choices: by the hand's category 3 cells (stand and fold, stand and raise,
#: switch), then the switching situations by the rank of the card switched.
SWITCH_GAME_CHOICES: int = lib.CS_SWITCH_GAME_CHOICES
SWITCH_GAME_CHOICE_CELLS: int = lib.CS_SWITCH_GAME_CHOICE_CELLS


def switch_game(qualifier: int, nets: ScaledNetsLike, fee: int, up_ranks: int, flags: int = 0, threads: int = 2,
                probes: Sequence[Sequence[int]] = ()) -> tuple[DealTotals, DealTotals, list[int], list[list[int]]]:
    """Card switching, the whole game with at most one card switched (cs_switch_game; with probes
    cs_test_switch_game): the totals of the situations that stand and of those that switch, the
    choices (SWITCH_GAME_CHOICE_CELLS), and per probe (the player's five cards and an up card of
    suit 0) six numerators over 46 x C(45, 4): standing, then switching each of its cards."""
    out = ffi.new("cs_totals[]", 2)
    choices = ffi.new("uint64_t[]", SWITCH_GAME_CHOICE_CELLS)
    n = len(probes)
    flat = ffi.new("uint8_t[]", [c for p in probes for c in p]) if n else ffi.NULL
    answers = ffi.new("int64_t[]", 6 * n) if n else ffi.NULL
    check(lib.cs_test_switch_game(qualifier, _nets_struct(nets), fee, up_ranks, flags, threads, out, 2, choices,
                                  SWITCH_GAME_CHOICE_CELLS, flat, n, answers), "switch game")
    return (_totals(out[0]), _totals(out[1]), list(choices),
            [[answers[6 * i + k] for k in range(6)] for i in range(n)])


def buy_sixth(player: Sequence[int], up: int, qualifier: int, nets: ScaledNetsLike, flags: int = 0) -> DealTotals:
    """The bought sixth card, one situation (cs_buy_sixth): the deal counts over the 46 replacements
    and every dealer completion under the best decision, by the final hand's category."""
    out = ffi.new("cs_totals *")
    check(lib.cs_buy_sixth(_cards(player), up, qualifier, _nets_struct(nets), flags, out), "buy a sixth card")
    return _totals(out[0])


def sixth_game(qualifier: int, nets: ScaledNetsLike, fee: int, up_ranks: int, flags: int = 0, threads: int = 2,
               probes: Sequence[Sequence[int]] = ()) -> tuple[DealTotals, DealTotals, list[int], list[list[int]]]:
    """The bought sixth card, the whole game (cs_sixth_game; with probes cs_test_sixth_game): the
    totals of the situations that stand and of those that buy, the choices (SWITCH_GAME_CHOICE_CELLS:
    by category stand and fold, stand and raise, buy; then the buying situations by up rank), and per
    probe (five cards and an up card of suit 0) two numerators over 46 x C(45, 4): standing, buying
    before its fee."""
    out = ffi.new("cs_totals[]", 2)
    choices = ffi.new("uint64_t[]", SWITCH_GAME_CHOICE_CELLS)
    n = len(probes)
    flat = ffi.new("uint8_t[]", [c for p in probes for c in p]) if n else ffi.NULL
    answers = ffi.new("int64_t[]", 2 * n) if n else ffi.NULL
    check(lib.cs_test_sixth_game(qualifier, _nets_struct(nets), fee, up_ranks, flags, threads, out, 2, choices,
                                 SWITCH_GAME_CHOICE_CELLS, flat, n, answers), "sixth-card game")
    return (_totals(out[0]), _totals(out[1]), list(choices), [[answers[2 * i], answers[2 * i + 1]] for i in range(n)])


def sixth_game_chosen(qualifier: int, nets: ScaledNetsLike, fee: int, up_ranks: int, flags: int = 0,
                      threads: int = 2) -> tuple[DealTotals, DealTotals, list[int], bytes]:
    """cs_sixth_game with each hand's optimal choice (the test-only cs_test_sixth_game_chosen): the
    totals of the situations that stand and that buy, the choices, and SWITCH_GAME_HANDS bytes per up
    rank asked (1: the hand buys), laid out as sixth_game_given takes them."""
    out = ffi.new("cs_totals[]", 2)
    choices = ffi.new("uint64_t[]", SWITCH_GAME_CHOICE_CELLS)
    n = lib.CS_SWITCH_GAME_HANDS * up_ranks.bit_count()
    chosen = ffi.new("uint8_t[]", n)
    check(lib.cs_test_sixth_game_chosen(qualifier, _nets_struct(nets), fee, up_ranks, flags, threads, out, 2,
                                        choices, SWITCH_GAME_CHOICE_CELLS, chosen, n), "sixth-card game")
    return _totals(out[0]), _totals(out[1]), list(choices), bytes(ffi.buffer(chosen, n))


def sixth_game_given(qualifier: int, nets: ScaledNetsLike, up_ranks: int, given: bytes | bytearray | memoryview,
                     flags: int = 0, threads: int = 2) -> tuple[DealTotals, DealTotals, list[int]]:
    """The bought sixth card under given choices (cs_sixth_game_given): ``given`` holds
    SWITCH_GAME_HANDS bytes per up rank asked (1: buy, 0: stand); the totals of the situations that
    stand and that buy, and the choices. InvalidCards when a byte is neither (the core's CS_E_ARG)."""
    out = ffi.new("cs_totals[]", 2)
    choices = ffi.new("uint64_t[]", SWITCH_GAME_CHOICE_CELLS)
    buf = ffi.from_buffer("uint8_t[]", given)
    st = lib.cs_sixth_game_given(qualifier, _nets_struct(nets), up_ranks, flags, threads, buf, len(buf), out, 2,
                                 choices, SWITCH_GAME_CHOICE_CELLS)
    if st == lib.CS_E_ARG:
        raise InvalidCards("sixth-card game with given choices: a choice is neither 0 (stand) nor 1 (buy)")
    check(st, "sixth-card game with given choices")
    return _totals(out[0]), _totals(out[1]), list(choices)


#: cs_draw_game's choices: 4 per category (stand and fold, stand and raise, switch, buy), then the
#: switching situations by the rank switched and the buying ones by the up card's rank.
DRAW_GAME_CHOICE_CELLS: int = lib.CS_DRAW_GAME_CHOICE_CELLS


def draw_game(qualifier: int, nets: ScaledNetsLike, switch_fee: int, buy_fee: int, up_ranks: int, flags: int = 0,
              threads: int = 2) -> tuple[list[DealTotals], list[int]]:
    """The draw that switches one card or buys a sixth card, the whole game (cs_draw_game): the totals
    of the situations that stand, switch and buy, and the choices (DRAW_GAME_CHOICE_CELLS)."""
    out = ffi.new("cs_totals[]", 3)
    choices = ffi.new("uint64_t[]", DRAW_GAME_CHOICE_CELLS)
    check(lib.cs_draw_game(qualifier, _nets_struct(nets), switch_fee, buy_fee, up_ranks, flags, threads, out, 3,
                           choices, DRAW_GAME_CHOICE_CELLS), "switch-or-buy game")
    return [_totals(out[k]) for k in range(3)], list(choices)


#: cs_switch_game_given: the hands beside one up card (C(51, 5)), and the choice that stands.
SWITCH_GAME_HANDS: int = lib.CS_SWITCH_GAME_HANDS
SWITCH_NO_SWITCH: int = lib.CS_SWITCH_NO_SWITCH


def switch_game_given(qualifier: int, nets: ScaledNetsLike, up_ranks: int, given: bytes | bytearray | memoryview,
                      flags: int = 0, threads: int = 2) -> tuple[DealTotals, DealTotals, list[int]]:
    """Card switching, the one-card game under given choices (cs_switch_game_given): ``given`` holds
    SWITCH_GAME_HANDS bytes per up rank asked (in increasing rank order), each hand's card switched or
    SWITCH_NO_SWITCH; the totals of the situations that stand and of those that switch, and the
    choices (SWITCH_GAME_CHOICE_CELLS) as switch_game's. InvalidCards when a choice is not one of its
    hand's cards (the core's CS_E_ARG: the other arguments are the caller's to check)."""
    out = ffi.new("cs_totals[]", 2)
    choices = ffi.new("uint64_t[]", SWITCH_GAME_CHOICE_CELLS)
    buf = ffi.from_buffer("uint8_t[]", given)
    st = lib.cs_switch_game_given(qualifier, _nets_struct(nets), up_ranks, flags, threads, buf, len(buf), out, 2,
                                  choices, SWITCH_GAME_CHOICE_CELLS)
    if st == lib.CS_E_ARG:  # the callers check the other arguments: a choice is not one of its hand's cards
        raise InvalidCards("switch game with given choices: a hand's choice is not one of its cards (nor a stand)")
    check(st, "switch game with given choices")
    return _totals(out[0]), _totals(out[1]), list(choices)


def switch_game_chosen(qualifier: int, nets: ScaledNetsLike, fee: int, up_ranks: int, flags: int = 0,
                       threads: int = 2) -> tuple[DealTotals, DealTotals, list[int], bytes]:
    """cs_switch_game with each hand's optimal choice (the test-only cs_test_switch_game_chosen): the
    totals of the situations that stand and of those that switch, the choices
    (SWITCH_GAME_CHOICE_CELLS), and SWITCH_GAME_HANDS choices per up rank asked laid out as
    switch_game_given takes them."""
    out = ffi.new("cs_totals[]", 2)
    choices = ffi.new("uint64_t[]", SWITCH_GAME_CHOICE_CELLS)
    n = SWITCH_GAME_HANDS * up_ranks.bit_count()
    chosen = ffi.new("uint8_t[]", n)
    check(lib.cs_test_switch_game_chosen(qualifier, _nets_struct(nets), fee, up_ranks, flags, threads, out, 2, choices,
                                         SWITCH_GAME_CHOICE_CELLS, chosen, n), "switch game")
    return _totals(out[0]), _totals(out[1]), list(choices), bytes(ffi.buffer(chosen, n))


#: cs_switch_bounds: fees and counts are indexed by the switch's size, 0 .. 5.
SWITCH_BOUND_SIZES: int = lib.CS_SWITCH_BOUND_SIZES
#: The most a fee or a net may be, scaled, in cs_switch_bounds.
SWITCH_BOUND_LIMIT: int = lib.CS_SWITCH_BOUND_LIMIT


def switch_bounds(qualifier: int, nets: ScaledNetsLike, fees: Sequence[int], sizes: int, up_ranks: int,
                  flags: int = 0, threads: int = 2, max_list: int = 0, probes: Sequence[Sequence[int]] = (),
                  five: bool = False) -> tuple[list[int], list[int], list[bytes], int, list[list[int]],
                                               tuple[DealTotals, DealTotals, list[int], int, list[int], int] | None]:
    """Card switching, the larger switches against the best of at most one card (cs_switch_bounds;
    with probes cs_test_switch_bounds): by size, the situations and the (situation, discard set) pairs
    not excluded, the first ``max_list`` of those pairs (8 bytes each: five cards, up card, discard
    mask, size) and how many there were; per probe (five cards and an up card of suit 0) 33
    numerators: the best of at most one card over 46 x C(45, 4), then each discard mask's bound (with
    ``five``: at 32 the five-card switch's exact value). With ``five``: the five-card switch counted
    exactly and the game with it (cs_switch_five_game): the totals of the situations that stand and
    that switch one card, the choices, the situations that switch five, by category, and the sum of
    their values (fee included) over C(46, 5) x C(41, 4) deals, scaled like the nets."""
    f = ffi.new("int64_t[]", list(fees))
    undecided = ffi.new("uint64_t[]", SWITCH_BOUND_SIZES)
    pairs = ffi.new("uint64_t[]", SWITCH_BOUND_SIZES)
    listing = ffi.new("uint8_t[]", 8 * max_list) if max_list else ffi.NULL
    n_list = ffi.new("size_t *")
    game = ffi.new("cs_switch_five_game *") if five else ffi.NULL
    n = len(probes)
    flat = ffi.new("uint8_t[]", [c for p in probes for c in p]) if n else ffi.NULL
    answers = ffi.new("int64_t[]", 33 * n) if n else ffi.NULL
    check(lib.cs_test_switch_bounds(qualifier, _nets_struct(nets), f, len(fees), sizes, up_ranks, flags, threads,
                                    undecided, pairs, SWITCH_BOUND_SIZES, listing, max_list, n_list, game, flat, n,
                                    answers), "switch bounds")
    kept = min(n_list[0], max_list)
    counts = None
    if five:
        counts = (_totals(game.stand), _totals(game.one), list(game.choices), game.five_situations,
                  list(game.five_by_category), _int128(game.five_sum_hi & 0xFFFFFFFFFFFFFFFF, game.five_sum_lo, True))
    return (list(undecided), list(pairs), [bytes(listing[8 * i:8 * i + 8]) for i in range(kept)], n_list[0],
            [[answers[33 * i + k] for k in range(33)] for i in range(n)], counts)


#: The most a net may be, scaled, in cs_test_switch_five (its sums then stay below 2^60).
SWITCH_FIVE_NET_LIMIT: int = 1 << 20


def switch_five(up_rank: int, qualifier: int, nets: ScaledNetsLike, probes: Sequence[Sequence[int]],
                threads: int = 2, totals: bool = False) -> tuple[list[int], tuple[int, int] | None]:
    """Card switching, the five-card switch counted exactly for every hand of one up rank
    (cs_test_switch_five; seconds of CPU): per probe (the player's five cards beside the up card
    4 x up_rank) the raise summed over every replacement set and dealer hand, not qualify x its count
    + wins x win[category] + ties x tie + losses x lose; over C(46, 5) x C(41, 4) it is the switch's EV
    before its fee. With ``totals``, also the sum of the rank's 2,349,060 values and what it must be
    (C(42, 5) x the nets over every replacement and dealer hand pair, from standing's counts). No
    probes and no totals: nothing counted."""
    n = len(probes)
    if any(len(p) != 5 for p in probes):
        raise InvalidCards("a probe is the player's five cards")
    flat = ffi.new("uint8_t[]", [c for p in probes for c in p]) if n else ffi.NULL
    out = ffi.new("int64_t[]", n) if n else ffi.NULL
    sums = ffi.new("int64_t[]", 4) if totals else ffi.NULL
    check(lib.cs_test_switch_five(up_rank, qualifier, _nets_struct(nets), threads, flat, n, out, sums,
                                  4 if totals else 0), "switch five")
    pair = (_int128(sums[0] & 0xFFFFFFFFFFFFFFFF, sums[1] & 0xFFFFFFFFFFFFFFFF, True),
            _int128(sums[2] & 0xFFFFFFFFFFFFFFFF, sums[3] & 0xFFFFFFFFFFFFFFFF, True)) if totals else None
    return [int(out[i]) for i in range(n)], pair


#: The most a net may be, scaled, in cs_test_switch_dead (a kept set's sum then stays below 2^63).
SWITCH_DEAD_NET_LIMIT: int = 1 << 28


def switch_dead(qualifier: int, nets: ScaledNetsLike, up: int, dead: Sequence[int], flags: int = 0) -> list[int]:
    """A switch of k = len(dead) cards (1 .. 4) exact for every hand that makes it (cs_test_switch_dead; one
    sweep, tens of milliseconds): with the up card and the discarded cards out of play, for each kept set of
    5 - k of the 51 - k other cards (by the colex index of its positions among them, ascending) the sum over
    its replacement sets of each final hand's best (fold x its dealer hands, or its raise summed over them);
    over C(46, k) x C(46 - k, 4) it is the switch's EV before its fee."""
    k = len(dead)
    n = math.comb(51 - k, 5 - k) if 1 <= k <= 4 else 0
    out = ffi.new("int64_t[]", max(n, 1))
    check(lib.cs_test_switch_dead(qualifier, _nets_struct(nets), flags, up, _cards(dead), k, out, n),
          "switch dead")
    return list(out[0:n])


ExactRank = tuple[int, int, int, int, list[int], list[tuple[int, int]], list[DealTotals], list[tuple[int, ...]], int]


def switch_exact_rank(up_rank: int, qualifier: int, nets: ScaledNetsLike, fees: Sequence[int], sizes: int,
                      flags: int = 0, threads: int = 2, probes: Sequence[Sequence[int]] = (),
                      poll: Callable[[int, int], None] | None = None, given: bytes | None = None) -> ExactRank:
    """The whole game of one up rank (up card 4 x up_rank) with switches of the sizes of bit mask ``sizes``
    (k = 1 .. 5; standing always; five: ``fees`` has six entries), each situation's best option exact
    (cs_test_switch_exact_rank; minutes of CPU for three cards): the sum over the rank's C(51, 5) hands of
    the best EV (fees[k], scaled like the nets, taken off) and its unit, the sum of the best's raise share
    and its unit, the hands whose best switches k cards (k = 0 .. 5), and per probe (five cards) its best
    value (over the unit) and discard mask; then the deals of the hands whose best switches k cards
    (k = 0 .. 4; each hand weighs the value's unit in deals; raise_situations: the raised deals), by the
    category dealt the hands that stand and fold, stand and raise, switch 1 .. 5 cards, and the best values
    of the hands that switch all five, summed (over the unit). ``poll(swept, sweeps)``: called about every
    ``POLL_SECONDS`` while the core counts (it then runs in a thread of its own) with the class sweeps
    done and their most, and once at the end; if it raises (or the wait is interrupted), the core stops
    within a class sweep and the exception goes on. ``given`` (C(51, 5) bytes, no probes): each hand's option
    given instead of sought (cs_test_switch_exact_given: k x 32 + the discard mask over its cards ascending,
    in the colex order of ``engine.switch.game_hands``), the rest the same."""
    out = ffi.new("cs_switch_exact *")
    n = len(probes)
    if any(len(p) != 5 for p in probes):
        raise InvalidCards("a probe is the player's five cards")
    flat = ffi.new("uint8_t[]", [c for p in probes for c in p]) if n else ffi.NULL
    answers = ffi.new("int64_t[]", 3 * n) if n else ffi.NULL
    fee = ffi.new("int64_t[]", list(fees))
    args: tuple[Any, ...]
    if given is not None:
        if n:
            raise InvalidCards("no probes with given choices")
        call, args = lib.cs_test_switch_exact_given, (up_rank, qualifier, _nets_struct(nets), flags, fee, len(fees),
                                                      sizes, threads, ffi.from_buffer(given), len(given), out)
    else:
        call, args = lib.cs_test_switch_exact_rank, (up_rank, qualifier, _nets_struct(nets), flags, fee, len(fees),
                                                     sizes, threads, out, flat, n, answers)
    check(_polled(call, args, out, poll), "switch exact rank")
    probe = [(_int128(answers[3 * i] & 0xFFFFFFFFFFFFFFFF, answers[3 * i + 1] & 0xFFFFFFFFFFFFFFFF, True),
              int(answers[3 * i + 2])) for i in range(n)]
    return _exact_rank_of(out, probe)


def switch_exact_many(up_rank: int, qualifier: int, nets: ScaledNetsLike, fees: Sequence[Sequence[int]],
                      sizes: Sequence[int], flags: int = 0, threads: int = 2,
                      poll: Callable[[int, int], None] | None = None) -> list[ExactRank]:
    """``switch_exact_rank`` of several fee schedules of the same nets at once (cs_test_switch_exact_many):
    ``fees[g]`` (six entries, k = 0 .. 5) and ``sizes[g]`` game g's; each class of discard sets is swept
    once for them all (the core's first pass), then each game's merge and second pass. Returns each game's
    result, integer for integer the one ``switch_exact_rank`` gives it alone (no probes, no given choices);
    ``poll`` as there, over the sweeps of all the games."""
    g = len(fees)
    if g != len(sizes) or any(len(f) != 6 for f in fees):
        raise CoreError("switch exact many: one size mask and six fees for each game")
    out = ffi.new("cs_switch_exact[]", max(g, 1))
    fee = ffi.new("int64_t[]", [x for f in fees for x in f] or [0])
    size = ffi.new("uint32_t[]", list(sizes) or [0])
    args = (up_rank, qualifier, _nets_struct(nets), flags, fee, 6, size, g, threads, out)
    check(_polled(lib.cs_test_switch_exact_many, args, out, poll), "switch exact many")
    return [_exact_rank_of(out[j], []) for j in range(g)]


def _polled(call: Callable[..., int], args: tuple[Any, ...], out: Any,
            poll: Callable[[int, int], None] | None) -> int:
    """The status of ``call(*args)``; with ``poll`` the core runs in a thread (cffi lets go of the GIL) and its
    counter (``out``'s first ``swept`` of ``sweeps``) is read here about every ``POLL_SECONDS``; if ``poll``
    raises (or the wait is interrupted) the core is stopped within a class sweep and the exception goes on."""
    if poll is None:
        return int(call(*args))
    done: list[int] = []
    worker = threading.Thread(target=lambda: done.append(call(*args)), daemon=True)
    worker.start()
    try:
        while True:
            worker.join(POLL_SECONDS)
            if not worker.is_alive():
                break
            if out[0].sweeps:
                poll(int(out[0].swept), int(out[0].sweeps))
    except BaseException:  # the callback raised, or Ctrl-C: the core stops within a class, then this raises
        out[0].stop = 1
        worker.join()
        raise
    if not done:
        raise CoreError("switch exact rank: the core's thread ended without a status")
    if done[0] == lib.CS_OK:
        poll(int(out[0].sweeps), int(out[0].sweeps))
    return done[0]


def _exact_rank_of(out: Any, probe: list[tuple[int, int]]) -> ExactRank:
    """A ``cs_switch_exact``'s results as plain data (``switch_exact_rank``'s)."""
    value = _int128(out.value_hi & 0xFFFFFFFFFFFFFFFF, out.value_lo, True)
    raised = _int128(out.raise_hi & 0xFFFFFFFFFFFFFFFF, out.raise_lo, True)
    five = _int128(out.five_hi & 0xFFFFFFFFFFFFFFFF, out.five_lo, True)
    return (value, int(out.value_unit), raised, int(out.raise_unit), list(out.chosen), probe,
            [_totals(out.deals[k]) for k in range(5)], [tuple(out.by_category[c]) for c in range(10)], five)


#: How often ``switch_exact_rank`` reads the core's progress, in seconds.
POLL_SECONDS = 1.0


def _int128(hi: int, lo: int, signed: bool) -> int:
    v = (hi << 64) | lo
    if signed and v >= 1 << 127:
        v -= 1 << 128
    return v


#: cs_test_sample_deals's flag (testing.h): each deal counted card by card with cs_deal.
SAMPLE_GENERIC: int = lib.CS_SAMPLE_GENERIC


def sample_deals(qualifier: int, nets: ScaledNetsLike, known_dealer: int, other_players: int, seed: int,
                 first: int, count: int, threads: int = 2, base: Solver | None = None, burn: int = 0,
                 flags: int = 0, hidden_players: int = 0) -> SampleSums:
    """Sampled deals decided exactly (at most 32,768 a call); base adds the control variate; burn:
    burned cards the player sees; hidden_players: hands dealt that he does not see; flags
    SAMPLE_GENERIC counts each deal card by card (cs_deal)."""
    out = ffi.new("cs_sample_sums *")
    handle = base.handle if base is not None else ffi.NULL
    if flags:  # the cross-check paths: the test-only entry point of testing.h
        st = lib.cs_test_sample_deals(qualifier, _nets_struct(nets), known_dealer, other_players, burn,
                                      hidden_players, flags,
                                      seed & 0xFFFFFFFFFFFFFFFF, first, count, threads, handle, out)
    else:
        st = lib.cs_sample_deals(qualifier, _nets_struct(nets), known_dealer, other_players, burn, hidden_players,
                                 seed & 0xFFFFFFFFFFFFFFFF, first, count, threads, handle, out)
    check(st, "sample deals")
    return SampleSums(out.deals, out.raises, out.completions, _int128(out.sum_hi, out.sum_lo, True),
                      _int128(out.sumsq_hi, out.sumsq_lo, False), _int128(out.dsum_hi, out.dsum_lo, True),
                      _int128(out.dsumsq_hi, out.dsumsq_lo, False))


def sample_table(solver: Solver, nets: ScaledNetsLike, seats: int, seed: int, first: int, count: int,
                 threads: int = 2) -> TableSums:
    """Sampled deals of ``seats`` optimal players at one dealer (at most 32,768 a call)."""
    out = ffi.new("cs_table_sums *")
    check(lib.cs_sample_table(solver.handle, _nets_struct(nets), seats, seed & 0xFFFFFFFFFFFFFFFF, first, count,
                              threads, out), "sample table")
    return TableSums(out.deals, out.raises, out.seats, _int128(out.sum_hi, out.sum_lo, True),
                     _int128(out.sumsq_hi, out.sumsq_lo, False), _int128(out.pair_hi, out.pair_lo, True),
                     _int128(out.pairsq_hi, out.pairsq_lo, False))


# ---------------------------------------------------------------- Russian Poker (switch_russian.c)

#: Russian Poker: the options of one situation (32 discard sets, then a bought sixth card).
RUSSIAN_OPTIONS: int = lib.CS_RU_OPTIONS


def _russian_struct(r: dict[str, object]) -> object:
    """A cs_russian_rules from its fields (integers, money scaled)."""
    return ffi.new("cs_russian_rules *", r)


def _i128(hi: int, lo: int) -> int:
    return int(hi) * (1 << 64) + int(lo)


def russian_options(player: Sequence[int], up: int, rules: dict[str, object], set_mask: int, sixth: bool,
                    threads: int) -> list[tuple[int, int, int, int, int, int, int]]:
    """Every option asked of one situation (cs_russian_options): for each of the 33 (discard sets,
    then the sixth card) (best, play, hands, raise_hands, indifferent_hands, unit, insured_hands),
    best and play the sums over the final hands, in units of 1 / (scale x unit) ante."""
    out = ffi.new("cs_russian_option[]", RUSSIAN_OPTIONS)
    check(lib.cs_russian_options(_cards(player), up, _russian_struct(rules), set_mask, 1 if sixth else 0, threads,
                                 out, RUSSIAN_OPTIONS), "Russian Poker options")
    return [(_i128(o.best_hi, o.best_lo), _i128(o.play_hi, o.play_lo), int(o.hands), int(o.raise_hands),
             int(o.indifferent_hands), int(o.unit), int(o.insured_hands)) for o in out]


def russian_pay(cards: Sequence[int], rules: dict[str, object]) -> tuple[int, int, int]:
    """A final hand's pay (scaled) and its first and second combinations (255: none) (cs_russian_pay)."""
    pay = ffi.new("int64_t *")
    first = ffi.new("uint8_t *")
    second = ffi.new("uint8_t *")
    check(lib.cs_russian_pay(_cards(cards), len(cards), _russian_struct(rules), pay, first, second),
          "Russian Poker pay")
    return int(pay[0]), int(first[0]), int(second[0])


def russian_buy_game(player: Sequence[int], dead: Sequence[int], dealer: Sequence[int],
                     rules: dict[str, object]) -> tuple[int, ...]:
    """Buying the game against one dealer hand (cs_russian_buy_game): the replacement cards after
    which the dealer does not qualify, the player wins, ties, loses; the cards that may come; the card
    replaced (52: none); whether the dealer qualifies as dealt."""
    out = ffi.new("int64_t[]", 7)
    check(lib.cs_russian_buy_game(_cards(player), len(player), _cards(dead), len(dead), _cards(dealer),
                                  _russian_struct(rules), out, 7), "buy the game")
    return tuple(int(x) for x in out)
