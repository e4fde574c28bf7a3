"""Score sheets: the data, its YAML text, and the files on disk.

- :mod:`remikcalc.sheet.model`: the sheet as data (``Sheet``, ``DealEntry``, ``ReentryEntry``,
  ``Entry``, ``FORMAT_VERSION``, ``player_name_problem``); no YAML;
- :mod:`remikcalc.sheet.yamltree`: strict YAML to a node tree (the only yaml importer), with
  the safety limits;
- :mod:`remikcalc.sheet.read`: the node tree to a ``Sheet``, every problem with its line;
- :mod:`remikcalc.sheet.write`: a ``Sheet`` or entry to canonical text;
- :mod:`remikcalc.sheet.files`: files: ``read_text``, ``load_sheet``, ``locked``,
  ``save_text``;
- :mod:`remikcalc.sheet.splice`: the in-place edits ``text_with_entry`` /
  ``text_without_last`` / ``text_with_entry_replaced`` / ``text_with_sheet``;
- :mod:`remikcalc.sheet.reread`: an edited text read back, only the deals it rewrote built
  again.

The names below are imported on first use, so that importing the model (as
:mod:`remikcalc.session` does) does not import YAML.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from remikcalc.sheet.files import load_sheet, locked, read_text, save_text
    from remikcalc.sheet.model import (
        FORMAT_VERSION,
        DealEntry,
        Entry,
        ReentryEntry,
        Sheet,
        player_name_problem,
    )
    from remikcalc.sheet.read import sheet_from_text
    from remikcalc.sheet.splice import (
        text_with_entry,
        text_with_entry_replaced,
        text_with_sheet,
        text_without_last,
    )
    from remikcalc.sheet.write import dump_sheet, entry_lines
    from remikcalc.sheet.yamltree import MAX_BYTES

__all__ = [
    "FORMAT_VERSION",
    "MAX_BYTES",
    "DealEntry",
    "Entry",
    "ReentryEntry",
    "Sheet",
    "dump_sheet",
    "entry_lines",
    "load_sheet",
    "locked",
    "player_name_problem",
    "read_text",
    "save_text",
    "sheet_from_text",
    "text_with_entry",
    "text_with_entry_replaced",
    "text_with_sheet",
    "text_without_last",
]

_WHERE = {
    "FORMAT_VERSION": "model",
    "DealEntry": "model",
    "Entry": "model",
    "ReentryEntry": "model",
    "Sheet": "model",
    "player_name_problem": "model",
    "sheet_from_text": "read",
    "dump_sheet": "write",
    "entry_lines": "write",
    "load_sheet": "files",
    "locked": "files",
    "read_text": "files",
    "save_text": "files",
    "text_with_entry": "splice",
    "text_without_last": "splice",
    "text_with_entry_replaced": "splice",
    "text_with_sheet": "splice",
    "MAX_BYTES": "yamltree",
}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(import_module(f"remikcalc.sheet.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'remikcalc.sheet' has no attribute {name!r}")
