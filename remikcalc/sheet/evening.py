"""An evening file: a worked example naming several score sheets settled together.

::

    remikcalc: 1
    evening: [gin.yaml, rummy.yaml]      # the sheets, relative to this file's folder
    title: "..."
    source: "..."
    _work: "..."                         # the hand arithmetic
    expect: {...}                        # the expected `settle gin.yaml rummy.yaml --json`

``remikcalc check`` settles the sheets as ``settle FILE...`` would and compares the result
(``remikcalc.evening/1``) with ``expect``, as it does for a single sheet.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from remikcalc.base.errors import SheetError
from remikcalc.base.gcpause import collector_paused
from remikcalc.base.i18n import _
from remikcalc.sheet.files import read_text, repeated_file
from remikcalc.sheet.yamltree import MAX_BYTES, Node, Problems, compose, typed

__all__ = [
    "EVENING_KEYS",
    "EveningFile",
    "example_tree",
    "is_evening",
    "is_evening_tree",
    "load_evening",
]

EVENING_KEYS = ("remikcalc", "evening", "title", "source", "expect")


@dataclass(frozen=True, slots=True)
class EveningFile:
    """An evening example: its sheets (paths as found from the current folder) and notes."""

    path: str
    sheets: tuple[str, ...]
    title: str | None = None
    source: str | None = None
    expect: Any = None
    notes: dict[str, Any] = field(default_factory=dict)


def _root(text: str, name: str) -> Node | None:
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise SheetError(
            _("{name}: larger than {size} KiB").format(name=name, size=MAX_BYTES // 1024),
            code="too_large",
            details={"name": name, "size": MAX_BYTES // 1024},
        )
    problems = Problems(name)
    with collector_paused():  # as reading a sheet pauses it
        root = compose(text.removeprefix("\ufeff"), problems)
    problems.raise_if_any()
    return root


def example_tree(path: str | os.PathLike[str]) -> Node | None:
    """The node tree of a worked example's text, as :func:`is_evening` reads it (SheetError
    or OSError when it does not read): ``check`` tells an evening from a sheet and reads the
    sheet from the one tree (:func:`remikcalc.sheet.read.sheet_from_tree`)."""
    return _root(read_text(path), os.fspath(path))


def is_evening_tree(root: Node | None) -> bool:
    """Whether the tree is an evening file's (a top-level ``evening:`` key)."""
    return "evening" in _keys(root)


def _keys(root: Node | None) -> dict[str, Node]:
    if root is None or root.kind != "map":
        return {}
    return {k.value: v for k, v in root.pairs if k.kind == "scalar"}


def is_evening(path: str | os.PathLike[str]) -> bool:
    """Whether the file is an evening file (a top-level ``evening:`` key); False for anything
    that does not read, so that loading it as a sheet reports the problem."""
    try:
        return is_evening_tree(example_tree(path))
    except (SheetError, OSError):
        return False


def load_evening(path: str | os.PathLike[str]) -> EveningFile:
    """Read an evening file; every problem is one :class:`SheetError` naming its line."""
    name = os.fspath(path)
    root = _root(read_text(path), name)
    keys = _keys(root)
    problems = Problems(name)
    for key, node in keys.items():
        if key not in EVENING_KEYS and not key.startswith("_"):
            problems.add(
                node,
                key,
                _("unknown key in an evening file ({keys})").format(keys=", ".join(EVENING_KEYS)),
            )
    sheets: list[str] = []
    listed = keys.get("evening")
    if listed is None or listed.kind != "seq" or len(listed.items) < 2:
        problems.add(listed or 1, "evening", _("must list two or more sheet files"))
    else:
        folder = os.path.dirname(name)
        for item in listed.items:
            if item.kind != "scalar" or not item.value.strip():
                problems.add(item, "evening", _("each item must be a sheet file name"))
                continue
            sheets.append(os.path.join(folder, item.value.strip()))
        twice = repeated_file(sheets)
        if twice is not None:
            twice_text = _("{file} is named twice (as {first})")
            problems.add(listed, "evening", twice_text.format(file=twice[0], first=twice[1]))
    problems.raise_if_any()

    def text(key: str) -> str | None:
        value = keys.get(key)
        return None if value is None or value.kind != "scalar" else value.value

    return EveningFile(
        path=name,
        sheets=tuple(sheets),
        title=text("title"),
        source=text("source"),
        expect=typed(keys["expect"]) if "expect" in keys else None,
        notes={k: typed(v) for k, v in keys.items() if k.startswith("_")},
    )
