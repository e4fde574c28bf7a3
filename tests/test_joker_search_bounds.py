"""The general search's shortcuts for joker hands are exact.

Three shortcuts keep long one-suit runs with wild cards fast (benchmarks/README.md, issue 11):

- a state whose best move so far reaches the least cost any state can have (0, or with the
  discard still owed the smallest tie-break of a card of the hand) weighs no further move;
- the run cores of a card are shared between searches of hands with the same key (the card,
  the pattern of its suit, the wild cards, the identities of the suit's cards);
- only the first ``CHUNK`` run cores of a card are translated to the search's identities
  before a state needs more.

Checked here on random and adversarial hands (long runs, gaps, jokers, wild deuces, a few
other cards) of every variant with wild cards: the points (and the discard) equal the
brute-force oracle's, and the whole arrangement equals the one the search gives with none of them
(no floor, nothing shared, every core at once), so they change no answer and no tie-break.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from remikcalc.cards.notation import CARDS, JOKER, Card
from remikcalc.rules.ruleset import Rules
from remikcalc.rules.variants import get_rules
from remikcalc.search.arrangement import Arrangement
from remikcalc.search.general import _cores
from remikcalc.search.general import arrange as general
from remikcalc.search.general.arrange import INF, general_arrangement
from tests import oracle

JOKER_RULES: list[Rules] = [
    get_rules("bridge"),
    get_rules("polish"),
    get_rules("continental"),
    get_rules("continental", preset="bicycle"),
    get_rules("remibrydz"),
    get_rules("remibrydz", preset="around"),
    get_rules("rummy500", overrides=["jokers=2"]),
    get_rules("boat", overrides=["jokers=2", "wild_jokers=true"]),  # the pair rule with wild cards
]


def _plain_search(cards: list[Card], rules: Rules, discard: bool) -> Arrangement:
    """The search with no shortcut: no floor, every run core listed afresh and at once."""
    tables = _cores.core_tables(rules)
    tables.local_runs.clear()
    chunk = general.CHUNK
    general.CHUNK = 10**9
    try:
        search = general._Search(sorted(cards), rules, "deadwood", discard)
        search.floor = (-INF, -INF)
        return search.arrangement()
    finally:
        general.CHUNK = chunk
        tables.local_runs.clear()  # listed whole: not what the search with CHUNK would share


@st.composite
def _long_run_hands(draw: st.DrawFn, rules: Rules, most: int) -> list[Card]:
    """A one-suit run (maybe with gaps), wild cards and a few other cards of the pack."""
    suit = draw(st.integers(0, 3))
    length = draw(st.integers(3, min(13, most)))
    start = draw(st.integers(0, 13 - length))
    ranks = list(range(start, start + length))
    for _ in range(draw(st.integers(0, 2))):
        if len(ranks) > 2:
            ranks.pop(draw(st.integers(1, len(ranks) - 2)))
    cards = [suit * 13 + r for r in ranks]
    room = most - len(cards)
    jokers = draw(st.integers(0, min(rules.jokers, room, 4))) if rules.wild_jokers else 0
    cards += [52] * jokers
    if rules.wild_deuces:
        cards += [s * 13 + 1 for s in draw(st.lists(st.integers(0, 3), max_size=2))]
    cards += draw(st.lists(st.integers(0, 51), max_size=max(0, min(3, most - len(cards)))))
    counts = Counter(cards)
    assume(all(k <= (rules.jokers if c == 52 else rules.decks) for c, k in counts.items()))
    assume(0 < len(cards) <= most)
    return [JOKER if c == 52 else CARDS[c] for c in cards]


@st.composite
def _cases(draw: st.DrawFn, most: int) -> tuple[Rules, list[Card], bool]:
    rules = draw(st.sampled_from(JOKER_RULES))
    return rules, draw(_long_run_hands(rules, most)), draw(st.booleans())


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(_cases(most=8))
def test_long_runs_with_jokers_against_the_oracle(case: tuple[Rules, list[Card], bool]) -> None:
    rules, hand, discard = case
    found = general_arrangement(hand, rules, discard=discard)
    if discard:
        assert (found.points, found.discard) == oracle.best_discard(hand, rules)
    else:
        assert found.points == oracle.least_points(hand, rules)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(_cases(most=13))
def test_long_runs_with_jokers_as_without_the_shortcuts(
    case: tuple[Rules, list[Card], bool],
) -> None:
    rules, hand, discard = case
    # a search after others (cores shared), then one with no shortcut: the same arrangement
    general_arrangement(hand[::-1][:-1], rules)
    shared = general_arrangement(hand, rules, discard=discard)
    assert shared == _plain_search(hand, rules, discard)


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(JOKER_RULES),
    st.lists(st.integers(0, 200), min_size=1, max_size=12),
    st.booleans(),
)
def test_random_joker_hands_as_without_the_shortcuts(
    rules: Rules, picks: list[int], discard: bool
) -> None:
    pack = [c for c in range(52) for _ in range(rules.decks)] + [52] * rules.jokers
    left = list(pack)
    hand: list[Card] = []
    for k in picks:
        card = left.pop(k % len(left))
        hand.append(JOKER if card == 52 else CARDS[card])
    assert general_arrangement(hand, rules, discard=discard) == _plain_search(hand, rules, discard)


def test_the_worst_hands_known_are_answered_exactly() -> None:
    run = [CARDS[39 + r] for r in range(13)]  # AS..KS
    bicycle = get_rules("continental", preset="bicycle")
    for hand, discard in (
        ([*run, JOKER, JOKER], False),
        ([*run, JOKER, JOKER, CARDS[27]], True),  # + 2H (a wild deuce)
    ):
        found = general_arrangement(hand, bicycle, discard=discard)
        assert found.points == 0
        assert found == _plain_search(hand, bicycle, discard)


@settings(max_examples=100, deadline=None)
@given(_cases(most=15))
def test_the_cores_listed_in_parts_are_every_core_in_order(
    case: tuple[Rules, list[Card], bool],
) -> None:
    rules, hand, discard = case
    general_arrangement(hand[1:], rules)  # some cores shared, some listed in part
    search = general._Search(sorted(hand), rules, "deadwood", discard)
    chunk = general.CHUNK
    general.CHUNK = 10**9
    try:
        _cores.core_tables(rules).local_runs.clear()
        whole = general._Search(sorted(hand), rules, "deadwood", discard).cores
    finally:
        general.CHUNK = chunk
        _cores.core_tables(rules).local_runs.clear()
    for i, every in enumerate(whole):
        first = list(search.cores[i])
        rest = search._more_cores(i) if search.pending[i] is not None else []
        assert first + rest == every
        assert search.cores[i] == every
