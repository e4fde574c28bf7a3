"""The scoring rules of the knock games (gin, oklahoma: scoring/knock.py, docs/RULES.md §1-2), each
checked on what a user sees: the outcome, the exact scores (the eleven-card knocker's discard
too), the reasons, ``round``'s JSON, and the refusal of an end the game does not have.

Card values: ace 1, pips by number, ten and courts 10. K is the knocker's count, D the
defender's (after lay-offs); every figure is worked out by hand in the comments.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from remikcalc.base.errors import DealError
from remikcalc.cards.notation import parse_cards
from remikcalc.cli import cli
from remikcalc.render.results import details_json
from remikcalc.rules.variants import get_rules
from remikcalc.scoring import score_deal
from remikcalc.scoring.deal import Deal, Hand, build_deal
from remikcalc.scoring.knock import score_knock
from remikcalc.scoring.result import DealResult
from tests.hands import (
    BIG_GIN,
    BIG_GIN_DEFENCE,
    GIN_ALL_MELDED,
    GIN_DEFENCE_57,
    SEED_DEFENDER,
    SEED_KNOCKER,
    UNDERCUT_BY_FOUR,
    UNDERCUT_KNOCKER,
    UNDERCUT_TIE,
)


def play(
    variant: str = "gin",
    preset: str | None = None,
    *,
    closer: str | None = "Anna",
    how: str | None = None,
    upcard: str | None = None,
    rules: tuple[str, ...] = (),
    **hands: str,
) -> DealResult:
    r = get_rules(variant, preset, rules)
    deal = build_deal(r, list(hands), hands=hands, closer=closer, how=how, upcard=upcard)
    return score_deal(r, deal)


def round_json(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["round", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def players(r: DealResult) -> dict[str, Any]:
    found: dict[str, Any] = details_json(r.details)["players"]
    return found


# 11 cards all melded: 2-3-4-5H, three nines, four kings
BIG_GIN_TYPED = "2H 3H 4H 5H | 9C 9D 9S | KC KD KH KS"
# BIG_GIN_DEFENCE, Boris, no melds: 8 + 9 + 10 + 10 + 7 + 6 + 3 + 1 + 2 + 4 = 60
# GIN_ALL_MELDED, Anna's gin: 2-3-4H, three nines, four kings
# GIN_DEFENCE_57, Boris: 5H 9H QS QD 7C 6D 3S AS 2D 4C, no melds: 5 + 9 + 10 + 10 + 7 + 6 + 3 + 1 +
# 2 + 4 = 57


# --- big gin ---------------------------------------------------------------------------------


def test_big_gin_with_a_house_bonus_of_0_scores_the_defenders_count_alone() -> None:
    # modern with big_gin_bonus=0: big gin is still played, its bonus is 0: 60 + 0 = 60
    r = play("gin", "modern", rules=("big_gin_bonus=0",), Anna=BIG_GIN, Boris=BIG_GIN_DEFENCE)
    assert r.outcome == "big_gin"
    assert r.scores == {"Anna": 60, "Boris": 0}
    assert "big gin: Anna scores 60 + 0 bonus = 60" in r.reasons


def test_big_gin_typed_in_groups_scores_the_big_gin_bonus() -> None:
    # the same eleven cards typed as three melds: big gin, 60 + 31 = 91 (not gin's 60 + 25)
    r = play("gin", "modern", Anna=BIG_GIN_TYPED, Boris=BIG_GIN_DEFENCE)
    assert r.outcome == "big_gin"
    assert r.scores == {"Anna": 91, "Boris": 0}
    assert players(r)["Anna"].get("discard") is None
    assert "big gin: Anna scores 60 + 31 bonus = 91" in r.reasons


@pytest.mark.parametrize(
    "anna", ["2H 3H 4H 5H 9C 9D 9S KC KD KH 7S", "2H 3H 4H 5H | 9C 9D 9S | KC KD KH | 7S"]
)
def test_a_big_gin_claim_whose_eleven_cards_do_not_all_meld_is_refused(anna: str) -> None:
    # 7S melds with nothing: without it the other ten are gin, but the claim was big gin
    with pytest.raises(DealError, match="Anna claims big gin, but not all 11 cards meld"):
        play("gin", "modern", how="big_gin", Anna=anna, Boris=BIG_GIN_DEFENCE)


def test_eleven_typed_cards_of_which_ten_meld_discard_the_eleventh_to_gin() -> None:
    # modern, typed, 7S unmatched: discard 7S, the ten left are gin: 60 + 25 = 85
    r = play("gin", "modern", Anna="2H 3H 4H 5H | 9C 9D 9S | KC KD KH | 7S", Boris=BIG_GIN_DEFENCE)
    assert r.outcome == "gin" and r.scores == {"Anna": 85, "Boris": 0}
    assert players(r)["Anna"]["discard"] == "7S"


# --- the knock limit -------------------------------------------------------------------------


def test_gin_where_knocking_is_not_played_is_never_doubled() -> None:
    # knock_limit none: only gin closes, and nothing doubles it: 57 + 25 = 82
    r = play("gin", rules=("knock_limit=none",), Anna=GIN_ALL_MELDED, Boris=GIN_DEFENCE_57)
    assert r.outcome == "gin" and r.scores == {"Anna": 82, "Boris": 0}
    assert not any("doubles" in reason for reason in r.reasons)


# --- the knocker's arrangement ---------------------------------------------------------------


def test_of_two_equal_knocks_the_knocker_takes_the_one_that_leaves_the_defender_most() -> None:
    # Anna: 4-5-6C, 8S-QS and 5D 5H unmatched (K = 10), or 5C 5D 5H, 8S-QS and 4C 6C (K = 10).
    # Boris: KKK, 2-3-4D, 3C 5S 9H 7H. Against 4-5-6C he lays 3C off: D = 5 + 9 + 7 = 21;
    # against the fives he lays 5S off: D = 3 + 9 + 7 = 19. Anna takes the first: 21 − 10 = 11
    r = play(Anna="4C 5C 6C 5D 5H 8S 9S TS JS QS", Boris="KH KD KS 2D 3D 4D 3C 5S 9H 7H")
    assert r.outcome == "knock"
    assert r.points == {"Anna": 10, "Boris": 21}
    assert r.scores == {"Anna": 11, "Boris": 0}
    assert players(r)["Boris"]["layoffs"] == [{"card": "3C", "onto": ["4C", "5C", "6C"]}]


# --- what each deal says: the reasons, in order ----------------------------------------------

# SEED_KNOCKER: Anna knocks with three queens, 6-7-8S, 2-3-4D and AC unmatched: K = 1. Boris lays QS
# off on
# the queens and 9S TS on 6-7-8S; left 5H 5C 9H JC KD 2C 3C = 5+5+9+10+10+2+3 = 44.
SEED_LAYOFFS = ["Boris laid off QS on QC QD QH", "Boris laid off 9S TS on 6S 7S 8S"]
# UNDERCUT_KNOCKER: Anna knocks with 8 (8D) after 2-3-4H, three nines, three kings


def test_an_oklahoma_knock_says_how_the_up_card_set_the_limit() -> None:
    # up-card 9H: limit 9, hearts: not doubled; 44 − 1 = 43
    r = play("oklahoma", upcard="9H", Anna=SEED_KNOCKER, Boris=SEED_DEFENDER)
    assert r.scores == {"Anna": 43, "Boris": 0}
    assert list(r.reasons) == [
        "up-card 9H sets the knock limit to 9",
        *SEED_LAYOFFS,
        "knock: Anna has 1 (limit 9), Boris has 44 after lay-offs; Anna scores 44 - 1 = 43",
    ]
    assert details_json(r.details)["knock_limit"] == 9
    assert details_json(r.details)["upcard"] == "9H"
    assert details_json(r.details)["doubled"] is False


def test_a_spade_up_card_doubles_the_deal_and_says_so() -> None:
    # up-card 3S: limit 3 (K = 1 fits), a spade: 43 × 2 = 86
    r = play("oklahoma", upcard="3S", Anna=SEED_KNOCKER, Boris=SEED_DEFENDER)
    assert r.scores == {"Anna": 86, "Boris": 0}
    assert list(r.reasons) == [
        "up-card 3S sets the knock limit to 3",
        "up-card 3S is a spade: the deal's score is doubled",
        *SEED_LAYOFFS,
        "knock: Anna has 1 (limit 3), Boris has 44 after lay-offs; Anna scores 44 - 1 = 43",
        "spade up-card doubles the deal: 43 × 2 = 86",
    ]
    assert details_json(r.details)["doubled"] is True


def test_a_house_knock_limit_below_the_up_card_applies_and_says_so() -> None:
    # up-card KD sets 10, the house limit 5 is lower: the knock (K = 1) is within 5
    r = play(
        "oklahoma", upcard="KD", rules=("knock_limit=5",), Anna=SEED_KNOCKER, Boris=SEED_DEFENDER
    )
    assert r.scores == {"Anna": 43, "Boris": 0}
    assert list(r.reasons[:2]) == [
        "up-card KD sets the knock limit to 10",
        "the house knock limit (5) is lower and applies",
    ]
    assert details_json(r.details)["knock_limit"] == 5


def test_a_house_knock_limit_above_the_up_card_does_not_apply() -> None:
    # up-card 4H sets 4; the house limit 10 is higher: the limit stays 4, one reason only
    r = play("oklahoma", upcard="4H", Anna=SEED_KNOCKER, Boris=SEED_DEFENDER)
    assert r.reasons[0] == "up-card 4H sets the knock limit to 4"
    assert "lower and applies" not in " ".join(r.reasons)
    assert details_json(r.details)["knock_limit"] == 4


def test_a_knock_at_exactly_the_up_card_limit_is_allowed() -> None:
    # K = 8 (8D) with up-card 8C: the limit is 8, so the knock stands (Boris undercuts it)
    r = play("oklahoma", upcard="8C", Anna=UNDERCUT_KNOCKER, Boris=UNDERCUT_BY_FOUR)
    assert r.outcome == "undercut" and r.scores == {"Anna": 0, "Boris": 29}  # 8 − 4 + 25


def test_a_knock_with_no_house_limit_on_an_up_card_is_refused() -> None:
    # knock_limit none in oklahoma: whatever the up-card, only gin closes
    with pytest.raises(
        DealError,
        match=r"knocking is not played here \(knock_limit none\): only gin may close "
        r"\(Anna has 1 in deadwood\)",
    ):
        play(
            "oklahoma",
            upcard="4S",
            rules=("knock_limit=none",),
            Anna=SEED_KNOCKER,
            Boris=SEED_DEFENDER,
        )


def test_an_undercut_says_who_undercut_whom_and_by_how_much() -> None:
    # Boris: 5-6-7S, three jacks, three tens, 4C: D = 4 < K = 8: 8 − 4 + 25 = 29
    r = play(Anna=UNDERCUT_KNOCKER, Boris=UNDERCUT_BY_FOUR)
    assert r.outcome == "undercut" and r.winner == "Boris" and r.closer == "Anna"
    assert list(r.reasons) == [
        "undercut: Boris has 4, Anna knocked with 8; Boris scores 8 - 4 + 25 bonus = 29"
    ]
    assert details_json(r.details)["players"]["Boris"]["count_before_layoffs"] == 4


def test_a_tie_counts_as_an_undercut_and_says_so() -> None:
    # Boris keeps 8C: D = 8 = K: an undercut by default, 8 − 8 + 25 = 25
    r = play(Anna=UNDERCUT_KNOCKER, Boris=UNDERCUT_TIE)
    assert r.outcome == "undercut" and r.scores == {"Anna": 0, "Boris": 25}
    assert list(r.reasons) == [
        "undercut (a tie counts as an undercut): Boris has 8, Anna knocked with 8; Boris scores "
        "8 - 8 + 25 bonus = 25"
    ]


def test_a_tie_without_undercut_on_tie_scores_nothing_for_either() -> None:
    r = play(
        rules=("undercut_on_tie=false",),
        Anna=UNDERCUT_KNOCKER,
        Boris=UNDERCUT_TIE,
    )
    assert r.outcome == "knock" and r.winner is None
    assert r.scores == {"Anna": 0, "Boris": 0} and r.points == {"Anna": 8, "Boris": 8}
    assert list(r.reasons) == ["tie at 8: not an undercut under these rules (undercut_on_tie off)"]


def test_a_knock_without_lay_offs_says_the_defenders_count_alone() -> None:
    # Boris: 5-6-7S, three jacks, three tens and KS: nothing goes on Anna's melds; D = 10 > 8
    r = play(Anna=UNDERCUT_KNOCKER, Boris="5S 6S 7S JH JD JS TH TS TD QS")
    assert r.outcome == "knock" and r.scores == {"Anna": 2, "Boris": 0}
    assert list(r.reasons) == ["knock: Anna has 8 (limit 10), Boris has 10; Anna scores 10 - 8 = 2"]


def test_a_knock_that_leaves_nothing_unmatched_is_gin_and_says_so() -> None:
    # stated as a knock, the hand is gin: 57 + 25 = 82, no lay-offs against it
    r = play(how="knock", Anna=GIN_ALL_MELDED, Boris=GIN_DEFENCE_57)
    assert r.outcome == "gin" and r.scores == {"Anna": 82, "Boris": 0}
    assert list(r.reasons) == [
        "Anna's knock leaves nothing unmatched: it is gin",
        "gin: Anna scores 57 + 25 bonus = 82",
    ]
    assert "layoffs" not in players(r)["Boris"]


# --- the eleven-card knocker's discard, an end the game does not have -----------------------------


# from the mutation round of issue 20: a survivor in scoring/knock.py
def test_equal_discards_of_an_eleven_card_knocker_leave_the_defender_the_most() -> None:
    # RULES.md §1.3: the knocker's discard is chosen by the same two tests as his melds: the
    # least deadwood, then what leaves the defender the most. Anna (11 cards, a house knock
    # limit of 26): 3C TC JC QC 7D TD 4H 5H 6H 6S TS.
    # - keep the club run TC JC QC and 4H 5H 6H, discard TD or TS: 3C 7D 6S and a ten = 26;
    #   Boris then lays off 9C on the clubs and 7H on the hearts: 50 − 9 − 7 = 34 left;
    # - keep the tens TC TD TS and 4H 5H 6H, discard JC or QC: 3C 7D 6S and a court = 26;
    #   Boris lays off only 7H: 50 − 7 = 43 left.
    # Boris (5C 9C AD 3D AH 7H 9H QH 2S 3S, no meld) counts 50. Equal 26 either way, so the
    # tens: Anna scores 43 − 26 = 17 (the runs would give her only 34 − 26 = 8).
    data = round_json(
        "gin",
        "--rule",
        "knock_limit=26",
        "--closer",
        "Anna",
        "Anna=3C TC JC QC 7D TD 4H 5H 6H 6S TS",
        "Boris=5C 9C AD 3D AH 7H 9H QH 2S 3S",
    )
    assert data["outcome"] == "knock"
    assert data["points"] == {"Anna": 26, "Boris": 43}
    assert data["scores"] == {"Anna": 17, "Boris": 0}
    anna = data["details"]["players"]["Anna"]
    assert anna["discard"] in ("JC", "QC")
    assert ["TC", "TD", "TS"] in anna["melds"]


# from the mutation round of issue 20: a survivor in scoring/knock.py
@pytest.mark.parametrize(
    ("variant", "preset", "words"),
    [
        ("gin", "ru", "knock, gin or draw"),
        ("gin", "modern", "knock, gin, big_gin or draw"),
    ],
)
def test_a_knock_game_refuses_an_end_it_does_not_have(
    variant: str, preset: str, words: str
) -> None:
    # the command line refuses a bridge closing for gin before scoring; the library says so too
    rules = get_rules(variant, preset=preset)
    deal = Deal(
        players=("Anna", "Boris"),
        closer="Anna",
        how="remik",
        hands={
            "Anna": Hand(tuple(parse_cards(SEED_KNOCKER))),
            "Boris": Hand(tuple(parse_cards(SEED_DEFENDER))),
        },
    )
    with pytest.raises(DealError) as caught:
        score_knock(rules, deal)
    assert str(caught.value) == f"a gin deal ends by {words}, not remik"
