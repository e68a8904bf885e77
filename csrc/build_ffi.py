"""cffi builder for the C core (API mode, out of line).

The cdef is read from the marked regions of caribbean.h (the public API) and testing.h (the
test-only entry points), so the headers are the one source of truth for the API. CARIBBEAN_EXACT_SANITIZE=1 (or =address) builds with AddressSanitizer and
UBSan, CARIBBEAN_EXACT_SANITIZE=thread with ThreadSanitizer. ``compiler_problem()`` tells, in one
line, why no C compiler works (setup.py calls it before cffi compiles).
This module has no side effects beyond defining ``ffibuilder``.
"""

import os
import pathlib
import shlex
import shutil
import subprocess
import sysconfig
import tempfile

from cffi import FFI

HERE = pathlib.Path(__file__).resolve().parent
SOURCES = ["core.c", "evaluate.c", "evaluate6.c", "situation.c", "game.c", "seen.c", "seen_leaks.c", "sorted.c", "sorted_seen.c", "sample.c", "layout.c", "switch_sweep.c", "switch_hand.c",
           "switch_five.c", "switch_game.c", "switch_bounds.c", "switch_sixth.c", "switch_russian.c",
           "switch_dead.c", "sliced.c"]


#: The headers whose cdef regions the binding declares: the public API, then the test-only entry points.
HEADERS = ["caribbean.h", "testing.h"]


def _cdef_region(name: str) -> str:
    text = (HERE / name).read_text()
    start = text.index("/* cdef-begin */") + len("/* cdef-begin */")
    return text[start : text.index("/* cdef-end */")]


def _cdef() -> str:
    return "\n".join(_cdef_region(h) for h in HEADERS)


NEEDS_COMPILER = ("caribbean-exact needs a C compiler (gcc or clang) to build its counting core; install one "
                  "(Debian/Ubuntu: apt-get install gcc; Fedora: dnf install gcc; Alpine: apk add build-base; "
                  "macOS: xcode-select --install) or set CC to one, then install again")


def compiler_problem(env: "dict[str, str] | None" = None) -> "str | None":
    """None if the C compiler the build will use (CC, else Python's configured one) compiles a
    trivial file; else one line saying what is needed and how to install it."""
    env = dict(os.environ if env is None else env)
    cc = shlex.split(env.get("CC") or sysconfig.get_config_var("CC") or "cc")
    if not cc or shutil.which(cc[0], path=env.get("PATH")) is None:
        return f"{NEEDS_COMPILER} (no compiler {cc[0] if cc else '(empty CC)'!r} found)"
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp, "probe.c")
        src.write_text("int main(void) { return 0; }\n")
        try:
            done = subprocess.run([*cc, "-c", str(src), "-o", str(pathlib.Path(tmp, "probe.o"))],
                                  capture_output=True, text=True, env=env, timeout=120, check=False)
        except (OSError, subprocess.SubprocessError) as e:
            return f"{NEEDS_COMPILER} ({cc[0]!r} did not run: {e})"
    if done.returncode != 0:
        return f"{NEEDS_COMPILER} ({cc[0]!r} failed on a trivial C file)"
    return None


def _flags() -> tuple[list[str], list[str]]:
    compile_args = ["-O3", "-std=c11", "-D_GNU_SOURCE", "-Wall", "-Wextra", "-pthread"]
    link_args = ["-pthread"]
    mode = os.environ.get("CARIBBEAN_EXACT_SANITIZE", "")
    if mode not in ("", "0"):
        if mode == "thread":
            san = ["-fsanitize=thread", "-fno-omit-frame-pointer"]
        elif mode in ("1", "address"):
            san = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-fno-sanitize-recover=all"]
        else:
            raise ValueError(f"CARIBBEAN_EXACT_SANITIZE={mode!r}: use 1 (or address) or thread")
        compile_args = [a for a in compile_args if a != "-O3"] + ["-O1", "-g"] + san
        link_args += san
    return compile_args, link_args


#: The environment the compiler reads besides our flags.
_COMPILER_ENV = ("CC", "CFLAGS", "CPPFLAGS", "LDFLAGS", "LDSHARED")


def build_stamp(compile_args: "list[str]", link_args: "list[str]", env: "dict[str, str] | None" = None) -> str:
    """The flag set of a build, as a C comment put in the generated module source. cffi rewrites
    that source only when it changes, and a changed source rebuilds the module and every file of
    SOURCES: a build with other flags (CARIBBEAN_EXACT_SANITIZE, CC, CFLAGS) can never reuse a stale
    build/ (an ASan object under a ThreadSanitizer build)."""
    env = dict(os.environ if env is None else env)
    parts = [f"compile: {' '.join(compile_args)}", f"link: {' '.join(link_args)}"]
    parts += [f"{k}={env[k]}" for k in _COMPILER_ENV if env.get(k)]
    text = "; ".join(parts).replace("*/", "* /")
    return f"/* caribbean-exact build flags (a change rebuilds everything): {text} */"


ffibuilder = FFI()
ffibuilder.cdef(_cdef())
_compile, _link = _flags()
ffibuilder.set_source(
    "caribbean_exact._core",
    "".join(f'#include "{h}"\n' for h in HEADERS) + build_stamp(_compile, _link),
    sources=[os.path.relpath(HERE / s) if not os.path.isabs(s) else s for s in SOURCES],
    include_dirs=[os.path.relpath(HERE)],
    extra_compile_args=_compile,
    extra_link_args=_link,
)

if __name__ == "__main__":
    ffibuilder.compile(verbose=True)
