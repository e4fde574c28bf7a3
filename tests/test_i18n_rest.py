"""Cards, rules, melds, the search, sheets, gin and oklahoma, ``hand``, ``check`` and
``examples`` in Polish and Russian: exact lines of key messages, a sweep of failing and
succeeding commands with no English word left, and JSON (and plain) that stays English
(the same bytes) in every language, error texts included.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator, Sequence
from importlib import resources
from pathlib import Path

import pytest

from remikcalc.base import i18n
from remikcalc.cards.text import set_notation
from tests.clirun import run
from tests.hands import (
    BIG_GIN,
    BIG_GIN_DEFENCE,
    BRIDGE_FULL_COLOUR,
    BRIDGE_NO_MELD_62,
    BRIDGE_NO_MELD_82,
    HAND_38_DRAWN,
    PAST_THE_STEP_LIMIT,
    SEED_DEFENDER,
    SEED_KNOCKER,
)

EXAMPLES = Path(str(resources.files("remikcalc") / "examples"))  # the installed ones
# No language from the test machine's own environment, and a terminal wide enough not to wrap.
pytestmark = [pytest.mark.no_locale, pytest.mark.columns(300)]
GIN = (f"Anna={SEED_KNOCKER}", f"Boris={SEED_DEFENDER}")
BRIDGE = (
    f"Anna={BRIDGE_FULL_COLOUR}",
    f"Boris={BRIDGE_NO_MELD_62}",
    f"Carl={BRIDGE_NO_MELD_82}",
)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")
    set_notation(None)


def error_line(*args: str) -> str:
    result = run(*args)
    assert result.exit_code != 0, result.output
    return result.output.strip().splitlines()[-1]


# --- exact lines ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "args", "line"),
    [
        (
            "pl",
            ("hand", "9X"),
            "Błąd: karta 1 '9X': nieznany kolor 'X' (kolory: C D H S, "
            "po polsku t ka k p, lub ♣ ♦ ♥ ♠); czy chodziło o 9♣, 9♦, 9♥ lub 9♠?",
        ),
        (
            "ru",
            ("hand", "9X"),
            "Ошибка: карта 1 '9X': неизвестная масть 'X' (масти: C D H S "
            "или ♣ ♦ ♥ ♠); может быть, 9т, 9б, 9ч или 9п?",
        ),
        (
            "ru",
            ("hand", "Дx"),
            "Ошибка: карта 1 'Дx' смешивает алфавиты: 'x' (U+0078) — "
            "латинская буква в русском коде; введите кириллическую 'х'",
        ),
        (
            "pl",
            ("hand", "-v", "nope", "9C"),
            "Błąd: nieznana odmiana 'nope'; znane odmiany: "
            "gin, oklahoma, bridge, rummy, boat, rummy500, polish, continental, remibrydz",
        ),
        (
            "ru",
            ("hand", "--rule", "gin_bonuz=3", "9C"),
            "Ошибка: неизвестный ключ правила "
            "'gin_bonuz'; может быть, gin_bonus или big_gin_bonus или game_bonus?",
        ),
        ("pl", ("hand", "--rule", "decks=99", "9C"), "Błąd: zasada decks=99: musi być od 1 do 8"),
        (
            "ru",
            ("hand", "--rule", "gin_bonus=abc", "9C"),
            "Ошибка: правило gin_bonus: 'abc' — не целое число",
        ),
        (
            "pl",
            ("hand", "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
            "Błąd: ręka w ginie ma najwyżej 11 kart (10 rozdanych + 1 dobrana); wpisano 13",
        ),
        (
            "ru",
            ("hand", "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
            "Ошибка: на руке в джине не больше 11 карт (10 сданных + 1 взятая); введено 13",
        ),
        (
            "ru",
            ("hand", "9C 10C | 5H 5D 5S 3S"),
            "Ошибка: группа 2: 5ч 5б 5п 3п — не секвенция: карты не одной масти; последней группой "
            "это были бы карты вне комбинаций, но среди них 5б 5ч 5п — комбинация: выделите её в "
            "отдельную группу",
        ),
        (
            "pl",
            ("hand", "-v", "continental", "-n", "1", "9C"),
            "Błąd: w remika kontynentalnego gra od 2 do 12 graczy, nie 1",
        ),
        (
            "pl",
            ("round", "oklahoma", "--closer", "Anna", *GIN),
            "Błąd: oklahoma: limit pukania "
            "ustala karta odkryta; podaj ją przez --upcard KARTA (upcard: w zapisie)",
        ),
        (
            "ru",
            ("round", "gin", "--how", "gin", "--closer", "Anna", *GIN),
            "Ошибка: Anna заявляет джин, но очков вне комбинаций 1 (Тт)",
        ),
        (
            "ru",
            ("round", "gin", *GIN),
            "Ошибка: кто стучал? укажите закрывшего (--closer ИМЯ) или --draw при ничьей",
        ),
    ],
)
def test_error_lines(lang: str, args: tuple[str, ...], line: str) -> None:
    assert error_line("--lang", lang, *args) == line


@pytest.mark.parametrize(
    ("text", "english", "polish", "russian"),
    [
        (
            "a: [1, 2\n",
            "did not find expected ',' or ']'",
            "oczekiwano , lub ] (niezamknięta lista w [ ]?)",
            "ожидалась , или ] (не закрыт список в [ ]?)",
        ),
        (
            "a: 'x\n",
            "found unexpected end of stream",
            "plik kończy się w środku tekstu w cudzysłowie (niezamknięty cudzysłów?)",
            "файл кончается внутри текста в кавычках (не закрыта кавычка?)",
        ),
    ],
)
def test_yaml_problems_said_in_the_language(
    text: str, english: str, polish: str, russian: str, tmp_path: Path
) -> None:
    sheet = tmp_path / "s.yaml"
    sheet.write_text(text, encoding="utf-8")
    assert error_line("show", str(sheet)).endswith(": not valid YAML: " + english)
    assert error_line("--lang", "pl", "show", str(sheet)).endswith(": błędny YAML: " + polish)
    assert error_line("--lang", "ru", "show", str(sheet)).endswith(
        ": некорректный YAML: " + russian
    )


def test_hand_table_in_polish_and_russian() -> None:
    args = ("hand", "-v", "remibrydz", "9C 7H QD 9D 9H 5S 6S 7S KD KH JK")
    assert run("--lang", "pl", *args).output.splitlines() == [
        "Ręka:        9♣ 7♥ D♦ 9♦ 9♥ 5♠ 6♠ 7♠ K♦ K♥ JK",
        "Układy:      9♣ 9♦ 9♥ | JK=K♣ K♦ K♥ | 5♠ 6♠ 7♠",
        "Niewyłożone: D♦ 7♥",
        "Punkty:      17",
        "Kara:        102, jeśli ktoś inny teraz zamknie rozdanie (liczy się każda karta, "
        "układy też; 204, jeśli zamknie z ręki)",
    ]
    assert run("--lang", "ru", "hand", HAND_38_DRAWN).output.splitlines() == [
        "Рука:       Тп 2п 3п 7ч 7б 7т 9т 9б Кч Дп Вб",
        "Комбинации: 7т 7б 7ч | Тп 2п 3п",
        "Свободные:  9т 9б Вб Кч",  # unmatched cards: never «несыгранные» (docs/DECISIONS.md)
        "Очки:       38",
        "Сбросить:   Дп",
    ]


def test_hand_table_english_unchanged() -> None:
    assert run("hand", "-v", "rummy", "9C 9D 9H KS 2C").output.splitlines() == [
        "Hand:     9C 9D 9H KS 2C",
        "Melds:    9C 9D 9H",
        "Deadwood: 2C KS",
        "Points:   12",
        "Caught:   39 if another player goes out now (every card counts, melds too; 78 if "
        "another player goes out in one go)",
    ]


def test_knock_reasons_in_russian_and_english_in_json() -> None:
    args = ("round", "oklahoma", "--upcard", "3S", "--closer", "Anna", *GIN)
    text = run("--lang", "ru", *args).output
    assert "  - открытая карта 3п задаёт предел стука 3" in text.splitlines()
    assert "  - открытая карта 3п — пика: очки за сдачу удваиваются" in text.splitlines()
    assert "  - Boris докладывает Дп к Дт Дб Дч" in text.splitlines()
    assert (
        "  - стук: у игрока Anna на руке 1 (предел 3), у игрока Boris после докладывания — 44; "
        "Anna получает 44 − 1 = 43" in text.splitlines()
    )
    pl = run("--lang", "pl", *args).output.splitlines()
    assert "  - odkryty pik podwaja rozdanie: 43 × 2 = 86" in pl
    json_en = run(*args, "--json").output
    assert '"up-card 3S sets the knock limit to 3"' in json_en
    knock = "knock: Anna has 1 (limit 3), Boris has 44 after lay-offs; Anna scores 44 - 1 = 43"
    assert f'"{knock}"' in json_en
    for lang in ("pl", "ru"):
        assert run("--lang", lang, *args, "--json").output == json_en


def test_check_table_in_the_language(tmp_path: Path) -> None:
    folder = _examples_with_faults(tmp_path)
    pl = run("--lang", "pl", "check", str(folder))
    assert pl.exit_code == 1
    assert "nieznana odmiana 'ginn'" in pl.output
    assert "BŁĄD" in pl.output and "NIEZGODNE" in pl.output
    assert pl.output.rstrip().endswith("1 zgodny, 3 niezgodne")
    ru = run("--lang", "ru", "check", str(folder))
    assert "ОШИБКА" in ru.output and "РАСХОЖДЕНИЕ" in ru.output
    assert "ожидалось" in ru.output
    assert ru.output.rstrip().endswith("совпадают: 1, не совпадают: 3")


# --- JSON (and plain) the same in every language -----------------------------------------------


def _examples_with_faults(tmp_path: Path) -> Path:
    """A folder of examples: one good, one with an unknown variant, one with a bad card, one
    whose expect differs."""
    good = EXAMPLES / "gin" / "ru-seed-236.yaml"
    folder = tmp_path / "ex"
    folder.mkdir()
    shutil.copy(good, folder / "a-good.yaml")
    text = good.read_text(encoding="utf-8")
    (folder / "b-broken.yaml").write_text(
        re.sub(r"(?m)^variant: .*$", "variant: ginn", text), encoding="utf-8"
    )
    (folder / "c-broken-card.yaml").write_text(
        text.replace("deals:", "deals:\n  - closer: Anna\n    hands: {Anna: 9X, Boris: 2C}", 1),
        encoding="utf-8",
    )
    (folder / "d-mismatch.yaml").write_text(
        text.replace("scores: {Anna: 12, Boris: 0}}", "scores: {Anna: 13, Boris: 0}}", 1),
        encoding="utf-8",
    )
    return folder


def test_check_json_and_plain_same_bytes_in_every_language(tmp_path: Path) -> None:
    folder = str(_examples_with_faults(tmp_path))
    for fmt in ("json", "plain"):
        english = run("check", str(folder), "--format", fmt)
        assert english.exit_code == 1
        assert "unknown variant 'ginn'" in english.stdout
        for lang in ("pl", "ru"):
            assert run("--lang", lang, "check", folder, "--format", fmt).stdout == (
                english.stdout
            ), (fmt, lang)


def test_hand_batch_json_same_bytes_in_every_language() -> None:
    lines = f"9C 9D 9H\n9X\n{HAND_38_DRAWN}\n\n9C 9C 9C\nДч Дп Дт\n"
    english = run("hand", "--json", "-", input=lines)
    assert english.exit_code == 1
    assert (
        '{"line": 2, "error": "card 1 \'9X\': unknown suit \'X\' (suits are C D H S or '
        '♣ ♦ ♥ ♠); did you mean 9C, 9D, 9H or 9S?"}' in english.stdout.splitlines()
    )
    assert '"error": "9C typed 3 times, but gin uses one pack' in english.stdout
    for lang in ("pl", "ru"):
        assert run("--lang", lang, "hand", "--json", "-", input=lines).stdout == (english.stdout)
    people = run("--lang", "ru", "hand", "-", input=lines)
    assert "строка 2: карта 1 '9X': неизвестная масть 'X'" in people.stderr


def test_hand_plain_same_bytes_in_every_language() -> None:
    lines = f"9C 7H QD 9D 9H 5S 6S 7S KD KH JK\n{HAND_38_DRAWN}\n"
    english = run("hand", "-v", "remibrydz", "--format", "plain", "-", input=lines)
    assert english.exit_code == 0
    assert "JK=KC" in english.stdout
    for lang in ("pl", "ru"):
        again = run(
            "--lang", lang, "hand", "-v", "remibrydz", "--format", "plain", "-", input=lines
        )
        assert again.stdout == english.stdout


@pytest.mark.slow
def test_step_limit_in_russian() -> None:
    # the hand of test_fast_paths that is past the limit (a long run with jokers is not)
    text = PAST_THE_STEP_LIMIT
    rules = ("--rule", "decks=8", "--rule", "jokers=16", "--rule", "hand_size=20")
    args = ("hand", "-v", "rummy500", *rules, *text.split())
    assert error_line("--lang", "ru", *args) == (
        "Ошибка: эта рука слишком велика для точного перебора: нужно больше 15\u00a0000\u00a0000 "
        "шагов (предел remikcalc, чтобы ответ приходил меньше чем за секунду); введите меньше "
        "карт или играйте с меньшим числом джокеров"
    )


def test_examples_json_same_in_every_language() -> None:
    english = run("examples", "--json").stdout
    for lang in ("pl", "ru"):
        assert run("--lang", lang, "examples", "--json").stdout == english


# --- the sweep: no English word left ---------------------------------------------------------

#: English words that must not be left in a Polish or Russian output (none of them is a
#: Polish word: "to", "a", "i", "do", "no", "na", "joker", "limit" are, and are left out;
#: "out", "knock", "draw" are outcome codes too)
ENGLISH = frozenset(
    """the is not has have are was cards card deal deals player players hand hands and or of
    with by for only must unknown did you mean given least most melds meld set sets run runs
    file sheet error line missing empty expected got passed failed example examples worked
    copy check if goes every counts too winner suit suits rank ranks jokers typed
    times pack packs played without lay offs up discard deadwood caught holds needs
    scores nobody stock ran before anyone when there then which this that these from into
    at most than more knocked claims leaves nothing unmatched doubles spade tie after
    points count value between one""".split()  # noqa: SIM905
)
#: what may stay as it is: card codes and notation hints, player names, file names, command
#: examples in backquotes, options, rule keys and values, variant and outcome codes
KEEP = [
    r"`[^`]*`",  # command examples
    r"'[^']*'",  # what was typed, quoted back
    r"\S+\.ya?ml\S*",  # file names
    r"\S*\w[\w\[\]]*(?:\.[\w\[\]]+)+",  # keys in a sheet or a result (deals[1].scores.Anna)
    r"\b[a-z_]+(?:, [a-z_]+){3,}",  # a list of a sheet's keys (known keys: remikcalc, ...)
    r"--?[a-z][a-z-]*",  # options
    r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b",  # rule keys, outcome codes (big_gin, knock_limit)
    r"\b\w+=\S*",  # KEY=VALUE, JK=K♣
    r"\b(?:Anna|Boris|Carl|Zed)\b",
    r"\b[A-Z]{2,}\b",  # metavars (NAME, CARDS, OPTIONS)
    r"\bremikcalc\b",
    r"\[[^\]]*\]",  # [OPTIONS], [Anna, Boris]
]


def english_words(text: str) -> set[str]:
    for pattern in KEEP:
        text = re.sub(pattern, " ", text)
    return {w for w in re.findall(r"[^\W\d_]+", text) if w.lower() in ENGLISH}


def _sweep_commands(tmp_path: Path) -> list[tuple[Sequence[str], str | None]]:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ncolour: red\ndeals:\n"
        "  - closer: Zed\n    scores: {Anna: x}\n  - draw: maybe\n",
        encoding="utf-8",
    )
    empty = tmp_path / "empty.yaml"
    empty.write_text("", encoding="utf-8")
    newer = tmp_path / "newer.yaml"
    newer.write_text("remikcalc: 99\nvariant: gin\nplayers: [Anna, Boris]\n", encoding="utf-8")
    broken = tmp_path / "broken.yaml"
    broken.write_text("remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris\n", encoding="utf-8")
    tabbed = tmp_path / "tabbed.yaml"
    tabbed.write_text("remikcalc: 1\nvariant: gin\nplayers:\n\t- Anna\n", encoding="utf-8")
    folder = _examples_with_faults(tmp_path)
    rummy = ("Boris=2C 3D 9H", "Carl=KS QS")
    failing: list[Sequence[str]] = [
        ("hand", "9X"),
        ("hand", "Дx"),
        ("hand", "1C"),
        ("hand", "9"),
        ("hand", "-v", "nope", "9C"),
        ("hand", "-v", "gin", "--preset", "xx", "9C"),
        ("hand", "--rule", "gin_bonuz=3", "9C"),
        ("hand", "--rule", "decks=99", "9C"),
        ("hand", "--rule", "ace_runs=hgh", "9C"),
        ("hand", "--rule", "gin_bonus=abc", "9C"),
        ("hand", "--rule", "variant=rummy", "9C"),
        ("hand", "--rule", "nonsense", "9C"),
        ("hand", "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
        ("hand", "9C 9C 9C"),
        ("hand", "-v", "continental", "AS AS AS 2S"),
        ("hand", "-v", "rummy", "JK 9C"),
        ("hand", "9C 10C | 5H 5D 5S 3S"),
        ("hand", "-v", "polish", "9C JK JK | 2D"),
        ("hand", "-v", "rummy", "KC AC 2C | 9D"),
        ("hand", "-v", "rummy", "3C 5C 8C | 9D"),
        ("hand", "-v", "continental", "-n", "1", "9C"),
        ("show", str(bad)),
        ("show", str(empty)),
        ("show", str(newer)),
        ("show", str(broken)),
        ("show", str(tabbed)),
        ("show", str(tmp_path / "nothere.yaml")),
        ("check", str(folder)),
        ("round", "gin", "--closer", "Zed", *GIN),
        ("round", "gin", *GIN),
        ("round", "gin", "--how", "gin", "--closer", "Anna", *GIN),
        ("round", "gin", "--how", "big_gin", "--closer", "Anna", *GIN),
        ("round", "gin", "--how", "undercut", "--closer", "Anna", *GIN),
        ("round", "gin", "--how", "out", "--closer", "Anna", *GIN),
        ("round", "gin", "--closer", "Anna", "Anna=JK 2C", "Boris=3C"),
        ("round", "oklahoma", "--closer", "Anna", *GIN),
        ("round", "oklahoma", "--upcard", "AS", "--closer", "Anna", *GIN),
        ("round", "oklahoma", "--upcard", "KS", "--closer", "Boris", *GIN),
        (
            "round",
            "bridge",
            "--closer",
            "Anna",
            "--how",
            "full_colour",
            "Anna=2H 3H",
            "Boris=2C",
            "Carl=3C",
        ),
        ("round", "rummy", "--closer", "Anna", "Anna=9C", *rummy),
        ("round", "polish", "--closer", "Anna", "Anna=9C", *rummy),
        ("round", "remibrydz", "--closer", "Anna", "Anna=9C", *rummy),
        ("round", "rummy500", "--closer", "Anna", "Anna=9C", *rummy),
        ("round", "boat", "--draw", "--players", "Anna,Boris"),
        ("round", "continental", "--draw", "--players", "Anna,Boris,Carl"),
        ("round", "continental", "--closer", "Anna", *rummy),
    ]
    succeeding: list[Sequence[str]] = [
        ("hand", "9C 7H QD 9D 9H 5S 6S 7S KD KH JK", "-v", "remibrydz"),
        ("hand", HAND_38_DRAWN),
        ("hand", "-v", "bridge", "Дч Дп JK 10♥ Wk 5S 6S 7S KD KH"),
        ("hand", "-v", "continental", "-n", "9", "AS AS AS 2S 3S JK"),
        ("hand", "-v", "boat", "9C 9D 9H KS 2C"),
        ("hand", "-v", "rummy500", "9C 9D 9H KS 2C"),
        ("hand", "-v", "polish", "9C 9D 9H KS 2C JK"),
        ("opening", "AS 2S 3S 7H 7D 7C 9C"),
        ("round", "gin", "--closer", "Anna", *GIN),
        (
            "round",
            "gin",
            "--preset",
            "modern",
            "--closer",
            "Anna",
            f"Anna={BIG_GIN}",
            f"Boris={BIG_GIN_DEFENCE}",
        ),
        ("round", "gin", "--draw", "--players", "Anna,Boris"),
        ("round", "oklahoma", "--upcard", "3S", "--closer", "Anna", *GIN),
        ("round", "bridge", "--closer", "Anna", *BRIDGE),
        ("round", "rummy", "--closer", "Anna", *rummy),
        ("round", "polish", "--closer", "Anna", *rummy),
        ("round", "remibrydz", "--closer", "Anna", *rummy),
        ("round", "rummy500", "--closer", "Anna", "--melded", "Anna=5S 6S 7S", *rummy),
        ("round", "boat", "--closer", "Anna", "--plus", "5", *rummy),
        (
            "round",
            "continental",
            "--closer",
            "Anna",
            "Anna=3H 4H 5H | 6H 7H 8H | 6S 7S 8S | 9S TS JS | 9C TC JC",
            "Boris=2C 3D 9H 4C 5C 6C 7D 8D 9D TD JD QD KD AD AC",
            "Carl=KS QS QC 2S 3S 4S 5S 2H KC 9H TH JH QH KH AH",
        ),
        ("check", str(EXAMPLES / "oklahoma")),
    ]
    return [(c, "fails") for c in failing] + [(c, None) for c in succeeding]


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_sweep_no_english_left(lang: str, tmp_path: Path) -> None:
    left: dict[str, set[str]] = {}
    for args, fails in _sweep_commands(tmp_path):
        result = run("--lang", lang, *args)
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            args,
            result.output,
        )
        assert (result.exit_code != 0) == (fails is not None), (args, result.output)
        words = english_words(result.output)
        if words:
            left[" ".join(args)] = words
    assert left == {}


def test_sweep_examples_listing_no_english(tmp_path: Path) -> None:
    for lang in ("pl", "ru"):
        output = run("--lang", lang, "examples").output
        # the rows hold each example's own source text (data, as written in the file)
        said_for_people = [line for line in output.splitlines() if ".yaml" not in line]
        assert english_words("\n".join(said_for_people)) == set(), lang


def test_english_words_finds_english() -> None:
    """The sweep's check is not empty: it sees the English it looks for."""
    assert english_words("Error: card 1 '9X': unknown suit") == {"Error", "card", "unknown", "suit"}
    assert english_words("`remikcalc new x.yaml` Anna knock_limit=3 JK=K♣") == set()
    assert {"card", "unknown", "suit"} <= english_words(run("hand", "9X").output)
    assert english_words(run("--lang", "pl", "hand", "9X").output) == set()
