"""The defender's lay-offs and the knocker's search (search/knock/layoff.py, RULES.md §0.3, §1.3),
checked where tools/mutate.py's sample of mutants found the suite silent (issue 20): a wild
deuce laid off, the lay-offs of a hand that fits no meld, the step limit at its boundary.
The figures are worked out by hand in the comments.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from remikcalc.cards.notation import parse_cards
from remikcalc.cli import cli
from remikcalc.rules.variants import get_rules
from remikcalc.search.general.arrange import SearchTooLarge
from remikcalc.search.knock._shared import KNOCKER_STEP_LIMIT, Budget
from remikcalc.search.knock.layoff import extensions


def round_json(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["round", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_a_wild_deuce_is_laid_off_on_a_meld_of_another_suit() -> None:
    # gin with wild deuces (a house rule): Anna knocks with 9C 9D 9S | JD QD KD | 4H 5H 6H,
    # 4C loose (4). Boris: 2C 3S 8S TC 7D KS 5C 9H QH 4D, no meld of his own (no two cards of
    # a rank, none within two of each other in a suit), 68 in all. He lays off 9H on the
    # nines and the wild 2C on the hearts (as 3H or 7H): 68 − 9 − 2 = 57; Anna 57 − 4 = 53
    data = round_json(
        "gin",
        "--rule",
        "wild_deuces=true",
        "--closer",
        "Anna",
        "Anna=4H 5H 6H 9C 9D 9S QD KD JD 4C",
        "Boris=2C 3S 8S TC 7D KS 5C 9H QH 4D",
    )
    assert data["points"] == {"Anna": 4, "Boris": 57}
    assert data["scores"] == {"Anna": 53, "Boris": 0}
    assert "Boris laid off 2C on 4H 5H 6H" in data["reasons"]


def test_a_deuce_that_is_not_wild_is_not_laid_off_on_another_suit() -> None:
    # the same deal without wild deuces: 2C is a plain two (and nothing fits 4H 5H 6H but 3H
    # or 7H): Boris lays off only 9H, 68 − 9 = 59; Anna 59 − 4 = 55
    data = round_json(
        "gin",
        "--closer",
        "Anna",
        "Anna=4H 5H 6H 9C 9D 9S QD KD JD 4C",
        "Boris=2C 3S 8S TC 7D KS 5C 9H QH 4D",
    )
    assert data["points"] == {"Anna": 4, "Boris": 59}
    assert data["scores"] == {"Anna": 55, "Boris": 0}


def test_the_lay_offs_of_cards_that_fit_no_meld_are_only_the_empty_one() -> None:
    # on 4H 5H 6H, KC and 9D fit nowhere: the one way to lay off is to lay off nothing
    gin = get_rules("gin")
    assert extensions(tuple(parse_cards("4H 5H 6H")), parse_cards("KC 9D"), gin) == [frozenset()]
    # and 7H (card 2 of the three) may go on the end
    found = extensions(tuple(parse_cards("4H 5H 6H")), parse_cards("KC 9D 7H"), gin)
    assert sorted(found, key=len) == [frozenset(), frozenset({2})]


def test_a_wild_deuce_may_be_laid_off_on_any_run() -> None:
    wild = get_rules("gin").replace(wild_deuces=True)
    found = extensions(tuple(parse_cards("4H 5H 6H")), parse_cards("KC 2C"), wild)
    assert sorted(found, key=len) == [frozenset(), frozenset({1})]


def test_the_step_limit_is_the_last_step_allowed() -> None:
    # "past its limit the hand is refused": the limit's own step is still allowed
    budget = Budget()
    budget.spend(KNOCKER_STEP_LIMIT)
    assert budget.steps == KNOCKER_STEP_LIMIT
    with pytest.raises(SearchTooLarge) as caught:
        budget.spend()
    assert f"{KNOCKER_STEP_LIMIT:,}" in str(caught.value)


def test_two_copies_of_a_card_serve_in_two_runs_with_two_packs() -> None:
    # gin with two packs (a house rule): Anna 5H 6H 7H | 7H 8H 9H | 9C 9D 9S, 2C loose: 2 (one
    # 7H in each run). Boris: 7C 8C 9C, and AC 7C 4D 5D KD KS 3S loose: 1 + 7 + 4 + 5 + 10 +
    # 10 + 3 = 40, and nothing to lay off (he has no 4H, TH or 9H)
    data = round_json(
        "gin", "--rule", "decks=2", "--closer", "Anna",
        "Anna=5H 6H 7H 7H 8H 9H 9C 9D 9S 2C", "Boris=7C 7C 8C 9C KD KS 4D 5D 3S AC",
    )  # fmt: skip
    assert data["points"] == {"Anna": 2, "Boris": 40}
    assert data["scores"] == {"Anna": 38, "Boris": 0}
    assert sorted(data["details"]["players"]["Anna"]["melds"]) == [
        ["5H", "6H", "7H"],
        ["7H", "8H", "9H"],
        ["9C", "9D", "9S"],
    ]


def test_a_knocker_melds_a_wild_deuce_in_a_run() -> None:
    # gin with wild deuces: Anna 4H 5H 2C (the deuce as 3H or 6H) | 9C 9D 9S | JD QD KD, 4C
    # loose: 4. Boris (3S 8S TC 7D KS 5C 9H QH 4D 6C, no meld: 72) lays off 9H on the nines:
    # 72 − 9 = 63; Anna 63 − 4 = 59
    data = round_json(
        "gin", "--rule", "wild_deuces=true", "--closer", "Anna",
        "Anna=4H 5H 2C 9C 9D 9S QD KD JD 4C", "Boris=3S 8S TC 7D KS 5C 9H QH 4D 6C",
    )  # fmt: skip
    assert data["points"] == {"Anna": 4, "Boris": 63}
    assert data["scores"] == {"Anna": 59, "Boris": 0}
    assert ["4H", "5H", "2C"] in data["details"]["players"]["Anna"]["melds"]
    assert data["reasons"][0] == "Boris laid off 9H on 9C 9D 9S"
