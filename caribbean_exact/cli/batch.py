"""``ev --batch FILE``: one situation per line, decided as a stream.

A line is the player's five cards, the up card, then optionally ``dead`` and ``dealer`` followed by
cards: ``As Kd 7h 4c 2s Qh``, ``As Kd 7h 4c 2s | Qh | dead Ac Ad | dealer 3c``. Blank lines and
``#`` comments are skipped. Output: one JSON object per line (``--format json``) or one CSV table
(``--format csv``), written as the lines are read; other formats collect one table.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from typing import TextIO

from ..errors import InvalidCards, InvalidRules, shown
from ..model.cards import parse_cards
from ..model.rules import Rules
from ..play.odds import SituationLike, ev_many
from ..render.play import game as render_game
from ..render.text import table

#: Answers written at once when streaming.
CHUNK = 512
_SECTION = re.compile(r"\b(dead|dealer)\b\s*[:=]?", re.IGNORECASE)


def parse_line(line: str, where: str) -> SituationLike:
    """(hand, up, dead, dealer) from one line of a batch file."""
    parts = _SECTION.split(line.replace("|", " "))
    head, rest = parts[0], parts[1:]
    sections = {"dead": "", "dealer": ""}
    for name, text in zip(rest[::2], rest[1::2]):
        key = name.lower()
        if sections[key]:
            raise InvalidCards(f"{where}: '{key}' is given twice")
        sections[key] = text
    try:
        cards = parse_cards(head)
    except InvalidCards as e:
        raise InvalidCards(f"{where}: {e}") from None
    if len(cards) != 6:
        raise InvalidCards(f"{where}: expected the five cards of the hand and the up card, got {len(cards)} cards")
    return (cards[:5], cards[5:], sections["dead"] or None, sections["dealer"] or None)


def situations(lines: Iterable[str], origin: str) -> Iterator[SituationLike]:
    """The situations of a batch file's lines (comments and blank lines skipped)."""
    for n, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if line:
            yield parse_line(line, f"{origin} line {n}")


def open_input(path: str, option: str = "--batch") -> TextIO:
    """The batch file (or another input file, named by ``option`` in errors), or standard input for '-'."""
    if path == "-":
        return sys.stdin
    try:
        return open(path, encoding="utf-8", newline="")  # closed by the caller
    except OSError as e:
        raise InvalidRules(f"{option} {shown(path)}: {e.strerror}") from None
    except (ValueError, TypeError):
        raise InvalidRules(f"{option} {shown(path)}: not a usable file name") from None


def run(path: str, rules: Rules, fmt: str, out: TextIO) -> int:
    """Decide every line of ``path`` and write the answers; returns how many."""
    stream = open_input(path)
    n = 0
    try:
        decisions = ev_many(situations(stream, f"--batch {shown(path)}"), rules=rules)
        if fmt in ("json", "csv"):
            pending: list[str] = []
            if fmt == "csv":
                pending.append(",".join(render_game.BATCH_FIELDS))
            try:
                for d in decisions:
                    pending.append(render_game.batch_json_line(d) if fmt == "json" else
                                   table([render_game.batch_row(d)], render_game.BATCH_FIELDS, "csv")
                                   .split("\n", 1)[1])
                    n += 1
                    if len(pending) >= CHUNK:  # in chunks: a write per line is slow on unbuffered output
                        out.write("\n".join(pending) + "\n")
                        pending.clear()
            finally:  # the answers before a bad line are written before its error
                if pending:
                    out.write("\n".join(pending) + "\n")
        else:
            rows = [render_game.batch_row(d) for d in decisions]
            n = len(rows)
            out.write(table(rows, render_game.BATCH_FIELDS, fmt) + "\n")
    except UnicodeDecodeError:
        raise InvalidRules(f"--batch {shown(path)}: not UTF-8 text") from None
    finally:
        if stream is not sys.stdin:
            stream.close()
    return n
