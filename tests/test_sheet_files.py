"""Sheet files on disk, driven through the CLI: every command that exits 0 leaves a sheet
that loads, every command that fails leaves the file byte for byte as it was, and no file,
input or layout ends in a traceback."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from remikcalc.sheet import MAX_BYTES, load_sheet
from tests.clirun import process, run

GIN = "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\n"
DEAL = [
    "--closer",
    "Anna",
    "Anna=9C 9D 9H 5S 6S 7S KD KH KS 2C",
    "Boris=AS 2S 3H 4D 5D 8C 8D JC QC TD",
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


def _sheet(path: Path) -> Path:
    path.write_text(GIN + "# our club\ndeals:\n  - scores: {Anna: 5}\n", encoding="utf-8")
    return path


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


def test_a_symlink_to_a_sheet_keeps_working(tmp_path: Path) -> None:
    real = _sheet(tmp_path / "real.yaml")
    link = tmp_path / "link.yaml"
    link.symlink_to(real.name)
    text = added(link, "--score", "Boris=7")
    assert link.is_symlink() and "# our club" in text
    assert len(load_sheet(real).entries) == 2
    assert run("undo", str(link)).exit_code == 0
    assert link.is_symlink() and len(load_sheet(real).entries) == 1


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_a_read_only_sheet_is_refused(tmp_path: Path) -> None:
    path = _sheet(tmp_path / "ro.yaml")
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
def test_a_full_disk_leaves_the_sheet_unchanged(tmp_path: Path) -> None:
    path = _sheet(tmp_path / "full.yaml")
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
def test_an_add_waits_for_the_holder_and_then_tidies_up(tmp_path: Path) -> None:
    path = _sheet(tmp_path / "wait.yaml")
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
