"""The rules of an evening (several sheets settled together, session/evening.py), each checked
on what a user sees: the refusal naming the sheet at fault (or named twice), the money and its
decimals, the pool and the order of the payments; the figures are worked out by hand in the
comments.
"""

from __future__ import annotations

import json
import os
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from remikcalc.base.errors import SettleError
from remikcalc.cli import cli
from remikcalc.scoring.result import POOL
from remikcalc.session import DealEntry, Sheet, replay, settle_evening
from remikcalc.settle import Settlement, settle
from tests.sheets import GIN_TYPED, SheetMaker


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def ok(*args: str) -> Result:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result


def settle_json(*paths: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("settle", *paths, "--format", "json").output)
    return data


def settled(sheet: Sheet, *deals: DealEntry) -> Settlement:
    return settle(replay(sheet.with_entries(deals)))


def gin(stake: str | None = None, currency: str | None = None, **more: Any) -> Sheet:
    """A gin sheet (no path: an evening names it by its place, "sheet N")."""
    return Sheet(
        variant="gin",
        players=("Anna", "Boris"),
        stake=None if stake is None else Decimal(stake),
        currency=currency,
        **more,
    )


# --- which sheet is at fault ----------------------------------------------------------------


def test_an_evening_of_sheets_without_paths_names_them_by_their_place() -> None:
    # sheet 1 has a stake, sheet 2 none: the refusal names both by their place in the evening
    staked = settled(gin("1"), DealEntry(scores={"Anna": 10}))
    points = settled(gin(), DealEntry(scores={"Boris": 10}))
    with pytest.raises(SettleError) as caught:
        settle_evening([staked, points])
    assert str(caught.value).startswith("sheet 2 has no stake but sheet 1 has one")
    with pytest.raises(SettleError) as caught:
        settle_evening([points, staked, staked])
    assert str(caught.value).startswith("sheet 1 has no stake but sheet 2 has one")


def test_the_third_sheet_of_an_evening_is_named_as_the_third() -> None:
    one, other = settled(gin("1", "PLN")), settled(gin("1", "EUR"))
    with pytest.raises(SettleError) as caught:
        settle_evening([one, one, other])
    assert str(caught.value).startswith("sheet 3 is in EUR but sheet 1 is in PLN")


@pytest.mark.parametrize(
    ("first", "second", "words"),
    [
        ("PLN", None, "sheet 2 is in no currency but sheet 1 is in PLN"),
        (None, "PLN", "sheet 2 is in PLN but sheet 1 is in no currency"),
    ],
)
def test_a_staked_sheet_without_a_currency_is_in_no_currency(
    first: str | None, second: str | None, words: str
) -> None:
    with pytest.raises(SettleError) as caught:
        settle_evening([settled(gin("1", first)), settled(gin("1", second))])
    assert str(caught.value).startswith(words)


def test_stakes_first_and_points_second_do_not_add_up(sheet_file: SheetMaker) -> None:
    bridge = str(sheet_file("b.yaml", "bridge", "A,B,C"))
    points = str(sheet_file("g.yaml", "gin", "A,B"))
    result = run("settle", bridge, points)
    assert result.exit_code == 1
    assert f"{points} counts in points but {bridge} in stakes" in result.output


def test_an_evening_of_no_sheets_is_refused() -> None:
    with pytest.raises(SettleError, match="an evening needs at least one sheet"):
        settle_evening([])


# --- money -------------------------------------------------------------------------------------


def test_staked_sheets_without_a_currency_settle_in_money(sheet_file: SheetMaker) -> None:
    # gin at 0.10 a point, Anna +30: 3.00; gin at 0.50, Boris +4: 2.00. No currency anywhere:
    # still money (both sheets have a stake): Anna 3.00 − 2.00 = 1.00, Boris −1.00
    a = str(
        sheet_file("a.yaml", "gin", "Anna,Boris", stake="0.10", deals=[{"scores": {"Anna": 30}}])
    )
    b = str(
        sheet_file("b.yaml", "gin", "Anna,Boris", stake="0.50", deals=[{"scores": {"Boris": 4}}])
    )
    data = settle_json(a, b)
    assert data["currency"] is None and "net" not in data
    assert data["money"] == {"Anna": "1.00", "Boris": "-1.00"}
    assert data["transfers"] == [{"from": "Boris", "to": "Anna", "amount": "1.00"}]
    text = ok("settle", a, b).output
    assert text.rstrip().endswith("Boris pays Anna 1.00")


def test_the_evening_keeps_the_most_decimals_of_its_sheets(sheet_file: SheetMaker) -> None:
    # PLN sheets, one kept in whole złoty (decimals 0), one in thousandths (decimals 3):
    # gin at 1 a point, Anna +7: 7; gin at 0.125, Boris +2: 0.250. Anna 7 − 0.25 = 6.750
    a = str(
        sheet_file(
            "a.yaml",
            "gin",
            "Anna,Boris",
            stake="1",
            currency="PLN",
            decimals=0,
            deals=[{"scores": {"Anna": 7}}],
        )
    )
    b = str(
        sheet_file(
            "b.yaml",
            "gin",
            "Anna,Boris",
            stake="0.125",
            currency="PLN",
            decimals=3,
            deals=[{"scores": {"Boris": 2}}],
        )
    )
    data = settle_json(a, b)
    assert data["money"] == {"Anna": "6.750", "Boris": "-6.750"}
    assert data["transfers"] == [{"from": "Boris", "to": "Anna", "amount": "6.750"}]


# --- the pool ----------------------------------------------------------------------------------


def test_the_pool_comes_last_among_the_parties_of_an_evening(sheet_file: SheetMaker) -> None:
    # bridge at 2 PLN (the bundled two-games example): Anna 0.00, Boris −2.00, Carl −6.00,
    # pool 8.00. Gin at 0.10 PLN, Dana +50 from Carl: Carl −5.00, Dana +5.00.
    # Balances Boris −2, Carl −11, pool 8, Dana 5: one group; Carl pays the pool 8 (largest
    # debtor to largest creditor), then Carl 3 and Boris 2 to Dana. Listed by payer, then
    # payee in the evening's order, the pool last: Carl pays Dana before he pays the pool.
    from importlib import resources

    bridge = str(Path(str(resources.files("remikcalc"))) / "examples" / "bridge" / "two-games.yaml")
    later = str(
        sheet_file(
            "g.yaml",
            "gin",
            "Carl,Dana",
            stake="0.10",
            currency="PLN",
            deals=[{"scores": {"Dana": 50}}],
        )
    )
    data = settle_json(bridge, later)
    assert data["money"] == {"Anna": "0.00", "Boris": "-2.00", "Carl": "-11.00", "Dana": "5.00"}
    assert data["pool"] == "8.00"
    assert data["transfers"] == [
        {"from": "Boris", "to": "Dana", "amount": "2.00"},
        {"from": "Carl", "to": "Dana", "amount": "3.00"},
        {"from": "Carl", "to": "pool", "amount": "8.00"},
    ]


def test_a_pool_that_rounds_to_nothing_is_no_party_of_the_evening(sheet_file: SheetMaker) -> None:
    # bridge at 0.01 PLN with an entry stake of 0.1: the pool holds 0.3 stakes = 0.003 PLN,
    # which rounds to 0.00; gin at 0.01 PLN, A +30: 0.30. The evening's parties are the
    # players only (the combined balances name the pool only while it holds money).
    b = str(
        sheet_file(
            "b.yaml", "bridge", "A,B,C", stake="0.01", currency="PLN", rules=["entry_stake=0.1"]
        )
    )
    g = str(
        sheet_file(
            "g.yaml", "gin", "A,B", stake="0.01", currency="PLN", deals=[{"scores": {"A": 30}}]
        )
    )
    from remikcalc.sheet import load_sheet

    evening = settle_evening([settle(replay(load_sheet(p))) for p in (b, g)])
    assert dict(evening.combined) == {
        "A": Decimal("0.30"),
        "B": Decimal("-0.30"),
        "C": Decimal("0.00"),
    }
    assert POOL not in evening.combined
    assert settle_json(b, g)["pool"] == "0.00"


# --- one sheet named twice ------------------------------------------------------------------------


# from the hostile round of issue 20: a hard link is the same sheet named twice
def test_a_hard_link_is_the_same_sheet_named_twice(tmp_path: Path) -> None:
    sheet, link = tmp_path / "s.yaml", tmp_path / "link.yaml"
    sheet.write_text(GIN_TYPED, encoding="utf-8")
    os.link(sheet, link)
    for command in ("settle", "stats"):
        result = run(command, str(sheet), str(link))
        assert result.exit_code == 2, result.output
        assert f"{link} is named twice (as {sheet})" in result.output
    evening = tmp_path / "e.yaml"
    evening.write_text("remikcalc: 1\nevening: [s.yaml, link.yaml]\nexpect: {}\n")
    result = run("check", str(evening), "--format", "plain")
    assert result.exit_code == 1 and "is named twice" in result.output
