"""``python -m caribbean_exact``: the same as the ``caribbean-exact`` command."""

import sys

from _caribbean_exact_entry import run

if __name__ == "__main__":
    sys.exit(run())
