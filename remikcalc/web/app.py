"""The score pad's Starlette application for one run: every route, the static files, and the
guard around them (:mod:`remikcalc.web.guard`)."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from remikcalc.web import (
    api,
    corrections,
    entry,
    entry_together,
    evening,
    new_sheet,
    pages,
    reports,
)
from remikcalc.web.call import error_answer, guard_refusal
from remikcalc.web.config import PadConfig
from remikcalc.web.guard import Guard, Headers, Scope
from remikcalc.web.pad import Pad
from remikcalc.web.shelf import Shelf

__all__ = ["PadApp", "create_app"]


class PadApp(Guard):
    """The guarded application of one run, holding its :class:`~remikcalc.web.pad.Pad`; its
    refusals are said in the phone's language (:func:`~remikcalc.web.call.guard_refusal`)."""

    def __init__(self, app: Starlette, pad: Pad) -> None:
        super().__init__(app, pad.config)
        self.pad = pad

    def refusal(self, scope: Scope, status: int, text: str) -> tuple[Headers, bytes]:
        return guard_refusal(self.pad, scope, status)


async def _http_error(request: Request, exc: Exception) -> Response:
    """404 (no such route or file) and 405 (a method the route does not take)."""
    assert isinstance(exc, HTTPException)
    return error_answer(request, exc.status_code, exc.headers)


async def _server_error(request: Request, exc: Exception) -> Response:
    """A bug of ours outside a page's work (logged by Starlette): one sentence, no trace."""
    return error_answer(request, 500)


def create_app(config: PadConfig) -> PadApp:
    """The pad's ASGI application for one run, wrapped in its :class:`Guard`."""
    routes: list[BaseRoute] = [
        *pages.ROUTES,
        *entry.ROUTES,
        *entry_together.ROUTES,
        *corrections.ROUTES,
        *new_sheet.ROUTES,
        *reports.ROUTES,
        *evening.ROUTES,
        *api.ROUTES,
        Mount("/static", StaticFiles(packages=[("remikcalc.web", "static")]), name="static"),
    ]
    app = Starlette(
        routes=routes,
        debug=False,
        # text answers (pages, JSON, styles, scripts, the chart) go compressed to the phones
        # that ask for it; event streams and images that are compressed already do not
        middleware=[Middleware(GZipMiddleware, minimum_size=500, compresslevel=6)],
        exception_handlers={HTTPException: _http_error, Exception: _server_error},
    )
    pad = Pad(config, Shelf(config))
    app.state.pad = pad
    return PadApp(app, pad)
