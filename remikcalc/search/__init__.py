"""The exact meld search: best melds, deadwood, best discard, melds of greatest value.

Two engines give the same answers:

* the general search (:mod:`remikcalc.search.general.arrange`) handles everything the rules allow:
  jokers, wild deuces, several packs, the pair rule;
* the single-pack fast path (:mod:`remikcalc.search.fast.tables`, its full-hand function in
  :mod:`remikcalc.search.fast.hand`) for hands without wild cards and without the pair rule:
  per-suit tables of what runs can cover, and a small enumeration of the sets.

This module is the entry point: it picks the engine for each call.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from remikcalc.base.errors import CardError, MeldError
from remikcalc.base.i18n import _, ngettext
from remikcalc.cards.notation import (
    CARDS,
    PLAIN_CODES,
    Card,
    check_pack,
    parse_cards,
    parse_groups,
)
from remikcalc.rules.ruleset import Rules
from remikcalc.rules.variants import get_rules
from remikcalc.search.arrangement import Arrangement
from remikcalc.search.fast.build import BIT
from remikcalc.search.fast.hand import FullHand, full_hand
from remikcalc.search.fast.tables import fast_tables
from remikcalc.search.melds import Meld, hand_value, meld_key, split_groups

__all__ = [
    "Arrangement",
    "analyze_hand",
    "arrangement_from_groups",
    "meld_inside",
    "best_arrangement",
    "best_value_melds",
    "general_arrangement",
    "max_cards",
]


def general_arrangement(
    cards: Sequence[Card], rules: Rules, *, discard: bool = False
) -> Arrangement:
    """:func:`remikcalc.search.general.arrange.general_arrangement`, the search loaded on first
    use: a command whose hands the fast path answers never loads it."""
    from remikcalc.search.general.arrange import general_arrangement as search

    return search(cards, rules, discard=discard)


# card index -> Card; a dict, not CARDS, so that a negative index is an error too
_CARD_AT: dict[int, Card] = dict(enumerate(CARDS))

# the last rule set's full-hand function, its card limit, and the full-hand function of
# analyze_hand (the same search; a hand it cannot take is checked against the pack first)
_last: tuple[Rules | None, FullHand, int, FullHand, FullHand | None] = (
    None,
    general_arrangement,
    0,
    general_arrangement,
    None,
)


# the variant name analyze_hand was last given without a preset (the very object) and its
# rules: a caller naming the same variant in every call skips get_rules (its key and lookup)
_named: tuple[str, Rules] | None = None


def max_cards(rules: Rules) -> int:
    """The most cards one hand can hold under ``rules``: the search takes no more.

    The search is exponential in the hand's length (a 37-card bridge hand took 14 s), so a
    hand longer than any player can hold is refused instead of stalling the command.
    """
    if rules.spec.hand_grows:
        return 2 * rules.hand_size + 2
    return rules.hand_size + 1


def _check_size(count: int, rules: Rules) -> None:
    limit = max_cards(rules)
    if count > limit:
        _too_many(count, limit, rules)


def _too_many(count: int, limit: int, rules: Rules) -> None:
    if rules.spec.hand_grows:
        why = _("2 × {size} dealt + 2, picking up the discards").format(size=rules.hand_size)
    else:
        why = _("{size} dealt + 1 drawn").format(size=rules.hand_size)
    raise CardError(
        ngettext(
            "a {variant} hand holds at most {limit} card ({why}); got {count}",
            "a {variant} hand holds at most {limit} cards ({why}); got {count}",
            limit,
        ).format(variant=rules.variant, limit=limit, why=why, count=count),
        code="hand_size",
        field="hands",
        details={"n": count, "most": limit},
    )


def best_value_melds(cards: Sequence[Card], rules: Rules) -> Arrangement:
    """The melds of greatest value in ``cards`` (see :mod:`remikcalc.search.general.arrange`)."""
    _check_size(len(cards), rules)
    from remikcalc.search.general.arrange import best_value_melds as value_melds

    return value_melds(cards, rules)


def best_arrangement(cards: Sequence[Card], rules: Rules, *, discard: bool = False) -> Arrangement:
    """The arrangement into legal melds that leaves the least points (exact).

    With ``discard`` the hand holds one card over a full hand: the best card to discard is
    chosen too (least points; among equals the card of highest value, then highest index).
    A hand over :func:`max_cards` is refused (:class:`CardError`).
    """
    if not discard:
        last, full_hand, limit, _checked, _codes = _last  # one read: another thread may change it
        if last is not rules:
            full_hand, limit, _checked, _codes = _full_hand(rules)
        if len(cards) > limit:
            _too_many(len(cards), limit, rules)
        return full_hand(cards, rules)
    _check_size(len(cards), rules)
    fast = fast_tables(rules)
    if fast.usable:
        m = sum(map(BIT.__getitem__, cards))  # a repeated card carries: caught by bit_count
        if m.bit_count() == len(cards) and not m & fast.refuse and m:
            melds, deadwood, points, card = fast.arrange_discard(m)
            return Arrangement(melds, deadwood, points, card)
    return general_arrangement(cards, rules, discard=discard)


def _full_hand(rules: Rules) -> tuple[FullHand, int, FullHand, FullHand | None]:
    """What answers a full hand under ``rules``, the most cards it takes, what answers a
    full hand for :func:`analyze_hand`, and the same for a hand given as plain card codes
    (None without the fast path); remembered for the next call.

    The fast path's function (kept with its tables, so rule sets sharing the tables share
    it) takes the rules too, for the hands it leaves to the general search. While the
    tables are filled entry by entry (the rule set's first hands) nothing is remembered, so
    that each hand is counted and the function on the whole tables replaces this one.
    """
    global _last
    fast = fast_tables(rules)
    codes: FullHand | None = None
    if fast.usable:
        if not fast.ready:
            fast.use()  # counted per hand: not remembered below until the tables are whole
        found, checked = full_hand(fast, general_arrangement), full_hand(fast, _checked_general)
        codes = full_hand(fast, _checked_codes, codes=True)
    else:
        found, checked = general_arrangement, _checked_general
    limit = max_cards(rules)
    _last = (rules if fast.ready or not fast.usable else None, found, limit, checked, codes)
    return found, limit, checked, codes


def _checked_codes(codes: Sequence[str], rules: Rules) -> Arrangement:
    """:func:`_checked_general` of a hand given as plain card codes."""
    return _checked_general(tuple(map(PLAIN_CODES.__getitem__, codes)), rules)


def _checked_general(cards: Sequence[Card], rules: Rules) -> Arrangement:
    """The general search, for :func:`analyze_hand`: the cards checked against the pack."""
    hand = _as_cards(cards)
    check_pack(hand, decks=rules.decks, jokers=rules.jokers, variant=rules.variant)
    return general_arrangement(hand, rules)


def meld_inside(cards: Sequence[Card], rules: Rules) -> Meld | None:
    """A meld that can be made of ``cards`` (the best arrangement's first), or None: what
    :func:`~remikcalc.search.melds.split_groups` asks of a last group typed as unmatched
    cards."""
    found = best_arrangement(tuple(cards), rules)
    return found.melds[0] if found.melds else None


def arrangement_from_groups(groups: Sequence[Sequence[Card]], rules: Rules) -> Arrangement:
    """The arrangement the user fixed with ``|``: big enough groups must be legal melds, but
    the last group, when it is not one, holds the unmatched cards (``split_groups``)."""
    smallest = min(rules.set_min, rules.run_min) if rules.sets_allowed else rules.run_min
    melds, deadwood = split_groups(
        groups,
        rules,
        lambda number, _group, exc: _("group {number}: {why}").format(number=number, why=exc),
        smallest,
        lambda cards: meld_inside(cards, rules),
    )
    melds.sort(key=meld_key)
    dead = tuple(sorted(deadwood))
    return Arrangement(tuple(melds), dead, hand_value(dead, rules), None)


def analyze_hand(
    cards: Iterable[Card] | str,
    variant: str = "gin",
    preset: str | None = None,
    rules: Rules | None = None,
    discard: bool | None = None,
) -> Arrangement:
    """The Python API of docs/INTERFACE.md: parse, check the pack, and find the best arrangement.

    >>> a = analyze_hand("AS 2S 3S 7H 7D 7C 9C 9D KH QS")
    >>> a.points, [str(m) for m in a.melds]
    (38, ['7C 7D 7H', 'AS 2S 3S'])
    """
    global _named
    if rules is None:
        named = _named
        if named is not None and variant is named[0] and preset is None:
            rules = named[1]
        else:
            rules = get_rules(variant, preset)  # the same object for the same names: cached
            if preset is None:
                _named = (variant, rules)
    if isinstance(cards, str):
        if "|" in cards:
            return _analyze_groups(parse_groups(cards), rules, discard)
        tokens = cards.split()
        count = len(tokens)
        last, _found, limit, _checked, by_codes = _last
        if (
            last is rules
            and by_codes is not None
            and 0 < count <= limit
            and (discard is False or (discard is None and count != rules.hand_size + 1))
        ):
            try:  # plain codes straight to the fast path's masks
                return by_codes(tokens, rules)  # type: ignore[arg-type]
            except KeyError:
                pass  # another notation: parsed below
        try:  # plain codes in one step, else every notation
            hand: Sequence[Card] = tuple(map(PLAIN_CODES.__getitem__, tokens))
        except KeyError:
            hand = parse_cards(cards)
    elif isinstance(cards, tuple | list):
        hand = cards
    else:
        hand = tuple(cards)  # (an iterator is read once)
    count = len(hand)
    last, _found, limit, checked, _codes = _last  # one read: another thread may change it
    if last is not rules:
        _found, limit, checked, _codes = _full_hand(rules)
    if discard is None:
        discard = count == rules.hand_size + 1
    if not discard and 0 < count <= limit:
        try:  # distinct natural cards are answered at once; anything else is checked
            return checked(hand, rules)
        except (IndexError, TypeError):
            pass  # not a card index at all: named below
    hand = _as_cards(hand)
    if not count:
        raise CardError(
            _("the hand is empty: type the cards left in it"), code="empty_hand", field="hands"
        )
    if count > limit:
        _too_many(count, limit, rules)
    check_pack(hand, decks=rules.decks, jokers=rules.jokers, variant=rules.variant)
    return best_arrangement(hand, rules, discard=discard)


def _as_cards(cards: Sequence[Card]) -> tuple[Card, ...]:
    try:
        return tuple(map(_CARD_AT.__getitem__, cards))
    except (KeyError, TypeError):
        bad = next(c for c in cards if not isinstance(c, int) or c not in _CARD_AT)
        raise CardError(
            _("not a card: {bad}; give card codes or card indexes 0-52 (parse_cards)").format(
                bad=repr(bad)
            ),
            code="not_a_card",
            field="hands",
            details={"value": repr(bad)},
        ) from None


def _analyze_groups(
    groups: tuple[tuple[Card, ...], ...], rules: Rules, discard: bool | None
) -> Arrangement:
    """:func:`analyze_hand` of a hand typed with ``|``: the user's arrangement, checked."""
    hand = tuple(card for group in groups for card in group)
    if not hand:
        raise CardError(
            _("the hand is empty: type the cards left in it"), code="empty_hand", field="hands"
        )
    _check_size(len(hand), rules)
    check_pack(hand, decks=rules.decks, jokers=rules.jokers, variant=rules.variant)
    if discard:
        raise MeldError(
            _("a grouped hand fixes the arrangement; drop the | to search for the best discard"),
            code="grouped_discard",
            field="hands",
        )
    return arrangement_from_groups(groups, rules)
