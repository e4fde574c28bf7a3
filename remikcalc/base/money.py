"""Money and transfers: exact amounts, rounding once with the remainder spread, fewest payments.

Amounts typed by people are parsed from text (``1.5``, ``1,5`` and ``1 000,50`` alike) into
``Decimal``;
net results are ``Fraction``; nothing is ever a ``float``.

>>> fewest_transfers({"Anna": Fraction(5), "Boris": Fraction(-3), "Carl": Fraction(-2)})
[Transfer(payer='Boris', payee='Anna', amount=Fraction(3, 1)), \
Transfer(payer='Carl', payee='Anna', amount=Fraction(2, 1))]
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from remikcalc.base.errors import SettleError
from remikcalc.base.i18n import _, ngettext

__all__ = [
    "decimal_literal",
    "CURRENCY_SIGNS",
    "EXACT_LIMIT",
    "MAX_AMOUNT",
    "Transfer",
    "amount_text",
    "currency_code",
    "currency_decimals",
    "decimal_text",
    "fewest_transfers",
    "greedy_transfers",
    "parse_amount",
    "round_money",
    "round_spread",
    "same_currency",
]

# --- amounts ------------------------------------------------------------------------------------

# ISO 4217 currencies whose minor unit is not 1/100.
_MINOR_DIGITS = {
    **dict.fromkeys(("JPY", "KRW", "ISK", "CLP", "VND", "PYG", "UGX", "XAF", "XOF"), 0),
    **dict.fromkeys(("KWD", "BHD", "JOD", "OMR", "TND", "LYD", "IQD"), 3),
}
#: the largest amount typed (a stake): keeps money arithmetic exact within Decimal's precision
MAX_AMOUNT = 1_000_000
_AMOUNT = re.compile(r"(\d+)?(?:([.,])(\d+))?")


#: currency signs written after an amount in pl and ru (other currencies keep their code)
CURRENCY_SIGNS = {"PLN": "zł", "RUB": "₽", "EUR": "€", "UAH": "₴", "USD": "$", "GBP": "£"}
# a sheet in one of these signs is in that currency ($ is left out: many dollars write it)
_SIGN_CODES = {
    sign.casefold(): code.casefold() for code, sign in CURRENCY_SIGNS.items() if sign != "$"
}


def currency_code(currency: str) -> str:
    """A currency as a sheet keeps it: three ASCII letters are an ISO 4217 code, in capitals;
    anything else (a sign such as zł or ₽, or a name) is kept as typed.

    >>> currency_code("pln"), currency_code(" Eur "), currency_code("zł"), currency_code("Kč")
    ('PLN', 'EUR', 'zł', 'Kč')
    """
    text = currency.strip()
    if len(text) == 3 and text.isascii() and text.isalpha():
        return text.upper()
    return text


def same_currency(a: str | None, b: str | None) -> bool:
    """Whether two sheets' currencies are one: the same code or sign, case aside, or a sign
    and its code (``zł`` and ``PLN``); no currency is one only with no currency.

    >>> same_currency("zł", "PLN"), same_currency("ZŁ", "zł"), same_currency("$", "USD")
    (True, True, False)
    """

    def key(currency: str | None) -> str | None:
        if currency is None:
            return None
        folded = currency_code(currency).casefold()
        return _SIGN_CODES.get(folded, folded)

    return key(a) == key(b)


def currency_decimals(currency: str | None) -> int:
    """Decimals of the currency's minor unit: 2 unless the ISO code says otherwise."""
    if currency is None:
        return 2
    return _MINOR_DIGITS.get(currency.strip().upper(), 2)


_SPACES = " \u00a0\u202f\u2009"  # space, no-break space, narrow no-break space, thin space
_GROUPED = re.compile(r"\d{1,3}(?:[ \u00a0\u202f\u2009]\d{3})+(?:[.,]\d*)?")


def parse_amount(text: str, *, decimals: int = 2, what: str | None = None) -> Decimal:
    """Parse a money amount typed by a person: ``"1.5"`` and ``"1,5"`` both mean 1.50.

    One dot or one comma is the decimal separator, whichever is typed (so ``1,500`` is one
    and a half, and refused for a currency with 2 decimals, with the hint to write ``1500`` or
    ``1 500``: the hint only where the separator could have been a thousands mark).
    Thousands may be grouped with a space or a no-break space (``1 000,50``), never with a dot
    or a comma: a number with both, or with two separators, is refused as ambiguous.
    Negative amounts, anything that is not a plain decimal number, and more decimals than the
    currency's minor unit are refused with a :class:`SettleError`. ``what`` names the amount in
    messages (default: the stake) and is shown as given (pass it translated).

    >>> parse_amount("1,5"), parse_amount("0.10"), parse_amount("3")
    (Decimal('1.5'), Decimal('0.10'), Decimal('3'))
    >>> parse_amount("1 000,50"), parse_amount("12\u00a0345.5")
    (Decimal('1000.50'), Decimal('12345.5'))
    """
    what = _("stake") if what is None else what
    raw = text.strip()
    if raw.startswith("-"):
        raise SettleError(
            _("{what} {text!r} is negative; a {what} must be 0 or more").format(
                what=what, text=text
            ),
            code="negative_amount",
            field="stake",
            details={"text": text},
        )
    body = raw[1:] if raw.startswith("+") else raw
    if any(ch in _SPACES for ch in body):
        if not _GROUPED.fullmatch(body):
            raise SettleError(
                _(
                    "{what} {text!r}: a space may only separate groups of three digits, "
                    "like 1 000,50"
                ).format(what=what, text=text),
                code="bad_grouping",
                field="stake",
                details={"text": text},
            )
        body = "".join(ch for ch in body if ch not in _SPACES)
    if body.count(".") + body.count(",") > 1:
        raise SettleError(
            _(
                "{what} {text!r} is not a decimal number (ambiguous: more than one dot or comma); "
                "use one decimal separator and a space between thousands, like 1 000,50 or "
                "1000.50"
            ).format(what=what, text=text),
            code="ambiguous_amount",
            field="stake",
            details={"text": text},
        )
    match = _AMOUNT.fullmatch(body)
    if not body or match is None or (match.group(1) is None and match.group(3) is None):
        raise SettleError(
            _("{what} {text!r} is not a decimal number; write it like 0.10 or 1,5").format(
                what=what, text=text
            ),
            code="not_a_number",
            field="stake",
            details={"text": text},
        )
    whole, frac = match.group(1) or "0", match.group(3) or ""
    value = Decimal(f"{whole}.{frac}" if frac else whole)  # exact, however many digits
    if value > MAX_AMOUNT:
        raise SettleError(
            _("{what} {text!r} is more than {limit}; a {what} is at most that").format(
                what=what, text=text, limit=MAX_AMOUNT
            ),
            code="amount_too_large",
            field="stake",
            details={"text": text, "limit": MAX_AMOUNT},
        )
    if len(frac) > decimals:
        if decimals == 0:
            unit = _("whole units")
        else:
            unit = ngettext("{n} decimal", "{n} decimals", decimals).format(n=decimals)
        problem = _(
            "{what} {text!r} has more decimals than the currency's minor unit ({unit})"
        ).format(what=what, text=text, unit=unit)
        if len(frac) == 3 and whole[0] != "0" and len(whole) <= 3:  # 1,500: a thousands mark?
            problem += _("; for thousands write {plain} or {grouped}").format(
                plain=whole + frac, grouped=f"{whole} {frac}"
            )
        raise SettleError(
            problem,
            code="too_many_decimals",
            field="stake",
            details={"text": text, "decimals": decimals},
        )
    return value


def decimal_text(value: Fraction | Decimal | int) -> str | None:
    """The exact decimal spelling of a number, or None if it has none (like 1/3).

    >>> decimal_text(Fraction(-47, 2)), decimal_text(Fraction(236)), decimal_text(Fraction(1, 3))
    ('-23.5', '236', None)
    """
    if type(value) is int:  # a total or a score, the most written: its digits (not a bool)
        return str(value)
    frac = Fraction(value)
    den = frac.denominator
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den != 1:
        return None
    places = max(twos, fives)
    scaled = abs(frac.numerator) * 10**places // frac.denominator
    digits = str(scaled).rjust(places + 1, "0")
    text = digits if places == 0 else f"{digits[:-places]}.{digits[-places:]}"
    return "-" + text if frac < 0 else text


#: a decimal written out in full (no exponent) only while it stays this short
_LITERAL_DIGITS = 40


def decimal_literal(value: Decimal) -> str:
    """A decimal as a number literal: written out in full (``23.60``, ``0.001``) while that
    stays short, else in exponent form (``1E+999999999``), which reads back as the same value.
    Free-form data (an example's ``expect``, a note) can hold any number a person typed; a
    billion digits must not be written out.

    >>> decimal_literal(Decimal("23.60")), decimal_literal(Decimal("1e999999999"))
    ('23.60', '1E+999999999')
    """
    if not value.is_finite():
        return str(value)
    exponent = value.as_tuple().exponent
    assert isinstance(exponent, int)
    if abs(value.adjusted()) <= _LITERAL_DIGITS and exponent >= -_LITERAL_DIGITS:
        return format(value, "f")
    return str(value)


def round_money(amount: Fraction | Decimal | int, places: int) -> Decimal:
    """``amount`` rounded half up to ``places`` decimals.

    >>> round_money(Fraction(2, 3), 2), round_money(Fraction(5, 2), 0)
    (Decimal('0.67'), Decimal('3'))
    """
    frac = Fraction(amount)
    quantum = Decimal(1).scaleb(-places)
    exact = Decimal(frac.numerator) / Decimal(frac.denominator)
    return exact.quantize(quantum, rounding=ROUND_HALF_UP)


def amount_text(value: Fraction | Decimal | int, places: int | None = None) -> str:
    """How remikcalc writes a number of points, stakes or money, for people and for JSON.

    The one amount formatter, for ``Fraction``, ``Decimal`` and ``int`` alike. With ``places``
    the value is rounded half up to that many decimals (money in its minor unit: ``1.50``);
    without, it is written exactly as people write it, with no exponent and no trailing zeros,
    or to 4 places when it has no exact decimal (a third of a stake).

    >>> amount_text(Decimal("1.50")), amount_text(Fraction(-47, 2)), amount_text(Fraction(1, 3))
    ('1.5', '-23.5', '0.3333')
    >>> amount_text(Decimal("1E+2")), amount_text(3), amount_text(Decimal("1.50"), places=2)
    ('100', '3', '1.50')
    >>> amount_text(Fraction(21, 2), places=2)
    '10.50'
    """
    if places is None:
        if type(value) is int:  # as decimal_text writes it, without the call
            return str(value)
        exact = decimal_text(value)
        if exact is not None:
            return exact
        places = 4
    return format(round_money(value, places), "f")


def _half_up(value: Fraction) -> int:
    """Round to the nearest integer, ties away from zero (Decimal's ROUND_HALF_UP)."""
    size = math.floor(abs(value) + Fraction(1, 2))
    return -size if value < 0 else size


def round_spread(values: Mapping[str, Fraction], places: int) -> dict[str, Decimal]:
    """Round each value once to ``places`` decimals so that the results still sum as exactly.

    Each value is rounded half up; if the rounded values do not add up to the (rounded) exact
    sum, the difference is spread one minor unit at a time over the values that rounding moved
    furthest in the wrong direction (ties: the earlier key). Deterministic.

    >>> round_spread({"A": Fraction(1, 3), "B": Fraction(1, 3), "C": Fraction(-2, 3)}, 2)
    {'A': Decimal('0.34'), 'B': Decimal('0.33'), 'C': Decimal('-0.67')}
    """
    scale = 10**places
    exact = {k: v * scale for k, v in values.items()}
    units = {k: _half_up(v) for k, v in exact.items()}
    excess = sum(units.values()) - _half_up(sum(exact.values(), Fraction(0)))
    order = list(exact)
    if excess > 0:  # too much: take a unit from those rounded up the most
        ranked = sorted(order, key=lambda k: (exact[k] - units[k], order.index(k)))
        for key in ranked[:excess]:
            units[key] -= 1
    elif excess < 0:
        ranked = sorted(order, key=lambda k: (units[k] - exact[k], order.index(k)))
        for key in ranked[:-excess]:
            units[key] += 1
    quantum = Decimal(1).scaleb(-places)
    return {k: (Decimal(u) * quantum).quantize(quantum) for k, u in units.items()}


# --- transfers --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment of the final settlement."""

    payer: str
    payee: str
    amount: Fraction


def _greedy(balances: Sequence[tuple[str, Fraction]], seat: Mapping[str, int]) -> list[Transfer]:
    """Largest debtor pays largest creditor until all are square (ties: earlier seat)."""
    owed = {k: v for k, v in balances if v}
    out: list[Transfer] = []
    while owed:
        debtor = min(owed, key=lambda k: (owed[k], seat[k]))
        creditor = max(owed, key=lambda k: (owed[k], -seat[k]))
        amount = min(-owed[debtor], owed[creditor])
        out.append(Transfer(debtor, creditor, amount))
        for key, change in ((debtor, amount), (creditor, -amount)):
            owed[key] += change
            if not owed[key]:
                del owed[key]
    return out


def _check_balances(balances: Mapping[str, Fraction]) -> None:
    if sum(balances.values(), Fraction(0)) != 0:
        raise SettleError(_("the balances to settle do not sum to zero"), code="unbalanced")


def greedy_transfers(balances: Mapping[str, Fraction]) -> list[Transfer]:
    """The plain greedy settlement: at most one transfer fewer than the players not square."""
    _check_balances(balances)
    seat = {k: i for i, k in enumerate(balances)}
    return _sorted(_greedy(list(balances.items()), seat), seat)


def _sorted(transfers: Iterable[Transfer], seat: Mapping[str, int]) -> list[Transfer]:
    return sorted(transfers, key=lambda t: (seat[t.payer], seat[t.payee]))


EXACT_LIMIT = 16


def fewest_transfers(balances: Mapping[str, Fraction]) -> list[Transfer]:
    """The fewest transfers that square every balance (positive = is owed money).

    n parties not square need at least n - g transfers, where g is the largest number of
    groups they can be split into that each sum to zero; a dynamic programme over subsets
    finds g exactly for up to 16 parties (above that, greedy). Each group is then settled
    greedily in (its size - 1) transfers. Deterministic: ties go to the earlier key, and the
    result is sorted by payer, then payee, in the mapping's order.
    """
    _check_balances(balances)
    seat = {k: i for i, k in enumerate(balances)}
    open_ = [(k, Fraction(v)) for k, v in balances.items() if v]
    if len(open_) > EXACT_LIMIT:
        return _sorted(_greedy(open_, seat), seat)
    scale = math.lcm(*(v.denominator for _, v in open_)) if open_ else 1
    ints = [int(v * scale) for _, v in open_]
    out: list[Transfer] = []
    for group in _zero_sum_groups(ints):
        out.extend(_greedy([open_[i] for i in group], seat))
    return _sorted(out, seat)


def _zero_sum_groups(values: list[int]) -> list[list[int]]:
    """Split indexes of ``values`` (summing to 0) into the most groups that each sum to 0."""
    n = len(values)
    if n == 0:
        return []
    full = (1 << n) - 1
    total = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        total[mask] = total[mask ^ low] + values[low.bit_length() - 1]
        top, bits = 0, mask
        while bits:
            bit = bits & -bits
            bits ^= bit
            if best[mask ^ bit] > top:
                top = best[mask ^ bit]
        best[mask] = top + (total[mask] == 0)
    # Walk back from the full set, each step dropping the lowest element that keeps the
    # optimum; every zero-sum set met on the way closes a group.
    groups: list[list[int]] = []
    mask = boundary = full
    while mask:
        if total[mask] == 0 and mask != boundary:
            groups.append([i for i in range(n) if (boundary ^ mask) >> i & 1])
            boundary = mask
        need = best[mask] - (total[mask] == 0)
        bits = mask
        while bits:
            bit = bits & -bits
            bits ^= bit
            if best[mask ^ bit] == need:
                mask ^= bit
                break
    groups.append([i for i in range(n) if boundary >> i & 1])
    return sorted(groups)
