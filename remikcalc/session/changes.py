"""What a write changes: two replays of a sheet (as it is, and as a write would leave it)
lined up entry by entry, in typed values.

The sheet book's dry runs (:attr:`remikcalc.session.book.Preview.changes`) give it to both
front ends: the pad shows it before a correction is confirmed, the command line prints it for
``--dry-run``, and the pad's live pages say what another phone or a terminal changed. The words
are :mod:`remikcalc.render.changes`'s.

Deal numbers are the sheet's as it is now (the ones the players see); an entry that is only
on one side has ``None`` on the other.

>>> from remikcalc.sheet.model import DealEntry, Sheet
>>> from remikcalc.session.replay import replay
>>> sheet = Sheet("gin", ("Anna", "Boris"), entries=(DealEntry(scores={"Anna": 20}),))
>>> before = replay(sheet)
>>> after = replay(sheet.with_entries((DealEntry(scores={"Anna": 25}),)))
>>> found = changes(before, after, 1)
>>> found.rows[0].kind, found.rows[0].players[0].score
('changed', Change(before=20, after=25))
>>> found.totals[0].total
Change(before=Total(points=20, out=False), after=Total(points=25, out=False))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from itertools import zip_longest
from typing import Generic, Literal, TypeVar

from remikcalc.scoring.result import DealResult
from remikcalc.session.replay import Replay, Step, deal_numbers
from remikcalc.settle import Standing, standing
from remikcalc.sheet.model import same_entry

__all__ = [
    "Change",
    "Changes",
    "GameChange",
    "GameSpan",
    "PlayerChange",
    "RowChange",
    "Total",
    "Winner",
    "changes",
    "rows_between",
]

T = TypeVar("T")

#: what happens to one entry: put in another's place, added, taken out, or left as it was
RowKind = Literal["changed", "added", "removed", "same"]
#: a player's score in one entry: points, ``"reenters"`` for the player an event brings back,
#: None for the others in an event
Score = int | Literal["reenters"] | None


@dataclass(frozen=True, slots=True)
class Change(Generic[T]):
    """One value before and after the write (None: there is none on that side)."""

    before: T | None
    after: T | None

    @property
    def changed(self) -> bool:
        return self.before != self.after


@dataclass(frozen=True, slots=True)
class Total:
    """A player's total, and whether he is out of the game with it."""

    points: int
    out: bool = False


@dataclass(frozen=True, slots=True)
class PlayerChange:
    """One player in an entry's row (or at the sheet's end): the score, the total, and at the
    end the money (or the net, without a stake)."""

    name: str
    score: Change[Score]
    total: Change[Total]
    money: Change[Decimal | Fraction] | None = None

    @property
    def changed(self) -> bool:
        cells = (self.score, self.total, *(() if self.money is None else (self.money,)))
        return any(c.changed for c in cells)


@dataclass(frozen=True, slots=True)
class RowChange:
    """One entry from the first one changed on; a run of entries that do not change is one
    ``same`` row (its first and last deal, and how many entries)."""

    kind: RowKind
    #: the deal's number as the sheet shows it now (None: an event, or a ``same`` run)
    deal: int | None = None
    #: the entry before and after, scored (``what`` in words is the renderer's)
    step: Change[Step] | None = None
    players: tuple[PlayerChange, ...] = ()
    first: int | None = None
    last: int | None = None
    count: int = 0

    @property
    def edited(self) -> bool:
        """The entry itself is another (not only rescored by a change before it)."""
        step = self.step
        if self.kind != "changed" or step is None:
            return False
        before, after = step.before, step.after
        return before is None or after is None or not same_entry(before.entry, after.entry)


@dataclass(frozen=True, slots=True)
class GameSpan:
    """Where a game starts and ends, by deal number (``end`` None while it runs)."""

    start: int | None
    end: int | None


@dataclass(frozen=True, slots=True)
class GameChange:
    """A game whose start or end moves (None: there is no such game on that side)."""

    game: int
    before: GameSpan | None
    after: GameSpan | None


@dataclass(frozen=True, slots=True)
class Winner:
    """Who has won the sheet's game: ``name``, or nobody yet, or a shared win (``finished``
    with no name)."""

    name: str | None
    finished: bool


@dataclass(frozen=True, slots=True)
class Changes:
    """Everything a write changes."""

    rows: tuple[RowChange, ...]
    games: tuple[GameChange, ...]
    #: the players out of the game, where the variant puts players out
    out: Change[tuple[str, ...]] | None
    winner: Change[Winner]
    #: what the pool holds (stakes), where the variant has a pool
    pool: Change[Fraction] | None
    totals: tuple[PlayerChange, ...]
    #: ``money``: the settlement in money (a stake is set); ``net``: in points or stakes
    money_kind: Literal["money", "net"]
    #: an entry is taken out and later deals move up one number
    renumbered: bool

    @property
    def changed(self) -> bool:
        return (
            any(r.kind != "same" for r in self.rows)
            or bool(self.games)
            or any(p.changed for p in self.totals)
            or self.winner.changed
            or (self.out is not None and self.out.changed)
            or (self.pool is not None and self.pool.changed)
        )


def _score(step: Step | None, player: str) -> Score:
    if step is None:
        return None
    result = step.result
    if isinstance(result, DealResult):
        return result.scores.get(player, 0)
    return "reenters" if result.player == player else None


def _total(step: Step | None, player: str) -> Total | None:
    if step is None or player not in step.totals:
        return None
    return Total(step.totals[player], player in step.out)


def _same(old: Step, new: Step) -> bool:
    return (
        same_entry(old.entry, new.entry)
        and old.result == new.result
        and old.totals == new.totals
        and old.out == new.out
    )


def _row(players: Sequence[str], old: Step | None, new: Step | None, deal: int | None) -> RowChange:
    kind: RowKind = "removed" if new is None else "added" if old is None else "changed"
    if old is not None and new is not None and _same(old, new):
        kind = "same"
    cells = tuple(
        PlayerChange(
            p, Change(_score(old, p), _score(new, p)), Change(_total(old, p), _total(new, p))
        )
        for p in players
    )
    return RowChange(kind, deal, Change(old, new), cells)


def _collapsed(rows: list[RowChange]) -> tuple[RowChange, ...]:
    """Runs of unchanged rows as one ``same`` row (its first and last deal, and how many)."""
    out: list[RowChange] = []
    for row in rows:
        if row.kind != "same":
            out.append(row)
            continue
        if out and out[-1].kind == "same":
            prev = out[-1]
            first = prev.first if prev.first is not None else row.deal
            out[-1] = RowChange(
                "same", first=first, last=row.deal or prev.last, count=prev.count + 1
            )
        else:
            out.append(RowChange("same", first=row.deal, last=row.deal, count=1))
    return tuple(out)


def _spans(state: Replay, numbers: dict[int, int], origin: dict[int, int]) -> dict[int, GameSpan]:
    """Each game's first and last deal, numbered by ``numbers`` (the sheet's deal numbers as
    they are now) after mapping each entry through ``origin`` (its entry number now)."""

    def deal(step: Step) -> int | None:
        return numbers.get(origin.get(step.n, step.n))

    firsts: dict[int, Step] = {}
    lasts: dict[int, Step] = {}
    for step in state.steps:
        firsts.setdefault(step.game, step)
        lasts[step.game] = step
    top = max(lasts, default=0)
    return {
        game: GameSpan(
            deal(first),
            deal(lasts[game]) if game < top or state.tally.finished else None,
        )
        for game, first in firsts.items()
    }


def _games(before: dict[int, GameSpan], after: dict[int, GameSpan]) -> tuple[GameChange, ...]:
    """The games that start or end elsewhere (the first game always starts at deal 1)."""
    found = []
    for game in sorted(set(before) | set(after)):
        old, new = before.get(game), after.get(game)
        starts = game > 1 and (
            (old is None) != (new is None)
            or (old is not None and new is not None and old.start != new.start)
        )
        ends = old is not None and new is not None and old.end != new.end
        if starts or ends:
            found.append(GameChange(game, old, new))
    return tuple(found)


def _winner(state: Replay | None) -> Winner | None:
    if state is None:
        return None
    return Winner(state.tally.winner or None, state.tally.finished)


def _amount(settlement: Standing | None, player: str, *, money: bool) -> Decimal | Fraction | None:
    """A player's money (``money``), else his net; None where the sheet has none (no money
    before a stake is set)."""
    if settlement is None:
        return None
    if money:
        return None if settlement.money is None else settlement.money.get(player)
    return settlement.net_shown.get(player)


def _final(state: Replay | None, player: str) -> Total | None:
    """A player's total at the end of the sheet, and whether he is out."""
    if state is None:
        return None
    tally = state.tally
    return Total(tally.totals.get(player, 0), player in tally.eliminated())


def _rows(
    before: Replay | None, after: Replay, start: int, *, removed: bool
) -> tuple[RowChange, ...]:
    """:attr:`Changes.rows`: each entry from ``start`` on, before and after."""
    players = after.sheet.players
    old_steps = [] if before is None else before.steps
    numbers = deal_numbers(old_steps)
    new_numbers = deal_numbers(after.steps)
    rest_old = old_steps[start - 1 :]
    rest_new = after.steps[start - 1 :]
    rows: list[RowChange] = []
    if removed and rest_old:
        gone = rest_old.pop(0)
        rows.append(_row(players, gone, None, numbers.get(gone.n)))
    for old, new in zip_longest(rest_old, rest_new):
        if old is not None:
            deal = numbers.get(old.n)
        else:
            deal = None if new is None else new_numbers.get(new.n)
        rows.append(_row(players, old, new, deal))
    return _collapsed(rows)


def changes(before: Replay | None, after: Replay, start: int, *, removed: bool = False) -> Changes:
    """What changes from entry ``start`` (numbered from 1, events counted) on between the
    sheet as it is (``before``; None when it does not load) and as it would be (``after``).

    ``removed``: entry ``start`` is taken out (``delete``, ``undo``); otherwise it is replaced
    (``edit``) or, past the last entry, added (``add``, a re-entry).
    """
    players = after.sheet.players
    old_steps = [] if before is None else before.steps
    numbers = deal_numbers(old_steps)
    games: tuple[GameChange, ...] = ()
    if before is not None:
        shift = 1 if removed else 0  # each entry of the changed sheet: its number now
        origin = {s.n: s.n + shift if s.n >= start else s.n for s in after.steps}
        games = _games(_spans(before, numbers, {}), _spans(after, numbers, origin))
    old_settle = None if before is None else standing(before)
    new_settle = standing(after)
    money = new_settle.money is not None
    totals = tuple(
        PlayerChange(
            p,
            Change(None, None),
            Change(_final(before, p), _final(after, p)),
            Change(_amount(old_settle, p, money=money), _amount(new_settle, p, money=money)),
        )
        for p in players
    )
    pool = None
    if after.tally.has_pool:
        old_pool = None if old_settle is None else old_settle.pool
        pool = Change(old_pool, new_settle.pool)
    out = None
    if after.tally.eliminates:
        out = Change(
            None if before is None else before.tally.eliminated(), after.tally.eliminated()
        )
    return Changes(
        rows=_rows(before, after, start, removed=removed),
        games=games,
        out=out,
        winner=Change(_winner(before), _winner(after)),
        pool=pool,
        totals=totals,
        money_kind="money" if money else "net",
        renumbered=removed and any(s.n in numbers for s in old_steps[start:]),
    )


def rows_between(before: Replay, after: Replay) -> tuple[RowChange, ...]:
    """The rows of what changed from one version of a sheet to another, whoever wrote it
    (another phone, a terminal, an editor): from the first entry that differs, one entry taken
    out where that is what happened; none when the entries are the same (a comment edited).
    Only the rows (:func:`changes` settles both versions too)."""
    old = [step.entry for step in before.steps]
    new = [step.entry for step in after.steps]
    same = 0
    while same < min(len(old), len(new)) and same_entry(old[same], new[same]):
        same += 1
    if same == len(old) == len(new):
        return ()
    removed = len(old) == len(new) + 1 and all(
        same_entry(a, b) for a, b in zip(old[same + 1 :], new[same:], strict=True)
    )
    return _rows(before, after, same + 1, removed=removed)
