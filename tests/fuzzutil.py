"""Shared settings of the hypothesis-driven tests: reproducible runs, a scale knob, run statistics.

CARIBBEAN_EXACT_FUZZ_SCALE=N multiplies every example count; CARIBBEAN_EXACT_FUZZ_STATS=FILE
appends one JSON line per module with the inputs run and the distinct error paths reached.
"""

from __future__ import annotations

import json
import os
from typing import Any

from hypothesis import HealthCheck, settings

SCALE = max(1, int(os.environ.get("CARIBBEAN_EXACT_FUZZ_SCALE", "1")))


def fuzz_settings(n: int) -> settings:
    """n examples (times the scale), derandomized, no example database, no deadline."""
    return settings(max_examples=n * SCALE, derandomize=True, database=None, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                           HealthCheck.data_too_large])


def write_stats(record: dict[str, Any]) -> None:
    """Append the module's run statistics to $CARIBBEAN_EXACT_FUZZ_STATS, if set."""
    path = os.environ.get("CARIBBEAN_EXACT_FUZZ_STATS")
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps(record) + "\n")
