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
    for sentence in render_card.strategy_lines(standard):
        assert sentence in text
    assert render_card.strategy_lines(standard) == [
        "Raise A-K-Q-J or better.",
        "Raise A-K when the dealer's card matches one of yours and you hold a queen or a jack.",
        "Raise A-K when the dealer's card is 2 to 10 and matches one of yours."]
    for symbol in (">=", "<", "up matches", "card 2", "see caribbean-exact", "by suit"):
        assert symbol not in text
    assert "Dealer does not qualify: the ante pays 1 to 1, the raise is returned." in text
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
    assert g.rows == ("AKQJ", "AKQ 32-T9", "AKJ", "AKT", "AK9", "AK8", "AK7", "AK6", "AK5", "AK4")
    assert [c.action for c in g.cells[2]] == list("MMMMMMMMMRFRR")   # AKJ: raise when pairing the up card
    assert [c.action for c in g.cells[0]] == list("R" * 13)           # A-K-Q-J or better
    assert g.exceptions == ()


@pytest.mark.parametrize("lines", [None, 2, 4])
def test_every_ace_king_cell_says_what_the_stated_strategy_does(lines):
    """The grid is the card's strategy, not another one: for every A-K high hand, up card rank
    and number of cards of the up card's suit, what the grid says (letter and notes) is what the
    printed lines do; and every note spells its hands out in the card's text."""
    from caribbean_exact.model.hands import patterns
    from caribbean_exact.strategy.rule_file import parse_rule_file
    from caribbean_exact.strategy.strategies import Situation

    c = strategy_card(lines=lines)
    st = parse_rule_file(c.point.rules_text)
    g = c.grid
    ak = [p for p in patterns() if p.category == 0 and p.grouped[:2] == (12, 11)]
    checked = 0
    for p in ak:
        for up in range(13):
            for suited in range(5):   # at most four: five of one suit is a flush
                said = g.raises(p.label, "23456789TJQKA"[up], suited)
                assert said == st.raises(Situation(p.grouped, False, 0, p.value, up, suited)), (p.label, up, suited)
                checked += 1
    assert checked > 10_000
    text = render_card.card_text(c)
    for e in g.exceptions:
        assert all(h in text for h in e.hands)
    assert "see caribbean-exact" not in text and "by suit" not in text


def test_suit_notes_are_spelled_out():
    """A strategy whose A-K line counts cards of the up card's suit: the note says how many."""
    from caribbean_exact.strategy.rule_file import parse_rule_file
    from caribbean_exact.strategy.strategy_card import _grid

    g = _grid(parse_rule_file("raise if hand >= AKQJ\nraise if ace king and up in 6 and suited >= 2\n"))
    col = g.columns.index("6")
    notes = {e.number: e for e in g.exceptions}
    cell = g.cells[g.rows.index("AK9")][col]
    assert cell.exception is not None and notes[cell.exception].action == "S"
    assert notes[cell.exception].suited == (2, 3, 4)
    assert render_card._counts_text((2, 3, 4), (0, 1, 2, 3, 4)) == "2 or more"
    assert render_card._counts_text((0,), (0, 1, 2, 3, 4)) == "none"
    assert render_card._counts_text((0, 2), (0, 1, 2, 3)) == "exactly 0 or 2"


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


def test_the_side_bets_line_and_the_pocket_card():
    from caribbean_exact.house.sidebets import bonus, progressive

    c = strategy_card()
    side = (progressive(), bonus())
    line = render_card.side_bets_line(side)
    assert "$218,047.37" in line and "8.56%" in line
    assert line in render_card.card_text(c, side)
    page = _svg_text(render_card.draw(c, "svg", side_bets=side))
    assert "$218,047.37" in page   # drawn as text, not read as mathtext between two dollar signs
    pocket = _svg_text(render_card.draw(c, "svg", "pocket", side_bets=side))
    for sentence in render_card.strategy_lines(c):
        assert sentence in pocket


def test_one_letter_system_in_every_grid(capsys):
    """chart, card and the seen-card chart print their marks' meanings from labels.MARKS."""
    from caribbean_exact.render.labels import MARKS, mark_meaning
    from caribbean_exact.render.play import known_cards

    c = strategy_card()
    assert mark_meaning("M", up_only=True) in render_card.grid_legend(c)
    assert main(["chart", "--quiet"]) == 0
    assert mark_meaning("S", up_only=True).replace("rules)", "rules below)") in capsys.readouterr().out
    for mark in ("M", "x/y", "+S", "#n"):
        assert MARKS[mark] in known_cards._LEGEND
