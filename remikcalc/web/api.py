"""The pad's JSON API (``remikcalc.serve/1``), for scripts and the pad's own live pages.

- ``GET /api/sheets``: the sheets served, each with its opaque ``id``;
- ``GET /api/sheets/ID``: the sheet's ``settle --format json`` object plus its ``version``;
- ``POST /api/sheets/ID/entries`` ``{"version", "entry", "again"}``: add an entry (201);
- ``PUT /api/sheets/ID/entries/N``: replace deal N; ``DELETE /api/sheets/ID/entries/N``;
- ``GET /api/sheets/ID/version``: the version alone (what live pages poll).

Every write names the version it was made from: a stale one is 409 with the sheet as it is now;
a refusal is 422. Every 4xx body is ``{"error", "code", "field", "player"}``: the library's
message in the request's language, and the refusal's code (``stale`` for a stale version,
``not_found``, or the library's, listed in docs/INTERFACE.md) with the deal input and the
player it is about (or null).
On any answer but 2xx the file is byte for byte unchanged. An ``Idempotency-Key`` header (or
``"key"`` in the body) makes a write sent twice save once: the second gets the first answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from remikcalc.base.errors import RemikcalcError, SheetError
from remikcalc.base.i18n import _
from remikcalc.session.book import Preview, StaleSheet, Written
from remikcalc.web.call import Call, NotFound, route
from remikcalc.web.shelf import Served

__all__ = ["ROUTES", "SCHEMA", "sheet_json"]

SCHEMA = "remikcalc.serve/1"


def _english_json(served: Served, version: str) -> bytes:
    """The settle object of one version, made once (JSON is English in every language)."""
    from remikcalc.base.i18n import in_language
    from remikcalc.render import to_json
    from remikcalc.render.settlement_json import settlement_json
    from remikcalc.settle import settle

    def make() -> bytes:
        with in_language("en"):
            _version, state = served.book.load()
            data = settlement_json(settle(state))
            data["version"] = version
            return to_json(data).encode("utf-8")

    return served.cached((version, "settle.json"), make)  # type: ignore[no-any-return]


def sheet_json(served: Served) -> bytes:
    """``GET /api/sheets/ID``'s body for the sheet as it is now."""
    version, _state = served.book.load()
    return _english_json(served, version)


def listing(call: Call) -> Response:
    sheets = []
    for served in call.pad.shelf.sheets():
        item: dict[str, Any] = {"id": served.id, "name": served.name}
        try:
            state = served.book.replay()
            item.update(variant=state.sheet.variant, players=list(state.sheet.players))
        except SheetError as exc:
            item.update(variant=None, players=[], error=call.pad.private(str(exc)))
        sheets.append(item)
    return JSONResponse({"schema": SCHEMA, "sheets": sheets})


def one_sheet(call: Call) -> Response:
    return Response(sheet_json(call.sheet()), media_type="application/json")


def version(call: Call) -> Response:
    return JSONResponse({"version": call.sheet().book.version})


def _body(call: Call) -> dict[str, Any]:
    data = call.data
    if not isinstance(data, dict):
        raise SheetError(_("the request body must be a JSON object"), code="not_an_object")
    return data


def _version_of(body: dict[str, Any]) -> str:
    sent = body.get("version")
    if not isinstance(sent, str) or not sent:
        raise SheetError(
            _('give the version the change was made from ("version")'),
            code="no_version",
            field="version",
        )
    return sent


def _deal_number(call: Call) -> int:
    text = call.param("n")
    if not text.isdecimal() or not 1 <= int(text) <= 10**6:
        raise SheetError(
            _("{n} is not a deal number").format(n=text),
            code="not_a_deal_number",
            details={"n": text},
        )
    return int(text)


def _written(call: Call, served: Served, do: Any, status: int, dry: Any) -> Response:
    """Run one write, or with ``"dry_run": true`` its dry run (``dry``: the body -> the
    library's Preview); its answer (a write's remembered under the idempotency key)."""
    body = _body(call)
    if body.get("dry_run") is True:
        return _dry_run(served, dry, body)
    key = str(call.request.headers.get("idempotency-key") or body.get("key") or "")
    return call.once(key, lambda: _write(call, served, do, body, status))


def _write(call: Call, served: Served, do: Any, body: dict[str, Any], status: int) -> Response:
    """One write through the API: its answer (the refusals as typed JSON)."""
    try:
        written: Written = do(body)
    except StaleSheet as exc:
        current = json.loads(sheet_json(served))
        stale = _typed(call.pad.private(str(exc)), code="stale", field="version")
        return JSONResponse({**stale, **current}, status_code=409)
    except RemikcalcError as exc:
        return _refusal(call, exc)
    from remikcalc.base.i18n import in_language
    from remikcalc.render import to_json
    from remikcalc.render.settlement_json import step_json

    data: dict[str, Any] = {"version": written.version}
    if written.step is not None:
        with in_language("en"):
            data["deal"] = json.loads(to_json(step_json(written.step)))
    if written.removed is not None:
        data["removed"] = written.removed.describe()
    text = json.dumps(data, ensure_ascii=False)
    return Response(text.encode("utf-8"), status_code=status, media_type="application/json")


def _dry_run(served: Served, dry: Any, body: dict[str, Any]) -> Response:
    """What the write would do, written nowhere: 200 with the deal and what changes, or the
    409 or 422 the write would get."""
    from remikcalc.base.i18n import in_language
    from remikcalc.render import to_json
    from remikcalc.render.changes import changes_json
    from remikcalc.render.settlement_json import step_json

    sent = _version_of(body)
    preview: Preview = dry(body)
    if preview.version != sent:
        stale = StaleSheet(
            _("{file} has changed since it was read; nothing was written").format(file=served.name),
            code="stale",
        )
        typed = _typed(str(stale), code="stale", field="version")
        return JSONResponse({**typed, **json.loads(sheet_json(served))}, 409)
    data: dict[str, Any] = {"version": preview.version, "dry_run": True}
    with in_language("en"):
        if preview.step is not None:
            data["deal"] = json.loads(to_json(step_json(preview.step)))
        data["changes"] = json.loads(to_json(changes_json(preview.changes, preview.after.sheet)))
    if preview.removed is not None:
        data["removed"] = preview.removed.describe()
    return JSONResponse(data, 200)


def _entry(body: dict[str, Any]) -> dict[str, Any]:
    entry = body.get("entry")
    if not isinstance(entry, dict):
        raise SheetError(
            _('give the entry as a JSON object ("entry")'), code="not_an_object", field="entry"
        )
    return entry


def add_entry(call: Call) -> Response:
    served = call.sheet()

    def do(body: dict[str, Any]) -> Written:
        return served.book.add(
            _entry(body), again=body.get("again") is True, version=_version_of(body)
        )

    def dry(body: dict[str, Any]) -> Preview:
        return served.book.preview_add(_entry(body), again=body.get("again") is True)

    return _written(call, served, do, 201, dry)


def edit_entry(call: Call) -> Response:
    served = call.sheet()
    n = _deal_number(call)

    def do(body: dict[str, Any]) -> Written:
        return served.book.edit(n, _entry(body), version=_version_of(body))

    def dry(body: dict[str, Any]) -> Preview:
        return served.book.preview_edit(n, _entry(body))

    return _written(call, served, do, 200, dry)


def delete_entry(call: Call) -> Response:
    served = call.sheet()
    n = _deal_number(call)

    def do(body: dict[str, Any]) -> Written:
        return served.book.delete(n, version=_version_of(body))

    def dry(body: dict[str, Any]) -> Preview:
        return served.book.preview_delete(n)

    return _written(call, served, do, 200, dry)


def _typed(
    error: str, code: str, field: str | None = None, player: str | None = None
) -> dict[str, Any]:
    return {"error": error, "code": code, "field": field, "player": player}


def _answered(work: Callable[[Call], Response]) -> Callable[[Call], Response]:
    """``work`` with its refusals answered as typed JSON: 404 for what is not there, 422 for
    a refusal of the library (its code, field and player)."""

    def run(call: Call) -> Response:
        try:
            return work(call)
        except NotFound as exc:
            return JSONResponse(_typed(str(exc), code="not_found"), status_code=404)
        except RemikcalcError as exc:
            return _refusal(call, exc)

    return run


def _refusal(call: Call, exc: RemikcalcError) -> Response:
    """A refusal of the library as the API answers it: 422, typed."""
    said = call.pad.private(str(exc))
    return JSONResponse(_typed(said, code=exc.code, field=exc.field, player=exc.player), 422)


ROUTES: list[BaseRoute] = [
    route("/api/sheets", _answered(listing), body="json"),
    route("/api/sheets/{sheet}", _answered(one_sheet), body="json"),
    route("/api/sheets/{sheet}/version", _answered(version), body="json"),
    route("/api/sheets/{sheet}/entries", _answered(add_entry), ("POST",), body="json"),
    route("/api/sheets/{sheet}/entries/{n}", _answered(edit_entry), ("PUT",), body="json"),
    route("/api/sheets/{sheet}/entries/{n}", _answered(delete_entry), ("DELETE",), body="json"),
]
