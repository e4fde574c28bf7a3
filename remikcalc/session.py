"""A score sheet as data, and its replay into scored deals and a settlement.

A :class:`~remikcalc.sheet.model.Sheet` holds what was typed at the table (hands as text,
points-only deals, re-entry events), never computed results: replaying it through the scoring
code and a :mod:`~remikcalc.settle` tally gives every deal's result, the running totals and
the settlement. The sheet's data classes live in :mod:`remikcalc.sheet.model` (imported here
for callers of this module); reading and writing the YAML file is :mod:`remikcalc.sheet`'s
job; this module does not import YAML.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from remikcalc.cards import format_groups
from remikcalc.errors import DealError, RemikcalcError, SettleError, SheetError
from remikcalc.money import (
    Transfer,
    decimal_text,
    fewest_transfers,
    round_money,
    round_spread,
)
from remikcalc.scoring import score_deal
from remikcalc.scoring.base import POOL, Deal, DealResult
from remikcalc.scoring.deal import build_deal, player_named
from remikcalc.scoring.points import score_points
from remikcalc.settle import BridgeTally, Reentry, Tally, make_tally
from remikcalc.sheet.model import DealEntry, Entry, ReentryEntry, Sheet
from remikcalc.variants import Rules

__all__ = [
    "DealEntry",
    "Entry",
    "ReentryEntry",
    "Replay",
    "Sheet",
    "Step",
    "PoolSummary",
    "Settlement",
    "pool_summary",
    "replay",
    "settle",
]


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


@dataclass(slots=True)
class Replay:
    """The state of a sheet after replaying its entries."""

    sheet: Sheet
    rules: Rules
    tally: Tally
    steps: list[Step] = field(default_factory=list)

    def apply(self, entry: Entry) -> tuple[Entry, Step]:
        """Score one more entry: returns it written canonically, and its step.

        Raises the scoring's own error (``DealError``, ``SettleError``, ...) unchanged.
        """
        tally = self.tally
        if isinstance(entry, ReentryEntry):
            name = _named(entry.player, tally.players, "player")
            event = tally.reenter(name)
            canonical: Entry = dataclasses.replace(entry, player=name)
            result: DealResult | Reentry = event
        else:
            why = tally.closed()
            if why is not None:
                raise SettleError(f"no more deals: {why}")
            tally.check_playing([*entry.hands, *entry.melded, *(entry.scores or ()),
                                 entry.closer])  # fmt: skip
            if entry.scores is not None:
                canonical, result = score_points(self.rules, tally.active(), entry)
            else:
                deal = build_deal(self.rules, tally.active(), entry)
                result = score_deal(self.rules, deal)
                canonical = _canonical(entry, deal)
            tally.add(result)
        out = tuple(p for p in tally.players if p not in tally.active())
        step = Step(len(self.steps) + 1, canonical, result, dict(tally.totals), out,
                    tally.game_number)  # fmt: skip
        self.steps.append(step)
        return canonical, step


def start(sheet: Sheet) -> Replay:
    rules = sheet.game_rules()
    return Replay(sheet, rules, make_tally(rules, sheet.players))


def replay(sheet: Sheet) -> Replay:
    """Replay every entry; all problems are reported at once in one :class:`SheetError`."""
    try:
        state = start(sheet)
    except RemikcalcError as exc:
        raise SheetError(_where(sheet, 0, f"rules: {exc}")) from None
    problems: list[str] = []
    for n, entry in enumerate(sheet.entries, start=1):
        try:
            state.apply(entry)
        except RemikcalcError as exc:
            kind = "entry" if isinstance(entry, ReentryEntry) else "deal"
            problems.append(_where(sheet, entry.line, f"{kind} {n}: {exc}"))
    if problems:
        head = f"{sheet.path or 'the sheet'}: {len(problems)} deal(s) cannot be scored:"
        raise SheetError("\n".join([head, *problems]) if len(problems) > 1 else problems[0])
    return state


def _where(sheet: Sheet, line: int, text: str) -> str:
    place = sheet.path or "sheet"
    return f"{place}:{line}: {text}" if line else f"{place}: {text}"


def _named(name: str, players: Sequence[str], what: str) -> str:
    try:
        return player_named(name, players, what)
    except DealError as exc:
        raise SettleError(str(exc).replace("of this deal", "of this sheet")) from None


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
    )


# --- settlement ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Settlement:
    """A settled session: net points (stakes in bridge), money and the fewest transfers.

    ``net`` is exact; ``net_shown`` is what is printed and settled: the exact decimals where
    every party has one, else all rounded to 2 places with the sum kept (``net_exact`` False).
    ``money`` is ``net_shown`` × stake rounded once to the currency's minor unit.
    """

    replay: Replay
    net: Mapping[str, Fraction]
    pool: Fraction
    net_shown: Mapping[str, Decimal]  # the players, and POOL when the pool holds anything
    net_exact: bool
    money: Mapping[str, Decimal] | None  # the players, and POOL when the pool holds anything
    transfers: tuple[Transfer, ...]

    @property
    def sheet(self) -> Sheet:
        return self.replay.sheet

    @property
    def tally(self) -> Tally:
        return self.replay.tally


def _shown(values: Mapping[str, Fraction], places: int = 2) -> tuple[dict[str, Decimal], bool]:
    """Exact decimals where every value has one, else all rounded to ``places`` (sum kept)."""
    exact = {k: decimal_text(v) for k, v in values.items()}
    if all(t is not None for t in exact.values()):
        return {k: Decimal(t) for k, t in exact.items() if t is not None}, True
    return round_spread(values, places), False


def settle(state: Replay) -> Settlement:
    """Settle a replayed sheet: net, money and the fewest transfers that square it."""
    sheet, tally = state.sheet, state.tally
    net = tally.net()
    pool = tally.pool()
    parties = dict(net)
    if pool:
        parties[POOL] = pool
    shown, exact = _shown(parties)
    balances = {p: Fraction(v) for p, v in shown.items()}
    money = None
    if sheet.stake is not None:
        stake = Fraction(sheet.stake)
        money = round_spread({p: v * stake for p, v in parties.items()}, sheet.minor_digits)
        balances = {p: Fraction(v) for p, v in money.items()}
    return Settlement(state, net, pool, shown, exact, money,
                      tuple(fewest_transfers(balances)))  # fmt: skip


@dataclass(frozen=True, slots=True)
class PoolSummary:
    """What is in the remik bridge pool, who paid it in, and who took it."""

    pool: Fraction
    paid_in: Mapping[str, Fraction]
    still_in: tuple[str, ...]
    out: tuple[str, ...]
    taken_by: tuple[str, ...]
    paid_out: Fraction
    money: Decimal | None
    currency: str | None


def pool_summary(state: Replay) -> PoolSummary:
    """The pool of a replayed remik bridge sheet (SettleError for a game without one)."""
    tally = state.tally
    if not isinstance(tally, BridgeTally):
        raise SettleError(f"{state.rules.variant} has no pool; the pool is a remik bridge thing")
    money = None
    if state.sheet.stake is not None:
        money = round_money(tally.pool() * Fraction(state.sheet.stake), state.sheet.minor_digits)
    return PoolSummary(
        pool=tally.pool(),
        paid_in=dict(tally.paid_in),
        still_in=tally.active(),
        out=tuple(p for p in tally.players if p in tally.out),
        taken_by=tally.last,
        paid_out=sum(tally.payout.values(), Fraction(0)),
        money=money,
        currency=state.sheet.currency,
    )
