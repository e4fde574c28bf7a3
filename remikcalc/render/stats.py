"""Rendering players' statistics (``stats``): the table and the ``remikcalc.stats/1`` JSON.

The figures come from :func:`remikcalc.session.player_stats`; this module only lays them out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from remikcalc.base.i18n import N_, _
from remikcalc.base.money import amount_text, round_money
from remikcalc.base.numtext import number_text, signed_text
from remikcalc.render import table, to_json
from remikcalc.session import PlayerStats

__all__ = ["STATS_SCHEMA", "render_stats", "stats_figures", "stats_json"]

STATS_SCHEMA = "remikcalc.stats/1"

#: how an outcome is called in the table
_WORDS = {
    "knock": N_("knock"),
    "gin": N_("gin"),
    "big_gin": N_("big gin"),
    "undercut": N_("undercut"),
    "out": N_("out"),
    "one_go": N_("one go"),
    "remik": N_("remik"),
    "colour": N_("colour"),
    "figures": N_("figures"),
    "full_colour": N_("full colour"),
    "draw": N_("draw"),
}
#: the table's headings (English in plain and csv, for other programs: those stay as they
#: were, so that a program reading them goes on reading them)
_HEADERS = (
    "player",
    "deals",
    "won",
    "outcomes",
    "avg caught",
    "worst",
    "best deal",
    "streak",
)
#: the same headings for people (table, markdown, the pad): what is caught is what a player
#: is left holding when another goes out
_PEOPLE = (
    N_("player"),
    N_("deals"),
    N_("won"),
    N_("outcomes"),
    N_("avg. left in hand"),
    N_("most left in hand"),
    N_("best deal"),
    N_("streak"),
)


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


def _outcomes(player: PlayerStats, people: bool) -> str:
    if not people:
        return ", ".join(f"{_WORDS.get(k, k)} {n}" for k, n in player.outcomes.items()) or "-"
    words = [
        f"{_(_WORDS[k]) if k in _WORDS else k} {number_text(n)}" for k, n in player.outcomes.items()
    ]
    return ", ".join(words) or "-"


def render_stats(stats: Mapping[str, PlayerStats], paths: Sequence[str], fmt: str = "table") -> str:
    """Per player: deals played and won, outcomes, counts caught, best deal, longest streak.
    ``table`` and ``markdown`` in the language spoken; ``plain`` and ``csv`` in English with
    plain numbers, the same in every language."""
    if fmt == "json":
        return to_json(stats_json(stats, paths))
    people = fmt in ("table", "markdown")
    number: Any = number_text if people else str
    several = len(paths) > 1
    legend = fmt == "table" and several  # a narrow table: sheets by number, named below
    numbers = {path: i for i, path in enumerate(paths, start=1)}
    headers = [_(h) for h in _PEOPLE] if people else list(_HEADERS)
    rows = []
    for name, p in stats.items():
        best = "-"
        if p.best is not None:
            score = p.best.score
            signed = signed_text(score) if people else f"{score:+d}"
            if legend:
                best = _("{score} (sheet {sheet}, #{n})").format(
                    score=signed, sheet=numbers.get(p.best.sheet, "?"), n=p.best.n
                )
            elif several:
                best = f"{signed} ({p.best.sheet} #{p.best.n})"
            else:
                best = f"{signed} (#{p.best.n})"
        worst = p.worst_caught
        average = _average(p)
        if average is not None and people:
            average = number_text(round_money(p.average_caught or 0, 2))
        rows.append(
            [
                name,
                number(p.deals),
                number(p.won),
                _outcomes(p, people),
                average or "-",
                "-" if worst is None else number(worst),
                best,
                number(p.streak),
            ]
        )
    text = table(rows, headers, fmt=fmt)  # too wide for the terminal: a block per player
    if legend:
        sheets = ", ".join(f"{i} {path}" for path, i in numbers.items())
        text += "\n\n" + _("Sheets: {sheets}").format(sheets=sheets)
    return text


def stats_figures(
    stats: Mapping[str, PlayerStats], paths: Sequence[str]
) -> tuple[list[str], list[list[str]]]:
    """The stats table for people, in the language spoken: the headings, and a row per player
    (his name, then each figure as text; a best deal names its sheet, as ``paths`` names the
    sheets in order, when there are several). What a page lays out in its own way."""
    several = len(paths) > 1
    headers = [_(h) for h in _PEOPLE]
    rows = []
    for name, p in stats.items():
        best = "-"
        if p.best is not None:
            score = p.best.score
            signed = signed_text(score)
            where = paths[p.best.place] if p.best.place < len(paths) else p.best.sheet
            best = f"{signed} ({where} #{p.best.n})" if several else f"{signed} (#{p.best.n})"
        average = "-" if p.average_caught is None else number_text(round_money(p.average_caught, 2))
        worst = "-" if p.worst_caught is None else number_text(p.worst_caught)
        rows.append(
            [
                name,
                number_text(p.deals),
                number_text(p.won),
                _outcomes(p, True),
                average,
                worst,
                best,
                number_text(p.streak),
            ]
        )
    return headers, rows
