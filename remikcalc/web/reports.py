"""What a sheet comes to: the settlement, stats, the progression chart,
a plain-text summary to copy, the table view, and the live updates every open page follows.

- ``/s/ID/settle``: ``remikcalc settle``'s settlement as a page (each player's total, net and
  money; who pays whom; each game's figure and how it is made; the rounding note), the chart
  and the summary to copy;
- ``/s/ID/stats``: ``remikcalc stats`` of the sheet; ``/s/ID/chart.svg``: the progression;
- ``/s/ID/summary`` (a page with the text to copy) and ``/s/ID/summary.txt`` (the text);
- ``/s/ID/table``: big totals for a laptop or a TV across the table, live (or refreshed every
  5 seconds without JavaScript);
- ``/s/ID/events``: the sheet's changes as server-sent events (:mod:`remikcalc.web.live`).

The evening, several sheets together, is :mod:`remikcalc.web.evening`. The figures are the
library's (:func:`remikcalc.session.settle`, ``player_stats``) and the words
:mod:`remikcalc.render`'s, so a page and the command line say the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from starlette.responses import PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from remikcalc.base.i18n import _, current
from remikcalc.base.numtext import money_text, number_text, signed
from remikcalc.session import Replay
from remikcalc.settle import Settlement, settle
from remikcalc.web import live
from remikcalc.web.call import Call, route
from remikcalc.web.shelf import Served
from remikcalc.web.views import sheet_view

__all__ = ["ROUTES", "Figure", "SettleView", "settle_view", "stats_view"]


@dataclass(frozen=True, slots=True)
class Figure:
    """One player's line of a settlement: words for each column, and which way it goes."""

    name: str
    cells: tuple[str, ...]
    up: bool | None


@dataclass(frozen=True, slots=True)
class SettleView:
    """A settlement as a page shows it: the players' table and the sentences under it."""

    headers: tuple[str, ...]
    figures: tuple[Figure, ...]
    transfers: tuple[str, ...]
    rounding: str | None
    pool: tuple[str, ...]
    games: tuple[str, ...]
    closing: str
    summary: str
    heading: str = ""
    nothing: str = ""


def _amount(settlement: Settlement, value: Decimal, *, money: bool) -> str:
    sheet = settlement.sheet
    if money:
        return signed(money_text(value, sheet.currency, sheet.minor_digits), value)
    return signed(number_text(value), value)


def settle_view(settlement: Settlement) -> SettleView:
    """The settlement of one sheet, in the language spoken (the CLI's ``settle`` words)."""
    from remikcalc.render.settlement import (
        closing_line,
        game_lines,
        nothing_owed,
        payments_heading,
        pool_lines,
        rounding_note,
        transfer_lines,
    )
    from remikcalc.render.summary import summary_text

    tally, sheet, money = settlement.tally, settlement.sheet, settlement.money
    paid_in = tally.extra().get("paid_in", {})
    headers = [
        _("player"),
        _("total"),
        *([_("paid in")] if paid_in else []),
        _("net"),
        *([_("money")] if money is not None else []),
    ]
    figures = []
    for p in sheet.players:
        total = tally.totals.get(p)
        cells = ["" if total is None else number_text(total)]
        if paid_in:
            cells.append(number_text(paid_in[p]))
        net = settlement.net_shown[p]
        cells.append(_amount(settlement, net, money=False))
        value = net
        if money is not None:
            value = money[p]
            cells.append(_amount(settlement, value, money=True))
        figures.append(Figure(p, tuple(cells), None if not value else value > 0))
    return SettleView(
        headers=tuple(headers),
        figures=tuple(figures),
        heading=payments_heading(settlement),
        nothing=nothing_owed(settlement),
        transfers=tuple(transfer_lines(settlement)),
        rounding=rounding_note(settlement),
        pool=tuple(pool_lines(settlement)),
        games=tuple(game_lines(settlement)),
        closing=closing_line(settlement),
        summary=summary_text(settlement),
    )


def _settlement(served: Served) -> tuple[str, Settlement]:
    version, state = served.book.load()
    return version, settle(state)


def settle_page(call: Call) -> Response:
    """``/s/ID/settle``: the settlement as ``remikcalc settle`` gives it."""
    served = call.sheet()
    view = sheet_view(served)
    report = settle_view(view.settlement)
    return call.render("settle.html", view=view, report=report)


def summary_page(call: Call) -> Response:
    """``/s/ID/summary``: the plain lines to copy into a chat."""
    served = call.sheet()
    view = sheet_view(served)
    from remikcalc.render.summary import summary_text

    return call.render("rep_summary.html", view=view, text=summary_text(view.settlement))


def summary_txt(call: Call) -> Response:
    """``/s/ID/summary.txt``: the same lines as plain text."""
    from remikcalc.render.summary import summary_text

    _version, settlement = _settlement(call.sheet())
    return PlainTextResponse(summary_text(settlement) + "\n")


def chart_svg(call: Call) -> Response:
    """``/s/ID/chart.svg``: the progression (one rendering per version and language)."""
    from remikcalc.render.chart import progression_svg

    served = call.sheet()
    version, state = served.book.load()

    def make() -> bytes:
        return progression_svg(state).encode("utf-8")

    body = served.cached((version, current(), "chart.svg"), make)
    return Response(body, media_type="image/svg+xml")


# --- stats ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StatsView:
    """Each player's figures: the headings and a row per player."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def stats_view(states: list[Replay], names: list[str]) -> StatsView:
    """The stats of the sheets ``states``, called ``names`` where a best deal is on one of
    several."""
    from remikcalc.render.stats import stats_figures
    from remikcalc.session import player_stats

    headers, rows = stats_figures(player_stats(states), names)
    return StatsView(tuple(headers), tuple(tuple(r) for r in rows))


def stats_page(call: Call) -> Response:
    """``/s/ID/stats``: ``remikcalc stats`` of one sheet, and its chart."""
    served = call.sheet()
    view = sheet_view(served)
    stats = stats_view([view.state], [view.title])
    return call.render("stats.html", view=view, stats=stats, evening=None)


# --- the table view ---------------------------------------------------------------------------


def table_page(call: Call) -> Response:
    """``/s/ID/table``: the totals large for a screen across the table."""
    served = call.sheet()
    return call.render("table.html", view=sheet_view(served))


ROUTES: list[BaseRoute] = [
    route("/s/{sheet}/settle", settle_page),
    route("/s/{sheet}/stats", stats_page),
    route("/s/{sheet}/chart.svg", chart_svg),
    route("/s/{sheet}/summary", summary_page),
    route("/s/{sheet}/summary.txt", summary_txt),
    route("/s/{sheet}/table", table_page),
    Route("/s/{sheet}/events", live.events, methods=["GET"]),
]
