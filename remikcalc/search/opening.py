"""The first meld of a deal: can this hand open, with which melds, for how much?

In remibrydż (and any variant with ``first_meld_min``) a player's first meld of a deal must
be worth at least the minimum, counting only his own new melds (no lay-offs before opening).
Melds are valued as on the table: a joker as the card it stands for, an ace 1 before a 2 and
``ace_value`` (11) after a king or in a set.

The best opening is the set of melds of greatest total value. A turn always ends with a
discard, so when the hand holds the drawn card (more than ``hand_size`` cards) the opening
must leave at least one card to throw; a hand typed before drawing may meld every card (the
drawn card will be the discard). A hand typed grouped with ``|`` is taken as the opening
the player means: groups of three or more must be legal melds, smaller groups stay in hand.

>>> from remikcalc.cards.notation import parse_groups
>>> from remikcalc.rules.variants import get_rules
>>> o = opening_from_groups(parse_groups("AD 2D JK | 8D 8C 8H | 7S 8S 9S TS"),
...                         get_rules("remibrydz"))
>>> o.values, o.value, o.can_open
((6, 24, 34), 64, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from remikcalc.base.errors import DealError
from remikcalc.base.i18n import N_, _, ngettext
from remikcalc.cards.notation import Card, check_pack
from remikcalc.rules.ruleset import Rules
from remikcalc.search.melds import Meld, meld_reason, split_groups

__all__ = ["Opening", "best_opening", "opening_from_groups"]


@dataclass(frozen=True, slots=True)
class Opening:
    """An opening: the melds, their values, the cards left, and whether it is enough.

    ``minimum`` is the rule's first-meld minimum (None: any legal meld opens).
    ``why`` says in a sentence why the hand cannot open ('' when it can), in English as the
    JSON writes it; ``why_text`` is the same sentence in the language spoken when the opening
    was judged, for people.
    """

    cards: tuple[Card, ...]
    melds: tuple[Meld, ...]
    values: tuple[int, ...]
    left: tuple[Card, ...]
    minimum: int | None
    can_open: bool
    why: str = ""
    why_text: str = ""

    @property
    def value(self) -> int:
        return sum(self.values)


def _check_hand(cards: Sequence[Card], rules: Rules) -> None:
    if not cards:
        raise DealError(
            _("the hand is empty; type the cards, e.g. AD 2D JK 8D 8C 8H"),
            code="empty_hand",
            field="hands",
        )
    check_pack(cards, decks=rules.decks, jokers=rules.jokers, variant=rules.variant)
    if len(cards) > rules.hand_size + 1:
        typed = ngettext("{n} card typed", "{n} cards typed", len(cards)).format(n=len(cards))
        raise DealError(
            _(
                "{typed}, but a {variant} hand holds at most {most} ({dealt} dealt + 1 drawn)"
            ).format(
                typed=typed, variant=rules.variant, most=rules.hand_size + 1, dealt=rules.hand_size
            ),
            code="hand_size",
            field="hands",
            details={"n": len(cards), "most": rules.hand_size + 1},
        )


def _judge(
    cards: tuple[Card, ...], melds: Sequence[Meld], left: Sequence[Card], rules: Rules
) -> Opening:
    values = tuple(int(m.value(rules)) for m in melds)
    total = sum(values)
    minimum = rules.first_meld_min
    why = ""
    if not melds:
        why = N_("the hand holds no meld")
    elif minimum is not None and total < minimum:
        why = N_("the best melds are worth {total}, less than the {minimum} needed")
    elif not left and len(cards) > rules.hand_size:
        why = N_("every card is melded, so none is left to discard")
    facts = {"total": total, "minimum": minimum}
    return Opening(
        cards=cards,
        melds=tuple(melds),
        values=values,
        left=tuple(left),
        minimum=minimum,
        can_open=not why,
        why=why.format(**facts),
        why_text=_(why).format(**facts) if why else "",
    )


def _remove(cards: Sequence[Card], melds: Sequence[Meld]) -> tuple[Card, ...]:
    rest = Counter(cards)
    rest.subtract(c for m in melds for c in m.cards)
    return tuple(c for c in sorted(rest.elements()))


def _best_melds(cards: tuple[Card, ...], rules: Rules) -> tuple[Meld, ...]:
    from remikcalc.search import best_value_melds

    return best_value_melds(cards, rules).melds


def _worth(melds: Sequence[Meld], rules: Rules) -> int:
    return sum(int(m.value(rules)) for m in melds)


def best_opening(cards: Sequence[Card], rules: Rules) -> Opening:
    """The opening of greatest value the hand can make (see the module doc).

    >>> from remikcalc.cards.notation import parse_cards
    >>> from remikcalc.rules.variants import get_rules
    >>> best_opening(parse_cards("KS KH KD 5C 9D"), get_rules("remibrydz")).value
    30
    """
    hand = tuple(cards)
    _check_hand(hand, rules)
    melds = _best_melds(hand, rules)
    if len(hand) > rules.hand_size and not _remove(hand, melds):
        # Everything melds, but a card must be kept for the discard: the best opening is
        # the best one on the hand without one card (any card, tried in turn).
        best: tuple[Meld, ...] = ()
        for card in sorted(set(hand)):
            rest = list(hand)
            rest.remove(card)
            found = _best_melds(tuple(rest), rules)
            if _worth(found, rules) > _worth(best, rules):
                best = found
        melds = best
    return _judge(hand, melds, _remove(hand, melds), rules)


def opening_from_groups(groups: Sequence[Sequence[Card]], rules: Rules) -> Opening:
    """The opening typed as groups: groups of 3+ are melds (checked), the rest stay in hand
    (the last group may hold them, as in a hand: ``split_groups``)."""
    from remikcalc.search import meld_inside

    hand = tuple(c for g in groups for c in g)
    _check_hand(hand, rules)
    melds, left = split_groups(
        groups,
        rules,
        lambda _n, group, exc: meld_reason(group, exc),
        meld_inside=lambda cards: meld_inside(cards, rules),
    )
    return _judge(hand, melds, left, rules)
