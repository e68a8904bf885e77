"""Every file the command line writes goes through cli/files.py: checked before the work, written
atomically (all files of a set or none), links replaced and not written through, folders never
created silently."""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
import textwrap

import pytest

from caribbean_exact.cli import main
from caribbean_exact.cli.files import check_file, check_folder, display, write_files
from caribbean_exact.errors import InvalidRules


def _run_limited(code: str, fsize: int, cwd: str) -> subprocess.CompletedProcess[str]:
    """Run Python code with a limit on the size of a file it writes (RLIMIT_FSIZE): a write past it
    fails with EFBIG (Python ignores SIGXFSZ)."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          preexec_fn=limit, cwd=cwd, timeout=300)


def test_a_set_of_files_is_written_whole_or_not_at_all(tmp_path):
    (tmp_path / "r.md").write_text("old report\n")
    (tmp_path / "r-plot.png").write_bytes(b"old plot")
    p = _run_limited("""
        from caribbean_exact.cli.files import write_files
        write_files("--out", {"r.md": "new report\\n", "r-plot.png": b"x" * 100_000})
        """, 16_384, str(tmp_path))
    assert p.returncode == 1 and "InvalidRules" in p.stderr
    assert "--out 'r-plot.png': the file is larger than the limit on file size" in p.stderr
    assert (tmp_path / "r.md").read_text() == "old report\n"          # untouched: the set failed
    assert (tmp_path / "r-plot.png").read_bytes() == b"old plot"
    assert sorted(x.name for x in tmp_path.iterdir()) == ["r-plot.png", "r.md"]  # no temporary left


@pytest.mark.slow  # a child process computes and draws the chart under a file-size limit (the library-level
# write tests above check the same mechanism in milliseconds)
def test_the_command_line_keeps_the_old_file_when_the_new_one_cannot_be_written(tmp_path):
    old = tmp_path / "chart.pdf"
    old.write_bytes(b"%PDF old")
    p = _run_limited(f"""
        import sys
        from caribbean_exact.cli import main
        sys.exit(main(["chart", "--plot", {str(old)!r}, "--table", "rules"]))
        """, 16_384, str(tmp_path))
    assert p.returncode == 2
    assert p.stderr.startswith("error: --plot '") and p.stderr.count("\n") == 1
    ending = r"chart\.pdf'( \([\d,]+ characters\))?: the file is larger than the limit on file size\n$"
    assert re.search(ending, p.stderr), p.stderr
    assert old.read_bytes() == b"%PDF old"
    assert [x.name for x in tmp_path.iterdir()] == ["chart.pdf"]


def test_a_link_is_replaced_not_written_through(tmp_path):
    target = tmp_path / "target.txt"
    target.write_text("keep me\n")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    write_files("--out", {str(link): "new\n"})
    assert target.read_text() == "keep me\n"
    assert not link.is_symlink() and link.read_text() == "new\n"


def test_text_is_utf8_with_newlines_and_the_mode_follows_the_umask(tmp_path):
    f = tmp_path / "a.md"
    write_files("--out", {str(f): "Café ♠\n"})
    assert f.read_bytes() == "Café ♠\n".encode()
    mask = os.umask(0o022)
    os.umask(mask)
    assert f.stat().st_mode & 0o777 == 0o666 & ~mask


def test_a_device_is_written_as_it_is():
    write_files("--out", {"/dev/null": b"nothing"})
    assert os.path.exists("/dev/null") and not os.path.isfile("/dev/null")


@pytest.mark.parametrize("make, path, why", [
    (None, "missing/card.pdf", "'missing': no such folder (create it first)"),
    ("dir", "d.pdf", "'d.pdf': is a folder, not a file"),
    (None, "x" * 300 + ".pdf", "the file name is too long (more than 255 bytes)"),
    (None, "a\0b.pdf", "a file name cannot hold a NUL character"),
    ("file", "f/card.pdf", "'f': not a folder"),
])
def test_names_that_cannot_be_written_are_refused_before_any_work(tmp_path, monkeypatch, make, path, why):
    monkeypatch.chdir(tmp_path)
    if make == "dir":
        os.mkdir(path)
    elif make == "file":
        (tmp_path / "f").write_text("")
    with pytest.raises(InvalidRules) as e:
        check_file("--out", path)
    assert str(e.value).startswith("--out ") and why in str(e.value)


def test_folders_are_never_created_silently(tmp_path, capsys):
    assert check_folder("--out", str(tmp_path / "new"), create=True) is True
    assert (tmp_path / "new").is_dir()
    assert check_folder("--out", str(tmp_path / "new"), create=True) is False
    with pytest.raises(InvalidRules, match="no such folder"):
        check_folder("--out", str(tmp_path / "a" / "b"), create=True)   # only the named folder, not its parents
    with pytest.raises(InvalidRules, match="no such folder"):
        check_folder("--out", str(tmp_path / "other"))
    # the card refuses a missing folder at once (it used to create it), before the card is computed
    assert main(["card", "--out", str(tmp_path / "a" / "b" / "card.png")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no such folder (create it first)" in err
    assert not (tmp_path / "a").exists()


def test_a_path_with_a_newline_is_shown_escaped():
    assert display("card.pdf") == "card.pdf"
    assert display("a\nb.pdf") == "'a\\nb.pdf'"
