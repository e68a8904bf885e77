"""The JSON contract (issue #33): each command's ``--format json`` output has a JSON Schema (draft
2020-12, ``caribbean_exact/schemas/<command>.json``, shipped in the package and shown on
``docs/json.md``); every output validates; ``ce.as_dict`` of the library's result for the same
question validates against the same schema and equals the command's output (``json_walk.CASES``
walks every command and mode).

``python tests/contract/test_json_schemas.py --refresh`` writes the schemas from the shapes of the
walk's outputs (types, the fields always present, exact values as fraction strings) and the page;
the descriptions of the shared parts and of every float are written here. A test fails when the
committed schemas or page are stale.
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Iterable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from json_schemas import schema_commands, validated
from json_walk import ANSWERS, CASES, PREPARE

import caribbean_exact as ce
from caribbean_exact.cli import main
from caribbean_exact.cli.commands import COMMANDS
from caribbean_exact.render.json_schema import SCHEMA_VERSION, schema_id

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_DIR = ROOT / "caribbean_exact" / "schemas"
PAGE = ROOT / "docs" / "json.md"
FRACTION = r"^-?[0-9]+(/[0-9]+)?$"

#: Why a figure is a float, by field name (the rule: floats only where the figure cannot be exact).
FLOATS = {
    "standard_deviation": "a float: the square root of the exact variance (irrational); scientific text only "
                          "where the root is beyond a float's range (above 1.8e308)",
    "p_ahead": "a float: P(the player is ahead); exact as p_ahead_exact where that is not null, else "
               "computed by FFT within error_bound",
    "p_even": "a float: P(the player is even); exact as p_even_exact where that is not null, else within "
              "error_bound",
    "p_behind": "a float: P(the player is behind); exact as p_behind_exact where that is not null, else "
                "within error_bound",
    "size": "a float: the test's exact size (a binomial tail of thousands of digits), in floating point",
    "power": "a float: the test's exact power (a binomial tail of thousands of digits), in floating point",
    "half_width": "a float: the half width of a sampled 95% interval",
}
FLOAT_DEFAULT = ("a float: a figure that cannot be exact (irrational, sampled, or a tail probability too "
                 "long to print)")
#: Fields null in some outputs that the walk does not reach (a report without independent seats, a
#: switching study whose lines are not solved, a cap that never costs, a table never in the red, a
#: schedule that does not allow one card: no one-card game).
NULLABLE = {"independent_p_house_loses", "independent_p_house_loses_exact", "independent_shift_range_95",
            "switch_rules_game", "first_costly_ante", "breakeven_meter", "breakeven_meter_dollars",
            "cap_binds_above_ante",
            "house_edge_at_most", "element_of_risk", "expected_wager", "results_over_n_hands", "optimal_half_width",
            "buy_game", "sixth_card_fee", "buy_game_fee", "buy_ev", "replaced", "counted",
            "proof", "one_card_game"}
#: Lists whose items may be null: a fee schedule's sizes the table does not allow ("x,1,1,1,1").
NULLABLE_ITEMS = {"switch_fees", "fees"}
#: Fields some lines have and others not (score's money columns, given an ante).
OPTIONAL = {"ante", "cost_money"}
#: Objects whose keys are data (ranks, hands, quantiles, switch sizes), not field names.
DATA_KEYS = {"excluded_sizes", "excluded_sizes_by_up_rank", "undecided", "excluded_by_up_rank", "quantiles",
             "hits_per_year", "dealer_categories"}

DEFS: dict[str, Any] = {
    "fraction": {"type": "string", "pattern": FRACTION,
                 "description": "an exact number as text: a fraction in lowest terms or an integer "
                                '("-12773/10879", "3", "0")'},
    "information": {
        "type": "object", "description": "what the player knows of the dealer's hole cards",
        "properties": {"kind": {"type": "string", "enum": ["up-card", "seen-cards", "sorted-ranks", "seen-class",
                                                           "burn-card"]},
                       "description": {"type": "string"}, "seen_cards": {"type": "integer"},
                       "ranks": {"type": "string"}, "suits": {"type": "string"}, "dead_cards": {"type": "integer"},
                       "blocks": {"type": "array", "items": {"type": "string"}}, "suit_split": {"type": "string"}},
        "required": ["kind", "description", "seen_cards", "ranks", "suits", "dead_cards", "blocks", "suit_split"],
        "additionalProperties": False},
    "rules": {
        "type": "object",
        "description": "the game's whole rules: the same object in every output (a draw adds \"draw\", a leak "
                       '"information")',
        "properties": {
            "paytable": {"type": "string", "description": "the pay table's name"},
            "pays": {"type": "array", "items": {"$ref": "#/$defs/fraction"}, "minItems": 10, "maxItems": 10,
                     "description": "the raise's pays to 1, royal flush first"},
            "qualifier": {"type": "string"}, "qualifier_value": {"type": "integer"},
            "ante": {"anyOf": [{"$ref": "#/$defs/fraction"}, {"type": "null"}]},
            "max_payout": {"anyOf": [{"$ref": "#/$defs/fraction"}, {"type": "null"}]},
            "raise_antes": {"type": "integer", "minimum": 1},
            "draw": {"type": "object", "properties": {
                "switch_fees": {"type": "array", "items": {"anyOf": [{"$ref": "#/$defs/fraction"}, {"type": "null"}]},
                                "description": "the fee of switching 1, 2, ... cards; null: not allowed"},
                "five_forces_raise": {"type": "boolean"},
                "buy_fee": {"$ref": "#/$defs/fraction",
                            "description": "the fee of a sixth card, where one is for sale"}},
                "required": ["switch_fees", "five_forces_raise"], "additionalProperties": False},
            "information": {"$ref": "#/$defs/information"}},
        "required": ["paytable", "pays", "qualifier", "qualifier_value", "ante", "max_payout", "raise_antes"],
        "additionalProperties": False},
}


# ---------------------------------------------------------------- running the walk


def _run(command: str, argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO(ANSWERS)  # the trainer's answers (no other command reads them)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main([command, *argv, "--format", "json", "--quiet"])
    finally:
        sys.stdin = stdin
    return code, out.getvalue(), err.getvalue()


def cli_json(command: str, argv: list[str]) -> dict[str, Any]:
    """The command's JSON output, validated (conftest validates it too, on the way out)."""
    code, out, err = _run(command, argv)
    assert code == 0, err
    return validated(out, command)


def batch_lines() -> list[dict[str, Any]]:
    """``ev --batch`` JSON lines (one document a line)."""
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("As Kd 7h 4c 2s,Qh\n8s 8d 7h 4c 2s Qh\n")
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["ev", "--batch", f.name, "--format", "json", "--quiet"]) == 0
    Path(f.name).unlink()
    return [json.loads(line) for line in out.getvalue().splitlines()]


# ---------------------------------------------------------------- the schemas from the walk's shapes


def _allows_null(s: dict[str, Any]) -> bool:
    return {"type": "null"} in s.get("anyOf", []) or "null" in (s.get("type") or [])


def _nullable(s: dict[str, Any]) -> dict[str, Any]:
    if "type" in s and isinstance(s["type"], str) and "$ref" not in s:
        return {**s, "type": [s["type"], "null"]}
    return {"anyOf": [s, {"type": "null"}]}


def infer(values: list[Any], name: str = "") -> dict[str, Any]:
    """The schema of every value seen at one place of the documents."""
    nonnull = [v for v in values if v is not None]
    if not nonnull:  # only null in the walk: its shape is not fixed here yet
        return {"description": "null in every example of the walk; any value (its shape is not fixed yet)"}
    kinds = {("number" if isinstance(v, float) else "integer" if isinstance(v, int) and not isinstance(v, bool)
              else type(v).__name__) for v in nonnull}
    if kinds == {"integer", "number"}:
        kinds = {"number"}
    parts = [_infer_kind(k, [v for v in nonnull if _kind(v) == k or (k == "number" and _kind(v) == "integer")],
                         name) for k in sorted(kinds)]
    s = parts[0] if len(parts) == 1 else {"anyOf": parts}
    return _nullable(s) if len(nonnull) < len(values) else s


def _kind(v: Any) -> str:
    return ("number" if isinstance(v, float) else "integer" if isinstance(v, int) and not isinstance(v, bool)
            else type(v).__name__)


def _infer_kind(kind: str, values: list[Any], name: str) -> dict[str, Any]:
    if kind == "dict":
        if name == "rules" and all("paytable" in v for v in values):
            return {"$ref": "#/$defs/rules"}
        if name == "information" and all("kind" in v for v in values):
            return {"$ref": "#/$defs/information"}
        if name in DATA_KEYS:
            return {"type": "object", "additionalProperties": infer([x for v in values for x in v.values()])}
        keys = list(dict.fromkeys(k for v in values for k in v))
        props = {k: infer([v[k] for v in values if k in v], k) for k in keys}
        for k in NULLABLE & set(props):
            p = props[k]
            if not _allows_null(p) and ("type" in p or "$ref" in p):
                props[k] = _nullable(p)
        return {"type": "object", "properties": props,
                "required": [k for k in keys if all(k in v for v in values) and k not in OPTIONAL],
                "additionalProperties": False}
    if kind == "list":
        items = [x for v in values for x in v]
        if not items:
            return {"type": "array"}
        each = infer(items, name)
        if name in NULLABLE_ITEMS and not _allows_null(each):
            each = _nullable(each)
        return {"type": "array", "items": each}
    if kind == "str":
        return {"$ref": "#/$defs/fraction"} if all(re.fullmatch(FRACTION, v) for v in values) else {"type": "string"}
    if kind == "bool":
        return {"type": "boolean"}
    if kind == "integer":
        return {"type": "integer"}
    if name.startswith("standard_deviation") or name == "shift_standard_deviation":  # float_root's text
        return {"type": ["number", "string"], "description": FLOATS["standard_deviation"]}
    return {"type": "number", "description": FLOATS.get(name, FLOAT_DEFAULT)}


def schema_of(command: str, docs: Iterable[dict[str, Any]]) -> dict[str, Any]:
    body = infer(list(docs))
    body["properties"]["schema"] = {
        "type": "object", "description": "this schema's id and version",
        "properties": {"id": {"const": schema_id(command)}, "version": {"const": SCHEMA_VERSION}},
        "required": ["id", "version"], "additionalProperties": False}
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": schema_id(command),
            "title": f"caribbean-exact {command} --format json" if command != "ev-batch" else
            "caribbean-exact ev --batch --format json (each line)",
            "description": f"version {SCHEMA_VERSION}; exact values are fraction strings, counts JSON integers, "
                           "floats only where a figure cannot be exact (see docs/json.md)",
            **body, "$defs": DEFS}


def documents(only: set[str] | None = None) -> dict[str, list[dict[str, Any]]]:
    """Every output of the walk, by schema name (``only``: those schemas' outputs)."""
    out: dict[str, list[dict[str, Any]]] = {}
    if only is None or "ev-batch" in only:
        out["ev-batch"] = batch_lines()
    for name, command, argv, _, _ in CASES:
        if only is None or command in only:
            if name in PREPARE:
                PREPARE[name]()
            out.setdefault(command, []).append(_raw(command, argv))
    return out


def _raw(command: str, argv: list[str]) -> dict[str, Any]:
    code, out, err = _run(command, argv)
    assert code == 0, (command, argv, err)
    return json.loads(out)


def page(schemas: dict[str, dict[str, Any]]) -> str:
    """docs/json.md: the rule, the shared parts, then every command's schema."""
    lines = [
        "# The JSON contract",
        "",
        "Every command's `--format json` output, and `ce.as_dict(result)` of the library's result for the same",
        "question, is one JSON document with a [JSON Schema](https://json-schema.org/draft/2020-12) (draft",
        "2020-12). The schemas ship in the package (`caribbean_exact/schemas/<command>.json`); each document",
        f'begins with `"schema": {{"id": "urn:caribbean-exact:<command>", "version": {SCHEMA_VERSION}}}`. '
        "The changes",
        "that made them one contract are listed in [CHANGELOG.md](../CHANGELOG.md) (0.2.0).",
        "",
        "## The rule of values",
        "",
        "- An exact value that is a price, a probability, a return, a cost or any sum of money is a string",
        '  holding the fraction in lowest terms: `"-12773/10879"`, `"3"`, `"0"` (whole or not: one type).',
        "- A count (hands, situations, deals, weights, lines, seeds, a qualifier's value) is a JSON integer.",
        "- A float only where the figure cannot be exact (a standard deviation, a sampled estimate, a tail",
        "  probability too long to print); its schema's description says why. Where a figure is exact for a",
        "  few hands and a float for many (`report`'s `p_ahead`), the field is always the float and",
        "  `p_ahead_exact` holds the fraction or null.",
        "- `rules` is the game's whole rules object everywhere (below); a strategy's lines are `rule_file`.",
        "- A document that is a list (`paytables`, `solve --table chart` of a leak) is an object: the schema,",
        "  then the list as `rows`.",
        "",
        "## Shared parts",
        "",
        "```json",
        json.dumps(DEFS, indent=2),
        "```",
        "",
        "## The schemas",
        "",
    ]
    for name, s in schemas.items():
        lines += [f"### {name}", "", f"`caribbean_exact/schemas/{name}.json`: {s['title']}.", "",
                  "| field | type | always |", "|---|---|---|"]
        req = set(s.get("required", []))
        for k, v in s["properties"].items():
            lines.append(f"| `{k}` | {_type_words(v)} | {'yes' if k in req else 'no'} |")
        lines.append("")
    lines += ["## Python", "", "```python", "import json", "from importlib import resources", "",
              "import caribbean_exact as ce", "",
              'doc = ce.as_dict(ce.ev("As Kd 7h 4c 2s", "Qh"))',
              'schema = json.loads((resources.files("caribbean_exact") / "schemas" / "ev.json").read_text())',
              'assert doc["schema"]["id"] == schema["$id"] == "urn:caribbean-exact:ev"', "```", ""]
    return "\n".join(lines)


def _type_words(s: dict[str, Any]) -> str:
    if "$ref" in s:
        return s["$ref"].rsplit("/", 1)[1]
    if "anyOf" in s:
        return " or ".join(_type_words(x) for x in s["anyOf"])
    t = s.get("type")
    if isinstance(t, list):
        return " or ".join(_type_words({**s, "type": x}) for x in t)
    if t == "array":
        return f"array of {_type_words(s['items'])}" if "items" in s else "array"
    if t == "number":
        return "float"
    return str(t or "any")


def refresh(only: set[str] | None = None) -> None:
    """Write the schemas (``only``: those commands', the others read as committed) and the page."""
    SCHEMA_DIR.mkdir(exist_ok=True)
    for name, docs in sorted(documents(only).items()):
        schema = schema_of(name, docs)
        (SCHEMA_DIR / f"{name}.json").write_text(json.dumps(schema, indent=2) + "\n", encoding="utf-8")
    schemas = {p.stem: json.loads(p.read_text(encoding="utf-8"))
               for p in sorted(SCHEMA_DIR.glob("*.json"), key=lambda p: p.stem)}
    PAGE.write_text(page(schemas), encoding="utf-8")


# ---------------------------------------------------------------- tests


def test_every_formatted_command_has_a_valid_schema():
    import jsonschema

    names = schema_commands()
    # card writes a file (PDF, SVG, PNG) and prints no document
    assert {c.name for c in COMMANDS if c.formatted} - {"card"} | {"ev-batch"} == set(names)
    for name in names:
        schema = json.loads((SCHEMA_DIR / f"{name}.json").read_text(encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["$id"] == schema_id(name) and "schema" in schema["required"]


def test_the_page_shows_the_committed_schemas():
    schemas = {n: json.loads((SCHEMA_DIR / f"{n}.json").read_text(encoding="utf-8")) for n in schema_commands()}
    assert PAGE.read_text(encoding="utf-8") == page(schemas), \
        "docs/json.md is stale: python tests/contract/test_json_schemas.py --refresh"


def test_the_readme_links_the_page():
    assert "docs/json.md" in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("case", [pytest.param(c, id=c[0], marks=[pytest.mark.slow] * c[4]) for c in CASES])
def test_the_library_answers_with_the_commands_json(case):
    """The command's output validates; the library's result for the same question, through
    ``ce.as_dict``, validates against the same schema and is the same document."""
    name, command, argv, call, _ = case
    if name in PREPARE:
        PREPARE[name]()
    doc = cli_json(command, argv)
    assert doc["schema"] == {"id": schema_id(command), "version": SCHEMA_VERSION}
    if call is not None:
        data = ce.as_dict(call())
        validated(data, command)
        assert data == doc


def test_batch_lines_validate_each():
    lines = batch_lines()
    assert len(lines) == 2 and [x["decision"] for x in lines] == ["fold", "raise"]
    for x in lines:
        validated(x, "ev-batch")


def test_one_type_per_name():
    """total_return is an exact string in every output; report's p_ahead a float at every N;
    hands_per_hour exact text everywhere; rules the whole rules object (issue #33 item 2)."""
    schemas = {n: json.loads((SCHEMA_DIR / f"{n}.json").read_text(encoding="utf-8")) for n in schema_commands()}
    seen: dict[str, set[str]] = {}

    def walk(s: Any, name: str = "") -> None:
        if isinstance(s, dict):
            if name and ("type" in s or "$ref" in s or "anyOf" in s):
                seen.setdefault(name, set()).add(_type_words(s).replace(" or null", ""))
            for k, v in s.get("properties", {}).items():
                walk(v, k)
            if "items" in s:
                walk(s["items"], name)
    for s in schemas.values():
        walk(s)
    for name in ("total_return", "p_ahead", "p_even", "p_behind", "hands_per_hour", "rules", "drop", "size",
                 "power", "house_edge", "cost", "optimal_return", "cost_total"):
        assert len(seen.get(name, ())) <= 1, (name, seen.get(name))
    assert seen["total_return"] == {"fraction"} and seen["rules"] == {"rules"} and seen["p_ahead"] == {"float"}


if __name__ == "__main__":
    if sys.argv[1:2] == ["--refresh"]:
        refresh(set(sys.argv[2:]) or None)
        print(f"{SCHEMA_DIR.relative_to(ROOT)}/ and {PAGE.relative_to(ROOT)} refreshed")
    else:
        print("usage: python tests/contract/test_json_schemas.py --refresh [COMMAND ...]", file=sys.stderr)
        raise SystemExit(2)
