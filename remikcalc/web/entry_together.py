"""The deal entered together: each player fills in their own hand on their own phone, and the
deal is saved once every hand it needs is in (``/s/ID/draft``).

The draft itself (the hands kept per sheet, the version it was started from) is
:mod:`remikcalc.web.entry_draft`; the deal form's page model and the save are the entry
pages' (:mod:`remikcalc.web.entry`). A phone never sees another player's cards: the waiting
list names players only, and an engine message naming a card another player holds is
replaced.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.i18n import _
from remikcalc.cards.notation import parse_cards
from remikcalc.cards.text import card_text
from remikcalc.render.summary import sheet_title
from remikcalc.session.replay import Replay
from remikcalc.sheet.model import DealEntry
from remikcalc.web.call import Call, NotFound, route
from remikcalc.web.entry import (
    EntryPage,
    SeatView,
    StaleView,
    deal_page,
    entry_state,
    look_fragments,
    save_entry,
    stale_view,
)
from remikcalc.web.entry_draft import SHARED, Draft
from remikcalc.web.entry_form import DealForm, SeatInput, grid, new_key, seats_of
from remikcalc.web.entry_look import DealLook, HandLook, look_at_deal, look_at_hand, pad_words
from remikcalc.web.filters import sheet_url
from remikcalc.web.shelf import Served

__all__ = ["ME_COOKIE", "ROUTES"]

#: the cookie that says which player a phone is, per sheet
ME_COOKIE = "remikcalc_me_"
_ME_AGE = 12 * 3600


def _me(call: Call, served: Served, state: Replay) -> int | None:
    """The player this phone said it is, if still in the deal."""
    text = call.request.cookies.get(ME_COOKIE + served.id, "")
    if not text.isdecimal():
        return None
    seat = int(text)
    return seat if seat in dict(seats_of(state)) else None


@dataclass
class Waiting:
    """One player in the draft's waiting list: names only, never cards."""

    name: str
    entered: bool
    needed: bool


@dataclass
class DraftPage:
    """Everything the draft's page shows to one phone."""

    id: str
    title: str
    version: str
    #: the idempotency keys of the page's forms: my hand, the deal, dropping the draft
    key: str
    deal_key: str
    drop_key: str
    me: SeatView | None
    players: list[tuple[int, str]]
    waiting: list[Waiting]
    deal: EntryPage
    ready: bool
    open: bool
    outdated: bool
    look: DealLook | None = None
    message: str = ""
    repeated: bool = False
    stale: StaleView | None = None


def _shared_form(version: str, state: Replay, shared: dict[str, str]) -> DealForm:
    form = DealForm.blank(version, state)
    return replace(
        form,
        closer=shared.get("closer", ""),
        how=shared.get("how", ""),
        one_go=bool(shared.get("one_go")),
        draw=bool(shared.get("draw")),
        upcard=shared.get("upcard", ""),
        plus=shared.get("plus", ""),
        first_turn=bool(shared.get("first_turn")),
        no_draw=bool(shared.get("no_draw")),
        fresh=False,
    )


def _waiting(state: Replay, draft: Draft | None, closer: str) -> list[Waiting]:
    went_out = state.rules.spec.closer_went_out
    hands = draft.hands if draft is not None else {}
    return [
        Waiting(name, i in hands, not (went_out and closer == str(i)))
        for i, name in seats_of(state)
    ]


def _draft_entry(state: Replay, draft: Draft, shared: DealForm) -> DealEntry:
    """The deal the draft holds, with the deal's own inputs of ``shared``."""
    seats = {i: draft.hands.get(i, SeatInput()) for i, _name in seats_of(state)}
    return replace(shared, seats=seats).cards_entry(state)


def _private(message: str, draft: Draft, me: int | None) -> str:
    """The engine's message, unless it names a card another player holds: a phone never
    shows another player's cards."""
    for seat, hand in draft.hands.items():
        if seat == me:
            continue
        words = {w for text in (hand.typed, hand.melded) for w in text.replace("|", " ").split()}
        try:
            held = parse_cards(" ".join([*hand.codes, hand.typed, hand.melded]).replace("|", " "))
        except RemikcalcError:
            held = ()
        words.update(card_text(c) for c in held)
        words.update(hand.codes)
        if any(len(w) > 1 and w in message for w in words):
            return _(
                "The hands entered do not make a deal yet; the reason names another "
                "player's cards, so it is not shown here: check each hand."
            )
    return message


def _draft_page(
    call: Call,
    served: Served,
    *,
    mine: SeatInput | None = None,
    shared: dict[str, str] | None = None,
    look: bool = False,
) -> DraftPage:
    version, state = served.book.load()
    draft = entry_state(call).drafts.get(served.id, version)
    me = _me(call, served, state)
    base = draft.version if draft is not None else version
    kept = shared if shared is not None else (draft.shared if draft is not None else {})
    deal_form = _shared_form(base, state, kept)
    deal_form.deals = draft.deals if draft is not None else len(state.steps)
    deal = deal_page(served, state, deal_form, points=False, look=False, hands=False)
    deal.action = sheet_url(served.id, "draft", "deal")
    seat_view: SeatView | None = None
    if me is not None:
        name = dict(seats_of(state))[me]
        hand = mine if mine is not None else (draft.hands.get(me) if draft else None)
        hand = hand or SeatInput()
        others = draft.others(me) if draft is not None else Counter()
        seat_view = SeatView(me, name, hand, grid(state.rules, hand.codes, others, fixed=others))
        if look or (draft is not None and me in draft.hands):
            try:
                seat_view.look = look_at_hand(state.rules, hand.hand(name))
            except RemikcalcError as exc:
                seat_view.look = HandLook(problem=str(exc))
    waiting = _waiting(state, draft, deal_form.closer)
    ready = draft is not None and all(w.entered or not w.needed for w in waiting)
    result: DealLook | None = None
    if ready and draft is not None:
        try:
            scored = look_at_deal(state.sheet, _draft_entry(state, draft, deal_form))
        except RemikcalcError as exc:
            scored = DealLook(problem=pad_words(exc))
        # the headline and each player's count and score: no cards of the others
        result = DealLook(
            totals=scored.totals,
            scores=scored.scores,
            problem=_private(scored.problem, draft, me),
            headline=scored.headline,
        )
    return DraftPage(
        id=served.id,
        title=sheet_title(state),
        version=base,
        key=new_key(),
        deal_key=new_key(),
        drop_key=new_key(),
        me=seat_view,
        players=seats_of(state),
        waiting=waiting,
        deal=deal,
        ready=ready,
        open=draft is not None,
        outdated=draft is not None and draft.version != version,
        look=result,
    )


def draft(call: Call) -> Response:
    """The deal entered together: who I am, my hand, whom we wait for, the closer."""
    served = call.sheet()
    return call.render("draft.html", page=_draft_page(call, served))


def draft_me(call: Call) -> Response:
    """Say which player this phone is (a cookie for this sheet), or forget it."""
    served = call.sheet()
    state = served.book.replay()
    who = call.form.get("who")
    response = call.redirect(sheet_url(served.id, "draft"))
    name = ME_COOKIE + served.id
    if who.isdecimal() and int(who) in dict(seats_of(state)):
        response.set_cookie(name, who, max_age=_ME_AGE, httponly=True, samesite="strict", path="/")
    else:
        response.delete_cookie(name, path="/")
    return response


def _read_hand(call: Call, state: Replay, me: int) -> SeatInput:
    form = DealForm.read(call.form, state)
    return form.seats.get(me) or SeatInput()


def draft_hand(call: Call) -> Response:
    """Keep this phone's hand in the draft (or check it first)."""
    served = call.sheet()
    version, state = served.book.load()
    me = _me(call, served, state)
    if me is None:
        return call.redirect(sheet_url(served.id, "draft"))
    hand = _read_hand(call, state, me)
    key = call.form.get("key")
    if key and key in call.pad.done:
        return call.redirect(call.pad.done[key])
    if call.form.get("do") == "check":
        return call.render("draft.html", page=_draft_page(call, served, mine=hand, look=True))
    posted = call.form.get("version")
    kept = entry_state(call).drafts.put_hand(
        served.id, posted, (version, len(state.steps)), me, hand
    )
    if kept is None:
        page = _draft_page(call, served, mine=hand, look=True)
        page.stale = stale_view(served, _deals(call, state))
        page.message = _(
            "The deal being entered changed meanwhile (it was saved, or the "
            "sheet moved on): your hand is not kept yet; save it again."
        )
        return call.render("draft.html", status=409, page=page)
    location = sheet_url(served.id, "draft")
    call.pad.remember(key, location)
    return call.redirect(location)


def _deals(call: Call, state: Replay) -> int:
    deals = call.form.get("deals")
    return int(deals) if deals.isdecimal() and len(deals) < 8 else len(state.steps)


def draft_deal(call: Call) -> Response:
    """The deal's own inputs (anyone may set them); confirm the draft; or drop it."""
    served = call.sheet()
    version, state = served.book.load()
    drafts = entry_state(call).drafts
    posted = call.form.get("version")
    key = call.form.get("key")
    again = call.form.get("again") == "1"
    what = "confirm" if again else call.form.get("do")
    here = sheet_url(served.id, "draft")
    shared = {k: call.form.get(k) for k in SHARED}
    current = (version, len(state.steps))
    if key and key in call.pad.done:
        return call.redirect(call.pad.done[key])
    if what == "discard":
        drafts.clear(served.id, posted)
        return call.redirect(here)
    if what == "rebase":
        drafts.rebase(served.id, posted, current)
        return call.redirect(here)

    def refused(status: int, message: str, repeated: bool) -> Response:
        page = _draft_page(call, served, shared=shared)
        page.message, page.repeated = message, repeated
        if status == 409:
            page.stale = stale_view(served, _deals(call, state))
        return call.render("draft.html", status=status, page=page)

    kept = drafts.put_shared(served.id, posted, current, shared)
    if kept is None:
        return refused(409, "", False)
    if what != "confirm":
        call.pad.remember(key, here)
        return call.redirect(here)
    waiting = [
        w.name for w in _waiting(state, kept, shared["closer"]) if w.needed and not w.entered
    ]
    if waiting:
        message = _("Still waiting for the hands of: {names}.").format(names=", ".join(waiting))
        return refused(422, message, False)
    me = _me(call, served, state)
    try:
        entry = _draft_entry(state, kept, _shared_form(kept.version, state, shared))
    except RemikcalcError as exc:
        return refused(422, _private(pad_words(exc), kept, me), False)

    def refused_deal(status: int, message: str, repeated: bool) -> Response:
        return refused(status, _private(message, kept, me), repeated)

    answer = save_entry(call, served, entry, kept.version, key, again, refused_deal)
    if answer.status_code == 303:
        drafts.clear(served.id, kept.version)
    return answer


def draft_preview(call: Call) -> Response:
    """The engine's arrangement of this phone's hand as it is tapped (JSON)."""
    served = call.sheet()
    _version, state = served.book.load()
    me = _me(call, served, state)
    if me is None:
        raise NotFound(_("Say who you are first."))
    hand = _read_hand(call, state, me)
    name = dict(seats_of(state))[me]
    try:
        look = look_at_hand(state.rules, hand.hand(name))
    except RemikcalcError as exc:
        look = HandLook(problem=str(exc))
    return JSONResponse({"hands": {str(me): str(look_fragments(call).hand_look(look))}})


def draft_state(call: Call) -> Response:
    """What a draft's page shows that other phones change: who is in, the cards taken by
    the others (counts by card, never whose), and whether the draft is still open."""
    served = call.sheet()
    version, state = served.book.load()
    draft_now = entry_state(call).drafts.get(served.id, version)
    me = _me(call, served, state)
    closer = draft_now.shared.get("closer", "") if draft_now is not None else ""
    waiting = _waiting(state, draft_now, closer)
    return JSONResponse(
        {
            "open": draft_now is not None,
            "version": draft_now.version if draft_now is not None else version,
            "sheet": version,
            "stamp": draft_now.stamp if draft_now is not None else 0,
            "players": [
                {"name": w.name, "entered": w.entered, "needed": w.needed} for w in waiting
            ],
            "taken": dict(draft_now.others(me)) if draft_now is not None else {},
            "ready": draft_now is not None and all(w.entered or not w.needed for w in waiting),
        }
    )


def back_to_draft(call: Call) -> Response:
    """A form's address opened as a page (a language chosen on a refusal): the draft."""
    return call.redirect(sheet_url(call.sheet().id, "draft"))


ROUTES: list[BaseRoute] = [
    route("/s/{sheet}/draft", draft),
    route("/s/{sheet}/draft/me", draft_me, ("POST",)),
    route("/s/{sheet}/draft/hand", draft_hand, ("POST",)),
    route("/s/{sheet}/draft/deal", draft_deal, ("POST",)),
    route("/s/{sheet}/draft/preview", draft_preview, ("POST",), writes=False),
    route("/s/{sheet}/draft/state", draft_state),
    route("/s/{sheet}/draft/{form:str}", back_to_draft),  # after every other draft address
]
