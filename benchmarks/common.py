"""Shared helpers of the benchmark scripts: machine description, medians, card conversion."""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import time
from collections.abc import Callable

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def card_text(c: int) -> str:
    """Card index (rank * 4 + suit) as text like 'As'."""
    return RANKS[c // 4] + SUITS[c % 4]


def machine() -> str:
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        cc = subprocess.run(["cc", "--version"], capture_output=True, text=True,
                            check=False).stdout.splitlines()[0]
    except (OSError, IndexError):
        cc = "no cc"
    try:
        load = "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    except OSError:
        load = "load average unknown"
    return (f"{model}, nproc {os.cpu_count()}, {platform.system()} {platform.machine()}, "
            f"Python {platform.python_version()}, {cc}; {load}")


def median(xs: list[float]) -> float:
    return statistics.median(xs)


def timed(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def fmt_ms(seconds: float) -> str:
    ms = seconds * 1e3
    if ms >= 100:
        return f"{ms:,.0f} ms"
    if ms >= 1:
        return f"{ms:.1f} ms"
    return f"{ms:.3f} ms"
