"""Knock games (gin, oklahoma): the knocker's arrangements and the defender's lay-offs.

After a knock the defender lays his unmatched cards off on the knocker's melds: the fourth
card of a set, or cards extending a run at either end, one after another (a chain). He never
lays off on the knocker's unmatched cards, and nothing is laid off against gin.

The defender's own melds and his lay-offs are found *together*: a card that would complete one
of his melds may be worth more laid off, and the other way round. The search here is exact:

- every legal way to extend each knocker meld with the defender's cards is enumerated by
  adding one card at a time (as at the table), so chains through several cards are found;
- every combination of such extensions (one per knocker meld, disjoint) is tried, and the
  defender's remaining cards get their best arrangement from :mod:`remikcalc.search`.

The knocker's side needs *all* least-deadwood arrangements, not just one: when two of them
tie, the one that leaves the defender the highest count is taken (RULES.md §1), because the
meld structure decides what the defender can lay off. :func:`least_arrangements` enumerates
them with a small branch-and-bound over candidate melds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from remikcalc.base.errors import MeldError
from remikcalc.cards.notation import JOKER, JOKER_INDEX, Card, format_cards
from remikcalc.rules.variants import Rules
from remikcalc.search import Arrangement, arrangement_from_groups, best_arrangement
from remikcalc.search.melds import Meld, build_run, can_meld, classify_meld, run_geometry

__all__ = [
    "Defence",
    "LayOff",
    "best_defence",
    "count",
    "extensions",
    "least_arrangements",
    "meld_faces",
]


@dataclass(frozen=True, slots=True)
class LayOff:
    """One card the defender laid off, and the knocker's meld (index, cards) it went onto."""

    card: Card
    onto: int
    meld: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.card.code} on {format_cards(self.meld)}"


@dataclass(frozen=True, slots=True)
class Defence:
    """The defender's answer to a knock: his melds, lay-offs and what is left counting."""

    melds: tuple[Meld, ...]
    layoffs: tuple[LayOff, ...]
    deadwood: tuple[Card, ...]
    points: int
    # the deadwood before lay-offs (for explaining the numbers)
    points_before: int = 0
    unmatched_before: tuple[Card, ...] = field(default=())


def count(cards: Sequence[Card], rules: Rules) -> int:
    """The count of cards left unmatched in a knock game's hand."""
    return sum(rules.card_value(c) for c in cards)


def meld_faces(meld: Meld) -> tuple[Card, ...]:
    """The cards a meld shows, with each joker replaced by the card it stands for."""
    return tuple(
        card if stand is None else stand
        for card, stand in zip(meld.cards, meld.stands_for, strict=True)
    )


# --- what is remembered, per rule set ---------------------------------------------------------


Cards = tuple[Card, ...]
GroupMelds = tuple[tuple[tuple[int, ...], int, Meld], ...]  # (positions, jokers, meld)


class _Memo:
    """Answers remembered for one rule set: legality of card groups, lay-off extensions,
    the defender's arrangements and the knocker's candidate melds per suit or rank. A long
    sheet deals the same few groups of cards again and again.

    Kept per rule set by identity (with the rules held, so an id is never reused while its
    entry lives), not keyed by the rules: hashing a ``Rules`` of fifty fields cost more
    than the lookups it keyed.
    """

    __slots__ = ("arranged", "extensions", "groups", "legal")

    def __init__(self) -> None:
        self.legal: dict[tuple[Card, ...], bool] = {}
        self.extensions: dict[tuple[Cards, Cards], tuple[tuple[int, ...], ...]] = {}
        self.arranged: dict[tuple[Card, ...], Arrangement] = {}
        self.groups: dict[tuple[Cards, int, int], GroupMelds] = {}


_MEMOS: dict[int, tuple[Rules, _Memo]] = {}
MEMO_SIZE = 65536  # entries per table before it starts afresh


def _memo(rules: Rules) -> _Memo:
    entry = _MEMOS.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    if len(_MEMOS) >= 64:
        _MEMOS.clear()
    memo = _Memo()
    _MEMOS[id(rules)] = (rules, memo)
    return memo


def _remember(table: dict[Any, Any], key: Any, value: Any) -> None:
    if len(table) >= MEMO_SIZE:
        table.clear()
    table[key] = value


def _is_meld(cards: Sequence[Card], rules: Rules, memo: _Memo | None = None) -> bool:
    key = tuple(sorted(cards))
    legal = (memo or _memo(rules)).legal
    found = legal.get(key)
    if found is None:
        found = can_meld(key, rules)
        _remember(legal, key, found)
    return found


# --- the defender's lay-offs ------------------------------------------------------------------


def _fits(face: tuple[Card, ...]) -> Callable[[Card], bool]:
    """Cheap pre-filter: could a card ever join the meld showing ``face``?"""
    naturals = [c for c in face if c != JOKER_INDEX]
    if not naturals:
        return lambda card: True
    ranks = {c % 13 for c in naturals}
    suits = {c // 13 for c in naturals}
    rank = next(iter(ranks)) if len(ranks) == 1 else -1  # a set's rank, or none
    suit = next(iter(suits)) if len(suits) == 1 else -1  # a run's suit, or none
    return lambda card: card == JOKER_INDEX or card % 13 == rank or card // 13 == suit


def extensions(face: tuple[Card, ...], cards: Sequence[Card], rules: Rules) -> list[frozenset[int]]:
    """Every set of ``cards`` (by index) that can be laid off on one meld, one card at a time.

    ``face`` is the meld as it shows on the table (jokers as the cards they stand for). The
    empty set is included. A card joins only if the meld stays legal after it, so runs grow
    outwards from their ends and sets up to ``set_max`` cards of distinct suits.
    """
    fits = _fits(face)
    fitting = [i for i, c in enumerate(cards) if fits(c)]
    memo = _memo(rules)
    key = (face, tuple(cards[i] for i in fitting))
    found = memo.extensions.get(key)
    if found is None:
        found = _extensions(*key, rules, memo)
        _remember(memo.extensions, key, found)
    if not found:
        return [frozenset()]
    return [frozenset(fitting[k] for k in ext) for ext in found]


def _extensions(
    face: tuple[Card, ...], fitting: tuple[Card, ...], rules: Rules, memo: _Memo
) -> tuple[tuple[int, ...], ...]:
    """:func:`extensions` over the cards that may fit (by position among them); remembered,
    since a sheet's deals repeat the same few cards against the same melds."""
    seen: set[frozenset[int]] = {frozenset()}
    frontier: list[frozenset[int]] = [frozenset()]
    while frontier:
        state = frontier.pop()
        base = list(face) + [fitting[i] for i in state]
        for i in range(len(fitting)):
            if i in state:
                continue
            grown = state | {i}
            if grown in seen:
                continue
            if _is_meld([*base, fitting[i]], rules, memo):
                seen.add(grown)
                frontier.append(grown)
    return tuple(tuple(sorted(s)) for s in sorted(seen, key=lambda s: (len(s), sorted(s))))


def _layoff_choices(
    faces: Sequence[tuple[Card, ...]], cards: Sequence[Card], rules: Rules
) -> Iterator[tuple[frozenset[int], ...]]:
    """Disjoint choices of one extension per knocker meld (each possibly empty)."""
    options = [extensions(face, cards, rules) for face in faces]

    def walk(
        i: int, used: frozenset[int], chosen: tuple[frozenset[int], ...]
    ) -> Iterator[tuple[frozenset[int], ...]]:
        if i == len(options):
            yield chosen
            return
        for ext in options[i]:
            if not ext & used:
                yield from walk(i + 1, used | ext, (*chosen, ext))

    yield from walk(0, frozenset(), ())


def best_defence(
    cards: Sequence[Card],
    knocker_melds: Sequence[Meld],
    rules: Rules,
    *,
    groups: Sequence[Sequence[Card]] | None = None,
    layoffs: bool = True,
) -> Defence:
    """The defender's melds and lay-offs that leave him the least count.

    ``groups`` (the defender typed his melds with ``|``) fixes his own melds; lay-offs are then
    looked for among his unmatched cards only. ``layoffs=False`` (against gin) just arranges
    his hand. Ties are broken towards fewer cards laid off, then the first found.
    """
    if groups is not None:
        own = arrangement_from_groups(groups, rules)
        return _fixed_defence(own, knocker_melds, rules, layoffs=layoffs)
    hand = tuple(cards)
    alone = _arrange(hand, rules)
    if not layoffs or not knocker_melds:
        return Defence(alone.melds, (), alone.deadwood, alone.points, alone.points, alone.deadwood)
    faces = [meld_faces(m) for m in knocker_melds]
    best: tuple[int, int] | None = None
    answer = Defence(alone.melds, (), alone.deadwood, alone.points, alone.points, alone.deadwood)
    tried: set[frozenset[int]] = set()
    for choice in _layoff_choices(faces, hand, rules):
        laid = frozenset().union(*choice) if choice else frozenset()
        if laid in tried:
            continue
        tried.add(laid)
        rest = tuple(c for i, c in enumerate(hand) if i not in laid)
        arranged = _arrange(rest, rules)
        key = (arranged.points, len(laid))
        if best is None or key < best:
            best = key
            answer = Defence(
                arranged.melds,
                _layoff_list(choice, hand, knocker_melds),
                arranged.deadwood,
                arranged.points,
                alone.points,
                alone.deadwood,
            )
    return answer


def _fixed_defence(
    own: Arrangement, knocker_melds: Sequence[Meld], rules: Rules, *, layoffs: bool
) -> Defence:
    deadwood = tuple(own.deadwood)
    base = count(deadwood, rules)
    if not layoffs or not knocker_melds:
        return Defence(tuple(own.melds), (), deadwood, base, base, deadwood)
    faces = [meld_faces(m) for m in knocker_melds]
    best: tuple[int, int] | None = None
    answer = Defence(tuple(own.melds), (), deadwood, base, base, deadwood)
    for choice in _layoff_choices(faces, deadwood, rules):
        laid = frozenset().union(*choice) if choice else frozenset()
        rest = tuple(c for i, c in enumerate(deadwood) if i not in laid)
        key = (count(rest, rules), len(laid))
        if best is None or key < best:
            best = key
            answer = Defence(
                tuple(own.melds),
                _layoff_list(choice, deadwood, knocker_melds),
                rest,
                key[0],
                base,
                deadwood,
            )
    return answer


def _layoff_list(
    choice: Sequence[frozenset[int]], hand: Sequence[Card], knocker_melds: Sequence[Meld]
) -> tuple[LayOff, ...]:
    return tuple(
        LayOff(hand[i], m, tuple(knocker_melds[m].cards))
        for m, ext in enumerate(choice)
        for i in sorted(ext, key=lambda j: (hand[j], j))
    )


def _arrange(cards: tuple[Card, ...], rules: Rules) -> Arrangement:
    key = tuple(sorted(cards))
    arranged = _memo(rules).arranged
    found = arranged.get(key)
    if found is None:
        if not key:
            found = Arrangement(melds=(), deadwood=(), points=0, discard=None)
        else:
            found = best_arrangement(key, rules)
        _remember(arranged, key, found)
    return found


_WINDOWS: dict[str, tuple[frozenset[frozenset[int]], tuple[tuple[int, tuple[int, ...]], ...]]] = {}


def _windows(rules: Rules) -> frozenset[frozenset[int]]:
    """The rank indexes (ace = 0) of every window a run may fill, of every length."""
    return _window_table(rules)[0]


def _window_table(
    rules: Rules,
) -> tuple[frozenset[frozenset[int]], tuple[tuple[int, tuple[int, ...]], ...]]:
    """:func:`_windows`, and each window as (13-bit mask of its ranks, its ranks)."""
    found = _WINDOWS.get(rules.ace_runs)
    if found is None:
        windows = frozenset(
            frozenset(rank - 1 for rank in window)
            for by_length in run_geometry(rules).windows
            for window in by_length
        )
        masks = tuple((sum(1 << r for r in w), tuple(sorted(w))) for w in windows)
        found = _WINDOWS[rules.ace_runs] = (windows, masks)
    return found


# --- all least-deadwood arrangements of the knocker -------------------------------------------


def _candidate_melds(cards: Sequence[Card], rules: Rules) -> list[tuple[int, Meld]]:
    """Every legal meld among ``cards``, as (bitmask of indices, meld)."""
    jokers = [i for i, c in enumerate(cards) if c == JOKER_INDEX]
    by_key: dict[tuple[str, int], list[int]] = {}
    for i, c in enumerate(cards):
        if c == JOKER_INDEX:
            continue
        if rules.sets_allowed:
            by_key.setdefault(("rank", c % 13), []).append(i)
        by_key.setdefault(("suit", c // 13), []).append(i)
    smallest = min(rules.run_min, rules.set_min if rules.sets_allowed else rules.run_min)
    masks: dict[int, Meld] = {}
    memo = _memo(rules)
    for indices in by_key.values():
        group = tuple(cards[i] for i in indices)
        key = (group, len(jokers), smallest)
        found = memo.groups.get(key)
        if found is None:
            found = _group_melds(group, len(jokers), smallest, rules, memo)
            _remember(memo.groups, key, found)
        for picked, j, meld in found:
            bits = 0
            for p in picked:
                bits |= 1 << indices[p]
            if not j:
                if bits not in masks:
                    masks[bits] = meld
                continue
            for wild in combinations(jokers, j):
                mask = bits + sum(1 << i for i in wild)
                if mask not in masks:
                    masks[mask] = meld
    return sorted(masks.items(), key=lambda item: item[0])


def _group_melds(
    group: tuple[Card, ...], jokers: int, smallest: int, rules: Rules, memo: _Memo
) -> tuple[tuple[tuple[int, ...], int, Meld], ...]:
    """The legal melds of some of ``group``'s cards (one rank or one suit) with ``j`` of the
    hand's ``jokers``: (positions picked, j, meld). Remembered: a long sheet deals the same
    few cards of a suit or a rank over and over."""
    ranks_of = [c % 13 for c in group]
    if not jokers and len(set(ranks_of)) == len(group) > 1:
        return _window_melds(group, ranks_of, smallest, rules, memo)
    found: list[tuple[tuple[int, ...], int, Meld]] = []
    windows = _windows(rules)
    for n in range(1, len(group) + 1):
        for picked in combinations(range(len(group)), n):
            ranks = frozenset(group[p] % 13 for p in picked)
            # two or more cards of different ranks are no set, and without a wild card
            # they are a run only if their ranks fill a run's window exactly
            mixed = n > 1 and len(ranks) == n
            for j in range(jokers + 1):
                if n + j < smallest:
                    continue
                if j == 0 and mixed and ranks not in windows:
                    continue
                cards = [group[p] for p in picked] + [JOKER] * j
                if not _is_meld(cards, rules, memo):
                    continue
                try:
                    found.append((picked, j, classify_meld(cards, rules)))
                except MeldError:
                    continue
    return tuple(found)


def _window_melds(
    group: tuple[Card, ...], ranks_of: list[int], smallest: int, rules: Rules, memo: _Memo
) -> GroupMelds:
    """:func:`_group_melds` of cards of distinct ranks (one suit) with no joker: only the
    cards filling a run's window can be a meld, so the windows are tried, not every subset
    (in the order of the subsets, by size; a test checks this against every subset)."""
    where = {rank: p for p, rank in enumerate(ranks_of)}
    present = sum(1 << r for r in ranks_of)
    need = max(2, smallest)
    picks = {
        tuple(sorted(where[r] for r in ranks))
        for mask, ranks in _window_table(rules)[1]
        if mask & present == mask and len(ranks) >= need
    }
    found: list[tuple[tuple[int, ...], int, Meld]] = []
    for picked in sorted(picks, key=lambda p: (len(p), p)):
        cards = [group[p] for p in picked]
        if not rules.wild_deuces:  # natural cards of distinct ranks: a run or nothing
            run = build_run(cards, (), rules)
            if run is not None:
                found.append((picked, 0, run))
        elif _is_meld(cards, rules, memo):
            try:
                found.append((picked, 0, classify_meld(cards, rules)))
            except MeldError:
                continue
    return tuple(found)


def least_arrangements(cards: Sequence[Card], rules: Rules) -> list[Arrangement]:
    """Every arrangement of ``cards`` whose unmatched count is the least possible.

    Arrangements that differ only in which copy of a duplicate card goes where are listed once.
    """
    hand = tuple(sorted(cards))
    n = len(hand)
    values = [rules.card_value(c) for c in hand]
    starting_at: list[list[tuple[int, Meld]]] = [[] for _ in range(n)]
    for mask, meld in _candidate_melds(hand, rules):
        low = (mask & -mask).bit_length() - 1
        starting_at[low].append((mask, meld))
    best = [sum(values) + 1]
    found: dict[tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]], Arrangement] = {}

    def walk(i: int, used: int, melds: tuple[Meld, ...], dead: tuple[int, ...], value: int) -> None:
        if value > best[0]:
            return
        while i < n and used >> i & 1:
            i += 1
        if i == n:
            if value < best[0]:
                best[0] = value
                found.clear()
            deadwood = tuple(hand[j] for j in dead)
            key = (tuple(sorted(tuple(m.cards) for m in melds)), deadwood)
            found.setdefault(key, Arrangement(melds=melds, deadwood=deadwood, points=value,
                                              discard=None))  # fmt: skip
            return
        for mask, meld in starting_at[i]:
            if not mask & used:
                walk(i + 1, used | mask, (*melds, meld), dead, value)
        walk(i + 1, used | 1 << i, melds, (*dead, i), value + values[i])

    walk(0, 0, (), (), 0)
    return list(found.values())
