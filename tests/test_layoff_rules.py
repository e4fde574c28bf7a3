"""The lay-off rules of the knock games (search/knock/layoff.py, docs/RULES.md §1), checked on
what a user sees: the defender's count, what he laid off and onto which meld, and the deal's score.
Card values: ace 1, pips by number, ten and courts 10, and every figure is worked out by hand
in the comments.
"""

from __future__ import annotations

from remikcalc.render.results import details_json
from remikcalc.rules.variants import get_rules
from remikcalc.scoring import score_deal
from remikcalc.scoring.deal import build_deal
from remikcalc.scoring.result import DealResult


def play(*, closer: str = "Anna", rules: tuple[str, ...] = (), **hands: str) -> DealResult:
    r = get_rules("gin", None, rules)
    return score_deal(r, build_deal(r, list(hands), hands=hands, closer=closer))


# Anna's gin: 4-5-6-7D, three nines, three kings
GIN = "4D 5D 6D 7D 9H 9D 9S KH KD KS"
# Boris types his melds: A-2-3C, and singles 4S JC QC TD 2H 8C KC = 4+10+10+10+2+8+10 = 54.
# KC would go onto the kings after a knock.
TYPED_DEFENDER = "AC 2C 3C | 4S JC | QC TD | 2H 8C | KC"


def test_a_defender_who_types_his_melds_lays_nothing_off_against_gin() -> None:
    # gin: D = 54 with KC kept, 54 + 25 = 79 (not 44 + 25 = 69 with KC laid off)
    r = play(Anna=GIN, Boris=TYPED_DEFENDER)
    assert r.outcome == "gin"
    assert r.points == {"Anna": 0, "Boris": 54}
    assert r.scores == {"Anna": 79, "Boris": 0}
    boris = details_json(r.details)["players"]["Boris"]
    assert boris["deadwood"] == ["8C", "JC", "QC", "KC", "TD", "2H", "4S"]
    assert "layoffs" not in boris


def test_a_defender_who_types_his_melds_lays_off_after_a_knock() -> None:
    # Anna knocks with 4-5-6D, three nines, three kings and QH (K = 10). Boris keeps A-2-3C
    # as typed and lays KC off on the kings: 54 − 10 = 44; Anna scores 44 − 10 = 34
    r = play(Anna="4D 5D 6D 9H 9D 9S KH KD KS QH", Boris=TYPED_DEFENDER)
    assert r.outcome == "knock"
    assert r.points == {"Anna": 10, "Boris": 44}
    assert r.scores == {"Anna": 34, "Boris": 0}
    boris = details_json(r.details)["players"]["Boris"]
    assert boris["layoffs"] == [{"card": "KC", "onto": ["KD", "KH", "KS"]}]
    assert boris["count_before_layoffs"] == 54
    assert "Boris laid off KC on KD KH KS" in r.reasons
