"""Live pages: every open page of a sheet learns within a second that the sheet changed, whoever
changed it (a phone, the API, ``remikcalc add`` in a terminal).

``GET /s/ID/events?v=VERSION`` is a stream of server-sent events. One :class:`Watch` per sheet
serves every stream of that sheet: a few times a second each stream asks it for the sheet's
:class:`Snapshot`, which costs one ``os.stat`` of the file (microseconds, done on the event
loop) while the file's identity (device, inode, modification time, size) stays the same. When
it changes, one worker thread reads and replays the sheet (:meth:`SheetFile.load`, whose
result the pages then reuse) while the streams wait for it; so twenty open phones cost twenty
``stat`` calls per tick and no thread each. A stream is an ``async`` generator: it holds no
thread, and it ends when the phone goes away, when the server stops
(:attr:`~remikcalc.web.call.Pad.stopping`), or after :data:`STREAM_LIFE` (the browser then
connects again by itself).

Each event says which version the sheet is at and, in the phone's language, what changed
("Deal 7 added", "Deal 3 changed", "Deal 7 removed"); the page fetches itself again
(static/live.js) and replaces its live parts. While the file cannot be read at all (deleted,
moved, replaced by a folder or a pipe, not UTF-8, over 1 MiB) the stream stays open and says so
once (an ``unreadable`` event, in the phone's language); the first version read after it is a
``change``. A stream opened meanwhile (a page reconnecting) is served the same way.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import anyio.to_thread
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.i18n import _, ngettext
from remikcalc.session.replay import deal_numbers
from remikcalc.sheet.model import Entry, same_entry
from remikcalc.web.shelf import Served
from remikcalc.web.speech import phone_choice, speaking

__all__ = [
    "TICK",
    "Snapshot",
    "Watch",
    "change_text",
    "events",
    "follow_stop",
    "unreadable_text",
]

#: seconds between two looks at a sheet's file
TICK = 0.2
#: seconds between two comments that keep a quiet stream open (and find phones gone)
PING = 15.0
#: seconds a stream lasts before the server ends it (the browser reconnects)
STREAM_LIFE = 15 * 60
#: the versions a watch remembers, to say what changed since a page's own version
HISTORY = 16


Identity = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A sheet at one version: its entries and their deal numbers (None: it does not load).

    A sheet that cannot be read at all (gone, a folder or a pipe in its place, not UTF-8, too
    large) has no version and says which of the two it is (``gone``); its streams say so and
    follow it again once it can be read."""

    version: str
    entries: tuple[Entry, ...] | None
    numbers: tuple[int | None, ...] = ()  # each entry's deal number (None for an event)
    unreadable: bool = False
    gone: bool = False


def unreadable_text(name: str, *, gone: bool) -> str:
    """What a live page says while its sheet ``name`` cannot be read (in the language spoken)."""
    if gone:
        return _(
            "{name} is not there any more: it was moved, renamed or deleted. "
            "This page follows it again if it comes back."
        ).format(name=name)
    return _(
        "{name} cannot be read just now: what is there is not a score sheet. "
        "This page follows it again as soon as it can be read."
    ).format(name=name)


def _identity(path: str) -> Identity | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino, info.st_mtime_ns, info.st_size


@dataclass(eq=False)
class Watch:
    """What the streams of one sheet share: its last snapshot and the recent ones."""

    served: Served
    identity: Identity | None = None
    current: Snapshot | None = None
    history: OrderedDict[str, Snapshot] = field(default_factory=OrderedDict)
    _lock: asyncio.Lock | None = None
    _loop: asyncio.AbstractEventLoop | None = None
    #: what changed between two versions, by (from, to, language): said once for every stream
    _said: OrderedDict[tuple[str, str, str], tuple[str, int | None]] = field(
        default_factory=OrderedDict
    )

    def said(self, since: str, snap: Snapshot, lang: str) -> tuple[str, int | None]:
        """:func:`change_text` from version ``since`` to ``snap`` in ``lang`` (made once)."""
        key = (since, snap.version, lang)
        found = self._said.get(key)
        if found is None:
            with speaking(lang, None):
                found = change_text(self.history.get(since), snap)
            self._said[key] = found
            while len(self._said) > 4 * HISTORY:
                self._said.popitem(last=False)
        return found

    def _lock_here(self) -> asyncio.Lock:
        """The lock of the running event loop (a test client may run several in turn)."""
        loop = asyncio.get_running_loop()
        if self._lock is None or self._loop is not loop:
            self._lock, self._loop = asyncio.Lock(), loop
        return self._lock

    def _read(self) -> Snapshot:
        """The sheet as it is (in a worker thread: it may replay the sheet). Never raises: a
        sheet that does not load has its version, one that cannot be read none."""
        book = self.served.book
        try:
            version, state = book.load()
        except (RemikcalcError, OSError):
            try:
                return Snapshot(book.version, None)
            except (RemikcalcError, OSError):
                gone = not os.path.lexists(self.served.path)
                return Snapshot("", None, unreadable=True, gone=gone)
        numbers = deal_numbers(state.steps)
        entries = tuple(step.entry for step in state.steps)
        return Snapshot(version, entries, tuple(numbers.get(s.n) for s in state.steps))

    async def snapshot(self) -> Snapshot:
        """The sheet's snapshot now: a ``stat``, and a read only when the file changed."""
        identity = _identity(self.served.path)
        if self.current is not None and identity == self.identity:
            return self.current
        async with self._lock_here():  # one read for every stream waiting
            identity = _identity(self.served.path)
            if self.current is not None and identity == self.identity:
                return self.current
            snap = await anyio.to_thread.run_sync(self._read)
            self.identity, self.current = identity, snap
            self.history[snap.version] = snap
            self.history.move_to_end(snap.version)
            while len(self.history) > HISTORY:
                self.history.popitem(last=False)
            return snap


def _deals_words(numbers: Sequence[int | None]) -> str | None:
    deals = [n for n in numbers if n is not None]
    if not deals:
        return None
    if len(deals) == 1:
        return str(deals[0])
    return f"{deals[0]}–{deals[-1]}"


def change_text(old: Snapshot | None, new: Snapshot) -> tuple[str, int | None]:
    """What changed from ``old`` to ``new``, for people (in the language spoken), and the
    deal it is about (the page may point at it)."""
    if old is None or old.entries is None or new.entries is None:
        return _("The sheet has changed."), None
    a, b = old.entries, new.entries
    same = 0
    while same < min(len(a), len(b)) and same_entry(a[same], b[same]):
        same += 1
    if same == len(a) and len(b) > len(a):  # entries added at the end
        added = new.numbers[len(a) :]
        deals = _deals_words(added)
        if deals is None:
            return ngettext("{n} re-entry added", "{n} re-entries added", len(added)).format(
                n=len(added)
            ), None
        count = sum(1 for n in added if n is not None)
        line = ngettext("Deal {deals} added", "Deals {deals} added", count)
        return line.format(deals=deals), next(n for n in reversed(added) if n is not None)
    if same == len(b) and len(a) > len(b):  # entries removed at the end (undo)
        removed = old.numbers[len(b) :]
        deals = _deals_words(removed)
        if deals is None:
            return _("A re-entry was removed."), None
        count = sum(1 for n in removed if n is not None)
        line = ngettext("Deal {deals} removed", "Deals {deals} removed", count)
        return line.format(deals=deals), None
    if len(a) == len(b) and same < len(a):
        later = [i for i in range(same, len(a)) if not same_entry(a[i], b[i])]
        number = new.numbers[same]
        if len(later) == 1 and number is not None:
            return _("Deal {n} changed").format(n=number), number
    shifted = len(a) == len(b) + 1 and same < len(b) and old.numbers[same] is not None
    if shifted and all(same_entry(x, y) for x, y in zip(a[same + 1 :], b[same:], strict=True)):
        line = ngettext("Deal {deals} removed", "Deals {deals} removed", 1)
        return line.format(deals=old.numbers[same]), None
    return _("The sheet has changed."), None


def _event(name: str, data: dict[str, Any]) -> str:
    return f"event: {name}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


async def follow_stop(server: Any, pad: Any) -> None:
    """Set ``pad.stopping`` as soon as the uvicorn ``server`` is asked to exit (Ctrl-C,
    SIGTERM), so that the live streams end and the server stops at once."""
    while not getattr(server, "should_exit", False):
        await asyncio.sleep(0.1)
    pad.stopping = True


async def _stream(request: Request, watch: Watch, since: str, lang: str) -> AsyncIterator[str]:
    pad = request.app.state.pad
    started = time.monotonic()
    quiet = started
    last = since
    yield "retry: 2000\n\n"
    while not pad.stopping and time.monotonic() - started < STREAM_LIFE:
        snap = await watch.snapshot()
        if snap.unreadable:
            if last:  # said once; any version read after it is a change
                with speaking(lang, None):
                    message = unreadable_text(watch.served.name, gone=snap.gone)
                yield _event("unreadable", {"message": message})
                last = ""
                quiet = time.monotonic()
        elif snap.version and snap.version != last:
            message, deal = watch.said(last, snap, lang)
            yield _event("change", {"version": snap.version, "message": message, "deal": deal})
            last = snap.version
            quiet = time.monotonic()
        elif time.monotonic() - quiet >= PING:
            yield ": ping\n\n"
            quiet = time.monotonic()
        await asyncio.sleep(TICK)
    if pad.stopping:
        yield _event("bye", {})


async def events(request: Request) -> Response:
    """``GET /s/ID/events?v=VERSION``: the sheet's changes as server-sent events."""
    pad = request.app.state.pad
    lang, _notation = phone_choice(
        request.cookies, request.headers.get("accept-language"), pad.config.lang
    )
    sheet_id = str(request.path_params["sheet"])
    # a sheet served before that cannot be read now is still followed (its stream says so)
    served = await run_in_threadpool(pad.shelf.known, sheet_id)
    if served is None:
        with speaking(lang, None):
            message = _("There is no such sheet here (it may have been moved or deleted).")
        return PlainTextResponse(message, status_code=404)
    watch = pad.watch(served)
    since = request.query_params.get("v", "")[:100]
    if not since:
        since = (await watch.snapshot()).version or "-"  # unreadable now: said at once
    headers = {"cache-control": "no-store", "x-accel-buffering": "no"}
    return StreamingResponse(
        _stream(request, watch, since, lang), media_type="text/event-stream", headers=headers
    )
