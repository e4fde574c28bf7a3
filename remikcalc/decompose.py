"""The exact meld search: best melds, deadwood, best discard, melds of greatest value.

Two engines give the same answers:

* the general search (:class:`_Search`) handles everything the rules allow: jokers, wild
  deuces, several packs, the pair rule. It takes the first remaining card (in a fixed order)
  and branches on what becomes of it: left unmatched, discarded, or the first card of a meld
  *core* (the natural cards of a meld) with a number of wild cards; results are memoised on
  the remaining cards and wild cards, so the search is exhaustive yet fast.
* the single-pack fast path (:mod:`remikcalc._fastmeld`) for hands without wild cards and
  without the pair rule: per-suit tables of what runs can cover, and a small enumeration of
  the sets.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import NamedTuple

from remikcalc._fastpath import FastTables, fast_tables
from remikcalc.cards import CARDS, JOKER, Card, check_pack, is_grouped, parse_cards, parse_groups
from remikcalc.errors import CardError, MeldError
from remikcalc.melds import (
    MAX_RUN,
    Meld,
    best_run_window,
    build_run,
    build_set,
    classify_meld,
    hand_value,
    meld_key,
    run_geometry,
    set_capacity,
    set_value,
    split_groups,
)
from remikcalc.variants import Rules, get_rules

__all__ = [
    "Arrangement",
    "analyze_hand",
    "arrangement_from_groups",
    "best_arrangement",
    "best_value_melds",
]

JOKER_INDEX = 52
_BIT = [1 << i for i in range(53)]
SCALE = 1 << 20  # points are scaled by this so a discard's tie-break fits below them
INF = float("inf")


class Arrangement(NamedTuple):
    """Melds found in a hand, the unmatched cards (sorted) and their count.

    A named tuple rather than a frozen dataclass: the fast path builds one for every hand in
    about 0.15 us, a third of what a frozen dataclass's ``__init__`` costs.
    """

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    points: int
    discard: Card | None = None


# --- helpers shared by the engines ------------------------------------------------------------


def _tiebreak(card: int, rules: Rules) -> int:
    """Smaller for the preferred discard: highest value, then highest card index."""
    return (SCALE - 1) - (rules.card_value(card) * 64 + card)


_meld_key = meld_key


def _merge_runs(melds: list[Meld], rules: Rules) -> list[Meld]:
    """Join runs of one suit that continue each other (4-5-6 + 7-8-9 is laid as 4..9)."""
    changed = True
    while changed:
        changed = False
        runs = [m for m in melds if m.kind == "run"]
        for a in runs:
            for b in runs:
                if a is b:
                    continue
                joined = _join(a, b, rules)
                if joined is not None:
                    melds = [m for m in melds if m is not a and m is not b] + [joined]
                    changed = True
                    break
            if changed:
                break
    return melds


def _join(a: Meld, b: Meld, rules: Rules) -> Meld | None:
    last = a.stands_for[-1] if a.stands_for[-1] is not None else a.cards[-1]
    first = b.stands_for[0] if b.stands_for[0] is not None else b.cards[0]
    if last // 13 != first // 13 or (last % 13 + 1) % 13 != first % 13:
        return None
    if len(a.cards) + len(b.cards) > MAX_RUN:
        return None
    cards = a.cards + b.cards
    stands = a.stands_for + b.stands_for
    try:
        meld = classify_meld(cards, rules)
    except MeldError:
        return None
    if meld.kind != "run" or meld.value(rules) < a.value(rules) + b.value(rules):
        return None
    if meld.wild_count != sum(1 for s in stands if s is not None):
        return None
    return meld


def _finish(
    melds: list[Meld], deadwood: list[Card], rules: Rules, discard: Card | None
) -> Arrangement:
    melds = _merge_runs(melds, rules)
    melds.sort(key=_meld_key)
    dead = tuple(sorted(deadwood))
    return Arrangement(tuple(melds), dead, hand_value(dead, rules), discard)


# --- the general search -----------------------------------------------------------------------


# (needed cards, removal, lo, hi, kind, naturals): a meld core on a hand's local card identities
Core = tuple[int, object, int, int, str, tuple[Card, ...]]
State = tuple[int, int, int, int, tuple[int, ...], int]


def _spread(mask: int, layers: int, width: int = 52) -> int:
    """``mask`` repeated in each of ``layers`` layers of ``width`` bits."""
    out = 0
    for k in range(layers):
        out |= mask << (width * k)
    return out


class _Geometry:
    """Core enumeration for one rule set, cached across searches."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.run_cache: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}
        self.line = run_geometry(rules).line
        self.value_cache: dict[tuple[str, int, frozenset[int], int], int] = {}  # by size

    def run_cores(self, card: int, pattern: int, wilds: int) -> list[tuple[int, int, int]]:
        """(rank mask, lo, hi) of every run core holding ``card`` within ``pattern``."""
        key = (card, pattern, wilds)
        found = self.run_cache.get(key)
        if found is not None:
            return found
        rules = self.rules
        rank0 = card % 13
        present = [q for q in self.line if pattern >> ((q - 1) % 13) & 1]
        best: dict[int, tuple[int, int]] = {}
        for i, a in enumerate(present):
            for j in range(i, len(present)):
                b = present[j]
                span = b - a + 1
                if span > MAX_RUN:
                    break
                inner = present[i + 1 : j]
                ends = 1 if a == b else 2
                need = span - wilds - ends  # fewest inner cards to keep the gaps fillable
                for size in range(max(0, need), len(inner) + 1):
                    for chosen in combinations(inner, size):
                        positions = (a, *chosen, b) if ends == 2 else (a,)
                        ranks = 0
                        for q in positions:
                            ranks |= 1 << ((q - 1) % 13)
                        if not ranks >> rank0 & 1:
                            continue
                        n = len(positions)
                        lo = max(rules.run_min, span) - n
                        hi = MAX_RUN - n
                        if rules.jokers_minority:
                            hi = min(hi, n - 1)
                        if lo > wilds or lo > hi:
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


_GEOMETRIES: dict[tuple[object, ...], _Geometry] = {}


def _geometry(rules: Rules) -> _Geometry:
    key = (
        rules.sets_allowed, rules.set_min, rules.set_max, rules.set_distinct_suits,
        rules.run_min, rules.ace_runs, rules.jokers_minority, rules.decks,
        rules.ace_value, rules.ace_low_value, rules.court_value,
    )  # fmt: skip
    geo = _GEOMETRIES.get(key)
    if geo is None:
        if len(_GEOMETRIES) > 32:
            _GEOMETRIES.clear()
        geo = _GEOMETRIES[key] = _Geometry(rules)
    return geo


Action = tuple[str, object]


class _Search:
    """Exhaustive memoised search over one hand.

    ``objective`` is ``"deadwood"`` (least count of unmatched cards; with ``discard`` one card
    leaves the hand) or ``"value"`` (greatest total meld value).

    A state is (cards left, wild cards not yet committed ``p``, spare room ``cap`` in the melds
    already chosen, discard still owed, deuces put to the wild pool, ranks already counted
    under the pair rule). In the deadwood search a core commits only the wild cards it needs
    (``lo``); the room it has for more (``hi - lo``) is pooled in ``cap``, and at the end the
    wild cards beyond that room are unmatched: wild cards are interchangeable, so this is
    exact and saves branching on every count. The value search counts wild cards exactly.
    """

    def __init__(self, cards: Sequence[Card], rules: Rules, objective: str, discard: bool) -> None:
        self.rules = rules
        self.geo = _geometry(rules)
        self.value_mode = objective == "value"
        self.discard = discard
        counts = [0] * 53
        for c in cards:
            counts[c] += 1
        self.jokers = counts[JOKER_INDEX] if rules.wild_jokers else 0
        self.fixed = [JOKER] * (0 if rules.wild_jokers else counts[JOKER_INDEX])
        wild_deuce = (lambda c: c % 13 == 1) if rules.wild_deuces else (lambda c: False)
        # local identities in the order cards are taken: wild-able deuces first
        self.ids: list[Card] = sorted(
            (CARDS[c] for c in range(52) if counts[c]), key=lambda c: (not wild_deuce(c), c)
        )
        n = self.n = len(self.ids)
        self.counts = [counts[c] for c in self.ids]
        self.layers = max([1, *self.counts])
        x = 0
        for i, k in enumerate(self.counts):
            for level in range(k):
                x |= 1 << (i + n * level)
        self.start = x
        self.idmask = (1 << n) - 1
        self.rep = _spread(1, self.layers, n)
        deuces = sum(1 << i for i, c in enumerate(self.ids) if wild_deuce(c))
        self.deuces = deuces
        self.all_deuces = _spread(deuces, self.layers, n)
        self.wild_total = self.jokers + sum(k for c, k in zip(self.ids, self.counts, strict=True)
                                            if wild_deuce(c))  # fmt: skip
        self.pair = rules.pair_rule and not self.value_mode
        self.values = [rules.card_value(i) for i in range(53)]
        costs = [0 if self.value_mode else v * SCALE for v in self.values]
        self.dead_costs = [costs[c] for c in self.ids]
        self.tiebreaks = [_tiebreak(i, rules) for i in range(53)]
        self.local_tiebreaks = [self.tiebreaks[c] for c in self.ids]
        self.cores = [self._cores_for(i) for i in range(n)]
        self.simple = not deuces and not self.pair
        self.memo: dict[object, float] = {}
        self.leaf_memo: dict[tuple[int, int, int, tuple[int, ...], int], tuple[float, Action]] = {}

    # -- cores ----------------------------------------------------------------------------------

    def _cores_for(self, i: int) -> list[Core]:
        """Every core whose first card (in the search's order) is identity ``i``."""
        geo = self.geo
        n = self.n
        card = self.ids[i]
        suit, rank0 = divmod(card, 13)
        later = {c: j for j, c in enumerate(self.ids) if j >= i}
        out: list[Core] = []
        if self.rules.sets_allowed:
            copies = tuple(
                self.counts[later[CARDS[s * 13 + rank0]]] if CARDS[s * 13 + rank0] in later else 0
                for s in range(4)
            )
            if self.rules.set_distinct_suits:
                copies = tuple(min(k, 1) for k in copies)
            for per_suit, lo, hi in geo.set_cores(card, copies):
                need = 0
                ops: list[int] = []
                chosen: list[Card] = []
                for level in range(1, max(per_suit) + 1):
                    mask = 0
                    for s in range(4):
                        if per_suit[s] >= level:
                            mask |= 1 << later[CARDS[s * 13 + rank0]]
                            chosen.append(CARDS[s * 13 + rank0])
                    need |= mask << (n * (level - 1))
                    ops.append(_spread(mask, self.layers, n))
                removal: object = ops[0] if len(ops) == 1 else tuple(ops)
                out.append((need, removal, lo, hi, "set", tuple(sorted(chosen))))
        pattern = 0
        for c in later:
            if c // 13 == suit:
                pattern |= 1 << (c % 13)
        for ranks, lo, hi in geo.run_cores(card, pattern, self.wild_total):
            mask = 0
            for r in range(13):
                if ranks >> r & 1:
                    mask |= 1 << later[CARDS[suit * 13 + r]]
            naturals = tuple(CARDS[suit * 13 + r] for r in range(13) if ranks >> r & 1)
            out.append((mask, _spread(mask, self.layers, n), lo, hi, "run", naturals))
        return out

    def _apply(self, x: int, removal: object) -> int:
        n = self.n
        if isinstance(removal, int):
            return x ^ ((x ^ (x >> n)) & removal)
        assert isinstance(removal, tuple)
        for mm in removal:
            x = x ^ ((x ^ (x >> n)) & mm)
        return x

    def _value(self, kind: str, naturals: tuple[Card, ...], w: int) -> int:
        ranks = frozenset(c % 13 for c in naturals)
        return self.geo.core_value(kind, naturals[0] % 13, ranks, len(naturals), w)

    # -- the recursion ----------------------------------------------------------------------------

    def _clip(self, x: int, p: int, cap: int) -> int:
        room = p + (x & self.all_deuces).bit_count() if self.deuces else p
        return cap if cap < room else room

    def solve(
        self, x: int, p: int, cap: int, flag: int, pooled: tuple[int, ...], dead: int
    ) -> float:
        if self.simple:
            key: object = ((x << 6 | p) << 6 | cap) << 1 | flag
        else:
            key = (x, p, cap, flag, pooled, dead)
        memo = self.memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        n = self.n
        present = x & self.idmask
        if not present:
            best = self._leaf(p, cap, flag, pooled, dead)[0]
            memo[key] = best
            return best
        solve = self.solve
        low = present & -present
        i = low.bit_length() - 1
        x1 = x ^ ((x ^ (x >> n)) & (low * self.rep))
        if low & self.deuces:
            best = solve(x1, p + 1, cap, flag, (*pooled, self.ids[i]), dead)
        else:
            if self.pair:
                bit = 1 << (self.ids[i] % 13)
                if dead & bit:
                    best = solve(x1, p, cap, flag, pooled, dead)
                else:
                    best = self.dead_costs[i] + solve(x1, p, cap, flag, pooled, dead | bit)
            else:
                best = self.dead_costs[i] + solve(x1, p, cap, flag, pooled, dead)
            if flag:
                value = self.local_tiebreaks[i] + solve(x1, p, cap, 0, pooled, dead)
                if value < best:
                    best = value
        value_mode = self.value_mode
        for need, removal, lo, hi, kind, naturals in self.cores[i]:
            if lo > p or x & need != need:
                continue
            y = (
                x ^ ((x ^ (x >> n)) & removal)
                if isinstance(removal, int)
                else self._apply(x, removal)
            )
            if value_mode:
                for w in range(lo, min(hi, p) + 1):
                    value = solve(y, p - w, 0, flag, pooled, dead) - self._value(kind, naturals, w)
                    if value < best:
                        best = value
            else:
                cap2 = cap + hi - lo
                room = p - lo
                if cap2 > room:
                    cap2 = self._clip(y, room, cap2) if self.deuces else room
                value = solve(y, room, cap2, flag, pooled, dead)
                if value < best:
                    best = value
        memo[key] = best
        return best

    def _moves(
        self, x: int, p: int, cap: int, flag: int, pooled: tuple[int, ...], dead: int
    ) -> list[tuple[float, Action, State]]:
        """The moves :meth:`solve` weighs, in its order: (own cost, action, next state)."""
        present = x & self.idmask
        low = present & -present
        i = low.bit_length() - 1
        card = self.ids[i]
        x1 = self._apply(x, low * self.rep)
        moves: list[tuple[float, Action, State]] = []
        if low & self.deuces:
            moves.append((0, ("pool", card), (x1, p + 1, cap, flag, (*pooled, card), dead)))
        else:
            dead1 = dead
            cost = self.dead_costs[i]
            if self.pair:
                bit = 1 << (card % 13)
                cost = 0 if dead & bit else cost
                dead1 = dead | bit
            moves.append((cost, ("dead", card), (x1, p, cap, flag, pooled, dead1)))
            if flag:
                moves.append(
                    (self.tiebreaks[card], ("discard", card), (x1, p, cap, 0, pooled, dead))
                )
        for need, removal, lo, hi, kind, naturals in self.cores[i]:
            if lo > p or x & need != need:
                continue
            y = self._apply(x, removal)
            if self.value_mode:
                for w in range(lo, min(hi, p) + 1):
                    action: Action = ("core", (kind, naturals, w, w))
                    value = -self._value(kind, naturals, w)
                    moves.append((value, action, (y, p - w, 0, flag, pooled, dead)))
            else:
                cap2 = self._clip(y, p - lo, cap + hi - lo)
                action = ("core", (kind, naturals, lo, hi))
                moves.append((0, action, (y, p - lo, cap2, flag, pooled, dead)))
        return moves

    # -- leaf: what becomes of the wild cards no meld committed ---------------------------------

    def _leaf(
        self, p: int, cap: int, flag: int, pooled: tuple[int, ...], dead: int
    ) -> tuple[float, Action]:
        key = (p, cap, flag, pooled, dead & 2)
        hit = self.leaf_memo.get(key)
        if hit is not None:
            return hit
        best: tuple[float, Action] = (INF, ("leaf", None))
        if self.value_mode:
            kd = min(p, len(pooled))
            best = (0, ("leaf", (kd, p - kd, None, 0)))
        else:
            for left in range(max(0, p - cap), p + 1):
                option = self._leftover(left, flag, pooled, dead)
                if option[0] < best[0]:
                    kd, kj, out = option[1]
                    best = (option[0], ("leaf", (kd, kj, out, p - left)))
        self.leaf_memo[key] = best
        return best

    def _leftover(
        self, left: int, flag: int, pooled: tuple[int, ...], dead: int
    ) -> tuple[float, tuple[int, int, Card | None]]:
        """Cheapest way to keep ``left`` wild cards unmatched (and maybe discard one)."""
        best: tuple[float, tuple[int, int, Card | None]] = (INF, (0, 0, None))
        for kd in range(max(0, left - self.jokers), min(left, len(pooled)) + 1):
            kj = left - kd
            kept: list[Card] = [CARDS[d] for d in pooled[len(pooled) - kd :]]
            kept += [JOKER] * kj + self.fixed
            for out in sorted(set(kept)) if flag else [None]:
                rest = list(kept)
                tb = 0
                if out is not None:
                    rest.remove(out)
                    tb = self.tiebreaks[out]
                cost = hand_value(rest, self.rules, dead) * SCALE + tb
                if cost < best[0]:
                    best = (cost, (kd, kj, out))
        return best

    # -- reading the answer back ---------------------------------------------------------------

    def run(self) -> list[Action]:
        state: State = (self.start, self.jokers, 0, 1 if self.discard else 0, (), 0)
        self.solve(*state)
        actions: list[Action] = []
        while state[0] & self.idmask:
            target = self.solve(*state)
            for cost, action, after in self._moves(*state):  # noqa: B007 - used after the loop
                if cost + self.solve(*after) == target:
                    break
            else:  # pragma: no cover - the memo always holds the optimum
                raise AssertionError("search reconstruction failed")
            actions.append(action)
            state = after
        _x, p, cap, flag, pooled, dead = state
        actions.append(self._leaf(p, cap, flag, pooled, dead)[1])
        actions.append(("pooled", pooled))
        return actions

    def arrangement(self) -> Arrangement:
        rules = self.rules
        deadwood: list[Card] = []
        cores: list[tuple[str, tuple[Card, ...], int, int]] = []
        discard: Card | None = None
        pooled: tuple[int, ...] = ()
        leaf: tuple[int, int, Card | None, int] = (0, 0, None, 0)
        for kind, arg in self.run():
            if kind == "dead":
                assert isinstance(arg, int)
                deadwood.append(CARDS[arg])
            elif kind == "discard":
                assert isinstance(arg, int)
                discard = CARDS[arg]
            elif kind == "core":
                cores.append(arg)  # type: ignore[arg-type]
            elif kind == "leaf":
                if arg is not None:
                    leaf = arg  # type: ignore[assignment]
            elif kind == "pooled":
                pooled = arg  # type: ignore[assignment]
        kd, kj, out, extra = leaf
        used_deuces = [CARDS[d] for d in pooled[: len(pooled) - kd]]
        leftover: list[Card] = [CARDS[d] for d in pooled[len(pooled) - kd :]]
        leftover += [JOKER] * kj + self.fixed
        if out is not None:
            leftover.remove(out)
            discard = out
        wild_cards = [JOKER] * (self.jokers - kj) + used_deuces
        melds: list[Meld] = []
        for core_kind, naturals, lo, hi in cores:
            w = lo + min(extra, hi - lo)
            extra -= w - lo
            take, wild_cards = wild_cards[:w], wild_cards[w:]
            build = build_set if core_kind == "set" else build_run
            meld = build(naturals, take, rules)
            if meld is None:  # pragma: no cover - cores are legal by construction
                raise AssertionError(f"search built an illegal {core_kind}: {naturals}")
            melds.append(meld)
        leftover += wild_cards
        return _finish(melds, deadwood + leftover, rules, discard)


# --- public API -------------------------------------------------------------------------------


def best_arrangement(cards: Sequence[Card], rules: Rules, *, discard: bool = False) -> Arrangement:
    """The arrangement into legal melds that leaves the least points (exact).

    With ``discard`` the hand holds one card over a full hand: the best card to discard is
    chosen too (least points; among equals the card of highest value, then highest index).
    """
    if not discard:
        last, hot = _hot  # one read: another thread may change it
        if last is rules:
            return hot(cards, rules)
        return _hot_path(rules)(cards, rules)
    fast = fast_tables(rules)
    if fast.usable:
        m = sum(map(_BIT.__getitem__, cards))  # a repeated card carries: caught by bit_count
        if m.bit_count() == len(cards) and not m & fast.refuse and m:
            melds, deadwood, points, card = fast.arrange_discard(m)
            return Arrangement(melds, deadwood, points, card)
    return general_arrangement(cards, rules, discard=discard)


def general_arrangement(
    cards: Sequence[Card], rules: Rules, *, discard: bool = False
) -> Arrangement:
    """:func:`best_arrangement` by the general search only (for tests and benchmarks)."""
    if discard and not cards:
        raise CardError("there is no card to discard in an empty hand")
    cards = sorted(CARDS[c] for c in cards)
    return _Search(cards, rules, "deadwood", discard).arrangement()


HotPath = Callable[[Sequence[Card], Rules], Arrangement]
_hot: tuple[Rules | None, HotPath] = (None, general_arrangement)  # the last rule set's


def _hot_path(rules: Rules) -> HotPath:
    """What answers a full hand under ``rules``; remembered for the next call.

    The fast path's function is kept with its tables (rule sets sharing the tables share
    it); it takes the rules too, for the hands it leaves to the general search.
    """
    global _hot
    fast: FastTables = fast_tables(rules)
    hot: HotPath = general_arrangement
    if fast.usable:
        if fast.hot is None:
            fast.hot = fast.hot_path(Arrangement, general_arrangement)
        hot = fast.hot
    _hot = (rules, hot)
    return hot


def best_value_melds(cards: Sequence[Card], rules: Rules) -> Arrangement:
    """The melds of greatest total value (e.g. for a first meld of at least 30)."""
    cards = sorted(CARDS[c] for c in cards)
    return _Search(cards, rules, "value", False).arrangement()


def arrangement_from_groups(groups: Sequence[Sequence[Card]], rules: Rules) -> Arrangement:
    """The arrangement the user fixed with ``|``: big enough groups must be legal melds."""
    smallest = min(rules.set_min, rules.run_min) if rules.sets_allowed else rules.run_min
    melds, deadwood = split_groups(
        groups, rules, lambda number, _group, exc: f"group {number}: {exc}", smallest
    )
    melds.sort(key=_meld_key)
    dead = tuple(sorted(deadwood))
    return Arrangement(tuple(melds), dead, hand_value(dead, rules), None)


def analyze_hand(
    cards: Sequence[Card] | str,
    variant: str = "gin",
    preset: str | None = None,
    rules: Rules | None = None,
    discard: bool | None = None,
) -> Arrangement:
    """The Python API of INTERFACE.md: parse, check the pack, and find the best arrangement.

    >>> a = analyze_hand("AS 2S 3S 7H 7D 7C 9C 9D KH QS")
    >>> a.points, [str(m) for m in a.melds]
    (38, ['7C 7D 7H', 'AS 2S 3S'])
    """
    if rules is None:
        rules = get_rules(variant, preset)
    groups: tuple[tuple[Card, ...], ...] | None = None
    if isinstance(cards, str):
        if is_grouped(cards):
            groups = parse_groups(cards)
        hand = parse_cards(cards)
    else:
        hand = tuple(CARDS[c] for c in cards)
    if not hand:
        raise CardError("the hand is empty: type the cards left in it")
    check_pack(hand, decks=rules.decks, jokers=rules.jokers, variant=rules.variant)
    if groups is not None:
        if discard:
            raise MeldError(
                "a grouped hand fixes the arrangement; drop the | to search for the best discard"
            )
        return arrangement_from_groups(groups, rules)
    if discard is None:
        discard = len(hand) == rules.hand_size + 1
    return best_arrangement(hand, rules, discard=discard)
