"""The ``hand`` and ``opening`` records: melds for people, and ``hand --format json``.

Kept apart from :mod:`remikcalc.render.results` (a scored deal's JSON), which loads the
scoring and settlement types: ``remikcalc hand`` imports only this.

:func:`hand_json_line` writes the docs/INTERFACE.md object of ``hand --format json`` with a fixed
layout: every string in it is a card code or the variant's name, so no escaping is needed
beyond the name's, and it comes out exactly as ``render.to_json(record, lines=True)`` would
write it (a test checks this on random hands of every variant).

:func:`caught_text` is the line ``hand`` adds in the going-out games (rummy, polish,
remibrydż, boat, rummy 500, continental): a player caught with cards when another goes out
counts every card he holds, melds not yet laid included (docs/RULES.md §0.3), so the hand's
``points`` (what stays unmatched after laying the best melds) is not what he would lose now.

>>> from remikcalc.search import analyze_hand
>>> print(hand_json_line('"gin"', "AS 2S 3S 9C", analyze_hand("AS 2S 3S 9C")))
{"variant": "gin", "cards": "AS 2S 3S 9C", "melds": [["AS", "2S", "3S"]], "jokers": [], \
"deadwood": ["9C"], "points": 9, "discard": null}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from remikcalc.base.i18n import N_, _
from remikcalc.cards.notation import CODES, Card
from remikcalc.rules.families import load
from remikcalc.rules.ruleset import Rules
from remikcalc.search.arrangement import Arrangement
from remikcalc.search.melds import Meld, hand_value

__all__ = ["caught_text", "hand_json_line", "meld_text", "wilds_json"]

_QUOTED = tuple(f'"{code}"' for code in CODES)  # each card code as a JSON string


def meld_text(meld: Meld, *, people: bool = False) -> str:
    """A meld, each wild card with what it stands for: ``7S JK=8S 9S`` in codes (plain
    output), or with ``people`` in the players' notation (``cardtext``: ``7♠ JK=8♠ 9♠``)."""
    if people:
        from remikcalc.cards.text import card_text

        def name(card: Card) -> str:
            return card_text(card)
    else:

        def name(card: Card) -> str:
            return CODES[card]

    return " ".join(
        name(card) if stand is None else f"{name(card)}={name(stand)}"
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


def caught_text(rules: Rules, cards: Sequence[Card]) -> str | None:
    """The ``Caught:`` line for a hand, or None in the knock games (where the deadwood is
    already what the hand costs).

    >>> from remikcalc.cards.notation import parse_cards
    >>> from remikcalc.rules.variants import get_rules
    >>> print(caught_text(get_rules("rummy"), parse_cards("9C 9D 9H KS 2C")))  # doctest: +ELLIPSIS
    Caught:   39 if another player goes out now (every card counts, melds too; 78 if another ...)
    >>> caught_text(get_rules("gin"), parse_cards("9C 9D 9H KS 2C")) is None
    True
    """
    if not rules.melds_in_hand_count:  # knock games and bridge: melds in hand count 0
        return None
    # the label is padded to the width of the table's labels above it (`Deadwood: `)
    head = caught_label()
    if rules.spec.caught_cost is not None:  # the family counts it its own way (continental)
        from remikcalc.scoring.why import reason_text

        # loaded only here, so that ``hand`` loads no scoring code for the other families
        counted: Callable[[Rules, Sequence[Card]], tuple[int, str] | None]
        counted = load(rules.spec.caught_cost)
        cost = counted(rules, cards)
        if cost is None:  # paid by what the winner laid (continental's chips)
            return head + _(
                "the winner's chips if another player goes out now (counted from the winner's "
                "melds, not from these cards)"
            )
        paid, how = cost
        return head + _("{count} if another player goes out now ({how})").format(
            count=paid, how=reason_text(how)
        )
    count = hand_value(cards, rules)
    notes = [_("every card counts, melds too")]
    if rules.pair_rule:
        notes = [_("every card counts, melds too, one per rank (pair rule)")]
    if "plus" in rules.spec.inputs:  # boat: the winner's plus points come on top
        notes.append(_("plus the winner's plus points"))
    if rules.spec.one_go_counts and rules.one_go_multiplier != 1:
        doubled = count * rules.one_go_multiplier
        notes.append(_("{count} if another player goes out in one go").format(count=doubled))
    return head + _("{count} if another player goes out now ({how})").format(
        count=count, how="; ".join(notes)
    )


#: the labels of ``hand``'s table, in the order shown (translated where shown)
HAND_LABELS = (N_("Hand:"), N_("Melds:"), N_("Deadwood:"), N_("Points:"), N_("Discard:"))


def label_width() -> int:
    """The width of ``hand``'s labels column in the language spoken (10 in English)."""
    return max(len(_(label)) for label in (*HAND_LABELS, N_("Caught:"))) + 1


def caught_label() -> str:
    """``Caught:`` padded to the labels column."""
    return f"{_('Caught:'):<{label_width()}}"
