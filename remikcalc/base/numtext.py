"""Numbers and money written for people in their language (the tables and sentences).

English keeps the one JSON formatter, :func:`remikcalc.base.money.amount_text` (``1234.5``,
``26.50 RUB``). Polish and Russian write a decimal comma, group thousands with a no-break
space (U+00A0, so a number never breaks across lines; Russian from 1 000, Polish from 10 000,
as both languages' typography does), and put the currency's sign after the amount where it
has one (``5,30 zł``, ``12,50 ₽``, ``3,00 €``), else its code. JSON never comes through here.

>>> from decimal import Decimal
>>> money_text(Decimal("5.3"), "PLN", 2, lang="pl"), money_text(Decimal("12.5"), "RUB", lang="ru")
('5,30\\xa0zł', '12,5\\xa0₽')
>>> number_text(1000, lang="ru"), number_text(1000, lang="pl"), number_text(-12345, lang="pl")
('1\\xa0000', '1000', '-12\\xa0345')
>>> money_text(Decimal("26.5"), "RUB", 2, lang="en"), number_text(Decimal("1234.5"), lang="en")
('26.50 RUB', '1234.5')
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from remikcalc.base.i18n import current
from remikcalc.base.money import CURRENCY_SIGNS, amount_text, currency_code

__all__ = [
    "money_text",
    "number_text",
    "signed",
    "signed_text",
]

NBSP = "\u00a0"
# the fewest digits in the whole part before thousands are grouped
_GROUP_FROM = {"pl": 5, "ru": 4}


def _local(text: str, lang: str) -> str:
    """An English number (``-1234.50``) with the language's separators."""
    if lang == "en":
        return text
    sign = "-" if text.startswith("-") else ""
    whole, _, frac = text.lstrip("-").partition(".")
    if len(whole) >= _GROUP_FROM.get(lang, 4):
        head = len(whole) % 3 or 3
        parts = [whole[:head]] + [whole[i : i + 3] for i in range(head, len(whole), 3)]
        whole = NBSP.join(parts)
    return sign + whole + ("," + frac if frac else "")


def number_text(
    value: Fraction | Decimal | int, places: int | None = None, *, lang: str | None = None
) -> str:
    """Points, a net or a stake for people: :func:`amount_text` in the language's notation."""
    return _local(amount_text(value, places), lang or current())


def money_text(
    value: Fraction | Decimal | int,
    currency: str | None = None,
    places: int | None = None,
    *,
    lang: str | None = None,
) -> str:
    """An amount of money for people, with its currency (``5,30 zł``; ``5.30 PLN`` in en)."""
    lang = lang or current()
    text = _local(amount_text(value, places), lang)
    if not currency:
        return text
    code = currency_code(currency)  # a code in capitals, a sign as typed
    if lang == "en":
        return f"{text} {code}"
    return f"{text}{NBSP}{CURRENCY_SIGNS.get(code, code)}"


def signed(text: str, value: Fraction | Decimal | int) -> str:
    """``text`` (a number or an amount already written for people) with a plus sign when
    ``value`` is above zero: a minus is the number's own, and zero has no sign.

    >>> signed("25", 25), signed("-1,50 zł", -1), signed("0", 0)
    ('+25', '-1,50 zł', '0')
    """
    return f"+{text}" if value > 0 else text


def signed_text(value: Fraction | Decimal | int) -> str:
    """A score or a change for people, with its sign: ``+25``, ``-12``, ``0``."""
    return signed(number_text(value), value)
