"""(d) End to end from the command line: each command in a fresh process, median of several runs.

The issues' goals: chart and strategies under 2 s for any rules; compare, bonus, progressive and cap
under 2 s each; the exact one-seen-card game (aim: seconds), with its chart's rules; edge sorting
(solve --sorted-ranks AK: at most 2 s); the leaks (a seen class, the burn card: exact whole games); the
printable chart (--plot, one page for the standard rules,
five under --qualifier 3; one page of rules under --qualifier pair).
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

from common import machine

COMMANDS = [
    ["ev", "As Kd 7h 4c 2s", "--up", "Qh"],
    ["solve"],
    ["chart"],
    ["strategies"],
    ["compare"],
    ["cap"],
    ["bonus"],
    ["progressive"],
    ["paytables"],
    ["solve", "--known-dealer-cards", "1"],
    ["solve", "--known-dealer-cards", "1", "--table", "figures"],
    ["solve", "--known-dealer-cards", "2"],
    ["solve", "--known-dealer-cards", "2", "--table", "figures"],
    ["solve", "--known-dealer-cards", "3"],
    ["solve", "--known-dealer-cards", "3", "--table", "figures"],
    ["solve", "--known-dealer-cards", "2", "--sample", "--deals", "20000"],
    ["solve", "--sorted-ranks", "AK"],
    ["solve", "--sorted-ranks", "AK", "--format", "json"],
    ["collusion", "--players", "7", "--deals", "20000"],
    ["solve", "--seen-class", "picture"],
    ["solve", "--seen-class", "colour"],
    ["solve", "--seen-class", "suit"],
    ["solve", "--seen-class", "2-7"],
    ["solve", "--seen-class", "A"],
    ["solve", "--seen-class", "card"],
    ["solve", "--burn-card"],
    ["solve", "--known-dealer-cards", "1", "--burn-card"],
    ["solve", "--flash-rate", "5%"],
    ["detect"],
    ["chart", "--plot", "{tmp}/chart.pdf"],
    ["chart", "--qualifier", "3", "--plot", "{tmp}/chart-3.pdf"],
    ["chart", "--qualifier", "pair", "--plot", "{tmp}/chart-pair.pdf"],
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", default=None, metavar="TEXT", help="only the commands whose text holds TEXT")
    args = ap.parse_args()
    exe = pathlib.Path(sys.executable).with_name("caribbean-exact")  # this Python's console script, not PATH's
    base = [str(exe)] if exe.exists() else [sys.executable, "-m", "caribbean_exact"]
    print(machine())
    print(f"| command | median of {args.runs} runs |")
    print("|---|---:|")
    tmp = tempfile.mkdtemp(prefix="bench-cli-")
    for cmd in COMMANDS:
        if args.only is not None and args.only not in " ".join(cmd):
            continue
        times = []
        run = [c.format(tmp=tmp) for c in cmd]
        for _ in range(args.runs):
            t = time.perf_counter()
            subprocess.run([*base, *run, "--quiet"], check=True, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - t)
        shown = " ".join(f'"{c}"' if " " in c else c.replace("{tmp}/", "") for c in cmd)
        print(f"| `caribbean-exact {shown}` | {statistics.median(times):.2f} s |", flush=True)


if __name__ == "__main__":
    main()
