"""Score sheets for the tests, written to disk: one way for every test module.

``write_sheet(folder, name, variant, players, ...)`` starts the sheet through the library
(``remikcalc.new_sheet``, the call ``remikcalc new`` makes, so the file is the same bytes
``new`` writes) and adds ``deals`` in order, each as an entry mapping (``{"scores": {"Anna":
5}}``, ``{"closer": "Anna", "hands": {...}}``, ``{"reenter": "Carl"}``), added as ``remikcalc
add --again`` adds it (a deal the same as the last is kept); or ``deals`` is YAML text put
after the ``deals:`` line as it is. ``text=`` writes a whole sheet as typed instead (its line
breaks kept), for the tests about what people write by hand.

The fixture ``sheet_file`` (tests/conftest.py) is ``write_sheet`` in the test's ``tmp_path``::

    def test_something(sheet_file: SheetMaker) -> None:
        path = sheet_file("r.yaml", "rummy", ["Anna", "Boris"], deals=[{"scores": {"Anna": 5}}])

tests/conftest.py has two ready sheets in the test's working folder as well: ``gin_here``
(``g.yaml``) and ``bridge_here`` (``b.yaml``). ``GIN_TYPED`` is a small sheet as a person
types it; ``example(name)`` is the path of a bundled example (``remikcalc/examples/NAME``),
reached through the installed package.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import remikcalc

#: a gin sheet as a person types it (no comment line, no settings): one deal, Anna 5 points
GIN_TYPED = "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ndeals:\n  - scores: {Anna: 5}\n"
#: the bundled examples, as installed
EXAMPLES = Path(str(resources.files("remikcalc") / "examples"))


def example(name: str) -> str:
    """A bundled example by its name under remikcalc/examples (``gin/ru-seed-236.yaml``), as
    a command line takes it."""
    return str(EXAMPLES / name)


def write_sheet(
    folder: Path,
    name: str = "sheet.yaml",
    variant: str = "gin",
    players: Sequence[str] | str = ("Anna", "Boris"),
    *,
    deals: Sequence[Mapping[str, Any]] | str = (),
    text: str | None = None,
    stake: str | None = None,
    currency: str | None = None,
    decimals: int | None = None,
    preset: str | None = None,
    rules: Mapping[str, object] | Sequence[str] | None = None,
    title: str | None = None,
) -> Path:
    """The sheet ``folder/name``: a new sheet of ``variant`` for ``players`` with its
    settings and ``deals``, or ``text`` as typed; its path."""
    path = folder / name
    if text is not None:
        path.write_bytes(text.encode("utf-8"))
        return path
    book = remikcalc.new_sheet(
        path,
        variant=variant,
        players=list(players) if not isinstance(players, str) else players,
        preset=preset,
        rules=rules,
        stake=stake,
        currency=currency,
        decimals=decimals,
        title=title,
        force=True,  # a test may write its sheet again
    )
    if isinstance(deals, str):
        with path.open("a", encoding="utf-8", newline="") as out:
            out.write(deals)
        return path
    for deal in deals:
        book.add(deal, again=True)
    return path


class SheetMaker(Protocol):
    """``write_sheet`` with the folder given: the type of the ``sheet_file`` fixture."""

    def __call__(
        self,
        name: str = ...,
        variant: str = ...,
        players: Sequence[str] | str = ...,
        *,
        deals: Sequence[Mapping[str, Any]] | str = ...,
        text: str | None = ...,
        stake: str | None = ...,
        currency: str | None = ...,
        decimals: int | None = ...,
        preset: str | None = ...,
        rules: Mapping[str, object] | Sequence[str] | None = ...,
        title: str | None = ...,
    ) -> Path: ...
