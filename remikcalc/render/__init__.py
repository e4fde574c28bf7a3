"""Rendering: the only package that imports tabulate (and only when a table is drawn).

Everything here turns library results into text: tables for people, JSON for tools.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

__all__ = ["to_json", "table"]


def _default(obj: Any) -> Any:
    if isinstance(obj, Decimal):
        # A raw Decimal keeps the digits it carries ("1.50": rounded to a currency's minor unit,
        # or a stake as typed); amounts meant to be written exactly go through amount_text.
        return format(obj, "f")
    if isinstance(obj, tuple | set | frozenset):
        return list(obj)
    raise TypeError(f"cannot write {type(obj).__name__} as JSON")


def to_json(obj: Any, *, lines: bool = False) -> str:
    """UTF-8 JSON (no ASCII escapes); ``lines=True`` gives one compact line (JSON Lines)."""
    if lines:
        return json.dumps(obj, ensure_ascii=False, default=_default, separators=(", ", ": "))
    return json.dumps(obj, ensure_ascii=False, default=_default, indent=2)


def table(rows: Iterable[Sequence[Any]], headers: Sequence[str] = (), *, fmt: str = "table") -> str:
    """A table for people (``table``), or tab-separated values (``plain``)."""
    rows = [list(r) for r in rows]
    if fmt == "plain":
        lines = ["\t".join(str(h) for h in headers)] if headers else []
        lines += ["\t".join("" if c is None else str(c) for c in r) for r in rows]
        return "\n".join(lines)
    from tabulate import tabulate

    return tabulate(rows, headers=list(headers), tablefmt="simple", disable_numparse=True)
