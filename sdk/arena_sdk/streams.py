"""Server-sent event streams of a match, parsed into :class:`StreamEvent` and resumed after a drop.

:func:`stream_events` (``httpx.Client``) and :func:`astream_events` (``httpx.AsyncClient``) come from
one source (:mod:`arena_sdk._async.streams`) and share one rule for resuming
(:class:`arena_sdk.stream_state.Resumption`).
"""

from __future__ import annotations

from arena_sdk._async.streams import aerror_of, astream_events
from arena_sdk._sync.streams import error_of, stream_events
from arena_sdk.stream_state import STREAM_READ_TIMEOUT, Resumption, StreamEvent, _Resumption

__all__ = [
    "STREAM_READ_TIMEOUT",
    "Resumption",
    "StreamEvent",
    "_Resumption",
    "aerror_of",
    "astream_events",
    "error_of",
    "stream_events",
]
