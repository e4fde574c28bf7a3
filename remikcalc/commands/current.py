"""The current sheet: ``REMIKCALC_SHEET=game.yaml`` names the sheet of the evening, so that
``add``, ``show``, ``settle``, ``undo``, ``edit``, ``delete``, ``stats`` and ``pool`` may leave
FILE out.

FILE stays the first argument when it is given; it counts as left out when the first argument
is what would follow it: a hand (``NAME=CARDS``: it holds ``=``) for ``add`` and ``edit``, an
entry number (``3``, ``e1``) for ``edit`` and ``delete``, or nothing at all. A command's
``--help`` says which sheet the variable names (:class:`SheetCommand`).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from remikcalc.base.i18n import _

if TYPE_CHECKING:
    from remikcalc.session import Replay
    from remikcalc.session.book import SheetFile

__all__ = [
    "LARGE_SHEET",
    "SHEET_VAR",
    "NoSheet",
    "SheetCommand",
    "address",
    "env_sheet",
    "is_address",
    "large_sheet_notice",
    "load",
    "open_book",
    "sheet",
    "split_sheet",
]

#: the environment variable naming the current sheet
SHEET_VAR = "REMIKCALC_SHEET"

#: an entry as ``edit`` and ``delete`` address it: a deal number, or ``e`` and an event's
_ADDRESS = re.compile(r"[0-9]+|[eE][0-9]+")


def env_sheet() -> str | None:
    """The sheet ``REMIKCALC_SHEET`` names, or None when it is not set (or empty)."""
    value = os.environ.get(SHEET_VAR, "").strip()
    return value or None


def is_address(text: str | None) -> bool:
    """``3`` (deal 3) or ``e1`` (the first event), as ``show`` numbers them."""
    return text is not None and _ADDRESS.fullmatch(text.strip()) is not None


class NoSheet(click.ClickException):
    """Neither FILE nor ``REMIKCALC_SHEET``: a usage error said in one line (exit 2)."""

    exit_code = 2


def sheet(file: str | None) -> str:
    """FILE as given, else the sheet of ``REMIKCALC_SHEET``; a usage error naming both when
    neither is there."""
    if file:
        return file
    found = env_sheet()
    if found is None:
        raise NoSheet(
            _("no sheet: give FILE, or name the evening's sheet once with {var}=game.yaml").format(
                var=SHEET_VAR
            )
        )
    return found


def split_sheet(first: str | None, rest: Sequence[str], *, hands: bool) -> tuple[str, list[str]]:
    """FILE and the arguments after it, from the first positional argument and the rest:
    ``first`` is FILE unless it is a hand (``hands``: it holds ``=``) or an entry number,
    in which case it belongs to the rest and FILE is the current sheet."""
    if first is not None and not (hands and "=" in first) and not is_address(first):
        return first, list(rest)
    return sheet(None), [*([] if first is None else [first]), *rest]


class SheetCommand(click.Command):
    """A command whose FILE may be left out: its help ends with the sheet ``REMIKCALC_SHEET``
    names now, or with how to name one."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        found = env_sheet()
        if found is None:
            message = _(
                "FILE may be left out once {var} names the sheet (export {var}=game.yaml); it "
                "is not set now."
            )
        else:
            message = _("FILE left out: the sheet {file} ({var}).")
        text = message.format(var=SHEET_VAR, file=found)
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(text)


def address(text: str, param: str = "N") -> tuple[int, bool]:
    """An entry as ``edit`` and ``delete`` take it: ``3`` is deal 3 as ``show`` numbers the
    deals, ``e1`` the first event (a re-entry, marked so in ``show``): the number and whether
    it is an event. A usage error for anything else."""
    text = text.strip()
    if is_address(text):
        event = text[0] in "eE"
        number = int(text[1:] if event else text)
        if number >= 1:
            return number, event
    message = _(
        "{text!r} is not an entry: give a deal's number as show numbers them (3), or an "
        "event's mark (e1)"
    )
    raise click.BadParameter(message.format(text=text), param_hint=param)


# --- reading and opening it -------------------------------------------------------------------

#: a sheet this large takes a second or more to read and score: on a terminal a line says so
LARGE_SHEET = 256 * 1024
_NOTICED: set[str] = set()


def large_sheet_notice(path: str) -> None:
    """On a terminal, one line on stderr before a large sheet is read (a 1 MiB sheet of
    ten thousand deals takes a few seconds to read, score and write again), so that nobody
    thinks the command hangs; nothing for a small sheet, a pipe or a file that is not there."""
    if sys.stderr is None or not sys.stderr.isatty():
        return
    try:
        size = os.stat(path).st_size
    except (OSError, ValueError):
        return
    if size >= LARGE_SHEET and path not in _NOTICED:
        _NOTICED.add(path)  # add reads the sheet to ask, then to write: one line
        click.echo(
            _("{file} is a large sheet ({size} KiB): reading it takes a few seconds...").format(
                file=path, size=size // 1024
            ),
            err=True,
        )


def load(path: str) -> Replay:
    """The replayed sheet at ``path`` (to know its players and rules while asking)."""
    from remikcalc.session import replay
    from remikcalc.sheet import load_sheet

    large_sheet_notice(path)
    return replay(load_sheet(path))


def open_book(path: str) -> SheetFile:
    """The sheet at ``path`` opened for writing (:func:`remikcalc.open_sheet`)."""
    from remikcalc.session.book import open_sheet

    large_sheet_notice(path)
    return open_sheet(path)
