"""What a test needs from outside Python's packages (a program, an optional extra): skipped where it
is missing on a developer's machine, a failure in CI (``CI`` set: ``.ci/run`` installs every tool and
extra the tests need, so a skip there would hide a test that never ran)."""

from __future__ import annotations

import os

import pytest


def in_ci() -> bool:
    """Whether this run is CI's (``CI=true``, as CI and ``.ci/run`` set it)."""
    return os.environ.get("CI", "").lower() not in ("", "0", "false")


def missing(why: str) -> None:
    """The test cannot run here: skip it, or fail it in CI."""
    if in_ci():
        pytest.fail(f"CI must have it: {why}", pytrace=False)
    pytest.skip(why)
