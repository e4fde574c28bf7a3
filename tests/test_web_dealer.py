"""Who deals, on the score pad: the first dealer asked when a sheet is started (optional), and
the next dealer on the sheet page, the table view and in the JSON API (docs/INTERFACE.md,
"Who deals")."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

import remikcalc
from remikcalc.sheet import load_sheet
from tests.browser import browser, no_sideways_scroll, shot, start_server, stop_server
from tests.browser import phone as browser_phone
from tests.clirun import ok
from tests.padkit import Phone, folder, join, make_pad, pad, phone  # noqa: F401
from tests.test_web_corrections import form_of, page_main, snapshot

__all__ = ["browser", "folder", "pad", "phone"]


def speaking(folder: Path, lang: str) -> Phone:
    """A phone joined to a pad on ``folder`` whose browser asks for ``lang``."""
    app, config = make_pad(folder)
    return join(app, config, **{"accept-language": lang})


def dealer_line(page: str) -> str | None:
    found = re.search(r'<p class="dealer">(.*?)</p>', page)
    return None if found is None else html.unescape(found.group(1))


def test_a_sheet_started_on_the_pad_with_its_first_dealer(tmp_path: Path, phone: Phone) -> None:
    before = snapshot(tmp_path)
    page = phone.get("/new?variant=rummy").text
    assert page.count('name="dealer"') == 7  # "deals first" beside each of 6 names, and "not yet"
    fields = form_of(page, "/new")
    assert fields["dealer"] == ""  # the first dealer is optional: nobody is marked at first
    fields.update(players=["Anna", "Boris", "Carl", "", "", ""], dealer="2")
    answer = phone.post("/new", fields, follow_redirects=False)
    assert answer.status_code == 303, page_main(answer.text)
    made = next(p for p in tmp_path.iterdir() if p.name not in before)
    assert load_sheet(str(made)).dealer == "Boris"
    cli = tmp_path / "cli.yaml"
    ok("new", str(cli), "-v", "rummy", "--players", "Anna,Boris,Carl", "--dealer", "Boris")
    assert made.read_bytes() == cli.read_bytes()  # what `remikcalc new` writes
    assert dealer_line(phone.get(answer.headers["location"]).text) == "Next to deal: Boris"


def test_the_dealer_marked_beside_an_empty_field_or_a_field_of_several_names_is_refused(
    tmp_path: Path, phone: Phone
) -> None:
    before = snapshot(tmp_path)
    fields = form_of(phone.get("/new?variant=rummy").text, "/new")
    for players, words in (
        (["Anna", "Boris", "", "", "", ""], "The field marked to deal first has no name in it."),
        (["Anna", "Boris, Carl", "", "", "", ""], "needs a field of their own"),
    ):
        fields.update(players=players, dealer="2" if "," in players[1] else "3", title="Friday")
        answer = phone.post("/new", fields)
        assert answer.status_code == 422
        error = re.search(r'<p class="field-error" id="err-dealer"[^>]*>(.*?)</p>', answer.text)
        assert error is not None and words in html.unescape(error.group(1))
        kept = re.search(r'name="dealer" value="(\d)" checked', answer.text)
        assert kept is not None and kept.group(1) == fields["dealer"]  # the choice is kept
    assert snapshot(tmp_path) == before


def test_the_sheet_page_says_who_deals_next_in_the_phones_language(
    folder: Path, phone: Phone
) -> None:
    # the gin sheet of padkit: Anna +25, then Boris +10: Boris won the last deal and deals
    sheet = phone.sheet_id("gin.yaml")
    page = phone.get(f"/s/{sheet}").text
    assert dealer_line(page) == "Next to deal: Boris"
    assert "Next to deal" not in re.sub(r'<p class="dealer">.*?</p>', "", page)  # said once
    pl = speaking(folder, "pl")
    assert dealer_line(pl.get(f"/s/{pl.sheet_id('gin.yaml')}").text) == "Teraz rozdaje: Boris"
    assert phone.api("GET", f"/api/sheets/{sheet}").json()["dealer"] == "Boris"
    # the bridge sheet names no first dealer: nothing is said, and the API says null
    bridge = phone.sheet_id("bridge.yaml")
    assert dealer_line(phone.get(f"/s/{bridge}").text) is None
    assert phone.api("GET", f"/api/sheets/{bridge}").json()["dealer"] is None


def test_the_table_view_says_who_deals_next_and_how_many_cards_in_bridge(tmp_path: Path) -> None:
    remikcalc.new_sheet(
        tmp_path / "b.yaml", variant="bridge", players=["Anna", "Boris", "Carl"], dealer="Carl"
    )
    viewer = join(*make_pad(tmp_path))
    page = viewer.get(f"/s/{viewer.sheet_id('b.yaml')}/table").text
    assert dealer_line(page) == "Next to deal: Carl (takes 11 cards)"
    ru = speaking(tmp_path, "ru")
    page = ru.get(f"/s/{ru.sheet_id('b.yaml')}/table").text
    assert dealer_line(page) == "Следующим сдаёт: Carl (получает 11 карт)"


# --- in a real browser, at a phone's width --------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("lang", "deals_first", "said"),
    [
        ("en", "deals first", "Next to deal: Carl (takes 11 cards)"),
        ("pl", "rozdaje pierwszy", "Teraz rozdaje: Carl (dostaje 11 kart)"),
        ("ru", "сдаёт первым", "Следующим сдаёт: Carl (получает 11 карт)"),
    ],
)
def test_a_phone_starts_a_sheet_tapping_who_deals_first(
    browser: Any, tmp_path: Path, lang: str, deals_first: str, said: str
) -> None:
    server = start_server(tmp_path)
    try:
        page = browser_phone(browser, width=360, lang=lang)
        page.goto(server.join)
        page.goto(f"{server.base}/new?variant=bridge")
        for n, name in enumerate(("Anna", "Boris", "Carl"), start=1):
            page.locator(f"#f-player-{n}").fill(name)
        no_sideways_scroll(page)
        page.locator(".player-row").nth(2).get_by_text(deals_first).click()
        shot(page, f"new-sheet-dealer-{lang}-360")
        page.locator("form.stack button[type=submit]").click()
        assert page.locator(".dealer").inner_text() == said
        no_sideways_scroll(page)
        shot(page, f"sheet-dealer-{lang}-360")
    finally:
        stop_server(server)
