"""The command line: ``main(argv)``, the list of commands, shared options, terminal progress.

The only package that reads argv, writes to stdout/stderr or draws progress.
"""

from .main import build_parser, main

__all__ = ["build_parser", "main"]
