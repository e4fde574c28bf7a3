"""Consoles that cannot show every character: output degrades instead of failing.

A Windows code page (cp1250, cp1251, cp852, cp866) or a pipe with ``PYTHONIOENCODING=ascii``
cannot encode the sparkline bars, the suit symbols or Cyrillic aliases. Writing them used to
end in a ``UnicodeEncodeError`` - after ``add`` had saved the deal. :func:`tolerant_streams`
makes stdout and stderr replace what they cannot encode (suits by letters, arrows by ``->``,
bars by ASCII levels, anything else by ``?``) and stdin replace bytes it cannot decode (the
card parser then names the bad token). :func:`can_show_bars` tells the sheet renderer to
draw ASCII sparklines instead.

Output that cannot be written at all (a full disk, ``>/dev/full``, a terminal gone) is an
:class:`OutputError` (:func:`guard_output` makes the standard output raise it), which the
command line says in one line, and after a save says that the save is done
(:class:`remikcalc.commands.saving.Save`), never a traceback.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import os
import sys
from collections.abc import Callable
from typing import Any

__all__ = [
    "ERRORS",
    "OutputError",
    "can_show_bars",
    "discard_output",
    "guard_output",
    "tolerant_streams",
]

ERRORS = "remikcalc-replace"

_FALLBACK = {
    **dict(zip("♠♥♦♣♤♡♢♧", "SHDCSHDC", strict=True)),
    **dict(zip("▁▂▃▄▅▆▇█", "__..--=#", strict=True)),
    "→": "->",
    "←": "<-",
    "…": "...",
    "—": "-",
    "–": "-",
    "−": "-",
    "×": "x",
    "§": "S",
    "🃏": "JK",
    "“": '"',
    "”": '"',
    "„": '"',
    "‘": "'",
    "’": "'",
    "\u00a0": " ",
}


def _replace(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    bad = exc.object[exc.start : exc.end]
    return "".join(_FALLBACK.get(c, "?") for c in bad), exc.end


codecs.register_error(ERRORS, _replace)


def tolerant_streams() -> None:
    """Make the standard streams replace what their encoding cannot hold (idempotent)."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors=ERRORS)
    if isinstance(sys.stdin, io.TextIOWrapper) and sys.stdin.errors == "strict":
        sys.stdin.reconfigure(errors="replace")


def can_show_bars(err: bool = False) -> bool:
    """True when the stream ``click.echo`` writes to can encode the sparkline bars.

    That is the standard stream, except that click writes UTF-8 where a stream says ASCII
    (its rule for a misconfigured locale).
    """
    from remikcalc.render.sheet import BARS

    encoding = getattr(sys.stderr if err else sys.stdout, "encoding", None) or "utf-8"
    try:
        if codecs.lookup(encoding).name == "ascii":
            return True
        (BARS + "…").encode(encoding)
    except (UnicodeError, LookupError):
        return False
    return True


class OutputError(Exception):
    """The standard output cannot be written (not a closed pipe: that is
    ``BrokenPipeError``, a reader that stopped reading, which ends a command quietly)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.error = error

    @property
    def reason(self) -> str:
        return str(self)


def _guarded(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` of a stream, raising :class:`OutputError` for an ``OSError`` (but for a
    closed pipe)."""

    def call(*args: Any) -> Any:
        try:
            return method(*args)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(exc) from None

    return call


class _Guarded:
    """A stream whose writes raise :class:`OutputError` instead of an ``OSError`` (but for a
    closed pipe); everything else is the stream's own. Its ``buffer`` is guarded too, for
    click, which writes to the bytes below a stream whose encoding it does not trust. The
    methods every ``click.echo`` calls are set once, on the instance: ``hand -`` writes,
    flushes and asks ``isatty`` once a line."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        for name in ("write", "writelines", "flush"):
            if hasattr(stream, name):
                setattr(self, name, _guarded(getattr(stream, name)))
        if hasattr(stream, "isatty"):
            self.isatty = stream.isatty

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._stream, name)
        if name == "buffer" and value is not None:
            return _Guarded(value)
        return value

    def __iter__(self) -> Any:
        return iter(self._stream)


def guard_output() -> None:
    """Make a failed write to the standard output an :class:`OutputError` (idempotent)."""
    if sys.stdout is not None and not isinstance(sys.stdout, _Guarded):
        sys.stdout = _Guarded(sys.stdout)


def discard_output() -> None:
    """After output that could not be written: what is still buffered goes nowhere, so that
    the flush at exit cannot fail again (Python would print it as an ignored exception)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno() if sys.__stdout__ else 1)
        os.close(devnull)
