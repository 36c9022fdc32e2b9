"""``/matches/{id}/webhook`` and ``/tournaments/{id}/webhook``: a webhook's delivery log, for its host."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request
from flask.views import MethodView

from api.http.blueprint import ArenaBlueprint
from api.http.errors import ErrorSchema
from api.http.extensions import context
from api.http.headers import presented_token, seat_claim_of
from api.http.responses import BEARER
from api.http.webhooks.schemas import WebhookStatusSchema
from api.store.keys import tournament_webhook_id
from api.usecases import webhooks
from api.usecases.matches.reading import load_table
from api.usecases.tournaments.writing import load
from arena.matches.access import authorise_host
from arena.tournaments.tokens import authorise_host as authorise_tournament_host

blp = ArenaBlueprint(
    "webhooks", __name__, description="Signed webhooks: where a match's or tournament's events go, and how it went."
)

ERRORS = {
    401: "Missing or invalid host token (`auth/missing_token`, `auth/invalid_token`).",
    403: "A token of another match or tournament, or not the host's (`auth/wrong_match`, `auth/wrong_tournament`, "
    "`auth/not_host`).",
    404: "No such match or tournament (`match/not_found`, `tournament/not_found`), or it has no webhook "
    "(`webhook/not_found`).",
    503: "The store is unavailable (`store/unavailable`); retry shortly.",
}


def _errors(*statuses: int) -> Any:
    def decorate(view: Any) -> Any:
        for status in reversed(statuses):
            view = blp.alt_response(status, schema=ErrorSchema, description=ERRORS[status])(view)
        return view

    return decorate


def _status(webhook_id: str, what: str) -> Response:
    """The webhook of ``webhook_id`` as its host sees it (never its secret), or 404 ``webhook/not_found``."""
    response = jsonify(webhooks.status(context(), webhook_id, what))
    response.headers["Cache-Control"] = "private, no-store"
    return response


@blp.route("/matches/<match_id>/webhook")
class MatchWebhook(MethodView):
    @blp.doc(operationId="getMatchWebhook", security=BEARER)
    @blp.response(200, WebhookStatusSchema)
    @_errors(401, 403, 404, 503)
    def get(self, match_id: str) -> Response:
        """The match's webhook (host token): where it delivers, how far it got, its latest attempts and dead letters.

        The secret is never shown again after the match's creation.
        """
        table = load_table(context(), match_id)
        authorise_host(table, seat_claim_of(request.headers.get("Authorization")))
        return _status(match_id, "match")


@blp.route("/tournaments/<tournament_id>/webhook")
class TournamentWebhook(MethodView):
    @blp.doc(operationId="getTournamentWebhook", security=BEARER)
    @blp.response(200, WebhookStatusSchema)
    @_errors(401, 403, 404, 503)
    def get(self, tournament_id: str) -> Response:
        """The tournament's webhook (host token): where it delivers, how far it got, its attempts and dead letters.

        The secret is never shown again after the tournament's creation.
        """
        tournament = load(context(), tournament_id)
        authorise_tournament_host(tournament, presented_token(request.headers.get("Authorization")))
        return _status(tournament_webhook_id(tournament_id), "tournament")
