"""tables/ is generated: regenerating it must reproduce the committed files exactly.

The PDF and PNG files are byte-reproducible only under one matplotlib (another version draws other
bytes for the same picture): they are compared byte for byte when the installed matplotlib is the
one ``tables/drawn-with.txt`` names, and what they show is compared always, through their text
twins (the report's Markdown and JSON, each card's Markdown)."""

import warnings
from pathlib import Path

import pytest

from caribbean_exact.render import tables_folder

TABLES = Path(__file__).resolve().parents[2] / "tables"
BINARY = (".pdf", ".png")


#: The generators left out of the default run: the strategy cards of the built-in tables (a frontier
#: search each, drawn as PDF and PNG) take most of the time of the whole folder; the leaks table solves
#: two to three hole cards seen and searches the hands to detect each leak (seconds).
SLOW_GENERATORS = {"_card_files", "_leak_files"}
GENERATORS = [pytest.param(g, id=g.__name__.strip("_"),
                           marks=[pytest.mark.slow] if g.__name__ in SLOW_GENERATORS else [])
              for g in tables_folder.GENERATORS]


def _bytes(data):
    return data if isinstance(data, bytes) else data.encode("utf-8")


@pytest.fixture(scope="session")
def built():
    """generator -> its files. Each generator of tables/ runs at most once a run: the folder is
    checked against its files, and the command is checked to write exactly them."""
    cache = {}

    def files_of(gen):
        if gen not in cache:
            cache[gen] = dict(gen(None))
        return cache[gen]

    return files_of


def _same_drawing() -> bool:
    return (TABLES / tables_folder.DRAWN_WITH).read_text() == tables_folder.drawn_with()


def _stale(files, same_drawing: bool) -> list[str]:
    """The files whose committed copy differs (the pictures only under the matplotlib that drew them)."""
    compared = [name for name in files
                if same_drawing or not (name.endswith(BINARY) or name == tables_folder.DRAWN_WITH)]
    return [name for name in compared if (TABLES / name).read_bytes() != _bytes(files[name])]


def _check_pictures(files) -> None:
    """Every picture has a text twin, and every picture is a picture."""
    for name in files:
        if name.endswith(BINARY):
            twin = "standard-report.md" if name.startswith("standard-report") else name[:-4] + ".md"
            assert twin in files, f"{name} has no text twin"
            head = (TABLES / name).read_bytes()[:8]
            assert head.startswith(b"%PDF-") if name.endswith(".pdf") else head == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("gen", GENERATORS)
def test_generated_files_are_current(built, gen):
    files = built(gen)
    missing = sorted(name for name in files if not (TABLES / name).is_file())
    assert not missing, f"tables/ lacks {missing}: run caribbean-exact tables --out tables/"
    same_drawing = _same_drawing()
    stale = _stale(files, same_drawing)
    assert not stale, f"stale files {stale}: run caribbean-exact tables --out tables/"
    if not same_drawing and any(name.endswith(BINARY) for name in files):
        warnings.warn(f"tables/: {tables_folder.drawn_with().strip()} is installed, the pictures were drawn with "
                      f"{(TABLES / tables_folder.DRAWN_WITH).read_text().strip()}: their bytes were not compared "
                      "(their text twins were)", stacklevel=1)
    _check_pictures(files)


def _cached(built, gens, monkeypatch) -> None:
    """The command's generate() gets the run's one build of each generator."""
    monkeypatch.setattr(tables_folder, "GENERATORS", tuple(lambda _progress, g=g: built(g) for g in gens))


def _run_tables(out_dir, capsys) -> dict[str, bytes]:
    from caribbean_exact.cli import main

    assert main(["tables", "--out", str(out_dir), "--quiet"]) == 0
    written = {p.name: p.read_bytes() for p in out_dir.iterdir()}
    assert capsys.readouterr().out == f"wrote {len(written)} files to {out_dir} (a new folder)\n"
    return written


def test_tables_command_writes_the_generated_files(built, tmp_path, capsys, monkeypatch):
    """`caribbean-exact tables --out DIR`, with the generators of the default run: it writes their
    files, the index and drawn-with.txt, each as tables/ holds it (the index lists the other files written)."""
    cheap = [g for g in tables_folder.GENERATORS if g.__name__ not in SLOW_GENERATORS]
    _cached(built, cheap, monkeypatch)
    written = _run_tables(tmp_path / "t", capsys)
    expected = {name for g in cheap for name in built(g)}
    assert set(written) == expected | {"README.md", tables_folder.DRAWN_WITH}
    assert written[tables_folder.DRAWN_WITH] == tables_folder.drawn_with().encode()
    assert not _stale({name: written[name] for name in expected}, _same_drawing())
    index = written["README.md"].decode()
    assert all(f"- [{name}]({name})" in index for name in written if name != "README.md")


@pytest.mark.slow
def test_tables_command_rebuilds_the_whole_folder(built, tmp_path, capsys, monkeypatch):
    """The command with every generator writes exactly tables/: the same files, none missing, none
    extra, each as committed (the pictures under the matplotlib that drew them), the index too."""
    _cached(built, tables_folder.GENERATORS, monkeypatch)
    written = _run_tables(tmp_path / "t", capsys)
    on_disk = {p.name for p in TABLES.iterdir() if p.is_file()}
    assert on_disk == set(written), "tables/ has missing or extra files: run caribbean-exact tables --out tables/"
    stale = _stale(written, _same_drawing())
    assert not stale, f"stale files {stale}: run caribbean-exact tables --out tables/"
    _check_pictures(written)


@pytest.mark.slow  # builds the standard card: a frontier search
def test_every_card_twin_holds_the_cards_text(standard_card):
    """The card's Markdown twin says what its picture prints: rules, strategy, exact figures, grid;
    and the standard table's twin in tables/ is this card's text."""
    from caribbean_exact.render.strategy import strategy_card as render_card
    from caribbean_exact.render.tables_folder import card_side_bets

    c = standard_card
    text = render_card.card_text(c, card_side_bets())
    assert (TABLES / "standard-card.md").read_text(encoding="utf-8") == text
    for line in render_card.rules_lines(c) + render_card.figure_lines(c):
        assert line in text
    for line in render_card.strategy_lines(c):
        assert f"- {line}" in text
    assert text.count("| AK") == len(c.grid.rows)
    assert str(c.point.house_edge) in text
