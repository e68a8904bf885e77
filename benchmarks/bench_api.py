"""(e) The public API side by side with the core and a plain C enumeration, in one run.

    python benchmarks/bench_api.py [--runs 5] [--queries 200] [--many 20000]

Every figure is the median of ``--runs`` runs; each run times the same random situations:
``_ffi.deal`` (the core alone), ``ce.ev(hand, up)`` from text with default rules, ``ce.ev(...,
dealer=...)`` with one known hole card, and the plain C way (``bruteforce.c single``: every one of
the 163,185 completions looked up in a value table). Then throughput: ``ce.ev_many`` and
``caribbean-exact ev --batch`` over ``--many`` situations (one core), ``GameReport.decision``
and ``strategy.evaluate``.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import random
import subprocess
import sys
import tempfile
import time

from common import card_text, fmt_ms, machine, median

import caribbean_exact as ce
from caribbean_exact.engine import _ffi
from caribbean_exact.strategy import strategies as strategy

HERE = pathlib.Path(__file__).resolve().parent


def situations(n: int, seed: int = 20261201) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(52), 7) for _ in range(n)]  # hand, up, one more (a known hole card)


def per_query(fn, queries, runs: int) -> float:
    fn(queries[0])
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        for q in queries:
            fn(q)
        times.append((time.perf_counter() - t) / len(queries))
    return median(times)


def plain_c(queries, runs: int) -> tuple[float, int]:
    """Seconds per query of the plain enumeration, and how many disagree with the core."""
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "bruteforce")
        subprocess.run(["cc", "-O3", "-o", exe, str(HERE / "bruteforce.c")], check=True)
        stdin = "single 1113\n" + "".join(" ".join(map(str, q[:6])) + "\n" for q in queries)
        times, out = [], ""
        for _ in range(runs):
            p = subprocess.run([exe], input=stdin, capture_output=True, text=True, check=True)
            times.append(float(p.stderr.strip()) / len(queries))
            out = p.stdout
    bad = 0
    for q, line in zip(queries, out.splitlines()):
        d = _ffi.deal(q[:5], q[5], (), (), 1113)
        bad += tuple(map(int, line.split())) != (d.not_qualify, d.win, d.tie, d.lose)
    return median(times), bad


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--many", type=int, default=20_000)
    args = ap.parse_args()
    print("machine:", machine())
    qs = situations(args.queries)
    text = [(" ".join(card_text(c) for c in q[:5]), card_text(q[5]), card_text(q[6])) for q in qs]
    core = per_query(lambda q: _ffi.deal(q[:5], q[5], (), (), 1113), qs, args.runs)
    core_k = per_query(lambda q: _ffi.deal(q[:5], q[5], (), q[6:7], 1113), qs, args.runs)
    ce.ev(text[0][0], text[0][1])
    api = median([_timed_loop(lambda t: ce.ev(t[0], t[1]), text) for _ in range(args.runs)])
    api_k = median([_timed_loop(lambda t: ce.ev(t[0], t[1], dealer=t[2]), text) for _ in range(args.runs)])
    plain, bad = plain_c(qs, args.runs)
    print(f"\n(e) one situation, median of {args.runs} runs of {args.queries} random situations")
    print(f"  plain C enumeration (bruteforce.c single)  {fmt_ms(plain):>10}   counts "
          f"{'agree' if not bad else f'DISAGREE on {bad}'}")
    print(f"  _ffi.deal (the core)                       {fmt_ms(core):>10}")
    print(f"  ce.ev(hand, up) from text                  {fmt_ms(api):>10}   {api / plain:.2f}x the plain C, "
          f"{api / core:.2f}x the core")
    print(f"  _ffi.deal with one known hole card         {fmt_ms(core_k):>10}")
    print(f"  ce.ev(hand, up, dealer=card)               {fmt_ms(api_k):>10}   {api_k / api:.2f}x ce.ev without")

    many = situations(args.many, seed=7)
    many_text = [(" ".join(card_text(c) for c in q[:5]), card_text(q[5])) for q in many]
    rates = []
    for _ in range(args.runs):
        t = time.perf_counter()
        n = sum(1 for _ in ce.ev_many(many_text))
        rates.append(n / (time.perf_counter() - t))
    print(f"\n  ce.ev_many over {args.many:,} situations        {median(rates):>10,.0f} situations/s")
    exe = pathlib.Path(sys.executable).with_name("caribbean-exact")  # this Python's console script, not PATH's
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "caribbean_exact"]
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("".join(f"{h} {u}\n" for h, u in many_text))
        path = f.name
    try:
        cli = []
        for _ in range(args.runs):
            t = time.perf_counter()
            subprocess.run([*cmd, "ev", "--batch", path, "--format", "json"], check=True, stdout=subprocess.DEVNULL)
            cli.append(args.many / (time.perf_counter() - t))
    finally:
        os.unlink(path)
    print(f"  caribbean-exact ev --batch (json lines)    {median(cli):>10,.0f} situations/s (start-up included)")

    report = ce.solve()
    dec = median([_timed_loop(lambda t: report.decision(t[0], t[1]), text) for _ in range(args.runs)])
    print(f"  GameReport.decision(hand, up)              {fmt_ms(dec):>10}")
    ev_times = []
    for _ in range(args.runs):
        t = time.perf_counter()
        strategy.evaluate(lambda s: s.category >= 1 or (s.is_ace_king and s.up_matches))
        ev_times.append(time.perf_counter() - t)
    print(f"  strategy.evaluate(a Python rule)           {fmt_ms(median(ev_times)):>10}   (963,300 chart cells)")


def _timed_loop(fn, items) -> float:
    t = time.perf_counter()
    for x in items:
        fn(x)
    return (time.perf_counter() - t) / len(items)


if __name__ == "__main__":
    main()
