"""Rendering a settlement and the bridge pool: the ``settle``/``pool`` JSON and their tables.

The JSON objects are the contract of INTERFACE.md (``remikcalc.settle/1``); they are built
here and only here, from the typed :class:`~remikcalc.session.Settlement`, so what people read
and what tools read cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, is_dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from remikcalc.money import Transfer, amount_text
from remikcalc.render import table, to_json
from remikcalc.render.results import payment_json, result_json
from remikcalc.scoring.base import POOL, Payment
from remikcalc.session import Evening, PoolSummary, Settlement, Sheet, Step, replay, settle
from remikcalc.settle import GameResult

__all__ = [
    "EVENING_SCHEMA",
    "SCHEMA",
    "evening_json",
    "render_evening",
    "pool_json",
    "render_pool",
    "result_json",
    "render_settlement",
    "settle_files",
    "settle_sheet",
    "settlement_json",
    "step_json",
]

SCHEMA = "remikcalc.settle/1"
EVENING_SCHEMA = "remikcalc.evening/1"
_UNITS = {"point": " points", "stake": " stake(s)"}  # a net without money, in words


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


def _transfer_amount(settlement: Settlement, amount: Fraction) -> str:
    if settlement.money is not None:
        return amount_text(amount, settlement.sheet.minor_digits)
    return amount_text(amount)


def settlement_json(settlement: Settlement) -> dict[str, Any]:
    """The ``settle --format json`` object (INTERFACE.md)."""
    state, sheet, tally = settlement.replay, settlement.sheet, settlement.tally
    net = {p: format(v, "f") for p, v in settlement.net_shown.items()}
    pool = net.pop(POOL, "0")
    out: dict[str, Any] = {
        "schema": SCHEMA,
        "variant": state.rules.variant,
        "players": list(sheet.players),
        "deals": [step_json(step) for step in state.steps],
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
        {"from": t.payer, "to": t.payee, "amount": _transfer_amount(settlement, t.amount)}
        for t in settlement.transfers
    ]
    out["pool"] = pool
    if sheet.stake is not None:
        out["stake"] = format(sheet.stake, "f")
    if sheet.currency is not None:
        out["currency"] = sheet.currency
    out.update(_plain(tally.extra()))
    return out


def settle_sheet(sheet: Sheet) -> dict[str, Any]:
    """Replay and settle a loaded :class:`~remikcalc.sheet.Sheet`: its settle JSON object."""
    return settlement_json(settle(replay(sheet)))


def _line(items: Mapping[str, Any]) -> str:
    return ", ".join(f"{p} {v}" for p, v in items.items())


def _game_lines(extra: Mapping[str, Any]) -> list[str]:
    """One line per game (or Hollywood column): who won it and how the figure is made."""
    columns = "columns" in extra
    games: list[GameResult] = extra.get("columns", extra.get("games", []))
    lines = []
    for i, game in enumerate(games, start=1):
        if not game.finished and (len(games) == 1 or columns):
            continue
        label = ("Column" if columns else "Game") + (f" {i}" if len(games) > 1 else "")
        net = "net " + _line({p: amount_text(v) for p, v in game.net.items()})
        if not game.finished:
            lines.append(f"{label}, not finished: {net}")
            continue
        state = f"won by {game.winner}" if game.winner else "shared"
        from remikcalc.scoring.why import reasons_text

        lines.append(f"{label} {state}: " + ("; ".join(reasons_text(game.reasons)) or net))
    return lines


def render_settlement(settlement: Settlement, fmt: str = "table") -> str:
    """The settlement for people (``table``, ``markdown``), pasting (``plain``, ``csv``: the
    players' table, a blank line, the transfers) or tools (``json``)."""
    if fmt == "json":
        return to_json(settlement_json(settlement))
    sheet, tally = settlement.sheet, settlement.tally
    money = settlement.money
    extra = tally.extra()
    paid_in: Mapping[str, Fraction] = extra.get("paid_in", {})
    unit = f" {sheet.currency}" if sheet.currency else ""
    headers = ["player", "total", *(["paid in"] if paid_in else []), "net",
               *(["money"] if money is not None else [])]  # fmt: skip
    rows = []
    for p in sheet.players:
        row = [p, tally.totals.get(p, "")]
        if paid_in:
            row.append(amount_text(paid_in[p]))
        row.append(format(settlement.net_shown[p], "f"))
        if money is not None:
            row.append(format(money[p], "f") + unit)
        rows.append(row)
    transfers = [(t.payer, t.payee, _transfer_amount(settlement, t.amount))
                 for t in settlement.transfers]  # fmt: skip
    if fmt == "plain":  # the amount keeps its currency, as in the money column
        lines = [table(rows, headers, fmt="plain"), ""]
        lines += ["\t".join([payer, payee, amount + unit]) for payer, payee, amount in transfers]
        return "\n".join(lines).rstrip()
    if fmt == "csv":  # two tables, a blank line between; amounts are numbers, the currency
        # in a column of its own
        currency = sheet.currency or ""
        if money is not None:
            headers.append("currency")
            rows = [[*row[:3], format(money[p], "f"), currency]
                    for p, row in zip(sheet.players, rows, strict=True)]  # fmt: skip
        cash = [[payer, payee, amount, currency] for payer, payee, amount in transfers]
        cash_headers = ["from", "to", "amount", "currency"]
        return "\n".join(
            [table(rows, headers, fmt="csv"), "", table(cash, cash_headers, fmt="csv")]
        )
    rules = settlement.replay.rules
    paid = unit if money is not None else _UNITS[rules.spec.unit]
    lines = [table(rows, headers, fmt=fmt), ""]
    if transfers:
        lines.append("Who pays whom:" + ("\n" if fmt == "markdown" else ""))
        for payer, payee, amount in transfers:
            to = "into the pool" if payee == POOL else payee
            lines.append(f"{'-' if fmt == 'markdown' else ' '} {payer} pays {to} {amount}{paid}")
    else:
        lines.append("Nobody owes anything.")
    pool = settlement.net_shown.get(POOL)
    if pool is not None and pool != 0:
        who = _line({p: amount_text(v) for p, v in paid_in.items()})
        lines.append(f"Pool: {format(pool, 'f')} stake(s); paid in so far: {who}.")
        lines.append("The payments above square everything as it stands, the pool included.")
    lines += _game_lines(extra)
    note = tally.note()
    if tally.finished:
        winner = f", winner {tally.winner}" if tally.winner else ""
        lines.append(f"Game finished{winner}.")
    elif note is not None:
        lines.append(f"{note} Settled as it stands.")
    elif extra.get("open_ended"):
        lines.append("No game target: settled as the totals stand.")
    else:
        lines.append("Game not finished: settled as it stands.")
    return "\n".join(lines)


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


def render_pool(summary: PoolSummary, fmt: str = "table") -> str:
    """What is in the remik bridge pool, and who put it there."""
    data = pool_json(summary)
    if fmt == "json":
        return to_json(data)
    rows = [[p, a] for p, a in data["paid_in"].items()]
    if fmt in ("plain", "csv"):
        return table(rows, ["player", "paid in"], fmt=fmt)
    money = ""
    if summary.money is not None:
        money = f" = {data['money']}" + (f" {summary.currency}" if summary.currency else "")
    lines = [
        f"Pool: {data['pool']} stake(s){money}",
        "",
        table(rows, ["player", "paid in"], fmt=fmt),
    ]
    if summary.taken_by:
        lines.append(f"Taken by {', '.join(summary.taken_by)} ({data['paid_out']} stakes).")
    lines.append("Still in: " + (", ".join(summary.still_in) or "nobody"))
    if summary.out:
        lines.append("Out: " + ", ".join(summary.out))
    return "\n".join(lines)


# --- an evening ---------------------------------------------------------------------------------


def _evening_amount(evening: Evening, value: Fraction | Decimal) -> str:
    if evening.in_money:
        return amount_text(value, evening.digits)
    return amount_text(value)


def evening_json(evening: Evening, paths: Sequence[str]) -> dict[str, Any]:
    """The ``settle FILE...`` object for several sheets (``remikcalc.evening/1``)."""
    sheets = []
    for path, settlement in zip(paths, evening.settlements, strict=True):
        sheets.append({"path": path, **settlement_json(settlement)})
    people = {p: _evening_amount(evening, v) for p, v in evening.combined.items() if p != POOL}
    out: dict[str, Any] = {
        "schema": EVENING_SCHEMA,
        "sheets": sheets,
        "currency": evening.currency,
        ("money" if evening.in_money else "net"): people,
        "transfers": [
            {"from": t.payer, "to": t.payee, "amount": _evening_amount(evening, t.amount)}
            for t in evening.transfers
        ],
        "pool": _evening_amount(evening, evening.combined.get(POOL, Decimal(0))),
    }
    return out


def settle_files(paths: Sequence[str]) -> dict[str, Any]:
    """Load, replay and settle the sheets at ``paths`` as one evening: its JSON object."""
    from remikcalc.session import settle_evening
    from remikcalc.sheet import load_sheet

    settlements = [settle(replay(load_sheet(path))) for path in paths]
    return evening_json(settle_evening(settlements), paths)


def render_evening(evening: Evening, paths: Sequence[str], fmt: str = "table") -> str:
    """Several sheets as one evening: each sheet's settlement, then the combined one."""
    if fmt == "json":
        return to_json(evening_json(evening, paths))
    unit = f" {evening.currency}" if evening.currency else ""
    what = "money" if evening.in_money else "net"
    rows = [[p, _evening_amount(evening, v) + (unit if evening.in_money else "")]
            for p, v in evening.combined.items() if p != POOL]  # fmt: skip
    transfers = [(t.payer, t.payee, _evening_amount(evening, t.amount))
                 for t in evening.transfers]  # fmt: skip
    if fmt == "plain":
        lines = [table(rows, ["player", what], fmt="plain"), ""]
        lines += ["\t".join(t) for t in transfers]
        return "\n".join(lines).rstrip()
    if fmt != "table":  # a format for pasting (csv, markdown): the combined tables only
        payments = table(transfers, ["from", "to", "amount"], fmt=fmt)
        return table(rows, ["player", what], fmt=fmt) + "\n\n" + payments
    parts = []
    for path, settlement in zip(paths, evening.settlements, strict=True):
        variant = settlement.replay.rules.variant
        parts += [f"== {path} ({variant}) ==", render_settlement(settlement, fmt), ""]
    count = len(paths)
    parts += [f"== The evening: {count} sheets together ==", table(rows, ["player", what]), ""]
    paid = unit if evening.in_money else ""
    if transfers:
        parts.append("Who pays whom:")
        for payer, payee, amount in transfers:
            to = "into the pool" if payee == POOL else payee
            parts.append(f"  {payer} pays {to} {amount}{paid}")
    else:
        parts.append("Nobody owes anything.")
    pool = evening.combined.get(POOL)
    if pool:
        parts.append(
            f"Pool: {_evening_amount(evening, pool)}{paid} still in a running bridge game."
        )
    return "\n".join(parts)
