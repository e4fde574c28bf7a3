"""The command line in the user's language: ``--lang``, ``--cards``, help texts and click's own
messages.

The language is chosen before anything is shown or any command module loads: the group reads
``--lang`` from the whole command line (:func:`choose`, called from ``LazyGroup.parse_args``,
also under click's ``CliRunner``), else the environment
(:func:`remikcalc.base.i18n.language_from_env`).
``--lang`` and ``--cards`` are options of the group and of every command (:func:`add_options`),
so both ``remikcalc --lang pl hand ...`` and ``remikcalc hand ... --lang pl`` work.

Help texts are translated where they are shown, not where they are defined (a module is
imported once, but a process, like a test run, may speak several languages):
:func:`localize` sets each command's and option's help from its English text every time the
command is resolved. click's own messages ("Usage:", "Error:", "No such option") go through
remikcalc's catalogue (:func:`patch_click`): click calls ``gettext`` by the names ``_`` and
``ngettext`` in its modules, and those names are pointed at :mod:`remikcalc.base.i18n`.
"""

from __future__ import annotations

import gettext
import inspect
import sys
from collections.abc import Sequence
from typing import Any

import click

from remikcalc.base import i18n
from remikcalc.base.errors import RulesError
from remikcalc.base.i18n import LANGUAGES, N_
from remikcalc.cards.text import NOTATIONS, set_notation

__all__ = ["add_options", "choose", "localize", "patch_click", "prescan"]

_CLICK_MODULES = (
    "core",
    "decorators",
    "exceptions",
    "formatting",
    "parser",
    "shell_completion",
    "termui",
    "types",
    "utils",
    "_termui_impl",
)
_SOURCE = "_remikcalc_source"  # the attribute holding a help text's English original

LANG_HELP = N_("Language of the output: en, pl or ru (default: REMIKCALC_LANG, else the locale).")
CARDS_HELP = N_(
    "How cards are written: en (QH), pl (D♥), ru (Дч) or unicode (Q♥); default: the language's."
)


#: the names of click's number types (``ParamType.name``), which click formats untranslated
#: into ``'abc' is not a valid integer.``; they are translated as the message is formatted
NUMBER_TYPES: dict[str, str] = {
    "integer": N_("integer"),
    "integer range": N_("integer range"),
    "float": N_("float"),
    "float range": N_("float range"),
}


class _NamingANumberType(str):
    """A click message with ``{number_type}`` in it, already translated: the type's name is
    translated too when click formats it in."""

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        name = kwargs.get("number_type")
        if isinstance(name, str) and name in NUMBER_TYPES:
            kwargs["number_type"] = i18n._(NUMBER_TYPES[name])
        return str.format(self, *args, **kwargs)


def _click_gettext(message: str) -> str:
    text = i18n._(message)
    return _NamingANumberType(text) if "{number_type}" in message else text


def _click_ngettext(singular: str, plural: str, n: int) -> str:
    return i18n.ngettext(singular, plural, n)


def _patch_module(module: Any) -> None:
    if getattr(module, "_", None) in (gettext.gettext, _click_gettext):
        module._ = _click_gettext
    if getattr(module, "ngettext", None) in (gettext.ngettext, _click_ngettext):
        module.ngettext = _click_ngettext


class _PatchOnLoad:
    """A finder that patches a click module of :data:`_CLICK_MODULES` as it loads.

    click imports ``shell_completion`` and ``_termui_impl`` only when it needs them (completion,
    a pager, an editor, a progress bar); importing them up front to patch them would weigh on
    every start (``_termui_impl`` loads ``pathlib``, ``shlex`` and ``termios``). It finds
    nothing itself: it wraps the spec the path finder gives, so that the module is patched
    right after it runs.
    """

    names = frozenset(f"click.{name}" for name in _CLICK_MODULES)

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        if fullname not in self.names:
            return None
        from importlib.machinery import PathFinder

        spec = PathFinder.find_spec(fullname, path, target)
        loader: Any = getattr(spec, "loader", None)
        run = getattr(loader, "exec_module", None)
        if run is None:  # nothing to wrap: left to the other finders, unpatched
            return None

        def exec_module(module: Any) -> None:
            run(module)
            _patch_module(module)

        loader.exec_module = exec_module  # this spec's own loader
        return spec


_FINDER = _PatchOnLoad()


def patch_click() -> None:
    """Make click's messages speak the current language (idempotent): the click modules
    loaded already now, the others when they load."""
    for name in _CLICK_MODULES:
        module = sys.modules.get(f"click.{name}")
        if module is not None:
            _patch_module(module)
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)


def prescan(args: Sequence[str], option: str) -> str | None:
    """The last value given to ``option`` (``--lang pl`` or ``--lang=pl``) anywhere on the
    command line before ``--``, or None.

    >>> prescan(["hand", "--lang", "pl", "QH"], "--lang"), prescan(["--lang=ru"], "--lang")
    ('pl', 'ru')
    >>> prescan(["hand", "--", "--lang", "pl"], "--lang") is None
    True
    """
    found = None
    args = list(args)
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == option and i + 1 < len(args):
            found = args[i + 1]
        elif arg.startswith(option + "="):
            found = arg.split("=", 1)[1]
    return found


#: options that only tell about remikcalc: they work whatever the environment's language
_ASKING = frozenset({"--help", "-h", "--version"})


def asks_for_help(args: Sequence[str]) -> bool:
    """Whether the command line only asks for help or the version: empty (the group's help),
    or ``--help``, ``-h`` or ``--version`` anywhere before ``--``.

    >>> asks_for_help([]), asks_for_help(["hand", "-h"]), asks_for_help(["hand", "QH"])
    (True, True, False)
    """
    for arg in args:
        if arg == "--":
            break
        if arg in _ASKING:
            return True
    return not args


def choose(args: Sequence[str]) -> None:
    """Decide the language (and reset the card notation) for one run of the command line:
    ``--lang`` anywhere on it, else the environment. A bad ``--lang`` value is left for its
    option to refuse; a bad ``REMIKCALC_LANG`` is a usage error, except where the command line
    asks only for help or the version: that is shown in English after a one-line warning."""
    patch_click()
    set_notation(None)
    given = prescan(args, "--lang")
    if given is not None and given.strip().lower() in LANGUAGES:
        i18n.set_language(given)
        _warn_if_unreadable(i18n.current())
        return
    i18n.set_language("en")  # the messages of a refusal below are in English then
    try:
        i18n.set_language(i18n.language_from_env())
    except RulesError as exc:
        if given is not None:
            return
        if asks_for_help(args):
            from remikcalc.commands.refusal import for_command_line

            error = for_command_line(exc)
            click.echo(i18n._("warning: {error}; shown in English").format(error=error), err=True)
            return
        from remikcalc.commands.refusal import for_command_line

        raise click.UsageError(for_command_line(exc)) from None
    _warn_if_unreadable(i18n.current())


def _warn_if_unreadable(lang: str) -> None:
    """An empty or damaged catalogue (an installation gone wrong) means English, said in one
    warning line, not a crash of every command in that language."""
    if lang == "en":
        return
    problem = i18n.catalogue_problem(lang)
    if problem is not None:
        message = i18n._(
            "warning: the {lang} translations cannot be read ({problem}); shown in English"
        )
        click.echo(message.format(lang=lang, problem=problem), err=True)


def _set_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        i18n.set_language(value)


def _set_cards(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        set_notation(value)


def lang_option() -> click.Option:
    return click.Option(
        ["--lang", "remikcalc_lang"],
        type=click.Choice(LANGUAGES, case_sensitive=False),
        expose_value=False,
        is_eager=True,
        callback=_set_lang,
        help=LANG_HELP,
    )


def cards_option() -> click.Option:
    return click.Option(
        ["--cards", "remikcalc_cards"],
        type=click.Choice(NOTATIONS, case_sensitive=False),
        expose_value=False,
        is_eager=True,
        callback=_set_cards,
        help=CARDS_HELP,
    )


def add_options(command: click.Command) -> None:
    """Give ``command`` the ``--lang`` and ``--cards`` options (once)."""
    names = {opt for p in command.params for opt in getattr(p, "opts", ())}
    if "--lang" not in names:
        command.params.append(lang_option())
    if "--cards" not in names:
        command.params.append(cards_option())


def _source(holder: Any, attr: str) -> str | None:
    """The English original of a help text, remembered the first time it is seen."""
    sources: dict[str, str | None] = holder.__dict__.setdefault(_SOURCE, {})
    if attr not in sources:
        text = getattr(holder, attr)
        if isinstance(text, str) and text:
            text = i18n.source_text(inspect.cleandoc(text).partition("\f")[0])
        sources[attr] = text or None
    return sources[attr]


#: the usage line's words that click keeps as attributes, not in its gettext calls
_OPTIONS_METAVAR = i18n.N_("[OPTIONS]")
_COMMAND_METAVAR = i18n.N_("COMMAND [ARGS]...")
#: a word click translates through its gettext but from a variable, so that the extractor
#: cannot see it: listed here for the catalogues (``[required]`` in an option's help)
_CLICK_WORDS = (i18n.N_("required"),)


def localize(command: click.Command, ctx: click.Context) -> None:
    """Set the help texts of ``command`` and its options in the current language, and the
    usage line's ``[OPTIONS]`` and ``COMMAND [ARGS]...``."""
    command.options_metavar = i18n._(_OPTIONS_METAVAR)
    if isinstance(command, click.Group):
        command.subcommand_metavar = i18n._(_COMMAND_METAVAR)
    for attr in ("help", "short_help", "epilog"):
        text = _source(command, attr)
        if text is not None:
            setattr(command, attr, i18n._(text))
    for param in command.get_params(ctx):
        if isinstance(param, click.Option):
            text = _source(param, "help")
            if text is not None:
                param.help = i18n._(text)
