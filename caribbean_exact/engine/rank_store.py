"""Each up rank's integer counts of a long exact count, kept in a folder so that a run stopped part way
counts, when started again, only the ranks it had not finished (``exact_switch_counts``'s ``store``;
``solve --switch-fees ... --keep-ranks DIR``).

A rank's file holds its key (everything its counts depend on: this package's version and what the
caller names: the core's version, the count, the up rank, the qualifier, the scaled nets and fees, the
sizes, the flags, the digest of the given options, the probes) and its counts as plain JSON integers.
Its name carries the key's digest (all but the up rank), so the ranks of other games share a folder
without mixing. A file is written whole (a temporary file renamed into place): a run killed while
writing leaves the folder as it was. A file that does not parse, or whose key is not the one its name
says, is refused (``InvalidRules`` naming it), never counted over.

>>> import os, tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     key = {"count": "example", "up_rank": 3}
...     before = load(d, key)
...     name = os.path.basename(save(d, key, (1, [2, 3])))
...     before, load(d, key), name.startswith("example-"), name.endswith("-rank03.json")
(None, [1, [2, 3]], True, True)
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile

from .._version import __version__
from ..errors import InvalidRules, shown
from .counts import DealTotals

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

#: The layout of a rank's file; raised when it changes (older files are then not read).
FORMAT = 1


def _full_key(key: dict[str, Any]) -> dict[str, Any]:
    return {"format": FORMAT, "package": __version__, **key}


def path_of(folder: str, key: dict[str, Any]) -> str:
    """The file of ``key``'s counts in ``folder``: its count's name, a digest of the key but its up rank
    (the same for every rank of one game), and the up rank."""
    game = {k: v for k, v in _full_key(key).items() if k != "up_rank"}  # the ranks of one game: one digest
    digest = hashlib.sha256(json.dumps(game, sort_keys=True).encode()).hexdigest()[:16]
    return os.path.join(folder, f"{key.get('count', 'counts')}-{digest}-rank{key.get('up_rank', 0):02d}.json")


def _encode(x: Any) -> Any:
    if isinstance(x, DealTotals):
        return {"deal_totals": [list(x.fold), list(x.not_qualify), list(x.win), list(x.tie), list(x.lose),
                                x.raise_situations, x.indifferent_situations, x.total_weight]}
    if isinstance(x, (list, tuple)):
        return [_encode(y) for y in x]
    if isinstance(x, bool) or not isinstance(x, int):
        raise TypeError(f"rank store: {type(x).__name__} is not integer counts")
    return x


def _decode(x: Any) -> Any:
    if isinstance(x, dict):
        f = x["deal_totals"]
        return DealTotals(tuple(f[0]), tuple(f[1]), tuple(f[2]), tuple(f[3]), tuple(f[4]), f[5], f[6], f[7])
    if isinstance(x, list):
        return [_decode(y) for y in x]
    if isinstance(x, bool) or not isinstance(x, int):
        raise ValueError("not integer counts")
    return x


def check(folder: str) -> None:
    """Refuse, before any work, a ``folder`` that is not a writable folder (``InvalidRules``)."""
    if not isinstance(folder, str) or not folder or "\0" in folder:
        raise InvalidRules(f"kept counts: {shown(folder)} is not a folder name")
    if not os.path.isdir(folder):
        raise InvalidRules(f"kept counts: {shown(folder)}: no such folder (create it first)")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InvalidRules(f"kept counts: {shown(folder)}: the folder is not writable")


def load(folder: str, key: dict[str, Any]) -> Any:
    """The counts kept under ``key`` in ``folder`` (lists of integers, ``DealTotals`` where they were), or
    None when none are kept. Raises ``InvalidRules`` for a file there that cannot be read back."""
    path = path_of(folder, key)
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as e:
        raise InvalidRules(f"kept counts {shown(path)}: cannot be read ({e}); remove the file to count the rank "
                           "again") from None
    try:
        if data["key"] != json.loads(json.dumps(_full_key(key))):
            raise ValueError("its key is not the one its name says")
        return _decode(data["counts"])
    except (KeyError, TypeError, IndexError, ValueError) as e:
        raise InvalidRules(f"kept counts {shown(path)}: not a rank's counts ({e}); remove the file to count the "
                           "rank again") from None


def save(folder: str, key: dict[str, Any], counts: Any) -> str:
    """Keep ``counts`` (integers, lists, tuples and ``DealTotals``) under ``key`` in ``folder``, written
    whole; returns the file's path. Raises ``InvalidRules`` when the folder cannot take it."""
    path = path_of(folder, key)
    text = json.dumps({"key": _full_key(key), "counts": _encode(counts)}, separators=(",", ":"))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".rank-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text + "\n")
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError as e:
        raise InvalidRules(f"kept counts {shown(path)}: cannot be written ({e.strerror or e})") from None
    return path
