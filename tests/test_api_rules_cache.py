"""analyze_hand remembers the rules of the variant name it was last given (the very string
object): naming another variant, a preset, or an equal string built anew still gives that
variant's own answer."""

from __future__ import annotations

from remikcalc import analyze_hand
from remikcalc.cards.notation import parse_cards
from remikcalc.rules.variants import get_rules
from tests.hands import HAND_38


def test_the_remembered_name_never_answers_for_another() -> None:
    expected = {
        name: analyze_hand(HAND_38, rules=get_rules(name))
        for name in ("gin", "boat", "rummy500", "polish")
    }
    for _ in range(3):
        for name in ("gin", "boat", "gin", "rummy500", "polish"):
            assert analyze_hand(HAND_38, variant=name) == expected[name]
            fresh = "".join(list(name))  # equal, another object
            assert analyze_hand(HAND_38, variant=fresh) == expected[name]
    pagat = analyze_hand(HAND_38, rules=get_rules("gin", "pagat"))
    analyze_hand(HAND_38, variant="gin")
    assert analyze_hand(HAND_38, variant="gin", preset="pagat") == pagat
    assert analyze_hand(HAND_38, variant="gin", preset="pagat").points == pagat.points
    assert analyze_hand(HAND_38, variant="джин") == expected["gin"]
    assert analyze_hand(parse_cards("AC 2C 3C"), variant="gin").points == 0
