"""An evening: several sheets settled one by one, then one combined balance per person and
one set of fewest transfers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from remikcalc.base.errors import SettleError
from remikcalc.base.i18n import _
from remikcalc.base.money import (
    Transfer,
    fewest_transfers,
    same_currency,
)
from remikcalc.rules.dealinput import name_key
from remikcalc.scoring.result import POOL
from remikcalc.settle import Settlement


@dataclass(frozen=True, slots=True)
class Evening:
    """Several sheets settled as one evening.

    Each sheet keeps its own :class:`Settlement`; ``combined`` is each person's money (or net,
    when no sheet has a stake) summed over the sheets, players matched by
    :func:`~remikcalc.rules.dealinput.name_key` and shown as first spelled, with :data:`POOL` when
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
                _(
                    "{lacks} has no stake but {has} has one: an evening is settled in money only "
                    "if every sheet has a stake, else in points; give {lacks} a stake (stake: ...)"
                ).format(lacks=lacks, has=has),
                code="stake_mismatch",
                field="stake",
                details={"has": has, "lacks": lacks},
            )
        if staked:
            cur0, cur = first.sheet.currency, other.sheet.currency
            if not same_currency(cur0, cur):
                none = _("no currency")
                raise SettleError(
                    _(
                        "{name} is in {currency} but {first} is in {first_currency}: settle sheets "
                        "of one currency together"
                    ).format(
                        name=name, currency=cur or none, first=name0, first_currency=cur0 or none
                    ),
                    code="currency_mismatch",
                    field="currency",
                    details={"name": name, "first": name0},
                )
        elif other.replay.rules.spec.unit != unit0:
            unit = other.replay.rules.spec.unit
            if unit == "stake":
                message = _(
                    "{name} counts in stakes but {first} in points: without a stake "
                    "they do not add up; give every sheet a stake to settle them "
                    "together in money"
                )
            else:
                message = _(
                    "{name} counts in points but {first} in stakes: without a stake "
                    "they do not add up; give every sheet a stake to settle them "
                    "together in money"
                )
            raise SettleError(
                message.format(name=name, first=name0),
                code="unit_mismatch",
                details={"name": name, "first": name0},
            )
    return staked, first.sheet.currency if staked else None


def settle_evening(settlements: Sequence[Settlement]) -> Evening:
    """Combine sheets settled one by one into one evening (SettleError: units differ)."""
    if not settlements:
        raise SettleError(_("an evening needs at least one sheet"), code="no_sheets")
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
    return Evening(
        tuple(settlements), combined, in_money, currency, digits, tuple(fewest_transfers(balances))
    )
