"""Saving a score sheet (sheet/files.py) and editing its text in place (sheet/splice.py),
checked where tools/mutate.py's sample of mutants found the suite silent (issue 20):
"atomically and durably" means the new text reaches the disk before it replaces the sheet,
and the folder's entry for it is synced after; a deal is removed from a sheet whose deals are
written on one line; a deal added to a hand-written sheet whose last line is a key, with no
line break after it, goes in after the last deal and leaves every other byte as typed; a
rename writes the whole players list again even where it spreads over several lines.
"""

from __future__ import annotations

import inspect
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from remikcalc.base.errors import SheetError
from remikcalc.cli import cli
from remikcalc.sheet import MAX_BYTES, files
from tests.clirun import ok


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


FLOW = """\
remikcalc: 1
variant: rummy
players: [Anna, Boris]
deals: [{scores: {Anna: 10, Boris: -10}}, {scores: {Anna: 5, Boris: -5}}]
"""


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


def _padded(tmp_path: Path, size: int) -> Path:
    """A gin sheet that an added `--score Anna=5` deal makes exactly ``size`` bytes."""
    sheet = tmp_path / f"pad-{size}.yaml"
    ok("new", str(sheet), "-v", "gin", "--players", "Anna,Boris")
    text = sheet.read_text(encoding="utf-8")
    deal = "  - scores: {Anna: 5}\n"
    pad = size - len(text.encode("utf-8")) - len(deal) - len("#\n")
    sheet.write_text("#" + "x" * pad + "\n" + text, encoding="utf-8")
    return sheet


def test_a_write_of_exactly_the_largest_size_is_kept_and_one_byte_more_is_refused(
    tmp_path: Path,
) -> None:
    sheet = _padded(tmp_path, MAX_BYTES)
    ok("add", str(sheet), "--score", "Anna=5")
    assert sheet.stat().st_size == MAX_BYTES
    assert sheet.read_text(encoding="utf-8").endswith("deals:\n  - scores: {Anna: 5}\n")
    sheet = _padded(tmp_path, MAX_BYTES + 1)
    before = sheet.read_bytes()
    done = CliRunner().invoke(cli, ["add", str(sheet), "--score", "Anna=5"])
    assert done.exit_code == 1 and "1024 KiB" in done.output
    assert sheet.read_bytes() == before


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


def test_a_writer_waits_for_the_lock_as_long_as_the_sheet_format_says() -> None:
    # docs/SHEET.md: "the second waits up to 30 s"
    assert files.LOCK_TIMEOUT == 30.0
    assert inspect.signature(files.locked).parameters["timeout"].default == files.LOCK_TIMEOUT


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


def test_a_sheet_that_cannot_be_read_says_cannot_read(tmp_path: Path) -> None:
    loop = tmp_path / "loop.yaml"
    loop.symlink_to(loop)  # a link to itself: reading it fails with ELOOP
    done = CliRunner().invoke(cli, ["show", str(loop)])
    assert done.exit_code == 1
    assert f"{loop}: cannot read: a symbolic link that points back to itself" in done.output


def test_the_first_deal_of_a_sheet_ending_in_deals_without_a_line_break(tmp_path: Path) -> None:
    sheet = tmp_path / "s.yaml"
    text = "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ndeals:"
    sheet.write_text(text, encoding="utf-8")
    ok("add", str(sheet), "--score", "Anna=5")
    assert sheet.read_text(encoding="utf-8") == text + "\n  - scores: {Anna: 5}\n"


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
