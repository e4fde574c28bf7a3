"""Score sheet files on disk: reading, atomic saves under a lock, and in-place edits.

Saving writes a temporary file in the same folder, flushes and fsyncs it, renames it over the
sheet and fsyncs the folder, all under an exclusive lock on ``FILE.lock`` (:func:`locked`:
``flock`` on POSIX, ``msvcrt.locking`` on Windows; the lock file is removed when released);
so a crash never leaves half a sheet and two ``add`` commands at once cannot lose a deal.
Appending or removing the last entry edits the text in place (comments and layout survive)
and checks the result by loading it again; otherwise the sheet is written in the canonical
layout (:func:`remikcalc.sheet.write.dump_sheet`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from remikcalc.errors import RemikcalcError, SheetError
from remikcalc.i18n import _
from remikcalc.sheet.model import Entry, Sheet
from remikcalc.sheet.read import parse_text, sheet_from_text
from remikcalc.sheet.write import dump_sheet, entry_lines, indent_entry
from remikcalc.sheet.yamltree import MAX_BYTES, Node

if TYPE_CHECKING:
    from pathlib import Path

# pathlib, tempfile and glob are imported where a sheet is locked or saved: reading one
# (show, settle, check) does not need them, and they cost 6 ms of such a command's start

__all__ = [
    "LOCK_TIMEOUT",
    "load_sheet",
    "locked",
    "read_text",
    "save_text",
    "text_with_entry",
    "text_with_entry_replaced",
    "text_with_sheet",
    "text_without_last",
]

LOCK_TIMEOUT = 30.0


def _too_big(name: str) -> SheetError:
    return SheetError(
        _("{name}: the sheet would grow past {size} KiB, the most a sheet may hold; it is "
          "unchanged. Start a new sheet for the next deals (remikcalc new)").format(
            name=name, size=MAX_BYTES // 1024)
    )  # fmt: skip


# --- reading ------------------------------------------------------------------------------------


def _not_a_file(name: str, mode: int) -> SheetError | None:
    """The refusal for anything but a regular file: a folder, a pipe, a device, a socket."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return SheetError(_("{name} is a folder, not a score sheet").format(name=name))
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
    return SheetError(message.format(name=name))


def _os_problem(name: str, exc: OSError, doing: str) -> SheetError:
    """``doing`` is "read" or "write"."""
    if exc.errno == errno.ELOOP:
        reason = _("a symbolic link that points back to itself")
    else:
        reason = str(exc.strerror or exc)
    if doing == "read":
        return SheetError(_("{name}: cannot read: {reason}").format(name=name, reason=reason))
    return SheetError(_("{name}: cannot write: {reason}").format(name=name, reason=reason))


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
            _("{name}: no such sheet; start one with `remikcalc new {name}`").format(name=name)
        ) from None
    except IsADirectoryError:
        raise SheetError(_("{name} is a folder, not a score sheet").format(name=name)) from None
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
            )
        ) from None


def _larger(name: str) -> SheetError:
    return SheetError(
        _("{name}: larger than {size} KiB: not a score sheet").format(
            name=name, size=MAX_BYTES // 1024
        )
    )


def load_sheet(path: str | os.PathLike[str]) -> Sheet:
    """Load and check a score sheet file (every problem reported at once)."""
    return sheet_from_text(read_text(path), os.fspath(path))


# --- saving -------------------------------------------------------------------------------------


def _real(path: str | os.PathLike[str]) -> Path:
    from pathlib import Path

    return Path(os.path.realpath(os.fspath(path)))


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
                _("cannot lock {path}: {reason}").format(path=lock_path, reason=exc.strerror or exc)
            ) from None
        if fd is not None:
            if _try_lock(fd) and _still_there(fd, lock_path):
                break
            os.close(fd)
        if time.monotonic() > deadline:
            raise SheetError(
                _("{name} is being written by another remikcalc (lock {lock}); try again").format(
                    name=os.fspath(path), lock=lock_path
                )
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
        raise _too_big(name)
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
                _("{name} is read-only, so it was left as it is; to change it, make it "
                  "writable first (chmod u+w {name})").format(name=name)
            )  # fmt: skip
    _remove_stale_temps(target)
    import tempfile

    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise SheetError(
            _("cannot write in {folder}: {reason}").format(
                folder=folder, reason=exc.strerror or exc
            )
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
                )
            ) from None
        raise
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


# --- editing the text in place ------------------------------------------------------------------


# The YAML parser ends a line at CR LF, CR, LF, NEL (U+0085), LS (U+2028) and PS (U+2029),
# even inside a quoted string, and its line numbers count every one of them: the text is cut
# into lines the same way, each line keeping its own line break, so that the splicing below
# agrees with the node tree's lines and columns.
_BREAK = re.compile(r"\r\n|[\r\n\x85\u2028\u2029]")


def _lines(text: str) -> list[str]:
    """The lines of ``text`` as the parser counts them, each with its line break; the last
    one (often empty) has none. ``"".join`` gives the text back."""
    out: list[str] = []
    start = 0
    for m in _BREAK.finditer(text):
        out.append(text[start : m.end()])
        start = m.end()
    out.append(text[start:])
    return out


def _newline(text: str) -> str:
    """The sheet's own line ending (CR LF, CR or LF), used for the lines added to it."""
    first = re.search(r"\r\n|[\r\n]", text)
    return first.group() if first else "\n"


def _block(lines: list[str], eol: str) -> str:
    return "".join(line + eol for line in lines)


def _last_entry_span(lines: list[str], root: Node | None) -> tuple[int, int, int, int] | None:
    """(first line, end line, dash column, body column) of the last deal, 0-based lines."""
    deals = _deals_node(root)
    if deals is None or deals.kind != "seq" or deals.flow or not deals.items:
        return None
    last = deals.items[-1]
    row = last.line - 1
    prefix = lines[row][: last.column]
    if prefix.strip() != "-":
        return None
    end = deals.end_line - 1 if deals.end_column == 0 else len(lines)
    if deals.end_column and deals.end_line - 1 != len(lines) - 1:
        return None
    return row, end, prefix.index("-"), last.column


def _deals_node(root: Node | None) -> Node | None:
    if root is None or root.kind != "map":
        return None
    found = [v for k, v in root.pairs if k.value == "deals"]
    return found[0] if len(found) == 1 else None


def _deals_key(root: Node | None) -> Node | None:
    if root is None or root.kind != "map":
        return None
    found = [k for k, _ in root.pairs if k.value == "deals"]
    return found[0] if len(found) == 1 else None


def _flow_entry(entry: Entry) -> str | None:
    """The entry as one flow mapping ``{closer: Anna, hands: {...}}``, if it fits on a line."""
    lines = entry_lines(entry)
    if any(line.endswith(":") for line in lines):  # a nested block (notes)
        return None
    return "{" + ", ".join(lines) + "}"


def _first_deals(
    lines: list[str], root: Node, deals: Node | None, entry: Entry, eol: str
) -> str | None:
    """The first deal of a sheet with no ``deals:`` key, an empty one, ``deals: []`` or
    ``deals: ~``: the key's value becomes a block list, wherever the key is."""
    block = indent_entry(entry_lines(entry), 2, 4)
    if deals is None:  # no deals key: add one at the end of the top-level mapping
        if root.flow or root.column != 0:
            return None
        text = "".join(lines)
        return text + ("" if lines[-1] == "" else eol) + _block(["deals:", *block], eol)
    key = _deals_key(root)
    if key is None or key.column != 0:
        return None
    row = key.line - 1
    line = lines[row]
    if deals.kind == "scalar" and deals.plain and deals.value.lower() in ("", "~", "null"):
        if deals.value and deals.line == key.line:  # take out the ~ or null
            line = line[: deals.column].rstrip() + line[deals.column + len(deals.value) :]
    elif deals.kind == "seq" and deals.flow and not deals.items:
        if deals.line != key.line or deals.end_line != key.line:
            return None
        line = line[: deals.column].rstrip() + line[deals.end_column + 1 :]  # take out the []
    else:
        return None
    if not _BREAK.search(line):  # the key was on the last line
        line += eol
    return "".join(lines[:row]) + line + _block(block, eol) + "".join(lines[row + 1 :])


def _flow_add(lines: list[str], deals: Node, entry: Entry) -> str | None:
    """A deal added inside a flow list ``deals: [{...}, {...}]``, just before its ``]``."""
    flow = _flow_entry(entry)
    if flow is None or not deals.items:
        return None
    row = deals.end_line - 1
    before = "".join(lines[:row]) + lines[row][: deals.end_column]
    comma = "" if before.rstrip().endswith(",") else ", "
    return before + comma + flow + "".join(lines[row:])[deals.end_column :]


def _spliced_add(text: str, root: Node | None, entry: Entry) -> str | None:
    if root is None or root.kind != "map":
        return None
    deals = _deals_node(root)
    eol = _newline(text)
    lines = _lines(text)
    ended = text + ("" if lines[-1] == "" else eol)  # the text, its last line ended
    if deals is None or deals.kind == "scalar" or (deals.flow and not deals.items):
        return _first_deals(lines, root, deals, entry, eol)
    if deals.kind == "seq" and deals.flow:
        return _flow_add(lines, deals, entry)
    span = _last_entry_span(lines, root)
    if span is None:
        return None
    _, end, dash, body = span
    new = _block(indent_entry(entry_lines(entry), dash, body), eol)
    if end >= len(lines) or (end == len(lines) - 1 and lines[end] == ""):
        return ended + new
    return "".join(lines[:end]) + new + "".join(lines[end:])


def _spliced_remove(text: str, root: Node | None) -> str | None:
    lines = _lines(text)
    span = _last_entry_span(lines, root)
    if span is None:
        return None
    start, end, _dash, _body = span
    return "".join(lines[:start] + lines[end:])


def text_with_entry(
    text: str, entry: Entry, name: str = "<string>", *, warn: Callable[[str], None] | None = None
) -> str:
    """The sheet's text with one more entry at the end: in place if possible, else canonical
    (then ``warn`` is told, if the rewrite loses comments or the sheet's own layout)."""
    sheet, root = parse_text(text, name)
    want = sheet.with_entries((*sheet.entries, entry))
    return _checked(_spliced_add(text, root, entry), want, name, (text, sheet, warn))


def text_without_last(
    text: str, name: str = "<string>", *, warn: Callable[[str], None] | None = None
) -> tuple[str, Entry]:
    """The sheet's text without its last entry, and that entry (``warn`` as above)."""
    sheet, root = parse_text(text, name)
    if not sheet.entries:
        raise SheetError(
            _("{name}: the sheet has no deals; there is nothing to undo").format(name=name)
        )
    want = sheet.with_entries(sheet.entries[:-1])
    edited = _checked(_spliced_remove(text, root), want, name, (text, sheet, warn))
    return edited, sheet.entries[-1]


_Before = tuple[str, Sheet, Callable[[str], None] | None]


def _checked(candidate: str | None, want: Sheet, name: str, before: _Before) -> str:
    """Keep an in-place edit only if it loads back as exactly the wanted sheet; else the
    canonical text, which must load back too (a sheet past the size or item limits would not).
    """
    if candidate is not None:
        if len(candidate.encode("utf-8")) > MAX_BYTES:
            raise _too_big(name)  # not rewritten shorter: that would drop the comments
        try:
            if parse_text(candidate, name)[0] == want:
                return candidate
        except RemikcalcError:
            pass
    text = dump_sheet(want)
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise _too_big(name)
    try:
        parse_text(text, name)
    except RemikcalcError as exc:
        first = str(exc).splitlines()[0]
        raise SheetError(
            _("{name}: after this change the sheet would not load again ({first}); it is "
              "unchanged. Start a new sheet for the next deals (remikcalc new)").format(
                name=name, first=first)
        ) from None  # fmt: skip
    old_text, old_sheet, warn = before
    if warn is not None and old_text.removeprefix("\ufeff") != dump_sheet(old_sheet):
        warn(
            _("warning: {name} was rewritten in the standard layout; its comments and its own "
              "layout were not kept").format(name=name)
        )  # fmt: skip
    return text


# --- correcting an entry or a name in place -----------------------------------------------------


def _entry_span(lines: list[str], root: Node | None, n: int) -> tuple[int, int, int, int] | None:
    """(first line, end line, dash column, body column) of entry ``n`` (from 1), 0-based lines
    of :func:`_lines`.

    Blank and comment lines at the end of the span are left out of it: they belong to what
    follows.
    """
    deals = _deals_node(root)
    if deals is None or deals.kind != "seq" or deals.flow or not 1 <= n <= len(deals.items):
        return None
    if n == len(deals.items):
        span = _last_entry_span(lines, root)
        if span is None:
            return None
        row, end, dash, body = span
    else:
        item, after = deals.items[n - 1], deals.items[n]
        row, end, body = item.line - 1, after.line - 1, item.column
        prefix = lines[row][:body]
        if prefix.strip() != "-" or lines[end][: after.column].strip() != "-":
            return None
        dash = prefix.index("-")
    end = min(end, len(lines))
    while end > row + 1 and (not lines[end - 1].strip() or lines[end - 1].lstrip()[:1] == "#"):
        end -= 1
    return row, end, dash, body


def _spliced_replace(text: str, root: Node | None, n: int, entry: Entry) -> str | None:
    lines = _lines(text)
    span = _entry_span(lines, root, n)
    if span is None:
        return None
    start, end, dash, body = span
    new = _block(indent_entry(entry_lines(entry), dash, body), _newline(text))
    return "".join(lines[:start]) + new + "".join(lines[end:])


def text_with_entry_replaced(
    text: str,
    n: int,
    entry: Entry,
    name: str = "<string>",
    *,
    warn: Callable[[str], None] | None = None,
) -> tuple[str, Entry]:
    """The sheet's text with entry ``n`` (from 1) replaced by ``entry``, and the entry it had.

    In place if possible (comments outside that entry kept), checked by loading it back; else
    the canonical text.
    """
    sheet, root = parse_text(text, name)
    if not 1 <= n <= len(sheet.entries):
        raise SheetError(_no_entry(name, n, len(sheet.entries)))
    entries = list(sheet.entries)
    old, entries[n - 1] = entries[n - 1], entry
    want = sheet.with_entries(entries)
    edited = _checked(_spliced_replace(text, root, n, entry), want, name, (text, sheet, warn))
    return edited, old


def _no_entry(name: str, n: int, count: int) -> str:
    if count == 0:
        return _("{name}: the sheet has no entries yet; there is no entry {n}").format(
            name=name, n=n
        )
    return _("{name}: there is no entry {n}; the sheet has entries 1 to {count}").format(
        name=name, n=n, count=count
    )


def text_with_sheet(
    text: str, want: Sheet, name: str = "<string>", *, warn: Callable[[str], None] | None = None
) -> str:
    """The sheet's text changed to ``want``, which has the same settings and number of entries
    except for its players (a rename): the players line and each entry that differs are
    replaced in place where possible (comments kept), checked by loading back; else canonical.
    """
    sheet, root = parse_text(text, name)
    candidate: str | None = text
    if len(sheet.entries) != len(want.entries):
        candidate = None
    try:
        for n in range(len(want.entries), 0, -1):  # from the end: earlier lines do not move
            if candidate is None:
                break
            if sheet.entries[n - 1] == want.entries[n - 1]:
                continue
            tree = _tree(candidate, name)
            candidate = _spliced_replace(candidate, tree, n, want.entries[n - 1])
        if candidate is not None and sheet.players != want.players:
            candidate = _spliced_players(candidate, _tree(candidate, name), want)
    except RemikcalcError:  # a layout the splicing does not follow: the standard one
        candidate = None
    return _checked(candidate, want, name, (text, sheet, warn))


def _tree(text: str, name: str) -> Node | None:
    """The node tree of a text half-way through an edit (its names may not agree yet)."""
    from remikcalc.sheet.yamltree import Problems, compose

    return compose(text, Problems(name))


def _spliced_players(text: str, root: Node | None, want: Sheet) -> str | None:
    """The players list written again in place, when it is a one-line ``[...]``."""
    if root is None or root.kind != "map":
        return None
    found = [v for k, v in root.pairs if k.value == "players"]
    if len(found) != 1 or not found[0].flow or found[0].end_line != found[0].line:
        return None
    node = found[0]
    lines = _lines(text)
    row = lines[node.line - 1]
    if (
        row[node.column : node.column + 1] != "["
        or row[node.end_column : node.end_column + 1] != "]"
    ):
        return None
    listed = dump_sheet(want).split("\nplayers: ", 1)[1].split("\n", 1)[0]
    lines[node.line - 1] = row[: node.column] + listed + row[node.end_column + 1 :]
    return "".join(lines)
