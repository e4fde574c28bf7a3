"""An edited sheet's text read back without building all of it again.

An in-place edit (:mod:`remikcalc.sheet.splice`) rewrites the lines of a few deals and must be
read back to be kept. Reading a 1 MiB sheet is mostly building its node tree and its entries;
the YAML parser itself is a third of it. So :func:`reread` runs the parser over the whole
edited text, as reading it would, and holds its events against the old node tree's: the events
before the edited deals must be the old ones, those after them the old ones moved down (or up)
by as many lines as the edit added (or took away); only the deals in between are built into
nodes and read as entries. The node tree and the sheet it gives are then exactly the ones
:func:`remikcalc.sheet.read.parse_text` would give (the unchanged parts are the old nodes and
entries, those after the edit moved to their new lines); anything else, an event that differs,
an alias, an anchor, a tag, a second document, a problem in a deal read, a limit passed, gives
None, and the caller reads the whole text as usual (which says what is wrong, if anything).

The deal before the first one edited is read again too: the end of its nodes is where the next
token starts, which the edit may have moved.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import yaml

import remikcalc.sheet.read as read  # its limits looked up when used (tests change them)
import remikcalc.sheet.yamltree as yamltree
from remikcalc.base.gcpause import collector_paused
from remikcalc.sheet.model import Entry, Sheet
from remikcalc.sheet.read import Reader, read_entry
from remikcalc.sheet.yamltree import Node, Problems, StrictLoader, attach

__all__ = ["reread"]

#: an event as its node would hold it: ("s", line, column, value, plain) for a scalar,
#: ("S" or "M", line, column, flow) for the start of a list or a mapping, ("e", line, column)
#: for its end
Signature = tuple[Any, ...]

_SCALAR = yaml.ScalarEvent
_STARTS = {yaml.SequenceStartEvent: "S", yaml.MappingStartEvent: "M"}
_ENDS = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
_KINDS = {"S": "seq", "M": "map"}


def reread(
    sheet: Sheet, root: Node | None, candidate: str, name: str, span: tuple[int, int, int]
) -> tuple[Sheet, Node] | None:
    """What ``parse_text(candidate, name)`` gives, where ``candidate`` is the text of ``sheet``
    (read as the node tree ``root``) with the deals ``first`` to ``end`` (from 0, ``end`` not
    included) replaced by ``added`` deals (``span``); None when it cannot be told this way."""
    with collector_paused():  # as reading pauses it (remikcalc.base.gcpause)
        return _reread(sheet, root, candidate, name, span)


def _reread(
    sheet: Sheet, root: Node | None, candidate: str, name: str, span: tuple[int, int, int]
) -> tuple[Sheet, Node] | None:
    first, end, added = span
    deals_at = _deals_at(root)
    if root is None or deals_at is None:
        return None
    deals = root.pairs[deals_at][1]
    items = deals.items
    if len(items) != len(sheet.entries) or not 0 <= first <= end <= len(items):
        return None
    if len(candidate.encode("utf-8", "surrogatepass")) > read.MAX_BYTES:  # as parse_text
        return None
    low = max(first - 1, 0)  # the deal before the edited ones is built again
    events = _events(candidate.removeprefix("\ufeff"))
    if events is None:
        return None
    head: list[Signature] = []
    _head(root, deals_at, low, head)
    if events[: len(head)] != head:
        return None
    built = _build(events, len(head), first - low + added)
    if built is None:
        return None
    region, stop = built
    then = items[end].line if end < len(items) else deals.end_line
    if stop >= len(events):
        return None
    delta = events[stop][1] - then
    tail: list[Signature] = []
    _tail(root, deals_at, end, delta, tail)
    if events[stop:] != tail:
        return None
    fresh = _read(sheet, region, low, name)
    if fresh is None:
        return None
    later: list[Entry] = list(sheet.entries[end:])
    if delta:
        later = [dataclasses.replace(e, line=e.line + delta) for e in later]
    new_sheet = dataclasses.replace(
        sheet, entries=(*sheet.entries[:low], *fresh, *later), path=name
    )
    return new_sheet, _tree(root, deals_at, [*items[:low], *region], end, delta)


def _deals_at(root: Node | None) -> int | None:
    """Where the one ``deals`` key is among the pairs of a block mapping holding a block list."""
    if root is None or root.kind != "map" or root.flow:
        return None
    found = [i for i, (k, _v) in enumerate(root.pairs) if k.kind == "scalar" and k.value == "deals"]
    if len(found) != 1:
        return None
    deals = root.pairs[found[0]][1]
    return found[0] if deals.kind == "seq" and not deals.flow else None


def _events(text: str) -> list[Signature] | None:
    """The signature of each node event of ``text``, as :func:`compose` would take it; None
    for what compose would refuse or report (that is for the whole reading to say)."""
    out: list[Signature] = []
    add = out.append
    documents = nodes = 0
    loader = StrictLoader(text)
    try:
        next_event = loader.get_event
        while (event := next_event()) is not None:
            kind = type(event)
            mark = event.start_mark
            if kind is _SCALAR:
                if event.anchor is not None or event.tag is not None:
                    return None
                add(("s", mark.line + 1, mark.column, event.value, event.style in (None, "")))
                nodes += 1
            elif kind in _STARTS:
                if event.anchor is not None or event.tag is not None:
                    return None
                add((_STARTS[kind], mark.line + 1, mark.column, bool(event.flow_style)))
                nodes += 1
            elif kind in _ENDS:
                add(("e", mark.line + 1, mark.column))
            elif kind is yaml.DocumentStartEvent:
                documents += 1
            elif kind not in (yaml.StreamStartEvent, yaml.StreamEndEvent, yaml.DocumentEndEvent):
                return None  # an alias, or an event compose would take otherwise
    except yaml.YAMLError:
        return None
    finally:
        loader.dispose()
    return out if documents == 1 and nodes <= yamltree.MAX_NODES else None


def _walk(node: Node, delta: int, out: list[Signature]) -> None:
    """The signatures of ``node``'s events, its lines moved by ``delta``."""
    if node.kind == "scalar":
        out.append(("s", node.line + delta, node.column, node.value, node.plain))
        return
    out.append(("S" if node.kind == "seq" else "M", node.line + delta, node.column, node.flow))
    if node.kind == "seq":
        for item in node.items:
            _walk(item, delta, out)
    else:
        for key, value in node.pairs:
            _walk(key, delta, out)
            _walk(value, delta, out)
    out.append(("e", node.end_line + delta, node.end_column))


def _head(root: Node, deals_at: int, low: int, out: list[Signature]) -> None:
    """The old events up to the deal ``low`` (from 0): the mapping's start, the keys before
    ``deals`` with their values, the key, the list's start and the deals before ``low``."""
    out.append(("M", root.line, root.column, root.flow))
    for key, value in root.pairs[:deals_at]:
        _walk(key, 0, out)
        _walk(value, 0, out)
    key, deals = root.pairs[deals_at]
    _walk(key, 0, out)
    out.append(("S", deals.line, deals.column, deals.flow))
    for item in deals.items[:low]:
        _walk(item, 0, out)


def _tail(root: Node, deals_at: int, end: int, delta: int, out: list[Signature]) -> None:
    """The old events from the deal ``end`` (from 0) on, moved by ``delta`` lines."""
    deals = root.pairs[deals_at][1]
    for item in deals.items[end:]:
        _walk(item, delta, out)
    out.append(("e", deals.end_line + delta, deals.end_column))
    for key, value in root.pairs[deals_at + 1 :]:
        _walk(key, delta, out)
        _walk(value, delta, out)
    out.append(("e", root.end_line + delta, root.end_column))


def _build(events: list[Signature], at: int, count: int) -> tuple[list[Node], int] | None:
    """``count`` items of the deals list built from the events from ``at`` on, and where they
    end; None if the list ends before, or an item is nested deeper than the limit."""
    items: list[Node] = []
    stack: list[Node] = []
    while len(items) < count:
        if at >= len(events):
            return None
        event = events[at]
        at += 1
        if event[0] == "e":
            if not stack:
                return None  # the list ended
            done = stack.pop()
            done.end_line, done.end_column = event[1], event[2]
            if not stack:
                items.append(done)
            continue
        if event[0] == "s":
            node = Node("scalar", event[1], event[2], event[3], event[4])
        else:
            node = Node(_KINDS[event[0]], event[1], event[2], flow=event[3])
        if stack:
            attach(stack[-1], node)
        elif node.kind == "scalar":
            items.append(node)
        if node.kind != "scalar":
            stack.append(node)
            if len(stack) + 2 > yamltree.MAX_DEPTH:  # under the mapping and the deals list
                return None
    return items, at


def _read(sheet: Sheet, region: list[Node], low: int, name: str) -> list[Entry] | None:
    """The items built, read as the sheet reader reads its deals; None on any problem."""
    problems = Problems(name)
    reader = Reader(problems)
    players = list(sheet.players)
    out: list[Entry] = []
    for n, node in enumerate(region, start=low + 1):
        entry = read_entry(reader, node, f"deals[{n}]", players)
        if entry is None:
            return None
        out.append(entry)
    return None if problems.lines else out


def _moved(node: Node, delta: int) -> Node:
    """A copy of ``node`` and all below it ``delta`` lines further down."""
    if not delta:
        return node
    if node.kind == "scalar":
        return Node("scalar", node.line + delta, node.column, node.value, node.plain)
    return Node(
        node.kind,
        node.line + delta,
        node.column,
        flow=node.flow,
        items=[_moved(item, delta) for item in node.items],
        pairs=[(_moved(k, delta), _moved(v, delta)) for k, v in node.pairs],
        end_line=node.end_line + delta,
        end_column=node.end_column,
    )


def _tree(root: Node, deals_at: int, kept: list[Node], end: int, delta: int) -> Node:
    """The new node tree: the old mapping with the deals ``kept`` (the old ones before the
    edit and the ones built), then the old ones from ``end`` on and the keys after ``deals``
    moved by ``delta`` lines. The old tree is left as it is (it may still be in use)."""
    key, deals = root.pairs[deals_at]
    new_deals = Node(
        "seq",
        deals.line,
        deals.column,
        items=[*kept, *(_moved(item, delta) for item in deals.items[end:])],
        end_line=deals.end_line + delta,
        end_column=deals.end_column,
    )
    after = [(_moved(k, delta), _moved(v, delta)) for k, v in root.pairs[deals_at + 1 :]]
    return Node(
        "map",
        root.line,
        root.column,
        pairs=[*root.pairs[:deals_at], (key, new_deals), *after],
        end_line=root.end_line + delta,
        end_column=root.end_column,
    )
