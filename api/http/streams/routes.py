"""Server-sent event streams of a match: the public one, and one per seat with its turns."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from flask import Response, current_app, request
from flask.views import MethodView
from marshmallow import fields, validate

from api.http.blueprint import ArenaBlueprint
from api.http.extensions import context, notifier
from api.http.headers import seat_claim_of
from api.http.matches.routes import SEAT_ERRORS, _errors
from api.http.matches.schemas import QUERY_INDEX_MAX
from api.http.responses import BEARER, answer_headers
from api.http.schema import Schema
from api.http.streams.sse import KEEP_ALIVE, come_back, encode
from api.store.errors import StoreUnavailable
from api.usecases.matches.following import Reader, follow
from api.usecases.matches.reading import load_for_seat, load_table
from arena.errors import ArenaError
from arena.matches.table import Table
from arena.streams import Item, Position

blp = ArenaBlueprint("streams", __name__, url_prefix="/matches", description="Live event streams of a match.")


class StreamQuerySchema(Schema):
    after = fields.Integer(
        load_default=None,
        validate=validate.Range(min=-1, max=QUERY_INDEX_MAX),
        metadata={
            "description": "Send every event after this version (0 replays the match from its first move, -1 "
            "from the setup's events, such as a dealt hand); `Last-Event-ID` does the same and wins over it. "
            "Without either, the stream starts after the current version. However it starts, once the stream "
            "has caught up it sends where the match stands: a seat's pending `turn`, or `match_over`."
        },
    )


class SeatStreamQuerySchema(StreamQuerySchema):
    legal_limit = fields.Integer(
        load_default=100,
        validate=validate.Range(min=0, max=1000),
        metadata={
            "description": "How many legal actions each `turn` event carries: all of them when there are no more, "
            "else a uniform random sample of this many (its `total` says how many there are), drawn from the "
            "match's seed and version and the seat as `engine.offered_actions` documents: the same that the "
            "offline environments offer."
        },
    )


SSE_DESCRIPTION = (
    "A `text/event-stream`. Each event has `id: <version>` (the last event of a version) or "
    "`id: <version>.<n>` (an earlier one), and a type: `event` (data: an `Event` of the log), `turn` "
    "(seat stream: data is a `TurnEvent`), `match_over` (data is a `MatchOverEvent`; the stream then ends). "
    "`x-events` names each type's data schema. A comment line is sent every 15 s while nothing happens "
    "(`ARENA_STREAM_KEEP_ALIVE_SECONDS`). "
    "Resume with `Last-Event-ID`. A server that stops ends the stream before `match_over` with a comment, "
    "the id of the last event sent (`id:` alone, no event) and `retry: 1000`: connect again (to it once it is "
    "back, or to another) with that `Last-Event-ID` to resume."
)


LAST_EVENT_ID = {
    "in": "header",
    "name": "Last-Event-ID",
    "required": False,
    "schema": {"type": "string", "pattern": r"^([0-9]{1,18}(\.[0-9]{1,6})?)?$"},
    "description": "The id of the last event received: the stream resumes right after it (empty: none).",
}


#: The data of each type of event a stream sends, by type: the spec's ``x-events`` of each stream
#: operation's ``text/event-stream`` content (docs/api.md#event-streams).
EVENT_DATA = {
    "event": {"$ref": "#/components/schemas/Event"},
    "turn": {"$ref": "#/components/schemas/TurnEvent"},
    "match_over": {"$ref": "#/components/schemas/MatchOverEvent"},
}


def sse_event(kinds: list[str]) -> dict[str, Any]:
    """One event of a stream that sends events of ``kinds``, by its SSE fields: OpenAPI 3.1 (as
    schemathesis reads it) takes a `text/event-stream` schema as one event's. A string is allowed too, as
    that is what an event is on the wire: the generated SDK, which cannot parse a stream into objects,
    hands out the text. Each type's `data` is JSON of the schema ``x-events`` names for it."""
    return {
        "type": ["object", "string"],
        "required": ["event", "data"],
        "properties": {
            "id": {"type": "string", "pattern": r"^[0-9]{1,18}(\.[0-9]{1,6})?$"},
            "event": {"type": "string", "enum": kinds},
            "data": {"type": "string", "contentMediaType": "application/json"},
        },
    }


def _sse_doc(operation_id: str, secured: bool) -> Any:
    extra: dict[str, Any] = {"security": BEARER} if secured else {}
    kinds = ["event", "turn", "match_over"] if secured else ["event", "match_over"]
    documented = blp.doc(
        operationId=operation_id,
        responses={
            "200": {
                "description": SSE_DESCRIPTION,
                "content": {
                    "text/event-stream": {
                        "schema": sse_event(kinds),
                        "x-events": {kind: EVENT_DATA[kind] for kind in kinds},
                    }
                },
                "headers": answer_headers("Cache-Control", "X-Accel-Buffering"),
            },
            "204": {
                "description": "The match is over and nothing follows where the stream would resume (its last "
                "event, `match_over`, was received already): nothing more will come, so an EventSource stops "
                "reconnecting."
            },
        },
        **extra,
    )
    return lambda view: documented(blp.headers(LAST_EVENT_ID)(view))


@blp.route("/<match_id>/stream")
class PublicStream(MethodView):
    @_sse_doc("streamMatch", secured=False)
    @blp.arguments(StreamQuerySchema(), location="query")
    @_errors(404, 422, 503, described={404: "No such match (`match/not_found`)."})
    def get(self, query: dict[str, Any], match_id: str) -> Response:
        """The public events of the match as they happen, then `match_over`."""
        table = load_table(context(), match_id)
        start = start_position(query, table)
        return _event_stream(_reader(match_id, None, 0), start, table)


@blp.route("/<match_id>/seat-stream")
class SeatStream(MethodView):
    @_sse_doc("streamSeat", secured=True)
    @blp.arguments(SeatStreamQuerySchema(), location="query")
    @_errors(401, 403, 404, 422, 503, described=SEAT_ERRORS)
    def get(self, query: dict[str, Any], match_id: str) -> Response:
        """What the token's seat sees happen: public events, its private ones, a `turn` whenever it must act."""
        table, seat = load_for_seat(context(), match_id, seat_claim_of(request.headers.get("Authorization")))
        start = start_position(query, table)
        return _event_stream(_reader(match_id, seat, query["legal_limit"]), start, table)


def _reader(match_id: str, seat: int | None, legal: int) -> Reader:
    keep_alive = current_app.config["ARENA_STREAM_KEEP_ALIVE_SECONDS"]
    return Reader(context(), notifier(), match_id, seat, legal, keep_alive=keep_alive)


def start_position(query: dict[str, Any], table: Table) -> tuple[Position, bool]:
    """Where the stream starts, and whether it is a fresh start (not a resumption)."""
    header = request.headers.get("Last-Event-ID")
    if header:
        position = Position.parse(header)
        if position is None:
            raise ArenaError("request/invalid", "Last-Event-ID is not an event id of this API", field="Last-Event-ID")
        return position, False
    if query["after"] is not None:
        return Position(query["after"]), False
    return Position(table.version), True


def _event_stream(reader: Reader, start: tuple[Position, bool], first: Table) -> Response:
    position, fresh = start
    if not fresh and first.is_over and position.index is None and position.version >= first.version:
        return Response(status=204)  # resumed after the end: a 200 that closes at once would be reconnected to
    reader.notifier.ready()  # here, not in the stream: an outage is the API's 503, never a stream broken at once
    response = Response(_sse(follow(reader, position, fresh, first), reader, position), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache" if reader.seat is None else "private, no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def _sse(batches: Iterator[list[tuple[str, Item]] | None], reader: Reader, start: Position) -> Iterator[bytes]:
    """The items on the wire, a batch at a time, with a keep-alive comment for every quiet spell; when the
    process stops before the match is over, or the store goes out of reach, where and when to come back
    (:func:`come_back`)."""
    last_id, over = start.event_id, False
    # Nothing, at once: the server sends the headers with a response's first chunk, and a stream with
    # nothing to say yet (resumed on a quiet match) would otherwise not open until its first keep-alive.
    yield b""
    try:
        for batch in batches:
            if batch is None:
                yield KEEP_ALIVE
                continue
            if not batch:
                continue  # a fresh start with nothing standing: the stream has opened already
            last_id, over = batch[-1][0], batch[-1][1].type == "match_over"
            yield b"".join(encode(*found) for found in batch)
    except StoreUnavailable:
        yield come_back(last_id, "the match store is out of reach")  # the client retries, as after any outage
        return
    if not over and reader.notifier.closing:
        yield come_back(last_id)
