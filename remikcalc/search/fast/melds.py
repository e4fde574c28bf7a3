"""The fast path's answer as melds: a plan's cover made into runs and sets, cached.

The search (:mod:`remikcalc.search.fast.tables`) finds which cards runs cover and which ranks are
sets; :class:`PlanMelds` turns that into :class:`Meld` objects in the canonical order. Melds
are cached by their cover (never whole hands), so a cover seen before costs one lookup.
"""

from __future__ import annotations

from collections.abc import Sequence

from remikcalc.cards.notation import CARDS
from remikcalc.search.fast.build import FULL, Plan, SuitTables
from remikcalc.search.melds import Meld, build_run, meld_key

__all__ = ["PlanMelds"]


class PlanMelds(SuitTables):
    """The melds of a cover: each suit's run cover split into legal runs, each set rank
    split into sets of legal sizes; the melds of a whole arrangement kept by its key."""

    def melds_for(
        self, covered: int, sets: tuple[tuple[int, int], ...], key: object
    ) -> tuple[Meld, ...]:
        """The melds covering ``covered`` with the ``sets``, sorted; cached under ``key``."""
        melds = self.sorted_melds((0, covered, sets))
        if len(self.arrangement_cache) > 100_000:
            self.arrangement_cache.clear()
        self.arrangement_cache[key] = melds
        return melds

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
