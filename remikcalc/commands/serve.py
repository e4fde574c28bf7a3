"""``remikcalc serve``: the score pad on the phones at the table (the ``serve`` extra)."""

from __future__ import annotations

import gc
import importlib.util
import os
import sys

import click

from remikcalc.base.errors import ArgumentError
from remikcalc.base.i18n import _, current

__all__ = ["serve_cmd"]

#: what the extra brings, by import name
_STACK = ("starlette", "uvicorn", "jinja2", "segno")
PIP_LINE = "pip install 'remikcalc[serve]'"


def _missing() -> list[str]:
    return [name for name in _STACK if importlib.util.find_spec(name) is None]


def _folder_for_new(paths: tuple[str, ...]) -> str:
    for path in paths:
        if os.path.isdir(path):
            return path
    return os.path.dirname(os.path.abspath(paths[0]))


@click.command("serve")
@click.argument("paths", nargs=-1, type=click.Path(exists=True), metavar="[PATH]...")
@click.option(
    "--host",
    default=None,
    metavar="ADDR",
    help="Address to listen on (default: this machine's Wi-Fi/LAN address, else 127.0.0.1).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=None,
    help="Port (default 8765, or a free one if taken; 0: a free one).",
)
@click.option(
    "--public", is_flag=True, help="Allow a public address or 0.0.0.0 for --host (plain HTTP)."
)
@click.option(
    "--allow-host",
    "allow_host",
    multiple=True,
    metavar="NAME",
    help="Another name phones may use for this machine (a .local name).",
)
def serve_cmd(
    paths: tuple[str, ...],
    host: str | None,
    port: int | None,
    public: bool,
    allow_host: tuple[str, ...],
) -> None:
    """Serve the sheets PATH... (files, or folders of .yaml sheets; default: this folder) to
    the phones at the table, over the local Wi-Fi, until Ctrl-C.

    Prints the join address and its QR code: each player opens it (or scans it) on the same
    Wi-Fi, then taps in their own cards or the points, sees the totals and the money owed so
    far, corrects and settles. A sheet changed in a terminal (remikcalc add ...) shows on the
    phones at once. Each run has a new secret join address; the pad is plain HTTP, for the
    room only. Needs the serve extra: pip install 'remikcalc[serve]'.

    \b
    Examples:
      remikcalc serve                        # the sheets in this folder
      remikcalc serve friday/ game.yaml
      remikcalc serve --host 192.168.1.20 --port 8000
    """
    missing = _missing()
    if missing:
        raise click.ClickException(
            _("the score pad needs the serve extra ({missing} not installed): {command}").format(
                missing=", ".join(missing), command=PIP_LINE
            )
        )
    from remikcalc.web.config import PadConfig
    from remikcalc.web.pages import join_address
    from remikcalc.web.server import address_warning, choose_host, qr_text, serve

    gc.enable()  # a server runs for hours: not a short process (remikcalc.__main__)
    paths = paths or (".",)
    try:
        bound = choose_host(host, public=public)
    except ArgumentError as exc:
        from remikcalc.commands.refusal import for_command_line

        raise click.BadParameter(for_command_line(exc), param_hint="--host") from None
    config = PadConfig(
        paths=paths,
        new_folder=_folder_for_new(paths),
        host=bound,
        lang=current(),
        extra_hosts=frozenset(h.lower() for h in allow_host),
    )
    from remikcalc.web.app import create_app

    app = create_app(config)

    def announce(port: int, local: str | None) -> None:
        address = join_address(bound, port, config.token)
        app.pad.join_url = address
        click.echo(address)
        click.echo(qr_text(address, colour=sys.stdout.isatty()))
        click.echo(
            _("Open the address above on each phone at the table (same Wi-Fi), or scan the code.")
        )
        if local is not None and local != bound:  # the pad listens there too
            here = join_address(local, port, config.token)
            click.echo(_("On this computer: {address}").format(address=here))
        warning = address_warning(bound)
        if warning is not None:
            click.echo(warning, err=True)
        click.echo(_("Stop with Ctrl-C."))

    try:
        serve(app, bound, port, announce=announce)
    except OSError as exc:
        raise click.ClickException(
            _("cannot start the score pad on {host}: {reason}").format(
                host=bound, reason=exc.strerror or exc
            )
        ) from None
