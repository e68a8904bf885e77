"""Start-up: a command loads only what it runs (``ev`` neither numpy, matplotlib, tabulate's
importlib.metadata nor the strategy and house families), and the default table drawn without
tabulate is byte for byte tabulate's."""

from __future__ import annotations

import json
import random
import string
import subprocess
import sys

import pytest
from tabulate import tabulate

from caribbean_exact.render.text import simple_table, table

HAND = ["ev", "As Kd 7h 4c 2s", "--up", "Qh"]
#: Loaded by no command that does not use them.
HEAVY = ("numpy", "matplotlib", "importlib.metadata", "tabulate")
FAMILIES = ("caribbean_exact.strategy", "caribbean_exact.house", "caribbean_exact.render.strategy",
            "caribbean_exact.render.house", "caribbean_exact.play.known_cards", "caribbean_exact.render.figures",
            "caribbean_exact.play.switching", "caribbean_exact.play.switch_game", "caribbean_exact.play.trainer")


def _loaded_by(argv: list[str]) -> list[str]:
    code = ("import sys, json, contextlib, io\nfrom caribbean_exact.cli.main import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n    code = main(json.loads(sys.argv[1]))\n"
            "assert code == 0, code\nprint(json.dumps(sorted(sys.modules)))")
    p = subprocess.run([sys.executable, "-c", code, json.dumps(argv)], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


@pytest.mark.parametrize("argv", [HAND, [*HAND, "--format", "json"], [*HAND, "--verbose"],
                                  ["ev", "AKQ52", "--up", "3"]])
def test_ev_loads_only_what_it_needs(argv):
    loaded = _loaded_by(argv)
    heavy = [m for m in HEAVY if m in loaded]
    families = [m for m in loaded if m.startswith(FAMILIES)]
    assert heavy == [] and families == [], (heavy, families)


def test_other_commands_still_load_what_they_use():
    loaded = _loaded_by(["paytables", "--format", "github"])
    assert "tabulate" in loaded and "caribbean_exact.house.paytables" in loaded


def _cell(rng: random.Random) -> object:
    kind = rng.random()
    if kind < 0.1:
        return ""
    if kind < 0.15:
        return rng.choice([0, -7, 10**20, 163185, True, 1.5, None])
    if kind < 0.2:
        return rng.choice([" x", "x ", "a\nb", "é", "\u2660", "\t", "1", "-1.5", "1e5", "  "])
    return "".join(rng.choice(string.printable[:95]) for _ in range(rng.randint(1, 12)))


def test_the_simple_table_is_tabulates():
    rng = random.Random(20261202)
    drawn = 0
    for _ in range(3000):
        cols = rng.randint(1, 6)
        headers = [str(_cell(rng)) for _ in range(cols)]
        rows = [[_cell(rng) for _ in range(cols)] for _ in range(rng.randint(0, 6))]
        expected = tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)
        ours = simple_table(rows, headers)
        if ours is not None:
            drawn += 1
            assert ours == expected, (rows, headers)
        assert table(rows, headers, "simple") == expected
    assert drawn > 500  # most random tables take the fast path


def test_the_default_qualifier_is_ace_king():
    from caribbean_exact.model.rules import Qualifier, _default_qualifier
    assert _default_qualifier() == Qualifier.parse("AK") == Qualifier.parse(None)
    assert _default_qualifier() == Qualifier("AK", 1113)
