"""`settle` says when money had to be rounded to the currency's minor unit (half a stake of
0.01 PLN is half a grosz), and says nothing when every amount is exact."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from tests.clirun import ok
from tests.sheets import SheetMaker

BRIDGE = (
    Path(str(resources.files("remikcalc") / "examples")) / "bridge" / "eliminated-sits-out.yaml"
)
pytestmark = pytest.mark.no_locale


def _with_stake(sheet_file: SheetMaker, stake: str) -> Path:
    """The bundled example with a stake in PLN written after its players."""
    text = BRIDGE.read_text(encoding="utf-8")
    head, sep, rest = text.partition("\nplayers: ")
    line, nl, tail = rest.partition("\n")
    return sheet_file("b.yaml", text=f"{head}{sep}{line}\nstake: {stake}\ncurrency: PLN{nl}{tail}")


def test_half_a_grosz_is_rounded_and_said(sheet_file: SheetMaker) -> None:
    sheet = str(_with_stake(sheet_file, "0.01"))
    lines = ok("settle", sheet).output.splitlines()
    # net: Anna -2, Boris +0.5, Carl -3 stakes, the pool 4.5, 1.5 paid in by each; the pool
    # aside, Anna owes Boris ½ a grosz and Carl 1½: the halves are spread so the sum stays 2
    assert lines[-4:-1] == [
        "Still to pay, the pool aside:",
        "  Carl pays Boris 0.02 PLN",
        "Amounts are rounded to 0.01 PLN; the payments still square.",
    ]
    assert "Amounts are rounded to 0.01 PLN; the payments still square." in lines
    polish = ok("--lang", "pl", "settle", sheet).output.splitlines()
    assert "Kwoty zaokrąglono do 0,01\xa0zł; płatności nadal się bilansują." in polish


def test_exact_money_says_nothing_of_rounding(sheet_file: SheetMaker) -> None:
    lines = ok("settle", str(_with_stake(sheet_file, "0.10"))).output.splitlines()
    # the pool aside (its 4.5 stakes are paid in already): Anna owes Boris ½, Carl 1½
    assert "  Anna pays Boris 0.05 PLN" in lines and "  Carl pays Boris 0.15 PLN" in lines
    assert not [line for line in lines if "rounded" in line]
