"""``render/indented.py`` writes the JSON of ``--format json`` by hand, for speed: it must be
byte for byte what ``json.dumps(..., ensure_ascii=False, indent=2)`` writes, for any value a
command can give (nested lists and mappings, every scalar, keys that are not text, values
turned into JSON by the default hook: decimals, tuples), and it must refuse what
json.dumps refuses."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remikcalc.render import _default
from remikcalc.render.indented import indented

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text()
    | st.decimals(allow_nan=False, allow_infinity=False, places=3)
)
keys = st.text() | st.integers() | st.floats() | st.booleans() | st.none()
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(keys, inner, max_size=4)
    ),
    max_leaves=25,
)


@settings(max_examples=300, deadline=None)
@given(values)
def test_the_same_text_as_json_dumps(value: Any) -> None:
    assert indented(value, _default) == json.dumps(
        value, ensure_ascii=False, default=_default, indent=2
    )


@pytest.mark.parametrize("value", [{(1, 2): 3}, [object()], {"a": {1j: 0}}])
def test_refuses_what_json_dumps_refuses(value: Any) -> None:
    with pytest.raises(TypeError):
        json.dumps(value, ensure_ascii=False, default=_default, indent=2)
    with pytest.raises(TypeError):
        indented(value, _default)


def test_a_decimal_goes_through_the_default_hook() -> None:
    value = {"money": [Decimal("1.50"), Decimal("-0.05")], "seats": ("Anna", "Boris")}
    expected = json.dumps(value, ensure_ascii=False, default=_default, indent=2)
    assert indented(value, _default) == expected
    assert '"money": [\n    "1.50",' in expected  # the digits as carried, as text
