"""What a page shows of a sheet, made from the library's typed results, in the phone's
language: the words come from :mod:`remikcalc.render` (the same sentences the command line
prints), the layout from the templates."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.numtext import money_text, number_text
from remikcalc.games.result import POOL
from remikcalc.render.sheet import entry_text, scores_text, status_lines
from remikcalc.rules.variants import variant_word
from remikcalc.session import Replay, Settlement, settle
from remikcalc.session.replay import deal_numbers
from remikcalc.web.shelf import Served

__all__ = ["DealRow", "PlayerCell", "SheetSummary", "SheetView", "sheet_view", "summary"]


@dataclass(frozen=True, slots=True)
class SheetSummary:
    """A sheet in the list of sheets."""

    id: str
    name: str
    title: str
    players: tuple[str, ...]
    totals: str
    problem: str | None = None


@dataclass(frozen=True, slots=True)
class PlayerCell:
    """One player's box on the sheet: the total large, what is left, the money so far."""

    name: str
    total: str
    left: str | None
    money: str | None
    up: bool | None  # money (or net) above zero, below, or neither
    out: bool
    leader: bool


@dataclass(frozen=True, slots=True)
class DealRow:
    """One entry of the sheet: its deal number (None for an event), words and totals."""

    n: int
    deal: int | None
    game: int
    starts_game: bool
    what: str
    scores: str
    totals: str


@dataclass(frozen=True, slots=True)
class SheetView:
    """Everything the sheet's page shows."""

    id: str
    name: str
    title: str
    version: str
    variant: str
    players: tuple[str, ...]
    cells: tuple[PlayerCell, ...]
    status: tuple[str, ...]
    transfers: tuple[str, ...]
    rows: tuple[DealRow, ...]
    last_why: tuple[str, ...]
    game: int
    state: Replay = field(repr=False)
    settlement: Settlement = field(repr=False)


def _title(state: Replay) -> str:
    sheet = state.sheet
    return sheet.title or f"{variant_word(sheet.variant)}: {', '.join(sheet.players)}"


def summary(served: Served) -> SheetSummary:
    """The sheet as the list of sheets shows it (or the problem that stops it loading)."""
    try:
        state = served.book.replay()
    except RemikcalcError as exc:
        return SheetSummary(served.id, served.name, served.name, (), "", str(exc).splitlines()[0])
    totals = ", ".join(f"{p} {number_text(t)}" for p, t in state.tally.totals.items())
    return SheetSummary(served.id, served.name, _title(state), state.sheet.players, totals)


def _cells(settlement: Settlement) -> tuple[PlayerCell, ...]:
    state = settlement.replay
    tally, sheet = state.tally, state.sheet
    left = tally.left()
    out = set(tally.eliminated())
    top = max(tally.totals.values(), default=0)
    leaders = [p for p, t in tally.totals.items() if t == top]
    low = state.rules.spec.low_wins
    cells = []
    for p in sheet.players:
        total = tally.totals.get(p, 0)
        money: str | None = None
        value: Decimal | None = None
        if settlement.money is not None:
            value = settlement.money.get(p)
            if value is not None:
                money = money_text(value, sheet.currency, sheet.minor_digits)
        else:
            value = settlement.net_shown.get(p)
            if value is not None:
                money = number_text(value)
        cells.append(
            PlayerCell(
                name=p,
                total=number_text(total),
                left=None if p not in left else number_text(left[p]),
                money=money,
                up=None if not value else value > 0,
                out=p in out,
                leader=not low and len(leaders) == 1 and p == leaders[0] and bool(top),
            )
        )
    return tuple(cells)


def _transfers(settlement: Settlement) -> tuple[str, ...]:
    from remikcalc.render.settlement import transfer_lines

    return tuple(transfer_lines(settlement))


def _rows(state: Replay) -> tuple[DealRow, ...]:
    numbers = deal_numbers(state.steps)
    rows = []
    previous = 1
    for step in state.steps:
        totals = ", ".join(f"{p} {number_text(t)}" for p, t in step.totals.items())
        rows.append(
            DealRow(
                n=step.n,
                deal=numbers.get(step.n),
                game=step.game,
                starts_game=step.game != previous,
                what=entry_text(step),
                scores=scores_text(step),
                totals=totals,
            )
        )
        previous = step.game
    return tuple(rows)


def _last_why(state: Replay) -> tuple[str, ...]:
    from remikcalc.games.result import DealResult
    from remikcalc.games.why import reasons_text

    for step in reversed(state.steps):
        if isinstance(step.result, DealResult):
            return tuple(reasons_text(step.result.reasons))
    return ()


def sheet_view(served: Served) -> SheetView:
    """The sheet's page, from its replay and its settlement so far."""
    version, state = served.book.load()
    settlement = settle(state)
    return SheetView(
        id=served.id,
        name=served.name,
        title=_title(state),
        version=version,
        variant=variant_word(state.sheet.variant),
        players=state.sheet.players,
        cells=_cells(settlement),
        status=tuple(status_lines(state)),
        transfers=_transfers(settlement),
        rows=_rows(state),
        last_why=_last_why(state),
        game=state.tally.game_number,
        state=state,
        settlement=settlement,
    )


def pool_text(settlement: Settlement) -> str | None:
    """What is in the pool, for people (bridge), or None."""
    pool = settlement.net_shown.get(POOL)
    return None if pool is None else number_text(pool)
