"""``caribbean-exact score``: a hand history of a million lines against a Python loop of ``ce.ev``.

    python benchmarks/bench_score.py [--lines 1000000] [--loop 20000] [--seed 1]

Builds a random history (``hand,up,action``, each action raise or fold at random), then times
``play.scoring.score`` over all of it plus its CSV output (what ``score FILE --format csv`` does
after reading the file), and a plain Python loop of ``ce.ev(hand, up)`` over its first ``--loop``
lines, scaled to the whole history. Prints both and their ratio (the score must take at most
half the loop's time). Both check the same first lines give the same cost.
"""

from __future__ import annotations

import argparse
import random
import time
from fractions import Fraction

from common import card_text, machine

import caribbean_exact as ce
from caribbean_exact.engine.pricing import solver_for
from caribbean_exact.play.scoring import score
from caribbean_exact.render.play.scoring import score as render_score


def history(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = ["hand,up,action"]
    for _ in range(n):
        cards = rng.sample(range(52), 6)
        out.append(" ".join(card_text(c) for c in cards[:5]) + "," + card_text(cards[5]) + ","
                   + rng.choice(("raise", "fold")))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=1_000_000)
    ap.add_argument("--loop", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    lines = history(a.lines, a.seed)
    solver_for(ce.Rules().qualifier.value)  # the whole game's counts: built once, before either timing
    t = time.perf_counter()
    report = score(lines)
    text = render_score(report, "csv")
    t_score = time.perf_counter() - t
    assert report.hands == a.lines
    assert not report.errors
    assert len(text) > a.lines
    n = min(a.loop, a.lines)
    t = time.perf_counter()
    costs = []
    for line in lines[1:n + 1]:
        hand, up, action = line.split(",")
        d = ce.ev(hand, up)
        costs.append(d.ev - (d.ev_raise if action == "raise" else d.ev_fold))
    t_loop = (time.perf_counter() - t) * a.lines / n
    assert costs == [s.cost for s in report.lines[:n]]
    print(machine())
    print(f"score, {a.lines:,} lines (one batch call, then CSV): {t_score:.2f} s")
    print(f"Python loop of ce.ev over {n:,} lines, scaled to {a.lines:,}: {t_loop:.2f} s")
    print(f"ratio score / loop: {t_score / t_loop:.3f}  (required: at most 0.5)")
    print(f"total cost {report.total_cost} antes = {float(report.total_cost / Fraction(a.lines)):.6f} per hand")


if __name__ == "__main__":
    main()
