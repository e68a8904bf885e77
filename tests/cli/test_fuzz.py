"""Fuzzing every parser with arbitrary input: cards, pay tables, qualifier, rules, TOML files, files
on disk, and the command line. Only our documented exceptions may come out (InvalidCards for
cards, InvalidRules for rules and files; both CaribbeanError and ValueError), never another
exception and never a crash; the CLI exits 0 or 2 (never 1) and never prints a traceback.

Each error is recorded by where it was raised (library) or by its message template (CLI), so a
run can report how many distinct error paths the fuzz reached: set CARIBBEAN_EXACT_FUZZ_STATS=FILE.
CARIBBEAN_EXACT_FUZZ_SCALE=N multiplies the number of examples (runs stay reproducible).
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from fuzzutil import fuzz_settings, write_stats
from hypothesis import assume, given
from hypothesis import strategies as st

import caribbean_exact as ce
from caribbean_exact import cli, render
from caribbean_exact.engine import _ffi
from caribbean_exact.errors import CaribbeanError, InvalidCards, InvalidRules, InvalidType
from caribbean_exact.model.cards import Card, format_cards, parse_cards
from caribbean_exact.model.rules import (
    Paytable,
    Qualifier,
    Rules,
    get_paytable,
    load_paytables_file,
    load_paytables_text,
    to_fraction,
)
from caribbean_exact.play import game

# not csan: the C core's inputs are fuzzed at the ffi (tests/engine/test_ffi_fuzz.py, under the sanitizers);
# here the command line's parsing and messages

AK = Qualifier.parse("AK").value
INPUTS: Counter[str] = Counter()        # fuzzed inputs per target
PATHS: Counter[str] = Counter()         # distinct error paths (raise site or CLI message template)
OUTCOMES: Counter[str] = Counter()      # CLI exit codes ("expensive": accepted, counting skipped)


@pytest.fixture(scope="module", autouse=True)
def _report_stats():
    yield
    write_stats({"module": "fuzz", "inputs": sum(INPUTS.values()), "by_target": dict(INPUTS),
                 "cli_outcomes": dict(OUTCOMES), "paths": sorted(PATHS)})


def raise_site(e: BaseException) -> str:
    tb = e.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None:
        return type(e).__name__
    return f"{type(e).__name__}@{Path(tb.tb_frame.f_code.co_filename).name}:{tb.tb_lineno}"


def call(target: str, fn: Callable[[], object], allowed: tuple[type[BaseException], ...]) -> object:
    """Run fn; an allowed exception is recorded and returned, anything else fails the test."""
    INPUTS[target] += 1
    try:
        return fn()
    except allowed as e:
        assert isinstance(e, CaribbeanError) and isinstance(e, ValueError | InvalidType)
        assert (str(e) and "\n" not in str(e).strip()) or target.startswith("toml"), str(e)
        PATHS[f"{target}: {raise_site(e)}"] += 1
        return e


# ---------------------------------------------------------------- text strategies

RANK_TOKENS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "10", "J", "Q", "K", "A", "t", "j", "q", "k", "a",
               "1", "0", "11", "B", ""]
SUIT_TOKENS = ["c", "d", "h", "s", "C", "D", "H", "S", "♣", "♦", "♥", "♠", "♧", "♢", "♡", "♤", "x", "", "♛"]
SEPARATORS = [" ", "", ",", ";", "  ", "\t", "\n", ", ", "/", "-", "\u00a0", "\u3000"]

card_tokens = st.builds(lambda r, s: r + s, st.sampled_from(RANK_TOKENS), st.sampled_from(SUIT_TOKENS))
#: text that looks like cards: mostly valid tokens, with junk mixed in
card_text = st.one_of(
    st.lists(st.tuples(card_tokens, st.sampled_from(SEPARATORS)), max_size=9).map(
        lambda xs: "".join(t + s for t, s in xs)),
    st.text(alphabet="23456789TJQKAtjqka10cdhsCDHS♠♥♦♣ ,;xZ\t\n-", max_size=30),
    st.text(max_size=30),
)
any_text = st.one_of(st.text(max_size=40), st.text(alphabet=st.characters(codec="utf-8"), max_size=20),
                     st.binary(max_size=20).map(lambda b: b.decode("latin-1")))
number_text = st.one_of(
    st.integers(-10**6, 10**6).map(str), st.fractions().map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.text(alphabet="0123456789./-+_eE ", max_size=12),
    st.sampled_from(["1/0", "0/0", "1e3", "nan", "inf", "-0", "1_000", "١٢", "½", "1" * 5000, "", " "]),
)
objects = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=10), st.binary(max_size=6),
              st.fractions(), st.builds(Card, st.integers(0, 51))),
    lambda inner: st.one_of(st.lists(inner, max_size=6), st.tuples(inner, inner),
                            st.dictionaries(st.text(max_size=4), inner, max_size=3),
                            st.frozensets(st.integers(0, 60), max_size=6)),
    max_leaves=12,
)


# ---------------------------------------------------------------- cards

@fuzz_settings(350)
@given(text=card_text)
def test_card_text(text):
    got = call("parse_cards", lambda: parse_cards(text), (InvalidCards,))
    if not isinstance(got, Exception):
        assert all(isinstance(c, Card) for c in got)
        assert parse_cards(format_cards(got)) == got  # what we print, we read back
    one = call("Card.parse", lambda: Card.parse(text), (InvalidCards,))
    if not isinstance(one, Exception):
        assert Card.parse(str(one)) == one and got == (one,)


@fuzz_settings(150)
@given(obj=objects)
def test_cards_from_any_object(obj):
    got = call("parse_cards(object)", lambda: parse_cards(obj), (InvalidCards,))
    if not isinstance(got, Exception):
        assert all(isinstance(c, Card) for c in got)
    call("Card(object)", lambda: Card(obj), (InvalidCards,))


@fuzz_settings(150)
@given(hand=card_text, up=card_text, dead=st.one_of(st.none(), card_text), dealer=st.one_of(st.none(), card_text))
def test_ev_with_arbitrary_card_text(hand, up, dead, dealer):
    d = call("ev(cards)", lambda: ce.ev(hand, up, dead=dead, dealer=dealer), (InvalidCards,))
    if not isinstance(d, Exception):
        n_unseen = 46 - len(d.dead) - len(d.dealer)
        assert d.counts.total == math.comb(n_unseen, 4 - len(d.dealer))


@fuzz_settings(100)
@given(deck=st.permutations(range(52)), n_hand=st.integers(0, 7), n_up=st.integers(0, 2),
       n_dead=st.integers(0, 48), n_dealer=st.integers(0, 6), dup=st.integers(0, 60))
def test_ev_with_valid_tokens_in_bad_amounts(deck, n_hand, n_up, n_dead, n_dealer, dup):
    """Well-formed cards in wrong numbers, repeated, or leaving too few cards for the dealer."""
    cards = [str(Card(c)) for c in deck]
    if dup < len(cards):
        cards.insert(dup % 11, cards[dup])  # one card twice, somewhere
    i = 0
    parts = []
    for n in (n_hand, n_up, n_dead, n_dealer):
        parts.append(" ".join(cards[i:i + n]))
        i += n
    d = call("ev(amounts)", lambda: ce.ev(parts[0], parts[1], dead=parts[2], dealer=parts[3]), (InvalidCards,))
    if not isinstance(d, Exception):
        assert (len(d.hand), len(d.dealer)) == (5, n_dealer)


# ---------------------------------------------------------------- pay tables, qualifier, rules

@fuzz_settings(200)
@given(x=st.one_of(number_text, objects))
def test_to_fraction(x):
    got = call("to_fraction", lambda: to_fraction(x, "field"), (InvalidRules, InvalidType))
    if not isinstance(got, Exception):
        assert isinstance(got, Fraction)


paytable_text = st.one_of(
    st.lists(number_text, max_size=12).flatmap(
        lambda xs: st.sampled_from([",", " ", ";", "/", ", "]).map(lambda sep: sep.join(xs))),
    st.sampled_from(["standard", "STANDARD ", "live-dealer", "royal-250", "nosuch", "", "1,2",
                     "100/50/20/7/5/4/3/2/1/1"]),
    any_text,
)


@fuzz_settings(200)
@given(spec=st.one_of(paytable_text, objects, st.lists(number_text, min_size=10, max_size=10)))
def test_paytable_spec(spec):
    got = call("get_paytable", lambda: get_paytable(spec), (InvalidRules, InvalidType))
    if not isinstance(got, Exception):
        assert isinstance(got, Paytable) and len(got.pays) == 10 and min(got.pays) >= 0
    if isinstance(spec, str):
        call("Paytable.from_numbers", lambda: Paytable.from_numbers(spec), (InvalidRules, InvalidType))


QUALIFIER_WORDS = ["AK", "ak", "pair", "44", "AKJ83", "none", "any", "two pair", "flush", "royal", "or better",
                   "A", "K", "10", "T", "2", "22222", "AAAAK", "-", "_", " ", "one", "set", "quads", "best"]


@fuzz_settings(200)
@given(spec=st.one_of(st.lists(st.sampled_from(QUALIFIER_WORDS), max_size=4).map(" ".join),
                      st.text(alphabet="AKQJT98765432atkq10 -_", max_size=8), any_text, objects,
                      st.integers(-10, 8000)))
def test_qualifier(spec):
    got = call("Qualifier.parse", lambda: Qualifier.parse(spec), (InvalidRules,))
    if not isinstance(got, Exception):
        assert 0 <= got.value <= _ffi.NUM_VALUES


@fuzz_settings(150)
@given(paytable=st.one_of(st.none(), paytable_text),
       qualifier=st.one_of(st.none(), any_text, st.sampled_from(QUALIFIER_WORDS)),
       ante=st.one_of(st.none(), number_text, objects), cap=st.one_of(st.none(), number_text, objects))
def test_rules(paytable, qualifier, ante, cap):
    r = call("Rules.make", lambda: Rules.make(paytable, qualifier, ante, cap), (InvalidRules, InvalidType))
    if not isinstance(r, Exception):
        nets = r.nets()
        assert nets.fold == -1 and nets.lose == -3
        scaled = call("Nets.scaled", nets.scaled, (InvalidRules,))
        if not isinstance(scaled, Exception):
            ints, den = scaled.as_list(), scaled.denominator
            assert den > 0 and all(abs(i) <= 1 << 40 for i in ints)


@fuzz_settings(100)
@given(fmt=st.one_of(any_text, st.sampled_from(render.formats())))
def test_format_names(fmt):
    call("check_format", lambda: render.check_format(fmt), (InvalidRules,))


# ---------------------------------------------------------------- TOML text and files

toml_value = st.one_of(
    st.integers(-10**20, 10**20).map(str), st.floats().map(lambda f: repr(f).replace("inf", "inf")),
    st.sampled_from(["nan", "inf", "-inf", "true", "1979-05-27", "0x1F", "1e400", '""', "[]", "{}", "[1, [2]]"]),
    st.text(max_size=8).map(json.dumps),
)
toml_pays = st.one_of(
    st.lists(toml_value, max_size=12).map(lambda xs: "[" + ", ".join(xs) + "]"),
    toml_value,
)
toml_entry = st.builds(
    lambda name, pays, where, extra: "[[paytable]]\n" + "".join(
        line for line in (name, pays, where, extra) if line),
    st.one_of(st.just(""), st.text(max_size=8).map(lambda s: f"name = {json.dumps(s)}\n"),
              st.sampled_from(['name = "standard"\n', 'name = "x"\n', "name = 3\n"])),
    st.one_of(st.just(""), toml_pays.map(lambda p: f"pays = {p}\n"),
              st.just("pays = [100, 50, 20, 7, 5, 4, 3, 2, 1, 1]\n")),
    st.one_of(st.just(""), st.sampled_from(['where = "here"\n', "where = 1\n", 'source = "s"\n'])),
    st.one_of(st.just(""), st.sampled_from(["oops = 1\n", "[paytable.sub]\n", "[other]\n"])),
)
toml_docs = st.one_of(
    st.lists(toml_entry, max_size=4).map("\n".join),
    st.text(max_size=200),
    st.lists(st.sampled_from(["[[paytable]]", "name = 'a'", "pays = [", "]", "1,", "[paytable]", "=", '"',
                              "'''", "# c", "x = {", "}", "\n"]), max_size=20).map("\n".join),
)


@fuzz_settings(300)
@given(text=toml_docs)
def test_toml_text(text):
    got = call("toml", lambda: load_paytables_text(text, "fuzz.toml"), (InvalidRules,))
    if not isinstance(got, Exception):
        assert got and all(isinstance(p, Paytable) for p in got.values())


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("fuzz")
    (d / "good.toml").write_text('[[paytable]]\nname = "fuzz"\npays = [200, 50, 20, 7, 5, 4, 3, 2, 1, 1]\n')
    (d / "bad.toml").write_text("[[paytable]]\nname = 'x'\npays = [1, 2\n")
    (d / "latin1.toml").write_bytes(b"[[paytable]]\nname = '\xe9'\n")
    (d / "empty.toml").write_text("")
    (d / "subdir").mkdir()
    (d / "rules.txt").write_text("name: fuzz\nraise if hand >= AK\n")
    return d


@fuzz_settings(100)
@given(content=st.one_of(st.binary(max_size=300), toml_docs.map(lambda s: s.encode("utf-8", "surrogatepass"))),
       name=st.sampled_from(["f.toml", "subdir", "missing/none.toml", "", "nul\x00byte", "ü.toml", "x" * 300]))
def test_toml_files(fuzz_dir, content, name):
    path = fuzz_dir / "content.toml"
    path.write_bytes(content)
    target = str(path) if name == "f.toml" else str(fuzz_dir / name) if name else ""
    got = call("toml file", lambda: load_paytables_file(target), (InvalidRules,))
    if not isinstance(got, Exception):
        assert all(isinstance(p, Paytable) for p in got.values())


def test_rule_files():
    """The rule-file parser follows the same contract."""
    from caribbean_exact.strategy.rule_file import parse_rule_file as parse

    @fuzz_settings(100)
    @given(text=st.one_of(
        st.lists(st.sampled_from(["name: x", "raise if", "hand >= AK", "and", "or", "pair", "up in 2-Q",
                                  "suited", "matches", "hand >= 44", "#", "raise if hand >= zz", "", "\n",
                                  "up rank", "Q-2", ":", "raise if hand >= pair and up in 2-Q"]),
                 max_size=10).map(" ".join),
        st.lists(st.text(max_size=30), max_size=5).map("\n".join)))
    def run(text):
        call("rule file", lambda: parse(text, "fuzz rules"), (InvalidRules,))

    run()


# ---------------------------------------------------------------- command line

class _Expensive(BaseException):
    """Raised instead of walking the whole game once the budget is spent (the input was accepted)."""


@contextlib.contextmanager
def cheap_core(budget: dict[str, int]):
    """Let the CLI fuzz reach the core, but keep it fast: a new solver (another qualifier), a
    whole-game walk once ``budget["walks"]`` is spent, or more than ``budget["situations"]``
    single-situation look-ups in one run raise _Expensive, which means "valid up to the counting"."""
    saved = {}
    situations = {"n": budget.get("situations", 2000)}

    def guard(name):
        orig = getattr(_ffi.Solver, name)
        saved[name] = orig

        def wrapped(self, *a, **k):
            if name == "__init__":
                raise _Expensive("new solver")
            if name == "situation":
                situations["n"] -= 1
                if situations["n"] < 0:
                    raise _Expensive(name)
            else:
                budget["walks"] -= 1
                if budget["walks"] < 0:
                    raise _Expensive(name)
            return orig(self, *a, **k)
        return wrapped

    for name in ("__init__", "price", "apply", "apply_cells", "chart", "situation"):
        setattr(_ffi.Solver, name, guard(name))
    try:
        yield budget
    finally:
        for name, orig in saved.items():
            setattr(_ffi.Solver, name, orig)


@pytest.fixture(scope="module")
def commands():
    game.solver_for(AK)
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    out = {}
    for name, p in sub.choices.items():
        if name in NOT_FUZZED:
            continue
        opts = [(a.option_strings[-1], a.nargs == 0) for a in p._actions
                if a.option_strings and a.dest != "help"]
        pos = [a.dest for a in p._actions if not a.option_strings]
        out[name] = (opts, pos)
    return out


#: whole-game walks the CLI fuzz may run for real, over all its examples (then: "counting skipped")
ARBITRARY_BUDGET = {"walks": 4}
STRUCTURED_BUDGET = {"walks": 16}
#: commands that write files or regenerate everything: reached only with bad arguments here
HEAVY = {"tables"}
#: commands left out: serve serves until stopped (its API is tested with bad input in test_serve.py)
NOT_FUZZED = {"serve"}


def value_for(option: str, data, fuzz_dir: Path) -> str:
    o = option.lstrip("-")
    choices: dict[str, list[str]] = {
        "up": ["Qh", "2c", "As", "Zz", "Qh Qd", ""],
        "dead": ["Ac Ad", "", "As", "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd "
                 "Ad 2h 3h 4h 5h 6h 7h 8h 9h Th Jh 3s 4s 5s 6s 7s 8s 9s Ts", "Xx"],
        "dealer": ["3c", "3c 3d 3h 3s 4d", "", "3c 3c", "Qh"],
        "paytable": ["standard", "live-dealer", "nosuch", "200,50,20,7,5,4,3,2,1,1", "1,2", "-1,1,1,1,1,1,1,1,1,1",
                     "1e999,1,1,1,1,1,1,1,1,1", "fuzz"],
        "paytables": [str(fuzz_dir / n) for n in ("good.toml", "bad.toml", "latin1.toml", "empty.toml",
                                                  "subdir", "missing.toml")],
        "rules": [str(fuzz_dir / n) for n in ("rules.txt", "bad.toml", "subdir", "missing.txt")],
        "qualifier": QUALIFIER_WORDS,
        "ante": ["1", "100", "0", "-5", "x", "1/3", "1e3", "nan"],
        "max-payout": ["5000", "1", "0", "abc", "5000.5", "-1"],
        "format": ["json", "csv", "simple", "github", "nope", "plain", ""],
        "antes": ["5,10,25", "", "x", "0", "-1,2", "1/2"],
        "out": ["out-dir", "", "subdir"],
        "plot": ["plot.png", "", "subdir/x.png"],
    }
    pool = choices.get(o, ["1", "0", "-1", "10000", "x", "for", "to", "1,2,3", "100,50,20", ""])
    return data.draw(st.one_of(st.sampled_from(pool), any_text, number_text), label=option)


def run_main(argv: list[str]) -> tuple[int | str, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code: int | str = cli.main(argv)
        except _Expensive:
            code = "expensive"
    return code, out.getvalue(), err.getvalue()


def template(message: str) -> str:
    """An error message with its data removed: the path through the code that produced it."""
    lines = message.strip().splitlines()
    if not lines:
        return ""
    if lines[0].startswith("usage:"):
        return "usage (no command given)"
    m = lines[-1]
    m = re.sub(r"^error: caribbean-exact( \S+)?:", "error: argparse:", m)
    m = re.sub(r"argument --[\w-]+", "argument OPT", m)
    m = re.sub(r"(unrecognized arguments|invalid choice|required|invalid \w+ value):.*", r"\1: ...", m)
    m = re.sub(r"'[^']*'|\"[^\"]*\"", "Q", m)
    m = re.sub(r"\(known: [^)]*\)", "(known: ...)", m)
    m = re.sub(r"\(Unclosed [^)]*\)|\(.* \(at line \d+, column \d+\)\)", "(TOML detail)", m)
    m = re.sub(r"-?\d+(/\d+)?", "N", m)
    m = re.sub(r"(?<=: )[^:]{0,40}(?= is not a number)", "V", m)
    return m[:120]


def check_cli(argv: list[str], target: str) -> None:
    INPUTS[target] += 1
    code, out, err = run_main(argv)
    assert "Traceback" not in out + err, (argv, err)
    OUTCOMES[f"{target} exit {code}"] += 1
    if code == "expensive":
        return
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        assert err.strip(), argv
        if argv and not err.startswith("usage"):
            assert len(err.strip().splitlines()) == 1, (argv, err)
        PATHS[f"cli: {template(err)}"] += 1
    elif "-h" not in argv and "--help" not in argv:
        assert out.strip()
        if "json" in argv and "--format" in argv and argv[argv.index("--format") + 1:][:1] == ["json"]:
            json.loads(out)


@fuzz_settings(150)
@given(argv=st.lists(st.one_of(any_text, st.sampled_from(["ev", "solve", "--up", "--help", "-h", "--format",
                                                           "--quiet", "--", "-", "--paytable=1"])), max_size=6))
@pytest.mark.usefixtures("commands")
def test_cli_arbitrary_argv(argv):
    with cheap_core(ARBITRARY_BUDGET):
        check_cli(argv, "cli(any)")


@fuzz_settings(30)
@given(data=st.data())
def test_cli_structured_argv(commands, fuzz_dir, data):
    """Every command with its own options, each given plausible, broken or arbitrary values
    (60 inputs; 300 more in the slow run: test_cli_structured_argv_more)."""
    structured_argv(commands, fuzz_dir, data)


@pytest.mark.slow
@fuzz_settings(300)
@given(data=st.data())
def test_cli_structured_argv_more(commands, fuzz_dir, data):
    structured_argv(commands, fuzz_dir, data)


def structured_argv(commands, fuzz_dir, data):
    """One structured command line: a command, its positionals and options, each value drawn."""
    name = data.draw(st.sampled_from(sorted(commands)), label="command")
    opts, pos = commands[name]
    argv = [name]
    if name in HEAVY:
        argv += data.draw(st.lists(any_text, max_size=3), label="junk")
        opts = [o for o in opts if o[0] != "--out"]
    for p in pos:
        if data.draw(st.integers(0, 9), label="omit positional") > 0:
            argv.append(data.draw(st.one_of(card_text, st.sampled_from(["standard", "live-dealer", "nosuch"]),
                                            any_text) if p == "hand" else st.one_of(
                st.sampled_from(["standard", "live-dealer", "nosuch"]), any_text), label=p))
    chosen = data.draw(st.lists(st.sampled_from(opts), max_size=5, unique=True), label="options") if opts else []
    if name == "ev" and data.draw(st.integers(0, 3), label="with --up") > 0:
        chosen = [o for o in chosen if o[0] != "--up"] + [("--up", False)]
    for opt, flag in chosen:
        argv.append(opt)
        if not flag:
            argv.append(value_for(opt, data, fuzz_dir))
    if name in HEAVY:
        assume(len(argv) > 1)  # bare 'tables' regenerates every table: not a fuzz input
    cwd = os.getcwd()
    os.chdir(fuzz_dir)  # anything a command writes lands in the fuzz directory
    try:
        with cheap_core({"walks": 0} if name in HEAVY else STRUCTURED_BUDGET):
            check_cli(argv, "cli(structured)")
    finally:
        os.chdir(cwd)


BYTES_ARGV = [
    [b"ev", b"\xff\xfe", b"--up", b"Qh"],
    [b"ev", b"As Kd 7h 4c 2s", b"--up", b"Q\xe9h"],
    [b"solve", b"--paytable", b"\xff"],
    [b"--\xff"],
    [b"ev", b"As Kd 7h 4c 2s", b"--up", b"Qh", b"--paytables", b"/nonexistent/\xff.toml"],
    [b"paytables", b"--format", b"\xc3\x28"],
]


@pytest.mark.parametrize("argv", BYTES_ARGV, ids=range(len(BYTES_ARGV)))
def test_cli_subprocess_undecodable_argv(argv):
    """A real process with argv that is not UTF-8 and a C locale: exit 2, one line, no traceback."""
    INPUTS["cli(subprocess)"] += 1
    env = {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": ""}
    p = subprocess.run([sys.executable, "-m", "caribbean_exact", *argv], capture_output=True, env=env,
                       timeout=300)
    assert p.returncode == 2, p
    assert b"Traceback" not in p.stderr and p.stderr.count(b"\n") == 1, p.stderr
    PATHS[f"cli: {template(p.stderr.decode('utf-8', 'replace'))}"] += 1
