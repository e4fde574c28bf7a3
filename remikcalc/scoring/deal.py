"""Build a :class:`Deal` from what the user typed, with the checks every family shares.

Parsing errors are prefixed with the player's name; the pack limits are checked across all
hands and melds of the deal at once, so one physical card cannot be in two places.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence

from remikcalc.cards import Card, check_pack, is_grouped, parse_card, parse_groups
from remikcalc.errors import CardError, DealError
from remikcalc.scoring.base import OUTCOMES, Deal, Hand
from remikcalc.variants import Rules

__all__ = ["build_deal", "parse_hand", "player_named"]


def player_named(name: str, players: Sequence[str], what: str = "player") -> str:
    """Return the player called ``name`` (exact, then case-insensitive) or raise DealError."""
    if name in players:
        return name
    folded = [p for p in players if p.casefold() == name.casefold()]
    if len(folded) == 1:
        return folded[0]
    close = difflib.get_close_matches(name, list(players), n=1)
    hint = f"; did you mean {close[0]}?" if close else f"; players: {', '.join(players)}"
    raise DealError(f"{what} {name!r} is not a player of this deal{hint}")


def parse_hand(text: str, owner: str | None = None) -> Hand:
    """Parse one player's cards; a ``|`` in the text fixes the arrangement."""
    try:
        groups = parse_groups(text)
    except CardError as exc:
        raise CardError(f"{owner}'s hand: {exc}" if owner else str(exc)) from None
    cards = tuple(c for g in groups for c in g)
    return Hand(cards=cards, groups=groups if is_grouped(text) else None)


def build_deal(
    rules: Rules,
    players: Sequence[str],
    *,
    hands: Mapping[str, str],
    closer: str | None = None,
    how: str | None = None,
    draw: bool = False,
    upcard: str | None = None,
    plus: int | None = None,
    melded: Mapping[str, str] | None = None,
    first_turn: bool = False,
    no_draw: bool = False,
) -> Deal:
    """Parse and check a deal's inputs; family-specific checks happen in the scoring."""
    if len(set(players)) != len(players):
        raise DealError("a player is named twice")
    parsed: dict[str, Hand] = {}
    for name, text in hands.items():
        player = player_named(name, players)
        if player in parsed:
            raise DealError(f"{player}'s hand is given twice")
        parsed[player] = parse_hand(text, player)
    melds: dict[str, tuple[tuple[Card, ...], ...]] = {}
    for name, text in (melded or {}).items():
        player = player_named(name, players)
        if rules.family != "rummy500":
            raise DealError(
                f"melds on the table (--melded) are only scored in rummy500, not in {rules.variant}"
            )
        try:
            melds[player] = parse_groups(text)
        except CardError as exc:
            raise CardError(f"{player}'s melds: {exc}") from None
    if closer is not None:
        closer = player_named(closer, players, "closer")
    if how is not None:
        how = how.strip().lower().replace("-", "_")
        if how not in OUTCOMES:
            close = difflib.get_close_matches(how, OUTCOMES, n=1)
            hint = f"; did you mean {close[0]}?" if close else ""
            raise DealError(f"unknown outcome {how!r}; outcomes: {', '.join(OUTCOMES)}{hint}")
    if draw and closer is not None:
        raise DealError("a drawn deal (stock ran out) has no closer")
    if draw and how not in (None, "draw"):
        raise DealError(f"a drawn deal cannot also end by {how}")
    if how == "draw":
        draw = True
    up: Card | None = None
    if upcard is not None:
        if not rules.upcard_knock:
            raise DealError(f"an up-card only matters in oklahoma, not in {rules.variant}")
        up = parse_card(upcard)
        if up.is_joker:
            raise DealError("the up-card cannot be a joker")
    if plus is not None and rules.family != "boat":
        raise DealError(f"plus points are only an input in boat rummy, not in {rules.variant}")
    if plus is not None and plus < 0:
        raise DealError(f"plus points cannot be negative (got {plus})")
    if (first_turn or no_draw) and rules.family != "continental":
        raise DealError(f"first_turn and no_draw are continental inputs, not {rules.variant}'s")
    everything = [c for h in parsed.values() for c in h.cards]
    everything += [c for groups in melds.values() for g in groups for c in g]
    check_pack(everything, decks=rules.decks, jokers=rules.jokers, variant=rules.variant)
    return Deal(
        players=tuple(players),
        hands=parsed,
        closer=closer,
        how=None if how == "draw" else how,
        draw=draw,
        upcard=up,
        plus=plus,
        melded=melds,
        first_turn=first_turn,
        no_draw=no_draw,
    )
