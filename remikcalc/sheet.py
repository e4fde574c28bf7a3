"""Score sheet files: strict YAML in, stable readable YAML out, atomic locked saves.

This is the only module that imports YAML. Loading is deliberately narrow:

- the file may be at most 1 MiB and must be UTF-8; one document only;
- no tags (``!!python/object``, ``!!int``), no anchors or aliases (so no "billion laughs"),
  nesting at most 12 levels, at most 300 000 nodes;
- every scalar stays the text the user typed: the parser is only asked for events and no
  YAML type resolution happens, so a player called ``No`` or ``Yes``, a stake of ``0.10``
  or a hand ``010`` keep their meaning; numbers and booleans are converted here, per key;
- duplicate keys are errors; every problem is reported with its line and key, all at once.

Saving writes a temporary file in the same folder, flushes and fsyncs it, renames it over the
sheet and fsyncs the folder, all under an exclusive ``flock`` on ``FILE.lock``; so a crash
never leaves half a sheet and two ``add`` commands at once cannot lose a deal. Appending or
removing the last entry edits the text in place (comments and layout survive) and checks the
result by loading it again; otherwise the sheet is written in the canonical layout.
"""

from __future__ import annotations

import dataclasses
import difflib
import os
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

from remikcalc.errors import RemikcalcError, SheetError
from remikcalc.money import currency_decimals, parse_amount
from remikcalc.scoring.base import OUTCOMES
from remikcalc.session import FORMAT_VERSION, DealEntry, Entry, ReentryEntry, Sheet
from remikcalc.sheetwrite import (
    dump_sheet,
    entry_lines,
    indent_entry,
    locked,
    plain_value,
    save_text,
)
from remikcalc.variants import find_variant, parse_override

__all__ = [
    "MAX_BYTES",
    "Sheet",
    "dump_sheet",
    "load_sheet",
    "locked",
    "read_text",
    "save_text",
    "sheet_from_text",
    "text_with_entry",
    "text_without_last",
]

MAX_BYTES = 1 << 20
MAX_DEPTH = 12
MAX_NODES = 300_000
LOCK_TIMEOUT = 30.0

# --- strict YAML to a small node tree -----------------------------------------------------------

_Base: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class StrictLoader(_Base):  # type: ignore[misc]
    """A safe loader with no implicit type resolution: every scalar resolves to a string.

    Only its event stream is used: :func:`_compose` builds the tree itself, refusing tags,
    anchors and aliases and capping depth and size before anything is constructed.
    """

    yaml_implicit_resolvers: dict[Any, Any] = {}


@dataclass(slots=True)
class _Node:
    kind: str  # "scalar", "seq" or "map"
    line: int  # 1-based
    column: int
    value: str = ""
    plain: bool = False
    flow: bool = False
    items: list[_Node] = field(default_factory=list)
    pairs: list[tuple[_Node, _Node]] = field(default_factory=list)
    key: _Node | None = None  # a mapping's pending key while composing
    end_line: int = 0
    end_column: int = 0


class _Problems:
    """Collects problems as ``FILE:LINE: KEY: message`` lines."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.lines: list[str] = []

    def add(self, node: _Node | int, key: str, message: str) -> None:
        line = node if isinstance(node, int) else node.line
        where = f"{self.name}:{line}" if line else self.name
        self.lines.append(f"{where}: {key}: {message}" if key else f"{where}: {message}")

    def raise_if_any(self) -> None:
        if self.lines:
            raise SheetError("\n".join(self.lines))


def _yaml_error(name: str, exc: yaml.YAMLError) -> SheetError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    where = f"{name}:{mark.line + 1}" if mark is not None else name
    return SheetError(f"{where}: not valid YAML: {problem}")


def _position(mark: Any) -> tuple[int, int]:
    return (mark.line + 1, mark.column) if mark is not None else (0, 0)


def _compose(text: str, problems: _Problems) -> _Node | None:
    """Parse YAML events into a :class:`_Node` tree with the safety limits of the module."""
    stack: list[_Node] = []
    root: _Node | None = None
    documents = count = 0

    def stop(line: int, message: str) -> SheetError:
        problems.add(line, "", message)
        return SheetError("\n".join(problems.lines))

    try:
        for event in yaml.parse(text, Loader=StrictLoader):
            line, column = _position(event.start_mark)
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise stop(line, "a sheet is one YAML document; remove the second ---")
                continue
            if isinstance(event, yaml.SequenceEndEvent | yaml.MappingEndEvent):
                stack[-1].end_line, stack[-1].end_column = line, column
                stack.pop()
                continue
            if not isinstance(event, yaml.NodeEvent):
                continue
            count += 1
            if count > MAX_NODES:
                raise stop(line, f"more than {MAX_NODES} items: not a score sheet")
            node = _event_node(event, line, column, problems)
            if not stack:
                root = node
            elif stack[-1].kind == "seq":
                stack[-1].items.append(node)
            elif stack[-1].key is None:
                stack[-1].key = node
            else:
                stack[-1].pairs.append((stack[-1].key, node))
                stack[-1].key = None
            if node.kind != "scalar":
                stack.append(node)
                if len(stack) > MAX_DEPTH:
                    raise stop(line, f"nested more than {MAX_DEPTH} levels deep")
    except yaml.YAMLError as exc:
        raise _yaml_error(problems.name, exc) from None
    return root


def _event_node(event: Any, line: int, column: int, problems: _Problems) -> _Node:
    """The node of one event; aliases, anchors and tags are problems (never expanded)."""
    if isinstance(event, yaml.AliasEvent):
        problems.add(line, "", f"aliases (*{event.anchor}) are not allowed in a sheet")
        return _Node("scalar", line, column)
    if event.anchor is not None:
        problems.add(line, "", f"anchors (&{event.anchor}) are not allowed in a sheet")
    if getattr(event, "tag", None) is not None:
        problems.add(line, "", f"tags ({event.tag}) are not allowed in a sheet")
    if isinstance(event, yaml.ScalarEvent):
        return _Node("scalar", line, column, event.value, event.style in (None, ""))
    kind = "seq" if isinstance(event, yaml.SequenceStartEvent) else "map"
    return _Node(kind, line, column, flow=bool(getattr(event, "flow_style", False)))


# --- nodes to values ----------------------------------------------------------------------------

_INT = re.compile(r"[-+]?[0-9]{1,12}")
_TRUE = {"true", "yes", "on"}
_FALSE = {"false", "no", "off"}
_NULL = {"", "~", "null"}


def _typed(node: _Node) -> Any:
    """Free-form data (``expect``, ``_notes``) with YAML 1.2 core types for plain scalars."""
    if node.kind == "seq":
        return [_typed(n) for n in node.items]
    if node.kind == "map":
        return {k.value: _typed(v) for k, v in node.pairs}
    return plain_value(node.value) if node.plain else node.value


def _is_null(node: _Node) -> bool:
    return node.kind == "scalar" and node.plain and node.value.lower() in _NULL


class _Reader:
    """Converts the node tree into a :class:`Sheet`, collecting every problem."""

    def __init__(self, problems: _Problems) -> None:
        self.p = problems

    def mapping(self, node: _Node, key: str) -> dict[str, tuple[_Node, _Node]]:
        """The pairs of a mapping by key; duplicate and non-text keys are problems."""
        if node.kind != "map":
            self.p.add(node, key, "must be a mapping (key: value)")
            return {}
        out: dict[str, tuple[_Node, _Node]] = {}
        for k, v in node.pairs:
            if k.kind != "scalar":
                self.p.add(k, key, "keys must be plain text")
                continue
            if k.value in out:
                first = out[k.value][0].line
                self.p.add(k, _join(key, k.value), f"given twice (first on line {first})")
                continue
            out[k.value] = (k, v)
        return out

    def text(self, node: _Node, key: str, *, empty: bool = False) -> str | None:
        if node.kind != "scalar":
            self.p.add(node, key, "must be a single value, not a list or mapping")
            return None
        if not empty and not node.value.strip():
            self.p.add(node, key, "is empty")
            return None
        bad = next((c for c in node.value if unicodedata.category(c) == "Cc" and c != "\n"), None)
        if bad is not None:
            self.p.add(node, key, f"contains the control character U+{ord(bad):04X}")
            return None
        return node.value

    def integer(self, node: _Node, key: str, low: int, high: int) -> int | None:
        text = self.text(node, key)
        if text is None:
            return None
        if not _INT.fullmatch(text.strip()):
            self.p.add(node, key, f"{text!r} is not a whole number")
            return None
        value = int(text.strip(), 10)
        if not low <= value <= high:
            self.p.add(node, key, f"{value} is out of range ({low} to {high})")
            return None
        return value

    def boolean(self, node: _Node, key: str) -> bool:
        text = self.text(node, key)
        if text is None:
            return False
        low = text.strip().lower()
        if low in _TRUE:
            return True
        if low not in _FALSE:
            self.p.add(node, key, f"{text!r} is not true or false")
        return False

    def player(self, node: _Node, key: str, players: Sequence[str]) -> str | None:
        text = self.text(node, key)
        if text is None:
            return None
        folded = [p for p in players if p.casefold() == text.strip().casefold()]
        if text in players or len(folded) == 1:
            return text if text in players else folded[0]
        close = difflib.get_close_matches(text, list(players), n=1)
        hint = f"did you mean {close[0]}?" if close else f"players: {', '.join(players)}"
        self.p.add(node, key, f"{text!r} is not a player of this sheet; {hint}")
        return None

    def per_player(
        self, node: _Node, key: str, players: Sequence[str], convert: Callable[[_Node, str], Any]
    ) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, (k, v) in self.mapping(node, key).items():
            player = self.player(k, _join(key, name), players)
            value = convert(v, _join(key, name))
            if player is None or value is None:
                continue
            if player in out:
                self.p.add(k, _join(key, name), f"{player} is given twice")
                continue
            out[player] = value
        return out


def _join(key: str, sub: str) -> str:
    return f"{key}.{sub}" if key else sub


TOP_KEYS = ("remikcalc", "variant", "preset", "rules", "players", "stake", "currency",
            "decimals", "title", "source", "expect", "deals")  # fmt: skip
DEAL_KEYS = ("closer", "how", "draw", "upcard", "plus", "first_turn", "no_draw", "scores",
             "hands", "melded", "reenter")  # fmt: skip
_NAME_FORBIDDEN = set("=,|")


def player_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or None."""
    if not name.strip():
        return "a player's name cannot be empty"
    if name != name.strip():
        return f"{name!r} starts or ends with a space"
    if len(name) > 40:
        return f"{name[:20]!r}... is longer than 40 characters"
    odd = next((c for c in name if c in _NAME_FORBIDDEN or unicodedata.category(c)[0] == "C"),
               None)  # fmt: skip
    if odd is not None:
        return f"{name!r} contains {odd!r}, which cannot be in a name"
    if name[0] in "-_":
        return f"{name!r} cannot start with {name[0]!r}"
    if name.casefold() == "pool":
        return "'pool' is reserved for the bridge pool; choose another name"
    return None


def _suggest(key: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(key, list(known), n=1)
    return f"; did you mean {close[0]}?" if close else f"; known keys: {', '.join(known)}"


def _read_sheet(root: _Node | None, problems: _Problems) -> Sheet:
    p = problems
    if root is None:
        p.add(1, "", "the file is empty; start a sheet with `remikcalc new`")
        p.raise_if_any()
    assert root is not None
    r = _Reader(p)
    if root.kind != "map":
        p.add(root, "", "not a score sheet: expected `remikcalc: 1`, `variant:`, `players:`")
        p.raise_if_any()
    top = r.mapping(root, "")
    notes = {k: _typed(v) for k, (_, v) in top.items() if k.startswith("_")}
    for key, (k, _) in top.items():
        if key not in TOP_KEYS and not key.startswith("_"):
            p.add(k, key, "unknown key" + _suggest(key, TOP_KEYS))
    version = _version(r, top)
    variant = preset = None
    if "variant" not in top:
        p.add(root, "variant", "missing (e.g. variant: gin)")
    else:
        text = r.text(top["variant"][1], "variant")
        if text is not None:
            try:
                variant = find_variant(text).name
            except RemikcalcError as exc:
                p.add(top["variant"][1], "variant", str(exc))
    if "preset" in top and not _is_null(top["preset"][1]):
        preset = r.text(top["preset"][1], "preset")
    rules = _rules(r, top)
    players = _players(r, top)
    currency = decimals = None
    if "currency" in top and not _is_null(top["currency"][1]):
        currency = r.text(top["currency"][1], "currency")
        if currency is not None and len(currency) > 12:
            p.add(top["currency"][1], "currency", "use a short code such as PLN or EUR")
    if "decimals" in top:
        decimals = r.integer(top["decimals"][1], "decimals", 0, 8)
    stake = None
    if "stake" in top and not _is_null(top["stake"][1]):
        text = r.text(top["stake"][1], "stake")
        if text is not None:
            places = decimals if decimals is not None else currency_decimals(currency)
            try:
                stake = parse_amount(text, decimals=places)
            except RemikcalcError as exc:
                p.add(top["stake"][1], "stake", str(exc))
    title = source = None
    if "title" in top and not _is_null(top["title"][1]):
        title = r.text(top["title"][1], "title")
    if "source" in top and not _is_null(top["source"][1]):
        source = r.text(top["source"][1], "source")
    expect = _typed(top["expect"][1]) if "expect" in top else None
    entries = _entries(r, top, players)
    sheet = Sheet(
        variant=variant or "gin",
        players=tuple(players),
        preset=preset,
        rules=rules,
        stake=stake,
        currency=currency,
        decimals=decimals,
        title=title,
        source=source,
        expect=expect,
        notes=notes,
        entries=tuple(entries),
        version=version,
    )
    spec = find_variant(variant).rules if variant is not None else None
    problem = spec.players_problem(len(players)) if spec is not None and players else None
    if problem is not None:
        p.add(top["players"][1], "players", problem)
    if variant is not None and not p.lines:
        try:
            sheet.game_rules()
        except RemikcalcError as exc:
            node = top["rules"][1] if "rules" in top else top.get("players", (root, root))[1]
            p.add(node, "rules" if "rules" in top else "players", str(exc))
    p.raise_if_any()
    return sheet


def _version(r: _Reader, top: Mapping[str, tuple[_Node, _Node]]) -> int:
    if "remikcalc" not in top:
        r.p.add(1, "remikcalc", "missing: a score sheet starts with `remikcalc: 1`")
        return FORMAT_VERSION
    node = top["remikcalc"][1]
    version = r.integer(node, "remikcalc", 1, 10**6)
    if version is not None and version > FORMAT_VERSION:
        raise SheetError(
            f"{r.p.name}:{node.line}: remikcalc: this sheet was written by a newer remikcalc "
            f"(sheet format {version}); this version reads format {FORMAT_VERSION}. "
            "Upgrade remikcalc (pip install -U remikcalc) to open it."
        )
    return version or FORMAT_VERSION


def _rules(r: _Reader, top: Mapping[str, tuple[_Node, _Node]]) -> dict[str, str]:
    if "rules" not in top or _is_null(top["rules"][1]):
        return {}
    out: dict[str, str] = {}
    for key, (k, v) in r.mapping(top["rules"][1], "rules").items():
        value = r.text(v, _join("rules", key))
        if value is None:
            continue
        try:
            parse_override(f"{key}={value}")
        except RemikcalcError as exc:
            r.p.add(k, _join("rules", key), str(exc))
            continue
        out[key] = value
    return out


def _players(r: _Reader, top: Mapping[str, tuple[_Node, _Node]]) -> list[str]:
    if "players" not in top:
        r.p.add(1, "players", "missing (e.g. players: [Anna, Boris])")
        return []
    node = top["players"][1]
    if node.kind != "seq":
        r.p.add(node, "players", "must be a list, e.g. [Anna, Boris]")
        return []
    players: list[str] = []
    for i, item in enumerate(node.items, start=1):
        name = r.text(item, f"players[{i}]")
        if name is None:
            continue
        why = player_name_problem(name)
        if why is None and any(p.casefold() == name.casefold() for p in players):
            why = f"{name!r} is named twice"
        if why is not None:
            r.p.add(item, f"players[{i}]", why)
            continue
        players.append(name)
    if len(node.items) < 2:
        r.p.add(node, "players", "a game needs at least two players")
    return players


def _entries(r: _Reader, top: Mapping[str, tuple[_Node, _Node]], players: list[str]) -> list[Entry]:
    if "deals" not in top or _is_null(top["deals"][1]):
        return []
    node = top["deals"][1]
    if node.kind != "seq":
        r.p.add(node, "deals", "must be a list of deals (each line starting with -)")
        return []
    entries: list[Entry] = []
    for n, item in enumerate(node.items, start=1):
        entry = _entry(r, item, f"deals[{n}]", players)
        if entry is not None:
            entries.append(entry)
    return entries


def _entry(r: _Reader, node: _Node, key: str, players: list[str]) -> Entry | None:
    fields = r.mapping(node, key)
    if node.kind != "map":
        return None
    notes = {k: _typed(v) for k, (_, v) in fields.items() if k.startswith("_")}
    known = {k: v for k, (_, v) in fields.items() if not k.startswith("_")}
    for name, (k, _) in fields.items():
        if name not in DEAL_KEYS and not name.startswith("_"):
            r.p.add(k, _join(key, name), "unknown key" + _suggest(name, DEAL_KEYS))
    if "reenter" in known:
        if len(known) > 1:
            r.p.add(node, key, "a re-entry is an entry of its own: `- reenter: NAME`")
        player = r.player(known["reenter"], _join(key, "reenter"), players)
        return None if player is None else ReentryEntry(player, notes, node.line)
    values: dict[str, Any] = {}
    for name in ("closer",):
        if name in known:
            values[name] = r.player(known[name], _join(key, name), players)
    if "how" in known:
        how = r.text(known["how"], _join(key, "how"))
        if how is not None:
            norm = how.strip().lower().replace("-", "_")
            if norm not in OUTCOMES:
                r.p.add(known["how"], _join(key, "how"),
                        f"unknown outcome {how!r}; outcomes: {', '.join(OUTCOMES)}")  # fmt: skip
            values["how"] = norm
    for name in ("draw", "first_turn", "no_draw"):
        if name in known:
            values[name] = r.boolean(known[name], _join(key, name))
    if "upcard" in known:
        values["upcard"] = r.text(known["upcard"], _join(key, "upcard"))
    if "plus" in known:
        values["plus"] = r.integer(known["plus"], _join(key, "plus"), 0, 10**6)
    for name in ("hands", "melded"):
        if name in known and not _is_null(known[name]):
            values[name] = r.per_player(  # `Anna: ~` is an empty hand, as `Anna: ""` is
                known[name], _join(key, name), players,
                lambda v, k: "" if _is_null(v) else r.text(v, k, empty=True),
            )  # fmt: skip
    if "scores" in known:
        values["scores"] = r.per_player(
            known["scores"], _join(key, "scores"), players,
            lambda v, k: r.integer(v, k, -(10**9), 10**9),
        )  # fmt: skip
    if not any(k in values for k in ("hands", "scores", "draw", "melded")):
        r.p.add(node, key, "a deal needs hands, scores (points only) or draw: true")
    return DealEntry(notes=notes, line=node.line, **values)


# --- loading ------------------------------------------------------------------------------------


def sheet_from_text(text: str, name: str = "<string>") -> Sheet:
    """Load a sheet from text; ``name`` is used in error messages."""
    return _parse(text, name)[0]


def _parse(text: str, name: str) -> tuple[Sheet, _Node | None]:
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise SheetError(f"{name}: larger than {MAX_BYTES // 1024} KiB: not a score sheet")
    problems = _Problems(name)
    root = _compose(text.removeprefix("\ufeff"), problems)
    problems.raise_if_any()
    sheet = _read_sheet(root, problems)
    return dataclasses.replace(sheet, path=name), root


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of a sheet file, refusing anything over 1 MiB or not UTF-8."""
    name = os.fspath(path)
    try:
        with open(name, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise SheetError(f"{name}: no such sheet; start one with `remikcalc new {name}`") from None
    except IsADirectoryError:
        raise SheetError(f"{name} is a folder, not a score sheet") from None
    except OSError as exc:
        raise SheetError(f"{name}: cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise SheetError(f"{name}: larger than {MAX_BYTES // 1024} KiB: not a score sheet")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise SheetError(f"{name}:{line}: not UTF-8 text (byte {exc.start})") from None


def load_sheet(path: str | os.PathLike[str]) -> Sheet:
    """Load and check a score sheet file (every problem reported at once)."""
    return sheet_from_text(read_text(path), os.fspath(path))


# --- editing the text in place ------------------------------------------------------------------


def _last_entry_span(text: str, root: _Node | None) -> tuple[int, int, int, int] | None:
    """(first line, end line, dash column, body column) of the last deal, 0-based lines."""
    deals = _deals_node(root)
    if deals is None or deals.kind != "seq" or deals.flow or not deals.items:
        return None
    last = deals.items[-1]
    lines = text.split("\n")
    row = last.line - 1
    prefix = lines[row][: last.column]
    if prefix.strip() != "-":
        return None
    end = deals.end_line - 1 if deals.end_column == 0 else len(lines)
    if deals.end_column and deals.end_line - 1 != len(lines) - 1:
        return None
    return row, end, prefix.index("-"), last.column


def _deals_node(root: _Node | None) -> _Node | None:
    if root is None or root.kind != "map":
        return None
    found = [v for k, v in root.pairs if k.value == "deals"]
    return found[0] if len(found) == 1 else None


def _spliced_add(text: str, root: _Node | None, entry: Entry) -> str | None:
    deals = _deals_node(root)
    if deals is None:
        return None
    lines = text.split("\n")
    if deals.kind == "scalar" and root is not None and root.pairs[-1][1] is deals:
        if deals.value or not deals.plain or not text.endswith("\n"):
            return None
        return text + "\n".join(indent_entry(entry_lines(entry), 2, 4)) + "\n"
    span = _last_entry_span(text, root)
    if span is None:
        return None
    _, end, dash, body = span
    new = indent_entry(entry_lines(entry), dash, body)
    if end >= len(lines) or (end == len(lines) - 1 and lines[end] == ""):
        head = text if text.endswith("\n") else text + "\n"
        return head + "\n".join(new) + "\n"
    return "\n".join(lines[:end] + new + lines[end:])


def _spliced_remove(text: str, root: _Node | None) -> str | None:
    span = _last_entry_span(text, root)
    if span is None:
        return None
    start, end, _, _ = span
    lines = text.split("\n")
    return "\n".join(lines[:start] + lines[end:])


def text_with_entry(text: str, entry: Entry, name: str = "<string>") -> str:
    """The sheet's text with one more entry at the end: in place if possible, else canonical."""
    sheet, root = _parse(text, name)
    want = sheet.with_entries((*sheet.entries, entry))
    return _checked(_spliced_add(text, root, entry), want, name)


def text_without_last(text: str, name: str = "<string>") -> tuple[str, Entry]:
    """The sheet's text without its last entry, and that entry."""
    sheet, root = _parse(text, name)
    if not sheet.entries:
        raise SheetError(f"{name}: the sheet has no deals; there is nothing to undo")
    want = sheet.with_entries(sheet.entries[:-1])
    return _checked(_spliced_remove(text, root), want, name), sheet.entries[-1]


def _checked(candidate: str | None, want: Sheet, name: str) -> str:
    """Keep an in-place edit only if it loads back as exactly the wanted sheet."""
    if candidate is not None:
        try:
            if _parse(candidate, name)[0] == want:
                return candidate
        except RemikcalcError:
            pass
    return dump_sheet(want)


