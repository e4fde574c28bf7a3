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
    page.get_by_text("Gin: Anna, Boris").click()
    assert page.locator(".total .points").first.inner_text() == "25"
    no_sideways_scroll(page)
    shot(page, "sheet-en-360")


def _open_sheet(page: Any, server: Server, title: str) -> None:
    page.goto(server.join)
    page.get_by_text(title).first.click()


def test_a_table_scores_edits_and_settles_from_two_phones(
    browser: Any, table: tuple[Server, Path]
) -> None:
    """The issue's walk: two phones join; one scores a deal by points and one by tapping
    cards; the other phone's open page follows live; a deal is edited with its consequences
    shown first; the settlement says who pays whom. Every page fits the phone."""
    from playwright.sync_api import expect

    server, folder = table
    anna = phone(browser, 360, "en")
    boris = phone(browser, 412, "pl")
    _open_sheet(anna, server, "Gin: Anna, Boris")
    _open_sheet(boris, server, "Gin: Anna, Boris")  # Polish words, Polish title
    totals = boris.locator(".total .points")
    expect(totals.first).to_have_text("25")

    # by points, on Anna's phone
    anna.get_by_role("link", name="Score by points").click()
    no_sideways_scroll(anna)
    anna.get_by_role("textbox", name="Boris").fill("12")
    shot(anna, "points-en-360")
    anna.get_by_role("button", name="Save the deal").click()
    expect(anna.locator(".total .points").nth(1)).to_have_text("12")
    expect(totals.nth(1)).to_have_text("12", timeout=5000)  # Boris's page, not reloaded

    # by cards, on Boris's phone: his own hand tapped on the grid, Anna's typed
    boris.locator("a[href$='/cards']").first.click()
    no_sideways_scroll(boris)
    boris.locator("label.choice", has_text="Anna").click()  # Anna knocked
    grids = boris.locator(".hand-grid")
    for code in ("AS", "2S", "3H", "4D", "5D", "8C", "8D", "JC", "QC", "TD"):
        grids.nth(1).locator(f'label.card[data-code="{code}"]').click()
    boris.locator('input[name="hands.0"]').fill("9C 9D 9H 5S 6S 7S KD KH KS 2C")
    boris.get_by_role("button", name="Sprawdź").click()
    expect(boris.locator("#look-deal")).to_contain_text("59")  # 61 - 2, the engine's count
    shot(boris, "cards-pl-412")
    boris.get_by_role("button", name="Zapisz rozdanie").click()
    expect(boris.locator(".total .points").first).to_have_text("84")  # 25 + 59
    expect(anna.locator(".total .points").first).to_have_text("84", timeout=5000)
    shot(anna, "sheet-live-en-360")

    # an edit shows what changes before it is saved
    anna.locator(".deal", has_text="Anna +25").get_by_role("link", name="Edit").click()
    anna.locator(".points-row", has_text="Anna").locator("input").fill("90")
    anna.get_by_role("button", name="Show what changes").click()
    expect(anna.get_by_role("heading", name="What changes")).to_be_visible()
    no_sideways_scroll(anna)
    shot(anna, "edit-preview-en-360")
    anna.get_by_role("button", name="Save deal 1").click()
    expect(anna.locator(".total .points").first).to_have_text("149")  # 90 + 59: game won
    no_sideways_scroll(anna)

    # the settlement
    anna.get_by_role("link", name="Settle").click()
    expect(anna.locator(".transfers")).to_contain_text("Boris pays Anna")
    no_sideways_scroll(anna)
    shot(anna, "settle-en-360")
    text = (folder / "gin.yaml").read_text(encoding="utf-8")
    assert "scores: {Anna: 90}" in text and "scores: {Boris: 12}" in text
