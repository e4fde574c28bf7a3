"""A slow, obviously correct brute force for the meld search, used as the tests' reference.

It shares nothing with :mod:`remikcalc.search` beyond the rules and the card values: it
writes out every concrete meld the rules allow (every set and every run window, each card
either natural or a wild card), keeps those the hand can pay for, and then walks every
combination of disjoint melds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, product

from remikcalc.rules.ruleset import Rules

JOKER = 52
Hand = tuple[int, ...]  # a sorted multiset of card indexes


def value_in_hand(cards: Iterable[int], rules: Rules) -> int:
    """The hand's count, written from docs/RULES.md §0.3 and §5 (pair rule)."""
    cards = list(cards)
    if not rules.pair_rule:
        return sum(rules.card_value(c) for c in cards)
    jokers = sum(rules.joker_value for c in cards if c == JOKER)
    ranks = {c % 13 for c in cards if c != JOKER}
    return jokers + sum(rules.card_value(r) for r in ranks)


def _is_wild_deuce(card: int, rules: Rules) -> bool:
    return rules.wild_deuces and card != JOKER and card % 13 == 1


def _concrete_sets(rules: Rules) -> Iterator[tuple[int, ...]]:
    if not rules.sets_allowed:
        return
    copies = 1 if rules.set_distinct_suits else rules.decks
    for rank in range(13):
        for size in range(rules.set_min, rules.set_max + 1):
            for suits in combinations_with_replacement(range(4), size):
                if max(Counter(suits).values()) <= copies:
                    yield tuple(s * 13 + rank for s in suits)


def _concrete_runs(rules: Rules) -> Iterator[tuple[int, ...]]:
    """Runs as lists of card indexes, low end first."""
    for suit in range(4):
        for length in range(rules.run_min, 14):
            if rules.ace_runs == "around":
                for start in range(13):
                    yield tuple(suit * 13 + (start + k) % 13 for k in range(length))
                continue
            # ranks 1..14 where 1 and 14 are both the ace
            lowest = 2 if rules.ace_runs == "high" else 1
            highest = 13 if rules.ace_runs == "low" else 14
            for start in range(lowest, highest - length + 2):
                ranks = list(range(start, start + length))
                yield tuple(suit * 13 + (r - 1) % 13 for r in ranks)


def _meld_value(kind: str, concrete: tuple[int, ...], rules: Rules) -> int:
    total = 0
    for i, card in enumerate(concrete):
        if card % 13 == 0:
            total += rules.ace_low_value if kind == "run" and i == 0 else rules.ace_value
        else:
            total += rules.card_value(card)
    return total


@lru_cache(maxsize=64)
def _all_concrete(rules: Rules) -> tuple[tuple[str, tuple[int, ...], int], ...]:
    out = [("set", m, _meld_value("set", m, rules)) for m in _concrete_sets(rules)]
    out += [("run", m, _meld_value("run", m, rules)) for m in _concrete_runs(rules)]
    return tuple(out)


@lru_cache(maxsize=64)
def _needs(rules: Rules) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each meld of :func:`_all_concrete`, its cards and how many of each, sorted."""
    return tuple(
        tuple(sorted(Counter(concrete).items())) for _k, concrete, _v in _all_concrete(rules)
    )


@lru_cache(maxsize=64)
def _melds_of_card(rules: Rules) -> dict[int, tuple[int, ...]]:
    """For each card, where in :func:`_all_concrete` the melds that hold it are."""
    where: dict[int, list[int]] = {}
    for i, need in enumerate(_needs(rules)):
        for card, _n in need:
            where.setdefault(card, []).append(i)
    return {card: tuple(places) for card, places in where.items()}


def hand_melds(hand: Hand, rules: Rules) -> dict[tuple[Hand, int], int]:
    """Every meld the hand can pay for: (natural cards used, wild cards used) -> best value."""
    have = Counter(hand)
    wild_total = (have[JOKER] if rules.wild_jokers else 0) + sum(
        n for c, n in have.items() if _is_wild_deuce(c, rules)
    )
    every, needs = _all_concrete(rules), _needs(rules)
    # a meld needs a natural card, so only the melds that hold a card of the hand can be paid for
    holding = _melds_of_card(rules)
    candidates = sorted({i for card in have for i in holding.get(card, ())})
    found: dict[tuple[Hand, int], int] = {}
    for i in candidates:
        _kind, concrete, value = every[i]
        need = needs[i]
        if sum(n for c, n in need if c not in have) > wild_total:
            continue
        per_card = [range(0, min(n, have.get(c, 0)) + 1) for c, n in need]
        for choice in product(*per_card):
            naturals = tuple(
                card for (card, _n), k in zip(need, choice, strict=True) for _ in range(k)
            )
            wilds = len(concrete) - len(naturals)
            if not naturals or wilds > wild_total:
                continue
            if rules.jokers_minority and len(naturals) <= wilds:
                continue
            key = (naturals, wilds)  # sorted: ``need`` is
            if found.get(key, -1) < value:
                found[key] = value
    return found


def is_laid_meld(
    kind: str, cards: Sequence[int], stands_for: Sequence[int | None], rules: Rules
) -> bool:
    """True when a meld, as laid (wild cards with what they stand for), is one of the
    concrete melds the rules allow, with legal wild cards."""
    concrete = tuple(c if s is None else s for c, s in zip(cards, stands_for, strict=True))
    if kind == "set" and tuple(sorted(concrete)) != concrete:
        return False
    allowed = {m for k, m, _v in _all_concrete(rules) if k == kind}
    if concrete not in allowed:
        return False
    naturals = sum(1 for s in stands_for if s is None)
    wilds = len(cards) - naturals
    for card, sub in zip(cards, stands_for, strict=True):
        if sub is None and card == JOKER:
            return False
        if sub is not None and not (
            (card == JOKER and rules.wild_jokers) or _is_wild_deuce(card, rules)
        ):
            return False
    return naturals >= 1 and (not rules.jokers_minority or naturals > wilds)


def _take(state: Hand, cards: Iterable[int]) -> Hand | None:
    """``state`` without ``cards`` (still sorted), or None when it does not hold them all."""
    rest = list(state)
    for card in cards:
        if card not in rest:
            return None
        rest.remove(card)
    return tuple(rest)


def _pay(state: Hand, naturals: Hand, wilds: int, rules: Rules) -> Iterator[Hand]:
    """Every way to take the meld's cards out of ``state``."""
    left = _take(state, naturals)
    if left is None:
        return
    pool = [c for c in left if (c == JOKER and rules.wild_jokers) or _is_wild_deuce(c, rules)]
    for used in set(combinations(pool, wilds)):
        after = _take(left, used)
        assert after is not None
        yield after


def reachable(hand: Sequence[int], rules: Rules) -> dict[Hand, int]:
    """Every multiset of cards that melding can leave, with the best meld value to get there."""
    start = tuple(sorted(hand))
    melds = hand_melds(start, rules)
    best: dict[Hand, int] = {start: 0}
    stack = [start]
    while stack:
        state = stack.pop()
        for (naturals, wilds), value in melds.items():
            for after in _pay(state, naturals, wilds, rules):
                total = best[state] + value
                if after not in best or best[after] < total:
                    best[after] = total
                    stack.append(after)
    return best


def least_points(hand: Sequence[int], rules: Rules) -> int:
    """The least count any legal arrangement leaves."""
    return min(value_in_hand(left, rules) for left in reachable(hand, rules))


def best_discard(hand: Sequence[int], rules: Rules) -> tuple[int, int]:
    """(least points after discarding one card, the card: highest value then index)."""
    options = []
    for card in sorted(set(hand)):
        rest = list(hand)
        rest.remove(card)
        options.append((least_points(rest, rules), -rules.card_value(card), -card))
    points, _v, card = min(options)
    return points, -card


def greatest_value(hand: Sequence[int], rules: Rules) -> int:
    """The greatest total value of disjoint melds."""
    return max(reachable(hand, rules).values())
