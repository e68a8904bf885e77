"""The strategy card of a sixth card for sale (``card --buy-fee``): when to buy in words, then the
raise lines, with the exact house edge of the buying lines and of optimal buying."""

import dataclasses
import html
import re
from fractions import Fraction

import pytest

from caribbean_exact.cli import main
from caribbean_exact.errors import InvalidRules
from caribbean_exact.model.rules import Rules
from caribbean_exact.render.strategy import strategy_card as render_card
from caribbean_exact.render.text import pct
from caribbean_exact.strategy.buy_lines import BUY_LINES
from caribbean_exact.strategy.strategy_card import strategy_card

pytest.importorskip("matplotlib")


def _svg_text(data: bytes) -> str:
    return " ".join(html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", data.decode()))


@pytest.fixture(scope="module")
def buy_card(standard_card):
    from caribbean_exact.strategy.buy_lines import solve_buy_lines

    # the card of the sixth card for sale is the standard card with the buying lines' games: built
    # here from the same two calls strategy_card makes (the frontier search is the standard card's)
    return dataclasses.replace(standard_card, buying=solve_buy_lines(Rules.make(buy_fee=1)))


@pytest.mark.slow  # the buying lines' game and the optimal one: about 30 s on two cores
def test_the_card_says_when_to_buy_with_exact_figures(buy_card):
    b = buy_card.buying
    text = render_card.card_text(buy_card)
    assert text.startswith("# Caribbean Stud with a sixth card for sale: strategy card")
    for line in BUY_LINES:
        assert f"- Buy with {line}." in text
    assert "- Anything else: do not buy." in text
    assert "you may buy one more card for 1 ante, which you do not get back" in text
    # the exact figures: the lines' game, optimal buying, and the cost as their difference
    assert b.game.house_edge == Fraction(-9059449933, 996661525860)
    assert b.optimal.house_edge == Fraction(-175122925259, 9966615258600)
    assert f"a player's edge of {pct(-b.game.house_edge)} (exact: {b.game.house_edge})" in text
    assert f"With optimal buying: a player's edge of {pct(-b.optimal.house_edge)}" in text
    cost = b.optimal.return_per_ante - b.game.return_per_ante
    assert f"the lines cost {pct(cost, 4)} of the ante" in text and pct(cost, 4) == "0.8481%"
    assert "2. Then, with your best five cards, raise these hands (3 lines)" in text
    assert "Without buying, these raise lines give a house edge of 5.2301%" in text
    assert "Rows: your hand" not in text  # the A-K grid is the game without a draw
    assert text.rstrip().endswith("every figure exact, from the enumeration of all deals.")


@pytest.mark.slow
@pytest.mark.parametrize("size", ["page", "pocket"])
def test_the_drawing_holds_the_lines_on_one_page(buy_card, size):
    svg = render_card.draw(buy_card, "svg", size)
    text = _svg_text(svg)
    for line in render_card.buy_lines(buy_card):
        assert line.split(" (")[0].removesuffix(".") in text
    sizes = [float(x) for x in re.findall(rb"font-size: ([\d.]+)px", svg)]
    assert sizes and min(sizes) >= 7
    pdf = render_card.draw(buy_card, "pdf", size)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1 and pdf == render_card.draw(buy_card, "pdf", size)


def test_one_draw_a_card(tmp_path, capsys):
    with pytest.raises(InvalidRules, match="switch fees and a buy fee"):
        strategy_card(Rules.make(switch_fees="1", buy_fee=1))
    out = tmp_path / "c.pdf"
    for argv, words in ((["--switch-fees", "1", "--buy-fee", "1"], ("--switch-fees", "--buy-fee")),
                        (["--buy-fee", "x"], ("buy fee", "'x'")),
                        (["--buy-fee", "-1"], ("buy fee", "0 or more"))):
        assert main(["card", "--out", str(out), *argv]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and all(w in err for w in words), err
    assert not out.exists()
