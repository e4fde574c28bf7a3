"""Knock games: all least-deadwood arrangements of the knocker.

When two arrangements of the knocker tie on the least deadwood, the one that leaves the
defender the highest count is taken (docs/RULES.md §1), because the meld structure decides what
the defender can lay off (:mod:`remikcalc.search.knock.layoff`). :func:`least_arrangements`
enumerates them all with a small branch-and-bound over candidate melds.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from itertools import combinations

from remikcalc.base.errors import MeldError
from remikcalc.cards.notation import JOKER_INDEX, Card
from remikcalc.rules.ruleset import Rules
from remikcalc.search import Arrangement
from remikcalc.search.knock._shared import (
    DIGIT,
    KNOCKER_STEP_LIMIT,
    Budget,
    Counted,
    Found,
    Memo,
    Use,
    counted,
    fit_masks,
    is_meld,
    memo_for,
    remember,
)
from remikcalc.search.melds import Meld, classify_meld, run_geometry, set_capacity

__all__ = ["least_arrangements"]


Kinds = tuple[Card, ...]  # the distinct cards of a hand, in order


def _wild_kinds(kinds: Kinds, rules: Rules) -> tuple[int, ...]:
    """The kinds (by position) that may stand in a meld as a wild card: jokers where they are
    wild, deuces under ``wild_deuces`` (a deuce may still be itself)."""
    return tuple(
        k
        for k, c in enumerate(kinds)
        if (c == JOKER_INDEX and rules.wild_jokers)
        or (rules.wild_deuces and c != JOKER_INDEX and c % 13 == 1)
    )


def _wild_choices(wild: Counted, size: int, taken: dict[Card, int]) -> Iterator[list[Card]]:
    """Every way to pick ``size`` wild cards from ``wild``, as cards with repeats; copies
    already ``taken`` by the meld's natural cards are not there to pick."""
    free = [(c, n - taken.get(c, 0)) for c, n in wild if n - taken.get(c, 0) > 0]

    def go(i: int, need: int, picked: list[Card]) -> Iterator[list[Card]]:
        if need == 0:
            yield picked
            return
        if i == len(free):
            return
        card, n = free[i]
        for m in range(min(n, need), -1, -1):
            yield from go(i + 1, need - m, picked + [card] * m)

    yield from go(0, size, [])


class _Collect:
    """The legal melds found for one group of cards (one rank, or one suit), each multiset
    of cards once, checked and classified through the rule set's memo."""

    def __init__(self, wild: Counted, rules: Rules, memo: Memo, budget: Budget) -> None:
        self.wild, self.rules, self.memo, self.budget = wild, rules, memo, budget
        self.wilds = sum(n for _c, n in wild)
        self.found: dict[tuple[Card, ...], Meld] = {}

    def consider(self, cards: list[Card]) -> None:
        self.budget.spend()
        key = tuple(sorted(cards))
        if key in self.found:
            return
        memo = self.memo
        meld = memo.classified.get(key)
        if meld is None:
            if not is_meld(key, self.rules, memo):
                return
            try:
                meld = classify_meld(key, self.rules)
            except MeldError:
                return
            remember(memo.classified, key, meld)
        self.found[key] = meld

    def with_wilds(self, naturals: dict[Card, int], size: int) -> None:
        plain = [c for c, n in naturals.items() for _ in range(n)]
        if size == 0:
            self.consider(plain)
            return
        for extra in _wild_choices(self.wild, size, naturals):
            self.consider(plain + extra)


def _set_melds(group: Counted, collect: _Collect) -> None:
    """The sets of one rank's natural cards (``group``) and wild cards."""
    rules = collect.rules
    capacity = set_capacity(rules)
    for picked in _copies(group, capacity):
        n = sum(picked.values())
        for w in range(max(0, rules.set_min - n), min(collect.wilds, capacity - n) + 1):
            collect.with_wilds(picked, w)


def _run_melds(group: Counted, collect: _Collect) -> None:
    """The runs of one suit's natural cards (``group``, distinct ranks) and wild cards: a
    run is natural cards inside a run window, wild cards filling the rest, so each window is
    tried (never every subset of the suit); without wild cards only the windows the group
    fills."""
    at = {c % 13: c for c, _n in group}
    present = sum(1 << r for r in at)
    wilds = collect.wilds
    for n, windows in _window_lengths(collect.rules):
        for mask, ranks in windows:
            inside = mask & present
            if not inside:
                continue
            missing = n - inside.bit_count()
            if missing > wilds:
                continue
            if not wilds:
                collect.consider([at[r] for r in ranks])
                continue
            held = [at[r] for r in ranks if inside >> r & 1]
            collect.budget.spend()
            # the natural cards of the run: the window's cards held, but for those left
            # out to be filled by wild cards instead (a wild deuce of the suit may be read
            # as itself: the same cards are considered once)
            for drop in range(0, min(len(held) - 1, wilds - missing) + 1):
                for left_out in combinations(held, drop):
                    naturals = {c: 1 for c in held if c not in left_out}
                    collect.with_wilds(naturals, missing + drop)


def _group_melds(
    kind: str, group: Counted, wild: Counted, rules: Rules, memo: Memo, budget: Budget
) -> Found:
    """The legal melds of one group of natural cards with the hand's wild cards: remembered,
    since a long sheet deals the same few cards of a suit or a rank over and over."""
    key = (kind, group, wild)
    found = memo.groups.get(key)
    if found is None:
        collect = _Collect(wild, rules, memo, budget)
        (_set_melds if kind == "set" else _run_melds)(group, collect)
        found = tuple((counted(cards), meld) for cards, meld in collect.found.items())
        remember(memo.groups, key, found)
    return found


def hand_melds(
    kinds: Kinds, counts: Sequence[int], rules: Rules, memo: Memo, budget: Budget
) -> list[tuple[Use, Meld]]:
    """Every legal meld the hand can pay for, once per multiset of cards (copies of a card
    are one card: which copy goes where changes nothing), as (its cards as kinds and copies,
    the meld). A meld is a set (natural cards of one rank) or a run (natural cards of one
    suit, distinct ranks, inside a run window), with wild cards (jokers where they are wild,
    deuces under ``wild_deuces``) filling the rest."""
    wild = tuple((kinds[k], counts[k]) for k in _wild_kinds(kinds, rules))
    by_rank: dict[int, list[tuple[Card, int]]] = {}
    by_suit: dict[int, list[tuple[Card, int]]] = {}
    for card, n in zip(kinds, counts, strict=True):
        if card != JOKER_INDEX:
            by_rank.setdefault(card % 13, []).append((card, n))
            by_suit.setdefault(card // 13, []).append((card, n))
    found: dict[Use, Meld] = {}
    groups = [("run", g) for g in by_suit.values()]
    if rules.sets_allowed:
        groups = [("set", g) for g in by_rank.values()] + groups
    for kind, group in groups:
        for use, meld in _group_melds(kind, tuple(group), wild, rules, memo, budget):
            found.setdefault(use, meld)
    return list(found.items())


def _copies(group: Counted, most: int) -> Iterator[dict[Card, int]]:
    """Every non-empty choice of copies of the cards of ``group`` (one rank), at most
    ``most`` cards in all."""

    def go(i: int, room: int, picked: dict[Card, int]) -> Iterator[dict[Card, int]]:
        if i == len(group):
            if picked:
                yield dict(picked)
            return
        card, count = group[i]
        for m in range(min(count, room) + 1):
            if m:
                picked[card] = m
            yield from go(i + 1, room - m, picked)  # noqa: F821 (deleted only after)
            picked.pop(card, None)

    try:
        yield from go(0, most, {})
    finally:
        del go  # it calls itself through its closure: a cycle left for the collector


_LENGTHS: dict[
    tuple[str, int], tuple[tuple[int, tuple[tuple[int, tuple[int, ...]], ...]], ...]
] = {}


def _window_lengths(
    rules: Rules,
) -> tuple[tuple[int, tuple[tuple[int, tuple[int, ...]], ...]], ...]:
    """The run windows of each length a run may have (``run_min`` up), each as (13-bit mask
    of its ranks, its ranks); a window's rank set once (``around``'s 13-card runs are one)."""
    key = (rules.ace_runs, rules.run_min)
    found = _LENGTHS.get(key)
    if found is None:
        out = []
        geometry = run_geometry(rules)
        for n in range(max(rules.run_min, 2), len(geometry.windows)):
            masks: dict[int, tuple[int, ...]] = {}
            for window in geometry.windows[n]:
                ranks = tuple(sorted(rank - 1 for rank in window))
                masks.setdefault(sum(1 << r for r in ranks), ranks)
            out.append((n, tuple(masks.items())))
        found = _LENGTHS[key] = tuple(out)
    return found


def _without_copies(counts: Sequence[int]) -> bool:
    """No card of the hand has copies: the knocker's walk on plain bits applies (a test
    turns this off to hold that walk to the walk over copies)."""
    return max(counts, default=1) == 1


class _Enough(Exception):
    """Raised inside the knocker's walk to stop it: what was asked for is found."""


def _prepared(
    cards: Sequence[Card], rules: Rules, budget: Budget
) -> tuple[Kinds, list[int], list[list[tuple[int, Meld]]]]:
    """The hand for the knocker's walk: its distinct cards in order, the copies of each, and
    its legal melds by their lowest card, each as its cards' copies packed (see _packed)."""
    key = counted(tuple(sorted(cards)))
    kinds: Kinds = tuple(c for c, _n in key)
    counts = [n for _c, n in key]
    memo = memo_for(rules)
    melds = memo.candidates.get(key)
    if melds is None:
        melds = hand_melds(kinds, counts, rules, memo, budget)
        remember(memo.candidates, key, melds)
    position = {c: k for k, c in enumerate(kinds)}
    starting_at: list[list[tuple[int, Meld]]] = [[] for _ in kinds]
    for use, meld in melds:
        packed = sum(n << (DIGIT * position[c]) for c, n in use)
        starting_at[position[use[0][0]]].append((packed, meld))
    return kinds, counts, starting_at


def least_arrangements(
    cards: Sequence[Card], rules: Rules, *, one_gin: bool = False, budget: Budget | None = None
) -> list[Arrangement]:
    """Every arrangement of ``cards`` whose unmatched count is the least possible.

    Arrangements that differ only in which copy of a duplicate card goes where are the same
    arrangement and are listed once: the search works on the hand's distinct cards and how
    many copies of each it holds, so copies cost nothing (20 cards of 8 packs took 30 s when
    every copy was tried in every place). With ``one_gin``, a hand that melds completely (a
    gin: nothing is laid off against it, so one arrangement is all the knock games need)
    gives the first one found. Past :data:`KNOCKER_STEP_LIMIT` steps the hand is refused
    (:class:`~remikcalc.search.general.arrange.SearchTooLarge`, the limit named).
    """
    budget = Budget() if budget is None else budget
    kinds, counts, starting_at = _prepared(cards, rules, budget)
    values = [rules.card_value(c) for c in kinds]
    slack, flags = fit_masks(tuple(counts))
    best = [sum(n * v for n, v in zip(counts, values, strict=True)) + 1]
    found: list[Arrangement] = []  # each multiset of melds is walked once: no repeats
    chosen: list[Meld] = []
    dead: list[Card] = []
    last = len(kinds)
    steps = [budget.steps]
    limit = KNOCKER_STEP_LIMIT

    def reached(value: int) -> None:  # every card is placed: an arrangement
        if value < best[0]:
            best[0] = value
            found.clear()
        found.append(Arrangement(tuple(chosen), tuple(dead), value, None))
        if one_gin and value == 0:
            raise _Enough

    def walk(k: int, first: int, used: int, value: int) -> None:
        steps[0] += 1
        if steps[0] > limit:
            budget.spend(steps[0] - budget.steps)  # refuses, naming the limit
        if value > best[0]:
            return
        rest = counts[k] - (used >> (DIGIT * k) & 31) if k < last else 0
        while not rest and k < last:
            k, first = k + 1, 0
            rest = counts[k] - (used >> (DIGIT * k) & 31) if k < last else 0
        if k == last:
            reached(value)  # noqa: F821 (deleted only after)
            return
        options = starting_at[k]
        for i in range(first, len(options)):  # the melds of card k in order: each
            packed, meld = options[i]  # multiset of melds is walked once
            if not (used + packed + slack) & flags:
                chosen.append(meld)
                walk(k, i, used + packed, value)  # noqa: F821 (deleted only after)
                chosen.pop()
        dead.extend([kinds[k]] * rest)  # every copy of card k not in a meld: unmatched
        walk(k + 1, 0, used + (rest << (DIGIT * k)), value + rest * values[k])  # noqa: F821
        del dead[len(dead) - rest :]

    def walk_single(k: int, used: int, value: int) -> None:
        """:func:`walk` for a hand without copies (any one-pack game: the common case),
        in the same order with the same steps: a card is in a meld or not, and the packed
        copies are plain bits, so a third less work a step."""
        steps[0] += 1
        if steps[0] > limit:
            budget.spend(steps[0] - budget.steps)
        if value > best[0]:
            return
        while k < last and used >> (DIGIT * k) & 1:
            k += 1
        if k == last:
            reached(value)  # noqa: F821 (deleted only after)
            return
        for packed, meld in starting_at[k]:
            if not packed & used:
                chosen.append(meld)
                walk_single(k + 1, used | packed, value)  # noqa: F821 (deleted only after)
                chosen.pop()
        dead.append(kinds[k])
        walk_single(k + 1, used, value + values[k])  # noqa: F821
        dead.pop()

    try:
        with contextlib.suppress(_Enough):
            if _without_copies(counts):
                walk_single(0, 0, 0)
            else:
                walk(0, 0, 0, 0)
    finally:
        budget.steps = max(budget.steps, steps[0])
        # they call themselves through their closures: cycles left for the collector
        del walk, walk_single, reached
    return found
