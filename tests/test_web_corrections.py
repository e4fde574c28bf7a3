"""Correcting a sheet on the pad (editing a deal with what it changes shown first, deleting one,
undo, rename, a bridge re-entry) and starting a sheet, through Starlette's TestClient on real
files. Every save is the bytes the command line writes for the same correction; every answer
but a redirect leaves the sheet byte for byte as it was."""

from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import remikcalc
from remikcalc.base.errors import RemikcalcError
from remikcalc.cards.notation import parse_groups
from remikcalc.cards.text import groups_text
from remikcalc.rules.variants import VARIANTS, get_rules
from remikcalc.session.book import SheetFile
from remikcalc.sheet.model import DealEntry
from remikcalc.web.corrections import digest
from remikcalc.web.grid import grid
from tests.browser import browser, no_sideways_scroll, shot, start_server, stop_server
from tests.browser import phone as browser_phone
from tests.browser import preview as previewed
from tests.clirun import ok, run
from tests.hands import (
    GIN_ANNA,
    GIN_BORIS,
    GIN_DEFENCE_BORIS,
    GIN_DEFENCE_BORIS_RUN,
    GIN_KNOCK_ANNA,
)
from tests.padkit import Phone, hidden, join, make_pad
from tests.sheets import SheetMaker

__all__ = ["browser"]

SCRIPT = "<script>alert(1)</script>"


# --- reading a page's form as a browser would send it ---------------------------------------------


class _Fields(HTMLParser):
    """The fields of the form posting to ``action``: what a browser sends unchanged."""

    def __init__(self, action: str) -> None:
        super().__init__(convert_charrefs=True)
        self.action = action
        self.inside = False
        self.fields: list[tuple[str, str]] = []
        self._select: str | None = None
        self._first: tuple[str, str] | None = None
        self._chosen = False
        self._textarea: str | None = None
        self._text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("action") == self.action
        if not self.inside:
            return
        if tag == "input" and "name" in a:
            kind = a.get("type", "text")
            if kind in ("radio", "checkbox") and "checked" not in a:
                return
            if kind == "submit":
                return
            self.fields.append((a["name"], a.get("value", "on" if kind == "checkbox" else "")))
        elif tag == "select":
            self._select, self._first, self._chosen = a.get("name"), None, False
        elif tag == "option" and self._select is not None:
            if self._first is None:
                self._first = (self._select, a.get("value", ""))
            if "selected" in a:
                self.fields.append((self._select, a.get("value", "")))
                self._chosen = True
        elif tag == "textarea":
            self._textarea, self._text = a.get("name"), ""

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select" and self._select is not None:
            if not self._chosen and self._first is not None:
                self.fields.append(self._first)
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            self.fields.append((self._textarea, self._text))
            self._textarea = None


def form_of(html: str, action: str) -> dict[str, Any]:
    """The form posting to ``action`` as a browser would send it unchanged (repeated names as
    lists); the form token is left to :meth:`Phone.post`."""
    parser = _Fields(action)
    parser.feed(html)
    out: dict[str, Any] = {}
    for name, value in parser.fields:
        if name == "_form":
            continue
        if name in out:
            out[name] = [*(out[name] if isinstance(out[name], list) else [out[name]]), value]
        else:
            out[name] = value
    assert out, f"no form posting to {action}"
    return out


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def page_main(html: str) -> str:
    return html[html.index("<main") : html.index("</main>")]


# --- sheets ---------------------------------------------------------------------------------------


@pytest.fixture
def table(tmp_path: Path, sheet_file: SheetMaker) -> Path:
    """A folder of sheets: gin to 50 with points deals, gin with hands, bridge."""
    (tmp_path / "table").mkdir()
    points = [{"scores": s} for s in ({"Anna": 25}, {"Anna": 20}, {"Anna": 10}, {"Boris": 5})]
    sheet_file(
        "table/gin.yaml", stake="0.10", currency="PLN", rules={"game_target": 50}, deals=points
    )
    knock = {
        "closer": "Anna",
        "hands": {"Anna": "9C 9D 9H | 5S 6S 7S | KD KH KS | 2C", "Boris": GIN_DEFENCE_BORIS},
    }
    sheet_file("table/hands.yaml", deals=[knock, {"scores": {"Boris": 12}}])
    bridge = [
        {"closer": "Anna", "scores": {"Anna": -10, "Boris": 60, "Carl": 40}},
        {"closer": "Anna", "scores": {"Anna": -10, "Boris": 45, "Carl": 40}},
    ]
    sheet_file("table/bridge.yaml", "bridge", "Anna,Boris,Carl", stake="2", deals=bridge)
    return tmp_path / "table"


@pytest.fixture
def phone(table: Path) -> Phone:
    return join(*make_pad(table))


def edit_url(phone: Phone, name: str, n: int) -> str:
    return f"/s/{phone.sheet_id(name)}/deal/{n}"


def preview(phone: Phone, url: str, **changes: Any) -> Any:
    """Open deal N's form, change some fields, and ask what that changes."""
    fields = {**form_of(phone.get(url).text, url), **changes, "do": "preview"}
    return phone.post(url, fields)


def save(phone: Phone, url: str, shown: Any, **extra: Any) -> Any:
    """Press Save on a preview page as it was shown."""
    fields = {**form_of(shown.text, url), "do": "save", **extra}
    return phone.post(url, fields, follow_redirects=False)


def tapped(taps: list[str], *, off: str, on: str) -> list[str]:
    """A gin hand's taps with one card changed, as a browser posts them (in the grid's order)."""
    order = [cell.code for cell in grid(get_rules("gin"), (), {})]
    return sorted([code for code in taps if code != off] + [on], key=order.index)


# --- the preview, in the library ------------------------------------------------------------------


def test_preview_edit_is_the_edit_without_the_write(table: Path) -> None:
    book = remikcalc.open_sheet(table / "gin.yaml")
    before = (table / "gin.yaml").read_bytes()
    shown = book.preview_edit(2, {"scores": {"Anna": 30}})
    assert (table / "gin.yaml").read_bytes() == before
    assert shown.version == book.version and shown.before is not None
    assert shown.step is not None and shown.step.n == 2
    assert [s.game for s in shown.before.steps] == [1, 1, 1, 2]
    assert [s.game for s in shown.after.steps] == [1, 1, 2, 2]
    written = book.edit(2, {"scores": {"Anna": 30}}, version=shown.version)
    assert [s.totals for s in written.replay.steps] == [s.totals for s in shown.after.steps]
    assert written.removed == shown.removed


def test_preview_delete_and_undo_write_nothing_and_match_the_writes(table: Path) -> None:
    book = remikcalc.open_sheet(table / "gin.yaml")
    before = (table / "gin.yaml").read_bytes()
    gone = book.preview_delete(1)
    last = book.preview_undo()
    assert (table / "gin.yaml").read_bytes() == before
    assert [s.totals for s in gone.after.steps] == [
        s.totals for s in book.delete(1, version=gone.version).replay.steps
    ]
    assert isinstance(last.removed, DealEntry) and last.removed.scores == {"Boris": 5}


def test_a_preview_is_refused_as_its_write_is(table: Path) -> None:
    book = remikcalc.open_sheet(table / "bridge.yaml")
    book.add({"reenter": "Boris"})
    before = (table / "bridge.yaml").read_bytes()
    entry = {"closer": "Anna", "scores": {"Anna": -10, "Boris": 5, "Carl": 40}}
    with pytest.raises(RemikcalcError) as previewed:
        book.preview_edit(2, entry)
    with pytest.raises(RemikcalcError) as written:
        book.edit(2, entry)
    assert str(previewed.value) == str(written.value)
    assert "no longer fits" in str(written.value)
    with pytest.raises(RemikcalcError) as gone:
        book.preview_delete(9)
    assert "there is no deal 9 to delete" in str(gone.value)
    assert (table / "bridge.yaml").read_bytes() == before


# --- edit: the form as the sheet has it -----------------------------------------------------------


def test_a_points_deal_opens_as_the_points_form(phone: Phone) -> None:
    html = phone.get(edit_url(phone, "gin.yaml", 2)).text
    fields = form_of(html, edit_url(phone, "gin.yaml", 2))
    assert fields["mode"] == "scores"
    assert fields["scores.0"] == "20" and fields["scores.1"] == ""
    assert fields["closer"] == "" and fields["how"] == ""
    assert "hands.0" not in fields
    assert "On the sheet now: points only (Anna +20)" in html


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_a_deal_with_hands_shows_its_cards_in_the_phones_notation(phone: Phone, lang: str) -> None:
    phone.client.cookies.set("remikcalc_lang", lang)
    url = edit_url(phone, "hands.yaml", 1)
    page = phone.get(url).text
    fields = form_of(page, url)
    anna = groups_text(parse_groups("9C 9D 9H | 5S 6S 7S | KD KH KS | 2C"), lang)
    assert fields["mode"] == "hands"
    assert fields["hands.0"] == anna and " | " in anna
    # Boris's hand, not grouped, is on the grid: each card tapped, its face in the notation
    assert fields["hands.1"] == "" and sorted(fields["tap.1"]) == sorted(GIN_DEFENCE_BORIS.split())
    jack = {"pl": "W♣", "ru": "Вт"}[lang]
    face = rf'class="card on"[^>]*data-code="JC"[^>]*>\s*<span class="face">{jack}<'
    assert re.search(face, page)
    assert fields["closer"] == "0"
    if lang == "pl":
        assert fields["hands.0"].startswith("9♣ 9♦ 9♥ | 5♠")
    else:
        assert fields["hands.0"].startswith("9т 9б 9ч | 5п")
    sent_back = phone.post(url, {**fields, "do": "preview"})  # read back as typed
    assert sent_back.status_code == 200, sent_back.text
    assert 'class="changed"' not in sent_back.text and "<del>" not in sent_back.text


def test_the_form_asks_for_the_inputs_the_variant_takes(tmp_path: Path) -> None:
    hands = {"Anna": GIN_KNOCK_ANNA, "Boris": GIN_DEFENCE_BORIS}
    okl = remikcalc.new_sheet(tmp_path / "okl.yaml", variant="oklahoma", players=["Anna", "Boris"])
    okl.add({"closer": "Anna", "hands": hands, "upcard": "KH"})
    boat = remikcalc.new_sheet(tmp_path / "boat.yaml", variant="boat", players=["Anna", "Boris"])
    boat.add({"scores": {"Anna": 10, "Boris": -10}, "closer": "Anna"})
    phone = join(*make_pad(tmp_path))
    url = edit_url(phone, "okl.yaml", 1)
    fields = form_of(phone.get(url).text, url)
    assert fields["upcard"] == "KH" and "plus" not in fields and "melded.0" not in fields
    boat_url = edit_url(phone, "boat.yaml", 1)
    html = phone.get(boat_url + "?mode=hands").text
    assert 'name="plus"' in html and 'name="upcard"' not in html and 'name="hands.0"' in html
    assert 'name="plus"' not in phone.get(boat_url).text  # not beside points


def test_a_deal_entered_as_counts_is_edited_as_its_counts(tmp_path: Path) -> None:
    book = remikcalc.new_sheet(tmp_path / "gin.yaml", variant="gin", players=["Anna", "Boris"])
    book.add({"closer": "Anna", "counts": {"Anna": 4, "Boris": 30}})
    theirs = tmp_path / "cli"
    theirs.mkdir()
    (theirs / "gin.yaml").write_bytes((tmp_path / "gin.yaml").read_bytes())
    phone = join(*make_pad(tmp_path))
    url = edit_url(phone, "gin.yaml", 1)
    page = phone.get(url).text
    fields = form_of(page, url)
    assert fields["mode"] == "counts"
    assert fields["counts.0"] == "4" and fields["counts.1"] == "30" and fields["closer"] == "0"
    assert "Each player&#39;s count" in page and "hands.0" not in fields
    shown = phone.post(url, {**fields, "counts.1": "40", "do": "preview"})
    assert shown.status_code == 200, shown.text
    saved = save(phone, url, shown)
    assert saved.status_code == 303
    ok("edit", str(theirs / "gin.yaml"), "1", "--count", "Boris=40")
    assert (tmp_path / "gin.yaml").read_bytes() == (theirs / "gin.yaml").read_bytes()


def test_a_refused_count_is_said_beside_its_field(tmp_path: Path) -> None:
    book = remikcalc.new_sheet(tmp_path / "gin.yaml", variant="gin", players=["Anna", "Boris"])
    book.add({"closer": "Anna", "counts": {"Anna": 4, "Boris": 30}})
    phone = join(*make_pad(tmp_path))
    url = edit_url(phone, "gin.yaml", 1)
    shown = preview(phone, url, **{"counts.1": "-3"})
    assert shown.status_code == 422
    # the refusal's field and player (counts, Boris) put it beside Boris's count
    said = re.search(r'<p class="field-error" id="err-counts.1" role="alert">(.*?)</p>', shown.text)
    assert said is not None and said.group(1).startswith("<strong>Boris:</strong>")
    assert "cannot be negative" in said.group(1) and "entry:" not in said.group(1)
    assert re.search(r'id="f-counts.1"[^>]*aria-invalid="true"', shown.text)


# --- edit: what it changes, then the save ---------------------------------------------------------


def test_the_preview_shows_changed_totals_and_a_game_that_ends_a_deal_earlier(
    phone: Phone, table: Path
) -> None:
    before = snapshot(table)
    url = edit_url(phone, "gin.yaml", 2)
    shown = preview(phone, url, **{"scores.0": "30"})
    assert shown.status_code == 200
    html = shown.text
    assert "Game 1 now ends at deal 2 instead of deal 3." in html
    assert "Game 2 starts at deal 3 instead of deal 4." in html
    assert '<td class="num changed"><del>+20</del> <ins>+30</ins></td>' in html
    assert '<td class="num changed"><del>45</del> <ins>55</ins></td>' in html
    assert "<del>22.50 PLN</del> <ins>21.00 PLN</ins>" in html  # the money so far
    assert 'name="do" value="save"' in html and hidden(html, "previewed")
    assert snapshot(table) == before  # a preview writes nothing


def test_the_preview_shows_who_is_out_before_and_after(phone: Phone, table: Path) -> None:
    before = snapshot(table)
    url = edit_url(phone, "bridge.yaml", 2)
    html = preview(phone, url, **{"scores.1": "30"}).text
    assert "Out: <del>Boris</del> <ins>nobody</ins>" in html
    assert "<del>105 out</del> <ins>90</ins>" in html
    assert snapshot(table) == before


def test_saving_writes_what_remikcalc_edit_writes(phone: Phone, table: Path) -> None:
    copy = table.parent / "copy.yaml"
    shutil.copy(table / "hands.yaml", copy)
    phone.client.cookies.set("remikcalc_lang", "pl")
    url = edit_url(phone, "hands.yaml", 1)
    boris = "A♠ 2♠ 3♥ 4♦ 5♦ 8♣ 8♦ W♣ D♣ 10♦"  # the same cards, typed in Polish
    # his grid cleared (no taps) and his cards typed instead
    shown = preview(phone, url, **{"hands.0": GIN_KNOCK_ANNA, "hands.1": boris, "tap.1": []})
    assert shown.status_code == 200, shown.text
    saved = save(phone, url, shown)
    assert (
        saved.status_code == 303
        and saved.headers["location"] == f"/s/{phone.sheet_id('hands.yaml')}"
    )
    ok("edit", str(copy), "1", "--closer", "Anna", GIN_ANNA, GIN_BORIS)
    assert (table / "hands.yaml").read_bytes() == copy.read_bytes()


def test_a_tapped_deal_is_corrected_on_its_grid_and_the_changed_hand_saved(
    phone: Phone, table: Path
) -> None:
    copy = table.parent / "copy.yaml"
    shutil.copy(table / "hands.yaml", copy)
    url = edit_url(phone, "hands.yaml", 1)
    fields = form_of(phone.get(url).text, url)
    # one card of Boris's changed on his grid: the three of hearts untapped, the three of spades
    # tapped (A-2-3S is a run now: 55, not 61)
    taps = tapped(fields["tap.1"], off="3H", on="3S")
    shown = phone.post(url, {**fields, "tap.1": taps, "do": "preview"})
    assert shown.status_code == 200, shown.text
    assert '<td class="num changed"><del>+59</del> <ins>+53</ins></td>' in shown.text
    # without JavaScript the answer opens at the hand that changed, its count on its step
    assert re.search(r'<section class="step seat current" id="step-1"', shown.text)
    assert re.search(r'data-tab-count="1">55<', shown.text)
    assert save(phone, url, shown).status_code == 303
    anna = "Anna=9C 9D 9H | 5S 6S 7S | KD KH KS | 2C"  # her hand as grouped, kept typed
    ok("edit", str(copy), "1", "--closer", "Anna", anna, "Boris=" + " ".join(taps))
    assert (table / "hands.yaml").read_bytes() == copy.read_bytes()


def test_the_edit_pages_live_preview_says_what_changes_and_writes_nothing(
    phone: Phone, table: Path
) -> None:
    before = snapshot(table)
    url = edit_url(phone, "hands.yaml", 1)
    fields = form_of(phone.get(url).text, url)
    taps = tapped(fields["tap.1"], off="3H", on="3S")
    answer = phone.post(f"{url}/preview", {**fields, "tap.1": taps})
    assert answer.status_code == 200
    data = answer.json()
    assert data["counts"] == {"0": "2", "1": "55"}  # each hand's count, for its step
    assert "<del>+59</del> <ins>+53</ins>" in data["deal"]
    # the fingerprint a save of this deal carries: the one the page's Save would have
    shown = phone.post(url, {**fields, "tap.1": taps, "do": "preview"})
    assert data["previewed"] == hidden(shown.text, "previewed")
    # a card in both hands cannot be saved: said in place, no fingerprint
    refused = phone.post(f"{url}/preview", {**fields, "tap.1": [*taps[:-1], "9C"]}).json()
    assert refused["previewed"] is None and "9C" in refused["deal"]
    # a page made before the sheet changed is told so, not shown a preview
    old = phone.post(f"{url}/preview", {**fields, "version": "0"}).json()
    assert old["previewed"] is None and "The sheet has changed" in old["deal"]
    assert snapshot(table) == before


@pytest.mark.parametrize("minus", ["-", "\N{MINUS SIGN}"])
def test_a_points_edit_takes_a_minus_typed_on_the_full_keyboard(
    phone: Phone, table: Path, minus: str
) -> None:
    url = edit_url(phone, "bridge.yaml", 1)
    html = phone.get(url).text
    # a signed field opens the full keyboard (a minus on every phone): no digits-only pad
    # without JavaScript; the ± key beside it waits for the script
    fields = re.findall(r'<input id="f-scores\.\d"[^>]*>', html)
    assert len(fields) == 3 and all("data-signed" in f and "inputmode" not in f for f in fields)
    assert re.search(r'<button type="button" class="sign[^"]*" data-sign="f-scores.0"', html)
    shown = preview(phone, url, **{"scores.0": f"{minus}15"})
    assert shown.status_code == 200, shown.text
    assert "<del>-10</del> <ins>-15</ins>" in shown.text
    assert save(phone, url, shown).status_code == 303
    entry = remikcalc.open_sheet(table / "bridge.yaml").replay().sheet.entries[0]
    assert isinstance(entry, DealEntry) and entry.scores == {"Anna": -15, "Boris": 60, "Carl": 40}


def test_a_points_deal_can_be_entered_again_as_cards(phone: Phone, table: Path) -> None:
    copy = table.parent / "copy.yaml"
    shutil.copy(table / "hands.yaml", copy)
    url = edit_url(phone, "hands.yaml", 2)
    fields = form_of(phone.get(url + "?mode=hands").text, url)
    assert fields["mode"] == "hands" and fields["hands.0"] == "" and "scores.0" not in fields
    fields.update(
        {"hands.0": GIN_DEFENCE_BORIS, "hands.1": GIN_KNOCK_ANNA, "closer": "1", "do": "preview"}
    )
    shown = phone.post(url, fields)
    assert shown.status_code == 200, shown.text
    assert save(phone, url, shown).status_code == 303
    ok(
        "edit",
        str(copy),
        "2",
        "--closer",
        "Boris",
        f"Anna={GIN_DEFENCE_BORIS}",
        f"Boris={GIN_KNOCK_ANNA}",
    )
    assert (table / "hands.yaml").read_bytes() == copy.read_bytes()


def test_a_refused_edit_shows_the_message_and_keeps_the_input(phone: Phone, table: Path) -> None:
    remikcalc.open_sheet(table / "bridge.yaml").add({"reenter": "Boris"})
    before = snapshot(table)
    url = edit_url(phone, "bridge.yaml", 2)
    shown = preview(phone, url, **{"scores.1": "5"})
    assert shown.status_code == 422
    assert "with this as deal 2, Boris&#39;s re-entry after it no longer fits" in shown.text
    assert form_of(shown.text, url)["scores.1"] == "5"
    assert 'value="save"' not in shown.text
    # and a save sent anyway (as a script would) is refused by the library the same way
    fields = {**form_of(shown.text, url), "do": "save"}
    book = remikcalc.open_sheet(table / "bridge.yaml")
    entry = {"closer": "Anna", "scores": {"Anna": "-10", "Boris": "5", "Carl": "40"}}
    fields["previewed"] = digest(entry)
    forced = phone.post(url, fields)
    assert forced.status_code == 422 and "no longer fits" in forced.text
    assert snapshot(table) == before and book.version == hidden(forced.text, "version")


def test_a_deal_changed_after_its_preview_is_previewed_again_not_saved(
    phone: Phone, table: Path
) -> None:
    before = snapshot(table)
    url = edit_url(phone, "gin.yaml", 2)
    shown = preview(phone, url, **{"scores.0": "30"})
    again = save(phone, url, shown, **{"scores.0": "31"})
    assert again.status_code == 200
    assert "changed after the preview" in again.text and "<ins>+31</ins>" in again.text
    assert snapshot(table) == before
    # the preview is no write: the same form (its key) saved now is saved
    saved = save(phone, url, again)
    assert saved.status_code == 303 and snapshot(table) != before


def test_an_unknown_deal_is_refused_with_the_command_lines_words(phone: Phone) -> None:
    answer = phone.get(edit_url(phone, "gin.yaml", 9))
    assert answer.status_code == 422
    assert "gin.yaml has deals 1 to 4; there is no deal 9 to edit" in answer.text
    assert phone.get(f"/s/{phone.sheet_id('gin.yaml')}/deal/x").status_code == 404


# --- every write: the version, the key ------------------------------------------------------------


def test_a_stale_version_is_409_with_the_input_kept(phone: Phone, table: Path) -> None:
    url = edit_url(phone, "gin.yaml", 2)
    fields = form_of(phone.get(url).text, url)
    remikcalc.open_sheet(table / "gin.yaml").add({"scores": {"Boris": 7}})
    before = snapshot(table)
    answer = phone.post(url, {**fields, "scores.0": "30", "do": "preview"})
    assert answer.status_code == 409
    assert "The sheet has changed since this page was made" in answer.text
    assert "Boris +7" in answer.text  # the new deal
    kept = form_of(answer.text, url)
    assert kept["scores.0"] == "30" and kept["version"] != fields["version"]
    assert snapshot(table) == before
    assert phone.post(url, {**kept, "do": "preview"}).status_code == 200  # sent again


def test_a_cli_add_between_the_preview_and_the_save_is_409(phone: Phone, table: Path) -> None:
    url = edit_url(phone, "gin.yaml", 2)
    shown = preview(phone, url, **{"scores.0": "30"})
    ok("add", str(table / "gin.yaml"), "--score", "Boris=7")
    before = snapshot(table)
    answer = save(phone, url, shown)
    assert answer.status_code == 409
    assert "Boris +7" in answer.text
    assert form_of(answer.text, url)["scores.0"] == "30"
    assert 'value="save"' not in answer.text  # what it changes now must be seen first
    assert snapshot(table) == before


def test_the_same_key_twice_writes_once(phone: Phone, table: Path) -> None:
    url = f"/s/{phone.sheet_id('gin.yaml')}/more/undo"
    fields = form_of(phone.get(f"/s/{phone.sheet_id('gin.yaml')}/more").text, url)
    first = phone.post(url, fields, follow_redirects=False)
    assert first.status_code == 303
    after = snapshot(table)
    second = phone.post(url, fields, follow_redirects=False)  # the same form again
    assert second.status_code == 303 and second.headers["location"] == first.headers["location"]
    assert snapshot(table) == after
    assert len(remikcalc.open_sheet(table / "gin.yaml").replay().steps) == 3
    # an edit saved twice
    edit = edit_url(phone, "gin.yaml", 1)
    shown = preview(phone, edit, **{"scores.0": "24"})
    assert save(phone, edit, shown).status_code == 303
    saved = snapshot(table)
    assert save(phone, edit, shown).status_code == 303
    assert snapshot(table) == saved


# --- delete ---------------------------------------------------------------------------------------


def test_delete_shows_what_changes_then_deletes_as_the_cli_does(phone: Phone, table: Path) -> None:
    copy = table.parent / "copy.yaml"
    shutil.copy(table / "gin.yaml", copy)
    before = snapshot(table)
    url = f"/s/{phone.sheet_id('gin.yaml')}/deal/3/delete"
    page = phone.get(url)
    assert page.status_code == 200
    assert "Deal 3 · removed" in page.text
    assert "Game 1 no longer ends at deal 3: it goes on." in page.text
    assert "There is no game 2 any more (it started at deal 4)." in page.text
    assert "move up one number" in page.text
    assert snapshot(table) == before
    done = phone.post(url, form_of(page.text, url), follow_redirects=False)
    assert done.status_code == 303
    ok("delete", str(copy), "3")
    assert (table / "gin.yaml").read_bytes() == copy.read_bytes()


def test_a_delete_that_a_later_entry_no_longer_fits_is_refused(phone: Phone, table: Path) -> None:
    remikcalc.open_sheet(table / "bridge.yaml").add({"reenter": "Boris"})
    before = snapshot(table)
    url = f"/s/{phone.sheet_id('bridge.yaml')}/deal/2/delete"
    page = phone.get(url)
    assert page.status_code == 422
    assert "without deal 2, Boris&#39;s re-entry after it no longer fits" in page.text
    assert f'action="{url}"' not in page.text  # nothing to confirm
    version = remikcalc.open_sheet(table / "bridge.yaml").version
    forced = phone.post(url, {"version": version, "key": "k-delete", "seen": "3"})
    assert forced.status_code == 422 and "no longer fits" in forced.text
    assert snapshot(table) == before


# --- undo, rename, re-entry -----------------------------------------------------------------------


def test_undo_shows_what_goes_and_undoes_as_the_cli_does(phone: Phone, table: Path) -> None:
    copy = table.parent / "copy.yaml"
    shutil.copy(table / "bridge.yaml", copy)
    more = f"/s/{phone.sheet_id('bridge.yaml')}/more"
    page = phone.get(more).text
    assert (
        "This removes the last entry: Anna closed with a remik (Anna -10, Boris +45, Carl +40)."
        in page
    )
    assert "It can be entered again afterwards" in page
    assert "Out: <del>Boris</del> <ins>nobody</ins>" in page
    done = phone.post(more + "/undo", form_of(page, more + "/undo"), follow_redirects=False)
    assert done.status_code == 303
    ok("undo", str(copy))
    assert (table / "bridge.yaml").read_bytes() == copy.read_bytes()


def test_undo_with_a_stale_version_is_409(phone: Phone, table: Path) -> None:
    more = f"/s/{phone.sheet_id('gin.yaml')}/more"
    fields = form_of(phone.get(more).text, more + "/undo")
    ok("add", str(table / "gin.yaml"), "--score", "Anna=3")
    before = snapshot(table)
    answer = phone.post(more + "/undo", fields)
    assert answer.status_code == 409 and "Anna +3" in answer.text
    assert "This removes the last entry: points only (Anna +3)." in answer.text
    assert snapshot(table) == before


def test_rename_and_a_name_that_is_taken(phone: Phone, table: Path) -> None:
    copy = table.parent / "copy.yaml"
    shutil.copy(table / "gin.yaml", copy)
    more = f"/s/{phone.sheet_id('gin.yaml')}/more"
    url = more + "/rename"
    fields = form_of(phone.get(more).text, url)
    before = snapshot(table)
    clash = phone.post(url, {**fields, "player": "Anna", "new": "boris"})
    assert clash.status_code == 422
    assert "Boris is already a player of this sheet" in clash.text
    assert 'id="err-rename-new"' in clash.text and 'value="boris"' in clash.text
    bad = phone.post(url, {**fields, "player": "Anna", "new": "a=b"})
    assert bad.status_code == 422 and "which cannot be in a name" in bad.text
    nobody = phone.post(url, {**fields, "new": "Zoe"})
    assert nobody.status_code == 422 and 'id="err-rename"' in nobody.text
    assert snapshot(table) == before
    done = phone.post(url, {**fields, "player": "Boris", "new": "Borys"}, follow_redirects=False)
    assert done.status_code == 303
    ok("rename", str(copy), "Boris", "Borys")
    assert (table / "gin.yaml").read_bytes() == copy.read_bytes()


def test_a_player_out_re_enters_with_the_cost_shown_first(phone: Phone, table: Path) -> None:
    copy = table.parent / "copy.yaml"
    shutil.copy(table / "bridge.yaml", copy)
    more = f"/s/{phone.sheet_id('bridge.yaml')}/more"
    page = phone.get(more).text
    assert "Boris: pays 3 to the pool, restarts at 80" in page
    assert "money so far: -6.00 → -12.00" in page
    assert "Boris re-enters" in page and "Anna re-enters" not in page
    url = more + "/reenter"
    done = phone.post(url, form_of(page, url), follow_redirects=False)
    assert done.status_code == 303
    ok("add", str(copy), "--reenter", "Boris")
    assert (table / "bridge.yaml").read_bytes() == copy.read_bytes()
    assert "Boris re-enters" not in phone.get(more).text.split('id="reenter-h"')[1]


def test_no_re_entry_where_nobody_is_put_out(phone: Phone) -> None:
    page = phone.get(f"/s/{phone.sheet_id('gin.yaml')}/more").text
    assert "Re-entry" not in page and "/more/reenter" not in page


# --- a new sheet ----------------------------------------------------------------------------------


def _new_file(folder: Path, before: dict[str, bytes]) -> Path:
    made = [p for p in folder.iterdir() if p.name not in before]
    assert len(made) == 1, made
    return made[0]


@pytest.mark.parametrize("variant", [v.name for v in VARIANTS])
def test_every_variant_can_be_started(tmp_path: Path, variant: str) -> None:
    folder = tmp_path / "pad"
    folder.mkdir()
    phone = join(*make_pad(folder))
    start = phone.get("/new").text
    assert f'href="/new?variant={variant}"' in start
    url = f"/new?variant={variant}"
    fields = form_of(phone.get(url).text, "/new")
    rules = next(v for v in VARIANTS if v.name == variant).rules
    names = ["Anna", "Boris", "Carl", "Dora"][: max(2, rules.players_min)]
    fields["players"] = names + [""] * (len(fields["players"]) - len(names))
    answer = phone.post("/new", fields, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    made = _new_file(folder, {})
    assert re.fullmatch(rf"{variant}-\d{{4}}-\d\d-\d\d\.yaml", made.name)
    assert answer.headers["location"] == f"/s/{phone.sheet_id(made.name)}"
    ok("new", str(tmp_path / "cli.yaml"), "-v", variant, "--players", ",".join(names))
    assert made.read_bytes() == (tmp_path / "cli.yaml").read_bytes()
    assert phone.get(answer.headers["location"]).status_code == 200


def test_a_new_sheet_with_every_setting_is_what_remikcalc_new_writes(
    tmp_path: Path, phone: Phone, table: Path
) -> None:
    before = snapshot(table)
    fields = form_of(phone.get("/new?variant=gin").text, "/new")
    assert 'value="pagat"' in phone.get("/new?variant=gin").text
    fields.update(
        players=["Anna, Boris"],
        preset="pagat",
        stake="0,10",
        currency="pln",
        title="Friday at Anna's",
        rules="game_target=150\n\nknock_limit=8\n",
    )
    answer = phone.post("/new", fields, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    made = _new_file(table, before)
    ok(
        "new",
        str(tmp_path / "cli.yaml"),
        "-v",
        "gin",
        "--players",
        "Anna,Boris",
        "--preset",
        "pagat",
        "--stake",
        "0,10",
        "--currency",
        "pln",
        "--title",
        "Friday at Anna's",
        "--rule",
        "game_target=150",
        "--rule",
        "knock_limit=8",
    )
    assert made.read_bytes() == (tmp_path / "cli.yaml").read_bytes()
    again = phone.post("/new", fields, follow_redirects=False)  # the same form twice
    assert again.headers["location"] == answer.headers["location"]
    assert len(snapshot(table)) == len(before) + 1


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"players": ["Anna", ""]}, "players", "gin is played by 2 players, not 1"),
        ({"players": ["Anna", "anna"]}, "players", "a player is named twice"),
        ({"players": ["Anna", "B|b"]}, "players", "which cannot be in a name"),
        ({"stake": "-1"}, "stake", "is negative"),
        ({"stake": "abc"}, "stake", "abc"),
        ({"currency": "x" * 13}, "currency", "longer than 12 characters"),
        ({"rules": "no_such_rule=1"}, "rules", "no_such_rule"),
        ({"rules": "game_target=abc"}, "rules", "game_target"),
        ({"preset": "nope"}, "preset", "unknown preset"),
    ],
)
def test_a_refused_new_sheet_names_the_field_and_keeps_the_input(
    phone: Phone, table: Path, changes: dict[str, Any], field: str, words: str
) -> None:
    before = snapshot(table)
    fields = form_of(phone.get("/new?variant=gin").text, "/new")
    fields.update({"players": ["Anna", "Boris"], "title": "Evening", **changes})
    answer = phone.post("/new", fields)
    assert answer.status_code == 422
    error = re.search(rf'<p class="field-error" id="err-{field}"[^>]*>(.*?)</p>', answer.text)
    assert error is not None, page_main(answer.text)
    assert words in error.group(1).replace("&#39;", "'")
    assert 'value="Evening"' in answer.text  # what was typed is kept
    assert snapshot(table) == before


def test_a_refusal_of_a_new_sheet_speaks_the_phones_language(phone: Phone) -> None:
    phone.client.cookies.set("remikcalc_lang", "pl")
    fields = form_of(phone.get("/new?variant=gin").text, "/new")
    answer = phone.post("/new", {**fields, "players": ["Anna", "anna"]})
    assert answer.status_code == 422
    from remikcalc.base.i18n import _, in_language

    with in_language("pl"):
        expected = _("a player is named twice")
    assert expected != "a player is named twice" and expected in answer.text


def test_an_unknown_variant_is_named_on_the_first_step(phone: Phone) -> None:
    answer = phone.get("/new?variant=chess")
    assert answer.status_code == 200 and "unknown variant" in answer.text
    assert 'href="/new?variant=bridge"' in answer.text


# --- names from the file are text, everywhere -----------------------------------------------------


def test_a_script_for_a_name_is_escaped_on_every_page(tmp_path: Path) -> None:
    book = remikcalc.new_sheet(
        tmp_path / "x.yaml", variant="bridge", players=["Anna", SCRIPT, "Carl"], stake="1"
    )
    book.add({"closer": "Anna", "scores": {"Anna": -10, SCRIPT: 105, "Carl": 40}})
    phone = join(*make_pad(tmp_path))
    sid = phone.sheet_id("x.yaml")
    url = f"/s/{sid}/deal/1"
    pages = [
        phone.get(url),
        preview(phone, url, **{"scores.1": "30"}),
        preview(phone, url, **{"scores.1": "x"}),  # refused: the library's message
        phone.get(url + "?mode=hands"),
        phone.get(url + "/delete"),
        phone.get(f"/s/{sid}/more"),
        phone.post(
            f"/s/{sid}/more/rename",
            {
                **form_of(phone.get(f"/s/{sid}/more").text, f"/s/{sid}/more/rename"),
                "player": SCRIPT,
                "new": "Anna",
            },
        ),
        phone.post("/new", {"variant": "gin", "players": [SCRIPT, "a=b"], "key": "x1"}),
    ]
    fields = form_of(phone.get(url).text, url)
    book.add({"reenter": SCRIPT})
    pages.append(phone.post(url, {**fields, "do": "preview"}))  # stale: the new entry shown
    assert pages[-1].status_code == 409
    for answer in pages:
        assert SCRIPT not in answer.text, answer.url
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in answer.text, answer.url


def test_fields_for_seats_that_are_not_there_are_left_aside(phone: Phone, table: Path) -> None:
    before = snapshot(table)
    url = edit_url(phone, "gin.yaml", 2)
    fields = form_of(phone.get(url).text, url)
    answer = phone.post(url, {**fields, "closer": "7", "scores.9": "5", "do": "preview"})
    assert answer.status_code == 200  # unknown seats are left aside: the deal as typed
    assert "Nothing changes" in answer.text
    assert snapshot(table) == before


def test_saved_sheets_load_again(phone: Phone, table: Path) -> None:
    url = edit_url(phone, "bridge.yaml", 1)
    shown = preview(phone, url, **{"scores.2": "20"})
    assert save(phone, url, shown).status_code == 303
    state = SheetFile(table / "bridge.yaml").replay()
    assert state.steps[0].totals == {"Anna": -10, "Boris": 60, "Carl": 20}
    assert run("show", str(table / "bridge.yaml")).exit_code == 0


@pytest.mark.parametrize(
    "changes",
    [
        {"scores.0": ""},
        {"scores.0": "", "draw": "on"},
        {"scores.0": "1e9999"},
        {"scores.0": "-0", "how": "nonsense"},
        {"closer": "0", "how": "big_gin"},
        {"mode": "hands"},
        {"mode": "hands", "hands.0": "ZZ 9X |||", "hands.1": "AS AS"},
        {"mode": "hands", "hands.0": "\u0000", "upcard": "KH", "plus": "-3"},
    ],
)
def test_whatever_is_typed_the_answer_is_a_page_and_the_file_is_kept(
    phone: Phone, table: Path, changes: dict[str, str]
) -> None:
    before = snapshot(table)
    url = edit_url(phone, "gin.yaml", 2)
    fields = {**form_of(phone.get(url).text, url), **changes}
    for do in ("preview", "save"):
        answer = phone.post(url, {**fields, "do": do})
        assert answer.status_code in (200, 422), answer.text
    assert snapshot(table) == before


@pytest.mark.parametrize(
    ("page", "action", "changes"),
    [
        ("deal/1/delete", "deal/1/delete", {}),
        ("more", "more/rename", {"player": "Carl", "new": "Karl"}),
        ("more", "more/reenter", {}),
    ],
)
def test_every_write_from_an_older_version_is_409_and_writes_nothing(
    phone: Phone, table: Path, page: str, action: str, changes: dict[str, str]
) -> None:
    base = f"/s/{phone.sheet_id('bridge.yaml')}"
    fields = {**form_of(phone.get(f"{base}/{page}").text, f"{base}/{action}"), **changes}
    ok(
        "add",
        str(table / "bridge.yaml"),
        "--closer",
        "Anna",
        "--score",
        "Anna=-10",
        "--score",
        "Carl=7",
    )
    before = snapshot(table)
    answer = phone.post(f"{base}/{action}", fields)
    assert answer.status_code == 409
    assert "Anna -10, Carl +7" in answer.text  # the new deal
    if "new" in changes:
        assert 'value="Karl"' in answer.text  # the input kept
    assert snapshot(table) == before


# --- a new sheet from several phones at once --------------------------------------------------


def _at_once(count: int, send: Any) -> list[Any]:
    """``send(i)`` from ``count`` threads released together; the answers in order."""
    import threading

    barrier = threading.Barrier(count)
    answers: list[Any] = [None] * count

    def one(i: int) -> None:
        barrier.wait()
        answers[i] = send(i)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


@pytest.mark.parametrize("taps", [2, 8])
def test_start_a_sheet_sent_several_times_at_once_makes_one_sheet(
    tmp_path: Path, taps: int
) -> None:
    # a double tap, or a form sent again while the first is still being written
    app, config = make_pad(tmp_path)
    phones = [join(app, config) for _ in range(taps)]
    fields = form_of(phones[0].get("/new?variant=gin").text, "/new")
    fields["players"] = ["Anna", "Boris"]
    answers = _at_once(taps, lambda i: phones[i].post("/new", fields, follow_redirects=False))
    assert [a.status_code for a in answers] == [303] * taps
    assert len({a.headers["location"] for a in answers}) == 1
    assert len(list(tmp_path.glob("gin-*.yaml"))) == 1


def test_ten_phones_starting_sheets_at_once_each_get_one(tmp_path: Path) -> None:
    # the same game on the same day: ten free names, none refused as taken
    app, config = make_pad(tmp_path)
    phones = [join(app, config) for _ in range(10)]
    forms = [form_of(p.get("/new?variant=gin").text, "/new") for p in phones]
    for i, fields in enumerate(forms):
        fields["players"] = [f"Anna{i}", "Boris"]
    answers = _at_once(10, lambda i: phones[i].post("/new", forms[i], follow_redirects=False))
    assert [a.status_code for a in answers] == [303] * 10, [a.text[:200] for a in answers]
    made = sorted(tmp_path.glob("gin-*.yaml"))
    assert len(made) == 10
    players = {remikcalc.open_sheet(p).replay().sheet.players[0] for p in made}
    assert players == {f"Anna{i}" for i in range(10)}


# --- in a browser: the edit page on a phone (Playwright driving Debian's chromium) ----------------


@pytest.fixture
def served_table(table: Path) -> Any:
    """The table's sheets served by a real ``remikcalc serve``."""
    server = start_server(table)
    yield server
    stop_server(server)


def _joined(browser: Any, server: Any, width: int, lang: str, **options: Any) -> Any:
    page = browser_phone(browser, width, lang, **options)
    page.goto(server.join)
    return page


def _sheet_of(browser: Any, server: Any, name: str) -> str:
    """The pad's id of sheet ``name``, asked by a phone of its own (with JavaScript)."""
    page = _joined(browser, server, 412, "en")
    sheets = page.evaluate("fetch('/api/sheets').then(r => r.json())")["sheets"]
    page.context.close()
    return str(next(s["id"] for s in sheets if s["name"] == name))


@pytest.mark.slow
@pytest.mark.parametrize(("width", "lang"), [(360, "en"), (412, "pl"), (360, "ru")])
def test_in_a_browser_one_card_of_a_tapped_deal_is_changed_in_four_taps_and_save(
    browser: Any, served_table: Any, table: Path, width: int, lang: str
) -> None:
    from playwright.sync_api import expect

    page = _joined(browser, served_table, width, lang)
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    sheet = _sheet_of(browser, served_table, "hands.yaml")
    page.goto(f"{served_table.base}/s/{sheet}")
    taps: list[str] = []

    def tap(what: Any, name: str) -> None:
        taps.append(name)
        what.click()

    tap(page.locator(f"a[href='/s/{sheet}/deal/1']"), "open deal 1")
    page.wait_for_url(f"**/s/{sheet}/deal/1")
    no_sideways_scroll(page)
    tap(page.locator('.step-list [data-step-tab="1"]:visible'), "Boris's step")
    boris = page.locator('[data-grid="1"]')
    expect(boris.locator('.card[data-code="3H"]')).to_have_class(re.compile(r"\bon\b"))
    shot(page, f"edit-by-tap-{lang}-{width}-boris")
    tap(boris.locator('.card[data-code="3H"]'), "3H off")
    with previewed(page, "tap.1=3S"):  # the dry run of the deal as it is now
        tap(boris.locator('.card[data-code="3S"]'), "3S on")
    expect(page.locator("#look-1")).to_contain_text("55")  # A-2-3S a run: Boris's 61 is 55
    expect(page.locator('[data-tab-count="1"]:visible')).to_have_text("55")
    expect(page.locator("#look-deal")).to_contain_text("53")  # Anna's 59 is 53
    save = page.locator("button[data-corr-save]")
    expect(save).to_be_visible()
    no_sideways_scroll(page)
    shot(page, f"edit-by-tap-{lang}-{width}-changes")
    assert len(taps) <= 4, taps
    save.click()
    page.wait_for_url(f"**/s/{sheet}")
    entry = remikcalc.open_sheet(table / "hands.yaml").replay().sheet.entries[0]
    assert isinstance(entry, DealEntry) and entry.hands is not None
    assert sorted(str(entry.hands["Boris"]).split()) == sorted(GIN_DEFENCE_BORIS_RUN.split())
    assert problems == []
    page.context.close()


@pytest.mark.slow
def test_in_a_browser_without_javascript_a_tapped_deal_and_a_minus_are_corrected(
    browser: Any, served_table: Any, table: Path
) -> None:
    from playwright.sync_api import expect

    page = _joined(browser, served_table, 360, "pl", java_script_enabled=False)
    sheet = _sheet_of(browser, served_table, "hands.yaml")
    page.goto(f"{served_table.base}/s/{sheet}/deal/1")
    page.locator('.step-list [data-step-tab="1"]:visible').click()  # a link: CSS shows the step
    boris = page.locator('[data-grid="1"]')
    expect(boris).to_be_visible()
    expect(page.locator('[data-grid="0"]')).to_be_hidden()
    boris.locator('.card[data-code="3H"]').click()
    boris.locator('.card[data-code="3S"]').click()
    page.locator('button[value="preview"]').click()
    expect(page.locator("#look-deal")).to_contain_text("53")
    expect(page.locator('section.step.current[id="step-1"]')).to_be_visible()  # where it changed
    shot(page, "edit-by-tap-nojs-pl-360")
    page.locator("button[data-corr-save]").click()
    page.wait_for_url(f"**/s/{sheet}")
    entry = remikcalc.open_sheet(table / "hands.yaml").replay().sheet.entries[0]
    assert isinstance(entry, DealEntry) and entry.hands is not None
    assert sorted(str(entry.hands["Boris"]).split()) == sorted(GIN_DEFENCE_BORIS_RUN.split())
    # a bridge loser's points: the minus typed, on the full keyboard; the ± key needs the script
    bridge = _sheet_of(browser, served_table, "bridge.yaml")
    page.goto(f"{served_table.base}/s/{bridge}/deal/1")
    expect(page.locator('[data-sign="f-scores.0"]')).to_be_hidden()
    page.locator('[id="f-scores.0"]').fill("-15")
    page.locator('button[value="preview"]').click()
    expect(page.locator(".consequences")).to_contain_text("-15")
    page.locator("button[data-corr-save]").click()
    page.wait_for_url(f"**/s/{bridge}")
    entry = remikcalc.open_sheet(table / "bridge.yaml").replay().sheet.entries[0]
    assert isinstance(entry, DealEntry) and entry.scores == {"Anna": -15, "Boris": 60, "Carl": 40}
    page.context.close()


@pytest.mark.slow
@pytest.mark.parametrize(("width", "lang"), [(360, "pl"), (412, "ru")])
def test_in_a_browser_a_points_edit_has_the_sign_key_and_shows_what_it_changes(
    browser: Any, served_table: Any, table: Path, width: int, lang: str
) -> None:
    from playwright.sync_api import expect

    bridge = _sheet_of(browser, served_table, "bridge.yaml")
    page = _joined(browser, served_table, width, lang)
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(f"{served_table.base}/s/{bridge}/deal/1")
    field = page.locator('[id="f-scores.0"]')
    expect(field).to_have_attribute("inputmode", "numeric")  # the digits pad, the ± beside it
    sign = page.locator('[data-sign="f-scores.0"]')
    expect(sign).to_be_visible()
    with previewed(page, "scores.0=-15"):  # the dry run of the deal as it is now
        field.fill("15")
        sign.click()
    expect(field).to_have_value("-15")
    expect(page.locator("#look-deal")).to_contain_text("-15")
    no_sideways_scroll(page)
    shot(page, f"edit-points-{lang}-{width}")
    page.locator("button[data-corr-save]").click()
    page.wait_for_url(f"**/s/{bridge}")
    entry = remikcalc.open_sheet(table / "bridge.yaml").replay().sheet.entries[0]
    assert isinstance(entry, DealEntry) and entry.scores == {"Anna": -15, "Boris": 60, "Carl": 40}
    assert problems == []
    page.context.close()
