"""What the meld search answers: :class:`Arrangement`, and how the melds are put in order."""

from __future__ import annotations

from typing import NamedTuple

from remikcalc.base.errors import MeldError
from remikcalc.cards.notation import Card
from remikcalc.rules.ruleset import Rules
from remikcalc.search.melds import MAX_RUN, Meld, classify_meld, hand_value, meld_key

__all__ = ["Arrangement", "finish"]


class Arrangement(NamedTuple):
    """Melds found in a hand, the unmatched cards (sorted) and their count.

    A named tuple rather than a frozen dataclass: the fast path builds one for every hand in
    about 0.15 us, a third of what a frozen dataclass's ``__init__`` costs.
    """

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    points: int
    discard: Card | None = None


def finish(
    melds: list[Meld], deadwood: list[Card], rules: Rules, discard: Card | None
) -> Arrangement:
    """The arrangement of ``melds`` (runs that continue each other joined, in the order of
    :func:`~remikcalc.search.melds.meld_key`) and ``deadwood`` (sorted)."""
    melds = _merge_runs(melds, rules)
    melds.sort(key=meld_key)
    dead = tuple(sorted(deadwood))
    return Arrangement(tuple(melds), dead, hand_value(dead, rules), discard)


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
