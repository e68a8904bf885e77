"""The Python examples of README.md and docs/*.md run as doctests, so they always show real output.

Each page runs on its own (fresh globals), with ELLIPSIS on. Shell examples are checked by
tests/contract/test_docs.py.
"""

import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def run_doctests(page: Path) -> doctest.TestResults:
    return doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_page_examples(page: Path):
    result = run_doctests(page)
    assert result.failed == 0, f"{page.name}: {result.failed} of {result.attempted} examples failed"


def test_the_pages_have_python_examples():
    """Counted by doctest's own parser, as test_page_examples runs them (not run a second time)."""
    parser = doctest.DocTestParser()
    counts = {p.name: len(parser.get_examples(p.read_text(encoding="utf-8"))) for p in PAGES}
    assert counts["README.md"] >= 5
    assert sum(counts.values()) >= 30, counts


def test_a_wrong_output_fails(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("```python\n>>> import caribbean_exact as ce\n>>> ce.ev('As Kd 7h 4c 2s', 'Qh').decision\n"
                    "'raise'\n\n```\n", encoding="utf-8")
    assert run_doctests(page).failed == 1
