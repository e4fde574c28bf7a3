"""A deal as the scorers see it (:class:`Hand`, :class:`Deal`), and :func:`build_deal`, which
makes one from what the user typed with the checks every family shares.

Parsing errors are prefixed with the player's name; the pack limits are checked across all
hands and melds of the deal at once, so one physical card cannot be in two places.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from remikcalc.base.errors import CardError, DealError
from remikcalc.base.i18n import _
from remikcalc.cards.notation import (
    Card,
    check_pack,
    format_cards,
    is_grouped,
    parse_card,
    parse_groups,
)
from remikcalc.rules.dealinput import DealInput, check_input, name_key, normal_outcome
from remikcalc.rules.families import OutcomeCode
from remikcalc.rules.ruleset import Rules

__all__ = ["Deal", "Hand", "build_deal", "parse_hand", "player_named"]


@dataclass(frozen=True, slots=True)
class Hand:
    """The cards one player typed for a deal.

    ``groups`` is set when the player grouped the cards with ``|`` (the arrangement is then
    fixed as typed); ``cards`` is always the flat tuple in input order.
    """

    cards: tuple[Card, ...]
    groups: tuple[tuple[Card, ...], ...] | None = None

    def __str__(self) -> str:
        if self.groups is not None:
            return " | ".join(format_cards(g) for g in self.groups)
        return format_cards(self.cards)


@dataclass(frozen=True, slots=True)
class Deal:
    """One finished deal, as typed; parsed and checked against the pack by ``build_deal``.

    ``players`` are the players taking part in this deal, in seating order (in bridge, the
    players still in the game). ``hands`` may lack the winner of a going-out game.
    """

    players: tuple[str, ...]
    hands: Mapping[str, Hand]
    closer: str | None = None
    how: OutcomeCode | None = None
    draw: bool = False
    upcard: Card | None = None
    plus: int | None = None
    melded: Mapping[str, tuple[tuple[Card, ...], ...]] = field(default_factory=dict)
    first_turn: bool = False
    no_draw: bool = False
    #: a deal entered as counts (no hands): each player's count, as the table counted it
    counts: Mapping[str, int] | None = None
    #: rummy 500 with counts: the value each player melded and laid off this deal
    melded_value: Mapping[str, int] = field(default_factory=dict)


def player_named(
    name: str, players: Sequence[str], what: str = "player", *, scope: str = "deal"
) -> str:
    """Return the player called ``name`` (exact, then case-insensitive) or raise DealError.

    ``what`` ("player" or "closer") and ``scope`` ("deal" or "sheet") choose the sentence."""
    if name in players:
        return name
    folded = [p for p in players if name_key(p) == name_key(name)]
    if len(folded) == 1:
        return folded[0]
    import difflib  # only for a refusal (not loaded at start-up)

    by_key = {p.casefold(): p for p in players}  # a typo is a typo in any case: anan, ANAN
    close = [by_key[k] for k in difflib.get_close_matches(name.casefold(), list(by_key), n=1)]
    sentences = {
        ("player", "deal"): _("player {name!r} is not a player of this deal"),
        ("closer", "deal"): _("closer {name!r} is not a player of this deal"),
        ("player", "sheet"): _("player {name!r} is not a player of this sheet"),
        ("closer", "sheet"): _("closer {name!r} is not a player of this sheet"),
    }
    sentence = sentences[what, scope].format(name=name)
    if close:
        hint = _("{sentence}; did you mean {name}?").format(sentence=sentence, name=close[0])
    else:
        hint = _("{sentence}; players: {players}").format(
            sentence=sentence, players=", ".join(players)
        )
    raise DealError(
        hint,
        code="unknown_player",
        field="closer" if what == "closer" else None,
        player=name,
        details={"scope": scope},
    )


def parse_hand(text: str, owner: str | None = None) -> Hand:
    """Parse one player's cards; a ``|`` in the text fixes the arrangement."""
    try:
        groups = parse_groups(text)
    except CardError as exc:
        if owner is None:
            raise
        message = _("{owner}'s hand: {problem}").format(owner=owner, problem=exc)
        raise exc.retold(message, field="hands", player=owner) from None
    cards = tuple(c for g in groups for c in g)
    return Hand(cards=cards, groups=groups if is_grouped(text) else None)


def build_deal(
    rules: Rules,
    players: Sequence[str],
    entry: DealInput | None = None,
    /,
    **inputs: Any,
) -> Deal:
    """Parse and check a deal's inputs (a :class:`DealInput`, or its fields as keywords).

    The checks every input passes (:func:`~remikcalc.rules.dealinput.check_input`) run first; then
    names are matched to the players, cards parsed and the pack checked across the whole deal.
    Family-specific checks happen in the scoring.
    """
    if entry is None:
        entry = DealInput(**inputs)
    check_input(entry, rules)
    seen: dict[str, str] = {}
    for name in players:  # names are matched ignoring case, so A and a are one player
        first = seen.get(name_key(name))
        if first == name:
            raise DealError(
                _("a player is named twice"), code="player_twice", field="players", player=name
            )
        if first is not None:
            raise DealError(
                _("{name} is named twice (as {first}: names are matched ignoring case)").format(
                    name=name, first=first
                ),
                code="player_twice",
                field="players",
                player=name,
            )
        seen[name_key(name)] = name
    parsed: dict[str, Hand] = {}
    for name, text in entry.hands.items():
        player = player_named(name, players)
        if player in parsed:
            raise DealError(
                _("{player}'s hand is given twice").format(player=player),
                code="given_twice",
                field="hands",
                player=player,
            )
        parsed[player] = parse_hand(text, player)
    melds: dict[str, tuple[tuple[Card, ...], ...]] = {}
    for name, text in entry.melded.items():
        player = player_named(name, players)
        try:
            melds[player] = parse_groups(text)
        except CardError as exc:
            message = _("{owner}'s melds: {problem}").format(owner=player, problem=exc)
            raise exc.retold(message, field="melded", player=player) from None
    counts = None if entry.counts is None else _per_player(entry.counts, players, "counts")
    melded_value = _per_player(entry.melded_value or {}, players, "melded_value")
    closer = None if entry.closer is None else player_named(entry.closer, players, "closer")
    how = None if entry.how is None else normal_outcome(entry.how)
    if entry.draw and how not in (None, "draw"):
        raise DealError(
            _("a drawn deal cannot also end by {how}").format(how=how),
            code="draw_with_outcome",
            field="how",
            details={"how": how},
        )
    up: Card | None = None
    if entry.upcard is not None:
        try:
            up = parse_card(entry.upcard)
        except CardError as exc:
            raise exc.retold(exc.message, field="upcard") from None
        if up.is_joker:
            raise DealError(
                _("the up-card cannot be a joker"),
                code="joker_upcard",
                field="upcard",
                cards=(str(up),),
            )
    everything = [c for h in parsed.values() for c in h.cards]
    everything += [c for groups in melds.values() for g in groups for c in g]
    check_pack(everything, decks=rules.decks, jokers=rules.jokers, variant=rules.variant)
    return Deal(
        players=tuple(players),
        hands=parsed,
        closer=closer,
        how=None if how == "draw" else how,
        draw=entry.draw or how == "draw",
        upcard=up,
        plus=entry.plus,
        melded=melds,
        first_turn=entry.first_turn,
        no_draw=entry.no_draw,
        counts=counts,
        melded_value=melded_value,
    )


def _per_player(given: Mapping[str, int], players: Sequence[str], key: str) -> dict[str, int]:
    """Each player's number (``counts``, ``melded_value``) under the player's name as the
    deal spells it; a name that is no player of the deal, or a player given twice, refused."""
    out: dict[str, int] = {}
    for name, value in given.items():
        try:
            player = player_named(name, players)
        except DealError as exc:
            raise DealError(str(exc), code="unknown_player", field=key, player=name) from None
        if player in out:
            raise DealError(
                _("{player} is given twice").format(player=player),
                code="given_twice",
                field=key,
                player=player,
            )
        out[player] = value
    return out
