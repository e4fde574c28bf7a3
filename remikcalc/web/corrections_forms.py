"""The forms of the corrections pages: a deal as the edit form shows it and reads it back, and
the settings of a new sheet.

A deal's form is made from :data:`~remikcalc.rules.dealinput.FIELDS` and asks
:func:`~remikcalc.rules.dealinput.takes` which inputs the sheet's rules take; what it sends
to the library is a sheet entry's mapping (``closer``, ``hands``, ``scores``, ...) with the
text as typed: the library reads, checks and scores it (the cards in any notation). Fields
that hold a player are named by the player's seat (``hand.0``), never by the name.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from remikcalc.base.i18n import _
from remikcalc.cards.notation import parse_card, parse_groups
from remikcalc.cards.text import card_text, groups_text
from remikcalc.rules.dealinput import FIELDS, Kind, outcome_text, takes
from remikcalc.rules.ruleset import Rules
from remikcalc.sheet.model import DealEntry
from remikcalc.web.entry_form import input_label
from remikcalc.web.forms import Form

__all__ = ["DealForm", "Input", "digest"]

POINTS, HANDS = "points", "hands"
#: the inputs a deal entered as points cannot have beside its scores (the library refuses them)
_NOT_WITH_POINTS = frozenset({"hands", "melded", "upcard", "plus"})
#: the inputs of a deal entered as counts: not on this form yet (issue 24's pad part)
_NOT_ON_THE_FORM = frozenset({"counts", "melded_value"})


@dataclass(frozen=True, slots=True)
class Input:
    """One field of the deal form: its form name, how it is shown, its label and value."""

    name: str
    kind: str  # "points", "cards", "flag", "card", "count"
    label: str
    value: str
    player: str | None = None


def _cards_for_people(text: str) -> str:
    """Stored cards (codes, groups kept) in the phone's notation; text that is not cards as
    it is."""
    try:
        return groups_text(parse_groups(text))
    except ValueError:
        return text


def _card_for_people(text: str) -> str:
    try:
        return card_text(parse_card(text))
    except ValueError:
        return text


@dataclass
class DealForm:
    """A deal on the edit form: the mode (points or hands), the deal's players (by seat) and
    what is typed in each field."""

    mode: str
    rules: Rules
    seats: tuple[str, ...]  # the sheet's players: a field's seat number is an index here
    players: tuple[str, ...]  # those who play this deal, in seat order
    values: dict[str, str] = field(default_factory=dict)

    # --- made from the sheet or from a post ---------------------------------------------------

    @classmethod
    def of_entry(
        cls,
        entry: DealEntry,
        rules: Rules,
        seats: Sequence[str],
        players: Sequence[str],
        mode: str | None = None,
    ) -> DealForm:
        """The entry as it is on the sheet (cards in the phone's notation); ``mode`` another
        way of entering it than the entry's own (then only what both share is kept)."""
        own = POINTS if entry.scores is not None else HANDS
        form = cls(mode if mode in (POINTS, HANDS) else own, rules, tuple(seats), tuple(players))
        seat = {p: i for i, p in enumerate(form.seats)}
        values: dict[str, str] = {}
        if entry.closer is not None and entry.closer in seat:
            values["closer"] = str(seat[entry.closer])
        if entry.how:
            values["how"] = entry.how
        for f in FIELDS:
            value = getattr(entry, f.name)
            if f.kind is Kind.FLAG and value:
                values[f.name] = "on"
            elif f.kind is Kind.COUNT and value is not None:
                values[f.name] = str(value)
            elif f.kind is Kind.CARD and value:
                values[f.name] = _card_for_people(str(value))
            elif f.per_player and value:
                for name, v in value.items():
                    if name in seat:
                        text = str(v) if f.kind is Kind.POINTS else _cards_for_people(str(v))
                        values[f"{f.name}.{seat[name]}"] = text
        if form.mode != own:  # switched: the other mode's fields are not carried over
            drop = ("scores.",) if own == POINTS else ("hands.", "melded.", "upcard", "plus")
            values = {k: v for k, v in values.items() if not k.startswith(drop)}
        form.values = values
        return form

    @classmethod
    def of_post(
        cls, form: Form, rules: Rules, seats: Sequence[str], players: Sequence[str]
    ) -> DealForm:
        """What a phone posted (the fields this form has; any other is left aside)."""
        mode = form.get("mode")
        deal = cls(mode if mode in (POINTS, HANDS) else HANDS, rules, tuple(seats), tuple(players))
        names = {"closer", "how", *(i.name for i in deal.inputs())}
        deal.values = {n: form.get(n).strip() for n in names if form.get(n).strip()}
        return deal

    # --- what it shows --------------------------------------------------------------------------

    def seat(self, player: str) -> int:
        return self.seats.index(player)

    def shown(self, name: str) -> bool:
        """Whether this mode of this sheet's rules asks for the input ``name``."""
        if not takes(self.rules, name) or name in _NOT_ON_THE_FORM:
            return False
        if name == "scores":
            return self.mode == POINTS
        if self.mode == POINTS:
            return name not in _NOT_WITH_POINTS
        return True

    def inputs(self) -> list[Input]:
        """The fields beside the closer and the outcome, in the order of FIELDS."""
        out: list[Input] = []
        for f in FIELDS:
            if f.kind in (Kind.PLAYER, Kind.OUTCOME) or not self.shown(f.name):
                continue
            if f.name == "draw" and not self.rules.spec.draw_allowed and "draw" not in self.values:
                continue
            if f.per_player:
                kind = "points" if f.kind is Kind.POINTS else "cards"
                for p in self.players:
                    name = f"{f.name}.{self.seat(p)}"
                    if f.name == "melded":
                        label = _("{name}'s melds laid on the table").format(name=p)
                    else:
                        label = p
                    out.append(Input(name, kind, label, self.values.get(name, ""), p))
            else:
                out.append(
                    Input(f.name, f.kind.value, input_label(f.name), self.values.get(f.name, ""))
                )
        return out

    def closers(self) -> list[tuple[str, str]]:
        """The closer's choices: nobody, then each player of the deal (value, words)."""
        return [("", _("nobody")), *((str(self.seat(p)), p) for p in self.players)]

    def outcomes(self) -> list[tuple[str, str]]:
        """The outcome's choices: as the cards (or points) show, then the outcomes this
        variant has (its family's one list)."""
        plain = _("as the points show") if self.mode == POINTS else _("as the cards show")
        return [("", plain), *((code, outcome_text(code)) for code in self.rules.spec.outcomes)]

    # --- what it sends ----------------------------------------------------------------------------

    def _player(self, text: str) -> str | None:
        if text.isdecimal() and int(text) < len(self.seats):
            return self.seats[int(text)]
        return None

    def entry(self) -> dict[str, Any]:
        """The entry to give the library: a sheet entry's keys, the text as typed."""
        entry: dict[str, Any] = {}
        closer = self._player(self.values.get("closer", ""))
        if closer is not None:
            entry["closer"] = closer
        how = self.values.get("how", "")
        if how:
            entry["how"] = how
        for f in FIELDS:
            if f.kind in (Kind.PLAYER, Kind.OUTCOME) or not self.shown(f.name):
                continue
            if f.per_player:
                typed = {
                    p: self.values[f"{f.name}.{self.seat(p)}"]
                    for p in self.players
                    if self.values.get(f"{f.name}.{self.seat(p)}")
                }
                if typed or f.name == "scores":
                    entry[f.name] = typed
            elif f.kind is Kind.FLAG:
                if self.values.get(f.name):
                    entry[f.name] = True
            elif self.values.get(f.name):
                entry[f.name] = self.values[f.name]
        return entry


def digest(entry: Mapping[str, Any]) -> str:
    """A short fingerprint of an entry as sent: the save must be the deal that was previewed."""
    text = json.dumps(entry, sort_keys=True, ensure_ascii=False)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()
