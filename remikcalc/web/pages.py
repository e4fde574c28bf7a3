"""The pad's own pages: joining, the list of sheets, the phone's language, the join code, and
one sheet (totals, who is out, the pool, each game, the money owed so far, every deal)."""

from __future__ import annotations

import hmac
import io

from starlette.responses import Response
from starlette.routing import BaseRoute

from remikcalc.web.call import Call, route
from remikcalc.web.config import COOKIE
from remikcalc.web.speech import LANG_COOKIE, NOTATION_COOKIE
from remikcalc.web.views import sheet_view, summary

__all__ = ["ROUTES", "join_address"]

#: a year: the choice of language outlives one run (the session cookie does not)
_PREFS_AGE = 365 * 24 * 3600


def join_address(host: str, port: int, token: str) -> str:
    """The address a phone opens (or scans) to join: ``http://HOST:PORT/join/TOKEN``."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/join/{token}"


def join(call: Call) -> Response:
    """The join address: the token becomes the session cookie and leaves the address bar."""
    sent = call.param("token").upper()
    if not hmac.compare_digest(sent.encode(), call.config.token.encode()):
        return call.render("joined.html", status=403, ok=False)
    response = call.redirect("/")
    response.set_cookie(COOKIE, call.config.token, httponly=True, samesite="strict", path="/")
    return response


def home(call: Call) -> Response:
    """Every sheet served, with its totals; starting one; settling the evening."""
    sheets = [summary(served) for served in call.pad.shelf.sheets()]
    client = call.request.client
    host_screen = client is not None and client.host in ("127.0.0.1", "::1")
    return call.render("home.html", sheets=sheets, host_screen=host_screen)


def prefs(call: Call) -> Response:
    """The phone's language and card notation, kept in two cookies."""
    from remikcalc.base.i18n import LANGUAGES
    from remikcalc.cards.text import NOTATIONS

    back = call.form.get("next", "/")
    if not back.startswith("/") or back.startswith("//"):
        back = "/"
    response = call.redirect(back)
    lang, cards = call.form.get("lang"), call.form.get("cards")
    if lang in LANGUAGES:
        response.set_cookie(
            LANG_COOKIE, lang, max_age=_PREFS_AGE, httponly=True, samesite="strict", path="/"
        )
    if cards in NOTATIONS:
        response.set_cookie(
            NOTATION_COOKIE, cards, max_age=_PREFS_AGE, httponly=True, samesite="strict", path="/"
        )
    elif cards == "":
        response.delete_cookie(NOTATION_COOKIE, path="/")
    return response


def join_code(call: Call) -> Response:
    """The join address in large type with its QR code, to show the others."""
    return call.render("join_code.html", address=call.pad.join_url)


def qr_svg(call: Call) -> Response:
    """The join address as a QR code (SVG; upper case, so that it stays small)."""
    import segno

    code = segno.make(call.pad.join_url.upper(), error="m")
    out = io.BytesIO()
    code.save(
        out, kind="svg", scale=1, border=4, xmldecl=False, omitsize=True, dark="#000", light="#fff"
    )
    return Response(out.getvalue(), media_type="image/svg+xml")


def sheet(call: Call) -> Response:
    """One sheet: the totals large, then the status, the money and every deal."""
    served = call.sheet()
    return call.render("sheet.html", view=sheet_view(served))


ROUTES: list[BaseRoute] = [
    route("/join/{token}", join),
    route("/JOIN/{token}", join),  # the QR code's upper-case address
    route("/", home),
    route("/prefs", prefs, ("POST",)),
    route("/join-code", join_code),
    route("/qr.svg", qr_svg),
    route("/s/{sheet}", sheet),
]
