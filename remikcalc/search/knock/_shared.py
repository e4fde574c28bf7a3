"""What the knock games' two searches share (the knocker's least arrangements,
:mod:`~remikcalc.search.knock.knocker`, and the defender's lay-offs,
:mod:`~remikcalc.search.knock.layoff`):
the count of unmatched cards, the cards-and-copies types, the answers remembered per rule set,
copies packed in one integer, and the step budget one knock deal's search spends.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from remikcalc.cards.notation import Card
from remikcalc.rules.ruleset import Rules
from remikcalc.search import Arrangement
from remikcalc.search.melds import Meld, can_meld

__all__ = ["KNOCKER_STEP_LIMIT", "MEMO_SIZE", "Budget", "count"]


def count(cards: Sequence[Card], rules: Rules) -> int:
    """The count of cards left unmatched in a knock game's hand."""
    return sum(rules.card_value(c) for c in cards)


# --- what is remembered, per rule set ---------------------------------------------------------


Counted = tuple[tuple[Card, int], ...]  # cards and how many copies of each, cards ascending
Use = tuple[tuple[Card, int], ...]  # a meld's cards and copies of each, cards ascending
Found = tuple[tuple[Use, Meld], ...]  # melds found: (their cards, the meld)
Cards = tuple[Card, ...]


class Memo:
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


MEMOS: dict[int, tuple[Rules, Memo]] = {}
MEMO_SIZE = 65536  # entries per table before it starts afresh


def memo_for(rules: Rules) -> Memo:
    entry = MEMOS.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    if len(MEMOS) >= 64:
        MEMOS.clear()
    memo = Memo()
    MEMOS[id(rules)] = (rules, memo)
    return memo


def remember(table: dict[Any, Any], key: Any, value: Any) -> None:
    if len(table) >= MEMO_SIZE:
        table.clear()
    table[key] = value


def is_meld(cards: Sequence[Card], rules: Rules, memo: Memo | None = None) -> bool:
    key = tuple(sorted(cards))
    legal = (memo or memo_for(rules)).legal
    found = legal.get(key)
    if found is None:
        found = can_meld(key, rules)
        remember(legal, key, found)
    return found


def counted(cards: tuple[Card, ...]) -> Use:
    """Sorted cards as (card, copies) pairs."""
    out: list[tuple[Card, int]] = []
    for c in cards:
        if out and out[-1][0] == c:
            out[-1] = (c, out[-1][1] + 1)
        else:
            out.append((c, 1))
    return tuple(out)


# --- copies packed in one integer ------------------------------------------------------------


# A choice of copies of a hand's distinct cards (a multiset) is packed in one integer, five
# bits per distinct card (:data:`DIGIT`): adding two choices adds their copies, and whether
# a hand can pay for a sum is one addition and one mask (:func:`fit_masks`), as cheap as the
# disjointness of two sets of card indexes, which is what it is when no card has copies.
DIGIT = 5


def _packed(counts: Sequence[int]) -> int:
    return sum(n << (DIGIT * j) for j, n in enumerate(counts))


def unpacked(packed: int, size: int) -> list[int]:
    return [(packed >> (DIGIT * j)) & 31 for j in range(size)]


@lru_cache(maxsize=4096)
def fit_masks(counts: tuple[int, ...]) -> tuple[int, int]:
    """(slack, flags): ``used`` copies fit the hand's ``counts`` when ``(used + slack) &
    flags`` is 0 (each card's copies plus 15 minus its count stays below 16)."""
    slack = sum((15 - n) << (DIGIT * j) for j, n in enumerate(counts))
    flags = sum(1 << (DIGIT * j + 4) for j in range(len(counts)))
    return slack, flags


# --- the step budget --------------------------------------------------------------------------


#: the most steps the knocker's search may take (each candidate meld looked at, each state of
#: the walk, each arrangement found), about half a second: a hand of house rules far past a
#: variant's own (20 cards of 8 packs, most of them copies) is refused naming the limit
#: instead of running for minutes (it took 30 s; a 21-card knocker ran past 600 s)
KNOCKER_STEP_LIMIT = 400_000


class Budget:
    """The work of one knock deal's search (the knocker's arrangements, the defender's
    lay-offs against each), counted in steps: past :data:`KNOCKER_STEP_LIMIT` the hand is
    refused (:class:`~remikcalc.search.general.arrange.SearchTooLarge`, the limit named)."""

    __slots__ = ("steps",)

    def __init__(self) -> None:
        self.steps = 0

    def spend(self, n: int = 1) -> None:
        self.steps += n
        if self.steps > KNOCKER_STEP_LIMIT:
            from remikcalc.search.general.arrange import SearchTooLarge

            raise SearchTooLarge(KNOCKER_STEP_LIMIT)
