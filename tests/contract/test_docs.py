"""Every shell example in README.md and docs/*.md runs, and prints exactly what the page shows.

An example is a fenced block whose first line starts with ``$ caribbean-exact ``; the lines after
it, up to the next ``$ `` line or the end of the block, are the expected output. A last line
``...`` means "the rest is cut". The command runs in-process through ``caribbean_exact.cli.main``;
stdout and stderr are compared together (a successful command prints nothing on stderr), trailing
spaces ignored. An expected ``error: ...`` line means the command must exit 2, otherwise 0.

A fenced block whose info string holds ``file=NAME`` (```` ```text file=mine.txt ````) is written
to NAME in the folder the page's examples run in, so an example can read a file the page shows.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from caribbean_exact.cli import main

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PROMPT = "$ caribbean-exact "
FENCE = re.compile(r"^(\s*)(```+)(.*)$")


@dataclass(frozen=True)
class Block:
    page: Path
    line: int           # 1-based line of the block's first content line
    info: str           # the fence's info string
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Example:
    page: Path
    line: int
    args: str
    expected: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{self.page.name}:{self.line}"


def blocks(page: Path) -> list[Block]:
    """The fenced blocks of a Markdown page (indented fences too, e.g. inside a list item)."""
    out: list[Block] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.group(1), m.group(2), m.group(3).strip()
        body: list[str] = []
        j = i + 1
        while j < len(lines) and not lines[j].strip().startswith(fence):
            text = lines[j]
            body.append(text[len(indent):] if text.startswith(indent) else text.lstrip())
            j += 1
        out.append(Block(page, i + 2, info, tuple(body)))
        i = j + 1
    return out


def examples(page: Path) -> list[Example]:
    """The shell examples of a page: blocks that start with '$ caribbean-exact '."""
    out: list[Example] = []
    for b in blocks(page):
        if not b.lines or not b.lines[0].startswith(PROMPT):
            continue
        current: list[str] | None = None
        start, args = 0, ""
        for n, text in enumerate(b.lines):
            if text.startswith("$ "):
                if current is not None:
                    out.append(Example(page, b.line + start, args, tuple(current)))
                assert text.startswith(PROMPT), f"{page.name}:{b.line + n}: only caribbean-exact commands run"
                start, args, current = n, text[len(PROMPT):], []
            else:
                assert current is not None
                current.append(text)
        if current is not None:
            out.append(Example(page, b.line + start, args, tuple(current)))
    return out


def files(page: Path) -> dict[str, str]:
    """The blocks of a page marked file=NAME, as NAME -> text."""
    out: dict[str, str] = {}
    for b in blocks(page):
        m = re.search(r"\bfile=(\S+)", b.info)
        if m:
            out[m.group(1)] = "\n".join(b.lines) + "\n"
    return out


def _clean(lines: list[str] | tuple[str, ...]) -> list[str]:
    out = [x.rstrip() for x in lines]
    while out and not out[-1]:
        out.pop()
    return out


def mismatch(expected: tuple[str, ...], got: str) -> str | None:
    """None when ``got`` is what ``expected`` shows (a last '...' line cuts the rest), else a diff."""
    want = _clean(expected)
    have = _clean(got.splitlines())
    cut = bool(want) and want[-1] == "..."
    if cut:
        want = want[:-1]
        have = have[:len(want)]
    if want == have:
        return None
    for n, (w, h) in enumerate(zip(want, have), 1):
        if w != h:
            return f"line {n}:\n  page:    {w!r}\n  program: {h!r}"
    return f"the page shows {len(want)} lines, the program printed {len(have)}:\n" + "\n".join(have)


ALL = [e for p in PAGES for e in examples(p)]


def test_the_pages_have_examples():
    assert len(ALL) >= 30
    for page in ("README.md", "one-hand.md", "whole-game.md", "strategy.md", "paytables.md",
                 "side-bets.md", "known-cards.md", "bad-input.md"):
        assert any(e.page.name == page for e in ALL), page


#: Examples left out of the default run (CI runs them), by how the command starts: a frontier search,
#: a chart drawn as a PDF, a report whose bad --contribution is refused only after seconds of work, and
#: the detection table (two and three hole cards seen solved, and a search for each leak), and the exact
#: one-card Oasis game (about 20 s of CPU).
SLOW_COMMANDS = ("simplify", "chart --plot", "report --side-bets progressive --contribution 1.5",
                 "detect --format csv", "solve --known-dealer-cards 3 --table chart", "solve --switch-fees 1 --quiet")


@pytest.mark.parametrize("example", [pytest.param(e, id=e.id,
                                                  marks=[pytest.mark.slow] * e.args.startswith(SLOW_COMMANDS))
                                     for e in ALL])
def test_example(example: Example, capsys, monkeypatch, tmp_path):
    for name, text in files(example.page).items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    # the pages show what a terminal keeps: progress lines off a terminal depend on the machine's speed
    monkeypatch.setattr("caribbean_exact.cli.progress.QUIET_START", float("inf"))
    capsys.readouterr()
    code = main(shlex.split(example.args))
    out, err = capsys.readouterr()
    failing = any(x.startswith("error:") for x in example.expected)
    assert code == (2 if failing else 0), f"{example.id}: exit {code}\n{err}"
    problem = mismatch(example.expected, out + err)
    assert problem is None, f"{example.id}: caribbean-exact {example.args}\n{problem}"


def test_a_wrong_line_fails():
    """The comparison is strict: a changed line, a missing line or an extra line is a failure."""
    shown = ("decision: FOLD", "", "EV raise  -1")
    assert mismatch(shown, "decision: FOLD   \n\nEV raise  -1\n\n") is None
    assert mismatch(shown, "decision: RAISE\n\nEV raise  -1\n") is not None
    assert mismatch(shown, "decision: FOLD\n\nEV raise  -1\nmore\n") is not None
    assert mismatch(shown, "decision: FOLD\n") is not None
    assert mismatch((*shown[:1], "..."), "decision: FOLD\nanything\n") is None
    assert mismatch(("decision: RAISE", "..."), "decision: FOLD\nanything\n") is not None


def test_local_links_resolve():
    """Every relative link of README.md and docs/*.md names a file of the repository."""
    for page in PAGES:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if "://" in target:
                continue
            assert (page.parent / target).exists(), f"{page.name}: link {target}"


def test_the_readme_maps_every_docs_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in PAGES[1:]:
        assert f"docs/{page.name}" in readme, page.name


def test_cited_tests_exist():
    """Every test the pages cite (`test_x.py::test_y`, or `::test_y` for the file cited last) is
    defined in tests/<family>/test_x.py (test file names are unique across the folders)."""
    files = {f.name: f for f in (ROOT / "tests").rglob("test_*.py")}
    cited = 0
    for page in PAGES:
        current = None
        for line in page.read_text(encoding="utf-8").splitlines():
            for file, name in re.findall(r"`(test_\w+\.py)?::(test_\w+)`", line):
                current = file or current
                assert current, f"{page.name}: '::{name}' without a test file before it: {line}"
                assert current in files, f"{page.name}: no tests/*/{current}"
                source = files[current].read_text(encoding="utf-8")
                assert re.search(rf"^\s*def {name}\(", source, re.MULTILINE), f"{page.name}: {current}::{name}"
                cited += 1
    assert cited >= 20


def refresh(page: Path) -> int:
    """Rewrite the expected output of every example of ``page`` with what the program prints now
    (a cut block keeps its length). For a change of output that is meant: ``python
    tests/contract/test_docs.py --refresh``, then read the diff. Returns how many examples changed."""
    import contextlib
    import io
    import os
    import tempfile

    text = page.read_text(encoding="utf-8").splitlines()
    changed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, body in files(page).items():
            Path(tmp, name).write_text(body, encoding="utf-8")
        here = os.getcwd()
        os.chdir(tmp)
        try:
            for ex in reversed(examples(page)):
                out, err = io.StringIO(), io.StringIO()
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    main(shlex.split(ex.args))
                got = out.getvalue() + err.getvalue()  # as test_example compares them: stdout, then stderr
                if mismatch(ex.expected, got) is None:
                    continue
                at = ex.line  # 0-based index of the first expected line (the $ line is at ex.line - 1)
                indent = text[at - 1][: len(text[at - 1]) - len(text[at - 1].lstrip())]
                new = _clean(got.splitlines())
                if ex.expected and ex.expected[-1].strip() == "...":
                    new = [*new[: len(_clean(ex.expected)) - 1], "..."]
                text[at:at + len(ex.expected)] = [(indent + x).rstrip() for x in new]
                changed += 1
        finally:
            os.chdir(here)
    page.write_text("\n".join(text) + "\n", encoding="utf-8")
    return changed


if __name__ == "__main__":
    import sys

    if sys.argv[1:] != ["--refresh"]:
        sys.exit("usage: python tests/contract/test_docs.py --refresh")
    import caribbean_exact.cli.progress
    caribbean_exact.cli.progress.QUIET_START = float("inf")  # as test_example: no progress lines
    for p in PAGES:
        n = refresh(p)
        if n:
            print(f"{p.name}: {n} examples refreshed")
