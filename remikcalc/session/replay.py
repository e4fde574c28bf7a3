"""Replaying a score sheet: every entry scored in order, the totals after each, and the
game each belongs to.

A :class:`~remikcalc.sheet.model.Sheet` holds what was typed at the table (hands as text,
points-only deals, re-entry events), never computed results: replaying it through the scoring
code and its family's tally gives every deal's result and the running totals.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from remikcalc.base.errors import DealError, RemikcalcError, SettleError, SheetError
from remikcalc.base.gcpause import collector_paused
from remikcalc.base.i18n import _, ngettext
from remikcalc.cards.notation import format_groups
from remikcalc.rules.ruleset import Rules
from remikcalc.scoring import score_deal
from remikcalc.scoring.deal import Deal, build_deal, player_named
from remikcalc.scoring.points import score_points
from remikcalc.scoring.result import DealResult
from remikcalc.scoring.tally import Reentry, Tally, make_tally
from remikcalc.session.dealing import dealer_after
from remikcalc.sheet.model import DealEntry, Entry, ReentryEntry, Sheet

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Step:
    """One replayed entry: its result and the totals after it."""

    n: int
    entry: Entry
    result: DealResult | Reentry
    totals: dict[str, int]
    out: tuple[str, ...] = ()
    #: the game the entry belongs to (1 for the first); the first deal after a finished game
    #: starts the next one (``show`` marks where)
    game: int = 1
    #: who dealt this deal, by the variant's rule (:mod:`remikcalc.session.dealing`); None for
    #: an event, or when it is not known
    dealer: str | None = None


class Replay:
    """The state of a sheet after replaying its entries: the rules, the family's tally, a
    :class:`Step` per entry, and the sheet as replayed so far (:attr:`sheet`: the sheet's own
    entries as it holds them, then each entry :meth:`apply` added, written canonically)."""

    __slots__ = ("_added", "_head", "_kept", "_sheet", "rules", "steps", "tally")

    def __init__(
        self, sheet: Sheet, rules: Rules, tally: Tally, steps: Sequence[Step] = ()
    ) -> None:
        self._head = sheet  # the settings and the entries replayed as the sheet holds them
        self._added: list[Entry] = []  # the entries applied since, canonical
        self._sheet: Sheet | None = sheet
        self.rules = rules
        self.tally = tally
        self.steps: list[Step] = list(steps)
        self._kept: dict[str, tuple[int, Any]] = {}  # see kept()

    @property
    def sheet(self) -> Sheet:
        """The sheet as replayed so far: what a file holding these entries would read as."""
        if self._sheet is None:
            head = self._head
            self._sheet = head.with_entries((*head.entries, *self._added))
        return self._sheet

    def fork(self) -> Replay:
        """A copy to score more entries into, leaving this replay as it is (a sheet's replay
        is kept between reads; a write works on a fork of it). The steps are immutable and
        shared; the tally, which scoring changes, is copied."""
        tally = copy.deepcopy(self.tally, {id(self.rules): self.rules})
        forked = Replay(self._head, self.rules, tally, self.steps)
        forked._added = list(self._added)
        forked._sheet = self._sheet
        return forked

    def written(self, entry: Entry) -> Entry:
        """``entry`` as :meth:`apply` would write it now (names as the players', cards
        canonical), without scoring it into the tally; raises as :meth:`apply` would."""
        if isinstance(entry, ReentryEntry):
            return dataclasses.replace(
                entry, player=_named(entry.player, self.tally.players, "player")
            )
        if entry.scores is not None:
            return score_points(self.rules, self.tally.active(), entry)[0]
        return _canonical(entry, build_deal(self.rules, self.tally.active(), entry))

    def next_dealer(self) -> str | None:
        """Who deals the next deal, by the variant's rule (docs/RULES.md, "Who deals"); None
        when that is not known (no first dealer on the sheet and, where the winner deals, no
        deal won yet) or no deal is to come (the sheet is closed)."""
        if self.tally.closed() is not None:
            return None
        last = next((s for s in reversed(self.steps) if isinstance(s.result, DealResult)), None)
        if last is None:
            return self.sheet.dealer
        assert isinstance(last.result, DealResult)
        passing = self.rules.spec.deal_passes
        playing = self.tally.active() if passing == "left" else ()
        return dealer_after(passing, self.sheet.players, playing, last.dealer, last.result.winner)

    def kept(self, key: str, make: Callable[[Replay], T]) -> T:
        """``make(self)``, worked out once for the replay as it stands and kept until another
        entry is scored into it (a sheet's replay is kept while its file is unchanged, so a
        figure every preview compares with, its standing, is worked out once per version).
        A fork keeps nothing of it."""
        found = self._kept.get(key)
        if found is not None and found[0] == len(self.steps):
            return found[1]  # type: ignore[no-any-return]
        value = make(self)
        self._kept[key] = (len(self.steps), value)
        return value

    def apply(self, entry: Entry) -> tuple[Entry, Step]:
        """Score one more entry and add it to :attr:`sheet`, written canonically: returns it
        so written, and its step.

        Raises the scoring's own error (``DealError``, ``SettleError``, ...) unchanged, and
        then leaves the replay as it was.
        """
        canonical, step = self._score(entry)
        self._added.append(canonical)
        self._sheet = None
        return canonical, step

    def extend(self, entries: Sequence[Entry]) -> None:
        """Score entries that a sheet holds, and add them to :attr:`sheet` as it holds them
        (a sheet's own entries keep their layout, lines and notes). Stops at the first entry
        that cannot be scored, raising its error; the entries before it stay scored."""
        with collector_paused():  # the steps and results of a long sheet: no cycles among them
            for entry in entries:
                self._score(entry)
                self._added.append(entry)
                self._sheet = None

    def _score(self, entry: Entry) -> tuple[Entry, Step]:
        tally = self.tally
        dealer = None
        if isinstance(entry, ReentryEntry):
            name = _named(entry.player, tally.players, "player")
            event = tally.reenter(name)
            canonical: Entry = dataclasses.replace(entry, player=name)
            result: DealResult | Reentry = event
        else:
            why = tally.closed()
            if why is not None:
                raise SettleError(
                    _("no more deals: {why}").format(why=why),
                    code="no_more_deals",
                    details={"why": why},
                )
            tally.check_playing([*entry.hands, *entry.melded, *(entry.scores or ()), entry.closer])
            dealer = self.next_dealer()
            _check_counted_playing(tally, entry)
            if entry.scores is not None:
                canonical, result = score_points(self.rules, tally.active(), entry)
            else:
                deal = build_deal(self.rules, tally.active(), entry)
                result = score_deal(self.rules, deal)
                canonical = _canonical(entry, deal)
            tally.add(result)
        out = tally.eliminated()
        step = Step(
            len(self.steps) + 1,
            canonical,
            result,
            dict(tally.totals),
            out,
            tally.game_number,
            dealer,
        )
        self.steps.append(step)
        return canonical, step


def deal_numbers(steps: Sequence[Step]) -> dict[int, int]:
    """Each deal's number as ``show`` gives it, by entry number: events (a re-entry) are
    not deals and have none, so the deals are numbered 1, 2, 3 around them."""
    numbers: dict[int, int] = {}
    for step in steps:
        if not isinstance(step.result, Reentry):
            numbers[step.n] = len(numbers) + 1
    return numbers


def event_numbers(steps: Sequence[Step]) -> dict[int, int]:
    """Each event's number (a re-entry), by entry number: ``show`` marks the first event
    ``e1``, and ``edit``/``delete`` address it so."""
    numbers: dict[int, int] = {}
    for step in steps:
        if isinstance(step.result, Reentry):
            numbers[step.n] = len(numbers) + 1
    return numbers


def start(sheet: Sheet) -> Replay:
    """A replay of ``sheet``'s settings with no entry scored yet."""
    rules = sheet.game_rules()
    return Replay(sheet.with_entries(()), rules, make_tally(rules, sheet.players))


def replay(sheet: Sheet) -> Replay:
    """Replay every entry; all problems are reported at once in one :class:`SheetError`."""
    try:
        state = start(sheet)
    except RemikcalcError as exc:
        raise SheetError(
            _where(sheet, 0, _("rules: {problem}").format(problem=exc)),
            code="sheet_problems",
            field="rules",
            quoted=(exc,),
        ) from None
    problems: list[str] = []
    refused: list[RemikcalcError] = []
    with collector_paused():  # the steps and results of a long sheet: no cycles among them
        for n, entry in enumerate(sheet.entries, start=1):
            try:
                state._score(entry)  # its own sheet's entries: added whole below
            except RemikcalcError as exc:
                if isinstance(entry, ReentryEntry):
                    text = _("entry {n}: {problem}").format(n=n, problem=exc)
                else:
                    text = _("deal {n}: {problem}").format(n=n, problem=exc)
                problems.append(_where(sheet, entry.line, text))
                refused.append(exc)
    if problems:
        head = ngettext(
            "{sheet}: {n} deal cannot be scored:",
            "{sheet}: {n} deals cannot be scored:",
            len(problems),
        ).format(sheet=sheet.path or _("the sheet"), n=len(problems))
        raise SheetError(
            "\n".join([head, *problems]) if len(problems) > 1 else problems[0],
            code="deals_not_scored",
            details={"deals": len(problems)},
            quoted=refused,
        )
    state._added = list(sheet.entries)  # as the sheet holds them
    state._sheet = sheet
    return state


def _where(sheet: Sheet, line: int, text: str) -> str:
    place = sheet.path or _("sheet")
    return f"{place}:{line}: {text}" if line else f"{place}: {text}"


def _named(name: str, players: Sequence[str], what: str) -> str:
    try:
        return player_named(name, players, what, scope="sheet")
    except DealError as exc:
        raise SettleError(
            str(exc), code=exc.code, field="reenter", player=exc.player, details=exc.details
        ) from None


def _check_counted_playing(tally: Tally, entry: DealEntry) -> None:
    """A count (or melded value) for a player who is out (bridge) is refused as his hand
    would be, typed: ``player_out`` on the input that names him."""
    for key in ("counts", "melded_value"):
        for name in getattr(entry, key) or ():
            try:
                tally.check_playing([name])
            except DealError as exc:
                raise exc.retold(exc.message, field=key, player=name) from None


def _canonical(entry: DealEntry, deal: Deal) -> DealEntry:
    """The entry as it is written back: player names as on the sheet, cards canonical."""
    return dataclasses.replace(
        entry,
        hands={p: str(h) for p, h in deal.hands.items()},
        closer=deal.closer,
        how=deal.how,
        draw=deal.draw,
        upcard=None if deal.upcard is None else deal.upcard.code,
        melded={p: format_groups(g) for p, g in deal.melded.items()},
        counts=None if deal.counts is None else dict(deal.counts),
        melded_value=None if entry.melded_value is None else dict(deal.melded_value),
    )
