"""Python's cyclic garbage collector paused while a large structure is built.

Reading a large sheet builds hundreds of thousands of objects (the node tree, then the
entries) and replaying it as many again, none of them in a reference cycle: the collector, run
every 700 new objects, would walk the growing structure over and over.
Reference counting frees everything as usual while the collector is paused.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

__all__ = ["collector_paused"]


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic collector off while the block runs, and on again after it if it was on
    (a block inside another leaves it to the outer one)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
