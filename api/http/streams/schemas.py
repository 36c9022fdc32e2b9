"""The data of the server-sent events that are not log events, published as spec components."""

from __future__ import annotations

from marshmallow import fields, validate

from api.http.matches.schemas import ResultSchema, SeatViewSchema
from api.http.schema import Schema
from api.http.type_schemas import ActionSchema


class TurnLegalActionsSchema(Schema):
    total = fields.Integer(required=True, metadata={"description": "How many legal actions there are in all."})
    actions = fields.List(
        fields.Nested(ActionSchema),
        required=True,
        metadata={"description": "All of them, or a uniform sample of `legal_limit` when there are more."},
    )


class TurnEventSchema(Schema):
    """The data of a `turn` event: the seat must act at `version`; what it sees and may do."""

    version = fields.Integer(required=True)
    seat = fields.Integer(required=True)
    deadline = fields.Float(required=True, allow_none=True, metadata={"description": "Under a time control."})
    view = fields.Nested(SeatViewSchema, required=True)
    legal_actions = fields.Nested(TurnLegalActionsSchema, required=True)


class MatchOverEventSchema(Schema):
    """The data of a `match_over` event, the last of a stream."""

    version = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(["finished", "aborted"]))
    result = fields.Nested(ResultSchema, required=True, allow_none=True)
