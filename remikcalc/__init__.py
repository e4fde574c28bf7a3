"""remikcalc: scoring and settlement for the remik (rummy) family of card games.

The library never imports click; the CLI in :mod:`remikcalc.cli` is a thin layer on top.
Heavy modules are imported on first use so that ``import remikcalc`` stays cheap, and
importing it changes nothing in the process (no signal handler, no language).

The words meant for people (error messages, the "why" lines of a score) are English unless
:func:`language` says otherwise for a block; ``cards=`` chooses how cards are written in them
(``en``, ``pl``, ``ru`` or ``unicode``; default: the language's notation). The choice belongs
to the running context, not to the process: two threads, or two requests of a web server, can
speak two languages at once, and a new thread starts in English.

>>> import remikcalc
>>> for lang, cards in (("en", None), ("pl", None), ("ru", "unicode")):
...     with remikcalc.language(lang, cards=cards):
...         try:
...             remikcalc.parse_cards("QH Q")
...         except remikcalc.CardError as exc:
...             print(exc)
card 2 'Q': the suit is missing; did you mean QC, QD, QH or QS?
karta 2 'Q': brak koloru; czy chodziło o D♣, D♦, D♥ lub D♠?
карта 2 'Q': не указана масть; может быть, Q♣, Q♦, Q♥ или Q♠?
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
    from remikcalc.cards.text import language
    from remikcalc.rules.ruleset import Rules
    from remikcalc.rules.variants import find_variant, get_rules
    from remikcalc.search import Arrangement, analyze_hand
    from remikcalc.session.book import SheetFile, StaleSheet, Written, new_sheet, open_sheet

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
    ),
    "language": "cards.text",
    **dict.fromkeys(("Rules", "find_variant", "get_rules"), "rules.variants"),
    **dict.fromkeys(("analyze_hand", "Arrangement"), "search"),
    **dict.fromkeys(
        ("SheetFile", "StaleSheet", "Written", "new_sheet", "open_sheet"), "session.book"
    ),
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
    "SheetFile",
    "StaleSheet",
    "Suit",
    "Written",
    "analyze_hand",
    "find_variant",
    "format_cards",
    "get_rules",
    "language",
    "new_sheet",
    "open_sheet",
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
