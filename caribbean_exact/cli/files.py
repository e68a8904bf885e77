"""Every file the command line writes, in one place: checked before the work, written atomically.

A command checks its output names first (``check_file``, ``check_folder``), before it computes
anything, so that a name that cannot be written fails at once and not after a minute of work. Then
``write_files`` writes the whole set: each file goes to a temporary file in its own folder, and only
when every one of them is complete are they renamed over their targets, so a full disk, a file-size
limit or an interrupted run leaves the old files as they were, never a truncated one. A target that
is a symbolic link is replaced, not written through. Folders are never created silently: a file's
folder must exist; the folder of a ``--out DIR`` command (``simplify``, ``tables``) is created when it
is missing, its parent must exist, and the line that says what was written says so.

Every refusal is an ``InvalidRules`` (exit 2) in one style: ``OPTION 'NAME': what is wrong``.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import threading
from collections.abc import Iterator, Mapping

from ..errors import InvalidRules, shown

__all__ = ["append_file", "check_file", "check_folder", "display", "folder_of", "write_files"]


def display(path: str) -> str:
    """A path as a line of output shows it: as typed when it is plain, quoted with escapes when it
    holds a newline or another character that is not printable.

    >>> display("card.pdf"), display("a\\nb.pdf")
    ('card.pdf', "'a\\\\nb.pdf'")
    """
    return path if path.isprintable() else repr(path)


def folder_of(path: str) -> str:
    """The folder a file goes into ('.' for a bare name)."""
    return os.path.dirname(path) or "."


def _reason(e: OSError) -> str:
    if e.errno == errno.ENAMETOOLONG:
        return "the file name is too long"
    if e.errno == errno.ENOSPC:
        return "no space left on the device"
    if e.errno == errno.EFBIG:
        return "the file is larger than the limit on file size"
    why = e.strerror or type(e).__name__
    return why[:1].lower() + why[1:]


def _refuse(option: str, path: str, why: str) -> InvalidRules:
    return InvalidRules(f"{option} {shown(path)}: {why}")


def _check_name(option: str, path: str) -> None:
    if not isinstance(path, str) or not path:
        raise _refuse(option, str(path), "expected a file name")
    if "\0" in path:
        raise _refuse(option, path, "a file name cannot hold a NUL character")
    base = os.path.basename(path)
    if not base or base in (".", ".."):
        raise _refuse(option, path, "names a folder, not a file")
    try:
        limit = os.pathconf(folder_of(path), "PC_NAME_MAX")
    except (OSError, ValueError):
        limit = 255
    if len(os.fsencode(base)) > limit:
        raise _refuse(option, path, f"the file name is too long (more than {limit} bytes)")


def check_folder(option: str, folder: str, *, create: bool = False) -> bool:
    """Refuse a folder that cannot take new files; ``create``: make it when it is missing (its parent
    must exist). Returns whether it was created."""
    if "\0" in folder:
        raise _refuse(option, folder, "a file name cannot hold a NUL character")
    if os.path.isdir(folder):
        if not os.access(folder, os.W_OK | os.X_OK):
            raise _refuse(option, folder, "the folder is not writable")
        return False
    if os.path.lexists(folder):
        raise _refuse(option, folder, "not a folder")
    parent = os.path.dirname(os.path.normpath(folder)) or "."
    if not create or not os.path.isdir(parent):
        raise _refuse(option, parent if create else folder, "no such folder (create it first)")
    try:
        os.mkdir(folder)
    except OSError as e:
        raise _refuse(option, folder, _reason(e)) from None
    return True


def check_file(option: str, path: str) -> None:
    """Refuse, before any work, a file name that cannot be written: a folder, a name too long, a
    folder that does not exist or is not writable."""
    _check_name(option, path)
    if os.path.isdir(path):
        raise _refuse(option, path, "is a folder, not a file")
    check_folder(option, folder_of(path))


#: Held while files are renamed into place or a history is appended: an interrupt (``stop_writing``)
#: waits for it, so that a set of files is renamed all or none and a history line is written whole.
_writing = threading.Lock()
#: The temporary files that exist now (removed by ``stop_writing`` when the process must end at once).
_temporaries: set[str] = set()


def stop_writing(timeout: float = 1.0) -> None:
    """Before the process ends at once (Ctrl-C while the work runs in another thread): wait up to
    ``timeout`` seconds for a rename or an append in progress, keep any other from starting, and
    remove the temporary files left."""
    _writing.acquire(timeout=timeout)  # held from now on: no rename, no append starts
    for tmp in list(_temporaries):
        with contextlib.suppress(OSError):
            os.unlink(tmp)


@contextlib.contextmanager
def _temporary(path: str) -> Iterator[str]:
    """A temporary file beside ``path`` (same folder, so that the rename is atomic); removed unless
    it was renamed."""
    import tempfile  # noqa: PLC0415 (only when a file is written: start-up, issue #24)

    fd, tmp = tempfile.mkstemp(dir=folder_of(path), prefix=f".{os.path.basename(path)[:40]}.", suffix=".tmp")
    os.close(fd)
    _temporaries.add(tmp)
    try:
        yield tmp
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        _temporaries.discard(tmp)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _special(path: str) -> bool:
    """An existing target that is not a regular file (nor a link): a device, a pipe, a socket."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    return not (stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode) or stat.S_ISDIR(st.st_mode))


def _write_in_place(option: str, path: str, data: str | bytes) -> None:
    try:
        with open(path, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode("utf-8"))
    except OSError as e:
        raise _refuse(option, path, _reason(e)) from None


def write_files(option: str, files: Mapping[str, str | bytes]) -> None:
    """Write every file of ``files`` (path -> text or bytes; text as UTF-8 with \\n line ends), all
    or none: each is written whole to a temporary file in its folder and flushed to disk, then all
    are renamed over their targets."""
    mode = 0o666 & ~_umask()
    with contextlib.ExitStack() as stack:
        done: list[tuple[str, str]] = []
        for path, data in files.items():
            _check_name(option, path)
            if _special(path):  # a device or a pipe (/dev/null, /dev/stdout): written as it is
                _write_in_place(option, path, data)
                continue
            try:
                tmp = stack.enter_context(_temporary(path))
                blob = data if isinstance(data, bytes) else data.encode("utf-8")
                with open(tmp, "wb") as f:
                    f.write(blob)
                    f.flush()
                    os.fsync(f.fileno())
                os.chmod(tmp, mode)
            except OSError as e:
                raise _refuse(option, path, _reason(e)) from None
            done.append((tmp, path))
        for _, path in done:
            if os.path.isdir(path) and not os.path.islink(path):
                raise _refuse(option, path, "is a folder, not a file")
        with _writing:
            for tmp, path in done:
                try:
                    os.replace(tmp, path)
                except OSError as e:
                    raise _refuse(option, path, _reason(e)) from None


def append_file(option: str, path: str, text: str) -> None:
    """Add ``text`` (whole lines) at the end of the file ``path``, created when missing (0666 less the
    umask): opened for appending, so a symbolic link is appended through and the file keeps its
    permissions and owner; under an exclusive lock (``flock``), so that concurrent writers (several
    trainers on one history) each add their lines whole, one after the other; a missing newline at
    the old end is added first. A failed write (a full disk, a size limit) cuts the file back to its
    old length: the old lines are kept and no part of the new ones is. A device such as /dev/null
    is written as it is."""
    import fcntl  # noqa: PLC0415 (only when a history is written: start-up, issue #24)

    check_file(option, path)
    data = text.encode("utf-8")
    try:
        fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)
    except OSError as e:
        raise _refuse(option, path, _reason(e)) from None
    _writing.acquire()
    try:
        regular = stat.S_ISREG(os.fstat(fd).st_mode)
        if regular:
            fcntl.flock(fd, fcntl.LOCK_EX)
        size = os.lseek(fd, 0, os.SEEK_END) if regular else 0
        if size and os.pread(fd, 1, size - 1) != b"\n":
            data = b"\n" + data
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            if regular:
                os.fsync(fd)
        except OSError as e:
            if regular:
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, size)
            raise _refuse(option, path, _reason(e)) from None
    except OSError as e:
        raise _refuse(option, path, _reason(e)) from None
    finally:
        os.close(fd)  # the lock goes with it
        _writing.release()
