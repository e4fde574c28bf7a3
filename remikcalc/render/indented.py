"""JSON indented by 2 as :func:`json.dumps` writes it (``indent=2, ensure_ascii=False``), faster.

With an indent, :mod:`json` leaves its C encoder aside (up to Python 3.13) for one written in
Python that yields every piece through a chain of generators: ``show --format json`` of a
1 MiB sheet (15 MB of JSON) took longer to write than to score. :func:`indented` walks the
data once into a list of pieces instead; it follows ``json.encoder._make_iterencode`` step for
step (the same pieces in the same order: the same text, and the same error at the same value),
with the encoder's own functions for the text and the numbers.
"""

from __future__ import annotations

import json.encoder
from collections.abc import Callable
from typing import Any

__all__ = ["indented"]

_INDENT = "  "
_encode: Callable[[str], str] = json.encoder.encode_basestring  # as ensure_ascii=False takes it
_intstr = int.__repr__
_INFINITY = float("inf")


def _floatstr(o: float) -> str:
    """As :meth:`json.JSONEncoder.iterencode`'s ``floatstr`` with ``allow_nan``."""
    if o != o:
        return "NaN"
    if o == _INFINITY:
        return "Infinity"
    if o == -_INFINITY:
        return "-Infinity"
    return float.__repr__(o)


def indented(o: Any, default: Callable[[Any], Any]) -> str:
    """``json.dumps(o, ensure_ascii=False, default=default, indent=2)``."""
    out: list[str] = []
    _Writer(out, default).value(o, 0)
    return "".join(out)


def _scalar(value: Any) -> str | None:
    """The text of a value that is not a list or a mapping (nor for ``default``), else None:
    the checks of ``_make_iterencode`` in its order."""
    if isinstance(value, str):
        return _encode(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return _intstr(value)
    if isinstance(value, float):
        return _floatstr(value)
    return None


def _key(key: Any) -> str:
    """A mapping's key that is not text, as ``_iterencode_dict`` writes it."""
    if isinstance(key, float):
        return _floatstr(key)
    if key is True:
        return "true"
    if key is False:
        return "false"
    if key is None:
        return "null"
    if isinstance(key, int):
        return _intstr(key)
    raise TypeError(f"keys must be str, int, float, bool or None, not {key.__class__.__name__}")


class _Writer:
    def __init__(self, out: list[str], default: Callable[[Any], Any]) -> None:
        self.out = out
        self.default = default
        self.markers: dict[int, Any] = {}

    def value(self, o: Any, level: int) -> None:
        """``_iterencode``: a value at the top, or one that ``default`` turns into another."""
        text = _scalar(o)
        if text is not None:
            self.out.append(text)
        elif isinstance(o, list | tuple):
            self.array(o, level)
        elif isinstance(o, dict):
            self.mapping(o, level)
        else:
            marker = self._mark(o)
            self.value(self.default(o), level)
            del self.markers[marker]

    def _mark(self, o: Any) -> int:
        marker = id(o)
        if marker in self.markers:
            raise ValueError("Circular reference detected")
        self.markers[marker] = o
        return marker

    def nested(self, value: Any, level: int) -> None:
        if isinstance(value, list | tuple):
            self.array(value, level)
        elif isinstance(value, dict):
            self.mapping(value, level)
        else:
            self.value(value, level)

    def array(self, lst: list[Any] | tuple[Any, ...], level: int) -> None:
        out = self.out
        if not lst:
            out.append("[]")
            return
        marker = self._mark(lst)
        newline_indent = "\n" + _INDENT * (level + 1)
        separator = "," + newline_indent
        buf = "[" + newline_indent
        for value in lst:
            kind = type(value)  # text and whole numbers first: the most written
            text = (
                _encode(value) if kind is str else _intstr(value) if kind is int else _scalar(value)
            )
            if text is not None:
                out.append(buf + text)
            else:
                out.append(buf)
                self.nested(value, level + 1)
            buf = separator
        out.append("\n" + _INDENT * level + "]")
        del self.markers[marker]

    def mapping(self, dct: dict[Any, Any], level: int) -> None:
        out = self.out
        if not dct:
            out.append("{}")
            return
        marker = self._mark(dct)
        newline_indent = "\n" + _INDENT * (level + 1)
        separator = "," + newline_indent
        buf = "{" + newline_indent
        for key, value in dct.items():
            if not isinstance(key, str):
                key = _key(key)
            kind = type(value)
            text = (
                _encode(value) if kind is str else _intstr(value) if kind is int else _scalar(value)
            )
            if text is not None:
                out.append(f"{buf}{_encode(key)}: {text}")
            else:
                out.append(f"{buf}{_encode(key)}: ")
                self.nested(value, level + 1)
            buf = separator
        out.append("\n" + _INDENT * level + "}")
        del self.markers[marker]
