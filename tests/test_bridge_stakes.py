"""Remik bridge stakes are worked out once: a closing typed as hands and the same closing
typed as points move the same stakes, whatever the house rules (docs/RULES.md §3).

Driven through the CLI on real sheets: each deal is added once as hands and once as the points
those hands score, and the two ``settle --format json`` payments must agree.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.clirun import ok
from tests.hands import BRIDGE_KNOCK_2, BRIDGE_LOSER_31, BRIDGE_NO_MELD_70, BRIDGE_REMIK

# Anna shows a remik (A-2-3-4S, 777, 999: all ten melded); Boris and Carl hold nothing melded.
ANNA_REMIK = f"Anna={BRIDGE_REMIK}"
# Anna knocks with 2 (A-2-3S, 777, 999; 2C left).
ANNA_KNOCK = f"Anna={BRIDGE_KNOCK_2}"
BORIS = f"Boris={BRIDGE_NO_MELD_70}"
CARL = f"Carl={BRIDGE_LOSER_31}"


def payments(path: Path) -> list[list[dict[str, Any]]]:
    data = json.loads(ok("settle", str(path), "--format", "json").output)
    return [deal["payments"] for deal in data["deals"]]


def two_ways(tmp_path: Path, rules: list[str], hand: str, how: str) -> list[list[dict[str, Any]]]:
    """Add the deal as hands, then as the points that deal scored; both deals' payments."""
    path = tmp_path / "bridge.yaml"
    extra = [arg for rule in rules for arg in ("--rule", rule)]
    ok("new", str(path), "-v", "bridge", "--players", "Anna,Boris,Carl", *extra)
    ok("add", str(path), "--closer", "Anna", hand, BORIS, CARL)
    scores = json.loads(ok("settle", str(path), "--json").output)["deals"][0]["scores"]
    ok(
        "add",
        str(path),
        "--closer",
        "Anna",
        "--how",
        how,
        *(f"--score={p}={s}" for p, s in scores.items()),
    )
    return payments(path)


@pytest.mark.parametrize(
    ("rules", "hand", "how"),
    [
        ([], ANNA_REMIK, "remik"),
        (["remik_stake=0"], ANNA_REMIK, "remik"),
        (["remik_stake=1.5"], ANNA_REMIK, "remik"),
        ([], ANNA_KNOCK, "knock"),
        (["knock_stake=0"], ANNA_KNOCK, "knock"),
        (["knock_pool=false"], ANNA_KNOCK, "knock"),
    ],
)
def test_hands_and_points_move_the_same_stakes(
    tmp_path: Path, rules: list[str], hand: str, how: str
) -> None:
    as_hands, as_points = two_ways(tmp_path, rules, hand, how)
    assert as_hands == as_points


def test_a_zero_stake_writes_no_payment_either_way(tmp_path: Path) -> None:
    as_hands, as_points = two_ways(tmp_path, ["remik_stake=0"], ANNA_REMIK, "remik")
    assert as_hands == [] and as_points == []


def test_a_zero_stake_is_said_in_words(tmp_path: Path) -> None:
    out = ok(
        "round", "bridge", "--rule", "remik_stake=0", "--closer", "Anna", ANNA_REMIK, BORIS, CARL
    ).output
    assert "no stakes move for a remik (remik_stake=0)" in out
    assert "pays Anna 0" not in out


def test_a_remik_pays_its_stake_from_each_other_player(tmp_path: Path) -> None:
    as_hands, _ = two_ways(tmp_path, ["remik_stake=1.5"], ANNA_REMIK, "remik")
    assert as_hands == [
        {"from": "Boris", "to": "Anna", "amount": "1.5"},
        {"from": "Carl", "to": "Anna", "amount": "1.5"},
    ]


def test_points_read_the_closing_from_the_closers_points(tmp_path: Path) -> None:
    """Without --how, −10 for the closer is a remik and 2 a knock, as the hands would show."""
    path = tmp_path / "bridge.yaml"
    ok("new", str(path), "-v", "bridge", "--players", "Anna,Boris,Carl")
    ok("add", str(path), "--closer", "Anna", "--score", "Anna=-10", "--score", "Boris=70")
    ok("add", str(path), "--closer", "Anna", "--score", "Anna=2", "--score", "Boris=3")
    remik, knock = payments(path)
    assert [p["amount"] for p in remik] == ["1", "1"]
    assert [(p["to"], p["amount"]) for p in knock] == [
        ("Anna", "0.5"),
        ("pool", "0.5"),
        ("Anna", "0.5"),
        ("pool", "0.5"),
    ]
