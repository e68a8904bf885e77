"""The API reference: every public function's docstring names each of its parameters, every public
class's docstring (or a ``#:`` comment above the field) says what each field holds, and the page
generated from them, docs/api/, is not stale.

The page is pdoc's output (a well-kept docstring-to-HTML tool whose output is the same bytes run
after run). docs/api/generated-with.txt names the pdoc and Python versions that wrote it; where
both are installed, the page is generated again into a temporary folder and compared byte for
byte. Elsewhere only the cheap check runs: every name of ``caribbean_exact.__all__`` has its
section in the committed page. After a docstring or a public name changed::

    python tests/contract/test_api_reference.py --refresh

rewrites docs/api/ (and generated-with.txt) with the pdoc installed (``pip install -e ".[docs]"``).
"""

from __future__ import annotations

import ast
import dataclasses
import filecmp
import importlib.metadata
import inspect
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

import caribbean_exact as ce

ROOT = Path(__file__).resolve().parents[2]
API = ROOT / "docs" / "api"
GENERATED_WITH = API / "generated-with.txt"
PAGES = ("caribbean_exact.html", "index.html")
#: The page: the package alone (its submodules are not public), without the source code (it would
#: tie the page to every code change) and without the search index.
PDOC_ARGS = ("caribbean_exact", "!caribbean_exact.", "--no-show-source", "--no-search")
STALE = "docs/api is stale: run python tests/contract/test_api_reference.py --refresh"

#: Parameters a docstring need not name: (function, parameter) -> why. ``self`` and ``cls`` need no
#: entry (never in a public function of ``__all__``, named here for the methods of a caller's own).
UNNAMED: dict[tuple[str, str], str] = {
    ("ev", "more"): "*more only catches extra positional cards, to say that they go as dead= or dealer=",
}
ALWAYS_UNNAMED = {"self", "cls"}


def public_functions() -> dict[str, Callable[..., object]]:
    """The functions of ``ce.__all__`` (``functools`` wrappers unwrapped), by public name."""
    out = {}
    for name in ce.__all__:
        obj = inspect.unwrap(getattr(ce, name))
        if inspect.isfunction(obj):
            out[name] = obj
    return out


def public_classes() -> dict[str, type]:
    """The dataclasses of ``ce.__all__``, by public name."""
    return {name: obj for name in ce.__all__
            if inspect.isclass(obj := getattr(ce, name)) and dataclasses.is_dataclass(obj)}


def unnamed_parameters(name: str, fn: Callable[..., object]) -> list[str]:
    """The parameters of ``fn`` that its docstring does not name as ``parameter``."""
    doc = inspect.getdoc(fn) or ""
    return [p for p in inspect.signature(fn).parameters
            if p not in ALWAYS_UNNAMED and (name, p) not in UNNAMED and f"``{p}``" not in doc]


def commented_fields(cls: type) -> set[str]:
    """The fields of ``cls`` with a ``#:`` comment on the line above (pdoc shows it as their doc)."""
    source = textwrap.dedent(inspect.getsource(cls))
    lines = source.splitlines()
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.ClassDef)
    return {item.target.id for item in node.body
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
            and item.lineno >= 2 and lines[item.lineno - 2].strip().startswith("#:")}


def test_the_lists_are_not_empty():
    assert len(public_functions()) > 20 and len(public_classes()) > 20


@pytest.mark.parametrize("name", sorted(public_functions()))
def test_docstring_names_every_parameter(name):
    fn = public_functions()[name]
    doc = inspect.getdoc(fn) or ""
    assert doc.strip(), f"{name}: no docstring"
    assert doc.splitlines()[0].strip() and (len(doc.splitlines()) == 1 or not doc.splitlines()[1].strip()), \
        f"{name}: the first line must be a one-line summary, then a blank line"
    missing = unnamed_parameters(name, fn)
    assert not missing, f"{name}: the docstring does not name {', '.join(f'``{p}``' for p in missing)}"


def test_unnamed_entries_are_real_parameters():
    functions = public_functions()
    for name, param in UNNAMED:
        assert name in functions and param in inspect.signature(functions[name]).parameters, (name, param)
        assert f"``{param}``" not in (inspect.getdoc(functions[name]) or ""), f"{name}: {param} is named now"


@pytest.mark.parametrize("name", sorted(public_classes()))
def test_class_docstring_says_what_each_field_holds(name):
    cls = public_classes()[name]
    doc = inspect.getdoc(cls) or ""
    commented = commented_fields(cls)
    missing = [f.name for f in dataclasses.fields(cls)
               if not f.name.startswith("_") and f"``{f.name}``" not in doc and f.name not in commented]
    assert not missing, f"{name}: neither the docstring nor a #: comment says what {missing} hold"


def test_unnamed_parameters_are_found():
    def f(a, b):
        """Sum.

        ``a``: a number.
        """
    assert unnamed_parameters("f", f) == ["b"]


# ---------------------------------------------------------------- the page


def generated_with() -> dict[str, str]:
    """The versions that wrote docs/api, from generated-with.txt ("pdoc 16.0.0", "python 3.11")."""
    out = {}
    for line in GENERATED_WITH.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            key, _, value = line.partition(" ")
            out[key] = value.strip()
    return out


def installed_with() -> dict[str, str] | None:
    """The versions here, or None without pdoc."""
    try:
        pdoc = importlib.metadata.version("pdoc")
    except importlib.metadata.PackageNotFoundError:
        return None
    return {"pdoc": pdoc, "python": f"{sys.version_info.major}.{sys.version_info.minor}"}


def generate(out: Path) -> None:
    """Write the page into ``out`` with the pdoc installed."""
    subprocess.run([sys.executable, "-m", "pdoc", *PDOC_ARGS, "-o", str(out)], check=True, cwd=out.parent,
                   stdout=subprocess.DEVNULL)


def test_every_public_name_is_on_the_committed_page():
    html = (API / "caribbean_exact.html").read_text(encoding="utf-8")
    missing = [name for name in ce.__all__ if f'id="{name}"' not in html]
    assert not missing, f"{missing} not on docs/api/caribbean_exact.html: {STALE}"
    assert "/work/" not in html and "site-packages" not in html and "\\\\" not in html, "a local path on the page"
    assert {"pdoc", "python"} <= set(generated_with())


def test_the_committed_page_is_what_pdoc_writes_now():
    here, wrote = installed_with(), generated_with()
    if here is None or here != {k: wrote.get(k) for k in here}:
        pytest.skip(f"pdoc {wrote.get('pdoc')} on python {wrote.get('python')} wrote docs/api; here: {here} "
                    "(the names on the page are still checked)")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp, "api")
        generate(out)
        for page in PAGES:
            assert filecmp.cmp(out / page, API / page, shallow=False), f"{page}: {STALE}"
        assert sorted(p.name for p in out.iterdir()) == sorted(PAGES), STALE


def refresh() -> None:
    """Rewrite docs/api/ and generated-with.txt with the pdoc installed here."""
    here = installed_with()
    if here is None:
        sys.exit('pdoc is not installed: pip install -e ".[docs]"')
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp, "api")
        generate(out)
        API.mkdir(parents=True, exist_ok=True)
        for page in PAGES:
            (API / page).write_bytes((out / page).read_bytes())
    GENERATED_WITH.write_text("# docs/api was written by: python tests/contract/test_api_reference.py --refresh\n"
                              + "".join(f"{k} {v}\n" for k, v in here.items()), encoding="utf-8")
    print(f"docs/api refreshed with pdoc {here['pdoc']} on python {here['python']}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--refresh"]:
        sys.exit("usage: python tests/contract/test_api_reference.py --refresh")
    refresh()
