"""Editing a sheet's text in place: one more entry, the last one removed, one replaced, the
players renamed, a stake set, with comments and the sheet's own layout kept.

Each edit is checked by loading the result back; where the layout is one the splicing does not
follow, the sheet is written in the canonical layout
(:func:`remikcalc.sheet.write.dump_sheet`) and the caller is warned.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from remikcalc.base.errors import RemikcalcError, SheetError
from remikcalc.base.i18n import _
from remikcalc.sheet.files import too_big
from remikcalc.sheet.model import Entry, Sheet
from remikcalc.sheet.read import parse_text
from remikcalc.sheet.reread import reread
from remikcalc.sheet.write import dump_sheet, entry_lines, indent_entry, name_text, players_text
from remikcalc.sheet.yamltree import MAX_BYTES, Node

__all__ = [
    "SheetText",
    "text_with_entry",
    "text_with_entry_replaced",
    "text_with_sheet",
    "text_without_last",
    "with_entry",
    "with_entry_replaced",
    "with_settings",
    "with_sheet",
    "without_entry",
]

# The YAML parser ends a line at CR LF, CR, LF, NEL (U+0085), LS (U+2028) and PS (U+2029),
# even inside a quoted string, and its line numbers count every one of them: the text is cut
# into lines the same way, each line keeping its own line break, so that the splicing below
# agrees with the node tree's lines and columns.
_BREAK = re.compile(r"\r\n|[\r\n\x85\u2028\u2029]")


def _lines(text: str) -> list[str]:
    """The lines of ``text`` as the parser counts them, each with its line break; the last
    one (often empty) has none. ``"".join`` gives the text back."""
    out: list[str] = []
    start = 0
    for m in _BREAK.finditer(text):
        out.append(text[start : m.end()])
        start = m.end()
    out.append(text[start:])
    return out


def _newline(text: str) -> str:
    """The sheet's own line ending (CR LF, CR or LF), used for the lines added to it."""
    first = re.search(r"\r\n|[\r\n]", text)
    return first.group() if first else "\n"


def _block(lines: list[str], eol: str) -> str:
    return "".join(line + eol for line in lines)


def _last_entry_span(lines: list[str], root: Node | None) -> tuple[int, int, int, int] | None:
    """(first line, end line, dash column, body column) of the last deal, 0-based lines."""
    deals = _deals_node(root)
    if deals is None or deals.kind != "seq" or deals.flow or not deals.items:
        return None
    last = deals.items[-1]
    row = last.line - 1
    prefix = lines[row][: last.column]
    if prefix.strip() != "-":
        return None
    end = deals.end_line - 1 if deals.end_column == 0 else len(lines)
    if deals.end_column and deals.end_line - 1 != len(lines) - 1:
        return None
    return row, end, prefix.index("-"), last.column


def _deals_node(root: Node | None) -> Node | None:
    if root is None or root.kind != "map":
        return None
    found = [v for k, v in root.pairs if k.value == "deals"]
    return found[0] if len(found) == 1 else None


def _deals_key(root: Node | None) -> Node | None:
    if root is None or root.kind != "map":
        return None
    found = [k for k, _ in root.pairs if k.value == "deals"]
    return found[0] if len(found) == 1 else None


def _flow_entry(entry: Entry) -> str | None:
    """The entry as one flow mapping ``{closer: Anna, hands: {...}}``, if it fits on a line."""
    lines = entry_lines(entry)
    if any(line.endswith(":") for line in lines):  # a nested block (notes)
        return None
    return "{" + ", ".join(lines) + "}"


def _first_deals(
    lines: list[str], root: Node, deals: Node | None, entry: Entry, eol: str
) -> str | None:
    """The first deal of a sheet with no ``deals:`` key, an empty one, ``deals: []`` or
    ``deals: ~``: the key's value becomes a block list, wherever the key is."""
    block = indent_entry(entry_lines(entry), 2, 4)
    if deals is None:  # no deals key: add one at the end of the top-level mapping
        if root.flow or root.column != 0:
            return None
        text = "".join(lines)
        return text + ("" if lines[-1] == "" else eol) + _block(["deals:", *block], eol)
    key = _deals_key(root)
    if key is None or key.column != 0:
        return None
    row = key.line - 1
    line = lines[row]
    if deals.kind == "scalar" and deals.plain and deals.value.lower() in ("", "~", "null"):
        if deals.value and deals.line == key.line:  # take out the ~ or null
            line = line[: deals.column].rstrip() + line[deals.column + len(deals.value) :]
    elif deals.kind == "seq" and deals.flow and not deals.items:
        if deals.line != key.line or deals.end_line != key.line:
            return None
        line = line[: deals.column].rstrip() + line[deals.end_column + 1 :]  # take out the []
    else:
        return None
    if not _BREAK.search(line):  # the key was on the last line
        line += eol
    return "".join(lines[:row]) + line + _block(block, eol) + "".join(lines[row + 1 :])


def _flow_add(lines: list[str], deals: Node, entry: Entry) -> str | None:
    """A deal added inside a flow list ``deals: [{...}, {...}]``, just before its ``]``."""
    flow = _flow_entry(entry)
    if flow is None or not deals.items:
        return None
    row = deals.end_line - 1
    before = "".join(lines[:row]) + lines[row][: deals.end_column]
    comma = "" if before.rstrip().endswith(",") else ", "
    return before + comma + flow + "".join(lines[row:])[deals.end_column :]


def _spliced_add(text: str, root: Node | None, entry: Entry) -> str | None:
    if root is None or root.kind != "map":
        return None
    deals = _deals_node(root)
    eol = _newline(text)
    lines = _lines(text)
    ended = text + ("" if lines[-1] == "" else eol)  # the text, its last line ended
    if deals is None or deals.kind == "scalar" or (deals.flow and not deals.items):
        return _first_deals(lines, root, deals, entry, eol)
    if deals.kind == "seq" and deals.flow:
        return _flow_add(lines, deals, entry)
    span = _last_entry_span(lines, root)
    if span is None:
        return None
    row, end, dash, body = span
    new = _block(indent_entry(entry_lines(entry), dash, body), eol)
    if end >= len(lines) or (end == len(lines) - 1 and lines[end] == ""):
        return ended + new
    at = _list_end(lines, row, end, dash)
    return "".join(lines[:at]) + new + "".join(lines[at:])


def _list_end(lines: list[str], row: int, end: int, dash: int) -> int:
    """Where a deal added after the last one (lines ``row`` to ``end``, a key after them)
    goes: after that deal's own lines and the comments indented as the deals are, or deeper,
    that follow it; the blank lines and the comments less indented than the deals, just above
    the next key, are that key's and stay above it."""
    at = row + 1
    for i in range(row + 1, end):
        stripped = lines[i].lstrip()
        if not stripped.strip():
            continue
        if stripped[:1] != "#" or len(lines[i]) - len(stripped) >= dash:
            at = i + 1
    return at


def _entry_span(
    lines: list[str], root: Node | None, n: int, written: tuple[int, str] | None = None
) -> tuple[int, int, int, int] | None:
    """(first line, end line, dash column, body column) of entry ``n`` (from 1), 0-based lines
    of :func:`_lines`; ``written``: (row, line), the line now at that row when it is no longer
    the one in ``lines`` (the next entry, written again in place).

    Blank and comment lines at the end of the span are left out of it: they belong to what
    follows.
    """
    deals = _deals_node(root)
    if deals is None or deals.kind != "seq" or deals.flow or not 1 <= n <= len(deals.items):
        return None
    if n == len(deals.items):
        span = _last_entry_span(lines, root)
        if span is None:
            return None
        row, end, dash, body = span
    else:
        item, after = deals.items[n - 1], deals.items[n]
        row, end, body = item.line - 1, after.line - 1, item.column
        prefix = lines[row][:body]
        following = written[1] if written is not None and written[0] == end else lines[end]
        if prefix.strip() != "-" or following[: after.column].strip() != "-":
            return None
        dash = prefix.index("-")
    end = min(end, len(lines))
    while end > row + 1 and (not lines[end - 1].strip() or lines[end - 1].lstrip()[:1] == "#"):
        end -= 1
    return row, end, dash, body


def _spliced_replace(text: str, root: Node | None, n: int, entry: Entry) -> str | None:
    lines = _lines(text)
    span = _entry_span(lines, root, n)
    if span is None:
        return None
    start, end, dash, body = span
    new = _block(indent_entry(entry_lines(entry), dash, body), _newline(text))
    return "".join(lines[:start]) + new + "".join(lines[end:])


def _spliced_entries(text: str, root: Node | None, old: Sheet, want: Sheet) -> str | None:
    """The text with each entry of ``want`` that differs from ``old``'s (as many) written again
    in place: what :func:`_spliced_replace` gives, applied from the last such entry up (so
    that the lines of the earlier ones do not move and the node tree read once locates them
    all), with the text cut into lines once, not once an entry (a rename of a player in
    every deal of a 1 MiB sheet, each replace cutting the whole text again, took minutes).

    Each step sees the lines the step before it left: the earlier lines as they were, and the
    next entry's first line as written (``_entry_span``'s ``written``). Where cutting the
    result into lines again would not give those lines (a line break at a block's end
    joining one after it: a lone CR before a LF), it is done one entry at a time instead.
    """
    lines = _lines(text)
    eol = _newline(text)
    pieces: list[str] = []  # the text after row `stop`, the last piece first
    stop = len(lines)
    written: tuple[int, str] | None = None  # the first line of the block written at `stop`
    for n in range(len(want.entries), 0, -1):
        entry = want.entries[n - 1]
        if old.entries[n - 1] == entry:
            continue
        span = _entry_span(lines, root, n, written)
        if span is None:
            return None
        start, end, dash, body = span
        block = indent_entry(entry_lines(entry), dash, body)
        gap = "".join(lines[end:stop])
        if _BREAK.search("".join(block)) or (eol == "\r" and gap.startswith("\n")):
            return _one_by_one(text, root, old, want)
        pieces += [gap, _block(block, eol)]
        stop, written = start, (start, block[0] + eol)
    return "".join(lines[:stop]) + "".join(reversed(pieces))


def _one_by_one(text: str, root: Node | None, old: Sheet, want: Sheet) -> str | None:
    """:func:`_spliced_entries` one entry at a time, the text cut into lines again each."""
    candidate: str | None = text
    for n in range(len(want.entries), 0, -1):
        if candidate is None:
            break
        if old.entries[n - 1] != want.entries[n - 1]:
            candidate = _spliced_replace(candidate, root, n, want.entries[n - 1])
    return candidate


def _spliced_players(text: str, root: Node | None, want: Sheet) -> str | None:
    """The players list written again in place, when it is a one-line ``[...]``."""
    if root is None or root.kind != "map":
        return None
    found = [v for k, v in root.pairs if k.value == "players"]
    if len(found) != 1 or not found[0].flow or found[0].end_line != found[0].line:
        return None
    node = found[0]
    lines = _lines(text)
    row = lines[node.line - 1]
    if (
        row[node.column : node.column + 1] != "["
        or row[node.end_column : node.end_column + 1] != "]"
    ):
        return None
    listed = players_text(want.players)  # as the canonical text writes the line
    lines[node.line - 1] = row[: node.column] + listed + row[node.end_column + 1 :]
    return "".join(lines)


#: a quoted scalar as it is written, from its opening quote to its closing one
_QUOTED = {'"': re.compile(r'"(?:[^"\\]|\\.)*"'), "'": re.compile(r"'(?:[^']|'')*'")}


def _spliced_dealer(text: str, root: Node | None, want: Sheet) -> str | None:
    """The first dealer's name written again in place, when ``dealer:`` holds it on one line
    (plain or quoted); the rest of its line (a comment) kept."""
    if want.dealer is None:
        return None
    return _spliced_scalars(text, root, {"dealer": name_text(want.dealer)})


def _top_scalar(root: Node | None, key: str) -> Node | None:
    """The value of the top-level ``key`` when it is a scalar (else None)."""
    if root is None or root.kind != "map":
        return None
    found = [v for k, v in root.pairs if k.value == key]
    if len(found) != 1 or found[0].kind != "scalar":
        return None
    return found[0]


def _scalar_end(row: str, node: Node) -> int | None:
    """Where the scalar ``node`` ends on its line ``row`` (plain or quoted on one line)."""
    start = node.column
    quote = row[start : start + 1]
    if quote in _QUOTED:
        match = _QUOTED[quote].match(row, start)
        return None if match is None else match.end()
    if row.startswith(node.value, start):
        return start + len(node.value)
    return None


#: the top-level keys a setting added to a sheet goes after (the first found, from the end),
#: in the order the canonical text writes them
_SETTINGS_AFTER = {
    "stake": ("dealer", "players"),
    "currency": ("stake", "dealer", "players"),
}


def _spliced_scalars(text: str, root: Node | None, values: dict[str, str]) -> str | None:
    """Top-level settings (``key: value`` on one line, each value as the text should write it)
    written again in place, the rest of their line (a comment) kept; a setting the text lacks
    goes on a line of its own after the setting it follows in the canonical order
    (:data:`_SETTINGS_AFTER`). None where the layout is another."""
    lines = _lines(text)
    eol = _newline(text)
    replaced: dict[int, str] = {}
    added: dict[int, list[str]] = {}  # after row -> the lines added there
    for key, value in values.items():
        node = _top_scalar(root, key)
        if node is not None:
            row = node.line - 1
            line = replaced.get(row, lines[row])
            end = _scalar_end(line, node)
            if end is None:
                return None
            replaced[row] = line[: node.column] + value + line[end:]
            continue
        anchor = next(
            (n for k in _SETTINGS_AFTER.get(key, ()) if (n := _after_row(root, k)) is not None),
            None,
        )
        if anchor is None:
            return None
        added.setdefault(anchor, []).append(f"{key}: {value}")
    for row, line in replaced.items():
        lines[row] = line
    for row in sorted(added, reverse=True):
        if not _BREAK.search(lines[row]):  # the last line had no line break
            lines[row] += eol
        lines[row + 1 : row + 1] = [line + eol for line in added[row]]
    return "".join(lines)


def _after_row(root: Node | None, key: str) -> int | None:
    """The (0-based) row a line goes after to follow the top-level ``key``: its value's last
    row, when that value is on the key's own line (a scalar or a one-line flow list) in a
    block mapping at the top."""
    if root is None or root.kind != "map" or root.flow or root.column != 0:
        return None
    for k, v in root.pairs:
        one_line = v.kind == "scalar" or (v.flow and v.end_line == v.line)
        if k.value == key and v.line == k.line and one_line:
            return k.line - 1
    return None


def _no_entry(name: str, n: int, count: int) -> str:
    if count == 0:
        return _("{name}: the sheet has no entries yet; there is no entry {n}").format(
            name=name, n=n
        )
    return _("{name}: there is no entry {n}; the sheet has entries 1 to {count}").format(
        name=name, n=n, count=count
    )


def _checked(
    candidate: str | None, want: Sheet, name: str, before: _Before, span: _Span | None = None
) -> SheetText:
    """Keep an in-place edit only if it loads back as exactly the wanted sheet; else the
    canonical text, which must load back too (a sheet past the size or item limits would not).
    The text kept comes with what loading it gave, so that it need not be parsed again.

    ``span`` says which deals the edit rewrote (:func:`remikcalc.sheet.reread.reread`): the
    text is then read back building only those again, when that can be told; else, or without
    it, read back whole.
    """
    if candidate is not None:
        if len(candidate.encode("utf-8")) > MAX_BYTES:
            raise too_big(name)  # not rewritten shorter: that would drop the comments
        try:
            found = None if span is None else reread(before[1], before[3], candidate, name, span)
            sheet, root = parse_text(candidate, name) if found is None else found
            if sheet == want:
                return SheetText(candidate, name, sheet, root)
        except RemikcalcError:
            pass
    text = dump_sheet(want)
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise too_big(name)
    try:
        sheet, root = parse_text(text, name)
    except RemikcalcError as exc:
        first = str(exc).splitlines()[0]
        raise SheetError(
            _(
                "{name}: after this change the sheet would not load again ({first}); it is "
                "unchanged. Start a new sheet for the next deals."
            ).format(name=name, first=first),
            code="would_not_load",
            details={"name": name, "first": first},
        ) from None
    old_text, old_sheet, warn, _root = before
    if warn is not None and old_text.removeprefix("\ufeff") != dump_sheet(old_sheet):
        warn(
            _(
                "warning: {name} was rewritten in the standard layout; its comments and its own "
                "layout were not kept"
            ).format(name=name)
        )
    return SheetText(text, name, sheet, root)


def _spliced_remove(text: str, root: Node | None, n: int) -> str | None:
    """The text without entry ``n`` (from 1), where its lines can be told apart; the blank
    lines and comments after it stay (they are what follows it: ``undo`` gives back the text
    before ``add``, which puts a deal above them)."""
    lines = _lines(text)
    span = _entry_span(lines, root, n)
    if span is None:
        return None
    start, end, _dash, _body = span
    return "".join(lines[:start] + lines[end:])


Warn = Callable[[str], None] | None
#: the text before the edit, its sheet, who to warn, its node tree
_Before = tuple[str, Sheet, Warn, Node | None]
#: the deals an edit rewrote: the first and the end (from 0, the end not included) of the old
#: ones, and how many the text now has in their place
_Span = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class SheetText:
    """A sheet's text as it was read, with what reading it gave (the sheet and its node tree),
    so that an edit does not parse it again."""

    text: str
    name: str
    sheet: Sheet
    root: Node | None

    @classmethod
    def parse(cls, text: str, name: str = "<string>") -> SheetText:
        sheet, root = parse_text(text, name)
        return cls(text, name, sheet, root)

    def checked(
        self, candidate: str | None, want: Sheet, warn: Warn, span: _Span | None = None
    ) -> SheetText:
        """``candidate`` if it loads back as ``want``, else the canonical text of ``want``;
        ``span``: the deals the edit rewrote (see :func:`_checked`)."""
        return _checked(candidate, want, self.name, (self.text, self.sheet, warn, self.root), span)


# --- the edits ----------------------------------------------------------------------------------


def with_entry(st: SheetText, entry: Entry, warn: Warn = None) -> SheetText:
    """The text with one more entry at the end: in place if possible, else canonical (then
    ``warn`` is told, if the rewrite loses comments or the sheet's own layout)."""
    count = len(st.sheet.entries)
    want = st.sheet.with_entries((*st.sheet.entries, entry))
    return st.checked(_spliced_add(st.text, st.root, entry), want, warn, (count, count, 1))


def without_entry(st: SheetText, n: int, warn: Warn = None) -> SheetText:
    """The text without entry ``n`` (from 1; the last one for ``undo``)."""
    entries = list(st.sheet.entries)
    if not 1 <= n <= len(entries):
        raise SheetError(
            _no_entry(st.name, n, len(entries)),
            code="no_entry",
            details={"n": n, "count": len(entries)},
        )
    del entries[n - 1]
    candidate = _spliced_remove(st.text, st.root, n)
    return st.checked(candidate, st.sheet.with_entries(entries), warn, (n - 1, n, 0))


def with_entry_replaced(st: SheetText, n: int, entry: Entry, warn: Warn = None) -> SheetText:
    """The text with entry ``n`` (from 1) replaced by ``entry``: in place if possible
    (comments outside that entry kept), else canonical."""
    entries = list(st.sheet.entries)
    if not 1 <= n <= len(entries):
        raise SheetError(
            _no_entry(st.name, n, len(entries)),
            code="no_entry",
            details={"n": n, "count": len(entries)},
        )
    entries[n - 1] = entry
    want = st.sheet.with_entries(entries)
    return st.checked(_spliced_replace(st.text, st.root, n, entry), want, warn, (n - 1, n, 1))


def with_settings(st: SheetText, want: Sheet, warn: Warn = None) -> SheetText:
    """The text changed to ``want``, which differs only in its stake and currency: each
    written again in place, or added on a line of its own beside the other settings
    (comments kept), checked by loading back; else canonical."""
    sheet = st.sheet
    values = {}
    if want.stake != sheet.stake and want.stake is not None:
        values["stake"] = f'"{format(want.stake, "f")}"'
    if want.currency != sheet.currency and want.currency is not None:
        values["currency"] = name_text(want.currency)
    candidate = None
    try:
        candidate = _spliced_scalars(st.text, st.root, values)
    except RemikcalcError:  # a layout the splicing does not follow: the standard one
        candidate = None
    return st.checked(candidate, want, warn)


def with_sheet(st: SheetText, want: Sheet, warn: Warn = None) -> SheetText:
    """The text changed to ``want``, which has the same settings and number of entries except
    for its players (a rename): the players line, the first dealer and each entry that
    differs are replaced in place where possible (comments kept), checked by loading back;
    else canonical.

    The players line and the dealer go first: each is one line written again in place, so no
    entry's line moves (after the entries, a players list below the deals would have moved
    with them).
    The entries are then replaced from the last one up, so the lines of the earlier ones do
    not move and the node tree read once locates them all: the text is not parsed again per
    entry.
    """
    sheet = st.sheet
    candidate: str | None = None
    try:
        if len(sheet.entries) == len(want.entries):
            candidate = st.text
            if sheet.players != want.players:
                candidate = _spliced_players(candidate, st.root, want)
            if candidate is not None and sheet.dealer != want.dealer:
                candidate = _spliced_dealer(candidate, st.root, want)
            if candidate is not None:
                candidate = _spliced_entries(candidate, st.root, sheet, want)
    except RemikcalcError:  # a layout the splicing does not follow: the standard one
        candidate = None
    return st.checked(candidate, want, warn)


# --- the same edits of a text (parsed here) -----------------------------------------------------


def text_with_entry(text: str, entry: Entry, name: str = "<string>", *, warn: Warn = None) -> str:
    """:func:`with_entry` of a text."""
    return with_entry(SheetText.parse(text, name), entry, warn).text


def text_without_last(text: str, name: str = "<string>", *, warn: Warn = None) -> tuple[str, Entry]:
    """The text without its last entry, and that entry (``warn`` as above)."""
    st = SheetText.parse(text, name)
    if not st.sheet.entries:
        raise SheetError(
            _("{name}: the sheet has no deals; there is nothing to undo").format(name=name),
            code="nothing_to_undo",
        )
    return without_entry(st, len(st.sheet.entries), warn).text, st.sheet.entries[-1]


def text_with_entry_replaced(
    text: str, n: int, entry: Entry, name: str = "<string>", *, warn: Warn = None
) -> tuple[str, Entry]:
    """:func:`with_entry_replaced` of a text, and the entry it had."""
    st = SheetText.parse(text, name)
    edited = with_entry_replaced(st, n, entry, warn)
    return edited.text, st.sheet.entries[n - 1]


def text_with_sheet(text: str, want: Sheet, name: str = "<string>", *, warn: Warn = None) -> str:
    """:func:`with_sheet` of a text."""
    return with_sheet(SheetText.parse(text, name), want, warn).text
