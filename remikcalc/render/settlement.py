"""Rendering a settlement, the bridge pool and an evening: their tables and sentences, and
their ``--format json``.

The JSON objects are the contract of docs/INTERFACE.md (``remikcalc.settle/1``); they are built
in :mod:`remikcalc.render.settlement_json` only (and can be imported from here too), from the
typed :class:`~remikcalc.session.Settlement`, so what people read and what tools read cannot
drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from remikcalc.base.i18n import N_, _, ngettext
from remikcalc.base.money import Transfer, amount_text
from remikcalc.base.numtext import money_text, number_text
from remikcalc.render import fill, one_full_stop, plural_number, table, to_json
from remikcalc.render.deal import transfer_line
from remikcalc.render.settlement_json import (
    evening_amount,
    evening_json,
    pool_json,
    settlement_json,
    transfer_amount,
)
from remikcalc.render.sheet import note_text
from remikcalc.rules.variant_words import variant_word
from remikcalc.scoring.result import POOL
from remikcalc.scoring.tally import GameResult, Tally
from remikcalc.scoring.why import reason_text, reasons_text
from remikcalc.settle import PoolSummary, Settlement, still_owed

if TYPE_CHECKING:
    from remikcalc.session.evening import Evening

__all__ = [
    "closing_line",
    "evening_amount_text",
    "evening_transfer_lines",
    "game_lines",
    "mean_note",
    "pool_lines",
    "rounding_note",
    "transfer_lines",
    "render_evening",
    "render_pool",
    "render_settlement",
]

#: the players' table's headings (English in plain and csv, for other programs)
_PLAYER, _TOTAL, _PAID_IN, _NET, _MONEY = (
    N_("player"),
    N_("total"),
    N_("paid in"),
    N_("net"),
    N_("money"),
)
_TRANSFER_HEADERS = (N_("from"), N_("to"), N_("amount"))


def _line(items: Mapping[str, Any]) -> str:
    return ", ".join(f"{p} {v}" for p, v in items.items())


def _decimal_text(value: Decimal, currency: str | None = None, *, money: bool = False) -> str:
    """A Decimal for people with the digits it carries (``1.50`` stays ``1,50``)."""
    exponent = value.as_tuple().exponent
    places = max(0, -exponent) if isinstance(exponent, int) else None
    if money:
        return money_text(value, currency, places)
    return number_text(value, places)


def _game_lines(extra: Mapping[str, Any], tally: Tally) -> list[str]:
    """One line per game (or Hollywood column): who won it and how the figure is made; in
    Hollywood every column, an open one too, and then the columns added up."""
    columns = "columns" in extra
    games: list[GameResult] = extra.get("columns", extra.get("games", []))
    lines = []
    for i, game in enumerate(games, start=1):
        if not game.finished and len(games) == 1:
            continue
        if len(games) > 1:
            label = (_("Column {n}") if columns else _("Game {n}")).format(n=i)
        else:
            label = _("Column") if columns else _("Game")
        net = _line({p: number_text(v) for p, v in game.net.items()})
        if not game.finished:
            if columns:  # a Hollywood column still open settles its point difference
                line = _("{label}, open: net {players}, the point difference without bonuses")
            else:
                line = _("{label}, not finished: net {players}")
            lines.append(line.format(label=label, players=net))
            continue
        how = "; ".join(reasons_text(game.reasons))
        if game.winner:
            line = (
                _("{label} won by {winner}: {how}")
                if how
                else _("{label} won by {winner}: net {players}")
            )
            lines.append(line.format(label=label, winner=game.winner, how=how, players=net))
        else:
            line = _("{label} shared: {how}") if how else _("{label} shared: net {players}")
            lines.append(line.format(label=label, how=how, players=net))
    if columns and len(games) > 1:
        sums = []
        for p in tally.players:
            parts = [number_text(g.net[p]) for g in games]
            total = sum((g.net[p] for g in games), Fraction(0))
            terms = parts[0] + "".join(
                f" − {t[1:]}" if t.startswith("-") else f" + {t}" for t in parts[1:]
            )
            sums.append(f"{p} {terms} = {number_text(total)}")
        lines.append(_("Columns added up: {sums}").format(sums="; ".join(sums)))
    return lines


def _money_rounded(settlement: Settlement) -> bool:
    """Whether some party's money is not exactly its stakes or points times the stake (half a
    stake of 0.01 PLN, a mean of 10/3): the money is then rounded to the currency's minor unit,
    spread so that it still sums to zero (``money.round_spread``)."""
    money, stake = settlement.money, settlement.sheet.stake
    if money is None or stake is None:
        return False
    exact = {**settlement.net, POOL: settlement.pool}
    return any(Fraction(v) != exact[p] * Fraction(stake) for p, v in money.items())


def render_settlement(settlement: Settlement, fmt: str = "table") -> str:
    """The settlement for people (``table``, ``markdown``: in their language), pasting
    (``plain``, ``csv``: the players' table, a blank line, the transfers; English headings
    and plain numbers, the same in every language) or tools (``json``)."""
    if fmt == "json":
        return to_json(settlement_json(settlement))
    if fmt in ("plain", "csv"):
        return _settlement_for_programs(settlement, fmt)
    sheet, tally = settlement.sheet, settlement.tally
    money = settlement.money
    paid_in: Mapping[str, Fraction] = settlement.extra.get("paid_in", {})
    columns = tally.columns()  # Hollywood: each player's total in every column, "18/0/0"
    total_head = _(_TOTAL)
    if columns:
        total_head += " " + "/".join(str(i) for i in range(1, len(columns) + 1))
    headers = [
        _(_PLAYER),
        total_head,
        *([_(_PAID_IN)] if paid_in else []),
        _(_NET),
        *([_(_MONEY)] if money is not None else []),
    ]
    rows = []
    for p in sheet.players:
        total = tally.totals.get(p)
        if columns:
            cell = "/".join(number_text(c.totals[p]) for c in columns)
        else:
            cell = "" if total is None else number_text(total)
        row = [p, cell]
        if paid_in:
            row.append(number_text(paid_in[p]))
        row.append(_decimal_text(settlement.net_shown[p]))
        if money is not None:
            row.append(_decimal_text(money[p], sheet.currency, money=True))
        rows.append(row)
    markdown = fmt == "markdown"
    bullet = "-" if markdown else " "
    lines = [table(rows, headers, fmt=fmt), ""]
    held = held_pool_line(settlement)
    if held is not None:
        lines.append(held)
    transfers = transfer_lines(settlement)
    if transfers:
        lines.append(payments_heading(settlement) + ("\n" if markdown else ""))
        lines += [f"{bullet} {line}" for line in transfers]
        if markdown:  # a list ends with a blank line, or the next line joins its last item
            lines.append("")
    else:
        lines.append(nothing_owed(settlement))
    note = rounding_note(settlement)
    if note is not None:
        lines.append(note)
    lines += game_lines(settlement)
    first, *more = closing_lines(settlement)
    lines += [first, *(f"{bullet} {line}" for line in more)]
    if fmt == "table":  # the sentences under the table wrap to the terminal too
        lines[1:] = [_wrapped(line) for line in lines[1:]]
    return "\n".join(lines).rstrip("\n")


def _wrapped(line: str) -> str:
    """A sentence under a settlement's table wrapped to the terminal; an indented one (a
    transfer) keeps its indent and hangs further."""
    if not line:
        return line
    indent = line[: len(line) - len(line.lstrip())]
    return fill(line.strip(), indent=indent, hang=indent + "  ")


def shown_transfers(settlement: Settlement) -> Sequence[Transfer]:
    """The payments people are told to make: the fewest transfers, or, while a bridge game
    runs, what is still owed with the pool aside (its stakes are paid in already)."""
    owed = still_owed(settlement)
    return settlement.transfers if owed is None else owed


def payments_heading(settlement: Settlement) -> str:
    """The heading of the payments: "Who pays whom:", or, while a bridge game runs, what is
    still to pay with the pool aside."""
    if still_owed(settlement) is not None:
        return _("Still to pay, the pool aside:")
    return _("Who pays whom:")


def nothing_owed(settlement: Settlement) -> str:
    """What is said when there is nothing to pay."""
    if still_owed(settlement) is not None:
        return _("Nothing else to pay for now.")
    return _("Nobody owes anything.")


def held_pool_line(settlement: Settlement) -> str | None:
    """While a bridge game runs: what the pool holds, paid in already (None otherwise)."""
    pool = settlement.net_shown.get(POOL)
    if still_owed(settlement) is None or pool is None:
        return None
    sheet, money = settlement.sheet, settlement.money
    amount, n = _decimal_text(pool), plural_number(pool)
    if money is not None:
        cash = _decimal_text(money[POOL], sheet.currency, money=True)
        text = ngettext(
            "The pool holds {amount} stake ({money}), paid in already; the last player "
            "left in takes it.",
            "The pool holds {amount} stakes ({money}), paid in already; the last player "
            "left in takes it.",
            n,
        )
    else:
        cash = ""
        text = ngettext(
            "The pool holds {amount} stake, paid in already; the last player left in takes it.",
            "The pool holds {amount} stakes, paid in already; the last player left in takes it.",
            n,
        )
    return text.format(amount=amount, money=cash)


def pool_lines(settlement: Settlement) -> list[str]:
    """The pool's line for a page (see :func:`held_pool_line`): none when it is empty."""
    held = held_pool_line(settlement)
    return [] if held is None else [held]


def rounding_note(settlement: Settlement) -> str | None:
    """ "Amounts are rounded to 0.01 PLN; the payments still square." when some money is not
    exactly its points times the stake, else None (in the language spoken)."""
    if not _money_rounded(settlement):
        return None
    sheet = settlement.sheet
    smallest = money_text(Fraction(1, 10**sheet.minor_digits), sheet.currency, sheet.minor_digits)
    return _("Amounts are rounded to {smallest}; the payments still square.").format(
        smallest=smallest
    )


def mean_note(settlement: Settlement) -> str | None:
    """A game without a target (``open_ended``) whose every net is the total less one same
    figure, the mean of the totals: that figure in words beside the money, so that a total
    of -9 that wins money reads right; else None (a game with a target, or one settled by
    payments, where the net is the total).

    >>> from remikcalc.session import DealEntry, Sheet, replay
    >>> from remikcalc.settle import settle
    >>> sheet = Sheet(variant="polish", players=("Anna", "Vera", "Gleb"))
    >>> deal = DealEntry(closer="Anna", scores={"Anna": 6, "Vera": -9, "Gleb": -15})
    >>> mean_note(settle(replay(sheet.with_entries((deal,)))))[:69]
    'The money goes by each total against the average of all totals (-6): '
    """
    from remikcalc.base.money import round_money

    tally = settlement.tally
    if not tally.totals or not settlement.extra.get("open_ended"):
        return None
    apart = {Fraction(tally.totals[p]) - v for p, v in settlement.net.items() if p in tally.totals}
    if len(apart) != 1 or not next(iter(apart)):
        return None
    mean = round_money(next(iter(apart)), 2)
    return _(
        "The money goes by each total against the average of all totals ({mean}): above it "
        "gains, below it pays."
    ).format(mean=number_text(mean))


def game_lines(settlement: Settlement) -> list[str]:
    """One line per game (or Hollywood column): who won it and how its figure is made (the
    Why lines of the game), in the language spoken."""
    return _game_lines(settlement.extra, settlement.tally)


def closing_lines(settlement: Settlement) -> list[str]:
    """The last lines of a settlement: the game finished (and its winner), or settled as it
    stands and why (a tie past the target; no target: each net against the mean; not
    finished)."""
    tally = settlement.tally
    note = note_text(tally)
    reasons = tally.net_reasons()
    if tally.finished:
        if tally.winner:
            return [one_full_stop(_("Game finished, winner {winner}.").format(winner=tally.winner))]
        return [_("Game finished.")]
    if note is not None:
        return [_("{note} Settled as it stands.").format(note=note)]
    open_ended = settlement.extra.get("open_ended")
    if open_ended and reasons:
        head = _("No game target: {how}:").format(how=reason_text(reasons[0]))
        return [head, *(reason_text(r) for r in reasons[1:])]
    if open_ended:
        return [_("No game target: settled as the totals stand.")]
    return [_("Game not finished: settled as it stands.")]


def closing_line(settlement: Settlement) -> str:
    """:func:`closing_lines` in one line (a page's or a chat summary's last line): the lines
    after the first (each player's figure) apart by semicolons, so that they do not run
    together ("Anna 64, mean 0: +64; Vera -23, mean 0: -23")."""
    first, *more = closing_lines(settlement)
    return " ".join([first, "; ".join(more)]) if more else first


def _settlement_for_programs(settlement: Settlement, fmt: str) -> str:
    """``plain`` and ``csv``: English headings, plain numbers (a decimal point), the same
    bytes in every language."""
    sheet, tally = settlement.sheet, settlement.tally
    money = settlement.money
    extra = settlement.extra
    paid_in: Mapping[str, Fraction] = extra.get("paid_in", {})
    unit = f" {sheet.currency}" if sheet.currency else ""
    headers = [
        _PLAYER,
        _TOTAL,
        *([_PAID_IN] if paid_in else []),
        _NET,
        *([_MONEY] if money is not None else []),
    ]
    rows = []
    for p in sheet.players:
        row = [p, tally.totals.get(p, "")]
        if paid_in:
            row.append(amount_text(paid_in[p]))
        row.append(format(settlement.net_shown[p], "f"))
        if money is not None:
            row.append(format(money[p], "f") + unit)
        rows.append(row)
    transfers = [
        (t.payer, t.payee, transfer_amount(settlement, t.amount)) for t in settlement.transfers
    ]
    if fmt == "plain":  # the amount keeps its currency, as in the money column
        lines = [table(rows, headers, fmt="plain"), ""]
        lines += ["\t".join([payer, payee, amount + unit]) for payer, payee, amount in transfers]
        return "\n".join(lines).rstrip()
    # csv: two tables, a blank line between; amounts are numbers, the currency in a column of
    # its own
    currency = sheet.currency or ""
    if money is not None:
        headers.append("currency")
        rows = [
            [*row[:3], format(money[p], "f"), currency]
            for p, row in zip(sheet.players, rows, strict=True)
        ]
    cash = [[payer, payee, amount, currency] for payer, payee, amount in transfers]
    cash_headers = [*_TRANSFER_HEADERS, "currency"]
    return "\n".join([table(rows, headers, fmt="csv"), "", table(cash, cash_headers, fmt="csv")])


def render_pool(summary: PoolSummary, fmt: str = "table") -> str:
    """What is in the remik bridge pool, and who put it there."""
    data = pool_json(summary)
    if fmt == "json":
        return to_json(data)
    if fmt in ("plain", "csv"):
        rows = [[p, a] for p, a in data["paid_in"].items()]
        return table(rows, [_PLAYER, _PAID_IN], fmt=fmt)
    rows = [[p, number_text(a)] for p, a in summary.paid_in.items()]
    amount, n = number_text(summary.pool), plural_number(summary.pool)
    if summary.money is not None:
        money = _decimal_text(summary.money, summary.currency, money=True)
        line = ngettext(
            "Pool: {amount} stake = {money}", "Pool: {amount} stakes = {money}", n
        ).format(amount=amount, money=money)
    else:
        line = ngettext("Pool: {amount} stake", "Pool: {amount} stakes", n).format(amount=amount)
    lines = [line, "", table(rows, [_(_PLAYER), _(_PAID_IN)], fmt=fmt)]
    if summary.taken_by:
        text = ngettext(
            "Taken by {players} ({amount} stakes).",
            "Taken by {players} ({amount} stakes).",
            plural_number(summary.paid_out),
        )
        lines.append(
            text.format(players=", ".join(summary.taken_by), amount=number_text(summary.paid_out))
        )
    if summary.still_in:
        lines.append(_("Still in: {players}").format(players=", ".join(summary.still_in)))
    else:
        lines.append(_("Still in: nobody"))
    if summary.out:
        lines.append(_("Out: {players}").format(players=", ".join(summary.out)))
    return "\n".join(lines)


# --- an evening ---------------------------------------------------------------------------------


def render_evening(evening: Evening, paths: Sequence[str], fmt: str = "table") -> str:
    """Several sheets as one evening: each sheet's settlement, then the combined one (for
    people in their language; ``plain`` and ``csv`` the same in every language)."""
    if fmt == "json":
        return to_json(evening_json(evening, paths))
    unit = f" {evening.currency}" if evening.currency else ""
    what = _MONEY if evening.in_money else _NET
    if fmt in ("plain", "csv"):  # laid out as one sheet's settlement (see above)
        money = evening.in_money
        combined = [
            (p, evening_amount(evening, v)) for p, v in evening.combined.items() if p != POOL
        ]
        transfers = [
            (t.payer, t.payee, evening_amount(evening, t.amount)) for t in evening.transfers
        ]
        if fmt == "plain":  # each sheet's section, as the table has them, then the evening
            lines = []
            for path, settlement in zip(paths, evening.settlements, strict=True):
                variant = settlement.replay.rules.variant
                lines += [f"sheet\t{path}\t{variant}", render_settlement(settlement, fmt), ""]
            rows = [[p, a + (unit if money else "")] for p, a in combined]
            lines += [f"evening\t{len(paths)}", table(rows, [_PLAYER, what], fmt="plain"), ""]
            lines += [
                "\t".join([payer, payee, amount + (unit if money else "")])
                for payer, payee, amount in transfers
            ]
            return "\n".join(lines).rstrip()
        currency = evening.currency or ""
        headers = [_PLAYER, what, *(["currency"] if money else [])]
        rows = [[p, a, *([currency] if money else [])] for p, a in combined]
        cash = [[payer, payee, amount, currency] for payer, payee, amount in transfers]
        payments = table(cash, [*_TRANSFER_HEADERS, "currency"], fmt="csv")
        return table(rows, headers, fmt="csv") + "\n\n" + payments

    def amount_for_people(value: Fraction | Decimal) -> str:
        return evening_amount_text(evening, value)

    def who_pays_whom(bullet: str) -> list[str]:
        lines = evening_transfer_lines(evening)
        if not lines:
            return [_("Nobody owes anything.")]
        head = _("Who pays whom:") + ("\n" if bullet == "-" else "")
        return [head, *(f"{bullet} {line}" for line in lines)]

    rows = [[p, amount_for_people(v)] for p, v in evening.combined.items() if p != POOL]
    headers = [_(_PLAYER), _(what)]
    markdown = fmt == "markdown"
    parts = []
    for path, settlement in zip(paths, evening.settlements, strict=True):
        title = _("{path} ({variant})").format(
            path=path, variant=variant_word(settlement.replay.rules.variant)
        )
        above = [f"## {title}", ""] if markdown else [f"== {title} =="]
        parts += [*above, render_settlement(settlement, fmt), ""]
    count = len(paths)
    heading = ngettext(
        "The evening: {count} sheet together",
        "The evening: {count} sheets together",
        count,
    ).format(count=count)
    parts += [f"## {heading}\n" if markdown else f"== {heading} =="]
    owed = who_pays_whom("-" if markdown else " ")
    if not markdown:
        owed = [_wrapped(line) for line in owed]
    parts += [table(rows, headers, fmt=fmt), "", *owed]
    pool = evening.combined.get(POOL)
    if pool:
        if markdown:
            parts.append("")
        parts.append(
            _("Pool: {amount} still in a running bridge game.").format(
                amount=amount_for_people(pool)
            )
        )
    return "\n".join(parts).rstrip("\n")


def evening_amount_text(evening: Evening, value: Fraction | Decimal) -> str:
    """An evening's amount for people: money with its currency, else points (or stakes)."""
    if evening.in_money:
        return money_text(value, evening.currency, evening.digits)
    return number_text(value)


def evening_transfer_lines(evening: Evening) -> list[str]:
    """The evening's payments, one sentence each, in the language spoken."""
    #: what a transfer is counted in: money, or the sheets' points (or stakes)
    unit = "money" if evening.in_money else evening.settlements[0].replay.rules.spec.unit
    lines = []
    for t in evening.transfers:
        value = Decimal(evening_amount(evening, t.amount))
        amount = evening_amount_text(evening, t.amount)
        lines.append(transfer_line(t.payer, t.payee, amount, unit, value))
    return lines


def transfer_lines(settlement: Settlement) -> list[str]:
    """Who pays whom, one sentence each ("Boris pays Anna 26,50 ₽"), in the language spoken."""
    sheet, money = settlement.sheet, settlement.money
    unit = "money" if money is not None else settlement.replay.rules.spec.unit
    lines = []
    for t in shown_transfers(settlement):
        value = Decimal(transfer_amount(settlement, t.amount))
        if money is not None:
            amount = money_text(t.amount, sheet.currency, sheet.minor_digits)
        else:
            amount = number_text(t.amount)
        lines.append(transfer_line(t.payer, t.payee, amount, unit, value))
    return lines
