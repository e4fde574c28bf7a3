"""The deal entered together (``/s/ID/draft``; docs/INTERFACE.md, "The score pad"): each player
enters their own hand on their own phone into a shared draft, which anyone confirms once every
hand it needs is in.

What it guards: a seat is one phone's (another phone takes it over only by asking, and the
first is told); a player who is out is told so and offered no seat; every phone follows the
draft by server-sent events and moves on by itself to the next deal's draft after Confirm; the
shared part shows the deal's dry run (scores and totals, no cards); a draw that scores nothing
is confirmed at once; and no answer to one phone holds another player's cards, not even as
cards greyed out in a one-pack grid.

Under Starlette's TestClient against real sheet files (a deal confirmed is byte for byte what
``remikcalc add`` writes), the stream through a real socket, and four phones in Chromium
(tests/browser.py) at 360 and 412 px in English, Polish and Russian. With REMIKCALC_SHOTS set,
the browser tests leave their screenshots there, and the taps and the time from Confirm to
every phone showing the next draft in ``draft-figures-*.json`` (measured, never asserted).
"""

from __future__ import annotations

import html
import json
import re
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import remikcalc
from remikcalc.cards.notation import parse_cards
from remikcalc.cards.text import card_text
from remikcalc.web.deal_form import SeatHand
from remikcalc.web.entry_draft import MAX_DRAFTS, Drafts, Seats
from tests.browser import (
    SHOTS,
    Server,
    browser,
    no_sideways_scroll,
    shot,
    start_server,
    stop_server,
)
from tests.browser import phone as browser_phone
from tests.clirun import ok
from tests.hands import (
    BRIDGE_KNOCK_2,
    BRIDGE_LOSER_15,
    BRIDGE_LOSER_23,
    BRIDGE_LOSER_31,
    GIN_DEFENCE_BORIS,
    GIN_KNOCK_ANNA,
)
from tests.padkit import Phone, folder, hidden, join, make_pad, pad, phone, running_pad  # noqa: F401
from tests.sheets import SheetMaker
from tests.test_web_entry import checked, copy_sheet, deal_form, hand_form, i_am, in_grid_order

__all__ = ["browser", "folder", "pad", "phone"]

GIN = {"Anna": GIN_KNOCK_ANNA, "Boris": GIN_DEFENCE_BORIS}


@pytest.fixture
def table(tmp_path: Path) -> Path:
    """A folder for the pad, and beside it one for the command line's copies."""
    (tmp_path / "pad").mkdir()
    (tmp_path / "cli").mkdir()
    return tmp_path


def save_hand(phone: Phone, sheet: str, seat: int, cards: str, do: str = "save") -> Any:
    """Save ``cards`` typed as this phone's hand (``do=closer``: and say it closed)."""
    fields = {**hand_form(phone, sheet), f"hands.{seat}": cards, "do": do}
    return phone.post(f"/s/{sheet}/draft/hand", fields, follow_redirects=False)


def shown_closer(phone: Phone, sheet: str) -> str:
    """The closer the deal's part of the draft shows chosen."""
    html = phone.get(f"/s/{sheet}/draft").text
    found = re.search(r'name="closer" value="(\d*)" checked', html)
    return found.group(1) if found else ""


# --- two phones, one deal ------------------------------------------------------------------------


def test_two_phones_enter_their_own_hands_and_one_confirms(
    sheet_file: SheetMaker, table: Path
) -> None:
    mine = sheet_file("pad/gin.yaml", "gin", ["Anna", "Boris"])
    theirs = copy_sheet(mine, table / "cli" / "gin.yaml")
    app, config = make_pad(table / "pad")
    anna, boris = join(app, config), join(app, config)
    sheet = anna.sheet_id("gin.yaml")
    assert "Who are you?" in anna.get(f"/s/{sheet}/draft").text
    i_am(anna, sheet, 0)
    i_am(boris, sheet, 1)
    assert "You are Anna." in anna.get(f"/s/{sheet}/draft").text
    assert "You are Boris." in boris.get(f"/s/{sheet}/draft").text
    # Anna taps most of her hand and types the rest
    taps = in_grid_order("gin", "9C 9D 9H 5S 6S 7S")
    saved = anna.post(
        f"/s/{sheet}/draft/hand",
        {**hand_form(anna, sheet), "tap.0": taps, "hands.0": "KD KH KS 2C", "do": "save"},
        follow_redirects=False,
    )
    assert saved.status_code == 303 and saved.headers["location"] == f"/s/{sheet}/draft"
    page = boris.get(f"/s/{sheet}/draft").text
    assert "Anna: entered ✓" in page and "Boris: waiting" in page
    # Boris's phone never receives Anna's cards: no taps, nothing typed, no arrangement of hers
    assert checked(page, "tap.0") == [] and 'name="tap.0"' not in page
    assert "KD KH KS 2C" not in page and "9C 9D 9H" not in page
    assert "KD KH KS" not in boris.get(f"/s/{sheet}/draft/state").text
    # ... nor the cards she holds greyed out in his grid: in one pack that would give them away
    assert re.search(r'name="tap.1" value="9C" aria-label="[^"]*">', page)
    assert " taken" not in page and 'data-fixed="1"' not in page
    state = boris.get(f"/s/{sheet}/draft/state").json()
    assert [p["entered"] for p in state["players"]] == [True, False]
    assert "taken" not in state
    # confirming too early names whom it waits for
    early = boris.post(
        f"/s/{sheet}/draft/deal", {**deal_form(boris, sheet), "closer": "0", "do": "confirm"}
    )
    assert early.status_code == 422 and "Still waiting for the hands of: Boris" in early.text
    # Anna changes her hand before confirmation: the draft keeps the last one
    anna.post(
        f"/s/{sheet}/draft/hand",
        {**hand_form(anna, sheet), "tap.0": taps, "hands.0": "KD KH KS 3C", "do": "save"},
    )
    anna.post(
        f"/s/{sheet}/draft/hand",
        {**hand_form(anna, sheet), "tap.0": taps, "hands.0": "KD KH KS 2C", "do": "save"},
    )
    boris_taps = in_grid_order("gin", GIN["Boris"])
    boris.post(
        f"/s/{sheet}/draft/hand",
        {**hand_form(boris, sheet), "tap.1": boris_taps, "tap.0": ["QS"], "do": "save"},
    )
    page = anna.get(f"/s/{sheet}/draft").text
    assert "Boris: entered ✓" in page and "AS 2S 3H" not in page
    before = mine.read_bytes()
    done = anna.post(
        f"/s/{sheet}/draft/deal",
        {**deal_form(anna, sheet), "closer": "0", "do": "confirm"},
        follow_redirects=False,
    )
    # saved: the phone goes on to the next deal's draft
    assert done.status_code == 303 and done.headers["location"] == f"/s/{sheet}/draft"
    assert mine.read_bytes() != before
    ok(
        "add",
        str(theirs),
        "--closer",
        "Anna",
        "Anna=" + " ".join(taps) + " KD KH KS 2C",
        "Boris=" + " ".join(boris_taps),
    )
    assert mine.read_bytes() == theirs.read_bytes()  # Boris's stray c0 was not his to send
    assert boris.get(f"/s/{sheet}/draft/state").json()["open"] is False


def test_a_stale_draft_is_409_and_kept_until_entered_after_the_new_deals(
    sheet_file: SheetMaker, table: Path
) -> None:
    mine = sheet_file("pad/gin.yaml", "gin", ["Anna", "Boris"])
    app, config = make_pad(table / "pad")
    anna, boris = join(app, config), join(app, config)
    sheet = anna.sheet_id("gin.yaml")
    i_am(anna, sheet, 0)
    i_am(boris, sheet, 1)
    save_hand(anna, sheet, 0, GIN["Anna"])
    save_hand(boris, sheet, 1, GIN["Boris"])
    form = deal_form(anna, sheet)
    remikcalc.open_sheet(mine).add({"scores": {"Boris": 5}})  # a deal from a terminal
    before = mine.read_bytes()
    stale = anna.post(f"/s/{sheet}/draft/deal", {**form, "closer": "0", "do": "confirm"})
    assert stale.status_code == 409 and "Boris +5" in stale.text
    assert mine.read_bytes() == before
    assert anna.get(f"/s/{sheet}/draft/state").json()["open"] is True  # the draft is kept
    page = anna.get(f"/s/{sheet}/draft").text
    assert "The sheet has changed since this draft was started" in page
    rebase = page.split("The sheet has changed", 1)[1]
    fields = {name: hidden(rebase, name) for name in ("_form", "version", "key", "deals")}
    anna.post(f"/s/{sheet}/draft/deal", {**fields, "do": "rebase"})
    done = anna.post(
        f"/s/{sheet}/draft/deal",
        {**deal_form(anna, sheet), "closer": "0", "do": "confirm"},
        follow_redirects=False,
    )
    assert done.status_code == 303
    assert len(remikcalc.open_sheet(mine).replay().steps) == 2


def test_a_hand_saved_into_a_draft_that_was_confirmed_meanwhile_is_409(
    sheet_file: SheetMaker, table: Path
) -> None:
    sheet_file("pad/gin.yaml", "gin", ["Anna", "Boris"])
    app, config = make_pad(table / "pad")
    anna, boris = join(app, config), join(app, config)
    sheet = anna.sheet_id("gin.yaml")
    i_am(anna, sheet, 0)
    i_am(boris, sheet, 1)
    old = hand_form(boris, sheet)  # Boris opened the page before the deal was saved
    save_hand(anna, sheet, 0, GIN["Anna"])
    save_hand(boris, sheet, 1, GIN["Boris"])
    anna.post(f"/s/{sheet}/draft/deal", {**deal_form(anna, sheet), "closer": "0", "do": "confirm"})
    late = boris.post(f"/s/{sheet}/draft/hand", {**old, "hands.1": "AS 2S", "do": "save"})
    assert late.status_code == 409 and 'value="AS 2S"' in late.text
    assert boris.get(f"/s/{sheet}/draft/state").json()["open"] is False


def test_a_draft_form_address_opened_as_a_page_leads_to_the_draft(phone: Phone) -> None:
    sheet = phone.sheet_id("gin.yaml")
    for form in ("hand", "deal", "me"):  # e.g. a language chosen on a refusal page
        answer = phone.get(f"/s/{sheet}/draft/{form}", follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == f"/s/{sheet}/draft"
    assert phone.get(f"/s/{sheet}/draft/state").json()["open"] is False


def test_drafts_are_bounded() -> None:
    drafts = Drafts()
    for n in range(MAX_DRAFTS + 10):
        assert drafts.put_hand(f"s{n}", "v", ("v", 0), 0, SeatHand(typed="AS")) is not None
    assert len(drafts) == MAX_DRAFTS
    assert drafts.get("s0") is None and drafts.get(f"s{MAX_DRAFTS + 9}") is not None
    assert drafts.put_hand("s1x", "old", ("new", 1), 0, SeatHand(typed="AS")) is None


# --- the closer, the preview, the next deal ------------------------------------------------------


def test_the_closers_own_save_names_them_and_every_phone_sees_the_deal_it_will_record(
    sheet_file: SheetMaker, table: Path
) -> None:
    mine = sheet_file("pad/gin.yaml", "gin", ["Anna", "Boris"])
    theirs = copy_sheet(mine, table / "cli" / "gin.yaml")
    app, config = make_pad(table / "pad")
    anna, boris = join(app, config), join(app, config)
    sheet = anna.sheet_id("gin.yaml")
    i_am(anna, sheet, 0)
    i_am(boris, sheet, 1)
    assert "Save: I knocked" in anna.get(f"/s/{sheet}/draft").text  # gin's word for closing
    assert save_hand(anna, sheet, 0, GIN["Anna"], do="closer").status_code == 303
    assert shown_closer(boris, sheet) == "0"  # the knocker, for every phone
    # not every hand in: no preview yet, nor the "who knocked?" question
    assert "Can't score this deal yet" not in boris.get(f"/s/{sheet}/draft").text
    save_hand(boris, sheet, 1, GIN["Boris"])
    page = boris.get(f"/s/{sheet}/draft").text
    # the dry run: Anna knocks with 2 against Boris's 61, so she scores 59; no count, no card
    look = page.split('id="look-deal"', 1)[1].split("</section>", 1)[0]
    assert "Anna knocked; Anna wins the deal" in look
    # what the deal will record: Anna collects +59, the new totals 59 and 0; of the hands,
    # only what every phone may see (no count, no card: the record's only column is the total)
    assert re.search(r'"who">Anna</span> <span class="score">\+59<', look)
    assert re.search(r'"who">Anna</span>.*?new-total">59<.*?"who">Boris</span>.*?>0<', look, re.S)
    assert set(re.findall(r"<dt>([^<]*)</dt>", look)) == {"Total"}
    assert "2C" not in look and "61" not in look
    done = boris.post(
        f"/s/{sheet}/draft/deal",
        {**deal_form(boris, sheet), "closer": shown_closer(boris, sheet), "do": "confirm"},
        follow_redirects=False,
    )
    assert done.status_code == 303
    ok("add", str(theirs), "--closer", "Anna", f"Anna={GIN['Anna']}", f"Boris={GIN['Boris']}")
    assert mine.read_bytes() == theirs.read_bytes()
    # the next deal's draft: the sheet as it is now on top, every hand waiting again
    page = anna.get(f"/s/{sheet}/draft").text
    now = page.split('class="sheet-now"', 1)[1].split("</section>", 1)[0]
    assert "Deal 1: Anna knocked" in now and ">59<" in now
    assert "Anna: waiting" in page and "Boris: waiting" in page
    assert shown_closer(anna, sheet) == "" and checked(page, "tap.0") == []


def test_the_who_closed_question_goes_once_a_phone_picks_the_closer(
    sheet_file: SheetMaker, table: Path
) -> None:
    sheet_file("pad/gin.yaml", "gin", ["Anna", "Boris"])
    app, config = make_pad(table / "pad")
    anna, boris = join(app, config), join(app, config)
    sheet = anna.sheet_id("gin.yaml")
    i_am(anna, sheet, 0)
    i_am(boris, sheet, 1)
    save_hand(anna, sheet, 0, GIN["Anna"])  # "Save my hand": nobody named the knocker
    save_hand(boris, sheet, 1, GIN["Boris"])

    def look(one: Phone) -> str:
        page = html.unescape(one.get(f"/s/{sheet}/draft").text)
        return page.split('id="look-deal"', 1)[1].split("</section>", 1)[0]

    assert "Can't score this deal yet" in look(anna) and 'class="problem"' in look(boris)
    anna.post(f"/s/{sheet}/draft/deal", {**deal_form(anna, sheet), "closer": "0", "do": "set"})
    for one in (anna, boris):  # the dry run again, for every phone: no question left
        shown = look(one)
        assert 'class="problem"' not in shown and "Anna knocked; Anna wins the deal" in shown


def test_a_confirm_does_not_undo_a_choice_its_page_was_not_shown(
    sheet_file: SheetMaker, table: Path
) -> None:
    mine = sheet_file("pad/gin.yaml", "gin", ["Anna", "Boris"])
    app, config = make_pad(table / "pad")
    anna, boris = join(app, config), join(app, config)
    sheet = anna.sheet_id("gin.yaml")
    i_am(anna, sheet, 0)
    i_am(boris, sheet, 1)
    save_hand(anna, sheet, 0, GIN["Anna"])
    save_hand(boris, sheet, 1, GIN["Boris"])
    seen = deal_form(anna, sheet)  # Anna's page, before Boris says it was him
    boris.post(f"/s/{sheet}/draft/deal", {**deal_form(boris, sheet), "closer": "1", "do": "set"})
    before = mine.read_bytes()
    late = anna.post(f"/s/{sheet}/draft/deal", {**seen, "closer": "0", "do": "confirm"})
    assert late.status_code == 409
    assert "The deal was changed on another phone meanwhile" in late.text
    assert mine.read_bytes() == before and shown_closer(anna, sheet) == "1"
    # the same choice from that page is no change: it is confirmed (and refused for its own
    # reason: Boris cannot knock with 61)
    again = anna.post(f"/s/{sheet}/draft/deal", {**seen, "closer": "1", "do": "confirm"})
    assert again.status_code == 422 and mine.read_bytes() == before


# --- a seat is one phone's -----------------------------------------------------------------------


def test_a_seat_is_one_phones_and_another_takes_it_over_only_by_asking(
    sheet_file: SheetMaker, table: Path
) -> None:
    sheet_file("pad/gin.yaml", "gin", ["Anna", "Boris"])
    app, config = make_pad(table / "pad")
    anna, vera = join(app, config), join(app, config)
    sheet = anna.sheet_id("gin.yaml")
    i_am(anna, sheet, 0)
    save_hand(anna, sheet, 0, GIN["Anna"])
    # Vera's phone says "I am Anna": asked first, shown nothing of Anna's hand
    asked = vera.post(f"/s/{sheet}/draft/me", {"who": "0"}, follow_redirects=False)
    assert asked.status_code == 303 and asked.headers["location"] == f"/s/{sheet}/draft?ask=0"
    page = html.unescape(vera.get(asked.headers["location"]).text)
    assert "Anna is on another phone" in page and "Take over Anna's seat" in page
    assert "The other phone is told so" in page and 'id="hand-form"' not in page
    assert "9C 9D 9H" not in page and checked(page, "tap.0") == []
    # the list of seats says it too
    assert "on another phone</small>" in vera.get(f"/s/{sheet}/draft").text
    # Anna's phone is still Anna, her hand still hers
    assert "You are Anna." in anna.get(f"/s/{sheet}/draft").text
    assert anna.get(f"/s/{sheet}/draft/state").json()["players"][0]["entered"] is True
    # taken over when asked: Anna's saved hand goes (the new phone never sees it)
    taken = vera.post(f"/s/{sheet}/draft/me", {"who": "0", "take": "1"}, follow_redirects=False)
    assert taken.status_code == 303 and taken.headers["location"] == f"/s/{sheet}/draft"
    page = vera.get(f"/s/{sheet}/draft").text
    assert "You are Anna." in page and checked(page, "tap.0") == [] and "9C 9D 9H" not in page
    assert vera.get(f"/s/{sheet}/draft/state").json()["players"][0]["entered"] is False
    # the first phone is told, and asked who it is; what it sends as Anna is not kept
    page = html.unescape(anna.get(f"/s/{sheet}/draft").text)
    assert "Anna's seat was taken over on another phone." in page
    assert "Who are you?" in page and 'id="hand-form"' not in page
    late = anna.post(
        f"/s/{sheet}/draft/hand",
        {**hand_form(vera, sheet), "hands.0": GIN["Anna"], "do": "save"},
        follow_redirects=False,
    )
    assert late.status_code == 303
    assert anna.get(f"/s/{sheet}/draft/state").json()["players"][0]["entered"] is False
    # a seat left ("Not me") is free: claimed anew, without asking, and without the hand
    save_hand(vera, sheet, 0, GIN["Anna"])
    vera.post(f"/s/{sheet}/draft/me", {"who": ""})
    assert "Who are you?" in vera.get(f"/s/{sheet}/draft").text
    i_am(anna, sheet, 0)
    page = anna.get(f"/s/{sheet}/draft").text
    assert "You are Anna." in page and "9C 9D 9H" not in page and checked(page, "tap.0") == []
    assert anna.get(f"/s/{sheet}/draft/state").json()["players"][0]["entered"] is False


def test_seats_are_claimed_kept_taken_and_left_by_their_secret() -> None:
    seats = Seats()
    first = seats.claim("s", 0, "", take=False)
    assert first is not None and first.startswith("0.")
    assert seats.holder("s", first).seat == 0 and seats.held("s") == {0}
    assert seats.claim("s", 0, first, take=False) == first  # its own already
    assert seats.claim("s", 0, "", take=False) is None  # another phone's
    assert seats.claim("s", 0, "0.not-the-secret", take=False) is None  # a guessed secret
    second = seats.claim("s", 0, "", take=True)
    assert second is not None and second != first
    assert seats.holder("s", first).lost == 0 and seats.holder("s", second).seat == 0
    # claiming another seat leaves the one held; leaving frees it
    third = seats.claim("s", 1, second, take=False)
    assert third is not None and seats.held("s") == {1}
    stamp = seats.stamp("s")
    seats.leave("s", third)
    assert seats.held("s") == frozenset() and seats.stamp("s") != stamp
    for odd in ("", "x", "0", "0.", "a.12345678", "9999.12345678", "0." + "x" * 200):
        assert seats.holder("s", odd).seat is None
    for n in range(MAX_DRAFTS + 5):  # bounded like the drafts
        seats.claim(f"t{n}", 0, "", take=False)
    assert seats.held("t0") == frozenset() and seats.held(f"t{MAX_DRAFTS + 4}") == {0}


def test_a_player_who_is_out_is_told_so_and_offered_no_seat(sheet_file: SheetMaker) -> None:
    # deal 1: Anna knocks, Carl reaches 101 and is out of the game
    knock = {"closer": "Anna", "scores": {"Anna": 0, "Boris": 60, "Carl": 101}}
    path = sheet_file("bridge.yaml", "bridge", "Anna,Boris,Carl", deals=[knock])
    app, config = make_pad(path.parent)
    carl = join(app, config)
    sheet = carl.sheet_id("bridge.yaml")
    page = carl.get(f"/s/{sheet}/draft").text
    assert re.search(r"I am Carl</span><small>out of this game</small>", page)
    i_am(carl, sheet, 2)
    page = carl.get(f"/s/{sheet}/draft").text
    assert "You are Carl." in page and "You are out of this game: nothing to enter." in page
    assert "I am Anna" not in page and 'id="hand-form"' not in page
    assert "Carl: waiting" not in page and "Anna: waiting" in page
    sent = carl.post(
        f"/s/{sheet}/draft/hand",
        {
            **{k: hidden(page, k) for k in ("version", "key", "deals")},
            "hands.2": "AS",
            "do": "save",
        },
        follow_redirects=False,
    )
    assert sent.status_code == 303 and carl.get(f"/s/{sheet}/draft/state").json()["open"] is False


# --- a draw --------------------------------------------------------------------------------------


def test_a_draw_that_scores_nothing_is_confirmed_at_once(
    sheet_file: SheetMaker, table: Path
) -> None:
    mine = sheet_file("pad/bridge.yaml", "bridge", "Anna,Boris,Carl")
    theirs = copy_sheet(mine, table / "cli" / "bridge.yaml")
    sheet_file("pad/rummy.yaml", "rummy", "Anna,Boris")
    app, config = make_pad(table / "pad")
    anna = join(app, config)
    sheet = anna.sheet_id("bridge.yaml")
    i_am(anna, sheet, 0)
    # set first: every phone sees it can be confirmed, and what it records
    anna.post(f"/s/{sheet}/draft/deal", {**deal_form(anna, sheet), "draw": "1", "do": "set"})
    page = anna.get(f"/s/{sheet}/draft").text
    assert "Anna: waiting" not in page and 'id="look-deal"' in page
    assert "Anna: no hand needed" in page and "went out" not in page
    assert anna.get(f"/s/{sheet}/draft/state").json()["ready"] is True
    done = anna.post(
        f"/s/{sheet}/draft/deal",
        {**deal_form(anna, sheet), "draw": "1", "do": "confirm"},
        follow_redirects=False,
    )
    assert done.status_code == 303
    ok("add", str(theirs), "--draw")
    assert mine.read_bytes() == theirs.read_bytes()
    # where a draw scores each hand (rummy: minus the cards left), the hands are waited for
    rummy = anna.sheet_id("rummy.yaml")
    early = anna.post(
        f"/s/{rummy}/draft/deal", {**deal_form(anna, rummy), "draw": "1", "do": "confirm"}
    )
    assert early.status_code == 422 and "Still waiting for the hands of: Anna, Boris" in early.text


# --- no phone is shown another player's cards ----------------------------------------------------


def _texts(cards: str) -> set[str]:
    """``cards`` as every notation writes them (en, pl, ru, unicode)."""
    parsed = parse_cards(cards)
    return {card_text(c, name) for c in parsed for name in ("en", "pl", "ru", "unicode")}


def _holds_none_of(body: str, cards: str) -> None:
    """``body`` (a page, a fragment, JSON) shows none of ``cards``: in the grid of the pack no
    cell of them is tapped, greyed out or counted as held elsewhere, and outside the grid
    (hidden fields, which hold random keys, and the example of a typed hand left aside)
    neither their codes nor their texts in any notation appear."""
    codes = cards.split()
    body = html.unescape(body)
    for cell in re.finditer(
        r'<label class="card([^"]*)" data-code="(\w+)"[^>]*data-fixed="(\d+)">(.*?)</label>',
        body,
        re.DOTALL,
    ):
        classes, code, fixed, inner = cell.groups()
        if code in codes:
            assert " on" not in classes and " taken" not in classes and fixed == "0", code
            assert "checked" not in inner and "disabled" not in inner, code
    rest = re.sub(r'<div class="grid hand-grid".*?</div>', "", body, flags=re.DOTALL)
    rest = re.sub(r'<input type="hidden"[^>]*>', "", rest)
    rest = re.sub(r'placeholder="[^"]*"', "", rest)  # "e.g. 7H 8H 9H | QS QD QC 4C"
    for code in codes:
        assert not re.search(rf"\b{code}\b", rest), code
    for text in _texts(cards):
        assert text not in rest, text


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_no_answer_to_one_phone_holds_another_players_cards(
    sheet_file: SheetMaker, table: Path, lang: str
) -> None:
    sheet_file("pad/gin.yaml", "gin", ["Anna", "Boris"])
    app, config = make_pad(table / "pad")
    speaks = {"accept-language": lang}
    anna, boris = join(app, config, **speaks), join(app, config, **speaks)
    sheet = anna.sheet_id("gin.yaml")
    answers: list[str] = []  # every answer to Boris's phone

    def got(answer: Any) -> Any:
        answers.append(answer.text)
        return answer

    i_am(anna, sheet, 0)
    got(boris.get(f"/s/{sheet}/draft"))
    i_am(boris, sheet, 1)
    save_hand(anna, sheet, 0, GIN["Anna"], do="closer")
    got(boris.get(f"/s/{sheet}/draft"))
    got(boris.get(f"/s/{sheet}/draft/state"))
    # Boris checks a hand holding Anna's 9C: his own check and preview say it of his cards only
    wrong = "9C 2S 3H 4D 5D 8C 8D JC QC TD"
    form = hand_form(boris, sheet)
    got(boris.post(f"/s/{sheet}/draft/hand", {**form, "hands.1": wrong, "do": "check"}))
    got(boris.post(f"/s/{sheet}/draft/preview", {**form, "hands.1": wrong}))
    save_hand(boris, sheet, 1, wrong)
    page = got(boris.get(f"/s/{sheet}/draft")).text  # ready: the dry run refuses 9C twice
    assert "the reason names another player&#39;s cards" in page or lang != "en"
    fields = {**deal_form(boris, sheet), "closer": "0"}
    got(boris.post(f"/s/{sheet}/draft/deal", {**fields, "do": "confirm"}))
    got(boris.post(f"/s/{sheet}/draft/deal", {**fields, "do": "set"}))
    save_hand(boris, sheet, 1, GIN["Boris"])
    got(boris.get(f"/s/{sheet}/draft"))  # ready: the deal it will record, scores only
    got(boris.get(f"/s/{sheet}/draft/state"))
    assert "Anna" in answers[-2] and len(answers) == 10
    theirs = " ".join(c for c in GIN["Anna"].split() if c not in wrong.split())
    for body in answers:
        _holds_none_of(body, theirs)
    # and the other way round: Anna's phone is shown nothing of Boris's hand
    _holds_none_of(anna.get(f"/s/{sheet}/draft").text, GIN["Boris"])


# --- live: the draft's stream --------------------------------------------------------------------


class Stream:
    """The draft's event stream of one sheet, read through a plain socket."""

    def __init__(self, port: int, token: str, path: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}"
            "\r\nAccept: text/event-stream\r\n\r\n".encode()
        )
        self.data = b""

    def next(self, name: str, timeout: float = 10.0) -> dict[str, Any]:
        """The next event called ``name`` (the ones before it are passed over)."""
        pattern = rf"event: {name}\r?\ndata: (.*?)\r?\n\r?\n".encode()
        deadline = time.monotonic() + timeout
        while (found := re.search(pattern, self.data)) is None:
            left = deadline - time.monotonic()
            assert left > 0, f"no {name} event in {self.data!r}"
            self.sock.settimeout(left)
            chunk = self.sock.recv(65536)
            assert chunk, f"the stream ended: {self.data!r}"
            self.data += chunk
        self.data = self.data[found.end() :]
        data: dict[str, Any] = json.loads(found.group(1))
        return data

    def close(self) -> None:
        self.sock.close()


def test_every_phone_hears_of_a_change_to_the_draft_and_of_the_deal_saved(
    sheet_file: SheetMaker, tmp_path: Path
) -> None:
    sheet_file("gin.yaml", "gin", ["Anna", "Boris"])
    with running_pad(tmp_path) as (app, config, port):
        anna, boris = join(app, config), join(app, config)
        sheet = anna.sheet_id("gin.yaml")
        state = anna.get(f"/s/{sheet}/draft/state").json()
        path = f"/s/{sheet}/draft/events?v={state['sheet']}&d={state['live']}"
        stream = Stream(port, config.token, path)
        try:
            i_am(anna, sheet, 0)  # a seat claimed: the list of seats changes
            first = stream.next("draft")["stamp"]
            save_hand(anna, sheet, 0, GIN["Anna"], do="closer")
            second = stream.next("draft")["stamp"]
            assert first != second and "9C" not in str(stream.data)
            i_am(boris, sheet, 1)
            save_hand(boris, sheet, 1, GIN["Boris"])
            fields = {**deal_form(boris, sheet), "closer": "0", "do": "confirm"}
            boris.post(f"/s/{sheet}/draft/deal", fields)
            saved = stream.next("change")
            assert saved["version"] == boris.get(f"/s/{sheet}/draft/state").json()["sheet"]
        finally:
            stream.close()


def test_the_draft_stream_of_a_sheet_not_served_is_404(phone: Phone) -> None:
    assert phone.get("/s/nosuchsheet/draft/events").status_code == 404


# --- in a browser: four phones, one deal ---------------------------------------------------------

#: a remik bridge deal of four: Anna knocks with 2 (A-2-3S, three sevens, three nines, 2C);
#: Boris 23, Vera 15, Gleb 31 left in hand
BRIDGE_DEAL = {
    "Anna": BRIDGE_KNOCK_2,
    "Boris": BRIDGE_LOSER_23,
    "Vera": BRIDGE_LOSER_15,
    "Gleb": BRIDGE_LOSER_31,
}
PLAYERS = list(BRIDGE_DEAL)
#: "I am {name}" and the saves, in each language
WORDS = {
    "en": {"me": "I am {name}", "save": "Save my hand", "closer": "Save: I closed"},
    "pl": {"me": "Jestem {name}", "save": "Zapisz moją rękę", "closer": "Zapisz: zamykam"},
    "ru": {"me": "Я — {name}", "save": "Сохранить мою руку", "closer": "Сохранить: я закрываю"},
}


@pytest.fixture
def bridge_pad(tmp_path: Path, sheet_file: SheetMaker) -> Iterator[tuple[Server, Path]]:
    """``remikcalc serve`` on a four-player remik bridge sheet, and on one where Carl is out."""
    sheet_file("bridge.yaml", "bridge", PLAYERS, stake="1", currency="PLN", title="Brydż")
    knock = {"closer": "Anna", "scores": {"Anna": 0, "Boris": 60, "Carl": 101}}
    sheet_file("out.yaml", "bridge", "Anna,Boris,Carl", deals=[knock], title="Carl out")
    sheet_file("gin.yaml", "gin", ["Anna", "Boris"], title="Gin")
    server = start_server(tmp_path)
    try:
        yield server, tmp_path
    finally:
        stop_server(server)


class Tapper:
    """One phone at the table: its page, its language and the taps made on it."""

    def __init__(self, browser: Any, server: Server, lang: str, width: int) -> None:
        self.page = browser_phone(browser, width=width, lang=lang)
        self.lang = lang
        self.taps = 0
        self.problems: list[str] = []
        self.page.on("pageerror", lambda e: self.problems.append(str(e)))
        self.page.on(
            "console", lambda m: self.problems.append(m.text) if m.type == "error" else None
        )
        self.page.goto(server.join)

    def tap(self, locator: Any) -> None:
        self.taps += 1
        locator.click()

    def words(self, key: str, **names: str) -> str:
        return WORDS[self.lang][key].format(**names)

    def close(self) -> None:
        self.page.context.close()


def _sheet_url(server: Server, page: Any, name: str) -> str:
    sheets = page.evaluate("fetch('/api/sheets').then(r => r.json())")["sheets"]
    return f"{server.base}/s/{next(s['id'] for s in sheets if s['name'] == name)}"


def _next_draft(page: Any, old: str) -> Any:
    """Until ``page`` shows a draft made after the sheet's version ``old``."""
    page.wait_for_function(
        "old => { const d = document.querySelector('[data-draft]');"
        " return d && d.dataset.sheetVersion !== old && document.readyState === 'complete'; }",
        arg=old,
    )


def _figures(name: str, data: dict[str, Any]) -> None:
    """Measured figures, for a person (REMIKCALC_SHOTS), never asserted."""
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        (SHOTS / f"draft-figures-{name}.json").write_text(json.dumps(data, indent=2))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("width", "langs"),
    [(360, ("en", "pl", "ru", "en")), (412, ("pl", "ru", "en", "ru"))],
)
def test_in_a_browser_four_phones_enter_a_deal_with_no_tap_but_their_cards_save_and_confirm(
    browser: Any, bridge_pad: tuple[Server, Path], width: int, langs: tuple[str, ...]
) -> None:
    from playwright.sync_api import expect

    server, _folder = bridge_pad
    phones = [Tapper(browser, server, lang, width) for lang in langs]
    try:
        url = _sheet_url(server, phones[0].page, "bridge.yaml") + "/draft"
        for seat, p in enumerate(phones):
            p.page.goto(url)
            with p.page.expect_navigation():
                p.tap(p.page.get_by_role("button", name=p.words("me", name=PLAYERS[seat])))
        claims = [p.taps for p in phones]
        for seat, p in enumerate(phones):
            for code in BRIDGE_DEAL[PLAYERS[seat]].split():
                p.tap(p.page.locator(f'[data-grid="{seat}"] .card[data-code="{code}"]'))
            expect(p.page.locator(f"#look-{seat}")).not_to_be_empty()  # the engine's answer
            shot(p.page, f"draft-{width}-{p.lang}-{PLAYERS[seat]}-hand")
            button = p.words("closer") if seat == 0 else p.words("save")
            with p.page.expect_navigation():
                p.tap(p.page.get_by_role("button", name=button, exact=True))
        # every phone follows: the deal it will record, on each without a tap
        for seat, p in enumerate(phones):
            expect(p.page.locator("#look-deal .headline")).to_be_visible()
            expect(p.page.locator("#look-deal .score").first).to_have_text(
                "+2"
            )  # signed, as the sheet says it
            no_sideways_scroll(p.page)
            shot(p.page, f"draft-{width}-{p.lang}-{PLAYERS[seat]}-ready")
            for other, cards in BRIDGE_DEAL.items():  # and no card of another's hand
                if other != PLAYERS[seat]:
                    assert cards not in p.page.content()
            assert p.page.locator(".hand-grid .card.taken").count() == 0
        old = str(phones[0].page.locator("[data-draft]").get_attribute("data-sheet-version"))
        confirmer = phones[0]
        pressed = time.time()
        with confirmer.page.expect_navigation():
            confirmer.tap(confirmer.page.locator("button[value=confirm]"))
        shown: dict[str, float] = {}
        for seat, p in enumerate(phones):
            _next_draft(p.page, old)
            loaded = p.page.evaluate("performance.timing.domContentLoadedEventEnd")
            shown[PLAYERS[seat]] = round(loaded / 1000 - pressed, 3)
            expect(p.page.locator(".sheet-now .last")).to_contain_text("1")
            expect(p.page.locator(f'[data-grid="{seat}"] .card.on')).to_have_count(0)
            shot(p.page, f"draft-{width}-{p.lang}-{PLAYERS[seat]}-next")
            assert p.problems == [], p.problems
        taps = {PLAYERS[s]: p.taps - claims[s] for s, p in enumerate(phones)}
        # each player's cards and one save; one Confirm (Anna's), nothing else
        assert taps == {
            name: len(cards.split()) + 1 + (name == "Anna") for name, cards in BRIDGE_DEAL.items()
        }
        _figures(
            f"four-phones-{width}",
            {
                "claim taps": claims,
                "taps after the claim": taps,
                "confirm to next draft (s)": shown,
            },
        )
    finally:
        for p in phones:
            p.close()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_in_a_browser_a_seat_claimed_twice_is_taken_over_only_by_asking(
    browser: Any, bridge_pad: tuple[Server, Path], lang: str
) -> None:
    from playwright.sync_api import expect

    server, _folder = bridge_pad
    anna, vera = Tapper(browser, server, lang, 360), Tapper(browser, server, lang, 360)
    try:
        url = _sheet_url(server, anna.page, "gin.yaml") + "/draft"
        for p in (anna, vera):
            p.page.goto(url)
        with anna.page.expect_navigation():
            anna.tap(anna.page.get_by_role("button", name=anna.words("me", name="Anna")))
        for code in GIN["Anna"].split():
            anna.tap(anna.page.locator(f'[data-grid="0"] .card[data-code="{code}"]'))
        with anna.page.expect_navigation():
            anna.tap(anna.page.get_by_role("button", name=anna.words("save"), exact=True))
        # Vera's page, live: Anna's seat is taken, her hand is in; no card of it greyed out
        expect(vera.page.locator("#draft-seat small").first).to_be_visible()
        expect(vera.page.locator("#draft-hands li.done")).to_have_count(1)
        with vera.page.expect_navigation():
            vera.tap(
                vera.page.get_by_role("button", name=re.compile(anna.words("me", name="Anna")))
            )
        expect(vera.page.locator("#draft-seat button.danger")).to_be_visible()
        no_sideways_scroll(vera.page)
        shot(vera.page, f"draft-seat-{lang}-asked")
        with vera.page.expect_navigation():
            vera.tap(vera.page.locator("#draft-seat button.danger"))
        expect(vera.page.locator("#hand-form")).to_be_visible()
        assert vera.page.locator(".hand-grid .card.on, .hand-grid .card.taken").count() == 0
        # the first phone is told, on its own, and asked who it is
        expect(anna.page.locator("#draft-seat .lost")).to_be_visible()
        expect(anna.page.locator("#hand-form")).to_have_count(0)
        shot(anna.page, f"draft-seat-{lang}-taken")
        for p in (anna, vera):
            assert p.problems == [], p.problems
    finally:
        anna.close()
        vera.close()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_in_a_browser_a_player_out_is_told_so_and_a_draw_is_confirmed_at_once(
    browser: Any, bridge_pad: tuple[Server, Path], lang: str
) -> None:
    from playwright.sync_api import expect

    server, _folder = bridge_pad
    anna, carl = Tapper(browser, server, lang, 412), Tapper(browser, server, lang, 360)
    try:
        url = _sheet_url(server, anna.page, "out.yaml") + "/draft"
        for p in (anna, carl):
            p.page.goto(url)
        with carl.page.expect_navigation():
            carl.tap(
                carl.page.get_by_role("button", name=re.compile(carl.words("me", name="Carl")))
            )
        expect(carl.page.locator(".out-note")).to_be_visible()
        assert carl.page.locator("#draft-seat button[name=who][value='0']").count() == 0
        assert carl.page.locator("#hand-form").count() == 0
        no_sideways_scroll(carl.page)
        shot(carl.page, f"draft-out-{lang}")
        with anna.page.expect_navigation():
            anna.tap(anna.page.get_by_role("button", name=anna.words("me", name="Anna")))
        old = str(anna.page.locator("[data-draft]").get_attribute("data-sheet-version"))
        anna.tap(anna.page.locator("#deal-form input[name=draw]"))
        # kept for everyone at once: Carl's phone shows the draw's preview, nobody waited for
        expect(carl.page.locator("#deal-form input[name=draw]")).to_be_checked()
        expect(carl.page.locator("#look-deal")).to_be_visible()
        expect(anna.page.locator("#look-deal")).to_be_visible()
        shot(anna.page, f"draft-draw-{lang}")
        with anna.page.expect_navigation():
            anna.tap(anna.page.locator("button[value=confirm]"))
        for p in (anna, carl):
            _next_draft(p.page, old)
            assert p.problems == [], p.problems
        assert anna.taps == 3  # I am Anna, the draw, Confirm
    finally:
        anna.close()
        carl.close()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["pl"])
def test_in_a_browser_the_who_closed_question_goes_on_every_phone_once_the_closer_is_picked(
    browser: Any, bridge_pad: tuple[Server, Path], lang: str
) -> None:
    from playwright.sync_api import expect

    server, _folder = bridge_pad
    anna, boris = Tapper(browser, server, lang, 360), Tapper(browser, server, lang, 412)
    try:
        url = _sheet_url(server, anna.page, "gin.yaml") + "/draft"
        for seat, p in enumerate((anna, boris)):
            name = PLAYERS[seat]
            p.page.goto(url)
            with p.page.expect_navigation():
                p.tap(p.page.get_by_role("button", name=p.words("me", name=name)))
            for code in GIN[name].split():
                p.tap(p.page.locator(f'[data-grid="{seat}"] .card[data-code="{code}"]'))
            with p.page.expect_navigation():
                p.tap(p.page.get_by_role("button", name=p.words("save"), exact=True))
        for p in (anna, boris):  # every hand in, nobody named the knocker: the question
            expect(p.page.locator("#look-deal .problem").first).to_be_visible()
        shot(boris.page, f"draft-closer-{lang}-asked")
        boris.tap(boris.page.locator('#deal-form label.choice:has(input[name=closer][value="0"])'))
        for p in (anna, boris):  # gone on both phones, the deal it will record in its place
            expect(p.page.locator("#look-deal .problem")).to_have_count(0)
            expect(p.page.locator("#look-deal .headline")).to_be_visible()
            assert p.problems == [], p.problems
        shot(anna.page, f"draft-closer-{lang}-picked")
    finally:
        anna.close()
        boris.close()
