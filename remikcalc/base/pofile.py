"""A gettext ``.po`` catalogue read at run time, for a source tree or an editable install.

An installed wheel ships compiled ``.mo`` files (the build makes them with polib: setup.py) and
reads them with :class:`gettext.GNUTranslations`. A source tree has only the ``.po`` files,
and reads them with :class:`PoTranslations`, so that an edited translation shows at once with
no build step. It reads what a ``.mo`` would hold and nothing more: the header, and each
translated entry (fuzzy, obsolete and untranslated ones are left out, and a plural entry with
any form empty, as ``msgfmt`` leaves them out). Writing catalogues is polib's job
(:mod:`remikcalc.base.i18n_tools`).

>>> import io
>>> po = PoTranslations(io.BytesIO(
...     'msgid ""\\nmsgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\\\n"\\n\\n'
...     'msgid "a card"\\nmsgid_plural "{n} cards"\\nmsgstr[0] "karta"\\n'
...     'msgstr[1] "{n} kart"\\n'.encode()))
>>> po.ngettext("a card", "{n} cards", 5)
'{n} kart'
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable
from typing import Protocol

__all__ = ["PoError", "PoTranslations"]


class _Reader(Protocol):
    def read(self) -> bytes: ...


class PoError(ValueError):
    """A ``.po`` file that cannot be read: the message names the line."""


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "a": "\a"}
_ESCAPES.update({c: c for c in '\\"'})
_ESCAPE = re.compile(r"\\(.)")
_BLANK = " \t\r"
_TARGETS = {"msgctxt": "context", "msgid": "msgid", "msgid_plural": "plural", "msgstr": "str"}


def _unquote(text: str, number: int) -> str:
    """The value of one quoted ``.po`` string (``"..."`` with C escapes)."""
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"line {number}: expected a quoted string, got {text!r}")
    body = text[1:-1]
    if "\\" not in body:
        return body

    def one(match: re.Match[str]) -> str:
        found = _ESCAPES.get(match.group(1))
        if found is None:
            raise PoError(f"line {number}: unknown escape \\{match.group(1)} in {text!r}")
        return found

    return _ESCAPE.sub(one, body)


class _Entry:
    __slots__ = ("context", "fuzzy", "msgid", "plural", "skip", "strings")

    def __init__(self, fuzzy: bool, skip: bool) -> None:
        self.context: str | None = None
        self.msgid: str | None = None
        self.plural: str | None = None
        self.strings: list[str] = []
        self.fuzzy = fuzzy
        self.skip = skip  # obsolete (``#~``)


class PoTranslations(gettext.GNUTranslations):
    """The translations of a ``.po`` file, read as :class:`gettext.GNUTranslations` reads a
    ``.mo`` file (Python's documented way to read another catalogue format is to override
    ``_parse``): ``gettext``, ``ngettext``, ``info`` and the plural rule of the header."""

    _catalog: dict[str | tuple[str, int], str]
    _info: dict[str, str]
    plural: Callable[[int], int]

    def _parse(self, fp: _Reader) -> None:
        self._catalog = {}
        self.plural = lambda n: int(n != 1)
        self._charset = "utf-8"
        entry: _Entry | None = None
        flags: set[str] = set()
        target = ""  # what a continued string adds to: "context", "msgid", "plural", "str"
        # lines end at "\n" only (str.splitlines would also cut at a form feed or "\x1e"
        # inside a string, which polib writes as they are)
        for number, raw in enumerate(fp.read().decode("utf-8").split("\n"), 1):
            line = raw.strip(_BLANK)
            obsolete = line.startswith("#~")
            if obsolete:
                line = line[2:].strip(_BLANK)
            if not line:
                continue
            if line[0] == "#":
                if line.startswith("#,"):
                    flags.update(f.strip() for f in line[2:].split(","))
                continue
            if line[0] == '"':
                if entry is None or not target:
                    raise PoError(f"line {number}: a string continues nothing")
                self._extend(entry, target, _unquote(line, number))
                continue
            keyword, _, rest = line.partition(" ")
            rest = rest.strip(_BLANK)
            starts = keyword == "msgctxt" or (keyword == "msgid" and target != "context")
            if starts or entry is None:
                if entry is not None:
                    self._add(entry, number)
                entry, flags = _Entry("fuzzy" in flags, obsolete), set()
            if keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
                target = _TARGETS[keyword]
                if target == "str":
                    entry.strings.append("")
                self._extend(entry, target, _unquote(rest, number))
            elif keyword.startswith("msgstr[") and keyword.endswith("]"):
                if keyword[7:-1] != str(len(entry.strings)):
                    raise PoError(f"line {number}: {keyword} out of order")
                entry.strings.append(_unquote(rest, number))
                target = "str"
            else:
                raise PoError(f"line {number}: unknown keyword {keyword!r}")
        if entry is not None:
            self._add(entry, 0)

    @staticmethod
    def _extend(entry: _Entry, target: str, value: str) -> None:
        if target == "str":
            entry.strings[-1] += value
        elif target == "msgid":
            entry.msgid = (entry.msgid or "") + value
        elif target == "plural":
            entry.plural = (entry.plural or "") + value
        else:
            entry.context = (entry.context or "") + value

    def _add(self, entry: _Entry, number: int) -> None:
        if entry.msgid is None:
            raise PoError(f"line {number}: an entry without msgid")
        if entry.skip or entry.fuzzy or not entry.strings or not all(entry.strings):
            return
        if entry.msgid == "" and entry.context is None:
            self._header(entry.strings[0])
        msgid = entry.msgid if entry.context is None else f"{entry.context}\x04{entry.msgid}"
        if entry.plural is None:
            self._catalog[msgid] = entry.strings[0]
        else:
            for index, text in enumerate(entry.strings):
                self._catalog[(msgid, index)] = text

    def _header(self, text: str) -> None:
        """The header's fields, as GNUTranslations reads them from a ``.mo``."""
        for line in text.splitlines():
            key, colon, value = line.partition(":")
            if not colon:
                continue
            key, value = key.strip().lower(), value.strip()
            self._info[key] = value
            if key == "plural-forms":
                self.plural = gettext.c2py(value.split(";")[1].split("plural=")[1])
