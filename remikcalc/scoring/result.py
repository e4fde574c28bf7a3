"""Types shared by every scoring family: the deal result, its payments and outcomes.

A scoring family turns a :class:`~remikcalc.scoring.deal.Deal` (re-exported here with
:class:`~remikcalc.scoring.deal.Hand`) into a :class:`DealResult` that carries the numbers and
the reasons behind them, so the CLI can explain a score instead of just printing it.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from remikcalc.rules.families import OutcomeCode
from remikcalc.scoring.details import DealDetails

__all__ = [
    "POOL",
    "DealOutcome",
    "DealResult",
    "Payment",
]

POOL = "pool"  # the payee of what is paid into the remik bridge pool

#: a deal result's outcome: how the deal ended (one of OUTCOMES), or ``scores`` for a deal
#: entered as points that does not say; JSON and the sheet views write it as it is
DealOutcome = OutcomeCode | Literal["scores"]


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

    outcome: DealOutcome
    closer: str | None
    winner: str | None
    points: dict[str, int]
    scores: dict[str, int]
    payments: tuple[Payment, ...] = ()
    reasons: tuple[str, ...] = ()
    details: DealDetails | None = None
