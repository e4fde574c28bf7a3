"""The current sheet: ``REMIKCALC_SHEET`` names the evening's sheet once, and every sheet
command may then leave FILE out (a FILE given still wins); without either, one line says
how. Help says which sheet is used, and completion reads the players from it."""

from __future__ import annotations

from pathlib import Path

import pytest

from remikcalc.sheet import load_sheet
from tests.clirun import lines, ok, run
from tests.hands import (
    GIN_ANNA,
    GIN_BORIS,
    GIN_BORIS_RUN,
)

# --- FILE left out --------------------------------------------------------------------------------


# from issue 18, corrections and input at the table: the current sheet
def test_the_current_sheet_lets_file_be_left_out(
    gin_here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REMIKCALC_SHEET", "g.yaml")
    ok("add", "--closer", "Anna", GIN_ANNA, GIN_BORIS_RUN)
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


# from issue 18, corrections and input at the table: the current sheet
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


# from issue 18, corrections and input at the table: the current sheet
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


# from issue 18, corrections and input at the table: the current sheet
def test_completion_reads_the_current_sheet(
    gin_here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
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
