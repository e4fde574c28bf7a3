"""Typed deal details: what each player showed, for ``round``/``add`` to explain a score.

A scoring family fills one :class:`PlayerDetail` per player (the hand, its melds with what
each wild card stands for, the unmatched cards, lay-offs, the count, and the few fields only
some families have) and a :class:`DealDetails` around them (the deal-level fields: knock
limit, closing, multiplier, ...). ``render/deal.py`` draws the table from these fields and
``render/results.py`` writes their JSON (``round --json``), a field left ``None`` being a key
left out. These types hold data only; none of them knows its JSON.

>>> from remikcalc.cards.notation import parse_cards
>>> from remikcalc.scoring.deal import Hand
>>> from remikcalc.rules.variants import get_rules
>>> from remikcalc.search.melds import classify_meld
>>> run = classify_meld(parse_cards("7S JK 9S"), get_rules("bridge"))
>>> detail = PlayerDetail(Hand(run.cards), melds=(MeldDetail.of(run),), count=0, wilds="jokers")
>>> [c.code for c in detail.stand_ins(detail.melds[0])]
['8S']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from remikcalc.cards.notation import Card
from remikcalc.rules.families import OutcomeCode
from remikcalc.rules.ruleset import PaymentRule
from remikcalc.scoring.deal import Hand
from remikcalc.search.melds import Meld

__all__ = ["DealDetails", "Knocking", "Layoff", "MeldDetail", "PlayerDetail", "WildReport"]

# How a family reports its wild cards (a choice of the JSON it has always written, which
# render/results.py writes):
# "jokers": every wild card in a ``jokers`` list, when there is one (knock, bridge);
# "jokers_and_deuces": ``jokers`` and ``wild_deuces`` lists, always (continental's winner);
# "none": no list; the melds carry the stand-ins, the output does not name them (rummy 500).
WildReport = Literal["jokers", "jokers_and_deuces", "none"]


@dataclass(frozen=True, slots=True)
class MeldDetail:
    """A meld as laid: ``stands_for[i]`` is the card a wild ``cards[i]`` stands for, else None."""

    cards: tuple[Card, ...]
    stands_for: tuple[Card | None, ...]

    @classmethod
    def of(cls, meld: Meld) -> MeldDetail:
        return cls(tuple(meld.cards), tuple(meld.stands_for))

    @classmethod
    def plain(cls, cards: Iterable[Card]) -> MeldDetail:
        """A meld with no wild card standing in (or none that is known)."""
        held = tuple(cards)
        return cls(held, (None,) * len(held))

    def wilds(self) -> list[tuple[Card, Card]]:
        """Each wild card and the card it stands for, in the meld's order."""
        return [(c, s) for c, s in zip(self.cards, self.stands_for, strict=True) if s is not None]


@dataclass(frozen=True, slots=True)
class Layoff:
    """A card laid off onto another player's meld."""

    card: Card
    onto: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PlayerDetail:
    """One player's part of a deal. Optional fields are ``None`` where a family has no such thing.

    ``melds`` None: the hand was not arranged (the table shows the hand as typed).
    ``count``: his count as shown (``DealResult.points`` wins where both are given).
    ``discard``: the card the closer throws from an 11-card hand.
    ``counted``: under the pair rule, the cards that count (one per rank).
    ``meld_values``, ``laid_off`` (cards laid off onto a meld not named), ``melded``: rummy 500.
    ``layoffs``, ``count_before_layoffs``: the knock defender.
    ``closing``: the bridge closer's closing (remik, colour, ..., knock).
    """

    hand: Hand
    melds: tuple[MeldDetail, ...] | None = None
    deadwood: tuple[Card, ...] = ()
    count: int | None = None
    wilds: WildReport = "none"
    discard: Card | None = None
    counted: tuple[Card, ...] | None = None
    meld_values: tuple[int, ...] | None = None
    laid_off: tuple[Card, ...] | None = None
    melded: int | None = None
    layoffs: tuple[Layoff, ...] | None = None
    count_before_layoffs: int | None = None
    closing: str | None = None

    def stand_ins(self, meld: MeldDetail) -> list[Card]:
        """The stand-ins the details list for ``meld``, in order, as the jokers' (see WildReport).

        Under "jokers" every wild card of the meld is listed, so a wild deuce's stand-in comes
        first if the deuce does; that is how the output has always paired them.
        """
        if self.wilds == "jokers":
            return [stand for _, stand in meld.wilds()]
        if self.wilds == "jokers_and_deuces":
            return [stand for card, stand in meld.wilds() if card.is_joker]
        return []


@dataclass(frozen=True, slots=True)
class Knocking:
    """The knock limit of a knock or bridge deal (None: only gin or a remik may close).

    ``upcard`` (oklahoma) set the limit; ``doubled``: it was a spade, so the score doubled.
    """

    limit: int | None
    upcard: Card | None = None
    doubled: bool = False


@dataclass(frozen=True, slots=True)
class DealDetails:
    """The per-player details of a deal, and the deal-level fields its family sets.

    ``closing``/``bonus``: bridge; ``knocking``: knock and bridge; ``multiplier`` (one go)
    and ``plus`` (boat): the going-out games; ``payment``/``pattern``: continental.
    """

    players: Mapping[str, PlayerDetail] = field(default_factory=dict)
    closing: OutcomeCode | None = None
    bonus: int | None = None
    knocking: Knocking | None = None
    multiplier: int | None = None
    plus: int | None = None
    payment: PaymentRule | None = None
    pattern: str | None = None
