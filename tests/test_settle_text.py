"""``settle --format text``: the settlement as a few plain lines to paste into a chat, in the
language spoken; one sheet, and several sheets as one evening. Real YAML sheets on disk, made
with ``new`` and ``add``, through the command line.
In Polish and Russian an amount and its currency are held together by a no-break space.
"""

from __future__ import annotations

import pytest

from remikcalc.commands.current import load
from remikcalc.render.summary import summary_text
from remikcalc.settle import settle
from tests.clirun import ok, process, run
from tests.sheets import SheetMaker


@pytest.fixture
def gin(sheet_file: SheetMaker) -> str:
    # 25 + 40 = 65 for Anna, 12 for Boris: 53 points apart, at 0.10 PLN a point 5.30 PLN
    return str(
        sheet_file(
            "gin.yaml",
            "gin",
            "Anna,Boris",
            stake="0.10",
            currency="PLN",
            deals=[{"scores": {"Anna": 25}}, {"scores": {"Boris": 12}}, {"scores": {"Anna": 40}}],
        )
    )


def test_one_sheet_in_a_few_plain_lines(gin: str) -> None:
    text = ok("settle", gin, "--format", "text").output
    assert text.splitlines() == [
        "Gin: Anna, Boris (3 deals)",
        "Totals: Anna 65, Boris 12",
        "Money: Anna +5.30 PLN, Boris -5.30 PLN",
        "Boris pays Anna 5.30 PLN",
        "Game not finished: settled as it stands.",
    ]
    assert "|" not in text and "\t" not in text and "─" not in text


def test_the_text_is_the_pads_summary(gin: str) -> None:
    """One text for both: the command prints what the score pad's summary page shows."""
    state = load(gin)
    assert ok("settle", gin, "--format", "text").output == summary_text(settle(state)) + "\n"


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "pl",
            [
                "Gin: Anna, Boris (3 rozdania)",
                "Razem: Anna 65, Boris 12",
                "Pieniądze: Anna +5,30\u00a0zł, Boris -5,30\u00a0zł",
                "Boris → Anna: 5,30\u00a0zł",
                "Gra niezakończona: rozliczenie według obecnego stanu.",
            ],
        ),
        (
            "ru",
            [
                "Джин: Anna, Boris (3 сдачи)",
                "Итого: Anna 65, Boris 12",
                "Деньги: Anna +5,30\u00a0zł, Boris -5,30\u00a0zł",
                "Boris → Anna: 5,30\u00a0zł",
                "Партия не окончена: расчёт по текущему счёту.",
            ],
        ),
    ],
)
def test_in_the_language_spoken(gin: str, lang: str, lines: list[str]) -> None:
    assert ok("settle", gin, "--format", "text", lang=lang).output.splitlines() == lines


def test_without_a_stake_net_points_and_a_short_last_line(sheet_file: SheetMaker) -> None:
    # rummy without a target: each net is the total against the mean (40 / 3); the chat gets
    # one short line for it, not the table's sum player by player
    path = str(
        sheet_file(
            "rummy.yaml",
            "rummy",
            "Anna,Boris,Carl",
            deals=[{"scores": {"Anna": 10, "Boris": 0, "Carl": 30}}],
        )
    )
    lines = ok("settle", path, "--format", "text").output.splitlines()
    assert lines == [
        "Rummy: Anna, Boris, Carl (1 deal)",
        "Totals: Anna 10, Boris 0, Carl 30",
        "Net: Anna -3.34, Boris -13.33, Carl +16.67",
        "Anna pays Carl 3.34 points",
        "Boris pays Carl 13.33 points",
        "No game target: settled as the totals stand.",
    ]


def test_a_titled_finished_game_with_the_pool(sheet_file: SheetMaker) -> None:
    path = str(
        sheet_file(
            "bridge.yaml",
            "bridge",
            "Anna,Boris,Carl,Dora",
            stake="2",
            currency="PLN",
            title="Friday bridge",
        )
    )
    lines = ok("settle", path, "--format", "text").output.splitlines()
    assert lines[0] == "Friday bridge (0 deals)"
    assert "Pool: 4 stakes = 8.00 PLN" in lines
    assert "Nobody owes anything." in lines


def test_nobody_owes_anything_on_a_new_sheet(sheet_file: SheetMaker) -> None:
    path = str(sheet_file("new.yaml", "gin", "Anna,Boris"))
    lines = ok("settle", path, "--format", "text").output.splitlines()
    assert lines[1:] == [
        "Totals: Anna 0, Boris 0",
        "Net: Anna 0, Boris 0",
        "Nobody owes anything.",
        "Game not finished: settled as it stands.",
    ]


def test_an_evening_of_two_sheets(gin: str, sheet_file: SheetMaker) -> None:
    # rummy: Anna 10, Boris 0, Carl 30 at 0.05 PLN a point against the mean 40/3:
    # Anna -0.17, Boris -0.67, Carl +0.83; with the gin sheet Anna +5.13, Boris -5.97
    rummy = str(
        sheet_file(
            "rummy.yaml",
            "rummy",
            "Anna,boris,Carl",
            stake="0.05",
            currency="PLN",
            deals=[{"scores": {"Anna": 10, "boris": 0, "Carl": 30}}],
        )
    )
    lines = ok("settle", gin, rummy, "--format", "text").output.splitlines()
    assert lines[0] == "The evening: 2 sheets"
    assert lines[1] == f"{gin}: Anna 65, Boris 12"
    assert lines[2] == f"{rummy}: Anna 10, boris 0, Carl 30"
    assert lines[3].startswith("Money: Anna +")
    assert "Boris pays Carl 0.83 PLN" in lines
    assert not any("|" in line for line in lines)
    polish = ok("settle", gin, rummy, "--format", "text", lang="pl").output.splitlines()
    assert polish[0] == "Wieczór: 2 zapisy"
    assert "Boris → Carl: 0,83\u00a0zł" in polish


def test_the_format_name_ignores_case_and_help_shows_it(gin: str) -> None:
    assert ok("settle", gin, "--format", "TEXT").output.startswith("Gin: Anna, Boris")
    shown = ok("settle", "--help").output
    assert "remikcalc settle game.yaml --format text" in shown
    assert "|json|text]" in shown
    assert "--format text" in ok("settle", "--help", lang="ru").output
    assert "na czat" in ok("settle", "--help", lang="pl").output


def test_other_commands_do_not_take_text(gin: str) -> None:
    assert run("show", gin, "--format", "text").exit_code == 2


def test_as_a_real_process(gin: str) -> None:
    done = process("--lang", "ru", "settle", gin, "--format", "text")
    assert done.returncode == 0
    assert done.stdout.splitlines()[-2:] == [
        "Boris → Anna: 5,30\u00a0zł",
        "Партия не окончена: расчёт по текущему счёту.",
    ]
