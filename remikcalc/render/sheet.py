"""Rendering a score sheet: the running table, sparklines, and a chart (PNG, SVG or PDF).

Input is a replayed sheet (:class:`remikcalc.session.Replay`); the settlement and the pool are
rendered by :mod:`remikcalc.render.settlement`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from remikcalc.money import amount_text
from remikcalc.render import table, to_json
from remikcalc.session import DealEntry, Replay, Step
from remikcalc.settle import BridgeTally, KnockTally, Reentry

__all__ = [
    "SHEET_SCHEMA",
    "chart_png",
    "progression",
    "render_sheet",
    "sheet_json",
    "sparkline",
]

SHEET_SCHEMA = "remikcalc.sheet/1"
BARS = "▁▂▃▄▅▆▇█"
#: the sparkline levels for a console that cannot show ``BARS`` (a Windows code page, ASCII)
ASCII_BARS = "_.-=#"
SPARK_WIDTH = 60


def sparkline(
    values: Sequence[int], low: int | None = None, high: int | None = None, bars: str = BARS
) -> str:
    """One bar per value, scaled between ``low`` and ``high`` (default: the values' own range).

    >>> sparkline([0, 25, 50, 75, 100]), sparkline([0, 25, 50, 75, 100], bars=ASCII_BARS)
    ('▁▃▅▆█', '_.-=#')
    """
    if not values:
        return ""
    lo = min(values) if low is None else low
    hi = max(values) if high is None else high
    if hi <= lo:
        return bars[0] * len(values)
    top = len(bars) - 1
    # integer rounding: (v - lo) * top / (hi - lo), half up
    return "".join(bars[((v - lo) * top * 2 + (hi - lo)) // ((hi - lo) * 2)] for v in values)


def progression(state: Replay) -> dict[str, list[int]]:
    """Each player's total after every entry (starting from 0)."""
    series: dict[str, list[int]] = {p: [0] for p in state.sheet.players}
    for step in state.steps:
        for p in series:
            series[p].append(step.totals.get(p, series[p][-1]))
    return series


def scores_text(step: Step) -> str:
    if isinstance(step.result, Reentry):
        paid = sum((p.amount for p in step.result.payments), Decimal(0))
        return f"pays {amount_text(paid)} to the pool, restarts at {step.result.restart}"
    parts = [f"{p} {s:+d}" for p, s in step.result.scores.items() if s]
    return ", ".join(parts) or "no score"


def entry_text(step: Step) -> str:
    result = step.result
    if isinstance(result, Reentry):
        return f"{result.player} re-enters"
    assert isinstance(step.entry, DealEntry)
    who = f" by {result.closer}" if result.closer else ""
    what = "points only" if result.outcome == "scores" else result.outcome
    return f"{what}{who}"


def _game_starts(state: Replay) -> set[int]:
    """Entry numbers that start a new game (after the first): the steps say which game."""
    steps = state.steps
    return {b.n for a, b in zip(steps, steps[1:], strict=False) if b.game != a.game}


def sheet_json(state: Replay) -> dict[str, Any]:
    """The running sheet as data (``show --format json``)."""
    tally = state.tally
    rows = []
    for step in state.steps:
        row: dict[str, Any] = {"n": step.n, "entry": entry_text(step)}
        if isinstance(step.result, Reentry):
            row.update(outcome="reenter", player=step.result.player)
        else:
            row.update(outcome=step.result.outcome, closer=step.result.closer,
                       winner=step.result.winner, scores=dict(step.result.scores))  # fmt: skip
        row["totals"] = dict(step.totals)
        row["game"] = step.game
        if step.out:
            row["out"] = list(step.out)
        rows.append(row)
    series = progression(state)
    data: dict[str, Any] = {
        "schema": SHEET_SCHEMA,
        "variant": state.rules.variant,
        "players": list(state.sheet.players),
        "title": state.sheet.title,
        "rows": rows,
        "totals": dict(tally.totals),
        "finished": tally.finished,
        "winner": tally.winner,
        "left": tally.left(),
        "progression": series,
    }
    if isinstance(tally, BridgeTally):
        data["out"] = [p for p in state.sheet.players if p in tally.out]
        data["pool"] = amount_text(tally.pool())
    if isinstance(tally, KnockTally):
        data["games" if not tally.hollywood else "columns"] = [
            {"totals": dict(g.totals), "hands_won": dict(g.wins), "winner": g.winner}
            for g in tally.games
        ]
    return data


def _status_lines(state: Replay) -> list[str]:
    tally, rules = state.tally, state.rules
    lines: list[str] = []
    if isinstance(tally, KnockTally) and tally.hollywood:
        for i, game in enumerate(tally.games, start=1):
            totals = ", ".join(f"{p} {t}" for p, t in game.totals.items())
            state_text = f"won by {game.winner}" if game.winner else "open"
            lines.append(f"Column {i}: {totals} ({state_text})")
    if isinstance(tally, BridgeTally):
        out = [f"{p} ({tally.totals[p]})" for p in state.sheet.players if p in tally.out]
        if out:
            lines.append("Out: " + ", ".join(out))
        lines.append(f"Pool: {amount_text(tally.pool())} stake(s)")
    if tally.finished:
        lines.append(f"Game over: {tally.winner or 'shared'} won.")
        if tally.closed() is None:
            lines.append("The next deal starts a new game.")
    note = tally.note()
    if note is not None:
        lines.append(note)
    left = tally.left()
    if left and not tally.finished:
        target = rules.elimination_at if isinstance(tally, BridgeTally) else rules.game_target
        verb = "before going out at" if isinstance(tally, BridgeTally) else "to reach"
        parts = ", ".join(f"{p} {n}" for p, n in left.items())
        lines.append(f"Points left {verb} {target}: {parts}")
    return lines


def render_sheet(
    state: Replay, fmt: str = "table", *, chart: bool = True, ascii_only: bool = False
) -> str:
    """The running sheet: one row per entry with every player's total after it.

    ``ascii_only`` draws the sparklines with :data:`ASCII_BARS` (a console without the bars).
    """
    if fmt == "json":
        return to_json(sheet_json(state))
    players = list(state.sheet.players)
    headers = ["#", "deal", "scores", *players]
    starts = _game_starts(state)
    rows: list[list[Any]] = []
    for step in state.steps:
        if step.n in starts and fmt != "plain":
            number = sorted(starts).index(step.n) + 2
            rows.append(["", f"-- game {number} --", "", *[""] * len(players)])
        totals = [
            f"{step.totals[p]}" + (" out" if p in step.out else "") if p in step.totals else ""
            for p in players
        ]
        rows.append([step.n, entry_text(step), scores_text(step), *totals])
    if fmt == "plain":
        return table(rows, headers, fmt="plain")
    title = state.sheet.title or f"{state.rules.variant}: {', '.join(players)}"
    parts = [title, "", table(rows, headers) if rows else "(no deals yet)"]
    status = _status_lines(state)
    if status:
        parts += ["", *status]
    if chart and state.steps:
        series = progression(state)
        every = [v for vs in series.values() for v in vs]
        low, high = min(every), max(every)
        width = max(len(p) for p in players)
        parts.append("")
        for p, values in series.items():
            shown = values[-SPARK_WIDTH:]
            more = ("..." if ascii_only else "…") if len(values) > SPARK_WIDTH else ""
            line = sparkline(shown, low, high, ASCII_BARS if ascii_only else BARS)
            parts.append(f"{p.ljust(width)}  {more}{line} {values[-1]}")
    return "\n".join(parts).rstrip()


def chart_png(state: Replay, path: str, kind: str = "png") -> None:
    """Draw the score progression to a ``kind`` (png, svg, pdf) file (needs the optional
    ``plot`` extra)."""
    from importlib import import_module

    try:
        import_module("matplotlib").use("Agg")
        plt: Any = import_module("matplotlib.pyplot")
    except ImportError:
        raise ImportError("the chart needs matplotlib: pip install 'remikcalc[plot]'") from None
    series = progression(state)
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for player, values in series.items():
        ax.plot(range(len(values)), values, marker="o", label=player)
    target = state.rules.game_target
    if isinstance(state.tally, BridgeTally):
        target = state.rules.elimination_at
    if target is not None:
        ax.axhline(target, linestyle="--", linewidth=1, color="grey")
    ax.set_xlabel("sheet entry (deals and events)")
    ax.set_ylabel("total")
    ax.xaxis.set_major_locator(import_module("matplotlib.ticker").MaxNLocator(integer=True))
    title = state.sheet.title or f"{state.rules.variant}: score progression"
    ax.set_title(textwrap.fill(title, 70), fontsize=10)
    ax.legend()
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    try:
        fig.savefig(path, format=kind)
    finally:
        plt.close(fig)
