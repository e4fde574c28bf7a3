"""Options shared by several commands, declared once.

- :func:`output_options`: ``--format table|plain|json`` and its alias ``--json``;
- :func:`rules_options`: ``-v/--variant``, ``--preset``, ``--rule KEY=VALUE``;
- :func:`deal_options`: the deal inputs shared by ``round`` and ``add``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from remikcalc.errors import DealError

F = TypeVar("F", bound=Callable[..., Any])

FORMATS = ("table", "plain", "json")


def output_options(func: F) -> F:
    """Add ``--format`` and ``--json``; the command receives ``fmt``."""

    @click.option(
        "--format",
        "fmt",
        type=click.Choice(FORMATS, case_sensitive=False),
        default="table",
        show_default=True,
        help="table for people, plain for tab-separated text, json for tools.",
    )
    @click.option("--json", "json_flag", is_flag=True, help="Same as --format json.")
    @functools.wraps(func)
    def wrapper(*args: Any, fmt: str, json_flag: bool, **kwargs: Any) -> Any:
        return func(*args, fmt="json" if json_flag else fmt.lower(), **kwargs)

    return wrapper  # type: ignore[return-value]


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


def split_assignments(items: Sequence[str], what: str) -> dict[str, str]:
    """Parse ``NAME=VALUE`` items into an ordered mapping (a name twice is an error)."""
    result: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise DealError(f"{what} {item!r} must look like NAME=VALUE")
        if name in result:
            raise DealError(f"{what} for {name} is given twice")
        result[name] = value
    return result


def deal_options(func: F) -> F:
    """The deal inputs shared by ``round`` and ``add`` (see INTERFACE.md)."""
    options = [
        click.option(
            "--closer", "-c", default=None, help="Who ended the deal (knocked, went out)."
        ),
        click.option(
            "--how",
            default=None,
            help="Outcome, when it is not seen from the hands: knock, gin, big_gin, out, one_go, "
            "remik, colour, figures, full_colour, draw.",
        ),
        click.option("--upcard", default=None, help="Oklahoma: the deal's first up-card."),
        click.option("--plus", type=int, default=None, help="Boat: the winner's plus points."),
        click.option(
            "--melded",
            multiple=True,
            metavar="NAME=MELDS",
            help="Rummy 500: the melds a player laid this deal, grouped with |. Repeatable.",
        ),
        click.option("--draw", is_flag=True, help="The stock ran out: no winner."),
        click.option("--first-turn", is_flag=True, help="Continental chips: out on first turn."),
        click.option("--no-draw", is_flag=True, help="Continental chips: out before drawing."),
    ]
    for option in reversed(options):
        func = option(func)
    return func
