"""Variants as data: presets, aliases, and typed, validated house-rule overrides."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from remikcalc.base.errors import RulesError
from remikcalc.rules.ruleset import ACE_RUNS, PAYMENTS, RULE_DOCS, SCORINGS, SHUTOUTS, Rules
from remikcalc.rules.variants import VARIANTS, find_variant, get_rules
from tests.clirun import run

FIELDS = {f.name: str(f.type) for f in dataclasses.fields(Rules)}
#: the keys whose values are a closed set of strings (a Literal type each)
CHOICES = {"ace_runs": ACE_RUNS, "shutout": SHUTOUTS, "scoring": SCORINGS, "payment": PAYMENTS}

# For every overridable key: a value of the wrong type and one out of range (or None).
BAD_VALUES = {
    "bool": ["maybe", "2"],
    "int": ["x", "1.5", "-5000000"],
    "int | None": ["x", "-1", "1.5"],
    "Decimal": ["abc", "-1", "nan"],
    "choice": ["nonsense", "low or high"],
}


def test_every_rule_key_is_documented() -> None:
    assert set(RULE_DOCS) == set(FIELDS)


FIXED = {"variant", "family", "melds_in_hand_count"}


@pytest.mark.parametrize("key", sorted(set(FIELDS) - FIXED))
def test_every_rule_key_rejects_bad_values(key: str) -> None:
    for value in BAD_VALUES["choice" if key in CHOICES else FIELDS[key]]:
        with pytest.raises(RulesError) as err:
            get_rules("bridge", overrides=[f"{key}={value}"])
        assert key in str(err.value)


@pytest.mark.parametrize("key", sorted(FIXED))
def test_identity_keys_cannot_be_overridden(key: str) -> None:
    with pytest.raises(RulesError, match="fixed by the variant"):
        get_rules("gin", overrides=[f"{key}=false"])


def test_overrides_are_typed() -> None:
    rules = get_rules(
        "bridge",
        overrides=["knock_limit=7", "knock_pool=no", "knock_stake=1,5", "ace_runs=around"],
    )
    assert rules.knock_limit == 7 and rules.knock_pool is False
    assert rules.knock_stake == Decimal("1.5") and rules.ace_runs == "around"
    assert get_rules("gin", overrides=["big_gin_bonus=none"]).big_gin_bonus is None
    assert get_rules("gin", overrides={"game_target": 150}).game_target == 150


def test_rummy500_jokers_are_one_override_away() -> None:
    # docs/RULES.md §6: no jokers by default; jokers=2 plays with two jokers worth 15
    assert get_rules("rummy500").jokers == 0
    rules = get_rules("rummy500", overrides=["jokers=2"], players=3)
    assert (rules.jokers, rules.wild_jokers, rules.joker_value) == (2, True, 15)


def test_unknown_rule_key_suggests_the_close_ones() -> None:
    with pytest.raises(RulesError, match="did you mean knock_limit"):
        get_rules("gin", overrides=["knok_limit=3"])
    with pytest.raises(RulesError, match="KEY=VALUE"):
        get_rules("gin", overrides=["knock_limit"])


def test_inconsistent_rules_are_refused() -> None:
    with pytest.raises(RulesError, match="set_max"):
        get_rules("bridge", overrides=["set_max=5"])  # distinct suits: at most 4
    with pytest.raises(RulesError, match="wild_jokers"):
        get_rules("gin", overrides=["jokers=2"])


@pytest.mark.parametrize(
    ("alias", "name"),
    [
        ("джин", "gin"),
        ("Gin-Rummy", "gin"),
        ("ремик-бридж", "bridge"),
        ("remibrydż", "remibrydz"),
        ("REMIBRYDZ", "remibrydz"),
        ("оклахома", "oklahoma"),
        ("500", "rummy500"),
        ("ремик польский", "polish"),
        ("лодочный", "boat"),
        ("континентальный", "continental"),
        ("рамми", "rummy"),
    ],
)
def test_aliases_in_three_languages(alias: str, name: str) -> None:
    assert find_variant(alias).name == name


def test_unknown_variant_and_preset() -> None:
    with pytest.raises(RulesError, match="did you mean gin"):
        find_variant("gni")
    with pytest.raises(RulesError, match="presets: ru, pagat, modern, bicycle"):
        get_rules("gin", preset="vegas")


@pytest.mark.parametrize(
    ("preset", "gin", "undercut", "box", "shutout", "big_gin"),
    [
        ("ru", 25, 25, 25, "none", None),
        ("pagat", 20, 10, 20, "game_bonus_double", None),
        ("modern", 25, 25, 25, "double", 31),
        ("bicycle", 20, 10, 20, "none", None),
    ],
)
def test_gin_presets_follow_rules_section_1(
    preset: str, gin: int, undercut: int, box: int, shutout: str, big_gin: int | None
) -> None:
    r = get_rules("gin", preset=preset)
    assert (r.gin_bonus, r.undercut_bonus, r.box_bonus, r.game_bonus) == (gin, undercut, box, 100)
    assert (r.shutout, r.big_gin_bonus, r.undercut_on_tie) == (shutout, big_gin, True)


def test_pack_and_hand_size_follow_the_number_of_players() -> None:
    assert get_rules("rummy", players=2).hand_size == 10
    assert get_rules("rummy", players=4).hand_size == 7
    assert get_rules("rummy", players=6).hand_size == 6
    seven = get_rules("continental", players=7)
    assert (seven.decks, seven.jokers) == (3, 3)
    assert get_rules("rummy500", players=5).decks == 2
    with pytest.raises(RulesError, match="2 to 3 players"):
        get_rules("polish", players=4)


def test_all_nine_variants_are_registered() -> None:
    assert [v.name for v in VARIANTS] == [
        "gin",
        "oklahoma",
        "bridge",
        "rummy",
        "boat",
        "rummy500",
        "polish",
        "continental",
        "remibrydz",
    ]


def test_cli_rules_and_variants() -> None:
    result = run("rules", "bridge", "--rule", "knock_limit=7", "--json")
    assert result.exit_code == 0 and '"knock_limit": 7' in result.output
    result = run("rules", "gin", "--rule", "knok_limit=3")
    assert result.exit_code == 2 and "did you mean knock_limit" in result.output
    result = run("rules", "nosuch")
    assert result.exit_code == 2 and "unknown variant 'nosuch'" in result.output
    result = run("variants")
    assert result.exit_code == 0 and "remibrydz" in result.output


@pytest.mark.parametrize(("key", "values"), sorted(CHOICES.items()))
def test_a_closed_rule_takes_each_of_its_values_as_the_string_itself(
    key: str, values: tuple[str, ...]
) -> None:
    assert values and len(set(values)) == len(values)
    variant = "continental" if key == "payment" else "gin"  # a variant that plays the key
    for value in values:
        rules = get_rules(variant, overrides=[f"{key}={value.upper()}"])
        assert getattr(rules, key) == value and type(getattr(rules, key)) is str
