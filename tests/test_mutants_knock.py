"""Gin and oklahoma (scoring/knock.py, RULES.md §1-2), checked where tools/mutate.py's sample
of mutants found the suite silent (issue 20): the discard of an eleven-card knocker when two
discards leave the same count, and the refusal of an end that is no knock game's. The figures
are worked out by hand in the comments.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from remikcalc.base.errors import DealError
from remikcalc.cards.notation import parse_cards
from remikcalc.cli import cli
from remikcalc.rules.variants import get_rules
from remikcalc.scoring.deal import Deal, Hand
from remikcalc.scoring.knock import score_knock


def round_json(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["round", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def test_equal_discards_of_an_eleven_card_knocker_leave_the_defender_the_most() -> None:
    # RULES.md §1.3: the knocker's discard is chosen by the same two tests as his melds: the
    # least deadwood, then what leaves the defender the most. Anna (11 cards, a house knock
    # limit of 26): 3C TC JC QC 7D TD 4H 5H 6H 6S TS.
    # - keep the club run TC JC QC and 4H 5H 6H, discard TD or TS: 3C 7D 6S and a ten = 26;
    #   Boris then lays off 9C on the clubs and 7H on the hearts: 50 − 9 − 7 = 34 left;
    # - keep the tens TC TD TS and 4H 5H 6H, discard JC or QC: 3C 7D 6S and a court = 26;
    #   Boris lays off only 7H: 50 − 7 = 43 left.
    # Boris (5C 9C AD 3D AH 7H 9H QH 2S 3S, no meld) counts 50. Equal 26 either way, so the
    # tens: Anna scores 43 − 26 = 17 (the runs would give her only 34 − 26 = 8).
    data = round_json(
        "gin",
        "--rule",
        "knock_limit=26",
        "--closer",
        "Anna",
        "Anna=3C TC JC QC 7D TD 4H 5H 6H 6S TS",
        "Boris=5C 9C AD 3D AH 7H 9H QH 2S 3S",
    )
    assert data["outcome"] == "knock"
    assert data["points"] == {"Anna": 26, "Boris": 43}
    assert data["scores"] == {"Anna": 17, "Boris": 0}
    anna = data["details"]["players"]["Anna"]
    assert anna["discard"] in ("JC", "QC")
    assert ["TC", "TD", "TS"] in anna["melds"]


@pytest.mark.parametrize(
    ("variant", "preset", "words"),
    [
        ("gin", "ru", "knock, gin or draw"),
        ("gin", "modern", "knock, gin, big_gin or draw"),
    ],
)
def test_a_knock_game_refuses_an_end_it_does_not_have(
    variant: str, preset: str, words: str
) -> None:
    # the command line refuses a bridge closing for gin before scoring; the library says so too
    rules = get_rules(variant, preset=preset)
    deal = Deal(
        players=("Anna", "Boris"),
        closer="Anna",
        how="remik",
        hands={
            "Anna": Hand(tuple(parse_cards("QH QD QC 6S 7S 8S 2D 3D 4D AC"))),
            "Boris": Hand(tuple(parse_cards("QS 9S TS 5H 5C 9H JC KD 2C 3C"))),
        },
    )
    with pytest.raises(DealError) as caught:
        score_knock(rules, deal)
    assert str(caught.value) == f"a gin deal ends by {words}, not remik"
