"""The JSON of a scored deal: its payments, its result and its typed details.

The library's value types (:class:`~remikcalc.scoring.result.DealResult`, ``Payment``, the
:mod:`~remikcalc.scoring.details` types) carry data only; how they are written for tools is
decided here, once: ``round --json`` (:func:`remikcalc.render.deal.deal_json`) and the
``deals`` of ``settle --format json`` (:mod:`remikcalc.render.settlement`) both use these
functions. The keys and their order are the output's contract (docs/INTERFACE.md, DEVELOPING.md);
a field left ``None`` is a key left out.

>>> from remikcalc.cards.notation import parse_cards
>>> from remikcalc.search.melds import classify_meld
>>> from remikcalc.scoring.deal import Hand
>>> from remikcalc.scoring.details import MeldDetail, PlayerDetail
>>> from remikcalc.rules.variants import get_rules
>>> run = classify_meld(parse_cards("7S JK 9S"), get_rules("bridge"))
>>> detail = PlayerDetail(Hand(run.cards), melds=(MeldDetail.of(run),), count=0, wilds="jokers")
>>> player_json(detail)["jokers"]
[{'meld': 0, 'stands_for': '8S'}]
>>> from decimal import Decimal
>>> payment_json(Payment("Boris", "Anna", Decimal("1.50")))
{'from': 'Boris', 'to': 'Anna', 'amount': '1.5'}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from remikcalc.base.money import Transfer, amount_text
from remikcalc.cards.notation import Card
from remikcalc.scoring.details import DealDetails, Layoff, PlayerDetail
from remikcalc.scoring.result import DealResult, Payment
from remikcalc.scoring.tally import Reentry

__all__ = [
    "details_json",
    "layoff_json",
    "payment_json",
    "player_json",
    "result_json",
]


def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def payment_json(payment: Payment | Transfer) -> dict[str, str]:
    """A payment (a deal's own, or a settlement transfer): the one way remikcalc writes one."""
    return {"from": payment.payer, "to": payment.payee, "amount": amount_text(payment.amount)}


def result_json(result: DealResult | Reentry, n: int | None = None) -> dict[str, Any]:
    """One entry's result: a deal (INTERFACE per-deal object) or a bridge re-entry event."""
    out: dict[str, Any] = {} if n is None else {"n": n}
    if isinstance(result, Reentry):
        out.update(
            outcome="reenter",
            player=result.player,
            total=result.restart,
            payments=[payment_json(p) for p in result.payments],
        )
        return out
    out.update(
        closer=result.closer,
        outcome=result.outcome,
        winner=result.winner,
        points=dict(result.points),
        scores=dict(result.scores),
        payments=[payment_json(p) for p in result.payments],
        reasons=list(result.reasons),
    )
    return out


def layoff_json(layoff: Layoff) -> dict[str, Any]:
    """A card laid off onto another player's meld."""
    return {"card": layoff.card.code, "onto": _codes(layoff.onto)}


def _wild_lists(detail: PlayerDetail) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The ``jokers`` and ``wild_deuces`` entries of a player (see ``WildReport``)."""
    jokers: list[dict[str, Any]] = []
    deuces: list[dict[str, Any]] = []
    for i, meld in enumerate(detail.melds or ()):
        for card, stand in meld.wilds():
            entry = {"meld": i, "stands_for": stand.code}
            if detail.wilds == "jokers" or card.is_joker:
                jokers.append(entry)
            else:
                deuces.append({**entry, "card": card.code})
    return jokers, deuces


def player_json(detail: PlayerDetail) -> dict[str, Any]:
    """``details["players"][name]`` of ``round --json`` (DEVELOPING.md), key for key."""
    out: dict[str, Any] = {"cards": str(detail.hand)}
    if detail.melds is not None:
        out["melds"] = [_codes(m.cards) for m in detail.melds]
    jokers, deuces = _wild_lists(detail)
    if detail.wilds == "jokers_and_deuces":
        out.update(jokers=jokers, wild_deuces=deuces)
    out["deadwood"] = _codes(detail.deadwood)
    if detail.count is not None:
        out["count"] = detail.count
    if detail.wilds == "jokers" and jokers:
        out["jokers"] = jokers
    if detail.discard is not None:
        out["discard"] = detail.discard.code
    if detail.counted is not None:
        out["counted"] = _codes(detail.counted)
    if detail.meld_values is not None:
        out["meld_values"] = list(detail.meld_values)
    if detail.laid_off is not None:
        out["laid_off"] = _codes(detail.laid_off)
    if detail.melded is not None:
        out["melded"] = detail.melded
    if detail.layoffs is not None:
        out["layoffs"] = [layoff_json(lay) for lay in detail.layoffs]
    if detail.count_before_layoffs is not None:
        out["count_before_layoffs"] = detail.count_before_layoffs
    if detail.closing is not None:
        out["closing"] = detail.closing
    return out


def details_json(details: DealDetails | None) -> dict[str, Any]:
    """``details`` of ``round --json``: ``{}`` for a deal entered as points only."""
    if details is None:
        return {}
    out: dict[str, Any] = {"players": {n: player_json(d) for n, d in details.players.items()}}
    if details.closing is not None:
        out["closing"] = details.closing
    if details.bonus is not None:
        out["bonus"] = details.bonus
    if details.knocking is not None:
        out["knock_limit"] = details.knocking.limit
        if details.knocking.upcard is not None:
            out["upcard"] = details.knocking.upcard.code
            out["doubled"] = details.knocking.doubled
    for key in ("multiplier", "plus", "payment", "pattern"):
        value = getattr(details, key)
        if value is not None:
            out[key] = value
    return out
