"""The score pad under Starlette's TestClient: a run serving a folder of real sheets, a phone
that has joined, and what a form post needs (the form token and the pad's own Origin)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import remikcalc
from remikcalc.web.app import create_app
from remikcalc.web.config import PadConfig

HOST = "127.0.0.1"
PORT = 8765
ORIGIN = f"http://{HOST}:{PORT}"


@dataclass
class Phone:
    """A browser that has joined the table: cookies kept, posts from the pad's own origin."""

    client: TestClient
    config: PadConfig

    def get(self, path: str, **kw: Any) -> Any:
        return self.client.get(path, **kw)

    def post(self, path: str, data: dict[str, Any] | None = None, **kw: Any) -> Any:
        """A form post as the pad's pages send it: the form token and the Origin header."""
        fields = {"_form": self.config.form_token(), **(data or {})}
        headers = {"origin": ORIGIN, **kw.pop("headers", {})}
        return self.client.post(path, data=fields, headers=headers, **kw)

    def api(self, method: str, path: str, body: Any = None, **kw: Any) -> Any:
        """A JSON call as the pad's own scripts make it (cookie, Origin, form token)."""
        headers = {"origin": ORIGIN, "x-pad-form": self.config.form_token()}
        headers.update(kw.pop("headers", {}))
        return self.client.request(method, path, json=body, headers=headers, **kw)

    def sheet_id(self, name: str) -> str:
        for item in self.get("/api/sheets").json()["sheets"]:
            if item["name"] == name:
                return str(item["id"])
        raise KeyError(name)


def make_pad(folder: Path, *, lang: str = "en", extra: frozenset[str] = frozenset()) -> Any:
    config = PadConfig(
        paths=(str(folder),), new_folder=str(folder), host=HOST, lang=lang, extra_hosts=extra
    )
    app = create_app(config)
    app.pad.join_url = f"{ORIGIN}/join/{config.token}"
    return app, config


def join(app: Any, config: PadConfig, **headers: str) -> Phone:
    client = TestClient(app, base_url=ORIGIN, headers=headers)
    joined = client.get(f"/join/{config.token}", follow_redirects=False)
    assert joined.status_code == 303 and joined.headers["location"] == "/"
    return Phone(client, config)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder with a gin sheet (two deals) and a bridge sheet (none yet)."""
    gin = remikcalc.new_sheet(
        tmp_path / "gin.yaml",
        variant="gin",
        players=["Anna", "Boris"],
        stake="0.10",
        currency="PLN",
    )
    gin.add({"scores": {"Anna": 25}})
    gin.add({"scores": {"Boris": 10}})
    remikcalc.new_sheet(
        tmp_path / "bridge.yaml", variant="bridge", players=["Anna", "Boris", "Carl"], stake="2"
    )
    return tmp_path


@pytest.fixture
def pad(folder: Path) -> Iterator[tuple[Any, PadConfig]]:
    yield make_pad(folder)


@pytest.fixture
def phone(pad: tuple[Any, PadConfig]) -> Phone:
    return join(*pad)


def hidden(html: str, name: str) -> str:
    """The value of a form's hidden field ``name`` in a page."""
    found = re.search(rf'name="{re.escape(name)}" value="([^"]*)"', html)
    assert found is not None, f"no field {name}"
    return found.group(1)


@contextmanager
def running_pad(folder: Path, **options: Any) -> Iterator[tuple[Any, PadConfig, int]]:
    """The pad under uvicorn on a free port of 127.0.0.1, in a thread of this process (as
    ``remikcalc serve`` runs it): its app, its configuration and its port."""
    import asyncio
    import threading
    import time

    import uvicorn

    from remikcalc.web.live import follow_stop

    config = PadConfig(
        paths=(str(folder),), new_folder=str(folder), host=HOST, lang="en", **options
    )
    app = create_app(config)
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host=HOST,
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


def ask(port: int, token: str, method: str, path: str, body: Any = None, **headers: str) -> Any:
    """One request to a running pad with the bearer token: (status, JSON or bytes, headers)."""
    import http.client
    import json

    conn = http.client.HTTPConnection(HOST, port, timeout=120)
    sent = {"Authorization": f"Bearer {token}", "Content-Type": "application/json", **headers}
    conn.request(method, path, body=None if body is None else json.dumps(body), headers=sent)
    answer = conn.getresponse()
    data = answer.read()
    conn.close()
    kind = answer.getheader("content-type") or ""
    return answer.status, json.loads(data) if "json" in kind else data, dict(answer.getheaders())
