"""The seat socket's messages as schemas, for the spec (``x-websocket`` of ``seatSocket``)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.errors import ErrorSchema
from api.matches.schemas import MoveResultSchema


class SocketMoveSchema(Schema):
    """A move the client sends on a seat socket: `submitAction`'s body, If-Match and Idempotency-Key in one."""

    action = fields.Dict(required=True, metadata={"description": "An `Action` of the match's game."})
    version = fields.Integer(
        required=True, metadata={"description": "The version the action was decided at (as `If-Match`)."}
    )
    key = fields.String(
        allow_none=True,
        validate=validate.Regexp(r"^[\x21-\x7e]{1,255}$"),
        metadata={"description": "The move's idempotency key (as `Idempotency-Key`): a resend replays its answer."},
    )


class SocketItemSchema(Schema):
    """An item of the seat stream, pushed on the socket: the same id and data as `streamSeat` sends."""

    type = fields.String(required=True, validate=validate.OneOf(["event", "turn", "match_over"]))
    id = fields.String(required=True, metadata={"description": "The event id, as the stream's."})
    data = fields.Dict(required=True, metadata={"description": "An `Event`, a `TurnEvent` or a `MatchOverEvent`."})


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
