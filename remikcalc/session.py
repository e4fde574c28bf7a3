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
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from remikcalc.cards import format_groups
from remikcalc.errors import DealError, RemikcalcError, SettleError, SheetError
from remikcalc.scoring import score_deal
from remikcalc.scoring.base import POOL, Deal, DealResult
from remikcalc.scoring.deal import build_deal, player_named
from remikcalc.scoring.points import score_points
from remikcalc.settle import (
    BridgeTally,
    Reentry,
    Tally,
    decimal_text,
    fewest_transfers,
    make_tally,
    round_spread,
)
from remikcalc.sheet.model import DealEntry, Entry, ReentryEntry, Sheet
from remikcalc.variants import Rules

__all__ = [
    "SCHEMA",
    "DealEntry",
    "Entry",
    "ReentryEntry",
    "Replay",
    "Sheet",
    "Step",
    "replay",
    "pool_summary",
    "settle_sheet",
]

SCHEMA = "remikcalc.settle/1"


@dataclass(frozen=True, slots=True)
class Step:
    """One replayed entry: its result and the totals after it."""

    n: int
    entry: Entry
    result: DealResult | Reentry
    totals: dict[str, int]
    out: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        data = self.result.as_json(self.n)
        data["totals"] = dict(self.totals)
        return data


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
        step = Step(len(self.steps) + 1, canonical, result, dict(tally.totals), out)
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


def _texts(values: Mapping[str, Fraction], places: int = 2) -> tuple[dict[str, str], bool]:
    """Decimal strings: exact where possible, else all rounded to ``places`` (zero-sum kept)."""
    exact = {k: decimal_text(v) for k, v in values.items()}
    if all(t is not None for t in exact.values()):
        return {k: t for k, t in exact.items() if t is not None}, True
    return {k: format(v, "f") for k, v in round_spread(values, places).items()}, False


def settle_replay(state: Replay) -> dict[str, Any]:
    """The ``settle --format json`` object (INTERFACE.md) of a replayed sheet."""
    sheet, tally = state.sheet, state.tally
    net = tally.net()
    pool = tally.pool()
    parties = dict(net)
    if pool:
        parties[POOL] = pool
    net_text, exact = _texts(parties)
    pool_text = net_text.pop(POOL, "0")
    out: dict[str, Any] = {
        "schema": SCHEMA,
        "variant": state.rules.variant,
        "players": list(sheet.players),
        "deals": [step.as_json() for step in state.steps],
        "totals": dict(tally.totals),
        "finished": tally.finished,
        "winner": tally.winner,
        "net": net_text,
    }
    if not exact:
        out["net_exact"] = {p: str(v) for p, v in net.items()}
    balances = {p: Fraction(Decimal(v)) for p, v in net_text.items()}
    if pool:
        balances[POOL] = Fraction(Decimal(pool_text))
    if sheet.stake is not None:
        places = sheet.minor_digits
        money = round_spread({p: v * Fraction(sheet.stake) for p, v in parties.items()}, places)
        out["money"] = {p: format(v, "f") for p, v in money.items() if p != POOL}
        if pool:
            out["pool_money"] = format(money[POOL], "f")
        balances = {p: Fraction(v) for p, v in money.items()}

        def shown(amount: Fraction) -> str:
            return format(_money(amount, places), "f")

    else:

        def shown(amount: Fraction) -> str:
            return decimal_text(amount) or str(amount)

    out["transfers"] = [
        {"from": t.payer, "to": t.payee, "amount": shown(t.amount)}
        for t in fewest_transfers(balances)
    ]
    out["pool"] = pool_text
    if sheet.stake is not None:
        out["stake"] = format(sheet.stake, "f")
    if sheet.currency is not None:
        out["currency"] = sheet.currency
    out.update(tally.extra())
    return out


def _money(amount: Fraction, places: int) -> Decimal:
    quantum = Decimal(1).scaleb(-places)
    exact = Decimal(amount.numerator) / Decimal(amount.denominator)
    return exact.quantize(quantum, rounding=ROUND_HALF_UP)


def pool_summary(state: Replay) -> dict[str, Any]:
    """What is in the remik bridge pool, who paid it in, and who took it."""
    tally = state.tally
    if not isinstance(tally, BridgeTally):
        raise SettleError(f"{state.rules.variant} has no pool; the pool is a remik bridge thing")
    pool = tally.pool()
    data: dict[str, Any] = {
        "schema": "remikcalc.pool/1",
        "pool": decimal_text(pool),
        "paid_in": {p: decimal_text(v) for p, v in tally.paid_in.items()},
        "in": list(tally.active()),
        "out": [p for p in tally.players if p in tally.out],
        "taken_by": list(tally.last),
        "paid_out": decimal_text(sum(tally.payout.values(), Fraction(0))),
    }
    if state.sheet.stake is not None:
        money = pool * Fraction(state.sheet.stake)
        data["money"] = format(_money(money, state.sheet.minor_digits), "f")
        data["currency"] = state.sheet.currency
    return data


def settle_sheet(sheet: Sheet) -> dict[str, Any]:
    """Replay a sheet and settle it: exactly the ``settle --format json`` object."""
    return settle_replay(replay(sheet))

