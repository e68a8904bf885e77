"""Card switching, the whole game exact for fee schedules of up to four cards (``solve_exact_switch_game``).

The core's own checks (each discard set against ``cs_switch``, the two passes against each other) are
tests/engine/test_switch_dead.py's. Here the library's game: with one card it is the one-card game
(``switch_game.c``'s own driver) figure for figure; where the bounds of the larger switches prove that
two cards never beat one (a fee of 2 antes), the exact two-card game is the one-card game exactly (two
independent counts agreeing); a lower fee is never worth less; what cannot be counted is refused.
"""

import os
from fractions import Fraction

import pytest

from caribbean_exact import Rules
from caribbean_exact.engine.switch import one_card_game_counts
from caribbean_exact.errors import InvalidRules
from caribbean_exact.model.information import seen_cards
from caribbean_exact.play.switch_exact import solve_exact_switch_game
from caribbean_exact.play.switch_game import one_card_game_from, prove_one_rank


def _one_card(fee: int, ranks: tuple[int, ...]):
    rules = Rules()
    return one_card_game_from(rules, Fraction(fee), one_card_game_counts(rules, Fraction(fee), up_ranks=ranks))


def _same_game(a, b) -> None:
    """Two games of the same play, counted on different weights: every figure equal."""
    assert a.situations == b.situations
    for name in ("house_edge", "expected_wager", "element_of_risk", "raise_probability", "option_probability"):
        assert getattr(a, name) == getattr(b, name), name
    rows = lambda g: sorted((r.outcome, r.category, r.probability, r.contribution) for _, r in g.return_rows)  # noqa: E731
    assert rows(a) == rows(b)


def test_one_card_is_the_one_card_game():
    """One card for 1 ante against a queen: the exact game is the one-card game of that rank, every
    figure and return row, and what the player does by the hand dealt."""
    g = solve_exact_switch_game("1", up_ranks=(10,))
    one = _one_card(1, (10,))
    _same_game(g, one)
    assert [c[:3] for c in g.by_category] == list(one.by_category)
    assert g.by_size == (g.situations - one.switch_situations, one.switch_situations, 0, 0, 0, 0)
    assert g.exactness == "exact" and g.game_rules == Rules.make(switch_fees="1")
    assert g.by_up_rank == (tuple(map(sum, zip(*g.by_category, strict=True))),)  # one rank: all of it
    assert g.return_rows[0][0] == "stand" and {p for p, _ in g.return_rows} == {"stand", "switch 1"}


def test_what_cannot_be_counted_is_refused():
    with pytest.raises(InvalidRules, match="all five alone"):
        solve_exact_switch_game("x,x,x,x,1", up_ranks=(12,))
    with pytest.raises(InvalidRules, match=r"2\^28|too large"):
        solve_exact_switch_game([Fraction(1, 10**9 + 7), 1], up_ranks=(12,))
    # with all five, the pays over one denominator must stay within the five-card count's 2^20
    with pytest.raises(InvalidRules, match=r"2\^20"):
        solve_exact_switch_game([Fraction(1, 10**5 + 3), None, None, None, 1], up_ranks=(12,))
    with pytest.raises(InvalidRules, match="up card only"):
        solve_exact_switch_game("1,1", Rules(information=seen_cards(1)), up_ranks=(12,))
    with pytest.raises(InvalidRules, match="ranks"):
        solve_exact_switch_game("1,1", up_ranks=(13,))


@pytest.mark.slow  # one up rank of the two-card game twice: about 45 s of CPU
def test_two_cards_where_the_bounds_exclude_them_is_the_one_card_game():
    """Two antes for one or two cards, against an ace: the bounds prove that two cards
    never beat the best of standing and one, and the exact count agrees: the same game as one card for
    2. With the two-card fee 1 instead, the player switches two cards in some hands, and his return is
    higher, never lower."""
    ranks = (12,)
    for r in ranks:
        assert prove_one_rank("2,2", up_rank=r).open_sizes == ()
    g = solve_exact_switch_game("2,2", up_ranks=ranks)
    assert g.by_size[2] == 0
    _same_game(g, _one_card(2, ranks))
    cheaper = solve_exact_switch_game("2,1", up_ranks=ranks)
    assert cheaper.by_size[2] > 0 and cheaper.return_per_ante > g.return_per_ante


@pytest.mark.slow  # two up ranks of the one-card game with all five, and of the peaked proof: about 20 s of CPU
def test_all_five_beside_one_card_is_the_peaked_proofs_game():
    """One card or all five for 1 ante ("1,x,x,x,1"), counted by the exact game's driver (all five merged
    in after the classes' sweeps), is against a deuce and an ace the game of the peaked schedule's proof
    (1,2,3,2,1: two to four cards proven never better; the bounds' driver merges standing, one card and
    five), figure for figure and row for row. Against the deuce, probed hands' best options, among them
    all five, are the per-hand core's (``switch_ev``, every replacement and dealer hand)."""
    import random

    from caribbean_exact.engine.switch import EXACT_WEIGHT_FIVE, exact_switch_counts
    from caribbean_exact.model.cards import Card
    from caribbean_exact.play.switch_exact import ExactSwitchGame
    from caribbean_exact.play.switching import SwitchFees, switch_ev

    rules, f = Rules(), SwitchFees.parse("1,x,x,x,1")
    rng = random.Random(5)
    probes = tuple((*rng.sample(range(1, 52), 5), 0) for _ in range(16))  # beside the deuce of suit 0
    for r in (0, 12):
        c = exact_switch_counts(rules, f.fees, up_ranks=(r,), probes=probes if r == 0 else ())
        g = ExactSwitchGame(rules, f, c.deals, c.by_category, (r,), c.by_up_rank, c.five_value, c.weight)
        assert c.weight == EXACT_WEIGHT_FIVE and g.return_per_ante * g.situations == c.value
        proof = prove_one_rank("1,2,3,2,1", up_rank=r)
        e = proof.game
        assert proof.open_sizes == () and e is not None and g.situations == e.situations == 9396240
        for name in ("house_edge", "expected_wager", "element_of_risk", "raise_probability"):
            assert getattr(g, name) == getattr(e, name), (r, name)
        assert [(x[0], x[1], x[2], x[6]) for x in g.by_category] == list(e.by_category)
        assert g.by_size[5] == e.five_situations and g.by_size[2:5] == (0, 0, 0)
        rows = lambda h: sorted((x.outcome, x.category or 0, x.probability, x.net, x.contribution)  # noqa: E731
                                for _, x in h.return_rows)
        assert rows(g) == rows(e)
        assert ("switch 5" in dict(g.return_rows)) == (e.five_situations > 0)
        if r == 0:  # against a deuce all five is often the best (3,777,216 of the rank's situations)
            assert e.five_situations == 3777216
            for p, (best, mask) in zip(probes, c.probes, strict=True):
                hand = [Card(x) for x in p[:5]]
                alone = switch_ev(hand, Card(p[5]), f)
                assert best == alone.best.ev and mask.bit_count() in (0, 1, 5), p
                assert tuple(x for i, x in enumerate(hand) if mask >> i & 1) == alone.best.discard
            assert {m.bit_count() for _, m in c.probes} == {0, 1, 5}  # the probes stand, switch one, switch five
    assert e.five_situations == 0  # against an ace all five is never the best


def test_the_sizes_left_open_are_counted_beside_all_five(monkeypatch):
    """``count_open_sizes``: where the proof counted all five and left open two and three cards, the
    game is counted over one to three cards and all five (four cards, proven never better, cut); where
    the proof did not count them, up to the largest open size only; a size above ``count_up_to`` open,
    or nothing open: no count."""
    from types import SimpleNamespace

    from caribbean_exact.play import switch_game as sg
    from caribbean_exact.play.switching import SwitchFees

    calls: list[SwitchFees] = []
    monkeypatch.setattr(sg, "solve_exact_switch_games",
                        lambda fees, *_, **__: calls.extend(fees) or ("counted",) * len(fees))

    def proof(fees: str, open_sizes: tuple[int, ...], five: bool) -> object:
        return SimpleNamespace(exact=not open_sizes, open_sizes=open_sizes, five_counted=five,
                               fees=SwitchFees.parse(fees), rules=Rules())

    assert sg.count_open_sizes(proof("1,1,1,1,1", (2, 3), True), 3) == "counted"  # type: ignore[arg-type]
    assert sg.count_open_sizes(proof("2,1,9", (2,), False), 2) == "counted"  # type: ignore[arg-type]
    assert calls == [SwitchFees.parse("1,1,1,x,1"), SwitchFees.parse("2,1")]
    assert sg.count_open_sizes(proof("1,1,1,1,1", (2, 3, 4), True), 3) is None  # type: ignore[arg-type]
    assert sg.count_open_sizes(proof("1,2,3,2,1", (), True), 4) is None  # type: ignore[arg-type]
    assert len(calls) == 2


def test_schedules_counted_beside_are_cut_as_their_own_count_and_counted_together(monkeypatch):
    """``count_open_sizes(beside=...)``: each other schedule cut as its own count would cut it (one with
    nothing to count left out) and counted with this one in one call of ``solve_exact_switch_games``, which
    gives this one's game first; without any left, this one alone in the same call."""
    from types import SimpleNamespace

    from caribbean_exact.play import switch_game as sg
    from caribbean_exact.play.switching import SwitchFees

    together: list[tuple[SwitchFees, ...]] = []
    monkeypatch.setattr(sg, "solve_exact_switch_games",
                        lambda fees, *_, **__: together.append(fees) or tuple("abc"[:len(fees)]))

    def proof(fees: str, open_sizes: tuple[int, ...], five: bool) -> object:
        return SimpleNamespace(exact=not open_sizes, open_sizes=open_sizes, five_counted=five,
                               fees=SwitchFees.parse(fees), rules=Rules())

    beside = (proof("0,0,0,0,0", (2, 3, 4), True), proof("1,2,3,2,1", (), True), proof("2,1,9", (2,), False))
    assert sg.count_open_sizes(proof("1,1,1,1,1", (2, 3, 4), True), 4, beside=beside) == "a"  # type: ignore[arg-type]
    assert together == [(SwitchFees.parse("1,1,1,1,1"), SwitchFees.parse("0,0,0,0,0"), SwitchFees.parse("2,1"))]
    assert sg.count_open_sizes(proof("1,1", (2,), False), 2, beside=beside[1:2]) == "a"  # type: ignore[arg-type]
    assert together[1:] == [(SwitchFees.parse("1,1"),)]
    with pytest.raises(InvalidRules, match="need a store"):
        sg.solve_switch_game("1,1", beside=("0,0",))


def test_the_sizes_counted_in_words():
    """What a counted game's text says it counted: "up to k" cards where every size to k is counted, else
    the sizes ("1, 2 or 5": three and four cards not allowed, or proven never better and cut)."""
    from types import SimpleNamespace

    from caribbean_exact.play.switching import SwitchFees
    from caribbean_exact.render.play.switching import counted_sizes_text

    said = {f: counted_sizes_text(SimpleNamespace(fees=SwitchFees.parse(f)))  # type: ignore[arg-type]
            for f in ("2,1", "1,1,1", "1,1,x,x,1", "1,x,x,x,1", "x,1")}
    assert said == {"2,1": "up to 2", "1,1,1": "up to 3", "1,1,x,x,1": "1, 2 or 5", "1,x,x,x,1": "1 or 5",
                    "x,1": "2"}


def _counted_by_slice(monkeypatch, fees: str = "2,1,9") -> list[tuple]:
    """``solve_switch_game``'s exact count, on the ace's slice instead of every up rank (its calls
    recorded); the bounds of ``fees`` seeded from the ace's slice too."""
    from caribbean_exact.play import switch_exact
    from caribbean_exact.play import switch_game as sg
    from caribbean_exact.play.switching import switch_game

    rules, f = switch_game(fees, None)
    sg._proofs.seed((rules, f, False), prove_one_rank(f, rules, 12))
    calls: list[tuple] = []
    count = switch_exact.solve_exact_switch_games

    def sliced(schedules, rules=None, *, threads=None, progress=None, client=None, store=None):
        calls.extend((fees, client) for fees in schedules)
        return count(schedules, rules, up_ranks=(12,), threads=threads, progress=progress, store=store)

    monkeypatch.setattr(sg, "solve_exact_switch_games", sliced)
    return calls


@pytest.mark.slow  # one up rank of the two-card game and of the bounds: about 25 s of CPU
def test_solve_switch_game_counts_the_sizes_the_bounds_leave_open(monkeypatch):
    """Three cards at 9 antes are proven never better, two at 1 (one card at 2) stay open: ``solve_switch_game``
    counts the game over one and two cards (the schedule cut at the largest open size, the same game:
    the cut size never wins) and its figures are the count's, exact; with ``count_up_to=1`` it
    samples instead, as before."""
    from caribbean_exact.play.switch_game import solve_switch_game
    from caribbean_exact.play.switching import SwitchFees
    from caribbean_exact.render.play.switching import counted_json, switch_game, switch_game_json

    calls = _counted_by_slice(monkeypatch)
    g = solve_switch_game("2,1,9", deals=5)
    c = g.counted
    assert calls == [(SwitchFees.parse("2,1"), None)] and c is not None and c.fees == SwitchFees.parse("2,1")
    assert g.proof is not None and g.proof.open_sizes == (2,) and g.proof.excluded == (3,)
    assert g.exact and g.exactness == "exact" and g.sample is None and g.half_width == 0
    assert (g.house_edge, g.expected_wager, g.element_of_risk) == (c.house_edge, c.expected_wager, c.element_of_risk)
    # two cards at 1 are worth something against an ace (the one-card game of that slice)
    assert c.by_size[2] > 0 and c.house_edge < _one_card(2, (12,)).house_edge
    doc = switch_game_json(g)
    assert doc["exact"] and doc["counted"] == counted_json(c) and doc["house_edge"] == str(c.house_edge)
    assert doc["best_switch_sizes"] == [*c.by_size[:3], 0]
    assert doc["counted"]["by_size"] == list(c.by_size[:3]) and sum(doc["counted"]["by_size"]) == c.situations
    assert [sum(x["switch"]) + x["stand_fold"] + x["stand_raise"] for x in doc["counted"]["by_category"]] \
        == [sum(x) for x in c.by_category]
    assert doc["counted"]["by_up_rank"] == [{"up_rank": "A", "stand_fold": c.by_up_rank[0][0],
                                             "stand_raise": c.by_up_rank[0][1], "switch": list(c.by_up_rank[0][2:4])}]
    assert c.by_up_rank[0][2:4] == c.by_size[1:3] and sum(c.by_up_rank[0][:2]) == c.by_size[0]
    text = switch_game(g, "text")
    assert "by the dealer's up card" in text and "\nA          9,396,240  " in text
    assert "switching 2 cards    " in text and "counted exactly" in text and "switching 3 cards    " in text
    assert f"house edge (exact)                      {float(c.house_edge):.4%}" in text
    sampled = solve_switch_game("2,1,9", deals=5, count_up_to=1)
    assert sampled.counted is None and sampled.exactness == "sampled" and len(calls) == 1


@pytest.mark.slow  # as above, through the command line
def test_the_command_counts_and_says_so(monkeypatch, capsys):
    from caribbean_exact.cli import main

    calls = _counted_by_slice(monkeypatch)
    assert main(["solve", "--switch-fees", "2,1,9", "--format", "json", "--quiet"]) == 0
    import json

    doc = json.loads(capsys.readouterr().out)
    assert doc["counted"]["fees"] == ["2", "1"] and doc["exact"] and doc["deals"] == 0 and len(calls) == 1
    assert doc["house_edge"] == doc["counted"]["house_edge"]
    assert main(["solve", "--switch-fees", "2,1,9", "--count-up-to", "0", "--deals", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "house edge (estimate)" in out and "counted exactly" not in out and len(calls) == 1
    for argv, words in ((["--count-up-to", "5"], "expected 0 to 4"), (["--sample", "--count-up-to", "2"], "exact game"),
                        (["--buy-fee", "1", "--scheduler", "tcp://x:1"], "--scheduler applies")):
        assert main(["solve", "--switch-fees", "1,1", *argv]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and words in err


@pytest.mark.slow  # the ace's slices of two proofs and of the two two-card games, counted together: about 40 s
def test_the_command_counts_a_schedule_beside_and_keeps_it(monkeypatch, capsys, tmp_path):
    """``solve --switch-fees 2,1,9 --count-beside 1,1 --keep-ranks DIR`` (on the ace's slice): the output is
    2,1,9's game (counted over one and two cards, 2,1); 1,1's game was counted in the same sweeps and kept, so
    its own solve with DIR reads it back without counting."""
    import json

    from caribbean_exact.cli import main
    from caribbean_exact.engine import switch
    from caribbean_exact.play import switch_exact
    from caribbean_exact.play import switch_game as sg
    from caribbean_exact.play.switching import switch_game

    for fees in ("2,1,9", "1,1"):
        rules, f = switch_game(fees, None)
        sg._proofs.seed((rules, f, False), prove_one_rank(f, rules, 12))
    together = switch_exact.solve_exact_switch_games
    monkeypatch.setattr(sg, "solve_exact_switch_games",
                        lambda fees, rules=None, **kw: together(fees, rules, **(kw | {"up_ranks": (12,)})))
    dirs = str(tmp_path)
    assert main(["solve", "--switch-fees", "2,1,9", "--count-beside", "1,1", "--keep-ranks", dirs, "--format",
                 "json", "--quiet"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["counted"]["fees"] == ["2", "1"] and first["exact"] and len(os.listdir(dirs)) == 2  # both kept
    kept = switch_exact._games.get((rules, f, False, (12,)))  # 1,1's game, counted beside
    switch_exact._games.clear()
    monkeypatch.setattr(switch, "_exact_rank", lambda *_args: pytest.fail("a kept rank was counted again"))
    assert main(["solve", "--switch-fees", "1,1", "--keep-ranks", dirs, "--format", "json", "--quiet"]) == 0
    second = json.loads(capsys.readouterr().out)
    assert second["counted"]["fees"] == ["1", "1"] and kept is not None
    assert second["house_edge"] == str(kept.house_edge) != first["house_edge"]


@pytest.mark.slow  # the ace's slices of the bounds and of the two-card count: about 40 s of CPU
def test_a_size_not_allowed_is_a_fee_no_hand_pays(monkeypatch, capsys):
    """Lunar Poker's exchange, two cards only here: "x,1", counted on the ace's slice with the core
    asked for two-card switches alone. Each probed hand's best, from the whole game's sweep, is the
    per-hand core's best under "x,1" and under a one-card fee no hand pays, "203,1" (the core's other
    ways: each discard set counted alone, every size asked and the fee deciding); no hand switches
    one card. ``solve`` counts the game and says which sizes are not allowed, in words and in JSON."""
    import json
    import random

    from caribbean_exact.cli import main
    from caribbean_exact.engine.switch import exact_switch_counts
    from caribbean_exact.model.cards import Card
    from caribbean_exact.play import switch_exact
    from caribbean_exact.play import switch_game as sg
    from caribbean_exact.play.switch_exact import ExactSwitchGame
    from caribbean_exact.play.switch_game import unreachable_fee
    from caribbean_exact.play.switching import SwitchFees, switch_ev

    rules, f = Rules(), SwitchFees.parse("x,1")
    fee = unreachable_fee(rules)
    assert fee == 203  # the royal flush's raise win, 201, plus 2
    rng = random.Random(31)
    probes = [(*rng.sample([c for c in range(52) if c != 48], 5), 48) for _ in range(12)]
    probes += [(49, 50, 51, 0, 5, 48), (44, 40, 36, 32, 2, 48)]  # trips of the up rank; four to a straight flush
    c = exact_switch_counts(rules, f.fees, up_ranks=(12,), probes=tuple(probes))
    for p, (best, mask) in zip(probes, c.probes, strict=True):
        hand, up = [Card(x) for x in p[:5]], Card(p[5])
        alone, priced = switch_ev(hand, up, f), switch_ev(hand, up, f"{fee},1")
        assert best == alone.best.ev == priced.best.ev and mask.bit_count() in (0, 2), p
        assert tuple(x for i, x in enumerate(hand) if mask >> i & 1) == alone.best.discard
    two = ExactSwitchGame(rules, f, c.deals, c.by_category, (12,), c.by_up_rank)
    assert two.return_per_ante * two.situations == c.value  # the deals and the best values agree
    assert two.by_size[1] == 0 and two.by_size[2] > 0 and {p for p, _ in two.return_rows} == {"stand", "switch 2"}
    # the command: the one-card game at the unreachable fee (the plain game), the bounds and the count
    # seeded from the ace's slices (fees and a fee no other test asks for)
    switch_exact._games.seed((rules, f, False, (12,)), two)
    sg._one_card_games.seed((rules, Fraction(fee), False), _one_card(fee, (12,)))
    calls = _counted_by_slice(monkeypatch, "x,1")
    assert main(["solve", "--switch-fees", "x,1", "--format", "json", "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert calls == [(f, None)] and doc["exact"]
    assert doc["switch_fees"] == [None, "1"] and doc["counted"]["fees"] == [None, "1"]
    assert doc["rules"]["draw"]["switch_fees"] == [None, "1"] and doc["house_edge"] == str(two.house_edge)
    assert doc["one_card_game"] is None  # one card not allowed: no one-card game (it is the plain game)
    assert main(["solve", "--switch-fees", "x,1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "fees in antes x,1 for 1 to 2 cards (x: not allowed; 2 only)" in out
    assert "house edge, without switching (one card is not allowed)" in out


def test_counts_whose_passes_disagree_are_refused():
    """``exact_game_from`` (the one build of an exact game, optimal or given choices) checks the
    core's two passes against each other and that every situation is counted once: counts changed by
    one unit of value, or a rank's situations dropped, raise ``CoreError``."""
    import dataclasses

    from caribbean_exact.engine.switch import exact_switch_counts
    from caribbean_exact.errors import CoreError
    from caribbean_exact.play.switch_exact import exact_game_from
    from caribbean_exact.play.switching import SwitchFees

    rules, fees = Rules(), SwitchFees.parse("1")
    c = exact_switch_counts(rules, fees.fees, up_ranks=(12,))
    g = exact_game_from(rules, fees, c, (12,))
    assert g.return_per_ante * g.situations == c.value
    with pytest.raises(CoreError, match="the deals give"):
        exact_game_from(rules, fees, dataclasses.replace(c, value=c.value + Fraction(1, c.weight)), (12,))
    short = dataclasses.replace(c, by_up_rank=((c.by_up_rank[0][0] - 1, *c.by_up_rank[0][1:]),))
    with pytest.raises(CoreError, match="situations counted"):
        exact_game_from(rules, fees, short, (12,))
    with pytest.raises(CoreError, match="lines' game 1: the deals give"):
        exact_game_from(rules, fees, dataclasses.replace(c, value=-c.value), (12,), what="the switch lines' game")
