"""The strategy card: one page, reproducible bytes, the rules and exact figures in its text."""

import html
import re
from fractions import Fraction

import pytest

from caribbean_exact.cli import main
from caribbean_exact.model.rules import Rules
from caribbean_exact.render.strategy import strategy_card as render_card
from caribbean_exact.strategy.strategy_card import strategy_card

pytest.importorskip("matplotlib")
pytestmark = pytest.mark.slow  # every test builds a card: a frontier search (seconds) and its drawing


@pytest.fixture(scope="module")
def standard(standard_card):
    return standard_card


def _svg_text(data: bytes) -> str:
    return " ".join(html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", data.decode()))


@pytest.mark.parametrize("size", ["page", "pocket"])
def test_one_page_reproducible(standard, size):
    a, b = render_card.draw(standard, "pdf", size), render_card.draw(standard, "pdf", size)
    assert a == b and a.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page[^s]", a)) == 1
    assert render_card.draw(standard, "png", size) == render_card.draw(standard, "png", size)
    w, h = render_card.SIZES[size]
    box = re.search(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", a)
    assert box and abs(float(box.group(1)) - w * 72) < 1 and abs(float(box.group(2)) - h * 72) < 1
    assert w <= 8.27 and h <= 11.0   # inside Letter (8.5 x 11) and A4 (8.27 x 11.69)


def test_text_holds_rules_and_exact_figures(standard):
    p = standard.point
    assert p.lines == 3 and p.cost_total == 1_161_722_784
    assert p.cost <= Fraction(1, 10_000)
    svg = render_card.draw(standard, "svg")
    text = _svg_text(svg)
    for line in p.rules_text.splitlines()[1:]:
        assert line.removeprefix("raise if ") in text
    assert "591006029/11300017300" in text           # the exact house edge
    assert str(p.house_edge) == "591006029/11300017300"
    assert "1,161,722,784" in text and "19,933,230,517,200" in text
    assert "5.2301%" in text and "0.005828%" in text
    assert "Royal flush 100" in text and "A-K high 1" in text and "qualifies with A-K" in text
    assert "No cap" in text
    # no text below 7 pt (SVG at 72 units an inch: px = pt)
    sizes = [float(x) for x in re.findall(rb"font-size: ([\d.]+)px", svg)]
    assert sizes and min(sizes) >= 7


def test_grid_from_exact_cells(standard):
    g = standard.grid
    assert g.rows == ("Q", "J", "T", "9", "8", "7", "6", "5", "4")
    assert [c.action for c in g.cells[1]] == list("MMMMMMMMMRFRR")   # AKJ: raise when pairing the up card
    assert g.cells[0][0].action == "R" and g.cells[0][0].exception is None
    first = [e for e in g.exceptions if e.number == 1]
    assert [(e.third, e.up, e.action, e.hands) for e in first] == [("Q", "3", "S", ("AKQ42", "AKQ52"))]


@pytest.mark.slow  # a second card (capped rules): another frontier search
def test_capped_rules_on_the_card():
    c = strategy_card(Rules.make("standard", "AK", 5, 1000), lines=2)
    assert c.point.lines <= 2
    text = _svg_text(render_card.draw(c, "svg", "pocket"))
    assert "Cap: 1000 per bet at an ante of 5." in text


@pytest.mark.slow  # the card command builds its own card: another frontier search
def test_cli(tmp_path, capsys):
    out = tmp_path / "card.pdf"
    assert main(["card", "--out", str(out), "--size", "pocket", "--quiet"]) == 0
    assert out.read_bytes().startswith(b"%PDF") and "3 lines" in capsys.readouterr().out
    assert main(["card", "--out", str(tmp_path / "card.txt"), "--quiet"]) == 2
    assert "expected a .pdf, .svg or .png" in capsys.readouterr().err
