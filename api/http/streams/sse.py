"""Server-sent events on the wire: an item of a stream (:mod:`arena.streams`) as ``text/event-stream`` bytes."""

from __future__ import annotations

import orjson

from arena.streams import Item


def encode(event_id: str, item: Item) -> bytes:
    """An item on the wire."""
    return b"id: %s\nevent: %s\ndata: %s\n\n" % (event_id.encode(), item.type.encode(), orjson.dumps(item.data))


#: A comment line: sent after a quiet spell so that proxies keep the stream open.
KEEP_ALIVE = b": keep-alive\n\n"
#: How long a client waits before it connects again after the server ended its stream to stop, in ms.
RECONNECT_MS = 1000


def come_back(event_id: str | None, why: str = "the server is stopping") -> bytes:
    """The end of a stream that the server ends before the match is over (the process is stopping, or
    the store went out of reach): a comment saying why, the id of the last event sent (``Last-Event-ID`` of
    the reconnection, as an EventSource sends it; none when the stream started before the match's first
    version) and :data:`RECONNECT_MS`. It dispatches no event."""
    last = b"" if event_id is None else b"id: %s\n" % event_id.encode()
    return b": %s: connect again with Last-Event-ID\n%sretry: %d\n\n" % (why.encode(), last, RECONNECT_MS)
