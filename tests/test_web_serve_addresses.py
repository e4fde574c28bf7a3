"""``remikcalc serve``: every address it prints answers (the join address, and the one for the
host's own browser), whichever address the pad listens on."""

from __future__ import annotations

import http.client
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

import remikcalc
from remikcalc.web.server import lan_address


def _can_bind(host: str) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, 0))
        except OSError:
            return False
    return True


def _status(address: str) -> int:
    found = re.match(r"http://([\d.]+):(\d+)(/.*)$", address)
    assert found is not None, address
    conn = http.client.HTTPConnection(found.group(1), int(found.group(2)), timeout=10)
    try:
        conn.request("GET", found.group(3))
        return conn.getresponse().status
    finally:
        conn.close()


LAN = lan_address()


@pytest.mark.slow
@pytest.mark.skipif(LAN is None or not _can_bind(LAN), reason="this machine has no LAN address")
def test_the_address_for_this_computer_answers_when_the_pad_listens_on_the_wifi(
    tmp_path: Path,
) -> None:
    assert LAN is not None
    remikcalc.new_sheet(tmp_path / "gin.yaml", variant="gin", players=["Anna", "Boris"])
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "remikcalc",
            "serve",
            str(tmp_path),
            "--host",
            LAN,
            "--port",
            "0",
            "--lang",
            "en",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        lines: list[str] = []
        while not lines or not lines[-1].startswith("Stop with"):
            line = proc.stdout.readline()
            assert line, proc.stderr.read() if proc.stderr else ""
            lines.append(line.strip())
        join = lines[0]
        here = next(line for line in lines if line.startswith("On this computer: "))
        local = here.removeprefix("On this computer: ")
        assert join.startswith(f"http://{LAN}:") and local.startswith("http://127.0.0.1:")
        assert _status(join) == 303
        assert _status(local) == 303
    finally:
        proc.terminate()
        proc.communicate(timeout=20)
