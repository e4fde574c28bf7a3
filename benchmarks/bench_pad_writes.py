"""The score pad on a long sheet: what a save, a refusal, a check and a preview cost (issue 27).

The pad serves the 1,000-deal gin sheet of ``bench_sheet.py`` (in this process, under
Starlette's TestClient, as the tests run it). Each round enters a new gin deal by cards (both
hands typed, the knocker named) and times four answers of the "Score by cards" page:

- **save**: the deal posted, saved (303);
- **refusal**: the same deal posted again on a fresh form: refused as the same as the last
  entry, the page shown again with the deal scored ("Add it again anyway?", 422);
- **check**: the next deal posted with "Check" (no JavaScript): the page with each hand's
  arrangement and the deal scored by the sheet book's dry run, nothing saved;
- **preview**: the same as ``POST /s/ID/preview``, what the page's script asks as cards are
  tapped (JSON fragments).

Printed: the median of each (milliseconds of wall time) and its ratio to the save's median in
the same run; issue 27 asks that none costs more than 1.5 saves.

    python benchmarks/bench_pad_writes.py [--deals 1000] [--rounds 25] [--tree DIR]

``--tree DIR`` measures another source tree (a folder holding ``remikcalc/``, e.g. an older
commit exported with ``git archive``): the script runs itself again with that tree first on
the path. A tree whose deal form names its fields the old way (``t0``, ``t1``) is posted those.
Needs the serve and test extras (Starlette's TestClient, httpx2).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def _deal(rng: random.Random) -> tuple[int, dict[str, str]]:
    """A gin deal as the pad takes it: the knocker's seat, and each player's hand as typed."""
    from remikcalc import analyze_hand
    from remikcalc.cards.notation import CARDS, CODES

    while True:
        cards = [CARDS[c] for c in rng.sample(range(52), 20)]
        knocker, defender = cards[:10], cards[10:]
        if analyze_hand(knocker, variant="gin").points <= 10:
            break
    closer = rng.randrange(2)
    hands = {closer: knocker, 1 - closer: defender}
    return closer, {str(seat): " ".join(CODES[c] for c in hands[seat]) for seat in (0, 1)}


class Pad:
    """A phone joined to a pad serving one sheet, posting the cards page's form."""

    def __init__(self, folder: str) -> None:
        from starlette.testclient import TestClient

        from remikcalc.web.app import create_app
        from remikcalc.web.config import PadConfig

        origin = "http://127.0.0.1:8765"
        self.config = PadConfig(paths=(folder,), new_folder=folder, host="127.0.0.1")
        self.client = TestClient(create_app(self.config), base_url=origin)
        self.client.get(f"/join/{self.config.token}")
        self.headers = {"origin": origin}
        self.sheet = self.client.get("/api/sheets").json()["sheets"][0]["id"]
        self.url = f"/s/{self.sheet}/cards"
        page = self.client.get(self.url).text
        self.old = 'name="hands.0"' not in page  # the field scheme before issue 27

    def form(self) -> dict[str, str]:
        """A fresh form's hidden fields."""
        import re

        page = self.client.get(self.url).text
        found = dict(re.findall(r'name="(version|key|deals)" value="([^"]*)"', page))
        return {**found, "_form": self.config.form_token()}

    def fields(self, deal: tuple[int, dict[str, str]]) -> dict[str, str]:
        closer, hands = deal
        typed = "t{}" if self.old else "hands.{}"
        return {"closer": str(closer), **{typed.format(s): h for s, h in hands.items()}}

    def post(self, url: str, fields: dict[str, str], want: int) -> float:
        start = time.perf_counter()
        answer = self.client.post(url, data=fields, headers=self.headers, follow_redirects=False)
        took = time.perf_counter() - start
        assert answer.status_code == want, (answer.status_code, answer.text[:500])
        return took


def measure(deals: int, rounds: int, seed: int) -> dict[str, list[float]]:
    sys.path.insert(0, str(HERE))
    from bench_sheet import make_sheet

    times: dict[str, list[float]] = {"save": [], "refusal": [], "check": [], "preview": []}
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "long.yaml").write_text(make_sheet(deals, seed), encoding="utf-8")
        pad = Pad(folder)
        pad.client.get(f"/s/{pad.sheet}")  # the first read replays the sheet: not measured
        for _ in range(rounds):
            deal = pad.fields(_deal(rng))
            times["save"].append(pad.post(pad.url, {**pad.form(), **deal, "do": "save"}, 303))
            again = {**pad.form(), **deal, "do": "save"}
            times["refusal"].append(pad.post(pad.url, again, 422))
            other = {**pad.form(), **pad.fields(_deal(rng))}
            times["check"].append(pad.post(pad.url, {**other, "do": "check"}, 200))
            times["preview"].append(pad.post(f"/s/{pad.sheet}/preview", other, 200))
    return times


def report(times: dict[str, list[float]]) -> None:
    save = statistics.median(times["save"])
    print(f"{'answer':<10} {'median ms':>10} {'x save':>7}")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:<10} {median * 1000:>10.1f} {median / save:>7.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=25)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--tree", help="measure the remikcalc in this folder instead")
    args = parser.parse_args()
    if args.tree:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([args.tree, str(HERE.parent)])}
        command = [sys.executable, __file__, "--deals", str(args.deals)]
        command += ["--rounds", str(args.rounds), "--seed", str(args.seed)]
        subprocess.run(command, env=env, check=True)
        return
    import remikcalc

    print(f"remikcalc from {Path(remikcalc.__file__).parent.parent}, {args.deals} deals")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        times: dict[str, Any] = measure(args.deals, args.rounds, args.seed)
    report(times)


if __name__ == "__main__":
    main()
