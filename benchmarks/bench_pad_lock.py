"""The score pad while another program holds one sheet's lock: do the other sheets still answer?

One ``remikcalc serve`` process serves two sheets, A and B. Another process takes A's lock (as
``remikcalc add`` does while it writes, here held for ``--hold`` seconds) and ``--writes``
phones post a deal to A at once; then B's page is asked for, ``--reads`` times one after the
other, while the lock is still held. Printed: how long B's page took (median and slowest),
and how the writes to A were answered (by status) and when.

    python benchmarks/bench_pad_lock.py [--hold 8] [--writes 60] [--reads 5] [--tree DIR]

``--tree DIR`` runs the pad from another source tree (its folder holding ``remikcalc/``, e.g.
an older commit exported with ``git archive``), to compare before and after a change. Needs
the serve extra. Times are wall-clock milliseconds.
"""

from __future__ import annotations

import argparse
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
from collections import Counter
from pathlib import Path
from typing import Any

HOLDER = """
import sys, time
from remikcalc.sheet.files import locked
with locked(sys.argv[1]):
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def _env(tree: str | None) -> dict[str, str]:
    env = {**os.environ, "REMIKCALC_LANG": "en"}
    if tree:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [tree, env.get("PYTHONPATH")]))
    return env


def _request(port: int, token: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    answer = conn.getresponse()
    data = answer.read()
    conn.close()
    kind = answer.getheader("content-type") or ""
    return answer.status, json.loads(data) if kind.startswith("application/json") else data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hold", type=float, default=8.0, help="seconds the lock is held")
    parser.add_argument("--writes", type=int, default=60, help="phones posting to sheet A")
    parser.add_argument("--reads", type=int, default=5, help="reads of sheet B's page")
    parser.add_argument("--tree", default=None, help="run the pad from this source tree")
    args = parser.parse_args()
    env = _env(str(Path(args.tree).resolve()) if args.tree else None)  # run from the temp
    # folder below: python -m puts the current folder first on the path
    folder = Path(tempfile.mkdtemp(prefix="bench-pad-lock-"))
    for name in ("a", "b"):
        subprocess.run(
            [
                sys.executable,
                "-m",
                "remikcalc",
                "new",
                str(folder / f"{name}.yaml"),
                "-v",
                "gin",
                "--players",
                "Anna,Boris",
            ],
            check=True,
            env=env,
            capture_output=True,
            cwd=folder,
        )
    serve = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "remikcalc",
            "serve",
            str(folder),
            "--host",
            "127.0.0.1",
            "--port",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=folder,
    )
    assert serve.stdout is not None
    found = re.match(r"http://127\.0\.0\.1:(\d+)/join/(\w+)$", serve.stdout.readline().strip())
    assert found is not None, "serve printed no address"
    port, token = int(found.group(1)), found.group(2)
    try:
        _status, listing = _request(port, token, "GET", "/api/sheets")
        ids = {s["name"]: s["id"] for s in listing["sheets"]}
        a, b = ids["a.yaml"], ids["b.yaml"]
        _status, sheet = _request(port, token, "GET", f"/api/sheets/{a}")
        _request(port, token, "GET", f"/s/{b}")  # B's page made once before
        holder = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(folder / "a.yaml"), str(args.hold)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=folder,
        )
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        held = time.monotonic()
        answers: list[tuple[int, float]] = []

        def write(i: int) -> None:
            body = {"version": sheet["version"], "entry": {"scores": {"Anna": i + 1}}}
            status, _data = _request(port, token, "POST", f"/api/sheets/{a}/entries", body)
            answers.append((status, time.monotonic() - held))

        writers = [threading.Thread(target=write, args=(i,)) for i in range(args.writes)]
        for t in writers:
            t.start()
        time.sleep(0.5)  # the writes reach the pad
        reads = []
        for _ in range(args.reads):
            start = time.monotonic()
            status, _page = _request(port, token, "GET", f"/s/{b}")
            reads.append(time.monotonic() - start)
            assert status == 200, status
        lock_left = args.hold - (time.monotonic() - held)
        for t in writers:
            t.join()
        holder.wait()
    finally:
        serve.terminate()
        serve.communicate(timeout=20)
    print(f"lock held {args.hold:.0f} s by another process, {args.writes} writes to A waiting")
    print(
        f"B's page: median {statistics.median(reads) * 1000:.0f} ms, "
        f"slowest {max(reads) * 1000:.0f} ms ({args.reads} reads; the lock was still held "
        f"{max(lock_left, 0):.1f} s after them)"
    )
    statuses = Counter(status for status, _ in answers)
    last = max(t for _, t in answers)
    print(
        "writes to A answered: "
        + ", ".join(f"{n} × {s}" for s, n in sorted(statuses.items()))
        + f"; the last {last:.1f} s after the lock was taken"
    )


if __name__ == "__main__":
    main()
