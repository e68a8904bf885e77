"""The generated files in ``tables/``: one command rebuilds them all, a test checks they are current.

``caribbean-exact tables --out tables/`` writes, for every built-in pay table, the optimal
strategy chart and the strategy comparison as Markdown and CSV. Other modules add files
through ``GENERATORS``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from . import render
from .errors import InvalidRules
from .progress import Progress
from .rules import Rules, builtin_paytables

#: name -> "module:function" returning {file name: text}; each runs once per rebuild.
GENERATORS: dict[str, str] = {
    "strategy": "tables:_strategy_files",
    "known": "known:table_files",
}


def _resolve(spec: str) -> Callable[[], dict[str, str]]:
    import importlib

    mod, func = spec.split(":")
    fn: Callable[[], dict[str, str]] = getattr(importlib.import_module(f"{__package__}.{mod}"), func)
    return fn


def _md(title: str, body: str) -> str:
    return f"# {title}\n\n{body.rstrip()}\n"


def _strategy_files() -> dict[str, str]:
    from .strategy import build_chart, compare_strategies

    out: dict[str, str] = {}
    for key, table in sorted(builtin_paytables().items()):
        rules = Rules(paytable=table)
        ch = build_chart(rules)
        out[f"{key}-chart.md"] = _md(f"Optimal strategy chart: {table.name} ({table.short()})",
                                     render.chart(ch, "github"))
        out[f"{key}-chart.csv"] = render.chart(ch, "csv") + "\n"
        res = compare_strategies(rules)
        out[f"{key}-strategies.md"] = _md(f"Strategies compared: {table.name} ({table.short()})",
                                          render.strategies(res, "github"))
        out[f"{key}-strategies.csv"] = render.strategies(res, "csv") + "\n"
    return out


def generate() -> dict[str, str]:
    """Every file of tables/, by name (deterministic: no dates, no timings)."""
    files: dict[str, str] = {}
    with Progress("building tables", total=len(GENERATORS)) as p:
        for name, spec in GENERATORS.items():
            for fname, text in _resolve(spec)().items():
                if fname in files:
                    raise RuntimeError(f"two generators write {fname}")
                files[fname] = text
            p.advance()
    index = ["# Generated tables", "", "Rebuilt by `caribbean-exact tables --out tables/`; "
             "`tests/test_tables.py` fails when a file here is stale.", ""]
    index += [f"- [{f}]({f})" for f in sorted(files)]
    files["README.md"] = "\n".join(index) + "\n"
    return files


def write(out_dir: str) -> list[str]:
    files = generate()
    try:
        os.makedirs(out_dir, exist_ok=True)
        for fname, text in files.items():
            with open(os.path.join(out_dir, fname), "w", encoding="utf-8", newline="\n") as f:
                f.write(text)
    except OSError as e:
        raise InvalidRules(f"--out {out_dir!r}: {e.strerror}") from None
    return sorted(files)


def _setup(p: Any) -> None:
    p.add_argument("--out", default="tables", help="folder to write (default: tables)")


def _run(args: Any) -> str:
    names = write(args.out)
    return f"wrote {len(names)} files to {args.out}"


def _register() -> None:
    from .cli import register

    register("tables", "rebuild the generated strategy charts and reports in tables/", _setup, _run)


_register()
