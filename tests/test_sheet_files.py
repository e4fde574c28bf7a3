"""Sheet files on disk, driven through the CLI: every command that exits 0 leaves a sheet
that loads, every command that fails leaves the file byte for byte as it was, and no file,
input or layout ends in a traceback.

Saving (sheet/files.py): the new text reaches the disk before it replaces the sheet, within the
1 MiB limit, never over a read-only sheet, and a failure says the system's reason. Editing in
place (sheet/splice.py): every byte a write does not change stays as typed (comments, blank
lines, line ends, the order of the keys); a layout the in-place edit cannot follow is written
in the standard layout, with a warning.
"""

from __future__ import annotations

import inspect
import json
import os
import signal
import stat
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from remikcalc.base.errors import SheetError
from remikcalc.cli import cli
from remikcalc.sheet import MAX_BYTES, files, load_sheet
from tests.clirun import ok, process, run
from tests.hands import GIN_ANNA, GIN_BORIS, GIN_DEFENCE_BORIS_RUN, GIN_KNOCK_ANNA
from tests.sheets import SheetMaker

GIN = "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\n"
DEAL = [
    "--closer",
    "Anna",
    GIN_ANNA,
    GIN_BORIS,
]


def refused(path: Path, *args: str) -> str:
    """Run a command that must fail with exit 1 and leave ``path`` as it was; its message."""
    before = path.read_bytes() if path.is_file() else None
    result = run(*args)
    assert result.exit_code == 1, result.output
    if before is not None:
        assert path.read_bytes() == before
    message = result.output.strip()
    assert message.startswith("Error:") or message, message
    return message


def added(path: Path, *args: str) -> str:
    result = run("add", str(path), *args)
    assert result.exit_code == 0, result.output
    load_sheet(path)
    return path.read_bytes().decode("utf-8")  # line endings as they are


# --- 2. size ---------------------------------------------------------------------------------


def _padded(path: Path, room: int) -> None:
    """A gin sheet of exactly ``MAX_BYTES - room`` bytes (a long comment pads it)."""
    body = GIN + "deals:\n"
    pad = MAX_BYTES - room - len(body) - len("# \n")
    path.write_text("# " + "x" * pad + "\n" + body, encoding="utf-8")
    assert path.stat().st_size == MAX_BYTES - room


def test_add_refuses_to_grow_a_sheet_past_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "full.yaml"
    _padded(path, 50)  # a gin deal takes about 110 bytes
    load_sheet(path)
    message = refused(path, "add", str(path), *DEAL)
    assert "1024 KiB" in message and "new sheet" in message
    assert len(message.splitlines()) == 1


def test_add_fills_a_sheet_up_to_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "nearly.yaml"
    _padded(path, 200)
    added(path, *DEAL)
    assert MAX_BYTES - 200 < path.stat().st_size <= MAX_BYTES


def test_add_refuses_what_the_item_limit_would_refuse(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import remikcalc.sheet.yamltree as yamltree

    path = tmp_path / "items.yaml"
    path.write_text(GIN + "deals:\n  - scores: {Anna: 1}\n", encoding="utf-8")
    monkeypatch.setattr(yamltree, "MAX_NODES", 20)  # the sheet has 14 items, a deal adds 11
    message = refused(path, "add", str(path), *DEAL)
    assert "would not load again" in message and "new sheet" in message


def test_a_typical_gin_deal_takes_about_a_hundred_bytes(tmp_path: Path) -> None:
    """The 1 MiB limit holds some 9 000 two-player gin deals (docs/SHEET.md)."""
    path = tmp_path / "measure.yaml"
    path.write_text(GIN + "deals:\n", encoding="utf-8")
    before = path.stat().st_size
    added(path, *DEAL)
    assert 90 <= path.stat().st_size - before <= 130


# --- 8. files that are not regular files ------------------------------------------------------

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")


#: a gin sheet with a comment and one deal
CLUB = GIN + "# our club\ndeals:\n  - scores: {Anna: 5}\n"


@pytest.mark.slow
@needs_fifo
@pytest.mark.parametrize("command", ["show", "settle", "check", "add", "undo", "pool"])
def test_a_fifo_is_refused_at_once(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    extra = ["--score", "Anna=1"] if command == "add" else []
    done = process(command, str(fifo), *extra, timeout=20)  # blocked forever before
    assert done.returncode == 1, done.stderr
    said = done.stderr + done.stdout  # check reports each file in its table
    assert "named pipe" in said and "Traceback" not in said
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.yaml"]


@needs_fifo
def test_new_force_does_not_replace_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    result = run("new", str(fifo), "-v", "gin", "--players", "Anna,Boris", "--force")
    assert result.exit_code == 1 and "named pipe" in result.output
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.yaml"]


def test_a_device_is_refused_by_every_command(tmp_path: Path) -> None:
    if not os.path.exists(os.devnull) or os.name != "posix":
        pytest.skip("needs /dev/null")
    before = os.stat(os.devnull)
    for args in (
        ["new", os.devnull, "-v", "gin", "--players", "Anna,Boris", "--force"],
        ["add", os.devnull, "--score", "Anna=1"],
        ["show", os.devnull],
        ["undo", os.devnull],
    ):
        result = run(*args)
        assert result.exit_code == 1 and "a device" in result.output, (args, result.output)
    after = os.stat(os.devnull)
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
    assert not os.path.exists(os.devnull + ".lock")


def test_a_symlink_loop_is_one_line(tmp_path: Path) -> None:
    loop = tmp_path / "loop.yaml"
    loop.symlink_to(loop)
    new = ["new", str(loop), "-v", "gin", "--players", "Anna,Boris", "--force"]
    for args in (
        ["show", str(loop)],
        ["add", str(loop), "--score", "Anna=1"],
        ["undo", str(loop)],
        ["settle", str(loop)],
        new,
    ):
        result = run(*args)
        assert result.exit_code == 1, (args, result.output)
        assert "points back to itself" in result.output, (args, result.output)
        assert len(result.output.strip().splitlines()) == 1, result.output
    assert loop.is_symlink()


def test_a_symlink_to_a_sheet_keeps_working(tmp_path: Path, sheet_file: SheetMaker) -> None:
    real = sheet_file("real.yaml", text=CLUB)
    link = tmp_path / "link.yaml"
    link.symlink_to(real.name)
    text = added(link, "--score", "Boris=7")
    assert link.is_symlink() and "# our club" in text
    assert len(load_sheet(real).entries) == 2
    assert run("undo", str(link)).exit_code == 0
    assert link.is_symlink() and len(load_sheet(real).entries) == 1


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_a_read_only_sheet_is_refused(sheet_file: SheetMaker) -> None:
    path = sheet_file("ro.yaml", text=CLUB)
    path.chmod(0o444)
    try:
        new = ["new", str(path), "-v", "gin", "--players", "Anna,Boris", "--force"]
        for args in (["add", str(path), "--score", "Anna=1"], ["undo", str(path)], new):
            message = refused(path, *args)
            assert "read-only" in message and "chmod u+w" in message
        assert path.stat().st_mode & 0o777 == 0o444
        assert run("show", str(path)).exit_code == 0  # reading it is fine
    finally:
        path.chmod(0o644)


FULL_DISK = """
import resource, signal, sys
sys.dont_write_bytecode = True  # under the limit a byte-code cache would be written cut short
from remikcalc.cli import main
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[1]), int(sys.argv[1])))
sys.argv = ["remikcalc", *sys.argv[2:]]
main()
"""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGXFSZ"), reason="needs RLIMIT_FSIZE")
def test_a_full_disk_leaves_the_sheet_unchanged(tmp_path: Path, sheet_file: SheetMaker) -> None:
    path = sheet_file("full.yaml", text=CLUB)
    before = path.read_bytes()
    limit = str(len(before) + 20)  # room for less than one more deal
    done = subprocess.run(
        [sys.executable, "-c", FULL_DISK, limit, "add", str(path), *DEAL],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1, done.stderr
    assert "cannot save" in done.stderr and "unchanged" in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    fresh = tmp_path / "fresh.yaml"
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            FULL_DISK,
            "10",
            "new",
            str(fresh),
            "-v",
            "gin",
            "--players",
            "Anna,Boris",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and "cannot save" in done.stderr, done.stderr
    assert not fresh.exists()


# --- 7. line endings ---------------------------------------------------------------------------

COMMENTED = (
    "# Friday club\n"
    "remikcalc: 1\n"
    "variant: gin\n"
    'source: "SOURCE"  # where it comes from\n'
    "players: [Anna, Boris]\n"
    "deals:\n"
    "  # first deal\n"
    "  - scores: {Anna: 5}  # Anna\n"
    "  - scores: {Boris: 3}\n"
    "# the end\n"  # the parser counts it in the deals: a new deal goes below it
)


@pytest.mark.parametrize(
    ("eol", "source"),
    [
        ("\n", "plain"),
        ("\r\n", "plain"),
        ("\r", "plain"),
        ("\n", "one\u2028break"),
        ("\n", "two\u2028line\u2029breaks"),
        ("\n", "next\x85line"),
        ("\r", "cr\u2028and LS"),
        ("\r\n", "a\u2029b\x85c"),
    ],
)
def test_add_and_undo_keep_line_endings_and_comments(tmp_path: Path, eol: str, source: str) -> None:
    """The splicing counts lines as the YAML parser does (a line break in a quoted string
    folds to a space, but it is a line all the same). A title may not hold one (it is one
    line), so the breaks go into the free-text ``source``."""
    path = tmp_path / "eol.yaml"
    original = COMMENTED.replace("SOURCE", source).replace("\n", eol)
    path.write_bytes(original.encode("utf-8"))
    source_read = load_sheet(path).source
    text = added(path, "--score", "Anna=9")
    assert text == original + "  - scores: {Anna: 9}" + eol
    sheet = load_sheet(path)
    assert sheet.source == source_read and len(sheet.entries) == 3
    assert run("undo", str(path)).exit_code == 0
    assert path.read_bytes() == original.encode("utf-8")
    assert run("undo", str(path)).exit_code == 0
    text = path.read_bytes().decode("utf-8")
    # the deal goes, the comment after it stays (docs/SHEET.md: comments survive undo)
    assert text == original.replace("  - scores: {Boris: 3}" + eol, "")
    assert text.endswith("# the end" + eol)
    assert len(load_sheet(path).entries) == 1


def test_a_cr_sheet_with_no_deals_yet(tmp_path: Path) -> None:
    path = tmp_path / "cr.yaml"
    original = "# club\r" + GIN.replace("\n", "\r") + "deals:\r"
    path.write_bytes(original.encode())
    text = added(path, "--score", "Boris=2")
    assert text == original + "  - scores: {Boris: 2}\r"


# --- 11. locking ------------------------------------------------------------------------------


def test_no_lock_file_is_left_behind(tmp_path: Path) -> None:
    path = tmp_path / "tidy.yaml"
    assert run("new", str(path), "-v", "gin", "--players", "Anna,Boris").exit_code == 0
    added(path, *DEAL)
    assert run("undo", str(path)).exit_code == 0
    refused(path, "add", str(path), "--closer", "Zed", "Anna=AS")  # a failed add too
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tidy.yaml"]


def test_the_lock_still_excludes_and_times_out(tmp_path: Path) -> None:
    from remikcalc.base.errors import SheetError
    from remikcalc.sheet import locked

    path = tmp_path / "held.yaml"
    with locked(path):
        assert (tmp_path / "held.yaml.lock").exists()
        busy = pytest.raises(SheetError, match="being written by another remikcalc")
        with busy, locked(path, timeout=0.05):
            pass  # pragma: no cover
    assert not (tmp_path / "held.yaml.lock").exists()


HOLD = """
import sys, time
from remikcalc.sheet import locked
with locked(sys.argv[1]):
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


@pytest.mark.slow
def test_an_add_waits_for_the_holder_and_then_tidies_up(
    tmp_path: Path, sheet_file: SheetMaker
) -> None:
    path = sheet_file("wait.yaml", text=CLUB)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(path), "1.0"], stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    done = process("add", str(path), "--score", "Boris=4", timeout=20)
    assert holder.wait(timeout=30) == 0
    holder.stdout.close()
    assert done.returncode == 0, done.stderr
    assert len(load_sheet(path).entries) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["wait.yaml"]


# --- 9. comments kept when the deals are not yet a block list ---------------------------------

NOTES = "# club sheet\n" + GIN + "_n: {big: 1e3, lead: 010}  # kept as typed\n"


@pytest.mark.parametrize(
    ("deals", "after"),
    [
        ("", "deals:\n  - scores: {Anna: 9}\n"),  # no deals key at all
        ("deals:\n", "deals:\n  - scores: {Anna: 9}\n"),
        ("deals: []  # none yet\n", "deals:  # none yet\n  - scores: {Anna: 9}\n"),
        ("deals: ~\n", "deals:\n  - scores: {Anna: 9}\n"),
        ("deals: [{scores: {Boris: 1}}]\n", "deals: [{scores: {Boris: 1}}, {scores: {Anna: 9}}]\n"),
        (
            "deals: [\n  {scores: {Boris: 1}},\n]\n",
            "deals: [\n  {scores: {Boris: 1}},\n{scores: {Anna: 9}}]\n",
        ),
    ],
)
def test_add_keeps_comments_and_notes_in_every_layout(
    tmp_path: Path, deals: str, after: str
) -> None:
    path = tmp_path / "layout.yaml"
    path.write_text(NOTES + deals, encoding="utf-8")
    result = run("add", str(path), "--score", "Anna=9")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    assert path.read_text(encoding="utf-8") == NOTES + after
    assert load_sheet(path).notes == {"_n": {"big": Decimal("1e3"), "lead": 10}}


def test_deals_in_the_middle_of_the_sheet(tmp_path: Path) -> None:
    path = tmp_path / "middle.yaml"
    path.write_text(GIN + "deals: []\ntitle: Friday  # the club\n", encoding="utf-8")
    text = added(path, "--score", "Anna=9")
    assert text == GIN + "deals:\n  - scores: {Anna: 9}\ntitle: Friday  # the club\n"


def test_a_rewrite_that_loses_comments_says_so(tmp_path: Path) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text("# club\n" + GIN + "deals:\n  -\n    scores: {Boris: 1}\n", encoding="utf-8")
    result = run("add", str(path), "--score", "Anna=9")
    assert result.exit_code == 0
    assert "comments" in result.stderr and "not kept" in result.stderr
    assert len(load_sheet(path).entries) == 2
    canonical = tmp_path / "plain.yaml"
    assert run("new", str(canonical), "-v", "gin", "--players", "Anna,Boris").exit_code == 0
    result = run("add", str(canonical), "--score", "Anna=9")
    assert "warning" not in result.stderr  # nothing to lose


# --- saving: on disk before it replaces the sheet, within the limit, where it may -----------------


# from the mutation round of issue 20: a survivor in sheet/files.py
def test_a_saved_sheet_is_synced_to_disk_before_and_after_it_replaces_the_old(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sheet = tmp_path / "s.yaml"
    sheet.write_text("old\n", encoding="utf-8")
    synced: list[tuple[str, bool]] = []  # (what the descriptor is, whether the sheet is new)
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        kind = "folder" if os.path.isdir(f"/proc/self/fd/{fd}") else "file"
        synced.append((kind, sheet.read_text(encoding="utf-8") == "new\n"))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    files.save_text(sheet, "new\n")
    assert sheet.read_text(encoding="utf-8") == "new\n"
    # the temporary file is synced while the sheet still holds the old text; the folder after
    assert synced == [("file", False), ("folder", True)]


# from the mutation round of issue 20: a survivor in sheet/files.py
def test_the_store_refuses_text_the_reader_would_refuse_and_keeps_the_sheet(
    tmp_path: Path,
) -> None:
    # save_text's own check, behind the splice's: a sheet written past the limit could never
    # be read again
    sheet = tmp_path / "s.yaml"
    sheet.write_text("old\n", encoding="utf-8")
    with pytest.raises(SheetError, match="1024 KiB"):
        files.save_text(sheet, "x" * (MAX_BYTES + 1))
    assert sheet.read_text(encoding="utf-8") == "old\n"
    files.save_text(sheet, "x" * MAX_BYTES)  # the largest a sheet may be is kept
    assert sheet.stat().st_size == MAX_BYTES


def _padded_to(sheet_file: SheetMaker, size: int) -> Path:
    """A gin sheet that an added `--score Anna=5` deal makes exactly ``size`` bytes."""
    sheet = sheet_file(f"pad-{size}.yaml")
    text = sheet.read_text(encoding="utf-8")
    deal = "  - scores: {Anna: 5}\n"
    pad = size - len(text.encode("utf-8")) - len(deal) - len("#\n")
    sheet.write_text("#" + "x" * pad + "\n" + text, encoding="utf-8")
    return sheet


# from the mutation round of issue 20: a survivor in sheet/files.py
def test_a_write_of_exactly_the_largest_size_is_kept_and_one_byte_more_is_refused(
    sheet_file: SheetMaker,
) -> None:
    sheet = _padded_to(sheet_file, MAX_BYTES)
    ok("add", str(sheet), "--score", "Anna=5")
    assert sheet.stat().st_size == MAX_BYTES
    assert sheet.read_text(encoding="utf-8").endswith("deals:\n  - scores: {Anna: 5}\n")
    sheet = _padded_to(sheet_file, MAX_BYTES + 1)
    before = sheet.read_bytes()
    done = CliRunner().invoke(cli, ["add", str(sheet), "--score", "Anna=5"])
    assert done.exit_code == 1 and "1024 KiB" in done.output
    assert sheet.read_bytes() == before


# from the mutation round of issue 20: a survivor in sheet/files.py
def test_a_writer_waits_for_the_lock_as_long_as_the_sheet_format_says() -> None:
    # docs/SHEET.md: "the second waits up to 30 s"
    assert files.LOCK_TIMEOUT == 30.0
    assert inspect.signature(files.locked).parameters["timeout"].default == files.LOCK_TIMEOUT


# from the mutation round of issue 20: a survivor in sheet/files.py
def test_a_sheet_without_write_permission_bits_is_read_only_even_for_root(tmp_path: Path) -> None:
    # root may write anything (os.access says yes): the mode's write bits decide, and an
    # execute bit is no write bit
    sheet = tmp_path / "s.yaml"
    ok("new", str(sheet), "-v", "gin", "--players", "Anna,Boris")
    sheet.chmod(0o555)
    before = sheet.read_bytes()
    done = CliRunner().invoke(cli, ["add", str(sheet), "--score", "Anna=5"])
    assert done.exit_code == 1 and "is read-only" in done.output
    assert sheet.read_bytes() == before


# from the mutation round of issue 20: a survivor in sheet/files.py
def test_a_save_that_fails_says_the_systems_reason_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sheet = tmp_path / "s.yaml"
    sheet.write_text("old\n", encoding="utf-8")

    def full(_source: object, _target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(SheetError) as refused:
        files.save_text(sheet, "new\n")
    assert str(refused.value) == (
        f"{sheet}: cannot save: No space left on device; the sheet is unchanged"
    )
    assert sheet.read_text(encoding="utf-8") == "old\n"


# from the mutation round of issue 20: a survivor in sheet/files.py
def test_a_sheet_that_cannot_be_read_says_cannot_read(tmp_path: Path) -> None:
    loop = tmp_path / "loop.yaml"
    loop.symlink_to(loop)  # a link to itself: reading it fails with ELOOP
    done = CliRunner().invoke(cli, ["show", str(loop)])
    assert done.exit_code == 1
    assert f"{loop}: cannot read: a symbolic link that points back to itself" in done.output


# --- editing the text in place: every byte the write does not change stays as typed ---------------


FLOW = """\
remikcalc: 1
variant: rummy
players: [Anna, Boris]
deals: [{scores: {Anna: 10, Boris: -10}}, {scores: {Anna: 5, Boris: -5}}]
"""


# from the mutation round of issue 20: a survivor in sheet/splice.py
@pytest.mark.parametrize(
    ("command", "left"),
    [
        (["undo"], "  - scores: {Anna: 10, Boris: -10}\n"),  # the last deal goes
        (["delete", "1"], "  - scores: {Anna: 5, Boris: -5}\n"),  # the first deal goes
    ],
)
def test_a_deal_is_removed_from_deals_written_on_one_line(
    tmp_path: Path, command: list[str], left: str
) -> None:
    # the deals in one flow list: no entry's lines to cut out, so the sheet is written again
    # in the standard layout, and the user is told
    sheet = tmp_path / "flow.yaml"
    sheet.write_text(FLOW, encoding="utf-8")
    result = CliRunner().invoke(cli, [command[0], str(sheet), *command[1:]])
    assert result.exit_code == 0, result.output
    text = sheet.read_text(encoding="utf-8")
    assert text.endswith("players: [Anna, Boris]\ndeals:\n" + left)
    assert "rewritten in the standard layout" in result.output


# from the mutation round of issue 20: a survivor in sheet/splice.py
def test_a_deal_added_before_a_key_that_follows_the_deals_keeps_the_layout(
    tmp_path: Path,
) -> None:
    # the deals are not the last key: the new deal goes after the last one, before
    # "players:", and the comment and the order of the keys stay as typed
    sheet = tmp_path / "keys.yaml"
    sheet.write_text(
        "# our Tuesday game\nremikcalc: 1\nvariant: rummy\ndeals:\n"
        "  - scores: {Anna: 10, Boris: -10}\nplayers: [Anna, Boris]\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(
        cli, ["add", str(sheet), "--score", "Anna=5", "--score", "Boris=-5", "--again"]
    )
    assert result.exit_code == 0, result.output
    assert "standard layout" not in result.output
    assert sheet.read_text(encoding="utf-8") == (
        "# our Tuesday game\nremikcalc: 1\nvariant: rummy\ndeals:\n"
        "  - scores: {Anna: 10, Boris: -10}\n  - scores: {Anna: 5, Boris: -5}\n"
        "players: [Anna, Boris]\n"
    )


# The deals come before the players, whose line is the file's last: no line break after it,
# and a comment at its end (a file saved by an editor that adds no final newline).
LAST_LINE = (
    "# our Tuesday game{eol}remikcalc: 1{eol}variant: rummy   # plain rummy{eol}deals:{eol}"
    "  # first evening{eol}  - scores: {{Anna: 10, Boris: -10}}   # Anna went out{eol}"
    "{added}{last}"
)


# from the mutation round of issue 20: a survivor in sheet/splice.py
@pytest.mark.parametrize(
    ("eol", "last"),
    [
        ("\n", "players: [Anna, Boris]  # the two of us"),
        ("\r\n", "players: [Anna, Boris]  # the two of us"),  # Windows line ends
        ("\n", "players: [Anna, Boris]"),  # the key alone on the last line
    ],
)
def test_a_deal_added_before_a_last_line_without_a_line_break_keeps_the_sheet_as_typed(
    tmp_path: Path, eol: str, last: str
) -> None:
    """``add`` to a sheet whose deals end where its last line begins, a key with no line break
    after it: the new deal goes right after the last one, in the sheet's own line ends, and
    the rest of the file, comments and layout, stays byte for byte as the user typed it
    (appended after the last line instead, it would land in the players' value; that text
    does not load, and the whole sheet would be written again in the standard layout, its
    comments lost)."""
    sheet = tmp_path / "tuesday.yaml"
    sheet.write_bytes(LAST_LINE.format(eol=eol, added="", last=last).encode("utf-8"))
    result = ok("add", str(sheet), "--score", "Anna=5", "--score", "Boris=-5")
    assert "standard layout" not in result.output
    assert "Totals: Anna 15, Boris -15" in result.output
    added = "  - scores: {Anna: 5, Boris: -5}" + eol
    assert sheet.read_bytes().decode("utf-8") == LAST_LINE.format(eol=eol, added=added, last=last)


# The deals are the last key, and the file ends without a line break: on the last deal's own
# line, after a comment, or on a comment line after the deals.
DEALS_LAST = (
    "# our Tuesday game{eol}remikcalc: 1{eol}variant: rummy{eol}players: [Anna, Boris]{eol}"
    "deals:{eol}  # first evening{eol}{last}"
)


# from the mutation round of issue 20: a survivor in sheet/splice.py
@pytest.mark.parametrize(
    ("eol", "last"),
    [
        ("\n", "  - scores: {Anna: 10, Boris: -10}   # Anna went out"),
        ("\r\n", "  - scores: {Anna: 10, Boris: -10}   # Anna went out"),  # Windows line ends
        ("\n", "  - scores: {Anna: 10, Boris: -10}\n# to be continued"),
    ],
)
def test_a_deal_added_after_a_last_line_without_a_line_break_keeps_the_sheet_as_typed(
    tmp_path: Path, eol: str, last: str
) -> None:
    """``add`` to a sheet that ends without a line break, on its last deal or on a comment
    after the deals: the last line is ended (in the sheet's own line ends) and the new deal
    goes after it, every byte before it kept as typed. Run on after the last line instead,
    the new deal would land in the comment or on the last deal's line; that text does not
    load as the sheet wanted, and the whole sheet would be written again in the standard
    layout, its comments lost."""
    sheet = tmp_path / "tuesday.yaml"
    typed = DEALS_LAST.format(eol=eol, last=last.replace("\n", eol))
    sheet.write_bytes(typed.encode("utf-8"))
    result = ok("add", str(sheet), "--score", "Anna=5", "--score", "Boris=-5")
    assert "standard layout" not in result.output
    assert "Totals: Anna 15, Boris -15" in result.output
    added = eol + "  - scores: {Anna: 5, Boris: -5}" + eol
    assert sheet.read_bytes().decode("utf-8") == typed + added


# A players list over two lines whose first line holds a "]" in the very column where the
# list's own "]" stands on the second: the name "Jan [the elder] #2" is quoted and spread
# over the two lines, so the second line begins with "#" inside the quotes.
SPREAD = (
    "# Friday\nremikcalc: 1\nvariant: rummy\n"
    'players: [Anna, "Jan [the elder]\n'
    + " " * 21
    + '#2", Boris]\n'
    + 'deals:\n  - scores: {Anna: 10, "Jan [the elder] #2": 0, Boris: -10}\n'
)


# from the mutation round of issue 20: a survivor in sheet/splice.py
def test_a_rename_writes_again_the_whole_of_a_players_list_over_several_lines(
    tmp_path: Path,
) -> None:
    """``rename`` of a sheet whose players list spreads over two lines leaves no piece of
    the old list in the file: the old name is gone from every line and the sheet loads with
    the new one. Only a list on one line is written again in place; taken for one, the list
    here would have its first line replaced up to the "]" inside the quoted name, and its
    second line, now a comment, would stay behind with the old name in it (the text loads
    as the renamed sheet all the same, so the check by loading it back lets it through)."""
    assert SPREAD.splitlines()[3].index("]") == SPREAD.splitlines()[4].rindex("]") == 31
    sheet = tmp_path / "friday.yaml"
    sheet.write_text(SPREAD, encoding="utf-8")
    result = ok("rename", str(sheet), "Boris", "Borys")
    assert "Renamed Boris to Borys" in result.output
    text = sheet.read_text(encoding="utf-8")
    assert "Boris" not in text
    assert 'players: [Anna, "Jan [the elder] #2", Borys]\n' in text
    shown = ok("show", str(sheet))
    assert "rummy: Anna, Jan [the elder] #2, Borys" in shown.output


# from the mutation round of issue 20: a survivor in sheet/splice.py
def test_a_rename_keeps_the_comment_lines_between_deals_as_typed(tmp_path: Path) -> None:
    sheet = tmp_path / "s.yaml"
    text = (
        "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ndeals:\n"
        "  - scores: {Anna: 5}\n"
        "  # the second hour\n"
        "  #   (Carl came late)\n"
        "\n"
        "  - scores: {Boris: 7}\n"
        "  - scores: {Anna: 2}\n"
    )
    sheet.write_text(text, encoding="utf-8")
    ok("rename", str(sheet), "Boris", "Borys")
    assert sheet.read_text(encoding="utf-8") == text.replace("Boris", "Borys")


# from the mutation round of issue 20: a survivor in sheet/splice.py
def test_the_first_deal_of_a_sheet_ending_in_deals_without_a_line_break(tmp_path: Path) -> None:
    sheet = tmp_path / "s.yaml"
    text = "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ndeals:"
    sheet.write_text(text, encoding="utf-8")
    ok("add", str(sheet), "--score", "Anna=5")
    assert sheet.read_text(encoding="utf-8") == text + "\n  - scores: {Anna: 5}\n"


# from the mutation round of issue 20: a survivor in sheet/splice.py
def test_a_rename_in_a_sheet_of_old_mac_line_breaks_keeps_every_byte_but_the_names(
    tmp_path: Path,
) -> None:
    # lines end in "\r", one deal in "\r\n" with a blank line "\n" after it, before the
    # deals the rename rewrites: every byte but the names is kept
    sheet = tmp_path / "s.yaml"
    text = (
        "remikcalc: 1\rvariant: gin\rplayers: [Anna, Boris]\rdeals:\r"
        "  - scores: {Anna: 5}\r\n\n"
        "  - scores: {Boris: 7}\r"
        "  - closer: Boris\r    scores: {Boris: 1}\r"
    )
    sheet.write_bytes(text.encode("utf-8"))
    ok("rename", str(sheet), "Boris", "Borys")
    assert sheet.read_bytes().decode("utf-8") == text.replace("Boris", "Borys")


# from the mutation round of issue 20: a survivor in sheet/splice.py
def test_a_rename_after_a_crlf_deal_and_a_blank_line_in_a_cr_sheet_keeps_its_comments(
    tmp_path: Path,
) -> None:
    # a deal written in place after that gap would glue its "\r" to the "\n": the deals are
    # spliced one at a time instead, and the sheet keeps its comments (the canonical text,
    # written when splicing fails, would drop them)
    sheet = tmp_path / "s.yaml"
    text = (
        "remikcalc: 1\rvariant: gin\rplayers: [Anna, Boris]\r# Friday at Anna's\rdeals:\r"
        "  - scores: {Anna: 5}\r"
        "  - scores: {Boris: 7}\r\n\n"
        "  - closer: Boris\r    scores: {Boris: 1}\r"
    )
    sheet.write_bytes(text.encode("utf-8"))
    ok("rename", str(sheet), "Boris", "Borys")
    written = sheet.read_bytes().decode("utf-8")
    assert "# Friday at Anna's\r" in written and "Boris" not in written
    assert written.startswith("remikcalc: 1\rvariant: gin\rplayers: [Anna, Borys]\r")
    totals = json.loads(ok("settle", str(sheet), "--format", "json").output)["totals"]
    assert totals == {"Anna": 5, "Borys": 8}


# --- a layout the in-place edit cannot follow: the standard layout, and a warning -----------------


HANDS = f'{{Anna: "{GIN_KNOCK_ANNA}", Boris: "{GIN_DEFENCE_BORIS_RUN}"}}'


# from a hostile pass over the writing commands
def test_rename_in_a_layout_it_cannot_edit_in_place_warns_and_rewrites(tmp_path: Path) -> None:
    path = tmp_path / "wide.yaml"
    path.write_text(
        "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\n"
        f"deals:\n  -   closer: Anna\n      hands: {HANDS}\n",
        encoding="utf-8",
    )
    result = ok("rename", str(path), "boris", "Borys")
    assert "rewritten in the standard layout" in result.stderr
    assert load_sheet(path).players == ("Anna", "Borys")


# from a hostile pass over the writing commands
def test_edit_that_drops_comments_says_so(tmp_path: Path) -> None:
    path = tmp_path / "flow.yaml"
    path.write_text(
        "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\n"
        f"deals: [\n  {{closer: Anna, hands: {HANDS}}}, # first\n]\n",
        encoding="utf-8",
    )
    result = ok("edit", str(path), "1", "--score", "Boris=9")
    assert "comments and its own layout were not kept" in result.stderr
    assert load_sheet(path).entries[0].scores == {"Boris": 9}  # type: ignore[union-attr]
