"""Which sheets of an evening settle together, why the others do not, and the names that
look like one person's (session/evening.py: ``settle_together``, ``settle_evening``,
``look_alikes``), through the library and the command line.

The figures are worked out by hand in the comments; sheets without a path are named by their
place ("sheet 2").
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remikcalc.base.errors import SettleError
from remikcalc.commands.refusal import for_command_line
from remikcalc.session import DealEntry, Sheet, replay, settle_evening
from remikcalc.session.evening import folded, look_alikes, settle_together
from remikcalc.settle import Settlement, settle
from tests.clirun import fails, ok


def gin(stake: str | None = None, currency: str | None = None, *players: str) -> Sheet:
    return Sheet(
        variant="gin",
        players=players or ("Anna", "Boris"),
        stake=None if stake is None else Decimal(stake),
        currency=currency,
    )


def bridge(stake: str | None = None, currency: str | None = None) -> Sheet:
    return Sheet(
        variant="bridge",
        players=("Anna", "Boris", "Carl"),
        stake=None if stake is None else Decimal(stake),
        currency=currency,
    )


def settled(sheet: Sheet, *deals: DealEntry) -> Settlement:
    return settle(replay(sheet.with_entries(deals)))


ANNA_10 = DealEntry(scores={"Anna": 10})


# --- which sheets settle together ----------------------------------------------------------------


def test_money_comes_first_and_a_sheet_without_a_stake_is_left_out_with_its_reason() -> None:
    # sheet 1 no stake, sheets 2 and 3 at 0.10 PLN a point: money, the sheets with a stake;
    # Anna +10 on each at 0.10: 1.00 + 1.00 = 2.00
    sheets = [settled(gin(), ANNA_10), settled(gin("0.10", "PLN"), ANNA_10)]
    sheets.append(settled(gin("0.10", "PLN"), ANNA_10))
    together = settle_together(sheets)
    assert together.chosen == (1, 2)
    assert together.evening.in_money and together.evening.currency == "PLN"
    assert together.evening.combined == {"Anna": Decimal("2.00"), "Boris": Decimal("-2.00")}
    [left] = together.left_out
    assert (left.index, left.name, left.code, left.first) == (
        0,
        "sheet 1",
        "stake_mismatch",
        "sheet 2",
    )
    assert (left.settled_in, left.currency, left.unit) == ("PLN", None, "point")


def test_the_currency_of_the_most_sheets_wins_and_the_other_currency_is_left_out() -> None:
    # one EUR sheet first, then two PLN: the evening is in PLN, the EUR sheet left out
    sheets = [settled(gin("1", "EUR")), settled(gin("1", "PLN")), settled(gin("1", "zł"))]
    together = settle_together(sheets)
    assert together.chosen == (1, 2) and together.evening.currency == "PLN"
    [left] = together.left_out
    assert (left.code, left.currency, left.settled_in) == ("currency_mismatch", "EUR", "PLN")


def test_of_as_many_sheets_in_each_currency_the_first_sheet_s_wins() -> None:
    together = settle_together([settled(gin("1", "EUR")), settled(gin("1", "PLN"))])
    assert together.chosen == (0,) and together.left_out[0].name == "sheet 2"


def test_without_any_stake_the_unit_of_the_most_sheets_wins() -> None:
    # two gin sheets count points, one bridge sheet stakes: points, bridge left out
    sheets = [settled(bridge()), settled(gin(), ANNA_10), settled(gin(), ANNA_10)]
    together = settle_together(sheets)
    assert together.chosen == (1, 2) and not together.evening.in_money
    assert together.evening.combined == {"Anna": Decimal(20), "Boris": Decimal(-20)}
    [left] = together.left_out
    assert (left.code, left.unit, left.settled_in) == ("unit_mismatch", "stake", None)


def test_nothing_is_left_out_of_an_evening_that_adds_up() -> None:
    sheets = [settled(gin("0.10", "PLN"), ANNA_10), settled(gin("0.20", "pln"), ANNA_10)]
    together = settle_together(sheets)
    assert together.left_out == () and together.chosen == (0, 1)
    assert together.evening == settle_evening(sheets)


def test_an_evening_of_no_sheets_is_refused_either_way() -> None:
    with pytest.raises(SettleError) as caught:
        settle_together([])
    assert caught.value.code == "no_sheets"


@st.composite
def _evenings(draw: st.DrawFn) -> list[Settlement]:
    kinds = st.sampled_from(
        [("gin", None, None), ("gin", "0.10", "PLN"), ("gin", "1", "EUR"), ("bridge", None, None)]
    )
    out = []
    for variant, stake, currency in draw(st.lists(kinds, min_size=1, max_size=5)):
        sheet = gin(stake, currency) if variant == "gin" else bridge(stake, currency)
        points = draw(st.integers(0, 40))
        deals = (DealEntry(scores={"Anna": points}),) if variant == "gin" and points else ()
        out.append(settled(sheet, *deals))
    return out


@settings(max_examples=60, deadline=None)
@given(_evenings())
def test_every_sheet_is_settled_or_left_out_once_and_the_evening_squares(
    sheets: list[Settlement],
) -> None:
    together = settle_together(sheets)
    left = [x.index for x in together.left_out]
    assert together.chosen and sorted([*together.chosen, *left]) == list(range(len(sheets)))
    # the sheets chosen settle as an evening of their own, to zero
    assert together.evening == settle_evening([sheets[i] for i in together.chosen])
    assert sum(together.evening.combined.values(), Decimal(0)) == 0
    # and every sheet left out is refused, with its reason, by the strict evening
    if together.left_out:
        with pytest.raises(SettleError) as caught:
            settle_evening(sheets)
        assert caught.value.code == together.left_out[0].code
        assert len(caught.value.message.splitlines()) == len(together.left_out)


# --- the strict evening: the command line's contract ---------------------------------------------


def test_the_strict_evening_names_every_sheet_left_out_one_a_line() -> None:
    sheets = [settled(gin("1", "PLN")), settled(gin()), settled(gin("1", "EUR"))]
    with pytest.raises(SettleError) as caught:
        settle_evening(sheets)
    error = caught.value
    assert error.code == "stake_mismatch" and error.details["left_out"] == ["sheet 2", "sheet 3"]
    assert error.message.splitlines() == [
        "sheet 2 has no stake but sheet 1 has one: an evening is settled in money only if every "
        "sheet has a stake, else in points; give sheet 2 a stake",
        "sheet 3 is in EUR but sheet 1 is in PLN: settle sheets of one currency together",
    ]
    # the command line says each in its own words, in place
    said = for_command_line(error).splitlines()
    assert said[0].endswith("give sheet 2 one with `remikcalc stake sheet 2 AMOUNT`")
    assert said[1] == error.message.splitlines()[1]


def _sheet(tmp_path: Path, name: str, *new: str, score: str | None = None) -> str:
    path = str(tmp_path / name)
    ok("new", path, *new)
    if score is not None:
        ok("add", path, "--score", score)
    return path


def test_settle_of_several_sheets_exits_1_naming_each_that_does_not_fit(tmp_path: Path) -> None:
    a = _sheet(tmp_path, "a.yaml", "-v", "gin", "--players", "A,B", "--stake", "1")
    b = _sheet(tmp_path, "b.yaml", "-v", "gin", "--players", "A,B")
    c = _sheet(tmp_path, "c.yaml", "-v", "gin", "--players", "A,B")
    result = fails("settle", a, b, c, code=1)
    lines = result.stderr.strip().removeprefix("Error: ").splitlines()
    assert [line.split(" ")[0] for line in lines] == [b, c]
    assert lines[0].endswith(f"give {b} one with `remikcalc stake {b} AMOUNT`")


def test_the_evening_points_out_names_that_look_like_one_person(tmp_path: Path) -> None:
    # Gleb on the Polish sheet, "Gleb K." on the gin one: settled as two, each sheet its own
    polish = _sheet(
        tmp_path, "polish.yaml", "-v", "polish", "--players", "Anna,Vera,Gleb", score="Anna=10"
    )
    gin_ = _sheet(tmp_path, "gin.yaml", "-v", "gin", "--players", "Anna,Gleb K.", score="Anna=5")
    text = ok("settle", polish, gin_).output
    assert "Gleb K. and Gleb: one person? The evening settles them as two." in text
    assert f"  remikcalc rename {polish} Gleb 'Gleb K.'" in text
    # the JSON, for tools, stays as it was
    assert "one person" not in ok("settle", polish, gin_, "--format", "json").output
    # renamed, they are one
    ok("rename", polish, "Gleb", "Gleb K.")
    assert "one person" not in ok("settle", polish, gin_).output


# --- names that look like one person's ---------------------------------------------------------


def _players(*sheets: tuple[str, ...]) -> list[Sheet]:
    return [gin(None, None, *players) for players in sheets]


@pytest.mark.parametrize(
    ("a", "b", "why"),
    [
        ("Gleb", "Gleb K.", "prefix"),
        ("Alex", "Alexander", "prefix"),
        ("Zoë", "Zoe", "same_letters"),
        ("Gleb K", "gleb k.", "same_letters"),
        ("Łukasz", "Lukasz", "same_letters"),
        ("Vera", "Wera", "one_letter"),
        ("Boris", "Borys", "one_letter"),
        ("Vera", "Vrea", "one_letter"),
        ("Ann", "Anna", "prefix"),
    ],
)
def test_names_that_look_like_one_person_s(a: str, b: str, why: str) -> None:
    [found] = look_alikes(_players((a, "Kim"), (b, "Kim")))
    assert {found.name, found.other} == {a, b} and found.why == why


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Al", "Albert"),  # too short to tell
        ("Ola", "Ula K."),  # neither a start nor one letter
        ("Anna", "ANNA"),  # one person already: case aside, the evening matches them
        ("Boris", "Gleb"),
    ],
)
def test_names_that_do_not(a: str, b: str) -> None:
    assert look_alikes(_players((a, "Kim"), (b, "Kim"))) == ()


def test_two_players_of_one_sheet_are_two_people() -> None:
    # Anna and Anne sit at the gin sheet together: never one person, whatever the other sheet
    assert look_alikes(_players(("Anna", "Anne"), ("Anne", "Kim"))) == ()


def test_the_name_on_more_sheets_is_suggested_else_the_longer() -> None:
    # "Gleb" on two sheets, "Gleb K." on one: keep Gleb, rename the one sheet's Gleb K.
    [found] = look_alikes(_players(("Gleb", "Kim"), ("Gleb K.", "Kim"), ("gleb", "Ida")))
    assert (found.name, found.sheets, found.other, found.other_sheets) == (
        "Gleb",
        (0, 2),
        "Gleb K.",
        (1,),
    )
    # one sheet each: the longer says more
    [found] = look_alikes(_players(("Gleb", "Kim"), ("Gleb K.", "Kim")))
    assert (found.name, found.other) == ("Gleb K.", "Gleb")


def test_folding_sets_case_accents_and_punctuation_aside() -> None:
    assert folded("  Jean-Luc  O'Neil ") == "jean luc o neil"
    assert folded("Ёжик") == folded("ежик")


def test_the_evening_settles_look_alikes_apart_until_renamed() -> None:
    # Gleb +10 at 0.10 PLN on one sheet, "Gleb K." −10 at 0.10 on another: two people
    one = settled(gin("0.10", "PLN", "Gleb", "Kim"), DealEntry(scores={"Gleb": 10}))
    two = settled(gin("0.10", "PLN", "Gleb K.", "Kim"), DealEntry(scores={"Kim": 10}))
    combined = settle_evening([one, two]).combined
    assert combined["Gleb"] == Decimal("1.00") and combined["Gleb K."] == Decimal("-1.00")
    assert Fraction(combined["Kim"]) == 0
