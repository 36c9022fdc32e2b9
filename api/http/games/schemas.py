"""Schemas of the game catalogue."""

from __future__ import annotations

from marshmallow import fields, validate

from api.http.schema import Schema
from api.http.type_schemas import GameIdField


class ChoicePlayersSchema(Schema):
    """The player counts one choice of an option allows."""

    choice = fields.Raw(required=True)
    min_players = fields.Integer(required=True)
    max_players = fields.Integer(required=True)


class AppliesWhenSchema(Schema):
    """The other option, and its values, under which an option matters."""

    option = fields.String(required=True)
    values = fields.List(fields.Raw(), required=True)


class OptionSchema(Schema):
    """One match option with its type, default and allowed values."""

    name = fields.String(required=True)
    kind = fields.String(
        required=True,
        metadata={
            "description": "choice (one of `choices`), integer (from `minimum` to `maximum`), boolean, "
            "seat (a seat number; null picks a seeded random seat) or json (structured data the game checks).",
            "enum": ["choice", "integer", "boolean", "seat", "json"],
        },
    )
    description = fields.String(required=True)
    default = fields.Raw(required=True, allow_none=True)
    choices = fields.List(fields.Raw(), required=True)
    minimum = fields.Integer(required=True, allow_none=True)
    maximum = fields.Integer(required=True, allow_none=True)
    choice_players = fields.List(
        fields.Nested(ChoicePlayersSchema),
        required=True,
        metadata={
            "description": "Choices that allow fewer player counts than the game does (e.g. Girafferaffe's `solo` "
            "mode: 1 player); a choice not listed allows the game's `min_players` to `max_players`."
        },
    )
    applies_when = fields.Nested(
        AppliesWhenSchema,
        required=True,
        allow_none=True,
        metadata={
            "description": "The option matters only while `option` has one of `values` (e.g. `robot_cards` only in "
            "`mode` `solo`); null: always. Elsewhere it is ignored, or refused where the game says so."
        },
    )


class RulingSchema(Schema):
    """A ruling that closes a gap in the rulebook, as the server plays it."""

    id = fields.String(required=True, metadata={"description": "The ruling's id, e.g. `P3`."})
    text = fields.String(required=True)


class BotSchema(Schema):
    """A bot the server can play a seat with."""

    id = fields.String(required=True, metadata={"description": 'Use as `{"bot": id}` in a match\'s `seats`.'})
    description = fields.String(required=True)
    strength = fields.String(
        required=True,
        metadata={
            "description": "How strong the bot is, in a sentence for a person choosing an opponent: the level "
            "(from `random`, the easiest, to `search-3`, the hardest) and its measured score against `greedy`."
        },
    )
    score_against_greedy = fields.Float(
        required=True,
        allow_none=True,
        metadata={
            "description": "The share of two-player matches the bot scores against the `greedy` bot (a win 1, "
            "a shared win 0.5), as the ladder measured it (docs/bots.md); null for `greedy` itself and for a level "
            "not measured yet."
        },
    )


class GameSchema(Schema):
    """A game in the catalogue."""

    id = GameIdField(required=True, metadata={"description": "The game id used to create matches."})
    title = fields.String(required=True)
    description = fields.String(required=True)
    min_players = fields.Integer(required=True)
    max_players = fields.Integer(required=True)
    options = fields.List(fields.Nested(OptionSchema), required=True)
    action_types = fields.List(fields.String(), required=True, metadata={"description": "The game's action types."})
    action_filters = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "Keys accepted by `filter` when listing legal actions (`key=value`)."},
    )
    rulings = fields.List(fields.Nested(RulingSchema), required=True)
    bots = fields.List(fields.Nested(BotSchema), required=True, metadata={"description": "The server's bots."})
    score_order = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(["higher", "lower"]),
        metadata={"description": "Whether a higher or a lower score is better; null when the game has no scores."},
    )
    rules = fields.String(
        required=True,
        metadata={"description": "Where the game's rules and rulings are documented (a repository path)."},
    )


class GameListSchema(Schema):
    games = fields.List(fields.Nested(GameSchema), required=True)
