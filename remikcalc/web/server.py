"""Running the pad: which address to listen on, the join address and its QR code in the
terminal, and uvicorn until Ctrl-C or SIGTERM.

The default address is this machine's private LAN address (the one its default route leaves
by), else 127.0.0.1; never every address at once. A public address is taken only when asked
(``--public``): the pad is plain HTTP, meant for the room. An address that looks like a VPN's
or a container's is taken but named, since phones on the Wi-Fi usually cannot reach it.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import sys
from collections.abc import Callable
from typing import TextIO

from remikcalc.base.errors import ArgumentError
from remikcalc.base.i18n import _

__all__ = ["choose_host", "lan_address", "qr_text", "serve"]

#: the port tried first when none is given; taken, a free one is used instead
DEFAULT_PORT = 8765
#: seconds the server waits for open connections (live pages) when stopping
STOP_WAIT = 2

_SHARED = ipaddress.ip_network("100.64.0.0/10")  # carrier-grade NAT, Tailscale, ...
_CONTAINERS = (ipaddress.ip_network("172.17.0.0/16"), ipaddress.ip_network("172.18.0.0/16"))


def lan_address() -> str | None:
    """The private address this machine's default route leaves by, or None. Nothing is sent:
    connecting a UDP socket only picks the route."""
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 1))
                address: str = s.getsockname()[0]
        except OSError:
            continue
        ip = ipaddress.ip_address(address)
        if ip.is_private and not ip.is_loopback and not ip.is_link_local:
            return address
    return None


def address_warning(host: str) -> str | None:
    """A line for an address phones may not reach (a VPN, a container), or None."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return None
    if ip in _SHARED:
        return _(
            "{host} looks like a VPN address (Tailscale or carrier NAT): phones on the "
            "Wi-Fi may not reach it; give --host with this machine's Wi-Fi address"
        ).format(host=host)
    if any(ip in net for net in _CONTAINERS):
        return _(
            "{host} looks like a container's address (Docker): phones may not reach it; "
            "give --host with this machine's Wi-Fi address"
        ).format(host=host)
    if ip.is_loopback:
        return _(
            "listening on {host}: only this computer can join; give --host with this "
            "machine's Wi-Fi address for the phones"
        ).format(host=host)
    return None


def choose_host(asked: str | None, *, public: bool = False) -> str:
    """The address to listen on: ``asked`` if given (a public one only with ``public``), else
    the LAN address, else 127.0.0.1 (ArgumentError ``host`` for one that cannot be used)."""
    if asked is None:
        return lan_address() or "127.0.0.1"
    text = asked.strip().strip("[]")
    if text == "localhost":
        return "127.0.0.1"
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        raise ArgumentError(
            _("{host!r} is not an IP address of this machine (e.g. 192.168.1.20)").format(
                host=asked
            ),
            field="host",
            code="not_this_machine",
        ) from None
    if ip.is_unspecified and not public:
        raise ArgumentError(
            _(
                "{host} would listen on every address, public ones too; give the Wi-Fi address, "
                "or add --public to mean it"
            ).format(host=text),
            field="host",
            code="every_address",
        )
    if (
        not (ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_unspecified)
        and not public
    ):
        raise ArgumentError(
            _(
                "{host} is a public address: anyone on the internet could reach the pad, which "
                "is plain HTTP; give a private (Wi-Fi) address, or add --public to mean it"
            ).format(host=text),
            field="host",
            code="public_address",
        )
    return text


def qr_text(data: str, *, colour: bool) -> str:
    """The QR code of ``data`` for a terminal: two rows of modules per line in half blocks.

    With ``colour`` the dark and light modules get explicit black and white (ANSI), so the code
    scans on a dark terminal as on a light one; without it (a file, a pipe) the blocks are
    drawn for dark text on a light page.
    """
    import segno

    code = segno.make(data.upper(), error="m")
    rows = [[bool(m) for m in row] for row in code.matrix]
    quiet = 2
    width = len(rows[0]) + 2 * quiet
    rows = [[False] * width] * quiet + [[False] * quiet + r + [False] * quiet for r in rows]
    rows += [[False] * width] * (quiet + (len(rows) + quiet) % 2)
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        if colour:
            cells = []
            for a, b in zip(top, bottom, strict=True):
                fg = "30" if a else "97"  # upper half: black or white
                bg = "40" if b else "107"  # lower half
                cells.append(f"\x1b[{fg};{bg}m▀")
            lines.append("".join(cells) + "\x1b[0m")
        else:
            lines.append(
                "".join(
                    " ▄▀█"[(2 if a else 0) + (1 if b else 0)]
                    for a, b in zip(top, bottom, strict=True)
                )
            )
    return "\n".join(lines)


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (0: a free port); OSError when it cannot be."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def _loopback(host: str) -> str:
    """This machine's own address in ``host``'s family: 127.0.0.1 or ::1."""
    return "::1" if ":" in host else "127.0.0.1"


def _local_sockets(host: str, port: int) -> tuple[str | None, list[socket.socket]]:
    """The address the host's own browser uses, and the sockets to add for it: none when
    ``host`` is a loopback address itself or every address (which holds the loopback one);
    else the loopback address on the same port, if it is free (None if not)."""
    ip = ipaddress.ip_address(host)
    if ip.is_loopback:
        return host, []
    if ip.is_unspecified:
        return _loopback(host), []
    local = _loopback(host)
    try:
        return local, [_listen(local, port)]
    except OSError:
        return None, []


def serve(
    app: object,
    host: str,
    port: int | None,
    *,
    announce: Callable[[int, str | None], None],
    out: TextIO = sys.stdout,
) -> None:
    """Run the ASGI ``app`` on ``host``:``port`` (None: :data:`DEFAULT_PORT`, else a free one) until
    Ctrl-C or SIGTERM; ``announce(port, local)`` once connections are accepted, ``local`` being
    the address the host's own browser can use (127.0.0.1, listened on too when ``host`` is
    the Wi-Fi address), or None when that port is taken there by another program."""
    import uvicorn

    chosen = port
    if chosen is None:
        chosen = DEFAULT_PORT if _free(host, DEFAULT_PORT) else 0
    sockets = [_listen(host, chosen)]
    bound_port = int(sockets[0].getsockname()[1])
    local, more = _local_sockets(host, bound_port)
    sockets += more
    config = uvicorn.Config(
        app,  # type: ignore[arg-type]
        host=host,
        port=bound_port,
        log_level="warning",
        access_log=False,
        lifespan="off",
        timeout_graceful_shutdown=STOP_WAIT,
        server_header=False,
        date_header=False,
    )
    server = uvicorn.Server(config)

    async def main() -> None:
        task = asyncio.create_task(server.serve(sockets=sockets))
        pad = getattr(app, "pad", None)
        if pad is not None:  # live pages end their streams as soon as the server is stopping
            from remikcalc.web.live import follow_stop

            stop_flag = asyncio.create_task(follow_stop(server, pad))
            task.add_done_callback(lambda _task: stop_flag.cancel())
        while not server.started and not task.done():
            await asyncio.sleep(0.01)
        if server.started:
            announce(bound_port, local)
            out.flush()
        await task

    try:
        asyncio.run(main())
    finally:
        for sock in sockets:
            sock.close()
    if not server.started:
        raise OSError(_("cannot listen on {host}:{port}").format(host=host, port=chosen))


def _free(host: str, port: int) -> bool:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True
