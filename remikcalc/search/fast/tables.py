"""The single-pack fast path of the meld search: no wild cards, no pair rule.

Without wild cards and with one copy of each card, what runs can cover in one suit depends
only on that suit's 13-bit pattern: every card of a block of at least ``run_min`` consecutive
cards (a long block splits into legal runs). So the search only has to choose the sets: for
each rank holding enough cards it tries the useful subsets, then reads the runs' cover of each
suit from a table. For a rule set's first few hands the tables are filled entry by entry
(:data:`LAZY_USES`), then built whole; never at import time. The tests check
that this path and the general search agree, and that both ways of filling give the same
tables.

This module is the search over the tables (:class:`FastTables`: the set choices, the best
cover of a hand, the best discard) and finds the tables of a rule set (:func:`fast_tables`).
The tables themselves, built whole or filled entry by entry, are
:mod:`remikcalc.search.fast.build`; the melds of an answer, :mod:`remikcalc.search.fast.melds`.
The full-hand function most hands go through is :mod:`remikcalc.search.fast.hand`.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product

from remikcalc.cards.notation import CARDS, Card
from remikcalc.rules.ruleset import Rules
from remikcalc.search.fast.build import (
    FULL,
    OneRankChoice,
    Plan,
    SetOption,
    SetOptions,
)
from remikcalc.search.fast.melds import PlanMelds
from remikcalc.search.melds import Meld

__all__ = [
    "FastTables",
    "fast_tables",
]

Result = tuple[tuple[Meld, ...], tuple[Card, ...], int, Card | None]


class FastTables(PlanMelds):
    """Everything the fast path precomputes for one rule set, and the search over it.

    The per-pattern tables (``pattern_value``, ``run_cover``, ``dead_cards``...) are filled
    one entry at a time while the rule set has been used less than :data:`LAZY_USES` times
    (``lazy``), then built whole (``ready``); both give every entry the same value
    (:class:`remikcalc.search.fast.build.SuitTables`). The melds of an answer are made and
    cached by :class:`remikcalc.search.fast.melds.PlanMelds`.
    """

    # -- the set choices -------------------------------------------------------------------------

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

    def cards_of(self, m: int) -> tuple[Card, ...]:
        """The cards of a mask, sorted."""
        s0, s1, s2, s3 = self.suit_cards
        return s0[m & FULL] + s1[(m >> 13) & FULL] + s2[(m >> 26) & FULL] + s3[m >> 39]

    def points_of(self, m: int) -> int:
        pv = self.pattern_value
        return pv[m & FULL] + pv[(m >> 13) & FULL] + pv[(m >> 26) & FULL] + pv[m >> 39]

    # -- the answer ------------------------------------------------------------------------------

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


_TABLES: dict[tuple[object, ...], FastTables] = {}
_BY_ID: dict[int, tuple[Rules, FastTables]] = {}


def fast_tables(rules: Rules) -> FastTables:
    """The tables for a rule set, built on first use and shared by equal rule sets."""
    hit = _BY_ID.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    key = (
        rules.sets_allowed,
        rules.set_min,
        rules.set_max,
        rules.run_min,
        rules.ace_runs,
        rules.ace_value,
        rules.court_value,
        rules.ace_low_value,
        rules.joker_value,
        rules.pair_rule,
        rules.wild_deuces,
    )
    tables = _TABLES.get(key)
    if tables is None:
        tables = _TABLES[key] = FastTables(rules)
    if len(_BY_ID) > 64:
        _BY_ID.clear()
    _BY_ID[id(rules)] = (rules, tables)
    return tables
