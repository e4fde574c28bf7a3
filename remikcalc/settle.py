"""Settling a replayed sheet: net points (stakes in bridge), money rounded once, the fewest
transfers, and the remik bridge pool."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from remikcalc.base.errors import SettleError
from remikcalc.base.i18n import _
from remikcalc.base.money import (
    Transfer,
    decimal_text,
    fewest_transfers,
    round_money,
    round_spread,
)
from remikcalc.scoring.result import POOL
from remikcalc.scoring.tally import Tally
from remikcalc.session.replay import Replay
from remikcalc.sheet.model import Sheet


@dataclass(frozen=True, slots=True)
class Settlement:
    """A settled session: net points (stakes in bridge), money and the fewest transfers.

    ``net`` is exact; ``net_shown`` is what is printed and settled: the exact decimals where
    every party has one, else all rounded to 2 places with the sum kept (``net_exact`` False).
    ``money`` is ``net_shown`` × stake rounded once to the currency's minor unit. ``extra``
    is the tally's family-specific fields (:meth:`Tally.extra`) and ``owed`` what
    :func:`still_owed` answers, each worked out once here: a long sheet's games are many,
    and every renderer asks for them.
    """

    replay: Replay
    net: Mapping[str, Fraction]
    pool: Fraction
    net_shown: Mapping[str, Decimal]  # the players, and POOL when the pool holds anything
    net_exact: bool
    money: Mapping[str, Decimal] | None  # the players, and POOL when the pool holds anything
    transfers: tuple[Transfer, ...]
    extra: Mapping[str, Any]
    owed: tuple[Transfer, ...] | None

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


def _parties(tally: Tally) -> tuple[dict[str, Fraction], Fraction, dict[str, Fraction]]:
    """The net, the pool, and both together (the pool while it holds anything)."""
    net = tally.net()
    pool = tally.pool()
    parties = dict(net)
    if pool:
        parties[POOL] = pool
    return net, pool, parties


def _money(sheet: Sheet, parties: Mapping[str, Fraction]) -> dict[str, Decimal] | None:
    """The parties' net in money, rounded once (None without a stake)."""
    if sheet.stake is None:
        return None
    stake = Fraction(sheet.stake)
    return round_spread({p: v * stake for p, v in parties.items()}, sheet.minor_digits)


def money_so_far(state: Replay) -> Mapping[str, Decimal] | None:
    """Each player's money as it stands (and the pool's, while it holds anything), rounded
    once: ``settle(state).money`` without the rest of the settlement (the games' lines, what
    is still owed), which ``add`` does not show after every deal. None without a stake."""
    return None if state.sheet.stake is None else standing(state).money


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a sheet stands, as :func:`settle` says it (``net_shown``, ``money``, ``pool``),
    without the games' lines and the transfers that square it: what a preview of a write
    compares before and after, on every form a phone types into."""

    net_shown: Mapping[str, Decimal]
    money: Mapping[str, Decimal] | None
    pool: Fraction


def standing(state: Replay) -> Standing:
    """:func:`settle`'s figures of ``state`` that a preview shows, worked out alone (the
    family's ``extra`` and the fewest transfers cost as much again on a long sheet), once per
    replay as it stands (:meth:`Replay.kept`: the sheet as it is, which every preview compares
    with, is worked out once per version of the file)."""
    return state.kept("standing", _standing)


def _standing(state: Replay) -> Standing:
    _net, pool, parties = _parties(state.tally)
    shown, _exact = _shown(parties)
    return Standing(shown, _money(state.sheet, parties), pool)


def settle(state: Replay) -> Settlement:
    """Settle a replayed sheet: net, money and the fewest transfers that square it."""
    sheet, tally = state.sheet, state.tally
    net, pool, parties = _parties(tally)
    shown, exact = _shown(parties)
    balances = {p: Fraction(v) for p, v in shown.items()}
    money = _money(sheet, parties)
    if money is not None:
        balances = {p: Fraction(v) for p, v in money.items()}
    transfers = tuple(fewest_transfers(balances))
    extra = tally.extra()
    paid_in: Mapping[str, Fraction] = extra.get("paid_in", {})
    owed = _owed(sheet, net, paid_in) if pool and paid_in else None
    return Settlement(state, net, pool, shown, exact, money, transfers, extra, owed)


def still_owed(settlement: Settlement) -> tuple[Transfer, ...] | None:
    """A remik bridge game still running, for people: what the players still owe each other,
    the stakes already in the pool counted as paid (the pool keeps them until the last player
    in takes it); None where no pool holds anything.

    The settlement's own ``transfers`` square the pool as a party (``settle --format json``,
    docs/INTERFACE.md); at the table the pool's stakes are on the table already, so nobody is asked
    to pay in again what he put in: each player's net plus what he paid in is what he is owed.
    """
    return settlement.owed


def _owed(
    sheet: Sheet, net: Mapping[str, Fraction], paid_in: Mapping[str, Fraction]
) -> tuple[Transfer, ...]:
    """:func:`still_owed` worked out: each player's net plus what he paid in, squared."""
    owed = {p: v + paid_in.get(p, Fraction(0)) for p, v in net.items()}
    if sheet.stake is not None:
        stake = Fraction(sheet.stake)
        money = round_spread({p: v * stake for p, v in owed.items()}, sheet.minor_digits)
        return tuple(fewest_transfers({p: Fraction(v) for p, v in money.items()}))
    shown, _exact = _shown(owed)
    return tuple(fewest_transfers({p: Fraction(v) for p, v in shown.items()}))


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
    if not state.tally.has_pool:
        raise SettleError(
            _("{variant} has no pool; the pool is a remik bridge thing").format(
                variant=state.rules.variant
            ),
            code="no_pool",
            details={"variant": state.rules.variant},
        )
    from remikcalc.scoring.bridge import BridgeTally  # the one family with a pool

    tally = state.tally
    assert isinstance(tally, BridgeTally)
    money = None
    if state.sheet.stake is not None:
        money = round_money(tally.pool() * Fraction(state.sheet.stake), state.sheet.minor_digits)
    return PoolSummary(
        pool=tally.pool(),
        paid_in=dict(tally.paid_in),
        still_in=tally.still_in(),
        out=tuple(p for p in tally.players if p in tally.out),
        taken_by=tally.last,
        paid_out=sum(tally.payout.values(), Fraction(0)),
        money=money,
        currency=state.sheet.currency,
    )
