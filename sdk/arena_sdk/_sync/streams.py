# Written by sdk/scripts/unasync.py from arena_sdk/_async/streams.py: edit that, not this.
"""Server-sent event streams of a match, read with httpx and resumed after a drop (:mod:`arena_sdk.stream_state`)."""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import Any

import httpx
from httpx_sse import connect_sse

from arena_sdk.errors import ArenaError, RateLimitedError, StoreUnavailableError
from arena_sdk.retrying import DEFAULT_RATE_LIMIT_WAIT
from arena_sdk.stream_state import Resumption, StreamEvent, error_of_read


def error_of(response: httpx.Response) -> ArenaError:
    """The typed error for an error response (read in full first)."""
    response.read()
    return error_of_read(response)


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
) -> Generator[StreamEvent, None, None]:
    """Every event of the stream at ``path`` until ``match_over``, resuming with Last-Event-ID after a drop.

    ``after`` starts after that version (0: from the first move, -1: from the setup's events);
    ``last_id`` resumes right after that event id instead; with neither, the stream starts where
    the match stands now. Once caught up, a seat stream sends the seat's pending ``turn``.
    """
    state = Resumption(
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
