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
from remikcalc.dealinput import name_key
from remikcalc.errors import DealError, RemikcalcError, SettleError, SheetError
from remikcalc.i18n import _, ngettext
from remikcalc.money import (
    Transfer,
    decimal_text,
    fewest_transfers,
    round_money,
    round_spread,
    same_currency,
)
from remikcalc.scoring import score_deal
from remikcalc.scoring.base import POOL, Deal, DealResult
from remikcalc.scoring.deal import build_deal, player_named
from remikcalc.scoring.points import score_points
from remikcalc.settle import BridgeTally, Reentry, Tally, make_tally
from remikcalc.sheet.model import DealEntry, Entry, ReentryEntry, Sheet
from remikcalc.variants import Rules

__all__ = [
    "BestDeal",
    "DealEntry",
    "Evening",
    "PlayerStats",
    "Entry",
    "ReentryEntry",
    "Replay",
    "Sheet",
    "Step",
    "PoolSummary",
    "Settlement",
    "player_stats",
    "pool_summary",
    "replay",
    "settle",
    "settle_evening",
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

    def written(self, entry: Entry) -> Entry:
        """``entry`` as :meth:`apply` would write it now (names as the players', cards
        canonical), without scoring it into the tally; raises as :meth:`apply` would."""
        if isinstance(entry, ReentryEntry):
            return dataclasses.replace(
                entry, player=_named(entry.player, self.tally.players, "player")
            )
        if entry.scores is not None:
            return score_points(self.rules, self.tally.active(), entry)[0]
        return _canonical(entry, build_deal(self.rules, self.tally.active(), entry))

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
                raise SettleError(_("no more deals: {why}").format(why=why))
            tally.check_playing([*entry.hands, *entry.melded, *(entry.scores or ()),
                                 entry.closer])  # fmt: skip
            if entry.scores is not None:
                canonical, result = score_points(self.rules, tally.active(), entry)
            else:
                deal = build_deal(self.rules, tally.active(), entry)
                result = score_deal(self.rules, deal)
                canonical = _canonical(entry, deal)
            tally.add(result)
        out = tally.eliminated()
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
        raise SheetError(_where(sheet, 0, _("rules: {problem}").format(problem=exc))) from None
    problems: list[str] = []
    for n, entry in enumerate(sheet.entries, start=1):
        try:
            state.apply(entry)
        except RemikcalcError as exc:
            if isinstance(entry, ReentryEntry):
                text = _("entry {n}: {problem}").format(n=n, problem=exc)
            else:
                text = _("deal {n}: {problem}").format(n=n, problem=exc)
            problems.append(_where(sheet, entry.line, text))
    if problems:
        head = ngettext(
            "{sheet}: {n} deal cannot be scored:",
            "{sheet}: {n} deals cannot be scored:",
            len(problems),
        ).format(sheet=sheet.path or _("the sheet"), n=len(problems))
        raise SheetError("\n".join([head, *problems]) if len(problems) > 1 else problems[0])
    return state


def _where(sheet: Sheet, line: int, text: str) -> str:
    place = sheet.path or _("sheet")
    return f"{place}:{line}: {text}" if line else f"{place}: {text}"


def _named(name: str, players: Sequence[str], what: str) -> str:
    try:
        return player_named(name, players, what, scope="sheet")
    except DealError as exc:
        raise SettleError(str(exc)) from None


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
        raise SettleError(
            _("{variant} has no pool; the pool is a remik bridge thing").format(
                variant=state.rules.variant
            )
        )
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


# --- an evening: several sheets settled together ---------------------------------------------


@dataclass(frozen=True, slots=True)
class Evening:
    """Several sheets settled as one evening.

    Each sheet keeps its own :class:`Settlement`; ``combined`` is each person's money (or net,
    when no sheet has a stake) summed over the sheets, players matched by
    :func:`~remikcalc.dealinput.name_key` and shown as first spelled, with :data:`POOL` when
    a bridge game still running holds a pool. ``transfers`` are the fewest that square it.
    """

    settlements: tuple[Settlement, ...]
    combined: Mapping[str, Decimal]
    in_money: bool
    currency: str | None
    digits: int
    transfers: tuple[Transfer, ...]


def _sheet_name(settlement: Settlement, n: int) -> str:
    return settlement.sheet.path or _("sheet {n}").format(n=n)


def _same_unit(settlements: Sequence[Settlement]) -> tuple[bool, str | None]:
    """Whether the sheets combine in money, and their currency; SettleError naming the sheet
    that cannot be combined with the first."""
    first = settlements[0]
    name0 = _sheet_name(first, 1)
    staked = first.sheet.stake is not None
    unit0 = first.replay.rules.spec.unit
    for n, other in enumerate(settlements[1:], start=2):
        name = _sheet_name(other, n)
        if (other.sheet.stake is not None) != staked:
            has, lacks = (name0, name) if staked else (name, name0)
            raise SettleError(
                _("{lacks} has no stake but {has} has one: an evening is settled in money only "
                  "if every sheet has a stake, else in points; give {lacks} a stake (stake: ...)"
                ).format(lacks=lacks, has=has)
            )  # fmt: skip
        if staked:
            cur0, cur = first.sheet.currency, other.sheet.currency
            if not same_currency(cur0, cur):
                none = _("no currency")
                raise SettleError(
                    _("{name} is in {currency} but {first} is in {first_currency}: settle sheets "
                      "of one currency together").format(
                        name=name, currency=cur or none, first=name0, first_currency=cur0 or none)
                )  # fmt: skip
        elif other.replay.rules.spec.unit != unit0:
            unit = other.replay.rules.spec.unit
            if unit == "stake":
                message = _("{name} counts in stakes but {first} in points: without a stake "
                            "they do not add up; give every sheet a stake to settle them "
                            "together in money")  # fmt: skip
            else:
                message = _("{name} counts in points but {first} in stakes: without a stake "
                            "they do not add up; give every sheet a stake to settle them "
                            "together in money")  # fmt: skip
            raise SettleError(message.format(name=name, first=name0))
    return staked, first.sheet.currency if staked else None


def settle_evening(settlements: Sequence[Settlement]) -> Evening:
    """Combine sheets settled one by one into one evening (SettleError: units differ)."""
    if not settlements:
        raise SettleError(_("an evening needs at least one sheet"))
    in_money, currency = _same_unit(settlements)
    combined: dict[str, Decimal] = {}
    shown: dict[str, str] = {}  # name key -> the first spelling
    for s in settlements:
        parts = s.money if in_money and s.money is not None else s.net_shown
        for name, value in parts.items():
            key = POOL if name == POOL else name_key(name)
            shown.setdefault(key, name)
            combined[shown[key]] = combined.get(shown[key], Decimal(0)) + value
    if POOL in combined and not combined[POOL]:
        del combined[POOL]
    if POOL in combined:  # the pool last, as in a sheet's own settlement
        combined[POOL] = combined.pop(POOL)
    digits = max((s.sheet.minor_digits for s in settlements), default=2) if in_money else 2
    balances = {p: Fraction(v) for p, v in combined.items()}
    return Evening(tuple(settlements), combined, in_money, currency, digits,
                   tuple(fewest_transfers(balances)))  # fmt: skip


# --- statistics: per player, over one or more sheets --------------------------------------------

#: outcomes a player achieves (the closer's, or the undercutting defender's); not draws or points
NOT_ACHIEVED = ("draw", "scores")


@dataclass(frozen=True, slots=True)
class BestDeal:
    """A player's best deal: where it is and what it scored."""

    sheet: str
    n: int
    score: int


@dataclass(slots=True)
class PlayerStats:
    """One player's figures over the deals he played (re-entries are not deals)."""

    name: str
    deals: int = 0
    won: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)
    caught: list[int] = field(default_factory=list)  # counts left in hand in deals he lost
    best: BestDeal | None = None
    gain: int = 0  # the best deal's score, negated where scores are penalties (bridge)
    streak: int = 0  # the longest run of deals won in a row
    run: int = 0  # the current run

    @property
    def average_caught(self) -> Fraction | None:
        return Fraction(sum(self.caught), len(self.caught)) if self.caught else None

    @property
    def worst_caught(self) -> int | None:
        return max(self.caught) if self.caught else None


def _achiever(result: DealResult) -> str | None:
    """Who achieved the deal's outcome: the undercutting defender, else the closer."""
    if result.outcome in NOT_ACHIEVED:
        return None
    return result.winner if result.outcome == "undercut" else result.closer


def _stats_winner(entry: Entry, result: DealResult) -> str | None:
    """Who won the deal for ``stats``: the winner the scoring names (for a deal entered as
    points, the closer, or in the knock games the one player who scored); for a deal entered
    as points that names none (no closer, several positive scores), the one player with the
    highest score if it is positive; nobody on a tie, a draw or no positive score."""
    if result.winner is not None or result.outcome == "draw":
        return result.winner
    if not isinstance(entry, DealEntry) or entry.scores is None or not result.scores:
        return None
    best = max(result.scores.values())
    top = [p for p, s in result.scores.items() if s == best]
    return top[0] if best > 0 and len(top) == 1 else None


def player_stats(replays: Sequence[Replay]) -> dict[str, PlayerStats]:
    """Each player's statistics over the replayed sheets, players matched by name ignoring
    case (shown as first spelled), in order of first appearance.

    A deal counts for the players it scores; a streak runs over the deals a player plays, in
    sheet order; the best deal is the highest score, a bridge score counted negated (there the
    scores are penalties, ``FamilySpec.low_wins``), the first of equals.
    """
    stats: dict[str, PlayerStats] = {}
    for n, state in enumerate(replays, start=1):
        low = state.rules.spec.low_wins
        where = state.sheet.path or f"sheet {n}"
        for p in state.sheet.players:
            stats.setdefault(name_key(p), PlayerStats(p))
        number = 0  # the deal's number as ``show`` and ``edit`` give it: events have none
        for step in state.steps:
            result = step.result
            if not isinstance(result, DealResult):
                continue
            number += 1
            achiever = _achiever(result)
            winner = _stats_winner(step.entry, result)
            for p in state.sheet.players:
                if p not in result.scores and p not in result.points:
                    continue
                st = stats[name_key(p)]
                st.deals += 1
                if winner == p:
                    st.won += 1
                    st.run += 1
                    st.streak = max(st.streak, st.run)
                else:
                    st.run = 0
                    if p in result.points and winner is not None:
                        st.caught.append(result.points[p])
                if achiever == p:
                    st.outcomes[result.outcome] = st.outcomes.get(result.outcome, 0) + 1
                score = result.scores.get(p)
                gain = None if score is None else -score if low else score
                if gain is not None and score is not None and (st.best is None or gain > st.gain):
                    st.best, st.gain = BestDeal(where, number, score), gain
    return {s.name: s for s in stats.values()}
