"""The standard streams when they fail the command: output that cannot be written (a full
device, ``>/dev/full``; a reader that has gone, ``| head -0``) and a closed standard input.
The answer is one line, or nothing, never a traceback; and after a save never a half-truth:
the change is saved, and what is said says so, so that nobody types it again."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from remikcalc.sheet import load_sheet
from tests.clirun import command
from tests.sheets import GIN_TYPED

# --- output that cannot be written ----------------------------------------------------------------


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


# from the hostile round of issue 20: one line, never a half-truth after a save
@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", WRITERS, ids=lambda a: a[0])
def test_a_save_whose_output_cannot_be_written_says_it_is_saved(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    (tmp_path / "s.yaml").write_text(GIN_TYPED, encoding="utf-8")
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
    assert args[0] == "new" or changed.read_text(encoding="utf-8") != GIN_TYPED


# from the hostile round of issue 20: one line, never a half-truth after a save
@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", READERS, ids=lambda a: a[0])
def test_output_that_cannot_be_written_is_one_line(tmp_path: Path, args: tuple[str, ...]) -> None:
    (tmp_path / "s.yaml").write_text(GIN_TYPED, encoding="utf-8")
    with open("/dev/full", "w") as full:
        done = _remikcalc(*args, cwd=tmp_path, stdout=full)
    assert done.returncode == 1
    assert done.stderr == "Error: cannot write the output: No space left on device\n"


# from the hostile round of issue 20: one line, never a half-truth after a save
@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="closes a file descriptor")
def test_hand_from_a_closed_standard_input_is_one_line(tmp_path: Path) -> None:
    done = _remikcalc("hand", "-", cwd=tmp_path, preexec_fn=lambda: os.close(0))
    assert done.returncode == 1
    assert done.stderr == (
        "Error: the standard input is closed: give the hands on it, one per line\n"
    )


# --- a reader that has gone -----------------------------------------------------------------------


def _piped_to_a_closed_reader(*args: str) -> tuple[int, str]:
    """Run remikcalc with its stdout a pipe whose reader has already gone."""
    proc = subprocess.Popen(command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # like `| head -0`: nobody reads
    with proc.stderr:
        err = proc.stderr.read().decode()
    return proc.wait(), err


# from a hostile pass over the writing commands
@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ("add", "{file}", "--score", "Boris=3"),
        ("edit", "{file}", "1", "--score", "Boris=4"),
        ("rename", "{file}", "anna", "Ania"),
        ("undo", "{file}"),
    ],
)
def test_a_closed_pipe_after_the_save_is_success(tmp_path: Path, args: tuple[str, ...]) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(
        "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\ndeals:\n  - scores: {Anna: 5}\n",
        encoding="utf-8",
    )
    before = path.read_bytes()
    code, err = _piped_to_a_closed_reader(*(a.format(file=path) for a in args))
    assert (code, err) == (0, "")
    assert path.read_bytes() != before  # the change was made, and the exit says so
    load_sheet(path)
