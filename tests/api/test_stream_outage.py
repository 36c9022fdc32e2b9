"""A stream opened while the store's notifications are out of reach gets the API's 503, in its JSON shape,
never a stream that breaks before its first byte (which gunicorn answers with an HTML 500); a stream whose
store goes out of reach later ends by telling its client where and when to come back."""

from __future__ import annotations

import socket
from collections.abc import Iterator

from flask import Flask
from flask.testing import FlaskClient

from api.http.extensions import CONTEXT_KEY, NOTIFIER_KEY
from api.http.streams.routes import _sse
from api.http.streams.sse import come_back, encode
from api.store.errors import StoreUnavailable
from api.store.notifier import Notifier
from api.usecases.matches.following import Reader
from arena.streams import Item, Position
from tests.api.helpers import assert_error, create_match


def unreachable_redis_url() -> str:
    """The address of a port nothing listens on (bound, then closed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"


def test_a_stream_asked_for_while_notifications_are_out_of_reach_is_a_503_in_the_error_shape(
    app: Flask, client: FlaskClient
) -> None:
    created = create_match(client, "pipifax", 2, seed=3)
    served: Notifier = app.extensions[NOTIFIER_KEY]
    # The same process's subscription, to a Redis that does not answer (the match itself is still readable).
    # On the real clock: its listener retries at most every 5 s, where a fake clock's sleeps would let it spin.
    app.extensions[NOTIFIER_KEY] = Notifier(unreachable_redis_url(), served.pattern, served.match_id_of)
    assert_error(client.get(f"{created.url}/seat-stream", headers=created.auth(0)), 503, "store/unavailable")


def test_a_stream_whose_store_goes_out_of_reach_tells_its_client_where_to_come_back(app: Flask) -> None:
    heard = Item("event", {"kind": "flipped"})

    def batches() -> Iterator[list[tuple[str, Item]] | None]:
        yield [("4", heard)]
        yield None
        raise StoreUnavailable("the connection was lost")

    with app.app_context():
        reader = Reader(app.extensions[CONTEXT_KEY], app.extensions[NOTIFIER_KEY], "m", None, 0, keep_alive=15)
        sent = list(_sse(batches(), reader, Position(3)))
    assert sent[:2] == [b"", encode("4", heard)]  # the stream opens at once, then sends what it heard
    assert sent[-1] == come_back("4", "the match store is out of reach")
    assert b"retry: " in sent[-1] and b"id: 4\n" in sent[-1]
