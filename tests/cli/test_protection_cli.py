"""The game-protection options on the command line: solve --flash-rate, report --flash-rate, detect,
collusion --sharing."""

import json
from fractions import Fraction

import pytest

from caribbean_exact.cli import main
from caribbean_exact.house.protection import LEAKS


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_flash_rate(capsys):
    code, out, err = run(capsys, "solve", "--flash-rate", "5%", "--format", "json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert doc["flash_rate"] == "1/20" and doc["cost_per_hand"] == "76548088303/33222050862000"
    assert Fraction(doc["cost_per_table_hour"]) == 50 * 10 * Fraction(doc["cost_per_hand"])
    assert doc["information"]["seen_cards"] == 1 and doc["players"] == 1
    code, text, _ = run(capsys, "solve", "--flash-rate", "0.05")
    assert code == 0 and "cost per table-hour (1 player, 50 rounds)" in text and "1.15" in text
    code, csv, _ = run(capsys, "solve", "--flash-rate", "1/20", "--format", "csv")
    assert csv.splitlines()[0] == "figure,exact,display" and "76548088303/33222050862000" in csv


@pytest.mark.parametrize("argv", [["--flash-rate", "120%"], ["--flash-rate", "x"],
                                  ["--flash-rate", "5%", "--known-dealer-cards", "1"],
                                  ["--flash-rate", "5%", "--table", "figures"]])
def test_solve_flash_rate_refused(capsys, argv):
    code, out, err = run(capsys, "solve", *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_collusion_sharing(capsys):
    code, out, _ = run(capsys, "collusion", "--players", "7", "--sharing", "3", "--deals", "2000", "--format",
                       "json")
    doc = json.loads(out)
    assert code == 0 and doc["players"] == 7 and doc["sharing"] == 3
    assert doc["dead_cards"] == 10 and doc["unseen_dead_cards"] == 20 and doc["completions_per_deal"] == 1820
    assert Fraction(doc["table_house_edge"]) == (3 * Fraction(doc["house_edge"]) + 4 * Fraction(
        142031221, 2718662100)) / 7
    code, text, _ = run(capsys, "collusion", "--players", "7", "--sharing", "3", "--deals", "2000")
    assert "7 players, 3 sharing their hands" in text and "20 dealt cards unseen" in text
    for bad in ("0", "8"):
        code, out, err = run(capsys, "collusion", "--players", "7", "--sharing", bad)
        assert code == 2 and "--sharing" in err


def test_detect_refuses_before_the_work(capsys):
    for argv in (["--error-rates", "60%"], ["--flash-rate", "2"], ["--error-rates", ","], ["--alpha", "0"],
                 ["--alpha", "1.5"], ["--beta", "50%"], ["--alpha", "x"], ["--alpha", "5%", "--error-rates", "1%"],
                 ["--hands-per-hour", "0"], ["--average-ante", "-1"], ["--players", "8"]):
        code, out, err = run(capsys, "detect", *argv)
        assert code == 2 and out == "" and err.startswith("error:") and len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_detect_table(capsys):
    code, out, _ = run(capsys, "detect", "--flash-rate", "25%", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and [x["leak"] for x in doc["leaks"]] == [leak.name for leak in LEAKS] + ["flash rate 25%"]
    assert [x["leak"] for x in doc["leaks"]][:4] == [
        "one hole card seen", "two hole cards seen", "three hole cards seen", "edge sorting: aces and kings"]
    one = doc["leaks"][0]["detection"]
    assert [(d["statistic"], d["alpha"], d["hands"]) for d in one] == [
        ("raise", "1/20", 89), ("raise", "1/100", 171), ("win", "1/20", 280), ("win", "1/100", 554)]
    assert one[0]["reject_when"] == "at least" and one[0]["checked"] == "exact"
    code, csv, _ = run(capsys, "detect", "--format", "csv")
    assert csv.splitlines()[1] == "one hole card seen,0.6160% house,4.6083%,23.04,69.58%,17.84%,16,89,171,280,554"


@pytest.mark.slow
def test_report_flash_rate(capsys):
    code, out, _ = run(capsys, "report", "--flash-rate", "10%", "--deals", "2000", "--hands-per-hour", "60",
                       "--average-ante", "25", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["flash"]["flash_rate"] == "1/10"
    assert doc["flash"]["hands_per_hour"] == "60" and doc["flash"]["average_ante"] == "25"
    assert Fraction(doc["flash"]["cost_per_table_hour"]) == 60 * 25 * Fraction(doc["flash"]["cost_per_hand"])
    code, md, _ = run(capsys, "report", "--flash-rate", "10%", "--deals", "2000")
    assert "## Game protection: a flashed hole card" in md


@pytest.mark.slow  # the tells of every leak (about 20 s); the walk's 'detect tells' runs it in the default run
def test_detect_by_tells(capsys):
    code, out, err = run(capsys, "detect", "--by", "tells", "--flash-rate", "5%", "--error-rates", "5%",
                         "--format", "json", "--quiet")
    assert code == 0 and err == ""
    doc = json.loads(out)
    rows = {x["leak"]: x for x in doc["leaks"]}
    one = rows["one hole card seen"]
    assert one["tell_share"] == str(Fraction(one["raise_below_ak"] + one["fold_pair"], one["total"]))
    assert one["hands_to_see"] == [{"confidence": "19/20", "hands": 16}]
    assert Fraction(one["hands_to_first"]) == 1 / Fraction(one["tell_share"])
    # a flash rate: the tells of the flashed hands only, the exact mixture
    assert Fraction(rows["flash rate 5%"]["tell_share"]) == Fraction(1, 20) * Fraction(one["tell_share"])
    assert set(rows) - {"flash rate 5%"} == {leak.name for leak in LEAKS}
    # the sequential view: the raise-rate test's n and the exact expected hands stopping early
    assert one["rate_test"]["hands"] == 89 and one["rate_test"]["expected_hands_exact"] is True
    assert one["rate_test"]["expected_hands"].startswith("78.676876")   # rounded to 10 places
    code, csv, _ = run(capsys, "detect", "--by", "tells", "--format", "csv", "--quiet")
    assert csv.splitlines()[0].startswith("leak,share of hands with a tell,exact,hands to see one at 95%")
    assert "\none hole card seen,17.84%,10443431/58530745,16,24,5.60,58530745/10443431,89,78.68," in csv


def test_detect_by_one_rate(capsys):
    code, out, _ = run(capsys, "detect", "--by", "raise-rate", "--error-rates", "5%", "--format", "json", "--quiet")
    doc = json.loads(out)
    assert code == 0 and {d["statistic"] for x in doc["leaks"] for d in x["detection"]} == {"raise"}
    assert doc["leaks"][0]["detection"][0]["hands"] == 89
    code, _, err = run(capsys, "detect", "--by", "tells-rate")
    assert code == 2 and "--by" in err and len(err.strip().splitlines()) == 1


def test_detect_alpha_beta_and_cost(capsys):
    code, out, _ = run(capsys, "detect", "--by", "raise-rate", "--alpha", "1%", "--beta", "10%", "--players", "3",
                       "--hands-per-hour", "60", "--average-ante", "25", "--format", "json", "--quiet")
    doc = json.loads(out)
    one = doc["leaks"][0]
    d = one["detection"][0]
    assert code == 0 and (d["alpha"], d["beta"]) == ("1/100", "1/10") and len(one["detection"]) == 1
    from caribbean_exact.house.protection import hands_needed
    assert d["hands"] == hands_needed(Fraction(d["p0"]), Fraction(d["p1"]), Fraction(1, 100), Fraction(1, 10)).hands
    assert Fraction(one["cost_per_table_hour"]) == 3 * 60 * 25 * Fraction(one["cost_per_hand"])
    assert one["cost_per_hand"] == "76548088303/1661102543100"   # 4.6083% of an ante
    code, text, _ = run(capsys, "detect", "--by", "raise-rate", "--beta", "10%", "--quiet")
    assert "alpha = 5%, beta = 10%" in text and "cost per table-hour" in text and "0.6160% house" in text


def test_any_leak_in_a_share_of_hands(capsys):
    """solve LEAK --rate X: the exact mixture (1 - X) plain + X leak, its ends the two games, the flash
    rate the one-seen-card case of it."""
    from caribbean_exact.play.game import solve
    from caribbean_exact.play.known_cards import solve_seen_class
    plain = solve().house_edge
    leak = solve_seen_class("2-7").report
    docs = {}
    for rate in ("0", "1/3", "1"):
        code, out, _ = run(capsys, "solve", "--seen-class", "2-7", "--rate", rate, "--format", "json", "--quiet")
        assert code == 0
        docs[rate] = json.loads(out)
    assert Fraction(docs["0"]["house_edge"]) == plain and Fraction(docs["0"]["cost_per_hand"]) == 0
    assert Fraction(docs["1"]["house_edge"]) == leak.house_edge
    third = docs["1/3"]
    assert Fraction(third["house_edge"]) == Fraction(2, 3) * plain + Fraction(1, 3) * leak.house_edge
    assert Fraction(third["raise_probability"]) == (Fraction(2, 3) * solve().raise_probability
                                                    + Fraction(1, 3) * leak.raise_probability)
    assert third["information"]["kind"] == "seen-class" and third["leak_house_edge"] == str(leak.house_edge)
    _, flash, _ = run(capsys, "solve", "--flash-rate", "5%", "--format", "json", "--quiet")
    _, rate, _ = run(capsys, "solve", "--known-dealer-cards", "1", "--rate", "5%", "--format", "json", "--quiet")
    assert json.loads(flash) == json.loads(rate)
    code, text, _ = run(capsys, "solve", "--sorted-ranks", "AK", "--rate", "10%", "--quiet")
    assert code == 0 and text.startswith("a leak seen in 10% of hands") and "6.16" in text


@pytest.mark.parametrize("argv", [["--rate", "5%"], ["--known-dealer-cards", "2", "--rate", "2"],
                                  ["--known-dealer-cards", "2", "--rate", "5%", "--table", "chart"],
                                  ["--known-dealer-cards", "1", "--sample", "--rate", "5%"]])
def test_rate_refused(capsys, argv):
    code, out, err = run(capsys, "solve", *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_report_leak(capsys):
    """report --leak NAME: the leak's section at the report's table, its figures the library's exact
    games (the house edges of the plain and the one-seen-card games, the tells of the chart, the rate
    test), the table-hour at the given rounds, ante and seats; in Markdown from the one block list."""
    from caribbean_exact.house.protection import hands_to_detect
    from caribbean_exact.house.tells import leak_tells
    from caribbean_exact.play.game import solve
    from caribbean_exact.play.known_cards import solve_seen_card

    code, out, _ = run(capsys, "report", "--leak", "One hole card  seen", "--deals", "2000", "--hands-per-hour", "60",
                       "--average-ante", "25", "--seats", "5", "--format", "json")
    assert code == 0
    doc = json.loads(out)["leak"]
    seen = solve_seen_card()
    cost = solve().house_edge - seen.report.house_edge
    assert doc["leak"] == "one hole card seen" and doc["house_edge"] == str(seen.report.house_edge)
    assert Fraction(doc["cost_per_hand"]) == cost and doc["seats"] == 5 and doc["players"] == 1
    assert Fraction(doc["cost_per_table_hour"]) == 60 * 25 * cost
    assert Fraction(doc["cost_per_table_hour_all_seats"]) == 5 * 60 * 25 * cost
    assert doc["tells"]["tell_share"] == str(leak_tells(seen.chart).share)
    raise_5 = next(d for d in doc["detection"] if d["statistic"] == "raise" and d["alpha"] == "1/20")
    assert raise_5["hands"] == hands_to_detect(seen.report, statistic="raise", alpha=Fraction(1, 20)).hands == 89
    code, md, _ = run(capsys, "report", "--leak", "one hole card seen", "--deals", "2000", "--seats", "5")
    assert "## Game protection: one hole card seen" in md
    assert "| cost per table-hour (all 5 seats)" in md and "| hands to see a tell, 95%" in md


def test_report_leak_refused(capsys):
    code, _, err = run(capsys, "report", "--leak", "x-ray vision", "--deals", "2000")
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("error: leak 'x-ray vision': expected one of one hole card seen; two hole cards seen")
