"""The JSON contract in tests: every JSON document a command prints is validated against its schema
(``caribbean_exact/schemas/<command>.json``, draft 2020-12), by ``validated`` here. ``conftest.py``
wraps the command line's one JSON stamp (``render.json_schema.stamped_text``) so that every test
running a command with ``--format json`` validates its output without asking; tests that build a
document another way call ``validated`` themselves."""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

SCHEMAS = resources.files("caribbean_exact") / "schemas"


@functools.cache
def _validator(command: str) -> Any:
    import jsonschema

    schema = json.loads((SCHEMAS / f"{command}.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())


def schema_commands() -> list[str]:
    """The commands that have a schema (the file names)."""
    return sorted(p.name.removesuffix(".json") for p in SCHEMAS.iterdir() if p.name.endswith(".json"))


def validated(doc: Any, command: str | None = None) -> Any:
    """``doc`` (parsed JSON, or JSON text), checked against the schema it names (``command``: the
    schema it must name); returns the parsed document. Fails with the first error's path."""
    if isinstance(doc, str):
        doc = json.loads(doc)
    assert isinstance(doc, dict) and "schema" in doc, "a JSON document without its schema"
    sid = doc["schema"]["id"]
    name = sid.removeprefix("urn:caribbean-exact:")
    if command is not None:
        assert name == command, f"the document names {sid}, expected {command}'s"
    errors = sorted(_validator(name).iter_errors(doc), key=lambda e: list(e.absolute_path))
    assert not errors, f"{sid}: {'/'.join(map(str, errors[0].absolute_path))}: {errors[0].message[:300]}"
    return doc
