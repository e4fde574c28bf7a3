"""remikcalc: scoring and settlement for the remik (rummy) family of card games.

The library never imports click; the CLI in :mod:`remikcalc.cli` is a thin layer on top.
Heavy modules are imported on first use so that ``import remikcalc`` stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from remikcalc.cards import JOKER, Card, Rank, Suit, format_cards, parse_cards
from remikcalc.errors import (
    CardError,
    DealError,
    MeldError,
    RemikcalcError,
    RulesError,
    SettleError,
    SheetError,
)
from remikcalc.variants import Rules, find_variant, get_rules

if TYPE_CHECKING:
    from remikcalc.search import Arrangement, analyze_hand

__all__ = [
    "JOKER",
    "Arrangement",
    "Card",
    "CardError",
    "DealError",
    "MeldError",
    "Rank",
    "RemikcalcError",
    "Rules",
    "RulesError",
    "SettleError",
    "SheetError",
    "Suit",
    "analyze_hand",
    "find_variant",
    "format_cards",
    "get_rules",
    "parse_cards",
]


def __getattr__(name: str) -> Any:
    if name in ("analyze_hand", "Arrangement"):
        from remikcalc import search

        return getattr(search, name)
    raise AttributeError(f"module 'remikcalc' has no attribute {name!r}")
