"""How the pad answers a request: one request (:class:`Call`), and the endpoint that runs a
page's work in a thread (the run's state is :class:`~remikcalc.web.pad.Pad`).

Every page and API call is an ``async`` endpoint that reads the request (a form or JSON, at
most :data:`~remikcalc.web.guard.MAX_BODY`) and hands the work to a thread
(:func:`starlette.concurrency.run_in_threadpool`): the library's writes take the sheet's lock
and may wait, and that must not stall the connections of the other phones. Writes to one
sheet take their turn in that sheet's queue before they take a thread (:meth:`Pad.queue`),
so however many wait for a sheet whose lock another program holds, at most one worker thread
waits with them and every other sheet is answered at once; a write that waits longer than
:data:`WRITE_WAIT` for its turn is told the sheet is busy (503) and nothing is written.

The work runs in the phone's language and card notation (:mod:`remikcalc.web.speech`); a
refusal from the library is shown in the pad's words (:func:`remikcalc.web.refusal.for_pad`),
in that language, and the file is left as it was. No traceback ever reaches a phone.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.requests import Request, cookie_parser
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Route

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.i18n import _
from remikcalc.web.config import PadConfig
from remikcalc.web.forms import Form, FormError, read_form, read_json
from remikcalc.web.pad import Pad
from remikcalc.web.refusal import for_pad
from remikcalc.web.shelf import Served
from remikcalc.web.speech import phone_choice, speaking

__all__ = [
    "WRITE_WAIT",
    "Call",
    "NotFound",
    "answer_kind",
    "endpoint",
    "error_answer",
    "guard_refusal",
    "refusal_words",
    "route",
]

log = logging.getLogger("remikcalc.web")

#: seconds a write waits for its turn at a sheet before the phone is told the sheet is busy
WRITE_WAIT = 10.0


@dataclass
class Call:
    """One request being answered: what it asked, in which language, and the pad."""

    request: Request
    pad: Pad
    lang: str
    notation: str | None
    form: Form
    data: Any = None  # a JSON body

    @property
    def config(self) -> PadConfig:
        return self.pad.config

    def param(self, name: str) -> str:
        return str(self.request.path_params[name])

    def sheet(self) -> Served:
        """The sheet the path names (404 when it is not served)."""
        served = self.pad.shelf.get(self.param("sheet"))
        if served is None:
            raise NotFound(_("There is no such sheet here (it may have been moved or deleted)."))
        return served

    def render(self, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        page = self.pad.templates.get_template(template)
        html = page.render(
            call=self,
            form_token=self.config.form_token(),
            lang=self.lang,
            notation=self.notation,
            path=self.request.url.path,
            **context,
        )
        return HTMLResponse(html, status_code=status)

    def redirect(self, location: str) -> Response:
        return RedirectResponse(location, status_code=303)

    def once(self, key: str, write: Callable[[], Response]) -> Response:
        """``write()``, or, for a request sent again with the same idempotency ``key`` to the
        same address, the first one's answer (:meth:`~remikcalc.web.pad.Answers.once`)."""
        return self.pad.once(self.request.url.path, key, write)


class NotFound(Exception):
    """A sheet, deal or page that is not there; the message is for people."""


# --- the pad's own refusals -----------------------------------------------------------------


def refusal_words(status: int) -> tuple[str, str]:
    """The title and the sentence of the pad's own refusal ``status``, in the language spoken:
    what a request the guard or the router turns away is told (a refusal of the library says
    its own message instead)."""
    words = {
        400: (_("Not read"), _("The request could not be read.")),
        401: (
            _("Join the table first"),
            _(
                "This browser has not joined this run of the score pad, or the pad has been "
                "started again since: open the join address the host's screen shows, or scan "
                "its QR code."
            ),
        ),
        403: (_("Not sent from the pad"), _("This request did not come from the pad's own page.")),
        404: (_("Not found"), _("There is no such page here.")),
        405: (_("Not done"), _("This address does not take that kind of request.")),
        413: (_("Too large"), _("The request is too large.")),
        421: (
            _("Wrong address"),
            _("This is not the score pad's address: open the address the host's screen shows."),
        ),
        500: (_("Server error"), _("Something went wrong on the server; the sheet is unchanged.")),
    }
    return words.get(status, words[400])


def answer_kind(path: str, accept: str) -> str:
    """How a refusal is written for this request: ``json`` for the API (or a client that asks
    for JSON), ``html`` for a browser, ``text`` for anything else.

    >>> answer_kind("/api/sheets", "text/html"), answer_kind("/", "text/html,*/*;q=0.8")
    ('json', 'html')
    >>> answer_kind("/", "application/json"), answer_kind("/", "*/*")
    ('json', 'text')
    """
    if path.startswith("/api/"):
        return "json"
    if "text/html" in accept:
        return "html"
    if "application/json" in accept:
        return "json"
    return "text"


#: the style of a refusal the guard gives (the stylesheet itself needs the token): allowed by its
#: digest in that answer's content security policy
REFUSED_STYLE = (
    "body{margin:0;font:17px/1.45 system-ui,sans-serif;color:#1b1f1d;background:#fff}"
    "header{padding:.7rem 1rem;background:#0b5d45;color:#fff;font-weight:700}"
    "main{max-width:34rem;padding:1rem}h1{font-size:1.4rem;color:#a3261a}"
    "@media (prefers-color-scheme:dark){body{color:#e9eeeb;background:#141816}"
    "h1{color:#ff8a7a}}"
)
_REFUSED_CSP = (
    "default-src 'none'; style-src 'sha256-"
    + base64.b64encode(hashlib.sha256(REFUSED_STYLE.encode()).digest()).decode()
    + "'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


def guard_refusal(pad: Pad, scope: Any, status: int) -> tuple[list[tuple[bytes, bytes]], bytes]:
    """The headers and body of a refusal by the guard (:class:`~remikcalc.web.guard.Guard`),
    before the request reaches a page: a page of its own (it cannot load the stylesheet) in
    the phone's language, JSON for the API, plain text for anything else."""
    headers = Headers(scope=scope)
    lang, _notation = phone_choice(
        cookie_parser(headers.get("cookie", "")), headers.get("accept-language"), pad.config.lang
    )
    with speaking(lang, None):
        title, message = refusal_words(status)
        kind = answer_kind(scope.get("path", ""), headers.get("accept", ""))
        extra: list[tuple[bytes, bytes]] = []
        if kind == "json":
            body = json.dumps({"error": message}, ensure_ascii=False).encode()
            media = "application/json"
        elif kind == "html":
            page = pad.templates.get_template("refused.html")
            html = page.render(lang=lang, title=title, message=message, style=Markup(REFUSED_STYLE))
            body, media = html.encode(), "text/html; charset=utf-8"
            extra.append((b"content-security-policy", _REFUSED_CSP.encode()))
        else:
            body, media = (message + "\n").encode(), "text/plain; charset=utf-8"
    return [(b"content-type", media.encode()), *extra], body


def error_answer(
    request: Request, status: int, headers: Mapping[str, str] | None = None
) -> Response:
    """The answer to a request the router turns away (404, 405) or that failed outside a page's
    work (500): the error page in the phone's language, JSON for the API, text otherwise."""
    pad: Pad = request.app.state.pad
    lang, notation = phone_choice(
        request.cookies, request.headers.get("accept-language"), pad.config.lang
    )
    with speaking(lang, notation):
        title, message = refusal_words(status)
        kind = answer_kind(request.url.path, request.headers.get("accept", ""))
        if kind == "json":
            return JSONResponse({"error": message}, status, headers=headers)
        if kind == "text":
            return PlainTextResponse(message + "\n", status, headers=headers)
        call = Call(request, pad, lang, notation, Form())
        page = call.render("error.html", status=status, message=message, title=title)
        page.headers.update(headers or {})
        return page


Work = Callable[[Call], Response]
Endpoint = Callable[[Request], Awaitable[Response]]


def endpoint(work: Work, *, body: str = "form", writes: bool = False) -> Endpoint:
    """An endpoint running ``work`` in a thread, in the phone's language and notation.

    ``body`` says what a POST/PUT/DELETE carries: ``form`` (the pages) or ``json`` (the API).
    A :class:`~remikcalc.base.errors.RemikcalcError` escaping ``work`` is answered with its
    message (422): a page shows it in the error template, the API as ``{"error": ...}``.
    With ``writes``, a POST/PUT/DELETE waits for its turn in the sheet's queue first.
    """

    async def answer(request: Request) -> Response:
        pad: Pad = request.app.state.pad
        cookies = request.cookies
        default = pad.config.lang
        accept = request.headers.get("accept-language")
        lang, notation = phone_choice(cookies, accept, default)
        api = body == "json"
        if api and "remikcalc_lang" not in cookies:
            notation = None
        try:
            form, data = Form(), None
            if request.method in ("POST", "PUT", "DELETE", "PATCH"):
                if api:
                    data = await read_json(request, pad.config.form_token())
                else:
                    form = await read_form(request, pad.config.form_token())
        except FormError as exc:
            return await run_in_threadpool(_refused, pad, request, lang, exc, api)
        call = Call(request, pad, lang, notation, form, data)
        sheet_id = request.path_params.get("sheet")
        if not writes or sheet_id is None or request.method not in _UNSAFE:
            return await run_in_threadpool(_run, work, call, api)
        queue = pad.queue(str(sheet_id))
        try:
            await asyncio.wait_for(queue.acquire(), WRITE_WAIT)
        except TimeoutError:
            return await run_in_threadpool(_busy, call, api)
        try:
            return await run_in_threadpool(_run, work, call, api)
        finally:
            queue.release()

    return answer


_UNSAFE = frozenset({"POST", "PUT", "DELETE", "PATCH"})


def _busy(call: Call, api: bool) -> Response:
    """A write that waited too long for its turn: the sheet is being written elsewhere."""
    with speaking(call.lang, call.notation):
        served = call.pad.shelf.get(call.param("sheet"))
        name = served.name if served is not None else ""
        message = _(
            "{name} is being written just now (by another phone or program), so this was not "
            "saved. Go back and send it again in a moment."
        ).format(name=name)
        headers = {"retry-after": "5"}
        if api:
            return JSONResponse({"error": message, "code": "busy"}, 503, headers=headers)
        page = call.render("error.html", status=503, message=message)
        page.headers.update(headers)
        return page


def _run(work: Work, call: Call, api: bool) -> Response:
    with speaking(call.lang, call.notation):
        try:
            return work(call)
        except NotFound as exc:
            if api:
                return JSONResponse({"error": str(exc)}, status_code=404)
            return call.render("error.html", status=404, message=str(exc))
        except RemikcalcError as exc:
            if api:
                return JSONResponse({"error": call.pad.private(str(exc))}, status_code=422)
            return call.render("error.html", status=422, message=for_pad(exc))
        except Exception:  # a bug of ours: logged on the server, one line to the phone
            log.exception("while answering %s %s", call.request.method, call.request.url.path)
            message = _("Something went wrong on the server; the sheet is unchanged.")
            if api:
                return JSONResponse({"error": message}, status_code=500)
            return call.render("error.html", status=500, message=message)


def _refused(pad: Pad, request: Request, lang: str, exc: FormError, api: bool) -> Response:
    with speaking(lang, None):
        message = {
            413: _("The request is too large."),
            415: _("The form could not be read."),
            400: _("The form could not be read."),
            403: _("This form is from an earlier run of the pad: reload the page and try again."),
        }.get(exc.status, _("The form could not be read."))
        if api:
            return JSONResponse({"error": message}, status_code=exc.status)
        call = Call(request, pad, lang, None, Form())
        return call.render("error.html", status=exc.status, message=message)


def route(
    path: str,
    work: Work,
    methods: tuple[str, ...] = ("GET",),
    body: str = "form",
    *,
    writes: bool | None = None,
) -> Route:
    """A route answered by ``work`` (see :func:`endpoint`). ``writes`` (by default: a route of
    one sheet taking a POST, PUT or DELETE) queues its writes per sheet; a preview, which
    writes nothing, says ``writes=False``."""
    if writes is None:
        writes = "{sheet}" in path and bool(_UNSAFE.intersection(methods))
    return Route(path, endpoint(work, body=body, writes=writes), methods=list(methods))
