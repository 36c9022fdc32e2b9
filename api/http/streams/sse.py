"""Server-sent events on the wire: an item of a stream (:mod:`arena.streams`) as ``text/event-stream`` bytes."""

from __future__ import annotations

import orjson

from arena.streams import Item


def encode(event_id: str, item: Item) -> bytes:
    """An item on the wire."""
    return b"id: %s\nevent: %s\ndata: %s\n\n" % (event_id.encode(), item.type.encode(), orjson.dumps(item.data))


#: A comment line: sent after a quiet spell so that proxies keep the stream open.
KEEP_ALIVE = b": keep-alive\n\n"
