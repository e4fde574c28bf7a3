"""Scoring a deal: by the counts the table said (the fast path), by final scores worked out
elsewhere, and by cards on a tap grid; the page model, the engine's answer and the save that
the deal entered together (:mod:`remikcalc.web.entry_together`) and the edit page
(:mod:`remikcalc.web.corrections`) share.

- ``/s/ID/counts``: "Cards left: how many points?", one count per player of the deal (the
  closer's may be left out where he went out), the closer, and the variant's own inputs (how it
  ended, one go, the up-card, boat's plus, rummy 500's melded values, a draw); with JavaScript
  a number pad of big keys types into the fields;
- ``/s/ID/points``: the deal's final scores as they go on the sheet, worked out elsewhere, with
  the variant's sign convention said in words and a one-go deal's numbers taken as given;
- ``/s/ID/cards``: a grid of the variant's pack per player (or the cards typed), the deal's
  own inputs, and each hand's arrangement;
- ``/s/ID/draft``: the deal entered together, each phone its own hand
  (:mod:`remikcalc.web.entry_together`), saved once every hand it needs is in.

Every page posts the one deal form (:class:`~remikcalc.web.deal_form.DealForm`), whose entry
the library reads and checks, and shows, before Save, what the deal will record: the sheet
book's dry run (:meth:`~remikcalc.session.book.SheetFile.preview_add`, or ``preview_edit`` for
a deal corrected) laid out by one macro, after "Check" without JavaScript and as it is typed
with it (``POST /s/ID/preview``, JSON, for every mode; the edit page asks
``POST /s/ID/deal/N/preview``, :mod:`remikcalc.web.corrections`). The save is one
:meth:`~remikcalc.session.book.SheetFile.add` with the version the form was made from, under
its idempotency key (:meth:`~remikcalc.web.call.Call.once`): a stale form is answered 409 with
the new deals and the input kept, a refusal 422 in the pad's words, beside the field it is
about, with the input kept; in both the file is unchanged. A deal the same as the last one
(the refusal's code ``same_as_last``) is asked about: "Add it again anyway?".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.i18n import _
from remikcalc.render.summary import sheet_title
from remikcalc.rules.dealinput import count_meaning, outcome_text, scores_meaning
from remikcalc.session.book import StaleSheet
from remikcalc.session.replay import Replay
from remikcalc.web.call import Call, route
from remikcalc.web.deal_form import (
    MODES,
    Chip,
    DealForm,
    FormField,
    closer_question,
    how_chips,
    seats_of,
)
from remikcalc.web.entry_look import (
    DealLook,
    HandLook,
    look_at_deal,
    look_at_edit,
    look_at_hand,
)
from remikcalc.web.filters import sheet_url
from remikcalc.web.grid import GridCard, grid, upcard_grid
from remikcalc.web.refusal import for_pad
from remikcalc.web.shelf import Served
from remikcalc.web.views import DealRow, sheet_view

__all__ = [
    "ROUTES",
    "DEAL_STEP",
    "EntryPage",
    "FormProblem",
    "SeatView",
    "StaleView",
    "deal_page",
    "hand_looks",
    "look_fragments",
    "playing_at",
    "problem_of",
    "save_entry",
    "stale_view",
    "step_of",
]


# --- what a page shows ------------------------------------------------------------------------


@dataclass
class SeatView:
    """One player's part of a page: the fields, the grid, the engine's arrangement."""

    index: int
    name: str
    fields: list[FormField] = field(default_factory=list)
    cards: list[GridCard] = field(default_factory=list)
    look: HandLook | None = None
    #: the chosen closer went out: no cards to tap
    went_out: bool = False
    #: the name of the field the cards typed go in
    typed: str = ""


@dataclass(frozen=True, slots=True)
class StaleView:
    """What changed on the sheet since a form was made (a 409)."""

    heading: str
    rows: tuple[DealRow, ...]


@dataclass(frozen=True, slots=True)
class FormProblem:
    """A refusal as a form shows it: in the pad's words, beside the field it is about (None:
    the deal as a whole), named by that field's label."""

    message: str
    field: str | None = None
    label: str = ""


def problem_of(error: RemikcalcError, form: DealForm) -> FormProblem:
    """``error`` on ``form``: the pad's words, and the field its ``field`` and ``player``
    name."""
    name = form.field_of(error)
    label = form.label_of(name) if name is not None else ""
    return FormProblem(for_pad(error), name, label)


@dataclass
class EntryPage:
    """Everything a deal form's page shows."""

    id: str
    title: str
    action: str
    form: DealForm
    seats: list[SeatView]
    question: str
    closers: list[Chip]
    hows: list[Chip]
    one_go: bool
    one_go_label: str
    inputs: list[FormField]
    upcards: list[GridCard]
    negative: bool
    went_out_rule: bool
    #: where the page asks what the deal will record as it is typed (JSON)
    preview: str = ""
    #: what a count is in this variant (the counts page), and what its final scores mean,
    #: their sign above all (the scores page)
    count_meaning: str = ""
    scores_meaning: str = ""
    #: a deal out in one go is doubled when scored from cards or counts, but final scores
    #: are taken as typed: the scores page says so beside the one-go choice
    one_go_as_given: bool = False
    deal: DealLook | None = None
    problem: FormProblem | None = None
    repeated: bool = False
    stale: StaleView | None = None
    #: the step shown first where the hands are steps: a seat's number, or DEAL_STEP
    step: str = ""

    @property
    def steps(self) -> list[str]:
        """The steps of a page that enters the hands one by one: each seat, then the deal."""
        return [*(str(seat.index) for seat in self.seats), DEAL_STEP]

    def next_step(self, step: str) -> str:
        """The step after ``step``."""
        steps = self.steps
        return steps[min(steps.index(step) + 1, len(steps) - 1)] if step in steps else DEAL_STEP


#: the last step of a page that enters the hands one by one: the deal's own inputs, the
#: engine's answer and the buttons
DEAL_STEP = "deal"


def step_of(page: EntryPage, asked: str = "", default: str = "") -> str:
    """The step a page of steps opens at: the one holding the field a refusal is about, else
    the step the phone was at (``asked``: its script says which), else ``default``, else the
    first hand."""
    steps = page.steps
    field = page.problem.field if page.problem is not None else None
    if field is not None:
        _input, _dot, seat = field.partition(".")
        return seat if seat in steps else DEAL_STEP
    for step in (asked, default):
        if step in steps:
            return step
    return steps[0]


#: the page that enters a deal in each mode of the deal form
_PAGES = {"scores": "points", "hands": "cards", "counts": "counts"}
#: each mode's template
_TEMPLATES = {"scores": "points.html", "hands": "cards.html", "counts": "counts.html"}


def deal_page(
    served: Served,
    state: Replay,
    form: DealForm,
    *,
    look: bool,
    hands: bool = True,
    scored: bool = True,
) -> EntryPage:
    """A deal form's page for the players of ``form``; with ``look`` the engine's answer for
    each hand and (with ``scored``: the deal added after the sheet's) the deal; without
    ``hands`` the deal's own inputs only (the draft's shared part)."""
    rules = state.rules
    spec = rules.spec
    by_cards = form.mode == "hands"
    seats: list[SeatView] = []
    for i in form.playing:
        name = form.seats[i]
        view = SeatView(i, name, form.seat_fields(i), typed=f"hands.{i}")
        if by_cards and hands:
            hand = form.hand(i)
            view.cards = grid(rules, hand.taps, form.others(i), fixed=form.typed_by_others(i))
            view.went_out = (
                spec.closer_went_out
                and form.closer_name() == name
                and not (hand.taps or hand.typed)
            )
            if look:
                view.look = _hand_look(form, i)
        elif form.mode == "counts":  # the closer who went out has no count to give
            view.went_out = (
                spec.closer_went_out
                and form.closer_name() == name
                and not form.values.get(f"counts.{i}")
            )
        seats.append(view)
    deal: DealLook | None = None
    if look and scored and hands:
        deal = look_at_form(served, form)
    one_go = spec.one_go_counts and rules.one_go_multiplier != 1
    return EntryPage(
        id=served.id,
        title=sheet_title(state),
        action=sheet_url(served.id, _PAGES[form.mode]),
        form=form,
        seats=seats,
        question=closer_question(rules),
        closers=form.closers(),
        hows=how_chips(rules, form.mode),
        one_go=one_go,
        one_go_label=outcome_text("one_go"),
        inputs=form.deal_fields(),
        upcards=upcard_grid(),
        negative=spec.negative_scores,
        went_out_rule=spec.closer_went_out,
        preview=preview_url(served.id, form.mode),
        count_meaning=count_meaning(rules) if form.mode == "counts" else "",
        scores_meaning=scores_meaning(rules) if form.mode == "scores" else "",
        one_go_as_given=one_go and form.mode == "scores",
        deal=deal,
    )


def preview_url(sheet: str, mode: str) -> str:
    """The address a new-deal page of ``mode`` asks what its deal will record."""
    return sheet_url(sheet, "preview") + f"?mode={mode}"


def _hand_look(form: DealForm, seat: int) -> HandLook | None:
    try:
        return look_at_hand(form.rules, form.hand_text(seat))
    except RemikcalcError as exc:
        return HandLook(problem=for_pad(exc))


def hand_looks(call: Call, page: EntryPage) -> dict[str, dict[str, str]]:
    """Each hand's part of a page's live preview (JSON): the engine's arrangement as an HTML
    fragment (``hands``) and its count for the hand's step (``counts``), by seat; empty where
    the page takes no cards."""
    parts = look_fragments(call)
    by_cards = page.form.mode == "hands"
    seats = page.seats if by_cards else []
    return {
        "hands": {str(s.index): str(parts.hand_look(s.look)) for s in seats},
        "counts": {str(s.index): s.look.points if s.look else "" for s in seats},
    }


def _typed_anything(form: DealForm) -> bool:
    """Whether the form holds anything that carries a deal: a hand, a count, a score, a
    draw (a page opened afresh is not scored)."""
    if form.values.get("draw"):
        return True
    if form.mode == "hands":
        return not all(form.hand(s).empty for s in form.playing)
    names = MODES[form.mode]
    return any(k.partition(".")[0] in names for k in form.values)


def look_at_form(served: Served, form: DealForm, edit: int | None = None) -> DealLook | None:
    """What the deal on ``form`` will record, by the book's dry run of adding it (or of
    putting it in the place of deal ``edit``); None while nothing is typed."""
    if not _typed_anything(form):
        return None
    try:
        entry = form.entry()
    except RemikcalcError as exc:
        return DealLook(problem=for_pad(exc), error=exc)
    if edit is not None:
        return look_at_edit(served.book, edit, entry)
    return look_at_deal(served.book, entry)


def stale_view(served: Served, deals: int) -> StaleView:
    rows = sheet_view(served).rows
    if len(rows) > deals:
        return StaleView(_("New on the sheet since this page was opened:"), rows[deals:])
    return StaleView(_("The sheet was changed; it now ends with:"), rows[-3:])


# --- saving -----------------------------------------------------------------------------------

#: answers a refused save: (status, the refusal; None for a stale form)
Refused = Callable[[int, RemikcalcError | None], Response]


def save_entry(
    call: Call,
    served: Served,
    entry: dict[str, Any],
    form: DealForm,
    refused: Refused,
    *,
    saved: Callable[[], None] | None = None,
) -> Response:
    """Add ``entry`` with the form's version, under its idempotency key; ``refused(status,
    error)`` answers a refusal (422) or a stale form (409, no error); ``saved()`` runs once
    the entry is written."""

    def write() -> Response:
        try:
            served.book.add(entry, again=form.again, version=form.version or "-")
        except StaleSheet:
            return refused(409, None)
        except RemikcalcError as exc:
            return refused(422, exc)
        if saved is not None:
            saved()
        return call.redirect(sheet_url(served.id))

    return call.once(form.key, write)


def _read(call: Call, state: Replay, mode: str) -> DealForm:
    playing = [seat for seat, _name in seats_of(state)]
    rules, seats = state.rules, state.sheet.players
    return DealForm.read(call.form, rules, seats, playing, mode, deals=len(state.steps))


def _form_page(call: Call, mode: str) -> Response:
    served = call.sheet()
    version, state = served.book.load()
    template = _TEMPLATES[mode]
    if call.request.method == "GET":
        page = deal_page(served, state, DealForm.blank(state, version, mode), look=False)
        page.step = step_of(page)
        return call.render(template, page=page)
    form = _read(call, state, mode)
    asked = call.form.get("step")
    if call.form.get("do") == "check":
        page = deal_page(served, state, form, look=True)
        page.step = step_of(page, asked, DEAL_STEP)
        return call.render(template, page=page)

    def refused(status: int, error: RemikcalcError | None) -> Response:
        now, fresh = served.book.load()
        shown = form if status != 409 else form.renewed(now, fresh)
        page = deal_page(served, fresh, shown, look=True)
        if error is not None:
            page.problem = problem_of(error, shown)
            page.repeated = error.code == "same_as_last"
        if status == 409:
            page.stale = stale_view(served, form.deals)
        page.step = step_of(page, "", DEAL_STEP)
        return call.render(template, status=status, page=page)

    try:
        entry = form.entry()
    except RemikcalcError as exc:
        return refused(422, exc)
    return save_entry(call, served, entry, form, refused)


def counts(call: Call) -> Response:
    """Score a deal by the count left in each hand: the fast path."""
    return _form_page(call, "counts")


def points(call: Call) -> Response:
    """Score a deal by its final scores, worked out elsewhere."""
    return _form_page(call, "scores")


def cards(call: Call) -> Response:
    """Score a deal by the cards left in each hand."""
    return _form_page(call, "hands")


def look_fragments(call: Call) -> Any:
    return call.pad.templates.get_template("entry_look.html").make_module({"call": call})


def playing_at(served: Served, n: int) -> list[int]:
    """The seats of the players of deal ``n`` (bridge: those still in then); every seat when
    the sheet has no such deal (the refusal is the edit's to say)."""
    state = served.book.replay()
    seats = state.sheet.players
    try:
        players = served.book.before(n).replay.tally.active()
    except RemikcalcError:
        players = seats
    return [seats.index(p) for p in players if p in seats]


def preview(call: Call) -> Response:
    """What the deal on a new-deal page's form will record, as it is now (JSON with HTML
    fragments for the page to put in place: ``deal``, and on the cards page each hand's
    arrangement, ``hands``, and count, ``counts``); nothing is saved. The form's mode is its
    ``mode`` field or the address's. (The edit page asks its own address,
    ``POST /s/ID/deal/N/preview``, which also says what the edit changes.)"""
    served = call.sheet()
    _version, state = served.book.load()
    mode = call.form.get("mode") or call.request.query_params.get("mode", "hands")
    form = _read(call, state, mode if mode in MODES else "hands")
    parts = look_fragments(call)
    page = deal_page(served, state, form, look=True)
    return JSONResponse({**hand_looks(call, page), "deal": str(parts.deal_or_hint(page.deal))})


ROUTES: list[BaseRoute] = [
    route("/s/{sheet}/counts", counts, ("GET", "POST")),
    route("/s/{sheet}/points", points, ("GET", "POST")),
    route("/s/{sheet}/cards", cards, ("GET", "POST")),
    route("/s/{sheet}/preview", preview, ("POST",), writes=False),
]
