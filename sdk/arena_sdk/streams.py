"""Server-sent event streams of a match, parsed into :class:`StreamEvent` and resumed after a drop.

:func:`stream_events` (``httpx.Client``) and :func:`astream_events` (``httpx.AsyncClient``) share
one rule for resuming: a dropped connection, a stream that ends early or a 503 is retried every
``retry_pause`` seconds until ``retry_for`` seconds have passed without an event, a 429 is waited
out (for up to ``rate_limit_wait`` seconds in all), and every other error raises its typed
:mod:`arena_sdk.errors` error.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncGenerator, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
from httpx_sse import ServerSentEvent, aconnect_sse, connect_sse

from arena_sdk.errors import (
    ArenaError,
    ConnectionFailedError,
    RateLimitedError,
    StoreUnavailableError,
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


def error_of(response: httpx.Response) -> ArenaError:
    """The typed error for an error response (read in full first)."""
    response.read()
    return _error_of_read(response)


async def aerror_of(response: httpx.Response) -> ArenaError:
    """:func:`error_of` for a response of an ``httpx.AsyncClient``."""
    await response.aread()
    return _error_of_read(response)


def _error_of_read(response: httpx.Response) -> ArenaError:
    try:
        body = json.loads(response.content)
    except ValueError:
        body = response.content.decode(errors="replace")
    return error_for(response.status_code, body)


class _Resumption:
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


def stream_events(
    client: httpx.Client,
    path: str,
    params: dict[str, Any],
    *,
    after: int | None = None,
    last_id: str | None = None,
    retry_for: float = 60.0,
    retry_pause: float = 0.2,
    rate_limit_wait: float = DEFAULT_RATE_LIMIT_WAIT,
) -> Iterator[StreamEvent]:
    """Every event of the stream at ``path`` until ``match_over``, resuming with Last-Event-ID after a drop.

    ``after`` starts after that version (0: from the first move, -1: from the setup's events);
    ``last_id`` resumes right after that event id instead; with neither, the stream starts where
    the match stands now. Once caught up, a seat stream sends the seat's pending ``turn``.
    """
    state = _Resumption(
        client.timeout,
        path,
        params,
        after=after,
        last_id=last_id,
        retry_for=retry_for,
        pause=retry_pause,
        rate_limit_wait=rate_limit_wait,
    )
    while True:
        failure: Exception | None = None
        try:
            with connect_sse(
                client, "GET", path, params=state.query(), headers=state.headers(), timeout=state.timeout()
            ) as source:
                if source.response.status_code == httpx.codes.NO_CONTENT:
                    return  # resumed after the match's end: nothing more will come
                if source.response.status_code != httpx.codes.OK:
                    raise error_of(source.response)
                for sse in source.iter_sse():
                    event = state.saw(sse)
                    if event is None:
                        continue
                    yield event
                    if event.type == "match_over":
                        return
        except (httpx.TransportError, StoreUnavailableError, RateLimitedError) as error:
            failure = error
        time.sleep(state.wait_after(failure))


async def astream_events(
    client: httpx.AsyncClient,
    path: str,
    params: dict[str, Any],
    *,
    after: int | None = None,
    last_id: str | None = None,
    retry_for: float = 60.0,
    retry_pause: float = 0.2,
    rate_limit_wait: float = DEFAULT_RATE_LIMIT_WAIT,
) -> AsyncGenerator[StreamEvent, None]:
    """:func:`stream_events` over an ``httpx.AsyncClient`` (httpx-sse's ``aconnect_sse``)."""
    state = _Resumption(
        client.timeout,
        path,
        params,
        after=after,
        last_id=last_id,
        retry_for=retry_for,
        pause=retry_pause,
        rate_limit_wait=rate_limit_wait,
    )
    while True:
        failure: Exception | None = None
        try:
            async with aconnect_sse(
                client, "GET", path, params=state.query(), headers=state.headers(), timeout=state.timeout()
            ) as source:
                if source.response.status_code == httpx.codes.NO_CONTENT:
                    return  # resumed after the match's end: nothing more will come
                if source.response.status_code != httpx.codes.OK:
                    raise await aerror_of(source.response)
                async for sse in source.aiter_sse():
                    event = state.saw(sse)
                    if event is None:
                        continue
                    yield event
                    if event.type == "match_over":
                        return
        except (httpx.TransportError, StoreUnavailableError, RateLimitedError) as error:
            failure = error
        await asyncio.sleep(state.wait_after(failure))
