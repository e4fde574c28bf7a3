"""Ctrl-C at random moments: what the command says is what the file holds, never a traceback.

Like test_sheet_crash.py's SIGKILL loop, but with SIGINT: after each attempt, exit 0 means
the deal was saved; a message saying the sheet is unchanged means it is byte for byte; a
message saying the deal was saved means it is there once.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from remikcalc.sheet import DealEntry, load_sheet
from tests.clirun import command, default_sigint, ok

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals"),
]

BUDGET = 6.0  # seconds of interrupting
LONGEST = 60.0  # on a busy machine, longer: until an add returned and one was interrupted


def _add(path: Path, n: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command("add", str(path), "--score", f"Anna={n}"),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=default_sigint,
    )


# Python's own report of a Ctrl-C that lands in importlib's module-lock callback while Python
# imports the package, before the first line of remikcalc runs (no handler of ours can exist
# yet): Python drops the interrupt and the command goes on. The report is Python's, not ours
# (from our first line on, __main__.py drops such an interrupt itself): it is removed, and
# everything else the command said is checked.
_PYTHONS_OWN = re.compile(
    r"Exception ignored in: <function _get_module_lock\.<locals>\.cb at 0x[0-9a-f]+>\n"
    r"Traceback \(most recent call last\):\n(?:  .*\n)*KeyboardInterrupt: ?\n"
)
# Python's report of a Ctrl-C while it is still starting, before a line of remikcalc has run:
# while its site module runs the .pth files of site-packages (the CI image has one that
# imports certifi, and with it typing: "Fatal Python error: init_import_site"), while it sets
# up its encodings (another "init_..."), while it imports runpy for ``-m`` ("Could not import
# runpy module"), or while runpy looks for the package. It is a traceback none of whose frames
# is in the remikcalc package (an editable install's finder, __editable___remikcalc_..._finder.py,
# is Python's site machinery, not ours), ending in KeyboardInterrupt (after an empty line when
# it lands in a module the site machinery imports, enum's), and the whole of stderr; Python
# exits 1. The test still checks that the sheet is untouched.
_PYTHON_NOT_STARTED = re.compile(
    r"\A(?:Fatal Python error: init_\w+: [^\n]*\nPython runtime state: [^\n]*\n"
    r"|Could not import runpy module\n)?"
    r"Traceback \(most recent call last\):\n(?:  (?!.*[/\\]remikcalc[/\\]).*\n)*\n?"
    r"KeyboardInterrupt(?::.*)?\n\s*\Z"
)


def _startup() -> float:
    """How long Python takes to start, 1.5 times the shortest of five bare starts: before
    Python runs the package's first line no code of ours can catch Ctrl-C. The shortest, as
    one slow start on a loaded machine would push every signal past the end of the command."""
    times = []
    for _ in range(5):
        start = time.monotonic()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(time.monotonic() - start)
    return 1.5 * min(times)


def _said(err_bytes: bytes) -> str:
    """What the command said on stderr, without Python's own reports above."""
    err = err_bytes.decode("utf-8", "replace")
    return _PYTHONS_OWN.sub("", _PYTHON_NOT_STARTED.sub("", err))


def _ids(path: Path) -> list[int]:
    ids = []
    for entry in load_sheet(path).entries:  # must always load
        assert isinstance(entry, DealEntry) and entry.scores is not None
        ids.append(entry.scores["Anna"])
    return ids


def test_sigint_while_adding_is_reported_truthfully(tmp_path: Path) -> None:
    path = tmp_path / "int.yaml"
    ok("new", str(path), "-v", "rummy", "--players", "Anna,Boris")
    startup = _startup()
    start = time.monotonic()
    first = _add(path, 1)
    first.communicate()
    assert first.returncode == 0
    runtime = time.monotonic() - start
    rng = random.Random(20241130)
    seen = {"ok": 0, "unchanged": 0, "saved": 0, "startup": 0}
    n = 1
    deadline, give_up = time.monotonic() + BUDGET, time.monotonic() + LONGEST
    while time.monotonic() < deadline or (
        not (seen["ok"] and sum(seen.values()) - seen["ok"]) and time.monotonic() < give_up
    ):
        n += 1
        before = path.read_bytes()
        began = time.monotonic()
        proc = _add(path, n)
        try:
            # the window follows the shortest add seen: on a loaded machine the first one
            # can be much slower than the rest
            high = max(1.1 * runtime, 1.2 * startup)
            _, err_bytes = proc.communicate(timeout=rng.uniform(startup, high))
            runtime = min(runtime, time.monotonic() - began)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGINT)
            _, err_bytes = proc.communicate()
        err = _said(err_bytes)
        assert "Traceback" not in err, err
        ids = _ids(path)
        assert len(ids) == len(set(ids)), "a deal was written twice"
        if proc.returncode == 0:
            assert n in ids
            seen["ok"] += 1
        elif "interrupted after saving" in err:
            # 130, or killed by the signal itself (-2), which a shell also shows as 130
            assert proc.returncode in (130, -signal.SIGINT) and ids.count(n) == 1, err
            seen["saved"] += 1
        else:
            assert proc.returncode in (1, 130, -signal.SIGINT), (proc.returncode, err)
            assert path.read_bytes() == before, err
            assert n not in ids
            assert "Traceback" not in err and (
                "unchanged" in err or "nothing was" in err or not err
            )
            if "is unchanged" in err:
                seen["unchanged"] += 1
            else:
                seen["startup"] += 1
    assert seen["ok"] and sum(seen.values()) - seen["ok"], seen


CORRECTIONS = {
    "edit": ["1", "--score", "Boris=7"],
    "undo": [],
    "rename": ["anna", "Ania"],
}


def _sheet_text(deals: int) -> str:
    entries = "".join(f"  - scores: {{Anna: {n}}}\n" for n in range(1, deals + 1))
    return f"remikcalc: 1\nvariant: rummy\nplayers: [Anna, Boris]\ndeals:\n{entries}"


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(CORRECTIONS))
def test_sigint_while_correcting_never_says_nothing_changed_after_a_save(
    tmp_path: Path, command: str
) -> None:
    """edit, undo and rename print their output inside the save guard: a Ctrl-C while they
    print (the save done) says "interrupted after saving", and one after they printed is
    ignored (exit 0); none says "nothing was changed" of a sheet that changed, and none ends
    silently killed by the signal once the sheet is saved."""
    path = tmp_path / "c.yaml"
    original = _sheet_text(40).encode()
    args = [sys.executable, "-m", "remikcalc", command, str(path), *CORRECTIONS[command]]
    path.write_bytes(original)
    startup = _startup()
    start = time.monotonic()
    subprocess.run(args, capture_output=True, check=True, preexec_fn=default_sigint)
    runtime = time.monotonic() - start
    changed = path.read_bytes()
    assert changed != original
    rng = random.Random(f"20261201-{command}")
    seen = {"ok": 0, "saved": 0, "unchanged": 0, "before": 0}
    deadline = time.monotonic() + BUDGET / 2
    # until the budget is spent and at least one run was interrupted (on a loaded machine
    # the runs' length varies: the shortest one seen sets the window the signal falls in)
    while time.monotonic() < deadline or (
        seen["ok"] == sum(seen.values()) and time.monotonic() < deadline + BUDGET
    ):
        path.write_bytes(original)
        began = time.monotonic()
        proc = subprocess.Popen(
            args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=default_sigint
        )
        try:
            low = max(startup, 0.2 * runtime)
            _, err_bytes = proc.communicate(timeout=rng.uniform(low, max(1.2 * runtime, 1.2 * low)))
            runtime = min(runtime, time.monotonic() - began)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGINT)
            _, err_bytes = proc.communicate()
        err = _said(err_bytes)
        now = path.read_bytes()
        assert "Traceback" not in err, err
        assert now in (original, changed), "half a change"
        load_sheet(path)
        if now == changed:
            # the change is saved: exit 0, or 130 saying so; never a lie, never silence
            assert "nothing was changed" not in err and "unchanged" not in err, err
            if proc.returncode == 0:
                seen["ok"] += 1
            else:
                # 130, or killed by the signal itself (-2), which a shell also shows as 130
                saved = proc.returncode in (130, -signal.SIGINT)
                assert saved and "interrupted after saving" in err, (proc.returncode, err)
                seen["saved"] += 1
        else:
            assert proc.returncode in (1, 130, -signal.SIGINT), (proc.returncode, err)
            assert "after saving" not in err
            if err:
                assert "unchanged" in err or "nothing was changed" in err, err
                seen["unchanged"] += 1
            else:  # killed before Python ran a line of ours
                seen["before"] += 1
    assert sum(seen.values()) > seen["ok"], seen  # some were interrupted (the first run was not)


def test_only_pythons_own_start_up_reports_are_set_aside() -> None:
    """The filter above removes Python's reports of a Ctrl-C before a line of the package ran
    (as CI's Python printed them) and nothing else: a traceback of ours stays to fail a test."""
    frames = '  File "<frozen importlib._bootstrap>", line 1176, in _find_and_load\n'
    site = (
        "Fatal Python error: init_import_site: Failed to import the site module\n"
        "Python runtime state: initialized\nTraceback (most recent call last):\n"
        f'{frames}  File "<string>", line 1, in <module>\nKeyboardInterrupt\n'
    )
    runpy = (
        "Could not import runpy module\nTraceback (most recent call last):\n"
        f"{frames}    from collections import deque\nKeyboardInterrupt\n"
    )
    finding = (
        "Traceback (most recent call last):\n"
        '  File "<frozen runpy>", line 189, in _run_module_as_main\n'
        f"{frames}KeyboardInterrupt\n"
    )
    ours = (
        "Traceback (most recent call last):\n"
        f'{frames}  File "/venv/lib/python3.11/site-packages/remikcalc/cli.py", line 9\n'
        "KeyboardInterrupt\n"
    )
    in_enum = (  # seen on a loaded machine: the interrupt lands in enum, which site imports
        "Fatal Python error: init_import_site: Failed to import the site module\n"
        "Python runtime state: initialized\nTraceback (most recent call last):\n"
        f'{frames}  File "/py/lib/python3.11/enum.py", line 826, in __setattr__\n'
        "    def __setattr__(cls, name, value):\n\nKeyboardInterrupt\n"
    )
    assert _said(site.encode()) == _said(runpy.encode()) == _said(finding.encode()) == ""
    assert _said(in_enum.encode()) == ""
    assert _said(ours.encode()) == ours
    assert _said((site + "interrupted; c.yaml is unchanged\n").encode()) != ""
