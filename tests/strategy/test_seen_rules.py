"""What decides the one-seen-card chart's mixed cells (seen_rules): every stated rule checked against
the exact decisions of ``ev(..., dealer=seen)``, and the decision table against the core's chart."""

from __future__ import annotations

import json
import random
import re

import numpy as np
import pytest

import caribbean_exact as ce
from caribbean_exact.cli.main import main
from caribbean_exact.engine import _ffi
from caribbean_exact.model.cards import RANKS
from caribbean_exact.model.hands import patterns, value_ranks
from caribbean_exact.play.known_cards import solve_seen_card
from caribbean_exact.render.play import known_cards as render_known
from caribbean_exact.strategy import seen_chart as seen_rules
from caribbean_exact.strategy.seen_chart import seen_card_strategy

# csan only for the check of every rule against ev(dealer=seen) (the rest is Python over the core's tables)

DECK = [r + s for r in RANKS for s in "cdhs"]


@pytest.fixture(scope="module")
def standard():
    return seen_card_strategy()


def _class(value: int) -> int:
    cat = _ffi.value_category(value)
    g = value_ranks(value)
    return cat + 1 if cat else int(g[0] == 12 and g[1] == 11)


def _check_deals(sr, rules, n, seed):
    """n random deals that fall in mixed cells: the rule's decision equals ev's (ties: either)."""
    rnd = random.Random(seed)
    checked = suited = undecided = 0
    while checked < n:
        cards = rnd.sample(DECK, 7)
        hand, up, seen = cards[:5], cards[5], cards[6]
        value, _ = _ffi.evaluate5([ce.Card(c).index for c in hand])
        a, b = RANKS.index(up[0]), RANKS.index(seen[0])
        cell = sr.cell(_class(value), a, b)
        if cell is None:
            continue
        low, high = min(a, b), max(a, b)
        ranks = [c[0] for c in hand]
        in_suit = sum(c[1] == up[1] for c in hand) if up[1] == seen[1] else None
        group = cell.group(ranks.count(RANKS[low]), ranks.count(RANKS[high]), in_suit)
        assert group is not None, (hand, up, seen)
        said = group.decides(value)
        if said is None:  # it depends on which of the hand's cards are of the dealer's suit
            assert in_suit is not None and value in group.by_suits
            undecided += 1
            said = group.decides(value, [RANKS.index(c[0]) for c in hand if c[1] == up[1]])
        d = ce.ev(" ".join(hand), up, dealer=seen, rules=rules)
        checked += 1
        suited += in_suit is not None
        if d.ev_raise != d.ev_fold:
            assert d.decision == said, (hand, up, seen, group)
        else:
            assert d.decision == "either"
    return checked, suited, undecided


@pytest.mark.csan
def test_every_rule_gives_the_exact_decision_standard(standard):
    checked, suited, by_suits = _check_deals(standard, ce.Rules(), 6000, 11)
    assert checked == 6000 and suited > 600
    assert by_suits < 20  # the hands decided by which of their cards share the dealer's suit are few


@pytest.mark.parametrize("paytable,qualifier,seed", [("standard", "pair", 3), ("royal-250", "AQ", 4),
                                                      pytest.param("1000,200,50,10,7,5,3,2,1,1", "pair of 8s", 5,
                                                                   marks=pytest.mark.slow)])  # seconds: a custom table
def test_every_rule_gives_the_exact_decision_other_rules(paytable, qualifier, seed):
    rules = ce.Rules.make(paytable, qualifier)
    sr = seen_card_strategy(rules)
    assert sr.cells
    checked, _, _ = _check_deals(sr, rules, 1500, seed)
    assert checked == 1500


def _weights_of_values():
    """Per hand value: its hands not all of one suit (or its 4 flushes), the (hand, suit) pairs by
    the set of its distinct ranks in that suit, and each rank's bit in that set (an independent
    reading of cs_solve_seen_k1's classes)."""
    nv = _ffi.NUM_VALUES
    hands = np.zeros(nv, dtype=np.int64)
    cnt = np.zeros((nv, 32), dtype=np.int64)
    bits = np.zeros((nv, 13), dtype=np.int64)
    mult = np.zeros((nv, 13), dtype=np.int64)
    for p in patterns():
        ranks = list(p.ranks)
        distinct = sorted(set(ranks))
        for v, flush in ((p.value, False), (p.flush_value, True)):
            if v is None:
                continue
            for i, r in enumerate(distinct):
                bits[v, r] = 1 << i
                mult[v, r] = ranks.count(r)
            # count by enumerating suit assignments: for each rank choose which suits the hand holds
            import itertools
            per_rank = [list(itertools.combinations("cdhs", ranks.count(r))) for r in distinct]
            for choice in itertools.product(*per_rank):
                suits = [s for group in choice for s in group]
                is_flush = len(set(suits)) == 1
                if is_flush != flush:
                    continue
                hands[v] += 1
                for s in "cdhs":
                    m = sum(1 << i for i, group in enumerate(choice) if s in group)
                    cnt[v, m] += 1
    return hands, cnt, bits, mult


@pytest.mark.slow  # enumerates the suit sets of every hand value in Python
def test_the_decision_table_rebuilds_the_core_chart():
    """Each decided class of situations weighted by its situations, summed per chart cell, equals the
    chart cs_solve_seen_k1 counts: the table's lanes, suit sets and weights read as the core means."""
    rules = ce.Rules()
    _, _, raw = _ffi.solve_seen_k1(rules.qualifier.value, rules.nets().scaled(), 0, 2, chart=False)
    assert raw is not None
    table = np.frombuffer(raw, dtype=np.uint8).reshape(_ffi.NUM_VALUES, _ffi.SEEN_DECISION_LANES).astype(np.int64)
    chart = solve_seen_card(rules).chart
    hands, cnt, bits, mult = _weights_of_values()
    assert (seen_rules._suit_set_weights() == cnt).all()  # the library's closed form, by enumeration
    classes = np.array([_class(v) for v in range(_ffi.NUM_VALUES)])
    masks = np.arange(32)
    for b in range(13):
        for a in range(b + 1):
            avail_a, avail_b = 4 - mult[:, a], 4 - mult[:, b]
            if a == b:
                w_off = hands * avail_a * (avail_a - 1) // 2
            else:
                free = (masks[None, :] & (bits[:, a] | bits[:, b])[:, None]) == 0
                w_off = hands * avail_a * avail_b - (cnt * free).sum(axis=1)
            off = table[:, b * (b + 1) // 2 + a]
            assert ((off == 255) == (w_off == 0)).all()
            r_off = np.where(off == 1, w_off, 0)
            t_off = np.where(off != 255, w_off, 0)
            r_s = t_s = np.zeros(_ffi.NUM_VALUES, dtype=np.int64)
            if a < b:
                lanes = table[:, 91 + masks * 78 + b * (b - 1) // 2 + a]
                r_s = np.where(lanes == 1, cnt, 0).sum(axis=1)
                t_s = np.where(lanes != 255, cnt, 0).sum(axis=1)
            for cls in range(11):
                sel = classes == cls
                r = int(r_off[sel].sum() + r_s[sel].sum())
                t = int(t_off[sel].sum() + t_s[sel].sum())
                if a == b:  # the chart counts situations with up and seen card ordered: both orders here
                    r, t = 2 * r, 2 * t
                assert chart.cell(cls, a, b) == (r, t) == chart.cell(cls, b, a), (cls, a, b)


def test_the_standard_rules_read_as_expected(standard):
    """Facts of the standard game read from the rules (each checked by ev in the tests above)."""
    # high card below A-K, a 3 and a 2 seen: raise exactly with a 3 or a 2
    c = standard.cell(0, 1, 0)
    groups = {(g.low_count, g.high_count): (g.prefix, g.raise_from) for g in c.off_suit}
    assert groups[(0, 0)] == (None, None) and all(p == () for k, (p, _) in groups.items() if k != (0, 0))
    assert c.suited is None and c.suited_share[0] == c.suited_share[1] > 0
    # A-K high, a 7 and a 5: without a 7 or a 5, AK864 or better
    g = standard.cell(1, 5, 3).group(0, 0)
    assert g.prefix == (12, 11, 6, 4, 2) and not g.raise_also and not g.fold_also
    # the four off-suit exceptions of the whole chart
    exceptions = sorted((k, "".join(RANKS[r] for r in value_ranks(v))) for k, cell in standard.cells.items()
                        for g in cell.off_suit for v in g.raise_also + g.fold_also)
    assert [e[1] for e in exceptions] == ["AK863", "AK874", "AKT32", "AKT32"]
    # a dealer pair of aces: only aces raise, from AAJ6
    g = standard.cell(2, 12, 12).group(2, 2)
    assert "".join(RANKS[r] for r in g.prefix) == "AAJ6"
    assert standard.cell(0, 12, 11) is None  # not mixed: always fold


def test_rules_and_arguments_are_checked(standard):
    with pytest.raises(ce.InvalidCards):
        standard.cell(11, 0, 0)
    with pytest.raises(ce.InvalidCards):
        standard.cell(0, 13, 0)
    with pytest.raises(ce.InvalidRules):
        seen_card_strategy(threads=0)


def test_the_printed_chart_resolves_every_mixed_cell(capsys):
    assert main(["solve", "--known-dealer-cards", "1", "--table", "chart"]) == 0
    out = capsys.readouterr().out
    assert "%" not in out.split("When the up card")[0]  # no share left in the grids
    assert "Q             M    M" in out  # high card below A-K: Q and a lower card seen
    assert "- #1 A-K high, 8-7: with no 8 or 7: AK964 or better; not AKT32; otherwise: raise" in out
    assert "A-K high             7-5       no 7 or 5        Q43*" in out
    # every grid mark is a code, and every #n has its note
    notes = {int(line.split()[1][1:]) for line in out.splitlines() if line.startswith("- #")}
    marks = [m for line in out.splitlines() if not line.startswith("- #")
             for m in line.split() if re.fullmatch(r"#\d+(\+S)?", m)]
    assert {int(m.removesuffix("+S")[1:]) for m in marks} == notes == set(range(1, len(notes) + 1))


def test_the_json_carries_the_chart_and_its_rules(capsys):
    assert main(["solve", "--known-dealer-cards", "1", "--format", "json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    # "rules" is the game's rules, as in every JSON output; the cells' rules are "cell_rules"
    assert obj["rules"]["raise_antes"] == 2 and obj["rules"]["qualifier"] == "AK"
    assert obj["rules"] == ce.as_dict(ce.Rules())
    assert list(obj)[-2:] == ["chart", "cell_rules"] and obj["known_dealer_cards"] == 1
    cells = {(c["class"], c["up"], c["seen"]): c for c in obj["chart"]}
    assert cells[("high card below A-K", "3", "2")]["rule"] == "M"
    assert cells[("pair", "A", "K")]["rule"] == "R"
    assert cells[("A-K high", "8", "7")]["rule"] == cells[("A-K high", "7", "8")]["rule"] == "rules"
    assert cells[("A-K high", "8", "7")]["suited_differs"] is True
    assert cells[("A-K high", "T", "2")]["rule"] == "J/R" and cells[("A-K high", "T", "2")]["suited_differs"] is False
    rules = {(r["class"], r["low"], r["high"]): r for r in obj["cell_rules"]}
    r = rules[("A-K high", "5", "7")]
    assert r["off_suit"][0] == {"low_count": 0, "high_count": 0, "in_suit": None, "raise_from": "AK864",
                                "prefix": "AK864", "raise_also": [], "fold_also": [], "by_suits": []}
    assert r["suited_total"] > r["suited_decided"] > 0
    listed = [h for rule in obj["cell_rules"] for g in rule["suited"] or () for h in g["by_suits"]]
    assert listed and all(set(h) == {"hand", "raise_with"} for h in listed)
    assert all(len(q) == g["in_suit"] for rule in obj["cell_rules"] for g in rule["suited"] or ()
               for h in g["by_suits"] for q in h["raise_with"])
    # one rule per mixed cell, the up and seen ranks in either order
    mixed = {(c["class"], *sorted((RANKS.index(c["up"]), RANKS.index(c["seen"])))) for c in obj["chart"]
             if c["decision"] == "M"}
    assert {(r["class"], RANKS.index(r["low"]), RANKS.index(r["high"])) for r in obj["cell_rules"]} == mixed


def test_the_chart_json_has_the_game_rules_and_the_cell_rules(capsys):
    """--table chart --format json: "rules" the game's (here --raise 3), "chart", "cell_rules" (before,
    k = 1 put the cell rules under "rules"); the cell rules are those of the library's strategy for
    those rules, one per mixed cell of the chart: with a raise of 3 antes the pairs are the mixed class."""
    from collections import Counter

    assert main(["solve", "--known-dealer-cards", "1", "--table", "chart", "--format", "json", "--raise", "3"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert list(obj) == ["schema", "rules", "chart", "cell_rules"]
    assert obj["rules"]["raise_antes"] == 3 and obj["rules"] == ce.as_dict(ce.Rules(raise_antes=3))
    assert obj["cell_rules"] == ce.as_dict(seen_card_strategy(ce.Rules(raise_antes=3)))
    assert Counter(r["class"] for r in obj["cell_rules"]) == {"pair": 78, "A-K high": 64}
    mixed = {(c["class"], *sorted((RANKS.index(c["up"]), RANKS.index(c["seen"])))) for c in obj["chart"]
             if c["decision"] == "M"}
    assert {(r["class"], RANKS.index(r["low"]), RANKS.index(r["high"])) for r in obj["cell_rules"]} == mixed
    cell = next(r for r in obj["cell_rules"] if (r["class"], r["low"], r["high"]) == ("pair", "3", "A"))
    assert cell["off_suit"][1] == {"low_count": 0, "high_count": 1, "in_suit": None, "raise_from": "22A54",
                                   "prefix": "", "raise_also": [], "fold_also": [], "by_suits": []}
    assert len(cell["off_suit"][0]["fold_also"]) == 36 and cell["suited_decided"] == cell["suited_total"] > 0


def test_the_other_json_tables_are_the_report(capsys):
    """--table figures/outcomes/dealer --format json: the report's JSON, its "rules" the game's."""
    assert main(["solve", "--known-dealer-cards", "1", "--table", "figures", "--format", "json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["rules"]["raise_antes"] == 2 and "chart" not in obj and "cell_rules" not in obj
    assert obj["house_edge"] == str(solve_seen_card().report.house_edge)


def test_csv_has_a_rule_per_cell(capsys):
    assert main(["solve", "--known-dealer-cards", "1", "--table", "chart", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "class,high,low,raise,total,rule"
    ch = solve_seen_card().chart
    (r1, t1), (r2, t2) = ch.cell(0, 1, 0), ch.cell(0, 0, 1)
    assert f"high card below A-K,3,2,{r1 + r2},{t1 + t2},M" in lines
    assert len(lines) == 1 + 3 * 91  # three mixed classes, every pair of dealer ranks


def test_without_rules_the_chart_shows_shares():
    ch = solve_seen_card().chart
    text = render_known.seen_chart(ch, "simple")
    assert "%" in text and "NN% cells" in text


def test_hands_decided_by_their_suited_cards_raise_with_exactly_the_sets_listed(standard):
    """Each hand whose decision depends on which of its cards share the dealer cards' suit: every
    set of its ranks in that suit (of the rule's count) played through ev, against ``suit_sets``."""
    import itertools

    cases = [(cell, g) for cell in standard.cells.values() for g in cell.suited or () if g.by_suits]
    assert len(cases) > 20
    rnd = random.Random(2)
    for cell, g in rnd.sample(cases, 8):
        v = g.by_suits[0]
        ranks = value_ranks(v)
        up, seen = RANKS[cell.low] + "h", RANKS[cell.high] + "h"
        raise_with = g.suit_sets[0]
        tried = 0
        for chosen in itertools.combinations(sorted(set(ranks), reverse=True), g.in_suit):
            if cell.low in chosen or cell.high in chosen:
                continue  # the up and seen cards are that suit's cards of those ranks
            hand, used = [], {up, seen}
            for r in ranks:
                suit = "h" if r in chosen and RANKS[r] + "h" not in used else next(
                    s for s in "cds" if RANKS[r] + s not in used)
                hand.append(RANKS[r] + suit)
                used.add(hand[-1])
            if sum(c[1] == "h" for c in hand) != g.in_suit or len({c[1] for c in hand}) == 1:
                continue
            d = ce.ev(" ".join(hand), up, dealer=seen)
            expected = "raise" if tuple(chosen) in raise_with else "fold"
            assert g.decides(v, list(chosen)) == expected
            assert d.decision in (expected, "either"), (hand, up, seen, raise_with)
            tried += 1
        assert tried >= 2


def _random_rules(rng: random.Random) -> ce.Rules:
    pays = sorted((rng.randint(1, 300) for _ in range(8)), reverse=True)
    table = ce.Paytable.from_numbers([*pays, rng.choice([1, 2]), 1], name=f"random {rng.randint(0, 999)}")
    return ce.Rules.make(table, rng.choice(["AK", "pair", "AQ", "44", "KQJ", "none"]))


@pytest.mark.slow  # solves four random rule sets and lays out their charts
def test_property_random_pay_tables_and_qualifiers():
    """For random rules: the seen-card rules give ev's decision on random deals, and the printed
    chart puts every row of the up-card chart on a page exactly once."""
    pytest.importorskip("matplotlib")
    from caribbean_exact.render.strategy import chart as render_strategy

    rng = random.Random(20261201)
    for n in range(4):
        rules = _random_rules(rng)
        sr = seen_card_strategy(rules)
        if sr.cells:
            checked, _, _ = _check_deals(sr, rules, 300, n)
            assert checked == 300
        ch = ce.build_chart(rules)
        if not ch.rows:
            continue
        lay = render_strategy.plot_layout(ch)
        spans = sorted(p for page in lay.pages for p in page.panels)
        covered = [i for a, b in spans for i in range(a, b)]
        assert covered == list(range(len(ch.rows))), rules
