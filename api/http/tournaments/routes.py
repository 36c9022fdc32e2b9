"""``/tournaments``: create, join, start and cancel tournaments; entrants' next matches; standings."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request
from flask.views import MethodView

from api.http.blueprint import MAX_JSON_DEPTH, ArenaBlueprint
from api.http.errors import ErrorSchema
from api.http.extensions import context, notifier
from api.http.headers import presented_token
from api.http.limits import client_key
from api.http.responses import BEARER, answer_headers
from api.http.tournaments import report_schemas as reports
from api.http.tournaments import schemas
from api.usecases.tournaments import commands, entrants, views
from api.usecases.tournaments.writing import load

blp = ArenaBlueprint(
    "tournaments",
    __name__,
    url_prefix="/tournaments",
    description="Tournaments between programs and server bots: schedules, next matches, standings and ratings.",
)

ERRORS = {
    400: "The body is not valid JSON (`request/bad_request`), or its arrays and objects nest deeper than "
    f"{MAX_JSON_DEPTH} levels (`request/too_deep`).",
    401: "Missing or invalid token (`auth/missing_token`, `auth/invalid_token`).",
    403: "A token of another tournament, or of the wrong kind (`auth/wrong_tournament`, `auth/not_host`, "
    "`auth/not_an_entrant`).",
    404: "No such tournament (`tournament/not_found`), scheduled match (`tournament/no_such_match`) or SPRT "
    "(`tournament/no_sprt`).",
    409: "Not now: entries are closed (`tournament/started`) or full (`tournament/full`), it is over "
    "(`tournament/over`), not running (`tournament/not_running`) or not paused (`tournament/not_paused`), "
    "or the match is not playing (`match/over`).",
    413: "The request body is too large (`request/too_large`).",
    415: "The body is not sent as `application/json` (`request/unsupported_media_type`).",
    422: "Invalid input (`request/invalid`, `game/unknown`, `match/invalid_options`, `bot/unknown`, "
    "`tournament/invalid`: fewer entrants than seats, a format that has nothing to play, ...).",
    429: "Past a rate limit (`rate/limited`), or the client (its address) holds as many unfinished tournaments as "
    "the server allows (`tournament/quota`: `details.live` and `details.limit`; nothing was stored; cancelling "
    "one, or its finish, frees its place); retry after `Retry-After` seconds (for `tournament/quota`, when the "
    "first of the client's tournaments stops counting if nobody writes or ends it first).",
    503: "The store is unavailable or busy (`store/unavailable`, `store/busy`); retry after `Retry-After` seconds.",
}


def _errors(*statuses: int) -> Any:
    """Document each listed error status with the shared error schema; ``api/http/responses.py`` adds the
    statuses that follow from the operation's shape (429, 400/413/415/422 of a body, 503/507 of a write)."""

    def decorate(view: Any) -> Any:
        for status in reversed(statuses):
            view = blp.alt_response(status, schema=ErrorSchema, description=ERRORS[status])(view)
        return view

    return decorate


def _private(body: dict[str, Any], status: int = 200) -> Response:
    response = jsonify(body)
    response.status_code = status
    response.headers["Cache-Control"] = "private, no-store"
    return response


def _token() -> str | None:
    """The token the request's ``Authorization`` header presents (the use cases check it)."""
    return presented_token(request.headers.get("Authorization"))


@blp.route("")
class Tournaments(MethodView):
    @blp.doc(operationId="createTournament")
    @blp.arguments(schemas.CreateTournamentSchema())
    @blp.response(201, schemas.CreatedTournamentSchema, headers=answer_headers("Cache-Control"))
    @_errors(400, 413, 415, 422, 429, 503)
    def post(self, body: dict[str, Any]) -> Response:
        """Create a tournament; the answer holds a token per named entrant and the host's token.

        Each entrant plays with `GET /tournaments/{id}/next` and its token; server-bot entrants
        play on the server. With `start: false` others may join until the host starts it.
        """
        return _private(commands.create(context(), body, holder=client_key()), 201)

    @blp.doc(operationId="listTournaments")
    @blp.arguments(schemas.TournamentListQuerySchema(), location="query")
    @blp.response(200, schemas.TournamentListSchema)
    @_errors(422, 503)
    def get(self, query: dict[str, Any]) -> dict[str, Any]:
        """List tournaments, newest first; page with `cursor`."""
        before = None
        if query["cursor"] is not None:
            score, _, last_id = query["cursor"].partition("~")
            before = (float(score), last_id)
        page, cursor = context().tournaments.list_summaries(query["limit"], before)
        return {"tournaments": page, "next_cursor": None if cursor is None else f"{cursor[0]!r}~{cursor[1]}"}


@blp.route("/<tournament_id>")
class TournamentById(MethodView):
    @blp.doc(operationId="getTournament")
    @blp.arguments(schemas.PageQuerySchema(), location="query")
    @blp.response(200, schemas.TournamentSchema)
    @_errors(404, 422, 503)
    def get(self, query: dict[str, Any], tournament_id: str) -> dict[str, Any]:
        """The tournament: status, progress (matches finished of scheduled), a page of its entrants and of its
        standings (`offset`, `limit`), SPRT."""
        ctx = context()
        return views.resource(ctx, load(ctx, tournament_id), query["offset"], query["limit"])


@blp.route("/<tournament_id>/entrants")
class Entrants(MethodView):
    @blp.doc(operationId="listTournamentEntrants")
    @blp.arguments(schemas.PageQuerySchema(), location="query")
    @blp.response(200, schemas.EntrantPageSchema)
    @_errors(404, 422, 503)
    def get(self, query: dict[str, Any], tournament_id: str) -> dict[str, Any]:
        """A page of the entrants, in entrant order, with their presence leases."""
        ctx = context()
        return views.entrants_page(ctx, load(ctx, tournament_id), query["offset"], query["limit"])

    @blp.doc(operationId="joinTournament")
    @blp.arguments(schemas.JoinTournamentSchema())
    @blp.response(201, schemas.EntrantTokenSchema, headers=answer_headers("Cache-Control"))
    @_errors(400, 404, 409, 413, 415, 422, 503)
    def post(self, body: dict[str, Any], tournament_id: str) -> Response:
        """Enter the tournament by name before it starts; the answer holds the entrant's token."""
        return _private(commands.join(context(), tournament_id, body["name"], body["concurrency"]), 201)


@blp.route("/<tournament_id>/start")
class Start(MethodView):
    @blp.doc(operationId="startTournament", security=BEARER)
    @blp.response(200, schemas.TournamentSchema)
    @_errors(401, 403, 404, 409, 422, 503)
    def post(self, tournament_id: str) -> dict[str, Any]:
        """Close entries and start (host token): the schedule is drawn and the first matches begin."""
        ctx = context()
        return views.resource(ctx, commands.start(ctx, tournament_id, _token()))


@blp.route("/<tournament_id>/cancel")
class Cancel(MethodView):
    @blp.doc(operationId="cancelTournament", security=BEARER)
    @blp.response(200, schemas.TournamentSchema)
    @_errors(401, 403, 404, 409, 503)
    def post(self, tournament_id: str) -> dict[str, Any]:
        """Call the tournament off (host token): matches playing are aborted, the rest never start."""
        ctx = context()
        return views.resource(ctx, commands.cancel(ctx, tournament_id, _token()))


@blp.route("/<tournament_id>/pause")
class Pause(MethodView):
    @blp.doc(operationId="pauseTournament", security=BEARER)
    @blp.response(200, schemas.TournamentSchema)
    @_errors(401, 403, 404, 409, 503)
    def post(self, tournament_id: str) -> dict[str, Any]:
        """Pause (host token): no match starts until it resumes; matches playing finish and are recorded."""
        ctx = context()
        return views.resource(ctx, commands.pause(ctx, tournament_id, _token()))


@blp.route("/<tournament_id>/resume")
class Resume(MethodView):
    @blp.doc(operationId="resumeTournament", security=BEARER)
    @blp.response(200, schemas.TournamentSchema)
    @_errors(401, 403, 404, 409, 503)
    def post(self, tournament_id: str) -> dict[str, Any]:
        """Resume a paused tournament (host token): matches start again as their entrants are free."""
        ctx = context()
        return views.resource(ctx, commands.resume(ctx, tournament_id, _token()))


@blp.route("/<tournament_id>/presence")
class Presence(MethodView):
    @blp.doc(operationId="holdPresence", security=BEARER)
    @blp.arguments(reports.PresenceSchema())
    @blp.response(200, reports.PresenceHeldSchema)
    @_errors(400, 401, 403, 404, 413, 415, 422, 503)
    def post(self, body: dict[str, Any], tournament_id: str) -> dict[str, Any]:
        """Hold or renew (host token) a presence lease on named entrants for `seconds`.

        The host (a runner) holds it while it is there to launch the entrants' programs; once an
        entrant's lease lapses, none of its matches starts until it is renewed (its standings row
        says `held: away`). Entrants never leased are not held. With `capacity` (how many matches
        its live workers can play at once), no more matches with one of these entrants play at once.
        With `lost` (matches whose worker died while it played them), those matches are void
        `worker_lost` and played again instead of scored. With `session` (picked at random by each host
        process), a timeout while a session renews that began after the program asked (the host
        restarted within its lease) is void `runner_lost` too.
        """
        return commands.hold_presence(
            context(),
            tournament_id,
            _token(),
            entrants=body["entrants"],
            seconds=body["seconds"],
            capacity=body["capacity"],
            lost=body["lost"],
            session=body["session"],
        )


@blp.route("/<tournament_id>/next")
class Next(MethodView):
    @blp.doc(operationId="nextTournamentMatch", security=BEARER)
    @blp.arguments(schemas.NextQuerySchema(), location="query")
    @blp.response(200, schemas.NextMatchSchema, headers=answer_headers("Cache-Control"))
    @blp.alt_response(304, description="No match came for the entrant within `wait` seconds; ask again.")
    @_errors(401, 403, 404, 422, 503)
    def get(self, query: dict[str, Any], tournament_id: str) -> Response:
        """The entrant's match to play now (`match_id`, `seat`, `token`), or `{"done": true}`.

        The same match is given again until it is over. With `wait=S`, answers as soon as a match
        is scheduled for the entrant, or 304 after S seconds. Receiving a match counts as its
        program's first request for it: the seat's clock runs from then.
        """
        ctx = context()
        found = entrants.wait_for_next(ctx, notifier(), tournament_id, _token(), query["wait"])
        if found is None:
            return Response(status=304)
        return _private(found)


@blp.route("/<tournament_id>/standings")
class StandingsTable(MethodView):
    @blp.doc(
        operationId="getTournamentStandings",
        responses={200: {"content": {"text/csv": {"schema": {"type": "string"}}}}},
    )
    @blp.arguments(schemas.StandingsQuerySchema(), location="query")
    @blp.response(200, schemas.StandingsSchema)
    @_errors(404, 422, 503)
    def get(self, query: dict[str, Any], tournament_id: str) -> Any:
        """A page of the standings, best first; `?format=csv` gives every entrant, one CSV row each."""
        ctx = context()
        table = views.standings_of(ctx, load(ctx, tournament_id))
        if query["format"] == "csv":
            return Response(table.to_csv(), mimetype="text/csv")
        return table.page(query["offset"], query["limit"])


@blp.route("/<tournament_id>/crosstable")
class CrosstableView(MethodView):
    @blp.doc(
        operationId="getTournamentCrosstable",
        responses={200: {"content": {"text/csv": {"schema": {"type": "string"}}}}},
    )
    @blp.arguments(reports.CrosstableQuerySchema(), location="query")
    @blp.response(200, reports.CrosstableSchema)
    @_errors(404, 422, 503)
    def get(self, query: dict[str, Any], tournament_id: str) -> Any:
        """Pairwise results of every two entrants that met; on 2-player tables each pair's Elo difference with
        its 95% interval and likelihood of superiority. `?format=csv`: one row per pair."""
        ctx = context()
        table = views.crosstable_of(ctx, load(ctx, tournament_id))
        if query["format"] == "csv":
            return Response(table.to_csv(), mimetype="text/csv")
        return table.to_json()


@blp.route("/<tournament_id>/ratings")
class Ratings(MethodView):
    @blp.doc(
        operationId="getTournamentRatings",
        responses={200: {"content": {"text/csv": {"schema": {"type": "string"}}}}},
    )
    @blp.arguments(reports.RatingsQuerySchema(), location="query")
    @blp.response(200, reports.RatingTableSchema)
    @_errors(404, 422, 503)
    def get(self, query: dict[str, Any], tournament_id: str) -> Any:
        """Every entrant's Elo from all recorded matches with a 95% interval, best first (Ordo's model).

        Maximum likelihood over every pairwise result (ahead 1, level 1/2), with two virtual draws
        per entrant as a prior, relative to the mean or to the `anchor` entrant; intervals from the
        Hessian (docs/tournaments.md). `?format=csv`: one row per entrant.
        """
        ctx = context()
        table = views.ratings_of(ctx, load(ctx, tournament_id), query["anchor"])
        if query["format"] == "csv":
            return Response(table.to_csv(), mimetype="text/csv")
        return table.to_json()


@blp.route("/<tournament_id>/sprt")
class SprtCurve(MethodView):
    @blp.doc(operationId="getTournamentSprt")
    @blp.response(200, reports.SprtCurveSchema)
    @_errors(404, 503)
    def get(self, tournament_id: str) -> dict[str, Any]:
        """The SPRT's log-likelihood ratio after each recorded match, with its bounds and verdict."""
        ctx = context()
        return views.sprt_curve(ctx, load(ctx, tournament_id))


@blp.route("/<tournament_id>/matches")
class Schedule(MethodView):
    @blp.doc(operationId="listTournamentMatches")
    @blp.arguments(reports.ScheduleQuerySchema(), location="query")
    @blp.response(200, reports.ScheduleSchema, headers=answer_headers(optional=("Cache-Control",)))
    @_errors(401, 403, 404, 422, 503)
    def get(self, query: dict[str, Any], tournament_id: str) -> Response:
        """Every scheduled match (or those in `state`) with its state, match id and outcome.

        With the host's token (optional), matches playing also carry their seats' tokens, so a host
        can launch the programs of each match (`arena tournament run`, `arena worker`).
        """
        ctx = context()
        authorization = request.headers.get("Authorization")
        body = views.schedule(ctx, load(ctx, tournament_id), presented_token(authorization), query["state"])
        return _private(body) if authorization else jsonify(body)


#: The media type of a stream of JSON lines (one JSON value and a newline per line).
JSON_LINES = "application/x-ndjson"


@blp.route("/<tournament_id>/records")
class Records(MethodView):
    @blp.doc(
        operationId="getTournamentRecords",
        responses={
            "200": {
                "description": "JSON lines (`application/x-ndjson`): one line per recorded match, in the order "
                "matches finished, each a `TournamentRecordLine` (`x-itemSchema`, OpenAPI 3.2's `itemSchema`); "
                "the body as a whole is text.",
                "content": {
                    JSON_LINES: {
                        "schema": {"type": "string"},
                        "x-itemSchema": {"$ref": "#/components/schemas/TournamentRecordLine"},
                    }
                },
                "headers": answer_headers("Cache-Control"),
            }
        },
    )
    @blp.alt_response(
        404, schema=ErrorSchema, description="No such tournament, or it expired (`tournament/not_found`)."
    )
    @blp.alt_response(
        409,
        schema=ErrorSchema,
        description="The tournament is open, running or paused (`record/sealed`): its records open once it is over.",
    )
    @_errors(503)
    def get(self, tournament_id: str) -> Response:
        """The record of every recorded match of a finished or cancelled tournament, as JSON lines.

        Each line is the match's record (as `GET /matches/{id}/record` serves it) whose `tournament`
        also holds the entrant in each seat, each seat's forfeit and points, and whose `text` is the
        match as text a player reads (`?format=text` of the match's record, naming the entrants too).
        Kept as long as the tournament (`ARENA_TOURNAMENT_TTL` after it ends); streamed a few lines at
        a time, unpaged.
        `arena replay FILE` replays every line and checks its result and scoring.
        """
        ctx = context()
        lines = views.record_lines(ctx, load(ctx, tournament_id))
        response = Response(lines, mimetype=JSON_LINES)
        response.headers["Cache-Control"] = "public, max-age=3600"  # an ended tournament's records never change
        return response


@blp.route("/<tournament_id>/forfeits")
class Forfeits(MethodView):
    @blp.doc(operationId="reportForfeit", security=BEARER)
    @blp.arguments(reports.ForfeitSchema())
    @blp.response(200, reports.ForfeitedSchema)
    @_errors(400, 401, 403, 404, 409, 413, 415, 422, 503)
    def post(self, body: dict[str, Any], tournament_id: str) -> dict[str, Any]:
        """Report (host token) that a seat's program crashed: the seat forfeits its match (`crash`)."""
        return commands.report_forfeit(
            context(),
            tournament_id,
            _token(),
            index=body["index"],
            seat=body["seat"],
            cause=body["cause"],
        )
