"""Continental rummy (docs/RULES.md §8): going out with 15 cards in runs, per-card and chips
payment, a wild deuce shown as what it stands for."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remikcalc.base.errors import DealError, MeldError
from remikcalc.cards.notation import JOKER, SUITS, Card, format_cards
from remikcalc.render.results import details_json
from remikcalc.rules.variants import get_rules
from remikcalc.scoring import DealResult, score_deal
from remikcalc.scoring.continental import PATTERNS, find_split
from remikcalc.scoring.deal import build_deal
from remikcalc.search.melds import classify_meld
from tests.clirun import fails, ok
from tests.hands import CONTINENTAL_IN_RUNS, CONTINENTAL_WILD


def score(players: list[str], preset: str | None = None, **kw: Any) -> DealResult:
    rules = get_rules("continental", preset, players=len(players))
    return score_deal(rules, build_deal(rules, players, **kw))


ABC = ["Anna", "Boris", "Carl"]
# Fifteen naturals, and fourteen naturals with a joker, for losers (none used by the winners
# below beyond the two packs).
BORIS = "2C 3C 4C 5C 6C 7C 8C 9C KC 2D 3D 4D 5D 6D TD"
CARL = "JK 7H 8H 9H TH JH 7S 8S 9S TS JS KS 2S 3S 5H"

FIVE_THREES = "AH 2H 3H 4S 5S 6S 7D 8D 9D TC JC QC QH KH AH"
FOUR_FOUR_FOUR_THREE = "AC 2C 3C 4C | 5D 6D 7D 8D | 9H TH JH QH | JS QS KS"
FIVE_FOUR_THREE_THREE = "9S TS JS QS KS | 2D 3D 4D 5D | 6C 7C 8C | JK 4H 5H"


# --- patterns -----------------------------------------------------------------------------------


def test_continental_five_runs_of_three_per_card_payment() -> None:
    # Anna: AH 2H 3H, QH KH AH (ace high), 4S 5S 6S, 7D 8D 9D, TC JC QC.
    # Boris holds 15 naturals: pays 15 × 1 = 15. Carl 14 naturals + 1 joker: 14 + 2 = 16.
    # Anna receives 15 + 16 = 31.
    r = score(ABC, closer="Anna", hands={"Anna": FIVE_THREES, "Boris": BORIS, "Carl": CARL})
    assert (r.outcome, r.winner) == ("out", "Anna")
    assert details_json(r.details)["pattern"] == "5 runs of 3"
    assert r.points == {"Anna": 0, "Boris": 15, "Carl": 16}
    assert r.scores == {"Anna": 31, "Boris": -15, "Carl": -16}
    assert [(p.payer, p.payee, p.amount) for p in r.payments] == [
        ("Boris", "Anna", Decimal(15)),
        ("Carl", "Anna", Decimal(16)),
    ]
    assert "Carl pays 14 cards × 1 + 1 joker × 2 = 16" in r.reasons
    melds = details_json(r.details)["players"]["Anna"]["melds"]
    assert sorted(" ".join(m) for m in melds) == sorted(
        ["AH 2H 3H", "QH KH AH", "4S 5S 6S", "7D 8D 9D", "TC JC QC"]
    )


@pytest.mark.parametrize("grouped", [True, False])
def test_continental_three_runs_of_four_and_one_of_three(grouped: bool) -> None:
    hand = FOUR_FOUR_FOUR_THREE if grouped else FOUR_FOUR_FOUR_THREE.replace("|", "")
    # Losers pay 15 and 16 as above.
    r = score(ABC, closer="Anna", hands={"Anna": hand, "Boris": BORIS, "Carl": CARL})
    assert details_json(r.details)["pattern"] == "3 runs of 4 + 1 of 3"
    assert r.scores == {"Anna": 31, "Boris": -15, "Carl": -16}


@pytest.mark.parametrize("grouped", [True, False])
def test_continental_one_run_of_five_one_of_four_two_of_three_joker_wild(grouped: bool) -> None:
    # The joker stands in 4H 5H (as 3H or 6H).
    hand = FIVE_FOUR_THREE_THREE if grouped else FIVE_FOUR_THREE_THREE.replace("|", "")
    # Anna's joker and Carl's are the two jokers of the pack. Losers pay 15 and 16.
    r = score(ABC, closer="Anna", hands={"Anna": hand, "Boris": BORIS, "Carl": CARL})
    assert details_json(r.details)["pattern"] == "1 run of 5 + 1 of 4 + 2 of 3"
    jokers = details_json(r.details)["players"]["Anna"]["jokers"]
    assert [j["stands_for"] for j in jokers] in (["3H"], ["6H"])
    assert r.scores == {"Anna": 31, "Boris": -15, "Carl": -16}


def test_continental_cards_that_form_no_pattern_cannot_go_out() -> None:
    # As five runs of 3 but with 5C for the second AH: nothing takes the 5C.
    hand = FIVE_THREES.replace("QH KH AH", "QH KH 5C")
    with pytest.raises(DealError, match="Anna cannot go out with .* do not split into"):
        score(ABC, closer="Anna", hands={"Anna": hand, "Boris": BORIS, "Carl": CARL})


def test_continental_typed_runs_must_be_one_of_the_patterns() -> None:
    # 6 + 3 + 3 + 3 cards is not a pattern, even though every group is a run.
    hand = "AC 2C 3C 4C 5C 6C | 7D 8D 9D | 9H TH JH | JS QS KS"
    with pytest.raises(DealError, match=r"runs have 6 \+ 3 \+ 3 \+ 3 cards"):
        score(ABC, closer="Anna", hands={"Anna": hand, "Boris": BORIS, "Carl": CARL})


def test_continental_has_no_sets() -> None:
    hand = "7H 7D 7C | 4S 5S 6S | 7D 8D 9D | TC JC QC | QH KH AH"
    with pytest.raises(MeldError, match="Anna's runs: 7H 7D 7C is not a set: sets are not allowed"):
        score(ABC, closer="Anna", hands={"Anna": hand, "Boris": BORIS, "Carl": CARL})


def test_continental_ace_is_low_or_high_never_around_the_corner() -> None:
    hand = "KH AH 2H | 4S 5S 6S | 7D 8D 9D | TC JC QC | QH KH AH"
    with pytest.raises(MeldError, match="KH AH 2H is not a run: K-A-2"):
        score(ABC, closer="Anna", hands={"Anna": hand, "Boris": BORIS, "Carl": CARL})


# --- bad deals ----------------------------------------------------------------------------------


def test_continental_loser_still_holds_the_fifteen_cards_dealt() -> None:
    with pytest.raises(DealError, match="Boris holds 14 cards.*15 cards dealt"):
        score(ABC, closer="Anna", hands={"Anna": FIVE_THREES, "Boris": BORIS[3:], "Carl": CARL})


def test_continental_per_card_needs_every_losers_hand() -> None:
    with pytest.raises(DealError, match="Carl's hand is missing"):
        score(ABC, closer="Anna", hands={"Anna": FIVE_THREES, "Boris": BORIS})


def test_continental_winner_types_the_fifteen_cards_he_went_out_with() -> None:
    with pytest.raises(DealError, match="type the 15 cards Anna laid down"):
        score(ABC, closer="Anna", hands={"Boris": BORIS, "Carl": CARL})
    with pytest.raises(DealError, match="Anna went out with 12 cards"):
        score(ABC, closer="Anna", hands={"Anna": FIVE_THREES[:-9], "Boris": BORIS, "Carl": CARL})


def test_continental_needs_the_closer() -> None:
    with pytest.raises(DealError, match="who went out"):
        score(ABC, hands={"Anna": FIVE_THREES, "Boris": BORIS, "Carl": CARL})


def test_continental_has_no_draw() -> None:
    with pytest.raises(DealError, match="no drawn deals"):
        score(ABC, draw=True, hands={"Anna": FIVE_THREES, "Boris": BORIS, "Carl": CARL})


def test_continental_first_turn_bonus_only_with_chips() -> None:
    with pytest.raises(DealError, match="only with payment=chips"):
        score(
            ABC,
            closer="Anna",
            first_turn=True,
            hands={"Anna": FIVE_THREES, "Boris": BORIS, "Carl": CARL},
        )


def test_continental_three_packs_for_six_players() -> None:
    # 6 players: 3 packs, so 5H 6H 7H three times is possible (chips: losers need not type).
    # 2C 3C 4C: the deuce in its own place; no wild, not one suit: 1 + 10 = 11 from each of
    # five losers = 55.
    hand = "5H 6H 7H 5H 6H 7H 5H 6H 7H 2C 3C 4C 9D TD JD"
    six = ["Anna", "Boris", "Carl", "Dora", "Emil", "Fred"]
    r = score(six, "bicycle", closer="Anna", hands={"Anna": hand})
    assert r.scores["Anna"] == 55
    assert r.points["Fred"] == 11


# --- chips (preset bicycle) ---------------------------------------------------------------------


def test_chips_going_out_with_no_wild_card_pays_1_plus_10() -> None:
    # FIVE_THREES uses no joker, and its 2H sits in its own place (AH 2H 3H): not wild.
    # Each loser pays 1 + 10 = 11; two losers: Anna +22. Losers' hands need not be typed.
    r = score(ABC, "bicycle", closer="Anna", hands={"Anna": FIVE_THREES})
    assert r.points == {"Anna": 0, "Boris": 11, "Carl": 11}
    assert r.scores == {"Anna": 22, "Boris": -11, "Carl": -11}
    assert "each loser pays 1 for going out + 10 for no wild card = 11" in r.reasons


def test_chips_one_per_wild_deuce_two_per_joker() -> None:
    # 2C can only be wild here (standing in 3D 4D 5D); the joker stands in 4H 5H.
    # 1 for going out + 1 for the deuce + 2 for the joker = 4 from each loser.
    hand = CONTINENTAL_WILD
    r = score(ABC, "bicycle", closer="Anna", hands={"Anna": hand})
    assert r.points["Boris"] == 4
    assert r.scores["Anna"] == 8


def test_chips_all_fifteen_one_suit_and_no_wild() -> None:
    # All spades, no joker, 2S in its own place: 1 + 10 (no wild) + 10 (one suit) = 21.
    hand = "AS 2S 3S | 4S 5S 6S | 7S 8S 9S | TS JS QS | 3S 4S 5S"
    r = score(["Anna", "Boris"], "bicycle", closer="Anna", hands={"Anna": hand})
    assert r.scores == {"Anna": 21, "Boris": -21}


@pytest.mark.parametrize(
    ("first_turn", "no_draw", "each"),
    [(True, False, 28), (False, True, 31), (True, True, 31)],
)
def test_chips_first_turn_7_or_before_drawing_10_not_both(
    first_turn: bool, no_draw: bool, each: int
) -> None:
    # The all-spades hand pays 21; +7 on the first turn = 28; +10 before drawing = 31, which
    # replaces the +7 rather than adding to it.
    hand = "AS 2S 3S | 4S 5S 6S | 7S 8S 9S | TS JS QS | 3S 4S 5S"
    r = score(
        ["Anna", "Boris"],
        "bicycle",
        closer="Anna",
        first_turn=first_turn,
        no_draw=no_draw,
        hands={"Anna": hand},
    )
    assert r.points["Boris"] == each


def test_chips_ungrouped_cards_laid_the_way_that_pays_most() -> None:
    # JK 2S 2S 3S 3S 4S 4S 5S 6S 7S 8S 9S TS JS QS, all spades but the joker.
    # Plain reading: JK(AS) 2S 3S, 2S 3S 4S, 4S 5S 6S, 7S 8S 9S, TS JS QS:
    #   1 + 2 (joker) + 10 (one suit) = 13.
    # Both deuces wild: 3S 4S 5S, 3S 4S 2S(5S), 6S 7S 8S, 9S TS JS, QS 2S(KS) JK(AS):
    #   1 + 2 (deuces) + 2 (joker) + 10 (one suit) = 15, the most the winner can make.
    hand = "JK 2S 2S 3S 3S 4S 4S 5S 6S 7S 8S 9S TS JS QS"
    r = score(["Anna", "Boris"], "bicycle", closer="Anna", hands={"Anna": hand})
    assert r.points["Boris"] == 15
    # Typed as laid (deuces in their own place), the same cards pay 13.
    grouped = "JK 2S 3S | 2S 3S 4S | 4S 5S 6S | 7S 8S 9S | TS JS QS"
    r = score(["Anna", "Boris"], "bicycle", closer="Anna", hands={"Anna": grouped})
    assert r.points["Boris"] == 13


def test_chips_losers_hands_are_checked_when_typed() -> None:
    with pytest.raises(DealError, match="Boris holds 3 cards"):
        score(ABC, "bicycle", closer="Anna", hands={"Anna": FIVE_THREES, "Boris": "4C 5C 6C"})


# --- the search, checked against hands built from the patterns ----------------------------------


@st.composite
def built_hands(draw: st.DrawFn) -> tuple[list[Card], bool]:
    """Fifteen cards made from a pattern's runs, some slots replaced by wild cards.

    Up to 4 jokers; with ``deuces`` (the bicycle preset) a wild slot may also be filled by a
    deuce of any suit. Returns the cards and whether deuces are wild.
    """
    deuces = draw(st.booleans())
    pattern = draw(st.sampled_from(PATTERNS))
    cards: list[Card] = []
    jokers = 0
    for length in pattern:
        suit = draw(st.sampled_from(SUITS))
        start = draw(st.integers(1, 14 - length + 1))  # 14 = ace high
        slots = [Card.of((p - 1) % 13 + 1, suit) for p in range(start, start + length)]
        room = length - 1 if deuces else min(4 - jokers, length - 1)
        wild = draw(st.sets(st.integers(0, length - 1), max_size=room))
        for i in sorted(wild):
            use_joker = jokers < 4 and (not deuces or draw(st.booleans()))
            if use_joker:
                jokers += 1
            slots[i] = JOKER if use_joker else Card.of(2, draw(st.sampled_from(SUITS)))
        cards += slots
    return cards, deuces


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(built_hands(), st.randoms(use_true_random=False))
def test_property_every_hand_built_from_a_pattern_goes_out(
    built: tuple[list[Card], bool], rnd: random.Random
) -> None:
    cards, deuces = built
    # 4 packs (10 players): runs may share cards. Any hand built from runs must go out, the
    # split must lay exactly the hand's cards, and every run must be a legal run.
    rules = get_rules("continental", "bicycle" if deuces else None, players=10)
    rnd.shuffle(cards)
    split = find_split(cards, rules)
    assert split is not None, format_cards(cards)
    assert split.pattern in PATTERNS
    laid = [run_cards for run_cards, _ in split.laid()]
    assert sorted(c for run in laid for c in run) == sorted(cards)
    assert sorted((len(run) for run in laid), reverse=True) == list(split.pattern)
    for run in laid:
        assert classify_meld(run, rules).kind == "run", format_cards(run)


# --- through `remikcalc round` ------------------------------------------------------------------


def test_round_continental_per_card_and_chips() -> None:
    # per_card: Boris 15, Carl 16 -> Anna +31.
    result = ok(
        "round",
        "continental",
        "--closer",
        "Anna",
        "--json",
        f"Anna={FIVE_THREES}",
        f"Boris={BORIS}",
        f"Carl={CARL}",
    )
    deal = json.loads(result.stdout)
    assert deal["scores"] == {"Anna": 31, "Boris": -15, "Carl": -16}
    assert deal["payments"][1] == {"from": "Carl", "to": "Anna", "amount": "16"}
    # chips, all spades, before drawing: 1 + 10 + 10 + 10 = 31 from Boris.
    spades = "AS 2S 3S | 4S 5S 6S | 7S 8S 9S | TS JS QS | 3S 4S 5S"
    result = ok(
        "round",
        "continental",
        "--preset",
        "bicycle",
        "--closer",
        "Anna",
        "--players",
        "Anna,Boris",
        "--no-draw",
        "--json",
        f"Anna={spades}",
    )
    assert json.loads(result.stdout)["scores"] == {"Anna": 31, "Boris": -31}


def test_round_continental_bad_pattern_exits_1() -> None:
    hand = FIVE_THREES.replace("QH KH AH", "QH KH 5C")
    result = fails(
        "round",
        "continental",
        "--closer",
        "Anna",
        f"Anna={hand}",
        f"Boris={BORIS}",
        f"Carl={CARL}",
        code=1,
    )
    assert "Anna cannot go out" in result.stderr
    assert "Traceback" not in result.output + result.stderr


# --- a wild deuce shown as what it stands for -----------------------------------------------------


# from issue 12, item 5: words that tell the truth
@pytest.mark.columns(200)
def test_a_wild_deuce_shows_what_it_stands_for() -> None:
    # Continental, bicycle (deuces wild): 5H 2C 7H is a run with the 2C as 6H; in A-2-3C the
    # deuce is in its own place and is just itself.
    out = ok(
        "round",
        "continental",
        "--preset",
        "bicycle",
        "--closer",
        "Anna",
        "Anna=5H 2C 7H | 9S TS JS | AC 2C 3C | QC KC AC | 6S 7S 8S",
        f"Boris={CONTINENTAL_IN_RUNS}",
    ).stdout
    assert "Anna      5H 2C=6H 7H | 9S TS JS | AC 2C 3C | QC KC AC | 6S 7S 8S  -" in out
