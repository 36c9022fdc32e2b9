"""Schemas of what a tournament reports as it goes: its schedule, forfeits and presence leases, the
crosstable, the SPRT's curve and the JSON lines of its records (its requests and resource:
``schemas.py``)."""

from __future__ import annotations

from marshmallow import RAISE, fields, validate

from api.http.records.schemas import RecordSchema
from api.http.schema import Schema
from api.http.tournaments.schemas import FORFEIT_CAUSES, MATCH_STATES, STATUSES, TournamentSchema
from api.http.type_schemas import JsonInteger
from arena.tournaments.creation import MAX_SCHEDULED
from arena.tournaments.schedule import MAX_ENTRANTS

#: How many matches one presence renewal may report lost (a host's workers play at most this many at once).
MAX_LOST = 1000


class ScheduleQuerySchema(Schema):
    state = fields.String(
        load_default=None,
        validate=validate.OneOf(MATCH_STATES),
        metadata={"description": "Only matches in this state."},
    )


class CrosstableQuerySchema(Schema):
    format = fields.String(load_default="json", validate=validate.OneOf(["json", "csv"]))


class VoidedSchema(Schema):
    match_id = fields.String(required=True)
    reason = fields.String(
        required=True,
        validate=validate.OneOf(["aborted", "absent", "runner_lost", "worker_lost"]),
        metadata={
            "description": "`aborted` by its host; `absent`: a program never asked for the match; `runner_lost`: a "
            "program timed out and its runner's presence lease lapsed before the runner was heard of again, or a "
            "session renews it that began after the program asked (the runner was started again); "
            "`worker_lost`: its runner said a worker playing it died."
        },
    )


class ScheduledMatchSchema(Schema):
    index = fields.Integer(required=True)
    round = fields.Integer(required=True)
    table = fields.Integer(required=True)
    deal = fields.Integer(required=True)
    rotation = fields.Integer(required=True)
    entrants = fields.List(fields.Integer(), required=True, metadata={"description": "The entrant in each seat."})
    state = fields.String(required=True, validate=validate.OneOf(MATCH_STATES))
    match_id = fields.String(required=True, allow_none=True)
    seed = fields.Integer(required=True, allow_none=True, metadata={"description": "Revealed once it is over."})
    ranks = fields.List(fields.Integer(), required=True, allow_none=True)
    forfeits = fields.List(fields.String(allow_none=True), required=True, allow_none=True)
    voided = fields.List(
        fields.Nested(VoidedSchema),
        required=True,
        metadata={"description": "The attempts of this match voided and played again, in order."},
    )
    tokens = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        allow_none=True,
        metadata={"description": "Host token only, matches playing: each player seat's token by seat number."},
    )
    host_token = fields.String(required=True, allow_none=True, metadata={"description": "Host token only."})


class ScheduleSchema(Schema):
    tournament_id = fields.String(required=True)
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    matches = fields.List(fields.Nested(ScheduledMatchSchema), required=True)


class ForfeitSchema(Schema):
    """A seat whose program failed: it forfeits the match."""

    class Meta:
        unknown = RAISE

    index = JsonInteger(
        required=True,
        validate=validate.Range(min=0, max=MAX_SCHEDULED - 1),
        metadata={"description": "The schedule index."},
    )
    seat = JsonInteger(required=True, validate=validate.Range(min=0, max=15))
    cause = fields.String(
        load_default="crash",
        validate=validate.OneOf(["crash"]),
        metadata={"description": "Why: `crash` (the program stopped before the match did)."},
    )


class ForfeitedSchema(Schema):
    tournament = fields.Nested(TournamentSchema, required=True)
    match_id = fields.String(required=True)


class PresenceSchema(Schema):
    """A presence lease the host holds on its named entrants."""

    class Meta:
        unknown = RAISE

    entrants = fields.List(
        JsonInteger(validate=validate.Range(min=0, max=MAX_ENTRANTS)),
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=MAX_ENTRANTS),
        metadata={"description": "The entrants it holds (numbers); null: every named entrant."},
    )
    seconds = fields.Float(
        required=True,
        validate=validate.Range(min=1, max=3600),
        metadata={"description": "How long from now the lease runs; renew it before it lapses."},
    )
    capacity = JsonInteger(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=0, max=100_000),
        metadata={
            "description": "How many matches the host's live workers can play at once: no more matches with one of "
            "these entrants play at once (0: none starts). null (or left out): no cap. Each renewal says it anew."
        },
    )
    lost = fields.List(
        fields.String(validate=[validate.Length(min=1, max=64), validate.Regexp(r"^[A-Za-z0-9_-]+$")]),
        load_default=list,
        validate=validate.Length(max=MAX_LOST),
        metadata={
            "description": "Matches of this tournament playing whose worker died while it played them (not stopped "
            "by the host): each is void `worker_lost` and played again, not scored. Ids of other matches are "
            "ignored (the answer's `lost` says which were taken). Left out: none."
        },
    )
    session = fields.String(
        load_default=None,
        allow_none=True,
        validate=[validate.Length(min=1, max=64), validate.Regexp(r"^[A-Za-z0-9_-]+$")],
        metadata={
            "description": "The host process's session: a name it picks at random when it starts and sends on "
            "every renewal. A program's timeout is scored only if the session renewing after it was already "
            "renewing when the program asked for its match; a session that began later (the host was restarted "
            "within its lease) has the match void `runner_lost`. null (or left out): any renewal after the "
            "timeout scores it."
        },
    )


class PresenceHeldSchema(Schema):
    entrants = fields.List(fields.Integer(), required=True, metadata={"description": "The entrants held."})
    until = fields.Float(required=True, metadata={"description": "Until when (epoch seconds)."})
    capacity = fields.Integer(required=True, allow_none=True, metadata={"description": "The capacity; null: none."})
    lost = fields.List(
        fields.String(),
        required=True,
        metadata={"description": "The matches reported lost that were this tournament's, playing: each is void."},
    )
    session = fields.String(required=True, allow_none=True, metadata={"description": "The session, as sent."})
    tournament = fields.Nested(TournamentSchema, required=True)


class EloEstimateSchema(Schema):
    elo = fields.Float(required=True, allow_none=True, metadata={"description": "a's Elo over b; null: unbounded."})
    low = fields.Float(required=True, allow_none=True, metadata={"description": "95% interval; null: unbounded."})
    high = fields.Float(required=True, allow_none=True)
    los = fields.Float(required=True, metadata={"description": "The likelihood that a is the stronger."})


class CrosstablePairSchema(Schema):
    a = fields.Integer(required=True)
    b = fields.Integer(required=True, metadata={"description": "Entrant numbers, a < b."})
    matches = fields.Integer(required=True, metadata={"description": "Matches where they sat at one table."})
    a_ahead = fields.Integer(required=True)
    level = fields.Integer(required=True)
    b_ahead = fields.Integer(required=True)
    a_score = fields.Float(required=True, metadata={"description": "a's score against b: ahead 1, level 1/2."})
    b_score = fields.Float(required=True)
    pentanomial = fields.List(
        fields.Integer(),
        required=True,
        allow_none=True,
        metadata={
            "description": "Duplicate deals: how many gave a a total of 0, 1/2, 1, 3/2, 2 over their two matches."
        },
    )
    elo = fields.Nested(
        EloEstimateSchema, required=True, allow_none=True, metadata={"description": "2-player tables only."}
    )


class CrosstableEntrantSchema(Schema):
    entrant = fields.Integer(required=True)
    name = fields.String(required=True)


class CrosstableSchema(Schema):
    entrants = fields.List(fields.Nested(CrosstableEntrantSchema), required=True)
    players_per_match = fields.Integer(required=True)
    form = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(["trinomial", "pentanomial"]),
        metadata={
            "description": "How the pairwise Elo counts: each match (`trinomial`), or each duplicate deal "
            "(`pentanomial`); null for tables of more than 2."
        },
    )
    pairs = fields.List(fields.Nested(CrosstablePairSchema), required=True, metadata={"description": "Pairs that met."})


class LlrPointSchema(Schema):
    matches = fields.Integer(required=True, metadata={"description": "Matches recorded so far."})
    llr = fields.Float(required=True)


class SprtCurveSchema(Schema):
    elo0 = fields.Float(required=True)
    elo1 = fields.Float(required=True)
    alpha = fields.Float(required=True)
    beta = fields.Float(required=True)
    lower_bound = fields.Float(required=True)
    upper_bound = fields.Float(required=True)
    verdict = fields.String(required=True, allow_none=True, validate=validate.OneOf(["H0", "H1"]))
    elo_note = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "Once the test has stopped: how an Elo estimate taken then is biased."},
    )
    unit = fields.String(
        required=True,
        validate=validate.OneOf(["match", "deal"]),
        metadata={"description": "What the test counts: matches, or whole duplicate deals."},
    )
    points = fields.List(
        fields.Nested(LlrPointSchema),
        required=True,
        metadata={"description": "The log-likelihood ratio after each counted match (in schedule order), from (0, 0)."},
    )


class RatingsQuerySchema(Schema):
    anchor = fields.Integer(
        load_default=None,
        validate=validate.Range(min=0, max=MAX_ENTRANTS - 1),
        metadata={"description": "The entrant rated 0 (its number); by default the mean of those with results is 0."},
    )
    format = fields.String(
        load_default="json",
        validate=validate.OneOf(["json", "csv"]),
        metadata={"description": "`csv`: one row per entrant, best first."},
    )


class RatingLineSchema(Schema):
    entrant = fields.Integer(required=True)
    name = fields.String(required=True)
    elo = fields.Float(required=True, metadata={"description": "The rating, relative to the anchor."})
    low = fields.Float(required=True, metadata={"description": "Its 95% interval (the anchor's own is [0, 0])."})
    high = fields.Float(required=True)
    games = fields.Integer(
        required=True,
        metadata={"description": "Pairwise results: one per opponent per match (a match of k seats gives k - 1 each)."},
    )
    score = fields.Float(required=True, metadata={"description": "Points in them: ahead 1, level 1/2, behind 0."})


class RatingTableSchema(Schema):
    anchor = fields.Integer(
        required=True, allow_none=True, metadata={"description": "The entrant rated 0; null: the mean is 0."}
    )
    prior_draws = fields.Float(
        required=True, metadata={"description": "Virtual draws each entrant has against an opponent rated 0."}
    )
    entrants = fields.List(
        fields.Nested(RatingLineSchema),
        required=True,
        metadata={"description": "Every entrant, best first (ties by entrant number)."},
    )


class RecordTournamentSchema(Schema):
    """A tournament's match, as its line of records says: where it was scheduled and how it was scored."""

    tournament_id = fields.String(required=True)
    index = fields.Integer(required=True, metadata={"description": "The match's place in the tournament's schedule."})
    entrants = fields.List(fields.Integer(), required=True, metadata={"description": "The entrant in each seat."})
    forfeits = fields.List(
        fields.String(allow_none=True, validate=validate.OneOf(FORFEIT_CAUSES)),
        required=True,
        metadata={"description": "Per seat: why it forfeited (`timeout`, `crash`, `illegal`, `resigned`), or null."},
    )
    points = fields.List(
        fields.Float(),
        required=True,
        metadata={"description": "Per seat: the points the tournament gave it (0 for a forfeit, else by rank)."},
    )


class TournamentRecordLineSchema(RecordSchema):
    """One line of `GET /tournaments/{id}/records`: a match's record whose `tournament` also says who sat
    where and how the tournament scored it. `arena replay` checks those against the replay too."""

    tournament = fields.Nested(RecordTournamentSchema, required=True)
    text = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "The match as text a player reads (as `GET /matches/{id}/record?format=text` gives it, "
            "its header also naming each seat's entrant, forfeit and points); null for a record that no longer "
            "replays with this server's rules. `arena replay` ignores it."
        },
    )
