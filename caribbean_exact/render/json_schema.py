"""The contract of ``--format json``: every JSON document names its schema, and the schemas ship
with the package (``caribbean_exact/schemas/<command>.json``, JSON Schema draft 2020-12).

Every JSON output of a command begins with ``"schema": {"id": "urn:caribbean-exact:<command>",
"version": 1}``; ``ce.as_dict(result)`` of a result a command prints carries the same. A document
that is a list (``paytables``, a chart table) is an object: the schema, then the list as ``"rows"``.

The one rule of values (``docs/json.md``): an exact value that is a price, a probability, a return,
a cost or any sum of money is a string holding the fraction in lowest terms ("-12773/10879", "3",
"0"), whole or not; a count (hands, situations, deals, weights, lines, seeds, a rank's value) is a
JSON integer; a float only where the figure cannot be exact or is too huge to print (a standard
deviation, a sampled estimate, a tail probability), which its schema's description says.

>>> stamped("ev", {"hand": "As Kd 7h 4c 2s"})["schema"]
{'id': 'urn:caribbean-exact:ev', 'version': 1}
>>> stamped_text("paytables", '[\\n  1\\n]')
'{\\n  "schema": {"id": "urn:caribbean-exact:paytables", "version": 1},\\n  "rows": [\\n  1\\n]\\n}'
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: the command line starts without typing (issue #24)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["SCHEMA_VERSION", "schema_id", "schema_ref", "stamped", "stamped_text"]

#: The version of every schema: raised when a field changes its meaning or type (see CHANGELOG.md).
SCHEMA_VERSION = 1


def schema_id(command: str) -> str:
    """The ``$id`` of a command's schema (the command's name, spaces as "-")."""
    return f"urn:caribbean-exact:{command}"


def schema_ref(command: str) -> dict[str, Any]:
    """The ``"schema"`` field of a command's JSON: its schema's id and version."""
    return {"id": schema_id(command), "version": SCHEMA_VERSION}


def stamped(command: str, doc: Any) -> dict[str, Any]:
    """``doc`` (a command's JSON data) with its ``"schema"`` first; a list becomes ``"rows"``."""
    if isinstance(doc, list):
        return {"schema": schema_ref(command), "rows": doc}
    return {"schema": schema_ref(command), **{k: v for k, v in doc.items() if k != "schema"}}


def stamped_text(command: str, text: str) -> str:
    """The JSON text of a command with its ``"schema"`` first, written into the text as it is (a
    long history's lines keep their layout; nothing is parsed again). A text that already names its
    schema is returned as it is."""
    head = f'"schema": {{"id": "{schema_id(command)}", "version": {SCHEMA_VERSION}}}'
    body = text.rstrip("\n")
    if body.startswith("["):
        return "{\n  " + head + ',\n  "rows": ' + body + "\n}"
    if not body.startswith("{") or body[1:].lstrip().startswith('"schema"'):
        return text
    rest = body[1:].lstrip()
    if rest.startswith("}"):
        return "{\n  " + head + "\n}"
    return "{\n  " + head + ",\n  " + rest
