"""The pad's one deal form: the fields every page that enters a deal posts, read back into a
sheet entry's mapping that the library reads and checks.

The fields follow :data:`~remikcalc.rules.dealinput.FIELDS`, named as the sheet names its keys:

- per player, by the player's place on the sheet (never by the name, so that any name works
  and a rename between two requests changes nothing): ``scores.0``, ``counts.0``,
  ``melded_value.0``, ``hands.0`` (the cards typed), ``melded.0``; and ``tap.0``, repeated, the
  cards tapped on the grid (a card tapped twice in two packs is posted twice: two copies);
- the deal's own inputs by their name: ``closer`` (a place on the sheet), ``how``, ``draw``,
  ``upcard``, ``plus``, ``first_turn``, ``no_draw``.

A form has a *mode*, the per-player input that carries the deal: ``hands`` (the cards left),
``scores`` (the deal's points, as the sheet keeps them) or ``counts`` (what each hand counted).
Which inputs it shows comes from FIELDS, the mode and :func:`~remikcalc.rules.dealinput.takes`;
nothing here asks which variant or family it is. What it sends (:meth:`DealForm.entry`) is the
text as typed (a number's minus sign and spaces as a phone keyboard types them made plain):
the library reads it, checks it and says what is wrong, typed, so that a refusal can be put on
the field it is about (:meth:`DealForm.field_of`).
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from remikcalc.base.errors import DealError, RemikcalcError
from remikcalc.base.i18n import _
from remikcalc.cards.notation import CODES, is_grouped, parse_card, parse_cards, parse_groups
from remikcalc.cards.text import card_text, groups_text
from remikcalc.rules.dealinput import FIELD, FIELDS, Kind, outcome_text, stated_outcomes, takes
from remikcalc.rules.ruleset import Rules
from remikcalc.session.replay import Replay
from remikcalc.sheet.model import DealEntry
from remikcalc.web.forms import Form
from remikcalc.web.grid import VALID_CODES, card_counts

__all__ = [
    "MODES",
    "Chip",
    "DealForm",
    "FormField",
    "SeatHand",
    "closer_question",
    "how_chips",
    "input_label",
    "new_key",
    "seats_of",
]

#: the longest text one field takes (a hand typed in full, two packs: under 200 characters)
MAX_TEXT = 400
#: the most cards one hand's grid posts (a continental hand of four packs is far below)
MAX_TAPS = 120

#: the ways a deal is entered, each by the per-player inputs that carry it (FIELDS' names)
MODES: dict[str, tuple[str, ...]] = {
    "hands": ("hands", "melded"),
    "scores": ("scores",),
    "counts": ("counts", "melded_value"),
}
#: the deal's own inputs a deal entered as points can have beside its scores (the library
#: refuses hands, melds, an up-card or plus points there, and a points deal's bonuses are in
#: the points already)
_WITH_SCORES = frozenset({"closer", "how", "draw"})
_NUMBER_KINDS = (Kind.POINTS, Kind.COUNT)


def new_key() -> str:
    """A form's idempotency key: the same form sent twice saves once."""
    return secrets.token_urlsafe(12)


def seats_of(state: Replay) -> list[tuple[int, str]]:
    """The players of the next deal (bridge: those still in) with their place on the sheet."""
    places = {name: i for i, name in enumerate(state.sheet.players)}
    return [(places[name], name) for name in state.tally.active() if name in places]


def plain_number(text: str) -> str:
    """A number as a phone keyboard may type it, made plain: the minus sign (−) as ``-``,
    spaces and thin spaces between digit groups left out.

    >>> plain_number(" −1 250 "), plain_number("12\\u2009000")
    ('-1250', '12000')
    """
    return "".join(text.replace("−", "-").split())


@dataclass(frozen=True, slots=True)
class Chip:
    """One chip of a choice: the value posted and the words on it."""

    value: str
    label: str


@dataclass(frozen=True, slots=True)
class FormField:
    """One field of the deal form as a page shows it."""

    #: the name it is posted under: ``scores.0``, ``plus``
    name: str
    #: the deal input it holds (a name of FIELDS)
    input: str
    #: how it is shown: ``points`` (a whole number per player), ``cards`` (cards typed per
    #: player), ``flag``, ``card`` (one card), ``count`` (a whole number)
    kind: str
    label: str
    value: str
    seat: int | None = None
    low: int = 0
    high: int = 0


@dataclass
class SeatHand:
    """One player's cards on a form: tapped (in the grid's order) and typed, and the melds
    laid this deal."""

    taps: list[str] = field(default_factory=list)
    typed: str = ""
    melded: str = ""

    @property
    def empty(self) -> bool:
        return not (self.taps or self.typed or self.melded)

    def counts(self) -> Counter[str]:
        """Every card of this hand on the form (taps, typed, melds laid), by code."""
        out = Counter(self.taps)
        out.update(card_counts(self.typed))
        out.update(card_counts(self.melded))
        return out


def _cards_for_people(text: str) -> str:
    """Stored cards (codes, groups kept) in the phone's notation; text that is not cards as
    it is."""
    try:
        return groups_text(parse_groups(text))
    except ValueError:
        return text


def _tapped(text: str) -> list[str] | None:
    """A stored hand as the grid's taps (its cards' codes), or None for a hand grouped with
    ``|`` (its groups fix the arrangement, so it stays typed) or one that does not read as
    cards.

    >>> _tapped("QH 10S qh"), _tapped("QH QS QD | 2C"), _tapped("ZZ")
    (['QH', 'TS', 'QH'], None, None)
    """
    if is_grouped(text):
        return None
    try:
        return [CODES[card] for card in parse_cards(text)]
    except ValueError:
        return None


def _card_for_people(text: str) -> str:
    try:
        return card_text(parse_card(text))
    except ValueError:
        return text


@dataclass
class DealForm:
    """One deal as a form holds it: the mode, the seats, every field as typed, the taps, and
    the version, idempotency key and number of entries the form was made with."""

    mode: str
    rules: Rules
    #: the sheet's players: a field's seat number is an index here
    seats: tuple[str, ...]
    #: the seats of the players of this deal (bridge: those still in), in seat order
    playing: tuple[int, ...]
    #: the single-valued fields by the name they are posted under
    values: dict[str, str] = field(default_factory=dict)
    #: ``tap.N``: the cards tapped for seat N
    taps: dict[int, list[str]] = field(default_factory=dict)
    version: str = ""
    key: str = ""
    #: the entries the sheet had when the form was made (to show what is new on a 409)
    deals: int = 0
    again: bool = False
    #: nothing typed yet (a page opened afresh): the phone may restore what it kept
    fresh: bool = True

    # --- made afresh, from a post, from the sheet -------------------------------------------

    @classmethod
    def blank(cls, state: Replay, version: str, mode: str) -> DealForm:
        """An empty form for the next deal of ``state``."""
        playing = tuple(seat for seat, _name in seats_of(state))
        return cls(
            mode,
            state.rules,
            state.sheet.players,
            playing,
            version=version,
            key=new_key(),
            deals=len(state.steps),
        )

    @classmethod
    def read(
        cls,
        form: Form,
        rules: Rules,
        seats: Sequence[str],
        playing: Iterable[int],
        mode: str,
        *,
        deals: int = 0,
    ) -> DealForm:
        """What a phone posted: the fields this form has (any other is left aside), the taps
        that are card codes, and the form's version, key and number of entries."""
        deal = cls(mode if mode in MODES else "hands", rules, tuple(seats), tuple(playing))
        deal.values = {n: form.get(n)[:MAX_TEXT].strip() for n in deal.names() if form.get(n)}
        deal.values = {n: v for n, v in deal.values.items() if v}
        if deal.mode == "hands":
            for seat in deal.playing:
                taps = [c for c in form.all(f"tap.{seat}") if c in VALID_CODES][:MAX_TAPS]
                if taps:
                    deal.taps[seat] = taps
        sent = form.get("deals")
        deal.version = form.get("version")[:64]
        deal.key = form.get("key")[:64]
        deal.deals = int(sent) if sent.isdecimal() and len(sent) < 8 else deals
        deal.again = form.get("again") == "1"
        deal.fresh = False
        return deal

    @classmethod
    def of_entry(
        cls,
        entry: DealEntry,
        rules: Rules,
        seats: Sequence[str],
        playing: Iterable[int],
        mode: str | None = None,
    ) -> DealForm:
        """The entry as the sheet has it: each hand as the grid's taps (one grouped with ``|``
        typed, in the phone's notation, its groups kept); ``mode`` another way of entering it
        than the entry's own (then only what both share is kept)."""
        own = "scores" if entry.scores is not None else "counts" if entry.by_counts else "hands"
        deal = cls(mode if mode in MODES else own, rules, tuple(seats), tuple(playing))
        place = {p: i for i, p in enumerate(deal.seats)}
        values: dict[str, str] = {}
        taps: dict[int, list[str]] = {}
        if entry.closer is not None and entry.closer in place:
            values["closer"] = str(place[entry.closer])
        for f in FIELDS:
            value = getattr(entry, f.name)
            if f.kind is Kind.OUTCOME and value:
                values[f.name] = str(value)
            elif f.kind is Kind.FLAG and value:
                values[f.name] = "on"
            elif f.kind is Kind.COUNT and value is not None:
                values[f.name] = str(value)
            elif f.kind is Kind.CARD and value:
                values[f.name] = _card_for_people(str(value))
            elif f.per_player and value:
                for name, v in value.items():
                    if name not in place:
                        continue
                    tapped = _tapped(str(v)) if f.name == "hands" else None
                    if tapped is not None:
                        taps[place[name]] = tapped
                    else:
                        text = str(v) if f.kind is Kind.POINTS else _cards_for_people(str(v))
                        values[f"{f.name}.{place[name]}"] = text
        shown = set(deal.names())  # switched: the other mode's fields are not carried over
        deal.values = {k: v for k, v in values.items() if k in shown}
        if deal.mode == "hands":
            deal.taps = {s: cards for s, cards in taps.items() if cards and s in deal.playing}
        deal.fresh = False
        return deal

    def renewed(self, version: str, state: Replay) -> DealForm:
        """The same input on a form made from the sheet as it is now (after a 409)."""
        playing = tuple(seat for seat, _name in seats_of(state))
        return replace(self, version=version, deals=len(state.steps), playing=playing, again=False)

    def with_hands(self, hands: dict[int, SeatHand]) -> DealForm:
        """This form's own inputs with each seat's cards from ``hands`` (the shared draft)."""
        values = {k: v for k, v in self.values.items() if "." not in k}
        taps: dict[int, list[str]] = {}
        for seat, hand in hands.items():
            if hand.taps:
                taps[seat] = list(hand.taps)
            if hand.typed:
                values[f"hands.{seat}"] = hand.typed
            if hand.melded:
                values[f"melded.{seat}"] = hand.melded
        return replace(self, mode="hands", values=values, taps=taps)

    def hand(self, seat: int) -> SeatHand:
        """Seat ``seat``'s cards on this form."""
        return SeatHand(
            list(self.taps.get(seat, ())),
            self.values.get(f"hands.{seat}", ""),
            self.values.get(f"melded.{seat}", ""),
        )

    # --- which fields -------------------------------------------------------------------------

    def shown(self, name: str) -> bool:
        """Whether this form asks for the deal input ``name`` (a name of FIELDS)."""
        f = FIELD[name]
        if f.per_player:
            return name in MODES[self.mode] and takes(self.rules, name)
        if not takes(self.rules, name):
            return False
        if name == "draw" and not self.rules.spec.draw_allowed:
            return False
        return self.mode != "scores" or name in _WITH_SCORES

    def names(self) -> list[str]:
        """Every single-valued field of this form, by the name it is posted under."""
        out = []
        for f in FIELDS:
            if not self.shown(f.name):
                continue
            if f.per_player:
                out += [f"{f.name}.{seat}" for seat in self.playing]
            else:
                out.append(f.name)
        return out

    def seat_fields(self, seat: int) -> list[FormField]:
        """Seat ``seat``'s own fields (points, a count, the cards typed, the melds laid)."""
        player = self.seats[seat]
        out = []
        for name in MODES[self.mode]:
            if not self.shown(name):
                continue
            f = FIELD[name]
            posted = f"{name}.{seat}"
            kind = "points" if f.kind is Kind.POINTS else "cards"
            out.append(
                FormField(
                    posted,
                    name,
                    kind,
                    seat_label(name, player),
                    self.values.get(posted, ""),
                    seat,
                    f.low,
                    f.high,
                )
            )
        return out

    def deal_fields(self) -> list[FormField]:
        """The deal's own inputs beside the closer and the outcome, in FIELDS' order."""
        kinds = {Kind.FLAG: "flag", Kind.CARD: "card", Kind.COUNT: "count"}
        return [
            FormField(
                f.name,
                f.name,
                kinds[f.kind],
                input_label(f.name),
                self.values.get(f.name, ""),
                low=f.low,
                high=f.high,
            )
            for f in FIELDS
            if f.kind in kinds and self.shown(f.name)
        ]

    def closers(self) -> list[Chip]:
        """The closer's choices: nobody said, then each player of the deal."""
        return [
            Chip("", _("not said")),
            *(Chip(str(seat), self.seats[seat]) for seat in self.playing),
        ]

    def outcomes(self) -> list[Chip]:
        """Every outcome this variant's deals end by (its family's one list), after "as the
        cards (points, counts) show": the edit page's choice."""
        return how_chips(self.rules, self.mode, every=True)

    def label_of(self, name: str) -> str:
        """The words a field posted as ``name`` is shown with (to name it beside a refusal)."""
        input_name, _dot, seat = name.partition(".")
        if seat.isdecimal() and int(seat) < len(self.seats):
            return seat_label(input_name, self.seats[int(seat)])
        if input_name == "closer":
            return closer_question(self.rules)
        if input_name == "how":
            return _("How it ended")
        return input_label(input_name)

    # --- what it sends ----------------------------------------------------------------------

    def closer_name(self) -> str | None:
        text = self.values.get("closer", "")
        if text.isdecimal() and int(text) < len(self.seats):
            return self.seats[int(text)]
        return None

    def hand_text(self, seat: int) -> str:
        """The hand as the library reads it: the cards tapped (in the grid's order), then the
        cards typed. A typed hand grouped with ``|`` fixes the arrangement, so it cannot take
        taps beside it."""
        hand = self.hand(seat)
        if hand.taps and "|" in hand.typed:
            raise DealError(
                _(
                    "{name}: the cards typed with | fix the arrangement; type the tapped cards "
                    "into it too, or clear the taps"
                ).format(name=self.seats[seat]),
                code="taps_beside_groups",
                field="hands",
                player=self.seats[seat],
            )
        return " ".join([*hand.taps, hand.typed]).strip()

    def entry(self) -> dict[str, Any]:
        """The entry to give the library: a sheet entry's keys, the text as typed."""
        entry: dict[str, Any] = {}
        closer = self.closer_name()
        if closer is not None:
            entry["closer"] = closer
        for f in FIELDS:
            if f.kind is Kind.PLAYER or not self.shown(f.name):
                continue
            if f.per_player:
                typed = self._per_player(f.name)
                if typed or f.name == MODES[self.mode][0]:
                    entry[f.name] = typed
            elif f.kind is Kind.FLAG:
                if self.values.get(f.name):
                    entry[f.name] = True
            elif self.values.get(f.name):
                text = self.values[f.name]
                entry[f.name] = plain_number(text) if f.kind in _NUMBER_KINDS else text
        if self.mode == "scores" and not entry.get("scores") and not entry.get("draw"):
            raise DealError(
                _("type the points of at least one player"), code="empty_entry", field="scores"
            )
        return entry

    def _per_player(self, name: str) -> dict[str, str]:
        """What each player of the deal has in the per-player input ``name``, by name."""
        number = FIELD[name].kind in _NUMBER_KINDS
        out = {}
        for seat in self.playing:
            if name == "hands":
                text = self.hand_text(seat)
            else:
                text = self.values.get(f"{name}.{seat}", "")
            if text:
                out[self.seats[seat]] = plain_number(text) if number else text
        return out

    def field_of(self, error: RemikcalcError) -> str | None:
        """The field a refusal is about, by the name it is posted under (None: the deal as a
        whole): from the refusal's ``field`` and ``player``, never from its words."""
        name = error.field
        if name is None or name not in FIELD:
            return None
        if FIELD[name].per_player:
            if error.player not in self.seats:
                return None
            name = f"{name}.{self.seats.index(error.player)}"
        return name if name in self.names() else None

    # --- the cards of the others --------------------------------------------------------------

    def others(self, seat: int) -> Counter[str]:
        """The cards the other players hold on this form, by code."""
        out: Counter[str] = Counter()
        for other in self.playing:
            if other != seat:
                out.update(self.hand(other).counts())
        return out

    def typed_by_others(self, seat: int) -> Counter[str]:
        """The cards the other players typed (not tapped), by code: the taps are counted on
        the phone itself as they change."""
        out: Counter[str] = Counter()
        for other in self.playing:
            if other != seat:
                hand = self.hand(other)
                out.update(card_counts(hand.typed))
                out.update(card_counts(hand.melded))
        return out


# --- words --------------------------------------------------------------------------------------


def closer_question(rules: Rules) -> str:
    """Who closed, in the family's words: knocked, went out, closed."""
    closing = rules.spec.closing
    if closing == "knocked":
        return _("Who knocked?")
    if closing == "closed":
        return _("Who closed?")
    return _("Who went out?")


def how_chips(rules: Rules, mode: str, *, every: bool = False) -> list[Chip]:
    """The outcome chips: as the cards (points, counts) show, then each outcome the rules
    state (none where they state none); with ``every``, every outcome the family has."""
    stated = rules.spec.outcomes if every else stated_outcomes(rules)
    if not stated:
        return []
    plain = {
        "scores": _("as the points show"),
        "counts": _("as the counts show"),
    }.get(mode, _("as the cards show"))
    return [Chip("", plain), *(Chip(code, outcome_text(code)) for code in stated)]


def input_label(name: str) -> str:
    """A deal input's label on a phone, the same on the scoring and the edit pages."""
    words = {
        "draw": _("Draw: the stock ran out, nobody closed"),
        "first_turn": _("Out on the first turn"),
        "no_draw": _("Out before drawing a card"),
        "upcard": _("The deal's up-card"),
        "plus": _("The winner's plus points"),
    }
    if name in words:
        return words[name]
    return _(FIELD[name].help)


def seat_label(name: str, player: str) -> str:
    """A player's field's label: the name, or what the field holds of the player's."""
    if name == "melded":
        return _("{name}'s melds laid on the table").format(name=player)
    if name == "melded_value":
        return _("{name}'s melds and lay-offs, in points").format(name=player)
    return player
