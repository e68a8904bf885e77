"""The built-in pay tables as Python data (caribbean_exact/model/paytable_data.py) are the ones of
caribbean_exact/data/paytables.toml: the command line builds them without a TOML reader (start-up,
issue #24), the TOML file stays the format users copy for ``--paytables``. After the TOML changed::

    python tests/model/test_paytable_data.py --refresh

rewrites the Python module from it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOML = ROOT / "caribbean_exact" / "data" / "paytables.toml"
MODULE = ROOT / "caribbean_exact" / "model" / "paytable_data.py"

HEAD = '''"""The built-in pay tables as Python data, written from data/paytables.toml (the file users copy
for their own tables): the command line builds them without loading a TOML reader (start-up, issue
#24). Generated, do not edit: after a change of the TOML file, ``python tests/model/test_paytable_data.py
--refresh`` rewrites this module; tests/model/test_paytable_data.py fails while the two differ.
"""

from __future__ import annotations

#: Each table as the TOML file gives it: name, the ten pays royal flush first as (numerator,
#: denominator), where it is played, where it is documented.
TABLES: tuple[tuple[str, tuple[tuple[int, int], ...], str, str], ...] = (
'''


def _text(s: str, indent: str) -> str:
    """A string literal, split at spaces into lines of at most about 100 characters."""
    pieces, line = [], ""
    for word in s.split(" "):
        if line and len(line) + len(word) > 90:
            pieces.append(line)
            line = ""
        line += word + " "
    pieces.append(line[:-1])
    literals = [json.dumps(p) for p in pieces]
    if len(literals) == 1:
        return literals[0]
    return "(" + f"\n{indent} ".join(literals) + ")"


def module_text() -> str:
    """The module paytable_data.py as the TOML file says it should be."""
    from caribbean_exact.model.rules import load_paytables_text
    tables = load_paytables_text(TOML.read_text(encoding="utf-8"), "built-in paytables.toml")
    out = [HEAD]
    for t in tables.values():
        pays = ", ".join(f"({p.numerator}, {p.denominator})" for p in t.pays)
        out.append(f"    (\n        {json.dumps(t.name)},\n        ({pays}),\n"
                   f"        {_text(t.where, '        ')},\n        {_text(t.source, '        ')},\n    ),\n")
    out.append(")\n")
    return "".join(out)


def test_the_module_is_the_toml_file():
    assert MODULE.read_text(encoding="utf-8") == module_text(), \
        "stale: python tests/model/test_paytable_data.py --refresh"


def test_the_builtin_tables_are_the_toml_files():
    from caribbean_exact.model.rules import builtin_paytables, load_paytables_text
    from_toml = load_paytables_text(TOML.read_text(encoding="utf-8"), "built-in paytables.toml")
    built = builtin_paytables()
    assert list(built.items()) == list(from_toml.items())  # names, pays, texts and their order
    assert [str(p) for p in built["standard"].pays] == ["100", "50", "20", "7", "5", "4", "3", "2", "1", "1"]


def test_the_builtin_tables_load_no_toml_reader():
    code = ("import sys\nfrom caribbean_exact.model.rules import builtin_paytables\nbuiltin_paytables()\n"
            "print(sorted(m for m in ('tomllib', 'importlib.resources', 'pathlib') if m in sys.modules))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert p.stdout.strip() == "[]", p.stdout


if __name__ == "__main__":
    if sys.argv[1:] != ["--refresh"]:
        sys.exit("usage: python tests/model/test_paytable_data.py --refresh")
    MODULE.write_text(module_text(), encoding="utf-8")
    print(f"{MODULE.relative_to(ROOT)} rewritten from {TOML.relative_to(ROOT)}")
