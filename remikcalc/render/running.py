"""What ``add`` says of money during play, in the language spoken: each player's money so far
on a sheet with a stake, and, when a game ends, who pays whom for it and who took the pool.

The figures are :mod:`remikcalc.session.running`'s; only the words are made here.
"""

from __future__ import annotations

from remikcalc.base.i18n import _, ngettext
from remikcalc.base.numtext import money_text, number_text, signed
from remikcalc.render import plural_number
from remikcalc.rules.families import Unit
from remikcalc.scoring.result import POOL
from remikcalc.session.replay import Replay
from remikcalc.session.running import GameEnd, game_end
from remikcalc.settle import money_so_far

__all__ = ["game_end_lines", "money_lines", "running_lines", "stake_meaning", "stake_text"]


def stake_meaning(unit: Unit) -> str:
    """What a sheet's stake is the value of, for a field that asks for it: "value of one
    point", in remik bridge (``unit`` stake) "value of one stake"."""
    if unit == "stake":
        return _("value of one stake")
    return _("value of one point")


def stake_text(state: Replay) -> str:
    """The sheet's stake in words: "0.10 PLN a point", in remik bridge "2.00 PLN a stake";
    "no stake" without one."""
    sheet = state.sheet
    if sheet.stake is None:
        return _("no stake")
    money = money_text(sheet.stake, sheet.currency, sheet.minor_digits)
    if state.rules.spec.unit == "stake":
        return _("{money} a stake").format(money=money)
    return _("{money} a point").format(money=money)


def money_lines(state: Replay) -> list[str]:
    """``Money so far: Anna +5.30 PLN, Boris -5.30 PLN`` on a sheet with a stake (the pool's
    share too while it holds anything); nothing without a stake."""
    money = money_so_far(state)
    if money is None:
        return []
    sheet = state.sheet
    places = sheet.minor_digits
    parts = [
        f"{p} {signed(money_text(money[p], sheet.currency, places), money[p])}"
        for p in sheet.players
    ]
    if money.get(POOL):
        pool = money_text(money[POOL], sheet.currency, places)
        parts.append(_("pool {amount}").format(amount=pool))
    return [_("Money so far: {players}").format(players=", ".join(parts))]


def _pool_line(end: GameEnd, currency: str | None, places: int) -> str | None:
    """``Anna takes the pool: 12 stakes (24.00 PLN)``; shared: each one's share."""
    if not end.pool:
        return None
    names = list(end.pool)
    share = end.pool[names[0]]
    stakes = ngettext("{amount} stake", "{amount} stakes", plural_number(share)).format(
        amount=number_text(share)
    )
    if end.pool_money is not None:
        money = money_text(end.pool_money[names[0]], currency, places)
        stakes = _("{stakes} ({money})").format(stakes=stakes, money=money)
    if len(names) == 1:
        return _("{player} takes the pool: {amount}").format(player=names[0], amount=stakes)
    joined = _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])
    return _("{players} share the pool: {amount} each").format(players=joined, amount=stakes)


def game_end_lines(state: Replay, end: GameEnd) -> list[str]:
    """What the game that just ended came to: who takes the pool (remik bridge), and on a
    sheet with a stake who owes whom for the game (``Game 1: Boris owes Anna 23.50 PLN``)."""
    sheet = state.sheet
    places = sheet.minor_digits
    lines: list[str] = []
    pool = _pool_line(end, sheet.currency, places)
    if pool is not None:
        lines.append(pool)
    if end.money is None:
        return lines
    owes = [
        _("{payer} owes {payee} {amount}").format(
            payer=t.payer, payee=t.payee, amount=money_text(t.amount, sheet.currency, places)
        )
        for t in end.transfers
    ]
    if owes:
        lines.append(_("Game {n}: {transfers}").format(n=end.game, transfers="; ".join(owes)))
    else:
        lines.append(_("Game {n}: nobody owes anything").format(n=end.game))
    return lines


def running_lines(state: Replay, last: bool) -> list[str]:
    """The lines ``add`` prints after the totals: the game that ``last`` (the entry just
    added, the sheet's last) ended, if it ended one, then the money so far."""
    lines: list[str] = []
    end = game_end(state) if last else None
    if end is not None:
        lines += game_end_lines(state, end)
    return lines + money_lines(state)
