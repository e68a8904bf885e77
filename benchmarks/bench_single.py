"""(a) One exhaustive single-hand query: every dealer completion of one (hand, up card).

caribbean-exact: ``caribbean_exact.engine._ffi.deal(player, up, (), (), 1113)`` (163,185 completions,
outcome counts and the dealer's category distribution), median over random queries.
treys (pure Python) and eval7 (compiled evaluator): the same query written the obvious way, a
loop over ``itertools.combinations`` of the 46 unseen cards evaluating each dealer hand; timed
on the first N completions of several queries and extrapolated to 163,185 (stated in the
output). One full query of each is checked against caribbean-exact's counts.

    python benchmarks/bench_single.py [--runs 5] [--queries 100]
"""

from __future__ import annotations

import argparse
import itertools
import random
import time

from common import card_text, fmt_ms, machine, median

from caribbean_exact.engine import _ffi

QUALIFIER = 1113  # "AK": the lowest ace-king high hand, A K 4 3 2
COMPLETIONS = 163_185


def random_queries(n: int, seed: int = 1) -> list[tuple[list[int], int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        c = rng.sample(range(52), 6)
        out.append((c[:5], c[5]))
    return out


def ours(queries, runs: int) -> list[float]:
    _ffi.deal(*queries[0], (), (), QUALIFIER)  # tables built once, outside the timing
    medians = []
    for _ in range(runs):
        ts = []
        for p, u in queries:
            t = time.perf_counter()
            _ffi.deal(p, u, (), (), QUALIFIER)
            ts.append(time.perf_counter() - t)
        medians.append(median(ts))
    return medians


def treys_query(p: list[int], u: int, limit: int | None):
    """nq, win, tie, lose and dealer classes, the obvious way with treys (lower rank is better)."""
    from treys import Card, Evaluator
    ev = Evaluator()
    tc = {c: Card.new(card_text(c)) for c in range(52)}
    player = [tc[c] for c in p]
    p_rank = ev.evaluate(player[:2], player[2:])
    q = [Card.new(s) for s in ("Ac", "Kd", "4h", "3s", "2c")]
    q_rank = ev.evaluate(q[:2], q[2:])  # dealer qualifies iff its rank <= q_rank
    unseen = [tc[c] for c in range(52) if c not in p and c != u]
    up = tc[u]
    nq = win = tie = lose = 0
    classes = [0] * 10
    for combo in itertools.islice(itertools.combinations(unseen, 4), limit):
        d = ev.evaluate([up, combo[0]], list(combo[1:]))
        classes[ev.get_rank_class(d)] += 1
        if d > q_rank:
            nq += 1
        elif d > p_rank:
            win += 1
        elif d == p_rank:
            tie += 1
        else:
            lose += 1
    return nq, win, tie, lose


def eval7_query(p: list[int], u: int, limit: int | None):
    """The same with eval7 (higher value is better)."""
    import eval7
    ec = {c: eval7.Card(card_text(c)) for c in range(52)}
    p_val = eval7.evaluate([ec[c] for c in p])
    q_val = eval7.evaluate([eval7.Card(s) for s in ("Ac", "Kd", "4h", "3s", "2c")])
    unseen = [ec[c] for c in range(52) if c not in p and c != u]
    up = ec[u]
    nq = win = tie = lose = 0
    types: dict[str, int] = {}
    for combo in itertools.islice(itertools.combinations(unseen, 4), limit):
        d = eval7.evaluate([up, *combo])
        t = eval7.handtype(d)
        types[t] = types.get(t, 0) + 1
        if d < q_val:
            nq += 1
        elif d < p_val:
            win += 1
        elif d == p_val:
            tie += 1
        else:
            lose += 1
    return nq, win, tie, lose


def extrapolated(fn, queries, limit: int, runs: int) -> list[float]:
    """Per full query (163,185 completions), from timings of `limit` completions."""
    out = []
    for _ in range(runs):
        ts = []
        for p, u in queries:
            t = time.perf_counter()
            fn(p, u, limit)
            ts.append((time.perf_counter() - t) * COMPLETIONS / limit)
        out.append(median(ts))
    return out


def check(name, fn, p, u) -> None:
    d = _ffi.deal(p, u, (), (), QUALIFIER)
    got = fn(p, u, None)
    want = (d.not_qualify, d.win, d.tie, d.lose)
    status = "agree" if got == want else f"DISAGREE {got} != {want}"
    print(f"  full query {' '.join(card_text(c) for c in p)} up {card_text(u)} with {name}: counts {status}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--queries", type=int, default=100)
    ap.add_argument("--treys-n", type=int, default=5000, help="completions timed per treys query")
    ap.add_argument("--eval7-n", type=int, default=20000, help="completions timed per eval7 query")
    ap.add_argument("--no-check", action="store_true", help="skip the full-query cross checks")
    ap.add_argument("--only-core", action="store_true", help="time caribbean-exact only")
    args = ap.parse_args()
    print("machine:", machine())
    queries = random_queries(args.queries)
    rows = []
    m = ours(queries, args.runs)
    base = median(m)
    rows.append(("caribbean-exact _ffi.deal (C core)", f"{args.queries} queries, full", base, m))
    few = queries[:5]
    if args.only_core:
        print(f"caribbean-exact _ffi.deal: {fmt_ms(base)} per query (median of {args.runs} runs, "
              f"{fmt_ms(min(m))}..{fmt_ms(max(m))})")
        return
    for name, label, query, n in (("treys", "treys loop (pure Python)", treys_query, args.treys_n),
                                  ("eval7", "eval7 loop (compiled evaluator)", eval7_query, args.eval7_n)):
        try:
            t = extrapolated(query, few, n, args.runs)
            rows.append((label, f"5 queries x {n:,} completions, extrapolated", median(t), t))
            if not args.no_check:
                check(name, query, *queries[0])
        except ImportError:
            print(f"  {name} not installed (pip install -e '.[bench]')")
    print(f"\none query, 163,185 dealer completions; median of {args.runs} runs (each a median over queries)")
    print(f"{'method':38} {'per query':>12} {'ratio':>9}  {'runs (min..max)':>22}  timed")
    for name, how, t, runs in rows:
        print(f"{name:38} {fmt_ms(t):>12} {t / base:>8,.0f}x  "
              f"{fmt_ms(min(runs)) + '..' + fmt_ms(max(runs)):>22}  {how}")


if __name__ == "__main__":
    main()
