"""Saving a score sheet (sheet/files.py), checked where tools/mutate.py's sample of mutants
found the suite silent (issue 20): "atomically and durably" means the new text reaches the
disk before it replaces the sheet, and the folder's entry for it is synced after.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

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
