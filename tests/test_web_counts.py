"""A deal entered on the pad as the counts said at the table (issue 24 on the pad;
docs/RULES.md §0.7), the same deal as scores worked out elsewhere, and what either will record
shown before Save: the sheet book's dry run in the sheet's words, on the page after "Check"
(JavaScript off) and from ``POST /s/ID/preview`` (JSON) as it is typed.

Each deal saved here is byte for byte what ``remikcalc add --count`` writes for it.
"""

from __future__ import annotations

import html as markup
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import (
    Server,
    browser,
    no_sideways_scroll,
    phone,
    preview,
    shot,
    start_server,
    stop_server,
)
from tests.clirun import ok
from tests.padkit import Phone, hidden, join, make_pad
from tests.sheets import SheetMaker

__all__ = ["browser"]


def _pad(folder: Path, lang: str = "en") -> Phone:
    app, config = make_pad(folder, lang=lang)
    return join(app, config)


def _open(phone: Phone, sheet: str, page: str) -> tuple[str, dict[str, str]]:
    """A form page as a phone opens it, and the hidden fields it was made with."""
    answer = phone.get(f"/s/{sheet}/{page}")
    assert answer.status_code == 200, answer.text
    html = answer.text
    return html, {name: hidden(html, name) for name in ("version", "key", "deals")}


def _words(html: str) -> str:
    """A page's (or a fragment's) text as a person reads it, one space between words."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", markup.unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def _record(html: str) -> str:
    """The words of the part of a page that says what the deal will record."""
    found = re.search(r'<section class="record-box".*?</section>', html, re.S)
    assert found is not None, "no preview on the page"
    return _words(found.group(0))


def _cli_copy(sheet: Path, folder: Path) -> Path:
    folder.mkdir(exist_ok=True)
    copy = folder / sheet.name
    copy.write_bytes(sheet.read_bytes())
    return copy


@pytest.fixture(autouse=True)
def pad_folder(tmp_path: Path) -> Path:
    """The folder the pad serves (the command line's copies go beside it)."""
    folder = tmp_path / "pad"
    folder.mkdir()
    return folder


@pytest.fixture
def polish(sheet_file: SheetMaker) -> Path:
    """A polish sheet for three with a stake; nothing played yet."""
    return sheet_file("pad/polish.yaml", "polish", ["Anna", "Vera", "Gleb"], stake="0.10")


# Anna (seat 0) went out; Vera holds 23, Gleb 41
ANNA_OUT = {"closer": "0", "counts.1": "23", "counts.2": "41"}


def test_a_polish_deal_by_counts_shows_the_winner_collecting_before_save_and_saves_that(
    polish: Path, tmp_path: Path
) -> None:
    phone = _pad(polish.parent)
    sheet = phone.sheet_id("polish.yaml")
    before = polish.read_bytes()
    theirs = _cli_copy(polish, tmp_path / "cli")
    html, form = _open(phone, sheet, "counts")
    assert "Cards left: how many points?" in html
    checked = phone.post(f"/s/{sheet}/counts", {**form, **ANNA_OUT, "do": "check"})
    assert checked.status_code == 200
    record = _record(checked.text)
    assert "Anna went out" in record
    assert re.search(r"Anna \+64 .*Vera -23 .*Gleb -41", record), record
    assert "Money so far +6.40" in record  # the stake: 64 points at 0.10
    assert polish.read_bytes() == before  # a check writes nothing
    saved = phone.post(
        f"/s/{sheet}/counts", {**form, **ANNA_OUT, "do": "save"}, follow_redirects=False
    )
    assert saved.status_code == 303 and saved.headers["location"] == f"/s/{sheet}"
    ok("add", str(theirs), "--closer", "Anna", "--count", "Vera=23", "--count", "Gleb=41")
    assert polish.read_bytes() == theirs.read_bytes()
    assert "counts: {Vera: 23, Gleb: 41}" in polish.read_text(encoding="utf-8")
    sheet_page = _words(phone.get(f"/s/{sheet}").text)
    assert "Anna went out" in sheet_page and "64" in sheet_page


def test_the_same_deal_as_scores_worked_out_elsewhere_shows_its_sign_before_save(
    polish: Path,
) -> None:
    phone = _pad(polish.parent)
    sheet = phone.sheet_id("polish.yaml")
    html, form = _open(phone, sheet, "points")
    words = _words(html)
    assert "Scores worked out elsewhere" in words
    # the convention is said before anything is typed
    assert "The winner's gain is positive; each loser's points are negative." in words
    typed = {"closer": "0", "scores.0": "0", "scores.1": "23", "scores.2": "41"}
    before = polish.read_bytes()
    checked = phone.post(f"/s/{sheet}/points", {**form, **typed, "do": "check"})
    assert checked.status_code == 200
    record = _record(checked.text)
    # the numbers taken as given: Anna 0, the two "losers" gaining, visible before Save
    assert re.search(r"Anna 0 .*Vera \+23 .*Gleb \+41", record), record
    assert polish.read_bytes() == before
    live = phone.post(f"/s/{sheet}/preview?mode=scores", typed)
    assert live.status_code == 200
    assert re.search(r"Vera \+23 .*Gleb \+41", _words(live.json()["deal"]))
    # ... and the signs no polish deal has are pointed out, on the check and live (the table of
    # ../shared/EVENING.md B1 typed the losers' counts as gains and the money went backwards)
    doubt = "Check the signs: Vera +23, Gleb +41"
    assert doubt in record
    assert doubt in _words(live.json()["deal"])
    right = {**typed, "scores.0": "64", "scores.1": "-23", "scores.2": "-41"}
    fixed = phone.post(f"/s/{sheet}/points", {**form, **right, "do": "check"})
    assert "Check the signs" not in _words(fixed.text)


def test_a_one_go_deal_as_final_scores_says_its_numbers_are_taken_as_given(
    polish: Path,
) -> None:
    phone = _pad(polish.parent)
    sheet = phone.sheet_id("polish.yaml")
    scores, _form = _open(phone, sheet, "points")
    assert "out in one go does not double them" in _words(scores)
    counts, _form = _open(phone, sheet, "counts")  # counts are doubled: nothing to warn of
    assert "out in one go does not double them" not in _words(counts)


def test_the_counts_page_works_without_javascript(polish: Path) -> None:
    """Plain fields with the phone's numeric keypad, a Check button, the page's number pad
    hidden until entry.js shows it, and no minus anywhere: a count is never negative."""
    phone = _pad(polish.parent)
    sheet = phone.sheet_id("polish.yaml")
    html, form = _open(phone, sheet, "counts")
    for seat in (0, 1, 2):
        field = re.search(rf'<input id="f-counts\.{seat}"[^>]*>', html)
        assert field is not None and 'inputmode="numeric"' in field.group(0)
    assert re.search(r'<div class="numpad" data-numpad[^>]*\bhidden\b', html)
    assert 'name="do" value="check"' in html
    assert "data-sign=" not in html and "−" not in html.split('class="numpad"')[1][:2000]
    typed = {**form, "closer": "0", "counts.1": "-5", "counts.2": "41"}
    checked = phone.post(f"/s/{sheet}/counts", {**typed, "do": "check"})
    assert checked.status_code == 200
    assert "the count for Vera cannot be negative (got -5)" in _record(checked.text)
    # a count that is not a number says whose it is (a playtest typed letters on a keyboard)
    typed = {**form, "closer": "0", "counts.1": "abc-5x", "counts.2": "41"}
    checked = phone.post(f"/s/{sheet}/counts", {**typed, "do": "check"})
    assert "Vera: 'abc-5x' is not a whole number" in _record(checked.text)
    before = polish.read_bytes()
    refused = phone.post(f"/s/{sheet}/counts", {**typed, "do": "save"})
    assert refused.status_code == 422 and polish.read_bytes() == before
    field = re.search(r'<input id="f-counts\.1"[^>]*>', refused.text)
    assert field is not None and 'aria-invalid="true"' in field.group(0)


def test_a_bridge_deal_by_counts_with_a_knock(sheet_file: SheetMaker, tmp_path: Path) -> None:
    mine = sheet_file("pad/bridge.yaml", "bridge", ["Anna", "Boris", "Vera"])
    theirs = _cli_copy(mine, tmp_path / "cli")
    phone = _pad(mine.parent)
    sheet = phone.sheet_id("bridge.yaml")
    html, form = _open(phone, sheet, "counts")
    assert "as the counts show" in html  # the closing is read from the closer's count
    typed = {"closer": "0", "counts.0": "5", "counts.1": "30", "counts.2": "12"}
    checked = phone.post(f"/s/{sheet}/counts", {**form, **typed, "do": "check"})
    record = _record(checked.text)
    assert "Anna knocked" in record
    assert re.search(r"Anna \+5 .*Boris \+30 .*Vera \+12", record), record
    assert "Pool (stakes): 4" in record
    # the knock's payments in their unit, as sentences (a screenshot showed "Boris → Anna: 1")
    assert "Boris pays Anna 0.5 stakes" in record
    assert "Vera pays into the pool 0.5 stakes" in record
    saved = phone.post(
        f"/s/{sheet}/counts", {**form, **typed, "do": "save"}, follow_redirects=False
    )
    assert saved.status_code == 303
    counts = ("--count", "Anna=5", "--count", "Boris=30", "--count", "Vera=12")
    ok("add", str(theirs), "--closer", "Anna", *counts)
    assert mine.read_bytes() == theirs.read_bytes()


def test_a_gin_knock_by_counts(sheet_file: SheetMaker, tmp_path: Path) -> None:
    mine = sheet_file("pad/gin.yaml", "gin", ["Anna", "Boris"])
    theirs = _cli_copy(mine, tmp_path / "cli")
    phone = _pad(mine.parent)
    sheet = phone.sheet_id("gin.yaml")
    html, form = _open(phone, sheet, "counts")
    assert "The knocker's unmatched points" in _words(html)
    typed = {"closer": "0", "counts.0": "3", "counts.1": "15"}
    live = phone.post(f"/s/{sheet}/preview?mode=counts", typed)
    record = _words(live.json()["deal"])
    assert "Anna knocked" in record and re.search(r"Anna \+12 .*Boris 0", record), record
    saved = phone.post(
        f"/s/{sheet}/counts", {**form, **typed, "do": "save"}, follow_redirects=False
    )
    assert saved.status_code == 303
    ok("add", str(theirs), "--closer", "Anna", "--count", "Anna=3", "--count", "Boris=15")
    assert mine.read_bytes() == theirs.read_bytes()


def test_a_counts_deal_edited_is_filled_with_its_counts_and_shows_what_it_records(
    sheet_file: SheetMaker,
) -> None:
    path = sheet_file(
        "pad/polish.yaml",
        "polish",
        ["Anna", "Vera", "Gleb"],
        deals=[{"closer": "Anna", "counts": {"Vera": 23, "Gleb": 41}}],
    )
    phone = _pad(path.parent)
    sheet = phone.sheet_id("polish.yaml")
    assert "Anna went out" in _words(phone.get(f"/s/{sheet}").text)
    html = phone.get(f"/s/{sheet}/deal/1").text
    assert re.search(r'name="counts\.1" value="23"', html)
    assert re.search(r'name="counts\.2" value="41"', html)
    assert re.search(r"Anna \+64 .*Vera -23 .*Gleb -41", _record(html))
    # one count said wrong: the preview of the edit, before anything is saved
    typed = {"mode": "counts", "closer": "0", "counts.1": "32", "counts.2": "41"}
    typed["version"] = hidden(html, "version")
    live = phone.post(f"/s/{sheet}/deal/1/preview", typed)
    assert live.status_code == 200
    answer = live.json()
    record = _words(answer["deal"])
    assert re.search(r"Anna \+64 → \+73|Anna .*73", record), record
    assert "What changes" in answer["changes"] and answer["previewed"]


def test_the_pad_says_counts_in_polish(polish: Path) -> None:
    phone = _pad(polish.parent, lang="pl")
    sheet = phone.sheet_id("polish.yaml")
    html, form = _open(phone, sheet, "counts")
    assert "Cards left: how many points?" not in html  # translated
    checked = phone.post(f"/s/{sheet}/counts", {**form, **ANNA_OUT, "do": "check"})
    assert re.search(r"Anna \+64 .*Vera -23 .*Gleb -41", _record(checked.text))


# --- in a browser, at 360 px --------------------------------------------------------------------


@pytest.fixture
def served(polish: Path) -> Iterator[Server]:
    server = start_server(polish.parent)
    yield server
    stop_server(server)


def _sheet(page: Any, server: Server) -> str:
    """The sheet's id, as the pad's list gives it (read as a page: JavaScript may be off)."""
    page.goto(f"{server.base}/api/sheets")
    sheets = json.loads(page.locator("body").inner_text())["sheets"]
    return str(next(s["id"] for s in sheets if s["name"] == "polish.yaml"))


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_in_a_browser_the_number_pad_types_the_counts_and_the_record_follows(
    browser: Any, served: Server, polish: Path, lang: str
) -> None:
    from playwright.sync_api import expect

    page = phone(browser, lang=lang)
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(served.join)
    sheet = _sheet(page, served)
    page.goto(f"{served.base}/s/{sheet}/counts")
    no_sideways_scroll(page)
    page.locator("label.choice", has_text="Anna").click()
    # Anna went out: her count has no field to fill
    expect(page.locator('[data-count-seat="0"] input')).to_be_hidden()
    pad = page.locator("[data-numpad]")
    expect(pad).to_be_visible()
    for key in pad.locator(".key").all():  # a thumb's target at 360 px
        box = key.bounding_box()
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
    assert pad.locator('[data-key="-"]').count() == 0  # no minus: a count is never negative
    with preview(page, "counts.1=23", "counts.2=41"):
        for key in ("2", "3", "next", "4", "1"):
            pad.locator(f'[data-key="{key}"]').click()
    record = page.locator("#look-deal")
    expect(record.locator("li", has_text="Anna").locator(".score")).to_contain_text("+64")
    expect(record.locator("li", has_text="Gleb").locator(".score")).to_contain_text("-41")
    no_sideways_scroll(page)
    # past the last count, Next brings the record into view with Save under it (a playtest
    # found Save two screens below the number pad); a tap, not a scroll, reaches it
    pad.locator('[data-key="next"]').click()
    save = page.locator('button[name="do"][value="save"]')
    expect(save).to_be_in_viewport()
    expect(record).to_be_in_viewport()
    shot(page, f"counts-polish-{lang}-360")
    save.click()
    page.wait_for_url(f"**/s/{sheet}")
    assert "counts: {Vera: 23, Gleb: 41}" in polish.read_text(encoding="utf-8")
    page.goto(f"{served.base}/s/{sheet}/points")
    no_sideways_scroll(page)
    shot(page, f"scores-elsewhere-{lang}-360")
    assert problems == []
    page.context.close()


def test_in_a_browser_without_javascript_the_check_button_shows_the_record(
    browser: Any, served: Server, polish: Path
) -> None:
    from playwright.sync_api import expect

    page = phone(browser, java_script_enabled=False)
    page.goto(served.join)
    sheet = _sheet(page, served)
    page.goto(f"{served.base}/s/{sheet}/counts")
    expect(page.locator("[data-numpad]")).to_be_hidden()
    page.locator("label.choice", has_text="Anna").click()
    page.locator("#f-counts\\.1").fill("23")
    page.locator("#f-counts\\.2").fill("41")
    page.locator('button[name="do"][value="check"]').click()
    record = page.locator("#look-deal")
    expect(record.locator("li", has_text="Anna").locator(".score")).to_contain_text("+64")
    no_sideways_scroll(page)
    shot(page, "counts-nojs-en-360")
    page.locator('button[name="do"][value="save"]').click()
    page.wait_for_url(f"**/s/{sheet}")
    assert "counts: {Vera: 23, Gleb: 41}" in polish.read_text(encoding="utf-8")
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_in_a_browser_the_edit_of_a_counts_deal_shows_what_it_will_record_as_typed(
    browser: Any, served: Server, polish: Path, lang: str
) -> None:
    from playwright.sync_api import expect

    from remikcalc.session.book import SheetFile

    SheetFile(polish).add({"closer": "Anna", "counts": {"Vera": 23, "Gleb": 41}})
    page = phone(browser, lang=lang)
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(served.join)
    sheet = _sheet(page, served)
    page.goto(f"{served.base}/s/{sheet}/deal/1")
    expect(page.locator("#f-counts\\.1")).to_have_value("23")  # filled with its counts
    record = page.locator("#look-deal")
    expect(record.locator("li", has_text="Anna").locator(".score")).to_contain_text("+64")
    with preview(page, "counts.1=32"):  # one count said wrong
        page.locator("#f-counts\\.1").fill("32")
    expect(record.locator("li", has_text="Anna").locator(".score")).to_contain_text("+73")
    # from the edit's one preview address, which says what the edit changes on the sheet too
    expect(page.locator("#look-changes .consequences")).to_be_visible()
    expect(page.locator("button[data-corr-save]")).to_be_visible()
    no_sideways_scroll(page)
    shot(page, f"edit-counts-{lang}-360")
    assert "counts: {Vera: 23, Gleb: 41}" in polish.read_text(encoding="utf-8")  # not saved
    assert problems == []
    page.context.close()
