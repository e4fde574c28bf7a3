"""A sheet entry from the command line and back: shared by ``add``, ``edit`` and ``undo``.

- :func:`entry_options`: the options of one entry (the deal options of :func:`deal_options`,
  ``--score NAME=N`` and ``--reenter NAME``); the hands are each command's own argument;
- :func:`entry_from_options`: the :class:`~remikcalc.sheet.model.Entry` those options give;
- :func:`add_command`: the ``remikcalc add ...`` line that gives an entry again, written from
  :data:`~remikcalc.rules.dealinput.FIELDS` (what ``undo`` prints).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from remikcalc.base.i18n import _
from remikcalc.commands.common import join_hands, split_assignments
from remikcalc.commands.dealoptions import deal_options, deal_values, whole_numbers
from remikcalc.rules.dealinput import FIELD, FIELDS, Kind, outcome_from_words
from remikcalc.sheet.model import DealEntry, Entry, ReentryEntry

__all__ = ["SCORE_OPTION", "add_command", "entry_from_options", "entry_options"]

F = TypeVar("F", bound=Callable[..., Any])

#: ``add``'s option for a points-only deal (the field is ``scores``; the option is singular,
#: given once per player).
SCORE_OPTION = FIELD["scores"].option
REENTER_OPTION = "--reenter"


def entry_options(func: F) -> F:
    """:func:`deal_options`, ``--score`` and ``--reenter``; the command receives ``deal``,
    ``score`` and ``reenter`` (give them to :func:`entry_from_options`)."""
    func = click.option(
        REENTER_OPTION, default=None, metavar="NAME", help="Bridge: NAME re-enters the game."
    )(func)
    func = click.option(
        SCORE_OPTION,
        "score",
        multiple=True,
        metavar=FIELD["scores"].metavar,
        help=FIELD["scores"].help,
    )(func)
    return deal_options(func)


def entry_from_options(
    hands: Sequence[str], score: Sequence[str], reenter: str | None, deal: dict[str, Any]
) -> Entry:
    """The entry the options describe; ``deal`` holds the :func:`deal_options` values."""
    typed = split_assignments(join_hands(hands), "hand")
    scores = whole_numbers(FIELD["scores"], score)
    inputs = deal_values(deal)
    if inputs.get("how") is not None:  # the words of the language too: z ręki, за один приём
        inputs["how"] = outcome_from_words(inputs["how"])
    if reenter is not None:
        if typed or scores or any(inputs.values()):
            raise click.UsageError(
                _(
                    "--reenter is an entry of its own: give it without "
                    "hands, scores or other deal options"
                )
            )
        return ReentryEntry(reenter)
    if typed and scores is not None:
        raise click.UsageError(
            _(
                "a deal is entered either as hands (NAME=CARDS) or as "
                "points (--score NAME=N), not both"
            )
        )
    return DealEntry(hands=typed, scores=scores, **inputs)


def _pair(name: str, value: object) -> str:
    return f"{shlex.quote(name)}={shlex.quote(str(value))}"


def add_command(file: str, entry: Entry, *, again: bool = False) -> str:
    """The ``remikcalc add`` command line that puts ``entry`` back on the sheet ``file``
    (with ``--again`` when ``again``: the entry is the same as the one before it, which
    ``add`` refuses without it).

    Every deal input is written from :data:`FIELDS` by its kind (notes are not inputs and are
    not written).

    >>> add_command("g.yaml", DealEntry(closer="Anna", hands={"Anna": "9C 9D", "Boris": ""}))
    "remikcalc add g.yaml --closer Anna Anna='9C 9D' Boris=''"
    >>> add_command("my game.yaml", DealEntry(scores={"Anna": -5}))
    "remikcalc add 'my game.yaml' --score Anna=-5"
    >>> add_command("g.yaml", DealEntry(scores={"Anna": 10}), again=True)
    'remikcalc add g.yaml --again --score Anna=10'
    """
    words = ["remikcalc", "add", shlex.quote(file)]
    if again:
        words.append("--again")
    if isinstance(entry, ReentryEntry):
        return " ".join([*words, REENTER_OPTION, shlex.quote(entry.player)])
    hands: list[str] = []
    for f in FIELDS:
        value = getattr(entry, f.name)
        if value is None or value is False or (f.per_player and not value):
            continue
        if f.name == "hands":  # the NAME=CARDS arguments, after the options
            hands = [_pair(p, cards) for p, cards in value.items()]
        elif f.kind is Kind.FLAG:
            words.append(f.option)
        elif f.per_player:
            words.extend(f"{f.option} {_pair(p, v)}" for p, v in value.items())
        else:
            words.extend([f.option, shlex.quote(str(value))])
    return " ".join(words + hands)
