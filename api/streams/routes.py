"""Server-sent event streams of a match: the public one, and one per seat with its turns."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from flask import Response, request
from flask.views import MethodView
from marshmallow import Schema, fields, validate

from api.blueprint import ArenaBlueprint
from api.errors import ApiError
from api.extensions import notifier, store
from api.matches.routes import BEARER, _errors
from api.matches.schemas import QUERY_INDEX_MAX
from api.matches.service import load_for_seat, load_table, match_resource, visible_events
from api.matches.table import Table
from api.store import MatchNotFound, MatchStore, StoreUnavailable
from api.streams.notifier import Notifier
from api.streams.sse import KEEP_ALIVE, KEEP_ALIVE_SECONDS, Item, Position, encode, items_after
from engine import offered_actions

blp = ArenaBlueprint("streams", __name__, url_prefix="/matches", description="Live event streams of a match.")

#: How many log entries one read of a resuming stream takes.
LOG_PAGE = 200


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
    "A comment line is sent every 15 s while nothing happens. Resume with `Last-Event-ID`."
)


LAST_EVENT_ID = {
    "in": "header",
    "name": "Last-Event-ID",
    "required": False,
    "schema": {"type": "string", "pattern": r"^([0-9]{1,18}(\.[0-9]{1,6})?)?$"},
    "description": "The id of the last event received: the stream resumes right after it (empty: none).",
}


#: One event of a stream, by its SSE fields: OpenAPI 3.1 (as schemathesis reads it) takes a
#: `text/event-stream` schema as one event's. A string is allowed too, as that is what an event is
#: on the wire: the generated SDK, which cannot parse a stream into objects, hands out the text.
SSE_EVENT = {
    "type": ["object", "string"],
    "required": ["event", "data"],
    "properties": {
        "id": {"type": "string", "pattern": r"^[0-9]{1,18}(\.[0-9]{1,6})?$"},
        "event": {"type": "string", "enum": ["event", "turn", "match_over"]},
        "data": {"type": "string", "contentMediaType": "application/json"},
    },
}


def _sse_doc(operation_id: str, secured: bool) -> Any:
    extra: dict[str, Any] = {"security": BEARER} if secured else {}
    documented = blp.doc(
        operationId=operation_id,
        responses={
            "200": {
                "description": SSE_DESCRIPTION,
                "content": {"text/event-stream": {"schema": SSE_EVENT}},
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
    @_errors(404, 422, 503)
    def get(self, query: dict[str, Any], match_id: str) -> Response:
        """The public events of the match as they happen, then `match_over`."""
        table = load_table(store(), match_id)
        start = _start(query, table)
        return _event_stream(Reader(store(), notifier(), match_id, None, 0), start, table)


@blp.route("/<match_id>/seat-stream")
class SeatStream(MethodView):
    @_sse_doc("streamSeat", secured=True)
    @blp.arguments(SeatStreamQuerySchema(), location="query")
    @_errors(401, 403, 404, 422, 503)
    def get(self, query: dict[str, Any], match_id: str) -> Response:
        """What the token's seat sees happen: public events, its private ones, a `turn` whenever it must act."""
        table, seat = load_for_seat(store(), match_id, request.headers.get("Authorization"))
        start = _start(query, table)
        return _event_stream(Reader(store(), notifier(), match_id, seat, query["legal_limit"]), start, table)


def _start(query: dict[str, Any], table: Table) -> tuple[Position, bool]:
    """Where the stream starts, and whether it is a fresh start (not a resumption)."""
    header = request.headers.get("Last-Event-ID")
    if header:
        position = Position.parse(header)
        if position is None:
            raise ApiError(
                422, "request/invalid", "Last-Event-ID is not an event id of this API", field="Last-Event-ID"
            )
        return position, False
    if query["after"] is not None:
        return Position(query["after"]), False
    return Position(table.version), True


class Reader:
    """What one stream reads: the match's log and state, as the public or one seat sees them."""

    def __init__(self, store: MatchStore, notifier: Notifier, match_id: str, seat: int | None, legal: int) -> None:
        self.store, self.notifier, self.match_id, self.seat, self.legal = store, notifier, match_id, seat, legal

    def items(self, entry: dict[str, Any], table: Table, now: float) -> list[Item]:
        """The items of one version: its visible events, then (if it is the latest) a turn and the end."""
        items = [Item("event", event) for event in visible_events([entry], self.seat)]
        if entry["version"] == table.version:
            items.extend(self.latest(table, now))
        return items

    def latest(self, table: Table, now: float) -> list[Item]:
        """The items that describe where the match stands: whose turn it is, and how it ended."""
        if table.is_over:
            return [Item("match_over", {"version": table.version, "status": table.status, "result": table.result()})]
        if self.seat is None or self.seat not in table.to_act:
            return []
        match = table.match
        # All of them, or a uniform sample seeded by the match's version: a resumed stream repeats it,
        # and an offline environment of the same match offers the same (engine.offered_actions).
        total, chosen = offered_actions(match, self.seat, self.legal)
        actions = [action.to_json() for action in chosen]
        turn = {
            "version": table.version,
            "seat": self.seat,
            "deadline": table.deadlines[self.seat] if table.deadlines else None,
            "view": match_resource(table, self.seat, now),
            "legal_actions": {"total": total, "actions": actions},
        }
        return [Item("turn", turn)]


def _event_stream(reader: Reader, start: tuple[Position, bool], first: Table) -> Response:
    position, fresh = start
    if not fresh and first.is_over and position.index is None and position.version >= first.version:
        return Response(status=204)  # resumed after the end: a 200 that closes at once would be reconnected to
    response = Response(_generate(reader, position, fresh, first), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache" if reader.seat is None else "private, no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def _generate(reader: Reader, position: Position, fresh: bool, table: Table | None) -> Iterator[bytes]:
    """Every item after ``position``, as it happens, until the match is over.

    Where the match stands (a seat's pending ``turn``, or ``match_over``) is sent once per version
    reached, however the stream started: resuming at the current version still gets its turn.
    """
    stood = -1  # the version whose standing items (turn, end) this stream has sent
    with reader.notifier.watch(reader.match_id) as signal:
        if fresh and table is not None:  # a fresh start: where the match stands now
            for event_id, item in _standing(reader, table):
                yield encode(event_id, item)
            if table.is_over:
                return
            stood = table.version
        table = None
        while True:
            try:
                table = load_table(reader.store, reader.match_id)
                sent_end = False
                while position.version < table.version or position.index is not None:
                    after = position.version - 1 if position.index is not None else position.version
                    # entries written after ``table`` was read wait for the next round, with their turn
                    entries = [
                        e for e in reader.store.log(reader.match_id, after, LOG_PAGE) if e["version"] <= table.version
                    ]
                    if not entries:
                        break
                    now = time.time()
                    for entry in entries:
                        for event_id, item in items_after(position, entry["version"], reader.items(entry, table, now)):
                            yield encode(event_id, item)
                            sent_end = sent_end or item.type == "match_over"
                        position = Position(entry["version"])
                        if entry["version"] == table.version:  # its items ended with where the match stands
                            stood = table.version
                if position.version == table.version and stood < table.version:
                    for event_id, item in _standing(reader, table):  # resumed at the current version
                        yield encode(event_id, item)
                        sent_end = sent_end or item.type == "match_over"
                    stood = table.version
                if sent_end or (table.is_over and position.version >= table.version):
                    return
            except (MatchNotFound, StoreUnavailable):
                return  # the match expired or the store is gone: the client resumes later
            if not signal.wait(KEEP_ALIVE_SECONDS):
                yield KEEP_ALIVE
            signal.clear()


def _standing(reader: Reader, table: Table) -> list[tuple[str, Item]]:
    """Where the match stands now, as the items of its current version: a turn, or the end."""
    return items_after(Position(table.version - 1), table.version, reader.latest(table, time.time()))
