"""`remikcalc hand` and the Python API `parse_cards` / `analyze_hand` (docs/INTERFACE.md)."""

from __future__ import annotations

import json

import pytest

import remikcalc
from tests.clirun import fails, ok, process, run


def test_api_parse_and_analyze() -> None:
    cards = remikcalc.parse_cards("AS 2S 3S 7H 7D 7C 9C 9D KH QS")
    assert len(cards) == 10
    a = remikcalc.analyze_hand(cards, variant="gin")
    # melds AS-2S-3S and the three sevens; deadwood 9C 9D KH QS = 9 + 9 + 10 + 10
    assert a.points == 38
    assert sorted(c.code for c in a.deadwood) == ["9C", "9D", "KH", "QS"]
    assert a.discard is None
    assert remikcalc.analyze_hand("AS 2S 3S 7H 7D 7C 9C 9D KH QS").points == 38


def test_api_best_discard_for_eleven_cards() -> None:
    a = remikcalc.analyze_hand("AS 2S 3S 7H 7D 7C 9C 9D KH QS JD", variant="gin")
    # discarding a court leaves 9C 9D and two courts: 9 + 9 + 10 + 10 = 38
    assert a.points == 38
    assert a.discard is not None and a.discard.code in {"KH", "QS", "JD"}
    assert remikcalc.analyze_hand("AS 2S 3S 7H 7D 7C 9C 9D KH QS", discard=True).points == 28


def test_hand_json_fields() -> None:
    out = ok("hand", "--json", "AS", "2S", "3S", "7H", "7D", "7C", "9C", "9D", "KH", "QS").stdout
    record = json.loads(out)
    assert set(record) >= {"variant", "cards", "melds", "deadwood", "points", "discard"}
    assert record["points"] == 38 and record["discard"] is None
    assert sorted(map(sorted, record["melds"])) == [["2S", "3S", "AS"], ["7C", "7D", "7H"]]


def test_hand_reports_joker_stand_ins() -> None:
    out = ok("hand", "-v", "bridge", "--json", "5S 6S JK 7H 7D 7C 9C 9D KH QS").stdout
    record = json.loads(out)
    # JK with 9C 9D makes a set of nines (standing for the first missing suit, 9H), leaving
    # 5S 6S KH QS = 5 + 6 + 10 + 10 = 31; with 5S 6S instead it would leave 9+9+10+10 = 38
    assert record["points"] == 31
    nines = record["melds"].index(["9C", "9D", "JK"])
    assert record["jokers"] == [{"meld": nines, "stands_for": "9H"}]


def test_hand_table_output_is_readable() -> None:
    out = ok("hand", "9C", "7H", "QD").stdout
    assert "Points:   26" in out
    deadwood = next(line for line in out.splitlines() if line.startswith("Deadwood:"))
    assert sorted(deadwood.split()[1:]) == ["7H", "9C", "QD"]


def test_hand_batch_mode_json_lines_with_bad_line() -> None:
    stdin = "AS 2S 3S\nQX 2C\n\n9C 7H QD\n"
    out = fails("hand", "--json", "-", input=stdin, code=1).stdout
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[0]["points"] == 0
    assert lines[1]["line"] == 2 and "QX" in lines[1]["error"]
    assert lines[2]["points"] == 26


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["hand", "QX"], 1, "did you mean QC, QD, QH or QS?"),
        (["hand", "9C", "9C"], 1, "9C typed 2 times"),
        (["hand", "-v", "bridge", "JK JK JK JK JK"], 1, "5 jokers typed"),
        (["hand", "JK", "9C", "9D"], 1, "without jokers"),
        (["hand", ""], 1, "empty"),
        (["hand", "QС"], 1, "Cyrillic"),
        (["hand", "-v", "nosuch", "9C"], 2, "unknown variant"),
        (["hand", "--preset", "vegas", "9C"], 2, "unknown preset"),
        (["hand", "--rule", "bogus=1", "9C"], 2, "unknown rule key"),
        (["hand", "--rule", "knock_limit=lots", "9C"], 2, "not a whole number"),
        (["hand", "AS 2S 4S | 9C"], 1, "not"),
    ],
)
def test_hand_bad_input_is_one_clear_line(args: list[str], code: int, message: str) -> None:
    err = fails(*args, code=code).stderr
    assert message in err
    assert "Traceback" not in err


@pytest.mark.slow
def test_python_dash_m_entry_point() -> None:
    done = process("hand", "9C", "7H", "QD", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["points"] == 26


@pytest.mark.slow
def test_installed_console_script() -> None:
    """The `remikcalc` command that `pip install` puts beside this Python."""
    done = process("hand", "Дч", "Дп", "Дт", "10♥", "--json", script=True)
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    # three queens meld; the ten of hearts is left: 10 points
    assert record["melds"] == [["QC", "QH", "QS"]] and record["points"] == 10


def test_hand_players_set_the_pack() -> None:
    # continental: 2 packs for 2-5 players, 4 packs for 9-12 (docs/RULES.md §8)
    result = run("hand", "-v", "continental", "AS AS AS 2S 3S JK")
    assert result.exit_code == 1 and "AS typed 3 times" in result.stderr
    result = run("hand", "-v", "continental", "-n", "9", "--json", "AS AS AS 2S 3S JK")
    # AS 2S 3S + JK as 4S; the two other aces stay: 1 + 1
    assert result.exit_code == 0 and json.loads(result.stdout)["points"] == 2
    result = run("hand", "-v", "gin", "-n", "3", "9C")
    assert result.exit_code == 2 and "gin is played by 2 players, not 3" in result.stderr


def test_a_hand_typed_in_fullwidth_reads_as_typed_in_ascii() -> None:
    # a phone keyboard in a Chinese, Japanese or Korean mode (issue 26)
    wide = ok(
        "hand",
        "９Ｃ",
        "７Ｈ",
        "ＱＤ",
        "９Ｄ",
        "９Ｈ",
        "５Ｓ",
        "６Ｓ",
        "７Ｓ",
        "ＫＤ",
        "ＫＨ",
        "--format",
        "json",
    )
    plain = ok(
        "hand", "9C", "7H", "QD", "9D", "9H", "5S", "6S", "7S", "KD", "KH", "--format", "json"
    )
    assert wide.output == plain.output
    assert ok("hand", "１０♥　７♣　Ｑ♠").output == ok("hand", "10♥ 7♣ Q♠").output
