"""Russian Poker (Lunar Poker), one hand, exact: each option's time from the public call.

    python benchmarks/bench_russian.py [--runs 3] [--games lunar,russian] [--large-runs 3]

Prints (never asserts) medians of the runs of ``russian_ev(hand, up, game, exchange_sizes=(k,))``
(playing as dealt, the sixth card and the exchanges of k cards) for each exchange size the rule set
allows, and the CLI end to end in a fresh process: its default (``caribbean-exact ev HAND --up X --game G``:
the exchanges of at most three cards) and every option (``--exchange all``). The four- and five-card
exchanges run ``--large-runs`` times.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

from common import machine, median

HANDS = [("As Ks Qs Js 2d", "5h"), ("9s 9h Qc 6d 2s", "5h")]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--large-runs", type=int, default=3)
    ap.add_argument("--games", default="lunar,russian")
    a = ap.parse_args()
    from caribbean_exact.model.russian import RussianGame
    from caribbean_exact.play.russian import russian_ev

    print(machine())
    for name in a.games.split(","):
        g = RussianGame.parse(name)
        for hand, up in HANDS:
            cells = []
            for k in ((), *((s,) for s in g.exchange_sizes())):
                runs = a.large_runs if k and k[0] >= 4 else a.runs
                times = []
                for _ in range(runs):
                    t = time.perf_counter()
                    russian_ev(hand, up, g, exchange_sizes=k)
                    times.append(time.perf_counter() - t)
                cells.append(f"{'as dealt, 6th' if not k else f'{k[0]} cards'}: {median(times):.2f} s")
            print(f"{name}, {hand} vs {up}: " + "; ".join(cells), flush=True)
        for label, extra in (("default (up to three cards)", []), ("every option (--exchange all)", ["--exchange",
                                                                                                   "all"])):
            cli = []
            for _ in range(a.runs):
                t = time.perf_counter()
                subprocess.run([sys.executable, "-m", "caribbean_exact", "ev", HANDS[0][0], "--up", HANDS[0][1],
                                "--game", name, *extra], check=True, capture_output=True)
                cli.append(time.perf_counter() - t)
            print(f"{name}, the CLI's {label}, fresh process: {median(cli):.2f} s", flush=True)


if __name__ == "__main__":
    main()
