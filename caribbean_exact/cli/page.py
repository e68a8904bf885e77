"""The player's page as a static folder (``caribbean-exact page --out DIR``), and what ``serve`` serves.

The page (``cli/static/``, packaged) counts in the browser: ``caribbean.wasm`` is the package's own
C core (``cs_deal``, ``cs_switch`` for one hand's Oasis switching, and their tables,
``csrc/build_wasm.sh``) compiled to WebAssembly, and the page only prices the integer counts it
returns, with exact BigInt fractions, using the nets written here from the library's ``Rules`` (so
the page has no pay table, qualifier, fee or price of its own; the core decides each switch's raise
with the integer nets of the library's ``ScaledNets``). ``files()`` is
the whole folder, the same bytes for both deliveries:

- ``index.html``: the page, with the rules data and the WebAssembly module inlined (base64), so that
  it also runs opened from the folder itself (``file://``, where a browser fetches nothing);
- ``sw.js``: the service worker that keeps every file for use with no network (over http(s));
- ``manifest.webmanifest`` and ``icon.svg``: "add to home screen".

Nothing comes from the internet. The service worker's cache is named after a hash of the files, so
a new version of the page replaces the old one.

>>> names = sorted(files())
>>> names
['icon.svg', 'index.html', 'manifest.webmanifest', 'sw.js']
>>> data = rules_data()
>>> data["qualifiers"][0], data["paytables"][0]["nets"]["lose"]
({'name': 'AK', 'value': 1113}, '-3')
>>> data["paytables"][0]["scaled"][:4], [s["fees"] for s in data["switch_fees"]]
([-1, 1, 0, -3], [[], ['1'], ['1', '2', '3', '4', '5'], ['1', '2', '3', '2', '1']])
"""

from __future__ import annotations

import base64
import hashlib
import importlib.resources
import json
from functools import lru_cache

from ..model.draw import Draw
from ..model.rules import Rules, builtin_paytables

__all__ = ["FOCUSES", "QUALIFIERS", "SWITCH_SCHEDULES", "files", "rules_data", "static"]

#: The qualifiers the page offers.
QUALIFIERS = ("AK", "pair", "44", "AKJ83", "none")
#: The trainer's focuses (as ``train --focus`` writes them).
FOCUSES = ("any", "close", "ak", *(f"up={r}" for r in "AKQJT98765432"))
#: The Oasis switching fee schedules the page offers (names of ``FEE_SCHEDULES``; "none": no switching).
SWITCH_SCHEDULES = ("none", "one-card", "linear", "peaked")
#: The placeholders of the packaged ``index.html`` and ``sw.js``.
RULES_MARK = "/*RULES*/null"
WASM_MARK = "WASM_BASE64"
FILES_MARK = "/*FILES*/[]"
VERSION_MARK = "PAGE_VERSION"


def static(name: str) -> bytes:
    """A file of the package's ``cli/static`` folder."""
    return importlib.resources.files("caribbean_exact.cli").joinpath(f"static/{name}").read_bytes()


def rules_data() -> dict[str, object]:
    """What the page offers to choose, with everything it needs to price a count exactly: each
    built-in pay table's nets per ante (exact fractions as text) and the same nets as the integers
    the core decides a switch's raise with (``scaled``: fold, not_qualify, tie, lose, win[10], over
    one denominator, as ``switch_ev`` hands them to the core), each qualifier's hand value (the
    core's), the switch fee schedules (fees in antes for 1, 2, ... cards) and the trainer's focuses."""
    paytables = []
    for name, table in builtin_paytables().items():
        nets = Rules.make(table).nets()
        paytables.append({"name": name, "short": table.short(), "pays": [str(x) for x in table.pays],
                          "nets": {"fold": str(nets.fold), "not_qualify": str(nets.not_qualify),
                                   "tie": str(nets.tie), "lose": str(nets.lose),
                                   "win": [str(w) for w in nets.win]},
                          "scaled": nets.scaled().as_list()})
    qualifiers = [{"name": q, "value": Rules.make(None, q).qualifier.value} for q in QUALIFIERS]
    schedules = [{"name": n, "fees": [] if n == "none" else list(Draw.parse(n).switch_fees)}
                 for n in SWITCH_SCHEDULES]
    return {"paytables": paytables, "qualifiers": qualifiers, "switch_fees": schedules, "focuses": list(FOCUSES)}


@lru_cache(maxsize=1)
def files() -> dict[str, bytes]:
    """The page's folder: file name -> bytes (the same for ``page --out`` and ``serve``)."""
    rules = json.dumps(rules_data(), separators=(",", ":"), ensure_ascii=True).replace("</", "<\\/")
    wasm = base64.b64encode(static("caribbean.wasm")).decode("ascii")
    html = static("index.html").decode("utf-8")
    for mark in (RULES_MARK, WASM_MARK):
        if html.count(mark) != 1:
            raise RuntimeError(f"the packaged index.html has lost its placeholder {mark}")
    html = html.replace(RULES_MARK, rules).replace(WASM_MARK, wasm)
    out = {"index.html": html.encode("utf-8"), "manifest.webmanifest": static("manifest.webmanifest"),
           "icon.svg": static("icon.svg")}
    digest = hashlib.sha256()
    for name in sorted(out):
        digest.update(name.encode() + b"\0" + out[name] + b"\0")
    sw = static("sw.js").decode("utf-8")
    listed = json.dumps(["./", *sorted(out)])
    sw = sw.replace(FILES_MARK, listed).replace(VERSION_MARK, digest.hexdigest()[:16])
    out["sw.js"] = sw.encode("utf-8")
    return out
