"""The pad on a shared Wi-Fi: nobody but the table reads or writes (docs/INTERFACE.md, "The score
pad"). Every refusal leaves the sheets byte for byte as they were."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from remikcalc.web.config import PadConfig
from tests.padkit import ORIGIN, Phone, folder, join, make_pad, pad, phone  # noqa: F401

__all__ = ["folder", "pad", "phone"]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_without_the_token_every_route_is_refused(pad: tuple[Any, PadConfig]) -> None:
    app, config = pad
    stranger = TestClient(app, base_url=ORIGIN)
    for path in ("/", "/api/sheets", "/static/pad.css", "/qr.svg", "/join-code"):
        assert stranger.get(path).status_code == 401, path
    assert stranger.get("/join/AAAAAAAAAAAAAAAA", follow_redirects=False).status_code == 403
    bearer = {"authorization": f"Bearer {config.token}"}
    assert stranger.get("/api/sheets", headers=bearer).status_code == 200
    wrong = {"authorization": "Bearer AAAAAAAAAAAAAAAA"}
    assert stranger.get("/api/sheets", headers=wrong).status_code == 401


def test_the_join_address_sets_a_strict_httponly_cookie(pad: tuple[Any, PadConfig]) -> None:
    app, config = pad
    client = TestClient(app, base_url=ORIGIN)
    joined = client.get(f"/join/{config.token}", follow_redirects=False)
    assert joined.status_code == 303 and joined.headers["location"] == "/"
    cookie = joined.headers["set-cookie"]
    assert "HttpOnly" in cookie and "samesite=strict" in cookie.lower() and "Path=/" in cookie
    assert client.get("/").status_code == 200
    upper = TestClient(app, base_url=ORIGIN).get(f"/JOIN/{config.token}", follow_redirects=False)
    assert upper.status_code == 303  # the QR code's upper-case address


@pytest.mark.parametrize("host", ["evil.example:8765", "127.0.0.1:9999", "127.0.0.1", ""])
def test_a_foreign_host_is_refused(pad: tuple[Any, PadConfig], host: str) -> None:
    app, config = pad
    phone = join(app, config)
    assert phone.get("/", headers={"host": host}).status_code == 421


@pytest.mark.parametrize("origin", ["http://evil.example", "null", None])
def test_a_write_from_another_origin_is_refused(
    phone: Phone, folder: Path, origin: str | None
) -> None:
    before = snapshot(folder)
    sheet = phone.sheet_id("gin.yaml")
    version = phone.get(f"/api/sheets/{sheet}").json()["version"]
    headers = {"x-pad-form": phone.config.form_token(), "origin": origin or ""}
    if origin is None:
        headers.pop("origin")
    body = {"version": version, "entry": {"scores": {"Anna": 5}}}
    client = phone.client
    answer = client.post(f"/api/sheets/{sheet}/entries", json=body, headers=headers)
    assert answer.status_code == 403
    assert snapshot(folder) == before


def test_a_write_without_the_form_token_is_refused(phone: Phone, folder: Path) -> None:
    before = snapshot(folder)
    sheet = phone.sheet_id("gin.yaml")
    version = phone.get(f"/api/sheets/{sheet}").json()["version"]
    body = {"version": version, "entry": {"scores": {"Anna": 5}}}
    answer = phone.client.post(
        f"/api/sheets/{sheet}/entries", json=body, headers={"origin": ORIGIN}
    )
    assert answer.status_code == 403
    assert snapshot(folder) == before


def test_every_answer_has_the_security_headers(phone: Phone) -> None:
    for path in ("/", "/api/sheets", "/static/pad.css", "/nowhere"):
        headers = phone.get(path).headers
        assert "script-src 'self'" in headers["content-security-policy"]
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "same-origin"


def test_an_oversized_body_is_refused(phone: Phone, folder: Path) -> None:
    before = snapshot(folder)
    sheet = phone.sheet_id("gin.yaml")
    answer = phone.client.post(
        f"/api/sheets/{sheet}/entries",
        content=b"{" + b" " * (70 * 1024) + b"}",
        headers={
            "origin": ORIGIN,
            "x-pad-form": phone.config.form_token(),
            "content-type": "application/json",
        },
    )
    assert answer.status_code == 413
    assert snapshot(folder) == before


def test_no_route_takes_a_path(phone: Phone) -> None:
    for path in (
        "/s/..%2F..%2Fetc%2Fpasswd",
        "/s/gin.yaml",
        "/api/sheets/..%2Fgin.yaml",
        "/static/..%2F..%2Fconfig.py",
    ):
        assert phone.get(path).status_code == 404, path


# --- the pad's cookie among other apps' cookies ------------------------------------------------


@pytest.mark.parametrize(
    "others",
    [
        "nameless",  # a cookie without a name
        'prefs={"theme": "dark", "size": 2}',  # a JSON value
        "greeting=hello world",  # a space in the value
        "a=b=c; =empty-name; weird",  # anything at all
        "remikcalc_pad=FROMANOTHERRUN",  # a stale cookie of the same name (another path)
    ],
)
def test_a_joined_phone_is_let_in_whatever_other_cookies_the_host_holds(
    pad: tuple[Any, PadConfig], others: str
) -> None:
    # another app on the same address (or an earlier run) may leave cookies that Python's
    # SimpleCookie cannot read; the browser sends them all, before or after the pad's
    app, config = pad
    client = TestClient(app, base_url=ORIGIN)
    mine = f"remikcalc_pad={config.token}"
    for header in (f"{others}; {mine}", f"{mine}; {others}"):
        assert client.get("/", headers={"cookie": header}).status_code == 200, header
    assert client.get("/", headers={"cookie": others}).status_code == 401


# --- what the audit asked of the answers themselves ---------------------------------------------


def test_text_answers_are_compressed(phone: Phone) -> None:
    gzip = {"accept-encoding": "gzip"}
    sheet = phone.sheet_id("gin.yaml")
    for path in ("/", f"/s/{sheet}", f"/api/sheets/{sheet}", f"/s/{sheet}/chart.svg"):
        answer = phone.get(path, headers=gzip)
        assert answer.status_code == 200, path
        assert answer.headers.get("content-encoding") == "gzip", path
        assert "accept-encoding" in answer.headers.get("vary", "").lower(), path
    css = re.search(r'href="(/static/pad\.css[^"]*)"', phone.get("/").text)
    assert css is not None
    assert phone.get(css.group(1), headers=gzip).headers.get("content-encoding") == "gzip"
    # a few bytes are not worth it
    assert "content-encoding" not in phone.get("/api/sheets", headers=gzip).headers


def test_static_files_have_versioned_names_and_a_long_max_age(phone: Phone) -> None:
    import hashlib
    from importlib import resources

    page = phone.get("/").text
    linked = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
    assert {"pad.css", "entry.js", "live.js", "icon.svg"} <= {
        u.split("?")[0].removeprefix("/static/") for u in linked
    }
    for url in linked:
        name, _, query = url.removeprefix("/static/").partition("?")
        data = (resources.files("remikcalc.web") / "static" / name).read_bytes()
        assert query == "v=" + hashlib.sha256(data).hexdigest()[:12], url
        answer = phone.get(url)
        assert answer.status_code == 200 and answer.content == data
        cache = answer.headers["cache-control"]
        assert "max-age=31536000" in cache and "immutable" in cache, (url, cache)
    # the plain name (an older page, a script) is looked at again each time
    assert "max-age=31536000" not in phone.get("/static/pad.css").headers["cache-control"]


def test_no_opener_policy_where_the_browser_must_ignore_it(folder: Path) -> None:
    # COOP counts only on a trustworthy origin: over plain HTTP to a LAN name Chromium logs
    # an error on every page (best practices fell to 76); on 127.0.0.1 it stays
    app, config = make_pad(folder, extra=frozenset({"scorepad.test"}))
    phone = join(app, config)
    lan = phone.get("/", headers={"host": "scorepad.test:8765"})
    assert lan.status_code == 200 and "cross-origin-opener-policy" not in lan.headers
    local = phone.get("/")
    assert local.headers["cross-origin-opener-policy"] == "same-origin"
