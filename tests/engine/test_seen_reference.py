"""The core's one-seen-card outputs against the solver it replaced (tests/c/reference/seen_card.c).

tests/c/seen_reference.c is compiled with the core's C files (csrc/build_ffi.py's SOURCES) and the
reference solver, optimised and with every warning an error, and run: for six sets of rules the
totals, the chart by up card and seen card and the decision table of cs_solve_seen_k1 must equal the
reference's exactly (the table byte for byte), and cs_solve_seen(1)'s totals, chart and probe counts
too. .ci/harness runs it again under ASan + UBSan (two of the rules).
"""

from __future__ import annotations

import ast
import os
import shlex
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def core_sources() -> list[Path]:
    tree = ast.parse((ROOT / "csrc" / "build_ffi.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "SOURCES":
            return [ROOT / "csrc" / s for s in ast.literal_eval(node.value)]
    raise AssertionError("csrc/build_ffi.py has no SOURCES")


def test_the_old_solver_is_not_shipped():
    names = [p.name for p in core_sources()]
    assert "seen.c" in names and "seen_card.c" not in names and "seen_cards.c" not in names
    assert not (ROOT / "csrc" / "seen_card.c").exists() and (ROOT / "tests/c/reference/seen_card.c").exists()
    header = (ROOT / "csrc" / "caribbean.h").read_text()
    assert "cs_solve_seen_one" not in header and "cs_seen_one_decisions" not in header
    assert "cs_test_solve_seen_one" not in (ROOT / "csrc" / "testing.h").read_text()


@pytest.mark.slow  # compiles and runs the reference solver on six rule sets (the C harness runs two)
def test_k1_outputs_equal_the_reference_solver(tmp_path):
    cc = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    if not cc or shutil.which(cc[0]) is None:
        pytest.skip("no C compiler")
    exe = tmp_path / "seen-reference"
    build = [*cc, "-std=c11", "-D_GNU_SOURCE", "-O2", "-Wall", "-Wextra", "-Werror", "-pthread",
             f"-I{ROOT / 'csrc'}", f"-I{ROOT / 'tests/c/reference'}", str(ROOT / "tests/c/seen_reference.c"),
             str(ROOT / "tests/c/reference/seen_card.c"), *map(str, core_sources()), "-o", str(exe)]
    done = subprocess.run(build, capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr
    env = {k: v for k, v in os.environ.items() if k != "SEEN_REFERENCE_QUICK"}
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False, timeout=600, env=env)
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines[-1].startswith("seen reference: ") and lines[-1].endswith(", 0 failed")
    assert len(lines) == 7 and all(", 0 differ;" in line for line in lines[:-1])
