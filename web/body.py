"""Reading a request's JSON body within bounds (docs/security.md).

The body is read as a stream, chunk by chunk, whether it came with a
``Content-Length`` or chunked: past ``limit`` bytes reading stops and the request is
refused (413) without the rest ever being buffered; a body that does not arrive
within ``seconds`` is refused (408), so a client sending a byte now and then cannot
hold a connection for ever. Both refusals close the connection (the rest of the
body is never read). The JSON is checked for nesting before it is parsed: the
board's documents are flat, and a deeply nested one would otherwise exhaust
Python's recursion (400, never a ``RecursionError``).
"""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any

import anyio
from starlette.requests import Request

from playable.web.errors import BadRequest

#: The deepest nesting of arrays and objects accepted in a request body.
MAX_DEPTH = 32

#: A JSON string (skipped: brackets inside it do not nest) or a bracket. Possessive
#: and always matching from a quote (an unterminated string runs to the end), so
#: the scan is linear in the body's length whatever the body holds.
_STRUCTURE = re.compile(r'"(?:[^"\\]++|\\.?)*+"?|[\[\]{}]', re.DOTALL)


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether ``text`` nests arrays and objects deeper than ``limit`` (read without
    recursion; stops at the first bracket past the limit)."""
    level = 0
    for match in _STRUCTURE.finditer(text):
        token = match.group()
        if token in "[{":
            level += 1
            if level > limit:
                return True
        elif token in "]}":
            level -= 1
    return False


async def read_body(request: Request, limit: int, seconds: float) -> bytes:
    """The request's body, at most ``limit`` bytes, all of it within ``seconds``."""
    chunks: list[bytes] = []
    size = 0
    stream = request.stream()
    try:
        with anyio.fail_after(seconds):
            async for chunk in stream:
                size += len(chunk)
                if size > limit:
                    raise BadRequest(f"the request is longer than {limit} bytes", 413)
                chunks.append(chunk)
    except TimeoutError:
        raise BadRequest(f"the request body did not arrive within {seconds:g} s", 408) from None
    finally:
        with contextlib.suppress(Exception):
            await stream.aclose()
    return b"".join(chunks)


async def read_json_object(request: Request, limit: int, seconds: float) -> dict[str, Any]:
    """The request's body as a JSON object, within the bounds of :func:`read_body`
    and :data:`MAX_DEPTH`."""
    raw = await read_body(request, limit, seconds)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest("the request body must be JSON in UTF-8") from None
    if too_deep(text):
        raise BadRequest(f"the request body nests deeper than {MAX_DEPTH} levels", 400)
    try:
        document = json.loads(text)
    except RecursionError:  # not reached after the depth check; kept as a guard
        raise BadRequest("the request body nests too deeply", 400) from None
    except ValueError:
        raise BadRequest("the request body must be a JSON object") from None
    if not isinstance(document, dict):
        raise BadRequest("the request body must be a JSON object")
    return document
