"""`solve --known-dealer-cards K --plot FILE`: the seen-card chart and its rules printed like
`chart --plot` (pages that fit Letter and A4, every grid row and column labelled, the marks of
labels.MARKS with their legend on every page, "page i of n", no text below 7 pt, inside the margins),
PDF one file of reproducible bytes, PNG and SVG a file a page, the file checked before the work."""

from __future__ import annotations

import html
import re

import pytest

from caribbean_exact.cli import main
from caribbean_exact.model.cards import RANKS
from caribbean_exact.play.known_cards import solve_seen_card, solve_seen_cards
from caribbean_exact.render.play import known_cards as rk
from caribbean_exact.render.play import seen_plot
from caribbean_exact.render.strategy.chart import PLOT_MARGIN, PLOT_MIN_PT, PLOT_PAGE
from caribbean_exact.strategy.seen_chart import seen_card_strategy
from caribbean_exact.strategy.seen_set_chart import seen_set_strategy

pytest.importorskip("matplotlib")

TEXT = re.compile(r'<text [^>]*?transform="translate\(([\d.]+) ([\d.]+)\)[^"]*"[^>]*style="([^"]*)"[^>]*>([^<]*)'
                  r'</text>|<text [^>]*?style="([^"]*)"[^>]*>([^<]*)</text>')


def _texts(svg: bytes) -> list[tuple[str, str]]:
    out = []
    for m in TEXT.finditer(svg.decode()):
        style = m.group(3) or m.group(5)
        out.append((style, html.unescape(m.group(4) if m.group(4) is not None else m.group(6))))
    return out


def _size(style: str) -> float:
    m = re.search(r"font-size: ([\d.]+)px", style)
    assert m, style
    return float(m.group(1))


def test_the_plot_is_refused_before_the_work(tmp_path, capsys):
    """Bad uses of --plot fail at once, in one line, and write nothing (no chart is computed)."""
    for argv, says in [(["--known-dealer-cards", "0"], "--known-dealer-cards 1 to 3"),
                       (["--known-dealer-cards", "4"], "--known-dealer-cards 1 to 3"),
                       (["--known-dealer-cards", "2", "--sample"], "(not sampled)")]:
        code = main(["solve", *argv, "--plot", str(tmp_path / "c.pdf")])
        err = capsys.readouterr().err
        assert code == 2 and err.count("\n") == 1 and says in err, err
    code = main(["solve", "--known-dealer-cards", "3", "--plot", str(tmp_path / "c.jpg")])
    err = capsys.readouterr().err
    assert code == 2 and "unknown image type 'jpg'" in err.replace('"', "'")
    (tmp_path / "folder").mkdir()
    code = main(["solve", "--known-dealer-cards", "3", "--plot", str(tmp_path / "folder")])
    err = capsys.readouterr().err
    assert code == 2 and err.endswith(": is a folder, not a file\n")
    assert [p.name for p in tmp_path.iterdir()] == ["folder"]


@pytest.fixture(scope="module", params=[1, 2])
def view(request):
    k = request.param
    if k == 1:
        return rk.seen_print(solve_seen_card().chart, seen_card_strategy())
    return rk.seen_set_print(solve_seen_cards(k).chart, seen_set_strategy(k))


@pytest.mark.slow
def test_every_page_is_labelled_legible_and_inside_the_margins(view):
    import caribbean_exact as ce

    lay = seen_plot.seen_plot_layout(view, ce.Rules())
    pages = seen_plot.draw_seen_chart(view, ce.Rules(), "svg", lay)
    n = len(pages)
    assert n == len(lay.pages) == {1: 4, 2: 15}[view.k]
    grids = 0
    w_pt, h_pt = PLOT_PAGE[0] * 72, PLOT_PAGE[1] * 72
    for i, svg in enumerate(pages):
        texts = _texts(svg)
        words = [t for _, t in texts]
        assert words.count(f"page {i + 1} of {n}") == 2       # top right and bottom right
        assert lay.title in words and any(w.startswith("R raise. F fold.") for w in words)  # the legend
        assert all(_size(s) >= PLOT_MIN_PT * 72 / 72 for s, _ in texts)   # px at 72 per inch: points
        on_page = words.count(view.row_head)    # a grid's corner
        grids += on_page
        for r in RANKS:                          # each rank heads a column and a row of every grid
            assert words.count(r) >= 2 * on_page
        for m in re.finditer(r"translate\(([\d.]+) ([\d.]+)\)", svg.decode()):
            x, y = float(m.group(1)), float(m.group(2))
            assert PLOT_MARGIN * 72 - 1 <= x <= w_pt - PLOT_MARGIN * 72 + 1
            assert PLOT_MARGIN * 72 - 1 <= y <= h_pt - PLOT_MARGIN * 72 + 1
    assert grids == len(view.grids)           # every grid with its 13 column ranks
    # every mark of every grid is printed
    drawn = [t for svg in pages for _, t in _texts(svg)]
    for _, rows in view.grids:
        for row in rows:
            for mark in row:
                assert not mark or mark in drawn


@pytest.mark.slow
def test_the_cli_writes_one_pdf_of_the_same_bytes_or_a_file_a_page(tmp_path, capsys):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert main(["solve", "--known-dealer-cards", "1", "--plot", str(a), "--table", "chart"]) == 0
    assert main(["solve", "--known-dealer-cards", "1", "--plot", str(b), "--table", "chart", "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert err == f"wrote {a} (4 pages)\n" and "#17 pair, 2-2" in out
    assert a.read_bytes() == b.read_bytes() and a.read_bytes().count(b"/Type /Page\n") + a.read_bytes().count(
        b"/Type /Page ") >= 1
    assert main(["solve", "--known-dealer-cards", "2", "--plot", str(tmp_path / "c.png"), "--format", "json"]) == 0
    _, err = capsys.readouterr()
    names = sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".png")
    assert names == [f"c-{k:02d}.png" for k in range(1, 16)] and err.startswith("wrote 15 pages: ")
