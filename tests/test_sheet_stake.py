"""A sheet's stake set after it was started: ``SheetFile.set_stake`` (and its dry run), the
locked, atomic transaction of every write, and ``remikcalc stake FILE AMOUNT``.

Refusals are typed and leave the file byte for byte as it was; the stake and currency are
written in place, the sheet's comments and layout kept.
"""

from __future__ import annotations

import json
import os
from decimal import Decimal
from pathlib import Path

import pytest

import remikcalc
from remikcalc.base.errors import ArgumentError, RemikcalcError, SettleError, SheetError
from remikcalc.session.book import SheetFile, StaleSheet
from remikcalc.settle import settle
from tests.clirun import fails, ok

RUMMY = """\
# Friday's rummy
remikcalc: 1
variant: rummy
players: [Anna, Gleb]   # by seat
deals:
  - closer: Anna
    counts: {Gleb: 12}   # Anna went out
"""


@pytest.fixture
def rummy(tmp_path: Path) -> Path:
    path = tmp_path / "rummy.yaml"
    path.write_text(RUMMY, encoding="utf-8")
    return path


def test_a_stake_is_written_in_place_and_the_money_follows(rummy: Path) -> None:
    # Anna +12, Gleb −12 against the mean of 0: at 0.05 PLN a point, 0.60 each way
    written = SheetFile(rummy).set_stake("0,05", "pln")
    assert written.changed and written.warnings == ()
    assert rummy.read_text(encoding="utf-8") == RUMMY.replace(
        "players: [Anna, Gleb]   # by seat\n",
        'players: [Anna, Gleb]   # by seat\nstake: "0.05"\ncurrency: PLN\n',
    )
    money = settle(SheetFile(rummy).replay()).money
    assert money == {"Anna": Decimal("0.60"), "Gleb": Decimal("-0.60")}
    assert written.replay.sheet.stake == Decimal("0.05")


def test_another_stake_replaces_the_old_one_and_keeps_the_currency(rummy: Path) -> None:
    book = SheetFile(rummy)
    book.set_stake("0.05", "PLN")
    book.set_stake("0.10")
    text = rummy.read_text(encoding="utf-8")
    assert 'stake: "0.10"\ncurrency: PLN\n' in text and "0.05" not in text
    # the same stake again: nothing to write
    before = rummy.stat().st_mtime_ns
    assert not book.set_stake("0.10").changed
    assert rummy.stat().st_mtime_ns == before


def test_a_stake_beside_a_dealer_and_before_a_currency_already_there(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(
        "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ndealer: Anna\ncurrency: EUR\ndeals:\n",
        encoding="utf-8",
    )
    SheetFile(path).set_stake("1")
    assert path.read_text(encoding="utf-8") == (
        'remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ndealer: Anna\nstake: "1"\n'
        "currency: EUR\ndeals:\n"
    )


def test_a_layout_it_cannot_follow_is_written_in_the_standard_one_and_said(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text(
        "remikcalc: 1\nvariant: gin\nplayers:\n  - Anna\n  - Boris\ndeals: []\n", encoding="utf-8"
    )
    written = SheetFile(path).set_stake("0.10", "PLN")
    assert len(written.warnings) == 1 and "standard layout" in written.warnings[0]
    sheet = SheetFile(path).replay().sheet
    assert (sheet.stake, sheet.currency, sheet.players) == (
        Decimal("0.10"),
        "PLN",
        ("Anna", "Boris"),
    )


@pytest.mark.parametrize(
    ("stake", "currency", "kind", "code", "field"),
    [
        ("-1", None, SettleError, "negative_amount", "stake"),
        ("abc", None, SettleError, "not_a_number", "stake"),
        ("", None, SettleError, "not_a_number", "stake"),
        ("0.001", "PLN", SettleError, "too_many_decimals", "stake"),
        ("1", " ", ArgumentError, "bad_currency", "currency"),
    ],
)
def test_a_stake_that_cannot_be_read_is_refused_and_the_file_is_unchanged(
    rummy: Path,
    stake: str,
    currency: str | None,
    kind: type[RemikcalcError],
    code: str,
    field: str,
) -> None:
    before = rummy.read_bytes()
    book = SheetFile(rummy)
    for attempt in (book.set_stake, book.preview_set_stake):
        with pytest.raises(kind) as caught:
            attempt(stake, currency)
        assert (caught.value.code, caught.value.field) == (code, field)
    assert rummy.read_bytes() == before


def test_a_stale_version_writes_nothing(rummy: Path) -> None:
    book = SheetFile(rummy)
    version = book.version
    book.set_stake("0.05")
    after = rummy.read_bytes()
    with pytest.raises(StaleSheet) as caught:
        book.set_stake("0.50", version=version)
    assert caught.value.code == "stale" and rummy.read_bytes() == after


def test_a_sheet_that_does_not_load_gets_no_stake(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(RUMMY.replace("counts: {Gleb: 12}", "counts: {Zoe: 12}"), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(RemikcalcError):
        SheetFile(path).set_stake("0.05")
    assert path.read_bytes() == before


def test_a_save_that_fails_leaves_the_sheet_as_it_was(
    rummy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the moment of commit is one os.replace: if it fails, the old text stays whole
    before = rummy.read_bytes()

    def full(_source: object, _target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(SheetError) as caught:
        SheetFile(rummy).set_stake("0.05")
    assert "the sheet is unchanged" in str(caught.value)
    assert rummy.read_bytes() == before
    assert [p.name for p in rummy.parent.iterdir()] == ["rummy.yaml"]  # no temporary file left


def test_the_dry_run_says_the_money_and_writes_nothing(rummy: Path) -> None:
    before = rummy.read_bytes()
    preview = SheetFile(rummy).preview_set_stake("0.05", "PLN")
    assert preview.before is not None and preview.before.sheet.stake is None
    assert preview.after.sheet.stake == Decimal("0.05")
    totals = preview.changes.totals
    money = {p.name: (p.money.before, p.money.after) for p in totals if p.money is not None}
    # no money before a stake: the change is from nothing to the money
    assert money == {"Anna": (None, Decimal("0.60")), "Gleb": (None, Decimal("-0.60"))}
    assert preview.changes.money_kind == "money"
    assert rummy.read_bytes() == before


def test_the_public_api_writes_a_stake_too(tmp_path: Path) -> None:
    book = remikcalc.new_sheet(tmp_path / "g.yaml", variant="gin", players=["Anna", "Boris"])
    book.add({"scores": {"Anna": 25}})
    book.set_stake("0.10", "PLN")
    assert settle(remikcalc.open_sheet(tmp_path / "g.yaml").replay()).money == {
        "Anna": Decimal("2.50"),
        "Boris": Decimal("-2.50"),
    }


# --- the command line ---------------------------------------------------------------------------


def test_stake_on_the_command_line(rummy: Path) -> None:
    file = str(rummy)
    dry = ok("stake", file, "0,05", "--currency", "PLN", "--dry-run").output
    assert "Totals: Anna 12 (money so far +0.60 PLN); Gleb -12 (money so far -0.60 PLN)" in dry
    assert f"Dry run: nothing was written to {file}." in dry
    assert "stake" not in rummy.read_text(encoding="utf-8").replace("# ", "")
    done = ok("stake", file, "0,05", "--currency", "PLN").output
    assert done == (
        f"The stake of {file} is 0.05 PLN a point.\nMoney so far: Anna +0.60 PLN, Gleb -0.60 PLN\n"
    )
    assert ok("stake", file, "0.05").output == (
        f"{file} has that stake already (0.05 PLN a point); it is unchanged.\n"
    )
    data = json.loads(ok("stake", file, "0.10", "--format", "json").output)
    assert data == {"file": file, "stake": "0.10", "currency": "PLN", "changed": True}
    assert "0,10\u00a0zł za punkt" in ok("--lang", "pl", "stake", file, "0,10").output


def test_stake_refusals_on_the_command_line(rummy: Path) -> None:
    file, before = str(rummy), rummy.read_bytes()
    bad = fails("stake", file, "abc", code=1)
    assert "stake 'abc' is not a decimal number" in bad.output
    currency = fails("stake", file, "1", "--currency", "", code=2)
    assert "--currency" in currency.output
    assert rummy.read_bytes() == before


def test_a_bridge_stake_is_the_value_of_one_stake(tmp_path: Path) -> None:
    path = tmp_path / "b.yaml"
    ok("new", str(path), "-v", "bridge", "--players", "Anna,Boris,Carl")
    assert "2.00 EUR a stake" in ok("stake", str(path), "2", "--currency", "EUR").output
