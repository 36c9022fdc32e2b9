"""Request and response schemas of ``/matches``."""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, ValidationError, fields, post_load, validate, validates_schema

from api.http.schema import Schema
from api.http.type_schemas import ActionSchema, GameIdField, JsonInteger, ViewSchema
from api.http.webhooks.schemas import CreatedWebhookSchema, MatchWebhookRequestSchema
from arena.matches.time_control import FIRST_DECISION_DEFAULT, PER_ACTION_MAX, PER_ACTION_MIN, TimeControl
from engine import all_games

#: A name at the table: 1-64 characters, none of them a control character. (A list, not
#: ``validate.And``, so that the spec publishes both bounds.)
NAME = [validate.Length(min=1, max=64), validate.Regexp(r"^[^\x00-\x1f\x7f-\x9f]*$")]

#: The fewest and the most seats any registered game has: the bounds of ``players`` in the spec
#: (each game then checks its own, with 422 ``match/invalid_options``).
MIN_PLAYERS = min(game.info.min_players for game in all_games())
MAX_PLAYERS = max(game.info.max_players for game in all_games())

#: The longest wait a match may ask of its server bots before each move, in milliseconds (``pace_ms``).
PACE_MS_MAX = 5000

#: A salt or a SHA-256 digest: 64 lowercase hex digits.
HEX_DIGEST = r"^[0-9a-f]{64}$"

#: A seat number as a request may name it.
SEAT = validate.Range(min=0, max=MAX_PLAYERS - 1)

#: The keys of ``filter=key=value`` that any game offers (each game checks its own).
FILTER_KEYS = sorted({key for game in all_games() for key in game.info.action_filters})


ON_TIMEOUT_DESCRIPTION = (
    "`forfeit`: a seat whose time runs out leaves the match (`timed_out`); "
    "`bot`: the server's `random` bot makes that one decision for it."
)


FIRST_DECISION_DESCRIPTION = (
    "Seconds a decision waits for a seat's program that has not asked for the match yet "
    "(read its view, legal actions or seat stream, joined, or received it from a tournament's `next`): "
    "the seat's clock starts when its program first asks, or this long after the decision came to it, "
    "whichever is first (0 to 86400; 30 when left out)."
)


PER_ACTION_DESCRIPTION = "Per-action clock: seconds each seat has for each decision (0.1 to 86400)."
BASE_DESCRIPTION = (
    "Fischer clock (base + increment, as chess hosts know it): seconds each seat starts with (0.1 to 86400). "
    "The time each decision takes is taken from the seat's time when it acts, then `increment` is added; "
    "the seat times out once its time and `margin` have run out."
)
INCREMENT_DESCRIPTION = "Fischer clock: seconds added to a seat's time after each of its decisions (0 to 86400; 0)."
MARGIN_DESCRIPTION = (
    "Fischer clock: seconds a seat may run past its time before it times out (0 to 86400; 0), for a slow "
    "network or a busy machine; never banked: a decision that runs into it leaves the seat 0 seconds, then "
    "the increment."
)


class TimeControlRequestSchema(Schema):
    """A seat's clock, as a request sets it: `per_action` seconds for every decision, or a Fischer clock
    (`base` seconds plus `increment` per decision, with a `margin`). Exactly one of `per_action` and
    `base`; `increment` and `margin` only with `base` (else 422 `request/invalid`)."""

    class Meta:
        unknown = RAISE
        # what ``one_kind`` checks: per_action or base, not both; increment and margin only with base
        json_schema = {
            "allOf": [
                {"anyOf": [{"required": ["per_action"]}, {"required": ["base"]}]},
                {"not": {"required": ["per_action", "base"]}},
                {
                    "if": {"not": {"required": ["base"]}},
                    "then": {"not": {"anyOf": [{"required": ["increment"]}, {"required": ["margin"]}]}},
                },
            ]
        }

    per_action = fields.Float(
        validate=validate.Range(min=PER_ACTION_MIN, max=PER_ACTION_MAX),
        metadata={"description": PER_ACTION_DESCRIPTION},
    )
    base = fields.Float(
        validate=validate.Range(min=PER_ACTION_MIN, max=PER_ACTION_MAX), metadata={"description": BASE_DESCRIPTION}
    )
    increment = fields.Float(
        validate=validate.Range(min=0, max=PER_ACTION_MAX), metadata={"description": INCREMENT_DESCRIPTION}
    )
    margin = fields.Float(
        validate=validate.Range(min=0, max=PER_ACTION_MAX), metadata={"description": MARGIN_DESCRIPTION}
    )
    on_timeout = fields.String(
        load_default="forfeit",
        validate=validate.OneOf(["forfeit", "bot"]),
        metadata={"description": ON_TIMEOUT_DESCRIPTION},
    )
    first_decision = fields.Float(
        load_default=FIRST_DECISION_DEFAULT,
        validate=validate.Range(min=0, max=PER_ACTION_MAX),
        metadata={"description": FIRST_DECISION_DESCRIPTION},
    )

    @validates_schema
    def one_kind(self, data: dict[str, object], **_: object) -> None:
        if "per_action" in data and "base" in data:
            raise ValidationError("a time control is per action (per_action) or Fischer (base), not both")
        if "per_action" not in data and "base" not in data:
            raise ValidationError(
                "a time control needs per_action, or base for a Fischer clock", field_name="per_action"
            )
        fischer_only = [key for key in ("increment", "margin") if key in data and "base" not in data]
        if fischer_only:
            raise ValidationError("only a Fischer clock (base) takes this", field_name=fischer_only[0])

    @post_load
    def canonical(self, data: dict[str, Any], **_: object) -> dict[str, Any]:
        """The time control with every default filled in, as matches and tournaments keep it."""
        return TimeControl(**data).to_json()


class TimeControlSchema(Schema):
    """A seat's clock, as the match (or tournament) keeps it: per action (`per_action`) or Fischer (`base`,
    `increment`, `margin`)."""

    per_action = fields.Float(metadata={"description": PER_ACTION_DESCRIPTION + " Absent for a Fischer clock."})
    base = fields.Float(metadata={"description": BASE_DESCRIPTION + " Absent for a per-action clock."})
    increment = fields.Float(metadata={"description": INCREMENT_DESCRIPTION})
    margin = fields.Float(metadata={"description": MARGIN_DESCRIPTION})
    on_timeout = fields.String(
        required=True, validate=validate.OneOf(["forfeit", "bot"]), metadata={"description": ON_TIMEOUT_DESCRIPTION}
    )
    first_decision = fields.Float(metadata={"description": FIRST_DECISION_DESCRIPTION})


#: The most versions a match may be played to before the arena adjudicates it.
ADJUDICATE_AFTER_MAX = 1_000_000
ADJUDICATE_AFTER_DESCRIPTION = (
    "Adjudication: once the match reaches this many versions (1 to 1,000,000) still in play, the arena ends it "
    "as a version of its own (an `adjudicated` event, then `ended` with the reason `adjudicated`), scored by its "
    "game's rule (docs/api.md, Adjudication). Omitted or null: never."
)


def adjudicate_after_field() -> JsonInteger:
    """The ``adjudicate_after`` of a request (a match's, or a tournament's for all its matches)."""
    return JsonInteger(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=1, max=ADJUDICATE_AFTER_MAX),
        metadata={"description": ADJUDICATE_AFTER_DESCRIPTION},
    )


class SeatRequestSchema(Schema):
    """Who sits in one seat: a named player (`name`), a server bot (`bot`) or anyone who joins (`open`),
    or only a friend the host invites (`open` and `invitation`)."""

    class Meta:
        unknown = RAISE
        # what ``one_kind`` checks: not both a bot and open; an invitation only for an open seat
        json_schema = {
            "allOf": [
                {"not": {"required": ["bot", "open"], "properties": {"open": {"const": True}}}},
                {
                    "if": {"required": ["invitation"], "properties": {"invitation": {"const": True}}},
                    "then": {"required": ["open"], "properties": {"open": {"const": True}}},
                },
                {"not": {"required": ["bot", "time_control"]}},
            ]
        }

    name = fields.String(validate=NAME, metadata={"description": "The player's name (with `open`: a label)."})
    bot = fields.String(metadata={"description": "A bot id from the game's `bots`: the server plays this seat."})
    open = fields.Boolean(metadata={"description": "`true`: the seat waits for someone to join it."})
    invitation = fields.Boolean(
        metadata={
            "description": "With `open`: `true` makes the seat invitation-only. The creation's answer holds its "
            "invitation (a secret, with the web client's join link holding it in its fragment); only a join that "
            "carries it takes the seat, and the public lobby (`GET /matches?open=true`) does not list a match "
            "whose open seats are all invitation-only."
        }
    )

    time_control = fields.Nested(
        TimeControlRequestSchema,
        metadata={
            "description": "The seat's own clock, over the match's `time_control` (so seats may play under different "
            "clocks); not for a bot's seat, which is never timed."
        },
    )

    @validates_schema
    def one_kind(self, data: dict[str, object], **_: object) -> None:
        if "bot" in data and data.get("open"):
            raise ValidationError("a seat is either a bot or open, not both")
        if data.get("invitation") and not data.get("open"):
            raise ValidationError("only an open seat takes an invitation", field_name="invitation")
        if "bot" in data and "time_control" in data:
            raise ValidationError("a bot's seat is never timed: it takes no time_control", field_name="time_control")


class CreateMatchSchema(Schema):
    """A new match: the game, how many seats, and optionally options and a seed."""

    class Meta:
        unknown = RAISE

    game = GameIdField(required=True, metadata={"description": "A game id from `/games`."})
    players = JsonInteger(
        required=True,
        validate=validate.Range(min=MIN_PLAYERS, max=MAX_PLAYERS),
        metadata={
            "description": f"How many seats: {MIN_PLAYERS} to {MAX_PLAYERS} over all games; each game allows its own "
            "range (`min_players`, `max_players` in `/games`), else 422 `match/invalid_options`."
        },
    )
    options = fields.Dict(
        keys=fields.String(),
        values=fields.Raw(allow_none=True),
        load_default=dict,
        metadata={"description": "Match options by name (see the game's catalogue entry); defaults fill the rest."},
    )
    seed = JsonInteger(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=0, max=2**63 - 1),
        metadata={"description": "The random seed; omit it for a random one, revealed when the match ends."},
    )
    seats = fields.List(
        fields.Nested(SeatRequestSchema),
        load_default=None,
        validate=validate.Length(min=MIN_PLAYERS, max=MAX_PLAYERS),
        metadata={
            "description": "One entry per seat: `{name}` (its token is returned now), `{bot}` (the server plays "
            "it) or `{open: true}` (anyone may join). Omitted: every seat's token is returned. A list whose "
            "length is not `players` is 422 `request/invalid`; a bot the game lacks is 422 `bot/unknown`."
        },
    )
    time_control = fields.Nested(
        TimeControlRequestSchema,
        load_default=None,
        allow_none=True,
        metadata={"description": "Every seat's clock, but for a seat that gives its own (`seats[].time_control`)."},
    )
    adjudicate_after = adjudicate_after_field()
    pace_ms = JsonInteger(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=0, max=PACE_MS_MAX),
        metadata={
            "description": f"Milliseconds the server's bots wait before each of their moves, at most {PACE_MS_MAX}: "
            "they play no faster than one version per `pace_ms`, so people can watch them move by move. "
            "Omitted, null or 0: they play at once. Deadlines and the other seats are not affected."
        },
    )
    webhook = fields.Nested(
        MatchWebhookRequestSchema,
        metadata={"description": "POST the public events to this URL, signed; the answer shows the secret once."},
    )


class ResultSchema(Schema):
    winners = fields.List(fields.Integer(), required=True, metadata={"description": "The winning seats."})
    scores = fields.List(
        fields.Float(),
        required=True,
        allow_none=True,
        metadata={"description": "Each seat's score, where the game has scores."},
    )
    ranks = fields.List(
        fields.Integer(),
        required=True,
        metadata={
            "description": "Each seat's rank (1 = best, ties share a rank); a seat that resigned or timed out "
            "ranks below every seat still playing."
        },
    )


class SeatSchema(Schema):
    """Who sits in a seat and how they stand."""

    seat = fields.Integer(required=True)
    name = fields.String(required=True, allow_none=True)
    kind = fields.String(required=True, validate=validate.OneOf(["player", "bot", "open"]))
    bot = fields.String(required=True, allow_none=True, metadata={"description": "The server bot playing it."})
    state = fields.String(
        required=True,
        validate=validate.OneOf(["playing", "resigned", "timed_out", "disqualified"]),
        metadata={
            "description": "`playing`; or out of the match: `resigned`, `timed_out`, or `disqualified` (a tournament "
            "match's seat that sent more illegal actions than the tournament allows)."
        },
    )
    deadline = fields.Float(
        required=True,
        allow_none=True,
        metadata={"description": "Under a time control: when this seat must have acted (epoch seconds)."},
    )
    invitation = fields.Boolean(
        required=True,
        dump_default=False,
        metadata={"description": "Whether this open seat takes only its invitation (a friend's seat)."},
    )
    time_control = fields.Nested(
        TimeControlSchema,
        required=True,
        allow_none=True,
        metadata={"description": "The seat's clock: its own, else the match's `time_control`; null: not timed."},
    )
    remaining = fields.Float(
        required=True,
        allow_none=True,
        metadata={
            "description": "Under a Fischer clock: the seconds left on the seat's clock as of this version, the "
            "decision running now not yet taken from them (`deadline` is when they and the margin run out). "
            "null for a per-action clock, no clock, or a server bot's seat."
        },
    )
    asked = fields.Boolean(
        required=True,
        metadata={
            "description": "Whether the seat's program has asked for the match (its view, legal actions or seat "
            "stream, a join, an action, or a tournament's `next`); until it has, its clock waits up to the time "
            "control's `first_decision`."
        },
    )


class MatchTournamentSchema(Schema):
    """The tournament that scheduled a match."""

    tournament_id = fields.String(required=True)
    index = fields.Integer(required=True, metadata={"description": "The match's place in the tournament's schedule."})


class MatchSchema(Schema):
    """A match as a spectator sees it."""

    match_id = fields.String(required=True)
    game = GameIdField(required=True)
    players = fields.Integer(required=True)
    options = fields.Dict(keys=fields.String(), values=fields.Raw(allow_none=True), required=True)
    status = fields.String(
        required=True,
        validate=validate.OneOf(["waiting", "active", "finished", "aborted"]),
        metadata={"description": "`waiting` for open seats to be joined, `active`, `finished` or `aborted`."},
    )
    version = fields.Integer(required=True, metadata={"description": "Rises by one per action; also the ETag."})
    to_act = fields.List(fields.Integer(), required=True, metadata={"description": "The seats that may act now."})
    result = fields.Nested(ResultSchema, required=True, allow_none=True)
    seed = fields.Integer(
        required=True,
        allow_none=True,
        metadata={
            "description": "The match seed, revealed once the match is over (finished or aborted); a tournament's "
            "match reveals it once its tournament is over (it may deal another of its matches). docs/fairness.md."
        },
    )
    salt = fields.String(
        required=True,
        allow_none=True,
        validate=validate.Regexp(HEX_DIGEST),
        metadata={"description": "The salt of `seed_commitment` (64 hex digits), revealed with `seed`."},
    )
    seed_commitment = fields.String(
        required=True,
        allow_none=True,
        validate=validate.Regexp(HEX_DIGEST),
        metadata={
            "description": 'The hex SHA-256 of `"<seed>:<salt>"`, published at creation (and in the first event of '
            "the log, `seed_committed`), so that anyone can check the revealed seed against it: the server cannot "
            "deal again after seeing moves. null only for a match created before matches committed to their seeds."
        },
    )
    created_at = fields.Float(required=True, metadata={"description": "Seconds since the epoch."})
    updated_at = fields.Float(required=True, metadata={"description": "Seconds since the epoch."})
    seats = fields.List(fields.Nested(SeatSchema), required=True)
    time_control = fields.Nested(
        TimeControlSchema,
        required=True,
        allow_none=True,
        metadata={"description": "The match's clock, for every seat without one of its own (`seats[].time_control`)."},
    )
    adjudicate_after = fields.Integer(
        required=True, allow_none=True, metadata={"description": ADJUDICATE_AFTER_DESCRIPTION}
    )
    pace_ms = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "How long the server's bots wait before each move, in milliseconds; null: no wait."},
    )
    tournament = fields.Nested(
        MatchTournamentSchema, required=True, allow_none=True, metadata={"description": "null outside tournaments."}
    )
    view = fields.Nested(ViewSchema, required=True, metadata={"description": "The public view of the table."})


class SeatTokenSchema(Schema):
    seat = fields.Integer(required=True)
    token = fields.String(required=True, metadata={"description": "The secret bearer token of this seat."})


class InvitationSchema(Schema):
    seat = fields.Integer(required=True)
    invitation = fields.String(
        required=True, metadata={"description": "The secret that joins this seat (`POST /matches/{id}/join`)."}
    )
    link = fields.String(
        required=True,
        metadata={
            "description": "The web client's join page for this seat, relative to the server, with the invitation "
            "in its fragment (a browser never sends a fragment anywhere): what a host shares with a friend."
        },
    )


class CreatedMatchSchema(Schema):
    """The new match, a secret token per player seat and an invitation per invitation-only seat for the
    creator to hand out, and the host token."""

    match = fields.Nested(MatchSchema, required=True)
    seats = fields.List(
        fields.Nested(SeatTokenSchema),
        required=True,
        metadata={"description": "The tokens of the player seats (not of bot or open seats)."},
    )
    host_token = fields.String(
        required=True, metadata={"description": "The host's secret token: it may abort the match."}
    )
    invitations = fields.List(
        fields.Nested(InvitationSchema),
        required=True,
        metadata={"description": "The invitations of the invitation-only open seats (none without), shown this once."},
    )
    webhook = fields.Nested(
        CreatedWebhookSchema,
        required=True,
        allow_none=True,
        metadata={"description": "The webhook with its secret, shown this once; null without one."},
    )


class EventSchema(Schema):
    """Something the players saw happen, produced by the action that made `version`."""

    version = fields.Integer(required=True)
    kind = fields.String(required=True)
    data = fields.Dict(keys=fields.String(), values=fields.Raw(allow_none=True), required=True)
    visible_to = fields.List(
        fields.Integer(), required=True, allow_none=True, metadata={"description": "null for public events."}
    )


class SeatViewSchema(MatchSchema):
    """A match as one seat sees it."""

    seat = fields.Integer(required=True)
    view = fields.Nested(ViewSchema, required=True, metadata={"description": "What this seat sees of the table."})


class MoveResultSchema(SeatViewSchema):
    """The acting seat's view after its action, with the events that action produced that it sees."""

    events = fields.List(fields.Nested(EventSchema), required=True)


class LegalActionsSchema(Schema):
    """A page of the seat's legal actions, each ready to submit unchanged."""

    version = fields.Integer(required=True, metadata={"description": "The version these actions are legal at."})
    total = fields.Integer(required=True, metadata={"description": "How many legal actions there are in all."})
    offset = fields.Integer(required=True)
    limit = fields.Integer(required=True)
    actions = fields.List(fields.Nested(ActionSchema), required=True)
    labels = fields.List(
        fields.String(),
        required=True,
        metadata={
            "description": "A short text for each action, parallel to `actions` (e.g. `flip card 7 (red back)`)."
        },
    )
    sample_seed = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "With `sample`: the seed the sample was drawn with (the same seed draws it again)."},
    )


#: The largest offset, version or seat a query may name (far beyond any real match).
QUERY_INDEX_MAX = 10**9


#: The longest a long-poll may wait, in seconds.
WAIT_MAX = 60.0


def wait_field() -> fields.Float:
    return fields.Float(
        load_default=None,
        validate=validate.Range(min=0, max=WAIT_MAX, min_inclusive=False),
        metadata={
            "description": "Long-poll: wait up to this many seconds (0 < wait <= 60) for a change before answering "
            "304. Without it the answer is immediate."
        },
    )


class WaitQuerySchema(Schema):
    wait = wait_field()


class SeatQuerySchema(Schema):
    seat = fields.Integer(
        load_default=None,
        validate=SEAT,
        metadata={"description": "The seat the caller expects its token to be for; 403 if it is another."},
    )


class SeatViewQuerySchema(SeatQuerySchema):
    wait = wait_field()


#: The deepest page of legal actions a client may ask for: listing is lazy, so an offset costs time.
LEGAL_OFFSET_MAX = 1_000_000


class LegalActionsQuerySchema(SeatQuerySchema):
    offset = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0, max=LEGAL_OFFSET_MAX),
        metadata={"description": "Actions to skip; at most 1,000,000 (narrow huge lists with `filter`)."},
    )
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))
    sample = fields.Integer(
        load_default=None,
        validate=validate.Range(min=1, max=1000),
        metadata={
            "description": "Instead of a page: this many distinct legal actions drawn uniformly at random (all of "
            "them when there are fewer), without listing the rest; `offset` and `limit` are then ignored."
        },
    )
    sample_seed = fields.Integer(
        load_default=None,
        validate=validate.Range(min=0, max=2**63 - 1),
        metadata={"description": "The seed of the sample (default: a random one, returned in `sample_seed`)."},
    )
    filter = fields.List(
        fields.String(validate=validate.Regexp(rf"^({'|'.join(FILTER_KEYS)})=.+$")),
        load_default=list,
        metadata={
            "description": "Narrow the list with `key=value`. The keys are those some game offers "
            f"({', '.join(f'`{key}`' for key in FILTER_KEYS)}); a key the match's game does not offer (see its "
            "`action_filters` in `/games`) is 422 `request/invalid`."
        },
    )


class ActionRecordSchema(Schema):
    """The action that made `version`, as the reader may see it."""

    version = fields.Integer(required=True)
    seat = fields.Integer(required=True, metadata={"description": "The seat that acted (or the server for it)."})
    action = fields.Dict(
        keys=fields.String(),
        values=fields.Raw(allow_none=True),
        required=True,
        metadata={
            "description": "The action as submitted, or `{type, hidden: true}` for a secret choice the reader may "
            "not know yet (it is shown once the game reveals it)."
        },
    )
    label = fields.String(required=True, allow_none=True, metadata={"description": "Its text; null while hidden."})


class EventPageSchema(Schema):
    """A page of the event log, with the actions of the versions it covers."""

    events = fields.List(fields.Nested(EventSchema), required=True)
    actions = fields.List(fields.Nested(ActionRecordSchema), required=True)
    next_after = fields.Integer(
        required=True, metadata={"description": "Pass as `after` to read on; the last version this page covers."}
    )
    has_more = fields.Boolean(required=True)


class EventQuerySchema(Schema):
    after = fields.Integer(
        load_default=-1,
        validate=validate.Range(min=-1, max=QUERY_INDEX_MAX),
        metadata={"description": "Return events of versions after this one; -1 includes the setup (version 0)."},
    )
    limit = fields.Integer(load_default=100, validate=validate.Range(min=1, max=1000))
    wait = wait_field()
