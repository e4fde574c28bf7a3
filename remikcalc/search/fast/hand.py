"""The fast path's answer to a full hand (no discard): one function per set of tables.

At about 2 us a hand every call and lookup counts, so the whole search for a hand is one
function with its tables in local cells (but for a hand with several ranks of sets to choose
between, where the choice costs far more than a call), and the ``Arrangement`` named tuple is
built with ``tuple.__new__`` (half the cost of calling the class). :func:`full_hand` builds it
once and keeps it; hands that are not for the fast path (a repeated card, a joker, a wild
deuce) go to the general search.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from remikcalc.cards.notation import PLAIN_CODES, Card
from remikcalc.rules.ruleset import Rules
from remikcalc.search.arrangement import Arrangement
from remikcalc.search.fast.build import BIT, FULL
from remikcalc.search.fast.tables import FastTables
from remikcalc.search.melds import Meld

__all__ = ["FullHand", "full_hand"]

FullHand = Callable[[Sequence[Card], Rules], Arrangement]
# what answers the hands the fast path leaves: given cards, or plain codes (``codes=True``)
Other = Callable[[Sequence[Any], Rules], Arrangement]
SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39  # a rank mask repeated in the four suits


# each plain card code (cards.PLAIN_CODES: "AS", "as", "10h", "JK", ...) -> its card's bit
CODE_BITS: dict[str, int] = {code: BIT[card] for code, card in PLAIN_CODES.items()}


def full_hand(tables: FastTables, other: Other, *, codes: bool = False) -> FullHand:
    """The one function that answers a full hand (no discard) with ``tables``.

    Built on first use and kept (per tables, so rule sets sharing the tables share it; one
    function on the tables filled entry by entry, then one on the whole tables).
    A hand the fast path does not take (a card twice, a joker, a wild deuce) goes to
    ``other``: the general search, or for the public API a function that first checks the
    hand against the pack (a hand the fast path takes is distinct natural cards, which
    every pack allows, so it needs no other check).

    With ``codes`` the function takes the hand as plain card codes (``"AS"``, see
    :data:`CODE_BITS`) instead of cards, and raises ``KeyError`` for any other token; a
    hand it leaves goes to ``other`` as those codes.
    """
    if not (tables.ready or tables.lazy):
        tables.use()
    return _kept(tables, other, codes, tables.ready)


@functools.cache
def _kept(tables: FastTables, other: Other, codes: bool, _whole: bool) -> FullHand:
    """:func:`full_hand`, kept per tables and per way of filling them (``_whole``)."""
    return _full_hand_function(tables, other, CODE_BITS.__getitem__ if codes else BIT.__getitem__)


def _full_hand_function(tables: FastTables, other: FullHand, bit: Any) -> FullHand:
    """The whole search for a full hand under rules sharing ``tables`` (built already)."""
    new: Any = tuple.__new__
    refuse = tables.refuse
    threes = not tables.sets_allowed or (tables.set_min == 3 and tables.set_sizes == {0, 3, 4})
    if threes and refuse == 1 << 52:  # not with wild deuces
        return _sets_of_three(tables, other, bit)
    arrange = tables.arrange
    general = other

    def generic(cards: Sequence[Card], rules: Rules) -> Arrangement:
        m = sum(map(bit, cards))
        if m.bit_count() != len(cards) or m & refuse:
            return general(cards, rules)
        return new(Arrangement, arrange(m))  # type: ignore[no-any-return]

    return generic


def _sets_of_three(tables: FastTables, other: FullHand, bit: Any) -> FullHand:
    """:func:`_full_hand_function` when a set is 3 or 4 cards (or there are no sets).

    A rank of 3 or 4 cards none of which a run could use is then simply one set, so most
    hands with a set skip the search over set choices.
    """
    new: Any = tuple.__new__
    cls = Arrangement
    general = other
    limit = 1 << 52  # the joker (with each card at most once, nothing else reaches it)
    set_ranks = FULL if tables.sets_allowed else 0
    rf = tables.run_free
    d0, d1, d2, d3 = tables.dead_cards
    dv = tables.dead_value
    xa, xb, xc, xd = tables.dead_and_cover
    vshift = tables.value_bits
    vmask = (1 << vshift) - 1
    cache = tables.arrangement_cache
    melds_for = tables.melds_for
    whole_sets = tables.whole_sets
    one_rank = tables.one_rank
    one_rank_choices = tables.one_rank_choices
    several_sets = _several_sets(tables)

    def hot(cards: Sequence[Card], rules: Rules) -> Arrangement:
        m = sum(map(bit, cards))  # a repeated card carries: caught by bit_count
        if m.bit_count() != len(cards) or m >= limit:
            return general(cards, rules)
        lo = m & 0x3FFFFFF
        hi = m >> 26
        a = lo & 0x1FFF  # (literals: a global costs a lookup)
        b = lo >> 13
        c = hi & 0x1FFF
        d = hi >> 13
        g = ((a & b & (c | d)) | (c & d & (a | b))) & set_ranks
        melds: tuple[Meld, ...] | None
        if not g:  # runs only: all from the per-suit tables
            deadwood = d0[a] + d1[b] + d2[c] + d3[d]
            x = xa[a] + xb[b] + xc[c] + xd[d]  # the value left, and the runs' cover
            if x > vmask:
                covered = x >> vshift
                melds = cache.get(covered)
                if melds is None:
                    melds = melds_for(covered, (), covered)
                points = x & vmask
            else:
                melds = ()
                points = x
        elif not g & (rf[a] | rf[b] | rf[c] | rf[d]):
            # no run can use a card of these ranks: each rank is one set of all its cards,
            # and taking them out changes no suit's run cover
            ng = ~g
            ga = a & ng
            gb = b & ng
            gc = c & ng
            gd = d & ng
            deadwood = d0[ga] + d1[gb] + d2[gc] + d3[gd]
            points = dv[ga] + dv[gb] + dv[gc] + dv[gd]
            covered = (xa[a] + xb[b] + xc[c] + xd[d]) >> vshift | m & g * SPREAD
            key: object = covered | g << 52  # above any card: apart from the other keys
            melds = cache.get(key)
            if melds is None:
                melds = whole_sets(covered, g, m, key)
        elif not g & (g - 1):
            # one rank of 3 or 4 cards, some of which a run could use: try its choices
            r = g.bit_length() - 1
            index = (
                (a >> r & 1 | (b >> r & 1) << 1 | (c >> r & 1) << 2 | (d >> r & 1) << 3) << 4
                | (rf[a] >> r & 1 | (rf[b] >> r & 1) << 1 | (rf[c] >> r & 1) << 2)
                | (rf[d] >> r & 1) << 3
                | r << 8
            )
            choices = one_rank[index] or one_rank_choices(index)
            points = 1 << 30
            for option in choices:
                na, nb, nc, nd, _mask, _sets = option
                value = dv[a & na] + dv[b & nb] + dv[c & nc] + dv[d & nd]
                if value < points:  # the first of the best, as in solve_sets
                    points = value
                    best = option
            na, nb, nc, nd, mask, sets = best
            a &= na
            b &= nb
            c &= nc
            d &= nd
            deadwood = d0[a] + d1[b] + d2[c] + d3[d]
            covered = (xa[a] + xb[b] + xc[c] + xd[d]) >> vshift | mask
            key = (covered, sets)
            melds = cache.get(key)
            if melds is None:
                melds = melds_for(covered, sets, key)
        else:  # several such ranks: choosing their sets costs far more than this call
            melds, deadwood, points = several_sets(m, a, b, c, d, g)
        return new(cls, (melds, deadwood, points, None))  # type: ignore[no-any-return]

    return hot


#: :func:`_several_sets`'s function: (hand, its four suits, its ranks of 3 or 4 cards) ->
#: (melds, deadwood, points)
SeveralSets = Callable[
    [int, int, int, int, int, int], tuple[tuple[Meld, ...], tuple[Card, ...], int]
]


def _several_sets(tables: FastTables) -> SeveralSets:
    """:func:`_sets_of_three`'s answer to a hand with ranks of 3 or 4 cards that a run could
    use, more than one of them: the best choice of sets (``tables.solve_sets``), with the
    melds, the deadwood and its points that choice leaves."""
    cache = tables.arrangement_cache
    solve_sets = tables.solve_sets
    melds_for = tables.melds_for
    s0, s1, s2, s3 = tables.suit_cards
    pv = tables.pattern_value

    def several_sets(
        m: int, a: int, b: int, c: int, d: int, g: int
    ) -> tuple[tuple[Meld, ...], tuple[Card, ...], int]:
        _value, covered, sets = solve_sets(a, b, c, d, g)
        key = (covered, sets)
        melds = cache.get(key)
        if melds is None:
            melds = melds_for(covered, sets, key)
        dead = m ^ covered
        a = dead & FULL
        b = dead >> 13 & FULL
        c = dead >> 26 & FULL
        d = dead >> 39
        deadwood = s0[a] + s1[b] + s2[c] + s3[d]
        points = pv[a] + pv[b] + pv[c] + pv[d]
        return melds, deadwood, points

    return several_sets
