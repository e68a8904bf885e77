"""Start-up: a command loads only what it runs (``ev`` neither numpy, matplotlib, tabulate's
importlib.metadata nor the strategy and house families; with the built-in pay tables no TOML
reader, importlib.resources, pathlib, typing, shutil, tempfile, json or csv either: issue #24's
goal of 6x a bare interpreter), and the default table drawn without tabulate is byte for byte
tabulate's. Imports are checked, never times (benchmarks/bench_startup.py measures those)."""

from __future__ import annotations

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
#: Standard modules ``ev`` does without: the built-in pay tables are Python data
#: (model/paytable_data.py), typing names sit under ``TYPE_CHECKING = False``, argparse's help width
#: is found without shutil, files, dates, JSON and CSV load where they are written.
STDLIB = ("tomllib", "importlib.resources", "importlib.readers", "pathlib", "zipfile", "typing", "shutil",
          "tempfile", "datetime", "csv")
#: Modules of the package ``ev`` does without (the whole game and its report).
NOT_FOR_EV = ("caribbean_exact.play.game", "caribbean_exact.play.information", "caribbean_exact.play.sampling",
              "caribbean_exact.cli.batch")
FAMILIES = ("caribbean_exact.strategy", "caribbean_exact.house", "caribbean_exact.render.strategy",
            "caribbean_exact.render.house", "caribbean_exact.play.known_cards", "caribbean_exact.render.figures",
            "caribbean_exact.play.switching", "caribbean_exact.play.switch_game", "caribbean_exact.play.trainer")


def _loaded_by(argv: list[str]) -> list[str]:
    """The modules loaded by one run of the command line as the console script enters it
    (``_caribbean_exact_entry.run``), the harness itself loading nothing the command does not;
    "gc.freeze" among them when the entry froze the objects left for the exit (see run())."""
    code = ("import sys, contextlib, io, gc\nfrom _caribbean_exact_entry import run\n"
            "sys.argv = ['caribbean-exact', *sys.argv[1:]]\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n    code = run()\n"
            "assert code == 0, code\n"
            "print(' '.join(sorted(sys.modules)), 'gc.freeze' if gc.get_freeze_count() > 1000 else '')")
    p = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return p.stdout.split()


@pytest.mark.parametrize("argv", [HAND, [*HAND, "--format", "json"], [*HAND, "--verbose"],
                                  ["ev", "AKQ52", "--up", "3"]])
def test_ev_loads_only_what_it_needs(argv):
    loaded = _loaded_by(argv)
    heavy = [m for m in HEAVY if m in loaded]
    families = [m for m in loaded if m.startswith(FAMILIES) or m in NOT_FOR_EV]
    stdlib = [m for m in (*STDLIB, *(() if "json" in argv else ("json",))) if m in loaded]
    assert heavy == [] and families == [] and stdlib == [], (heavy, families, stdlib)
    assert "caribbean_exact.cli.main" in loaded and ("json" in loaded) == ("json" in argv)
    assert "gc.freeze" in loaded  # the exit does not collect what the command loaded


def test_a_pay_table_file_still_loads_the_toml_reader(tmp_path):
    f = tmp_path / "mine.toml"
    f.write_text('[[paytable]]\nname = "mine"\npays = [100, 50, 20, 7, 5, 4, 3, 2, 1, 1]\n', encoding="utf-8")
    loaded = _loaded_by([*HAND, "--paytables", str(f), "--paytable", "mine"])
    assert "tomllib" in loaded


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
