"""A settlement as a few plain lines to paste into a chat (WhatsApp, Telegram, Signal): the
title, the totals, the money (or net), who pays whom, and whether the game is over. No tables,
no pipes, no markup: a chat shows them as they are. In the language spoken.

``summary_text(settle(state))`` is what the score pad's summary page shows; a command (e.g. a
``settle --format text``) can print the same lines.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING

from remikcalc.base.i18n import _, ngettext
from remikcalc.base.numtext import money_text, number_text, signed
from remikcalc.render import plural_number
from remikcalc.render.settlement import (
    closing_lines,
    evening_amount_text,
    evening_transfer_lines,
    transfer_lines,
)
from remikcalc.render.sheet import totals_line
from remikcalc.rules.variant_words import variant_word
from remikcalc.scoring.result import POOL
from remikcalc.scoring.tally import Reentry
from remikcalc.session import Replay
from remikcalc.settle import Settlement

if TYPE_CHECKING:
    from remikcalc.session.evening import Evening

__all__ = ["evening_summary_text", "sheet_title", "summary_text"]


def sheet_title(state: Replay) -> str:
    """The sheet's title, else "Gin: Anna, Boris" (the variant, a capital first, and the
    players)."""
    sheet = state.sheet
    if sheet.title:
        return sheet.title
    word = variant_word(sheet.variant)
    return f"{word[:1].upper()}{word[1:]}: {', '.join(sheet.players)}"


def _money_line(settlement: Settlement) -> str:
    """ "Money: Anna +18.50 PLN, Boris -18.50 PLN" (without a stake: "Net: Anna +185, ...")."""
    sheet = settlement.sheet
    if settlement.money is not None:
        parts = [
            f"{p} {signed(money_text(v, sheet.currency, sheet.minor_digits), v)}"
            for p, v in settlement.money.items()
            if p != POOL
        ]
        return _("Money: {players}").format(players=", ".join(parts))
    parts = [
        f"{p} {signed(number_text(v), v)}" for p, v in settlement.net_shown.items() if p != POOL
    ]
    return _("Net: {players}").format(players=", ".join(parts))


def _pool_line(settlement: Settlement) -> str | None:
    pool = settlement.net_shown.get(POOL)
    if not pool:
        return None
    line = ngettext("Pool: {amount} stake", "Pool: {amount} stakes", plural_number(pool))
    text = line.format(amount=number_text(pool))
    if settlement.money is not None and POOL in settlement.money:
        sheet = settlement.sheet
        money = money_text(settlement.money[POOL], sheet.currency, sheet.minor_digits)
        text = f"{text} = {money}"
    return text


def _deals_line(state: Replay) -> str:
    deals = sum(1 for step in state.steps if not isinstance(step.result, Reentry))
    return ngettext("{n} deal", "{n} deals", deals).format(n=number_text(deals))


def _closing(settlement: Settlement) -> str:
    """How the game stands, in one short line: without a game target, that the totals are
    settled as they stand (the sum against the mean, player by player, is the table's)."""
    lines = closing_lines(settlement)
    if len(lines) > 1 and settlement.extra.get("open_ended"):
        return _("No game target: settled as the totals stand.")
    return " ".join(lines)


def summary_text(settlement: Settlement) -> str:
    """The settlement of one sheet in a few plain lines, for a chat::

    Gin: Anna, Boris (3 deals)
    Totals: Anna 65, Boris 12
    Money: Anna +5.30 PLN, Boris -5.30 PLN
    Boris pays Anna 5.30 PLN
    Game not finished: settled as it stands.
    """
    state = settlement.replay
    lines = [
        f"{sheet_title(state)} ({_deals_line(state)})",
        totals_line(state),
        _money_line(settlement),
    ]
    pool = _pool_line(settlement)
    if pool is not None:
        lines.append(pool)
    lines += transfer_lines(settlement) or [_("Nobody owes anything.")]
    lines.append(_closing(settlement))
    return "\n".join(lines)


def evening_summary_text(evening: Evening, names: Sequence[str] | None = None) -> str:
    """An evening in a few plain lines: a line per sheet (its title and totals), what each
    person comes to, and who pays whom. ``names`` names the sheets (default: their titles)."""
    count = len(evening.settlements)
    head = ngettext("The evening: {count} sheet", "The evening: {count} sheets", count)
    lines = [head.format(count=number_text(count))]
    for i, settlement in enumerate(evening.settlements):
        state = settlement.replay
        name = names[i] if names is not None else sheet_title(state)
        totals = ", ".join(f"{p} {number_text(t)}" for p, t in state.tally.totals.items())
        lines.append(f"{name}: {totals}")
    people: Mapping[str, Decimal] = {p: v for p, v in evening.combined.items() if p != POOL}
    parts = [f"{p} {signed(evening_amount_text(evening, v), v)}" for p, v in people.items()]
    word = _("Money: {players}") if evening.in_money else _("Net: {players}")
    lines.append(word.format(players=", ".join(parts)))
    lines += evening_transfer_lines(evening) or [_("Nobody owes anything.")]
    pool = evening.combined.get(POOL)
    if pool:
        lines.append(
            _("Pool: {amount} still in a running bridge game.").format(
                amount=evening_amount_text(evening, pool)
            )
        )
    return "\n".join(lines)
