"""Writing score sheets: canonical YAML text, written by hand.

The text is written by hand, not by a YAML emitter, so that it stays the same from one
version to the next and reads well: fixed key order, one line per deal input, hands always
quoted, names quoted only when a YAML reader could take them for something else (``No``,
``1e3``). A deal's keys are written by looping over :data:`remikcalc.rules.dealinput.FIELDS` (in
its order), each by its kind. Everything written here loads back through
:mod:`remikcalc.sheet.read` unchanged.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from remikcalc.base.money import decimal_literal
from remikcalc.rules.dealinput import FIELDS, Kind
from remikcalc.sheet.model import Entry, ReentryEntry, Sheet
from remikcalc.sheet.yamltree import plain_value

__all__ = ["dump_sheet", "entry_lines", "indent_entry", "name_text", "players_text"]


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
        return decimal_literal(value)
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


def _pairs(mapping: Mapping[str, Any], value: Callable[[Any], str]) -> str:
    return "{" + ", ".join(f"{_name(p)}: {value(v)}" for p, v in mapping.items()) + "}"


# How each kind of deal input is written: its value's text, or None to leave the key out
# (a false flag, no hands).
_WRITE: dict[Kind, Callable[[Any], str | None]] = {
    Kind.PLAYER: lambda v: None if v is None else _name(v),
    Kind.OUTCOME: lambda v: None if v is None else str(v),
    Kind.FLAG: lambda v: "true" if v else None,
    Kind.CARD: lambda v: None if v is None else _quote(v),
    Kind.COUNT: lambda v: None if v is None else str(v),
    Kind.POINTS: lambda v: None if v is None else _pairs(v, str),
    Kind.CARDS: lambda v: _pairs(v, _quote) if v else None,
}


def entry_lines(entry: Entry) -> list[str]:
    """An entry as YAML lines, unindented, the first without its ``- ``."""
    lines: list[str] = []
    if isinstance(entry, ReentryEntry):
        lines.append(f"reenter: {_name(entry.player)}")
    else:
        for f in FIELDS:
            text = _WRITE[f.kind](getattr(entry, f.name))
            if text is not None:
                lines.append(f"{f.name}: {text}")
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
    lines.append("players: " + players_text(sheet.players))
    if sheet.dealer is not None:
        lines.append(f"dealer: {name_text(sheet.dealer)}")
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


def name_text(name: str) -> str:
    """A player's name as the sheet writes it (``dealer: Anna``): plain, or quoted where a YAML
    reader could take it for something else (``"No"``)."""
    return _name(name)


def players_text(players: Sequence[str]) -> str:
    """The players as the ``players:`` line lists them: ``[Anna, Boris]``."""
    return "[" + ", ".join(_name(p) for p in players) + "]"


def indent_entry(lines: list[str], dash: int, body: int) -> list[str]:
    return [" " * dash + "- " + lines[0], *(" " * body + line for line in lines[1:])]
