"""Remik bridge (scoring/bridge.py, RULES.md §3), checked where tools/mutate.py's sample of
mutants found the suite silent (issue 20): a closer's hand typed in groups, a stated closing
on an eleven-card hand, a fractional stake in words, a deal entered as points whose closer's
score matches no bonus. Every figure is worked out by hand in the comments.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from remikcalc.base.errors import DealError
from remikcalc.cli import cli
from remikcalc.rules.variants import get_rules
from remikcalc.scoring.bridge import closing_payments

BORIS = "2S 3S 4S 5S TC TH TS KC 8D 5D"  # TC TH TS | 2S 3S 4S 5S, KC 8D 5D = 23 unmatched


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def round_json(*args: str) -> dict[str, Any]:
    result = run("round", "bridge", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


# --- the closer's hand typed in groups (RULES.md §0.1: a `|` fixes the arrangement) ----------


def test_a_knock_typed_in_groups_is_scored_as_grouped() -> None:
    # 5H 6H 7H | 9C 9D 9S | JD QD KD | 4C: three melds, 4C loose: a knock with 4 (limit 5),
    # Anna adds 4; Boris adds 23 and pays ½ to Anna and ½ into the pool
    data = round_json(
        "--closer", "Anna", "Anna=5H 6H 7H | 9C 9D 9S | JD QD KD | 4C", f"Boris={BORIS}"
    )
    assert data["outcome"] == "knock"
    assert data["scores"] == {"Anna": 4, "Boris": 23}
    assert data["details"]["players"]["Anna"]["deadwood"] == ["4C"]
    assert [(p["from"], p["to"], p["amount"]) for p in data["payments"]] == [
        ("Boris", "Anna", "0.5"),
        ("Boris", "pool", "0.5"),
    ]


def test_a_full_colour_typed_in_groups_keeps_the_groups_as_typed() -> None:
    # 2H 3H 4H | 5H 6H 7H | 8H 9H TH JK: ten hearts (the joker as JH), one gapless run: a full
    # colour, −40 and 4 stakes; typed in three groups, the melds stay the three groups typed
    data = round_json(
        "--closer", "Anna", "Anna=2H 3H 4H | 5H 6H 7H | 8H 9H TH JK", f"Boris={BORIS}"
    )
    assert data["outcome"] == "full_colour"
    assert data["scores"] == {"Anna": -40, "Boris": 23}
    melds = data["details"]["players"]["Anna"]["melds"]
    assert len(melds) == 3
    assert [m[:3] for m in melds] == [["2H", "3H", "4H"], ["5H", "6H", "7H"], ["8H", "9H", "TH"]]


# --- a stated closing: remikcalc still scores the highest the hand shows (§3.3) --------------


def test_a_stated_colour_on_eleven_cards_is_scored_as_the_best_discard_shows() -> None:
    # 2H..QH, eleven hearts: discarding 2H (or QH) leaves one run of ten, a full colour (−40);
    # other discards leave two runs, a colour only (−25). Stated as a colour, the hand still
    # closes with the full colour, exactly as when nothing is stated
    hands = ("--closer", "Anna", "Anna=2H 3H 4H 5H 6H 7H 8H 9H TH JH QH", f"Boris={BORIS}")
    stated = round_json("--how", "colour", *hands)
    plain = round_json(*hands)
    assert stated["outcome"] == "full_colour"
    assert stated["scores"] == {"Anna": -40, "Boris": 23}
    assert stated["payments"] == [{"from": "Boris", "to": "Anna", "amount": "4"}]
    assert stated["details"] == plain["details"]
    assert "stated as colour, but the hand shows more" in stated["reasons"]


def test_a_colour_claimed_for_a_hand_of_jokers_only_is_refused_in_words() -> None:
    # ten jokers (a house rule's pack) show no suit at all, so no colour: the claim is refused
    # with a sentence, not a crash
    result = run(
        "round",
        "bridge",
        "--rule",
        "jokers=10",
        "--closer",
        "Anna",
        "--how",
        "colour",
        "Anna=JK JK JK JK JK JK JK JK JK JK",
        f"Boris={BORIS}",
    )
    assert result.exit_code != 0
    assert "Anna claims a colour, but the hand does not show it" in result.output
    assert "Traceback" not in result.output


# --- stakes in words -------------------------------------------------------------------------


def test_a_knock_stake_of_one_and_a_half_is_said_in_the_plural() -> None:
    # knock_stake 1.5: Boris pays Anna 1.5 and 1.5 into the pool; "1.5 stakes" (more than one)
    data = round_json(
        "--rule",
        "knock_stake=1.5",
        "--closer",
        "Anna",
        "Anna=5H 6H 7H 9C 9D 9S QD KD JD 4C",
        f"Boris={BORIS}",
    )
    assert (
        "each other player pays Anna 1.5 stakes and 1.5 into the pool for the knock"
        in (data["reasons"])
    )


def test_a_knock_stake_of_a_half_is_said_in_the_singular() -> None:
    data = round_json("--closer", "Anna", "Anna=5H 6H 7H 9C 9D 9S QD KD JD 4C", f"Boris={BORIS}")
    assert (
        "each other player pays Anna 0.5 stake and 0.5 into the pool for the knock"
        in (data["reasons"])
    )


# --- deals entered as points (RULES.md §10.5) ------------------------------------------------


def test_a_closer_whose_points_match_no_bonus_is_asked_how_the_deal_ended(tmp_path: Path) -> None:
    # −7 is neither a knock (0 or more) nor −10, −25 or −40: the deal is refused, the sheet kept
    path = str(tmp_path / "b.yaml")
    assert run("new", path, "--variant", "bridge", "--players", "Anna,Boris,Carl").exit_code == 0
    before = Path(path).read_text(encoding="utf-8")
    result = run(
        "add", path, "--score", "Anna=-7", "--score", "Boris=20", "--score", "Carl=5",
        "--closer", "Anna",
    )  # fmt: skip
    assert result.exit_code != 0
    assert "the closer's -7 points match no closing bonus; say how the deal ended" in (
        result.output
    )
    assert Path(path).read_text(encoding="utf-8") == before


def test_a_closer_at_minus_ten_points_closed_with_a_remik(tmp_path: Path) -> None:
    # −10 is the remik bonus: each other player pays the closer 1 stake (remik_stake)
    path = str(tmp_path / "b.yaml")
    assert run("new", path, "--variant", "bridge", "--players", "Anna,Boris,Carl").exit_code == 0
    added = run(
        "add", path, "--score", "Anna=-10", "--score", "Boris=20", "--score", "Carl=5",
        "--closer", "Anna",
    )  # fmt: skip
    assert added.exit_code == 0, added.output
    data = json.loads(run("settle", path, "--format", "json").output)
    deal = data["deals"][0]
    assert deal["outcome"] == "remik"
    assert [(p["from"], p["to"], p["amount"]) for p in deal["payments"]] == [
        ("Boris", "Anna", "1"),
        ("Carl", "Anna", "1"),
    ]


def test_closing_payments_refuses_an_end_that_is_no_bridge_closing() -> None:
    rules = get_rules("bridge")
    with pytest.raises(DealError) as caught:
        closing_payments(rules, "Anna", "gin", ["Anna", "Boris"])
    assert str(caught.value) == (
        "a remik bridge deal cannot end by gin; use one of "
        "full_colour, colour, figures, remik, knock"
    )
    assert closing_payments(rules, "Anna", "remik", ["Anna", "Boris"])[0].amount == Decimal(1)
