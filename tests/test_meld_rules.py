"""The meld rules (search/melds.py): what a set or a run is under each variant's rules, what a
wild card stands for, what a meld is worth, and the sentence that says why a group is no
meld. Checked on what a user sees: the meld as laid, its value in a score, the refusal's
words. Written for the mutants tools/mutate.py found alive (issue 20); figures worked out by
hand in the comments.
"""

from __future__ import annotations

import json
from typing import Any

from click.testing import CliRunner

from remikcalc.cli import cli


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
