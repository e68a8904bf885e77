"""The bought sixth card: one hand against a plain brute force, the whole game's sweep against the
core's direct count of one hand, and the whole game's consistency (a prohibitive fee is the plain game
exactly, a free card is never worse than standing, lowering the fee never lowers the return, a sampled
interval from per-hand answers holds the exact figure)."""

import json
import math
import random
import statistics
import subprocess
import sys
from fractions import Fraction

import pytest
from reference import ref_buy_sixth

import caribbean_exact as ce
from caribbean_exact.engine.switch import (
    GAME_WEIGHT,
    BoundCounts,
    buy_totals,
    draw_game_counts,
    one_card_game_counts,
    sixth_game_counts,
)
from caribbean_exact.errors import InvalidRules
from caribbean_exact.model.cards import Card, parse_cards
from caribbean_exact.model.draw import Draw
from caribbean_exact.model.rules import Rules
from caribbean_exact.play.game import solve
from caribbean_exact.play.sixth_game import (
    SixthCardGame,
    SwitchOrBuyGame,
    sixth_card_game_from,
    solve_sixth_game,
    solve_switch_or_buy_game,
    switch_or_buy_game_from,
)
from caribbean_exact.play.switch_game import SwitchProof, solve_one_card_game
from caribbean_exact.play.switching import switch_ev
from caribbean_exact.play.whole_game import WholeGame, game_kind, solve_game

COMP = math.comb(45, 4)


def _net_sum(t, rules):
    """The sum of the nets of deal counts (numerators over their total weight)."""
    n = rules.nets()
    return sum(t.fold[c] * n.fold + t.not_qualify[c] * n.not_qualify + t.win[c] * n.win[c] + t.tie[c] * n.tie
               + t.lose[c] * n.lose for c in range(10))


def _buy_option(hand, up, fee=1):
    a = switch_ev(hand, up, rules=Rules.make(buy_fee=fee))
    return next(o for o in a.options if o.bought), a


@pytest.mark.parametrize("hand, up", [("As Ks Qs Js 2d", "5h")])
def test_one_hand_against_brute_force(hand, up):
    """Four to a royal: every replacement and dealer hand, brute force, equals the core exactly."""
    h, u = parse_cards(hand), Card.parse(up)
    total, raises = ref_buy_sixth([c.index for c in h], u.index)
    o, _ = _buy_option(h, u)
    assert o.game_ev == Fraction(total, 46 * COMP)
    assert o.raise_replacements == raises == 44
    assert o.ev == o.game_ev - 1 and o.replacements == 46 and o.kind == "buy"


@pytest.mark.slow
@pytest.mark.parametrize("hand, up", [
    ("7c 7d 7h Ks 2d", "Ac"),    # trips: full house and quads by the sixth card
    ("5c 6d 7h 8s 8d", "8c"),    # a straight with a pair
    ("2h 5h 9h Jh Kc", "Ah"),    # four to a flush, the up card of the suit
    ("Ac Kd 4h 3s 2c", "Kh"),    # ace-king high, the up card paired
    ("Th Jh Qh Kh Ah", "2c"),    # a royal flush: buying changes nothing but the dead card
])
def test_edge_hands_against_brute_force(hand, up):
    h, u = parse_cards(hand), Card.parse(up)
    total, raises = ref_buy_sixth([c.index for c in h], u.index)
    o, _ = _buy_option(h, u)
    assert (o.game_ev, o.raise_replacements) == (Fraction(total, 46 * COMP), raises)


def test_buy_totals_weight_and_decisions():
    t = buy_totals([51, 45, 22, 8, 3], 40, Rules())
    assert t.total_weight == 46 * COMP
    assert sum(t.fold) == (46 - t.raise_situations) * COMP


def test_whole_game_sweep_matches_each_hand():
    """One up rank of the whole game (the sweep over every six-card set) against the core's direct
    count of 24 random hands: standing and buying, numerator for numerator."""
    rng = random.Random(31)
    up = 4 * 9  # the jack of clubs
    rules = Rules()
    probes = tuple((*sorted(rng.sample([c for c in range(52) if c != up], 5)), up) for _ in range(24))
    c = sixth_game_counts(rules, Fraction(1), up_ranks=(9,), threads=2, probes=probes)
    for p, (stand, buy) in zip(probes, c.probes, strict=True):
        assert buy == _net_sum(buy_totals(list(p[:5]), up, rules), rules), p
        d = ce.ev([Card(x) for x in p[:5]], Card(up))
        assert Fraction(stand, GAME_WEIGHT) == max(d.ev_raise, d.ev_fold), p
    g = sixth_card_game_from(rules, Fraction(1), c)
    assert g.situations == 4 * math.comb(51, 5) and g.total_weight == g.situations * GAME_WEIGHT
    assert sum(g.buy_by_up_rank) == g.buy_situations == g.buy_by_up_rank[9]


def test_a_free_card_is_never_worse_than_standing():
    """At fee 0 buying is worth at least standing in every situation (best five of six against the
    same dealer hands; the decision taken after the card): every situation that stands is a tie."""
    c = sixth_game_counts(Rules(), Fraction(0), up_ranks=(3,), threads=2)
    g = sixth_card_game_from(Rules(), Fraction(0), c)
    stands = g.situations - g.buy_situations
    assert stands == g.buy.indifferent_situations > 0


@pytest.mark.slow  # whole games at several fees (about 4 s)
def test_lowering_the_fee_never_lowers_the_return():
    """One up rank, fees 2, 1, 1/2: the return (over that slice) rises as the fee falls, and more
    situations buy."""
    games = [sixth_card_game_from(Rules(), Fraction(f), sixth_game_counts(Rules(), Fraction(f), up_ranks=(12,)))
             for f in ("2", "1", "1/2")]
    assert games[0].return_per_ante < games[1].return_per_ante < games[2].return_per_ante
    assert games[0].buy_situations < games[1].buy_situations < games[2].buy_situations


@pytest.mark.slow
def test_a_prohibitive_fee_is_the_plain_game_exactly():
    g = solve_sixth_game(Rules.make(buy_fee=100))
    assert g.buy_situations == 0
    assert g.house_edge == solve().house_edge
    assert g.raise_probability == solve().raise_probability


@pytest.mark.slow
def test_the_whole_game_at_one_ante():
    """The game at 1 ante: the exact figures (docs/variants.md), the protocol, and a sampled
    interval from 2,000 per-hand answers (seeded) around it: the plain game's exact return plus the
    mean gain of the best option over standing (its spread is small), 99.9%."""
    g = solve_game(Rules.make(buy_fee=1))
    assert isinstance(g, SixthCardGame) and isinstance(g, WholeGame) and g.exactness == "exact"
    assert g.house_edge == Fraction(-175122925259, 9966615258600)
    assert g.game_rules.draw == Draw.make(buy=1)
    assert g.element_of_risk == g.house_edge / g.expected_wager
    assert g.situations == 2598960 * 47
    rng = random.Random(20261205)
    gains = []
    rules = Rules()
    for _ in range(2000):  # each hand: standing (ce.ev) and buying (the core's direct count), exact
        cards = rng.sample(range(52), 6)
        d = ce.ev([Card(c) for c in cards[:5]], Card(cards[5]))
        stand = max(d.ev_raise, d.ev_fold)
        buy = Fraction(_net_sum(buy_totals(cards[:5], cards[5], rules), rules), GAME_WEIGHT) - 1
        gains.append(max(buy - stand, Fraction(0)))
    plain = -solve().house_edge
    mean = sum(gains, Fraction(0)) / len(gains)
    half = 3.29 * statistics.stdev(float(x) for x in gains) / math.sqrt(len(gains))
    assert abs(float(plain + mean - g.return_per_ante)) < half, (float(plain + mean), float(g.return_per_ante), half)


@pytest.mark.slow  # four whole games (about 12 s)
def test_switch_or_buy_is_each_game_where_the_other_option_is_prohibitive():
    """One up rank of the switch-or-buy game: with buying at 100 antes it is the one-card game, deal for
    deal; with switching at 100 the sixth-card game; at equal fees no situation switches (the best five
    of six is at least the switched hand, against the same dealer hands), so it is the sixth-card game."""
    rules, one, r = Rules(), Fraction(1), (10,)
    no_buy = draw_game_counts(rules, one, Fraction(100), up_ranks=r)
    alone = one_card_game_counts(rules, one, up_ranks=r)
    assert (no_buy.stand, no_buy.switch, no_buy.buy.total_weight) == (alone.stand, alone.switch, 0)
    sixth = sixth_game_counts(rules, one, up_ranks=r)
    for fee in (Fraction(100), one):
        no_switch = draw_game_counts(rules, fee, one, up_ranks=r)
        assert (no_switch.stand, no_switch.buy, no_switch.switch.total_weight) == (sixth.stand, sixth.switch, 0)
    cheaper = switch_or_buy_game_from(rules, Fraction(1, 2), one, draw_game_counts(rules, Fraction(1, 2), one,
                                                                                   up_ranks=r))
    assert isinstance(cheaper, SwitchOrBuyGame) and cheaper.switch_situations > 0 and cheaper.buy_situations > 0
    assert cheaper.return_per_ante > sixth_card_game_from(rules, one, sixth).return_per_ante


def test_rules_and_refusals():
    assert game_kind(Rules.make(buy_fee=1)) == "buy"
    assert game_kind(Rules.make(switch_fees="1", buy_fee=1)) == "switch-or-buy"
    assert Rules.make(buy_fee="1/2").draw.buy == Fraction(1, 2)
    with pytest.raises(InvalidRules, match="buy fee"):
        Rules.make(buy_fee=-1)
    with pytest.raises(InvalidRules, match="solve_switch_or_buy_game"):
        solve_sixth_game(Rules.make(switch_fees="1", buy_fee=1))


def _proof(fees: str, open_two: int = 0, ranks: tuple[int, ...] = tuple(range(13))) -> SwitchProof:
    """A proof as the core's bounds would give it: nothing open, or some two-card switches open
    against a queen (or the one rank asked)."""
    where = 10 if len(ranks) == 13 else ranks[0]
    rows = tuple((open_two, 0, open_two, 0, 0, 0) if r == where else (0,) * 6 for r in ranks)
    return SwitchProof(ce.SwitchFees.parse(fees), Rules(), BoundCounts(ranks, rows, rows, (), 0))


def _proven(monkeypatch, sixth, ace_open: int, open_two: int) -> None:
    """The bounds as given: no proof kept, an ace up with ``ace_open`` two-card switches open, the
    whole proof with ``open_two``."""
    monkeypatch.setattr(sixth, "kept_proof", lambda *_, **__: None)
    monkeypatch.setattr(sixth, "prove_one_rank", lambda fees, _rules, **_: _proof(fees.short(), ace_open, (12,)))
    monkeypatch.setattr(sixth, "prove_switch_sizes", lambda fees, _rules, **_: _proof(fees.short(), open_two))


def test_larger_switches_beside_buying_are_refused_where_a_bound_leaves_them_open(monkeypatch):
    """Fees 1,1 and a sixth card: the bounds leave two-card switches open (as given here), so the game
    is refused in one line naming them, before any counting: against an ace up, bounded first, in
    seconds; else after the whole proof."""
    import caribbean_exact.play.sixth_game as sixth
    monkeypatch.setattr(sixth, "draw_game_counts", lambda *_, **__: pytest.fail("counted"))
    _proven(monkeypatch, sixth, 7, 12)
    with pytest.raises(InvalidRules, match=r"1,1 or buy .*: against an ace up, switching 2 cards is open in 7 "
                                           r"situations; .*switch_ev"):
        solve_game(Rules.make(switch_fees="1,1", buy_fee=1))
    _proven(monkeypatch, sixth, 0, 12)
    with pytest.raises(InvalidRules, match=r"1,1 or buy .*: switching 2 cards is open in 12 situations; .*switch_ev"):
        solve_game(Rules.make(switch_fees="1,1", buy_fee=1))


def test_larger_switches_beside_buying_proven_never_better_is_the_one_card_game(monkeypatch, capsys):
    """Fees 1,2,3,4,5 and a sixth card for 2, the bounds excluding every larger switch (as given
    here): the game is the one of one card or buying (counted over a queen up here), named by the
    whole schedule, its proof in the JSON and in two lines of the text."""
    import caribbean_exact.play.sixth_game as sixth
    from caribbean_exact.cli.main import main
    one = switch_or_buy_game_from(Rules(), Fraction(1), Fraction(2),
                                  draw_game_counts(Rules(), Fraction(1), Fraction(2), up_ranks=(10,)))
    _proven(monkeypatch, sixth, 0, 0)
    monkeypatch.setattr(sixth, "draw_game_counts", lambda *_, **__: pytest.fail("counted again"))
    monkeypatch.setattr(sixth, "_draw_games", sixth.Recent(4))  # not the library's: a slice
    sixth._draw_games.put((Rules(), (Fraction(1), Fraction(2)), False), one)
    g = solve_switch_or_buy_game(Rules.make(switch_fees="linear", buy_fee=2))
    assert (g.house_edge, g.stand, g.switch, g.buy) == (one.house_edge, one.stand, one.switch, one.buy)
    assert g.proof is not None and g.proof.excluded == (2, 3, 4, 5) and one.proof is None
    assert g.game_rules == Rules.make(switch_fees="1,2,3,4,5", buy_fee=2) != one.game_rules
    assert main(["solve", "--switch-fees", "1,2,3,4,5", "--buy-fee", "2", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["switch_fees"] == ["1", "2", "3", "4", "5"] and doc["switch_fee"] == "1"
    assert doc["proof"]["excluded"] == [2, 3, 4, 5] and doc["rules"]["draw"]["switch_fees"] == doc["switch_fees"]
    assert doc["house_edge"] == str(one.house_edge)
    assert main(["solve", "--switch-fees", "1,2,3,4,5", "--buy-fee", "2"]) == 0
    head = capsys.readouterr().out.splitlines()[:3]
    assert head == ["Switch cards for fees 1,2,3,4,5 (1 to 5 cards) or buy a sixth card for 2 (antes), the whole "
                    "game exact",
                    "switching 2, 3, 4, 5 cards never beats the best of standing and one card, in all 122,151,120 "
                    "situations (exact bounds),",
                    "so none beats it beside buying either: the game of one card or buying is the whole game"]


@pytest.mark.slow
def test_larger_switches_beside_buying_exact_where_the_bounds_exclude_them():
    """The real proofs (shared with test_switch_bounds.py): under 1,2,3,4,5 every larger switch is
    excluded, so beside a sixth card for 2 the game is the one of one card or buying, deal for deal,
    and worth more to the player than the schedule without buying (the one-card game); under
    1,2,3,2,1 switching all five is the best in some situations, so buying beside it is refused."""
    one = solve_switch_or_buy_game(Rules.make(switch_fees="1", buy_fee=2))
    g = solve_switch_or_buy_game(Rules.make(switch_fees="linear", buy_fee=2))
    assert g.proof is not None and g.proof.exact and g.proof.excluded == (2, 3, 4, 5)
    assert (g.stand, g.switch, g.buy) == (one.stand, one.switch, one.buy)
    assert g.house_edge == Fraction(2031951192031, 209298920430600)   # 0.9708%, docs/variants.md
    assert g.return_per_ante > -solve_one_card_game(1).house_edge
    with pytest.raises(InvalidRules, match=r"switching all five is the best in [0-9,]+ situations"):
        solve_switch_or_buy_game(Rules.make(switch_fees="peaked", buy_fee=2))  # after the whole proof
    with pytest.raises(InvalidRules, match=r"against an ace up, switching 2 cards is open in [0-9,]+ situations"):
        solve_game(Rules.make(switch_fees="1,1,1,1,1", buy_fee=1))  # seconds: one up rank bounded


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "caribbean_exact", *args], capture_output=True, text=True,
                          timeout=120)


def test_ev_buy_fee_json_options():
    """ev --buy-fee with --switch-fees: "switch" keeps standing and the discard sets, "options" holds
    every option (buying included), best first, with exact fractions."""
    r = _cli("ev", "As Ks Qs Js 2d", "--up", "5h", "--switch-fees", "1", "--buy-fee", "1", "--format", "json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert [o["kind"] for o in d["options"]][:2] == ["buy", "switch"]
    assert d["options"][0] == {"kind": "buy", "discard": [], "fee": "1", "ev": "3842005/1370754",
                               "raise_share": "22/23", "decision": "depends"}
    assert sorted(len(o["discard"]) for o in d["switch"]) == [0, 1, 1, 1, 1, 1]
    assert len(d["options"]) == len(d["switch"]) + 1 == 7
    assert d["rules"]["draw"] == {"switch_fees": ["1"], "five_forces_raise": True, "buy_fee": "1"}
    evs = [Fraction(o["ev"]) for o in d["options"]]
    assert evs == sorted(evs, reverse=True)


def test_ev_buy_fee_text_and_bad_fee():
    r = _cli("ev", "As Ks Qs Js 2d", "--up", "5h", "--buy-fee", "1")
    assert r.returncode == 0, r.stderr
    assert "best: buy a sixth card (EV 2.802841 per ante, fee included)" in r.stdout
    assert max(map(len, r.stdout.splitlines())) <= 80
    bad = _cli("ev", "As Ks Qs Js 2d", "--up", "5h", "--buy-fee", "-1")
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and "buy fee" in bad.stderr
    mixed = _cli("solve", "--buy-fee", "1", "--sample")
    assert mixed.returncode == 2 and "--sample" in mixed.stderr
