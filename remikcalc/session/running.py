"""Money during play: what ``add`` says after each deal on a sheet with a stake, and what a
game that just ended came to.

- :func:`money_so_far` (from :mod:`remikcalc.settle`): each player's money if the
  sheet were settled now (every finished game netted, the running one as it stands), as
  ``settle`` would give it;
- :func:`game_end`: the game the last entry ended, settled on its own: who pays whom for it,
  and who took the pool (remik bridge) and how much.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from remikcalc.base.money import Transfer, fewest_transfers, round_money, round_spread
from remikcalc.scoring.result import POOL
from remikcalc.session.replay import Replay, replay

__all__ = [
    "GameEnd",
    "game_end",
]


@dataclass(frozen=True, slots=True)
class GameEnd:
    """A game that the sheet's last entry ended, settled alone."""

    #: the game's number on the sheet (1 for the first)
    game: int
    winner: str | None
    #: the game's net, in points (stakes in remik bridge)
    net: Mapping[str, Fraction]
    #: the game's net in money, rounded once (None without a stake)
    money: Mapping[str, Decimal] | None
    #: the fewest transfers that square the game (in money with a stake, else in points)
    transfers: tuple[Transfer, ...]
    #: who took the pool at the game's end, and how many stakes each (remik bridge)
    pool: Mapping[str, Fraction]
    #: the same in money (None without a stake)
    pool_money: Mapping[str, Decimal] | None


def game_end(state: Replay) -> GameEnd | None:
    """The game the last entry of ``state`` ended, or None when it ended none (the game
    plays on, or the sheet's games never end)."""
    tally = state.tally
    if not state.steps or not tally.finished:
        return None
    last = state.steps[-1]
    first = next(i for i, step in enumerate(state.steps) if step.game == last.game)
    before: Mapping[str, Fraction] = dict.fromkeys(tally.players, Fraction(0))
    if first:
        earlier = state.sheet.with_entries(tuple(step.entry for step in state.steps[:first]))
        before = replay(earlier).tally.net()
    now = tally.net()
    net = {p: now[p] - before.get(p, Fraction(0)) for p in tally.players}
    sheet = state.sheet
    money: dict[str, Decimal] | None = None
    balances = dict(net)
    taken = tally.pool_taken()
    pool_money: dict[str, Decimal] | None = None
    if sheet.stake is not None:
        stake = Fraction(sheet.stake)
        money = round_spread({p: v * stake for p, v in net.items()}, sheet.minor_digits)
        balances = {p: Fraction(v) for p, v in money.items()}
        pool_money = {p: round_money(v * stake, sheet.minor_digits) for p, v in taken.items()}
    transfers = tuple(t for t in fewest_transfers(balances) if POOL not in (t.payer, t.payee))
    return GameEnd(last.game, tally.winner, net, money, transfers, taken, pool_money)
