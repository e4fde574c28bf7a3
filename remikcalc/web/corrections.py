"""Correcting a sheet: edit a deal (showing what changes first), delete one, undo the last
entry, rename a player, a bridge re-entry. (A new sheet: :mod:`remikcalc.web.new_sheet`.)

- ``/s/ID/deal/N``: deal N's form, filled in as the sheet has it (points, counts, or each
  hand on the tap grid of "Score by cards", one hand a step; a hand grouped with ``|`` typed,
  in the phone's notation); the first submit shows what changes (the library's dry run,
  :meth:`~remikcalc.session.book.SheetFile.preview_edit`), a second one saves it
  (:meth:`~remikcalc.session.book.SheetFile.edit`) with the version the preview was made from;
  the page shows what the deal will record (the entry pages' macro) from the same dry run;
  ``POST /s/ID/deal/N/preview`` is that dry run as the page's script asks for it while cards
  are tapped or numbers typed (JSON: each hand's arrangement, what the deal will record, what
  changes, and the fingerprint a save of it must carry);
- ``/s/ID/deal/N/delete``: what removing deal N changes, then the removal;
- ``/s/ID/more``: undo the last entry (what goes, shown first), rename a player, and where the
  tally puts players out, their re-entry (its cost shown first); each posts to its own address;

Every write is one call to the sheet book with the ``version`` the form was made from (a stale
one is answered 409 with what changed and the player's input kept), carries an idempotency key
(a form sent twice saves once), and on a refusal shows the command line's message with the
form again (422); on any answer but a redirect the file is as it was.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from remikcalc.base.errors import ArgumentError, RemikcalcError
from remikcalc.base.i18n import _
from remikcalc.render.changes import ChangesText, changes_text
from remikcalc.render.sheet import entry_text, scores_text
from remikcalc.rules.dealinput import count_meaning, scores_meaning
from remikcalc.session import Replay
from remikcalc.session.book import StaleSheet
from remikcalc.session.replay import deal_numbers
from remikcalc.sheet.model import DealEntry, ReentryEntry
from remikcalc.web.call import Call, NotFound, route
from remikcalc.web.deal_form import DealForm, closer_question, new_key
from remikcalc.web.entry import (
    EntryPage,
    FormProblem,
    deal_page,
    hand_looks,
    look_at_form,
    look_fragments,
    playing_at,
    problem_of,
    step_of,
)
from remikcalc.web.entry_look import DealLook, deal_look
from remikcalc.web.filters import sheet_url
from remikcalc.web.refusal import for_pad
from remikcalc.web.shelf import Served
from remikcalc.web.views import DealRow, sheet_view

__all__ = ["ROUTES", "EditForm", "digest"]


# --- what every correction shares ---------------------------------------------------------------


def digest(entry: Mapping[str, Any]) -> str:
    """A short fingerprint of an entry as sent: the save must be the deal that was previewed."""
    text = json.dumps(entry, sort_keys=True, ensure_ascii=False)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()


def _seen(call: Call) -> int:
    text = call.form.get("seen")
    return int(text) if text.isdecimal() and len(text) < 8 else 0


@dataclass(frozen=True, slots=True)
class Stale:
    """A form made from an older version: the entries the sheet has gained since."""

    rows: tuple[DealRow, ...]


def _stale(served: Served, seen: int) -> Stale:
    rows = sheet_view(served).rows
    return Stale(rows[seen:] if seen < len(rows) else ())


def _deal_number(call: Call) -> int:
    text = call.param("n")
    if not text.isdecimal() or not 1 <= int(text) <= 10**6:
        raise NotFound(_("There is no such deal on this sheet."))
    return int(text)


def _entry_index(state: Replay, n: int) -> int | None:
    """The entry number of deal ``n`` (events counted), or None."""
    return next((e for e, d in deal_numbers(state.steps).items() if d == n), None)


def _sheet_context(served: Served, state: Replay) -> dict[str, Any]:
    from remikcalc.render.summary import sheet_title

    return {"sheet_id": served.id, "sheet_name": served.name, "sheet_title": sheet_title(state)}


# --- edit ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealNow:
    """Deal N as the sheet has it now, in words."""

    what: str
    scores: str


def _deal_now(state: Replay, index: int | None) -> DealNow | None:
    if index is None or index > len(state.steps):
        return None
    step = state.steps[index - 1]
    return DealNow(entry_text(step), scores_text(step))


@dataclass(frozen=True, slots=True)
class EditForm:
    """The deal form on the edit page, the refusal it shows beside a field, and what the deal
    as it is on the form will record (the entry pages' preview, by the dry run of the edit);
    for a deal entered as cards, the page of "Score by cards" (``steps``: the tap grids, one
    hand a step, the deal's own inputs as that page has them)."""

    form: DealForm
    problem: FormProblem | None = None
    steps: EntryPage | None = None
    deal: DealLook | None = None
    #: where the page's script asks for that preview (and what the edit changes) as the form
    #: is typed into: ``POST /s/ID/deal/N/preview``
    preview: str = ""


def _changed_seat(state: Replay, n: int, deal: DealForm) -> str:
    """The first player whose cards on ``deal`` are not those of deal ``n`` on the sheet (the
    step an edit's preview shows without JavaScript), or ""."""
    index = _entry_index(state, n)
    entry = None if index is None else state.steps[index - 1].entry
    if not isinstance(entry, DealEntry):
        return ""
    sheet = DealForm.of_entry(entry, deal.rules, deal.seats, deal.playing, "hands")
    changed = (s for s in deal.playing if sheet.hand(s).counts() != deal.hand(s).counts())
    return str(next(changed, ""))


def _steps(
    call: Call, served: Served, state: Replay, n: int, deal: DealForm, problem: FormProblem | None
) -> EntryPage:
    """The edit page's hands as "Score by cards" shows them: a grid each, prefilled, one hand
    a step, with each hand's arrangement; every outcome of the family to choose from."""
    page = deal_page(served, state, deal, look=True, scored=False)
    page.problem = problem
    page.hows = deal.outcomes()
    posted = call.request.method == "POST"
    changed = _changed_seat(state, n, deal) if posted else ""
    page.step = step_of(page, call.form.get("step"), changed)
    return page


def _edit_page(
    call: Call,
    served: Served,
    n: int,
    deal: DealForm,
    *,
    version: str,
    seen: int,
    key: str,
    status: int = 200,
    error: RemikcalcError | None = None,
    look: DealLook | None = None,
    **context: Any,
) -> Response:
    state = served.book.replay()
    problem = None if error is None else problem_of(error, deal)
    if look is None and error is None:
        look = look_at_form(served, deal, n)
    steps = _steps(call, served, state, n, deal, problem) if deal.mode == "hands" else None
    preview = sheet_url(served.id, "deal", n, "preview")
    return call.render(
        "edit.html",
        status=status,
        n=n,
        deal=deal,
        page=EditForm(deal, problem, steps, look, preview),
        version=version,
        seen=seen,
        key=key,
        now=_deal_now(state, _entry_index(state, n)),
        question=closer_question(state.rules),
        negative=state.rules.spec.negative_scores,
        meaning=_meaning(state, deal.mode),
        as_given=deal.mode == "scores"
        and state.rules.spec.one_go_counts
        and state.rules.one_go_multiplier != 1,
        **_sheet_context(served, state),
        **context,
    )


def _meaning(state: Replay, mode: str) -> str:
    """What the numbers of a deal entered in ``mode`` are (a count; a final score's sign)."""
    if mode == "counts":
        return count_meaning(state.rules)
    return scores_meaning(state.rules) if mode == "scores" else ""


def _deal_form(call: Call, served: Served, state: Replay, n: int, posted: bool) -> DealForm:
    """The form of deal ``n``: as the sheet has it, or as posted. Its players are those of the
    deal (``before`` raises the refusal of a deal that is not there)."""
    rules, seats = state.rules, state.sheet.players
    if posted:  # kept even when the deal has gone since (the answer says what changed)
        playing = playing_at(served, n)
        return DealForm.read(call.form, rules, seats, playing, call.form.get("mode"))
    players = served.book.before(n).replay.tally.active()
    playing = [seats.index(p) for p in players if p in seats]
    index = _entry_index(state, n)
    entry = None if index is None else state.steps[index - 1].entry
    if not isinstance(entry, DealEntry):  # the file changed between the two readings
        raise NotFound(_("There is no such deal on this sheet."))
    mode = call.request.query_params.get("mode")
    return DealForm.of_entry(entry, rules, seats, playing, mode)


def edit(call: Call) -> Response:
    """Deal N's form; posted, what it changes (first) or the edit saved (second)."""
    served = call.sheet()
    n = _deal_number(call)
    if call.request.method != "POST":
        version, state = served.book.load()
        deal = _deal_form(call, served, state, n, posted=False)
        return _edit_page(
            call, served, n, deal, version=version, seen=len(state.steps), key=new_key()
        )
    key = call.form.get("key") or new_key()
    if call.form.get("do") == "save":
        return call.once(key, lambda: _edit(call, served, n, key))
    return _edit(call, served, n, key)


def _edit(call: Call, served: Served, n: int, key: str) -> Response:
    """What the posted deal changes (a preview), or, asked to save the deal previewed, the
    edit saved."""
    sent, seen = call.form.get("version"), _seen(call)
    version, state = served.book.load()
    deal = _deal_form(call, served, state, n, posted=True)

    def page(status: int = 200, **context: Any) -> Response:
        return _edit_page(
            call, served, n, deal, version=sent, seen=seen, key=key, status=status, **context
        )

    def stale() -> Response:
        now, state = served.book.load()
        return _edit_page(
            call,
            served,
            n,
            deal,
            version=now,
            seen=len(state.steps),
            key=key,
            status=409,
            stale=_stale(served, seen),
        )

    if sent != version:
        return stale()
    try:
        entry = deal.entry()
    except RemikcalcError as exc:
        return page(422, error=exc)
    changed_since = False
    if call.form.get("do") == "save":
        if call.form.get("previewed") == digest(entry):
            try:
                served.book.edit(n, entry, version=sent)
            except StaleSheet:
                return stale()
            except RemikcalcError as exc:
                return page(422, error=exc)
            return call.redirect(sheet_url(served.id))
        changed_since = True  # typed into after the preview: show what that changes first
    try:
        preview = served.book.preview_edit(n, entry)
    except RemikcalcError as exc:
        return page(422, error=exc)
    if preview.version != sent:
        return stale()
    changes = preview.changes
    cons = changes_text(changes, preview.after.sheet)
    return _edit_page(
        call,
        served,
        n,
        deal,
        version=preview.version,
        seen=seen,
        key=key,
        look=deal_look(preview, changes),
        cons=cons,
        previewed=digest(entry),
        changed_since=changed_since,
    )


def edit_preview(call: Call) -> Response:
    """What the edit page's deal will record and what it changes, as it is now (JSON, for the
    page's script; the entry pages' answer with two more parts): each hand's arrangement and
    count (``hands``, ``counts``), what the deal will record (``deal``: the entry pages' macro
    of the dry run of the edit, or why it cannot be saved, or that the sheet has changed), what
    changes on the sheet (``changes``), and the fingerprint a save of this deal carries
    (``previewed``; None when it cannot be saved as it is). Nothing is written."""
    served = call.sheet()
    n = _deal_number(call)
    sent = call.form.get("version")
    version, state = served.book.load()
    deal = _deal_form(call, served, state, n, posted=True)
    looks: dict[str, dict[str, str]] = {"hands": {}, "counts": {}}
    if deal.mode == "hands":
        looks = hand_looks(call, deal_page(served, state, deal, look=True, scored=False))
    parts = look_fragments(call)
    templates = call.pad.templates

    def answer(deal_part: str, changes: str = "", previewed: str | None = None) -> Response:
        return JSONResponse(
            {**looks, "deal": deal_part, "changes": changes, "previewed": previewed}
        )

    def stale() -> Response:
        note: Any = templates.get_template("corr_live.html").make_module({"call": call})
        return answer(str(note.stale()))

    if sent != version:
        return stale()
    try:
        entry = deal.entry()
        preview = served.book.preview_edit(n, entry)
    except RemikcalcError as exc:
        return answer(str(parts.deal_look(DealLook(problem=for_pad(exc), error=exc))))
    if preview.version != sent:
        return stale()
    changes = preview.changes  # worked out once, laid out twice
    cons = changes_text(changes, preview.after.sheet)
    shown = templates.get_template("corr_consequences.html").render(cons=cons)
    return answer(str(parts.deal_look(deal_look(preview, changes))), shown, digest(entry))


# --- delete -------------------------------------------------------------------------------------


def _delete_page(
    call: Call, served: Served, n: int, *, key: str, status: int = 200, **context: Any
) -> Response:
    version, state = served.book.load()
    cons: ChangesText | None = None
    message = context.pop("message", None)
    if message is None:
        try:
            preview = served.book.preview_delete(n)
        except RemikcalcError as exc:
            message, status = for_pad(exc), 422 if status == 200 else status
        else:
            version = preview.version
            cons = changes_text(preview.changes, preview.after.sheet)
    return call.render(
        "delete.html",
        status=status,
        n=n,
        version=version,
        seen=len(state.steps),
        key=key,
        now=_deal_now(state, _entry_index(state, n)),
        cons=cons,
        message=message,
        **_sheet_context(served, state),
        **context,
    )


def delete(call: Call) -> Response:
    """What removing deal N changes; posted, the removal."""
    served = call.sheet()
    n = _deal_number(call)
    if call.request.method != "POST":
        return _delete_page(call, served, n, key=new_key())
    key = call.form.get("key") or new_key()

    def write() -> Response:
        try:
            served.book.delete(n, version=call.form.get("version"))
        except StaleSheet:
            stale = _stale(served, _seen(call))
            return _delete_page(call, served, n, key=key, status=409, stale=stale)
        except RemikcalcError as exc:
            return _delete_page(call, served, n, key=key, status=422, message=for_pad(exc))
        return call.redirect(sheet_url(served.id))

    return call.once(key, write)


# --- undo, rename, re-entry -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Undo:
    """What undo would remove, and what that changes (or why it cannot)."""

    what: str | None = None
    scores: str | None = None
    cons: ChangesText | None = None
    refused: str | None = None


@dataclass(frozen=True, slots=True)
class Reentry:
    """A player who is out, and what his re-entry costs (or why he cannot re-enter now)."""

    player: str
    cost: str | None = None
    money: str | None = None
    refused: str | None = None
    key: str = ""  # each player's form its own idempotency key


def _undo(served: Served, state: Replay) -> Undo | None:
    if not state.steps:
        return None
    last = state.steps[-1]
    what, scores = entry_text(last), scores_text(last)
    try:
        preview = served.book.preview_undo()
    except RemikcalcError as exc:
        return Undo(what, scores, refused=for_pad(exc))
    return Undo(what, scores, changes_text(preview.changes, preview.after.sheet))


def _reentries(served: Served, state: Replay) -> list[Reentry]:
    """Each player out, with his re-entry tried by the library's dry run."""
    out = []
    for player in state.tally.eliminated():
        try:
            preview = served.book.preview_add(ReentryEntry(player))
        except RemikcalcError as exc:
            out.append(Reentry(player, refused=for_pad(exc)))
            continue
        step = preview.step
        assert step is not None
        cons = changes_text(preview.changes, preview.after.sheet)
        money = next((p.money for p in cons.totals if p.name == player), None)
        shown = None
        if money is not None and money.changed and cons.money_kind == "money":
            shown = _("money so far: {before} → {after}").format(
                before=money.before, after=money.after
            )
        out.append(Reentry(player, scores_text(step), shown, key=new_key()))
    return out


def _more_page(
    call: Call,
    served: Served,
    *,
    status: int = 200,
    errors: Mapping[str, str] | None = None,
    typed: Mapping[str, str] | None = None,
    **context: Any,
) -> Response:
    version, state = served.book.load()
    return call.render(
        "more.html",
        status=status,
        version=version,
        seen=len(state.steps),
        players=state.sheet.players,
        undo=_undo(served, state),
        eliminates=state.tally.eliminates,
        reentries=_reentries(served, state) if state.tally.eliminates else [],
        errors=dict(errors or {}),
        typed=dict(typed or {}),
        keys={"undo": new_key(), "rename": new_key()},
        **_sheet_context(served, state),
        **context,
    )


def more(call: Call) -> Response:
    """Undo the last entry, rename a player, re-entries."""
    return _more_page(call, call.sheet())


#: the fields of the more page's forms a refusal can be put beside, by the form's name and the
#: refusal's ``field`` (any other refusal is said beside the form's first field)
_MORE_FIELDS = frozenset({"rename.new"})


def _more_write(call: Call, what: str, write: Any, typed: Mapping[str, str]) -> Response:
    """One write of the more page: saved (303 to the sheet), stale (409) or refused (422,
    the message beside the field it is about, by the refusal's ``field``)."""
    served = call.sheet()

    def written() -> Response:
        try:
            write(served, call.form.get("version"))
        except StaleSheet:
            stale = _stale(served, _seen(call))
            return _more_page(call, served, status=409, typed=typed, stale=stale)
        except RemikcalcError as exc:
            name = f"{what}.{exc.field}"
            errors = {name if name in _MORE_FIELDS else what: for_pad(exc)}
            return _more_page(call, served, status=422, typed=typed, errors=errors)
        return call.redirect(sheet_url(served.id))

    return call.once(call.form.get("key"), written)


def undo(call: Call) -> Response:
    def write(served: Served, version: str) -> None:
        served.book.undo(version=version)

    return _more_write(call, "undo", write, {})


def rename(call: Call) -> Response:
    old, new = call.form.get("player"), call.form.get("new")

    def write(served: Served, version: str) -> None:
        if not old:
            raise ArgumentError(
                _("Choose the player to rename."), code="no_player_chosen", field="old"
            )
        served.book.rename(old, new, version=version)

    return _more_write(call, "rename", write, {"player": old, "new": new})


def reenter(call: Call) -> Response:
    player = call.form.get("player")

    def write(served: Served, version: str) -> None:
        served.book.add({"reenter": player}, version=version)

    return _more_write(call, "reenter", write, {"player": player})


ROUTES: list[BaseRoute] = [
    route("/s/{sheet}/deal/{n}", edit, ("GET", "POST")),
    route("/s/{sheet}/deal/{n}/preview", edit_preview, ("POST",), writes=False),
    route("/s/{sheet}/deal/{n}/delete", delete, ("GET", "POST")),
    route("/s/{sheet}/more", more),
    route("/s/{sheet}/more/undo", undo, ("POST",)),
    route("/s/{sheet}/more/rename", rename, ("POST",)),
    route("/s/{sheet}/more/reenter", reenter, ("POST",)),
]
