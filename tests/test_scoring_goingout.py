"""Going-out games: rummy, polish remik, boat rummy, remibrydż (docs/RULES.md §4, §5, §7, §9).

Every number below is worked out by hand in the comment next to it.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remikcalc.base.errors import CardError, DealError, MeldError
from remikcalc.cards.notation import JOKER, Card, format_cards
from remikcalc.render.results import details_json, result_json
from remikcalc.rules.ruleset import Rules
from remikcalc.rules.variants import get_rules
from remikcalc.scoring import Deal, DealResult, Hand, score_deal
from remikcalc.scoring.deal import build_deal
from tests.clirun import run
from tests.hands import FIFTEEN_CARDS


def score(variant: str, players: list[str], preset: str | None = None, **kw: Any) -> DealResult:
    rules = get_rules(variant, preset, players=len(players))
    return score_deal(rules, build_deal(rules, players, **kw))


ABC = ["Anna", "Boris", "Carl"]

# --- rummy (§4) ---------------------------------------------------------------------------------


def test_rummy_winner_collects_losers_counts_court_10_ace_1_pips() -> None:
    # Boris KS QH 5D AC = 10 + 10 + 5 + 1 = 26; Carl 9C 9D 2S = 9 + 9 + 2 = 20.
    # Anna collects 26 + 20 = 46.
    r = score("rummy", ABC, closer="Anna", hands={"Boris": "KS QH 5D AC", "Carl": "9C 9D 2S"})
    assert r.outcome == "out"
    assert (r.closer, r.winner) == ("Anna", "Anna")
    assert r.points == {"Anna": 0, "Boris": 26, "Carl": 20}
    assert r.scores == {"Anna": 46, "Boris": -26, "Carl": -20}
    assert r.payments == ()
    assert "Anna went out and collects 26 + 20 = 46" in r.reasons


def test_rummy_melds_still_in_a_losers_hand_count_in_full() -> None:
    # Boris holds a set of sevens he never laid: 7 + 7 + 7 + 2 = 23, all of it counts.
    r = score("rummy", ["Anna", "Boris"], closer="Anna", hands={"Boris": "7H 7D 7C 2S"})
    assert r.points["Boris"] == 23
    assert r.scores == {"Anna": 23, "Boris": -23}


def test_rummy_one_go_doubles_both_sides() -> None:
    # Boris KS = 10, Carl 3C 4D = 7; sum 17, doubled: Anna +34, Boris -20, Carl -14.
    r = score("rummy", ABC, closer="Anna", how="one_go", hands={"Boris": "KS", "Carl": "3C 4D"})
    assert r.outcome == "one_go"
    assert r.points == {"Anna": 0, "Boris": 10, "Carl": 7}
    assert r.scores == {"Anna": 34, "Boris": -20, "Carl": -14}
    assert any("one go doubles the deal" in reason for reason in r.reasons)


def test_rummy_one_go_multiplier_is_a_house_rule() -> None:
    # one_go_multiplier=3: Boris 5H = 5 -> Anna +15, Boris -15.
    rules = get_rules("rummy", overrides=["one_go_multiplier=3"], players=2)
    deal = build_deal(rules, ["Anna", "Boris"], closer="Anna", how="one_go", hands={"Boris": "5H"})
    assert score_deal(rules, deal).scores == {"Anna": 15, "Boris": -15}


def test_rummy_winner_is_the_one_player_whose_hand_is_left_out() -> None:
    # No --closer: Anna's hand is not typed, so Anna went out. Boris 4C = 4.
    r = score("rummy", ["Anna", "Boris"], hands={"Boris": "4C"})
    assert r.winner == "Anna"
    assert r.scores == {"Anna": 4, "Boris": -4}


def test_rummy_stock_out_is_a_draw_everyone_minus_own_hand() -> None:
    # Anna 2C 3C = 5, Boris KD = 10, Carl AH = 1: all negative, no winner.
    r = score("rummy", ABC, draw=True, hands={"Anna": "2C 3C", "Boris": "KD", "Carl": "AH"})
    assert (r.outcome, r.winner, r.closer) == ("draw", None, None)
    assert r.points == {"Anna": 5, "Boris": 10, "Carl": 1}
    assert r.scores == {"Anna": -5, "Boris": -10, "Carl": -1}


def test_rummy_winner_who_still_holds_cards_is_an_error() -> None:
    with pytest.raises(DealError, match="Anna went out but 3 cards are typed for Anna"):
        score("rummy", ["Anna", "Boris"], closer="Anna", hands={"Anna": "2C 3C 4D", "Boris": "KD"})


def test_rummy_missing_loser_hand_names_the_player() -> None:
    with pytest.raises(DealError, match="Carl's hand is missing"):
        score("rummy", ABC, closer="Anna", hands={"Boris": "KD"})


def test_rummy_loser_with_an_empty_hand_is_an_error() -> None:
    with pytest.raises(DealError, match="Boris's hand is empty, but only Anna went out"):
        score("rummy", ABC, closer="Anna", hands={"Anna": "", "Boris": "", "Carl": "4H"})


def test_rummy_who_went_out_must_be_clear() -> None:
    # Both Anna and Boris have no hand typed: who went out?
    with pytest.raises(DealError, match="who went out"):
        score("rummy", ABC, hands={"Carl": "4H"})


def test_rummy_loser_holds_at_most_hand_size_plus_one() -> None:
    # Three players are dealt 7 each: 8 cards is the most a hand can hold, 9 is impossible.
    ok = score(
        "rummy", ABC, closer="Anna", hands={"Boris": "AC 2C 3C 4C 5C 6C 7C 8C", "Carl": "KD"}
    )
    assert ok.points["Boris"] == 36  # 1 + 2 + ... + 8
    with pytest.raises(DealError, match="Boris holds 9 cards.*at most 8"):
        score(
            "rummy", ABC, closer="Anna", hands={"Boris": "AC 2C 3C 4C 5C 6C 7C 8C 9C", "Carl": "KD"}
        )


def test_rummy_deal_ends_by_going_out_not_by_knocking() -> None:
    with pytest.raises(
        DealError,
        match=r"^rummy has no outcome knock; its outcomes: out, "
        r"one_go, draw$",
    ):
        score("rummy", ["Anna", "Boris"], closer="Anna", how="knock", hands={"Boris": "4C"})


def test_rummy_has_no_jokers() -> None:
    with pytest.raises(CardError, match="without jokers"):
        score("rummy", ["Anna", "Boris"], closer="Anna", hands={"Boris": "JK 4C"})


def test_rummy_joker_in_a_deal_built_by_hand_is_still_refused() -> None:
    # A Deal that did not come through build_deal is checked against the pack as well.
    rules = get_rules("rummy", players=2)
    deal = Deal(players=("Anna", "Boris"), hands={"Boris": Hand((JOKER,))}, closer="Anna")
    with pytest.raises(CardError, match="without jokers"):
        score_deal(rules, deal)


def test_rummy_card_in_two_hands_is_refused() -> None:
    with pytest.raises(CardError, match="KD typed 2 times"):
        score("rummy", ABC, closer="Anna", hands={"Boris": "KD", "Carl": "KD"})


def test_rummy_plus_points_are_boat_only() -> None:
    with pytest.raises(DealError, match="only an input in boat"):
        score("rummy", ["Anna", "Boris"], closer="Anna", plus=10, hands={"Boris": "4C"})


def test_rummy_grouped_loser_hand_must_hold_legal_melds() -> None:
    # A group of three must be a meld; 4C 5D 9H is none.
    with pytest.raises(MeldError, match="Boris's hand: 4C 5D 9H is not a run"):
        score("rummy", ["Anna", "Boris"], closer="Anna", hands={"Boris": "4C 5D 9H | KS"})


def test_rummy_grouped_loser_hand_still_counts_every_card() -> None:
    # 9C 9D 9H | KS: the set is legal but still counts: 27 + 10 = 37.
    r = score("rummy", ["Anna", "Boris"], closer="Anna", hands={"Boris": "9C 9D 9H | KS"})
    assert r.points["Boris"] == 37


# --- polish remik (§7) --------------------------------------------------------------------------


def test_polish_joker_left_in_hand_counts_20() -> None:
    # Boris JK 5H = 20 + 5 = 25; Carl KD = 10. Anna +35.
    r = score("polish", ABC, closer="Anna", hands={"Boris": "JK 5H", "Carl": "KD"})
    assert r.points == {"Anna": 0, "Boris": 25, "Carl": 10}
    assert r.scores == {"Anna": 35, "Boris": -25, "Carl": -10}


def test_polish_one_go_doubles_like_rummy() -> None:
    # Boris JK JK = 40, doubled: Anna +80, Boris -80.
    r = score("polish", ["Anna", "Boris"], closer="Anna", how="one_go", hands={"Boris": "JK JK"})
    assert r.scores == {"Anna": 80, "Boris": -80}


def test_polish_meld_needs_more_naturals_than_jokers() -> None:
    # 5H JK JK: two jokers to one natural card, not a meld in polish (it would be in rummy
    # with jokers); the typed group is refused with the reason.
    with pytest.raises(MeldError, match="Boris's hand: 5H JK JK is not a meld: too many jokers"):
        score("polish", ["Anna", "Boris"], closer="Anna", hands={"Boris": "5H JK JK | 2C"})


def test_polish_hand_of_fifteen_is_the_most() -> None:
    # 14 dealt: 15 cards is the most a hand holds (14 + 1 drawn); 16 is impossible.
    cards = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD 2D 3D"
    with pytest.raises(DealError, match="Boris holds 16 cards.*at most 15"):
        score("polish", ["Anna", "Boris"], closer="Anna", hands={"Boris": cards})


# --- boat rummy (§5) ----------------------------------------------------------------------------

BOAT = ["Valery", "Kirill", "Mikhail", "Nikolai"]


def test_boat_seed_example_winner_plus_88() -> None:
    # The seed's deal: Valery went out with 88 plus points (rummy premium included).
    # Kirill 9C 7H 9D QD: one 9 counts (pair rule) -> 9 + 7 + 10 = 26, pays 88 + 26 = 114.
    # Mikhail AH AS: one ace, 11 -> pays 88 + 11 = 99.  Nikolai 8S = 8 -> pays 96.
    r = score(
        "boat",
        BOAT,
        closer="Valery",
        plus=88,
        hands={"Kirill": "9C 7H 9D QD", "Mikhail": "AH AS", "Nikolai": "8S"},
    )
    assert r.points == {"Valery": 0, "Kirill": 26, "Mikhail": 11, "Nikolai": 8}
    assert [(p.payer, p.payee, p.amount) for p in r.payments] == [
        ("Kirill", "Valery", Decimal(114)),
        ("Mikhail", "Valery", Decimal(99)),
        ("Nikolai", "Valery", Decimal(96)),
    ]
    # Valery receives 114 + 99 + 96 = 309.
    assert r.scores == {"Valery": 309, "Kirill": -114, "Mikhail": -99, "Nikolai": -96}
    assert "Kirill pays 88 + 26 = 114" in r.reasons
    assert "pair rule: Kirill's 9C 9D count as one 9" in r.reasons
    assert details_json(r.details)["players"]["Kirill"]["counted"] == ["9C", "7H", "QD"]
    assert result_json(r)["payments"][0] == {"from": "Kirill", "to": "Valery", "amount": "114"}


def test_boat_pair_rule_three_of_a_rank_count_once() -> None:
    # KS KH KD 4C: one king counts, 10 + 4 = 14.
    r = score("boat", ["Anna", "Boris"], closer="Anna", hands={"Boris": "KS KH KD 4C"})
    assert r.points["Boris"] == 14


def test_boat_ace_counts_11() -> None:
    # AC 2D = 11 + 2 = 13; no plus typed: Boris pays 0 + 13.
    r = score("boat", ["Anna", "Boris"], closer="Anna", hands={"Boris": "AC 2D"})
    assert r.points["Boris"] == 13
    assert r.scores == {"Anna": 13, "Boris": -13}
    assert r.payments[0].amount == Decimal(13)


def test_boat_one_go_premium_is_in_the_plus_not_doubled() -> None:
    # plus 40, Boris 6H = 6: pays 46 whatever the outcome.
    r = score(
        "boat", ["Anna", "Boris"], closer="Anna", how="one_go", plus=40, hands={"Boris": "6H"}
    )
    assert r.outcome == "one_go"
    assert r.scores == {"Anna": 46, "Boris": -46}


def test_boat_has_no_draw() -> None:
    with pytest.raises(DealError, match="boat has no drawn deals"):
        score("boat", ["Anna", "Boris"], draw=True, hands={"Anna": "4C", "Boris": "5C"})


def test_boat_hand_may_grow_past_the_deal() -> None:
    # A boat player may take two cards in a turn: 12 cards after a 10-card deal is possible.
    # AC..QC with the pair rule: all different ranks, 11 + 2+...+9 + 10 + 10 + 10 = 85.
    r = score(
        "boat",
        ["Anna", "Boris"],
        closer="Anna",
        hands={"Boris": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"},
    )
    assert r.points["Boris"] == 85


def test_boat_negative_plus_is_refused() -> None:
    with pytest.raises(DealError, match="cannot be negative"):
        score("boat", ["Anna", "Boris"], closer="Anna", plus=-5, hands={"Boris": "6H"})


# --- remibrydż (§9) -----------------------------------------------------------------------------


def test_remibrydz_losers_minus_own_ace_11_joker_20_winner_plus_sum() -> None:
    # Boris AS JK 7D = 11 + 20 + 7 = 38; Carl KH QH = 20. Anna +58.
    r = score("remibrydz", ABC, closer="Anna", hands={"Boris": "AS JK 7D", "Carl": "KH QH"})
    assert r.points == {"Anna": 0, "Boris": 38, "Carl": 20}
    assert r.scores == {"Anna": 58, "Boris": -38, "Carl": -20}


def test_remibrydz_one_move_finish_doubles_the_whole_deal() -> None:
    # Same hands, one go: Anna +116, Boris -76, Carl -40.
    r = score(
        "remibrydz", ABC, closer="Anna", how="one_go", hands={"Boris": "AS JK 7D", "Carl": "KH QH"}
    )
    assert r.scores == {"Anna": 116, "Boris": -76, "Carl": -40}
    assert details_json(r.details)["multiplier"] == 2


def test_remibrydz_stock_out_no_winner_everyone_minus_own_hand() -> None:
    # Anna 2C 3C = 5, Boris AS JK 7D = 38, Carl KH QH = 20; nobody collects.
    r = score(
        "remibrydz", ABC, draw=True, hands={"Anna": "2C 3C", "Boris": "AS JK 7D", "Carl": "KH QH"}
    )
    assert (r.outcome, r.winner) == ("draw", None)
    assert r.scores == {"Anna": -5, "Boris": -38, "Carl": -20}


def test_remibrydz_draw_needs_every_hand() -> None:
    with pytest.raises(DealError, match="Carl's hand is missing"):
        score("remibrydz", ABC, draw=True, hands={"Anna": "2C", "Boris": "3C"})


def test_remibrydz_draw_has_no_closer() -> None:
    with pytest.raises(DealError, match="no closer"):
        score("remibrydz", ABC, draw=True, closer="Anna", hands={"Boris": "3C", "Carl": "4C"})


def test_remibrydz_two_packs_and_six_jokers() -> None:
    # Two copies of a card are fine; a seventh joker is not.
    r = score("remibrydz", ["Anna", "Boris"], closer="Anna", hands={"Boris": "5D 5D"})
    assert r.points["Boris"] == 10
    with pytest.raises(CardError, match="7 jokers"):
        score("remibrydz", ABC, closer="Anna", hands={"Boris": "JK JK JK JK", "Carl": "JK JK JK"})


def test_remibrydz_hand_holds_at_most_fourteen() -> None:
    fifteen = FIFTEEN_CARDS
    with pytest.raises(DealError, match="Boris holds 15 cards.*at most 14"):
        score("remibrydz", ["Anna", "Boris"], closer="Anna", hands={"Boris": fifteen})


def test_remibrydz_details_per_player() -> None:
    r = score("remibrydz", ["Anna", "Boris"], closer="Anna", hands={"Boris": "AS JK"})
    # AS 11 + JK 20 = 31; nothing is laid, every card held counts.
    assert details_json(r.details)["players"]["Boris"] == {
        "cards": "AS JK",
        "melds": [],
        "deadwood": ["AS", "JK"],
        "count": 31,
    }
    assert details_json(r.details)["players"]["Anna"]["count"] == 0


# --- properties ---------------------------------------------------------------------------------


@st.composite
def going_out_deals(
    draw: st.DrawFn, variant: str
) -> tuple[Rules, list[str], dict[str, str], str, str]:
    """A random deal: players, the losers' hands from a shuffled pack, winner and outcome."""
    n = draw(st.integers(2, min(4, get_rules(variant).players_max)))
    players = [f"P{i}" for i in range(n)]
    rules = get_rules(variant, players=n)
    pack = [Card(i) for i in range(52)] * rules.decks + [JOKER] * rules.jokers
    pack = draw(st.permutations(pack))
    winner = draw(st.sampled_from(players))
    how = draw(st.sampled_from(["out", "one_go"]))
    hands: dict[str, str] = {}
    for p in players:
        if p != winner:
            size = draw(st.integers(1, rules.hand_size))
            hands[p], pack = format_cards(pack[:size]), pack[size:]
    return rules, players, hands, winner, how


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["rummy", "remibrydz", "polish"]).flatmap(going_out_deals),
    st.randoms(use_true_random=False),
)
def test_property_sheet_sums_to_zero_and_order_changes_nothing(
    case: tuple[Rules, list[str], dict[str, str], str, str], rnd: Any
) -> None:
    rules, players, hands, winner, how = case
    result = score_deal(rules, build_deal(rules, players, hands=hands, closer=winner, how=how))
    assert sum(result.scores.values()) == 0
    factor = rules.one_go_multiplier if how == "one_go" else 1
    for p in players:
        if p != winner:
            assert result.scores[p] == -factor * result.points[p]
    # Reorder the players and the cards of every hand: nobody's numbers change.
    shuffled_players = list(players)
    rnd.shuffle(shuffled_players)
    shuffled_hands = {}
    for p in reversed(list(hands)):
        cards = hands[p].split()
        rnd.shuffle(cards)
        shuffled_hands[p] = " ".join(cards)
    again = score_deal(
        rules, build_deal(rules, shuffled_players, hands=shuffled_hands, closer=winner, how=how)
    )
    assert again.scores == result.scores
    assert again.points == result.points


# --- through `remikcalc round` ------------------------------------------------------------------


def round_json(*args: str) -> tuple[int, dict[str, Any], str]:
    result = run("round", *args, "--json")
    assert "Traceback" not in result.output + result.stderr
    return (
        result.exit_code,
        json.loads(result.stdout) if result.exit_code == 0 else {},
        result.stderr,
    )


def test_round_boat_seed_example() -> None:
    # As the library test: 114, 99, 96 paid to Valery (+309).
    code, deal, _ = round_json(
        "boat",
        "--closer",
        "Valery",
        "--plus",
        "88",
        "Kirill=9C 7H 9D QD",
        "Mikhail=AH AS",
        "Nikolai=8S",
    )
    assert code == 0
    assert deal["points"] == {"Kirill": 26, "Mikhail": 11, "Nikolai": 8, "Valery": 0}
    assert deal["payments"] == [
        {"from": "Kirill", "to": "Valery", "amount": "114"},
        {"from": "Mikhail", "to": "Valery", "amount": "99"},
        {"from": "Nikolai", "to": "Valery", "amount": "96"},
    ]
    assert deal["scores"]["Valery"] == 309


def test_round_rummy_and_polish_and_remibrydz() -> None:
    # rummy: Boris KS QH 5D AC = 26, Carl 9C 9D 2S = 20 -> Anna +46.
    code, deal, _ = round_json("rummy", "--closer", "Anna", "Boris=KS QH 5D AC", "Carl=9C 9D 2S")
    assert (code, deal["scores"]) == (0, {"Boris": -26, "Carl": -20, "Anna": 46})
    # polish: Boris JK 5H = 25 -> one go doubles: Anna +50.
    code, deal, _ = round_json("polish", "--closer", "Anna", "--how", "one_go", "Boris=JK 5H")
    assert (code, deal["outcome"], deal["scores"]) == (0, "one_go", {"Boris": -50, "Anna": 50})
    # remibrydz stock-out: Anna 2C 3C = 5, Boris AS JK 7D = 38.
    code, deal, _ = round_json("remibrydz", "--draw", "Anna=2C 3C", "Boris=AS JK 7D")
    assert (code, deal["outcome"], deal["winner"]) == (0, "draw", None)
    assert deal["scores"] == {"Anna": -5, "Boris": -38}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["rummy", "--closer", "Anna", "Anna=2C 3C 4D", "Boris=KD"],
            "Anna went out but 3 cards are typed for Anna",
        ),
        (["rummy", "--closer", "Anna", "Boris=JK 4C"], "without jokers"),
        (["rummy", "--closer", "Anna", "--plus", "5", "Boris=4C"], "only an input in boat"),
        (["boat", "--draw", "Anna=4C", "Boris=5C"], "boat has no drawn deals"),
        (
            ["remibrydz", "--closer", "Anna", "--players", "Anna,Boris,Carl", "Boris=4C"],
            "Carl's hand is missing",
        ),
        (["rummy", "--closer", "Anna", "Boris=KD", "Carl=KD"], "KD typed 2 times"),
    ],
)
def test_round_bad_going_out_deal_exits_1(args: list[str], message: str) -> None:
    code, _, err = round_json(*args)
    assert code == 1
    assert message in err
