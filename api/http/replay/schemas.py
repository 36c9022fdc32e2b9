"""The response schema of a replayed version."""

from __future__ import annotations

from marshmallow import fields, validate

from api.http.matches.schemas import ActionRecordSchema, EventSchema
from api.http.schema import Schema
from api.http.type_schemas import GameIdField, ViewSchema


class ReplayVersionSchema(Schema):
    """A finished match as a spectator saw it right after one version, rebuilt from its seed and log."""

    match_id = fields.String(required=True)
    game = GameIdField(required=True)
    players = fields.Integer(required=True)
    status = fields.String(
        required=True,
        validate=validate.OneOf(["finished", "aborted"]),
        metadata={"description": "How the match stands now."},
    )
    version = fields.Integer(required=True, metadata={"description": "The version shown."})
    last_version = fields.Integer(required=True, metadata={"description": "The match's final version."})
    at = fields.Float(required=True, metadata={"description": "When this version was written (epoch seconds)."})
    seat = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "The seat this version was about (the actor, or the seat that left); null for none."},
    )
    action = fields.Nested(
        ActionRecordSchema,
        required=True,
        allow_none=True,
        metadata={"description": "The action that made this version; null for the setup, a join, a resignation..."},
    )
    events = fields.List(fields.Nested(EventSchema), required=True, metadata={"description": "Its public events."})
    to_act = fields.List(
        fields.Integer(),
        required=True,
        metadata={"description": "The seats the rules had to act next (empty at the final version)."},
    )
    view = fields.Nested(ViewSchema, required=True, metadata={"description": "The public view at this version."})
