"""The deal inputs shared by ``round`` and ``add`` as click options, built from
:data:`remikcalc.rules.dealinput.FIELDS` (:func:`deal_options`, :func:`deal_values`).

Apart from :mod:`remikcalc.commands.common` so that commands taking no deal (``hand``,
``opening``, ``settle``...) do not load :mod:`remikcalc.rules.dealinput` through it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import click

from remikcalc.base.errors import DealError
from remikcalc.base.i18n import _
from remikcalc.commands.common import F, split_assignments
from remikcalc.rules.dealinput import FIELD, FIELDS, InputField, Kind

# Deal inputs that are not options of ``deal_options``: hands are the NAME=CARDS arguments, and
# only ``add`` takes points (its ``--score``, declared there with this field's help).
NOT_OPTIONS = ("hands", "scores")


def _option_order(f: InputField) -> int:
    """Values first, then per-player lists, then switches (the order of ``--help``)."""
    return 2 if f.kind is Kind.FLAG else 1 if f.per_player else 0


class OutcomeOption(click.Option):
    """``--how``: its help lists each variant's outcomes in the words of the language spoken
    (:func:`~remikcalc.rules.dealinput.outcomes_help`, from ``FamilySpec.outcomes``), filled
    in when the help is shown, after it is translated."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        from remikcalc.rules.dealinput import outcomes_help

        text = self.help
        if text is not None and "{outcomes}" in text:
            self.help = text.format(outcomes=outcomes_help())
        try:
            return super().get_help_record(ctx)
        finally:
            self.help = text


def deal_option(f: InputField) -> Callable[[F], F]:
    """The click option of one deal input, described by its :class:`InputField`."""
    decls = [f.option, *([f.short] if f.short else []), f.name]
    if f.kind is Kind.OUTCOME:
        return click.option(*decls, cls=OutcomeOption, default=None, metavar=f.metavar, help=f.help)
    if f.kind is Kind.FLAG:
        return click.option(*decls, is_flag=True, help=f.help)
    if f.per_player:
        return click.option(*decls, multiple=True, metavar=f.metavar, help=f.help)
    return click.option(
        *decls, type=int if f.kind is Kind.COUNT else None, default=None, help=f.help
    )


DEAL_OPTIONS = tuple(sorted((f for f in FIELDS if f.name not in NOT_OPTIONS), key=_option_order))


def deal_options(func: F) -> F:
    """The deal inputs shared by ``round`` and ``add`` (see docs/INTERFACE.md), from FIELDS.

    The command receives them together as ``deal``: the option values by field name, as click
    gives them (a per-player option is a tuple of ``NAME=VALUE``; see :func:`deal_values`).
    """

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        deal = {f.name: kwargs.pop(f.name) for f in DEAL_OPTIONS}
        return func(*args, deal=deal, **kwargs)

    for f in reversed(DEAL_OPTIONS):
        wrapper = deal_option(f)(wrapper)
    return wrapper  # type: ignore[return-value]


def deal_values(deal: Mapping[str, Any]) -> dict[str, Any]:
    """``deal``'s options as :class:`~remikcalc.rules.dealinput.DealInput` keywords: each per-player
    option's ``NAME=VALUE`` items become a mapping (a name twice is an error), whole numbers
    for a per-player number (``--count``: None when not given)."""
    values: dict[str, Any] = {}
    for name, value in deal.items():
        f = FIELD[name]
        if f.kind is Kind.POINTS:
            values[name] = whole_numbers(f, value)
        elif f.per_player:
            values[name] = split_assignments(value, f.option)
        else:
            values[name] = value
    return values


def whole_numbers(f: InputField, items: Sequence[str]) -> dict[str, int] | None:
    """A per-player number option's ``NAME=N`` items (``--count Vera=23``) as a mapping of
    whole numbers, None when none is given; a value that is not one is refused, typed
    (``count_not_whole``)."""
    if not items:
        return None
    out: dict[str, int] = {}
    for name, text in split_assignments(items, f.option).items():
        try:
            out[name] = int(text.strip(), 10)
        except ValueError:
            raise DealError(
                _("{option} {name}={value}: {value!r} is not a whole number").format(
                    option=f.option, name=name, value=text
                ),
                code=f.code("not_whole", "not_a_number"),
                field=f.name,
                player=name,
            ) from None
    return out
