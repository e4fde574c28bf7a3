"""The JSON objects of ``settle`` (one sheet, ``remikcalc.settle/1``; several sheets as one
evening, ``remikcalc.evening/1``) and of ``pool``: the contract of docs/INTERFACE.md, built here and
only here from the typed :class:`~remikcalc.session.Settlement`,
:class:`~remikcalc.session.Evening` and :class:`~remikcalc.session.PoolSummary`.

:mod:`remikcalc.render.settlement` writes the same settlements for people, and its
``--format json`` is these objects.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, is_dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from remikcalc.base.money import Transfer, amount_text
from remikcalc.render.results import payment_json, result_json
from remikcalc.scoring.result import POOL, Payment
from remikcalc.session import Evening, Replay, Sheet, Step, replay
from remikcalc.session.replay import deal_numbers
from remikcalc.settle import PoolSummary, Settlement, settle

__all__ = [
    "EVENING_SCHEMA",
    "SCHEMA",
    "evening_json",
    "pool_json",
    "settle_files",
    "settle_sheet",
    "settlement_json",
    "step_json",
]

SCHEMA = "remikcalc.settle/1"
EVENING_SCHEMA = "remikcalc.evening/1"


def _plain(value: Any) -> Any:
    """Typed settlement values as JSON data: amounts as decimal strings, records as objects."""
    if isinstance(value, Payment | Transfer):
        return payment_json(value)
    if isinstance(value, Fraction | Decimal):
        return amount_text(value)
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    return value


def step_json(step: Step) -> dict[str, Any]:
    """A replayed entry: its result and every total after it."""
    data = result_json(step.result, step.n)
    data["totals"] = dict(step.totals)
    return data


def _deals(state: Replay) -> list[dict[str, Any]]:
    """Every entry's object, a deal's with its number as ``show`` and the pad give it
    (``deal``, beside ``n``, which counts the events too)."""
    numbers = deal_numbers(state.steps)
    out = []
    for step in state.steps:
        data = step_json(step)
        if step.n in numbers:
            data = {"n": data.pop("n"), "deal": numbers[step.n], **data}
        out.append(data)
    return out


def transfer_amount(settlement: Settlement, amount: Fraction) -> str:
    if settlement.money is not None:
        return amount_text(amount, settlement.sheet.minor_digits)
    return amount_text(amount)


def settlement_json(settlement: Settlement) -> dict[str, Any]:
    """The ``settle --format json`` object (docs/INTERFACE.md)."""
    state, sheet, tally = settlement.replay, settlement.sheet, settlement.tally
    net = {p: format(v, "f") for p, v in settlement.net_shown.items()}
    pool = net.pop(POOL, "0")
    out: dict[str, Any] = {
        "schema": SCHEMA,
        "variant": str(state.rules.variant),
        "players": list(sheet.players),
        "deals": _deals(state),
        "totals": dict(tally.totals),
        "finished": tally.finished,
        "winner": tally.winner,
        "net": net,
    }
    if not settlement.net_exact:
        out["net_exact"] = {p: str(v) for p, v in settlement.net.items()}
    if settlement.money is not None:
        out["money"] = {p: format(v, "f") for p, v in settlement.money.items() if p != POOL}
        if POOL in settlement.money:
            out["pool_money"] = format(settlement.money[POOL], "f")
    out["transfers"] = [
        {"from": t.payer, "to": t.payee, "amount": transfer_amount(settlement, t.amount)}
        for t in settlement.transfers
    ]
    out["pool"] = pool
    out["dealer"] = state.next_dealer()
    if sheet.stake is not None:
        out["stake"] = format(sheet.stake, "f")
    if sheet.currency is not None:
        out["currency"] = sheet.currency
    out.update(_plain(settlement.extra))
    return out


def settle_sheet(sheet: Sheet) -> dict[str, Any]:
    """Replay and settle a loaded :class:`~remikcalc.sheet.Sheet`: its settle JSON object."""
    return settlement_json(settle(replay(sheet)))


def pool_json(summary: PoolSummary) -> dict[str, Any]:
    """The ``pool --format json`` object."""
    data: dict[str, Any] = {
        "schema": "remikcalc.pool/1",
        "pool": amount_text(summary.pool),
        "paid_in": {p: amount_text(v) for p, v in summary.paid_in.items()},
        "in": list(summary.still_in),
        "out": list(summary.out),
        "taken_by": list(summary.taken_by),
        "paid_out": amount_text(summary.paid_out),
    }
    if summary.money is not None:
        data["money"] = format(summary.money, "f")
        data["currency"] = summary.currency
    return data


def evening_amount(evening: Evening, value: Fraction | Decimal) -> str:
    if evening.in_money:
        return amount_text(value, evening.digits)
    return amount_text(value)


def evening_json(evening: Evening, paths: Sequence[str]) -> dict[str, Any]:
    """The ``settle FILE...`` object for several sheets (``remikcalc.evening/1``)."""
    sheets = []
    for path, settlement in zip(paths, evening.settlements, strict=True):
        sheets.append({"path": path, **settlement_json(settlement)})
    people = {p: evening_amount(evening, v) for p, v in evening.combined.items() if p != POOL}
    out: dict[str, Any] = {
        "schema": EVENING_SCHEMA,
        "sheets": sheets,
        "currency": evening.currency,
        ("money" if evening.in_money else "net"): people,
        "transfers": [
            {"from": t.payer, "to": t.payee, "amount": evening_amount(evening, t.amount)}
            for t in evening.transfers
        ],
        "pool": evening_amount(evening, evening.combined.get(POOL, Decimal(0))),
    }
    return out


def settle_files(paths: Sequence[str]) -> dict[str, Any]:
    """Load, replay and settle the sheets at ``paths`` as one evening: its JSON object."""
    from remikcalc.session import settle_evening
    from remikcalc.sheet import load_sheet

    settlements = [settle(replay(load_sheet(path))) for path in paths]
    return evening_json(settle_evening(settlements), paths)
