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
