"""Rendering players' statistics (``stats``): the table and the ``remikcalc.stats/1`` JSON.

The figures come from :func:`remikcalc.session.player_stats`; this module only lays them out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from remikcalc.money import amount_text, round_money
from remikcalc.render import table, to_json
from remikcalc.session import PlayerStats

__all__ = ["STATS_SCHEMA", "render_stats", "stats_json"]

STATS_SCHEMA = "remikcalc.stats/1"

#: how an outcome is called in the table
_WORDS = {"big_gin": "big gin", "one_go": "one go", "full_colour": "full colour"}


def _average(player: PlayerStats) -> str | None:
    average = player.average_caught
    return None if average is None else amount_text(round_money(average, 2))


def player_json(player: PlayerStats) -> dict[str, Any]:
    best = player.best
    return {
        "deals": player.deals,
        "won": player.won,
        "outcomes": dict(player.outcomes),
        "caught": len(player.caught),
        "average_caught": _average(player),
        "worst_caught": player.worst_caught,
        "best_deal": None
        if best is None
        else {"sheet": best.sheet, "n": best.n, "score": best.score},
        "longest_streak": player.streak,
    }


def stats_json(stats: Mapping[str, PlayerStats], paths: Sequence[str]) -> dict[str, Any]:
    """The ``stats --format json`` object."""
    return {
        "schema": STATS_SCHEMA,
        "sheets": list(paths),
        "players": {name: player_json(p) for name, p in stats.items()},
    }


def _outcomes(player: PlayerStats) -> str:
    return ", ".join(f"{_WORDS.get(k, k)} {n}" for k, n in player.outcomes.items()) or "-"


def render_stats(stats: Mapping[str, PlayerStats], paths: Sequence[str], fmt: str = "table") -> str:
    """Per player: deals played and won, outcomes, counts caught, best deal, longest streak."""
    if fmt == "json":
        return to_json(stats_json(stats, paths))
    several = len(paths) > 1
    legend = fmt == "table" and several  # a narrow table: sheets by number, named below
    number = {path: i for i, path in enumerate(paths, start=1)}
    headers = ["player", "deals", "won", "outcomes", "avg caught", "worst", "best deal", "streak"]
    rows = []
    for name, p in stats.items():
        best = "-"
        if p.best is not None:
            where = ""
            if several:
                where = f"sheet {number.get(p.best.sheet, '?')}, " if legend else f"{p.best.sheet} "
            best = f"{p.best.score:+d} ({where}#{p.best.n})"
        worst = p.worst_caught
        rows.append([name, p.deals, p.won, _outcomes(p), _average(p) or "-",
                     "-" if worst is None else worst, best, p.streak])  # fmt: skip
    text = table(rows, headers, fmt=fmt)
    if legend:
        text += "\n\nSheets: " + ", ".join(f"{i} {path}" for path, i in number.items())
    return text
