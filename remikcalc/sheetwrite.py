"""Writing score sheets: canonical YAML text, and atomic saves under a lock.

The text is written by hand, not by a YAML emitter, so that it stays the same from one
version to the next and reads well: fixed key order, one line per deal input, hands always
quoted, names quoted only when a YAML reader could take them for something else (``No``,
``1e3``). Everything written here loads back through :mod:`remikcalc.sheet` unchanged.

Saving writes a temporary file in the same folder, flushes and fsyncs it, renames it over the
sheet and fsyncs the folder; :func:`locked` holds an exclusive ``flock`` on ``FILE.lock`` so
that two commands editing one sheet take turns.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import time
import unicodedata
from collections.abc import Iterator, Mapping
from decimal import Decimal
from glob import escape as glob_escape
from pathlib import Path
from typing import Any

from remikcalc.errors import SheetError
from remikcalc.session import Entry, ReentryEntry, Sheet

__all__ = [
    "LOCK_TIMEOUT",
    "dump_sheet",
    "entry_lines",
    "indent_entry",
    "locked",
    "plain_value",
    "save_text",
]

LOCK_TIMEOUT = 30.0

_INT = re.compile(r"[-+]?[0-9]{1,12}")
_DEC = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_NULL = {"", "~", "null"}


def plain_value(text: str) -> Any:
    """What an unquoted scalar means in free-form data (YAML 1.2 core types).

    >>> plain_value("236"), plain_value("23.60"), plain_value("true"), plain_value("No")
    (236, Decimal('23.60'), True, 'No')
    """
    if text.lower() in _NULL:
        return None
    if text in ("true", "True", "TRUE", "false", "False", "FALSE"):
        return text.lower() == "true"
    if _INT.fullmatch(text):
        return int(text)
    if _DEC.fullmatch(text):
        return Decimal(text)
    return text


# --- text ------------------------------------------------------------------------------------

_PLAIN_NAME = re.compile(r"[^\W\d_][\w.'\-]*(?: [\w.'\-]+)*")
_YAML11_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"}
_PLAIN_WORD = re.compile(r"[\w.\-]+")


def _quote(text: str) -> str:
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif unicodedata.category(ch)[0] == "C" or ch in "\u2028\u2029\ufeff":
            out.append(f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _name(text: str) -> str:
    """A name or key: plain when any YAML reader would read it back as the same text."""
    if _PLAIN_NAME.fullmatch(text) and text.lower() not in _YAML11_WORDS:
        return text
    return _quote(text)


def _word(text: str) -> str:
    """A rule value: plain for words and numbers (what a person would type), else quoted."""
    return text if _PLAIN_WORD.fullmatch(text) else _quote(text)


def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        return format(value, "f")
    text = str(value)
    if _name(text) == text and isinstance(plain_value(text), str):
        return text
    return _quote(text)


def _block(value: Any, indent: int) -> list[str]:
    """Free-form data as block YAML lines (``expect``, notes)."""
    pad = " " * indent
    lines: list[str] = []
    if isinstance(value, Mapping):
        for k, v in value.items():
            if isinstance(v, Mapping | list) and v:
                lines.append(f"{pad}{_name(str(k))}:")
                lines.extend(_block(v, indent + 2))
            else:
                lines.append(f"{pad}{_name(str(k))}: {_inline(v)}")
    else:
        for v in value:
            if isinstance(v, Mapping | list) and v:
                inner = _block(v, indent + 2)
                lines.append(f"{pad}- {inner[0].lstrip()}")
                lines.extend(inner[1:])
            else:
                lines.append(f"{pad}- {_inline(v)}")
    return lines


def _inline(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_name(str(k))}: {_inline(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return _scalar(value)


def _field(key: str, value: Any, indent: int) -> list[str]:
    pad = " " * indent
    if isinstance(value, Mapping | list) and value:
        return [f"{pad}{_name(key)}:", *_block(value, indent + 2)]
    return [f"{pad}{_name(key)}: {_inline(value)}"]


def entry_lines(entry: Entry) -> list[str]:
    """An entry as YAML lines, unindented, the first without its ``- ``."""
    lines: list[str] = []
    if isinstance(entry, ReentryEntry):
        lines.append(f"reenter: {_name(entry.player)}")
    else:
        if entry.closer is not None:
            lines.append(f"closer: {_name(entry.closer)}")
        if entry.how is not None:
            lines.append(f"how: {entry.how}")
        for key in ("draw", "first_turn", "no_draw"):
            if getattr(entry, key):
                lines.append(f"{key}: true")
        if entry.upcard is not None:
            lines.append(f"upcard: {_quote(entry.upcard)}")
        if entry.plus is not None:
            lines.append(f"plus: {entry.plus}")
        if entry.scores is not None:
            pairs = ", ".join(f"{_name(p)}: {v}" for p, v in entry.scores.items())
            lines.append(f"scores: {{{pairs}}}")
        for key in ("hands", "melded"):
            mapping: Mapping[str, str] = getattr(entry, key)
            if mapping:
                pairs = ", ".join(f"{_name(p)}: {_quote(v)}" for p, v in mapping.items())
                lines.append(f"{key}: {{{pairs}}}")
    for key, value in entry.notes.items():
        lines.extend(_field(key, value, 0))
    return lines


def dump_sheet(sheet: Sheet) -> str:
    """The canonical text of a sheet: stable key order, one deal per few lines, deals last."""
    lines = [
        "# remikcalc score sheet: add deals with `remikcalc add`, see it with `remikcalc show`",
        f"remikcalc: {sheet.version}",
        f"variant: {sheet.variant}",
    ]
    if sheet.preset is not None:
        lines.append(f"preset: {_name(sheet.preset)}")
    if sheet.rules:
        pairs = ", ".join(f"{_name(k)}: {_word(v)}" for k, v in sheet.rules.items())
        lines.append(f"rules: {{{pairs}}}")
    lines.append("players: [" + ", ".join(_name(p) for p in sheet.players) + "]")
    if sheet.stake is not None:
        lines.append(f'stake: "{format(sheet.stake, "f")}"')
    if sheet.currency is not None:
        lines.append(f"currency: {_name(sheet.currency)}")
    if sheet.decimals is not None:
        lines.append(f"decimals: {sheet.decimals}")
    for key in ("title", "source"):
        value = getattr(sheet, key)
        if value is not None:
            lines.append(f"{key}: {_quote(value)}")
    if sheet.expect is not None:
        lines.extend(_field("expect", sheet.expect, 0))
    for key, value in sheet.notes.items():
        lines.extend(_field(key, value, 0))
    lines.append("deals:")
    for entry in sheet.entries:
        lines.extend(indent_entry(entry_lines(entry), 2, 4))
    return "\n".join(lines) + "\n"


def indent_entry(lines: list[str], dash: int, body: int) -> list[str]:
    return [" " * dash + "- " + lines[0], *(" " * body + line for line in lines[1:])]


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
