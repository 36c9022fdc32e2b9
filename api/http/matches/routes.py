"""``/matches``: create a match, watch it, view it as a seat, list legal actions, act, read events."""

from __future__ import annotations

import inspect
import secrets
from typing import Any

from flask import Response, jsonify, request
from flask.views import MethodView
from webargs.core import missing

from api.http.blueprint import MAX_JSON_DEPTH, ArenaBlueprint, json_body
from api.http.errors import ErrorSchema
from api.http.extensions import context, notifier
from api.http.headers import expected_versions, idempotency_key, presented_token, private_headers, seat_claim_of
from api.http.json_provider import encode
from api.http.limits import client_key
from api.http.matches import schemas
from api.http.responses import BEARER, answer_headers
from api.http.type_schemas import ActionRequestSchema
from api.observability.metrics import count_move
from api.usecases.matches.creating import create_match
from api.usecases.matches.playing import count_refused_action, play
from api.usecases.matches.reading import load_for_seat, load_table
from api.usecases.matches.waiting import wait_until
from arena.errors import ArenaError
from arena.matches.idempotency import Answer
from arena.matches.moves import read_action
from arena.matches.table import Table
from arena.matches.views import action_filters, legal_actions_page, match_resource, visible_actions, visible_events
from arena.tokens import Claim, seat_claim
from engine import EngineError, all_games

blp = ArenaBlueprint("matches", __name__, url_prefix="/matches", description="Matches, seats, actions and events.")

IF_MATCH = {
    "in": "header",
    "name": "If-Match",
    "required": True,
    "schema": {"type": "string", "minLength": 1},
    "description": 'The version (ETag) the action was decided at: `"7"` (or `7`, `W/"7"`, or a list '
    '`"7", "8"`). When the match is at none of them the action is refused with 412 '
    "`match/stale_version`; without the header, with 428 `match/version_required`. `*` (RFC 9110: any "
    "current version) opts out of that protection on purpose: the action is checked against the match "
    "as it is when it arrives, and still refused with 412 if another write lands first.",
}
IF_NONE_MATCH = {
    "in": "header",
    "name": "If-None-Match",
    "required": False,
    "schema": {"type": "string"},
    "description": "A version (ETag) the client holds; 304 when the match is still at it (after `wait`).",
}
IDEMPOTENCY_KEY = {
    "in": "header",
    "name": "Idempotency-Key",
    "required": False,
    "schema": {"type": "string", "pattern": "^[\\x21-\\x7e]{1,255}$"},
    "description": "A unique key (1-255 visible ASCII characters, else 422 `request/invalid`), e.g. a UUID, "
    "per request: a retry with the same key and body within 24 h gets the original answer instead of acting "
    "twice; the same key with another body is 422 `request/idempotency_mismatch`. "
    "A replayed answer carries `Idempotent-Replayed: true`.",
}


def links(match_id: str, *operations: str, **extra: dict[str, Any]) -> dict[str, Any]:
    """OpenAPI links from a response to the operations on its match (``match_id``: where the id is).

    They document how one answer feeds the next request (and drive schemathesis's stateful tests);
    the seat token for the bearer header comes from ``createMatch`` or ``joinMatch``.
    """
    found = {operation: {"operationId": operation, "parameters": {"match_id": match_id}} for operation in operations}
    return {name[0].upper() + name[1:]: link for name, link in {**found, **extra}.items()}


#: Every operation on one match that a new match id (and a seat's or the host's token) opens.
MATCH_OPERATIONS = (
    "getMatch",
    "getSeatView",
    "listLegalActions",
    "listEvents",
    "listSeatEvents",
    "joinMatch",
    "resignSeat",
    "abortMatch",
    "streamMatch",
    "streamSeat",
)

#: From a page of legal actions to submitting the first of them at the version they are legal at.
SUBMIT_FIRST_LEGAL = {
    "operationId": "submitAction",
    "parameters": {"match_id": "$request.path.match_id", "header.If-Match": "$response.body#/version"},
    "requestBody": "$response.body#/actions/0",
    "description": "Submit the first legal action, at the version it is legal at.",
}


def _errors(*statuses: int, described: dict[int, str] | None = None) -> Any:
    """Document each listed error status with the shared error schema (``described``: descriptions of
    this operation's own, over the shared ones). ``api/http/responses.py`` adds the statuses that follow from
    the operation's shape (429, 400/413/415/422 of a body, 503/507 of a write)."""
    descriptions = {
        400: "The body is not valid JSON (`request/bad_request`), or its arrays and objects nest deeper than "
        f"{MAX_JSON_DEPTH} levels (`request/too_deep`).",
        401: "Missing or invalid seat token (`auth/missing_token`, `auth/invalid_token`).",
        403: "A token of another match or seat (`auth/wrong_match`, `auth/wrong_seat`).",
        404: "No such match or game (`match/not_found`, `game/unknown`).",
        409: "The seat may not act now (`action/not_your_turn`, `match/over`, `match/waiting`, `seat/out`, "
        "`action/too_late`).",
        412: "The match has moved past the If-Match version (`match/stale_version`).",
        413: "The request body is too large (`request/too_large`).",
        415: "The body is not sent as `application/json` (`request/unsupported_media_type`).",
        422: "Malformed or illegal input (`action/malformed`, `action/illegal`, `match/invalid_options`, "
        "`bot/unknown`, `request/invalid`, `request/idempotency_mismatch`); an illegal action's `details.rule` "
        "names the rule it breaks.",
        428: "The If-Match header is missing or blank (`match/version_required`).",
        503: "The match store is unavailable (`store/unavailable`); retry after `Retry-After` seconds. On "
        "`submitAction` the move may have been applied before the store stopped answering: read the match's "
        "version again.",
        **(described or {}),
    }

    def decorate(view: Any) -> Any:
        # Each alt_response wraps the view in one more call per request; only its documentation is
        # kept, on the view itself.
        documented = view
        for status in reversed(statuses):
            documented = blp.alt_response(status, schema=ErrorSchema, description=descriptions[status])(documented)
        view._apidoc = documented._apidoc
        return view

    return decorate


#: The token refusals of a seat's operations, and their unknown match.
SEAT_ERRORS = {
    403: "A token of another match or seat, or the host's (`auth/wrong_match`, `auth/wrong_seat`, `auth/not_a_seat`).",
    404: "No such match (`match/not_found`).",
}


def answer(reply: Answer) -> Response:
    """An answer (fresh or remembered for an Idempotency-Key) as a response (built at once: every
    move is answered here, and ``jsonify`` then a header update costs a third more): private to its
    client, with the match's version as its ETag, and a creation's ``Location``."""
    created = reply.body.get("match") if reply.status == 201 else None
    version = reply.body["version"] if created is None else created["version"]
    headers = list(private_headers(version).items())
    if created is not None:
        headers.append(("Location", f"/matches/{created['match_id']}"))
    if reply.replayed:
        headers.append(("Idempotent-Replayed", "true"))
    return Response(encode(reply.body) + b"\n", reply.status, headers, content_type="application/json")


def not_modified(version: int) -> Response:
    response = Response(status=304)
    response.set_etag(str(version))
    return response


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
    @blp.links(201, links("$response.body#/match/match_id", *MATCH_OPERATIONS))
    @blp.headers(IDEMPOTENCY_KEY)
    @blp.arguments(schemas.CreateMatchSchema())
    @blp.response(
        201,
        schemas.CreatedMatchSchema,
        headers=answer_headers("ETag", "Cache-Control", "Location", optional=("Idempotent-Replayed",)),
    )
    @_errors(
        400,
        404,
        409,
        413,
        415,
        422,
        429,
        503,
        described={
            404: "No such game (`game/unknown`).",
            409: "The `Idempotency-Key` created a match whose remembered answer has expired "
            "(`request/idempotency_key_reused`): use a new key.",
            429: "Past a rate limit (`rate/limited`), or the client (its address) holds as many unfinished matches "
            "as the server allows (`match/quota`: `details.live` and `details.limit`; nothing was stored; finishing "
            "or aborting one frees its place); retry after `Retry-After` seconds (for `match/quota`, when the first "
            "of the client's matches stops counting if nobody ends it first).",
        },
    )
    def post(self, body: dict[str, Any]) -> Response:
        """Create a match; the response holds a secret token per player seat and the host's token.

        With `seats`, some seats may be server bots or left open for others to join (the match then
        waits until they are); with `time_control`, every decision has a deadline.
        """
        key = idempotency_key(request.headers.get("Idempotency-Key"))
        return answer(create_match(context(), body, key, holder=client_key()))


@blp.route("/<match_id>")
class MatchById(MethodView):
    @blp.doc(operationId="getMatch")
    @blp.headers(IF_NONE_MATCH)
    @blp.arguments(schemas.WaitQuerySchema(), location="query")
    @blp.response(200, schemas.MatchSchema, headers=answer_headers("ETag"))
    @blp.alt_response(
        304, description="The match is still at the version given in If-None-Match.", headers=answer_headers("ETag")
    )
    @_errors(404, 422, 503, described={404: "No such match (`match/not_found`)."})
    def get(self, query: dict[str, Any], match_id: str) -> Response:
        """The match as a spectator sees it: status, version, seats, who acts, result and the public view.

        With `wait=S` and `If-None-Match`, answers as soon as the match moves past that version, or
        304 after S seconds (at once for a match that is over: it never changes again).
        """
        table = _changed_table(match_id, query["wait"])
        if request.if_none_match.contains_weak(str(table.version)):
            return not_modified(table.version)
        return _with_etag(_resource(table, None), table.version)


def _resource(table: Table, seat: int | None) -> dict[str, Any]:
    """The match resource as ``seat`` sees it now; a tournament's match over reads whether its
    tournament is over too (which reveals its seed)."""
    ctx = context()
    tournament_over = False
    if table.tournament is not None and table.is_over:
        tournament_over = ctx.tournaments.is_over(table.tournament[0])
    return match_resource(table, seat, ctx.clock.now(), tournament_over=tournament_over)


def _changed_table(match_id: str, wait: float | None) -> Table:
    """The match now, or (with ``wait``) as soon as its version is not one named in If-None-Match."""
    if wait is None or not request.if_none_match:
        return load_table(context(), match_id)
    held = request.if_none_match
    table, _ = wait_until(
        context(), notifier(), match_id, wait, lambda t: None if held.contains_weak(str(t.version)) else t
    )
    return table


@blp.route("/<match_id>/view")
class SeatView(MethodView):
    @blp.doc(operationId="getSeatView", security=BEARER)
    @blp.headers(IF_NONE_MATCH)
    @blp.arguments(schemas.SeatViewQuerySchema(), location="query")
    @blp.response(200, schemas.SeatViewSchema, headers=answer_headers("ETag", "Cache-Control"))
    @blp.alt_response(
        304,
        description="With `wait`: the match stayed at the version given in If-None-Match.",
        headers=answer_headers("ETag"),
    )
    @_errors(401, 403, 404, 422, 503, described=SEAT_ERRORS)
    def get(self, query: dict[str, Any], match_id: str) -> Response:
        """What the token's seat sees: its own hand and everything public, nothing more.

        With `wait=S` and `If-None-Match`, answers as soon as the match moves past that version, or
        304 after S seconds (at once for a match that is over: it never changes again).
        """
        claim = seat_claim_of(request.headers.get("Authorization"))
        table, seat = load_for_seat(context(), match_id, claim, query["seat"])
        if query["wait"] is not None and request.if_none_match:
            table = _changed_table(match_id, query["wait"])
            if request.if_none_match.contains_weak(str(table.version)):
                return not_modified(table.version)
        return _with_etag(_resource(table, seat), table.version, private=True)


@blp.route("/<match_id>/legal-actions")
class LegalActions(MethodView):
    @blp.doc(operationId="listLegalActions", security=BEARER)
    @blp.links(200, links("$request.path.match_id", submitAction=SUBMIT_FIRST_LEGAL))
    @blp.arguments(schemas.LegalActionsQuerySchema(), location="query")
    @blp.response(200, schemas.LegalActionsSchema, headers=answer_headers("ETag", "Cache-Control"))
    @_errors(401, 403, 404, 422, 503, described=SEAT_ERRORS)
    def get(self, query: dict[str, Any], match_id: str) -> Response:
        """The seat's legal actions now, each ready to submit unchanged, with a label; paged, with the total count.

        Empty when the seat may not act. `filter=key=value` narrows the list where the game offers
        filters (Girafferaffe: `filter=tree=any`). `sample=k` draws k distinct actions uniformly at
        random instead of a page, however many there are.
        """
        claim = seat_claim_of(request.headers.get("Authorization"))
        table, seat = load_for_seat(context(), match_id, claim, query["seat"])
        filters = action_filters(table.match, query["filter"])
        sample, seed = query["sample"], query["sample_seed"]
        if sample is not None and seed is None:
            seed = secrets.randbits(63)
        body = legal_actions_page(
            table, seat, filters, offset=query["offset"], limit=query["limit"], sample=sample, sample_seed=seed or 0
        )
        return _with_etag(body, table.version, private=True)


def _action_types_by_game(view: Any) -> Any:
    """Append to the view's docstring (the operation's description) which action types each game has."""
    lines = [f"- {game.info.id}: {', '.join(f'`{cls.TYPE}`' for cls in game.action_types)}" for game in all_games()]
    view.__doc__ = inspect.cleandoc(view.__doc__) + "\n\n" + "\n".join(lines)
    return view


@blp.route("/<match_id>/actions")
class Actions(MethodView):
    @blp.doc(operationId="submitAction", security=BEARER)
    @blp.links(200, links("$request.path.match_id", *MATCH_OPERATIONS, "listLegalActions"))
    @blp.headers(IF_MATCH, IDEMPOTENCY_KEY)
    @blp.body(ActionRequestSchema())
    @blp.response(
        200,
        schemas.MoveResultSchema,
        headers=answer_headers("ETag", "Cache-Control", optional=("Idempotent-Replayed",)),
    )
    @_errors(400, 401, 403, 404, 409, 412, 413, 415, 422, 428, 503, described=SEAT_ERRORS)
    @_action_types_by_game
    def post(self, match_id: str) -> Response:
        """Take one action as the token's seat, at the version named by If-Match.

        Exactly one of several actions racing on the same version is applied; the others get 412.
        The response is the seat's new view with the events this action produced that it sees. If
        server bots must act next, they have moved by the time the response is sent (read the match
        again to see their moves), except the search bots (`search-1` to `search-3`), whose decisions
        take up to a few hundred milliseconds: the referee plays them just after (wait on the match's
        events to see them).

        The body may be any game's action, but only the match's game's action types are accepted
        (another game's is 422 `action/malformed`, with the allowed types in `details.allowed`), and
        only a legal one (else 422 `action/illegal`; `listLegalActions` lists them):
        """
        # The engine checks the body against the declarations ActionRequestSchema is built from: once.
        body = json_body(request)
        headers = request.headers
        try:
            action = read_action(None if body is missing else body)
        except EngineError:
            count_refused_action(context(), match_id, _claim_if_any(headers.get("Authorization")))
            raise
        claim = seat_claim_of(headers.get("Authorization"))
        reply = play(
            context(),
            match_id,
            claim,
            expected=expected_versions(headers.get("If-Match")),
            action=action,
            idempotency_key=idempotency_key(headers.get("Idempotency-Key")),
        )
        if not reply.replayed:
            count_move(reply.body["game"])
        return answer(reply)


def _claim_if_any(authorization: str | None) -> Claim | None:
    """The claim an ``Authorization`` header makes, if it makes one (else ``None``: the request's own
    error is answered, not this)."""
    try:
        return seat_claim(presented_token(authorization))
    except ArenaError:
        return None


@blp.route("/<match_id>/events")
class Events(MethodView):
    @blp.doc(operationId="listEvents")
    @blp.arguments(schemas.EventQuerySchema(), location="query")
    @blp.response(200, schemas.EventPageSchema, headers=answer_headers("ETag"))
    @blp.alt_response(
        304, description="With `wait`: no event after `after` came within the wait.", headers=answer_headers("ETag")
    )
    @_errors(404, 422, 503, described={404: "No such match (`match/not_found`)."})
    def get(self, query: dict[str, Any], match_id: str) -> Response:
        """The public event log after a version, paged by versions: what every player and spectator saw.

        With `wait=S`, answers as soon as an event after `after` exists, or 304 after S seconds (at
        once for a match that is over).
        """
        return _event_page(load_table(context(), match_id), match_id, query, None)


@blp.route("/<match_id>/seat-events")
class SeatEvents(MethodView):
    @blp.doc(operationId="listSeatEvents", security=BEARER)
    @blp.arguments(schemas.EventQuerySchema(), location="query")
    @blp.response(200, schemas.EventPageSchema, headers=answer_headers("ETag", "Cache-Control"))
    @blp.alt_response(
        304, description="With `wait`: no event after `after` came within the wait.", headers=answer_headers("ETag")
    )
    @_errors(401, 403, 404, 422, 503, described=SEAT_ERRORS)
    def get(self, query: dict[str, Any], match_id: str) -> Response:
        """The event log as the token's seat saw it: the public events and the seat's private ones.

        With `wait=S`, answers as soon as an event after `after` exists, or 304 after S seconds (at
        once for a match that is over).
        """
        table, seat = load_for_seat(context(), match_id, seat_claim_of(request.headers.get("Authorization")))
        return _event_page(table, match_id, query, seat)


def _event_page(table: Table, match_id: str, query: dict[str, Any], viewer: int | None) -> Response:
    """A page of the events after ``query["after"]`` that the public (or the seat ``viewer``) may see.

    With ``wait``, the page is read once the match holds an event after ``after`` for this reader.
    """
    after, limit, wait = query["after"], query["limit"], query["wait"]

    def page(current: Table) -> dict[str, Any] | None:
        entries = context().store.log(match_id, after, limit) if current.version > after else []
        last = entries[-1]["version"] if entries else min(after, current.version)
        events = visible_events(entries, viewer)
        if wait is not None and not events and last >= current.version:
            return None
        actions = visible_actions(entries, current.match, viewer, ended=current.is_over)
        return {"events": events, "actions": actions, "next_after": last, "has_more": last < current.version}

    if wait is None:
        found, body = table, page(table)
    else:
        found, body = wait_until(context(), notifier(), match_id, wait, page)
    if body is None:
        return not_modified(found.version)
    return _with_etag(body, found.version, private=viewer is not None)
