"""cs_version: the compiled core says which C API it is; the Python side checks it at import, so a
stale build (an old _core beside newer Python) says so in one line instead of failing somewhere."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from caribbean_exact._core import ffi, lib

from caribbean_exact._version import __version__ as ce_version
from caribbean_exact.engine import _ffi

pytestmark = pytest.mark.csan

ROOT = Path(__file__).resolve().parents[2]


def test_the_core_reports_its_version():
    out = ffi.new("uint32_t *")
    assert lib.cs_version(out) == lib.CS_OK and out[0] == lib.CS_ABI_VERSION
    assert lib.cs_version(ffi.NULL) == lib.CS_E_NULL
    assert _ffi.core_version() == _ffi.CORE_ABI_VERSION == lib.CS_ABI_VERSION


def test_the_python_side_expects_the_headers_version():
    """Raising CS_ABI_VERSION in caribbean.h without CORE_ABI_VERSION in _ffi.py (or the reverse) fails here."""
    header = (ROOT / "csrc" / "caribbean.h").read_text()
    m = re.search(r"\bCS_ABI_VERSION\s*=\s*(\d+)", header)
    assert m is not None and int(m.group(1)) == _ffi.CORE_ABI_VERSION


def test_a_stale_core_is_one_clear_line(monkeypatch):
    monkeypatch.setattr(_ffi, "CORE_ABI_VERSION", _ffi.CORE_ABI_VERSION + 1)
    with pytest.raises(ImportError) as e:
        _ffi.check_core_version()
    text = str(e.value)
    assert "\n" not in text and "rebuild it with pip install -e ." in text
    assert (f"the compiled core (caribbean_exact._core) is version {lib.CS_ABI_VERSION}, the package "
            f"{ce_version} needs version {lib.CS_ABI_VERSION + 1}") in text
    monkeypatch.undo()
    _ffi.check_core_version()  # the real build is current


def test_the_command_line_shows_a_core_without_cs_version_in_one_line():
    """A core built before cs_version existed (its lib lacks the function): the command prints one
    line naming the fix and exits 2, no traceback."""
    code = """if True:
        import importlib.machinery, sys, types
        fake = types.ModuleType("caribbean_exact._core")
        fake.__spec__ = importlib.machinery.ModuleSpec("caribbean_exact._core", None)
        fake.ffi, fake.lib = None, types.SimpleNamespace()
        sys.modules["caribbean_exact._core"] = fake
        import _caribbean_exact_entry
        sys.argv = ["caribbean-exact", "ev", "As Kd 7h 4c 2s", "--up", "Qh"]
        sys.exit(_caribbean_exact_entry.run())
    """
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT / "tests")
    assert p.returncode == 2, p.stderr
    assert p.stderr.count("\n") == 1 and "Traceback" not in p.stderr, p.stderr
    assert "compiled core (caribbean_exact._core) is older than version 1" in p.stderr
    assert "rebuild it with pip install -e ." in p.stderr
