"""The score pad in a real browser at a phone's size: Chromium (Debian's) under Playwright
against a real ``remikcalc serve``. See tests/browser.py for how the browser is found."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import remikcalc
from tests.browser import (
    Server,
    browser,
    no_sideways_scroll,
    phone,
    shot,
    start_server,
    stop_server,
)

__all__ = ["browser"]

pytestmark = pytest.mark.slow


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    gin = remikcalc.new_sheet(
        tmp_path / "gin.yaml",
        variant="gin",
        players=["Anna", "Boris"],
        stake="0.10",
        currency="PLN",
    )
    gin.add({"scores": {"Anna": 25}})
    server = start_server(tmp_path)
    try:
        yield server, tmp_path
    finally:
        stop_server(server)


def test_a_phone_joins_and_sees_the_sheet(browser: Any, table: tuple[Server, Path]) -> None:
    server, _folder = table
    page = phone(browser)
    page.goto(server.join)
    assert page.url == f"{server.base}/"  # the token left the address bar
    page.get_by_text("gin: Anna, Boris").click()
    assert page.locator(".total .points").first.inner_text() == "25"
    no_sideways_scroll(page)
    shot(page, "sheet-en-360")
