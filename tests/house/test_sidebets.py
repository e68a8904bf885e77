"""Side bets: the $1 progressive, the 5+1 Bonus and the combined view; exact, from the computation."""

import itertools
import json
import math
import random
from fractions import Fraction

import pytest
from reference import ref_category, ref_key

from caribbean_exact import InvalidRules, Rules, solve
from caribbean_exact.cli import main
from caribbean_exact.engine import _ffi
from caribbean_exact.house.sidebets import (
    SIX_CARD_SETS,
    Pay,
    bonus,
    combined,
    expected_share,
    parse_bonus_pays,
    parse_progressive_pays,
    progressive,
    royal_share,
    six_card_counts,
)
from caribbean_exact.render.labels import pay_label


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------- progressive


def test_progressive_five_card_counts():
    p = progressive()
    assert p.counts == (4, 36, 624, 3744, 5108)
    assert [r.probability for r in p.rows()] == [Fraction(n, 2598960) for n in (4, 36, 624, 3744, 5108)]


def test_breakeven_meter_matches_formula():
    p = progressive()
    n = 2598960
    fixed = Fraction(624 * 500 + 3744 * 100 + 5108 * 50, n)
    per_meter = Fraction(4, n) + Fraction(36, n) / 10
    assert p.constant == fixed and p.per_meter == per_meter
    assert p.breakeven_meter == (1 - fixed) / per_meter == Fraction(4142900, 19)
    assert p.return_at(p.breakeven_meter) == 1
    assert p.house_edge_at(100000) == 1 - fixed - per_meter * 100000


@pytest.mark.parametrize("pays,dollars", [("100,75,50", 263205), ("150,100,50", 246784),
                                          ("500,100,50", 218047)])
def test_breakeven_other_pay_tables(pays, dollars):
    # the first two agree with the break-even meters published for these tables (Shackleford, 2000)
    assert int(progressive(pays).breakeven_meter) == dollars


def test_to_one_convention_returns_the_stake():
    f, t = progressive(convention="for"), progressive(convention="to")
    assert t.constant - f.constant == Fraction(4 + 36 + 624 + 3744 + 5108, 2598960)
    assert t.per_meter == f.per_meter and t.breakeven_meter < f.breakeven_meter


def test_royal_share_exact():
    c47, c42 = math.comb(47, 5), math.comb(42, 5)
    assert royal_share(1) == 1
    assert royal_share(2) == 1 - Fraction(3, c47) / 2
    both = Fraction(3 * 2, c47 * c42)  # two given other players hold royals (distinct suits)
    k1 = 2 * Fraction(3, c47) - 2 * both
    assert royal_share(3) == 1 - k1 / 2 - both * Fraction(2, 3)
    shares = [royal_share(n) for n in range(1, 8)]
    assert all(a > b for a, b in itertools.pairwise(shares))
    p1, p7 = progressive(players=1), progressive(players=7)
    assert p7.per_meter == Fraction(4, 2598960) * royal_share(7) + Fraction(36, 2598960) / 10
    assert p7.breakeven_meter > p1.breakeven_meter
    with pytest.raises(InvalidRules, match="players"):
        royal_share(8)


@pytest.mark.parametrize("others", [1, 2, 3])
def test_expected_share_brute_force_small_deck(others):
    # a toy deck of 8 cards, hands of 2, three disjoint winning pairs: enumerate every deal
    prizes = [frozenset({0, 1}), frozenset({2, 3}), frozenset({4, 5})]
    total, deals = Fraction(0), 0

    def deal(left, k, n):
        nonlocal total, deals
        if n == 0:
            total += Fraction(1, 1 + k)
            deals += 1
            return
        for h in itertools.combinations(sorted(left), 2):
            deal(left - set(h), k + (frozenset(h) in prizes), n - 1)

    deal(set(range(8)), 0, others)
    assert expected_share(others, 3, 8, 2) == total / deals


def test_progressive_pays_parsing():
    pays = parse_progressive_pays("100%, $5000, 500, 100, 50")
    assert pays[1] == Pay(Fraction(5000), Fraction(0))
    assert progressive("100%,5000,500,100,50").per_meter == Fraction(4, 2598960)
    assert [pay_label(p) for p in parse_progressive_pays("100,75,50")][2:] == ["$100", "$75", "$50"]
    assert progressive("0,0,0,0,0").breakeven_meter is None
    with pytest.raises(InvalidRules, match="full house"):
        parse_progressive_pays("500,-100,50")
    with pytest.raises(InvalidRules, match="expected 3"):
        parse_progressive_pays("500,100")
    with pytest.raises(InvalidRules, match="flush"):
        parse_progressive_pays("500,100,lots")
    with pytest.raises(InvalidRules, match="convention"):
        progressive(convention="from")


# ---------------------------------------------------------------- 5+1 Bonus


def test_six_card_counts():
    c = six_card_counts()
    assert sum(c) == SIX_CARD_SETS == 20358520
    assert c == (6612900, 9730740, 2532816, 732160, 361620, 205792, 165984, 14664, 1656, 188)
    assert c[9] == 4 * 47  # a royal plus any other card


def test_evaluate6_against_reference():
    rng = random.Random(5)
    for _ in range(300):
        six = rng.sample(range(52), 6)
        best = max(itertools.combinations(six, 5), key=ref_key)
        assert _ffi.evaluate6(six)[1] == ref_category(best)


def test_bonus_rtp():
    b = bonus()
    assert b.rtp == Fraction(136879, 149695)
    assert round(float(b.rtp) * 100, 2) == 91.44
    c = six_card_counts()
    pays = {9: 1000, 8: 200, 7: 100, 6: 20, 5: 15, 4: 10, 3: 7}
    assert b.rtp == sum(Fraction(c[k] * (p + 1), SIX_CARD_SETS) for k, p in pays.items())
    assert b.house_edge == 1 - b.rtp
    assert sum(r.count for r in b.rows()) == SIX_CARD_SETS


def test_bonus_pays_configurable():
    assert bonus(convention="for").rtp == bonus().rtp - bonus().hit_probability
    b = bonus("1000,200,100,20,15,10,7,1")  # two pair pays 1 to 1
    assert b.rtp - bonus().rtp == 2 * Fraction(2532816, SIX_CARD_SETS)
    with pytest.raises(InvalidRules, match="'straight'"):
        parse_bonus_pays("1000,200,100,20,15,-10,7")
    with pytest.raises(InvalidRules, match="up to 10"):
        parse_bonus_pays(",".join(["1"] * 11))


# ---------------------------------------------------------------- combined


def test_combined_adds_expected_losses():
    rules = Rules.make("standard", ante=25, max_payout=5000)
    c = combined(rules, ante=25, rounds_per_hour=60, progressive_stake=1, bonus_stake=5)
    he = solve(rules=rules).house_edge
    prog = progressive()
    game, with_prog, with_bonus, with_all = c.rows
    assert [r.bets for r in c.rows] == ["game", "progressive", "bonus", "all"]
    assert game.loss == 25 * he and game.per_ante == he and game.per_hour == 60 * 25 * he
    assert with_prog.loss == 25 * he + prog.house_edge_at(100000)
    assert with_bonus.loss == 25 * he + 5 * bonus().house_edge
    assert with_bonus.per_ante == with_bonus.loss / 25
    # every bet at once: the losses add (whatever the correlation), and so do the wagers
    assert with_all.loss == 25 * he + prog.house_edge_at(100000) + 5 * bonus().house_edge
    assert with_all.wager == game.wager + 1 + 5


# ---------------------------------------------------------------- CLI


def test_cli_bonus_json(capsys):
    code, out, err = run(capsys, "bonus", "--format", "json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert doc["rtp"] == "136879/149695"
    assert {"hand", "count", "pays"} <= set(doc["rows"][0])
    assert doc["rows"][0]["hand"] == "royal flush" and doc["rows"][0]["count"] == 188
    assert doc["rows"][0]["pays"] == "1000" and doc["rows"][-1]["pays"] is None
    assert sum(r["count"] for r in doc["rows"]) == 20358520


def test_cli_progressive_json(capsys):
    code, out, _ = run(capsys, "progressive", "--format", "json", "--meter", "250000", "--players", "3")
    doc = json.loads(out)
    assert code == 0
    assert [p["count"] for p in doc["probabilities"]] == [4, 36, 624, 3744, 5108]
    assert Fraction(doc["breakeven_meter"]) == progressive(players=3).breakeven_meter
    assert doc["sharing"][0]["breakeven_meter"] == "4142900/19"
    code, out, _ = run(capsys, "progressive", "--pays", "100,75,50", "--convention", "to")
    assert code == 0 and "convention to 1" in out and "$75" in out


def test_cli_tables_and_formats(capsys):
    code, out, _ = run(capsys, "bonus")
    assert code == 0 and "91.4386%" in out and "136879/149695" in out
    code, out, _ = run(capsys, "progressive", "--format", "csv")
    assert code == 0 and out.splitlines()[0] == "hand,count,probability,decimal,pays"
    code, out, _ = run(capsys, "combined", "--ante", "10", "--rounds-per-hour", "40", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and len(doc["rows"]) == 4 and doc["rounds_per_hour"] == "40"
    labels = [r["label"] for r in doc["rows"]]
    assert labels[0].startswith("ante game alone") and labels[1].endswith(" only") and labels[2].endswith(" only")
    assert "progressive" in labels[3] and "5+1 Bonus" in labels[3]


@pytest.mark.parametrize("argv,needle", [
    (["bonus", "--pays", "1000,200,x"], "four of a kind"),
    (["progressive", "--pays", "1,2"], "expected 3"),
    (["progressive", "--players", "12"], "players"),
    (["progressive", "--meter", "-5"], "meter"),
    (["combined", "--ante", "0"], "ante"),
    (["combined", "--ante", "10", "--max-payout", "5"], "below the ante"),
])
def test_cli_errors(capsys, argv, needle):
    code, _out, err = run(capsys, *argv)
    assert code == 2 and len(err.strip().splitlines()) == 1 and needle in err
