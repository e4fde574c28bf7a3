"""The general meld search: exact under every rule (jokers, wild deuces, packs, pair rule).

It takes the first remaining card (in a fixed order) and branches on what becomes of it: left
unmatched, discarded, put in the wild pool (a wild deuce), or the first card of a meld *core*
(the natural cards of a meld) with a number of wild cards; results are memoised on the
remaining cards and wild cards, so the search is exhaustive yet fast. :meth:`_Search.solve`
weighs every move; asked to (while reading the answer back) it records the move it chose.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from remikcalc.base.errors import CardError
from remikcalc.base.i18n import _, current
from remikcalc.cards.notation import CARDS, JOKER, Card
from remikcalc.rules.ruleset import Rules
from remikcalc.search.arrangement import Arrangement, finish
from remikcalc.search.general._cores import CORE_TABLES as CORE_TABLES
from remikcalc.search.general._cores import Core, LocalRuns, spread_mask
from remikcalc.search.general._cores import core_tables as core_tables
from remikcalc.search.melds import (
    Meld,
    build_run,
    build_set,
    counted_cards,
)

__all__ = ["best_value_melds", "general_arrangement"]

JOKER_INDEX = 52
# The search is exact, and so exponential at worst: house rules may allow hands (42 cards
# of 8 packs with 16 jokers) that would take minutes. It counts its work in steps (each
# state solved, each meld core looked at there, 8 for each call it makes, 3 for each count
# of wild cards the value search weighs; a step is about 30-50 ns) and refuses a hand past
# this many: well under a second. No hand of a variant's own pack and hand size comes near
# it (tests/test_fast_paths.py has the worst ones known).
STEP_LIMIT = 15_000_000


class SearchTooLarge(CardError):
    """A hand whose exact search would pass :data:`STEP_LIMIT` steps."""

    def __init__(self, limit: int | None = None) -> None:
        limit = STEP_LIMIT if limit is None else limit
        steps = f"{limit:,}"
        if current() != "en":  # 15 000 000: pl and ru group thousands with a space
            steps = steps.replace(",", "\u00a0")
        super().__init__(
            _(
                "this hand is too large to search exactly: it needs more than {steps} "
                "search steps (remikcalc's limit, which keeps an answer under a second); "
                "type fewer cards or play with fewer jokers"
            ).format(steps=steps),
            code="search_too_large",
            field="hands",
            details={"steps": limit},
        )


SCALE = 1 << 20  # points are scaled by this so a discard's tie-break fits below them
INF = float("inf")


def _tiebreak(card: int, rules: Rules) -> int:
    """Smaller for the preferred discard: highest value, then highest card index."""
    return (SCALE - 1) - (rules.card_value(card) * 64 + card)


# run cores translated before the search looks at any: most states stop at one of the first
CHUNK = 32


class State(NamedTuple):
    """A point of the search (:meth:`_Search.solve` takes its fields as arguments)."""

    cards: int  # the cards left: a bit per local identity, a layer of bits per extra copy
    wilds: int  # wild cards not yet committed to a meld
    room: int  # spare room for wild cards in the melds already chosen (deadwood search)
    owe: int  # 1 while the discard is still owed
    pooled: tuple[int, ...]  # deuces put in the wild pool, in order
    counted: int  # ranks already counted under the pair rule (bit ``rank index``)


Action = tuple[str, object]  # ("pool" | "dead" | "discard", card) or ("core", (kind, ...))
Move = tuple[Action, State]
# what solve records while tracing: the action's two items and the next state's fields (a
# plain tuple, made a State once the move is chosen: cheaper than a State per improvement)
Traced = tuple[str, object, tuple[int, int, int, int, tuple[int, ...], int]]


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
        self.geo = core_tables(rules)
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
        self.rep = spread_mask(1, self.layers, n)
        deuces = sum(1 << i for i, c in enumerate(self.ids) if wild_deuce(c))
        self.deuces = deuces
        self.all_deuces = spread_mask(deuces, self.layers, n)
        self.wild_total = self.jokers + sum(
            k for c, k in zip(self.ids, self.counts, strict=True) if wild_deuce(c)
        )
        self.pair = rules.pair_rule and not self.value_mode
        self.values = [rules.card_value(i) for i in range(53)]
        costs = [0 if self.value_mode else v * SCALE for v in self.values]
        self.dead_costs = [costs[c] for c in self.ids]
        self.tiebreaks = [_tiebreak(i, rules) for i in range(53)]
        self.local_tiebreaks = [self.tiebreaks[c] for c in self.ids]
        # each card's cores: its set cores and the first CHUNK run cores; the rest (pending)
        # are translated when a state has weighed those without reaching the floor
        self.sets: list[int] = []
        self.pending: list[LocalRuns | None] = []
        self.cores = [self._cores_for(i) for i in range(n)]
        self.simple = not deuces and not self.pair
        self.memo: dict[object, float] = {}
        self.tracing = False  # solve records its move in traced (see best_move)
        self.traced: Traced | None = None
        self.target = INF
        self.leaf_memo: dict[tuple[int, int, int, tuple[int, ...], int], tuple[float, Action]] = {}
        self.steps = 0  # states solved plus the cores they tried: see STEP_LIMIT
        # The least cost any state can have (deadwood search, no negative card value): 0, or
        # with the discard still owed the smallest tie-break of any card of the hand. A state
        # whose best move reaches it needs no further move weighed: the answer is exact and
        # the move the same (the moves are weighed in the same order, the first best kept).
        self.floor: tuple[float, float] = (-INF, -INF)
        if not self.value_mode and min(self.values) >= 0:
            owned = [self.tiebreaks[c] for c in self.ids]
            if self.jokers or self.fixed:
                owned.append(self.tiebreaks[JOKER_INDEX])
            self.floor = (0, min(owned, default=INF))

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
                    ops.append(spread_mask(mask, self.layers, n))
                removal: object = ops[0] if len(ops) == 1 else tuple(ops)
                out.append((need, removal, lo, hi, "set", tuple(sorted(chosen))))
        pattern = 0
        places = []  # the local identity of each card of the suit from ``card`` on
        for c, j in later.items():
            if c // 13 == suit:
                pattern |= 1 << (c % 13)
                places.append((c, j))
        # The run cores depend only on the key below (the identities of the suit's cards
        # included), so searches of hands that share it share them.
        places.sort()
        key = (card, pattern, self.wild_total, tuple(j for _, j in places), n, self.layers)
        entry = geo.local_runs.get(key)
        if entry is None:
            bits = [0] * 13
            for c, j in places:
                bits[c % 13] = 1 << j
            raw = geo.run_cores(card, pattern, self.wild_total)
            entry = ([], raw, bits, suit, self.layers, n)
            if len(geo.local_runs) > 256:  # (kept small: many live cores slow the collector)
                geo.local_runs.clear()
            geo.local_runs[key] = entry
        self.sets.append(len(out))
        self.pending.append(entry if len(entry[1]) > CHUNK else None)
        runs = geo.local_runs_upto(entry, CHUNK)
        return out + runs if out else runs

    def _more_cores(self, i: int) -> list[Core]:
        """The run cores of identity ``i`` past the first CHUNK, now translated (and kept)."""
        entry = self.pending[i]
        assert entry is not None
        self.pending[i] = None
        every = self.geo.local_runs_upto(entry, len(entry[1]))
        sets = self.cores[i][: self.sets[i]]
        self.cores[i] = sets + every if sets else every
        rest = every[CHUNK:]
        self.steps += len(rest)
        return rest

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
        """Least cost from the state (see :class:`State`; the value search's cost is minus
        the melds' value). With :attr:`tracing` set, the move chosen goes to :attr:`traced`."""
        if self.simple:  # (best_move makes the key the same way)
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
        trace = self.tracing
        low = present & -present
        i = low.bit_length() - 1
        best, move = self._own_moves(x, low, i, p, cap, flag, pooled, dead)
        value_mode = self.value_mode
        cores = self.cores[i]
        self.steps += len(cores) + 1
        if self.steps > STEP_LIMIT:
            raise SearchTooLarge
        floor = self.floor[flag]
        if (trace and best == self.target) or best <= floor:
            cores = []  # the first best move is found (reading back), or none can do better
        while True:
            for need, removal, lo, hi, kind, naturals in cores:
                if lo > p or x & need != need:
                    continue
                self.steps += 8  # a call to come: answered from the memo or solved, it costs more
                y = (
                    x ^ ((x ^ (x >> n)) & removal)
                    if isinstance(removal, int)
                    else self._apply(x, removal)
                )
                if value_mode:
                    self.steps += 3 * (hi - lo + 1)  # each count of wild cards: a solve
                    for w in range(lo, min(hi, p) + 1):
                        value = solve(y, p - w, 0, flag, pooled, dead) - self._value(
                            kind, naturals, w
                        )
                        if value < best:
                            best = value
                            if trace:
                                after = (y, p - w, 0, flag, pooled, dead)
                                move = ("core", (kind, naturals, w, w), after)
                                if best == self.target:
                                    break
                else:
                    cap2 = cap + hi - lo
                    room = p - lo
                    if cap2 > room:
                        cap2 = self._clip(y, room, cap2) if self.deuces else room
                    value = solve(y, room, cap2, flag, pooled, dead)
                    if value < best:
                        best = value
                        if trace:
                            after = (y, room, cap2, flag, pooled, dead)
                            move = ("core", (kind, naturals, lo, hi), after)
                            if best == self.target:
                                break
                        if best <= floor:
                            break
            else:  # no move reached the floor: the card's other run cores, if any
                if cores and self.pending[i] is not None:
                    cores = self._more_cores(i)
                    continue
            break
        memo[key] = best
        if trace:
            self.traced = move
        return best

    def _own_moves(
        self,
        x: int,
        low: int,
        i: int,
        p: int,
        cap: int,
        flag: int,
        pooled: tuple[int, ...],
        dead: int,
    ) -> tuple[float, Traced | None]:
        """:meth:`solve`'s first moves from the state: the lowest card left (``low``, local
        identity ``i``) put in the wild pool (a deuce), or left unmatched, or discarded; the
        least cost of these and, with :attr:`tracing` set, the move that reaches it."""
        n = self.n
        solve = self.solve
        trace = self.tracing
        move: Traced | None = None
        x1 = x ^ ((x ^ (x >> n)) & (low * self.rep))
        if low & self.deuces:
            pooled1 = (*pooled, self.ids[i])
            best = solve(x1, p + 1, cap, flag, pooled1, dead)
            if trace:
                move = ("pool", self.ids[i], (x1, p + 1, cap, flag, pooled1, dead))
        else:
            dead1 = dead
            if self.pair:
                bit = 1 << (self.ids[i] % 13)
                dead1 = dead | bit
                if dead & bit:
                    best = solve(x1, p, cap, flag, pooled, dead)
                else:
                    best = self.dead_costs[i] + solve(x1, p, cap, flag, pooled, dead1)
            else:
                best = self.dead_costs[i] + solve(x1, p, cap, flag, pooled, dead)
            if trace:
                move = ("dead", self.ids[i], (x1, p, cap, flag, pooled, dead1))
            if flag:
                value = self.local_tiebreaks[i] + solve(x1, p, cap, 0, pooled, dead)
                if value < best:
                    best = value
                    if trace:
                        move = ("discard", self.ids[i], (x1, p, cap, 0, pooled, dead))
        return best, move

    def best_move(self, state: State) -> Move:
        """The move :meth:`solve` chose at ``state`` (solved already): the state is weighed
        once more with tracing on, stopping at the first move that reaches its memoised
        value; every state it leads to is in the memo."""
        x, p, cap, flag, pooled, dead = state
        key = ((x << 6 | p) << 6 | cap) << 1 | flag if self.simple else tuple(state)
        self.target = self.memo.pop(key)  # (the key as solve makes it)
        self.tracing = True
        self.solve(x, p, cap, flag, pooled, dead)
        self.tracing = False
        traced = self.traced
        assert traced is not None
        kind, arg, after = traced
        return (kind, arg), tuple.__new__(State, after)

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
        rules = self.rules
        values = self.values
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
                cost = sum(values[c] for c in counted_cards(rest, rules, dead)) * SCALE + tb
                if cost < best[0]:
                    best = (cost, (kd, kj, out))
        return best

    # -- reading the answer back ---------------------------------------------------------------

    def run(self) -> list[Action]:
        """The moves of a best answer, then the leaf's action and the pooled deuces."""
        state = State(self.start, self.jokers, 0, 1 if self.discard else 0, (), 0)
        self.solve(*state)
        actions: list[Action] = []
        while state.cards & self.idmask:
            action, state = self.best_move(state)
            actions.append(action)
        actions.append(
            self._leaf(state.wilds, state.room, state.owe, state.pooled, state.counted)[1]
        )
        actions.append(("pooled", state.pooled))
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
        return finish(melds, deadwood + leftover, rules, discard)


def general_arrangement(
    cards: Sequence[Card], rules: Rules, *, discard: bool = False
) -> Arrangement:
    """:func:`~remikcalc.search.best_arrangement` by the general search only (for the hands
    the fast path leaves, tests and benchmarks)."""
    if discard and not cards:
        raise CardError(
            _("there is no card to discard in an empty hand"), code="empty_hand", field="hands"
        )
    cards = sorted(CARDS[c] for c in cards)
    return _Search(cards, rules, "deadwood", discard).arrangement()


def best_value_melds(cards: Sequence[Card], rules: Rules) -> Arrangement:
    """The melds of greatest total value (e.g. for a first meld of at least 30)."""
    cards = sorted(CARDS[c] for c in cards)
    return _Search(cards, rules, "value", False).arrangement()
