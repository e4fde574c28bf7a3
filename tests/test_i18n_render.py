"""The rendered tables and sentences (``round``, ``add``, ``show``, ``settle``, ``pool``,
``stats``) in Polish and Russian: what people read is in their language with local numbers
and cards, and what programs read (JSON, plain, csv) is the same bytes in every language.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest

from remikcalc.base import i18n
from remikcalc.base.i18n import in_language
from remikcalc.cards.text import set_notation
from remikcalc.render import plural_number
from remikcalc.render.deal import entry_words
from remikcalc.scoring.why import reasons_text
from remikcalc.session import replay
from remikcalc.settle import settle
from remikcalc.sheet import load_sheet
from tests.clirun import ok
from tests.hands import (
    BRIDGE_KNOCK_4_COURTS,
    BRIDGE_LOSER_15,
    BRIDGE_LOSER_23,
    GIN_ANNA,
    GIN_BORIS,
    GIN_BORIS_RUN,
)
from tests.sheets import example

EXAMPLES = Path(str(resources.files("remikcalc") / "examples"))  # the installed ones
# No language from the test machine's own environment, and a terminal 80 columns wide.
pytestmark = [pytest.mark.no_locale, pytest.mark.columns(80)]
GIN = GIN_ANNA, GIN_BORIS


def lines(*args: str) -> list[str]:
    return ok(*args).output.splitlines()


def ex(path: str) -> str:
    return str(EXAMPLES / path)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")
    set_notation(None)


# --- exact lines people read ----------------------------------------------------------------


def test_transfers_in_local_money() -> None:
    sheet = ex("rummy500/two-games.yaml")
    assert "  Boris pays Anna 1.68 PLN" in lines("settle", sheet)
    assert "  Boris → Anna: 1,68\xa0zł" in lines("--lang", "pl", "settle", sheet)
    assert "  Boris → Anna: 1,68\xa0zł" in lines("--lang", "ru", "settle", sheet)


@pytest.mark.columns(140)  # each game's sum is one line, unwrapped
def test_the_gin_settlement_sum() -> None:
    sheet = ex("gin/ru-seed-236.yaml")
    assert "Game won by Anna: 101 + game 100 + boxes 25 × 3 − 40 = 236" in lines("settle", sheet)
    ru = lines("--lang", "ru", "settle", sheet)
    assert (
        "Партия — победитель Anna: 101 + за партию 100 + за лишние выигранные сдачи 25 × 3 − 40 "
        "= 236"
    ) in ru
    assert "Партия окончена, победитель: Anna." in ru
    pl = lines("--lang", "pl", "settle", ex("gin/pagat-two-games.yaml"))
    assert "Gra 1 — wygrywa Anna: 105 + za grę 100 + za przewagę rozdań 20 × 2 − 20 = 225" in pl
    shutout = lines("--lang", "ru", "settle", ex("gin/modern-hollywood-shutout.yaml"))
    assert (
        "Колонка 1 — победитель Anna: 110 + за партию 100 + за лишние выигранные сдачи 25 × 2 "
        "− 0 = 260, удвоено за сухую победу: 520"
    ) in shutout


def test_stakes_and_points_take_the_right_plural_form() -> None:
    sheet = ex("bridge/elimination-reentry-pool.yaml")
    pl = lines("--lang", "pl", "settle", sheet)
    assert "  Boris → Anna: 7 stawek" in pl
    assert "  Carl → Anna: 2 stawki" in pl
    ru = lines("--lang", "ru", "settle", sheet)
    assert "  Boris → Anna: 7 ставок" in ru
    assert "Партия — победитель Anna: Anna забирает пулю (ставок: 8)" in ru
    assert "- В пуле: 4 ставки" in lines(
        "--lang", "ru", "show", ex("bridge/two-games.yaml"), "--format", "markdown"
    )
    points = lines("--lang", "ru", "settle", ex("gin/modern-hollywood-shutout.yaml"))
    assert "  Boris → Anna: 965 очков" in points
    assert "  Anna → Boris: 39 pkt" in lines(
        "--lang", "pl", "settle", ex("rummy500/tie-plays-on.yaml")
    )


def test_pool_in_words() -> None:
    sheet = ex("bridge/elimination-reentry-pool.yaml")
    assert lines("--lang", "pl", "pool", sheet)[-3:] == [
        "Pula dla: Anna (8 stawek).",
        "W grze: Anna",
        "Poza grą: Boris, Carl",
    ]
    assert lines("--lang", "ru", "pool", sheet)[0] == "В пуле: 0 ставок"


def test_the_running_sheet() -> None:
    sheet = ex("gin/bicycle-undercut-layoffs.yaml")
    pl = lines("--lang", "pl", "show", sheet)
    assert "1    Podcięcie: Anna puka, wygrywa Boris     Boris +18    0       18" in pl
    assert "Do 100 brakuje: Anna 72, Boris 82" in pl
    ru = lines("--lang", "ru", "show", sheet)
    assert "#    сдача                                      очки       Anna    Boris" in ru
    assert "3    ничья — очков никто не получает            без очков  28      18" in ru


def test_an_added_deal_with_cards_in_the_players_notation(tmp_path: Path) -> None:
    sheet = tmp_path / "g.yaml"
    shutil.copy(ex("gin/ru-seed-236.yaml"), sheet)
    ru = lines("--lang", "ru", "add", str(sheet), "--closer", "Anna", *GIN)
    assert ru[:2] == ["-- партия 2 --", ""]  # the seed's game is over: deal 8 starts the next
    ru = ru[2:]
    assert ru[0] == "Сдача 8: Anna стучит; выигрывает Anna"
    assert ru[2].split() == ["игрок", "комбинации", "свободные", "доложено", "на", "руке", "очки"]
    assert any(line.startswith("Anna     9т 9б 9ч ") for line in ru)
    assert "Почему:" in ru
    assert ru[-4:] == [
        "Итого: Anna 59, Boris 0",
        "До 100 осталось: Anna 41, Boris 100",
        "Следующим сдаёт: Anna",  # Anna won deal 8: she deals deal 9
        "Пока в деньгах: Anna +29,50\u00a0zł, Boris -29,50\u00a0zł",
    ]
    undo = lines("--lang", "pl", "undo", str(sheet))
    assert "(rozdanie zamknięte przez gracza Anna)" in undo[0]
    pl = lines("--lang", "pl", "--cards", "unicode", "add", str(sheet), "--closer", "Anna", *GIN)
    assert any("K♦ K♥ K♠" in line for line in pl)
    assert any(line.startswith("Boris    -         8♣ J♣ Q♣ 4♦") for line in pl)


def test_a_deal_in_markdown_speaks_the_language() -> None:
    out = ok("--lang", "pl", "round", "gin", "--closer", "Anna", *GIN, "--format", "markdown")
    assert out.output.startswith("gin: Anna puka; wygrywa Anna\n")
    assert "| gracz   | układy" in out.output
    assert "| Anna    | 9♣ 9♦ 9♥ \\| K♦ K♥ K♠ \\| 5♠ 6♠ 7♠ | 2♣" in out.output


def test_stats_headings_and_outcomes() -> None:
    ru = lines("--lang", "ru", "stats", ex("gin/ru-seed-236.yaml"))
    assert ru[0].split()[:4] == ["игрок", "сдачи", "выиграно", "исходы"]
    assert "стук 4," in ru[3] and "17,8" in ru[5]
    several = lines(
        "--lang", "pl", "stats", ex("evening/friday-gin.yaml"), ex("evening/friday-rummy.yaml")
    )
    assert several[-1].startswith("Zapisy: 1 ")


def test_the_evening() -> None:
    files = ex("evening/friday-gin.yaml"), ex("evening/friday-rummy.yaml")
    ru = lines("--lang", "ru", "settle", *files)
    assert "== Вечер: 2 записи вместе ==" in ru
    assert "Anna     20,80\xa0zł" in ru
    md = ok("--lang", "pl", "settle", *files, "--format", "markdown").output
    assert md.endswith(
        "\n\nKto komu płaci:\n\n- Boris → Anna: 20,80\xa0zł\n- Boris → Carl: 2,50\xa0zł\n"
    )


# --- no English left -------------------------------------------------------------------------

# Words of the messages in render/ that must not be left in a Polish or Russian screen (the
# sheet titles in the examples are English data, and are left out of what is checked).
ENGLISH = re.compile(
    r"\b(pays|Who pays|Pool|Game|Totals|Points left|won by|stakes?|knocked|undercuts|went|"
    r"closed with|re-enters|player|total|net|money|Nobody|finished|Column|Deal|Event|score|"
    r"scores|paid in|Still in|Taken by|Sheets|streak|deals|outcomes|melds|unmatched|laid off|"
    r"count|from|amount|Why|draw|nobody|points only|open|shared|out|boxes|doubled|collects|"
    r"into the pool|restarts|settled)\b"
)


def _without_title(text: str) -> str:
    """The output without the sheet's own title (its first paragraph), which is data."""
    return text.split("\n\n", 1)[1] if text.count("\n\n") else text


COMMANDS = [
    ["settle", "gin/ru-seed-236.yaml"],
    ["settle", "gin/modern-hollywood-shutout.yaml"],
    ["settle", "gin/pagat-two-games.yaml"],
    ["settle", "bridge/elimination-reentry-pool.yaml"],
    ["settle", "bridge/two-games.yaml"],
    ["settle", "rummy500/two-games.yaml"],
    ["pool", "bridge/elimination-reentry-pool.yaml"],
    ["show", "bridge/elimination-reentry-pool.yaml"],
    ["show", "gin/bicycle-undercut-layoffs.yaml"],
    ["show", "gin/modern-hollywood-shutout.yaml"],
    ["show", "bridge/two-games.yaml", "--format", "markdown"],
    ["stats", "gin/ru-seed-236.yaml"],
]


@pytest.mark.parametrize("lang", ["pl", "ru"])
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a))
def test_no_english_words_left(lang: str, args: list[str]) -> None:
    command, path, *rest = args
    shown = _without_title if command == "show" else str
    english = shown(ok(command, ex(path), *rest).output)
    assert ENGLISH.search(english)  # the check can find what it looks for
    text = shown(ok("--lang", lang, command, ex(path), *rest).output)
    assert not ENGLISH.search(text), ENGLISH.findall(text)


def test_no_english_words_left_in_an_added_deal(tmp_path: Path) -> None:
    sheet = tmp_path / "g.yaml"
    shutil.copy(ex("gin/ru-seed-236.yaml"), sheet)
    out = ok("--lang", "pl", "add", str(sheet), "--closer", "Anna", *GIN).output
    shown = [line for line in out.splitlines() if not line.startswith("  - ")]  # the reasons
    assert not ENGLISH.search("\n".join(shown)), ENGLISH.findall("\n".join(shown))


# --- what programs read ----------------------------------------------------------------------

SAME = [
    ["settle", "gin/ru-seed-236.yaml"],
    ["settle", "bridge/elimination-reentry-pool.yaml"],
    ["settle", "rummy500/two-games.yaml"],
    ["settle", "evening/friday-gin.yaml", "evening/friday-rummy.yaml"],
    ["show", "gin/modern-hollywood-shutout.yaml"],
    ["show", "bridge/elimination-reentry-pool.yaml"],
    ["pool", "bridge/elimination-reentry-pool.yaml"],
    ["stats", "gin/ru-seed-236.yaml", "evening/friday-rummy.yaml"],
]


@pytest.mark.parametrize("fmt", ["json", "plain", "csv"])
@pytest.mark.parametrize("args", SAME, ids=lambda a: " ".join(a))
def test_json_plain_and_csv_are_the_same_in_every_language(fmt: str, args: list[str]) -> None:
    command, *paths = args
    outputs = {
        lang: ok("--lang", lang, command, *map(ex, paths), "--format", fmt).output
        for lang in ("en", "pl", "ru")
    }
    assert outputs["en"] == outputs["pl"] == outputs["ru"]


def test_a_deal_for_programs_keeps_codes_in_every_language() -> None:
    for fmt in ("plain", "csv", "json"):
        outputs = {
            lang: ok(
                "--lang", lang, "round", "gin", "--closer", "Anna", *GIN, "--format", fmt
            ).output
            for lang in ("en", "pl", "ru")
        }
        assert outputs["en"] == outputs["pl"] == outputs["ru"], fmt
        assert "9C 9D 9H" in outputs["en"]


# --- the words themselves --------------------------------------------------------------------


def test_game_lines_for_people_are_the_settlement_reasons_in_english() -> None:
    """The settle table says how each game is netted from the reasons' message and fields, so
    it can speak the language; in English that must be the settlement's own reasons (JSON)."""
    checked = 0
    for path in sorted(EXAMPLES.rglob("*.yaml")):
        try:
            settlement = settle(replay(load_sheet(str(path))))
        except Exception:  # an evening file, not a sheet
            continue
        extra = settlement.tally.extra()
        for game in extra.get("columns", extra.get("games", [])):
            if game.finished:
                assert reasons_text(game.reasons) == list(game.reasons), path
                checked += 1
    assert checked > 10


def test_entry_words() -> None:
    with in_language("ru"):
        assert entry_words("Аня", "knock", draw=False, points=False) == "Аня стучит"
        assert (
            entry_words("Аня", "gin", draw=False, points=True) == "Аня объявляет джин, только очки"
        )
        assert entry_words(None, "one_go", draw=False, points=True) == (
            "выход за один приём, только очки"
        )
        assert entry_words(None, None, draw=True, points=False) == "ничья"
    with in_language("pl"):
        assert entry_words("Zosia", "one_go", draw=False, points=False) == "Zosia zamyka z ręki"
        assert entry_words("Ola", None, draw=False, points=False) == (
            "rozdanie zamknięte przez gracza Ola"
        )


def test_plural_number() -> None:
    from decimal import Decimal
    from fractions import Fraction

    assert [plural_number(v) for v in (Decimal("5"), Fraction(5, 2), -1, Decimal("1.0"))] == [
        5,
        2,
        1,
        1,
    ]


TIE = """remikcalc: 1
variant: rummy500
players: [Anna, Boris, Carl]
deals:
  - scores: {Anna: 480, Boris: 470, Carl: 100}
  - scores: {Anna: 40, Boris: 50, Carl: 420}
"""


@pytest.mark.columns(120)  # the settlement's note is one line, unwrapped
def test_a_tie_past_the_target_in_words(tmp_path: Path) -> None:
    sheet = tmp_path / "tie.yaml"
    sheet.write_text(TIE, encoding="utf-8")
    note = "Anna, Boris and Carl are tied at 520, past the target of 500: play continues."
    assert note in lines("show", str(sheet))
    assert f"{note} Settled as it stands." in lines("settle", str(sheet))
    state = replay(load_sheet(str(sheet)))
    assert state.tally.note() == note  # the settlement's own sentence, said again
    pl = lines("--lang", "pl", "settle", str(sheet))
    assert (
        "Anna, Boris i Carl mają po 520 (powyżej 500): gra toczy się dalej. Rozliczenie "
        "według obecnego stanu."
    ) in pl
    ru = " ".join(ok("--lang", "ru", "show", str(sheet)).output.split())  # a wrapped line
    assert "Anna, Boris и Carl: поровну, по 520, а это больше 500; партия продолжается." in ru


def test_a_re_entry_and_the_pool_as_payee(tmp_path: Path) -> None:
    sheet = tmp_path / "b.yaml"
    shutil.copy(ex("bridge/eliminated-sits-out.yaml"), sheet)
    pl = lines("--lang", "pl", "add", str(sheet), "--reenter", "Carl")
    assert (
        pl[0] == "Zdarzenie e1: Carl dokupuje się — wpłaca do puli (stawek: 3) i wraca z "
        "wynikiem 56"
    )
    assert "Pula: 7,5 stawki" in pl  # a fraction takes the form of 2
    hands = (
        f"Anna={BRIDGE_KNOCK_4_COURTS}",
        f"Boris={BRIDGE_LOSER_23}",
        f"Carl={BRIDGE_LOSER_15}",
    )
    ru = lines("--lang", "ru", "round", "bridge", "--closer", "Anna", *hands)
    assert "кто платит    кому    сколько" in ru
    assert "Boris         пуля    0,5" in ru
    assert "Boris   pool  0.5" in lines("round", "bridge", "--closer", "Anna", *hands)


def test_an_empty_sheet(tmp_path: Path) -> None:
    sheet = tmp_path / "e.yaml"
    sheet.write_text("remikcalc: 1\nvariant: gin\nplayers: [Аня, Борис]\ndeals: []\n", "utf-8")
    assert lines("--lang", "ru", "show", str(sheet)) == [
        "джин: Аня, Борис",
        "",
        "(сдач пока нет)",
        "",
        "До 100 осталось: Аня 100, Борис 100",
    ]
    assert "(jeszcze nie było rozdań)" in lines("--lang", "pl", "show", str(sheet))


# --- the words a Russian or a Polish table uses ---------------------------------------------------


# from issue 18, item 18-19 (Polish and Russian)
def test_russian_words() -> None:
    text = ok(
        "settle",
        example("bridge/knock-and-remik.yaml"),
        "--format",
        "markdown",
        lang="ru",
        columns=80,
    ).stdout
    assert "банк" not in text
    boat = ok(
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
    ).stdout
    assert boat.startswith("лодочный рамми: Anna выходит; выигрывает Anna")
    assert "правило пар: у игрока Kirill 9т 9б считаются одной картой" in boat
    gin = ok(
        "round", "gin", "--closer", "Anna", GIN_ANNA, GIN_BORIS_RUN, lang="ru", columns=200
    ).stdout
    assert "свободные" in gin and "несыгран" not in gin


# from issue 18, item 18-19 (Polish and Russian)
def test_polish_words() -> None:
    boat = ok(
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
    ).stdout
    assert "punkty plus" not in boat
    settle = ok("settle", example("gin/ru-seed-236.yaml"), lang="pl", columns=200).stdout
    assert "za przewagę rozdań 25 × 3" in settle
    assert (
        "remis"
        not in ok("round", "rummy", "--draw", "Anna=5C", "Boris=AS", lang="pl", columns=80).stdout
    )
