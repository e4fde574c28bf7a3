"""Start-up time: `remikcalc hand 9C 7H QD` and `remikcalc settle` of a short sheet against
`python -c "import click"`.

The targets (issue 11): `hand` at most 1.5x and `settle` at most 2.5x the wall time of
importing click alone, on the same machine, in the same run. Prints the median of several
alternating runs. Measure a regular install (`pip install .`): an editable install adds its
own import hook (pathlib and more) to every start.

    python benchmarks/bench_startup.py [--runs 30]
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def wall(cmd: list[str]) -> float:
    start = time.perf_counter()
    # from a folder of no project: `python -m` would find a source tree in the working
    # folder first, and compile it on every run
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, cwd=tempfile.gettempdir())
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    script = shutil.which("remikcalc")
    hand = [script] if script else [sys.executable, "-m", "remikcalc"]
    # Byte-code as `pip install` leaves it: this environment may set PYTHONDONTWRITEBYTECODE,
    # which would make every run compile the package from source.
    import click

    import remikcalc

    for package in (remikcalc, click):
        compileall.compile_dir(os.path.dirname(package.__file__ or ""), quiet=1)
    here = os.path.dirname(os.path.abspath(__file__))
    sheet = os.path.join(here, "..", "examples", "gin", "pagat-shutout.yaml")
    commands = {
        "python -c 'import click'": [sys.executable, "-c", "import click"],
        "remikcalc hand 9C 7H QD": [*hand, "hand", "9C", "7H", "QD"],
        "python -m remikcalc hand 9C": [sys.executable, "-m", "remikcalc", "hand", "9C"],
        "remikcalc settle (a 3-deal sheet)": [*hand, "settle", sheet],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for cmd in commands.values():  # warm the file cache
        wall(cmd)
    for _ in range(args.runs):
        for name, cmd in commands.items():
            times[name].append(wall(cmd))
    base = statistics.median(times["python -c 'import click'"])
    print(f"{'command':40} {'median ms':>10} {'ratio':>7}")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:40} {median * 1000:10.1f} {median / base:7.2f}")
    print("targets: remikcalc hand <= 1.5x, remikcalc settle <= 2.5x import click")


if __name__ == "__main__":
    main()
