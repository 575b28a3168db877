"""The web board's gate: which requests reach the endpoints (docs/security.md).

A page in the user's browser, from any site, can send requests to a server on
``localhost``; with DNS rebinding it can even read the answers. This ASGI
middleware refuses, before any endpoint runs:

* a ``Host`` that is not one of this server's names (403): the loopback names, the
  address it listens on, and the names given with ``playable serve --allow-host``
  (a name an attacker's DNS points at 127.0.0.1 is none of them);
* an ``Origin`` other than the server's own (403), and on ``/api/`` a browser's
  ``Sec-Fetch-Site`` other than ``same-origin`` or ``none`` (403);
* a ``POST`` whose ``Content-Type`` is not ``application/json`` (415): a page can
  send ``text/plain`` to another site without asking first, never JSON;
* a ``Content-Length`` above the limit (413, nothing read; a chunked body is cut
  off as it streams, web/body.py).

A WebSocket is refused (the board has none). It then gives each browser a session
(web/session.py: the owner of its search jobs), and adds to every answer the
headers that keep the board's page from being framed, sniffed or given other
scripts (:data:`SECURITY_HEADERS`).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from playable.web.session import Sessions

#: Where an endpoint finds the request's session token (``request.scope[SESSION]``).
SESSION = "playable.session"

#: The Content-Security-Policy: the board's page loads its own module script and
#: style sheet and talks to its own server, and nothing else (no inline script or
#: style, no frames, no plugins, no forms posted elsewhere).
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)

#: Added to every answer of the app.
SECURITY_HEADERS = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
}

#: Methods that change nothing on the server.
SAFE = frozenset({"GET", "HEAD"})
#: The ``Sec-Fetch-Site`` values of a request from the board's own page, or typed in.
OWN_SITE = frozenset({"same-origin", "none"})
#: The names of this machine that no DNS answer can lend to another site.
LOOPBACK_NAMES = frozenset({"localhost"})
#: The addresses that mean "every interface" when listened on.
WILDCARDS = frozenset({"0.0.0.0", "::", ""})


def split_host(value: str) -> tuple[str, int | None] | None:
    """``(host, port)`` of a ``Host`` header value (``name``, ``name:8000``,
    ``[::1]:8000``), the host lower-cased; None for anything else."""
    if not value or not value.isascii() or any(c in value for c in "/\\@?# \t"):
        return None
    try:
        parts = urlsplit(f"//{value}")
        host, port = parts.hostname, parts.port
    except ValueError:
        return None
    if not host:
        return None
    return host.rstrip("."), port


def split_origin(value: str) -> tuple[str, int | None] | None:
    """``(host, port)`` of an ``Origin`` header (``http://localhost:8000``), the port
    None when it is the scheme's default; None for ``null`` or anything else."""
    try:
        parts = urlsplit(value)
        host, port = parts.hostname, parts.port
    except ValueError:
        return None
    defaults = {"http": 80, "https": 443}
    if parts.scheme not in defaults or not host or parts.path or parts.query or parts.username:
        return None
    return host.rstrip("."), None if port == defaults[parts.scheme] else port


class Hosts:
    """The names a request may address this server by (module docstring)."""

    def __init__(self, bound: str | None = "127.0.0.1", allowed: Iterable[str] = ()) -> None:
        self.names = set(LOOPBACK_NAMES) | {n.lower().rstrip(".") for n in allowed}
        self.addresses: set[ipaddress.IPv4Address | ipaddress.IPv6Address] = set()
        #: Listening on every interface: any address of this machine may be used.
        self.any_address = bound in WILDCARDS
        if bound and not self.any_address:
            try:
                self.addresses.add(ipaddress.ip_address(bound.strip("[]")))
            except ValueError:
                self.names.add(bound.lower().rstrip("."))
        for name in list(self.names):
            try:
                self.addresses.add(ipaddress.ip_address(name.strip("[]")))
            except ValueError:
                continue

    def allows(self, host: str) -> bool:
        """Whether ``host`` (from :func:`split_host`) names this server. An address
        is never a rebound name: the loopback ones are always allowed, and any
        other one when it is the address listened on (or that is every interface)."""
        if host in self.names:
            return True
        try:
            address = ipaddress.ip_address(host.strip("[]"))
        except ValueError:
            return False
        return address.is_loopback or self.any_address or address in self.addresses


def _one(headers: Headers, name: str) -> str | None:
    """The header's value; a header sent twice counts as malformed (empty)."""
    values = headers.getlist(name)
    if not values:
        return None
    return values[0] if len(values) == 1 else ""


def refusal(
    method: str, path: str, headers: Headers, hosts: Hosts, max_body: int
) -> tuple[int, str] | None:
    """The status and line a request is refused with, or None to serve it."""
    host_value = _one(headers, "host")
    host = split_host(host_value) if host_value else None
    if host is None or not hosts.allows(host[0]):
        shown = (host_value or "")[:100]
        return 403, (
            f"host '{shown}' is not a name of this server "
            "(playable serve --allow-host NAME serves another name)"
        )
    origin_value = _one(headers, "origin")
    if origin_value is not None:
        origin = split_origin(origin_value)
        port = None if host[1] in (80, 443) else host[1]
        if origin is None or origin != (host[0], port):
            return 403, f"requests from '{origin_value[:100]}' are refused: not the board's page"
    site = headers.get("sec-fetch-site")
    reads_or_acts = path.startswith("/api/") or method not in SAFE
    if site is not None and site not in OWN_SITE and reads_or_acts:
        return 403, "requests from another site's page are refused"
    if method == "POST":
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return 415, "a request body must be sent as Content-Type: application/json"
    length = headers.get("content-length")
    if length is not None and not (length.isascii() and length.isdigit()):
        return 400, f"Content-Length '{length[:30]}' is not a number of bytes"
    if length is not None and int(length) > max_body:
        return 413, f"the request is longer than {max_body} bytes"
    return None


class Guard:
    """The ASGI middleware (module docstring)."""

    def __init__(self, app: ASGIApp, hosts: Hosts, sessions: Sessions, max_body: int) -> None:
        self.app = app
        self.hosts = hosts
        self.sessions = sessions
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":  # the board has none: refuse, checking nothing
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] != "http":  # lifespan
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        refused = refusal(scope["method"], scope["path"], headers, self.hosts, self.max_body)
        if refused is not None:
            status, line = refused
            # the body is never read: close the connection rather than drain it
            answer = JSONResponse(
                {"error": line}, status_code=status, headers={"connection": "close"}
            )
            await answer(scope, receive, self._secured(send, None, scope["path"]))
            return
        token = self.sessions.from_cookie_header(headers.get("cookie"))
        new = None
        if token is None:
            token = self.sessions.issue()
            # A link from another site opens the board without the (Strict) cookie:
            # handing out a new one then would end the session of the board's open
            # tabs. The page's first own request gets one if it has none.
            if headers.get("sec-fetch-site") in (None, *OWN_SITE):
                new = token
        scope[SESSION] = token
        await self.app(scope, receive, self._secured(send, new, scope["path"]))

    def _secured(self, send: Send, new_session: str | None, path: str) -> Send:
        """``send``, adding the security headers (and a new session's cookie) to
        the answer's start."""

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers[name] = value
                if path.startswith("/api/"):
                    headers["cache-control"] = "no-store"
                if new_session is not None:
                    headers.append("set-cookie", Sessions.set_cookie(new_session))
            await send(message)

        return secured
