"""remikcalc: scoring and settlement for the remik (rummy) family of card games.

The library never imports click; the CLI in :mod:`remikcalc.cli` is a thin layer on top.
Heavy modules are imported on first use so that ``import remikcalc`` stays cheap.
"""

from __future__ import annotations

import signal as _signal
import sys as _sys

# Run as the command (`python -m remikcalc`, the `remikcalc` script): a Ctrl-C while the
# modules load is held until remikcalc.__main__.run can end with one line, not a traceback.
_held: list[int] = []
if _sys.argv[:1] == ["-m"] or _sys.argv[0].replace("\\", "/").rsplit("/", 1)[-1] in (
    "remikcalc",
    "remikcalc.exe",
):
    _signal.signal(_signal.SIGINT, lambda signum, _frame: _held.append(signum))

from typing import TYPE_CHECKING, Any  # noqa: E402

if TYPE_CHECKING:
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
    from remikcalc.session.book import SheetFile, StaleSheet, Written, new_sheet, open_sheet

# Every name loads on first use: `python -m remikcalc` imports this package before its
# Ctrl-C handler exists, so the package itself imports nothing.
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
