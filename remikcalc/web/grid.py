"""The tap grid: the variant's pack as cards a phone taps, and the cards a form already holds.

A grid shows the pack of the sheet's rules in two rows of seven per suit (A-7, 8-K), then the
jokers; each card knows how many copies the pack has, how many this hand holds and how many the
other hands hold, so that a card none is left of is greyed out. A card tapped twice (two packs)
is posted twice: two copies.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from remikcalc.base.errors import RemikcalcError
from remikcalc.cards.notation import CODES, JOKER, Card, Rank, Suit, parse_cards
from remikcalc.cards.text import card_text
from remikcalc.rules.ruleset import Rules

__all__ = ["GRID_SUITS", "VALID_CODES", "GridCard", "card_counts", "grid", "upcard_grid"]

#: the card codes a tap may post
VALID_CODES = frozenset(CODES)
#: the suits in the grid's order: black and red in turn
GRID_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
_RED = (Suit.HEARTS, Suit.DIAMONDS)


@dataclass(frozen=True, slots=True)
class GridCard:
    """One card of the tap grid: how many copies the pack has, how many this hand holds and
    how many the other hands hold."""

    code: str
    text: str
    red: bool
    #: starts a suit's row (the ace) or the jokers' row
    first: bool
    copies: int
    own: int = 0
    others: int = 0
    #: the others' count the phone keeps fixed (cards typed, or held on other phones); the
    #: taps in the other grids of the page it counts itself
    fixed: int = 0

    @property
    def free(self) -> int:
        """How many copies this hand may hold now."""
        return max(self.copies - self.others, self.own, 0)


def card_counts(text: str) -> Counter[str]:
    """The cards of a typed text by code (none when it does not read as cards yet).

    >>> card_counts("QH qh | 10S"), card_counts("not cards")
    (Counter({'QH': 2, 'TS': 1}), Counter())
    """
    if not text.strip():
        return Counter()
    try:
        return Counter(CODES[c] for c in parse_cards(text.replace("|", " ")))
    except RemikcalcError:
        return Counter()


def _card(
    card: Card, copies: int, own: Counter[str], others: Mapping[str, int], fixed: Mapping[str, int]
) -> GridCard:
    code = CODES[card]
    red = not card.is_joker and card.suit in _RED
    first = card.is_joker or card.rank is Rank.ACE
    return GridCard(
        code,
        card_text(card),
        red,
        first,
        copies,
        own[code],
        others.get(code, 0),
        fixed.get(code, 0),
    )


def grid(
    rules: Rules,
    own: Iterable[str],
    others: Mapping[str, int],
    fixed: Mapping[str, int] | None = None,
) -> list[GridCard]:
    """The pack of ``rules`` as cards: two rows of seven per suit (A-7, 8-K), then the jokers
    (one card, as many copies as the pack has)."""
    mine = Counter(own)
    kept = others if fixed is None else fixed
    cards = [
        _card(Card.of(rank, suit), rules.decks, mine, others, kept)
        for suit in GRID_SUITS
        for rank in Rank
    ]
    if rules.jokers:
        cards.append(_card(JOKER, rules.jokers, mine, others, kept))
    return cards


def upcard_grid() -> list[GridCard]:
    """The cards an up-card can be: one of each, no joker."""
    return [
        _card(Card.of(rank, suit), 1, Counter(), {}, {}) for suit in GRID_SUITS for rank in Rank
    ]
