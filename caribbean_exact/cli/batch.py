"""``ev --batch FILE``: one situation per line, decided as a stream.

A line is the player's five cards, the up card, then optionally ``dead`` and ``dealer`` followed by
cards: ``As Kd 7h 4c 2s Qh``, ``As Kd 7h 4c 2s | Qh | dead Ac Ad | dealer 3c``. Blank lines and
``#`` comments are skipped. Output: one JSON object per line (``--format json``) or one CSV table
(``--format csv``), written as the lines are read; other formats collect one table.

The input is read in chunks of ``READ_SIZE`` bytes, never a whole line of unknown length: a line
longer than ``MAX_LINE`` characters is refused by its number without being kept. A bad line (not
understood, too long, not UTF-8) is reported by its number and the others are still answered;
a NUL byte (``/dev/zero``, a binary file) ends the reading: the input is not text.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..errors import CaribbeanError, InvalidCards, InvalidRules, shown
from ..model.cards import parse_cards
from ..model.rules import Rules
from ..play.odds import SituationLike, ev_many
from ..render.play import game as render_game
from ..render.text import Cell, table

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: the command line starts without typing (issue #24)
    from typing import BinaryIO, TextIO

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


#: The longest line read, in characters (a line of the batch format is about 40).
MAX_LINE = 10_000
#: Bytes read at a time.
READ_SIZE = 1 << 16
_MAX_LINE_BYTES = 4 * MAX_LINE  # UTF-8: at most 4 bytes a character


def numbered_lines(stream: BinaryIO, origin: str) -> Iterator[tuple[int, str | None, str]]:
    """(number, text, problem) for each line of ``stream``, read in chunks of ``READ_SIZE`` bytes:
    ``text`` is None when the line is refused (``problem`` says why: too long, not UTF-8). A line
    longer than the limit is skipped to its end without being kept. A NUL byte is InvalidRules."""
    n = 0
    held = bytearray()
    too_long = False
    while True:
        chunk = stream.read(READ_SIZE)
        if not chunk:
            break
        nul = chunk.find(b"\0")
        if nul >= 0:
            line = n + 1 + chunk.count(b"\n", 0, nul)
            raise InvalidRules(f"{origin} line {line:,}: a NUL byte: not a text file")
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            piece = chunk[start:] if end < 0 else chunk[start:end]
            if not too_long:
                held += piece
                too_long = len(held) > _MAX_LINE_BYTES
                if too_long:
                    held.clear()
            if end < 0:
                break
            n += 1
            yield _line(n, held, too_long)
            held.clear()
            too_long = False
            start = end + 1
    if held or too_long:
        yield _line(n + 1, held, too_long)


def text_lines(stream: BinaryIO, origin: str) -> Iterator[str]:
    """The lines of ``stream`` as text, each ending in a newline, read as ``numbered_lines`` reads
    them (never a whole line of unknown length): a line too long or not UTF-8, or a NUL byte, is
    InvalidRules naming it by its number; a UTF-8 byte-order mark (a spreadsheet's CSV) is dropped."""
    for n, text, problem in numbered_lines(stream, origin):
        if text is None:
            raise InvalidRules(f"{origin} line {n:,}: {problem}")
        yield (text[1:] if n == 1 and text.startswith("\ufeff") else text) + "\n"


def _line(n: int, data: bytes | bytearray, too_long: bool) -> tuple[int, str | None, str]:
    limit = f"longer than the limit of {MAX_LINE:,} characters"
    if too_long:
        return n, None, limit
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return n, None, "not UTF-8 text"
    return (n, None, limit) if len(text) > MAX_LINE else (n, text, "")


def open_input(path: str, option: str = "--batch") -> BinaryIO:
    """The batch file (or another input file, named by ``option`` in errors), or standard input for
    '-', as bytes."""
    if path == "-":
        stdin = sys.stdin
        if stdin is None:
            raise InvalidRules(f"{option} '-': standard input is closed")
        return getattr(stdin, "buffer", None) or io.BytesIO(stdin.read().encode("utf-8"))
    try:
        return open(path, "rb")  # closed by run()
    except OSError as e:
        raise InvalidRules(f"{option} {shown(path)}: {e.strerror}") from None
    except (ValueError, TypeError):
        raise InvalidRules(f"{option} {shown(path)}: not a usable file name") from None


def open_text(path: str, option: str) -> TextIO:
    """An input file as UTF-8 text (newlines as they are, for the csv module), or standard input for '-'."""
    if path == "-":
        if sys.stdin is None:
            raise InvalidRules(f"{option} '-': standard input is closed")
        return sys.stdin
    try:
        return open(path, encoding="utf-8", newline="")  # closed by the caller
    except OSError as e:
        raise InvalidRules(f"{option} {shown(path)}: {e.strerror}") from None
    except (ValueError, TypeError):
        raise InvalidRules(f"{option} {shown(path)}: not a usable file name") from None


@dataclass
class Outcome:
    """What a batch run did: lines answered, lines refused."""

    answered: int = 0
    refused: int = 0


def run(path: str, rules: Rules, fmt: str, out: TextIO, say: Callable[[str], None] = lambda _line: None,
        skip_bad: bool = False) -> Outcome:
    """Decide every line of ``path`` and write the answers; each bad line is said (``say``) with its
    number and left out, the others answered (``skip_bad`` only changes the word: "skipped")."""
    stream = open_input(path)
    origin = f"--batch {shown(path)}"
    done = Outcome()
    rows: list[list[Cell]] = []
    pending: list[str] = []
    if fmt == "csv":
        pending.append(",".join(render_game.BATCH_FIELDS))

    def flush() -> None:
        if pending:
            out.write("\n".join(pending) + "\n")
            pending.clear()

    try:
        for n, text, problem in numbered_lines(stream, origin):
            line = "" if text is None else text.split("#", 1)[0].strip()
            if text is not None and not line:
                continue
            try:
                if text is None:
                    raise InvalidRules(problem)
                d = next(ev_many([parse_line(line, f"line {n:,}")], rules=rules))
            except CaribbeanError as e:
                done.refused += 1
                message = str(e) if str(e).startswith(f"line {n:,}:") else f"line {n:,}: {e}"
                say(("skipped: " if skip_bad else "error: ") + f"{origin} {message}")
                continue
            done.answered += 1
            if fmt == "json":
                pending.append(render_game.batch_json_line(d))
            elif fmt == "csv":
                pending.append(table([render_game.batch_row(d)], render_game.BATCH_FIELDS, "csv").split("\n", 1)[1])
            else:
                rows.append(render_game.batch_row(d))
            if len(pending) >= CHUNK:  # in chunks: a write per line is slow on unbuffered output
                flush()
    finally:  # the answers before a fatal error are written before it
        flush()
        if stream is not getattr(sys.stdin, "buffer", None):
            stream.close()
    if fmt not in ("json", "csv"):
        out.write(table(rows, render_game.BATCH_FIELDS, fmt) + "\n")
    return done
