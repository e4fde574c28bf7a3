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
        ("POST", f"/s/{gin}/points", {"deals": odd, "closer": odd, "p0": "10"}),
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
