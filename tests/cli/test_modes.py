"""The modes of ``solve`` and ``ev`` and the options each takes (cli/modes.py): every pair of
mode-specific options, generated from the declarations and parsed by the real parser, either works
or is refused in one line that names the option refused (and, where the pair is what conflicts, both
options); no mode is chosen that leaves an option given unused."""

from __future__ import annotations

import itertools

import pytest

from caribbean_exact.cli.commands import play
from caribbean_exact.cli.main import build_parser, main
from caribbean_exact.cli.modes import Mode, Option, check, given
from caribbean_exact.errors import UsageError

#: A value for each option (None: a flag), by command.
VALUES = {
    "solve": {"known_dealer_cards": "1", "sorted_ranks": "AK", "seen_class": "picture", "burn_card": None,
              "flash_rate": "5%", "switch_fees": "1", "buy_fee": "1", "sample": None, "deals": "100",
              "seed": "1", "count_up_to": "2", "scheduler": "tcp://127.0.0.1:1", "keep_ranks": ".", "count_beside": "0",
              "ignore_up": None, "table": "figures", "plot": "chart.pdf", "accuracy": "90%", "rate": "5%"},
    "ev": {"hand": ["As", "Kd", "7h", "4c", "2s"], "up": "Qh", "dead": "3c", "dealer": "Jc", "verbose": None,
           "table": "outcomes", "ante": "5", "switch_fees": "1", "buy_fee": "1", "wide": None, "game": "lunar",
           "exchange": "2", "skip_bad": None},
}
DECLARED = {"solve": (play.SOLVE_OPTIONS, play.SOLVE_MODES, play.solve_mode),
            "ev": (play.EV_OPTIONS, play.EV_MODES, play.ev_mode)}


def _argv(command: str, options: tuple[Option, ...]) -> list[str]:
    argv = [command]
    for o in options:
        v = VALUES[command][o.dest]
        if o.dest == "hand":
            argv[1:1] = v
        else:
            argv += [o.flag] if v is None else [o.flag, v]
    return argv


def _verdict(command: str, options: tuple[Option, ...]) -> str | None:
    """None when the options work together, else the one-line refusal."""
    argv = _argv(command, options)
    if command == "ev" and not any(o.dest == "hand" for o in options) and \
            not any(o.dest == "skip_bad" for o in options):
        argv[1:1] = VALUES["ev"]["hand"]  # ev needs a hand (or --batch, declared apart)
    args = build_parser(command).parse_args(argv)
    all_options, modes, choose = DECLARED[command]
    try:
        mode = choose(args)
    except UsageError as e:
        return str(e)
    assert {o.dest for o in given(args, all_options)} <= modes[mode].takes
    return None


@pytest.mark.parametrize("command", sorted(DECLARED))
def test_every_pair_of_options_works_or_is_refused_naming_them(command):
    options, _, _ = DECLARED[command]
    alone = {o.dest: _verdict(command, (o,)) for o in options}
    refused_pairs = 0
    for a, b in itertools.combinations(options, 2):
        verdict = _verdict(command, (a, b))
        if verdict is None:  # (an option refused alone may work with the other: --sample with K)
            continue
        refused_pairs += 1
        assert "\n" not in verdict and len(verdict) < 300
        named = [o for o in (a, b) if o.flag in verdict or (o.dest == "hand" and "CARDS" in verdict)]
        if alone[a.dest] is None and alone[b.dest] is None:  # the pair is what conflicts
            assert len(named) == 2, (a.flag, b.flag, verdict)
        else:
            assert named, (a.flag, b.flag, verdict)
    assert refused_pairs >= 10


def test_each_mode_takes_only_declared_options_and_its_tables_exist():
    parser = build_parser("solve")
    table_choices = set(next(a for a in parser._subparsers._group_actions[0].choices["solve"]._actions
                             if a.dest == "table").choices)
    for mode in play.SOLVE_MODES.values():
        assert mode.takes <= {o.dest for o in play.SOLVE_OPTIONS}
        assert set(mode.tables) <= table_choices
        assert ("table" in mode.takes) == bool(mode.tables)
    for mode in play.EV_MODES.values():
        assert mode.takes <= {o.dest for o in play.EV_OPTIONS}


def test_the_messages():
    opts = (Option("a", "--a"), Option("b", "--b", False), Option("c", "--c", None, "--c needs --x"),
            Option("table", "--table"))
    mode = Mode("cmd --m", frozenset({"table"}), tables=("one",), why="a reason")
    import argparse

    def refusal(**kw: object) -> str:
        args = argparse.Namespace(**({"a": None, "b": False, "c": None, "table": None} | kw))
        with pytest.raises(UsageError) as e:
            check(mode, args, opts, {"two": "--y"})
        return str(e.value)

    assert refusal(a="1") == "cmd --m: --a does not apply (a reason)"
    assert refusal(a="1", b=True) == "cmd --m: --a and --b do not apply (a reason)"
    assert refusal(c="1") == "cmd --m: --c needs --x"
    assert refusal(a="1", c="1") == "cmd --m: --a and --c do not apply (a reason)"
    assert refusal(table="two") == "cmd --m: --table two needs --y"
    assert refusal(table="three") == "cmd --m: --table three does not apply"
    check(mode, argparse.Namespace(a=None, b=False, c=None, table="one"), opts)


def test_refused_before_any_work_through_the_cli(capsys):
    """The combinations the flag lists missed are refused now, in one line, exit 2."""
    for argv, words in ((["solve", "--seen-class", "picture", "--flash-rate", "5%"],
                         "solve --seen-class: --flash-rate X prices one hole card seen"),
                        (["solve", "--flash-rate", "5%", "--deals", "10"], "solve --flash-rate: --deals and --seed"),
                        (["ev", "--batch", "-", "--switch-fees", "1"], "ev --batch: --switch-fees does not apply")):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err


@pytest.mark.parametrize("argv,line", [
    (["report", "--meter", "5", "--reset", "7"],
     "error: report: --meter and --reset change nothing without --side-bets progressive or bonus\n"),
    (["report", "--side-bets", "bonus", "--progressive-pays", "1,2,3"],
     "error: report: --progressive-pays changes nothing without --side-bets progressive\n"),
    (["report", "--switch-seed", "3"], "error: report: --switch-seed changes nothing without --switch-fees\n"),
    (["card", "--out", "x.pdf", "--deals", "5"], "error: card: --deals changes nothing without --switch-fees\n"),
    (["train", "--summary", "h.jsonl", "--seed", "4", "--hands", "2"],
     "error: train --summary: --seed and --hands do not apply (it deals nothing: the history holds its costs)\n"),
    (["train", "--summary", "h.jsonl", "--raise", "3"],
     "error: train --summary: --raise does not apply (it deals nothing: the history holds its costs)\n"),
    (["compare", "--ante", "100"],
     "error: compare: --ante changes nothing without --max-payout (the figures are per ante)\n"),
    (["solve", "--ante", "100"],
     "error: solve: --ante changes nothing without --max-payout (the figures are per ante)\n"),
])
def test_options_that_change_nothing_are_refused_by_their_declaration(capsys, argv, line):
    assert main(argv) == 2
    assert capsys.readouterr().err == line


#: A value for each option of train's parser (None: a flag), by dest.
TRAIN_VALUES = {"seed": "4", "hands": "2", "focus": "close", "strategy": "pair or better", "hands_per_hour": "60",
                "history": "h.jsonl", "summary": "h.jsonl", "paytable": "live-dealer", "paytables": "t.toml",
                "qualifier": "pair", "raise_antes": "3", "ante": "5", "max_payout": "5000", "game": "lunar"}


def test_every_pair_of_trains_options_from_its_parser_works_or_is_refused_naming_both():
    """The options come from the parser itself (a new option is walked without a list here): with
    --summary, every dealing or pricing option is refused in one line naming both; with --game (Russian
    Poker), every option but the seed, the hands, the pace and the ante likewise; otherwise every pair
    parses and is taken by the dealing mode (issue #33 item 3)."""
    from caribbean_exact.cli.commands import practice

    parser = build_parser("train")._subparsers._group_actions[0].choices["train"]
    options = [a for a in parser._actions if a.option_strings and a.dest not in ("help", "format", "quiet")]
    assert {a.dest for a in options} == set(TRAIN_VALUES), "a new option of train: give it a value here"
    declared = {o.dest for o in practice.TRAIN_OPTIONS}
    refused = 0
    for a, b in itertools.combinations(options, 2):
        argv = ["train"]
        for o in (a, b):
            argv += [o.option_strings[0], TRAIN_VALUES[o.dest]]
        args = build_parser("train").parse_args(argv)
        if args.summary is None and args.game is not None:  # Russian Poker: only what a rule set leaves open
            other = b if a.dest == "game" else a
            if other.dest in practice.TRAIN_GAME.takes:
                check(practice.TRAIN_GAME, args, practice.TRAIN_OPTIONS)
            else:
                with pytest.raises(UsageError) as e:
                    check(practice.TRAIN_GAME, args, practice.TRAIN_OPTIONS)
                assert "--game" in str(e.value) and other.option_strings[0] in str(e.value)
            continue
        if args.summary is None:
            continue  # dealing takes every option
        other = b if a.dest == "summary" else a
        assert other.dest in declared, f"train --summary ignores {other.option_strings[0]} without a word"
        with pytest.raises(UsageError) as e:
            check(practice.TRAIN_SUMMARY, args, practice.TRAIN_OPTIONS)
        assert "--summary" in str(e.value) and other.option_strings[0] in str(e.value) and "\n" not in str(e.value)
        refused += 1
    assert refused == len(options) - 1
