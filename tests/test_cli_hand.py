"""`remikcalc hand` and the Python API `parse_cards` / `analyze_hand` (docs/INTERFACE.md): the
melds, the discard, what the hand costs if it is caught (``Caught``), and a hand typed in
groups, the last of them its unmatched cards.
"""

from __future__ import annotations

import json

import pytest

import remikcalc
from tests.clirun import fails, lines, ok, process, run
from tests.hands import HAND_38, HAND_38_DRAWN


def test_api_parse_and_analyze() -> None:
    cards = remikcalc.parse_cards(HAND_38)
    assert len(cards) == 10
    a = remikcalc.analyze_hand(cards, variant="gin")
    # melds AS-2S-3S and the three sevens; deadwood 9C 9D KH QS = 9 + 9 + 10 + 10
    assert a.points == 38
    assert sorted(c.code for c in a.deadwood) == ["9C", "9D", "KH", "QS"]
    assert a.discard is None
    assert remikcalc.analyze_hand(HAND_38).points == 38


def test_api_best_discard_for_eleven_cards() -> None:
    a = remikcalc.analyze_hand(HAND_38_DRAWN, variant="gin")
    # discarding a court leaves 9C 9D and two courts: 9 + 9 + 10 + 10 = 38
    assert a.points == 38
    assert a.discard is not None and a.discard.code in {"KH", "QS", "JD"}
    assert remikcalc.analyze_hand(HAND_38, discard=True).points == 28


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


# --- Caught: what the hand costs after the discard ------------------------------------------------


# from a tester's report: hand's Caught line counts the hand as it will be held
def test_caught_counts_the_hand_after_the_chosen_discard() -> None:
    held = ok("hand", "-v", "rummy", "-n", "3", "AS", "2S", "3S", "7H", "7D", "7C", "QC")
    drawn = ok("hand", "-v", "rummy", "-n", "3", "AS", "2S", "3S", "7H", "7D", "7C", "KD", "QC")
    caught = (
        "Caught:   37 if another player goes out now (every card counts, melds too; "
        "74 if another player goes out in one go)\n"
    )
    assert held.output.endswith(caught)
    assert drawn.output == (
        "Hand:     AS 2S 3S 7H 7D 7C KD QC\n"
        "Melds:    7C 7D 7H | AS 2S 3S\n"
        "Deadwood: QC\n"
        "Points:   10\n"
        "Discard:  KD\n" + caught
    )


# from a tester's report: hand's Caught line counts the hand as it will be held
def test_caught_after_a_discard_in_continental_pays_for_the_cards_kept() -> None:
    out = ok(
        "hand",
        "-v",
        "continental",
        "-n",
        "3",
        "AS",
        "2S",
        "3S",
        "4S",
        "5S",
        "6S",
        "7S",
        "8S",
        "9S",
        "TS",
        "JS",
        "QS",
        "KS",
        "JK",
        "5H",
        "9D",
    ).output
    assert "Discard:  9D\n" in out
    assert out.endswith(
        "Caught:   16 if another player goes out now (14 cards × 1 + 1 joker × 2)\n"
    )


# --- Caught: what the hand costs if another player goes out ---------------------------------------


# from issue 12, item 5: words that tell the truth
@pytest.mark.columns(200)
def test_hand_in_a_going_out_game_says_what_it_costs_if_caught() -> None:
    # rummy: 999 melded, 2C 5D KS unmatched = 17; caught now every card counts:
    # 27 + 2 + 5 + 10 = 44, doubled on a one-go: 88.
    assert ok("hand", "-v", "rummy", "9C", "9D", "9H", "KS", "2C", "5D").stdout == (
        "Hand:     9C 9D 9H KS 2C 5D\n"
        "Melds:    9C 9D 9H\n"
        "Deadwood: 2C 5D KS\n"
        "Points:   17\n"
        "Caught:   44 if another player goes out now (every card counts, melds too; 88 if "
        "another player goes out in one go)\n"
    )
    # continental per card: 5 naturals × 1 + 1 joker × 2 = 7
    assert ok("hand", "-v", "continental", "9C", "9D", "9H", "KS", "2C", "JK").stdout.endswith(
        "Caught:   7 if another player goes out now (5 cards × 1 + 1 joker × 2)\n"
    )
    # boat: the pair rule counts 9 once: 9 + 10 + 2 = 21, and the winner's plus on top
    assert ok("hand", "-v", "boat", "9C", "9D", "9H", "KS", "2C").stdout.endswith(
        "Caught:   21 if another player goes out now (every card counts, melds too, one per "
        "rank (pair rule); plus the winner's plus points)\n"
    )


# from issue 12, item 5: words that tell the truth
@pytest.mark.columns(200)
def test_hand_in_a_knock_game_and_its_json_are_unchanged() -> None:
    assert "Caught" not in ok("hand", "9C", "9D", "9H", "KS", "2C", "5D").stdout
    record = json.loads(
        ok("hand", "-v", "rummy", "--json", "9C", "9D", "9H", "KS", "2C", "5D").stdout
    )
    assert set(record) == {"variant", "cards", "melds", "jokers", "deadwood", "points", "discard"}
    assert record["points"] == 17


# --- a last group of unmatched cards --------------------------------------------------------------


# from issue 18, corrections and input at the table: the card traps
@pytest.mark.parametrize(
    ("lang", "middle", "hidden"),
    [
        (
            "en",
            "Error: group 1: 7H 7D 7C 9H is not a run: the cards are not all of one suit; "
            "unmatched cards go together in the last group, after the melds",
            "Error: group 2: 7H 7D 7C 9H is not a run: the cards are not all of one suit; as the "
            "last group they would be unmatched cards, but 7C 7D 7H among them is a meld: put it "
            "in a group of its own",
        ),
        (
            "pl",
            "; karty niewyłożone wpisz razem w ostatniej grupie, po układach",
            "; jako ostatnia grupa byłyby to karty niewyłożone, ale 7♣ 7♦ 7♥ wśród nich to "
            "układ: wpisz go w osobnej grupie",
        ),
        (
            "ru",
            "; карты вне комбинаций пишите вместе последней группой, после комбинаций",
            "; последней группой это были бы карты вне комбинаций, но среди них 7т 7б 7ч — "
            "комбинация: выделите её в отдельную группу",
        ),
    ],
)
def test_a_last_group_of_unmatched_cards_is_the_deadwood(
    lang: str, middle: str, hidden: str
) -> None:
    result = ok("--lang", lang, "hand", "AS 2S 3S | 7H 7D 7C | KD 4C 9H")
    assert "23" in result.output
    result = run("--lang", lang, "hand", "7H 7D 7C 9H | AS 2S 3S")
    assert result.exit_code == 1 and lines(result.output)[0].endswith(middle)
    result = run("--lang", lang, "hand", "AS 2S 3S | 7H 7D 7C 9H")
    assert result.exit_code == 1 and lines(result.output)[0].endswith(hidden)
