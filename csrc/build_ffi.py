"""cffi builder for the C core (API mode, out of line).

The cdef is read from the marked region of caribbean.h, so the header is the one source of
truth for the API. CARIBBEAN_EXACT_SANITIZE=1 builds with AddressSanitizer and UBSan.
This module has no side effects beyond defining ``ffibuilder``.
"""

import os
import pathlib

from cffi import FFI

HERE = pathlib.Path(__file__).resolve().parent
SOURCES = ["core.c", "evaluate.c", "evaluate6.c", "situation.c", "game.c", "seen_card.c", "seen_cards.c", "sample.c"]


def _cdef() -> str:
    text = (HERE / "caribbean.h").read_text()
    start = text.index("/* cdef-begin */") + len("/* cdef-begin */")
    return text[start : text.index("/* cdef-end */")]


def _flags() -> tuple[list[str], list[str]]:
    compile_args = ["-O3", "-std=c11", "-D_GNU_SOURCE", "-Wall", "-Wextra", "-pthread"]
    link_args = ["-pthread"]
    if os.environ.get("CARIBBEAN_EXACT_SANITIZE", "") not in ("", "0"):
        san = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-fno-sanitize-recover=all"]
        compile_args = [a for a in compile_args if a != "-O3"] + ["-O1", "-g"] + san
        link_args += san
    return compile_args, link_args


ffibuilder = FFI()
ffibuilder.cdef(_cdef())
_compile, _link = _flags()
ffibuilder.set_source(
    "caribbean_exact._core",
    '#include "caribbean.h"',
    sources=[os.path.relpath(HERE / s) if not os.path.isabs(s) else s for s in SOURCES],
    include_dirs=[os.path.relpath(HERE)],
    extra_compile_args=_compile,
    extra_link_args=_link,
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
