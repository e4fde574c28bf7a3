"""The meld search is exact: checked against the brute-force oracle on random hands of every
variant's pack (docs/RULES.md §0.3 "Exactness"), on hand-picked hard cases, and for determinism."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remikcalc.base.errors import CardError, MeldError
from remikcalc.cards.notation import CARDS, JOKER, Card, parse_cards
from remikcalc.rules.ruleset import Rules
from remikcalc.rules.variants import get_rules
from remikcalc.search import (
    Arrangement,
    analyze_hand,
    arrangement_from_groups,
    best_arrangement,
    best_value_melds,
    general_arrangement,
)
from remikcalc.search.melds import classify_meld, hand_value
from tests import oracle
from tests.hands import HAND_38, REMIBRYDZ_OPENING, SPADES_ACE_TO_TEN

GIN = get_rules("gin")
BRIDGE = get_rules("bridge")
POLISH = get_rules("polish")
BOAT = get_rules("boat")
R500 = get_rules("rummy500")
CONT4 = get_rules("continental", overrides=["decks=4", "jokers=4"])
BICYCLE = get_rules("continental", preset="bicycle")
REMIBRYDZ = get_rules("remibrydz")
REMI_AROUND = get_rules("remibrydz", preset="around")


def pack(rules: Rules) -> list[int]:
    return [i for i in range(52) for _ in range(rules.decks)] + [52] * rules.jokers


def hands(rules: Rules, size: int, jokers: int | None = None) -> st.SearchStrategy[list[Card]]:
    """Random hands dealt from the variant's pack; ``jokers`` forces up to that many jokers."""
    cards = pack(rules)
    naturals = [c for c in cards if c != 52]
    if jokers is None:
        return st.lists(
            st.integers(0, len(cards) - 1), min_size=size, max_size=size, unique=True
        ).map(lambda idx: [CARDS[cards[i]] for i in idx])
    return st.tuples(
        st.integers(0, jokers),
        st.lists(st.integers(0, len(naturals) - 1), min_size=size, max_size=size, unique=True),
    ).map(lambda t: [JOKER] * t[0] + [CARDS[naturals[i]] for i in t[1][: size - t[0]]])


def check_partition(hand: Sequence[int], found: Arrangement, rules: Rules) -> None:
    """Every meld is legal, and melds + deadwood (+ discard) are exactly the hand."""
    used: Counter[int] = Counter()
    for meld in found.melds:
        classify_meld(meld.cards, rules)  # accepted as a group of cards ...
        assert oracle.is_laid_meld(meld.kind, meld.cards, meld.stands_for, rules)  # ... and as laid
        used.update(meld.cards)
    used.update(found.deadwood)
    if found.discard is not None:
        used[found.discard] += 1
    assert used == Counter(hand)
    assert list(found.deadwood) == sorted(found.deadwood)
    assert found.points == hand_value(found.deadwood, rules)


def check_least(hand: list[Card], rules: Rules) -> None:
    found = best_arrangement(hand, rules)
    check_partition(hand, found, rules)
    assert found.points == oracle.least_points(hand, rules)
    assert found.discard is None


def check_discard(hand: list[Card], rules: Rules) -> None:
    found = best_arrangement(hand, rules, discard=True)
    check_partition(hand, found, rules)
    assert (found.points, found.discard) == oracle.best_discard(hand, rules)


# --- against the oracle, every variant's pack --------------------------------------------------


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(hands(GIN, 10))
def test_gin_10_cards(hand: list[Card]) -> None:
    check_least(hand, GIN)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(hands(GIN, 11))
def test_gin_11_cards_best_discard(hand: list[Card]) -> None:
    check_discard(hand, GIN)


@pytest.mark.slow
@settings(max_examples=250, deadline=None)
@given(hands(BRIDGE, 9, jokers=4))
def test_bridge_two_packs_and_jokers(hand: list[Card]) -> None:
    check_least(hand, BRIDGE)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(hands(BRIDGE, 8, jokers=3))
def test_bridge_best_discard_with_jokers(hand: list[Card]) -> None:
    check_discard(hand, BRIDGE)


@pytest.mark.slow
@settings(max_examples=250, deadline=None)
@given(hands(POLISH, 10, jokers=2))
def test_polish_jokers_minority(hand: list[Card]) -> None:
    check_least(hand, POLISH)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(hands(CONT4, 9, jokers=4))
def test_continental_runs_only_four_packs(hand: list[Card]) -> None:
    check_least(hand, CONT4)


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(hands(BICYCLE, 8, jokers=2))
def test_continental_bicycle_wild_deuces(hand: list[Card]) -> None:
    check_least(hand, BICYCLE)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(hands(REMIBRYDZ, 8, jokers=6))
def test_remibrydz_six_jokers(hand: list[Card]) -> None:
    check_least(hand, REMIBRYDZ)


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(hands(REMI_AROUND, 7, jokers=3))
def test_remibrydz_around(hand: list[Card]) -> None:
    check_least(hand, REMI_AROUND)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(hands(BOAT, 10))
def test_boat_pair_rule_and_around(hand: list[Card]) -> None:
    check_least(hand, BOAT)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(hands(R500, 10))
def test_rummy500_ace_fifteen(hand: list[Card]) -> None:
    check_least(hand, R500)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(hands(REMIBRYDZ, 8, jokers=3))
def test_best_value_melds_against_oracle(hand: list[Card]) -> None:
    found = best_value_melds(hand, REMIBRYDZ)
    check_partition(hand, found, REMIBRYDZ)
    assert sum(m.value(REMIBRYDZ) for m in found.melds) == oracle.greatest_value(hand, REMIBRYDZ)


@pytest.mark.slow
def test_many_seeded_hands_against_the_oracle() -> None:
    """A plain seeded sweep on top of hypothesis: 2000 more hands across the variants."""
    rng = random.Random(2024)
    for rules, size in [(GIN, 10), (R500, 10), (BOAT, 7), (BRIDGE, 8), (CONT4, 8), (POLISH, 9)]:
        cards = pack(rules)
        for _ in range(2000 // 6):
            hand = [CARDS[c] for c in rng.sample(cards, size)]
            assert best_arrangement(hand, rules).points == oracle.least_points(hand, rules)


# --- the fast path agrees with the general search -------------------------------------------

FAST_RULES = [  # hands of up to 15 cards: hand_size 14 keeps them under max_cards (set on
    # the rules, not as a house rule: continental plays 15 cards, the search takes any)
    get_rules(v, p, o).replace(hand_size=14)
    for v, p, o in [
        ("gin", None, []),
        ("rummy500", None, []),
        ("rummy", None, []),
        ("remibrydz", "no_jokers", ["decks=1"]),
        ("gin", None, ["ace_runs=around"]),
        ("gin", None, ["ace_runs=high"]),
        ("gin", None, ["set_min=2", "set_max=2", "run_min=4"]),
        ("continental", None, ["decks=1", "jokers=0"]),
    ]
]


def dense_hand(data: st.DataObject, size: int) -> list[Card]:
    low = data.draw(st.integers(0, 8))
    ranks = data.draw(st.integers(3, 5))
    suits = data.draw(st.lists(st.integers(0, 3), min_size=2, max_size=4, unique=True))
    pool = [s * 13 + (low + r) % 13 for s in suits for r in range(ranks)]
    if len(pool) < size:
        pool = list(range(52))
    picked = data.draw(st.permutations(pool))[:size]
    return [CARDS[c] for c in picked]


@pytest.mark.slow
@settings(max_examples=700, deadline=None)
@given(st.data())
def test_fast_path_equals_general_search(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(FAST_RULES))
    size = data.draw(st.sampled_from([7, 10, 11, 13, 15]))
    discard = data.draw(st.booleans())
    if data.draw(st.booleans()):
        hand = dense_hand(data, size)
    else:
        hand = [CARDS[c] for c in data.draw(st.permutations(range(52)))[:size]]
    fast = best_arrangement(hand, rules, discard=discard)
    slow = general_arrangement(hand, rules, discard=discard)
    check_partition(hand, fast, rules)
    assert (fast.points, fast.discard) == (slow.points, slow.discard)


# --- determinism --------------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(hands(BRIDGE, 11, jokers=4), st.randoms(use_true_random=False))
def test_same_cards_in_any_order_same_arrangement(hand: list[Card], rnd: random.Random) -> None:
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    for rules in (BRIDGE, REMIBRYDZ):
        assert best_arrangement(hand, rules) == best_arrangement(shuffled, rules)
        assert best_arrangement(hand, rules, discard=True) == best_arrangement(
            shuffled, rules, discard=True
        )
    plain = sorted({c for c in hand if c != JOKER})
    plain_shuffled = list(plain)
    rnd.shuffle(plain_shuffled)
    assert best_arrangement(plain, R500) == best_arrangement(plain_shuffled, R500)


# --- hand-picked hard cases ----------------------------------------------------------------------


def best(text: str, rules: Rules, discard: bool = False) -> Arrangement:
    hand = list(parse_cards(text))
    found = best_arrangement(hand, rules, discard=discard)
    check_partition(hand, found, rules)
    return found


def test_overlapping_set_and_run() -> None:
    found = best("7C 7D 7H 8H 9H 7S", GIN)
    assert found.points == 0
    assert sorted(str(m) for m in found.melds) == ["7C 7D 7S", "7H 8H 9H"]
    assert best("7C 7D 7H 8H 9H", GIN).points == 14  # set 7C 7D 7H; or run, leaving 7C 7D


def test_set_of_four_or_three_plus_run() -> None:
    found = best("5C 5D 5H 5S 6S 7S 2C", GIN)
    assert found.points == 2
    assert sorted(str(m) for m in found.melds) == ["5C 5D 5H", "5S 6S 7S"]


def test_long_runs_are_laid_whole() -> None:
    found = best(SPADES_ACE_TO_TEN, GIN)
    assert [str(m) for m in found.melds] == [SPADES_ACE_TO_TEN]


def test_k_a_2_where_allowed_and_refused() -> None:
    assert best("KS AS 2S", BOAT).points == 0
    assert best("KS AS 2S", GIN).points == 13
    assert best("KS AS 2S", R500).points == 27
    assert best("QS KS AS 2S 3S", R500).points == 5  # Q-K-A; the ace cannot serve both ends
    assert best("QS KS AS 2S 3S 4S", R500).points == 0


def test_four_jokers() -> None:
    assert best("5H JK JK 9C JK JK", BRIDGE).points == 0
    assert best("JK JK JK JK", BRIDGE).points == 80  # a meld needs a natural card
    found = best("JK JK JK JK 7C KD", BRIDGE)
    assert found.points == 0 and len(found.melds) == 2


def test_spare_jokers_extend_melds() -> None:
    found = best("5H 6H 7H JK JK", BRIDGE)
    assert found.points == 0 and [len(m.cards) for m in found.melds] == [5]
    found = best("7C 7D 7H JK", BRIDGE)
    assert found.points == 0


def test_polish_minority_limits_absorbing_jokers() -> None:
    assert best("5H 6H JK JK", POLISH).points == 20
    assert best("5H 6H 7H JK JK", POLISH).points == 0


def test_two_packs_duplicates_go_to_different_melds() -> None:
    found = best("7H 7H 8H 8H 9H 9H", BRIDGE)
    assert found.points == 0 and len(found.melds) == 2
    assert best("7C 7C 7D", BRIDGE).points == 21


def test_continental_fifteen_cards_four_packs() -> None:
    hand = "3H 4H 5H 3H 4H 5H 9C TC JC QC KC JK 6S 7S JK"
    found = best(hand, CONT4)
    assert found.points == 0
    hand2 = "3H 4H 5H 3H 4H 5H 9C TC JC QC 2D 6S 7S 8S KD"
    found = best(hand2, CONT4)
    assert found.points == oracle.least_points(list(parse_cards(hand2)), CONT4) == 12


def test_continental_fifteen_random_hands_against_oracle() -> None:
    rng = random.Random(15)
    cards = pack(CONT4)
    for _ in range(3):
        hand = [CARDS[c] for c in rng.sample(cards, 15)]
        assert best_arrangement(hand, CONT4).points == oracle.least_points(hand, CONT4)


def test_pair_rule_boat() -> None:
    found = best("9C 7H 9D QD", BOAT)
    assert found.points == 26
    # a pair left in hand costs one card: melding around it can still be worth it
    assert best("9C 9D 9H 5S 5C", BOAT).points == 5


def test_best_discard_rules() -> None:
    found = best("AS 2S 3S 7H 7D 7C 9C 9D KH QS 4S", GIN, discard=True)
    # 9C 9D KH QS unmatched: of the two tens the queen of spades has the higher index
    assert found.discard == parse_cards("QS")[0] and found.points == 28
    found = best("AS 2S 3S 4S 7H 7D 7C 7S 9C 9D 9H", GIN, discard=True)
    assert found.points == 0  # big gin minus one: discard from the four-card set or run
    assert found.discard is not None


def test_discard_a_joker_when_it_is_best() -> None:
    low_aces = get_rules("bridge", overrides=["ace_runs=low", "hand_size=13"])  # 14 cards
    found = best("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH JK", low_aces, discard=True)
    assert found.points == 0 and found.discard == JOKER  # a 13-card run has no room left
    found = best("5C 5D 9S JK", BRIDGE, discard=True)
    assert found.points == 0 and found.discard == parse_cards("9S")[0]


# --- opening values (remibrydż) ---------------------------------------------------------------


def test_remibrydz_opening_example() -> None:
    hand = REMIBRYDZ_OPENING
    # docs/RULES.md's reading: A-2-JK 6 + three eights 24 + 7-10 of spades 34 = 64 ...
    assert classify_meld(parse_cards("AD 2D JK"), REMIBRYDZ).value(REMIBRYDZ) == 6
    # ... but the joker is worth more as the jack of spades: 24 + 44 = 68.
    found = best_value_melds(parse_cards(hand), REMIBRYDZ)
    assert sum(m.value(REMIBRYDZ) for m in found.melds) == 68 >= 64
    assert oracle.greatest_value(list(parse_cards(hand)), REMIBRYDZ) == 68
    assert found.points == hand_value(found.deadwood, REMIBRYDZ)


# --- fixed arrangements and the public entry point ---------------------------------------------


def test_arrangement_from_groups() -> None:
    groups = [parse_cards("AS 2S 3S"), parse_cards("7H 7D 7C"), parse_cards("KD 4C")]
    found = arrangement_from_groups(groups, GIN)
    assert found.points == 14 and len(found.melds) == 2
    # the last group, not a meld, holds the unmatched cards (DECISIONS.md); one before it is
    # refused, and so is a last group with a meld among its cards
    found = arrangement_from_groups([parse_cards("AS 2S 3S"), parse_cards("7H 8H TC")], GIN)
    assert found.points == 25 and len(found.melds) == 1
    with pytest.raises(MeldError, match="group 1: .*; unmatched cards go together in the last"):
        arrangement_from_groups([parse_cards("7H 8H TC"), parse_cards("AS 2S 3S")], GIN)
    with pytest.raises(MeldError, match="group 2: .* but 7C 7D 7H among them is a meld"):
        arrangement_from_groups([parse_cards("AS 2S 3S"), parse_cards("7H 7D 7C TC")], GIN)


def test_analyze_hand() -> None:
    found = analyze_hand(HAND_38)
    assert found.points == 38 and found.discard is None
    found = analyze_hand("AS 2S 3S 7H 7D 7C 9C 9D KH QS 4S")
    assert found.discard is not None
    found = analyze_hand("AS 2S 3S | 7H 7D 7C | KD 4C")
    assert found.points == 14
    assert analyze_hand("7S JK 9S", "bridge").points == 0
    for bad in ("", "AS AS 2S", "7S JK 9S"):
        with pytest.raises(CardError):
            analyze_hand(bad)
    with pytest.raises(MeldError):
        analyze_hand("AS 2S 4S | 5C", discard=True)
