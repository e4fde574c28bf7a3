"""Exact money and number spellings (base/money.py, RULES.md §10.1, §10.3), checked where
tools/mutate.py's sample of mutants found the suite silent (issue 20): a fraction whose
denominator holds fives, and a decimal typed with an exponent or not finite. Each expected
spelling is worked out by hand in the comments.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from remikcalc.base.money import decimal_literal, decimal_text


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
