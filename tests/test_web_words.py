"""Words a player uses on the score pad (issue 25, item 4; EVENING.md B9, B10, B16, B17,
B18 and "Words to change"): titles, not file names; a re-entry said as itself; the pool and
what each paid into it in stakes; what a sheet settled against the mean goes by; presets and
house rules in words; one full stop after "Gleb K."; the chart's label over its lines.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import remikcalc
from remikcalc.render import one_full_stop
from remikcalc.render.chart import progression_svg
from remikcalc.session.book import SheetFile
from tests.padkit import Phone, join, make_pad

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def table(tmp_path: Path) -> Path:
    """A bridge game won by Vera (Boris re-entered), a Polish sheet, a gin game won by
    "Gleb K."."""
    bridge = remikcalc.new_sheet(
        tmp_path / "bridge-2026-12-06.yaml",
        variant="bridge",
        players=["Vera", "Boris", "Carl"],
        stake="0.50",
        currency="PLN",
        title="Friday bridge",
    )
    # entries 3 each = 9 stakes; Boris out at 110, re-enters (3 stakes), then Boris and Carl
    # go out: Vera, the last one in, takes the pool
    bridge.add({"closer": "Vera", "scores": {"Vera": -10, "Boris": 110, "Carl": 40}})
    bridge.add({"reenter": "Boris"})
    polish = remikcalc.new_sheet(
        tmp_path / "polish.yaml", variant="polish", players=["Anna", "Vera", "Gleb"]
    )
    polish.add({"closer": "Anna", "scores": {"Anna": 6, "Vera": -9, "Gleb": -15}})
    gin = remikcalc.new_sheet(
        tmp_path / "gin.yaml", variant="gin", players=["Anna", "Gleb K."], rules={"game_target": 20}
    )
    gin.add({"scores": {"Gleb K.": 30}})
    return tmp_path


@pytest.fixture
def phone(table: Path) -> Phone:
    return join(*make_pad(table))


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def crumbs(page: str) -> list[str]:
    bar = re.search(r'<header class="bar">(.*?)</header>', page, re.S)
    assert bar is not None
    return [html.unescape(c) for c in re.findall(r'class="crumb"[^>]*>([^<]*)<', bar.group(1))]


def test_breadcrumbs_name_the_sheet_by_its_title(phone: Phone) -> None:
    sid = phone.sheet_id("bridge-2026-12-06.yaml")
    assert crumbs(phone.get(f"/s/{sid}").text) == ["Friday bridge"]
    for part, last in (("settle", "Settle"), ("stats", "Stats"), ("summary", "Text to copy")):
        assert crumbs(phone.get(f"/s/{sid}/{part}").text) == ["Friday bridge", last]
    for part in ("more", "table", "deal/1", "deal/1/delete"):
        assert crumbs(phone.get(f"/s/{sid}/{part}").text) == ["Friday bridge"], part
    # the file name is small print on the list of sheets, for the host
    assert "bridge-2026-12-06.yaml" in phone.get("/").text
    assert "bridge-2026-12-06.yaml" not in phone.get(f"/s/{sid}").text


def test_a_re_entry_is_said_as_itself_not_as_event_e1(phone: Phone, table: Path) -> None:
    sid = phone.sheet_id("bridge-2026-12-06.yaml")
    for part in ("", "/table"):
        text = text_of(phone.get(f"/s/{sid}{part}").text)
        assert "Boris re-enters" in text and "Event" not in text and "e1" not in text
    app, config = make_pad(table)
    russian = join(app, config, **{"accept-language": "ru"})
    ru = russian.get(f"/s/{russian.sheet_id('bridge-2026-12-06.yaml')}").text
    assert "Boris докупается" in ru and "Событие" not in ru


def test_what_each_paid_into_the_pool_is_counted_in_stakes(phone: Phone) -> None:
    text = text_of(phone.get(f"/s/{phone.sheet_id('bridge-2026-12-06.yaml')}").text)
    # each pays 1 stake into the pool to enter (Vera's remik is paid to her, not into the
    # pool); Boris's re-entry is 3 more: Vera 1, Boris 4, Carl 1
    assert "paid in 1 stake" in text and "paid in 4 stakes" in text
    assert re.search(r"paid in \d+(\.\d+)?(?! stake)\b", text) is None


def test_who_took_the_pool_is_said_with_what_it_held(tmp_path: Path) -> None:
    # three players at 0.50 PLN a stake: entries 3; Anna's remik (Boris 95, Carl 40); Boris
    # out and back (3 more); Carl's knock puts Boris and Carl out: Anna takes 8 stakes, 4.00
    sheet = remikcalc.new_sheet(
        tmp_path / "b.yaml",
        variant="bridge",
        players=["Anna", "Boris", "Carl"],
        stake="0.50",
        currency="PLN",
    )
    sheet.add({"closer": "Anna", "scores": {"Anna": -10, "Boris": 95, "Carl": 40}})
    sheet.add({"closer": "Carl", "scores": {"Anna": 20, "Boris": 12, "Carl": 3}})
    sheet.add({"reenter": "Boris"})
    sheet.add({"closer": "Anna", "scores": {"Anna": 5, "Boris": 70, "Carl": 60}})
    phone = join(*make_pad(tmp_path))
    page = phone.get(f"/s/{phone.sheet_id('b.yaml')}").text
    pool = re.search(r'<section class="pool">(.*?)</section>', page, re.S)
    assert pool is not None
    lines = [text_of(p).strip() for p in re.findall(r"<p[^>]*>(.*?)</p>", pool.group(1), re.S)]
    assert lines[0] == "Anna took the pool (4.00 PLN)"
    assert not any(line.startswith("Pool: 0") for line in lines)
    assert "Last taken by" not in page


def test_a_sheet_settled_against_the_mean_says_so_beside_the_money(phone: Phone) -> None:
    # Anna 6, Vera −9, Gleb −15: the mean is −6, so Vera's −9 is −3 and Anna's 6 is +12
    text = text_of(phone.get(f"/s/{phone.sheet_id('polish.yaml')}").text)
    assert (
        "The money goes by each total against the average of all totals (-6): above it gains, "
        "below it pays." in text
    )
    # a gin sheet, settled by games, has no such line
    assert "average of all totals" not in phone.get(f"/s/{phone.sheet_id('gin.yaml')}").text


def test_a_name_ending_in_a_full_stop_ends_a_sentence_with_one(phone: Phone) -> None:
    page = text_of(phone.get(f"/s/{phone.sheet_id('gin.yaml')}/settle").text)
    assert "Game finished, winner Gleb K." in page and "Gleb K.." not in page
    assert one_full_stop("Still waiting for the hands of: Anna, Gleb K..") == (
        "Still waiting for the hands of: Anna, Gleb K."
    )


@pytest.mark.parametrize(
    ("variant", "example"),
    [
        ("gin", "game_target=100"),
        ("oklahoma", "game_target=150"),
        ("bridge", "elimination_at=100"),
        ("polish", "joker_value=20"),
        ("remibrydz", "first_meld_min=30"),
    ],
)
def test_the_house_rules_example_is_a_rule_the_game_reads(
    phone: Phone, variant: str, example: str
) -> None:
    page = phone.get(f"/new?variant={variant}").text
    assert f'placeholder="{example}"' in page
    assert variant in ("gin", "oklahoma") or "game_target" not in page.split("<details")[0]


def test_presets_are_named_and_explained(table: Path) -> None:
    app, config = make_pad(table)
    en = text_of(join(app, config).get("/new?variant=remibrydz").text)
    for words in (
        "small pack 52 cards and 3 jokers",
        "no minimum any meld opens, no 30 needed",
        "no jokers natural cards only",
        "ace in the middle runs may go round: K-A-2",
    ):
        assert words in en
    for raw in ("no_minimum", "no_jokers", ">small<", ">around<"):
        assert raw not in en
    gin = text_of(join(app, config).get("/new?variant=gin").text)
    assert "Russian rules (the default) gin 25, undercut 25, box 25" in gin
    assert "Bicycle gin 20, undercut 10, box 20; no shutout bonus" in gin
    pl = text_of(join(app, config, **{"accept-language": "pl"}).get("/new?variant=remibrydz").text)
    assert "mała talia 52 karty i 3 jokery" in pl and "bez minimum 30" in pl
    ru = text_of(join(app, config, **{"accept-language": "ru"}).get("/new?variant=remibrydz").text)
    assert "туз в середине" in ru and "без джокеров" in ru
    # the stake's label says what one stake is worth
    bridge = text_of(join(app, config).get("/new?variant=bridge").text)
    assert "Stake (value of one stake; optional)" in bridge
    ru_gin = text_of(join(app, config, **{"accept-language": "ru"}).get("/new?variant=gin").text)
    assert "Ставка (сколько стоит одно очко; необязательно)" in ru_gin


def test_the_russian_words_of_the_table(table: Path) -> None:
    app, config = make_pad(table)
    ru = join(app, config, **{"accept-language": "ru"})
    home = text_of(ru.get("/").text)
    assert "Новая запись" in home and "Завести запись" not in home
    sheet = text_of(ru.get(f"/s/{ru.sheet_id('polish.yaml')}").text)
    assert "Кто кому должен сейчас" in sheet and "Долги на сейчас" not in sheet
    more = text_of(ru.get(f"/s/{ru.sheet_id('bridge-2026-12-06.yaml')}/more").text)
    assert "Докупка" in more and "Повторный вход" not in more


def test_stats_say_what_was_left_in_hand(phone: Phone, table: Path) -> None:
    page = text_of(phone.get(f"/s/{phone.sheet_id('polish.yaml')}/stats").text)
    assert "avg. left in hand" in page and "avg caught" not in page


def test_the_chart_s_target_label_is_drawn_over_the_lines(table: Path) -> None:
    state = SheetFile(table / "bridge-2026-12-06.yaml").replay()
    root = ET.fromstring(progression_svg(state))
    order = [e.get("class") for e in root.iter() if e.get("class") in ("player", "target-label")]
    assert order[-1] == "target-label" and "player" in order
    label = next(e for e in root.iter(f"{SVG}text") if e.get("class") == "target-label")
    assert label.text == "out at 100" and label.get("paint-order") == "stroke"
