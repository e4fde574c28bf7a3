"""A sheet whose lock another program holds: the pad's other sheets still answer at once, the
writes waiting for it wait without holding the pad's worker threads and are answered in words
a phone can read (no path of the server's), and nothing is lost or written twice."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import remikcalc
from tests.padkit import ask, running_pad

HOLDER = """
import sys
from remikcalc.sheet.files import locked
with locked(sys.argv[1]):
    print("held", flush=True)
    sys.stdin.readline()
"""


class LockHolder:
    """Another process holding a sheet's lock until :meth:`release`."""

    def __init__(self, path: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        assert self.proc.stdout.readline().strip() == "held"

    def release(self) -> None:
        assert self.proc.stdin is not None
        if self.proc.poll() is None:
            self.proc.stdin.write("\n")
            self.proc.stdin.close()
        self.proc.wait(30)
        if self.proc.stdout is not None:
            self.proc.stdout.close()


def two_sheets(folder: Path) -> None:
    for name in ("a", "b"):
        remikcalc.new_sheet(folder / f"{name}.yaml", variant="gin", players=["Anna", "Boris"])


@pytest.mark.slow
def test_writes_waiting_for_one_sheets_lock_leave_the_other_sheets_answering(
    tmp_path: Path,
) -> None:
    two_sheets(tmp_path)
    with running_pad(tmp_path) as (_app, config, port):
        token = config.token
        _s, listing, _h = ask(port, token, "GET", "/api/sheets")
        ids = {s["name"]: s["id"] for s in listing["sheets"]}
        a, b = ids["a.yaml"], ids["b.yaml"]
        version = ask(port, token, "GET", f"/api/sheets/{a}")[1]["version"]
        holder = LockHolder(tmp_path / "a.yaml")
        answers: list[int] = []

        def write(i: int) -> None:
            body = {"version": version, "entry": {"scores": {"Anna": i + 1}}}
            answers.append(ask(port, token, "POST", f"/api/sheets/{a}/entries", body)[0])

        writers = [threading.Thread(target=write, args=(i,)) for i in range(60)]
        for t in writers:
            t.start()
        time.sleep(0.5)  # the sixty writes reach the pad and wait
        page: list[int] = []
        reader = threading.Thread(target=lambda: page.append(ask(port, token, "GET", f"/s/{b}")[0]))
        reader.start()
        reader.join(25)  # with every worker thread waiting for A's lock, B waited as long
        answered_while_held = list(page)
        holder.release()
        reader.join()
        for t in writers:
            t.join()
    assert answered_while_held == [200]
    assert 500 not in answers and answers.count(201) <= 1
    deals = len(remikcalc.open_sheet(tmp_path / "a.yaml").replay().steps)
    assert deals == answers.count(201)


def test_a_write_that_waited_too_long_names_no_path_of_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from remikcalc.sheet import files
    from remikcalc.web import call

    # the library gives up after a second here (30 s at a table), the pad's queue after 0.2 s
    monkeypatch.setattr(files.locked.__wrapped__, "__defaults__", (1.0,))  # type: ignore[attr-defined]
    monkeypatch.setattr(call, "WRITE_WAIT", 0.2)
    folder = tmp_path / "friday"
    folder.mkdir()
    two_sheets(folder)
    with running_pad(folder) as (_app, config, port):
        token = config.token
        ids = {s["name"]: s["id"] for s in ask(port, token, "GET", "/api/sheets")[1]["sheets"]}
        a = ids["a.yaml"]
        version = ask(port, token, "GET", f"/api/sheets/{a}")[1]["version"]
        holder = LockHolder(folder / "a.yaml")
        try:
            said: list[tuple[int, Any]] = []

            def write(i: int) -> None:
                body = {"version": version, "entry": {"scores": {"Anna": i + 1}}}
                status, data, _h = ask(port, token, "POST", f"/api/sheets/{a}/entries", body)
                said.append((status, data))

            writers = [threading.Thread(target=write, args=(i,)) for i in range(2)]
            for t in writers:
                t.start()
            for t in writers:
                t.join()
        finally:
            holder.release()
    statuses = sorted(status for status, _data in said)
    assert statuses == [422, 503], said  # the lock given up on; the queue given up on
    for _status, data in said:
        assert str(tmp_path) not in data["error"] and "a.yaml" in data["error"], data
