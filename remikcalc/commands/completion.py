"""Shell completion that knows the game: bash, zsh and fish, through click's own mechanism.

The shell runs ``remikcalc`` with ``_REMIKCALC_COMPLETE=bash_complete`` (``zsh_complete``,
``fish_complete``) and the words typed so far in ``COMP_WORDS``/``COMP_CWORD``; click parses
them leniently (``resilient_parsing``) and asks the parameter under the cursor for candidates.

Completion goes by parameter *name*, so the command modules declare nothing for it:
:func:`teach` gives each known parameter of a command a completing type
(:class:`Completing`) when the lazy group loads it during completion (``main.LazyGroup``).
A new command whose sheet argument is called ``file`` and whose options are called
``--variant``, ``--rule``, ``--closer``, ... completes like the others.

Candidates:

- ``variant`` (option or argument): variant names and aliases;
- ``preset``: the presets of the variant given earlier on the line, or all of them;
- ``rule``: ``KEY=`` for every rule key, then the values of a key with a fixed set
  (true/false, ace_runs, shutout, ...);
- ``how``: the outcomes;
- ``closer``, ``reenter``, ``old`` (rename): player names read from the sheet named earlier
  on the line; ``scores`` (``--score``), ``counts`` (``--count``), ``melded``,
  ``melded_value`` and the ``hands`` arguments: ``NAME=``.

Anything that goes wrong while completing (no sheet yet, a broken sheet, an unknown variant)
gives no candidates: completion never prints an error or a traceback.

Bash splits a word at ``=`` (``COMP_WORDBREAKS``), so :class:`BashCompletion` joins
``KEY``, ``=``, ``VALUE`` back into one word before click reads them, and answers with the
part after the last ``=``, which is all that bash replaces. A candidate that ends in ``=``
(``Anna=``) is sent as type ``nospace`` in bash and zsh, so the cursor stays right after it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeAlias

import click
from click.shell_completion import (
    BashComplete,
    CompletionItem,
    FishComplete,
    ShellComplete,
    ZshComplete,
    add_completion_class,
    split_arg_string,
)

Candidates = Callable[[click.Context, str], Iterable[str | tuple[str, str]]]

#: a candidate as click sends it; generic from click 8.5, plain in 8.4 (the floor)
Item: TypeAlias = CompletionItem  # type: ignore[type-arg, unused-ignore]

if TYPE_CHECKING:  # generic in newer click only
    StringType = click.ParamType[Any]
else:
    StringType = click.ParamType


class Completing(StringType):
    """A string parameter type that completes with ``candidates``.

    It converts exactly as click's string type does, so parsing is unchanged.
    """

    name = "text"

    def __init__(self, base: StringType, candidates: Candidates) -> None:
        self.base = base
        self.candidates = candidates

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return self.base.convert(value, param, ctx)

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[Item]:
        try:
            found = list(self.candidates(ctx, incomplete))
        except Exception:  # completion offers nothing rather than an error
            return []
        items = []
        for entry in found:
            value, help_ = entry if isinstance(entry, tuple) else (entry, None)
            if value.casefold().startswith(incomplete.casefold()):
                items.append(CompletionItem(value, help=help_))
        return items


class AlsoFiles(Completing):
    """A sheet argument (a ``click.Path``) that, while ``REMIKCALC_SHEET`` names the sheet,
    also offers what may come in its place: the ``NAME=`` hands of ``add`` and ``edit``."""

    name = "path"

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[Item]:
        files = list(self.base.shell_complete(ctx, param, incomplete))
        return super().shell_complete(ctx, param, incomplete) + files


# --- what the line says so far --------------------------------------------------------------

#: the words of the line before the one being completed (set by the shells' classes below)
LINE: list[str] = []


def _param(ctx: click.Context, name: str) -> Any:
    """A value given earlier on the line to this command (or to the group above it).

    When the word before the cursor is an option still waiting for its value
    (``--closer ``), click stops parsing there and knows nothing of the rest: the line is then
    parsed again without that option.
    """
    value = ctx.params.get(name)
    if value is None and ctx.parent is not None and LINE[:1] == [ctx.info_name]:
        words = LINE[1:]
        if words and words[-1].startswith("-"):
            words = words[:-1]
        with ctx.command.make_context(
            ctx.info_name, words, parent=ctx.parent, resilient_parsing=True
        ) as again:
            value = again.params.get(name)
    if value is None and ctx.parent is not None:
        value = ctx.parent.params.get(name)
    return value


def _variant(ctx: click.Context) -> Any:
    """The variant named on the line (``-v``, or the VARIANT argument), else None."""
    from remikcalc.rules.variants import find_variant

    name = _param(ctx, "variant")
    if not isinstance(name, str):
        return None
    try:
        return find_variant(name)
    except Exception:
        return None


def _sheet_file(ctx: click.Context) -> str | None:
    """The sheet named earlier on the line, else the current sheet (``REMIKCALC_SHEET``,
    which a command takes when FILE is left out); None when there is no such file."""
    from remikcalc.commands.current import env_sheet

    file = _param(ctx, "file")
    if not isinstance(file, str) or not os.path.isfile(file):
        file = env_sheet() if "file" in {p.name for p in ctx.command.params} else None
    return file if file is not None and os.path.isfile(file) else None


def _sheet(ctx: click.Context) -> Any:
    """The sheet of :func:`_sheet_file`, loaded; None if there is none or it does not load."""
    file = _sheet_file(ctx)
    if file is None:
        return None
    try:
        from remikcalc.sheet import load_sheet

        return load_sheet(file)
    except Exception:  # a broken or half-written sheet: nothing to offer
        return None


def players(ctx: click.Context) -> list[str]:
    """The players of the sheet named earlier on the line (or the current sheet); none if it
    does not load."""
    sheet = _sheet(ctx)
    return [] if sheet is None else list(sheet.players)


# --- candidates ---------------------------------------------------------------------------------


def variant_names(ctx: click.Context, incomplete: str) -> list[tuple[str, str]]:
    from remikcalc.rules.variants import VARIANTS

    out: list[tuple[str, str]] = []
    for v in VARIANTS:
        out.append((v.name, v.title))
        out += [(alias, v.name) for alias in v.aliases if alias != v.name]
    return out


def preset_names(ctx: click.Context, incomplete: str) -> list[tuple[str, str]]:
    """The presets of the variant on the line; without one, every preset and its variants."""
    from remikcalc.rules.variants import VARIANTS

    chosen = _variant(ctx)
    owners: dict[str, list[str]] = {}
    for v in [chosen] if chosen is not None else VARIANTS:
        for preset in v.presets:
            owners.setdefault(preset, []).append(v.name)
    return [(preset, ", ".join(names)) for preset, names in owners.items()]


def _rule_values(key: str) -> tuple[str, ...]:
    import dataclasses

    from remikcalc.rules.ruleset import CHOICES, Rules

    if key in CHOICES:
        return CHOICES[key]
    kinds = {f.name: str(f.type) for f in dataclasses.fields(Rules)}
    if kinds.get(key) == "bool":
        return ("true", "false")
    return ()


def rule_items(ctx: click.Context, incomplete: str) -> list[str | tuple[str, str]]:
    """``KEY=`` before the ``=``; after it, the key's fixed values (if it has any)."""
    from remikcalc.base.i18n import _
    from remikcalc.rules.ruleset import RULE_DOCS

    key, sep, _rest = incomplete.partition("=")
    if sep:
        key = key.strip().lower().replace("-", "_")
        return [f"{key}={value}" for value in _rule_values(key)]
    fixed = ("variant", "family", "melds_in_hand_count")
    return [(f"{k}=", _(doc)) for k, doc in RULE_DOCS.items() if k not in fixed]


def outcomes(ctx: click.Context, incomplete: str) -> list[tuple[str, str]]:
    """The outcomes of the sheet's variant (or of the variant on the line; else all), each
    with its name in the language spoken (``FamilySpec.outcomes``)."""
    from remikcalc.rules.dealinput import outcome_text
    from remikcalc.rules.families import OUTCOMES

    codes: tuple[str, ...] = OUTCOMES
    sheet = _sheet(ctx)
    variant = _variant(ctx)
    try:
        if sheet is not None:
            codes = sheet.game_rules().spec.outcomes
        elif variant is not None:
            codes = variant.rules.spec.outcomes
    except Exception:  # rules that do not load: every outcome
        codes = OUTCOMES
    return [(code, outcome_text(code)) for code in codes]


def player_names(ctx: click.Context, incomplete: str) -> list[str]:
    return players(ctx)


def current_hands(ctx: click.Context, incomplete: str) -> list[str]:
    """In place of FILE (left out: ``REMIKCALC_SHEET``): the ``NAME=`` hands of its players."""
    from remikcalc.commands.current import env_sheet

    if env_sheet() is None or "=" in incomplete:
        return []
    return player_assignments(ctx, incomplete)


def entry_or_hands(ctx: click.Context, incomplete: str) -> list[str]:
    """``edit``'s N: after FILE nothing to offer (a number); with FILE left out, N came first
    and this is a hand: ``NAME=``."""
    from remikcalc.commands.current import is_address

    file = _param(ctx, "file")
    return player_assignments(ctx, incomplete) if is_address(file) else []


def player_assignments(ctx: click.Context, incomplete: str) -> list[str]:
    """``NAME=`` for each player; nothing once the ``=`` is typed (cards and points are free)."""
    if "=" in incomplete:
        return []
    return [f"{name}=" for name in players(ctx)]


#: parameter name -> what completes it
BY_NAME: dict[str, Candidates] = {
    "variant": variant_names,
    "preset": preset_names,
    "rule": rule_items,
    "how": outcomes,
    "closer": player_names,
    "reenter": player_names,
    "old": player_names,
    "score": player_assignments,
    "counts": player_assignments,
    "melded": player_assignments,
    "melded_value": player_assignments,
    "hands": player_assignments,
    "n": entry_or_hands,
}


def teach(command: click.Command) -> None:
    """Give the parameters of ``command`` that :data:`BY_NAME` knows their completion.

    Only plain string parameters are changed (a ``click.Path`` or ``click.Choice`` completes
    already); a parameter that was taught keeps its type.
    """
    names = {param.name for param in command.params}
    for param in command.params:
        if isinstance(param.type, Completing):
            continue
        hands_next = "hands" in names and "n" not in names  # add: FILE, then the hands
        if param.name == "file" and hands_next and isinstance(param.type, click.Path):
            param.type = AlsoFiles(param.type, current_hands)
            continue
        candidates = BY_NAME.get(param.name or "")
        if candidates is None:
            continue
        if isinstance(param.type, click.types.StringParamType):
            param.type = Completing(param.type, candidates)


# --- the shells ---------------------------------------------------------------------------------


def _join_at_equals(words: list[str], cword: int) -> tuple[list[str], int, str]:
    """Bash's words with ``KEY``, ``=``, ``VALUE`` joined back into ``KEY=VALUE``.

    Returns the words, the index of the word under the cursor (one past the end when the
    cursor starts a new word), and the text up to that word's last ``=``: bash replaces only
    what follows it.
    """
    joined: list[str] = []
    index: int | None = None
    after_equals = False
    for i, word in enumerate(words):
        if word == "=" and i > 1 and joined:
            joined[-1] += "="
            after_equals = True
        elif after_equals:
            joined[-1] += word
            after_equals = False
        else:
            joined.append(word)
        if i == cword:
            index = len(joined) - 1
    if index is None:
        index = len(joined)
    current = joined[index] if index < len(joined) else ""
    return joined, index, current[: current.rfind("=") + 1]


class _Remembering(ShellComplete):
    """Keeps the words of the line in :data:`LINE` for the candidates that need them."""

    def get_completions(self, args: list[str], incomplete: str) -> list[Item]:
        LINE[:] = args
        return super().get_completions(args, incomplete)


#: characters bash reads specially on a command line, escaped with a backslash in a candidate
_SHELL_SPECIAL = re.compile(r"[\s'\"\\$`!&;|<>()*?\[\]#~{}]")


class BashCompletion(_Remembering, BashComplete):
    """click's bash completion, with words split at ``=`` joined again and ``NAME=`` kept
    without a trailing space."""

    source_template = BashComplete.source_template.replace(
        "        elif [[ $type == 'plain' ]]; then\n            COMPREPLY+=($value)\n",
        "        elif [[ $type == 'plain' ]]; then\n            COMPREPLY+=($value)\n"
        "        elif [[ $type == 'nospace' ]]; then\n            COMPREPLY+=($value)\n"
        "            compopt -o nospace\n",
    )
    cut = ""

    def get_completion_args(self) -> tuple[list[str], str]:
        words = split_arg_string(os.environ["COMP_WORDS"])
        cword = int(os.environ["COMP_CWORD"])
        joined, index, self.cut = _join_at_equals(words, cword)
        args = joined[1:index]
        incomplete = joined[index] if index < len(joined) else ""
        return args, incomplete

    def format_completion(self, item: Item) -> str:
        value = str(item.value)
        if self.cut and value.startswith(self.cut):
            value = value[len(self.cut) :]
        kind = "nospace" if item.type == "plain" and value.endswith("=") else item.type
        if item.type == "plain":  # bash inserts the text as it is: a space would split a name
            # escaped for the command line; doubled, as the script's `read` removes one level
            value = _SHELL_SPECIAL.sub(lambda m: "\\\\" + m.group(), value)
        return f"{kind},{value}"


class ZshCompletion(_Remembering, ZshComplete):
    """click's zsh completion, with ``NAME=`` candidates added without a trailing space."""

    source_template = ZshComplete.source_template.replace(
        '        elif [[ "$type" == "dir" ]]; then\n',
        '        elif [[ "$type" == "nospace" ]]; then\n'
        "            compadd -U -V unsorted -S '' -- \"$key\"\n"
        '        elif [[ "$type" == "dir" ]]; then\n',
    )

    def format_completion(self, item: Item) -> str:
        text = super().format_completion(item)
        if item.type == "plain" and str(item.value).endswith("="):
            return "nospace" + text[len("plain") :]
        return text


class FishCompletion(_Remembering, FishComplete):
    """click's fish completion (fish adds no space after a candidate that ends in ``=``)."""


def install() -> None:
    """Use these shells' classes for ``_REMIKCALC_COMPLETE``."""
    add_completion_class(BashCompletion, "bash")
    add_completion_class(ZshCompletion, "zsh")
    add_completion_class(FishCompletion, "fish")
