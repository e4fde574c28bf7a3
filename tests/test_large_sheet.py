"""A sheet near the 1 MiB limit: every command still works on it, and on a terminal a line
says that reading it takes a few seconds (issue 20: a 1 MiB sheet finishes within a few
seconds, with a progress line on a terminal). The time itself is a figure of
benchmarks/bench_sheet.py, never an assertion here."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from remikcalc.commands.current import LARGE_SHEET
from remikcalc.sheet import load_sheet

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.name != "posix", reason="needs a pseudo-terminal"),
]


def _large(path: Path) -> int:
    lines = ["remikcalc: 1", "variant: rummy", "players: [Anna, Boris, Carl]", "deals:"]
    n = 0
    while sum(len(line) + 1 for line in lines) < LARGE_SHEET + 4096:
        n += 1
        lines.append(f"  - scores: {{Anna: {n % 50}, Boris: {-(n % 50)}, Carl: 0}}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return n


def _run(*args: str, tty: bool) -> tuple[int, str, str]:
    """remikcalc ARGS with stderr on a pseudo-terminal (``tty``) or a pipe."""
    command = [sys.executable, "-m", "remikcalc", *args]
    env = {**os.environ, "REMIKCALC_LANG": "en"}
    if not tty:
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
        return done.returncode, done.stdout, done.stderr
    main, side = pty.openpty()
    try:
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=side, env=env)
        os.close(side)
        out, _ = proc.communicate(timeout=300)
        err = b""
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the other side closed: all read
                break
            if not chunk:
                break
            err += chunk
    finally:
        os.close(main)
    return proc.returncode, out.decode(), err.decode().replace("\r\n", "\n")


def test_a_large_sheet_is_said_on_a_terminal_and_its_commands_work(tmp_path: Path) -> None:
    path = tmp_path / "large.yaml"
    deals = _large(path)
    code, out, err = _run("show", str(path), "--format", "plain", tty=True)
    assert code == 0, err
    assert f"{path} is a large sheet (" in err and "a few seconds" in err
    assert len(out.splitlines()) == deals + 1  # the heading and one row a deal
    code, _, err = _run("add", str(path), "--score", "Anna=7", "--score", "Boris=-7", tty=True)
    assert code == 0, err
    assert err.count("is a large sheet") == 1  # once, though add reads it twice
    assert len(load_sheet(path).entries) == deals + 1
    # on a pipe (a script, a log): nothing but the output
    code, _, err = _run("undo", str(path), tty=False)
    assert (code, err) == (0, "")
    assert len(load_sheet(path).entries) == deals


def test_a_small_sheet_says_nothing_on_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "small.yaml"
    path.write_text(
        "remikcalc: 1\nvariant: rummy\nplayers: [Anna, Boris]\ndeals:\n"
        "  - scores: {Anna: 5, Boris: -5}\n",
        encoding="utf-8",
    )
    code, out, err = _run("show", str(path), tty=True)
    assert (code, err) == (0, "")
    assert "Anna" in out
