"""The ``hand`` and ``opening`` records: melds for people, and ``hand --format json``.

Kept apart from :mod:`remikcalc.render.results` (a scored deal's JSON), which loads the
scoring and settlement types: ``remikcalc hand`` imports only this.

:func:`hand_json_line` writes the INTERFACE.md object of ``hand --format json`` with a fixed
layout: every string in it is a card code or the variant's name, so no escaping is needed
beyond the name's, and it comes out exactly as ``render.to_json(record, lines=True)`` would
write it (a test checks this on random hands of every variant).

>>> from remikcalc.search import analyze_hand
>>> print(hand_json_line('"gin"', "AS 2S 3S 9C", analyze_hand("AS 2S 3S 9C")))
{"variant": "gin", "cards": "AS 2S 3S 9C", "melds": [["AS", "2S", "3S"]], "jokers": [], \
"deadwood": ["9C"], "points": 9, "discard": null}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from remikcalc.cards import CODES
from remikcalc.melds import Meld
from remikcalc.search.arrangement import Arrangement

__all__ = ["hand_json_line", "meld_text", "wilds_json"]

_QUOTED = tuple(f'"{code}"' for code in CODES)  # each card code as a JSON string


def meld_text(meld: Meld) -> str:
    """A meld for people, each wild card with what it stands for: ``7S JK=8S 9S``."""
    return " ".join(
        card.code if stand is None else f"{card.code}={stand.code}"
        for card, stand in zip(meld.cards, meld.stands_for, strict=True)
    )


def wilds_json(melds: Sequence[Meld]) -> list[dict[str, Any]]:
    """The ``jokers`` list of ``hand``/``opening --format json``: each wild card's meld and
    what it stands for."""
    return [
        {"meld": i, "stands_for": stand.code}
        for i, meld in enumerate(melds)
        for stand in meld.stands_for
        if stand is not None
    ]


def _codes(cards: Sequence[int]) -> str:
    return "[" + ", ".join(map(_QUOTED.__getitem__, cards)) + "]"


def hand_json_line(variant: str, cards: str, arrangement: Arrangement) -> str:
    """One ``hand --format json`` line; ``variant`` is the variant's name already written
    as JSON, ``cards`` the hand's canonical codes (plain ASCII)."""
    melds = arrangement.melds
    wilds = ", ".join(
        f'{{"meld": {i}, "stands_for": {_QUOTED[stand]}}}'
        for i, meld in enumerate(melds)
        for stand in meld.stands_for
        if stand is not None
    )
    discard = arrangement.discard
    return (
        f'{{"variant": {variant}, "cards": "{cards}", '
        f'"melds": [{", ".join([_codes(m.cards) for m in melds])}], "jokers": [{wilds}], '
        f'"deadwood": {_codes(arrangement.deadwood)}, "points": {arrangement.points}, '
        f'"discard": {"null" if discard is None else _QUOTED[discard]}}}'
    )
