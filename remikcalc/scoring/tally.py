"""Settlement: pure arithmetic on deal results, and what every family's tally shares.

From a stream of :class:`~remikcalc.scoring.result.DealResult` (and bridge re-entry events) a
*tally* keeps the running totals, knows who still plays and whether the game is over, and
works out the net result of the session in points (stakes in bridge). Each family's tally
lives in its family's module, beside its scorer (``FamilySpec.tally`` names it):

- gin and oklahoma (:class:`~remikcalc.scoring.knock.KnockTally`): games to ``game_target``
  with game bonus, boxes and shutout; several games in a row; Hollywood scoring in three
  columns;
- remik bridge (:class:`~remikcalc.scoring.bridge.BridgeTally`): entry stakes in the pool, the
  deals' stake payments, elimination at ``elimination_at``, re-entry, the last player in takes
  the pool;
- rummy, polish, remibrydż (:class:`~remikcalc.scoring.goingout.MeanTally`): each total minus
  the mean of all totals;
- rummy 500 (:class:`~remikcalc.scoring.rummy500.Rummy500Tally`): the winner collects each
  opponent's difference;
- boat and continental (:class:`PaymentTally`, here since two family modules share it): the
  sum of the deals' payments.

This module keeps what they share: the :class:`Tally` base (with what ``render/`` asks of any
tally: :meth:`Tally.columns`, :meth:`Tally.column_history`, :meth:`Tally.sheet_games`,
:meth:`Tally.eliminated`, :attr:`Tally.eliminates`, :attr:`Tally.has_pool`,
:meth:`Tally.pool`, :attr:`Tally.limit`, :meth:`Tally.left`, :meth:`Tally.note`), the
:class:`TargetTally` base of the going-out games, :class:`GameResult`, :class:`Reentry`, the
small helpers and :func:`make_tally`.

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
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from remikcalc.base.errors import SettleError
from remikcalc.base.i18n import N_, _
from remikcalc.rules.families import load
from remikcalc.rules.ruleset import Rules
from remikcalc.scoring.result import POOL, DealResult, Payment
from remikcalc.scoring.why import Why, joined

__all__ = [
    "GameResult",
    "PaymentTally",
    "Reentry",
    "Tally",
    "TargetTally",
    "make_tally",
    "pairwise_net",
    "sum_nets",
    "target_winner",
    "tie_note",
]


@dataclass(frozen=True, slots=True)
class Reentry:
    """A bridge re-entry: the player pays into the pool and restarts at ``restart``."""

    player: str
    restart: int
    payments: tuple[Payment, ...]


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


class Tally:
    """Running state of a session; subclasses hold each family's settlement rule.

    Besides the totals and the net, a tally answers what the sheet's rendering asks of any
    family (the words stay in ``render/``): its Hollywood columns (:meth:`columns`,
    :meth:`column_history`), the games the sheet's JSON lists (:meth:`sheet_games`), who is
    out (:attr:`eliminates`, :meth:`eliminated`), the pool (:attr:`has_pool`, :meth:`pool`),
    what ``left`` counts to (:attr:`limit`, :meth:`left`) and a tie past the target
    (:meth:`note`).
    """

    #: a player whose total reaches :attr:`limit` is out of the running game (bridge), rather
    #: than the winner of it
    eliminates = False
    #: the game has a pool that stakes are paid into (bridge); :meth:`pool` says what is in it
    has_pool = False

    def __init__(self, rules: Rules, players: Sequence[str]) -> None:
        self.rules = rules
        self.players = tuple(players)
        self.totals: dict[str, int] = dict.fromkeys(self.players, 0)
        self.deals = 0
        self._column_history: list[tuple[dict[str, int], ...]] = []

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
            raise SettleError(
                _("no more deals: {why}").format(why=why),
                code="no_more_deals",
                details={"why": why},
            )
        active = self.active()  # after a finished game: the next game's players
        payees = (p.payee for p in result.payments if p.payee != POOL)
        for name in (*result.scores, *(p.payer for p in result.payments), *payees):
            if name not in active:
                raise SettleError(
                    _("{name} is not playing in this deal").format(name=name),
                    code="not_playing",
                    player=name,
                )
        if self.finished:
            self._next_game()
        self._enter(result)
        self.deals += 1
        self._entered()

    def _enter(self, result: DealResult) -> None:
        for name, score in result.scores.items():
            self.totals[name] += score

    def _entered(self) -> None:
        """Record what an entry (a deal or an event) leaves: the columns' totals."""
        columns = self.columns()
        if columns:
            self._column_history.append(tuple(dict(c.totals) for c in columns))

    def check_playing(self, names: Sequence[str | None]) -> None:
        """Raise DealError if one of ``names`` may not play the next deal."""

    def eliminated(self) -> tuple[str, ...]:
        """The players out of the running game (bridge), in seating order."""
        return ()

    def reenter(self, player: str) -> Reentry:
        """Enter a re-entry event (bridge): ``player``, who is out, pays and plays again."""
        event = self._reenter(player)
        self._entered()
        return event

    def _reenter(self, player: str) -> Reentry:
        raise SettleError(
            _("re-entry is a remik bridge event; there is none in {variant}").format(
                variant=self.rules.variant
            ),
            code="no_reentry",
            field="reenter",
            player=player,
            details={"variant": self.rules.variant},
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
        """What is in the pool now (0 where there is none: :attr:`has_pool`)."""
        return Fraction(0)

    def net_reasons(self) -> tuple[str, ...]:
        """How the running game's net is made from its totals, where the family says it (the
        first a heading, then a line per player: "Piotr -2, mean -16: +14"); empty where the
        totals and the games' lines say it all."""
        return ()

    def pool_taken(self) -> dict[str, Fraction]:
        """Who took the pool at the end of the game just finished, and how much each (in
        stakes); empty while the game runs, and where there is no pool."""
        return {}

    def extra(self) -> dict[str, Any]:
        """Family-specific fields of the settlement, by their ``settle --format json`` names.

        Values are typed (:class:`GameResult`, :class:`Payment`, :class:`Transfer`, names,
        counts); :mod:`remikcalc.render.settlement` writes them.
        """
        return {}

    # what the sheet shows
    def columns(self) -> tuple[GameResult, ...]:
        """Hollywood scoring: each column as it stands (the sheet's totals are the first
        column's); empty where the game is not played in columns."""
        return ()

    def column_history(self) -> tuple[tuple[dict[str, int], ...], ...]:
        """Every column's totals after each entry (deals and events, in the order entered,
        so one per step of a replay); empty where :meth:`columns` is."""
        return tuple(self._column_history)

    def sheet_games(self) -> tuple[GameResult, ...] | None:
        """The games (Hollywood: the columns) that ``show --format json`` lists, or None
        where it lists none (the knock games list theirs; the others' games are in
        :meth:`extra`, for ``settle``)."""
        return None

    @property
    def limit(self) -> int | None:
        """The total that :meth:`left` counts to: the game target, or (where
        :attr:`eliminates`) the total that puts a player out; None for no target."""
        return self.rules.game_target

    def left(self) -> dict[str, int]:
        """Points each player has left before the target (or elimination), where there is one;
        none while a tie over the target plays on (:meth:`note`)."""
        target = self.limit
        if target is None or self.note() is not None:
            return {}
        return {p: target - self.totals[p] for p in self.active()}

    def note(self) -> str | None:
        """A sentence on the running game's state that the totals alone do not say: a tie at
        the top past the target, which plays on."""
        target = self.rules.game_target
        if target is None or self.finished or not self.deals:
            return None
        return tie_note(self.totals, target)


def pairwise_net(totals: Mapping[str, int]) -> dict[str, Fraction]:
    """Each player settles the point difference with every other: n × (total − mean)."""
    n, whole = len(totals), sum(totals.values())
    return {p: Fraction(n * t - whole) for p, t in totals.items()}


def tie_note(totals: Mapping[str, int], target: int) -> str | None:
    """The sentence for a tie at the top past the target ("... play continues."), or None."""
    top = max(totals.values())
    leaders = [p for p, t in totals.items() if t == top]
    if top < target or len(leaders) < 2:
        return None
    # English in the JSON, the language spoken where render shows it (a Why)
    return Why(
        N_("{names} are tied at {top}, past the target of {target}: play continues."),
        names=joined(leaders),
        top=top,
        target=target,
    )


def target_winner(totals: Mapping[str, int], target: int | None) -> str | None:
    """Who has won once a total reaches ``target``: the highest, if alone at the top."""
    if target is None or max(totals.values()) < target:
        return None
    top = max(totals.values())
    leaders = [p for p, t in totals.items() if t == top]
    return leaders[0] if len(leaders) == 1 else None


def sum_nets(players: Sequence[str], nets: Sequence[Mapping[str, Fraction]]) -> dict[str, Fraction]:
    """The nets of several games added up, player by player."""
    total = dict.fromkeys(players, Fraction(0))
    for net in nets:
        for p, v in net.items():
            total[p] += v
    return total


# the going-out games -------------------------------------------------------------------------


class TargetTally(Tally):
    """A game that ends, if ``game_target`` is set, when the highest total reaches it alone;
    the next deal then starts the next game from nothing. The net is every game's net.

    The base of the going-out families' tallies (:class:`PaymentTally` here,
    :class:`~remikcalc.scoring.goingout.MeanTally`,
    :class:`~remikcalc.scoring.rummy500.Rummy500Tally`): a subclass gives :meth:`game_net` and,
    if it has words for it, :meth:`game_reasons`.
    """

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

    def current_winner(self) -> str | None:
        """The running game's winner, once it has one."""
        if not self.game_deals:
            return None
        return target_winner(self.totals, self.rules.game_target)

    @property
    def finished(self) -> bool:
        return self.current_winner() is not None

    @property
    def winner(self) -> str | None:
        """The last finished game's winner (also while the next game runs)."""
        current = self.current_winner()
        if current is not None:
            return current
        return self.done[-1].winner if self.done else None

    def note(self) -> str | None:
        target = self.rules.game_target
        if target is None or self.finished or not self.game_deals:
            return None
        return tie_note(self.totals, target)

    def game_net(self) -> dict[str, Fraction]:
        """The running game's net."""
        raise NotImplementedError

    def game_reasons(self) -> tuple[str, ...]:
        """How the running game's net is made, in words."""
        return ()

    def _game_result(self) -> GameResult:
        return GameResult(
            dict(self.totals),
            dict(self.wins),
            self.finished,
            self.current_winner(),
            self.game_net(),
            self.game_reasons(),
        )

    def net(self) -> dict[str, Fraction]:
        return sum_nets(self.players, [*(g.net for g in self.done), self.game_net()])

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


class PaymentTally(TargetTally):
    """Boat rummy and continental: the sum of the deals' payments.

    Shared by two families (boat in :mod:`remikcalc.scoring.goingout`, continental in
    :mod:`remikcalc.scoring.continental`), so it lives here rather than in either module.
    """

    def __init__(self, rules: Rules, players: Sequence[str]) -> None:
        super().__init__(rules, players)
        self.balance = dict.fromkeys(self.players, Fraction(0))

    def _enter(self, result: DealResult) -> None:
        if any(pay.payee == POOL for pay in result.payments):
            raise SettleError(
                _("{variant} has no pool").format(variant=self.rules.variant),
                code="no_pool",
                details={"variant": self.rules.variant},
            )
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
