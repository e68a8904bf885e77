"""Rules as people type them: qualifiers, pay tables, names."""

from fractions import Fraction

import numpy as np
import pytest

import caribbean_exact as ce
from caribbean_exact.cli import main
from caribbean_exact.errors import InvalidRules
from caribbean_exact.model.draw import Draw
from caribbean_exact.model.hands import CATEGORY_INDEX, patterns
from caribbean_exact.model.rules import (
    Paytable,
    Qualifier,
    Rules,
    exact_text,
    get_paytable,
    load_paytables_file,
    to_fraction,
)

pytestmark = pytest.mark.csan


@pytest.mark.parametrize("spec,same_as", [
    ("1113", "AK"), ("value 1113", "AK"), (1113, "AK"), ("ace king", "AK"), ("Ace-King", "AK"),
    ("ace-king or better", "AK"), ("pair of 4s", "44"), ("pair of fours", "44"), ("a pair of 10s", "TT"),
    ("high card", "none"), ("7462", 7462), ("0", "none"), ("two pair", "two pair"),
])
def test_qualifier_forms(spec, same_as):
    assert Qualifier.parse(spec).value == Qualifier.parse(same_as).value


def test_qualifier_values_are_what_they_say():
    # the lowest A-K hand and the lowest pair of 4s, from the pattern table
    lowest_ak = min(p.value for p in patterns() if p.category == 0 and p.grouped[:2] == (12, 11))
    lowest_44 = min(p.value for p in patterns() if p.category == CATEGORY_INDEX["pair"] and p.grouped[0] == 2)
    assert Qualifier.parse("AK").value == lowest_ak == 1113
    assert Qualifier.parse("pair of 4s").value == lowest_44
    # 7462 never qualifies: every dealer hand is "not qualified", so a raise always wins the ante
    d = ce.ev("As Kd 7h 4c 2s", "Qh", qualifier="7462")
    assert d.counts.not_qualify == d.counts.total == 163185


@pytest.mark.parametrize("spec,needle", [("AKJ38", "high to low"), ("KA", "'AK'"), ("pair of zebras", "rank"),
                                         ("7463", "0..7462"), ("value 99999", "0..7462"), ("best", "expected")])
def test_qualifier_errors_say_what_to_write(spec, needle):
    with pytest.raises(ce.InvalidRules, match=needle):
        Qualifier.parse(spec)


def test_cli_qualifier_value(capsys):
    assert main(["solve", "--qualifier", "1113", "--format", "json", "--quiet"]) == 0
    assert '"qualifier_value": 1113' in capsys.readouterr().out


@pytest.mark.parametrize("pays,text", [
    ("100,50,20,7,5,4,3,2,1.5,1", "100/50/20/7/5/4/3/2/1.5/1"),
    ("100,50,20,7,5,4,3,2,1,1", "100/50/20/7/5/4/3/2/1/1"),
    ("100,50,20,7,5,4,3,2,4/3,1", "100, 50, 20, 7, 5, 4, 3, 2, 4/3, 1"),
    ("100,50,20,7,5,4,3,2,0.125,1", "100/50/20/7/5/4/3/2/0.125/1"),
])
def test_pays_always_read_as_ten(pays, text):
    t = ce.Paytable.from_numbers(pays)
    assert t.short() == text
    sep = ", " if ", " in text else "/"
    assert len(text.split(sep)) == 10
    assert [Fraction(x) for x in text.split(sep)] == list(t.pays)


def test_exact_text():
    assert [exact_text(Fraction(x)) for x in ("3/2", "-3/2", "7", "1/3", "1/1024", "5/4")] == [
        "1.5", "-1.5", "7", "1/3", "0.0009765625", "1.25"]


def test_a_user_table_may_not_take_a_builtin_name(tmp_path, capsys):
    f = tmp_path / "t.toml"
    f.write_text('[[paytable]]\nname = "Standard"\npays = [100,50,20,7,5,4,3,2,1,2]\n')
    with pytest.raises(ce.InvalidRules, match="built-in"):
        load_paytables_file(str(f))
    for cmd in (["solve"], ["compare"], ["paytables"], ["chart"]):
        assert main([*cmd, "--paytables", str(f)]) == 2
        assert "has the name of a built-in table" in capsys.readouterr().err
    with pytest.raises(ce.InvalidRules, match="built-in"):
        ce.get_paytable("standard", {"standard": ce.Paytable.from_numbers("1,1,1,1,1,1,1,1,1,1", "standard")})


# ---------------------------------------------------------------- the raise size


def test_the_raise_size_is_a_field_of_the_rules_with_the_standard_default():
    assert ce.Rules().raise_antes == 2
    assert ce.Rules().nets() == ce.Rules(raise_antes=2).nets()
    n = ce.Rules(raise_antes=3).nets()
    assert (n.fold, n.not_qualify, n.tie, n.lose) == (-1, 1, 0, -4)
    assert n.win == tuple(1 + 3 * p for p in ce.get_paytable("standard").pays[::-1])
    assert ce.Rules.make(raise_antes=5).raise_antes == 5
    assert ce.Rules.make(raise_antes=5) is ce.Rules.make(raise_antes=5)  # cached like the other fields
    assert ce.Rules.make(raise_antes=5) != ce.Rules.make()


@pytest.mark.parametrize("bad", [0, 11, -2, 2.0, True, "2", None])
def test_a_raise_size_out_of_range_is_refused_naming_the_field(bad):
    with pytest.raises(ce.InvalidRules, match="raise_antes"):
        ce.Rules(raise_antes=bad)
    with pytest.raises(ce.InvalidRules, match="raise_antes"):
        ce.Rules.make(raise_antes=bad)


@pytest.mark.parametrize("raise_antes", [1, 3, 10])
def test_one_situation_prices_the_raise_from_its_counts(raise_antes):
    """EV of raising, priced by hand from the outcome counts: nq pays the ante, a win pays the ante
    and the raise times the pay, a loss costs 1 + raise_antes."""
    rules = ce.Rules(raise_antes=raise_antes)
    pays = ce.get_paytable("standard").pays[::-1]  # by category index, high card first
    for hand, up in [("As Kd 7h 4c 2s", "Qh"), ("Ac Ad 7h 4c 2s", "Qh"), ("Kc Kd Kh 4c 2s", "3h"),
                     ("As Ks Qs Js Ts", "2h")]:
        d = ce.ev(hand, up, rules=rules)
        c = d.counts
        want = Fraction(c.not_qualify + c.win * (1 + raise_antes * pays[d.player_category])
                        - c.lose * (1 + raise_antes), c.total)
        assert d.ev_raise == want
        assert d.ev_fold == -1


def test_the_whole_game_follows_the_raise_size():
    """The strategy changes with the raise, and the report's figures stay consistent with its own
    return table; a raise of 2 is the standard game exactly."""
    base = ce.solve()
    assert ce.solve(rules=ce.Rules(raise_antes=2)).house_edge == base.house_edge
    for r in (1, 3):
        g = ce.solve(rules=ce.Rules(raise_antes=r))
        assert g.expected_wager == 1 + r * g.raise_probability
        assert g.return_per_ante == sum(Fraction(x.count) * x.net for x in g.return_table()) / g.total_weight
        assert g.house_edge != base.house_edge
        # every raising situation of the game is one where raising beats folding under these nets
        d = g.decision("Ac Ad 7h 4c 2s", "Qh")
        assert d.ev_raise == ce.ev("Ac Ad 7h 4c 2s", "Qh", rules=g.rules).ev_raise


@pytest.mark.parametrize("spec", ["-1", "-1113", "--5", "value -3", "5-", "- AK", "\u0663", "\u00b2", "value \u0663",
                                  "#\u00b2", "\u0661\u0661\u0661\u0663"])
def test_a_signed_or_unicode_qualifier_is_refused(spec):
    """The "-" of "Ace-King" used to swallow a sign ("-1113" read as 1113, "--5" as 5-high), and
    Arabic-Indic digits read as 0-9."""
    with pytest.raises(InvalidRules, match=r"qualifier .*: expected 'AK', 'pair'"):
        Qualifier.parse(spec)
    assert Qualifier.parse("Ace-King").value == 1113
    assert Qualifier.parse("two-pair").value == Qualifier.parse("two pair").value


@pytest.mark.parametrize("text,value", [
    ("1e2", 100), ("1E2", 100), ("2.5e-3", Fraction(1, 400)), ("1e-300", Fraction(1, 10**300)), ("1e300", 10**300),
    ("1,000", 1000), ("250,000", 250_000), ("1,000,000.5", Fraction(2_000_001, 2)), ("100.50", Fraction(201, 2)),
    ("3/4", Fraction(3, 4)), ("-2.5", Fraction(-5, 2)), (".5", Fraction(1, 2)), ("0e100000", 0), ("1_000", 1000),
])
def test_one_number_reader(text, value):
    assert to_fraction(text, "x") == value
    assert isinstance(to_fraction(text, "x"), Fraction)


@pytest.mark.parametrize("text", ["nan", "inf", "-inf", "Infinity", "\u0663", "\u00b2", "1\u0663", "1,00", "12,3456",
                                  "1,0000", ",100", "100,", "1e", "e5", "1e2.5", "1/0", "1//2", "0x10", "1 000"])
def test_the_number_reader_refuses(text):
    with pytest.raises(InvalidRules, match=r"x: .* (is not a number|divides by zero)"):
        to_fraction(text, "x")


def test_every_rational_is_an_exact_number():
    """Issue #33 item 4: numbers.Rational (numpy's integers), Decimal at its exact value."""
    import decimal

    cases = [(np.int64(25), 25), (np.int8(-3), -3), (np.uint64(2**63), 2**63), (Fraction(7, 3), Fraction(7, 3)),
             (decimal.Decimal("2.5"), Fraction(5, 2)), (decimal.Decimal("0.1"), Fraction(1, 10)),
             (decimal.Decimal("1E+3"), 1000), (decimal.Decimal("-0.000"), 0), (decimal.Decimal("0E-100000"), 0),
             (np.float64(0.1), Fraction(1, 10)), (0.1, Fraction(1, 10)), (np.float32(0.5), Fraction(1, 2))]
    for x, value in cases:
        got = to_fraction(x, "x")
        assert got == value and type(got) is Fraction, (x, got)
    assert Rules.make(ante=decimal.Decimal("2.5")).ante == Fraction(5, 2)
    assert Rules.make(ante=np.int64(25), max_payout=np.int32(5000)).max_payout == 5000
    table = np.array([100, 50, 20, 7, 5, 4, 3, 2, 1, 1], dtype=np.int64)
    assert Paytable.from_numbers(table).pays == get_paytable("standard").pays
    assert Rules.make(paytable=table).paytable.pays == get_paytable("standard").pays
    assert Draw.parse(np.array([1, 2, 3])).fees.fees == (1, 2, 3)  # a fee schedule as an array too
    for x in (decimal.Decimal("nan"), decimal.Decimal("inf"), decimal.Decimal("1E+100000"), np.float64("inf")):
        with pytest.raises(InvalidRules):
            to_fraction(x, "x")


@pytest.mark.parametrize("bad", [object(), [1], (1,), None, True, np.array([1, 2]), {"a": 1}, b"12", complex(1, 2)])
def test_a_wrong_type_is_a_type_error_not_invalid_rules(bad):
    with pytest.raises(TypeError, match=r"^x: .* not a number$") as e:
        to_fraction(bad, "x")
    assert isinstance(e.value, ce.InvalidType) and not isinstance(e.value, InvalidRules)
    if bad is None:  # allowed for the ante: no ante
        assert Rules.make(ante=bad).ante is None
        return
    with pytest.raises(TypeError, match="ante"):
        Rules.make(ante=bad)


@pytest.mark.parametrize("bad", [object(), 5, 2.5, {"a": 1}])
def test_a_pay_table_of_the_wrong_type_is_a_type_error(bad):
    with pytest.raises(TypeError, match="pay table"):
        get_paytable(bad)
    with pytest.raises(TypeError, match="pay table"):
        Paytable.from_numbers(bad)
    with pytest.raises(TypeError, match="not a number"):
        get_paytable([100, 50, 20, 7, 5, 4, 3, 2, 1, object()])
    with pytest.raises(TypeError, match="not a number"):
        get_paytable([100, 50, 20, 7, 5, 4, 3, 2, 1, [1]])


def test_a_huge_exponent_is_refused_before_it_is_built():
    import time
    start = time.perf_counter()
    for text in ("1e100000", "1e-100000", "1e999999999999", "9" * 500 + "e600"):
        with pytest.raises(InvalidRules, match="more than the limit of 1,000 digits"):
            to_fraction(text, "x")
    assert time.perf_counter() - start < 1
