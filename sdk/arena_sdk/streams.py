"""Server-sent event streams of a match, parsed into :class:`StreamEvent` and resumed after a drop."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
from httpx_sse import connect_sse

from arena_sdk.errors import ArenaError, StoreUnavailableError, error_for

#: How long a stream may stay silent before it counts as dropped (the server sends a comment every 15 s).
STREAM_READ_TIMEOUT = 45.0


@dataclass(frozen=True)
class StreamEvent:
    """One event of a stream: ``type`` is ``event`` (a log event), ``turn`` (seat streams) or ``match_over``.

    ``id`` is ``<version>`` for the last event of a version and ``<version>.<n>`` for an earlier one.
    """

    id: str
    type: str
    data: dict[str, Any]

    @property
    def version(self) -> int:
        """The match version this event belongs to."""
        return int(self.id.split(".", 1)[0])


def error_of(response: httpx.Response) -> ArenaError:
    """The typed error for an error response (read in full first)."""
    response.read()
    try:
        body = json.loads(response.content)
    except ValueError:
        body = response.content.decode(errors="replace")
    return error_for(response.status_code, body)


def stream_events(
    client: httpx.Client,
    path: str,
    params: dict[str, Any],
    *,
    after: int | None = None,
    retry_for: float = 60.0,
    retry_pause: float = 0.2,
) -> Iterator[StreamEvent]:
    """Every event of the stream at ``path`` until ``match_over``, resuming with Last-Event-ID after a drop.

    ``after`` starts after that version (0: from the first move); ``None`` starts where the match
    stands now. A dropped connection, a stream that ends early or a 503 is retried every
    ``retry_pause`` seconds until ``retry_for`` seconds have passed without an event; other errors raise.
    """
    last_id: str | None = None
    failing_since: float | None = None
    while True:
        query = dict(params)
        if last_id is None and after is not None:
            query["after"] = after
        headers = {} if last_id is None else {"Last-Event-ID": last_id}
        timeout = httpx.Timeout(client.timeout.connect or STREAM_READ_TIMEOUT, read=STREAM_READ_TIMEOUT)
        failure: Exception | None = None
        try:
            with connect_sse(client, "GET", path, params=query, headers=headers, timeout=timeout) as source:
                if source.response.status_code != httpx.codes.OK:
                    raise error_of(source.response)
                for sse in source.iter_sse():
                    if not sse.data:
                        continue  # the blank line after a keep-alive comment, which httpx-sse reports as an event
                    event = StreamEvent(sse.id, sse.event, sse.json())
                    last_id, failing_since = event.id, None
                    yield event
                    if event.type == "match_over":
                        return
        except (httpx.TransportError, StoreUnavailableError) as error:
            failure = error
        failing_since = failing_since or time.monotonic()
        if time.monotonic() - failing_since > retry_for:
            raise failure or httpx.RemoteProtocolError(f"the stream {path} keeps ending before match_over")
        time.sleep(retry_pause)
