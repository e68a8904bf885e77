"""What decides the mixed cells of the charts with two and three dealer hole cards seen
(seen_set_chart): every stated rule checked against the exact decision of ``ev(..., dealer=seen)`` on
random deals, and the raise weights the rules give, summed per cell, against the core's chart."""

from __future__ import annotations

import random

import numpy as np
import pytest

import caribbean_exact as ce
from caribbean_exact.engine import _ffi, layout
from caribbean_exact.engine.seen import seen_pass
from caribbean_exact.errors import InvalidCards, InvalidRules
from caribbean_exact.model.cards import RANKS
from caribbean_exact.model.hands import value_ranks
from caribbean_exact.play.known_cards import solve_seen_cards
from caribbean_exact.render.play import known_cards as render_known
from caribbean_exact.strategy import seen_set_chart as ssc
from caribbean_exact.strategy.seen_set_chart import seen_set_strategy, value_of

EXACT_TWO, EXACT_THREE = 389, 1855  # the mixed cells without situations of equal EVs
DECK = [r + s for r in RANKS for s in "cdhs"]


@pytest.fixture(scope="module")
def two():
    return seen_set_strategy(2)


def _class(value: int) -> int:
    cat = _ffi.value_category(value)
    g = value_ranks(value)
    return cat + 1 if cat else int(g[0] == 12 and g[1] == 11)


def _check_deals(sr, rules, n, seed):
    """n random deals that fall in mixed cells: the rule's decision equals ev's (ties: either)."""
    rnd = random.Random(seed)
    checked = suited = 0
    while checked < n:
        cards = rnd.sample(DECK, 6 + sr.k)
        hand, up, seen = cards[:5], cards[5], cards[6:]
        value, _ = _ffi.evaluate5([ce.Card(c).index for c in hand])
        known = [up, *seen]
        cell = sr.cell(_class(value), [RANKS.index(c[0]) for c in known])
        if cell is None:
            continue
        one_suit = len({c[1] for c in known}) == 1
        in_suit = [RANKS.index(c[0]) for c in hand if c[1] == up[1]] if one_suit else None
        said = cell.decides(value, [RANKS.index(c[0]) for c in hand], in_suit)
        assert said is not None, (hand, known)
        d = ce.ev(" ".join(hand), up, dealer=" ".join(seen), rules=rules)
        checked += 1
        suited += one_suit
        if d.ev_raise != d.ev_fold:
            assert d.decision == said, (hand, known, cell)
        else:
            assert d.decision == "either"
    return checked, suited


@pytest.mark.csan
def test_every_rule_gives_the_exact_decision_two_seen(two):
    checked, _ = _check_deals(two, ce.Rules(), 300, 21)
    assert checked == 300


@pytest.mark.slow
@pytest.mark.csan
@pytest.mark.parametrize("k,n,seed", [(2, 5000, 22), (3, 5000, 23)])
def test_every_rule_gives_the_exact_decision_many_deals(k, n, seed):
    sr = seen_set_strategy(k)
    checked, suited = _check_deals(sr, ce.Rules(), n, seed)
    assert checked == n and suited > 0


@pytest.mark.slow
@pytest.mark.parametrize("paytable,qualifier,seed", [("royal-250", "AQ", 4), ("standard", "pair", 5)])
def test_every_rule_gives_the_exact_decision_other_rules(paytable, qualifier, seed):
    rules = ce.Rules.make(paytable, qualifier)
    for k in (2, 3):
        sr = seen_set_strategy(k, rules)
        checked, _ = _check_deals(sr, rules, 800, seed + k)
        assert checked == 800


def _group_raises(g, vs, names=None):
    """Which hands of values ``vs`` a group's rule raises (vectorised ``decides``); ``names``: for
    each, its ranks in the dealer's suit (for the hands of ``by_suits``)."""
    out = vs >= g.raise_from if g.raise_from is not None else np.zeros(len(vs), dtype=bool)
    out |= np.isin(vs, g.raise_also)
    out &= ~np.isin(vs, g.fold_also)
    for i in np.nonzero(np.isin(vs, g.by_suits))[0].tolist():
        out[i] = g.decides(int(vs[i]), names[i]) == "raise"
    return out


def _rebuilt(sr, rules, tied=None):
    """Per mixed cell, the weight of the situations the rules raise (each group's hands, each suit
    set; the weights in closed form) against the core's chart. Situations of equal EVs may go either
    way: the rules' weight lies between the chart counting them as folds and ``tied`` (counting them
    as raises); without ``tied``, the cells holding such situations (read from the decision table)
    are only bounded below. Returns (cells, cells checked for equality)."""
    k = sr.k
    chart = solve_seen_cards(k, rules).chart
    kept = seen_pass(k, rules, 0, 2, decisions=True)
    lanes = layout.seen_set_lanes(k)
    off_all = np.frombuffer(kept.decisions, dtype=np.uint8).reshape(_ffi.NUM_VALUES, lanes)
    words = np.frombuffer(kept.suited, dtype=np.uint64).reshape(_ffi.NUM_VALUES, -1)
    classes = np.array([_class(v) for v in range(_ffi.NUM_VALUES)])
    _, _, mult, _ = ssc._values()
    pop = np.array([m.bit_count() for m in range(32)])
    exact = 0
    for (cls, ranks), cell in sorted(sr.cells.items()):
        vs = np.nonzero(classes == cls)[0]
        lane = layout.seen_set_cell(k, 0, ranks)
        w_off, w_suit = ssc.situation_weights(k, list(ranks), vs)
        cols = mult[vs][:, list(cell.distinct)]
        code = cols @ (5 ** np.arange(cols.shape[1]))
        raised = 0
        for g in cell.off_suit:
            m = code == sum(c * 5 ** i for i, c in enumerate(g.counts))
            raised += int(w_off[m][_group_raises(g, vs[m])].sum())
        for g in (() if w_suit is None else cell.suited if cell.suited is not None else cell.off_suit):
            m = code == sum(c * 5 ** i for i, c in enumerate(g.counts))
            qs = np.nonzero(pop == g.in_suit)[0] if g.in_suit is not None else np.arange(32)
            if not g.by_suits:  # the suit sets do not matter: the hands' weights summed over them
                raised += int(w_suit[m][:, qs].sum(axis=1)[_group_raises(g, vs[m])].sum())
                continue
            for q in qs.tolist():
                names = [ssc._set_ranks(int(v))[q] for v in vs[m]]
                raised += int(w_suit[m, q][_group_raises(g, vs[m], names)].sum())
        total = int(w_off.sum() + (0 if w_suit is None else w_suit.sum()))
        at = cls * lanes + lane
        assert chart.total_weight[at] == total, (cls, ranks)
        assert chart.raise_weight[at] <= raised, (cls, ranks)
        if tied is not None:
            assert raised <= tied.raise_weight[at], (cls, ranks)
        has_ties = (off_all[vs, lane] == 2).any() or (
            w_suit is not None and (words[vs, ssc.suited_index(k)[lane]] >> np.uint64(32)).any())
        if not has_ties:
            assert chart.raise_weight[at] == raised, (cls, ranks)
            exact += 1
    return len(sr.cells), exact


def test_the_rules_rebuild_the_chart_two_seen(two):
    """Every mixed cell of k = 2: the weights of the situations the rules raise, summed, equal the
    core's chart (cs_solve_seen), and the closed-form weights its totals."""
    cells, exact = _rebuilt(two, ce.Rules())
    assert cells == len(two.cells) == 442 and exact == EXACT_TWO


@pytest.mark.slow
def test_the_rules_rebuild_the_chart_with_ties_counted_either_way(two):
    cells, exact = _rebuilt(two, ce.Rules(), solve_seen_cards(2, raise_on_tie=True).chart)
    assert cells == 442 and exact == EXACT_TWO


@pytest.mark.slow
def test_the_rules_rebuild_the_chart_three_seen():
    sr = seen_set_strategy(3)
    cells, exact = _rebuilt(sr, ce.Rules(), solve_seen_cards(3, raise_on_tie=True).chart)
    assert cells == 1867 and exact == EXACT_THREE


def test_the_standard_rules_read_as_expected(two):
    # high card below A-K against A-Q-5 (no pair, not A-K): the dealer's odds to qualify fall with
    # each of the player's cards of the dealer's ranks
    c = two.cell(0, (3, 10, 12))
    assert c is not None and c.group((0, 0, 0)).decides(value_of("KJT86")) == "fold"
    assert c.group((0, 1, 0)).raise_from is not None
    # a dealer pair of aces: two pair or better always raises, so it is not a pair cell
    assert two.cell(3, (12, 12, 0)) is None
    # the cells are the multiset of known ranks, in any order
    assert two.cell(2, (0, 12, 12)) is two.cell(2, (12, 0, 12))


def test_arguments_are_checked(two):
    for bad in [(11, (1, 2, 3)), (0, (1, 2)), (0, (1, 2, 13)), (0, (1, 2, True)), (-1, (1, 2, 3))]:
        with pytest.raises(InvalidCards):
            two.cell(*bad)
    for k in (0, 1, 4, True):
        with pytest.raises(InvalidRules):
            seen_set_strategy(k)
    with pytest.raises(InvalidCards):
        value_of("AK8")


def test_the_chart_prints_rules_not_shares(two):
    """The k = 2 chart resolved: no "% of situations" left; every note's cell, and the JSON rules
    give the code or words of every mixed cell, each group with its counts."""
    ch = solve_seen_cards(2).chart
    text = render_known.seen_set_chart(ch, "github", two)
    assert "%" not in text.split("Notes")[0] and "#1 high card below A-K, A-Q-x:" in text
    assert "  - any other x: with no Q or x: fold; with one Q or one x: K or better; otherwise: raise (+S)" in text
    rows = render_known.seen_set_chart_json(ch, two)
    mixed = [r for r in rows if r["decision"] == "M"]
    assert len(rows) == sum(len(ch.cells(c)) for c in range(11)) and all("rule" in r for r in rows)
    assert all(r["rule"] not in ("R", "F") or r["suited_differs"] for r in mixed)  # else: one suit decides
    cells = render_known.seen_set_rules_json(two)
    assert len(cells) == 442
    aq5 = next(c for c in cells if c["class"] == "high card below A-K" and c["known"] == "AQ5")
    assert aq5["distinct"] == "5QA" and aq5["words"].startswith("with no Q or 5: fold")
    group = next(g for g in aq5["off_suit"] if g["counts"] == [1, 0, 0])   # one 5, no Q, no A
    assert group["prefix"] == "K" and group["in_suit"] is None


def test_the_chart_json_has_the_game_rules_and_the_cell_rules(two):
    """The chart's JSON (``solve --known-dealer-cards 2 --table chart --format json``): "rules", the
    game's rules as in every JSON output, "chart" and "cell_rules"; it printed the text grids before."""
    import json

    ch = solve_seen_cards(2).chart
    obj = json.loads(render_known.seen_set_chart(ch, "json", two))
    assert list(obj) == ["rules", "chart", "cell_rules"]
    assert obj["rules"]["raise_antes"] == 2 and obj["rules"] == ce.as_dict(two.rules)
    assert obj["chart"] == render_known.seen_set_chart_json(ch, two)
    assert len(obj["cell_rules"]) == 442
    aq5 = next(c for c in obj["cell_rules"] if c["class"] == "high card below A-K" and c["known"] == "AQ5")
    assert aq5["words"].startswith("with no Q or 5: fold")


@pytest.mark.slow
@pytest.mark.parametrize(("k", "extra", "raise_antes", "cells"), [
    (2, [], 2, 442), (2, ["--raise", "3", "--table", "chart"], 3, None)])
def test_the_json_rules_are_the_game_rules_for_any_raise(capsys, k, extra, raise_antes, cells):
    """solve --known-dealer-cards 2, 3 --format json (the report or --table chart): "rules" the
    game's, with its raise; "cell_rules" one per mixed cell of "chart", each with its groups."""
    import json

    from caribbean_exact.cli import main

    assert main(["solve", "--known-dealer-cards", str(k), "--format", "json", *extra]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["rules"]["raise_antes"] == raise_antes and obj["rules"]["qualifier"] == "AK"
    assert ("known_dealer_cards" in obj) == ("--table" not in extra) and list(obj)[-2:] == ["chart", "cell_rules"]
    mixed = {(c["class"], c["known"]) for c in obj["chart"] if c["decision"] == "M"}
    assert {(c["class"], c["known"]) for c in obj["cell_rules"]} == mixed and mixed
    assert all(c["off_suit"] and all(len(g["counts"]) == len(c["distinct"]) for g in c["off_suit"])
               for c in obj["cell_rules"])
    assert cells is None or len(obj["cell_rules"]) == cells


@pytest.mark.slow
def test_the_json_report_keeps_its_fields_and_adds_the_chart_and_cell_rules(capsys):
    import json

    from caribbean_exact.cli import main

    assert main(["solve", "--known-dealer-cards", "3", "--format", "json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["rules"]["qualifier"] == "AK" and obj["known_dealer_cards"] == 3   # the game's rules, as before
    assert obj["rules"]["raise_antes"] == 2
    assert len(obj["cell_rules"]) == 1867 and obj["chart"][0]["known"] == "2222"
