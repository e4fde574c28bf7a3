"""A deal as a phone's form holds it, and back: the fields of the points and cards pages, the
entry they make, the tap grid of the variant's pack, and which inputs the rules take.

Fields are named by the player's place on the sheet (``p0`` Anna's points, ``c1`` a card
tapped for Boris, ``t1`` Boris's cards as typed, ``m1`` his melds laid this deal), never by
the name, so that any name works and a rename between two requests changes nothing. A card
tapped twice (two packs) is posted twice: two copies. Which inputs a deal takes comes from
:data:`~remikcalc.rules.dealinput.FIELDS` and :func:`~remikcalc.rules.dealinput.takes`;
nothing here asks which variant or family it is.
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from remikcalc.base.errors import DealError, RemikcalcError
from remikcalc.base.i18n import _
from remikcalc.cards.notation import CODES, JOKER, Card, Rank, Suit, parse_cards
from remikcalc.cards.text import card_text
from remikcalc.rules.dealinput import FIELDS, Kind, outcome_text, stated_outcomes, takes
from remikcalc.rules.ruleset import Rules
from remikcalc.session.replay import Replay
from remikcalc.sheet.model import DealEntry
from remikcalc.web.forms import Form

__all__ = [
    "Cell",
    "Choice",
    "DealForm",
    "Input",
    "SeatInput",
    "card_counts",
    "closer_question",
    "deal_inputs",
    "grid",
    "how_choices",
    "new_key",
    "seats_of",
    "upcard_cells",
]

#: the longest text one field takes (a hand typed in full, two packs: under 200 characters)
MAX_TEXT = 400
#: the most cards one hand's grid posts (a continental hand of four packs is far below)
MAX_TAPS = 120
_VALID = frozenset(CODES)
#: the suits in the grid's order: black and red in turn
GRID_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
_RED = (Suit.HEARTS, Suit.DIAMONDS)


def new_key() -> str:
    """A form's idempotency key: the same form sent twice saves once."""
    return secrets.token_urlsafe(12)


def _text(form: Form, name: str) -> str:
    return form.get(name)[:MAX_TEXT].strip()


def seats_of(state: Replay) -> list[tuple[int, str]]:
    """The players of the next deal (bridge: those still in) with their place on the sheet."""
    places = {name: i for i, name in enumerate(state.sheet.players)}
    return [(places[name], name) for name in state.tally.active() if name in places]


@dataclass
class SeatInput:
    """What one player's part of a form holds, as typed."""

    points: str = ""
    codes: list[str] = field(default_factory=list)
    typed: str = ""
    melded: str = ""

    @property
    def empty(self) -> bool:
        return not (self.codes or self.typed)

    def hand(self, name: str) -> str:
        """The hand as the engine reads it: the cards tapped (in the grid's order), then the
        cards typed; a typed hand grouped with ``|`` fixes the arrangement, so it cannot take
        taps beside it."""
        if self.codes and "|" in self.typed:
            raise DealError(
                _(
                    "{name}: the cards typed with | fix the arrangement; type the tapped cards "
                    "into it too, or clear the taps"
                ).format(name=name)
            )
        return " ".join([*self.codes, self.typed]).strip()

    def counts(self) -> Counter[str]:
        """Every card this player holds on the form (taps, typed, melds laid), by code."""
        out = Counter(self.codes)
        out.update(card_counts(self.typed))
        out.update(card_counts(self.melded))
        return out


def card_counts(text: str) -> Counter[str]:
    """The cards of a typed text by code (none when it does not read as cards yet)."""
    if not text.strip():
        return Counter()
    try:
        return Counter(CODES[c] for c in parse_cards(text.replace("|", " ")))
    except RemikcalcError:
        return Counter()


@dataclass
class DealForm:
    """One deal form as posted (or a fresh one): the version and key it was made with, each
    player's part, and the deal's own inputs."""

    version: str
    key: str
    #: the entries the sheet had when the form was made (to show what is new on a 409)
    deals: int
    seats: dict[int, SeatInput]
    closer: str = ""  # a place on the sheet, as text; "" when not chosen
    how: str = ""
    one_go: bool = False
    draw: bool = False
    upcard: str = ""
    plus: str = ""
    first_turn: bool = False
    no_draw: bool = False
    again: bool = False
    #: nothing typed yet (a page opened afresh): the phone may restore what it kept
    fresh: bool = True

    @classmethod
    def blank(cls, version: str, state: Replay) -> DealForm:
        seats = {i: SeatInput() for i, _name in seats_of(state)}
        return cls(version, new_key(), len(state.steps), seats)

    @classmethod
    def read(cls, form: Form, state: Replay) -> DealForm:
        seats: dict[int, SeatInput] = {}
        for i, _name in seats_of(state):
            codes = [c for c in form.all(f"c{i}") if c in _VALID][:MAX_TAPS]
            seats[i] = SeatInput(
                points=_text(form, f"p{i}"),
                codes=codes,
                typed=_text(form, f"t{i}"),
                melded=_text(form, f"m{i}"),
            )
        deals = form.get("deals")
        upcard = form.get("upcard")
        return cls(
            version=form.get("version")[:64],
            key=form.get("key")[:64],
            deals=int(deals) if deals.isdecimal() and len(deals) < 8 else len(state.steps),
            seats=seats,
            closer=form.get("closer")[:8],
            how=form.get("how")[:20],
            one_go=bool(form.get("one_go")),
            draw=bool(form.get("draw")),
            upcard=upcard if upcard in _VALID else "",
            plus=_text(form, "plus"),
            first_turn=bool(form.get("first_turn")),
            no_draw=bool(form.get("no_draw")),
            again=form.get("again") == "1",
            fresh=False,
        )

    def renewed(self, version: str, state: Replay) -> DealForm:
        """The same input on a form made from the sheet as it is now (after a 409)."""
        seats = {i: self.seats.get(i, SeatInput()) for i, _name in seats_of(state)}
        return replace(self, version=version, deals=len(state.steps), seats=seats, again=False)

    # --- the entry ---------------------------------------------------------------------------

    def closer_name(self, state: Replay) -> str | None:
        names = dict(seats_of(state))
        return names.get(int(self.closer)) if self.closer.isdecimal() else None

    def _how(self) -> str | None:
        return self.how or ("one_go" if self.one_go else None)

    def points_entry(self, state: Replay) -> DealEntry:
        """The deal as points only, as ``remikcalc add --score NAME=N ...`` gives it."""
        scores: dict[str, int] = {}
        for i, name in seats_of(state):
            typed = self.seats[i].points.replace("−", "-").replace(" ", "").replace("\u2009", "")
            if not typed:
                continue
            try:
                scores[name] = int(typed, 10)
            except ValueError:
                raise DealError(
                    _("{name}'s points: {value!r} is not a whole number").format(
                        name=name, value=typed
                    )
                ) from None
        if not scores and not self.draw:
            raise DealError(_("type the points of at least one player"))
        return DealEntry(
            scores=scores or None,
            closer=self.closer_name(state),
            how=self._how(),
            draw=self.draw,
        )

    def cards_entry(self, state: Replay) -> DealEntry:
        """The deal as hands (the cards tapped and typed) with the inputs the rules take."""
        rules = state.rules
        hands: dict[str, str] = {}
        melded: dict[str, str] = {}
        for i, name in seats_of(state):
            seat = self.seats[i]
            text = seat.hand(name)
            if text:
                hands[name] = text
            if seat.melded and takes(rules, "melded"):
                melded[name] = seat.melded
        plus: int | None = None
        if self.plus and takes(rules, "plus"):
            try:
                plus = int(self.plus.replace(" ", ""), 10)
            except ValueError:
                raise DealError(
                    _("the plus points: {value!r} are not a whole number").format(value=self.plus)
                ) from None
        return DealEntry(
            hands=hands,
            closer=self.closer_name(state),
            how=self._how(),
            draw=self.draw,
            upcard=(self.upcard or None) if takes(rules, "upcard") else None,
            plus=plus,
            melded=melded,
            first_turn=self.first_turn and takes(rules, "first_turn"),
            no_draw=self.no_draw and takes(rules, "no_draw"),
        )

    def others(self, seat: int) -> Counter[str]:
        """The cards the other players hold on this form, by code."""
        out: Counter[str] = Counter()
        for i, other in self.seats.items():
            if i != seat:
                out.update(other.counts())
        return out

    def typed_by_others(self, seat: int) -> Counter[str]:
        """The cards the other players typed (not tapped), by code: the taps are counted on
        the phone itself as they change."""
        out: Counter[str] = Counter()
        for i, other in self.seats.items():
            if i != seat:
                out.update(card_counts(other.typed))
                out.update(card_counts(other.melded))
        return out


# --- the grid -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cell:
    """One card of the tap grid: how many copies the pack has, how many this hand holds and
    how many the other hands hold."""

    code: str
    text: str
    red: bool
    #: starts a suit's row (the ace) or the jokers' row
    first: bool
    copies: int
    own: int = 0
    others: int = 0
    #: the others' count the phone keeps fixed (cards typed, or held on other phones); the
    #: taps in the other grids of the page it counts itself
    fixed: int = 0

    @property
    def free(self) -> int:
        """How many copies this hand may hold now."""
        return max(self.copies - self.others, self.own, 0)


def _cell(
    card: Card, copies: int, own: Counter[str], others: Mapping[str, int], fixed: Mapping[str, int]
) -> Cell:
    code = CODES[card]
    red = not card.is_joker and card.suit in _RED
    first = card.is_joker or card.rank is Rank.ACE
    return Cell(
        code,
        card_text(card),
        red,
        first,
        copies,
        own[code],
        others.get(code, 0),
        fixed.get(code, 0),
    )


def grid(
    rules: Rules,
    own: Iterable[str],
    others: Mapping[str, int],
    fixed: Mapping[str, int] | None = None,
) -> list[Cell]:
    """The pack of ``rules`` as cells: two rows of seven per suit (A-7, 8-K), then the
    jokers (one cell, as many copies as the pack has)."""
    mine = Counter(own)
    kept = others if fixed is None else fixed
    cells = [
        _cell(Card.of(rank, suit), rules.decks, mine, others, kept)
        for suit in GRID_SUITS
        for rank in Rank
    ]
    if rules.jokers:
        cells.append(_cell(JOKER, rules.jokers, mine, others, kept))
    return cells


def upcard_cells() -> list[Cell]:
    """The cards an up-card can be: one of each, no joker."""
    return [
        _cell(Card.of(rank, suit), 1, Counter(), {}, {}) for suit in GRID_SUITS for rank in Rank
    ]


# --- which inputs, and their words ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choice:
    """One chip of a choice: the value posted and the words on it."""

    value: str
    label: str


@dataclass(frozen=True, slots=True)
class Input:
    """One of a deal's own inputs the page shows: a switch, a card or a number."""

    name: str
    kind: str  # "flag", "card" or "count"
    label: str
    low: int = 0
    high: int = 0


def closer_question(rules: Rules) -> str:
    """Who closed, in the family's words: knocked, went out, closed."""
    closing = rules.spec.closing
    if closing == "knocked":
        return _("Who knocked?")
    if closing == "closed":
        return _("Who closed?")
    return _("Who went out?")


def how_choices(rules: Rules, *, points: bool) -> list[Choice]:
    """The outcome chips: as the cards (points) show, then each outcome the rules state."""
    stated = stated_outcomes(rules)
    if not stated:
        return []
    first = Choice("", _("as the points show") if points else _("as the cards show"))
    return [first, *(Choice(code, outcome_text(code)) for code in stated)]


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
    f = next(f for f in FIELDS if f.name == name)
    return _(f.help)


#: inputs laid out on their own: the closer and outcome chips, the hands, melds and points
_OWN_PLACE = ("closer", "how", "hands", "melded", "scores")


def deal_inputs(rules: Rules, *, points: bool) -> list[Input]:
    """The deal's own inputs these rules take, in FIELDS' order (a points-only deal takes
    only the draw among them: hands, melds, an up-card or plus points go with cards)."""
    out = []
    for f in FIELDS:
        if f.name in _OWN_PLACE or not takes(rules, f.name):
            continue
        if f.name == "draw" and not rules.spec.draw_allowed:
            continue
        if points and f.name != "draw":
            continue
        kind = {Kind.FLAG: "flag", Kind.CARD: "card", Kind.COUNT: "count"}.get(f.kind)
        if kind is not None:
            out.append(Input(f.name, kind, input_label(f.name), f.low, f.high))
    return out
