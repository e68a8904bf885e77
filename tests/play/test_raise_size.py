"""The raise size (Rules.raise_antes, --raise N): one hand against brute force, the whole game's
consistency at every raise size, and every command honouring it."""

import json
import random
from fractions import Fraction

import pytest
from reference import ref_deal

import caribbean_exact as ce
from caribbean_exact import Rules
from caribbean_exact.cli import main
from caribbean_exact.play.game import solve
from caribbean_exact.strategy.strategies import compare_strategies

PAYS = [1, 1, 2, 3, 4, 5, 7, 20, 50, 100]  # to 1, by the player's category: high card .. royal flush


def _by_hand(ref: dict, category: int, n: int) -> Fraction:
    """EV(raise) per ante from brute-force counts, priced by hand: ante 1 to 1 when the dealer does
    not qualify (the raise pushes); a win pays the ante 1 to 1 and the raise of n antes at the pay."""
    total = ref["not_qualify"] * 1 + ref["win"] * (1 + n * PAYS[category]) - ref["lose"] * (1 + n)
    return Fraction(total, ref["total"])


def _cards(indices):
    return [ce.Card(i) for i in indices]


def test_one_hand_against_brute_force_at_random_raise_sizes():
    rng = random.Random(20261202)
    for _ in range(12):
        cards = rng.sample(range(52), 8)
        hand, up, dealer = cards[:5], cards[5], cards[6:8]  # two hole cards known: 946 completions
        n = rng.randint(1, 10)
        d = ce.ev(_cards(hand), _cards([up]), dealer=_cards(dealer), rules=Rules(raise_antes=n))
        ref = ref_deal(hand, up, dealer=dealer)
        assert d.counts.total == ref["total"]
        assert d.ev_raise == _by_hand(ref, d.player_category, n)
        assert d.ev_fold == -1
        assert d.decision == ("raise" if d.ev_raise > -1 else "fold" if d.ev_raise < -1 else "either")


def test_a_whole_situation_against_brute_force():
    hand, up = [c.index for c in ce.parse_cards("Qs Qd 8h 5c 3s")], ce.Card.parse("Jh").index
    ref = ref_deal(hand, up)
    for n in (1, 3, 10):
        assert ce.ev(_cards(hand), _cards([up]), rules=Rules(raise_antes=n)).ev_raise == _by_hand(ref, 1, n)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 10])
def test_whole_game_consistency(n):
    rules = Rules(raise_antes=n)
    r = solve(rules=rules)
    rows = r.return_table()
    assert sum(x.probability for x in rows) == 1
    assert sum(x.count for x in rows) == r.total_weight == 19_933_230_517_200
    assert sum(x.contribution for x in rows) == r.return_per_ante
    nets = rules.nets()
    assert nets.lose == -1 - n and nets.win[9] == 1 + 100 * n
    assert r.expected_wager == 1 + n * r.raise_probability
    for s in compare_strategies(rules, game=r):
        assert s.report.return_per_ante <= r.return_per_ante, s.name


def test_raise_of_two_is_the_standard_game():
    a, b = solve(rules=Rules(raise_antes=2)), solve()
    assert a.house_edge == b.house_edge == Fraction(142031221, 2718662100)
    assert a.return_table() == b.return_table()


def test_the_raise_size_changes_the_strategy():
    # a larger raise is worth making only with a stronger hand: fewer raising situations
    raises = [solve(rules=Rules(raise_antes=n)).raise_situations for n in (1, 2, 3, 4)]
    assert raises == sorted(raises, reverse=True) and len(set(raises)) == 4


def _json(capsys, *argv):
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_commands_honour_raise(capsys):
    r3 = solve(rules=Rules(raise_antes=3))
    doc = _json(capsys, "solve", "--raise", "3", "--format", "json")
    assert doc["rules"]["raise_antes"] == 3 and doc["house_edge"] == str(r3.house_edge)
    assert _json(capsys, "solve", "--format", "json")["rules"]["raise_antes"] == 2
    doc = _json(capsys, "ev", "As Kd 7h 4c 2s", "--up", "Qh", "--raise", "1", "--format", "json")
    assert doc["rules"]["raise_antes"] == 1 and doc["decision"] == "raise"
    doc = _json(capsys, "compare", "standard", "--raise", "3", "--format", "json")
    assert doc["rules"]["raise_antes"] == 3 and doc["rows"][0]["house_edge"] == str(r3.house_edge)
    doc = _json(capsys, "cap", "--raise", "3", "--antes", "5", "--format", "json")
    assert doc["rules"]["raise_antes"] == 3
    doc = _json(capsys, "strategies", "--raise", "3", "--format", "json")
    assert json.dumps(doc).count(str(r3.house_edge)) >= 1
    doc = _json(capsys, "chart", "--raise", "3", "--format", "json")
    assert doc["rules"]["raise_antes"] == 3
    doc = _json(capsys, "combined", "--raise", "3", "--format", "json")
    assert doc["rules"]["raise_antes"] == 3


@pytest.mark.parametrize("command", ["ev", "solve", "chart", "strategies", "simplify", "card", "compare", "cap",
                                     "combined", "report", "collusion"])
def test_every_rules_command_takes_raise_and_checks_it(capsys, command):
    argv = [command, "--raise", "11"]
    if command == "ev":
        argv += ["As Kd 7h 4c 2s", "--up", "Qh"]
    if command == "card":
        argv += ["--out", "x.pdf"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "--raise 11" in err or "raise_antes 11" in err
