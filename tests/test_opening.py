"""The first meld of a deal (docs/RULES.md §9): can this hand open, with which melds, for how
much?"""

from __future__ import annotations

import json

import pytest

from remikcalc.base.errors import CardError, DealError, MeldError
from remikcalc.cards.notation import parse_cards, parse_groups
from remikcalc.rules.variants import get_rules
from remikcalc.search.opening import Opening, best_opening, opening_from_groups
from tests.clirun import fails, ok
from tests.hands import FIFTEEN_CARDS, REMIBRYDZ_OPENING

REMI = get_rules("remibrydz")


def best(cards: str, variant: str = "remibrydz") -> Opening:
    return best_opening(parse_cards(cards), get_rules(variant))


def codes(opening: Opening) -> list[list[str]]:
    return sorted(sorted(c.code for c in m.cards) for m in opening.melds)


# --- the library --------------------------------------------------------------------------------


def test_opening_seed_example_64_as_typed() -> None:
    # AD 2D JK: the joker stands for 3D, the ace is low: 1 + 2 + 3 = 6.
    # 8D 8C 8H = 24.  7S 8S 9S TS = 7 + 8 + 9 + 10 = 34.  6 + 24 + 34 = 64 >= 30.
    o = opening_from_groups(parse_groups("AD 2D JK | 8D 8C 8H | 7S 8S 9S TS"), REMI)
    assert o.values == (6, 24, 34)
    assert o.value == 64
    assert o.can_open
    assert o.left == ()
    assert [str(s) for m in o.melds for s in m.stands_for if s is not None] == ["3D"]


def test_opening_best_melds_of_the_same_cards_are_worth_68() -> None:
    # Untyped, the joker is worth more as JS on the spades: 7 + 8 + 9 + 10 + 10 = 44,
    # with the eights 24: 68, leaving AD 2D (which make no meld without the joker).
    o = best(REMIBRYDZ_OPENING)
    assert o.value == 68
    assert codes(o) == [["7S", "8S", "9S", "JK", "TS"], ["8C", "8D", "8H"]]
    assert [c.code for c in o.left] == ["AD", "2D"]


def test_opening_below_the_minimum_cannot_open() -> None:
    # 5H 6H 7H = 18 < 30.
    o = best("5H 6H 7H 2C 9D")
    assert (o.value, o.can_open) == (18, False)
    assert o.why == "the best melds are worth 18, less than the 30 needed"


def test_opening_exactly_the_minimum_opens() -> None:
    # KS KH KD = 30: at least 30 is enough.
    o = best("KS KH KD 5C")
    assert (o.value, o.can_open) == (30, True)
    assert [c.code for c in o.left] == ["5C"]


def test_opening_ace_after_king_counts_11() -> None:
    # QD KD AD = 10 + 10 + 11 = 31: opens. AD 2D 3D = 1 + 2 + 3 = 6: does not.
    assert best("QD KD AD").value == 31
    assert best("AD 2D 3D").value == 6


def test_opening_set_of_aces_counts_11_each() -> None:
    assert best("AS AH AD").value == 33


def test_opening_joker_in_a_set_is_worth_the_rank() -> None:
    # KS KH JK: the joker is a king, 10 + 10 + 10 = 30.
    assert best("KS KH JK").value == 30


def test_opening_several_melds_add_up() -> None:
    # 4C 4D 4S = 12 and 5H 6H 7H = 18: 30 together.
    o = best("5H 6H 7H 4C 4D 4S")
    assert sorted(o.values) == [12, 18]
    assert o.can_open


def test_opening_with_the_drawn_card_keeps_one_to_discard() -> None:
    # 14 cards (13 dealt + 1 drawn) that all meld: four kings 40, four queens 40, three
    # jacks 30, three tens 30 = 140. A turn ends with a discard, so one card stays:
    # the best is to keep back a king or queen from a set of four: 140 - 10 = 130.
    o = best("KS KH KD KC QS QH QD QC JS JH JD TS TH TD")
    assert o.value == 130
    assert len(o.left) == 1
    assert o.left[0].code[0] in "KQ"
    assert o.can_open


def test_opening_typed_hand_melding_every_drawn_card_has_no_discard() -> None:
    # The same 14 cards typed as four melds: nothing is left to discard.
    o = opening_from_groups(parse_groups("KS KH KD KC | QS QH QD QC | JS JH JD | TS TH TD"), REMI)
    assert o.value == 140
    assert not o.can_open
    assert o.why == "every card is melded, so none is left to discard"


def test_opening_before_drawing_may_meld_every_card() -> None:
    # 13 cards typed (before the draw): the drawn card will be the discard.
    # KS KH KD KC = 40, QS QH QD = 30, JS JH JD = 30, TS TH TD = 30: 130, nothing left.
    o = best("KS KH KD KC QS QH QD JS JH JD TS TH TD")
    assert o.value == 130
    assert o.left == ()
    assert o.can_open


def test_opening_hand_without_a_meld() -> None:
    o = best("2C 5D 9H KS")
    assert (o.melds, o.value, o.can_open) == ((), 0, False)
    assert o.why == "the hand holds no meld"


def test_opening_variant_without_minimum_opens_with_any_meld() -> None:
    o = best("5H 6H 7H", "rummy")
    assert o.minimum is None
    assert (o.value, o.can_open) == (18, True)


def test_opening_no_minimum_preset_of_remibrydz() -> None:
    o = best_opening(parse_cards("2C 3C 4C"), get_rules("remibrydz", "no_minimum"))
    assert (o.value, o.can_open) == (9, True)


def test_opening_typed_group_must_be_a_legal_meld() -> None:
    with pytest.raises(MeldError, match="5H 6H 8H is not a run"):
        opening_from_groups(parse_groups("5H 6H 8H | 2C"), REMI)


def test_opening_typed_small_groups_stay_in_hand() -> None:
    # KS KH KD = 30 opens; 2C 3C is a group of two, left in hand.
    o = opening_from_groups(parse_groups("KS KH KD | 2C 3C"), REMI)
    assert (o.value, [c.code for c in o.left]) == (30, ["2C", "3C"])


def test_opening_hand_holds_at_most_hand_size_plus_one() -> None:
    with pytest.raises(DealError, match="15 cards typed.*at most 14"):
        best(FIFTEEN_CARDS)


def test_opening_pack_limits_apply() -> None:
    # The small preset has one pack: KS twice is impossible; two packs allow it.
    with pytest.raises(CardError, match="KS typed 2 times"):
        best_opening(parse_cards("KS KS KH"), get_rules("remibrydz", "small"))
    assert best("KS KS KH").value == 0  # two KS cannot share a set (distinct suits)


# --- the command --------------------------------------------------------------------------------


def test_cli_opening_seed_example() -> None:
    out = ok("opening", "AD 2D JK | 8D 8C 8H | 7S 8S 9S TS").stdout
    assert out == (
        "Hand:     AD 2D JK 8D 8C 8H 7S 8S 9S TS\n"
        "Opening:  AD 2D JK=3D (6) | 8C 8D 8H (24) | 7S 8S 9S TS (34)\n"
        "Value:    64 (minimum 30)\n"
        "Left:     -\n"
        "Can open: yes\n"
    )


def test_cli_opening_json() -> None:
    out = ok("opening", "--json", "AD", "2D", "JK", "8D", "8C", "8H", "7S", "8S", "9S", "TS").stdout
    record = json.loads(out)
    assert record["variant"] == "remibrydz"
    assert (record["value"], record["minimum"], record["can_open"]) == (68, 30, True)
    assert record["melds"] == [["8C", "8D", "8H"], ["7S", "8S", "9S", "TS", "JK"]]
    assert record["meld_values"] == [24, 44]
    assert record["jokers"][0]["stands_for"] == "JS"
    assert record["left"] == ["AD", "2D"]
    assert record["why"] is None


def test_cli_opening_cannot_open_is_an_answer_not_an_error() -> None:
    out = ok("opening", "5H", "6H", "7H", "2C", "9D").stdout
    assert "Can open: no: the best melds are worth 18, less than the 30 needed" in out


def test_cli_opening_plain() -> None:
    out = ok("opening", "--format", "plain", "KS", "KH", "KD", "5C").stdout
    # A set is laid in suit order: KD KH KS.
    assert out == "KS KH KD 5C\tKD KH KS (30)\t30\t5C\t30\tyes\n"


def test_cli_opening_variant_and_rule() -> None:
    # --rule first_meld_min=51: 5H 6H 7H 4C 4D 4S is worth 30, not enough.
    out = ok("opening", "--rule", "first_meld_min=51", "5H", "6H", "7H", "4C", "4D", "4S").stdout
    assert "Can open: no" in out
    out = ok("opening", "-v", "rummy", "5H", "6H", "7H").stdout
    assert "Value:    18 (minimum none)" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["5H", "6H", "7X"], "unknown suit 'X'"),
        (["5H 6H 8H | 2C"], "5H 6H 8H is not a run"),
        (["-v", "rummy", "JK", "6H", "7H"], "without jokers"),
        ([FIFTEEN_CARDS], "at most 14"),
    ],
)
def test_cli_opening_bad_hand_exits_1_without_traceback(args: list[str], message: str) -> None:
    result = fails("opening", *args, code=1)
    assert message in result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_cli_opening_unknown_variant_is_a_usage_error() -> None:
    err = fails("opening", "-v", "nosuch", "5H", code=2).stderr
    assert "unknown variant" in err
