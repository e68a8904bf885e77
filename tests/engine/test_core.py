"""The C functions check their arguments and return status codes (called through the ffi)."""

import pytest
from caribbean_exact._core import ffi, lib

pytestmark = pytest.mark.csan


def deal(player, up, dead=(), dealer=(), qualifier=1113, n_dead=None, n_dealer=None):
    out = ffi.new("cs_deal_counts *")
    p = ffi.new("uint8_t[]", list(player)) if player is not None else ffi.NULL
    d = ffi.new("uint8_t[]", list(dead)) if dead else ffi.NULL
    k = ffi.new("uint8_t[]", list(dealer)) if dealer else ffi.NULL
    return lib.cs_deal(p, up, d, len(dead) if n_dead is None else n_dead, k,
                       len(dealer) if n_dealer is None else n_dealer, qualifier, out)


def test_valid_call_is_ok():
    assert deal([0, 5, 10, 15, 20], 30) == lib.CS_OK


@pytest.mark.parametrize("args,status", [
    (([0, 5, 10, 15, 52], 30), "CS_E_CARD"),
    (([0, 5, 10, 15, 255], 30), "CS_E_CARD"),
    (([0, 5, 10, 15, 20], 52), "CS_E_CARD"),
    (([0, 5, 10, 15, 15], 30), "CS_E_DUPLICATE"),
    (([0, 5, 10, 15, 20], 20), "CS_E_DUPLICATE"),
    (([0, 5, 10, 15, 20], 30, [30]), "CS_E_DUPLICATE"),
    (([0, 5, 10, 15, 20], 30, [], [1, 2, 3, 4, 6]), "CS_E_SIZE"),
    (([0, 5, 10, 15, 20], 30, [], [], 7463), "CS_E_ARG"),
    ((None, 30), "CS_E_NULL"),
])
def test_bad_arguments(args, status):
    assert deal(*args) == getattr(lib, status)


def test_null_arrays_with_counts():
    out = ffi.new("cs_deal_counts *")
    p = ffi.new("uint8_t[]", [0, 5, 10, 15, 20])
    assert lib.cs_deal(p, 30, ffi.NULL, 3, ffi.NULL, 0, 1113, out) == lib.CS_E_NULL
    assert lib.cs_deal(p, 30, ffi.NULL, 0, ffi.NULL, 2, 1113, out) == lib.CS_E_NULL
    assert lib.cs_deal(p, 30, ffi.NULL, 0, ffi.NULL, 0, 1113, ffi.NULL) == lib.CS_E_NULL


def test_too_few_cards_left():
    dead = [c for c in range(52) if c not in (0, 5, 10, 15, 20, 30)][:44]  # 2 unseen, dealer needs 4
    assert deal([0, 5, 10, 15, 20], 30, dead) == lib.CS_E_SIZE
    assert deal([0, 5, 10, 15, 20], 30, dead[:42]) == lib.CS_OK  # exactly 4 left
    assert deal([0, 5, 10, 15, 20], 30, list(range(21, 30)), n_dead=53) == lib.CS_E_SIZE


def test_evaluators_and_strerror():
    v = ffi.new("uint16_t *")
    c = ffi.new("uint8_t *")
    assert lib.cs_evaluate5(ffi.new("uint8_t[]", [0, 1, 2, 3, 60]), v, c) == lib.CS_E_CARD
    assert lib.cs_evaluate5(ffi.new("uint8_t[]", [0, 1, 2, 3, 3]), v, c) == lib.CS_E_DUPLICATE
    assert lib.cs_evaluate5(ffi.NULL, v, c) == lib.CS_E_NULL
    assert lib.cs_evaluate6(ffi.new("uint8_t[]", [0, 1, 2, 3, 4, 4]), v, c) == lib.CS_E_DUPLICATE
    assert lib.cs_value_category(7462, c) == lib.CS_E_ARG
    assert lib.cs_value_counts(ffi.new("uint64_t[]", 10), 10) == lib.CS_E_SIZE
    assert ffi.string(lib.cs_strerror(lib.CS_E_DUPLICATE)) == b"a card is given twice"
    assert ffi.string(lib.cs_strerror(99)) == b"unknown status"
    assert ffi.string(lib.cs_strerror(-1)) == b"unknown status"


def test_solver_arguments():
    ptr = ffi.new("cs_solver **")
    assert lib.cs_solver_new(7463, 1, ptr) == lib.CS_E_ARG
    assert lib.cs_solver_new(1113, 0, ptr) == lib.CS_E_ARG
    assert lib.cs_solver_new(1113, lib.CS_MAX_THREADS + 1, ptr) == lib.CS_E_ARG
    assert lib.cs_solver_new(1113, 1, ffi.NULL) == lib.CS_E_NULL
    totals = ffi.new("cs_totals *")
    nets = ffi.new("cs_nets *")
    assert lib.cs_solver_price(ffi.NULL, nets, 0, totals, ffi.NULL, 0) == lib.CS_E_NULL
    assert lib.cs_solver_apply(ffi.NULL, ffi.new("uint8_t[]", 1), 1, totals) == lib.CS_E_NULL


def test_sample_table_arguments():
    from caribbean_exact.engine.pricing import solver_for

    s = solver_for(1113).handle
    out = ffi.new("cs_table_sums *")
    nets = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [3] * 10})
    assert lib.cs_sample_table(s, nets, 7, 1, 0, 100, 1, out) == lib.CS_OK
    assert out.deals == 100 and out.seats == 7
    assert lib.cs_sample_table(s, nets, 1, 1, 0, 100, 1, out) == lib.CS_E_SIZE
    assert lib.cs_sample_table(s, nets, 8, 1, 0, 100, 1, out) == lib.CS_E_SIZE
    assert lib.cs_sample_table(s, nets, 7, 1, 0, (1 << 15) + 1, 1, out) == lib.CS_E_SIZE
    top = (1 << 64) - 1  # deal indices must not wrap past 2^64, as in cs_sample_deals
    assert lib.cs_sample_table(s, nets, 7, 1, top - 50, 100, 2, out) == lib.CS_E_SIZE
    assert lib.cs_sample_table(s, nets, 7, 1, top - 100, 100, 2, out) == lib.CS_OK and out.deals == 100
    assert lib.cs_sample_table(s, nets, 7, 1, 0, 100, 0, out) == lib.CS_E_ARG
    assert lib.cs_sample_table(ffi.NULL, nets, 7, 1, 0, 100, 1, out) == lib.CS_E_NULL
    assert lib.cs_sample_table(s, ffi.NULL, 7, 1, 0, 100, 1, out) == lib.CS_E_NULL
    assert lib.cs_sample_table(s, nets, 7, 1, 0, 100, 1, ffi.NULL) == lib.CS_E_NULL
    big = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [1 << 21] * 10})
    assert lib.cs_sample_table(s, big, 7, 1, 0, 100, 1, out) != lib.CS_OK


def test_sample_deals_past_2_64_is_refused():
    """Deal indices first_deal .. first_deal + n_deals - 1 must fit in 64 bits: a status, not fewer deals."""
    nets = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3,
                                 "win": [3, 3, 5, 7, 9, 11, 15, 41, 101, 201]})
    out = ffi.new("cs_sample_sums *")
    top = (1 << 64) - 1
    for threads in (1, 4):
        assert lib.cs_sample_deals(1113, nets, 0, 0, 0, 0, 1, top - 50, 100, threads, ffi.NULL, out) == lib.CS_E_SIZE
        assert lib.cs_sample_deals(1113, nets, 0, 0, 0, 0, 1, top, 1, threads, ffi.NULL, out) == lib.CS_E_SIZE
        # the last deals below 2^64 are fine, every one counted
        assert lib.cs_sample_deals(1113, nets, 0, 0, 0, 0, 1, top - 100, 100, threads, ffi.NULL, out) == lib.CS_OK
        assert out.deals == 100


def test_seen_and_sample_arguments():
    nets = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [3] * 10})
    totals = ffi.new("cs_totals *")
    n = ffi.NULL
    assert lib.cs_solve_seen(0, 1113, nets, 0, 1, totals, n, n, 0) == lib.CS_E_ARG
    assert lib.cs_solve_seen(4, 1113, nets, 0, 1, totals, n, n, 0) == lib.CS_E_ARG
    assert lib.cs_solve_seen(2, 7463, nets, 0, 1, totals, n, n, 0) == lib.CS_E_ARG
    assert lib.cs_solve_seen(2, 1113, nets, 4, 1, totals, n, n, 0) == lib.CS_E_ARG
    assert lib.cs_solve_seen(2, 1113, nets, 0, 0, totals, n, n, 0) == lib.CS_E_ARG
    assert lib.cs_solve_seen(2, 1113, ffi.NULL, 0, 1, totals, n, n, 0) == lib.CS_E_NULL
    assert lib.cs_solve_seen(2, 1113, nets, 0, 1, ffi.NULL, n, n, 0) == lib.CS_E_NULL
    chart = ffi.new("uint64_t[]", 5005)
    assert lib.cs_solve_seen(2, 1113, nets, 0, 1, totals, chart, n, 5005) == lib.CS_E_NULL
    assert lib.cs_solve_seen(2, 1113, nets, 0, 1, totals, chart, chart, 5004) == lib.CS_E_SIZE
    probes = ffi.new("uint8_t[]", [0, 1, 2, 3, 4, 5, 6, 6])  # a card twice
    counts = ffi.new("uint64_t[]", 4)
    assert lib.cs_test_solve_seen(2, 1113, nets, 0, 1, totals, n, n, 0, probes, 1, counts) == lib.CS_E_DUPLICATE
    assert lib.cs_test_solve_seen(2, 1113, nets, 0, 1, totals, n, n, 0, probes, 1, n) == lib.CS_E_NULL
    assert lib.cs_test_solve_seen(2, 1113, nets, 0, 1, totals, n, n, 0, probes, 4097, counts) == lib.CS_E_SIZE
    sums = ffi.new("cs_sample_sums *")
    assert lib.cs_sample_deals(1113, nets, 0, 6, 13, 0, 1, 0, 10, 1, n, sums) == lib.CS_E_SIZE  # burn too many
    assert lib.cs_sample_deals(1113, nets, 0, 6, 12, 0, 1, 0, 10, 1, n, sums) == lib.CS_OK
    assert lib.cs_test_sample_deals(1113, nets, 0, 0, 0, 0, 2, 1, 0, 10, 1, n, sums) == lib.CS_E_ARG  # flags
    assert lib.cs_sample_deals(1113, nets, 5, 0, 0, 0, 1, 0, 10, 1, n, sums) == lib.CS_E_SIZE
    assert lib.cs_sample_deals(1113, nets, 0, 7, 0, 0, 1, 0, 10, 1, n, sums) == lib.CS_E_SIZE
    assert lib.cs_sample_deals(1113, nets, 0, 0, 0, 0, 1, 0, 10, 1, n, ffi.NULL) == lib.CS_E_NULL
    # hands dealt and not seen (players who do not share): at most 6 other hands in all, and the cards
    assert lib.cs_sample_deals(1113, nets, 0, 2, 0, 4, 1, 0, 10, 1, n, sums) == lib.CS_OK
    assert lib.cs_sample_deals(1113, nets, 0, 2, 0, 5, 1, 0, 10, 1, n, sums) == lib.CS_E_SIZE
    assert lib.cs_sample_deals(1113, nets, 0, 0, 0, 7, 1, 0, 10, 1, n, sums) == lib.CS_E_SIZE
    assert lib.cs_sample_deals(1113, nets, 0, 0, 12, 6, 1, 0, 10, 1, n, sums) == lib.CS_OK
    assert lib.cs_sample_deals(1113, nets, 0, 0, 13, 6, 1, 0, 10, 1, n, sums) == lib.CS_E_SIZE


def test_seen_decided_arguments():
    """cs_solve_seen_decided: both decision tables required and of their exact size for k; a refused
    call writes nothing."""
    nets = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [3] * 10})
    totals = ffi.new("cs_totals *")
    n = ffi.NULL
    n_dec, n_suited = lib.CS_NUM_VALUES * 455, lib.CS_NUM_VALUES * 286
    dec, suited = ffi.new("uint8_t[]", n_dec), ffi.new("uint64_t[]", n_suited)
    chart_r, chart_t = ffi.new("uint64_t[]", 11 * 455), ffi.new("uint64_t[]", 11 * 455)

    def out(decisions=dec, nd=n_dec, s=suited, ns=n_suited, cr=n, ct=n, nc=0):
        return ffi.new("cs_seen_decision_outputs *", {"chart_raise": cr, "chart_total": ct, "n_chart": nc,
                                                       "decisions": decisions, "n_decisions": nd,
                                                       "suited": s, "n_suited": ns})

    f = lib.cs_solve_seen_decided
    assert f(2, 1113, nets, 0, 1, totals, n) == lib.CS_E_NULL
    assert f(2, 1113, nets, 0, 1, totals, out(decisions=n)) == lib.CS_E_NULL
    assert f(2, 1113, nets, 0, 1, totals, out(s=n)) == lib.CS_E_NULL
    assert f(2, 1113, ffi.NULL, 0, 1, totals, out()) == lib.CS_E_NULL
    assert f(2, 1113, nets, 0, 1, ffi.NULL, out()) == lib.CS_E_NULL
    assert f(2, 1113, nets, 0, 1, totals, out(cr=chart_r)) == lib.CS_E_NULL     # a chart needs both halves
    assert f(2, 1113, nets, 0, 1, totals, out(cr=chart_r, ct=chart_t, nc=11 * 455 - 1)) == lib.CS_E_SIZE
    assert f(2, 1113, nets, 0, 1, totals, out(nd=n_dec - 1)) == lib.CS_E_SIZE
    assert f(2, 1113, nets, 0, 1, totals, out(nd=n_dec + 1)) == lib.CS_E_SIZE
    assert f(2, 1113, nets, 0, 1, totals, out(ns=n_suited - 1)) == lib.CS_E_SIZE
    assert f(3, 1113, nets, 0, 1, totals, out()) == lib.CS_E_SIZE   # k = 3: 1,820 and 715 lanes a value
    for k in (0, 4):
        assert f(k, 1113, nets, 0, 1, totals, out()) == lib.CS_E_ARG
    assert f(2, 7463, nets, 0, 1, totals, out()) == lib.CS_E_ARG
    assert f(2, 1113, nets, 2, 1, totals, out()) == lib.CS_E_ARG
    assert f(2, 1113, nets, 0, 0, totals, out()) == lib.CS_E_ARG
    assert f(2, 1113, nets, 0, lib.CS_MAX_THREADS + 1, totals, out()) == lib.CS_E_ARG
    big = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [(1 << 40) + 1] * 10})
    assert f(2, 1113, big, 0, 1, totals, out()) == lib.CS_E_OVERFLOW
    dec[0], suited[0] = 7, 9
    assert f(2, 1113, nets, 0, 1, totals, out(ns=n_suited + 1)) == lib.CS_E_SIZE
    assert dec[0] == 7 and suited[0] == 9


def test_seen_k1_arguments():
    """cs_solve_seen_k1: the k = 1 outputs, each optional, each size checked when its pointer is given."""
    nets = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [3] * 10})
    totals = ffi.new("cs_totals *")
    n = ffi.NULL
    table = ffi.new("uint8_t[]", lib.CS_NUM_VALUES * lib.CS_SEEN_DECISION_LANES)
    full = lib.CS_NUM_VALUES * lib.CS_SEEN_DECISION_LANES
    cells = lib.CS_SEEN_CHART_CELLS
    by_up_r, by_up_t = ffi.new("uint64_t[]", cells), ffi.new("uint64_t[]", cells)

    def k1(chart_raise=by_up_r, chart_total=by_up_t, n_chart=cells, decisions=table, n_decisions=full):
        return ffi.new("cs_seen_k1_outputs *", {"chart_raise": chart_raise, "chart_total": chart_total,
                                                 "n_chart": n_chart, "decisions": decisions,
                                                 "n_decisions": n_decisions})

    assert lib.cs_solve_seen_k1(1113, nets, 0, 1, totals, n) == lib.CS_E_NULL
    assert lib.cs_solve_seen_k1(1113, ffi.NULL, 0, 1, totals, k1()) == lib.CS_E_NULL
    assert lib.cs_solve_seen_k1(1113, nets, 0, 1, ffi.NULL, k1()) == lib.CS_E_NULL
    assert lib.cs_solve_seen_k1(1113, nets, 0, 1, totals, k1(chart_total=n)) == lib.CS_E_NULL
    assert lib.cs_solve_seen_k1(1113, nets, 0, 1, totals, k1(chart_raise=n)) == lib.CS_E_NULL
    assert lib.cs_solve_seen_k1(1113, nets, 0, 1, totals, k1(n_chart=cells - 1)) == lib.CS_E_SIZE
    assert lib.cs_solve_seen_k1(1113, nets, 0, 1, totals, k1(n_chart=cells + 1)) == lib.CS_E_SIZE
    assert lib.cs_solve_seen_k1(1113, nets, 0, 1, totals, k1(n_chart=0)) == lib.CS_E_SIZE
    assert lib.cs_solve_seen_k1(1113, nets, 0, 1, totals, k1(n_decisions=full - 1)) == lib.CS_E_SIZE
    assert lib.cs_solve_seen_k1(1113, nets, 0, 1, totals, k1(n_decisions=full + 1)) == lib.CS_E_SIZE
    assert lib.cs_solve_seen_k1(7463, nets, 0, 1, totals, k1()) == lib.CS_E_ARG
    assert lib.cs_solve_seen_k1(1113, nets, 2, 1, totals, k1()) == lib.CS_E_ARG
    assert lib.cs_solve_seen_k1(1113, nets, 0, 0, totals, k1()) == lib.CS_E_ARG
    assert lib.cs_solve_seen_k1(1113, nets, 0, lib.CS_MAX_THREADS + 1, totals, k1()) == lib.CS_E_ARG
    big = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [(1 << 40) + 1] * 10})
    assert lib.cs_solve_seen_k1(1113, big, 0, 1, totals, k1()) == lib.CS_E_OVERFLOW
    # a refused call writes nothing: the caller's buffers are as they were
    by_up_r[0], table[0] = 7, 9
    assert lib.cs_solve_seen_k1(1113, nets, 0, 1, totals, k1(n_decisions=full - 1)) == lib.CS_E_SIZE
    assert by_up_r[0] == 7 and table[0] == 9
    # no output wanted, or a size given with a NULL pointer (ignored): the totals alone
    assert lib.cs_solve_seen_k1(1113, nets, 0, 1, totals, k1(n, n, 5, n, 5)) == lib.CS_OK
    assert totals.total_weight == 2_598_960 * 47 * 46 * 14_190


def test_the_thread_limit_is_the_cores():
    """CS_MAX_THREADS is written once, in caribbean.h: Python reads it from the core."""
    from caribbean_exact.engine import _ffi
    from caribbean_exact.model import checks

    assert checks.MAX_THREADS == _ffi.MAX_THREADS == lib.CS_MAX_THREADS == 64
    ptr = ffi.new("cs_solver **")
    assert lib.cs_solver_new(1113, lib.CS_MAX_THREADS + 1, ptr) == lib.CS_E_ARG
    with pytest.raises(ValueError, match=f"1..{lib.CS_MAX_THREADS}"):
        checks.check_threads(lib.CS_MAX_THREADS + 1)


def test_public_signatures_carry_no_test_probes():
    """The probes and cross-check flags are in testing.h; caribbean.h's calls have none."""
    import re
    from pathlib import Path

    csrc = Path(__file__).resolve().parents[2] / "csrc"
    public = (csrc / "caribbean.h").read_text().split("/* cdef-begin */")[1].split("/* cdef-end */")[0]
    code = re.sub(r"/\*.*?\*/", " ", public, flags=re.DOTALL)
    assert "probe" not in code and "CS_SAMPLE_GENERIC" not in code
    testing = (csrc / "testing.h").read_text()
    for name in ("cs_test_solve_seen", "cs_test_sample_deals", "CS_SAMPLE_GENERIC"):
        assert name in testing and hasattr(lib, name)
    assert "cs_test_solve_seen_one" not in testing and not hasattr(lib, "cs_test_solve_seen_one")


def test_test_entry_points_check_their_arguments():
    nets = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [3] * 10})
    totals = ffi.new("cs_totals *")
    n = ffi.NULL
    probe = ffi.new("uint8_t[]", [48, 45, 22, 9, 0, 42, 1])
    dup = ffi.new("uint8_t[]", [48, 45, 22, 9, 0, 42, 42])
    counts = ffi.new("uint64_t[]", 4)
    assert lib.cs_test_solve_seen(1, 1113, nets, 0, 1, totals, n, n, 0, n, 1, counts) == lib.CS_E_NULL
    assert lib.cs_test_solve_seen(1, 1113, nets, 0, 1, totals, n, n, 0, probe, 1, n) == lib.CS_E_NULL
    assert lib.cs_test_solve_seen(1, 1113, nets, 0, 1, totals, n, n, 0, probe, 4097, counts) == lib.CS_E_SIZE
    assert lib.cs_test_solve_seen(1, 1113, nets, 0, 1, totals, n, n, 0, dup, 1, counts) == lib.CS_E_DUPLICATE
    assert lib.cs_test_solve_seen(1, 1113, ffi.NULL, 0, 1, totals, n, n, 0, n, 0, n) == lib.CS_E_NULL
    assert lib.cs_test_solve_seen(1, 1113, nets, 0, 0, totals, n, n, 0, n, 0, n) == lib.CS_E_ARG
    assert lib.cs_solve_seen(1, 1113, nets, 0, 1, ffi.NULL, n, n, 0) == lib.CS_E_NULL
    assert lib.cs_solve_seen(1, 1113, nets, 0, 1, totals, ffi.new("uint64_t[]", 1), n, 1) == lib.CS_E_NULL
    sums = ffi.new("cs_sample_sums *")
    assert lib.cs_test_sample_deals(1113, nets, 0, 0, 0, 0, 4, 1, 0, 10, 1, n, sums) == lib.CS_E_ARG
    assert lib.cs_test_sample_deals(1113, ffi.NULL, 0, 0, 0, 0, 1, 1, 0, 10, 1, n, sums) == lib.CS_E_NULL
    a = ffi.new("cs_sample_sums *")
    assert lib.cs_test_sample_deals(1113, nets, 1, 0, 0, 0, lib.CS_SAMPLE_GENERIC, 5, 0, 50, 1, n, a) == lib.CS_OK
    assert lib.cs_sample_deals(1113, nets, 1, 0, 0, 0, 5, 0, 50, 1, n, sums) == lib.CS_OK
    assert (a.deals, a.raises, a.sum_hi, a.sum_lo) == (sums.deals, sums.raises, sums.sum_hi, sums.sum_lo)


def test_solver_situations_arguments_and_answers():
    """cs_solver_situations: the counts of cs_solver_situation for each situation, a status each."""
    from caribbean_exact.engine.pricing import solver_for

    s = solver_for(1113).handle
    players = ffi.new("uint8_t[]", [48, 45, 22, 9, 0, 1, 1, 2, 3, 4, 48, 45, 22, 9, 0])
    ups = ffi.new("uint8_t[]", [42, 5, 60])
    counts = ffi.new("uint32_t[]", 12)
    cats = ffi.new("uint8_t[]", 3)
    status = ffi.new("int32_t[]", 3)
    assert lib.cs_solver_situations(s, players, ups, 3, 2, counts, cats, status) == lib.CS_OK
    one = ffi.new("cs_deal_counts *")
    assert lib.cs_solver_situation(s, players, 42, one) == lib.CS_OK
    assert list(counts[0:4]) == [one.not_qualify, one.win, one.tie, one.lose] and cats[0] == one.player_category
    assert list(status) == [lib.CS_OK, lib.CS_E_DUPLICATE, lib.CS_E_CARD] and list(counts[4:12]) == [0] * 8
    assert lib.cs_solver_situations(s, ffi.NULL, ffi.NULL, 0, 1, ffi.NULL, ffi.NULL, ffi.NULL) == lib.CS_OK
    assert lib.cs_solver_situations(ffi.NULL, players, ups, 3, 1, counts, cats, status) == lib.CS_E_NULL
    assert lib.cs_solver_situations(s, ffi.NULL, ups, 3, 1, counts, cats, status) == lib.CS_E_NULL
    assert lib.cs_solver_situations(s, players, ups, 3, 1, counts, cats, ffi.NULL) == lib.CS_E_NULL
    assert lib.cs_solver_situations(s, players, ups, 3, 0, counts, cats, status) == lib.CS_E_ARG
    assert lib.cs_solver_situations(s, players, ups, 3, 65, counts, cats, status) == lib.CS_E_ARG


def test_switch_arguments():
    nets = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [3] * 10})
    out = ffi.new("cs_totals[]", 32)
    hand = ffi.new("uint8_t[]", [51, 45, 22, 8, 3])
    n = ffi.NULL
    assert lib.cs_switch(hand, 42, 2, 1113, nets, 0, 1, out, 32) == lib.CS_OK
    assert out[1].total_weight == 46 * 148995 and out[0].total_weight == 0
    assert lib.cs_switch(n, 42, 2, 1113, nets, 0, 1, out, 32) == lib.CS_E_NULL
    assert lib.cs_switch(hand, 42, 2, 1113, n, 0, 1, out, 32) == lib.CS_E_NULL
    assert lib.cs_switch(hand, 42, 2, 1113, nets, 0, 1, n, 32) == lib.CS_E_NULL
    assert lib.cs_switch(hand, 42, 2, 1113, nets, 0, 1, out, 33) == lib.CS_E_SIZE
    assert lib.cs_switch(hand, 42, 2, 7463, nets, 0, 1, out, 32) == lib.CS_E_ARG
    assert lib.cs_switch(hand, 42, 2, 1113, nets, 2, 1, out, 32) == lib.CS_E_ARG
    assert lib.cs_switch(hand, 42, 2, 1113, nets, 8, 1, out, 32) == lib.CS_E_ARG
    assert lib.cs_switch(hand, 42, 2, 1113, nets, 0, 0, out, 32) == lib.CS_E_ARG
    assert lib.cs_switch(hand, 42, 2, 1113, nets, 0, 65, out, 32) == lib.CS_E_ARG
    assert lib.cs_switch(hand, 51, 2, 1113, nets, 0, 1, out, 32) == lib.CS_E_DUPLICATE
    assert lib.cs_switch(hand, 52, 2, 1113, nets, 0, 1, out, 32) == lib.CS_E_CARD
    huge = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [1 << 41] * 10})
    assert lib.cs_switch(hand, 42, 2, 1113, huge, 0, 1, out, 32) == lib.CS_E_OVERFLOW


def test_switch_game_arguments():
    """cs_switch_game / cs_test_switch_game refuse every bad argument before any work (a valid call
    takes seconds a rank: tests/play/test_switch_game_exact.py)."""
    nets = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [3] * 10})
    out = ffi.new("cs_totals[]", 2)
    cells = lib.CS_SWITCH_GAME_CHOICE_CELLS
    ch = ffi.new("uint64_t[]", cells)
    ans = ffi.new("int64_t[]", 6)
    n = ffi.NULL
    g = lib.cs_switch_game
    assert g(1113, n, 1, 1, 0, 1, out, 2, ch, cells) == lib.CS_E_NULL
    assert g(1113, nets, 1, 1, 0, 1, n, 2, ch, cells) == lib.CS_E_NULL
    assert g(1113, nets, 1, 1, 0, 1, out, 3, ch, cells) == lib.CS_E_SIZE
    assert g(1113, nets, 1, 1, 0, 1, out, 2, ch, cells + 1) == lib.CS_E_SIZE
    assert g(7463, nets, 1, 1, 0, 1, out, 2, ch, cells) == lib.CS_E_ARG
    assert g(1113, nets, -1, 1, 0, 1, out, 2, ch, cells) == lib.CS_E_ARG
    assert g(1113, nets, (1 << 36) + 1, 1, 0, 1, out, 2, ch, cells) == lib.CS_E_ARG
    assert g(1113, nets, 1, 0, 0, 1, out, 2, ch, cells) == lib.CS_E_ARG
    assert g(1113, nets, 1, 1 << 13, 0, 1, out, 2, ch, cells) == lib.CS_E_ARG
    assert g(1113, nets, 1, 1, 4, 1, out, 2, ch, cells) == lib.CS_E_ARG
    assert g(1113, nets, 1, 1, 0, 0, out, 2, ch, cells) == lib.CS_E_ARG
    assert g(1113, nets, 1, 1, 0, 65, out, 2, ch, cells) == lib.CS_E_ARG
    huge = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [(1 << 36) + 1] * 10})
    assert g(1113, huge, 1, 1, 0, 1, out, 2, ch, cells) == lib.CS_E_OVERFLOW
    t = lib.cs_test_switch_game
    probe = ffi.new("uint8_t[]", [51, 45, 22, 9, 3, 40])
    assert t(1113, nets, 1, 1, 0, 1, out, 2, ch, cells, n, 1, ans) == lib.CS_E_NULL
    assert t(1113, nets, 1, 1, 0, 1, out, 2, ch, cells, probe, 1, n) == lib.CS_E_NULL
    assert t(1113, nets, 1, 1, 0, 1, out, 2, ch, cells, probe, 4097, ans) == lib.CS_E_SIZE
    odd = ffi.new("uint8_t[]", [51, 45, 22, 9, 3, 41])  # a probe's up card is of suit 0
    assert t(1113, nets, 1, 1, 0, 1, out, 2, ch, cells, odd, 1, ans) == lib.CS_E_ARG
    dup = ffi.new("uint8_t[]", [51, 45, 22, 9, 3, 51])
    assert t(1113, nets, 1, 1, 0, 1, out, 2, ch, cells, dup, 1, ans) == lib.CS_E_DUPLICATE
    bad = ffi.new("uint8_t[]", [51, 45, 22, 9, 52, 40])
    assert t(1113, nets, 1, 1, 0, 1, out, 2, ch, cells, bad, 1, ans) == lib.CS_E_CARD


def test_switch_game_given_arguments():
    """cs_switch_game_given / cs_test_switch_game_chosen refuse every bad argument before any work
    (a valid call takes a second a rank: tests/strategy/test_switch_lines_game.py); a choice that is
    not one of its hand's cards (nor a stand) is CS_E_ARG."""
    nets = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [3] * 10})
    out = ffi.new("cs_totals[]", 2)
    cells = lib.CS_SWITCH_GAME_CHOICE_CELLS
    ch = ffi.new("uint64_t[]", cells)
    hands = lib.CS_SWITCH_GAME_HANDS
    assert hands == 2349060 and lib.CS_SWITCH_NO_SWITCH == 255
    given = ffi.new("uint8_t[]", [255] * (2 * hands))
    n = ffi.NULL
    g = lib.cs_switch_game_given
    assert g(1113, n, 1, 0, 1, given, hands, out, 2, ch, cells) == lib.CS_E_NULL
    assert g(1113, nets, 1, 0, 1, n, hands, out, 2, ch, cells) == lib.CS_E_NULL
    assert g(1113, nets, 1, 0, 1, given, hands, n, 2, ch, cells) == lib.CS_E_NULL
    assert g(7463, nets, 1, 0, 1, given, hands, out, 2, ch, cells) == lib.CS_E_ARG
    assert g(1113, nets, 0, 0, 1, given, hands, out, 2, ch, cells) == lib.CS_E_ARG
    assert g(1113, nets, 1 << 13, 0, 1, given, hands, out, 2, ch, cells) == lib.CS_E_ARG
    assert g(1113, nets, 1, 4, 1, given, hands, out, 2, ch, cells) == lib.CS_E_ARG
    assert g(1113, nets, 1, 0, 0, given, hands, out, 2, ch, cells) == lib.CS_E_ARG
    assert g(1113, nets, 1, 0, 65, given, hands, out, 2, ch, cells) == lib.CS_E_ARG
    assert g(1113, nets, 1, 0, 1, given, hands - 1, out, 2, ch, cells) == lib.CS_E_SIZE
    assert g(1113, nets, 3, 0, 1, given, hands, out, 2, ch, cells) == lib.CS_E_SIZE  # two ranks: 2 x hands
    assert g(1113, nets, 1, 0, 1, given, hands, out, 3, ch, cells) == lib.CS_E_SIZE
    assert g(1113, nets, 1, 0, 1, given, hands, out, 2, ch, cells - 1) == lib.CS_E_SIZE
    huge = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [(1 << 36) + 1] * 10})
    assert g(1113, huge, 1, 0, 1, given, hands, out, 2, ch, cells) == lib.CS_E_OVERFLOW
    given[0] = 6  # hand 0 beside the deuce of clubs (card 0) is the cards 1 .. 5
    assert g(1113, nets, 1, 0, 1, given, hands, out, 2, ch, cells) == lib.CS_E_ARG
    given[0] = 0  # the up card
    assert g(1113, nets, 1, 0, 1, given, hands, out, 2, ch, cells) == lib.CS_E_ARG
    given[0] = 255
    given[2 * hands - 1] = 0  # the last hand beside the 3 of clubs (card 4) is 47 .. 51: the second rank's
    assert g(1113, nets, 3, 0, 1, given, 2 * hands, out, 2, ch, cells) == lib.CS_E_ARG
    t = lib.cs_test_switch_game_chosen
    chosen = ffi.new("uint8_t[]", hands)
    assert t(1113, n, 1, 1, 0, 1, out, 2, ch, cells, chosen, hands) == lib.CS_E_NULL
    assert t(1113, nets, 1, 1, 0, 1, out, 2, ch, cells, n, hands) == lib.CS_E_NULL
    assert t(1113, nets, 1, 1, 0, 1, n, 2, ch, cells, chosen, hands) == lib.CS_E_NULL
    assert t(1113, nets, -1, 1, 0, 1, out, 2, ch, cells, chosen, hands) == lib.CS_E_ARG
    assert t(1113, nets, 1, 0, 0, 1, out, 2, ch, cells, chosen, hands) == lib.CS_E_ARG
    assert t(1113, nets, 1, 1, 0, 1, out, 2, ch, cells, chosen, hands + 1) == lib.CS_E_SIZE
    assert t(1113, nets, 1, 1, 0, 1, out, 2, ch, cells - 1, chosen, hands) == lib.CS_E_SIZE
    assert t(1113, huge, 1, 1, 0, 1, out, 2, ch, cells, chosen, hands) == lib.CS_E_OVERFLOW


def test_switch_bounds_arguments():
    """cs_switch_bounds / cs_test_switch_bounds refuse every bad argument before any work (a valid
    call takes seconds a rank: tests/play/test_switch_bounds.py)."""
    nets = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [3] * 10})
    k = lib.CS_SWITCH_BOUND_SIZES
    fees = ffi.new("int64_t[]", [0, 1, 2, 3, 4, 5])
    und, pairs = ffi.new("uint64_t[]", k), ffi.new("uint64_t[]", k)
    listing, n_list = ffi.new("uint8_t[]", 32), ffi.new("size_t *")
    ans = ffi.new("int64_t[]", 33)
    n = ffi.NULL
    b = lib.cs_switch_bounds
    assert b(1113, n, fees, k, 0x3E, 1, 0, 1, und, pairs, k, listing, 4, n_list, n) == lib.CS_E_NULL
    assert b(1113, nets, n, k, 0x3E, 1, 0, 1, und, pairs, k, listing, 4, n_list, n) == lib.CS_E_NULL
    assert b(1113, nets, fees, k, 0x3E, 1, 0, 1, n, pairs, k, listing, 4, n_list, n) == lib.CS_E_NULL
    assert b(1113, nets, fees, k, 0x3E, 1, 0, 1, und, n, k, listing, 4, n_list, n) == lib.CS_E_NULL
    assert b(1113, nets, fees, k, 0x3E, 1, 0, 1, und, pairs, k, n, 4, n_list, n) == lib.CS_E_NULL
    assert b(1113, nets, fees, k, 0x3E, 1, 0, 1, und, pairs, k, listing, 4, n, n) == lib.CS_E_NULL
    assert b(1113, nets, fees, k - 1, 0x3E, 1, 0, 1, und, pairs, k, listing, 4, n_list, n) == lib.CS_E_SIZE
    assert b(1113, nets, fees, k, 0x3E, 1, 0, 1, und, pairs, k - 1, listing, 4, n_list, n) == lib.CS_E_SIZE
    assert b(7463, nets, fees, k, 0x3E, 1, 0, 1, und, pairs, k, listing, 4, n_list, n) == lib.CS_E_ARG
    assert b(1113, nets, fees, k, 0x41, 1, 0, 1, und, pairs, k, listing, 4, n_list, n) == lib.CS_E_ARG
    assert b(1113, nets, fees, k, 0x3E, 0, 0, 1, und, pairs, k, listing, 4, n_list, n) == lib.CS_E_ARG
    assert b(1113, nets, fees, k, 0x3E, 1 << 13, 0, 1, und, pairs, k, listing, 4, n_list, n) == lib.CS_E_ARG
    assert b(1113, nets, fees, k, 0x3E, 1, 4, 1, und, pairs, k, listing, 4, n_list, n) == lib.CS_E_ARG
    assert b(1113, nets, fees, k, 0x3E, 1, 0, 0, und, pairs, k, listing, 4, n_list, n) == lib.CS_E_ARG
    assert b(1113, nets, fees, k, 0x3E, 1, 0, 65, und, pairs, k, listing, 4, n_list, n) == lib.CS_E_ARG
    for bad in ([0, 1, -2, 3, 4, 5], [0, 1, 2, 3, lib.CS_SWITCH_BOUND_LIMIT + 1, 5]):
        assert b(1113, nets, ffi.new("int64_t[]", bad), k, 0x3E, 1, 0, 1, und, pairs, k, listing, 4, n_list,
                 n) == lib.CS_E_ARG
    huge = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3,
                                 "win": [lib.CS_SWITCH_BOUND_LIMIT + 1] * 10})
    assert b(1113, huge, fees, k, 0x3E, 1, 0, 1, und, pairs, k, listing, 4, n_list, n) == lib.CS_E_OVERFLOW
    five = ffi.new("cs_switch_five_game *")  # the five-card switch counted: the fees must allow five cards
    assert b(1113, nets, fees, k, 0x1E, 1, 0, 1, und, pairs, k, listing, 4, n_list, five) == lib.CS_E_ARG
    t = lib.cs_test_switch_bounds
    probe = ffi.new("uint8_t[]", [51, 45, 22, 9, 3, 40])
    assert t(1113, nets, fees, k, 0x3E, 1, 0, 1, und, pairs, k, listing, 4, n_list, n, n, 1, ans) == lib.CS_E_NULL
    assert t(1113, nets, fees, k, 0x3E, 1, 0, 1, und, pairs, k, listing, 4, n_list, n, probe, 1, n) == lib.CS_E_NULL
    assert t(1113, nets, fees, k, 0x3E, 1, 0, 1, und, pairs, k, listing, 4, n_list, n, probe, 4097,
             ans) == lib.CS_E_SIZE
    odd = ffi.new("uint8_t[]", [51, 45, 22, 9, 3, 41])
    assert t(1113, nets, fees, k, 0x3E, 1, 0, 1, und, pairs, k, listing, 4, n_list, n, odd, 1, ans) == lib.CS_E_ARG


def test_switch_five_arguments():
    """cs_test_switch_five refuses every bad argument before any work (a valid call counts a whole up
    rank, seconds: tests/engine/test_switch_five.py); no probes, nothing counted."""
    nets = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [3] * 10})
    probe = ffi.new("uint8_t[]", [51, 45, 22, 9, 3])
    out = ffi.new("int64_t[]", 1)
    n = ffi.NULL
    f = lib.cs_test_switch_five
    assert f(10, 1113, nets, 1, n, 0, n, n, 0) == lib.CS_OK
    assert f(10, 1113, n, 1, probe, 1, out, n, 0) == lib.CS_E_NULL
    assert f(10, 1113, nets, 1, n, 1, out, n, 0) == lib.CS_E_NULL
    assert f(10, 1113, nets, 1, probe, 1, n, n, 0) == lib.CS_E_NULL
    assert f(10, 1113, nets, 1, probe, 4097, out, n, 0) == lib.CS_E_SIZE
    sums = ffi.new("int64_t[]", 4)
    assert f(10, 1113, nets, 1, probe, 1, out, sums, 3) == lib.CS_E_SIZE
    assert f(13, 1113, nets, 1, probe, 1, out, n, 0) == lib.CS_E_ARG
    assert f(10, 7463, nets, 1, probe, 1, out, n, 0) == lib.CS_E_ARG
    assert f(10, 1113, nets, 0, probe, 1, out, n, 0) == lib.CS_E_ARG
    assert f(10, 1113, nets, 65, probe, 1, out, n, 0) == lib.CS_E_ARG
    huge = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [(1 << 20) + 1] * 10})
    assert f(10, 1113, huge, 1, probe, 1, out, n, 0) == lib.CS_E_OVERFLOW
    low = ffi.new("cs_nets *", {"fold": -(1 << 20) - 1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [3] * 10})
    assert f(10, 1113, low, 1, probe, 1, out, n, 0) == lib.CS_E_OVERFLOW
    two = ffi.new("uint8_t[]", [51, 45, 22, 9, 3, 1, 2, 4, 5, 40])  # the second probe holds the up card
    assert f(10, 1113, nets, 1, two, 2, out, n, 0) == lib.CS_E_DUPLICATE
    dup = ffi.new("uint8_t[]", [51, 45, 22, 9, 51])
    assert f(10, 1113, nets, 1, dup, 1, out, n, 0) == lib.CS_E_DUPLICATE
    bad = ffi.new("uint8_t[]", [51, 45, 22, 9, 52])
    assert f(10, 1113, nets, 1, bad, 1, out, n, 0) == lib.CS_E_CARD


def test_sorted_ranks_arguments():
    """cs_solve_sorted / cs_test_solve_sorted: every pointer, size, mask, qualifier, flag, thread count and
    the nets' limit checked; a probe's cards checked."""
    nets = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [3] * 10})
    out = ffi.new("cs_totals[]", lib.CS_SORTED_COUNTS)
    n, k, ak = ffi.NULL, lib.CS_SORTED_COUNTS, (1 << 12) | (1 << 11)
    assert lib.cs_solve_sorted(ak, 1113, ffi.NULL, 0, 1, out, k, n, n, 0) == lib.CS_E_NULL
    assert lib.cs_solve_sorted(ak, 1113, nets, 0, 1, ffi.NULL, k, n, n, 0) == lib.CS_E_NULL
    assert lib.cs_solve_sorted(ak, 1113, nets, 0, 1, out, k - 1, n, n, 0) == lib.CS_E_SIZE
    assert lib.cs_solve_sorted(ak, 1113, nets, 0, 1, out, k + 1, n, n, 0) == lib.CS_E_SIZE
    assert lib.cs_solve_sorted(1 << 13, 1113, nets, 0, 1, out, k, n, n, 0) == lib.CS_E_ARG
    assert lib.cs_solve_sorted(ak, 7463, nets, 0, 1, out, k, n, n, 0) == lib.CS_E_ARG
    assert lib.cs_solve_sorted(ak, 1113, nets, 2, 1, out, k, n, n, 0) == lib.CS_E_ARG  # no CS_IGNORE_UP
    assert lib.cs_solve_sorted(ak, 1113, nets, 0, 0, out, k, n, n, 0) == lib.CS_E_ARG
    assert lib.cs_solve_sorted(ak, 1113, nets, 0, 65, out, k, n, n, 0) == lib.CS_E_ARG
    chart = ffi.new("uint64_t[]", lib.CS_SORTED_CHART_CELLS)
    assert lib.cs_solve_sorted(ak, 1113, nets, 0, 1, out, k, chart, n, lib.CS_SORTED_CHART_CELLS) == lib.CS_E_NULL
    assert lib.cs_solve_sorted(ak, 1113, nets, 0, 1, out, k, n, chart, lib.CS_SORTED_CHART_CELLS) == lib.CS_E_NULL
    assert lib.cs_solve_sorted(ak, 1113, nets, 0, 1, out, k, chart, chart, lib.CS_SORTED_CHART_CELLS - 1) \
        == lib.CS_E_SIZE
    big = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [3] * 9 + [(1 << 40) + 1]})
    assert lib.cs_solve_sorted(ak, 1113, big, 0, 1, out, k, n, n, 0) == lib.CS_E_OVERFLOW
    counts = ffi.new("uint64_t[]", 4 * k)
    for cards, status in [([0, 1, 2, 3, 4, 4], lib.CS_E_DUPLICATE), ([0, 1, 2, 3, 4, 52], lib.CS_E_CARD)]:
        probes = ffi.new("uint8_t[]", cards)
        assert lib.cs_test_solve_sorted(ak, 1113, nets, 0, 1, out, k, n, n, 0, probes, 1, counts) == status
    probes = ffi.new("uint8_t[]", [0, 1, 2, 3, 4, 5])
    assert lib.cs_test_solve_sorted(ak, 1113, nets, 0, 1, out, k, n, n, 0, probes, 1, n) == lib.CS_E_NULL
    assert lib.cs_test_solve_sorted(ak, 1113, nets, 0, 1, out, k, n, n, 0, n, 1, counts) == lib.CS_E_NULL
    assert lib.cs_test_solve_sorted(ak, 1113, nets, 0, 1, out, k, n, n, 0, probes, 4097, counts) == lib.CS_E_SIZE
def test_sorted_seen_arguments():
    """cs_solve_sorted_seen / cs_test_solve_sorted_seen (edge sorting with a seen hole card): every pointer,
    size, mask, qualifier, flag, thread count and the nets' limit checked; a probe's seven cards checked."""
    nets = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [3] * 10})
    out = ffi.new("cs_totals[]", lib.CS_SORTED_SEEN_COUNTS)
    n, k, ak, cells = ffi.NULL, lib.CS_SORTED_SEEN_COUNTS, (1 << 12) | (1 << 11), lib.CS_SORTED_SEEN_CHART_CELLS
    f = lib.cs_solve_sorted_seen
    assert f(ak, 1113, ffi.NULL, 0, 1, out, k, n, n, 0) == lib.CS_E_NULL
    assert f(ak, 1113, nets, 0, 1, ffi.NULL, k, n, n, 0) == lib.CS_E_NULL
    assert f(ak, 1113, nets, 0, 1, out, k - 1, n, n, 0) == lib.CS_E_SIZE
    assert f(ak, 1113, nets, 0, 1, out, k + 1, n, n, 0) == lib.CS_E_SIZE
    assert f(1 << 13, 1113, nets, 0, 1, out, k, n, n, 0) == lib.CS_E_ARG
    assert f(ak, 7463, nets, 0, 1, out, k, n, n, 0) == lib.CS_E_ARG
    assert f(ak, 1113, nets, 2, 1, out, k, n, n, 0) == lib.CS_E_ARG  # no CS_IGNORE_UP
    assert f(ak, 1113, nets, 0, 0, out, k, n, n, 0) == lib.CS_E_ARG
    assert f(ak, 1113, nets, 0, 65, out, k, n, n, 0) == lib.CS_E_ARG
    chart = ffi.new("uint64_t[]", cells)
    assert f(ak, 1113, nets, 0, 1, out, k, chart, n, cells) == lib.CS_E_NULL
    assert f(ak, 1113, nets, 0, 1, out, k, n, chart, cells) == lib.CS_E_NULL
    assert f(ak, 1113, nets, 0, 1, out, k, chart, chart, cells - 1) == lib.CS_E_SIZE
    big = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [3] * 9 + [(1 << 40) + 1]})
    assert f(ak, 1113, big, 0, 1, out, k, n, n, 0) == lib.CS_E_OVERFLOW
    counts = ffi.new("uint64_t[]", 4 * k)
    g = lib.cs_test_solve_sorted_seen
    for cards, status in [([0, 1, 2, 3, 4, 5, 5], lib.CS_E_DUPLICATE), ([0, 1, 2, 3, 4, 5, 52], lib.CS_E_CARD)]:
        assert g(ak, 1113, nets, 0, 1, out, k, n, n, 0, ffi.new("uint8_t[]", cards), 1, counts) == status
    probes = ffi.new("uint8_t[]", [0, 1, 2, 3, 4, 5, 6])
    assert g(ak, 1113, nets, 0, 1, out, k, n, n, 0, probes, 1, n) == lib.CS_E_NULL
    assert g(ak, 1113, nets, 0, 1, out, k, n, n, 0, n, 1, counts) == lib.CS_E_NULL
    assert g(ak, 1113, nets, 0, 1, out, k, n, n, 0, probes, 4097, counts) == lib.CS_E_SIZE


def test_leak_arguments():
    """cs_solve_leak: the leak (kind, suit split, rank blocks numbered without a gap), the chart (all four
    tables or none, each of CS_LEAK_CHART_CELLS), and the arguments every solve checks."""
    nets = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [3] * 10})
    totals = ffi.new("cs_totals *")
    n = ffi.NULL
    cells = lib.CS_LEAK_CHART_CELLS
    rw, tw = ffi.new("uint64_t[]", cells), ffi.new("uint64_t[]", cells)
    lo, hi = ffi.new("uint16_t[]", cells), ffi.new("uint16_t[]", cells)

    def leak(kind=lib.CS_LEAK_SEEN_CLASS, split=lib.CS_SUITS_UNSEEN, blocks=(0,) * 9 + (1, 1, 1, 0)):
        return ffi.new("cs_leak *", {"kind": kind, "suit_split": split, "rank_block": list(blocks)})

    def chart(r=rw, t=tw, low=lo, high=hi, size=cells):
        return ffi.new("cs_leak_chart *", {"raise_weight": r, "total_weight": t, "lowest_raise": low,
                                           "highest_fold": high, "n": size})

    assert lib.cs_solve_leak(n, 1113, nets, 0, 1, totals, n) == lib.CS_E_NULL
    assert lib.cs_solve_leak(leak(kind=0), 1113, nets, 0, 1, totals, n) == lib.CS_E_ARG
    assert lib.cs_solve_leak(leak(kind=6), 1113, nets, 0, 1, totals, n) == lib.CS_E_ARG
    assert lib.cs_solve_leak(leak(split=3), 1113, nets, 0, 1, totals, n) == lib.CS_E_ARG
    assert lib.cs_solve_leak(leak(blocks=(0,) * 12 + (13,)), 1113, nets, 0, 1, totals, n) == lib.CS_E_ARG
    assert lib.cs_solve_leak(leak(blocks=(0,) * 12 + (2,)), 1113, nets, 0, 1, totals, n) == lib.CS_E_ARG  # gap
    burn = lib.CS_LEAK_BURN_CARD
    assert lib.cs_solve_leak(leak(burn), 1113, nets, 0, 1, totals, n) == lib.CS_E_ARG  # burn: blocks all 0
    assert lib.cs_solve_leak(leak(burn, 1, (0,) * 13), 1113, nets, 0, 1, totals, n) == lib.CS_E_ARG
    both = lib.CS_LEAK_SEEN_AND_BURN  # a seen card and the burn card: blocks all 0, the suit unseen, 8-card probes
    assert lib.cs_solve_leak(leak(both), 1113, nets, 0, 1, totals, n) == lib.CS_E_ARG
    assert lib.cs_solve_leak(leak(both, 2, (0,) * 13), 1113, nets, 0, 1, totals, n) == lib.CS_E_ARG
    assert lib.cs_solve_leak(leak(both, 0, (0,) * 13), 1113, nets, 0, 0, totals, n) == lib.CS_E_ARG
    assert lib.cs_solve_leak(leak(both, 0, (0,) * 13), 1113, nets, 0, 1, totals, chart(size=cells - 1)) == \
        lib.CS_E_SIZE
    eight, counts8 = ffi.new("uint8_t[]", [0, 1, 2, 3, 4, 5, 6, 6]), ffi.new("uint64_t[]", 4)  # the burn card seen
    assert lib.cs_test_solve_leak(leak(both, 0, (0,) * 13), 1113, nets, 0, 1, totals, n, eight, 1, counts8) == \
        lib.CS_E_DUPLICATE
    eight[7] = 52
    assert lib.cs_test_solve_leak(leak(both, 0, (0,) * 13), 1113, nets, 0, 1, totals, n, eight, 1, counts8) == \
        lib.CS_E_CARD
    assert lib.cs_solve_leak(leak(), 1113, ffi.NULL, 0, 1, totals, n) == lib.CS_E_NULL
    assert lib.cs_solve_leak(leak(), 1113, nets, 0, 1, ffi.NULL, n) == lib.CS_E_NULL
    assert lib.cs_solve_leak(leak(), 7463, nets, 0, 1, totals, n) == lib.CS_E_ARG
    assert lib.cs_solve_leak(leak(), 1113, nets, 4, 1, totals, n) == lib.CS_E_ARG
    assert lib.cs_solve_leak(leak(), 1113, nets, 0, 0, totals, n) == lib.CS_E_ARG
    assert lib.cs_solve_leak(leak(), 1113, nets, 0, lib.CS_MAX_THREADS + 1, totals, n) == lib.CS_E_ARG
    big = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [(1 << 40) + 1] * 10})
    assert lib.cs_solve_leak(leak(), 1113, big, 0, 1, totals, n) == lib.CS_E_OVERFLOW
    for partial in (chart(r=n), chart(t=n), chart(low=n), chart(high=n)):
        assert lib.cs_solve_leak(leak(), 1113, nets, 0, 1, totals, partial) == lib.CS_E_NULL
    for size in (0, cells - 1, cells + 1):
        assert lib.cs_solve_leak(leak(), 1113, nets, 0, 1, totals, chart(size=size)) == lib.CS_E_SIZE
    probes = ffi.new("uint8_t[]", [0, 1, 2, 3, 4, 5, 5])  # a card twice
    counts = ffi.new("uint64_t[]", 4)
    assert lib.cs_test_solve_leak(leak(), 1113, nets, 0, 1, totals, n, probes, 1, counts) == lib.CS_E_DUPLICATE
    assert lib.cs_test_solve_leak(leak(), 1113, nets, 0, 1, totals, n, probes, 1, n) == lib.CS_E_NULL
    assert lib.cs_test_solve_leak(leak(), 1113, nets, 0, 1, totals, n, n, 1, counts) == lib.CS_E_NULL
    assert lib.cs_test_solve_leak(leak(), 1113, nets, 0, 1, totals, n, probes, 4097, counts) == lib.CS_E_SIZE
    bad_card = ffi.new("uint8_t[]", [0, 1, 2, 3, 4, 5, 52])
    assert lib.cs_test_solve_leak(leak(), 1113, nets, 0, 1, totals, n, bad_card, 1, counts) == lib.CS_E_CARD


def test_combined_leak_arguments():
    """cs_solve_leak's combined leaks: a seen card and a class, the burn card and a class: rank blocks
    (numbered without a gap), the suit unseen, 8-card probes."""
    nets = ffi.new("cs_nets *", {"fold": -1, "not_qualify": 1, "tie": 0, "lose": -3, "win": [3] * 10})
    totals, n = ffi.new("cs_totals *"), ffi.NULL

    def leak(kind, split=lib.CS_SUITS_UNSEEN, blocks=(0,) * 9 + (1, 1, 1, 0)):
        return ffi.new("cs_leak *", {"kind": kind, "suit_split": split, "rank_block": list(blocks)})

    with_class, burn_class = lib.CS_LEAK_SEEN_AND_CLASS, lib.CS_LEAK_BURN_AND_CLASS
    assert (with_class, burn_class) == (4, 5)
    for kind in (with_class, burn_class):
        assert lib.cs_solve_leak(leak(kind, lib.CS_SUITS_COLOUR), 1113, nets, 0, 1, totals, n) == lib.CS_E_ARG
        assert lib.cs_solve_leak(leak(kind, lib.CS_SUITS_SUIT), 1113, nets, 0, 1, totals, n) == lib.CS_E_ARG
        assert lib.cs_solve_leak(leak(kind, 0, (0,) * 12 + (2,)), 1113, nets, 0, 1, totals, n) == lib.CS_E_ARG
        eight = ffi.new("uint8_t[]", [0, 1, 2, 3, 4, 5, 6, 6])
        assert lib.cs_test_solve_leak(leak(kind), 1113, nets, 0, 1, totals, n, eight, 1,
                                      ffi.new("uint64_t[]", 4)) == lib.CS_E_DUPLICATE
    assert lib.cs_solve_leak(leak(6), 1113, nets, 0, 1, totals, n) == lib.CS_E_ARG
