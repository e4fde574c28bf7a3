"""Types shared by every scoring family: the deal as typed, and the deal result.

A deal is what the table knows when a deal ends: who played, what was left in each hand
(optionally grouped into melds with ``|``), who closed and how, and a few variant-specific
inputs. A scoring family turns it into a :class:`DealResult` that carries the numbers and the
reasons behind them, so the CLI can explain a score instead of just printing it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from remikcalc.cards import Card, format_cards
from remikcalc.dealinput import OUTCOMES

if TYPE_CHECKING:
    from remikcalc.scoring.details import DealDetails

__all__ = ["OUTCOMES", "POOL", "Deal", "DealResult", "Hand", "Payment"]

POOL = "pool"  # the payee of what is paid into the remik bridge pool


@dataclass(frozen=True, slots=True)
class Hand:
    """The cards one player typed for a deal.

    ``groups`` is set when the player grouped the cards with ``|`` (the arrangement is then
    fixed as typed); ``cards`` is always the flat tuple in input order.
    """

    cards: tuple[Card, ...]
    groups: tuple[tuple[Card, ...], ...] | None = None

    def __str__(self) -> str:
        if self.groups is not None:
            return " | ".join(format_cards(g) for g in self.groups)
        return format_cards(self.cards)


@dataclass(frozen=True, slots=True)
class Deal:
    """One finished deal, as typed; parsed and checked against the pack by ``build_deal``.

    ``players`` are the players taking part in this deal, in seating order (in bridge, the
    players still in the game). ``hands`` may lack the winner of a going-out game.
    """

    players: tuple[str, ...]
    hands: Mapping[str, Hand]
    closer: str | None = None
    how: str | None = None
    draw: bool = False
    upcard: Card | None = None
    plus: int | None = None
    melded: Mapping[str, tuple[tuple[Card, ...], ...]] = field(default_factory=dict)
    first_turn: bool = False
    no_draw: bool = False


@dataclass(frozen=True, slots=True)
class Payment:
    """A transfer the deal itself makes: bridge stakes, boat and continental points."""

    payer: str
    payee: str  # a player's name, or POOL
    amount: Decimal


@dataclass(frozen=True, slots=True)
class DealResult:
    """What one deal writes on the sheet, and why.

    ``points``: each player's count for the deal; ``scores``: what the deal adds to each
    total; ``payments``: the deal's own transfers. ``reasons`` are short sentences for
    people; ``details`` holds per-player breakdowns (melds, deadwood, lay-offs) for rendering
    (:mod:`remikcalc.scoring.details`; None for a deal entered as points only). Its JSON is
    written by :mod:`remikcalc.render.results`.
    """

    outcome: str
    closer: str | None
    winner: str | None
    points: dict[str, int]
    scores: dict[str, int]
    payments: tuple[Payment, ...] = ()
    reasons: tuple[str, ...] = ()
    details: DealDetails | None = None
