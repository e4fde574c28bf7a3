"""Deals entered as points only: each player's score as typed, read the way the family reads it.

A sheet may record a deal by its scores instead of its hands (``add --score Anna=25``). The
scores are taken as typed; the family says who won (the closer, or in the knock games the one
player who scored) and which payments follow (bridge stakes, boat and continental points).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import TypeVar

from remikcalc.base.errors import DealError
from remikcalc.base.i18n import N_, _
from remikcalc.rules.dealinput import DealInput, normal_outcome
from remikcalc.rules.families import Closing, OutcomeCode, load
from remikcalc.rules.ruleset import Rules
from remikcalc.scoring.deal import check_input, player_named
from remikcalc.scoring.result import DealResult, Payment
from remikcalc.scoring.why import Why

__all__ = ["balance_payments", "score_points"]

E = TypeVar("E", bound=DealInput)
#: a family's reading of a deal entered as points (FamilySpec.points_payments):
#: (rules, scores, closer, how, winner) -> (outcome, payments)
PointsReader = Callable[
    [Rules, Mapping[str, int], str | None, OutcomeCode | None, str | None],
    tuple[OutcomeCode | None, tuple[Payment, ...]],
]


def score_points(rules: Rules, players: Sequence[str], entry: E) -> tuple[E, DealResult]:
    """Score a deal entered as points among ``players``.

    Returns the entry written canonically (names as the players', the outcome normalised) and
    the deal's result.
    """
    assert entry.scores is not None
    spec = rules.spec
    check_input(entry, rules)
    scores = dict.fromkeys(players, 0)
    typed: set[str] = set()
    for name, value in entry.scores.items():
        player = player_named(name, players)
        if player in typed:
            raise DealError(
                _("{player}'s score is given twice").format(player=player),
                code="given_twice",
                field="scores",
                player=player,
            )
        typed.add(player)
        scores[player] = value
    closer = None if entry.closer is None else player_named(entry.closer, players, "closer")
    how = None if entry.how is None else normal_outcome(entry.how)
    draw = entry.draw or how == "draw"
    if spec.points_need_closer and not draw and closer is None:
        raise DealError(
            _(
                "a {variant} deal entered as points needs its closer, whose closing sets "
                "the stakes; or it is a drawn deal, if the stock ran out"
            ).format(variant=rules.variant),
            code="no_closer",
            field="closer",
            details={"points": True, "draw": True, "variant": rules.variant},
        )
    positive = [p for p, s in scores.items() if s > 0]
    winner = None if draw else positive[0] if len(positive) == 1 else closer
    if spec.closer_wins and closer is not None:
        winner = closer
    payments: tuple[Payment, ...] = ()
    if not draw and spec.points_payments is not None:
        read: PointsReader = load(spec.points_payments)
        how, payments = read(rules, scores, closer, how, winner)
    if winner is None and not draw:
        winner = _highest(scores)
    outcome = how
    if how is None and closer is not None and not draw:  # the sheet keeps how as typed
        outcome = _closed(spec.closing, closer, winner)
    result = DealResult(
        outcome="draw" if draw else outcome or "scores",
        closer=closer,
        winner=winner,
        points={},
        scores=scores,
        payments=payments,
        reasons=(Why(N_("entered as points only")),),
    )
    canonical = dataclasses.replace(
        entry,
        scores={p: v for p, v in scores.items() if p in typed},
        closer=closer,
        how=None if how == "draw" else how,
        draw=draw,
    )
    return canonical, result


def _closed(closing: Closing, closer: str, winner: str | None) -> OutcomeCode | None:
    """What a named closer did in a deal entered as points that does not say how it ended, as
    the family closes a deal (``FamilySpec.closing``): he went out, or knocked (and the
    other undercut him when the other won); None where the points must say (bridge reads
    its closing from them)."""
    if closing == "went_out":
        return "out"
    if closing == "knocked":
        return "undercut" if winner not in (None, closer) else "knock"
    return None


def _highest(scores: Mapping[str, int]) -> str | None:
    """The winner of a deal entered as points that names none (no closer, several positive
    scores): the player with the single highest score, if it is positive; else nobody."""
    if not scores:
        return None
    best = max(scores.values())
    top = [p for p, s in scores.items() if s == best]
    return top[0] if best > 0 and len(top) == 1 else None


def balance_payments(
    rules: Rules,
    scores: Mapping[str, int],
    closer: str | None,
    how: OutcomeCode | None,
    winner: str | None,
) -> tuple[OutcomeCode | None, tuple[Payment, ...]]:
    """Boat and continental points: each loser pays the winner what they lost."""
    if sum(scores.values()) != 0 or winner is None:
        raise DealError(
            _("{variant} points must balance: the winner +sum, each loser −what they pay").format(
                variant=rules.variant
            ),
            code="points_unbalanced",
            field="scores",
            details={"variant": rules.variant},
        )
    return how, tuple(Payment(p, winner, Decimal(-s)) for p, s in scores.items() if s < 0)
