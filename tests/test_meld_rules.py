"""The meld rules (search/melds.py): what a set or a run is under each variant's rules (where
the ace may stand, ``ace_runs``; jokers in runs and sets), what a wild card stands for, what a
meld is worth, and the sentence that says why a group is no meld. Checked on what a user sees:
the meld as laid, its value in a score, the refusal's words; figures worked out by hand in the
comments.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from remikcalc.cards.notation import parse_cards
from remikcalc.cli import cli
from remikcalc.rules.variants import get_rules
from remikcalc.search.melds import classify_meld
from tests.clirun import run


def round_json(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["round", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


# --- what a meld is worth --------------------------------------------------------------------


def test_a_joker_in_a_run_stands_for_the_card_worth_most_when_tens_count_five() -> None:
    # rummy 500 with two wild jokers and court_value 5 (ten, jack, queen, king 5 each):
    # 8H 9H JK may be 7-8-9H (7 + 8 + 9 = 24) or 8-9-TH (8 + 9 + 5 = 22): the joker is 7H.
    # KC KD KS 5 × 3 = 15; Anna went out, hand empty: 24 + 15 = 39. Boris: 9S TS JS
    # 9 + 5 + 5 = 19 on the table, 3D 4C = 7 in hand: 12.
    data = round_json(
        "rummy500",
        "--rule",
        "jokers=2",
        "--rule",
        "wild_jokers=true",
        "--rule",
        "court_value=5",
        "--closer",
        "Anna",
        "--melded",
        "Anna=8H 9H JK | KC KD KS",
        "--melded",
        "Boris=9S TS JS",
        "Boris=3D 4C",
    )
    assert data["scores"] == {"Anna": 39, "Boris": 12}
    anna = data["details"]["players"]["Anna"]
    assert anna["melds"] == [["JK", "8H", "9H"], ["KC", "KD", "KS"]]
    assert anna["meld_values"] == [24, 15]
    assert data["details"]["players"]["Boris"]["meld_values"] == [19]
    assert data["reasons"] == [
        "Boris scores 12: melds 19, hand 7",
        "Anna scores 39: melds 24 + 15, hand 0",
    ]


# --- the missing card of a run with the ace high --------------------------------------------------


# from the mutation round of issue 20: a bug it found on its way
def test_a_gap_below_an_ace_high_is_named_as_the_card_missing() -> None:
    # ace_runs=high: J-K-A of hearts misses the queen (the ace sits above the king); the
    # refusal named 2H, 3H, 4H, counting up from an ace low
    done = run("hand", "-v", "gin", "--rule", "ace_runs=high", "JH AH KH | 2C 3D 5S")
    assert done.exit_code == 1
    assert "missing QH, and no joker to fill the gap" in done.output
    low = run("hand", "-v", "gin", "AH 2H 4H | 2C 3D 5S")
    assert "missing 3H, and no joker to fill the gap" in low.output


# --- where the ace may stand, jokers in runs and sets, the refusals' words ------------------------


def run_json(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, [*args, "--format", "json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


ANNA = "Anna=QS KS AS 2H 3H 4H 9C 9D 9S 5C"


# from the mutation round of issue 20: a survivor in search/melds.py
def test_ace_high_runs_take_q_k_a_and_2_3_4_but_no_ace_below_the_two() -> None:
    # ace_runs=high: Q-K-A and 2-3-4 are runs, A-2-3 is not. Anna: 9C 9D 9S | 2H 3H 4H |
    # QS KS AS, 5C loose: 5. Boris: 3S 4S 5S | TC TH TS, AH KC 8D JS loose = 29; he lays off
    # JS on QS KS AS (J-Q-K-A) but not AH on 2H 3H 4H: 29 − 10 = 19; Anna 19 − 5 = 14
    data = run_json(
        "round", "gin", "--rule", "ace_runs=high", "--closer", "Anna", ANNA,
        "Boris=AH 3S 4S 5S TC TH TS KC 8D JS",
    )  # fmt: skip
    assert data["points"] == {"Anna": 5, "Boris": 19}
    assert data["scores"] == {"Anna": 14, "Boris": 0}
    assert data["reasons"][0] == "Boris laid off JS on QS KS AS"
    assert ["QS", "KS", "AS"] in data["details"]["players"]["Anna"]["melds"]


# from the mutation round of issue 20: a survivor in search/melds.py
def test_ace_low_or_high_runs_take_an_ace_at_either_end() -> None:
    # low_or_high: the same hands, and now AH goes on 2H 3H 4H (A-2-3-4) as well as JS on
    # Q-K-A: Boris 29 − 10 − 1 = 18; Anna 18 − 5 = 13
    data = run_json(
        "round", "gin", "--rule", "ace_runs=low_or_high", "--closer", "Anna", ANNA,
        "Boris=AH 3S 4S 5S TC TH TS KC 8D JS",
    )  # fmt: skip
    assert data["points"] == {"Anna": 5, "Boris": 18}
    assert data["scores"] == {"Anna": 13, "Boris": 0}


# from the mutation round of issue 20: a survivor in search/melds.py
def test_ace_low_runs_take_a_2_3_but_not_q_k_a() -> None:
    # low (gin's own): Q-K-A is no run, so QS KS AS are loose: 10 + 10 + 1 + 5 = 26, over the
    # knock limit; with a house limit of 26 Anna knocks. Boris: AH goes on 2H 3H 4H (A-2-3-4),
    # JS fits nothing: 29 − 1 = 28; Anna 28 − 26 = 2
    data = run_json(
        "round", "gin", "--rule", "knock_limit=26", "--closer", "Anna", ANNA,
        "Boris=AH 3S 4S 5S TC TH TS KC 8D JS",
    )  # fmt: skip
    assert data["points"] == {"Anna": 26, "Boris": 28}
    assert data["scores"] == {"Anna": 2, "Boris": 0}
    assert data["reasons"][0] == "Boris laid off AH on 2H 3H 4H"


# from the mutation round of issue 20: a survivor in search/melds.py
def test_around_runs_turn_the_corner() -> None:
    # around: K-A-2 is a run. Anna: KS AS 2S | 6H 7H 8H | 9C 9D 9S, 5C loose: 5. Boris:
    # TC TH TD, and QS 3S 4D 5D KC 8D JD loose = 50; he lays off 3S and QS on K-A-2S
    # (Q-K-A-2-3): 50 − 13 = 37; Anna 37 − 5 = 32
    data = run_json(
        "round", "gin", "--rule", "ace_runs=around", "--closer", "Anna",
        "Anna=KS AS 2S 6H 7H 8H 9C 9D 9S 5C", "Boris=QS 3S 4D 5D TC TH TD KC 8D JD",
    )  # fmt: skip
    assert data["points"] == {"Anna": 5, "Boris": 37}
    assert data["scores"] == {"Anna": 32, "Boris": 0}
    assert data["reasons"][0] == "Boris laid off 3S QS on KS AS 2S"


# from the mutation round of issue 20: a survivor in search/melds.py
def test_a_run_with_a_joker_inside_is_shown_as_one_run() -> None:
    # bridge: 2H 3H JK 5H 6H 7H is one run with the joker as 4H (2-3-4 and 5-6-7 continue
    # each other); 9C 9D 9S; KC loose: 10
    data = run_json("hand", "-v", "bridge", "2H 3H JK 5H 6H 7H 9C 9D 9S KC")
    assert data["melds"] == [["9C", "9D", "9S"], ["2H", "3H", "JK", "5H", "6H", "7H"]]
    assert data["jokers"] == [{"meld": 1, "stands_for": "4H"}]
    assert data["points"] == 10


# from the mutation round of issue 20: a survivor in search/melds.py
def test_two_jokers_beside_a_queen_read_as_the_run_worth_most() -> None:
    # continental (runs only, the ace 1): QH JK JK may be T-J-Q or J-Q-K (30 each) or Q-K-A
    # (10 + 10 + 1 = 21); the jokers take a reading worth 30 (RULES.md §0.2)
    data = run_json("hand", "-v", "continental", "QH JK JK 4C 5C 6C")
    assert data["melds"] == [["4C", "5C", "6C"], ["JK", "JK", "QH"]]
    read = {j["stands_for"] for j in data["jokers"]}
    assert read in ({"TH", "JH"}, {"JH", "KH"})


def run_error(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code != 0, result.output
    assert "Traceback" not in result.output
    return result.output


# from the mutation round of issue 20: a survivor in search/melds.py
def test_a_joker_in_a_set_of_four_suits_repeats_the_first_suit_when_suits_may_repeat() -> None:
    # bridge, two packs, with set_distinct_suits=false and sets of up to 5: 7C 7D 7H 7S JK is
    # a set, the joker standing for a second 7C (each suit may appear twice); 2H 3H 4H; 9C 9D
    # loose: 18
    data = run_json(
        "hand", "-v", "bridge", "--rule", "set_distinct_suits=false", "--rule", "set_max=5",
        "7C 7D 7H 7S JK | 2H 3H 4H | 9C 9D",
    )  # fmt: skip
    assert data["melds"] == [["7C", "JK", "7D", "7H", "7S"], ["2H", "3H", "4H"]]
    assert data["jokers"] == [{"meld": 0, "stands_for": "7C"}]
    assert data["points"] == 18


# from the mutation round of issue 20: a survivor in search/melds.py
def test_a_group_of_jokers_only_is_refused_in_words() -> None:
    # RULES.md §0.2: a meld must hold at least one natural card
    out = run_error("hand", "-v", "bridge", "JK JK JK | 5C 6C 7C")
    assert "group 1: JK JK JK is not a meld: a meld needs at least one natural card" in out


# from the mutation round of issue 20: a survivor in search/melds.py
def test_a_single_group_that_is_no_meld_is_refused() -> None:
    # a group of three or more must be a meld; only the last of several groups may be the
    # hand's unmatched cards
    out = run_error("hand", "5C 9D KH |")
    assert "group 1: 5C 9D KH is not a run: the cards are not all of one suit" in out


def refusal(variant: str, group: str, *rules: str) -> str:
    """The sentence refusing ``group`` typed as the first of two groups."""
    out = run_error("hand", "-v", variant, *rules, f"{group} | 5S")
    head = f"Error: group 1: {group} "
    assert head in out, out
    return out.split(head, 1)[1].split("; unmatched cards go together", 1)[0]


# from the mutation round of issue 20: a survivor in search/melds.py
def test_the_refusal_of_a_set_with_a_suit_twice_names_the_card() -> None:
    assert refusal("bridge", "7C 7D 7D") == (
        "is not a set: 7D appears twice; the cards of a set must be of different suits"
        " (set_distinct_suits)"
    )


# from the mutation round of issue 20: a survivor in search/melds.py
def test_one_card_twice_with_a_joker_is_refused_as_a_set_where_sets_are_played() -> None:
    # 7C 7C JK: one rank, one suit; where sets are played it is read as a set (and refused as
    # one), in continental (runs only) as a run
    assert refusal("bridge", "7C 7C JK") == (
        "is not a set: 7C appears twice; the cards of a set must be of different suits"
        " (set_distinct_suits)"
    )
    assert refusal("continental", "7C 7C JK") == (
        "is not a run: 7C appears twice; a run cannot hold the same card twice"
    )


# from the mutation round of issue 20: a survivor in search/melds.py
def test_the_refusal_of_a_run_with_a_gap_names_the_missing_cards() -> None:
    # 5H 8H 9H: 6H and 7H are missing; without a joker, or with one joker for two gaps
    assert refusal("bridge", "5H 8H 9H") == (
        "is not a run: the ranks are not consecutive: missing 6H, 7H, and no joker to fill the gap"
    )
    assert refusal("bridge", "5H 8H 9H JK") == (
        "is not a run: the ranks are not consecutive: missing 6H, 7H, and only 1 joker to"
        " fill the gap"
    )


# from the mutation round of issue 20: a survivor in search/melds.py
@pytest.mark.parametrize(
    ("ace_runs", "melds", "deadwood", "points"),
    [
        # QS KS AS is a run where the ace may stand high; AH 2H 3H 4H where it may stand low
        ("high", [["2H", "3H", "4H"], ["QS", "KS", "AS"]], ["9C", "AH"], 10),
        ("low_or_high", [["AH", "2H", "3H", "4H"], ["QS", "KS", "AS"]], ["9C"], 9),
        ("low", [["AH", "2H", "3H", "4H"]], ["9C", "AS", "QS", "KS"], 30),
        ("around", [["AH", "2H", "3H", "4H"], ["QS", "KS", "AS"]], ["9C"], 9),
    ],
)
def test_where_the_ace_may_stand_in_a_hand_counted_by_the_going_out_search(
    ace_runs: str, melds: list[list[str]], deadwood: list[str], points: int
) -> None:
    # rummy (ace 1): QS KS AS 2H 3H 4H AH 9C; the loose cards count 9 + 1 (AH), or 9, or
    # 9 + 1 + 10 + 10 (AS QS KS)
    data = run_json(
        "hand", "-v", "rummy", "--rule", f"ace_runs={ace_runs}", "QS KS AS 2H 3H 4H AH 9C"
    )
    assert data["melds"] == melds
    assert data["deadwood"] == deadwood
    assert data["points"] == points


# from the mutation round of issue 20: a survivor in search/melds.py
@pytest.mark.parametrize(
    ("args", "melds", "points"),
    [
        # gin (ace low): J-Q-K is a run up to the king; 4C loose
        (["JS QS KS 7H 7D 7C 4C"], [["7C", "7D", "7H"], ["JS", "QS", "KS"]], 4),
        # bridge (ace low or high): J-Q-K-A, the ace after the king; nothing loose
        (
            ["-v", "bridge", "JS QS KS 7H 7D 7C 4C 5C 6C AS"],
            [["4C", "5C", "6C"], ["7C", "7D", "7H"], ["JS", "QS", "KS", "AS"]],
            0,
        ),
    ],
)
def test_a_run_reaches_the_king(args: list[str], melds: list[list[str]], points: int) -> None:
    data = run_json("hand", *args)
    assert data["melds"] == melds
    assert data["points"] == points


# from the mutation round of issue 20: a survivor in search/melds.py
def test_a_meld_tells_its_natural_cards_from_its_wild_ones() -> None:
    # bridge: 5H JK 7H is a run with the joker as 6H: one wild card, 5H and 7H natural
    meld = classify_meld(tuple(parse_cards("5H JK 7H")), get_rules("bridge"))
    assert meld.kind == "run"
    assert [str(c) for c in meld.naturals] == ["5H", "7H"]
    assert meld.wild_count == 1


# from the mutation round of issue 20: a survivor in search/melds.py
def test_a_set_of_five_where_suits_may_repeat_is_refused_for_its_size() -> None:
    # two packs, suits may repeat: 7C 7C 7D 7D 7H has no card more often than the packs
    # allow, but sets hold at most 4 cards (set_max)
    assert refusal("bridge", "7C 7C 7D 7D 7H", "--rule", "set_distinct_suits=false") == (
        "is not a set: a set has at most 4 cards"
    )


# from the mutation round of issue 20: a survivor in search/melds.py
def test_a_run_that_needs_the_ace_low_is_refused_where_it_stands_high_only() -> None:
    # bridge with ace_runs=high: AH 2H 7H and four jokers could only be A-2-3-4-5-6-7, the
    # ace below the two, which these rules do not allow
    assert refusal("bridge", "AH 2H 7H JK JK JK JK", "--rule", "ace_runs=high") == (
        "is not a run: A-2-3 runs are not allowed (ace_runs=high)"
    )
