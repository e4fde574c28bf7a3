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
from dataclasses import dataclass
from itertools import combinations

from remikcalc._fastpath import fast_tables, meld_key
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
    set_capacity,
    set_value,
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
F52 = (1 << 52) - 1
DEUCE_BITS = sum(1 << (s * 13 + 1) for s in range(4))
SCALE = 1 << 20  # points are scaled by this so a discard's tie-break fits below them
INF = float("inf")


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Melds found in a hand, the unmatched cards (sorted) and their count."""

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


class _Core:
    """The natural cards of a meld with the range of wild cards it may take."""

    __slots__ = ("ops", "lo", "hi", "kind", "cards", "ranks")

    def __init__(
        self, ops: tuple[int, ...], lo: int, hi: int, kind: str, cards: tuple[Card, ...]
    ) -> None:
        self.ops = ops  # masks; each removes one copy of every card it holds
        self.lo = lo
        self.hi = hi
        self.kind = kind
        self.cards = cards
        self.ranks = frozenset(c % 13 for c in cards)


def _spread(mask: int, layers: int) -> int:
    out = 0
    for k in range(layers):
        out |= mask << (52 * k)
    return out


class _Geometry:
    """Core enumeration for one rule set, cached across searches."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.run_cache: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}
        self.set_cache: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
        mode = rules.ace_runs
        if mode == "low":
            self.line = list(range(1, 14))
        elif mode == "high":
            self.line = list(range(2, 15))
        elif mode == "low_or_high":
            self.line = list(range(1, 15))
        else:
            self.line = list(range(1, 26))
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

    def set_cores(self, card: int, suits: tuple[int, ...]) -> list[tuple[tuple[int, ...], int, int]]:
        """(copies per suit, lo, hi) for sets holding ``card``; ``suits`` = copies per suit."""
        rules = self.rules
        if not rules.sets_allowed:
            return []
        own = card // 13
        limit = 1 if rules.set_distinct_suits else rules.decks
        ranges = [
            range(1 if s == own else 0, min(suits[s], limit) + 1) for s in range(4)
        ]
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
    """

    def __init__(
        self, cards: Sequence[Card], rules: Rules, objective: str, discard: bool
    ) -> None:
        self.rules = rules
        self.geo = _geometry(rules)
        self.objective = objective
        self.discard = discard
        counts = [0] * 53
        for c in cards:
            counts[c] += 1
        self.jokers = counts[JOKER_INDEX] if rules.wild_jokers else 0
        self.fixed = [JOKER] * (0 if rules.wild_jokers else counts[JOKER_INDEX])
        self.layers = max([1, *counts[:52]])
        x = 0
        for i in range(52):
            for k in range(counts[i]):
                x |= 1 << (i + 52 * k)
        self.start = x
        self.rep = _spread(1, self.layers)
        self.deuces = DEUCE_BITS if rules.wild_deuces else 0
        self.memo: dict[tuple[int, int, int, tuple[int, ...], int], float] = {}
        self.leaf_memo: dict[tuple[int, int, tuple[int, ...], int], tuple[float, Action]] = {}
        self.pair = rules.pair_rule and objective == "deadwood"
        self.values = [rules.card_value(i) for i in range(53)]

    # -- moves ------------------------------------------------------------------------------

    def _remove(self, x: int, mask: int) -> int:
        mm = mask * self.rep if mask & (mask - 1) == 0 else _spread(mask, self.layers)
        return x ^ ((x ^ (x >> 52)) & mm)

    def _cores(self, x: int, card: int, wilds: int) -> list[tuple[int, int, int, str, tuple[Card, ...]]]:
        """(new x, lo, hi, kind, naturals) for each core holding ``card``."""
        geo = self.geo
        present = x & F52
        suit, rank0 = divmod(card, 13)
        out: list[tuple[int, int, int, str, tuple[Card, ...]]] = []
        if self.rules.sets_allowed:
            copies = []
            for s in range(4):
                bit = s * 13 + rank0
                copies.append(sum(1 for k in range(self.layers) if x >> (bit + 52 * k) & 1))
            for per_suit, lo, hi in geo.set_cores(card, tuple(copies)):
                if lo > wilds:
                    continue
                y = x
                naturals: list[Card] = []
                for level in range(1, max(per_suit) + 1):
                    mask = 0
                    for s in range(4):
                        if per_suit[s] >= level:
                            mask |= 1 << (s * 13 + rank0)
                            naturals.append(CARDS[s * 13 + rank0])
                    y = self._remove(y, mask)
                out.append((y, lo, hi, "set", tuple(sorted(naturals))))
        pattern = (present >> (13 * suit)) & 0x1FFF
        for ranks, lo, hi in geo.run_cores(card, pattern, wilds):
            mask = ranks << (13 * suit)
            naturals = [CARDS[suit * 13 + r] for r in range(13) if ranks >> r & 1]
            out.append((self._remove(x, mask), lo, hi, "run", tuple(naturals)))
        return out

    def _core_cost(self, kind: str, naturals: tuple[Card, ...], w: int) -> float:
        if self.objective == "deadwood":
            return 0
        ranks = frozenset(c % 13 for c in naturals)
        return -self.geo.core_value(kind, naturals[0] % 13, ranks, len(naturals), w)

    def _dead_cost(self, card: int, dead: int) -> tuple[float, int]:
        if self.objective != "deadwood":
            return 0, dead
        if self.pair:
            bit = 1 << (card % 13)
            if dead & bit:
                return 0, dead
            return self.values[card] * SCALE, dead | bit
        return self.values[card] * SCALE, dead

    # -- leaf: what becomes of the unused wild cards -------------------------------------------

    def _leaf(self, wilds: int, flag: int, pooled: tuple[int, ...], dead: int) -> tuple[float, Action]:
        key = (wilds, flag, pooled, dead & 2)
        hit = self.leaf_memo.get(key)
        if hit is not None:
            return hit
        rules = self.rules
        best: tuple[float, Action] = (INF, ("leaf", None))
        if self.objective != "deadwood":
            kd = min(wilds, len(pooled))
            best = (0, ("leaf", (kd, wilds - kd, None)))
            self.leaf_memo[key] = best
            return best
        top_d = min(wilds, len(pooled))
        for kd in range(max(0, wilds - self.jokers), top_d + 1):
            kj = wilds - kd
            left: list[Card] = [CARDS[d] for d in pooled[len(pooled) - kd :]]
            left += [JOKER] * kj + self.fixed
            options: list[Card | None] = [None] if not flag else sorted(set(left))
            for out in options:
                rest = list(left)
                tb = 0
                if out is not None:
                    rest.remove(out)
                    tb = _tiebreak(out, rules)
                cost = self._leftover_points(rest, dead) * SCALE + tb
                if cost < best[0]:
                    best = (cost, ("leaf", (kd, kj, out)))
        self.leaf_memo[key] = best
        return best

    def _leftover_points(self, cards: list[Card], dead: int) -> int:
        if not self.pair:
            return sum(self.values[c] for c in cards)
        total = 0
        seen = dead
        for c in cards:
            if c == JOKER_INDEX:
                total += self.rules.joker_value
            elif not seen >> (c % 13) & 1:
                seen |= 1 << (c % 13)
                total += self.values[c]
        return total

    # -- the recursion ------------------------------------------------------------------------

    def _options(
        self, x: int, wilds: int, flag: int, pooled: tuple[int, ...], dead: int
    ) -> list[tuple[Callable[[], float], Action]]:
        """Every move from a state, in a fixed order, as (cost thunk, action)."""
        present = x & F52
        low_d = present & self.deuces
        low = (low_d & -low_d) if low_d else (present & -present)
        card = low.bit_length() - 1
        x1 = self._remove(x, low)
        opts: list[tuple[Callable[[], float], Action]] = []
        if low_d:
            opts.append(
                (lambda: self.solve(x1, wilds + 1, flag, (*pooled, card), dead), ("pool", card))
            )
        else:
            cost, dead1 = self._dead_cost(card, dead)
            opts.append((lambda: cost + self.solve(x1, wilds, flag, pooled, dead1), ("dead", card)))
            if flag:
                tb = _tiebreak(card, self.rules)
                opts.append((lambda: tb + self.solve(x1, wilds, 0, pooled, dead), ("discard", card)))
        for y, lo, hi, kind, naturals in self._cores(x, card, wilds):
            for w in range(lo, min(hi, wilds) + 1):
                extra = self._core_cost(kind, naturals, w)
                opts.append(
                    (
                        lambda y=y, w=w, extra=extra: extra
                        + self.solve(y, wilds - w, flag, pooled, dead),
                        ("core", (kind, naturals, w, y)),
                    )
                )
        return opts

    def solve(self, x: int, wilds: int, flag: int, pooled: tuple[int, ...], dead: int) -> float:
        key = (x, wilds, flag, pooled, dead)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if not x:
            best = self._leaf(wilds, flag, pooled, dead)[0]
        else:
            best = INF
            for thunk, _ in self._options(x, wilds, flag, pooled, dead):
                value = thunk()
                if value < best:
                    best = value
        self.memo[key] = best
        return best

    def run(self) -> tuple[float, list[Action]]:
        flag = 1 if self.discard else 0
        state = (self.start, self.jokers, flag, (), 0)
        total = self.solve(*state)
        actions: list[Action] = []
        x, wilds, flag, pooled, dead = state
        while x:
            target = self.memo[(x, wilds, flag, pooled, dead)]
            for thunk, action in self._options(x, wilds, flag, pooled, dead):
                if thunk() == target:
                    break
            else:  # pragma: no cover - the memo always holds the optimum
                raise AssertionError("search reconstruction failed")
            actions.append(action)
            kind, arg = action
            if kind == "pool":
                assert isinstance(arg, int)
                x = self._remove(x, 1 << arg)
                wilds += 1
                pooled = (*pooled, arg)
            elif kind in ("dead", "discard"):
                assert isinstance(arg, int)
                x = self._remove(x, 1 << arg)
                if kind == "dead":
                    dead = self._dead_cost(arg, dead)[1]
                else:
                    flag = 0
            else:
                _kind, _naturals, w, x = arg  # type: ignore[misc]
                wilds -= w
        actions.append(self._leaf(wilds, flag, pooled, dead)[1])
        actions.append(("pooled", pooled))
        return total, actions

    def arrangement(self) -> Arrangement:
        _total, actions = self.run()
        rules = self.rules
        deadwood: list[Card] = []
        cores: list[tuple[str, tuple[Card, ...], int, int]] = []
        discard: Card | None = None
        pooled: tuple[int, ...] = ()
        leaf: tuple[int, int, Card | None] = (0, 0, None)
        for kind, arg in actions:
            if kind == "dead":
                deadwood.append(CARDS[arg])  # type: ignore[index]
            elif kind == "discard":
                discard = CARDS[arg]  # type: ignore[index]
            elif kind == "core":
                cores.append(arg)  # type: ignore[arg-type]
            elif kind == "leaf":
                if arg is not None:
                    leaf = arg  # type: ignore[assignment]
            elif kind == "pooled":
                pooled = arg  # type: ignore[assignment]
        kd, kj, out = leaf
        left_deuces = list(pooled[len(pooled) - kd :]) if kd else []
        used_deuces = [CARDS[d] for d in pooled[: len(pooled) - kd]]
        used_jokers = [JOKER] * (self.jokers - kj)
        leftover: list[Card] = [CARDS[d] for d in left_deuces] + [JOKER] * kj + self.fixed
        if out is not None:
            leftover.remove(out)
            discard = out
        wild_cards = used_jokers + used_deuces
        melds: list[Meld] = []
        for core_kind, naturals, w, _y in cores:
            take, wild_cards = wild_cards[:w], wild_cards[w:]
            build = build_set if core_kind == "set" else build_run
            meld = build(naturals, take, rules)
            if meld is None:  # pragma: no cover - cores are legal by construction
                raise AssertionError(f"search built an illegal {core_kind}: {naturals}")
            melds.append(meld)
        leftover += wild_cards  # value search: wild cards no meld took
        return _finish(melds, deadwood + leftover, rules, discard)


# --- public API -------------------------------------------------------------------------------


def best_arrangement(
    cards: Sequence[Card], rules: Rules, *, discard: bool = False
) -> Arrangement:
    """The arrangement into legal melds that leaves the least points (exact).

    With ``discard`` the hand holds one card over a full hand: the best card to discard is
    chosen too (least points; among equals the card of highest value, then highest index).
    """
    if not rules.pair_rule:
        m = 0
        for c in cards:
            m |= 1 << c
        if (
            m.bit_count() == len(cards)
            and m >> 52 == 0
            and not (rules.wild_deuces and m & DEUCE_BITS)
            and (m or not discard)
        ):
            return _fast_arrangement(m, rules, discard)
    return general_arrangement(cards, rules, discard=discard)


def _fast_arrangement(m: int, rules: Rules, discard: bool) -> Arrangement:
    tables = fast_tables(rules)
    if discard:
        card, plan, points = tables.best_discard(m)
        dead = (m ^ (1 << card)) & ~plan[1]
        return Arrangement(tables.sorted_melds(plan), tables.cards_of(dead), points, CARDS[card])
    plan = tables.solve(m)
    dead = m & ~plan[1]
    return Arrangement(
        tables.sorted_melds(plan), tables.cards_of(dead), tables.points_of(dead), None
    )


def general_arrangement(
    cards: Sequence[Card], rules: Rules, *, discard: bool = False
) -> Arrangement:
    """:func:`best_arrangement` by the general search only (for tests and benchmarks)."""
    if discard and not cards:
        raise CardError("there is no card to discard in an empty hand")
    cards = sorted(CARDS[c] for c in cards)
    return _Search(cards, rules, "deadwood", discard).arrangement()


def best_value_melds(cards: Sequence[Card], rules: Rules) -> Arrangement:
    """The melds of greatest total value (e.g. for a first meld of at least 30)."""
    cards = sorted(CARDS[c] for c in cards)
    return _Search(cards, rules, "value", False).arrangement()


def arrangement_from_groups(groups: Sequence[Sequence[Card]], rules: Rules) -> Arrangement:
    """The arrangement the user fixed with ``|``: big enough groups must be legal melds."""
    smallest = min(rules.set_min, rules.run_min) if rules.sets_allowed else rules.run_min
    melds: list[Meld] = []
    deadwood: list[Card] = []
    for number, group in enumerate(groups, 1):
        cards = [CARDS[c] for c in group]
        if len(cards) >= smallest:
            try:
                melds.append(classify_meld(cards, rules))
            except MeldError as exc:
                raise MeldError(f"group {number}: {exc}") from None
        else:
            deadwood.extend(cards)
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
