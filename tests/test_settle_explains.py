"""``settle`` explains every figure in words, under its table: how each game was netted (the
columns of Hollywood gin added up, a game without a target settled against the mean, the gap
a rummy 500 winner collects, a negative total in brackets) and what a running bridge game's
pool already holds. Through the command line, in English, Polish and Russian where it has
words; the figures are worked out by hand in the comments."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.clirun import ok
from tests.sheets import SheetMaker, example

# --- a game without a target: the nets against the mean -------------------------------------------


# from the mutation round of issue 20: a survivor in scoring/tally.py
def test_a_rummy_sheet_without_a_target_explains_its_nets_by_the_mean_once_it_has_deals(
    tmp_path: Path,
) -> None:
    sheet = tmp_path / "rummy.yaml"
    ok("new", str(sheet), "-v", "rummy", "--players", "Anna,Boris,Carl")
    empty = ok("settle", str(sheet)).output
    assert "mean" not in empty
    assert empty.rstrip().endswith("No game target: settled as the totals stand.")
    ok("add", str(sheet), "--score", "Anna=-10", "--score", "Boris=20", "--score", "Carl=5")
    lines = ok("settle", str(sheet)).output.rstrip().splitlines()
    assert lines[-4:] == [
        "No game target: each net is the total against the mean of all totals:",
        "  Anna -10, mean 5: -15",
        "  Boris 20, mean 5: +15",
        "  Carl 5, mean 5: 0",
    ]


# --- a negative total in brackets -----------------------------------------------------------------


# from a tester's report: a negative operand is written in brackets
@pytest.mark.columns(120)  # the sentence under the table wraps to the terminal
def test_rummy500_collection_from_a_negative_total_is_bracketed(sheet_file: SheetMaker) -> None:
    path = sheet_file("rummy500.yaml", "rummy500", "Anna,Boris,Carl")
    ok("add", str(path), "--closer", "Anna", "--score", "Anna=522", "--score", "Carl=-49")
    line = (
        "Game won by Anna: Anna collects 522 − 0 = 522 from Boris; "
        "Anna collects 522 − (−49) = 571 from Carl"
    )
    assert line in ok("settle", str(path)).output.splitlines()
    polish = ok("--lang", "pl", "settle", str(path)).output
    assert "Anna bierze od gracza Carl 522 − (−49) = 571" in polish
    # the English reasons of JSON say the same as the table (docs/DECISIONS.md)
    assert '"Anna collects 522 − (−49) = 571 from Carl"' in (
        ok("settle", str(path), "--format", "json").output
    )


# --- Hollywood's columns, the mean, a running bridge game's pool ----------------------------------


# from issue 18, item 13-15 (output)
def test_hollywood_settle_shows_every_column() -> None:
    text = ok("settle", example("gin/ru-hollywood.yaml"), columns=100).stdout
    assert text == (
        "player    total 1/2/3    net\n--------  -------------  -----\n"
        "Anna      105/87/102     227\nBoris     62/105/75      -227\n\n"
        "Who pays whom:\n  Boris pays Anna 227 points\n"
        "Column 1 won by Anna: 105 + game 100 + boxes 25 × 2 − 62 = 193\n"
        "Column 2 won by Boris: 105 + game 100 + boxes 25 × 0 − 87 = 118\n"
        "Column 3 won by Anna: 102 + game 100 + boxes 25 × 1 − 75 = 152\n"
        "Columns added up: Anna 193 − 118 + 152 = 227; Boris -193 + 118 − 152 = -227\n"
        "Game finished, winner Anna.\n"
    )
    pl = ok("settle", example("gin/ru-hollywood.yaml"), lang="pl", columns=100).stdout
    assert "Kolumna 1 — wygrywa Anna: 105 + za grę 100 + za przewagę rozdań 25 × 2 − 62 = 193" in pl
    assert "Kolumny razem: Anna 193 − 118 + 152 = 227" in pl
    ru = ok("settle", example("gin/ru-hollywood.yaml"), lang="ru", columns=120).stdout
    assert "за партию 100 + за лишние выигранные сдачи 25 × 2 − 62 = 193" in ru


# from issue 18, item 13-15 (output)
@pytest.mark.parametrize(
    ("lang", "tail"),
    [
        (
            "en",
            "No game target: each net is the total against the mean of all totals:\n"
            "  Anna 13, mean -21: +34\n  Boris -50, mean -21: -29\n  Carl -26, mean -21: -5\n",
        ),
        (
            "pl",
            "Gra bez limitu punktów: bilans każdego to jego wynik względem średniej "
            "wszystkich wyników:\n  Anna 13, średnia -21: +34\n  Boris -50, średnia -21: -29\n"
            "  Carl -26, średnia -21: -5\n",
        ),
        (
            "ru",
            "Партия без предела очков: баланс каждого — его итог относительно среднего по "
            "всем итогам:\n  Anna 13, среднее -21: +34\n  Boris -50, среднее -21: -29\n"
            "  Carl -26, среднее -21: -5\n",
        ),
    ],
)
def test_a_stock_out_settles_against_the_mean(lang: str, tail: str) -> None:
    text = ok("settle", example("remibrydz/stock-out.yaml"), lang=lang, columns=200).stdout
    assert text.endswith(tail)
    assert "settled as the totals stand" not in text


# from issue 18, item 13-15 (output)
@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "en",
            "The pool holds 4.5 stakes, paid in already; the last player left in takes it.\n"
            "Still to pay, the pool aside:\n  Anna pays Boris 0.5 stakes\n"
            "  Carl pays Boris 1.5 stakes\n",
        ),
        (
            "pl",
            "W puli są 4,5 stawki, już wpłacone; zabiera je ostatni gracz, który zostanie w "
            "grze.\nDo zapłaty poza pulą:\n  Anna → Boris: 0,5 stawki\n"
            "  Carl → Boris: 1,5 stawki\n",
        ),
        (
            "ru",
            "В пуле 4,5 ставки, они уже внесены; пулю забирает последний оставшийся в игре.\n"
            "Кроме пули, ещё причитается:\n  Anna → Boris: 0,5 ставки\n"
            "  Carl → Boris: 1,5 ставки\n",
        ),
    ],
)
def test_a_running_bridge_game_asks_nobody_to_pay_in_again(lang: str, lines: str) -> None:
    text = ok("settle", example("bridge/eliminated-sits-out.yaml"), lang=lang, columns=200).stdout
    assert lines in text
    assert "into the pool" not in text and "wpłaca do puli" not in text
    # the JSON keeps the contract: the pool is a party of the transfers
    json_text = ok(
        "settle", example("bridge/eliminated-sits-out.yaml"), "--json", columns=80
    ).stdout
    assert '"to": "pool"' in json_text
