"""A real browser on the score pad: Debian's Chromium driven by Playwright, against a real
``remikcalc serve`` process on a folder of real sheets.

Chromium comes from the system (``apt-get install chromium``), never from Playwright's own
download. Without it the browser tests skip, saying why; ``.ci/run`` installs it and sets
``REMIKCALC_BROWSER_REQUIRED=1``, which turns the skip into a failure, so CI always runs them.

The browser reaches the pad by a LAN-like name: Chromium's ``--host-resolver-rules`` maps
``scorepad.test`` to 127.0.0.1 and the server allows that name (``--allow-host``), so the
Host and Origin checks are the ones a phone on the Wi-Fi meets.

A test waits for the thing it checks, never for a time: for the page a link or a redirect
leads to (``page.wait_for_url``), for the page's answer to a form (``answer``), for the
engine's answer to taps (``preview``), for the live update a change on another phone brings
(``live_refresh``), and then for the state of the page itself (Playwright's ``expect``). On a
loaded machine each of these takes longer, and the test still sees what it waited for.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

NAME = "scorepad.test"
REQUIRED = os.environ.get("REMIKCALC_BROWSER_REQUIRED") == "1"
#: where the screenshots go, when REMIKCALC_SHOTS names a folder (looked at by a person
#: before a release; never compared, so a plain run takes none: a full-page PNG of a phone's
#: page costs a third of a second, some twenty a run)
SHOTS = Path(os.environ["REMIKCALC_SHOTS"]) if os.environ.get("REMIKCALC_SHOTS") else None


def chromium() -> str:
    """The system's Chromium; skip (or fail, where it is required) without it."""
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        reason = "Chromium is not installed (apt-get install chromium); .ci/run installs it"
        if REQUIRED:
            pytest.fail(reason)
        pytest.skip(reason)
    return path


@dataclass
class Server:
    """A ``remikcalc serve`` process and the addresses a browser uses."""

    proc: subprocess.Popen[str]
    port: int
    token: str

    @property
    def base(self) -> str:
        return f"http://{NAME}:{self.port}"

    @property
    def join(self) -> str:
        return f"{self.base}/join/{self.token}"


def start_server(folder: Path, *args: str) -> Server:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "remikcalc",
            "serve",
            str(folder),
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--allow-host",
            NAME,
            *args,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.match(r"http://127\.0\.0\.1:(\d+)/join/([A-Z2-7]+)$", line.strip())
    if found is None:
        proc.kill()
        raise AssertionError(f"serve printed {line!r}; stderr: {proc.communicate()[1]}")
    return Server(proc, int(found.group(1)), found.group(2))


def stop_server(server: Server) -> str:
    """Stop the server as Ctrl-C would (SIGTERM); what it wrote to stderr."""
    server.proc.terminate()
    try:
        _out, err = server.proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        server.proc.kill()
        server.proc.communicate()
        raise
    return err


#: how long a wait for a thing (a page, an answer, a state of the page) may take before the
#: test fails: a ceiling for a loaded machine, not a time any test waits (each wait ends when
#: the thing is there). Playwright's own default for assertions is 5 s.
PATIENCE_MS = 30_000


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = chromium()
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=PATIENCE_MS)

    with sync_playwright() as p:
        launched = p.chromium.launch(
            executable_path=executable,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--host-resolver-rules=MAP {NAME} 127.0.0.1",
            ],
        )
        try:
            yield launched
        finally:
            launched.close()
            expect.set_options(timeout=None)  # Playwright's own default again


def phone(browser: Any, width: int = 360, lang: str = "en", **options: Any) -> Any:
    """A new page in a phone-sized window (touch, a phone's pixel ratio) speaking ``lang``."""
    context = browser.new_context(
        viewport={"width": width, "height": 780},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale={"en": "en-GB", "pl": "pl-PL", "ru": "ru-RU"}[lang],
        **options,
    )
    return context.new_page()


def shot(page: Any, name: str) -> Path | None:
    """A full-page screenshot in REMIKCALC_SHOTS, for a person to look at (none without it)."""
    if SHOTS is None:
        return None
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def no_sideways_scroll(page: Any) -> None:
    """The page is no wider than the phone: nothing to scroll sideways."""
    width = page.evaluate("document.documentElement.scrollWidth")
    view = page.evaluate("window.innerWidth")
    assert width <= view, f"the page is {width}px wide in a {view}px window"


def answer(page: Any) -> Any:
    """``with answer(page): button.click()``: until the page's answer to its form (a check, a
    preview of what changes) is back: the document the post answers with."""

    def posted(response: Any) -> bool:
        request = response.request
        return bool(request.resource_type == "document" and request.method == "POST")

    return page.expect_response(posted)


def preview(page: Any, *fields: str) -> Any:
    """``with preview(page, "tap.0=4S"): ...``: until the engine's answer to what was tapped or
    typed is back: the page's own preview request (``POST .../preview``, sent by entry.js a
    moment after the last tap) whose form holds every one of ``fields``."""

    def asked(response: Any) -> bool:
        form = response.request.post_data or ""
        wanted = urlsplit(response.url).path.endswith("/preview")
        return wanted and all(field in form for field in fields)

    return page.expect_response(asked)


def live_refresh(page: Any) -> Any:
    """``with live_refresh(page): ...a change on another phone...``: until ``page`` has fetched
    itself again, as live.js does when the sheet it shows changes."""
    shown = page.url

    def refreshed(response: Any) -> bool:
        request = response.request
        return bool(
            request.resource_type == "fetch" and request.method == "GET" and response.url == shown
        )

    return page.expect_response(refreshed)
