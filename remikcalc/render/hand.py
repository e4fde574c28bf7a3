"""What a hand costs if it is caught: the line ``hand`` adds in the going-out games.

In the going-out games (rummy, polish, remibrydż, boat, rummy 500, continental) a player
caught with cards when another goes out counts every card he holds, melds not yet laid
included (RULES.md §0.3), so the hand's ``points`` (what stays unmatched after laying the
best melds) is not what he would lose now. :func:`caught_text` says what he would.
"""

from __future__ import annotations

from collections.abc import Sequence

from remikcalc.cards import Card
from remikcalc.families import Family
from remikcalc.melds import hand_value
from remikcalc.variants import Rules

__all__ = ["caught_text"]


def caught_text(rules: Rules, cards: Sequence[Card]) -> str | None:
    """The ``Caught:`` line for a hand, or None in the knock games (where the deadwood is
    already what the hand costs).

    >>> from remikcalc.cards import parse_cards
    >>> from remikcalc.variants import get_rules
    >>> print(caught_text(get_rules("rummy"), parse_cards("9C 9D 9H KS 2C")))  # doctest: +ELLIPSIS
    Caught:   39 if another player goes out now (every card counts, melds too; 78 if he goes ...)
    >>> caught_text(get_rules("gin"), parse_cards("9C 9D 9H KS 2C")) is None
    True
    """
    if rules.melds_in_hand_count:  # knock games: melds in hand count 0
        return None
    head, now = "Caught:   ", " if another player goes out now"
    if rules.family is Family.CONTINENTAL:  # the loser pays by the payment rule, not by value
        if rules.payment == "chips":
            return f"{head}the winner's chips{now} (set by his melds, not by these cards)"
        from remikcalc.scoring.continental import per_card
        from remikcalc.scoring.deal import Hand

        paid, how = per_card(Hand(tuple(cards)), rules)
        return f"{head}{paid}{now} ({how})"
    count = hand_value(cards, rules)
    notes = ["every card counts, melds too"]
    if rules.pair_rule:
        notes = ["every card counts, melds too, one per rank (pair rule)"]
    if "plus" in rules.spec.inputs:  # boat: the winner's plus points come on top
        notes.append("plus the winner's plus points")
    if rules.spec.one_go_counts and rules.one_go_multiplier != 1:
        notes.append(f"{count * rules.one_go_multiplier} if he goes out in one go")
    return f"{head}{count}{now} ({'; '.join(notes)})"
