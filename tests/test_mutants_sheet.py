"""Saving a score sheet (sheet/files.py), checked where tools/mutate.py's sample of mutants
found the suite silent (issue 20): "atomically and durably" means the new text reaches the
disk before it replaces the sheet, and the folder's entry for it is synced after; a deal is
removed from a sheet whose deals are written on one line.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from remikcalc.cli.main import cli
from remikcalc.sheet import files


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
