"""The score pad: how fast `remikcalc serve` answers, beside `remikcalc settle` of the same file.

Made in one run, on the same 1,000-deal gin sheet (bench_sheet.py's random deals):

- ``settle``: ``remikcalc settle --format json FILE`` as a whole command (the peer: what the
  same answer costs without the pad);
- ``accepting``: from starting ``remikcalc serve --port 0`` to its first answer of any kind
  (target: under 1 s);
- ``start``: to the sheet list answered (the list replays every sheet in the folder, so a
  long sheet makes it wait);
- ``first read``: ``GET /api/sheets/ID`` when the sheet was never read (replayed and rendered);
- ``cached read``: the same request again (the replay and the JSON are kept by the file's
  identity); target: well under 60 ms;
- ``sheet page``: ``GET /s/ID`` again (HTML in the phone's language, cached replay);
- ``write``: ``POST /api/sheets/ID/entries`` (a points-only deal, then undone through the
  library), with no live page open and with 20 open (server-sent event streams); target: the
  20 live pages do not slow a write.

    python benchmarks/bench_serve.py [--deals 1000] [--runs 15] [--live 20]

Needs the serve extra (pip install '.[serve]'). Times are medians, in milliseconds.
"""

from __future__ import annotations

import argparse
import compileall
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = str(Path(__file__).resolve().parent.parent)
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

from bench_sheet import make_sheet  # noqa: E402


class Pad:
    """A running ``remikcalc serve`` and an authorised connection to it."""

    def __init__(self, folder: str, env: dict[str, str]) -> None:
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "remikcalc",
                "serve",
                folder,
                "--host",
                "127.0.0.1",
                "--port",
                "0",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = re.match(r"http://127\.0\.0\.1:(\d+)/join/([A-Z2-7]+)", line)
        assert found, line
        self.port, self.token = int(found.group(1)), found.group(2)
        self.request("GET", "/api/no-such-route")  # any answer: the server accepts connections
        self.accept_seconds = time.perf_counter() - self.started
        self.up = self.request("GET", "/api/sheets")[1]  # the list replays every sheet
        self.start_seconds = time.perf_counter() - self.started

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        headers = {"Authorization": f"Bearer {self.token}", "Host": f"127.0.0.1:{self.port}"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        conn.request(method, path, body=data, headers=headers)
        response = conn.getresponse()
        raw = response.read()
        conn.close()
        kind = response.getheader("content-type", "")
        return response.status, json.loads(raw) if "json" in kind else raw

    def live(self, path: str, stop: threading.Event) -> None:
        """Hold one server-sent event stream open until ``stop``."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        conn.request(
            "GET",
            path,
            headers={"Authorization": f"Bearer {self.token}", "Host": f"127.0.0.1:{self.port}"},
        )
        response = conn.getresponse()
        while not stop.is_set():
            try:
                if not response.fp.readline():
                    break
            except (TimeoutError, OSError):
                continue
        conn.close()

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def timed(fn: Any, *args: Any) -> float:
    start = time.perf_counter()
    fn(*args)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--live", type=int, default=20)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": ROOT}
    # byte-code as `pip install` leaves it (the environment may say not to write it, and then
    # every start would compile the whole package from source)
    import click
    import starlette
    import uvicorn
    import yaml

    for package in (click, yaml, starlette, uvicorn):
        compileall.compile_dir(os.path.dirname(package.__file__ or ""), quiet=1)
    compileall.compile_dir(os.path.join(ROOT, "remikcalc"), quiet=1)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "long.yaml")
        Path(path).write_text(make_sheet(args.deals, args.seed), encoding="utf-8")
        settle_cmd = [sys.executable, "-m", "remikcalc", "settle", "--format", "json", path]
        settle = [
            timed(
                lambda: subprocess.run(settle_cmd, check=True, env=env, stdout=subprocess.DEVNULL)
            )
            for _ in range(max(3, args.runs // 3))
        ]
        accepts, starts, firsts, cached, pages = [], [], [], [], []
        writes: dict[int, list[float]] = {0: [], args.live: []}
        for run in range(max(3, args.runs // 5)):
            pad = Pad(folder, env)
            accepts.append(pad.accept_seconds * 1000)
            starts.append(pad.start_seconds * 1000)
            sheet = pad.up["sheets"][0]["id"]
            firsts.append(timed(pad.request, "GET", f"/api/sheets/{sheet}"))
            for _ in range(args.runs):
                cached.append(timed(pad.request, "GET", f"/api/sheets/{sheet}"))
                pages.append(timed(pad.request, "GET", f"/s/{sheet}"))
            for live in (0, args.live):
                stop = threading.Event()
                streams = [
                    threading.Thread(target=pad.live, args=(f"/s/{sheet}/events", stop))
                    for _ in range(live)
                ]
                for t in streams:
                    t.start()
                time.sleep(0.5)
                for i in range(args.runs // 3 or 1):
                    version = pad.request("GET", f"/api/sheets/{sheet}/version")[1]["version"]
                    body = {
                        "version": version,
                        "entry": {"scores": {"Anna": 1 + i + run}},
                        "again": True,
                    }
                    writes[live].append(
                        timed(pad.request, "POST", f"/api/sheets/{sheet}/entries", body)
                    )
                stop.set()
                for t in streams:
                    t.join(timeout=10)
            pad.stop()
    med = statistics.median
    print(f"{args.deals}-deal gin sheet; medians in ms")
    print(f"    remikcalc settle --format json (whole command) {med(settle):8.1f}")
    print(f"    serve: start to accepting (any answer)         {med(accepts):8.1f}")
    print(f"    serve: start to the sheet list answered        {med(starts):8.1f}")
    print(f"    GET /api/sheets/ID, first read                 {med(firsts):8.1f}")
    print(f"    GET /api/sheets/ID, cached                     {med(cached):8.1f}")
    print(f"    GET /s/ID (the sheet's page), cached           {med(pages):8.1f}")
    print(f"    POST a deal, no live page open                 {med(writes[0]):8.1f}")
    print(
        f"    POST a deal, {args.live} live pages open               {med(writes[args.live]):8.1f}"
    )
    print("targets: cached read well under 60 ms; start under 1 s; 20 live pages no slower")


if __name__ == "__main__":
    main()
