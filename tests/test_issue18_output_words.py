"""Issue 18, "Output" and "Polish and Russian" (items 8, 10-19): exact output in en, pl, ru.

Run through the CLI in-process at a given ``COLUMNS``; the examples are the bundled ones.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
from click.testing import CliRunner

from remikcalc.cli import cli

EXAMPLES = Path(str(resources.files("remikcalc") / "examples"))  # the installed ones
GIN = "Anna=9C 9D 9H 5S 6S 7S KD KH KS 2C"
GIN_B = "Boris=AS 2S 3S 4D 5D 8C 8D JC QC TD"


def out(*args: str, lang: str = "en", columns: int = 80, code: int = 0) -> str:
    result = CliRunner().invoke(cli, ["--lang", lang, *args], env={"COLUMNS": str(columns)})
    assert result.exit_code == code, result.output
    return result.stdout


def ex(name: str) -> str:
    return str(EXAMPLES / name)


def widest(text: str) -> int:
    return max(len(line) for line in text.splitlines())


# --- 8: markdown lists end with a blank line; the evening keeps each sheet's section --------------


def test_settle_markdown_ends_the_transfer_list_with_a_blank_line() -> None:
    text = out("settle", ex("gin/ru-seed-236.yaml"), "--format", "markdown")
    assert text.endswith(
        "Who pays whom:\n\n- Boris pays Anna 23.60 PLN\n\n"
        "Game won by Anna: 101 + game 100 + boxes 25 × 3 − 40 = 236\n"
        "Game finished, winner Anna.\n"
    )


@pytest.mark.parametrize(
    ("lang", "first"),
    [
        ("en", "## {p} (gin)"),
        ("pl", "## {p} (gin)"),
        ("ru", "## {p} (джин)"),
    ],
)
def test_evening_markdown_has_a_section_per_sheet(lang: str, first: str) -> None:
    gin, rummy = ex("evening/friday-gin.yaml"), ex("evening/friday-rummy.yaml")
    text = out("settle", gin, rummy, "--format", "markdown", lang=lang)
    assert text.startswith(first.format(p=gin) + "\n\n| ")
    heading = {
        "en": "## The evening: 2 sheets together",
        "pl": "## Wieczór: 2 zapisy razem",
        "ru": "## Вечер: 2 записи вместе",
    }[lang]
    assert f"\n{heading}\n\n| " in text
    assert text.count("\n## ") == 2


def test_evening_plain_has_a_section_per_sheet() -> None:
    gin, rummy = ex("evening/friday-gin.yaml"), ex("evening/friday-rummy.yaml")
    text = out("settle", gin, rummy, "--format", "plain")
    assert text == (
        f"sheet\t{gin}\tgin\nplayer\ttotal\tnet\tmoney\nAnna\t0\t195\t19.50 PLN\n"
        "Boris\t40\t-195\t-19.50 PLN\n\nBoris\tAnna\t19.50 PLN\n\n"
        f"sheet\t{rummy}\trummy\nplayer\ttotal\tnet\tmoney\nBoris\t-38\t-38\t-3.80 PLN\n"
        "Carl\t25\t25\t2.50 PLN\nANNA\t13\t13\t1.30 PLN\n\nBoris\tCarl\t2.50 PLN\n"
        "Boris\tANNA\t1.30 PLN\n\n"
        "evening\t2\nplayer\tmoney\nAnna\t20.80 PLN\nBoris\t-23.30 PLN\nCarl\t2.50 PLN\n\n"
        "Boris\tAnna\t20.80 PLN\nBoris\tCarl\t2.50 PLN\n"
    )


# --- 10: csv for a spreadsheet with a decimal comma; show's numeric scores ------------------------


def test_csv_semicolon_is_for_a_decimal_comma_spreadsheet_in_every_language() -> None:
    path = ex("gin/ru-seed-236.yaml")
    expected = (
        "player;total;net;money;currency\nAnna;101;236;23,60;PLN\nBoris;40;-236;-23,60;PLN\n"
        "\nfrom;to;amount;currency\nBoris;Anna;23,60;PLN\n"
    )
    for lang in ("en", "pl", "ru"):
        assert out("settle", path, "--format", "csv-semicolon", lang=lang) == expected
    # the default csv stays canonical, for programs
    assert "Anna,101,236,23.60,PLN" in out("settle", path, "--format", "csv", lang="pl")


def test_show_csv_has_numeric_deal_scores() -> None:
    text = out("show", ex("bridge/elimination-reentry-pool.yaml"), "--format", "csv")
    lines = text.splitlines()
    assert lines[0] == "#,game,deal,scores,Anna score,Boris score,Carl score,Anna,Boris,Carl"
    assert (
        lines[1]
        == '1,1,Anna closed with a remik,"Anna -10, Boris +95, Carl +40",-10,95,40,-10,95,40'
    )
    assert lines[3] == ',1,Boris re-enters,"pays 3 to the pool, restarts at 43",,,,10,43,43'
    semi = out("show", ex("polish/money-half-stake.yaml"), "--format", "csv-semicolon")
    assert (
        semi.splitlines()[1]
        == "1;1;Boris went out;Anna -40, Boris +76, Carl -36;-40;76;-36;-40;76;-36"
    )


# --- 11: 40 columns -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
@pytest.mark.parametrize(
    "args",
    [
        ["round", "gin", "--closer", "Anna", GIN, GIN_B],
        ["round", "rummy", "--closer", "Anna", "Anna=", "Boris=9C 7H 9D QD", "Carl=AH AS"],
        [
            "round",
            "bridge",
            "--closer",
            "Carl",
            "Carl=JK 8S 9S TS 4C 4S 4H QC QH QS",
            "Anna=2D 3D 4D KC KH KS AS 3C 6H 2C",
            "Boris=5D 6D 7D JH JD JC TH 9C 8H 3S",
        ],
        ["show", ex("gin/ru-seed-236.yaml")],
        ["show", ex("boat/seed-114-99-96.yaml")],
        ["show", ex("bridge/four-players-jokers.yaml")],
        ["settle", ex("gin/ru-hollywood.yaml")],
        ["settle", ex("bridge/four-players-jokers.yaml")],
        ["settle", ex("rummy500/two-games.yaml")],
    ],
)
def test_tables_fit_a_phone(lang: str, args: list[str]) -> None:
    assert widest(out(*args, lang=lang, columns=40)) <= 40


def test_a_table_too_wide_for_a_phone_is_a_block_per_row() -> None:
    text = out("round", "gin", "--closer", "Anna", GIN, GIN_B, lang="ru", columns=40)
    assert text.startswith(
        "джин: Anna стучит; выигрывает Anna\n\nAnna\n  комбинации: 9т 9б 9ч\n"
        "              Кб Кч Кп\n              5п 6п 7п\n  свободные: 2т\n  на руке: 2\n"
        "  очки: 53\nBoris\n"
    )
    show = out("show", ex("gin/ru-seed-236.yaml"), lang="pl", columns=40)
    deal = "\n2  Podcięcie: Anna puka, wygrywa Boris\n  punkty: Boris +30\n  Anna 12, Boris 30\n"
    assert deal in show


def test_going_out_games_drop_the_empty_meld_and_layoff_columns() -> None:
    text = out("round", "rummy", "--closer", "Anna", "Anna=", "Boris=9C 7H 9D QD", "Carl=AH AS")
    assert "player    unmatched    count    score\n" in text
    assert "laid off" not in text and "melds" not in text
    # gin keeps them: a defender's lay-offs go there
    assert "laid off" in out("round", "gin", "--closer", "Anna", GIN, GIN_B)


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "gin: draw: nobody scores\n"),
        ("pl", "gin: koniec stosu, nikt nie dostaje punktów\n"),
        ("ru", "джин: ничья — очков никто не получает\n"),
    ],
)
def test_a_gin_draw_is_one_line(lang: str, line: str) -> None:
    assert out("round", "gin", "--draw", "--players", "Anna,Boris", lang=lang) == line


# --- 12: the chart --------------------------------------------------------------------------------


def test_chart_lines_start_each_game_from_zero_at_its_boundary() -> None:
    from remikcalc.render.chart import chart_data
    from remikcalc.session import replay
    from remikcalc.sheet import load_sheet

    chart = chart_data(replay(load_sheet(ex("gin/pagat-two-games.yaml"))))
    anna = [line for line in chart.lines if line.player == "Anna"]
    assert [line.game for line in anna] == [1, 2]  # two pieces: no fall from 105 to 0
    first, second = anna
    assert [x for x, _t in first.points] == [0.0, 1.0, 2.0, 3.0, 4.0]
    assert first.points[-1] == (4.0, 105)
    assert second.points[0] == (5.0, 0) and chart.boundaries == ((4.5, 2),)
    # the deals keep their numbers on the axis, the second game's start has none
    assert chart.ticks[3:5] == ((4.0, 4), (6.0, 5))


def test_show_chart_without_matplotlib_shows_the_sheet_then_says_how(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import builtins

    real = builtins.__import__

    def no_matplotlib(name: str, *args: object, **kwargs: object) -> object:
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    monkeypatch.setattr("importlib.import_module", lambda name: no_matplotlib(name))
    chart = tmp_path / "c.png"
    result = CliRunner().invoke(cli, ["show", ex("gin/ru-seed-236.yaml"), "--chart", str(chart)])
    assert result.exit_code == 1
    assert result.stdout.startswith("Gin, ru preset: the seed's settlement of 236")
    assert result.stderr == (
        f"Error: {chart} not drawn: the chart needs matplotlib: pip install 'remikcalc[plot]'\n"
    )
    assert not chart.exists()


# --- 13-15: settle explains every figure ----------------------------------------------------------


def test_hollywood_settle_shows_every_column() -> None:
    text = out("settle", ex("gin/ru-hollywood.yaml"), columns=100)
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
    pl = out("settle", ex("gin/ru-hollywood.yaml"), lang="pl", columns=100)
    assert "Kolumna 1 — wygrywa Anna: 105 + za grę 100 + za przewagę rozdań 25 × 2 − 62 = 193" in pl
    assert "Kolumny razem: Anna 193 − 118 + 152 = 227" in pl
    ru = out("settle", ex("gin/ru-hollywood.yaml"), lang="ru", columns=120)
    assert "за партию 100 + за лишние выигранные сдачи 25 × 2 − 62 = 193" in ru


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
    text = out("settle", ex("remibrydz/stock-out.yaml"), lang=lang, columns=200)
    assert text.endswith(tail)
    assert "settled as the totals stand" not in text


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
    text = out("settle", ex("bridge/eliminated-sits-out.yaml"), lang=lang, columns=200)
    assert lines in text
    assert "into the pool" not in text and "wpłaca do puli" not in text
    # the JSON keeps the contract: the pool is a party of the transfers
    json_text = out("settle", ex("bridge/eliminated-sits-out.yaml"), "--json")
    assert '"to": "pool"' in json_text


# --- 16: check and examples -----------------------------------------------------------------------


@pytest.mark.parametrize("columns", [40, 80, 120])
def test_check_and_examples_never_break_a_file_name(columns: int) -> None:
    name = "continental/per-card-five-four-three-three.yaml"
    for args in (["check"], ["examples"]):
        text = out(*args, columns=columns)
        assert any(line.split() and line.split()[0] == name for line in text.splitlines())
        assert "elimination-reentry-\n" not in text


def test_examples_show_the_part_of_the_source_that_differs() -> None:
    text = out("examples", columns=120)
    assert "Derived by hand" not in text
    assert "…(pair rule, ace 11, winner's plus an input" in text
    assert "seed 001 (Russian boat rummy rules)" in text


# --- 17: variant names in the players' words ------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "args", "message"),
    [
        (
            "pl",
            [
                "round",
                "polish",
                "--closer",
                "Anna",
                "Anna=",
                "Boris=JK KH 5C 5D",
                "Carl=AS 2S 3S JK JK",
            ],
            "wpisano jokerów: 3, a talia remika polskiego ma tylko 2 jokery",
        ),
        (
            "ru",
            [
                "round",
                "boat",
                "--closer",
                "Anna",
                "--plus",
                "5",
                "Anna=",
                "Boris=AS",
                "--melded",
                "Boris=10",
            ],
            "не в лодочном рамми",
        ),
        (
            "ru",
            [
                "round",
                "bridge",
                "--closer",
                "Anna",
                "Anna=AS AS AS 2C 3C 4C 5C 6C 7C 8C",
                "Boris=2D 3D 4D 5D 6D 7D 8D 9D TD JD",
            ],
            "но в ремик-бридж играют 2 колодами",
        ),
        (
            "pl",
            ["round", "gin", "--players", "Anna,Boris,Carl", "--draw"],
            "w gina grają 2 gracze, nie 3",
        ),
    ],
)
def test_variant_names_are_declined_in_sentences(lang: str, args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["--lang", lang, *args])
    assert result.exit_code != 0
    assert message in result.output, result.output


def test_polish_variant_names_are_accepted() -> None:
    text = out("round", "polski", "--closer", "Anna", "Anna=", "Boris=JK KH 5C 5D", lang="pl")
    assert text.startswith("remik polski: Anna zamyka rozdanie")


def test_usage_words_are_translated() -> None:
    assert out("--help", lang="pl").startswith("Użycie: cli [OPCJE] POLECENIE [ARGUMENTY]...")
    assert out("--help", lang="ru").startswith("Использование: cli [ПАРАМЕТРЫ] КОМАНДА")
    assert "[обязательно]" in out("new", "--help", lang="ru")
    assert out("--help").startswith("Usage: cli [OPTIONS] COMMAND [ARGS]...")


# --- 18, 19: the words ----------------------------------------------------------------------------


def test_russian_words() -> None:
    text = out("settle", ex("bridge/knock-and-remik.yaml"), "--format", "markdown", lang="ru")
    assert "банк" not in text
    boat = out(
        "round",
        "boat",
        "--closer",
        "Anna",
        "--plus",
        "88",
        "Kirill=9C 7H 9D QD",
        "Mikhail=AH AS",
        "Nikolai=8S",
        "Anna=",
        lang="ru",
        columns=200,
    )
    assert boat.startswith("лодочный рамми: Anna выходит; выигрывает Anna")
    assert "правило пар: у игрока Kirill 9т 9б считаются одной картой" in boat
    gin = out("round", "gin", "--closer", "Anna", GIN, GIN_B, lang="ru", columns=200)
    assert "свободные" in gin and "несыгран" not in gin


def test_polish_words() -> None:
    boat = out(
        "round",
        "boat",
        "--closer",
        "Anna",
        "--plus",
        "88",
        "Kirill=9C 7H 9D QD",
        "Mikhail=AH AS",
        "Nikolai=8S",
        "Anna=",
        lang="pl",
        columns=200,
    )
    assert "punkty plus" not in boat
    settle = out("settle", ex("gin/ru-seed-236.yaml"), lang="pl", columns=200)
    assert "za przewagę rozdań 25 × 3" in settle
    assert "remis" not in out("round", "rummy", "--draw", "Anna=5C", "Boris=AS", lang="pl")
