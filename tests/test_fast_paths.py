"""The shortcuts taken for speed (issue 11) give exactly what the full paths give.

Each shortcut is checked against the slow path it stands in for, on random and awkward input:
the one-lookup card parser against the parser of every notation, the cached ``Rules``
against freshly built ones, ``analyze_hand``'s combined pack check against ``check_pack``
and the search, the fixed-layout JSON of ``hand`` against ``json.dumps``, the lay-off
memo and the run-window enumeration against an enumeration of every subset, and the
general search's step limit (a refusal that names the limit, never a long wait).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remikcalc.base.errors import CardError
from remikcalc.cards.notation import CARDS, CODES, JOKER, PLAIN_CODES, Card, parse_card, parse_cards
from remikcalc.render import to_json
from remikcalc.render.hand import hand_json_line, wilds_json
from remikcalc.rules.ruleset import Rules
from remikcalc.rules.variants import VARIANTS, find_variant, get_rules
from remikcalc.search import analyze_hand, best_arrangement, general_arrangement
from remikcalc.search.general.arrange import STEP_LIMIT
from remikcalc.search.knock import _shared, layoff
from remikcalc.search.knock import knocker as knocker_module
from remikcalc.search.melds import can_meld, classify_meld
from tests.clirun import run
from tests.hands import HAND_38, HAND_38_DRAWN, PAST_THE_STEP_LIMIT

# --- cards ------------------------------------------------------------------------------------


def test_every_plain_code_reads_as_the_full_parser_reads_it() -> None:
    for text, card in PLAIN_CODES.items():
        assert parse_card(text) == card, text


TOKENS = [*PLAIN_CODES, "10♥", "Дч", "Тп", "Wk", "Dka", "1S", "AX", "ZZ", "🃏", "A\u200bS", ""]


def _full(text: str) -> tuple[Card, ...] | str:
    """What the parser of every notation makes of ``text`` (an error as its type)."""
    try:
        return tuple(parse_card(token, i) for i, token in enumerate(text.split(), start=1))
    except CardError:
        return "error"


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=12), st.sampled_from([" ", "  ", "\t", "\n"]))
def test_parse_cards_agrees_with_the_full_parser(tokens: list[str], gap: str) -> None:
    text = gap.join(tokens)
    try:
        got: tuple[Card, ...] | str = parse_cards(text)
    except CardError:
        got = "error"
    assert got == _full(text)


def test_a_bad_token_among_plain_codes_is_named_by_the_full_parser() -> None:
    with pytest.raises(CardError, match="card 3 'ZZ'"):
        parse_cards("AS 2S ZZ")


# --- rules --------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", [v.name for v in VARIANTS])
def test_rules_without_overrides_are_one_object_equal_to_fresh_ones(variant: str) -> None:
    v = find_variant(variant)
    for preset in [None, *v.presets]:
        for players in (None, v.rules.players_min, v.rules.players_max):
            first = get_rules(variant, preset, (), players)
            assert get_rules(variant, preset, [], players) is first
            assert first == v.rules_for(preset, (), players)


def test_rules_with_overrides_are_built_each_time() -> None:
    a = get_rules("gin", overrides=["knock_limit=7"])
    assert a.knock_limit == 7 and get_rules("gin").knock_limit == 10
    assert get_rules("gin", overrides=["knock_limit=7"]) == a


# --- analyze_hand ------------------------------------------------------------------------------


def _outcome(call: object) -> object:
    try:
        return call() if callable(call) else call
    except CardError as exc:
        return f"CardError: {exc}"


HANDS_RULES = [get_rules(v.name) for v in VARIANTS] + [get_rules("continental", "bicycle")]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_analyze_hand_agrees_with_check_and_search(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(HANDS_RULES))
    size = data.draw(st.integers(1, rules.hand_size + 1))
    pool = list(range(53))
    hand = tuple(
        CARDS[c] for c in data.draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size))
    )
    text = " ".join(CODES[c] for c in hand)

    def slow() -> object:
        from remikcalc.cards.notation import check_pack

        check_pack(hand, decks=rules.decks, jokers=rules.jokers, variant=rules.variant)
        discard = len(hand) == rules.hand_size + 1
        return general_arrangement(hand, rules, discard=discard)

    expected = _outcome(slow)
    for given_as in (hand, list(hand), [int(c) for c in hand], text):
        got = _outcome(lambda g=given_as: analyze_hand(g, rules=rules))
        if isinstance(expected, str):
            assert got == expected
        else:
            assert not isinstance(got, str), got
            assert got.points == expected.points  # type: ignore[attr-defined]
            assert got.discard == expected.discard  # type: ignore[attr-defined]
            assert all(type(c) is Card for c in got.deadwood)  # type: ignore[attr-defined]


@pytest.mark.parametrize("bad", [[1, 2, 99], [1, 2, -1], ["AS"], [[1]]])
def test_analyze_hand_names_what_is_not_a_card(bad: Sequence[object]) -> None:
    with pytest.raises(CardError, match="not a card"):
        analyze_hand(bad)  # type: ignore[arg-type]


def test_analyze_hand_reads_an_iterator_once() -> None:
    cards = parse_cards("AS 2S 3S 9C")
    assert analyze_hand(iter(cards)).points == 9


# --- hand --format json ------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_hand_json_line_is_json_dumps_of_the_record(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(HANDS_RULES))
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    naturals = [c for c in range(52) for _ in range(rules.decks)]
    jokers = rng.randint(0, min(rules.jokers, 3)) if rules.wild_jokers else 0
    size = rng.randint(jokers + 1, rules.hand_size + 1)
    hand = tuple([JOKER] * jokers + [CARDS[c] for c in rng.sample(naturals, size - jokers)])
    a = analyze_hand(hand, rules=rules)
    record = {
        "variant": rules.variant,
        "cards": " ".join(CODES[c] for c in hand),
        "melds": [[c.code for c in m.cards] for m in a.melds],
        "jokers": wilds_json(a.melds),
        "deadwood": [c.code for c in a.deadwood],
        "points": a.points,
        "discard": None if a.discard is None else a.discard.code,
    }
    line = hand_json_line(to_json(rules.variant, lines=True), record["cards"], a)  # type: ignore[arg-type]
    assert line == to_json(record, lines=True)


def test_hand_batch_prints_what_each_single_hand_prints(tmp_path: object) -> None:
    lines = [
        HAND_38,
        "as 2s 3s 10h",
        HAND_38_DRAWN,
        "7S JK 9S",
        "AS 2S 3S | 9C",
        "ZZ 2S",
        "9C 9C",
        "Дч Тп 2S",
    ]
    batch = run("hand", "--format", "json", "-", input="\n".join(lines) + "\n")
    assert batch.exit_code == 1
    out = batch.output.splitlines()
    assert len(out) == len(lines)
    for n, (line, got) in enumerate(zip(lines, out, strict=True), start=1):
        single = run("hand", "--format", "json", line)
        if single.exit_code == 0:
            assert got == single.output.strip()
        else:
            assert json.loads(got)["line"] == n and json.loads(got)["error"]


# --- lay-offs: memo and run windows ------------------------------------------------------------


def _every_subset_melds(cards: Sequence[Card], rules: Rules) -> set[tuple[Card, ...]]:
    """The knocker's candidate melds by brute force: every choice of the cards of one rank
    or one suit, with every choice of the wild cards (jokers, deuces under wild_deuces), each
    a multiset of cards (which copy of a card is used changes nothing)."""
    wild = [c for c in cards if c == JOKER or (rules.wild_deuces and c % 13 == 1)]
    groups: dict[tuple[str, int], list[Card]] = {}
    for c in cards:
        if c != JOKER:
            if rules.sets_allowed:
                groups.setdefault(("rank", c % 13), []).append(c)
            groups.setdefault(("suit", c // 13), []).append(c)
    found: set[tuple[Card, ...]] = set()
    for group in groups.values():
        for n in range(1, len(group) + 1):
            for picked in set(combinations(group, n)):
                rest = list(wild)
                for c in picked:
                    if c in rest:
                        rest.remove(c)
                for j in range(len(rest) + 1):
                    for extra in set(combinations(rest, j)):
                        meld = tuple(sorted((*picked, *extra)))
                        if len(meld) >= 2 and meld not in found and can_meld(meld, rules):
                            found.add(meld)
    return found


LAYOFF_RULES = [
    get_rules("gin"),
    get_rules("gin", overrides=["ace_runs=high"]),
    get_rules("gin", overrides=["ace_runs=low_or_high"]),
    get_rules("gin", overrides=["ace_runs=around", "run_min=4"]),
    get_rules("gin", overrides=["wild_deuces=true"]),
    get_rules("gin", overrides=["decks=2", "set_distinct_suits=false", "set_max=5"]),
    get_rules("bridge"),
]


@pytest.mark.slow
@settings(max_examples=250, deadline=None)
@given(st.data())
def test_candidate_melds_are_every_legal_subset(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(LAYOFF_RULES))
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    if data.draw(st.booleans()):  # one suit, many cards: the run windows
        suit = rng.randrange(4)
        cards = [CARDS[suit * 13 + r] for r in rng.sample(range(13), rng.randint(2, 11))]
    else:
        naturals = [c for c in range(52) for _ in range(rules.decks)]
        cards = [CARDS[c] for c in rng.sample(naturals, rng.randint(1, 11))]
        if rules.wild_jokers:
            cards += [JOKER] * rng.randint(0, 2)
    hand = tuple(sorted(cards))
    kinds = tuple(sorted(set(hand)))
    counts = [hand.count(c) for c in kinds]
    got = knocker_module.hand_melds(kinds, counts, rules, _shared.memo_for(rules), _shared.Budget())
    melds = {tuple(c for c, n in use for _ in range(n)): meld for use, meld in got}
    assert len(melds) == len(got)  # each multiset of cards once
    assert set(melds) == _every_subset_melds(hand, rules)
    for cards_used, meld in melds.items():
        assert tuple(sorted(meld.cards)) == cards_used
        assert meld == classify_meld(cards_used, rules)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6))
def test_lay_off_answers_do_not_depend_on_what_was_remembered(seed: int) -> None:
    rng = random.Random(seed)
    deck = rng.sample(range(52), 20)
    knocker = tuple(CARDS[c] for c in deck[:10])
    defender = tuple(CARDS[c] for c in deck[10:])
    rules = get_rules("gin")
    arrangement = best_arrangement(knocker, rules)
    warm = layoff.best_defence(defender, arrangement.melds, rules)
    warm_least = knocker_module.least_arrangements(knocker, rules)
    _shared.MEMOS.clear()
    assert layoff.best_defence(defender, arrangement.melds, rules) == warm
    assert knocker_module.least_arrangements(knocker, rules) == warm_least


# --- the general search's step limit -------------------------------------------------------------


@pytest.mark.slow
def test_a_hand_past_the_step_limit_is_refused_with_the_limit_named() -> None:
    # 38 cards of 8 packs and 4 jokers (a long run with jokers is answered at once: it melds)
    text = PAST_THE_STEP_LIMIT
    hand = text.split()
    args = ["hand", "-v", "rummy500", "--rule", "decks=8", "--rule", "jokers=16"]
    result = run(*args, "--rule", "hand_size=20", *hand)
    assert result.exit_code == 1
    assert f"{STEP_LIMIT:,}" in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("variant", "preset", "text", "discard"),
    [
        ("continental", "bicycle", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS JK JK", False),
        ("continental", "bicycle", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS JK JK 2H", True),
        ("remibrydz", None, "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JK JK JK JK", True),
        ("polish", None, "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS JK JK", True),
    ],
)
def test_long_runs_with_jokers_of_a_variants_own_pack_are_answered(
    variant: str, preset: str | None, text: str, discard: bool
) -> None:
    a = analyze_hand(text, variant=variant, preset=preset, discard=discard)
    # every card but the discard melds: one long run with the wild cards in it
    assert a.points == 0


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["gin", "rummy", "rummy500", "oklahoma"]))
def test_a_hand_of_plain_codes_gets_the_same_arrangement_as_its_cards(seed: int, name: str) -> None:
    rules = get_rules(name)
    rng = random.Random(seed)
    hand = tuple(CARDS[c] for c in rng.sample(range(52), rng.randint(1, rules.hand_size)))
    if rng.random() < 0.2:  # a repeated card or a joker: refused the same way
        hand += (rng.choice([*hand, JOKER]),)
    spellings = [" ".join(CODES[c] for c in hand), " ".join(CODES[c].lower() for c in hand)]
    expected = _outcome(lambda: analyze_hand(hand, rules=rules))
    for text in spellings:
        analyze_hand("AS", rules=rules)  # the plain-code path needs its rules seen once
        assert _outcome(lambda t=text: analyze_hand(t, rules=rules)) == expected
