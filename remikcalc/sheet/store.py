"""Score sheet files on disk: reading, atomic saves under a lock, and in-place edits.

Saving writes a temporary file in the same folder, flushes and fsyncs it, renames it over the
sheet and fsyncs the folder, all under an exclusive ``flock`` on ``FILE.lock`` (:func:`locked`);
so a crash never leaves half a sheet and two ``add`` commands at once cannot lose a deal.
Appending or removing the last entry edits the text in place (comments and layout survive)
and checks the result by loading it again; otherwise the sheet is written in the canonical
layout (:func:`remikcalc.sheet.write.dump_sheet`).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Iterator
from glob import escape as glob_escape
from pathlib import Path

from remikcalc.errors import RemikcalcError, SheetError
from remikcalc.sheet.model import Entry, Sheet
from remikcalc.sheet.read import parse_text, sheet_from_text
from remikcalc.sheet.write import dump_sheet, entry_lines, indent_entry
from remikcalc.sheet.yamltree import MAX_BYTES, Node

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

# --- reading ------------------------------------------------------------------------------------


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of a sheet file, refusing anything over 1 MiB or not UTF-8."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise SheetError(f"{name}: no such sheet; start one with `remikcalc new {name}`") from None
    except IsADirectoryError:
        raise SheetError(f"{name} is a folder, not a score sheet") from None
    except OSError as exc:
        raise SheetError(f"{name}: cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise SheetError(f"{name}: larger than {MAX_BYTES // 1024} KiB: not a score sheet")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise SheetError(f"{name}:{line}: not UTF-8 text (byte {exc.start})") from None


def load_sheet(path: str | os.PathLike[str]) -> Sheet:
    """Load and check a score sheet file (every problem reported at once)."""
    return sheet_from_text(read_text(path), os.fspath(path))


# --- saving -------------------------------------------------------------------------------------


def _real(path: str | os.PathLike[str]) -> Path:
    return Path(os.path.realpath(os.fspath(path)))


@contextlib.contextmanager
def locked(path: str | os.PathLike[str], timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold an exclusive lock on ``PATH.lock`` (beside the sheet) while the block runs."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: no locking
        yield
        return
    lock_path = f"{_real(path)}.lock"
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError as exc:
        raise SheetError(f"cannot lock {lock_path}: {exc.strerror or exc}") from None
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise SheetError(
                        f"{os.fspath(path)} is being written by another remikcalc "
                        f"(lock {lock_path}); try again"
                    ) from None
                time.sleep(0.005)
        yield
    finally:
        os.close(fd)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _remove_stale_temps(target: Path) -> None:
    """Remove temporary files left by a writer that was killed mid-save.

    Temporary files exist only while a writer holds the lock, so under the lock any that are
    found belong to a dead process.
    """
    for stale in target.parent.glob(f".{glob_escape(target.name)}.*.tmp"):
        with contextlib.suppress(OSError):
            stale.unlink()


def save_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` atomically and durably (call it under :func:`locked`)."""
    target = _real(path)
    folder = target.parent
    try:
        mode = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    _remove_stale_temps(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise SheetError(f"cannot write in {folder}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(text.encode("utf-8"))
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


# --- editing the text in place ------------------------------------------------------------------


def _last_entry_span(text: str, root: Node | None) -> tuple[int, int, int, int] | None:
    """(first line, end line, dash column, body column) of the last deal, 0-based lines."""
    deals = _deals_node(root)
    if deals is None or deals.kind != "seq" or deals.flow or not deals.items:
        return None
    last = deals.items[-1]
    lines = text.split("\n")
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


def _spliced_add(text: str, root: Node | None, entry: Entry) -> str | None:
    deals = _deals_node(root)
    if deals is None:
        return None
    lines = text.split("\n")
    if deals.kind == "scalar" and root is not None and root.pairs[-1][1] is deals:
        if deals.value or not deals.plain or not text.endswith("\n"):
            return None
        return text + "\n".join(indent_entry(entry_lines(entry), 2, 4)) + "\n"
    span = _last_entry_span(text, root)
    if span is None:
        return None
    _, end, dash, body = span
    new = indent_entry(entry_lines(entry), dash, body)
    if end >= len(lines) or (end == len(lines) - 1 and lines[end] == ""):
        head = text if text.endswith("\n") else text + "\n"
        return head + "\n".join(new) + "\n"
    return "\n".join(lines[:end] + new + lines[end:])


def _spliced_remove(text: str, root: Node | None) -> str | None:
    span = _last_entry_span(text, root)
    if span is None:
        return None
    start, end, _, _ = span
    lines = text.split("\n")
    return "\n".join(lines[:start] + lines[end:])


def text_with_entry(text: str, entry: Entry, name: str = "<string>") -> str:
    """The sheet's text with one more entry at the end: in place if possible, else canonical."""
    sheet, root = parse_text(text, name)
    want = sheet.with_entries((*sheet.entries, entry))
    return _checked(_spliced_add(text, root, entry), want, name)


def text_without_last(text: str, name: str = "<string>") -> tuple[str, Entry]:
    """The sheet's text without its last entry, and that entry."""
    sheet, root = parse_text(text, name)
    if not sheet.entries:
        raise SheetError(f"{name}: the sheet has no deals; there is nothing to undo")
    want = sheet.with_entries(sheet.entries[:-1])
    return _checked(_spliced_remove(text, root), want, name), sheet.entries[-1]


def _checked(candidate: str | None, want: Sheet, name: str) -> str:
    """Keep an in-place edit only if it loads back as exactly the wanted sheet."""
    if candidate is not None:
        try:
            if parse_text(candidate, name)[0] == want:
                return candidate
        except RemikcalcError:
            pass
    return dump_sheet(want)


# --- correcting an entry or a name in place -----------------------------------------------------


def _entry_span(text: str, root: Node | None, n: int) -> tuple[int, int, int, int] | None:
    """(first line, end line, dash column, body column) of entry ``n`` (from 1), 0-based lines.

    Blank and comment lines at the end of the span are left out of it: they belong to what
    follows.
    """
    deals = _deals_node(root)
    if deals is None or deals.kind != "seq" or deals.flow or not 1 <= n <= len(deals.items):
        return None
    lines = text.split("\n")
    if n == len(deals.items):
        span = _last_entry_span(text, root)
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
    span = _entry_span(text, root, n)
    if span is None:
        return None
    start, end, dash, body = span
    lines = text.split("\n")
    new = indent_entry(entry_lines(entry), dash, body)
    spliced = lines[:start] + new + lines[end:]
    if end >= len(lines):
        spliced.append("")  # the text ended inside the entry: end it with a newline
    return "\n".join(spliced)


def text_with_entry_replaced(
    text: str, n: int, entry: Entry, name: str = "<string>"
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
    return _checked(_spliced_replace(text, root, n, entry), want, name), old


def _no_entry(name: str, n: int, count: int) -> str:
    if count == 0:
        return f"{name}: the sheet has no entries yet; there is no entry {n}"
    return f"{name}: there is no entry {n}; the sheet has entries 1 to {count}"


def text_with_sheet(text: str, want: Sheet, name: str = "<string>") -> str:
    """The sheet's text changed to ``want``, which has the same settings and number of entries
    except for its players (a rename): the players line and each entry that differs are
    replaced in place where possible (comments kept), checked by loading back; else canonical.
    """
    sheet, root = parse_text(text, name)
    candidate: str | None = text
    if len(sheet.entries) != len(want.entries):
        candidate = None
    for n in range(len(want.entries), 0, -1):  # from the end: earlier lines do not move
        if candidate is None:
            break
        if sheet.entries[n - 1] == want.entries[n - 1]:
            continue
        candidate = _spliced_replace(candidate, _tree(candidate, name), n, want.entries[n - 1])
    if candidate is not None and sheet.players != want.players:
        candidate = _spliced_players(candidate, _tree(candidate, name), want)
    return _checked(candidate, want, name)


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
    lines = text.split("\n")
    row = lines[node.line - 1]
    if (
        row[node.column : node.column + 1] != "["
        or row[node.end_column : node.end_column + 1] != "]"
    ):
        return None
    listed = dump_sheet(want).split("\nplayers: ", 1)[1].split("\n", 1)[0]
    lines[node.line - 1] = row[: node.column] + listed + row[node.end_column + 1 :]
    return "\n".join(lines)
