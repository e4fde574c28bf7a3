"""Settlement: pure arithmetic on deal results.

From a stream of :class:`~remikcalc.scoring.base.DealResult` (and bridge re-entry events) a
*tally* keeps the running totals, knows who still plays and whether the game is over, and
works out the net result of the session in points (stakes in bridge):

- gin and oklahoma (:class:`KnockTally`): games to ``game_target`` with game bonus, boxes and
  shutout; several games in a row; Hollywood scoring in three columns;
- remik bridge (:class:`BridgeTally`): entry stakes in the pool, the deals' stake payments,
  elimination at ``elimination_at``, re-entry, the last player in takes the pool;
- rummy, polish, remibrydż (:class:`MeanTally`): each total minus the mean of all totals;
- rummy 500 (:class:`Rummy500Tally`): the winner collects each opponent's difference;
- boat and continental (:class:`PaymentTally`): the sum of the deals' payments.

Then money: net × stake rounded once to the currency's minor unit with the remainder spread
so that it still sums to zero, and the fewest transfers that settle it. Everything is exact:
points are ``int``, net is ``Fraction``, money ``Decimal``; never ``float``.

Money, rounding and transfers live in :mod:`remikcalc.money`; the settlement of a whole
sheet (net, money, transfers) is :func:`remikcalc.session.settle`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from remikcalc.dealinput import name_key
from remikcalc.errors import DealError, SettleError
from remikcalc.families import load
from remikcalc.money import Transfer
from remikcalc.scoring.base import POOL, DealResult, Payment
from remikcalc.variants import Rules

__all__ = [
    "BridgeTally",
    "GameResult",
    "KnockTally",
    "MeanTally",
    "PaymentTally",
    "Reentry",
    "Rummy500Tally",
    "Tally",
    "make_tally",
]

# --- tallies ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reentry:
    """A bridge re-entry: the player pays into the pool and restarts at ``restart``."""

    player: str
    restart: int
    payments: tuple[Payment, ...]


class Tally:
    """Running state of a session; subclasses hold each family's settlement rule."""

    def __init__(self, rules: Rules, players: Sequence[str]) -> None:
        self.rules = rules
        self.players = tuple(players)
        self.totals: dict[str, int] = dict.fromkeys(self.players, 0)
        self.deals = 0

    # what the next deal may be
    def active(self) -> tuple[str, ...]:
        """The players who take part in the next deal."""
        return self.players

    def closed(self) -> str | None:
        """Why no further deal may be added, or None while play goes on."""
        if self.finished:
            return f"the game is over: {self.winner} won; start a new sheet for the next game"
        return None

    def add(self, result: DealResult) -> None:
        """Enter one scored deal."""
        why = self.closed()
        if why is not None:
            raise SettleError(f"no more deals: {why}")
        active = self.active()
        payees = (p.payee for p in result.payments if p.payee != POOL)
        for name in (*result.scores, *(p.payer for p in result.payments), *payees):
            if name not in active:
                raise SettleError(f"{name} is not playing in this deal")
        self._enter(result)
        self.deals += 1

    def _enter(self, result: DealResult) -> None:
        for name, score in result.scores.items():
            self.totals[name] += score

    def check_playing(self, names: Sequence[str | None]) -> None:
        """Raise DealError if one of ``names`` may not play the next deal."""

    def reenter(self, player: str) -> Reentry:
        raise SettleError(
            f"re-entry is a remik bridge event; there is none in {self.rules.variant}"
        )

    # the result
    @property
    def finished(self) -> bool:
        return False

    @property
    def winner(self) -> str | None:
        return None

    def net(self) -> dict[str, Fraction]:
        raise NotImplementedError

    def pool(self) -> Fraction:
        return Fraction(0)

    def extra(self) -> dict[str, Any]:
        """Family-specific fields of the settlement, by their ``settle --format json`` names.

        Values are typed (:class:`GameResult`, :class:`Payment`, :class:`Transfer`, names,
        counts); :mod:`remikcalc.render.settlement` writes them.
        """
        return {}

    def left(self) -> dict[str, int]:
        """Points each player has left before the target (or elimination), where there is one."""
        target = self.rules.game_target
        if target is None:
            return {}
        return {p: target - self.totals[p] for p in self.active()}


def _pairwise(totals: Mapping[str, int]) -> dict[str, Fraction]:
    """Each player settles the point difference with every other: n × (total − mean)."""
    n, whole = len(totals), sum(totals.values())
    return {p: Fraction(n * t - whole) for p, t in totals.items()}


def _target_winner(totals: Mapping[str, int], target: int | None) -> str | None:
    """Who has won once a total reaches ``target``: the highest, if alone at the top."""
    if target is None or max(totals.values()) < target:
        return None
    top = max(totals.values())
    leaders = [p for p, t in totals.items() if t == top]
    return leaders[0] if len(leaders) == 1 else None


# gin and oklahoma ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished or running game of gin or oklahoma (or a Hollywood column), settled."""

    totals: dict[str, int]
    hands_won: dict[str, int]
    finished: bool
    winner: str | None
    net: dict[str, Fraction]
    reasons: tuple[str, ...]


@dataclass(slots=True)
class KnockGame:
    """One game of gin or oklahoma (or one Hollywood column)."""

    players: tuple[str, ...]
    target: int | None
    totals: dict[str, int] = field(default_factory=dict)
    wins: dict[str, int] = field(default_factory=dict)
    winner: str | None = None
    deals: int = 0

    def __post_init__(self) -> None:
        self.totals = dict.fromkeys(self.players, 0)
        self.wins = dict.fromkeys(self.players, 0)

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def enter(self, scores: Mapping[str, int], winner: str | None) -> None:
        self.deals += 1
        for name, score in scores.items():
            self.totals[name] += score
        if winner is not None:
            self.wins[winner] += 1
        self.winner = _target_winner(self.totals, self.target)

    def settle(self, rules: Rules) -> tuple[dict[str, Fraction], list[str]]:
        """Net points of this game and the sentences explaining them."""
        if self.winner is None:
            net = _pairwise(self.totals)
            return net, ["game not finished: the point difference, without bonuses"]
        w = self.winner
        net = dict.fromkeys(self.players, Fraction(0))
        notes = []
        for loser in self.players:
            if loser == w:
                continue
            shutout = self.wins[loser] == 0 and rules.shutout != "none"
            double_bonus = shutout and rules.shutout == "game_bonus_double"
            bonus = rules.game_bonus * (2 if double_bonus else 1)
            boxes = self.wins[w] - self.wins[loser]
            amount = self.totals[w] + bonus + rules.box_bonus * boxes - self.totals[loser]
            line = (f"{w}: {self.totals[w]} + game {bonus} + boxes {rules.box_bonus}×{boxes}"
                    f" − {loser}'s {self.totals[loser]}")  # fmt: skip
            if shutout and rules.shutout == "double":
                amount *= 2
                line += ", doubled for the shutout"
            notes.append(f"{line} = {amount}")
            net[w] += amount
            net[loser] -= amount
        return net, notes

    def result(self, rules: Rules) -> GameResult:
        net, notes = self.settle(rules)
        return GameResult(dict(self.totals), dict(self.wins), self.finished, self.winner, net,
                          tuple(notes))  # fmt: skip


class KnockTally(Tally):
    """Gin and oklahoma: games to the target, one after another, or Hollywood columns."""

    COLUMNS = 3

    def __init__(self, rules: Rules, players: Sequence[str]) -> None:
        super().__init__(rules, players)
        self.hollywood = rules.scoring == "hollywood"
        count = self.COLUMNS if self.hollywood else 1
        self.games = [KnockGame(self.players, rules.game_target) for _ in range(count)]
        self.won = dict.fromkeys(self.players, 0)

    def closed(self) -> str | None:
        if self.hollywood and all(g.finished for g in self.games):
            return "all three Hollywood columns are won; start a new sheet"
        return None

    def _enter(self, result: DealResult) -> None:
        scorers = [p for p, s in result.scores.items() if s]
        if any(s < 0 for s in result.scores.values()) or len(scorers) > 1:
            raise SettleError(
                "in gin and oklahoma a deal scores for one player only, and never below 0"
            )
        winner = result.winner
        if winner is None and scorers:
            winner = scorers[0]
        if not self.hollywood:
            if self.games[-1].finished:
                self.games.append(KnockGame(self.players, self.rules.game_target))
            self.games[-1].enter(result.scores, winner)
        elif winner is not None:
            self.won[winner] += 1
            still_open = [g for g in self.games if not g.finished]
            for game in still_open[: self.won[winner]]:
                game.enter(result.scores, winner)
        self.totals = dict(self.games[0 if self.hollywood else -1].totals)

    @property
    def finished(self) -> bool:
        return all(g.finished for g in self.games)

    @property
    def winner(self) -> str | None:
        if not self.hollywood:  # the last finished game's, even while the next one runs
            return next((g.winner for g in reversed(self.games) if g.finished), None)
        if not self.finished:
            return None
        columns = [g.winner for g in self.games]
        return max(self.players, key=lambda p: (columns.count(p), -self.players.index(p)))

    def net(self) -> dict[str, Fraction]:
        net = dict.fromkeys(self.players, Fraction(0))
        for game in self.games:
            for p, v in game.settle(self.rules)[0].items():
                net[p] += v
        return net

    def left(self) -> dict[str, int]:
        target = self.rules.game_target
        game = next((g for g in self.games if not g.finished), None)
        if target is None or game is None:
            return {}
        return {p: target - game.totals[p] for p in self.players}

    def extra(self) -> dict[str, Any]:
        key = "columns" if self.hollywood else "games"
        return {key: [g.result(self.rules) for g in self.games]}


# remik bridge --------------------------------------------------------------------------------


class BridgeTally(Tally):
    """Remik bridge: stakes, the pool, elimination and re-entry."""

    def __init__(self, rules: Rules, players: Sequence[str]) -> None:
        super().__init__(rules, players)
        entry = Fraction(rules.entry_stake)
        self.balance = dict.fromkeys(self.players, -entry)
        self._pool = entry * len(self.players)
        self.entry_payments = tuple(Payment(p, POOL, rules.entry_stake) for p in self.players)
        self.out: dict[str, int] = {}  # eliminated player -> deal that put him out
        self.reentries = dict.fromkeys(self.players, 0)
        self.paid_in = dict.fromkeys(self.players, entry)
        self.last: tuple[str, ...] = ()
        self.payout: dict[str, Fraction] = {}

    def active(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p not in self.out)

    def check_playing(self, names: Sequence[str | None]) -> None:
        """A player who is out does not play until he re-enters."""
        active = self.active()
        for name in names:
            if name is None:
                continue
            folded = [p for p in self.out if name_key(p) == name_key(name)]
            if folded and name not in active:
                p = folded[0]
                raise DealError(
                    f"{p} is out (total {self.totals[p]}, out at {self.rules.elimination_at}) "
                    f"and does not play; re-enter {p} first (add --reenter {p})"
                )

    def closed(self) -> str | None:
        if self.last:
            names = " and ".join(self.last)
            return f"the game is over: {names} took the pool; start a new sheet"
        return None

    @property
    def finished(self) -> bool:
        return bool(self.last)

    @property
    def winner(self) -> str | None:
        return self.last[0] if len(self.last) == 1 else None

    def _enter(self, result: DealResult) -> None:
        super()._enter(result)
        for pay in result.payments:
            self._pay(pay.payer, pay.payee, Fraction(pay.amount))
        still_in = self.active()
        gone = [p for p in still_in if self.totals[p] >= self.rules.elimination_at]
        for p in gone:
            self.out[p] = self.deals + 1
        remaining = self.active()
        if len(remaining) == 1:
            self._finish(remaining)
        elif not remaining:  # everyone left went out at once: the lowest total is last
            low = min(self.totals[p] for p in gone)
            self._finish(tuple(p for p in gone if self.totals[p] == low))

    def _pay(self, payer: str, payee: str, amount: Fraction) -> None:
        self.balance[payer] -= amount
        if payee == POOL:
            self._pool += amount
            self.paid_in[payer] += amount
        else:
            self.balance[payee] += amount

    def _finish(self, last: tuple[str, ...]) -> None:
        self.last = last
        share = self._pool / len(last)
        for p in last:
            self.balance[p] += share
            self.payout[p] = share
        self._pool = Fraction(0)

    def reenter(self, player: str) -> Reentry:
        why = self.closed()
        if why is not None:
            raise SettleError(f"{player} cannot re-enter: {why}")
        if player not in self.players:
            raise SettleError(f"{player} is not a player of this game")
        if player not in self.out:
            raise SettleError(f"{player} cannot re-enter: he is still in the game "
                              f"(total {self.totals[player]})")  # fmt: skip
        still_in = self.active()
        if len(still_in) < 2:
            raise SettleError(f"{player} cannot re-enter: fewer than two players are still in")
        cost = self.rules.reentry_cost
        self._pay(player, POOL, Fraction(cost))
        restart = max(self.totals[p] for p in still_in)
        self.totals[player] = restart
        del self.out[player]
        self.reentries[player] += 1
        return Reentry(player, restart, (Payment(player, POOL, cost),))

    def net(self) -> dict[str, Fraction]:
        return dict(self.balance)

    def pool(self) -> Fraction:
        return self._pool

    def left(self) -> dict[str, int]:
        return {p: self.rules.elimination_at - self.totals[p] for p in self.active()}

    def extra(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "in": list(self.active()),
            "eliminated": [p for p in self.players if p in self.out],
            "reentries": dict(self.reentries),
            "entry_payments": self.entry_payments,
        }
        if self.payout:
            out["payout"] = [Transfer(POOL, p, v) for p, v in self.payout.items()]
        return out


# going-out games -----------------------------------------------------------------------------


class _TargetTally(Tally):
    """A game that ends, if ``game_target`` is set, when the highest total reaches it alone."""

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def winner(self) -> str | None:
        if not self.deals:
            return None
        return _target_winner(self.totals, self.rules.game_target)

    def extra(self) -> dict[str, Any]:
        top = max(self.totals.values())
        leaders = [p for p, t in self.totals.items() if t == top]
        return {
            "leader": leaders[0] if len(leaders) == 1 and self.deals else None,
            "open_ended": self.rules.game_target is None,
        }


class MeanTally(_TargetTally):
    """Rummy, polish remik, remibrydż: each total minus the mean of all totals."""

    def net(self) -> dict[str, Fraction]:
        mean = Fraction(sum(self.totals.values()), len(self.players))
        return {p: t - mean for p, t in self.totals.items()}


class Rummy500Tally(_TargetTally):
    """Rummy 500: at the target the winner collects each opponent's difference.

    An unfinished game settles every pair's point difference (n × (total − mean)).
    """

    def net(self) -> dict[str, Fraction]:
        w = self.winner
        if w is None:
            return _pairwise(self.totals)
        net = {p: Fraction(t - self.totals[w]) for p, t in self.totals.items()}
        net[w] = -sum((v for p, v in net.items() if p != w), Fraction(0))
        return net


class PaymentTally(_TargetTally):
    """Boat rummy and continental: the sum of the deals' payments."""

    def __init__(self, rules: Rules, players: Sequence[str]) -> None:
        super().__init__(rules, players)
        self.balance = dict.fromkeys(self.players, Fraction(0))

    def _enter(self, result: DealResult) -> None:
        if any(pay.payee == POOL for pay in result.payments):
            raise SettleError(f"{self.rules.variant} has no pool")
        super()._enter(result)
        for pay in result.payments:
            self.balance[pay.payer] -= Fraction(pay.amount)
            self.balance[pay.payee] += Fraction(pay.amount)

    def net(self) -> dict[str, Fraction]:
        return dict(self.balance)


def make_tally(rules: Rules, players: Sequence[str]) -> Tally:
    """A fresh tally for the rules' scoring family."""
    tally: type[Tally] = load(rules.spec.tally)
    return tally(rules, players)
