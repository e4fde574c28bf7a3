"""A refusal in each front end's words.

The library refuses with a typed :class:`~remikcalc.base.errors.RemikcalcError`: a sentence
that names no command-line option and no file path, and a ``code`` (with ``field``,
``player``, ``cards`` and ``details``) that says the same for a program. Where a front end has
its own way to put the thing right, it says so in its own words, and those words live here,
once for each front end:

- :func:`for_command_line`: the options to give (``--closer NAME``, ``--again``) and, after
  a refused write, which file is unchanged;
- :func:`for_pad`: the buttons to tap ("Choose the player").

A code without words of its own here is said as the library says it.
"""

from __future__ import annotations

from collections.abc import Callable

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.i18n import _

__all__ = ["for_command_line", "for_pad"]

#: code -> the refusal as the command line says it
_COMMAND_LINE: dict[str, Callable[[RemikcalcError], str]] = {}
#: code -> the refusal as the score pad says it
_PAD: dict[str, Callable[[RemikcalcError], str]] = {}


def for_command_line(error: RemikcalcError, *, unchanged: str | None = None) -> str:
    """``error`` as the command line prints it; ``unchanged``: the sheet a refused write left
    as it was, named on a line of its own."""
    words = _COMMAND_LINE.get(error.code)
    text = words(error) if words is not None else str(error)
    if unchanged is None:
        return text
    return _("{problem}\n{file} is unchanged.").format(problem=text, file=unchanged)


def for_pad(error: RemikcalcError) -> str:
    """``error`` as the score pad shows it."""
    words = _PAD.get(error.code)
    return words(error) if words is not None else str(error)


# --- the sheet book's refusals -------------------------------------------------------------------


def _same_as_last(error: RemikcalcError) -> str:
    deal = error.details.get("deal")
    if deal is None:
        return _("this is the same as the event, the last entry; give --again to add it once more")
    return _(
        "this is the same as deal {n}, the last entry; give --again to add it once more"
    ).format(n=deal)


def _same_as_last_pad(error: RemikcalcError) -> str:
    deal = error.details.get("deal")
    if deal is None:
        return _("This is the same as the last entry. Add it again anyway?")
    return _("This is the same as deal {n}. Add it again anyway?").format(n=deal)


def _still_broken(error: RemikcalcError) -> str:
    return _(
        "without its last entry the sheet would still not load; mend the deal named below "
        "first (remikcalc edit or delete):\n{problem}"
    ).format(problem=error.details.get("problem", ""))


def _still_broken_pad(error: RemikcalcError) -> str:
    return _(
        "Without its last entry the sheet would still not load: correct or delete the deal "
        "named below first.\n{problem}"
    ).format(problem=error.details.get("problem", ""))


def _sheet_exists(error: RemikcalcError) -> str:
    return _("{file} already exists; use --force to start it again").format(
        file=error.details.get("file", "")
    )


_COMMAND_LINE.update(
    same_as_last=_same_as_last, still_broken=_still_broken, sheet_exists=_sheet_exists
)
_PAD.update(same_as_last=_same_as_last_pad, still_broken=_still_broken_pad)
