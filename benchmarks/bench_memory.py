"""Peak memory of ``compare`` over many pay tables and ``cap`` over many ante sizes.

Each measurement runs in a fresh process and reads its own peak resident set (``ru_maxrss``),
so one figure never inherits another's peak.

    python benchmarks/bench_memory.py [--sizes 10,1000] [--what compare,cap]

Tables are distinct (royal pay 100, 101, ...: every one has its own nets and strategy); antes
run 1, 2, ... under a cap of 5,000 (each ante above 25 has its own capped nets).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

from common import machine

CHILD = r"""
import json, resource, sys, time
import caribbean_exact as ce
from caribbean_exact.model.rules import Paytable
from fractions import Fraction
what, n = sys.argv[1], int(sys.argv[2])
start = time.perf_counter()
if what == "compare":
    tables = {f"t{i}": Paytable(f"t{i}", tuple(Fraction(p) for p in (100 + i, 50, 20, 7, 5, 4, 3, 2, 1, 1)))
              for i in range(n)}
    rows = ce.compare(list(tables), paytables=tables)
    assert len(rows) == n
else:
    s = ce.cap_study(antes=list(range(1, n + 1)), max_payout=5000)
    assert len(s.rows) == n
seconds = time.perf_counter() - start
print(json.dumps({"peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "seconds": seconds}))
"""


def measure(what: str, n: int) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", CHILD, what, str(n)], capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10,1000")
    ap.add_argument("--what", default="compare,cap")
    args = ap.parse_args()
    print(machine())
    print(f"{'what':<10} {'n':>6} {'peak MiB':>10} {'seconds':>9}")
    for what in args.what.split(","):
        for n in (int(x) for x in args.sizes.split(",")):
            t = time.perf_counter()
            r = measure(what, n)
            wall = time.perf_counter() - t
            print(f"{what:<10} {n:>6} {r['peak_mib']:>10.0f} {r['seconds']:>9.1f}   (process {wall:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
