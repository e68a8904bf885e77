"""Known dealer cards: the exact games with 1-3 hole cards seen, a brute force beside them, and sampling.

    python benchmarks/bench_known.py [--runs 5] [--slice 20000]   # (e) exact, (f) brute force, (g) sampling
    python benchmarks/bench_known.py --sampling-only                # (g) alone: runs on older builds too

(e) ``known_cards.solve_seen_cards(k)`` (the public call) and the core call alone, medians of ``--runs``
    wall-clock runs on 1 and 2 threads.
(f) a plain brute force (benchmarks/bruteforce.c "seen": every completion of every situation looked
    up in a value table) on a random slice of (hand, up card, seen set) situations, its counts checked
    against cs_solve_seen's, extrapolated to every situation; the ratio is to the exact counting on
    one thread.
(g) ``sampling.sample`` per deal on one thread (CPU time, median of ``--runs``), colluding players
    and known cards; on a build with the dedicated path also the card-by-card path (CS_SAMPLE_GENERIC)
    on the same deals. Run --sampling-only with an older build installed for the "before" figures.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import subprocess
import tempfile
import time
from pathlib import Path

from common import machine, median

import caribbean_exact as ce
from caribbean_exact.engine import _ffi
from caribbean_exact.engine.pricing import solver_for
from caribbean_exact.play import known_cards, sampling

HERE = Path(__file__).resolve().parent
QUALIFIER = ce.Rules().qualifier.value


def bench_exact(runs: int) -> dict[tuple[int, int], tuple[float, float]]:
    nets = ce.Rules().nets().scaled()
    out = {}
    known_cards.solve_seen_cards(2)  # warm: tables, rules
    for k in (1, 2, 3):
        for threads in (1, 2):
            api = [_wall(lambda k=k, t=threads: known_cards.solve_seen_cards(k, threads=t)) for _ in range(runs)]
            core = [_wall(lambda k=k, t=threads: _ffi.solve_seen(k, QUALIFIER, nets, 0, t)) for _ in range(runs)]
            out[k, threads] = (median(api), median(core))
    return out


def _wall(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def bench_bruteforce(k: int, n: int) -> tuple[float, int]:
    rng = random.Random(k)
    situations = [rng.sample(range(52), 6 + k) for _ in range(n)]
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "bruteforce")
        subprocess.run(["cc", "-O3", "-o", exe, str(HERE / "bruteforce.c")], check=True)
        stdin = f"seen {QUALIFIER} {k}\n" + "".join(" ".join(map(str, s)) + "\n" for s in situations)
        res = subprocess.run([exe], input=stdin, capture_output=True, text=True, check=True)
    seconds = float(res.stderr.strip().splitlines()[-1])
    got = [tuple(map(int, line.split())) for line in res.stdout.splitlines()]
    nets = ce.Rules().nets().scaled()
    bad = 0
    for at in range(0, n, 4096):
        _, _, counts = _ffi.solve_seen(k, QUALIFIER, nets, 0, 2, probes=situations[at:at + 4096])
        bad += sum(a != b for a, b in zip(counts, got[at:at + 4096]))
    return seconds / n, bad


SAMPLED = [(0, 2), (0, 3), (0, 4), (0, 5), (0, 6), (0, 7), (1, 1), (2, 1), (3, 1)]


def _cpu(fn) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def bench_sampling(runs: int, deals: int) -> dict[tuple[int, int], tuple[float, float | None]]:
    rules = ce.Rules()
    solver_for(rules.qualifier.value)
    ce.solve(rules=rules)
    generic = getattr(_ffi, "SAMPLE_GENERIC", None)
    nets = rules.nets().scaled()
    base = solver_for(rules.qualifier.value)
    out: dict[tuple[int, int], tuple[float, float | None]] = {}
    for k, players in SAMPLED:
        def api(seed: int, k: int = k, players: int = players) -> None:
            sampling.sample(rules, k, players, deals, seed, threads=1)
        api(0)
        fast = median([_cpu(lambda s=s: api(s)) for s in range(1, runs + 1)]) / deals
        slow = None
        if generic is not None:
            def card_by_card(seed: int, k: int = k, players: int = players) -> None:
                _ffi.sample_deals(rules.qualifier.value, nets, k, players - 1, seed, 0, deals, 1, base, 0, generic)
            slow = median([_cpu(lambda s=s: card_by_card(s)) for s in range(1, runs + 1)]) / deals
        out[k, players] = (fast, slow)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--slice", type=int, default=20_000, help="situations for the brute force (0: skip)")
    ap.add_argument("--deals", type=int, default=20_000, help="deals per sampling run")
    ap.add_argument("--sampling-only", action="store_true")
    args = ap.parse_args()
    print("machine:", machine())
    if not args.sampling_only:
        exact = bench_exact(args.runs)
        print(f"\n(e) exact games with k dealer hole cards seen, medians of {args.runs} runs (wall clock)")
        print("  k  threads  solve_seen_cards(k)  core cs_solve_seen")
        for (k, t), (api, core) in exact.items():
            print(f"  {k}  {t:>7}  {api * 1e3:>16.0f} ms  {core * 1e3:>15.0f} ms")
        if args.slice > 0:
            print(f"\n(f) brute force (bruteforce.c seen, cc -O3, one thread), {args.slice:,} random situations each")
            for k in (2, 3):
                per, bad = bench_bruteforce(k, args.slice)
                situations = _ffi.NUM_HANDS * 47 * math.comb(46, k)
                total = per * situations
                core1 = exact[k, 1][1]
                print(f"  k = {k}: {per * 1e6:.2f} us a situation, counts "
                      f"{'agree' if not bad else f'DISAGREE in {bad}'}; x {situations:,} situations = "
                      f"{total:,.0f} s ({total / 86400:,.1f} days) = {total / core1:,.0f}x the exact counting "
                      f"on one thread ({core1 * 1e3:.0f} ms)")
    samp = bench_sampling(args.runs, args.deals)
    print(f"\n(g) sampling.sample per deal, one thread, CPU time, median of {args.runs} runs of {args.deals:,} deals")
    print("  known  players  per deal    card by card (same build)  ratio")
    for (k, players), (fast, slow) in samp.items():
        extra = f"{slow * 1e6:>10.2f} us  {slow / fast:>20.1f}x" if slow is not None else ""
        print(f"  {k:>5}  {players:>7}  {fast * 1e6:>6.2f} us  {extra}")


if __name__ == "__main__":
    main()
