"""What a page shows of a sheet, made from the library's typed results, in the phone's
language: the words come from :mod:`remikcalc.render` (the same sentences the command line
prints), the layout from the templates."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from remikcalc.base.errors import RemikcalcError
from remikcalc.base.i18n import _, current, ngettext
from remikcalc.base.numtext import money_text, number_text, signed
from remikcalc.render.settlement import mean_note
from remikcalc.render.sheet import dealer_line, entry_text, scores_text, status_lines
from remikcalc.render.summary import sheet_title
from remikcalc.rules.variant_words import variant_word
from remikcalc.scoring.result import POOL
from remikcalc.session import Replay
from remikcalc.session.replay import deal_numbers
from remikcalc.settle import PoolSummary, Settlement, settle
from remikcalc.sheet.model import Sheet
from remikcalc.web.shelf import Served

__all__ = [
    "DealRow",
    "GameGroup",
    "PlayerCell",
    "SheetSummary",
    "SheetView",
    "pool_text",
    "sheet_view",
    "summary",
]


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
    #: Hollywood: the player's total in each of the three columns
    columns: tuple[str, ...] = ()
    #: remik bridge: the stakes the player has paid into the pool so far
    paid_in: str | None = None


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
    #: the players out after this entry (bridge)
    out: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GameGroup:
    """The deals of one game (Hollywood: the whole sheet), newest first, under a heading."""

    n: int
    heading: str
    rows: tuple[DealRow, ...]
    finished: bool
    current: bool


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
    #: the deals grouped by game, the newest game first (each group's rows newest first)
    games: tuple[GameGroup, ...] = ()
    #: Hollywood scoring: the cells hold three column totals each
    hollywood: bool = False
    #: the pool (bridge) in words: what is in it (and its money), and who paid in
    pool: tuple[str, ...] = ()
    #: the players out of the running game (bridge)
    out: tuple[str, ...] = ()
    #: the money so far is in money (a stake), else in points (or stakes)
    staked: bool = False
    #: the last deal: "Deal 7: Anna knocked" and its scores
    last_label: str | None = None
    last_scores: str | None = None
    #: the deals so far (events are not deals)
    deals: int = 0
    #: the limit puts a player out (bridge) rather than winning the game
    eliminates: bool = False
    #: who deals next: "Next to deal: Boris", or None when that is not known
    dealer: str | None = None
    #: a game settled against the mean of the totals: what the money goes by, in words
    mean: str | None = None


def summary(served: Served) -> SheetSummary:
    """The sheet as the list of sheets shows it (or the problem that stops it loading)."""
    try:
        state = served.book.replay()
    except RemikcalcError as exc:
        return SheetSummary(served.id, served.name, served.name, (), "", str(exc).splitlines()[0])
    totals = ", ".join(f"{p} {number_text(t)}" for p, t in state.tally.totals.items())
    return SheetSummary(served.id, served.name, sheet_title(state), state.sheet.players, totals)


def _cells(settlement: Settlement) -> tuple[PlayerCell, ...]:
    state = settlement.replay
    tally, sheet = state.tally, state.sheet
    left = tally.left()
    out = set(tally.eliminated())
    top = max(tally.totals.values(), default=0)
    leaders = [p for p, t in tally.totals.items() if t == top]
    low = state.rules.spec.low_wins
    columns = tally.columns()
    paid_in = tally.extra().get("paid_in", {})
    cells = []
    for p in sheet.players:
        total = tally.totals.get(p, 0)
        money: str | None = None
        value: Decimal | None = None
        if settlement.money is not None:
            value = settlement.money.get(p)
            if value is not None:
                money = signed(money_text(value, sheet.currency, sheet.minor_digits), value)
        else:
            value = settlement.net_shown.get(p)
            if value is not None:
                money = signed(number_text(value), value)
        cells.append(
            PlayerCell(
                name=p,
                total=number_text(total),
                left=None if p not in left else number_text(left[p]),
                money=money,
                up=None if not value else value > 0,
                out=p in out,
                leader=not low and len(leaders) == 1 and p == leaders[0] and bool(top),
                columns=tuple(number_text(c.totals.get(p, 0)) for c in columns),
                paid_in=None if p not in paid_in else _paid_in_text(paid_in[p]),
            )
        )
    return tuple(cells)


def _paid_in_text(stakes: Fraction) -> str:
    """What a remik bridge player has paid into the pool: "paid in 1.5 stakes"."""
    from remikcalc.render import plural_number

    line = ngettext("paid in {n} stake", "paid in {n} stakes", plural_number(stakes))
    return line.format(n=number_text(stakes))


def _transfers(settlement: Settlement) -> tuple[str, ...]:
    from remikcalc.render.settlement import transfer_lines

    return tuple(transfer_lines(settlement))


def _rows(state: Replay) -> tuple[DealRow, ...]:
    numbers = deal_numbers(state.steps)
    history = state.tally.column_history()  # Hollywood: the columns after each entry
    rows = []
    previous = 1
    for i, step in enumerate(state.steps):
        if history:
            columns = history[i]
            totals = ", ".join(
                f"{p} " + "/".join(number_text(c.get(p, 0)) for c in columns)
                for p in state.sheet.players
            )
        else:
            totals = ", ".join(
                f"{p} "
                + (
                    _("{total} out").format(total=number_text(t))
                    if p in step.out
                    else number_text(t)
                )
                for p, t in step.totals.items()
            )
        rows.append(
            DealRow(
                n=step.n,
                deal=numbers.get(step.n),
                game=step.game,
                starts_game=step.game != previous,
                what=entry_text(step),
                scores=scores_text(step),
                totals=totals,
                out=step.out,
            )
        )
        previous = step.game
    return tuple(rows)


def _games(state: Replay, rows: tuple[DealRow, ...]) -> tuple[GameGroup, ...]:
    """The rows grouped by game, the newest game first, each with its heading."""
    tally = state.tally
    results = [] if tally.columns() else list(tally.extra().get("games", []))
    count = max([tally.game_number, *(row.game for row in rows)])
    groups = []
    for n in range(count, 0, -1):
        mine = tuple(reversed([row for row in rows if row.game == n]))
        result = results[n - 1] if n - 1 < len(results) else None
        finished = result is not None and result.finished
        if finished and result is not None and result.winner:
            heading = _("Game {n}: won by {winner}").format(n=n, winner=result.winner)
        elif finished:
            heading = _("Game {n}: finished").format(n=n)
        else:
            heading = _("Game {n}: playing").format(n=n)
        groups.append(GameGroup(n, heading, mine, finished, n == count))
    return tuple(groups)


def _pool(settlement: Settlement) -> tuple[str, ...]:
    """The bridge pool in words: who took it when the game ended, what is in it (and its
    money) and who paid it in."""
    state = settlement.replay
    if not state.tally.has_pool:
        return ()
    from remikcalc.render import plural_number
    from remikcalc.settle import pool_summary

    pool = pool_summary(state)
    lines = []
    if pool.taken_by:  # the game is over: who took the pool first, an empty pool unsaid
        lines.append(_taken_text(pool, state.sheet))
    if pool.pool or not pool.taken_by:
        amount, n = number_text(pool.pool), plural_number(pool.pool)
        if pool.money is not None:
            money = money_text(pool.money, pool.currency, state.sheet.minor_digits)
            line = ngettext("Pool: {amount} stake = {money}", "Pool: {amount} stakes = {money}", n)
            lines.append(line.format(amount=amount, money=money))
        else:
            line = ngettext("Pool: {amount} stake", "Pool: {amount} stakes", n)
            lines.append(line.format(amount=amount))
    paid = ", ".join(f"{p} {number_text(v)}" for p, v in pool.paid_in.items())
    lines.append(_("Paid in so far: {players}").format(players=paid))
    return tuple(lines)


def _taken_text(pool: PoolSummary, sheet: Sheet) -> str:
    """Who took the pool when the game ended, and what it held: "Vera took the pool (11.50
    PLN)", without a stake "(8 stakes)"; shared: "Anna and Vera shared the pool (...)"."""
    from remikcalc.base.money import round_money
    from remikcalc.render import plural_number

    if sheet.stake is not None:
        money = round_money(pool.paid_out * Fraction(sheet.stake), sheet.minor_digits)
        amount = money_text(money, sheet.currency, sheet.minor_digits)
    else:
        n = plural_number(pool.paid_out)
        amount = ngettext("{amount} stake", "{amount} stakes", n).format(
            amount=number_text(pool.paid_out)
        )
    names = list(pool.taken_by)
    if len(names) == 1:
        return _("{player} took the pool ({amount})").format(player=names[0], amount=amount)
    players = _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])
    return _("{players} shared the pool ({amount})").format(players=players, amount=amount)


#: the status lines a sheet page says in its own way: the points left (each player's box says
#: "23 to go" or "23 before out"), the pool (its own box) and who deals next (a line of its own)
_SAID_ELSEWHERE = frozenset({"left", "pool", "dealer"})


def _status(state: Replay) -> tuple[str, ...]:
    """The command line's status lines but for what the page says in its own way."""
    return tuple(line.text for line in status_lines(state) if line.kind not in _SAID_ELSEWHERE)


def _last_why(state: Replay) -> tuple[str, ...]:
    from remikcalc.scoring.result import DealResult
    from remikcalc.scoring.why import reasons_text

    for step in reversed(state.steps):
        if isinstance(step.result, DealResult):
            return tuple(reasons_text(step.result.reasons))
    return ()


def _last(state: Replay) -> tuple[str | None, str | None]:
    """The last entry: "Deal 7: Anna knocked" (a re-entry as itself: "Boris re-enters"; the
    command line's "e1" is how ``edit`` addresses it, no word for the table), its scores."""
    from remikcalc.render.sheet import step_label

    if not state.steps:
        return None, None
    step = state.steps[-1]
    if step.n not in deal_numbers(state.steps):
        return entry_text(step), scores_text(step)
    label = _("{label}: {entry}").format(label=step_label(state, step), entry=entry_text(step))
    return label, scores_text(step)


def sheet_view(served: Served) -> SheetView:
    """The sheet's page, from its replay and its settlement so far."""
    version, state = served.book.load()

    def make() -> SheetView:
        return _view(served, version, state)

    # one rendering per version and language (the words are in the phone's language)
    from remikcalc.cards.text import notation

    key = (version, current(), notation(), "sheet_view")
    return served.cached(key, make)  # type: ignore[no-any-return]


def _view(served: Served, version: str, state: Replay) -> SheetView:
    settlement = settle(state)
    rows = _rows(state)
    last_label, last_scores = _last(state)
    return SheetView(
        id=served.id,
        name=served.name,
        title=sheet_title(state),
        version=version,
        variant=variant_word(state.sheet.variant),
        players=state.sheet.players,
        cells=_cells(settlement),
        status=_status(state),
        transfers=_transfers(settlement),
        rows=rows,
        last_why=_last_why(state),
        game=state.tally.game_number,
        state=state,
        settlement=settlement,
        games=_games(state, rows),
        hollywood=bool(state.tally.columns()),
        pool=_pool(settlement),
        out=state.tally.eliminated(),
        staked=settlement.money is not None,
        last_label=last_label,
        last_scores=last_scores,
        deals=len(deal_numbers(state.steps)),
        eliminates=state.tally.eliminates,
        dealer=dealer_line(state),
        mean=mean_note(settlement) if state.steps else None,
    )


def pool_text(settlement: Settlement) -> str | None:
    """What is in the pool, for people (bridge), or None."""
    pool = settlement.net_shown.get(POOL)
    return None if pool is None else number_text(pool)
