"""The knocker's two walks (remikcalc/search/knock/knocker.py): the walk over copies, for hands
that hold a card twice or more, and the walk on plain bits, for hands without copies (every
one-pack game). Each is held to the brute force on hands made for it, and the two are held to
each other, arrangement for arrangement and step for step, on one-pack hands (the walk over
copies is forced there through ``_without_copies``); the step limit is the last step allowed.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from remikcalc.cards.notation import CARDS, Card
from remikcalc.rules.ruleset import Rules
from remikcalc.rules.variants import get_rules
from remikcalc.search import Arrangement, best_arrangement
from remikcalc.search.general.arrange import SearchTooLarge
from remikcalc.search.knock import _shared as knock_common
from remikcalc.search.knock import knocker as knocker_module
from remikcalc.search.knock._shared import KNOCKER_STEP_LIMIT, Budget, memo_for
from remikcalc.search.knock.knocker import least_arrangements
from tests.hands import ACE_TO_FIVE_TWICE, SPADES_ACE_TO_TEN
from tests.test_layoff import brute_least_partitions

COPIES = get_rules("gin", overrides=["decks=2", "set_distinct_suits=false", "set_max=6"])
BOTH = get_rules("gin", overrides=["decks=2", "wild_deuces=true"])
ONE_PACK = [
    get_rules("gin"),
    get_rules("gin", overrides=["wild_deuces=true"]),
    get_rules("oklahoma"),
]


def _with_copies(rng: random.Random, size: int) -> list[Card]:
    """A hand of ``size`` cards of two packs in which at least one card is there twice."""
    cards = rng.sample(range(52), size - 1)
    return sorted(CARDS[c] for c in [*cards, rng.choice(cards)])


def _listed(found: list[Arrangement]) -> set[tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]]:
    return {
        (tuple(sorted(tuple(sorted(m.cards)) for m in a.melds)), tuple(sorted(a.deadwood)))
        for a in found
    }


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([COPIES, BOTH]), st.integers(0, 10**6))
def test_the_walk_over_copies_finds_every_least_split_once(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    cards = _with_copies(rng, rng.randint(5, 9))
    _fresh()
    found = least_arrangements(cards, rules)
    assert len(_listed(found)) == len(found)  # each split once, whichever copy goes where
    assert _listed(found) == brute_least_partitions(cards, rules)
    assert {a.points for a in found} == {best_arrangement(tuple(cards), rules).points}


def _fresh() -> None:
    """No remembered melds: a walk's steps include finding them (a remembered group of a
    suit or a rank costs nothing the next time)."""
    knock_common.MEMOS.clear()


def _walked(
    cards: list[Card], rules: Rules, *, one_gin: bool = False
) -> tuple[list[tuple[object, ...]], int]:
    _fresh()
    budget = Budget()
    found = least_arrangements(cards, rules, one_gin=one_gin, budget=budget)
    return [(a.melds, a.deadwood, a.points) for a in found], budget.steps


@settings(
    max_examples=150,
    deadline=None,
    # monkeypatch.context() undoes each example's patch
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.sampled_from(ONE_PACK), st.sampled_from([7, 10, 11, 13]), st.integers(0, 10**6))
def test_the_walk_on_bits_is_the_walk_over_copies_step_for_step(
    monkeypatch: pytest.MonkeyPatch, rules: Rules, size: int, seed: int
) -> None:
    cards = sorted(CARDS[c] for c in random.Random(seed).sample(range(52), size))
    on_bits = _walked(cards, rules)
    with monkeypatch.context() as patch:
        patch.setattr(knocker_module, "_without_copies", lambda counts: False)
        over_copies = _walked(cards, rules)
    assert on_bits == over_copies  # the same arrangements in the same order, the same steps


# a gin that melds in several ways, and a knock: for each walk
ONE_GIN = {
    "on bits": (get_rules("gin"), SPADES_ACE_TO_TEN, "AS 2S 3S 4S 5S 6S 7S 9H JH KH"),
    "over copies": (COPIES, "2S 3S 4S 5S 6S 7S 2S 3S 4S 5S", "2S 3S 4S 5S 6S 7S 2S 3S 9H KH"),
}


@pytest.mark.parametrize("walk", ONE_GIN)
def test_one_gin_stops_at_the_first_gin_and_changes_nothing_else(walk: str) -> None:
    from remikcalc.cards.notation import parse_cards

    rules, gin_text, knock_text = ONE_GIN[walk]
    gin = sorted(parse_cards(gin_text))
    assert knocker_module._without_copies([gin.count(c) for c in set(gin)]) == (walk == "on bits")
    every, _steps = _walked(gin, rules)
    first, _ = _walked(gin, rules, one_gin=True)
    assert len(every) > 1 and {points for _m, _d, points in every} == {0}
    assert first == every[:1]  # the first gin the whole walk meets, and only it
    knock = sorted(parse_cards(knock_text))
    assert _walked(knock, rules, one_gin=True) == _walked(knock, rules)


def test_the_step_limit_is_reached_inside_either_walk(monkeypatch: pytest.MonkeyPatch) -> None:
    from remikcalc.base.errors import CardError
    from remikcalc.cards.notation import parse_cards

    for rules, cards in (
        (get_rules("gin"), parse_cards(ACE_TO_FIVE_TWICE)),
        (COPIES, parse_cards("AS AS 2S 3S 4S 5S AH 2H 3H 4H")),
    ):
        _fresh()
        budget = Budget()
        least_arrangements(list(cards), rules, budget=budget)
        total = budget.steps
        candidates = Budget()
        _fresh()
        knocker_module.hand_melds(
            tuple(sorted(set(cards))),
            [cards.count(c) for c in sorted(set(cards))],
            rules,
            memo_for(rules),
            candidates,
        )
        assert candidates.steps < total  # the walk itself takes steps
        for limit, refused in ((total - 1, True), (total, False)):
            monkeypatch.setattr(knock_common, "KNOCKER_STEP_LIMIT", limit)
            monkeypatch.setattr(knocker_module, "KNOCKER_STEP_LIMIT", limit)
            _fresh()
            if refused:
                with pytest.raises(CardError, match=f"more than {limit} search steps"):
                    least_arrangements(cards, rules)
            else:
                assert least_arrangements(cards, rules)


# --- the step limit -------------------------------------------------------------------------------


# from the mutation round of issue 20: a survivor in search/knock/layoff.py
def test_the_step_limit_is_the_last_step_allowed() -> None:
    # "past its limit the hand is refused": the limit's own step is still allowed
    budget = Budget()
    budget.spend(KNOCKER_STEP_LIMIT)
    assert budget.steps == KNOCKER_STEP_LIMIT
    with pytest.raises(SearchTooLarge) as caught:
        budget.spend()
    assert f"{KNOCKER_STEP_LIMIT:,}" in str(caught.value)
