"""Scoring a deal on the pad (docs/INTERFACE.md, "The score pad"): by points, and by cards on a
tap grid of the variant's pack (the deal entered together from several phones is
tests/test_web_draft.py's).

Everything runs through Starlette's TestClient against real sheet files: a deal saved by a
page is byte for byte what ``remikcalc add`` writes for the same input, and after every refusal
(a bad card, a stale form, a repeated deal) the file is unchanged and the phone's input is
shown again.
"""

from __future__ import annotations

import re
import threading
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import pytest

import remikcalc
from remikcalc.base.errors import CardError, DealError, MeldError
from remikcalc.rules.variants import get_rules
from remikcalc.web.config import PadConfig
from remikcalc.web.deal_form import DealForm, SeatHand
from remikcalc.web.entry_together import private
from remikcalc.web.grid import grid
from tests.browser import answer, browser, no_sideways_scroll, preview
from tests.browser import phone as browser_phone
from tests.browser import shot as browser_shot
from tests.clirun import ok, run
from tests.hands import (
    BRIDGE_LOSER_12,
    BRIDGE_LOSER_15,
    BRIDGE_LOSER_23,
    BRIDGE_REMIK,
    GIN_DEFENCE_BORIS,
    GIN_KNOCK_ANNA,
)
from tests.padkit import Phone, folder, hidden, join, make_pad, pad, phone  # noqa: F401
from tests.sheets import SheetMaker

__all__ = ["browser", "folder", "pad", "phone"]

SCRIPT = "<script>alert(1)</script>"
GIN = {
    "Anna": GIN_KNOCK_ANNA,
    "Boris": GIN_DEFENCE_BORIS,
}


# --- helpers ------------------------------------------------------------------------------------


def start(phone: Phone, sheet: str, page: str) -> dict[str, str]:
    """Open a form page: the hidden fields it was made with."""
    answer = phone.get(f"/s/{sheet}/{page}")
    assert answer.status_code == 200, answer.text
    html = answer.text
    return {name: hidden(html, name) for name in ("_form", "version", "key", "deals")}


def in_grid_order(variant: str, cards: str, **kw: Any) -> list[str]:
    """The codes of ``cards`` in the order the grid posts them (page order, not tap order)."""
    rules = get_rules(variant, **kw)
    order = [cell.code for cell in grid(rules, (), {})]
    codes = cards.split()
    return sorted(codes, key=order.index)


def copy_sheet(src: Path, dest: Path) -> Path:
    dest.write_bytes(src.read_bytes())
    return dest


def checked(html: str, name: str) -> list[str]:
    """The values of the checked inputs called ``name`` (in page order)."""
    found = re.findall(
        rf'<input type="checkbox" name="{name}" value="([^"]+)"[^>]*\bchecked\b', html
    )
    return list(found)


@pytest.fixture
def table(tmp_path: Path) -> Path:
    """A folder for the pad, and beside it one for the command line's copies."""
    (tmp_path / "pad").mkdir()
    (tmp_path / "cli").mkdir()
    return tmp_path


def pad_on(folder: Path) -> tuple[Phone, PadConfig, Any]:
    app, config = make_pad(folder)
    return join(app, config), config, app


# --- by points ----------------------------------------------------------------------------------


def test_a_points_deal_is_saved_as_remikcalc_add_writes_it(
    sheet_file: SheetMaker, table: Path
) -> None:
    mine = sheet_file("pad/gin.yaml", "gin", ["Anna", "Boris"], stake="0.10")
    theirs = copy_sheet(mine, table / "cli" / "gin.yaml")
    phone, _config, _app = pad_on(table / "pad")
    sheet = phone.sheet_id("gin.yaml")
    form = start(phone, sheet, "points")
    answer = phone.post(
        f"/s/{sheet}/points",
        {**form, "scores.0": "25", "scores.1": "", "closer": "0", "how": "gin", "do": "save"},
        follow_redirects=False,
    )
    assert answer.status_code == 303 and answer.headers["location"] == f"/s/{sheet}"
    ok("add", str(theirs), "--score", "Anna=25", "--closer", "Anna", "--how", "gin")
    assert mine.read_bytes() == theirs.read_bytes()
    assert "closer: Anna" in mine.read_text(encoding="utf-8")


def test_points_in_bridge_take_a_minus_and_only_the_players_still_in(table: Path) -> None:
    example = Path(remikcalc.__file__).parent / "examples" / "bridge" / "eliminated-sits-out.yaml"
    mine = copy_sheet(example, table / "pad" / "bridge.yaml")
    theirs = copy_sheet(example, table / "cli" / "bridge.yaml")
    phone, _config, _app = pad_on(table / "pad")
    sheet = phone.sheet_id("bridge.yaml")
    html = phone.get(f"/s/{sheet}/points").text
    state = remikcalc.open_sheet(mine).replay()
    out = set(state.sheet.players) - set(state.tally.active())
    assert out, "the example has a player out"
    for name in out:  # only the players still in get a field
        index = state.sheet.players.index(name)
        assert f'name="scores.{index}"' not in html
    # a minus: the full keyboard (every phone's has one) and, with JavaScript, the ± button
    assert re.search(r'name="scores\.\d"', html) and "data-sign=" in html
    assert all("inputmode" not in field for field in re.findall(r"<input[^>]*scores[^>]*>", html))
    assert "Who closed?" in html
    form = start(phone, sheet, "points")
    fields = {f"scores.{state.sheet.players.index(n)}": "" for n in state.tally.active()}
    closer = state.tally.active()[0]
    fields[f"scores.{state.sheet.players.index(closer)}"] = "−10"  # a typographic minus too
    answer = phone.post(
        f"/s/{sheet}/points",
        {
            **form,
            **fields,
            "closer": str(state.sheet.players.index(closer)),
            "how": "remik",
            "do": "save",
        },
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    ok("add", str(theirs), "--score", f"{closer}=-10", "--closer", closer, "--how", "remik")
    assert mine.read_bytes() == theirs.read_bytes()


def test_points_pages_word_the_closer_as_the_family_does(
    sheet_file: SheetMaker, table: Path
) -> None:
    sheet_file("pad/gin.yaml", "gin", ["Anna", "Boris"])
    sheet_file("pad/rummy.yaml", "rummy", ["Anna", "Boris"])
    sheet_file("pad/boat.yaml", "boat", ["Anna", "Boris"])
    phone, _config, _app = pad_on(table / "pad")
    gin = phone.get(f"/s/{phone.sheet_id('gin.yaml')}/points").text
    rummy = phone.get(f"/s/{phone.sheet_id('rummy.yaml')}/points").text
    boat = phone.get(f"/s/{phone.sheet_id('boat.yaml')}/points").text
    assert "Who knocked?" in gin and 'value="undercut"' in gin and 'name="draw"' in gin
    assert "data-sign" not in gin  # the knock games score from zero up
    assert "Who went out?" in rummy and 'name="how" value="one_go"' in rummy
    assert 'name="draw"' in rummy
    assert 'name="draw"' not in boat  # boat has no drawn deals


def test_a_points_form_that_is_not_a_number_is_refused_with_its_input_kept(
    sheet_file: SheetMaker, table: Path
) -> None:
    mine = sheet_file("pad/gin.yaml", "gin", ["Anna", "Boris"])
    before = mine.read_bytes()
    phone, _config, _app = pad_on(table / "pad")
    sheet = phone.sheet_id("gin.yaml")
    form = start(phone, sheet, "points")
    fields = {**form, "scores.0": "2x5", "scores.1": "7", "do": "save"}
    answer = phone.post(f"/s/{sheet}/points", fields)
    assert answer.status_code == 422
    # said beside Anna's field (the refusal's field and player), which takes the focus
    assert (
        '<p class="field-error" id="err-scores.0" role="alert"><strong>Anna:</strong> '
        "&#39;2x5&#39; is not a whole number</p>"
    ) in answer.text
    field = re.search(r'<input id="f-scores.0"[^>]*>', answer.text)
    assert field is not None and 'value="2x5"' in field.group(0)
    assert 'aria-invalid="true" aria-describedby="err-scores.0" autofocus' in field.group(0)
    assert '<a href="#f-scores.0">Anna</a>' in answer.text  # named at the top
    assert 'value="7"' in answer.text
    assert mine.read_bytes() == before


def test_a_repeated_deal_is_asked_about_and_added_again_when_meant(
    sheet_file: SheetMaker, table: Path
) -> None:
    mine = sheet_file("pad/gin.yaml", "gin", ["Anna", "Boris"])
    theirs = copy_sheet(mine, table / "cli" / "gin.yaml")
    phone, _config, _app = pad_on(table / "pad")
    sheet = phone.sheet_id("gin.yaml")
    deal = {"scores.0": "25", "do": "save"}
    phone.post(f"/s/{sheet}/points", {**start(phone, sheet, "points"), **deal})
    before = mine.read_bytes()
    form = start(phone, sheet, "points")
    answer = phone.post(f"/s/{sheet}/points", {**form, **deal})
    assert answer.status_code == 422
    refusal = run("add", str(theirs), "--score", "Anna=25")  # the CLI's own words
    assert refusal.exit_code == 0
    refusal = run("add", str(theirs), "--score", "Anna=25")
    assert refusal.exit_code != 0
    assert "give --again to add it once more" in refusal.output  # the command line's words
    # the pad's own words (EVENING.md B8): no option, no file name
    assert "This is the same as deal 1. Add it again anyway?" in answer.text
    assert "--again" not in answer.text and "gin.yaml is unchanged" not in answer.text
    assert 'name="again" value="1"' in answer.text and "Add it again" in answer.text
    assert 'value="25"' in answer.text and mine.read_bytes() == before
    again = phone.post(
        f"/s/{sheet}/points", {**form, "scores.0": "25", "again": "1"}, follow_redirects=False
    )
    assert again.status_code == 303
    ok("add", str(theirs), "--again", "--score", "Anna=25")
    assert mine.read_bytes() == theirs.read_bytes()


def test_the_replay_kept_after_a_write_holds_the_entries_written(tmp_path: Path) -> None:
    # the pad scores its previews on replay(state.sheet): the sheet must hold every deal
    book = remikcalc.new_sheet(tmp_path / "g.yaml", variant="gin", players=["Anna", "Boris"])
    for score in (5, 6, 7):
        book.add({"scores": {"Anna": score}})
    state = book.replay()
    assert [getattr(e, "scores", None) for e in state.sheet.entries] == [
        {"Anna": 5},
        {"Anna": 6},
        {"Anna": 7},
    ]
    book.edit(2, {"scores": {"Boris": 9}})
    assert getattr(book.replay().sheet.entries[1], "scores", None) == {"Boris": 9}
    book.delete(1)
    state = book.replay()
    assert len(state.sheet.entries) == len(state.steps) == 2


# --- by cards -----------------------------------------------------------------------------------

#: variant, settings, players, hands (cards left), the pad's other fields, the CLI's options
CASES: list[tuple[str, dict[str, Any], list[str], dict[str, str], dict[str, Any], list[str]]] = [
    ("gin", {}, ["Anna", "Boris"], GIN, {"closer": "0"}, ["--closer", "Anna"]),
    (
        "bridge",
        {},
        ["Anna", "Boris", "Carl"],
        {
            "Anna": "2S 3S 4S 7H 7D 7C TH TH 6C 6H",  # two packs: the ten of hearts twice
            "Boris": "4D 5D 6D 9C 9H 9S QC KC AC JK",
            "Carl": "KC KD QH QS JC JD TS 9C 6D JK",
        },
        {"closer": "1"},
        ["--closer", "Boris"],
    ),
    (
        "oklahoma",
        {"preset": "pagat"},
        ["Anna", "Boris"],
        {"Anna": "JC QC KC 2H 3H 4H 6S 8S 5D 3D", "Boris": "3S 4S 5S 8D 8C 8H AD AH AC TH"},
        {"closer": "1", "upcard": "QS"},
        ["--closer", "Boris", "--upcard", "QS"],
    ),
    (
        "boat",
        {},
        ["Anna", "Boris", "Carl"],
        {"Anna": "QS JS TS", "Boris": "AD AH 3C 3S"},
        {"closer": "2", "plus": "20"},
        ["--closer", "Carl", "--plus", "20"],
    ),
    (
        "rummy500",
        {},
        ["Anna", "Boris"],
        {"Boris": "4C 3D"},
        {"closer": "0", "melded.0": "5H 6H 7H | KC KD KS", "melded.1": "9S TS JS"},
        ["--closer", "Anna", "--melded", "Anna=5H 6H 7H | KC KD KS", "--melded", "Boris=9S TS JS"],
    ),
    (
        "continental",
        {"preset": "bicycle"},
        ["Anna", "Boris"],
        {
            "Anna": "3C 4C 5C 6C 7D 8D 9D TD JH QH KH AH 4S 5S 6S",  # the winner's 15 cards
            "Boris": "AC 2C 7C 8C 9C TC JC QC KC AD 2D 3D 4D 5D 6D",
        },
        {"closer": "0", "first_turn": "1"},
        ["--closer", "Anna", "--first-turn"],
    ),
]


@pytest.mark.parametrize(
    ("variant", "settings", "players", "hands", "extra", "options"),
    CASES,
    ids=[case[0] for case in CASES],
)
def test_a_deal_tapped_on_the_grid_is_saved_as_remikcalc_add_writes_it(
    sheet_file: SheetMaker,
    table: Path,
    variant: str,
    settings: dict[str, Any],
    players: list[str],
    hands: dict[str, str],
    extra: dict[str, Any],
    options: list[str],
) -> None:
    mine = sheet_file(f"pad/{variant}.yaml", variant, players, **settings)
    theirs = copy_sheet(mine, table / "cli" / f"{variant}.yaml")
    phone, _config, _app = pad_on(table / "pad")
    sheet = phone.sheet_id(f"{variant}.yaml")
    rules = remikcalc.open_sheet(mine).replay().rules
    taps = {
        f"tap.{players.index(name)}": in_grid_order(
            variant, text, preset=settings.get("preset"), players=len(players)
        )
        for name, text in hands.items()
    }
    page = phone.get(f"/s/{sheet}/cards").text
    for name in ("upcard", "plus", "first_turn", "no_draw"):  # the variant's own inputs only
        from remikcalc.rules.dealinput import takes

        assert (f'name="{name}"' in page) == takes(rules, name), name
    assert ('name="melded.0"' in page) == (variant == "rummy500")
    if rules.decks > 1:  # a card can be taken twice: two boxes per cell, and a ×2 count
        assert page.count('name="tap.0" value="QH"') == rules.decks
    assert ('value="JK"' in page) == bool(rules.jokers)
    form = start(phone, sheet, "cards")
    checked_page = phone.post(f"/s/{sheet}/cards", {**form, **taps, **extra, "do": "check"})
    assert checked_page.status_code == 200
    assert "Not a deal the engine can score yet" not in checked_page.text, checked_page.text
    assert "Why:" in checked_page.text
    answer = phone.post(
        f"/s/{sheet}/cards", {**form, **taps, **extra, "do": "save"}, follow_redirects=False
    )
    assert answer.status_code == 303, answer.text
    typed = [f"{name}={' '.join(taps[f'tap.{players.index(name)}'])}" for name in hands]
    ok("add", str(theirs), *options, *typed)
    assert mine.read_bytes() == theirs.read_bytes()


def test_the_cards_page_takes_the_hands_as_steps_that_work_without_javascript(
    phone: Phone,
) -> None:
    sheet = phone.sheet_id("bridge.yaml")
    html = phone.get(f"/s/{sheet}/cards").text
    # a step each, with its own anchor: Anna, Boris, Carl, then the deal; the first one shown
    ids = re.findall(r'<section class="step[^"]*" id="(step-[^"]+)"', html)
    assert ids == ["step-0", "step-1", "step-2", "step-deal"]
    assert re.search(r'<section class="step seat current" id="step-0"', html)
    assert html.count('class="grid hand-grid"') == 3  # one grid a hand, never more
    # every step lists them all, as links (CSS shows the step a link leads to)
    assert html.count('href="#step-2" data-step-tab="2"') == 4
    nexts = re.findall(r'<p class="next"><a class="button quiet" href="#([^"]+)">([^<]+)<', html)
    assert nexts == [
        ("step-1", "Next: Boris"),
        ("step-2", "Next: Carl"),
        ("step-deal", "Next: the deal"),
    ]
    form = start(phone, sheet, "cards")
    anna = {"tap.0": in_grid_order("bridge", "2H 3H 4H 5H 6H 7H 9C 9D 9S 4C")}
    # checked from Boris's step: the page comes back at his step, Anna's count on hers
    page = phone.post(f"/s/{sheet}/cards", {**form, **anna, "step": "1", "do": "check"}).text
    assert re.search(r'<section class="step seat current" id="step-1"', page)
    assert page.count('data-tab-count="0">4<') == 4 and 'data-tab-count="1"><' in page
    # checked without a step said (no JavaScript): the deal's step, with the engine's answer
    page = phone.post(f"/s/{sheet}/cards", {**form, **anna, "do": "check"}).text
    assert re.search(r'<section class="step" id="step-deal"', page) is None
    assert re.search(r'<section class="step current" id="step-deal"', page)
    # a refusal opens the step of the hand it is about
    bad = {**form, **anna, "hands.2": "AS ZZ", "closer": "0", "step": "deal", "do": "save"}
    refused = phone.post(f"/s/{sheet}/cards", bad)
    assert refused.status_code == 422
    assert re.search(r'<section class="step seat current" id="step-2"', refused.text)
    assert re.search(r'<details class="typed" open>', refused.text)  # the typed cards unfolded


def test_a_card_tapped_twice_in_two_packs_shows_its_count(
    sheet_file: SheetMaker, table: Path
) -> None:
    sheet_file("pad/bridge.yaml", "bridge", ["Anna", "Boris", "Carl"])
    phone, _config, _app = pad_on(table / "pad")
    sheet = phone.sheet_id("bridge.yaml")
    form = start(phone, sheet, "cards")
    page = phone.post(
        f"/s/{sheet}/cards", {**form, "tap.0": ["TH", "TH", "JK"], "do": "check"}
    ).text
    assert checked(page, "tap.0") == ["TH", "TH", "JK"]
    assert "×2" in page
    # Boris may still take what the pack has left: no ten of hearts, three more jokers
    boris = re.findall(r'<input type="checkbox" name="tap.1" value="TH"[^>]*>', page)
    assert len(boris) == 2 and all("disabled" in box for box in boris)
    jokers = re.findall(r'<input type="checkbox" name="tap.1" value="JK"[^>]*>', page)
    assert len(jokers) == 4 and sum("disabled" in box for box in jokers) == 1


def test_in_one_pack_a_card_in_another_hand_is_greyed_out(
    sheet_file: SheetMaker, table: Path
) -> None:
    sheet_file("pad/gin.yaml", "gin", ["Anna", "Boris"])
    phone, _config, _app = pad_on(table / "pad")
    sheet = phone.sheet_id("gin.yaml")
    form = start(phone, sheet, "cards")
    page = phone.post(
        f"/s/{sheet}/cards", {**form, "tap.0": ["QH"], "hands.1": "KS", "do": "check"}
    ).text
    assert re.search(r'name="tap.1" value="QH" aria-label="[^"]*" disabled', page)
    assert re.search(r'name="tap.0" value="KS" aria-label="[^"]*" disabled', page)  # typed by Boris
    assert 'name="hands.1" value="KS"' in page


def test_the_preview_never_writes_and_shows_the_engines_arrangement(
    phone: Phone, folder: Path
) -> None:
    sheet = phone.sheet_id("gin.yaml")
    path = folder / "gin.yaml"
    before = path.read_bytes()
    form = start(phone, sheet, "cards")
    taps = {"tap.0": in_grid_order("gin", GIN["Anna"]), "tap.1": in_grid_order("gin", GIN["Boris"])}
    answer = phone.post(f"/s/{sheet}/preview", {**form, **taps, "closer": "0"})
    assert answer.status_code == 200
    data = answer.json()
    # the engine's melds, not the tap order
    assert "<li>9C 9D 9H</li>" in data["hands"]["0"] and "<li>5S 6S 7S</li>" in data["hands"]["0"]
    assert "Anna knocked; Anna wins the deal" in data["deal"]
    assert "Anna scores 61 - 2 = 59" in data["deal"]
    assert phone.post(f"/s/{sheet}/cards", {**form, **taps, "do": "check"}).status_code == 200
    assert path.read_bytes() == before


def test_a_refused_deal_shows_the_clis_message_with_the_taps_kept(
    sheet_file: SheetMaker, table: Path
) -> None:
    mine = sheet_file("pad/gin.yaml", "gin", ["Anna", "Boris"])
    theirs = copy_sheet(mine, table / "cli" / "gin.yaml")
    before = mine.read_bytes()
    phone, _config, _app = pad_on(table / "pad")
    sheet = phone.sheet_id("gin.yaml")
    form = start(phone, sheet, "cards")
    anna = in_grid_order("gin", GIN["Anna"])
    # a card typed in two hands: Boris's typed QH is tapped in Anna's hand too
    fields = {
        **form,
        "tap.0": anna[:-1] + ["QH"],
        "hands.1": GIN["Boris"].replace("QC", "QH"),
        "closer": "0",
        "do": "save",
    }
    answer = phone.post(f"/s/{sheet}/cards", fields)
    assert answer.status_code == 422
    cli = run(
        "add",
        str(theirs),
        "--closer",
        "Anna",
        "Anna=" + " ".join(anna[:-1] + ["QH"]),
        "Boris=" + GIN["Boris"].replace("QC", "QH"),
    )
    assert cli.exit_code != 0
    message = cli.output.strip().splitlines()[0].removeprefix("Error: ")
    assert message in answer.text
    assert checked(answer.text, "tap.0") == in_grid_order("gin", " ".join(anna[:-1] + ["QH"]))
    assert mine.read_bytes() == before == theirs.read_bytes()
    # bad cards typed: the parser's message, the input kept
    bad = phone.post(
        f"/s/{sheet}/cards",
        {**form, "tap.0": anna, "hands.1": "AS 2S ZZ", "closer": "0", "do": "save"},
    )
    assert bad.status_code == 422
    assert "&#39;ZZ&#39;" in bad.text and 'value="AS 2S ZZ"' in bad.text
    assert checked(bad.text, "tap.0") == anna
    assert mine.read_bytes() == before


def test_a_stale_form_is_409_with_the_new_deals_and_nothing_written(
    phone: Phone, folder: Path
) -> None:
    sheet = phone.sheet_id("gin.yaml")
    path = folder / "gin.yaml"
    form = start(phone, sheet, "cards")
    remikcalc.open_sheet(path).add({"scores": {"Boris": 33}})  # from a terminal, meanwhile
    before = path.read_bytes()
    taps = {"tap.0": in_grid_order("gin", GIN["Anna"]), "tap.1": in_grid_order("gin", GIN["Boris"])}
    answer = phone.post(f"/s/{sheet}/cards", {**form, **taps, "closer": "0", "do": "save"})
    assert answer.status_code == 409
    assert path.read_bytes() == before
    assert "Not saved: the sheet changed meanwhile" in answer.text
    assert "Boris +33" in answer.text  # the new deal
    assert checked(answer.text, "tap.0") == taps["tap.0"]
    assert hidden(answer.text, "version") != form["version"]  # sent again, it is saved
    again = {**form, "version": hidden(answer.text, "version"), **taps, "closer": "0", "do": "save"}
    assert phone.post(f"/s/{sheet}/cards", again, follow_redirects=False).status_code == 303
    assert len(remikcalc.open_sheet(path).replay().steps) == 4
    points = start(phone, sheet, "points")
    remikcalc.open_sheet(path).add({"scores": {"Anna": 1}})
    before = path.read_bytes()
    stale = phone.post(f"/s/{sheet}/points", {**points, "scores.1": "12", "do": "save"})
    assert stale.status_code == 409 and 'value="12"' in stale.text
    assert path.read_bytes() == before


def test_the_same_form_sent_twice_saves_once(phone: Phone, folder: Path) -> None:
    sheet = phone.sheet_id("gin.yaml")
    path = folder / "gin.yaml"
    form = start(phone, sheet, "points")
    fields = {**form, "scores.0": "7", "do": "save"}
    first = phone.post(f"/s/{sheet}/points", fields, follow_redirects=False)
    after = path.read_bytes()
    second = phone.post(f"/s/{sheet}/points", fields, follow_redirects=False)
    assert first.status_code == second.status_code == 303
    assert second.headers["location"] == first.headers["location"]
    assert path.read_bytes() == after
    assert len(remikcalc.open_sheet(path).replay().steps) == 3


@pytest.mark.parametrize("same_key", [True, False])
def test_eight_phones_posting_one_deal_at_once_save_it_once(
    pad: tuple[Any, PadConfig], folder: Path, same_key: bool
) -> None:
    app, config = pad
    phones = [join(app, config) for _ in range(8)]
    sheet = phones[0].sheet_id("gin.yaml")
    forms = [start(p, sheet, "points") for p in phones]
    barrier = threading.Barrier(len(phones))
    codes: list[int] = []

    def send(p: Phone, form: dict[str, str]) -> None:
        fields = {**(forms[0] if same_key else form), "scores.1": "17", "do": "save"}
        barrier.wait()
        codes.append(p.post(f"/s/{sheet}/points", fields, follow_redirects=False).status_code)

    threads = [threading.Thread(target=send, args=pair) for pair in zip(phones, forms, strict=True)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    state = remikcalc.open_sheet(folder / "gin.yaml").replay()
    assert len(state.steps) == 3  # the two deals of the fixture and this one, once
    if same_key:  # the same form: every phone is answered as the first was
        assert codes == [303] * 8
    else:
        assert sorted(codes) == [303] + [409] * 7


def test_the_going_out_winner_has_no_hand_and_one_go_counts(
    sheet_file: SheetMaker, table: Path
) -> None:
    mine = sheet_file("pad/rummy.yaml", "rummy", ["Anna", "Boris"])
    theirs = copy_sheet(mine, table / "cli" / "rummy.yaml")
    phone, _config, _app = pad_on(table / "pad")
    sheet = phone.sheet_id("rummy.yaml")
    form = start(phone, sheet, "cards")
    assert 'data-went-out="1"' in phone.get(f"/s/{sheet}/cards").text
    page = phone.post(
        f"/s/{sheet}/cards",
        {**form, "closer": "0", "tap.1": ["4C", "3D"], "how": "one_go", "do": "check"},
    ).text
    anna = page.split('data-seat="0"', 1)[1].split("</details>", 1)[0]
    assert 'went-out-note"' in anna and 'went-out-note" hidden' not in anna
    answer = phone.post(
        f"/s/{sheet}/cards",
        {**form, "closer": "0", "tap.1": ["4C", "3D"], "how": "one_go", "do": "save"},
        follow_redirects=False,
    )
    assert answer.status_code == 303
    ok("add", str(theirs), "--closer", "Anna", "--how", "one_go", "Boris=4C 3D")
    assert mine.read_bytes() == theirs.read_bytes()


def test_the_entry_forms_are_outside_the_live_refresh(phone: Phone) -> None:
    sheet = phone.sheet_id("gin.yaml")
    for page in ("points", "cards", "draft"):
        assert "data-live" not in phone.get(f"/s/{sheet}/{page}").text


# --- the deal together: its forms (its tests are tests/test_web_draft.py) ----------------------


def i_am(phone: Phone, sheet: str, seat: int) -> None:
    answer = phone.post(f"/s/{sheet}/draft/me", {"who": str(seat)}, follow_redirects=False)
    assert answer.status_code == 303


def hand_form(phone: Phone, sheet: str) -> dict[str, str]:
    html = phone.get(f"/s/{sheet}/draft").text
    part = html.split('id="hand-form"', 1)[1]
    return {name: hidden(part, name) for name in ("_form", "version", "key", "deals")}


def deal_form(phone: Phone, sheet: str) -> dict[str, str]:
    html = phone.get(f"/s/{sheet}/draft").text
    part = html.split('id="deal-form"', 1)[1]
    return {name: hidden(part, name) for name in ("_form", "version", "key", "deals", "stamp")}


# --- escaping -----------------------------------------------------------------------------------


def _draft_form(hands: dict[int, str]) -> DealForm:
    """A gin deal form of Anna (seat 0) and Boris (seat 1) holding ``hands`` as typed."""
    form = DealForm("hands", get_rules("gin"), ("Anna", "Boris"), (0, 1), {"closer": "0"}, key="k")
    return form.with_hands({seat: SeatHand(typed=text) for seat, text in hands.items()})


def test_a_refusal_about_another_players_cards_is_hidden_by_its_cards_not_its_words() -> None:
    form = _draft_form({0: "9C 9D 9H", 1: "KD KH KS"})
    hidden = "the reason names another player's cards"
    # the card it names is Boris's: Anna's phone does not say it, Boris's does
    twice = CardError("KD typed 2 times", code="card_twice", cards=["KD"])
    assert hidden in private(twice, form, 0)
    assert private(twice, form, 1) == "KD typed 2 times"
    # a card nobody else holds is said; so are words that look like another's card but are
    # not named by the refusal (never searched for in its sentence)
    assert private(CardError("9C typed 2 times", code="card_twice", cards=["9C"]), form, 0)
    wording = DealError("Anna: KD KH KS is over", code="over_knock_limit", field="closer")
    assert "KD KH KS" in private(wording, form, 0)
    # a card named in a refusal it quotes counts too
    inner = MeldError("KD KH QS is not a set", code="not_a_meld", cards=["KD", "KH", "QS"])
    outer = inner.retold("a hand: KD KH QS is not a set")
    assert hidden in private(outer, form, 0)
    # about Boris's hand (its player and field), quoting it: hidden; its size alone: said
    token = CardError(
        "Boris's hand: 'XX' unknown", code="unknown_rank", field="hands", player="Boris"
    )
    assert hidden in private(token, form, 0)
    size = DealError("Boris has 3 cards", code="hand_size", field="hands", player="Boris")
    assert private(size, form, 0) == "Boris has 3 cards"


def test_the_field_a_refusal_is_about_comes_from_its_field_and_player() -> None:
    form = _draft_form({0: "9C", 1: "KD"})
    assert form.field_of(DealError("x", code="hand_size", field="hands", player="Boris")) == (
        "hands.1"
    )
    assert form.field_of(DealError("x", code="no_closer", field="closer")) == "closer"
    # not a field of this form (a points deal's scores on a cards form), or nobody's: the deal
    assert form.field_of(DealError("x", code="bad_scores", field="scores")) is None
    assert form.field_of(DealError("x", code="hand_size", field="hands", player="Zed")) is None
    assert form.field_of(CardError("x", code="card_twice", cards=["KD"])) is None
    assert form.label_of("hands.1") == "Boris" and form.label_of("closer") == "Who knocked?"


def test_one_deal_form_sends_each_mode_as_the_sheet_writes_it() -> None:
    from remikcalc.web.forms import Form

    rules = get_rules("rummy500")
    seats, playing = ("Anna", "Boris", "Carl"), (0, 2)  # Boris sits this deal out

    def sent(mode: str, **fields: str | list[str]) -> dict[str, Any]:
        posted = {k: v if isinstance(v, list) else [v] for k, v in fields.items()}
        return DealForm.read(Form(posted), rules, seats, playing, mode).entry()

    # counts (the count-entry page's), with the melded values rummy 500 takes beside them
    assert sent(
        "counts", closer="0", **{"counts.2": " 1 2 ", "melded_value.0": "45", "counts.1": "9"}
    ) == {"closer": "Anna", "counts": {"Carl": "12"}, "melded_value": {"Anna": "45"}}
    # points, a typographic minus made plain; a seat not playing is left aside
    assert sent("scores", **{"scores.0": "−30", "scores.1": "5", "draw": "1"}) == {
        "draw": True,
        "scores": {"Anna": "-30"},
    }
    # cards: the taps in the grid's order, then what was typed; melds laid this deal
    cards: dict[str, str | list[str]] = {
        "tap.0": ["2C", "XX", "3C"],
        "hands.0": "4C",
        "melded.2": "5H 6H 7H",
    }
    assert sent("hands", closer="2", how="one_go", **cards) == {
        "closer": "Carl",
        "how": "one_go",
        "hands": {"Anna": "2C 3C 4C"},
        "melded": {"Carl": "5H 6H 7H"},
    }
    with pytest.raises(DealError) as empty:
        sent("scores")
    assert empty.value.code == "empty_entry" and empty.value.field == "scores"
    with pytest.raises(DealError) as beside:
        sent("hands", **{"tap.2": "2C", "hands.2": "3C 4C | 5C"})
    assert (beside.value.code, beside.value.field, beside.value.player) == (
        "taps_beside_groups",
        "hands",
        "Carl",
    )


def test_a_refused_card_is_said_beside_that_players_hand_and_takes_the_focus(
    sheet_file: SheetMaker, table: Path
) -> None:
    sheet_file("pad/gin.yaml", "gin", ["Anna", "Boris"])
    phone, _config, _app = pad_on(table / "pad")
    sheet = phone.sheet_id("gin.yaml")
    form = start(phone, sheet, "cards")
    fields = {**form, "hands.0": GIN["Anna"], "hands.1": "AS 2S ZZ", "closer": "0"}
    answer = phone.post(f"/s/{sheet}/cards", {**fields, "do": "save"})
    assert answer.status_code == 422
    field = re.search(r'<input type="text" id="f-hands.1"[^>]*>', answer.text)
    assert field is not None and 'aria-invalid="true"' in field.group(0)
    assert "autofocus" in field.group(0)
    assert re.search(r'id="err-hands.1" role="alert"><strong>Boris:</strong>', answer.text)
    assert answer.text.count("autofocus") == 1
    # nobody named as the knocker: the closer's chips
    fields = {**form, "hands.0": GIN["Anna"], "hands.1": GIN["Boris"]}
    answer = phone.post(f"/s/{sheet}/cards", {**fields, "do": "save"})
    assert answer.status_code == 422
    assert re.search(r'name="closer" value=""[^>]*aria-invalid="true"', answer.text)
    said = '<p class="field-error" id="err-closer" role="alert">Who knocked? Choose the player'
    assert said in answer.text and '<a href="#f-closer">Who knocked?</a>' in answer.text


def test_a_player_named_script_is_escaped_on_every_entry_page(
    sheet_file: SheetMaker, table: Path
) -> None:
    sheet_file("pad/gin.yaml", "gin", ["Anna", SCRIPT])
    sheet_file("pad/rummy500.yaml", "rummy500", ["Anna", SCRIPT])
    app, config = make_pad(table / "pad")
    anna, other = join(app, config), join(app, config)
    pages: list[str] = []
    for name in ("gin.yaml", "rummy500.yaml"):
        sheet = anna.sheet_id(name)
        pages += [anna.get(f"/s/{sheet}/{page}").text for page in ("points", "cards", "draft")]
        form = start(anna, sheet, "cards")
        pages.append(
            anna.post(
                f"/s/{sheet}/cards",
                {**form, "closer": "1", "hands.0": "AS 2S 3S 9C", "do": "check"},
            ).text
        )
        pages.append(
            anna.post(
                f"/s/{sheet}/cards", {**form, "closer": "1", "hands.1": "ZZ", "do": "save"}
            ).text
        )
        pages.append(
            anna.post(
                f"/s/{sheet}/points",
                {**start(anna, sheet, "points"), "scores.1": "x", "do": "save"},
            ).text
        )
        pages.append(str(anna.post(f"/s/{sheet}/preview", {**form, "hands.1": "AS"}).json()))
        i_am(other, sheet, 1)
        pages.append(other.get(f"/s/{sheet}/draft").text)
        other.post(
            f"/s/{sheet}/draft/hand",
            {**hand_form(other, sheet), "hands.1": "AS 2S 3S", "do": "save"},
        )
        i_am(anna, sheet, 0)
        pages.append(anna.get(f"/s/{sheet}/draft").text)
        pages.append(
            anna.post(
                f"/s/{sheet}/draft/deal", {**deal_form(anna, sheet), "closer": "1", "do": "confirm"}
            ).text
        )
    for html in pages:
        assert SCRIPT not in html
    assert any("&lt;script&gt;alert(1)&lt;/script&gt;" in html for html in pages)


# --- in a browser: entry.js (Playwright driving Debian's chromium) ------------------------------


@pytest.fixture
def served(tmp_path: Path, sheet_file: SheetMaker) -> Any:
    """The pad on a real port (uvicorn in a thread) over a folder of sheets."""
    import asyncio
    import socket

    import uvicorn

    sheet_file("gin.yaml", "gin", ["Anna", "Boris"])
    sheet_file("bridge.yaml", "bridge", ["Anna", "Boris", "Carl"])
    sheet_file("oklahoma.yaml", "oklahoma", ["Anna", "Boris"])
    sheet_file("rummy.yaml", "rummy", ["Anna", "Boris"])
    sheet_file("four.yaml", "bridge", ["Anna", "Boris", "Vera", "Gleb"], stake="2")
    # the socket is listening before the server starts: a browser's first request waits in its
    # queue until the server takes it, so nothing waits for the server to have started
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    listening.listen()
    port = listening.getsockname()[1]
    config = PadConfig(paths=(str(tmp_path),), new_folder=str(tmp_path), host="127.0.0.1")
    from remikcalc.web.app import create_app

    app = create_app(config)
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off")
    )
    thread = threading.Thread(
        target=lambda: asyncio.run(server.serve(sockets=[listening])), daemon=True
    )
    thread.start()
    base = f"http://127.0.0.1:{port}"
    app.pad.join_url = f"{base}/join/{config.token}"
    yield base, config, tmp_path
    server.should_exit = True
    thread.join(timeout=10)
    listening.close()


@pytest.fixture
def browser_page(served: Any, browser: Any) -> Any:
    """A phone's page joined to the pad, in the module's one Chromium (a new context each test:
    nothing a test stored is seen by the next)."""
    base, config, _folder = served
    page = browser_phone(browser, width=412)
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(f"{base}/join/{config.token}")
    yield page, base, problems
    page.context.close()


def _sheet_of(page: Any, base: str, name: str) -> str:
    sheets = page.request.get(f"{base}/api/sheets").json()["sheets"]
    return str(next(s["id"] for s in sheets if s["name"] == name))


def test_in_a_browser_taps_cycle_copies_the_engine_answers_and_a_reload_keeps_them(
    browser_page: Any,
) -> None:
    from playwright.sync_api import expect

    page, base, problems = browser_page
    sheet = _sheet_of(page, base, "bridge.yaml")
    page.goto(f"{base}/s/{sheet}/cards")
    anna = page.locator('[data-grid="0"]')
    ten = anna.locator('.card[data-code="TH"]')
    ten.click()
    ten.click()
    expect(ten.locator(".count")).to_have_text("×2")
    expect(ten).to_have_class(re.compile(r"\bon\b"))
    # two packs and both tens in Anna's hand: none left for Boris
    expect(page.locator('[data-grid="1"] .card[data-code="TH"]')).to_have_class(
        re.compile(r"\btaken\b")
    )
    with preview(page, "tap.0=2S", "tap.0=3S", "tap.0=4S"):  # the engine's answer to the three taps
        for code in ("2S", "3S", "4S"):
            anna.locator(f'.card[data-code="{code}"]').click()
    expect(page.locator("#look-0")).to_contain_text("2S 3S 4S")  # the engine's meld, live
    page.reload()
    ten = page.locator('[data-grid="0"] .card[data-code="TH"]')
    expect(ten.locator(".count")).to_have_text("×2")  # kept in sessionStorage
    ten.click()  # a third tap: none again
    expect(ten.locator(".count")).to_have_text("")
    assert page.locator('[data-grid="0"] input[value="TH"]:checked').count() == 0
    assert problems == []


def test_in_a_browser_one_pack_greys_out_the_others_and_the_winner_needs_no_hand(
    browser_page: Any,
) -> None:
    from playwright.sync_api import expect

    page, base, problems = browser_page
    sheet = _sheet_of(page, base, "gin.yaml")
    page.goto(f"{base}/s/{sheet}/cards")
    for code in GIN["Anna"].split():
        page.locator(f'[data-grid="0"] .card[data-code="{code}"]').click()
    page.locator("#step-0").get_by_role("link", name="Next: Boris").click()
    boris_nine = page.locator('[data-grid="1"] .card[data-code="9C"]')
    expect(boris_nine).to_have_class(re.compile(r"\btaken\b"))
    boris_nine.click(force=True)  # a card in Anna's hand cannot be tapped for Boris
    assert page.locator('[data-grid="1"] input[value="9C"]:checked').count() == 0
    with preview(page, "hands.1=AS", "closer=0"):  # the engine's answer to Boris's hand and closer
        page.locator("#step-1 summary").click()  # "Type the cards instead"
        page.locator('input[name="hands.1"]').fill(GIN["Boris"])
        page.locator("#step-1").get_by_role("link", name="Next: the deal").click()
        page.locator('label.choice:has(input[name="closer"][value="0"])').click()
    expect(page.locator("#look-deal")).to_contain_text("Anna knocked; Anna wins the deal")
    page.locator('button[value="save"]').click()
    page.wait_for_url(f"{base}/s/{sheet}")  # saved: the sheet's page, loaded
    assert "Anna" in page.locator(".deals").inner_text()
    assert problems == []


def test_in_a_browser_the_up_card_the_sign_and_the_winner_without_a_hand(browser_page: Any) -> None:
    from playwright.sync_api import expect

    page, base, problems = browser_page
    page.goto(f"{base}/s/{_sheet_of(page, base, 'oklahoma.yaml')}/cards#step-deal")
    picker = page.locator("details.picker")
    picker.locator('.card:has(input[value="QS"])').click()
    expect(picker.locator(".picked")).to_have_text("QS")
    assert picker.evaluate("d => d.open") is False
    page.goto(f"{base}/s/{_sheet_of(page, base, 'bridge.yaml')}/points")
    page.locator('[id="f-scores.0"]').fill("10")
    page.locator('[data-sign="f-scores.0"]').click()
    expect(page.locator('[id="f-scores.0"]')).to_have_value("-10")
    page.goto(f"{base}/s/{_sheet_of(page, base, 'rummy.yaml')}/cards#step-deal")
    anna = page.locator('.seat[data-seat="0"]')
    page.locator('label.choice:has(input[name="closer"][value="0"])').click()
    to_anna = page.locator('#step-deal [data-step-tab="0"]')
    expect(to_anna).to_have_class(re.compile(r"\bwent-out\b"))  # said on her step too
    to_anna.click()
    expect(anna.locator(".went-out-note")).to_be_visible()
    expect(anna.locator(".hand-grid")).to_be_hidden()
    anna.get_by_role("link", name="The deal").click()
    page.locator('label.choice:has(input[name="closer"][value="1"])').click()
    page.locator('#step-deal [data-step-tab="0"]').click()
    expect(anna.locator(".hand-grid")).to_be_visible()
    assert problems == []


# --- the JSON API's refusals, typed -------------------------------------------------------------

API_ANNA = "9C 9D 9H 5S 6S 7S KD KH KS 2C"
API_BORIS = "AS 2S 3H 4D 5D 8C 8D JC QC TD"


#: a bridge deal for four hands entered on one phone: Anna's remik, the others' losers
FOUR = {
    "Anna": BRIDGE_REMIK,
    "Boris": BRIDGE_LOSER_23,
    "Vera": BRIDGE_LOSER_15,
    "Gleb": BRIDGE_LOSER_12,
}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("width", "lang", "script"),
    [(360, "en", True), (412, "pl", True), (360, "ru", True), (412, "en", False)],
)
def test_in_a_browser_one_phone_enters_four_bridge_hands_a_step_at_a_time(
    browser: Any, served: Any, width: int, lang: str, script: bool
) -> None:
    from playwright.sync_api import expect

    base, config, folder = served
    page = browser_phone(browser, width, lang, java_script_enabled=script)
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(f"{base}/join/{config.token}")
    sheet = _four_sheet(browser, base, config)
    page.goto(f"{base}/s/{sheet}/cards")
    heights: list[int] = []
    for seat, (name, hand) in enumerate(FOUR.items()):
        step = page.locator(f"#step-{seat}")
        expect(step).to_be_visible()
        expect(step.locator("h2")).to_have_text(name)
        expect(page.locator(".hand-grid:visible")).to_have_count(1)  # one grid on screen
        codes = hand.split()
        with preview(page, *(f"tap.{seat}={code}" for code in codes)) if script else nullcontext():
            for code in codes:
                step.locator(f'.card[data-code="{code}"]').click()
        if script:  # the hand's count on its step, as the engine answered
            expect(step.locator(f'[data-tab-count="{seat}"]')).to_have_text(COUNTS[name])
        heights.append(page.evaluate("document.documentElement.scrollHeight"))
        no_sideways_scroll(page)
        browser_shot(page, f"four-hands-{lang}-{width}{'' if script else '-nojs'}-{seat}")
        step.locator(".next a").click()
    deal = page.locator("#step-deal")
    expect(deal).to_be_visible()
    expect(page.locator(".hand-grid:visible")).to_have_count(0)
    deal.locator('label.choice:has(input[name="closer"][value="0"])').click()
    if script:
        expect(page.locator("#look-deal")).to_contain_text("23")
    else:  # the engine's answer, and each hand's count on its step, come with the check
        with answer(page):
            deal.locator('button[value="check"]').click()
        expect(page.locator("#step-deal")).to_be_visible()
        tabs = page.locator("#step-deal .tab-count")
        expect(tabs).to_have_text([COUNTS[name] for name in FOUR])
    heights.append(page.evaluate("document.documentElement.scrollHeight"))
    browser_shot(page, f"four-hands-{lang}-{width}{'' if script else '-nojs'}-deal")
    # a phone's page, not a column of four grids (about 3,500 px before the steps): a hand's
    # step is its grid and its count (under 1,500 px at 360, footer and all); the deal's step
    # holds the engine's whole answer under "What the deal will record" (each hand's melds,
    # each player's score and new total, the why: about 2,500 px in Russian at 360)
    assert max(heights[:-1]) < 1600 and heights[-1] < 2700, heights
    page.locator('#step-deal button[value="save"]').click()
    page.wait_for_url(f"**/s/{sheet}")
    state = remikcalc.open_sheet(folder / "four.yaml").replay()
    assert state.steps[-1].totals == {"Anna": -10, "Boris": 23, "Vera": 15, "Gleb": 12}
    assert problems == []
    page.context.close()


#: each hand's count as the engine makes it (its step shows it)
COUNTS = {"Anna": "0", "Boris": "23", "Vera": "15", "Gleb": "12"}


def _four_sheet(browser: Any, base: str, config: PadConfig) -> str:
    """The pad's id of the four players' bridge sheet (asked by a phone with JavaScript)."""
    page = browser_phone(browser)
    page.goto(f"{base}/join/{config.token}")
    sheets = page.evaluate("fetch('/api/sheets').then(r => r.json())")["sheets"]
    page.context.close()
    return str(next(s["id"] for s in sheets if s["name"] == "four.yaml"))


def _api_entry(phone: Phone, entry: Any, lang: str = "en") -> Any:
    sheet_id = phone.sheet_id("gin.yaml")
    version = phone.get(f"/api/sheets/{sheet_id}").json()["version"]
    body = {"version": version, "entry": entry}
    path = f"/api/sheets/{sheet_id}/entries"
    return phone.api("POST", path, body, headers={"accept-language": lang})


@pytest.mark.parametrize(
    ("entry", "typed"),
    [
        # nobody named as the knocker: the question, without the command line's --closer
        ({"hands": {"Anna": API_ANNA, "Boris": API_BORIS}}, ("no_closer", "closer", None)),
        # Anna knocks with 19 in deadwood (KD 2C 4C 3D), over gin's limit of 10
        (
            {
                "closer": "Anna",
                "hands": {"Anna": "9C 9D 9H 5S 6S 7S KD 2C 4C 3D", "Boris": API_BORIS},
            },
            ("over_knock_limit", "closer", "Anna"),
        ),
        # Boris's hand holds Anna's 2C as well
        (
            {
                "closer": "Anna",
                "hands": {"Anna": API_ANNA, "Boris": "2C 2S 3H 4D 5D 8C 8D JC QC TD"},
            },
            ("card_twice", None, None),
        ),
        ("not a mapping", ("not_an_object", "entry", None)),
    ],
)
def test_an_api_refusal_is_422_with_its_code_field_and_player(
    phone: Phone, folder: Path, entry: Any, typed: tuple[str, str | None, str | None]
) -> None:
    before = (folder / "gin.yaml").read_bytes()
    answer = _api_entry(phone, entry)
    assert answer.status_code == 422
    body = answer.json()
    assert set(body) == {"error", "code", "field", "player"}
    assert (body["code"], body["field"], body["player"]) == typed
    assert "--" not in body["error"]
    assert (folder / "gin.yaml").read_bytes() == before


def test_an_api_refusal_speaks_the_language_and_keeps_its_code(phone: Phone) -> None:
    entry = {"hands": {"Anna": API_ANNA, "Boris": API_BORIS}}
    english = _api_entry(phone, entry).json()
    polish = _api_entry(phone, entry, "pl").json()
    assert english["code"] == polish["code"] == "no_closer"
    assert english["error"].startswith("who knocked?")
    assert polish["error"].startswith("kto zapukał?")


def test_an_api_write_from_a_stale_version_is_409_coded_stale(phone: Phone, folder: Path) -> None:
    sheet_id = phone.sheet_id("gin.yaml")
    body = {"version": "an-old-version", "entry": {"scores": {"Anna": 5}}}
    answer = phone.api("POST", f"/api/sheets/{sheet_id}/entries", body)
    assert answer.status_code == 409
    data = answer.json()
    assert (data["code"], data["field"], data["player"]) == ("stale", "version", None)
    assert data["version"] == phone.get(f"/api/sheets/{sheet_id}").json()["version"]


def test_an_api_call_for_a_sheet_not_served_is_404_coded_not_found(phone: Phone) -> None:
    answer = phone.api("GET", "/api/sheets/no-such-sheet")
    assert answer.status_code == 404
    assert answer.json() | {"error": ""} == {
        "error": "",
        "code": "not_found",
        "field": None,
        "player": None,
    }
