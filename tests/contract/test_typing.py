"""A user's script type-checks against the installed package (py.typed, strict mypy), from outside
the source tree: the package's types are what a programmer's editor and CI see.

The default editable install (``pip install -e .``) hides the package from mypy behind setuptools'
import hook; the README installs with ``--config-settings editable_mode=compat``, which puts the
source folder on the path, so mypy finds it there too (and a wheel install always works)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("mypy")

GOOD = """
    from fractions import Fraction

    import caribbean_exact as ce

    d = ce.ev("As Kd 7h 4c 2s", "Qh")
    margin: Fraction = d.margin
    decision: str = d.decision
    edge: Fraction = ce.solve().house_edge
    data: object = ce.as_dict(d)
    print(margin, decision, edge, data)
"""

BAD = """
    import caribbean_exact as ce

    wrong: int = ce.ev("As Kd 7h 4c 2s", "Qh").margin
"""


def _mypy(tmp_path, source: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "script.py").write_text(textwrap.dedent(source))
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "script.py"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=600)


@pytest.mark.slow
def test_a_user_script_type_checks_and_a_wrong_one_does_not(tmp_path):
    if shutil.which("git") is None:
        pytest.skip("no git")
    good = _mypy(tmp_path, GOOD)
    assert good.returncode == 0, good.stdout + good.stderr
    bad = _mypy(tmp_path, BAD)
    assert bad.returncode == 1
    assert 'Incompatible types in assignment (expression has type "Fraction", variable has type "int")' in bad.stdout
