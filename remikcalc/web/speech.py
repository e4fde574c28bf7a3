"""Each phone's own language and card notation, for the length of one request.

A phone chooses them on the pad (stored in two cookies); until then the language is the
browser's ``Accept-Language`` (its first of en, pl, ru), else the server's ``--lang``. The
choice is made per request and held in context variables (:func:`remikcalc.base.i18n.in_language`,
:func:`remikcalc.cards.text.written_in`), so phones speaking Polish and Russian at the same
moment each read their own.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping

from remikcalc.base.i18n import LANGUAGES, in_language
from remikcalc.cards.text import NOTATIONS, written_in

__all__ = ["LANG_COOKIE", "NOTATION_COOKIE", "accepted_language", "speaking"]

LANG_COOKIE = "remikcalc_lang"
NOTATION_COOKIE = "remikcalc_cards"


def accepted_language(header: str | None) -> str | None:
    """The first of remikcalc's languages an ``Accept-Language`` header asks for, by weight.

    >>> accepted_language("ru-RU,ru;q=0.9,en-US;q=0.8"), accepted_language("de, pl;q=0.5")
    ('ru', 'pl')
    >>> accepted_language("de-DE") is None, accepted_language(None) is None
    (True, True)
    """
    if not header:
        return None
    weighted: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                weight = float(params[2:])
            except ValueError:
                weight = 0.0
        lang = tag.strip().lower().split("-")[0]
        if lang in LANGUAGES and weight > 0:
            weighted.append((-weight, i, lang))
    return min(weighted)[2] if weighted else None


def phone_choice(
    cookies: Mapping[str, str], accept: str | None, default: str
) -> tuple[str, str | None]:
    """The language and the card notation (None: the language's) of one request."""
    lang = cookies.get(LANG_COOKIE)
    if lang not in LANGUAGES:
        lang = accepted_language(accept) or default
    notation = cookies.get(NOTATION_COOKIE)
    return lang, notation if notation in NOTATIONS else None


@contextlib.contextmanager
def speaking(lang: str, notation: str | None) -> Iterator[None]:
    """Speak ``lang`` and write cards in ``notation`` (None: the language's) inside."""
    with in_language(lang):
        if notation is None:
            yield
        else:
            with written_in(notation):
                yield
