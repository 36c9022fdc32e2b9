"""The seat socket's messages as schemas, for the spec (``x-websocket`` of ``seatSocket``)."""

from __future__ import annotations

from marshmallow import fields, validate

from api.http.errors import ErrorSchema
from api.http.matches.schemas import EventSchema, MoveResultSchema
from api.http.schema import Schema
from api.http.streams.schemas import MatchOverEventSchema, TurnEventSchema
from api.http.type_schemas import ActionRequestSchema, one_of


class SocketMoveSchema(Schema):
    """A move the client sends on a seat socket: `submitAction`'s body, If-Match and Idempotency-Key in one."""

    action = fields.Nested(
        ActionRequestSchema, required=True, metadata={"description": "An action of the match's game."}
    )
    version = fields.Integer(
        required=True, metadata={"description": "The version the action was decided at (as `If-Match`)."}
    )
    key = fields.String(
        allow_none=True,
        validate=validate.Regexp(r"^[\x21-\x7e]{1,255}$"),
        metadata={"description": "The move's idempotency key (as `Idempotency-Key`): a resend replays its answer."},
    )


def _item(kind: str, data: type[Schema], doc: str) -> type[Schema]:
    """The schema of the seat stream's items of one type: ``{type, id, data}``."""
    return type(
        f"Socket{''.join(part.capitalize() for part in kind.split('_'))}ItemSchema",
        (Schema,),
        {
            "__doc__": doc,
            "type": fields.String(required=True, validate=validate.OneOf([kind])),
            "id": fields.String(required=True, metadata={"description": "The event id, as the stream's."}),
            "data": fields.Nested(data, required=True),
        },
    )


SocketItemSchema = one_of(
    "SocketItemSchema",
    "type",
    {
        "event": _item("event", EventSchema, "A log event, as the stream's `event`."),
        "turn": _item("turn", TurnEventSchema, "The seat must act, as the stream's `turn`."),
        "match_over": _item("match_over", MatchOverEventSchema, "The match is over, as the stream's `match_over`."),
    },
    "An item of the seat stream, pushed on the socket: the same type, id and data as `streamSeat` sends.",
)


class SocketResultSchema(Schema):
    """The answer to a move that was applied, or replayed for its key."""

    type = fields.String(required=True, validate=validate.OneOf(["result"]))
    key = fields.String(required=True, allow_none=True)
    status = fields.Integer(required=True)
    replayed = fields.Boolean(required=True)
    data = fields.Nested(MoveResultSchema, required=True)


class SocketErrorSchema(Schema):
    """The answer to a move that was refused, in the API's error shape."""

    type = fields.String(required=True, validate=validate.OneOf(["error"]))
    key = fields.String(required=True, allow_none=True)
    status = fields.Integer(required=True)
    error = fields.Nested(ErrorSchema, required=True)


SCHEMAS = {
    "SocketMove": SocketMoveSchema,
    "SocketItem": SocketItemSchema,
    "SocketResult": SocketResultSchema,
    "SocketError": SocketErrorSchema,
}
