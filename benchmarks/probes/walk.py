"""walk.py - a measurement, not part of the package: how a rule of the game travels through one command
(issue #30's "walk": stops, files, climbs back up, parses).

Runs a command in this process under ``sys.setprofile`` and records every call of a function of the package
whose own arguments hold the value followed, by identity of kind (not inside another value: a schedule held
by ``Rules`` is carried by the rules, not passed beside them):

- ``fees``: a switch fee schedule (``SwitchFees``, or its text "1" / "1,2,3,2,1" as given) passed as an
  argument of its own;
- ``paytable``: a ``Paytable`` passed as an argument of its own.

For each: the stops (distinct functions that received it), the files (their modules), the climbs back up
(calls into a stop from a family that comes earlier in the one-way order model, engine, play, strategy,
house, render, cli: a lower layer calling a higher one), and how many times the value was parsed again
(``SwitchFees.parse`` for the fees; ``Rules.make`` building rules from a pay table); and ``check_rules``
entered.

    python benchmarks/probes/walk.py [report --switch-fees 1 ...]   # default: report --switch-fees 1
"""

from __future__ import annotations

import collections
import contextlib
import io
import sys
from typing import Any

from caribbean_exact.cli import main
from caribbean_exact.model.draw import SwitchFees
from caribbean_exact.model.rules import Paytable

ORDER = ["model", "engine", "play", "strategy", "house", "render", "cli"]


def family(module: str) -> int:
    parts = module.split(".")
    return ORDER.index(parts[1]) if len(parts) > 1 and parts[1] in ORDER else -1  # -1: the shared base


def walk(argv: list[str]) -> dict[str, Any]:
    fee_texts = {a for i, a in enumerate(argv) if i and argv[i - 1] == "--switch-fees"}
    kinds = {"fees": lambda v: isinstance(v, SwitchFees) or (isinstance(v, str) and v in fee_texts),
             "paytable": lambda v: isinstance(v, Paytable)}
    stops: dict[str, collections.Counter[tuple[str, str]]] = {k: collections.Counter() for k in kinds}
    climbs: dict[str, int] = dict.fromkeys(kinds, 0)
    calls: collections.Counter[str] = collections.Counter()

    def hook(frame: Any, event: str, _arg: Any) -> None:
        if event != "call":
            return
        module = frame.f_globals.get("__name__", "")
        if not module.startswith("caribbean_exact"):
            return
        code = frame.f_code
        if code.co_name in ("parse", "make", "check_rules"):
            calls[f"{module}.{code.co_qualname}"] += 1
        n = code.co_argcount + code.co_kwonlyargcount
        values = [frame.f_locals.get(name) for name in code.co_varnames[:n]]
        caller = frame.f_back
        up = caller is not None and family(caller.f_globals.get("__name__", "")) < family(module) \
            and caller.f_globals.get("__name__", "").startswith("caribbean_exact")
        for kind, holds in kinds.items():
            if any(holds(v) for v in values):
                stops[kind][(module, code.co_qualname)] += 1
                climbs[kind] += bool(up)

    sys.setprofile(hook)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            status = main(argv)
    finally:
        sys.setprofile(None)
    return {"status": status, "stops": stops, "climbs": climbs, "calls": calls}


if __name__ == "__main__":
    argv = sys.argv[1:] or ["report", "--switch-fees", "1", "--quiet"]
    w = walk(argv)
    print(f"caribbean-exact {' '.join(argv)}: exit {w['status']}")
    for kind, found in w["stops"].items():
        files = {m for m, _ in found}
        print(f"{kind}: {len(found)} stops in {len(files)} files, {w['climbs'][kind]} calls climbing back up")
        for (m, f), n in sorted(found.items()):
            print(f"    {m}.{f} x{n}")
    for name, n in sorted(w["calls"].items()):
        print(f"{name}: entered {n} times")
