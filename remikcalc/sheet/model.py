"""The score sheet as data: what was typed at the table, never computed results.

A :class:`Sheet` holds the game's settings and its entries in order: deals
(:class:`DealEntry`, a :class:`~remikcalc.rules.dealinput.DealInput` with notes and a line) and
remik bridge re-entries (:class:`ReentryEntry`). Replaying them is
:mod:`remikcalc.session`'s job, reading and writing the text :mod:`remikcalc.sheet.read` and
:mod:`remikcalc.sheet.write`'s; this module imports neither YAML nor the scoring code.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from remikcalc.base.errors import ArgumentError
from remikcalc.base.i18n import _
from remikcalc.base.money import currency_decimals
from remikcalc.rules.dealinput import DealInput, name_key
from remikcalc.rules.ruleset import Rules
from remikcalc.rules.variants import get_rules

__all__ = [
    "FORMAT_VERSION",
    "DealEntry",
    "Entry",
    "ReentryEntry",
    "Sheet",
    "currency_problem",
    "dealer_named",
    "player_name_problem",
    "title_problem",
]

#: the sheet format this version reads and writes (``remikcalc: 1``); a newer one is refused.
FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class DealEntry(DealInput):
    """One deal on a sheet: its inputs (:class:`DealInput`), free-form ``_`` notes and the
    line it starts on (for messages)."""

    notes: Mapping[str, Any] = field(default_factory=dict)
    line: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class ReentryEntry:
    """A remik bridge re-entry event."""

    player: str
    notes: Mapping[str, Any] = field(default_factory=dict)
    line: int = field(default=0, compare=False)

    def describe(self, *, translated: bool = False) -> str:
        """``Carl re-enters``: in English for JSON; ``translated`` for people."""
        message = _("{player} re-enters") if translated else "{player} re-enters"
        return message.format(player=self.player)


Entry = DealEntry | ReentryEntry


def same_entry(a: Entry, b: Entry) -> bool:
    """The same entry as typed, notes and line left aside (both canonical, as replayed)."""
    return type(a) is type(b) and dataclasses.replace(a, notes={}) == dataclasses.replace(
        b, notes={}
    )


@dataclass(frozen=True, slots=True)
class Sheet:
    """A score sheet: the game's settings and the entries in order."""

    variant: str
    players: tuple[str, ...]
    #: who deals the first deal (``dealer:``), as ``players`` spells the name; None: not
    #: written down (drawn by lot at the table)
    dealer: str | None = None
    preset: str | None = None
    rules: Mapping[str, str] = field(default_factory=dict)
    stake: Decimal | None = None
    currency: str | None = None
    decimals: int | None = None
    title: str | None = None
    source: str | None = None
    expect: Any = None
    notes: Mapping[str, Any] = field(default_factory=dict)
    entries: tuple[Entry, ...] = ()
    version: int = FORMAT_VERSION
    path: str | None = field(default=None, compare=False)

    def game_rules(self) -> Rules:
        """The rules of this sheet: variant, preset, house rules, number of players."""
        return get_rules(self.variant, self.preset, dict(self.rules), players=len(self.players))

    @property
    def minor_digits(self) -> int:
        """Decimals of the money unit: ``decimals`` if set, else from the currency."""
        return self.decimals if self.decimals is not None else currency_decimals(self.currency)

    def with_entries(self, entries: Sequence[Entry]) -> Sheet:
        return dataclasses.replace(self, entries=tuple(entries))


def dealer_named(name: str, players: Sequence[str]) -> str:
    """The player ``name`` names as the first dealer (matched ignoring case), spelled as
    ``players`` spells it; ArgumentError ``dealer`` for a name that is none of them.

    >>> dealer_named("boris", ("Anna", "Boris"))
    'Boris'
    """
    wanted = name_key(name.strip())
    found = [p for p in players if name_key(p) == wanted]
    if len(found) == 1:
        return found[0]
    import difflib  # only for a refusal (not loaded at start-up)

    close = difflib.get_close_matches(name, list(players), n=1)
    if close:
        message = _(
            "the first dealer {name!r} is not a player of this sheet; did you mean {close}?"
        )
    else:
        message = _("the first dealer {name!r} is not a player of this sheet; players: {players}")
    raise ArgumentError(
        message.format(name=name, close=close[0] if close else "", players=", ".join(players)),
        code="unknown_player",
        field="dealer",
        details={"name": name, "players": list(players)},
    )


_NAME_FORBIDDEN = set("=,|")


# control and format characters, and the line and paragraph separators (U+2028, U+2029),
# which would break a line of output in the middle of a name
_NOT_IN_A_NAME = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def player_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, or None."""
    if not name.strip():
        return _("a player's name cannot be empty")
    if name != name.strip():
        return _("{name!r} starts or ends with a space").format(name=name)
    if len(name) > 40:
        return _("{start!r}... is longer than 40 characters").format(start=name[:20])
    odd = next(
        (c for c in name if c in _NAME_FORBIDDEN or unicodedata.category(c) in _NOT_IN_A_NAME),
        None,
    )
    if odd is not None:
        return _("{name!r} contains {odd!r}, which cannot be in a name").format(name=name, odd=odd)
    if name[0] in "-_":
        return _("{name!r} cannot start with {first!r}").format(name=name, first=name[0])
    if name_key(name) == "pool":
        return _("'pool' is reserved for the bridge pool; choose another name")
    return None


TITLE_MAX = 200
CURRENCY_MAX = 12


def _odd_character(text: str) -> str | None:
    """The first character that cannot be in one line of free text: a control character, a
    line or paragraph separator (U+2028, U+2029), a lone surrogate; else None."""
    return next((c for c in text if unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp")), None)


#: format characters a title may hold: they join letters or emoji and move nothing
_JOINERS = frozenset("\u200c\u200d")


def title_problem(title: str) -> str | None:
    """Why ``title`` cannot be a sheet's title (one line of free text), or None.

    As in a player's name, an invisible format character is refused (a right-to-left override,
    U+202E, turned the title round on the pages and in the text pasted into a chat), but for
    the two joiners, which emoji sequences and some scripts need.

    >>> title_problem("Friday at Anna's") is None, title_problem("a" + chr(9) + "b")
    (True, 'the title contains the control character U+0009; write it on one line without it')
    """
    if not title.strip():
        return _("the title is empty; leave it out instead")
    if len(title) > TITLE_MAX:
        return _("the title is longer than {n} characters").format(n=TITLE_MAX)
    odd = _odd_character(title)
    if odd is not None:
        return _(
            "the title contains the control character {code}; write it on one line without it"
        ).format(code=f"U+{ord(odd):04X}")
    hidden = next((c for c in title if unicodedata.category(c) == "Cf" and c not in _JOINERS), None)
    if hidden is not None:
        return _(
            "the title contains the invisible format character {code}, which can reverse or "
            "hide the text around it; write it without it"
        ).format(code=f"U+{ord(hidden):04X}")
    return None


def currency_problem(currency: str) -> str | None:
    """Why ``currency`` cannot be a sheet's currency, or None.

    >>> currency_problem("PLN") is None, currency_problem("zł") is None, currency_problem("")
    (True, True, 'the currency is empty; use a short code such as PLN or EUR')
    """
    if not currency.strip():
        return _("the currency is empty; use a short code such as PLN or EUR")
    if currency != currency.strip():
        return _("the currency {currency!r} starts or ends with a space").format(currency=currency)
    if len(currency) > CURRENCY_MAX:
        return _(
            "the currency {start!r} is longer than {n} characters; "
            "use a short code such as PLN or EUR"
        ).format(start=currency[:20], n=CURRENCY_MAX)
    odd = next((c for c in currency if unicodedata.category(c)[0] == "C"), None)
    if odd is None:
        odd = _odd_character(currency)
    if odd is not None:
        return _("the currency contains the control character {code}").format(
            code=f"U+{ord(odd):04X}"
        )
    return None
