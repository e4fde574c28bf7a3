"""The scoring rules of remik bridge (scoring/bridge.py, docs/RULES.md §3), checked on what a user
sees: the closing, every player's points, the stakes paid, the reasons and ``round``'s JSON.
Written for the mutants tools/mutate.py found alive (issue 20).

Unmatched cards count pips, courts 10, ace 1, joker 20; every figure is worked out by hand in
the comments. Default stakes: remik 1, colour and figures 2, full colour 4, a knock 0.5 to the
knocker and 0.5 into the pool; bonuses remik 10, colour and figures 25, full colour 40.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from click.testing import CliRunner

from remikcalc.cli import cli
from remikcalc.render.results import details_json
from remikcalc.rules.variants import get_rules
from remikcalc.scoring import score_deal
from remikcalc.scoring.deal import build_deal
from remikcalc.scoring.result import DealResult, Payment

# Boris, no melds: 8+5+7+3+8+6+2+4+9+10 = 62
BORIS = "8H 5S 7S 3C 8C 6D 2D 4D 9H TS"
# Carl, no two cards a joker could join into a meld: 20+2+6+9+5+10+3+10+7+10 = 82
CARL = "JK 2C 6C 9C 5D QD 3H TH 7S KS"


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
    r = play(Anna="AH 2H 3H | 4H | 9C 9D 9S | JD QD KD | 5C", Boris=BORIS, Carl=CARL)
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
    r = play(Anna="AH 2H 3H 4H | 9C 9D 9S | JD QD KD | 5C", Boris=BORIS, Carl=CARL)
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
        f"Boris={BORIS}",
        f"Carl={CARL}",
    )
    assert data["outcome"] == "knock"
    assert data["details"]["closing"] == "knock"
    assert data["details"]["bonus"] == 0
    assert data["details"]["knock_limit"] == 5
