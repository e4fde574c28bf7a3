"""The score pad's Starlette application for one run: every route, the static files, and the
guard around them (:mod:`remikcalc.web.guard`)."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from remikcalc.web import api, corrections, entry, entry_together, new_sheet, pages, reports
from remikcalc.web.call import Pad
from remikcalc.web.config import PadConfig
from remikcalc.web.guard import Guard
from remikcalc.web.shelf import Shelf

__all__ = ["PadApp", "create_app"]


class PadApp(Guard):
    """The guarded application of one run, holding its :class:`~remikcalc.web.call.Pad`."""

    def __init__(self, app: Starlette, pad: Pad) -> None:
        super().__init__(app, pad.config)
        self.pad = pad


def create_app(config: PadConfig) -> PadApp:
    """The pad's ASGI application for one run, wrapped in its :class:`Guard`."""
    routes: list[BaseRoute] = [
        *pages.ROUTES,
        *entry.ROUTES,
        *entry_together.ROUTES,
        *corrections.ROUTES,
        *new_sheet.ROUTES,
        *reports.ROUTES,
        *api.ROUTES,
        Mount("/static", StaticFiles(packages=[("remikcalc.web", "static")]), name="static"),
    ]
    app = Starlette(routes=routes, debug=False)
    pad = Pad(config, Shelf(config))
    app.state.pad = pad
    return PadApp(app, pad)
