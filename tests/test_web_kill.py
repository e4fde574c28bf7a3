"""The pad's server killed (SIGKILL) while phones write: the sheet always loads, and holds
every deal a phone was told is saved, once, and at most the one in flight besides (issue 17,
"a server killed mid-write leaves a sheet that loads")."""

from __future__ import annotations

import http.client
import itertools
import json
import os
import random
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from remikcalc.sheet import DealEntry, load_sheet
from tests.test_web_reports import _sheet_id, served_process

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.name != "posix", reason="needs POSIX signals"),
]


def _ids(path: Path) -> list[int]:
    out = []
    for entry in load_sheet(path).entries:  # must load, every time
        assert isinstance(entry, DealEntry) and entry.scores is not None
        out.append(entry.scores["Anna"])
    return out


def test_a_server_killed_while_phones_write_leaves_every_saved_deal(tmp_path: Path) -> None:
    path = tmp_path / "kill.yaml"
    path.write_text("remikcalc: 1\nvariant: rummy\nplayers: [Anna, Boris]\ndeals: []\n")
    rng = random.Random(20261201)
    told: list[int] = []  # the deals a phone was answered 201 for
    numbers = itertools.count(1)
    for kills in range(1, 5):
        with served_process(tmp_path) as (port, token, _stopped):
            sheet_id = _sheet_id(port, token, "kill.yaml")
            stop = threading.Event()
            writer = threading.Thread(
                target=_write_until, args=(stop, port, token, sheet_id, numbers, told)
            )
            writer.start()
            time.sleep(rng.uniform(0.3, 1.5))
            os.kill(_server_pid(port), signal.SIGKILL)
            stop.set()
            writer.join(30)
        ids = _ids(path)
        assert len(ids) == len(set(ids)), "a deal saved twice"
        assert set(told) <= set(ids), "a deal a phone was told is saved is missing"
        assert len(set(ids) - set(told)) <= kills  # at most the one in flight, per kill
    assert told, "no write was answered before the kills"


def _write_until(
    stop: threading.Event,
    port: int,
    token: str,
    sheet_id: str,
    numbers: Iterator[int],
    told: list[int],
) -> None:
    """A phone adding deals (Anna N, Boris -N) one after another until ``stop`` or the
    server is gone; each N answered 201 goes into ``told``."""
    version = _version(port, token, sheet_id)
    while not stop.is_set():
        n = next(numbers)
        body = {"version": version, "entry": {"scores": {"Anna": n, "Boris": -n}}}
        try:
            status, data = _post(port, token, f"/api/sheets/{sheet_id}/entries", body)
        except (OSError, http.client.HTTPException):  # the server is gone
            return
        assert status == 201, data
        told.append(n)
        version = data["version"]


def _post(port: int, token: str, path: str, body: object = None) -> tuple[int, Any]:
    """One API call (a GET without ``body``), its connection closed whatever happens."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        if body is None:
            conn.request("GET", path, headers=headers)
        else:
            conn.request("POST", path, body=json.dumps(body), headers=headers)
        answer = conn.getresponse()
        return answer.status, json.loads(answer.read() or b"null")
    finally:
        conn.close()


def _version(port: int, token: str, sheet_id: str) -> str:
    status, data = _post(port, token, f"/api/sheets/{sheet_id}/version")
    assert status == 200, data
    return str(data["version"])


def _server_pid(port: int) -> int:
    """The pid of the process listening on ``port`` (from /proc: no tool needed)."""
    inode = None
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                inode = fields[9]
    assert inode is not None, f"nothing listens on {port}"
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
        except OSError:
            continue
        for fd in fds:
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") == f"socket:[{inode}]":
                    return int(pid)
            except OSError:
                continue
    raise AssertionError(f"no process owns the socket on {port}")
