"""Per-browser sessions for the web board: who owns a search job.

A session is a random token in an ``HttpOnly``, ``SameSite=Strict`` cookie. The
server keeps no table of sessions: a token is ``NONCE.MAC``, the MAC an HMAC of the
nonce under a key drawn when the server starts, so only tokens this server issued
are accepted (a made-up or altered cookie gets a fresh session) and a restart, which
forgets every job anyway, ends every session (docs/security.md).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from http.cookies import CookieError, SimpleCookie

#: The cookie's name.
COOKIE = "playable_session"
#: The cookie's attributes: not readable by scripts, never sent by another site's page.
ATTRIBUTES = "Path=/; HttpOnly; SameSite=Strict"


class Sessions:
    """Issues and checks session tokens under one secret key."""

    def __init__(self, key: bytes | None = None) -> None:
        self._key = key if key is not None else secrets.token_bytes(32)

    def _mac(self, nonce: str) -> str:
        return hmac.new(self._key, nonce.encode("ascii"), hashlib.sha256).hexdigest()[:32]

    def issue(self) -> str:
        """A new token."""
        nonce = secrets.token_urlsafe(24)
        return f"{nonce}.{self._mac(nonce)}"

    def valid(self, token: str) -> bool:
        """Whether ``token`` is one this server issued."""
        nonce, _, mac = token.partition(".")
        if not nonce or len(token) > 200 or not nonce.isascii():
            return False
        return hmac.compare_digest(mac, self._mac(nonce))

    def from_cookie_header(self, header: str | None) -> str | None:
        """The valid session token in a ``Cookie`` header, if any."""
        if not header:
            return None
        cookies: SimpleCookie = SimpleCookie()
        try:
            cookies.load(header)
        except CookieError:
            return None
        morsel = cookies.get(COOKIE)
        if morsel is None or not self.valid(morsel.value):
            return None
        return morsel.value

    @staticmethod
    def set_cookie(token: str) -> str:
        """The ``Set-Cookie`` header value that hands ``token`` to the browser."""
        return f"{COOKIE}={token}; {ATTRIBUTES}"
