"""The bought sixth card: one hand's options, exact, and the whole game, exact.

    python benchmarks/bench_sixth.py [--runs 3] [--fees 1,0,2,1/2] [--threads 2]

Prints (never asserts), medians of the runs:
(a) ``switch_ev(hand, up, rules=Rules.make(buy_fee=1))`` (the public call: standing and buying, every
    one of the 46 cards and every dealer hand) and with switch fees 1,1,1,1,1 beside it (every option);
(b) the CLI end to end, ``caribbean-exact ev HAND --up X --buy-fee 1`` in a fresh process;
(c) the whole game ``solve_sixth_game(Rules.make(buy_fee=F))`` for each fee (the public call; each
    run in a fresh process so nothing is cached), its CPU time and the process's peak memory.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

from common import machine, median

GAME = """
import json, resource, sys, time
from caribbean_exact.model.rules import Rules
from caribbean_exact.play.sixth_game import solve_sixth_game
t, c = time.perf_counter(), time.process_time()
g = solve_sixth_game(Rules.make(buy_fee=sys.argv[1]), threads=int(sys.argv[2]))
print(json.dumps({"wall": time.perf_counter() - t, "cpu": time.process_time() - c,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "house_edge": str(g.house_edge), "eor": str(g.element_of_risk),
                  "buy": str(g.buy_probability)}))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--fees", default="1,0,2,1/2")
    ap.add_argument("--threads", type=int, default=2)
    a = ap.parse_args()
    from caribbean_exact.model.rules import Rules
    from caribbean_exact.play.switching import switch_ev

    print(machine())
    hands = [("As Ks Qs Js 2d", "5h"), ("As Kd 7h 4c 2s", "Qh"), ("7c 7d 7h Ks 2d", "Ac")]
    for label, fees in (("stand or buy", None), ("stand, buy or any switch (1,1,1,1,1)", "1,1,1,1,1")):
        times = []
        for _ in range(a.runs):
            for h, u in hands:
                t = time.perf_counter()
                switch_ev(h, u, fees, rules=Rules.make(buy_fee=1))
                times.append(time.perf_counter() - t)
        print(f"(a) one hand, {label}: {median(times) * 1e3:.0f} ms (median of {len(times)})")
    cli = []
    for _ in range(a.runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "caribbean_exact", "ev", "As Ks Qs Js 2d", "--up", "5h",
                        "--buy-fee", "1"], check=True, capture_output=True)
        cli.append(time.perf_counter() - t)
    print(f"(b) CLI ev --buy-fee 1, fresh process: {median(cli):.2f} s")
    for fee in a.fees.split(","):
        runs = [json.loads(subprocess.run([sys.executable, "-c", GAME, fee, str(a.threads)], check=True,
                                          capture_output=True, text=True).stdout) for _ in range(a.runs)]
        r = runs[0]
        print(f"(c) whole game, fee {fee}: wall {median([x['wall'] for x in runs]):.1f} s, CPU "
              f"{median([x['cpu'] for x in runs]):.1f} s, peak {max(x['rss_mb'] for x in runs):.0f} MB; "
              f"house edge {r['house_edge']} ({float(eval_fraction(r['house_edge'])):.4%}), element of risk "
              f"{float(eval_fraction(r['eor'])):.4%}, P(buy) {float(eval_fraction(r['buy'])):.4%}")


def eval_fraction(text: str) -> float:
    from fractions import Fraction

    return float(Fraction(text))


if __name__ == "__main__":
    main()
