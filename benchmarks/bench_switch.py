"""Card switching (Oasis Poker): one hand's 32 options, exact, and the sampled whole game.

    python benchmarks/bench_switch.py [--runs 5] [--deals 200]

(h) ``switch_ev(hand, up, fees)`` (the public call: every discard set, each over every replacement
    set and dealer completion) on 1 and 2 threads, wall clock and CPU, median of ``--runs``, for a few
    hands and the fee schedules 1,2,3,4,5 (the 5-card switches counted too), 1,2,3,2,1 and 1; and the
    CLI end to end (``caribbean-exact ev HAND --up X --switch-fees ...`` in a fresh process).
(i) the same options by the plain loop the core replaces: one ``cs_deal`` per replacement set (timed
    on the one-card and two-card sets, extrapolated to all 32).
(j) ``sample_switch_game`` per sampled hand (CPU), each fee schedule, and the time the exact whole
    game would take at that speed: CPU per hand x 2,598,960 x 47 / 24 (the situations up to suit symmetry).
(k) the exact one-card game: ``solve_one_card_game(1)`` (the public call, its cache emptied before each
    run) on 1 and 2 threads, and ``caribbean-exact solve --switch-fees 1`` in a fresh process.
(l) the proof that excludes the larger switches: ``prove_switch_sizes("linear")`` (the public call,
    its cache emptied before each run: the one-card counts again, each single card out of play, every
    situation's bounds) on 2 threads, and ``caribbean-exact solve --switch-fees 1,2,3,4,5`` (the
    exact game: the one-card game and the proof) in a fresh process.
(m) the five-card switch counted exactly for every hand of one up rank (``_ffi.switch_five``, the queen,
    one probe) on 1 and 2 threads, median of ``--runs``, and the whole game extrapolated (13 ranks).
(n) the switching lines' whole game, exact: ``solve_switch_lines("1")`` (the public call, its cache
    emptied before each run: each hand's choice by the lines with numpy, then the one-card game under
    those choices) on 1 and 2 threads, and the lines' choices alone (``SwitchRules.choices``, 13 ranks).
(o) the larger switches counted: ``caribbean-exact solve --switch-fees FEES`` (default 1,1: the one-card
    game, the bounds, then every discard set of up to two cards counted; ``--count-fees 1,1,1
    --count-up-to 3`` for three cards, about an hour) in a fresh process: wall, CPU and the peak memory
    of the process (ru_maxrss of the child), ``--runs`` times (default here 1: minutes each).
(r) two schedules counted in the same sweeps: ``solve_exact_switch_games(("1,1", "0,0"), up_ranks=(12,))`` (the
    public call, its cache emptied before each run) against ``solve_exact_switch_game`` of each, one after the
    other, on 2 threads, the ace's rank.
Timings are printed, never asserted.

    python benchmarks/bench_switch.py --only k     just (k)
    python benchmarks/bench_switch.py --only l     just (l)
    python benchmarks/bench_switch.py --only m     just (m)
    python benchmarks/bench_switch.py --only n     just (n)
    python benchmarks/bench_switch.py --only o [--count-fees 1,1] [--count-up-to 2] [--runs 1]
    python benchmarks/bench_switch.py --only p --runs 3     all five beside the counted sizes; the 1,2,3,2,1 lines
    python benchmarks/bench_switch.py --only q --runs 1     the three-card switches of one up rank
    python benchmarks/bench_switch.py --only r --runs 3     two schedules in the same sweeps, against each alone
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import resource
import subprocess
import sys
import time
from fractions import Fraction

from common import machine, median

import caribbean_exact as ce
from caribbean_exact.engine import _ffi
from caribbean_exact.play import switch_exact, switch_game
from caribbean_exact.play.switch_game import sample_switch_game, solve_one_card_game
from caribbean_exact.play.switching import switch_ev
from caribbean_exact.strategy import switch_rules

HANDS = [("As Kd 7h 4c 2s", "Qh"), ("As Ks Qs Js 2d", "5h"), ("9h 9d 5c 4s 2h", "Kc")]
FEES = ["1,2,3,4,5", "1,2,3,2,1", "1"]


def timed(fn: object, runs: int) -> tuple[float, float]:
    walls, cpus = [], []
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        fn()  # type: ignore[operator]
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return median(walls), median(cpus)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--only", choices=("k", "l", "m", "n", "o", "p", "q", "r"), default=None,
                    help="only part (k), the exact one-card game, (l), the proof of the larger switches, (m), "
                         "the exact five-card switch, (n), the switching lines' exact game, (o), the larger "
                         "switches counted from the command line, (p), all five beside them and the lines of "
                         "1,2,3,2,1 given, (q), the three-card switches of one up rank, or (r), two schedules "
                         "counted in the same sweeps")
    ap.add_argument("--count-fees", default="1,1", help="(o): the schedule counted (default 1,1)")
    ap.add_argument("--count-up-to", default="2", help="(o): solve's --count-up-to (default 2)")
    a = ap.parse_args()
    print(machine())
    parts = {"k": one_card_game, "l": proof, "m": five_card_switch, "n": lines_game, "p": given_games,
             "q": three_card_rank, "r": schedules_together,
             "o": lambda runs: counted_game(a.count_fees, a.count_up_to, runs if "--runs" in sys.argv else 1)}
    if a.only is not None:
        parts[a.only](a.runs)
        return
    print("\n(h) one hand, every option the fees allow (median wall / CPU seconds)")
    for hand, up in HANDS:
        for fees in FEES:
            for threads in (1, 2):
                w, c = timed(lambda h=hand, u=up, f=fees, t=threads: switch_ev(h, u, f, threads=t), a.runs)
                print(f"  {hand} vs {up}, fees {fees:9}, {threads} thread(s): {w:.3f} s wall, {c:.3f} s CPU")
    for fees in FEES:
        walls, cpus = [], []
        for _ in range(a.runs):
            t = time.perf_counter()
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([sys.executable, "-m", "caribbean_exact", "ev", "As Ks Qs Js 2d", "--up", "5h",
                            "--switch-fees", fees], check=True, capture_output=True)
            walls.append(time.perf_counter() - t)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        print(f"  CLI ev ... --switch-fees {fees}: {median(walls):.3f} s wall (fresh process), "
              f"{median(cpus):.3f} s CPU")

    print("\n(i) the plain loop: one cs_deal per replacement set")
    cards = [c.index for c in ce.parse_cards("As Ks Qs Js 2d")]
    up = ce.Card.parse("5h").index
    unseen = [c for c in range(52) if c not in cards and c != up]
    for j in (1, 2):
        discard = cards[:j]
        kept = cards[j:]
        t = time.process_time()
        n = 0
        for r in itertools.combinations(unseen, j):
            _ffi.deal(kept + list(r), up, discard, (), 1113)
            n += 1
        per = (time.process_time() - t) / n
        print(f"  {j} card(s): {per * 1e6:.1f} us CPU per replacement set")
    sets = sum(math.comb(5, j) * math.comb(46, j) for j in range(6))
    print(f"  all 32 options: {sets:,} replacement sets, about {sets * per:.1f} s of CPU at that speed")

    print(f"\n(j) sampled whole game, {a.deals} hands each (CPU per hand)")
    for fees in FEES:
        c = time.process_time()
        w = time.perf_counter()
        s = sample_switch_game(fees, deals=a.deals, seed=1, threads=1)
        per = (time.process_time() - c) / a.deals
        exact = per * 2_598_960 * 47 / 24
        print(f"  fees {fees:9}: {per * 1000:.1f} ms CPU per hand ({time.perf_counter() - w:.1f} s wall); "
              f"house edge {float(s.house_edge):.4%} +/- {s.half_width * 100:.2f} points; the exact game at "
              f"this speed: about {exact / 3600:,.0f} CPU-hours")
    one_card_game(a.runs)
    proof(a.runs)
    five_card_switch(a.runs)
    lines_game(a.runs)


def counted_game(fees: str, up_to: str, runs: int) -> None:
    print(f"\n(o) the larger switches counted: solve --switch-fees {fees} --count-up-to {up_to}, fresh process")
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "caribbean_exact", "solve", "--switch-fees", fees,
                               "--count-up-to", up_to, "--format", "json", "--quiet"], check=True,
                              capture_output=True, text=True)
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        doc = json.loads(done.stdout)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        print(f"  {wall:.0f} s wall, {cpu:.0f} s CPU, peak memory {after.ru_maxrss / 1024:.0f} MiB; house edge "
              f"{float(Fraction(doc['house_edge'])):.4%} ({doc['house_edge']}), counted: "
              f"{doc['counted'] is not None}")
    print(f"  {machine()}")


def lines_game(runs: int) -> None:
    print("\n(n) the switching lines' whole game, exact, fee 1 (median wall / CPU)")
    sr = switch_rules.switch_rules("1")
    w, c = timed(lambda: [sr.choices(r) for r in range(13)], runs)
    print(f"  the lines' choices of every hand (SwitchRules.choices, 13 up ranks): {w:.1f} s wall, {c:.1f} s CPU")
    for threads in (1, 2):
        walls, cpus = [], []
        for _ in range(runs):
            switch_rules._lines_games.clear()
            w, c = timed(lambda t=threads: switch_rules.solve_switch_lines("1", threads=t), 1)
            walls.append(w)
            cpus.append(c)
        print(f"  solve_switch_lines('1'), {threads} thread(s): {median(walls):.1f} s wall, {median(cpus):.1f} s CPU")


def given_games(runs: int) -> None:
    print("\n(p) all five beside the discard sets, and the lines of 1,2,3,2,1 given, exact (median wall / CPU)")
    for what, fn in (("solve_exact_switch_game('1,x,x,x,1'): one card or all five, the best sought",
                      lambda: switch_exact.solve_exact_switch_game("1,x,x,x,1", threads=2)),
                     ("solve_switch_lines('1,2,3,2,1'): one card or all five, each hand's option given",
                      lambda: switch_rules.solve_switch_lines("1,2,3,2,1", threads=2))):
        walls, cpus = [], []
        for _ in range(runs):
            switch_exact._games.clear()
            switch_rules._lines_games.clear()
            w, c = timed(fn, 1)
            walls.append(w)
            cpus.append(c)
        print(f"  {what}: {median(walls):.1f} s wall, {median(cpus):.1f} s CPU")


def three_card_rank(runs: int) -> None:
    print("\n(q) the three-card switches of one up rank (a 7), counted: exact_switch_counts, fees x,x,1, 2 threads")
    from caribbean_exact import Rules
    from caribbean_exact.engine.switch import exact_switch_counts
    from caribbean_exact.play.switching import SwitchFees

    fees = SwitchFees.parse("x,x,1").fees
    w, c = timed(lambda: exact_switch_counts(Rules(), fees, up_ranks=(5,), threads=2), runs)
    print(f"  {w:.0f} s wall, {c:.0f} s CPU (13 ranks: about {13 * c / 60:.0f} minutes of CPU)")


def schedules_together(runs: int) -> None:
    print("\n(r) two schedules (1,1 and 0,0) in the same sweeps, against each alone: the ace's rank, 2 threads")
    from caribbean_exact.play import switch_exact

    def together() -> None:
        switch_exact._games.clear()
        switch_exact.solve_exact_switch_games(("1,1", "0,0"), up_ranks=(12,), threads=2)

    def apart() -> None:
        switch_exact._games.clear()
        for fees in ("1,1", "0,0"):
            switch_exact.solve_exact_switch_game(fees, up_ranks=(12,), threads=2)
    wt, ct = timed(together, runs)
    wa, ca = timed(apart, runs)
    print(f"  together {wt:.1f} s wall, {ct:.1f} s CPU; apart {wa:.1f} s wall, {ca:.1f} s CPU: the second game "
          f"costs {(ct - ca / 2) / (ca / 2):.0%} of a count of its own")


def proof(runs: int) -> None:
    print("\n(l) the larger switches bounded in every situation, fees 1,2,3,4,5 (median wall / CPU)")
    walls, cpus = [], []
    for _ in range(runs):
        switch_game._proofs.clear()
        w, c = timed(lambda: switch_game.prove_switch_sizes("linear", threads=2), 1)
        walls.append(w)
        cpus.append(c)
    print(f"  prove_switch_sizes('linear'), 2 threads: {median(walls):.1f} s wall, {median(cpus):.1f} s CPU")
    cli_solve("1,2,3,4,5", runs)


def cli_solve(fees: str, runs: int) -> None:
    """``caribbean-exact solve --switch-fees FEES`` in a fresh process: the median wall time."""
    walls = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "caribbean_exact", "solve", "--switch-fees", fees, "--quiet"], check=True,
                       capture_output=True)
        walls.append(time.perf_counter() - t)
    print(f"  CLI solve --switch-fees {fees} (fresh process, 2 threads): {median(walls):.1f} s wall")


def five_card_switch(runs: int) -> None:
    print("\n(m) the five-card switch, exact, every hand of one up rank (the queen; median wall / CPU)")
    nets = ce.Rules().nets().scaled()
    for threads in (1, 2):
        w, c = timed(lambda t=threads: _ffi.switch_five(10, 1113, nets, [[51, 45, 22, 9, 3]], threads=t), runs)
        print(f"  switch_five, one rank, {threads} thread(s): {w:.2f} s wall, {c:.2f} s CPU; the whole game "
              f"(13 ranks): about {13 * w:.0f} s wall, {13 * c:.0f} s CPU")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak memory of this process (ru_maxrss): {peak:.0f} MiB")
    print(f"  {machine()}")


def one_card_game(runs: int) -> None:
    print("\n(k) the exact one-card game (fee 1): every situation, every one-card switch (median wall / CPU)")
    for threads in (1, 2):
        walls, cpus = [], []
        for _ in range(runs):
            switch_game._one_card_games.clear()
            w, c = timed(lambda t=threads: solve_one_card_game(1, threads=t), 1)
            walls.append(w)
            cpus.append(c)
        print(f"  solve_one_card_game(1), {threads} thread(s): {median(walls):.1f} s wall, {median(cpus):.1f} s CPU")
    cli_solve("1", runs)


if __name__ == "__main__":
    main()
