"""Reading a score sheet: the node tree (:mod:`remikcalc.sheet.yamltree`) to a :class:`Sheet`.

Every key is checked and converted here, and every problem is collected with its line and key
(``s.yaml:7: deals[1].closer: 'Zed' is not a player of this sheet``), then reported at once.
A deal's keys are read by looping over :data:`remikcalc.rules.dealinput.FIELDS`, each by its kind,
with the field's own range: what ``remikcalc add`` accepts and what is read back are checked
by the same numbers. ``reenter`` is the one entry key that is not a deal input.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable, Mapping, Sequence, Set
from typing import Any

from remikcalc.base.errors import DealError, RemikcalcError, SheetError
from remikcalc.base.gcpause import collector_paused
from remikcalc.base.i18n import _
from remikcalc.base.money import currency_code, currency_decimals, parse_amount
from remikcalc.rules.dealinput import (
    FIELDS,
    InputField,
    Kind,
    name_key,
    normal_outcome,
    range_problem,
)
from remikcalc.rules.overrides import parse_override
from remikcalc.rules.variants import find_variant
from remikcalc.sheet.model import (
    FORMAT_VERSION,
    DealEntry,
    Entry,
    ReentryEntry,
    Sheet,
    currency_problem,
    player_name_problem,
    title_problem,
)
from remikcalc.sheet.yamltree import INT, Node, Problems, compose, is_null, typed
from remikcalc.sheet.yamltree import MAX_BYTES as MAX_BYTES  # the limit parse_text holds to

__all__ = [
    "DEAL_KEYS",
    "TOP_KEYS",
    "entry_from_data",
    "parse_text",
    "sheet_from_text",
    "sheet_from_tree",
]

TOP_KEYS = (
    "remikcalc",
    "variant",
    "preset",
    "rules",
    "players",
    "dealer",
    "stake",
    "currency",
    "decimals",
    "title",
    "source",
    "expect",
    "deals",
)
REENTER = "reenter"
DEAL_KEYS = (*(f.name for f in FIELDS), REENTER)
_DEAL_KEY_SET = frozenset(DEAL_KEYS)
#: each deal input by its key, and its place in FIELDS (the order a deal's keys are read in)
_FIELD_AT = {f.name: f for f in FIELDS}
_FIELD_ORDER = {f.name: i for i, f in enumerate(FIELDS)}
# what makes an entry a deal (given at all, even as `draw: false`); else it is refused
_DEAL_MAKERS = ("hands", "counts", "scores", "draw", "melded")
_TRUE = {"true", "yes", "on"}
_FALSE = {"false", "no", "off"}

Pairs = Mapping[str, tuple[Node, Node]]


class Reader:
    """Converts nodes into values, collecting every problem."""

    def __init__(self, problems: Problems) -> None:
        self.p = problems

    def mapping(self, node: Node, key: str) -> dict[str, tuple[Node, Node]]:
        """The pairs of a mapping by key; duplicate and non-text keys are problems."""
        if node.kind != "map":
            self.p.add(node, key, _("must be a mapping (key: value)"))
            return {}
        out: dict[str, tuple[Node, Node]] = {}
        for k, v in node.pairs:
            if k.kind != "scalar":
                self.p.add(k, key, _("keys must be plain text"))
                continue
            if k.value in out:
                first = out[k.value][0].line
                self.p.add(
                    k,
                    _join(key, k.value),
                    _("given twice (first on line {first})").format(first=first),
                )
                continue
            out[k.value] = (k, v)
        return out

    def text(self, node: Node, key: str, *, empty: bool = False) -> str | None:
        if node.kind != "scalar":
            self.p.add(node, key, _("must be a single value, not a list or mapping"))
            return None
        if not empty and not node.value.strip():
            self.p.add(node, key, _("is empty"))
            return None
        if node.value.isprintable():  # the common case, at C speed (no control character)
            return node.value
        bad = next((c for c in node.value if unicodedata.category(c) == "Cc" and c != "\n"), None)
        if bad is not None:
            code = f"U+{ord(bad):04X}"
            self.p.add(node, key, _("contains the control character {code}").format(code=code))
            return None
        return node.value

    def whole(self, node: Node, key: str, **typed: str) -> int | None:
        """A whole number of at most 12 digits, any value; ``typed``: what the refusal of one
        that is not says for a program (``code``, ``field``, ``player``)."""
        text = self.text(node, key)
        if text is None:
            return None
        if not INT.fullmatch(text.strip()):
            self.p.add(
                node, key, _("{text} is not a whole number").format(text=repr(text)), **typed
            )
            return None
        return int(text.strip(), 10)

    def integer(self, node: Node, key: str, low: int, high: int) -> int | None:
        value = self.whole(node, key)
        if value is not None and not low <= value <= high:
            self.p.add(
                node,
                key,
                _("{value} is out of range ({low} to {high})").format(
                    value=value, low=low, high=high
                ),
            )
            return None
        return value

    def in_range(
        self,
        node: Node,
        key: str,
        f: InputField,
        what: str | Callable[[], str],
        player: str | None = None,
    ) -> int | None:
        """A whole number in the deal input's range (:func:`range_problem`, as ``add``);
        ``what`` names it, or makes its name when there is a problem to say. A number that is
        not one is refused typed, for ``player``: with the input's own codes
        (``InputField.codes``: counts), else ``not_a_number`` and ``out_of_range``."""

        def typed(reason: str) -> dict[str, str]:
            common = "not_a_number" if reason == "not_whole" else "out_of_range"
            out = {"code": f.code(reason, common), "field": f.name}
            return {**out, "player": player} if player else out

        value = self.whole(node, key, **typed("not_whole"))
        if value is None or f.low <= value <= f.high:
            return value
        problem = range_problem(f, what if isinstance(what, str) else what(), value)
        if problem is not None:
            self.p.add(node, key, problem, **typed("negative" if value < 0 else "too_high"))
            return None
        return value

    def boolean(self, node: Node, key: str) -> bool:
        text = self.text(node, key)
        if text is None:
            return False
        low = text.strip().lower()
        if low in _TRUE:
            return True
        if low not in _FALSE:
            self.p.add(node, key, _("{text} is not true or false").format(text=repr(text)))
        return False

    def player(self, node: Node, key: str, players: Sequence[str] | None) -> str | None:
        """A player of the sheet, matched ignoring case; with ``players`` None (an entry
        given as data, :func:`entry_from_data`) any name, as typed: replaying the entry
        matches it to the sheet's players as a typed command is."""
        text = self.text(node, key)
        if text is None or players is None or text in players:
            return text
        typed = name_key(text.strip())
        folded = [p for p in players if name_key(p) == typed]
        if len(folded) == 1:
            return folded[0]
        import difflib  # only for a refusal (not loaded at start-up)

        close = difflib.get_close_matches(text, list(players), n=1)
        message = (
            _("{text} is not a player of this sheet; did you mean {close}?")
            if close
            else _("{text} is not a player of this sheet; players: {players}")
        )
        self.p.add(
            node,
            key,
            message.format(
                text=repr(text), close=close[0] if close else "", players=", ".join(players)
            ),
        )
        return None

    def outcome(self, node: Node, key: str) -> str | None:
        """An outcome, written as on the sheet (``big-gin`` -> ``big_gin``)."""
        how = self.text(node, key)
        if how is None:
            return None
        try:
            return normal_outcome(how)
        except DealError as exc:
            self.p.refused(node, key, exc)
            return None

    def per_player(
        self,
        node: Node,
        key: str,
        players: Sequence[str] | None,
        convert: Callable[[Node, str, str], Any],
    ) -> dict[str, Any]:
        """A mapping of player to value; ``convert(value node, key, name)``."""
        out: dict[str, Any] = {}
        for name, (k, v) in self.mapping(node, key).items():
            where = _join(key, name)
            player = self.player(k, where, players)
            value = convert(v, where, name)
            if player is None or value is None:
                continue
            if player in out:
                self.p.add(k, _join(key, name), _("{player} is given twice").format(player=player))
                continue
            out[player] = value
        return out

    def deal_input(self, f: InputField, node: Node, key: str, players: Sequence[str] | None) -> Any:
        """The value of one deal input, read by its kind."""
        kind = f.kind
        if kind is Kind.PLAYER:
            return self.player(node, key, players)
        if kind is Kind.OUTCOME:
            return self.outcome(node, key)
        if kind is Kind.FLAG:
            return self.boolean(node, key)
        if kind is Kind.CARD:
            return self.text(node, key)
        if kind is Kind.COUNT:
            return self.in_range(node, key, f, _(f.what))
        if kind is Kind.POINTS:

            def points(v: Node, k: str, name: str) -> int | None:
                return self.in_range(
                    v, k, f, lambda: _("{what} for {name}").format(what=_(f.what), name=name), name
                )

            return self.per_player(node, key, players, points)

        def cards(v: Node, k: str, _name: str) -> str | None:  # `Anna: ~` is empty, as `Anna: ""`
            return "" if is_null(v) else self.text(v, k, empty=True)

        return self.per_player(node, key, players, cards)  # Kind.CARDS


def _join(key: str, sub: str) -> str:
    return f"{key}.{sub}" if key else sub


def _suggest(key: str, known: Sequence[str]) -> str:
    import difflib  # only for a refusal (not loaded at start-up)

    close = difflib.get_close_matches(key, list(known), n=1)
    if close:
        return _("unknown key; did you mean {close}?").format(close=close[0])
    return _("unknown key; known keys: {known}").format(known=", ".join(known))


def _unknown_keys(
    r: Reader, fields: Pairs, key: str, known: Sequence[str], allowed: Set[str] | None = None
) -> None:
    """A problem for each key not ``known`` (``allowed``: the same as a set) nor a note."""
    names = known if allowed is None else allowed
    for name, (k, _value) in fields.items():
        if name not in names and not name.startswith("_"):
            r.p.add(k, _join(key, name), _suggest(name, known))


def _notes(fields: Pairs) -> dict[str, Any]:
    return {k: typed(v) for k, (_key, v) in fields.items() if k.startswith("_")}


# --- the sheet ----------------------------------------------------------------------------------


def _read_sheet(root: Node | None, problems: Problems) -> Sheet:
    r = Reader(problems)
    top = _top(r, root)
    assert root is not None  # _top raised otherwise
    # read in the order of the keys in a sheet, so that problems are listed in that order
    version = _version(r, top)
    variant = _variant(r, top, root)
    preset = _optional_text(r, top, "preset")
    rules = _rules(r, top)
    players = _players(r, top)
    dealer = _dealer(r, top, players)
    money = _money(r, top)
    title = _checked_text(r, top, "title", title_problem)
    source = _optional_text(r, top, "source")
    sheet = Sheet(
        variant=variant or "gin",
        players=tuple(players),
        dealer=dealer,
        preset=preset,
        rules=rules,
        **money,
        title=title,
        source=source,
        expect=typed(top["expect"][1]) if "expect" in top else None,
        notes=_notes(top),
        entries=tuple(_entries(r, top, players)),
        version=version,
    )
    if variant is not None:
        _check_game(r, sheet, top, root)
    problems.raise_if_any()
    return sheet


def _top(r: Reader, root: Node | None) -> dict[str, tuple[Node, Node]]:
    """The top-level keys; an empty text or one that is not a mapping ends the reading."""
    if root is None:
        r.p.refused(
            1, "", SheetError(_("the file is empty, not a score sheet"), code="empty_sheet")
        )
        r.p.raise_if_any()
    assert root is not None
    if root.kind != "map":
        r.p.add(root, "", _("not a score sheet: expected `remikcalc: 1`, `variant:`, `players:`"))
        r.p.raise_if_any()
    top = r.mapping(root, "")
    _unknown_keys(r, top, "", TOP_KEYS)
    return top


def _optional_text(r: Reader, top: Pairs, key: str) -> str | None:
    if key not in top or is_null(top[key][1]):
        return None
    return r.text(top[key][1], key)


def _checked_text(
    r: Reader, top: Pairs, key: str, problem: Callable[[str], str | None]
) -> str | None:
    """An optional text checked as ``remikcalc new`` checks it (``problem`` says why not)."""
    text = _optional_text(r, top, key)
    why = None if text is None else problem(text)
    if why is not None:
        r.p.add(top[key][1], key, why)
        return None
    return text


def _variant(r: Reader, top: Pairs, root: Node) -> str | None:
    if "variant" not in top:
        r.p.add(root, "variant", _("missing (e.g. variant: gin)"))
        return None
    text = r.text(top["variant"][1], "variant")
    if text is None:
        return None
    try:
        return find_variant(text).name
    except RemikcalcError as exc:
        r.p.refused(top["variant"][1], "variant", exc)
        return None


def _money(r: Reader, top: Pairs) -> dict[str, Any]:
    """``currency``, ``decimals`` and ``stake`` (read with the decimals the other two set)."""
    currency = _checked_text(r, top, "currency", currency_problem)
    if currency is not None:
        currency = currency_code(currency)  # pln is PLN; a sign (zł) stays as typed
    decimals = r.integer(top["decimals"][1], "decimals", 0, 8) if "decimals" in top else None
    stake = None
    text = _optional_text(r, top, "stake")
    if text is not None:
        places = decimals if decimals is not None else currency_decimals(currency)
        try:
            stake = parse_amount(text, decimals=places)
        except RemikcalcError as exc:
            r.p.refused(top["stake"][1], "stake", exc)
    return {"currency": currency, "decimals": decimals, "stake": stake}


def _check_game(r: Reader, sheet: Sheet, top: Pairs, root: Node) -> None:
    """The variant is played by this many players, and the house rules go together."""
    problem = find_variant(sheet.variant).rules.players_problem(len(sheet.players))
    if problem is not None and sheet.players:
        r.p.add(top["players"][1], "players", problem)
    if r.p.lines:
        return
    try:
        sheet.game_rules()
    except RemikcalcError as exc:
        key = "rules" if "rules" in top else "players"
        node = top[key][1] if key in top else root
        r.p.refused(node, key, exc)


def _version(r: Reader, top: Pairs) -> int:
    if "remikcalc" not in top:
        r.p.add(1, "remikcalc", _("missing: a score sheet starts with `remikcalc: 1`"))
        return FORMAT_VERSION
    node = top["remikcalc"][1]
    version = r.integer(node, "remikcalc", 1, 10**6)
    if version is not None and version > FORMAT_VERSION:
        raise SheetError(
            _(
                "{where}: remikcalc: this sheet was written by a newer remikcalc "
                "(sheet format {version}); this version reads format {known}. "
                "Upgrade remikcalc (pip install -U remikcalc) to open it."
            ).format(where=f"{r.p.name}:{node.line}", version=version, known=FORMAT_VERSION),
            code="newer_format",
            field="remikcalc",
            details={"version": version},
        )
    return version or FORMAT_VERSION


def _rules(r: Reader, top: Pairs) -> dict[str, str]:
    if "rules" not in top or is_null(top["rules"][1]):
        return {}
    out: dict[str, str] = {}
    for key, (k, v) in r.mapping(top["rules"][1], "rules").items():
        value = r.text(v, _join("rules", key))
        if value is None:
            continue
        try:
            parse_override(f"{key}={value}")
        except RemikcalcError as exc:
            r.p.refused(k, _join("rules", key), exc)
            continue
        out[key] = value
    return out


def _players(r: Reader, top: Pairs) -> list[str]:
    if "players" not in top:
        r.p.add(1, "players", _("missing (e.g. players: [Anna, Boris])"))
        return []
    node = top["players"][1]
    if node.kind != "seq":
        r.p.add(node, "players", _("must be a list, e.g. [Anna, Boris]"))
        return []
    players: list[str] = []
    keys: set[str] = set()  # each name's key once: a long list is read in one pass
    for i, item in enumerate(node.items, start=1):
        name = r.text(item, f"players[{i}]")
        if name is None:
            continue
        why = player_name_problem(name)
        if why is None and name_key(name) in keys:
            why = _("{name} is named twice").format(name=repr(name))
        if why is not None:
            r.p.add(item, f"players[{i}]", why)
            continue
        players.append(name)
        keys.add(name_key(name))
    if len(node.items) < 2:
        r.p.add(node, "players", _("a game needs at least two players"))
    return players


def _dealer(r: Reader, top: Pairs, players: list[str]) -> str | None:
    """The first dealer: a player of the sheet, matched ignoring case and spelled as
    ``players`` spells it (``dealer: boris`` is Boris)."""
    if "dealer" not in top or is_null(top["dealer"][1]):
        return None
    return r.player(top["dealer"][1], "dealer", players)


# --- the entries --------------------------------------------------------------------------------


def _entries(r: Reader, top: Pairs, players: list[str]) -> list[Entry]:
    if "deals" not in top or is_null(top["deals"][1]):
        return []
    node = top["deals"][1]
    if node.kind != "seq":
        r.p.add(node, "deals", _("must be a list of deals (each line starting with -)"))
        return []
    entries: list[Entry] = []
    for n, item in enumerate(node.items, start=1):
        entry = read_entry(r, item, f"deals[{n}]", players)
        if entry is not None:
            entries.append(entry)
    return entries


def read_entry(r: Reader, node: Node, key: str, players: Sequence[str] | None) -> Entry | None:
    fields = r.mapping(node, key)
    if node.kind != "map":
        return None
    notes = _notes(fields)
    known = {k: v for k, (_key, v) in fields.items() if not k.startswith("_")}
    _unknown_keys(r, fields, key, DEAL_KEYS, _DEAL_KEY_SET)
    if REENTER in known:
        if len(known) > 1:
            r.p.add(node, key, _("a re-entry is an entry of its own: `- reenter: NAME`"))
        player = r.player(known[REENTER], _join(key, REENTER), players)
        return None if player is None else ReentryEntry(player, notes, node.line)
    values: dict[str, Any] = {}
    for name in sorted((k for k in known if k in _FIELD_AT), key=_FIELD_ORDER.__getitem__):
        f = _FIELD_AT[name]
        if f.kind is Kind.CARDS and is_null(known[f.name]):
            continue
        values[f.name] = r.deal_input(f, known[f.name], _join(key, f.name), players)
    if not any(k in values for k in _DEAL_MAKERS):
        r.p.add(node, key, _("a deal needs hands, counts, scores (points only) or draw: true"))
    return DealEntry(notes=notes, line=node.line, **values)


def _node(value: Any, key: str) -> Node:
    """An entry given as Python data, as the node tree its YAML text would give: text, whole
    numbers, true/false and None are scalars, mappings and lists are themselves."""
    if isinstance(value, Mapping):
        pairs = [(_node(k, key), _node(v, _join(key, str(k)))) for k, v in value.items()]
        if any(not isinstance(k, str) for k in value):
            raise SheetError(
                _("{key}: keys must be text").format(key=key or "entry"),
                code="bad_entry_data",
                details={"key": key},
            )
        return Node("map", 0, 0, pairs=pairs)
    if isinstance(value, list | tuple):
        return Node("seq", 0, 0, items=[_node(v, key) for v in value])
    if value is None:
        return Node("scalar", 0, 0, value="", plain=True)
    if isinstance(value, bool):
        return Node("scalar", 0, 0, value="true" if value else "false", plain=True)
    if isinstance(value, int | str):
        return Node("scalar", 0, 0, value=str(value), plain=not isinstance(value, str))
    top, _dot, player = key.partition(".")
    f = _FIELD_AT.get(top)
    typed = f is not None and f.kind is Kind.POINTS and "not_whole" in f.codes
    raise SheetError(
        _("{key}: {value!r} is not text, a whole number, true or false").format(
            key=key or "entry", value=value
        ),
        code=f.code("not_whole", "bad_entry_data") if typed and f is not None else "bad_entry_data",
        field=top if typed else None,
        player=player or None if typed else None,
        details={"key": key},
    )


def entry_from_data(data: Mapping[str, Any], name: str = "entry") -> Entry:
    """An entry given as Python data (the keys of a sheet's entry, hands as card text), read
    as the sheet reader reads one from a file; player names stay as typed (replaying the entry
    checks them, as ``remikcalc add`` does). SheetError naming every problem."""
    problems = Problems(name)
    r = Reader(problems)
    if not isinstance(data, Mapping):
        raise SheetError(
            _("{name}: an entry is a mapping of its keys").format(name=name), code="bad_entry_data"
        )
    entry = read_entry(r, _node(data, ""), "", None)
    problems.raise_if_any()
    assert entry is not None
    return entry


# --- text to a sheet ----------------------------------------------------------------------------


def parse_text(text: str, name: str) -> tuple[Sheet, Node | None]:
    """The sheet of ``text`` and its node tree (for editing the text in place)."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise SheetError(
            _("{name}: larger than {size} KiB: not a score sheet").format(
                name=name, size=MAX_BYTES // 1024
            ),
            code="too_large",
            details={"name": name, "size": MAX_BYTES // 1024},
        )
    problems = Problems(name)
    with collector_paused():
        root = compose(text.removeprefix("\ufeff"), problems)
        problems.raise_if_any()
    return sheet_from_tree(root, name), root


def sheet_from_tree(root: Node | None, name: str) -> Sheet:
    """The sheet of a text's node tree, composed with no problem (:func:`parse_text` after
    composing it); every problem of the sheet reported at once."""
    with collector_paused():
        sheet = _read_sheet(root, Problems(name))
    return dataclasses.replace(sheet, path=name)


def sheet_from_text(text: str, name: str = "<string>") -> Sheet:
    """Load a sheet from text; ``name`` is used in error messages."""
    return parse_text(text, name)[0]
