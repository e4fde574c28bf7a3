"""The score pad in a real browser at a phone's size: Chromium (Debian's) under Playwright
against a real ``remikcalc serve``. See tests/browser.py for how the browser is found."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import (
    Server,
    answer,
    browser,
    live_refresh,
    no_sideways_scroll,
    phone,
    preview,
    shot,
    start_server,
    stop_server,
)
from tests.hands import GIN_KNOCK_ANNA
from tests.sheets import SheetMaker

__all__ = ["browser"]

pytestmark = pytest.mark.slow


@pytest.fixture
def table(tmp_path: Path, sheet_file: SheetMaker) -> Iterator[tuple[Server, Path]]:
    sheet_file("gin.yaml", stake="0.10", currency="PLN", deals=[{"scores": {"Anna": 25}}])
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
    page.wait_for_url("**/s/*")  # the sheet's page, loaded
    assert page.locator(".total .points").first.inner_text() == "25"
    no_sideways_scroll(page)
    shot(page, "sheet-en-360")


def _open_sheet(page: Any, server: Server, title: str) -> str:
    """Join, open the sheet called ``title``: its address, once its page has loaded."""
    page.goto(server.join)
    page.get_by_text(title).first.click()
    page.wait_for_url("**/s/*")
    return str(page.url)


def test_a_table_scores_edits_and_settles_from_two_phones(
    browser: Any, table: tuple[Server, Path]
) -> None:
    """The issue's walk: two phones join; one scores a deal by the counts said at the table
    and one by tapping cards; the other phone's open page follows live; a deal is edited with
    its consequences shown first; the settlement says who pays whom. Every page fits the
    phone."""
    from playwright.sync_api import expect

    server, folder = table
    anna = phone(browser, 360, "en")
    boris = phone(browser, 412, "pl")
    sheet = _open_sheet(anna, server, "Gin: Anna, Boris")
    _open_sheet(boris, server, "Gin: Anna, Boris")  # Polish words, Polish title
    totals = boris.locator(".total .points")
    expect(totals.first).to_have_text("25")

    # by the counts said at the table, on Anna's phone: Boris knocked with 3, Anna holds 15
    anna.get_by_role("link", name="Score by points in hand").click()
    anna.wait_for_url("**/counts")
    no_sideways_scroll(anna)
    anna.locator("label.choice", has_text="Boris").click()
    pad = anna.locator("[data-numpad]")
    with preview(anna, "counts.0=15", "counts.1=3"):  # typed on the page's own number pad
        for key in ("1", "5", "next", "3"):
            pad.locator(f'[data-key="{key}"]').click()
    expect(anna.locator("#look-deal")).to_contain_text("Boris knocked")
    expect(anna.locator("#look-deal .record li", has_text="Boris")).to_contain_text("+12")
    shot(anna, "counts-en-360")
    with live_refresh(boris):  # Boris's page, not reloaded, follows
        anna.get_by_role("button", name="Save the deal").click()
        anna.wait_for_url(sheet)  # saved: back on the sheet
    expect(anna.locator(".total .points").nth(1)).to_have_text("12")
    expect(totals.nth(1)).to_have_text("12")

    # by cards, on Boris's phone, a hand a step: Anna's typed, his own tapped on the grid,
    # then the deal (Anna knocked)
    boris.locator("a[href$='/cards']").first.click()
    boris.wait_for_url("**/cards")
    no_sideways_scroll(boris)
    boris.locator("#step-0 summary").click()  # "Type the cards instead"
    boris.locator('input[name="hands.0"]').fill(GIN_KNOCK_ANNA)
    boris.locator("#step-0 .next a").click()
    for code in ("AS", "2S", "3H", "4D", "5D", "8C", "8D", "JC", "QC", "TD"):
        boris.locator(f'[data-grid="1"] label.card[data-code="{code}"]').click()
    boris.locator("#step-1 .next a").click()
    boris.locator("label.choice", has_text="Anna").click()  # Anna knocked
    with answer(boris):  # the check's answer, the page the form posts back
        boris.get_by_role("button", name="Sprawdź").click()
    expect(boris.locator("#look-deal")).to_contain_text("59")  # 61 - 2, the engine's count
    shot(boris, "cards-pl-412")
    with live_refresh(anna):
        boris.get_by_role("button", name="Zapisz rozdanie").click()
        boris.wait_for_url(sheet)
    expect(boris.locator(".total .points").first).to_have_text("84")  # 25 + 59
    expect(anna.locator(".total .points").first).to_have_text("84")
    shot(anna, "sheet-live-en-360")

    # an edit shows what changes before it is saved
    anna.locator(".deal", has_text="Anna +25").get_by_role("link", name="Edit").click()
    anna.wait_for_url("**/deal/1")
    anna.locator(".points-row", has_text="Anna").locator("input").fill("90")
    with answer(anna):  # the preview's answer
        anna.get_by_role("button", name="Show what changes").click()
    expect(anna.get_by_role("heading", name="What changes")).to_be_visible()
    no_sideways_scroll(anna)
    shot(anna, "edit-preview-en-360")
    anna.get_by_role("button", name="Save deal 1").click()
    anna.wait_for_url(sheet)
    expect(anna.locator(".total .points").first).to_have_text("149")  # 90 + 59: game won
    no_sideways_scroll(anna)

    # the settlement
    anna.get_by_role("link", name="Settle").click()
    anna.wait_for_url("**/settle")
    expect(anna.locator(".transfers")).to_contain_text("Boris pays Anna")
    no_sideways_scroll(anna)
    shot(anna, "settle-en-360")
    text = (folder / "gin.yaml").read_text(encoding="utf-8")
    assert "scores: {Anna: 90}" in text and "counts: {Anna: 15, Boris: 3}" in text
