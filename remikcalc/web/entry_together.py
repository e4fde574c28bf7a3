"""The deal entered together: each player fills in their own hand on their own phone, and the
deal is saved once every hand it needs is in (``/s/ID/draft``).

The draft itself (the hands kept per sheet, the version it was started from) and the seats
(which phone is which player) are :mod:`remikcalc.web.entry_draft`, kept on the run's
:class:`~remikcalc.web.pad.Pad`; the deal form's page model and the save are the entry pages'
(:mod:`remikcalc.web.entry`).

- **A seat is one phone's.** "I am Anna" claims Anna's seat for this phone; another phone
  asking for it is told that Anna is on another phone and takes the seat over only when it
  says so, which clears what was saved for Anna in the draft (the new phone must not see it)
  and sends the first phone back to "Who are you?", saying why. A player who is out of the
  game (remik bridge) is told there is nothing to enter.
- **Nobody sees the others' cards.** A phone is shown its own hand only; the others are
  names with "entered" or "waiting", never cards, not even greyed out in its grid (in a
  one-pack game that would give their hands away). The deal's preview (the book's dry run,
  once every hand it needs is in) shows its headline, each player's score and the totals; a
  refusal about another player's cards (its ``cards`` held by another player, or its
  ``player`` another whose hand it quotes) is not shown (:func:`private`).
- **Live.** ``/s/ID/draft/events`` is a stream of server-sent events: ``draft`` when the
  draft or its seats change (the page fetches itself and puts its live parts in place), and
  ``change`` when the sheet does (a confirmed deal: every phone moves on to the next deal's
  draft, with the sheet as it is now at the top).
- **A draw** with no result to wait for (the family's ``draw_scores`` is ``none``: remik
  bridge, the knock games) is confirmed at once, without the hands.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.i18n import _
from remikcalc.render.summary import sheet_title
from remikcalc.rules.ruleset import Rules
from remikcalc.session.replay import Replay
from remikcalc.web.call import Call, NotFound, route
from remikcalc.web.deal_form import DealForm, SeatHand, new_key, seats_of
from remikcalc.web.entry import (
    EntryPage,
    FormProblem,
    SeatView,
    StaleView,
    deal_page,
    look_fragments,
    save_entry,
    stale_view,
)
from remikcalc.web.entry_draft import Draft, Holder, shared_values
from remikcalc.web.entry_look import DealLook, HandLook, look_at_deal, look_at_hand
from remikcalc.web.filters import sheet_url
from remikcalc.web.grid import grid
from remikcalc.web.live import PING, STREAM_LIFE, TICK
from remikcalc.web.pad import Pad
from remikcalc.web.refusal import for_pad
from remikcalc.web.shelf import Served
from remikcalc.web.speech import phone_choice, speaking
from remikcalc.web.views import SheetView, sheet_view

__all__ = ["ME_COOKIE", "ROUTES", "closer_save", "draft_events", "private"]

#: the cookie that says which player a phone is, per sheet: the seat and the phone's secret
ME_COOKIE = "remikcalc_me_"
_ME_AGE = 12 * 3600
#: refusals about a player's hand that quote none of its cards (its size, a hand missing)
_NAMES_NO_CARD = frozenset({"hand_size", "empty_hand", "no_hand", "given_twice"})


# --- who this phone is --------------------------------------------------------------------------


def _cookie(call: Call, served: Served) -> str:
    return call.request.cookies.get(ME_COOKIE + served.id, "")[:100]


def _holder(call: Call, served: Served) -> Holder:
    """The seat this phone holds on the sheet (or the one another phone took from it)."""
    return call.pad.seats.holder(served.id, _cookie(call, served))


def _me(call: Call, served: Served, state: Replay) -> int | None:
    """The player this phone is, if that player is in the deal."""
    seat = _holder(call, served).seat
    return seat if seat in dict(seats_of(state)) else None


@dataclass(frozen=True, slots=True)
class SeatChoice:
    """One player a phone may say it is: out of the game, or held by another phone."""

    seat: int
    name: str
    out: bool
    elsewhere: bool


def _choices(call: Call, served: Served, state: Replay, mine: int | None) -> list[SeatChoice]:
    playing = dict(seats_of(state))
    held = call.pad.seats.held(served.id)
    return [
        SeatChoice(i, name, i not in playing, i in held and i != mine)
        for i, name in enumerate(state.sheet.players)
    ]


# --- what a phone may be told ---------------------------------------------------------------------


def _cards_of(error: RemikcalcError) -> set[str]:
    """Every card a refusal names, the refusals it quotes included."""
    out = set(error.cards)
    for quoted in error.quoted:
        out |= _cards_of(quoted)
    return out


def private(error: RemikcalcError, form: DealForm, me: int | None) -> str:
    """The refusal in the pad's words, unless it is about another player's cards: a card it
    names (``cards``) is held by another player, or it is about another player's hand or
    melds (``player`` and ``field``) and may quote them. Asked of the refusal, never of its
    words."""
    others = [seat for seat in form.playing if seat != me]
    held: Counter[str] = Counter()
    for seat in others:
        held.update(form.hand(seat).counts())
    names = {form.seats[seat] for seat in others}
    theirs = error.player in names and error.field in ("hands", "melded")
    if _cards_of(error) & set(held) or (theirs and error.code not in _NAMES_NO_CARD):
        return _(
            "The hands entered do not make a deal yet; the reason names another "
            "player's cards, so it is not shown here: check each hand."
        )
    return for_pad(error)


def closer_save(rules: Rules) -> str:
    """The words of the button that saves a hand and names its player the closer."""
    closing = rules.spec.closing
    if closing == "knocked":
        return _("Save: I knocked")
    if closing == "closed":
        return _("Save: I closed")
    return _("Save: I went out")


# --- the page -------------------------------------------------------------------------------------


@dataclass
class Waiting:
    """One player in the draft's waiting list: names only, never cards."""

    name: str
    entered: bool
    needed: bool
    #: not needed because this player went out (the rest: a draw that scores nothing)
    went_out: bool = False


@dataclass
class DraftPage:
    """Everything the draft's page shows to one phone."""

    id: str
    title: str
    #: the sheet's version the draft is entered after, and the sheet's own now
    version: str
    sheet_version: str
    #: the draft's stamp (a confirm made from an older page is checked), and what the live
    #: stream compares (the draft's and the seats' stamps)
    stamp: int
    live: str
    #: the idempotency keys of the page's forms: my hand, the deal, dropping the draft
    key: str
    deal_key: str
    drop_key: str
    #: this phone's player in the deal (None: it has not said, or that player is out)
    me: SeatView | None
    #: the player this phone is, who is out of the game; the one another phone took over
    out: str | None
    lost: str | None
    #: the seat this phone asked for that another phone holds (asking to take it over)
    ask: SeatChoice | None
    choices: list[SeatChoice]
    closer_save: str
    waiting: list[Waiting]
    deal: EntryPage
    ready: bool
    open: bool
    outdated: bool
    #: the sheet as it is now (the totals and the last deal)
    view: SheetView
    look: DealLook | None = None
    problem: FormProblem | None = None
    repeated: bool = False
    stale: StaleView | None = None


def _shared_form(state: Replay, version: str, shared: dict[str, str]) -> DealForm:
    """The deal's own inputs as the draft keeps them, on a form of the next deal."""
    form = DealForm.blank(state, version, "hands")
    form.values = shared_values(shared)
    form.fresh = False
    return form


def _draw_alone(rules: Rules, shared: dict[str, str]) -> bool:
    """A draw that scores nothing: no hand to wait for."""
    return bool(shared.get("draw")) and rules.spec.draw_scores == "none"


def _waiting(state: Replay, draft: Draft | None, shared: dict[str, str]) -> list[Waiting]:
    went_out = state.rules.spec.closer_went_out
    alone = _draw_alone(state.rules, shared)
    closer = shared.get("closer", "")
    hands = draft.hands if draft is not None else {}
    out = [(i, name, not alone and went_out and closer == str(i)) for i, name in seats_of(state)]
    return [Waiting(name, i in hands, not alone and not gone, gone) for i, name, gone in out]


def _whole(state: Replay, version: str, shared: dict[str, str], draft: Draft) -> DealForm:
    """The deal as the draft holds it: its own inputs and every hand (none for a draw that
    scores nothing)."""
    form = _shared_form(state, version, shared)
    return form if _draw_alone(state.rules, shared) else form.with_hands(draft.hands)


def _preview(served: Served, whole: DealForm, me: int | None) -> DealLook:
    """The book's dry run of the deal, as every phone may see it: the headline, each score,
    the totals and what the deal will record (scores, totals, money); no count, no card, no
    reason that names the others' cards."""
    try:
        scored = look_at_deal(served.book, whole.entry())
    except RemikcalcError as exc:
        scored = DealLook(error=exc)
    problem = "" if scored.error is None else private(scored.error, whole, me)
    scores = tuple((name, "", score) for name, _count, score in scored.scores)
    return DealLook(
        totals=scored.totals,
        scores=scores,
        problem=problem,
        headline=scored.headline,
        record=scored.record,
    )


def _my_hand(
    call: Call, state: Replay, draft: Draft | None, form: DealForm, me: int, mine: SeatHand | None
) -> SeatView:
    """This phone's hand: its own taps and typing, and nothing of the others (no card greyed
    out: that would tell which cards the others hold)."""
    hand = mine if mine is not None else (draft.hands.get(me) if draft else None)
    hand = hand or SeatHand()
    mine_form = form.with_hands({me: hand})
    view = SeatView(me, state.sheet.players[me], mine_form.seat_fields(me), typed=f"hands.{me}")
    view.cards = grid(state.rules, hand.taps, Counter())
    if mine is not None or (draft is not None and me in draft.hands):
        try:
            view.look = look_at_hand(state.rules, mine_form.hand_text(me))
        except RemikcalcError as exc:
            view.look = HandLook(problem=for_pad(exc))
    return view


def _draft_page(
    call: Call,
    served: Served,
    *,
    mine: SeatHand | None = None,
    shared: dict[str, str] | None = None,
) -> DraftPage:
    version, state = served.book.load()
    pad = call.pad
    draft = pad.drafts.get(served.id, version)
    holder = _holder(call, served)
    playing = dict(seats_of(state))
    players = state.sheet.players
    base = draft.version if draft is not None else version
    kept = shared if shared is not None else (draft.shared if draft is not None else {})
    deal_form = _shared_form(state, base, kept)
    deal_form.deals = draft.deals if draft is not None else len(state.steps)
    deal = deal_page(served, state, deal_form, look=False, hands=False)
    deal.action = sheet_url(served.id, "draft", "deal")
    me = holder.seat if holder.seat in playing else None
    seat_view = None if me is None else _my_hand(call, state, draft, deal_form, me, mine)
    choices = _choices(call, served, state, holder.seat)
    asked = call.request.query_params.get("ask", "")
    ask = next((c for c in choices if str(c.seat) == asked and c.elsewhere), None)
    waiting = _waiting(state, draft, kept)
    ready = draft is not None and all(w.entered or not w.needed for w in waiting)
    look = None
    if ready and draft is not None:
        look = _preview(served, _whole(state, base, kept, draft), me)
    lost = holder.lost
    return DraftPage(
        id=served.id,
        title=sheet_title(state),
        version=base,
        sheet_version=version,
        stamp=draft.stamp if draft is not None else 0,
        live=_live_stamp(pad, served.id),
        key=new_key(),
        deal_key=new_key(),
        drop_key=new_key(),
        me=seat_view,
        out=None if holder.seat is None or me is not None else players[holder.seat],
        lost=None if lost is None or lost >= len(players) else players[lost],
        ask=ask if holder.seat is None else None,
        choices=choices,
        closer_save=closer_save(state.rules),
        waiting=waiting,
        deal=deal,
        ready=ready,
        open=draft is not None,
        outdated=draft is not None and draft.version != version,
        view=sheet_view(served),
        look=look,
    )


def draft(call: Call) -> Response:
    """The deal entered together: who I am, my hand, whom we wait for, the deal."""
    served = call.sheet()
    return call.render("draft.html", page=_draft_page(call, served))


# --- saying who I am ------------------------------------------------------------------------------


def draft_me(call: Call) -> Response:
    """Say which player this phone is (``who``: a seat), take a seat another phone holds
    (``take``), or say that this phone is nobody (no seat): a cookie for this sheet."""
    served = call.sheet()
    state = served.book.replay()
    seats = call.pad.seats
    who = call.form.get("who")
    here = sheet_url(served.id, "draft")
    name = ME_COOKIE + served.id
    cookie = _cookie(call, served)
    if not (who.isdecimal() and int(who) < len(state.sheet.players)):
        seats.leave(served.id, cookie)
        response = call.redirect(here)
        response.delete_cookie(name, path="/")
        return response
    seat = int(who)
    take = call.form.get("take") == "1"
    claimed = seats.claim(served.id, seat, cookie, take=take)
    if claimed is None:  # another phone's: ask first
        return call.redirect(f"{here}?ask={seat}")
    if claimed != cookie:  # a phone sees only the hand it saved itself: a seat claimed
        call.pad.drafts.drop_hand(served.id, seat)  # anew starts with no hand in the draft
    response = call.redirect(here)
    response.set_cookie(name, claimed, max_age=_ME_AGE, httponly=True, samesite="strict", path="/")
    return response


# --- my hand --------------------------------------------------------------------------------------


def _read_hand(call: Call, state: Replay, me: int) -> SeatHand:
    """This phone's own hand as posted (the fields of its seat only)."""
    form = DealForm.read(call.form, state.rules, state.sheet.players, [me], "hands")
    return form.hand(me)


def draft_hand(call: Call) -> Response:
    """Keep this phone's hand in the draft (or check it first); ``do=closer`` keeps it and
    names this player the closer."""
    served = call.sheet()
    version, state = served.book.load()
    me = _me(call, served, state)
    if me is None:
        return call.redirect(sheet_url(served.id, "draft"))
    hand = _read_hand(call, state, me)
    what = call.form.get("do")
    if what == "check":
        return call.render("draft.html", page=_draft_page(call, served, mine=hand))

    def write() -> Response:
        posted = call.form.get("version")
        current = (version, len(state.steps))
        drafts = call.pad.drafts
        kept = drafts.put_hand(served.id, posted, current, me, hand, closer=what == "closer")
        if kept is None:
            page = _draft_page(call, served, mine=hand)
            page.stale = stale_view(served, _deals(call, state))
            page.problem = FormProblem(
                _(
                    "The deal being entered changed meanwhile (it was saved, or the "
                    "sheet moved on): your hand is not kept yet; save it again."
                )
            )
            return call.render("draft.html", status=409, page=page)
        return call.redirect(sheet_url(served.id, "draft"))

    return call.once(call.form.get("key"), write)


def _deals(call: Call, state: Replay) -> int:
    deals = call.form.get("deals")
    return int(deals) if deals.isdecimal() and len(deals) < 8 else len(state.steps)


# --- the deal -------------------------------------------------------------------------------------


def draft_deal(call: Call) -> Response:
    """The deal's own inputs (anyone may set them); confirm the draft; or drop it."""
    served = call.sheet()
    version, state = served.book.load()
    posted_form = DealForm.read(
        call.form,
        state.rules,
        state.sheet.players,
        [seat for seat, _name in seats_of(state)],
        "hands",
        deals=len(state.steps),
    )
    shared = shared_values(posted_form.values)
    return call.once(posted_form.key, lambda: _draft_write(call, served, version, state, shared))


def _draft_write(
    call: Call, served: Served, version: str, state: Replay, shared: dict[str, str]
) -> Response:
    drafts = call.pad.drafts
    posted = call.form.get("version")
    again = call.form.get("again") == "1"
    what = "confirm" if again else call.form.get("do")
    here = sheet_url(served.id, "draft")
    current = (version, len(state.steps))
    if what == "discard":
        drafts.clear(served.id, posted)
        return call.redirect(here)
    if what == "rebase":
        drafts.rebase(served.id, posted, current)
        return call.redirect(here)
    me = _me(call, served, state)

    def refused(status: int, problem: FormProblem | None, repeated: bool = False) -> Response:
        page = _draft_page(call, served, shared=shared)
        page.problem, page.repeated = problem, repeated
        if status == 409:
            page.stale = stale_view(served, _deals(call, state))
        return call.render("draft.html", status=status, page=page)

    if what == "confirm" and _unseen_change(call, served, shared):
        page = _draft_page(call, served)
        page.problem = FormProblem(
            _("The deal was changed on another phone meanwhile: look at it again, then confirm.")
        )
        return call.render("draft.html", status=409, page=page)
    kept = drafts.put_shared(served.id, posted, current, shared)
    if kept is None:
        return refused(409, None)
    if what != "confirm":
        return call.redirect(here)
    waiting = [w.name for w in _waiting(state, kept, shared) if w.needed and not w.entered]
    if waiting:
        message = _("Still waiting for the hands of: {names}").format(names=", ".join(waiting))
        return refused(422, FormProblem(message))
    form = _whole(state, kept.version, shared, kept)
    form.key, form.again = call.form.get("key"), again

    def said(error: RemikcalcError) -> FormProblem:
        return FormProblem(private(error, form, me))

    try:
        entry = form.entry()
    except RemikcalcError as exc:
        return refused(422, said(exc))

    def refused_deal(status: int, error: RemikcalcError | None) -> Response:
        if error is None:
            return refused(status, None)
        return refused(status, said(error), error.code == "same_as_last")

    def saved() -> None:
        drafts.clear(served.id, kept.version)

    # the idempotency key is claimed already (draft_deal): the save itself writes once
    form.key = ""
    answer = save_entry(call, served, entry, form, refused_deal, saved=saved)
    # saved: this phone goes on to the next deal's draft, as every other phone does
    return call.redirect(here) if answer.status_code == 303 else answer


def _unseen_change(call: Call, served: Served, shared: dict[str, str]) -> bool:
    """Whether a confirm would change the deal's own inputs that another phone set after
    this phone's page was made (its ``stamp``): it confirms what it was shown, or nothing."""
    now = call.pad.drafts.get(served.id)
    stamp = call.form.get("stamp")
    seen = int(stamp) if stamp.isdecimal() and len(stamp) < 16 else 0
    return now is not None and seen < now.shared_stamp and shared != now.shared


# --- what the page's script asks ------------------------------------------------------------------


def draft_preview(call: Call) -> Response:
    """The engine's arrangement of this phone's hand as it is tapped (JSON)."""
    served = call.sheet()
    _version, state = served.book.load()
    me = _me(call, served, state)
    if me is None:
        raise NotFound(_("Say who you are first."))
    hand = _read_hand(call, state, me)
    form = DealForm.blank(state, "", "hands").with_hands({me: hand})
    try:
        look = look_at_hand(state.rules, form.hand_text(me))
    except RemikcalcError as exc:
        look = HandLook(problem=for_pad(exc))
    return JSONResponse({"hands": {str(me): str(look_fragments(call).hand_look(look))}})


def draft_state(call: Call) -> Response:
    """Who is in, whether the draft is open and ready, and the stamps the live stream
    follows (JSON; names only, never a card)."""
    served = call.sheet()
    version, state = served.book.load()
    draft_now = call.pad.drafts.get(served.id, version)
    shared = draft_now.shared if draft_now is not None else {}
    waiting = _waiting(state, draft_now, shared)
    return JSONResponse(
        {
            "open": draft_now is not None,
            "version": draft_now.version if draft_now is not None else version,
            "sheet": version,
            "stamp": draft_now.stamp if draft_now is not None else 0,
            "live": _live_stamp(call.pad, served.id),
            "players": [
                {"name": w.name, "entered": w.entered, "needed": w.needed} for w in waiting
            ],
            "ready": draft_now is not None and all(w.entered or not w.needed for w in waiting),
        }
    )


def back_to_draft(call: Call) -> Response:
    """A form's address opened as a page (a language chosen on a refusal): the draft."""
    return call.redirect(sheet_url(call.sheet().id, "draft"))


# --- live -----------------------------------------------------------------------------------------


def _live_stamp(pad: Pad, sheet_id: str) -> str:
    """What changes whenever the sheet's draft or its seats do."""
    return f"{pad.drafts.stamp(sheet_id)}.{pad.seats.stamp(sheet_id)}"


def _event(name: str, data: dict[str, Any]) -> str:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n"


async def _draft_stream(
    request: Request, served: Served, since: str, seen: str
) -> AsyncIterator[str]:
    """``change`` when the sheet changes (a deal confirmed, or added elsewhere), else
    ``draft`` when the draft or its seats do; a comment now and then on a quiet stream."""
    pad: Pad = request.app.state.pad
    watch = pad.watch(served)
    started = quiet = time.monotonic()
    yield "retry: 1000\n\n"
    while not pad.stopping and time.monotonic() - started < STREAM_LIFE:
        snap = await watch.snapshot()
        now = _live_stamp(pad, served.id)
        if snap.version and snap.version != since:
            yield _event("change", {"version": snap.version})
            since, seen, quiet = snap.version, now, time.monotonic()
        elif now != seen:
            yield _event("draft", {"stamp": now})
            seen, quiet = now, time.monotonic()
        elif time.monotonic() - quiet >= PING:
            yield ": ping\n\n"
            quiet = time.monotonic()
        await asyncio.sleep(TICK)
    if pad.stopping:
        yield _event("bye", {})


async def draft_events(request: Request) -> Response:
    """``GET /s/ID/draft/events?v=VERSION&d=STAMP``: the draft's and the sheet's changes as
    server-sent events, from the sheet's version and the draft's stamp the page shows."""
    pad: Pad = request.app.state.pad
    served = await run_in_threadpool(pad.shelf.get, str(request.path_params["sheet"]))
    if served is None:
        lang, _notation = phone_choice(
            request.cookies, request.headers.get("accept-language"), pad.config.lang
        )
        with speaking(lang, None):
            message = _("There is no such sheet here (it may have been moved or deleted).")
        return PlainTextResponse(message, status_code=404)
    since = request.query_params.get("v", "")[:100]
    seen = request.query_params.get("d", "")[:40]
    headers = {"cache-control": "no-store", "x-accel-buffering": "no"}
    return StreamingResponse(
        _draft_stream(request, served, since, seen),
        media_type="text/event-stream",
        headers=headers,
    )


ROUTES: list[BaseRoute] = [
    route("/s/{sheet}/draft", draft),
    route("/s/{sheet}/draft/me", draft_me, ("POST",)),
    route("/s/{sheet}/draft/hand", draft_hand, ("POST",)),
    route("/s/{sheet}/draft/deal", draft_deal, ("POST",)),
    route("/s/{sheet}/draft/preview", draft_preview, ("POST",), writes=False),
    route("/s/{sheet}/draft/state", draft_state),
    Route("/s/{sheet}/draft/events", draft_events),
    route("/s/{sheet}/draft/{form:str}", back_to_draft),  # after every other draft address
]
