"""The deal entered together: each player fills in their own hand on their own phone, and the
deal is saved once every hand it needs is in (``/s/ID/draft``).

The draft itself (the hands kept per sheet, the version it was started from) is
:mod:`remikcalc.web.entry_draft`, kept on the run's :class:`~remikcalc.web.pad.Pad`; the
deal form's page model and the save are the entry pages' (:mod:`remikcalc.web.entry`). A
phone never sees another player's cards: the waiting list names players only, and a refusal
about another player's cards (its ``cards`` held by another player, or its ``player`` another
whose hand it quotes) is not shown.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.i18n import _
from remikcalc.render.refusal import for_pad
from remikcalc.render.summary import sheet_title
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
from remikcalc.web.entry_draft import SHARED, Draft
from remikcalc.web.entry_look import DealLook, HandLook, look_at_deal, look_at_hand
from remikcalc.web.filters import sheet_url
from remikcalc.web.grid import grid
from remikcalc.web.shelf import Served

__all__ = ["ME_COOKIE", "ROUTES", "private"]

#: the cookie that says which player a phone is, per sheet
ME_COOKIE = "remikcalc_me_"
_ME_AGE = 12 * 3600
#: refusals about a player's hand that quote none of its cards (its size, a hand missing)
_NAMES_NO_CARD = frozenset({"hand_size", "empty_hand", "no_hand", "given_twice"})


def _me(call: Call, served: Served, state: Replay) -> int | None:
    """The player this phone said it is, if still in the deal."""
    text = call.request.cookies.get(ME_COOKIE + served.id, "")
    if not text.isdecimal():
        return None
    seat = int(text)
    return seat if seat in dict(seats_of(state)) else None


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
    problem: FormProblem | None = None
    repeated: bool = False
    stale: StaleView | None = None


def _shared_form(state: Replay, version: str, shared: dict[str, str]) -> DealForm:
    """The deal's own inputs as the draft keeps them, on a form of the next deal."""
    form = DealForm.blank(state, version, "hands")
    form.values = {k: v for k, v in shared.items() if k in SHARED and v}
    form.fresh = False
    return form


def _waiting(state: Replay, draft: Draft | None, closer: str) -> list[Waiting]:
    went_out = state.rules.spec.closer_went_out
    hands = draft.hands if draft is not None else {}
    return [
        Waiting(name, i in hands, not (went_out and closer == str(i)))
        for i, name in seats_of(state)
    ]


def _draft_page(
    call: Call,
    served: Served,
    *,
    mine: SeatHand | None = None,
    shared: dict[str, str] | None = None,
    look: bool = False,
) -> DraftPage:
    version, state = served.book.load()
    draft = call.pad.drafts.get(served.id, version)
    me = _me(call, served, state)
    base = draft.version if draft is not None else version
    kept = shared if shared is not None else (draft.shared if draft is not None else {})
    deal_form = _shared_form(state, base, kept)
    deal_form.deals = draft.deals if draft is not None else len(state.steps)
    deal = deal_page(served, state, deal_form, look=False, hands=False)
    deal.action = sheet_url(served.id, "draft", "deal")
    seat_view: SeatView | None = None
    if me is not None:
        name = dict(seats_of(state))[me]
        hand = mine if mine is not None else (draft.hands.get(me) if draft else None)
        hand = hand or SeatHand()
        others = draft.others(me) if draft is not None else Counter()
        mine_form = deal_form.with_hands({me: hand})
        seat_view = SeatView(me, name, mine_form.seat_fields(me), typed=f"hands.{me}")
        seat_view.cards = grid(state.rules, hand.taps, others, fixed=others)
        if look or (draft is not None and me in draft.hands):
            try:
                seat_view.look = look_at_hand(state.rules, mine_form.hand_text(me))
            except RemikcalcError as exc:
                seat_view.look = HandLook(problem=for_pad(exc))
    waiting = _waiting(state, draft, deal_form.values.get("closer", ""))
    ready = draft is not None and all(w.entered or not w.needed for w in waiting)
    result: DealLook | None = None
    if ready and draft is not None:
        whole = deal_form.with_hands(draft.hands)
        try:
            scored = look_at_deal(served.book, whole.entry())
        except RemikcalcError as exc:
            scored = DealLook(error=exc)
        # the headline, each player's count and score, and what the deal will record (scores,
        # totals, money): no cards of the others
        problem = "" if scored.error is None else private(scored.error, whole, me)
        result = DealLook(
            totals=scored.totals,
            scores=scored.scores,
            problem=problem,
            headline=scored.headline,
            record=scored.record,
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


def _read_hand(call: Call, state: Replay, me: int) -> SeatHand:
    """This phone's own hand as posted (the fields of its seat only)."""
    form = DealForm.read(call.form, state.rules, state.sheet.players, [me], "hands")
    return form.hand(me)


def draft_hand(call: Call) -> Response:
    """Keep this phone's hand in the draft (or check it first)."""
    served = call.sheet()
    version, state = served.book.load()
    me = _me(call, served, state)
    if me is None:
        return call.redirect(sheet_url(served.id, "draft"))
    hand = _read_hand(call, state, me)
    if call.form.get("do") == "check":
        return call.render("draft.html", page=_draft_page(call, served, mine=hand, look=True))

    def write() -> Response:
        posted = call.form.get("version")
        kept = call.pad.drafts.put_hand(served.id, posted, (version, len(state.steps)), me, hand)
        if kept is None:
            page = _draft_page(call, served, mine=hand, look=True)
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
    shared = {k: v for k, v in posted_form.values.items() if k in SHARED}
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

    kept = drafts.put_shared(served.id, posted, current, shared)
    if kept is None:
        return refused(409, None)
    if what != "confirm":
        return call.redirect(here)
    waiting = [
        w.name
        for w in _waiting(state, kept, shared.get("closer", ""))
        if w.needed and not w.entered
    ]
    if waiting:
        message = _("Still waiting for the hands of: {names}.").format(names=", ".join(waiting))
        return refused(422, FormProblem(message))
    form = _shared_form(state, kept.version, shared).with_hands(kept.hands)
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
    return save_entry(call, served, entry, form, refused_deal, saved=saved)


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
    """What a draft's page shows that other phones change: who is in, the cards taken by
    the others (counts by card, never whose), and whether the draft is still open."""
    served = call.sheet()
    version, state = served.book.load()
    draft_now = call.pad.drafts.get(served.id, version)
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
