"""Strict YAML text to a small node tree: the safety limits of reading a sheet.

Loading is deliberately narrow:

- the text may be at most 1 MiB; one document only;
- no tags (``!!python/object``, ``!!int``), no anchors or aliases (so no "billion laughs"),
  nesting at most 12 levels, at most 300 000 nodes;
- every scalar stays the text the user typed: the parser is only asked for events and no
  YAML type resolution happens, so a player called ``No`` or ``Yes``, a stake of ``0.10``
  or a hand ``010`` keep their meaning; :mod:`remikcalc.sheet.read` converts numbers and
  booleans per key, and :func:`typed` gives free-form data (``expect``, notes) the YAML 1.2
  core types.

Problems are collected as ``FILE:LINE: KEY: message`` lines (:class:`Problems`) so that every
problem of a sheet is reported at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import yaml

from remikcalc.base.errors import RemikcalcError, SheetError
from remikcalc.base.i18n import N_, _, current, ngettext

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_PROBLEMS",
    "Node",
    "Problems",
    "compose",
    "is_null",
    "plain_value",
    "typed",
]

MAX_BYTES = 1 << 20
MAX_DEPTH = 12
MAX_NODES = 300_000
#: the most problems of one sheet listed; the rest are counted
MAX_PROBLEMS = 20

_Base: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class StrictLoader(_Base):  # type: ignore[misc]
    """A safe loader with no implicit type resolution: every scalar resolves to a string.

    Only its event stream is used: :func:`compose` builds the tree itself, refusing tags,
    anchors and aliases and capping depth and size before anything is constructed.
    """

    yaml_implicit_resolvers: dict[Any, Any] = {}


@dataclass(slots=True)
class Node:
    kind: str  # "scalar", "seq" or "map"
    line: int  # 1-based
    column: int
    value: str = ""
    plain: bool = False
    flow: bool = False
    items: list[Node] = field(default_factory=list)
    pairs: list[tuple[Node, Node]] = field(default_factory=list)
    key: Node | None = None  # a mapping's pending key while composing
    end_line: int = 0
    end_column: int = 0


class Problems:
    """Collects problems as ``FILE:LINE: KEY: message`` lines."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.lines: list[str] = []
        #: the refusals said on the lines (:meth:`refused`), in their order
        self.quoted: list[RemikcalcError] = []
        #: what the first typed problem says for a program (``code``, ``field``, ``player``)
        self.typed: dict[str, str] = {}
        #: the first typed problem's own sentence, without its place in the sheet
        self.problem = ""

    def add(self, node: Node | int, key: str, message: str, **typed: str) -> None:
        """A problem at ``node``'s line under ``key``; ``typed``: its ``code``, ``field`` and
        ``player`` where it has them (the refusal carries the first problem's)."""
        line = node if isinstance(node, int) else node.line
        where = f"{self.name}:{line}" if line else self.name
        self.lines.append(f"{where}: {key}: {message}" if key else f"{where}: {message}")
        if typed and not self.typed:
            self.typed, self.problem = typed, message

    def refused(self, node: Node | int, key: str, error: RemikcalcError) -> None:
        """A problem that is a refusal of its own: its sentence, the refusal kept with it (so
        that a front end can say it in its own words)."""
        self.add(node, key, error.message)
        self.quoted.append(error)

    def raise_if_any(self) -> None:
        if self.lines:
            typed = self.typed
            raise SheetError(
                self.text(),
                code=typed.get("code") or "sheet_problems",
                field=typed.get("field"),
                player=typed.get("player"),
                details={"problem": self.problem} if typed else None,
                quoted=self.quoted,
            )

    def text(self) -> str:
        """The problems, one a line: the first :data:`MAX_PROBLEMS`, then how many more
        (a sheet mangled all through would give one line per entry, 20,000 of them)."""
        shown = self.lines[:MAX_PROBLEMS]
        more = len(self.lines) - len(shown)
        if more:
            shown.append(
                ngettext(
                    "{name}: and {n} more problem (mend these first)",
                    "{name}: and {n} more problems (mend these first)",
                    more,
                ).format(name=self.name, n=more)
            )
        return "\n".join(shown)


#: PyYAML's problems (English only) said for people in another language: a pattern of the
#: problem, and the message (its ``{token}`` is the pattern's group, as PyYAML quotes it)
_YAML_PROBLEMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"(?:did not find )?expected ',' or '\]'"),
        N_("expected , or ] (a list in [ ] left open?)"),
    ),
    (
        re.compile(r"(?:did not find )?expected ',' or '\}'"),
        N_("expected , or }} (a mapping in {{ }} left open?)"),
    ),
    (
        re.compile(r"mapping values are not allowed"),
        N_("a colon is not allowed here (put a value that holds ': ' in quotes)"),
    ),
    (
        re.compile(r"found character ('.*') that cannot start any token"),
        N_("the character {token} cannot start a value here (indent with spaces, not tabs)"),
    ),
    (
        re.compile(r"found character that cannot start any token"),
        N_("a character here cannot start a value (indent with spaces, not tabs)"),
    ),
    (
        re.compile(r"found unexpected end of stream"),
        N_("the file ends inside a quoted text (a quote left open?)"),
    ),
    (
        re.compile(r"expected <block end>, but found (.*)"),
        N_("{token} does not fit the indentation of the lines above"),
    ),
    (
        re.compile(r"did not find expected key"),
        N_("this line does not fit the indentation of the lines above"),
    ),
    (
        re.compile(r"(?:did not find )?expected '?<document start>"),
        N_("the first key is indented: the top-level keys start at the left margin"),
    ),
    (re.compile(r"could not find expected ':'"), N_("expected a colon (key: value)")),
)


def _problem_text(problem: str) -> str:
    """PyYAML's problem in the language spoken: English as PyYAML says it; in another
    language the known problems translated, any other left as PyYAML says it."""
    if current() == "en":
        return problem
    for pattern, message in _YAML_PROBLEMS:
        found = pattern.match(problem)
        if found is not None:
            return _(message).format(token=found.group(1) if found.groups() else "")
    return problem


def _yaml_error(name: str, exc: yaml.YAMLError) -> SheetError:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = _problem_text(getattr(exc, "problem", None) or str(exc))
    where = f"{name}:{mark.line + 1}" if mark is not None else name
    return SheetError(
        _("{where}: not valid YAML: {problem}").format(where=where, problem=problem),
        code="not_yaml",
    )


def _position(mark: Any) -> tuple[int, int]:
    return (mark.line + 1, mark.column) if mark is not None else (0, 0)


_SCALAR = yaml.ScalarEvent
_STARTS = {yaml.SequenceStartEvent: "seq", yaml.MappingStartEvent: "map"}


def compose(text: str, problems: Problems) -> Node | None:
    """Parse YAML events into a :class:`Node` tree with the safety limits of the module.

    A 1 MiB sheet has some 300,000 events: a scalar, a list or a mapping with no anchor or
    tag is added to its list or mapping right in the loop; every other event goes through
    :func:`_event_node` and :func:`attach`, which say what is not allowed.
    """
    stack: list[Node] = []
    root: Node | None = None
    parent: Node | None = None  # the list or mapping open (the top of the stack)
    documents = count = 0

    def stop(line: int, message: str) -> SheetError:
        problems.add(line, "", message)
        return SheetError(problems.text(), code="sheet_problems", quoted=problems.quoted)

    try:
        loader = StrictLoader(text)
        try:
            next_event = loader.get_event
            while (event := next_event()) is not None:
                kind = type(event)
                mark = event.start_mark
                if kind is _SCALAR and event.anchor is None and event.tag is None and mark:
                    count += 1
                    if count > MAX_NODES:
                        raise stop(mark.line + 1, _too_many())
                    node = Node(
                        "scalar", mark.line + 1, mark.column, event.value, event.style in (None, "")
                    )
                    if parent is None:
                        root = node
                    else:
                        attach(parent, node)
                    continue
                if kind in _STARTS and event.anchor is None and event.tag is None and mark:
                    count += 1
                    if count > MAX_NODES:
                        raise stop(mark.line + 1, _too_many())
                    node = Node(
                        _STARTS[kind], mark.line + 1, mark.column, flow=bool(event.flow_style)
                    )
                    if parent is None:
                        root = node
                    else:
                        attach(parent, node)
                    stack.append(node)
                    parent = node
                    if len(stack) > MAX_DEPTH:
                        raise stop(mark.line + 1, _too_deep())
                    continue
                line, column = _position(mark)
                if isinstance(event, yaml.DocumentStartEvent):
                    documents += 1
                    if documents > 1:
                        raise stop(line, _("a sheet is one YAML document; remove the second ---"))
                    continue
                if isinstance(event, yaml.SequenceEndEvent | yaml.MappingEndEvent):
                    stack[-1].end_line, stack[-1].end_column = line, column
                    stack.pop()
                    parent = stack[-1] if stack else None
                    continue
                if not isinstance(event, yaml.NodeEvent):
                    continue
                count += 1
                if count > MAX_NODES:
                    raise stop(line, _too_many())
                node = _event_node(event, line, column, problems)
                if parent is None:
                    root = node
                else:
                    attach(parent, node)
                if node.kind != "scalar":
                    stack.append(node)
                    parent = node
                    if len(stack) > MAX_DEPTH:
                        raise stop(line, _too_deep())
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        raise _yaml_error(problems.name, exc) from None
    return root


def _too_many() -> str:
    return _("more than {n} items: not a score sheet").format(n=MAX_NODES)


def _too_deep() -> str:
    return _("nested more than {n} levels deep").format(n=MAX_DEPTH)


def attach(parent: Node, node: Node) -> None:
    """Add ``node`` to an open list or mapping (a mapping takes a key, then its value)."""
    if parent.kind == "seq":
        parent.items.append(node)
    elif parent.key is None:
        parent.key = node
    else:
        parent.pairs.append((parent.key, node))
        parent.key = None


def _event_node(event: Any, line: int, column: int, problems: Problems) -> Node:
    """The node of one event; aliases, anchors and tags are problems (never expanded)."""
    if isinstance(event, yaml.AliasEvent):
        problems.add(
            line,
            "",
            _("aliases ({alias}) are not allowed in a sheet").format(alias=f"*{event.anchor}"),
        )
        return Node("scalar", line, column)
    if event.anchor is not None:
        problems.add(
            line,
            "",
            _("anchors ({anchor}) are not allowed in a sheet").format(anchor=f"&{event.anchor}"),
        )
    if getattr(event, "tag", None) is not None:
        problems.add(line, "", _("tags ({tag}) are not allowed in a sheet").format(tag=event.tag))
    if isinstance(event, yaml.ScalarEvent):
        return Node("scalar", line, column, event.value, event.style in (None, ""))
    kind = "seq" if isinstance(event, yaml.SequenceStartEvent) else "map"
    return Node(kind, line, column, flow=bool(getattr(event, "flow_style", False)))


# --- plain scalars ------------------------------------------------------------------------------

INT = re.compile(r"[-+]?[0-9]{1,12}")
_DEC = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_NULL = {"", "~", "null"}


def plain_value(text: str) -> Any:
    """What an unquoted scalar means in free-form data (YAML 1.2 core types).

    >>> plain_value("236"), plain_value("23.60"), plain_value("true"), plain_value("No")
    (236, Decimal('23.60'), True, 'No')
    """
    if text.lower() in _NULL:
        return None
    if text in ("true", "True", "TRUE", "false", "False", "FALSE"):
        return text.lower() == "true"
    if INT.fullmatch(text):
        return int(text)
    if _DEC.fullmatch(text):
        return Decimal(text)
    return text


def typed(node: Node) -> Any:
    """Free-form data (``expect``, ``_notes``) with YAML 1.2 core types for plain scalars."""
    if node.kind == "seq":
        return [typed(n) for n in node.items]
    if node.kind == "map":
        return {k.value: typed(v) for k, v in node.pairs}
    return plain_value(node.value) if node.plain else node.value


def is_null(node: Node) -> bool:
    """A plain ``~``, ``null`` or nothing at all."""
    return node.kind == "scalar" and node.plain and node.value.lower() in _NULL
