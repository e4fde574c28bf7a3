"""Whatever a request holds, the pad answers with a clear refusal, never a 500: the status that
says why, a page in the phone's language where a browser shows it, JSON for the API; and the
sheets are left byte for byte as they were."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.padkit import ORIGIN, Phone, folder, join, make_pad, pad, phone  # noqa: F401

__all__ = ["folder", "pad", "phone"]


def snapshot(where: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(where.iterdir()) if p.is_file()}


# --- numbers that are digits to Python but not to int() ---------------------------------------

#: '²' and '①' pass str.isdigit(), and int() refuses them
ODD_DIGITS = ("²", "①", "3²")


def _odd_number_requests(phone: Phone, odd: str) -> list[tuple[str, str, dict[str, Any]]]:
    gin = phone.sheet_id("gin.yaml")
    return [
        ("GET", f"/s/{gin}/deal/{odd}", {}),
        ("POST", f"/s/{gin}/deal/{odd}", {"mode": "points"}),
        ("GET", f"/s/{gin}/deal/{odd}/delete", {}),
        ("POST", f"/s/{gin}/deal/1", {"mode": "points", "seen": odd, "closer": odd}),
        ("POST", f"/s/{gin}/points", {"deals": odd, "closer": odd, "scores.0": "10"}),
        ("POST", f"/s/{gin}/cards", {"deals": odd, "closer": odd}),
        ("POST", f"/s/{gin}/preview", {"closer": odd}),
        ("POST", f"/s/{gin}/draft/me", {"who": odd}),
        ("POST", f"/s/{gin}/draft/deal", {"deals": odd, "do": "confirm"}),
        ("PUT", f"/api/sheets/{gin}/entries/{odd}", {}),
        ("DELETE", f"/api/sheets/{gin}/entries/{odd}", {}),
    ]


@pytest.mark.parametrize("odd", ODD_DIGITS)
def test_unicode_digits_in_a_deal_number_or_a_field_are_refused_not_a_500(
    phone: Phone, folder: Path, odd: str
) -> None:
    before = snapshot(folder)
    for method, path, data in _odd_number_requests(phone, odd):
        if path.startswith("/api/"):
            answer = phone.api(method, path, {"version": "x", "entry": {}})
        elif method == "POST":
            answer = phone.post(path, data)
        else:
            answer = phone.get(path)
        assert answer.status_code < 500, (method, path, answer.status_code)
    # a cookie's bytes are read as Latin-1: b"\xb2" is '²'
    gin = phone.sheet_id("gin.yaml")
    cookie = f"remikcalc_pad={phone.config.token}; remikcalc_me_{gin}=".encode() + b"\xb2"
    assert phone.get(f"/s/{gin}/draft", headers={"cookie": cookie}).status_code == 200
    assert snapshot(folder) == before


# --- bodies the pad will not read --------------------------------------------------------------


@pytest.mark.parametrize("depth", [2_000, 30_000])
def test_deeply_nested_json_is_a_400(phone: Phone, folder: Path, depth: int) -> None:
    before = snapshot(folder)
    gin = phone.sheet_id("gin.yaml")
    answer = phone.client.post(
        f"/api/sheets/{gin}/entries",
        content=b"[" * depth + b"]" * depth,
        headers={
            "origin": ORIGIN,
            "x-pad-form": phone.config.form_token(),
            "content-type": "application/json",
        },
    )
    assert answer.status_code == 400
    assert "error" in answer.json()
    assert snapshot(folder) == before


def _chunks(total: int, size: int = 4096) -> Any:
    sent = 0
    while sent < total:
        yield b"a" * size
        sent += size


@pytest.mark.parametrize("where", ["api", "form"])
def test_a_chunked_body_over_64_kib_is_a_413(phone: Phone, folder: Path, where: str) -> None:
    # no Content-Length: the size is known only while the body is read
    before = snapshot(folder)
    gin = phone.sheet_id("gin.yaml")
    if where == "api":
        path, kind = f"/api/sheets/{gin}/entries", "application/json"
    else:
        path, kind = f"/s/{gin}/points", "application/x-www-form-urlencoded"
    answer = phone.client.post(
        path,
        content=_chunks(80 * 1024),
        headers={"origin": ORIGIN, "x-pad-form": phone.config.form_token(), "content-type": kind},
    )
    assert answer.status_code == 413
    assert snapshot(folder) == before


def test_a_content_length_that_is_not_a_number_is_a_400(phone: Phone) -> None:
    for length in (b"\xb2", b"-1", b"1e3", b" 12"):
        answer = phone.get("/", headers={"content-length": length})
        assert answer.status_code == 400, length


# --- the pad's own refusals: a page in the phone's language, JSON for the API ----------------

HTML = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8", "accept-language": "pl-PL,pl;q=0.9"}
JSON = {"accept": "application/json", "accept-language": "pl"}


def _said(status: int) -> tuple[str, str]:
    from remikcalc.base.i18n import in_language
    from remikcalc.web.call import refusal_words

    with in_language("pl"):
        return refusal_words(status)


def _is_page(answer: Any, status: int) -> None:
    import html as html_module

    title, sentence = _said(status)
    assert answer.status_code == status
    assert answer.headers["content-type"].startswith("text/html")
    text = html_module.unescape(answer.text)
    assert '<html lang="pl">' in answer.text, answer.text[:300]
    assert f"<title>{title}" in text and sentence in text, text


def _is_json(answer: Any, status: int) -> None:
    assert answer.status_code == status
    assert answer.headers["content-type"].startswith("application/json")
    assert answer.json()["error"] == _said(status)[1]


def test_a_phone_that_has_not_joined_gets_a_page_in_its_language(pad: Any) -> None:
    # what every phone sees after the pad is started again
    from starlette.testclient import TestClient

    app, _config = pad
    stranger = TestClient(app, base_url=ORIGIN)
    _is_page(stranger.get("/", headers=HTML), 401)
    _is_json(stranger.get("/api/sheets", headers=JSON), 401)
    plain = stranger.get("/", headers={"accept-language": "pl"})
    assert plain.status_code == 401 and plain.text.strip() == _said(401)[1]


def test_a_foreign_host_and_a_large_body_get_a_page_too(phone: Phone) -> None:
    _is_page(phone.get("/", headers={**HTML, "host": "evil.example:8765"}), 421)
    _is_json(phone.get("/api/sheets", headers={**JSON, "host": "evil.example:8765"}), 421)
    big = phone.client.post(
        "/prefs",
        content=b"x" * (70 * 1024),
        headers={**HTML, "origin": ORIGIN, "content-type": "application/x-www-form-urlencoded"},
    )
    _is_page(big, 413)


def test_no_such_page_and_a_wrong_method_get_a_page_in_the_phones_language(phone: Phone) -> None:
    _is_page(phone.get("/nowhere", headers=HTML), 404)
    _is_page(phone.get("/static/nothing.css", headers=HTML), 404)
    _is_json(phone.get("/api/nowhere", headers=JSON), 404)
    wrong = phone.client.delete("/", headers={**HTML, "origin": ORIGIN})
    _is_page(wrong, 405)
    assert "GET" in wrong.headers["allow"]
    _is_json(phone.client.patch("/api/sheets", headers={**JSON, "origin": ORIGIN}), 405)


def test_a_server_error_outside_a_page_is_a_page_too(
    pad: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from starlette.testclient import TestClient

    from remikcalc.web.pad import Pad

    def broken(*_args: Any) -> Any:
        raise RuntimeError("a bug of ours")

    monkeypatch.setattr(Pad, "watch", broken)
    app, config = pad
    joined = join(app, config)
    sheet = joined.sheet_id("gin.yaml")
    client = TestClient(app, base_url=ORIGIN, raise_server_exceptions=False)
    client.cookies = joined.client.cookies
    _is_page(client.get(f"/s/{sheet}/events", headers=HTML), 500)
    assert "a bug of ours" not in client.get(f"/s/{sheet}/events", headers=HTML).text


# --- no path of the server's on a phone ---------------------------------------------------------


def test_a_sheet_that_does_not_load_is_named_without_the_servers_folders(tmp_path: Path) -> None:
    folder = tmp_path / "friday"
    folder.mkdir()
    (folder / "broken.yaml").write_bytes("title: zażółć\n".encode("cp1250"))
    phone = join(*make_pad(folder))
    for answer in (phone.get("/"), phone.get("/api/sheets")):
        assert answer.status_code == 200
        assert "broken.yaml" in answer.text and str(tmp_path) not in answer.text, answer.text
