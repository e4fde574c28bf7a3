"""What a correction changes, shown before it is saved: the sheet replayed as it is and as the
library's dry run (:class:`~remikcalc.session.book.Preview`, or a replay with one more entry
applied) would leave it, compared entry by entry.

Nothing here scores anything: both sides are replays made by the library; this module lines
them up (the entries from the one corrected on), says where they differ (each deal's scores and
totals, where games start and end, who is out, the winner, the money so far) and leaves the
words to :mod:`remikcalc.render` and the layout to the templates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import zip_longest

from remikcalc.base.i18n import _
from remikcalc.base.numtext import money_text, number_text
from remikcalc.render.sheet import entry_text
from remikcalc.scoring.result import DealResult
from remikcalc.session import Replay, Step
from remikcalc.session.replay import deal_numbers
from remikcalc.settle import Settlement, settle

__all__ = ["Cell", "Consequences", "PlayerChange", "RowChange", "consequences"]


@dataclass(frozen=True, slots=True)
class Cell:
    """One value before and after the correction (None: there is none on that side)."""

    before: str | None
    after: str | None

    @property
    def changed(self) -> bool:
        return self.before != self.after


@dataclass(frozen=True, slots=True)
class PlayerChange:
    """One player in a deal's row (or in the sheet's end): the score, the total, the money."""

    name: str
    score: Cell
    total: Cell
    money: Cell | None = None

    @property
    def changed(self) -> bool:
        cells = (self.score, self.total, *(() if self.money is None else (self.money,)))
        return any(c.changed for c in cells)


@dataclass(frozen=True, slots=True)
class RowChange:
    """One entry from the corrected one on: ``changed``, ``added``, ``removed``, or ``same``
    (a run of entries that do not change, ``first`` to ``last``)."""

    kind: str
    deal: int | None = None  # the deal's number as the sheet shows it now (None: an event)
    what: Cell | None = None
    players: tuple[PlayerChange, ...] = ()
    first: int | None = None
    last: int | None = None
    count: int = 0


@dataclass(frozen=True, slots=True)
class Consequences:
    """Everything a correction changes, for the preview."""

    rows: tuple[RowChange, ...]
    games: tuple[str, ...]
    out: Cell | None
    winner: Cell
    pool: Cell | None
    totals: tuple[PlayerChange, ...]
    money_kind: str  # "money", "net" (points or stakes without a stake set)
    renumbered: str | None  # a sentence when the deals after a removed one move up

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


def _score(step: Step | None, player: str) -> str | None:
    if step is None:
        return None
    result = step.result
    if isinstance(result, DealResult):
        value = result.scores.get(player, 0)
        return ("+" if value > 0 else "") + number_text(value)
    return "" if result.player != player else _("re-enters")


def _total(step: Step | None, player: str) -> str | None:
    if step is None or player not in step.totals:
        return None
    text = number_text(step.totals[player])
    return _("{total} out").format(total=text) if player in step.out else text


def _row(players: Sequence[str], old: Step | None, new: Step | None, deal: int | None) -> RowChange:
    kind = "removed" if new is None else "added" if old is None else "changed"
    what = Cell(None if old is None else entry_text(old), None if new is None else entry_text(new))
    cells = tuple(
        PlayerChange(p, Cell(_score(old, p), _score(new, p)), Cell(_total(old, p), _total(new, p)))
        for p in players
    )
    if kind == "changed" and not what.changed and not any(c.changed for c in cells):
        kind = "same"
    return RowChange(kind, deal, what, cells)


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


@dataclass(frozen=True, slots=True)
class _Game:
    start: int | None  # the deal (as numbered before the correction) the game starts at
    end: int | None  # the deal it ended at, None while it runs


def _games(state: Replay, numbers: dict[int, int], origin: dict[int, int]) -> dict[int, _Game]:
    """Each game's first and last deal, numbered by ``numbers`` (the sheet's deal numbers as
    they are now) after mapping each entry through ``origin`` (its entry number now)."""

    def deal(step: Step) -> int | None:
        return numbers.get(origin.get(step.n, step.n))

    firsts: dict[int, Step] = {}
    lasts: dict[int, Step] = {}
    for step in state.steps:
        firsts.setdefault(step.game, step)
        lasts[step.game] = step
    games: dict[int, _Game] = {}
    top = max(lasts, default=0)
    for game, first in firsts.items():
        ended = game < top or state.tally.finished
        games[game] = _Game(deal(first), deal(lasts[game]) if ended else None)
    return games


def _game_lines(before: dict[int, _Game], after: dict[int, _Game]) -> tuple[str, ...]:
    lines: list[str] = []
    for game in sorted(set(before) | set(after)):
        old, new = before.get(game), after.get(game)
        if game > 1:
            if old is not None and new is not None and old.start != new.start:
                lines.append(
                    _("Game {game} starts at deal {new} instead of deal {old}.").format(
                        game=game, new=new.start, old=old.start
                    )
                )
            elif new is not None and old is None:
                lines.append(
                    _("Game {game} now starts at deal {new}.").format(game=game, new=new.start)
                )
            elif old is not None and new is None:
                lines.append(
                    _("There is no game {game} any more (it started at deal {old}).").format(
                        game=game, old=old.start
                    )
                )
        if old is None or new is None or old.end == new.end:
            continue
        if old.end is not None and new.end is not None:
            line = _("Game {game} now ends at deal {new} instead of deal {old}.")
        elif new.end is not None:
            line = _("Game {game} now ends at deal {new}.")
        else:
            line = _("Game {game} no longer ends at deal {old}: it goes on.")
        lines.append(line.format(game=game, new=new.end, old=old.end))
    return tuple(lines)


def _winner(state: Replay | None) -> str | None:
    if state is None:
        return None
    tally = state.tally
    if tally.winner:
        return tally.winner
    if tally.finished:
        return _("a shared win")
    return "—"


def _out(state: Replay | None) -> str | None:
    if state is None:
        return None
    return ", ".join(state.tally.eliminated()) or _("nobody")


def _money(settlement: Settlement | None, player: str) -> str | None:
    if settlement is None:
        return None
    sheet = settlement.sheet
    if settlement.money is not None:
        value = settlement.money.get(player)
        return None if value is None else money_text(value, sheet.currency, sheet.minor_digits)
    net = settlement.net_shown.get(player)
    return None if net is None else number_text(net)


def _final(state: Replay | None, player: str) -> str | None:
    """A player's total at the end of the sheet, marked when he is out."""
    if state is None:
        return None
    tally = state.tally
    text = number_text(tally.totals.get(player, 0))
    return _("{total} out").format(total=text) if player in tally.eliminated() else text


def consequences(
    before: Replay | None, after: Replay, start: int, *, removed: bool = False
) -> Consequences:
    """What changes from entry ``start`` (numbered from 1, events counted) on between the
    sheet as it is (``before``; None when it does not load) and as it would be (``after``).

    ``removed``: entry ``start`` is taken out (``delete``, ``undo``); otherwise it is replaced
    (``edit``) or, past the last entry, added (a re-entry). Deal numbers are the sheet's as it
    is now, so that they match what the players see.
    """
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
    games: tuple[str, ...] = ()
    if before is not None:
        shift = 1 if removed else 0  # each entry of the corrected sheet: its number now
        origin = {s.n: s.n + shift if s.n >= start else s.n for s in after.steps}
        games = _game_lines(_games(before, numbers, {}), _games(after, numbers, origin))
    old_settle = None if before is None else settle(before)
    new_settle = settle(after)
    totals = tuple(
        PlayerChange(
            p,
            Cell(None, None),
            Cell(_final(before, p), _final(after, p)),
            Cell(_money(old_settle, p), _money(new_settle, p)),
        )
        for p in players
    )
    pool = None
    if after.tally.has_pool:
        old_pool = None if old_settle is None else old_settle.tally.pool()
        pool = Cell(
            None if old_pool is None else number_text(old_pool),
            number_text(new_settle.tally.pool()),
        )
    renumbered = None
    if removed and any(s.n in numbers for s in old_steps[start:]):
        renumbered = _(
            "Deal numbers here are the sheet's as it is now: once it is removed, the deals "
            "after it move up one number."
        )
    return Consequences(
        rows=_collapsed(rows),
        games=games,
        out=Cell(_out(before), _out(after)) if after.tally.eliminates else None,
        winner=Cell(_winner(before), _winner(after)),
        pool=pool,
        totals=totals,
        money_kind="money" if new_settle.money is not None else "net",
        renumbered=renumbered,
    )
