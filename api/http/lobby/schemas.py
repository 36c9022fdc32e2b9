"""Request and response schemas of the lobby: joining, listing, resigning and aborting matches."""

from __future__ import annotations

from marshmallow import RAISE, fields, validate

from api.http.matches.schemas import NAME, SEAT, SeatSchema
from api.http.schema import Schema
from api.http.type_schemas import GameIdField, JsonInteger


class JoinSchema(Schema):
    """Take an open seat: any one, or the one named."""

    class Meta:
        unknown = RAISE

    name = fields.String(
        load_default=None,
        validate=NAME,
        metadata={"description": "Your name at the table (default: the seat's label)."},
    )
    seat = JsonInteger(
        load_default=None,
        allow_none=True,
        validate=SEAT,
        metadata={
            "description": "The open seat to take (default: the one the invitation opens, else the first one open to "
            "anyone); a seat the match does not have is 422 `request/invalid`."
        },
    )
    invitation = fields.String(
        load_default=None,
        validate=validate.Length(min=1, max=256),
        metadata={
            "description": "The invitation of an invitation-only seat (from the creation's answer); without it, or "
            "with another, such a seat is 403 `auth/invalid_invitation` and nothing is stored."
        },
    )


class JoinedSchema(Schema):
    """The seat taken and its secret token."""

    seat = fields.Integer(required=True)
    token = fields.String(required=True, metadata={"description": "The secret bearer token of this seat."})


class MatchSummarySchema(Schema):
    """A match as the list shows it."""

    match_id = fields.String(required=True)
    game = GameIdField(required=True)
    players = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(["waiting", "active", "finished", "aborted"]))
    version = fields.Integer(required=True)
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    open_seats = fields.List(fields.Integer(), required=True, metadata={"description": "The seats anyone may join."})
    created_at = fields.Float(required=True)
    updated_at = fields.Float(required=True)


class MatchListSchema(Schema):
    matches = fields.List(fields.Nested(MatchSummarySchema), required=True)
    next_cursor = fields.String(
        required=True, allow_none=True, metadata={"description": "Pass as `cursor` for the next page; null at the end."}
    )


class MatchListQuerySchema(Schema):
    game = GameIdField(load_default=None, metadata={"description": "Only matches of this game."})
    status = fields.String(load_default=None, validate=validate.OneOf(["waiting", "active", "finished", "aborted"]))
    open = fields.Boolean(
        load_default=None,
        metadata={
            "description": "`true`: only matches with a seat anyone may join (`waiting`, with an open seat that is not "
            "invitation-only)."
        },
    )
    limit = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))
    updated_within = fields.Float(
        load_default=None,
        validate=validate.Range(min=1, max=30 * 24 * 3600),
        metadata={
            "description": "Only matches whose last version is at most this many seconds old, which leaves out "
            "abandoned ones (the web client lists waiting and live matches idle for less than 15 minutes). "
            "A page may then hold fewer than `limit` matches while `next_cursor` still leads on."
        },
    )
    cursor = fields.String(
        load_default=None,
        validate=validate.Regexp(r"^[0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)?~[A-Za-z0-9_-]{1,64}$"),
        metadata={"description": "The `next_cursor` of the previous page."},
    )
