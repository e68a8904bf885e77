"""No input, stream or signal ends in a traceback; limits refuse what no user needs; messages stay
short. Each test is one case of docs/reliability.md."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest

import caribbean_exact as ce
from caribbean_exact.cli import main
from caribbean_exact.errors import InvalidRules, cut, shown
from caribbean_exact.model.rules import MAX_FILE_BYTES, MAX_TABLES, load_paytables_file, load_paytables_text
from caribbean_exact.render.text import dec, money, pct, sci

#: The console script of the Python running the tests (its venv need not be on PATH, nor activated),
#: else PATH's. Commands run by a shell name this Python as PY, never a bare "python" from PATH.
_BESIDE = Path(sys.executable).with_name("caribbean-exact")
EXE = str(_BESIDE) if _BESIDE.exists() else shutil.which("caribbean-exact")
PY = sys.executable
HAND = ["ev", "As Kd 7h 4c 2s", "--up", "Qh"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def shell(command: str, env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """A command line through a real shell (for redirections such as >&- and /dev/full)."""
    assert EXE, "caribbean-exact is not installed"
    import shlex
    command = command.replace("CX", shlex.quote(EXE)).replace("PY ", shlex.quote(PY) + " ")
    return subprocess.run(["bash", "-c", command], capture_output=True, errors="replace",
                          env={**os.environ, **(env or {})}, timeout=timeout)


def one_error_line(err: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


# ---------------------------------------------------------------- inputs


@pytest.mark.parametrize("body", ["x = " + "[" * 1000 + "]" * 1000, "x = " + "{a = " * 1000 + "}" * 1000])
def test_deeply_nested_toml_is_refused(tmp_path, capsys, body):
    with pytest.raises(InvalidRules, match="nested too deeply"):
        load_paytables_text(body, "deep.toml")
    f = tmp_path / "deep.toml"
    f.write_text(body)
    code, out, err = run(capsys, "paytables", "--paytables", str(f))
    assert code == 2 and out == ""
    assert "nested too deeply" in one_error_line(err)


def test_file_size_and_table_count_limits(tmp_path):
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * MAX_FILE_BYTES + "\n")
    with pytest.raises(InvalidRules, match="larger than the limit of 1,000,000 bytes"):
        load_paytables_file(str(big))
    many = "".join(f'[[paytable]]\nname = "t{i}"\npays = [100,50,20,7,5,4,3,2,1,1]\n' for i in range(MAX_TABLES + 1))
    with pytest.raises(InvalidRules, match="1,001 pay tables, more than the limit of 1,000"):
        load_paytables_text(many, "many.toml")
    rules = tmp_path / "big.txt"
    rules.write_text("raise if hand >= AK\n" * (MAX_FILE_BYTES // 10))
    with pytest.raises(InvalidRules, match="larger than the limit"):
        ce.load_rule_file(str(rules))


def test_huge_numbers_are_shown_not_overflowed(capsys):
    r = "2" + "0" * 308
    b = "1" + "0" * 157
    code, out, err = run(capsys, *HAND, "--ante", r)
    assert code == 0 and err == "" and "-2.35e+308" in out
    code, out, err = run(capsys, "bonus", "--pays", f"{b},200,100,20,15,10,7")
    assert code == 0 and "standard deviation per unit 3.0388e+154" in out and "-9.2345e+153%" in out
    code, out, _ = run(capsys, "bonus", "--pays", f"{b},200,100,20,15,10,7", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and abs(doc["standard_deviation"] / 3.038811896230e+154 - 1) < 1e-12  # a float: it fits (#33)
    assert Fraction(doc["rtp"]) > 10**150  # the exact value is still exact
    assert isinstance(json.loads(run(capsys, "bonus", "--format", "json")[1])["standard_deviation"], float)
    code, out, _ = run(capsys, "progressive", "--meter", b)
    assert code == 0 and "e+" in out
    code, out, _ = run(capsys, "progressive", "--pays", f"{b}%,10%,500,100,50")
    assert code == 0 and "of meter" in out and "e+" in out
    for argv in (["--bonus-pays", f"{b},200,100,20,15,10,7"], ["--meter", b], ["--ante", r]):
        code, out, err = run(capsys, "combined", *argv)
        assert code == 0 and err == "", argv
    code, out, err = run(capsys, "cap", "--antes", b, "--max-payout", b)
    assert code == 0 and err == ""


def test_scientific_text_is_exact_and_rounded():
    assert sci(Fraction(2 * 10**308)) == "2.000000e+308"
    assert sci(Fraction(-19999995, 10**7), 6) == "-2.000000e+00"
    assert sci(Fraction(1, 3 * 10**400), 3) == "3.333e-401"
    assert dec(Fraction(10**20)) == "1.000000e+20" and dec(Fraction(1, 8)) == "0.125000"
    assert money(Fraction(-10**200)) == "-1.00e+200" and pct(Fraction(10**300)) == "1.0000e+302%"


def test_number_digit_limit(capsys):
    code, _, err = run(capsys, "bonus", "--pays", "1" + "0" * 5000 + ",200,100,20,15,10,7")
    assert code == 2 and "more than the limit of 1,000 digits" in one_error_line(err)
    with pytest.raises(InvalidRules, match="1,000 digits"):
        ce.Rules.make(None, None, 10**1200)


def test_a_terminal_that_cannot_show_the_name(tmp_path):
    f = tmp_path / "cafe.toml"
    f.write_text('[[paytable]]\nname = "Café ♠"\npays = [100,50,20,7,5,4,3,2,1,1]\n', encoding="utf-8")
    for enc in ("ascii", "latin-1"):
        p = shell(f"CX paytables --paytables {f}", {"PYTHONIOENCODING": enc})
        assert p.returncode == 0 and p.stderr == "", p.stderr
        assert "Caf" in p.stdout and "\\u2660" in p.stdout
        p = shell("CX ev 'As Kd 7h 4c 2s' --up Qh --paytable 'nope ♠'", {"PYTHONIOENCODING": enc})
        assert p.returncode == 2 and "\\u2660" in one_error_line(p.stderr)
    rule = tmp_path / "r.txt"
    rule.write_text("name: Café ♠\nraise if hand >= AK\n", encoding="utf-8")
    p = shell(f"CX strategies --rules {rule}", {"PYTHONIOENCODING": "ascii"})
    assert p.returncode == 0 and "Caf\\xe9 \\u2660" in p.stdout


def test_long_input_is_cut_in_messages(capsys):
    big = "A" * 100_000
    for argv in (["ev", big, "--up", "Qh"], [*HAND, "--paytable", big], [*HAND, "--qualifier", big],
                 ["cap", "--antes", big], ["bonus", "--pays", big], ["solve", "--known-dealer-cards", "2",
                                                                   "--deals", big],
                 [*HAND, "--format", big], ["strategies", "--rules", big], ["chart", "--plot", "/nonexist/" + big]):
        code, out, err = run(capsys, *argv)
        line = one_error_line(err)
        assert code == 2 and out == "" and len(line) < 400, (argv[:2], len(line))
        assert "(100,0" in line, line  # says how long the input was
    assert shown("x" * 10) == repr("x" * 10) and len(shown("x" * 10**6)) < 90
    assert cut("a" * 100, 60).startswith("a" * 40 + "...")


def test_known_names_are_summarised(capsys, tmp_path):
    f = tmp_path / "t.toml"
    f.write_text("".join(f'[[paytable]]\nname = "t{i}"\npays = [100,50,20,7,5,4,3,2,1,1]\n' for i in range(200)))
    code, _, err = run(capsys, *HAND, "--paytables", str(f), "--paytable", "nope")
    assert code == 2 and "and 191 more" in one_error_line(err) and len(err) < 400


# ---------------------------------------------------------------- streams and signals


@pytest.mark.parametrize("command,code,needle", [
    ("CX paytables > /dev/full", 2, "error: cannot write the output: no space left on the device"),
    ("CX solve --format json > /dev/full", 2, "no space left on the device"),
    ("CX paytables >&-", 2, "error: cannot write the output: the stream is closed"),
    ("CX --help > /dev/full", 2, "no space left on the device"),
    ("CX --version > /dev/full", 2, "no space left on the device"),
    ("yes 'As Kd 7h 4c 2s Qh' | head -n 5000 | CX ev --batch - > /dev/full", 2, "no space left on the device"),
    pytest.param("CX chart --quiet --plot /dev/full > /dev/null", 2,
                 "error: --plot '/dev/full': no space left on the device",
                 marks=pytest.mark.slow),  # a process that loads matplotlib and draws the chart
    ("PY -m caribbean_exact paytables > /dev/full", 2, "no space left on the device"),
])
def test_output_that_cannot_be_written(command, code, needle):
    p = shell(command)
    assert p.returncode == code, (p.returncode, p.stderr)
    if needle is None:
        assert p.stderr == ""
    else:
        assert needle in one_error_line(p.stderr)


@pytest.mark.parametrize("command,code", [
    ("CX paytables 2>&- > /dev/null", 0),
    ("CX ev nonsense 2>&- > /dev/null", 2),
    ("CX ev nonsense 2>/dev/full > /dev/null", 2),
    ("CX paytables 2>/dev/full > /dev/full", 2),
    ("CX paytables 2>&- >&-", 2),
])
def test_a_closed_or_full_stderr_leaves_the_exit_code(command, code):
    p = shell(command)
    assert p.returncode == code and p.stderr == ""


def test_a_reader_that_stops_early_is_not_an_error():
    p = shell("set -o pipefail; CX solve | head -c 10 > /dev/null")
    assert p.returncode == 0 and p.stderr == ""


@pytest.mark.slow  # draws the chart (test_chart_plot.py names the pages quickly)
def test_the_plot_is_written_to_exactly_the_named_file(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    code, _, err = run(capsys, "chart", "--plot", str(tmp_path / "noext"))
    assert code == 0 and (tmp_path / "noext").read_bytes()[:4] == b"\x89PNG"
    assert not (tmp_path / "noext.png").exists()
    assert os.listdir(tmp_path) == ["noext"] and err == f"wrote {tmp_path / 'noext'} (1 page)\n"
    code, _, err = run(capsys, "chart", "--plot", str(tmp_path / "x.bogus"))
    assert code == 2 and "unknown image type 'bogus'" in one_error_line(err)


INTERRUPT_ON_IMPORT = textwrap.dedent("""
    import importlib.abc, os, signal, sys
    WHEN = sys.argv[1]
    class Interrupt(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name == WHEN:
                os.kill(os.getpid(), signal.SIGINT)
            return None
    sys.meta_path.insert(0, Interrupt())
    import _caribbean_exact_entry as entry  # the installed console-script module
    sys.argv = ["caribbean-exact", *sys.argv[3:]]
    sys.exit(entry.run())
""")


@pytest.mark.parametrize("module,argv,line", [
    ("caribbean_exact.model.rules", ["paytables"], "caribbean-exact: interrupted"),  # while the package loads
    ("caribbean_exact.render.text", ["paytables"], "caribbean-exact: interrupted"),
    ("tabulate", ["paytables", "--format", "grid"], "caribbean-exact: interrupted"),  # loaded inside main()
    ("matplotlib", ["chart", "--plot", os.devnull], "caribbean-exact: interrupted"),  # inside main()
])
def test_ctrl_c_at_any_time_is_one_line_and_130(module, argv, line):
    if module == "matplotlib":
        pytest.importorskip("matplotlib")
    p = subprocess.run([sys.executable, "-c", INTERRUPT_ON_IMPORT, module, "-", *argv],
                       capture_output=True, text=True, timeout=120, cwd="/")
    assert p.returncode == 130, p.stderr
    assert one_error_line(p.stderr) == line


def test_ctrl_c_during_python_dash_m_start_up():
    head, _, _ = INTERRUPT_ON_IMPORT.partition("import _caribbean_exact_entry")
    code = head + 'import runpy\nsys.argv = ["-m", *sys.argv[3:]]\nrunpy._run_module_as_main("caribbean_exact")\n'
    p = subprocess.run([sys.executable, "-c", code, "caribbean_exact.model.rules", "-", "paytables"],
                       capture_output=True, text=True, timeout=120, cwd="/")
    assert p.returncode == 130 and one_error_line(p.stderr) == "caribbean-exact: interrupted"


def test_the_console_script_is_the_guarded_entry():
    assert EXE
    assert "_caribbean_exact_entry" in Path(EXE).read_text()
    p = subprocess.Popen([EXE, "solve", "--known-dealer-cards", "2", "--sample", "--deals", "90000000", "--quiet"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        import time
        time.sleep(1.5)
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=60)
    finally:
        p.kill()
    assert p.returncode == 130 and one_error_line(err) == "caribbean-exact: interrupted"


def test_an_interrupt_says_one_message_everywhere(capsys, monkeypatch):
    import importlib

    import _caribbean_exact_entry as entry
    from caribbean_exact.cli.commands import play as commands
    cli_main = importlib.import_module("caribbean_exact.cli.main")

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(commands, "ev", interrupted)
    code, out, err = run(capsys, *HAND)
    assert code == 130 and out == "" and err == "caribbean-exact: interrupted\n"
    assert cli_main.INTERRUPTED_LINE == entry.INTERRUPTED_LINE == "caribbean-exact: interrupted"
    assert "`caribbean-exact: interrupted` (130)" in (Path(__file__).parents[2] / "docs" / "reliability.md").read_text()


@pytest.mark.parametrize("argv", [["card", "--switch-fees", "1,2,3,2,1", "--out", "{tmp}/card.png"],
                                  ["solve", "--known-dealer-cards", "2", "--sample", "--deals", "90000000"]])
def test_ctrl_c_acts_at_once_during_the_long_work(tmp_path, argv):
    """The work runs in a worker thread (its C calls release the GIL) and the main thread waits in
    tenths of a second: a Ctrl-C ends the command at once, whatever C is doing, with no file and no
    temporary file left (measured: about 0.02-0.04 s from the signal to the exit)."""
    import time
    assert EXE
    p = subprocess.Popen([EXE, *(a.format(tmp=tmp_path) for a in argv)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(2.5)
        assert p.poll() is None  # still working
        start = time.monotonic()
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=60)
        took = time.monotonic() - start
    finally:
        p.kill()
    assert p.returncode == 130 and err.splitlines()[-1] == "caribbean-exact: interrupted", err
    assert took < 5  # generous under load; it was 7-10 s while a C call ran
    assert list(tmp_path.iterdir()) == []


def test_the_work_thread_hands_back_errors_and_output(capsys):
    import importlib
    cli_main = importlib.import_module("caribbean_exact.cli.main")
    assert cli_main.main(["ev", "As Kd 7h 4c", "--up", "Qh"]) == 2
    assert capsys.readouterr().err == "error: hand 'As Kd 7h 4c': expected 5 cards, got 4\n"
    assert cli_main.main(["ev", "As Kd 7h 4c 2s", "--up", "Qh"]) == 0
    assert "fold" in capsys.readouterr().out.lower()
    assert cli_main._working == [] and "serve" in cli_main.IN_MAIN_THREAD


def _ignoring_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize("how", ["console script", "python -m"])
def test_an_inherited_ignore_of_sigint_is_kept(how):
    """nohup, or a background job of a script: SIGINT starts ignored, and must stay ignored."""
    import time
    assert EXE
    head = [EXE] if how == "console script" else [sys.executable, "-m", "caribbean_exact"]
    p = subprocess.Popen([*head, "solve", "--known-dealer-cards", "2", "--sample", "--deals", "600000", "--threads",
                          "1", "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         preexec_fn=_ignoring_sigint, cwd="/")  # noqa: PLW1509 (the test's only thread)
    try:
        for wait in (0.02, 0.2, 0.5, 1.0):  # start-up, package loading, the work
            time.sleep(wait)
            if p.poll() is None:
                p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=120)
    finally:
        p.kill()
    assert p.returncode == 0 and err == "" and "deals for +/-0.05 points" in out, err


# ---------------------------------------------------------------- bounded resources

MEMORY_CHILD = textwrap.dedent("""
    import resource, sys
    from fractions import Fraction
    import caribbean_exact as ce
    from caribbean_exact.model.rules import Paytable
    what, n = sys.argv[1], int(sys.argv[2])
    if what == "compare":
        tables = {f"t{i}": Paytable(f"t{i}", tuple(Fraction(p) for p in (100 + i, 50, 20, 7, 5, 4, 3, 2, 1, 1)))
                  for i in range(n)}
        assert len(ce.compare(list(tables), paytables=tables)) == n
    else:
        assert len(ce.cap_study(antes=list(range(26, 26 + n)), max_payout=5000).rows) == n
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)
""")


@pytest.mark.slow  # four processes solving up to 60 pay tables or antes
@pytest.mark.parametrize("what", ["compare", "cap"])
def test_memory_does_not_grow_with_tables_or_antes(what):
    """Each distinct table or ante used to keep 6.8 MB of decisions: 60 of them, 400+ MB."""
    peaks = [int(subprocess.run([sys.executable, "-c", MEMORY_CHILD, what, str(n)], capture_output=True,
                                text=True, check=True, timeout=300).stdout.split()[-1]) for n in (2, 60)]
    assert peaks[1] - peaks[0] < 40, peaks  # MiB


def test_table_and_ante_limits(capsys):
    with pytest.raises(InvalidRules, match="1,001 ante sizes, more than the limit of 1,000"):
        ce.cap_study(antes=list(range(1, 1002)))
    with pytest.raises(InvalidRules, match="1,001 pay tables, more than the limit of 1,000"):
        ce.compare([f"{100 + i},50,20,7,5,4,3,2,1,1" for i in range(1001)])
    code, _, err = run(capsys, "cap", "--antes", ",".join(str(a) for a in range(1, 1002)))
    assert code == 2 and "limit of 1,000" in one_error_line(err)


def test_deals_limit(capsys):
    code, _, err = run(capsys, "solve", "--known-dealer-cards", "2", "--sample", "--deals", str(10**12))
    assert code == 2 and "2 to 100,000,000 (the limit)" in one_error_line(err)
    code, _, err = run(capsys, "collusion", "--deals", str(10**8 + 1))
    assert code == 2 and "the limit" in one_error_line(err)


def _no_work(monkeypatch):
    """Make the report's first piece of work fail the test: a limit must be refused before it."""
    from caribbean_exact.house import math_report

    def solved(*_args, **_kwargs):
        raise AssertionError("the work started")

    monkeypatch.setattr(math_report, "solve", solved)


@pytest.mark.parametrize("argv,needle", [
    (["--deals", "100000001"], "deals 100000001: expected 2 to 100,000,000 (the limit)"),
    (["--deals", "1e10"], "expected 2 to 100,000,000 (the limit)"),
    (["--seed", str(1 << 64)], "seed"),
    ([x for n in range(2, 23) if n != 10 for x in ("--hands", str(n))] + ["--hands", "23"],
     "hands: 21 values besides 1, 10, 100, 1,000, 10,000, more than the limit of 20"),
    (["--hands", "1000001"], "hands 1,000,001: more than the limit of 1,000,000 hands"),
    (["--hands", "0"], "hands 0: must be at least 1"),
])
def test_report_limits_are_refused_before_the_work(capsys, monkeypatch, argv, needle):
    _no_work(monkeypatch)
    import time
    start = time.perf_counter()
    code, out, err = run(capsys, "report", "--quiet", *argv)
    assert code == 2 and out == "" and needle in one_error_line(err)
    assert time.perf_counter() - start < 5
    from caribbean_exact.house.volatility import seat_covariance
    with pytest.raises(InvalidRules, match="the limit"):
        seat_covariance(deals=10**8 + 1)


def test_report_takes_twenty_values_of_hands(monkeypatch):
    from caribbean_exact.house import math_report
    _no_work(monkeypatch)
    hands = [n for n in range(2, 23) if n != 10] + [10, 100, 2]  # 20 distinct besides the defaults
    with pytest.raises(AssertionError, match="the work started"):  # accepted: the work starts
        math_report.build_report(hands=hands)


def test_compare_counts_only_the_files_tables():
    from caribbean_exact.house.paytables import _compared_tables
    from caribbean_exact.model.rules import builtin_paytables
    text = "".join(f'[[paytable]]\nname = "t{i}"\npays = [{100 + i},50,20,7,5,4,3,2,1,1]\n' for i in range(MAX_TABLES))
    extra = load_paytables_text(text, "many.toml")
    assert len(extra) == MAX_TABLES
    names = [*builtin_paytables(), *extra]  # what `compare --paytables FILE` compares
    assert len(_compared_tables(names, extra, "standard", None)) == MAX_TABLES + len(builtin_paytables())
    assert len(_compared_tables(None, extra, "standard", None)) == MAX_TABLES + len(builtin_paytables())
    more = {**extra, "one more": ce.Paytable("one more", extra["t0"].pays)}
    with pytest.raises(InvalidRules, match="1,001 pay tables, more than the limit of 1,000 \\(the built-in"):
        _compared_tables([*builtin_paytables(), *more], more, "standard", None)


def test_long_work_reports_progress():
    seen: list[tuple[str, int, int | None]] = []

    def progress(label, done, total):
        seen.append((label, done, total))

    ce.compare(["standard", "live-dealer", "100,50,20,7,5,4,3,2,1,1", "101,50,20,7,5,4,3,2,1,1"],
               progress=progress)
    assert ("solving each pay table", 4, 4) in seen
    ce.cap_study(antes=[10, 50, 100], progress=progress)
    assert ("solving each ante size", 3, 3) in seen
    st = ce.parse_rule_file("name: mine\nraise if hand >= AK\nraise if holds Q and up in 2-9\n")
    ce.evaluate(st, progress=progress)
    assert ("evaluating mine", 2, 2) in seen


@pytest.mark.slow  # compiles and evaluates a 1,000-line rule file
def test_rule_file_line_limit_and_speed():
    from caribbean_exact.strategy.rule_file import MAX_RULE_LINES
    with pytest.raises(InvalidRules, match="1,001 lines, more than the limit of 1,000"):
        ce.parse_rule_file("raise if hand >= AK\n" * (MAX_RULE_LINES + 1))
    import time
    lines = "".join(f"raise if hand >= value {v} and up in 2-{'9TJQK'[v % 5]} and suited >= {v % 3}\n"
                    for v in range(1000, 1000 + MAX_RULE_LINES))
    start = time.perf_counter()
    st = ce.parse_rule_file(lines)
    assert time.perf_counter() - start < 5  # was about 0.1 s per line (106 s for 1,000)
    from caribbean_exact.strategy.strategies import cell_flags
    start = time.perf_counter()
    cell_flags(st)
    assert time.perf_counter() - start < 60  # was hours: lines x 963,300 cells in Python


@pytest.mark.parametrize("text", [
    "raise if hand >= AK",
    "raise if hand <= 44 and up in 2-Q\nraise if ace king and holds Q or J",
    "raise if lacks Q and J and up not in A,K\nraise if up < card 4 and up matches",
    "raise if suited >= 2 and hand > pair of 4s\nraise if suited == 0 and up matches nothing\n"
    "raise if hand == two pair",
    "raise always",
    "raise if ace king and up > card 2\nraise if card 3 >= Q and up matches\nraise if card 2 <= 9",
    "raise if card 3 in Q,J and ace king\nraise if card 1 not in A,K and hand >= pair",
])
def test_compiled_rule_files_equal_the_cell_by_cell_evaluation(text):
    import dataclasses

    from caribbean_exact.strategy.strategies import cell_flags
    st = ce.parse_rule_file(text)
    assert st.flags is not None
    assert cell_flags(st) == cell_flags(dataclasses.replace(st, flags=None))


def test_hand_at_most_is_read_as_at_most():
    """'hand <= 44' used to be read as 'hand < "= 44"' (an error): the longer operators come first."""
    st = ce.parse_rule_file("raise if hand <= 44")
    from caribbean_exact.model.rules import Qualifier
    from caribbean_exact.strategy.strategies import Situation
    v = Qualifier.parse("44").value
    assert st.raises(Situation((2, 2, 5, 1, 0), False, 1, v, 0, 0))
    assert not st.raises(Situation((2, 2, 5, 1, 0), False, 1, v + 1, 0, 0))


# ---------------------------------------------------------------- numbers read the same everywhere


@pytest.mark.parametrize("argv,needle", [
    ([*HAND, "--ante", "1e2"], "ante 100\n"),
    ([*HAND, "--ante", "1,000"], "ante 1000\n"),
    ([*HAND, "--ante", "100.50"], "ante 100.50\n"),
    ([*HAND, "--ante", "1,000.5", "--max-payout", "2.5e3"], "ante 1000.50, cap 2500 per bet\n"),
    (["progressive", "--meter", "1e6", "--format", "json"], '"meter": "1000000"'),
    (["progressive", "--meter", "250,000", "--format", "json"], '"meter": "250000"'),
    (["combined", "--ante", "2.5e1", "--format", "json"], '"ante": "25"'),
    (["report", "--hours", "1e-3", "--average-ante", "1e3", "--format", "json", "--deals", "1e4"], '"hours"'),
])
def test_numbers_read_the_same_everywhere(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == "", err
    assert needle in out


@pytest.mark.parametrize("argv", [
    [*HAND, "--ante", "\u0663"], [*HAND, "--ante", "nan"], [*HAND, "--ante", "inf"], [*HAND, "--ante", "1,00"],
    ["progressive", "--meter", "\u00b2"], [*HAND, "--ante", "1e100000"], ["solve", "--threads", "\u0663"],
    ["solve", "--known-dealer-cards", "2", "--sample", "--deals", "1e100000"],
    [*HAND, "--qualifier", "-1"], ["solve", "--qualifier", "-1113"], ["solve", "--qualifier", "--5"],
    ["solve", "--qualifier", "\u0663"], ["report", "--hours", "1e-300"], ["report", "--average-ante", "1e300"],
])
def test_numbers_that_are_not_numbers_are_refused(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    one_error_line(err)


def test_whole_number_options_take_the_same_numbers(capsys):
    a = run(capsys, "solve", "--known-dealer-cards", "2", "--sample", "--deals", "2e4", "--seed", "1,000",
            "--format", "json", "--quiet")
    b = run(capsys, "solve", "--known-dealer-cards", "2", "--sample", "--deals", "20000", "--seed", "1000",
            "--format", "json", "--quiet")
    assert a[0] == 0 and a == b
    code, _, err = run(capsys, "solve", "--threads", "1.5")
    assert code == 2 and "invalid int value: '1.5'" in one_error_line(err)


@pytest.mark.parametrize("epoch", ["99999999999999999999", "253402300800", "\u00b2", "-1", "1e9", " 12", "\u0663"])
def test_a_malformed_source_date_epoch_is_refused_before_the_work(capsys, monkeypatch, tmp_path, epoch):
    from caribbean_exact.strategy import strategy_card

    def no_work(*_args, **_kwargs):
        raise AssertionError("the card was computed")

    monkeypatch.setattr(strategy_card, "strategy_card", no_work)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    code, out, err = run(capsys, "card", "--out", str(tmp_path / "card.pdf"))
    assert code == 2 and out == "" and not (tmp_path / "card.pdf").exists()
    assert one_error_line(err).startswith("error: SOURCE_DATE_EPOCH=")


def test_a_good_source_date_epoch_is_the_date():
    from caribbean_exact.cli.commands.strategy import card_date
    old = os.environ.get("SOURCE_DATE_EPOCH")
    try:
        os.environ["SOURCE_DATE_EPOCH"] = "253402300799"
        assert card_date() == "9999-12-31"
        os.environ["SOURCE_DATE_EPOCH"] = "0"
        assert card_date() == "1970-01-01"
    finally:
        os.environ.pop("SOURCE_DATE_EPOCH", None)
        if old is not None:
            os.environ["SOURCE_DATE_EPOCH"] = old


# ---------------------------------------------------------------- names escaped per format

EVIL = "<script>alert(1)</script>|`x`\\"
FORMULAS = ['=HYPERLINK("http://evil","click")', "+cmd|' /C calc'!A0", "-1+1", "@SUM(A1)", "\tA1", "\rB1"]


def _evil_tables(tmp_path):
    f = tmp_path / "evil.toml"
    names = [EVIL, *FORMULAS]
    f.write_text("".join(f"[[paytable]]\nname = {json.dumps(n)}\npays = [{100 + i},50,20,7,5,4,3,2,1,1]\n"
                         f"where = {json.dumps(FORMULAS[i % len(FORMULAS)])}\n" for i, n in enumerate(names)))
    return str(f), names


def _cells(csv_text):
    import csv
    import io
    return [c for row in csv.reader(io.StringIO(csv_text)) for c in row]


def test_csv_cells_that_look_like_formulas_are_quoted(tmp_path, capsys):
    f, _names = _evil_tables(tmp_path)
    for argv in (["paytables", "--paytables", f], ["compare", "--paytables", f, "--quiet"]):
        code, out, err = run(capsys, *argv, "--format", "csv")
        assert code == 0 and err == ""
        cells = _cells(out)
        for name in FORMULAS[:4]:
            assert "'" + name in cells, (name, argv)
        assert not [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r")], argv
        assert all(c[:1] != "-" or (c[1:2].isdigit() and "+" not in c) for c in cells), argv
        assert EVIL in cells  # starts with "<": not a formula, kept as it is
    code, out, _ = run(capsys, "solve", "--table", "outcomes", "--format", "csv", "--quiet")
    negative = [c for c in _cells(out) if c.startswith("-")]
    assert negative and all(c[1].isdigit() for c in negative)  # numbers stay numbers


def test_csv_numbers_are_not_quoted():
    from caribbean_exact.render.text import csv_cell
    for c in ("-12773/10879", "-1.174097", "-2.35e+308", "-5.2243%", "-2.9379% .. -2.2332%", "+10", "-", "-$1,000.00",
              "-1,000", -3, Fraction(-1, 2)):
        assert csv_cell(c) == c
    for c in ("-1+cmd|x", "=1", "+1+1", "@x", "\t1", "\r1", "-x", "- 1", "-1 .. =2"):
        assert csv_cell(c) == "'" + c


def test_markdown_names_are_shown_as_text(tmp_path, capsys):
    from caribbean_exact.render.text import markdown_text
    f, _ = _evil_tables(tmp_path)
    code, out, _ = run(capsys, "paytables", "--paytables", f, "--format", "github")
    assert code == 0 and "<script>" not in out and "&lt;script&gt;alert(1)&lt;/script&gt;\\|\\`x\\`\\\\" in out
    rows = [line for line in out.splitlines() if line.startswith("|")]
    assert {line.count("|") - line.count("\\|") for line in rows} == {5}  # every row has its 4 columns
    code, out, _ = run(capsys, "report", "--paytables", f, "--paytable", EVIL, "--quiet", "--deals", "2000")
    assert code == 0 and "<script>" not in out and "|`x`" not in out
    assert out.startswith("# Math report: " + markdown_text(EVIL) + " (")
    assert markdown_text("a&b<c>d") == "a&amp;b&lt;c&gt;d" and markdown_text("standard") == "standard"


# ---------------------------------------------------------------- ev --batch: bounded lines, every good line answered

GOOD = "As Kd 7h 4c 2s Qh"


def _limited(limit_mb: int):
    """A preexec_fn: the child may map at most ``limit_mb`` MB (RLIMIT_AS)."""
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit_mb * 2**20, limit_mb * 2**20))
    return limit


def _batch(argv, data: bytes | None = None, limit_mb: int | None = 1000, stdin_file=None):
    assert EXE
    return subprocess.run([EXE, "ev", "--batch", *argv], input=data, stdin=stdin_file, capture_output=True,
                          timeout=120, preexec_fn=_limited(limit_mb) if limit_mb else None)


def test_batch_lines_are_bounded_and_read_in_chunks(tmp_path):
    p = _batch(["/dev/zero"])  # endless, no newline: a MemoryError traceback under ulimit -v before
    assert p.returncode == 2 and p.stdout == b""
    assert one_error_line(p.stderr.decode()) == "error: --batch '/dev/zero' line 1: a NUL byte: not a text file"
    big = tmp_path / "big.txt"
    with open(big, "wb") as f:  # a 50 MB line between good ones: it peaked at 1.5 GB
        f.write(f"{GOOD}\n".encode() + b"A" * 50_000_000 + f"\n{GOOD}\n".encode())
    code = textwrap.dedent("""
        import sys
        sys.argv = ["caribbean-exact", "ev", "--batch", sys.argv[1], "--format", "json"]
        import _caribbean_exact_entry as entry
        code = entry.run()
        with open("/proc/self/status") as f:  # this process's own peak (ru_maxrss keeps the forking parent's)
            print(next(int(x.split()[1]) for x in f if x.startswith("VmHWM:")) // 1024, file=sys.stderr)
        sys.exit(code)
    """)
    p = subprocess.run([sys.executable, "-c", code, str(big)], capture_output=True, text=True, timeout=120,
                       preexec_fn=_limited(1000))
    *lines, peak = p.stderr.splitlines()
    assert p.returncode == 2 and len(p.stdout.splitlines()) == 2, p.stderr
    assert lines[0] == f"error: --batch {shown(str(big))} line 2: longer than the limit of 10,000 characters"
    assert lines[1].startswith("error: ev --batch: 1 of 3 lines not answered")
    assert int(peak) < 150, peak  # MiB: the long line is never held
    p = _batch(["-", "--format", "csv"], b"A" * 10_001 + f"\n{GOOD}\n".encode() + "é".encode() * 10_000 + b"\n")
    assert p.returncode == 2 and len(p.stdout.splitlines()) == 2
    err = p.stderr.decode()
    assert "line 1: longer than the limit" in err and "line 3: card" in err  # 10,000 characters: read
    p = _batch(["-", "--format", "csv"], b"A" * 10_001 + f"\n{GOOD}\n".encode() + b"\xff\xfe\n")
    assert p.returncode == 2 and len(p.stdout.splitlines()) == 2
    assert b"line 1: longer than the limit of 10,000 characters" in p.stderr and b"line 3: not UTF-8" in p.stderr


@pytest.mark.parametrize("fmt", ["simple", "csv", "json", "github"])
def test_batch_answers_the_good_lines_and_reports_each_bad_one(tmp_path, capsys, fmt):
    import random
    rnd = random.Random(fmt)
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    lines, bad = [], []
    for n in range(1, 41):
        cards = rnd.sample(deck, 6)
        kind = rnd.choice(["good", "good", "junk", "repeat", "comment"])
        if kind == "junk":
            cards[rnd.randrange(6)] = "Zz"
        elif kind == "repeat":
            cards[1] = cards[0]
        lines.append(" ".join(cards) if kind != "comment" else "# nothing")
        if kind in ("junk", "repeat"):
            bad.append(n)
    f = tmp_path / "b.txt"
    f.write_text("\n".join(lines) + "\n")
    good = len(lines) - len(bad) - sum(x.startswith("#") for x in lines)
    code, out, err = run(capsys, "ev", "--batch", str(f), "--format", fmt)
    said = err.splitlines()
    assert code == 2 and len(said) == len(bad) + 1 and "Traceback" not in err
    assert [int(x.split(" line ")[1].split(":")[0]) for x in said[:-1]] == bad
    assert said[-1].startswith(f"error: ev --batch: {len(bad)} of {len(bad) + good} lines not answered")
    answered = [x for x in out.splitlines() if " " in x and x[:2] in {c[:2] for c in deck} | {'{"', "| "}]
    assert len([x for x in answered if not x.startswith(("| hand", "hand"))]) == good, out
    code, out2, err = run(capsys, "ev", "--batch", str(f), "--format", fmt, "--skip-bad")
    assert code == 0 and out2 == out and len(err.splitlines()) == len(bad)
    assert all(x.startswith("skipped: ") for x in err.splitlines())
    code, _, err = run(capsys, *HAND, "--skip-bad")
    assert code == 2 and "--skip-bad applies to --batch" in one_error_line(err)


def test_out_of_memory_is_one_line(capsys, monkeypatch):
    from caribbean_exact.cli.commands import play as commands

    def exhausted(*_args, **_kwargs):
        raise MemoryError

    monkeypatch.setattr(commands, "ev", exhausted)
    code, out, err = run(capsys, *HAND)
    assert code == 2 and out == "" and one_error_line(err).startswith("error: out of memory")
    child = textwrap.dedent("""
        import resource, sys
        import numpy  # loaded before the limit: the work runs out of memory, not the start-up
        from caribbean_exact.cli.main import main
        import caribbean_exact.house.math_report, caribbean_exact.render.house.math_report
        with open("/proc/self/statm") as f:
            vm = int(f.read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (vm + 60 * 2**20, resource.RLIM_INFINITY))
        sys.exit(main(sys.argv[1:]))
    """)
    pytest.importorskip("numpy")
    p = subprocess.run([sys.executable, "-c", child, "report", "--hands", "40000", "--quiet", "--deals", "1000"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and one_error_line(p.stderr).startswith("error: out of memory"), p.stderr


def test_the_tests_need_no_activated_venv():
    """Subprocesses run this Python (sys.executable) and the console script beside it: with a PATH
    that holds neither (the venv not activated), the commands still run."""
    p = shell("PY -m caribbean_exact --version && CX --version", {"PATH": "/usr/bin:/bin"})
    assert p.returncode == 0 and p.stdout.count("caribbean-exact ") == 2, p.stderr
    bare = [str(f.relative_to(Path(__file__).parents[1])) for f in Path(__file__).parents[1].rglob("*.py")
            if any(q + "python" + end in f.read_text() for q in "\"'[" for end in (" -m caribbean", '",', "',"))]
    assert bare == [], bare


@pytest.mark.parametrize("argv", [HAND, ["solve"], ["chart"], ["strategies"]])
def test_the_scaled_net_limit_is_every_ante_game_command(capsys, argv):
    code, out, err = run(capsys, *argv, "--paytable", "1e12,50,20,7,5,4,3,2,1,1", "--quiet")
    assert code == 2 and out == ""
    assert one_error_line(err).endswith("(scaled nets exceed 2^40)")
    with pytest.raises(InvalidRules, match="2\\^40"):
        ce.ev("As Kd 7h 4c 2s", "Qh", paytable=[10**12, 50, 20, 7, 5, 4, 3, 2, 1, 1])
