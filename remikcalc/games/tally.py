"""Settlement: pure arithmetic on deal results.

From a stream of :class:`~remikcalc.games.result.DealResult` (and bridge re-entry events) a
*tally* keeps the running totals, knows who still plays and whether the game is over, and
works out the net result of the session in points (stakes in bridge):

- gin and oklahoma (:class:`KnockTally`): games to ``game_target`` with game bonus, boxes and
  shutout; several games in a row; Hollywood scoring in three columns;
- remik bridge (:class:`BridgeTally`): entry stakes in the pool, the deals' stake payments,
  elimination at ``elimination_at``, re-entry, the last player in takes the pool;
- rummy, polish, remibrydż (:class:`MeanTally`): each total minus the mean of all totals;
- rummy 500 (:class:`Rummy500Tally`): the winner collects each opponent's difference;
- boat and continental (:class:`PaymentTally`): the sum of the deals' payments.

Where the rules end a game (``FamilySpec.ends_at``: a ``game_target``, bridge's elimination),
a finished game does not close the sheet: the next deal starts the next game from nothing, and
the net is every game's net added up, a game still running settled as it stands.

Then money: net × stake rounded once to the currency's minor unit with the remainder spread
so that it still sums to zero, and the fewest transfers that settle it. Everything is exact:
points are ``int``, net is ``Fraction``, money ``Decimal``; never ``float``.

Money, rounding and transfers live in :mod:`remikcalc.base.money`; the settlement of a whole
sheet (net, money, transfers) is :func:`remikcalc.session.settle`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from remikcalc.base.errors import DealError, SettleError
from remikcalc.base.i18n import _
from remikcalc.base.money import Transfer
from remikcalc.games.result import POOL, DealResult, Payment
from remikcalc.games.why import N_, Num, Operand, Why, joined
from remikcalc.rules.dealinput import name_key
from remikcalc.rules.families import load
from remikcalc.rules.variants import Rules

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

    # games: a family's game ends (``FamilySpec.ends_at``), and the next deal starts the next one
    @property
    def ends(self) -> bool:
        """Whether a game of these rules ends (a target or elimination is set)."""
        key = self.rules.spec.ends_at
        return key is not None and getattr(self.rules, key) is not None

    @property
    def game_number(self) -> int:
        """The number of the game the last entry belongs to (1 for the first)."""
        return 1

    def _next_game(self) -> None:
        """Start the next game after a finished one (called by :meth:`add`)."""

    # what the next deal may be
    def active(self) -> tuple[str, ...]:
        """The players who take part in the next deal."""
        return self.players

    def closed(self) -> str | None:
        """Why no further deal may be added, or None while play goes on.

        A finished game does not close the sheet: the next deal starts the next game.
        """
        return None

    def add(self, result: DealResult) -> None:
        """Enter one scored deal (the first deal after a finished game starts the next)."""
        why = self.closed()
        if why is not None:
            raise SettleError(_("no more deals: {why}").format(why=why))
        active = self.active()  # after a finished game: the next game's players
        payees = (p.payee for p in result.payments if p.payee != POOL)
        for name in (*result.scores, *(p.payer for p in result.payments), *payees):
            if name not in active:
                raise SettleError(_("{name} is not playing in this deal").format(name=name))
        if self.finished:
            self._next_game()
        self._enter(result)
        self.deals += 1

    def _enter(self, result: DealResult) -> None:
        for name, score in result.scores.items():
            self.totals[name] += score

    def check_playing(self, names: Sequence[str | None]) -> None:
        """Raise DealError if one of ``names`` may not play the next deal."""

    def eliminated(self) -> tuple[str, ...]:
        """The players out of the running game (bridge), in seating order."""
        return ()

    def reenter(self, player: str) -> Reentry:
        raise SettleError(
            _("re-entry is a remik bridge event; there is none in {variant}").format(
                variant=self.rules.variant
            )
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
        """Points each player has left before the target (or elimination), where there is one;
        none while a tie over the target plays on (:meth:`note`)."""
        target = self.rules.game_target
        if target is None or self.note() is not None:
            return {}
        return {p: target - self.totals[p] for p in self.active()}

    def note(self) -> str | None:
        """A sentence on the running game's state that the totals alone do not say: a tie at
        the top past the target, which plays on."""
        target = self.rules.game_target
        if target is None or self.finished or not self.deals:
            return None
        return _tie_note(self.totals, target)


def _pairwise(totals: Mapping[str, int]) -> dict[str, Fraction]:
    """Each player settles the point difference with every other: n × (total − mean)."""
    n, whole = len(totals), sum(totals.values())
    return {p: Fraction(n * t - whole) for p, t in totals.items()}


def _tie_note(totals: Mapping[str, int], target: int) -> str | None:
    """The sentence for a tie at the top past the target ("... play continues."), or None."""
    top = max(totals.values())
    leaders = [p for p, t in totals.items() if t == top]
    if top < target or len(leaders) < 2:
        return None
    # English in the JSON, the language spoken where render shows it (a Why)
    return Why(N_("{names} are tied at {top}, past the target of {target}: play continues."),
               names=joined(leaders), top=top, target=target)  # fmt: skip


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
    """One finished or running game (or a Hollywood column), settled: its final totals, the
    deals each player won (gin's boxes), the winner, the game's net and how it is made."""

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

    def settle(self, rules: Rules) -> tuple[dict[str, Fraction], list[Why]]:
        """Net points of this game and the sentences explaining them."""
        if self.winner is None:
            net = _pairwise(self.totals)
            return net, [Why(N_("game not finished: the point difference, without bonuses"))]
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
            line = Why(N_("{won} + game {bonus} + boxes {box} × {times} − {lost} = {amount}"),
                       won=self.totals[w], bonus=bonus, box=rules.box_bonus,
                       times=Operand(boxes), lost=Operand(self.totals[loser]),
                       amount=amount)  # fmt: skip
            if shutout and rules.shutout == "double":
                amount *= 2
                line = Why(N_("{line}, doubled for the shutout: {amount}"), line=line,
                           amount=amount)  # fmt: skip
            if len(self.players) > 2:
                line = Why(N_("from {loser}: {line}"), loser=loser, line=line)
            notes.append(line)
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
            return _("all three Hollywood columns are won; start a new sheet")
        return None

    @property
    def game_number(self) -> int:
        return 1 if self.hollywood else len(self.games)

    def _next_game(self) -> None:
        self.games.append(KnockGame(self.players, self.rules.game_target))

    def _enter(self, result: DealResult) -> None:
        scorers = [p for p, s in result.scores.items() if s]
        if any(s < 0 for s in result.scores.values()) or len(scorers) > 1:
            raise SettleError(
                _("in gin and oklahoma a deal scores for one player only, and never below 0")
            )
        winner = result.winner
        if winner is None and scorers:
            winner = scorers[0]
        if not self.hollywood:
            self.games[-1].enter(result.scores, winner)
        elif winner is not None:
            self.won[winner] += 1
            still_open = [g for g in self.games if not g.finished]
            for game in still_open[: self.won[winner]]:
                game.enter(result.scores, winner)
        self.totals = dict(self.games[0 if self.hollywood else -1].totals)

    @property
    def finished(self) -> bool:
        if not self.hollywood:  # a game starts only once the one before it is over
            return self.games[-1].finished
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
        if target is None or game is None or _tie_note(game.totals, target) is not None:
            return {}
        return {p: target - game.totals[p] for p in self.players}

    def note(self) -> str | None:
        target = self.rules.game_target
        game = next((g for g in self.games if not g.finished), None)
        if target is None or game is None or not game.deals:
            return None
        return _tie_note(game.totals, target)

    def extra(self) -> dict[str, Any]:
        key = "columns" if self.hollywood else "games"
        return {key: [g.result(self.rules) for g in self.games]}


# remik bridge --------------------------------------------------------------------------------


def _sum_nets(
    players: Sequence[str], nets: Sequence[Mapping[str, Fraction]]
) -> dict[str, Fraction]:
    total = dict.fromkeys(players, Fraction(0))
    for net in nets:
        for p, v in net.items():
            total[p] += v
    return total


class BridgeTally(Tally):
    """Remik bridge: stakes, the pool, elimination and re-entry; after the last player in takes
    the pool, the next deal starts a new game (everyone in again, a new entry stake each)."""

    def __init__(self, rules: Rules, players: Sequence[str]) -> None:
        super().__init__(rules, players)
        self.done: list[GameResult] = []
        self._start_game()

    def _start_game(self) -> None:
        rules = self.rules
        entry = Fraction(rules.entry_stake)
        self.totals = dict.fromkeys(self.players, 0)
        self.balance = dict.fromkeys(self.players, -entry)
        self._pool = entry * len(self.players)
        self.entry_payments = tuple(Payment(p, POOL, rules.entry_stake) for p in self.players)
        self.out: dict[str, int] = {}  # eliminated player -> deal that put him out
        self.reentries = dict.fromkeys(self.players, 0)
        self.paid_in = dict.fromkeys(self.players, entry)
        self.last: tuple[str, ...] = ()
        self.payout: dict[str, Fraction] = {}
        self.wins = dict.fromkeys(self.players, 0)

    def _next_game(self) -> None:
        self.done.append(self._game_result())
        self._start_game()

    def _game_result(self) -> GameResult:
        reasons: tuple[str, ...] = ()
        if self.last:
            paid = sum(self.payout.values(), Fraction(0))
            # the verb agrees with how many share the pool (one form in English)
            reasons = (Why.ngettext("{names} took the pool (stakes: {amount})",
                                    "{names} took the pool (stakes: {amount})",
                                    len(self.last), names=joined(self.last, commas=False),
                                    amount=Num(paid)),)  # fmt: skip
        winner = self.last[0] if len(self.last) == 1 else None
        return GameResult(dict(self.totals), dict(self.wins), self.finished, winner,
                          dict(self.balance), reasons)  # fmt: skip

    @property
    def game_number(self) -> int:
        return len(self.done) + 1

    def eliminated(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p in self.out)

    def still_in(self) -> tuple[str, ...]:
        """The players not out of the running (or just finished) game."""
        return tuple(p for p in self.players if p not in self.out)

    def active(self) -> tuple[str, ...]:
        if self.last:  # the game is over: everyone plays the next one
            return self.players
        return self.still_in()

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
                    _("{name} is out (total {total}, out at {limit}) and does not play; "
                      "re-enter {name} first (add --reenter {name})").format(
                        name=p, total=self.totals[p], limit=self.rules.elimination_at)
                )  # fmt: skip

    @property
    def finished(self) -> bool:
        return bool(self.last)

    @property
    def winner(self) -> str | None:
        """The last finished game's sole winner (also while the next game runs)."""
        if self.last:
            return self.last[0] if len(self.last) == 1 else None
        return self.done[-1].winner if self.done else None

    def _enter(self, result: DealResult) -> None:
        super()._enter(result)
        if result.winner in self.wins:
            self.wins[result.winner] += 1
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
        if player not in self.players:
            raise SettleError(_("{player} is not a player of this game").format(player=player))
        if self.last:
            raise SettleError(
                _("{player} cannot re-enter: the game is over ({names} took the pool); the next "
                  "deal starts a new game with everyone in").format(
                    player=player, names=joined(self.last, commas=False).text())
            )  # fmt: skip
        if player not in self.out:
            raise SettleError(_("{player} cannot re-enter while still in the game (total {total})")
                              .format(player=player, total=self.totals[player]))  # fmt: skip
        still_in = self.active()
        if len(still_in) < 2:
            raise SettleError(
                _("{player} cannot re-enter: fewer than two players are still in").format(
                    player=player
                )
            )
        cost = self.rules.reentry_cost
        self._pay(player, POOL, Fraction(cost))
        restart = max(self.totals[p] for p in still_in)
        self.totals[player] = restart
        del self.out[player]
        self.reentries[player] += 1
        return Reentry(player, restart, (Payment(player, POOL, cost),))

    def net(self) -> dict[str, Fraction]:
        return _sum_nets(self.players, [*(g.net for g in self.done), self.balance])

    def pool(self) -> Fraction:
        return self._pool

    def left(self) -> dict[str, int]:
        return {p: self.rules.elimination_at - self.totals[p] for p in self.still_in()}

    def extra(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "in": list(self.still_in()),
            "eliminated": [p for p in self.players if p in self.out],
            "reentries": dict(self.reentries),
            "entry_payments": self.entry_payments,
            "paid_in": dict(self.paid_in),
        }
        if self.payout:
            out["payout"] = [Transfer(POOL, p, v) for p, v in self.payout.items()]
        out["games"] = [*self.done, self._game_result()]
        return out


# going-out games -----------------------------------------------------------------------------


class _TargetTally(Tally):
    """A game that ends, if ``game_target`` is set, when the highest total reaches it alone;
    the next deal then starts the next game from nothing. The net is every game's net."""

    def __init__(self, rules: Rules, players: Sequence[str]) -> None:
        super().__init__(rules, players)
        self.done: list[GameResult] = []
        self.wins = dict.fromkeys(self.players, 0)
        self.game_deals = 0

    @property
    def game_number(self) -> int:
        return len(self.done) + 1

    def _enter(self, result: DealResult) -> None:
        super()._enter(result)
        self.game_deals += 1
        if result.winner in self.wins:
            self.wins[result.winner] += 1

    def _next_game(self) -> None:
        self.done.append(self._game_result())
        self.totals = dict.fromkeys(self.players, 0)
        self.wins = dict.fromkeys(self.players, 0)
        self.game_deals = 0

    def _current_winner(self) -> str | None:
        if not self.game_deals:
            return None
        return _target_winner(self.totals, self.rules.game_target)

    @property
    def finished(self) -> bool:
        return self._current_winner() is not None

    @property
    def winner(self) -> str | None:
        """The last finished game's winner (also while the next game runs)."""
        current = self._current_winner()
        if current is not None:
            return current
        return self.done[-1].winner if self.done else None

    def note(self) -> str | None:
        target = self.rules.game_target
        if target is None or self.finished or not self.game_deals:
            return None
        return _tie_note(self.totals, target)

    def game_net(self) -> dict[str, Fraction]:
        """The running game's net."""
        raise NotImplementedError

    def game_reasons(self) -> tuple[str, ...]:
        """How the running game's net is made, in words."""
        return ()

    def _game_result(self) -> GameResult:
        return GameResult(dict(self.totals), dict(self.wins), self.finished,
                          self._current_winner(), self.game_net(), self.game_reasons())  # fmt: skip

    def net(self) -> dict[str, Fraction]:
        return _sum_nets(self.players, [*(g.net for g in self.done), self.game_net()])

    def extra(self) -> dict[str, Any]:
        top = max(self.totals.values())
        leaders = [p for p, t in self.totals.items() if t == top]
        out: dict[str, Any] = {
            "leader": leaders[0] if len(leaders) == 1 and self.game_deals else None,
            "open_ended": self.rules.game_target is None,
        }
        if self.ends:
            out["games"] = [*self.done, self._game_result()]
        return out


class MeanTally(_TargetTally):
    """Rummy, polish remik, remibrydż: each total minus the mean of all totals."""

    def game_net(self) -> dict[str, Fraction]:
        mean = Fraction(sum(self.totals.values()), len(self.players))
        return {p: t - mean for p, t in self.totals.items()}


class Rummy500Tally(_TargetTally):
    """Rummy 500: at the target the winner collects each opponent's difference.

    An unfinished game settles every pair's point difference (n × (total − mean)).
    """

    def game_net(self) -> dict[str, Fraction]:
        w = self._current_winner()
        if w is None:
            return _pairwise(self.totals)
        net = {p: Fraction(t - self.totals[w]) for p, t in self.totals.items()}
        net[w] = -sum((v for p, v in net.items() if p != w), Fraction(0))
        return net

    def game_reasons(self) -> tuple[str, ...]:
        w = self._current_winner()
        if w is None:
            return (Why(N_("game not finished: each pair settles its point difference")),)
        top = self.totals[w]
        return tuple(Why(N_("{winner} collects {top} − {total} = {paid} from {player}"), winner=w,
                         top=top, total=Operand(t), paid=top - t, player=p)
                     for p, t in self.totals.items() if p != w)  # fmt: skip


class PaymentTally(_TargetTally):
    """Boat rummy and continental: the sum of the deals' payments."""

    def __init__(self, rules: Rules, players: Sequence[str]) -> None:
        super().__init__(rules, players)
        self.balance = dict.fromkeys(self.players, Fraction(0))

    def _enter(self, result: DealResult) -> None:
        if any(pay.payee == POOL for pay in result.payments):
            raise SettleError(_("{variant} has no pool").format(variant=self.rules.variant))
        super()._enter(result)
        for pay in result.payments:
            self.balance[pay.payer] -= Fraction(pay.amount)
            self.balance[pay.payee] += Fraction(pay.amount)

    def _next_game(self) -> None:
        super()._next_game()
        self.balance = dict.fromkeys(self.players, Fraction(0))

    def game_net(self) -> dict[str, Fraction]:
        return dict(self.balance)


def make_tally(rules: Rules, players: Sequence[str]) -> Tally:
    """A fresh tally for the rules' scoring family."""
    tally: type[Tally] = load(rules.spec.tally)
    return tally(rules, players)
