"""``/matches``: create a match, watch it, view it as a seat, list legal actions, act, read events."""

from __future__ import annotations

import itertools
import time
from typing import Any

from flask import Response, jsonify, request
from flask.views import MethodView

from api.blueprint import ArenaBlueprint
from api.errors import ErrorSchema
from api.extensions import store
from api.matches import schemas, service
from api.type_schemas import ActionSchema
from engine import count_legal_actions, legal_actions

blp = ArenaBlueprint("matches", __name__, url_prefix="/matches", description="Matches, seats, actions and events.")

BEARER: list[dict[str, list[str]]] = [{"seatToken": []}]
IF_MATCH = {
    "in": "header",
    "name": "If-Match",
    "required": True,
    "schema": {"type": "string"},
    "description": "The version (ETag) the action was decided at; a stale one is refused with 412.",
}
IF_NONE_MATCH = {
    "in": "header",
    "name": "If-None-Match",
    "required": False,
    "schema": {"type": "string"},
    "description": "A version (ETag) the client holds; 304 when the match is still at it.",
}


def _errors(*statuses: int) -> Any:
    """Document each listed error status with the shared error schema."""
    descriptions = {
        400: "The body is not valid JSON (`request/bad_request`).",
        401: "Missing or invalid seat token (`auth/missing_token`, `auth/invalid_token`).",
        403: "A token of another match or seat (`auth/wrong_match`, `auth/wrong_seat`).",
        404: "No such match or game (`match/not_found`, `game/unknown`).",
        409: "Not this seat's turn or the match is over (`action/not_your_turn`, `match/over`).",
        412: "The match has moved past the If-Match version (`match/stale_version`).",
        413: "The request body is too large (`request/too_large`).",
        415: "The body is not sent as `application/json` (`request/unsupported_media_type`).",
        422: "Malformed or illegal input (`action/malformed`, `action/illegal`, `match/invalid_options`, "
        "`request/invalid`); an illegal action's `details.rule` names the rule it breaks.",
        428: "The If-Match header is missing (`match/version_required`).",
        503: "The match store is unavailable (`store/unavailable`); retry shortly. On `submitAction` the "
        "move may have been applied before the store stopped answering: read the match's version again.",
    }

    def decorate(view: Any) -> Any:
        for status in reversed(statuses):
            view = blp.alt_response(status, schema=ErrorSchema, description=descriptions[status])(view)
        return view

    return decorate


def _with_etag(body: dict[str, Any], version: int, private: bool = False) -> Response:
    """``body`` as JSON with the match version as its ETag.

    A private body (seat tokens, or what one seat sees, which under timed missions also changes with
    the clock) is marked as varying with the token and never to be stored by a cache.
    """
    response = jsonify(body)
    response.set_etag(str(version))
    if private:
        response.headers["Cache-Control"] = "private, no-store"
        response.vary.add("Authorization")
    return response


@blp.route("")
class Matches(MethodView):
    @blp.doc(operationId="createMatch")
    @blp.arguments(schemas.CreateMatchSchema())
    @blp.response(201, schemas.CreatedMatchSchema)
    @_errors(400, 404, 413, 415, 422, 503)
    def post(self, body: dict[str, Any]) -> Response:
        """Create a match; the response holds one secret token per seat for the programs that play them."""
        stored, tokens = service.create_match(store(), body["game"], body["players"], body["options"], body["seed"])
        payload = {
            "match": service.match_resource(stored, None, time.time()),
            "seats": [{"seat": seat, "token": token} for seat, token in enumerate(tokens)],
        }
        response = _with_etag(payload, stored.match.version, private=True)  # it carries the seat tokens
        response.status_code = 201
        response.headers["Location"] = f"/matches/{stored.match_id}"
        return response


@blp.route("/<match_id>")
class MatchById(MethodView):
    @blp.doc(operationId="getMatch", parameters=[IF_NONE_MATCH])
    @blp.response(
        200, schemas.MatchSchema, headers={"ETag": {"description": "The match version.", "schema": {"type": "string"}}}
    )
    @blp.alt_response(304, description="The match is still at the version given in If-None-Match.")
    @_errors(404, 503)
    def get(self, match_id: str) -> Response:
        """The match as a spectator sees it: status, version, who acts, result and the public view."""
        stored = service.load_match(store(), match_id)
        if request.if_none_match.contains_weak(str(stored.match.version)):
            response = Response(status=304)
            response.set_etag(str(stored.match.version))
            return response
        return _with_etag(service.match_resource(stored, None, time.time()), stored.match.version)


@blp.route("/<match_id>/view")
class SeatView(MethodView):
    @blp.doc(operationId="getSeatView", security=BEARER)
    @blp.arguments(schemas.SeatQuerySchema(), location="query")
    @blp.response(200, schemas.SeatViewSchema)
    @_errors(401, 403, 404, 422, 503)
    def get(self, query: dict[str, Any], match_id: str) -> Response:
        """What the token's seat sees: its own hand and everything public, nothing more."""
        stored, seat = service.load_for_seat(store(), match_id, request.headers.get("Authorization"), query["seat"])
        return _with_etag(service.match_resource(stored, seat, time.time()), stored.match.version, private=True)


@blp.route("/<match_id>/legal-actions")
class LegalActions(MethodView):
    @blp.doc(operationId="listLegalActions", security=BEARER)
    @blp.arguments(schemas.LegalActionsQuerySchema(), location="query")
    @blp.response(200, schemas.LegalActionsSchema)
    @_errors(401, 403, 404, 422, 503)
    def get(self, query: dict[str, Any], match_id: str) -> Response:
        """The seat's legal actions now, each ready to submit unchanged; paged, with the total count.

        Empty when the seat may not act. `filter=key=value` narrows the list where the game offers
        filters (Girafferaffe: `filter=tree=any`).
        """
        stored, seat = service.load_for_seat(store(), match_id, request.headers.get("Authorization"), query["seat"])
        match = stored.match
        filters = service.action_filters(match, query["filter"])
        offset, limit = query["offset"], query["limit"]
        total = count_legal_actions(match, seat, filters)
        page = itertools.islice(legal_actions(match, seat, filters), offset, offset + limit) if offset < total else ()
        body = {
            "version": match.version,
            "total": total,
            "offset": offset,
            "limit": limit,
            "actions": [action.to_json() for action in page],
        }
        return _with_etag(body, match.version, private=True)


@blp.route("/<match_id>/actions")
class Actions(MethodView):
    @blp.doc(operationId="submitAction", security=BEARER, parameters=[IF_MATCH])
    @blp.arguments(ActionSchema())
    @blp.response(200, schemas.MoveResultSchema)
    @_errors(400, 401, 403, 404, 409, 412, 413, 415, 422, 428, 503)
    def post(self, action: dict[str, Any], match_id: str) -> Response:
        """Take one action as the token's seat, at the version named by If-Match.

        Exactly one of several actions racing on the same version is applied; the others get 412.
        The response is the seat's new view with the events this action produced that it sees.
        """
        claim = service.claim_from_header(request.headers.get("Authorization"))
        stored, events = service.play(store(), match_id, claim, request.headers.get("If-Match"), action)
        seat = claim.seat
        body = service.match_resource(stored, seat, stored.updated_at)
        body["events"] = [{"version": stored.match.version, **e.to_json()} for e in events if e.is_visible_to(seat)]
        return _with_etag(body, stored.match.version, private=True)


@blp.route("/<match_id>/events")
class Events(MethodView):
    @blp.doc(operationId="listEvents")
    @blp.arguments(schemas.EventQuerySchema(), location="query")
    @blp.response(200, schemas.EventPageSchema)
    @_errors(404, 422, 503)
    def get(self, query: dict[str, Any], match_id: str) -> Response:
        """The public event log after a version, paged by versions: what every player and spectator saw."""
        return _event_page(service.load_match(store(), match_id), query, None)


@blp.route("/<match_id>/seat-events")
class SeatEvents(MethodView):
    @blp.doc(operationId="listSeatEvents", security=BEARER)
    @blp.arguments(schemas.EventQuerySchema(), location="query")
    @blp.response(200, schemas.EventPageSchema)
    @_errors(401, 403, 404, 422, 503)
    def get(self, query: dict[str, Any], match_id: str) -> Response:
        """The event log as the token's seat saw it: the public events and the seat's private ones."""
        stored, seat = service.load_for_seat(store(), match_id, request.headers.get("Authorization"))
        return _event_page(stored, query, seat)


def _event_page(stored: service.StoredMatch, query: dict[str, Any], viewer: int | None) -> Response:
    """A page of the events after ``query["after"]`` that the public (or the seat ``viewer``) may see."""
    after, limit = query["after"], query["limit"]
    entries = store().log(stored.match_id, after, limit)
    last = entries[-1]["version"] if entries else min(after, stored.match.version)
    body = {
        "events": service.visible_events(entries, viewer),
        "next_after": last,
        "has_more": last < stored.match.version,
    }
    return _with_etag(body, stored.match.version, private=viewer is not None)
