"""Long score sheets: `remikcalc settle` of a 1,000-deal gin sheet against PyYAML reading it.

The peer is ``python -c "import yaml; yaml.safe_load(...)"`` on the same file, in the same
run: PyYAML's ``safe_load`` is pure Python, so it is what reading the sheet costs at least
in this language; ``settle`` also scores every deal (arrangements, lay-offs) and settles.
Both are whole commands, start-up included, timed alternately; medians.

    python benchmarks/bench_sheet.py [--deals 1000] [--runs 7] [--keep sheet.yaml]

The sheet is made from random gin deals (seeded): a knocker with at most 10 points after
his best arrangement (a gin now and then) and a defender with any ten cards.
"""

from __future__ import annotations

import argparse
import compileall
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = str(Path(__file__).resolve().parent.parent)  # the tree measured: this script's own
sys.path.insert(0, ROOT)

from remikcalc import analyze_hand  # noqa: E402
from remikcalc.cards.notation import CARDS, CODES  # noqa: E402


def gin_deal(rng: random.Random) -> str:
    """One deal as sheet YAML: Anna or Boris knocks with a hand that may knock."""
    while True:
        cards = [CARDS[c] for c in rng.sample(range(52), 20)]
        knocker, defender = cards[:10], cards[10:]
        if analyze_hand(knocker, variant="gin").points <= 10:
            break
    closer, other = rng.sample(["Anna", "Boris"], 2)
    hands = {closer: knocker, other: defender}
    text = ", ".join(f'{name}: "{" ".join(CODES[c] for c in hands[name])}"' for name in hands)
    return f"  - closer: {closer}\n    hands: {{{text}}}\n"


def make_sheet(deals: int, seed: int) -> str:
    rng = random.Random(seed)
    head = 'remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\nstake: "0.10"\ndeals:\n'
    return head + "".join(gin_deal(rng) for _ in range(deals))


def wall(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--keep", help="also write the sheet here")
    args = parser.parse_args()
    text = make_sheet(args.deals, args.seed)
    if args.keep:
        Path(args.keep).write_text(text, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": ROOT}
    # byte-code as `pip install` leaves it (the environment may say not to write it)
    import click
    import yaml

    for package in (click, yaml):
        compileall.compile_dir(os.path.dirname(package.__file__ or ""), quiet=1)
    compileall.compile_dir(os.path.join(ROOT, "remikcalc"), quiet=1)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "sheet.yaml")
        Path(path).write_text(text, encoding="utf-8")
        commands = {
            "PyYAML safe_load": [sys.executable, "-c",
                                 f"import yaml; yaml.safe_load(open({path!r}, encoding='utf-8'))"],
            "remikcalc settle": [sys.executable, "-m", "remikcalc", "settle", path],
            "remikcalc settle --format json": [sys.executable, "-m", "remikcalc", "settle",
                                               "--format", "json", path],
        }  # fmt: skip
        times: dict[str, list[float]] = {name: [] for name in commands}
        for cmd in commands.values():  # warm the file cache, compile byte-code
            wall(cmd, env)
        for _ in range(args.runs):
            for name, cmd in commands.items():
                times[name].append(wall(cmd, env))
    base = statistics.median(times["PyYAML safe_load"])
    print(f"{args.deals}-deal gin sheet, {len(text) // 1024} KiB; medians of {args.runs} runs")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"    {name:34} {median * 1000:8.1f} ms  {median / base:5.2f}x safe_load")
    print("target: remikcalc settle <= 1.5x PyYAML safe_load")


if __name__ == "__main__":
    main()
