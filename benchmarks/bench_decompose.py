"""Speed of the exact meld search, against OpenSpiel (C++) and rlcard (Python) on gin hands.

Run ``python benchmarks/bench_decompose.py`` (``--quick`` for a short run). OpenSpiel and
rlcard are the ``bench`` extra (``pip install open-spiel rlcard``); without them only our own
figures are printed. See benchmarks/README.md for what is measured and the targets.

Every gin hand is also checked: our points must equal OpenSpiel's least deadwood (for 11 cards,
the least over the 11 ten-card hands, since OpenSpiel's own 11-card answer is greedy).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = str(Path(__file__).resolve().parent.parent)  # the tree measured: this script's own
sys.path.insert(0, ROOT)

import remikcalc  # noqa: E402
from remikcalc.cards.notation import CARDS, CODES, JOKER, Card  # noqa: E402
from remikcalc.rules.ruleset import Rules  # noqa: E402
from remikcalc.rules.variants import get_rules  # noqa: E402
from remikcalc.search import best_arrangement  # noqa: E402
from remikcalc.search.general import _cores  # noqa: E402

Hand = tuple[Card, ...]

# OpenSpiel's gin rummy card ints are suit-major like ours, A..K within a suit, but its suits
# run spades, clubs, diamonds, hearts (0 = As, 13 = Ac, 26 = Ad, 39 = Ah); ours run C D H S.
OPENSPIEL_SUIT = (1, 2, 3, 0)
# rlcard's card ids are suit-major too, with suits S H D C.
RLCARD_SUIT = (3, 2, 1, 0)


def to_openspiel(hand: Hand) -> list[int]:
    return [OPENSPIEL_SUIT[c // 13] * 13 + c % 13 for c in hand]


# --- hands ------------------------------------------------------------------------------------


def random_gin(rng: random.Random, size: int) -> Hand:
    return tuple(CARDS[c] for c in rng.sample(range(52), size))


def dense_gin(rng: random.Random, size: int) -> Hand:
    """Cards of 3-5 adjacent ranks in 2-4 suits: many overlapping sets and runs."""
    while True:
        low = rng.randint(0, 10)
        ranks = rng.randint(3, 5)
        suits = rng.sample(range(4), rng.randint(2, 4))
        pool = [s * 13 + r for s in suits for r in range(low, min(13, low + ranks))]
        if len(pool) >= size:
            return tuple(CARDS[c] for c in rng.sample(pool, size))


def joker_hand(rng: random.Random, rules: Rules, size: int, most_jokers: int) -> Hand:
    """``size`` cards from the variant's packs with 0..``most_jokers`` jokers (uniform)."""
    naturals = [c for c in range(52) for _ in range(rules.decks)]
    jokers = rng.randint(0, most_jokers)
    return tuple([JOKER] * jokers + [CARDS[c] for c in rng.sample(naturals, size - jokers)])


# --- timing -----------------------------------------------------------------------------------


def per_hand(run: Callable[[], Any], count: int) -> float:
    """Time per hand of one run, in microseconds."""
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) / count * 1e6


def percentiles(times: Sequence[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def load_openspiel() -> Any:
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)


def load_rlcard() -> tuple[Callable[[list[Any]], Any], Callable[[int], Any]] | None:
    try:
        from rlcard.games.gin_rummy.utils import melding, utils
    except ImportError:
        return None
    return melding.get_best_meld_clusters, utils.get_card


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


# --- the benchmark ------------------------------------------------------------------------------


def bench_gin(args: argparse.Namespace, rows: list[str]) -> int:
    """Each run times a fresh batch of hands, so no hand is ever timed twice."""
    rules = get_rules("gin")
    utils = load_openspiel()
    rl = load_rlcard()
    rng = random.Random(args.seed)
    kinds: dict[str, tuple[Callable[[], Hand], bool, float]] = {
        "random 10": (lambda: random_gin(rng, 10), False, 2.5),
        "random 11, best discard": (lambda: random_gin(rng, 11), True, 0.5),
        "dense 10": (lambda: dense_gin(rng, 10), False, 0.8),
        "dense 11, best discard": (lambda: dense_gin(rng, 11), True, 0.8),
    }
    for make, discard, _target in kinds.values():  # build tables, warm the caches
        for _ in range(args.hands):
            best_arrangement(make(), rules, discard=discard)
    mismatches = 0
    checked = 0
    for name, (make, discard, target) in kinds.items():
        ours_us: list[float] = []
        theirs_us: list[float] = []
        rl_us: list[float] = []
        for run in range(args.repeat):
            hands = [make() for _ in range(args.hands)]

            def ours(hands: list[Hand] = hands, discard: bool = discard) -> None:
                for hand in hands:
                    best_arrangement(hand, rules, discard=discard)

            ours_us.append(per_hand(ours, len(hands)))
            if utils is not None:
                converted = [to_openspiel(h) for h in hands]
                theirs_us.append(per_hand(lambda c=converted: openspiel_run(utils, c), len(hands)))
                for hand, h in zip(hands, converted, strict=True):
                    ours_points = best_arrangement(hand, rules, discard=discard).points
                    checked += 1
                    mismatches += ours_points != openspiel_least(utils, h)
            if rl is not None and not discard and run < 3:
                clusters, rl_card = rl
                rl_hands = [
                    [rl_card(RLCARD_SUIT[c // 13] * 13 + c % 13) for c in h]
                    for h in hands[: args.rlcard_hands]
                ]
                rl_us.append(
                    per_hand(lambda r=rl_hands, f=clusters: [f(h) for h in r], len(rl_hands))
                )
        our_us = statistics.median(ours_us)
        line = f"gin {name:<24} ours {our_us:8.2f} us/hand"
        if theirs_us:
            their_us = statistics.median(theirs_us)
            ratio = our_us / their_us
            line += (
                f" | OpenSpiel {their_us:8.2f} us/hand | ratio {ratio:5.2f}"
                f" (target <= {target}: {verdict(ratio <= target)})"
            )
        rows.append(line)
        if rl_us:
            rl_median = statistics.median(rl_us)
            speedup = rl_median / our_us
            rows.append(
                f"    rlcard {rl_median:9.1f} us/hand: ours is {speedup:6.1f}x faster"
                + (f" (target >= 6x: {verdict(speedup >= 6)})" if name == "random 10" else "")
            )
    if utils is not None:
        rows.append(f"gin check against OpenSpiel: {mismatches} mismatches in {checked} hands")
    else:
        rows.append("OpenSpiel not installed (pip install open-spiel): no comparison, no check")
    return mismatches


def openspiel_least(utils: Any, hand: list[int]) -> int:
    """OpenSpiel's least deadwood; with 11 cards the least over the 11 ten-card hands."""
    if len(hand) == 10:
        return int(utils.min_deadwood(hand))
    return min(int(utils.min_deadwood(hand[:i] + hand[i + 1 :])) for i in range(len(hand)))


def openspiel_run(utils: Any, hands: list[list[int]]) -> None:
    for h in hands:
        if len(h) == 10:
            utils.min_deadwood(h)
        else:
            min(utils.min_deadwood(h[:i] + h[i + 1 :]) for i in range(len(h)))


# --- the public API and the command, as users call them -----------------------------------------


def bench_api(args: argparse.Namespace, rows: list[str]) -> None:
    """What a user calls, on the same random 10-card gin hands as OpenSpiel, in one run.

    Rows: ``remikcalc.analyze_hand`` given a string, given parsed cards, given ``rules=``;
    the internal ``best_arrangement``; ``remikcalc hand --format json -`` per line (the run of
    N lines minus the run of one line, over N - 1). Each run takes fresh hands.
    """
    utils = load_openspiel()
    rules = get_rules("gin")
    rng = random.Random(args.seed + 7)
    analyze = remikcalc.analyze_hand
    for _ in range(args.hands):  # warm: tables, caches
        analyze(random_gin(rng, 10), variant="gin")

    def each(call: Callable[[Any], Any], items: list[Any]) -> None:
        for item in items:
            call(item)

    # (row, what it is given: the hand as a string or as cards, the call, target vs OpenSpiel)
    calls: list[tuple[str, bool, Callable[[Any], Any], float | None]] = [
        ('analyze_hand(str, variant="gin")', True, lambda t: analyze(t, variant="gin"), 2.5),
        ('analyze_hand(cards, variant="gin")', False, lambda h: analyze(h, variant="gin"), 2.0),
        ("analyze_hand(cards, rules=R)", False, lambda h: analyze(h, rules=rules), None),
        ("best_arrangement(cards, R), internal", False, lambda h: best_arrangement(h, rules), 1.3),
    ]
    times: dict[str, list[float]] = {row[0]: [] for row in calls}
    peer: list[float] = []
    for _ in range(args.repeat):
        hands = [random_gin(rng, 10) for _ in range(args.hands)]
        texts = [" ".join(CODES[c] for c in h) for h in hands]
        for name, text, call, _target in calls:
            items = texts if text else hands
            times[name].append(per_hand(lambda c=call, i=items: each(c, i), len(hands)))
        if utils is not None:
            converted = [to_openspiel(h) for h in hands]
            peer.append(per_hand(lambda c=converted: openspiel_run(utils, c), len(hands)))
    figures = [(name, statistics.median(times[name]), target) for name, _, _, target in calls]
    per_line = cli_per_line(args, rng)
    if per_line is not None:
        figures.append(("remikcalc hand --format json -, per line", per_line, 12.0))
    rows.append("public API and CLI, random 10-card gin hands (us per hand; ratio to OpenSpiel):")
    base = statistics.median(peer) if peer else None
    for name, us, target in figures:
        line = f"    {name:<44} {us:8.2f} us"
        if base is not None:
            line += f" | {us / base:6.2f}x OpenSpiel"
            if target is not None:
                line += f" (target <= {target}x: {verdict(us / base <= target)})"
        rows.append(line)
    if base is not None:
        rows.append(f"    {'OpenSpiel min_deadwood (C++), same hands':<44} {base:8.2f} us")


def cli_per_line(args: argparse.Namespace, rng: random.Random) -> float | None:
    """(median time for N lines - median time for 1 line) / (N - 1), in microseconds; the
    two runs alternate, so start-up and the machine's load fall out of the difference."""
    lines = args.cli_lines
    if lines < 2:
        return None
    command = [sys.executable, "-m", "remikcalc", "hand", "--format", "json", "-"]
    env = {**os.environ, "PYTHONPATH": ROOT}
    spent: dict[str, list[float]] = {"one": [], "many": []}
    with tempfile.TemporaryDirectory() as tmp:
        texts = [" ".join(CODES[c] for c in random_gin(rng, 10)) for _ in range(lines)]
        paths = {"one": os.path.join(tmp, "one.txt"), "many": os.path.join(tmp, "many.txt")}
        for name, chosen in (("one", texts[:1]), ("many", texts)):
            with open(paths[name], "w", encoding="utf-8") as f:
                f.write("\n".join(chosen) + "\n")
        for _ in range(max(3, args.repeat)):
            for name, path in paths.items():
                with open(path, "rb") as f:
                    start = time.perf_counter()
                    subprocess.run(command, stdin=f, stdout=subprocess.DEVNULL, check=True, env=env)
                    spent[name].append(time.perf_counter() - start)
    gap = statistics.median(spent["many"]) - statistics.median(spent["one"])
    return gap / (lines - 1) * 1e6


def bench_jokers(args: argparse.Namespace, rows: list[str]) -> None:
    rng = random.Random(args.seed + 1)
    cases = [
        ("bridge, 11 of 108, <= 4 jokers, best discard", get_rules("bridge"), 11, 4, True),
        ("remibrydz, 14 of 110, <= 6 jokers, best discard", get_rules("remibrydz"), 14, 6, True),
        (
            "continental, 15 of 4 packs, <= 4 jokers",
            get_rules("continental", overrides=["decks=4", "jokers=4"]),
            15,
            4,
            False,
        ),
    ]
    for name, rules, size, jokers, discard in cases:
        warm = [joker_hand(rng, rules, size, jokers) for _ in range(args.joker_hands // 4)]
        hands = [joker_hand(rng, rules, size, jokers) for _ in range(args.joker_hands)]
        for hand in warm:
            best_arrangement(hand, rules, discard=discard)
        first: list[float] = []  # each hand seen for the first time
        for hand in hands:
            start = time.perf_counter()
            best_arrangement(hand, rules, discard=discard)
            first.append((time.perf_counter() - start) * 1e6)
        again: list[list[float]] = []
        for _ in range(max(1, args.repeat // 2)):
            run = []
            for hand in hands:
                start = time.perf_counter()
                best_arrangement(hand, rules, discard=discard)
                run.append((time.perf_counter() - start) * 1e6)
            again.append(run)
        p50, p99 = percentiles(first)
        w50, w99 = percentiles([statistics.median(t) for t in zip(*again, strict=True)])
        rows.append(
            f"{name:<48} first pass p50 {p50:7.0f} us, p99 {p99:7.0f} us"
            f" (target p99 <= 1000 us: {verdict(p99 <= 1000)});"
            f" repeated p50 {w50:.0f} us, p99 {w99:.0f} us"
        )


RUN13 = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"
# (what, variant, preset, house rules, hand, best discard): long one-suit runs with wild
# cards, the hands that make the general search work hardest within a variant's own pack
WORST: list[tuple[str, str, str | None, list[str], str, bool]] = [
    ("continental bicycle: 13-card run + 2 JK", "continental", "bicycle", [], RUN13 + " JK JK",
     False),
    ("  the same + 1 card, best discard", "continental", "bicycle", [], RUN13 + " JK JK 2H", True),
    ("remibrydz: 10-card run + 4 JK, best discard", "remibrydz", None, [],
     "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JK JK JK JK", True),
    ("polish: 13-card run + 2 JK, best discard", "polish", None, [], RUN13 + " JK JK", True),
    ("bridge: 7-card run + 4 JK, best discard", "bridge", None, [],
     "AS 2S 3S 4S 5S 6S 7S JK JK JK JK", True),
]  # fmt: skip
# house rules the rule checks accept, with hands far past any variant's own
HOUSE: list[tuple[str, str, str | None, list[str], str, bool]] = [
    ("remibrydz jokers=16 hand_size=19: 13 run + 7 JK", "remibrydz", None,
     ["jokers=16", "hand_size=19"], RUN13 + " JK" * 7, False),
    ("rummy500 decks=8 jokers=16 hand_size=20: 42 cards", "rummy500", None,
     ["decks=8", "jokers=16", "hand_size=20"], f"{RUN13} {RUN13} {RUN13[:29]}" + " JK" * 6,
     False),
    ("rummy500 decks=8 jokers=16 hand_size=20: 38 random + 4 JK", "rummy500", None,
     ["decks=8", "jokers=16", "hand_size=20"],
     "3C 5C 7C 7C 7C 9C TC AD 4D 4D 6D 7D 7D 9D TD TD QD KD AH 2H 5H 5H 6H 7H 7H 9H TH QH KH"
     " AS 5S 7S 8S TS TS QS KS KS JK JK JK JK", False),
]  # fmt: skip


def bench_worst(args: argparse.Namespace, rows: list[str]) -> None:
    """The worst hands known, each timed alone (median of a few calls; the answer is not
    remembered between calls, each is a new search)."""
    for title, cases, target in (
        ("worst joker hands of a variant's own pack (target <= 5 ms)", WORST, 5.0),
        ("house rules past any variant (target <= 1 s, or refused naming the limit)", HOUSE,
         1000.0),
    ):  # fmt: skip
        rows.append(title + ":")
        for name, variant, preset, rules_given, text, discard in cases:
            rules = get_rules(variant, preset, rules_given)
            remikcalc.analyze_hand("AS 2S 3S", rules=rules)  # tables and caches, not timed
            # the first call as in a new process: no meld core of the general search listed yet
            # (later calls of the same hand reuse the run cores listed for it)
            _cores.CORE_TABLES.clear()
            start = time.perf_counter()
            with contextlib.suppress(remikcalc.CardError):
                remikcalc.analyze_hand(text, rules=rules, discard=discard)
            first = (time.perf_counter() - start) * 1000
            spent: list[float] = []
            answer = ""
            for _ in range(3 if target > 100 else 5):
                start = time.perf_counter()
                try:
                    answer = f"{remikcalc.analyze_hand(text, rules=rules, discard=discard).points}"
                    answer = f"points {answer}"
                except remikcalc.CardError as exc:
                    answer = f"refused: {str(exc)[:60]}..."
                spent.append((time.perf_counter() - start) * 1000)
            ms = statistics.median(spent)
            rows.append(
                f"    {name:<52} first {first:7.1f} ms, then {ms:7.1f} ms"
                f" {verdict(max(first, ms) <= target):>8}  ({answer})"
            )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="gin hands per kind and run")
    parser.add_argument("--joker-hands", type=int, default=1000, help="hands per joker variant")
    parser.add_argument("--rlcard-hands", type=int, default=300, help="hands timed for rlcard")
    parser.add_argument("--repeat", type=int, default=7, help="runs (fresh hands each); median")
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--cli-lines", type=int, default=20000, help="lines for `hand -`")
    parser.add_argument("--only", choices=["api", "search", "jokers", "worst"], default=None)
    parser.add_argument("--quick", action="store_true", help="small run for a smoke test")
    args = parser.parse_args(argv)
    if args.quick:
        args.hands, args.joker_hands, args.rlcard_hands, args.repeat = 300, 100, 30, 3
        args.cli_lines = 2000
    rows: list[str] = [f"Python {sys.version.split()[0]}, {args.hands} gin hands per kind"]
    mismatches = 0
    if args.only in (None, "api"):
        bench_api(args, rows)
    if args.only in (None, "search"):
        mismatches = bench_gin(args, rows)
    if args.only in (None, "jokers"):
        bench_jokers(args, rows)
    if args.only in (None, "worst"):
        bench_worst(args, rows)
    print("\n".join(rows))
    return 1 if mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
