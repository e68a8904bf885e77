"""``caribbean-exact page --out DIR``: the player's page as a static folder, and its WebAssembly core
(``caribbean.wasm``, built from csrc/ by ``csrc/build_wasm.sh``: rebuilt here and compared byte for
byte with the committed file). The page in a real browser: tests/cli/test_page.py."""

import base64
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from needs import missing

from caribbean_exact.cli import main, page

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "caribbean_exact" / "cli" / "static"


def test_page_writes_the_folder(tmp_path, capsys):
    out = tmp_path / "phone"
    assert main(["page", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    files = page.files()
    assert sorted(p.name for p in out.iterdir()) == sorted(files) == ["icon.svg", "index.html",
                                                                       "manifest.webmanifest", "sw.js"]
    for name, data in files.items():
        assert (out / name).read_bytes() == data
    size = sum(len(v) for v in files.values())
    assert said == (f"wrote 4 files ({size:,} bytes) to {out} (a new folder)\n"
                    "open its index.html, or copy the folder to any static web host: once opened it works offline\n")
    assert size < 1_000_000  # the first load
    # again: the same bytes (the service worker's version is a hash of the files, not a time)
    assert main(["page", "--out", str(out)]) == 0
    assert capsys.readouterr().out.startswith(f"wrote 4 files ({size:,} bytes) to {out}\n")
    assert all((out / name).read_bytes() == data for name, data in files.items())


def test_nothing_comes_from_the_internet():
    for name, data in page.files().items():
        text = data.decode("utf-8").replace("http://www.w3.org/2000/svg", "")  # the SVG namespace: no fetch
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text), name


def test_the_page_carries_the_core_and_the_rules():
    html = page.files()["index.html"].decode("utf-8")
    inlined = re.search(r'const WASM = "([A-Za-z0-9+/=]+)";', html).group(1)
    assert base64.b64decode(inlined) == (STATIC / "caribbean.wasm").read_bytes()
    rules = json.loads(re.search(r"const RULES = (\{.*?\});\n", html).group(1))
    assert rules == json.loads(json.dumps(page.rules_data()))
    import caribbean_exact as ce
    assert [t["name"] for t in rules["paytables"]] == list(ce.builtin_paytables())
    standard = rules["paytables"][0]["nets"]
    assert standard["win"][9] == "201" and standard["not_qualify"] == "1" and standard["fold"] == "-1"
    sw = page.files()["sw.js"].decode("utf-8")
    listed = json.loads(re.search(r"const FILES = (\[.*?\]);", sw).group(1))
    assert listed == ["./", "icon.svg", "index.html", "manifest.webmanifest"]
    assert re.search(r'const CACHE = "caribbean-exact-[0-9a-f]{16}";', sw)
    manifest = json.loads(page.files()["manifest.webmanifest"])
    assert manifest["start_url"] == "./" and manifest["icons"][0]["src"] == "icon.svg"


def test_a_bad_out_is_a_one_line_error(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for out in (str(blocker), str(tmp_path / "no" / "such" / "folder")):
        assert main(["page", "--out", out]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("error: --out"), err


def test_the_committed_wasm_is_the_build_of_csrc(tmp_path):
    """csrc/build_wasm.sh (Debian's clang, lld, wasi-libc) reproduces caribbean.wasm byte for byte:
    after a change to the C it counts with, rebuild and commit it."""
    if not (shutil.which("clang") and shutil.which("wasm-ld") and os.path.isdir("/usr/include/wasm32-wasi")
            and os.path.isfile(subprocess.run(["clang", "--target=wasm32-wasi", "-print-libgcc-file-name"],
                                              capture_output=True, text=True).stdout.strip())):
        missing("needs clang, lld, wasi-libc and the wasm32 builtins "
                "(apt-get install clang lld wasi-libc libclang-rt-dev-wasm32)")
    built = tmp_path / "caribbean.wasm"
    subprocess.run(["bash", str(ROOT / "csrc" / "build_wasm.sh"), str(built)], check=True, capture_output=True,
                   timeout=300)
    committed = (STATIC / "caribbean.wasm").read_bytes()
    assert built.read_bytes() == committed, "caribbean.wasm is stale: run csrc/build_wasm.sh and commit it"
    assert committed[:4] == b"\0asm" and len(committed) < 200_000


@pytest.mark.parametrize("name", ["caribbean.wasm", "index.html", "sw.js", "manifest.webmanifest", "icon.svg"])
def test_the_package_ships_the_page(name):
    import tomllib
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    patterns = data["caribbean_exact.cli.static"]
    assert any(Path(name).match(p) for p in patterns), name
    assert (STATIC / name).is_file()
    line = (ROOT / "MANIFEST.in").read_text().split("recursive-include caribbean_exact/cli/static", 1)[1]
    assert "*" + Path(name).suffix in line.split("\n")[0]
