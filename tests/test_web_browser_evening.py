"""The evening in a real browser (Debian's Chromium under Playwright, against a real
``remikcalc serve``; tests/browser.py), on 360 and 412 px phones in English, Polish and
Russian: a sheet without a stake left out and then counted in by the stake typed on the page,
and a player renamed on one sheet made one person again by one tap (EVENING.md B11, B12).
With REMIKCALC_SHOTS set, screenshots of every step are left there for a person to look at.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from remikcalc.session.book import SheetFile
from tests.browser import (
    Server,
    browser,
    no_sideways_scroll,
    phone,
    shot,
    start_server,
    stop_server,
)
from tests.test_web_evening import friday

__all__ = ["browser"]

pytestmark = pytest.mark.slow


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Server, Path]]:
    """The Friday of tests/test_web_evening.py, served."""
    server = start_server(friday(tmp_path))
    try:
        yield server, tmp_path
    finally:
        stop_server(server)


def _a_finger_wide(page: Any, selector: str) -> None:
    """Every control the selector finds is at least 44 px each way."""
    for control in page.locator(selector).all():
        box = control.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44, selector


@pytest.mark.parametrize("width", [360, 412])
@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_an_evening_with_a_sheet_without_a_stake_and_a_renamed_player(
    browser: Any, served: tuple[Server, Path], lang: str, width: int
) -> None:
    server, folder = served
    page = phone(browser, width=width, lang=lang)
    page.goto(server.join)
    with page.expect_navigation():
        page.locator('a[href="/evening"]').click()
    # the staked sheets settled, the rummy sheet left out with a form, the two Glebs asked about
    stake = page.locator('form[action$="/evening/stake"]')
    renames = page.locator('form[action$="/evening/rename"] button')
    assert stake.count() == 1 and renames.count() == 2
    assert page.locator(".left-out h3").inner_text().endswith(": Anna, Vera")  # its title
    no_sideways_scroll(page)
    _a_finger_wide(page, "form[action$='/evening/stake'] input:not([type=hidden])")
    _a_finger_wide(page, "form[action$='/evening/stake'] button")
    _a_finger_wide(page, "form[action$='/evening/rename'] button")
    shot(page, f"evening-1-left-out-{lang}-{width}")
    # the stake typed on the page, as a phone keyboard gives it
    stake.locator("input[name=stake]").fill("0,10")
    with page.expect_navigation():
        stake.locator("button").click()
    assert page.locator(".left-out").count() == 0
    sheet = SheetFile(folder / "latency-test.yaml").replay().sheet
    assert (sheet.stake, sheet.currency) == (Decimal("0.10"), "PLN")
    no_sideways_scroll(page)
    shot(page, f"evening-2-staked-{lang}-{width}")
    # one tap: Gleb is Gleb K. on the Polish sheet too, and the evening has one of him
    with page.expect_navigation():
        renames.first.click()
    assert page.locator(".look-alikes").count() == 0
    rows = page.locator("table.figures th[scope=row]").all_inner_texts()
    assert rows.count("Gleb K.") == 1 and "Gleb" not in rows
    players = SheetFile(folder / "polish-2026-12-06.yaml").replay().sheet.players
    assert players == ("Anna", "Vera", "Gleb K.")
    no_sideways_scroll(page)
    shot(page, f"evening-3-one-gleb-{lang}-{width}")
    page.context.close()
