"""Edge sorting, exact: ``solve_sorted_ranks`` (the public call, with its chart and thresholds) and the
core call alone (cs_solve_sorted, totals only), medians of ``--runs`` wall-clock runs on 1 and 2 threads.

    python benchmarks/bench_sorted.py [--runs 5]

The issue's goal: ``solve --sorted-ranks AK`` in at most 2 s (bench_cli.py times the command).
"""

from __future__ import annotations

import argparse
import time

from common import machine, median

import caribbean_exact as ce
from caribbean_exact.engine import _ffi
from caribbean_exact.play.edge_sorting import parse_ranks

QUALIFIER = ce.Rules().qualifier.value


def _wall(fn) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    nets = ce.Rules().nets().scaled()
    ce.solve_sorted_ranks("AK")  # warm: tables, rules
    print(machine())
    print(f"| ranks | threads | solve_sorted_ranks (median of {args.runs}) | cs_solve_sorted alone |")
    print("|---|---:|---:|---:|")
    for ranks in ("A", "AK", "AKQJ"):
        mask = sum(1 << r for r in parse_ranks(ranks))
        for threads in (1, 2):
            api = [_wall(lambda r=ranks, t=threads: ce.solve_sorted_ranks(r, threads=t)) for _ in range(args.runs)]
            core = [_wall(lambda m=mask, t=threads: _ffi.solve_sorted(m, QUALIFIER, nets, 0, t))
                    for _ in range(args.runs)]
            print(f"| {ranks} | {threads} | {median(api):.3f} s | {median(core):.3f} s |", flush=True)


if __name__ == "__main__":
    main()
