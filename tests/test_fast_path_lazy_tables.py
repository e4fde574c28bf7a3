"""The fast path's tables filled entry by entry (a rule set's first hands) hold what the
whole build holds, and the answers do not depend on which of the two gave them."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from remikcalc.cards.notation import CARDS, Card
from remikcalc.rules.ruleset import Rules
from remikcalc.rules.variants import VARIANTS, get_rules
from remikcalc.search import Arrangement, best_arrangement
from remikcalc.search.fast.build import LAZY_USES
from remikcalc.search.fast.tables import FastTables

_TABLES = ("pattern_value", "run_cover", "run_free", "run_value", "dead_value")
_PER_SUIT = ("suit_cards", "dead_cards", "dead_and_cover")


def _rule_sets() -> list[Rules]:
    found = [v.rules_for(p) for v in VARIANTS for p in (None, *v.presets)]
    for ace_runs in ("low", "high", "low_or_high", "around"):
        for run_min in (2, 3, 4, 7, 13):
            found.append(get_rules("gin", overrides=[f"ace_runs={ace_runs}", f"run_min={run_min}"]))
    found.append(get_rules("gin", overrides=["ace_value=0", "ace_runs=low_or_high"]))
    found.append(get_rules("gin", overrides=["court_value=0", "ace_runs=around"]))
    found.append(get_rules("rummy500", overrides=["court_value=9999", "ace_value=10000"]))
    # one of each set of rules that differ only in what a deal pays and who plays (mostly a
    # variant's presets): the tables never read those keys, so the others would build the
    # same tables again (12 of 45, at a third of a second each)
    distinct: dict[tuple[object, ...], Rules] = {}
    for rules in found:
        if not rules.pair_rule:
            distinct.setdefault(_table_keys(rules), rules)
    return list(distinct.values())


#: the rule keys of scoring and money, which the fast path's tables do not read
_PAYS = {
    "variant",
    "family",
    "players_min",
    "players_max",
    "knock_limit",
    "upcard_knock",
    "spade_double",
    "gin_bonus",
    "big_gin_bonus",
    "undercut_bonus",
    "undercut_on_tie",
    "game_target",
    "game_bonus",
    "box_bonus",
    "shutout",
    "scoring",
    "remik_bonus",
    "colour_bonus",
    "figures_bonus",
    "full_colour_bonus",
    "remik_stake",
    "colour_stake",
    "figures_stake",
    "full_colour_stake",
    "knock_stake",
    "knock_pool",
    "entry_stake",
    "elimination_at",
    "reentry_cost",
    "one_go_multiplier",
    "first_meld_min",
    "payment",
}


def _table_keys(rules: Rules) -> tuple[object, ...]:
    return tuple(getattr(rules, f.name) for f in fields(rules) if f.name not in _PAYS)


def _both(rules: Rules) -> tuple[FastTables, FastTables]:
    lazy = FastTables(rules)
    lazy.use()
    whole = FastTables(rules)
    whole.build()
    assert lazy.lazy and not lazy.ready and whole.ready
    return lazy, whole


@pytest.mark.slow
@pytest.mark.parametrize("rules", _rule_sets(), ids=repr)
def test_lazy_tables_equal_the_whole_build(rules: Rules) -> None:
    lazy, whole = _both(rules)
    assert lazy.value_bits == whole.value_bits
    dead = whole.dead_value
    assert 4 * max(dead[p] for p in range(8192)) < 1 << whole.value_bits  # the sums fit
    for name in _TABLES:
        a, b = getattr(lazy, name), getattr(whole, name)
        assert [a[p] for p in range(8192)] == [b[p] for p in range(8192)], name
    for name in _PER_SUIT:
        for a, b in zip(getattr(lazy, name), getattr(whole, name), strict=True):
            assert [a[p] for p in range(8192)] == [b[p] for p in range(8192)], name


def _fresh_answers(rules: Rules, hands: list[tuple[Card, ...]], discard: bool) -> list[Arrangement]:
    """The hands answered by new tables: the first LAZY_USES filled entry by entry."""
    import remikcalc.search as search
    from remikcalc.search.fast import tables as fast

    fast._TABLES.clear()
    fast._BY_ID.clear()
    search._last = (None, *search._last[1:])
    answers = []
    for n, hand in enumerate(hands):
        answers.append(best_arrangement(hand, rules, discard=discard))
        tables = fast.fast_tables(rules)
        assert tables.ready == (n >= LAZY_USES), n
    return answers


@pytest.mark.parametrize("variant", ["gin", "rummy500", "remibrydz"])
def test_answers_before_and_after_the_whole_build_agree(variant: str) -> None:
    """The same hands answered first (the tables filled entry by entry for the first
    LAZY_USES, then whole) and again later (whole): the same arrangements."""
    rules = get_rules(variant, overrides=["jokers=0", "wild_jokers=false"])
    rng = random.Random(11)
    for discard in (False, True):
        size = rules.hand_size + discard
        hands = [tuple(rng.sample(CARDS[:52], size)) for _ in range(2 * LAZY_USES)]
        first = _fresh_answers(rules, hands, discard)
        again = [best_arrangement(hand, rules, discard=discard) for hand in hands]
        assert first == again
        for a in first:  # answers are cards of the pack, as CARDS holds them
            assert all(c in CARDS for c in a.deadwood)
