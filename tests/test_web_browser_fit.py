"""The pad's pages fit a 360 px phone in the longer languages: nothing to scroll sideways, every
link, button, chip and field a finger's width tall (44 px at the least), and no word of a
button broken in two. Chromium (Debian's) under Playwright against a real ``remikcalc serve``
(tests/browser.py); with REMIKCALC_SHOTS set, screenshots are left there for a person to look at.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import (
    Server,
    browser,
    no_sideways_scroll,
    phone,
    shot,
    start_server,
    stop_server,
)
from tests.sheets import SheetMaker

__all__ = ["browser"]

pytestmark = pytest.mark.slow

#: what a finger cannot hit: a visible target under 44 px, by its tag, class and words
SMALL_TARGETS = """() => {
  const small = [];
  for (const el of document.querySelectorAll(
      'a, button, select, summary, input:not([type=hidden]), label.choice, label.check')) {
    if (el.matches('label input[type=radio], label input[type=checkbox]')) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || getComputedStyle(el).visibility === 'hidden') continue;
    if (box.height < 44 || box.width < 44) {
      const words = (el.textContent || el.name || '').trim().replace(/\\s+/g, ' ');
      const size = `${Math.round(box.width)}x${Math.round(box.height)}`;
      small.push(`${el.tagName}.${el.className} "${words}" ${size}`);
    }
  }
  return small;
}"""

#: a button whose words were broken inside a word (the line is wider than the button)
BROKEN_WORDS = """() => {
  const broken = [];
  for (const el of document.querySelectorAll('.actions > .button, .actions > button, .bar a')) {
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
    const words = el.textContent.trim().split(/\\s+/).length;
    if (lines.size > words) broken.push(el.textContent.trim());
  }
  return broken;
}"""


@pytest.fixture
def table(tmp_path: Path, sheet_file: SheetMaker) -> Iterator[tuple[Server, str]]:
    deals = [{"scores": scores} for scores in ({"Anna": 59}, {"Bogumiła": 25}, {"Anna": 18})]
    sheet_file(
        "gin.yaml",
        "gin",
        ["Anna", "Bogumiła"],
        stake="0.10",
        currency="PLN",
        title="Piątek u Ani",
        deals=deals,
    )
    server = start_server(tmp_path)
    try:
        yield server, "gin.yaml"
    finally:
        stop_server(server)


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_every_page_fits_a_small_phone(browser: Any, table: tuple[Server, str], lang: str) -> None:
    server, _name = table
    page = phone(browser, lang=lang)
    page.goto(server.join)
    page.get_by_text("Piątek u Ani").first.click()
    sheet = page.url.removeprefix(server.base)
    parts = ("", "/counts", "/points", "/cards", "/deal/2", "/settle", "/summary", "/draft")
    for part in (*parts, "/more"):
        page.goto(server.base + sheet + part)
        no_sideways_scroll(page)
        assert page.evaluate(SMALL_TARGETS) == [], f"{sheet}{part} in {lang}"
        assert page.evaluate(BROKEN_WORDS) == [], f"{sheet}{part} in {lang}"
        shot(page, f"fit{part.replace('/', '-') or '-sheet'}-{lang}-360")
    # the edit's preview, one deal changed
    page.goto(server.base + sheet + "/deal/2")
    page.locator("input[name='scores.1']").fill("30")
    with page.expect_navigation():  # the form's answer is a new page: measured when loaded
        page.locator("button[value=preview]").click()
    no_sideways_scroll(page)
    assert page.evaluate(SMALL_TARGETS) == []
    # the sheet page leads to the deal entered together
    page.goto(server.base + sheet)
    with page.expect_navigation():
        page.locator("a.together").click()
    assert page.url == f"{server.base}{sheet}/draft"
