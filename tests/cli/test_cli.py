"""The command line through main(argv), and once as a real subprocess."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from caribbean_exact.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_ev_table(capsys):
    code, out, err = run(capsys, "ev", "As Kd 7h 4c 2s", "--up", "Qh")
    assert code == 0 and err == ""
    assert "-12773/10879" in out and "decision: FOLD" in out and "why: the dealer fails to qualify in 45.65%" in out
    assert "74,490" not in out  # the outcome table is behind --verbose
    code, out, _ = run(capsys, "ev", "As Kd 7h 4c 2s", "--up", "Qh", "--verbose")
    assert "The outcomes of raising" in out and "74,490" in out and "88,695" in out
    # unquoted cards, and the up card as the sixth card
    quoted = run(capsys, "ev", "As Kd 7h 4c 2s", "--up", "Qh")[1]
    assert run(capsys, "ev", "As", "Kd", "7h", "4c", "2s", "Qh")[1] == quoted
    code, out, _ = run(capsys, "ev", "As Kd 7h 4c 2s", "Qh", "--ante", "25")
    assert "money (ante 25)" in out and "-29.35" in out and "-25.00" in out


def test_ev_json(capsys):
    _code, out, _ = run(capsys, "ev", "As Kd 7h 4c 2s", "--up", "Qh", "--format", "json")
    doc = json.loads(out)
    assert doc["counts"] == {"not_qualify": 74490, "win": 0, "tie": 0, "lose": 88695}
    assert doc["total"] == 163185 and isinstance(doc["total"], int)
    assert doc["ev_raise"] == "-12773/10879" and doc["ev_fold"] == "-1" and doc["decision"] == "fold"


def test_ev_options_and_formats(capsys):
    code, out, _ = run(capsys, "ev", "AhKhQhJhTh", "--up", "2c", "--dead", "3c 4c", "--dealer", "5d",
                       "--paytable", "200,50,20,7,5,4,3,2,1,1", "--ante", "100", "--max-payout", "5000",
                       "--format", "github")
    assert code == 0 and "| per ante" in out and "RAISE" in out
    code, out, _ = run(capsys, "ev", "As Kd 7h 4c 2s", "--up", "Qh", "--format", "csv")
    assert code == 0 and out.splitlines() == ["figure,value", "ev_raise,-12773/10879", "ev_fold,-1",
                                              "decision,fold", "margin,-1894/10879"]
    code, out, _ = run(capsys, "ev", "As Kd 7h 4c 2s", "--up", "Qh", "--format", "CSV", "--table", "outcomes")
    assert code == 0 and out.splitlines()[0] == "outcome of raising,count,probability,net per ante,contribution"
    assert out.splitlines()[1] == "dealer does not qualify,74490,0.45647578,1,0.45647578"


@pytest.mark.parametrize("argv,needle", [
    (["ev", "As Kd 7h 4c 2x", "--up", "Qh"], "'2x'"),
    (["ev", "As Kd 7h 4c", "--up", "Qh"], "expected 5 cards"),
    (["ev", "As Kd 7h 4c 2s", "--up", "As"], "card As"),
    (["ev", "As Kd 7h 4c 2s"], "--up"),
    (["ev", "As Kd 7h 4c 2s", "--up", "Qh", "--paytable", "1,2"], "expected 10 pays"),
    (["ev", "As Kd 7h 4c 2s", "--up", "Qh", "--format", "nope"], "format 'nope'"),
    (["solve", "--qualifier", "zz"], "qualifier 'zz'"),
    (["solve", "--ante", "10", "--max-payout", "5"], "below the ante"),
    (["nosuchcommand"], "invalid choice"),
    ([], "usage"),
    (["solve", "--deals", "100"], "apply only to"),
    (["solve", "--ante", "100"], "changes nothing without --max-payout"),
    (["tables", "--format", "json"], "unrecognized arguments"),
    (["chart", "--table", "nope"], "invalid choice"),
    (["ev", "As Kd 7h 4c 2s"], "up card"),
    (["ev", "AKJ83"], "up card's rank"),
    (["ev", "--batch", "/nonexistent/file"], "--batch"),
    (["ev", "As Kd 7h 4c 2s", "Qh", "--batch", "-"], "come from the file"),
    (["compare", "--ante", "100"], "changes nothing without --max-payout"),
])
def test_errors_one_line_exit_2(capsys, argv, needle):
    code, _out, err = run(capsys, *argv)
    assert code == 2
    if argv:
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert needle in err


def test_solve_json(capsys):
    code, out, _ = run(capsys, "solve", "--format", "json", "--quiet")
    doc = json.loads(out)
    assert code == 0
    assert doc["total_weight"] == 19_933_230_517_200 and doc["raise_situations"] == 63_794_004
    assert doc["total_return"] == "-1041372912372"
    assert doc["house_edge"] == "142031221/2718662100"
    rows = {r["outcome"]: r for r in doc["return_table"]}
    assert rows["player wins: royal flush"]["net"] == "201" and isinstance(rows["fold"]["count"], int)
    # the dealer's side: 1,463,700 of the 2,598,960 five-card hands are A-K high or better
    assert doc["dealer_qualifies"] == "205/364"
    dist = doc["dealer_distribution"]
    assert [d["category"] for d in dist][:2] == ["high card", "pair"] and len(dist) == 10
    assert dist[0] == {"category": "high card", "count": 1_302_540, "probability": "1277/2548", "qualifying": 167_280}
    assert sum(d["count"] for d in dist) == 2_598_960 and sum(d["qualifying"] for d in dist) == 1_463_700


def test_solve_text_ends_with_the_dealers_hands(capsys):
    """The dealer's lines come after every line solve printed before (the figures, the outcomes)."""
    code, out, _ = run(capsys, "solve", "--quiet")
    assert code == 0
    head, _, tail = out.partition("\ndealer qualifies (AK): 205/364 = 56.3187%")
    assert head.splitlines()[-1].startswith("player wins: high card") and "dealer qualifies (" not in head
    assert tail.rstrip().splitlines()[-1].split()[:5] == ["high", "card", "1,302,540", "0.50117739", "167,280"]
    code, out, _ = run(capsys, "solve", "--table", "dealer", "--format", "csv", "--quiet")
    assert out.splitlines()[1] == "royal flush,4,1/649740,4,0"


def test_installed_entry_point_subprocess():
    beside = Path(sys.executable).with_name("caribbean-exact")  # this Python's, not PATH's: no venv need be active
    cmd = [str(beside)] if beside.exists() else [sys.executable, "-m", "caribbean_exact"]
    p = subprocess.run([*cmd, "ev", "As Kd 7h 4c 2s", "--up", "Qh", "--format", "json"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["ev_raise"] == "-12773/10879"
    p = subprocess.run([sys.executable, "-m", "caribbean_exact", "ev", "As", "--up", "Qh"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and "Traceback" not in p.stderr


def test_chart_json_and_table(capsys):
    code, out, _ = run(capsys, "chart", "--format", "json", "--quiet")
    doc = json.loads(out)
    assert code == 0 and doc["plain_rules"][0] == "Always raise pair or better."
    cell = next(c for c in doc["cells"] if c["pattern"] == "AKQ52" and c["up"] == "3")
    assert 0 < cell["raise"] < cell["total"] and isinstance(cell["total"], int)
    code, out, _ = run(capsys, "chart", "--margins")
    assert code == 0 and "Plain rules" in out and "AKQJ9" in out


def test_strategies_json_and_rule_file(capsys, tmp_path):
    rule = tmp_path / "mine.txt"
    rule.write_text("name: pairs only\nraise if hand >= pair\n")
    code, out, _ = run(capsys, "strategies", "--format", "json", "--rules", str(rule))
    doc = json.loads(out)
    rows = {r["name"]: r for r in doc["strategies"]}
    assert rows["optimal"]["total_return"] == "-1041372912372"  # sums of money: exact strings (#33)
    assert rows["pairs only"]["total_return"] == rows["pair or better"]["total_return"] == "-1090272101460"
    assert isinstance(rows["optimal"]["raise_situations"], int)
    code, out, err = run(capsys, "strategies", "--rules", str(tmp_path / "missing.txt"))
    assert code == 2 and "missing.txt" in err


@pytest.mark.slow  # draws the chart; the default run draws it through the command in test_reliability.py
def test_chart_plot(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    out = tmp_path / "chart.png"
    assert main(["chart", "--plot", str(out), "--quiet"]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    capsys.readouterr()
    assert main(["chart", "--plot", str(tmp_path / "no" / "such" / "dir.png")]) == 2
    assert "--plot" in capsys.readouterr().err


def test_progress_only_on_a_terminal():
    import io
    import time

    from caribbean_exact.cli.progress import TerminalProgress

    class Tty(io.StringIO):
        def isatty(self):
            return True

    tty, pipe = Tty(), io.StringIO()
    for stream in (tty, pipe):
        bar = TerminalProgress(stream)
        for done in range(1, 5):
            bar("work", done, 4)
        bar.close()
    assert "work [" in tty.getvalue() and "4/4" in tty.getvalue() and tty.getvalue().endswith("\r\033[K")
    assert pipe.getvalue() == ""
    quiet = Tty()
    bar = TerminalProgress(quiet, quiet=True)
    bar("work", 2, 2)
    bar("spin", 0, None)
    bar.close()
    assert quiet.getvalue() == ""
    # one long step: a spinner from done=0 until done=1, then the line is cleared
    spin = Tty()
    bar = TerminalProgress(spin)
    bar("counting", 0, None)
    time.sleep(0.5)
    bar("counting", 1, None)
    text = spin.getvalue()
    assert "counting |" in text and text.endswith("\r\033[K")
    assert spin.getvalue() == text  # stopped: nothing more is drawn
    time.sleep(0.3)
    assert spin.getvalue() == text


def test_library_progress_is_a_callback():
    """Long library work reports through the callback it is given, and draws nothing itself."""
    import caribbean_exact as ce

    calls = []
    ce.sample(deals=300, seed=1, chunk=100, progress=lambda *a: calls.append(a))
    assert [c for c in calls if c[0] == "sampling deals"] == [
        ("sampling deals", 100, 300), ("sampling deals", 200, 300), ("sampling deals", 300, 300)]
    seen = []
    ce.solve_seen_card(progress=lambda *a: seen.append(a))
    assert [(d, t) for _, d, t in seen] == [(0, None), (1, None)]


def test_version_and_help(capsys):
    from caribbean_exact import __version__

    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"caribbean-exact {__version__}"
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for cmd in ("ev", "solve", "chart", "strategies", "compare", "bonus", "progressive", "cap", "collusion"):
        assert f"    {cmd}" in out


def test_running_from_a_source_tree_without_the_core_says_what_to_do(tmp_path):
    """`python -m caribbean_exact` in a source folder whose package has no compiled core (a clean
    clone after `pip install .`): one line saying what to do, exit 2 (python -S: no editable finder)."""
    import caribbean_exact

    src = Path(caribbean_exact.__file__).parent
    shutil.copytree(src, tmp_path / "caribbean_exact", ignore=shutil.ignore_patterns("_core*", "__pycache__"))
    p = subprocess.run([sys.executable, "-S", "-m", "caribbean_exact", "ev", "As Kd 7h 4c 2s", "--up", "Qh"],
                       capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert p.returncode == 2, p.stderr
    assert p.stderr.count("\n") == 1 and "pip install -e ." in p.stderr and "Traceback" not in p.stderr


def test_batch_streams_json_lines_and_one_csv_table(tmp_path, capsys):
    f = tmp_path / "b.txt"
    f.write_text("As Kd 7h 4c 2s Qh\n# a comment\n\nAc Ad 7h 4c 2s | Qh | dead Kc\n2c 3d 4h 5s 7c 9h dealer 9c 9d\n")
    assert main(["ev", "--batch", str(f), "--format", "json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    docs = [json.loads(x) for x in lines]
    assert len(docs) == 3 and docs[0]["ev_raise"] == "-12773/10879" and docs[1]["dead"] == "Kc"
    assert docs[2]["dealer"] == "9c 9d" and docs[2]["total"] == 946 and isinstance(docs[2]["total"], int)
    assert main(["ev", "--batch", str(f), "--format", "csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0].startswith("hand,up,dead,dealer,decision,ev_raise") and len(rows) == 4
    f.write_text("As Kd 7h 4c 2s Qh\nAs Kd 7h 4c Zz Qh\n")
    assert main(["ev", "--batch", str(f), "--format", "json"]) == 2
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 1 and "line 2" in err and "'Zz'" in err


def test_rank_only_query(capsys):
    assert main(["ev", "AKQ52", "--up", "3"]) == 0
    out = capsys.readouterr().out
    from caribbean_exact import ev_ranks
    q = ev_ranks("AKQ52", "3")
    assert q.raises == 784 and q.total == 1024  # most raise: the headline names the folds
    assert " ".join(out.splitlines()[:2]) == ("AKQ52 against a 3 up card: fold 240 of 1024 suit combinations, below; "
                                              "every other suit combination raises")
    assert main(["ev", "AKJ83", "K", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["total"] == doc["raises"] == 768 and doc["groups"][0]["suited"] == 0


def test_an_option_given_twice_is_an_error(capsys):
    code, _, err = run(capsys, "ev", "As Kd 7h 4c 2s", "--up", "Qh", "--dead", "Ac Ad", "--dead", "Kc")
    assert code == 2 and "--dead is given twice" in err and len(err.splitlines()) == 1
    code, _, err = run(capsys, "solve", "--qualifier", "AK", "--qualifier", "pair")
    assert code == 2 and "--qualifier is given twice" in err
    # options that collect values are still repeatable
    assert run(capsys, "strategies", "--quiet", "--format", "json")[0] == 0


def test_progress_off_a_terminal_is_a_line_every_few_seconds(monkeypatch):
    import io
    import time
    import types

    from caribbean_exact.cli import progress as progress_module
    monkeypatch.setattr(progress_module, "QUIET_START", 1.0)  # the command line's (conftest sets inf)
    clock = [1000.0]
    monkeypatch.setattr(progress_module, "time", types.SimpleNamespace(monotonic=lambda: clock[0]))
    log = io.StringIO()
    bar = progress_module.TerminalProgress(log)
    bar("quick", 1, 2)  # within the first second of the command: nothing
    assert log.getvalue() == ""
    clock[0] += 2
    bar("work", 0, 40)
    for done in range(1, 41):
        clock[0] += 0.5
        bar("work", done, 40)
    lines = log.getvalue().splitlines()
    assert "\r" not in log.getvalue()
    assert lines[0] == "work: 1/40 (2%), 0 s so far"  # the first after a second, then every EVERY (5 s)
    assert lines[1] == "work: 11/40 (27%), 6 s so far, about 14 s left"  # 5.5 s for 11: 14.5 s for 29
    assert lines[2] == "work: 21/40 (52%), 10 s so far, about 10 s left"
    assert lines[-1] == "work: 40/40 (100%), 20 s so far" and len(lines) == 5
    monkeypatch.setattr(progress_module, "time", time)
    monkeypatch.setattr(progress_module, "QUIET_START", 0.0)
    monkeypatch.setattr(progress_module, "EVERY", 0.2)
    bar = progress_module.TerminalProgress(log)
    bar("one step", 0, None)  # a step of unknown length: its time so far, every EVERY seconds
    time.sleep(0.5)
    bar("one step", 1, None)
    steps = log.getvalue().splitlines()[5:]
    assert steps and all(s.startswith("one step: ") and s.endswith(" s so far") for s in steps)
    quiet = io.StringIO()
    bar = progress_module.TerminalProgress(quiet, quiet=True)
    bar("work", 1, 4)
    bar("one step", 0, None)
    time.sleep(0.3)
    bar.close()
    assert quiet.getvalue() == ""


def test_the_estimate_of_time_left():
    from caribbean_exact.cli.progress import TerminalProgress, _seconds
    bar = TerminalProgress(quiet=True)
    bar._label_start = 100.0
    assert bar._left(1, 4, 110.0) == ", about 30 s left"  # 10 s for a quarter: 30 s for the rest
    assert bar._left(3, 4, 160.0) == ", about 20 s left"
    assert bar._left(0, 4, 160.0) == bar._left(4, 4, 160.0) == bar._left(1, 4, 100.5) == ""
    assert _seconds(125) == "2 min 05 s" and _seconds(119.6) == "2 min 00 s" and _seconds(3.4) == "3 s"


def test_card_help_states_the_defaults_it_uses(capsys):
    import inspect

    from caribbean_exact.strategy.strategy_card import strategy_card
    assert main(["card", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    defaults = inspect.signature(strategy_card).parameters
    assert f"--deals DEALS deals to sample with --switch-fees (hands) (default {defaults['deals'].default})" in text
    assert f"same figures (default {defaults['seed'].default})" in text
    assert "20000" not in text and "20261129" not in text
