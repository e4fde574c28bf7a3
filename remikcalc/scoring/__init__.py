"""Deal scoring: one pure function per scoring family, found through the family registry.

The family modules are imported on first use (see :mod:`remikcalc.rules.families`), so that a
command loads only the code it needs.
"""

from __future__ import annotations

from collections.abc import Callable

from remikcalc.rules.families import load
from remikcalc.rules.ruleset import Rules
from remikcalc.scoring.deal import Deal, Hand
from remikcalc.scoring.result import DealResult, Payment

__all__ = ["Deal", "DealResult", "Hand", "Payment", "score_deal"]


def score_deal(rules: Rules, deal: Deal) -> DealResult:
    """Score one deal under ``rules``: raises ``DealError`` for a deal that cannot be."""
    scorer: Callable[[Rules, Deal], DealResult] = load(rules.spec.scorer)
    return scorer(rules, deal)
