"""The error promise of the library: whatever a caller passes to a public function, it either works
or raises one of our exceptions (``CaribbeanError``; a bad value is ``InvalidCards`` / ``InvalidRules``,
both ``ValueError``; a value of the wrong type where a number or pay table goes is ``InvalidType``, a
``TypeError``). Never a bare ``TypeError``, ``AttributeError``, ``KeyError`` or a core status."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from fuzzutil import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

import caribbean_exact as ce
from caribbean_exact.errors import CaribbeanError, CoreError
from caribbean_exact.house import paytables, sidebets
from caribbean_exact.strategy import strategies as strategy

# not csan: argument checks in Python, before the C core (its own bad arguments: tests/engine/test_core.py)

#: Wrong types and out-of-range values every parameter is fed.
BAD = [None, True, False, 0, -1, 1, 2, 10**30, 0.5, math.nan, math.inf, "", "x", "2", "standard", "As",
       [], [1], ["x"], {}, {"a": 1}, (1, 2), object(), Fraction(-1, 3), b"AK", lambda *_: None]

RULES = ce.Rules()


def _report():
    return ce.solve()  # priced once per call: the counts are cached


#: name -> (function, valid keyword arguments); every keyword is replaced in turn by each BAD value.
CALLS = {
    "ev": (ce.ev, dict(hand="As Kd 7h 4c 2s", up="Qh", dead=None, dealer=None, paytable=None, qualifier=None,
                       ante=None, max_payout=None, rules=RULES)),
    "solve": (ce.solve, dict(paytable=None, qualifier=None, ante=None, max_payout=None, rules=None, threads=None,
                             raise_on_tie=False, ignore_up=False, progress=None)),
    "solve_all_seen": (ce.solve_all_seen, dict(rules=None, progress=None)),
    "seen_card_strategy": (ce.seen_card_strategy, dict(rules=None, threads=None, progress=None)),
    "sample": (ce.sample, dict(rules=None, known_dealer_cards=2, players=1, deals=20, seed=1, threads=None,
                               chunk=None, control_variate=True, progress=None)),
    "evaluate": (ce.evaluate, dict(strategy=lambda s: s.category >= 1, rules=None, name=None, progress=None)),
    "compare": (ce.compare, dict(names=["standard"], qualifier=None, ante=None, max_payout=None,
                                 paytables=None, baseline="standard", progress=None)),
    "cap_study": (ce.cap_study, dict(paytable=None, qualifier=None, max_payout=5000, antes=[25, 50],
                                     paytables=None, progress=None)),
    "progressive": (ce.progressive, dict(pays=None, convention="for", players=1, meter=100000,
                                         meters=[10000])),
    "bonus": (ce.bonus, dict(pays=None, convention="to")),
    "combined": (ce.combined, dict(rules=None, ante=10, rounds_per_hour=50, progressive_report=None,
                                   progressive_stake=1, bonus_report=None, bonus_stake=1)),
    "Rules.make": (ce.Rules.make, dict(paytable=None, qualifier=None, ante=None, max_payout=None,
                                       paytables=None)),
    "Rules": (ce.Rules, dict(paytable=ce.get_paytable(None), qualifier=ce.Qualifier.parse("AK"), ante=None,
                             max_payout=None)),
    "Qualifier.parse": (ce.Qualifier.parse, dict(spec="AK")),
    "Paytable.from_numbers": (ce.Paytable.from_numbers, dict(numbers="100,50,20,7,5,4,3,2,1,1", name="x")),
    "get_paytable": (ce.get_paytable, dict(spec="standard", extra=None)),
    "parse_cards": (ce.parse_cards, dict(cards="As Kd")),
    "Card": (ce.Card, dict(card="As")),
    "parse_rule_file": (ce.parse_rule_file, dict(text="raise if hand >= pair", origin="rule file")),
    "paytable_list": (paytables.paytable_list, dict(paytables_file=None)),
    "royal_share": (sidebets.royal_share, dict(players=2)),
    "decision": (lambda **kw: _report().decision(**kw), dict(hand="As Kd 7h 4c 2s", up="Qh")),
    "holds": (lambda **kw: strategy.Situation((12, 11, 9, 6, 1), False, 0, 1200, 3, 1).holds(kw["rank"]),
              dict(rank="Q")),
    "compare_strategies": (ce.compare_strategies, dict(rules=None, extra=(), progress=None)),
}
#: Calls too slow to repeat for every bad value of every parameter: only their cheap failures.
SLOW = {"compare_strategies", "cap_study"}


def call(fn, kwargs):
    try:
        fn(**kwargs)
    except CoreError as e:  # the Python layer should have refused it
        pytest.fail(f"a core status reached the caller: {e}")
    except CaribbeanError as e:
        assert str(e), "an error without a message"
        if not isinstance(e, CoreError):
            assert isinstance(e, ValueError | ce.InvalidType)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_valid_call_works(name):
    fn, kwargs = CALLS[name]
    fn(**kwargs)


#: The calls whose bad-value sweep takes seconds (each accepted value runs the whole computation):
#: in the slow run only.
#: Whose every bad value costs a solve before the check (seconds in all): the default run sweeps the others.
SWEPT_SLOWLY = {"evaluate", "seen_card_rules", "cap_study", "seen_card_strategy", "compare"}


@pytest.mark.parametrize("name", [pytest.param(n, marks=[pytest.mark.slow] * (n in SWEPT_SLOWLY))
                                  for n in sorted(CALLS)])
def test_every_parameter_refuses_bad_values_with_our_errors(name):
    fn, kwargs = CALLS[name]
    for param in kwargs:
        for bad in BAD:
            if name in SLOW and bad in (None, (), [], False) and param in ("progress", "extra", "rules"):
                continue  # valid (and slow) values
            call(fn, {**kwargs, param: bad})


@fuzz_settings(150)
@given(name=st.sampled_from(sorted(set(CALLS) - SLOW)), data=st.data())
def test_random_values_for_random_parameters(name, data):
    fn, kwargs = CALLS[name]
    value = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(), st.text(max_size=12),
                      st.lists(st.integers(-5, 60), max_size=6), st.fractions())
    params = data.draw(st.lists(st.sampled_from(sorted(kwargs)), min_size=1, max_size=3, unique=True))
    new = {p: data.draw(value) for p in params}
    if name == "sample" and isinstance(new.get("deals"), int) and new["deals"] > 200:
        new["deals"] = 200  # keep the run short; the bound itself is tested above
    call(fn, {**kwargs, **new})


def test_threads_are_checked_and_used():
    with pytest.raises(ce.InvalidRules, match="threads"):
        ce.solve(qualifier="44", threads="2")
    with pytest.raises(ce.InvalidRules, match="threads"):
        ce.solve(threads=1000)
    with pytest.raises(ce.InvalidRules, match="threads"):
        ce.solve(threads=0)
    assert ce.solve(threads=1).total_return == ce.solve(threads=2).total_return


def test_named_failures_of_the_issue():
    with pytest.raises(ce.InvalidRules, match="rules"):
        ce.combined(rules="standard")
    assert strategy.Situation((8, 11, 9, 6, 1), False, 0, 900, 3, 1).holds("10")
    with pytest.raises(ce.InvalidCards, match="rank"):
        strategy.Situation((8, 11, 9, 6, 1), False, 0, 900, 3, 1).holds("1")
    rows = ce.compare("standard")
    assert [r.name for r in rows] == ["standard"]


@pytest.mark.parametrize("fd", [0, 1, 2, True])
def test_a_file_name_that_is_a_number_is_refused_not_opened(fd):
    """open(2) would read standard error and close it (the process then dies without a word)."""
    with pytest.raises(ce.InvalidRules, match="not a file name"):
        paytables.paytable_list(fd)
    with pytest.raises(ce.InvalidRules, match="not a file name"):
        ce.load_rule_file(fd)
