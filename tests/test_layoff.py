"""Lay-offs in the knock games (docs/RULES.md §1) and the knocker's least-deadwood arrangements.

The examples work their numbers out by hand; the properties check the search against a slow
brute force over every subset of the defender's cards (and every split of them among the
knocker's melds), and the knocker enumeration against ``search.best_arrangement``; the ways to
lay off onto one meld (``extensions``) are checked one by one.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from remikcalc.base.errors import DealError
from remikcalc.cards.notation import Card, Rank, Suit, parse_cards
from remikcalc.rules.ruleset import Rules
from remikcalc.rules.variants import get_rules
from remikcalc.scoring.deal import Deal, Hand
from remikcalc.scoring.knock import score_knock
from remikcalc.search import best_arrangement
from remikcalc.search.knock.knocker import least_arrangements
from remikcalc.search.knock.layoff import best_defence, extensions, meld_faces
from remikcalc.search.melds import Meld, can_meld, classify_meld
from tests.hands import TWIN_KNOCKER

GIN = get_rules("gin")


def melds(text: str, rules: Rules = GIN) -> tuple[Meld, ...]:
    return tuple(classify_meld(parse_cards(g), rules) for g in text.split("|"))


def codes(cards: Sequence[Card]) -> list[str]:
    return sorted(c.code for c in cards)


# --- lay-offs worked by hand ------------------------------------------------------------------


def test_fourth_card_of_a_set_is_laid_off() -> None:
    # Boris: QS lays off on the three queens; 2C 5D 9H stay: 2 + 5 + 9 = 16
    d = best_defence(parse_cards("QS 2C 5D 9H"), melds("QH QD QC"), GIN)
    assert [(x.card.code, codes(x.meld)) for x in d.layoffs] == [("QS", ["QC", "QD", "QH"])]
    assert d.points == 16


def test_run_extends_at_both_ends_in_a_chain() -> None:
    # 6-7-8S takes 5S below and 9S, TS above (TS only after 9S): 4D 2C stay = 6
    d = best_defence(parse_cards("TS 9S 5S 4D 2C"), melds("6S 7S 8S"), GIN)
    assert codes([x.card for x in d.layoffs]) == ["5S", "9S", "TS"]
    assert d.points == 6


def test_a_chain_needs_its_link() -> None:
    # TS cannot go on 6-7-8S without 9S: nothing is laid off, 10 + 4 = 14
    d = best_defence(parse_cards("TS 4D"), melds("6S 7S 8S"), GIN)
    assert d.layoffs == () and d.points == 14


def test_gin_ace_is_low_so_nothing_goes_after_the_king() -> None:
    # ace_runs low: AS extends A-2-3 from below only; after Q-K it is no lay-off
    assert best_defence(parse_cards("AS"), melds("JS QS KS"), GIN).points == 1
    assert best_defence(parse_cards("AS"), melds("2S 3S 4S"), GIN).points == 0


def test_a_full_set_takes_no_more_cards() -> None:
    # two packs (house rule): the four sevens are a full set of distinct suits
    two_packs = GIN.replace(decks=2)
    d = best_defence(parse_cards("7S 7C"), melds("7H 7D 7C 7S", two_packs), two_packs)
    assert d.layoffs == () and d.points == 14


def test_melds_and_lay_offs_are_found_together() -> None:
    # Alone Boris melds all four eights and keeps 9S QH 2H = 9 + 10 + 2 = 21. Together: 8S
    # goes on 5-6-7S (three eights are still a set), 9S follows it: QH 2H = 12 remain.
    d = best_defence(parse_cards("8H 8D 8C 8S 9S QH 2H"), melds("5S 6S 7S"), GIN)
    assert codes([x.card for x in d.layoffs]) == ["8S", "9S"]
    assert [codes(m.cards) for m in d.melds] == [["8C", "8D", "8H"]]
    assert d.points == 12
    assert d.points_before == 21


def test_own_melds_may_stay_when_lay_off_is_no_better() -> None:
    # Boris keeps his own kings and lays 8S off on 5-6-7S; only 2D is left
    d = best_defence(parse_cards("KC KD KH 8S 2D"), melds("5S 6S 7S"), GIN)
    assert codes([x.card for x in d.layoffs]) == ["8S"]
    assert d.points == 2


def test_typed_defender_melds_are_kept_and_only_his_deadwood_lays_off() -> None:
    # Boris fixes 8H 8D 8S as a set: 9S would need 8S below it, TS needs 9S, so nothing goes;
    # he keeps 9S TS QH 2H = 9 + 10 + 10 + 2 = 31. Untyped he reaches 28 (test above).
    # With 4S QH unmatched instead, 4S goes below 5-6-7S and QH = 10 is left.
    groups = (
        parse_cards("8H 8D 8S"),
        parse_cards("9S"),
        parse_cards("TS"),
        parse_cards("QH"),
        parse_cards("2H"),
    )
    d = best_defence((), melds("5S 6S 7S"), GIN, groups=groups)
    assert d.layoffs == () and d.points == 31
    groups2 = (parse_cards("8H 8D 8S"), parse_cards("4S QH"))
    d2 = best_defence((), melds("5S 6S 7S"), GIN, groups=groups2)
    assert [str(x) for x in d2.layoffs] == ["4S on 5S 6S 7S"] and d2.points == 10


def test_nothing_laid_off_against_gin() -> None:
    d = best_defence(parse_cards("QS 2C"), melds("QH QD QC"), GIN, layoffs=False)
    assert d.layoffs == () and d.points == 12


def test_extensions_lists_every_legal_chain() -> None:
    # on 6-7-8S with 5S, 9S, TS in hand: {}, {5}, {9}, {5,9}, {9,T}, {5,9,T}
    hand = parse_cards("5S 9S TS")
    found = {
        frozenset(hand[i].code for i in ext)
        for ext in extensions(tuple(parse_cards("6S 7S 8S")), hand, GIN)
    }
    assert found == {
        frozenset(s) for s in ((), ("5S",), ("9S",), ("5S", "9S"), ("9S", "TS"), ("5S", "9S", "TS"))
    }


# --- the knocker's arrangements ---------------------------------------------------------------


def test_least_arrangements_lists_equal_meld_structures() -> None:
    # 3H-6H with 6D 6C 6S: run 3H-6H + three sixes, or 3H-5H + four sixes; AC AD 2D = 4 either way
    found = least_arrangements(parse_cards(TWIN_KNOCKER), GIN)
    shapes = {tuple(sorted(len(m.cards) for m in a.melds)) for a in found}
    assert shapes == {(3, 4)} and len(found) == 2
    assert {a.points for a in found} == {4}


# --- properties against brute force -----------------------------------------------------------


@cache
def brute_deadwood(cards: tuple[Card, ...], rules: Rules) -> int:
    """Least count of ``cards`` by trying every meld that contains the first card."""
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = rules.card_value(first) + brute_deadwood(rest, rules)
    related = [i for i, c in enumerate(rest) if c.rank == first.rank or c.suit == first.suit]
    for n in range(2, len(related) + 1):
        for picked in combinations(related, n):
            group = (first, *(rest[i] for i in picked))
            if can_meld(group, rules):
                left = tuple(c for i, c in enumerate(rest) if i not in picked)
                best = min(best, brute_deadwood(left, rules))
    return best


def brute_least_partitions(
    cards: Sequence[Card], rules: Rules
) -> set[tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]]:
    """Every least-count split of ``cards`` into melds and unmatched cards, by brute force."""
    found: list[tuple[int, tuple[tuple[Card, ...], ...], tuple[Card, ...]]] = []

    def go(
        rest: tuple[Card, ...], melds: tuple[tuple[Card, ...], ...], dead: tuple[Card, ...]
    ) -> None:
        if not rest:
            found.append((sum(rules.card_value(c) for c in dead), melds, dead))
            return
        first, others = rest[0], rest[1:]
        go(others, melds, (*dead, first))
        for n in range(2, len(others) + 1):
            for picked in combinations(range(len(others)), n):
                group = (first, *(others[i] for i in picked))
                if can_meld(group, rules):
                    left = tuple(c for i, c in enumerate(others) if i not in picked)
                    go(left, (*melds, tuple(sorted(group))), dead)

    go(tuple(sorted(cards)), (), ())
    least = min(points for points, _, _ in found)
    return {(tuple(sorted(m)), d) for points, m, d in found if points == least}


def brute_can_lay_off(
    laid: Sequence[Card], faces: Sequence[tuple[Card, ...]], rules: Rules
) -> bool:
    """Can ``laid`` be split among the melds so that every meld plus its share is legal?"""

    def go(i: int, shares: tuple[tuple[Card, ...], ...]) -> bool:
        if i == len(laid):
            return all(not s or can_meld(f + s, rules) for f, s in zip(faces, shares, strict=True))
        card = laid[i]
        return any(
            go(i + 1, shares[:m] + ((*shares[m], card),) + shares[m + 1 :])
            for m, face in enumerate(faces)
            if card.suit == face[0].suit or card.rank == face[0].rank
        )

    return go(0, tuple(() for _ in faces))


def brute_defence(cards: Sequence[Card], knocker: Sequence[Meld], rules: Rules) -> int:
    faces = [meld_faces(m) for m in knocker]
    best = brute_deadwood(tuple(sorted(cards)), rules)
    for mask in range(1, 1 << len(cards)):
        laid = [c for i, c in enumerate(cards) if mask >> i & 1]
        if not brute_can_lay_off(laid, faces, rules):
            continue
        rest = tuple(sorted(c for i, c in enumerate(cards) if not mask >> i & 1))
        best = min(best, brute_deadwood(rest, rules))
    return best


def _meld_cards(kind: str, a: int, b: int, length: int) -> list[Card]:
    if kind == "set":
        return [Card.of(a + 1, suit) for suit in list(Suit)[:length]]
    start = min(a + 1, 14 - length)
    return [Card.of(start + k, list(Suit)[b]) for k in range(length)]


@st.composite
def knock_deals(draw: st.DrawFn) -> tuple[list[Card], list[Card]]:
    """A knocker built around 1-3 melds, and a defender drawn mostly near those melds."""
    knocker: list[Card] = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["set", "run"]))
        meld = _meld_cards(
            kind,
            draw(st.integers(0, 12)),
            draw(st.integers(0, 3)),
            draw(st.integers(3, 4 if kind == "set" else 5)),
        )
        if not set(meld) & set(knocker) and len(knocker) + len(meld) <= 10:
            knocker += meld
    rest = [Card(i) for i in range(52) if Card(i) not in knocker]
    fill = draw(st.permutations(rest))
    knocker += fill[: 10 - len(knocker)]
    left = [c for c in rest if c not in knocker]
    near = [
        c
        for c in left
        if any(
            c.rank == k.rank or (c.suit == k.suit and abs(c.rank - k.rank) <= 3) for k in knocker
        )
    ]
    n_near = draw(st.integers(0, min(7, len(near))))
    defender = list(draw(st.permutations(near))[:n_near])
    others = [c for c in left if c not in defender]
    defender += draw(st.permutations(others))[: 10 - len(defender)]
    return knocker, defender


FORMULA_PRESETS = ("ru", "pagat", "modern", "bicycle")


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(knock_deals(), st.sampled_from(FORMULA_PRESETS))
def test_defender_lay_offs_are_optimal_and_scores_follow_the_formula(
    hands: tuple[list[Card], list[Card]], preset: str
) -> None:
    knocker, defender = hands
    rules = get_rules("gin", preset)
    k = best_arrangement(tuple(knocker), rules).points
    rules = rules.replace(knock_limit=max(10, k))  # a house limit that lets this hand knock
    deal = Deal(
        players=("Anna", "Boris"),
        closer="Anna",
        hands={"Anna": Hand(tuple(knocker)), "Boris": Hand(tuple(defender))},
    )
    result = score_knock(rules, deal)
    assert result.points["Anna"] == k
    d = result.points["Boris"]
    if k == 0:
        assert d == brute_deadwood(tuple(sorted(defender)), rules)
        assert result.outcome == "gin"
        assert result.scores == {"Anna": d + rules.gin_bonus, "Boris": 0}
        return
    # the knocker's choice among equal arrangements leaves the defender the most
    best_for_knocker = max(
        brute_defence(defender, [classify_meld(m, rules) for m in melds], rules)
        for melds, _ in brute_least_partitions(knocker, rules)
    )
    assert d == best_for_knocker
    if d > k:
        assert result.outcome == "knock"
        assert result.scores == {"Anna": d - k, "Boris": 0}
    else:
        assert result.outcome == "undercut"
        assert result.scores == {"Anna": 0, "Boris": k - d + rules.undercut_bonus}


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=10, max_size=11, unique=True))
def test_least_arrangements_match_the_search_and_are_partitions(indices: list[int]) -> None:
    cards = [Card(i) for i in indices]
    found = least_arrangements(cards, GIN)
    assert found
    assert {a.points for a in found} == {best_arrangement(tuple(cards), GIN).points}
    for a in found:
        laid = [c for m in a.melds for c in m.cards] + list(a.deadwood)
        assert sorted(laid) == sorted(cards)
        assert all(can_meld(m.cards, GIN) for m in a.melds)
    # and none is missing
    listed = {
        (tuple(sorted(tuple(sorted(m.cards)) for m in a.melds)), tuple(sorted(a.deadwood)))
        for a in found
    }
    assert listed == brute_least_partitions(cards, GIN)


def test_rank_helpers_are_consistent() -> None:
    # guard for the strategy above: a run never passes the king
    assert _meld_cards("run", 12, 0, 5)[-1].rank is Rank.KING


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(knock_deals(), st.integers(0, 51))
def test_oklahoma_upcard_limit_and_spade_double_follow_the_formula(
    hands: tuple[list[Card], list[Card]], up: int
) -> None:
    knocker, defender = hands
    rules = get_rules("oklahoma")
    upcard = Card(up)
    deal = Deal(
        players=("Anna", "Boris"),
        closer="Anna",
        upcard=upcard,
        hands={"Anna": Hand(tuple(knocker)), "Boris": Hand(tuple(defender))},
    )
    k = best_arrangement(tuple(knocker), rules).points
    limit = 0 if upcard.rank is Rank.ACE else min(int(upcard.rank), 10)
    if k > limit:
        with pytest.raises(DealError):
            score_knock(rules, deal)
        return
    result = score_knock(rules, deal)
    d = result.points["Boris"]
    double = 2 if upcard.suit is Suit.SPADES else 1
    if k == 0:
        expected = {"Anna": (d + 25) * double, "Boris": 0}
    elif d > k:
        expected = {"Anna": (d - k) * double, "Boris": 0}
    else:
        expected = {"Anna": 0, "Boris": (k - d + 25) * double}
    assert result.scores == expected


# --- the ways to lay off onto one meld ------------------------------------------------------------


# from the mutation round of issue 20: a survivor in search/knock/layoff.py
def test_the_lay_offs_of_cards_that_fit_no_meld_are_only_the_empty_one() -> None:
    # on 4H 5H 6H, KC and 9D fit nowhere: the one way to lay off is to lay off nothing
    gin = get_rules("gin")
    assert extensions(tuple(parse_cards("4H 5H 6H")), parse_cards("KC 9D"), gin) == [frozenset()]
    # and 7H (card 2 of the three) may go on the end
    found = extensions(tuple(parse_cards("4H 5H 6H")), parse_cards("KC 9D 7H"), gin)
    assert sorted(found, key=len) == [frozenset(), frozenset({2})]


# from the mutation round of issue 20: a survivor in search/knock/layoff.py
def test_a_wild_deuce_may_be_laid_off_on_any_run() -> None:
    wild = get_rules("gin").replace(wild_deuces=True)
    found = extensions(tuple(parse_cards("4H 5H 6H")), parse_cards("KC 2C"), wild)
    assert sorted(found, key=len) == [frozenset(), frozenset({1})]
