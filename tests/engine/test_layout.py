"""Layouts: every size is read from the core, the Python index functions agree with the core's
(cs_chart_cell, cs_seen_chart_cell, cs_seen_decision_lane, cs_seen_set_cell), and those check
their arguments."""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest
from caribbean_exact._core import ffi, lib

from caribbean_exact.engine import _ffi, layout
from caribbean_exact.model.hands import value_ranks

pytestmark = pytest.mark.csan

PACKAGE = Path(__file__).resolve().parents[2] / "caribbean_exact"


def test_sizes_come_from_the_core():
    assert (layout.NUM_RANKS, layout.NUM_RANK_PATTERNS, layout.CHART_SUIT_COUNTS) == (13, 6175, 6)
    assert layout.NUM_CHART_CELLS == lib.CS_NUM_CHART_CELLS == 6175 * 2 * 13 * 6
    assert layout.CHART_UP_CELLS == 78 and layout.CHART_PATTERN_CELLS == 156
    assert layout.SEEN_CLASSES == lib.CS_SEEN_CLASSES == _ffi.SEEN_CLASSES == 11
    assert layout.SEEN_CHART_CELLS == lib.CS_SEEN_CHART_CELLS == 11 * 169 and layout.SEEN_CLASS_CELLS == 169
    assert (layout.SEEN_RANK_PAIRS, layout.SEEN_SUIT_SETS, layout.SEEN_SUITED_PAIRS) == (91, 32, 78)
    assert layout.SEEN_DECISION_LANES == lib.CS_SEEN_DECISION_LANES == 91 + 32 * 78
    assert [layout.seen_set_lanes(k) for k in (1, 2, 3)] == [math.comb(13 + k, k + 1) for k in (1, 2, 3)]


def test_no_module_retypes_a_layout_size():
    """The sizes live in caribbean.h alone: no Python module writes them as literals again."""
    retyped = re.compile(r"^\s*\w*(PAIRS|SUITED|CLASSES|CLASS_COUNT|CHART_CELLS|LANES)\w*\s*(:\s*int\s*)?=\s*\d",
                         re.MULTILINE)
    for path in PACKAGE.rglob("*.py"):
        hits = [m.group(0).strip() for m in retyped.finditer(path.read_text(encoding="utf-8"))]
        assert not hits, f"{path.relative_to(PACKAGE)}: {hits}"


def _core(fn, *args):
    out = ffi.new("uint32_t *")
    assert fn(*args, out) == lib.CS_OK, args
    return int(out[0])


def test_chart_cells_agree_with_the_core():
    seen = set()
    for pattern in [*range(0, layout.NUM_RANK_PATTERNS, 97), layout.NUM_RANK_PATTERNS - 1]:
        for flush, up, s in itertools.product((0, 1), range(13), range(6)):
            cell = layout.chart_cell(pattern, bool(flush), up, s)
            assert cell == _core(lib.cs_chart_cell, pattern, flush, up, s)
            seen.add(cell)
    assert max(seen) == layout.NUM_CHART_CELLS - 1 and min(seen) == 0


def test_seen_cells_and_lanes_agree_with_the_core():
    cells = [layout.seen_chart_cell(c, u, s) for c, u, s in itertools.product(range(11), range(13), range(13))]
    assert cells == list(range(layout.SEEN_CHART_CELLS))
    assert cells == [_core(lib.cs_seen_chart_cell, c, u, s)
                     for c, u, s in itertools.product(range(11), range(13), range(13))]
    lanes = []
    for b in range(13):
        for a in range(b + 1):
            lanes.append(layout.seen_pair_lane(a, b))
            assert lanes[-1] == _core(lib.cs_seen_decision_lane, a, b, 0, 0)
    for m in range(layout.SEEN_SUIT_SETS):
        for b in range(13):
            for a in range(b):
                lanes.append(layout.SEEN_RANK_PAIRS + m * layout.SEEN_SUITED_PAIRS + layout.seen_suited_lane(a, b))
                assert lanes[-1] == _core(lib.cs_seen_decision_lane, a, b, 1, m)
    assert sorted(lanes) == list(range(layout.SEEN_DECISION_LANES))


@pytest.mark.parametrize("k", [1, 2, 3])
def test_seen_set_cells_agree_with_the_core(k):
    n = layout.seen_set_lanes(k)
    cells = []
    for cls in (0, 10):
        for ranks in itertools.combinations_with_replacement(range(13), k + 1):
            shuffled = tuple(reversed(ranks))
            cell = layout.seen_set_cell(k, cls, shuffled)
            assert cell == _ffi.seen_set_cell(k, cls, shuffled) == _ffi.seen_set_cell(k, cls, ranks)
            cells.append(cell)
    assert sorted(cells) == [*range(n), *range(10 * n, 11 * n)]


def test_seen_classes_are_the_cores():
    """Every value's class: high card below A-K (0), A-K high (1), category + 1 from a pair."""
    classes = layout.seen_classes()
    cats = _ffi.value_categories()
    assert len(classes) == _ffi.NUM_VALUES
    for v in range(_ffi.NUM_VALUES):
        g = value_ranks(v)
        assert classes[v] == (cats[v] + 1 if cats[v] else int(g[0] == 12 and g[1] == 11))
    assert set(classes) == set(range(layout.SEEN_CLASSES))


def test_layout_functions_check_their_arguments():
    out = ffi.new("uint32_t *")
    n = ffi.NULL
    assert lib.cs_chart_cell(0, 0, 0, 0, n) == lib.CS_E_NULL
    for args in [(6175, 0, 0, 0), (0, 2, 0, 0), (0, 0, 13, 0), (0, 0, 0, 6)]:
        assert lib.cs_chart_cell(*args, out) == lib.CS_E_ARG, args
    assert lib.cs_seen_chart_cell(0, 0, 0, n) == lib.CS_E_NULL
    for args in [(11, 0, 0), (0, 13, 0), (0, 0, 13)]:
        assert lib.cs_seen_chart_cell(*args, out) == lib.CS_E_ARG, args
    assert lib.cs_seen_decision_lane(0, 0, 0, 0, n) == lib.CS_E_NULL
    for args in [(0, 13, 0, 0), (5, 4, 0, 0), (0, 1, 2, 0), (0, 1, 0, 1), (3, 3, 1, 0), (0, 1, 1, 32)]:
        assert lib.cs_seen_decision_lane(*args, out) == lib.CS_E_ARG, args
    assert lib.cs_seen_set_lanes(1, n) == lib.CS_E_NULL
    assert lib.cs_seen_set_lanes(0, out) == lib.CS_E_ARG and lib.cs_seen_set_lanes(4, out) == lib.CS_E_ARG
    ranks = ffi.new("uint8_t[]", [1, 2, 3, 13])
    assert lib.cs_seen_set_cell(3, 0, ranks, out) == lib.CS_E_CARD
    assert lib.cs_seen_set_cell(2, 0, ranks, out) == lib.CS_OK
    assert lib.cs_seen_set_cell(2, 11, ranks, out) == lib.CS_E_ARG
    assert lib.cs_seen_set_cell(0, 0, ranks, out) == lib.CS_E_ARG
    assert lib.cs_seen_set_cell(2, 0, n, out) == lib.CS_E_NULL and lib.cs_seen_set_cell(2, 0, ranks, n) == lib.CS_E_NULL
    classes = ffi.new("uint8_t[]", lib.CS_NUM_VALUES)
    assert lib.cs_seen_classes(classes, lib.CS_NUM_VALUES - 1) == lib.CS_E_SIZE
    assert lib.cs_seen_classes(n, lib.CS_NUM_VALUES) == lib.CS_E_NULL
    with pytest.raises(_ffi.CoreError):
        _ffi.seen_chart_cell(11, 0, 0)
    with pytest.raises(_ffi.CoreError, match="not a constant"):
        _ffi.core_constant("cs_version")
