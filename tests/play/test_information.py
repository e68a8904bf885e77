"""The information a game was solved with: on the result, and as the "information" object of its JSON."""

import json

import pytest

from caribbean_exact.cli.main import main
from caribbean_exact.play.game import GameReport, solve
from caribbean_exact.play.information import UP_CARD_ONLY, Information, seen_cards
from caribbean_exact.render.text import information_json, information_words


def test_the_plain_game_knows_the_up_card_only() -> None:
    r = solve()
    assert r.information == UP_CARD_ONLY
    assert information_json(r.information) == {
        "kind": "up-card", "description": "the dealer's up card only", "seen_cards": 0, "ranks": "", "suits": "",
        "dead_cards": 0, "blocks": [], "suit_split": ""}


def test_seen_hole_cards_are_described_by_their_count() -> None:
    r = solve()
    seen = GameReport(r.rules, r.totals, known_dealer_cards=3)
    assert seen.information == Information("seen-cards", seen_cards=3) == seen_cards(3)
    assert information_words(seen.information) == "3 dealer hole cards seen"
    leak = GameReport(r.rules, r.totals, leak=Information("sorted-ranks", ranks=(11, 12)))
    assert leak.information.kind == "sorted-ranks"
    assert information_json(leak.information)["ranks"] == "AK"
    assert information_words(Information("burn-card", dead_cards=1)) == "the burn card seen"
    assert information_words(Information("burn-card", seen_cards=1, dead_cards=1)) == \
        "1 dealer hole card and the burn card seen"
    assert information_words(Information("seen-class", ranks=(9, 10, 11))) == \
        "one dealer hole card's class seen (ranks KQJ)"


@pytest.mark.csan
def test_solve_json_has_the_information(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["information"]["kind"] == "up-card"
