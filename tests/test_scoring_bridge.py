"""Remik bridge deal scoring, docs/RULES.md §3.

Two packs and four jokers; aces low or high (never in the middle); unmatched cards count pips,
courts 10, ace 1, joker 20. Numbers are worked out by hand in the comments.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from remikcalc.base.errors import DealError, MeldError
from remikcalc.render.results import details_json
from remikcalc.rules.variants import get_rules
from remikcalc.scoring import score_deal
from remikcalc.scoring.bridge import score_bridge
from remikcalc.scoring.deal import build_deal
from remikcalc.scoring.result import DealResult, Payment
from tests.hands import BRIDGE_FULL_COLOUR, BRIDGE_KNOCK_4, BRIDGE_NO_MELD_62, BRIDGE_NO_MELD_82

# BRIDGE_NO_MELD_62, Boris, no melds: 8H 5S 7S 3C 8C 6D 2D 4D 9H TS = 8+5+7+3+8+6+2+4+9+10 = 62.
# (8H would extend Anna's hearts in several deals: in bridge nobody lays off.)
# BRIDGE_NO_MELD_82, Carl: no two cards a joker could join into a meld, so the joker counts 20 in
# hand:
# 20 + 2 + 6 + 9 + 5 + 10 + 3 + 10 + 7 + 10 = 82.

REMIK = "2H 3H 4H 9C 9D 9S 3D 4D 5D 6D"  # 2-4H, three nines, 3-6D: all melded
COLOUR = "AH 2H JK 4H 5H 7H 9H JH QH KH"  # ten hearts; at best 11 stays unmatched
FIGURES = "JH JH QS QS KD KD JC QC KC JD"  # courts only; J-Q-K of clubs is the only meld


def play(
    *,
    closer: str | None = "Anna",
    how: str | None = None,
    draw: bool = False,
    rules: tuple[str, ...] = (),
    players: tuple[str, ...] | None = None,
    **hands: str,
) -> DealResult:
    names = list(players or hands)
    r = get_rules("bridge", None, rules, players=len(names))
    deal = build_deal(r, names, hands=hands, closer=closer, how=how, draw=draw)
    result = score_deal(r, deal)
    assert result == score_bridge(r, deal)
    return result


def pays(*triples: tuple[str, str, str]) -> tuple[Payment, ...]:
    return tuple(Payment(a, b, Decimal(x)) for a, b, x in triples)


def test_knock_within_five_adds_own_count_others_add_unmatched() -> None:
    r = play(Anna=BRIDGE_KNOCK_4, Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)
    assert r.outcome == "knock" and r.winner == "Anna"
    assert r.points == {"Anna": 4, "Boris": 62, "Carl": 82}
    assert r.scores == {"Anna": 4, "Boris": 62, "Carl": 82}


def test_knock_stakes_half_to_knocker_half_to_pool() -> None:
    r = play(Anna=BRIDGE_KNOCK_4, Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)
    assert r.payments == pays(
        ("Boris", "Anna", "0.5"),
        ("Boris", "pool", "0.5"),
        ("Carl", "Anna", "0.5"),
        ("Carl", "pool", "0.5"),
    )


def test_knock_pool_off_pays_only_the_knocker() -> None:
    r = play(
        rules=("knock_pool=false",),
        Anna=BRIDGE_KNOCK_4,
        Boris=BRIDGE_NO_MELD_62,
        Carl=BRIDGE_NO_MELD_82,
    )
    assert r.payments == pays(("Boris", "Anna", "0.5"), ("Carl", "Anna", "0.5"))


def test_opponents_may_not_lay_off() -> None:
    # Boris's 8H would extend 2-7H, but it stays in his count (62 includes its 8)
    r = play(Anna=BRIDGE_KNOCK_4, Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)
    assert "8H" in details_json(r.details)["players"]["Boris"]["deadwood"]
    assert "layoffs" not in details_json(r.details)["players"]["Boris"]


def test_knock_over_five_is_refused() -> None:
    # 6C instead of 4C: 6 unmatched
    with pytest.raises(
        DealError, match="Anna knocked with 6 in deadwood, but the knock limit is 5"
    ):
        play(
            Anna=BRIDGE_KNOCK_4.replace("4C", "6C"), Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82
        )


def test_remik_subtracts_ten_and_each_pays_one_stake() -> None:
    r = play(Anna=REMIK, Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)
    assert r.outcome == "remik"
    assert r.points == {"Anna": 0, "Boris": 62, "Carl": 82}
    assert r.scores == {"Anna": -10, "Boris": 62, "Carl": 82}
    assert r.payments == pays(("Boris", "Anna", "1"), ("Carl", "Anna", "1"))


def test_colour_subtracts_twenty_five_and_each_pays_two() -> None:
    # not a remik: the best melds leave 11 (e.g. 2H 9H), so the colour is what closes
    r = play(Anna=COLOUR, Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)
    assert r.outcome == "colour"
    assert r.points["Anna"] == 0 and r.scores["Anna"] == -25
    assert r.payments == pays(("Boris", "Anna", "2"), ("Carl", "Anna", "2"))


def test_figures_subtract_twenty_five_and_each_pays_two() -> None:
    r = play(Anna=FIGURES, Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)
    assert r.outcome == "figures"
    assert r.scores == {"Anna": -25, "Boris": 62, "Carl": 82}
    assert r.payments == pays(("Boris", "Anna", "2"), ("Carl", "Anna", "2"))


def test_figures_with_a_joker_that_is_also_a_remik_get_only_figures() -> None:
    # three jacks, three queens, three kings and a joker: a remik too, but only 25 counts
    r = play(Anna="JH JD QS QC KH KD KS JC QD JK", Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)
    assert r.outcome == "figures" and r.scores["Anna"] == -25
    assert "the hand also shows a remik; only the highest bonus counts" in r.reasons


def test_full_colour_subtracts_forty_and_each_pays_four() -> None:
    # a full colour is also a colour and a remik: it gets 40 only
    r = play(Anna=BRIDGE_FULL_COLOUR, Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)
    assert r.outcome == "full_colour"
    assert r.scores == {"Anna": -40, "Boris": 62, "Carl": 82}
    assert r.payments == pays(("Boris", "Anna", "4"), ("Carl", "Anna", "4"))
    assert "the hand also shows a colour and a remik; only the highest bonus counts" in r.reasons


def test_full_colour_with_the_ace_high() -> None:
    # 6H to KH, AH above the king, the joker as 5H
    r = play(Anna="6H 7H 8H 9H TH JH QH KH AH JK", Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)
    assert r.outcome == "full_colour"


def test_full_colour_is_shown_as_its_one_run() -> None:
    # the joker fills JH in 5H..AH; shown as that run, not as the remik the search would lay
    r = play(Anna="QH KH AH 5H 6H JK 8H 9H TH 7H", Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)
    assert r.outcome == "full_colour"
    melds = details_json(r.details)["players"]["Anna"]["melds"]
    assert melds == [["5H", "6H", "7H", "8H", "9H", "TH", "JK", "QH", "KH", "AH"]]


def test_ace_in_the_middle_is_no_full_colour() -> None:
    # J-Q-K-A and 2-7: two runs (a remik) and a colour, but the ace cannot join K to 2
    r = play(Anna="JH QH KH AH 2H 3H 4H 5H 6H 7H", Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)
    assert r.outcome == "colour" and r.scores["Anna"] == -25
    with pytest.raises(DealError, match="Anna claims a full colour, but the hand is not one"):
        play(
            how="full_colour",
            Anna="JH QH KH AH 2H 3H 4H 5H 6H 7H",
            Boris=BRIDGE_NO_MELD_62,
            Carl=BRIDGE_NO_MELD_82,
        )


def test_totals_may_go_below_zero() -> None:
    assert (
        play(Anna=BRIDGE_FULL_COLOUR, Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82).scores[
            "Anna"
        ]
        == -40
    )


# --- claims with how --------------------------------------------------------------------------


def test_claimed_colour_the_hand_does_not_show() -> None:
    with pytest.raises(
        DealError,
        match="Anna claims a colour, but the hand holds clubs, diamonds, hearts and spades",
    ):
        play(how="colour", Anna=BRIDGE_KNOCK_4, Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)


def test_claimed_figures_the_hand_does_not_show() -> None:
    with pytest.raises(DealError, match="Anna claims figures, but the hand holds 2H"):
        play(how="figures", Anna=REMIK, Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)


def test_claimed_remik_with_cards_unmatched() -> None:
    with pytest.raises(DealError, match=r"Anna claims a remik, but 4 is left unmatched \(4C\)"):
        play(how="remik", Anna=BRIDGE_KNOCK_4, Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)


def test_claim_shown_but_highest_bonus_applies() -> None:
    r = play(how="remik", Anna=BRIDGE_FULL_COLOUR, Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)
    assert r.outcome == "full_colour" and r.scores["Anna"] == -40
    r = play(how="knock", Anna=REMIK, Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)
    assert r.outcome == "remik" and r.scores["Anna"] == -10


# --- the dealer's eleventh card ---------------------------------------------------------------


def test_closer_with_eleven_cards_discards_to_the_best_closing() -> None:
    r = play(Anna=COLOUR + " 4C", Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)
    assert r.outcome == "colour" and "Anna discards 4C" in r.reasons
    r = play(Anna=BRIDGE_KNOCK_4 + " KS", Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)
    assert r.outcome == "knock" and r.scores["Anna"] == 4
    assert details_json(r.details)["players"]["Anna"]["discard"] == "KS"


# --- players and hands ------------------------------------------------------------------------


def test_two_players() -> None:
    r = play(Anna=BRIDGE_KNOCK_4, Boris=BRIDGE_NO_MELD_62)
    assert r.scores == {"Anna": 4, "Boris": 62}
    assert r.payments == pays(("Boris", "Anna", "0.5"), ("Boris", "pool", "0.5"))


def test_typed_grouping_of_another_player_is_kept() -> None:
    # Boris: 5S 5D JK 8H 7S 3C 8C 6D 2D 9H. Searched, the joker makes 8H 9H JK a run and
    # 5+5+8+7+3+6+2 = 36 stays. Typed as single cards (groups under three count as unmatched)
    # everything counts: 5+5+20+8+7+3+8+6+2+9 = 73.
    boris = "5S 5D JK 8H 7S 3C 8C 6D 2D 9H"
    assert play(Anna=BRIDGE_KNOCK_4, Boris=boris, Carl=BRIDGE_NO_MELD_82).scores["Boris"] == 36
    typed = " | ".join(boris.split())
    assert play(Anna=BRIDGE_KNOCK_4, Boris=typed, Carl=BRIDGE_NO_MELD_82).scores["Boris"] == 73


def test_illegal_typed_group_names_whose_hand_it_is() -> None:
    # docs/RULES.md §0.1: a typed group of three or more must be a legal meld. In a deal of three
    # hands the error has to say whose group "2C 6C 9C" is: Carl's (clubs, but not in sequence).
    with pytest.raises(MeldError, match="Carl's hand, group 2: 2C 6C 9C is not a run"):
        play(Anna=BRIDGE_KNOCK_4, Boris=BRIDGE_NO_MELD_62, Carl="JK | 2C 6C 9C | 5D QD 3H TH 7S KS")


def test_hand_missing_for_a_player() -> None:
    with pytest.raises(DealError, match="hand missing for Carl"):
        play(players=("Anna", "Boris", "Carl"), Anna=BRIDGE_KNOCK_4, Boris=BRIDGE_NO_MELD_62)


def test_wrong_number_of_cards() -> None:
    with pytest.raises(DealError, match="Boris has 9 cards; bridge hands hold 10"):
        play(Anna=BRIDGE_KNOCK_4, Boris=BRIDGE_NO_MELD_62[:-3], Carl=BRIDGE_NO_MELD_82)


def test_no_closer_is_an_error_and_draw_scores_nothing() -> None:
    with pytest.raises(DealError, match="who closed"):
        play(closer=None, Anna=BRIDGE_KNOCK_4, Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)
    r = play(
        closer=None, draw=True, Anna=BRIDGE_KNOCK_4, Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82
    )
    assert r.outcome == "draw" and r.winner is None and r.payments == ()
    assert r.scores == {"Anna": 0, "Boris": 0, "Carl": 0}


def test_gin_outcomes_are_refused() -> None:
    with pytest.raises(
        DealError,
        match=r"^bridge has no outcome gin; its outcomes: knock, "
        r"remik, colour, figures, full_colour, draw$",
    ):
        play(how="gin", Anna=BRIDGE_KNOCK_4, Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82)


def test_three_packs_worth_of_a_card_is_refused() -> None:
    # 7S in Boris's and Carl's hands, and a third in Anna's
    from remikcalc.base.errors import CardError

    with pytest.raises(CardError, match="7S typed 3 times"):
        play(
            Anna=BRIDGE_KNOCK_4.replace("4C", "7S"), Boris=BRIDGE_NO_MELD_62, Carl=BRIDGE_NO_MELD_82
        )


def test_draw_shows_the_hands_but_checks_their_size() -> None:
    r = play(closer=None, draw=True, Anna=BRIDGE_KNOCK_4, Boris=BRIDGE_NO_MELD_62)
    assert details_json(r.details)["players"]["Anna"]["count"] == 4  # shown, not scored
    assert r.points == {"Anna": 0, "Boris": 0}
    with pytest.raises(DealError, match="Boris has 9 cards"):
        play(closer=None, draw=True, Anna=BRIDGE_KNOCK_4, Boris=BRIDGE_NO_MELD_62[:-3])
