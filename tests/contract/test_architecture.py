"""The layout holds: imports run one way, library modules never reach the terminal or the renderer.

Library modules are every module of the package outside ``cli/`` and ``render/``.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "caribbean_exact"
NAME = "caribbean_exact"


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
LIBRARY = sorted(m for m in MODULES if not m.startswith((f"{NAME}.cli", f"{NAME}.render"))
                 and m not in (NAME, f"{NAME}.__main__"))


def imported_modules(name: str) -> set[str]:
    """Package modules that ``name`` imports anywhere (top level or inside functions)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith(NAME))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith(NAME):
                continue
            for a in node.names:
                sub = f"{target}.{a.name}"
                out.add(sub if sub in MODULES or f"{sub}" in MODULES else target)
    return {m for m in out if m in MODULES and m != name} | {m for m in out if m == NAME}


def test_the_module_list_is_what_the_package_holds():
    assert f"{NAME}.engine.pricing" in LIBRARY and f"{NAME}.play.game" in LIBRARY
    assert not any(m.startswith((f"{NAME}.cli", f"{NAME}.render")) for m in LIBRARY)


def test_no_import_cycles():
    """Every module's imports (the package's own __init__ aside) form a graph without cycles."""
    graph = {m: imported_modules(m) for m in MODULES if m != NAME}
    for m, deps in graph.items():
        assert NAME not in deps, f"{m} imports from the package __init__ (a cycle): import the module instead"
    state: dict[str, int] = {}

    def visit(m: str, path: list[str]) -> None:
        if state.get(m) == 2:
            return
        assert state.get(m) != 1, "import cycle: " + " -> ".join([*path[path.index(m):], m])
        state[m] = 1
        for d in sorted(graph.get(m, ())):
            visit(d, [*path, m])
        state[m] = 2

    for m in sorted(graph):
        visit(m, [])


#: The only modules that may import the binding: the engine's doors to the core, and the evaluator
#: look-ups of the model (hand values and categories) and its argument checks (the core's thread
#: limit, CS_MAX_THREADS, read once). Every other module reaches the core through
#: them, so nets are scaled and checked in one place and no binding type leaks into a result.
FFI = f"{NAME}.engine._ffi"
FFI_IMPORTERS = frozenset({
    f"{NAME}.engine.deals",
    f"{NAME}.engine.layout",
    f"{NAME}.engine.pricing",
    f"{NAME}.engine.sampler",
    f"{NAME}.engine.seen",
    f"{NAME}.engine.sorted",
    f"{NAME}.model.checks",
    f"{NAME}.engine.switch",
    f"{NAME}.engine.russian",
    f"{NAME}.model.hands",
    f"{NAME}.model.rules",
})


def test_only_the_engine_and_the_evaluator_look_ups_import_the_binding():
    assert FFI in MODULES and set(MODULES) >= FFI_IMPORTERS, "a module of the allowed list is gone: update it"
    importers = {m for m in MODULES if m != FFI and FFI in imported_modules(m)}
    assert importers <= FFI_IMPORTERS, (
        f"{sorted(importers - FFI_IMPORTERS)} import {FFI}: go through an engine module "
        "(pricing, deals, seen, sampler, layout) instead")


def test_the_binding_check_sees_every_way_of_importing_it(tmp_path, monkeypatch):
    """The forms ``imported_modules`` must catch, on a module written for the test."""
    forms = ["from ..engine import _ffi", "from ..engine._ffi import deal", "import caribbean_exact.engine._ffi",
             "from caribbean_exact.engine import _ffi as core", "def f():\n    from ..engine import _ffi"]
    for n, form in enumerate(forms):
        path = tmp_path / f"probe{n}.py"
        path.write_text(form + "\n", encoding="utf-8")
        name = f"{NAME}.play.probe{n}"
        monkeypatch.setitem(MODULES, name, path)
        assert FFI in imported_modules(name), form


def test_library_modules_do_not_import_cli_render_or_tabulate_statically():
    for m in LIBRARY:
        deps = imported_modules(m)
        bad = {d for d in deps if d.startswith((f"{NAME}.cli", f"{NAME}.render"))}
        assert not bad, f"{m} imports {bad}"
        text = MODULES[m].read_text(encoding="utf-8")
        for word in ("import tabulate", "from tabulate", "import argparse", "sys.stdout", "sys.stderr",
                     "print(", "isatty"):
            assert word not in text, f"{m} contains {word!r}: library code must not talk to the terminal"


#: One fresh interpreter that has imported nothing of the package (nor tabulate, argparse): for each
#: module a forked child imports it and reports sys.modules, so each module starts from the same clean
#: state a fresh interpreter would give it, without starting an interpreter per module.
FORKED_IMPORTS = """
import importlib, json, os, sys
assert not any(m.startswith("caribbean_exact") or m in ("tabulate", "argparse") for m in sys.modules)
out = {}
for name in sys.argv[1:]:
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            importlib.import_module(name)
            data = json.dumps(sorted(sys.modules))
        except BaseException as e:
            data = json.dumps({"error": repr(e)})
        with os.fdopen(w, "w") as f:
            f.write(data)
        os._exit(0)
    os.close(w)
    with os.fdopen(r) as f:
        out[name] = json.loads(f.read())
    _, status = os.waitpid(pid, 0)
    assert status == 0, (name, status)
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def loaded_on_import() -> dict[str, list[str] | dict[str, str]]:
    """Library module -> the modules loaded by importing it in a fresh state."""
    p = subprocess.run([sys.executable, "-c", FORKED_IMPORTS, *LIBRARY], capture_output=True, text=True,
                       timeout=300, cwd=str(PACKAGE.parent.parent))
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


@pytest.mark.parametrize("module", LIBRARY)
def test_importing_a_library_module_loads_no_cli_render_or_tabulate(module, loaded_on_import):
    """From a fresh state: importing the module loads none of cli, render, tabulate, argparse."""
    got = loaded_on_import[module]
    assert isinstance(got, list), got
    loaded = set(got)
    bad = {m for m in loaded if m.startswith((f"{NAME}.cli", f"{NAME}.render")) or m in ("tabulate", "argparse")}
    assert not bad, f"importing {module} loaded {sorted(bad)}"


def test_no_public_name_is_also_a_module_name():
    """Importing a submodule binds it on the package: a function of the same name would be replaced."""
    import caribbean_exact

    submodules = {m.rpartition(".")[2] for m in MODULES}
    assert not set(caribbean_exact.__all__) & submodules


def test_every_public_name_has_a_docstring():
    """Every name the package exports, and every public method and property of its classes."""
    import inspect

    import caribbean_exact

    missing = []
    for name in caribbean_exact.__all__:
        obj = getattr(caribbean_exact, name)
        if not (inspect.isclass(obj) or inspect.isfunction(obj) or inspect.ismethod(obj)):
            continue
        if not inspect.getdoc(obj):
            missing.append(name)
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                if attr.startswith("_"):
                    continue
                fn = member.fget if isinstance(member, property) else getattr(member, "__func__", member)
                if (inspect.isfunction(fn)) and not (fn.__doc__ or "").strip():
                    missing.append(f"{name}.{attr}")
    assert not missing, f"no docstring: {missing}"


def test_the_command_line_starts_without_numpy_or_matplotlib():
    """numpy and matplotlib load only in the commands that use them (simplify, card, report, plots)."""
    code = ("import sys, json; from caribbean_exact.cli import build_parser; build_parser(); "
            "print(json.dumps([x for x in ('numpy', 'matplotlib') if x in sys.modules]))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout) == []


def test_card_sizes_agree():
    from caribbean_exact.cli.commands.strategy import CARD_SIZES
    from caribbean_exact.render.strategy.strategy_card import SIZES

    assert tuple(SIZES) == CARD_SIZES


def test_every_package_folder_is_in_the_wheel():
    """pyproject.toml lists the packages by name: a folder missing from the list is missing from the
    wheel (caribbean_exact.cli.commands was, and the installed command could not start). The data
    folders without __init__.py (the JSON schemas, the page's static files) are listed too, each with
    package data matching every file it holds: setuptools warns it will stop shipping a data folder
    that is not a listed package."""
    import fnmatch
    import tomllib

    root = Path(__file__).resolve().parents[2]
    setup = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    listed = set(setup["packages"])
    folders = {".".join(p.relative_to(root).parts) for p in (root / "caribbean_exact").rglob("*")
               if p.is_dir() and p.name != "__pycache__" and any(f.is_file() for f in p.iterdir())}
    assert folders <= listed, sorted(folders - listed)
    data = setup["package-data"]
    for name in ("caribbean_exact.schemas", "caribbean_exact.cli.static", "caribbean_exact.data"):
        files = [f.name for f in (root / Path(*name.split("."))).iterdir() if f.is_file() and f.suffix != ".py"]
        assert files, name
        unshipped = [f for f in files if not any(fnmatch.fnmatch(f, g) for g in data[name])]
        assert not unshipped, (name, unshipped)
