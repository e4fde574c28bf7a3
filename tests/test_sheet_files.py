"""Sheet files on disk, driven through the CLI: every command that exits 0 leaves a sheet
that loads, every command that fails leaves the file byte for byte as it was, and no file,
input or layout ends in a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from remikcalc.cli.main import cli
from remikcalc.sheet import MAX_BYTES, load_sheet

GIN = "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\n"
DEAL = ["--closer", "Anna", "Anna=9C 9D 9H 5S 6S 7S KD KH KS 2C",
        "Boris=AS 2S 3H 4D 5D 8C 8D JC QC TD"]  # fmt: skip


def run(*args: str) -> Result:
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    return result


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
    return path.read_text(encoding="utf-8")


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
