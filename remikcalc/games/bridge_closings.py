"""The closings of remik bridge and what a hand shows (docs/RULES.md §3): a full colour, a
colour, figures, a remik, each with its rule keys ``<closing>_bonus`` and ``<closing>_stake``;
their names in sentences, and why a hand does not show a closing it claims. Part of the
bridge family's home, ``games/bridge.py``."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from remikcalc.cards.notation import Card, Rank, Suit
from remikcalc.games.result import OutcomeCode
from remikcalc.games.why import N_, Cards, Why, joined
from remikcalc.rules.variants import Rules
from remikcalc.search import Arrangement
from remikcalc.search.melds import can_meld, classify_meld

__all__ = [
    "CLOSINGS",
    "CLOSING_NAMES",
    "and_words",
    "closing_bonus",
    "closing_name",
    "closing_stake",
    "closings_shown",
    "not_shown",
]

# closings from the highest bonus down; knock is the fallback
CLOSINGS: tuple[OutcomeCode, ...] = ("full_colour", "colour", "figures", "remik")
CLOSING_NAMES = {
    "full_colour": N_("a full colour"),
    "colour": N_("a colour"),
    "figures": N_("figures"),
    "remik": N_("a remik"),
    "knock": N_("a knock"),
}
_SUIT_NAMES = {
    Suit.CLUBS: N_("clubs"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.HEARTS: N_("hearts"),
    Suit.SPADES: N_("spades"),
}
_COURTS = (Rank.JACK, Rank.QUEEN, Rank.KING)


def closing_bonus(rules: Rules, closing: str) -> int:
    """The rule key ``<closing>_bonus`` (remik_bonus, colour_bonus, ...); 0 for a knock."""
    bonus: int = getattr(rules, f"{closing}_bonus") if closing in CLOSINGS else 0
    return bonus


def closing_stake(rules: Rules, closing: str) -> Decimal:
    """The rule key ``<closing>_stake``: what each other player pays the closer."""
    stake: Decimal = getattr(rules, f"{closing}_stake")
    return stake


def closing_name(closing: str) -> Why:
    return Why(CLOSING_NAMES[closing])


def and_words(words: Sequence[Why]) -> Why:
    """'clubs, hearts and spades', in the language of the sentence it goes in."""
    return words[0] if len(words) == 1 else joined(words)


def suits_of(cards: Sequence[Card]) -> list[Suit]:
    return sorted({c.suit for c in cards if not c.is_joker}, key=lambda s: s.order)


def is_colour(cards: Sequence[Card]) -> bool:
    return len(suits_of(cards)) == 1


def is_figures(cards: Sequence[Card]) -> bool:
    naturals = [c for c in cards if not c.is_joker]
    return bool(naturals) and all(c.rank in _COURTS for c in naturals)


def is_full_colour(cards: Sequence[Card], rules: Rules) -> bool:
    if not is_colour(cards) or not can_meld(tuple(cards), rules):
        return False
    return classify_meld(tuple(cards), rules).kind == "run"


def closings_shown(
    cards: Sequence[Card], arrangement: Arrangement, rules: Rules
) -> list[OutcomeCode]:
    """The special closings a 10-card hand shows, highest bonus first (ties: colour first)."""
    shown: list[OutcomeCode] = []
    if is_full_colour(cards, rules):
        shown.append("full_colour")
    if is_colour(cards):
        shown.append("colour")
    if is_figures(cards):
        shown.append("figures")
    if not arrangement.deadwood:
        shown.append("remik")
    order = {name: i for i, name in enumerate(CLOSINGS)}
    return sorted(
        shown, key=lambda c: (-closing_bonus(rules, c), -closing_stake(rules, c), order[c])
    )


def not_shown(
    closer: str, claim: str, cards: Sequence[Card], arrangement: Arrangement, rules: Rules
) -> Why:
    """Why the hand does not show the claimed closing, as a sentence."""
    fields = dict(closer=closer, closing=closing_name(claim))
    suits = suits_of(cards)
    if claim in ("colour", "full_colour") and len(suits) > 1:
        return Why(
            N_("{closer} claims {closing}, but the hand holds {suits}"),
            suits=and_words([Why(_SUIT_NAMES[s]) for s in suits]),
            **fields,
        )
    if claim == "full_colour" and suits:  # (a hand of jokers alone names no suit)
        return Why(
            N_("{closer} claims {closing}, but the hand is not one unbroken run of {suit}"),
            suit=Why(_SUIT_NAMES[suits[0]]),
            **fields,
        )
    if claim == "figures":
        low = Cards(c for c in cards if not c.is_joker and c.rank not in _COURTS)
        return Why(
            N_(
                "{closer} claims {closing}, but the hand holds {cards} "
                "(figures are J, Q and K only)"
            ),
            cards=low,
            **fields,
        )
    if claim == "remik":
        return Why(
            N_("{closer} claims {closing}, but {points} is left unmatched ({cards})"),
            points=arrangement.points,
            cards=Cards(arrangement.deadwood),
            **fields,
        )
    return Why(N_("{closer} claims {closing}, but the hand does not show it"), **fields)
