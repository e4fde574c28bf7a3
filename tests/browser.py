"""A real browser on the score pad: Debian's Chromium driven by Playwright, against a real
``remikcalc serve`` process on a folder of real sheets.

Chromium comes from the system (``apt-get install chromium``), never from Playwright's own
download. Without it the browser tests skip, saying why; ``.ci/run`` installs it and sets
``REMIKCALC_BROWSER_REQUIRED=1``, which turns the skip into a failure, so CI always runs them.

The browser reaches the pad by a LAN-like name: Chromium's ``--host-resolver-rules`` maps
``scorepad.test`` to 127.0.0.1 and the server allows that name (``--allow-host``), so the
Host and Origin checks are the ones a phone on the Wi-Fi meets.
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


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = chromium()
    from playwright.sync_api import sync_playwright

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
