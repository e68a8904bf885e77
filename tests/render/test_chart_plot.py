"""`chart --plot`: the optimal-strategy grid printed on pages that fit US Letter and A4, every row
labelled, R/F/S in the cells, the rules and the colour key on every page, no text below 7 pt,
reproducible bytes, and one file a page for PNG and SVG."""

from __future__ import annotations

import html
import itertools
import random
import re

import pytest

import caribbean_exact as ce
from caribbean_exact.cli import main
from caribbean_exact.render.labels import mark_meaning
from caribbean_exact.render.strategy import chart as rs
from caribbean_exact.render.strategy.chart import cell_mark

pytest.importorskip("matplotlib")

LETTER, A4 = (612.0, 792.0), (595.28, 841.89)   # points
TEXT = re.compile(r'<text style="([^"]*)"[^>]*>([^<]*)</text>')


def _texts(svg: bytes) -> list[tuple[str, str]]:
    """The (style, text) of every text element of an SVG page (the plot keeps text as text)."""
    return [(style, html.unescape(t)) for style, t in TEXT.findall(svg.decode())]


def _size(style: str) -> float:
    m = re.search(r"font-size: ([\d.]+)px", style)
    assert m, style
    return float(m.group(1))


@pytest.fixture(scope="module")
def standard():
    return ce.build_chart()


@pytest.fixture(scope="module")
def standard_svg(standard):
    return rs.draw_chart(standard, "svg")


@pytest.fixture(scope="module")
def pair():
    return ce.build_chart(ce.Rules.make(qualifier="pair"))


@pytest.fixture(scope="module")
def three():
    """Dealer qualifies with a pair of 3s: 612 rows of R, F and S, and 1,051 rows in the plain rules."""
    return ce.build_chart(ce.Rules.make(qualifier="3"))


@pytest.fixture(scope="module")
def three_svg(three):
    return rs.draw_chart(three, "svg")


def _pages_of_pdf(pdf: bytes) -> list[tuple[float, float]]:
    """The size of every page of a PDF (points), counted by its /Type /Page objects."""
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == int(re.search(rb"/Count (\d+)", pdf).group(1))
    return [(float(w), float(h)) for w, h in re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf)]


def test_the_standard_chart_is_one_page_of_every_row_in_three_panels(standard):
    lay = rs.plot_layout(standard)
    assert len(standard.rows) == 156
    assert len(lay.pages) == 1 and lay.pages[0].panels == ((0, 52), (52, 104), (104, 156))
    assert lay.cell_w >= 0.14 and lay.row_h >= 0.14   # inches: an 8 pt bold letter is 0.09 wide
    pdf = rs.draw_chart(standard, "pdf")
    assert len(pdf) == 1 and pdf[0].startswith(b"%PDF")
    assert _pages_of_pdf(pdf[0]) == [(594.0, 792.0)]


def test_the_pair_qualifier_chart_is_one_rule_on_one_page(pair, tmp_path, capsys):
    """Under a pair qualifier every hand below a pair of 3s raises exactly when it holds the up card's
    rank: the 1,497 rows collapse into that rule (they were 9 pages), checked here against ev."""
    assert pair.rows == () and len(pair.match_rows) == 1497
    assert [r.scope for r in pair.plain_rules][-1] == "match_rest"
    lay = rs.plot_layout(pair)
    assert len(lay.pages) == 1 and lay.pages[0].panels == ()
    rng = random.Random(7)
    checked = 0
    while checked < 40:
        cards = rng.sample(range(52), 6)
        hand, up = [ce.Card(c) for c in cards[:5]], ce.Card(cards[5])
        d = ce.ev(hand, up, qualifier="pair")
        if d.player_category > 1 or (d.player_category == 1 and max(
                r for r in range(13) if sum(c.rank == r for c in hand) == 2) > 0):
            continue  # a pair of 3s or better: the first rule
        assert d.decision == ("raise" if up.rank in {c.rank for c in hand} else "fold"), (hand, up)
        checked += 1
    code = main(["chart", "--qualifier", "pair", "--plot", str(tmp_path / "p.pdf"), "--table", "rules"])
    assert code == 0 and capsys.readouterr().err == f"wrote {tmp_path / 'p.pdf'} (1 page)\n"


@pytest.mark.slow  # draws five pages
def test_a_long_chart_takes_several_pages_in_one_pdf(three, tmp_path, capsys):
    lay = rs.plot_layout(three)
    assert len(three.rows) == 612 and len(lay.pages) == 5 and lay.panels_per_page == 3
    # every row once, in order, down the panels and the pages; the panels evenly filled
    spans = [p for page in lay.pages for p in page.panels]
    assert spans[0][0] == 0 and spans[-1][1] == 612
    assert all(a[1] == b[0] for a, b in itertools.pairwise(spans))
    sizes_of_panels = {b - a for a, b in spans}
    assert max(sizes_of_panels) - min(sizes_of_panels) <= 1 or len(lay.pages[0].notes) > 0
    code = main(["chart", "--qualifier", "3", "--plot", str(tmp_path / "p.pdf"), "--table", "rules"])
    assert code == 0 and capsys.readouterr().err == f"wrote {tmp_path / 'p.pdf'} (5 pages)\n"
    assert [p.name for p in tmp_path.iterdir()] == ["p.pdf"]
    sizes = _pages_of_pdf((tmp_path / "p.pdf").read_bytes())
    assert len(sizes) == 5
    for w, h in sizes:   # every page fits both papers at full size
        assert w <= min(LETTER[0], A4[0]) and h <= min(LETTER[1], A4[1])


@pytest.mark.slow  # draws the five pages of the pair-of-3s chart
def test_a_few_rows_make_one_page_and_long_plain_rules_run_on(three, three_svg):
    few = ce.build_chart(ce.Rules.make(qualifier="44"))
    lay = rs.plot_layout(few)
    assert len(few.rows) == 76 and len(lay.pages) == 1
    lay = rs.plot_layout(three)
    assert len(lay.pages) == 5 == len(three_svg)
    assert lay.pages[0].panels == () and lay.pages[0].notes[0] == (
        "Plain rules (each checked over every situation it covers):", 0.0, True)
    assert lay.pages[1].notes[0][0] == "Plain rules (continued):" and lay.pages[1].panels
    assert not any(page.notes for page in lay.pages[2:])
    words = " ".join(t for page in three_svg[:2] for _, t in _texts(page)).split()
    assert len(three.uniform_rows) == 1051
    for label, _ in three.uniform_rows:   # every row that raises against every up card, in the plain rules
        assert f"{label}," in words or label in words, label


@pytest.mark.slow  # reads the five pages of the pair-of-3s chart
def test_every_row_labelled_with_its_letters_and_headers_on_every_panel(three, three_svg):
    lay = rs.plot_layout(three)
    labels: list[str] = []
    for n, (page, svg) in enumerate(zip(lay.pages, three_svg)):
        texts = _texts(svg)
        labels += [t for style, t in texts if "Mono" in style]
        rows = [three.rows[i] for a, b in page.panels for i in range(a, b)]
        # the letters: one a cell, as the chart decides it, plus one in the colour key
        for mark in "RFS":
            cells = sum(1 for _, row in rows for c in row if cell_mark(c) == mark)
            assert sum(1 for style, t in texts if t == mark and "700" in style) == cells + 1, (n, mark)
        # the up-card ranks above and below every panel
        assert sum(1 for _, t in texts if t == "hand") == 2 * len(page.panels)
        for rank in three.columns:
            assert sum(1 for style, t in texts if t == rank and "700" in style) >= 2 * len(page.panels)
        # the rules, the key and the page number on every page
        joined = " ".join(t for _, t in texts)
        assert "Rules: pay table standard (100/50/20/7/5/4/3/2/1/1), dealer qualifies with 3" in joined
        assert {"raise", "fold", mark_meaning("S", up_only=True)} <= {t for _, t in texts}   # labels.MARKS
        assert [t for _, t in texts].count(f"page {n + 1} of 5") == 2
    assert labels == [label for label, _ in three.rows]
    pair_key = rs.plot_layout(ce.build_chart(ce.Rules.make(qualifier="pair"))).marks
    assert pair_key == ()   # under a pair qualifier the plain rules decide every hand: no grid, no key


@pytest.mark.slow  # reads the five pages of the pair-of-3s chart
def test_no_text_below_7_pt_and_the_letters_at_8(standard_svg, three_svg):
    svg = standard_svg
    assert len(svg) == 1
    assert b'width="594pt" height="792pt" viewBox="0 0 594 792"' in svg[0]   # 72 units an inch: px = pt
    for page in [*svg, *three_svg]:
        texts = _texts(page)
        sizes = [_size(style) for style, _ in texts]
        assert min(sizes) >= 7.0 and min(sizes) == 7.5 and max(sizes) == 11.0
        assert {_size(style) for style, t in texts if t in ("R", "F", "S")} == {8.0}   # the key at least
        assert {_size(style) for style, _ in texts if "Mono" in style} <= {8.0}        # the row labels
    assert min(rs.PLOT_PT.values()) >= rs.PLOT_MIN_PT == 7.0
    texts = _texts(svg[0])
    assert sum(1 for _, t in texts if t == "S") == 69 + 1   # the mixed cells and the key
    joined = " ".join(t for _, t in texts)
    for rule in ("Always raise pair or better.", "Always fold high card below A-K high."):
        assert rule in joined


@pytest.mark.slow  # lays out and measures two charts' pages at 200 dpi
def test_everything_drawn_inside_the_margins(standard, three):
    """Every text and cell lies within 0.5 in of the page's edges (printers do not print there)."""
    import matplotlib.pyplot as plt

    for ch, number in ((standard, 0), (three, 1)):   # three panels; plain rules and panels
        lay = rs.plot_layout(ch)
        fig = plt.figure(figsize=rs.PLOT_PAGE, dpi=200)   # as the PNG (vector text is no wider)
        try:
            rs._draw_page(fig, ch, lay, number)
            fig.canvas.draw()
            renderer = fig.canvas.get_renderer()
            ax = fig.axes[0]
            boxes = [t.get_window_extent(renderer) for t in ax.texts if t.get_text()]
            boxes += [c.get_window_extent(renderer) for c in ax.collections]
            assert len(boxes) > 50
            w, h = rs.PLOT_PAGE[0] * 200, rs.PLOT_PAGE[1] * 200
            m = rs.PLOT_MARGIN * 200
            for b in boxes:
                assert b.x0 >= m - 1 and b.x1 <= w - m + 1, (b, number)
                assert b.y0 >= m - 8 and b.y1 <= h - m + 1, (b, number)   # the footer's descenders: 0.04 in
        finally:
            plt.close(fig)


@pytest.mark.slow  # draws the standard chart four more times
def test_the_same_chart_gives_the_same_bytes(standard, standard_svg):
    assert rs.draw_chart(standard, "svg") == standard_svg
    pdf = rs.draw_chart(standard, "pdf")
    assert rs.draw_chart(standard, "pdf") == pdf and len(pdf) == 1
    pdf = pdf[0]
    assert b"/CreationDate" not in pdf and b"/Producer (caribbean-exact)" in pdf


@pytest.mark.slow  # draws eight pages through the command
def test_one_file_a_page_for_png_and_svg_one_pdf_and_the_files_named(tmp_path, capsys):
    code = main(["chart", "--qualifier", "3", "--plot", str(tmp_path / "c.svg"), "--table", "rules"])
    out, err = capsys.readouterr()
    names = [f"c-{k}.svg" for k in range(1, 6)]
    assert code == 0 and "Always raise pair of 4s or better." in out
    assert err == f"wrote 5 pages: {tmp_path / 'c-1.svg'}, {tmp_path / 'c-2.svg'}, ..., {tmp_path / 'c-5.svg'}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == names   # no c.svg, nothing else
    assert all((tmp_path / n).read_bytes().startswith(b"<?xml") for n in names)
    code = main(["chart", "--plot", str(tmp_path / "c.pdf"), "--quiet", "--table", "rules"])
    out, err = capsys.readouterr()
    assert code == 0 and err == "" and len(_pages_of_pdf((tmp_path / "c.pdf").read_bytes())) == 1
    code = main(["chart", "--plot", str(tmp_path / "one"), "--table", "rules"])
    out, err = capsys.readouterr()
    assert code == 0 and err == f"wrote {tmp_path / 'one'} (1 page)\n"   # no extension: PNG, that very name
    assert (tmp_path / "one").read_bytes()[:4] == b"\x89PNG"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*names, "c.pdf", "one"])


def test_pages_beside_something_that_is_not_a_file_are_refused(tmp_path, capsys):
    (tmp_path / "folder").mkdir()
    code = main(["chart", "--qualifier", "3", "--plot", str(tmp_path / "folder")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert err.endswith(": is a folder, not a file\n")  # refused before the chart is computed
    assert [p.name for p in tmp_path.iterdir()] == ["folder"]
    code = main(["chart", "--qualifier", "3", "--plot", "/dev/null"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "not a file, and the chart takes 5 pages, a file each (null-1, ...)" in err


def test_the_file_names_of_the_pages():
    assert rs.plot_files("chart.pdf", 9) == ["chart.pdf"]
    assert rs.plot_files("chart.png", 1) == ["chart.png"]
    assert rs.plot_files("a.b/chart.svg", 3) == ["a.b/chart-1.svg", "a.b/chart-2.svg", "a.b/chart-3.svg"]
    assert rs.plot_files("chart", 2) == ["chart-1", "chart-2"]   # a name without an extension: PNG
    assert rs.plot_files("chart.PNG", 10)[0] == "chart-01.PNG" and rs.plot_files("x.png", 10)[-1] == "x-10.png"
