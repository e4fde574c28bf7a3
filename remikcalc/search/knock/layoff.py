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
tie, the one that leaves the defender the highest count is taken (docs/RULES.md §1), because the
meld structure decides what the defender can lay off. :func:`least_arrangements` (in
:mod:`remikcalc.search.knock.knocker`, imported here too) enumerates them with a small
branch-and-bound over candidate melds; what the two searches share is in
:mod:`remikcalc.search.knock._shared`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from remikcalc.cards.notation import JOKER_INDEX, Card, format_cards
from remikcalc.rules.ruleset import Rules
from remikcalc.search import Arrangement, arrangement_from_groups, best_arrangement
from remikcalc.search.knock._shared import (
    DIGIT,
    Budget,
    Memo,
    Use,
    count,
    counted,
    fit_masks,
    is_meld,
    remember,
    unpacked,
)
from remikcalc.search.knock._shared import KNOCKER_STEP_LIMIT as KNOCKER_STEP_LIMIT
from remikcalc.search.knock._shared import MEMO_SIZE as MEMO_SIZE
from remikcalc.search.knock._shared import MEMOS as MEMOS
from remikcalc.search.knock._shared import memo_for as memo_for
from remikcalc.search.knock.knocker import hand_melds as hand_melds
from remikcalc.search.melds import Meld

__all__ = [
    "Defence",
    "LayOff",
    "best_defence",
    "extensions",
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


def meld_faces(meld: Meld) -> tuple[Card, ...]:
    """The cards a meld shows, with each joker replaced by the card it stands for."""
    return tuple(
        card if stand is None else stand
        for card, stand in zip(meld.cards, meld.stands_for, strict=True)
    )


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


def extensions(face: tuple[Card, ...], cards: Sequence[Card], rules: Rules) -> list[frozenset[int]]:
    """Every set of ``cards`` (by index) that can be laid off on one meld, one card at a time.

    ``face`` is the meld as it shows on the table (jokers as the cards they stand for). The
    empty set is included. A card joins only if the meld stays legal after it, so runs grow
    outwards from their ends and sets up to ``set_max`` cards of distinct suits. Copies of a
    card are one card: each choice of how many copies is listed once, with the first copies.
    """
    held = counted(tuple(sorted(cards)))
    return [_laid((option,), held, cards)[0] for option in _extension_counts(face, held, rules)]


def _extension_counts(face: tuple[Card, ...], held: Use, rules: Rules) -> tuple[int, ...]:
    """:func:`extensions` as copies: each extension as how many copies of each card of
    ``held`` (the cards and their copies) go onto the meld, packed (:func:`_packed`)."""
    fits = _fits(face, rules)
    spread = [j for j, (c, _n) in enumerate(held) if fits(c)]
    fitting = tuple(held[j] for j in spread)
    memo = memo_for(rules)
    key = (face, fitting)
    found = memo.extensions.get(key)
    if found is None:
        found = _extensions(face, fitting, rules, memo)
        remember(memo.extensions, key, found)
    if not found:
        return (0,)
    shifts = [DIGIT * j for j in spread]
    return tuple(
        sum(n << shift for n, shift in zip(ext, shifts, strict=True) if n) for ext in found
    )


def _extensions(
    face: tuple[Card, ...], fitting: Use, rules: Rules, memo: Memo
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
            if is_meld([*base, card], rules, memo):
                seen.add(grown)
                frontier.append(grown)
    return tuple(sorted(seen, key=lambda s: (sum(s), [-k for k in s])))


def _layoff_choices(
    faces: Sequence[tuple[Card, ...]], held: Use, rules: Rules, budget: Budget
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Choices of one extension per knocker meld (each possibly empty) that the cards
    ``held`` can pay for together: the extension of each meld and all of them, packed."""
    options = [_extension_counts(face, held, rules) for face in faces]
    slack, flags = fit_masks(tuple(n for _c, n in held))
    last = len(options)

    def walk(i: int, used: int, chosen: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        budget.spend()
        if i == last:
            yield chosen, used
            return
        for ext in options[i]:
            total = used + ext
            if not (total + slack) & flags:
                yield from walk(i + 1, total, (*chosen, ext))  # noqa: F821 (deleted after)

    try:
        yield from walk(0, 0, ())
    finally:
        del walk  # it calls itself through its closure: a cycle left for the collector


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
        for j, n in enumerate(unpacked(ext, len(held))):
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
    answer: tuple[tuple[int, ...], int, Arrangement] | None = None
    tried: set[int] = set()
    held = counted(tuple(sorted(hand)))
    size = len(held)
    for choice, total in _layoff_choices(faces, held, rules, budget):
        if total in tried:
            continue
        tried.add(total)
        if total:
            laid = unpacked(total, size)
            rest = tuple(c for (c, n), t in zip(held, laid, strict=True) for _ in range(n - t))
            arranged, key = _arrange(rest, rules), sum(laid)
        else:
            arranged, key = alone, 0
        if best is None or (arranged.points, key) < best:
            best, answer = (arranged.points, key), (choice, total, arranged)
    if answer is None:
        return Defence(alone.melds, (), alone.deadwood, alone.points, alone.points, alone.deadwood)
    choice, total, arranged = answer
    return Defence(
        arranged.melds,
        _layoff_list(_laid(choice, held, hand), hand, knocker_melds) if total else (),
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
    held = counted(tuple(sorted(deadwood)))
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
    arranged = memo_for(rules).arranged
    found = arranged.get(key)
    if found is None:
        if not key:
            found = Arrangement(melds=(), deadwood=(), points=0, discard=None)
        else:
            found = best_arrangement(key, rules)
        remember(arranged, key, found)
    return found
