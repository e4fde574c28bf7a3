"""What one run of the score pad serves, and the secrets it was given."""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass, field

__all__ = ["PadConfig", "new_token"]

#: the cookie that carries the run's token once a phone has joined
COOKIE = "remikcalc_pad"


def new_token() -> str:
    """A fresh token for one run: 80 random bits in upper-case base32 (16 characters), so the
    join address fits a small QR code in alphanumeric mode."""
    import base64

    return base64.b32encode(secrets.token_bytes(10)).decode("ascii")


@dataclass(frozen=True, slots=True)
class PadConfig:
    """One run of the pad: the sheets and folders served, the address, the token."""

    #: sheet files and folders of sheets, as given on the command line
    paths: tuple[str, ...]
    #: the folder new sheets are started in
    new_folder: str
    #: the address the server listens on (a private LAN address, or 127.0.0.1)
    host: str
    #: the server's language when a phone says none
    lang: str = "en"
    token: str = field(default_factory=new_token)
    #: further host names a request may name (a DNS name of this machine; tests)
    extra_hosts: frozenset[str] = frozenset()

    def form_token(self) -> str:
        """The token every form carries (a CSRF check beside the SameSite cookie and Origin)."""
        return hmac.new(self.token.encode(), b"form", "sha256").hexdigest()[:32]

    def sheet_id(self, real_path: str) -> str:
        """A sheet's opaque id: no request ever names a file, only these."""
        digest = hmac.new(self.token.encode(), real_path.encode("utf-8", "surrogatepass"), "sha256")
        return digest.hexdigest()[:12]
