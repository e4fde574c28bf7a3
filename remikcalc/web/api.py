"""The pad's JSON API (``remikcalc.serve/1``), for scripts and the pad's own live pages.

- ``GET /api/sheets``: the sheets served, each with its opaque ``id``;
- ``GET /api/sheets/ID``: the sheet's ``settle --format json`` object plus its ``version``;
- ``POST /api/sheets/ID/entries`` ``{"version", "entry", "again"}``: add an entry (201);
- ``PUT /api/sheets/ID/entries/N``: replace deal N; ``DELETE /api/sheets/ID/entries/N``;
- ``GET /api/sheets/ID/version``: the version alone (what live pages poll).

Every write names the version it was made from: a stale one is 409 with the sheet as it is now;
a refusal is 422 ``{"error": ...}`` with the command line's message in the request's language.
On any answer but 2xx the file is byte for byte unchanged. An ``Idempotency-Key`` header (or
``"key"`` in the body) makes a write sent twice save once: the second gets the first answer.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from remikcalc.base.errors import SheetError
from remikcalc.base.i18n import _
from remikcalc.session.book import StaleSheet, Written
from remikcalc.web.call import Call, route
from remikcalc.web.shelf import Served

__all__ = ["ROUTES", "SCHEMA", "sheet_json"]

SCHEMA = "remikcalc.serve/1"


def _english_json(served: Served, version: str) -> bytes:
    """The settle object of one version, made once (JSON is English in every language)."""
    from remikcalc.base.i18n import language
    from remikcalc.render import to_json
    from remikcalc.render.settlement_json import settlement_json
    from remikcalc.settle import settle

    def make() -> bytes:
        with language("en"):
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
        raise SheetError(_("the request body must be a JSON object"))
    return data


def _version_of(body: dict[str, Any]) -> str:
    sent = body.get("version")
    if not isinstance(sent, str) or not sent:
        raise SheetError(_('give the version the change was made from ("version")'))
    return sent


def _deal_number(call: Call) -> int:
    text = call.param("n")
    if not text.isdecimal() or not 1 <= int(text) <= 10**6:
        raise SheetError(_("{n} is not a deal number").format(n=text))
    return int(text)


def _written(call: Call, served: Served, do: Any, status: int) -> Response:
    """Run one write; its answer (remembered under the idempotency key)."""
    body = _body(call)
    key = str(call.request.headers.get("idempotency-key") or body.get("key") or "")
    remembered = call.pad.done.get(f"api:{key}") if key else None
    if remembered is not None:
        return Response(
            remembered.encode("utf-8"), status_code=status, media_type="application/json"
        )
    try:
        written: Written = do(body)
    except StaleSheet as exc:
        current = json.loads(sheet_json(served))
        return JSONResponse({"error": call.pad.private(str(exc)), **current}, status_code=409)
    from remikcalc.base.i18n import language
    from remikcalc.render import to_json
    from remikcalc.render.settlement_json import step_json

    data: dict[str, Any] = {"version": written.version}
    if written.step is not None:
        with language("en"):
            data["deal"] = json.loads(to_json(step_json(written.step)))
    if written.removed is not None:
        data["removed"] = written.removed.describe()
    text = json.dumps(data, ensure_ascii=False)
    if key:
        call.pad.remember(f"api:{key}", text)
    return Response(text.encode("utf-8"), status_code=status, media_type="application/json")


def _entry(body: dict[str, Any]) -> dict[str, Any]:
    entry = body.get("entry")
    if not isinstance(entry, dict):
        raise SheetError(_('give the entry as a JSON object ("entry")'))
    return entry


def add_entry(call: Call) -> Response:
    served = call.sheet()

    def do(body: dict[str, Any]) -> Written:
        return served.book.add(
            _entry(body), again=body.get("again") is True, version=_version_of(body)
        )

    return _written(call, served, do, 201)


def edit_entry(call: Call) -> Response:
    served = call.sheet()
    n = _deal_number(call)

    def do(body: dict[str, Any]) -> Written:
        return served.book.edit(n, _entry(body), version=_version_of(body))

    return _written(call, served, do, 200)


def delete_entry(call: Call) -> Response:
    served = call.sheet()
    n = _deal_number(call)

    def do(body: dict[str, Any]) -> Written:
        return served.book.delete(n, version=_version_of(body))

    return _written(call, served, do, 200)


ROUTES: list[BaseRoute] = [
    route("/api/sheets", listing, body="json"),
    route("/api/sheets/{sheet}", one_sheet, body="json"),
    route("/api/sheets/{sheet}/version", version, body="json"),
    route("/api/sheets/{sheet}/entries", add_entry, ("POST",), body="json"),
    route("/api/sheets/{sheet}/entries/{n}", edit_entry, ("PUT",), body="json"),
    route("/api/sheets/{sheet}/entries/{n}", delete_entry, ("DELETE",), body="json"),
]
