"""Reading gettext ``.po`` catalogues and writing ``.mo`` files, with the standard library only.

The build (``setup.py``) compiles each ``remikcalc/locale/LANG/LC_MESSAGES/remikcalc.po`` into
the ``.mo`` beside it with :func:`compile_po`, so no gettext tools are needed; at run time
:mod:`remikcalc.base.i18n` reads a ``.po`` the same way when it has no compiled catalogue.
``setup.py`` loads this file by its path, so it imports nothing from remikcalc.

>>> entries = parse_po('msgid ""\\nmsgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\\\n"\\n'
...                    'msgid "a card"\\nmsgid_plural "{n} cards"\\nmsgstr[0] "karta"\\n'
...                    'msgstr[1] "{n} kart"\\n')
>>> entries[1].msgid, entries[1].plural, entries[1].strings
('a card', '{n} cards', ['karta', '{n} kart'])
>>> import gettext, io
>>> gettext.GNUTranslations(io.BytesIO(mo_bytes(entries))).ngettext("a card", "{n} cards", 5)
'{n} kart'
"""

from __future__ import annotations

import ast
import struct
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["PoEntry", "PoError", "compile_po", "mo_bytes", "parse_po", "po_quote", "write_po"]


class PoError(ValueError):
    """A ``.po`` file that cannot be read: the message names the file and the line."""


@dataclass
class PoEntry:
    """One catalogue entry. ``strings`` holds the translation, one string per plural form."""

    msgid: str
    strings: list[str] = field(default_factory=list)
    plural: str | None = None
    context: str | None = None
    comments: list[str] = field(default_factory=list)  # every ``#`` line, kept as written
    fuzzy: bool = False
    obsolete: bool = False

    @property
    def key(self) -> tuple[str | None, str]:
        return self.context, self.msgid

    @property
    def translated(self) -> bool:
        return bool(self.strings) and all(self.strings) and not self.fuzzy


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"{where}: expected a quoted string, got {text!r}")
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError):
        raise PoError(f"{where}: bad string {text!r}") from None
    if not isinstance(value, str):
        raise PoError(f"{where}: bad string {text!r}")
    return value


def parse_po(text: str, name: str = "<po>") -> list[PoEntry]:
    """The entries of a ``.po`` file's text, in file order (the header is the ``""`` entry)."""
    entries: list[PoEntry] = []
    current: PoEntry | None = None
    target: tuple[str, int] | None = None  # ("msgid" | "plural" | "context" | "str", index)
    comments: list[str] = []
    seen_msgid = False

    def finish() -> None:
        nonlocal current, target, seen_msgid
        if current is not None:
            entries.append(current)
        current, target, seen_msgid = None, None, False

    for number, raw in enumerate(text.splitlines(), 1):
        where = f"{name}:{number}"
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            if current is not None and seen_msgid and target and target[0] == "str":
                finish()
            continue
        if line.startswith("#"):
            if current is not None and target and target[0] == "str":
                finish()
            comments.append(raw)
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if current is None or target is None:
                raise PoError(f"{where}: a string continues nothing")
            value = _unquote(line, where)
            kind, index = target
            if kind == "msgid":
                current.msgid += value
            elif kind == "plural":
                current.plural = (current.plural or "") + value
            elif kind == "context":
                current.context = (current.context or "") + value
            else:
                current.strings[index] += value
            continue
        if keyword in ("msgctxt", "msgid") and target is not None and target[0] == "str":
            finish()
        if current is None:
            flags = {f.strip() for c in comments if c.startswith("#,") for f in c[2:].split(",")}
            current = PoEntry("", comments=comments, fuzzy="fuzzy" in flags, obsolete=obsolete)
            comments = []
        if keyword == "msgctxt":
            current.context, target = _unquote(rest, where), ("context", 0)
        elif keyword == "msgid":
            current.msgid, target, seen_msgid = _unquote(rest, where), ("msgid", 0), True
        elif keyword == "msgid_plural":
            current.plural, target = _unquote(rest, where), ("plural", 0)
        elif keyword == "msgstr":
            current.strings, target = [_unquote(rest, where)], ("str", 0)
        elif keyword.startswith("msgstr[") and keyword.endswith("]"):
            index = int(keyword[7:-1])
            if index != len(current.strings):
                raise PoError(f"{where}: {keyword} out of order")
            current.strings.append(_unquote(rest, where))
            target = ("str", index)
        else:
            raise PoError(f"{where}: unknown keyword {keyword!r}")
    finish()
    return entries


def mo_bytes(entries: Iterable[PoEntry]) -> bytes:
    """A GNU ``.mo`` file holding the translated entries (fuzzy and obsolete ones left out;
    the header is always kept)."""
    table: dict[bytes, bytes] = {}
    for e in entries:
        if e.obsolete or (e.msgid and not e.translated):
            continue
        key = e.msgid if e.plural is None else f"{e.msgid}\0{e.plural}"
        if e.context is not None:
            key = f"{e.context}\x04{key}"
        table[key.encode("utf-8")] = "\0".join(e.strings).encode("utf-8")
    keys = sorted(table)
    count = len(keys)
    ids_at = 7 * 4
    strs_at = ids_at + 8 * count
    data_at = strs_at + 8 * count
    ids: list[tuple[int, int]] = []
    strs: list[tuple[int, int]] = []
    blob = b""
    for raw in keys:
        ids.append((len(raw), data_at + len(blob)))
        blob += raw + b"\0"
    for raw in keys:
        value = table[raw]
        strs.append((len(value), data_at + len(blob)))
        blob += value + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, count, ids_at, strs_at, 0, data_at)
    return (
        head
        + b"".join(struct.pack("<2I", *p) for p in ids)
        + b"".join(struct.pack("<2I", *p) for p in strs)
        + blob
    )


def compile_po(po: Path, mo: Path) -> None:
    """Compile the ``.po`` file ``po`` into the ``.mo`` file ``mo``."""
    entries = parse_po(po.read_text(encoding="utf-8"), str(po))
    mo.parent.mkdir(parents=True, exist_ok=True)
    mo.write_bytes(mo_bytes(entries))


def po_quote(text: str) -> str:
    """A string in ``.po`` syntax; long or multi-line strings are split after each newline."""

    def one(part: str) -> str:
        escaped = part.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
        escaped = escaped.replace("\b", "\\b")  # click's "do not rewrap" mark
        return '"' + escaped.replace("\n", "\\n") + '"'

    if "\n" not in text[:-1]:
        return one(text)
    parts = text.splitlines(keepends=True)
    return '""\n' + "\n".join(one(p) for p in parts)


def write_po(entries: Iterable[PoEntry]) -> str:
    """The text of a ``.po`` file holding ``entries`` (comments kept as they are)."""
    blocks = []
    for e in entries:
        lines = list(e.comments)
        prefix = "#~ " if e.obsolete else ""
        if e.context is not None:
            lines.append(f"{prefix}msgctxt {po_quote(e.context)}")
        lines.append(f"{prefix}msgid {po_quote(e.msgid)}")
        if e.plural is not None:
            lines.append(f"{prefix}msgid_plural {po_quote(e.plural)}")
            for i, s in enumerate(e.strings or ["", ""]):
                lines.append(f"{prefix}msgstr[{i}] {po_quote(s)}")
        else:
            lines.append(f"{prefix}msgstr {po_quote(e.strings[0] if e.strings else '')}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"
