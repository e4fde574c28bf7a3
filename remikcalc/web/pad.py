"""One run of the pad and everything it keeps while it runs, on one object (:class:`Pad`): its
configuration, sheets and templates; the drafts of deals being entered together and which
phone holds which seat in them; the queue of
writes for each sheet; the watch of each sheet that live pages follow; and the answers to the
forms and API calls already made (:class:`Answers`, the pad's one idempotency helper).

Nothing of a run is kept anywhere else: no module global, nothing on the Starlette app's
``state`` but the :class:`Pad` itself.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import os
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup
from starlette.responses import Response

from remikcalc.base.i18n import _, ngettext
from remikcalc.render import one_full_stop
from remikcalc.web.config import PadConfig
from remikcalc.web.entry_draft import Drafts, Seats
from remikcalc.web.live import Watch
from remikcalc.web.shelf import Served, Shelf

__all__ = ["Answers", "Pad", "static_url"]

#: the answers remembered (a form's key is remembered for the last 2,000 saves)
REMEMBERED = 2000


@functools.cache
def static_url(name: str) -> str:
    """The address of the static file ``name`` with its version (a digest of its bytes): the
    phones keep it for a year (:mod:`remikcalc.web.guard`), and a new release changes it.

    >>> static_url("pad.css").startswith("/static/pad.css?v=")
    True
    """
    data = (resources.files("remikcalc.web") / "static" / name).read_bytes()
    return f"/static/{name}?v={hashlib.sha256(data).hexdigest()[:12]}"


def _templates() -> Environment:
    from remikcalc.web import filters

    env = Environment(
        loader=PackageLoader("remikcalc.web", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(_=_, ngettext=ngettext, static=static_url, **filters.GLOBALS)
    env.filters.update(filters.FILTERS)
    return env


@dataclass(frozen=True, slots=True)
class _Answer:
    """A write's answer as it was given: sent again to the same request sent again."""

    status: int
    body: bytes
    headers: tuple[tuple[str, str], ...]

    def response(self) -> Response:
        return Response(self.body, self.status, headers=dict(self.headers))


def _written(response: Response) -> bool:
    """Whether ``response`` answers a write that was made: a form's redirect after it, or the
    API's success (JSON). A page (a refusal, or a preview a form asked for first) is not."""
    status = response.status_code
    if 300 <= status < 400:
        return True
    return 200 <= status < 300 and response.media_type != "text/html"


class Answers:
    """The pad's one idempotency helper, for every form post and the API: a request's key is
    claimed before the write it guards, and a request sent again with the same key is answered
    as the first was.

    :meth:`once` runs the write for the first request with a key; one sent while it runs waits
    for it, then gets its answer (a double tap saves once, and both taps land on the sheet).
    Only a write made is remembered (a form's redirect, the API's 2xx), never a page: after a
    refusal, or a preview the form showed first, the key is free again, so the form sent anew
    (corrected, "add it again", saved after its preview) is written. Keys are held per address,
    so a script's key for one sheet never answers a call to another.
    """

    def __init__(self, size: int = REMEMBERED) -> None:
        self._size = size
        self._done: OrderedDict[str, _Answer] = OrderedDict()
        self._pending: dict[str, threading.Event] = {}
        self._lock = threading.Lock()

    def once(self, scope: str, key: str, write: Callable[[], Response]) -> Response:
        """``write()``'s answer, or the answer the first request with ``key`` got at ``scope``
        (the address written to). An empty key guards nothing: the write runs."""
        if not key:
            return write()
        claim = f"{scope} {key[:200]}"
        first = self._claim(claim)
        if first is not None:
            return first.response()
        answer: _Answer | None = None
        try:
            response = write()
            if _written(response):
                headers = tuple(
                    (name, value)
                    for name, value in response.headers.items()
                    if name in ("location", "content-type")
                )
                answer = _Answer(response.status_code, bytes(response.body), headers)
            return response
        finally:
            self._release(claim, answer)

    def _claim(self, claim: str) -> _Answer | None:
        """None when this request is to write; else the first answer (waiting for it while the
        first request with the key is being written)."""
        while True:
            with self._lock:
                if claim in self._done:
                    return self._done[claim]
                busy = self._pending.get(claim)
                if busy is None:
                    self._pending[claim] = threading.Event()
                    return None
            busy.wait()

    def _release(self, claim: str, answer: _Answer | None) -> None:
        with self._lock:
            if answer is not None:
                self._done[claim] = answer
                while len(self._done) > self._size:
                    self._done.popitem(last=False)
            busy = self._pending.pop(claim, None)
        if busy is not None:
            busy.set()


@dataclass
class Pad:
    """One run of the pad: its configuration, its sheets and templates, and what it keeps
    while it runs (see the module's docstring)."""

    config: PadConfig
    shelf: Shelf
    templates: Environment = field(default_factory=_templates)
    #: the deals being entered together, one draft per sheet
    drafts: Drafts = field(default_factory=Drafts)
    #: which phone holds which seat of each sheet in the deal entered together
    seats: Seats = field(default_factory=Seats)
    #: the answers of the writes made, by idempotency key
    answers: Answers = field(default_factory=Answers)
    #: set when the server stops, so that live pages end their streams
    stopping: bool = False
    #: the address phones join at (set once the server listens and its port is known)
    join_url: str = ""
    #: each sheet's watch, which its live pages share
    _watches: dict[str, Watch] = field(default_factory=dict)
    #: each event loop's write queues, by sheet id (a test client runs several loops)
    _queues: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, asyncio.Lock]] = field(
        default_factory=weakref.WeakKeyDictionary
    )
    #: the folders :meth:`private` takes out, and what they were made from
    _private: tuple[tuple[str, ...], list[str]] = ((), [])
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        # every value a page shows passes here: no folder of the server's reaches a phone
        self.templates.finalize = self._shown

    # --- writes -------------------------------------------------------------------------------

    def queue(self, sheet_id: str) -> asyncio.Lock:
        """The queue of writes to one sheet: held while one of them runs, in a thread."""
        loop = asyncio.get_running_loop()
        queues = self._queues.setdefault(loop, {})
        found = queues.get(sheet_id)
        if found is None:
            found = queues[sheet_id] = asyncio.Lock()
        return found

    def once(self, scope: str, key: str, write: Callable[[], Response]) -> Response:
        """``write()`` guarded by its idempotency key (:meth:`Answers.once`)."""
        return self.answers.once(scope, key, write)

    # --- live pages -----------------------------------------------------------------------------

    def watch(self, served: Served) -> Watch:
        """The watch of ``served`` (made on first use; a sheet served anew gets a new one)."""
        with self._lock:
            watch = self._watches.get(served.id)
            if watch is None or watch.served is not served:
                watch = self._watches[served.id] = Watch(served)
            return watch

    # --- what a phone never sees ----------------------------------------------------------------

    def _shown(self, value: Any) -> Any:
        if not isinstance(value, str) or isinstance(value, Markup):
            return value
        # a sentence (not an address such as /s/ID) that may name a path
        if os.sep in value and " " in value:
            value = self.private(value)
        return one_full_stop(value)  # "... Gleb K.." is "... Gleb K."

    def private(self, text: str) -> str:
        """``text`` without this machine's folders: a library message names a sheet by the
        path it was opened with (and its lock file by its real path), which a phone never
        needs to see; the file's name stays."""
        for folder in self._folders():
            if folder in text:
                text = text.replace(folder, "")
        return text

    def _folders(self) -> list[str]:
        """The folders a served path can start with, each with its trailing separator, the
        longest first (as given, absolute and real; the current one too)."""
        config = self.config
        given = (*config.paths, config.new_folder, os.getcwd(), *self.shelf.folders())
        if self._private[0] != given:
            found = set()
            for path in given:
                for form in (path, os.path.abspath(path), os.path.realpath(path)):
                    folder = form if os.path.isdir(form) else os.path.dirname(form)
                    if folder.strip(os.sep):  # never the root alone
                        found.add(folder.rstrip(os.sep) + os.sep)
            self._private = (given, sorted(found, key=len, reverse=True))
        return self._private[1]
