"""(b) The whole game: cold solve, further pay tables, peak memory; (c) a brute-force baseline.

(b) ``caribbean_exact.play.game.solve()`` in fresh processes (wall time from before the import to
the report, and of the solve() call alone; peak RSS from getrusage), its phases measured in
other fresh processes (table build cs_init, the Python rules set-up, the solver's counting
cs_solver_new, the first price), then, in this process, the time of each further pay table with
the same qualifier (Solver.price) and of the counting with 1 and 2 threads.
(c) benchmarks/bruteforce.c (its own evaluator; compiled here with cc -O3) makes one pass over
the C(47, 5) dealer hands of each player hand of an evenly spread slice of the 134,459 suit-
distinct hands; its counts are checked against the solver and its time is extrapolated.

    python benchmarks/bench_game.py [--runs 5] [--slice 24]
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

from common import fmt_ms, machine, median

HERE = pathlib.Path(__file__).resolve().parent

COLD = """
import json, resource, time
t0 = time.perf_counter()
from caribbean_exact.play import game
t1 = time.perf_counter()
r = game.solve()
t2 = time.perf_counter()
assert r.total_return == -1_041_372_912_372, r.total_return
print(json.dumps({"total": t2 - t0, "import": t1 - t0, "solve": t2 - t1,
                  "maxrss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

PHASES = """
import json, time
t0 = time.perf_counter()
from caribbean_exact.engine import _ffi, pricing
from caribbean_exact._core import lib
from caribbean_exact.model.rules import Rules
t1 = time.perf_counter(); lib.cs_init()
t2 = time.perf_counter(); rules = Rules.make(); nets = rules.nets().scaled()
t3 = time.perf_counter(); solver = _ffi.Solver(rules.qualifier.value, pricing.default_threads())
t4 = time.perf_counter(); solver.price(nets)
t5 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "cs_init": t2 - t1, "rules": t3 - t2, "solver_new": t4 - t3,
                  "price": t5 - t4}))
"""


def fresh(code: str) -> dict:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def bench_cold(runs: int) -> dict[str, list[float]]:
    res: dict[str, list[float]] = {}
    for _ in range(runs):
        for k, v in fresh(COLD).items():
            res.setdefault(k, []).append(v)
    for _ in range(runs):
        for k, v in fresh(PHASES).items():
            res.setdefault("phase " + k, []).append(v)
    return res


def bench_warm(runs: int):
    from caribbean_exact.engine import _ffi, pricing
    from caribbean_exact.model.rules import Rules, builtin_paytables
    from caribbean_exact.play import game
    q = Rules.make().qualifier.value
    solver = pricing.solver_for(q)
    tables = [name for name in builtin_paytables() if name != "standard"]
    price = []
    for name in tables:
        nets = Rules.make(paytable=name).nets().scaled()
        solver.price(nets)
        price.append(median([_timed(lambda nets=nets: solver.price(nets)) for _ in range(runs)]))
    report = []
    for name in tables:
        report.append(_timed(lambda name=name: game.solve(paytable=name)))
    build = {}
    for threads in (1, 2):
        build[threads] = [_timed(lambda threads=threads: _ffi.Solver(q, threads)) for _ in range(runs)]
    return solver, tables, price, report, build


def _timed(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def bench_bruteforce(solver, n_slice: int):
    hands = solver.hands()
    step = len(hands) // n_slice
    chosen = [hands[i * step + step // 2][0] for i in range(n_slice)]
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "bruteforce")
        subprocess.run(["cc", "-O3", "-o", exe, str(HERE / "bruteforce.c")], check=True)
        stdin = "1113\n" + "".join(" ".join(map(str, h)) + "\n" for h in chosen)
        out = subprocess.run([exe], input=stdin, capture_output=True, text=True, check=True)
    seconds = float(out.stderr.strip().splitlines()[-1])
    lines = out.stdout.split("\n")
    bad = 0
    for k, hand in enumerate(chosen):
        for line in lines[k * 47:(k + 1) * 47]:
            u, nq, win, tie, lose = map(int, line.split())
            s = solver.situation(list(hand), u)
            bad += (s.not_qualify, s.win, s.tie, s.lose) != (nq, win, tie, lose)
    return seconds / n_slice, len(hands), bad


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--slice", type=int, default=24, help="player hands for the brute force (0: skip)")
    args = ap.parse_args()
    print("machine:", machine())
    cold = bench_cold(args.runs)
    solver, tables, price, report, build = bench_warm(max(args.runs, 5))
    m = {k: median(v) for k, v in cold.items()}
    print(f"\n(b) whole game, medians of {args.runs} fresh processes (default threads: "
          f"{os.cpu_count() and min(os.cpu_count() or 1, 8)})")
    print(f"  cold: import + game.solve()        {fmt_ms(m['total']):>10}   "
          f"(runs {fmt_ms(min(cold['total']))}..{fmt_ms(max(cold['total']))})")
    print(f"    of which game.solve() alone      {fmt_ms(m['solve']):>10}")
    print(f"  phases in a fresh process: import {fmt_ms(m['phase import'])}, "
          f"cs_init (value table) {fmt_ms(m['phase cs_init'])}, Rules.make {fmt_ms(m['phase rules'])}, "
          f"cs_solver_new {fmt_ms(m['phase solver_new'])}, first price {fmt_ms(m['phase price'])}")
    print(f"  peak memory (maxrss)               {m['maxrss_mib']:>7.0f} MiB")
    print(f"  further pay table, Solver.price    {fmt_ms(median(price)):>10}   "
          f"(median over {len(tables)} tables, each a median of {max(args.runs, 5)})")
    print(f"  further pay table, game.solve()    {fmt_ms(median(report)):>10}   (Python rules and totals included)")
    for t, v in build.items():
        print(f"  cs_solver_new, {t} thread{'s' if t > 1 else ' '}          {fmt_ms(median(v)):>10}   "
              f"(warm tables, median of {len(v)})")
    if args.slice <= 0:
        return
    per_hand, n_hands, bad = bench_bruteforce(solver, args.slice)
    total_bf = per_hand * n_hands
    fast = median(build[1])
    print(f"\n(c) brute force (benchmarks/bruteforce.c, cc -O3, one thread): {fmt_ms(per_hand)} per player hand, "
          f"{args.slice} hands timed; counts {'agree' if not bad else f'DISAGREE in {bad} situations'}")
    print(f"  extrapolated to {n_hands:,} hands: {total_bf:,.0f} s "
          f"= {total_bf / fast:,.0f}x the solver's counting on one thread ({fmt_ms(fast)})")


if __name__ == "__main__":
    main()
