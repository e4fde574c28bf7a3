"""`show --chart`: never onto the sheet, one-line errors for bad paths, the format named, a line
per game, and without matplotlib the sheet first and then how to get it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from remikcalc.cli import cli
from tests.clirun import run
from tests.sheets import SheetMaker, example

pytest.importorskip("matplotlib")


@pytest.fixture
def sheet(sheet_file: SheetMaker) -> Path:
    return sheet_file("g.yaml", deals=[{"scores": {"Anna": 20}}])


def refused(sheet: Path, chart: str, message: str, code: int = 2) -> None:
    before = sheet.read_bytes()
    result = run("show", str(sheet), "--chart", chart)
    assert result.exit_code == code, result.output
    assert message in result.output, result.output
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert sheet.read_bytes() == before


def test_the_chart_never_overwrites_the_sheet(sheet: Path, tmp_path: Path) -> None:
    refused(sheet, str(sheet), "the score sheet itself")
    link = tmp_path / "link.png"
    link.symlink_to(sheet)
    refused(sheet, str(link), "the score sheet itself")
    hard = tmp_path / "hard.png"
    os.link(sheet, hard)
    refused(sheet, str(hard), "the score sheet itself")
    other = tmp_path / "sub"
    other.mkdir()
    refused(sheet, str(other / ".." / "g.yaml"), "the score sheet itself")
    # the same file by another spelling, with an extension that would be drawn
    png_sheet = tmp_path / "s.png"
    png_sheet.write_bytes(sheet.read_bytes())
    refused(png_sheet, str(other / ".." / "s.png"), "the score sheet itself")
    dangling = tmp_path / "d.png"
    dangling.symlink_to(tmp_path / "s.png")
    refused(png_sheet, str(dangling), "the score sheet itself")


def test_bad_chart_paths_are_one_line_errors(sheet: Path, tmp_path: Path) -> None:
    refused(sheet, str(tmp_path / "missing" / "c.png"), "no folder")
    folder = tmp_path / "c.png"
    folder.mkdir()
    refused(sheet, str(folder), "is a folder")
    refused(sheet, str(tmp_path / "c.gif"), ".png, .svg, .pdf")
    refused(sheet, str(tmp_path / "chart"), "no extension")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_an_unwritable_folder_is_a_one_line_error(sheet: Path, tmp_path: Path) -> None:
    locked = tmp_path / "ro"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        refused(sheet, str(locked / "c.png"), "cannot write", code=1)
    finally:
        locked.chmod(0o700)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "magic"), [("c.png", b"\x89PNG"), ("c.SVG", b"<?xml"), ("c.pdf", b"%PDF")]
)
def test_the_chart_is_drawn_in_the_format_its_extension_names(
    sheet: Path, tmp_path: Path, name: str, magic: bytes
) -> None:
    out = tmp_path / name
    result = run("show", str(sheet), "--chart", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(magic)


# --- a line per game, and without matplotlib ------------------------------------------------------


# from issue 18, item 12 (output)
def test_chart_lines_start_each_game_from_zero_at_its_boundary() -> None:
    from remikcalc.render.chart import chart_data
    from remikcalc.session import replay
    from remikcalc.sheet import load_sheet

    chart = chart_data(replay(load_sheet(example("gin/pagat-two-games.yaml"))))
    anna = [line for line in chart.lines if line.player == "Anna"]
    assert [line.game for line in anna] == [1, 2]  # two pieces: no fall from 105 to 0
    first, second = anna
    assert [x for x, _t in first.points] == [0.0, 1.0, 2.0, 3.0, 4.0]
    assert first.points[-1] == (4.0, 105)
    assert second.points[0] == (5.0, 0) and chart.boundaries == ((4.5, 2),)
    # the deals keep their numbers on the axis, the second game's start has none
    assert chart.ticks[3:5] == ((4.0, 4), (6.0, 5))


# from issue 18, item 12 (output)
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
    result = CliRunner().invoke(
        cli, ["show", example("gin/ru-seed-236.yaml"), "--chart", str(chart)]
    )
    assert result.exit_code == 1
    assert result.stdout.startswith("Gin, ru preset: the seed's settlement of 236")
    assert result.stderr == (
        f"Error: {chart} not drawn: the chart needs matplotlib: pip install 'remikcalc[plot]'\n"
    )
    assert not chart.exists()
