"""Score sheet files on disk: reading, and atomic saves under a lock.

Saving writes a temporary file in the same folder, flushes and fsyncs it, renames it over the
sheet and fsyncs the folder, all under an exclusive lock on ``FILE.lock`` (:func:`locked`:
``flock`` on POSIX, ``msvcrt.locking`` on Windows; the lock file is removed when released);
so a crash never leaves half a sheet and two writers at once cannot lose a deal. The in-place
edits of the text are :mod:`remikcalc.sheet.splice`'s.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from remikcalc.base.errors import SheetError
from remikcalc.base.i18n import _
from remikcalc.sheet.model import Sheet
from remikcalc.sheet.read import sheet_from_text
from remikcalc.sheet.yamltree import MAX_BYTES

if TYPE_CHECKING:
    from pathlib import Path

# pathlib, tempfile and glob are imported where a sheet is locked or saved: reading one
# (show, settle, check) does not need them, and they weigh on such a command's start
# (benchmarks/README.md has the figures)

__all__ = [
    "Commit",
    "LOCK_TIMEOUT",
    "load_sheet",
    "locked",
    "read_text",
    "real_path",
    "repeated_file",
    "save_text",
]

LOCK_TIMEOUT = 30.0


def too_big(name: str) -> SheetError:
    return SheetError(
        _(
            "{name}: the sheet would grow past {size} KiB, the most a sheet may hold; it is "
            "unchanged. Start a new sheet for the next deals."
        ).format(name=name, size=MAX_BYTES // 1024),
        code="sheet_full",
        details={"name": name, "size": MAX_BYTES // 1024},
    )


# --- reading ------------------------------------------------------------------------------------


def _not_a_file(name: str, mode: int) -> SheetError | None:
    """The refusal for anything but a regular file: a folder, a pipe, a device, a socket."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return SheetError(
            _("{name} is a folder, not a score sheet").format(name=name),
            code="not_a_file",
            details={"name": name},
        )
    if stat.S_ISFIFO(mode):
        message = _(
            "{name} is a named pipe (FIFO), not a score sheet; give the path of a .yaml file"
        )
    elif stat.S_ISSOCK(mode):
        message = _("{name} is a socket, not a score sheet; give the path of a .yaml file")
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        message = _("{name} is a device, not a score sheet; give the path of a .yaml file")
    else:
        message = _(
            "{name} is not a regular file, not a score sheet; give the path of a .yaml file"
        )
    return SheetError(message.format(name=name), code="not_a_file", details={"name": name})


def _os_problem(name: str, exc: OSError, doing: str) -> SheetError:
    """``doing`` is "read" or "write"."""
    if exc.errno == errno.ELOOP:
        reason = _("a symbolic link that points back to itself")
    else:
        reason = str(exc.strerror or exc)
    if doing == "read":
        return SheetError(
            _("{name}: cannot read: {reason}").format(name=name, reason=reason),
            code="cannot_read",
            details={"name": name, "reason": reason},
        )
    return SheetError(
        _("{name}: cannot write: {reason}").format(name=name, reason=reason),
        code="cannot_write",
        details={"name": name, "reason": reason},
    )


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of a sheet file, refusing anything over 1 MiB, not UTF-8 or not a regular
    file (a pipe or a device is refused before it is opened, so reading never blocks)."""
    name = os.fspath(path)
    try:
        refusal = _not_a_file(name, os.stat(name).st_mode)
        if refusal is not None:
            raise refusal
        # O_NONBLOCK: should the path become a pipe after the stat, opening it cannot hang
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise SheetError(
            _("{name}: no such sheet").format(name=name),
            code="no_sheet",
            details={"name": name},
        ) from None
    except IsADirectoryError:
        raise SheetError(
            _("{name} is a folder, not a score sheet").format(name=name),
            code="not_a_file",
            details={"name": name},
        ) from None
    except OSError as exc:
        raise _os_problem(name, exc, "read") from None
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fh.fileno())
        refusal = _not_a_file(name, info.st_mode)
        if refusal is not None:
            raise refusal
        if info.st_size > MAX_BYTES:
            raise _larger(name)
        try:
            data = fh.read(MAX_BYTES + 1)
        except OSError as exc:
            raise _os_problem(name, exc, "read") from None
    if len(data) > MAX_BYTES:
        raise _larger(name)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise SheetError(
            _("{name}:{line}: not UTF-8 text (byte {byte})").format(
                name=name, line=line, byte=exc.start
            ),
            code="not_utf8",
            details={"name": name, "line": line},
        ) from None


def _larger(name: str) -> SheetError:
    return SheetError(
        _("{name}: larger than {size} KiB: not a score sheet").format(
            name=name, size=MAX_BYTES // 1024
        ),
        code="too_large",
        details={"name": name, "size": MAX_BYTES // 1024},
    )


def load_sheet(path: str | os.PathLike[str]) -> Sheet:
    """Load and check a score sheet file (every problem reported at once)."""
    return sheet_from_text(read_text(path), os.fspath(path))


# --- saving ---


@dataclass(slots=True)
class Commit:
    """What a write has done to its file, so that a Ctrl-C can be reported truthfully.

    The moment of commit is the atomic ``os.replace`` inside :func:`save_text`: before it the
    file holds ``before``, after it ``after`` (``done``). A caller that passes its own Commit
    to a write can tell, when interrupted, which of the two the file holds.
    """

    before: str | None = None
    after: str | None = None
    done: bool = False

    def save(self, path: str | os.PathLike[str], text: str) -> None:
        """Save ``text`` over the file (under its lock), remembering it."""
        self.after = text
        save_text(path, text)
        self.done = True


# -------------------------------------------------------------------------------------


def real_path(path: str | os.PathLike[str]) -> str:
    """``os.path.realpath``, or a SheetError when a relative path cannot be resolved because
    the working folder is gone (removed while the shell was in it)."""
    try:
        return os.path.realpath(os.fspath(path))
    except FileNotFoundError:
        message = _(
            "{name}: the current folder no longer exists (it was removed); change to a "
            "folder that exists, or give the full path"
        )
        raise SheetError(
            message.format(name=os.fspath(path)),
            code="folder_gone",
            details={"name": os.fspath(path)},
        ) from None


def repeated_file(paths: Sequence[str]) -> tuple[str, str] | None:
    """The first of ``paths`` that names a file named before (the same path, a symbolic
    link to it, or a hard link: another name of the same file, by device and inode), and
    the name it had first; None when every file is named once."""
    seen: dict[object, str] = {}
    for path in paths:
        keys: list[object] = [real_path(path)]
        with contextlib.suppress(OSError, ValueError):  # a missing file is told when read
            info = os.stat(path)
            keys.append((info.st_dev, info.st_ino))
        first = next((seen[k] for k in keys if k in seen), None)
        if first is not None:
            return path, first
        seen.update(dict.fromkeys(keys, path))
    return None


def _real(path: str | os.PathLike[str]) -> Path:
    from pathlib import Path

    return Path(real_path(path))


def _try_lock(fd: int) -> bool:
    """Take the exclusive lock of an open lock file without waiting; False if it is held."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _open_lock(lock_path: str) -> int | None:
    """Open (creating it) the lock file; None while a Windows lock file is being deleted."""
    if sys.platform == "win32":
        # O_TEMPORARY: Windows deletes the file when the last process holding it closes it
        try:
            return os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_TEMPORARY | os.O_NOINHERIT)
        except PermissionError:  # delete pending: it goes away in a moment
            return None
    return os.open(lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o666)


def _still_there(fd: int, lock_path: str) -> bool:
    """Whether the locked file is still the one at ``lock_path`` (the previous holder may
    have removed it between our open and our lock: then the lock guards nothing)."""
    if sys.platform == "win32":
        return True  # an open file cannot be removed there
    try:
        here = os.stat(lock_path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (here.st_dev, here.st_ino) == (mine.st_dev, mine.st_ino)


@contextlib.contextmanager
def locked(path: str | os.PathLike[str], timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold an exclusive lock on ``PATH.lock`` (beside the sheet) while the block runs.

    ``flock`` on POSIX, ``msvcrt.locking`` on Windows. The lock file is removed again when the
    lock is released: on POSIX by its holder, just before unlocking (whoever opened it
    meanwhile sees it gone once they hold the lock, and starts again with a new one); on
    Windows by the system, when the last process that has it open closes it.
    """
    with contextlib.suppress(OSError):  # a missing sheet or a link loop: told later
        refusal = _not_a_file(os.fspath(path), os.stat(path).st_mode)
        if refusal is not None:  # no lock file beside a pipe or in /dev
            raise refusal
    lock_path = f"{_real(path)}.lock"
    deadline = time.monotonic() + timeout
    while True:
        try:
            fd = _open_lock(lock_path)
        except OSError as exc:
            raise SheetError(
                _("cannot lock {path}: {reason}").format(
                    path=lock_path, reason=exc.strerror or exc
                ),
                code="cannot_lock",
                details={"name": os.fspath(path)},
            ) from None
        if fd is not None:
            if _try_lock(fd) and _still_there(fd, lock_path):
                break
            os.close(fd)
        if time.monotonic() > deadline:
            raise SheetError(
                _("{name} is being written by another remikcalc (lock {lock}); try again").format(
                    name=os.fspath(path), lock=lock_path
                ),
                code="locked",
                details={"name": os.fspath(path)},
            )
        time.sleep(0.005)
    try:
        yield
    finally:
        if sys.platform == "win32":
            import msvcrt

            with contextlib.suppress(OSError):
                os.lseek(fd, 0, os.SEEK_SET)
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        else:
            with contextlib.suppress(OSError):
                os.unlink(lock_path)
        os.close(fd)  # closing releases the lock


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _remove_stale_temps(target: Path) -> None:
    """Remove temporary files left by a writer that was killed mid-save.

    Temporary files exist only while a writer holds the lock, so under the lock any that are
    found belong to a dead process.
    """
    from glob import escape as glob_escape

    for stale in target.parent.glob(f".{glob_escape(target.name)}.*.tmp"):
        with contextlib.suppress(OSError):
            stale.unlink()


def save_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` atomically and durably (call it under :func:`locked`).

    A symbolic link keeps pointing at the sheet: its target is replaced. Anything but a
    regular file (a pipe, a device), a read-only sheet, and text the reader would refuse are
    refused; if the write fails (a full disk) the sheet is left as it was.
    """
    name = os.fspath(path)
    data = text.encode("utf-8")
    if len(data) > MAX_BYTES:  # the reader would refuse it
        raise too_big(name)
    target = _real(path)
    folder = target.parent
    try:
        info = target.stat()
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    except OSError as exc:
        raise _os_problem(name, exc, "write") from None
    else:
        refusal = _not_a_file(name, info.st_mode)
        if refusal is not None:
            raise refusal
        mode = info.st_mode & 0o7777
        if not mode & 0o222 or not os.access(target, os.W_OK):
            raise SheetError(
                _(
                    "{name} is read-only, so it was left as it is; to change it, make it "
                    "writable first (chmod u+w {name})"
                ).format(name=name),
                code="read_only",
                details={"name": name},
            )
    _remove_stale_temps(target)
    import tempfile

    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise SheetError(
            _("cannot write in {folder}: {reason}").format(
                folder=folder, reason=exc.strerror or exc
            ),
            code="cannot_write",
            details={"name": folder},
        ) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):  # a full disk, a file size limit, a quota
            raise SheetError(
                _("{name}: cannot save: {reason}; the sheet is unchanged").format(
                    name=name, reason=exc.strerror or exc
                ),
                code="cannot_write",
                details={"name": name},
            ) from None
        raise
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


# --- editing the text in place ------------------------------------------------------------------
