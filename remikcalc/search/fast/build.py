"""The fast path's per-suit tables: built whole, or filled entry by entry at first.

Every table is read by a suit's 13-bit pattern (0..8191): the pattern's value, the cards runs
cover in it, what they leave... For a rule set's first :data:`LAZY_USES` uses the tables are
:class:`_Lazy` dicts that compute an entry when it is first read; then they are built whole
as lists. Both give every entry the same value. :class:`SuitTables` holds them;
the search over them is :class:`remikcalc.search.fast.tables.FastTables`, which inherits it.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from remikcalc.cards.notation import CARDS, Card
from remikcalc.rules.ruleset import Rules
from remikcalc.search.melds import Meld, run_geometry

__all__ = ["BIT", "FULL", "LAZY_USES", "SuitTables", "Table"]

FULL = 0x1FFF
BIT = [1 << i for i in range(53)]  # the mask of each card, joker (52) included

Plan = tuple[int, int, tuple[tuple[int, int], ...]]  # (covered value, covered mask, sets)
SetOption = tuple[int, int, tuple[int, int] | None]  # (mask, value, (rank, suits) or None)
SetOptions = tuple[tuple[SetOption, ...], int]  # (choices, every card they could cover)
# (suits' masks without the set, the set's cards, the sets): see FastTables.one_rank_choices
OneRankChoice = tuple[int, int, int, int, int, tuple[tuple[int, int], ...]]
T_co = TypeVar("T_co", covariant=True)

#: hands (or discard searches) of a rule set answered from tables filled per pattern before
#: the whole tables are built: a command answering one hand reads a few dozen entries of
#: tables of 8192, far less than building them whole costs
LAZY_USES = 32


class Table(Protocol[T_co]):
    """A table by suit pattern: a list of 8192 entries, or a :class:`_Lazy` table."""

    def __getitem__(self, pattern: int, /) -> T_co: ...


class _Lazy(dict[int, Any]):
    """A table by suit pattern (0..8191) whose entries are computed when first read.

    Read with ``table[pattern]`` like the lists of the full build, so the same code serves
    both; a missing entry is made by ``make`` and kept.
    """

    __slots__ = ("make",)

    def __init__(self, make: Callable[[int], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, pattern: int) -> Any:
        found = self[pattern] = self.make(pattern)
        return found


class SuitTables:
    """The per-pattern tables of one rule set, and the caches the search keeps with them.

    The tables (``pattern_value``, ``run_cover``, ``dead_cards``...) are filled one entry at
    a time while the rule set has been used less than :data:`LAZY_USES` times (``lazy``),
    then built whole (``ready``).
    """

    # the tables, by suit pattern; the per-suit ones are one table for each suit
    pattern_value: Table[int]  # the value of the pattern's cards
    run_cover: Table[int]  # the cards runs cover (the ace taking its better end)
    run_free: Table[int]  # the cards some run could use (differs where the ace must choose)
    run_value: Table[int]  # the value runs cover
    dead_value: Table[int]  # the value runs leave
    suit_cards: list[Table[tuple[Card, ...]]]  # the pattern's cards, sorted
    dead_cards: list[Table[tuple[Card, ...]]]  # the cards runs leave, sorted
    dead_and_cover: list[Table[int]]  # the value runs leave + their cover << value_bits

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.usable = not rules.pair_rule
        # hands with these bits (a joker, wild deuces) go to the general search
        self.refuse = (1 << 52) | (
            sum(1 << (s * 13 + 1) for s in range(4)) if rules.wild_deuces else 0
        )
        self.geometry = run_geometry(rules)
        self.ready = False  # the whole tables are built
        self.lazy = False  # the tables are there, filled entry by entry
        self.uses = 0

    def use(self) -> None:
        """Count one use before the whole tables are built: the tables are filled entry by
        entry for the first :data:`LAZY_USES` uses, then built whole."""
        self.uses += 1
        if self.uses > LAZY_USES:
            self._build()
        elif not self.lazy:
            self._start()
            self._lazy_tables()
            self.lazy = True

    def build(self) -> None:
        """Build the whole tables now, if they are not built yet."""
        if not self.ready:
            self._build()

    def _build(self) -> None:
        """Build the tables, after the first uses of the rule set.

        The cyclic garbage collector is paused meanwhile: the tables are tens of thousands
        of tuples that all live on, which it would walk over and over for nothing. After the
        build everything alive is frozen (``gc.freeze``) so that later full collections do
        not walk the tables again.
        """
        paused = gc.isenabled()
        gc.disable()
        try:
            if not self.lazy:
                self._start()
            self._build_tables()
        finally:
            if paused:
                gc.freeze()
                gc.enable()

    def _start(self) -> None:
        """What both ways of filling the tables share: the rank values, the set sizes, the
        caches of set choices and melds."""
        rules = self.rules
        values = [rules.ace_value] + [rules.card_value(r) for r in range(1, 13)]
        self.rank_values = values
        self.set_min = rules.set_min
        self.sets_allowed = rules.sets_allowed
        sizes = {0}
        for _ in range(4):
            sizes |= {s + k for s in sizes for k in range(rules.set_min, rules.set_max + 1)}
        self.set_sizes = {s for s in sizes if s <= 4}
        self.set_option_cache: dict[tuple[int, int, int], SetOptions] = {}
        self.one_rank: list[tuple[OneRankChoice, ...] | None] = [None] * (13 << 8)
        self.run_meld_cache: dict[tuple[int, int], tuple[Meld, ...]] = {}
        self.set_meld_cache: dict[tuple[int, int], tuple[Meld, ...]] = {}
        self.meld_keys: dict[int, tuple[int, ...]] = {}  # cached melds live as long as we do
        self.arrangement_cache: dict[object, tuple[Meld, ...]] = {}
        groups: dict[int, int] = {}
        for i in range(52):
            v = values[i % 13]
            groups[v] = groups.get(v, 0) | (1 << i)
        self.value_groups = sorted(groups.items(), reverse=True)
        # dead_and_cover holds the value left in its low bits, the run cover (placed at the
        # suit's bits) above them, so adding the four suits' entries gives both
        self.value_bits = (4 * _dead_value_bound(values, rules.run_min)).bit_length()

    def _lazy_tables(self) -> None:
        """The per-pattern tables as :class:`_Lazy` tables, each entry as the whole build
        makes it."""
        values = self.rank_values
        k = self.rules.run_min
        geometry = self.geometry
        vb = self.value_bits

        def value(p: int) -> int:
            total = 0
            while p:
                low = p & -p
                total += values[low.bit_length() - 1]
                p ^= low
            return total

        pv = _Lazy(value)

        def covers(p: int) -> tuple[int, int]:
            if geometry.wraps:
                cover = self._around_cover(p, k)
                return cover, cover
            found = [
                _linear_cover(p, k) if order[0] == 0 else _ace_low(_linear_cover(_ace_high(p), k))
                for order in geometry.orders
            ]
            if len(found) == 1:
                return found[0], found[0]
            lo, h = found
            return (h if pv[h] > pv[lo] else lo), lo | h

        both = _Lazy(covers)
        rc = _Lazy(lambda p: both[p][0])
        dv = _Lazy(lambda p: pv[p & ~rc[p]])
        suit_cards = [_Lazy(functools.partial(_cards_of_pattern, s)) for s in range(4)]
        self.pattern_value = pv
        self.run_cover = rc
        self.run_free = _Lazy(lambda p: both[p][1])
        self.run_value = _Lazy(lambda p: pv[rc[p]])
        self.suit_cards = list(suit_cards)

        def dead_cards(cards: _Lazy, p: int) -> tuple[Card, ...]:
            return cards[p & ~rc[p]]  # type: ignore[no-any-return]

        def dead_and_cover(shift: int, p: int) -> int:
            return dv[p] + (rc[p] << shift)  # type: ignore[no-any-return]

        self.dead_cards = [_Lazy(functools.partial(dead_cards, cards)) for cards in suit_cards]
        self.dead_value = dv
        self.dead_and_cover = [
            _Lazy(functools.partial(dead_and_cover, vb + 13 * s)) for s in range(4)
        ]

    def _build_tables(self) -> None:
        values = self.rank_values
        pv = [0] * 8192
        for p in range(1, 8192):
            low = p & -p
            pv[p] = pv[p ^ low] + values[low.bit_length() - 1]
        run_cover, run_free = self._cover_tables(pv)
        suit_cards = [_suit_cards(s) for s in range(4)]
        # what runs leave of each suit pattern: its cards and their value
        left = [p & ~c for p, c in enumerate(run_cover)]
        dv = [pv[p] for p in left]
        vb = self.value_bits
        base = [c << vb for c in run_cover]
        self.pattern_value = pv
        self.run_cover = run_cover
        self.run_free = run_free
        self.run_value = [pv[c] for c in run_cover]
        self.suit_cards = list(suit_cards)
        self.dead_cards = [[cards[p] for p in left] for cards in suit_cards]
        self.dead_value = dv
        self.dead_and_cover = [
            [v + (c << 13 * s) for v, c in zip(dv, base, strict=True)] for s in range(4)
        ]
        self.ready = True

    def _cover_tables(self, pv: list[int]) -> tuple[list[int], list[int]]:
        """For every suit pattern: the cards runs cover (the ace taking its better end), and
        the cards some run could use (differs only where the ace must choose)."""
        k = self.rules.run_min
        if self.geometry.wraps:
            cover = [self._around_cover(p, k) for p in range(8192)]
            return cover, cover
        linear = _linear_covers(k)
        covers = [
            linear if order[0] == 0 else [_ace_low(linear[_ace_high(p)]) for p in range(8192)]
            for order in self.geometry.orders  # the ace low (A..K) or high (2..A)
        ]
        if len(covers) == 1:
            return covers[0], covers[0]
        low, high = covers
        best = [h if pv[h] > pv[lo] else lo for lo, h in zip(low, high, strict=True)]
        return best, [lo | h for lo, h in zip(low, high, strict=True)]

    @staticmethod
    def _around_cover(pattern: int, k: int) -> int:
        if pattern == FULL:
            return FULL
        doubled = _linear_cover(pattern | (pattern << 13), k)
        return (doubled | (doubled >> 13)) & FULL


def _suit_cards(suit: int) -> list[tuple[Card, ...]]:
    """Sorted cards of each 13-bit pattern of one suit.

    Built by doubling: the patterns holding rank bit ``r`` are those below ``1 << r`` with
    that card appended, which keeps every tuple sorted.
    """
    table: list[tuple[Card, ...]] = [()]
    for r in range(13):
        card = (CARDS[13 * suit + r],)
        table += [cards + card for cards in table]
    return table


def _cards_of_pattern(suit: int, pattern: int) -> tuple[Card, ...]:
    """The cards of one suit's 13-bit pattern, sorted (an entry of :func:`_suit_cards`)."""
    return tuple(CARDS[13 * suit + r] for r in range(13) if pattern >> r & 1)


def _linear_covers(run_min: int) -> list[int]:
    """:func:`_linear_cover` of every 13-bit pattern, computed list by list."""
    patterns = range(8192)
    starts = list(patterns)
    for k in range(1, run_min):
        starts = [s & (p >> k) for s, p in zip(starts, patterns, strict=True)]
    covers = [0] * 8192
    for k in range(run_min):
        covers = [c | (s << k) for c, s in zip(covers, starts, strict=True)]
    return [c & FULL for c in covers]


def _linear_cover(pattern: int, run_min: int) -> int:
    """Cards of ``pattern`` lying in a block of at least ``run_min`` consecutive bits."""
    starts = pattern
    for k in range(1, run_min):
        starts &= pattern >> k
    covered = 0
    for k in range(run_min):
        covered |= starts << k
    return covered


def _ace_high(pattern: int) -> int:
    """Reorder A..K to 2..A (the ace moves to the top bit)."""
    return (pattern >> 1) | ((pattern & 1) << 12)


def _ace_low(pattern: int) -> int:
    """Inverse of :func:`_ace_high`."""
    return ((pattern << 1) & 0x1FFE) | (pattern >> 12)


def _dead_value_bound(values: Sequence[int], run_min: int) -> int:
    """At least the value any suit pattern keeps outside runs.

    What runs leave of a suit holds no ``run_min`` consecutive ranks among 2..K (such a block
    is a run in every order of the ranks), and perhaps the ace: the most value of such ranks
    (a small dynamic programme), plus the ace's.
    """
    best = [0] * run_min  # best[j]: the most value with the last j ranks taken (j < run_min)
    for value in values[1:]:
        best = [max(best), *(best[j - 1] + value for j in range(1, run_min))]
    return max(best) + values[0]
