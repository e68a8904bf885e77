"""Every pair of every command's options, generated from the parser (issue #33 item 3): the pair is
taken, or refused in one line on stderr (exit 2) naming both options (or the one that is refused even
alone). The check is ``main.parse``: the parser and the command's ``check_NAME``, the stage before any
work, so that the walk over every command stays in the default run. For the commands whose work is
quick, the pairs taken are also run, and each option of the pair must change the output in the
presence of the other: an option silently ignored fails here (a list of those that may not change a
figure is kept, each with its reason)."""

from __future__ import annotations

import argparse
import itertools
import os

import pytest

from caribbean_exact.cli.commands import COMMANDS
from caribbean_exact.cli.main import build_parser, main, parse
from caribbean_exact.errors import CaribbeanError

#: A value for every option of every command, by dest (None: a flag); ``POSITIONAL`` holds the
#: arguments a command needs to parse at all. A new option without a value here fails
#: ``test_every_option_has_a_value`` (the walk cannot skip it).
RULES = {"paytable": "live-dealer", "paytables": "more.toml", "qualifier": "pair", "raise_antes": "3",
         "ante": "5", "max_payout": "5000", "format": "json"}
VALUES: dict[str, dict[str, str | None]] = {
    "ev": RULES | {"paytable": "100,50,20,7,5,4,3,2,2,1", "up": "Qh", "dead": "3c", "dealer": "Jc 9d 8s 3h",
                   "verbose": None, "batch": "b.txt", "skip_bad": None,
                   "table": "outcomes", "switch_fees": "1", "wide": None, "buy_fee": "1", "game": "lunar",
                   "exchange": "none"},
    "solve": RULES | {"ignore_up": None, "known_dealer_cards": "1", "sorted_ranks": "AK", "sample": None,
                      "deals": "100", "seed": "3", "threads": "1", "table": "outcomes", "plot": "chart.pdf",
                      "seen_class": "picture", "burn_card": None, "flash_rate": "5%", "accuracy": "90%",
                      "rate": "5%", "switch_fees": "1", "buy_fee": "1", "count_up_to": "2",
                      "scheduler": "tcp://127.0.0.1:1", "keep_ranks": ".", "count_beside": "0"},
    "chart": RULES | {"margins": None, "plot": "chart.pdf", "table": "mixed"},
    "strategies": RULES | {"rules": "mine.txt"},
    "simplify": RULES | {"max_lines": "3", "out": "rule-files"},
    "card": RULES | {"out": "card.pdf", "size": "pocket", "lines": "3", "switch_fees": "1", "buy_fee": "1",
                     "deals": "100", "seed": "3"},
    "train": RULES | {"seed": "4", "hands": "2", "focus": "close", "strategy": "pair or better", "game": "lunar",
                      "hands_per_hour": "60", "history": "h.jsonl", "summary": "h.jsonl", "ante": "20"},
    "score": RULES | {"threads": "1", "skip_bad": None, "game": "lunar"},
    "serve": {"port": "8123", "host": "0.0.0.0"},
    "page": {"out": "page-folder"},
    "paytables": {"paytables": "more.toml", "wide": None, "format": "json"},
    "compare": RULES | {"baseline": "live-dealer"},
    "cap": RULES | {"max_payout": "2000", "antes": "5,10"},
    "progressive": {"meter": "60000", "progressive_pays": "400,80,40", "convention": "to", "players": "2",
                    "meters": "10000,20000", "table": "meters", "format": "json"},
    "bonus": {"pays": "1000,200,100,20,15,10,7,3", "convention": "for", "table": "figures", "format": "json"},
    "combined": RULES | {"ante": "20", "rounds_per_hour": "60", "meter": "60000", "progressive_pays": "400,80,40",
                         "convention": "to", "players": "2", "progressive_stake": "2", "bonus_pays": "500,100",
                         "bonus_stake": "2"},
    "report": RULES | {"out": "report.json", "side_bets": "progressive", "hands": "20", "seats": "3",
                       "hands_per_hour": "60", "average_ante": "20", "hours": "6", "deals": "1000", "seed": "3",
                       "meter": "60000", "progressive_pays": "400,80,40", "contribution": "0.15", "reset": "5000",
                       "sf_cap": "5000", "bonus_pays": "500,100", "pace": "100", "hours_per_year": "4000",
                       "flash_rate": "5%", "leak": "one hole card seen", "switch_fees": "1", "switch_deals": "100",
                       "switch_seed": "3", "buy_fee": "1"},
    "tables": {"out": "tables-folder"},
    "collusion": RULES | {"players": "3", "sharing": "2", "burn": None, "known_dealer_cards": "1", "deals": "100",
                          "seed": "3", "threads": "1"},
    "detect": RULES | {"flash_rate": "5%", "error_rates": "5%", "alpha": "1%", "beta": "2%", "by": "tells",
                       "hands_per_hour": "60", "average_ante": "20", "players": "2"},
}
#: The positional arguments each command is given (before the options).
POSITIONAL = {"ev": ["As", "Ad", "7h", "4c", "2s", "Qh"], "score": ["hands.csv"]}
#: Options no pair is made of: --quiet only silences stderr (never a figure), everywhere.
EVERYWHERE = {"help", "quiet"}


def _options(command: str) -> list[argparse.Action]:
    parser = build_parser(command)._subparsers._group_actions[0].choices[command]  # type: ignore[union-attr]
    return [a for a in parser._actions if a.option_strings and a.dest not in EVERYWHERE]


def _argv(command: str, actions: tuple[argparse.Action, ...]) -> list[str]:
    argv = [command]
    dests = {a.dest for a in actions}
    if not (command == "ev" and ("batch" in dests or "up" in dests)):
        argv += POSITIONAL.get(command, [])
    elif "up" in dests and "batch" not in dests:
        argv += POSITIONAL["ev"][:5]
    for a in actions:
        v = VALUES[command][a.dest]
        argv += [a.option_strings[0]] if v is None else [a.option_strings[0], v]
    if command in ("card", "page") and "out" not in dests:  # required
        argv += ["--out", VALUES[command]["out"] or ""]
    return argv


def _verdict(argv: list[str]) -> str | None:
    """None when the arguments are taken, else the one-line refusal."""
    try:
        parse(argv)
    except CaribbeanError as e:
        return str(e)
    return None


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    """The files the values name, in a fresh folder (a pay tables file, a rule file, a history)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "more.toml").write_text('[[paytable]]\nname = "mine"\npays = [100, 50, 20, 7, 5, 4, 3, 2, 1, 1]\n')
    (tmp_path / "mine.txt").write_text("name: mine\nraise if hand >= pair\n")
    (tmp_path / "hands.csv").write_text("hand,up,action\nAs Kd 7h 4c 2s,Qh,raise\n")
    (tmp_path / "b.txt").write_text("As Ad 7h 4c 2s Qh\n")
    (tmp_path / "h.jsonl").write_text("")
    return tmp_path


def test_every_option_has_a_value():
    for c in COMMANDS:
        missing = {a.dest for a in _options(c.name)} - set(VALUES[c.name])
        assert not missing, f"{c.name}: give {sorted(missing)} a value in VALUES (the pairs walk needs one)"


def _named(a: argparse.Action, line: str) -> bool:
    return any(f in line for f in a.option_strings)


@pytest.mark.parametrize("command", [c.name for c in COMMANDS])
@pytest.mark.usefixtures("in_tmp")
def test_every_pair_of_options_is_taken_or_refused_naming_both(command):
    options = _options(command)
    alone = {a.dest: _verdict(_argv(command, (a,))) for a in options}
    bad = [(a.option_strings[0], line) for a in options  # an option refused alone names itself
           if (line := alone[a.dest]) is not None and ("\n" in line or not _named(a, line))]
    for a, b in itertools.combinations(options, 2):
        line = _verdict(_argv(command, (a, b)))
        if line is None:
            continue
        if "\n" in line or len(line) > 400:
            bad.append((a.option_strings[0], b.option_strings[0], line))
        elif alone[a.dest] is None and alone[b.dest] is None:  # the pair is what conflicts
            if not (_named(a, line) and _named(b, line)):
                bad.append((a.option_strings[0], b.option_strings[0], line))
        elif not any(_named(x, line) for x in (a, b) if alone[x.dest] is not None):
            bad.append((a.option_strings[0], b.option_strings[0], line))
    assert not bad, "\n".join(map(str, bad))


@pytest.mark.usefixtures("in_tmp")
def test_the_cli_refuses_a_pair_in_one_line(capsys):
    """Through ``main``: exit 2, one line on stderr, nothing on stdout, no work done."""
    assert main(["report", "--out", "r.md", "--format", "json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "--out" in err and "--format json" in err
    assert not os.path.exists("r.md")


#: The commands whose work takes milliseconds: their pairs taken are run. Options that may leave the
#: output as it is, and why: --threads (the same figures with any number of threads), --paytables
#: (more tables to name: nothing changes until --paytable names one), --up (the walk's hand already
#: ends with the up card), --skip-bad (the walk's batch line is good).
QUICK = ("ev", "paytables", "progressive", "bonus")
MAY_NOT_CHANGE = {"threads", "paytables", "up", "skip_bad"}


def _output(argv: list[str], capsys) -> tuple[int, str]:
    code = main([*argv, "--quiet"])
    return code, capsys.readouterr().out


@pytest.mark.usefixtures("in_tmp")
@pytest.mark.parametrize("command", QUICK)
def test_each_option_of_a_pair_taken_changes_the_output(command, capsys):
    """Run, each option of a pair taken changes the JSON (the exact figures) in the presence of the
    other, and --format json changes the text: an option silently ignored beside another fails."""
    options = [a for a in _options(command) if a.dest not in MAY_NOT_CHANGE]
    seen: dict[tuple[str, ...], tuple[int, str]] = {}

    def run(actions: tuple[argparse.Action, ...], extra: list[str]) -> tuple[int, str]:
        argv = _argv(command, actions) + extra
        if tuple(argv) not in seen:
            seen[tuple(argv)] = _output(argv, capsys)
        return seen[tuple(argv)]

    ignored = []
    for a, b in itertools.combinations(options, 2):
        if _verdict(_argv(command, (a, b))) is not None:
            continue
        # the exact figures (JSON), unless the pair is about the text (--format, --table, --verbose, --wide)
        extra = [] if {a.dest, b.dest} & {"format", "table", "verbose", "wide"} else ["--format", "json"]
        both = run((a, b), extra)
        assert both[0] == 0, (a.dest, b.dest)
        for x, y in ((a, b), (b, a)):
            if both == run((y,), extra):
                ignored.append(f"{x.option_strings[0]} beside {y.option_strings[0]}")
    assert not ignored, ignored
