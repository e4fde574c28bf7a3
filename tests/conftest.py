"""The suite speaks English whatever the machine's locale is: the tests that check other
languages (tests/test_i18n.py) set the language themselves."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def english_whatever_the_locale() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("REMIKCALC_LANG", "en")
        patch.delenv("REMIKCALC_SHEET", raising=False)  # no current sheet unless a test sets one
        yield
