"""What the templates may call besides ``_`` and ``ngettext``: numbers, money and cards for
people (in the phone's language and notation), and the pad's own addresses."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from remikcalc.base.numtext import money_text, number_text, signed_text
from remikcalc.cards.notation import parse_cards
from remikcalc.cards.text import cards_text

__all__ = ["FILTERS", "GLOBALS"]


def cards(codes: str) -> str:
    """Cards stored as codes (``QH TS``), written in the phone's notation; text that is not
    cards is shown as it is."""
    try:
        return cards_text(parse_cards(codes))
    except ValueError:
        return codes


def sheet_url(sheet_id: str, *parts: object) -> str:
    """``/s/ID/part/...``: the address of a sheet's page (ids and parts are quoted)."""
    tail = "".join(f"/{quote(str(p), safe='')}" for p in parts)
    return f"/s/{quote(sheet_id, safe='')}{tail}"


FILTERS: dict[str, Callable[..., Any]] = {
    "number": number_text,
    "money": money_text,
    "signed": signed_text,
    "cards": cards,
}
GLOBALS: dict[str, Any] = {"sheet_url": sheet_url}
