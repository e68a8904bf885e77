"""tables/ is generated: regenerating it must reproduce the committed files exactly."""

import os
from pathlib import Path

from caribbean_exact.render import tables_folder

TABLES = Path(__file__).resolve().parent.parent / "tables"


def test_tables_are_current():
    files = tables_folder.generate()
    on_disk = {p.name for p in TABLES.iterdir() if p.is_file()}
    assert on_disk == set(files), "tables/ has missing or extra files: run caribbean-exact tables --out tables/"
    stale = [name for name, data in files.items()
             if ((TABLES / name).read_bytes() if isinstance(data, bytes)
                 else (TABLES / name).read_text(encoding="utf-8")) != data]
    assert not stale, f"stale files {stale}: run caribbean-exact tables --out tables/"


def test_tables_command_writes_files(tmp_path, capsys):
    from caribbean_exact.cli import main

    assert main(["tables", "--out", str(tmp_path / "t")]) == 0
    assert "standard-chart.md" in os.listdir(tmp_path / "t")
    assert "wrote" in capsys.readouterr().out
