"""The knock games' search with wild deuces and with copies of cards.

- With ``--rule wild_deuces=true`` the knocker's arrangements read a deuce as ``hand`` does
  (a wild card in a run or a set), and the defender may lay one off as a wild card onto a meld
  of another suit; without the rule a deuce is a plain two.
- The knocker's search works on the distinct cards and their copies, so copies (two packs and
  more) cost nothing, and two copies of a card may serve in two runs; past its step limit a
  hand is refused naming the limit. Both are checked against the brute force of
  ``tests/test_layoff.py`` on small hands, and on what ``round`` shows.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from remikcalc.base.errors import CardError
from remikcalc.cards.notation import CARDS, Card, parse_cards
from remikcalc.cli import cli
from remikcalc.rules.ruleset import Rules
from remikcalc.rules.variants import get_rules
from remikcalc.scoring.deal import Deal, Hand
from remikcalc.scoring.knock import score_knock
from remikcalc.search import best_arrangement
from remikcalc.search.knock._shared import KNOCKER_STEP_LIMIT
from remikcalc.search.knock.knocker import least_arrangements
from remikcalc.search.knock.layoff import best_defence, meld_faces
from remikcalc.search.melds import Meld, can_meld, classify_meld
from tests.clirun import ok, run
from tests.hands import ACE_TO_FIVE_TWICE
from tests.test_layoff import brute_least_partitions

WILD = get_rules("gin", overrides=["wild_deuces=true"])
COPIES = get_rules("gin", overrides=["decks=2", "set_distinct_suits=false", "set_max=6"])
BOTH = get_rules("gin", overrides=["decks=2", "wild_deuces=true"])


def test_wild_deuces_are_read_by_the_knock_scorer_as_by_hand() -> None:
    rule = ("--rule", "wild_deuces=true")
    hand = ok("hand", "-v", "gin", *rule, "3H 4H 5H 9C 9D 9S KC KD KH 2C").output
    assert "2C=9H" in hand and "Points:   0" in hand
    out = ok(
        "round",
        "gin",
        *rule,
        "--closer",
        "Anna",
        "--json",
        "Anna=3H 4H 5H 9C 9D 9S KC KD KH 2C",
        "Boris=8C 9H QS QD 7C 6D 3S AS TD 4C",
    ).output
    # a gin: Boris lays nothing off and keeps 4+7+8+6+10+10+9+1+3+10 = 68; 68 + 25 = 93
    assert '"outcome": "gin"' in out and '"Anna": 93' in out
    assert '"stands_for": "9H"' in out


def test_the_defender_lays_off_a_wild_deuce() -> None:
    knocker = parse_cards("3H 4H 5H")
    melds = (classify_meld(knocker, WILD),)
    defence = best_defence(parse_cards("2C KS"), melds, WILD)
    assert [str(lay) for lay in defence.layoffs] == ["2C on 3H 4H 5H"]
    assert defence.points == 10  # KS alone is left
    plain = best_defence(parse_cards("2C KS"), melds, get_rules("gin"))
    assert plain.layoffs == () and plain.points == 12


def _brute_defence(cards: Sequence[Card], knocker: Sequence[Meld], rules: Rules) -> int:
    """The defender's least count by brute force: every subset laid off, split every way
    among the melds (any card may go anywhere: a wild deuce fits every meld), each meld
    growing one card at a time as at the table, the rest arranged by the search."""
    faces = [meld_faces(m) for m in knocker]

    def grows(face: tuple[Card, ...], share: tuple[Card, ...]) -> bool:
        if not share:
            return True
        return any(
            can_meld(face + (card,), rules) and grows(face + (card,), share[:i] + share[i + 1 :])
            for i, card in enumerate(share)
        )

    def splits(laid: tuple[Card, ...], i: int, shares: list[tuple[Card, ...]]) -> bool:
        if i == len(laid):
            return all(grows(f, s) for f, s in zip(faces, shares, strict=True))
        for m in range(len(faces)):
            shares[m] += (laid[i],)
            if splits(laid, i + 1, shares):
                return True
            shares[m] = shares[m][:-1]
        return False

    best = best_arrangement(tuple(cards), rules).points
    for n in range(1, len(cards) + 1):
        for picked in combinations(range(len(cards)), n):
            laid = tuple(cards[i] for i in picked)
            if splits(laid, 0, [() for _ in faces]):
                rest = tuple(c for i, c in enumerate(cards) if i not in picked)
                best = min(best, best_arrangement(rest, rules).points if rest else 0)
    return best


def _hand(rng: random.Random, rules: Rules, size: int) -> list[Card]:
    pack = [c for c in range(52) for _ in range(rules.decks)]
    return sorted(CARDS[c] for c in rng.sample(pack, size))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([WILD, COPIES, BOTH]), st.integers(0, 10**6))
def test_least_arrangements_are_every_least_split_with_wild_deuces_and_copies(
    rules: Rules, seed: int
) -> None:
    rng = random.Random(seed)
    cards = _hand(rng, rules, rng.randint(6, 9))
    found = least_arrangements(cards, rules)
    listed = {
        (tuple(sorted(tuple(sorted(m.cards)) for m in a.melds)), tuple(sorted(a.deadwood)))
        for a in found
    }
    assert len(listed) == len(found)  # each split once, whichever copy goes where
    assert listed == brute_least_partitions(cards, rules)
    assert {a.points for a in found} == {best_arrangement(tuple(cards), rules).points}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([WILD, COPIES, BOTH]), st.integers(0, 10**6))
def test_a_knock_leaves_the_defender_what_the_brute_force_finds(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    pack = [c for c in range(52) for _ in range(rules.decks)]
    dealt = [CARDS[c] for c in rng.sample(pack, 14)]  # hands of 7: the brute force is slow
    knocker, defender = sorted(dealt[:7]), sorted(dealt[7:])
    k = best_arrangement(tuple(knocker), rules).points
    house = rules.replace(knock_limit=max(10, k), hand_size=7)
    deal = Deal(
        players=("Anna", "Boris"),
        closer="Anna",
        hands={"Anna": Hand(tuple(knocker)), "Boris": Hand(tuple(defender))},
    )
    result = score_knock(house, deal)
    assert result.points["Anna"] == k
    if k == 0:  # gin: nothing is laid off
        assert result.points["Boris"] == best_arrangement(tuple(defender), house).points
        return
    # the knocker's equal arrangements: the one that leaves the defender the most
    expected = max(
        _brute_defence(defender, [classify_meld(m, house) for m in melds], house)
        for melds, _dead in brute_least_partitions(knocker, house)
    )
    assert result.points["Boris"] == expected


HOUSE = [
    "--rule",
    "hand_size=20",
    "--rule",
    "decks=8",
    "--rule",
    "knock_limit=100",
    "--rule",
    "set_distinct_suits=false",
    "--rule",
    "set_max=8",
]
COPIED = "5S 5S 5S 5S 6S 6S 6S 6S 7S 7S 7S 7S 8S 8S 8S 8S"


def test_copies_of_cards_cost_the_knocker_nothing() -> None:
    # the hands: 30 s before, every copy tried in every place
    result = ok(
        "round",
        "gin",
        *HOUSE,
        "--closer",
        "A",
        f"A={COPIED} 9S 9S 9S 9S",
        f"B={COPIED} 4S 4S TS TS",
        "--json",
    )
    assert '"outcome": "gin"' in result.output
    # a 21-card knocker who knocks (past 600 s before): answered, the same as by hand
    result = ok(
        "round",
        "gin",
        *HOUSE,
        "--closer",
        "A",
        "--json",
        "A=5S 5S 5S 5D 6S 6S 6D 6D 7S 7S 7D 7D 8S 8S 8D 8D 4S 4D TS TD KS",
        "B=5H 5H 5H 5H 6H 6H 6H 6H 7H 7H 7H 7H 8H 8H 8H 8H 9H 9H 9H 9H",
    )
    assert '"outcome": "undercut"' in result.output


def test_a_knocker_past_the_step_limit_is_refused_naming_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from remikcalc.search.knock import _shared as knock_common
    from remikcalc.search.knock import knocker

    # read by the step budget (knock_common) and by the knocker's walk (knocker)
    monkeypatch.setattr(knock_common, "KNOCKER_STEP_LIMIT", 10)
    monkeypatch.setattr(knocker, "KNOCKER_STEP_LIMIT", 10)
    knock_common.MEMOS.clear()
    with pytest.raises(CardError, match="more than 10 search steps"):
        least_arrangements(parse_cards(ACE_TO_FIVE_TWICE), get_rules("gin"))
    knock_common.MEMOS.clear()
    result = run(
        "round",
        "gin",
        "--closer",
        "Anna",
        f"Anna={ACE_TO_FIVE_TWICE}",
        "Boris=KC QC JC 9D 8D 7D 6C 5C 4C 3C",
    )
    assert result.exit_code == 1 and "more than 10 search steps" in result.output
    assert KNOCKER_STEP_LIMIT > 10


# --- wild deuces and copies in a knock deal, on what round shows ----------------------------------


def round_json(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["round", *args, "--format", "json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


# from the mutation round of issue 20: a survivor in search/knock/layoff.py
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


# from the mutation round of issue 20: a survivor in search/knock/layoff.py
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


# from the mutation round of issue 20: a survivor in search/knock/layoff.py
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


# from the mutation round of issue 20: a survivor in search/knock/layoff.py
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
