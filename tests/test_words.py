"""Words that tell the truth (issue 12 item 5) and what `add` and `edit` print (item 6).

Exact output through the CLI, on sheets written to disk. ``COLUMNS`` is set wide where a
deal's table is printed, so its rows are not wrapped (fitting is tested in test_formats.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.clirun import ok, run

pytestmark = pytest.mark.columns(200)


def headline(*args: str) -> str:
    return ok("round", *args).stdout.splitlines()[0]


# --- outcomes in words --------------------------------------------------------------------------


def test_an_undercut_is_headed_by_who_undercut_whom(tmp_path: Path) -> None:
    # Gin, bicycle preset (undercut bonus 10). Anna knocks with TS = 10. Boris: KKKK, 6-7-8C,
    # lays QH off on 9-T-JH and 4D on A-2-3D; 2S stays: 2 < 10, so Boris undercuts Anna:
    # 10 - 2 + 10 = 18 to Boris.
    path = tmp_path / "g.yaml"
    ok("new", str(path), "-v", "gin", "--preset", "bicycle", "--players", "Anna,Boris")
    out = ok(
        "add",
        str(path),
        "--closer",
        "Anna",
        "Anna=AD 2D 3D 5S 5C 5H 9H TH JH TS",
        "Boris=KC KS KH KD 6C 7C 8C QH 4D 2S",
    ).stdout
    assert out == (
        "Deal 1: Boris undercuts Anna; Boris wins the deal\n"
        "\n"
        "player    melds                           unmatched    laid off                        count    score\n"  # noqa: E501
        "--------  ------------------------------  -----------  ------------------------------  -------  -------\n"  # noqa: E501
        "Anna      5C 5H 5S | AD 2D 3D | 9H TH JH  TS           -                               10       0\n"  # noqa: E501
        "Boris     6C 7C 8C | KC KD KH KS          2S           4D on AD 2D 3D; QH on 9H TH JH  2        18\n"  # noqa: E501
        "\n"
        "Why:\n"
        "  - Boris laid off 4D on AD 2D 3D\n"
        "  - Boris laid off QH on 9H TH JH\n"
        "  - undercut: Boris has 2, Anna knocked with 10; Boris scores 10 - 2 + 10 bonus = 18\n"
        "\n"
        "Totals: Anna 0, Boris 18\n"
        "Points left to reach 100: Anna 100, Boris 82\n"
        "Next to deal: Boris\n"  # in gin the winner of a deal deals the next
    )
    assert "1    Boris undercuts Anna  Boris +18  0       18\n" in ok("show", str(path)).stdout


@pytest.mark.parametrize(
    ("args", "first_line"),
    [
        # gin: 2-3-4H, 999, KKKK: all ten melded
        (
            [
                "gin",
                "--closer",
                "Anna",
                "Anna=2H 3H 4H 9C 9D 9S KC KD KH KS",
                "Boris=5H 9H QS QD 7C 6D 3S AS 2D 4C",
            ],
            "gin: Anna went gin; Anna wins the deal",
        ),
        (
            [
                "gin",
                "--preset",
                "modern",
                "--closer",
                "Anna",
                "--how",
                "big_gin",
                "Anna=AC 2C 3C 4C 8D 8H 8S TH JH QH KH",
                "Boris=5S 6S 7S 2D 2H 2S KC 9C 4D AD",
            ],
            "gin: Anna went big gin; Anna wins the deal",
        ),
        (["gin", "--draw", "--players", "Anna,Boris"], "gin: draw: nobody scores"),
        # bridge: Carl's JK 8-9-TS, 444, QQQ is a remik; Anna's knock leaves 4C
        (
            [
                "bridge",
                "--closer",
                "Carl",
                "Carl=JK 8S 9S TS 4C 4S 4H QC QH QS",
                "Anna=2D 3D 4D KC KH KS AS 3C 6H 2C",
                "Boris=5D 6D 7D JH JD JC TH 9C 8H 3S",
            ],
            "bridge: Carl closed with a remik; Carl wins the deal",
        ),
        (
            [
                "bridge",
                "--closer",
                "Anna",
                "Anna=5H 6H 7H 9C 9D 9S QD KD JD 4C",
                "Boris=2S 3S 4S 5S TC TH TS KC 8D 5D",
                "Carl=AH 2H 3H 7S 7C 7D 8C 4D 2C AC",
            ],
            "bridge: Anna knocked; Anna wins the deal",
        ),
        (
            ["polish", "--closer", "Anna", "Anna=", "Boris=JK KH 5C 5D", "Carl=AS 2S 3S JK"],
            "polish: Anna went out; Anna wins the deal",
        ),
        (
            [
                "polish",
                "--closer",
                "Carl",
                "--how",
                "one_go",
                "Anna=AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2C",
                "Boris=9C",
                "Carl=",
            ],
            "polish: Carl went out in one go; Carl wins the deal",
        ),
        (
            ["remibrydz", "--closer", "Anna", "Anna=", "Boris=KC QD 2H"],
            "remibrydz: Anna went out; Anna wins the deal",
        ),
        (
            ["rummy", "--draw", "Anna=KC QD 2H", "Boris=5S 5D 9C"],
            "rummy: draw: the stock ran out, no winner",
        ),
        (
            [
                "boat",
                "--closer",
                "Valery",
                "--plus",
                "88",
                "Kirill=9C 7H 9D QD",
                "Mikhail=AH AS",
                "Nikolai=8S",
                "Valery=",
            ],
            "boat: Valery went out; Valery wins the deal",
        ),
        (
            [
                "rummy500",
                "--closer",
                "Boris",
                "--melded",
                "Anna=KS KH KD | TC JC QC | 8S 8H 8D | 3D",
                "--melded",
                "Boris=5C 6C 7C | 4D 5D 6D | AH 2H 3H",
                "Anna=KC TD TH TS JD JH JS QD QH",
                "Boris=",
            ],
            "rummy500: Boris went out; Boris wins the deal",
        ),
        (
            [
                "continental",
                "--closer",
                "Anna",
                "Anna=AC 2C 3C | 9S TS JS | 3D 4D 5D | QC KC AC | 6S 7S 8S",
                "Boris=AH 2H 3H 4H 6C 7C 8C 9C TD JD QD KD 2S 3S 4S",
            ],
            "continental: Anna went out; Anna wins the deal",
        ),
    ],
)
def test_every_outcome_has_a_headline_in_words(args: list[str], first_line: str) -> None:
    assert headline(*args) == first_line


def test_a_one_go_deal_in_show_reads_as_words(tmp_path: Path) -> None:
    # Polish: Anna goes out (Boris 20 + 10 + 5 + 5 = 40, Carl 1 + 2 + 3 + 20 = 26: +66), then
    # Carl goes out in one go: Anna's 87 and Boris's 9 doubled: -174 and -18, Carl +192.
    path = tmp_path / "p.yaml"
    ok("new", str(path), "-v", "polish", "--players", "Anna,Boris,Carl")
    ok("add", str(path), "--closer", "Anna", "Boris=JK KH 5C 5D", "Carl=AS 2S 3S JK")
    ok(
        "add",
        str(path),
        "--closer",
        "Carl",
        "--how",
        "one_go",
        "Anna=AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2C",
        "Boris=9C",
    )
    assert ok("show", str(path), "--no-spark").stdout == (
        "polish: Anna, Boris, Carl\n"
        "\n"
        "#    deal                     scores                           Anna    Boris    Carl\n"
        "---  -----------------------  -------------------------------  ------  -------  ------\n"
        "1    Anna went out            Anna +66, Boris -40, Carl -26    66      -40      -26\n"
        "2    Carl went out in one go  Anna -174, Boris -18, Carl +192  -108    -58      166\n"
    )
    assert ok("undo", str(path)).stdout.splitlines()[0] == (
        f"Removed the last entry of {path} (Carl went out in one go)."
    )


# --- re-entry -----------------------------------------------------------------------------------


@pytest.fixture
def bridge(tmp_path: Path) -> Path:
    """Bridge: Anna knocks twice with nothing left; Boris 70 + 70 = 140 is out."""
    path = tmp_path / "b.yaml"
    ok("new", str(path), "-v", "bridge", "--players", "Anna,Boris,Carl")
    for _ in range(2):
        ok(
            "add",
            str(path),
            "--closer",
            "Anna",
            "--score",
            "Anna=0",
            "--score",
            "Boris=70",
            "--score",
            "Carl=31",
            "--again",
        )
    return path


def test_a_player_who_is_out_is_named_in_the_re_enter_message(bridge: Path) -> None:
    result = run(
        "add",
        str(bridge),
        "--closer",
        "Anna",
        "--score",
        "Anna=0",
        "--score",
        "Boris=7",
        "--score",
        "Carl=31",
    )
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: Boris is out (total 140, out at 100) and does not play; re-enter Boris first "
        f"(add --reenter Boris)\n{bridge} is unchanged.\n"
    )


def test_a_re_entry_is_an_event_not_a_numbered_deal(bridge: Path) -> None:
    # Boris pays 3 stakes into the pool and restarts at the highest total still in: Carl's 62.
    assert ok("add", str(bridge), "--reenter", "boris").stdout == (
        "Event e1: Boris re-enters (pays 3 to the pool, restarts at 62)\n"
        "\n"
        "Totals: Anna 0, Boris 62, Carl 62\n"
        "Pool: 8 stakes\n"
        "Points left before going out at 100: Anna 100, Boris 38, Carl 38\n"
    )
    out = ok(
        "add",
        str(bridge),
        "--closer",
        "Anna",
        "--score",
        "Anna=0",
        "--score",
        "Boris=7",
        "--score",
        "Carl=31",
    ).stdout
    assert out.startswith("Deal 3: Anna knocked (Boris +7, Carl +31)\n")
    assert ok("show", str(bridge), "--no-spark").stdout == (
        "bridge: Anna, Boris, Carl\n"
        "\n"
        "#    deal             scores                              Anna    Boris    Carl\n"
        "---  ---------------  ----------------------------------  ------  -------  ------\n"
        "1    Anna knocked     Boris +70, Carl +31                 0       70       31\n"
        "2    Anna knocked     Boris +70, Carl +31                 0       140 out  62\n"
        "e1   Boris re-enters  pays 3 to the pool, restarts at 62  0       62       62\n"
        "3    Anna knocked     Boris +7, Carl +31                  0       69       93\n"
        "\n"
        "Pool: 9 stakes\n"
        "Points left before going out at 100: Anna 100, Boris 31, Carl 7\n"
    )
    rows = json.loads(ok("show", str(bridge), "--json").stdout)["rows"]
    assert [(r["n"], r.get("deal"), r.get("event")) for r in rows] == [
        (1, 1, None),
        (2, 2, None),
        (3, None, True),
        (4, 3, None),
    ]
    # edit counts deals as show does: deal 3 is the fourth entry
    ok(
        "edit",
        str(bridge),
        "3",
        "--closer",
        "Anna",
        "--score",
        "Anna=0",
        "--score",
        "Boris=8",
        "--score",
        "Carl=31",
    )
    assert rows[3]["totals"]["Boris"] == 69
    assert json.loads(ok("show", str(bridge), "--json").stdout)["rows"][3]["totals"]["Boris"] == 70


# --- Hollywood ----------------------------------------------------------------------------------


def test_hollywood_show_tracks_every_column(tmp_path: Path) -> None:
    # Hollywood: a hand's score goes into the first open column; a player's second win also
    # into the second, his third into the third. Anna 18 (column 1); Boris 12 (column 1);
    # Anna 25 (her 2nd win: columns 1 and 2); Boris 30 (his 2nd: 1 and 2).
    path = tmp_path / "h.yaml"
    ok("new", str(path), "-v", "gin", "--players", "Anna,Boris", "--hollywood")
    for score in ("Anna=18", "Boris=12", "Anna=25", "Boris=30"):
        ok("add", str(path), "--score", score)
    assert ok("show", str(path), "--no-spark").stdout == (
        "gin: Anna, Boris\n"
        "\n"
        "#    deal         scores     Anna 1/2/3    Boris 1/2/3\n"
        "---  -----------  ---------  ------------  -------------\n"
        "1    points only  Anna +18   18/0/0        0/0/0\n"
        "2    points only  Boris +12  18/0/0        12/0/0\n"
        "3    points only  Anna +25   43/25/0       12/0/0\n"
        "4    points only  Boris +30  43/25/0       42/30/0\n"
        "\n"
        "Column 1: Anna 43, Boris 42 (open)\n"
        "Column 2: Anna 25, Boris 30 (open)\n"
        "Column 3: Anna 0, Boris 0 (open)\n"
        "Points left to reach 100: Anna 57, Boris 58\n"
        "Next to deal: Boris\n"
    )
    assert ok("add", str(path), "--score", "Anna=5").stdout.startswith(
        "Deal 5: points only (Anna +5)\n\nTotals: Anna 48/30/5, Boris 42/30/0\n"
    )
    rows = json.loads(ok("show", str(path), "--json").stdout)["rows"]
    assert rows[2]["columns"] == [
        {"Anna": 43, "Boris": 12},
        {"Anna": 25, "Boris": 0},
        {"Anna": 0, "Boris": 0},
    ]


# --- wild deuces --------------------------------------------------------------------------------


def test_a_wild_deuce_shows_what_it_stands_for() -> None:
    # Continental, bicycle (deuces wild): 5H 2C 7H is a run with the 2C as 6H; in A-2-3C the
    # deuce is in its own place and is just itself.
    out = ok(
        "round",
        "continental",
        "--preset",
        "bicycle",
        "--closer",
        "Anna",
        "Anna=5H 2C 7H | 9S TS JS | AC 2C 3C | QC KC AC | 6S 7S 8S",
        "Boris=AH 2H 3H 4H 6C 7C 8C 9C TD JD QD KD 2S 3S 4S",
    ).stdout
    assert "Anna      5H 2C=6H 7H | 9S TS JS | AC 2C 3C | QC KC AC | 6S 7S 8S  -" in out


# --- hand: what the hand costs if caught ----------------------------------------------------------


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


def test_hand_in_a_knock_game_and_its_json_are_unchanged() -> None:
    assert "Caught" not in ok("hand", "9C", "9D", "9H", "KS", "2C", "5D").stdout
    record = json.loads(
        ok("hand", "-v", "rummy", "--json", "9C", "9D", "9H", "KS", "2C", "5D").stdout
    )
    assert set(record) == {"variant", "cards", "melds", "jokers", "deadwood", "points", "discard"}
    assert record["points"] == 17


# --- add and edit print the deal and the totals ---------------------------------------------------


def test_add_prints_the_deal_and_the_totals_and_verbose_the_sheet(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    ok("new", str(path), "-v", "gin", "--players", "Anna,Boris")
    assert ok("add", str(path), "--score", "Anna=25").stdout == (
        "Deal 1: points only (Anna +25)\n\nTotals: Anna 25, Boris 0\n"
        "Points left to reach 100: Anna 75, Boris 100\n"
        "Next to deal: Anna\n"
    )
    assert ok("add", str(path), "--score", "Boris=10", "--verbose").stdout == (
        "Deal 2: points only (Boris +10)\n"
        "\n"
        "gin: Anna, Boris\n"
        "\n"
        "#    deal         scores     Anna    Boris\n"
        "---  -----------  ---------  ------  -------\n"
        "1    points only  Anna +25   25      0\n"
        "2    points only  Boris +10  25      10\n"
        "\n"
        "Points left to reach 100: Anna 75, Boris 90\n"
        "Next to deal: Boris\n"
        "\n"
        "Anna   ▁██ 25\n"
        "Boris  ▁▁▄ 10\n"
    )
    assert ok("edit", str(path), "2", "--score", "Boris=12").stdout == (
        "Deal 2: points only (Boris +12)\n\nTotals: Anna 25, Boris 12\n"
        "Points left to reach 100: Anna 75, Boris 88\n"
        "Next to deal: Boris\n"
    )
    assert "#    deal" in ok("edit", str(path), "2", "--score", "Boris=12", "--verbose").stdout
    assert ok("add", str(path), "--score", "Anna=5", "--format", "csv").stdout.endswith(
        "\n\nplayer,total\nAnna,30\nBoris,12\n"
    )
