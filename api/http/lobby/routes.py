"""The lobby: list matches, join an open seat, resign a seat, abort a match as its host."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request
from flask.views import MethodView

from api.http.blueprint import ArenaBlueprint
from api.http.extensions import context
from api.http.headers import seat_claim_of
from api.http.lobby import schemas
from api.http.matches.routes import _errors, _with_etag, links
from api.http.matches.schemas import MatchSchema, SeatViewSchema
from api.http.responses import BEARER, answer_headers
from api.usecases import lobby as service
from engine import get_game

blp = ArenaBlueprint(
    "lobby", __name__, url_prefix="/matches", description="Finding and joining matches, resigning and aborting."
)


@blp.route("", methods=["GET"])
@blp.doc(operationId="listMatches")
@blp.arguments(schemas.MatchListQuerySchema(), location="query")
@blp.response(200, schemas.MatchListSchema)
@_errors(404, 422, 503, described={404: "No such game (`game/unknown`)."})
def list_matches(query: dict[str, Any]) -> dict[str, Any]:
    """List matches, newest first: filter by game, status or open seats; page with `cursor`.

    A `game` the catalogue does not have is 404 `game/unknown`.
    """
    if query["game"] is not None:
        get_game(query["game"])  # UnknownGame: 404 game/unknown, as anywhere a request names a game
    return service.list_matches(
        context(),
        game=query["game"],
        status=query["status"],
        open_only=query["open"],
        limit=query["limit"],
        cursor=query["cursor"],
        updated_within=query["updated_within"],
    )


@blp.route("/<match_id>/join")
class Join(MethodView):
    @blp.doc(operationId="joinMatch")
    @blp.links(201, links("$request.path.match_id", "getSeatView", "listLegalActions", "resignSeat", "streamSeat"))
    @blp.arguments(schemas.JoinSchema())
    @blp.response(201, schemas.JoinedSchema, headers=answer_headers("Cache-Control"))
    @_errors(
        400,
        403,
        404,
        409,
        413,
        415,
        422,
        503,
        described={
            403: "An invitation-only seat joined without its invitation, or with another "
            "(`auth/invalid_invitation`); nothing is stored.",
            404: "No such match (`match/not_found`).",
            409: "No open seat is left, or the one asked for is taken (`match/full`); the match is over "
            "(`match/over`).",
        },
    )
    def post(self, body: dict[str, Any], match_id: str) -> Response:
        """Take an open seat; the answer holds its secret token. 409 `match/full` when none is left.

        Of several joins racing for the same seat exactly one gets it; the match becomes `active`
        when its last open seat is taken. An invitation-only seat takes only a join that carries its
        invitation (`invitation`, from the creation's answer).
        """
        seat, token = service.join(context(), match_id, body["name"], body["seat"], body["invitation"])
        response = jsonify({"seat": seat, "token": token})
        response.status_code = 201
        response.headers["Cache-Control"] = "private, no-store"  # it carries the seat's token
        return response


@blp.route("/<match_id>/resign")
class Resign(MethodView):
    @blp.doc(operationId="resignSeat", security=BEARER)
    @blp.response(200, SeatViewSchema, headers=answer_headers("ETag", "Cache-Control"))
    @_errors(
        401,
        403,
        404,
        409,
        503,
        described={
            403: "A token of another match, or the host's (`auth/wrong_match`, `auth/not_a_seat`).",
            404: "No such match (`match/not_found`).",
            409: "The match is over (`match/over`), or the seat has left it already (`seat/out`).",
        },
    )
    def post(self, match_id: str) -> Response:
        """Leave the match: the seat ranks below every seat still playing.

        With two players the other wins at once; with more, the server's `random` bot makes the
        resigned seat's remaining decisions so the others can finish.
        """
        claim = seat_claim_of(request.headers.get("Authorization"))
        body = service.resign(context(), match_id, claim)
        return _with_etag(body, body["version"], private=True)


@blp.route("/<match_id>/abort")
class Abort(MethodView):
    @blp.doc(operationId="abortMatch", security=BEARER)
    @blp.response(200, MatchSchema, headers=answer_headers("ETag"))
    @_errors(
        401,
        403,
        404,
        409,
        503,
        described={
            403: "A token of another match, or a seat's (`auth/wrong_match`, `auth/not_host`).",
            404: "No such match (`match/not_found`).",
            409: "The match is over (`match/over`).",
        },
    )
    def post(self, match_id: str) -> Response:
        """Call the match off with the host token: status `aborted`, no result, no more actions."""
        claim = seat_claim_of(request.headers.get("Authorization"))
        body = service.abort(context(), match_id, claim)
        return _with_etag(body, body["version"])
