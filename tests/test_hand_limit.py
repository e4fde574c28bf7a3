"""A hand longer than any player can hold is refused at once, on every path into the search;
the largest hands the house rules allow are the ones the README names.

The search is exponential in the hand's length: a 37-card bridge hand took 14 s and one such
line stalled a whole ``hand -`` batch.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from remikcalc import analyze_hand
from remikcalc.base.errors import CardError
from remikcalc.cards.notation import parse_cards
from remikcalc.rules.variants import get_rules
from remikcalc.search import best_arrangement, best_value_melds, max_cards
from tests.clirun import fails, run
from tests.hands import GIN_KNOCK_ANNA, SPADES_ACE_TO_TEN

RANKS = list("A23456789TJQK")
BRIDGE_37 = " ".join([f"{r}{s}" for r in RANKS for s in "SH"] + [f"{r}D" for r in RANKS[:11]])


@pytest.mark.parametrize(
    ("variant", "limit"),
    [
        ("gin", 11),
        ("bridge", 11),
        ("polish", 15),
        ("continental", 16),
        ("remibrydz", 14),
        ("boat", 22),
        ("rummy500", 28),
    ],
)
def test_the_limit_per_variant(variant: str, limit: int) -> None:
    assert max_cards(get_rules(variant)) == limit


def test_hand_refuses_a_37_card_bridge_hand_at_once() -> None:
    result = run("hand", "-v", "bridge", BRIDGE_37)  # refused before any search
    assert result.exit_code == 1
    assert "a bridge hand holds at most 11 cards (10 dealt + 1 drawn); got 37" in result.output


def test_one_long_line_does_not_stall_a_batch() -> None:
    lines = f"{GIN_KNOCK_ANNA}\n" + BRIDGE_37 + "\nAS 2S 3S\n"
    result = run("hand", "-v", "bridge", "--format", "json", "-", input=lines)
    assert result.exit_code == 1
    out = result.output.splitlines()
    assert len(out) == 3 and '"line": 2' in out[1] and "at most 11 cards" in out[1]


def test_every_library_entry_has_the_cap() -> None:
    rules = get_rules("bridge")
    cards = parse_cards(BRIDGE_37)
    calls: list[Callable[[], object]] = [
        lambda: analyze_hand(BRIDGE_37, variant="bridge"),
        lambda: analyze_hand(cards, variant="bridge", discard=True),
        lambda: best_arrangement(cards, rules),
        lambda: best_arrangement(cards, rules, discard=True),
        lambda: best_value_melds(cards, rules),
    ]
    for call in calls:
        with pytest.raises(CardError, match="at most 11 cards"):
            call()


def test_opening_round_and_add_refuse_a_long_hand(tmp_path: Path) -> None:
    assert "at most 14" in run("opening", "-v", "remibrydz", BRIDGE_37).output
    result = run("round", "bridge", "--closer", "Anna", f"Anna={BRIDGE_37}", "Boris=AS", "Carl=2S")
    assert result.exit_code == 1 and "37 cards" in result.output  # the deal's own check
    path = tmp_path / "g.yaml"
    assert run("new", str(path), "-v", "gin", "--players", "Anna,Boris").exit_code == 0
    before = path.read_bytes()
    result = run(
        "add",
        str(path),
        "--closer",
        "Anna",
        f"Anna={SPADES_ACE_TO_TEN}",
        "Boris=" + " ".join(f"{r}{s}" for r in RANKS[:6] for s in "HDC"),
    )
    assert result.exit_code == 1 and "18 cards" in result.output
    assert path.read_bytes() == before


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "hand"),
    [
        (
            "rummy500",
            "3D 5D 2S 4S 2D 4H 6C 8D 7S 3S 3C 8S 6D 8H 7D 8C 7C 5H 5S 6S 2H AS 3H 6H 7H 5C 4C 4D",
        ),
        ("boat", "5C 5D 8S 7C 6C 4S 8C 7S 5S QH 7H 4C 6H 5H 7D 9C 6S 4D 8H 8D 6D 4H"),
        ("bridge", "3H 7H 3C 4S 5D 4D 8C 6H JK 5S 6H"),
    ],
)
def test_the_slowest_accepted_hands_found_are_answered_within_the_step_limit(
    variant: str, hand: str
) -> None:
    # the general search refuses a hand past its step limit (about a second of work); these
    # hands, the slowest found, are answered (their times are in benchmarks/, not asserted)
    for discard in (False, True):
        result = analyze_hand(hand, variant=variant, discard=discard)
        assert result.points >= 0 and (result.discard is not None) == discard


# --- the largest hands, as the README says --------------------------------------------------------


# from a tester's report: README's Performance section says what the program does
def test_largest_hands_as_the_readme_says() -> None:
    path = Path(__file__).parent.parent / "README.md"
    if not path.is_file():
        pytest.skip("the README is in the repository, not in an installed package")
    readme = path.read_text("utf-8")
    text = " ".join(readme.split())
    assert "House rules allow up to 8 packs, 16 jokers and `hand_size` 20" in text
    assert "42 cards with `--rule hand_size=20` (a longer hand is refused at once)" in text
    out = fails("hand", "-v", "boat", "--rule", "hand_size=21", "AS", code=2).output
    assert out.splitlines()[-1] == "Error: rule hand_size=21: must be between 1 and 20"
    out = run("rules", "boat", "--rule", "decks=9").output
    assert out.splitlines()[-1] == "Error: rule decks=9: must be between 1 and 8"
    out = run("rules", "boat", "--rule", "jokers=17", "--rule", "wild_jokers=true").output
    assert out.splitlines()[-1] == "Error: rule jokers=17: must be between 0 and 16"
    pack = [r + s for r in "A23456789TJQK" for s in "CDHS"]
    boat = ["hand", "-v", "boat", "--rule", "hand_size=20", "--rule", "decks=2"]
    out = fails(*boat, *pack[:43], code=1).output
    last = out.splitlines()[-1]  # (the why in brackets is search/'s to word)
    assert last.startswith("Error: a boat hand holds at most 42 cards (")
    assert last.endswith("); got 43")
    out = run("hand", "-v", "gin", "--rule", "hand_size=20", *pack[:22]).output
    assert out.splitlines()[-1] == (
        "Error: a gin hand holds at most 21 cards (20 dealt + 1 drawn); got 22"
    )
