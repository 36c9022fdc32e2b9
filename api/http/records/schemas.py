"""The schema of a match's record, as ``GET /matches/{id}/record`` serves it and ``POST /records/...`` takes it."""

from __future__ import annotations

from marshmallow import fields, validate

from api.http.matches.schemas import HEX_DIGEST, MatchTournamentSchema, ResultSchema, TimeControlSchema
from api.http.schema import Schema
from api.http.type_schemas import GameIdField
from arena.records.codec import FORMAT


class RecordSeatSchema(Schema):
    """Who sat in a seat, and how they stood at the end."""

    name = fields.String(required=True, allow_none=True)
    kind = fields.String(required=True, validate=validate.OneOf(["player", "bot", "open"]))
    bot = fields.String(required=True, allow_none=True, metadata={"description": "The server bot, for a bot seat."})
    state = fields.String(required=True, validate=validate.OneOf(["playing", "resigned", "timed_out", "disqualified"]))
    time_control = fields.Nested(
        TimeControlSchema,
        metadata={"description": "The seat's own clock, over the match's; absent when the match's applied."},
    )


class RecordQuerySchema(Schema):
    """How a record is answered: as JSON data (the default) or as text a player reads."""

    format = fields.String(
        load_default="json",
        validate=validate.OneOf(["json", "text"]),
        metadata={
            "description": "`json` (the default): the record as data, to replay and verify. `text`: the record "
            "as text a player reads (`text/plain`), as PGN is for chess: a header of tag pairs, then one line "
            "per version in words."
        },
    )


class RecordSchema(Schema):
    """A finished (or aborted) match, whole: everything to replay and verify it offline."""

    format = fields.Integer(
        required=True,
        metadata={
            "description": f"The record's layout, {FORMAT} now; a reader refuses a format it does not know. "
            "New keys that a reader may ignore (replay checkpoints) keep the format."
        },
    )
    match_id = fields.String(required=True)
    game = GameIdField(required=True)
    players = fields.Integer(required=True)
    options = fields.Dict(
        keys=fields.String(),
        values=fields.Raw(allow_none=True),
        required=True,
        metadata={"description": "Every option, resolved (a random first player as drawn)."},
    )
    seats = fields.List(fields.Nested(RecordSeatSchema), required=True, metadata={"description": "One per seat."})
    seed = fields.Integer(
        required=True, metadata={"description": "The match seed: every deal and roll follows from it."}
    )
    salt = fields.String(required=True, allow_none=True, validate=validate.Regexp(HEX_DIGEST))
    seed_commitment = fields.String(
        required=True,
        allow_none=True,
        validate=validate.Regexp(HEX_DIGEST),
        metadata={"description": 'The commitment published at creation: the hex SHA-256 of `"<seed>:<salt>"`.'},
    )
    time_control = fields.Nested(TimeControlSchema, required=True, allow_none=True)
    adjudicate_after = fields.Integer(
        metadata={
            "description": "The versions after which the arena adjudicates the match; absent when it never would."
        }
    )
    tournament = fields.Nested(MatchTournamentSchema, required=True, allow_none=True)
    status = fields.String(required=True, validate=validate.OneOf(["finished", "aborted"]))
    result = fields.Nested(ResultSchema, required=True, allow_none=True, metadata={"description": "null if aborted."})
    state_digest = fields.String(
        required=True,
        validate=validate.Regexp(HEX_DIGEST),
        metadata={
            "description": "The hex SHA-256 of the engine's final state (its JSON with sorted keys): a replay "
            "must end in it."
        },
    )
    steps = fields.List(
        fields.Raw(),
        required=True,
        metadata={
            "description": "One entry per version: `steps[0]` is the creation time (epoch seconds); an action is "
            "`[seat, at, action, events]` (`events`: the arena's before the action, a `timeout` when the "
            "stand-in bot decided for a seat out of time, else `[]`); an arena step (a join, a resignation or "
            "disqualification, a forfeit on time, the abort, the clocks extended after an outage, the "
            "adjudication) is `[seat, at, events]`, with its events."
        },
    )
