"""The table view keeps the host's screen on (static/wakelock.js): it asks for a screen wake
lock where the browser has one (a secure context such as http://127.0.0.1) and says in one line
how to keep the screen on otherwise; with JavaScript off the page works and says that line."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import remikcalc
from tests.browser import Server, browser, phone, shot, start_server, stop_server
from tests.padkit import Phone, join, make_pad

__all__ = ["browser"]

ON = "The screen stays on while this page is open."
OFF = "To keep this screen on, turn off its sleep in the device's settings."


@pytest.fixture
def sheets(tmp_path: Path) -> Path:
    remikcalc.new_sheet(
        tmp_path / "gin.yaml", variant="gin", players=["Anna", "Boris"], dealer="Anna"
    )
    return tmp_path


def speaking(folder: Path, lang: str) -> Phone:
    """A phone joined to a pad on ``folder`` whose browser asks for ``lang``."""
    app, config = make_pad(folder)
    return join(app, config, **{"accept-language": lang})


def wake_note(page: str) -> re.Match[str]:
    found = re.search(r'<p class="wake note" data-wake ([^>]*)>(.*?)</p>', page)
    assert found is not None
    return found


# --- the page, as served --------------------------------------------------------------------------


def test_the_table_view_loads_the_script_and_says_how_otherwise(sheets: Path) -> None:
    viewer: Phone = join(*make_pad(sheets))
    sheet = viewer.sheet_id("gin.yaml")
    page = viewer.get(f"/s/{sheet}/table").text
    assert '<script src="/static/wakelock.js" defer></script>' in page
    assert not re.search(r"<script(?![^>]*\ssrc=)[^>]*>", page)  # no inline script (CSP)
    note = wake_note(page)
    assert html.unescape(note.group(2)) == OFF  # what a page without JavaScript says
    assert f'data-on="{ON}"' in note.group(1)
    assert 'data-state="off"' in note.group(1)
    script = viewer.get("/static/wakelock.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert "wakeLock.request" in script.text
    assert "wakelock.js" not in viewer.get(f"/s/{sheet}").text  # only the table view asks
    pl = speaking(sheets, "pl")
    note = wake_note(pl.get(f"/s/{pl.sheet_id('gin.yaml')}/table").text)
    assert html.unescape(note.group(2)) == (
        "Żeby ekran nie gasł, wyłącz jego wygaszanie w ustawieniach urządzenia."
    )


# --- in the browser ------------------------------------------------------------------------------


@pytest.fixture
def served(sheets: Path) -> Iterator[Server]:
    server = start_server(sheets)
    try:
        yield server
    finally:
        stop_server(server)


def open_table(page: Any, base: str, server: Server) -> None:
    """Join at ``base`` and open the gin sheet's table view."""
    page.goto(f"{base}/join/{server.token}")  # the list of sheets: the one sheet's link
    sheet = page.locator("a[href^='/s/']").first.get_attribute("href")
    page.goto(f"{base}{sheet}/table")


def state(page: Any) -> tuple[str, str]:
    note = page.locator("[data-wake]")
    return note.get_attribute("data-state"), note.inner_text()


@pytest.mark.slow
def test_on_the_hosts_own_screen_the_lock_is_taken_and_kept_across_live_updates(
    browser: Any, served: Server, sheets: Path
) -> None:
    from playwright.sync_api import expect

    page = phone(browser, width=412)
    open_table(page, f"http://127.0.0.1:{served.port}", served)  # a secure context
    expect(page.locator("[data-wake]")).to_have_attribute("data-state", "on")
    assert state(page) == ("on", ON)
    assert page.locator(".dealer").inner_text() == "Next to deal: Anna"
    remikcalc.open_sheet(sheets / "gin.yaml").add({"scores": {"Boris": 20}})
    expect(page.locator(".dealer")).to_have_text("Next to deal: Boris")  # a live update
    assert state(page) == ("on", ON)  # the note is outside the live parts: it stays
    shot(page, "table-wakelock-412")


@pytest.mark.slow
def test_on_a_phone_at_the_wifi_address_it_says_how_otherwise(browser: Any, served: Server) -> None:
    page = phone(browser)
    open_table(page, served.base, served)  # plain http on a LAN name: not a secure context
    assert page.evaluate("window.isSecureContext") is False
    assert state(page) == ("off", OFF)


@pytest.mark.slow
def test_with_javascript_off_the_table_view_still_says_who_deals_and_how(
    browser: Any, served: Server
) -> None:
    page = phone(browser, java_script_enabled=False)
    open_table(page, f"http://127.0.0.1:{served.port}", served)
    assert state(page) == ("off", OFF)
    assert page.locator(".dealer").inner_text() == "Next to deal: Anna"


#: a stand-in for the browser's wake lock: counts the requests, hands out sentinels that can be
#: released as the browser releases them, and lets the page be hidden and shown again
FAKE_LOCK = """
(() => {
  window.__lock = {requests: 0, refuse: false, sentinel: null, hidden: false};
  Object.defineProperty(document, "visibilityState", {
    get: () => (window.__lock.hidden ? "hidden" : "visible"),
  });
  Object.defineProperty(navigator, "wakeLock", {value: {request(type) {
    window.__lock.requests += 1;
    window.__lock.type = type;
    if (window.__lock.refuse) { return Promise.reject(new DOMException("no", "NotAllowedError")); }
    const sentinel = new EventTarget();
    sentinel.release = () => { sentinel.dispatchEvent(new Event("release")); };
    window.__lock.sentinel = sentinel;
    return Promise.resolve(sentinel);
  }}});
})();
"""


@pytest.mark.slow
def test_the_lock_is_asked_again_each_time_the_page_is_shown_again(
    browser: Any, served: Server
) -> None:
    from playwright.sync_api import expect

    page = phone(browser)
    page.add_init_script(FAKE_LOCK)
    open_table(page, f"http://127.0.0.1:{served.port}", served)
    note = page.locator("[data-wake]")
    expect(note).to_have_attribute("data-state", "on")
    assert page.evaluate("[window.__lock.requests, window.__lock.type]") == [1, "screen"]
    # hidden: the browser lets the lock go, and nothing is asked while hidden
    page.evaluate(
        "window.__lock.hidden = true; window.__lock.sentinel.release();"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    expect(note).to_have_attribute("data-state", "off")
    assert note.inner_text() == OFF
    assert page.evaluate("window.__lock.requests") == 1
    # shown again: asked again, and held
    page.evaluate(
        "window.__lock.hidden = false; document.dispatchEvent(new Event('visibilitychange'))"
    )
    expect(note).to_have_attribute("data-state", "on")
    assert page.evaluate("window.__lock.requests") == 2
    # refused (a battery saver): the note says how otherwise
    page.evaluate(
        "window.__lock.refuse = true; window.__lock.hidden = true;"
        "window.__lock.sentinel.release(); window.__lock.hidden = false;"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    expect(note).to_have_attribute("data-state", "off")
    assert page.evaluate("window.__lock.requests") == 3
    assert note.inner_text() == OFF
