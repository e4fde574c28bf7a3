"""The guard every request passes before any page or API call: the pad is plain HTTP on a
shared Wi-Fi, so only the table may read or write.

In order, for each HTTP request:

1. ``Host`` must name the address the server listens on (or ``localhost`` / ``127.0.0.1``, or
   a name given with ``--allow-host``), with its port: a page of another site that resolves its
   own name to this machine (DNS rebinding) is refused (421).
2. A body larger than :data:`MAX_BODY` is refused (413), by its ``Content-Length`` and again
   while it is read.
3. Every route but the join address needs the run's token: the session cookie the join address
   set (HttpOnly, SameSite=Strict), or ``Authorization: Bearer TOKEN`` for scripts (401).
4. A POST, PUT or DELETE made with the cookie must come from the pad's own pages: an ``Origin``
   of another site, ``null`` or none is refused (403). The forms also carry a form token
   (checked where a form is read, :func:`remikcalc.web.forms.read_form`).

Every answer, refusals included, gets the security headers (:data:`HEADERS`): a content
security policy that allows only the pad's own scripts, styles and images, no framing, no
sniffing, no referrer to other sites; nothing but the static files is cached, and those asked
for by their versioned names (:func:`remikcalc.web.pad.static_url`) are kept for a year. The
opener policy is sent only to a trustworthy origin (127.0.0.1, localhost), where a browser
honours it; over plain HTTP to a LAN name Chromium would log an error for it on every page.
"""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from remikcalc.web.config import COOKIE, PadConfig

__all__ = ["HEADERS", "MAX_BODY", "BodyTooLarge", "Guard", "authorised", "cookie_values"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
Headers = list[tuple[bytes, bytes]]

#: the largest request body taken (a four-player deal typed in full is under 2 KB)
MAX_BODY = 64 * 1024

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (
        b"content-security-policy",
        b"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    # not no-referrer: Chromium would then send `Origin: null` on the pad's own posts
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
)
_NO_STORE = (b"cache-control", b"no-store")
#: a static file asked for by its versioned name (``?v=DIGEST``): kept by the phone for a year
_KEEP = (b"cache-control", b"private, max-age=31536000, immutable")
#: a static file by its plain name: asked again each time (its ETag makes that cheap)
_CHECK = (b"cache-control", b"no-cache")
#: only where the browser honours it: a trustworthy origin (plain HTTP to a LAN name is not,
#: and there Chromium logs an error for it on every page)
_OPENER = (b"cross-origin-opener-policy", b"same-origin")
_TRUSTWORTHY = frozenset({"localhost", "127.0.0.1", "[::1]"})
_UNSAFE = frozenset({"POST", "PUT", "DELETE", "PATCH"})


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def cookie_values(header: str | None, name: str) -> list[str]:
    """Every value the ``Cookie`` header gives the cookie ``name``, as a browser sends them.

    The header holds the cookies of every app on this host name (browsers do not keep one
    port's cookies from another's), so it is read leniently: pairs split at ``;``, a pair
    without ``=`` or with an odd value (a space, JSON) skipped without spoiling the others,
    and every cookie of that name kept (another path, an earlier run), not just one.

    >>> cookie_values('theme={"a": 1}; nameless; pad=X; pad=Y', "pad")
    ['X', 'Y']
    """
    if not header:
        return []
    found = []
    for pair in header.split(";"):
        key, sep, value = pair.partition("=")
        if sep and key.strip() == name:
            value = value.strip()
            if len(value) >= 2 and value[0] == value[-1] == '"':
                value = value[1:-1]
            found.append(value)
    return found


def authorised(scope: Scope, config: PadConfig) -> str | None:
    """How the request proves it belongs to the table: ``"cookie"``, ``"bearer"``, or None."""
    token = config.token.encode()
    cookies = cookie_values(_header(scope, b"cookie"), COOKIE)
    if any(hmac.compare_digest(value.encode(), token) for value in cookies):
        return "cookie"
    auth = _header(scope, b"authorization") or ""
    scheme, _, value = auth.partition(" ")
    if scheme.lower() == "bearer" and hmac.compare_digest(value.strip().encode(), token):
        return "bearer"
    return None


def allowed_hosts(config: PadConfig, port: int) -> frozenset[str]:
    """The ``Host`` values a request may carry: the bound address, localhost and 127.0.0.1,
    and the extra names, each with the port (and without it on port 80)."""
    names = {config.host, "localhost", "127.0.0.1", "::1", *config.extra_hosts}
    hosts = set()
    for name in names:
        shown = f"[{name}]" if ":" in name and not name.startswith("[") else name
        hosts.add(f"{shown}:{port}".lower())
        if port == 80:
            hosts.add(shown.lower())
    return frozenset(hosts)


def _same_origin(scope: Scope) -> bool:
    origin = _header(scope, b"origin")
    host = _header(scope, b"host")
    if origin is None or host is None or origin == "null":
        return False
    return origin.lower() == f"http://{host}".lower()


class Guard:
    """The ASGI middleware of the module's docstring, around the whole application."""

    def __init__(self, app: ASGIApp, config: PadConfig) -> None:
        self.app = app
        self.config = config

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        server = scope.get("server") or (self.config.host, 80)
        host = (_header(scope, b"host") or "").lower()
        if host not in allowed_hosts(self.config, int(server[1])):
            await self._refuse(scope, send, 421, "This address is not the score pad's.")
            return
        length = _header(scope, b"content-length")
        if length is not None and not (length.isascii() and length.isdigit()):
            await self._refuse(scope, send, 400, "The request could not be read.")
            return
        if length is not None and int(length) > MAX_BODY:
            await self._refuse(scope, send, 413, "The request is too large.")
            return
        path: str = scope.get("path", "")
        joining = path.lower().startswith("/join/")
        how = None if joining else authorised(scope, self.config)
        if not joining and how is None:
            await self._refuse(
                scope,
                send,
                401,
                "Join the table first: open the address the host's "
                "screen shows, or scan its QR code.",
            )
            return
        if how == "cookie" and scope.get("method") in _UNSAFE and not _same_origin(scope):
            await self._refuse(
                scope, send, 403, "This request did not come from the score pad's own page."
            )
            return
        scope.setdefault("state", {})["auth"] = how
        name = host if host.endswith("]") or ":" not in host else host.rpartition(":")[0]
        extra = [_OPENER] if name in _TRUSTWORTHY else []
        if path.startswith("/static/"):
            versioned = bytes(scope.get("query_string", b"")).startswith(b"v=")
            extra.append(_KEEP if versioned else _CHECK)
        else:
            extra.append(_NO_STORE)
        await self.app(scope, _limited(receive), _with_headers(send, extra))

    def refusal(self, scope: Scope, status: int, text: str) -> tuple[Headers, bytes]:
        """The headers (its type, and a content security policy of its own if it needs one)
        and the body of a refusal: here ``text``, in English; the pad's application says it
        in the phone's language, as a page where a browser asks for one."""
        return [(b"content-type", b"text/plain; charset=utf-8")], (text + "\n").encode()

    async def _refuse(self, scope: Scope, send: Send, status: int, text: str) -> None:
        own, body = self.refusal(scope, status, text)
        names = {name for name, _value in own}
        headers = [
            *own,
            (b"content-length", str(len(body)).encode()),
            *(header for header in HEADERS if header[0] not in names),
            _NO_STORE,
        ]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _limited(receive: Receive) -> Receive:
    """``receive``, ending the request once more than :data:`MAX_BODY` bytes came in."""
    seen = 0

    async def limited() -> Message:
        nonlocal seen
        message = await receive()
        if message.get("type") == "http.request":
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise BodyTooLarge
        return message

    return limited


class BodyTooLarge(Exception):
    """A body past :data:`MAX_BODY` while it was read (sent in chunks, or with a dishonest
    ``Content-Length``): whoever reads the body answers 413
    (:func:`remikcalc.web.forms.read_form`)."""


def _with_headers(send: Send, extra: list[tuple[bytes, bytes]]) -> Send:
    """``send``, with :data:`HEADERS` and ``extra`` (caching, the opener policy) on the answer."""
    added = HEADERS + tuple(extra)
    names = {name for name, _value in added}

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
            headers.extend(added)
            message["headers"] = headers
        await send(message)

    return sending
