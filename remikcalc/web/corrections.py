"""Correcting a sheet: edit a deal (showing what changes first), delete one, undo the last
entry, rename a player, a bridge re-entry; and starting a new sheet."""

from __future__ import annotations

from starlette.routing import BaseRoute

__all__ = ["ROUTES"]

ROUTES: list[BaseRoute] = []
