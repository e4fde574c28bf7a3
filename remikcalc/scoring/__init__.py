"""Deal scoring: one pure function per scoring family, chosen by ``Rules.family``.

The families are imported lazily so that a command loads only the code it needs.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from remikcalc.scoring.base import Deal, DealResult, Hand, Payment
from remikcalc.variants import Rules

__all__ = ["Deal", "DealResult", "Hand", "Payment", "score_deal"]

_FAMILIES: dict[str, str] = {
    "knock": "remikcalc.scoring.knock:score_knock",
    "bridge": "remikcalc.scoring.bridge:score_bridge",
    "rummy": "remikcalc.scoring.goingout:score_going_out",
    "boat": "remikcalc.scoring.goingout:score_going_out",
    "remibrydz": "remikcalc.scoring.goingout:score_going_out",
    "rummy500": "remikcalc.scoring.rummy500:score_rummy500",
    "continental": "remikcalc.scoring.continental:score_continental",
}


def scorer(family: str) -> Callable[[Rules, Deal], DealResult]:
    """The scoring function of a family."""
    module, _, name = _FAMILIES[family].partition(":")
    func: Callable[[Rules, Deal], DealResult] = getattr(import_module(module), name)
    return func


def score_deal(rules: Rules, deal: Deal) -> DealResult:
    """Score one deal under ``rules``: raises ``DealError`` for a deal that cannot be."""
    return scorer(rules.family)(rules, deal)
