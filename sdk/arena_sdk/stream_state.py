"""What the SDK knows of a server-sent event stream between reads (pure: no I/O): its events and where it stands.

:class:`StreamEvent` is one event; :class:`Resumption` is where a stream stands and the rule both
faces of ``stream_events`` (:mod:`arena_sdk.streams`) follow for resuming: a dropped connection, a
stream that ends early or a 503 is retried every ``retry_pause`` seconds until ``retry_for`` seconds
have passed without an event, a 429 is waited out (for up to ``rate_limit_wait`` seconds in all),
and every other error raises its typed :mod:`arena_sdk.errors` error.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import httpx
from httpx_sse import ServerSentEvent

from arena_sdk.errors import (
    ArenaError,
    ConnectionFailedError,
    RateLimitedError,
    error_for,
)
from arena_sdk.retrying import DEFAULT_RATE_LIMIT_WAIT

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


def error_of_read(response: httpx.Response) -> ArenaError:
    try:
        body = json.loads(response.content)
    except ValueError:
        body = response.content.decode(errors="replace")
    return error_for(response.status_code, body)


class Resumption:
    """Where a stream stands (the last event id) and whether a failure is retried (pure: no I/O)."""

    def __init__(
        self,
        client_timeout: httpx.Timeout,
        path: str,
        params: dict[str, Any],
        *,
        after: int | None,
        last_id: str | None = None,
        retry_for: float,
        pause: float,
        rate_limit_wait: float = DEFAULT_RATE_LIMIT_WAIT,
    ) -> None:
        self.connect_timeout = client_timeout.connect or STREAM_READ_TIMEOUT
        self.path, self.params, self.after = path, params, after
        self.retry_for, self.pause, self.rate_limit_wait = retry_for, pause, rate_limit_wait
        self.last_id: str | None = last_id
        self.failing_since: float | None = None

    def query(self) -> dict[str, Any]:
        query = dict(self.params)
        if self.last_id is None and self.after is not None:
            query["after"] = self.after
        return query

    def headers(self) -> dict[str, str]:
        return {} if self.last_id is None else {"Last-Event-ID": self.last_id}

    def timeout(self) -> httpx.Timeout:
        """Connect as usual, but let a stream stay silent for up to ``STREAM_READ_TIMEOUT`` s."""
        return httpx.Timeout(self.connect_timeout, read=STREAM_READ_TIMEOUT)

    def saw(self, sse: ServerSentEvent) -> StreamEvent | None:
        """The event for ``sse`` (``None`` for the blank line after a keep-alive comment)."""
        if not sse.data:
            return None
        event = StreamEvent(sse.id, sse.event, sse.json())
        self.last_id, self.failing_since = event.id, None
        return event

    def wait_after(self, failure: Exception | None) -> float:
        """Seconds to wait before reconnecting after ``failure`` (``None``: the stream just ended); else raises."""
        self.failing_since = self.failing_since or time.monotonic()
        failing_for = time.monotonic() - self.failing_since
        if isinstance(failure, RateLimitedError):
            if failing_for + failure.retry_after <= self.rate_limit_wait:
                return failure.retry_after
            raise failure
        if failing_for <= self.retry_for:
            return self.pause
        if isinstance(failure, ArenaError):
            raise failure
        if isinstance(failure, httpx.TransportError):
            raise ConnectionFailedError.after(failure) from failure
        raise ConnectionFailedError.after(
            httpx.RemoteProtocolError(f"the stream {self.path} keeps ending before match_over")
        )


#: The former private name, kept for code that imported it.
_Resumption = Resumption
