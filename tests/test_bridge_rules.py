"""The scoring rules of remik bridge (scoring/bridge.py, docs/RULES.md §3), checked on what a user
sees: the closing (a hand typed in groups, a stated closing on eleven cards, a claim the hand
does not show), every player's points, the stakes paid and said in words, a deal entered as
points, the reasons and ``round``'s JSON.

Unmatched cards count pips, courts 10, ace 1, joker 20; every figure is worked out by hand in
the comments. Default stakes: remik 1, colour and figures 2, full colour 4, a knock 0.5 to the
knocker and 0.5 into the pool; bonuses remik 10, colour and figures 25, full colour 40.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from remikcalc.base.errors import DealError
from remikcalc.cli import cli
from remikcalc.render.results import details_json
from remikcalc.rules.variants import get_rules
from remikcalc.scoring import score_deal
from remikcalc.scoring.bridge import closing_payments
from remikcalc.scoring.deal import build_deal
from remikcalc.scoring.result import DealResult, Payment
from tests.clirun import run
from tests.hands import (
    BRIDGE_KNOCK_4_COURTS,
    BRIDGE_LOSER_23,
    BRIDGE_NO_MELD_62,
    BRIDGE_NO_MELD_82,
    DIAMONDS_TWO_TO_JACK,
)

# BRIDGE_NO_MELD_62, Boris, no melds: 8+5+7+3+8+6+2+4+9+10 = 62
# BRIDGE_NO_MELD_82, Carl, no two cards a joker could join into a meld: 20+2+6+9+5+10+3+10+7+10 = 82


def play(
    *,
    closer: str | None = "Anna",
    how: str | None = None,
    rules: tuple[str, ...] = (),
    **hands: str,
) -> DealResult:
    names = list(hands)
    r = get_rules("bridge", None, rules, players=len(names))
    return score_deal(r, build_deal(r, names, hands=hands, closer=closer, how=how))


def round_json(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["round", "bridge", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def pays(*triples: tuple[str, str, str]) -> tuple[Payment, ...]:
    return tuple(Payment(a, b, Decimal(x)) for a, b, x in triples)


KNOCK_PAYMENTS = pays(
    ("Boris", "Anna", "0.5"),
    ("Boris", "pool", "0.5"),
    ("Carl", "Anna", "0.5"),
    ("Carl", "pool", "0.5"),
)


# --- a closer who types eleven cards ----------------------------------------------------------


def test_eleven_typed_cards_with_two_singles_discard_the_higher_and_knock() -> None:
    # A-2-3H | 4H | 9C 9D 9S | J-Q-KD | 5C: the singles stay singles as typed. Discarding 5C
    # leaves 4H = 4 (a knock within 5); discarding 4H leaves 5C = 5. Anna knocks with 4.
    r = play(
        Anna="AH 2H 3H | 4H | 9C 9D 9S | JD QD KD | 5C",
        Boris=BRIDGE_NO_MELD_62,
        Carl=BRIDGE_NO_MELD_82,
    )
    assert r.outcome == "knock"
    assert r.points == {"Anna": 4, "Boris": 62, "Carl": 82}
    assert r.scores == {"Anna": 4, "Boris": 62, "Carl": 82}
    assert r.payments == KNOCK_PAYMENTS
    anna = details_json(r.details)["players"]["Anna"]
    assert anna["discard"] == "5C" and anna["deadwood"] == ["4H"] and anna["count"] == 4
    assert r.reasons[:2] == ("Anna discards 5C", "Anna knocks with 4 (limit 5) and adds 4")


def test_eleven_typed_cards_that_meld_but_one_discard_it_to_a_remik() -> None:
    # A-2-3-4H | 9C 9D 9S | J-Q-KD | 5C: discard 5C and all ten are melded: a remik, −10 for
    # Anna, and Boris and Carl each pay her the remik stake of 1
    r = play(
        Anna="AH 2H 3H 4H | 9C 9D 9S | JD QD KD | 5C",
        Boris=BRIDGE_NO_MELD_62,
        Carl=BRIDGE_NO_MELD_82,
    )
    assert r.outcome == "remik"
    assert r.points == {"Anna": 0, "Boris": 62, "Carl": 82}
    assert r.scores == {"Anna": -10, "Boris": 62, "Carl": 82}
    assert r.payments == pays(("Boris", "Anna", "1"), ("Carl", "Anna", "1"))
    assert details_json(r.details)["players"]["Anna"]["discard"] == "5C"
    assert r.reasons[:2] == (
        "Anna discards 5C",
        "Anna closes with a remik: no unmatched cards are added, the 10 bonus is subtracted",
    )


def test_a_knock_has_no_bonus_in_rounds_json() -> None:
    data = round_json(
        "--closer",
        "Anna",
        "Anna=AH 2H 3H | 4H | 9C 9D 9S | JD QD KD | 5C",
        f"Boris={BRIDGE_NO_MELD_62}",
        f"Carl={BRIDGE_NO_MELD_82}",
    )
    assert data["outcome"] == "knock"
    assert data["details"]["closing"] == "knock"
    assert data["details"]["bonus"] == 0
    assert data["details"]["knock_limit"] == 5


# --- a hand typed in groups, a stated closing, stakes in words, deals entered as points -----------


# from the mutation round of issue 20: a survivor in scoring/bridge.py
def test_a_knock_typed_in_groups_is_scored_as_grouped() -> None:
    # 5H 6H 7H | 9C 9D 9S | JD QD KD | 4C: three melds, 4C loose: a knock with 4 (limit 5),
    # Anna adds 4; Boris adds 23 and pays ½ to Anna and ½ into the pool
    data = round_json(
        "--closer", "Anna", "Anna=5H 6H 7H | 9C 9D 9S | JD QD KD | 4C", f"Boris={BRIDGE_LOSER_23}"
    )
    assert data["outcome"] == "knock"
    assert data["scores"] == {"Anna": 4, "Boris": 23}
    assert data["details"]["players"]["Anna"]["deadwood"] == ["4C"]
    assert [(p["from"], p["to"], p["amount"]) for p in data["payments"]] == [
        ("Boris", "Anna", "0.5"),
        ("Boris", "pool", "0.5"),
    ]


# from the mutation round of issue 20: a survivor in scoring/bridge.py
def test_a_full_colour_typed_in_groups_keeps_the_groups_as_typed() -> None:
    # 2H 3H 4H | 5H 6H 7H | 8H 9H TH JK: ten hearts (the joker as JH), one gapless run: a full
    # colour, −40 and 4 stakes; typed in three groups, the melds stay the three groups typed
    data = round_json(
        "--closer", "Anna", "Anna=2H 3H 4H | 5H 6H 7H | 8H 9H TH JK", f"Boris={BRIDGE_LOSER_23}"
    )
    assert data["outcome"] == "full_colour"
    assert data["scores"] == {"Anna": -40, "Boris": 23}
    melds = data["details"]["players"]["Anna"]["melds"]
    assert len(melds) == 3
    assert [m[:3] for m in melds] == [["2H", "3H", "4H"], ["5H", "6H", "7H"], ["8H", "9H", "TH"]]


# from the mutation round of issue 20: a survivor in scoring/bridge.py
def test_a_stated_colour_on_eleven_cards_is_scored_as_the_best_discard_shows() -> None:
    # 2H..QH, eleven hearts: discarding 2H (or QH) leaves one run of ten, a full colour (−40);
    # other discards leave two runs, a colour only (−25). Stated as a colour, the hand still
    # closes with the full colour, exactly as when nothing is stated
    hands = (
        "--closer",
        "Anna",
        "Anna=2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
        f"Boris={BRIDGE_LOSER_23}",
    )
    stated = round_json("--how", "colour", *hands)
    plain = round_json(*hands)
    assert stated["outcome"] == "full_colour"
    assert stated["scores"] == {"Anna": -40, "Boris": 23}
    assert stated["payments"] == [{"from": "Boris", "to": "Anna", "amount": "4"}]
    assert stated["details"] == plain["details"]
    assert "stated as colour, but the hand shows more" in stated["reasons"]


# from the mutation round of issue 20: a survivor in scoring/bridge.py
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
        f"Boris={BRIDGE_LOSER_23}",
    )
    assert result.exit_code != 0
    assert "Anna claims a colour, but the hand does not show it" in result.output
    assert "Traceback" not in result.output


# from the mutation round of issue 20: a survivor in scoring/bridge.py
def test_a_knock_stake_of_one_and_a_half_is_said_in_the_plural() -> None:
    # knock_stake 1.5: Boris pays Anna 1.5 and 1.5 into the pool; "1.5 stakes" (more than one)
    data = round_json(
        "--rule",
        "knock_stake=1.5",
        "--closer",
        "Anna",
        f"Anna={BRIDGE_KNOCK_4_COURTS}",
        f"Boris={BRIDGE_LOSER_23}",
    )
    assert (
        "each other player pays Anna 1.5 stakes and 1.5 into the pool for the knock"
        in (data["reasons"])
    )


# from the mutation round of issue 20: a survivor in scoring/bridge.py
def test_a_knock_stake_of_a_half_is_said_in_the_singular() -> None:
    data = round_json(
        "--closer", "Anna", f"Anna={BRIDGE_KNOCK_4_COURTS}", f"Boris={BRIDGE_LOSER_23}"
    )
    assert (
        "each other player pays Anna 0.5 stake and 0.5 into the pool for the knock"
        in (data["reasons"])
    )


# from the mutation round of issue 20: a survivor in scoring/bridge.py
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


# from the mutation round of issue 20: a survivor in scoring/bridge.py
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


# from the mutation round of issue 20: a survivor in scoring/bridge.py
def test_closing_payments_refuses_an_end_that_is_no_bridge_closing() -> None:
    rules = get_rules("bridge")
    with pytest.raises(DealError) as caught:
        closing_payments(rules, "Anna", "gin", ["Anna", "Boris"])
    assert str(caught.value) == (
        "a remik bridge deal cannot end by gin; use one of "
        "full_colour, colour, figures, remik, knock"
    )
    assert closing_payments(rules, "Anna", "remik", ["Anna", "Boris"])[0].amount == Decimal(1)


# --- a full colour claimed for a hand of jokers only ----------------------------------------------


# from the mutation round of issue 20: a bug it found on its way
def test_a_bridge_hand_of_jokers_only_claiming_a_full_colour_is_one_line() -> None:
    # ten jokers name no suit: the claim is refused in one line (it was an IndexError)
    done = run(
        "round",
        "bridge",
        "--rule",
        "jokers=10",
        "--closer",
        "Anna",
        "--how",
        "full_colour",
        "Anna=" + " ".join(["JK"] * 10),
        "Boris=2C 3C 4C 5C 6C 7C 8C 9C TC JC",
        f"Carl={DIAMONDS_TWO_TO_JACK}",
    )
    assert done.exit_code == 1
    assert done.output.splitlines() == [
        "Error: Anna claims a full colour, but the hand does not show it"
    ]
