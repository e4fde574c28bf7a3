"""Issue 18, corrections and input at the table: ``edit`` that keeps what is not given, events
addressed as ``e1``, the current sheet (``REMIKCALC_SHEET``), money during play in ``add``'s
output, the game boundary, the questions of an interactive ``add``, ``--how`` in the
language's words, and the card traps (``Jk``, ``AS|2S|3S``, a last group of unmatched cards).

Each is checked with its exact output in English, Polish and Russian where it has words (the
translations not yet in the catalogues come from ``tests/pending_translations.py``).
"""

from __future__ import annotations

import warnings
from pathlib import Path

import click
import pytest

from remikcalc.commands import prompts
from remikcalc.sheet import load_sheet
from remikcalc.sheet.model import DealEntry, ReentryEntry
from tests.clirun import GIN_ANNA, GIN_BORIS, ok, run

ANNA = GIN_ANNA.partition("=")[2]
BORIS = GIN_BORIS.partition("=")[2]
BORIS_RUN = "AS 2S 3S 4D 5D 8C 8D JC QC TD"


@pytest.fixture
def gin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    ok(
        "new",
        "g.yaml",
        "-v",
        "gin",
        "--players",
        "Anna,Boris",
        "--stake",
        "0.10",
        "--currency",
        "PLN",
    )
    return tmp_path / "g.yaml"


@pytest.fixture
def bridge(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    ok(
        "new",
        "b.yaml",
        "-v",
        "bridge",
        "--players",
        "Anna,Boris,Carl",
        "--stake",
        "2",
        "--currency",
        "PLN",
    )
    ok(
        "add",
        "b.yaml",
        "--closer",
        "Anna",
        "--score",
        "Anna=0",
        "--score",
        "Boris=60",
        "--score",
        "Carl=101",
    )
    ok("add", "b.yaml", "--reenter", "Carl")
    return tmp_path / "b.yaml"


def lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


# --- 1. edit keeps what is not given; events are e1, e2 -------------------------------------


def test_edit_one_hand_keeps_the_closer_the_outcome_and_the_other_hands(gin: Path) -> None:
    ok("add", "g.yaml", "--closer", "Anna", "--how", "knock", GIN_ANNA, f"Boris={BORIS_RUN}")
    result = ok("edit", "g.yaml", "1", GIN_BORIS)
    (entry,) = load_sheet("g.yaml").entries
    assert isinstance(entry, DealEntry)
    assert entry.closer == "Anna" and entry.how == "knock"
    assert dict(entry.hands) == {"Anna": ANNA, "Boris": BORIS}
    assert "Deal 1: Anna knocked; Anna wins the deal" in result.output
    assert "Totals: Anna 59, Boris 0" in result.output


def test_edit_keeps_or_changes_each_part(gin: Path) -> None:
    ok("add", "g.yaml", "--closer", "Anna", GIN_ANNA, GIN_BORIS)
    ok("edit", "g.yaml", "1", "--draw")  # the same hands, a draw
    (entry,) = load_sheet("g.yaml").entries
    assert isinstance(entry, DealEntry) and entry.draw and entry.closer is None
    assert dict(entry.hands) == {"Anna": ANNA, "Boris": BORIS}
    ok("edit", "g.yaml", "1", "--closer", "Anna")  # a closer ends the draw
    (entry,) = load_sheet("g.yaml").entries
    assert isinstance(entry, DealEntry) and not entry.draw and entry.closer == "Anna"
    # --whole keeps nothing: a deal with one hand is refused, the sheet unchanged
    before = Path("g.yaml").read_bytes()
    result = run("edit", "g.yaml", "1", "--whole", "--closer", "Anna", GIN_ANNA)
    assert result.exit_code == 1 and Path("g.yaml").read_bytes() == before
    # points replace a deal whole
    ok("edit", "g.yaml", "1", "--score", "Boris=30")
    (entry,) = load_sheet("g.yaml").entries
    assert isinstance(entry, DealEntry) and entry.scores == {"Boris": 30} and not entry.hands


def test_the_library_edit_keeps_with_keep(gin: Path) -> None:
    from remikcalc.session.book import open_sheet

    book = open_sheet("g.yaml")
    book.add(DealEntry(closer="Anna", hands={"Anna": ANNA, "Boris": BORIS_RUN}))
    written = book.edit(1, DealEntry(hands={"boris": BORIS}), keep=True)
    assert written.step is not None and written.step.totals == {"Anna": 59, "Boris": 0}
    (entry,) = load_sheet("g.yaml").entries
    assert isinstance(entry, DealEntry) and dict(entry.hands) == {"Anna": ANNA, "Boris": BORIS}


def test_show_marks_events_and_edit_and_delete_address_them(bridge: Path) -> None:
    table = ok("show", "b.yaml").output
    assert "e1   Carl re-enters" in table
    result = ok("edit", "b.yaml", "e1", "--reenter", "Carl")
    assert (
        lines(result.output)[0] == "Event e1: Carl re-enters (pays 3 to the pool, restarts at 60)"
    )
    result = ok("delete", "b.yaml", "e1")
    assert lines(result.output)[0] == "Removed event e1 of b.yaml (Carl re-enters)."
    assert [type(e) for e in load_sheet("b.yaml").entries] == [DealEntry]
    result = run("delete", "b.yaml", "e1")
    assert result.exit_code == 1
    assert "b.yaml has no events (re-entries); there is no event e1" in result.output


@pytest.mark.parametrize(
    ("lang", "missing"),
    [
        ("en", "Error: b.yaml has events e1 to e1; there is no event e2"),
        ("pl", "Błąd: b.yaml ma zdarzenia od e1 do e1; nie ma zdarzenia e2"),
        ("ru", "Ошибка: в b.yaml события с e1 по e1; события e2 нет"),
    ],
)
def test_an_event_that_is_not_there(bridge: Path, lang: str, missing: str) -> None:
    result = run("--lang", lang, "edit", "b.yaml", "e2", "--reenter", "Carl")
    assert result.exit_code == 1 and lines(result.output) == [missing]
    # deal 1 put Carl out: without it his re-entry cannot be
    result = run("--lang", lang, "delete", "b.yaml", "1")
    assert result.exit_code == 1 and "e1" not in result.output


def test_an_entry_that_is_no_entry(bridge: Path) -> None:
    result = run("delete", "b.yaml", "x1")
    assert result.exit_code == 2
    assert lines(result.output)[-1].endswith(
        " 'x1' is not an entry: give a deal's number as show numbers them (3), or an event's "
        "mark (e1)"
    )


@pytest.mark.parametrize(
    ("lang", "first"),
    [
        ("en", "Removed deal 2 of g.yaml (a deal closed by Anna)."),
        ("pl", "Usunięto rozdanie 2 z g.yaml (rozdanie zamknięte przez gracza Anna)."),
        ("ru", "Из g.yaml удалена сдача 2 (сдача, закрытая игроком Anna)."),
    ],
)
def test_delete_says_what_it_removed(gin: Path, lang: str, first: str) -> None:
    ok("add", "g.yaml", "--score", "Anna=5")
    ok("add", "g.yaml", "--closer", "Anna", GIN_ANNA, GIN_BORIS)
    ok("add", "g.yaml", "--score", "Boris=5")
    result = ok("--lang", lang, "delete", "g.yaml", "2")
    assert lines(result.output)[0] == first
    assert [e.scores for e in load_sheet("g.yaml").entries] == [{"Anna": 5}, {"Boris": 5}]  # type: ignore[union-attr]


def test_delete_help_and_its_examples(tmp_path: Path) -> None:
    text = ok("delete", "--help").output
    assert "delete [OPTIONS] [FILE] N\n" in text
    assert "the event eN" in text and "remikcalc delete bridge.yaml e1" in text


# --- 2. the current sheet -------------------------------------------------------------------


def test_the_current_sheet_lets_file_be_left_out(
    gin: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REMIKCALC_SHEET", "g.yaml")
    ok("add", "--closer", "Anna", GIN_ANNA, f"Boris={BORIS_RUN}")
    ok("edit", "1", GIN_BORIS)
    ok("add", "--score", "Boris=5")
    assert "Anna knocked" in ok("show").output
    assert "Boris pays Anna" in ok("settle").output
    assert "Anna" in ok("stats").output
    ok("delete", "2")
    assert "Removed the last entry of g.yaml" in ok("undo").output
    assert load_sheet("g.yaml").entries == ()
    # FILE given still wins
    ok("new", "h.yaml", "-v", "gin", "--players", "Ola,Piotr")
    ok("add", "h.yaml", "--score", "Ola=3")
    assert len(load_sheet("h.yaml").entries) == 1 and load_sheet("g.yaml").entries == ()


@pytest.mark.parametrize(
    ("lang", "error"),
    [
        (
            "en",
            "Error: no sheet: give FILE, or name the evening's sheet once with "
            "REMIKCALC_SHEET=game.yaml",
        ),
        (
            "pl",
            "Błąd: brak zapisu: podaj FILE albo wskaż raz zapis wieczoru: "
            "REMIKCALC_SHEET=game.yaml",
        ),
        (
            "ru",
            "Ошибка: нет записи: укажите FILE или один раз задайте запись вечера: "
            "REMIKCALC_SHEET=game.yaml",
        ),
    ],
)
def test_no_file_and_no_current_sheet_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, error: str
) -> None:
    monkeypatch.chdir(tmp_path)
    for command in (
        ["show"],
        ["settle"],
        ["stats"],
        ["undo"],
        ["add", "--score", "A=1"],
        ["delete", "2"],
        ["edit", "1", "A=2C"],
    ):
        result = run("--lang", lang, *command)
        assert result.exit_code == 2, command
        assert lines(result.output) == [error], command


@pytest.mark.parametrize(
    ("lang", "unset", "named"),
    [
        (
            "en",
            "FILE may be left out once REMIKCALC_SHEET names the sheet (export",
            "FILE left out: the sheet g.yaml (REMIKCALC_SHEET).",
        ),
        (
            "pl",
            "FILE można pominąć, gdy REMIKCALC_SHEET wskazuje zapis (export",
            "Bez FILE: zapis g.yaml (REMIKCALC_SHEET).",
        ),
        (
            "ru",
            "FILE можно не указывать, если REMIKCALC_SHEET задаёт запись (export",
            "Без FILE: запись g.yaml (REMIKCALC_SHEET).",
        ),
    ],
)
def test_help_says_which_sheet_is_used(
    monkeypatch: pytest.MonkeyPatch, lang: str, unset: str, named: str
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    for command in ("add", "show", "settle", "undo", "edit", "delete", "stats"):
        text = ok("--lang", lang, command, "--help").output
        assert unset in text, command
    monkeypatch.setenv("REMIKCALC_SHEET", "g.yaml")
    assert named in ok("--lang", lang, "show", "--help").output


def test_completion_reads_the_current_sheet(gin: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.shell_completion import ShellComplete

    from remikcalc.cli import cli
    from remikcalc.commands.completion import install

    install()

    def complete(args: list[str], incomplete: str) -> list[str]:
        shell = ShellComplete(cli, {}, "remikcalc", "_REMIKCALC_COMPLETE")
        return [str(item.value) for item in shell.get_completions(args, incomplete)]

    monkeypatch.setenv("REMIKCALC_SHEET", "g.yaml")
    assert complete(["add", "--closer"], "") == ["Anna", "Boris"]
    assert "Boris=" in complete(["add", "Anna=2C"], "")
    assert complete(["edit", "1"], "B") == ["Boris="]
    assert "Anna=" in complete(["add"], "") and "Anna=" not in complete(["edit"], "")
    assert complete(["add", "--how"], "") == ["knock", "gin", "big_gin", "undercut", "draw"]


# --- 3 and 4. money during play, the game boundary ------------------------------------------


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
    gin: Path, lang: str, so_far: str, game: str, marker: str, after: str
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


def test_no_money_without_a_stake(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    ok("new", "g.yaml", "-v", "gin", "--players", "Anna,Boris")
    output = ok("add", "g.yaml", "--score", "Anna=120").output
    assert "Money" not in output and "owes" not in output
    assert "Game over: Anna won." in output


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
    bridge: Path, lang: str, pool: str, game: str
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


def test_the_game_money_is_the_library_s(gin: Path) -> None:
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


# --- 5. interactive add ---------------------------------------------------------------------


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prompts, "interactive", lambda: True)


@pytest.mark.usefixtures("terminal")
@pytest.mark.parametrize(
    ("lang", "word", "question", "head"),
    [
        (
            "en",
            "draw",
            "Who closed the deal (knocked, went out)? (Anna, Boris, draw, counts, points): ",
            "Deal 1: draw: nobody scores",
        ),
        (
            "pl",
            "Wyczerpanie stosu",
            "Kto zamknął rozdanie (zapukał, wyłożył się)? (Anna, Boris, wyczerpanie stosu, "
            "na ręce, punkty): ",
            "Rozdanie 1: koniec stosu, nikt nie dostaje punktów",
        ),
        (  # what a Polish table says for it: "remis" (strictly a tie, never said back) or "stos"
            "pl",
            "REMIS",
            "Kto zamknął rozdanie (zapukał, wyłożył się)? (Anna, Boris, wyczerpanie stosu, "
            "na ręce, punkty): ",
            "Rozdanie 1: koniec stosu, nikt nie dostaje punktów",
        ),
        (
            "pl",
            "stos",
            "Kto zamknął rozdanie (zapukał, wyłożył się)? (Anna, Boris, wyczerpanie stosu, "
            "na ręce, punkty): ",
            "Rozdanie 1: koniec stosu, nikt nie dostaje punktów",
        ),
        (
            "ru",
            "ничья",
            "Кто закончил сдачу (постучал, вышел)? (Anna, Boris, ничья, на руке, очки): ",
            "Сдача 1: ничья — очков никто не получает",
        ),
    ],
)
def test_a_draw_can_be_answered(gin: Path, lang: str, word: str, question: str, head: str) -> None:
    result = ok("--lang", lang, "add", "g.yaml", input=f"{word}\n")
    assert result.output.startswith(question + word + "\n" + head)
    (entry,) = load_sheet("g.yaml").entries
    assert isinstance(entry, DealEntry) and entry.draw and not entry.hands


@pytest.mark.usefixtures("terminal")
def test_a_rummy_draw_asks_each_hand(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    ok("new", "r.yaml", "-v", "rummy", "--players", "Anna,Boris")
    result = ok("add", "r.yaml", input="draw\nKC QD 2H\n5S 5D 9C\n")
    assert "Anna's cards (group melds with |): KC QD 2H\n" in result.output
    assert "Totals: Anna -22, Boris -19" in result.output


@pytest.mark.usefixtures("terminal")
def test_a_points_only_deal_can_be_answered(gin: Path) -> None:
    result = ok("add", "g.yaml", input="points\n25\n\n")
    assert "Anna's points [0]: 25\nBoris's points [0]: \nDeal 1: points only (Anna +25)" in (
        result.output
    )
    result = ok("--lang", "pl", "add", "g.yaml", input="punkty\n\n7\n")
    assert "Punkty gracza Anna [0]: \nPunkty gracza Boris [0]: 7\n" in result.output
    assert [e.scores for e in load_sheet("g.yaml").entries] == [{"Anna": 25}, {"Boris": 7}]  # type: ignore[union-attr]


@pytest.mark.usefixtures("terminal")
@pytest.mark.parametrize(
    ("lang", "error"),
    [
        ("en", "Error: 'ANA' is none of these; did you mean Anna?"),
        ("pl", "Błąd: 'ANA' nie jest żadną z tych odpowiedzi; czy chodziło o Anna?"),
        ("ru", "Ошибка: 'ANA' — ни один из вариантов; может быть, Anna?"),
    ],
)
def test_a_mistyped_name_gets_a_did_you_mean_in_its_case(gin: Path, lang: str, error: str) -> None:
    result = ok("--lang", lang, "add", "g.yaml", input=f"ANA\nanna\n{ANNA}\n{BORIS}\n")
    assert error in lines(result.output)
    (entry,) = load_sheet("g.yaml").entries
    assert isinstance(entry, DealEntry) and entry.closer == "Anna"


@pytest.mark.usefixtures("terminal")
@pytest.mark.parametrize(
    ("lang", "error", "question"),
    [
        (
            "en",
            "Error: 2C is typed for Anna and Boris, but the pack has only 1 of it",
            "Which of them was wrong? (Anna, Boris) [Boris]: ",
        ),
        (
            "pl",
            "Błąd: 2♣ wpisano graczom Anna i Boris, a w taliach jest tylko 1 taka karta",
            "Które z nich jest złe? (Anna, Boris) [Boris]: ",
        ),
        (
            "ru",
            "Ошибка: 2т указана у игроков Anna и Boris, а в колоде такая карта только 1",
            "Что из этого введено неверно? (Anna, Boris) [Boris]: ",
        ),
    ],
)
def test_a_card_in_two_hands_names_both_and_asks_about_one(
    gin: Path, lang: str, error: str, question: str
) -> None:
    wrong = "2C 2S 3H 4D 5D 8C 8D JC QC TD"
    answers = f"Anna\n{ANNA}\n{wrong}\n\n{BORIS}\n"
    result = ok("--lang", lang, "add", "g.yaml", input=answers)
    assert error in lines(result.output)
    assert question in result.output
    (entry,) = load_sheet("g.yaml").entries
    assert isinstance(entry, DealEntry) and entry.hands["Boris"] == BORIS


@pytest.mark.usefixtures("terminal")
@pytest.mark.parametrize(
    ("lang", "no", "yes", "shown", "nothing"),
    [
        ("en", "n", "yes", "Add it again? [y/N]: ", "Nothing added; g.yaml is unchanged."),
        ("pl", "nie", "t", "Dodać je jeszcze raz? [t/N]: ", "Nic nie dodano; g.yaml bez zmian."),
        (
            "ru",
            "н",
            "да",
            "Добавить её ещё раз? [д/Н]: ",
            "Ничего не добавлено; g.yaml не изменён.",
        ),
    ],
)
def test_yes_and_no_follow_the_language_and_no_is_a_choice(
    gin: Path, lang: str, no: str, yes: str, shown: str, nothing: str
) -> None:
    ok("add", "g.yaml", "--score", "Anna=5")
    before = gin.read_bytes()
    result = run("--lang", lang, "add", "g.yaml", "--score", "Anna=5", input=f"{no}\n")
    assert result.exit_code == 0 and gin.read_bytes() == before
    assert shown in result.output and lines(result.output)[-1] == nothing
    ok("--lang", lang, "add", "g.yaml", "--score", "Anna=5", input=f"{yes}\n")
    assert len(load_sheet("g.yaml").entries) == 2


@pytest.mark.usefixtures("terminal")
def test_the_oklahoma_upcard_is_asked_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    ok("new", "o.yaml", "-v", "oklahoma", "--players", "Anna,Boris")
    result = ok("add", "o.yaml", input=f"KH\nAnna\n{ANNA}\n{BORIS}\n")
    assert result.output.startswith("The deal's up-card: KH\nWho closed the deal")


@pytest.mark.usefixtures("terminal")
@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "interrupted; g.yaml is unchanged"),
        ("pl", "przerwano; g.yaml bez zmian"),
        ("ru", "прервано; g.yaml не изменён"),
    ],
)
def test_ctrl_c_while_asking_says_the_sheet_is_unchanged(
    gin: Path, monkeypatch: pytest.MonkeyPatch, lang: str, said: str
) -> None:
    def interrupted(*args: object, **kwargs: object) -> str:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise click.Abort() from None  # as click's prompt does

    before = gin.read_bytes()
    monkeypatch.setattr(click, "prompt", interrupted)
    result = run("--lang", lang, "add", "g.yaml")
    assert result.exit_code == 130 and lines(result.output)[-1] == said
    assert gin.read_bytes() == before


# --- 6. --how in the language's words; only the variant's outcomes ---------------------------


def test_how_takes_the_words_of_the_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    ok("new", "p.yaml", "-v", "polish", "--players", "Ola,Piotr")
    ok("--lang", "pl", "add", "p.yaml", "--closer", "Ola", "--how", "Z Ręki", "Piotr=KC QD 2H")
    ok(
        "--lang",
        "ru",
        "add",
        "p.yaml",
        "--closer",
        "Ola",
        "--how",
        "за один прием",
        "Piotr=KC QD 3H",
    )
    ok("add", "p.yaml", "--closer", "Ola", "--how", "out-in-one-go", "Piotr=KC QD 4H")
    assert {e.how for e in load_sheet("p.yaml").entries} == {"one_go"}  # type: ignore[union-attr]


def test_round_takes_the_words_its_help_lists() -> None:
    # what a Polish table says for a stock-out ("remis", "stos") is understood, never said back
    drawn = "remik tradycyjny: koniec stosu, nikt nie wygrywa"
    for word in ("wyczerpanie stosu", "Remis", "stos"):
        out = ok("--lang", "pl", "round", "rummy", "--how", word, "Anna=2C", "Boris=KS KH 9C")
        assert out.output.splitlines()[0] == drawn
    hands = ("Anna=", "Boris=KS KH 9C")
    one_go = ok("--lang", "pl", "round", "polish", "--closer", "Anna", "--how", "Z ręki", *hands)
    assert one_go.output.splitlines()[0] == "remik polski: Anna zamyka z ręki; wygrywa Anna"


@pytest.mark.parametrize(
    ("lang", "typed", "error"),
    [
        (
            "en",
            "Big-Gn",
            "Error: unknown outcome 'Big-Gn'; outcomes: knock, gin, big gin, undercut, out, "
            "out in one go, remik, colour, figures, full colour, draw; did you mean big gin?",
        ),
        (
            "pl",
            "duzy gin",
            "Błąd: nieznany wynik rozdania 'duzy gin'; możliwe: pukanie, gin, duży gin, "
            "podcięcie, zamknięcie, z ręki, remik, kolor, figury, pełny kolor, wyczerpanie "
            "stosu; czy chodziło o duży gin?",
        ),
    ],
)
def test_an_unknown_outcome_word(gin: Path, lang: str, typed: str, error: str) -> None:
    result = run("--lang", lang, "add", "g.yaml", "--closer", "Anna", "--how", typed, GIN_ANNA)
    assert result.exit_code == 1 and lines(result.output) == [error]


def test_how_lists_only_the_variant_s_outcomes(gin: Path) -> None:
    result = run("add", "g.yaml", "--closer", "Anna", "--how", "remik", GIN_ANNA, GIN_BORIS)
    assert lines(result.output) == [
        "Error: gin has no outcome remik; its outcomes: knock, gin, big_gin, undercut, draw",
        "g.yaml is unchanged.",
    ]
    result = run(
        "--lang", "pl", "add", "g.yaml", "--closer", "Anna", "--how", "remik", GIN_ANNA, GIN_BORIS
    )
    assert lines(result.output)[0] == (
        "Błąd: w ginie nie ma zamknięcia remik; możliwe zamknięcia: knock, gin, big_gin, "
        "undercut, draw"
    )


@pytest.mark.parametrize(
    ("lang", "part"),
    [
        (
            "en",
            "gin, oklahoma: knock, gin, big gin, undercut, draw; bridge: knock, remik, "
            "colour, figures, full colour, draw",
        ),
        (
            "pl",
            "gin, oklahoma: pukanie, gin, duży gin, podcięcie, wyczerpanie stosu; remik "
            "brydżowy: pukanie, remik, kolor, figury, pełny kolor, wyczerpanie stosu",
        ),
    ],
)
def test_how_s_help_lists_each_variant_s_outcomes(
    monkeypatch: pytest.MonkeyPatch, lang: str, part: str
) -> None:
    monkeypatch.setenv("COLUMNS", "2000")
    text = " ".join(ok("--lang", lang, "round", "--help").output.split())
    assert part in text


def test_every_family_names_its_outcomes() -> None:
    from remikcalc.rules.families import OUTCOMES, REGISTRY

    for spec in REGISTRY.values():
        assert set(spec.outcomes) <= set(OUTCOMES)
        assert ("draw" in spec.outcomes) == spec.draw_allowed
    every = {code for spec in REGISTRY.values() for code in spec.outcomes}
    assert every == set(OUTCOMES)


def test_a_sheet_with_another_family_s_outcome_does_not_load(gin: Path) -> None:
    gin.write_text(gin.read_text() + "- closer: Anna\n  how: one_go\n  scores: {Anna: 5}\n")
    result = run("show", "g.yaml")
    assert result.exit_code == 1 and "gin has no outcome one_go" in result.output


# --- 7. the card traps ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "warning"),
    [
        ("en", "warning: Jk is the joker; the jack of kier is Wk"),
        ("pl", "uwaga: Jk to joker; walet kier to Wk"),
        ("ru", "предупреждение: Jk — это джокер; червовый валет пишется Wk (Вч)"),
    ],
)
def test_jk_reads_as_the_joker_with_a_warning_on_stderr(lang: str, warning: str) -> None:
    result = ok("--lang", lang, "hand", "-v", "bridge", "Jk 9S 10S", "--format", "json")
    assert lines(result.stderr) == [warning]
    assert '"melds"' in result.stdout
    result = ok("hand", "-v", "bridge", "JK 9S 10S")
    assert result.stderr == ""


def test_the_library_warns_of_jk() -> None:
    from remikcalc.base.errors import NotationWarning
    from remikcalc.cards.notation import JOKER, parse_cards

    with pytest.warns(NotationWarning, match="Jk is the joker; the jack of kier is Wk"):
        assert parse_cards("Jk 9S") == (JOKER, parse_cards("9S")[0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        parse_cards("JK jk Wk 9S")


def test_cards_joined_by_bars_are_one_meld() -> None:
    from remikcalc.cards.notation import parse_cards, parse_groups

    assert parse_groups("AS|2S|3S") == (parse_cards("AS 2S 3S"),)
    assert parse_groups("AS|2S|3S 7H|7D|7C KD 4C") == (
        parse_cards("AS 2S 3S"),
        parse_cards("7H 7D 7C"),
        parse_cards("KD 4C"),
    )
    assert parse_groups("AS 2S 3S|7H 7D 7C") == (parse_cards("AS 2S 3S"), parse_cards("7H 7D 7C"))
    result = ok("hand", "AS|2S|3S 7H|7D|7C KD 4C 9H")
    assert "Melds:    7C 7D 7H | AS 2S 3S\nDeadwood: 4C KD 9H\nPoints:   23" in result.output


@pytest.mark.parametrize(
    ("lang", "middle", "hidden"),
    [
        (
            "en",
            "Error: group 1: 7H 7D 7C 9H is not a run: the cards are not all of one suit; "
            "unmatched cards go together in the last group, after the melds",
            "Error: group 2: 7H 7D 7C 9H is not a run: the cards are not all of one suit; as the "
            "last group they would be unmatched cards, but 7C 7D 7H among them is a meld: put it "
            "in a group of its own",
        ),
        (
            "pl",
            "; karty niewyłożone wpisz razem w ostatniej grupie, po układach",
            "; jako ostatnia grupa byłyby to karty niewyłożone, ale 7♣ 7♦ 7♥ wśród nich to "
            "układ: wpisz go w osobnej grupie",
        ),
        (
            "ru",
            "; карты вне комбинаций пишите вместе последней группой, после комбинаций",
            "; последней группой это были бы карты вне комбинаций, но среди них 7т 7б 7ч — "
            "комбинация: выделите её в отдельную группу",
        ),
    ],
)
def test_a_last_group_of_unmatched_cards_is_the_deadwood(
    lang: str, middle: str, hidden: str
) -> None:
    result = ok("--lang", lang, "hand", "AS 2S 3S | 7H 7D 7C | KD 4C 9H")
    assert "23" in result.output
    result = run("--lang", lang, "hand", "7H 7D 7C 9H | AS 2S 3S")
    assert result.exit_code == 1 and lines(result.output)[0].endswith(middle)
    result = run("--lang", lang, "hand", "AS 2S 3S | 7H 7D 7C 9H")
    assert result.exit_code == 1 and lines(result.output)[0].endswith(hidden)


def test_a_defender_s_last_group_is_his_deadwood(gin: Path) -> None:
    output = ok(
        "add", "g.yaml", "--closer", "Anna", GIN_ANNA, "Boris=AS 2S 3S | 8C JC QC 4D 5D 8D TD"
    ).output
    assert "Totals: Anna 53, Boris 0" in output
    assert isinstance(load_sheet("g.yaml").entries[0], DealEntry)
    assert not isinstance(load_sheet("g.yaml").entries[0], ReentryEntry)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Error: without event e1, deal 2 no longer fits: Carl is out"),
        ("pl", "Błąd: bez zdarzenia e1 rozdanie 2 przestaje pasować: Carl jest poza grą"),
        ("ru", "Ошибка: без события e1 сдача 2 уже не сходится: Carl вне игры"),
    ],
)
def test_an_event_whose_removal_a_later_deal_needs_stays(
    bridge: Path, lang: str, said: str
) -> None:
    ok("add", "b.yaml", "--closer", "Anna", "--score", "Anna=0", "--score", "Carl=5")
    before = bridge.read_bytes()
    result = run("--lang", lang, "delete", "b.yaml", "e1")
    assert result.exit_code == 1 and lines(result.output)[0].startswith(said)
    assert bridge.read_bytes() == before
