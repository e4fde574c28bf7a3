"""A refusal in a front end's words: the mechanism both front ends share.

The library refuses with a typed :class:`~remikcalc.base.errors.RemikcalcError`: a sentence
that names no command-line option and no file path, and a ``code`` (with ``field``,
``player``, ``cards`` and ``details``) that says the same for a program. Where a front end has
its own way to put the thing right, it says so in its own words, kept in the front end, as a
table from code to words: the command line's in :mod:`remikcalc.commands.refusal` (the options
to give, the commands to run), the pad's in :mod:`remikcalc.web.refusal` (the buttons to tap).

:func:`in_words` says a refusal with such a table: a code without words of its own is said as
the library says it, and a refusal whose sentence repeats other refusals' (a sheet's that lists
the deals that cannot be scored) is said with each of those in the table's words, in place.

>>> from remikcalc.base.errors import DealError
>>> knock = DealError("who knocked? name the closer", code="no_closer")
>>> loud = {"no_closer": lambda error: error.message.upper()}
>>> in_words(knock, loud)
'WHO KNOCKED? NAME THE CLOSER'
>>> sheet = DealError(f"game.yaml:9: deal 3: {knock}", code="sheet_problems", quoted=[knock])
>>> in_words(sheet, loud)
'game.yaml:9: deal 3: WHO KNOCKED? NAME THE CLOSER'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from remikcalc.base.errors import RemikcalcError

__all__ = ["Words", "in_words"]

#: the words of one refusal, or None where the library's sentence is the front end's too
Words = Callable[[RemikcalcError], str | None]


def in_words(error: RemikcalcError, table: Mapping[str, Words]) -> str:
    """``error`` in the words of ``table``: the words for its code (else its sentence), with
    the refusals it repeats (``quoted``) said in those words, in place."""
    words = table.get(error.code)
    own = words(error) if words is not None else None
    text = error.message if own is None else own
    start = 0
    for quoted in error.quoted:
        found = text.find(quoted.message, start) if quoted.message else -1
        if found < 0:
            continue
        said = in_words(quoted, table)
        text = text[:found] + said + text[found + len(quoted.message) :]
        start = found + len(said)
    return text
