"""Languages (docs/INTERFACE.md, "Languages and installed use"): choosing one (REMIKCALC_LANG
as a locale name too), the catalogues (an unreadable one means English and one warning),
plural forms, numbers and money for people, card notations, and JSON that never changes.
"""

from __future__ import annotations

import gettext
import io
import json
import os
from collections.abc import Iterator
from decimal import Decimal
from importlib import resources
from pathlib import Path

import polib
import pytest
from hypothesis import given
from hypothesis import strategies as st

from remikcalc.base import i18n
from remikcalc.base.errors import CardError, RulesError, SettleError
from remikcalc.base.i18n import in_language, language_from_env, ngettext
from remikcalc.base.i18n_tools import (
    Message,
    check,
    extract_source,
    extract_template,
    placeholders,
    template,
    update,
)
from remikcalc.base.money import MAX_AMOUNT, parse_amount
from remikcalc.base.numtext import money_text, number_text
from remikcalc.base.pofile import PoError, PoTranslations
from remikcalc.cards.notation import CARDS, CODES, check_pack, parse_cards
from remikcalc.cards.text import NOTATIONS, cards_text, notation, set_notation, written_in
from tests.clirun import NO_LOCALE, process, run
from tests.hands import GIN_ANNA, GIN_BORIS

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = Path(str(resources.files("remikcalc") / "examples"))  # the installed ones
# No language from the test machine's own environment: each test says what it sets.
pytestmark = pytest.mark.no_locale


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")
    set_notation(None)


# --- choosing the language ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "env", "words"),
    [
        (["--lang", "pl"], {}, "nie ma takiego zapisu"),
        (["--lang=pl"], {"REMIKCALC_LANG": "ru"}, "nie ma takiego zapisu"),  # option wins
        ([], {"REMIKCALC_LANG": "ru", "LANG": "pl_PL.UTF-8"}, "такой записи нет"),
        ([], {"LANG": "pl_PL.UTF-8"}, "nie ma takiego zapisu"),
        ([], {"LC_ALL": "ru_RU.UTF-8", "LANG": "pl_PL.UTF-8"}, "такой записи нет"),
        ([], {"LC_MESSAGES": "pl_PL", "LANG": "ru_RU.UTF-8"}, "nie ma takiego zapisu"),
        ([], {"LANG": "de_DE.UTF-8"}, "no such sheet"),
        ([], {}, "no such sheet"),
    ],
)
def test_the_language_of_an_error(
    tmp_path: Path, args: list[str], env: dict[str, str], words: str
) -> None:
    result = run(*args, "show", str(tmp_path / "none.yaml"), env=env)
    assert result.exit_code == 1
    assert words in result.output
    assert ("Błąd: " in result.output) == ("nie ma" in words)
    assert ("Ошибка: " in result.output) == ("нет" in words)


def test_lang_after_the_command_name_and_on_the_group() -> None:
    for args in (["hand", "--help", "--lang", "ru"], ["--lang", "ru", "hand", "--help"]):
        result = run(*args)
        assert result.exit_code == 0, result.output
        assert "Показать эту справку и выйти." in result.output
        assert "Найти лучшие комбинации руки" in result.output
        assert "Использование: remikcalc hand" in result.output


@pytest.mark.parametrize(
    ("env", "words"),
    [
        ({"REMIKCALC_LANG": "pl"}, "Pokaż tę pomoc i zakończ."),
        ({"LANG": "ru_RU.UTF-8"}, "Показать эту справку и выйти."),
        ({"LANG": "pl_PL.UTF-8"}, "Polecenia:"),
    ],
)
def test_the_language_of_help(env: dict[str, str], words: str) -> None:
    result = run("--help", env=env)
    assert result.exit_code == 0
    assert words in result.output


def test_one_process_changes_language_between_runs() -> None:
    # help texts are translated where they are shown, not frozen when a module is imported
    assert "Pokaż tę pomoc" in run("opening", "--help", "--lang", "pl").output
    english = run("opening", "--help").output
    assert "Show this message and exit." in english
    assert "Can this hand make the first meld" in english
    assert "Показать эту справку" in run("opening", "--help", "--lang", "ru").output
    assert i18n.current() == "en"  # a run through CliRunner leaves the library in English


def test_click_messages_are_translated() -> None:
    result = run("--lang", "pl", "hand", "--bogus", "QH")
    assert result.exit_code == 2
    assert "Nie ma opcji '--bogus'." in result.output
    assert "Użycie: remikcalc hand" in result.output
    result = run("--lang", "ru", "handd")
    assert result.exit_code == 2
    assert "Нет такой команды: 'handd'." in result.output


def test_version_line_in_the_language() -> None:
    assert run("--version", "--lang", "pl").output.startswith("remikcalc, wersja ")
    assert run("--version", env={"LANG": "ru_RU.UTF-8"}).output.startswith("remikcalc, версия ")
    assert run("--version").output.startswith("remikcalc, version ")


def test_an_unknown_language_is_a_usage_error() -> None:
    result = run("--lang", "de", "hand", "QH")
    assert result.exit_code == 2
    assert "'de'" in result.output and "'pl'" in result.output
    result = run("hand", "QH", env={"REMIKCALC_LANG": "klingon"})
    assert result.exit_code == 2
    assert "REMIKCALC_LANG: unknown language 'klingon'; remikcalc speaks en, pl, ru" in (
        result.output
    )
    # given on the command line, the option settles it
    assert run("hand", "QH", "--lang", "en", env={"REMIKCALC_LANG": "klingon"}).exit_code == 0


def test_language_from_env_order() -> None:
    assert language_from_env({}) == "en"
    assert language_from_env({"LANG": "ru_RU.KOI8-R"}) == "ru"
    assert language_from_env({"LANG": "pl"}) == "pl"
    assert language_from_env({"LC_ALL": "C", "LANG": "pl_PL.UTF-8"}) == "en"  # LC_ALL decides
    assert language_from_env({"LC_ALL": "", "LANG": "pl_PL.UTF-8"}) == "pl"  # empty: not set
    assert language_from_env({"REMIKCALC_LANG": " PL ", "LANG": "ru_RU"}) == "pl"
    with pytest.raises(RulesError, match="unknown language 'xx'"):
        language_from_env({"REMIKCALC_LANG": "xx"})


@pytest.mark.slow
def test_the_installed_command_reads_the_locale(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in NO_LOCALE}
    env["LANG"] = "pl_PL.UTF-8"
    result = process("show", str(tmp_path / "none.yaml"), env=env)
    assert result.returncode == 1
    assert result.stderr == (
        f"Błąd: {tmp_path / 'none.yaml'}: nie ma takiego zapisu; załóż go poleceniem "
        f"`remikcalc new {tmp_path / 'none.yaml'}`\n"
    )


# --- JSON never changes --------------------------------------------------------------------


def _json_in_every_language(*args: str) -> list[str]:
    outputs = []
    for lang in i18n.LANGUAGES:
        result = run(*args, "--lang", lang)
        assert result.exit_code == 0, result.output
        outputs.append(result.output)
    return outputs


@pytest.mark.parametrize(
    "args",
    [
        ["hand", "--json", "9C", "7H", "QD", "9D", "9H", "5S", "6S", "7S", "KD", "KH"],
        ["opening", "--json", "KS", "KH", "5C", "6D", "7D"],
        [
            "round",
            "gin",
            "--json",
            "--closer",
            "Anna",
            GIN_ANNA,
            GIN_BORIS,
        ],
        ["settle", str(EXAMPLES / "gin" / "ru-seed-236.yaml"), "--format", "json"],
        ["settle", str(EXAMPLES / "bridge" / "elimination-reentry-pool.yaml"), "--json"],
        ["settle", str(EXAMPLES / "rummy" / "four-players-money.yaml"), "--json"],
        ["show", str(EXAMPLES / "polish" / "money-half-stake.yaml"), "--json"],
    ],
)
def test_json_is_byte_identical_in_every_language(args: list[str]) -> None:
    en, pl, ru = _json_in_every_language(*args)
    assert en == pl == ru
    json.loads(en)


def test_opening_table_speaks_the_language_and_json_keeps_english() -> None:
    table = run("opening", "--lang", "ru", "KS", "KH", "5C", "6D", "7D").output
    assert "Можно выложить: нет — на руке нет ни одной комбинации" in table
    assert "Рука:" in table and "Кп Кч" in table  # Russian card notation by default
    record = json.loads(run("opening", "--lang", "ru", "--json", "KS", "KH", "5C").output)
    assert record["why"] == "the hand holds no meld"
    assert record["cards"] == "KS KH 5C"


def test_cards_option_overrides_the_language() -> None:
    table = run("opening", "--lang", "ru", "--cards", "en", "KS", "KH", "5C").output
    assert "KS KH 5C" in table
    table = run("opening", "--cards", "unicode", "TS", "KH", "5C").output
    assert "10♠ K♥ 5♣" in table
    result = run("opening", "--cards", "klingon", "KS")
    assert result.exit_code == 2


# --- plural forms --------------------------------------------------------------------------

PLURALS = {
    "pl": {
        1: "wpisano 1 kartę",
        2: "wpisano 2 karty",
        5: "wpisano 5 kart",
        22: "wpisano 22 karty",
        25: "wpisano 25 kart",
        12: "wpisano 12 kart",
        0: "wpisano 0 kart",
        101: "wpisano 101 kart",
    },
    "ru": {
        1: "введена 1 карта",
        2: "введены 2 карты",
        5: "введено 5 карт",
        22: "введены 22 карты",
        25: "введено 25 карт",
        11: "введено 11 карт",
        21: "введена 21 карта",
        0: "введено 0 карт",
    },
    "en": {1: "1 card typed", 2: "2 cards typed", 5: "5 cards typed", 22: "22 cards typed"},
}


@pytest.mark.parametrize("lang", sorted(PLURALS))
def test_plural_forms(lang: str) -> None:
    with in_language(lang):
        for n, want in PLURALS[lang].items():
            assert ngettext("{n} card typed", "{n} cards typed", n).format(n=n) == want


def test_plural_rule_comes_from_the_catalogue_header() -> None:
    with in_language("ru"):
        forms = [ngettext("{n} decimal", "{n} decimals", n).format(n=n) for n in (1, 3, 5)]
    assert forms == ["1 знак после запятой", "3 знака после запятой", "5 знаков после запятой"]


# --- the catalogues are complete -----------------------------------------------------------


def test_every_message_in_the_code_has_a_polish_and_a_russian_translation() -> None:
    assert check() == []


def test_the_check_finds_a_missing_translation() -> None:
    problems = check([Message("a message nobody translated {x}", where=["here.py:1"])])
    assert problems == [
        "pl: no translation of 'a message nobody translated {x}' (here.py:1)",
        "ru: no translation of 'a message nobody translated {x}' (here.py:1)",
    ]


def test_the_check_finds_different_placeholders(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : 1);\\n"\n\n'
        'msgid "{name}: no such sheet"\nmsgstr "{nazwa}: nie ma"\n\n'
        'msgid "{n} deal"\nmsgid_plural "{n} deals"\n'
        'msgstr[0] "jedno rozdanie"\nmsgstr[1] "{n} rozdania"\nmsgstr[2] "{m} rozdań"\n'
    )
    broken = PoTranslations(io.BytesIO(text.encode()))
    monkeypatch.setitem(i18n._cache, "pl", broken)
    monkeypatch.setitem(i18n._cache, "ru", broken)
    problems = check([Message("{name}: no such sheet"), Message("{n} deal", "{n} deals")])
    assert len(problems) == 4  # {nazwa} and {m}, in each language; "jedno rozdanie" is fine
    assert "has fields ['nazwa'], the message has ['name']" in problems[0]
    assert "'{m} rozdań'" in problems[1]


def test_the_extractor_reads_calls_help_texts_and_docstrings() -> None:
    source = (
        "import click\n"
        "from remikcalc.base.i18n import N_, _, ngettext\n"
        "X = N_('marked')\n"
        "def f(n, v):\n"
        "    _('plain {x}')\n"
        "    return f\"{_('inside an f-string')}: {ngettext('{n} deal', '{n} deals', n)}\"\n"
        "@click.command()\n"
        "@click.option('--x', help='''An option's\n    help.''')\n"
        "def cmd():\n"
        "    '''The command.\n\n    More.\f\n    Not shown.'''\n"
    )
    found = extract_source(source, "m.py")
    assert sorted((m.msgid, m.plural or "") for m in found) == [
        ("An option's\nhelp.", ""),
        ("The command.\n\nMore.", ""),
        ("inside an f-string", ""),
        ("marked", ""),
        ("plain {x}", ""),
        ("{n} deal", "{n} deals"),
    ]


def test_the_extractor_reads_templates_with_jinja(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        '<h1>{{ _("Score") }}</h1>\n'
        '<p>{{ ngettext("{n} deal", "{n} deals",\n               n).format(n=n) }}</p>\n'
        "<p>{{ _('a message over\ntwo lines') }}</p>\n",
        encoding="utf-8",
    )
    found = extract_template(page, "page.html")
    assert [(m.msgid, m.plural, m.where) for m in found] == [
        ("Score", None, ["page.html:1"]),
        ("{n} deal", "{n} deals", ["page.html:2"]),
        ("a message over\ntwo lines", None, ["page.html:4"]),
    ]


def test_placeholders() -> None:
    assert placeholders("{a} {b!r} {{c}}") == ["a", "b!r"]
    assert placeholders("%(prog)s, version %(version)s") == ["%(prog)s", "%(version)s"]


# --- the catalogues: merged by polib, read from .po in a source tree, .mo in a wheel --------

_HEADER = {
    "Language": "pl",
    "Content-Type": "text/plain; charset=UTF-8",
    "Plural-Forms": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && "
    "(n%100<12 || n%100>14) ? 1 : 2);",
}


def _catalogue(*entries: polib.POEntry) -> polib.POFile:
    po = polib.POFile(wrapwidth=0)
    po.metadata = dict(_HEADER)
    po.extend(entries)
    return po


def _both_ways(po: polib.POFile) -> tuple[PoTranslations, gettext.GNUTranslations]:
    """The catalogue as a source tree reads its .po, and as a wheel reads the .mo that the
    build compiles (setup.py: polib's ``save_as_mofile``, which writes ``to_binary()``)."""
    source = PoTranslations(io.BytesIO(str(po).encode("utf-8")))
    return source, gettext.GNUTranslations(io.BytesIO(po.to_binary()))


def test_a_po_file_reads_as_its_compiled_mo() -> None:
    po = _catalogue(
        polib.POEntry(msgid='say "hi"\n\ttab \\ back', msgstr='powiedz "cześć"\n\ttab \\'),
        polib.POEntry(msgid="Examples:\n\b\n  x", msgstr="Przykłady:\n\b\n  x"),
        polib.POEntry(
            msgid="{n} deal",
            msgid_plural="{n} deals",
            msgstr_plural={0: "{n} rozdanie", 1: "{n} rozdania", 2: "{n} rozdań"},
        ),
        polib.POEntry(
            msgid="{n} game",
            msgid_plural="{n} games",
            msgstr_plural={0: "{n} gra", 1: "", 2: "{n} gier"},  # a form missing: not used
        ),
        polib.POEntry(msgid="unsure", msgstr="niepewne", flags=["fuzzy"]),
        polib.POEntry(msgid="untranslated", msgstr=""),
        polib.POEntry(msgid="old", msgstr="stary", obsolete=True),
        polib.POEntry(msgid="Open", msgctxt="a door", msgstr="Otwórz"),
    )
    source, built = _both_ways(po)
    assert source._catalog == built._catalog  # type: ignore[attr-defined]
    assert source.info() == built.info()
    assert source.gettext('say "hi"\n\ttab \\ back') == 'powiedz "cześć"\n\ttab \\'
    assert source.gettext("Examples:\n\b\n  x") == "Przykłady:\n\b\n  x"
    assert [source.ngettext("{n} deal", "{n} deals", n) for n in (1, 3, 5, 22)] == [
        "{n} rozdanie",
        "{n} rozdania",
        "{n} rozdań",
        "{n} rozdania",
    ]
    assert source.ngettext("{n} game", "{n} games", 5) == "{n} games"
    assert source.gettext("unsure") == "unsure"
    assert source.gettext("untranslated") == "untranslated"
    assert source.gettext("old") == "old"
    assert source.pgettext("a door", "Open") == "Otwórz"


# any text a .mo can hold (NUL separates the forms of a plural)
texts = st.text(st.characters(codec="utf-8", exclude_characters="\x00"), max_size=30)


@given(st.dictionaries(texts.filter(bool), texts, max_size=8))
def test_every_text_reads_back_as_the_build_compiles_it(messages: dict[str, str]) -> None:
    po = _catalogue(*(polib.POEntry(msgid=k, msgstr=v) for k, v in messages.items()))
    source, built = _both_ways(po)
    assert source._catalog == built._catalog  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "text",
    [
        'msgid "a"\nmsgstr "b\\q"\n',  # no such escape
        'msgid "a"\nmsgstr b\n',  # not quoted
        'msgid "a"\nmsgstr "b"\nmsgflags "c"\n',
        '"a"\nmsgid "a"\nmsgstr "b"\n',
        'msgid "a"\nmsgid_plural "as"\nmsgstr[1] "b"\n',
    ],
)
def test_a_damaged_po_file_is_refused_with_its_line(text: str) -> None:
    with pytest.raises(PoError, match=r"^line \d+: "):
        PoTranslations(io.BytesIO(text.encode()))


def test_a_damaged_po_in_a_source_tree_means_english_and_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "pl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "remikcalc.po").write_text('msgid "Set"\nmsgstr Ustaw\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(tmp_path))
    monkeypatch.setattr(i18n, "_cache", {})
    monkeypatch.setattr(i18n, "_problems", {})
    assert i18n.catalogue_problem("pl") == "line 2: expected a quoted string, got 'Ustaw'"
    assert i18n.gettext_in("pl", "Set") == "Set"


def test_update_keeps_translations_and_adds_new_messages_untranslated() -> None:
    po = _catalogue(
        polib.POEntry(msgid="unsure {x}", msgstr="niepewne {x}", flags=["fuzzy"]),
        polib.POEntry(msgid="kept", msgstr="zachowane", tcomment="a translator's note"),
        polib.POEntry(msgid="gone", msgstr="usunięte"),
        polib.POEntry(msgid="never translated", msgstr=""),
    )
    pot = template(
        [
            Message("new {n}", "new {n}s", where=["remikcalc/a.py:3", "remikcalc/b.py:9"]),
            Message("kept", where=["remikcalc/a.py:1"]),
            Message("unsure {x}", where=["remikcalc/a.py:2"]),
            Message("Usage:", where=["click/core.py:5"], click=True),
        ]
    )
    merged = update(pot, po, "pl")
    assert [(e.msgid, e.obsolete) for e in merged] == [
        ("new {n}", False),  # in the template's order, not added at the end
        ("kept", False),
        ("unsure {x}", False),
        ("Usage:", False),
        ("gone", True),  # kept while it holds a translation; "never translated" is dropped
    ]
    new, kept, unsure, usage, gone = merged
    assert new.msgstr_plural == {0: "", 1: "", 2: ""}  # the three forms of Polish
    assert new.flags == ["python-brace-format"]
    assert new.occurrences == [("remikcalc/a.py", ""), ("remikcalc/b.py", "")]
    assert (kept.msgstr, kept.tcomment) == ("zachowane", "a translator's note")
    assert (unsure.msgstr, unsure.fuzzy) == ("niepewne {x}", True)
    assert usage.comment == "click"
    assert gone.msgstr == "usunięte"
    assert merged.metadata["Plural-Forms"] == _HEADER["Plural-Forms"]


def test_build_compiles_the_shipped_catalogues(tmp_path: Path) -> None:
    """The .mo a wheel ships says what the repository's .po says (skipped when the tests run
    from an installed package, which has only the compiled .mo)."""
    setup = ROOT / "setup.py"
    if not setup.is_file():
        pytest.skip("not a source tree")
    for lang in ("pl", "ru"):
        po = ROOT / "remikcalc" / "locale" / lang / "LC_MESSAGES" / "remikcalc.po"
        mo = tmp_path / f"{lang}.mo"
        polib.pofile(str(po)).save_as_mofile(str(mo))  # as setup.py's build_py does
        with mo.open("rb") as fh:
            built = gettext.GNUTranslations(fh)
        assert built._catalog == i18n.catalogue(lang)._catalog  # type: ignore[attr-defined]
        assert built.info()["plural-forms"].startswith("nplurals=3;")
    assert "save_as_mofile" in setup.read_text(encoding="utf-8")


# --- numbers and money for people ---------------------------------------------------------


def test_money_for_people() -> None:
    assert money_text(Decimal("5.3"), "PLN", 2, lang="pl") == "5,30\u00a0zł"
    assert money_text(Decimal("12.5"), "RUB", 2, lang="ru") == "12,50\u00a0₽"
    assert money_text(Decimal("-1000.5"), "rub", 2, lang="ru") == "-1\u00a0000,50\u00a0₽"
    assert money_text(Decimal("1000.5"), "PLN", 2, lang="pl") == "1000,50\u00a0zł"
    assert money_text(Decimal("12000"), "CHF", 2, lang="pl") == "12\u00a0000,00\u00a0CHF"
    assert money_text(Decimal("26.5"), "RUB", 2, lang="en") == "26.50 RUB"
    assert money_text(Decimal("26.5"), None, 2, lang="ru") == "26,50"
    with in_language("pl"):
        assert number_text(1234567) == "1\u00a0234\u00a0567"


amounts = st.decimals(min_value=0, max_value=MAX_AMOUNT, places=2, allow_nan=False)


@given(amounts, st.sampled_from(i18n.LANGUAGES))
def test_amounts_read_back_as_people_write_them(value: Decimal, lang: str) -> None:
    for text in (number_text(value, 2, lang=lang), number_text(value, lang=lang)):
        assert parse_amount(text) == value
        assert parse_amount(text.replace("\u00a0", " ")) == value
    english = format(value, "f")
    assert parse_amount(english.replace(".", ",")) == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1 000,50", "1000.50"),
        ("1\u00a0000.5", "1000.5"),
        ("1\u202f000", "1000"),
        ("1,5", "1.5"),
        ("1.5", "1.5"),
        (",5", "0.5"),
        ("123 456", "123456"),
        ("+3", "3"),
    ],
)
def test_parse_amount_accepts(text: str, value: str) -> None:
    assert parse_amount(text) == Decimal(value)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1,000.50", "not a decimal number \\(ambiguous"),
        ("1.000,50", "ambiguous"),
        ("1.000.000", "ambiguous: more than one dot or comma"),
        ("1 00", "groups of three digits"),
        ("1  000", "groups of three digits"),
        ("1,500", "for thousands write 1500 or 1 500"),
        ("ten", "not a decimal number"),
        ("-1", "negative"),
    ],
)
def test_parse_amount_refuses(text: str, words: str) -> None:
    with pytest.raises(SettleError, match=words):
        parse_amount(text)


def test_a_comma_with_three_decimals_is_a_decimal_comma() -> None:
    assert parse_amount("1,500", decimals=3) == Decimal("1.500")


def test_parse_amount_speaks_the_language() -> None:
    with in_language("pl"), pytest.raises(SettleError, match="stawka '1 00': spacja"):
        parse_amount("1 00")
    wanted = r"\(допустимо: 2 знака после запятой\)"
    with in_language("ru"), pytest.raises(SettleError, match=wanted):
        parse_amount("1,505")


# --- card notations ------------------------------------------------------------------------


@pytest.mark.parametrize("name", NOTATIONS)
def test_every_card_reads_back_in_every_notation(name: str) -> None:
    assert parse_cards(cards_text(CARDS, name)) == CARDS


def test_english_notation_is_the_codes_of_sheets_and_json() -> None:
    assert cards_text(CARDS, "en").split() == list(CODES)


def test_errors_name_cards_in_the_notation_of_the_moment() -> None:
    with in_language("pl"), pytest.raises(CardError, match="D♣, D♦, D♥ lub D♠"):
        parse_cards("Dx")
    repeated = "Тч введена несколько раз .2., но в gin играют одной колодой"
    with in_language("ru"), pytest.raises(CardError, match=repeated):
        check_pack(parse_cards("Тч AH"), decks=1, jokers=0, variant="gin")
    with in_language("ru"), written_in("en"), pytest.raises(CardError, match="AH"):
        check_pack(parse_cards("Тч AH"), decks=1, jokers=0, variant="gin")
    # the variant of a sheet's rules is declined in the sentence; a plain string stays as given
    from remikcalc.rules.variant_words import VariantKey

    declined = "Тч введена несколько раз .2., но в джин играют одной колодой"
    with in_language("ru"), pytest.raises(CardError, match=declined):
        check_pack(parse_cards("Тч AH"), decks=1, jokers=0, variant=VariantKey("gin"))


def test_the_notation_follows_the_language() -> None:
    hand = parse_cards("QH TS")
    for lang, want in (("en", "QH TS"), ("pl", "D♥ 10♠"), ("ru", "Дч 10п")):
        with in_language(lang):
            assert notation() == lang
            assert cards_text(hand) == want
    set_notation("unicode")
    with in_language("ru"):
        assert cards_text(hand) == "Q♥ 10♠"
    with pytest.raises(RulesError, match="unknown card notation 'fr'"):
        set_notation("fr")


def test_deal_words_for_people_and_for_json() -> None:
    from remikcalc.rules.dealinput import DealInput, outcome_text

    deal = DealInput(closer="Anna", how="big_gin", hands={"Boris": "KC"})
    with in_language("ru"):
        assert deal.describe() == "big_gin by Anna"  # what JSON writes, in every language
        assert deal.describe(translated=True) == "большой джин: Anna"
        assert outcome_text("undercut") == "андеркат"
    with in_language("pl"):
        # a stock-out is not a tie ("remis")
        assert DealInput(draw=True).describe(translated=True) == "wyczerpanie stosu"
        assert DealInput(scores={"Anna": 5}).describe(translated=True) == "punkty"
        assert outcome_text("one_go") == "z ręki"


# --- a catalogue that cannot be read --------------------------------------------------------------


# from the hostile round of issue 20: one line, never a traceback
@pytest.mark.parametrize("data", [b"", b"\x00" * 10, b"\xde\x12\x04\x95" + b"\xff" * 7])
def test_an_empty_or_damaged_catalogue_means_english_and_one_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, data: bytes
) -> None:
    from remikcalc.base import i18n

    folder = tmp_path / "pl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "remikcalc.mo").write_bytes(data)  # as a wheel ships it: no .po beside it
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(tmp_path))
    monkeypatch.setattr(i18n, "_cache", {})
    monkeypatch.setattr(i18n, "_problems", {}, raising=False)
    result = run("--lang", "pl", "show", str(tmp_path / "none.yaml"))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].startswith("warning: the pl translations cannot be read (")
    assert lines[0].endswith("); shown in English")
    assert lines[1:] == [
        f"Error: {tmp_path / 'none.yaml'}: no such sheet; start one with "
        f"`remikcalc new {tmp_path / 'none.yaml'}`"
    ]


# --- REMIKCALC_LANG given as a locale name --------------------------------------------------------


NO_SHEET = {
    "en": "Error: nosuch.yaml: no such sheet; start one with `remikcalc new nosuch.yaml`",
    "pl": "Błąd: nosuch.yaml: nie ma takiego zapisu; załóż go poleceniem "
    "`remikcalc new nosuch.yaml`",
    "ru": "Ошибка: nosuch.yaml: такой записи нет; заведите её командой `remikcalc new nosuch.yaml`",
}


# from a tester's report: REMIKCALC_LANG as a locale name
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


# from a tester's report: REMIKCALC_LANG as a locale name
@pytest.mark.parametrize("value", ["de", "de_DE.UTF-8", "C"])
def test_an_unknown_remikcalc_lang_refuses_a_command(value: str) -> None:
    result = run("hand", "QH", env={**NO_LOCALE, "REMIKCALC_LANG": value})
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"Error: REMIKCALC_LANG: unknown language {value!r}; remikcalc speaks en, pl, ru"
    )


# from a tester's report: REMIKCALC_LANG as a locale name
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
