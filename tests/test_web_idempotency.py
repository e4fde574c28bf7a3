"""A write sent twice is written once (docs/INTERFACE.md, "The score pad"): every form of the pad
and every write of its JSON API carries an idempotency key, claimed before the write
(``Pad.once``, the pad's one helper for it), and a request sent again with that key, even at
the same moment (a double tap, a phone that resends), is answered as the first one was.

Each case below sends one write six times at once from six phones (each its own client, so
nothing but the key ties them together) and requires one change to the sheet and six answers
alike. Without the helper the five late ones would be refused as stale (409).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import remikcalc
from remikcalc.web.pad import Answers
from tests.padkit import Phone, hidden, join, make_pad

PHONES = 6
GIN_ANNA = "9C 9D 9H 5S 6S 7S KD KH KS 2C"
GIN_BORIS = "AS 2S 3H 4D 5D 8C 8D JC QC TD"


def _at_once(phones: list[Phone], send: Callable[[Phone], Any]) -> list[Any]:
    """``send(phone)`` from every phone at the same moment; the answers in phone order."""
    barrier = threading.Barrier(len(phones))
    answers: list[Any] = [None] * len(phones)

    def one(i: int) -> None:
        barrier.wait()
        answers[i] = send(phones[i])

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(phones))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def _fields(html: str, names: tuple[str, ...], after: str = "") -> dict[str, str]:
    part = html.split(after, 1)[1] if after else html
    return {name: hidden(part, name) for name in names}


@dataclass
class Case:
    """One kind of write: where it is posted, what, and how the sheet changed."""

    url: str
    send: Callable[[Phone], Any]
    path: Path


def _points(phones: list[Phone], folder: Path) -> Case:
    sheet = phones[0].sheet_id("gin.yaml")
    form = _fields(phones[0].get(f"/s/{sheet}/points").text, ("version", "key", "deals"))
    fields = {**form, "scores.0": "25", "closer": "0", "do": "save"}
    url = f"/s/{sheet}/points"
    return Case(url, lambda p: p.post(url, fields, follow_redirects=False), folder / "gin.yaml")


def _cards(phones: list[Phone], folder: Path) -> Case:
    sheet = phones[0].sheet_id("gin.yaml")
    form = _fields(phones[0].get(f"/s/{sheet}/cards").text, ("version", "key", "deals"))
    fields = {**form, "hands.0": GIN_ANNA, "hands.1": GIN_BORIS, "closer": "0", "do": "save"}
    url = f"/s/{sheet}/cards"
    return Case(url, lambda p: p.post(url, fields, follow_redirects=False), folder / "gin.yaml")


def _draft(phones: list[Phone], folder: Path) -> Case:
    sheet = phones[0].sheet_id("gin.yaml")
    for seat, cards in ((0, GIN_ANNA), (1, GIN_BORIS)):
        phones[seat].post(f"/s/{sheet}/draft/me", {"who": str(seat)})
        page = phones[seat].get(f"/s/{sheet}/draft").text
        form = _fields(page, ("version", "key", "deals"), 'id="hand-form"')
        phones[seat].post(f"/s/{sheet}/draft/hand", {**form, f"hands.{seat}": cards, "do": "save"})
    page = phones[0].get(f"/s/{sheet}/draft").text
    form = _fields(page, ("version", "key", "deals"), 'id="deal-form"')
    fields = {**form, "closer": "0", "do": "confirm"}
    url = f"/s/{sheet}/draft/deal"
    return Case(url, lambda p: p.post(url, fields, follow_redirects=False), folder / "gin.yaml")


def _edit(phones: list[Phone], folder: Path) -> Case:
    sheet = phones[0].sheet_id("gin.yaml")
    url = f"/s/{sheet}/deal/1"
    page = phones[0].get(url).text
    form = _fields(page, ("version", "key", "seen", "mode"))
    shown = phones[0].post(url, {**form, "scores.0": "30", "do": "preview"}).text
    form = _fields(shown, ("version", "key", "seen", "mode", "previewed"))
    fields = {**form, "scores.0": "30", "do": "save"}
    return Case(url, lambda p: p.post(url, fields, follow_redirects=False), folder / "gin.yaml")


def _new_sheet(phones: list[Phone], folder: Path) -> Case:
    page = phones[0].get("/new?variant=gin").text
    fields = {**_fields(page, ("key", "variant")), "players": ["Vera", "Gleb"]}
    return Case("/new", lambda p: p.post("/new", fields, follow_redirects=False), folder)


def _api(phones: list[Phone], folder: Path) -> Case:
    sheet = phones[0].sheet_id("gin.yaml")
    version = phones[0].get(f"/api/sheets/{sheet}").json()["version"]
    body = {"version": version, "entry": {"scores": {"Anna": 25}, "closer": "Anna"}}
    url = f"/api/sheets/{sheet}/entries"
    headers = {"idempotency-key": "one-deal"}
    return Case(url, lambda p: p.api("POST", url, body, headers=headers), folder / "gin.yaml")


CASES: dict[str, Callable[[list[Phone], Path], Case]] = {
    "points": _points,
    "cards": _cards,
    "draft": _draft,
    "edit": _edit,
    "new sheet": _new_sheet,
    "api": _api,
}


def _state(path: Path) -> Any:
    """The sheet's entries (a file), or the sheets in the folder."""
    if path.is_dir():
        return sorted(p.name for p in path.glob("*.yaml"))
    return [step.entry for step in remikcalc.open_sheet(path).replay().steps]


@pytest.mark.parametrize("kind", CASES)
def test_the_same_write_sent_from_six_phones_at_once_is_written_once(
    tmp_path: Path, kind: str
) -> None:
    gin = remikcalc.new_sheet(tmp_path / "gin.yaml", variant="gin", players=["Anna", "Boris"])
    gin.add({"scores": {"Boris": 10}})
    app, config = make_pad(tmp_path)
    phones = [join(app, config) for _ in range(PHONES)]
    case = CASES[kind](phones, tmp_path)
    before = _state(case.path)
    answers = _at_once(phones, case.send)
    after = _state(case.path)
    # written once ...
    if kind == "edit":
        assert len(after) == len(before) and after != before
    else:  # one deal added, or one sheet started
        assert len(after) == len(before) + 1, after
    # ... and every phone answered as the first one was
    statuses = {a.status_code for a in answers}
    assert statuses == ({201} if kind == "api" else {303}), [a.text[:300] for a in answers]
    if kind == "api":
        assert len({a.content for a in answers}) == 1
    else:
        assert len({a.headers["location"] for a in answers}) == 1
    # sent once more, later: still the first answer, nothing written
    again = case.send(phones[0])
    assert again.status_code == answers[0].status_code and _state(case.path) == after


def test_a_refused_write_leaves_its_key_free_for_the_write_sent_anew(tmp_path: Path) -> None:
    # only a success is remembered: "add it again" is the same form (the same key) sent anew
    gin = remikcalc.new_sheet(tmp_path / "gin.yaml", variant="gin", players=["Anna", "Boris"])
    gin.add({"scores": {"Anna": 25}})
    phone = join(*make_pad(tmp_path))
    sheet = phone.sheet_id("gin.yaml")
    form = _fields(phone.get(f"/s/{sheet}/points").text, ("version", "key", "deals"))
    refused = phone.post(f"/s/{sheet}/points", {**form, "scores.0": "25", "do": "save"})
    assert refused.status_code == 422 and "Add it again anyway?" in refused.text
    again = phone.post(
        f"/s/{sheet}/points", {**form, "scores.0": "25", "again": "1"}, follow_redirects=False
    )
    assert again.status_code == 303
    assert len(remikcalc.open_sheet(tmp_path / "gin.yaml").replay().steps) == 2


def test_one_helper_waits_for_the_first_and_keeps_keys_apart_by_address() -> None:
    from starlette.responses import RedirectResponse, Response

    answers = Answers(size=2)
    writes: list[str] = []

    def write(where: str) -> Callable[[], Response]:
        def run() -> Response:
            writes.append(where)
            return RedirectResponse(where, status_code=303)

        return run

    first = answers.once("/s/a/points", "k", write("/s/a"))
    second = answers.once("/s/a/points", "k", write("/s/b"))
    other = answers.once("/s/b/points", "k", write("/s/c"))  # the same key elsewhere
    assert writes == ["/s/a", "/s/c"]
    assert second.status_code == 303 and second.headers["location"] == first.headers["location"]
    assert other.headers["location"] == "/s/c"
    assert answers.once("/s/a/points", "", write("/s/d")).headers["location"] == "/s/d"
    # bounded: the oldest answers are forgotten
    answers.once("/x", "1", write("/x1"))
    answers.once("/x", "2", write("/x2"))
    assert answers.once("/s/a/points", "k", write("/s/e")).headers["location"] == "/s/e"


def test_a_refusal_or_a_page_is_not_remembered() -> None:
    from starlette.responses import HTMLResponse, Response

    answers = Answers()
    count = []

    def refused() -> Response:
        count.append(1)
        return Response("no", status_code=422)

    def preview() -> Response:  # an edit saved after a change: its preview shown again
        count.append(1)
        return HTMLResponse("<p>what changes</p>")

    assert answers.once("/a", "k", refused).status_code == 422
    assert answers.once("/a", "k", refused).status_code == 422
    assert answers.once("/a", "k", preview).status_code == 200
    assert answers.once("/a", "k", preview).status_code == 200
    assert len(count) == 4


def test_the_run_keeps_its_state_on_the_pad_alone(tmp_path: Path) -> None:
    # drafts, live watches, write queues and remembered keys: all on the one Pad
    remikcalc.new_sheet(tmp_path / "gin.yaml", variant="gin", players=["Anna", "Boris"])
    app, config = make_pad(tmp_path)
    phone = join(app, config)
    sheet = phone.sheet_id("gin.yaml")
    phone.post(f"/s/{sheet}/draft/me", {"who": "0"})
    page = phone.get(f"/s/{sheet}/draft").text
    form = _fields(page, ("version", "key", "deals"), 'id="hand-form"')
    phone.post(f"/s/{sheet}/draft/hand", {**form, "hands.0": GIN_ANNA, "do": "save"})
    assert len(app.pad.drafts) == 1
    assert app.pad.watch(app.pad.shelf.get(sheet)) is app.pad.watch(app.pad.shelf.get(sheet))
    starlette_state = app.app.state._state  # what the application keeps: the pad only
    assert set(starlette_state) == {"pad"}
    assert re.search(r"remikcalc_me_", str(phone.client.cookies.keys()))
