"""What a sheet (or the evening) comes to: the settlement, stats, the progression chart,
a plain-text summary to copy, the table view, and the live updates every open page follows.

- ``/s/ID/settle``: ``remikcalc settle``'s settlement as a page (each player's total, net and
  money; who pays whom; each game's figure and how it is made; the rounding note), the chart
  and the summary to copy;
- ``/s/ID/stats``: ``remikcalc stats`` of the sheet; ``/s/ID/chart.svg``: the progression;
- ``/s/ID/summary`` (a page with the text to copy) and ``/s/ID/summary.txt`` (the text);
- ``/s/ID/table``: big totals for a laptop or a TV across the table, live (or refreshed every
  5 seconds without JavaScript);
- ``/s/ID/events``: the sheet's changes as server-sent events (:mod:`remikcalc.web.live`);
- ``/evening``: choose sheets, then their combined settlement (``remikcalc settle A B``);
  ``/evening/stats`` their stats.

The figures are the library's (:func:`remikcalc.session.settle`, ``settle_evening``,
``player_stats``) and the words :mod:`remikcalc.render`'s, so a page and the command line say
the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from starlette.responses import PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.i18n import _, current
from remikcalc.base.numtext import money_text, number_text
from remikcalc.scoring.result import POOL
from remikcalc.session import Evening, Replay
from remikcalc.settle import Settlement, settle
from remikcalc.web import live
from remikcalc.web.call import Call, route
from remikcalc.web.shelf import Served
from remikcalc.web.views import sheet_view, signed_text

__all__ = ["ROUTES", "EveningView", "SettleView", "settle_view"]


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
        return signed_text(money_text(value, sheet.currency, sheet.minor_digits), value)
    return signed_text(number_text(value), value)


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


def _stats_view(states: list[Replay], names: list[str]) -> StatsView:
    from remikcalc.render.stats import stats_figures
    from remikcalc.session import player_stats

    headers, rows = stats_figures(player_stats(states), names)
    return StatsView(tuple(headers), tuple(tuple(r) for r in rows))


def stats_page(call: Call) -> Response:
    """``/s/ID/stats``: ``remikcalc stats`` of one sheet, and its chart."""
    served = call.sheet()
    view = sheet_view(served)
    stats = _stats_view([view.state], [served.name])
    return call.render("stats.html", view=view, stats=stats, evening=None)


# --- the table view ---------------------------------------------------------------------------


def table_page(call: Call) -> Response:
    """``/s/ID/table``: the totals large for a screen across the table."""
    served = call.sheet()
    return call.render("table.html", view=sheet_view(served))


# --- the evening ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """A sheet to choose for the evening: its id, name, title, and whether it is chosen (or
    why it cannot be)."""

    id: str
    name: str
    title: str
    chosen: bool
    problem: str | None


@dataclass(frozen=True, slots=True)
class EveningSheet:
    """One sheet of the evening: its name, title, totals and its own payments."""

    id: str
    name: str
    title: str
    totals: str
    transfers: tuple[str, ...]
    closing: str


@dataclass(frozen=True, slots=True)
class EveningView:
    """The evening as a page shows it."""

    sheets: tuple[EveningSheet, ...]
    headers: tuple[str, ...]
    figures: tuple[Figure, ...]
    transfers: tuple[str, ...]
    pool: str | None
    summary: str


def _evening_view(evening: Evening, chosen: list[Served]) -> EveningView:
    from remikcalc.render.settlement import (
        closing_line,
        evening_amount_text,
        evening_transfer_lines,
        transfer_lines,
    )
    from remikcalc.render.summary import evening_summary_text, sheet_title

    sheets = []
    for served, settlement in zip(chosen, evening.settlements, strict=True):
        state = settlement.replay
        totals = ", ".join(f"{p} {number_text(t)}" for p, t in state.tally.totals.items())
        sheets.append(
            EveningSheet(
                served.id,
                served.name,
                sheet_title(state),
                totals,
                tuple(transfer_lines(settlement)),
                closing_line(settlement),
            )
        )
    figures = []
    for p, v in evening.combined.items():
        if p == POOL:
            continue
        amount = signed_text(evening_amount_text(evening, v), v)
        figures.append(Figure(p, (amount,), v > 0 if v else None))
    headers = (_("player"), _("money") if evening.in_money else _("net"))
    pool = evening.combined.get(POOL)
    pool_line = None
    if pool:
        pool_line = _("Pool: {amount} still in a running bridge game.").format(
            amount=evening_amount_text(evening, pool)
        )
    names = [served.name for served in chosen]
    return EveningView(
        tuple(sheets),
        headers,
        tuple(figures),
        tuple(evening_transfer_lines(evening)),
        pool_line,
        evening_summary_text(evening, names),
    )


def _chosen(call: Call) -> tuple[list[Choice], list[Served], list[Replay]]:
    """The sheets offered and the ones chosen (all that load, when none is named), with their
    replays."""
    from remikcalc.render.summary import sheet_title

    asked = set(call.request.query_params.getlist("s"))
    picked = bool(asked) or call.request.query_params.get("go") == "1"
    choices: list[Choice] = []
    chosen: list[Served] = []
    states: list[Replay] = []
    for served in call.pad.shelf.sheets():
        try:
            state = served.book.replay()
        except RemikcalcError as exc:
            problem = str(exc).splitlines()[0]
            choices.append(Choice(served.id, served.name, served.name, False, problem))
            continue
        on = served.id in asked if picked else True
        choices.append(Choice(served.id, served.name, sheet_title(state), on, None))
        if on:
            chosen.append(served)
            states.append(state)
    return choices, chosen, states


def evening_page(call: Call) -> Response:
    """``/evening``: the sheets to choose (every one by default), then their settlement as
    one evening: the CLI's ``settle A B``, or its refusal (mixed currencies, ...)."""
    from remikcalc.session import settle_evening

    choices, chosen, states = _chosen(call)
    query = _query(chosen)
    if not chosen:
        message = _("Choose at least one sheet.") if choices else _("No score sheets here yet.")
        return call.render(
            "evening.html",
            choices=choices,
            evening=None,
            problem=message,
            query=query,
            status=422 if choices else 200,
        )
    settlements = [settle(s) for s in states]
    try:
        evening = settle_evening(settlements)
    except RemikcalcError as exc:
        return call.render(
            "evening.html", status=422, choices=choices, evening=None, problem=str(exc), query=query
        )
    view = _evening_view(evening, chosen)
    return call.render("evening.html", choices=choices, evening=view, problem=None, query=query)


def evening_stats(call: Call) -> Response:
    """``/evening/stats``: ``remikcalc stats A B`` of the sheets chosen."""
    choices, chosen, states = _chosen(call)
    if not chosen:
        raise _nothing_chosen()
    stats = _stats_view(states, [served.name for served in chosen])
    query = _query(chosen)
    return call.render("stats.html", view=None, stats=stats, evening=chosen, query=query)


def _query(chosen: list[Served]) -> str:
    """The query string naming the sheets chosen (``s=ID&s=ID``)."""
    from urllib.parse import urlencode

    return urlencode([("s", served.id) for served in chosen])


def _nothing_chosen() -> RemikcalcError:
    from remikcalc.base.errors import SettleError

    return SettleError(_("Choose at least one sheet."))


ROUTES: list[BaseRoute] = [
    route("/s/{sheet}/settle", settle_page),
    route("/s/{sheet}/stats", stats_page),
    route("/s/{sheet}/chart.svg", chart_svg),
    route("/s/{sheet}/summary", summary_page),
    route("/s/{sheet}/summary.txt", summary_txt),
    route("/s/{sheet}/table", table_page),
    Route("/s/{sheet}/events", live.events, methods=["GET"]),
    route("/evening", evening_page),
    route("/evening/stats", evening_stats),
]
