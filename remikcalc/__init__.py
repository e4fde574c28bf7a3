"""remikcalc: scoring and settlement for the remik (rummy) family of card games.

The library never imports click; the CLI in :mod:`remikcalc.cli` is a thin layer on top.
Heavy modules are imported on first use so that ``import remikcalc`` stays cheap, and
importing it changes nothing in the process (no signal handler, no language).
"""

from __future__ import annotations

# not `from typing import TYPE_CHECKING`: typing takes milliseconds to load, and the command
# (remikcalc/__main__.py) catches a Ctrl-C only once the package is loaded
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any

    from remikcalc.base.errors import (
        CardError,
        DealError,
        MeldError,
        RemikcalcError,
        RulesError,
        SettleError,
        SheetError,
    )
    from remikcalc.cards.notation import JOKER, Card, Rank, Suit, format_cards, parse_cards
    from remikcalc.rules.variants import Rules, find_variant, get_rules
    from remikcalc.search import Arrangement, analyze_hand

# Every name loads on first use: `python -m remikcalc` imports this package before its
# Ctrl-C handler exists (remikcalc/__main__.py), so the package itself imports nothing.
_HOME = {
    **dict.fromkeys(
        ("JOKER", "Card", "Rank", "Suit", "format_cards", "parse_cards"), "cards.notation"
    ),
    **dict.fromkeys(
        (
            "CardError",
            "DealError",
            "MeldError",
            "RemikcalcError",
            "RulesError",
            "SettleError",
            "SheetError",
        ),
        "base.errors",
    ),  # fmt: skip
    **dict.fromkeys(("Rules", "find_variant", "get_rules"), "rules.variants"),
    **dict.fromkeys(("analyze_hand", "Arrangement"), "search"),
}

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
    home = _HOME.get(name)
    if home is not None:
        from importlib import import_module

        value = getattr(import_module(f"remikcalc.{home}"), name)
        globals()[name] = value  # once: later lookups find it without this function
        return value
    raise AttributeError(f"module 'remikcalc' has no attribute {name!r}")
