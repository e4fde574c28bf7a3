"""Consoles that cannot show every character: output degrades instead of failing.

A Windows code page (cp1250, cp1251, cp852, cp866) or a pipe with ``PYTHONIOENCODING=ascii``
cannot encode the sparkline bars, the suit symbols or Cyrillic aliases. Writing them used to
end in a ``UnicodeEncodeError`` - after ``add`` had saved the deal. :func:`tolerant_streams`
makes stdout and stderr replace what they cannot encode (suits by letters, arrows by ``->``,
bars by ASCII levels, anything else by ``?``) and stdin replace bytes it cannot decode (the
card parser then names the bad token). :func:`can_show_bars` tells the sheet renderer to
draw ASCII sparklines instead.
"""

from __future__ import annotations

import codecs
import io
import sys

__all__ = ["ERRORS", "can_show_bars", "tolerant_streams"]

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
