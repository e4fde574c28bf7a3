"""Scoring a deal: by points (the fast path) and by cards on a tap grid; the page model and the
save that the deal entered together (:mod:`remikcalc.web.entry_together`) shares.

- ``/s/ID/points``: one number per player of the deal, the closer, the outcome, a draw;
- ``/s/ID/cards``: a grid of the variant's pack per player (or the cards typed), the deal's
  own inputs (:func:`~remikcalc.web.entry_form.deal_inputs`), and the engine's answer: a
  "Check" button without JavaScript, ``POST /s/ID/preview`` (JSON) as the cards are tapped;
- ``/s/ID/draft``: the deal entered together, each phone its own hand
  (:mod:`remikcalc.web.entry_together`), saved once every hand it needs is in.

Every save is one :meth:`SheetFile.add <remikcalc.session.book.SheetFile.add>` with the
version the form was made from and its idempotency key: a stale form is answered 409 with the
new deals and the input kept, a refusal 422 with the command line's message and the input
kept; in both the file is unchanged. A deal the same as the last one is asked about ("add it
again"), as ``remikcalc add`` refuses it without ``--again``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.i18n import _
from remikcalc.render.summary import sheet_title
from remikcalc.rules.dealinput import outcome_text, takes
from remikcalc.session.book import StaleSheet
from remikcalc.session.replay import Replay
from remikcalc.sheet.model import DealEntry
from remikcalc.web.call import Call, route
from remikcalc.web.entry_draft import EntryState
from remikcalc.web.entry_form import (
    Cell,
    Choice,
    DealForm,
    Input,
    SeatInput,
    closer_question,
    deal_inputs,
    grid,
    how_choices,
    seats_of,
    upcard_cells,
)
from remikcalc.web.entry_look import (
    DealLook,
    HandLook,
    look_at_deal,
    look_at_hand,
    pad_words,
    repeats_last,
)
from remikcalc.web.filters import sheet_url
from remikcalc.web.shelf import Served
from remikcalc.web.views import DealRow, sheet_view

__all__ = [
    "ROUTES",
    "EntryPage",
    "SeatView",
    "StaleView",
    "deal_page",
    "entry_state",
    "look_fragments",
    "save_entry",
    "stale_view",
]

_CREATE = threading.Lock()


def entry_state(call: Call) -> EntryState:
    """The entry pages' state of this run (made on first use)."""
    state = call.request.app.state
    found = getattr(state, "entry", None)
    if found is None:
        with _CREATE:
            found = getattr(state, "entry", None)
            if found is None:
                found = EntryState()
                state.entry = found
    assert isinstance(found, EntryState)
    return found


# --- what a page shows ------------------------------------------------------------------------


@dataclass
class SeatView:
    """One player's part of a page: the grid, the text typed, the engine's arrangement."""

    index: int
    name: str
    input: SeatInput
    cells: list[Cell] = field(default_factory=list)
    look: HandLook | None = None
    #: the chosen closer went out: no cards to tap
    went_out: bool = False


@dataclass(frozen=True, slots=True)
class StaleView:
    """What changed on the sheet since a form was made (a 409)."""

    heading: str
    rows: tuple[DealRow, ...]


@dataclass
class EntryPage:
    """Everything a deal form's page shows."""

    id: str
    title: str
    action: str
    form: DealForm
    seats: list[SeatView]
    question: str
    closers: list[Choice]
    hows: list[Choice]
    one_go: bool
    one_go_label: str
    inputs: list[Input]
    upcards: list[Cell]
    melded: bool
    negative: bool
    went_out_rule: bool
    deal: DealLook | None = None
    message: str = ""
    repeated: bool = False
    stale: StaleView | None = None


def deal_page(
    served: Served,
    state: Replay,
    form: DealForm,
    *,
    points: bool,
    look: bool,
    hands: bool = True,
) -> EntryPage:
    """A deal form's page; with ``look`` the engine's answer for each hand and the deal;
    without ``hands`` the deal's own inputs only (the draft's shared part)."""
    rules = state.rules
    spec = rules.spec
    seats: list[SeatView] = []
    for i, name in seats_of(state):
        seat = form.seats.get(i) or SeatInput()
        view = SeatView(i, name, seat)
        if not points and hands:
            others = form.others(i)
            view.cells = grid(rules, seat.codes, others, fixed=form.typed_by_others(i))
            view.went_out = spec.closer_went_out and form.closer == str(i) and seat.empty
            if look:
                try:
                    view.look = look_at_hand(rules, seat.hand(name))
                except RemikcalcError as exc:
                    view.look = HandLook(problem=str(exc))
        seats.append(view)
    deal: DealLook | None = None
    if look and not points:
        deal = _look_at_cards(state, form)
    closers = [Choice("", _("not said")), *(Choice(str(s.index), s.name) for s in seats)]
    return EntryPage(
        id=served.id,
        title=sheet_title(state),
        action=sheet_url(served.id, "points" if points else "cards"),
        form=form,
        seats=seats,
        question=closer_question(rules),
        closers=closers,
        hows=how_choices(rules, points=points),
        one_go=spec.one_go_counts and rules.one_go_multiplier != 1,
        one_go_label=outcome_text("one_go"),
        inputs=deal_inputs(rules, points=points),
        upcards=upcard_cells(),
        melded=not points and takes(rules, "melded"),
        negative=spec.negative_scores,
        went_out_rule=spec.closer_went_out,
        deal=deal,
    )


def _look_at_cards(state: Replay, form: DealForm) -> DealLook | None:
    if all(s.empty and not s.melded for s in form.seats.values()) and not form.draw:
        return None
    try:
        entry = form.cards_entry(state)
    except RemikcalcError as exc:
        return DealLook(problem=pad_words(exc))
    return look_at_deal(state.sheet, entry)


def stale_view(served: Served, deals: int) -> StaleView:
    rows = sheet_view(served).rows
    if len(rows) > deals:
        return StaleView(_("New on the sheet since this page was opened:"), rows[deals:])
    return StaleView(_("The sheet was changed; it now ends with:"), rows[-3:])


# --- saving -----------------------------------------------------------------------------------

#: answers a refused save: (status, the message, whether the deal repeats the last one)
Refused = Callable[[int, str, bool], Response]


def save_entry(
    call: Call,
    served: Served,
    entry: DealEntry,
    version: str,
    key: str,
    again: bool,
    refused: Refused,
) -> Response:
    """Add ``entry`` with the form's version and key; ``refused(status, message, repeated)``
    answers a refusal (422) or a stale form (409)."""
    location = sheet_url(served.id)
    with entry_state(call).lock(served.id):
        if key and key in call.pad.done:
            return call.redirect(call.pad.done[key])
        try:
            served.book.add(entry, again=again, version=version or "-")
        except StaleSheet:
            return refused(409, "", False)
        except RemikcalcError as exc:
            return refused(422, pad_words(exc), not again and _repeats(served, entry))
        call.pad.remember(key, location)
    return call.redirect(location)


def _repeats(served: Served, entry: DealEntry) -> bool:
    try:
        return repeats_last(served.book.replay().sheet, entry)
    except RemikcalcError:
        return False


def _form_page(call: Call, points: bool) -> Response:
    served = call.sheet()
    version, state = served.book.load()
    template = "points.html" if points else "cards.html"
    if call.request.method == "GET":
        page = deal_page(served, state, DealForm.blank(version, state), points=points, look=False)
        return call.render(template, page=page)
    form = DealForm.read(call.form, state)
    if form.key and form.key in call.pad.done:
        return call.redirect(call.pad.done[form.key])
    checking = call.form.get("do") == "check"
    if checking:
        return call.render(template, page=deal_page(served, state, form, points=points, look=True))

    def refused(status: int, message: str, repeated: bool) -> Response:
        now, fresh = served.book.load()
        shown = form if status != 409 else form.renewed(now, fresh)
        page = deal_page(served, fresh, shown, points=points, look=not points)
        page.message, page.repeated = message, repeated
        if status == 409:
            page.stale = stale_view(served, form.deals)
        return call.render(template, status=status, page=page)

    try:
        entry = form.points_entry(state) if points else form.cards_entry(state)
    except RemikcalcError as exc:
        return refused(422, pad_words(exc), False)
    return save_entry(call, served, entry, form.version, form.key, form.again, refused)


def points(call: Call) -> Response:
    """Score a deal by each player's points."""
    return _form_page(call, True)


def cards(call: Call) -> Response:
    """Score a deal by the cards left in each hand."""
    return _form_page(call, False)


def look_fragments(call: Call) -> Any:
    return call.pad.templates.get_template("entry_look.html").make_module({"call": call})


def preview(call: Call) -> Response:
    """The engine's answer for the cards form as it is now (JSON with HTML fragments for
    the page to put in place); nothing is saved."""
    served = call.sheet()
    _version, state = served.book.load()
    form = DealForm.read(call.form, state)
    page = deal_page(served, state, form, points=False, look=True)
    parts = look_fragments(call)
    hands = {str(s.index): str(parts.hand_look(s.look)) for s in page.seats}
    return JSONResponse({"hands": hands, "deal": str(parts.deal_look(page.deal))})


ROUTES: list[BaseRoute] = [
    route("/s/{sheet}/points", points, ("GET", "POST")),
    route("/s/{sheet}/cards", cards, ("GET", "POST")),
    route("/s/{sheet}/preview", preview, ("POST",), writes=False),
]
