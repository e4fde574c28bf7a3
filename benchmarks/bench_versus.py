"""This tree against an earlier one: the same commands, one interpreter, timed in turn.

Both trees are run by the Python running this script, with the same click, PyYAML and
tabulate, each on ``PYTHONPATH`` and byte-code compiled into a cache folder of its own (the
baseline tree is never written in). Each command runs A B B A ... so that a machine whose
speed drifts during the run moves both sides alike; the figures are medians of the CPU
seconds (user + system) of the whole process, start-up included, and of its wall time.

    git worktree add /tmp/remikcalc-base a4783ea       # the baseline, any earlier commit
    python benchmarks/bench_versus.py /tmp/remikcalc-base [--runs 15] [--deals 1000]

The commands: ``--help``; ``hand 9C 7H QD``; ``settle`` of a 3-deal sheet (start-up);
``hand --format json -`` fed 2,000 random gin hands; ``settle``, ``settle --format json``
and ``show`` of bench_sheet.py's random 1,000-deal gin sheet. The last column says whether
the two trees printed the same bytes (issue 18 changed some wording on purpose).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_sheet import make_sheet  # noqa: E402

ROOT = str(HERE.parent)  # the tree measured: this script's own
SHORT = """remikcalc: 1
variant: gin
players: [Anna, Boris]
deals:
  - closer: Anna
    hands: {Anna: "AS 2S 3S 4H 5H 6H 7C 8C 9C KD", Boris: "QS QH QD JC TC 9D 8D 7S 6S 5S"}
  - closer: Boris
    hands: {Anna: "2C 3D 4S 5H 6C 7D 8S 9H TC JD", Boris: "AH AD AC 2H 3H 4H QC QD QS KS"}
  - closer: Anna
    hands: {Anna: "KH KD KC QH QD QC JH JD JC 2S", Boris: "AS 3S 5S 7S 9S 2D 4D 6D 8D TD"}
"""


def run(cmd: list[str], env: dict[str, str], stdin: bytes) -> tuple[float, float, bytes]:
    """One whole process: (CPU seconds, wall seconds, what it printed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, input=stdin, capture_output=True, cwd=tempfile.gettempdir())
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited {done.returncode}: {done.stderr.decode()[-300:]}")
    return cpu, wall, done.stdout


def gin_lines(count: int, seed: int) -> bytes:
    from remikcalc.cards.notation import CARDS, CODES

    rng = random.Random(seed)
    lines = (" ".join(CODES[CARDS[c]] for c in rng.sample(range(52), 10)) for _ in range(count))
    return ("\n".join(lines) + "\n").encode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline", help="a checkout of the tree to compare against")
    parser.add_argument("--runs", type=int, default=15, help="runs of each command per tree")
    parser.add_argument("--deals", type=int, default=1000)
    args = parser.parse_args()
    sys.path.insert(0, ROOT)
    trees = {"before": str(Path(args.baseline).resolve()), "after": ROOT}
    with tempfile.TemporaryDirectory() as tmp:
        short, long = Path(tmp, "short.yaml"), Path(tmp, "long.yaml")
        short.write_text(SHORT, encoding="utf-8")
        long.write_text(make_sheet(args.deals, 1), encoding="utf-8")
        py = [sys.executable, "-m", "remikcalc"]
        commands = {
            "--help": (py + ["--help"], b""),
            "hand 9C 7H QD": (py + ["hand", "9C", "7H", "QD"], b""),
            "settle, 3 deals": (py + ["settle", str(short)], b""),
            "hand --format json -, 2,000 hands": (
                py + ["hand", "--format", "json", "-"],
                gin_lines(2000, 7),
            ),
            f"settle, {args.deals} deals": (py + ["settle", str(long)], b""),
            f"settle --format json, {args.deals} deals": (
                py + ["settle", "--format", "json", str(long)],
                b"",
            ),
            f"show, {args.deals} deals": (py + ["show", str(long)], b""),
        }
        envs = {}
        for side, tree in trees.items():
            cache = os.path.join(tmp, f"pycache-{side}")
            envs[side] = {
                **os.environ,
                "PYTHONPATH": tree,
                "PYTHONPYCACHEPREFIX": cache,
                "COLUMNS": "100",
            }
            envs[side].pop("PYTHONDONTWRITEBYTECODE", None)
        outputs: dict[tuple[str, str], bytes] = {}
        for name, (cmd, stdin) in commands.items():  # compile byte-code, warm the file cache
            for side in trees:
                outputs[side, name] = run(cmd, envs[side], stdin)[2]
        cpu: dict[tuple[str, str], list[float]] = {}
        wall: dict[tuple[str, str], list[float]] = {}
        for turn in range(args.runs):
            order = ("before", "after") if turn % 2 == 0 else ("after", "before")
            for name, (cmd, stdin) in commands.items():
                for side in order:
                    c, w, _ = run(cmd, envs[side], stdin)
                    cpu.setdefault((side, name), []).append(c)
                    wall.setdefault((side, name), []).append(w)
    print(f"before: {trees['before']}\nafter:  {trees['after']}")
    print(f"Python {sys.version.split()[0]}; medians of {args.runs} runs each, in turn\n")
    head = f"{'command':40} {'CPU before':>11} {'CPU after':>10} {'ratio':>6}"
    print(f"{head} {'wall before':>12} {'wall after':>11} {'ratio':>6}  same output")
    for name in commands:
        cb, ca = (statistics.median(cpu[s, name]) * 1000 for s in ("before", "after"))
        wb, wa = (statistics.median(wall[s, name]) * 1000 for s in ("before", "after"))
        same = "yes" if outputs["before", name] == outputs["after", name] else "no"
        print(
            f"{name:40} {cb:9.1f}ms {ca:8.1f}ms {ca / cb:6.3f} "
            f"{wb:10.1f}ms {wa:9.1f}ms {wa / wb:6.3f}  {same}"
        )


if __name__ == "__main__":
    main()
