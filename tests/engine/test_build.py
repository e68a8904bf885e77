"""Building from source: without a working C compiler the build stops with one line that says
what is needed and how to install it (csrc/build_ffi.py: compiler_problem, called by setup.py)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from needs import missing

ROOT = Path(__file__).resolve().parents[2]


def build_ffi():
    spec = importlib.util.spec_from_file_location("build_ffi", ROOT / "csrc" / "build_ffi.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("cc,why", [("/bin/false", "'/bin/false' failed on a trivial C file"),
                                    ("no-such-compiler-cc", "no compiler 'no-such-compiler-cc' found"),
                                    ("", None)])
def test_compiler_problem_is_one_line(cc, why):
    b = build_ffi()
    env = {**os.environ, "CC": cc}
    problem = b.compiler_problem(env)
    if why is None:  # CC empty: Python's configured compiler, present on this machine
        if shutil.which("gcc") or shutil.which("cc"):
            assert problem is None
        return
    assert problem is not None and "\n" not in problem
    assert problem.startswith("caribbean-exact needs a C compiler (gcc or clang)") and "apt-get install gcc" in problem
    assert why in problem


def test_sanitize_modes():
    b = build_ffi()
    old = os.environ.get("CARIBBEAN_EXACT_SANITIZE")
    try:
        os.environ["CARIBBEAN_EXACT_SANITIZE"] = "thread"
        compile_args, link_args = b._flags()
        assert "-fsanitize=thread" in compile_args and "-fsanitize=thread" in link_args and "-O3" not in compile_args
        os.environ["CARIBBEAN_EXACT_SANITIZE"] = "1"
        assert "-fsanitize=address,undefined" in b._flags()[0]
        os.environ["CARIBBEAN_EXACT_SANITIZE"] = "memory"
        with pytest.raises(ValueError, match="use 1"):
            b._flags()
    finally:
        if old is None:
            os.environ.pop("CARIBBEAN_EXACT_SANITIZE", None)
        else:
            os.environ["CARIBBEAN_EXACT_SANITIZE"] = old


def _setuptools_major() -> int:
    try:
        import setuptools
    except ImportError:
        return 0
    return int(setuptools.__version__.split(".")[0])


def test_a_build_without_a_compiler_says_so(tmp_path):
    """The real build (setup.py build_ext) with CC=/bin/false: the last line is the explanation."""
    if _setuptools_major() < 77:
        missing("the build needs setuptools >= 77 (pyproject.toml; the test extra has it)")
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(".git", "build", "*.so", "__pycache__", "*.egg-info",
                                                             ".hypothesis", "tables", "tests", "benchmarks"))
    p = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--build-temp", str(tmp_path / "t"),
                        "--build-lib", str(tmp_path / "lib")], cwd=src, capture_output=True, text=True,
                       env={**os.environ, "CC": "/bin/false"}, timeout=300)
    assert p.returncode != 0
    last = [line for line in p.stderr.splitlines() if line.strip()][-1]
    assert last.startswith("error: caribbean-exact needs a C compiler (gcc or clang)"), p.stderr[-2000:]


def _c_call_graph() -> dict[str, set[str]]:
    """For each csrc/*.c file, the other C files whose (non-static) functions it calls."""
    import re

    def strip(text: str) -> str:
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.DOTALL)
        text = re.sub(r"//[^\n]*", " ", text)
        return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)

    # a definition: at the start of a line, not static, a name, a parameter list, then a brace
    definition = re.compile(r"^(?!static\b)[A-Za-z_][\w \t*]*?\b([A-Za-z_]\w*)\s*\(([^;{}()]|\([^;{}()]*\))*\)\s*\{",
                            re.MULTILINE)
    call = re.compile(r"\b([A-Za-z_]\w*)\s*\(")
    files = {p.name: strip(p.read_text()) for p in sorted((ROOT / "csrc").glob("*.c"))}
    owner: dict[str, str] = {}
    for name, text in files.items():
        for m in definition.finditer(text):
            assert m.group(1) not in owner, f"{m.group(1)} defined in {owner[m.group(1)]} and {name}"
            owner[m.group(1)] = name
    return {name: {owner[c] for c in call.findall(text) if c in owner and owner[c] != name}
            for name, text in files.items()}


def test_calls_between_c_files_run_one_way():
    """No cycle among the C files' calls of each other's functions (core.c calls none of them)."""
    graph = _c_call_graph()
    assert "core.c" in graph and "evaluate.c" in graph["game.c"], graph  # the parser sees the calls
    assert graph["core.c"] == set(), graph["core.c"]
    state: dict[str, int] = {}

    def visit(f: str, path: list[str]) -> None:
        if state.get(f) == 2:
            return
        assert state.get(f) != 1, "C call cycle: " + " -> ".join([*path[path.index(f):], f])
        state[f] = 1
        for g in sorted(graph[f]):
            visit(g, [*path, f])
        state[f] = 2

    for f in sorted(graph):
        visit(f, [])


def test_c_files_stay_small():
    """Each C file owns one kind of counting and none is over about 1,000 lines (docs/architecture.md's
    C-files table): a file that outgrows it is split by what its parts own, as switch.c was."""
    sizes = {p.name: len(p.read_text().splitlines()) for p in (ROOT / "csrc").glob("*.c")}
    assert "switch_game.c" in sizes and "switch.c" not in sizes, sorted(sizes)
    big = {name: n for name, n in sizes.items() if n > 1100}
    assert not big, big


def test_the_switching_files_call_down():
    """The card-switching files: the sweep calls none of them, the five-card switch only the sweep, the
    bounds run the game's driver (which reaches the bounds' passes through hooks, not calls), the
    exact larger switches (switch_dead.c) the sweep and the five-card switch (all five beside them)."""
    graph = _c_call_graph()
    switching = {f for f in graph if f.startswith("switch_")}
    assert switching == {"switch_hand.c", "switch_sweep.c", "switch_five.c", "switch_game.c", "switch_bounds.c",
                         "switch_sixth.c", "switch_russian.c", "switch_dead.c"}
    assert graph["switch_sweep.c"] & switching == set()
    assert graph["switch_russian.c"] & switching == set()
    assert graph["switch_hand.c"] & switching == set()
    assert graph["switch_five.c"] & switching == {"switch_sweep.c"}
    assert graph["switch_game.c"] & switching == {"switch_sweep.c", "switch_five.c"}
    assert graph["switch_bounds.c"] & switching == {"switch_sweep.c", "switch_game.c"}
    assert graph["switch_sixth.c"] & switching == {"switch_sweep.c", "switch_game.c"}
    assert graph["switch_dead.c"] & switching == {"switch_sweep.c", "switch_five.c"}


def _module_source(tmp_path, name: str, **env: str) -> str:
    """The C source cffi generates for the module under these environment variables."""
    saved = {k: os.environ.get(k) for k in ("CARIBBEAN_EXACT_SANITIZE", "CFLAGS", "CC")}
    try:
        for k in saved:
            os.environ.pop(k, None)
        os.environ.update(env)
        b = build_ffi()
        out = tmp_path / f"{name}.c"
        b.ffibuilder.emit_c_code(str(out))
        return out.read_text()
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def test_a_build_with_other_flags_cannot_reuse_a_stale_build(tmp_path):
    """cffi rewrites the module source only when it changes, and a changed source rebuilds the module
    and every C file: the flags are in the source, so an ASan build/ is never reused under
    CARIBBEAN_EXACT_SANITIZE=thread (nor a plain one under =1, nor after CFLAGS change)."""
    plain = _module_source(tmp_path, "plain")
    assert plain == _module_source(tmp_path, "again")  # the same flags: nothing rebuilt
    asan = _module_source(tmp_path, "asan", CARIBBEAN_EXACT_SANITIZE="1")
    tsan = _module_source(tmp_path, "tsan", CARIBBEAN_EXACT_SANITIZE="thread")
    cflags = _module_source(tmp_path, "cflags", CFLAGS="-O0")
    assert len({plain, asan, tsan, cflags}) == 4
    assert "-fsanitize=thread" in tsan and "-fsanitize=address,undefined" in asan and "-O3" in plain
    assert "CFLAGS=-O0" in cflags


def test_the_builder_has_no_side_effects_on_import(tmp_path):
    before = set(os.listdir(ROOT)) | set(os.listdir(ROOT / "csrc"))
    p = subprocess.run([sys.executable, "-c", "import importlib.util, sys; s = importlib.util.spec_from_file_location("
                        f"'b', {str(ROOT / 'csrc' / 'build_ffi.py')!r}); m = importlib.util.module_from_spec(s); "
                        "s.loader.exec_module(m); print(type(m.ffibuilder).__name__)"],
                       capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert p.returncode == 0 and p.stdout.strip() == "FFI" and p.stderr == ""
    assert set(os.listdir(ROOT)) | set(os.listdir(ROOT / "csrc")) == before and os.listdir(tmp_path) == []
