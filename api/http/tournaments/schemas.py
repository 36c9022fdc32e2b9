"""Request and response schemas of tournaments."""

from __future__ import annotations

from marshmallow import RAISE, ValidationError, fields, validate, validates_schema

from api.http.matches.schemas import (
    ADJUDICATE_AFTER_DESCRIPTION,
    HEX_DIGEST,
    NAME,
    TimeControlRequestSchema,
    TimeControlSchema,
    adjudicate_after_field,
    wait_field,
)
from api.http.schema import Schema
from api.http.type_schemas import GameIdField, JsonInteger
from api.http.webhooks.schemas import CreatedWebhookSchema, TournamentWebhookRequestSchema
from arena.tournaments.schedule import MAX_ENTRANTS

FORMATS = ["round-robin", "swiss", "gauntlet"]
STATUSES = ["open", "running", "paused", "finished", "cancelled"]
MATCH_STATES = ["pending", "playing", "done", "void", "skipped"]
FORFEIT_CAUSES = ["timeout", "crash", "illegal", "resigned"]
#: The most entrants or standings rows one page holds.
PAGE_MAX = 200


#: An entrant's matches at once (a field of the create request's entrants and of a join).
ENTRANT_CONCURRENCY = JsonInteger(
    load_default=None,
    allow_none=True,
    validate=validate.Range(min=1, max=1000),
    metadata={
        "description": "At most this many of the entrant's matches play at once (default: 1 for a program, any "
        "number for a server bot). A program that says k gets up to k matches at once: each `GET .../next` hands "
        "out one it has not asked for yet."
    },
)


class EntrantRequestSchema(Schema):
    """An entrant: a program you run (a name; it gets a token), or one of the server's bots."""

    class Meta:
        unknown = RAISE
        json_schema = {"not": {"required": ["bot", "time_control"]}}  # what ``untimed_bots`` checks

    name = fields.String(required=True, validate=NAME, metadata={"description": "Unique within the tournament."})
    bot = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(min=1, max=64),
        metadata={"description": "A server bot of the game (`GET /games/{id}` lists them): it plays on the server."},
    )
    concurrency = ENTRANT_CONCURRENCY
    time_control = fields.Nested(
        TimeControlRequestSchema,
        load_default=None,
        allow_none=True,
        metadata={
            "description": "The entrant's own clock in every match it plays, over the tournament's `time_control` "
            "(its opponents keep theirs); not for a server bot, which is never timed."
        },
    )

    @validates_schema
    def untimed_bots(self, data: dict[str, object], **_: object) -> None:
        if data.get("bot") is not None and data.get("time_control") is not None:
            raise ValidationError("a server bot is never timed: it takes no time_control", field_name="time_control")


class SprtRequestSchema(Schema):
    """A sequential probability ratio test on entrant 0 against entrant 1 (``elo0`` below ``elo1``)."""

    class Meta:
        unknown = RAISE

    elo0 = fields.Float(required=True, validate=validate.Range(min=-2000, max=2000))
    elo1 = fields.Float(required=True, validate=validate.Range(min=-2000, max=2000))
    alpha = fields.Float(
        load_default=0.05, validate=validate.Range(min=0, max=1, min_inclusive=False, max_inclusive=False)
    )
    beta = fields.Float(
        load_default=0.05, validate=validate.Range(min=0, max=1, min_inclusive=False, max_inclusive=False)
    )


class CreateTournamentSchema(Schema):
    """A new tournament: the game, the table size, the format and the entrants."""

    class Meta:
        unknown = RAISE

    game = GameIdField(required=True, validate=validate.Length(min=1, max=64))
    options = fields.Dict(
        keys=fields.String(),
        values=fields.Raw(allow_none=True),
        load_default=dict,
        metadata={"description": "The options of every match (see the game's catalogue entry)."},
    )
    players_per_match = JsonInteger(required=True, validate=validate.Range(min=1, max=16))
    format = fields.String(
        required=True,
        validate=validate.OneOf(FORMATS),
        metadata={
            "description": "`round-robin`: every group of `players_per_match` entrants meets; `swiss`: `rounds` "
            "rounds of tables of entrants of similar standing; `gauntlet`: entrant 0 against the field."
        },
    )
    rounds = JsonInteger(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=1, max=1000),
        metadata={
            "description": "Swiss: how many rounds (required). Others: rounds of a balanced design, if one is used."
        },
    )
    games_per_pairing = JsonInteger(
        load_default=1,
        validate=validate.Range(min=1, max=1000),
        metadata={
            "description": "Deals per table; each deal is played once per seat rotation, so a table plays "
            "`games_per_pairing * players_per_match` matches."
        },
    )
    duplicate = fields.Boolean(
        load_default=False,
        metadata={
            "description": "Play every rotation of a deal with the same seed, so the luck of the deal cancels out."
        },
    )
    seed = JsonInteger(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=0, max=2**63 - 1),
        metadata={"description": "The tournament's seed (every match seed derives from it); revealed when it is over."},
    )
    time_control = fields.Nested(
        TimeControlRequestSchema,
        load_default=None,
        allow_none=True,
        metadata={
            "description": "The time control of every match's seats, but an entrant's own (default: 60 s per "
            "decision, forfeit on timeout)."
        },
    )
    adjudicate_after = adjudicate_after_field()
    concurrency = JsonInteger(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=1, max=1000),
        metadata={
            "description": "At most this many matches at once (default 32); each entrant plays at most its own "
            "`concurrency` at once (a program: 1 unless it says more). Under an SPRT fewer may play: only matches "
            "whose results can still count start (docs/tournaments.md)."
        },
    )
    max_illegal = JsonInteger(
        load_default=10,
        validate=validate.Range(min=1, max=10_000),
        metadata={"description": "Illegal actions an entrant may send in one match; one more forfeits it (`illegal`)."},
    )
    sprt = fields.Nested(
        SprtRequestSchema,
        load_default=None,
        allow_none=True,
        metadata={"description": "Two entrants, 2-player gauntlet only: stop as soon as the SPRT reaches a verdict."},
    )
    entrants = fields.List(
        fields.Nested(EntrantRequestSchema), required=True, validate=validate.Length(min=0, max=MAX_ENTRANTS)
    )
    start = fields.Boolean(
        load_default=True,
        metadata={
            "description": "Start at once (default). `false` keeps entries open (`POST .../entrants`) until the "
            "host starts it."
        },
    )
    webhook = fields.Nested(
        TournamentWebhookRequestSchema,
        metadata={
            "description": "POST the standings to this URL whenever they change, signed; the answer shows its "
            "secret once."
        },
    )


class JoinTournamentSchema(Schema):
    class Meta:
        unknown = RAISE

    name = fields.String(required=True, validate=NAME, metadata={"description": "Unique within the tournament."})
    concurrency = ENTRANT_CONCURRENCY


class EntrantTokenSchema(Schema):
    entrant = fields.Integer(required=True, metadata={"description": "The entrant's number (its index)."})
    name = fields.String(required=True)
    token = fields.String(required=True, metadata={"description": "The entrant's secret bearer token."})


class EntrantSchema(Schema):
    entrant = fields.Integer(required=True)
    name = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(["player", "bot"]))
    bot = fields.String(required=True, allow_none=True)
    time_control = fields.Nested(
        TimeControlSchema,
        required=True,
        allow_none=True,
        metadata={"description": "The entrant's own clock, over the tournament's; null: the tournament's."},
    )
    concurrency = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "At most this many of its matches play at once; null: any number (a server bot)."},
    )
    lease_until = fields.Float(
        required=True,
        allow_none=True,
        metadata={
            "description": "Until when the host's presence lease on this entrant runs (epoch seconds); null: never "
            "leased. Once a lease has lapsed, no match of the entrant starts until it is renewed."
        },
    )


class EntrantPageSchema(Schema):
    entrants = fields.List(fields.Nested(EntrantSchema), required=True)
    offset = fields.Integer(required=True)
    limit = fields.Integer(required=True)
    total = fields.Integer(required=True, metadata={"description": "How many entrants the tournament has."})


class ProgressSchema(Schema):
    scheduled = fields.Integer(required=True, metadata={"description": "Matches the tournament plays in all."})
    finished = fields.Integer(required=True, metadata={"description": "Matches over (`done` and `void`)."})
    pending = fields.Integer(required=True)
    playing = fields.Integer(required=True)
    done = fields.Integer(required=True)
    void = fields.Integer(required=True, metadata={"description": "Matches that ended without a result."})
    skipped = fields.Integer(required=True, metadata={"description": "Matches never played (SPRT verdict, cancel)."})
    replayed = fields.Integer(
        required=True,
        metadata={
            "description": "Matches voided and played again: aborted by the host, or a program never asked for its "
            "match (they count neither as finished nor in the standings)."
        },
    )


class RatingSchema(Schema):
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)
    ordinal = fields.Float(required=True, metadata={"description": "mu - 3 sigma: the rating the table sorts by."})


class StandingSchema(Schema):
    entrant = fields.Integer(required=True)
    name = fields.String(required=True)
    matches = fields.Integer(required=True)
    wins = fields.Integer(required=True)
    points = fields.Float(
        required=True,
        metadata={
            "description": "Summed over its matches: 0 for a forfeit or a resignation, else (k - place) / (k - 1), "
            "tied seats sharing the average of their places (a 2-player draw: 1/2)."
        },
    )
    mean_rank = fields.Float(required=True, allow_none=True)
    rank_interval = fields.List(
        fields.Float(),
        required=True,
        allow_none=True,
        metadata={"description": "95% interval of the mean rank, within [1, players_per_match]."},
    )
    mean_score = fields.Float(required=True, allow_none=True)
    forfeits = fields.Dict(
        keys=fields.String(), values=fields.Integer(), required=True, metadata={"description": "Forfeits by cause."}
    )
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)
    ordinal = fields.Float(required=True, metadata={"description": "mu - 3 sigma: a cautious rating (not the order)."})
    held = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(["away", "paused"]),
        metadata={
            "description": "Why the entrant's matches do not start now: `away` (its host's presence lease lapsed), "
            "`paused` (the tournament is); null otherwise."
        },
    )


class StandingsSchema(Schema):
    entrants = fields.List(
        fields.Nested(StandingSchema),
        required=True,
        metadata={
            "description": "Best first: by points, then the head-to-head share among the entrants level on points, "
            "then mean rank, then entrant number."
        },
    )
    offset = fields.Integer(required=True, metadata={"description": "The place (from 0) of the first row."})
    limit = fields.Integer(required=True)
    total = fields.Integer(required=True, metadata={"description": "How many entrants the table has."})


class EloSchema(Schema):
    elo = fields.Float(required=True)
    low = fields.Float(required=True, allow_none=True, metadata={"description": "null: unbounded."})
    high = fields.Float(required=True, allow_none=True, metadata={"description": "null: unbounded."})


class SprtSchema(Schema):
    elo0 = fields.Float(required=True)
    elo1 = fields.Float(required=True)
    alpha = fields.Float(required=True)
    beta = fields.Float(required=True)
    wins = fields.Integer(required=True, metadata={"description": "Entrant 0's wins against entrant 1."})
    draws = fields.Integer(required=True)
    losses = fields.Integer(required=True)
    llr = fields.Float(
        required=True,
        metadata={"description": "The log-likelihood ratio so far (over whole deals when deals are duplicated)."},
    )
    lower_bound = fields.Float(required=True)
    upper_bound = fields.Float(required=True)
    verdict = fields.String(
        required=True,
        allow_none=True,
        validate=validate.OneOf(["H0", "H1"]),
        metadata={
            "description": "`H1`: entrant 0 is at least elo1 stronger; `H0`: at most elo0; null: no verdict yet."
        },
    )
    waiting = fields.Integer(
        required=True,
        metadata={
            "description": "Results in but not counted yet: the test counts in schedule order, each result once "
            "every match before it is in."
        },
    )
    elo = fields.Nested(
        EloSchema,
        required=True,
        allow_none=True,
        metadata={"description": "Entrant 0's Elo advantage with its 95% interval; null without games or unbeaten."},
    )
    elo_note = fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "Once the test has stopped: how its Elo estimate is biased (toward the verdict; the "
            "interval covers less than 95%); null before a verdict."
        },
    )


class TournamentSchema(Schema):
    """A tournament as anyone sees it."""

    tournament_id = fields.String(required=True)
    game = GameIdField(required=True)
    options = fields.Dict(keys=fields.String(), values=fields.Raw(allow_none=True), required=True)
    players_per_match = fields.Integer(required=True)
    format = fields.String(required=True, validate=validate.OneOf(FORMATS))
    rounds = fields.Integer(required=True, allow_none=True)
    games_per_pairing = fields.Integer(required=True)
    duplicate = fields.Boolean(required=True)
    time_control = fields.Nested(TimeControlSchema, required=True, allow_none=True)
    adjudicate_after = fields.Integer(
        required=True, allow_none=True, metadata={"description": ADJUDICATE_AFTER_DESCRIPTION}
    )
    concurrency = fields.Integer(required=True, allow_none=True)
    max_illegal = fields.Integer(required=True)
    seed = fields.Integer(required=True, allow_none=True, metadata={"description": "Revealed once it is over."})
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
            "description": 'The hex SHA-256 of `"<seed>:<salt>"`, published at creation: every match seed derives '
            "from the seed (docs/tournaments.md), so the server cannot choose deals once entrants play. "
            "null only for a tournament created before tournaments committed to their seeds."
        },
    )
    status = fields.String(
        required=True,
        validate=validate.OneOf(STATUSES),
        metadata={"description": "`open` for entries, `running`, `finished` or `cancelled`."},
    )
    version = fields.Integer(required=True)
    entrant_count = fields.Integer(required=True)
    entrants = fields.List(
        fields.Nested(EntrantSchema),
        required=True,
        metadata={"description": "A page of the entrants (`offset`, `limit`); `GET .../entrants` pages through all."},
    )
    progress = fields.Nested(ProgressSchema, required=True)
    standings = fields.Nested(
        StandingsSchema,
        required=True,
        metadata={"description": "A page of the standings (`offset`, `limit`); `GET .../standings` pages through all."},
    )
    sprt = fields.Nested(SprtSchema, required=True, allow_none=True)
    created_at = fields.Float(required=True)
    updated_at = fields.Float(required=True)


class CreatedTournamentSchema(Schema):
    tournament = fields.Nested(TournamentSchema, required=True)
    entrants = fields.List(
        fields.Nested(EntrantTokenSchema),
        required=True,
        metadata={"description": "The tokens of the named entrants (server bots get none)."},
    )
    host_token = fields.String(
        required=True, metadata={"description": "The host's secret token: it starts and cancels the tournament."}
    )
    webhook = fields.Nested(
        CreatedWebhookSchema,
        required=True,
        allow_none=True,
        metadata={"description": "The webhook with its secret, shown this once; null without one."},
    )


class TournamentSummarySchema(Schema):
    tournament_id = fields.String(required=True)
    game = GameIdField(required=True)
    format = fields.String(required=True, validate=validate.OneOf(FORMATS))
    players_per_match = fields.Integer(required=True)
    status = fields.String(required=True, validate=validate.OneOf(STATUSES))
    entrants = fields.Integer(required=True)
    progress = fields.Nested(ProgressSchema, required=True)
    created_at = fields.Float(required=True)
    updated_at = fields.Float(required=True)


class TournamentListSchema(Schema):
    tournaments = fields.List(fields.Nested(TournamentSummarySchema), required=True)
    next_cursor = fields.String(required=True, allow_none=True)


class TournamentListQuerySchema(Schema):
    limit = fields.Integer(load_default=20, validate=validate.Range(min=1, max=100))
    cursor = fields.String(
        load_default=None,
        validate=validate.Regexp(r"^[0-9]+(\.[0-9]+)?(e[+-]?[0-9]+)?~[A-Za-z0-9_-]{1,64}$"),
        metadata={"description": "The `next_cursor` of the previous page."},
    )


class PageQuerySchema(Schema):
    offset = fields.Integer(load_default=0, validate=validate.Range(min=0, max=10_000))
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=PAGE_MAX))


class NextQuerySchema(Schema):
    wait = wait_field()


class NextMatchSchema(Schema):
    """The entrant's match to play now, or `done`."""

    match_id = fields.String(metadata={"description": "The match to play (absent once `done`)."})
    seat = fields.Integer(metadata={"description": "The entrant's seat in it."})
    token = fields.String(metadata={"description": "That seat's secret token."})
    index = fields.Integer(metadata={"description": "The match's place in the schedule."})
    done = fields.Boolean(metadata={"description": "`true` once the entrant has nothing left to play."})


class StandingsQuerySchema(PageQuerySchema):
    format = fields.String(
        load_default="json",
        validate=validate.OneOf(["json", "csv"]),
        metadata={"description": "`csv`: every entrant, one row each (the page does not apply)."},
    )
