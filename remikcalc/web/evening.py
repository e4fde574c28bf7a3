"""The evening: several sheets settled together (``remikcalc settle A B``), from a phone.

- ``/evening``: the sheets to choose (by default today's: those whose file changed today and
  that hold a deal, else every sheet with a deal), then those that can be settled together
  as one evening (:func:`~remikcalc.session.evening.settle_together`), the others each with
  the reason in words, a sheet without a stake with a form to set one, and the names that
  look like one person's across the sheets (:func:`~remikcalc.session.evening.look_alikes`)
  each with a button that renames it on the sheet where it differs;
- ``/s/ID/evening/stake`` and ``/s/ID/evening/rename``: those two writes (the library's
  :meth:`~remikcalc.session.book.SheetFile.set_stake` and ``rename``, with the version the
  page was made from and an idempotency key), then the evening again with the same sheets;
- ``/evening/stats``: ``remikcalc stats A B`` of the sheets chosen.

The figures are the library's and the words :mod:`remikcalc.render`'s; a sheet is named by
its title (its file name only in small print, where the sheets are chosen).
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import urlencode

from starlette.responses import Response
from starlette.routing import BaseRoute

from remikcalc.base.errors import RemikcalcError, SettleError
from remikcalc.base.i18n import _
from remikcalc.base.numtext import number_text, signed
from remikcalc.scoring.deal import player_named
from remikcalc.scoring.result import POOL
from remikcalc.session import Replay
from remikcalc.session.book import StaleSheet
from remikcalc.session.evening import LeftOut, LookAlike, Together
from remikcalc.settle import settle
from remikcalc.web.call import Call, route
from remikcalc.web.deal_form import new_key
from remikcalc.web.refusal import for_pad
from remikcalc.web.reports import Figure, stats_view
from remikcalc.web.shelf import Served

__all__ = ["ROUTES", "EveningView"]


@dataclass(frozen=True, slots=True)
class Choice:
    """A sheet to choose for the evening: its id, title and file name, whether it is chosen,
    whether it changed today, or why it cannot be chosen."""

    id: str
    name: str
    title: str
    chosen: bool
    today: bool
    problem: str | None


@dataclass(frozen=True, slots=True)
class Loaded:
    """A sheet chosen that loads: what the page and its forms need of it."""

    served: Served
    version: str
    state: Replay
    title: str


@dataclass(frozen=True, slots=True)
class EveningSheet:
    """One sheet settled in the evening: its title, totals and its own payments."""

    id: str
    title: str
    totals: str
    transfers: tuple[str, ...]
    closing: str


@dataclass(frozen=True, slots=True)
class LeftOutSheet:
    """A sheet chosen but left out of the settlement: why, and (without a stake) the form
    that sets one."""

    id: str
    title: str
    reason: str
    version: str
    #: the stake form: what one stake is worth (a point's or a stake's), the currency offered
    stake_per: str | None = None
    currency: str = ""
    key: str = ""


@dataclass(frozen=True, slots=True)
class Rename:
    """A one-tap rename of a player on one sheet."""

    id: str
    label: str
    old: str
    new: str
    version: str
    key: str
    suggested: bool


@dataclass(frozen=True, slots=True)
class LookAlikeView:
    """Two names that may be one person's, and the renames that would make them one."""

    text: str
    renames: tuple[Rename, ...]


@dataclass(frozen=True, slots=True)
class EveningView:
    """The evening as a page shows it."""

    sheets: tuple[EveningSheet, ...]
    headers: tuple[str, ...]
    figures: tuple[Figure, ...]
    transfers: tuple[str, ...]
    pool: str | None
    summary: str
    left_out: tuple[LeftOutSheet, ...] = ()
    look_alikes: tuple[LookAlikeView, ...] = ()
    #: the sheets chosen, as the forms post them back
    chosen: tuple[str, ...] = ()


def _changed_today(served: Served, today: datetime.date) -> bool:
    try:
        changed = os.stat(served.path).st_mtime
    except OSError:
        return False
    return datetime.date.fromtimestamp(changed) == today


@dataclass(frozen=True, slots=True)
class _Offered:
    """A sheet served: what it loads as (or why it does not), and whether it changed today."""

    served: Served
    version: str
    state: Replay | None
    problem: str | None
    today: bool


def _offered(call: Call) -> list[_Offered]:
    today = datetime.date.today()
    out = []
    for served in call.pad.shelf.sheets():
        fresh = _changed_today(served, today)
        try:
            version, state = served.book.load()
        except RemikcalcError as exc:
            out.append(_Offered(served, "", None, str(exc).splitlines()[0], fresh))
            continue
        out.append(_Offered(served, version, state, None, fresh))
    return out


def _todays(offered: Sequence[_Offered]) -> set[str]:
    """The sheets chosen at first: those with a deal that changed today, else every sheet
    with a deal, else every sheet that loads."""
    played = [o for o in offered if o.state is not None and o.state.steps]
    today = {o.served.id for o in played if o.today}
    return (
        today
        or {o.served.id for o in played}
        or {o.served.id for o in offered if o.state is not None}
    )


def _choices(call: Call, asked: Sequence[str] | None) -> tuple[list[Choice], list[Loaded]]:
    """The sheets offered and those chosen (``asked``, by id; None: today's, see
    :func:`_todays`), with what they load as."""
    from remikcalc.render.summary import sheet_title

    offered = _offered(call)
    chosen = _todays(offered) if asked is None else set(asked)
    choices: list[Choice] = []
    loaded: list[Loaded] = []
    for o in offered:
        served = o.served
        if o.state is None:
            choices.append(Choice(served.id, served.name, served.name, False, o.today, o.problem))
            continue
        title = sheet_title(o.state)
        on = served.id in chosen
        choices.append(Choice(served.id, served.name, title, on, o.today, None))
        if on:
            loaded.append(Loaded(served, o.version, o.state, title))
    return choices, loaded


def _asked(call: Call) -> list[str] | None:
    """The sheets the request names (``s=ID``; a form's posted ``s`` fields), or None for the
    page's own choice: a first visit, without ``go=1``."""
    if call.request.method == "POST":
        return call.form.all("s")
    query = call.request.query_params
    asked = query.getlist("s")
    return asked if asked or query.get("go") == "1" else None


def _query(ids: Sequence[str]) -> str:
    """The query string of the evening of these sheets (``go=1&s=ID&s=ID``)."""
    return urlencode([("go", "1"), *(("s", i) for i in ids)])


def _settled(together: Together, loaded: Sequence[Loaded]) -> list[EveningSheet]:
    from remikcalc.render.settlement import closing_line, transfer_lines

    out = []
    for i, settlement in zip(together.chosen, together.evening.settlements, strict=True):
        state = settlement.replay
        totals = ", ".join(f"{p} {number_text(t)}" for p, t in state.tally.totals.items())
        out.append(
            EveningSheet(
                loaded[i].served.id,
                loaded[i].title,
                totals,
                tuple(transfer_lines(settlement)),
                closing_line(settlement),
            )
        )
    return out


def _left_out(left: Sequence[LeftOut], loaded: Sequence[Loaded]) -> list[LeftOutSheet]:
    from remikcalc.render.evening import left_out_reason
    from remikcalc.render.running import stake_meaning

    out = []
    for x in left:
        sheet = loaded[x.index]
        reason = left_out_reason(x)
        if x.code != "stake_mismatch":
            out.append(LeftOutSheet(sheet.served.id, sheet.title, reason, sheet.version))
            continue
        per = stake_meaning(sheet.state.rules.spec.unit)
        currency = x.settled_in or ""
        out.append(
            LeftOutSheet(
                sheet.served.id, sheet.title, reason, sheet.version, per, currency, new_key()
            )
        )
    return out


def _look_alikes(found: Sequence[LookAlike], loaded: Sequence[Loaded]) -> list[LookAlikeView]:
    """Each pair of names, with a rename on every sheet that writes the other spelling (the
    one suggested first: to the name on more sheets), then the other way round."""
    from remikcalc.render.evening import look_alike_text

    out = []
    for alike in found:
        renames = []
        for old, new, places, suggested in (
            (alike.other, alike.name, alike.other_sheets, True),
            (alike.name, alike.other, alike.sheets, False),
        ):
            for i in places:
                sheet = loaded[i]
                spelled = player_named(old, sheet.state.sheet.players)
                label = _("Rename {old} to {new} in “{title}”").format(
                    old=spelled, new=new, title=sheet.title
                )
                key = new_key()
                renames.append(
                    Rename(sheet.served.id, label, spelled, new, sheet.version, key, suggested)
                )
        out.append(LookAlikeView(look_alike_text(alike), tuple(renames)))
    return out


def _evening_view(together: Together, loaded: Sequence[Loaded]) -> EveningView:
    from remikcalc.render.settlement import evening_amount_text, evening_transfer_lines
    from remikcalc.render.summary import evening_summary_text
    from remikcalc.session.evening import look_alikes

    evening = together.evening
    figures = []
    for p, v in evening.combined.items():
        if p == POOL:
            continue
        amount = signed(evening_amount_text(evening, v), v)
        figures.append(Figure(p, (amount,), v > 0 if v else None))
    headers = (_("player"), _("money") if evening.in_money else _("net"))
    pool = evening.combined.get(POOL)
    pool_line = None
    if pool:
        pool_line = _("Pool: {amount} still in a running bridge game.").format(
            amount=evening_amount_text(evening, pool)
        )
    titles = [loaded[i].title for i in together.chosen]
    alike = look_alikes([x.state.sheet for x in loaded])
    return EveningView(
        tuple(_settled(together, loaded)),
        headers,
        tuple(figures),
        tuple(evening_transfer_lines(evening)),
        pool_line,
        evening_summary_text(evening, titles),
        tuple(_left_out(together.left_out, loaded)),
        tuple(_look_alikes(alike, loaded)),
        tuple(x.served.id for x in loaded),
    )


def _page(
    call: Call,
    *,
    status: int = 200,
    errors: Mapping[str, str] | None = None,
    typed: Mapping[str, str] | None = None,
    notice: str | None = None,
) -> Response:
    """The evening of the sheets the request names (or today's)."""
    from remikcalc.session.evening import settle_together

    asked = _asked(call)
    choices, loaded = _choices(call, asked)
    ids = [x.served.id for x in loaded]
    context = {
        "choices": choices,
        "query": _query(ids),
        "picked": asked is not None,
        "errors": dict(errors or {}),
        "typed": dict(typed or {}),
        "notice": notice,
    }
    if not loaded:
        message = _("Choose at least one sheet.") if choices else _("No score sheets here yet.")
        code = 422 if choices and status == 200 else status
        return call.render("evening.html", status=code, evening=None, problem=message, **context)
    together = settle_together([settle(x.state) for x in loaded])
    view = _evening_view(together, loaded)
    return call.render("evening.html", status=status, evening=view, problem=None, **context)


def evening_page(call: Call) -> Response:
    """``/evening``: the sheets to choose, then those that settle together as one evening,
    why the others do not, and the names that may be one person's."""
    return _page(call)


def _write(
    call: Call, what: str, write: Callable[[Served, str], None], fields: Sequence[str] = ()
) -> Response:
    """One write from the evening page: saved (303 to the evening again), stale (409) or
    refused (422, the message beside the form ``what`` it came from: beside its field, for
    ``fields``)."""
    served = call.sheet()
    typed = {f"{what}.{k}": call.form.get(k) for k in fields}

    def written() -> Response:
        try:
            write(served, call.form.get("version"))
        except StaleSheet:
            notice = _(
                "That sheet changed meanwhile, so nothing was saved: check it and try again."
            )
            return _page(call, status=409, notice=notice)
        except RemikcalcError as exc:
            name = exc.field if exc.field in fields else "problem"
            return _page(call, status=422, errors={f"{what}.{name}": for_pad(exc)}, typed=typed)
        return call.redirect("/evening?" + _query(call.form.all("s")))

    return call.once(call.form.get("key"), written)


def set_stake(call: Call) -> Response:
    """``/s/ID/evening/stake``: the sheet's stake (and currency), then the evening again."""
    stake, currency = call.form.get("stake").strip(), call.form.get("currency").strip()

    def write(served: Served, version: str) -> None:
        served.book.set_stake(stake, currency or None, version=version)

    return _write(call, f"stake-{call.param('sheet')}", write, ("stake", "currency"))


def rename(call: Call) -> Response:
    """``/s/ID/evening/rename``: a player renamed on that sheet, then the evening again."""
    old, new = call.form.get("old"), call.form.get("new")

    def write(served: Served, version: str) -> None:
        served.book.rename(old, new, version=version)

    return _write(call, f"rename-{call.param('sheet')}-{old}", write)


def evening_stats(call: Call) -> Response:
    """``/evening/stats``: ``remikcalc stats A B`` of the sheets chosen."""
    _choices_made, loaded = _choices(call, _asked(call))
    if not loaded:
        raise SettleError(_("Choose at least one sheet."), code="no_sheets")
    stats = stats_view([x.state for x in loaded], [x.title for x in loaded])
    query = _query([x.served.id for x in loaded])
    titles = [x.title for x in loaded]
    return call.render("stats.html", view=None, stats=stats, evening=titles, query=query)


ROUTES: list[BaseRoute] = [
    route("/evening", evening_page),
    route("/evening/stats", evening_stats),
    route("/s/{sheet}/evening/stake", set_stake, ("POST",)),
    route("/s/{sheet}/evening/rename", rename, ("POST",)),
]
