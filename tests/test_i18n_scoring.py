"""Polish and Russian for the words scoring and settlement produce: each deal's "Why" lines,
the errors of impossible deals, the games' lines of a settlement, re-entry and sheet errors.
The same reasons in JSON and plain output stay English (docs/INTERFACE.md, "Languages").
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Iterator
from decimal import Decimal
from importlib import resources
from pathlib import Path

import pytest

from remikcalc.base import i18n
from remikcalc.base.errors import DealError
from remikcalc.base.i18n import N_, in_language
from remikcalc.cards.notation import parse_cards
from remikcalc.cards.text import set_notation
from remikcalc.scoring.deal import player_named
from remikcalc.scoring.why import Cards, Num, Outcome, Why, joined, reason_text
from tests.clirun import run

EXAMPLES = Path(str(resources.files("remikcalc") / "examples"))  # the installed ones
# No language from the test machine's own environment: each test says what it sets.
pytestmark = pytest.mark.no_locale

BOAT = [
    "round",
    "boat",
    "--plus",
    "10",
    "--closer",
    "Anna",
    "Boris=KS KH 9C 9D 3S",
    "Carl=QS 4H 4D",
    "Anna=",
]
BRIDGE_COLOUR = [
    "round",
    "bridge",
    "--closer",
    "Anna",
    "Anna=2H 3H 4H 5H 6H 7H 8H 9H TH JH",
    "Boris=AS 2S 3C 4D 5D 8C 8D JC QC TD",
]
BRIDGE_KNOCK = [
    "round",
    "bridge",
    "--closer",
    "Anna",
    "Anna=2H 3H 4H 5S 6S 7S 8D 9D TD 4C",
    "Boris=AS 2S 3C 4D 5D 8C 8H JC QC TH",
]
RUMMY_ONE_GO = [
    "round",
    "rummy",
    "--how",
    "one_go",
    "--closer",
    "Anna",
    "Boris=KS KH 9C",
    "Carl=QS 4H 4D",
    "Anna=",
]
RUMMY_DRAW = ["round", "rummy", "--draw", "Anna=2C", "Boris=KS KH 9C", "Carl=QS 4H 4D"]
RUMMY500 = [
    "round",
    "rummy 500",
    "--closer",
    "Anna",
    "--melded",
    "Anna=3H 4H 5H|7C",
    "--melded",
    "Boris=KS KH KD",
    "Boris=9C 2D",
    "Anna=",
]
CONTINENTAL = [
    "round",
    "continental",
    "--closer",
    "Anna",
    "Anna=3H 4H 5H | 6S 7S 8S | 9D TD JD | 2C 3C 4C | QS KS AS",
    "Boris=2H 5C 7C 9C JC KH 3D 5D 7D 9H JH 4S 6H 8H TC",
]


def why_lines(output: str) -> list[str]:
    """The lines under the deal's "Why:" heading."""
    lines = output.splitlines()
    start = next(
        i
        for i, line in enumerate(lines)
        if line.rstrip().endswith(":") and line.strip() in ("Why:", "Dlaczego:", "Почему:")
    )
    return [line.strip() for line in lines[start + 1 :] if line.strip()]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")
    set_notation(None)


# --- the Why type ---------------------------------------------------------------------------


def test_a_why_is_its_english_sentence_and_says_it_again_in_the_language_shown() -> None:
    why = Why(N_("{closer} discards {card}"), closer="Anna", card=Cards(parse_cards("QH")))
    assert why == "Anna discards QH"
    assert json.dumps([why]) == '["Anna discards QH"]'
    with in_language("pl"):
        assert why.text() == "Anna odrzuca D♥"
        assert why == "Anna discards QH"  # the value itself never changes
    with in_language("ru"):
        assert reason_text(why) == "Anna сбрасывает Дч"
    assert why.text() == "Anna discards QH"


def test_fields_by_kind_and_plural_forms() -> None:
    stakes = [
        Why.ngettext("{amount} stake", "{amount} stakes", n, amount=Num(n)) for n in (1, 2, 5)
    ]
    assert stakes == ["1 stake", "2 stakes", "5 stakes"]
    with in_language("ru"):
        assert [s.text() for s in stakes] == ["1 ставку", "2 ставки", "5 ставок"]
    half = Why(N_("{fraction} stake"), fraction=Num(Decimal("0.5")))
    stated = Why(N_("stated as {how}, but the hand shows more"), how=Outcome("full_colour"))
    assert (half, stated) == ("0.5 stake", "stated as full_colour, but the hand shows more")
    with in_language("pl"):
        assert half.text() == "0,5 stawki"
        assert stated.text() == "zgłoszono: pełny kolor, ale na ręce jest więcej"
    names = joined(["Anna", "Boris", "Carl"], commas=False)
    assert names == "Anna and Boris and Carl"
    with in_language("ru"):
        assert names.text() == "Anna и Boris и Carl"


def test_a_why_survives_pickling_with_its_message() -> None:
    why = Why(N_("{name}'s hand counts {count}"), name="Boris", count=29)
    again = pickle.loads(pickle.dumps(why))
    assert again == why
    with in_language("pl"):
        assert again.text() == "Boris: na ręce 29"


# --- Why lines on screen --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "lang", "expected"),
    [
        (
            BOAT,
            "pl",
            [
                "- zasada par: 9♣ 9♦ gracza Boris liczą się jak jedna karta (9)",
                "- zasada par: K♠ K♥ gracza Boris liczą się jak jedna karta (król)",
                "- zasada par: 4♥ 4♦ gracza Carl liczą się jak jedna karta (4)",
                "- Boris płaci 10 + 22 = 32",
                "- Carl płaci 10 + 14 = 24",
            ],
        ),
        (
            BOAT,
            "ru",
            [
                "- правило пар: у игрока Boris 9т 9б считаются одной картой (9)",
                "- правило пар: у игрока Boris Кп Кч считаются одной картой (король)",
                "- правило пар: у игрока Carl 4ч 4б считаются одной картой (4)",
                "- Boris платит 10 + 22 = 32",
                "- Carl платит 10 + 14 = 24",
            ],
        ),
        (
            BRIDGE_COLOUR,
            "ru",
            [
                "- Anna закрывает (полный колер): свободные карты не считаются, вычитается "
                "премия 40",
                "- на руке есть ещё колер и ремик; считается только самая высокая премия",
                "- Boris записывает 61 за свободные карты",
                "- каждый из остальных платит игроку Anna 4 ставки за полный колер",
            ],
        ),
        (
            BRIDGE_KNOCK,
            "pl",
            [
                "- Anna puka z 4 (limit 5) i dopisuje sobie 4",
                "- Boris dopisuje 61 za karty niewyłożone",
                "- za pukanie Anna dostaje od każdego z pozostałych 0,5 stawki, a każdy z nich"
                " wpłaca też 0,5 do puli",
            ],
        ),
        (
            RUMMY_ONE_GO,
            "pl",
            [
                "- Boris: na ręce 29",
                "- Carl: na ręce 18",
                "- Anna zamyka i zbiera 29 + 18 = 47",
                "- z ręki — rozdanie liczy się podwójnie: Anna +94",
            ],
        ),
        (
            RUMMY_ONE_GO,
            "ru",
            [
                "- Boris: на руке 29",
                "- Carl: на руке 18",
                "- Anna выходит и забирает 29 + 18 = 47",
                "- за один приём — сдача удваивается: Anna +94",
            ],
        ),
        (
            RUMMY500,
            "ru",
            [
                "- Boris: 19 (комбинации 30, на руке 11)",
                "- Anna: 19 (комбинации 12, доложено 7т = 7, на руке 0)",
            ],
        ),
    ],
)
@pytest.mark.columns(200)  # each reason on one line: they wrap to the terminal
def test_why_lines_in_polish_and_russian(args: list[str], lang: str, expected: list[str]) -> None:
    result = run(*args, "--lang", lang)
    assert result.exit_code == 0, result.output
    assert why_lines(result.output) == expected


ENGLISH_WORDS = (
    "pays",
    "went out",
    "collects",
    "hand counts",
    "stake",
    "each other player",
    "pair rule",
    "count as one",
    "knocks",
    "adds",
    "unmatched",
    "closes with",
    "stock ran out",
    "scores",
    "melds",
    "laid off",
    "one go",
    "loser",
    "runs of",
    "for going out",
    "card",
    "joker",
    "no winner",
    "doubles",
)


@pytest.mark.parametrize(
    "args", [BOAT, BRIDGE_COLOUR, BRIDGE_KNOCK, RUMMY_ONE_GO, RUMMY_DRAW, RUMMY500, CONTINENTAL]
)
@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_no_english_word_is_left_in_the_why_lines(args: list[str], lang: str) -> None:
    result = run(*args, "--lang", lang)
    assert result.exit_code == 0, result.output
    lines = why_lines(result.output)
    assert lines
    english = run(*args)
    assert lines != why_lines(english.output)
    for line in lines:
        assert not [w for w in ENGLISH_WORDS if w in line], line


@pytest.mark.parametrize(
    "args", [BOAT, BRIDGE_KNOCK, RUMMY_ONE_GO, RUMMY_DRAW, RUMMY500, CONTINENTAL]
)
def test_deal_json_and_plain_reasons_stay_english(args: list[str]) -> None:
    outputs = {lang: run(*args, "--json", "--lang", lang).output for lang in i18n.LANGUAGES}
    assert outputs["en"] == outputs["pl"] == outputs["ru"]
    assert json.loads(outputs["en"])["reasons"]
    plain = {lang: run(*args, "--format", "plain", "--lang", lang).output for lang in ("en", "ru")}
    assert plain["en"] == plain["ru"]
    assert "reason\t" in plain["en"]


def test_continental_why_lines_in_russian() -> None:
    result = run(*CONTINENTAL, "--lang", "ru")
    assert result.exit_code == 0, result.output
    assert why_lines(result.output)[0] == "- Anna выходит: 5 секвенций по 3"
    assert why_lines(result.output)[1].startswith("- Boris платит 15 карт × 1 = 15")


# --- settlement -----------------------------------------------------------------------------


def _example(*parts: str) -> str:
    path = EXAMPLES.joinpath(*parts)
    assert path.is_file(), path
    return str(path)


@pytest.mark.columns(200)  # each game's sum on one line: the lines wrap to the terminal
def test_the_games_of_a_gin_settlement_explain_themselves_in_the_language() -> None:
    sheet = _example("gin", "pagat-two-games.yaml")
    pl = run("settle", sheet, "--lang", "pl").output
    ru = run("settle", sheet, "--lang", "ru").output
    assert ": 105 + za grę 100 + za przewagę rozdań 20 × 2 − 20 = 225" in pl
    assert ": 110 + за партию 100 + за лишние выигранные сдачи 20 × 1 − 15 = 215" in ru
    assert "+ game 100 + boxes" in run("settle", sheet).output


def test_the_bridge_pool_taken_in_the_language_and_json_unchanged() -> None:
    sheet = _example("bridge", "elimination-reentry-pool.yaml")
    assert "Anna забирает пулю (ставок: 8)" in run("settle", sheet, "--lang", "ru").output
    assert "Anna bierze pulę (stawek: 8)" in run("settle", sheet, "--lang", "pl").output
    outputs = {
        lang: run("settle", sheet, "--json", "--lang", lang).output for lang in i18n.LANGUAGES
    }
    assert outputs["en"] == outputs["pl"] == outputs["ru"]
    assert "Anna took the pool (stakes: 8)" in outputs["en"]


@pytest.mark.parametrize(
    "sheet",
    [
        ("gin", "pagat-two-games.yaml"),
        ("gin", "modern-hollywood-shutout.yaml"),
        ("rummy500", "two-games.yaml"),
        ("continental", "chips-wild-cards.yaml"),
        ("boat", "pair-rule-three-players.yaml"),
    ],
)
def test_settle_json_is_byte_identical_in_every_language(sheet: tuple[str, str]) -> None:
    path = _example(*sheet)
    outputs = {
        lang: run("settle", path, "--json", "--lang", lang).output for lang in i18n.LANGUAGES
    }
    assert outputs["en"] == outputs["pl"] == outputs["ru"]
    json.loads(outputs["en"])


# --- errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "lang", "line"),
    [
        (
            ["round", "rummy", "Boris=KS KH 9C", "Carl=QS 4H 4D"],
            "pl",
            "Błąd: kto zamknął? podaj zwycięzcę przez --closer IMIĘ albo --draw, jeśli stos się "
            "wyczerpał",
        ),
        (
            [
                "round",
                "bridge",
                "--closer",
                "Anna",
                "--how",
                "colour",
                "Anna=2H 3H 4H 5S 6S 7S 8D 9D TD 4C",
                "Boris=AS 2S 3C 4D 5D 8C 8H JC QC TH",
            ],
            "ru",
            "Ошибка: Anna заявляет: колер, но на руке трефы, бубны, червы и пики",
        ),
        (
            ["round", "gin", "--closer", "Anna", "Anna=2H 3H", "Boris=AS"],
            "ru",
            "Ошибка: у игрока Anna 2 карты; в джине на руке 10 карт (11 у закрывшего до сброса)",
        ),
        (
            ["round", "gin", "--closer", "Anna", "Anna=2H 3H 4H 5H 6H", "Boris=AS"],
            "pl",
            "Błąd: Anna ma 5 kart; w ginie ręka ma 10 kart (11 u zamykającego przed odrzuceniem)",
        ),
        (
            ["round", "boat", "--closer", "Anna", "Anna=2H", "Boris=AS"],
            "pl",
            "Błąd: Anna zamyka, a dla gracza Anna wpisano 1 kartę; pomiń rękę zwycięzcy (albo "
            "podaj właściwy --closer)",
        ),
    ],
)
def test_errors_of_impossible_deals(args: list[str], lang: str, line: str) -> None:
    result = run(*args, "--lang", lang)
    assert result.exit_code == 1
    assert line in result.output.splitlines()


def test_a_name_not_on_the_sheet_is_said_whole_in_each_language() -> None:
    with pytest.raises(DealError, match=r"^closer 'Zed' is not a player of this sheet; "):
        player_named("Zed", ["Anna", "Boris"], "closer", scope="sheet")
    with in_language("ru"), pytest.raises(DealError) as caught:
        player_named("Anne", ["Anna", "Boris"], scope="sheet")
    assert str(caught.value) == "игрока 'Anne' нет в этой записи; может быть, Anna?"
    with in_language("pl"), pytest.raises(DealError) as caught:
        player_named("Zed", ["Anna", "Boris"], "closer")
    assert str(caught.value) == "zamykający 'Zed' nie gra w tym rozdaniu; gracze: Anna, Boris"


def test_a_sheet_that_cannot_be_replayed_says_so_in_polish(tmp_path: Path) -> None:
    sheet = tmp_path / "b.yaml"
    sheet.write_text(
        "remikcalc: 1\nvariant: rummy\nplayers: [Anna, Boris]\ndeals:\n"
        "- {closer: Anna, hands: {Anna: 2C, Boris: 9C}}\n"
        "- {closer: Anna, hands: {Boris: 9C}}\n"
        "- {closer: Boris, hands: {Boris: 3C 4C, Anna: 5C}}\n",
        encoding="utf-8",
    )
    result = run("settle", str(sheet), "--lang", "pl")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].endswith("b.yaml: nie da się policzyć 2 rozdań:")
    assert lines[1].endswith(
        ":5: rozdanie 1: Anna zamyka, a dla gracza Anna wpisano 1 kartę; pomiń rękę zwycięzcy "
        "(albo podaj właściwy --closer)"
    )
    assert lines[2].endswith(
        ": rozdanie 3: Boris zamyka, a dla gracza Boris wpisano 2 karty; "
        "pomiń rękę zwycięzcy (albo podaj właściwy --closer)"
    )
    assert "deals cannot be scored" in run("settle", str(sheet)).output
