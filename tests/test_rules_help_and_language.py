"""Fixes after a tester's report: the rules a variant shows, help and messages in the user's
language, REMIKCALC_LANG given as a locale."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from remikcalc.rules.families import Family
from remikcalc.rules.variants import VARIANTS
from tests.clirun import NO_LOCALE, fails, ok, run

# --- 1. melds_in_hand_count shows what the scoring does -------------------------------------

#: a loser's hand holding a meld, 3C 4C 5C (12), and 60 in other cards (no two of a rank: the
#: boat's pair rule stays out of it): 72 in all
LOSER = "3C 4C 5C 9D 7H JC KD TS 8H 6D"
KNOCKER = "QH QD QC 6S 7S 8S 2D 3D 4D 2C"
#: per family: the variant scored, the arguments of its deal, and the loser's count when
#: melds in his hand count like any card
DEALS: dict[Family, tuple[str, list[str]]] = {
    Family.KNOCK: ("gin", [f"Anna={KNOCKER}", f"Boris={LOSER}"]),
    Family.BRIDGE: ("bridge", [f"Anna={KNOCKER}", f"Boris={LOSER}"]),
    Family.RUMMY: ("rummy", [f"Boris={LOSER}"]),
    Family.REMIBRYDZ: ("remibrydz", [f"Boris={LOSER}"]),
    Family.BOAT: ("boat", ["--plus", "0", f"Boris={LOSER}"]),
    Family.RUMMY500: ("rummy500", [f"Boris={LOSER}"]),
    # continental pays per card: 15 cards, 3 of them a run (sets are no melds there)
    Family.CONTINENTAL: (
        "continental",
        [
            "Anna=3H 4H 5H 6H | 7S 8S 9S TS | 2D 3D 4D 5D | 6C 7C 8C",
            "Boris=3C 4C 5C 9D 9H 5H 7C JC KD 4S 6H 8D 8H QS 2S",
        ],
    ),
}
ALL_CARDS = {Family.CONTINENTAL: 15}


def test_every_family_has_a_deal() -> None:
    assert set(DEALS) == set(Family)


@pytest.mark.parametrize("family", list(Family), ids=str)
def test_rules_shows_whether_melds_in_a_hand_count_as_scored(family: Family) -> None:
    variant, deal = DEALS[family]
    out = ok("round", variant, "--closer", "Anna", "--json", *deal).output
    count = json.loads(out)["details"]["players"]["Boris"]["count"]
    scored = count == ALL_CARDS.get(family, 72)  # every card counted, the meld too
    assert scored or count < ALL_CARDS.get(family, 72)
    assert scored is (family not in (Family.KNOCK, Family.BRIDGE))
    for v in VARIANTS:
        if v.rules.family is not family:
            continue
        out = run("rules", v.name, "--json").output
        assert json.loads(out)["melds_in_hand_count"] is scored, v.name
        out = run("rules", v.name, "--format", "plain").output
        row = next(line for line in out.splitlines() if line.startswith("melds_in_hand_count"))
        assert row.split()[1] == ("true" if scored else "false"), v.name


def test_rules_says_what_melds_in_hand_count_means() -> None:
    out = run("rules", "rummy", "--format", "plain").output
    row = next(line for line in out.splitlines() if line.startswith("melds_in_hand_count"))
    assert row.split(None, 2)[2] == (
        "melds still in a caught hand count like any card: true in the going-out games, "
        "false in the knock games (only unmatched cards count); set by the family, "
        "not overridable"
    )


# --- 2. the one-line help of `rules` says what it shows -------------------------------------


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


# --- 3. check speaks the language about an example's own faults -----------------------------

SHEET = "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ndeals:\n"


@pytest.mark.parametrize(
    ("lang", "extra", "message"),
    [
        ("en", "", "no expect: an example needs an expect mapping"),
        ("pl", "", "brak expect: przykład potrzebuje mapy expect"),
        ("ru", "", "нет expect: примеру нужна таблица expect"),
        ("pl", "expect: []\n", "expect musi być niepustą mapą wyników settle"),
        ("ru", "expect: []\n", "expect должен быть непустой таблицей результатов settle"),
    ],
)
def test_check_error_in_the_language(tmp_path: Path, lang: str, extra: str, message: str) -> None:
    sheet = tmp_path / "game.yaml"
    sheet.write_text(SHEET + extra, "utf-8")
    out = fails("--lang", lang, "check", str(sheet), code=1, columns=200).output
    row = out.splitlines()[2]
    assert row.split(None, 2)[2].rstrip() == message


@pytest.mark.parametrize("fmt", ["plain", "json"])
def test_check_error_stays_english_for_scripts(tmp_path: Path, fmt: str) -> None:
    sheet = tmp_path / "game.yaml"
    sheet.write_text(SHEET, "utf-8")
    outs = {
        run("--lang", lang, "check", str(sheet), "--format", fmt).output
        for lang in ("en", "pl", "ru")
    }
    assert len(outs) == 1
    assert "no expect: an example needs an expect mapping" in outs.pop()


# --- 4. REMIKCALC_LANG as a locale name; help and version whatever it says ------------------

NO_SHEET = {
    "en": "Error: nosuch.yaml: no such sheet; start one with `remikcalc new nosuch.yaml`",
    "pl": "Błąd: nosuch.yaml: nie ma takiego zapisu; załóż go poleceniem "
    "`remikcalc new nosuch.yaml`",
    "ru": "Ошибка: nosuch.yaml: такой записи нет; заведите её командой `remikcalc new nosuch.yaml`",
}


@pytest.mark.parametrize(
    ("value", "lang"),
    [
        ("pl_PL", "pl"),
        ("pl_PL.UTF-8", "pl"),
        ("ru_RU", "ru"),
        ("ru_RU.UTF-8", "ru"),
        ("en_GB.UTF-8", "en"),
        ("PL", "pl"),
    ],
)
def test_remikcalc_lang_takes_a_locale_name(value: str, lang: str) -> None:
    result = run("show", "nosuch.yaml", env={**NO_LOCALE, "REMIKCALC_LANG": value})
    assert result.exit_code == 1
    assert result.output.strip() == NO_SHEET[lang]


@pytest.mark.parametrize("value", ["de", "de_DE.UTF-8", "C"])
def test_an_unknown_remikcalc_lang_refuses_a_command(value: str) -> None:
    result = run("hand", "QH", env={**NO_LOCALE, "REMIKCALC_LANG": value})
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"Error: REMIKCALC_LANG: unknown language {value!r}; remikcalc speaks en, pl, ru"
    )


@pytest.mark.parametrize(
    ("args", "start"),
    [
        (["--help"], "Usage: remikcalc [OPTIONS] COMMAND"),
        (["hand", "-h"], "Usage: remikcalc hand [OPTIONS]"),
        (["--version"], "remikcalc, version "),
    ],
)
def test_help_and_version_work_with_an_unknown_remikcalc_lang(args: list[str], start: str) -> None:
    result = run(*args, env={**NO_LOCALE, "REMIKCALC_LANG": "de"})
    assert result.exit_code == 0
    assert result.stdout.startswith(start)
    assert result.stderr == (
        "warning: REMIKCALC_LANG: unknown language 'de'; remikcalc speaks en, pl, ru; "
        "shown in English\n"
    )


# --- 5. click's number type names in the language -------------------------------------------


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


def test_number_type_names_are_translated_in_both_languages() -> None:
    from remikcalc.base.i18n import gettext_in
    from remikcalc.commands.language import NUMBER_TYPES

    for name, message in NUMBER_TYPES.items():
        assert message == name
        for lang in ("pl", "ru"):
            assert gettext_in(lang, message) != message


# --- 7. what README's Performance section says of the largest hands is what the program does -


def test_largest_hands_as_the_readme_says() -> None:
    path = Path(__file__).parent.parent / "README.md"
    if not path.is_file():
        pytest.skip("the README is in the repository, not in an installed package")
    readme = path.read_text("utf-8")
    text = " ".join(readme.split())
    assert "House rules allow up to 8 packs, 16 jokers and `hand_size` 20" in text
    assert "42 cards with `--rule hand_size=20` (a longer hand is refused at once)" in text
    out = fails("hand", "-v", "boat", "--rule", "hand_size=21", "AS", code=2).output
    assert out.splitlines()[-1] == "Error: rule hand_size=21: must be between 1 and 20"
    out = run("rules", "boat", "--rule", "decks=9").output
    assert out.splitlines()[-1] == "Error: rule decks=9: must be between 1 and 8"
    out = run("rules", "boat", "--rule", "jokers=17", "--rule", "wild_jokers=true").output
    assert out.splitlines()[-1] == "Error: rule jokers=17: must be between 0 and 16"
    pack = [r + s for r in "A23456789TJQK" for s in "CDHS"]
    boat = ["hand", "-v", "boat", "--rule", "hand_size=20", "--rule", "decks=2"]
    out = fails(*boat, *pack[:43], code=1).output
    last = out.splitlines()[-1]  # (the why in brackets is search/'s to word)
    assert last.startswith("Error: a boat hand holds at most 42 cards (")
    assert last.endswith("); got 43")
    out = run("hand", "-v", "gin", "--rule", "hand_size=20", *pack[:22]).output
    assert out.splitlines()[-1] == (
        "Error: a gin hand holds at most 21 cards (20 dealt + 1 drawn); got 22"
    )
