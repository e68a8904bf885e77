"""Concurrency: 8 threads running ev and solve at once give exactly the sequential results, and the
first use of every lazily built table is safe when raced (in a fresh interpreter, so the tables
really are built by the racing threads). The cffi calls release the GIL, so the C core runs truly
in parallel here; under .ci/sanitize the same runs are checked by ASan/UBSan.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

import caribbean_exact as ce
from caribbean_exact.engine import pricing
from caribbean_exact.model.rules import Qualifier
from caribbean_exact.play import game
from caribbean_exact.render.play.game import decision_json, report_json

pytestmark = pytest.mark.csan

THREADS = 8
SANITIZED = os.environ.get("CARIBBEAN_EXACT_SANITIZED", "") not in ("", "0")


def _jobs():
    rng = random.Random(606)
    jobs = []
    for i in range(24):
        deck = rng.sample(range(52), 52)
        n_dead, n_dealer = rng.choice([(0, 0), (0, 0), (5, 0), (0, 1), (3, 2), (20, 3), (0, 4), (40, 0)])
        hand = [ce.Card(c) for c in deck[:5]]
        up = ce.Card(deck[5])
        dead = [ce.Card(c) for c in deck[6:6 + n_dead]]
        dealer = [ce.Card(c) for c in deck[6 + n_dead:6 + n_dead + n_dealer]]
        kw = rng.choice([{}, {"paytable": "live-dealer"}, {"qualifier": "pair"}, {"qualifier": "none"},
                         {"ante": 100, "max_payout": 5000}, {"paytable": "250,50,20,7,5,4,3,2,1,1"}])
        jobs.append((f"ev{i}", lambda h=hand, u=up, d=dead, k=dealer, kw=kw:
                     decision_json(ce.ev(h, u, dead=d, dealer=k, **kw))))
    solves = [{}, {"paytable": "live-dealer"}, {"ante": 100, "max_payout": 5000}, {"ignore_up": True},
              {"raise_on_tie": True, "paytable": "royal-250"}]
    if SANITIZED:
        solves = solves[:3]  # each is a walk over the whole game: slower under the sanitizer
    for i, kw in enumerate(solves):
        jobs.append((f"solve{i}", lambda kw=kw: report_json(game.solve(**kw))))
    report_hands = [("As Kd 7h 4c 2s", "Qh"), ("Ac Kd 4h 3s 2c", "Qh"), ("Qs Qd 8h 5c 3s", "Qh")]
    for i, (h, u) in enumerate(report_hands):
        jobs.append((f"decision{i}", lambda h=h, u=u: decision_json(game.solve().decision(h, u))))
    solver = pricing.solver_for(Qualifier.parse("AK").value)
    sits = [(rng.sample(range(52), 6)) for _ in range(2000)]
    jobs.append(("situations", lambda: [solver.situation(s[:5], s[5]) for s in sits]))
    return jobs


def test_eight_threads_give_the_sequential_results():
    pricing.solver_for(Qualifier.parse("AK").value)  # built before the race; its first use is raced below
    jobs = _jobs()
    expected = {name: fn() for name, fn in jobs}
    rounds = 1 if SANITIZED else 2
    for r in range(rounds):
        order = list(jobs)
        random.Random(r).shuffle(order)
        gate = threading.Event()

        def run(job, _gate=gate):
            name, fn = job
            _gate.wait(timeout=60)  # the first 8 jobs start together
            return name, fn()

        with ThreadPoolExecutor(max_workers=THREADS) as pool:
            futures = [pool.submit(run, job) for job in order]
            gate.set()
            got = dict(f.result() for f in futures)
        assert got.keys() == expected.keys()
        for name in expected:
            assert got[name] == expected[name], name


RACE = r"""
import json, sys, threading
from caribbean_exact.engine import _ffi, pricing
from caribbean_exact.play import game
from caribbean_exact.model import rules
from caribbean_exact._core import ffi, lib

N = 8
barrier = threading.Barrier(N)
results = [None] * N
errors = []

def raw_init():
    return lib.cs_init()

def raw_eval():
    v, c = ffi.new("uint16_t *"), ffi.new("uint8_t *")
    st = lib.cs_evaluate5(ffi.new("uint8_t[]", [48, 44, 40, 36, 32]), v, c)
    return st, v[0], c[0]

def raw_deal():
    out = ffi.new("cs_deal_counts *")
    st = lib.cs_deal(ffi.new("uint8_t[]", [51, 45, 22, 8, 3]), 42, ffi.NULL, 0, ffi.NULL, 0, 1113, out)
    return st, out.not_qualify, out.win, out.tie, out.lose

def solver():
    s = pricing.solver_for(QUAL)
    return id(s), s.situation([51, 45, 22, 8, 3], 42)

def optional(mod, fn):
    import importlib
    try:
        m = importlib.import_module("caribbean_exact." + mod)
    except ModuleNotFoundError:
        return None
    f = getattr(m, fn, None)
    return repr(f()) if f is not None else None

TASKS = [
    ("raw_init", raw_init),
    ("raw_eval", raw_eval),
    ("raw_deal", raw_deal),
    ("category_counts", _ffi.category_counts),
    ("value_category", lambda: _ffi.value_category(7000)),
    ("rank_pattern", lambda: _ffi.rank_pattern([12, 11, 10, 9, 7])),
    ("builtin_paytables", lambda: sorted((k, v.pays) for k, v in rules.builtin_paytables().items())),
    ("qualifier_pair", lambda: rules.Qualifier.parse("pair").value),
    ("qualifier_akj83", lambda: rules.Qualifier.parse("AKJ83").value),
    ("solver", solver),
    ("six_card_counts", lambda: optional("sidebets", "six_card_counts")),
    ("five_card_counts", lambda: optional("sidebets", "five_card_counts")),
]
QUAL = int(sys.argv[1])

def worker(i):
    order = TASKS[i % len(TASKS):] + TASKS[:i % len(TASKS)]  # every thread starts somewhere else
    out = {}
    try:
        barrier.wait(timeout=120)
        for name, fn in order:
            out[name] = repr(fn())
    except BaseException as e:
        errors.append(f"thread {i}: {type(e).__name__}: {e}")
    results[i] = out

threads = [threading.Thread(target=worker, args=(i,)) for i in range(N)]
for t in threads:
    t.start()
for t in threads:
    t.join()
sequential = {name: repr(fn()) for name, fn in TASKS}  # tables exist now: the reference answers
print(json.dumps({"errors": errors, "results": results, "sequential": sequential,
                  "solvers": len(pricing._solvers)}))
"""


def test_first_use_of_lazy_tables_is_safe_when_raced(tmp_path):
    """A fresh interpreter: 8 threads hit every lazily built table (the C core's hand tables via
    pthread_once, the cached qualifier table and pay tables, a whole-game solver for a qualifier
    nobody built yet, the side-bet counts) at the same moment, each in a different order."""
    q = Qualifier.parse("44").value  # a qualifier no other test builds a solver for
    script = tmp_path / "race.py"
    script.write_text(textwrap.dedent(RACE))
    p = subprocess.run([sys.executable, str(script), str(q)], capture_output=True, text=True, timeout=900,
                       cwd=tmp_path)
    assert p.returncode == 0, p.stderr[-3000:]
    doc = json.loads(p.stdout)
    assert doc["errors"] == []
    assert doc["solvers"] == 1  # one solver built, however many threads asked for it at once
    seq = doc["sequential"]
    for i, res in enumerate(doc["results"]):
        assert res == seq, f"thread {i} differs from the sequential answers"
    assert json.loads(seq["raw_init"]) == 0

