"""The single-pack fast path of the meld search: no wild cards, no pair rule.

Without wild cards and with one copy of each card, what runs can cover in one suit depends
only on that suit's 13-bit pattern: every card of a block of at least ``run_min`` consecutive
cards (a long block splits into legal runs). So the search only has to choose the sets: for
each rank holding enough cards it tries the useful subsets, then reads the runs' cover of each
suit from a table. For a rule set's first few hands the tables are filled entry by entry
(:data:`LAZY_USES`), then built whole (about 8 ms); never at import time. The tests check
that this path and the general search agree, and that both ways of filling give the same
tables.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable, Iterable, Sequence
from itertools import product
from typing import Any, Protocol, TypeVar

from remikcalc.cards.notation import CARDS, Card
from remikcalc.rules.variants import Rules
from remikcalc.search.melds import Meld, build_run, meld_key, run_geometry

__all__ = ["FastTables", "fast_tables"]

FULL = 0x1FFF
BIT = [1 << i for i in range(53)]  # the mask of each card, joker (52) included

Plan = tuple[int, int, tuple[tuple[int, int], ...]]  # (covered value, covered mask, sets)
SetOption = tuple[int, int, tuple[int, int] | None]  # (mask, value, (rank, suits) or None)
SetOptions = tuple[tuple[SetOption, ...], int]  # (choices, every card they could cover)
# (suits' masks without the set, the set's cards, the sets): see FastTables.one_rank_choices
OneRankChoice = tuple[int, int, int, int, int, tuple[tuple[int, int], ...]]
Result = tuple[tuple[Meld, ...], tuple[Card, ...], int, Card | None]
T_co = TypeVar("T_co", covariant=True)


class Table(Protocol[T_co]):
    """A table by suit pattern: a list of 8192 entries, or a :class:`_Lazy` table."""

    def __getitem__(self, pattern: int, /) -> T_co: ...


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


#: hands (or discard searches) of a rule set answered from tables filled per pattern before
#: the whole tables are built: a command answering one hand reads a few dozen entries of
#: tables of 8192, and the whole build costs 7-8 ms
LAZY_USES = 32


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


class FastTables:
    """Everything the fast path precomputes for one rule set.

    The per-pattern tables (``pattern_value``, ``run_cover``, ``dead_cards``...) are filled
    one entry at a time while the rule set has been used less than :data:`LAZY_USES` times
    (``lazy``), then built whole (``ready``); both give every entry the same value.
    """

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

    def _build(self) -> None:
        """Build the tables (a few ms), after the first uses of the rule set.

        The cyclic garbage collector is paused meanwhile: the tables are tens of thousands
        of tuples that all live on, and collecting while making them tripled the time. After
        the build everything alive is frozen (``gc.freeze``) so that later full collections
        do not walk the tables again (each such walk paused the program for 50-140 ms).
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
        self.pattern_value: Table[int] = pv
        self.run_cover: Table[int] = rc
        self.run_free: Table[int] = _Lazy(lambda p: both[p][1])
        self.run_value: Table[int] = _Lazy(lambda p: pv[rc[p]])
        self.suit_cards: list[Table[tuple[Card, ...]]] = list(suit_cards)

        def dead_cards(cards: _Lazy, p: int) -> tuple[Card, ...]:
            return cards[p & ~rc[p]]  # type: ignore[no-any-return]

        def dead_and_cover(shift: int, p: int) -> int:
            return dv[p] + (rc[p] << shift)  # type: ignore[no-any-return]

        self.dead_cards: list[Table[tuple[Card, ...]]] = [
            _Lazy(functools.partial(dead_cards, cards)) for cards in suit_cards
        ]
        self.dead_value: Table[int] = dv
        self.dead_and_cover: list[Table[int]] = [
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

    # -- tables ----------------------------------------------------------------------------------

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

    def one_rank_choices(self, index: int) -> tuple[OneRankChoice, ...]:
        """:meth:`set_options` for ``index`` = rank << 8 | present << 4 | free, as masks.

        Each choice is (the four suits' masks without its set, its set's cards, the sets
        as :meth:`solve_sets` lists them), in the same order.
        """
        rank = index >> 8
        options, _union = self.set_options(rank, index >> 4 & 15, index & 15)
        choices = []
        for mask, _value, info in options:
            keep = [~(mask >> (13 * s) & FULL) for s in range(4)]
            sets = () if info is None else (info,)
            choices.append((keep[0], keep[1], keep[2], keep[3], mask, sets))
        found = tuple(choices)
        self.one_rank[index] = found
        return found

    def set_options(self, rank: int, present: int, free: int) -> SetOptions:
        """Useful choices of sets at ``rank``, and every card they could cover.

        ``present`` = suits holding the rank, ``free`` = those a run could also use. A card no
        run can use is better in a set than a card a run could use, so only subsets holding
        every such card, or none of the run-usable ones, are tried. Each choice is
        (mask, value, (rank, suits) or None), the largest first.
        """
        key = (rank, present, free)
        found = self.set_option_cache.get(key)
        if found is not None:
            return found
        fixed = present & ~free
        value = self.rank_values[rank]
        subsets = [u for u in range(16) if u & present == u and u.bit_count() in self.set_sizes]
        keep = [u for u in subsets if u & fixed == fixed and u & free]
        inside = [u for u in subsets if not u & free]
        best_inside = max(inside, key=lambda u: (u.bit_count(), -u))
        keep.append(best_inside)
        keep.sort(key=lambda u: (-u.bit_count(), u))
        options = tuple(
            (
                sum(1 << (13 * s + rank) for s in range(4) if u >> s & 1),
                value * u.bit_count(),
                (rank, u) if u else None,
            )
            for u in keep
        )
        union = 0
        for mask, _value, _info in options:
            union |= mask
        found = (options, union)
        self.set_option_cache[key] = found
        return found

    # -- the search ------------------------------------------------------------------------------

    def solve(self, m: int) -> Plan:
        """Best cover of the hand ``m`` (52-bit mask): value, covered mask and the sets."""
        a = m & FULL
        b = (m >> 13) & FULL
        c = (m >> 26) & FULL
        d = m >> 39
        rc = self.run_cover
        rv = self.run_value
        g = self._set_ranks(a, b, c, d) if self.sets_allowed else 0
        if not g:
            return (
                rv[a] + rv[b] + rv[c] + rv[d],
                rc[a] | rc[b] << 13 | rc[c] << 26 | rc[d] << 39,
                (),
            )
        return self.solve_sets(a, b, c, d, g)

    def solve_sets(self, a: int, b: int, c: int, d: int, g: int) -> Plan:
        rc = self.run_cover
        rv = self.run_value
        rf = self.run_free
        ra, rb, rcc, rd = rf[a], rf[b], rf[c], rf[d]
        fixed_mask = 0
        fixed_value = 0
        fixed_sets: list[tuple[int, int]] = []
        choices: list[tuple[SetOption, ...]] = []
        upper = ra | rb << 13 | rcc << 26 | rd << 39
        while g:
            low = g & -g
            g ^= low
            r = low.bit_length() - 1
            present = (a >> r & 1) | (b >> r & 1) << 1 | (c >> r & 1) << 2 | (d >> r & 1) << 3
            free = (ra >> r & 1) | (rb >> r & 1) << 1 | (rcc >> r & 1) << 2 | (rd >> r & 1) << 3
            options, union = self.set_options(r, present, free)
            upper |= union
            if len(options) == 1:
                mask, value, info = options[0]
                fixed_mask |= mask
                fixed_value += value
                if info is not None:
                    fixed_sets.append(info)
            else:
                choices.append(options)
        pv = self.pattern_value
        upper_value = (
            pv[upper & FULL] + pv[(upper >> 13) & FULL] + pv[(upper >> 26) & FULL] + pv[upper >> 39]
        )
        a0 = a & ~fixed_mask
        b0 = b & ~(fixed_mask >> 13)
        c0 = c & ~(fixed_mask >> 26)
        d0 = d & ~(fixed_mask >> 39)
        best_value = -1
        best_removed = 0
        best_sets: tuple[SetOption, ...] = ()
        if len(choices) == 1:
            combos: Iterable[tuple[SetOption, ...]] = ((o,) for o in choices[0])
        else:
            combos = product(*choices)
        for combo in combos:
            removed = 0
            value = fixed_value
            for mask, v, _info in combo:
                removed |= mask
                value += v
            value += (
                rv[a0 & ~removed]
                + rv[b0 & ~(removed >> 13)]
                + rv[c0 & ~(removed >> 26)]
                + rv[d0 & ~(removed >> 39)]
            )
            if value > best_value:
                best_value = value
                best_removed = removed
                best_sets = combo
                if value == upper_value:
                    break
        removed = best_removed | fixed_mask
        a1 = a & ~removed
        b1 = b & ~(removed >> 13)
        c1 = c & ~(removed >> 26)
        d1 = d & ~(removed >> 39)
        covered = removed | rc[a1] | rc[b1] << 13 | rc[c1] << 26 | rc[d1] << 39
        for _mask, _v, info in best_sets:
            if info is not None:
                fixed_sets.append(info)
        return best_value, covered, tuple(fixed_sets)

    # -- building the answer ---------------------------------------------------------------------

    def cards_of(self, m: int) -> tuple[Card, ...]:
        """The cards of a mask, sorted."""
        s0, s1, s2, s3 = self.suit_cards
        return s0[m & FULL] + s1[(m >> 13) & FULL] + s2[(m >> 26) & FULL] + s3[m >> 39]

    def points_of(self, m: int) -> int:
        pv = self.pattern_value
        return pv[m & FULL] + pv[(m >> 13) & FULL] + pv[(m >> 26) & FULL] + pv[m >> 39]

    def run_melds(self, suit: int, covered: int) -> tuple[Meld, ...]:
        key = (suit, covered)
        found = self.run_meld_cache.get(key)
        if found is None:
            found = tuple(
                _checked(build_run([CARDS[13 * suit + r] for r in block], [], self.rules))
                for block in self._blocks(covered)
            )
            self.run_meld_cache[key] = found
            for meld in found:
                self.meld_keys[id(meld)] = meld_key(meld)
        return found

    def _blocks(self, covered: int) -> list[list[int]]:
        """Split a suit's run cover into runs (rank indexes, low end first): along the first
        order of the ranks (ace low, then ace high) that leaves no short run."""
        if self.geometry.wraps:
            if covered == FULL:
                return [list(range(13))]
            start = next(r for r in range(13) if not covered >> r & 1)
            return _runs_in([(start + 1 + i) % 13 for i in range(12)], covered)
        k = self.rules.run_min
        for order in self.geometry.orders:
            blocks = _runs_in(order, covered)
            if _all_long(blocks, k):
                break
        return blocks

    def set_melds(self, rank: int, suits: int) -> tuple[Meld, ...]:
        key = (rank, suits)
        found = self.set_meld_cache.get(key)
        if found is None:
            cards = [CARDS[13 * s + rank] for s in range(4) if suits >> s & 1]
            parts = _split(len(cards), self.rules.set_min, self.rules.set_max)
            melds = []
            for size in parts:
                group, cards = cards[:size], cards[size:]
                melds.append(Meld("set", tuple(group), (None,) * size))
            found = tuple(melds)
            self.set_meld_cache[key] = found
            for meld in found:
                self.meld_keys[id(meld)] = meld_key(meld)
        return found

    def sorted_melds(self, plan: Plan) -> tuple[Meld, ...]:
        """The plan's melds in the canonical order of :func:`meld_key`."""
        melds = self.melds_of(plan)
        if len(melds) > 1:
            keys = self.meld_keys
            melds.sort(key=lambda meld: keys[id(meld)])
        return tuple(melds)

    def melds_of(self, plan: Plan) -> list[Meld]:
        _value, covered, sets = plan
        melds: list[Meld] = []
        removed = 0
        for rank, suits in sets:
            melds += self.set_melds(rank, suits)
            for s in range(4):
                if suits >> s & 1:
                    removed |= 1 << (13 * s + rank)
        runs = covered & ~removed
        for s in range(4):
            p = (runs >> (13 * s)) & FULL
            if p:
                melds += self.run_melds(s, p)
        return melds

    def arrange(self, m: int) -> Result:
        """(melds, deadwood, points, None) for the hand ``m`` (52-bit mask)."""
        if not self.ready:
            self.use()
        a = m & FULL
        b = (m >> 13) & FULL
        c = (m >> 26) & FULL
        d = m >> 39
        if not self.sets_allowed:
            g = 0
        elif self.set_min == 3:
            g = (a & b & (c | d)) | (c & d & (a | b))
        else:
            g = self._set_ranks(a, b, c, d)
        key: object
        if g:
            _value, covered, sets = self.solve_sets(a, b, c, d, g)
            key = (covered, sets)
        else:
            rc = self.run_cover
            covered = rc[a] | rc[b] << 13 | rc[c] << 26 | rc[d] << 39
            key = covered
            if not covered:
                s0, s1, s2, s3 = self.suit_cards
                pv = self.pattern_value
                return (), s0[a] + s1[b] + s2[c] + s3[d], pv[a] + pv[b] + pv[c] + pv[d], None
            sets = ()
        melds = self.arrangement_cache.get(key)
        if melds is None:
            melds = self.melds_for(covered, sets, key)
        dead = m ^ covered
        a = dead & FULL
        b = (dead >> 13) & FULL
        c = (dead >> 26) & FULL
        d = dead >> 39
        s0, s1, s2, s3 = self.suit_cards
        pv = self.pattern_value
        return melds, s0[a] + s1[b] + s2[c] + s3[d], pv[a] + pv[b] + pv[c] + pv[d], None

    def build(self) -> None:
        """Build the whole tables now, if they are not built yet."""
        if not self.ready:
            self._build()

    def whole_sets(self, covered: int, g: int, m: int, key: object) -> tuple[Meld, ...]:
        """The melds when each rank of ``g`` is one set of all its cards in the hand ``m``
        and the runs cover the rest of ``covered`` (cached under ``key``)."""
        found_sets = []
        x = g
        while x:
            low = x & -x
            x ^= low
            r = low.bit_length() - 1
            suits = sum(1 << s for s in range(4) if m >> (13 * s + r) & 1)
            found_sets.append((r, suits))
        return self.melds_for(covered, tuple(found_sets), key)

    def arrange_discard(self, m: int) -> Result:
        """(melds, deadwood, points, discard) for a hand one card over a full hand."""
        if not self.ready:
            self.use()
        card, plan, points = self.best_discard(m)
        _value, covered, sets = plan
        key: object = (covered, sets) if sets else covered
        melds = self.arrangement_cache.get(key)
        if melds is None:
            melds = self.melds_for(covered, sets, key)
        dead = (m ^ (1 << card)) & ~covered
        return melds, self.cards_of(dead), points, CARDS[card]

    def melds_for(
        self, covered: int, sets: tuple[tuple[int, int], ...], key: object
    ) -> tuple[Meld, ...]:
        melds = self.sorted_melds((0, covered, sets))
        if len(self.arrangement_cache) > 100_000:
            self.arrangement_cache.clear()
        self.arrangement_cache[key] = melds
        return melds

    def _set_ranks(self, a: int, b: int, c: int, d: int) -> int:
        """Ranks holding at least ``set_min`` cards (for set_min other than 3)."""
        if self.set_min == 2:
            return (a & (b | c | d)) | (b & (c | d)) | (c & d)
        if self.set_min == 3:
            return (a & b & (c | d)) | (c & d & (a | b))
        return a & b & c & d

    def best_discard(self, m: int) -> tuple[int, Plan, int]:
        """(discarded card, plan of the rest, points) for a hand one card over."""
        plan = self.solve(m)
        base = self.points_of(m) - plan[0]
        covered = plan[1]
        dead = m & ~covered
        best: tuple[int, int, int] | None = None  # (points, -value, -card)
        best_plan = plan
        for value, group in self.value_groups:
            x = m & group
            while x:
                card = x.bit_length() - 1
                bit = 1 << card
                x ^= bit
                if best is not None and base - value >= best[0]:
                    return -best[2], best_plan, best[0]
                if dead & bit:
                    best = (base - value, -value, -card)
                    best_plan = (plan[0], plan[1], plan[2])
                    continue
                other = self.solve(m ^ bit)
                points = base + plan[0] - value - other[0]
                key = (points, -value, -card)
                if best is None or key < best:
                    best = key
                    best_plan = other
        assert best is not None
        return -best[2], best_plan, best[0]


def _cards_of_pattern(suit: int, pattern: int) -> tuple[Card, ...]:
    """The cards of one suit's 13-bit pattern, sorted (an entry of :func:`_suit_cards`)."""
    return tuple(CARDS[13 * suit + r] for r in range(13) if pattern >> r & 1)


def _checked(meld: Meld | None) -> Meld:
    if meld is None:  # pragma: no cover - blocks are legal runs by construction
        raise AssertionError("fast path built an illegal run")
    return meld


def _runs_in(order: Sequence[int], covered: int) -> list[list[int]]:
    blocks: list[list[int]] = []
    current: list[int] = []
    for r in order:
        if covered >> r & 1:
            current.append(r)
        elif current:
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def _all_long(blocks: list[list[int]], k: int) -> bool:
    return all(len(b) >= k for b in blocks)


def _split(n: int, lo: int, hi: int) -> list[int]:
    """Sizes in lo..hi summing to n (largest first)."""
    for size in range(min(hi, n), lo - 1, -1):
        if size == n:
            return [n]
        rest = _split(n - size, lo, hi) if n - size >= lo else []
        if rest:
            return [size, *rest]
    return []


_TABLES: dict[tuple[object, ...], FastTables] = {}
_BY_ID: dict[int, tuple[Rules, FastTables]] = {}


def fast_tables(rules: Rules) -> FastTables:
    """The tables for a rule set, built on first use and shared by equal rule sets."""
    hit = _BY_ID.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    key = (
        rules.sets_allowed, rules.set_min, rules.set_max, rules.run_min, rules.ace_runs,
        rules.ace_value, rules.court_value, rules.ace_low_value, rules.joker_value,
        rules.pair_rule, rules.wild_deuces,
    )  # fmt: skip
    tables = _TABLES.get(key)
    if tables is None:
        tables = _TABLES[key] = FastTables(rules)
    if len(_BY_ID) > 64:
        _BY_ID.clear()
    _BY_ID[id(rules)] = (rules, tables)
    return tables
