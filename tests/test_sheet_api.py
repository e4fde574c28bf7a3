"""The library writes the sheet (docs/INTERFACE.md, "Python API for score sheets"): new_sheet,
open_sheet and a SheetFile's add / edit / delete / undo / rename, each one locked atomic
transaction, tested through real files. The command line calls the same methods, so a deal
written by either is the same bytes, and a refusal is the same message."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

import remikcalc
from remikcalc.base.errors import ArgumentError, DealError, RemikcalcError, SheetError
from remikcalc.commands.refusal import for_command_line
from remikcalc.sheet import load_sheet
from remikcalc.sheet.model import DealEntry
from tests.clirun import ok, run
from tests.hands import (
    GIN_ANNA,
    GIN_BORIS,
    GIN_DEFENCE_BORIS,
    GIN_DEFENCE_BORIS_RUN,
    GIN_KNOCK_ANNA,
)
from tests.sheets import SheetMaker

HANDS = {
    "Anna": GIN_KNOCK_ANNA,
    "Boris": GIN_DEFENCE_BORIS,
}


@pytest.fixture
def gin(sheet_file: SheetMaker) -> remikcalc.SheetFile:
    return remikcalc.open_sheet(sheet_file("gin.yaml", stake="0.10"))


def refusal(
    book: remikcalc.SheetFile, call: object, kind: type[RemikcalcError] = RemikcalcError
) -> RemikcalcError:
    """Run ``call`` (a no-argument callable) that must fail and leave the file as it was."""
    before = Path(book.path).read_bytes()
    with pytest.raises(kind) as info:
        call()  # type: ignore[operator]
    assert Path(book.path).read_bytes() == before
    return info.value


def refused(
    book: remikcalc.SheetFile, call: object, kind: type[RemikcalcError] = RemikcalcError
) -> str:
    """The refusal of ``call`` as the command line words it (the library's sentence, the
    command line's options, and the sheet it left unchanged)."""
    error = refusal(book, call, kind)
    return for_command_line(error, unchanged=error.details.get("unchanged"))


def test_new_sheet_writes_what_new_writes(tmp_path: Path) -> None:
    remikcalc.new_sheet(
        tmp_path / "a.yaml",
        variant="gin",
        players=["Anna", "Boris"],
        stake="0.10",
        currency="pln",
        rules={"game_target": 150},
    )
    ok(
        "new",
        str(tmp_path / "b.yaml"),
        "-v",
        "gin",
        "--players",
        "Anna,Boris",
        "--stake",
        "0.10",
        "--currency",
        "pln",
        "--rule",
        "game_target=150",
    )
    assert (tmp_path / "a.yaml").read_bytes() == (tmp_path / "b.yaml").read_bytes()
    assert "currency: PLN" in (tmp_path / "a.yaml").read_text(encoding="utf-8")


def test_new_sheet_refuses_an_existing_file_and_bad_settings(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    remikcalc.new_sheet(path, variant="gin", players=["Anna", "Boris"])
    before = path.read_bytes()
    with pytest.raises(SheetError, match="already exists$") as exists:
        remikcalc.new_sheet(path, variant="gin", players=["Anna", "Boris"])
    assert exists.value.code == "sheet_exists"  # the command line adds "use --force"
    with pytest.raises(ArgumentError, match="named twice") as info:
        remikcalc.new_sheet(tmp_path / "x.yaml", variant="gin", players=["Anna", "anna"])
    assert info.value.param == "players" and info.value.exit_code == 2
    with pytest.raises(RemikcalcError, match="unknown rule key|no rule"):
        remikcalc.new_sheet(
            tmp_path / "x.yaml", variant="gin", players=["A", "B"], rules={"no_such_key": 1}
        )
    assert path.read_bytes() == before and not (tmp_path / "x.yaml").exists()
    remikcalc.new_sheet(path, variant="rummy", players="Anna, Boris, Carl", force=True)
    assert remikcalc.open_sheet(path).replay().sheet.players == ("Anna", "Boris", "Carl")


def test_add_writes_the_same_bytes_as_the_command(gin: remikcalc.SheetFile, tmp_path: Path) -> None:
    twin = tmp_path / "twin.yaml"
    twin.write_bytes(Path(gin.path).read_bytes())
    written = gin.add({"closer": "anna", "hands": HANDS})  # a name in any case, as typed
    ok("add", str(twin), "--closer", "anna", GIN_ANNA, GIN_BORIS)
    assert Path(gin.path).read_bytes() == twin.read_bytes()
    # Anna knocks with 2C (2); Boris's deadwood is 1+2+3+4+5+8+8+10+10+10 = 61: 61 - 2 = 59
    assert written.step is not None and written.step.totals == {"Anna": 59, "Boris": 0}
    assert written.replay.tally.totals == {"Anna": 59, "Boris": 0}
    assert written.version == gin.version != ""


def test_every_write_is_a_method_and_the_file_follows(gin: remikcalc.SheetFile) -> None:
    gin.add({"scores": {"Anna": 10}})
    gin.add({"scores": {"Boris": 20}})
    gin.add({"scores": {"Anna": 5}})
    assert gin.edit(2, {"scores": {"Boris": 21}}).step is not None
    removed = gin.delete(1).removed
    assert removed is not None and getattr(removed, "scores", None) == {"Anna": 10}
    assert [s.totals for s in gin.replay().steps] == [
        {"Anna": 0, "Boris": 21},
        {"Anna": 5, "Boris": 21},
    ]
    assert gin.undo().replay.tally.totals == {"Anna": 0, "Boris": 21}
    renamed = gin.rename("boris", "Borys")
    assert renamed.player == "Boris" and renamed.changed
    assert not gin.rename("Borys", "Borys").changed
    text = Path(gin.path).read_text(encoding="utf-8")
    assert "players: [Anna, Borys]" in text and "scores: {Borys: 21}" in text


def test_an_entry_is_the_keys_of_a_file_entry(gin: remikcalc.SheetFile) -> None:
    message = refused(gin, lambda: gin.add({"closr": "Anna", "hands": HANDS}), SheetError)
    assert "closr: unknown key; did you mean closer?" in message
    message = refused(gin, lambda: gin.add({"scores": {"Anna": "ten"}}), SheetError)
    assert "'ten' is not a whole number" in message
    message = refused(gin, lambda: gin.add({"scores": {"Anna": 1.5}}), SheetError)
    assert "is not text, a whole number, true or false" in message
    message = refused(gin, lambda: gin.add({"scores": {"Anna": -5}}))  # gin: never below 0
    assert message.endswith(f"{gin.path} is unchanged.")
    assert gin.add({"draw": True}).step is not None  # a gin draw: nobody scores


def test_a_refusal_is_the_command_lines_message_in_its_own_words(
    gin: remikcalc.SheetFile,
) -> None:
    gin.add({"scores": {"Anna": 10}})
    error = refusal(gin, lambda: gin.add({"scores": {"Anna": 10}}))
    # the library's sentence names no option; the command line adds --again and the file
    assert (error.code, str(error)) == (
        "same_as_last",
        "this is the same as deal 1, the last entry",
    )
    message = refused(gin, lambda: gin.add({"scores": {"Anna": 10}}))
    assert "give --again to add it once more" in message
    result = run("add", gin.path, "--score", "Anna=10")
    assert result.exit_code == 1 and result.output == f"Error: {message}\n"
    assert message.endswith(f"{gin.path} is unchanged.")
    message = refused(gin, lambda: gin.add({"closer": "Zed", "hands": HANDS}))
    result = run("add", gin.path, "--closer", "Zed", GIN_ANNA, GIN_BORIS)
    assert result.output == f"Error: {message}\n"
    message = refused(gin, lambda: gin.edit(7, {"scores": {"Anna": 1}}))
    assert run("edit", gin.path, "7", "--score", "Anna=1").output == f"Error: {message}\n"
    assert gin.add({"scores": {"Anna": 10}}, again=True).step is not None


def test_delete_rescores_what_follows_and_refuses_what_no_longer_fits(tmp_path: Path) -> None:
    book = remikcalc.new_sheet(
        tmp_path / "b.yaml", variant="bridge", players=["Anna", "Boris", "Carl"], stake="2"
    )
    book.add({"closer": "Anna", "scores": {"Anna": -10, "Boris": 40, "Carl": 90}})
    book.add({"closer": "Boris", "scores": {"Anna": 5, "Boris": -10, "Carl": 30}})  # Carl out
    book.add({"reenter": "Carl"})
    message = refused(book, lambda: book.delete(2))
    assert message == (
        "without deal 2, Carl's re-entry after it no longer fits: Carl cannot re-enter while "
        f"still in the game (total 90)\n{book.path} is unchanged."
    )
    assert run("delete", book.path, "2").output == f"Error: {message}\n"
    assert "there is no deal 3 to delete" in refused(book, lambda: book.delete(3))
    book.undo()  # the re-entry
    after = book.delete(1).replay
    assert after.tally.totals == {"Anna": 5, "Boris": -10, "Carl": 30}


def test_undo_refuses_to_leave_a_sheet_that_still_does_not_load(tmp_path: Path) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text(
        "remikcalc: 1\nvariant: oklahoma\nplayers: [Anna, Boris]\ndeals:\n"
        f"  - closer: Anna\n    hands: {{Anna: '{HANDS['Anna']}', Boris: '{HANDS['Boris']}'}}\n"
        "  - scores: {Anna: 5}\n",
        encoding="utf-8",
    )  # deal 1 lacks the up-card that oklahoma needs
    book = remikcalc.open_sheet(path)
    error = refusal(book, book.undo)
    assert error.code == "still_broken" and "--upcard" not in str(error)
    message = refused(book, book.undo)
    assert "without its last entry the sheet would still not load" in message
    assert "deal 1" in message and message.endswith(f"{path} is unchanged.")
    # the command line names its option where the library asks for the up-card
    assert "give it with --upcard CARD (upcard: in a sheet)" in message
    result = run("undo", str(path))
    assert result.exit_code == 1 and result.output == f"Error: {message}\n"


def test_a_stale_version_is_refused(gin: remikcalc.SheetFile) -> None:
    seen = gin.version
    gin.add({"scores": {"Anna": 10}})
    assert gin.version != seen
    refused(gin, lambda: gin.add({"scores": {"Boris": 3}}, version=seen), remikcalc.StaleSheet)
    ok("add", gin.path, "--score", "Boris=4")  # another writer: the version moves with it
    fresh = gin.version
    assert gin.add({"scores": {"Boris": 3}}, version=fresh).step is not None


def test_reading_is_cached_until_the_file_changes(gin: remikcalc.SheetFile) -> None:
    gin.add({"scores": {"Anna": 10}})
    first = gin.replay()
    assert gin.replay() is first
    ok("add", gin.path, "--score", "Boris=4")
    assert gin.replay() is not first and gin.replay().tally.totals == {"Anna": 10, "Boris": 4}


def test_one_of_eight_writers_with_one_version_wins(gin: remikcalc.SheetFile) -> None:
    version = gin.version
    results: list[str] = []

    def post() -> None:
        book = remikcalc.open_sheet(gin.path)
        try:
            book.add({"scores": {"Anna": 7}}, version=version)
            results.append("saved")
        except remikcalc.StaleSheet:
            results.append("stale")
        except DealError:  # the same deal as the last one: also a refusal
            results.append("same")

    threads = [threading.Thread(target=post) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("saved") == 1 and len(results) == 8
    assert len(gin.replay().steps) == 1


def test_writing_a_sheet_from_python_does_not_import_click(tmp_path: Path) -> None:
    code = (
        "import sys, remikcalc\n"
        f"s = remikcalc.new_sheet({str(tmp_path / 'g.yaml')!r}, variant='gin',"
        " players=['Anna', 'Boris'])\n"
        "s.add({'scores': {'Anna': 25}}); s.edit(1, {'scores': {'Boris': 5}}); s.undo()\n"
        "print(sorted(m for m in ('click', 'tabulate') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_writes_from_the_kept_replay_are_the_writes_from_a_fresh_one(
    gin: remikcalc.SheetFile, tmp_path: Path
) -> None:
    """One SheetFile keeps its replay between writes and scores the next write into a fork
    of it; a fresh read of the file must give the same sheet, and the same bytes as the same
    deals added by the command line, one process each."""
    twin = tmp_path / "twin.yaml"
    twin.write_bytes(Path(gin.path).read_bytes())
    deals = [("Anna", 60), ("Boris", 7), ("Anna", 45), ("Boris", 12), ("Anna", 9)]
    for name, points in deals:  # Anna's 105 ends game 1 at the third; the fourth starts game 2
        gin.add({"scores": {name: points}})
        ok("add", str(twin), "--score", f"{name}={points}")
    gin.add({"closer": "Anna", "hands": HANDS})
    ok("add", str(twin), "--closer", "Anna", GIN_ANNA, GIN_BORIS)
    assert Path(gin.path).read_bytes() == twin.read_bytes()
    kept = gin.replay()
    fresh = remikcalc.open_sheet(twin).replay()
    assert kept.sheet == fresh.sheet
    assert [s.totals for s in kept.steps] == [s.totals for s in fresh.steps]
    assert [s.game for s in kept.steps] == [s.game for s in fresh.steps] == [1, 1, 1, 2, 2, 2]
    assert kept.tally.net() == fresh.tally.net()


# --- edit keeps what is not given -----------------------------------------------------------------


# from issue 18, corrections and input at the table: edit keeps what is not given
def test_the_library_edit_keeps_with_keep(gin_here: Path) -> None:
    from remikcalc.session.book import open_sheet

    book = open_sheet("g.yaml")
    book.add(
        DealEntry(closer="Anna", hands={"Anna": GIN_KNOCK_ANNA, "Boris": GIN_DEFENCE_BORIS_RUN})
    )
    written = book.edit(1, DealEntry(hands={"boris": GIN_DEFENCE_BORIS}), keep=True)
    assert written.step is not None and written.step.totals == {"Anna": 59, "Boris": 0}
    (entry,) = load_sheet("g.yaml").entries
    assert isinstance(entry, DealEntry) and dict(entry.hands) == {
        "Anna": GIN_KNOCK_ANNA,
        "Boris": GIN_DEFENCE_BORIS,
    }
