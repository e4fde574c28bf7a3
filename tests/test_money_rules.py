"""The money rules (base/money.py): stakes as people type them (and refused in words), each
currency's minor unit and sign (a code in capitals, a sign as typed), exact decimal spellings,
rounding once with the remainder spread, and the fewest payments. Checked on what a user sees:
the amount accepted or the refusal's words, the money written, the payments; figures worked out
by hand in comments.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from remikcalc.base.errors import SettleError
from remikcalc.base.money import (
    Transfer,
    currency_code,
    currency_decimals,
    decimal_literal,
    decimal_text,
    fewest_transfers,
    greedy_transfers,
    parse_amount,
    same_currency,
)
from remikcalc.base.numtext import money_text
from tests.clirun import ok, refusal_line
from tests.hands import GIN_DEFENCE_BORIS, GIN_KNOCK_ANNA
from tests.sheets import SheetMaker

# --- each currency's minor unit (ISO 4217) ---------------------------------------------------

WHOLE_UNITS = ("JPY", "KRW", "ISK", "CLP", "VND", "PYG", "UGX", "XAF", "XOF")
THOUSANDTHS = ("KWD", "BHD", "JOD", "OMR", "TND", "LYD", "IQD")


@pytest.mark.parametrize("code", WHOLE_UNITS)
def test_currencies_counted_in_whole_units_take_no_decimals(code: str) -> None:
    assert currency_decimals(code) == 0
    assert currency_decimals(code.lower()) == 0  # a code is a code whatever its case
    assert parse_amount("15", decimals=currency_decimals(code)) == Decimal("15")
    with pytest.raises(
        SettleError,
        match=r"'1\.5' has more decimals than the currency's minor "
        r"unit \(whole units\)",
    ):
        parse_amount("1.5", decimals=currency_decimals(code))


@pytest.mark.parametrize("code", THOUSANDTHS)
def test_currencies_counted_in_thousandths_take_three_decimals(code: str) -> None:
    assert currency_decimals(code) == 3
    assert parse_amount("0.125", decimals=currency_decimals(code)) == Decimal("0.125")
    with pytest.raises(SettleError, match=r"\(3 decimals\)"):
        parse_amount("0.1255", decimals=currency_decimals(code))


@pytest.mark.parametrize("currency", [None, "PLN", "EUR", "USD", "zł", "XYZ"])
def test_every_other_currency_and_none_take_two_decimals(currency: str | None) -> None:
    assert currency_decimals(currency) == 2


# --- currency signs --------------------------------------------------------------------------

SIGNS = {"PLN": "zł", "RUB": "₽", "EUR": "€", "UAH": "₴", "USD": "$", "GBP": "£"}


@pytest.mark.parametrize(("code", "sign"), sorted(SIGNS.items()))
def test_money_in_polish_and_russian_is_written_with_the_currencys_sign(
    code: str, sign: str
) -> None:
    # 5.3 in 2 places: "5,30", a no-break space, the sign; English keeps the code
    assert money_text(Decimal("5.3"), code, 2, lang="pl") == f"5,30\u00a0{sign}"
    assert money_text(Decimal("5.3"), code, 2, lang="ru") == f"5,30\u00a0{sign}"
    assert money_text(Decimal("5.3"), code, 2, lang="en") == f"5.30 {code}"


@pytest.mark.parametrize(("code", "sign"), sorted((c, s) for c, s in SIGNS.items() if s != "$"))
def test_a_sheet_in_a_sign_is_in_that_currency(code: str, sign: str) -> None:
    assert same_currency(sign, code) and same_currency(code.lower(), sign.upper())
    assert not same_currency(sign, "XYZ")


def test_a_dollar_sign_is_no_currency_in_particular() -> None:
    # many currencies write $: "$" is not USD, and a sheet in $ is only in $
    assert not same_currency("$", "USD") and same_currency("$", "$")
    assert money_text(Decimal("2"), "XYZ", 2, lang="pl") == "2,00\u00a0XYZ"


def test_a_currency_is_kept_as_a_code_in_capitals_or_as_typed() -> None:
    assert currency_code("usd") == "USD" and currency_code(" kč ") == "kč"
    assert currency_code("PL1") == "PL1" and currency_code("zł") == "zł"
    assert same_currency(None, None) and not same_currency(None, "PLN")


# --- amounts as people type them -------------------------------------------------------------


def test_a_stake_is_at_most_a_million() -> None:
    assert parse_amount("1000000") == Decimal("1000000")
    assert parse_amount("1 000 000,00") == Decimal("1000000.00")
    for text in ("1000000.01", "1000001"):
        with pytest.raises(
            SettleError, match=rf"'{text}' is more than 1000000; a stake is at most"
        ):
            parse_amount(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1 000,50", "1000.50"),  # a space
        ("1\u00a0000,50", "1000.50"),  # a no-break space
        ("1\u202f000.5", "1000.5"),  # a narrow no-break space
        ("12\u2009345", "12345"),  # a thin space
        ("+2,5", "2.5"),
        (",5", "0.5"),
        ("007", "7"),
    ],
)
def test_amounts_are_read_as_people_write_them(text: str, value: str) -> None:
    assert parse_amount(text) == Decimal(value)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("-1", "'-1' is negative; a stake must be 0 or more"),
        (" -0 ", "' -0 ' is negative"),
        ("1 00", "'1 00': a space may only separate groups of three digits, like 1 000,50"),
        ("1\u00a0000 0", "a space may only separate groups of three digits"),
        ("1.000,5", "is not a decimal number (ambiguous: more than one dot or comma)"),
        ("1,,5", "ambiguous: more than one dot or comma"),
        ("abc", "'abc' is not a decimal number; write it like 0.10 or 1,5"),
        (".", "'.' is not a decimal number"),
        ("", "'' is not a decimal number"),
        ("1e3", "'1e3' is not a decimal number"),
        ("7.", "'7.' is not a decimal number"),
    ],
)
def test_amounts_that_are_not_plain_numbers_are_refused_saying_why(text: str, words: str) -> None:
    with pytest.raises(SettleError) as caught:
        parse_amount(text)
    assert words in str(caught.value)


def test_a_refusal_names_what_was_typed() -> None:
    with pytest.raises(SettleError, match="^entry 'x' is not a decimal number"):
        parse_amount("x", what="entry")


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("1,500", "; for thousands write 1500 or 1 500"),  # three decimals after 1 to 3 digits
        ("999,000", "; for thousands write 999000 or 999 000"),
        ("1000,500", None),  # four digits before: not a thousands mark
        ("0,500", None),  # 0,500 is no thousand
        ("1,5000", None),  # four decimals
        ("1,50", None),  # two decimals are fine
    ],
)
def test_three_decimals_after_a_short_whole_part_may_have_meant_thousands(
    text: str, hint: str | None
) -> None:
    if text == "1,50":
        assert parse_amount(text) == Decimal("1.50")
        return
    with pytest.raises(SettleError) as caught:
        parse_amount(text)
    message = str(caught.value)
    assert "has more decimals than the currency's minor unit (2 decimals)" in message
    if hint is None:
        assert "for thousands" not in message
    else:
        assert message.endswith(hint)


def test_one_decimal_is_singular_in_a_refusal() -> None:
    with pytest.raises(SettleError, match=r"minor unit \(1 decimal\)$"):
        parse_amount("0.25", decimals=1)


# --- the fewest payments ---------------------------------------------------------------------


def _padded(core: list[int]) -> dict[str, Fraction]:
    """``core`` (A, B, C, ...) and five pairs that square each other, X1 +100 and Y1 −100 to
    X5 +500 and Y5 −500: greedy and the exact search both pay each pair once."""
    out = {chr(ord("A") + i): Fraction(v) for i, v in enumerate(core)}
    for k in range(1, 6):
        out[f"X{k}"], out[f"Y{k}"] = Fraction(100 * k), Fraction(-100 * k)
    return out


def test_sixteen_open_balances_are_squared_in_the_fewest_payments() -> None:
    # A −4, B +2, C +6, D +2, E −3, F −3 split into {A, B, D} and {C, E, F}, each squared in
    # two payments: 4; greedy (A pays C first) needs 5. With the five pairs: 16 open balances,
    # 4 + 5 = 9 payments, where greedy makes 5 + 5 = 10.
    balances = _padded([-4, 2, 6, 2, -3, -3])
    assert len(balances) == 16
    assert len(greedy_transfers(balances)) == 10
    transfers = fewest_transfers(balances)
    assert len(transfers) == 9
    assert transfers[:4] == [
        Transfer("A", "B", Fraction(2)),
        Transfer("A", "D", Fraction(2)),
        Transfer("E", "C", Fraction(3)),
        Transfer("F", "C", Fraction(3)),
    ]


def test_seventeen_open_balances_and_more_are_squared_greedily() -> None:
    # A +3, B −5, C +5, D +4, E −3, F +4, G −8: {B, C}, {A, E}, {D, F, G}: 4 payments, greedy
    # 5; with the five pairs 17 open balances, past the exact search (2^17 subsets): greedy's
    # 10, not the 9 it would find
    balances = _padded([3, -5, 5, 4, -3, 4, -8])
    assert len(balances) == 17
    assert fewest_transfers(balances) == greedy_transfers(balances)
    assert len(fewest_transfers(balances)) == 10


# --- exact spellings of fractions and decimals ----------------------------------------------------


# from the mutation round of issue 20: a survivor in base/money.py
@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(1, 5), "0.2"),  # 1/5 = 2/10
        (Fraction(7, 25), "0.28"),  # 7/25 = 28/100
        (Fraction(-3, 40), "-0.075"),  # 40 = 2³ × 5: 3/40 = 75/1000
        (Fraction(13, 3) - Fraction(1, 3), "4"),  # 12/3
        (Fraction(1, 6), None),  # 6 = 2 × 3: no exact decimal
        (Fraction(2, 15), None),  # 15 = 3 × 5
    ],
)
def test_a_fraction_is_spelled_exactly_when_its_denominator_is_twos_and_fives(
    value: Fraction, text: str | None
) -> None:
    assert decimal_text(value) == text


# from the mutation round of issue 20: a survivor in base/money.py
@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Decimal("1E+2"), "100"),  # typed with an exponent, written out in full
        (Decimal("-0.5E-3"), "-0.0005"),
        (Decimal("23.60"), "23.60"),  # its zeros kept
        (Decimal("Infinity"), "Infinity"),  # no digits to write out
        (Decimal("NaN"), "NaN"),
    ],
)
def test_a_short_decimal_is_written_out_in_full(value: Decimal, text: str) -> None:
    assert decimal_literal(value) == text


# --- stakes refused in words, currencies as typed -------------------------------------------------


# from a tester's report: stakes and currencies
@pytest.mark.parametrize(
    ("stake", "currency", "error"),
    [
        (
            "0.001",
            "PLN",
            "stake '0.001' has more decimals than the currency's minor unit (2 decimals)",
        ),
        (
            "0.5",
            "JPY",
            "stake '0.5' has more decimals than the currency's minor unit (whole units)",
        ),
        (
            "0,500",
            "PLN",
            "stake '0,500' has more decimals than the currency's minor unit (2 decimals)",
        ),
        (
            "1,500",
            "PLN",
            "stake '1,500' has more decimals than the currency's minor unit "
            "(2 decimals); for thousands write 1500 or 1 500",
        ),
        (
            "12.500",
            "JPY",
            "stake '12.500' has more decimals than the currency's minor unit "
            "(whole units); for thousands write 12500 or 12 500",
        ),
        (
            "99999999999999999999999999999999999999.123456789",
            "PLN",
            "stake '99999999999999999999999999999999999999.123456789' is more than 1000000; "
            "a stake is at most that",
        ),
        ("1000000.5", "JPY", "stake '1000000.5' is more than 1000000; a stake is at most that"),
        ("ten", "PLN", "stake 'ten' is not a decimal number; write it like 0.10 or 1,5"),
    ],
)
def test_stake_refusals_say_what_is_wrong(
    tmp_path: Path, stake: str, currency: str, error: str
) -> None:
    path = tmp_path / "x.yaml"
    args = ("new", str(path), "-v", "gin", "--players", "A,B", "--stake", stake)
    assert refusal_line(*args, "--currency", currency) == f"Error: {error}"
    assert not path.exists()


# from a tester's report: stakes and currencies
def test_the_thousands_hint_in_polish() -> None:
    from remikcalc.base.errors import SettleError
    from remikcalc.base.i18n import in_language
    from remikcalc.base.money import parse_amount

    with in_language("pl"), pytest.raises(SettleError) as caught:
        parse_amount("2,500")
    assert str(caught.value).endswith("; tysiące zapisz jako 2500 lub 2 500")


#: a gin deal: Anna knocks, Boris pays 59 points (5.90 at 0,1 a point)
GIN_DEAL = {"closer": "Anna", "hands": {"Anna": GIN_KNOCK_ANNA, "Boris": GIN_DEFENCE_BORIS}}


# from a tester's report: stakes and currencies
def test_a_currency_code_is_kept_in_capitals_and_a_sign_as_typed(sheet_file: SheetMaker) -> None:
    code = sheet_file("code.yaml", stake="0,1", currency="pln", deals=[GIN_DEAL])
    sign = sheet_file("sign.yaml", stake="0,1", currency="zł", deals=[GIN_DEAL])
    assert "currency: PLN\n" in code.read_text(encoding="utf-8")
    assert "currency: zł\n" in sign.read_text(encoding="utf-8")
    assert "Boris → Anna: 5,90\u00a0zł" in ok("--lang", "pl", "settle", str(sign)).output
    assert "Boris pays Anna 5.90 zł" in ok("settle", str(sign)).output
    assert "Boris pays Anna 5.90 PLN" in ok("settle", str(code)).output
    evening = ok("--lang", "pl", "settle", str(sign), str(code)).output
    assert "Boris → Anna: 11,80\u00a0zł" in evening


# from a tester's report: stakes and currencies
def test_a_sheet_read_with_a_lower_case_code_is_in_that_currency(
    tmp_path: Path, sheet_file: SheetMaker
) -> None:
    path = tmp_path / "hand.yaml"
    path.write_text(
        "remikcalc: 1\nvariant: gin\nplayers: [Anna, Boris]\nstake: 0.1\ncurrency: eur\n"
        f"deals:\n  - closer: Anna\n    hands: {{Anna: {GIN_KNOCK_ANNA}, "
        f"Boris: {GIN_DEFENCE_BORIS}}}\n",
        encoding="utf-8",
    )
    assert '"currency": "EUR"' in ok("settle", str(path), "--format", "json").output
    other = sheet_file("usd.yaml", stake="0,1", currency="$", deals=[GIN_DEAL])
    assert refusal_line("settle", str(path), str(other)) == (
        f"Error: {other} is in $ but {path} is in EUR: settle sheets of one currency together"
    )
