"""The shared draft of a deal: each player enters their own hand on their own phone, and the
deal is saved once every hand it needs is in.

A draft lives in the pad's memory only (never on disk), one per sheet, keyed by the sheet's
id and the version it started from: confirming it writes with that version, so a deal added
meanwhile (by another phone or the command line) is never overwritten (409, the draft kept).
Drafts are small and bounded: at most :data:`MAX_DRAFTS` sheets, each hand's text cut to the
form's limits, and a draft nobody touched for :data:`MAX_AGE` seconds is dropped. A confirmed
draft is cleared; so is an empty one once the sheet has moved on.

A phone is shown its own hand only: the others' are known to it as "entered", never as
cards, not even as cards it cannot tap (in a one-pack game that would give their hands away).

Which phone holds which seat is :class:`Seats`: a seat is claimed by one phone (a secret that
phone keeps in a cookie), and another phone takes it over only by asking, which tells the
first one. Both keep a *stamp* per sheet that changes with every change of its draft or its
seats, which the phones' live streams follow (:func:`remikcalc.web.entry_together.draft_events`).
"""

from __future__ import annotations

import copy
import hmac
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from remikcalc.web.deal_form import SeatHand

__all__ = [
    "MAX_AGE",
    "MAX_DRAFTS",
    "SHARED",
    "Draft",
    "Drafts",
    "Holder",
    "Seats",
    "shared_values",
]

#: the most sheets with an open draft at once (the oldest goes first)
MAX_DRAFTS = 64
#: seconds a draft nobody touches is kept (an evening's pause, not a week)
MAX_AGE = 6 * 3600
#: the deal's own inputs a draft keeps (anyone may set them), as the deal form posts them
SHARED = ("closer", "how", "draw", "upcard", "plus", "first_turn", "no_draw")


def shared_values(posted: dict[str, str]) -> dict[str, str]:
    """The deal's own inputs as a draft keeps them: those of :data:`SHARED` that are set.

    >>> shared_values({"closer": "1", "draw": "", "hands.0": "AS"})
    {'closer': '1'}
    """
    return {k: posted[k][:40] for k in SHARED if posted.get(k)}


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
    #: the stamp of the last change of the deal's own inputs (a confirm from a page made
    #: before it must not undo it unseen)
    shared_stamp: int = 0
    touched: float = field(default_factory=time.monotonic)

    @property
    def empty(self) -> bool:
        return not self.hands and not any(self.shared.values())


class Drafts:
    """The open drafts of one run, one per sheet; every change under one lock, and every
    read a copy (a page is rendered from a draft that no other phone changes under it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._drafts: OrderedDict[str, Draft] = OrderedDict()
        self._stamp = 0
        #: each sheet's stamp: the last change of its draft (made, changed or cleared)
        self._stamps: OrderedDict[str, int] = OrderedDict()

    def _prune(self) -> None:
        now = time.monotonic()
        for sheet in [s for s, d in self._drafts.items() if now - d.touched > MAX_AGE]:
            del self._drafts[sheet]
        while len(self._drafts) > MAX_DRAFTS:
            self._drafts.popitem(last=False)

    def _bump(self, sheet: str) -> int:
        self._stamp += 1
        self._stamps[sheet] = self._stamp
        self._stamps.move_to_end(sheet)
        while len(self._stamps) > 4 * MAX_DRAFTS:
            self._stamps.popitem(last=False)
        return self._stamp

    def stamp(self, sheet: str) -> int:
        """A number that changes with every change of the sheet's draft (0: none yet)."""
        with self._lock:
            return self._stamps.get(sheet, 0)

    def _changed(self, draft: Draft) -> None:
        draft.stamp = self._bump(draft.sheet)
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
        self,
        sheet: str,
        version: str,
        current: tuple[str, int],
        seat: int,
        hand: SeatHand,
        *,
        closer: bool = False,
    ) -> Draft | None:
        """Keep ``seat``'s hand (an empty one takes it out), and with ``closer`` make that
        player the deal's closer (no draw then); None when the form was made for another
        draft than the open one (saved meanwhile, or the sheet moved on)."""
        with self._lock:
            draft = self._open(sheet, version, current)
            if draft is None:
                return None
            if hand.empty:
                draft.hands.pop(seat, None)
            else:
                draft.hands[seat] = copy.deepcopy(hand)
            if closer:
                draft.shared = {k: v for k, v in draft.shared.items() if k != "draw"}
                draft.shared["closer"] = str(seat)
            self._changed(draft)
            if closer:
                draft.shared_stamp = draft.stamp
            return copy.deepcopy(draft)

    def put_shared(
        self, sheet: str, version: str, current: tuple[str, int], shared: dict[str, str]
    ) -> Draft | None:
        """Keep the deal's own inputs; None as for :meth:`put_hand`."""
        with self._lock:
            draft = self._open(sheet, version, current)
            if draft is None:
                return None
            kept = shared_values(shared)
            changed = kept != draft.shared
            draft.shared = kept
            self._changed(draft)
            if changed:
                draft.shared_stamp = draft.stamp
            return copy.deepcopy(draft)

    def drop_hand(self, sheet: str, seat: int) -> None:
        """Take ``seat``'s hand out of the open draft (its seat was taken over by another
        phone, which must not see it)."""
        with self._lock:
            draft = self._drafts.get(sheet)
            if draft is not None and draft.hands.pop(seat, None) is not None:
                self._changed(draft)

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
                self._bump(sheet)

    def __len__(self) -> int:
        with self._lock:
            return len(self._drafts)


@dataclass(frozen=True, slots=True)
class Holder:
    """What a phone's cookie says of its seat on one sheet, checked against :class:`Seats`:
    ``seat`` the seat it holds (None: none), ``lost`` the seat it held until another phone
    took it over."""

    seat: int | None = None
    lost: int | None = None


class Seats:
    """Which phone holds which seat of each sheet, for the run: a seat is claimed with a new
    secret, which the phone keeps (``SEAT.SECRET`` in a cookie) and shows with every request.
    A seat held by another phone is taken over only when asked (``take``); the phone that held
    it then finds its secret refused and is told (:attr:`Holder.lost`). Bounded like the
    drafts: the seats of at most :data:`MAX_DRAFTS` sheets, the least recently used first out.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._held: OrderedDict[str, dict[int, str]] = OrderedDict()
        self._stamps: dict[str, int] = {}
        self._stamp = 0

    def _seats(self, sheet: str) -> dict[int, str]:
        held = self._held.setdefault(sheet, {})
        self._held.move_to_end(sheet)
        while len(self._held) > MAX_DRAFTS:
            gone, _seats = self._held.popitem(last=False)
            self._stamps.pop(gone, None)
        return held

    def _bump(self, sheet: str) -> None:
        self._stamp += 1
        self._stamps[sheet] = self._stamp

    def stamp(self, sheet: str) -> int:
        """A number that changes whenever a seat of ``sheet`` is claimed, taken or left."""
        with self._lock:
            return self._stamps.get(sheet, 0)

    @staticmethod
    def _read(cookie: str) -> tuple[int, str] | None:
        seat, _dot, secret = cookie.partition(".")
        if not (seat.isdecimal() and len(seat) < 4 and 8 <= len(secret) <= 64):
            return None
        return int(seat), secret

    @staticmethod
    def _same(read: tuple[int, str], seat: int, secret: str) -> bool:
        return read[0] == seat and hmac.compare_digest(read[1], secret)

    def holder(self, sheet: str, cookie: str) -> Holder:
        """The seat the phone with ``cookie`` holds on ``sheet``, or the one it lost."""
        read = self._read(cookie)
        if read is None:
            return Holder()
        seat, secret = read
        with self._lock:
            now = self._held.get(sheet, {}).get(seat)
        if now is None:
            return Holder()
        if hmac.compare_digest(now, secret):
            return Holder(seat)
        return Holder(lost=seat)

    def held(self, sheet: str) -> frozenset[int]:
        """The seats of ``sheet`` some phone holds."""
        with self._lock:
            return frozenset(self._held.get(sheet, {}))

    def claim(self, sheet: str, seat: int, cookie: str, *, take: bool) -> str | None:
        """The cookie for ``seat`` when this phone (``cookie``) may have it: it is free, or
        its own, or ``take`` says to take it from the phone that holds it; else None (held
        by another). The seat the phone held before is left."""
        read = self._read(cookie)
        with self._lock:
            held = self._seats(sheet)
            now = held.get(seat)
            if now is not None and read is not None and self._same(read, seat, now):
                return cookie  # its own already
            if now is not None and not take:
                return None
            if read is not None and read[0] != seat:  # the seat it held before is left
                before = held.get(read[0])
                if before is not None and self._same(read, read[0], before):
                    del held[read[0]]
            secret = secrets.token_urlsafe(12)
            held[seat] = secret
            self._bump(sheet)
            return f"{seat}.{secret}"

    def leave(self, sheet: str, cookie: str) -> None:
        """Free the seat the phone with ``cookie`` holds (a phone that is not that player)."""
        read = self._read(cookie)
        if read is None:
            return
        with self._lock:
            held = self._held.get(sheet, {})
            now = held.get(read[0])
            if now is not None and self._same(read, read[0], now):
                del held[read[0]]
                self._bump(sheet)
