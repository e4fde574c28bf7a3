"""The general search's meld cores for one rule set, kept across searches: each card's run
cores (by suit pattern and wild cards), set cores and core values, and a search's run cores
on a hand's local card identities (:class:`CoreTables`, found by :func:`core_tables`).

:mod:`remikcalc.search.general.arrange` searches with them.
"""

from __future__ import annotations

from itertools import combinations

from remikcalc.cards.notation import CARDS, Card
from remikcalc.rules.ruleset import Rules
from remikcalc.search.melds import (
    MAX_RUN,
    best_run_window,
    run_geometry,
    set_capacity,
    set_value,
)

__all__ = ["Core"]

# (needed cards, removal, lo, hi, kind, naturals): a meld core on a hand's local card identities
Core = tuple[int, object, int, int, str, tuple[Card, ...]]
# a card's run cores shared between searches: (translated to local identities so far, every
# core as (ranks, lo, hi), the local bit of each rank, the suit, layers, identities)
LocalRuns = tuple[list[Core], list[tuple[int, int, int]], list[int], int, int, int]


def spread_mask(mask: int, layers: int, width: int = 52) -> int:
    """``mask`` repeated in each of ``layers`` layers of ``width`` bits."""
    out = 0
    for k in range(layers):
        out |= mask << (width * k)
    return out


class CoreTables:
    """Core enumeration for one rule set, cached across searches."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.run_cache: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}
        self.line = run_geometry(rules).line
        self.value_cache: dict[tuple[str, int, frozenset[int], int], int] = {}  # by size
        # a search's run cores (on local identities) by (card, suit pattern, wild cards, the
        # identities of the suit's cards, identities, layers): see _Search._cores_for
        # (translated so far, what is left to translate, and how): see _Search._cores_for
        self.local_runs: dict[tuple[int, int, int, tuple[int, ...], int, int], LocalRuns] = {}

    def local_runs_upto(self, entry: LocalRuns, count: int) -> list[Core]:
        """The first ``count`` run cores of ``entry`` on local identities (all of them for a
        large ``count``), translating the cores not translated yet."""
        done, raw, bits, suit, layers, n = entry
        stop = min(count, len(raw))
        if len(done) < stop:
            suited = CARDS[suit * 13 : suit * 13 + 13]
            for ranks, lo, hi in raw[len(done) : stop]:
                mask = 0
                naturals: list[Card] = []
                rest = ranks
                while rest:
                    low = rest & -rest
                    r = low.bit_length() - 1
                    mask |= bits[r]
                    naturals.append(suited[r])
                    rest ^= low
                removal = mask if layers == 1 else spread_mask(mask, layers, n)
                done.append((mask, removal, lo, hi, "run", tuple(naturals)))
        return done if stop == len(raw) else done[:stop]  # (a part: a copy)

    def run_cores(self, card: int, pattern: int, wilds: int) -> list[tuple[int, int, int]]:
        """(rank mask, lo, hi) of every run core holding ``card`` within ``pattern``."""
        key = (card, pattern, wilds)
        found = self.run_cache.get(key)
        if found is not None:
            return found
        rules = self.rules
        own = 1 << (card % 13)
        present = [q for q in self.line if pattern >> ((q - 1) % 13) & 1]
        bits = [1 << ((q - 1) % 13) for q in present]
        best: dict[int, tuple[int, int]] = {}
        for i, a in enumerate(present):
            for j in range(i, len(present)):
                b = present[j]
                span = b - a + 1
                if span > MAX_RUN:
                    break
                ends = 1 if a == b else 2
                base = bits[i] | bits[j]
                inner = bits[i + 1 : j]
                if not base & own:  # the card must be in the core: an inner card, or none
                    inner_own = [k for k, bit in enumerate(inner) if bit & own]
                    if not inner_own:
                        continue
                else:
                    inner_own = []
                need = span - wilds - ends  # fewest inner cards to keep the gaps fillable
                for size in range(max(0, need), len(inner) + 1):
                    n = size + ends
                    lo = max(rules.run_min, span) - n
                    hi = MAX_RUN - n
                    if rules.jokers_minority:
                        hi = min(hi, n - 1)
                    if lo > wilds or lo > hi:
                        continue
                    for chosen in combinations(inner, size):
                        ranks = base
                        for bit in chosen:
                            ranks |= bit
                        if inner_own and not ranks & own:
                            continue
                        old = best.get(ranks)
                        if old is None or lo < old[0]:
                            best[ranks] = (lo, hi)
        found = [(ranks, lo, hi) for ranks, (lo, hi) in sorted(best.items())]
        self.run_cache[key] = found
        return found

    def set_cores(
        self, card: int, suits: tuple[int, ...]
    ) -> list[tuple[tuple[int, ...], int, int]]:
        """(copies per suit, lo, hi) for sets holding ``card``; ``suits`` = copies per suit."""
        rules = self.rules
        if not rules.sets_allowed:
            return []
        own = card // 13
        limit = 1 if rules.set_distinct_suits else rules.decks
        ranges = [range(1 if s == own else 0, min(suits[s], limit) + 1) for s in range(4)]
        cap = set_capacity(rules)
        out: list[tuple[tuple[int, ...], int, int]] = []
        for a in ranges[0]:
            for b in ranges[1]:
                for c in ranges[2]:
                    for d in ranges[3]:
                        n = a + b + c + d
                        if n == 0 or n > cap:
                            continue
                        lo = max(0, rules.set_min - n)
                        hi = cap - n
                        if rules.jokers_minority:
                            hi = min(hi, n - 1)
                        if lo <= hi:
                            out.append(((a, b, c, d), lo, hi))
        out.sort(key=lambda t: (-sum(t[0]), t[0]))
        return out

    def core_value(
        self, kind: str, rank0: int, ranks: frozenset[int], naturals: int, wilds: int
    ) -> int:
        key = (kind, rank0, ranks, naturals + wilds)
        value = self.value_cache.get(key)
        if value is None:
            size = naturals + wilds
            if kind == "set":
                value = set_value(self.rules, rank0, size)
            else:
                found = best_run_window(ranks, size, self.rules)
                value = found[0] if found is not None else 0
            self.value_cache[key] = value
        return value


CORE_TABLES: dict[tuple[object, ...], CoreTables] = {}


def core_tables(rules: Rules) -> CoreTables:
    key = (
        rules.sets_allowed,
        rules.set_min,
        rules.set_max,
        rules.set_distinct_suits,
        rules.run_min,
        rules.ace_runs,
        rules.jokers_minority,
        rules.decks,
        rules.ace_value,
        rules.ace_low_value,
        rules.court_value,
    )
    tables = CORE_TABLES.get(key)
    if tables is None:
        if len(CORE_TABLES) > 32:
            CORE_TABLES.clear()
        tables = CORE_TABLES[key] = CoreTables(rules)
    return tables
