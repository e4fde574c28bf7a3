"""Sessions: a score sheet replayed (settled by :mod:`remikcalc.settle`), combined into an
evening, counted for stats, checked against a worked example, and written through the sheet
book.

- :mod:`~remikcalc.session.replay`: ``replay(sheet)`` scores every entry in order (``Replay``,
  ``Step``);
- :mod:`~remikcalc.session.evening`: ``settle_evening(settlements)``, ``settle_together``
  (the sheets that settle together, and why the others do not), ``look_alikes`` (names on
  different sheets that look like one person's);
- :mod:`~remikcalc.session.stats`: ``player_stats(replays)``;
- :mod:`~remikcalc.session.check`: an example's ``expect`` held against a result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from remikcalc.session.replay import Replay, Step, replay, start
from remikcalc.sheet.model import DealEntry, Entry, ReentryEntry, Sheet

if TYPE_CHECKING:
    from remikcalc.session.evening import (
        Evening,
        LeftOut,
        LookAlike,
        Together,
        look_alikes,
        settle_evening,
        settle_together,
    )
    from remikcalc.session.stats import BestDeal, PlayerStats, player_stats

#: loaded when first asked for: a command on one sheet (``settle``, ``add``) needs neither
_HOME = {
    "Evening": "evening",
    "LeftOut": "evening",
    "LookAlike": "evening",
    "Together": "evening",
    "look_alikes": "evening",
    "settle_evening": "evening",
    "settle_together": "evening",
    "BestDeal": "stats",
    "PlayerStats": "stats",
    "player_stats": "stats",
}

__all__ = [
    "BestDeal",
    "DealEntry",
    "Entry",
    "Evening",
    "LeftOut",
    "LookAlike",
    "PlayerStats",
    "ReentryEntry",
    "Replay",
    "Sheet",
    "Step",
    "Together",
    "look_alikes",
    "player_stats",
    "replay",
    "settle_evening",
    "settle_together",
    "start",
]


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is not None:
        from importlib import import_module

        value = getattr(import_module(f"remikcalc.session.{home}"), name)
        globals()[name] = value  # once: later lookups find it without this function
        return value
    raise AttributeError(f"module 'remikcalc.session' has no attribute {name!r}")
