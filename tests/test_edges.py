"""The edges of the hostile round (issue 20, items 5 and 6): one line, never a traceback, and
never a half-truth after a save.

- output that cannot be written (``>/dev/full``): one line; after a save it says the change is
  saved, so that nobody types it again;
- a working folder that was removed, a closed standard input, a folder tree 1,100 levels deep,
  an empty or damaged ``.mo`` catalogue (English, with one warning line);
- one bad sheet lists at most ``MAX_PROBLEMS`` problems and counts the rest; a hard link is the
  same sheet named twice in an evening; ``round`` takes ``A`` and ``a`` as one player.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from remikcalc.sheet import load_sheet
from remikcalc.sheet.yamltree import MAX_PROBLEMS
from tests.clirun import GIN_ANNA, GIN_BORIS, ok, run

SHEET = "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ndeals:\n  - scores: {Anna: 5}\n"


def _remikcalc(
    *args: str, cwd: Path, stdout: object = None, **kw: object
) -> subprocess.CompletedProcess[str]:
    done: subprocess.CompletedProcess[str] = subprocess.run(  # type: ignore[call-overload]
        [sys.executable, "-m", "remikcalc", *args],
        cwd=cwd,
        stdout=stdout if stdout is not None else subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        **kw,
    )
    return done


# --- output that cannot be written ----------------------------------------------------------

WRITERS = [
    ("new", "n.yaml", "-v", "gin", "--players", "Anna,Boris"),
    ("add", "s.yaml", "--score", "Boris=3"),
    ("edit", "s.yaml", "1", "--score", "Boris=4"),
    ("delete", "s.yaml", "1"),
    ("undo", "s.yaml"),
    ("rename", "s.yaml", "anna", "Ania"),
]
READERS = [
    ("show", "s.yaml"),
    ("settle", "s.yaml", "--json"),
    ("stats", "s.yaml"),
    ("variants",),
    ("rules", "gin"),
    ("hand", "9C", "7H", "QD", "9D", "9H", "5S", "6S", "7S", "KD", "KH"),
    ("--help",),
    ("check",),
]


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", WRITERS, ids=lambda a: a[0])
def test_a_save_whose_output_cannot_be_written_says_it_is_saved(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    (tmp_path / "s.yaml").write_text(SHEET, encoding="utf-8")
    with open("/dev/full", "w") as full:
        done = _remikcalc(*args, cwd=tmp_path, stdout=full)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert "saved" in done.stderr and (
        "cannot write the output" in done.stderr or "printing it failed" in done.stderr
    )
    changed = tmp_path / args[1]
    load_sheet(changed)
    assert args[0] == "new" or changed.read_text(encoding="utf-8") != SHEET


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", READERS, ids=lambda a: a[0])
def test_output_that_cannot_be_written_is_one_line(tmp_path: Path, args: tuple[str, ...]) -> None:
    (tmp_path / "s.yaml").write_text(SHEET, encoding="utf-8")
    with open("/dev/full", "w") as full:
        done = _remikcalc(*args, cwd=tmp_path, stdout=full)
    assert done.returncode == 1
    assert done.stderr == "Error: cannot write the output: No space left on device\n"


# --- a working folder that is gone, stdin closed, a deep tree ---------------------------------


def test_a_working_folder_that_was_removed_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    result = run("new", "rel.yaml", "-v", "gin", "--players", "Anna,Boris")
    assert result.exit_code == 1
    assert "the current folder no longer exists" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    other = tmp_path / "a.yaml"
    ok("new", str(other), "-v", "gin", "--players", "Anna,Boris")  # a full path still works
    result = run("settle", "a.yaml", "b.yaml")
    assert result.exit_code == 1 and "no longer exists" in result.output


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="closes a file descriptor")
def test_hand_from_a_closed_standard_input_is_one_line(tmp_path: Path) -> None:
    done = _remikcalc("hand", "-", cwd=tmp_path, preexec_fn=lambda: os.close(0))
    assert done.returncode == 1
    assert done.stderr == (
        "Error: the standard input is closed: give the hands on it, one per line\n"
    )


def test_check_walks_a_tree_1100_folders_deep(tmp_path: Path) -> None:
    here = os.getcwd()
    try:  # os.makedirs recurses too: one level at a time
        os.chdir(tmp_path)
        for _ in range(1100):
            os.mkdir("d")
            os.chdir("d")
        Path("deep.yaml").write_text(SHEET, encoding="utf-8")
    finally:
        os.chdir(here)
    try:
        result = run("check", str(tmp_path), "--format", "plain")
    finally:  # shutil.rmtree recurses too: pytest could not clean the tree up
        (tmp_path.joinpath(*["d"] * 1100) / "deep.yaml").unlink()
        for depth in range(1100, 0, -1):
            tmp_path.joinpath(*["d"] * depth).rmdir()
    assert result.exit_code == 1  # an example without expect: a failed check, not a crash
    assert "deep.yaml" in result.output and "RecursionError" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


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


# --- smaller: capped problems, hard links, A and a ------------------------------------------


def test_a_sheet_with_thousands_of_problems_lists_the_first_and_counts_the_rest(
    tmp_path: Path,
) -> None:
    sheet = tmp_path / "bad.yaml"
    deals = "".join("  - {closer: Zed}\n" for _ in range(10_000))
    sheet.write_text(f"remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ndeals:\n{deals}")
    result = run("show", str(sheet))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert len(lines) == MAX_PROBLEMS + 1
    assert lines[-1] == f"{sheet}: and {20_000 - MAX_PROBLEMS} more problems (mend these first)"


def test_a_hard_link_is_the_same_sheet_named_twice(tmp_path: Path) -> None:
    sheet, link = tmp_path / "s.yaml", tmp_path / "link.yaml"
    sheet.write_text(SHEET, encoding="utf-8")
    os.link(sheet, link)
    for command in ("settle", "stats"):
        result = run(command, str(sheet), str(link))
        assert result.exit_code == 2, result.output
        assert f"{link} is named twice (as {sheet})" in result.output
    evening = tmp_path / "e.yaml"
    evening.write_text("remikcalc: 1\nevening: [s.yaml, link.yaml]\nexpect: {}\n")
    result = run("check", str(evening), "--format", "plain")
    assert result.exit_code == 1 and "is named twice" in result.output


def test_round_takes_a_and_capital_a_as_one_player_as_new_does() -> None:
    result = run(
        "round",
        "gin",
        "--closer",
        "A",
        GIN_ANNA.replace("Anna", "A"),
        GIN_BORIS.replace("Boris", "a"),
    )
    assert result.exit_code == 1
    assert "a is named twice (as A: names are matched ignoring case)" in result.output
    result = run("new", str(Path("no-such-folder") / "x.yaml"), "-v", "gin", "--players", "A,a")
    assert result.exit_code == 2 and "a player is named twice" in result.output
