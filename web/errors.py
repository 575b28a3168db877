"""The web board's refusal: a request the server will not serve, as one line."""

from __future__ import annotations


class BadRequest(Exception):
    """A request the server refuses: its status code and one line (every refusal is
    a 4xx, docs/web.md; a 5xx is left to real failures of the server)."""

    def __init__(self, message: str, status: int = 422) -> None:
        super().__init__(message)
        self.status = status
