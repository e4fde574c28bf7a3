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

import contextlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Any

from remikcalc.base.errors import MeldError
from remikcalc.cards.notation import JOKER_INDEX, Card, format_cards
from remikcalc.rules.variants import Rules
from remikcalc.search import Arrangement, arrangement_from_groups, best_arrangement
from remikcalc.search.melds import Meld, can_meld, classify_meld, run_geometry, set_capacity

__all__ = [
    "Defence",
    "Budget",
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


class _Memo:
    """Answers remembered for one rule set: legality of card groups, lay-off extensions,
    the defender's arrangements and the knocker's candidate melds per suit or rank. A long
    sheet deals the same few groups of cards again and again.

    Kept per rule set by identity (with the rules held, so an id is never reused while its
    entry lives), not keyed by the rules: hashing a ``Rules`` of fifty fields cost more
    than the lookups it keyed.
    """

    __slots__ = ("arranged", "candidates", "classified", "extensions", "groups", "legal")

    def __init__(self) -> None:
        self.legal: dict[tuple[Card, ...], bool] = {}
        self.extensions: dict[tuple[Cards, Use], tuple[tuple[int, ...], ...]] = {}
        self.arranged: dict[tuple[Card, ...], Arrangement] = {}
        self.classified: dict[tuple[Card, ...], Meld] = {}
        self.candidates: dict[Use, list[tuple[Use, Meld]]] = {}
        self.groups: dict[tuple[str, Counted, Counted], Found] = {}


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


def _fits(face: tuple[Card, ...], rules: Rules) -> Callable[[Card], bool]:
    """Cheap pre-filter: could a card ever join the meld showing ``face``? A joker, or a
    deuce under ``wild_deuces``, may join any meld as a wild card."""
    naturals = [c for c in face if c != JOKER_INDEX]
    if not naturals:
        return lambda card: True
    ranks = {c % 13 for c in naturals}
    suits = {c // 13 for c in naturals}
    rank = next(iter(ranks)) if len(ranks) == 1 else -1  # a set's rank, or none
    suit = next(iter(suits)) if len(suits) == 1 else -1  # a run's suit, or none
    deuce = 1 if rules.wild_deuces else -1
    return lambda card: card == JOKER_INDEX or card % 13 in (rank, deuce) or card // 13 == suit


# A choice of copies of a hand's distinct cards (a multiset) is packed in one integer, five
# bits per distinct card (:data:`_DIGIT`): adding two choices adds their copies, and whether
# a hand can pay for a sum is one addition and one mask (:func:`_fit_masks`), as cheap as the
# disjointness of two sets of card indexes, which is what it is when no card has copies.
_DIGIT = 5


def _packed(counts: Sequence[int]) -> int:
    return sum(n << (_DIGIT * j) for j, n in enumerate(counts))


def _unpacked(packed: int, size: int) -> list[int]:
    return [(packed >> (_DIGIT * j)) & 31 for j in range(size)]


@lru_cache(maxsize=4096)
def _fit_masks(counts: tuple[int, ...]) -> tuple[int, int]:
    """(slack, flags): ``used`` copies fit the hand's ``counts`` when ``(used + slack) &
    flags`` is 0 (each card's copies plus 15 minus its count stays below 16)."""
    slack = sum((15 - n) << (_DIGIT * j) for j, n in enumerate(counts))
    flags = sum(1 << (_DIGIT * j + 4) for j in range(len(counts)))
    return slack, flags


def extensions(face: tuple[Card, ...], cards: Sequence[Card], rules: Rules) -> list[frozenset[int]]:
    """Every set of ``cards`` (by index) that can be laid off on one meld, one card at a time.

    ``face`` is the meld as it shows on the table (jokers as the cards they stand for). The
    empty set is included. A card joins only if the meld stays legal after it, so runs grow
    outwards from their ends and sets up to ``set_max`` cards of distinct suits. Copies of a
    card are one card: each choice of how many copies is listed once, with the first copies.
    """
    held = _counted(tuple(sorted(cards)))
    return [_laid((option,), held, cards)[0] for option in _extension_counts(face, held, rules)]


def _extension_counts(face: tuple[Card, ...], held: Use, rules: Rules) -> tuple[int, ...]:
    """:func:`extensions` as copies: each extension as how many copies of each card of
    ``held`` (the cards and their copies) go onto the meld, packed (:func:`_packed`)."""
    fits = _fits(face, rules)
    spread = [j for j, (c, _n) in enumerate(held) if fits(c)]
    fitting = tuple(held[j] for j in spread)
    memo = _memo(rules)
    key = (face, fitting)
    found = memo.extensions.get(key)
    if found is None:
        found = _extensions(face, fitting, rules, memo)
        _remember(memo.extensions, key, found)
    if not found:
        return (0,)
    shifts = [_DIGIT * j for j in spread]
    return tuple(
        sum(n << shift for n, shift in zip(ext, shifts, strict=True) if n) for ext in found
    )


def _extensions(
    face: tuple[Card, ...], fitting: Use, rules: Rules, memo: _Memo
) -> tuple[tuple[int, ...], ...]:
    """:func:`extensions` over the cards that may fit (with their copies): each extension as
    how many copies of each go onto the meld; remembered, since a sheet's deals repeat the
    same few cards against the same melds."""
    empty = (0,) * len(fitting)
    seen: set[tuple[int, ...]] = {empty}
    frontier: list[tuple[int, ...]] = [empty]
    while frontier:
        state = frontier.pop()
        base = list(face) + [c for (c, _n), k in zip(fitting, state, strict=True) for _ in range(k)]
        for i, (card, most) in enumerate(fitting):
            if state[i] == most:
                continue
            grown = (*state[:i], state[i] + 1, *state[i + 1 :])
            if grown in seen:
                continue
            if _is_meld([*base, card], rules, memo):
                seen.add(grown)
                frontier.append(grown)
    return tuple(sorted(seen, key=lambda s: (sum(s), [-k for k in s])))


def _layoff_choices(
    faces: Sequence[tuple[Card, ...]], held: Use, rules: Rules, budget: Budget
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Choices of one extension per knocker meld (each possibly empty) that the cards
    ``held`` can pay for together: the extension of each meld and all of them, packed."""
    options = [_extension_counts(face, held, rules) for face in faces]
    slack, flags = _fit_masks(tuple(n for _c, n in held))
    last = len(options)

    def walk(i: int, used: int, chosen: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        budget.spend()
        if i == last:
            yield chosen, used
            return
        for ext in options[i]:
            total = used + ext
            if not (total + slack) & flags:
                yield from walk(i + 1, total, (*chosen, ext))

    yield from walk(0, 0, ())


def _laid(choice: Sequence[int], held: Use, cards: Sequence[Card]) -> tuple[frozenset[int], ...]:
    """A choice of copies per meld (of the cards ``held``, packed) as the indexes of
    ``cards`` per meld, the copies taken in order."""
    where: dict[Card, list[int]] = {}
    for i, card in enumerate(cards):
        where.setdefault(card, []).append(i)
    taken = [0] * len(held)
    per_meld = []
    for ext in choice:
        picked: list[int] = []
        for j, n in enumerate(_unpacked(ext, len(held))):
            if n:
                picked += where[held[j][0]][taken[j] : taken[j] + n]
                taken[j] += n
        per_meld.append(frozenset(picked))
    return tuple(per_meld)


def best_defence(
    cards: Sequence[Card],
    knocker_melds: Sequence[Meld],
    rules: Rules,
    *,
    groups: Sequence[Sequence[Card]] | None = None,
    layoffs: bool = True,
    budget: Budget | None = None,
) -> Defence:
    """The defender's melds and lay-offs that leave him the least count.

    ``groups`` (the defender typed his melds with ``|``) fixes his own melds; lay-offs are then
    looked for among his unmatched cards only. ``layoffs=False`` (against gin) just arranges
    his hand. Ties are broken towards fewer cards laid off, then the first found. Copies of a
    card are one card (which copy is laid off changes nothing). The work is counted in
    ``budget`` (a deal's knocker and defender share one): past its limit the hand is refused.
    """
    budget = Budget() if budget is None else budget
    if groups is not None:
        own = arrangement_from_groups(groups, rules)
        return _fixed_defence(own, knocker_melds, rules, layoffs=layoffs, budget=budget)
    hand = tuple(cards)
    alone = _arrange(hand, rules)
    if not layoffs or not knocker_melds:
        return Defence(alone.melds, (), alone.deadwood, alone.points, alone.points, alone.deadwood)
    faces = [meld_faces(m) for m in knocker_melds]
    best: tuple[int, int] | None = None
    answer: tuple[tuple[int, ...], Arrangement] | None = None
    tried: set[int] = set()
    held = _counted(tuple(sorted(hand)))
    size = len(held)
    for choice, total in _layoff_choices(faces, held, rules, budget):
        if total in tried:
            continue
        tried.add(total)
        if total:
            laid = _unpacked(total, size)
            rest = tuple(c for (c, n), t in zip(held, laid, strict=True) for _ in range(n - t))
            arranged, key = _arrange(rest, rules), sum(laid)
        else:
            arranged, key = alone, 0
        if best is None or (arranged.points, key) < best:
            best, answer = (arranged.points, key), (choice, arranged)
    if answer is None:
        return Defence(alone.melds, (), alone.deadwood, alone.points, alone.points, alone.deadwood)
    choice, arranged = answer
    return Defence(
        arranged.melds,
        _layoff_list(_laid(choice, held, hand), hand, knocker_melds),
        arranged.deadwood,
        arranged.points,
        alone.points,
        alone.deadwood,
    )


def _fixed_defence(
    own: Arrangement,
    knocker_melds: Sequence[Meld],
    rules: Rules,
    *,
    layoffs: bool,
    budget: Budget,
) -> Defence:
    deadwood = tuple(own.deadwood)
    base = count(deadwood, rules)
    if not layoffs or not knocker_melds:
        return Defence(tuple(own.melds), (), deadwood, base, base, deadwood)
    faces = [meld_faces(m) for m in knocker_melds]
    best: tuple[int, int] | None = None
    answer = Defence(tuple(own.melds), (), deadwood, base, base, deadwood)
    held = _counted(tuple(sorted(deadwood)))
    for choice, _total in _layoff_choices(faces, held, rules, budget):
        per_meld = _laid(choice, held, deadwood)
        laid = frozenset().union(*per_meld)
        rest = tuple(c for i, c in enumerate(deadwood) if i not in laid)
        key = (count(rest, rules), len(laid))
        if best is None or key < best:
            best = key
            answer = Defence(
                tuple(own.melds),
                _layoff_list(per_meld, deadwood, knocker_melds),
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


# --- all least-deadwood arrangements of the knocker -------------------------------------------


Kinds = tuple[Card, ...]  # the distinct cards of a hand, in order

#: the most steps the knocker's search may take (each candidate meld looked at, each state of
#: the walk, each arrangement found), about half a second: a hand of house rules far past a
#: variant's own (20 cards of 8 packs, most of them copies) is refused naming the limit
#: instead of running for minutes (it took 30 s; a 21-card knocker ran past 600 s)
KNOCKER_STEP_LIMIT = 400_000


class Budget:
    """The work of one knock deal's search (the knocker's arrangements, the defender's
    lay-offs against each), counted in steps: past :data:`KNOCKER_STEP_LIMIT` the hand is
    refused (:class:`~remikcalc.search.general.SearchTooLarge`, the limit named)."""

    __slots__ = ("steps",)

    def __init__(self) -> None:
        self.steps = 0

    def spend(self, n: int = 1) -> None:
        self.steps += n
        if self.steps > KNOCKER_STEP_LIMIT:
            from remikcalc.search.general import SearchTooLarge

            raise SearchTooLarge(KNOCKER_STEP_LIMIT)


def _wild_kinds(kinds: Kinds, rules: Rules) -> tuple[int, ...]:
    """The kinds (by position) that may stand in a meld as a wild card: jokers where they are
    wild, deuces under ``wild_deuces`` (a deuce may still be itself)."""
    return tuple(
        k
        for k, c in enumerate(kinds)
        if (c == JOKER_INDEX and rules.wild_jokers)
        or (rules.wild_deuces and c != JOKER_INDEX and c % 13 == 1)
    )


Counted = tuple[tuple[Card, int], ...]  # cards and how many copies of each, cards ascending
Use = tuple[tuple[Card, int], ...]  # a meld's cards and copies of each, cards ascending
Found = tuple[tuple[Use, Meld], ...]  # melds found: (their cards, the meld)


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

    def __init__(self, wild: Counted, rules: Rules, memo: _Memo, budget: Budget) -> None:
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
            if not _is_meld(key, self.rules, memo):
                return
            try:
                meld = classify_meld(key, self.rules)
            except MeldError:
                return
            _remember(memo.classified, key, meld)
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
    kind: str, group: Counted, wild: Counted, rules: Rules, memo: _Memo, budget: Budget
) -> Found:
    """The legal melds of one group of natural cards with the hand's wild cards: remembered,
    since a long sheet deals the same few cards of a suit or a rank over and over."""
    key = (kind, group, wild)
    found = memo.groups.get(key)
    if found is None:
        collect = _Collect(wild, rules, memo, budget)
        (_set_melds if kind == "set" else _run_melds)(group, collect)
        found = tuple((_counted(cards), meld) for cards, meld in collect.found.items())
        _remember(memo.groups, key, found)
    return found


def _counted(cards: tuple[Card, ...]) -> Use:
    """Sorted cards as (card, copies) pairs."""
    out: list[tuple[Card, int]] = []
    for c in cards:
        if out and out[-1][0] == c:
            out[-1] = (c, out[-1][1] + 1)
        else:
            out.append((c, 1))
    return tuple(out)


def _hand_melds(
    kinds: Kinds, counts: Sequence[int], rules: Rules, memo: _Memo, budget: Budget
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
            yield from go(i + 1, room - m, picked)
            picked.pop(card, None)

    yield from go(0, most, {})


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


class _Enough(Exception):
    """Raised inside the knocker's walk to stop it: what was asked for is found."""


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
    (:class:`~remikcalc.search.general.SearchTooLarge`, the limit named).
    """
    hand = tuple(sorted(cards))
    key = _counted(hand)
    kinds: Kinds = tuple(c for c, _n in key)
    counts = [n for _c, n in key]
    values = [rules.card_value(c) for c in kinds]
    memo = _memo(rules)
    budget = Budget() if budget is None else budget
    melds = memo.candidates.get(key)
    if melds is None:
        melds = _hand_melds(kinds, counts, rules, memo, budget)
        _remember(memo.candidates, key, melds)
    position = {c: k for k, c in enumerate(kinds)}
    # the melds by their lowest card, each as its cards' copies, packed (see _packed)
    starting_at: list[list[tuple[int, Meld]]] = [[] for _ in kinds]
    for use, meld in melds:
        packed = sum(n << (_DIGIT * position[c]) for c, n in use)
        starting_at[position[use[0][0]]].append((packed, meld))
    slack, flags = _fit_masks(tuple(counts))
    best = [sum(n * v for n, v in zip(counts, values, strict=True)) + 1]
    found: list[Arrangement] = []  # each multiset of melds is walked once: no repeats
    chosen: list[Meld] = []
    dead: list[Card] = []
    last = len(kinds)
    steps = [budget.steps]
    limit = KNOCKER_STEP_LIMIT

    def walk(k: int, first: int, used: int, value: int) -> None:
        steps[0] += 1
        if steps[0] > limit:
            budget.spend(steps[0] - budget.steps)  # refuses, naming the limit
        if value > best[0]:
            return
        rest = counts[k] - (used >> (_DIGIT * k) & 31) if k < last else 0
        while not rest and k < last:
            k, first = k + 1, 0
            rest = counts[k] - (used >> (_DIGIT * k) & 31) if k < last else 0
        if k == last:
            if value < best[0]:
                best[0] = value
                found.clear()
            found.append(Arrangement(tuple(chosen), tuple(dead), value, None))
            if one_gin and value == 0:
                raise _Enough
            return
        options = starting_at[k]
        for i in range(first, len(options)):  # the melds of card k in order: each
            packed, meld = options[i]  # multiset of melds is walked once
            if not (used + packed + slack) & flags:
                chosen.append(meld)
                walk(k, i, used + packed, value)
                chosen.pop()
        dead.extend([kinds[k]] * rest)  # every copy of card k not in a meld: unmatched
        walk(k + 1, 0, used + (rest << (_DIGIT * k)), value + rest * values[k])
        del dead[len(dead) - rest :]

    try:
        with contextlib.suppress(_Enough):
            walk(0, 0, 0, 0)
    finally:
        budget.steps = max(budget.steps, steps[0])
    return found
