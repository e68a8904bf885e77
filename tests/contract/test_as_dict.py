"""Results as JSON-ready data (``ce.as_dict``, ``ce.to_json``): the same field names as the command
line's ``--format json``, exact fractions as strings, integers as integers."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from fractions import Fraction

import pytest

import caribbean_exact as ce
from caribbean_exact.cli import main


def _cli_json(*argv: str):
    out = io.StringIO()
    with redirect_stdout(out):
        assert main([*argv, "--format", "json"]) == 0
    return json.loads(out.getvalue())


def test_a_decision_is_the_ev_commands_json():
    d = ce.ev("As Kd 7h 4c 2s", "Qh")
    data = ce.as_dict(d)
    assert data == _cli_json("ev", "As Kd 7h 4c 2s", "--up", "Qh")
    assert data["ev_raise"] == "-12773/10879" and Fraction(data["ev_raise"]) == d.ev_raise
    assert data["total"] == 163185 and isinstance(data["counts"]["lose"], int)
    assert json.loads(ce.to_json(d)) == data


@pytest.mark.parametrize("argv, make", [
    (("bonus",), ce.bonus),
    (("progressive",), ce.progressive),
    (("cap", "--antes", "25,100"), lambda: ce.cap_study(antes=[25, 100])),
])
def test_results_convert_with_the_commands_field_names(argv, make):
    assert ce.as_dict(make()) == _cli_json(*argv)


def test_every_public_result_dumps_as_json_without_help():
    """json.dumps(dataclasses.asdict(x)) fails on Fraction; as_dict never does."""
    results = [ce.solve(), ce.ev_ranks("AKJ83", "K"), ce.Rules(), ce.solve_seen_card(), ce.compare(["standard"]),
               ce.parse_cards("As Kd"), ce.build_chart(), ce.compare_strategies()[:2],
               ce.sample(deals=2_000, seed=1), {"a": Fraction(1, 3), 2: [ce.Card.parse("As")]}]
    for r in results:
        text = json.dumps(ce.as_dict(r))
        assert "Fraction(" not in text
    assert ce.as_dict({"a": Fraction(1, 3), 2: [ce.Card.parse("As")]}) == {"a": "1/3", "2": ["As"]}
    g = ce.as_dict(ce.solve())
    assert g["house_edge"] == "142031221/2718662100" and g["raise_situations"] == 63794004


def test_what_has_no_json_form_is_refused_with_our_error():
    """A wrong type is a TypeError (our InvalidType), not InvalidRules (issue #33 item 4)."""
    for bad, words in ((object(), "no JSON form"), (b"%PDF", "bytes"), ([1, object()], "object has no JSON form")):
        with pytest.raises(TypeError, match=words) as e:
            ce.as_dict(bad)
        assert isinstance(e.value, ce.InvalidType) and not isinstance(e.value, ce.InvalidRules)


def test_dir_shows_only_the_public_names():
    names = dir(ce)
    assert names == sorted(ce.__all__)
    assert "TYPE_CHECKING" not in names and "errors" not in names and "_importlib" not in names
    assert {"ev", "solve", "as_dict", "to_json", "Rules"} <= set(names)


def test_the_old_names_still_resolve_outside_all():
    """'rules' means the game's Rules only: the seen-card chart's rules are SeenCardStrategy now."""
    assert ce.SeenRules is ce.SeenCardStrategy and ce.seen_card_rules is ce.seen_card_strategy
    assert "SeenRules" not in ce.__all__ and "seen_card_rules" not in dir(ce)
    # plural "rules" only for the game's Rules (and the error about them); a strategy's lines are singular
    assert [n for n in ce.__all__ if "rules" in n.lower()] == ["InvalidRules", "Rules"]
