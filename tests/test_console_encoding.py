"""A console that is not UTF-8 degrades the output instead of failing.

Under a Windows code page or ``PYTHONIOENCODING=ascii``, ``add`` used to save the deal and
then crash printing the sparklines, so the player added it again. Every command must exit 0
here, and after ``add`` the sheet holds the deal once.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from remikcalc.sheet import load_sheet
from tests.clirun import fails, ok, process
from tests.hands import BRIDGE_KNOCK_2, BRIDGE_LOSER_31, BRIDGE_NO_MELD_70

ANNA = f"Anna={BRIDGE_KNOCK_2}"
BORIS = f"Boris={BRIDGE_NO_MELD_70}"
CARL = f"Carl={BRIDGE_LOSER_31}"


@pytest.mark.slow
@pytest.mark.parametrize("encoding", ["cp1250", "cp1251", "cp852", "cp866", "ascii"])
def test_every_command_works_on_a_narrow_console(tmp_path: Path, encoding: str) -> None:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "COLUMNS": "100"}
    env.pop("PYTHONUTF8", None)
    path = str(tmp_path / "b.yaml")
    runs = [
        ("new", path, "-v", "bridge", "--players", "Anna,Boris,Carl", "--title", "Piątek — ♠"),
        ("add", path, "--closer", "Anna", ANNA, BORIS, CARL),
        ("show", path),
        ("settle", path),
        ("variants",),
        ("rules", "gin"),
        ("hand", "-v", "bridge", "Дч Дп JK 10♥ Wk 9♠ 9♦ 9♣"),
        ("--help",),
    ]
    for args in runs:
        done = process(*args, env=env, binary=True)
        err = done.stderr.decode(encoding, "replace")
        assert done.returncode == 0, (args, err)
        assert b"Traceback" not in done.stderr, (args, err)
        if encoding != "ascii":  # click writes UTF-8 where a stream claims ASCII
            done.stdout.decode(encoding)  # what was written is text of the console's encoding
        if args[0] == "show":
            out = done.stdout.decode("utf-8" if encoding == "ascii" else encoding, "replace")
            assert "Boris" in out and ("_#" in out or "▁█" in out), out
    entries = load_sheet(path).entries
    assert len(entries) == 1


def test_a_failure_after_the_save_says_the_deal_was_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import remikcalc.render.sheet as render

    path = tmp_path / "g.yaml"
    ok("new", str(path), "-v", "gin", "--players", "A,B")

    def broken(*_: object, **__: object) -> str:
        raise UnicodeEncodeError("cp1250", "▁", 0, 1, "character maps to <undefined>")

    monkeypatch.setattr(render, "render_added", broken)
    result = fails("add", str(path), "--score", "A=5", code=1)
    assert f"the deal was saved as deal 1 in {path}, but printing it failed" in result.output
    assert "do not add it again" in result.output
    assert len(load_sheet(path).entries) == 1
