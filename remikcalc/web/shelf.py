"""The sheets a run of the pad serves: found from the paths given, each under an opaque id.

A folder is looked at again whenever the list is asked for, so a sheet started with
``remikcalc new`` in a terminal shows up on the phones too. Requests name sheets by id only:
no route takes a path. Each sheet keeps its :class:`~remikcalc.session.book.SheetFile` (whose
replay is cached by the file's identity) and what was rendered from one version of it, so an
unchanged sheet is answered without replaying or rendering it again.
"""

from __future__ import annotations

import datetime
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from remikcalc.session.book import SheetFile
from remikcalc.web.config import PadConfig

__all__ = ["Served", "Shelf"]

SHEET_SUFFIXES = (".yaml", ".yml")
#: renderings kept per sheet (versions × languages × views)
CACHE_SIZE = 32


@dataclass(eq=False)
class Served:
    """One sheet served: its id, its file, and renderings by (version, language, view)."""

    id: str
    path: str
    book: SheetFile
    _cache: OrderedDict[tuple[str, ...], Any] = field(default_factory=OrderedDict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def name(self) -> str:
        """The file's name without its folder: what the phones see."""
        return os.path.basename(self.path)

    def cached(self, key: tuple[str, ...], make: Callable[[], Any]) -> Any:
        """``make()`` once per key (the key holds the version it was made from)."""
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                return self._cache[key]
        value = make()
        with self._lock:
            self._cache[key] = value
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)
        return value


class Shelf:
    """The sheets served: named files, and the sheet files in the folders named."""

    def __init__(self, config: PadConfig) -> None:
        self.config = config
        self._served: dict[str, Served] = {}
        self._created: list[str] = []  # sheets the pad started (listed even outside a folder)
        self._reserved: set[str] = set()  # names chosen for new sheets not written yet
        self._lock = threading.Lock()

    def _files(self) -> Iterable[str]:
        for path in (*self.config.paths, *self._created):
            if os.path.isdir(path):
                try:
                    names = sorted(os.listdir(path))
                except OSError:
                    continue
                for name in names:
                    full = os.path.join(path, name)
                    if name.lower().endswith(SHEET_SUFFIXES) and os.path.isfile(full):
                        yield full
            elif os.path.isfile(path):
                yield path

    def sheets(self) -> list[Served]:
        """Every sheet served now, in the order of the paths (a folder's sheets by name)."""
        out: list[Served] = []
        seen: set[str] = set()
        for path in self._files():
            real = os.path.realpath(path)
            if real in seen:
                continue
            seen.add(real)
            out.append(self._serve(path, real))
        return out

    def _serve(self, path: str, real: str) -> Served:
        sheet_id = self.config.sheet_id(real)
        with self._lock:
            served = self._served.get(sheet_id)
            if served is None:
                served = Served(sheet_id, path, SheetFile(path, os.path.basename(path)))
                self._served[sheet_id] = served
            return served

    def get(self, sheet_id: str) -> Served | None:
        """The sheet with this id, if it is still served (the file may be gone)."""
        with self._lock:
            known = sheet_id in self._served
        if not known:
            self.sheets()  # a sheet started since the list was last read
        with self._lock:
            served = self._served.get(sheet_id)
        if served is None or not os.path.isfile(served.path):
            return None
        return served

    def folders(self) -> list[str]:
        """The folders of every sheet served or started here (to keep them from the phones)."""
        with self._lock:
            paths = [served.path for served in self._served.values()] + list(self._created)
        return sorted({os.path.dirname(path) for path in paths if os.path.dirname(path)})

    def known(self, sheet_id: str) -> Served | None:
        """The sheet with this id if it is served or was, whether or not it can be read now
        (a live page keeps following a sheet that is moved away for a while)."""
        served = self.get(sheet_id)
        if served is None:
            with self._lock:
                served = self._served.get(sheet_id)
        return served

    def new_path(self, variant: str, today: datetime.date | None = None) -> str:
        """A file name for a new sheet in the folder new sheets go to, not taken yet:
        ``gin-2026-12-01.yaml``, then ``gin-2026-12-01-2.yaml`` ...

        The name is reserved until :meth:`release_path`, so phones starting sheets of the
        same game at the same moment each get their own."""
        day = (today or datetime.date.today()).isoformat()
        stem = os.path.join(self.config.new_folder, f"{variant}-{day}")
        path, n = f"{stem}.yaml", 1
        with self._lock:
            while path in self._reserved or os.path.lexists(path):
                n += 1
                path = f"{stem}-{n}.yaml"
            self._reserved.add(path)
        return path

    def release_path(self, path: str) -> None:
        """The new sheet at ``path`` is written (or was not): its name is no longer held."""
        with self._lock:
            self._reserved.discard(path)

    def add_path(self, path: str) -> Served:
        """Serve a sheet the pad has just started."""
        with self._lock:
            self._created.append(path)
        return self._serve(path, os.path.realpath(path))
