"""(g) Start-up: ``caribbean-exact ev`` on a fresh, non-editable install against a bare interpreter.

Issue #24's goal: ``caribbean-exact ev "As Kd 7h 4c 2s" --up Qh`` within 6x ``python -c pass`` on a
fresh install with the newest dependency versions the ranges allow. The script builds that install
(a new venv, ``pip install --upgrade`` of this checkout: not editable, so no source-tree path
hooks), or uses one given with ``--venv``, then times fresh processes of both commands, alternating
them so that a change of load hits both alike, and prints the medians and their ratio, with the
load average before and after. ``--importtime`` adds the slowest imports of ``ev``
(``python -X importtime``, cumulative microseconds).

    python benchmarks/bench_startup.py [--runs 15] [--venv /tmp/su-venv] [--importtime 15]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import subprocess
import sys
import tempfile
import time

from common import machine, median

ROOT = pathlib.Path(__file__).resolve().parent.parent
EV = ["ev", "As Kd 7h 4c 2s", "--up", "Qh"]


def build_venv(where: pathlib.Path) -> pathlib.Path:
    """A new venv at ``where`` with this checkout installed as a user would (not editable)."""
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    pip = [str(where / "bin" / "python"), "-m", "pip", "install", "-q", "--upgrade"]
    subprocess.run([*pip, "pip"], check=False, capture_output=True)
    subprocess.run([*pip, str(ROOT)], check=True)
    return where


def clock(argv: list[str], cwd: str) -> tuple[float, float]:
    """(wall-clock seconds, CPU seconds: user + system) of one fresh process running ``argv``."""
    t = time.perf_counter()
    child = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - t
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{argv}: exit code {child.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def versions(python: str) -> str:
    code = ("import importlib.metadata as m\n"
            "print(', '.join(f'{n} {m.version(n)}' for n in ('cffi', 'tabulate', 'numpy', 'caribbean-exact')))")
    return subprocess.run([python, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def importtime(python: str, script: str, top: int, cwd: str) -> list[tuple[int, str]]:
    """The ``top`` slowest imports of one ``ev`` run by cumulative time (microseconds, module)."""
    p = subprocess.run([python, "-X", "importtime", script, *EV], capture_output=True, text=True, cwd=cwd,
                       check=True)
    rows = []
    for line in p.stderr.splitlines():
        if line.startswith("import time:") and "|" in line and "cumulative" not in line:
            _self, cumulative, name = line.removeprefix("import time:").split("|")
            rows.append((int(cumulative), name.rstrip()))
    return sorted(rows, reverse=True)[:top]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15, help="fresh processes of each command (default 15)")
    ap.add_argument("--venv", help="an existing venv with caribbean-exact installed (default: build a new one)")
    ap.add_argument("--importtime", type=int, default=0, metavar="N", help="also list the N slowest imports")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        venv = pathlib.Path(args.venv) if args.venv else build_venv(pathlib.Path(tmp) / "venv")
        python = str(venv / "bin" / "python")
        script = str(venv / "bin" / "caribbean-exact")
        # a folder away from the source tree, which would hide the installed package
        cwd = tmp
        print(machine())
        print(f"venv {venv}: {versions(python)}")
        bare = [python, "-c", "pass"]
        ev = [script, *EV]
        clock(bare, cwd), clock(ev, cwd)  # warm the file cache
        runs: dict[str, list[tuple[float, float]]] = {"bare": [], "ev": []}
        for _ in range(args.runs):
            runs["bare"].append(clock(bare, cwd))
            runs["ev"].append(clock(ev, cwd))
        (b, bc), (e, ec) = ((median([r[0] for r in runs[k]]), median([r[1] for r in runs[k]])) for k in ("bare", "ev"))
        print(f"medians of {args.runs} fresh processes each, alternated:  wall-clock     CPU (user+sys)")
        print(f"python -c pass                                 {b * 1e3:7.1f} ms  {bc * 1e3:7.1f} ms")
        print(f'caribbean-exact ev "{EV[1]}" --up {EV[3]}   {e * 1e3:7.1f} ms  {ec * 1e3:7.1f} ms')
        print(f"ratio (the goal: 6x)                           {e / b:7.1f}x   {ec / bc:7.1f}x")
        print(f"load average after {os.getloadavg()[0]:.2f}")
        if args.importtime:
            print(f"\nthe {args.importtime} slowest imports of ev (cumulative, python -X importtime):")
            for us, name in importtime(python, script, args.importtime, cwd):
                print(f"  {us / 1e3:7.1f} ms  {name}")


if __name__ == "__main__":
    main()
