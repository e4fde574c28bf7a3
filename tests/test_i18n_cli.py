"""The sheet, correction, round and info commands in Polish and Russian: what they print for
people is in the language (exact lines for a few key messages, none of the English words they
replaced; help, click's own words and the variants' names declined in sentences), while JSON
and ``--format plain`` stay the same bytes in every language.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from remikcalc.base import i18n
from remikcalc.cards.text import set_notation
from remikcalc.cli import cli
from tests.clirun import fails, ok, run
from tests.hands import DIAMONDS_TWO_TO_JACK, GIN_ANNA, GIN_BORIS

# No language from the test machine's own environment: English unless a test says otherwise.
pytestmark = pytest.mark.no_locale


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")
    set_notation(None)


def english_words(text: str, words: list[str]) -> list[str]:
    """The words of ``words`` that ``text`` still holds (whole words, any case)."""
    return [w for w in words if re.search(rf"\b{re.escape(w)}\b", text, re.IGNORECASE)]


def new_gin(path: Path, lang: str = "en") -> Result:
    return run(
        "new",
        str(path),
        "-v",
        "gin",
        "--players",
        "Anna,Boris",
        "--stake",
        "0.10",
        "--currency",
        "PLN",
        "--force",
        lang=lang,
    )


# --- new, add, undo, edit, rename --------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "started", "how"),
    [
        ("en", "Started {f}: gin for Anna, Boris, 0.10 PLN per point.", "Add deals with: "),
        (
            "pl",
            "Założono {f}: gin, grają Anna, Boris, 0,10\u00a0zł za punkt.",
            "Rozdania dopisuje się tak: ",
        ),
        (
            "ru",
            "Заведена запись {f}: джин, играют Anna, Boris, 0,10\u00a0zł за очко.",
            "Сдачи добавляются так: ",
        ),
    ],
)
def test_new_says_what_it_started(tmp_path: Path, lang: str, started: str, how: str) -> None:
    sheet = tmp_path / "g.yaml"
    result = new_gin(sheet, lang)
    assert result.exit_code == 0, result.output
    first, second = result.output.splitlines()
    assert first == started.format(f=sheet)
    assert second == f"{how}remikcalc add {sheet} --closer NAME NAME=CARDS ..."


def test_new_per_stake_in_bridge(tmp_path: Path) -> None:
    sheet = tmp_path / "b.yaml"
    result = run("new", str(sheet), "-v", "bridge", "--players", "A,B,C", "--stake", "2", lang="pl")
    started = f"Założono {sheet}: remik brydżowy, grają A, B, C, 2 za stawkę."
    assert result.output.splitlines()[0] == started


@pytest.mark.parametrize(
    ("lang", "error"),
    [
        (
            "pl",
            "Błąd: to samo co rozdanie 1, ostatnia pozycja zapisu; żeby dodać je jeszcze raz, "
            "podaj --again",
        ),
        (
            "ru",
            "Ошибка: это то же самое, что сдача 1, последняя строка записи; чтобы добавить её "
            "ещё раз, укажите --again",
        ),
    ],
)
def test_a_repeated_deal_is_refused_in_the_language(tmp_path: Path, lang: str, error: str) -> None:
    sheet = tmp_path / "g.yaml"
    new_gin(sheet)
    assert run("add", str(sheet), "--closer", "Anna", GIN_ANNA, GIN_BORIS).exit_code == 0
    before = sheet.read_bytes()
    result = run("add", str(sheet), "--closer", "Anna", GIN_ANNA, GIN_BORIS, lang=lang)
    assert result.exit_code == 1
    unchanged = {"pl": f"{sheet} bez zmian.", "ru": f"{sheet} не изменён."}[lang]
    assert result.output.splitlines() == [error, unchanged]
    assert sheet.read_bytes() == before


@pytest.mark.parametrize(
    ("lang", "removed", "back"),
    [
        ("en", "Removed the last entry of {f} (a deal closed by Anna).", "To put it back: "),
        (
            "pl",
            "Usunięto ostatnią pozycję z {f} (rozdanie zamknięte przez gracza Anna).",
            "Żeby ją przywrócić: ",
        ),
        (
            "ru",
            "Из {f} удалена последняя строка (сдача, закрытая игроком Anna).",
            "Чтобы вернуть её: ",
        ),
    ],
)
def test_undo_says_what_it_removed(tmp_path: Path, lang: str, removed: str, back: str) -> None:
    sheet = tmp_path / "g.yaml"
    new_gin(sheet)
    run("add", str(sheet), "--closer", "Anna", GIN_ANNA, GIN_BORIS)
    result = run("undo", str(sheet), lang=lang)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == removed.format(f=sheet)
    assert lines[1].startswith(f"{back}remikcalc add {sheet} --closer Anna ")


def test_undo_of_a_re_entry_in_russian(tmp_path: Path) -> None:
    example = (
        Path(str(resources.files("remikcalc") / "examples"))
        / "bridge"
        / "elimination-reentry-pool.yaml"
    )
    text = example.read_text(encoding="utf-8")
    sheet = tmp_path / "b.yaml"  # the example up to Boris's re-entry
    sheet.write_text(
        text[: text.index("  - reenter: Boris\n")] + "  - reenter: Boris\n", encoding="utf-8"
    )
    result = run("undo", str(sheet), lang="ru")
    assert result.exit_code == 0, result.output
    assert (
        result.output.splitlines()[0] == f"Из {sheet} удалена последняя строка (Boris докупается)."
    )


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("pl", "Błąd: {f} ma rozdania od 1 do 1; nie ma rozdania 3 do poprawienia"),
        ("ru", "Ошибка: в {f} сдачи с 1 по 1; сдачи 3 нет, исправлять нечего"),
    ],
)
def test_edit_of_a_deal_that_is_not_there(tmp_path: Path, lang: str, line: str) -> None:
    sheet = tmp_path / "g.yaml"
    new_gin(sheet)
    run("add", str(sheet), "--score", "Anna=5")
    result = run("edit", str(sheet), "3", "--score", "Boris=5", lang=lang)
    assert result.exit_code == 1
    assert result.output.strip() == line.format(f=sheet)


@pytest.mark.parametrize(
    ("lang", "renamed", "refused"),
    [
        (
            "pl",
            "W {f} Boris nazywa się teraz Borys.",
            "Błąd: 'Zed' nie gra w tym zapisie; gracze: Anna, Borys",
        ),
        (
            "ru",
            "В {f} Boris теперь зовётся Borys.",
            "Ошибка: 'Zed' не играет в этой записи; игроки: Anna, Borys",
        ),
    ],
)
def test_rename_in_the_language(tmp_path: Path, lang: str, renamed: str, refused: str) -> None:
    sheet = tmp_path / "g.yaml"
    new_gin(sheet)
    result = run("rename", str(sheet), "boris", "Borys", lang=lang)
    assert result.output.splitlines()[0] == renamed.format(f=sheet)
    assert run("rename", str(sheet), "Zed", "X", lang=lang).output.strip() == refused


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_entry_errors_keep_no_english(tmp_path: Path, lang: str) -> None:
    sheet = tmp_path / "g.yaml"
    new_gin(sheet)
    out = "".join(
        run(*args, lang=lang).output
        for args in (
            ["add", str(sheet)],
            ["add", str(sheet), "--score", "Anna=x"],
            ["add", str(sheet), "--score", "Anna=1", GIN_ANNA],
            ["add", str(sheet), "--reenter", "Anna", "--score", "Anna=1"],
            ["new", str(sheet), "-v", "gin", "--players", "Anna,anna", "--force"],
            ["new", str(sheet), "-v", "gin", "--players", "Anna,Boris"],
            ["round", "gin", "QH"],
            ["round", "gin", "Anna=QH", "Anna=QD"],
            ["show", str(sheet), "--chart", str(tmp_path / "c.txt")],
            ["settle", str(sheet), str(sheet)],
        )
    )
    words = [
        "nothing",
        "give",
        "whole number",
        "entered",
        "either",
        "entry",
        "twice",
        "already exists",
        "hands look like",
        "is given",
        "extension",
        "chart is drawn",
        "named",
    ]
    assert english_words(out, words) == []
    assert out.count({"pl": "Błąd:", "ru": "Ошибка:"}[lang]) == 10


# --- variants and rules -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "heading", "bridge", "remibrydz"),
    [
        (
            "pl",
            ["odmiana", "nazwa", "warianty zasad", "gracze", "talia", "kart na rękę"],
            "2×52 + 4 jokery",
            "2×52 + 6 jokerów",
        ),
        (
            "ru",
            ["вариант", "название", "наборы правил", "игроки", "колода", "карт на руке"],
            "2×52 + 4 джокера",
            "2×52 + 6 джокеров",
        ),
    ],
)
def test_variants_in_the_language(
    lang: str, heading: list[str], bridge: str, remibrydz: str
) -> None:
    wide = run("variants", lang=lang, env={"COLUMNS": "200"}).output
    assert re.split(r"\s{2,}", wide.splitlines()[0].strip()) == heading
    assert bridge in wide and remibrydz in wide
    assert {"pl": "\nInne nazwy:\n", "ru": "\nДругие названия:\n"}[lang] in wide
    narrow = run("variants", lang=lang, env={"COLUMNS": "60"}).output
    blocks = {
        "pl": "  gracze: 2; talia: 1×52; kart na rękę: 10",
        "ru": "  игроки: 2; колода: 1×52; карт на руке: 10",
    }
    assert narrow.splitlines()[1] == blocks[lang]
    words = ["players", "pack", "presets", "aliases", "jokers", "cards", "variant", "name"]
    assert english_words(wide + narrow, words) == []


@pytest.mark.parametrize(
    ("lang", "row", "note"),
    [
        (
            "pl",
            "gin_bonus            25         premia za gina",
            "Uwaga: warianty zasad zmieniają tylko premie; gra dalej toczy się do 150",
        ),
        (
            "ru",
            "gin_bonus            25          премия за джин",
            "Примечание: наборы правил меняют только премии; партия по-прежнему до 150",
        ),
    ],
)
def test_rules_in_the_language(lang: str, row: str, note: str) -> None:
    out = run("rules", "oklahoma", "--all", lang=lang, env={"COLUMNS": "200"}).output
    lines = out.splitlines()
    assert row in lines and note in lines
    words = [
        "key",
        "meaning",
        "bonus",
        "fewest",
        "most",
        "value of",
        "bridge",
        "stakes",
        "Note",
        "pool",
        "oklahoma:",
    ]
    assert english_words(out, words) == []


@pytest.mark.parametrize("args", [["variants"], ["rules", "remibrydz", "--all"]])
def test_plain_text_stays_english(args: list[str]) -> None:
    en = run(*args, "--format", "plain").output
    assert run(*args, "--format", "plain", lang="pl").output == en
    assert run(*args, "--format", "plain", lang="ru").output == en


def test_help_texts_changed_since_translated_are_translated() -> None:
    assert "Policz jedno rozdanie" in run("add", "--help", lang="pl").output
    assert "Score one deal" not in run("add", "--help", lang="pl").output
    assert "Примеры:" in run("stats", "--help", lang="ru").output
    assert "Per player" not in run("stats", "--help", lang="ru").output
    assert "--json всегда выдаёт все правила" in run("rules", "--help", lang="ru").output
    # --format's help is defined in a dict, out of the extractor's sight unless marked N_()
    assert "table for people" not in run("show", "--help", lang="pl").output
    assert "plain — текст через табуляцию" in run("new", "--help", lang="ru").output


# --- JSON never changes -------------------------------------------------------------------------


def test_json_of_the_sheet_commands_is_the_same_in_every_language(tmp_path: Path) -> None:
    outputs: dict[str, list[str]] = {}
    for lang in ("en", "pl", "ru"):
        sheet = tmp_path / f"g-{lang}.yaml"
        got = [
            run(
                "new",
                str(sheet),
                "-v",
                "gin",
                "--players",
                "Anna,Boris",
                "--stake",
                "0.10",
                "--json",
                lang=lang,
            ).output,
            run(
                "add", str(sheet), "--closer", "Anna", GIN_ANNA, GIN_BORIS, "--json", lang=lang
            ).output,
            run("add", str(sheet), "--score", "Boris=12", "--json", lang=lang).output,
            run("edit", str(sheet), "2", "--score", "Boris=7", "--json", lang=lang).output,
            run("rename", str(sheet), "boris", "Borys", "--json", lang=lang).output,
            run("undo", str(sheet), "--json", lang=lang).output,
            run("show", str(sheet), "--json", lang=lang).output,
            run("settle", str(sheet), "--json", lang=lang).output,
            run("stats", str(sheet), "--json", lang=lang).output,
            run("variants", "--json", lang=lang).output,
            run("rules", "oklahoma", "--json", lang=lang).output,
        ]
        outputs[lang] = [text.replace(f"g-{lang}.yaml", "g.yaml") for text in got]
    assert outputs["en"] == outputs["pl"] == outputs["ru"]
    assert all(text.startswith(("{", "[")) for text in outputs["en"])


# --- help and click's own words in the language ---------------------------------------------------


# from a tester's report: the one-line help of rules says what it shows
@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "  rules     Show the rule keys a variant reads (every key with --all)."),
        ("pl", "  rules     Zasady, których używa odmiana, i ich wartości (z --all wszystkie)."),
        ("ru", "  rules     Правила, которые использует вариант, и их значения (с --all все)."),
    ],
)
def test_group_help_line_of_rules(lang: str, line: str) -> None:
    out = ok("--lang", lang, "--help", columns=100).output
    assert line in out.splitlines()


# from a tester's report: click's number types in the language
@pytest.mark.parametrize(
    ("lang", "args", "last"),
    [
        (
            "en",
            ["hand", "-n", "abc", "AS"],
            "Error: Invalid value for '--players' / '-n': 'abc' is not a valid integer.",
        ),
        (
            "pl",
            ["hand", "-n", "abc", "AS"],
            "Błąd: Niepoprawna wartość '--players' / '-n': 'abc' to nie liczba całkowita.",
        ),
        (
            "ru",
            ["hand", "-n", "1.5", "AS"],
            "Ошибка: Неверное значение '--players' / '-n': '1.5' — не целое число.",
        ),
        (
            "pl",
            ["new", "x.yaml", "-v", "gin", "--players", "A,B", "--decimals", "abc"],
            "Błąd: Niepoprawna wartość '--decimals': 'abc' to nie liczba całkowita.",
        ),  # IntRange
        (
            "ru",
            ["new", "x.yaml", "-v", "gin", "--players", "A,B", "--decimals", "abc"],
            "Ошибка: Неверное значение '--decimals': 'abc' — не целое число.",
        ),
    ],
)
def test_number_type_named_in_the_language(lang: str, args: list[str], last: str) -> None:
    out = fails("--lang", lang, *args, code=2).output
    assert out.splitlines()[-1] == last


# from a tester's report: click's number types in the language
def test_number_type_names_are_translated_in_both_languages() -> None:
    from remikcalc.base.i18n import gettext_in
    from remikcalc.commands.language import NUMBER_TYPES

    for name, message in NUMBER_TYPES.items():
        assert message == name
        for lang in ("pl", "ru"):
            assert gettext_in(lang, message) != message


# --- variant names in the players' words; click's usage words -------------------------------------


# from issue 18, item 17 (Polish and Russian)
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
                f"Boris={DIAMONDS_TWO_TO_JACK}",
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


# from issue 18, item 17 (Polish and Russian)
def test_polish_variant_names_are_accepted() -> None:
    text = ok(
        "round", "polski", "--closer", "Anna", "Anna=", "Boris=JK KH 5C 5D", lang="pl", columns=80
    ).stdout
    assert text.startswith("remik polski: Anna zamyka rozdanie")


# from issue 18, item 17 (Polish and Russian)
def test_usage_words_are_translated() -> None:
    def usage(*args: str, lang: str = "en") -> str:
        # click's own runner, which names the program after its function: "cli"
        result = CliRunner().invoke(cli, ["--lang", lang, *args], env={"COLUMNS": "80"})
        assert result.exit_code == 0, result.output
        return result.stdout

    assert usage("--help", lang="pl").startswith("Użycie: cli [OPCJE] POLECENIE [ARGUMENTY]...")
    assert usage("--help", lang="ru").startswith("Использование: cli [ПАРАМЕТРЫ] КОМАНДА")
    assert "[обязательно]" in usage("new", "--help", lang="ru")
    assert usage("--help").startswith("Usage: cli [OPTIONS] COMMAND [ARGS]...")
