"""tables/ is generated: regenerating it must reproduce the committed files exactly.

The PDF and PNG files are byte-reproducible only under one matplotlib (another version draws other
bytes for the same picture): they are compared byte for byte when the installed matplotlib is the
one ``tables/drawn-with.txt`` names, and what they show is compared always, through their text
twins (the report's Markdown and JSON, each card's Markdown)."""

import os
import warnings
from pathlib import Path

from caribbean_exact.render import tables_folder

TABLES = Path(__file__).resolve().parents[2] / "tables"
BINARY = (".pdf", ".png")


def _bytes(data):
    return data if isinstance(data, bytes) else data.encode("utf-8")


def test_tables_are_current():
    files = tables_folder.generate()
    on_disk = {p.name for p in TABLES.iterdir() if p.is_file()}
    assert on_disk == set(files), "tables/ has missing or extra files: run caribbean-exact tables --out tables/"
    same_drawing = (TABLES / tables_folder.DRAWN_WITH).read_text() == tables_folder.drawn_with()
    compared = [name for name in files
                if same_drawing or not (name.endswith(BINARY) or name == tables_folder.DRAWN_WITH)]
    stale = [name for name in compared if (TABLES / name).read_bytes() != _bytes(files[name])]
    assert not stale, f"stale files {stale}: run caribbean-exact tables --out tables/"
    if not same_drawing:
        warnings.warn(f"tables/: {tables_folder.drawn_with().strip()} is installed, the pictures were drawn with "
                      f"{(TABLES / tables_folder.DRAWN_WITH).read_text().strip()}: their bytes were not compared "
                      "(their text twins were)", stacklevel=1)
    # every picture has a text twin, and every picture is a picture
    for name in files:
        if name.endswith(BINARY):
            twin = "standard-report.md" if name.startswith("standard-report") else name[:-4] + ".md"
            assert twin in files, f"{name} has no text twin"
            head = (TABLES / name).read_bytes()[:8]
            assert head.startswith(b"%PDF-") if name.endswith(".pdf") else head == b"\x89PNG\r\n\x1a\n"


def test_every_card_twin_holds_the_cards_text():
    """The card's Markdown twin says what its picture prints: rules, strategy, exact figures, grid."""
    from caribbean_exact.render.strategy import strategy_card as render_card
    from caribbean_exact.strategy.strategy_card import strategy_card

    c = strategy_card()
    text = render_card.card_text(c)
    for line in render_card.rules_lines(c) + render_card.figure_lines(c):
        assert line in text
    for line in render_card.strategy_lines(c):
        assert f"- {line}" in text
    assert text.count("| AK") == len(c.grid.rows)
    assert str(c.point.house_edge) in text


def test_tables_command_writes_files(tmp_path, capsys):
    from caribbean_exact.cli import main

    assert main(["tables", "--out", str(tmp_path / "t")]) == 0
    assert "standard-chart.md" in os.listdir(tmp_path / "t")
    assert "wrote" in capsys.readouterr().out
