"""Money during play: with a stake, ``add`` ends with the money so far, and when a deal ends
a game it says what the game came to (who owes whom, who takes a bridge game's pool) before
the next game's marker; without a stake it says no money. The library gives the same figures
(``session.running.game_end``, ``settle.money_so_far``). In English, Polish and Russian."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clirun import lines, ok

# --- the money so far, a finished game ------------------------------------------------------------


# from issue 18, corrections and input at the table: money during play, the game boundary
@pytest.mark.parametrize(
    ("lang", "so_far", "game", "marker", "after"),
    [
        (
            "en",
            "Money so far: Anna +6.00 PLN, Boris -6.00 PLN",
            "Game 1: Boris owes Anna 26.00 PLN",
            "-- game 2 --",
            "Money so far: Anna +28.00 PLN, Boris -28.00 PLN",
        ),
        (
            "pl",
            "Na razie w pieniądzach: Anna +6,00\u00a0zł, Boris -6,00\u00a0zł",
            "Gra 1: Boris → Anna: 26,00\u00a0zł",
            "-- gra 2 --",
            "Na razie w pieniądzach: Anna +28,00\u00a0zł, Boris -28,00\u00a0zł",
        ),
        (
            "ru",
            "Пока в деньгах: Anna +6,00\u00a0zł, Boris -6,00\u00a0zł",
            "Партия 1: Boris → Anna: 26,00\u00a0zł",
            "-- партия 2 --",
            "Пока в деньгах: Anna +28,00\u00a0zł, Boris -28,00\u00a0zł",
        ),
    ],
)
def test_add_shows_money_so_far_and_what_a_finished_game_came_to(
    gin_here: Path, lang: str, so_far: str, game: str, marker: str, after: str
) -> None:
    first = lines(ok("--lang", lang, "add", "g.yaml", "--score", "Anna=60").output)
    assert first[-1] == so_far
    second = lines(ok("--lang", lang, "add", "g.yaml", "--score", "Anna=50").output)
    assert second[-2:] == [
        game,
        "Money so far: Anna +26.00 PLN, Boris -26.00 PLN" if lang == "en" else second[-1],
    ]
    third = lines(ok("--lang", lang, "add", "g.yaml", "--score", "Anna=20").output)
    assert third[:2] == [marker, ""]
    assert third[-1] == after and not any(line.startswith(game[:6]) for line in third[2:-1])


# from issue 18, corrections and input at the table: money during play, the game boundary
def test_no_money_without_a_stake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    ok("new", "g.yaml", "-v", "gin", "--players", "Anna,Boris")
    output = ok("add", "g.yaml", "--score", "Anna=120").output
    assert "Money" not in output and "owes" not in output
    assert "Game over: Anna won." in output


# from issue 18, corrections and input at the table: money during play, the game boundary
@pytest.mark.parametrize(
    ("lang", "pool", "game"),
    [
        (
            "en",
            "Anna takes the pool: 8.5 stakes (17.00 PLN)",
            "Game 1: Boris owes Anna 6.00 PLN; Carl owes Anna 14.00 PLN",
        ),
        (
            "pl",
            "Anna bierze pulę: 8,5 stawki (17,00\u00a0zł)",
            "Gra 1: Boris → Anna: 6,00\u00a0zł; Carl → Anna: 14,00\u00a0zł",
        ),
        (
            "ru",
            "Anna забирает пулю: 8,5 ставки (17,00\u00a0zł)",
            "Партия 1: Boris → Anna: 6,00\u00a0zł; Carl → Anna: 14,00\u00a0zł",
        ),
    ],
)
def test_a_bridge_game_that_ends_says_who_takes_the_pool(
    bridge_here: Path, lang: str, pool: str, game: str
) -> None:
    ok(
        "add",
        "b.yaml",
        "--closer",
        "Anna",
        "--score",
        "Anna=0",
        "--score",
        "Boris=50",
        "--score",
        "Carl=30",
    )
    output = lines(
        ok(
            "--lang",
            lang,
            "add",
            "b.yaml",
            "--closer",
            "Anna",
            "--score",
            "Anna=0",
            "--score",
            "Carl=30",
        ).output
    )
    assert output[-3:-1] == [pool, game]


# from issue 18, corrections and input at the table: money during play, the game boundary
def test_the_game_money_is_the_library_s(gin_here: Path) -> None:
    from fractions import Fraction

    from remikcalc.session.book import open_sheet
    from remikcalc.session.running import game_end
    from remikcalc.settle import money_so_far

    book = open_sheet("g.yaml")
    book.add({"scores": {"Anna": 60}})
    state = book.add({"scores": {"Anna": 50}}).replay
    end = game_end(state)
    assert end is not None and end.game == 1 and end.winner == "Anna"
    assert end.net == {"Anna": Fraction(260), "Boris": Fraction(-260)}
    assert [(t.payer, t.payee, t.amount) for t in end.transfers] == [
        ("Boris", "Anna", Fraction(26))
    ]
    state = book.add({"scores": {"Boris": 10}}).replay
    assert game_end(state) is None
    money = money_so_far(state)
    assert money is not None and str(money["Anna"]) == "25.00"
