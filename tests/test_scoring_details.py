"""Typed deal details (scoring/details.py): the data the families fill in, and its JSON.

The JSON of ``round --json`` is written by ``render/results.py`` (``details_json``,
``player_json``); these tests pin its shape (keys and their order) on real deals, and check
that what a wild card stands for is carried as data.
"""

from __future__ import annotations

import json
from typing import Any

from remikcalc.cards.notation import JOKER, parse_cards
from remikcalc.render.deal import deal_json, render_deal
from remikcalc.render.results import details_json, player_json
from remikcalc.rules.variants import get_rules
from remikcalc.scoring import DealResult, score_deal
from remikcalc.scoring.deal import build_deal
from remikcalc.scoring.details import DealDetails, Knocking, Layoff, MeldDetail, PlayerDetail
from tests.hands import (
    BRIDGE_FULL_COLOUR,
    BRIDGE_NO_MELD_62,
    BRIDGE_NO_MELD_82,
    CONTINENTAL_WILD,
    RUMMY500_MELDED,
    SEED_DEFENDER,
    SEED_KNOCKER,
)


def score(variant: str, players: list[str], preset: str | None = None, **kw: Any) -> DealResult:
    rules = get_rules(variant, preset, players=len(players))
    return score_deal(rules, build_deal(rules, players, **kw))


def details(result: DealResult) -> DealDetails:
    assert result.details is not None
    return result.details


def test_knock_defender_layoffs_are_typed_with_the_meld_they_went_onto() -> None:
    r = score(
        "gin",
        ["Anna", "Boris"],
        closer="Anna",
        hands={"Anna": SEED_KNOCKER, "Boris": SEED_DEFENDER},
    )
    d = details(r)
    assert d.knocking == Knocking(10)
    boris = d.players["Boris"]
    assert Layoff(parse_cards("QS")[0], parse_cards("QC QD QH")) in (boris.layoffs or ())
    assert boris.count == 44 and boris.count_before_layoffs == 73  # 44 + QS 10 + 9S 9 + TS 10
    assert d.players["Anna"].deadwood == parse_cards("AC")


def test_knock_details_json_is_the_dict_round_json_has_always_written() -> None:
    r = score(
        "gin",
        ["Anna", "Boris"],
        closer="Anna",
        hands={"Anna": SEED_KNOCKER, "Boris": SEED_DEFENDER},
    )
    expected = {
        "players": {
            "Anna": {
                "cards": SEED_KNOCKER,
                "melds": [["QC", "QD", "QH"], ["2D", "3D", "4D"], ["6S", "7S", "8S"]],
                "deadwood": ["AC"],
                "count": 1,
            },
            "Boris": {
                "cards": SEED_DEFENDER,
                "melds": [],
                "deadwood": ["2C", "3C", "5C", "JC", "KD", "5H", "9H"],
                "count": 44,
                "layoffs": [
                    {"card": "QS", "onto": ["QC", "QD", "QH"]},
                    {"card": "9S", "onto": ["6S", "7S", "8S"]},
                    {"card": "TS", "onto": ["6S", "7S", "8S"]},
                ],
                "count_before_layoffs": 73,
            },
        },
        "knock_limit": 10,
    }
    got = details_json(details(r))
    assert got == expected
    # The order of the keys is part of the output (json.dumps keeps it).
    assert json.dumps(got) == json.dumps(expected)
    assert deal_json(r)["details"] == expected


def test_a_jokers_stand_in_is_carried_as_data_and_shown_in_the_table() -> None:
    # A full colour of hearts with the joker standing in JH (the run 2H..TH JK).
    r = score(
        "bridge",
        ["Anna", "Boris", "Carl"],
        closer="Anna",
        hands={
            "Anna": BRIDGE_FULL_COLOUR,
            "Boris": BRIDGE_NO_MELD_62,
            "Carl": BRIDGE_NO_MELD_82,
        },
    )
    anna = details(r).players["Anna"]
    assert anna.closing == "full_colour"
    (run,) = anna.melds or ()
    assert run.wilds() == [(JOKER, parse_cards("JH")[0])]
    assert player_json(anna)["jokers"] == [{"meld": 0, "stands_for": "JH"}]
    assert "TH JK=JH" in render_deal(r, "table")
    # Carl's joker is unmatched: no stand-in, and no "jokers" key.
    carl = details(r).players["Carl"]
    assert carl.melds == () and JOKER in carl.deadwood and "jokers" not in player_json(carl)


def test_continental_wild_deuce_and_joker_are_told_apart() -> None:
    # 2C stands in for a diamond of 3D 4D 5D, the joker in 4H 5H (chips: 1 + 1 + 2 = 4).
    hand = CONTINENTAL_WILD
    r = score(
        "continental", ["Anna", "Boris", "Carl"], "bicycle", closer="Anna", hands={"Anna": hand}
    )
    anna = details(r).players["Anna"]
    assert anna.wilds == "jokers_and_deuces"
    wilds = {
        card.code: (i, stand.code)
        for i, m in enumerate(anna.melds or ())
        for card, stand in m.wilds()
    }
    assert sorted(wilds) == ["2C", "JK"]
    # (which run shows the joker and which the deuce is Split.laid()'s choice; both are wild)
    assert {wilds["2C"][1], wilds["JK"][1]} & {"2D", "6D"} and {wilds["2C"][1], wilds["JK"][1]} & {
        "3H",
        "6H",
    }
    data = player_json(anna)
    assert list(data) == ["cards", "melds", "jokers", "wild_deuces", "deadwood", "count"]
    assert data["jokers"] == [{"meld": wilds["JK"][0], "stands_for": wilds["JK"][1]}]
    assert data["wild_deuces"] == [
        {"meld": wilds["2C"][0], "stands_for": wilds["2C"][1], "card": "2C"}
    ]
    assert details_json(details(r))["pattern"] == "1 run of 5 + 1 of 4 + 2 of 3"


def test_rummy500_melds_lay_offs_and_key_order() -> None:
    r = score(
        "rummy500",
        ["Anna", "Boris"],
        closer="Anna",
        hands={"Boris": "KD 4H"},
        melded={"Anna": RUMMY500_MELDED, "Boris": "9D 9C 9S | AC"},
    )
    boris = details(r).players["Boris"]
    assert boris.meld_values == (27,) and boris.laid_off == parse_cards("AC")
    assert boris.melded == 42  # 27 + a laid-off ace 15
    assert player_json(boris) == {
        "cards": "KD 4H",
        "melds": [["9C", "9D", "9S"]],
        "deadwood": ["KD", "4H"],
        "count": 14,
        "meld_values": [27],
        "laid_off": ["AC"],
        "melded": 42,
    }
    assert list(player_json(boris)) == [
        "cards",
        "melds",
        "deadwood",
        "count",
        "meld_values",
        "laid_off",
        "melded",
    ]


def test_boat_plus_and_one_go_multiplier_are_deal_fields() -> None:
    r = score("boat", ["Anna", "Boris"], closer="Anna", plus=30, hands={"Boris": "9C 5S"})
    assert details(r).plus == 30 and details_json(details(r))["plus"] == 30
    r = score("polish", ["Anna", "Boris"], closer="Anna", how="one_go", hands={"Boris": "9C"})
    assert details(r).multiplier == 2
    assert list(details_json(details(r))) == ["players", "multiplier"]


def test_winner_who_went_out_has_an_empty_detail() -> None:
    r = score("rummy", ["Anna", "Boris"], closer="Anna", hands={"Boris": "9C 7H"})
    assert player_json(details(r).players["Anna"]) == {
        "cards": "",
        "melds": [],
        "deadwood": [],
        "count": 0,
    }


def test_a_result_without_details_renders_with_empty_json_details() -> None:
    bare = DealResult("out", "Anna", "Anna", {}, {"Anna": 5, "Boris": -5})
    assert bare.details is None
    assert deal_json(bare)["details"] == {}
    assert render_deal(bare, "plain").splitlines()[4:6] == [
        "Anna\t-\t-\t-\t\t5",
        "Boris\t-\t-\t-\t\t-5",
    ]


def test_melddetail_plain_has_no_stand_ins() -> None:
    meld = MeldDetail.plain(parse_cards("5H 6H 7H"))
    assert meld.stands_for == (None, None, None) and meld.wilds() == []
    shown = PlayerDetail(build_hand("5H 6H 7H"), melds=(meld,), wilds="jokers")
    assert "jokers" not in player_json(shown)


def build_hand(text: str) -> Any:
    from remikcalc.scoring.deal import Hand

    return Hand(parse_cards(text))
