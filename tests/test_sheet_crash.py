"""A writer killed with SIGKILL at random moments never leaves a broken or short sheet.

Each attempt runs ``python -m remikcalc add`` and kills it after a random delay, biased
towards the end of the command, where the sheet is written. After every attempt the sheet
must load, hold every deal whose ``add`` returned, and hold no deal twice.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import time
from pathlib import Path

import pytest

from remikcalc.sheet import DealEntry, load_sheet
from tests.clirun import command, ok

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL"),
]

BUDGET = 6.0  # seconds of killing
LONGEST = 60.0  # on a busy machine, longer: until enough adds were killed and enough returned


def _add(path: Path, n: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command("add", str(path), "--score", f"Anna={n}"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _ids(path: Path) -> list[int]:
    sheet = load_sheet(path)  # must always load
    ids = []
    for entry in sheet.entries:
        assert isinstance(entry, DealEntry) and entry.scores is not None
        ids.append(entry.scores["Anna"])
    return ids


def test_sigkill_while_adding_loses_no_returned_deal(tmp_path: Path) -> None:
    path = tmp_path / "crash.yaml"
    ok("new", str(path), "-v", "rummy", "--players", "Anna,Boris")
    start = time.monotonic()
    _add(path, 1).wait()
    runtime = time.monotonic() - start  # one whole add, start-up included
    returned: set[int] = {1}
    killed: set[int] = set()
    rng = random.Random(20241129)
    n = 1
    deadline, give_up = time.monotonic() + BUDGET, time.monotonic() + LONGEST
    streak = 0  # kills in a row: the machine got slower, so wait longer
    while time.monotonic() < deadline or (
        (len(killed) < 5 or len(returned) < 5) and time.monotonic() < give_up
    ):
        n += 1
        began = time.monotonic()
        proc = _add(path, n)
        try:
            proc.wait(timeout=rng.uniform(0.5 * runtime, 1.1 * runtime))
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
        if proc.returncode == 0:
            returned.add(n)
            runtime = 0.8 * runtime + 0.2 * (time.monotonic() - began)
            streak = 0
        else:
            streak += 1
            if streak >= 4:
                runtime *= 1.25
            assert proc.returncode == -signal.SIGKILL, f"add {n} failed: {proc.returncode}"
            killed.add(n)
        ids = _ids(path)
        assert len(ids) == len(set(ids)), "a deal was written twice"
        assert returned <= set(ids), f"lost deals {sorted(returned - set(ids))}"
        assert set(ids) <= returned | killed
    after_save = len(set(ids) & killed)
    print(
        f"\nSIGKILL: {n} adds, {len(killed)} killed ({after_save} after saving), "
        f"{len(returned)} returned; one add takes {runtime:.3f} s"
    )
    assert len(killed) >= 5 and len(returned) >= 5, (len(killed), len(returned))
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    ok("settle", str(path))
    # a stale temporary file from a killed writer is removed by the next save
    assert len(leftovers) <= 1
