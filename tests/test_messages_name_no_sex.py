"""English messages name no sex: a player is "they" in every sentence remikcalc says, the
refusals and the reasons of a deal alike."""

from __future__ import annotations

import re

import pytest

from tests.clirun import ok, refusal_line
from tests.sheets import SheetMaker

# --- refusals and reasons -------------------------------------------------------------------------


# from a tester's report: English messages name no sex
def test_reentry_refusal_names_no_sex(sheet_file: SheetMaker) -> None:
    path = sheet_file("bridge.yaml", "bridge", "Anna,Boris,Carl")
    assert refusal_line("add", str(path), "--reenter", "Carl") == (
        "Error: Carl cannot re-enter while still in the game (total 0)"
    )


# from a tester's report: English messages name no sex
def test_stock_out_and_balance_reasons_name_no_sex(sheet_file: SheetMaker) -> None:
    out = ok("round", "rummy", "--draw", "Anna=9C 9D", "Boris=KS", "--format", "json").output
    assert "every player scores minus their own hand" in out
    path = sheet_file("boat.yaml", "boat", "Anna,Boris,Carl")
    assert refusal_line("add", str(path), "--closer", "Anna", "--score", "Anna=5") == (
        "Error: boat points must balance: the winner +sum, each loser −what they pay"
    )
    chips = ok("hand", "-v", "continental", "--preset", "bicycle", "AS", "2S", "3S").output
    assert chips.endswith(
        "Caught:   the winner's chips if another player goes out now (counted from the "
        "winner's melds, not from these cards)\n"
    )


# from a tester's report: English messages name no sex
@pytest.mark.slow
def test_no_english_message_says_he_his_or_him() -> None:
    from remikcalc.base.i18n_tools import extract  # the messages of the installed source

    said = [text for m in extract() for text in (m.msgid, m.plural) if text]
    assert not [text for text in said if re.search(r"\b(he|his|him|himself)\b", text, re.I)]
