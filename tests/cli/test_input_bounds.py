"""Issue #36, items 1 to 3: a history is appended safely (a lock, through a link, its permissions
kept, cut back on a failed write), every input stream is read with a bound, and the numbers read from
files go through the one number reader: no hang, no traceback, one line and exit 2."""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import stat
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from caribbean_exact.cli import files, main
from caribbean_exact.errors import InvalidRules

CLI = [sys.executable, "-m", "caribbean_exact"]
HISTORY_LINE = {"session": "s", "strategy": "optimal", "hand": "As Kd 7h 4c 2s", "up": "Qh", "answer": "fold",
                "best": "fold", "right": True, "cost": "0"}


def _appender(path: str, worker: int, sessions: int) -> None:
    for s in range(sessions):
        lines = "".join(json.dumps({**HISTORY_LINE, "session": f"w{worker}s{s}", "hand": f"{h}"}) + "\n"
                        for h in range(3))
        files.append_file("--history", path, lines)


def test_concurrent_appends_lose_nothing(tmp_path):
    path = str(tmp_path / "h.jsonl")
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_appender, args=(path, w, 25)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4 * 25 * 3
    sessions = {}
    for line in lines:  # every line whole, every session's lines together
        doc = json.loads(line)
        sessions.setdefault(doc["session"], []).append(doc["hand"])
    assert len(sessions) == 100 and all(v == ["0", "1", "2"] for v in sessions.values())


def test_trainers_at_once_keep_every_session(tmp_path):
    history = tmp_path / "h.jsonl"
    procs = [subprocess.Popen([*CLI, "train", "--seed", str(seed), "--hands", "2", "--history", str(history),
                               "--format", "json"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE) for seed in range(1, 5)]
    for p in procs:
        _, err = p.communicate(b"r\nf\n", timeout=120)
        assert p.returncode == 0, err
    records = [json.loads(x) for x in history.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 8 and len({r["session"] for r in records}) == 4


def test_a_link_is_appended_through_and_permissions_are_kept(tmp_path):
    target = tmp_path / "h.jsonl"
    target.write_text("first\n", encoding="utf-8")
    target.chmod(0o600)
    link = tmp_path / "link.jsonl"
    link.symlink_to(target.name)
    files.append_file("--history", str(link), "second\n")
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "first\nsecond\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    target.write_text("no newline", encoding="utf-8")
    files.append_file("--history", str(target), "next\n")
    assert target.read_text(encoding="utf-8") == "no newline\nnext\n"


def test_a_failed_append_leaves_the_old_lines(tmp_path, monkeypatch):
    target = tmp_path / "h.jsonl"
    target.write_text("old\n", encoding="utf-8")
    real_write = os.write

    def half_then_full(fd: int, data: bytes) -> int:
        n = real_write(fd, bytes(data[: max(1, len(data) // 2)]))
        monkeypatch.setattr(os, "write", full)
        return n

    def full(_fd: int, _data: bytes) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", half_then_full)
    with pytest.raises(InvalidRules, match="no space left on the device"):
        files.append_file("--history", str(target), "a new session line\n")
    monkeypatch.undo()
    assert target.read_text(encoding="utf-8") == "old\n"


def _one_line_exit_2(args: list[str], stdin: object = subprocess.DEVNULL, **kw: object) -> str:
    p = subprocess.run([*CLI, *args], stdin=stdin, capture_output=True, text=True, timeout=60, **kw)
    assert p.returncode == 2, (args, p.stdout[-500:], p.stderr[-500:])
    last = p.stderr.splitlines()
    assert len(last) == 1 and last[0].startswith("error: ") and "Traceback" not in p.stderr
    return last[0]


@pytest.mark.parametrize("args", [["train", "--seed", "1"], ["score", "/dev/zero"],
                                  ["train", "--summary", "/dev/zero"], ["score", "-"]])
def test_dev_zero_is_refused_at_once(args):
    with open("/dev/zero", "rb") as zero:
        line = _one_line_exit_2(args, stdin=zero)
    assert "NUL byte" in line


def test_a_line_without_end_is_refused_without_being_kept(tmp_path):
    long = tmp_path / "long.txt"
    long.write_bytes(b"x" * 3_000_000)
    assert "longer than the limit of 10,000 characters" in _one_line_exit_2(["score", str(long)])
    assert "longer than the limit of 10,000 characters" in _one_line_exit_2(["train", "--summary", str(long)])
    with long.open("rb") as f:
        line = _one_line_exit_2(["train", "--seed", "1"], stdin=f)
    assert "an answer longer than 1,000 characters" in line


def test_train_with_standard_input_closed():
    p = subprocess.run([*CLI, "train", "--seed", "1"], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 0  # the end of the input: the session ends
    q = subprocess.run(["bash", "-c", f"'{sys.executable}' -m caribbean_exact train --seed 1 <&-"],
                       capture_output=True, text=True, timeout=60)  # started with no standard input at all
    assert q.returncode == 2 and "Traceback" not in q.stderr
    assert q.stderr.splitlines()[-1].startswith("error: train: cannot read the answers from standard input")


@pytest.mark.parametrize("cost", ["1e99999999", "1e-99999999", "1/0", "nan", "[[[[1]]]]"])
def test_history_numbers_go_through_the_number_reader(tmp_path, cost):
    f = tmp_path / "h.jsonl"
    f.write_text(json.dumps({**HISTORY_LINE, "cost": cost}) + "\n", encoding="utf-8")
    line = _one_line_exit_2(["train", "--summary", str(f)])
    assert line.startswith("error: --summary ") and " line 1: " in line


def test_a_deep_history_line_is_not_a_traceback(tmp_path):
    f = tmp_path / "h.jsonl"
    f.write_text("[" * 9_000 + "\n", encoding="utf-8")
    assert _one_line_exit_2(["train", "--summary", str(f)]).endswith("line 1: not a trainer history line")


@pytest.mark.parametrize("ante", ["1e99999999", "1e-99999999", "1/0", "-5", "inf"])
def test_score_antes_go_through_the_number_reader(capsys, tmp_path, ante):
    f = tmp_path / "h.csv"
    f.write_text(f"hand,up,action,ante\nAs Kd 7h 4c 2s,Qh,fold,{ante}\nAc Ad 7h 4c 2s,Qh,raise,\n", encoding="utf-8")
    code = main(["score", str(f), "--format", "json", "--skip-bad"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["hands"] == 1 and [e["line"] for e in doc["errors"]] == [2]
    assert doc["errors"][0]["error"].startswith("ante")


def test_a_byte_order_mark_is_read_as_nothing(capsys, tmp_path):
    f = tmp_path / "excel.csv"
    f.write_bytes(b"\xef\xbb\xbfhand,up,action\r\nAs Kd 7h 4c 2s,Qh,raise\r\n")
    assert main(["score", str(f), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["hands"] == 1 and doc["lines"][0]["cost"] == "1894/10879"


@pytest.mark.parametrize("argv,words", [
    (["ev", "AKJ83", "--up", "K", "--qualifier", "9" * 5000], "a hand value must be 0..7462"),
    (["report", "--hours", "1e400"], "hours: '1e400' is out of range"),
    (["report", "--hours", "1e-400"], "hours: '1e-400' is out of range"),
    (["report", "--hands-per-hour", "1e-400"], "hands per hour: '1e-400' is out of range"),
    (["report", "--average-ante", "1e-400"], "average ante: '1e-400' is out of range"),
    (["detect", "--flash-rate", "1e-400"], "at least one hand in a billion"),
    (["score", "-", "--threads", "-1"], "expected 1 to 64 threads, not '-1'"),
    (["score", "-", "--threads", "9" * 20], "expected 1 to 64 threads"),
    (["score", "-", "--threads", "65"], "expected 1 to 64 threads, not '65'"),
    (["score", "-", "--threads", "0"], "expected 1 to 64 threads, not '0'"),
    (["report", "--meter", "nan"], "--meter changes nothing without --side-bets progressive or bonus"),
    (["report", "--reset", "5", "--hours-per-year", "nan"], "--reset and --hours-per-year change nothing"),
    (["report", "--side-bets", "bonus", "--hours-per-year", "nan"], "hours per year: 'nan' is not a number"),
    (["report", "--side-bets", "bonus", "--progressive-pays", "1,2,3"], "--progressive-pays changes nothing"),
    (["report", "--switch-deals", "-5"], "expected a whole number 0 or more, not '-5'"),
    (["report", "--switch-seed", "7"], "--switch-seed changes nothing without --switch-fees"),
    (["train", "--seed", "-3"], "expected a whole number 0 or more, not '-3'"),
    (["train", "--seed", "\u0663"], "invalid int value"),
    (["train", "--hands", "\u0663"], "invalid int value"),
    (["ev", "AKJ83", "--up", "K", "--raise", "\u0663"], "invalid int value"),
    (["serve", "--port", "\u0663"], "invalid int value"),
    (["solve", "--known-dealer-cards", "1", "--sample", "--deals", "-1"], "expected a whole number 0 or more"),
])
def test_out_of_range_and_unused_options_are_one_line_before_the_work(capsys, argv, words):
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("error: ")
    assert words in err and len(err) < 300


def test_the_library_refuses_them_too():
    from caribbean_exact.house.protection import check_rate
    from caribbean_exact.house.volatility import check_shift
    from caribbean_exact.model.rules import Qualifier
    from caribbean_exact.play.scoring import score

    with pytest.raises(InvalidRules, match=r"a hand value must be 0\.\.7462"):
        Qualifier.parse("9" * 5000)
    with pytest.raises(InvalidRules, match="out of range"):
        check_shift(50, "1e400")
    assert check_shift("1e4", "8784") == (10_000, 8784)
    with pytest.raises(InvalidRules, match="one hand in a billion"):
        check_rate("1e-400")
    assert check_rate("1e-9") == Fraction(1, 10**9) and check_rate(0) == 0
    with pytest.raises(InvalidRules, match="threads"):
        score(["hand,up,action"], threads=-1)
