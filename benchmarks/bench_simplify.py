"""simplify.frontier: the time of one set of rules, cold (fresh process: import, the counting for
the qualifier, the frontier) and warm (the counting cached), for every built-in pay table and a few
other rules; the goal is under 10 s per set of rules. Also the card (frontier + grid + one PDF).

    python benchmarks/bench_simplify.py [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

from common import machine, median

COLD = """
import json, time
t0 = time.perf_counter()
from caribbean_exact.strategy.simplify import frontier
from caribbean_exact.model.rules import Rules
f = frontier(Rules.make(None, {q!r}))
print(json.dumps({{"total": time.perf_counter() - t0, "points": [[p.lines, str(p.cost_total)] for p in f.points]}}))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    print(machine())
    from caribbean_exact.engine.pricing import solver_for
    from caribbean_exact.model.rules import Rules, builtin_paytables
    from caribbean_exact.render.strategy.strategy_card import draw
    from caribbean_exact.strategy.simplify import frontier
    from caribbean_exact.strategy.strategy_card import strategy_card

    for q in ("AK", "pair"):
        cold = [json.loads(subprocess.run([sys.executable, "-c", COLD.format(q=q)], capture_output=True, text=True,
                                          check=True).stdout) for _ in range(args.runs)]
        print(f"cold, qualifier {q}: {median([c['total'] for c in cold]):.2f} s "
              f"(import + counting + frontier); frontier {cold[0]['points']}")
    rule_sets = [Rules(paytable=p) for _, p in sorted(builtin_paytables().items())]
    rule_sets += [Rules.make("standard", "pair"), Rules.make("standard", "AK", 5, 1000),
                  Rules.make("200,60,25,8,6,4,3,2,1,1")]
    for r in rule_sets:
        solver_for(r.qualifier.value)
        times = []
        for _ in range(args.runs):
            t = time.perf_counter()
            f = frontier(r)
            times.append(time.perf_counter() - t)
        print(f"warm {r.paytable.name:>12} q={r.qualifier.label:<5} cap={r.max_payout!s:<5}: "
              f"{median(times):.2f} s, lines {[p.lines for p in f.points]}")
    t = time.perf_counter()
    draw(strategy_card(), "pdf")
    print(f"card (frontier, grid, one PDF page): {time.perf_counter() - t:.2f} s")


if __name__ == "__main__":
    main()
