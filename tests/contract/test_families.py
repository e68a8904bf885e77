"""The package is laid out in families, each a folder, imported in one order:

    model -> engine -> play -> strategy -> house -> render -> cli

A module may import from its own family and the families before it (and the shared base:
``errors``, ``progress``, ``_version``). The one exception: the model reads the evaluator's look-up
tables from ``engine._ffi`` (hand values, the qualifier), which needs nothing above it.
``render/`` and ``tests/`` mirror the families. See docs/architecture.md.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "caribbean_exact"
NAME = "caribbean_exact"
FAMILIES = ("model", "engine", "play", "strategy", "house", "render", "cli")
LIBRARY_FAMILIES = FAMILIES[:5]
BASE = {"errors", "progress", "_version", "data"}
#: (importing family, imported module): the only imports against the order.
EXCEPTIONS = {("model", f"{NAME}.engine._ffi")}  # evaluator look-ups, the core's limits


def _modules() -> dict[str, Path]:
    out = {}
    for p in sorted(PACKAGE.rglob("*.py")):
        parts = list(p.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = p
    return out


MODULES = _modules()


def _family(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in FAMILIES else None


def _imports(module: str) -> set[str]:
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith(NAME))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.startswith(NAME):
                for a in node.names:
                    sub = f"{target}.{a.name}"
                    found.add(sub if sub in MODULES else target)
    return found


def test_every_module_of_the_package_is_in_a_family_or_the_base():
    loose = [m for m in MODULES if m not in (NAME, f"{NAME}.__main__", f"{NAME}._core")
             and _family(m) is None and m.split(".")[1] not in BASE]
    assert not loose, f"modules outside the families: {loose}"
    assert {m.split(".")[1] for m in MODULES if _family(m)} == set(FAMILIES)


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _family(m)))
def test_imports_follow_the_order_of_the_families(module):
    fam = _family(module)
    assert fam is not None
    rank = FAMILIES.index(fam)
    for target in _imports(module):
        if target == NAME:
            pytest.fail(f"{module} imports the package's __init__: import the module itself")
        other = _family(target)
        if other is None or (fam, target) in EXCEPTIONS:
            continue
        assert FAMILIES.index(other) <= rank, f"{module} ({fam}) imports {target} ({other}), a later family"


def test_the_base_imports_no_family():
    for m in MODULES:
        if m.split(".")[1:2] and m.split(".")[1] in BASE:
            assert not {t for t in _imports(m) if _family(t)}, f"{m} (base) imports a family"


def test_each_family_says_what_it_holds():
    for fam in FAMILIES:
        doc = ast.get_docstring(ast.parse((PACKAGE / fam / "__init__.py").read_text(encoding="utf-8")))
        assert doc and len(doc) > 60 and "TODO" not in doc, f"{fam}/__init__.py needs a docstring saying what it holds"


def test_render_and_tests_mirror_the_families():
    render = {p.name for p in (PACKAGE / "render").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert render == {"play", "strategy", "house"}, render  # the families that have output
    assert render <= set(LIBRARY_FAMILIES)
    tests = {p.name for p in (ROOT / "tests").iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert set(FAMILIES) <= tests, set(FAMILIES) - tests
    assert tests - set(FAMILIES) <= {"contract", "c"}, tests - set(FAMILIES)
    for fam in FAMILIES:
        assert list((ROOT / "tests" / fam).glob("test_*.py")), f"tests/{fam}/ holds no test"


def test_test_file_names_are_unique_across_the_folders():
    """The docs cite tests as ``test_x.py::test_y``: a name must say which file."""
    names = [p.name for p in (ROOT / "tests").rglob("test_*.py")]
    assert len(names) == len(set(names))
