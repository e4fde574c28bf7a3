"""What a sheet (or the evening) comes to: the settlement, stats, the progression chart,
a plain-text summary to copy, the table view, and the live updates every open page follows."""

from __future__ import annotations

from starlette.routing import BaseRoute

__all__ = ["ROUTES"]

ROUTES: list[BaseRoute] = []
