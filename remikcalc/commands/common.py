"""Options shared by several commands, declared once.

- :func:`output_options`: ``--format table|plain|csv|markdown|json`` and its alias ``--json``
  (``output_options(tables=False)``: ``table|plain|json``, for output that is not a table);
- :func:`rules_options`: ``-v/--variant``, ``--preset``, ``--rule KEY=VALUE``;
- :func:`join_hands`, :func:`split_assignments`: ``NAME=VALUE`` arguments.

The deal inputs shared by ``round`` and ``add`` are in :mod:`remikcalc.commands.dealoptions`:
they are built from :data:`remikcalc.rules.dealinput.FIELDS`, which ``hand``, ``opening`` and the
other commands importing this module do not need to load.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, overload

import click

from remikcalc.base.errors import DealError
from remikcalc.base.i18n import N_, _

F = TypeVar("F", bound=Callable[..., Any])

#: the formats of a command that prints tables (render.FORMATS, without importing render,
#: and ``csv-semicolon``: the csv drawn, then written for a spreadsheet that reads a decimal
#: comma)
FORMATS = ("table", "plain", "csv", "csv-semicolon", "markdown", "json")
#: the formats of a command whose output is not a table of rows (``hand``, ``new``, ...)
BASIC_FORMATS = ("table", "plain", "json")

# N_(): a help text the extractor cannot see as a literal help= (it is translated where shown)
_FORMAT_HELP = {
    FORMATS: N_(
        "table for people (fitted to the terminal width: COLUMNS, else 80), plain for "
        "tab-separated text, csv or markdown (pipe tables) to paste elsewhere, json for tools; "
        "csv-semicolon is csv for a spreadsheet set to a decimal comma (Polish, Russian): "
        "fields split by ';', numbers written 1,5."
    ),
    BASIC_FORMATS: N_("table for people, plain for tab-separated text, json for tools."),
}


def _output_options(func: F, formats: tuple[str, ...]) -> F:
    @click.option(
        "--format",
        "fmt",
        type=click.Choice(formats, case_sensitive=False),
        default="table",
        show_default=True,
        help=_FORMAT_HELP[formats],
    )
    @click.option("--json", "json_flag", is_flag=True, help="Same as --format json.")
    @functools.wraps(func)
    def wrapper(*args: Any, fmt: str, json_flag: bool, **kwargs: Any) -> Any:
        fmt = "json" if json_flag else fmt.lower()
        if fmt == "csv-semicolon":
            return _semicolon(func, *args, **kwargs)
        return func(*args, fmt=fmt, **kwargs)

    return wrapper  # type: ignore[return-value]


def _semicolon(func: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Run the command in ``csv`` and write what it printed as ``csv-semicolon``
    (:func:`remikcalc.render.semicolon_csv`): one place for every command's csv."""
    import contextlib
    import io

    from remikcalc.render import semicolon_csv

    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            result = func(*args, fmt="csv", **kwargs)
    finally:  # what was printed before an error is still shown
        if out.getvalue():
            click.echo(semicolon_csv(out.getvalue()), nl=False)
    return result


@overload
def output_options(func: F) -> F: ...
@overload
def output_options(*, tables: bool) -> Callable[[F], F]: ...
def output_options(func: F | None = None, *, tables: bool = True) -> F | Callable[[F], F]:
    """Add ``--format`` and ``--json``; the command receives ``fmt``.

    Every table format (csv and markdown too) by default, as ``@output_options``;
    ``@output_options(tables=False)`` offers only table, plain and json.
    """
    formats = FORMATS if tables else BASIC_FORMATS
    if func is None:
        return functools.partial(_output_options, formats=formats)
    return _output_options(func, formats)


def rules_options(*, variant_option: bool = True) -> Callable[[F], F]:
    """Add ``--preset`` and ``--rule`` (and ``-v/--variant`` unless the variant is an argument)."""

    def decorate(func: F) -> F:
        func = click.option(
            "--rule",
            "rule",
            multiple=True,
            metavar="KEY=VALUE",
            help="House-rule override, repeatable (see `remikcalc rules VARIANT`).",
        )(func)
        func = click.option("--preset", "-p", default=None, help="Preset of the variant.")(func)
        if variant_option:
            func = click.option(
                "--variant",
                "-v",
                default="gin",
                show_default=True,
                help="Variant name or alias (джин, remibrydż, ...).",
            )(func)
        return func

    return decorate


def join_hands(items: Sequence[str]) -> list[str]:
    """``NAME=CARDS`` arguments; a bare card after one continues that player's hand.

    So ``Anna=9C 9D 9H Boris=...`` typed without quotes still means what it says.
    """
    joined: list[str] = []
    for item in items:
        if "=" in item:
            joined.append(item)
        elif joined:
            joined[-1] += " " + item
        else:
            raise DealError(
                _('{item!r}: hands look like NAME=CARDS, e.g. Anna="9C 9D 9H | 5S 6S 7S"').format(
                    item=item
                ),
                code="bad_assignment",
                field="hands",
            )
    return joined


def _field(what: str) -> str:
    """The deal input that ``split_assignments`` items of ``what`` give (``--score``: scores)."""
    if what == "hand":
        return "hands"
    name = what.removeprefix("--").replace("-", "_")
    return "scores" if name == "score" else name


def split_assignments(items: Sequence[str], what: str) -> dict[str, str]:
    """Parse ``NAME=VALUE`` items into an ordered mapping (a name twice is an error).

    ``what`` names the items in an error: ``"hand"`` (the NAME=CARDS arguments) or an option.
    """
    result: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name:
            if what == "hand":
                message = _("hand {item!r} must look like NAME=VALUE")
            else:
                message = _("{option} {item!r} must look like NAME=VALUE")
            raise DealError(
                message.format(option=what, item=item), code="bad_assignment", field=_field(what)
            )
        if name in result:
            if what == "hand":
                message = _("hand for {name} is given twice")
            else:
                message = _("{option} for {name} is given twice")
            raise DealError(
                message.format(option=what, name=name),
                code="given_twice",
                field=_field(what),
                player=name,
            )
        result[name] = value
    return result


#: ``--dry-run`` on the commands that write a sheet (add, edit, delete, undo)
dry_run_option = click.option(
    "--dry-run",
    is_flag=True,
    help="Show what would be written and what it would change; write nothing.",
)
