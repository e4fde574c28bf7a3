"""The pad for every player in a real browser at 360 px, light and dark: nothing logged as an
error over plain HTTP to a LAN name, the chart readable in dark mode, a two-pack card a real
control that says its count, a way past the card grids for the keyboard, a focused card never
under the sticky header, and a refused form that takes the focus to the field it names.
Chromium (Debian's) under Playwright against a real ``remikcalc serve`` (tests/browser.py);
with REMIKCALC_SHOTS set, screenshots of the pages in both modes are left there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import remikcalc
from tests.browser import Server, browser, phone, shot, start_server, stop_server

__all__ = ["browser"]

pytestmark = pytest.mark.slow


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Server, dict[str, str]]]:
    gin = remikcalc.new_sheet(
        tmp_path / "gin.yaml",
        variant="gin",
        players=["Anna", "Boris"],
        stake="0.10",
        currency="PLN",
        title="Piątek u Ani",
    )
    for scores in ({"Anna": 59}, {"Boris": 25}, {"Anna": 18}):
        gin.add({"scores": scores})
    remikcalc.new_sheet(
        tmp_path / "bridge.yaml", variant="bridge", players=["Anna", "Boris", "Carl"]
    )
    server = start_server(tmp_path)
    try:
        yield server, {}
    finally:
        stop_server(server)


def _joined(browser: Any, server: Server, **options: Any) -> tuple[Any, dict[str, str]]:
    page = phone(browser, **options)
    page.goto(server.join)
    if options.get("java_script_enabled", True):
        sheets = page.evaluate("fetch('/api/sheets').then(r => r.json())")["sheets"]
        return page, {s["name"]: s["id"] for s in sheets}
    return page, {}


def _pages(ids: dict[str, str]) -> dict[str, str]:
    gin, bridge = ids["gin.yaml"], ids["bridge.yaml"]
    return {
        "home": "/",
        "sheet": f"/s/{gin}",
        "settle": f"/s/{gin}/settle",
        "counts": f"/s/{gin}/counts",
        "points": f"/s/{gin}/points",
        "cards": f"/s/{bridge}/cards",
        "edit": f"/s/{gin}/deal/2",
        "delete": f"/s/{gin}/deal/2/delete",
        "more": f"/s/{gin}/more",
        "new": "/new?variant=gin",
    }


def test_no_page_logs_an_error_over_plain_http_to_a_lan_name(
    browser: Any, table: tuple[Server, dict[str, str]]
) -> None:
    # Chromium logged "The Cross-Origin-Opener-Policy header has been ignored" on every page
    server, _ = table
    said: list[str] = []
    for scheme in ("light", "dark"):
        page, ids = _joined(browser, server, color_scheme=scheme)
        page.on("console", lambda m: said.append(f"{m.type}: {m.text}"))
        for name, path in _pages(ids).items():
            page.goto(server.base + path)
            page.wait_for_load_state("networkidle")
            shot(page, f"access-{name}-{scheme}")
        page.context.close()
    assert [s for s in said if s.startswith(("error", "warning"))] == [], said


#: the chart's colours: its texts (a dark grey, a muted grey, the felt, the target's ochre)
#: and the players' lines (render/chart.py)
CHART_TEXT = ("#1b1f1d", "#5b6661", "#0b5d45", "#8a5a00")


def _luminance(c: list[int]) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _ratio(a: list[int], b: list[int]) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


#: each colour as the chart is shown: through the image's own CSS filter, drawn on a canvas
SHOWN = """([colours]) => {
  const filter = getComputedStyle(document.querySelector('img.chart')).filter;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  ctx.filter = filter === 'none' ? 'none' : filter;
  return colours.map(c => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = c;
    ctx.fillRect(0, 0, 1, 1);
    return Array.from(ctx.getImageData(0, 0, 1, 1).data);
  });
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_chart_is_readable_in_either_mode(
    browser: Any, table: tuple[Server, dict[str, str]], scheme: str
) -> None:
    from remikcalc.render.chart import PALETTE

    server, _ = table
    page, ids = _joined(browser, server, color_scheme=scheme)
    page.goto(f"{server.base}/s/{ids['gin.yaml']}/settle")
    shown = page.evaluate(SHOWN, [["#ffffff", *CHART_TEXT, *PALETTE]])
    back, texts, lines = shown[0], shown[1 : 1 + len(CHART_TEXT)], shown[1 + len(CHART_TEXT) :]
    page_back = page.evaluate(
        "getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number)"
    )
    # the chart's ground is the page's (no white block in the dark), its words read on it
    assert _ratio(back, page_back) < 1.5, (scheme, back, page_back)
    for colour, text in zip(CHART_TEXT, texts, strict=True):
        assert _ratio(text, back) >= 4.5, (scheme, colour, text, back)
    if scheme == "dark":  # on white, render/chart.py's orange is 2.8:1 (its legend names it)
        for colour, line in zip(PALETTE, lines, strict=True):
            assert _ratio(line, back) >= 3, (scheme, colour, line, back)  # graphics: 3:1
    page.context.close()


def test_a_two_pack_card_is_a_control_that_says_its_count(
    browser: Any, table: tuple[Server, dict[str, str]]
) -> None:
    from playwright.sync_api import expect

    server, _ = table
    page, ids = _joined(browser, server)
    page.goto(f"{server.base}/s/{ids['bridge.yaml']}/cards")
    anna = page.locator('[data-grid="0"]')
    ten = anna.get_by_role("spinbutton", name="TH", exact=True)
    expect(ten).to_have_attribute("aria-valuenow", "0")
    expect(ten).to_have_attribute("aria-valuemax", "2")
    ten.click()
    expect(ten).to_have_attribute("aria-valuenow", "1")
    ten.focus()
    page.keyboard.press("ArrowUp")
    expect(ten).to_have_attribute("aria-valuenow", "2")
    page.keyboard.press("ArrowDown")
    expect(ten).to_have_attribute("aria-valuenow", "1")
    page.keyboard.press(" ")
    expect(ten).to_have_attribute("aria-valuenow", "2")
    # Boris's ten of hearts (his hand the next step) has no copy left: still a control, with
    # nothing to take
    page.locator("#step-0 .next a").click()
    boris = page.locator('[data-grid="1"]').get_by_role("spinbutton", name="TH", exact=True)
    expect(boris).to_have_attribute("aria-valuemax", "0")
    expect(boris).to_have_attribute("aria-disabled", "true")
    page.context.close()


def _tab_to(page: Any, test: str, most: int = 400) -> int:
    """Press Tab until ``test`` (a script) is true of the focused element; how many presses."""
    for n in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate(f"(el => {test})(document.activeElement)"):
            return n
    raise AssertionError(f"never reached: {test}")


def test_a_keyboard_gets_past_the_card_grids(
    browser: Any, table: tuple[Server, dict[str, str]]
) -> None:
    # "Save" was Tab stop 227 of 232
    server, _ = table
    page, ids = _joined(browser, server)
    page.goto(f"{server.base}/s/{ids['bridge.yaml']}/cards")
    skip = _tab_to(page, "el.classList.contains('skip')", most=12)
    assert skip <= 12
    assert page.evaluate("document.activeElement.getBoundingClientRect().height") >= 24  # shown
    page.keyboard.press("Enter")
    save = _tab_to(page, "el.value === 'save'", most=8)
    assert save <= 8
    # and each hand can skip its own grid, to type the cards
    page.goto(f"{server.base}/s/{ids['bridge.yaml']}/cards")
    _tab_to(page, "el.classList.contains('skip-grid')", most=30)
    page.keyboard.press("Enter")
    if page.evaluate("document.activeElement.name") != "hands.0":
        _tab_to(page, "el.name === 'hands.0'", most=2)
    page.context.close()


def test_a_focused_card_is_never_under_the_sticky_header(
    browser: Any, table: tuple[Server, dict[str, str]]
) -> None:
    server, _ = table
    page, ids = _joined(browser, server)
    page.goto(f"{server.base}/s/{ids['bridge.yaml']}/cards")
    header = page.evaluate("document.querySelector('.bar').getBoundingClientRect().bottom")
    for grid in ("1", "2"):
        page.locator(f'.step-list [data-step-tab="{grid}"]:visible').click()  # the hand's step
        card = page.locator(f'[data-grid="{grid}"] .card').first
        # the page scrolled so that the card sits under the bar, then the keyboard comes to it
        top = card.evaluate("el => el.getBoundingClientRect().top + window.scrollY")
        page.evaluate(f"window.scrollTo(0, {top} - 10)")
        page.locator(f'[data-grid="{grid}"]').evaluate(
            "grid => grid.previousElementSibling.focus()"  # the link that skips this grid
        )
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.closest('.card').dataset.code")
        box = card.evaluate("el => el.getBoundingClientRect().top")
        assert focused == "AS" and box >= header, (grid, focused, box, header)
    page.context.close()


@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
def test_a_refused_form_takes_the_focus_to_the_field_and_names_it(
    browser: Any, table: tuple[Server, dict[str, str]], script: bool
) -> None:
    server, _ = table
    page, _ids = _joined(browser, server, java_script_enabled=script)
    page.goto(f"{server.base}/new?variant=gin")
    page.locator("#f-player-1").fill("Anna")
    page.locator("#f-player-2").fill("Boris")
    page.locator("#f-stake").fill("lots")
    page.get_by_role("button", name="Start the sheet").click()
    page.wait_for_load_state()
    assert page.evaluate("document.activeElement.id") == "f-stake"
    assert page.evaluate("document.activeElement.getAttribute('aria-invalid')") == "true"
    said = page.evaluate(
        "document.getElementById(document.activeElement.getAttribute('aria-describedby'))"
        ".textContent"
    )
    assert re.match(r"\s*Stake\b", said), said
    shot(page, f"access-new-refused-{'js' if script else 'no-js'}")
    page.context.close()
