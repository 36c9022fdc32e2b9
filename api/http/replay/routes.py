"""``/matches/{id}/versions/{version}``: step through a finished match, one version at a time."""

from __future__ import annotations

from flask import Response, jsonify
from flask.views import MethodView

from api.http.blueprint import ArenaBlueprint
from api.http.errors import ErrorSchema
from api.http.extensions import context
from api.http.replay import schemas
from api.http.responses import answer_headers
from api.usecases import replay as service

blp = ArenaBlueprint("replay", __name__, url_prefix="/matches", description="Replays of finished matches.")


@blp.route("/<match_id>/versions/<int:version>")
class VersionById(MethodView):
    @blp.doc(operationId="getMatchVersion")
    @blp.response(200, schemas.ReplayVersionSchema, headers=answer_headers("Cache-Control"))
    @blp.alt_response(
        404,
        schema=ErrorSchema,
        description="No such match (`match/not_found`), or no such version of it (`match/version_not_found`).",
    )
    @blp.alt_response(409, schema=ErrorSchema, description="The match is waiting or active (`match/not_over`).")
    @blp.alt_response(
        503,
        schema=ErrorSchema,
        description="The match store is unavailable (`store/unavailable`); retry after `Retry-After` seconds.",
    )
    def get(self, match_id: str, version: int) -> Response:
        """A finished or aborted match as a spectator saw it right after `version`: its public view, action and events.

        Rebuilt by replaying the match's seed and logged actions; versions run from 0 (the setup) to
        `last_version`.
        """
        response = jsonify(service.public_version(context(), match_id, version))
        response.headers["Cache-Control"] = "public, max-age=3600"  # a finished match's past never changes
        return response
