"""Rummy 500 (docs/RULES.md §6): each player scores his melds and lay-offs minus his hand."""

from __future__ import annotations

import json
from typing import Any

import pytest

from remikcalc.base.errors import CardError, DealError, MeldError
from remikcalc.render.results import details_json
from remikcalc.rules.variants import get_rules
from remikcalc.scoring import DealResult, score_deal
from remikcalc.scoring.deal import build_deal
from tests.clirun import run
from tests.hands import RUMMY500_MELDED


def score(players: list[str], overrides: tuple[str, ...] = (), **kw: Any) -> DealResult:
    rules = get_rules("rummy500", overrides=overrides, players=len(players))
    return score_deal(rules, build_deal(rules, players, **kw))


AB = ["Anna", "Boris"]


def test_rummy500_score_is_melded_value_minus_hand_value() -> None:
    # Anna went out. Melds: AH 2H 3H = 1 + 2 + 3 = 6 (ace low counts 1);
    # QS KS AS = 10 + 10 + 15 = 35 (ace high counts 15); laid off 7C = 7. 6 + 35 + 7 = 48.
    # Boris: melds 9D 9C 9S = 27, laid off AC = 15 -> 42; hand KD 4H = 14 -> 42 - 14 = 28.
    r = score(
        AB,
        closer="Anna",
        hands={"Boris": "KD 4H"},
        melded={"Anna": RUMMY500_MELDED, "Boris": "9D 9C 9S | AC"},
    )
    assert (r.outcome, r.winner, r.closer) == ("out", "Anna", "Anna")
    assert r.points == {"Anna": 0, "Boris": 14}
    assert r.scores == {"Anna": 48, "Boris": 28}
    assert r.payments == ()
    assert "Anna scores 48: melds 6 + 35, laid off 7C (7), hand 0" in r.reasons
    boris = details_json(r.details)["players"]["Boris"]
    assert [sorted(m) for m in boris["melds"]] == [["9C", "9D", "9S"]]
    assert boris["laid_off"] == ["AC"]
    assert boris["melded"] == 42


def test_rummy500_ace_counts_1_only_when_melded_low() -> None:
    # AC 2C 3C = 6, but AD AH AS = 45 (a set of aces: 15 each).
    r = score(AB, closer="Anna", hands={"Boris": "5S"}, melded={"Anna": "AC 2C 3C | AD AH AS"})
    assert r.scores["Anna"] == 6 + 45


def test_rummy500_ace_left_in_hand_costs_15() -> None:
    # Boris holds AD 2S: -(15 + 2) = -17 with nothing melded.
    r = score(AB, closer="Anna", hands={"Boris": "AD 2S"}, melded={"Anna": "5H 6H 7H"})
    assert r.points["Boris"] == 17
    assert r.scores == {"Anna": 18, "Boris": -17}


def test_rummy500_lay_offs_are_groups_under_three_counted_card_by_card() -> None:
    # Laid off AS and 4H 5H: 15 + 4 + 5 = 24; the ace laid off counts 15 (not 1).
    r = score(AB, closer="Anna", hands={"Boris": "9C"}, melded={"Anna": "AS | 4H 5H"})
    assert r.scores["Anna"] == 24


def test_rummy500_score_may_be_negative() -> None:
    # Boris melded 2C 3C 4C = 9 and holds KH QH JH = 30: 9 - 30 = -21.
    r = score(
        AB,
        closer="Anna",
        hands={"Boris": "KH QH JH"},
        melded={"Anna": "TS JS QS", "Boris": "2C 3C 4C"},
    )
    assert r.scores == {"Anna": 30, "Boris": -21}


def test_rummy500_player_with_no_melds_scores_minus_hand() -> None:
    # Carl melded nothing and holds 8D 8H = 16.
    r = score(
        ["Anna", "Boris", "Carl"],
        closer="Anna",
        hands={"Boris": "2D", "Carl": "8D 8H"},
        melded={"Anna": "TS JS QS"},
    )
    assert r.scores == {"Anna": 30, "Boris": -2, "Carl": -16}


def test_rummy500_stock_out_has_no_winner_but_melds_still_score() -> None:
    # Anna 5H 6H 7H = 18 melded, holds 2C = 2 -> 16; Boris holds KD = 10 -> -10.
    r = score(AB, draw=True, hands={"Anna": "2C", "Boris": "KD"}, melded={"Anna": "5H 6H 7H"})
    assert (r.outcome, r.winner, r.closer) == ("draw", None, None)
    assert r.scores == {"Anna": 16, "Boris": -10}


def test_rummy500_one_go_doubles_nothing() -> None:
    # Anna melded 4D 5D 6D 7D = 22 in one go; Boris 3S = 3. Still 22 and -3.
    r = score(
        AB, closer="Anna", how="one_go", hands={"Boris": "3S"}, melded={"Anna": "4D 5D 6D 7D"}
    )
    assert r.outcome == "one_go"
    assert r.scores == {"Anna": 22, "Boris": -3}


def test_rummy500_illegal_meld_is_refused_with_the_reason() -> None:
    with pytest.raises(MeldError, match="Anna's melds: AH 2H 4H is not a run: .*missing 3H"):
        score(AB, closer="Anna", hands={"Boris": "3S"}, melded={"Anna": "AH 2H 4H"})


def test_rummy500_around_the_corner_run_is_not_a_meld() -> None:
    # Aces are low or high, never both: K-A-2 is refused.
    with pytest.raises(MeldError, match="KS AS 2S is not a run: K-A-2"):
        score(AB, closer="Anna", hands={"Boris": "3S"}, melded={"Anna": "KS AS 2S"})


def test_rummy500_card_melded_and_in_a_hand_is_refused() -> None:
    with pytest.raises(CardError, match="5H typed 2 times"):
        score(AB, closer="Anna", hands={"Boris": "5H"}, melded={"Anna": "5H 6H 7H"})


def test_rummy500_two_packs_for_five_players() -> None:
    # 5 players play with 104 cards: 7S twice is fine. Boris 7S 7S = 14; Anna's meld
    # 8S 9S TS = 27.
    players = ["Anna", "Boris", "Carl", "Dora", "Emil"]
    r = score(
        players,
        closer="Anna",
        hands={"Boris": "7S 7S", "Carl": "2C", "Dora": "3C", "Emil": "4C"},
        melded={"Anna": "8S 9S TS"},
    )
    assert r.points["Boris"] == 14
    assert r.scores["Anna"] == 27
    with pytest.raises(CardError, match="7S typed 3 times"):
        score(
            players,
            closer="Anna",
            hands={"Boris": "7S 7S", "Carl": "7S", "Dora": "3C", "Emil": "4C"},
        )


def test_rummy500_jokers_house_rule_joker_worth_15() -> None:
    # jokers=2: a joker in hand costs 15; in a meld it is the card it stands for.
    # Anna melds 5D JK 7D = 5 + 6 + 7 = 18; Boris holds JK 3C = 15 + 3 = 18.
    r = score(
        AB,
        ("jokers=2", "wild_jokers=true"),
        closer="Anna",
        hands={"Boris": "JK 3C"},
        melded={"Anna": "5D JK 7D"},
    )
    assert r.scores == {"Anna": 18, "Boris": -18}


def test_rummy500_has_no_jokers_by_default() -> None:
    with pytest.raises(CardError, match="without jokers"):
        score(AB, closer="Anna", hands={"Boris": "JK"})


def test_rummy500_winner_must_have_gone_out() -> None:
    with pytest.raises(DealError, match="Anna went out but 1 card is typed for Anna"):
        score(AB, closer="Anna", hands={"Anna": "4C", "Boris": "3S"})


def test_rummy500_missing_loser_hand_is_an_error() -> None:
    with pytest.raises(DealError, match="Boris's hand is missing"):
        score(AB, closer="Anna", hands={}, melded={"Anna": "4C 5C 6C"})


def test_rummy500_hand_may_be_large_after_taking_the_pile() -> None:
    # Taking the discard pile: 20 cards in hand is possible. AC..KC = 15 + 2..9 + 4×10 = 99,
    # AD..7D = 15 + 2 + ... + 7 = 42: 141.
    r = score(
        AB,
        closer="Anna",
        hands={"Boris": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD 2D 3D 4D 5D 6D 7D"},
    )
    assert r.points["Boris"] == 141


def test_rummy500_plus_points_are_refused() -> None:
    with pytest.raises(DealError, match="only an input in boat"):
        score(AB, closer="Anna", plus=5, hands={"Boris": "3S"})


def test_round_rummy500_melded_and_errors() -> None:
    # The library's first example through the command line: Anna 48, Boris 28.
    args = [
        "round",
        "rummy500",
        "--closer",
        "Anna",
        "Boris=KD 4H",
        "--json",
        "--melded",
        f"Anna={RUMMY500_MELDED}",
        "--melded",
        "Boris=9D 9C 9S | AC",
    ]
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["scores"] == {"Boris": 28, "Anna": 48}
    bad = run("round", "rummy500", "--closer", "Anna", "Boris=3S", "--melded", "Anna=AH 2H 4H")
    assert bad.exit_code == 1
    assert "Anna's melds: AH 2H 4H is not a run" in bad.stderr
    assert "Traceback" not in bad.output + bad.stderr
    outside = run("round", "rummy", "--closer", "Anna", "Boris=3S", "--melded", "Anna=5H 6H 7H")
    assert outside.exit_code == 1
    assert "only scored in rummy500" in outside.stderr
