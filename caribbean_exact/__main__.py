"""``python -m caribbean_exact``: the same as the ``caribbean-exact`` command."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
