"""``GET /matches/{id}/seat-socket``: the upgrade to a seat socket, and its entry in the spec.

Everything that can be judged before the upgrade is answered as any request is, in the error shape:
a bad query (``422``), an unknown match (``404``), a request that is not a WebSocket upgrade
(``426 request/upgrade_required``). The token comes after the upgrade, as the first message, so it
never travels in a URL (browsers cannot set headers on a WebSocket).
"""

from __future__ import annotations

import contextlib
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Blueprint, Flask, Response, current_app, request
from marshmallow import ValidationError
from simple_websocket import ConnectionClosed, Server

from api.http.extensions import context, notifier
from api.http.sockets.protocol import CLOSE_SECONDS, FLOOD_FRAMES, MAX_FRAME_BYTES, TOKEN_SECONDS, Close
from api.http.sockets.schemas import SCHEMAS
from api.http.sockets.session import SeatSocket
from api.http.streams.routes import LAST_EVENT_ID, SeatStreamQuerySchema, start_position
from api.settings import Settings
from api.usecases.matches.reading import load_table
from arena.errors import ArenaError

blp = Blueprint("sockets", __name__)

#: Where the app keeps the seconds between the server's pings on a seat socket.
PING_KEY = "arena.socket_ping_seconds"


@blp.get("/matches/<match_id>/seat-socket", websocket=True)  # werkzeug routes an upgrade only to such a rule
@blp.get("/matches/<match_id>/seat-socket")
def seat_socket(match_id: str) -> Response:
    try:
        query = SeatStreamQuerySchema().load(request.args)
    except ValidationError as invalid:
        raise ArenaError("request/invalid", "the query is not valid", errors={"query": invalid.messages}) from None
    table = load_table(context(), match_id)
    if request.headers.get("Upgrade", "").lower() != "websocket":
        raise ArenaError("request/upgrade_required", "this is a WebSocket: connect with 'Upgrade: websocket'")
    start = start_position(query, table)
    ws = Server(request.environ, ping_interval=current_app.extensions[PING_KEY], max_message_size=MAX_FRAME_BYTES)
    try:
        SeatSocket(
            ws, ctx=context(), notifier=notifier(), table=table, start=start, legal_limit=query["legal_limit"]
        ).run()
    finally:
        if ws.connected:
            with contextlib.suppress(ConnectionClosed):
                ws.close(int(Close.GOING_AWAY), "closed")
    return _Upgraded()


class _Upgraded(Response):
    """The answer once the socket is done: the connection was the socket's, so nothing more is written."""

    def __call__(self, environ: Any, start_response: Any) -> Any:
        if "gunicorn.socket" in environ:
            raise StopIteration  # gunicorn's workers treat the request as handled and close the connection
        return []


def register_sockets(app: Flask, settings: Settings) -> None:
    """Serve the seat socket (outside the spec's blueprints; :func:`describe_sockets` describes it)."""
    app.extensions[PING_KEY] = settings.socket_ping_seconds
    app.register_blueprint(blp)


def describe_sockets(app: Flask, spec: APISpec) -> None:
    """Describe ``app``'s seat socket in ``spec``: its query parameters from the seat stream's own schema, so
    the two cannot drift apart."""
    for name, schema in SCHEMAS.items():
        spec.components.schema(name, schema=schema)
    converter = next(plugin.converter for plugin in spec.plugins if isinstance(plugin, MarshmallowPlugin))
    assert converter is not None, "the marshmallow plugin is set up with the spec"
    query = converter.schema2parameters(SeatStreamQuerySchema, location="query")
    operation = {**SPEC_OPERATION, "parameters": [*query, LAST_EVENT_ID]}
    rule = next(rule for rule in app.url_map.iter_rules() if rule.endpoint == "sockets.seat_socket")
    spec.path(rule=rule, operations={"get": operation})  # the spec's Flask plugin writes the path from the rule


#: The seat socket's operation in the spec (but its parameters): an upgrade, and its messages (``x-websocket``).
SPEC_OPERATION: dict[str, Any] = {
    "operationId": "seatSocket",
    "tags": ["streams"],
    "summary": "A seat's WebSocket: the seat stream's items pushed, the seat's moves sent and answered.",
    "description": (
        "Upgrade with `Upgrade: websocket`. The first message is the seat's token (a text frame holding it "
        "alone; never in the URL). The server then pushes the seat stream's items, "
        '`{"type": "event" | "turn" | "match_over", "id": "<event id>", "data": {...}}` (the same ids and data '
        "as `streamSeat`, resumed the same way with `after` or `Last-Event-ID`), and the client moves with "
        '`{"action": {...}, "version": <If-Match>, "key": "<Idempotency-Key>"}`, answered with '
        '`{"type": "result", "key", "status", "replayed", "data": <MoveResult>}` or '
        '`{"type": "error", "key", "status", "error": <Error>}`: the same checks and answers as `submitAction`. '
        f"Close codes: 1000 the match is over; 1001 the server is stopping (the reason ends with the id of the "
        "last item sent: connect again with it as `Last-Event-ID` to resume); 1003 a binary frame; "
        "1007 a frame that is no message of this "
        f"protocol; 1008 more than {FLOOD_FRAMES} frames sent ahead of their answers, or no answer to the "
        "server's pings; "
        f"1009 a frame over {MAX_FRAME_BYTES} bytes; 1013 the store is unavailable (connect again to resume); "
        f"4401 a missing or invalid token; 4403 the host token or another match's; 4408 no token within "
        f"{TOKEN_SECONDS:g} s. After its close frame the server waits up to {CLOSE_SECONDS:g} s for the "
        "client's. Nothing is stored for a frame that closes the socket."
    ),
    "responses": {
        "101": {"description": "Switched to the WebSocket protocol."},
        **{
            str(status): {
                "description": description,
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
            }
            for status, description in (
                (404, "No such match (`match/not_found`)."),
                (422, "A query parameter or `Last-Event-ID` out of range (`request/invalid`)."),
                (426, "Not a WebSocket upgrade (`request/upgrade_required`)."),
                (503, "The store is unavailable (`store/unavailable`); retry after `Retry-After` seconds."),
            )
        },
    },
    "x-websocket": {
        "client-messages": {"first": "the seat token", "act": {"$ref": "#/components/schemas/SocketMove"}},
        "server-messages": {
            "item": {"$ref": "#/components/schemas/SocketItem"},
            "result": {"$ref": "#/components/schemas/SocketResult"},
            "error": {"$ref": "#/components/schemas/SocketError"},
        },
    },
}
