"""The language remikcalc speaks to people: choosing it, and translating messages.

Languages are ``en`` (the messages as written in the code), ``pl`` and ``ru``. The command
line chooses one with ``--lang``, else ``REMIKCALC_LANG`` (``pl``, or a locale name such as
``pl_PL.UTF-8``), else the locale (the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that
is set: ``pl_PL.UTF-8`` gives ``pl``), else English (:func:`language_from_env`). The library
on its own speaks English until :func:`set_language` is called: the choice from the environment
is the command line's to make.

The language spoken belongs to the running context (a :class:`contextvars.ContextVar`), not to
the process: each thread starts in English whatever another thread speaks, an ``asyncio`` task
speaks the language of the code that created it, and a web server that runs each request in a
copy of its context (Starlette's threadpool does) lets every request speak its own language.
:func:`in_language` sets it for a block and gives the one before back, even on an exception.

Messages are marked in the code with :func:`_` (``_("{name}: no such sheet")``, formatted after
translation) and :func:`ngettext` for a message that depends on a number; strings defined
at module level (click help texts, field descriptions) are marked with :func:`N_`, which only
marks them for extraction, and translated where they are shown. The translations are gettext
catalogues: ``locale/LANG/LC_MESSAGES/remikcalc.po`` in the package, compiled to ``.mo`` by the
build (``setup.py``, with polib). When a ``.po`` file is there (a source tree, an editable
install) it is read directly (:mod:`remikcalc.base.pofile`), so an edit shows at once and a
stale ``.mo`` is never used; an installed wheel has only the ``.mo``. Plural forms come from
the catalogue's ``Plural-Forms`` header.

>>> with in_language("pl"):
...     ngettext("{n} card typed", "{n} cards typed", 22).format(n=22)
'wpisano 22 karty'
>>> with in_language("ru"):
...     [ngettext("{n} card typed", "{n} cards typed", n).format(n=n) for n in (1, 2, 5)]
['введена 1 карта', 'введены 2 карты', 'введено 5 карт']
"""

from __future__ import annotations

import contextlib
import gettext
import os
from collections.abc import Iterator, Mapping
from contextvars import ContextVar

from remikcalc.base.errors import RulesError

__all__ = [
    "LANGUAGES",
    "N_",
    "_",
    "catalogue",
    "catalogue_problem",
    "current",
    "gettext_in",
    "in_language",
    "language_from_env",
    "ngettext",
    "parse_language",
    "set_language",
    "source_text",
]

#: the languages remikcalc speaks; English is the source language of every message
LANGUAGES: tuple[str, ...] = ("en", "pl", "ru")
DOMAIN = "remikcalc"
# a plain path (no pathlib: this module loads on every start, English or not)
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "locale")
ENV_VAR = "REMIKCALC_LANG"
_LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")

#: the language spoken in this context: one of LANGUAGES, set only through parse_language
_spoken: ContextVar[str] = ContextVar("remikcalc_language", default="en")
_cache: dict[str, gettext.NullTranslations] = {}
_problems: dict[str, str] = {}  # a catalogue that could not be read, and why


def parse_language(text: str, source: str | None = None) -> str:
    """A language code as given by a person (``PL``, ``ru``); RulesError (exit 2) if unknown.
    ``source`` names where it came from in the refusal (``REMIKCALC_LANG``)."""
    code = text.strip().lower()
    if code not in LANGUAGES:
        choices = ", ".join(LANGUAGES)
        message = (
            _("unknown language {text!r}; remikcalc speaks {choices}")
            if source is None
            else _("{source}: unknown language {text!r}; remikcalc speaks {choices}")
        )
        raise RulesError(
            message.format(source=source, text=text, choices=choices),
            code="unknown_language",
            field="language",
            details={"text": text, "source": source, "choices": choices},
        )
    return code


def _language_part(value: str) -> str:
    """The language part of a locale name, lower case: ``pl_PL.UTF-8`` and ``ru-RU`` give
    ``pl`` and ``ru``; a bare code gives itself."""
    return value.split(".", 1)[0].split("@", 1)[0].split("_", 1)[0].split("-", 1)[0].lower()


def _locale_language(value: str) -> str:
    """The language of a POSIX locale name (``pl_PL.UTF-8``, ``ru_RU``, ``C``): one of
    LANGUAGES, English for any other."""
    code = _language_part(value)
    return code if code in LANGUAGES else "en"


def _env_language(value: str) -> str:
    """The language ``REMIKCALC_LANG`` asks for: a code (``pl``) or a locale name
    (``pl_PL.UTF-8``, as ``LANG`` is written), whose language part decides. A language
    remikcalc does not speak is refused (RulesError), as ``--lang`` refuses it.

    >>> _env_language("pl_PL.UTF-8"), _env_language(" RU_ru "), _env_language("en")
    ('pl', 'ru', 'en')
    """
    code = _language_part(value.strip())
    if code in LANGUAGES:
        return code
    return parse_language(value, ENV_VAR)  # raises: unknown language


def language_from_env(env: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: ``REMIKCALC_LANG``, else the locale, else en.

    ``REMIKCALC_LANG`` may be a locale name too (``pl_PL.UTF-8``: its language part
    decides). An unknown ``REMIKCALC_LANG`` is a usage error (it was set for remikcalc
    alone); an unsupported locale just means English.

    >>> language_from_env({"LANG": "pl_PL.UTF-8"}), language_from_env({"LC_ALL": "C"})
    ('pl', 'en')
    >>> language_from_env({"REMIKCALC_LANG": "ru", "LC_ALL": "pl_PL.UTF-8"})
    'ru'
    >>> language_from_env({"REMIKCALC_LANG": "pl_PL.UTF-8"})
    'pl'
    """
    env = os.environ if env is None else env
    chosen = env.get(ENV_VAR, "").strip()
    if chosen:
        return _env_language(chosen)
    for var in _LOCALE_VARS:
        value = env.get(var, "").strip()
        if value:  # the first one set decides, as in the C library
            return _locale_language(value)
    return "en"


def set_language(lang: str) -> None:
    """Speak ``lang`` (one of LANGUAGES) from now on, in this context (this thread, this
    task, or the context a server runs the request in); other contexts keep theirs."""
    _spoken.set(parse_language(lang))


def current() -> str:
    """The language spoken now, in this context."""
    return _spoken.get()


@contextlib.contextmanager
def in_language(lang: str) -> Iterator[None]:
    """Speak ``lang`` inside the block, then the language before it again (also after an
    exception, and whatever :func:`set_language` did inside the block)."""
    token = _spoken.set(parse_language(lang))
    try:
        yield
    finally:
        _spoken.reset(token)


def _load(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang``: its ``.po`` read directly when the source is there (a
    source tree, an editable install), else the compiled ``.mo`` (a wheel); no catalogue at
    all means the English messages."""
    import io

    folder = os.path.join(LOCALE_DIR, lang, "LC_MESSAGES")
    po, mo = os.path.join(folder, f"{DOMAIN}.po"), os.path.join(folder, f"{DOMAIN}.mo")
    try:
        if os.path.isfile(po):
            from remikcalc.base.pofile import PoTranslations

            with open(po, "rb") as file:
                return PoTranslations(file)
        with open(mo, "rb") as file:
            data = file.read()
        if not data:
            raise ValueError(f"{mo} is empty")
        return gettext.GNUTranslations(io.BytesIO(data))
    except FileNotFoundError:  # no catalogue: the English text
        return gettext.NullTranslations()
    except Exception as exc:  # noqa: BLE001 - empty, cut short, damaged: the English text
        # (struct.error, OSError "Bad magic number", UnicodeDecodeError, a bad Plural-Forms,
        # PoError)
        _problems[lang] = str(exc) or type(exc).__name__
        return gettext.NullTranslations()


def catalogue_problem(lang: str) -> str | None:
    """Why the catalogue of ``lang`` could not be read (it was empty or damaged, and the
    English messages are spoken instead), once it has been loaded; None when it could."""
    catalogue(lang)
    return _problems.get(lang)


def catalogue(lang: str | None = None) -> gettext.NullTranslations:
    """The translations of ``lang`` (default: the current language), loaded once."""
    lang = _spoken.get() if lang is None else lang
    if lang == "en":
        return _null
    found = _cache.get(lang)
    if found is None:
        found = _cache[lang] = _load(lang)
    return found


_null = gettext.NullTranslations()


def _(message: str) -> str:
    """``message`` in the current language (itself in English or when untranslated)."""
    lang = _spoken.get()  # called very often: one look-up of the context, nothing more
    if lang == "en" or not message:
        return message
    return catalogue(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n``, by the language's plural rule."""
    lang = _spoken.get()
    if lang == "en":
        return singular if n == 1 else plural
    return catalogue(lang).ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 - the name gettext tools know
    """Mark a string for translation without translating it (translate it where it is shown)."""
    return message


def gettext_in(lang: str, message: str) -> str:
    """``message`` in the language ``lang``, whatever the current language."""
    return message if lang == "en" else catalogue(lang).gettext(message)


def source_text(text: str, lang: str | None = None) -> str:
    """The English message of which ``text`` is the translation in ``lang`` (default: the
    current language), or ``text`` itself: for strings a library translated when it made them.

    >>> source_text("Pokaż tę pomoc i zakończ.", "pl")
    'Show this message and exit.'
    """
    lang = _spoken.get() if lang is None else lang
    if lang == "en":
        return text
    table = getattr(catalogue(lang), "_catalog", {})
    for key, value in table.items():
        if value == text and isinstance(key, str) and key:
            return key
    return text
