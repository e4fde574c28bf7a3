"""The shared draft of a deal: each player enters their own hand on their own phone, and the
deal is saved once every hand it needs is in.

A draft lives in the pad's memory only (never on disk), one per sheet, keyed by the sheet's
id and the version it started from: confirming it writes with that version, so a deal added
meanwhile (by another phone or the command line) is never overwritten (409, the draft kept).
Drafts are small and bounded: at most :data:`MAX_DRAFTS` sheets, each hand's text cut to the
form's limits, and a draft nobody touched for :data:`MAX_AGE` seconds is dropped. A confirmed
draft is cleared; so is an empty one once the sheet has moved on.

Each phone reads a :class:`Draft` through :meth:`Draft.seen_by`, which keeps only that
phone's own hand: the others' are known to it as "entered" and as cards it cannot tap.
"""

from __future__ import annotations

import copy
import threading
import time
from collections import Counter, OrderedDict
from dataclasses import dataclass, field

from remikcalc.web.deal_form import SeatHand

__all__ = ["MAX_AGE", "MAX_DRAFTS", "SHARED", "Draft", "Drafts"]

#: the most sheets with an open draft at once (the oldest goes first)
MAX_DRAFTS = 64
#: seconds a draft nobody touches is kept (an evening's pause, not a week)
MAX_AGE = 6 * 3600
#: the deal's own inputs a draft keeps (anyone may set them), as the deal form posts them
SHARED = ("closer", "how", "draw", "upcard", "plus", "first_turn", "no_draw")


@dataclass
class Draft:
    """One deal being entered from several phones."""

    sheet: str
    #: the sheet's version the deal is entered after
    version: str
    #: the entries the sheet had then (to show what is new on a 409)
    deals: int = 0
    #: each player's saved hand, by place on the sheet
    hands: dict[int, SeatHand] = field(default_factory=dict)
    #: the deal's own inputs (closer, outcome, ...), as posted
    shared: dict[str, str] = field(default_factory=dict)
    #: changes with every change, so that a phone knows when to look again
    stamp: int = 0
    touched: float = field(default_factory=time.monotonic)

    @property
    def empty(self) -> bool:
        return not self.hands and not any(self.shared.values())

    def others(self, seat: int | None) -> Counter[str]:
        """The cards the other players hold in the draft, by code (for the grid)."""
        out: Counter[str] = Counter()
        for i, hand in self.hands.items():
            if i != seat:
                out.update(hand.counts())
        return out


class Drafts:
    """The open drafts of one run, one per sheet; every change under one lock, and every
    read a copy (a page is rendered from a draft that no other phone changes under it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._drafts: OrderedDict[str, Draft] = OrderedDict()
        self._stamp = 0

    def _prune(self) -> None:
        now = time.monotonic()
        for sheet in [s for s, d in self._drafts.items() if now - d.touched > MAX_AGE]:
            del self._drafts[sheet]
        while len(self._drafts) > MAX_DRAFTS:
            self._drafts.popitem(last=False)

    def _changed(self, draft: Draft) -> None:
        self._stamp += 1
        draft.stamp = self._stamp
        draft.touched = time.monotonic()
        self._drafts[draft.sheet] = draft
        self._drafts.move_to_end(draft.sheet)
        self._prune()

    def get(self, sheet: str, current: str | None = None) -> Draft | None:
        """A copy of the sheet's draft; an empty one that the sheet (now at ``current``) has
        moved on from is cleared instead."""
        with self._lock:
            self._prune()
            draft = self._drafts.get(sheet)
            if draft is None:
                return None
            if current is not None and draft.version != current and draft.empty:
                del self._drafts[sheet]
                return None
            return copy.deepcopy(draft)

    def _open(self, sheet: str, version: str, current: tuple[str, int]) -> Draft | None:
        """The draft to change: the open one if it started from ``version``, a new one if
        there is none and ``version`` is the sheet's (``current``: its version and number
        of entries); else None (stale)."""
        draft = self._drafts.get(sheet)
        if draft is not None:
            return draft if draft.version == version else None
        return Draft(sheet, version, current[1]) if version == current[0] else None

    def put_hand(
        self, sheet: str, version: str, current: tuple[str, int], seat: int, hand: SeatHand
    ) -> Draft | None:
        """Keep ``seat``'s hand (an empty one takes it out); None when the form was made for
        another draft than the open one (saved meanwhile, or the sheet moved on)."""
        with self._lock:
            draft = self._open(sheet, version, current)
            if draft is None:
                return None
            if hand.empty:
                draft.hands.pop(seat, None)
            else:
                draft.hands[seat] = copy.deepcopy(hand)
            self._changed(draft)
            return copy.deepcopy(draft)

    def put_shared(
        self, sheet: str, version: str, current: tuple[str, int], shared: dict[str, str]
    ) -> Draft | None:
        """Keep the deal's own inputs; None as for :meth:`put_hand`."""
        with self._lock:
            draft = self._open(sheet, version, current)
            if draft is None:
                return None
            draft.shared = {k: shared[k][:40] for k in SHARED if shared.get(k)}
            self._changed(draft)
            return copy.deepcopy(draft)

    def rebase(self, sheet: str, version: str, current: tuple[str, int]) -> Draft | None:
        """Enter the draft started from ``version`` after the sheet's newer deals."""
        with self._lock:
            draft = self._drafts.get(sheet)
            if draft is None or draft.version != version:
                return None
            draft.version, draft.deals = current
            self._changed(draft)
            return copy.deepcopy(draft)

    def clear(self, sheet: str, version: str | None = None) -> None:
        """Drop the sheet's draft (only the one started from ``version``, if given)."""
        with self._lock:
            draft = self._drafts.get(sheet)
            if draft is not None and (version is None or draft.version == version):
                del self._drafts[sheet]
                self._stamp += 1

    def __len__(self) -> int:
        with self._lock:
            return len(self._drafts)
