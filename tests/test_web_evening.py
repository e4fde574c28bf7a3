"""The evening on the score pad (web/evening.py): today's sheets chosen, those that settle
together settled, a sheet without a stake left out with its reason in words and a form that
sets one, and a player renamed on one sheet ("Gleb" → "Gleb K.") pointed out with a one-tap
rename (EVENING.md B11, B12), through Starlette's TestClient (tests/padkit.py).
"""

from __future__ import annotations

import html
import os
import re
import time
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

import remikcalc
from remikcalc.scoring.result import POOL
from remikcalc.session.book import SheetFile
from remikcalc.settle import settle
from tests.padkit import Phone, join, make_pad


def friday(folder: Path) -> Path:
    """Friday in ``folder``: bridge with "Gleb K." (0.50 PLN a stake), a Polish sheet with Gleb
    (0.05 PLN a point), and a rummy sheet nobody gave a stake; all played today."""
    bridge = remikcalc.new_sheet(
        folder / "bridge-2026-12-06.yaml",
        variant="bridge",
        players=["Anna", "Boris", "Gleb K."],
        stake="0.50",
        currency="PLN",
        title="Friday bridge",
    )
    # Anna knocks: each other player pays her ½ stake and ½ into the pool
    bridge.add({"closer": "Anna", "scores": {"Anna": 3, "Boris": 20, "Gleb K.": 30}})
    polish = remikcalc.new_sheet(
        folder / "polish-2026-12-06.yaml",
        variant="polish",
        players=["Anna", "Vera", "Gleb"],
        stake="0.05",
        currency="PLN",
    )
    # Anna goes out: Vera 23, Gleb 41 → Anna +64; against the mean of 0 at 0.05 a point
    polish.add({"closer": "Anna", "counts": {"Vera": 23, "Gleb": 41}})
    rummy = remikcalc.new_sheet(
        folder / "latency-test.yaml", variant="rummy", players=["Anna", "Vera"]
    )
    rummy.add({"closer": "Anna", "counts": {"Vera": 12}})
    return folder


@pytest.fixture
def evening(tmp_path: Path) -> Path:
    return friday(tmp_path)


@pytest.fixture
def phone(evening: Path) -> Phone:
    return join(*make_pad(evening))


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def forms(page: str, action: str) -> list[dict[str, Any]]:
    """Every form posting to ``action``: its fields (``s`` as a list)."""
    found = []
    for body in re.findall(
        rf'<form method="post" action="{re.escape(action)}"[^>]*>(.*?)</form>', page, re.S
    ):
        fields: dict[str, Any] = {"s": []}
        for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', body):
            if name == "s":
                fields["s"].append(value)
            else:
                fields[name] = html.unescape(value)
        found.append(fields)
    return found


def test_the_evening_settles_the_staked_sheets_and_says_why_one_is_left_out(
    phone: Phone, evening: Path
) -> None:
    page = phone.get("/evening")
    assert page.status_code == 200  # no 422 telling a phone to edit YAML (B11)
    text = text_of(page.text)
    assert "Ticked: the sheets played today." in text
    assert len(re.findall(r'name="s" value="[^"]+" checked', page.text)) == 3
    # the two staked sheets settled together in PLN, the rummy sheet left out, said in words
    assert "Left out of this settlement" in text
    assert (
        "Rummy: Anna, Vera No stake yet, and the evening is settled in money (PLN): set a "
        "stake to count this sheet in." in text
    )
    assert "stake:" not in page.text and ".yaml a stake" not in text
    assert "Stake (value of one point)" in text and 'name="currency" value="PLN"' in page.text
    # the figures: the library's evening of the two staked sheets
    staked = [
        settle(SheetFile(evening / n).replay())
        for n in ("bridge-2026-12-06.yaml", "polish-2026-12-06.yaml")
    ]
    combined = remikcalc.session.settle_evening(staked).combined
    for player, amount in combined.items():
        if player == POOL:  # the bridge game still runs: its pool is said in a line
            continue
        shown = f"{'+' if amount > 0 else ''}{amount} PLN"
        assert f"{player} {shown}" in text
    # titles, not file names, name the sheets settled (the file only where they are chosen)
    each = text.split("Each sheet")[1]
    assert "Friday bridge" in each and "Polish: Anna, Vera, Gleb" in each and ".yaml" not in each
    # a sheet's closing figures apart, not run together (seen on a 360 px screenshot)
    assert "Anna 64, mean 0: +64; Vera -23, mean 0: -23; Gleb -41, mean 0: -41" in text


def test_names_that_look_like_one_person_are_pointed_out_with_a_rename(phone: Phone) -> None:
    page = phone.get("/evening").text
    text = text_of(page)
    assert "One person or two?" in text
    assert "Gleb K. and Gleb: one person? The evening settles them as two." in text
    polish = phone.sheet_id("polish-2026-12-06.yaml")
    bridge = phone.sheet_id("bridge-2026-12-06.yaml")
    # the suggested one first: the longer name, on the sheet where the name differs
    assert text.index("Rename Gleb to Gleb K. in “Polish: Anna, Vera, Gleb”") < text.index(
        "Rename Gleb K. to Gleb in “Friday bridge”"
    )
    assert forms(page, f"/s/{polish}/evening/rename")[0]["old"] == "Gleb"
    assert forms(page, f"/s/{bridge}/evening/rename")[0]["new"] == "Gleb"


def test_the_one_tap_rename_makes_them_one_person(phone: Phone, evening: Path) -> None:
    page = phone.get("/evening").text
    polish = phone.sheet_id("polish-2026-12-06.yaml")
    [fields] = forms(page, f"/s/{polish}/evening/rename")
    done = phone.post(f"/s/{polish}/evening/rename", fields, follow_redirects=False)
    assert done.status_code == 303
    assert done.headers["location"].startswith("/evening?go=1&s=")
    assert SheetFile(evening / "polish-2026-12-06.yaml").replay().sheet.players == (
        "Anna",
        "Vera",
        "Gleb K.",
    )
    again = phone.get(done.headers["location"]).text
    assert "One person or two?" not in again
    figures = re.findall(r'<th scope="row">([^<]+)</th>', again.split("All the sheets together")[1])
    assert figures.count("Gleb K.") == 1 and "Gleb" not in figures
    # sent twice (a double tap): saved once, and both lead back to the evening
    twice = phone.post(f"/s/{polish}/evening/rename", fields, follow_redirects=False)
    assert twice.status_code == 303 and twice.headers["location"] == done.headers["location"]


def test_a_stake_set_from_the_pad_counts_the_sheet_in(phone: Phone, evening: Path) -> None:
    page = phone.get("/evening").text
    rummy = phone.sheet_id("latency-test.yaml")
    [fields] = forms(page, f"/s/{rummy}/evening/stake")
    assert len(fields["s"]) == 3
    done = phone.post(
        f"/s/{rummy}/evening/stake",
        {**fields, "stake": "0,10", "currency": "PLN"},
        follow_redirects=False,
    )
    assert done.status_code == 303
    sheet = SheetFile(evening / "latency-test.yaml").replay().sheet
    assert (sheet.stake, sheet.currency) == (Decimal("0.10"), "PLN")
    again = phone.get(done.headers["location"]).text
    assert "Left out of this settlement" not in again
    assert "Rummy: Anna, Vera" in text_of(again.split("Each sheet")[1])
    # Anna +12 against Vera −12 at 0.10: 1.20 more for Anna in the evening, as the library says
    names = ("bridge-2026-12-06.yaml", "polish-2026-12-06.yaml", "latency-test.yaml")
    every = [settle(SheetFile(evening / n).replay()) for n in names]
    anna = remikcalc.session.settle_evening(every).combined["Anna"]
    assert f"Anna +{anna} PLN" in text_of(again)


def test_a_stake_that_cannot_be_read_is_said_beside_its_field(phone: Phone, evening: Path) -> None:
    before = (evening / "latency-test.yaml").read_bytes()
    page = phone.get("/evening").text
    rummy = phone.sheet_id("latency-test.yaml")
    [fields] = forms(page, f"/s/{rummy}/evening/stake")
    refused = phone.post(f"/s/{rummy}/evening/stake", {**fields, "stake": "-1", "currency": "PLN"})
    assert refused.status_code == 422
    assert f'id="err-stake-{rummy}-stake"' in refused.text
    assert "stake '-1' is negative" in text_of(refused.text)
    assert 'value="-1"' in refused.text  # what was typed is kept
    assert (evening / "latency-test.yaml").read_bytes() == before


def test_a_stake_on_a_sheet_changed_meanwhile_is_not_saved(phone: Phone, evening: Path) -> None:
    page = phone.get("/evening").text
    rummy = phone.sheet_id("latency-test.yaml")
    [fields] = forms(page, f"/s/{rummy}/evening/stake")
    SheetFile(evening / "latency-test.yaml").add({"closer": "Vera", "counts": {"Anna": 5}})
    after = (evening / "latency-test.yaml").read_bytes()
    stale = phone.post(f"/s/{rummy}/evening/stake", {**fields, "stake": "0.10"})
    assert stale.status_code == 409
    assert "That sheet changed meanwhile, so nothing was saved" in text_of(stale.text)
    assert (evening / "latency-test.yaml").read_bytes() == after


def test_today_s_sheets_are_chosen_at_first(phone: Phone, evening: Path) -> None:
    # the rummy sheet was last written yesterday: only the two of today are ticked
    yesterday = time.time() - 36 * 3600
    os.utime(evening / "latency-test.yaml", (yesterday, yesterday))
    page = phone.get("/evening").text
    rummy = phone.sheet_id("latency-test.yaml")
    assert f'value="{rummy}" checked' not in page
    assert len(re.findall(r'name="s" value="[^"]+" checked', page)) == 2
    assert "Left out of this settlement" not in page
    # none of today: every sheet with a deal
    for name in os.listdir(evening):
        os.utime(evening / name, (yesterday, yesterday))
    page = phone.get("/evening").text
    assert "No sheet was played today: every sheet is ticked." in text_of(page)
    assert len(re.findall(r'name="s" value="[^"]+" checked', page)) == 3


def test_the_evening_in_polish_and_russian(evening: Path) -> None:
    app, config = make_pad(evening)
    pl = join(app, config, **{"accept-language": "pl"}).get("/evening").text
    assert "Poza tym rozliczeniem" in pl and "Jedna osoba czy dwie?" in pl
    assert "Ustaw stawkę" in pl and "wartość jednego punktu" in pl
    ru = join(app, config, **{"accept-language": "ru"}).get("/evening").text
    assert "Вне этого расчёта" in ru and "Один человек или двое?" in ru
    assert "Переименовать «Gleb» в «Gleb K.»" in html.unescape(ru)


def test_the_evening_stats_name_the_sheets_by_their_titles(phone: Phone) -> None:
    ids = [phone.sheet_id("bridge-2026-12-06.yaml"), phone.sheet_id("polish-2026-12-06.yaml")]
    page = phone.get(f"/evening/stats?s={ids[0]}&s={ids[1]}").text
    names = re.search(r'<ol class="muted sheet-names">(.*?)</ol>', page, re.S)
    assert names is not None and ".yaml" not in names.group(1)
    assert "Friday bridge" in names.group(1)
