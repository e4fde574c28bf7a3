"""Scoring a deal: by points (the fast path), by cards on a tap grid, and the shared draft
of a deal that each player fills in from their own phone."""

from __future__ import annotations

from starlette.routing import BaseRoute

__all__ = ["ROUTES"]

ROUTES: list[BaseRoute] = []
