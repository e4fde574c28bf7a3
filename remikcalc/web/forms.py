"""Reading what a phone posts: a form (or a JSON body), size-limited, with its form token.

Forms are ``application/x-www-form-urlencoded`` only (nothing is uploaded, so no multipart
parser is needed or offered). A form posted with the session cookie must carry the run's form
token (``_form``), beside the guard's SameSite cookie and Origin checks.
"""

from __future__ import annotations

import hmac
import json
from typing import Any
from urllib.parse import parse_qs

from starlette.requests import Request

from remikcalc.web.guard import MAX_BODY, BodyTooLarge

__all__ = ["FORM_FIELD", "Form", "FormError", "read_form", "read_json"]

FORM_FIELD = "_form"
#: the most fields one form may hold (a four-player hand grid of two packs is ~220)
MAX_FIELDS = 600


class FormError(Exception):
    """A request body that cannot be read: the status to answer and why (English; the pages
    say it in the phone's language)."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status


class Form:
    """The fields of a posted form: each name with its values in page order."""

    def __init__(self, fields: dict[str, list[str]] | None = None) -> None:
        self.fields = fields or {}

    def get(self, name: str, default: str = "") -> str:
        values = self.fields.get(name)
        return values[0] if values else default

    def all(self, name: str) -> list[str]:
        return list(self.fields.get(name, ()))

    def names(self, prefix: str) -> list[str]:
        return [n for n in self.fields if n.startswith(prefix)]

    def __contains__(self, name: str) -> bool:
        return name in self.fields


async def _body(request: Request) -> bytes:
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise FormError(413, "the request is too large")
            chunks.append(chunk)
    except BodyTooLarge:  # the guard counts too, and may stop the body first
        raise FormError(413, "the request is too large") from None
    return b"".join(chunks)


async def read_form(request: Request, form_token: str) -> Form:
    """The posted form; FormError for another kind of body, a body that is not UTF-8, too many
    fields, or (with the cookie) a missing or wrong form token."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    body = await _body(request)
    if body and kind != "application/x-www-form-urlencoded":
        raise FormError(415, "forms are sent as application/x-www-form-urlencoded")
    try:
        text = body.decode("utf-8")
        fields = parse_qs(text, keep_blank_values=True, max_num_fields=MAX_FIELDS)
    except (UnicodeDecodeError, ValueError):
        raise FormError(400, "the form cannot be read") from None
    form = Form(fields)
    if request.scope.get("state", {}).get("auth") == "cookie":
        sent = form.get(FORM_FIELD)
        if not hmac.compare_digest(sent.encode(), form_token.encode()):
            raise FormError(403, "the form is not from this run of the pad; reload the page")
    return form


async def read_json(request: Request, form_token: str) -> Any:
    """A JSON body (the API); with the cookie, the form token comes in ``X-Pad-Form``."""
    body = await _body(request)
    if request.scope.get("state", {}).get("auth") == "cookie":
        sent = request.headers.get("x-pad-form", "")
        if not hmac.compare_digest(sent.encode(), form_token.encode()):
            raise FormError(403, "the request is not from this run of the pad; reload the page")
    if not body:
        return {}
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise FormError(400, "the body is not JSON") from None
    except RecursionError:  # arrays or objects nested thousands deep
        raise FormError(400, "the body is nested too deeply") from None
