"""The score pad's reports: the sheet page, settle, the evening, stats, the progression chart,
the text to copy, the table view, and the live updates (server-sent events).

Pages run under Starlette's TestClient on real sheet files; their figures are held against the
command line's (``remikcalc settle ... --format json``, ``remikcalc stats``). The live stream
runs under a real uvicorn server in a thread, read through plain sockets, with the sheet
written by the API and by ``remikcalc add`` in another process.
"""

from __future__ import annotations

import asyncio
import html
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from hypothesis import given, settings
from hypothesis import strategies as st

import remikcalc
from remikcalc.base.i18n import in_language
from remikcalc.render.chart import chart_data, progression_svg
from remikcalc.render.summary import evening_summary_text, summary_text
from remikcalc.session import settle_evening
from remikcalc.session.book import SheetFile
from remikcalc.settle import settle
from remikcalc.web.app import create_app
from remikcalc.web.config import PadConfig
from remikcalc.web.live import Snapshot, change_text, follow_stop, unreadable_text
from tests.clirun import run
from tests.padkit import Phone, join, make_pad
from tests.sheets import SheetMaker

SVG = "{http://www.w3.org/2000/svg}"
EVIL = "<script>alert(1)</script>"


# --- sheets -----------------------------------------------------------------------------------


def gin_two_games(sheet_file: SheetMaker, name: str, *, stake: str | None = "0.10") -> SheetFile:
    """Gin to 50: Anna wins game 1 (30 + 25), Boris leads game 2 (20)."""
    deals = [{"scores": {"Anna": 30}}, {"scores": {"Anna": 25}}, {"scores": {"Boris": 20}}]
    path = sheet_file(
        name,
        rules={"game_target": 50},
        stake=stake,
        currency="PLN" if stake else None,
        deals=deals,
    )
    return remikcalc.open_sheet(path)


def bridge_with_out(sheet_file: SheetMaker, name: str) -> SheetFile:
    """Bridge, 2 PLN a stake: Boris goes out at 110 (the pool holds the stakes)."""
    deals = [
        {"closer": "Anna", "scores": {"Anna": -10, "Boris": 60, "Carl": 40}},
        {"closer": "Carl", "scores": {"Anna": 20, "Boris": 50, "Carl": 10}},
    ]
    path = sheet_file(name, "bridge", "Anna,Boris,Carl", stake="2", currency="PLN", deals=deals)
    return remikcalc.open_sheet(path)


def rummy_mean(sheet_file: SheetMaker, name: str, *, stake: str | None = "0.05") -> SheetFile:
    """Rummy without a target, settled against the mean (10/3 a head: money is rounded)."""
    deals = [{"closer": "Anna", "scores": {"Anna": 20, "Boris": -7, "Carl": -3}}]
    path = sheet_file(
        name,
        "rummy",
        "Anna,Boris,Carl",
        stake=stake,
        currency="PLN" if stake else None,
        deals=deals,
    )
    return remikcalc.open_sheet(path)


@pytest.fixture
def tables(tmp_path: Path, sheet_file: SheetMaker) -> Path:
    gin_two_games(sheet_file, "gin.yaml")
    bridge_with_out(sheet_file, "bridge.yaml")
    rummy_mean(sheet_file, "rummy.yaml")
    rummy_mean(sheet_file, "free.yaml", stake=None)
    return tmp_path


@pytest.fixture
def player(tables: Path) -> Phone:
    return join(*make_pad(tables))


# --- reading pages ----------------------------------------------------------------------------


class _Rows(HTMLParser):
    """The rows of the first ``table.figures``: each cell's text."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.classes: list[list[str]] = []
        self._in = False
        self._cell: list[str] | None = None
        self._done = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        cls = dict(attrs).get("class") or ""
        if tag == "table" and "figures" in cls and not self._done:
            self._in = True
        elif self._in and tag == "tr":
            self.rows.append([])
            self.classes.append([])
        elif self._in and tag in ("td", "th"):
            self._cell = []
            self.classes[-1].append(cls)

    def handle_endtag(self, tag: str) -> None:
        if self._in and tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell).strip())
            self._cell = None
        elif tag == "table" and self._in:
            self._in, self._done = False, True

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def figures(page: str) -> tuple[list[str], dict[str, list[str]], dict[str, list[str]]]:
    """A settlement page's table: its headings, and each player's cells and their classes."""
    parser = _Rows()
    parser.feed(page)
    head, *rows = parser.rows
    cells = {row[0]: row[1:] for row in rows}
    classes = {row[0]: cls[1:] for row, cls in zip(rows, parser.classes[1:], strict=True)}
    return head, cells, classes


def text_of(page: str) -> str:
    """A page's text: tags dropped, entities read, spaces squeezed."""
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def amount(cell: str) -> Decimal:
    return Decimal(cell.replace("PLN", "").replace("+", "").replace(",", "").strip())


def cli_json(*args: str) -> Any:
    result = run(*args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def cli_lines(*args: str) -> list[str]:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return [line.strip() for line in result.stdout.splitlines() if line.strip()]


# --- the sheet page ---------------------------------------------------------------------------


def test_sheet_page_gin_two_games_shows_totals_left_money_and_games(player: Phone) -> None:
    page = player.get(f"/s/{player.sheet_id('gin.yaml')}").text
    text = text_of(page)
    # game 2 is running: its totals large, the points to 50, the money so far
    assert re.search(r'class="who">Anna</span>\s*<span class="points">0<', page)
    assert re.search(r'class="who">Boris</span>\s*<span class="points">20<', page)
    assert "50 to go" in text and "30 to go" in text
    assert 'class="money up">+18.50 PLN' in page and 'class="money down">-18.50 PLN' in page
    assert "Owed so far" in text and "Boris pays Anna 18.50 PLN" in text
    # the deals grouped by game, the newest first, each with its heading
    assert text.index("Game 2: playing") < text.index("Game 1: won by Anna")
    deals = re.findall(r'<span class="n">(\d+)</span>', page)
    assert deals == ["3", "2", "1"]
    assert text.index("Boris +20") < text.index("Game 1: won by Anna") < text.index("Anna +25")


def test_sheet_page_bridge_shows_who_is_out_the_pool_and_who_paid_in(player: Phone) -> None:
    page = player.get(f"/s/{player.sheet_id('bridge.yaml')}").text
    text = text_of(page)
    assert re.search(
        r'<div class="total out">\s*<span class="who">Boris <span class="tag">out of the game', page
    )
    assert "Out: Boris (110)" in text
    assert "90 before out" in text and "50 before out" in text  # Anna 10, Carl 50 of 100
    assert "Pool: 4 stakes = 8.00 PLN" in text
    assert "Paid in so far: Anna 1.5, Boris 1.5, Carl 1" in text
    assert "paid in 1.5" in text
    assert text.count("Pool: 4 stakes") == 1  # the pool's box, not the status line again
    assert "Boris 110 out" in text  # the row of deal 2
    for line in cli_lines("settle", str(Path(player.config.paths[0]) / "bridge.yaml")):
        if " pays " in line and not line.endswith(":"):
            assert line in text


def test_sheet_page_rummy_mean_with_and_without_a_stake(player: Phone) -> None:
    staked = text_of(player.get(f"/s/{player.sheet_id('rummy.yaml')}").text)
    free = player.get(f"/s/{player.sheet_id('free.yaml')}").text
    where = Path(player.config.paths[0])
    money = cli_json("settle", str(where / "rummy.yaml"))["money"]
    # each total against the mean (20 - 10/3 = 16.67 ...), rounded so that it still squares
    assert money == {"Anna": "0.84", "Boris": "-0.52", "Carl": "-0.32"}
    assert "+0.84 PLN" in staked and "-0.52 PLN" in staked and "-0.32 PLN" in staked
    assert "Carl pays Anna 0.32 PLN" in staked
    # no stake: the net in points, with its word
    net = cli_json("settle", str(where / "free.yaml"))["net"]
    assert net == {"Anna": "16.66", "Boris": "-10.33", "Carl": "-6.33"}
    assert 'class="money up">net +16.66' in free and 'class="money down">net -10.33' in free
    assert "PLN" not in text_of(free).split("Deals")[0]


def test_sheet_page_hollywood_shows_the_three_columns(tmp_path: Path) -> None:
    sheet = remikcalc.new_sheet(
        tmp_path / "h.yaml",
        variant="gin",
        players=["Anna", "Boris"],
        rules={"scoring": "hollywood"},
    )
    for entry in ({"Anna": 30}, {"Boris": 20}, {"Anna": 10}):
        sheet.add({"scores": entry})
    viewer = join(*make_pad(tmp_path))
    page = viewer.get(f"/s/{viewer.sheet_id('h.yaml')}").text
    cells = re.findall(r'<span class="column">(\d+)</span>', page)
    assert cells == ["40", "10", "0", "20", "0", "0"]
    assert "Anna 40/10/0, Boris 20/0/0" in text_of(page)


def test_sheet_page_new_sheet_without_deals(tmp_path: Path) -> None:
    remikcalc.new_sheet(tmp_path / "new.yaml", variant="bridge", players=["Anna", "Boris"])
    viewer = join(*make_pad(tmp_path))
    page = viewer.get(f"/s/{viewer.sheet_id('new.yaml')}")
    assert page.status_code == 200
    text = text_of(page.text)
    assert "(no deals yet)" in text and "Owed so far" not in text


# --- settle -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["gin.yaml", "bridge.yaml", "rummy.yaml", "free.yaml"])
def test_settle_page_equals_the_cli(player: Phone, name: str) -> None:
    path = str(Path(player.config.paths[0]) / name)
    data = cli_json("settle", path)
    page = player.get(f"/s/{player.sheet_id(name)}/settle")
    assert page.status_code == 200
    head, cells, classes = figures(page.text)
    money = "money" in data
    assert head[-1] == ("money" if money else "net")
    for p in data["players"]:
        assert int(cells[p][0]) == data["totals"][p]
        value = data["money"][p] if money else data["net"][p]
        assert amount(cells[p][-1]) == Decimal(value)
        want = "up" if Decimal(value) > 0 else "down" if Decimal(value) < 0 else ""
        assert classes[p][-1].split()[1:] == ([want] if want else [])
    if "pool" in data and Decimal(data["pool"]):
        assert "paid in" in head
    # every sentence the CLI's settle says under its table, the page says too
    text = text_of(page.text)
    for line in cli_lines("settle", path):
        table_row = any(line.startswith(p) and "  " in line for p in data["players"])
        if not line.startswith(("player", "---", "Who pays whom:")) and not table_row:
            assert line in text, line
    # the payments people are told to make: the transfers, or while a bridge game runs what is
    # still owed with the pool aside (the JSON keeps the pool as a party)
    from remikcalc.render.settlement import shown_transfers
    from remikcalc.settle import settle

    shown = shown_transfers(settle(remikcalc.open_sheet(path).replay()))
    listed = re.search(r'<ul class="transfers">(.*?)</ul>', page.text, re.S)
    assert len(shown) == (0 if listed is None else listed.group(1).count("<li>"))


def test_settle_page_shows_how_each_game_is_made_and_the_rounding(player: Phone) -> None:
    gin = text_of(player.get(f"/s/{player.sheet_id('gin.yaml')}/settle").text)
    assert "How each game is made" in gin
    assert "Game 1 won by Anna: 55 + game 100 + boxes 25 × 2 − 0 = 205" in gin
    assert "Game 2, not finished: net Anna -20, Boris 20" in gin
    rummy = text_of(player.get(f"/s/{player.sheet_id('rummy.yaml')}/settle").text)
    assert "Amounts are rounded to 0.01 PLN; the payments still square." in rummy


def test_settle_page_has_the_chart_and_the_text_to_copy(player: Phone) -> None:
    sheet_id = player.sheet_id("gin.yaml")
    page = player.get(f"/s/{sheet_id}/settle").text
    assert f'src="/s/{sheet_id}/chart.svg?v=' in page
    found = re.search(
        r'<textarea class="copy" id="summary-text" readonly[^>]*>(.*?)</textarea>', page, re.S
    )
    assert found is not None
    state = SheetFile(Path(player.config.paths[0]) / "gin.yaml", "gin.yaml").replay()
    assert html.unescape(found.group(1)) == summary_text(settle(state))


def test_settle_page_speaks_the_phone_s_language(player: Phone) -> None:
    sheet_id = player.sheet_id("gin.yaml")
    page = player.get(f"/s/{sheet_id}/settle", headers={"accept-language": "pl"}).text
    state = SheetFile(Path(player.config.paths[0]) / "gin.yaml", "gin.yaml").replay()
    with in_language("pl"):
        from remikcalc.render.settlement import transfer_lines

        lines = transfer_lines(settle(state))
    assert lines and all(line in text_of(page) for line in lines)
    assert "18,50" in page


# --- the evening ------------------------------------------------------------------------------


def test_evening_offers_every_sheet_checked(player: Phone) -> None:
    page = player.get("/evening").text
    boxes = re.findall(r'<input type="checkbox" name="s" value="([^"]+)"( checked)?', page)
    assert len(boxes) == 4 and all(checked for _id, checked in boxes)


def test_evening_of_two_sheets_equals_the_cli(
    player: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(player.config.paths[0])
    data = cli_json("settle", "gin.yaml", "rummy.yaml")
    ids = [player.sheet_id("gin.yaml"), player.sheet_id("rummy.yaml")]
    page = player.get(f"/evening?go=1&s={ids[0]}&s={ids[1]}")
    assert page.status_code == 200
    head, cells, _classes = figures(page.text)
    assert head == ["player", "money"]
    assert {p: amount(c[0]) for p, c in cells.items()} == {
        p: Decimal(v) for p, v in data["money"].items()
    }
    text = text_of(page.text)
    for t in data["transfers"]:
        assert f"{t['from']} pays {t['to']} {t['amount']} PLN" in text
    # only the chosen sheets are checked now
    checked = re.findall(r'value="([^"]+)" checked', page.text)
    assert sorted(checked) == sorted(ids)
    # the text to copy is the evening's summary, the sheets named by their titles
    settlements = [settle(SheetFile(name, name).replay()) for name in ("gin.yaml", "rummy.yaml")]
    titles = ["Gin: Anna, Boris", "Rummy: Anna, Boris, Carl"]
    summary = evening_summary_text(settle_evening(settlements), titles)
    assert html.escape(summary, quote=False) in page.text


def test_evening_of_mixed_currencies_leaves_one_out_where_the_cli_refuses(
    player: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    where = Path(player.config.paths[0])
    usd = remikcalc.new_sheet(
        where / "usd.yaml", variant="gin", players=["Anna", "Boris"], stake="1", currency="USD"
    )
    usd.add({"scores": {"Anna": 10}})
    monkeypatch.chdir(where)
    result = run("settle", "gin.yaml", "usd.yaml")
    assert result.exit_code == 1
    message = result.stderr.strip().removeprefix("Error: ")
    assert message == (
        "usd.yaml is in USD but gin.yaml is in PLN: settle sheets of one currency together"
    )
    # the pad settles the sheet it can (gin, the first of as many) and says why the other
    # is left out, in words
    ids = [player.sheet_id("gin.yaml"), player.sheet_id("usd.yaml")]
    page = player.get(f"/evening?go=1&s={ids[0]}&s={ids[1]}")
    assert page.status_code == 200
    text = text_of(page.text)
    assert "Left out of this settlement" in text and "Gin: Anna, Boris" in text
    assert (
        "Its stake is in USD, and the evening is settled in PLN: only sheets of one currency "
        "add up." in text
    )
    assert "Who pays whom" in page.text


def test_evening_with_nothing_chosen_asks_for_a_sheet(player: Phone) -> None:
    page = player.get("/evening?go=1")
    assert page.status_code == 422 and "Choose at least one sheet." in page.text


def test_home_links_the_evening_when_several_sheets(player: Phone) -> None:
    assert 'href="/evening"' in player.get("/").text


# --- stats ------------------------------------------------------------------------------------


def _stats_cells(page: str) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for name, body in re.findall(
        r"<section class=\"panel\">\s*<h2>(.*?)</h2>(.*?)</section>", page, re.S
    ):
        pairs = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", body)
        out[html.unescape(name)] = {k: html.unescape(v) for k, v in pairs}
    return out


def test_stats_page_equals_the_cli(player: Phone) -> None:
    path = str(Path(player.config.paths[0]) / "gin.yaml")
    data = cli_json("stats", path)
    page = player.get(f"/s/{player.sheet_id('gin.yaml')}/stats").text
    cells = _stats_cells(page)
    assert set(cells) == set(data["players"])
    for name, figures_ in data["players"].items():
        assert int(cells[name]["deals"]) == figures_["deals"]
        assert int(cells[name]["won"]) == figures_["won"]
        assert int(cells[name]["streak"]) == figures_["longest_streak"]
        best = figures_["best_deal"]
        assert cells[name]["best deal"] == f"+{best['score']} (#{best['n']})"
    assert "chart.svg" in page


def test_evening_stats_equal_the_cli(player: Phone, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(player.config.paths[0])
    data = cli_json("stats", "gin.yaml", "bridge.yaml")
    ids = [player.sheet_id("gin.yaml"), player.sheet_id("bridge.yaml")]
    page = player.get(f"/evening/stats?s={ids[0]}&s={ids[1]}").text
    cells = _stats_cells(page)
    assert set(cells) == set(data["players"])
    for name, figures_ in data["players"].items():
        assert int(cells[name]["deals"]) == figures_["deals"]
        assert int(cells[name]["won"]) == figures_["won"]


# --- the chart --------------------------------------------------------------------------------


def _polylines(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return [e for e in root.iter(f"{SVG}polyline") if e.get("class") == "player"]


def _xs(line: ET.Element) -> list[float]:
    return [float(pair.split(",")[0]) for pair in (line.get("points") or "").split()]


def test_chart_one_line_per_player_per_game_none_across_a_boundary(sheet_file: SheetMaker) -> None:
    state = gin_two_games(sheet_file, "g.yaml").replay()
    svg = progression_svg(state)
    lines = _polylines(svg)
    assert sorted((e.get("data-player"), e.get("data-game")) for e in lines) == [
        ("Anna", "1"),
        ("Anna", "2"),
        ("Boris", "1"),
        ("Boris", "2"),
    ]
    root = ET.fromstring(svg)
    games = [e for e in root.iter(f"{SVG}line") if e.get("class") == "game"]
    assert len(games) == 1
    boundary = float(games[0].get("x1") or 0)
    for line in lines:
        xs = _xs(line)
        if line.get("data-game") == "1":
            assert max(xs) < boundary
        else:
            assert min(xs) > boundary
    # game 2 starts anew at 0: its first point is on the zero line, not at game 1's 55
    data = chart_data(state)
    second = [line for line in data.lines if line.game == 2]
    assert all(line.points[0][1] == 0 for line in second)
    assert [v for _x, v in next(li for li in data.lines if li.player == "Anna").points] == [
        0,
        30,
        55,
    ]
    targets = [e for e in root.iter(f"{SVG}line") if e.get("class") == "target"]
    assert len(targets) == 1 and "target 50" in svg


def test_chart_numbers_deals_as_show_does_and_marks_the_limit(sheet_file: SheetMaker) -> None:
    sheet = bridge_with_out(sheet_file, "b.yaml")
    sheet.add({"reenter": "Boris"})
    sheet.add({"closer": "Anna", "scores": {"Anna": -10, "Boris": 5, "Carl": 5}})
    data = chart_data(sheet.replay())
    assert [n for _x, n in data.ticks] == [1, 2, None, 3]
    assert data.target == 100 and data.eliminates
    svg = progression_svg(sheet.replay())
    assert "out at 100" in svg and len(_polylines(svg)) == 3
    labels = [e.text for e in ET.fromstring(svg).iter(f"{SVG}text")]
    assert {"1", "2", "3"} <= set(labels)


def test_chart_escapes_names_and_has_no_style_attributes(tmp_path: Path) -> None:
    sheet = remikcalc.new_sheet(
        tmp_path / "e.yaml", variant="gin", players=[EVIL, 'Bo "&" <b>'], title="<i>T</i> & co"
    )
    sheet.add({"scores": {EVIL: 10}})
    svg = progression_svg(sheet.replay())
    assert "<script" not in svg and "<b>" not in svg and "<i>" not in svg
    root = ET.fromstring(svg)  # well-formed
    assert {e.get("data-player") for e in _polylines(svg)} == {EVIL, 'Bo "&" <b>'}
    assert all("style" not in e.attrib for e in root.iter())
    assert not any(e.tag == f"{SVG}style" or e.tag == f"{SVG}script" for e in root.iter())


def test_chart_of_a_sheet_without_deals_is_still_an_image(tmp_path: Path) -> None:
    sheet = remikcalc.new_sheet(tmp_path / "n.yaml", variant="rummy", players=["A", "B"])
    root = ET.fromstring(progression_svg(sheet.replay()))
    assert root.tag == f"{SVG}svg"


def test_chart_route_is_svg(player: Phone) -> None:
    answer = player.get(f"/s/{player.sheet_id('gin.yaml')}/chart.svg")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("image/svg+xml")
    assert len(_polylines(answer.text)) == 4


# --- the text to copy -------------------------------------------------------------------------


def test_summary_text_is_plain_lines_for_a_chat(sheet_file: SheetMaker) -> None:
    state = gin_two_games(sheet_file, "g.yaml").replay()
    text = summary_text(settle(state))
    assert text.splitlines() == [
        "Gin: Anna, Boris (3 deals)",
        "Totals: Anna 0, Boris 20",
        "Money: Anna +18.50 PLN, Boris -18.50 PLN",
        "Boris pays Anna 18.50 PLN",
        "Game not finished: settled as it stands.",
    ]
    assert "|" not in text
    bridge = summary_text(settle(bridge_with_out(sheet_file, "b.yaml").replay()))
    assert "Pool: 4 stakes = 8.00 PLN" in bridge.splitlines()
    with in_language("ru"):
        russian = summary_text(settle(state))
    assert "18,50" in russian


def test_summary_routes(player: Phone) -> None:
    sheet_id = player.sheet_id("gin.yaml")
    plain = player.get(f"/s/{sheet_id}/summary.txt")
    assert plain.headers["content-type"].startswith("text/plain")
    assert plain.text.splitlines()[3] == "Boris pays Anna 18.50 PLN"
    page = player.get(f"/s/{sheet_id}/summary").text
    assert "<textarea" in page and "readonly" in page and 'data-select="summary-text"' in page


# --- the table view ---------------------------------------------------------------------------


def test_table_view_is_big_refreshes_itself_and_shows_the_last_why(player: Phone) -> None:
    page = player.get(f"/s/{player.sheet_id('gin.yaml')}/table").text
    assert '<meta http-equiv="refresh" content="5">' in page
    assert '<body class="tv">' in page
    text = text_of(page)
    assert "Deal 3: points only" in text and "entered as points only" in text
    assert "30 to go" in text and "+18.50 PLN" in text and "Boris pays Anna 18.50 PLN" in text
    assert "data-events=" in page


# --- escaping ---------------------------------------------------------------------------------


def test_a_script_name_is_escaped_on_every_page(tmp_path: Path) -> None:
    sheet = remikcalc.new_sheet(
        tmp_path / "x.yaml",
        variant="gin",
        players=[EVIL, "Boris"],
        stake="1",
        currency="PLN",
        title=EVIL,
    )
    sheet.add({"scores": {EVIL: 30}})
    sheet.add({"scores": {"Boris": 10}})
    remikcalc.new_sheet(
        tmp_path / "y.yaml", variant="gin", players=[EVIL, "Boris"], stake="1", currency="PLN"
    ).add({"scores": {"Boris": 5}})
    viewer = join(*make_pad(tmp_path))
    sheet_id = viewer.sheet_id("x.yaml")
    for part in ("", "/settle", "/stats", "/table", "/summary", "/summary.txt", "/chart.svg"):
        answer = viewer.get(f"/s/{sheet_id}{part}")
        assert answer.status_code == 200, part
        if part == "/summary.txt":
            assert answer.headers["content-type"].startswith("text/plain")
            continue
        assert "<script>alert" not in answer.text, part
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in answer.text, part
    for path in ("/evening", "/evening/stats", "/"):
        answer = viewer.get(path)
        assert answer.status_code == 200 and "<script>alert" not in answer.text, path
    assert "style=" not in viewer.get(f"/s/{sheet_id}/settle").text


# --- live: what changed -----------------------------------------------------------------------


def test_change_text_names_the_deal(sheet_file: SheetMaker) -> None:
    sheet = gin_two_games(sheet_file, "g.yaml", stake=None)

    def snap() -> Snapshot:
        version, state = sheet.load()
        numbers = tuple(step.n for step in state.steps)
        return Snapshot(version, tuple(s.entry for s in state.steps), numbers)

    three = snap()
    sheet.add({"scores": {"Anna": 5}})
    four = snap()
    assert change_text(three, four) == ("Deal 4 added", 4)
    assert change_text(four, three) == ("Deal 4 removed", None)
    sheet.edit(2, {"scores": {"Anna": 24}})
    assert change_text(four, snap()) == ("Deal 2 changed", 2)
    assert change_text(None, four)[0] == "The sheet has changed."
    sheet.add({"scores": {"Boris": 1}})
    sheet.add({"scores": {"Boris": 2}})
    assert change_text(four, snap())[0] == "The sheet has changed."  # deal 2 changed too


def test_follow_stop_sets_stopping() -> None:
    class Server:
        should_exit = False

    class Pad:
        stopping = False

    server, run_state = Server(), Pad()

    async def main() -> None:
        task = asyncio.create_task(follow_stop(server, run_state))
        await asyncio.sleep(0.15)
        assert not run_state.stopping
        server.should_exit = True
        await asyncio.wait_for(task, 2)

    asyncio.run(main())
    assert run_state.stopping


# --- live: a real server ----------------------------------------------------------------------


@contextmanager
def live_server(where: Path) -> Iterator[tuple[Any, PadConfig, int]]:
    """The pad under uvicorn on a free port, in a thread (as ``remikcalc serve`` runs it)."""
    config = PadConfig(paths=(str(where),), new_folder=str(where), host="127.0.0.1", lang="en")
    app = create_app(config)
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host="127.0.0.1",
            port=0,
            log_level="warning",
            lifespan="off",
            access_log=False,
            timeout_graceful_shutdown=2,
        )
    )

    async def main() -> None:
        flag = asyncio.create_task(follow_stop(server, app.pad))
        await server.serve()
        flag.cancel()

    thread = threading.Thread(target=asyncio.run, args=(main(),), daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.01)
    port = int(server.servers[0].sockets[0].getsockname()[1])
    try:
        yield app, config, port
    finally:
        server.should_exit = True
        thread.join(10)
        assert not thread.is_alive(), "the server did not stop"


class Stream:
    """A live page's event stream read through a plain socket."""

    def __init__(
        self, port: int, token: str, sheet_id: str, version: str = "", *, lang: str = ""
    ) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        path = f"/s/{sheet_id}/events" + (f"?v={version}" if version else "")
        accept = f"Accept-Language: {lang}\r\n" if lang else ""
        self.sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n"
            f"Accept: text/event-stream\r\n{accept}\r\n".encode()
        )
        self.data = b""
        self.wait_for(b"retry:")

    def wait_for(self, marker: bytes, timeout: float = 5.0, start: int = 0) -> int:
        """Read until ``marker`` appears after ``start``; where it ends."""
        deadline = time.monotonic() + timeout
        while marker not in self.data[start:]:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {marker!r} in {self.data!r}")
            self.sock.settimeout(left)
            chunk = self.sock.recv(65536)
            if not chunk:
                raise AssertionError(f"the stream ended without {marker!r}: {self.data!r}")
            self.data += chunk
        return self.data.index(marker, start) + len(marker)

    def events(self, name: str = "change") -> list[dict[str, Any]]:
        found = re.findall(rf"event: {name}\r?\ndata: (.*?)\r?\n".encode(), self.data)
        return [json.loads(f) for f in found]

    def close(self) -> None:
        self.sock.close()


def _request(port: int, token: str, method: str, path: str, body: Any = None) -> Any:
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    answer = conn.getresponse()
    data = json.loads(answer.read() or b"null")
    conn.close()
    return answer.status, data


def _sheet_id(port: int, token: str, name: str) -> str:
    _status, data = _request(port, token, "GET", "/api/sheets")
    return str(next(s["id"] for s in data["sheets"] if s["name"] == name))


def _cli_add(path: Path, *args: str) -> None:
    """``remikcalc add`` in another process."""
    done = subprocess.run(
        [sys.executable, "-m", "remikcalc", "add", str(path), *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "REMIKCALC_LANG": "en"},
    )
    assert done.returncode == 0, done.stderr


def test_live_event_after_a_cli_add_and_after_an_api_post(
    tmp_path: Path, sheet_file: SheetMaker
) -> None:
    gin_two_games(sheet_file, "gin.yaml")
    with live_server(tmp_path) as (_app, config, port):
        sheet_id = _sheet_id(port, config.token, "gin.yaml")
        _status, sheet = _request(port, config.token, "GET", f"/api/sheets/{sheet_id}")
        stream = Stream(port, config.token, sheet_id, sheet["version"])
        arrived: list[float] = []

        def listen() -> None:
            stream.wait_for(b"event: change", timeout=30)
            arrived.append(time.time())

        listener = threading.Thread(target=listen)
        listener.start()
        _cli_add(tmp_path / "gin.yaml", "--score", "Anna=7")
        written = os.stat(tmp_path / "gin.yaml").st_mtime
        listener.join(30)
        assert arrived, stream.data
        latency = arrived[0] - written
        first = stream.events()[0]
        assert first["message"] == "Deal 4 added" and first["deal"] == 4
        status, posted = _request(
            port,
            config.token,
            "POST",
            f"/api/sheets/{sheet_id}/entries",
            {"version": first["version"], "entry": {"scores": {"Boris": 3}}},
        )
        assert status == 201
        stream.wait_for(b"Deal 5 added", start=stream.data.index(b"Deal 4 added"))
        second = stream.events()[-1]
        assert second["version"] == posted["version"]
        stream.close()
    print(f"\nlive: CLI add -> event in {latency * 1000:.0f} ms")
    assert latency < 1.0


def test_live_stream_ends_when_the_server_stops(tmp_path: Path, sheet_file: SheetMaker) -> None:
    gin_two_games(sheet_file, "gin.yaml")
    with live_server(tmp_path) as (app, config, port):
        stream = Stream(port, config.token, _sheet_id(port, config.token, "gin.yaml"))
        started = time.monotonic()
        app.pad.stopping = True
        stream.wait_for(b"event: bye", timeout=3)
        stream.wait_for(b"0\r\n\r\n", timeout=3)  # the chunked body ends
        assert time.monotonic() - started < 1.5
        stream.close()


def test_live_stream_of_a_sheet_not_served_is_404(tmp_path: Path, sheet_file: SheetMaker) -> None:
    gin_two_games(sheet_file, "gin.yaml")
    app, config = make_pad(tmp_path)
    viewer = join(app, config)
    assert viewer.get("/s/nosuchsheet/events").status_code == 404


@contextmanager
def served_process(where: Path) -> Iterator[tuple[int, str, list[float]]]:
    """``remikcalc serve`` in its own process on a free port: its port and token; on leaving,
    Ctrl-C (SIGINT), and how long it took to stop is appended to the list yielded."""
    import signal

    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "remikcalc",
            "serve",
            str(where),
            "--host",
            "127.0.0.1",
            "--port",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "REMIKCALC_LANG": "en"},
    )
    stopped: list[float] = []
    try:
        assert proc.stdout is not None
        address = ""
        deadline = time.monotonic() + 30
        while not address.startswith("http://"):
            assert time.monotonic() < deadline, "serve printed no address"
            address = proc.stdout.readline().strip()
            assert address or proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        found = re.match(r"http://127\.0\.0\.1:(\d+)/join/(\w+)$", address)
        assert found is not None, address
        yield int(found.group(1)), found.group(2), stopped
    finally:
        start = time.monotonic()
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(15)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            for pipe in (proc.stdout, proc.stderr):
                if pipe is not None:
                    pipe.close()
        stopped.append(time.monotonic() - start)


def test_twenty_live_pages_do_not_slow_a_write(tmp_path: Path, sheet_file: SheetMaker) -> None:
    gin_two_games(sheet_file, "gin.yaml", stake="0.10")
    streams: list[Stream] = []
    with served_process(tmp_path) as (port, token, stopped):
        sheet_id = _sheet_id(port, token, "gin.yaml")
        _status, sheet = _request(port, token, "GET", f"/api/sheets/{sheet_id}")
        version = sheet["version"]

        def writes(count: int) -> list[float]:
            nonlocal version
            times = []
            for i in range(count):
                entry = {"scores": {"Boris" if i % 2 else "Anna": 1}}
                start = time.perf_counter()
                status, data = _request(
                    port,
                    token,
                    "POST",
                    f"/api/sheets/{sheet_id}/entries",
                    {"version": version, "again": True, "entry": entry},
                )
                times.append(time.perf_counter() - start)
                assert status == 201, data
                version = data["version"]
            return times

        writes(3)  # warm up
        alone = writes(12)
        streams = [Stream(port, token, sheet_id, version) for _ in range(20)]
        crowded = writes(12)
        for stream in streams:  # every live page heard of the last write
            stream.wait_for(version.encode(), timeout=5)
        for stream in streams[10:]:
            stream.close()
        streams = streams[:10]
        alone += writes(12)
    # Ctrl-C with ten live pages still open: each stream is told, and the server stops
    for stream in streams:
        stream.wait_for(b"event: bye", timeout=1)
        stream.close()
    quiet, busy = statistics.median(alone), statistics.median(crowded)
    print(
        f"\nlive: a write alone {quiet * 1000:.1f} ms, with 20 live pages open "
        f"{busy * 1000:.1f} ms (medians of 24 and 12); stopped with 10 open in "
        f"{stopped[0]:.2f} s"
    )
    assert busy < quiet * 2 + 0.1  # a stream holding a thread or the loop would cost far more
    assert stopped[0] < 5


# --- the chart, for any sheet -----------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["Anna", "Boris"]), st.integers(1, 40)), max_size=14))
def test_chart_never_draws_a_line_across_a_game(deals: list[tuple[str, int]]) -> None:
    from remikcalc.session.book import make_sheet
    from remikcalc.session.replay import start
    from remikcalc.sheet.read import entry_from_data

    state = start(make_sheet(variant="gin", players=["Anna", "Boris"], rules={"game_target": 50}))
    for name, points in deals:
        state.apply(entry_from_data({"scores": {name: points}}))
    data = chart_data(state)
    games = max((s.game for s in state.steps), default=1)
    assert len(data.lines) == 2 * games and len(data.boundaries) == games - 1
    edges = [0.0, *(x for x, _game in data.boundaries), float("inf")]
    for line in data.lines:
        low, high = edges[line.game - 1], edges[line.game]
        assert all(low <= x < high for x, _v in line.points)
        assert line.points[0][1] == 0  # every game starts anew at 0
    assert [n for _x, n in data.ticks] == list(range(1, len(deals) + 1))
    svg = progression_svg(state)
    assert len(_polylines(svg)) == 2 * games


# --- live: a sheet that cannot be read for a while --------------------------------------------


def _break(path: Path, how: str) -> None:
    """Make the sheet at ``path`` unreadable as a person or a program might."""
    text = path.read_bytes()
    if how == "deleted":
        path.unlink()
    elif how == "moved":
        path.rename(path.with_name("elsewhere.yaml.bak"))
    elif how == "cp1250":
        path.write_bytes(text + "# zażółć gęślą jaźń\n".encode("cp1250"))
    elif how == "too large":
        path.write_bytes(text + b"#" * (1 << 20) + b"\n")
    elif how == "folder":
        path.unlink()
        path.mkdir()
    elif how == "fifo":
        path.unlink()
        os.mkfifo(path)


def _mend(path: Path, text: bytes) -> None:
    if path.is_dir():
        path.rmdir()
    elif path.exists() or path.is_fifo():
        path.unlink()
    path.with_name("elsewhere.yaml.bak").unlink(missing_ok=True)
    path.write_bytes(text)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_live_page_is_told_its_sheet_cannot_be_read_and_follows_it_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, sheet_file: SheetMaker
) -> None:
    path = Path(gin_two_games(sheet_file, "gin.yaml").path)
    good = path.read_bytes()
    said_in = {}
    for lang in ("en", "pl"):
        with in_language(lang):
            said_in[lang] = {unreadable_text("gin.yaml", gone=gone) for gone in (True, False)}
    with live_server(tmp_path) as (_app, config, port):
        sheet_id = _sheet_id(port, config.token, "gin.yaml")
        for how in ("deleted", "moved", "cp1250", "too large", "folder", "fifo"):
            _status, sheet = _request(port, config.token, "GET", f"/api/sheets/{sheet_id}")
            open_page = Stream(port, config.token, sheet_id, sheet["version"], lang="pl")
            _break(path, how)
            said = open_page.wait_for(b"event: unreadable")
            message = open_page.events("unreadable")[-1]["message"]
            assert message in said_in["pl"] and message not in said_in["en"], (how, message)
            # a page opened (or reconnecting) meanwhile gets the stream, not a 404 or a 500
            reconnect = Stream(port, config.token, sheet_id, lang="pl")
            reconnect.wait_for(b"event: unreadable")
            _mend(path, good + f"# back after: {how}\n".encode())
            for stream in (open_page, reconnect):
                stream.wait_for(b"event: change", start=said if stream is open_page else 0)
                stream.close()
    errors = [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]
    assert not errors, [r.getMessage() for r in errors]
