"""Serving the web board with uvicorn, with time limits on every connection.

uvicorn (its h11 protocol) closes a connection idle between requests after
``timeout_keep_alive``, but waits for ever for a request's head that arrives a byte
at a time, and for a client that never reads its answer. :class:`BoardProtocol`
adds both limits (docs/security.md):

* a request's head (request line and headers) must arrive within
  ``header_seconds`` of the connection opening or of the first byte after the
  previous answer, else the connection is closed; bytes of a previous request's
  body that the server did not read count as waiting for the next head;
* an answer the client does not read for ``write_seconds`` closes the connection.

The body's own limit (its size, and ``BODY_SECONDS`` for it to arrive) is the
app's (web/body.py), since only the app knows which requests read one.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import uvicorn
from starlette.types import ASGIApp
from uvicorn.protocols.http.h11_impl import H11Protocol

#: Seconds for a request's head to arrive.
HEADER_SECONDS = 10.0
#: Seconds an answer may wait for the client to read it.
WRITE_SECONDS = 30.0
#: Seconds a connection may stay idle between requests.
KEEP_ALIVE_SECONDS = 5
#: The largest request head (request line and headers), in bytes.
MAX_HEAD = 16 * 1024


class BoardConfig(uvicorn.Config):
    """uvicorn's configuration with the time limits of :class:`BoardProtocol`."""

    def __init__(
        self,
        app: ASGIApp,
        header_seconds: float = HEADER_SECONDS,
        write_seconds: float = WRITE_SECONDS,
        keep_alive_seconds: int = KEEP_ALIVE_SECONDS,
        **options: Any,
    ) -> None:
        super().__init__(
            app,
            http=BoardProtocol,
            timeout_keep_alive=keep_alive_seconds,
            h11_max_incomplete_event_size=MAX_HEAD,
            **options,
        )
        self.header_seconds = header_seconds
        self.write_seconds = write_seconds


class BoardProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline on each request's head and on
    each blocked write (module docstring)."""

    def __init__(self, config: uvicorn.Config, *args: Any, **kwargs: Any) -> None:
        super().__init__(config, *args, **kwargs)
        self.header_seconds = float(getattr(config, "header_seconds", HEADER_SECONDS))
        self.write_seconds = float(getattr(config, "write_seconds", WRITE_SECONDS))
        self._head_timer: asyncio.TimerHandle | None = None
        self._write_timer: asyncio.TimerHandle | None = None

    def _between_requests(self) -> bool:
        """No request is being answered: the connection waits for the next head."""
        return self.cycle is None or self.cycle.response_complete

    def _drop(self) -> None:
        if not self.transport.is_closing():
            self.transport.close()

    def _head_expired(self) -> None:
        self._head_timer = None
        if self._between_requests():
            self._drop()

    def _arm_head(self) -> None:
        if self._head_timer is None:
            self._head_timer = self.loop.call_later(self.header_seconds, self._head_expired)

    def _disarm_head(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_head()

    def data_received(self, data: bytes) -> None:
        if self._between_requests():
            self._arm_head()
        super().data_received(data)
        if not self._between_requests():
            self._disarm_head()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self._between_requests():  # a pipelined request began at once
            self._disarm_head()

    def pause_writing(self) -> None:
        super().pause_writing()
        if self._write_timer is None:
            self._write_timer = self.loop.call_later(self.write_seconds, self._drop)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self._write_timer is not None:
            self._write_timer.cancel()
            self._write_timer = None

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_head()
        if self._write_timer is not None:
            self._write_timer.cancel()
            self._write_timer = None
        super().connection_lost(exc)


def serve(app: ASGIApp, listening: socket.socket, **limits: Any) -> None:
    """Serve ``app`` on the bound socket ``listening`` until interrupted."""
    uvicorn.Server(BoardConfig(app, log_level="warning", **limits)).run(sockets=[listening])
