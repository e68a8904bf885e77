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

#: The console script of the Python running the tests (its venv need not be on PATH), else PATH's.
_BESIDE = Path(sys.executable).with_name("caribbean-exact")
EXE = str(_BESIDE) if _BESIDE.exists() else shutil.which("caribbean-exact")
HAND = ["ev", "As Kd 7h 4c 2s", "--up", "Qh"]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def shell(command: str, env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """A command line through a real shell (for redirections such as >&- and /dev/full)."""
    assert EXE, "caribbean-exact is not installed"
    return subprocess.run(["bash", "-c", command.replace("CX", EXE)], capture_output=True, errors="replace",
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
    assert code == 0 and doc["standard_deviation"] == "3.038811896230e+154"
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
    pytest.param("CX chart --plot /dev/full > /dev/null", 2, "error: --plot '/dev/full': No space left on device",
                 marks=pytest.mark.slow),  # a process that loads matplotlib and draws the chart
    ("python -m caribbean_exact paytables > /dev/full", 2, "no space left on the device"),
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
    ("tabulate", ["paytables"], "caribbean-exact: interrupted"),
    ("matplotlib", ["chart", "--plot", os.devnull], "interrupted"),  # inside main(): its own handler
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
    assert p.returncode == 130 and one_error_line(err) in ("interrupted", "caribbean-exact: interrupted")


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
