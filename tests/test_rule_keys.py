"""Every house rule a variant accepts is honoured by its family's scoring, or refused (gin once
accepted ``wild_deuces=true`` and its knock scorer ignored it), and ``rules`` shows what the
scoring does (``melds_in_hand_count``).

For each family and each rule key (``Rules``' fields but the fixed ones):

- a key the family refuses (``FamilySpec.refused``) is refused with a RulesError for every
  value but the variant's own: nothing would read it;
- any other key is read: for some value it takes, some witness deal or sheet of the family
  (its bundled examples, and the sheets below) scores, settles or is checked differently, or,
  for the keys only the first-meld analysis reads, ``opening`` answers differently.

DECISIONS.md lists the decision per key and family.
"""

from __future__ import annotations

import dataclasses
import json
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from remikcalc.base.errors import RemikcalcError, RulesError
from remikcalc.cards.notation import parse_cards
from remikcalc.rules.families import REGISTRY, Family
from remikcalc.rules.ruleset import CHOICES, FIXED, Rules
from remikcalc.rules.variants import VARIANTS, find_variant
from remikcalc.search import max_cards
from remikcalc.search.opening import best_opening
from remikcalc.session import replay
from remikcalc.settle import settle
from remikcalc.sheet import Sheet, load_sheet, sheet_from_text
from tests.clirun import ok, run

KEYS = [f.name for f in dataclasses.fields(Rules) if f.name not in FIXED]
TYPES = {f.name: str(f.type) for f in dataclasses.fields(Rules)}
FAMILY_VARIANT = {
    Family.KNOCK: "gin",
    Family.BRIDGE: "bridge",
    Family.RUMMY: "rummy",
    Family.REMIBRYDZ: "remibrydz",
    Family.BOAT: "boat",
    Family.RUMMY500: "rummy500",
    Family.CONTINENTAL: "continental",
}

#: keys that no deal's score can read, only the first-meld analysis (``opening``): the sheet
#: records a deal after it was played, so whether the first meld was big enough is not known
OPENING_ONLY = {"first_meld_min", "ace_low_value"}

_LEGAL = "9C 9D 9H | KC KD KH KS | AC 2C 3C | 7S"  # a set of 3 and of 4, an ace-low run
_COPIES = "5S 5S 5D | 7S"  # a set of one suit twice: two packs, set_distinct_suits=false
_JOKERS = "5S JK JK | 7S"  # one natural card and two jokers
_DEUCE = "5S 2D 7S | 9C"  # a run only with the deuce wild

#: sheets that make a key matter where the bundled examples do not (hands typed with |, a
#: joker or a deuce, a second pack), written for this test
WITNESSES: dict[Family, list[str]] = {
    Family.KNOCK: [
        # two packs: the same card twice (decks), a set of one suit twice (distinct suits);
        # a deuce as a wild card (wild_deuces) in a set of one natural card and two wild
        # ones (jokers_minority)
        """variant: gin
rules: {decks: 2, wild_deuces: true}
players: [Anna, Boris]
deals:
  - closer: Anna
    hands: {Anna: "5H 2S 2C 3D 4D 5D 7C 8C 9C KS", Boris: "9D 9D 9S AS 3S 6H 7H TC JC QC"}
""",
    ],
    Family.BRIDGE: [
        """variant: bridge
players: [Anna, Boris]
deals:
  - closer: Anna
    hands: {Anna: "2H 3H 4H 5H 6H 7H 8H 9H TH 2C", Boris: "9C 9D 9H 9S | 5S JK JK | TC JC QC"}
""",
        """variant: bridge
rules: {set_distinct_suits: false}
players: [Anna, Boris]
deals:
  - closer: Anna
    hands: {Anna: "2H 3H 4H 5H 6H 7H 8H 9H TH 2C", Boris: "9C 9C 9D | 5S 6S 7S | TC JC QC KC"}
""",
    ],
}
_TYPED = {  # the going-out families: a loser's hand typed with |, whose groups must be melds
    Family.RUMMY: "variant: rummy\nplayers: [Anna, Boris]\ndeals:\n  - closer: Anna\n",
    Family.REMIBRYDZ: "variant: remibrydz\nplayers: [Anna, Boris]\ndeals:\n  - closer: Anna\n",
    Family.BOAT: "variant: boat\nplayers: [Anna, Boris]\ndeals:\n  - closer: Anna\n    plus: 10\n",
}
for _family, _head in _TYPED.items():
    WITNESSES[_family] = [
        _head + f'    hands: {{Boris: "{_LEGAL}"}}\n',
        _head.replace("players:", "rules: {decks: 2, set_distinct_suits: false}\nplayers:")
        + f'    hands: {{Boris: "{_COPIES}"}}\n',
        _head.replace("players:", "rules: {jokers: 2, wild_jokers: true}\nplayers:")
        + f'    hands: {{Boris: "{_JOKERS}"}}\n',
        _head + f'    hands: {{Boris: "{_DEUCE}"}}\n',
    ]
_R500 = "variant: rummy500\nplayers: [Anna, Boris]\ndeals:\n  - closer: Anna\n"
WITNESSES[Family.RUMMY500] = [
    _R500 + '    melded: {Anna: "9C 9D 9H | KC KD KH KS | AC 2C 3C"}\n    hands: {Boris: "7S"}\n',
    _R500.replace("players:", "rules: {decks: 2, set_distinct_suits: false}\nplayers:")
    + '    melded: {Anna: "5S 5S 5D"}\n    hands: {Boris: "7S"}\n',
    _R500.replace("players:", "rules: {jokers: 2}\nplayers:")
    + '    melded: {Anna: "5S JK JK"}\n    hands: {Boris: "7S"}\n',
    _R500 + '    melded: {Anna: "5S 2D 7S"}\n    hands: {Boris: "9C"}\n',
]
_CONTINENTAL = """variant: continental
players: [Anna, Boris]
deals:
  - closer: Anna
    hands:
      Anna: "5S JK JK | 2H 3H 4H | 7D 8D 9D | TC JC QC | {last}"
      Boris: "AS 3S 7S 8S 9S AH 5H 6H 8H TH AD 2D 3D 4D 5D"
"""
WITNESSES[Family.CONTINENTAL] = [
    # a run of one natural card and two jokers (jokers_minority); a deuce that goes out only
    # as a wild card (wild_deuces); the losers hold the 15 cards dealt
    _CONTINENTAL.format(last="4S 5S 6S"),
    _CONTINENTAL.format(last="4S 2C 6S"),
]

#: keys only the hand analysis reads where no score does: how many cards ``hand`` takes (a
#: loser in boat or rummy 500 may hold any number of cards: the pile is picked up)
HAND_ONLY = {(Family.BOAT, "hand_size"), (Family.RUMMY500, "hand_size")}


def _examples() -> dict[Family, list[Sheet]]:
    root = Path(str(resources.files("remikcalc") / "examples"))
    found: dict[Family, list[Sheet]] = {f: [] for f in FAMILY_VARIANT}
    for family, texts in WITNESSES.items():
        for n, text in enumerate(texts):
            found[family].append(sheet_from_text(f"remikcalc: 1\n{text}", f"witness {n}"))
    for path in sorted(root.glob("*/*.yaml")):
        if path.parent.name != "evening":
            sheet = load_sheet(path)
            found[find_variant(sheet.variant).rules.family].append(sheet)
    return found


SHEETS = _examples()


def _fingerprint(sheet: Sheet) -> object:
    """What a sheet scores and settles to, or the kind of its refusal."""
    try:
        state = replay(sheet)  # the sheet's rules with its number of players, its deals
        settled = settle(state)
    except RemikcalcError as exc:
        return type(exc).__name__
    steps = [
        (
            step.totals,
            getattr(step.result, "scores", None),
            getattr(step.result, "points", None),
            getattr(step.result, "payments", None),
            getattr(step.result, "outcome", None),
        )
        for step in state.steps
    ]
    return steps, settled.net, settled.pool, settled.transfers, state.tally.finished


def _alternatives(key: str, value: Any) -> list[Any]:
    kind = TYPES[key]
    if kind == "bool":
        return [not value]
    if key in CHOICES:
        return [c for c in CHOICES[key] if c != value]
    if kind == "Decimal":
        return [v for v in (Decimal("0.5"), Decimal(3), value * 2 + 1) if v != value]
    base = 0 if value is None else value
    numbers = {
        0,
        1,
        2,
        3,
        4,
        5,
        7,
        8,
        10,
        12,
        20,
        31,
        60,
        200,
        base + 1,
        base * 2,
        max(base - 1, 0),
    }
    out: list[Any] = sorted(v for v in numbers if v != value)
    if kind == "int | None" and value is not None:
        out.append(None)
    return out


def _text(value: Any) -> str:
    return (
        "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
    )


def _with_rule(sheet: Sheet, key: str, value: Any) -> Sheet:
    return dataclasses.replace(sheet, rules={**sheet.rules, key: _text(value)})


def _opening_changes(variant: str, key: str, value: Any) -> bool:
    """Whether ``opening`` answers a hand differently with ``key`` set to ``value`` (with a
    first-meld minimum of 30 for a key that counts only when there is one)."""
    known = {} if key == "first_meld_min" else {"first_meld_min": "30"}
    before = find_variant(variant).rules_for(overrides=known)
    after = find_variant(variant).rules_for(overrides={**known, key: _text(value)})
    for hand in ("AS 2S 3S KD KH KS 9C", "AS 2S 3S 4S 5S 9C 9D", "QS KS AS 9C 9D 9H 2C"):
        cards = parse_cards(hand)
        if best_opening(cards, before) != best_opening(cards, after):
            return True
    return False


CASES = [(family, key) for family in FAMILY_VARIANT for key in KEYS]

#: keys whose other value only refuses other rules: ``wild_jokers`` (jokers in the pack need
#: it where jokers are wild cards; with no jokers it has nothing to act on)
NEEDED_BY_OTHERS = {"wild_jokers"}


def _refused(variant: str, key: str, value: Any) -> bool:
    try:
        find_variant(variant).rules_for(overrides={key: _text(value)})
    except RulesError:
        return True
    return False


@pytest.mark.parametrize(("family", "key"), CASES, ids=[f"{f.value}-{k}" for f, k in CASES])
def test_every_rule_key_is_read_or_refused(family: Family, key: str) -> None:
    variant = FAMILY_VARIANT[family]
    own = getattr(find_variant(variant).rules, key)
    accepted = [v for v in _alternatives(key, own) if not _refused(variant, key, v)]
    if key in REGISTRY[family].refused:
        assert not accepted, f"{variant} accepts {key}={accepted[0]!r}, which it refuses"
        return
    if key in NEEDED_BY_OTHERS:  # honoured by refusing jokers in the pack without it
        with pytest.raises(RulesError, match="wild_jokers"):
            find_variant(variant).rules_for(overrides={"jokers": "2", key: "false"})
        return
    if (family, key) in HAND_ONLY:
        limit = max_cards(find_variant(variant).rules)
        assert any(
            max_cards(find_variant(variant).rules_for(overrides={key: _text(v)})) != limit
            for v in accepted
        )
        return
    if key in OPENING_ONLY and family in (Family.RUMMY, Family.REMIBRYDZ):
        assert any(_opening_changes(variant, key, v) for v in accepted), (variant, key)
        return
    for sheet in SHEETS[family]:
        rules = sheet.game_rules()
        before = _fingerprint(sheet)
        for value in _alternatives(key, getattr(rules, key)):
            if sheet.variant == variant and _refused(variant, key, value):
                continue
            changed = _with_rule(sheet, key, value)
            try:
                find_variant(sheet.variant).rules_for(sheet.preset, changed.rules)
            except RulesError:
                continue  # these rules do not go together (not the key's own refusal)
            if _fingerprint(changed) != before:
                return
    pytest.fail(f"no {family.value} witness scores differently with another {key}")


def test_presets_and_player_tables_set_only_keys_their_family_reads() -> None:
    for variant in VARIANTS:
        refused = variant.rules.spec.refused
        for name, preset in variant.presets.items():
            assert not set(preset) & refused, (variant.name, name)


# --- melds_in_hand_count: what rules shows is what the scoring does -------------------------------


#: a loser's hand holding a meld, 3C 4C 5C (12), and 60 in other cards (no two of a rank: the
#: boat's pair rule stays out of it): 72 in all
LOSER = "3C 4C 5C 9D 7H JC KD TS 8H 6D"


KNOCKER = "QH QD QC 6S 7S 8S 2D 3D 4D 2C"


#: per family: the variant scored, the arguments of its deal, and the loser's count when
#: melds in his hand count like any card
DEALS: dict[Family, tuple[str, list[str]]] = {
    Family.KNOCK: ("gin", [f"Anna={KNOCKER}", f"Boris={LOSER}"]),
    Family.BRIDGE: ("bridge", [f"Anna={KNOCKER}", f"Boris={LOSER}"]),
    Family.RUMMY: ("rummy", [f"Boris={LOSER}"]),
    Family.REMIBRYDZ: ("remibrydz", [f"Boris={LOSER}"]),
    Family.BOAT: ("boat", ["--plus", "0", f"Boris={LOSER}"]),
    Family.RUMMY500: ("rummy500", [f"Boris={LOSER}"]),
    # continental pays per card: 15 cards, 3 of them a run (sets are no melds there)
    Family.CONTINENTAL: (
        "continental",
        [
            "Anna=3H 4H 5H 6H | 7S 8S 9S TS | 2D 3D 4D 5D | 6C 7C 8C",
            "Boris=3C 4C 5C 9D 9H 5H 7C JC KD 4S 6H 8D 8H QS 2S",
        ],
    ),
}


ALL_CARDS = {Family.CONTINENTAL: 15}


# from a tester's report: rules shows what the scoring does
def test_every_family_has_a_deal() -> None:
    assert set(DEALS) == set(Family)


# from a tester's report: rules shows what the scoring does
@pytest.mark.parametrize("family", list(Family), ids=str)
def test_rules_shows_whether_melds_in_a_hand_count_as_scored(family: Family) -> None:
    variant, deal = DEALS[family]
    out = ok("round", variant, "--closer", "Anna", "--json", *deal).output
    count = json.loads(out)["details"]["players"]["Boris"]["count"]
    scored = count == ALL_CARDS.get(family, 72)  # every card counted, the meld too
    assert scored or count < ALL_CARDS.get(family, 72)
    assert scored is (family not in (Family.KNOCK, Family.BRIDGE))
    for v in VARIANTS:
        if v.rules.family is not family:
            continue
        out = run("rules", v.name, "--json").output
        assert json.loads(out)["melds_in_hand_count"] is scored, v.name
        out = run("rules", v.name, "--format", "plain").output
        row = next(line for line in out.splitlines() if line.startswith("melds_in_hand_count"))
        assert row.split()[1] == ("true" if scored else "false"), v.name


# from a tester's report: rules shows what the scoring does
def test_rules_says_what_melds_in_hand_count_means() -> None:
    out = run("rules", "rummy", "--format", "plain").output
    row = next(line for line in out.splitlines() if line.startswith("melds_in_hand_count"))
    assert row.split(None, 2)[2] == (
        "melds still in a caught hand count like any card: true in the going-out games, "
        "false in the knock games (only unmatched cards count); set by the family, "
        "not overridable"
    )
