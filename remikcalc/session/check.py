"""Compare a worked example's ``expect`` with what remikcalc computed.

This module is pure: it gets plain data (the ``expect`` mapping of an example file and the
``settle --format json`` object) and says where they differ. Loading files and printing
belong to :mod:`remikcalc.commands.check`.

The comparison follows docs/INTERFACE.md:

- mappings key by key and recursively; keys absent from ``expect`` are ignored;
- lists must have the same length and agree element by element;
- numbers by value, so ``236``, ``"236"`` and ``"236.00"`` are equal (``Decimal`` arithmetic);
- everything else (strings, booleans, null) exactly.

>>> compare({"net": {"Anna": 236}}, {"net": {"Anna": "236.00", "Boris": "-236"}})
[]
>>> [m.path for m in compare({"deals": [{"scores": {"Anna": 8}}]},
...                          {"deals": [{"scores": {"Anna": 12}}]})]
['deals.0.scores.Anna']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, Final

from remikcalc.base.i18n import N_

__all__ = [
    "MISSING",
    "CHECK_SCHEMA",
    "FileReport",
    "Mismatch",
    "as_number",
    "check_example",
    "compare",
    "report_json",
]

CHECK_SCHEMA: Final = "remikcalc.check/1"

_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)")


class _Missing:
    """Marks a key that ``expect`` names and the result does not have."""

    _instance: _Missing | None = None

    def __new__(cls) -> _Missing:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "<missing>"


MISSING: Final = _Missing()


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One place where the result differs from ``expect``.

    ``path`` joins keys and list indexes with dots (``deals.0.scores.Anna``); ``got`` is
    :data:`MISSING` when the result has no such key.
    """

    path: str
    expected: Any
    got: Any

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": self.path, "expected": _plain(self.expected)}
        if self.got is MISSING:
            out["got"] = None
            out["missing"] = True
        else:
            out["got"] = _plain(self.got)
        return out


@dataclass(frozen=True, slots=True)
class FileReport:
    """The outcome of checking one example file."""

    path: str
    mismatches: tuple[Mismatch, ...] = ()
    error: str | None = None
    title: str | None = None
    variant: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and not self.mismatches

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": self.path, "ok": self.ok}
        if self.error is not None:
            out["error"] = self.error
        out["mismatches"] = [m.as_json() for m in self.mismatches]
        return out


def as_number(value: Any) -> Decimal | None:
    """The value as a ``Decimal`` if it is a number or a string that spells one, else None.

    Booleans are not numbers here; floats (from YAML) go through their shortest repr so that
    ``0.1`` means one tenth.

    >>> as_number("236.00") == as_number(236)
    True
    >>> as_number("Anna") is None, as_number(True) is None
    (True, True)
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, Decimal):
        return value if value.is_finite() else None
    if isinstance(value, int):
        return Decimal(value)
    if isinstance(value, float):
        try:
            number = Decimal(repr(value))
        except InvalidOperation:  # pragma: no cover - repr of a float always parses
            return None
        return number if number.is_finite() else None
    if isinstance(value, str) and _NUMBER.fullmatch(value.strip()):
        return Decimal(value.strip())
    return None


def _join(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


def _lookup(got: Mapping[Any, Any], key: Any) -> Any:
    """``got[key]``, also trying the key as text (YAML may read ``1:`` as an int key)."""
    if key in got:
        return got[key]
    if not isinstance(key, str) and str(key) in got:
        return got[str(key)]
    return MISSING


def _same_scalar(expected: Any, got: Any) -> bool:
    if expected is None or got is None:
        return expected is None and got is None
    if isinstance(expected, bool) or isinstance(got, bool):
        return isinstance(expected, bool) and isinstance(got, bool) and expected == got
    want, have = as_number(expected), as_number(got)
    if want is not None and have is not None:
        return want == have
    if want is not None and isinstance(expected, str) and isinstance(got, str):
        return expected == got
    if isinstance(expected, int | float | Decimal) or isinstance(got, int | float | Decimal):
        return False
    return bool(expected == got) and type(expected) is type(got)


def _is_list(value: Any) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, str | bytes)


def _walk(expected: Any, got: Any, path: str, out: list[Mismatch]) -> None:
    if isinstance(expected, Mapping):
        if not isinstance(got, Mapping):
            out.append(Mismatch(path or "(top)", expected, got))
            return
        for key, want in expected.items():
            have = _lookup(got, key)
            if have is MISSING:
                out.append(Mismatch(_join(path, key), want, MISSING))
            else:
                _walk(want, have, _join(path, key), out)
        return
    if _is_list(expected):
        if not _is_list(got):
            out.append(Mismatch(path or "(top)", expected, got))
            return
        if len(expected) != len(got):
            out.append(Mismatch(_join(path, "length"), len(expected), len(got)))
        for index, (want, have) in enumerate(zip(expected, got, strict=False)):
            _walk(want, have, _join(path, index), out)
        return
    if not _same_scalar(expected, got):
        out.append(Mismatch(path or "(top)", expected, got))


def compare(expected: Any, got: Any) -> list[Mismatch]:
    """Every place where ``got`` does not satisfy ``expected``, in ``expected``'s order.

    >>> compare([1, 2], [1, 2, 3])[0]
    Mismatch(path='length', expected=2, got=3)
    >>> compare({"winner": "Anna"}, {"winner": None})[0].got is None
    True
    """
    out: list[Mismatch] = []
    _walk(expected, got, "", out)
    return out


def check_example(
    path: str,
    example: Mapping[str, Any],
    settle: Callable[[], Mapping[str, Any]],
) -> FileReport:
    """Check one loaded example: its ``expect`` against what ``settle()`` returns.

    ``settle`` is called only when the example has an ``expect`` mapping; any
    :class:`ValueError` it raises (every remikcalc error is one) becomes the file's ``error``.
    """
    title = example.get("title")
    variant = example.get("variant")

    def report(mismatches: tuple[Mismatch, ...] = (), error: str | None = None) -> FileReport:
        return FileReport(
            path,
            mismatches=mismatches,
            error=error,
            title=None if title is None else str(title),
            variant=None if variant is None else str(variant),
        )

    expect = example.get("expect")
    if expect is None:
        # English here (the report's JSON); marked so that the report for people translates it
        return report(error=N_("no expect: an example needs an expect mapping"))
    if not isinstance(expect, Mapping) or not expect:
        return report(error=N_("expect must be a non-empty mapping of settle results"))
    try:
        result = settle()
    except ValueError as exc:
        return report(error=str(exc) or type(exc).__name__)
    return report(tuple(compare(expect, result)))


def report_json(reports: Iterable[FileReport]) -> dict[str, Any]:
    """The ``check --format json`` object."""
    files = list(reports)
    passed = sum(1 for r in files if r.ok)
    return {
        "schema": CHECK_SCHEMA,
        "passed": passed,
        "failed": len(files) - passed,
        "files": [r.as_json() for r in files],
    }


def _plain(value: Any) -> Any:
    """A JSON-friendly copy: decimals as strings, tuples as lists."""
    if isinstance(value, Decimal):
        from remikcalc.base.money import decimal_literal

        return decimal_literal(value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if _is_list(value):
        return [_plain(v) for v in value]
    if value is MISSING:
        return None
    return value
