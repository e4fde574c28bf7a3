"""Gin (presets ru, pagat, modern, bicycle) and oklahoma deal scoring, docs/RULES.md §1-2.

Every number is worked out by hand in the comments: K is the knocker's deadwood, D the
defender's after lay-offs. Card values: ace 1, pips by number, ten and courts 10.
"""

from __future__ import annotations

import pytest

from remikcalc.base.errors import CardError, DealError, MeldError, RemikcalcError, RulesError
from remikcalc.cards.notation import parse_cards
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
    OVER_THE_KNOCK_LIMIT,
    SEED_DEFENDER,
    SEED_DEFENDER_SHORT,
    SEED_KNOCKER,
    SEED_KNOCKER_JOKER,
    TWIN_KNOCKER,
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
    draw: bool = False,
    rules: tuple[str, ...] = (),
    **hands: str,
) -> DealResult:
    r = get_rules(variant, preset, rules)
    deal = build_deal(r, list(hands), hands=hands, closer=closer, how=how, upcard=upcard, draw=draw)
    result = score_deal(r, deal)
    assert result == score_knock(r, deal)  # the dispatcher picks this family
    return result


# --- the seed's deal (seeds/002): a knock, lay-offs, undercut, gin ----------------------------

# SEED_KNOCKER and SEED_DEFENDER (tests/hands.py): Anna knocks with three queens, 6-7-8 of spades,
# 2-3-4 of diamonds and AC unmatched: K = 1.
# Boris lays off "a fourth queen to the three queens" and "the ten and nine of spades to the
# sequence 8-7-6 of spades" (the seed's own example). 2C 3C would fit AC, but nothing goes onto
# the knocker's unmatched cards. Left: 5H 5C 9H JC KD 2C 3C = 5 + 5 + 9 + 10 + 10 + 2 + 3 = 44.


def test_seed_knock_defender_lays_off_fourth_queen_and_ten_nine_of_spades() -> None:
    r = play(Anna=SEED_KNOCKER, Boris=SEED_DEFENDER)
    assert r.outcome == "knock" and r.winner == "Anna" and r.closer == "Anna"
    assert r.points == {"Anna": 1, "Boris": 44}
    assert r.scores == {"Anna": 43, "Boris": 0}  # 44 - 1
    laid = details_json(r.details)["players"]["Boris"]["layoffs"]
    assert sorted(x["card"] for x in laid) == ["9S", "QS", "TS"]
    assert "2C" in details_json(r.details)["players"]["Boris"]["deadwood"]
    assert "Boris laid off QS on QC QD QH" in r.reasons


# UNDERCUT_KNOCKER: Anna knocks with 8: 2-3-4H, three nines, three kings, 8D.


@pytest.mark.parametrize(
    ("preset", "bonus"), [("ru", 25), ("pagat", 10), ("modern", 25), ("bicycle", 10)]
)
def test_undercut_defender_scores_difference_plus_bonus(preset: str, bonus: int) -> None:
    # Boris: 5-6-7S, three jacks, three tens, 4C: D = 4 < K = 8, so he undercuts: 8 - 4 + bonus
    r = play("gin", preset, Anna=UNDERCUT_KNOCKER, Boris=UNDERCUT_BY_FOUR)
    assert r.outcome == "undercut" and r.winner == "Boris"
    assert r.points == {"Anna": 8, "Boris": 4}
    assert r.scores == {"Anna": 0, "Boris": 8 - 4 + bonus}


def test_undercut_made_by_a_lay_off() -> None:
    # Boris's only unmatched card 5H goes on 2-3-4H: D = 0 < 8, undercut 8 - 0 + 25 = 33
    r = play(Anna=UNDERCUT_KNOCKER, Boris="5S 6S 7S JH JD JS TH TS TD 5H")
    assert r.outcome == "undercut"
    assert r.points == {"Anna": 8, "Boris": 0}
    assert r.scores == {"Anna": 0, "Boris": 33}


def test_tie_after_lay_offs_is_an_undercut_by_default() -> None:
    # Boris keeps 8C: D = 8 = K; a tie counts as an undercut: 8 - 8 + 25 = 25
    r = play(Anna=UNDERCUT_KNOCKER, Boris=UNDERCUT_TIE)
    assert r.outcome == "undercut" and r.scores == {"Anna": 0, "Boris": 25}


def test_tie_without_undercut_on_tie_scores_nothing() -> None:
    r = play(
        rules=("undercut_on_tie=false",),
        Anna=UNDERCUT_KNOCKER,
        Boris=UNDERCUT_TIE,
    )
    assert r.outcome == "knock" and r.winner is None
    assert r.scores == {"Anna": 0, "Boris": 0}


# GIN_ALL_MELDED: Anna has gin: 2-3-4H, three nines, four kings.
# GIN_DEFENCE_57, Boris: 5H 9H QS QD 7C 6D 3S AS 2D 4C, no melds: 5 + 9 + 10 + 10 + 7 + 6 + 3 + 1 +
# 2 + 4 = 57.
# 5H would go on 2-3-4H and 9H on the nines after a knock, but nothing is laid off against gin.


@pytest.mark.parametrize(
    ("preset", "bonus"), [("ru", 25), ("pagat", 20), ("modern", 25), ("bicycle", 20)]
)
def test_gin_scores_defender_count_plus_bonus_without_lay_offs(preset: str, bonus: int) -> None:
    r = play("gin", preset, Anna=GIN_ALL_MELDED, Boris=GIN_DEFENCE_57)
    assert r.outcome == "gin" and r.winner == "Anna"
    assert r.points == {"Anna": 0, "Boris": 57}
    assert r.scores == {"Anna": 57 + bonus, "Boris": 0}
    assert "layoffs" not in details_json(r.details)["players"]["Boris"]


@pytest.mark.parametrize("preset", ["ru", "pagat", "modern", "bicycle"])
def test_knock_scores_the_difference_in_every_preset(preset: str) -> None:
    # the seed knock: 44 - 1 = 43 whatever the bonuses
    r = play("gin", preset, Anna=SEED_KNOCKER, Boris=SEED_DEFENDER)
    assert r.outcome == "knock" and r.scores == {"Anna": 43, "Boris": 0}


@pytest.mark.parametrize("preset", ["ru", "pagat", "modern", "bicycle"])
def test_draw_nobody_scores_in_every_preset(preset: str) -> None:
    r = play("gin", preset, closer=None, draw=True, Anna=SEED_KNOCKER, Boris=SEED_DEFENDER)
    assert r.outcome == "draw" and r.winner is None and r.closer is None
    assert r.scores == {"Anna": 0, "Boris": 0} and r.payments == ()


def test_draw_without_hands() -> None:
    r = score_knock(get_rules("gin"), Deal(players=("Anna", "Boris"), hands={}, draw=True))
    assert r.outcome == "draw" and r.scores == {"Anna": 0, "Boris": 0}


# --- big gin ----------------------------------------------------------------------------------

# BIG_GIN: 11 cards all melded: 2-3-4-5H, three nines, four kings.


def test_big_gin_modern_preset_scores_defender_plus_31() -> None:
    # Boris as in the gin test but without 5H (Anna holds it): 5H -> 8C.
    # 8 + 9 + 10 + 10 + 7 + 6 + 3 + 1 + 2 + 4 = 60; big gin 60 + 31 = 91
    r = play("gin", "modern", Anna=BIG_GIN, Boris=BIG_GIN_DEFENCE)
    assert r.outcome == "big_gin"
    assert r.points == {"Anna": 0, "Boris": 60}
    assert r.scores == {"Anna": 91, "Boris": 0}


@pytest.mark.parametrize(("preset", "bonus"), [("ru", 25), ("pagat", 20), ("bicycle", 20)])
def test_eleven_melded_cards_without_big_gin_discard_to_gin(preset: str, bonus: int) -> None:
    # no big gin in these presets: a card is discarded and the other ten are gin: 60 + bonus
    r = play("gin", preset, Anna=BIG_GIN, Boris=BIG_GIN_DEFENCE)
    assert r.outcome == "gin" and r.scores == {"Anna": 60 + bonus, "Boris": 0}
    discard = details_json(r.details)["players"]["Anna"]["discard"]
    assert discard in {"2H", "5H", "KC", "KD", "KH", "KS"}


def test_stated_gin_with_eleven_melded_is_plain_gin_even_in_modern() -> None:
    r = play("gin", "modern", how="gin", Anna=BIG_GIN, Boris=BIG_GIN_DEFENCE)
    assert r.outcome == "gin" and r.scores["Anna"] == 60 + 25


def test_big_gin_claim_is_checked() -> None:
    with pytest.raises(DealError, match="big gin is not played"):
        play(how="big_gin", Anna=BIG_GIN, Boris=BIG_GIN_DEFENCE)
    with pytest.raises(DealError, match="big gin needs all 11"):
        play("gin", "modern", how="big_gin", Anna=GIN_ALL_MELDED, Boris=GIN_DEFENCE_57)


# --- the closer's eleventh card ---------------------------------------------------------------


def test_closer_with_eleven_cards_gets_best_discard_shown() -> None:
    # Anna: A-2-3S, three sevens, 9C 9D 9H, 2C, KD: discarding KD leaves K = 2 (2C).
    # Boris: 4S 5S go on A-2-3S and 7S on the sevens: 73 - 4 - 5 - 7 = 57; 57 - 2 = 55.
    r = play(Anna="AS 2S 3S 7H 7D 7C 9C 9D 9H 2C KD", Boris="4S 5S 7S QD QC KH 3C 8H 6D JD")
    assert details_json(r.details)["players"]["Anna"]["discard"] == "KD"
    assert "Anna discards KD" in r.reasons
    assert r.points == {"Anna": 2, "Boris": 57}
    assert r.scores == {"Anna": 55, "Boris": 0}


def test_typed_closer_with_eleven_cards_discards_highest_unmatched() -> None:
    r = play(Anna="AS 2S 3S | 7H 7D 7C | 9C 9D 9H | 2C KD", Boris="4S 5S 7S QD QC KH 3C 8H 6D JD")
    assert details_json(r.details)["players"]["Anna"]["discard"] == "KD"
    assert r.scores == {"Anna": 55, "Boris": 0}


# --- the knocker's arrangement ----------------------------------------------------------------

# 3-4-5-6H with 6D 6C 6S: either the run of four and three sixes, or 3-4-5H and four sixes.
# Unmatched AC AD 2D = 4 both ways. Boris holds 7H: it goes on 3-4-5-6H only.
# Boris: 7H KS QC JD 9S 8C 4C 2S TD 3S, no melds = 7+10+10+10+9+8+4+2+10+3 = 73.
TWIN_DEFENDER = "7H KS QC JD 9S 8C 4C 2S TD 3S"


def test_knocker_equal_arrangements_the_one_best_for_the_knocker() -> None:
    # with four sixes 7H cannot be laid off: D = 73, Anna scores 73 - 4 = 69
    r = play(Anna=TWIN_KNOCKER, Boris=TWIN_DEFENDER)
    assert r.scores == {"Anna": 69, "Boris": 0}
    melds = sorted(sorted(m) for m in details_json(r.details)["players"]["Anna"]["melds"])
    assert ["6C", "6D", "6H", "6S"] in melds
    assert details_json(r.details)["players"]["Boris"]["layoffs"] == []


def test_knocker_typed_arrangement_is_taken_as_typed() -> None:
    # typed run 3-4-5-6H: Boris lays 7H off, D = 73 - 7 = 66, Anna scores 66 - 4 = 62
    r = play(Anna="3H 4H 5H 6H | 6D 6C 6S | AC AD | 2D", Boris=TWIN_DEFENDER)
    assert r.points == {"Anna": 4, "Boris": 66}
    assert r.scores == {"Anna": 62, "Boris": 0}
    assert details_json(r.details)["players"]["Boris"]["layoffs"] == [
        {"card": "7H", "onto": ["3H", "4H", "5H", "6H"]}
    ]


def test_defender_melds_and_lay_offs_are_found_together() -> None:
    # Anna: 5-6-7S, three kings, 2-3-4C, AH: K = 1.
    # Boris: 8H 8D 8C 8S 9S QH JC 4D 3H 2H. Alone he melds the four eights and keeps
    # 9S QH JC 4D 3H 2H = 9+10+10+4+3+2 = 38. Laying 8S and then 9S on 5-6-7S keeps three
    # eights as a set and leaves QH JC 4D 3H 2H = 29. Anna scores 29 - 1 = 28.
    r = play(Anna="5S 6S 7S KC KD KH 2C 3C 4C AH", Boris="8H 8D 8C 8S 9S QH JC 4D 3H 2H")
    assert r.points == {"Anna": 1, "Boris": 29}
    assert r.scores == {"Anna": 28, "Boris": 0}
    assert details_json(r.details)["players"]["Boris"]["count_before_layoffs"] == 38


# --- oklahoma ---------------------------------------------------------------------------------


def test_oklahoma_upcard_sets_the_knock_limit() -> None:
    # up-card 9H: limit 9; the seed knock (K = 1) scores 43, not doubled (hearts)
    r = play("oklahoma", upcard="9H", Anna=SEED_KNOCKER, Boris=SEED_DEFENDER)
    assert r.scores == {"Anna": 43, "Boris": 0}
    assert details_json(r.details)["knock_limit"] == 9


def test_oklahoma_knock_over_the_upcard_limit_is_refused() -> None:
    # K = 8 with up-card 7D: the limit is 7
    with pytest.raises(
        DealError, match="Anna knocked with 8 in deadwood, but the knock limit is 7"
    ):
        play("oklahoma", upcard="7D", Anna=UNDERCUT_KNOCKER, Boris=UNDERCUT_BY_FOUR)


def test_oklahoma_court_upcard_allows_ten() -> None:
    r = play("oklahoma", upcard="KD", Anna=UNDERCUT_KNOCKER, Boris=UNDERCUT_BY_FOUR)
    assert details_json(r.details)["knock_limit"] == 10 and r.outcome == "undercut"


def test_oklahoma_spade_upcard_doubles_knock() -> None:
    # 3S: limit 3, K = 1 fits; 43 x 2 = 86
    r = play("oklahoma", upcard="3S", Anna=SEED_KNOCKER, Boris=SEED_DEFENDER)
    assert r.scores == {"Anna": 86, "Boris": 0}
    assert r.points == {"Anna": 1, "Boris": 44}  # counts are not doubled, only the score
    assert any("doubles" in reason for reason in r.reasons)


def test_oklahoma_spade_upcard_doubles_undercut_bonus_included() -> None:
    # (8 - 4 + 25) x 2 = 58
    r = play("oklahoma", upcard="TS", Anna=UNDERCUT_KNOCKER, Boris=UNDERCUT_BY_FOUR)
    assert r.scores == {"Anna": 0, "Boris": 58}


def test_oklahoma_spade_upcard_doubles_gin_bonus_included() -> None:
    # (57 + 25) x 2 = 164; the up-card may be a card someone picked up (9S is in Anna's hand)
    r = play("oklahoma", upcard="9S", Anna=GIN_ALL_MELDED, Boris=GIN_DEFENCE_57)
    assert r.scores == {"Anna": 164, "Boris": 0}


def test_oklahoma_ace_upcard_only_gin_closes() -> None:
    r = play("oklahoma", upcard="AH", Anna=GIN_ALL_MELDED, Boris=GIN_DEFENCE_57)
    assert r.outcome == "gin" and r.scores == {"Anna": 82, "Boris": 0}  # 57 + 25
    r = play("oklahoma", upcard="AS", Anna=GIN_ALL_MELDED, Boris=GIN_DEFENCE_57)
    assert r.scores == {"Anna": 164, "Boris": 0}  # ace of spades: only gin, and doubled
    with pytest.raises(
        DealError, match=r"knock on an ace up-card: only gin may close \(Anna has 1"
    ):
        play("oklahoma", upcard="AD", Anna=SEED_KNOCKER, Boris=SEED_DEFENDER)


def test_oklahoma_pagat_preset_bonuses_with_spade_double() -> None:
    # pagat gin bonus 20: (57 + 20) x 2 = 154
    r = play("oklahoma", "pagat", upcard="5S", Anna=GIN_ALL_MELDED, Boris=GIN_DEFENCE_57)
    assert r.scores == {"Anna": 154, "Boris": 0}


def test_oklahoma_needs_the_upcard() -> None:
    with pytest.raises(DealError, match="the up-card sets the knock limit") as caught:
        play("oklahoma", Anna=SEED_KNOCKER, Boris=SEED_DEFENDER)
    assert (caught.value.code, caught.value.field) == ("no_upcard", "upcard")


# --- bad deals --------------------------------------------------------------------------------


def test_knock_over_the_limit_says_count_and_limit() -> None:
    # Anna: 2-3-4H, three nines, KC KD 4D JH unmatched: K = 10 + 10 + 4 + 10 = 34
    with pytest.raises(
        DealError, match="Anna knocked with 34 in deadwood, but the knock limit is 10"
    ):
        play(Anna=OVER_THE_KNOCK_LIMIT, Boris=GIN_DEFENCE_57)


def test_wrong_number_of_cards() -> None:
    with pytest.raises(
        DealError, match=r"Boris has 9 cards; gin hands hold 10 \(11 for the closer"
    ):
        play(Anna=SEED_KNOCKER, Boris=SEED_DEFENDER_SHORT)
    with pytest.raises(DealError, match="Anna has 12 cards"):
        play(Anna=SEED_KNOCKER + " 5D 6D", Boris=SEED_DEFENDER)
    with pytest.raises(DealError, match="Boris has 11 cards"):
        play(Anna=SEED_KNOCKER, Boris=SEED_DEFENDER + " 5D")


def test_illegal_typed_group_names_whose_hand_it_is() -> None:
    # docs/RULES.md §0.1: a typed group of three or more must be a legal meld, and the error says
    # why. With two grouped hands in one deal "group 3" alone does not say whose group it is:
    # Boris's third group 2C 3C AD is of two suits, Anna's hand is fine.
    with pytest.raises(MeldError, match="Boris's hand, group 3: 2C 3C AD is not a run"):
        play(
            Anna="QH QD QC | 6S 7S 8S | 2D 3D 4D | AC",
            Boris="QS | 9S TS | 2C 3C AD | 5H 5C | 9H JC",
        )
    # the same for the closer himself, and on a drawn deal
    with pytest.raises(MeldError, match="Anna's hand, group 1: QH QD 6S is not a"):
        play(Anna="QH QD 6S | QC 7S 8S | 2D 3D 4D | AC", Boris=SEED_DEFENDER)
    with pytest.raises(MeldError, match="Boris's hand, group 3: 2C 3C AD"):
        play(
            closer=None, draw=True, Anna=SEED_KNOCKER, Boris="QS | 9S TS | 2C 3C AD | 5H 5C | 9H JC"
        )


def test_same_card_in_two_hands() -> None:
    with pytest.raises(CardError, match="QH typed 2 times"):
        play(Anna=SEED_KNOCKER, Boris=SEED_DEFENDER.replace("QS", "QH"))


def test_closer_who_is_not_a_player() -> None:
    with pytest.raises(DealError, match="closer 'Carl' is not a player"):
        play(closer="Carl", Anna=SEED_KNOCKER, Boris=SEED_DEFENDER)


def test_hand_missing_for_a_player() -> None:
    r = get_rules("gin")
    deal = build_deal(r, ["Anna", "Boris"], hands={"Anna": SEED_KNOCKER}, closer="Anna")
    with pytest.raises(DealError, match="hand missing for Boris"):
        score_knock(r, deal)


def test_jokers_are_not_played_in_gin() -> None:
    with pytest.raises(CardError, match="without jokers"):
        play(Anna=SEED_KNOCKER_JOKER, Boris=SEED_DEFENDER)
    # a house rule cannot put jokers in the pack (no gin score would read them) ...
    with pytest.raises(RulesError, match="rule jokers: gin does not play it"):
        get_rules("gin", overrides=["jokers=2", "wild_jokers=true"])
    # ... and rules made so in code are refused by the knock scoring all the same
    r = get_rules("gin").replace(jokers=2, wild_jokers=True)
    hands = {
        "Anna": Hand(parse_cards(SEED_KNOCKER_JOKER)),
        "Boris": Hand(parse_cards(SEED_DEFENDER)),
    }
    with pytest.raises(DealError, match="Anna's hand holds a joker, but gin is played without"):
        score_knock(r, Deal(players=("Anna", "Boris"), hands=hands, closer="Anna"))


def test_stated_gin_that_the_hand_does_not_show() -> None:
    with pytest.raises(DealError, match=r"Anna claims gin, but 1 is unmatched \(AC\)"):
        play(how="gin", Anna=SEED_KNOCKER, Boris=SEED_DEFENDER)


def test_stated_knock_with_nothing_unmatched_is_gin() -> None:
    r = play(how="knock", Anna=GIN_ALL_MELDED, Boris=GIN_DEFENCE_57)
    assert r.outcome == "gin" and r.scores["Anna"] == 82


def test_stated_undercut_is_checked() -> None:
    with pytest.raises(DealError, match="does not undercut"):
        play(how="undercut", Anna=SEED_KNOCKER, Boris=SEED_DEFENDER)


def test_outcomes_of_other_families_are_refused() -> None:
    # only the outcomes of the variant are listed (FamilySpec.outcomes)
    with pytest.raises(
        DealError,
        match=r"^gin has no outcome colour; its outcomes: knock, gin, "
        r"big_gin, undercut, draw$",
    ):
        play(how="colour", Anna=SEED_KNOCKER, Boris=SEED_DEFENDER)


def test_no_closer_and_no_draw() -> None:
    with pytest.raises(DealError, match="who knocked"):
        play(closer=None, Anna=SEED_KNOCKER, Boris=SEED_DEFENDER)


def test_gin_is_for_two_players() -> None:
    r = get_rules("gin")
    deal = Deal(players=("Anna", "Boris", "Carl"), hands={}, closer="Anna")
    with pytest.raises(DealError, match="gin is played by 2 players, not 3"):
        score_knock(r, deal)


def test_every_bad_deal_is_a_remikcalc_error() -> None:
    # a user error never escapes as anything else (the CLI turns these into exit 1)
    with pytest.raises(RemikcalcError):
        play(Anna="AS", Boris="2S")


def test_oklahoma_house_knock_limit_below_the_upcard_still_applies() -> None:
    # up-card 9H would allow 9, but the house plays knock_limit=0: K = 1 is too much
    with pytest.raises(DealError, match="knock limit is 0"):
        play(
            "oklahoma",
            upcard="9H",
            rules=("knock_limit=0",),
            Anna=SEED_KNOCKER,
            Boris=SEED_DEFENDER,
        )
