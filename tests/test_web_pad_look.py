"""The pad as a tired player meets it: the sheet page leads to the deal entered together (each
hand on its own phone), says each thing once, and a deal with nobody named as its closer is
asked for in the pad's words, never with the command line's ``--closer NAME``. In the three
languages, JavaScript off (plain form posts through Starlette's TestClient).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import remikcalc
from remikcalc.base.errors import RemikcalcError
from remikcalc.base.i18n import in_language
from remikcalc.render.sheet import status_lines
from remikcalc.rules.dealinput import DealInput
from remikcalc.rules.variants import get_rules
from remikcalc.scoring import score_deal
from remikcalc.scoring.deal import build_deal
from remikcalc.scoring.points import score_points
from remikcalc.web.config import PadConfig
from remikcalc.web.refusal import for_pad
from tests.hands import GIN_DEFENCE_BORIS, GIN_KNOCK_ANNA
from tests.padkit import Phone, folder, hidden, join, make_pad, pad, phone  # noqa: F401

__all__ = ["folder", "pad", "phone"]


#: the draft button's words, and the pad's question for a knock without its knocker
WORDS = {
    "en": ("Everyone enters their own cards", "Who knocked? Choose the player"),
    "pl": ("Każdy wpisuje swoje karty", "Kto zapukał? Wybierz gracza"),
    "ru": ("Каждый вводит свои карты", "Кто стучал? Выберите игрока"),
}


def speaking(pad: tuple[Any, PadConfig], lang: str) -> Phone:
    app, config = pad
    return join(app, config, **{"accept-language": lang})


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_the_sheet_page_leads_to_the_deal_together(pad: tuple[Any, PadConfig], lang: str) -> None:
    player = speaking(pad, lang)
    sheet_id = player.sheet_id("gin.yaml")
    page = player.get(f"/s/{sheet_id}").text
    found = re.search(r'<a class="button quiet together" href="([^"]+)">([^<]+)</a>', page)
    assert found is not None
    assert found.group(1) == f"/s/{sheet_id}/draft"
    assert found.group(2) == WORDS[lang][0]
    # the link leads somewhere: the draft page, asking who you are
    assert player.get(found.group(1)).status_code == 200


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_the_points_left_are_said_once(pad: tuple[Any, PadConfig], lang: str) -> None:
    # gin to 100, Anna 25 and Boris 10: each box says "75 to go", no status line again (left
    # out by the line's kind, in every language)
    player = speaking(pad, lang)
    page = player.get(f"/s/{player.sheet_id('gin.yaml')}").text
    with in_language(lang):
        lines = status_lines(remikcalc.open_sheet(Path(pad[1].paths[0], "gin.yaml")).replay())
    left = next(line.text for line in lines if line.kind == "left")
    assert "75" in left and "90" in left and left not in page
    assert ("75 to go" in page) == (lang == "en")


def test_the_points_left_before_out_are_said_once_in_bridge(phone: Phone) -> None:
    page = phone.get(f"/s/{phone.sheet_id('bridge.yaml')}").text
    assert page.count("100 before out") == 3
    assert "Points left" not in page
    assert page.count("Pool: 3 stakes") == 1


def test_each_status_line_says_what_it_is_about(tmp_path: Path) -> None:
    book = remikcalc.new_sheet(
        tmp_path / "b.yaml", variant="bridge", players=["Anna", "Boris", "Carl"], dealer="Anna"
    )
    book.add({"closer": "Anna", "scores": {"Anna": -10, "Boris": 60, "Carl": 101}})
    kinds = [line.kind for line in status_lines(book.replay())]
    assert kinds == ["out", "pool", "left", "dealer"]
    gin = remikcalc.new_sheet(tmp_path / "g.yaml", variant="gin", players=["Anna", "Boris"])
    gin.add({"scores": {"Anna": 120}})
    lines = status_lines(gin.replay())
    assert [line.kind for line in lines][:2] == ["finished", "next_game"]
    assert lines[0].text == "Game over: Anna won."


@pytest.mark.parametrize("lang", ["en", "pl", "ru"])
def test_a_knock_with_nobody_named_is_asked_in_the_pads_words(
    pad: tuple[Any, PadConfig], lang: str
) -> None:
    player = speaking(pad, lang)
    sheet_id = player.sheet_id("gin.yaml")
    form = player.get(f"/s/{sheet_id}/cards").text
    fields = {
        name: hidden(form, name) for name in ("version", "key", "deals") if f'name="{name}"' in form
    }
    fields |= {"hands.0": GIN_KNOCK_ANNA, "hands.1": GIN_DEFENCE_BORIS, "closer": ""}
    checked = player.post(f"/s/{sheet_id}/cards", {**fields, "do": "check"}).text
    saved = player.post(f"/s/{sheet_id}/cards", {**fields, "do": "save"})
    assert saved.status_code == 422
    for page in (checked, saved.text):
        assert "--closer" not in page and "--draw" not in page
        assert WORDS[lang][1] in page


def test_a_points_deal_with_nobody_named_in_the_pads_words(phone: Phone) -> None:
    sheet_id = phone.sheet_id("gin.yaml")
    form = phone.get(f"/s/{sheet_id}/points").text
    fields = {
        name: hidden(form, name) for name in ("version", "key", "deals") if f'name="{name}"' in form
    }
    answer = phone.post(f"/s/{sheet_id}/points", {**fields, "scores.0": "12", "do": "save"})
    assert "--closer" not in answer.text


def test_the_edit_page_asks_in_the_pads_words_too(tmp_path: Path) -> None:
    gin = remikcalc.new_sheet(tmp_path / "gin.yaml", variant="gin", players=["Anna", "Boris"])
    gin.add({"closer": "Anna", "hands": {"Anna": GIN_KNOCK_ANNA, "Boris": GIN_DEFENCE_BORIS}})
    player = join(*make_pad(tmp_path))
    sheet_id = player.sheet_id("gin.yaml")
    page = player.get(f"/s/{sheet_id}/deal/1").text
    assert "<legend>Who knocked?</legend>" in page  # as the scoring pages ask it
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', page))
    for name in ("_form", "draw", "next", "how"):  # the token is the post's; nothing ticked
        fields.pop(name)
    # the hands typed (the grid's every card is a field named tap.N: none of them sent)
    fields = {name: value for name, value in fields.items() if not name.startswith("tap.")}
    fields.update({"hands.0": GIN_KNOCK_ANNA, "hands.1": GIN_DEFENCE_BORIS})
    answer = player.post(f"/s/{sheet_id}/deal/1", {**fields, "closer": "", "do": "preview"})
    assert answer.status_code == 422
    assert "--closer" not in answer.text and "Who knocked? Choose the player" in answer.text


def _boat_without_its_winner() -> object:
    rules = get_rules("boat")
    return score_deal(
        rules, build_deal(rules, ["Anna", "Boris"], hands={"Anna": "2C", "Boris": "3C"})
    )


def _bridge_without_its_closer() -> object:
    rules = get_rules("bridge")
    players = ["Anna", "Boris", "Carl"]
    return score_deal(rules, build_deal(rules, players, hands={"Anna": "2C", "Boris": "3C"}))


def _bridge_points_without_their_closer() -> object:
    players = ["Anna", "Boris", "Carl"]
    return score_points(get_rules("bridge"), players, DealInput(scores={"Anna": 5}))


@pytest.mark.parametrize(
    ("lang", "refused", "said"),
    [
        ("en", _boat_without_its_winner, "Who went out? Choose the player."),
        (
            "pl",
            _bridge_without_its_closer,
            "Kto zamknął? Wybierz gracza albo zaznacz, że skończył się stos.",
        ),
        (
            "ru",
            _bridge_points_without_their_closer,
            "Кто закрыл сдачу? Выберите игрока или отметьте, что колода кончилась.",
        ),
        ("en", lambda: remikcalc.parse_cards("QX"), "card 1 'QX': unknown suit"),
    ],
)
def test_pad_words(lang: str, refused: Callable[[], object], said: str) -> None:
    # the closer asked for with the pad's buttons; any other refusal as the library words it
    with in_language(lang):
        with pytest.raises(RemikcalcError) as caught:
            refused()
        assert for_pad(caught.value).startswith(said)


def test_the_edit_preview_of_a_running_game_names_no_winner(phone: Phone) -> None:
    # gin to 100: Anna 25, Boris 10; deal 2 made Boris 12 wins nobody the game, before or after
    sheet_id = phone.sheet_id("gin.yaml")
    page = phone.get(f"/s/{sheet_id}/deal/2").text
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', page))
    for name in ("_form", "next"):
        fields.pop(name)
    fields.pop("draw", None)
    points = re.findall(r'name="(scores\.[0-9]+)"', page)
    answer = phone.post(f"/s/{sheet_id}/deal/2", {**fields, points[1]: "12", "do": "preview"})
    assert answer.status_code == 200 and "What changes" in answer.text
    assert "Winner:" not in answer.text


def test_the_edit_preview_names_the_winner_it_makes(phone: Phone) -> None:
    # deal 1 made Anna 120: past 100, she wins the game
    sheet_id = phone.sheet_id("gin.yaml")
    page = phone.get(f"/s/{sheet_id}/deal/1").text
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', page))
    for name in ("_form", "next"):
        fields.pop(name)
    fields.pop("draw", None)
    points = re.findall(r'name="(scores\.[0-9]+)"', page)
    answer = phone.post(f"/s/{sheet_id}/deal/1", {**fields, points[0]: "120", "do": "preview"})
    assert re.search(r"Winner: <del>—</del>\s*<ins>Anna</ins>", answer.text), answer.text
