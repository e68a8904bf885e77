"""Leaks, exact (cs_solve_leak): one dealer hole card's class seen, the burn card seen (alone, or with one
dealer hole card seen).

Every count is checked two other ways: single situations against enumerations of the dealer's
completions (the C single-situation core, cs_deal, and a plain-Python enumeration, tests/reference.py),
and whole games against games already trusted (the plain game, the one-seen-card game).
"""

import json
import random
from fractions import Fraction

import pytest
from reference import AK_KEY, ref_deal, ref_key

from caribbean_exact.cli import main
from caribbean_exact.engine import _ffi
from caribbean_exact.engine.seen import solve_leak
from caribbean_exact.errors import InvalidCards, InvalidRules
from caribbean_exact.model.rules import Rules
from caribbean_exact.play import known_cards
from caribbean_exact.play.game import solve
from caribbean_exact.play.information import Information
from caribbean_exact.play.known_cards import (
    BURN_COMPLETIONS,
    seen_class,
    seen_class_counts,
    solve_burn_card,
    solve_seen_card,
    solve_seen_class,
)

pytestmark = pytest.mark.csan

AK = 1113
STANDARD = Rules()
PAIR = Rules.make(qualifier="pair")


def _blocks(info: Information) -> list[int]:
    block = [0] * 13
    for b, ranks in enumerate(info.blocks):
        for r in ranks:
            block[r] = b
    return block


def _suit_part(info: Information, suit: int) -> int:
    if info.suit_split == "suit":
        return suit
    if info.suit_split == "colour":
        return 0 if suit in (0, 3) else 1  # clubs and spades black, diamonds and hearts red
    return 0


def block_of(info: Information, card: int) -> list[int]:
    """Every card of the class of ``card``: its rank block and its suit, colour or any suit."""
    block = _blocks(info)
    return [c for c in range(52) if block[c // 4] == block[card // 4]
            and _suit_part(info, c % 4) == _suit_part(info, card % 4)]


def class_reference(info: Information, probe: list[int], qualifier: int, deal=None) -> tuple[int, ...]:
    """The counts of (hand, up, the class of probe[6]): every card of the class not in the hand nor
    the up card seen in turn, each situation enumerated (cs_deal, or ``deal``)."""
    hand, up = probe[:5], probe[5]
    out = [0, 0, 0, 0]
    for c in block_of(info, probe[6]):
        if c in hand or c == up:
            continue
        if deal is None:
            d = _ffi.deal(hand, up, (), [c], qualifier)
            got = (d.not_qualify, d.win, d.tie, d.lose)
        else:
            got = deal(hand, up, c)
        out = [a + b for a, b in zip(out, got, strict=True)]
    return tuple(out)


def _random_probes(rng: random.Random, n: int) -> list[list[int]]:
    probes = [rng.sample(range(52), 7) for _ in range(n)]
    # flushes, pairs, the up and seen cards of one suit and rank, a seen card of the up card's suit
    return [*probes, [48, 44, 40, 36, 32, 1, 5], [0, 4, 8, 12, 17, 2, 6], [0, 1, 4, 5, 8, 2, 3],
            [51, 47, 43, 39, 35, 0, 4], [36, 37, 38, 20, 21, 39, 44], [8, 13, 18, 23, 30, 42, 46]]


@pytest.mark.parametrize(("spec", "rules"), [("2-7,8-T,colour", STANDARD),
                                             pytest.param("JQK,suit", PAIR, marks=pytest.mark.slow)])
def test_seen_class_counts_equal_the_single_situation_core(spec, rules):
    info = seen_class(spec)
    rng = random.Random(spec)
    probes = _random_probes(rng, 40)
    _, _, counts = solve_leak(_blocks(info), info.suit_split, rules, 0, 2, probes=probes)
    for pr, got in zip(probes, counts, strict=True):
        assert got == class_reference(info, pr, rules.qualifier.value), (spec, pr)
        n = sum(1 for c in block_of(info, pr[6]) if c not in pr[:6])
        assert sum(got) == n * 14_190


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["picture", "A", "2-7", "colour", "suit", "card", "rank", "2-7,8-T,J-A,suit",
                                  "A,K,Q,J,T,colour"])
@pytest.mark.parametrize("qualifier", [AK, 0, 3000])
def test_seen_class_counts_equal_the_single_situation_core_everywhere(spec, qualifier):
    info = seen_class(spec)
    rng = random.Random(f"{spec}{qualifier}")
    probes = _random_probes(rng, 150)
    _, _, counts = _ffi.solve_leak(_ffi.LEAK_SEEN_CLASS, _blocks(info),
                                   {"": 0, "colour": 1, "suit": 2}[info.suit_split], qualifier,
                                   STANDARD.nets().scaled(), 0, 2, probes=probes)
    for pr, got in zip(probes, counts, strict=True):
        assert got == class_reference(info, pr, qualifier), (spec, qualifier, pr)


def test_burn_counts_equal_the_single_situation_core_and_sum_to_the_plain_game():
    """A burn card's counts are those of cs_deal with it dead; over the 46 burn cards of a (hand, up)
    they sum to 42 x the plain situation's (each dealer hand leaves 46 - 4 cards to burn)."""
    rng = random.Random(7)
    probes = _random_probes(rng, 40)
    base = len(probes)
    whole = [[0, 5, 10, 15, 20, 30], [48, 44, 40, 36, 32, 1], [36, 37, 38, 20, 21, 39]]  # every burn card of these
    probes += [[*s, d] for s in whole for d in range(52) if d not in s]
    _, _, counts = solve_leak(None, "", STANDARD, 0, 2, probes=probes)
    for pr, got in zip(probes, counts, strict=True):
        d = _ffi.deal(pr[:5], pr[5], [pr[6]], (), AK)
        assert got == (d.not_qualify, d.win, d.tie, d.lose), pr
        assert sum(got) == BURN_COMPLETIONS
    for i, s in enumerate(whole):
        plain = _ffi.deal(s[:5], s[5], (), (), AK)
        rows = counts[base + 46 * i:base + 46 * (i + 1)]
        summed = [sum(c[x] for c in rows) for x in range(4)]
        assert summed == [42 * x for x in (plain.not_qualify, plain.win, plain.tie, plain.lose)], s


def _ref_seen(qualifier_key):
    def deal(hand, up, c):
        d = ref_deal(hand, up, dealer=[c], qualifier_key=qualifier_key)
        return d["not_qualify"], d["win"], d["tie"], d["lose"]
    return deal


def test_seen_class_against_plain_python():
    """A class with one card left (the player and the up card hold three aces): 14,190 completions
    enumerated in plain Python, no code shared with the package."""
    probe = [48, 49, 22, 9, 0, 50, 51]  # Ac Ad 7h 4d 2c, up Ah, As seen
    info = seen_class("A")
    got = seen_class_counts("A", "Ac Ad 7h 4d 2c", "Ah", "As")
    want = class_reference(info, probe, AK, _ref_seen(AK_KEY))
    assert (got.not_qualify, got.win, got.tie, got.lose) == want
    assert got.total == 14_190


@pytest.mark.slow
def test_leaks_against_plain_python():
    rng = random.Random(11)
    pair_key = ref_key([0, 1, 4, 8, 12])  # 2 2 3 4 5: the lowest pair
    for spec in ["picture", "2-7,colour", "A,suit"]:
        info = seen_class(spec)
        for _ in range(2):
            while True:
                pr = rng.sample(range(52), 7)
                if sum(1 for c in block_of(info, pr[6]) if c not in pr[:6]) <= 6:
                    break
            for rules, key in ((STANDARD, AK_KEY), (PAIR, pair_key)):
                _, _, counts = solve_leak(_blocks(info), info.suit_split, rules, 0, 2, probes=[pr])
                assert counts[0] == class_reference(info, pr, 0, _ref_seen(key)), (spec, pr)
    for _ in range(2):
        pr = rng.sample(range(52), 7)
        _, _, counts = solve_leak(None, "", STANDARD, 0, 2, probes=[pr])
        d = ref_deal(pr[:5], pr[5], dead=[pr[6]])
        assert counts[0] == (d["not_qualify"], d["win"], d["tie"], d["lose"]), pr


def test_one_class_of_every_card_is_the_plain_game():
    """Seeing that a card is a card tells nothing: the game is the plain one exactly, its counts 4 x
    (each dealer hand is counted once per hole card), its situations the 46 seen cards of each."""
    totals, _, _ = solve_leak([0] * 13, "", STANDARD, 0, 2)
    plain = solve()
    for field in ("fold", "not_qualify", "win", "tie", "lose"):
        assert getattr(totals, field) == tuple(4 * x for x in getattr(plain.totals, field)), field
    assert totals.raise_situations == 46 * plain.totals.raise_situations
    assert totals.total_weight == 4 * plain.total_weight


@pytest.mark.slow
def test_every_card_its_own_class_is_the_seen_card_game():
    """52 classes of one card each: the one-seen-card game exactly, figures and chart."""
    g = solve_seen_class("card")
    seen = solve_seen_card()
    assert g.report.totals == seen.report.totals
    assert g.report.house_edge == seen.report.house_edge
    for cls in range(11):
        for up in range(13):
            for r in range(13):
                a, b = g.chart.cell(cls, up, r, False), g.chart.cell(cls, up, r, True)
                assert (a.raise_weight + b.raise_weight, a.total_weight + b.total_weight) == \
                    seen.chart.cell(cls, up, r)


def test_a_class_lies_between_the_plain_and_the_seen_card_game():
    plain, seen = solve(), solve_seen_card().report
    picture = solve_seen_class("picture").report
    assert plain.return_per_ante < picture.return_per_ante < seen.return_per_ante
    assert picture.house_edge == Fraction(278977291, 5895661200)


@pytest.mark.slow
def test_finer_classes_are_worth_more():
    order = [["picture", "picture,colour", "picture,suit", "card"], ["colour", "suit", "card"],
             ["J-A", "2-7,8-T,J-A", "rank", "card"], ["A", "A,K", "rank"], ["2-7", "2-7,colour"]]
    plain, seen = solve().return_per_ante, solve_seen_card().report.return_per_ante
    for chain in order:
        values = [solve_seen_class(spec).report.return_per_ante for spec in chain]
        assert all(plain <= v <= seen for v in values), chain
        assert values == sorted(values), chain


def test_burn_card_game():
    """At least the plain game; its situations are 46 burn cards per (hand, up card), and its chart's
    weights summed over the burn cards are those of the plain game's (hand, up card) situations."""
    g = solve_burn_card()
    plain = solve()
    assert g.report.return_per_ante > plain.return_per_ante
    assert g.report.house_edge == Fraction(397422405657, 7751811867800)
    assert g.report.total_weight == 2_598_960 * 47 * 46 * BURN_COMPLETIONS
    assert g.report.situations == 2_598_960 * 47 * 46
    seen = solve_seen_card()  # its chart: 46 seen cards per (hand, up card) too
    for cls in range(11):
        for up in range(13):
            burned = sum(g.chart.cell(cls, up, r, o).total_weight for r in range(13) for o in (False, True))
            assert burned == sum(seen.chart.cell(cls, up, r)[1] for r in range(13)), (cls, up)


def test_chart_holds_every_situation_and_its_bounds():
    g = solve_seen_class("picture")
    chart = g.chart
    raised = total = 0
    for block, other in chart.columns():
        for cls in range(11):
            for up in range(13):
                c = chart.cell(cls, up, block, other)
                raised, total = raised + c.raise_weight, total + c.total_weight
                if c.state == "T":
                    assert c.highest_fold is not None and c.lowest_raise is not None
                    assert c.highest_fold < c.lowest_raise
                if c.state == "R":
                    assert c.highest_fold is None
    assert raised == g.report.raise_situations and total == g.report.situations
    assert chart.columns() == [(0, False), (1, False)]
    assert not chart.splits_suits and solve_burn_card().chart.splits_suits
    with pytest.raises(InvalidCards):
        chart.cell(11, 0, 0)


@pytest.mark.slow
def test_raise_on_tie_changes_no_figure():
    a = solve_seen_class("A").report
    b = solve_seen_class("A", raise_on_tie=True).report
    assert a.return_per_ante == b.return_per_ante
    assert b.raise_situations - a.raise_situations == a.totals.indifferent_situations


def test_specs():
    assert seen_class("JQK") == seen_class("picture") == seen_class("jqk") == seen_class("faces")
    assert seen_class("J Q K").blocks == ((9,), (10,), (11,), (0, 1, 2, 3, 4, 5, 6, 7, 8, 12))
    assert seen_class("2-7").blocks == ((0, 1, 2, 3, 4, 5), (6, 7, 8, 9, 10, 11, 12))
    assert seen_class("2-7,8-T,J-A").ranks == ()
    assert seen_class("10,colour").blocks[0] == (8,)
    assert seen_class("color").suit_split == "colour" and seen_class("color").blocks == ()
    assert seen_class("card") == Information("seen-class", blocks=tuple((r,) for r in range(13)), suit_split="suit")
    for spec, token in [("JQX", "'JQX'"), ("7-2", "'7-2'"), ("2-7,5-9", "rank 5"), ("", "empty"),
                        ("all", "sees nothing"), ("colour,suit", "'suit'"), ("2-", "'2-'")]:
        with pytest.raises(InvalidRules, match=token):
            seen_class(spec)
    with pytest.raises(InvalidRules):
        solve_seen_class(Information("burn-card", dead_cards=1))
    with pytest.raises(InvalidRules):
        solve_seen_class("picture", threads=0)
    with pytest.raises(InvalidCards):
        seen_class_counts("picture", "As Kd Jh 8c 3s", "Kh", "Kh")


def test_cli_json_text_csv(capsys):
    assert main(["solve", "--seen-class", "picture", "--format", "json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert main(["solve", "--format", "json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert set(plain) <= set(obj) and "chart" in obj
    info = obj["information"]
    assert info["kind"] == "seen-class" and info["blocks"] == ["KQJ", "AT98765432"] and info["ranks"] == "KQJ"
    assert info["suit_split"] == "" and "which of KQJ" in info["description"]
    assert obj["house_edge"] == "278977291/5895661200"
    assert obj["situations"] == 2_598_960 * 47 * 46
    cell = obj["chart"][0]
    assert set(cell) == {"seen", "block", "other_suit", "class", "up", "mark", "raise_weight", "total_weight",
                         "lowest_raise", "highest_fold"}
    assert main(["solve", "--burn-card", "--format", "json"]) == 0
    burn = json.loads(capsys.readouterr().out)
    assert burn["information"]["kind"] == "burn-card" and burn["information"]["dead_cards"] == 1
    assert burn["house_edge"] == "397422405657/7751811867800"
    assert main(["solve", "--seen-class", "picture"]) == 0
    text = capsys.readouterr().out
    assert "house edge" in text and "seen card: one of KQJ" in text and "4.7319%" in text
    assert main(["solve", "--seen-class", "picture", "--format", "csv", "--table", "chart"]) == 0
    assert capsys.readouterr().out.startswith("seen,class,up,mark,raise_weight")
    assert main(["solve", "--seen-class", "picture", "--format", "csv"]) == 0
    assert capsys.readouterr().out.startswith("figure,exact,display")
    assert main(["solve", "--seen-class", "picture", "--format", "json", "--table", "chart"]) == 0
    assert json.loads(capsys.readouterr().out)["rows"] == obj["chart"]  # a list is "rows" (#33)


@pytest.mark.parametrize("argv", [["--seen-class", "JQX"],
                                  ["--seen-class", "A", "--burn-card", "--known-dealer-cards", "1"],
                                  ["--burn-card", "--known-dealer-cards", "3"], ["--burn-card", "--ignore-up"],
                                  ["--seen-class", "A", "--deals", "5"], ["--seen-class", "picture,suit,colour"]])
def test_cli_refuses(argv, capsys):
    assert main(["solve", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error")


def test_information_words():
    from caribbean_exact.render.text import information_json, information_words
    assert information_words(seen_class("2-7,colour")) == \
        "one dealer hole card's class seen: which of 765432 / AKQJT98 and its colour"
    assert information_words(seen_class("suit")) == "one dealer hole card's class seen: its suit"
    assert information_json(seen_class("A"))["blocks"] == ["A", "KQJT98765432"]
    assert known_cards.solve_burn_card().report.information == Information("burn-card", dead_cards=1)


def _expected_decision(chart, cls, up, block, other, value):
    """What a chart cell says of a hand value: "raise", "fold", or None (a mixed cell: both)."""
    c = chart.cell(cls, up, block, other)
    if c.state == "R" or (c.state == "T" and value >= c.lowest_raise):
        return "raise"
    if c.state == "F" or (c.state == "T" and value < c.lowest_raise):
        return "fold"
    assert c.state == "M"
    if value > c.highest_fold:
        return "raise"
    return "fold" if value < c.lowest_raise else None


def _margin(counts, category, nets):
    nq, win, tie, lose = counts
    total = nq + win + tie + lose
    return nq * nets.not_qualify + win * nets.win[category] + tie * nets.tie + lose * nets.lose - total * nets.fold


def test_charts_decide_as_the_enumerated_margins():
    """The decisions, checked apart from the counts: a situation's margin from enumerated counts (cs_deal:
    the class's cards seen in turn, or the burn card dead) has the sign its chart cell gives (R, F, or
    a threshold: raise exactly from its lowest hand raised)."""
    classes = _ffi.seen_classes()
    nets = STANDARD.nets()
    rng = random.Random(5)
    for game, info in ((solve_seen_class("picture"), seen_class("picture")), (solve_burn_card(), None)):
        checked = 0
        for _ in range(60):
            pr = rng.sample(range(52), 7)
            hand, up, card = pr[:5], pr[5], pr[6]
            d = _ffi.deal(hand, up, (), (), AK)
            if info is None:
                e = _ffi.deal(hand, up, [card], (), AK)
                counts = (e.not_qualify, e.win, e.tie, e.lose)
                block, other = card // 4, card % 4 != up % 4
            else:
                counts = class_reference(info, pr, AK)
                block, other = _blocks(info)[card // 4], False
            want = _expected_decision(game.chart, classes[d.player_value], up // 4, block, other, d.player_value)
            m = _margin(counts, d.player_category, nets)
            if want is not None:
                assert (m > 0) == (want == "raise") or m == 0, (pr, want, m)
                checked += 1
        assert checked > 30


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "blocks", "split"),
                         [(_ffi.LEAK_SEEN_CLASS, [0] * 9 + [1, 1, 1, 0], _ffi.SUITS_COLOUR),
                          (_ffi.LEAK_SEEN_CLASS, list(range(13)), _ffi.SUITS_SUIT),
                          (_ffi.LEAK_BURN_CARD, [0] * 13, _ffi.SUITS_UNSEEN)])
def test_threads_change_nothing(kind, blocks, split):
    probes = _random_probes(random.Random(3), 20)
    nets = STANDARD.nets().scaled()
    one = _ffi.solve_leak(kind, blocks, split, AK, nets, 0, 1, chart=True, probes=probes)
    for threads in (2, 5):
        assert _ffi.solve_leak(kind, blocks, split, AK, nets, 0, threads, chart=True, probes=probes) == one


# ---------------------------------------------------------------- one hole card and the burn card seen

SEEN_BURN = 13_244  # C(44, 3): the dealer's three other hole cards of the 44 cards left


def _seen_burn_probes(rng: random.Random, n: int) -> list[list[int]]:
    """(hand, up, seen, burn) probes: random, then the up, seen and burn cards of one suit, the up and
    seen cards of one suit and the burn card of another, flushes and pairs in the hand."""
    probes = [rng.sample(range(52), 8) for _ in range(n)]
    for _ in range(n // 2):
        suit = rng.randrange(4)
        known = rng.sample([c for c in range(52) if c % 4 == suit], 3)
        probes.append(rng.sample([c for c in range(52) if c not in known], 5) + known)
        burn = rng.choice([c for c in range(52) if c % 4 != suit and c not in known[:2]])
        probes.append(rng.sample([c for c in range(52) if c not in (*known[:2], burn)], 5) + known[:2] + [burn])
    return [*probes, [48, 44, 40, 36, 32, 1, 5, 9], [0, 4, 8, 12, 17, 2, 6, 10], [0, 1, 4, 5, 8, 2, 3, 9],
            [36, 37, 38, 20, 21, 39, 44, 45], [51, 47, 43, 39, 35, 0, 4, 50]]


def _check_seen_burn_probes(qualifier: int, threads: int, n: int,
                            extra: list[list[int]] | None = None) -> list[tuple[int, int, int, int]]:
    """Each probe's counts are cs_deal's with the seen card the dealer's and the burn card dead; over the
    45 burn cards of a (hand, up, seen) they sum to 42 x the one-seen-card counts (each dealer hand
    leaves 45 - 3 cards to burn)."""
    rng = random.Random(qualifier)
    probes = _seen_burn_probes(rng, n)
    base = len(probes)
    whole = [[0, 5, 10, 15, 20, 30, 31], [48, 44, 40, 36, 32, 1, 5], [36, 37, 38, 20, 21, 39, 3]]
    probes += [[*s, b] for s in whole for b in range(52) if b not in s] + (extra or [])
    _, _, counts = _ffi.solve_leak(_ffi.LEAK_SEEN_AND_BURN, [0] * 13, _ffi.SUITS_UNSEEN, qualifier,
                                   STANDARD.nets().scaled(), 0, threads, probes=probes)
    for pr, got in zip(probes, counts, strict=True):
        d = _ffi.deal(pr[:5], pr[5], [pr[7]], [pr[6]], qualifier)
        assert got == (d.not_qualify, d.win, d.tie, d.lose), (qualifier, pr)
        assert sum(got) == SEEN_BURN
    for i, s in enumerate(whole):
        one = _ffi.deal(s[:5], s[5], (), [s[6]], qualifier)
        rows = counts[base + 45 * i:base + 45 * (i + 1)]
        assert [sum(c[x] for c in rows) for x in range(4)] == \
            [42 * x for x in (one.not_qualify, one.win, one.tie, one.lose)], s
    return counts


def test_seen_and_burn_counts_equal_the_single_situation_core():
    """Besides cs_deal: one situation enumerated in plain Python (tests/reference.py: its 13,244
    completions), no code shared with the package, from the same solve."""
    probe = [51, 45, 38, 24, 7, 46, 42, 0]  # As Kd Jh 8c 3s, up Kh, Qh seen, 2c burned
    counts = _check_seen_burn_probes(AK, 1, 60, [probe])
    d = ref_deal(probe[:5], probe[5], dead=[probe[7]], dealer=[probe[6]])
    assert counts[-1] == (d["not_qualify"], d["win"], d["tie"], d["lose"])


@pytest.mark.slow
@pytest.mark.parametrize("qualifier", [0, 3000, 7000])
def test_seen_and_burn_counts_equal_the_single_situation_core_everywhere(qualifier):
    _check_seen_burn_probes(qualifier, 2, 150)


@pytest.mark.slow
def test_seen_and_burn_against_plain_python():
    got = known_cards.burn_card_counts("As Kd Jh 8c 3s", "Kh", "2c", seen="Qh")
    d = ref_deal([51, 45, 38, 24, 7], 46, dead=[0], dealer=[42])
    assert (got.not_qualify, got.win, got.tie, got.lose) == (d["not_qualify"], d["win"], d["tie"], d["lose"])
    assert got.total == SEEN_BURN
    rng = random.Random(13)
    pair_key = ref_key([0, 1, 4, 8, 12])  # 2 2 3 4 5: the lowest pair
    probes = [rng.sample(range(52), 8) for _ in range(3)]
    suit = [c for c in range(52) if c % 4 == 2]
    probes += [[0, 4, 8, 13, 17, *suit[5:8]], [*suit[:5], suit[6], suit[9], 1]]  # one suit: u, s, b; u, s
    for rules, key in ((STANDARD, AK_KEY), (PAIR, pair_key)):
        _, _, counts = solve_leak(None, "", rules, 0, 2, probes=probes, seen_cards=1)
        for pr, got in zip(probes, counts, strict=True):
            d = ref_deal(pr[:5], pr[5], dead=[pr[7]], dealer=[pr[6]], qualifier_key=key)
            assert got == (d["not_qualify"], d["win"], d["tie"], d["lose"]), (pr, key)


class _Nets:
    """Scaled nets where raising always beats folding (a fold loses 100 antes)."""

    fold, not_qualify, tie, lose, win = -100, 1, 0, -3, (3,) * 10


@pytest.mark.slow
def test_seen_and_burn_game():
    """The exact figure; every deal counted once by the player's category (any strategy); always
    raising, every count is 42 x the one-seen-card game's (over the 45 burn cards of each situation);
    the chart's situations summed over the suits are 45 x the one-seen-card chart's; the game lies
    between the one- and the two-seen-card games."""
    g = solve_burn_card(seen_cards=1)
    r = g.report
    assert r.house_edge == Fraction(35073666889, 6976630681020)
    assert r.information == Information("burn-card", seen_cards=1, dead_cards=1)
    assert r.total_weight == 2_598_960 * 47 * 46 * 45 * SEEN_BURN and r.situations == 2_598_960 * 47 * 46 * 45
    t = r.totals
    hands = _ffi.category_counts()
    for c in range(10):
        dealt = t.fold[c] + t.not_qualify[c] + t.win[c] + t.tie[c] + t.lose[c]
        assert dealt == hands[c] * 47 * 46 * 45 * SEEN_BURN, c
    both, _, _ = _ffi.solve_leak(_ffi.LEAK_SEEN_AND_BURN, [0] * 13, 0, AK, _Nets(), 0, 2)
    one, _, _ = _ffi.solve_seen(1, AK, _Nets(), 0, 2)
    assert both.raise_situations == 45 * one.raise_situations == r.situations
    for field in ("fold", "not_qualify", "win", "tie", "lose"):
        assert getattr(both, field) == tuple(42 * x for x in getattr(one, field)), field
    seen = solve_seen_card()
    for cls in range(11):
        for up in range(13):
            for s in range(13):
                cells = [g.chart.cell(cls, up, s, o) for o in (False, True)]
                assert sum(c.total_weight for c in cells) == 45 * seen.chart.cell(cls, up, s)[1], (cls, up, s)
    two = known_cards.solve_seen_cards(2).report
    assert seen.report.return_per_ante < r.return_per_ante < two.return_per_ante
    assert solve_burn_card().report.return_per_ante < r.return_per_ante


@pytest.mark.slow
def test_seen_and_burn_cli_json(capsys):
    assert main(["solve", "--known-dealer-cards", "1", "--burn-card", "--format", "json", "--threads", "2"]) == 0
    obj = json.loads(capsys.readouterr().out)
    info = obj["information"]
    assert info["kind"] == "burn-card" and info["dead_cards"] == 1 and info["seen_cards"] == 1
    assert info["description"] == "1 dealer hole card and the burn card seen"
    assert obj["house_edge"] == "35073666889/6976630681020" and obj["known_dealer_cards"] == 1
    assert obj["situations"] == 2_598_960 * 47 * 46 * 45
    assert obj["chart"][0]["seen"].startswith("seen card ")
    assert main(["solve", "--known-dealer-cards", "1", "--burn-card", "--threads", "2"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("1 dealer hole card and the burn card seen") and "0.5027%" in text
    assert "(hand, up card, seen card, burn card)" in text


def test_seen_and_burn_words_and_refusals(capsys):
    from caribbean_exact.render.text import information_json, information_words
    info = Information("burn-card", seen_cards=1, dead_cards=1)
    assert information_words(info) == "1 dealer hole card and the burn card seen"
    assert information_json(info) == {"kind": "burn-card", "description": "1 dealer hole card and the burn card seen",
                                      "seen_cards": 1, "ranks": "", "suits": "", "dead_cards": 1, "blocks": [],
                                      "suit_split": ""}
    for bad in (2, -1, True, "1"):
        with pytest.raises(InvalidRules):
            solve_burn_card(seen_cards=bad)
    with pytest.raises(InvalidCards, match="Kh"):
        known_cards.burn_card_counts("As Kd Jh 8c 3s", "Kh", "2c", seen="Kh")
    with pytest.raises(InvalidCards):
        known_cards.burn_card_counts("As Kd Jh 8c 3s", "Kh", "2c", seen="Qh Qd")
    for argv in (["--known-dealer-cards", "2", "--burn-card"], ["--known-dealer-cards", "2", "--seen-class", "A"]):
        assert main(["solve", *argv]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("error")


@pytest.mark.slow
def test_seen_and_burn_threads_change_nothing_and_the_chart_decides_as_the_margins():
    """Threads: the same totals, chart and probe counts. The chart (columns: the seen card's rank and
    suit, every burn card together) gives each enumerated situation's margin its sign (cs_deal with
    the seen card the dealer's and the burn card dead)."""
    probes = _seen_burn_probes(random.Random(4), 30)
    nets = STANDARD.nets().scaled()
    one = _ffi.solve_leak(_ffi.LEAK_SEEN_AND_BURN, [0] * 13, 0, AK, nets, 0, 1, chart=True, probes=probes)
    assert _ffi.solve_leak(_ffi.LEAK_SEEN_AND_BURN, [0] * 13, 0, AK, nets, 0, 3, chart=True, probes=probes) == one
    chart = solve_burn_card(seen_cards=1).chart
    classes, plain_nets = _ffi.seen_classes(), STANDARD.nets()
    checked = 0
    for pr in _seen_burn_probes(random.Random(6), 80):
        hand, up, seen, burn = pr[:5], pr[5], pr[6], pr[7]
        d = _ffi.deal(hand, up, [burn], [seen], AK)
        want = _expected_decision(chart, classes[d.player_value], up // 4, seen // 4, seen % 4 != up % 4,
                                  d.player_value)
        m = _margin((d.not_qualify, d.win, d.tie, d.lose), d.player_category, plain_nets)
        if want is not None:
            assert (m > 0) == (want == "raise") or m == 0, (pr, want, m)
            checked += 1
    assert checked > 40


# ---------------------------------------------------------------- a seen hole card and another's class


def _seen_and_class_reference(info: Information, probe: list[int], qualifier: int) -> tuple[int, ...]:
    """The counts of (hand, up, seen card probe[6], the class of probe[7]): every card of the class left
    dealt in turn with the seen card, each situation counted by the single-situation core (cs_deal)."""
    hand, up, seen = probe[:5], probe[5], probe[6]
    out = [0, 0, 0, 0]
    for c in block_of(info, probe[7]):
        if c in probe[:7]:
            continue
        d = _ffi.deal(hand, up, (), [seen, c], qualifier)
        out = [a + b for a, b in zip(out, (d.not_qualify, d.win, d.tie, d.lose), strict=True)]
    return tuple(out)


@pytest.mark.parametrize(("spec", "rules"), [("picture", STANDARD),
                                             pytest.param("2-7,8-T,J-A", STANDARD, marks=pytest.mark.csan_repeat),
                                             pytest.param("rank", PAIR, marks=pytest.mark.slow)])
def test_seen_card_and_class_counts_on_random_situations(spec, rules):
    info = seen_class(spec)
    rng = random.Random(f"seen+{spec}")
    probes = [rng.sample(range(52), 8) for _ in range(40)]
    probes += [[48, 44, 40, 36, 32, 1, 5, 9], [0, 4, 8, 12, 17, 2, 6, 10], [0, 1, 4, 5, 8, 2, 3, 6],
               [36, 37, 38, 20, 21, 39, 44, 45]]  # a flush, a straight, pairs, u/s/c of one suit
    _, _, counts = solve_leak(_blocks(info), "", rules, 0, 2, probes=probes, seen_cards=1)
    for pr, got in zip(probes, counts, strict=True):
        assert got == _seen_and_class_reference(info, pr, rules.qualifier.value), (spec, pr)
        assert sum(got) == sum(1 for c in block_of(info, pr[7]) if c not in pr[:7]) * 946


@pytest.mark.csan_repeat  # the sanitizer stage leaves it out: its C path runs in a test above
def test_seen_card_and_class_against_plain_python():
    """One class card left (three aces held or seen): 946 completions in plain Python, no package code."""
    got = seen_class_counts("A", "Ac Ad 7h 4d 2c", "Ah", "As", hole="Kd")
    d = ref_deal([48, 49, 22, 9, 0], 50, dealer=[45, 51])
    assert (got.not_qualify, got.win, got.tie, got.lose) == (d["not_qualify"], d["win"], d["tie"], d["lose"])
    assert got.total == 946


@pytest.mark.slow  # several whole seen-card games (about 5 s)
@pytest.mark.csan_repeat  # the sanitizer stage leaves it out: its C path runs in a test above
def test_seen_card_and_class_degenerate_and_finer():
    """The trivial class (every card in one block) is the one-seen-card game exactly (each deal 3 x: the
    class card is any of 45 cards, 946 completions each, 45 x 946 = 3 x 14,190); a finer class is never
    worth less; every rank apart (the suit unseen) is below two whole cards seen."""
    one = known_cards.solve_seen_card().report
    totals, _, _ = solve_leak([0] * 13, "", STANDARD, 0, 2, seen_cards=1)
    assert totals.total_weight == 3 * one.total_weight
    from caribbean_exact.play.game import GameReport
    trivial = GameReport(STANDARD, totals, "trivial class", 946, known_dealer_cards=1)
    assert trivial.house_edge == one.house_edge
    assert trivial.raise_probability == one.raise_probability
    edges = {spec: known_cards.solve_seen_class(spec, seen_cards=1).report.house_edge
             for spec in ("picture", "JQK,A", "2-7", "2-7,8-T,J-A")}
    assert one.house_edge > edges["picture"] > edges["JQK,A"]
    assert one.house_edge > edges["2-7"] > edges["2-7,8-T,J-A"]
    g = known_cards.solve_seen_class("picture", seen_cards=1)
    assert g.report.house_edge == Fraction(-53579292163, 4983307629300)   # 1.0752% player
    assert g.report.information.seen_cards == 1 and g.report.known_dealer_cards == 1
    assert g.report.house_edge < known_cards.solve_seen_class("picture").report.house_edge
    assert sum(g.chart.total_weight) == g.report.situations


@pytest.mark.slow
def test_seen_card_and_every_rank_below_two_seen_cards():
    rank = known_cards.solve_seen_class("rank", seen_cards=1).report.house_edge
    finer = known_cards.solve_seen_class("2-7,8-T,J-A", seen_cards=1).report.house_edge
    assert known_cards.solve_known(2).house_edge < rank < finer


@pytest.mark.csan_repeat  # the sanitizer stage leaves it out: its C path runs in a test above
def test_seen_card_and_class_cli(capsys):
    code = main(["solve", "--known-dealer-cards", "1", "--seen-class", "picture", "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["house_edge"] == "-53579292163/4983307629300"
    assert doc["information"]["seen_cards"] == 1 and doc["information"]["blocks"] == ["KQJ", "AT98765432"]
    for argv in (["--known-dealer-cards", "1", "--seen-class", "colour"],
                 ["--known-dealer-cards", "2", "--seen-class", "picture"]):
        code = main(["solve", *argv])
        err = capsys.readouterr().err
        assert code == 2 and len(err.strip().splitlines()) == 1
    with pytest.raises(InvalidRules, match="suit"):
        known_cards.solve_seen_class("picture,suit", seen_cards=1)


# ---------------------------------------------------------------- the burn card and a class


@pytest.mark.parametrize(("spec", "rules"), [("picture", STANDARD),
                                             pytest.param("2-7,8-T,J-A", PAIR, marks=pytest.mark.csan_repeat)])
def test_burn_card_and_class_counts_on_random_situations(spec, rules):
    info = seen_class(spec)
    rng = random.Random(f"burn+{spec}")
    probes = [rng.sample(range(52), 8) for _ in range(40)]
    probes += [[48, 44, 40, 36, 32, 1, 5, 9], [0, 4, 8, 12, 17, 2, 6, 10], [0, 1, 4, 5, 8, 2, 3, 6],
               [36, 37, 38, 20, 21, 39, 44, 45]]
    _, _, counts = solve_leak(_blocks(info), "", rules, 0, 2, probes=probes, burn=True)
    for pr, got in zip(probes, counts, strict=True):
        want = [0, 0, 0, 0]
        for c in block_of(info, pr[6]):
            if c in pr[:6] or c == pr[7]:
                continue
            d = _ffi.deal(pr[:5], pr[5], [pr[7]], [c], rules.qualifier.value)
            want = [a + b for a, b in zip(want, (d.not_qualify, d.win, d.tie, d.lose), strict=True)]
        assert got == tuple(want), (spec, pr)
        assert sum(got) == sum(1 for c in block_of(info, pr[6]) if c not in pr[:6] and c != pr[7]) * 13_244


@pytest.mark.csan_repeat  # the sanitizer stage leaves it out: its C path runs in a test above
def test_burn_card_and_class_against_plain_python():
    got = seen_class_counts("A", "Ac Ad 7h 4d 2c", "Ah", "As", burn="Kd")
    d = ref_deal([48, 49, 22, 9, 0], 50, dead=[45], dealer=[51])
    assert (got.not_qualify, got.win, got.tie, got.lose) == (d["not_qualify"], d["win"], d["tie"], d["lose"])
    assert got.total == 13_244


@pytest.mark.slow
def test_burn_card_and_class_degenerate_and_finer():
    """The trivial class is the burn-card game exactly (each deal 4 x: 45 class cards x 13,244 = 4 x
    148,995); a finer class is never worth less; each class with the burn card is worth more than
    alone, and every rank apart with the burn card less than a whole seen card with it."""
    from caribbean_exact.play.game import GameReport
    burn = known_cards.solve_burn_card().report
    totals, _, _ = solve_leak([0] * 13, "", STANDARD, 0, 2, burn=True)
    assert totals.total_weight == 4 * burn.total_weight
    assert GameReport(STANDARD, totals, "trivial", 13_244).house_edge == burn.house_edge
    edges = {spec: known_cards.solve_seen_class(spec, burn_card=True).report.house_edge
             for spec in ("picture", "JQK,A", "rank")}
    assert burn.house_edge > edges["picture"] > edges["JQK,A"] > edges["rank"]
    assert edges["picture"] == Fraction(3212306279323, 69766306810200)   # 4.6044% house
    assert edges["picture"] < known_cards.solve_seen_class("picture").report.house_edge
    assert edges["rank"] > known_cards.solve_burn_card(seen_cards=1).report.house_edge


@pytest.mark.csan_repeat  # the sanitizer stage leaves it out: its C path runs in a test above
def test_burn_card_and_class_cli(capsys):
    code = main(["solve", "--seen-class", "picture", "--burn-card", "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["house_edge"] == "3212306279323/69766306810200"
    assert doc["information"]["dead_cards"] == 1 and doc["information"]["kind"] == "seen-class"
    for argv in (["--seen-class", "picture", "--burn-card", "--known-dealer-cards", "1"],
                 ["--seen-class", "suit", "--burn-card"]):
        code = main(["solve", *argv])
        err = capsys.readouterr().err
        assert code == 2 and len(err.strip().splitlines()) == 1
