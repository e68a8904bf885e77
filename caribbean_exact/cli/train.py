"""``caribbean-exact train``: the loop that asks. Deals come from ``play.trainer``, the sentences
from ``render.play.trainer``; answers are read from standard input (a terminal or a pipe, so that a
session can be scripted), one a line: r or raise, f or fold, q to stop.
"""

from __future__ import annotations

import argparse
import datetime
import os
import secrets
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from typing import TextIO, TypeVar

from ..errors import CaribbeanError, InvalidRules, UsageError, shown
from ..model.cards import Card
from ..model.rules import Rules
from ..model.russian import RussianGame
from ..play.russian import russian_ev
from ..play.scoring import RussianGrade, grade_russian, parse_russian_action
from ..play.trainer import (
    Deal,
    Focus,
    Graded,
    Session,
    Trainee,
    deals,
    grade,
    parse_answer,
    read_history,
    summarize_history,
)
from ..render.play import trainer as render_trainer
from .batch import text_lines
from .files import append_file, check_file


def session_name(seed: int) -> str:
    """The name of a session in the history: when it started (UTC; SOURCE_DATE_EPOCH when set) and its seed."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    when = datetime.datetime.fromtimestamp(int(epoch), datetime.UTC) if epoch and epoch.isdigit() \
        else datetime.datetime.now(datetime.UTC)
    return f"{when.isoformat(timespec='seconds').replace('+00:00', 'Z')} seed {seed}"


def new_seed() -> int:
    """A seed for a session without --seed (printed in its summary, so that it can be dealt again)."""
    return secrets.randbelow(1_000_000)


def per_hour(text: str) -> Fraction:
    """--hands-per-hour: a positive number."""
    try:
        x = Fraction(text)
    except (ValueError, ZeroDivisionError):
        x = Fraction(0)
    if x <= 0:
        raise UsageError(f"train: --hands-per-hour {shown(text)}: expected a positive number")
    return x


def summary_of(path: str, fmt: str) -> str:
    """``train --summary FILE``: every session of a history file."""
    origin = f"--summary {shown(path)}"
    try:
        with open(path, "rb") as f:  # a bounded line at a time (batch.numbered_lines)
            records = read_history(text_lines(f, origin), origin)
    except OSError as e:
        raise InvalidRules(f"{origin}: {e.strerror}") from None
    return render_trainer.history_summary(summarize_history(records), fmt)


T = TypeVar("T")

#: The longest answer line read (an answer is a word: r, raise, f, fold, q).
MAX_ANSWER = 1_000


def _plain_answer(line: str) -> tuple[str | None, str]:
    return parse_answer(line), f"answer r (raise) or f (fold), q to stop; not {shown(line.strip())}"


def ask(answers: TextIO | None, out: TextIO, prompt: str, talk: bool,
        parse: Callable[[str], tuple[T | None, str]] = _plain_answer) -> T | None:  # type: ignore[assignment]
    """The next answer (``parse``'s of a line: the plain game's "raise" or "fold" by default; else what
    it says is wrong, and the question again), or None to stop (q, or the end of the input). An answer
    read from a pipe is echoed after the question, as a terminal would show it."""
    try:
        echo = talk and answers is not None and not answers.isatty()
    except (OSError, ValueError):
        echo = talk
    while True:
        if talk:
            out.write(prompt)
            out.flush()
        try:
            if answers is None:  # started with standard input closed (train <&-)
                raise ValueError("it is closed")
            line = answers.readline(MAX_ANSWER + 1)  # never a whole line of unknown length
        except (OSError, ValueError) as e:  # a closed or unreadable standard input
            raise UsageError(f"train: cannot read the answers from standard input ({e})") from None
        if "\0" in line:
            raise UsageError("train: standard input holds a NUL byte: not text answers")
        if len(line) > MAX_ANSWER:
            raise UsageError(f"train: an answer longer than {MAX_ANSWER:,} characters: expected r (raise), "
                             "f (fold) or q (stop)")
        if echo and line:
            out.write(line if line.endswith("\n") else line + "\n")
        if not line or line.strip().lower() in ("q", "quit", "stop"):
            if talk and not line:
                out.write("\n")
            return None
        answer, wrong = parse(line)
        if answer is not None:
            return answer
        if talk:
            out.write(wrong + "\n")


def run(args: argparse.Namespace, rules: Rules, trainee: Trainee, focus: Focus, answers: TextIO | None,
        out: TextIO) -> str:
    """Deal, ask and grade until --hands are answered, q or the end of the input; returns the summary."""
    hands_per_hour = per_hour(args.hands_per_hour)
    if args.hands is not None and args.hands < 1:
        raise UsageError(f"train: --hands {args.hands}: expected 1 or more")
    if args.history is not None:
        check_file("--history", args.history)
    seed = new_seed() if args.seed is None else args.seed
    talk = args.format not in ("json", "csv")  # JSON and CSV: one document at the end, no questions
    graded: list[Graded] = []
    for deal in deals(seed, focus, rules):
        if args.hands is not None and len(graded) >= args.hands:
            break
        answer = ask(answers, out, render_trainer.question(deal, args.hands), talk)
        if answer is None:
            break
        g = grade(deal, answer, rules, trainee)
        graded.append(g)
        if talk:
            out.write(render_trainer.verdict(g) + "\n\n")
            out.flush()
    session = Session(rules, trainee.name, seed, focus, tuple(graded))
    if args.history is not None and graded:
        append_file("--history", args.history, render_trainer.history_lines(session, session_name(seed)))
    return render_trainer.summary(session, hands_per_hour, args.format)


def standard_input() -> TextIO | None:
    """Where the answers come from (None: standard input was closed when the program started)."""
    return sys.stdin


def run_russian(args: argparse.Namespace, rules: Rules, game: RussianGame, answers: TextIO | None,
                out: TextIO) -> str:
    """``train --game``: deal Russian Poker hands, ask each one's draw decision (f fold, p play, 6 a sixth
    card, x and the cards to exchange), grade it against every option of the hand counted exactly
    (begun as the hand is dealt, while the player thinks), until --hands, q or the end of the input;
    returns the session's summary."""
    hands_per_hour = per_hour(args.hands_per_hour)
    if args.hands is not None and args.hands < 1:
        raise UsageError(f"train: --hands {args.hands}: expected 1 or more")
    seed = new_seed() if args.seed is None else args.seed
    graded: list[tuple[Deal, RussianGrade]] = []
    with ThreadPoolExecutor(max_workers=1) as pool:
        for deal in deals(seed):
            if args.hands is not None and len(graded) >= args.hands:
                break
            counting = pool.submit(russian_ev, deal.hand, deal.up, game)

            def parse(line: str, hand: tuple[Card, ...] = deal.hand) -> tuple[tuple[str, tuple[int, ...] | None] | None,
                                                                             str]:
                try:
                    return parse_russian_action(line.strip(), hand, game), ""
                except CaribbeanError as e:
                    return None, f"{e}; q to stop"

            answer = ask(answers, out, render_trainer.russian_question(deal, game, args.hands), True, parse)
            if answer is None:
                counting.cancel()
                break
            g = grade_russian(counting.result(), *answer)
            graded.append((deal, g))
            out.write(render_trainer.russian_verdict(g, rules) + "\n\n")
            out.flush()
    return render_trainer.russian_summary(game, seed, graded, hands_per_hour, rules)
