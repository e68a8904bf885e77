"""Defects found by trying the product as each user would (documents issue, section 4), each
refused or answered as a person expects."""

from __future__ import annotations

from fractions import Fraction

import pytest

import caribbean_exact as ce
from caribbean_exact.cli import main


def _one_line_error(capsys, argv):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("error: ")
    return err


@pytest.mark.parametrize("name", ["100,50,20,7,5,4,3,2,1,2", "100/50/20/7/5/4/3/2/1/1", " 1 1 1 1 1 1 1 1 1 1 "])
def test_a_pay_table_named_like_a_list_of_pays_is_refused_at_load(tmp_path, capsys, name):
    f = tmp_path / "t.toml"
    f.write_text(f'[[paytable]]\nname = "{name}"\npays = [200,50,20,7,5,4,3,2,1,1]\n')
    err = _one_line_error(capsys, ["solve", "--paytables", str(f)])
    assert "reads as a list of pays" in err
    from caribbean_exact.model.rules import load_paytables_file

    with pytest.raises(ce.InvalidRules, match="reads as a list of pays"):
        load_paytables_file(str(f))


def test_names_with_digits_that_are_not_pays_still_load(tmp_path):
    from caribbean_exact.model.rules import load_paytables_file

    f = tmp_path / "t.toml"
    f.write_text('[[paytable]]\nname = "Casino 2026 (table 5)"\npays = [200,50,20,7,5,4,3,2,1,1]\n')
    assert list(load_paytables_file(str(f))) == ["casino 2026 (table 5)"]


def test_an_empty_name_is_reported_as_empty_not_missing(tmp_path, capsys):
    f = tmp_path / "t.toml"
    f.write_text('[[paytable]]\nname = "  "\npays = [200,50,20,7,5,4,3,2,1,1]\n')
    assert "field 'name' is empty" in _one_line_error(capsys, ["solve", "--paytables", str(f)])
    f.write_text("[[paytable]]\npays = [200,50,20,7,5,4,3,2,1,1]\n")
    assert "field 'name' is missing" in _one_line_error(capsys, ["solve", "--paytables", str(f)])


@pytest.mark.parametrize("selector", ["\ufe0e", "\ufe0f"])
def test_either_variation_selector_after_a_suit_symbol_is_read(selector):
    want = ce.ev("As Kd 7h 4c 2s", "Qh")
    got = ce.ev(f"A\u2660{selector} K\u2666{selector} 7h 4c 2s", f"Q\u2665{selector}")
    assert got.ev_raise == want.ev_raise and got.hand == want.hand


@pytest.mark.parametrize("hand", ["AKJ83", "A K J 8 3", "a,k,j,8,3", "10 K J 8 3"])
def test_ranks_without_suits_point_to_the_rank_query(hand):
    with pytest.raises(ce.InvalidCards, match=r"ranks without suits.*ev_ranks"):
        ce.ev(hand, "Kh")


def test_extra_positional_cards_raise_our_error_not_a_type_error():
    with pytest.raises(ce.InvalidCards, match="dead='Ac'"):
        ce.ev("As Kd 7h 4c 2s", "Qh", "Ac")
    assert issubclass(ce.InvalidCards, ValueError)


def test_one_seat_limit_with_its_reason(capsys):
    for argv in (["progressive", "--players", "8"], ["collusion", "--players", "8"], ["report", "--seats", "8"],
                 ["report", "--seats", "0"]):
        assert "expected 1 to 7 (a Caribbean Stud table has 7 seats)" in _one_line_error(capsys, argv)
    with pytest.raises(ce.InvalidRules, match="7 seats"):
        ce.progressive(players=8)
    assert ce.progressive(players=7).players == 7


def test_counts_read_as_english(capsys):
    assert main(["ev", "As Kd 7h 4c 2s", "--up", "Qh", "--dealer", "Ac 2d 3h 4d"]) == 0
    out = capsys.readouterr().out
    assert "(over 1 dealer completion)" in out
    assert main(["ev", "AKJ83", "--up", "A"]) == 0
    assert capsys.readouterr().out.startswith("AKJ83 against an A up card:")
    assert main(["ev", "AKJ83", "--up", "8"]) == 0
    assert capsys.readouterr().out.startswith("AKJ83 against an 8 up card:")


def test_a_rank_query_with_an_ante_shows_the_margins_in_money(capsys):
    assert main(["ev", "AKJ83", "--up", "K", "--ante", "25"]) == 0
    out = capsys.readouterr().out
    assert "ante 25" in out.splitlines()[1] and "lowest (money)" in out
    q = ce.ev_ranks("AKJ83", "K")
    first = q.groups[0]
    assert f"{float(first.lowest_margin * 25):,.2f}" in out.splitlines()[5]
    assert main(["ev", "AKJ83", "--up", "K"]) == 0
    assert "money" not in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["ev", "AKJ83", "--up", "K"], ["ev", "AKQ52", "--up", "9"],
                                  ["ev", "AKQ72", "--up", "6"], ["ev", "As Kd 7h 4c 2s", "--up", "Qh"],
                                  ["ev", "Ac Ad 7h 4c 2s", "--up", "Qh", "--verbose"],
                                  ["ev", "As Kd 7h 4c 2s", "--up", "Qh", "--qualifier", "pair", "--paytable",
                                   "live-dealer"]])
def test_ev_text_fits_80_columns(capsys, argv):
    from caribbean_exact.render.play.game import reason, wrap
    assert main(argv) == 0
    out = capsys.readouterr().out
    # the rules line names the pay table and is not wrapped (left: it grows with a table's name)
    assert max(len(x) for x in out.splitlines() if not x.startswith("rules: ")) <= 80, out
    if "why:" in out:  # the why line wrapped, its words unchanged
        why = out[out.index("why:"):].split("\n\n")[0]
        d = ce.ev(argv[1], argv[3], **({"qualifier": "pair", "paytable": "live-dealer"} if "pair" in argv else {}))
        assert " ".join(why.split()) == " ".join(f"why: {reason(d)}".split())
    assert wrap("a " * 50, 10).count("\n") == 9


def test_a_mixed_rank_query_says_what_the_others_do(capsys):
    assert main(["ev", "AKQ52", "--up", "9"]) == 0
    out = capsys.readouterr().out
    q = ce.ev_ranks("AKQ52", "9")
    flushes = sum(g.total for g in q.groups if g.flush)
    assert q.raises == flushes == 4 and all(g.raises == 0 for g in q.groups if not g.flush)
    assert " ".join(out.split("\n")[:2]) == ("AKQ52 against a 9 up card: raise 4 of 1024 suit combinations, below; "
                                             "every other suit combination folds")
    assert main(["ev", "AKJ83", "--up", "K", "--format", "csv"]) == 0  # CSV keeps the full labels
    csv_out = capsys.readouterr().out
    assert "cards in the up card's suit,combinations" in csv_out and "all five suited (flush)" in csv_out


@pytest.mark.parametrize("argv", [
    ["ev", "As", "Ks", "Qs", "Js", "2d", "--up", "5h", "--switch-fees", "1,2,3,4,5"],
    ["ev", "2c", "7h", "Td", "9s", "Jd", "--up", "3c", "--switch-fees", "1"],
    ["paytables"],
    ["ev", "AKJ83", "--up", "K"],
])
def test_switching_and_paytables_fit_80_columns_and_wide_gives_the_full_tables(capsys, argv):
    """#36 item 7: ev --switch-fees (was 113 columns) and paytables (was 285) fit 80 columns by
    default; --wide gives the full table, the CSV's columns and exact values."""
    import csv
    import io

    assert main(argv) == 0
    out = capsys.readouterr().out
    assert max(len(x) for x in out.splitlines() if not x.startswith("rules: ")) <= 80, out
    assert main([*argv, "--wide"]) == 0
    wide = capsys.readouterr().out
    assert main([*argv, "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    head = next(x for x in wide.splitlines() if x.startswith(("switch ", "name ", "cards in")))
    assert head.split("  ")[0] == rows[0][0] and len([h for h in head.split("  ") if h.strip()]) == len(rows[0])
    for row in rows[1:]:  # every cell of the CSV, exact fractions and full labels, in the wide table
        line = next(x for x in wide.splitlines() if x.startswith(row[0] + "  "))
        assert all(c in line for c in row), (row, line)
    if argv[0] == "paytables":
        for row in rows[1:]:  # the compact text keeps every word of where and source, wrapped
            assert " ".join(row[2].split()) in " ".join(out.split())
    else:
        assert max(map(len, wide.splitlines())) > 80
        if "--switch-fees" in argv:  # the compact table's decimals are the exact EVs', its rows all there
            for row in rows[1:]:
                line = next(x for x in out.splitlines() if x.startswith(row[0] + "  "))
                assert line.split()[len(row[0].split()) + 1] == f"{float(Fraction(row[2])):.6f}" == row[3]
                assert "replacements" not in line
    code = main([*argv, "--wide", "--format", "json"])
    assert code == 2 and "--wide changes nothing with --format json" in capsys.readouterr().err


def test_wide_is_refused_where_it_changes_nothing(capsys):
    assert main(["ev", "As", "Ks", "Qs", "Js", "2d", "--up", "5h", "--wide"]) == 2
    assert "--wide" in capsys.readouterr().err
